"""Zetema, the rummy cousin of Bezique, for two to six players (S003, PAR-Z, CAS-Z).

It shares the library's card vocabulary, errors and JSON conventions, not the
trick laws: the rules page is docs/rules/zetema.md.

>>> from bezique import zetema
>>> state = zetema.new_game(zetema.get("zetema").evolve(players=3), seed=1)
>>> state.rules.hand_size, [len(h) for h in state.hands]
(6, [6, 7, 6])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique.errors import deprecated_aliases
from bezique.zetema.deck import (
    ACE,
    CARD_COUNT,
    FIVE,
    JACK,
    KING,
    QUEEN,
    card_id_name,
    deck_faces,
    face,
    face_name,
    faces_text,
    parse_face,
    parse_faces,
    rank_of,
    suit_of,
)
from bezique.zetema.laws import (
    combination_kind,
    combination_value,
    marriage_value,
    zetema_value,
)
from bezique.zetema.rules import ZETEMA, ZETEMA_1881, ZetemaRules, get, names
from bezique.zetema.state import (
    DEPRECATED,
    Declare,
    Discard,
    Marry,
    ZetemaAction,
    ZetemaEvent,
    ZetemaState,
    check_conservation,
    new_game,
    new_hand,
    parse_action,
)
from bezique.zetema.views import ZetemaView

__all__ = [
    "ACE",
    "CARD_COUNT",
    "FIVE",
    "JACK",
    "KING",
    "QUEEN",
    "ZETEMA",
    "ZETEMA_1881",
    "Declare",
    "Discard",
    "Marry",
    "ZetemaAction",
    "ZetemaEvent",
    "ZetemaRules",
    "ZetemaState",
    "ZetemaView",
    "card_id_name",
    "check_conservation",
    "combination_kind",
    "combination_value",
    "deck_faces",
    "face",
    "face_name",
    "faces_text",
    "get",
    "marriage_value",
    "names",
    "new_game",
    "new_hand",
    "parse_action",
    "parse_face",
    "parse_faces",
    "rank_of",
    "suit_of",
    "zetema_value",
]


if TYPE_CHECKING:
    from bezique.zetema.state import ZetemaIllegalActionError as ZetemaIllegalActionError
else:
    __getattr__ = deprecated_aliases(__name__, DEPRECATED)
