"""Which build of the package is installed: compiled by mypyc (a platform wheel,
``docs/performance.md``), or pure Python.

It is found on disk, from where the package is installed: the compiled build puts
the extension modules of the engine beside its sources, and Python imports an
extension module before a source of the same name. So the answer is known without
loading the engine (``bezique --version`` tells it, and loads nothing more).

>>> is_compiled() in (True, False)
True
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

__all__ = ["is_compiled", "mypyc_attr"]

T = TypeVar("T")

#: The module whose compiled form marks the compiled build (the engine's transitions,
#: compiled in every such build, ``[tool.hatch.build.targets.wheel.hooks.mypyc]``).
_MARKER = ("engine", "transitions")


def is_compiled() -> bool:
    """Whether the installed package is the compiled build: an extension module of
    the engine's transitions (``transitions.cpython-312-x86_64-linux-gnu.so``, ...)
    lies beside its source, and is what ``import`` loads."""
    spec = importlib.util.find_spec("bezique")
    folders = spec.submodule_search_locations if spec is not None else None
    for folder in folders or ():
        stem = os.path.join(folder, *_MARKER)
        if any(os.path.isfile(stem + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            return True
    return False


if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*names: str, **values: object) -> Callable[[T], T]:
        """The compiler's class settings (``mypy_extensions.mypyc_attr``, read by mypyc
        from the source when it compiles a module): nothing at run time, where the
        package needs no more than its dependencies."""
        return _unchanged


def _unchanged(cls: T) -> T:
    return cls
