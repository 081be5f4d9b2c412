"""Positions whose tricks the reader's search once gave up on: it then kept tricks
won by law alone, which the replays refuse, and determinization refused some seat's
view of the position it had read. Each is a state of a random deal, written, read
back, and every seat's view dealt out."""

from __future__ import annotations

import random

import pytest
from test_serialization import playout

import bezique as bz
from bezique.checks.determinize import determinize
from bezique.checks.reachable import check_history


def _played_to(preset: str, seed: int, dealer: int, tricks: int) -> bz.DealState:
    """The first state of a deal of random legal actions with ``tricks`` tricks
    played (the actions drawn as the random deals of test_position_views draw them)."""
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed, dealer=dealer)
    while len(state.tricks) < tricks:
        state = state.apply(rng.choice(state.legal_actions()))
        rng.random()
    return state


def _eager_played_to(preset: str, seed: int, dealer: int, tricks: int) -> bz.DealState:
    """The same from the eager deals of test_serialization."""
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    return next(s for s in playout(rules, seed, dealer) if len(s.tricks) == tricks)


def _read_back_and_dealt_out(state: bz.DealState) -> None:
    loaded = bz.parse_position(bz.format_position(state), seed=1)
    assert bz.same_position(loaded, state)
    check_history(loaded)
    for seat in range(state.players):
        view = loaded.view(seat)
        assert determinize(view, random.Random(seat)).view(seat) == view


@pytest.mark.parametrize(
    ("preset", "seed", "dealer", "tricks"),
    [
        # Two declared cards that only the last trick and one other could hold: the
        # search filled the other tricks first and ran out of tries.
        ("four-hand", 5, 0, 29),
        # A declared ace of trumps only four tricks could hold, none taken first.
        ("eight-pack", 7, 0, 52),
    ],
)
def test_a_position_of_a_random_deal_reads_back_with_tricks_that_replay(
    preset: str, seed: int, dealer: int, tricks: int
) -> None:
    _read_back_and_dealt_out(_played_to(preset, seed, dealer, tricks))


@pytest.mark.parametrize("tricks", [27, 28])
def test_cards_and_dominoes_reads_back_at_the_end_of_the_stock(tricks: int) -> None:
    _read_back_and_dealt_out(_eager_played_to("cards-and-dominoes", 11, 1, tricks))
