"""Unit tests of :mod:`bezique.checks.determinize` for the seams of the family: more than two
hidden hands, partnerships and melds from the cards won. The two-hand behaviour
(voids proved by the end-phase duties, carte blanche facts, refused views) is tested
with the views in ``test_views.py``. Here too: the draw is uniform over the deals a
view allows, checked by chi-square tests against deals counted by brute force."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable, Sequence

import attrs
import pytest
from strategies import check_end_phase_duties

import bezique as bz
from bezique.cards import FACES_PER_PACK
from bezique.checks.determinize import _Constraints, _DealCount, _sample, determinize, unseen_cards
from bezique.laws.zones import bits
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
        assert bz.io.load_state(bz.state_to_json(sample)) == sample  # passes every invariant


# -- the draw is uniform over the deals the view allows ------------------------------------


def _chi_square_limit(df: int, z: float = 3.72) -> float:
    """The chi-square value a uniform draw exceeds with probability about 1e-4 (``z``,
    the normal quantile), by the Wilson-Hilferty approximation."""
    return float(df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3)


def _chi_square(counts: Counter[Hashable], cells: Sequence[Hashable], draws: int) -> float:
    assert set(counts) <= set(cells), "a deal outside the allowed ones was drawn"
    expected = draws / len(cells)
    return sum((counts[c] - expected) ** 2 / expected for c in cells)


Deal = tuple[tuple[frozenset[int], ...], tuple[int, ...]]


def _brute_deals(
    cards: Sequence[int], room: Sequence[int], face_down: int, forbid: Sequence[int]
) -> list[Deal]:
    """Every deal of ``cards`` into the hands (``room`` cards each) and the ordered
    stock, no hand holding a face its ``forbid`` set bans."""
    out: list[Deal] = []

    def fill(seat: int, rest: list[int], hands: tuple[frozenset[int], ...]) -> None:
        if seat == len(room):
            out.extend((hands, order) for order in itertools.permutations(rest, face_down))
            return
        for hand in itertools.combinations(rest, room[seat]):
            if not any(forbid[seat] >> (c % FACES_PER_PACK) & 1 for c in hand):
                left = [c for c in rest if c not in hand]
                fill(seat + 1, left, (*hands, frozenset(hand)))

    fill(0, list(cards), ())
    return out


# Seat 0 draws; seats 1-3 hold 1, 2 and 2 unseen cards, and 2 lie in the stock. The
# bans differ from seat to seat (seat 1: faces 2 and 6; seat 2: faces 2-4 and 6; seat
# 3: faces 1, 4 and 6), so the cards fall in groups allowed to different sets of
# seats. Drawing each card's place in proportion to the room left there (as this
# module once did) gives these deals frequencies from 0.5 to 2.1 times the uniform
# one: the chi-square below is then about 410, against a limit of 57.
ROOM = [0, 1, 2, 2]
FORBID = [0, 0b1000100, 0b1011100, 0b1010010]
CARDS = [0, 1, 2, 3, 4, 5, 38]  # 38: the second copy of face 6


def test_the_deals_are_counted_exactly() -> None:
    rng = random.Random(4)
    for _ in range(40):
        cards = rng.sample(range(3 * FACES_PER_PACK), 7)
        forbid = [
            0,
            *(rng.getrandbits(FACES_PER_PACK) & rng.getrandbits(FACES_PER_PACK) for _ in range(3)),
        ]
        others = [1, 2, 3]
        groups: dict[int, int] = {}
        for card in cards:
            kind = sum(1 << i for i, s in enumerate(others) if not forbid[s] >> (card % 32) & 1)
            groups[kind] = groups.get(kind, 0) + 1
        kinds = sorted(groups)
        count = _DealCount(kinds, [groups[k] for k in kinds], 3)
        # The stock's order is not counted: a deal is its hands and its stock set.
        brute = {
            (hands, frozenset(stock))
            for hands, stock in _brute_deals(cards, ROOM[1:], 2, forbid[1:])
        }
        assert count.deals(0, (*ROOM[1:], 2)) == len(brute)


def test_a_constrained_deal_is_drawn_uniformly() -> None:
    cells = [(hands, stock) for hands, stock in _brute_deals(CARDS, ROOM[1:], 2, FORBID[1:])]
    assert len(cells) == len(set(cells)) == 24
    rng = random.Random(11)
    draws = 100 * len(cells)
    counts: Counter[Hashable] = Counter()
    for _ in range(draws):
        dealt, stock = _sample(CARDS, list(ROOM), 2, [1, 2, 3], list(FORBID), rng)
        counts[(tuple(frozenset(dealt[s]) for s in (1, 2, 3)), tuple(stock))] += 1
    assert len(counts) == len(cells)
    assert _chi_square(counts, cells, draws) < _chi_square_limit(len(cells) - 1)


def _allowed_deals(state: bz.DealState, seat: int) -> tuple[list[tuple[int, ...]], int]:
    """The deals of the unseen cards into the other hands that the view of ``seat``
    allows, found by trying every deal: kept if it gives the same view and the
    end-phase duties (S000 law 9, read independently) allowed every card played.
    Each deal as the masks of the other seats' unseen cards; with the number tried."""
    view = state.view(seat)
    base = determinize(view, random.Random(0))
    others = [s for s in range(state.players) if s != seat]
    hidden = [base.hand_masks[s] & ~base.revealed_masks[s] for s in range(state.players)]
    unseen = sorted(c for s in others for c in bits(hidden[s]))
    assert unseen == sorted(unseen_cards(view))
    every = _brute_deals(unseen, [len(bits(hidden[s])) for s in others], 0, [0] * len(others))
    cells = []
    for hands, _ in every:
        masks = list(base.hand_masks)
        for s, hand in zip(others, hands, strict=True):
            masks[s] = base.hand_masks[s] & ~hidden[s] | sum(1 << c for c in hand)
        candidate = attrs.evolve(base, hand_masks=tuple(masks))
        if candidate.view(seat) != view:
            continue
        try:
            check_end_phase_duties(candidate)
        except AssertionError:
            continue
        cells.append(tuple(sum(1 << c for c in hand) for hand in hands))
    return cells, len(every)


def _constrained_end_view(rules: bz.Rules) -> tuple[bz.DealState, int, list[tuple[int, ...]]]:
    """An end-phase state of a random deal where the play rules out some deals of the
    unseen cards but leaves 10 to 150, for the seat to play; with those deals."""
    for seed in range(100):
        for state in _states(rules, seed):
            seat = state.current_player
            if state.phase is not Phase.END or seat is None:
                continue
            view = state.view(seat)
            unseen = unseen_cards(view)
            if not 6 <= len(unseen) <= 9 or not any(_Constraints(view).forbid):
                continue
            cells, tried = _allowed_deals(state, seat)
            if 10 <= len(cells) <= 150 and len(cells) < tried:
                return state, seat, cells
    raise AssertionError("no such state in 100 deals")


@pytest.mark.parametrize("name", ["three-hand", "four-hand"])
def test_determinize_draws_uniformly_among_the_deals_a_view_allows(name: str) -> None:
    # Samples must fall on the deals the view allows alone, each about as often.
    rules = bz.rules.variants.get(name)
    state, seat, cells = _constrained_end_view(rules)
    view = state.view(seat)
    others = [s for s in range(rules.players) if s != seat]
    draws = 100 * len(cells)
    rng = random.Random(2)
    counts: Counter[Hashable] = Counter()
    for _ in range(draws):
        sample = determinize(view, rng, check=False)
        counts[tuple(sample.hand_masks[s] & ~sample.revealed_masks[s] for s in others)] += 1
    assert len(counts) == len(cells)
    assert _chi_square(counts, cells, draws) < _chi_square_limit(len(cells) - 1)
