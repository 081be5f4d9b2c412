"""The scenario book (docs/scenarios.md) and the references to it.

Every scenario id cited in the docs, the sources or the tests is in the book;
every test the book names exists; every ``test_scenario_NN`` test is listed
under its scenario; and no reference points at notes outside the project.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "docs" / "scenarios.md"
CITING = ("docs", "src", "tests", "examples")


def _book() -> str:
    return BOOK.read_text(encoding="utf-8")


def _sections() -> dict[str, str]:
    """Each scenario id of the book and the text of its section."""
    parts = re.split(r"^### (SC-\d+):", _book(), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _texts() -> list[tuple[Path, str]]:
    found = []
    for top in CITING:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in {".py", ".md", ".json"} and "_build" not in path.parts:
                found.append((path, path.read_text(encoding="utf-8")))
    found.append((ROOT / "README.md", (ROOT / "README.md").read_text(encoding="utf-8")))
    return found


def _test_names(module: Path) -> set[str]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_each_scenario_has_its_anchor_and_its_parts() -> None:
    sections = _sections()
    assert len(sections) >= 40
    for scenario, text in sections.items():
        assert f"(sc-{scenario[3:]})=" in _book(), scenario
        for part in ("**Position**", "**Action**", "**Result**", "**Sources**", "**Checked by**"):
            assert part in text, (scenario, part)


def test_every_cited_scenario_is_in_the_book() -> None:
    sections = _sections()
    cited = {
        (path.relative_to(ROOT).as_posix(), f"SC-{number}")
        for path, text in _texts()
        for number in re.findall(r"\bSC-(\d+)", text)
    }
    missing = sorted(item for item in cited if item[1] not in sections)
    assert not missing


def test_every_test_the_book_names_exists() -> None:
    named = re.findall(r"`tests/(test_\w+\.py)::(\w+)`", _book())
    assert len(named) > 80
    missing = [
        (module, name) for module, name in named if name not in _test_names(ROOT / "tests" / module)
    ]
    assert not missing


def test_every_numbered_scenario_test_is_listed_under_its_scenario() -> None:
    sections = _sections()
    unlisted = []
    for module in sorted((ROOT / "tests").glob("test_*.py")):
        for name in sorted(_test_names(module)):
            match = re.fullmatch(r"test_scenario_(\d+)\w*", name)
            if match is None:
                continue
            section = sections.get(f"SC-{int(match.group(1))}", "")
            if f"`tests/{module.name}::{name}`" not in section:
                unlisted.append(f"{module.name}::{name}")
    assert not unlisted


def test_no_reference_to_notes_outside_the_project() -> None:
    pattern = re.compile(r"\bSPEC\b|PRESETS(\.md|\s+(section|interpretation))")
    offenders = [
        path.relative_to(ROOT).as_posix() for path, text in _texts() if pattern.search(text)
    ]
    assert not offenders
