"""JSON of Zetema: states (``"format": "zetema-state"``) and game records
(``"format": "zetema-record"``), in the library's style: a format name and a
version, cards by their face names (``"KS"``), actions by their text.

A state document holds everything a :class:`~bezique.zetema.ZetemaState` holds;
:func:`load_state` checks it on the way in (the 65 cards each once, the seats,
the phase), raising :class:`~bezique.errors.NotationError` for a document that
is not well formed and :class:`~bezique.errors.InvalidStateError` for one that
describes no game. A record holds the rules, the seed, the first dealer and the
actions; :func:`load_record` replays them and checks the final scores.

>>> from bezique import zetema
>>> state = zetema.new_game(zetema.ZETEMA, seed=3)
>>> state = state.apply(state.legal_actions()[-1])
>>> load_state(state_to_json(state)) == state
True
>>> record = ZetemaRecord(zetema.ZETEMA, 3, 0, ("discard KC",))
>>> load_record(record_to_json(record)).replay() == state
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from bezique.cards import Suit
from bezique.errors import (
    BeziqueError,
    InvalidStateError,
    NotationError,
    RulesError,
    check_seed,
    shown,
)
from bezique.io.readers import (
    fail,
    read_bool,
    read_header,
    read_int,
    read_list,
    read_object,
    read_seat,
    read_str,
)
from bezique.io.text import dumps, loads
from bezique.zetema.deck import CARD_COUNT, face_name, parse_face
from bezique.zetema.determinize import determinize
from bezique.zetema.rules import ZetemaRules
from bezique.zetema.state import (
    COMBINE,
    DISCARD,
    OVER,
    PUBLIC_FIELDS,
    ZetemaAction,
    ZetemaState,
    check_conservation,
    new_game,
    parse_action,
)
from bezique.zetema.views import ZetemaView, view_of

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "STATE_FORMAT",
    "STATE_VERSION",
    "VIEW_FORMAT",
    "VIEW_VERSION",
    "ZetemaRecord",
    "check_state",
    "load_record",
    "load_state",
    "load_view",
    "record_from_dict",
    "record_to_dict",
    "record_to_json",
    "rules_from_dict",
    "rules_to_dict",
    "state_from_dict",
    "state_to_dict",
    "state_to_json",
    "view_from_dict",
    "view_to_dict",
    "view_to_json",
]

STATE_FORMAT = "zetema-state"
STATE_VERSION = 2
RECORD_FORMAT = "zetema-record"
RECORD_VERSION = 2
VIEW_FORMAT = "zetema-view"
VIEW_VERSION = 2

_INT_KNOBS = ("players", "sides_of_six", "sequence", "flush", "flush_sequence")
_BOOL_KNOBS = ("partnerships", "draw_to_six", "finish_hand", "imperial_flushes")
_TABLE_KNOBS = ("assembly", "zetema", "marriages")
_RULES_KEYS = (
    "name",
    "description",
    *_INT_KNOBS,
    *_BOOL_KNOBS,
    "target",
    "imperial",
    "imperial_marriage",
    *_TABLE_KNOBS,
)


#: What version 2 of each document renamed or added (``side_scores``, the totals by
#: side, as the states name them; ``one_hand``), read from a version 1 document.
_RENAMED = {"scores": "side_scores"}
_ADDED = {STATE_FORMAT: {"one_hand": False}, VIEW_FORMAT: {"one_hand": False}}


def _upgraded(data: object, fmt: str) -> object:
    """A version 1 document of ``fmt`` in the words of version 2; anything else as it is."""
    if not isinstance(data, Mapping) or data.get("format") != fmt or data.get("version") != 1:
        return data
    doc = {_RENAMED.get(key, key): value for key, value in data.items()}
    doc["version"] = 2
    for key, value in _ADDED.get(fmt, {}).items():
        doc.setdefault(key, value)
    return doc


def rules_to_dict(rules: ZetemaRules) -> dict[str, Any]:
    """Every knob of ``rules``, the imperial suit by its letter."""
    data: dict[str, Any] = {k: getattr(rules, k) for k in _RULES_KEYS}
    data["imperial"] = rules.imperial.letter
    for key in _TABLE_KNOBS:
        data[key] = list(data[key])
    return data


def rules_from_dict(value: object, path: str = "rules") -> ZetemaRules:
    """Rules from :func:`rules_to_dict`'s form; every knob must be there."""
    doc = read_object(value, path, _RULES_KEYS)
    fields: dict[str, Any] = {
        "name": read_str(doc["name"], f"{path}.name"),
        "description": read_str(doc["description"], f"{path}.description"),
    }
    for key in (*_INT_KNOBS, "imperial_marriage"):
        fields[key] = read_int(doc[key], f"{path}.{key}")
    for key in _BOOL_KNOBS:
        fields[key] = read_bool(doc[key], f"{path}.{key}")
    target = doc["target"]
    fields["target"] = None if target is None else read_int(target, f"{path}.target")
    fields["imperial"] = Suit.parse(read_str(doc["imperial"], f"{path}.imperial"))
    for key in _TABLE_KNOBS:
        items = read_list(doc[key], f"{path}.{key}")
        fields[key] = tuple(read_int(v, f"{path}.{key}[{i}]") for i, v in enumerate(items))
    try:
        return ZetemaRules(**fields)
    except RulesError as error:
        raise InvalidStateError(f"{path}: {error}") from None


def _names(cards: Sequence[int]) -> list[str]:
    return [face_name(c) for c in cards]


def _read_cards(value: object, path: str) -> tuple[int, ...]:
    out = []
    for i, item in enumerate(read_list(value, path)):
        text = read_str(item, f"{path}[{i}]")
        try:
            out.append(parse_face(text))
        except NotationError as error:
            raise NotationError(f"{path}[{i}]: {error}") from None
    return tuple(out)


def _read_ints(value: object, path: str, count: int) -> tuple[int, ...]:
    items = read_list(value, path)
    if len(items) != count:
        raise InvalidStateError(f"{path}: expected {count} numbers, got {len(items)}")
    return tuple(read_int(v, f"{path}[{i}]") for i, v in enumerate(items))


#: The keys a state document and a view document share (:func:`_public_fields`).
#: The document's keys of the public fields: the state's, but ``to_move`` for the seat
#: to act, as every game's documents have it.
_PUBLIC_KEYS = tuple("to_move" if f == "current_player" else f for f in PUBLIC_FIELDS)
_STATE_KEYS = ("format", "version", "rules", "seed", "hands", "stock", *_PUBLIC_KEYS)


def _public_dict(game: ZetemaState | ZetemaView) -> dict[str, Any]:
    """The fields a state and every seat's view share, as JSON data."""
    return {
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "tableau": [_names(p) for p in game.tableau],
        "marriage_pile": _names(game.marriage_pile),
        "zetema_pile": _names(game.zetema_pile),
        "shown": [_names(s) for s in game.shown],
        # "to_move", as in every game's documents (the JSON formats page).
        "to_move": game.current_player,
        "phase": game.phase,
        "required": _names(game.required),
        "side_scores": list(game.side_scores),
        "hand_scores": list(game.hand_scores),
        "results": [list(r) for r in game.results],
        "winners": list(game.winners),
        "one_hand": game.one_hand,
    }


def state_to_dict(state: ZetemaState) -> dict[str, Any]:
    """The state as plain JSON data. A game started with ``wait=True`` has no
    document (:class:`~bezique.InvalidStateError`): the format holds no game that
    waits between hands."""
    if state.wait:
        raise InvalidStateError(
            "a game started with wait=True has no JSON document (the format holds no "
            "game that waits between hands)"
        )
    return {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "rules": rules_to_dict(state.rules),
        "seed": state.seed,
        "hands": [_names(h) for h in state.hands],
        "stock": _names(state.stock),
        **_public_dict(state),
    }


def state_to_json(state: ZetemaState, indent: int | None = 1) -> str:
    """The state as JSON text."""
    return dumps(state_to_dict(state), indent)


def _read_seed(seed: object) -> int | str:
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        fail("seed", "an integer or a string", seed)
    try:
        check_seed(seed, "", "seed")
    except RulesError as error:
        raise InvalidStateError(str(error)) from None
    return seed


def _per_seat(value: object, path: str, players: int) -> tuple[tuple[int, ...], ...]:
    items = read_list(value, path)
    if len(items) != players:
        raise InvalidStateError(f"{path}: expected {players} lists, one per seat")
    return tuple(tuple(sorted(_read_cards(v, f"{path}[{i}]"))) for i, v in enumerate(items))


def _public_fields(doc: Mapping[str, Any], rules: ZetemaRules) -> dict[str, Any]:
    """The fields a state and every seat's view share, read from a document."""
    n, sides = rules.players, rules.side_count
    piles = read_list(doc["tableau"], "tableau")
    if len(piles) != 13:
        raise InvalidStateError("tableau: expected 13 piles, one per rank, ace first")
    phase = read_str(doc["phase"], "phase")
    if phase not in (COMBINE, DISCARD, OVER):
        raise InvalidStateError(f"phase: expected combine, discard or over, got {shown(phase)}")
    to_move = doc["to_move"]
    results = read_list(doc["results"], "results")
    winners = read_list(doc["winners"], "winners")
    return {
        "hand_number": read_int(doc["hand_number"], "hand_number"),
        "dealer": read_seat(doc["dealer"], "dealer", n),
        "tableau": tuple(_read_cards(p, f"tableau[{i}]") for i, p in enumerate(piles)),
        "marriage_pile": _read_cards(doc["marriage_pile"], "marriage_pile"),
        "zetema_pile": _read_cards(doc["zetema_pile"], "zetema_pile"),
        "shown": _per_seat(doc["shown"], "shown", n),
        "current_player": None if to_move is None else read_seat(to_move, "to_move", n),
        "phase": phase,
        "required": tuple(sorted(set(_read_cards(doc["required"], "required")))),
        "side_scores": _read_ints(doc["side_scores"], "side_scores", sides),
        "hand_scores": _read_ints(doc["hand_scores"], "hand_scores", sides),
        "results": tuple(_read_ints(r, f"results[{i}]", sides) for i, r in enumerate(results)),
        "winners": tuple(read_seat(w, f"winners[{i}]", sides) for i, w in enumerate(winners)),
        "one_hand": read_bool(doc["one_hand"], "one_hand"),
    }


def state_from_dict(data: object) -> ZetemaState:
    """A state from :func:`state_to_dict`'s form, checked."""
    doc = read_header(_upgraded(data, STATE_FORMAT), STATE_FORMAT, STATE_VERSION, _STATE_KEYS)
    rules = rules_from_dict(doc["rules"])
    state = ZetemaState(
        rules=rules,
        seed=_read_seed(doc["seed"]),
        hands=_per_seat(doc["hands"], "hands", rules.players),
        stock=_read_cards(doc["stock"], "stock"),
        **_public_fields(doc, rules),
    )
    check_state(state)
    return state


def check_state(state: ZetemaState) -> None:
    """Raise :class:`~bezique.errors.InvalidStateError` unless ``state`` could be a
    game's: the deck's cards each once, each pile of its rank and short of five,
    shown cards held, the seat to move holding cards, the scores adding up."""
    check_conservation(state)
    # A game that ended with a hand (S003's finish_hand, or a state of one hand) keeps
    # that hand's number: then every hand is finished.
    finished = state.hand_number - (0 if state.phase == OVER and state.results else 1)
    if state.hand_number < 1 or len(state.results) not in {finished, state.hand_number - 1}:
        raise InvalidStateError("hand_number: one more than the number of finished hands")
    for seat, (hand, shown_cards) in enumerate(zip(state.hands, state.shown, strict=True)):
        if Counter(shown_cards) - Counter(hand):
            raise InvalidStateError(f"shown[{seat}]: cards the seat does not hold")
    over = state.phase == OVER
    if over != (state.current_player is None) or over != bool(state.winners):
        raise InvalidStateError(
            "current_player, phase and winners disagree on whether the game is over"
        )
    _check_turn(state)
    _check_hand_sizes(state, over)
    _check_scores(state, over)


def _check_turn(state: ZetemaState) -> None:
    """The seat to move holds cards, no more than a turn can, and the cards of the
    declaration it must discard from, shown."""
    if state.current_player is None:
        return
    hand = state.hands[state.current_player]
    if not hand:
        raise InvalidStateError("current_player: the seat to move holds no card")
    if len(hand) > state.rules.hand_size + 1:
        raise InvalidStateError(f"hands[{state.current_player}]: more cards than a turn can hold")
    if state.required and (state.phase != DISCARD or not set(state.required) <= set(hand)):
        raise InvalidStateError("required: cards of a declaration the seat does not hold")
    if not set(state.required) <= set(state.shown[state.current_player]):
        # S003: the cards of the combination just declared are shown, and one of
        # them is discarded to end the turn.
        raise InvalidStateError("required: cards of a declaration the seat has not shown")


def _check_scores(state: ZetemaState, over: bool) -> None:
    """Points in a hand come from its declarations; the sides' scores are the
    finished hands' and this hand's; none is negative."""
    if any(state.hand_scores) and not (
        any(state.tableau) or state.marriage_pile or state.zetema_pile or any(state.shown)
    ):
        # A side scores by declaring (S003): the combination's cards are shown, then
        # one is discarded to the tableau, and a marriage or a zetema leaves its pile.
        raise InvalidStateError(
            "hand_scores: points in this hand, but nothing has been declared in it (no "
            "card shown, discarded, married or laid in a zetema)"
        )
    for side, total in enumerate(state.side_scores):
        past = sum(r[side] for r in state.results)
        if not over and total != past + state.hand_scores[side]:
            raise InvalidStateError(f"side_scores[{side}]: not the finished hands' and this hand's")
    if any(v < 0 for v in state.side_scores + state.hand_scores):
        raise InvalidStateError("side_scores: negative")


def _check_hand_sizes(state: ZetemaState, over: bool) -> None:
    """A hand holds ``hand_size`` cards between turns, one more during a turn (the
    card drawn, PAR-Z, or up to the hand size, S003). A game stopped at the target in
    the middle of a turn (PAR-Z) leaves that turn's seat holding the card it drew: at
    most one seat, of a winning side."""
    size = state.rules.hand_size
    for seat, hand in enumerate(state.hands):
        if len(hand) <= size or seat == state.current_player:
            continue
        stopped = over and len(hand) == size + 1 and state.rules.side_of(seat) in state.winners
        others = [s for s, h in enumerate(state.hands) if s != seat and len(h) > size]
        if not stopped or others:
            raise InvalidStateError(f"hands[{seat}]: more cards than a hand holds")


def load_state(text: str | bytes) -> ZetemaState:
    """A state from its JSON text."""
    return state_from_dict(loads(text))


_VIEW_KEYS = (
    "format",
    "version",
    "rules",
    "seat",
    "hand",
    "hand_sizes",
    "stock_size",
    *_PUBLIC_KEYS,
)


def view_to_dict(view: ZetemaView) -> dict[str, Any]:
    """A seat's view as plain JSON data: what a front end sends to the seat's player.
    It holds nothing the seat may not know (:mod:`bezique.zetema.views`)."""
    return {
        "format": VIEW_FORMAT,
        "version": VIEW_VERSION,
        "rules": rules_to_dict(view.rules),
        "seat": view.seat,
        "hand": _names(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "stock_size": view.stock_size,
        **_public_dict(view),
    }


def view_to_json(view: ZetemaView, indent: int | None = 1) -> str:
    """A seat's view as JSON text."""
    return dumps(view_to_dict(view), indent)


def view_from_dict(data: object) -> ZetemaView:
    """A view from :func:`view_to_dict`'s form, checked: some game must look so to
    its seat. The check deals the hidden cards as a search would
    (:func:`~bezique.zetema.determinize.determinize`), checks that state as a loaded
    state is checked, and requires its view of the seat to be the document's."""
    doc = read_header(_upgraded(data, VIEW_FORMAT), VIEW_FORMAT, VIEW_VERSION, _VIEW_KEYS)
    rules = rules_from_dict(doc["rules"])
    sizes = _read_ints(doc["hand_sizes"], "hand_sizes", rules.players)
    if any(not 0 <= size <= rules.hand_size + 1 for size in sizes):
        raise InvalidStateError(f"hand_sizes: each 0 to {rules.hand_size + 1}")
    stock_size = read_int(doc["stock_size"], "stock_size")
    if not 0 <= stock_size <= CARD_COUNT:
        raise InvalidStateError(f"stock_size: 0 to {CARD_COUNT}, got {stock_size}")
    view = ZetemaView(
        rules=rules,
        seat=read_seat(doc["seat"], "seat", rules.players),
        hand=tuple(sorted(_read_cards(doc["hand"], "hand"))),
        hand_sizes=sizes,
        stock_size=stock_size,
        **_public_fields(doc, rules),
    )
    sample = determinize(view, seed=0)
    check_state(sample)
    if view_of(sample, view.seat) != view:
        raise InvalidStateError(
            "the view fits no game: its seat's hand, the cards shown, the hand sizes and "
            "the stock size disagree"
        )
    return view


def load_view(text: str | bytes) -> ZetemaView:
    """A seat's view from its JSON text (:func:`view_from_dict`)."""
    return view_from_dict(loads(text))


def _texts(items: Iterable[object]) -> tuple[str, ...]:
    return tuple(str(x) for x in items)


@attrs.frozen
class ZetemaRecord:
    """A game as played: the rules, the seed of the shuffles, the first dealer, the
    actions; ``players`` optionally names who sat where."""

    rules: ZetemaRules
    seed: int | str
    dealer: int
    actions: tuple[str, ...] = attrs.field(converter=_texts)
    players: tuple[str, ...] = attrs.field(default=(), converter=_texts)

    def states(self) -> list[ZetemaState]:
        """The states from the first deal to the last action."""
        state = new_game(self.rules, self.seed, dealer=self.dealer)
        out = [state]
        for i, text in enumerate(self.actions):
            try:
                action: ZetemaAction = parse_action(text)
                state = state.apply(action)
            except BeziqueError as error:
                raise InvalidStateError(f"actions[{i}]: {error}") from None
            out.append(state)
        return out

    def replay(self) -> ZetemaState:
        """The state after the last action."""
        return self.states()[-1]


_RECORD_KEYS = (
    "format",
    "version",
    "rules",
    "seed",
    "dealer",
    "players",
    "actions",
    "side_scores",
)


def record_to_dict(record: ZetemaRecord) -> dict[str, Any]:
    """The record as plain JSON data, with the final scores for checking."""
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": rules_to_dict(record.rules),
        "seed": record.seed,
        "dealer": record.dealer,
        "players": list(record.players),
        "actions": list(record.actions),
        "side_scores": list(record.replay().side_scores),
    }


def record_to_json(record: ZetemaRecord, indent: int | None = 1) -> str:
    return dumps(record_to_dict(record), indent)


def record_from_dict(data: object) -> ZetemaRecord:
    """A record from :func:`record_to_dict`'s form, replayed and checked: every action
    legal, the final scores those written."""
    doc = read_header(_upgraded(data, RECORD_FORMAT), RECORD_FORMAT, RECORD_VERSION, _RECORD_KEYS)
    rules = rules_from_dict(doc["rules"])
    seed = _read_seed(doc["seed"])
    players = read_list(doc["players"], "players")
    actions = read_list(doc["actions"], "actions")
    record = ZetemaRecord(
        rules,
        seed,
        read_seat(doc["dealer"], "dealer", rules.players),
        [read_str(a, f"actions[{i}]") for i, a in enumerate(actions)],
        [read_str(p, f"players[{i}]") for i, p in enumerate(players)],
    )
    final = record.replay()
    scores = _read_ints(doc["side_scores"], "side_scores", rules.side_count)
    if scores != final.side_scores:
        raise InvalidStateError(
            f"side_scores: the record says {list(scores)}, "
            f"the replay gives {list(final.side_scores)}"
        )
    return record


def load_record(text: str | bytes) -> ZetemaRecord:
    """A record from its JSON text, replayed and checked."""
    return record_from_dict(loads(text))
