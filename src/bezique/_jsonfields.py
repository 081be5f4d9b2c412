"""Typed readers of JSON values, shared by the loaders of states, records and views.

Each reader returns the value if it has the expected type and otherwise raises
:class:`~bezique.NotationError` naming the path of the value in the document.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from bezique.cards import FACES_PER_PACK, card_id_name, parse_card_id
from bezique.errors import InvalidStateError, NotationError
from bezique.melds import MeldKind

#: Card ids by physical name, for decks of up to eight packs.
_CARD_IDS = {card_id_name(c): c for c in range(8 * FACES_PER_PACK)}


def _fail(path: str, expected: str, value: object) -> NoReturn:
    raise NotationError(f"{path}: expected {expected}, got {_what(value)}")


def _what(value: object) -> str:
    """A short description of a JSON value for error messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, Mapping)):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    if isinstance(value, str):
        return f"the string {text}"
    if isinstance(value, (int, float)):
        return f"the number {text}"
    return f"{type(value).__name__} {text}"


def _object(value: object, path: str, keys: Sequence[str]) -> Mapping[str, Any]:
    """A JSON object with exactly ``keys``."""
    if not isinstance(value, Mapping):
        _fail(path, "an object", value)
    for key in keys:
        if key not in value:
            raise NotationError(f"{path}: missing key {key!r}")
    for key in value:
        if key not in keys:
            raise NotationError(
                f"{path}: unknown key {key!r} (expected the keys " + ", ".join(keys) + ")"
            )
    return value


def _list(value: object, path: str) -> Sequence[Any]:
    if not isinstance(value, (list, tuple)):
        _fail(path, "a list", value)
    return value


def _int(value: object, path: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(path, "an integer", value)
    return value


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, "true or false", value)
    return value


def _str(value: object, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, "a string", value)
    return value


def _seat(value: object, path: str, players: int) -> int:
    seat = _int(value, path)
    if not 0 <= seat < players:
        raise InvalidStateError(f"{path}: no seat {seat}; seats are 0..{players - 1}")
    return seat


def _card(value: object, path: str, size: int) -> int:
    text = _str(value, path)
    card = _CARD_IDS.get(text)
    if card is None:
        try:
            card = parse_card_id(text)
        except NotationError as error:
            raise NotationError(f"{path}: {error}") from None
    if not 0 <= card < size:
        packs = size // FACES_PER_PACK
        raise NotationError(f"{path}: there is no card {text} in a deck of {packs} packs")
    return card


def _kind(value: object, path: str) -> MeldKind:
    text = _str(value, path)
    try:
        return MeldKind(text)
    except ValueError:
        raise NotationError(
            f"{path}: unknown meld kind {text!r}; kinds are: "
            + ", ".join(k.value for k in MeldKind)
        ) from None
