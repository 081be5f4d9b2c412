"""Unit tests of :mod:`bezique.determinize` for the seams of the family: more than two
hidden hands, partnerships and melds from the cards won. The two-hand behaviour
(voids proved by the end-phase duties, carte blanche facts, refused views) is tested
with the views in ``test_views.py``."""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique.determinize import determinize, unseen_cards
from bezique.records import Phase

THREE = bz.variants.CLASSIC.evolve(name="three-seats", players=3, packs=3)
PARTNERS = bz.variants.CLASSIC.evolve(name="partners", players=4, packs=4, sides=(0, 1, 0, 1))


def _states(rules: bz.Rules, seed: int) -> list[bz.DealState]:
    state = bz.new_deal(rules, seed=seed)
    rng = random.Random(seed)
    out = [state]
    while not state.is_over:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
        out.append(state)
    return out


@pytest.mark.parametrize("rules", [THREE, PARTNERS])
def test_samples_of_several_hidden_hands_agree_with_the_view(rules: bz.Rules) -> None:
    states = _states(rules, 3)
    for state in states[:: max(1, len(states) // 12)]:
        seat = state.current_player
        if seat is None:
            continue
        view = state.view(seat)
        for k in range(3):
            sample = determinize(view, random.Random(k))
            assert sample.view(seat) == view
            assert sample.legal_actions() == state.legal_actions()
            # Every hidden hand has the size the view shows.
            for other in range(rules.players):
                assert len(sample.held(other)) == view.hand_sizes[other]


def test_the_unseen_cards_are_what_the_others_hold_unseen_and_the_stock() -> None:
    state = _states(THREE, 5)[40]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    hidden = (
        sum(len(state.hands[s]) - len(view.known[s]) for s in range(3) if s != seat)
        + state.stock_size
        - (state.turn_up is not None)
    )
    assert len(unseen_cards(view)) == hidden


def test_the_end_phase_duties_bind_every_seat_of_three() -> None:
    # Whatever a sample deals, the cards each seat played in the end phase were
    # legal for the hand the sample gives it: the duties proved voids hold.
    states = _states(THREE, 7)
    last = next(s for s in reversed(states) if s.phase is Phase.END and not s.is_over)
    seat = last.current_player
    assert seat is not None
    view = last.view(seat)
    for k in range(5):
        sample = determinize(view, random.Random(k))
        assert bz.load_state(bz.state_to_json(sample)) == sample  # passes every invariant
