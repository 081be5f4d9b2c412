"""The tests that need optional extras, which the default test run does not install,
are collected only where those are installed: ``tests/rl``, the learning adapters
(``numpy``, ``pettingzoo``, ``openspiel``: ``nox -s rl``), and ``tests/cluster``, the
Ray backend (``ray``: ``nox -s ray``)."""

from __future__ import annotations

import importlib.util

RL_EXTRAS = ("numpy", "gymnasium", "pettingzoo", "pyspiel")


def _installed(*modules: str) -> bool:
    return all(importlib.util.find_spec(name) is not None for name in modules)


collect_ignore_glob = [
    *([] if _installed(*RL_EXTRAS) else ["rl/*.py"]),
    *([] if _installed("ray") else ["cluster/*.py"]),
]
