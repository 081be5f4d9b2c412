"""Meld kinds, their classes and point values, and how cards form them.

A *meld* (a combination) is a set of cards a player lays on the table after
winning a trick to score its value: a *declaration*. The kinds and their
values are data: :class:`MeldValues` holds one field per kind, ``None`` where
the kind does not exist in a variant.

Kinds fall in *classes* (FOS pp. 325, 334; WKC): marriages and sequences,
beziques, quartets. The re-use rules (see :mod:`bezique.laws.declaring`) are
stated in terms of these classes.

What cards form a kind depends on the trump suit and, for the bezique, on the
agreed bezique pair (S000 variation, CHA, PAR): :func:`patterns` gives, for
one kind, every set of faces that forms it.

>>> from bezique.cards import Suit
>>> [" ".join(map(str, p.faces)) for p in patterns(MeldKind.ROYAL_MARRIAGE, Suit.HEARTS)]
['QH KH']
>>> MeldKind.DOUBLE_BEZIQUE.meld_class
<MeldClass.BEZIQUES: 'beziques'>
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from bezique.cards import FACES, Card, Rank, Suit
from bezique.rules.options import Option, check_fields

__all__ = [
    "BeziquePair",
    "MeldClass",
    "MeldKind",
    "MeldValues",
    "Pattern",
    "QuartetSuits",
    "patterns",
]


class MeldClass(enum.StrEnum):
    """The classes of melds used by the re-use rules (FOS pp. 325-326, 334)."""

    MARRIAGES_AND_SEQUENCES = "marriages-and-sequences"
    BEZIQUES = "beziques"
    QUARTETS = "quartets"
    #: The seven of trumps declared for its 10 (HGM, S001); a class of its own.
    SEVEN_OF_TRUMPS = "seven-of-trumps"


class MeldKind(enum.StrEnum):
    """Every kind of meld in the family. The value is the text form.

    The order of the members is the order of declarations in
    :meth:`bezique.DealState.legal_actions`.
    """

    COMMON_MARRIAGE = "common-marriage"
    ROYAL_MARRIAGE = "royal-marriage"
    PLAIN_SEQUENCE = "plain-sequence"
    TRUMP_SEQUENCE = "trump-sequence"
    BEZIQUE = "bezique"
    DOUBLE_BEZIQUE = "double-bezique"
    TRIPLE_BEZIQUE = "triple-bezique"
    QUADRUPLE_BEZIQUE = "quadruple-bezique"
    QUINTUPLE_BEZIQUE = "quintuple-bezique"
    FOUR_JACKS = "four-jacks"
    FOUR_QUEENS = "four-queens"
    FOUR_KINGS = "four-kings"
    FOUR_TENS = "four-tens"
    FOUR_ACES = "four-aces"
    FOUR_TRUMP_JACKS = "four-trump-jacks"
    FOUR_TRUMP_QUEENS = "four-trump-queens"
    FOUR_TRUMP_KINGS = "four-trump-kings"
    FOUR_TRUMP_TENS = "four-trump-tens"
    FOUR_TRUMP_ACES = "four-trump-aces"
    FIVE_TRUMP_JACKS = "five-trump-jacks"
    FIVE_TRUMP_QUEENS = "five-trump-queens"
    FIVE_TRUMP_KINGS = "five-trump-kings"
    FIVE_TRUMP_TENS = "five-trump-tens"
    FIVE_TRUMP_ACES = "five-trump-aces"
    SEVEN_OF_TRUMPS = "seven-of-trumps"
    #: The marjolet (the jack of trumps) with the queen of trumps (Marjolet; WMJ, ADP).
    ROYAL_MARJOLET = "royal-marjolet"
    #: The marjolet with a queen of another suit (Marjolet; WMJ, ADP).
    COMMON_MARJOLET = "common-marjolet"

    @property
    def meld_class(self) -> MeldClass:
        return _CLASS_OF[self]

    @property
    def bit(self) -> int:
        """This kind's bit in a card's declaration history."""
        return _BIT_OF[self]

    @property
    def field(self) -> str:
        """The name of this kind's field in :class:`MeldValues`."""
        return self.name.lower()

    @property
    def card_count(self) -> int:
        """How many cards a meld of this kind holds (the same in every pattern of it,
        :func:`patterns`)."""
        return _CARD_COUNT_OF[self]

    def __repr__(self) -> str:
        return f"MeldKind.{self.name}"


_CLASS_OF: dict[MeldKind, MeldClass] = {
    kind: (
        MeldClass.MARRIAGES_AND_SEQUENCES
        if kind.name.endswith(("MARRIAGE", "SEQUENCE", "MARJOLET"))
        else MeldClass.BEZIQUES
        if kind.name.endswith("BEZIQUE")
        else MeldClass.SEVEN_OF_TRUMPS
        if kind is MeldKind.SEVEN_OF_TRUMPS
        else MeldClass.QUARTETS
    )
    for kind in MeldKind
}
_BIT_OF: dict[MeldKind, int] = {kind: 1 << i for i, kind in enumerate(MeldKind)}
KINDS_BY_BIT: tuple[MeldKind, ...] = tuple(MeldKind)
CLASS_MASK: Final[dict[MeldClass, int]] = {
    c: sum(k.bit for k in MeldKind if k.meld_class is c) for c in MeldClass
}


def kinds_in(mask: int) -> tuple[MeldKind, ...]:
    """The kinds whose bits are set in a history mask, in kind order."""
    kinds = _KINDS_IN.get(mask)
    if kinds is None:
        found = []
        rest = mask & _ALL_KINDS
        while rest:
            low = rest & -rest
            found.append(KINDS_BY_BIT[low.bit_length() - 1])
            rest ^= low
        kinds = _KINDS_IN[mask] = tuple(found)
    return kinds


# The kinds of each history mask met so far: a card's history holds one or two kinds,
# and the same few masks come up on every trick of the multi-pack games.
_KINDS_IN: dict[int, tuple[MeldKind, ...]] = {}
_ALL_KINDS = (1 << len(KINDS_BY_BIT)) - 1


class QuartetSuits(Option):
    """Which suits four of a kind may hold."""

    #: Any suit or suits, duplicates allowed (S000 table, FOS p.325, PAR, WKC).
    ANY = "any"
    #: One of each suit (S002; S001 "in some variants").
    ONE_OF_EACH = "one-of-each"


class BeziquePair(Option):
    """Which queen and jack make a bezique (S000 score table and its variation; CHA)."""

    #: Always the queen of spades and the jack of diamonds (S000, S001, S002, S004, FOS, PAR).
    STANDARD = "standard"
    #: QC + JH when spades or diamonds are trumps, else QS + JD (S000 variation, CHA).
    CLUBS_HEARTS_WHEN_BLACK_RED = "qc-jh-when-spades-or-diamonds"
    #: Queen of trumps + jack of the suit of the other colour; S<->D, C<->H (PAR, HER).
    #: CMC's table (H: QH+JC, D: QD+JS, C: QC+JH, S: QS+JD) is the same pairing, so the
    #: text ``"cmc"`` is accepted as another name for this option.
    TRUMP_QUEEN_OPPOSITE_JACK = "trump-queen-opposite-jack"

    def suits(self, trump: Suit | None) -> tuple[Suit, Suit]:
        """The (queen suit, jack suit) of the bezique with this trump suit.

        With no trump suit yet (Rubicon before the first marriage) every
        reading gives the standard pair.
        """
        if trump is None or self is BeziquePair.STANDARD:
            return (Suit.SPADES, Suit.DIAMONDS)
        if self is BeziquePair.CLUBS_HEARTS_WHEN_BLACK_RED:
            if trump in (Suit.SPADES, Suit.DIAMONDS):
                return (Suit.CLUBS, Suit.HEARTS)
            return (Suit.SPADES, Suit.DIAMONDS)
        return (trump, _OPPOSITE[trump])


_OPPOSITE = {
    Suit.SPADES: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.SPADES,
    Suit.CLUBS: Suit.HEARTS,
    Suit.HEARTS: Suit.CLUBS,
}


@attrs.frozen(kw_only=True, cache_hash=True)
class MeldValues:
    """The points of every meld kind; ``None`` means the kind does not exist.

    Defaults are the two-hand table of S000 (matching FOS and PAR).
    """

    common_marriage: int | None = 20
    royal_marriage: int | None = 40
    plain_sequence: int | None = None
    trump_sequence: int | None = 250
    bezique: int | None = 40
    double_bezique: int | None = 500
    triple_bezique: int | None = None
    quadruple_bezique: int | None = None
    quintuple_bezique: int | None = None
    four_jacks: int | None = 40
    four_queens: int | None = 60
    four_kings: int | None = 80
    four_tens: int | None = None
    four_aces: int | None = 100
    four_trump_jacks: int | None = None
    four_trump_queens: int | None = None
    four_trump_kings: int | None = None
    four_trump_tens: int | None = None
    four_trump_aces: int | None = None
    five_trump_jacks: int | None = None
    five_trump_queens: int | None = None
    five_trump_kings: int | None = None
    five_trump_tens: int | None = None
    five_trump_aces: int | None = None
    royal_marjolet: int | None = None
    common_marjolet: int | None = None

    def __attrs_post_init__(self) -> None:
        check_fields(self)

    def of(self, kind: MeldKind) -> int | None:
        """The points of ``kind``, or ``None`` if it is not in the variant.

        The seven of trumps is not here: its points are a field of
        :class:`bezique.rules.Trumps`, since it is a declaration only when it
        scores on declaration (HGM, S001).
        """
        value: int | None = getattr(self, kind.field, None)
        return value

    def kinds(self) -> tuple[MeldKind, ...]:
        """The kinds that exist (have points), in kind order."""
        return tuple(k for k in MeldKind if self.of(k) is not None)


@attrs.frozen
class Pattern:
    """One way to form a kind: a multiset of faces (sorted), or any ``count``
    cards of one rank (``rank`` set and ``faces`` empty)."""

    kind: MeldKind
    faces: tuple[Card, ...] = ()
    rank: Rank | None = None
    count: int = 0

    def matches(self, faces: tuple[Card, ...]) -> bool:
        """Whether these faces (any order) form this pattern."""
        if self.rank is not None:
            return len(faces) == self.count and all(f.rank is self.rank for f in faces)
        return sorted(faces) == list(self.faces)


_QUARTET_RANK = {
    MeldKind.FOUR_JACKS: Rank.JACK,
    MeldKind.FOUR_QUEENS: Rank.QUEEN,
    MeldKind.FOUR_KINGS: Rank.KING,
    MeldKind.FOUR_TENS: Rank.TEN,
    MeldKind.FOUR_ACES: Rank.ACE,
}
_TRUMP_GROUP = {
    MeldKind.FOUR_TRUMP_JACKS: (Rank.JACK, 4),
    MeldKind.FOUR_TRUMP_QUEENS: (Rank.QUEEN, 4),
    MeldKind.FOUR_TRUMP_KINGS: (Rank.KING, 4),
    MeldKind.FOUR_TRUMP_TENS: (Rank.TEN, 4),
    MeldKind.FOUR_TRUMP_ACES: (Rank.ACE, 4),
    MeldKind.FIVE_TRUMP_JACKS: (Rank.JACK, 5),
    MeldKind.FIVE_TRUMP_QUEENS: (Rank.QUEEN, 5),
    MeldKind.FIVE_TRUMP_KINGS: (Rank.KING, 5),
    MeldKind.FIVE_TRUMP_TENS: (Rank.TEN, 5),
    MeldKind.FIVE_TRUMP_ACES: (Rank.ACE, 5),
}
_BEZIQUE_COUNT = {
    MeldKind.BEZIQUE: 1,
    MeldKind.DOUBLE_BEZIQUE: 2,
    MeldKind.TRIPLE_BEZIQUE: 3,
    MeldKind.QUADRUPLE_BEZIQUE: 4,
    MeldKind.QUINTUPLE_BEZIQUE: 5,
}
_SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


def _face(suit: Suit, rank: Rank) -> Card:
    return FACES[int(suit) * 8 + int(rank)]


def _fixed(kind: MeldKind, faces: list[Card]) -> Pattern:
    return Pattern(kind, tuple(sorted(faces)))


def patterns(
    kind: MeldKind,
    trump: Suit | None,
    *,
    bezique_pair: BeziquePair = BeziquePair.STANDARD,
    quartet_suits: QuartetSuits = QuartetSuits.ANY,
    fix_trumps: tuple[MeldKind, ...] = (),
) -> tuple[Pattern, ...]:
    """Every set of faces that forms ``kind`` with this trump suit.

    With no trump suit (``None``, Rubicon before trumps are fixed) no card is a
    trump: there are no trump quartets or sevens of trumps, no plain-suit
    sequences, and no common marriages, since the first marriage fixes trumps.
    The kinds in ``fix_trumps`` (the royal marriage, and the trump sequence
    where a sequence may fix trumps: HGM, FOS p.334, WKC, PAR) may then be
    declared in any suit, which becomes trumps.
    """
    if trump is None:
        if kind in fix_trumps:
            return tuple(p for suit in Suit for p in patterns(kind, suit))
        if kind in (MeldKind.COMMON_MARRIAGE, MeldKind.PLAIN_SEQUENCE) and fix_trumps:
            return ()
    plain = [s for s in Suit if s is not trump]
    if kind is MeldKind.COMMON_MARRIAGE:
        return tuple(_fixed(kind, [_face(s, Rank.KING), _face(s, Rank.QUEEN)]) for s in plain)
    if kind is MeldKind.PLAIN_SEQUENCE:
        return tuple(_fixed(kind, [_face(s, r) for r in _SEQUENCE_RANKS]) for s in plain)
    if kind in _BEZIQUE_COUNT:
        n = _BEZIQUE_COUNT[kind]
        queen_suit, jack_suit = bezique_pair.suits(trump)
        return (
            _fixed(kind, [_face(queen_suit, Rank.QUEEN)] * n + [_face(jack_suit, Rank.JACK)] * n),
        )
    if kind in _QUARTET_RANK:
        rank = _QUARTET_RANK[kind]
        if quartet_suits is QuartetSuits.ONE_OF_EACH:
            return (_fixed(kind, [_face(s, rank) for s in Suit]),)
        return (Pattern(kind, (), rank, 4),)
    # Every other kind holds trumps: none without a trump suit.
    return () if trump is None else _trump_patterns(kind, trump, plain)


def _trump_patterns(kind: MeldKind, trump: Suit, plain: list[Suit]) -> tuple[Pattern, ...]:
    """The patterns of a kind made of trumps (with a plain queen, for the common
    marjolet): the royal marriage, the trump sequence, the trump groups, the
    marjolets and the seven of trumps."""
    if kind is MeldKind.ROYAL_MARRIAGE:
        return (_fixed(kind, [_face(trump, Rank.KING), _face(trump, Rank.QUEEN)]),)
    if kind is MeldKind.TRUMP_SEQUENCE:
        return (_fixed(kind, [_face(trump, r) for r in _SEQUENCE_RANKS]),)
    if kind in _TRUMP_GROUP:
        rank, count = _TRUMP_GROUP[kind]
        return (_fixed(kind, [_face(trump, rank)] * count),)
    if kind is MeldKind.ROYAL_MARJOLET:
        return (_fixed(kind, [_face(trump, Rank.JACK), _face(trump, Rank.QUEEN)]),)
    if kind is MeldKind.COMMON_MARJOLET:
        marjolet = _face(trump, Rank.JACK)
        return tuple(_fixed(kind, [marjolet, _face(s, Rank.QUEEN)]) for s in plain)
    # MeldKind.SEVEN_OF_TRUMPS
    return (_fixed(kind, [_face(trump, Rank.SEVEN)]),)


#: The cards of each kind, read off its patterns (any trump suit gives the same).
_CARD_COUNT_OF: dict[MeldKind, int] = {
    kind: len(found[0].faces) or found[0].count
    for kind in MeldKind
    if (found := patterns(kind, Suit.SPADES))
}
