"""What a finished deal scores in the game (SPEC 4.3, 4.4).

Two-hand (``DealScoring.CUMULATIVE``): each player's points go to his game
total (S000 law 12). Rubicon and the multi-pack games
(``DealScoring.RUBICON``): each deal is a game of its own (HGM, BIC, PAR).
Totals are dropped to their hundreds (``Rounding.HUNDREDS``), the winner being
decided on the exact totals; the winner scores the game bonus plus the
difference; if the loser is under the rubicon, the winner scores instead by
the rubicon formula (:class:`~bezique.rules.RubiconBonus`).

Worked examples (SPEC #42, #43), Rubicon, BIC formula:

>>> import bezique as bz
>>> deal_game_scores(bz.variants.RUBICON, (2470, 1530))
((1400, 0), (False, False))
>>> deal_game_scores(bz.variants.RUBICON, (2470, 860))
((4520, 0), (False, True))
"""

from __future__ import annotations

from collections.abc import Sequence

from bezique.cards import FACES_PER_PACK
from bezique.rules import BrisqueTiming, DealScoring, Rounding, RubiconBonus, Rules

__all__ = ["all_brisque_points", "brisques_counted", "deal_game_scores"]


def all_brisque_points(rules: Rules) -> int:
    """Points of every ace and ten in the deck (320 with four packs, BIC); 0 where
    brisques never score."""
    if rules.scoring.brisques is BrisqueTiming.NEVER:
        return 0
    brisques_per_pack = FACES_PER_PACK // 4
    return rules.deck.packs * brisques_per_pack * rules.scoring.brisque_points


def deal_game_scores(
    rules: Rules, totals: Sequence[int]
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """What each seat scores in the game for a deal with these final totals,
    and which seats were rubiconed."""
    scoring = rules.scoring
    n = len(totals)
    if scoring.deal_scoring is DealScoring.CUMULATIVE:
        return tuple(totals), (False,) * n
    high = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == high]
    if len(winners) > 1:
        # Still equal after the brisques were counted: no one wins the deal.
        return (0,) * n, (False,) * n
    winner = winners[0]
    loser = min(range(n), key=lambda seat: totals[seat])
    # The rubicon is judged on the exact total (BIC: "under 1000").
    rubiconed = tuple(seat != winner and totals[seat] < scoring.rubicon for seat in range(n))

    def rounded(total: int) -> int:
        return total // 100 * 100 if scoring.rounding is Rounding.HUNDREDS else total

    win, lose = rounded(totals[winner]), rounded(totals[loser])
    if not rubiconed[loser]:
        points = scoring.game_bonus + win - lose
    elif scoring.rubicon_bonus_formula is RubiconBonus.BIC:
        points = scoring.rubicon_bonus + win + lose + all_brisque_points(rules)
    elif scoring.rubicon_bonus_formula is RubiconBonus.S003:
        points = scoring.rubicon_bonus + win + lose
    else:  # RubiconBonus.PAR
        points = scoring.game_bonus + 500 + win + lose
    return tuple(points if seat == winner else 0 for seat in range(n)), rubiconed


def brisques_counted(
    rules: Rules, scores: Sequence[int], won: Sequence[int], brisques: int
) -> bool:
    """Whether the aces and tens won are counted after the last trick (S000 laws 11-12).

    Under ``BrisqueTiming.TIES_AND_RUBICON`` (BIC, CMC, S003) they count only to
    break a tie for the highest total, or when they lift the lowest total to the
    rubicon; if any seat counts them, all do. ``won`` holds each seat's won cards
    as a mask, ``brisques`` the mask of the deck's aces and tens.
    """
    timing = rules.scoring.brisques
    if timing is BrisqueTiming.END_OF_DEAL:
        return True
    if timing is not BrisqueTiming.TIES_AND_RUBICON:
        return False
    if list(scores).count(max(scores)) > 1:
        return True
    low = min(scores)
    loser = list(scores).index(low)
    points = (won[loser] & brisques).bit_count() * rules.scoring.brisque_points
    return low < rules.scoring.rubicon <= low + points
