"""Checks for the bezique project: run ``nox`` for all of them, ``nox -l`` to list them."""

from __future__ import annotations

import glob
import os
import shutil
from pathlib import Path
from typing import Any

import nox

nox.needs_version = ">=2025.2.9"
nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = False
nox.options.sessions = ["tests", "typing", "lint", "docs", "examples", "build"]

ROOT = Path(__file__).parent
PYPROJECT: dict[str, Any] = nox.project.load_toml(ROOT / "pyproject.toml")


def install_groups(session: nox.Session, *groups: str) -> None:
    """Install the named PEP 735 dependency groups from pyproject.toml."""
    session.install(*nox.project.dependency_groups(PYPROJECT, *groups))


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite and the doctests (slow tests excluded)."""
    install_groups(session, "test")
    session.install("-e", ".")
    session.run("pytest", *session.posargs)


@nox.session
def typing(session: nox.Session) -> None:
    """Type-check the library, tests, examples and benchmarks with mypy --strict."""
    install_groups(session, "typing")
    session.install("-e", ".")
    session.run("mypy", "--strict", "src", "tests", "examples", "benchmarks")


@nox.session
def lint(session: nox.Session) -> None:
    """Lint and check formatting with ruff; check the import contract (the layers)."""
    install_groups(session, "lint")
    session.install("-e", ".")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("lint-imports")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML documentation and run its doctests, warnings as errors."""
    install_groups(session, "docs")
    session.install("-e", ".")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.run(
        "sphinx-build", "-W", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest"
    )


@nox.session
def examples(session: nox.Session) -> None:
    """Run every script in examples/, stopping at the first failure."""
    scripts = sorted((ROOT / "examples").glob("*.py"))
    if not scripts:
        session.error("no examples/*.py found")
    session.install(".")
    for script in scripts:
        session.run("python", str(script.relative_to(ROOT)))


@nox.session
def build(session: nox.Session) -> None:
    """Build the sdist and the wheel into dist/ and check them with twine."""
    install_groups(session, "build")
    outdir = os.path.join(session.create_tmp(), "dist")
    shutil.rmtree(outdir, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", outdir)
    session.run("twine", "check", "--strict", *sorted(glob.glob(os.path.join(outdir, "*"))))


@nox.session(default=False)
def slow(session: nox.Session) -> None:
    """Run only the slow tests (long random playouts)."""
    install_groups(session, "test")
    session.install("-e", ".")
    session.run("pytest", "-m", "slow", *session.posargs)


@nox.session(default=False)
def interrupts(session: nox.Session) -> None:
    """Send Ctrl-C to 100 runs of `bezique simulate --jobs 2` and `bezique duel --jobs 2`
    at random moments of their first two seconds; fail on a traceback, an exit status
    other than 130 or a process left behind (`nox -s interrupts -- 20`: 20 runs)."""
    install_groups(session, "test")
    session.install("-e", ".")
    session.run("python", "tests/test_cli_interrupts.py", *(session.posargs or ["100"]))


@nox.session(default=False)
def fuzz(session: nox.Session) -> None:
    """Feed hostile input to every loader, parser and entry point, across every preset:
    a million calls (BEZIQUE_FUZZ_CALLS or `nox -s fuzz -- --calls 20000 --seed 3`);
    fail on an error outside the contract, an accepted document a replay refutes or a
    state changed by a refusal."""
    install_groups(session, "test")
    session.install("-e", ".")
    session.run("python", "tests/fuzzing.py", *session.posargs)


@nox.session(default=False)
def browser(session: nox.Session) -> None:
    """Open the SVG pictures of positions in headless Chromium and check the screenshots
    (their size, not blank); the PNGs are left in the session's tmp directory."""
    names = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
    chromium = next((found for name in names if (found := shutil.which(name))), None)
    if chromium is None:
        session.error(
            "this session needs Chromium, which is not installed: on Debian or Ubuntu "
            "run `apt-get install -y chromium` (or set PATH to a chromium binary)"
        )
    install_groups(session, "browser")
    session.install(".")
    outdir = os.path.join(session.create_tmp(), "pictures")
    session.run("python", "tests/browser_check.py", chromium, outdir)


@nox.session(default=False)
def bench(session: nox.Session) -> None:
    """Run the benchmarks in benchmarks/run.py."""
    script = ROOT / "benchmarks" / "run.py"
    if not script.is_file():
        session.error("benchmarks/run.py does not exist yet")
    session.install(".")
    session.run("python", str(script.relative_to(ROOT)), *session.posargs)


#: The strength matches at three and four seats (docs/players.md), one per line:
#: ``bezique duel`` arguments. ``nox -s strength -- three-hand`` runs those naming
#: that preset only.
STRENGTH_MATCHES = (
    "--variant three-hand --players rule-of-thumb,random,random --games 200",
    "--variant partnership --players rule-of-thumb,random --games 200",
    "--variant three-hand --players monte-carlo,rule-of-thumb,rule-of-thumb --games 201",
    "--variant partnership --players monte-carlo,rule-of-thumb --games 200",
)


@nox.session(default=False)
def strength(session: nox.Session) -> None:
    """Play the strength matches at three-hand and in partnership (long: the searches
    take an hour or more each on two processes)."""
    session.install(".")
    for line in STRENGTH_MATCHES:
        if session.posargs and not any(word in line for word in session.posargs):
            continue
        session.run("bezique", "duel", *line.split(), "--seed", "1", "--jobs", "2")
