"""Every public module of the package is in the API reference (docs/api.md)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "bezique"


def _public_modules() -> set[str]:
    modules = set()
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts[-1] == "__main__" or any(part.startswith("_") for part in parts):
            continue
        modules.add(".".join(parts))
    return modules


def test_every_public_module_is_in_the_api_reference() -> None:
    documented = set(re.findall(r"^\.\. automodule:: (\S+)$", _api(), flags=re.M))
    modules = _public_modules()
    assert {"bezique", "bezique.io.view_json", "bezique.checks.determinize"} <= modules | {
        "bezique"
    }
    assert not sorted(modules - documented - {"bezique"})


def test_the_api_reference_names_no_module_that_does_not_exist() -> None:
    documented = set(re.findall(r"^\.\. automodule:: (\S+)$", _api(), flags=re.M))
    assert not sorted(documented - _public_modules())


def _api() -> str:
    return (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
