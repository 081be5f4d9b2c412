"""Typed readers of JSON values, shared by the loaders of states, records and views.

Each reader returns the value if it has the expected type and otherwise raises
:class:`~bezique.NotationError` naming the path of the value in the document.
The parts that state and view documents write alike (the JSON text and its
header, tricks, the winner's turn, melds) are read here once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from bezique.cards import FACES_PER_PACK, Suit, card_id_name, parse_card_id
from bezique.errors import InvalidStateError, NotationError
from bezique.melds import MeldKind
from bezique.records import DeclaredMeld, Phase, Trick, Window

_DONE_TRICK_KEYS = ("leader", "cards", "winner")
_WINDOW_KEYS = ("seat", "declarations", "scored", "exchanged")
_MELD_KEYS = ("seat", "kind", "cards", "trick", "points", "scored")
#: Card names by card id, and ids by name, for decks of up to eight packs.
_NAME = tuple(card_id_name(c) for c in range(8 * FACES_PER_PACK))
_CARD_IDS = {name: c for c, name in enumerate(_NAME)}


def _loads(text: object) -> Any:
    """Parse JSON text (``str`` or UTF-8 ``bytes``); a key twice in an object is refused."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotationError(f"not UTF-8 text: {error}") from None
    if not isinstance(text, str):
        raise NotationError(f"expected JSON text (a str), got {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except NotationError:
        raise
    except (ValueError, RecursionError) as error:
        raise NotationError(f"not JSON: {error}") from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise NotationError(f"not JSON for this library: key {key!r} appears twice")
        out[key] = value
    return out


def _header(data: object, fmt: str, version: int) -> Mapping[str, Any]:
    """The document, once its ``format`` and ``version`` are the ones expected."""
    if not isinstance(data, Mapping):
        _fail("document", "an object", data)
    found = data.get("format")
    if found != fmt:
        raise NotationError(f"format: expected {fmt!r}, got {_what(found)}")
    number = data.get("version")
    if type(number) is not int or number != version:
        raise NotationError(
            f"version: this release reads {fmt} version {version}, got {_what(number)}"
        )
    return data


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


def _cards(value: object, path: str, size: int) -> list[int]:
    return [_card(v, f"{path}[{i}]", size) for i, v in enumerate(_list(value, path))]


def _kinds_masks(value: object, path: str) -> tuple[int, int]:
    """The history and broken masks of a list of kinds (``"four-queens*"``: broken)."""
    mask = broken = 0
    for i, item in enumerate(_list(value, path)):
        where = f"{path}[{i}]"
        text = _str(item, where)
        kind = _kind(text[:-1] if text.endswith("*") else text, where)
        mask |= kind.bit
        if text.endswith("*"):
            broken |= kind.bit
    return mask, broken


def _phase(value: object, path: str) -> Phase:
    text = _str(value, path)
    try:
        return Phase(text)
    except ValueError:
        raise NotationError(
            f"{path}: expected one of {', '.join(p.value for p in Phase)}, got {text!r}"
        ) from None


def _trump(value: object, path: str) -> Suit | None:
    """A trump suit, or ``None`` (JSON ``null``) while there are no trumps."""
    if value is None:
        return None
    try:
        return Suit.parse(_str(value, path))
    except NotationError as error:
        raise NotationError(f"{path}: {error}") from None


def _tricks(value: object, players: int, size: int) -> tuple[Trick, ...]:
    """The completed tricks (``"tricks"``)."""
    tricks = []
    for i, raw in enumerate(_list(value, "tricks")):
        path = f"tricks[{i}]"
        obj = _object(raw, path, _DONE_TRICK_KEYS)
        tricks.append(
            Trick(
                leader=_seat(obj["leader"], f"{path}.leader", players),
                cards=tuple(_cards(obj["cards"], f"{path}.cards", size)),
                winner=_seat(obj["winner"], f"{path}.winner", players),
            )
        )
    return tuple(tricks)


def _window(value: object, players: int, size: int) -> Window | None:
    """The trick winner's turn (``"window"``), or ``None``."""
    if value is None:
        return None
    obj = _object(value, "window", _WINDOW_KEYS)
    return Window(
        seat=_seat(obj["seat"], "window.seat", players),
        declarations=_int(obj["declarations"], "window.declarations"),
        scored=_bool(obj["scored"], "window.scored"),
        exchanged=None
        if obj["exchanged"] is None
        else _card(obj["exchanged"], "window.exchanged", size),
    )


def _melds(value: object, players: int, size: int) -> tuple[DeclaredMeld, ...]:
    """The declarations made so far (``"melds"``)."""
    melds = []
    for i, raw in enumerate(_list(value, "melds")):
        path = f"melds[{i}]"
        obj = _object(raw, path, _MELD_KEYS)
        melds.append(
            DeclaredMeld(
                seat=_seat(obj["seat"], f"{path}.seat", players),
                kind=_kind(obj["kind"], f"{path}.kind"),
                cards=tuple(sorted(_cards(obj["cards"], f"{path}.cards", size))),
                trick=_int(obj["trick"], f"{path}.trick"),
                points=_int(obj["points"], f"{path}.points"),
                scored=_bool(obj["scored"], f"{path}.scored"),
            )
        )
    return tuple(melds)
