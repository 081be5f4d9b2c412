"""Unit tests of :mod:`bezique.laws.scoring`: what a deal scores in the game (S000
law 12; rubicon scoring, BIC, S003, PAR) and when brisques are counted (S000 laws 11-12)."""

from __future__ import annotations

import pytest

import bezique as bz
from bezique.laws.scoring import all_brisque_points, brisques_counted, deal_game_scores

CLASSIC = bz.variants.CLASSIC
RUBICON = bz.variants.RUBICON


def test_two_hand_scores_go_to_the_game_as_they_are() -> None:
    assert deal_game_scores(CLASSIC, (1230, 870)) == ((1230, 870), (False, False))


def test_rubicon_deal_winner_scores_the_bonus_and_the_difference() -> None:
    # BIC: totals dropped to their hundreds, bonus 500 plus the difference.
    assert deal_game_scores(RUBICON, (2470, 1530)) == ((1400, 0), (False, False))


def test_rubicon_loser_under_the_rubicon() -> None:
    # BIC: the rubicon bonus plus both totals plus every brisque of the deck (320).
    assert deal_game_scores(RUBICON, (2470, 860)) == ((4520, 0), (False, True))


def test_a_rubicon_deal_still_tied_scores_nothing() -> None:
    assert deal_game_scores(RUBICON, (1500, 1500)) == ((0, 0), (False, False))


@pytest.mark.parametrize(
    ("rules", "points"),
    [(CLASSIC, 160), (RUBICON, 320), (CLASSIC.evolve(brisques="never"), 0)],
)
def test_all_brisque_points(rules: bz.Rules, points: int) -> None:
    assert all_brisque_points(rules) == points


def test_brisques_always_count_at_the_end_of_a_classic_deal() -> None:
    assert brisques_counted(CLASSIC, (500, 400), (0, 0), 0)
    assert not brisques_counted(CLASSIC.evolve(brisques="never"), (500, 500), (0, 0), 0)


def test_what_a_trick_scores_its_winner() -> None:
    from bezique.cards import Card, Suit
    from bezique.laws.scoring import is_seven_of_trumps, seven_played, trick_won
    from bezique.records import ScoreSource

    seven, ace = Card.parse("7H").index, Card.parse("AH").index
    assert is_seven_of_trumps(seven, Suit.HEARTS)
    assert not is_seven_of_trumps(seven, Suit.SPADES)
    # S000 law 8: the seven of trumps played in the stock phase, 10 for its player.
    assert seven_played(CLASSIC, seven, Suit.HEARTS, True) == 10
    assert seven_played(CLASSIC, seven, Suit.HEARTS, False) == 0
    assert seven_played(CLASSIC.evolve(seven_of_trumps="on-win"), seven, Suit.HEARTS, True) == 0
    # ... or, by a variation, for the winner of the trick.
    on_win = CLASSIC.evolve(seven_of_trumps="on-win")
    assert trick_won(on_win, [ace, seven], Suit.HEARTS, True, 3) == (
        (10, ScoreSource.SEVEN_OF_TRUMPS, "won"),
    )
    # S000 law 10: the final trick; a variation: the last trick of the stock.
    assert trick_won(CLASSIC, [ace, seven], Suit.HEARTS, False, 32) == (
        (10, ScoreSource.LAST_TRICK, "trick 32"),
    )
    assert trick_won(CLASSIC, [ace, seven], Suit.HEARTS, False, 31) == ()
    early = CLASSIC.evolve(last_trick="24th")
    assert trick_won(early, [ace, seven], Suit.HEARTS, True, 24)[0][1] is ScoreSource.LAST_TRICK
    # PAR: aces and tens score as they are won.
    par = CLASSIC.evolve(brisques="when-won")
    assert trick_won(par, [ace, seven], Suit.HEARTS, True, 3) == (
        (10, ScoreSource.BRISQUES, "1 in trick"),
    )
