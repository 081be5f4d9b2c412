"""A position read back is ready to play on for every player: the tricks the reader
rebuilds pass the checks that replay them, so each seat's view of it is dealt out by
determinization, and the search player that samples those deals chooses a move on it.

Zetema's presets have no position notation (their states are written as JSON), so
the Bezique presets are walked here."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique import variants
from bezique.checks.determinize import determinize
from bezique.checks.reachable import check_history
from bezique.io.position import rebuild_tricks
from bezique.players import make_player

PRESETS = [name for name, _ in variants.names() if isinstance(variants.get(name), bz.Rules)]


def _random_deal(rules: bz.Rules, seed: int) -> list[bz.DealState]:
    """The states of a deal of random legal actions, one in six and the last."""
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed)
    states = []
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        if rng.random() < 1 / 6:
            states.append(state)
    return [*states, state]


def _dealt_out(state: bz.DealState) -> None:
    for seat in range(state.players):
        view = state.view(seat)
        assert determinize(view, random.Random(seat)).view(seat) == view


def test_every_preset_of_bezique_is_walked() -> None:
    assert len(PRESETS) == len(variants.names()) - 2  # all but Zetema's two
    assert {"classic", "six-pack", "polish", "partnership"} <= set(PRESETS)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=1, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_every_view_of_a_position_read_back_is_dealt_out(preset: str, seed: int) -> None:
    rules = variants.get(preset)
    assert isinstance(rules, bz.Rules)
    search = make_player("monte-carlo:iterations=2:candidates=all", seed)
    for i, state in enumerate(_random_deal(rules, seed)):
        loaded = bz.parse_position(bz.format_position(state), seed=seed)
        assert bz.same_position(loaded, state)
        check_history(loaded)
        _dealt_out(loaded)
        seat = loaded.current_player
        if i % 4 == 0 and seat is not None:
            assert search.choose(loaded.view(seat)) in loaded.legal_actions()


def _declared_then_played(rules: bz.Rules, seed: int) -> bz.DealState:
    """A state of a random deal in which a declared card has been played since."""
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed)
    while not state.is_over:
        actions = state.legal_actions()
        declares = [a for a in actions if isinstance(a, bz.Declare)]
        state = state.apply(declares[0] if declares else rng.choice(actions))
        won = sum(state.won_masks)
        if any(won >> c & 1 for m in state.melds for c in m.cards) and state.window is None:
            return state
    raise AssertionError("no declared card was played")  # pragma: no cover


@pytest.mark.parametrize("preset", ["classic", "partnership", "polish"])
def test_declared_cards_are_rebuilt_into_tricks_their_side_played_after_declaring(
    preset: str,
) -> None:
    """The reader once put the won cards into tricks regardless of the declarations:
    a view of the position then said a seat had played a card its opponent declared
    (or before it was declared), and determinization refused it."""
    rules = variants.get(preset)
    assert isinstance(rules, bz.Rules)
    state = _declared_then_played(rules, 4)
    tricks = rebuild_tricks(state, [t.winner for t in state.tricks])
    rebuilt = attrs.evolve(state, tricks=tricks)
    bz.check_state(rebuilt)
    loaded = bz.parse_position(bz.format_position(state))
    assert loaded.tricks == tricks
    _dealt_out(loaded)


def test_the_end_phase_tricks_are_rebuilt_keeping_the_duties() -> None:
    """In the end phase each card played to a rebuilt trick follows the duties of
    S000 law 9 against the hand its seat held then (what it holds now and the cards
    the rebuilt tricks say it played since)."""
    rng = random.Random(8)
    state = bz.new_deal(bz.variants.CLASSIC, seed=8)
    while len(state.tricks) < state.rules.total_tricks - 1:
        state = state.apply(rng.choice(state.legal_actions()))
    loaded = bz.parse_position(bz.format_position(state))
    check_history(loaded)
    assert loaded.tricks != state.tricks
    _dealt_out(loaded)


def test_a_position_no_replayable_tricks_explain_is_refused_with_the_law() -> None:
    """Seat 0 declared the bezique after trick 1, and seat 1 won the queen of spades
    and the seven in trick 2: led by seat 0, the seven does not take the queen, and
    seat 1 may not have played the queen its opponent declared."""
    text = (
        "rules: classic; dealer: 0; tricks: 01; to-move: 1; trumps: H; turn-up: 7H; "
        "stock: ?; hands: AS TS KS 9C 8C 7C KD / AH TH KH QH 9D 8D 7D JC; "
        "tables: JDa[bezique] / -; won: 9S TS / QSa 7S; melds: 0 bezique QSa JDa @1; "
        "scores: 50/0"
    )
    # Tricks won by law alone hold these piles; with the declaration kept, none do.
    with pytest.raises(bz.InvalidStateError, match=r"after its declaration .*S000 law 7"):
        bz.parse_position(text, seed=1)
    # Seat 1's king takes the queen seat 0 led: the same position with it loads.
    loaded = bz.parse_position(text.replace("QSa 7S", "QSa KS"), seed=1)
    assert [bz.card_id_name(c) for c in loaded.tricks[1].cards] == ["QSa", "KSb"]
