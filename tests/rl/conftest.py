"""The conformance tests of the learning adapters (bezique.envs). They need the
optional extras (``numpy``, ``pettingzoo``, ``openspiel``), which the default test
run does not install: they are collected only where those are installed, as in
the ``rl`` session of ``nox`` (``nox -s rl``)."""

from __future__ import annotations

import importlib.util

EXTRAS = ("numpy", "gymnasium", "pettingzoo", "pyspiel")

collect_ignore_glob = (
    []
    if all(importlib.util.find_spec(name) is not None for name in EXTRAS)
    else ["test_*.py", "episodes.py"]
)
