"""Sphinx configuration for the bezique documentation."""

import os

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
