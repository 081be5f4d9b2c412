"""Unit tests of :mod:`bezique.laws.tricks`: who takes a trick (S000 laws 4, 6, 9)
and which cards a seat may play to one (S000 law 9, S001, BRI)."""

from __future__ import annotations

import pytest

import bezique as bz
from bezique.cards import FACES, Card, Suit
from bezique.laws.tricks import (
    beats,
    duty_reason,
    playable,
    takes_table,
    trick_terms,
    winning_index,
)
from bezique.laws.zones import bits, deck_tables
from bezique.legality import Reason

C = Card.parse
TABLES = deck_tables(2)


def _ids(text: str) -> list[int]:
    """Card ids of the first copy of each face."""
    return [C(t).index for t in text.split()]


def _mask(text: str) -> int:
    return sum(1 << card for card in _ids(text))


@pytest.mark.parametrize(
    ("card", "best", "trump", "offsuit", "wins"),
    [
        ("TS", "KS", None, False, True),  # the ten ranks between ace and king (S000 law 6)
        ("KS", "TS", None, False, False),
        ("QS", "QS", None, False, False),  # of two equal cards the first played wins
        ("7H", "AS", Suit.HEARTS, False, True),  # a trump takes any other suit (S000 law 4)
        ("AS", "7H", Suit.HEARTS, False, False),
        ("AD", "9S", None, False, False),  # another suit does not win ...
        ("AD", "9S", None, True, True),  # ... unless S000 law 6 as printed is followed
        ("AD", "9S", Suit.SPADES, True, False),  # the trump still wins
    ],
)
def test_beats(card: str, best: str, trump: Suit | None, offsuit: bool, wins: bool) -> None:
    assert beats(C(card), C(best), trump, offsuit) is wins


def test_the_table_is_beats() -> None:
    """Every trump suit and none, each way of offsuit cards: the tables, kept by index,
    are told apart and each is :func:`beats`; asked again, the same table is given."""
    for trump in (None, *Suit):
        for offsuit in (False, True):
            table = takes_table(trump, offsuit)
            assert takes_table(trump, offsuit) is table
            for best in FACES:
                for card in FACES:
                    expected = beats(card, best, trump, offsuit)
                    assert bool(table[best.index << 5 | card.index]) is expected


def test_the_best_card_so_far_takes_the_trick() -> None:
    assert winning_index(_ids("9S KS TS"), None, False) == 2
    assert winning_index(_ids("9S 7H TS"), Suit.HEARTS, False) == 1
    assert winning_index(_ids("9S AD 7C"), None, False) == 0
    assert winning_index(_ids("9S AD 7C"), None, True) == 1


def test_trick_terms_follow_the_phase() -> None:
    classic = bz.variants.CLASSIC
    assert trick_terms(classic, Suit.HEARTS, True) == (Suit.HEARTS, False)
    assert trick_terms(classic, Suit.HEARTS, False) == (Suit.HEARTS, False)
    loose = classic.evolve(offsuit_higher_card_wins=True, trumps_win_in_stock_phase=False)
    assert trick_terms(loose, Suit.HEARTS, True) == (None, True)
    # End phase, "as at whist" (S000 law 9): trumps win, only the suit led or a trump.
    assert trick_terms(loose, Suit.HEARTS, False) == (Suit.HEARTS, False)


def test_without_duties_any_card_may_be_played() -> None:
    held = _mask("7S AH KD")
    assert playable(held, _ids("TS"), Suit.HEARTS, False, TABLES) == held
    assert playable(held, [], Suit.HEARTS, True, TABLES) == held


@pytest.mark.parametrize(
    ("held", "trick", "allowed"),
    [
        ("7S AS KD", "TS", "AS"),  # follow suit and win if able
        ("7S 8S KD", "TS", "7S 8S"),  # follow suit when unable to win
        ("KD 7H AC", "TS", "7H"),  # void: trump
        ("KD AC", "TS", "KD AC"),  # void of both: anything
        ("7S AS KD", "9S 7H", "7S AS"),  # a trump was played: follow, no need to win
        ("KD 8H AH", "9S 7H", "8H AH"),  # void: trump over the trump if able
        # Three or four seats (EB9): a trump that cannot win need not be played;
        # void and unable to win by trumping, any card may be thrown.
        ("KD 8H AH", "9S AH", "KD 8H AH"),
        ("KD 8H TH", "9S 9H", "TH"),  # void: the trump that wins, if there is one
    ],
)
def test_end_phase_duties(held: str, trick: str, allowed: str) -> None:
    found = playable(_mask(held), _ids(trick), Suit.HEARTS, True, TABLES)
    assert sorted(bits(found)) == sorted(_ids(allowed))


def test_the_duty_broken_is_named() -> None:
    trick = _ids("TS")
    held = _mask("7S AS KD 7H")
    assert duty_reason(held, trick, C("KD"), Suit.HEARTS, TABLES) is Reason.MUST_FOLLOW_SUIT
    assert duty_reason(held, trick, C("7S"), Suit.HEARTS, TABLES) is Reason.MUST_WIN_TRICK
    void = _mask("KD 7H")
    assert duty_reason(void, trick, C("KD"), Suit.HEARTS, TABLES) is Reason.MUST_TRUMP
    # EB9: void, holding a trump that wins, a losing trump breaks the duty to win.
    trumped = _ids("9S 9H")
    assert duty_reason(_mask("KD 8H TH"), trumped, C("8H"), Suit.HEARTS, TABLES) is (
        Reason.MUST_WIN_TRICK
    )
