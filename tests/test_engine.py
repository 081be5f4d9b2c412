"""Unit tests of the engine's modules: the state's fields and queries
(:mod:`bezique.engine.fields`), the speed machinery (:mod:`bezique.engine.speed`),
legal moves (:mod:`bezique.engine.moves`) and transitions
(:mod:`bezique.engine.transitions`). The rules they apply are tested through the
laws' own test modules and the scenario tests."""

from __future__ import annotations

import random

import attrs
import pytest

import bezique as bz
from bezique.engine import moves, speed, transitions
from bezique.engine.fields import DealDraft, DealFields
from bezique.errors import SeatError
from bezique.laws.zones import bits
from bezique.legality import Reason
from bezique.records import Phase, Window

CLASSIC = bz.variants.CLASSIC


def _deal() -> bz.DealState:
    return bz.new_deal(CLASSIC, seed=5)


# -- fields ------------------------------------------------------------------------------


def test_zones_read_as_card_ids_and_as_masks() -> None:
    state = _deal()
    for seat in range(2):
        assert state.hands[seat] == tuple(bits(state.hand_masks[seat])) == state.hand(seat)
        assert state.tables[seat] == () == state.table(seat)
        assert state.won[seat] == () == state.won_cards(seat)
        assert state.revealed[seat] == ()
    assert sum(map(len, state.hands)) + len(state.stock) + 1 == CLASSIC.deck_size


@pytest.mark.parametrize("packs", range(1, 9))
def test_the_faces_of_a_mask_fold_every_pack(packs: int) -> None:
    # The faces present: each card id's face (its id modulo a pack), every pack the
    # rules allow (1 to 8) read in full.
    ids = range(32 * packs)
    for card in ids:
        assert speed.faces_of(1 << card) == 1 << card % 32
    rng = random.Random(packs)
    for _ in range(200):
        cards = rng.sample(ids, rng.randrange(len(ids) + 1))
        mask = sum(1 << card for card in cards)
        assert speed.faces_of(mask) == sum({1 << card % 32 for card in cards})


def test_queries_of_a_new_deal() -> None:
    state = _deal()
    assert state.current_player == 1
    assert state.stock_size == 48
    assert state.trick_number == 1
    assert state.phase is Phase.STOCK
    assert state.result is None
    assert state.players == 2
    assert state.side_scores == state.scores


@pytest.mark.parametrize("seat", [2, -1])
def test_a_seat_that_does_not_exist(seat: int) -> None:
    with pytest.raises(SeatError, match="no seat"):
        _deal().hand(seat)


@pytest.mark.parametrize("seat", [True, "0"])
def test_a_seat_of_the_wrong_type(seat: object) -> None:
    with pytest.raises(TypeError, match="seat must be an int"):
        _deal().hand(seat)  # type: ignore[arg-type]


# -- speed machinery ---------------------------------------------------------------------


def test_sealing_gives_the_frozen_class_of_the_state_it_came_from() -> None:
    state = _deal()
    values = [getattr(state, f.name) for f in attrs.fields(DealDraft) if f.init]
    sealed = speed.seal(DealDraft(*values), type(state))
    assert type(sealed) is bz.DealState
    assert sealed == state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        sealed.dealer = 1  # type: ignore[misc]


def test_replace_changes_the_named_fields_only() -> None:
    state = _deal()
    changed = speed.replace(state, dealer=1, scores=(10, 0))
    assert type(changed) is bz.DealState
    assert (changed.dealer, changed.scores) == (1, (10, 0))
    assert attrs.evolve(changed, dealer=0, scores=(0, 0)) == state


def test_a_plan_is_made_once_per_rule_set() -> None:
    assert speed.plan_of(CLASSIC) is speed.plan_of(CLASSIC)
    assert speed.plan_of(CLASSIC).total_tricks == 32
    assert not speed.plan_of(CLASSIC).declare_from_won


def test_listed_actions_are_shared_objects_and_remembered() -> None:
    state = _deal()
    first = moves.legal_actions(state)
    assert moves.legal_actions(state) is first
    again = bz.new_deal(CLASSIC, seed=5).legal_actions()
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert speed.known_legal(first, first[0])
    assert not speed.known_legal(None, first[0])


def test_the_open_windows_cover_every_seat() -> None:
    assert speed.OPEN_WINDOWS[3] == Window(3)
    assert len(speed.OPEN_WINDOWS) == bz.rules.MAX_PLAYERS


# -- moves ---------------------------------------------------------------------------------


def test_why_illegal_names_the_reason() -> None:
    state = _deal()
    assert moves.why_illegal(state, bz.Draw()) == (Reason.WRONG_ACTION_NOW,)
    assert moves.why_illegal(state, bz.Exchange()) == (Reason.NOT_TRICK_WINNER,)
    held = {bz.face_of(c) for c in state.hand(1)}
    missing = next(f for f in map(bz.face_of, range(32)) if f not in held)
    assert moves.why_illegal(state, bz.Play(bz.CardRef(missing))) == (Reason.CARD_NOT_HELD,)
    for action in moves.legal_actions(state):
        assert moves.why_illegal(state, action) == ()


def test_no_declarations_outside_the_winners_turn() -> None:
    assert moves.legal_declarations(_deal()) == ()


def test_check_seat() -> None:
    state = _deal()
    assert moves.check_seat(state, 1) == 1
    with pytest.raises(SeatError):
        moves.check_seat(state, 5)


# -- transitions ---------------------------------------------------------------------------


def test_step_returns_a_new_state_of_the_same_class_and_changes_nothing() -> None:
    state = _deal()
    action = state.legal_actions()[0]
    before = attrs.asdict(state, recurse=False)
    after, events = transitions.step(state, action)
    assert type(after) is bz.DealState
    assert attrs.asdict(state, recurse=False) == before
    assert after.trick == (after.trick[0],)
    assert events == ()


def test_an_illegal_step_raises_and_changes_nothing() -> None:
    state = _deal()
    before = attrs.asdict(state, recurse=False)
    with pytest.raises(bz.IllegalActionError) as info:
        transitions.step(state, bz.Draw())
    assert info.value.reasons == (Reason.WRONG_ACTION_NOW,)
    assert attrs.asdict(state, recurse=False) == before


def test_the_engine_works_on_the_fields_alone() -> None:
    # The engine's functions take any DealFields: the views and notation rely on it.
    state = _deal()
    fields = DealFields(
        **{f.name: getattr(state, f.name) for f in attrs.fields(DealFields) if f.init}
    )
    assert moves.legal_actions(fields) == state.legal_actions()
    after, _ = transitions.step(fields, state.legal_actions()[0])
    assert type(after) is DealFields


def test_the_plays_of_table_cards_follow_their_broken_marks() -> None:
    """The plays of declared cards name their broken melds (re-forming, WKC, BIC): a
    state that differs from one listed before only in a table card's broken marks
    lists that card with them, though its histories are the same tuple."""
    rules = bz.variants.get("eight-pack")
    assert isinstance(rules, bz.Rules)
    rng = random.Random(7)
    state = bz.new_deal(rules, seed=7)
    unbroken: list[int] = []
    while not unbroken and not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        seat = state.current_player
        if state.window is None and seat is not None:
            declared = [c for c in bits(state.table_masks[seat]) if state.history[c]]
            unbroken = [c for c in declared if not state.broken[c]]
    assert unbroken, "no seat to play with an unbroken declared card on its table"
    card = unbroken[0]
    before = state.legal_actions()
    marks = list(state.broken)
    marks[card] = state.history[card]
    other = attrs.evolve(state, broken=tuple(marks))
    assert other.history is state.history
    named = [a.card for a in other.legal_actions() if isinstance(a, bz.Play) and a.card.broken]
    assert any(ref.card.index == card % 32 and ref.broken for ref in named)
    assert other.legal_actions() != before
