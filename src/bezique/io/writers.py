"""Writers of the parts that state and view documents hold alike, as plain JSON data.

Cards are written by their physical names (``"QSa"``), meld kinds by their
text values with a ``*`` for a broken meld, seats as integers.

>>> from bezique.records import Trick
>>> trick_to_dict(Trick(leader=1, cards=(5, 37), winner=0))
{'leader': 1, 'cards': ['KSa', 'KSb'], 'winner': 0}
>>> card_set([37, 4, 5])
['QSa', 'KSa', 'KSb']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bezique.cards import FACES_PER_PACK, Suit
from bezique.io.names import card_name
from bezique.records import DeclaredMeld, Trick, Window
from bezique.rules.melds import kinds_in

__all__ = [
    "card_key",
    "card_list",
    "card_set",
    "entry_to_dict",
    "kinds_list",
    "melds_to_list",
    "trick_to_dict",
    "trump_to_json",
    "window_to_dict",
]


def card_key(card: int) -> tuple[int, int]:
    """Sort cards by face (suit, then rank in trick order), then by copy."""
    return (card % FACES_PER_PACK, card // FACES_PER_PACK)


def card_list(cards: Iterable[int]) -> list[str]:
    """Physical names of a sequence of cards, in its order (a stock, a trick)."""
    return [card_name(c) for c in cards]


def card_set(cards: Iterable[int]) -> list[str]:
    """Physical names of a set of cards (a hand, a won pile), sorted by face then copy."""
    return [card_name(c) for c in sorted(cards, key=card_key)]


def kinds_list(history: int, broken: int = 0) -> list[str]:
    """The kinds of a history mask, each marked ``*`` if its meld is broken."""
    return [k.value + ("*" if broken & k.bit else "") for k in kinds_in(history)]


def entry_to_dict(card: int, history: int, broken: int = 0) -> dict[str, Any]:
    """A declared card with its kinds: ``{"card": "QSa", "kinds": ["bezique"]}``."""
    return {"card": card_name(card), "kinds": kinds_list(history, broken)}


def trump_to_json(trump: Suit | None) -> str | None:
    """The trump suit letter, or ``None`` while no trumps are fixed."""
    return None if trump is None else trump.letter


def trick_to_dict(trick: Trick) -> dict[str, Any]:
    """A completed trick: leader, cards in play order, winner."""
    return {"leader": trick.leader, "cards": card_list(trick.cards), "winner": trick.winner}


def window_to_dict(window: Window | None) -> dict[str, Any] | None:
    """The trick winner's turn, or ``None``."""
    if window is None:
        return None
    out: dict[str, Any] = {
        "seat": window.seat,
        "declarations": window.declarations,
        "scored": window.scored,
        "exchanged": None if window.exchanged is None else card_name(window.exchanged),
    }
    if window.passed:
        # Partnerships only: who passed the right to declare, the trick's winner first.
        out["passed"] = list(window.passed)
    return out


def melds_to_list(melds: Sequence[DeclaredMeld], *, sort: bool = True) -> list[dict[str, Any]]:
    """The declarations, in the order made; each meld's cards sorted by face then copy
    (with ``sort``) or in the order held."""
    names = card_set if sort else card_list
    return [
        {
            "seat": m.seat,
            "kind": m.kind.value,
            "cards": names(m.cards),
            "trick": m.trick,
            "points": m.points,
            "scored": m.scored,
        }
        for m in melds
    ]
