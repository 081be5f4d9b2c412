"""Sphinx configuration for the bezique documentation."""

import os
import runpy
from pathlib import Path
from typing import Any

project = "bezique"
author = "The bezique developers"
copyright = "2026, The bezique developers"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]

source_suffix = {
    ".rst": "restructuredtext",
    ".md": "markdown",
}
root_doc = "index"
exclude_patterns = ["_build"]

myst_enable_extensions = ["colon_fence", "deflist"]

autodoc_typehints = "description"
nitpicky = False

# Links to the Python documentation need its inventory from the network. The checks build
# offline with warnings as errors, so the mapping is used only where it is asked for
# (BEZIQUE_DOCS_INTERSPHINX=1) or on Read the Docs.
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
if os.environ.get("BEZIQUE_DOCS_INTERSPHINX") == "1" or os.environ.get("READTHEDOCS") == "True":
    intersphinx_mapping["python"] = ("https://docs.python.org/3", None)

html_theme = "furo"
html_title = "bezique"

# Docstring examples are run by pytest (--doctest-modules) with their module's
# names in scope; the Sphinx doctest builder runs the {doctest} blocks of the pages.
doctest_test_doctest_blocks = ""


HERE = Path(__file__).parent


def make_pictures(app: Any) -> None:
    """Draw the pictures the pages show with the library itself, before the pages are
    read: the position of ``examples/draw_a_position.py`` (how-to "Drawing a position")."""
    from bezique.display import svg

    example = runpy.run_path(str(HERE.parent / "examples" / "draw_a_position.py"))
    out = HERE / "_generated"
    out.mkdir(exist_ok=True)
    svg.save(example["position"](), out / "position.svg")


def setup(app: Any) -> None:
    app.connect("builder-inited", make_pictures)
