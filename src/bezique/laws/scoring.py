"""What cards and tricks score, what a finished deal scores in the game, and who wins
the game (S000 laws 8, 10-12; BIC, S003).

Every amount a score is made of is given here, as points for a seat or as (seat,
points) pairs: the brisques (:func:`points_for_brisques`), the last trick
(:func:`last_trick_bonus`, :func:`trick_won`), the end of the stock and the last card
drawn (:func:`stock_end_bonus`, :func:`last_card_drawn_points`), the sweep of the
last tricks (:func:`all_last_tricks`), the seven of trumps (:func:`seven_played`,
:func:`seven_of_trumps_bonus`); the engine, the playouts, the score sheet and the
checks add what these laws give and never work an amount out themselves.

Two-hand (``DealScoring.CUMULATIVE``): each player's points go to his game
total (S000 law 12). Rubicon and the multi-pack games
(``DealScoring.RUBICON``): each deal is a game of its own (HGM, BIC, PAR).
The winner is decided on the exact totals. They are dropped to their hundreds
(``Rounding.HUNDREDS``) unless that is needed to decide the winner (BIC): when
the dropped totals are equal, both stay exact. The winner scores the game
bonus plus the difference; if the loser is under the rubicon, the winner
scores instead by the rubicon formula (:class:`~bezique.rules.RubiconBonus`),
where under BIC's every brisque of the deck is paid once, by its own item:
brisques counted into the totals (a tie, or an escape from the rubicon that
failed for the other seat) are taken out of them again.

Worked examples (SC-42, SC-43, SC-53, SC-54), Rubicon, BIC formula:

>>> import bezique as bz
>>> deal_game_scores(bz.variants.RUBICON, (2470, 1530))
((1400, 0), (False, False))
>>> deal_game_scores(bz.variants.RUBICON, (2470, 860))
((4520, 0), (False, True))
>>> deal_game_scores(bz.variants.RUBICON, (2470, 2430))
((540, 0), (False, False))
>>> deal_game_scores(bz.variants.RUBICON, (1070, 960), brisques=(220, 100))
((2920, 0), (False, True))
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Sequence
from typing import Final

from bezique.cards import FACES_PER_PACK, Rank, Suit
from bezique.laws.turns import last_tricks
from bezique.laws.zones import deck_tables
from bezique.records import DealResult, ScoreSource
from bezique.rules import (
    BrisqueTiming,
    CarteBlancheCards,
    DealScoring,
    LastTrick,
    Rounding,
    RubiconBonus,
    Rules,
    SevenOfTrumps,
    StockEndBonus,
)
from bezique.rules.derived import derived

__all__ = [
    "TrickScores",
    "all_brisque_points",
    "all_last_tricks",
    "all_last_tricks_bonus",
    "all_last_tricks_winner",
    "brisques_counted",
    "brisques_counted_when_needed",
    "brisques_in_totals",
    "carte_blanche_bonus",
    "carte_blanche_spoilers",
    "deal_game_scores",
    "decide_winner",
    "decide_winners",
    "exchange_bonus",
    "is_seven_of_trumps",
    "last_card_drawn_points",
    "last_trick_bonus",
    "points_for_brisques",
    "seven_of_trumps_bonus",
    "seven_played",
    "stock_end_bonus",
    "trick_scores",
    "trick_won",
    "turn_up_seven_bonus",
]


def points_for_brisques(rules: Rules, count: int) -> int:
    """What ``count`` aces and tens are worth (S000 law 11: ten each, ``Scoring.brisque_points``),
    whenever they score: every amount of brisques is counted here.

    >>> import bezique as bz
    >>> points_for_brisques(bz.variants.CLASSIC, 7)
    70
    """
    return count * rules.scoring.brisque_points


def all_brisque_points(rules: Rules) -> int:
    """Points of every ace and ten in the deck (320 with four packs, BIC); 0 where
    brisques never score."""
    if rules.scoring.brisques is BrisqueTiming.NEVER:
        return 0
    brisques_per_pack = FACES_PER_PACK // 4
    return points_for_brisques(rules, rules.deck.packs * brisques_per_pack)


def deal_game_scores(
    rules: Rules, totals: Sequence[int], brisques: Sequence[int] = ()
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """What each seat scores in the game for a deal with these final totals,
    and which seats were rubiconed.

    ``brisques``: the points each seat's aces and tens added to its total where
    they were counted after the last trick (:func:`brisques_counted`); empty when
    they were not.
    """
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
    # BIC: fractions of a hundred are ignored "unless needed to determine the
    # winner": where the dropped totals are equal, both stay exact.
    drop = scoring.rounding is Rounding.HUNDREDS and (totals[winner] // 100 != totals[loser] // 100)

    def rounded(total: int) -> int:
        return total // 100 * 100 if drop else total

    if not rubiconed[loser]:
        points = scoring.game_bonus + rounded(totals[winner]) - rounded(totals[loser])
    elif scoring.rubicon_bonus_formula is RubiconBonus.BIC:
        # BIC pays every brisque of the deck as an item of its own, so each is paid
        # once: brisques counted into the totals (to break a tie, or for a rubicon
        # the loser did not escape) are taken out of them first.
        paid = tuple(brisques) or (0,) * n
        win = rounded(totals[winner] - paid[winner])
        lose = rounded(totals[loser] - paid[loser])
        points = scoring.rubicon_bonus + win + lose + all_brisque_points(rules)
    elif scoring.rubicon_bonus_formula is RubiconBonus.S003:
        points = scoring.rubicon_bonus + rounded(totals[winner]) + rounded(totals[loser])
    else:  # RubiconBonus.PAR
        points = scoring.game_bonus + 500 + rounded(totals[winner]) + rounded(totals[loser])
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
    points = points_for_brisques(rules, (won[loser] & brisques).bit_count())
    return low < rules.scoring.rubicon <= low + points


def brisques_counted_when_needed(rules: Rules) -> bool:
    """Whether the aces and tens are counted after the last trick only when they
    matter (``BrisqueTiming.TIES_AND_RUBICON``, BIC): a finished deal then records
    whether they were (:attr:`DealState.counted_brisques
    <bezique.engine.fields.DealFields>`)."""
    return rules.scoring.brisques is BrisqueTiming.TIES_AND_RUBICON


def brisques_in_totals(rules: Rules, won: Sequence[int], counted: bool) -> tuple[int, ...]:
    """The points each seat's aces and tens put into its total of a finished deal,
    from how many each seat won (``won``): all of them where they always score
    (S000 laws 11-12; PAR, as won), where they count only when they matter (BIC)
    only if they were ``counted``; empty where they scored nothing."""
    timing = rules.scoring.brisques
    if timing is BrisqueTiming.NEVER or (timing is BrisqueTiming.TIES_AND_RUBICON and not counted):
        return ()
    return tuple(points_for_brisques(rules, count) for count in won)


# -- what a card played and a trick won score ---------------------------------------------


@typing.final
@dataclasses.dataclass(frozen=True, slots=True)
class TrickScores:
    """What cards played and tricks won score under a rule set: made once per rule
    set by :func:`trick_scores` (each zero where the rules give nothing). A dataclass,
    native in the accelerated build (see :class:`~bezique.laws.zones.DeckTables`)."""

    #: S000 law 8; a seven of trumps played to a stock-phase trick scores for its
    #: player, whether it wins or not (interpretation 4: at once).
    seven_on_play: int
    #: S003; ... and in the last tricks too (where S000 law 8 says "except in last eight tricks").
    seven_in_end_phase: bool
    #: S000 law 8 variation; only for the winner of the trick it is played to.
    seven_on_win: int
    #: PAR; each ace and ten scores as the trick is won.
    brisques_when_won: int
    #: S000 law 10; the numbers of the tricks that score the last-trick points (the
    #: final trick, and in duels the last of each duel, EB9, EB11; variation: the
    #: last trick of the stock).
    bonus_tricks: tuple[int, ...]
    last_trick_points: int
    #: Marjolet (S003); the number of the last stock trick, whose winner scores
    #: ``stock_end_points`` (0: no such bonus, or it goes to the last card drawn).
    stock_end_trick: int = 0
    stock_end_points: int = 0

    def may_score(self, stock_phase: bool, number: int) -> bool:
        """Whether winning trick ``number`` can score anything at all (see
        :func:`trick_won`): most tricks cannot, and the engine asks this first."""
        return (
            number in self.bonus_tricks
            or number == self.stock_end_trick
            or self.brisques_when_won != 0
            or (stock_phase and self.seven_on_win != 0)
        )


#: The readings under which a seven of trumps scores when played.
_SEVEN_PLAYED: Final = frozenset({SevenOfTrumps.ON_PLAY, SevenOfTrumps.ON_PLAY_OR_DECLARATION})


def trick_scores(rules: Rules) -> TrickScores:
    """The :class:`TrickScores` of these rules (kept with them by :meth:`Rules.derived`)."""
    trumps = rules.trumps
    seven = trumps.seven_of_trumps_points
    scoring = rules.scoring
    return TrickScores(
        seven_on_play=seven if trumps.seven_of_trumps in _SEVEN_PLAYED else 0,
        seven_in_end_phase=trumps.seven_in_end_phase,
        seven_on_win=seven if trumps.seven_of_trumps is SevenOfTrumps.ON_WIN else 0,
        brisques_when_won=(
            scoring.brisque_points if scoring.brisques is BrisqueTiming.WHEN_WON else 0
        ),
        bonus_tricks=(
            last_tricks(rules) if scoring.last_trick is LastTrick.FINAL else (rules.stock_tricks,)
        ),
        last_trick_points=scoring.last_trick_points,
        stock_end_trick=(
            rules.stock_tricks
            if scoring.stock_end_points and scoring.stock_end_to is StockEndBonus.LAST_STOCK_TRICK
            else 0
        ),
        stock_end_points=scoring.stock_end_points or 0,
    )


def last_trick_bonus(rules: Rules) -> int:
    """What the winner of the last trick scores for it (S000 law 10: ten; BIC 50);
    which tricks count as the last is :func:`trick_scores`'s ``bonus_tricks``."""
    return rules.scoring.last_trick_points


def stock_end_bonus(rules: Rules) -> int | None:
    """What the bonus at the end of the stock is worth (Marjolet: 10, to the winner
    of the last stock trick, S003, or to the player who draws the last card, WMJ);
    ``None`` where the rules have no such bonus."""
    return rules.scoring.stock_end_points


def all_last_tricks_bonus(rules: Rules) -> int | None:
    """What winning every trick after the stock is worth (Marjolet: S003 50, WMJ 40);
    ``None`` where the rules have no such bonus."""
    return rules.scoring.all_last_tricks_points


def seven_of_trumps_bonus(rules: Rules) -> int:
    """What a seven of trumps scores where it scores played to a trick, for its player
    or for the trick's winner (S000 law 8 and its variation: ten); whether and when it
    does is :func:`seven_played`'s and :func:`trick_won`'s."""
    return rules.trumps.seven_of_trumps_points


def turn_up_seven_bonus(rules: Rules) -> int:
    """What the dealer scores when the turn-up is a seven (S000 law 4: ten); who scores
    it, and when, is :func:`bezique.laws.dealing.dealt_points`'s."""
    return rules.trumps.turn_up_seven_points


def exchange_bonus(rules: Rules) -> int | None:
    """What exchanging the seven of trumps for the turn-up scores (S000 law 8: ten);
    ``None`` where the rules have no exchange."""
    return rules.trumps.exchange_points


def carte_blanche_bonus(rules: Rules) -> int | None:
    """What showing a carte blanche, a hand without a court card, scores (Rubicon 50,
    HGM, FOS p.334; six-pack 250, WKC); ``None`` where the rules have none."""
    return rules.carte_blanche.carte_blanche_points


def last_card_drawn_points(rules: Rules) -> int:
    """What the player who draws the last card of the stock scores for it: the 10 of
    Marjolet under WMJ's reading ("which is always the turn-up card or the trump
    seven"), where S003 gives it to the winner of the 10th trick (:func:`trick_won`)."""
    scoring = rules.scoring
    if scoring.stock_end_to is StockEndBonus.LAST_CARD_DRAWN:
        return scoring.stock_end_points or 0
    return 0


def all_last_tricks_winner(rules: Rules, winners: Sequence[int]) -> int | None:
    """The seat that won every trick after the stock, given the winners of all the
    tricks of a finished deal, where that scores (Marjolet: S003 50, WMJ 40); else ``None``."""
    if not rules.scoring.all_last_tricks_points:
        return None
    last = set(winners[rules.stock_tricks :])
    return last.pop() if len(last) == 1 else None


def all_last_tricks(rules: Rules, winners: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """(seat, points) for the seat that won every trick after the stock (Marjolet:
    S003 50, WMJ 40; :func:`all_last_tricks_winner`), given the winners of all the
    tricks of a finished deal; empty where no one did, or it scores nothing."""
    sweeper = all_last_tricks_winner(rules, winners)
    if sweeper is None:
        return ()
    return ((sweeper, rules.scoring.all_last_tricks_points or 0),)


_SEVEN: Final = int(Rank.SEVEN)


def is_seven_of_trumps(card: int, trump: Suit | None) -> bool:
    """Whether card id ``card`` is a seven of the trump suit."""
    return card & 7 == _SEVEN and trump is not None and (card & 31) >> 3 == trump


def seven_played(
    rules: Rules,
    card: int,
    trump: Suit | None,
    stock_phase: bool,
    declared: bool = False,
    was_turn_up: bool = False,
) -> int:
    """The points its player scores for playing ``card`` to a trick: a seven of trumps,
    where the rules score it when played, in the stock phase (S000 law 8) or at any
    time (S003). Not one already ``declared``, which scored then instead (S001); nor,
    where the seven scores once in a deal (Marjolet, S003), one that ``was_turn_up``
    (turned up at the deal, or put there by the exchange), which has had its points."""
    if declared or not is_seven_of_trumps(card, trump):
        return 0
    if was_turn_up and rules.trumps.seven_scores_once:
        return 0
    scores = derived(rules, trick_scores)
    if not stock_phase and not scores.seven_in_end_phase:
        return 0
    return scores.seven_on_play


def trick_won(
    rules: Rules,
    cards: Sequence[int],
    trump: Suit | None,
    stock_phase: bool,
    number: int,
) -> tuple[tuple[int, ScoreSource, str], ...]:
    """What the winner of trick ``number`` (from 1; ``cards`` its card ids) scores
    for winning it, in order: (points, source, detail) for each score.

    A seven of trumps in a stock trick, where it scores for the winner (S000 law 8
    variation); the aces and tens in it, where they score as won (PAR); the last
    trick (S000 law 10: ten points for the final trick, or, by a variation, for the
    last trick of the stock; in duels for the last trick of each duel, EB9, EB11).
    The brisques counted after the last trick are :func:`brisques_counted`'s.
    """
    scores = derived(rules, trick_scores)
    out: tuple[tuple[int, ScoreSource, str], ...] = ()
    if not scores.may_score(stock_phase, number):
        return out
    if stock_phase and scores.seven_on_win:
        for card in cards:
            if is_seven_of_trumps(card, trump):
                out += ((scores.seven_on_win, ScoreSource.SEVEN_OF_TRUMPS, "won"),)
    if scores.brisques_when_won:
        brisques = deck_tables(rules.deck.packs).brisques
        count = sum(brisques >> card & 1 for card in cards)
        if count:
            points = count * scores.brisques_when_won
            out += ((points, ScoreSource.BRISQUES, f"{count} in trick"),)
    if number in scores.bonus_tricks and scores.last_trick_points:
        out += ((scores.last_trick_points, ScoreSource.LAST_TRICK, f"trick {number}"),)
    if number == scores.stock_end_trick:
        # Marjolet (S003): the winner of the 10th trick, the last of the stock.
        out += ((scores.stock_end_points, ScoreSource.STOCK_END, f"trick {number}"),)
    return out


def carte_blanche_spoilers(rules: Rules) -> int:
    """The mask of the cards a hand must not hold to be a carte blanche: the kings,
    queens and jacks (HGM, FOS p.334, WKC, PAR), and under S001's regional rule the
    aces and tens too."""
    tables = deck_tables(rules.deck.packs)
    if rules.carte_blanche.carte_blanche_cards is CarteBlancheCards.FACE_CARDS:
        return tables.courts | tables.brisques
    return tables.courts


# -- the game's winner -------------------------------------------------------------------


def running_totals(
    rules: Rules, totals: Sequence[int], deal_scores: Sequence[int], over: bool
) -> tuple[int, ...]:
    """The game's totals with the points of the deal in progress where they count
    towards them: added as they are scored (S000 law 12: the game is to the points
    scored), not under rubicon scoring, where a deal scores when it ends (S001).
    ``totals`` are those of the deals finished; once the game is ``over``, or the
    deal has ended (a game waiting for its next deck), they are all there is."""
    if over or rules.scoring.deal_scoring is not DealScoring.CUMULATIVE:
        return tuple(totals)
    return tuple(t + s for t, s in zip(totals, deal_scores, strict=True))


def decide_winners(rules: Rules, totals: Sequence[int], last: DealResult) -> tuple[int, ...]:
    """The side (or seat) that won after a deal, or the sides that share the win;
    empty if no one has reached the target.

    S000 law 12: the highest total at or over the target wins; if equal, the
    highest total less the aces and tens of the last deal; if still equal, the
    winner of the last trick. With three or four seats the winner of the last
    trick may be none of those tied: then they share the win (the library's
    reading; the sources do not say). In partnerships all of it is by side.
    """
    target = rules.game.target
    sides = rules.side_totals(totals)
    best = max(sides)
    if best < target:
        return ()
    tied = [side for side, total in enumerate(sides) if total == best]
    if len(tied) == 1:
        return (tied[0],)
    brisques = rules.side_totals(last.brisques)
    less = {side: sides[side] - points_for_brisques(rules, brisques[side]) for side in tied}
    best_less = max(less.values())
    tied = [side for side in tied if less[side] == best_less]
    if len(tied) == 1:
        return (tied[0],)
    last_side = rules.side_of(last.last_trick_winner)
    return (last_side,) if last_side in tied else tuple(tied)


def decide_winner(rules: Rules, totals: Sequence[int], last: DealResult) -> int | None:
    """The one winner of :func:`decide_winners`, or ``None`` if no one has reached
    the target or the win is shared."""
    winners = decide_winners(rules, totals, last)
    return winners[0] if len(winners) == 1 else None
