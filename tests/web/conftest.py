"""The tests of ``bezique serve`` (bezique.web.app). They need the ``web`` extra
(Starlette, uvicorn) and Starlette's test client (httpx2, the ``web-test`` group),
which the default test run does not install: they are collected only where those are
installed, as in the ``web`` session of ``nox`` (``nox -s web``)."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

EXTRAS = ("starlette", "uvicorn", "httpx2")

collect_ignore_glob = (
    [] if all(importlib.util.find_spec(name) is not None for name in EXTRAS) else ["test_*.py"]
)


@pytest.fixture
def client() -> Iterator[object]:
    """A test client of an app over a new in-memory store, its lifespan run."""
    from starlette.testclient import TestClient

    from bezique.web.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client
