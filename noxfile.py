"""Checks for the bezique project: run ``nox`` for all of them, ``nox -l`` to list them."""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import nox

nox.needs_version = ">=2025.2.9"
nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = False
nox.options.sessions = [
    "tests",
    "typing",
    "lint",
    "docs",
    "examples",
    "release",
    "rl",
    "ray",
    "web",
    "web-browser",
    "compiled",
]

ROOT = Path(__file__).parent
PYPROJECT: dict[str, Any] = nox.project.load_toml(ROOT / "pyproject.toml")


def install_groups(session: nox.Session, *groups: str) -> None:
    """Install the named PEP 735 dependency groups from pyproject.toml."""
    session.install(*nox.project.dependency_groups(PYPROJECT, *groups))


#: pytest-xdist on every core, an idle worker taking queued tests from a busy one: a
#: few tests of whole random deals of the largest presets last tens of seconds, and
#: handed out in fixed batches they left one core idle at the end of the run.
XDIST = ("-n", "auto", "--dist", "worksteal")


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite and the doctests (slow tests excluded), on every core."""
    install_groups(session, "test")
    session.install("-e", ".")
    session.run("pytest", *XDIST, *session.posargs)


@nox.session
def typing(session: nox.Session) -> None:
    """Type-check the library, tests, examples, benchmarks and tools with mypy --strict."""
    install_groups(session, "typing")
    # The web extra too: bezique.web and its tests are checked against Starlette's types.
    session.install("-e", ".[web]")
    session.run("mypy", "--strict", "src", "tests", "examples", "benchmarks", "tools")


@nox.session
def lint(session: nox.Session) -> None:
    """Lint and check formatting with ruff; check the import contract (the layers) and
    that no function is more complex than the house limit; check the workflows, the
    docs host's configuration and the citation file against their schemas."""
    install_groups(session, "lint")
    session.install("-e", ".")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("lint-imports")
    session.run("python", "tools/complexity.py")
    workflows = sorted(str(path) for path in (ROOT / ".github" / "workflows").glob("*.yml"))
    session.run("check-jsonschema", "--builtin-schema", "vendor.github-workflows", *workflows)
    session.run("check-jsonschema", "--builtin-schema", "vendor.readthedocs", ".readthedocs.yaml")
    session.run(
        "check-jsonschema", "--builtin-schema", "vendor.citation-file-format", "CITATION.cff"
    )


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
def rl(session: nox.Session) -> None:
    """Install the learning extras (numpy, PettingZoo, OpenSpiel) and run the adapters'
    conformance tests (tests/rl: PettingZoo's api and seed tests, OpenSpiel's random
    simulation test) and the examples in examples/rl."""
    install_groups(session, "test")
    session.install("-e", ".[rl]")
    session.run("pytest", "tests/rl", *XDIST, *session.posargs)
    for script in sorted((ROOT / "examples" / "rl").glob("*.py")):
        session.run("python", str(script.relative_to(ROOT)))


@nox.session
def web(session: nox.Session) -> None:
    """Install the web extra (Starlette, uvicorn) and run the tests of ``bezique serve``
    (tests/web): every route through Starlette's TestClient, the secrets of each seat,
    tables that survive the server, a whole game played by people and built-in players."""
    install_groups(session, "test", "web-test")
    session.install("-e", ".[web]")
    session.run("pytest", "tests/web", *session.posargs)


#: The tests run against each installed artefact of ``nox -s release``: the behaviour
#: fingerprint of every preset (play itself), the packaging and release checks, and the
#: command line's version line. The whole suite runs against the compiled build in the
#: ``compiled`` session, and against each compiled wheel in the release workflow.
RELEASE_TESTS = (
    "tests/test_fingerprint.py",
    "tests/test_packaging.py",
    "tests/test_release.py",
    "tests/test_cli.py::test_version_prints_the_package_version",
)


@nox.session
def ray(session: nox.Session) -> None:
    """The Ray backend of simulations, duels and tournaments (tests/cluster): each kind
    of run on a Ray cluster started on this machine, compared with the local pool's."""
    install_groups(session, "test")
    session.install("-e", ".[ray]")
    session.run("pytest", "tests/cluster", *session.posargs)


@nox.session
def release(session: nox.Session) -> None:
    """Build what a release publishes, as the release workflow does: the sdist, the pure
    wheel and a compiled wheel repaired to a manylinux tag (on Linux); check all three
    with ``twine check --strict``; install each into a fresh virtual environment and run
    the release tests (RELEASE_TESTS) against it."""
    install_groups(session, "release")
    tmp = Path(session.create_tmp())
    dist = tmp / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    # The wheel is built from the sdist, unpacked: a file the sdist lacks fails here.
    session.run("python", "-m", "build", "--outdir", str(dist))
    (sdist,) = dist.glob("*.tar.gz")
    (pure,) = dist.glob("*-py3-none-any.whl")
    compiled = Path(build_compiled(session))
    if sys.platform == "linux":
        repaired = tmp / "repaired"
        shutil.rmtree(repaired, ignore_errors=True)
        session.run("auditwheel", "repair", "--wheel-dir", str(repaired), str(compiled))
        (compiled,) = repaired.glob("*manylinux*.whl")
    else:
        session.warn("the compiled wheel is repaired on Linux only (auditwheel)")
    artefacts = {"sdist": sdist, "pure": pure, "compiled": compiled}
    session.run("twine", "check", "--strict", *map(str, artefacts.values()))
    tests = nox.project.dependency_groups(PYPROJECT, "test")
    for name, artefact in artefacts.items():
        venv = tmp / f"venv-{name}"
        shutil.rmtree(venv, ignore_errors=True)
        session.run("python", "-m", "venv", str(venv))
        bindir = venv / ("Scripts" if sys.platform == "win32" else "bin")
        python = str(bindir / "python")
        # Run outside the session's own environment, in the artefact's: external=True.
        session.run(python, "-m", "pip", "install", "--quiet", str(artefact), *tests, external=True)
        session.run(str(bindir / "bezique"), "--version", external=True)
        check = (
            f"import bezique.engine as e, sys; sys.exit(e.accelerated() != {name == 'compiled'})"
        )
        session.run(python, "-c", check, external=True)
        session.run(
            python,
            "-m",
            "pytest",
            *RELEASE_TESTS,
            *XDIST,
            "-p",
            "no:cacheprovider",
            "-q",
            external=True,
        )


#: What the compiled wheel is made of: a change to any of these files builds it again.
COMPILED_SOURCES = ("src", "pyproject.toml", "README.md", "LICENSE")


def _compiled_key(session: nox.Session) -> str:
    """A digest of the compiled wheel's sources and of the session's Python (its
    version and implementation, which the wheel's tag names)."""
    python = session.run(
        "python", "-c", "import sys; print(sys.implementation.cache_tag)", silent=True
    )
    digest = hashlib.sha256(str(python).strip().encode())
    for name in COMPILED_SOURCES:
        path = ROOT / name
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for file in files:
            relative = file.relative_to(ROOT).as_posix()
            # What a run leaves beside the sources is not part of them.
            if not file.is_file() or "__pycache__" in relative or file.suffix in {".so", ".pyd"}:
                continue
            digest.update(relative.encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def build_compiled(session: nox.Session) -> str:
    """The accelerated wheel (mypyc, see pyproject.toml): built once for the sources
    as they are, kept in the sessions' folder (``.nox/compiled-wheel``) and reused by
    the next session that needs it (``release``, then ``compiled``, in one ``nox``
    run); built again when the sources or the Python differ. Returns its path."""
    shared = Path(session.virtualenv.location).parent / "compiled-wheel"
    key = _compiled_key(session)
    found = sorted((shared / key).glob("*.whl"))
    if found:
        session.log(f"the compiled wheel of these sources is built already: {found[0]}")
        return str(found[0])
    install_groups(session, "release")
    building = shared / f"{key}.building"
    shutil.rmtree(shared, ignore_errors=True)
    # The wheel is built from the sdist, unpacked elsewhere (as cibuildwheel builds a
    # release's): mypyc leaves its compiled modules beside the sources it compiles,
    # which must not shadow those of src/, and the build's mypy reads none of the
    # project's settings, only the hook's mypy-args (pyproject.toml).
    session.run(
        "python",
        "-m",
        "build",
        "--outdir",
        str(building),
        env={"HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"},
    )
    (wheel,) = building.glob("*.whl")
    if _compiled_key(session) != key:
        # The sources changed during the build: the wheel serves this session alone.
        return str(wheel)
    # Moved into place whole, so that a build stopped midway is never taken for one.
    building.rename(shared / key)
    return str(shared / key / wheel.name)


@nox.session
def compiled(session: nox.Session) -> None:
    """The accelerated build: compile the engine, the laws and the search players with
    mypyc into a wheel, install it (not editable) with the learning extras, check that
    the compiled modules are the ones loaded, then run the test suite (the behaviour
    fingerprint included, and tests/rl, which reach the compiled observation writer and
    action ids) and the docs' doctests against it."""
    wheel = build_compiled(session)
    install_groups(session, "test", "docs")
    session.install(f"{wheel}[rl]")
    session.run("python", "-m", "bezique", "--version")
    session.run("python", "benchmarks/engines.py", "--which")
    session.run("python", "-c", "import bezique.engine as e, sys; sys.exit(not e.accelerated())")
    # `tests` only: the doctests of src/ would import the pure sources beside the wheel.
    session.run("pytest", "tests", "-p", "no:cacheprovider", *XDIST, *session.posargs)
    session.run(
        "sphinx-build",
        "-W",
        "--keep-going",
        "-b",
        "doctest",
        "docs",
        os.path.join(session.create_tmp(), "doctest"),
    )


@nox.session(default=False, name="bench-engines")
def bench_engines(session: nox.Session) -> None:
    """Classic random playouts: the pure engine, the compiled one and OpenSpiel's C++
    hearts and skat, each driven by the same Python loop, in one run
    (`nox -s bench-engines -- --rounds 5`)."""
    wheel = build_compiled(session)
    session.install(wheel, "open_spiel>=1.5")
    session.run("python", "benchmarks/engines.py", "--compare", *session.posargs)


@nox.session(default=False, name="bench-envs")
def bench_envs(session: nox.Session) -> None:
    """The learning adapters' steps per second against the engine's and RLCard's gin
    rummy (installed from PyPI for this session only), in one run, with the ratios and
    their goals (`nox -s bench-envs -- --presets classic --deals 50`)."""
    session.install("-e", ".[rl]", "rlcard")
    session.run("python", "benchmarks/envs.py", *session.posargs)


@nox.session(default=False)
def slow(session: nox.Session) -> None:
    """Run only the slow tests (long random playouts, whole games of every preset in
    the learning adapters)."""
    install_groups(session, "test")
    session.install("-e", ".[rl]")
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


@nox.session(name="fuzz-long", default=False)
def fuzz_long(session: nox.Session) -> None:
    """The long fuzz run over every surface, the learning adapters included (it installs
    the `rl` extra): a million calls shared by two processes of seeds 0 and 1, which
    takes some twenty minutes on two free cores (`nox -s fuzz-long -- --seed 4` for
    other seeds, `--jobs 1` on one core)."""
    install_groups(session, "test")
    session.install("-e", ".[rl]")
    session.run("python", "tests/fuzzing.py", "--calls", "1000000", "--jobs", "2", *session.posargs)


#: Where Chrome is installed on macOS and on Windows, whose installers do not put it
#: on the PATH.
CHROME_PATHS = (
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    os.path.expandvars(r"%ProgramFiles%\Google\Chrome\Application\chrome.exe"),
)


def _chromium(session: nox.Session) -> str:
    """The machine's Chromium (or Chrome), which the browser sessions drive; the
    session stops, saying how to install it, where there is none."""
    names = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
    on_path = (shutil.which(name) for name in names)
    installed = (path for path in CHROME_PATHS if os.path.isfile(path))
    chromium = next((found for found in (*on_path, *installed) if found), None)
    if chromium is None:
        session.error(
            "this session needs Chromium, which is not installed: on Debian or Ubuntu "
            "run `apt-get install -y chromium` (or set PATH to a chromium binary)"
        )
    return chromium


@nox.session(default=False)
def browser(session: nox.Session) -> None:
    """Open the SVG pictures of positions in headless Chromium and check the screenshots
    (their size, not blank); the PNGs are left in the session's tmp directory."""
    chromium = _chromium(session)
    install_groups(session, "browser")
    session.install(".")
    outdir = os.path.join(session.create_tmp(), "pictures")
    session.run("python", "tests/browser_check.py", chromium, outdir)


@nox.session(default=False, name="web-browser")
def web_browser(session: nox.Session) -> None:
    """Play a whole deal of ``bezique serve`` in headless Chromium, by clicking cards and
    buttons as a person does (Playwright driving the machine's Chromium), and check what
    the page shows. It takes the screenshots of docs/howto/serve.md into the session's
    tmp directory, or into the folder given (`nox -s web-browser --
    docs/_static/screenshots` renews those of the documentation)."""
    chromium = _chromium(session)
    install_groups(session, "web-test", "web-browser")
    session.install("-e", ".[web]")
    outdir = session.posargs[0] if session.posargs else session.create_tmp()
    session.run("python", "tests/web_browser.py", chromium, outdir)


@nox.session(default=False, name="web-browser-game")
def web_browser_game(session: nox.Session) -> None:
    """Two people in two headless Chromium browsers and two built-in players play a
    partnership game of ``bezique serve`` to its end, the server stopped and started
    again after the first deal (some minutes; tests/web_browser.py, ``--game``)."""
    chromium = _chromium(session)
    install_groups(session, "web-test", "web-browser")
    session.install("-e", ".[web]")
    session.run("python", "tests/web_browser.py", chromium, session.create_tmp(), "--game")


@nox.session(default=False, name="bench-serve")
def bench_serve(session: nox.Session) -> None:
    """Load test of ``bezique serve`` on the loopback: 50 tables of built-in players and
    20 scripted clients playing over HTTP and WebSocket for a minute; prints the moves
    per second, the latency of the clients' moves and the errors
    (`nox -s bench-serve -- --seconds 10`)."""
    install_groups(session, "web-test")
    session.install("-e", ".[web]")
    session.run("python", "benchmarks/serve_load.py", *session.posargs)


@nox.session(default=False)
def bench(session: nox.Session) -> None:
    """Run the benchmarks in benchmarks/run.py."""
    script = ROOT / "benchmarks" / "run.py"
    if not script.is_file():
        session.error("benchmarks/run.py does not exist yet")
    session.install(".")
    session.run("python", str(script.relative_to(ROOT)), *session.posargs)


#: The strength matches at three and four seats, of Polish Bezique and of Marjolet
#: (docs/players.md), one per line: ``bezique duel`` arguments. ``nox -s strength --
#: three-hand`` runs those naming that preset only.
STRENGTH_MATCHES = (
    "--variant three-hand --players rule-of-thumb,random,random --games 200",
    "--variant partnership --players rule-of-thumb,random --games 200",
    "--variant three-hand --players monte-carlo,rule-of-thumb,rule-of-thumb --games 201",
    "--variant partnership --players monte-carlo,rule-of-thumb --games 200",
    "--variant polish --players rule-of-thumb,random --games 200",
    "--variant fildinski --players rule-of-thumb,random --games 200",
    "--variant polish --players monte-carlo,rule-of-thumb --games 200",
    "--variant fildinski --players monte-carlo,rule-of-thumb --games 200",
    "--variant marjolet --players rule-of-thumb,random --games 200",
    "--variant marjolet --players monte-carlo,rule-of-thumb --games 200",
)


#: The two-hand strength table of single deals (docs/players.md, "Deal by deal"):
#: ``bezique duel --deals`` arguments, then ``benchmarks/ismcts.py`` arguments for
#: OpenSpiel's ISMCTS bot. ``nox -s strength -- deal-by-deal`` runs them all,
#: ``-- ismcts`` the bot's only.
DEAL_MATCHES = (
    "--players rule-of-thumb,random --games 1000",
    "--players monte-carlo,random --games 200",
    "--players monte-carlo,rule-of-thumb --games 1000",
)
ISMCTS_MATCHES = (
    "--against random --deals 10 --seeds 1-6 --simulations 16 --uct-c 1.4",
    "--against rule-of-thumb --deals 10 --seeds 1-4 --simulations 16 --uct-c 1.4",
    # PUCT with the evaluator's prior leaning to the rule-of-thumb choice.
    "--against random --deals 10 --seeds 1-6 --simulations 16 --uct-c 1.4 "
    "--selection puct --rule-of-thumb-weight 0.9",
    "--against rule-of-thumb --deals 10 --seeds 1-20 --simulations 16 --uct-c 1.4 "
    "--selection puct --rule-of-thumb-weight 0.9",
    # Repeatable from here on (the bot's resampling seeded): twice the simulations, and
    # a larger budget for the late decisions, on fresh deals.
    "--against rule-of-thumb --deals 10 --seeds 5-24 --simulations 32 --uct-c 1.4 "
    "--selection puct --rule-of-thumb-weight 0.9",
    "--against rule-of-thumb --deals 10 --seeds 5-10 --simulations 16 --late-simulations 48 "
    "--uct-c 1.4 --selection puct --rule-of-thumb-weight 0.9",
    # The final choice of ours (GuardedISMCTSBot), its tree grown.
    "--against random --deals 10 --seeds 101-106 --simulations 32 --uct-c 150 --reward margin "
    "--selection puct --rule-of-thumb-weight 0.9 --candidates 3 --confidence 1.5 --worlds 4 "
    "--coupled",
    "--against rule-of-thumb --deals 10 --seeds 101-126 --simulations 32 --uct-c 150 "
    "--reward margin --selection puct --rule-of-thumb-weight 0.9 --candidates 3 "
    "--confidence 1.5 --worlds 4 --coupled",
    # The same with twice the simulations on twice the worlds, on fresh deals.
    "--against rule-of-thumb --deals 10 --seeds 201-240 --simulations 64 --uct-c 150 "
    "--reward margin --selection puct --rule-of-thumb-weight 0.9 --candidates 3 "
    "--confidence 1.5 --worlds 8 --coupled",
    # The same with the tree kept to the root (GuardedISMCTSBot(flat=True)).
    "--against rule-of-thumb --deals 10 --seeds 301-440 --simulations 64 --uct-c 150 "
    "--reward margin --selection puct --rule-of-thumb-weight 0.9 --candidates 3 "
    "--confidence 1.5 --worlds 8 --coupled --flat",
    # The flat search with a fresh deal for each of an action's simulations, as in
    # examples/rl/openspiel_ismcts.py.
    "--against rule-of-thumb --deals 10 --seeds 501-700 --simulations 64 --uct-c 150 "
    "--reward margin --selection puct --rule-of-thumb-weight 0.9 --candidates 3 "
    "--confidence 1.5 --worlds 64 --coupled --flat",
    "--against random --deals 10 --seeds 501-506 --simulations 64 --uct-c 150 "
    "--reward margin --selection puct --rule-of-thumb-weight 0.9 --candidates 3 "
    "--confidence 1.5 --worlds 64 --coupled --flat",
)


@nox.session(default=False)
def strength(session: nox.Session) -> None:
    """Play the strength matches at three-hand, in partnership, of Polish Bezique and of
    Marjolet, and the two-hand table of single deals, OpenSpiel's ISMCTS bot included
    (long: the searches take from half an hour to an hour or more each)."""
    words = session.posargs
    session.install(".[rl]" if not words or {"deal-by-deal", "ismcts"} & set(words) else ".")
    for line in STRENGTH_MATCHES:
        if words and not any(word in line for word in words):
            continue
        session.run("bezique", "duel", *line.split(), "--seed", "1", "--jobs", "2")
    if not words or "deal-by-deal" in words:
        for line in DEAL_MATCHES:
            session.run("bezique", "duel", "--deals", *line.split(), "--seed", "1", "--jobs", "2")
    if not words or {"deal-by-deal", "ismcts"} & set(words):
        for line in ISMCTS_MATCHES:
            session.run("python", "benchmarks/ismcts.py", *line.split(), "--jobs", "2")
