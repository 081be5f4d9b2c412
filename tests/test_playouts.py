"""Random playouts of whole deals of every preset, every invariant checked at every
step (see ``strategies.checked_playout``), and the result of each deal checked for
sanity.

The default run plays 100 deals of ``CLASSIC``, 30 of each other preset of one or two packs
and 4 to 12 of each preset with more packs (their deals are two to four times
longer); the ``slow`` test (``nox -s slow``) plays 5000 deals of each one- or two-pack
preset and 1000 of each of the others.
"""

from __future__ import annotations

import random

import pytest
from strategies import checked_playout

import bezique as bz
from bezique.laws.scoring import all_brisque_points

PRESETS = [name for name, _ in bz.rules.variants.names()]

#: Deals per preset in the default run: more where deals are short.
DEFAULT_DEALS = {"classic": 100}
TWO_PACK_DEALS = 30
MULTI_PACK_DEALS = {3: 12, 4: 12, 6: 8, 8: 4}
SLOW_DEALS = 5000
SLOW_MULTI_PACK_DEALS = 1000


def _default_count(rules: bz.Rules) -> int:
    if rules.deck.packs <= 2:
        return DEFAULT_DEALS.get(rules.name, TWO_PACK_DEALS)
    return MULTI_PACK_DEALS[rules.deck.packs]


def _play_deals(
    name: str, count: int, *, first_seed: int, thorough_every: int
) -> list[bz.DealResult]:
    rules = bz.rules.variants.get(name)
    results = []
    for seed in range(first_seed, first_seed + count):
        start = bz.new_deal(rules, seed=seed, dealer=seed % rules.players)
        rng = random.Random(f"{name}/{seed}")
        steps = checked_playout(start, rng, thorough_every=thorough_every, eager=seed % 3 == 0)
        final = steps[-1].after
        result = final.result
        assert result is not None
        assert all(score >= 0 for score in result.scores)
        assert len(final.tricks) == rules.total_tricks == rules.deck_size // rules.players
        assert final.current_player is None
        assert final.legal_actions() == ()
        results.append(result)
    return results


def _check_spread(name: str, results: list[bz.DealResult]) -> None:
    """Sanity of the results over many deals: every seat wins the last trick and
    deals, and every deal scores at least its last trick and the brisques that
    always count (S000 laws 10-11; under the Rubicon rule brisques count only at
    times, BIC)."""
    rules = bz.rules.variants.get(name)
    always = rules.scoring.brisques in (bz.BrisqueTiming.END_OF_DEAL, bz.BrisqueTiming.WHEN_WON)
    minimum = rules.scoring.last_trick_points + (all_brisque_points(rules) if always else 0)
    assert all(sum(r.scores) >= minimum for r in results)
    seats = set(range(rules.players))
    assert {r.last_trick_winner for r in results} == seats
    # Every seat has the best score of some deal.
    assert {max(seats, key=r.scores.__getitem__) for r in results} == seats


@pytest.mark.parametrize("name", PRESETS)
def test_random_playouts_keep_every_invariant(name: str) -> None:
    count = _default_count(bz.rules.variants.get(name))
    results = _play_deals(name, count, first_seed=0, thorough_every=8)
    assert len(results) == count
    _check_spread(name, results)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_many_random_playouts_keep_every_invariant(name: str) -> None:
    rules = bz.rules.variants.get(name)
    count = SLOW_DEALS if rules.deck.packs <= 2 else SLOW_MULTI_PACK_DEALS
    results = _play_deals(name, count, first_seed=100_000, thorough_every=1)
    assert len(results) == count
    _check_spread(name, results)
