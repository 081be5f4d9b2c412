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
