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

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bezique.actions import Action, parse_action_text
from bezique.checks.determinize import determinize
from bezique.errors import InvalidStateError, NotationError
from bezique.io.names import card_name
from bezique.io.readers import (
    read_bool,
    read_card,
    read_cards,
    read_entry,
    read_header,
    read_int,
    read_ints,
    read_list,
    read_melds,
    read_object,
    read_phase,
    read_seat,
    read_seat_list,
    read_seat_objects,
    read_str,
    read_trick,
    read_tricks,
    read_trump,
    read_window,
)
from bezique.io.rules_json import rules_from_dict, rules_to_dict
from bezique.io.text import dumps, loads
from bezique.io.writers import (
    card_list,
    entry_to_dict,
    melds_to_list,
    trick_to_dict,
    trump_to_json,
    window_to_dict,
)
from bezique.laws.scoring import carte_blanche_bonus
from bezique.records import TableCard, table_order
from bezique.rules import GameEnd, Rules
from bezique.rules.melds import MeldKind, kinds_in
from bezique.views import GameTotals, SeatView

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
#: The ``version`` of the view documents this release writes; it reads version 1
#: too, a view without its game (version 2 added ``"game"``).
VIEW_VERSION = 2

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
    "game",
)
_GAME_KEYS = ("target", "deals", "totals", "over", "winners")
_SEAT_KEYS = ("hand_size", "table", "known", "hand_kinds", "carte_blanche")


# -- writing ---------------------------------------------------------------------------


def _mask(kinds: Iterable[MeldKind]) -> int:
    return sum(k.bit for k in set(kinds))


def _entries(entries: Sequence[TableCard]) -> list[dict[str, Any]]:
    return [entry_to_dict(e.card, _mask(e.history), _mask(e.broken)) for e in entries]


def view_to_dict(view: SeatView) -> dict[str, Any]:
    """The view document as plain JSON data."""
    n = view.players
    hand_kinds = view.hand_kinds or ((),) * n
    seats = [
        {
            "hand_size": view.hand_sizes[s],
            "table": _entries(view.tables[s]),
            "known": card_list(view.known[s]),
            "hand_kinds": _entries(hand_kinds[s]),
            "carte_blanche": bool(view.carte_blanche and view.carte_blanche[s]),
        }
        for s in range(n)
    ]
    return {
        "format": VIEW_FORMAT,
        "version": VIEW_VERSION,
        "rules": rules_to_dict(view.rules),
        "seat": view.seat,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "trump": trump_to_json(view.trump),
        "turn_up": None if view.turn_up is None else card_name(view.turn_up),
        "stock_size": view.stock_size,
        "hand": card_list(view.hand),
        "seats": seats,
        "trick": {"leader": view.leader, "cards": card_list(view.trick)},
        "tricks": [trick_to_dict(t) for t in view.tricks],
        "window": window_to_dict(view.window),
        "offers": list(view.offers),
        "melds": melds_to_list(view.melds, sort=False),
        "scores": list(view.scores),
        "to_move": view.current_player,
        "legal_actions": [str(a) for a in view.legal_actions()],
        "game": _game_to_dict(view.game),
    }


def _game_to_dict(game: GameTotals | None) -> dict[str, Any] | None:
    if game is None:
        return None
    return {
        "target": game.target,
        "deals": game.deals,
        "totals": list(game.totals),
        "over": game.over,
        "winners": list(game.winners),
    }


def view_to_json(view: SeatView, *, indent: int | None = 2) -> str:
    """The view document as JSON text, written as a state document is (see
    :func:`~bezique.io.state_to_json` for ``indent``)."""
    return dumps(view_to_dict(view), indent)


# -- reading ---------------------------------------------------------------------------


def _entry(value: object, path: str, size: int) -> TableCard:
    card, history, broken = read_entry(value, path, size)
    return TableCard(card, kinds_in(history), kinds_in(broken))


def _seat_entries(
    seats: Sequence[Mapping[str, Any]], key: str, size: int
) -> tuple[tuple[TableCard, ...], ...]:
    """Per seat, its list ``key`` of declared cards, in the order a view lists them."""
    return tuple(
        table_order(
            _entry(e, f"seats[{s}].{key}[{i}]", size)
            for i, e in enumerate(read_list(seat[key], f"seats[{s}].{key}"))
        )
        for s, seat in enumerate(seats)
    )


def _action(value: object, path: str) -> Action:
    text = read_str(value, path)
    try:
        return parse_action_text(text)
    except NotationError as error:
        raise NotationError(f"{path}: {error}") from None


def view_from_json(text: str | bytes) -> SeatView:
    """Read a view document (JSON text) and check it.

    Raises :class:`~bezique.NotationError` for text that is not a well-formed
    view document and :class:`~bezique.InvalidStateError` for one that no deal
    could produce (checked by dealing its unseen cards with
    :func:`~bezique.checks.determinize.determinize` and comparing).
    """
    return view_from_dict(loads(text))


def _upgraded(data: object) -> object:
    """A version 1 view document in the words of version 2: a view without its game."""
    if not isinstance(data, Mapping) or data.get("format") != VIEW_FORMAT:
        return data
    version = data.get("version")
    if type(version) is not int or version != 1 or "game" in data:
        return data
    return {**data, "version": VIEW_VERSION, "game": None}


def _game(value: object, rules: Rules) -> GameTotals | None:
    """The ``game`` object: a game's target, deals, totals and end, checked against
    the rules (the target is theirs; a game of so many deals has no more)."""
    if value is None:
        return None
    doc = read_object(value, "game", _GAME_KEYS)
    target = read_int(doc["target"], "game.target")
    if target != rules.game.target:
        raise InvalidStateError(f"game.target: {target}, but the rules play to {rules.game.target}")
    deals = read_int(doc["deals"], "game.deals")
    if deals < 0 or (rules.game.end is GameEnd.DEALS and deals > rules.game.deals):
        most = rules.game.deals if rules.game.end is GameEnd.DEALS else "any number"
        raise InvalidStateError(f"game.deals: {deals} deals finished, of {most}")
    totals = read_ints(doc["totals"], "game.totals")
    if len(totals) != rules.players:
        raise InvalidStateError(f"game.totals: {len(totals)} totals for {rules.players} seats")
    over = read_bool(doc["over"], "game.over")
    winners = read_seat_list(doc["winners"], "game.winners", rules.side_count)
    if len(set(winners)) != len(winners) or (winners and not over):
        raise InvalidStateError("game.winners: distinct sides, and only once the game is over")
    return GameTotals(target, deals, totals, over, winners)


def view_from_dict(data: object) -> SeatView:
    """Like :func:`view_from_json`, from JSON data already parsed. A version 1
    document, which has no ``game``, is read as a view without its game."""
    doc = read_header(_upgraded(data), VIEW_FORMAT, VIEW_VERSION, _VIEW_KEYS)
    rules = rules_from_dict(doc["rules"])
    n = rules.players
    size = rules.deck_size
    phase = read_phase(doc["phase"], "phase")
    trump = read_trump(doc["trump"], "trump")
    seats = read_seat_objects(doc["seats"], n, _SEAT_KEYS)
    leader, trick = read_trick(doc["trick"], n, size)
    tricks = read_tricks(doc["tricks"], n, size)
    window = read_window(doc["window"], n, size)
    melds = read_melds(doc["melds"], n, size)
    scores = read_ints(doc["scores"], "scores")
    lasting = tuple(
        read_bool(s["carte_blanche"], f"seats[{i}].carte_blanche") for i, s in enumerate(seats)
    )
    has_carte_blanche = carte_blanche_bonus(rules) is not None
    if not has_carte_blanche and any(lasting):
        raise InvalidStateError("seats: a carte blanche lasts, but these rules have none")
    view = SeatView(
        seat=read_seat(doc["seat"], "seat", n),
        rules=rules,
        dealer=read_seat(doc["dealer"], "dealer", n),
        phase=phase,
        trump=trump,
        turn_up=None if doc["turn_up"] is None else read_card(doc["turn_up"], "turn_up", size),
        stock_size=read_int(doc["stock_size"], "stock_size"),
        hand=tuple(sorted(read_cards(doc["hand"], "hand", size))),
        tables=_seat_entries(seats, "table", size),
        known=tuple(
            tuple(sorted(read_cards(seat["known"], f"seats[{s}].known", size)))
            for s, seat in enumerate(seats)
        ),
        hand_sizes=tuple(
            read_int(seat["hand_size"], f"seats[{s}].hand_size") for s, seat in enumerate(seats)
        ),
        leader=leader,
        trick=tuple(trick),
        tricks=tricks,
        melds=melds,
        scores=scores,
        window=window,
        offers=read_seat_list(doc["offers"], "offers", n),
        carte_blanche=lasting if has_carte_blanche else (),
        current_player=None if doc["to_move"] is None else read_seat(doc["to_move"], "to_move", n),
        legal_actions=tuple(
            _action(v, f"legal_actions[{i}]")
            for i, v in enumerate(read_list(doc["legal_actions"], "legal_actions"))
        ),
        hand_kinds=_seat_entries(seats, "hand_kinds", size),
        game=_game(doc["game"], rules),
    )
    determinize(view, random.Random(0))
    return view
