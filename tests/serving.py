"""``bezique serve`` run from the checkout's sources on the loopback, for the tests
that talk to it over real sockets (``tests/web/test_serve.py``) and in a real
browser (``tests/web_browser.py``)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A port of the loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(port: int, db: Path, *, quiet: bool = True) -> Iterator[str]:
    """The server on ``port`` with its tables in the SQLite file ``db``, once its home
    page answers (within 30 s); its base URL. Stopped on leaving: asked to end, then
    killed if it has not within 20 s. ``quiet``: its output thrown away."""
    import httpx

    output = subprocess.DEVNULL if quiet else None
    process = subprocess.Popen(
        [sys.executable, "-m", "bezique", "serve", "--port", str(port), "--db", str(db)],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=output,
        stderr=output,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(base, timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("the server did not start")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
