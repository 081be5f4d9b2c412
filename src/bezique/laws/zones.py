"""Precomputed bit masks over physical card ids, one table per pack count.

Zones (a hand, a table, the cards won) are Python ints used as bit sets over
card ids; these masks make suit, rank and face questions a single ``&``.
"""

from __future__ import annotations

import dataclasses
import functools
import typing

from bezique.cards import FACES, FACES_PER_PACK, Rank, Suit

__all__ = ["DeckTables", "bits", "deck_tables"]


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


@functools.cache
def deck_tables(packs: int) -> DeckTables:
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
