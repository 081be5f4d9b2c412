"""The JSON forms of a deal state and of a deal record.

A *state document* (``"format": "bezique-state"``) holds everything a
:class:`~bezique.DealState` holds, with cards by their physical names
(``"QSa"``) and meld kinds by their text values; :func:`load_state` reads one
back and checks every invariant of a deal on the way, so a document either
loads as a state the engine could have reached, or raises
:class:`~bezique.NotationError` (it is not a well-formed document) or
:class:`~bezique.InvalidStateError` (it is well formed but describes no
reachable deal). A *deal record* (``"format": "bezique-deal-record"``) holds
the rules, the deck order and the actions of one deal, and replays it.

The fields and the checks are listed on the documentation page "JSON format".

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=7).apply("play 9H")
>>> load_state(state_to_json(state)) == state
True
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from bezique import variants
from bezique._jsonfields import (
    _NAME,
    _bool,
    _card,
    _cards,
    _fail,
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
    _what,
    _window,
)
from bezique.actions import Action, parse_action_text
from bezique.cards import FACES_PER_PACK, Card, card_id_name, parse_card_id

# The engine's own tables of which rules keep broken melds and which melds fix trumps.
from bezique.engine import new_deal
from bezique.errors import (
    BeziqueError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
    RulesError,
)
from bezique.invariants import check_state
from bezique.laws.declaring import tracks_broken
from bezique.laws.zones import bits
from bezique.melds import MeldKind, kinds_in
from bezique.notation import parse_action
from bezique.records import DeclaredMeld, Trick, Window
from bezique.rules import Rules
from bezique.state import DealState

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "STATE_FORMAT",
    "STATE_VERSION",
    "DealRecord",
    "check_state",
    "deck_order",
    "load_state",
    "record_deal",
    "rules_from_dict",
    "rules_to_dict",
    "state_from_dict",
    "state_to_dict",
    "state_to_json",
]

#: The ``format`` of a state document.
STATE_FORMAT = "bezique-state"
#: The ``version`` of the state documents this release writes and reads.
STATE_VERSION = 1
#: The ``format`` of a deal record document.
RECORD_FORMAT = "bezique-deal-record"
#: The ``version`` of the deal records this release writes and reads.
RECORD_VERSION = 1

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
_RULES_KEYS = ("name", "description", "sources", "knobs")
_SEAT_KEYS = ("hand", "hand_kinds", "table", "revealed", "won", "carte_blanche")
_TABLE_KEYS = ("card", "kinds")
_TRICK_KEYS = ("leader", "cards")
_RECORD_KEYS = ("format", "version", "rules", "dealer", "deck", "actions", "scores")
#: The knob names :meth:`Rules.knobs` produces; a document may name no other.
_KNOB_NAMES = frozenset(variants.CLASSIC.knobs())


# -- writing ---------------------------------------------------------------------------


def _card_key(card: int) -> tuple[int, int]:
    """Sort cards by face (suit, then rank in trick order), then by copy."""
    return (card % FACES_PER_PACK, card // FACES_PER_PACK)


def _names(cards: Iterable[int]) -> list[str]:
    """Physical names of a set of cards, sorted by face then copy."""
    return [_NAME[c] for c in sorted(cards, key=_card_key)]


#: JSON text of the strings written most: card names and meld kinds.
_QUOTED = {text: f'"{text}"' for text in (*_NAME, *(k.value for k in MeldKind))}


def _kind_names(mask: int) -> list[str]:
    return [k.value for k in kinds_in(mask)]


def _kinds_text(mask: int, broken: int = 0) -> str:
    return ",".join(k.value + ("*" if broken & k.bit else "") for k in kinds_in(mask))


def _card_kinds(state: DealState, card: int) -> list[str]:
    """The kinds a card was declared in, each marked ``*`` if its meld is broken."""
    broken = state.broken[card] if state.broken else 0
    return [k.value + ("*" if broken & k.bit else "") for k in kinds_in(state.history[card])]


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """The ``rules`` object of a document: name, description, sources and every knob."""
    knobs = {k: (list(v) if isinstance(v, tuple) else v) for k, v in rules.knobs().items()}
    return {
        "name": rules.name,
        "description": rules.description,
        "sources": list(rules.sources),
        "knobs": knobs,
    }


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
        }
    ),
    Window: frozenset({"seat", "declarations", "scored", "exchanged"}),
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
                "hand": _names(bits(hand)),
                "hand_kinds": {
                    _NAME[c]: _card_kinds(state, c)
                    for c in sorted(bits(hand), key=_card_key)
                    if state.history[c]
                },
                "table": [
                    {"card": _NAME[c], "kinds": _card_kinds(state, c)}
                    for c in sorted(bits(state.table_masks[seat]), key=_card_key)
                ],
                "revealed": _names(bits(state.revealed_masks[seat]))
                if state.revealed_masks
                else [],
                "won": _names(bits(state.won_masks[seat])),
                "carte_blanche": bool(state.carte_blanche and state.carte_blanche[seat]),
            }
        )
    window = state.window
    return {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "rules": rules_to_dict(state.rules),
        "dealer": state.dealer,
        "phase": state.phase.value,
        "trump": None if state.trump is None else state.trump.letter,
        "turn_up": None if state.turn_up is None else _NAME[state.turn_up],
        "stock": [_NAME[c] for c in state.stock],
        "seats": seats,
        "trick": {"leader": state.leader, "cards": [_NAME[c] for c in state.trick]},
        "tricks": [
            {
                "leader": t.leader,
                "cards": [_NAME[c] for c in t.cards],
                "winner": t.winner,
            }
            for t in state.tricks
        ],
        "window": None
        if window is None
        else {
            "seat": window.seat,
            "declarations": window.declarations,
            "scored": window.scored,
            "exchanged": None if window.exchanged is None else _NAME[window.exchanged],
        },
        "offers": list(state.offers),
        "melds": [
            {
                "seat": m.seat,
                "kind": m.kind.value,
                "cards": _names(m.cards),
                "trick": m.trick,
                "points": m.points,
                "scored": m.scored,
            }
            for m in state.melds
        ],
        "scores": list(state.scores),
        "to_move": state.current_player,
    }


def state_to_json(state: DealState, *, indent: int | None = 2) -> str:
    """The state document as JSON text.

    With ``indent`` (the default, 2) objects go one key a line and lists of
    cards are packed into lines of at most 100 characters; with ``None`` the
    document is written on one line without spaces.
    """
    return _dumps(state_to_dict(state), indent)


def _dumps(data: Any, indent: int | None) -> str:
    if indent is None:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return _pretty(data, indent, 0, 0)


_WIDTH = 100


_PLAIN = re.compile(r"[ !#-\[\]-~]*")


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        quoted = _QUOTED.get(value)
        if quoted is not None:
            return quoted
    if isinstance(value, str) and _PLAIN.fullmatch(value):
        return '"' + value + '"'
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def _flat(value: Any) -> bool:
    """A scalar or a list of scalars."""
    if isinstance(value, list):
        return all(not isinstance(v, (dict, list)) for v in value)
    return not isinstance(value, dict)


def _inline(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    return _scalar(value)


def _pretty(value: Any, indent: int, level: int, used: int) -> str:
    """JSON text: objects one key a line, unless short and flat (then on one line);
    lists of scalars packed in lines of at most ``_WIDTH`` characters. ``used`` is the
    length of the line before the value."""
    pad = " " * (indent * (level + 1))
    end = " " * (indent * level)
    if isinstance(value, dict):
        if not value:
            return "{}"
        if all(_flat(v) for v in value.values()):
            inline = "{" + ", ".join(f"{_scalar(k)}: {_inline(v)}" for k, v in value.items()) + "}"
            if used + len(inline) + 1 <= _WIDTH:
                return inline
        items = []
        for k, v in value.items():
            key = f"{pad}{_scalar(k)}: "
            items.append(key + _pretty(v, indent, level + 1, len(key)))
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(not isinstance(v, (dict, list)) for v in value):
            parts = [_scalar(v) for v in value]
            inline = "[" + ", ".join(parts) + "]"
            if used + len(inline) + 1 <= _WIDTH:
                return inline
            lines: list[str] = []
            line = ""
            for part in parts:
                if line and len(pad) + len(line) + len(part) + 2 > _WIDTH:
                    lines.append(pad + line)
                    line = ""
                line += ("" if not line else " ") + part + ","
            lines.append(pad + line[:-1])
            return "[\n" + "\n".join(lines) + "\n" + end + "]"
        inner = [pad + _pretty(v, indent, level + 1, len(pad)) for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + end + "]"
    return _scalar(value)


# -- reading: rules --------------------------------------------------------------------


def rules_from_dict(data: object, path: str = "rules") -> Rules:
    """Rules from a document's ``rules`` object.

    A registered preset with the same name, description, sources and knobs is
    returned as the preset object itself. Knobs the document omits take their
    default values; unknown knobs, wrong values and rule sets the library
    refuses raise :class:`~bezique.NotationError`.
    """
    obj = _object(data, path, _RULES_KEYS)
    name = _str(obj["name"], f"{path}.name")
    description = _str(obj["description"], f"{path}.description")
    sources = tuple(
        _str(s, f"{path}.sources[{i}]")
        for i, s in enumerate(_list(obj["sources"], f"{path}.sources"))
    )
    knobs = obj["knobs"]
    if not isinstance(knobs, Mapping):
        _fail(f"{path}.knobs", "an object", knobs)
    if "players" in knobs:
        _int(knobs["players"], f"{path}.knobs.players")
    for key, value in knobs.items():
        if key not in _KNOB_NAMES:
            raise NotationError(f"{path}.knobs: unknown knob {key!r}")
        if isinstance(value, (list, tuple)):
            for i, item in enumerate(value):
                _int(item, f"{path}.knobs.{key}[{i}]")
        elif value is not None and not isinstance(value, (bool, int, str)):
            _fail(f"{path}.knobs.{key}", "a number, a string, true, false, null or a list", value)
    # Building rules is slow next to reading a state: keep the last few built.
    cache_key = (
        name,
        description,
        sources,
        tuple(
            (k, type(v).__name__, tuple(v) if isinstance(v, (list, tuple)) else v)
            for k, v in sorted(knobs.items())
        ),
    )
    rules = _RULES_CACHE.get(cache_key)
    if rules is None:
        rules = _build_rules(name, description, sources, knobs, path)
        if len(_RULES_CACHE) >= 64:
            _RULES_CACHE.clear()
        _RULES_CACHE[cache_key] = rules
    return rules


_RULES_CACHE: dict[tuple[Any, ...], Rules] = {}


def _build_rules(
    name: str, description: str, sources: tuple[str, ...], knobs: Mapping[str, Any], path: str
) -> Rules:
    try:
        rules = Rules.from_knobs(name, knobs, description).evolve(sources=sources)
    except RulesError as error:
        raise NotationError(f"{path}: {error}") from error
    try:
        preset = variants.get(name)
    except RulesError:
        return rules
    return preset if preset == rules else rules


# -- reading: state --------------------------------------------------------------------


def load_state(text: str | bytes) -> DealState:
    """Read a state document (JSON text) and check it.

    Raises :class:`~bezique.NotationError` for text that is not a well-formed
    document (not JSON, wrong keys or types, unknown cards or kinds, another
    format or version), :class:`~bezique.InvalidStateError` for a document
    that breaks an invariant of a deal. Each message names the field at fault.
    """
    return state_from_dict(_loads(text))


def state_from_dict(data: object) -> DealState:
    """Like :func:`load_state`, from JSON data already parsed."""
    doc = _object(_header(data, STATE_FORMAT, STATE_VERSION), "document", _STATE_KEYS)
    rules = rules_from_dict(doc["rules"])
    n = rules.players
    size = rules.deck_size
    dealer = _seat(doc["dealer"], "dealer", n)
    phase = _phase(doc["phase"], "phase")
    trump = _trump(doc["trump"], "trump")

    # Every card of the deck must appear exactly once: record where each is seen.
    seen: dict[int, str] = {}

    def place(card: int, where: str) -> int:
        if card in seen:
            raise InvalidStateError(
                f"card conservation: {card_id_name(card)} is at {seen[card]} and also at {where}"
            )
        seen[card] = where
        return card

    turn_up = (
        None if doc["turn_up"] is None else place(_card(doc["turn_up"], "turn_up", size), "turn_up")
    )
    stock = tuple(
        place(c, f"stock[{i}]") for i, c in enumerate(_cards(doc["stock"], "stock", size))
    )

    history = [0] * size
    broken = [0] * size
    lasting: list[bool] = []
    revealed: list[int] = []
    seat_list = _list(doc["seats"], "seats")
    if len(seat_list) != n:
        raise InvalidStateError(f"seats: {len(seat_list)} seats listed, the rules have {n} players")
    hands: list[int] = []
    tables: list[int] = []
    won: list[int] = []
    for s, raw in enumerate(seat_list):
        path = f"seats[{s}]"
        seat = _object(raw, path, _SEAT_KEYS)
        hand = 0
        for i, card in enumerate(_cards(seat["hand"], f"{path}.hand", size)):
            hand |= 1 << place(card, f"{path}.hand[{i}]")
        hand_kinds = seat["hand_kinds"]
        if not isinstance(hand_kinds, Mapping):
            _fail(f"{path}.hand_kinds", "an object", hand_kinds)
        for name, kinds in hand_kinds.items():
            where = f"{path}.hand_kinds.{name}"
            card = _card(name, where, size)
            if not hand >> card & 1:
                raise InvalidStateError(f"{where}: {name} is not in seat {s}'s hand")
            history[card], broken[card] = _kinds_masks(kinds, where)
        table = 0
        for i, entry in enumerate(_list(seat["table"], f"{path}.table")):
            where = f"{path}.table[{i}]"
            item = _object(entry, where, _TABLE_KEYS)
            card = place(_card(item["card"], f"{where}.card", size), where)
            table |= 1 << card
            history[card], broken[card] = _kinds_masks(item["kinds"], f"{where}.kinds")
        revealed.append(sum({1 << c for c in _cards(seat["revealed"], f"{path}.revealed", size)}))
        pile = 0
        for i, card in enumerate(_cards(seat["won"], f"{path}.won", size)):
            pile |= 1 << place(card, f"{path}.won[{i}]")
        hands.append(hand)
        tables.append(table)
        won.append(pile)
        lasting.append(_bool(seat["carte_blanche"], f"{path}.carte_blanche"))

    trick_obj = _object(doc["trick"], "trick", _TRICK_KEYS)
    leader = _seat(trick_obj["leader"], "trick.leader", n)
    trick = tuple(
        place(c, f"trick.cards[{i}]")
        for i, c in enumerate(_cards(trick_obj["cards"], "trick.cards", size))
    )
    missing = [c for c in range(size) if c not in seen]
    if missing:
        raise InvalidStateError(
            f"card conservation: {len(missing)} card(s) of the deck are nowhere: "
            + " ".join(_names(missing))
        )

    tricks = _tricks(doc["tricks"], n, size)
    window = _window(doc["window"], n, size)

    offers = tuple(
        _seat(v, f"offers[{i}]", n) for i, v in enumerate(_list(doc["offers"], "offers"))
    )
    if rules.carte_blanche.carte_blanche_points is None:
        if any(lasting) or offers:
            raise InvalidStateError(
                "carte blanche: these rules have none, but "
                + ("a seat's carte blanche lasts" if any(lasting) else "one is offered")
            )
        lasting = []
    if not tracks_broken(rules):
        if any(broken):
            card = next(c for c in range(size) if broken[c])
            raise InvalidStateError(
                f"{card_id_name(card)}: a kind marked * (a broken meld), but these rules "
                "never re-form melds"
            )
        broken = []

    melds = _melds(doc["melds"], n, size)

    score_list = _list(doc["scores"], "scores")
    scores = tuple(_int(v, f"scores[{i}]") for i, v in enumerate(score_list))
    to_move = None if doc["to_move"] is None else _int(doc["to_move"], "to_move")

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
        broken=tuple(broken),
        carte_blanche=tuple(lasting),
        offers=offers,
        revealed_masks=tuple(revealed),
    )
    check_state(state)
    if to_move != state.current_player:
        raise InvalidStateError(
            f"to_move: the document says {_what(to_move)}, but in this position "
            + (
                "the deal is over (null)"
                if state.current_player is None
                else f"seat {state.current_player} is to move"
            )
        )
    return state


# -- deal records ----------------------------------------------------------------------


def deck_order(rules: Rules, seed: int | str) -> tuple[str, ...]:
    """The deck order, top first, that ``new_deal(rules, seed=seed)`` deals.

    >>> import bezique as bz
    >>> deck = deck_order(bz.variants.CLASSIC, 7)
    >>> bz.new_deal(bz.variants.CLASSIC, deck=deck) == bz.new_deal(bz.variants.CLASSIC, seed=7)
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise BeziqueError(f"seed must be an int or a string, got {seed!r}")
    order = list(range(rules.deck_size))
    random.Random(seed).shuffle(order)
    return tuple(card_id_name(c) for c in order)


def _dealt_deck(state: DealState) -> tuple[str, ...]:
    """A deck order that deals exactly ``state`` (which must be as dealt).

    Each seat's packets are filled from its hand in card order: the order of
    cards within a hand is not kept by the state, and does not matter.
    """
    rules = state.rules
    n = rules.players
    pools = [
        sorted(bits(state.hand_masks[s] | state.table_masks[s]), key=_card_key) for s in range(n)
    ]
    order: list[int] = []
    for packet in rules.deck.packets:
        for i in range(1, n + 1):
            seat = (state.dealer + i) % n
            order += pools[seat][:packet]
            pools[seat] = pools[seat][packet:]
    if state.turn_up is not None:
        order.append(state.turn_up)
    order += state.stock
    return tuple(card_id_name(c) for c in order)


def _deck_names(deck: Sequence[int | str], size: int) -> tuple[str, ...]:
    """Physical names of a deck given as :func:`bezique.new_deal` takes it: card ids,
    physical names, or faces (whose copies are numbered in order of appearance)."""
    copies = [0] * FACES_PER_PACK
    out: list[str] = []
    for i, item in enumerate(deck):
        if isinstance(item, int) and not isinstance(item, bool):
            card = item
        elif isinstance(item, str):
            text = item.strip()
            if text and "a" <= text[-1] <= "z":
                card = parse_card_id(text)
            else:
                face = Card.parse(text)
                card = copies[face.index] * FACES_PER_PACK + face.index
                copies[face.index] += 1
        else:
            raise NotationError(f"[{i}]: not a card: {item!r}")
        if not 0 <= card < size:
            raise NotationError(f"[{i}]: card {item!r} is not in a deck of {size} cards")
        out.append(card_id_name(card))
    return tuple(out)


@attrs.frozen
class DealRecord:
    """One deal, replayable: the rules, the dealer, the deck order, the actions,
    and the scores they led to.

    ``deck`` lists the physical cards top first (``"QSa"``), as
    :func:`bezique.new_deal` takes them; ``actions`` are text forms
    (``"play QS[bezique]"``); ``scores`` are the scores after the last action.
    """

    rules: Rules
    dealer: int
    deck: tuple[str, ...]
    actions: tuple[str, ...]
    scores: tuple[int, ...]

    def initial_state(self) -> DealState:
        """The state as dealt."""
        try:
            return new_deal(self.rules, deck=self.deck, dealer=self.dealer)
        except (NotationError, InvalidStateError):
            raise
        except BeziqueError as error:
            raise InvalidStateError(f"deck: {error}") from error

    def replay(self) -> DealState:
        """Deal and play every action; return the final state.

        Raises :class:`~bezique.InvalidStateError` if an action does not parse
        or is illegal (naming it) or if the replayed scores differ from
        :attr:`scores`.
        """
        state = self.initial_state()
        for i, text in enumerate(self.actions):
            try:
                state = state.apply(text)
            except (IllegalActionError, NotationError) as error:
                raise InvalidStateError(f"actions[{i}] {text!r}: {error}") from error
        if state.scores != self.scores:
            raise InvalidStateError(
                f"scores: the record says {list(self.scores)}, but replaying its actions "
                f"gives {list(state.scores)}"
            )
        return state

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": rules_to_dict(self.rules),
            "dealer": self.dealer,
            "deck": list(self.deck),
            "actions": list(self.actions),
            "scores": list(self.scores),
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """The record document as JSON text (see :func:`state_to_json` for ``indent``)."""
        return _dumps(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: object) -> DealRecord:
        """Read a record from JSON data already parsed (see :meth:`from_json`)."""
        doc = _object(_header(data, RECORD_FORMAT, RECORD_VERSION), "document", _RECORD_KEYS)
        rules = rules_from_dict(doc["rules"])
        dealer = _seat(doc["dealer"], "dealer", rules.players)
        size = rules.deck_size
        deck = _cards(doc["deck"], "deck", size)
        if sorted(deck) != list(range(size)):
            counts: dict[int, int] = {}
            for card in deck:
                counts[card] = counts.get(card, 0) + 1
            twice = _names(c for c, k in counts.items() if k > 1)
            missing = _names(c for c in range(size) if c not in counts)
            raise InvalidStateError(
                f"deck: must list each of the {size} cards once; "
                + (f"listed twice: {' '.join(twice)}; " if twice else "")
                + (f"missing: {' '.join(missing)}" if missing else "")
            )
        actions: list[str] = []
        for i, item in enumerate(_list(doc["actions"], "actions")):
            text = _str(item, f"actions[{i}]")
            try:
                parse_action_text(text)
            except NotationError as error:
                raise NotationError(f"actions[{i}]: {error}") from None
            actions.append(text)
        score_list = _list(doc["scores"], "scores")
        scores = tuple(_int(v, f"scores[{i}]") for i, v in enumerate(score_list))
        if len(scores) != rules.players:
            raise InvalidStateError(f"scores: {len(scores)} scores for {rules.players} players")
        return cls(
            rules=rules,
            dealer=dealer,
            deck=tuple(card_id_name(c) for c in deck),
            actions=tuple(actions),
            scores=scores,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> DealRecord:
        """Read a record document. The actions are parsed but not played: :meth:`replay`
        plays them. Raises :class:`~bezique.NotationError` or
        :class:`~bezique.InvalidStateError` as :func:`load_state` does."""
        return cls.from_dict(_loads(text))


def record_deal(
    initial_state: DealState,
    actions: Iterable[Action | str],
    *,
    deck: Sequence[int | str] | None = None,
) -> DealRecord:
    """Play ``actions`` from a freshly dealt state and record the deal.

    ``deck`` is the order the state was dealt from (as given to
    :func:`bezique.new_deal`, or :func:`deck_order` for a seeded deal). Without
    it the record holds a deck order rebuilt from the dealt hands, which deals
    the same state. Actions given as text are recorded in their canonical text
    form. Raises :class:`~bezique.InvalidStateError` if ``initial_state`` is
    not a state as dealt (or not the one ``deck`` deals), and
    :class:`~bezique.IllegalActionError` if an action is illegal.

    >>> import bezique as bz
    >>> start = bz.new_deal(bz.variants.CLASSIC, seed=3)
    >>> record = record_deal(start, ["play 8S", "play AC", "draw"])
    >>> DealRecord.from_json(record.to_json()).replay() == start.apply("play 8S").apply(
    ...     "play AC").apply("draw")
    True
    """
    rules = initial_state.rules
    fresh = not (
        initial_state.tricks or initial_state.trick or initial_state.window or initial_state.melds
    )
    if deck is None:
        if not fresh:
            raise InvalidStateError("record_deal needs the state as dealt (no card played yet)")
        names = _dealt_deck(initial_state)
    else:
        try:
            names = _deck_names(deck, rules.deck_size)
        except NotationError as error:
            raise NotationError(f"deck: {error}") from None
    try:
        dealt = new_deal(rules, deck=names, dealer=initial_state.dealer)
    except (NotationError, InvalidStateError):
        raise
    except BeziqueError as error:
        raise InvalidStateError(f"deck: {error}") from error
    if dealt != initial_state:
        raise InvalidStateError(
            "record_deal needs the state as dealt"
            + (" from this deck" if deck is not None else " (no card played yet)")
        )
    state = initial_state
    texts: list[str] = []
    for action in actions:
        if isinstance(action, str):
            action = parse_action(state, action)
        state = state.apply(action)
        texts.append(str(action))
    return DealRecord(
        rules=rules,
        dealer=initial_state.dealer,
        deck=names,
        actions=tuple(texts),
        scores=state.scores,
    )
