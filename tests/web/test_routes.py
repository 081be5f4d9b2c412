"""Every route of ``bezique serve`` through Starlette's test client: the pages, the
JSON API, the board, the record, the WebSocket and the static files; the errors of
bad input (4xx, in JSON); the security headers; every preset at every seat count its
rules allow."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import bezique as bz
from bezique.web import tables
from bezique.web.app import CSP, MAX_BODY, App
from bezique.web.pages import MAX_SEATS
from bezique.web.tables import Table

SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'


def served(client: TestClient) -> App:
    app: Any = client.app
    result: App = app.app.state.served
    return result


def open_table(client: TestClient, preset: str, seats: list[dict[str, str]], **more: Any) -> Any:
    answer = client.post("/api/tables", json={"preset": preset, "seats": seats, **more})
    assert answer.status_code == 201, answer.text
    return answer.json()


def two_people(client: TestClient, seed: int = 1) -> tuple[Table, str, str]:
    data = open_table(client, "classic", [{"name": "Ann"}, {"name": "Bo"}], seed=seed)
    table = served(client).lobby.table(data["table"])
    return table, data["seats"][0]["token"], data["seats"][1]["token"]


def no_inline_script(html: str) -> None:
    for tag in re.findall(r"<script[^>]*>", html):
        assert 'src="/static/' in tag
    assert " on" not in re.sub(r"<[^>]*>", "", html) or True
    assert not re.search(r"<[^>]+\son[a-z]+=", html), "an inline event handler"
    assert "javascript:" not in html


def test_the_home_page_offers_every_preset(client: TestClient) -> None:
    answer = client.get("/")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["content-security-policy"] == CSP
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["x-content-type-options"] == "nosniff"
    for name, _ in bz.variants.names():
        assert f'<option value="{name}">' in answer.text
    assert answer.text.count('class="seat-choice"') == MAX_SEATS
    no_inline_script(answer.text)


def test_the_presets_in_json(client: TestClient) -> None:
    presets = {p["name"]: p for p in client.get("/api/presets").json()}
    assert presets["zetema"]["seats"] == [2, 3, 4, 5, 6]
    assert presets["partnership"]["seats"] == [4]
    assert presets["classic"]["players"] == ["random", "rule-of-thumb", "monte-carlo"]


def test_the_static_files_are_served_with_the_policy(client: TestClient) -> None:
    script = client.get("/static/bezique.js")
    assert script.status_code == 200
    assert "javascript" in script.headers["content-type"]
    assert script.headers["content-security-policy"] == CSP
    assert client.get("/static/bezique.css").status_code == 200
    assert client.get("/static/../app.py").status_code == 404


def test_a_table_opened_by_the_form_lists_each_persons_link_escaped(client: TestClient) -> None:
    form = {
        "preset": "partnership",
        "seats": "4",
        "seat0": "person",
        "name0": "<b>Ann</b> & co",
        "seat1": "rule-of-thumb",
        "seat2": "person",
        "name2": 'Bo "the" best',
        "seat3": "random",
        "seat4": "person",
        "name4": "unused",
        "seed": "12",
    }
    answer = client.post("/tables", data=form)
    assert answer.status_code == 201
    page = answer.text
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; co" in page
    assert "<b>Ann" not in page
    assert "Bo &quot;the&quot; best" in page
    links = re.findall(r'<a href="(http://testserver/seat/[^"]+)">', page)
    assert len(links) == 2
    (table,) = served(client).lobby.resume()
    assert table.row.seed == 12
    assert [s.name for s in table.row.seats] == [
        "<b>Ann</b> & co",
        "rule-of-thumb",
        'Bo "the" best',
        "random",
    ]
    seat_page = client.get(links[1].removeprefix("http://testserver")).text
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; co" in seat_page
    assert "<b>Ann" not in seat_page


def test_opening_a_table_in_json(client: TestClient) -> None:
    seats = [{"name": "Ann"}, {"player": "random"}, {"player": "person", "name": "Cy"}]
    data = open_table(client, "zetema", seats, seed="seed words")
    assert data["rules"] == "zetema"
    assert [s["kind"] for s in data["seats"]] == ["person", "player", "person"]
    assert "token" not in data["seats"][1]
    assert data["seats"][2]["link"] == f"http://testserver/seat/{data['seats'][2]['token']}"
    table = served(client).lobby.table(data["table"])
    assert table.rules.players == 3
    assert table.row.seed == "seed words"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"preset": "no-such", "seats": [{}, {}]}, "bad-preset"),
        ({"seats": [{}, {}]}, "bad-preset"),
        ({"preset": "classic", "seats": [{}]}, "bad-seats"),
        ({"preset": "classic", "seats": "two"}, "bad-seats"),
        ({"preset": "classic", "seats": [{}] * 7}, "bad-seats"),
        ({"preset": "classic", "seats": [{}, 3]}, "bad-seats"),
        ({"preset": "classic", "seats": [{}, {"player": 3}]}, "bad-seats"),
        ({"preset": "classic", "seats": [{}, {"player": "deep-blue"}]}, "bad-player"),
        ({"preset": "classic", "seats": [{}, {"name": ""}]}, "bad-name"),
        ({"preset": "classic", "seats": [{}, {"name": "a,b"}]}, "bad-name"),
        ({"preset": "classic", "seats": [{}, {"name": "\u001b[31mred"}]}, "bad-name"),
        ({"preset": "classic", "seats": [{}, {}], "seed": 1.5}, "bad-seed"),
        ({"preset": "classic", "seats": [{}, {}], "seed": -1}, "bad-seed"),
        ({"preset": "classic", "seats": [{}, {}], "seed": "x" * 65}, "bad-seed"),
        ({"preset": "classic", "seats": [{}, {}], "seed": True}, "bad-seed"),
    ],
)
def test_a_table_that_cannot_be_opened_is_a_400(
    client: TestClient, body: dict[str, Any], code: str
) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert answer.json()["error"] == code
    assert answer.json()["message"]
    assert served(client).lobby.store.table_ids() == []


def test_bad_bodies_are_refused(client: TestClient) -> None:
    for body in (b"{", b"[1]", b"\xff\xfe", b""):
        answer = client.post("/api/tables", content=body)
        assert answer.status_code == 400
        assert answer.json()["error"] == "bad-json"
    big = json.dumps({"preset": "classic", "pad": "x" * MAX_BODY}).encode()
    answer = client.post("/api/tables", content=big)
    assert answer.status_code == 413
    assert answer.json()["error"] == "too-large"
    assert answer.headers["content-security-policy"] == CSP

    def chunks() -> Iterator[bytes]:  # no Content-Length: read, and cut at the limit
        for _ in range(20):
            yield b"x" * 1024

    answer = client.post("/api/tables", content=chunks())
    assert answer.status_code == 413
    answer = client.post("/api/tables", content=b"{}", headers={"content-length": "two"})
    assert answer.status_code == 400
    assert answer.json()["error"] == "bad-request"
    answer = client.post("/tables", data={"preset": "classic", "seats": "many"})
    assert answer.status_code == 400
    assert answer.json()["error"] == "bad-seats"
    html = client.post(
        "/tables", data={"preset": "<i>x</i>", "seats": "2"}, headers={"accept": "text/html"}
    )
    assert html.status_code == 400
    assert "<i>x" not in html.text
    assert "&lt;i&gt;x&lt;/i&gt;" in html.text


def test_unknown_routes_and_methods_are_json_errors(client: TestClient) -> None:
    assert client.get("/nope").json() == {"error": "not-found", "message": "Not Found"}
    answer = client.get("/api/tables")
    assert answer.status_code == 405
    assert answer.json()["error"] == "method-not-allowed"
    for path in ("/seat/nope", "/api/seat/nope", "/seat/nope/board.svg", "/seat/nope/record"):
        answer = client.get(path)
        assert answer.status_code == 404
        assert answer.json()["error"] == "no-such-seat"
    answer = client.post("/api/seat/nope/act", json={"action": "play QS"})
    assert answer.status_code == 404
    page = client.get("/seat/nope", headers={"accept": "text/html"})
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")


def test_the_seat_page_shows_the_board_moves_scores_and_narration(client: TestClient) -> None:
    table, ann, _bo = two_people(client)
    page = client.get(f"/seat/{ann}")
    assert page.status_code == 200
    assert page.headers["content-security-policy"] == CSP
    assert page.headers["cache-control"] == "no-store"
    text = page.text
    no_inline_script(text)
    assert f'data-token="{ann}" data-seat="0"' in text
    assert SVG_NS in text
    hand = set(re.findall(r'data-card="(\w\w)" data-id="\d+" data-zone="hand" data-seat="0"', text))
    assert hand == {str(bz.cards.face_of(c)) for c in table.state.view(0).hand}
    assert "Waiting for seat 1 (Bo)." in text
    assert "<h2>Your moves</h2><p>None now.</p>" in text
    assert "<th>this deal</th><th>game</th>" in text
    assert "=== Deal 1: You deal ===" in text
    assert "The game record can be downloaded when the game is over." in text


def test_moves_by_form_and_refusals_with_their_reasons(client: TestClient) -> None:
    table, ann, bo = two_people(client)
    refused = client.post(f"/seat/{ann}/act", data={"action": "play 8S"})
    assert refused.status_code == 422
    assert "<code>not-your-turn</code>: another seat is to act now" in refused.text
    legal = client.get(f"/api/seat/{bo}").json()["legal"]
    assert f'<button name="action" value="{legal[0]}">' in client.get(f"/seat/{bo}").text
    moved = client.post(f"/seat/{bo}/act", data={"action": legal[0]}, follow_redirects=False)
    assert moved.status_code == 303
    assert moved.headers["location"] == f"/seat/{bo}"
    assert len(table.actions) == 1
    nonsense = client.post(f"/seat/{ann}/act", data={"action": "dance a jig"})
    assert nonsense.status_code == 422
    assert "<code>notation</code>" in nonsense.text
    empty = client.post(f"/seat/{ann}/act", data={})
    assert empty.status_code == 400
    assert empty.json()["error"] == "bad-action"


def test_moves_in_json(client: TestClient) -> None:
    table, ann, bo = two_people(client)
    data = client.get(f"/api/seat/{bo}").json()
    assert data["seat"] == 1
    assert data["current_player"] == 1
    assert data["view"]["format"] == "bezique-view"
    assert data["view"]["seat"] == 1
    assert data["deal"] == {"scores": [0, 0], "sides": [0, 0]}
    answer = client.post(f"/api/seat/{ann}/act", json={"action": data["legal"][0]})
    assert answer.status_code == 422
    body = answer.json()
    assert body["error"] == "illegal-action"
    assert body["outcome"]["reasons"][0]["code"] == "not-your-turn"
    assert "not-your-turn" in body["html"]
    answer = client.post(f"/api/seat/{bo}/act", json={"action": data["legal"][0]})
    assert answer.status_code == 200
    assert answer.json()["outcome"] == {
        "accepted": True,
        "action": data["legal"][0],
        "reasons": [],
    }
    assert answer.json()["state"]["moves"] == 1
    for bad in ({"action": 3}, {"action": ""}, {"action": "x" * 201}, {}):
        answer = client.post(f"/api/seat/{ann}/act", json=bad)
        assert answer.status_code == 400
        assert answer.json()["error"] == "bad-action"
    assert len(table.actions) == 1


def test_a_click_on_a_card_is_the_play_its_ids_name(client: TestClient) -> None:
    """What the page's script sends for a click on a card of the seat's hand:
    ``play`` and the card's ``data-card``."""
    _table, _ann, bo = two_people(client)
    board = client.get(f"/seat/{bo}/board.svg")
    assert board.headers["content-type"].startswith("image/svg+xml")
    cards = re.findall(
        r'data-card="(\w\w)" data-id="\d+" data-zone="hand" data-seat="1"', board.text
    )
    legal = set(client.get(f"/api/seat/{bo}").json()["legal"])
    clicks = {f"play {card}" for card in cards}
    assert legal <= clicks
    answer = client.post(f"/api/seat/{bo}/act", json={"action": f"play {cards[0]}"})
    assert answer.json()["outcome"]["accepted"] == (f"play {cards[0]}" in legal)


def test_the_record_is_downloaded_once_the_game_is_over(client: TestClient) -> None:
    table, ann, bo = two_people(client, seed=4)
    answer = client.get(f"/seat/{ann}/record")
    assert answer.status_code == 409
    assert answer.json()["error"] == "game-not-over"
    while not table.is_over:
        seat = table.current_player
        assert seat is not None
        table.act(seat, bz.format_action(table.state.view(seat).legal_actions()[0]))
    page = client.get(f"/seat/{bo}").text
    assert f'<a href="/seat/{bo}/record" download>' in page
    assert "The game is over." in page
    answer = client.get(f"/seat/{bo}/record")
    assert answer.status_code == 200
    assert answer.headers["content-disposition"].startswith('attachment; filename="bezique-classic')
    record = bz.load_game_record(answer.text)
    assert isinstance(record, bz.GameRecord)
    assert record.players == ("Ann", "Bo")
    assert record.winners == table.state.winners
    assert client.get(f"/seat/{ann}/record").text == answer.text


def test_the_websocket_pushes_each_seat_its_own_view(client: TestClient) -> None:
    table, ann, bo = two_people(client)
    with (
        client.websocket_connect(f"/ws/{ann}") as to_ann,
        client.websocket_connect(f"/ws/{bo}") as to_bo,
    ):
        first_ann, first_bo = to_ann.receive_json(), to_bo.receive_json()
        assert first_ann["state"]["seat"] == 0
        assert first_bo["state"]["seat"] == 1
        assert first_ann["state"]["view"]["hand"] != first_bo["state"]["view"]["hand"]
        legal = first_bo["state"]["legal"]
        client.post(f"/api/seat/{bo}/act", json={"action": legal[0]})
        after_ann, after_bo = to_ann.receive_json(), to_bo.receive_json()
        for update, seat in ((after_ann, 0), (after_bo, 1)):
            assert update["type"] == "update"
            assert update["state"]["moves"] == 1
            assert json.dumps(update["state"]["view"]) in json.dumps(
                {"v": json.loads(bz.view_to_json(table.state.view(seat)))}
            )
        assert after_ann["state"]["legal"]
        assert not after_bo["state"]["legal"]
        to_ann.send_text("ping")
        to_ann.send_text("x" * 2000)
        with pytest.raises(WebSocketDisconnect) as closed:
            to_ann.receive_json()
        assert closed.value.code == 1009
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws/nope") as ws:
        ws.receive_json()
    assert refused.value.code == 4404


def test_a_move_draws_the_seat_once_for_its_websocket_and_its_answer(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, _ann, bo = two_people(client)
    drawn: list[int] = []
    picture = Table.picture

    def counted(self: Table, seat: int) -> tuple[str, str]:
        drawn.append(seat)
        return picture(self, seat)

    monkeypatch.setattr(Table, "picture", counted)
    with client.websocket_connect(f"/ws/{bo}") as to_bo:
        legal = to_bo.receive_json()["state"]["legal"]
        assert drawn == [1]
        answer = client.post(f"/api/seat/{bo}/act", json={"action": legal[0]})
        update = to_bo.receive_json()
        assert drawn == [1, 1]
        assert answer.json()["html"] == update["html"]
        assert answer.json()["state"] == update["state"]
        assert update["state"]["moves"] == 1
        # A refused move: its answer shows why, at the same position, drawn again.
        refused = client.post(f"/api/seat/{bo}/act", json={"action": legal[0]})
        assert refused.status_code == 422
        assert "is refused" in refused.json()["html"]
        assert "is refused" not in update["html"]
        assert refused.json()["state"] == update["state"]
    assert len(table.actions) == 1


def test_built_in_players_move_on_the_server(client: TestClient) -> None:
    data = open_table(
        client,
        "three-hand",
        [{"player": "rule-of-thumb"}, {"name": "Ann"}, {"player": "random"}],
        seed=3,
    )
    table = served(client).lobby.table(data["table"])
    ann = data["seats"][1]["token"]
    for _ in range(6):
        state = client.get(f"/api/seat/{ann}").json()
        assert state["current_player"] == 1
        client.post(f"/api/seat/{ann}/act", json={"action": state["legal"][0]})
    assert table.current_player == 1
    assert len(table.actions) > 6
    log = client.get(f"/api/seat/{ann}").json()["log"]
    assert any(line.startswith("  rule-of-thumb plays") for line in log)
    assert any(line.startswith("  You play") for line in log)


def test_a_table_of_built_in_players_alone_plays_to_the_end(client: TestClient) -> None:
    data = open_table(client, "zetema", [{"player": "random"}, {"player": "random"}], seed=2)
    table = served(client).lobby.table(data["table"])
    assert table.is_over
    assert table.record()


def test_the_server_lets_go_of_finished_tables_nobody_watches(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "KEPT_FINISHED", 2)
    app = served(client)
    watched, ann, _bo = two_people(client, seed=4)
    while not watched.is_over:
        seat = watched.current_player
        assert seat is not None
        watched.act(seat, bz.format_action(watched.state.view(seat).legal_actions()[0]))
    bots = [{"player": "random"}, {"player": "random"}]
    with client.websocket_connect(f"/ws/{ann}") as socket:
        assert socket.receive_json()["state"]["over"]
        ids = []
        firsts = []
        for seed in range(5):
            table_id = open_table(client, "zetema", bots, seed=seed)["table"]
            ids.append(table_id)
            firsts.append(app.lobby.table(table_id))
            assert firsts[-1].is_over
        # The two finished tables served last are held, and the one a seat watches.
        assert set(app.lobby.held()) == {watched.id, *ids[-2:]}
        assert not any(key[0] in ids[:3] for key in app.rendered)
        assert not any(table_id in ids[:3] for table_id in (*app.locks, *app.sockets))
        # A table let go is read again from the store when asked for: the same game.
        again = app.lobby.table(ids[0])
        assert again is not firsts[0]
        assert again.record() == firsts[0].record()
        assert client.get(f"/api/seat/{ann}").json()["over"]
    assert watched.id in app.lobby.held()


def every_preset_and_count() -> list[tuple[str, int]]:
    found = []
    for name, _ in bz.variants.names():
        rules = bz.variants.get(name)
        for count in bz.variants.game_of(rules).player_counts(rules):
            found.append((name, count))
    return found


@pytest.mark.parametrize(("preset", "count"), every_preset_and_count())
def test_every_preset_at_every_seat_count(client: TestClient, preset: str, count: int) -> None:
    seats = [{"name": f"P{i}"} for i in range(count)]
    data = open_table(client, preset, seats, seed=count)
    table = served(client).lobby.table(data["table"])
    for _ in range(3 * count):
        seat = table.current_player
        assert seat is not None
        token = data["seats"][seat]["token"]
        state = client.get(f"/api/seat/{token}").json()
        answer = client.post(f"/api/seat/{token}/act", json={"action": state["legal"][-1]})
        assert answer.json()["outcome"]["accepted"]
    for seat in data["seats"]:
        page = client.get(f"/seat/{seat['token']}")
        assert page.status_code == 200
        no_inline_script(page.text)
        board = client.get(f"/seat/{seat['token']}/board.svg")
        if table.game.picture is None:
            assert board.headers["content-type"].startswith("text/plain")
            assert '<pre class="board">' in page.text
        else:
            assert SVG_NS in board.text
            assert SVG_NS in page.text


def test_a_zetema_seat_page_draws_its_picture_and_a_click_discards(client: TestClient) -> None:
    """Zetema's page shows its SVG picture, not the text board: each card of the
    seat's hand carries its ids, and the picture names the action a click makes
    (``data-click="discard"``), which the page's script posts; that move is legal."""
    data = open_table(client, "zetema", [{"name": "Ann"}, {"name": "Bo"}], seed=3)
    table = served(client).lobby.table(data["table"])
    seat = table.current_player
    assert seat is not None
    token = data["seats"][seat]["token"]
    page = client.get(f"/seat/{token}").text
    assert SVG_NS in page
    assert '<pre class="board">' not in page
    assert 'data-click="discard"' in page
    board = client.get(f"/seat/{token}/board.svg")
    assert board.headers["content-type"].startswith("image/svg+xml")
    mine = rf'data-card="(\w+)" data-id="\d+" data-zone="hand" data-seat="{seat}"'
    cards = re.findall(mine, page)
    hand = table.state.view(seat).hand
    assert sorted(cards) == sorted(bz.zetema.face_name(face) for face in hand)
    script = client.get("/static/bezique.js").text
    assert 'closest("svg[data-click]")' in script
    answer = client.post(f"/api/seat/{token}/act", json={"action": f"discard {cards[0]}"})
    assert answer.json()["outcome"]["accepted"]


def test_the_store_is_written_outside_the_event_loop() -> None:
    """Each action's write waits for the disk: the server makes it in a worker thread,
    people's moves and built-in players' alike, so that its event loop serves the other
    tables meanwhile; every move is still stored before it is applied."""
    import asyncio

    from bezique.web.app import create_app
    from bezique.web.store import Store

    class Watched(Store):
        def __init__(self) -> None:
            super().__init__()
            #: For each write: whether it ran where an event loop runs.
            self.on_loop: list[bool] = []

        def append(
            self, table_id: str, number: int, seat: int, action: str, *, finishes: bool = False
        ) -> None:
            try:
                asyncio.get_running_loop()
                self.on_loop.append(True)
            except RuntimeError:
                self.on_loop.append(False)
            super().append(table_id, number, seat, action, finishes=finishes)

    store = Watched()
    with TestClient(create_app(store)) as client:
        data = open_table(
            client,
            "three-hand",
            [{"player": "rule-of-thumb"}, {"name": "Ann"}, {"player": "random"}],
        )
        ann = data["seats"][1]["token"]
        for _ in range(3):
            state = client.get(f"/api/seat/{ann}").json()
            assert client.post(
                f"/api/seat/{ann}/act", json={"action": state["legal"][0]}
            ).is_success
        table = served(client).lobby.table(data["table"])
        assert len(store.on_loop) == len(table.actions) > 3
        assert not any(store.on_loop)
        # What is stored is what was played, in order.
        assert [text for _, text in store.actions(table.id)] == [
            bz.format_action(action) for action in table.actions
        ]
