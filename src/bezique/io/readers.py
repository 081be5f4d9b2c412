"""Typed readers of JSON values, shared by the loaders of states, views, records and rules.

Each reader returns the value if it has the expected type and otherwise raises
:class:`~bezique.NotationError` naming the path of the value in the document
(``seats[1].table[0].kinds[2]: ...``); a seat out of range raises
:class:`~bezique.InvalidStateError`. The parts that state and view documents
hold alike (the header, the seats, the trick, the completed tricks, the
winner's turn, the melds, the scores) are read here once.

>>> read_card("QSb", "hand[0]", 64)
36
>>> read_int("1", "scores[0]")
Traceback (most recent call last):
    ...
bezique.errors.NotationError: scores[0]: expected an integer, got the string '1'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from bezique.cards import FACES_PER_PACK, Suit, card_id_name, parse_card_id
from bezique.errors import InvalidStateError, NotationError, shown
from bezique.io.names import CARD_IDS
from bezique.laws.declaring import tracks_broken
from bezique.laws.scoring import carte_blanche_bonus
from bezique.records import DeclaredMeld, Phase, Trick, Window
from bezique.rules import Rules
from bezique.rules.melds import MeldKind

__all__ = [
    "fail",
    "kept_broken",
    "kept_carte_blanche",
    "read_bool",
    "read_card",
    "read_cards",
    "read_entry",
    "read_header",
    "read_int",
    "read_ints",
    "read_kind",
    "read_kinds",
    "read_list",
    "read_melds",
    "read_object",
    "read_phase",
    "read_seat",
    "read_seat_list",
    "read_seat_objects",
    "read_str",
    "read_trick",
    "read_tricks",
    "read_trump",
    "read_window",
    "what",
]

#: The keys of a declared card (``{"card": "QSa", "kinds": ["bezique"]}``).
_ENTRY_KEYS = ("card", "kinds")
_CURRENT_TRICK_KEYS = ("leader", "cards")
_DONE_TRICK_KEYS = ("leader", "cards", "winner")
_WINDOW_KEYS = ("seat", "declarations", "scored", "exchanged")
_MELD_KEYS = ("seat", "kind", "cards", "trick", "points", "scored")


def fail(path: str, expected: str, value: object) -> NoReturn:
    """Raise the :class:`~bezique.NotationError` of a value of the wrong type."""
    raise NotationError(f"{path}: expected {expected}, got {what(value)}")


def what(value: object) -> str:
    """A short description of a JSON value for error messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, Mapping)):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    text = shown(value)
    if isinstance(value, str):
        return f"the string {text}"
    if isinstance(value, (int, float)):
        return f"the number {text}"
    return f"{type(value).__name__} {text}"


def read_header(
    data: object, fmt: str, version: int, keys: Sequence[str], optional: Sequence[str] = ()
) -> Mapping[str, Any]:
    """The document, once its ``format`` and ``version`` are the ones expected and it
    has exactly ``keys``, and any of ``optional``."""
    if not isinstance(data, Mapping):
        fail("document", "an object", data)
    found = data.get("format")
    if found != fmt:
        raise NotationError(f"format: expected {fmt!r}, got {what(found)}")
    number = data.get("version")
    if type(number) is not int or number != version:
        raise NotationError(
            f"version: this release reads {fmt} version {version}, got {what(number)}"
        )
    return read_object(data, "document", keys, optional)


def read_object(
    value: object, path: str, keys: Sequence[str], optional: Sequence[str] = ()
) -> Mapping[str, Any]:
    """A JSON object with exactly ``keys``, and any of ``optional``."""
    if not isinstance(value, Mapping):
        fail(path, "an object", value)
    for key in keys:
        if key not in value:
            raise NotationError(f"{path}: missing key {key!r}")
    for key in value:
        if key not in keys and key not in optional:
            raise NotationError(
                f"{path}: unknown key {shown(key)} (expected the keys "
                + ", ".join((*keys, *optional))
                + ")"
            )
    return value


def read_list(value: object, path: str) -> Sequence[Any]:
    if not isinstance(value, (list, tuple)):
        fail(path, "a list", value)
    return value


def read_int(value: object, path: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        fail(path, "an integer", value)
    return value


def read_ints(value: object, path: str) -> tuple[int, ...]:
    """A list of integers (``"scores"``)."""
    return tuple(read_int(v, f"{path}[{i}]") for i, v in enumerate(read_list(value, path)))


def read_bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        fail(path, "true or false", value)
    return value


def read_str(value: object, path: str) -> str:
    if not isinstance(value, str):
        fail(path, "a string", value)
    return value


def read_seat(value: object, path: str, players: int) -> int:
    seat = read_int(value, path)
    if not 0 <= seat < players:
        raise InvalidStateError(f"{path}: no seat {shown(seat)}; seats are 0..{players - 1}")
    return seat


def read_seat_list(value: object, path: str, players: int) -> tuple[int, ...]:
    """A list of seats (``"offers"``)."""
    return tuple(
        read_seat(v, f"{path}[{i}]", players) for i, v in enumerate(read_list(value, path))
    )


def read_seat_objects(value: object, players: int, keys: Sequence[str]) -> list[Mapping[str, Any]]:
    """The ``"seats"`` list: one object with exactly ``keys`` per player."""
    seat_list = read_list(value, "seats")
    if len(seat_list) != players:
        raise InvalidStateError(
            f"seats: {len(seat_list)} seats listed, the rules have {players} players"
        )
    return [read_object(raw, f"seats[{s}]", keys) for s, raw in enumerate(seat_list)]


def read_card(value: object, path: str, size: int) -> int:
    """A card by its physical name (``"QSa"``), in a deck of ``size`` cards."""
    text = read_str(value, path)
    card = CARD_IDS.get(text)
    if card is None:
        try:
            card = parse_card_id(text)
        except NotationError as error:
            raise NotationError(f"{path}: {error}") from None
    if not 0 <= card < size:
        packs = size // FACES_PER_PACK
        raise NotationError(f"{path}: there is no card {text} in a deck of {packs} packs")
    return card


def read_cards(value: object, path: str, size: int) -> list[int]:
    return [read_card(v, f"{path}[{i}]", size) for i, v in enumerate(read_list(value, path))]


def read_kind(value: object, path: str) -> MeldKind:
    text = read_str(value, path)
    try:
        return MeldKind(text)
    except ValueError:
        raise NotationError(
            f"{path}: unknown meld kind {shown(text)}; kinds are: "
            + ", ".join(k.value for k in MeldKind)
        ) from None


def read_kinds(value: object, path: str) -> tuple[int, int]:
    """The history and broken masks of a list of kinds (``"four-queens*"``: broken)."""
    mask = broken = 0
    for i, item in enumerate(read_list(value, path)):
        where = f"{path}[{i}]"
        text = read_str(item, where)
        kind = read_kind(text[:-1] if text.endswith("*") else text, where)
        mask |= kind.bit
        if text.endswith("*"):
            broken |= kind.bit
    return mask, broken


def read_entry(value: object, path: str, size: int) -> tuple[int, int, int]:
    """A declared card, ``{"card": ..., "kinds": [...]}``: its id, history and broken
    masks."""
    obj = read_object(value, path, _ENTRY_KEYS)
    card = read_card(obj["card"], f"{path}.card", size)
    history, broken = read_kinds(obj["kinds"], f"{path}.kinds")
    return card, history, broken


def read_phase(value: object, path: str) -> Phase:
    text = read_str(value, path)
    try:
        return Phase(text)
    except ValueError:
        raise NotationError(
            f"{path}: expected one of {', '.join(p.value for p in Phase)}, got {shown(text)}"
        ) from None


def read_trump(value: object, path: str) -> Suit | None:
    """A trump suit, or ``None`` (JSON ``null``) while there are no trumps."""
    if value is None:
        return None
    try:
        return Suit.parse(read_str(value, path))
    except NotationError as error:
        raise NotationError(f"{path}: {error}") from None


def read_trick(value: object, players: int, size: int) -> tuple[int, list[int]]:
    """The trick being played (``"trick"``): its leader and its cards in play order."""
    obj = read_object(value, "trick", _CURRENT_TRICK_KEYS)
    leader = read_seat(obj["leader"], "trick.leader", players)
    return leader, read_cards(obj["cards"], "trick.cards", size)


def read_tricks(value: object, players: int, size: int) -> tuple[Trick, ...]:
    """The completed tricks (``"tricks"``)."""
    tricks = []
    for i, raw in enumerate(read_list(value, "tricks")):
        path = f"tricks[{i}]"
        obj = read_object(raw, path, _DONE_TRICK_KEYS)
        tricks.append(
            Trick(
                leader=read_seat(obj["leader"], f"{path}.leader", players),
                cards=tuple(read_cards(obj["cards"], f"{path}.cards", size)),
                winner=read_seat(obj["winner"], f"{path}.winner", players),
            )
        )
    return tuple(tricks)


def read_window(value: object, players: int, size: int) -> Window | None:
    """The trick winner's turn (``"window"``), or ``None``."""
    if value is None:
        return None
    # "passed" is written only when a partner holds the turn (partnerships).
    keys = (*_WINDOW_KEYS, "passed") if isinstance(value, Mapping) and "passed" in value else None
    obj = read_object(value, "window", keys or _WINDOW_KEYS)
    passed = tuple(
        read_seat(seat, f"window.passed[{i}]", players)
        for i, seat in enumerate(read_list(obj.get("passed", []), "window.passed"))
    )
    return Window(
        seat=read_seat(obj["seat"], "window.seat", players),
        declarations=read_int(obj["declarations"], "window.declarations"),
        scored=read_bool(obj["scored"], "window.scored"),
        exchanged=None
        if obj["exchanged"] is None
        else read_card(obj["exchanged"], "window.exchanged", size),
        passed=passed,
    )


def read_melds(value: object, players: int, size: int) -> tuple[DeclaredMeld, ...]:
    """The declarations made so far (``"melds"``)."""
    melds = []
    for i, raw in enumerate(read_list(value, "melds")):
        path = f"melds[{i}]"
        obj = read_object(raw, path, _MELD_KEYS)
        melds.append(
            DeclaredMeld(
                seat=read_seat(obj["seat"], f"{path}.seat", players),
                kind=read_kind(obj["kind"], f"{path}.kind"),
                cards=tuple(sorted(read_cards(obj["cards"], f"{path}.cards", size))),
                trick=read_int(obj["trick"], f"{path}.trick"),
                points=read_int(obj["points"], f"{path}.points"),
                scored=read_bool(obj["scored"], f"{path}.scored"),
            )
        )
    return tuple(melds)


def kept_broken(rules: Rules, broken: Sequence[int]) -> tuple[int, ...]:
    """The broken marks a state keeps, from one read per card: all of them where the
    rules re-form melds, none otherwise (a mark there is refused)."""
    if tracks_broken(rules):
        return tuple(broken)
    card = next((c for c, marks in enumerate(broken) if marks), None)
    if card is not None:
        raise InvalidStateError(
            f"{card_id_name(card)}: a kind marked * (a broken meld), but these rules "
            "never re-form melds"
        )
    return ()


def kept_carte_blanche(rules: Rules, lasting: Sequence[bool], offers: Sequence[int]) -> bool:
    """Whether a state keeps carte blanches (the rules have them); a carte blanche
    that lasts or is offered under rules without one is refused."""
    if carte_blanche_bonus(rules) is not None:
        return True
    if any(lasting) or offers:
        raise InvalidStateError(
            "carte blanche: these rules have none, but "
            + ("a seat's carte blanche lasts" if any(lasting) else "one is offered")
        )
    return False
