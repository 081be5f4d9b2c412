"""A whole partnership game over ``bezique serve``: two people, each a scripted
client (one reads the HTTP API, the other its WebSocket), and two built-in players;
the server is stopped in the middle, its store closed, and started again on the same
file: the game goes on where it stood and is finished. Its record, downloaded by
either person, replays to the same result."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

import bezique as bz
from bezique.web.app import create_app
from bezique.web.store import Store


def test_two_people_and_two_built_in_players_finish_a_partnership_game(tmp_path: Path) -> None:
    path = str(tmp_path / "tables.db")
    rng = random.Random(5)
    seats = [
        {"name": "Ann"},
        {"player": "rule-of-thumb"},
        {"name": "Bo"},
        {"player": "random"},
    ]
    store = Store(path)
    client_cm = TestClient(create_app(store))
    client = client_cm.__enter__()
    opened = client.post("/api/tables", json={"preset": "partnership", "seats": seats, "seed": 9})
    assert opened.status_code == 201
    ann, bo = opened.json()["seats"][0]["token"], opened.json()["seats"][2]["token"]
    restarted = False
    moves_by_people = 0
    final: dict[str, Any] = {}
    while True:
        with client.websocket_connect(f"/ws/{bo}") as to_bo:
            state = to_bo.receive_json()["state"]
            while not state["over"]:
                ann_state = client.get(f"/api/seat/{ann}").json()
                if ann_state["current_player"] == 0:
                    # Ann reads the HTTP API.
                    move = rng.choice(ann_state["legal"])
                    answer = client.post(f"/api/seat/{ann}/act", json={"action": move})
                elif ann_state["current_player"] == 2:
                    # Bo plays from what its WebSocket pushed: every move so far.
                    while state["moves"] < ann_state["moves"]:
                        state = to_bo.receive_json()["state"]
                    assert state["current_player"] == 2
                    move = rng.choice(state["legal"])
                    answer = client.post(f"/api/seat/{bo}/act", json={"action": move})
                else:
                    raise AssertionError(f"a built-in player's turn left over: {ann_state}")
                assert answer.status_code == 200, answer.text
                moves_by_people += 1
                total = client.get(f"/api/seat/{ann}").json()["moves"]
                while state["moves"] < total:
                    state = to_bo.receive_json()["state"]
                if not restarted and total >= 300:
                    break
            final = state
        if final["over"]:
            break
        # Stop the server mid-game, close its store; start again on the same file.
        before = {t: client.get(f"/api/seat/{t}").json() for t in (ann, bo)}
        client_cm.__exit__(None, None, None)
        store.close()
        store = Store(path)
        client_cm = TestClient(create_app(store))
        client = client_cm.__enter__()
        after = {t: client.get(f"/api/seat/{t}").json() for t in (ann, bo)}
        assert after == before
        assert before[ann]["moves"] > 0
        assert not before[ann]["over"]
        restarted = True
    assert restarted
    assert moves_by_people > 100
    ann_final = client.get(f"/api/seat/{ann}").json()
    assert ann_final["over"]
    assert ann_final["winners"] == final["winners"]
    record_text = client.get(f"/seat/{ann}/record").text
    assert client.get(f"/seat/{bo}/record").text == record_text
    record = bz.load_game_record(record_text)
    assert isinstance(record, bz.GameRecord)
    assert record.over
    assert list(record.winners) == ann_final["winners"]
    assert record.players == ("Ann", "rule-of-thumb", "Bo", "random")
    assert list(record.totals[-1]) == ann_final["game"]["scores"]
    client_cm.__exit__(None, None, None)
    store.close()
