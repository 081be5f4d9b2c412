"""Suits, ranks, card faces and physical copies, with their text forms.

Bezique is played with piquet packs of 32 cards: A T K Q J 9 8 7 in each of
four suits (S000 preamble, S001). Several packs are shuffled together, so a
deck holds several *physical copies* of each *face*.

* A :class:`Card` is a face: ``Card.parse("QS")`` is the queen of spades,
  whichever pack it came from.
* A physical card is a small integer, the *card id*:
  ``copy * 32 + face index``. The text form of a card id appends the copy as a
  letter, ``"QSa"``, ``"QSb"``, as in the rules notes.

Ranks are in trick order (the ten ranks between the ace and the king,
S000 law 6). Text input accepts ``QS``, ``qs``, ``TD``, ``10D`` and suit
symbols (``Q♠``); output is ``QS`` (``str``) or ``Q♠`` (:meth:`Card.display`).

>>> Card.parse("10D")
Card.parse('TD')
>>> str(Card.parse("q♠")), Card.parse("QS").display()
('QS', 'Q♠')
>>> Rank.TEN > Rank.KING
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Final

import attrs

from bezique.errors import NotationError, require, require_int, shown, wrong_type

__all__ = [
    "FACES",
    "FACES_PER_PACK",
    "Card",
    "CardIds",
    "Rank",
    "Suit",
    "card_id_name",
    "display_key_of",
    "display_order",
    "face_of",
    "parse_card_id",
]

FACES_PER_PACK: Final = 32


class Suit(enum.IntEnum):
    """The four suits. The order (S, H, D, C) is only for sorting and display."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``S``/``H``/``D``/``C`` (any case) or a suit symbol."""
        require(text, str, "Suit.parse()", "text", "a str")
        suit = _SUIT_INPUT.get(text.strip().upper())
        if suit is None:
            raise NotationError(f"not a suit: {shown(text)} (expected one of S H D C or ♠ ♥ ♦ ♣)")
        return suit


class Rank(enum.IntEnum):
    """Ranks in trick-taking order, lowest first: 7 8 9 J Q K T A (S000 law 6)."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    JACK = 3
    QUEEN = 4
    KING = 5
    TEN = 6
    ACE = 7

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    @property
    def is_brisque(self) -> bool:
        """Aces and tens are the brisques, worth 10 each in tricks (S000 law 11)."""
        return self in (Rank.ACE, Rank.TEN)

    @property
    def is_court(self) -> bool:
        """King, queen and jack: the court cards (carte blanche, HGM, FOS p.334)."""
        return self in (Rank.KING, Rank.QUEEN, Rank.JACK)

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``A T K Q J 9 8 7`` (any case) or ``10``."""
        require(text, str, "Rank.parse()", "text", "a str")
        rank = _RANK_INPUT.get(text.strip().upper())
        if rank is None:
            raise NotationError(
                f"not a rank: {shown(text)} (expected one of A T K Q J 9 8 7 or 10)"
            )
        return rank


_SUIT_LETTERS = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_INPUT = {
    **{letter: suit for suit, letter in _SUIT_LETTERS.items()},
    **{symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_RANK_LETTERS = {
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.TEN: "T",
    Rank.ACE: "A",
}
_RANK_INPUT = {**{letter: rank for rank, letter in _RANK_LETTERS.items()}, "10": Rank.TEN}


@attrs.frozen(order=False, repr=False)
class Card:
    """A card face: a suit and a rank, whatever pack it came from.

    Faces sort by suit, then by rank in trick order.
    """

    suit: Suit = attrs.field(validator=lambda _, a, v: require(v, Suit, "Card()", a.name, "a Suit"))
    rank: Rank = attrs.field(validator=lambda _, a, v: require(v, Rank, "Card()", a.name, "a Rank"))
    #: The face index 0..31, ``suit * 8 + rank`` (derived).
    index: int = attrs.field(init=False, eq=False, repr=False)

    @index.default
    def _index(self) -> int:
        return int(self.suit) * 8 + int(self.rank)

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= require_int(index, "Card.from_index()", "index") < FACES_PER_PACK:
            raise NotationError(f"not a face index: {shown(index)}")
        return FACES[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a face: rank then suit, ``QS``, ``TD``, ``10D``, ``Q♠``."""
        require(text, str, "Card.parse()", "text", "a str")
        cleaned = text.strip()
        if len(cleaned) < 2 or any(ch.isspace() for ch in cleaned):
            raise NotationError(f"not a card: {shown(text)} (expected a rank and a suit, e.g. QS)")
        try:
            rank = Rank.parse(cleaned[:-1])
            suit = Suit.parse(cleaned[-1])
        except NotationError as error:
            raise NotationError(f"not a card: {shown(text)} ({error})") from None
        return FACES[int(suit) * 8 + int(rank)]

    def display(self) -> str:
        """The display form with a suit symbol, ``Q♠``."""
        return self.rank.letter + self.suit.symbol

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @property
    def display_key(self) -> tuple[int, int]:
        """Where this face goes when a meld's cards are shown: by rank in trick order,
        highest first, then by suit (S H D C). So a sequence reads A T K Q J, a
        marriage K Q, a bezique Q♠ J♦ and four of a kind ♠ ♥ ♦ ♣; this one order
        is used wherever melds are shown (see :func:`display_order`)."""
        return (-int(self.rank), int(self.suit))


FACES: tuple[Card, ...] = tuple(Card(Suit(i // 8), Rank(i % 8)) for i in range(FACES_PER_PACK))
"""The 32 faces, indexed by :attr:`Card.index`."""


def face_of(card_id: int) -> Card:
    """The face of a physical card id."""
    try:
        face = FACES[card_id % FACES_PER_PACK]
    except (TypeError, ValueError):
        # Text and bytes take % as formatting: "%" and b"%" raise ValueError there.
        wrong_type("face_of()", "card_id", "an int", card_id)
    if card_id < 0 or type(card_id) is bool:
        raise NotationError(f"no card id {shown(card_id)}: card ids count from 0")
    return face


def card_id_name(card_id: int) -> str:
    """Text form of a physical card: face and copy letter, ``QSa``, ``QSb``.

    >>> card_id_name(Card.parse("QS").index + 32)
    'QSb'
    """
    copy, face = divmod(require_int(card_id, "card_id_name()", "card_id"), FACES_PER_PACK)
    if not 0 <= copy < 26:
        raise NotationError(f"card id {shown(card_id)} is not in 26 packs")
    return str(FACES[face]) + chr(ord("a") + copy)


def parse_card_id(text: str) -> int:
    """Parse the text form of a physical card, ``QSa`` (``10Sb`` accepted)."""
    require(text, str, "parse_card_id()", "text", "a str")
    cleaned = text.strip()
    if len(cleaned) < 3 or not "a" <= cleaned[-1] <= "z":
        raise NotationError(
            f"not a physical card: {shown(text)} (expected a face and a copy letter)"
        )
    face = Card.parse(cleaned[:-1])
    return (ord(cleaned[-1]) - ord("a")) * FACES_PER_PACK + face.index


class CardIds(tuple[int, ...]):
    """Physical card ids that show as card names: a tuple of the very same ints.

    The zones of a state are bit sets and their card ids plain ints, which the
    engine reads fast; the queries that hand them out (``state.hand(seat)``,
    ``view.hand``, ...) return them in this tuple, whose ``repr`` names the cards.
    It equals, hashes, pickles and serialises as the plain tuple of its ids; adding
    or slicing one gives a plain tuple.

    >>> hand = CardIds([4, 36, 15])
    >>> hand
    CardIds.parse('QSa QSb AHa')
    >>> hand == (4, 36, 15), hand[0], CardIds.parse("QSa QSb AHa") == hand
    (True, 4, True)
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> CardIds:
        """Parse physical card names separated by spaces or commas, ``"QSa QSb"``."""
        require(text, str, "CardIds.parse()", "text", "a str")
        return cls(parse_card_id(name) for name in text.replace(",", " ").split())

    def names(self) -> tuple[str, ...]:
        """The physical name of each card, ``("QSa", "QSb")``."""
        return tuple(card_id_name(card) for card in self)

    def __repr__(self) -> str:
        if not self:
            return f"{type(self).__name__}()"
        try:
            return f"{type(self).__name__}.parse({' '.join(self.names())!r})"
        except (NotationError, TypeError):
            # Ids no deck holds (built by hand): shown as the ints they are.
            return f"{type(self).__name__}({tuple(self)!r})"


def display_key_of(card_id: int) -> tuple[tuple[int, int], int]:
    """Where a card id goes when melds are shown: its face's :attr:`Card.display_key`,
    then the id."""
    return (FACES[card_id % FACES_PER_PACK].display_key, card_id)


def display_order(card_ids: Iterable[int]) -> tuple[int, ...]:
    """Card ids in the order melds are shown (:func:`display_key_of`).

    >>> [card_id_name(c) for c in display_order(map(parse_card_id, ["QSa", "ASa", "JSa"]))]
    ['ASa', 'QSa', 'JSa']
    """
    return tuple(sorted(card_ids, key=display_key_of))


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse several faces separated by spaces or commas."""
    if not isinstance(text, (str, Iterable)):
        wrong_type("parse_cards()", "text", "a str or strings", text)
    parts: Iterator[str] = (
        iter(text.replace(",", " ").split()) if isinstance(text, str) else iter(text)
    )
    return tuple(Card.parse(part) for part in parts)
