"""Zones chosen by the rules: melds shown from the cards won (``Zones.declare_from``,
S003's Polish Bezique) rather than from the hand and table (S000 law 7).

These tests run CLASSIC with the zone changed, and nothing else, through the same
invariant checks, JSON forms, views and determinization as every preset; the
presets built on it, POLISH and FILDINSKI, are tested in ``test_polish.py``."""

from __future__ import annotations

import random

from strategies import checked_playout

import bezique as bz
from bezique.checks.determinize import determinize
from bezique.engine.moves import declarable

FROM_WON = bz.variants.CLASSIC.evolve(name="melds-from-won-cards", declare_from="won")


def _eager(state: bz.DealState, rng: random.Random) -> bz.Action:
    actions = state.legal_actions()
    melds = [a for a in actions if isinstance(a, bz.Declare)]
    return melds[0] if melds else actions[rng.randrange(len(actions))]


def test_random_deals_keep_every_invariant() -> None:
    for seed in range(4):
        start = bz.new_deal(FROM_WON, seed=seed, dealer=seed % 2)
        steps = checked_playout(start, random.Random(seed), thorough_every=4, eager=True)
        final = steps[-1].after
        assert final.is_over
        assert final.melds, "no meld was shown from the cards won"
        for meld in final.melds:
            assert all(card in final.won[meld.seat] for card in meld.cards)
        assert not any(final.tables)


def test_a_seat_declares_only_from_what_it_has_won() -> None:
    state = bz.new_deal(FROM_WON, seed=1)
    assert declarable(state, 0) == 0  # nothing won yet
    rng = random.Random(1)
    while not state.is_over:
        for declaration in state.legal_declarations():
            seat = state.current_player
            assert seat is not None
            won = set(state.won[seat])
            assert all(any(bz.face_of(c) == ref.card for c in won) for ref in declaration.cards)
        state = state.apply(_eager(state, rng))


def test_json_views_and_determinization_keep_the_won_cards_histories() -> None:
    state = bz.new_deal(FROM_WON, seed=2)
    rng = random.Random(2)
    checked = 0
    while not state.is_over:
        state = state.apply(_eager(state, rng))
        if not state.melds or state.current_player is None:
            continue
        assert bz.io.load_state(bz.state_to_json(state)) == state
        seat = state.current_player
        sample = determinize(state.view(seat), random.Random(checked))
        assert sample.view(seat) == state.view(seat)
        assert sample.legal_actions() == state.legal_actions()
        checked += 1
    assert checked > 20
