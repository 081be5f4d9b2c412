"""The JSON form of a seat's view (``"format": "bezique-view"``).

A view document holds exactly what a :class:`~bezique.views.SeatView` holds,
which is what its seat may see: cards by their labels (``"QSa"``, see
:mod:`bezique.views`), meld kinds by their text values (``"bezique*"`` for a
broken meld), the rules as a preset name with every knob (as in a state
document), and the legal actions in their text forms. :func:`view_from_json`
reads one back and checks it: text that is not a well-formed document raises
:class:`~bezique.NotationError`; a well-formed document that no deal could
produce raises :class:`~bezique.InvalidStateError`. Each message names the
field at fault.

>>> import bezique as bz
>>> view = bz.new_deal(bz.variants.CLASSIC, seed=7).view(1)
>>> view_from_json(view_to_json(view)) == view
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from bezique._jsonfields import (
    _NAME,
    _bool,
    _card,
    _cards,
    _header,
    _int,
    _kinds_masks,
    _list,
    _loads,
    _melds,
    _object,
    _phase,
    _seat,
    _str,
    _tricks,
    _trump,
    _window,
)
from bezique.actions import Action, parse_action_text
from bezique.cards import card_id_name
from bezique.errors import InvalidStateError, NotationError
from bezique.melds import kinds_in
from bezique.serialization import rules_from_dict, rules_to_dict
from bezique.views import SeatView, TableCard

__all__ = [
    "VIEW_FORMAT",
    "VIEW_VERSION",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
    "view_to_json",
]

#: The ``format`` of a view document.
VIEW_FORMAT = "bezique-view"
#: The ``version`` of the view documents this release writes and reads.
VIEW_VERSION = 1

_VIEW_KEYS = (
    "format",
    "version",
    "rules",
    "seat",
    "dealer",
    "phase",
    "trump",
    "turn_up",
    "stock_size",
    "hand",
    "seats",
    "trick",
    "tricks",
    "window",
    "offers",
    "melds",
    "scores",
    "to_move",
    "legal_actions",
)
_SEAT_KEYS = ("hand_size", "table", "known", "hand_kinds", "carte_blanche")
_ENTRY_KEYS = ("card", "kinds")
_TRICK_KEYS = ("leader", "cards")


# -- writing ---------------------------------------------------------------------------


def _kinds(entry: TableCard) -> list[str]:
    broken = set(entry.broken)
    return [k.value + ("*" if k in broken else "") for k in entry.history]


def _entries(entries: Sequence[TableCard]) -> list[dict[str, Any]]:
    return [{"card": _name(e.card), "kinds": _kinds(e)} for e in entries]


def _name(card: int) -> str:
    return _NAME[card] if 0 <= card < len(_NAME) else card_id_name(card)


def _names(cards: Sequence[int]) -> list[str]:
    return [_name(c) for c in cards]


def view_to_dict(view: SeatView) -> dict[str, Any]:
    """The view document as plain JSON data."""
    n = view.players
    hand_kinds = view.hand_kinds or ((),) * n
    seats = [
        {
            "hand_size": view.hand_sizes[s],
            "table": _entries(view.tables[s]),
            "known": _names(view.known[s]),
            "hand_kinds": _entries(hand_kinds[s]),
            "carte_blanche": bool(view.carte_blanche and view.carte_blanche[s]),
        }
        for s in range(n)
    ]
    window = view.window
    return {
        "format": VIEW_FORMAT,
        "version": VIEW_VERSION,
        "rules": rules_to_dict(view.rules),
        "seat": view.seat,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "trump": None if view.trump is None else view.trump.letter,
        "turn_up": None if view.turn_up is None else _name(view.turn_up),
        "stock_size": view.stock_size,
        "hand": _names(view.hand),
        "seats": seats,
        "trick": {"leader": view.leader, "cards": _names(view.trick)},
        "tricks": [
            {"leader": t.leader, "cards": _names(t.cards), "winner": t.winner} for t in view.tricks
        ],
        "window": None
        if window is None
        else {
            "seat": window.seat,
            "declarations": window.declarations,
            "scored": window.scored,
            "exchanged": None if window.exchanged is None else _name(window.exchanged),
        },
        "offers": list(view.offers),
        "melds": [
            {
                "seat": m.seat,
                "kind": m.kind.value,
                "cards": _names(m.cards),
                "trick": m.trick,
                "points": m.points,
                "scored": m.scored,
            }
            for m in view.melds
        ],
        "scores": list(view.scores),
        "to_move": view.current_player,
        "legal_actions": [str(a) for a in view.legal_actions],
    }


def view_to_json(view: SeatView, *, indent: int | None = 2) -> str:
    """The view document as JSON text (``indent=None``: one line)."""
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(view_to_dict(view), indent=indent, separators=separators, ensure_ascii=False)


# -- reading ---------------------------------------------------------------------------


def _entry(value: object, path: str, size: int) -> TableCard:
    obj = _object(value, path, _ENTRY_KEYS)
    card = _card(obj["card"], f"{path}.card", size)
    history, broken = _kinds_masks(obj["kinds"], f"{path}.kinds")
    return TableCard(card, kinds_in(history), kinds_in(broken))


def _seat_entries(
    seats: Sequence[Mapping[str, Any]], key: str, size: int
) -> tuple[tuple[TableCard, ...], ...]:
    """Per seat, its list ``key`` of declared cards, by card id."""
    return tuple(
        tuple(
            sorted(
                (
                    _entry(e, f"seats[{s}].{key}[{i}]", size)
                    for i, e in enumerate(_list(seat[key], f"seats[{s}].{key}"))
                ),
                key=lambda t: t.card,
            )
        )
        for s, seat in enumerate(seats)
    )


def _action(value: object, path: str) -> Action:
    text = _str(value, path)
    try:
        return parse_action_text(text)
    except NotationError as error:
        raise NotationError(f"{path}: {error}") from None


def view_from_json(text: str | bytes) -> SeatView:
    """Read a view document (JSON text) and check it.

    Raises :class:`~bezique.NotationError` for text that is not a well-formed
    view document and :class:`~bezique.InvalidStateError` for one that no deal
    could produce (checked by dealing its unseen cards with
    :func:`~bezique.determinize.determinize` and comparing).
    """
    return view_from_dict(_loads(text))


def view_from_dict(data: object) -> SeatView:
    """Like :func:`view_from_json`, from JSON data already parsed."""
    doc = _object(_header(data, VIEW_FORMAT, VIEW_VERSION), "document", _VIEW_KEYS)
    rules = rules_from_dict(doc["rules"])
    n = rules.players
    size = rules.deck_size
    phase = _phase(doc["phase"], "phase")
    trump = _trump(doc["trump"], "trump")
    seat_list = _list(doc["seats"], "seats")
    if len(seat_list) != n:
        raise InvalidStateError(f"seats: {len(seat_list)} seats listed, the rules have {n} players")
    seats = [_object(raw, f"seats[{s}]", _SEAT_KEYS) for s, raw in enumerate(seat_list)]
    trick = _object(doc["trick"], "trick", _TRICK_KEYS)
    tricks = _tricks(doc["tricks"], n, size)
    window = _window(doc["window"], n, size)
    melds = _melds(doc["melds"], n, size)
    scores = tuple(_int(v, f"scores[{i}]") for i, v in enumerate(_list(doc["scores"], "scores")))
    lasting = tuple(
        _bool(s["carte_blanche"], f"seats[{i}].carte_blanche") for i, s in enumerate(seats)
    )
    has_carte_blanche = rules.carte_blanche.carte_blanche_points is not None
    if not has_carte_blanche and any(lasting):
        raise InvalidStateError("seats: a carte blanche lasts, but these rules have none")
    view = SeatView(
        seat=_seat(doc["seat"], "seat", n),
        rules=rules,
        dealer=_seat(doc["dealer"], "dealer", n),
        phase=phase,
        trump=trump,
        turn_up=None if doc["turn_up"] is None else _card(doc["turn_up"], "turn_up", size),
        stock_size=_int(doc["stock_size"], "stock_size"),
        hand=tuple(sorted(_cards(doc["hand"], "hand", size))),
        tables=_seat_entries(seats, "table", size),
        known=tuple(
            tuple(sorted(_cards(seat["known"], f"seats[{s}].known", size)))
            for s, seat in enumerate(seats)
        ),
        hand_sizes=tuple(
            _int(seat["hand_size"], f"seats[{s}].hand_size") for s, seat in enumerate(seats)
        ),
        leader=_seat(trick["leader"], "trick.leader", n),
        trick=tuple(_cards(trick["cards"], "trick.cards", size)),
        tricks=tricks,
        melds=melds,
        scores=scores,
        window=window,
        offers=tuple(
            _seat(v, f"offers[{i}]", n) for i, v in enumerate(_list(doc["offers"], "offers"))
        ),
        carte_blanche=lasting if has_carte_blanche else (),
        current_player=None if doc["to_move"] is None else _seat(doc["to_move"], "to_move", n),
        legal_actions=tuple(
            _action(v, f"legal_actions[{i}]")
            for i, v in enumerate(_list(doc["legal_actions"], "legal_actions"))
        ),
        hand_kinds=_seat_entries(seats, "hand_kinds", size),
    )
    from bezique.determinize import determinize

    determinize(view, random.Random(0))
    return view
