"""The JSON package ``bezique.io``: its parser and printer, the field readers and writers
that state, view and record documents share, and the deal-record helpers built on the
laws of dealing. The documents themselves are tested in ``test_serialization.py``
(states and records) and ``test_views.py`` (views).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import bezique as bz
import bezique.io
from bezique import InvalidStateError, MeldKind, NotationError
from bezique.cards import Card, card_id_name
from bezique.io import (
    DealRecord,
    deck_order,
    load_state,
    record_deal,
    state_to_dict,
    state_to_json,
    view_from_dict,
    view_to_dict,
    view_to_json,
)
from bezique.io.readers import (
    read_card,
    read_header,
    read_kinds,
    read_seat,
    read_seat_objects,
    read_tricks,
)
from bezique.io.text import WIDTH, dumps, loads
from bezique.io.writers import card_set, kinds_list, melds_to_list
from bezique.laws.dealing import shuffled_deck
from bezique.records import DeclaredMeld

CLASSIC = bz.variants.CLASSIC


def mid_deal() -> bz.DealState:
    state = bz.new_deal(CLASSIC, seed=5)
    for _ in range(30):
        state = state.apply(state.legal_actions()[-1])
    return state


# -- the package -------------------------------------------------------------------------


def test_the_package_names_are_those_of_bezique() -> None:
    # The readers and writers of states are the one door of every game (bz.variants).
    assert bz.load_state is bz.variants.load_state
    assert bz.state_to_json is bz.variants.state_to_json
    assert bz.DealRecord is bezique.io.DealRecord
    assert bz.record_deal is bezique.io.record_deal
    assert bz.deck_order is bezique.io.deck_order
    for name in bezique.io.__all__:
        assert hasattr(bezique.io, name), name


# -- text --------------------------------------------------------------------------------


def test_loads_refuses_a_key_twice_and_what_is_not_text() -> None:
    assert loads('{"a": [1, 2]}') == {"a": [1, 2]}
    assert loads('{"a": "Q♠"}'.encode()) == {"a": "Q♠"}
    with pytest.raises(NotationError, match="key 'a' appears twice"):
        loads('{"a": 1, "b": {"c": 2}, "a": 3}')
    with pytest.raises(NotationError, match="not UTF-8 text"):
        loads(b"\xff{}")
    with pytest.raises(TypeError, match="text must be JSON text"):
        loads(12)
    with pytest.raises(NotationError, match="not JSON"):
        loads("{")


def test_one_printer_for_states_views_and_records() -> None:
    state = mid_deal()
    start = bz.new_deal(CLASSIC, seed=5)
    record = record_deal(start, start.legal_actions()[:1])
    for data, text in (
        (state_to_dict(state), state_to_json(state)),
        (view_to_dict(state.view(0)), view_to_json(state.view(0))),
        (record.to_dict(), record.to_json()),
    ):
        assert text == dumps(data, 2)
        assert json.loads(text) == data
        assert all(len(line) <= WIDTH for line in text.splitlines() if '"description"' not in line)
        compact = dumps(data, None)
        assert "\n" not in compact
        assert json.loads(compact) == data
    view_text = view_to_json(state.view(0), indent=None)
    assert view_text == dumps(view_to_dict(state.view(0)), None)


def test_pretty_form_keeps_short_objects_on_one_line() -> None:
    text = dumps({"trick": {"leader": 1, "cards": ["QSa", "JDb"]}, "kinds": []}, 2)
    assert text.splitlines() == [
        "{",
        '  "trick": {"leader": 1, "cards": ["QSa", "JDb"]},',
        '  "kinds": []',
        "}",
    ]
    assert dumps({"leader": 1, "cards": ["QSa"]}, 2) == '{"leader": 1, "cards": ["QSa"]}'
    long = dumps({"stock": [card_id_name(c) for c in range(64)]}, 2)
    lines = long.splitlines()
    assert len(lines) > 3
    assert all(len(line) <= WIDTH for line in lines)
    assert json.loads(long)["stock"][63] == "ACb"


# -- readers -----------------------------------------------------------------------------


def test_readers_name_the_path_at_fault() -> None:
    with pytest.raises(NotationError, match=r"^format: expected 'bezique-state'"):
        read_header({"format": "x", "version": 1}, "bezique-state", 1, ("format", "version"))
    with pytest.raises(NotationError, match=r"^document: unknown key 'extra'"):
        read_header({"format": "f", "version": 1, "extra": 0}, "f", 1, ("format", "version"))
    with pytest.raises(InvalidStateError, match=r"^dealer: no seat 2; seats are 0\.\.1$"):
        read_seat(2, "dealer", 2)
    with pytest.raises(NotationError, match=r"^hand\[0\]: there is no card QSc in a deck of 2"):
        read_card("QSc", "hand[0]", 64)
    assert read_card("10Sb", "hand[0]", 64) == read_card("TSb", "hand[0]", 64)
    with pytest.raises(InvalidStateError, match=r"^seats: 1 seats listed, the rules have 2"):
        read_seat_objects([{}], 2, ())
    with pytest.raises(NotationError, match=r"^tricks\[0\]: missing key 'winner'"):
        read_tricks([{"leader": 0, "cards": []}], 2, 64)


def test_kinds_read_and_written_with_a_star_for_a_broken_meld() -> None:
    history, broken = read_kinds(["four-queens*", "bezique"], "kinds")
    assert history == MeldKind.FOUR_QUEENS.bit | MeldKind.BEZIQUE.bit
    assert broken == MeldKind.FOUR_QUEENS.bit
    assert sorted(kinds_list(history, broken)) == ["bezique", "four-queens*"]
    with pytest.raises(NotationError, match=r"^kinds\[0\]: unknown meld kind 'five-queens'"):
        read_kinds(["five-queens"], "kinds")


def test_state_and_view_documents_share_their_readers() -> None:
    state = mid_deal()

    def broken(data: dict[str, Any]) -> dict[str, Any]:
        data["tricks"][0]["cards"] = "QSa QSb"
        return data

    messages = []
    for read, data in (
        (bezique.io.state_from_dict, broken(state_to_dict(state))),
        (view_from_dict, broken(view_to_dict(state.view(0)))),
    ):
        with pytest.raises(NotationError) as error:
            read(data)
        messages.append(str(error.value))
    assert messages == ["tricks[0].cards: expected a list, got the string 'QSa QSb'"] * 2


# -- writers -----------------------------------------------------------------------------


def test_card_sets_are_written_by_face_then_copy() -> None:
    cards = [card_id_name(c) for c in range(64)]
    assert card_set(reversed(range(64)))[:3] == ["7Sa", "7Sb", "8Sa"]
    assert sorted(card_set(range(64))) == sorted(cards)


def test_meld_cards_sorted_or_kept_in_order() -> None:
    meld = DeclaredMeld(
        seat=0, kind=MeldKind.BEZIQUE, cards=(51, 4), trick=3, points=40, scored=True
    )
    assert melds_to_list([meld])[0]["cards"] == ["QSa", "JDb"]
    assert melds_to_list([meld], sort=False)[0]["cards"] == ["JDb", "QSa"]


# -- deal records and the laws of dealing ------------------------------------------------


def test_deck_order_is_the_seeded_shuffle_of_the_laws() -> None:
    for seed in (0, 7, "x"):
        deck = deck_order(CLASSIC, seed)
        assert deck == tuple(card_id_name(c) for c in shuffled_deck(CLASSIC, seed))
    with pytest.raises(TypeError, match=r"deck_order\(\): seed must be an int or a str"):
        deck_order(CLASSIC, None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"deck_order\(\): seed must be an int, not bool"):
        deck_order(CLASSIC, True)


def test_record_deal_takes_a_deck_as_new_deal_does() -> None:
    deck = deck_order(CLASSIC, 11)
    start = bz.new_deal(CLASSIC, deck=deck)
    faces = [Card.parse(name[:-1]) for name in deck]
    by_faces = record_deal(bz.new_deal(CLASSIC, deck=faces), [], deck=faces)
    assert by_faces.initial_state() == bz.new_deal(CLASSIC, deck=faces)
    assert record_deal(start, [], deck=list(deck)).deck == deck
    with pytest.raises(InvalidStateError, match=r"^deck: the deck must hold each of the 64"):
        record_deal(start, [], deck=deck[:-1])
    with pytest.raises(TypeError, match=r"^record_deal\(\): deck\[2\] must be .*, not float$"):
        record_deal(start, [], deck=[*deck[:2], 1.5])  # type: ignore[list-item]
    with pytest.raises(NotationError, match=r"^deck: not a card: 'XY'"):
        record_deal(start, [], deck=["XY", *deck[1:]])


def test_records_read_with_the_shared_readers() -> None:
    start = bz.new_deal(CLASSIC, seed=2)
    record = record_deal(start, start.legal_actions()[:1])
    data = record.to_dict()
    assert DealRecord.from_dict(data) == record
    data["dealer"] = 3
    with pytest.raises(InvalidStateError, match=r"^dealer: no seat 3; seats are 0\.\.1$"):
        DealRecord.from_dict(data)
    assert load_state(state_to_json(record.replay())) == record.replay()
