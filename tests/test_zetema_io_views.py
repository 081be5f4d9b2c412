"""Zetema's JSON (states and records that replay), its seat views (the tableau and
the piles public, hands and stock hidden) and its determinization."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from zetema_positions import position

from bezique.errors import InvalidStateError, NotationError, SeatError
from bezique.zetema import ZETEMA, ZETEMA_1881, ZetemaState, new_game
from bezique.zetema.determinize import determinize, unseen
from bezique.zetema.io import (
    ZetemaRecord,
    load_record,
    load_state,
    load_view,
    record_to_dict,
    record_to_json,
    rules_from_dict,
    rules_to_dict,
    state_to_dict,
    state_to_json,
    view_to_dict,
    view_to_json,
)
from bezique.zetema.state import check_conservation
from bezique.zetema.views import ZetemaView, view_of


def random_states(players: int, count: int, seed: int) -> Iterator[ZetemaState]:
    """States along random games, ``count`` of them, every third step."""
    rng = random.Random(seed)
    rules = ZETEMA.evolve(players=players, draw_to_six=rng.random() < 0.5)
    state = new_game(rules, seed=seed)
    made = 0
    while made < count:
        if state.is_over:
            state = new_game(rules, seed=rng.randrange(10**6))
        if rng.random() < 0.33:
            made += 1
            yield state
        state = state.apply(rng.choice(state.legal_actions()))


# -- JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_states_round_trip_through_json(players: int) -> None:
    for state in random_states(players, 40, seed=players):
        assert load_state(state_to_json(state)) == state
        assert load_state(state_to_json(state, indent=None).encode()) == state


def test_rules_round_trip_with_every_knob() -> None:
    rules = ZETEMA_1881.evolve(players=6, sides_of_six=3, draw_to_six=True, target=250)
    assert rules_from_dict(rules_to_dict(rules)) == rules


def test_a_record_replays_to_the_same_game() -> None:
    rng = random.Random(5)
    rules = ZETEMA.evolve(players=3)
    state = new_game(rules, seed=11, dealer=2)
    actions = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)
    record = ZetemaRecord(rules, 11, 2, actions, ("a", "b", "c"))
    loaded = load_record(record_to_json(record))
    assert loaded == record
    assert loaded.replay() == state
    assert len(loaded.states()) == len(actions) + 1


def _doc(state: ZetemaState, **changes: Any) -> str:
    data = state_to_dict(state)
    data.update(changes)
    return json.dumps(data)


def test_bad_state_documents_are_refused() -> None:
    state = new_game(ZETEMA, seed=2)
    data = state_to_dict(state)
    with pytest.raises(NotationError, match="not JSON"):
        load_state("{")
    with pytest.raises(NotationError, match="format"):
        load_state(_doc(state, format="bezique-state"))
    with pytest.raises(NotationError, match="version"):
        load_state(_doc(state, version=3))
    with pytest.raises(NotationError, match="unknown key"):
        load_state(_doc(state, extra=1))
    del data["stock"]
    with pytest.raises(NotationError, match="missing key 'stock'"):
        load_state(json.dumps(data))
    with pytest.raises(NotationError, match="not a Zetema card"):
        load_state(_doc(state, stock=["ZZ"]))
    with pytest.raises(NotationError, match="expected a list"):
        load_state(_doc(state, stock="AS"))
    stock = [*state_to_dict(state)["stock"]]
    with pytest.raises(InvalidStateError, match="not the deck's 65"):
        load_state(_doc(state, stock=stock[1:]))
    with pytest.raises(InvalidStateError, match="not the deck's 65"):
        load_state(_doc(state, stock=[*stock, "AH"]))
    with pytest.raises(InvalidStateError, match="no seat"):
        load_state(_doc(state, to_move=5))
    with pytest.raises(InvalidStateError, match="phase"):
        load_state(_doc(state, phase="draw"))
    with pytest.raises(InvalidStateError, match="game is over"):
        load_state(_doc(state, phase="over"))
    with pytest.raises(InvalidStateError, match="side_scores"):
        load_state(_doc(state, side_scores=[10, 0]))
    with pytest.raises(InvalidStateError, match="players must be 2 to 6"):
        load_state(_doc(state, rules={**rules_to_dict(state.rules), "players": 9}))
    with pytest.raises(InvalidStateError, match="shown"):
        load_state(_doc(state, shown=[["AS"], []]))


def test_a_wrong_tableau_pile_is_refused() -> None:
    state = position(["2H 3H", "5C"], stock=None, tableau="7S 7H")
    data = state_to_dict(state)
    data["tableau"][6], data["tableau"][7] = data["tableau"][7], data["tableau"][6]
    with pytest.raises(InvalidStateError, match="tableau pile"):
        load_state(json.dumps(data))


def test_bad_records_are_refused() -> None:
    record = ZetemaRecord(ZETEMA, 3, 0, ("discard KC",))
    data = record_to_dict(record)
    with pytest.raises(InvalidStateError, match=r"actions\[0\]"):
        load_record(json.dumps({**data, "actions": ["discard AS"]}))
    with pytest.raises(InvalidStateError, match=r"actions\[0\]"):
        load_record(json.dumps({**data, "actions": ["fold"]}))
    with pytest.raises(InvalidStateError, match="the replay gives"):
        load_record(json.dumps({**data, "side_scores": [5, 0]}))
    with pytest.raises(InvalidStateError, match="no seat"):
        load_record(json.dumps({**data, "dealer": 3}))
    with pytest.raises(NotationError, match="seed"):
        load_record(json.dumps({**data, "seed": True}))
    with pytest.raises(InvalidStateError, match="seed"):
        load_record(json.dumps({**data, "seed": 2**300}))


# -- views -------------------------------------------------------------------------------


def _hidden_shuffled(state: ZetemaState, seat: int, rng: random.Random) -> ZetemaState:
    """``state`` with every card ``seat`` cannot see dealt again at random."""
    return determinize(view_of(state, seat), seed=rng.randrange(10**6))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_view_holds_nothing_hidden(players: int) -> None:
    # Two states that differ only in what a seat cannot see give it the same view;
    # and the view has no field for the stock, the other hands or the seed.
    rng = random.Random(players)
    names = {f.name for f in attrs.fields(ZetemaView)}
    assert not names & {"hands", "stock", "seed"}
    differed = 0
    for state in random_states(players, 30, seed=players):
        for seat in range(players):
            other = _hidden_shuffled(state, seat, rng)
            assert view_of(other, seat) == view_of(state, seat)
            differed += other.hands != state.hands or other.stock != state.stock
            # The public part is the same for every seat.
            assert view_of(state, seat).tableau == state.tableau
            assert view_of(state, seat).zetema_pile == state.zetema_pile
    assert differed > 0


def test_a_view_knows_its_legal_actions_only_on_its_turn() -> None:
    state = new_game(ZETEMA.evolve(players=3), seed=9)
    mover = state.current_player
    assert mover is not None
    for seat in range(3):
        view = view_of(state, seat)
        expected = state.legal_actions() if seat == mover else ()
        assert view.legal_actions() == expected
        assert (view.is_legal(state.legal_actions()[0])) == (seat == mover)
    with pytest.raises(SeatError):
        view_of(state, 3)


def test_shown_cards_are_public_while_held() -> None:
    # S003: a combination is shown to the table; its cards kept in hand stay known.
    state = position(["2H 5H 7H 8H TH KH 3C", "3S 5S 7D 9C JS 8S"])
    after = state.apply("declare flush 2H 5H 7H 8H TH KH").apply("discard KH")
    seen = view_of(after, 1).shown[0]
    assert len(seen) == 5
    assert set(seen) <= set(after.hands[0])


# -- determinization ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_determinization_agrees_with_the_view(players: int) -> None:
    rng = random.Random(players)
    for state in random_states(players, 25, seed=10 + players):
        seat = rng.randrange(players)
        view = view_of(state, seat)
        guess = determinize(view, seed=rng.randrange(10**6))
        check_conservation(guess)
        assert view_of(guess, seat) == view
        if seat == state.current_player:
            assert guess.legal_actions() == state.legal_actions()
        for other in range(players):
            assert set(guess.shown[other]) <= set(guess.hands[other])
        assert len(unseen(view)) == len(state.stock) + sum(
            len(h) - len(s)
            for i, (h, s) in enumerate(zip(state.hands, state.shown, strict=True))
            if i != seat
        )
        if not guess.is_over:
            # The guess plays on like a real game.
            guess.apply(guess.legal_actions()[-1])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_views_round_trip_through_json(players: int) -> None:
    for state in random_states(players, 20, seed=10 + players):
        for seat in range(players):
            view = view_of(state, seat)
            text = view_to_json(view)
            assert load_view(text) == view
            # Nothing hidden is written: no other hand, no stock order.
            data = json.loads(text)
            assert "hands" not in data
            assert "stock" not in data


def _view_doc(**change: Any) -> str:
    state = next(random_states(3, 1, seed=5))
    data = view_to_dict(view_of(state, 1))
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"format": "zetema-state"}, NotationError, "format"),
        ({"seat": 3}, InvalidStateError, "seat: no seat 3"),
        ({"hand": ["ZZ"]}, NotationError, "hand[0]"),
        ({"hand_sizes": [6, 6]}, InvalidStateError, "hand_sizes: expected 3 numbers"),
        ({"hand_sizes": [6, 99, 6]}, InvalidStateError, "hand_sizes: each 0 to 7"),
        ({"stock_size": -1}, InvalidStateError, "stock_size"),
        ({"stock_size": 3}, InvalidStateError, "do not add up"),
        ({"tableau": [[]] * 12}, InvalidStateError, "13 piles"),
        ({"phase": "deal"}, InvalidStateError, "phase"),
    ],
)
def test_bad_view_documents_are_refused(
    change: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as raised:
        load_view(_view_doc(**change))
    assert message in str(raised.value)


def test_a_view_whose_hand_is_not_its_hand_size_is_refused() -> None:
    data = json.loads(_view_doc())
    data["hand_sizes"][1] = len(data["hand"]) - 1
    with pytest.raises(InvalidStateError, match="fits no game"):
        load_view(json.dumps(data))
