"""Unit tests of :mod:`bezique.laws.dealing` (S000 laws 3 and 4; the six-pack cut, PKW)
and of :mod:`bezique.laws.zones`, the deck's tables."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bezique as bz
from bezique.cards import FACES_PER_PACK, Card, Rank, Suit
from bezique.errors import BeziqueError, NotationError
from bezique.laws.dealing import (
    deal_packets,
    dealt_points,
    deck_order,
    eldest_hand,
    seat_order,
    shuffled_deck,
)
from bezique.laws.zones import bits, deck_tables, holds_at_least

CLASSIC = bz.variants.CLASSIC


def test_a_seeded_shuffle_is_a_permutation_that_repeats() -> None:
    order = shuffled_deck(CLASSIC, 7)
    assert sorted(order) == list(range(CLASSIC.deck_size))
    assert order == shuffled_deck(CLASSIC, 7)
    assert order != shuffled_deck(CLASSIC, 8)
    assert shuffled_deck(CLASSIC, "seven") == shuffled_deck(CLASSIC, "seven")


@pytest.mark.parametrize("preset", ["classic", "marjolet", "rubicon", "six-pack", "eight-pack"])
def test_a_seeded_deck_is_the_order_random_shuffle_gives(preset: str) -> None:
    # The shuffle is written out in the law (so that the compiled build runs it
    # compiled); a seed's deck must stay the one Python's random.shuffle made of it,
    # on which every recorded deal, golden file and fingerprint rests.
    rules = bz.rules.variants.get(preset)
    seeds: list[int | str] = [*range(150), -1, 2**255, "seven", ""]
    for seed in seeds:
        expected = list(range(rules.deck_size))
        random.Random(seed).shuffle(expected)
        assert shuffled_deck(rules, seed) == expected, seed


@pytest.mark.parametrize("seed", [True, 1.5, b"x", [1]])
def test_a_seed_must_be_an_int_or_a_string(seed: object) -> None:
    with pytest.raises(TypeError, match="seed must be an int"):
        shuffled_deck(CLASSIC, seed)


def test_an_integer_seed_has_at_most_256_bits() -> None:
    with pytest.raises(BeziqueError, match="seed must be an integer of at most 256 bits"):
        shuffled_deck(CLASSIC, -(2**256))
    assert len(shuffled_deck(CLASSIC, 2**256 - 1)) == CLASSIC.deck_size


def test_faces_are_numbered_copy_by_copy_and_names_are_taken_as_they_are() -> None:
    qs = Card.parse("QS").index
    rest = [c for c in range(CLASSIC.deck_size) if c not in (qs, qs + FACES_PER_PACK)]
    order = deck_order(CLASSIC, ["QS", "QS", *rest])
    assert order[:2] == [qs, qs + FACES_PER_PACK]
    named = deck_order(CLASSIC, ["QSb", "QSa", *rest])
    assert named[:2] == [qs + FACES_PER_PACK, qs]


def test_a_deck_must_hold_every_card_once() -> None:
    with pytest.raises(BeziqueError, match="exactly once"):
        deck_order(CLASSIC, list(range(CLASSIC.deck_size - 1)))
    with pytest.raises(BeziqueError, match="more than 2 times"):
        deck_order(CLASSIC, ["QS"] * 3)
    with pytest.raises(NotationError):
        deck_order(CLASSIC, ["ZZ"])
    with pytest.raises(TypeError, match="deck must be a sequence of ints, strs or Cards"):
        deck_order(CLASSIC, [True])


def test_packets_go_round_from_the_dealers_left_then_the_turn_up() -> None:
    order = list(range(CLASSIC.deck_size))
    hands, turn_up, dealt = deal_packets(CLASSIC, order, dealer=0)
    # S000 law 3: 3, 2, 3 to each in turn, non-dealer first.
    assert bits(hands[1]) == [0, 1, 2, 6, 7, 10, 11, 12]
    assert bits(hands[0]) == [3, 4, 5, 8, 9, 13, 14, 15]
    assert (turn_up, dealt) == (16, 17)
    assert seat_order(2, 1) == (1, 0)


def test_a_turned_up_seven_scores_for_the_dealer() -> None:
    seven = Card(Suit.HEARTS, Rank.SEVEN).index
    assert dealt_points(CLASSIC, seven, 1, None) == [(1, 10)]
    assert dealt_points(CLASSIC, seven + 1, 1, None) == []


def test_the_six_pack_cut() -> None:
    # PKW, HER: the dealer scores for lifting exactly cut_exact cards, the
    # non-dealer for guessing how many were lifted (a knob, off in the presets).
    rules = bz.variants.SIX_PACK.evolve(cut_dealer_points=250, cut_guess_points=150)
    scoring = rules.scoring
    exact = scoring.cut_exact
    points = dealt_points(rules, None, 0, (exact, exact))
    assert (0, scoring.cut_dealer_points) in points
    assert (1, scoring.cut_guess_points) in points
    assert dealt_points(rules, None, 0, (exact + 1, exact)) == []
    with pytest.raises(BeziqueError, match="cut must be"):
        dealt_points(rules, None, 0, (0, 3))
    with pytest.raises(BeziqueError, match="no cut bonus"):
        dealt_points(CLASSIC, None, 0, (3, 3))


@given(st.integers(min_value=0, max_value=(1 << 256) - 1), st.integers(-1, 9))
def test_a_bit_set_holds_at_least_as_many_cards_as_it_counts(cards: int, count: int) -> None:
    """``holds_at_least`` is ``bit_count() >= count``, for sets of one pack to eight
    (the compiled build counts those of a machine word and those past it apart)."""
    assert holds_at_least(cards, count) is (cards.bit_count() >= count)
    word = cards & ((1 << 62) - 1)
    assert holds_at_least(word, count) is (word.bit_count() >= count)


def test_deck_tables() -> None:
    assert deck_tables(2) is deck_tables(2)
    tables = deck_tables(2)
    assert tables.size == 64
    assert tables.all_cards == (1 << 64) - 1
    qs = Card.parse("QS").index
    assert bits(tables.face_mask[qs]) == [qs, qs + 32]
    assert tables.brisques.bit_count() == 16
    assert tables.courts.bit_count() == 24
    assert bits(tables.suit_mask[Suit.SPADES]) == [*range(8), *range(32, 40)]


def test_the_seat_on_the_dealers_left_leads_the_first_trick() -> None:
    # S000 laws 3 and 5: the non-dealer is dealt first and leads.
    assert (eldest_hand(2, 0), eldest_hand(2, 1), eldest_hand(3, 2)) == (1, 0, 0)
    for dealer in (0, 1):
        assert bz.new_deal(CLASSIC, seed=3, dealer=dealer).leader == eldest_hand(2, dealer)
