"""The house rules of the package's structure that the import contract does not cover.

The layers themselves are checked by ``lint-imports`` (the contract in
``pyproject.toml``, run by the lint session); see the architecture page."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import bezique

SRC = Path(__file__).parent.parent / "src" / "bezique"
MODULES = sorted(SRC.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_module_imports_another_modules_private_names(path: Path) -> None:
    tree = ast.parse(path.read_text())
    offenders = [
        f"{node.module}.{alias.name} (line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bezique")
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]
    assert not offenders, f"{_module_name(path)} imports private names: {offenders}"


def test_the_modules_are_found() -> None:
    names = {_module_name(p) for p in MODULES}
    assert {"bezique.state", "bezique.engine.moves", "bezique.laws.tricks"} <= names


def test_every_name_a_package_exports_exists() -> None:
    """``from package import *`` works: every name in a module's ``__all__`` is defined."""
    missing = []
    for info in pkgutil.walk_packages(bezique.__path__, "bezique."):
        if info.name.endswith("__main__"):  # running it is what importing it does
            continue
        module = importlib.import_module(info.name)
        missing += [
            f"{info.name}.{n}" for n in getattr(module, "__all__", ()) if not hasattr(module, n)
        ]
    assert missing == []


#: The rule set's amounts that only the laws read: everywhere else a score comes from
#: a law of :mod:`bezique.laws` (``points_for_brisques``, ``last_trick_bonus``,
#: ``all_last_tricks``, ...), and callers add the points it gives, never work them out.
AMOUNTS = frozenset(
    {
        "brisque_points",
        "last_trick_points",
        "stock_end_points",
        "all_last_tricks_points",
        "seven_of_trumps_points",
    }
)
#: Where the amounts are defined (the rules) and read (the laws).
AMOUNTS_HOME = (SRC / "rules", SRC / "laws")
#: Modules that may read an amount all the same, each with why (none today).
AMOUNTS_EXEMPT: dict[str, str] = {}


def _amounts_read(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    return [
        f"{node.attr} (line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in AMOUNTS
    ]


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in MODULES
        if not any(p.is_relative_to(home) for home in AMOUNTS_HOME)
        and str(p.relative_to(SRC)) not in AMOUNTS_EXEMPT
    ],
    ids=lambda p: str(p.relative_to(SRC)),
)
def test_only_the_laws_read_the_amounts_of_scores(path: Path) -> None:
    assert _amounts_read(path) == [], f"{_module_name(path)} reads amounts outside the laws"


def test_the_amounts_check_finds_a_read(tmp_path: Path) -> None:
    """The check above sees an amount read through any name."""
    module = tmp_path / "m.py"
    module.write_text("def f(rules, s):\n    return s.brisque_points + rules.scoring.x\n")
    assert _amounts_read(module) == ["brisque_points (line 2)"]
    assert _amounts_read(SRC / "laws" / "scoring.py") != []
