"""Unit tests of :mod:`bezique.laws.scoring`: what a deal scores in the game (S000
law 12; rubicon scoring, BIC, S003, PAR) and when brisques are counted (S000 laws 11-12)."""

from __future__ import annotations

import attrs
import pytest

import bezique as bz
from bezique.laws.scoring import (
    all_brisque_points,
    all_last_tricks,
    all_last_tricks_bonus,
    brisques_counted,
    deal_game_scores,
    decide_winner,
    decide_winners,
    last_trick_bonus,
    points_for_brisques,
    seven_of_trumps_bonus,
    stock_end_bonus,
)
from bezique.records import DealResult

CLASSIC = bz.variants.CLASSIC
RUBICON = bz.variants.RUBICON
MARJOLET = bz.variants.MARJOLET


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


# -- the amounts: each law gives the points, callers add them ---------------------------


@pytest.mark.parametrize(("count", "points"), [(0, 0), (1, 10), (7, 70)])
def test_brisques_are_worth_ten_each(count: int, points: int) -> None:
    # S000 law 11.
    assert points_for_brisques(CLASSIC, count) == points
    assert points_for_brisques(CLASSIC.evolve(brisque_points=5), count) == points // 2


def test_the_bonuses_of_the_last_tricks() -> None:
    # S000 law 10: ten for the last trick; BIC: fifty.
    assert last_trick_bonus(CLASSIC) == 10
    assert last_trick_bonus(RUBICON) == 50
    # Marjolet (S003): ten at the end of the stock, fifty for all the last tricks.
    assert (stock_end_bonus(MARJOLET), all_last_tricks_bonus(MARJOLET)) == (10, 50)
    assert (stock_end_bonus(CLASSIC), all_last_tricks_bonus(CLASSIC)) == (None, None)


def test_the_seven_of_trumps_is_worth_ten() -> None:
    # S000 law 8.
    assert seven_of_trumps_bonus(CLASSIC) == 10
    assert seven_of_trumps_bonus(CLASSIC.evolve(seven_of_trumps_points=20)) == 20


def test_all_the_last_tricks_score_for_the_seat_that_won_them() -> None:
    # Marjolet (S003): ten stock tricks, then six; one seat won all six.
    stock = [0, 1] * 5
    assert all_last_tricks(MARJOLET, stock + [1] * 6) == ((1, 50),)
    assert all_last_tricks(MARJOLET.evolve(all_last_tricks_points=40), stock + [0] * 6) == (
        (0, 40),
    )
    assert all_last_tricks(MARJOLET, stock + [1] * 5 + [0]) == ()
    assert all_last_tricks(CLASSIC, [0] * 32) == ()


def test_the_game_winner_is_the_laws_and_the_games() -> None:
    """S000 law 12 lives in the laws; :mod:`bezique.game` gives the same functions."""
    assert bz.game.decide_winner is decide_winner
    assert bz.game.decide_winners is decide_winners
    last = DealResult(scores=(400, 420), brisques=(6, 8), last_trick_winner=1)
    # Equal totals: the higher total less the last deal's brisques (60 and 80) wins.
    assert decide_winners(CLASSIC, (1040, 1040), last) == (0,)
    assert decide_winners(CLASSIC.evolve(brisque_points=0), (1040, 1040), last) == (1,)
    assert decide_winners(CLASSIC, (990, 980), last) == ()


def test_the_seven_and_carte_blanche_amounts_come_from_the_laws() -> None:
    """S000 laws 4 and 8 (ten for a turned-up seven, ten for the exchange); a carte
    blanche 50 in Rubicon (HGM, FOS p.334) and 250 in six-pack (WKC); ``None`` where a
    rule set has no exchange or no carte blanche."""
    from bezique.laws.scoring import carte_blanche_bonus, exchange_bonus, turn_up_seven_bonus

    assert turn_up_seven_bonus(bz.variants.CLASSIC) == 10
    assert exchange_bonus(bz.variants.CLASSIC) == 10
    assert carte_blanche_bonus(bz.variants.CLASSIC) is None
    assert carte_blanche_bonus(RUBICON) == 50
    assert carte_blanche_bonus(bz.variants.SIX_PACK) == 250
    assert exchange_bonus(RUBICON) is None
    classic = bz.variants.CLASSIC
    changed = classic.evolve(trumps=attrs.evolve(classic.trumps, exchange_points=None))
    assert exchange_bonus(changed) is None
