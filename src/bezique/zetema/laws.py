"""Zetema's laws as pure functions of faces: the combinations and their values, the
marriages, the zetema, the turn order.

Each law has its source on the rules page (docs/rules/zetema.md). Hands and the
cards of an action are sorted tuples of faces (:mod:`bezique.zetema.deck`); the
tableau is thirteen piles, one per rank, ace first.

>>> from bezique.zetema import ZETEMA, parse_faces
>>> combination_kind(parse_faces("AS 2S 3S 4S 5S 6S"), ZETEMA)
'flush-sequence'
>>> combination_kind(parse_faces("9H TD JS QS KC 8C"), ZETEMA), marriage_value(2, 1, ZETEMA)
('sequence', 40)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

from bezique.zetema.deck import KING, QUEEN, face, rank_of, suit_of
from bezique.zetema.rules import ZetemaRules

__all__ = [
    "ASSEMBLY",
    "COMBINATION_KINDS",
    "COMBINATION_SIZES",
    "FLUSH",
    "FLUSH_SEQUENCE",
    "MARRIAGES",
    "MOST_MARRIAGES",
    "SEQUENCE",
    "ZETEMA",
    "combination_kind",
    "combination_value",
    "combinations",
    "left_of",
    "marriage_choices",
    "marriage_value",
    "marriages_in",
    "turn_order",
    "zetema_value",
]

FLUSH_SEQUENCE = "flush-sequence"
FLUSH = "flush"
SEQUENCE = "sequence"
ASSEMBLY = "assembly"
MARRIAGES = "marriages"
ZETEMA = "zetema"
#: The combinations other than marriages, in the order legal actions list them.
COMBINATION_KINDS = (FLUSH_SEQUENCE, FLUSH, SEQUENCE, ASSEMBLY)
#: The number of cards of each combination, six in a row or of a suit and the five
#: of a rank (S003, PAR-Z).
COMBINATION_SIZES = {FLUSH_SEQUENCE: 6, FLUSH: 6, SEQUENCE: 6, ASSEMBLY: 5}
#: The most marriages declared at once, one in each suit and the imperial suit's
#: second (S003; the values of one to five, PAR-Z).
MOST_MARRIAGES = 5


def combination_kind(cards: Sequence[int], rules: ZetemaRules) -> str | None:
    """The kind of combination ``cards`` make, or ``None``.

    Six cards of one suit are a flush; six ranks in a row (ace low, the king
    highest, no wrapping) a sequence; both, a flush sequence; five cards of one
    rank, an assembly (S003, PAR-Z). A set of six is one kind only, the highest:
    a flush sequence is not also declared as a flush. Under
    ``imperial_flushes=False`` (CAS-Z) six cards of the imperial suit make no
    flush, and a run among them is a sequence.
    """
    if len(cards) == COMBINATION_SIZES[ASSEMBLY]:
        return ASSEMBLY if len({rank_of(c) for c in cards}) == 1 else None
    if len(cards) != COMBINATION_SIZES[SEQUENCE]:
        return None
    ranks = sorted(rank_of(c) for c in cards)
    run = len(set(ranks)) == 6 and ranks[-1] - ranks[0] == 5
    suits = {suit_of(c) for c in cards}
    flush = len(suits) == 1 and (rules.imperial_flushes or suits != {int(rules.imperial)})
    if run and flush:
        return FLUSH_SEQUENCE
    if flush:
        return FLUSH
    return SEQUENCE if run else None


def combination_value(kind: str, cards: Sequence[int], rules: ZetemaRules) -> int:
    """Points for a declared combination (PAR-Z; CAS-Z for ``zetema-1881``)."""
    if kind == ASSEMBLY:
        return rules.assembly[rank_of(cards[0])]
    return {FLUSH_SEQUENCE: rules.flush_sequence, FLUSH: rules.flush, SEQUENCE: rules.sequence}[
        kind
    ]


def combinations(
    hand: Sequence[int], rules: ZetemaRules
) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every combination other than marriages that ``hand`` (sorted faces) can declare,
    each once: by kind (flush sequence, flush, sequence, assembly), then by cards."""
    found: set[tuple[str, tuple[int, ...]]] = set()
    if len(hand) >= 6:
        for six in set(itertools.combinations(hand, 6)):
            kind = combination_kind(six, rules)
            if kind is not None:
                found.add((kind, six))
    for rank, count in Counter(rank_of(c) for c in hand).items():
        if count == 5:
            found.add((ASSEMBLY, tuple(c for c in hand if rank_of(c) == rank)))
    order = {kind: i for i, kind in enumerate(COMBINATION_KINDS)}
    return tuple(sorted(found, key=lambda item: (order[item[0]], item[1])))


def marriages_in(cards: Iterable[int]) -> tuple[int, ...] | None:
    """The suit of each marriage that ``cards`` make when all are paired (a king and
    a queen of one suit each), or ``None`` if they do not pair up."""
    count = Counter(cards)
    suits: list[int] = []
    for card, n in count.items():
        rank = rank_of(card)
        if rank not in (KING, QUEEN):
            return None
        if rank == KING:
            if count.get(face(QUEEN, suit_of(card)), 0) != n:
                return None
            suits.extend([suit_of(card)] * n)
        elif count.get(face(KING, suit_of(card)), 0) != n:
            return None
    return tuple(sorted(suits))


def marriage_value(count: int, imperial: int, rules: ZetemaRules) -> int:
    """Points for ``count`` marriages declared at once, ``imperial`` of them in the
    imperial suit: 10/30/60/100/150, and 10 more for each imperial marriage when
    fewer than five are declared (PAR-Z; CAS-Z's table is the same)."""
    bonus = rules.imperial_marriage * imperial if count < MOST_MARRIAGES else 0
    return rules.marriages[count - 1] + bonus


def marriage_choices(
    hand: Sequence[int], tableau: Sequence[Sequence[int]]
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every declaration of marriages open to ``hand``: pairs (cards from the hand,
    cards from the tableau), at least one card from the hand (S003). Any number of
    marriages, each a king and a queen of one suit. Each choice once, by number of
    marriages, then the hand's cards, then the tableau's."""
    held = Counter(hand)
    laid = Counter(c for pile in (tableau[KING], tableau[QUEEN]) for c in pile)
    per_suit: list[list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = []
    for suit in range(4):
        king, queen = face(KING, suit), face(QUEEN, suit)
        hk, hq, tk, tq = held[king], held[queen], laid[king], laid[queen]
        options: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        for m in range(min(hk + tk, hq + tq) + 1):
            for kh in range(max(0, m - tk), min(m, hk) + 1):
                for qh in range(max(0, m - tq), min(m, hq) + 1):
                    options.append(
                        (m, (king,) * kh + (queen,) * qh, (king,) * (m - kh) + (queen,) * (m - qh))
                    )
        per_suit.append(options)
    choices = []
    for parts in itertools.product(*per_suit):
        count = sum(p[0] for p in parts)
        from_hand = tuple(sorted(c for p in parts for c in p[1]))
        if count and from_hand:
            choices.append((count, from_hand, tuple(sorted(c for p in parts for c in p[2]))))
    choices.sort()
    return tuple((h, t) for _, h, t in choices)


def zetema_value(rank: int, rules: ZetemaRules) -> int:
    """Points for the zetema of ``rank``: K or Q 50, J 20, A or 5 15, others 5 (PAR-Z)."""
    return rules.zetema[rank]


def left_of(seat: int, players: int) -> int:
    """The seat to the left of ``seat``, which comes after it: the cards are dealt, the
    turns pass and the deal passes to the left (S003)."""
    return (seat + 1) % players


def turn_order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in the order they play a hand, and are dealt to: the seat to the
    dealer's left first, then on to the left (S003)."""
    first = left_of(dealer, players)
    return tuple((first + i) % players for i in range(players))
