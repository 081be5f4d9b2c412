"""The history a state records is replayed with the engine's laws
(:mod:`bezique.checks.reachable`): a state, a state document or a view document whose
past could not have been played is refused; every state the engine reaches
round-trips through its document, and every rule set through its ``rules``
object."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import PROPERTY_SETTINGS, playouts, rules

import bezique as bz
from bezique import DealState, InvalidStateError, Phase
from bezique.checks.invariants import MAX_SCORE, check_state
from bezique.checks.reachable import check_history
from bezique.io import (
    load_state,
    rules_from_dict,
    rules_to_dict,
    state_from_dict,
    state_to_dict,
    state_to_json,
    view_from_dict,
    view_to_dict,
)
from bezique.laws.tricks import playable
from bezique.laws.turns import trick_seats
from bezique.laws.zones import bits, deck_tables
from bezique.records import Trick

PRESETS = [bz.rules.variants.get(name) for name, _ in bz.rules.variants.names()]


def _deal(rules: bz.Rules, seed: int, until: Callable[[DealState], bool]) -> DealState | None:
    """A random deal of ``rules`` played until ``until`` holds (``None`` if it never does)."""
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed)
    while not until(state):
        if state.is_over:
            return None
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _checks_before_history(state: DealState) -> None:
    """Every check of ``check_state`` but the replay of the history."""
    from bezique.checks import invariants

    for name in invariants.__all__:
        if name.startswith("check_") and name != "check_state":
            getattr(invariants, name)(state)


def _refused(state: DealState, fragment: str) -> None:
    """The state passes every other check, and the replay of its history refuses it,
    in memory, as a state document and as each seat's view."""
    _checks_before_history(state)
    with pytest.raises(InvalidStateError, match=fragment):
        check_history(state)
    with pytest.raises(InvalidStateError, match=fragment):
        check_state(state)
    with pytest.raises(InvalidStateError, match=fragment):
        state_from_dict(state_to_dict(state))


def _finished(seed: int) -> DealState:
    state = _deal(bz.variants.CLASSIC, seed, lambda s: s.is_over)
    assert state is not None
    return state


def _plays(state: DealState) -> dict[int, tuple[int, int]]:
    out = {}
    for i, trick in enumerate(state.tricks):
        seats = trick_seats(state.rules, state.tricks[:i], trick.leader)
        for seat, card in zip(seats, trick.cards, strict=True):
            out[card] = (i + 1, seat)
    return out


def _copy_swaps(seeds: range) -> Iterator[tuple[DealState, int, int, int]]:
    """Finished classic deals (S000) with a meld whose card has a twin copy: the
    state, the meld's index, its card and the twin."""
    for seed in seeds:
        state = _finished(seed)
        for i, meld in enumerate(state.melds):
            for card in meld.cards:
                twin = card ^ 32  # the other copy of the same face, two packs
                if twin not in meld.cards:
                    yield state, i, card, twin


def _with_card(state: DealState, index: int, card: int, twin: int) -> DealState:
    meld = state.melds[index]
    cards = tuple(sorted(twin if c == card else c for c in meld.cards))
    melds = list(state.melds)
    melds[index] = attrs.evolve(meld, cards=cards)
    return attrs.evolve(state, melds=tuple(melds))


def _meld_with_twin(earlier: bool) -> tuple[DealState, DealState]:
    """A finished classic deal, and the same deal with a meld card replaced by its twin
    copy: one its seat played to that trick or an earlier one (``earlier``), or one
    the other seat played after it."""
    for state, i, card, twin in _copy_swaps(range(40)):
        trick, seat = _plays(state)[twin]
        meld = state.melds[i]
        wanted = seat == meld.seat if earlier else seat != meld.seat
        if (trick <= meld.trick) is earlier and wanted:
            return state, _with_card(state, i, card, twin)
    pytest.fail(f"no finished deal had a meld card whose twin fits (earlier={earlier})")


def test_a_meld_may_not_use_a_card_played_before_it() -> None:
    # S000 law 7: a declaration is made from the cards held after winning a trick.
    _refused(_meld_with_twin(earlier=True)[1], "was played to trick")


def test_a_meld_may_not_use_a_card_the_other_seat_played() -> None:
    _refused(_meld_with_twin(earlier=False)[1], "could not have declared it")


def _end_phase_swaps(state: DealState) -> Iterator[DealState]:
    """The state with two end-phase cards of one seat exchanged between tricks (their
    winners unchanged, so that only the duties can be broken)."""
    rules = state.rules
    first = rules.stock_tricks
    tricks = list(state.tricks)
    for a in range(first, len(tricks)):
        for b in range(a + 1, len(tricks)):
            ta, tb = tricks[a], tricks[b]
            seats_a = trick_seats(rules, tricks[:a], ta.leader)
            seats_b = trick_seats(rules, tricks[:b], tb.leader)
            for seat in range(rules.players):
                ia, ib = seats_a.index(seat), seats_b.index(seat)
                ca, cb = list(ta.cards), list(tb.cards)
                ca[ia], cb[ib] = tb.cards[ib], ta.cards[ia]
                swapped = list(tricks)
                swapped[a] = Trick(ta.leader, tuple(ca), ta.winner)
                swapped[b] = Trick(tb.leader, tuple(cb), tb.winner)
                yield attrs.evolve(state, tricks=tuple(swapped))


def test_end_phase_tricks_keep_the_duties_of_law_9() -> None:
    # S000 law 9: once the stock is out a seat follows suit, wins or trumps if able.
    for seed in range(20):
        for mutated in _end_phase_swaps(_finished(seed)):
            try:
                _checks_before_history(mutated)
            except InvalidStateError:
                continue
            try:
                check_history(mutated)
            except InvalidStateError:
                _refused(mutated, "S000 law 9")
                return
    pytest.fail("no exchange of end-phase cards kept the winners and broke a duty")


def test_the_current_end_phase_trick_keeps_the_duties() -> None:
    # S000 law 9 (EB9 for three seats): the cards of the unfinished trick are checked too.
    three = bz.rules.variants.get("three-hand")
    tables = deck_tables(three.deck.packs)
    for seed in range(40):
        state = _deal(three, seed, lambda s: s.phase is Phase.END and len(s.trick) == 2)
        if state is None:
            continue
        seat = trick_seats(three, state.tricks, state.leader)[1]
        played = state.trick[1]
        held = state.held_mask(seat) | 1 << played
        allowed = playable(held, state.trick[:1], state.trump, True, tables)
        for card in bits(held & ~allowed):
            hands = list(state.hand_masks)
            hands[seat] = held & ~(1 << card)
            revealed = list(state.revealed_masks)
            revealed[seat] &= hands[seat]
            mutated = attrs.evolve(
                state,
                trick=(state.trick[0], card),
                hand_masks=tuple(hands),
                revealed_masks=tuple(revealed),
            )
            _refused(mutated, "S000 law 9")
            return
    pytest.fail("no three-hand end-phase trick whose second seat had a card it could not play")


def test_a_turn_that_scored_holds_a_score() -> None:
    # S000 law 7: the winner's turn scores only by a declaration (or an exchange
    # counted as one).
    state = _deal(
        bz.variants.CLASSIC,
        3,
        lambda s: s.window is not None and not s.window.scored and s.phase is Phase.STOCK,
    )
    assert state is not None
    assert state.window is not None
    _refused(
        attrs.evolve(state, window=attrs.evolve(state.window, scored=True)),
        "nothing has scored in this turn",
    )


def test_a_turn_that_has_not_scored_leaves_no_meld_waiting() -> None:
    # FOS p.326 (WEDDING): a meld waits to be scored only once one has scored.
    rules = bz.variants.CLASSIC.evolve(limit="one-scored-rest-pending")
    for seed in range(60):
        state = _deal(
            rules,
            seed,
            lambda s: s.window is not None and any(not m.scored for m in s.melds),
        )
        if state is None or state.window is None:
            continue
        waiting = [m for m in state.melds if not m.scored]
        if waiting[-1].trick != len(state.tricks):
            continue
        scored = [m for m in state.melds if m.trick == len(state.tricks) and m.scored]
        # Unscore the meld that scored, so that only the waiting one is left.
        melds = tuple(attrs.evolve(m, scored=False) if m in scored else m for m in state.melds)
        points = sum(m.points for m in scored)
        scores = list(state.scores)
        scores[state.window.seat] -= points
        mutated = attrs.evolve(
            state,
            melds=melds,
            scores=tuple(scores),
            window=attrs.evolve(state.window, scored=False),
        )
        _refused(mutated, "waits to be scored")
        return
    pytest.fail("no deal left a meld waiting in the turn it was declared")


def test_a_view_of_an_unplayable_past_is_refused() -> None:
    # A view document is checked by dealing its unseen cards and checking the deal.
    state, mutated = _meld_with_twin(earlier=False)
    for viewer in range(mutated.players):
        with pytest.raises(InvalidStateError, match="could not have declared it"):
            view_from_dict(view_to_dict(mutated.view(viewer)))
        assert view_from_dict(view_to_dict(state.view(viewer))) == state.view(viewer)


def test_a_score_beyond_any_deal_is_refused_by_states_and_views_alike() -> None:
    state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    top = attrs.evolve(state, scores=(MAX_SCORE, 0))
    check_state(top)
    assert view_from_dict(view_to_dict(top.view(0))) == top.view(0)
    beyond = attrs.evolve(state, scores=(MAX_SCORE + 1, 0))
    with pytest.raises(InvalidStateError, match=r"state\.scores\[0\] must be at most"):
        state_from_dict(state_to_dict(beyond))
    with pytest.raises(InvalidStateError, match=r"scores\[0\] must be at most"):
        view_from_dict(view_to_dict(beyond.view(0)))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hand_masks", None, r"state\.hand_masks must be a tuple of integers, not NoneType"),
        ("tricks", (1, 2), r"state\.tricks\[0\] must be a Trick, not int"),
        ("melds", (None,), r"state\.melds\[0\] must be a DeclaredMeld, not NoneType"),
        ("window", 1, r"state\.window must be a Window or None, not int"),
        ("scores", ("1", 0), r"state\.scores\[0\] must be an integer, not str"),
    ],
)
def test_check_state_names_a_field_of_the_wrong_type(field: str, value: Any, message: str) -> None:
    # A state built by hand is checked field by field before any rule is read; in the
    # compiled build, a value its compiled slots cannot hold (None for a tuple) is
    # refused when the state is made, in the same words.
    state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    made_with = r"DealState\(\): " + message.removeprefix(r"state\.")
    with pytest.raises(TypeError, match=rf"^(check_state\(\): {message}|{made_with})$"):
        check_state(attrs.evolve(state, **{field: value}))
    with pytest.raises(TypeError, match=r"check_state\(\): state must be a DealState"):
        check_state(state.view(0))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("stock", (-1,), r"stock: card id -1 is not in a 64-card deck"),
        ("trick", (10**5000,), r"state\.trick\[0\] must be at most .* of 5001 digits"),
        ("dealer", 10**30, r"state\.dealer must be at most"),
        ("hand_masks", (-1, 0), r"hands\[0\]: not a set of cards of a 64-card deck"),
        ("won_masks", (1 << 64, 0), r"won\[0\]: not a set of cards of a 64-card deck"),
    ],
)
def test_check_state_refuses_numbers_no_deal_holds(field: str, value: Any, message: str) -> None:
    state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    with pytest.raises(InvalidStateError, match=message):
        check_state(attrs.evolve(state, **{field: value}))


# -- round trips ---------------------------------------------------------------------


@settings(PROPERTY_SETTINGS, max_examples=25)
@given(playout=playouts(max_steps=400))
def test_every_reachable_state_round_trips(playout: object) -> None:
    from strategies import Playout

    assert isinstance(playout, Playout)
    for state in playout.states():
        check_history(state)
        assert load_state(state_to_json(state)) == state


@pytest.mark.slow
@settings(PROPERTY_SETTINGS, max_examples=14)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**32 - 1),
    eager=st.booleans(),
)
def test_every_state_of_every_preset_round_trips(preset: bz.Rules, seed: int, eager: bool) -> None:
    """Every state and the view of the seat to move, of drawn deals of drawn presets.
    By default, every state of a deal of every preset round-trips in
    test_serialization.py, and every seat's view of states of a game of every preset
    in test_reachable_loads.py."""
    rng = random.Random(seed)
    state = bz.new_deal(preset, seed=seed, dealer=seed % preset.players)
    while True:
        assert load_state(state_to_json(state)) == state
        view = state.view(state.current_player or 0)
        assert view_from_dict(view_to_dict(view)) == view
        if state.is_over:
            break
        actions = state.legal_actions()
        others = [a for a in actions if not isinstance(a, (bz.Draw, bz.Pass))]
        state = state.apply(rng.choice(others if others and eager else actions))


@settings(PROPERTY_SETTINGS, max_examples=300)
@given(drawn=rules())
def test_every_rule_set_round_trips(drawn: bz.Rules) -> None:
    assert rules_from_dict(rules_to_dict(drawn)) == drawn
