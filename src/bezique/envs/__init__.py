"""Adapters for learning frameworks, each behind an optional extra.

* :mod:`bezique.envs.observation`: a seat view as a tensor of fixed shape
  (the ``numpy`` extra);
* :mod:`bezique.envs.pettingzoo`: an AEC environment of any preset
  (the ``pettingzoo`` extra);
* :mod:`bezique.envs.openspiel`: a game registered with OpenSpiel
  (the ``openspiel`` extra).

They act through the fixed action space of :mod:`bezique.action_space`, which is
in the core. Importing this package, or its modules, needs none of the extras;
building an encoder, an environment or a game without its extra raises
:class:`ImportError` naming the extra to install.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["require_extra"]


def require_extra(module: str, extra: str) -> ModuleType:
    """Import ``module``, or raise :class:`ImportError` saying which extra of the
    package provides it (``pip install 'bezique[extra]'``)."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(
            f"this needs {module}, which is not installed: install the {extra!r} extra "
            f"(python -m pip install 'bezique[{extra}]')"
        ) from error
