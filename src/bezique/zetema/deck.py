"""The Zetema deck: 65 cards, five of every rank (S003, PAR-Z).

A 52-card pack plus the thirteen cards of one suit of a second pack, the
*imperial suit* (spades unless the rules say otherwise). Ranks run
A 2 3 4 5 6 7 8 9 T J Q K, the ace low in sequences (PAR-Z).

* A *face* is a small integer ``rank * 4 + suit`` (0..51), suits in the
  library's order S H D C (:class:`bezique.cards.Suit`). Its text is the rank
  letter then the suit letter, as elsewhere in the library: ``KS``, ``TD``
  (``10D`` on input), ``2C``.
* A *card id* (0..64) is one physical card: ids 0..51 are the faces of the
  first pack, ids 52..64 the second copies of the imperial suit, by rank. Its
  text appends the copy letter, as the library writes duplicate cards:
  ``KSa``, ``KSb``.

The two copies of an imperial card are interchangeable in play, so states,
actions and documents hold faces; card ids only name the physical deck.

>>> face_name(parse_face("10d")), face_name(parse_face("k♠"))
('TD', 'KS')
>>> len(deck_faces(Suit.SPADES)), deck_faces(Suit.SPADES).count(parse_face("QS"))
(65, 2)
>>> card_id_name(64, Suit.SPADES), face_of_id(64, Suit.SPADES) == parse_face("KS")
('KSb', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bezique.cards import Suit
from bezique.errors import NotationError, require, require_int, shown

__all__ = [
    "ACE",
    "CARD_COUNT",
    "FACE_COUNT",
    "FIVE",
    "JACK",
    "KING",
    "QUEEN",
    "RANKS",
    "RANK_LETTERS",
    "Faces",
    "Suit",
    "card_id_name",
    "deck_counts",
    "deck_faces",
    "face",
    "face_name",
    "face_of_id",
    "faces_per",
    "faces_text",
    "parse_face",
    "parse_faces",
    "rank_of",
    "sorted_faces",
    "suit_of",
    "with_suit_symbols",
]

#: Rank letters, lowest first, the ace low (PAR-Z).
RANK_LETTERS = "A23456789TJQK"
#: The rank indices 0..12.
RANKS = tuple(range(13))
ACE, FIVE, JACK, QUEEN, KING = 0, 4, 10, 11, 12
#: The number of faces, 13 ranks times 4 suits.
FACE_COUNT = 52
#: The number of physical cards, a pack and one more suit.
CARD_COUNT = 65

_SUIT_LETTERS = "SHDC"
_SUIT_INPUT = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
_SUIT_INPUT.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})
_RANK_INPUT = {letter: i for i, letter in enumerate(RANK_LETTERS)} | {"10": 9}


def face(rank: int, suit: int) -> int:
    """The face of ``rank`` (0 ace .. 12 king) and ``suit`` (0..3, S H D C)."""
    return rank * 4 + suit


def rank_of(card: int) -> int:
    """The rank index of a face: 0 ace, 1 two, ... 12 king."""
    return card >> 2


def suit_of(card: int) -> int:
    """The suit index of a face: 0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return card & 3


_NAMES = tuple(RANK_LETTERS[f >> 2] + _SUIT_LETTERS[f & 3] for f in range(FACE_COUNT))


def face_name(card: int) -> str:
    """``KS``, ``TD``, ``2C``."""
    return _NAMES[card]


def faces_text(cards: Iterable[int]) -> str:
    """Faces as space-separated names, in the order given."""
    return " ".join(_NAMES[c] for c in cards)


_TO_SYMBOLS = str.maketrans(_SUIT_LETTERS, "♠♥♦♣")


def with_suit_symbols(text: str) -> str:
    """``text`` with the suit letter of each card name in it written as its symbol
    (``marry KS QS`` becomes ``marry K♠ Q♠``); other words as they are."""
    return " ".join(
        word[0] + word[1].translate(_TO_SYMBOLS)
        if len(word) == 2 and word[0] in RANK_LETTERS and word[1] in _SUIT_LETTERS
        else word
        for word in text.split()
    )


def parse_face(text: str) -> int:
    """A face from its text: rank then suit, any case, ``10`` for the ten, suit
    symbols accepted. Raises :class:`~bezique.errors.NotationError`."""
    require(text, str, "parse_face()", "text", "a str")
    body = text.strip().upper()
    rank = _RANK_INPUT.get(body[:-1])
    suit = _SUIT_INPUT.get(body[-1:]) if body else None
    if rank is None or suit is None:
        raise NotationError(
            f"not a Zetema card: {shown(text)} (expected a rank A 2-9 T J Q K or 10, "
            "then a suit S H D C)"
        )
    return face(rank, suit)


def parse_faces(text: str) -> tuple[int, ...]:
    """Space-separated faces."""
    require(text, str, "parse_faces()", "text", "a str")
    return tuple(parse_face(part) for part in text.split())


class Faces(tuple[int, ...]):
    """Faces that show as card names: a tuple of the very same ints, as a Bezique
    state's card ids are shown (:class:`bezique.CardIds`). The hands, piles and
    tableau of a Zetema state and view are given in it; it equals, hashes, pickles
    and serialises as the plain tuple.

    >>> hand = Faces([0, 25, 47])
    >>> hand, hand == (0, 25, 47)
    (Faces.parse('AS 7H QC'), True)
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Faces:
        """Faces from their names separated by spaces, ``"AS 6H QC"``."""
        return cls(parse_faces(text))

    def __repr__(self) -> str:
        if not self:
            return f"{type(self).__name__}()"
        try:
            return f"{type(self).__name__}.parse({faces_text(self)!r})"
        except (IndexError, TypeError):
            # Ints no deck holds (built by hand): shown as the ints they are.
            return f"{type(self).__name__}({tuple(self)!r})"


def faces_per(value: Iterable[Iterable[int]]) -> tuple[Faces, ...]:
    """Each of a state's per-seat or per-rank groups of faces as :class:`Faces`."""
    return tuple(Faces(group) for group in value)


def sorted_faces(cards: Iterable[int]) -> tuple[int, ...]:
    """Faces in the library's order: by rank, ace first, then by suit S H D C."""
    return tuple(sorted(cards))


def face_of_id(card_id: int, imperial: Suit) -> int:
    """The face of a physical card; ids 52..64 are the imperial suit's second copies."""
    require_int(card_id, "face_of_id()", "card_id")
    if not 0 <= card_id < CARD_COUNT:
        raise NotationError(f"not a Zetema card id: {shown(card_id)} (expected 0..64)")
    if card_id < FACE_COUNT:
        return card_id
    return face(card_id - FACE_COUNT, int(imperial))


def card_id_name(card_id: int, imperial: Suit) -> str:
    """The text of a physical card: the face and its copy letter, ``KSa`` or ``KSb``."""
    name = face_name(face_of_id(card_id, imperial))
    return name + ("a" if card_id < FACE_COUNT else "b")


def deck_faces(imperial: Suit) -> tuple[int, ...]:
    """The faces of the 65 physical cards, by card id."""
    return tuple(face_of_id(i, imperial) for i in range(CARD_COUNT))


def deck_counts(imperial: Suit) -> Counter[int]:
    """How many copies of each face the deck holds: two in the imperial suit."""
    return Counter(deck_faces(imperial))
