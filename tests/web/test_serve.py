"""``bezique serve`` itself: uvicorn on the loopback, a table opened over HTTP, a
seat's updates over a real WebSocket, the server stopped and started again on the
same SQLite file, the table where it stood."""

from __future__ import annotations

import json
from pathlib import Path

import httpx2
from scripts import load_script
from websockets.sync.client import connect

#: The load test's script, whose server() starts and stops ``bezique serve``.
SERVE = load_script("benchmarks/serve_load.py", "serve_load")


def test_the_command_serves_tables_that_survive_it(tmp_path: Path) -> None:
    port = SERVE.free_port()
    db = tmp_path / "tables.db"
    log = tmp_path / "server.log"
    with SERVE.server(port, db, log=log) as (base, _):
        seats = [{"name": "Ann"}, {"player": "rule-of-thumb"}]
        opened = httpx2.post(f"{base}/api/tables", json={"preset": "classic", "seats": seats})
        assert opened.status_code == 201
        token = opened.json()["seats"][0]["token"]
        with connect(f"ws://127.0.0.1:{port}/ws/{token}") as ws:
            state = json.loads(ws.recv(timeout=10))["state"]
            while state["current_player"] != 0:  # the built-in player may lead first
                state = json.loads(ws.recv(timeout=10))["state"]
            answer = httpx2.post(f"{base}/api/seat/{token}/act", json={"action": state["legal"][0]})
            assert answer.status_code == 200
            while state["current_player"] != 0 or state["moves"] < 2:
                state = json.loads(ws.recv(timeout=10))["state"]
        before = httpx2.get(f"{base}/api/seat/{token}").json()
        assert before["moves"] >= 2
    with SERVE.server(port, db, log=log) as (base, _):
        assert httpx2.get(f"{base}/api/seat/{token}").json() == before
        page = httpx2.get(f"{base}/seat/{token}")
        assert "script-src 'self'" in page.headers["content-security-policy"]
