"""The JSON form of a deal state (``"format": "bezique-state"``).

A state document holds everything a :class:`~bezique.DealState` holds, with
cards by their physical names (``"QSa"``) and meld kinds by their text values;
:func:`load_state` reads one back and checks every invariant of a deal on the
way (:func:`bezique.checks.invariants.check_state`), so a document either loads as a
state the engine could have reached, or raises :class:`~bezique.NotationError`
(it is not a well-formed document) or :class:`~bezique.InvalidStateError` (it
is well formed but describes no reachable deal).

The fields and the checks are listed on the documentation page "JSON format".

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=7).apply("play 9H")
>>> load_state(state_to_json(state)) == state
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from bezique.cards import card_id_name
from bezique.checks.invariants import check_state
from bezique.errors import BeziqueError, InvalidStateError, require
from bezique.io.names import card_name
from bezique.io.readers import (
    fail,
    kept_broken,
    kept_carte_blanche,
    read_bool,
    read_card,
    read_cards,
    read_entry,
    read_header,
    read_int,
    read_ints,
    read_kinds,
    read_list,
    read_melds,
    read_phase,
    read_seat,
    read_seat_list,
    read_seat_objects,
    read_trick,
    read_tricks,
    read_trump,
    read_window,
    what,
)
from bezique.io.rules_json import rules_from_dict, rules_to_dict
from bezique.io.text import dumps, loads
from bezique.io.writers import (
    card_key,
    card_list,
    card_set,
    entry_to_dict,
    kinds_list,
    melds_to_list,
    trick_to_dict,
    trump_to_json,
    window_to_dict,
)
from bezique.laws.declaring import won_card_histories
from bezique.laws.zones import bits
from bezique.records import DeclaredMeld, Trick, Window
from bezique.rules import DeclareFrom
from bezique.state import DealState

__all__ = [
    "STATE_FORMAT",
    "STATE_VERSION",
    "load_state",
    "state_from_dict",
    "state_to_dict",
    "state_to_json",
]

#: The ``format`` of a state document.
STATE_FORMAT = "bezique-state"
#: The ``version`` of the state documents this release writes and reads.
STATE_VERSION = 1

_STATE_KEYS = (
    "format",
    "version",
    "rules",
    "dealer",
    "phase",
    "trump",
    "turn_up",
    "stock",
    "seats",
    "trick",
    "tricks",
    "window",
    "offers",
    "melds",
    "scores",
    "to_move",
)
#: The keys written only when they say something. The only one is ``counted_brisques``,
#: true once a deal whose rules count the aces and tens only when they matter (BIC)
#: counted them.
_OPTIONAL_KEYS = ("counted_brisques",)
_SEAT_KEYS = ("hand", "hand_kinds", "table", "revealed", "won", "carte_blanche")


# -- writing ---------------------------------------------------------------------------

#: The fields of each state object that version 1 of the format writes.
_WRITTEN: dict[type[Any], frozenset[str]] = {
    DealState: frozenset(
        {
            "rules",
            "dealer",
            "phase",
            "trump",
            "turn_up",
            "stock",
            "hand_masks",
            "table_masks",
            "history",
            "won_masks",
            "tricks",
            "trick",
            "leader",
            "window",
            "melds",
            "scores",
            "broken",
            "carte_blanche",
            "offers",
            "revealed_masks",
            "counted_brisques",
        }
    ),
    Window: frozenset({"seat", "declarations", "scored", "exchanged", "passed"}),
    DeclaredMeld: frozenset({"seat", "kind", "cards", "trick", "points", "scored"}),
    Trick: frozenset({"leader", "cards", "winner"}),
}


def _extra_fields(cls: type[Any]) -> tuple[Any, ...]:
    """The fields of ``cls`` that the format does not write (computed once per class)."""
    extra = _EXTRA.get(cls)
    if extra is None:
        extra = _EXTRA[cls] = tuple(
            f for f in attrs.fields(cls) if f.init and f.name not in _WRITTEN[cls]
        )
    return extra


_EXTRA: dict[type[Any], tuple[Any, ...]] = {}


def _check_writable(obj: object) -> None:
    """Refuse to drop a field this version of the format does not hold: a field the
    state classes gained that still has its default value is not lost."""
    cls: type[Any] = type(obj)
    for field in _extra_fields(cls):
        if field.default is attrs.NOTHING or getattr(obj, field.name) != field.default:
            raise BeziqueError(
                f"version {STATE_VERSION} of the {STATE_FORMAT} format cannot hold "
                f"{cls.__name__}.{field.name} = {getattr(obj, field.name)!r}"
            )


def _kinds_of(state: DealState, card: int) -> list[str]:
    """The kinds a card was declared in, each marked ``*`` if its meld is broken."""
    return kinds_list(state.history[card], state.broken[card] if state.broken else 0)


def state_to_dict(state: DealState) -> dict[str, Any]:
    """The state document as plain JSON data (dicts, lists, strings, ints, bools, None)."""
    for part in (state, state.window, *state.melds, *state.tricks):
        if part is not None:
            _check_writable(part)
    seats = []
    for seat in range(state.players):
        hand = state.hand_masks[seat]
        seats.append(
            {
                "hand": card_set(bits(hand)),
                "hand_kinds": {
                    card_name(c): _kinds_of(state, c)
                    for c in sorted(bits(hand), key=card_key)
                    if state.history[c]
                },
                "table": [
                    entry_to_dict(c, state.history[c], state.broken[c] if state.broken else 0)
                    for c in sorted(bits(state.table_masks[seat]), key=card_key)
                ],
                "revealed": card_set(bits(state.revealed_masks[seat]))
                if state.revealed_masks
                else [],
                "won": card_set(bits(state.won_masks[seat])),
                "carte_blanche": bool(state.carte_blanche and state.carte_blanche[seat]),
            }
        )
    doc: dict[str, Any] = {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "rules": rules_to_dict(state.rules),
        "dealer": state.dealer,
        "phase": state.phase.value,
        "trump": trump_to_json(state.trump),
        "turn_up": None if state.turn_up is None else card_name(state.turn_up),
        "stock": card_list(state.stock),
        "seats": seats,
        "trick": {"leader": state.leader, "cards": card_list(state.trick)},
        "tricks": [trick_to_dict(t) for t in state.tricks],
        "window": window_to_dict(state.window),
        "offers": list(state.offers),
        "melds": melds_to_list(state.melds),
        "scores": list(state.scores),
        "to_move": state.current_player,
    }
    if state.counted_brisques:
        doc["counted_brisques"] = True
    return doc


def state_to_json(state: DealState, *, indent: int | None = 2) -> str:
    """The state document as JSON text.

    With ``indent`` (the default, 2) objects go one key a line and lists of
    cards are packed into lines of at most 100 characters; with ``None`` the
    document is written on one line without spaces.
    """
    return dumps(state_to_dict(state), indent)


# -- reading ---------------------------------------------------------------------------


def load_state(text: str | bytes, *, trick_cards: bool = True) -> DealState:
    """Read a state document (JSON text) and check it.

    Raises :class:`~bezique.NotationError` for text that is not a well-formed
    document (not JSON, wrong keys or types, unknown cards or kinds, another
    format or version), :class:`~bezique.InvalidStateError` for a document
    that breaks an invariant of a deal. Each message names the field at fault.

    With ``trick_cards=False`` the cards of the completed tricks are taken as
    they are, not replayed against the melds and the end-phase duties (see
    :func:`bezique.checks.invariants.check_state`): for the document of a state read
    from the position notation, whose tricks were rebuilt from the won cards
    (:func:`bezique.parse_position`). Every other check is made.
    """
    require(trick_cards, bool, "load_state()", "trick_cards", "True or False")
    return state_from_dict(loads(text), trick_cards=trick_cards)


class _Places:
    """Where each card of the deck is seen while a document is read: each card must
    appear exactly once."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.seen: dict[int, str] = {}

    def place(self, card: int, where: str) -> int:
        if card in self.seen:
            raise InvalidStateError(
                f"card conservation: {card_id_name(card)} is at {self.seen[card]} and also "
                f"at {where}"
            )
        self.seen[card] = where
        return card

    def mask(self, cards: list[int], path: str) -> int:
        """The cards of the list at ``path``, placed, as a mask."""
        mask = 0
        for i, card in enumerate(cards):
            mask |= 1 << self.place(card, f"{path}[{i}]")
        return mask

    def check_complete(self) -> None:
        missing = [c for c in range(self.size) if c not in self.seen]
        if missing:
            raise InvalidStateError(
                f"card conservation: {len(missing)} card(s) of the deck are nowhere: "
                + " ".join(card_set(missing))
            )


def state_from_dict(data: object, *, trick_cards: bool = True) -> DealState:
    """Like :func:`load_state`, from JSON data already parsed."""
    require(trick_cards, bool, "state_from_dict()", "trick_cards", "True or False")
    doc = read_header(data, STATE_FORMAT, STATE_VERSION, _STATE_KEYS, _OPTIONAL_KEYS)
    rules = rules_from_dict(doc["rules"])
    n = rules.players
    size = rules.deck_size
    dealer = read_seat(doc["dealer"], "dealer", n)
    phase = read_phase(doc["phase"], "phase")
    trump = read_trump(doc["trump"], "trump")

    places = _Places(size)
    turn_up = (
        None
        if doc["turn_up"] is None
        else places.place(read_card(doc["turn_up"], "turn_up", size), "turn_up")
    )
    stock = tuple(
        places.place(c, f"stock[{i}]")
        for i, c in enumerate(read_cards(doc["stock"], "stock", size))
    )

    history = [0] * size
    broken = [0] * size
    hands: list[int] = []
    tables: list[int] = []
    won: list[int] = []
    revealed: list[int] = []
    lasting: list[bool] = []
    for s, seat in enumerate(read_seat_objects(doc["seats"], n, _SEAT_KEYS)):
        path = f"seats[{s}]"
        hand = places.mask(read_cards(seat["hand"], f"{path}.hand", size), f"{path}.hand")
        hand_kinds = seat["hand_kinds"]
        if not isinstance(hand_kinds, Mapping):
            fail(f"{path}.hand_kinds", "an object", hand_kinds)
        for name, kinds in hand_kinds.items():
            where = f"{path}.hand_kinds.{name}"
            card = read_card(name, where, size)
            if not hand >> card & 1:
                raise InvalidStateError(f"{where}: {name} is not in seat {s}'s hand")
            history[card], broken[card] = read_kinds(kinds, where)
        table = 0
        for i, entry in enumerate(read_list(seat["table"], f"{path}.table")):
            where = f"{path}.table[{i}]"
            card, history[card], broken[card] = read_entry(entry, where, size)
            table |= 1 << places.place(card, where)
        hands.append(hand)
        tables.append(table)
        revealed.append(
            sum({1 << c for c in read_cards(seat["revealed"], f"{path}.revealed", size)})
        )
        won.append(places.mask(read_cards(seat["won"], f"{path}.won", size), f"{path}.won"))
        lasting.append(read_bool(seat["carte_blanche"], f"{path}.carte_blanche"))

    leader, cards = read_trick(doc["trick"], n, size)
    trick = tuple(places.place(c, f"trick.cards[{i}]") for i, c in enumerate(cards))
    places.check_complete()

    tricks = read_tricks(doc["tricks"], n, size)
    window = read_window(doc["window"], n, size)
    offers = read_seat_list(doc["offers"], "offers", n)
    if not kept_carte_blanche(rules, lasting, offers):
        lasting = []
    melds = read_melds(doc["melds"], n, size)
    if rules.zones.declare_from is DeclareFrom.WON:
        # Cards declared from those won keep the kinds of their melds (S003).
        for card, kinds in won_card_histories(melds, won).items():
            history[card] = kinds
    scores = read_ints(doc["scores"], "scores")
    to_move = None if doc["to_move"] is None else read_int(doc["to_move"], "to_move")
    counted = read_bool(doc.get("counted_brisques", False), "counted_brisques")

    state = DealState(
        rules=rules,
        dealer=dealer,
        phase=phase,
        trump=trump,
        turn_up=turn_up,
        stock=stock,
        hand_masks=tuple(hands),
        table_masks=tuple(tables),
        history=tuple(history),
        won_masks=tuple(won),
        tricks=tricks,
        trick=trick,
        leader=leader,
        window=window,
        melds=melds,
        scores=scores,
        broken=kept_broken(rules, broken),
        carte_blanche=tuple(lasting),
        offers=offers,
        revealed_masks=tuple(revealed),
        counted_brisques=counted,
    )
    check_state(state, trick_cards=trick_cards)
    if to_move != state.current_player:
        raise InvalidStateError(
            f"to_move: the document says {what(to_move)}, but in this position "
            + (
                "the deal is over (null)"
                if state.current_player is None
                else f"seat {state.current_player} is to move"
            )
        )
    return state
