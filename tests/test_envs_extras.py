"""The learning adapters stay out of the core: importing the library loads none of
them nor their frameworks, their modules import without the extras, and a missing
extra is named when it is needed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bezique.envs import require_extra

FRAMEWORKS = ("numpy", "gymnasium", "pettingzoo", "pyspiel")


def _loaded_after(statement: str) -> list[str]:
    code = (
        f"{statement}\nimport sys\n"
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{FRAMEWORKS!r} or m.startswith('bezique.envs'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return out.split()


def test_importing_the_library_loads_no_adapter_and_no_framework() -> None:
    assert _loaded_after("import bezique; import bezique.encodings.action_space") == []


def test_the_adapter_modules_import_without_their_frameworks_being_needed() -> None:
    loaded = _loaded_after(
        "import bezique.envs.observation, bezique.envs.pettingzoo, bezique.envs.openspiel"
    )
    assert {
        "bezique.envs.observation",
        "bezique.envs.pettingzoo",
        "bezique.envs.openspiel",
    } <= set(loaded)


def test_a_missing_extra_is_named() -> None:
    with pytest.raises(ImportError, match=r"pip install 'bezique\[rl\]'"):
        require_extra("bezique_no_such_module", "rl")
    assert require_extra("json", "rl").dumps([1]) == "[1]"
