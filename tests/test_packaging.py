"""Checks on the packaging metadata and on the commands the README promises."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _requirement_name(requirement: str) -> str:
    match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement.strip())
    assert match is not None, requirement
    return re.sub(r"[-_.]+", "-", match.group(0)).lower()


def _quick_start_commands() -> list[str]:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    heading = lines.index("## Quick start")
    start = lines.index("```bash", heading) + 1
    end = lines.index("```", start)
    return [
        line.strip()
        for line in lines[start:end]
        if line.strip() and not line.strip().startswith("#")
    ]


def test_runtime_dependencies_are_exactly_attrs_and_typing_extensions() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        pyproject = tomllib.load(f)
    dependencies: list[str] = pyproject["project"]["dependencies"]
    names = sorted(_requirement_name(dep) for dep in dependencies)
    assert names == ["attrs", "typing-extensions"]


def test_readme_quick_start_has_two_commands_and_ci_runs_the_second() -> None:
    commands = _quick_start_commands()
    assert len(commands) == 2, commands
    ci_script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci_script.splitlines()


def _sdist_includes() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        pyproject = tomllib.load(f)
    includes: list[str] = pyproject["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    return includes


def test_the_sdist_ships_every_top_level_path_the_tests_read() -> None:
    # The tests reach the project's files from their own folder: ROOT / "docs",
    # parents[1] / "benchmarks", Path(__file__).parent.parent / "src" and the like.
    reached = re.compile(
        r'(?:ROOT|parents\[1\]|\.parent\.parent|\.resolve\(\)\.parent\.parent) / "([^"]+)"'
    )
    read = {
        name
        for path in (ROOT / "tests").glob("*.py")
        for name in reached.findall(path.read_text(encoding="utf-8"))
    }
    assert {"docs", "src", "README.md", ".ci"} <= read
    shipped = set(_sdist_includes()) | {"pyproject.toml"}
    assert sorted(read - shipped) == []


def test_the_readme_has_no_relative_links_and_asks_for_a_virtual_environment() -> None:
    # The package index shows the README without the files beside it.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]*)\)", readme)
    assert [target for target in targets if not target.startswith("https://")] == []
    assert "virtual environment" in readme
