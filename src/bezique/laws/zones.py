"""Precomputed bit masks over physical card ids, one table per pack count.

Zones (a hand, a table, the cards won) are Python ints used as bit sets over
card ids; these masks make suit, rank and face questions a single ``&``.
"""

from __future__ import annotations

import dataclasses
import types
import typing

from bezique.cards import FACES, FACES_PER_PACK, Rank, Suit

__all__ = ["COMPILED", "DeckTables", "bits", "deck_tables", "holds_at_least"]


@typing.final
@dataclasses.dataclass(frozen=True, slots=True)
class DeckTables:
    """The masks of a deck of ``packs`` packs (:func:`deck_tables`). A dataclass, which
    the accelerated build compiles into a native class (an attrs class it leaves
    interpreted), so that compiled code reads its fields directly."""

    packs: int
    size: int
    all_cards: int
    face_mask: tuple[int, ...]  # by face index
    suit_mask: tuple[int, ...]  # by Suit
    rank_mask: tuple[int, ...]  # by Rank
    brisques: int
    courts: int


def deck_tables(packs: int) -> DeckTables:
    """The masks of a deck of ``packs`` packs, made once for each number of packs.

    Kept in a dictionary read in place: the engine asks for them at most of its
    steps, where a call through ``functools.cache`` cost the compiled build about a
    thousand instructions."""
    tables = _DECK_TABLES.get(packs)
    if tables is None:
        tables = _DECK_TABLES[packs] = _make_deck_tables(packs)
    return tables


#: The tables of :func:`deck_tables` made so far, by the number of packs.
_DECK_TABLES: typing.Final[dict[int, DeckTables]] = {}


def _make_deck_tables(packs: int) -> DeckTables:
    size = packs * FACES_PER_PACK
    face_mask = tuple(
        sum(1 << (copy * FACES_PER_PACK + face) for copy in range(packs))
        for face in range(FACES_PER_PACK)
    )
    suit_mask = tuple(sum(face_mask[f.index] for f in FACES if f.suit is suit) for suit in Suit)
    rank_mask = tuple(sum(face_mask[f.index] for f in FACES if f.rank is rank) for rank in Rank)
    return DeckTables(
        packs=packs,
        size=size,
        all_cards=(1 << size) - 1,
        face_mask=face_mask,
        suit_mask=suit_mask,
        rank_mask=rank_mask,
        brisques=rank_mask[Rank.ACE] | rank_mask[Rank.TEN],
        courts=rank_mask[Rank.KING] | rank_mask[Rank.QUEEN] | rank_mask[Rank.JACK],
    )


def bits(mask: int) -> list[int]:
    """The card ids in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: The largest bit set the compiled build holds as a machine word (above it, every
#: operation on the set goes through Python's integers).
_WORD_LIMIT: typing.Final = (1 << 62) - 1


def holds_at_least(cards: int, count: int) -> bool:
    """Whether the bit set ``cards`` (not negative) holds ``count`` cards or more:
    ``cards.bit_count() >= count``, for the compiled build.

    There ``int.bit_count`` is a method call through the interpreter (about 300
    instructions), and a set of a machine word clears its lowest card ``count - 1``
    times and looks for one left: a few machine operations. In Python a call of this
    function costs more than ``bit_count`` itself, so callers in the pure build ask
    ``bit_count`` directly (see :data:`COMPILED`).

    >>> holds_at_least(0b1011, 3), holds_at_least(0b1011, 4), holds_at_least(0, 0)
    (True, False, True)
    """
    if count <= 1 or cards > _WORD_LIMIT:
        return cards.bit_count() >= count
    for _ in range(count - 1):
        cards &= cards - 1
    return cards != 0


#: Whether this module is compiled, as in the accelerated build (a compiled function
#: is not a Python function). Hot loops of the compiled build ask
#: :func:`holds_at_least` where the pure build asks ``int.bit_count``.
COMPILED: typing.Final = not isinstance(holds_at_least, types.FunctionType)
