"""Turns: which seats play to a trick, in what order, and who leads the next.

Each rule is stated once, here; the engine, the scoring law, the state checks,
determinization and the display call these functions.

* Every seat plays to each trick, in turn to the left from the leader, and the
  winner of a trick leads the next (S000 laws 5-6; BIC for three and four seats).
* With four seats and ``TrickPlay.end_phase`` set to ``"duels"`` (EB9, EB11), the
  tricks after the stock are played as two duels of a hand's worth of tricks
  each. W, the winner of the last stock trick, plays his hand against the seat on
  his left, W leading the first trick; then the seat on W+1's left plays against
  the fourth seat, leading the first trick of theirs. Within a duel the winner of
  a trick leads the next. A seat outside the current duel does not play. The
  tricks are numbered on (25 to 32, then 33 to 40, with four packs), and the last
  trick of each duel is a last trick (EB9, EB11; interpretation 11).

The number of tricks in a deal is :attr:`bezique.rules.Rules.total_tricks`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from bezique.records import Trick
from bezique.rules import EndPhase, Rules

__all__ = [
    "in_duels",
    "last_tricks",
    "next_leader",
    "trick_seats",
    "tricks_left",
]


def in_duels(rules: Rules) -> bool:
    """Whether the tricks after the stock are played in two duels (EB9, EB11)."""
    return rules.trick_play.end_phase is EndPhase.DUELS


def trick_seats(rules: Rules, tricks: Sequence[Trick], leader: int) -> tuple[int, ...]:
    """The seats that play to the trick after the completed ``tricks``, led by
    ``leader``, in the order they play; the trick has one card from each.

    Every seat, to the left from the leader; in a duel (EB9, EB11) the leader and
    the other seat of the duel: a trick of two cards.
    """
    n = rules.players
    # Asked first whether the rules play duels at all: most do not, and this is
    # asked for every trick the engine plays (the stock's tricks are a computed
    # property of the rules, read only where there are duels).
    if rules.trick_play.end_phase is not EndPhase.DUELS or len(tricks) < rules.stock_tricks:
        return _in_turn(n, leader)
    # The duels pair W with W+1 and W+2 with W+3, W the winner of the last stock trick.
    first = tricks[rules.stock_tricks - 1].winner
    return (leader, (first + ((leader - first) % n ^ 1)) % n)


@functools.lru_cache(maxsize=256)
def _in_turn(n: int, leader: int) -> tuple[int, ...]:
    """The ``n`` seats to the left from ``leader``, in turn (kept: a few seat counts
    and leaders come up at every trick; bounded, as a state read from outside may
    name any leader)."""
    return tuple((leader + i) % n for i in range(n))


def next_leader(rules: Rules, tricks: Sequence[Trick]) -> int:
    """The seat that leads the trick after the completed ``tricks`` (at least one).

    The winner of the last trick (S000 law 5); after the last trick of the first
    duel, the seat on the left of the first duel's second seat (EB9, EB11: "then
    the other two play theirs", W+2 leading).
    """
    stock = rules.stock_tricks
    if rules.trick_play.end_phase is EndPhase.DUELS and len(tricks) == stock + rules.deck.hand_size:
        return (tricks[stock - 1].winner + 2) % rules.players
    return tricks[-1].winner


def last_tricks(rules: Rules) -> tuple[int, ...]:
    """The numbers (from 1) of the tricks that close the play: the final trick of
    the deal (S000 law 10); in duels the last trick of each duel (EB9, EB11)."""
    total = rules.total_tricks
    if rules.trick_play.end_phase is EndPhase.DUELS:
        return (rules.stock_tricks + rules.deck.hand_size, total)
    return (total,)


def tricks_left(rules: Rules, tricks: Sequence[Trick], seat: int) -> int:
    """How many tricks ``seat`` still plays to after the completed ``tricks``, once
    the stock is out (at least the stock tricks are completed): one per card it holds.

    Every seat plays to every trick left; in duels (EB9, EB11) the seats of the
    first duel play until it ends, and those of the second keep their hands until
    theirs begins.
    """
    done = len(tricks)
    total = rules.total_tricks
    if rules.trick_play.end_phase is not EndPhase.DUELS:
        return total - done
    stock = rules.stock_tricks
    hand = rules.deck.hand_size
    first = tricks[stock - 1].winner
    if (seat - first) % rules.players < 2:
        return max(0, stock + hand - done)
    return min(hand, total - done)
