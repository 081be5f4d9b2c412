"""The house rules of the package's structure that the import contract does not cover.

The layers themselves are checked by ``lint-imports`` (the contract in
``pyproject.toml``, run by the lint session); see the architecture page."""

from __future__ import annotations

import ast
import importlib
import os
import pkgutil
import re
import subprocess
import sys
import tomllib
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


#: The most modules the top of the package may hold, besides ``__init__`` and
#: ``__main__``: the rest are grouped into packages by what they serve.
TOP_FLOOR_LIMIT = 12


def test_the_top_floor_holds_at_most_twelve_modules() -> None:
    floor = sorted(p.stem for p in SRC.glob("*.py") if p.stem not in ("__init__", "__main__"))
    assert len(floor) <= TOP_FLOOR_LIMIT, floor


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is loaded: at its top level and in the
    blocks there (``try``, ``if``), not in a function or a class, nor under ``if
    TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                found += _module_level_imports(node.body)
            found += _module_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                found += _module_level_imports(block)
            for handler in node.handlers:
                found += _module_level_imports(handler.body)
        elif isinstance(node, ast.With):
            found += _module_level_imports(node.body)
    return found


def _import_graph() -> dict[str, set[str]]:
    """Each module of the package, and the modules of the package it imports when it
    is loaded (``from package import module`` counts as importing the module)."""
    names = {_module_name(p): p for p in MODULES}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _module_level_imports(ast.parse(path.read_text()).body):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
                continue
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            targets.add(base)
            targets.update(f"{base}.{alias.name}" for alias in node.names)
        graph[name] = {t for t in targets if t in names and t != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of the graph (its modules, the first repeated at the end), or []."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return []
        for target in sorted(graph[node]):
            found = visit(target, [*path, node])
            if found:
                return found
        done.add(node)
        return []

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return []


def test_no_import_cycle_between_the_modules_when_they_load() -> None:
    graph = _import_graph()
    assert {"bezique.views", "bezique.engine.moves"} <= graph["bezique.state"]
    assert "bezique.rules.melds" in graph["bezique.views"]
    assert _cycle(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycle(graph) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_type_checking_and_function_imports_are_not_module_level() -> None:
    tree = ast.parse(
        "import a\n"
        "if TYPE_CHECKING:\n    import b\n"
        "try:\n    import c\nexcept ImportError:\n    import d\n"
        "def f():\n    import e\n"
    )
    names = [alias.name for node in _module_level_imports(tree.body) for alias in node.names]
    assert names == ["a", "c", "d"]


def _init() -> ast.Module:
    return ast.parse((SRC / "__init__.py").read_text())


def test_the_public_names_are_listed_alike_in_the_three_places() -> None:
    """``bezique/__init__.py`` names each public name three times: imported for the
    type checker, in ``_EXPORTS`` (the module it is loaded from at run time) and in
    ``__all__``. The three agree."""
    checked: dict[str, set[str]] = {}
    for node in _init().body:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for imp in node.body:
                if isinstance(imp, ast.ImportFrom) and imp.module and imp.module != "types":
                    found = {alias.name for alias in imp.names}
                    if imp.module.startswith("bezique"):
                        checked.setdefault(imp.module, set()).update(found)
    exported = {home: set(names) for home, names in bezique._EXPORTS.items()}
    assert checked == exported
    assert sorted(bezique.__all__) == sorted([*bezique._HOMES, "__version__"])
    assert len(bezique.__all__) == len(set(bezique.__all__))


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
        "turn_up_seven_points",
        "exchange_points",
        "carte_blanche_points",
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


def test_a_package_s_modules_are_attributes_whatever_was_imported_first() -> None:
    """``bz.rules.variants`` works in a fresh interpreter where a core module loaded
    ``bezique.rules`` (but not its presets) before the name was read."""
    code = (
        "import bezique.actions, bezique as bz; "
        "print(bz.rules.variants.CLASSIC.name); "
        "print(hasattr(bz.rules, 'no_such_module'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=os.environ
    )
    assert done.stdout.split() == ["classic", "False"]


def _compiled_modules() -> list[Path]:
    """The modules the accelerated build compiles (the mypyc hook's list)."""
    with (SRC.parent.parent / "pyproject.toml").open("rb") as f:
        hooks = tomllib.load(f)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]
    found: list[Path] = []
    for entry in hooks["mypyc"]["include"]:
        path = SRC.parent.parent / entry
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def _constants_not_final(path: Path) -> list[str]:
    """The module-level constants (upper-case names) of ``path`` not marked ``Final``,
    type variables aside."""
    found = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign):
            value, final = node.value, False
            names = [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            value, final = node.value, "Final" in ast.unparse(node.annotation)
            names = [node.target.id] if isinstance(node.target, ast.Name) else []
        else:
            continue
        is_type_variable = isinstance(value, ast.Call) and ast.unparse(value.func) == "TypeVar"
        found += [
            f"{name} (line {node.lineno})"
            for name in names
            if re.fullmatch(r"_?[A-Z][A-Z0-9_]*", name) and not final and not is_type_variable
        ]
    return found


@pytest.mark.parametrize("path", _compiled_modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_the_compiled_modules_mark_their_constants_final(path: Path) -> None:
    """The accelerated build reads a ``Final`` constant from a C variable, and any
    other module-level name by looking it up in the module's dictionary at each read
    (8% of a compiled classic deal's instructions, before they were marked)."""
    assert _constants_not_final(path) == []


def test_the_constants_check_finds_an_unmarked_constant(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import Final, TypeVar\nT = TypeVar('T')\nA: Final = 1\nB = 2\n"
        "C: int = 3\nD, _E = 4, 5\nlow = 6\n"
    )
    assert _constants_not_final(module) == ["B (line 4)", "C (line 5)", "D (line 6)", "_E (line 6)"]
    compiled = _compiled_modules()
    assert SRC / "engine" / "speed.py" in compiled
    assert all(p.is_file() for p in compiled)
