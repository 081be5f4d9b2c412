"""No answer to seat 0 depends on seat 1's hidden cards.

Two servers each hold one table, dealt from two decks that differ only in seat 1's
hidden cards: two cards of seat 1's hand are swapped with the two at the bottom of
the stock. Their tokens are made alike, so the two servers' answers may be compared
byte for byte. Seat 0 asks every route (its page, its JSON, its board, its record),
sends a move refused and a move accepted, and listens on its WebSocket; seat 1 plays
moves legal at both tables. Up to the first point where seat 0's own view differs
(the library's view is what the seat may know), every answer to seat 0 at one table
is the same, byte for byte, as at the other. Seat 1's views differ from the start:
the swap is real.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.testclient import TestClient

import bezique as bz
from bezique import zetema
from bezique.cards import card_id_name, face_of
from bezique.io import deck_order
from bezique.web.app import create_app
from bezique.web.store import Store
from bezique.web.tables import Lobby, Table
from bezique.zetema import state as zetema_state
from bezique.zetema.deck import FACE_COUNT

RULES = bz.variants.CLASSIC


def tokens() -> Callable[[], str]:
    """Tokens made in the same order at both servers (a real server's are random)."""
    numbers = itertools.count()
    return lambda: f"token-{next(numbers):04d}-" + "x" * 32


def decks_differing_in_seat_1s_hand(seed: int) -> tuple[list[list[str]], list[list[str]]]:
    first = list(deck_order(RULES, seed))
    later = [list(deck_order(RULES, seed * 100 + i)) for i in range(1, 8)]
    deal = bz.new_deal(RULES, deck=first, dealer=0)
    hand = {card_id_name(c) for c in deal.hand(1)}
    turn_up = None if deal.turn_up is None else card_id_name(deal.turn_up)
    bottom = [i for i in range(len(first) - 1, -1, -1) if first[i] != turn_up][:2]
    faces_at_bottom = {face_of_name(first[i]) for i in bottom}
    mine = [
        i
        for i, name in enumerate(first)
        if name in hand and face_of_name(name) not in faces_at_bottom
    ][:2]
    swapped = list(first)
    for i, j in zip(mine, bottom, strict=True):
        swapped[i], swapped[j] = swapped[j], swapped[i]
    return [first, *later], [swapped, *later]


def face_of_name(name: str) -> str:
    return name[:2]


def open_at(store: Store, decks: list[list[str]]) -> Table:
    return Lobby(store).open("classic", [("person", "Ann"), ("person", "Bo")], decks=decks)


def view_json(table: Table, seat: int) -> str:
    return str(bz.view_to_json(table.state.view(seat)))


def answer_bytes(answer: Any) -> tuple[int, bytes, list[tuple[str, str]]]:
    return answer.status_code, answer.content, sorted(answer.headers.items())


def test_no_answer_to_seat_0_depends_on_seat_1s_hidden_cards() -> None:
    deck_a, deck_b = decks_differing_in_seat_1s_hand(11)
    stores = [Store(token=tokens()), Store(token=tokens())]
    tables = [open_at(store, deck) for store, deck in zip(stores, (deck_a, deck_b), strict=True)]

    def absent(view: Any) -> str:
        """A play seat 0 cannot make: a card it does not hold."""
        held = {str(face_of(c)) for c in view.hand}
        return "play " + next(str(f) for f in bz.cards.FACES if str(f) not in held)

    compared, seat_1_moves = compare_seat_0(stores, tables, absent)
    # The comparison ran through much of the deal, seat 1 moving at both tables.
    assert compared >= 20, compared
    assert seat_1_moves >= 8, seat_1_moves


def zetema_decks(monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """Two seeds of Zetema whose first hands differ only in seat 1's hidden cards: the
    shuffle of ``"b"`` is that of ``"a"`` with two cards of seat 1's hand swapped with
    the two at the bottom of the stock (Zetema deals from a seed alone). No answer
    to a seat names the seed before the game is over."""
    rules = zetema.ZETEMA
    shuffle = zetema_state.shuffled_deck
    first = shuffle(rules, "a", 1)
    hand = zetema.new_hand(rules, deck=first).hands[1]
    bottom = [len(first) - 1, len(first) - 2]
    faces_at_bottom = {first[i] for i in bottom}
    size = rules.hand_size * rules.players
    mine = [i for i in range(size) if first[i] in hand and first[i] not in faces_at_bottom][:2]
    swapped = list(first)
    for i, j in zip(mine, bottom, strict=True):
        swapped[i], swapped[j] = swapped[j], swapped[i]

    def shuffled(rules: Any, seed: int | str, hand_number: int) -> list[int]:
        if seed == "b" and hand_number == 1:
            return list(swapped)
        return shuffle(rules, "a" if seed == "b" else seed, hand_number)

    monkeypatch.setattr(zetema_state, "shuffled_deck", shuffled)
    return "a", "b"


def test_no_answer_to_seat_0_depends_on_seat_1s_hidden_cards_at_zetema(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Zetema's page draws its own picture (:mod:`bezique.zetema.picture`): it too
    tells seat 0 nothing of seat 1's hidden cards."""
    seeds = zetema_decks(monkeypatch)
    stores = [Store(token=tokens()), Store(token=tokens())]
    seats = [("person", "Ann"), ("person", "Bo")]
    tables = [
        Lobby(store).open("zetema", seats, seed=seed)
        for store, seed in zip(stores, seeds, strict=True)
    ]

    def absent(view: Any) -> str:
        """A discard seat 0 cannot make: a face it does not hold."""
        return "discard " + next(
            zetema.face_name(f) for f in range(FACE_COUNT) if f not in view.hand
        )

    compared, seat_1_moves = compare_seat_0(stores, tables, absent)
    assert compared >= 6, compared
    assert seat_1_moves >= 3, seat_1_moves


def compare_seat_0(
    stores: list[Store], tables: list[Table], absent: Callable[[Any], str]
) -> tuple[int, int]:
    """Play both tables alike while seat 0's view is the same at both, comparing every
    answer to seat 0 byte for byte; the number of positions compared and of seat 1's
    moves made. ``absent`` is a move seat 0 cannot make, from its view."""
    assert tables[0].id == tables[1].id
    assert view_json(tables[0], 0) == view_json(tables[1], 0)
    assert view_json(tables[0], 1) != view_json(tables[1], 1), "the swap changes seat 1's hand"
    ann, bo = (seat.token for seat in tables[0].row.seats)
    assert ann is not None
    assert bo is not None
    compared = 0
    seat_1_moves = 0
    with ExitStack() as stack:
        clients = [stack.enter_context(TestClient(create_app(store))) for store in stores]
        live = [table_of(client, tables[0].id) for client in clients]
        sockets = [
            stack.enter_context(client.websocket_connect(f"/ws/{ann}")) for client in clients
        ]

        def same(path: str, action: str | None = None) -> Any:
            """Seat 0's answer to a GET of ``path`` (a POST of ``action``), alike at both."""
            a, b = (
                client.get(path) if action is None else client.post(path, json={"action": action})
                for client in clients
            )
            assert answer_bytes(a) == answer_bytes(b)
            return a

        def pushed_alike() -> None:
            a, b = (socket.receive_text().encode() for socket in sockets)
            assert a == b

        pushed_alike()
        while view_json(live[0], 0) == view_json(live[1], 0):
            for path in (
                f"/seat/{ann}",
                f"/api/seat/{ann}",
                f"/seat/{ann}/board.svg",
                f"/seat/{ann}/record",
            ):
                same(path)
            # A move seat 0 cannot make: a card it does not hold, or out of turn.
            refused = same(f"/api/seat/{ann}/act", absent(live[0].state.view(0)))
            assert refused.status_code == 422
            compared += 1
            seat = live[0].current_player
            if seat is None:
                break
            if seat == 0:
                text = same(f"/api/seat/{ann}").json()["legal"][0]
                same(f"/api/seat/{ann}/act", text)
            else:
                common = [
                    text
                    for text in map(bz.format_action, live[0].state.view(1).legal_actions())
                    if text in set(map(bz.format_action, live[1].state.view(1).legal_actions()))
                ]
                if not common:
                    break
                for client in clients:
                    answer = client.post(f"/api/seat/{bo}/act", json={"action": common[0]})
                    assert answer.status_code == 200
                seat_1_moves += 1
            if view_json(live[0], 0) != view_json(live[1], 0):
                break
            pushed_alike()
    return compared, seat_1_moves


def table_of(client: TestClient, table_id: str) -> Table:
    app: Any = client.app
    table: Table = app.app.state.served.lobby.table(table_id)
    return table
