"""``bezique serve`` itself: uvicorn on the loopback, a table opened over HTTP, a
seat's updates over a real WebSocket, the server stopped and started again on the
same SQLite file, the table where it stood."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start(port: int, db: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    server = subprocess.Popen(
        [sys.executable, "-m", "bezique", "serve", "--port", str(port), "--db", str(db)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError("the server did not start")


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def test_the_command_serves_tables_that_survive_it(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "tables.db"
    base = f"http://127.0.0.1:{port}"
    server = start(port, db)
    try:
        seats = [{"name": "Ann"}, {"player": "rule-of-thumb"}]
        opened = httpx.post(f"{base}/api/tables", json={"preset": "classic", "seats": seats})
        assert opened.status_code == 201
        token = opened.json()["seats"][0]["token"]
        with connect(f"ws://127.0.0.1:{port}/ws/{token}") as ws:
            state = json.loads(ws.recv(timeout=10))["state"]
            while state["current_player"] != 0:  # the built-in player may lead first
                state = json.loads(ws.recv(timeout=10))["state"]
            answer = httpx.post(f"{base}/api/seat/{token}/act", json={"action": state["legal"][0]})
            assert answer.status_code == 200
            while state["current_player"] != 0 or state["moves"] < 2:
                state = json.loads(ws.recv(timeout=10))["state"]
        before = httpx.get(f"{base}/api/seat/{token}").json()
        assert before["moves"] >= 2
    finally:
        stop(server)
    server = start(port, db)
    try:
        assert httpx.get(f"{base}/api/seat/{token}").json() == before
        page = httpx.get(f"{base}/seat/{token}")
        assert "script-src 'self'" in page.headers["content-security-policy"]
    finally:
        stop(server)
