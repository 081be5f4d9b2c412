"""The old paths of the modules moved in 0.1 (``bezique._MOVED``): each imports the
module at its new path, the same object, with a ``DeprecationWarning`` naming the new
path; names are imported from it, the package has it as an attribute, and a pickle
that names a class by its old module loads. Nothing in the project uses an old path
but this file."""

from __future__ import annotations

import ast
import importlib
import pickle
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FunctionType, ModuleType

import pytest

import bezique
import bezique.io
from bezique.io.deals import DealRecord, record_deal
from bezique.rules.variants import RUBICON
from bezique.state import new_deal

ROOT = Path(__file__).resolve().parent.parent
MOVED = sorted(bezique._MOVED.items())
#: The old paths the top package had as submodules (``bezique.svg``), by their last name.
OLD_TOP = {old.split(".")[1] for old in bezique._MOVED if old.count(".") == 1}


def _forget(monkeypatch: pytest.MonkeyPatch, old: str) -> None:
    """As in a fresh interpreter: the old path not imported yet (put back afterwards)."""
    parent, _, child = old.rpartition(".")
    monkeypatch.delitem(sys.modules, old, raising=False)
    # Looked up in the package's namespace: getattr would import the old path.
    if child in vars(sys.modules[parent]):
        monkeypatch.delattr(sys.modules[parent], child)


def _a_public_name(module: ModuleType) -> str:
    names: list[str] = list(module.__all__)
    return names[0]


@pytest.mark.parametrize(("old", "new"), MOVED)
def test_an_old_path_imports_the_same_module_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, old: str, new: str
) -> None:
    _forget(monkeypatch, old)
    with pytest.warns(
        DeprecationWarning, match=rf"^{re.escape(old)} is deprecated .*: import {new}$"
    ):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert sys.modules[old] is module
    # The module stays the one of its new path: its name and its spec.
    assert module.__name__ == new
    assert module.__spec__ is not None
    assert module.__spec__.name == new


@pytest.mark.parametrize(("old", "new"), MOVED)
def test_a_name_is_imported_from_an_old_path(
    monkeypatch: pytest.MonkeyPatch, old: str, new: str
) -> None:
    _forget(monkeypatch, old)
    name = _a_public_name(importlib.import_module(new))
    namespace: dict[str, object] = {}
    with pytest.warns(DeprecationWarning, match=re.escape(new)) as warned:
        exec(compile(f"from {old} import {name}", __file__, "exec"), namespace)
    assert namespace[name] is getattr(importlib.import_module(new), name)
    # The warning names the line that imported the old path, not the import system.
    assert [w.filename for w in warned] == [__file__]


@pytest.mark.parametrize(("old", "new"), MOVED)
def test_an_old_path_is_an_attribute_of_its_package(
    monkeypatch: pytest.MonkeyPatch, old: str, new: str
) -> None:
    _forget(monkeypatch, old)
    parent, _, child = old.rpartition(".")
    with pytest.warns(DeprecationWarning, match=re.escape(new)):
        module = getattr(importlib.import_module(parent), child)
    assert module is importlib.import_module(new)


def test_from_bezique_import_an_old_module(monkeypatch: pytest.MonkeyPatch) -> None:
    _forget(monkeypatch, "bezique.svg")
    namespace: dict[str, object] = {}
    with pytest.warns(DeprecationWarning, match="import bezique.display.svg"):
        exec("from bezique import svg", namespace)
    assert namespace["svg"] is importlib.import_module("bezique.display.svg")


def test_the_table_names_new_paths_that_exist_and_old_ones_that_do_not() -> None:
    for old, new in MOVED:
        assert importlib.util.find_spec(new) is not None, new
        path = ROOT / "src" / Path(*old.split("."))
        assert not path.with_suffix(".py").exists(), old
        assert not path.is_dir(), old
    assert len(set(bezique._MOVED.values())) == len(MOVED)


def _pickled_by_name(module_name: str) -> list[object]:
    """The public classes and functions of a module: pickle names each by its module."""
    module = importlib.import_module(module_name)
    found: list[object] = [
        value
        for value in (getattr(module, name) for name in module.__all__)
        if isinstance(value, type | FunctionType) and value.__module__ == module_name
    ]
    assert found, module_name
    return found


def _named_by_old_paths(data: bytes) -> bytes:
    """A pickle (protocol 2) as an older release wrote it: each class named by the
    module it was in then."""
    for old, new in MOVED:
        data = data.replace(f"c{new}\n".encode(), f"c{old}\n".encode())
    return data


@pytest.mark.parametrize(("old", "new"), MOVED)
def test_a_pickle_that_names_the_old_module_loads(
    monkeypatch: pytest.MonkeyPatch, old: str, new: str
) -> None:
    for value in _pickled_by_name(new):
        _forget(monkeypatch, old)
        data = pickle.dumps(value, protocol=2)
        assert f"c{new}\n".encode() in data, value
        with pytest.warns(DeprecationWarning, match=re.escape(new)):
            assert pickle.loads(_named_by_old_paths(data)) is value


def test_a_pickled_rule_set_and_deal_record_of_the_old_paths_load() -> None:
    rules = RUBICON
    record = record_deal(new_deal(rules, seed=5), ())
    data = _named_by_old_paths(pickle.dumps((rules, record), protocol=2))
    # The meld values of the rules and the record's class, under their old modules.
    assert b"cbezique.melds\n" in data
    assert b"cbezique.io.records\n" in data
    loaded = pickle.loads(data)
    assert loaded == (rules, record)
    assert type(loaded[1]) is DealRecord


def _project_python() -> Iterator[Path]:
    for folder in ("src", "tests", "examples", "benchmarks", "tools"):
        yield from sorted((ROOT / folder).rglob("*.py"))
    yield ROOT / "noxfile.py"
    yield ROOT / "docs" / "conf.py"


def _old_paths_used(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
            if node.module == "bezique":
                names += [f"bezique.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            # bz.svg, bezique.board: an old module reached as an attribute.
            if node.value.id in ("bz", "bezique") and node.attr in OLD_TOP:
                yield node.lineno, f"bezique.{node.attr}"
            continue
        else:
            continue
        for name in names:
            if any(name == old or name.startswith(old + ".") for old in bezique._MOVED):
                yield node.lineno, name


def test_nothing_in_the_project_uses_an_old_path() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in _project_python()
        if path != Path(__file__).resolve()
        for line, name in _old_paths_used(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == []


def test_no_page_or_example_of_the_docs_imports_an_old_path() -> None:
    olds = "|".join(re.escape(old) for old in bezique._MOVED)
    tops = "|".join(sorted(OLD_TOP))
    pattern = re.compile(
        rf"^\s*(>>> |\.\.\. )?(from ({olds})\b.* import |import ({olds})\b"
        rf"|from bezique import .*\b({tops})\b)"
    )
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = [
        f"{page.relative_to(ROOT)}:{number}: {line.strip()}"
        for page in pages
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.match(line)
    ]
    assert found == []


def test_the_old_paths_are_listed_for_the_readers() -> None:
    """The deprecations page lists every move, old path and new."""
    page = (ROOT / "docs" / "versioning.md").read_text(encoding="utf-8")
    missing = [f"{old} -> {new}" for old, new in MOVED if f"`{old}` | `{new}`" not in page]
    assert missing == []


def test_an_unknown_name_of_the_io_package_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'no_such_module'"):
        bezique.io.no_such_module  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(AttributeError):
        bezique.io._private  # type: ignore[attr-defined]  # noqa: B018
