"""What the command line loads, and when: ``import bezique`` loads none of the
library's parts, the command line loads a part when a command needs it (inside
``main``, where Ctrl-C is answered), and ``bezique --version`` loads neither the
players nor the engine, telling the build from the files on disk."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import bezique
from bezique.engine import build
from bezique.programs import cli
from bezique.programs.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _loaded_after(code: str) -> list[str]:
    """The modules of the package loaded by a fresh interpreter running ``code`` (its
    output's last line)."""
    listing = "print(' '.join(sorted(m for m in sys.modules if m.startswith('bezique'))))"
    script = f"{code}\nimport sys\n{listing}"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.splitlines()[-1].split()


def test_import_bezique_loads_no_part_of_the_library() -> None:
    assert _loaded_after("import bezique") == ["bezique"]


def test_version_loads_neither_the_players_nor_the_engine() -> None:
    code = (
        "from bezique.programs.cli import main\n"
        "try:\n    main(['--version'])\nexcept SystemExit:\n    pass"
    )
    loaded = _loaded_after(code)
    assert loaded == [
        "bezique",
        "bezique.engine",
        "bezique.engine.build",
        "bezique.errors",
        "bezique.programs",
        "bezique.programs.cli",
    ], loaded


def test_every_public_name_is_the_object_of_its_module() -> None:
    for name in bezique.__all__:
        home = bezique._HOMES.get(name)
        if home is None:
            assert name == "__version__"
            continue
        value = getattr(bezique, name)
        if home == "bezique":
            assert value is importlib.import_module(f"bezique.{name}")
        else:
            assert value is getattr(importlib.import_module(home), name), name
    assert set(bezique.__all__) <= set(dir(bezique))
    assert sorted(bezique._HOMES) == sorted(n for n in bezique.__all__ if n != "__version__")


def test_a_module_of_the_package_is_an_attribute_and_a_missing_name_is_not() -> None:
    module: Any = bezique
    assert module.display is importlib.import_module("bezique.display")
    with pytest.raises(AttributeError, match="no attribute 'no_such_thing'"):
        module.no_such_thing  # noqa: B018
    with pytest.raises(AttributeError):
        module._private  # noqa: B018


class _Interrupting:
    """A finder that answers the import of ``name`` with Ctrl-C, as if it came while
    the module loads."""

    def __init__(self, name: str) -> None:
        self.name = name

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> None:
        if fullname == self.name:
            raise KeyboardInterrupt
        return None


@pytest.mark.parametrize(
    ("argv", "module"),
    [(["simulate"], "bezique.programs.simulate"), (["variants"], "bezique.variants")],
)
def test_ctrl_c_while_a_command_loads_the_library_is_answered(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    module: str,
) -> None:
    """The library is loaded inside main(): Ctrl-C then is one line and status 130."""
    monkeypatch.delitem(sys.modules, module, raising=False)
    # Not delattr: asking for the attribute would load the module (the package's
    # __getattr__).
    monkeypatch.delitem(vars(bezique), module.rpartition(".")[2], raising=False)
    monkeypatch.setattr(sys, "meta_path", [_Interrupting(module), *sys.meta_path])
    assert main(argv) == 130
    assert capsys.readouterr().err == "\nbezique: interrupted\n"


def test_the_build_is_found_on_disk(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The compiled build puts an extension module of the engine's transitions beside
    its source; the engine's accelerated() and the version line both ask is_compiled."""
    from bezique.engine import accelerated

    assert accelerated() is build.is_compiled()
    engine = tmp_path / "bezique" / "engine"
    engine.mkdir(parents=True)
    (engine / "transitions.py").write_text("")
    spec = importlib.machinery.ModuleSpec("bezique", None, is_package=True)
    spec.submodule_search_locations = [str(tmp_path / "bezique")]
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: spec)
    assert not build.is_compiled()
    assert cli.version_line().endswith("(pure Python)")
    (engine / f"transitions{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_text("")
    assert build.is_compiled()
    assert accelerated()
    assert cli.version_line().endswith("(compiled with mypyc)")
