"""Card names by card id and card ids by name, the strings the documents hold most.

Built once for decks of up to eight packs; :func:`card_name` falls back to
:func:`~bezique.cards.card_id_name` beyond them.
"""

from __future__ import annotations

from bezique.cards import FACES_PER_PACK, card_id_name

__all__ = ["CARD_IDS", "CARD_NAMES", "card_name"]

#: Physical card names (``"QSa"``) by card id, for decks of up to eight packs.
CARD_NAMES: tuple[str, ...] = tuple(card_id_name(c) for c in range(8 * FACES_PER_PACK))
#: Card ids by physical name, for decks of up to eight packs.
CARD_IDS: dict[str, int] = {name: c for c, name in enumerate(CARD_NAMES)}


def card_name(card: int) -> str:
    """The physical name of a card id (``"QSa"``)."""
    return CARD_NAMES[card] if 0 <= card < len(CARD_NAMES) else card_id_name(card)
