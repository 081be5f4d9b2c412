"""Hostile input for every loader, parser and public entry point.

The inputs are made from valid material of each preset (reachable states at
every kind of moment, their state and view documents, the rules object, deal
and game records, positions in the position notation, action texts), changed
by mutators, or built malformed (``None``, bytes, numbers of thousands of
digits, objects of the wrong class, forged views). Every call is judged by one
oracle, :meth:`Fuzzer.attempt`:

* only the documented contract escapes (docs/errors.md): a ``TypeError`` whose
  message names the parameter, or a :class:`~bezique.BeziqueError`;
* no state changed by a refusal, and an illegal action is refused with the
  reasons ``why_illegal`` gives;
* whatever a loader accepts survives a replay: a state document round-trips, every
  legal action applies to it and each seat's view is dealt out again by
  ``determinize``; a record replays; a position reads back as the same position.

The mutators draw their choices from a :class:`Chooser`: the short runs in the
default tests draw them with Hypothesis (:func:`inputs`, so a failure shrinks and
replays), the long run (``nox -s fuzz``, ``python tests/fuzzing.py``) from a seeded
:class:`random.Random`, which is fast enough to reach a million calls.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import multiprocessing
import operator
import os
import pickle
import random
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import attrs
from hypothesis import strategies as st

import bezique as bz
from bezique import BeziqueError, DealState, IllegalActionError
from bezique.actions import Action, CardRef, Declare, Play, ScorePending
from bezique.cards import card_id_name
from bezique.checks.determinize import determinize
from bezique.checks.invariants import check_state
from bezique.display.screen import read_input
from bezique.encodings.action_space import ActionSpace
from bezique.errors import printable
from bezique.io import (
    DealRecord,
    load_state,
    rules_from_dict,
    rules_to_dict,
    state_from_dict,
    state_to_dict,
    state_to_json,
    view_from_dict,
    view_to_dict,
)
from bezique.io.sheet import (
    Brisques,
    Declaration,
    IrregularityEntry,
    LastTrick,
    ScoreSheet,
    Seven,
    SheetDeal,
    format_tally,
)
from bezique.players import make_player
from bezique.programs.simulate import simulate
from bezique.views import canonical_view
from bezique.zetema import ZetemaState, ZetemaView
from bezique.zetema import io as zetema_io
from bezique.zetema.screen import ZetemaScreen

T = TypeVar("T")

#: The number of calls of the long run, unless ``--calls`` says otherwise.
CALLS_VARIABLE = "BEZIQUE_FUZZ_CALLS"
SEED_VARIABLE = "BEZIQUE_FUZZ_SEED"

HUGE = 10**5000


class Chooser(Protocol):
    """Where a mutator's choices come from."""

    def pick(self, options: Sequence[T]) -> T: ...

    def number(self, low: int, high: int) -> int: ...


@attrs.define
class RandomChooser:
    """Choices from a seeded generator (the long run)."""

    rng: random.Random

    def pick(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def number(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


@attrs.define
class DrawChooser:
    """Choices drawn by Hypothesis (the short runs): they shrink and replay."""

    draw: st.DrawFn

    def pick(self, options: Sequence[T]) -> T:
        return options[self.draw(st.integers(0, len(options) - 1))]

    def number(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))


# -- the material of a preset ----------------------------------------------------------


@attrs.frozen(eq=False)
class Material:
    """Valid input of one preset, and an independent copy of each state to tell that a
    refusal changed none."""

    rules: bz.Rules
    states: tuple[DealState, ...]
    copies: tuple[DealState, ...]
    state_docs: tuple[dict[str, Any], ...]
    view_docs: tuple[dict[str, Any], ...]
    record_docs: tuple[dict[str, Any], ...]
    game_json: str
    game_text: str
    positions: tuple[str, ...]
    action_texts: tuple[str, ...]
    game: bz.GameState


@attrs.frozen
class Moment:
    """A state of a random deal, the deal it comes from and the actions since."""

    start: DealState
    actions: tuple[bz.Action, ...]
    state: DealState


def _moments(rules: bz.Rules, seed: int) -> list[Moment]:
    """States of random deals at every kind of moment (the deal, the winner's turn
    before and after declaring, a trick half played, the end phase, the end)."""
    rng = random.Random(seed)
    out: list[Moment] = []
    for deal in range(2):
        start = bz.new_deal(rules, seed=seed + deal, dealer=deal % rules.players)
        state, played = start, []
        out.append(Moment(start, (), start))
        while not state.is_over:
            actions = state.legal_actions()
            others = [a for a in actions if not isinstance(a, (bz.Draw, bz.Pass))]
            # Declare eagerly, so that windows with melds and pending scores come up.
            action = rng.choice(others if others and rng.random() < 0.8 else actions)
            state = state.apply(action)
            played.append(action)
            declared = state.window is not None and bool(state.melds)
            if rng.random() < 0.06 or (declared and rng.random() < 0.2):
                out.append(Moment(start, tuple(played), state))
        out.append(Moment(start, tuple(played), state))
    return out


_MATERIAL: dict[str, Material] = {}


def material(name: str) -> Material:
    """The material of the preset ``name`` (made once)."""
    found = _MATERIAL.get(name)
    if found is not None:
        return found
    rules = bz.rules.variants.get(name)
    seed = sum(map(ord, name))
    moments = _moments(rules, seed)
    states = tuple(m.state for m in moments)
    game_start = bz.new_game(rules, seed=seed)
    game, game_actions = game_start, []
    rng = random.Random(seed)
    for _ in range(60):
        action = rng.choice(game.legal_actions())
        game_actions.append(action)
        game = game.apply(action)
    game_record = bz.record_game(game_start, game_actions)
    found = Material(
        rules=rules,
        states=states,
        copies=tuple(load_state(state_to_json(s)) for s in states),
        state_docs=tuple(state_to_dict(s) for s in states),
        view_docs=tuple(view_to_dict(s.view(s.current_player or 0)) for s in states),
        record_docs=tuple(
            bz.record_deal(m.start, m.actions).to_dict()
            for i, m in enumerate(moments)
            if i % 5 == 0 or m.state.is_over
        ),
        game_json=game_record.to_json(indent=None),
        game_text=game_record.to_text(),
        positions=tuple(bz.format_position(s) for s in states),
        action_texts=tuple(sorted({str(a) for s in states for a in s.legal_actions()})),
        game=game,
    )
    _MATERIAL[name] = found
    return found


# -- mutators --------------------------------------------------------------------------

CARD_NAMES = tuple(card_id_name(c) for c in range(64)) + ("QSc", "10Sa", "XX", "")
KIND_NAMES = tuple(k.value for k in bz.MeldKind) + ("bezique*", "four-queens*", "nothing")
#: Text that a hostile caller would splice in: digits of other scripts, long numbers,
#: brackets, separators, card and kind names.
JUNK_TEXT = (
    "²",
    "1²",
    "٣",
    "9" * 5000,
    "-1",
    "0",
    "[",
    "]",
    "@",
    ",",
    ":",
    ";",
    "\n",
    "\x00",
    " ",
    "QS",
    "QSa",
    "TC",
    "bezique",
    "declare",
    "play",
    "score",
    "{",
    '"',
    "null",
)
JUNK_VALUES: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    7,
    31,
    64,
    10**20,
    HUGE,
    -HUGE,
    1.5,
    float("nan"),
    "",
    "x",
    "QSa",
    "common-marriage",
    [],
    {},
    [None],
    {"a": 1},
)


_HUGE_MARK = "\x00huge\x00"


def dumps(data: Any) -> str:
    """JSON text of data that may hold integers too long for Python to print (written
    as 5000 nines, as a hostile document would)."""
    try:
        return json.dumps(data)
    except ValueError:
        pass  # an integer too long to print: marked, then written out

    def marked(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: marked(v) for k, v in value.items()}
        if isinstance(value, list):
            return [marked(v) for v in value]
        if type(value) is int and abs(value) > 10**4000:
            return _HUGE_MARK
        return value

    return json.dumps(marked(data)).replace(json.dumps(_HUGE_MARK), "9" * 5000)


def junk(choose: Chooser) -> object:
    """A JSON-like value of any kind."""
    value = choose.pick(JUNK_VALUES)
    return copy.deepcopy(value) if isinstance(value, (list, dict)) else value


def _slots(value: Any, out: list[tuple[Any, Any]] | None = None) -> list[tuple[Any, Any]]:
    """Every (container, key) pair of a JSON value."""
    if out is None:
        out = []
    if isinstance(value, dict):
        for key in value:
            out.append((value, key))
            _slots(value[key], out)
    elif isinstance(value, list):
        for i in range(len(value)):
            out.append((value, i))
            _slots(value[i], out)
    return out


def mutate_data(data: Any, choose: Chooser, others: Sequence[Any] = ()) -> Any:
    """A copy of JSON data with one to three changes: a key dropped or added, a value
    replaced by junk or by the value at the same place in another document (well formed
    but from another moment), two cards swapped, a card or a meld kind renamed, a number
    moved, a list shortened, lengthened or reordered."""
    doc = pickle.loads(pickle.dumps(data))  # a deep copy, many times faster
    for _ in range(choose.number(1, 3)):
        slots = _slots(doc)
        if not slots:
            return junk(choose)
        container, key = choose.pick(slots)
        value = container[key]
        # Only the changes that fit the value, so that nearly every change changes it.
        kinds = ["drop", "junk"] + (["splice"] if others else [])
        if isinstance(value, str):
            kinds += ["swap", "card"] if value in CARD_NAMES else []
            kinds += ["kind"] if value in KIND_NAMES else []
        elif type(value) is int:
            kinds.append("number")
        elif isinstance(value, list) and value:
            kinds.append("list")
        elif isinstance(value, dict):
            kinds.append("add")
        how = choose.pick(kinds)
        if how == "drop":
            del container[key]
        elif how == "junk":
            container[key] = junk(choose)
        elif how == "splice" and others:
            other = choose.pick(others)
            path = _path_to(doc, container, key)
            found = _follow(other, path)
            if found is not _MISSING:
                container[key] = copy.deepcopy(found)
        elif how == "swap":
            cards = [(c, k) for c, k in slots if isinstance(c[k], str) and c[k] in CARD_NAMES]
            if len(cards) > 1:
                (c1, k1), (c2, k2) = choose.pick(cards), choose.pick(cards)
                c1[k1], c2[k2] = c2[k2], c1[k1]
        elif how == "card" and isinstance(value, str):
            container[key] = choose.pick(CARD_NAMES)
        elif how == "kind" and isinstance(value, str):
            container[key] = choose.pick(KIND_NAMES)
        elif how == "number" and type(value) is int:
            container[key] = value + choose.pick((-1, 1, 2, -32, 32, HUGE))
        elif how == "list" and isinstance(value, list) and value:
            i = choose.number(0, len(value) - 1)
            change = choose.pick(("drop", "double", "reverse"))
            if change == "drop":
                del value[i]
            elif change == "double":
                value.insert(i, copy.deepcopy(value[i]))
            else:
                value.reverse()
        elif how == "add" and isinstance(value, dict):
            value[choose.pick(("extra", "seat", "cards", "kinds"))] = junk(choose)
    return doc


_MISSING = object()


def _path_to(root: Any, container: Any, key: Any) -> list[Any]:
    """The keys from ``root`` down to ``container[key]``."""

    def walk(node: Any, path: list[Any]) -> list[Any] | None:
        if node is container:
            return [*path, key]
        items = (
            node.items()
            if isinstance(node, dict)
            else enumerate(node)
            if isinstance(node, list)
            else ()
        )
        for k, child in items:
            if isinstance(child, (dict, list)):
                found = walk(child, [*path, k])
                if found is not None:
                    return found
        return None

    return walk(root, []) or []


def _follow(node: Any, path: Sequence[Any]) -> Any:
    for key in path:
        if isinstance(node, dict):
            found = key in node
        else:
            found = isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node)
        if not found:
            return _MISSING
        node = node[key]
    return node


def mutate_text(text: str, choose: Chooser) -> str:
    """Text with one to three changes: junk spliced in, a span deleted or doubled,
    two words exchanged."""
    for _ in range(choose.number(1, 3)):
        if not text:
            return choose.pick(JUNK_TEXT)
        start = choose.number(0, len(text))
        end = min(len(text), start + choose.number(0, 8))
        how = choose.pick(("junk", "delete", "double", "words"))
        if how == "junk":
            text = text[:start] + choose.pick(JUNK_TEXT) + text[end:]
        elif how == "delete":
            text = text[:start] + text[end:]
        elif how == "double":
            text = text[:end] + text[start:end] + text[end:]
        else:
            words = text.split(" ")
            i, j = choose.number(0, len(words) - 1), choose.number(0, len(words) - 1)
            words[i], words[j] = words[j], words[i]
            text = " ".join(words)
    return text


def malformed(choose: Chooser, mat: Material) -> object:
    """A value of the wrong kind for most parameters: ``None``, bytes, numbers, objects
    of the library of another class, actions legal elsewhere or built at random."""
    state = choose.pick(mat.states)
    options: list[Callable[[], object]] = [
        lambda: junk(choose),
        lambda: choose.pick(mat.action_texts).encode(),
        lambda: object(),
        lambda: state,
        lambda: mat.rules,
        lambda: mat.game,
        lambda: state.view(0),
        lambda: bz.MeldKind.BEZIQUE,
        lambda: bz.Card.parse(choose.pick(CARD_NAMES[:32])[:2]),
        lambda: CardRef(bz.Card.parse(choose.pick(CARD_NAMES[:32])[:2])),
        lambda: bz.Trick(0, (1, 2), 0),
        lambda: random_action(choose, mat),
    ]
    return choose.pick(options)()


def random_action(choose: Chooser, mat: Material) -> Action:
    """An action of the right class, legal somewhere or built at random: well typed,
    mostly illegal here."""
    how = choose.number(0, 4)
    if how == 0:
        state = choose.pick(mat.states)
        actions = state.legal_actions()
        if actions:
            return choose.pick(actions)
    if how == 1:
        return Play(CardRef(bz.Card.parse(choose.pick(CARD_NAMES[:32])[:2])))
    if how == 2:
        kind = choose.pick(list(bz.MeldKind))
        cards = tuple(
            CardRef(bz.Card.parse(choose.pick(CARD_NAMES[:32])[:2])) for _ in range(kind.card_count)
        )
        return Declare(kind, cards)
    if how == 3:
        return ScorePending(choose.number(-2, 40))
    plain: tuple[Action, ...] = (bz.Draw(), bz.Pass(), bz.Exchange(), bz.PassToPartner())
    return choose.pick(plain)


def forged_view(choose: Chooser, mat: Material) -> object:
    """A view with one field replaced: by junk, or by the same field of another view."""
    view = choose.pick(mat.states).view(0)
    fields = [f.name for f in attrs.fields(type(view))]
    name = choose.pick(fields)
    if choose.number(0, 1):
        other = choose.pick(mat.states).view(choose.number(0, mat.rules.players - 1))
        value = getattr(other, name)
    else:
        value = junk(choose)
    try:
        return attrs.evolve(view, **{name: value})
    except (TypeError, BeziqueError):
        return view


def forged_state(choose: Chooser, mat: Material) -> object:
    """A state with one field replaced: by junk, or by the same field of another state
    of the preset (well typed, from another moment)."""
    state = choose.pick(mat.states)
    name = choose.pick([f.name for f in attrs.fields(DealState) if f.init])
    value: Any = getattr(choose.pick(mat.states), name) if choose.number(0, 1) else junk(choose)
    try:
        return attrs.evolve(state, **{name: value})
    except (TypeError, BeziqueError):
        return state


# -- the entry points ------------------------------------------------------------------


@attrs.frozen
class Entry:
    """One public entry point: the parameter the input goes to, how an input is made,
    the call, and what an accepted input must then satisfy."""

    name: str
    parameter: str
    make: Callable[[Chooser, Material], object]
    call: Callable[[Material, object], object]
    accepted: Callable[[Material, object, object], None] | None = None
    #: The states the call is given, by index in the material (to check a refusal
    #: changed none).
    weight: int = 1
    #: The optional extra the entry point needs (its entries are not run without it).
    extra: str | None = None
    #: Refusals of a framework's own layer, made before the library is called (an
    #: adapter's framework checks some arguments itself), which the contract lets pass.
    foreign: Callable[[Exception], bool] | None = None


def _state_accepted(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, DealState)
    if any(result == state for state in mat.states):
        return  # a change that changed nothing: a state the engine reached
    again = load_state(state_to_json(result))
    assert again == result, "a loaded state does not round-trip"
    actions = result.legal_actions()
    for action in {actions[0], actions[len(actions) // 2], actions[-1]} if actions else ():
        check_state(result.apply(action))
    for seat in range(result.players):
        view = result.view(seat)
        _dealt_again(determinize(view, random.Random(seat)), view)
        assert view_from_dict(view_to_dict(view)) == view


def _view_accepted(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, bz.SeatView)
    if view_to_dict(result) in mat.view_docs:
        return  # a change that changed nothing: a view the engine made
    assert view_from_dict(view_to_dict(result)) == result
    _dealt_again(determinize(result, random.Random(1)), result)


def _dealt_again(sample: DealState, view: bz.SeatView) -> None:
    """The sample's view of the seat is the view, its copies named canonically (views
    name the copies of a face from their own content: bezique.views)."""
    check_state(sample)
    wanted = canonical_view(view)
    if not wanted.hand_kinds:  # a view built by hand may leave them out
        wanted = attrs.evolve(wanted, hand_kinds=((),) * view.rules.players)
    assert sample.view(view.seat) == wanted, "the view is not dealt out again"


def _rules_accepted(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, bz.Rules)
    assert rules_from_dict(rules_to_dict(result)) == result
    check_state(bz.new_deal(result, seed=1))


def _record_accepted(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, DealRecord)
    if result.to_dict() in mat.record_docs:
        return  # a change that changed nothing: a record of a deal played
    final = result.replay()
    check_state(final)
    assert DealRecord.from_json(result.to_json()) == result


def _game_accepted(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, bz.GameRecord)
    result.replay()
    assert bz.GameRecord.from_json(result.to_json()) == result
    assert bz.GameRecord.from_text(result.to_text()) == result


def _position_accepted(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, DealState)
    assert bz.same_position(bz.parse_position(bz.format_position(result)), result)
    # A position's tricks are rebuilt to pass the checks that replay them, so that
    # each seat's view is dealt out again; a position no such tricks explain is
    # refused. Where the search for them gives up (within its budget; some long
    # eight-pack end phases), or where the position gives only the number of tricks
    # and the winners the reader chose have none, the reader keeps tricks won by law
    # alone and checks the position without their cards, as its docs say: so does
    # this check, and the views of such a position are not dealt out.
    try:
        check_state(result)
    except bz.InvalidStateError:
        check_state(result, trick_cards=False)
        return
    for seat in range(result.players):
        view = result.view(seat)
        _dealt_again(determinize(view, random.Random(seat)), view)


def _determinized(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, DealState)
    assert isinstance(value, bz.SeatView)
    _dealt_again(result, value)


def _new_deal_accepted(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, DealState)
    check_state(result)


def _state_of(mat: Material, value: object) -> tuple[int, object]:
    assert isinstance(value, tuple)
    return value


def _on_state(call: Callable[[DealState, object], object]) -> Callable[[Material, object], object]:
    """A call on one of the material's states: the input is (index, value)."""

    def run(mat: Material, packed: object) -> object:
        index, value = _state_of(mat, packed)
        assert isinstance(index, int)
        return call(mat.states[index], value)

    return run


def _with_state(
    make: Callable[[Chooser, Material], object],
) -> Callable[[Chooser, Material], object]:
    def made(choose: Chooser, mat: Material) -> object:
        return (choose.number(0, len(mat.states) - 1), make(choose, mat))

    return made


def _action_input(choose: Chooser, mat: Material) -> object:
    how = choose.number(0, 3)
    if how == 0:
        return mutate_text(choose.pick(mat.action_texts), choose)
    if how == 1:
        return choose.pick(mat.action_texts)
    if how == 2:
        return random_action(choose, mat)
    return malformed(choose, mat)


def _applied(mat: Material, packed: object, result: object) -> None:
    index, value = _state_of(mat, packed)
    assert isinstance(index, int)
    assert isinstance(result, DealState)
    check_state(result)
    assert mat.states[index].apply(value) == result  # type: ignore[arg-type]


ENTRIES: tuple[Entry, ...] = (
    Entry(
        "load_state",
        "text",
        lambda c, m: dumps(mutate_data(c.pick(m.state_docs), c, m.state_docs)),
        lambda m, v: load_state(v),  # type: ignore[arg-type]
        _state_accepted,
        weight=6,
    ),
    Entry(
        "load_state(text)",
        "text",
        lambda c, m: mutate_text(state_to_json(c.pick(m.states), indent=None), c),
        lambda m, v: load_state(v),  # type: ignore[arg-type]
        _state_accepted,
        weight=2,
    ),
    Entry(
        "state_from_dict",
        "data",
        lambda c, m: mutate_data(c.pick(m.state_docs), c, m.state_docs),
        lambda m, v: state_from_dict(v),
        _state_accepted,
        weight=4,
    ),
    Entry(
        "view_from_json",
        "text",
        lambda c, m: dumps(mutate_data(c.pick(m.view_docs), c, m.view_docs)),
        lambda m, v: bz.io.view_from_json(v),  # type: ignore[arg-type]
        _view_accepted,
        weight=4,
    ),
    Entry(
        "rules_from_dict",
        "data",
        lambda c, m: mutate_data(rules_to_dict(m.rules), c),
        lambda m, v: rules_from_dict(v),
        _rules_accepted,
        weight=2,
    ),
    Entry(
        "DealRecord.from_json",
        "text",
        lambda c, m: dumps(mutate_data(c.pick(m.record_docs), c, m.record_docs)),
        lambda m, v: DealRecord.from_json(v),  # type: ignore[arg-type]
        _record_accepted,
        weight=2,
    ),
    Entry(
        "load_game_record",
        "text",
        lambda c, m: mutate_text(m.game_json, c) if c.number(0, 1) else mutate_text(m.game_text, c),
        lambda m, v: bz.io.games.load_game_record(v),  # type: ignore[arg-type]
        _game_accepted,
    ),
    Entry(
        "GameRecord.from_json",
        "text",
        lambda c, m: dumps(mutate_data(json.loads(m.game_json), c)),
        lambda m, v: bz.GameRecord.from_json(v),  # type: ignore[arg-type]
        _game_accepted,
    ),
    Entry(
        "parse_position",
        "text",
        lambda c, m: mutate_text(c.pick(m.positions), c),
        lambda m, v: bz.parse_position(v),  # type: ignore[arg-type]
        _position_accepted,
        weight=3,
    ),
    Entry(
        "parse_action",
        "text",
        _with_state(_action_input),
        _on_state(lambda s, v: bz.parse_action(s, v)),  # type: ignore[call-overload]
        None,
        weight=3,
    ),
    Entry(
        "DealState.apply",
        "action",
        _with_state(_action_input),
        _on_state(lambda s, v: s.apply(v)),  # type: ignore[arg-type]
        _applied,
        weight=6,
    ),
    Entry(
        "DealState.why_illegal",
        "action",
        _with_state(_action_input),
        _on_state(lambda s, v: s.why_illegal(v)),  # type: ignore[arg-type]
        None,
        weight=3,
    ),
    Entry(
        "GameState.apply",
        "action",
        lambda c, m: _action_input(c, m),
        lambda m, v: m.game.apply(v),  # type: ignore[arg-type]
    ),
    Entry(
        "Card.parse",
        "text",
        lambda c, m: mutate_text(c.pick(CARD_NAMES), c) if c.number(0, 1) else malformed(c, m),
        lambda m, v: bz.Card.parse(v),  # type: ignore[arg-type]
    ),
    Entry(
        "parse_card_id",
        "text",
        lambda c, m: mutate_text(c.pick(CARD_NAMES), c) if c.number(0, 1) else malformed(c, m),
        lambda m, v: bz.parse_card_id(v),  # type: ignore[arg-type]
    ),
    Entry(
        "variants.get",
        "name",
        lambda c, m: mutate_text(m.rules.name, c) if c.number(0, 1) else malformed(c, m),
        lambda m, v: bz.rules.variants.get(v),  # type: ignore[arg-type]
    ),
    Entry(
        "new_deal(rules)",
        "rules",
        lambda c, m: malformed(c, m),
        lambda m, v: bz.new_deal(v, seed=1),  # type: ignore[call-overload]
        _new_deal_accepted,
    ),
    Entry(
        "new_deal(seed)",
        "seed",
        lambda c, m: malformed(c, m) if c.number(0, 1) else mutate_text("12345", c),
        lambda m, v: bz.new_deal(m.rules, seed=v),  # type: ignore[call-overload]
        _new_deal_accepted,
    ),
    Entry(
        "make_player",
        "name",
        lambda c, m: (
            mutate_text(c.pick(("random", "rule-of-thumb", "monte-carlo:iterations=5")), c)
            if c.number(0, 1)
            else malformed(c, m)
        ),
        lambda m, v: make_player(v),  # type: ignore[arg-type]
    ),
    Entry(
        "simulate",
        "variant",
        lambda c, m: malformed(c, m) if c.number(0, 3) else m.rules.name,
        lambda m, v: simulate(v, deals=1, seed=1),  # type: ignore[arg-type]
    ),
    Entry(
        "check_state",
        "state",
        lambda c, m: forged_state(c, m) if c.number(0, 3) else malformed(c, m),
        lambda m, v: bz.check_state(v),  # type: ignore[arg-type]
        lambda m, v, r: _state_accepted(m, v, v),
        weight=3,
    ),
    Entry(
        "determinize",
        "view",
        lambda c, m: forged_view(c, m) if c.number(0, 3) else malformed(c, m),
        lambda m, v: determinize(v, random.Random(0)),  # type: ignore[arg-type]
        _determinized,
        weight=3,
    ),
)

# -- the surfaces around the engine: the prompt, the action space, score sheets, Zetema ---


def _prompt(read: Callable[[], object]) -> object:
    """A line read at a prompt: whatever is typed gives a reading, never an error (a
    refusal of the library's would be a traceback at the prompt)."""
    try:
        return read()
    except Exception as error:
        raise RuntimeError(f"the prompt raised {type(error).__name__}: {error}") from error


#: Lines a person may type at a prompt, before mutation.
PROMPT_LINES = ("1", "2", "99", "q", "help", "b", "", "d", "x", "QS", "AH", "declare", "²")


def _prompt_line(choose: Chooser, mat: Material) -> str:
    return mutate_text(choose.pick((*PROMPT_LINES, *mat.action_texts)), choose)


def _space(mat: Material) -> ActionSpace:
    return ActionSpace.of(mat.rules)


def _ids_accepted(mat: Material, value: object, result: object) -> None:
    assert isinstance(value, (DealState, bz.SeatView))
    assert isinstance(result, tuple)
    space = _space(mat)
    for action_id in result:
        assert space.action_from_id(value, action_id) in value.legal_actions()


def _sheet_doc(mat: Material) -> dict[str, Any]:
    """A score sheet of two deals under the preset's rules, with an entry of each kind."""
    n = mat.rules.players
    entries = (
        Declaration(0, bz.MeldKind.COMMON_MARRIAGE, ("KS", "QS")),
        Declaration(1, bz.MeldKind.BEZIQUE, ("QS", "JD")),
        Seven(0, "played"),
        Brisques(0, 3),
        IrregularityEntry(1, "short-deal", claimant=0),
        LastTrick(1),
    )
    deals = (SheetDeal(0, bz.Suit.HEARTS, entries), SheetDeal(1 % n, bz.Suit.CLUBS, entries))
    return ScoreSheet(mat.rules, deals, tuple(f"P{s}" for s in range(n))).to_dict()


def _sheet_accepted(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, ScoreSheet)
    # Printed for people: no control character of the sheet's text reaches a terminal.
    for line in format_tally(result, result.tally()).split("\n"):
        assert printable(line) == line, line
    assert ScoreSheet.from_json(result.to_json()) == result


@attrs.frozen(eq=False)
class ZetemaMaterial:
    """Valid input of Zetema at two and four seats: states of random games, their
    documents and their seats' views."""

    states: tuple[Any, ...]
    state_docs: tuple[dict[str, Any], ...]
    view_docs: tuple[dict[str, Any], ...]


_ZETEMA: list[ZetemaMaterial] = []


def zetema_material() -> ZetemaMaterial:
    if _ZETEMA:
        return _ZETEMA[0]
    states: list[Any] = []
    for players, seed in ((2, 1), (4, 2), (2, 72)):
        rng = random.Random(seed)
        game: Any = bz.variants.new_game(
            bz.variants.get("zetema").evolve(players=players), seed=seed
        )
        while not game.is_over:
            game = game.apply(rng.choice(game.legal_actions()))
            if rng.random() < 0.1:
                states.append(game)
        states.append(game)
    found = ZetemaMaterial(
        states=tuple(states),
        state_docs=tuple(zetema_io.state_to_dict(s) for s in states),
        view_docs=tuple(zetema_io.view_to_dict(s.view(s.current_player or 0)) for s in states[::3]),
    )
    _ZETEMA.append(found)
    return found


def _zetema_accepted(mat: Material, value: object, result: object) -> None:
    """A loaded Zetema state round-trips, and each seat's view loads again."""
    assert isinstance(result, ZetemaState)
    text = bz.variants.state_to_json(result)
    assert bz.variants.state_to_json(bz.variants.load_state(text)) == text
    for seat in range(result.rules.players):
        view = result.view(seat)
        assert bz.variants.view_from_json(bz.variants.view_to_json(view)) == view


def _zetema_view_accepted(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, ZetemaView)
    assert bz.variants.view_from_json(bz.variants.view_to_json(result)) == result


SURFACES: tuple[Entry, ...] = (
    Entry(
        "read_input",
        "line",
        _with_state(_prompt_line),
        _on_state(lambda s, v: _prompt(lambda: read_input(v, s))),  # type: ignore[arg-type]
        weight=2,
    ),
    Entry(
        "ZetemaScreen.read",
        "line",
        lambda c, m: mutate_text(c.pick(PROMPT_LINES + ("discard KS", "marry KH QH / QS")), c),
        lambda m, v: _prompt(
            lambda: [
                ZetemaScreen(["a"] * 4, print, False, s.current_player).read(v, s)  # type: ignore[arg-type]
                for s in zetema_material().states[::7]
            ]
        ),
    ),
    Entry(
        "ActionSpace.legal_ids",
        "position",
        lambda c, m: c.pick(m.states) if c.number(0, 1) else malformed(c, m),
        lambda m, v: _space(m).legal_ids(v),  # type: ignore[arg-type]
        _ids_accepted,
    ),
    Entry(
        "ActionSpace.action_id",
        "action",
        lambda c, m: random_action(c, m) if c.number(0, 1) else malformed(c, m),
        lambda m, v: _space(m).describe(_space(m).action_id(v)),  # type: ignore[arg-type]
    ),
    Entry(
        "ActionSpace.action_from_id",
        "action_id",
        _with_state(lambda c, m: c.number(-2, _space(m).size + 2) if c.number(0, 1) else junk(c)),
        lambda m, v: _space(m).action_from_id(*_state_pair(m, v)),
        lambda m, v, r: check_state(_state_pair(m, v)[0].apply(r)),  # type: ignore[arg-type]
    ),
    Entry(
        "ScoreSheet.from_json",
        "text",
        lambda c, m: dumps(mutate_data(_sheet_doc(m), c)),
        lambda m, v: ScoreSheet.from_json(v),  # type: ignore[arg-type]
        _sheet_accepted,
        weight=2,
    ),
    Entry(
        "zetema load_state",
        "text",
        lambda c, m: dumps(
            mutate_data(c.pick(zetema_material().state_docs), c, zetema_material().state_docs)
        ),
        lambda m, v: bz.variants.load_state(v),  # type: ignore[arg-type]
        _zetema_accepted,
        weight=3,
    ),
    Entry(
        "zetema view_from_json",
        "text",
        lambda c, m: dumps(
            mutate_data(c.pick(zetema_material().view_docs), c, zetema_material().view_docs)
        ),
        lambda m, v: bz.variants.view_from_json(v),  # type: ignore[arg-type]
        _zetema_view_accepted,
        weight=2,
    ),
)


def _state_pair(mat: Material, packed: object) -> tuple[DealState, Any]:
    index, value = _state_of(mat, packed)
    assert isinstance(index, int)
    return mat.states[index], value


# -- the learning adapters (the ``rl`` extra): PettingZoo and OpenSpiel ----------------

#: The modules each extra's entry points need; an entry whose extra is missing is not
#: run, and the long run says so.
EXTRA_MODULES = {"rl": ("numpy", "gymnasium", "pettingzoo", "pyspiel")}


def extra_missing(extra: str | None) -> str | None:
    """The first module of ``extra`` that is not installed, if any."""
    for module in EXTRA_MODULES.get(extra or "", ()):
        if importlib.util.find_spec(module) is None:
            return module
    return None


@attrs.frozen
class AdapterInput:
    """An adapter's call: the game (a preset's name), the deal (a reset's seed), how
    many legal steps are taken before the call, and the hostile value."""

    variant: str
    seed: int
    steps: int
    value: object


def _adapter_input(
    make: Callable[[Chooser, Material], object],
) -> Callable[[Chooser, Material], object]:
    def made(choose: Chooser, mat: Material) -> object:
        # Zetema's adapters too: its games are played through the same classes.
        variant = mat.rules.name if choose.number(0, 3) else "zetema"
        return AdapterInput(variant, choose.number(0, 5), choose.number(0, 30), make(choose, mat))

    return made


def _packed(value: object) -> AdapterInput:
    assert isinstance(value, AdapterInput)
    return value


_ENVS: dict[str, Any] = {}


def _env(packed: AdapterInput) -> Any:
    """The PettingZoo environment of the input's game, reset and played on."""
    from bezique.envs import pettingzoo as bezique_env

    env: Any = _ENVS.get(packed.variant)
    if env is None:
        env = _ENVS[packed.variant] = bezique_env.env(variant=packed.variant)
    env.reset(seed=packed.seed)
    rng = random.Random(packed.seed)
    for _ in range(packed.steps):
        if env.deal.is_over:
            break
        env.step(rng.choice(list(env.space.legal_ids(env._in_play(env.deal)))))
    return env


def _env_snapshot(env: Any) -> tuple[object, ...]:
    return (env.deal, env.agent_selection, dict(env.rewards), dict(env.terminations))


def _refusal_changes_nothing(snapshot: Callable[[], object], call: Callable[[], object]) -> object:
    """``call()``; a refusal that changed what ``snapshot`` reads is a failure of its own."""
    before = snapshot()
    try:
        return call()
    except Exception:
        if snapshot() != before:
            raise RuntimeError("a refusal changed the adapter's state") from None
        raise


def _env_step(mat: Material, value: object) -> object:
    packed = _packed(value)
    env = _env(packed)
    legal = list(env.space.legal_ids(env._in_play(env.deal))) if not env.deal.is_over else []
    before = env.deal
    action = _resolved(packed.value, legal)
    _refusal_changes_nothing(lambda: _env_snapshot(env), lambda: env.step(action))
    return (env, before, legal, action)


def _env_stepped(mat: Material, value: object, result: object) -> None:
    """An accepted step took a legal action and the deal it gives is the engine's."""
    assert isinstance(result, tuple)
    env, before, legal, action_id = result
    if before.is_over:
        assert env.deal is before
        return
    assert action_id in legal, f"step({action_id!r}) accepted, but it is not a legal id"
    # A NumPy integer is an id (a policy gives them); the space reads Python's.
    action = env.space.action_from_id(env._in_play(before), operator.index(action_id))
    assert env.deal == before.apply(action)


def _agent_input(choose: Chooser, mat: Material) -> object:
    if choose.number(0, 1):
        return mutate_text(choose.pick(("seat_0", "seat_1", "seat_3")), choose)
    return malformed(choose, mat)


def _env_observe(mat: Material, value: object) -> object:
    packed = _packed(value)
    env = _env(packed)
    return _refusal_changes_nothing(
        lambda: _env_snapshot(env), lambda: (env, env.observe(packed.value))
    )


def _env_observed(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, tuple)
    env, observation = result
    space = env.observation_space(_packed(value).value)
    assert space.contains(observation), "an observation outside its space"


@attrs.frozen
class LegalId:
    """The id of an action legal where the call is made (the ``index``-th of them, in
    turn), which only the call knows: so that some steps are accepted and checked."""

    index: int


def _resolved(value: object, legal: Sequence[int]) -> object:
    if isinstance(value, LegalId):
        return legal[value.index % len(legal)] if legal else -1
    return value


def _step_input(choose: Chooser, mat: Material) -> object:
    how = choose.number(0, 4)
    if how == 4:
        return LegalId(choose.number(0, 100))
    if how == 0:
        return choose.number(-2, 1200)
    if how == 1:
        import numpy

        return numpy.int64(choose.number(0, 1200))
    return malformed(choose, mat)


def _env_made(mat: Material, value: object, result: object) -> None:
    env = result
    env.reset(seed=1)  # type: ignore[attr-defined]
    assert env.agent_selection in env.possible_agents  # type: ignore[attr-defined]


def _variant_input(choose: Chooser, mat: Material) -> object:
    if choose.number(0, 2):
        return mutate_text(choose.pick((mat.rules.name, "zetema", "classic")), choose)
    return malformed(choose, mat)


_LIBRARY = os.path.dirname(bz.__file__)


def _spiel_foreign(error: Exception) -> bool:
    """Refusals of OpenSpiel's own layer, made before the adapter is called: its
    ``SpielError`` (an action id of -1, a parameter of the wrong type) and the
    ``TypeError`` and ``RuntimeError`` of its bindings (an argument that is not a
    number, a parameter it cannot convert to C++), raised where no frame of the
    library ran."""
    import pyspiel

    frames = traceback.extract_tb(error.__traceback__)
    ran = any(frame.filename.startswith(_LIBRARY) for frame in frames)
    return isinstance(error, (pyspiel.SpielError, TypeError, RuntimeError)) and not ran


_SPIEL: dict[tuple[str, int], Any] = {}


def _spiel_state(packed: AdapterInput) -> Any:
    """The OpenSpiel state of the input's game: dealt by the chance nodes of its
    seed, then played on."""
    import pyspiel

    from bezique.envs import openspiel

    dealt = _SPIEL.get((packed.variant, packed.seed))
    if dealt is None:
        openspiel.register()
        game = pyspiel.load_game(openspiel.GAME_NAME, {"variant": packed.variant})
        dealt = game.new_initial_state()
        rng = random.Random(packed.seed)
        while dealt.is_chance_node():
            dealt.apply_action(rng.choice(dealt.chance_outcomes())[0])
        _SPIEL[packed.variant, packed.seed] = dealt
    state = dealt.clone()
    rng = random.Random(packed.seed)
    for _ in range(packed.steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _spiel_apply(mat: Material, value: object) -> object:
    packed = _packed(value)
    state = _spiel_state(packed)
    legal = list(state.legal_actions())
    before = state.deal
    action = _resolved(packed.value, legal)
    _refusal_changes_nothing(lambda: state.deal, lambda: state.apply_action(action))
    return (state, before, legal, action)


def _spiel_applied(mat: Material, value: object, result: object) -> None:
    assert isinstance(result, tuple)
    state, before, legal, action_id = result
    assert action_id in legal, f"apply_action({action_id!r}) accepted, but it is not legal"
    space = state._tables.space
    # OpenSpiel's bindings made the id an int (a NumPy integer, or a bool) already.
    assert state.deal == before.apply(space.action_from_id(before, operator.index(action_id)))


def _sampler_input(choose: Chooser, mat: Material) -> object:
    if choose.number(0, 2):
        drawn = choose.pick((*JUNK_VALUES, 0.0, 0.25, 1.0, float("inf"), -0.5))
        return lambda: drawn
    return malformed(choose, mat)


def _spiel_resample(mat: Material, value: object) -> object:
    packed = _packed(value)
    state = _spiel_state(packed)
    player = state.current_player()
    player = player if player >= 0 else 0
    return (
        state,
        player,
        _refusal_changes_nothing(
            lambda: state.deal, lambda: state.resample_from_infostate(player, packed.value)
        ),
    )


def _spiel_resampled(mat: Material, value: object, result: object) -> None:
    """A resampled state is a deal the seat's view allows: its view is the seat's."""
    assert isinstance(result, tuple)
    state, player, sample = result
    assert sample.deal.view(player) == state.deal.view(player)


def _player_input(choose: Chooser, mat: Material) -> object:
    return choose.number(-2, 7) if choose.number(0, 1) else malformed(choose, mat)


def _spiel_tensor(mat: Material, value: object) -> object:
    packed = _packed(value)
    state = _spiel_state(packed)
    return _refusal_changes_nothing(
        lambda: state.deal, lambda: state.observation_tensor(packed.value)
    )


def _spiel_load(mat: Material, value: object) -> object:
    import pyspiel

    from bezique.envs import openspiel

    openspiel.register()
    return pyspiel.load_game(openspiel.GAME_NAME, {"variant": value})


def _spiel_loaded(mat: Material, value: object, result: object) -> None:
    state = result.new_initial_state()  # type: ignore[attr-defined]
    assert state.is_chance_node()


ADAPTERS: tuple[Entry, ...] = (
    Entry(
        "BeziqueEnv.step",
        "action",
        _adapter_input(_step_input),
        _env_step,
        _env_stepped,
        weight=2,
        extra="rl",
    ),
    Entry(
        "BeziqueEnv.observe",
        "agent",
        _adapter_input(_agent_input),
        _env_observe,
        _env_observed,
        extra="rl",
    ),
    Entry(
        "pettingzoo env",
        "variant",
        _variant_input,
        lambda m, v: bezique_env_of(v),
        _env_made,
        extra="rl",
    ),
    Entry(
        "BeziqueState.apply_action",
        "action",
        _adapter_input(_step_input),
        _spiel_apply,
        _spiel_applied,
        weight=2,
        extra="rl",
        foreign=_spiel_foreign,
    ),
    Entry(
        "BeziqueState.resample_from_infostate",
        "probability_sampler",
        _adapter_input(_sampler_input),
        _spiel_resample,
        _spiel_resampled,
        extra="rl",
        foreign=_spiel_foreign,
    ),
    Entry(
        "BeziqueState.observation_tensor",
        "player",
        _adapter_input(_player_input),
        _spiel_tensor,
        extra="rl",
        foreign=_spiel_foreign,
    ),
    Entry(
        "pyspiel.load_game",
        "variant",
        _variant_input,
        _spiel_load,
        _spiel_loaded,
        extra="rl",
        foreign=_spiel_foreign,
    ),
)


def bezique_env_of(variant: object) -> object:
    from bezique.envs import pettingzoo as bezique_env

    return bezique_env.env(variant=variant)  # type: ignore[arg-type]


ENTRIES = (*ENTRIES, *SURFACES, *ADAPTERS)
ENTRY_NAMES = tuple(e.name for e in ENTRIES)
#: The entry points whose extra is installed, which the runs call.
RUNNABLE = tuple(e for e in ENTRIES if extra_missing(e.extra) is None)
_WEIGHTED = tuple(e for e in RUNNABLE for _ in range(e.weight))


# -- the oracle ------------------------------------------------------------------------


@attrs.define
class Fuzzer:
    """Calls entry points with hostile input and keeps what went wrong."""

    #: Calls made, by entry point.
    calls: Counter[str] = attrs.field(factory=Counter)
    #: Calls refused with the library's error or a TypeError, by entry point.
    refused: Counter[str] = attrs.field(factory=Counter)
    #: Calls by preset.
    presets: Counter[str] = attrs.field(factory=Counter)
    #: Seconds spent, by entry point (making the input, the call and the checks).
    seconds: dict[str, float] = attrs.field(factory=dict)
    failures: list[str] = attrs.field(factory=list)
    #: The inputs that failed, by failure.
    failed: list[tuple[Entry, object]] = attrs.field(factory=list)

    def attempt(self, entry: Entry, mat: Material, value: object) -> None:
        """Call ``entry`` with ``value`` and judge the outcome (see the module)."""
        self.calls[entry.name] += 1
        self.presets[mat.rules.name] += 1
        try:
            result = entry.call(mat, value)
        except Exception as error:
            if entry.foreign is None or not entry.foreign(error):
                return self._judge_error(entry, mat, value, error)
            self.refused[entry.name] += 1
            return
        if entry.accepted is not None:
            try:
                entry.accepted(mat, value, result)
            except Exception:  # an accepted input that a replay refutes
                self._fail(entry, value, "accepted, then refuted: " + traceback.format_exc(limit=6))

    def _judge_error(self, entry: Entry, mat: Material, value: object, error: Exception) -> None:
        if isinstance(error, TypeError):
            self.refused[entry.name] += 1
            if entry.parameter not in str(error):
                self._fail(entry, value, f"TypeError not naming {entry.parameter!r}: {error}")
            self._unchanged(entry, mat, value)
        elif isinstance(error, BeziqueError):
            self.refused[entry.name] += 1
            self._unchanged(entry, mat, value)
            self._same_reasons(entry, mat, value, error)
        else:  # anything else escaping is what the fuzzing looks for
            self._fail(entry, value, "".join(traceback.format_exception(error, limit=6)))

    def _unchanged(self, entry: Entry, mat: Material, value: object) -> None:
        if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
            index = value[0]
            if mat.states[index] != mat.copies[index]:
                self._fail(entry, value, "a refusal changed the state")

    def _same_reasons(self, entry: Entry, mat: Material, value: object, error: Exception) -> None:
        """An illegal action is refused with the reasons ``why_illegal`` gives."""
        if entry.name != "DealState.apply" or not isinstance(error, IllegalActionError):
            return
        index, action = _state_of(mat, value)
        assert isinstance(index, int)
        if isinstance(action, Action):
            given = mat.states[index].why_illegal(action)
            if tuple(error.reasons) != tuple(given):
                self._fail(entry, value, f"refused with {error.reasons}, why_illegal {given}")

    def _fail(self, entry: Entry, value: object, what: str) -> None:
        self.failures.append(f"{entry.name}({bz.errors.shown(value, 200)}): {what}")
        self.failed.append((entry, value))

    def run(self, calls: int, choose: Chooser, presets: Sequence[str]) -> None:
        """Make ``calls`` calls, the presets in turn, the entry points at random."""
        for i in range(calls):
            mat = material(presets[i % len(presets)])
            entry = choose.pick(_WEIGHTED)
            began = time.perf_counter()
            self.attempt(entry, mat, entry.make(choose, mat))
            spent = time.perf_counter() - began
            self.seconds[entry.name] = self.seconds.get(entry.name, 0.0) + spent


def preset_names() -> list[str]:
    return [name for name, _ in bz.rules.variants.names()]


# -- Hypothesis strategies -------------------------------------------------------------


@st.composite
def inputs(
    draw: st.DrawFn, entry_names: Sequence[str] = tuple(e.name for e in RUNNABLE)
) -> tuple[Entry, str, object]:
    """An entry point, a preset and a hostile input for it."""
    name = draw(st.sampled_from(list(entry_names)))
    entry = next(e for e in ENTRIES if e.name == name)
    preset = draw(st.sampled_from(preset_names()))
    return entry, preset, entry.make(DrawChooser(draw), material(preset))


@st.composite
def mutated_documents(draw: st.DrawFn, kind: str) -> object:
    """A state, view, rules or deal record document of a preset, mutated."""
    mat = material(draw(st.sampled_from(preset_names())))
    docs = {
        "state": mat.state_docs,
        "view": mat.view_docs,
        "record": mat.record_docs,
        "rules": (rules_to_dict(mat.rules),),
    }[kind]
    return mutate_data(draw(st.sampled_from(docs)), DrawChooser(draw), docs)


# -- the long run ----------------------------------------------------------------------


@attrs.frozen
class Share:
    """One process's part of a long run: its calls, its seed, how often it reports
    and when it stops."""

    calls: int
    seed: int
    report: int
    seconds: float | None
    label: str = ""
    #: The process that shares out the calls, for a share run in a worker of its own.
    parent: int | None = None


def run_share(share: Share) -> Fuzzer:
    """Make a share's calls, printing progress and failures as they come."""
    presets = preset_names()
    for name in presets:
        material(name)
    fuzzer = Fuzzer()
    choose = RandomChooser(random.Random(share.seed))
    ready = time.perf_counter()
    done = reported = 0
    while done < share.calls:
        if share.seconds is not None and time.perf_counter() - ready > share.seconds:
            break
        if share.parent is not None and os.getppid() != share.parent:
            # The parent is gone (killed, so that it could not stop the pool): the
            # worker ends at once, as nobody is left to read its figures, and a pool's
            # worker that returned would wait for a task on a queue the others hold.
            os._exit(1)
        batch = min(share.report, share.calls - done)
        turn = done % len(presets)
        try:
            fuzzer.run(batch, choose, presets[turn:] + presets[:turn])
        except KeyboardInterrupt:
            break
        done += batch
        elapsed = time.perf_counter() - ready
        for failure in fuzzer.failures[reported:]:
            print(f"{share.label}FAILURE", failure, file=sys.stderr, flush=True)
        reported = len(fuzzer.failures)
        print(f"{share.label}{done} calls, {elapsed:.0f} s, {reported} failures", flush=True)
    # The inputs that failed may not pickle (lambdas): a process sends back the words.
    fuzzer.failed.clear()
    return fuzzer


def _merge(parts: Sequence[Fuzzer]) -> Fuzzer:
    total = Fuzzer()
    for part in parts:
        total.calls.update(part.calls)
        total.refused.update(part.refused)
        total.presets.update(part.presets)
        for name, seconds in part.seconds.items():
            total.seconds[name] = total.seconds.get(name, 0.0) + seconds
        total.failures.extend(part.failures)
    return total


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--calls",
        type=int,
        default=int(os.environ.get(CALLS_VARIABLE, "1000000")),
        help=f"calls to make across every preset (default ${CALLS_VARIABLE} or 1000000)",
    )
    parser.add_argument("--seed", type=int, default=int(os.environ.get(SEED_VARIABLE, "0")))
    parser.add_argument("--report", type=int, default=100000, help="print progress every N calls")
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="stop at the first progress report after this long (Ctrl-C also stops it)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes to share the calls among, process i with seed SEED+i (default 1)",
    )
    args = parser.parse_args(argv)
    presets = preset_names()
    start = time.perf_counter()
    jobs = max(1, args.jobs)
    shares = [
        Share(
            args.calls // jobs + (i < args.calls % jobs),
            args.seed + i,
            args.report,
            args.seconds,
            f"[seed {args.seed + i}] " if jobs > 1 else "",
            os.getpid() if jobs > 1 else None,
        )
        for i in range(jobs)
    ]
    if jobs == 1:
        fuzzer = run_share(shares[0])
    else:
        # Terminated, the run stops its workers as it does on Ctrl-C (the pool's exit).
        previous = signal.signal(signal.SIGTERM, _interrupted)
        try:
            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                try:
                    fuzzer = _merge(pool.map(run_share, shares))
                except KeyboardInterrupt:
                    pool.terminate()
                    return 130
        finally:
            signal.signal(signal.SIGTERM, previous)
    elapsed = time.perf_counter() - start
    seeds = ", ".join(str(s.seed) for s in shares)
    processes = "1 process" if jobs == 1 else f"{jobs} processes"
    print(
        f"{sum(fuzzer.calls.values())} calls in {elapsed:.1f} s "
        f"(seed{'s' if jobs > 1 else ''} {seeds}; {processes})"
    )
    print(f"{'entry point':<40}{'calls':>10}{'refused':>10}{'seconds':>10}")
    for entry in ENTRIES:
        name = entry.name
        missing = extra_missing(entry.extra)
        if missing is not None:
            print(f"{name:<40}  not run: the {entry.extra!r} extra is missing (no {missing})")
            continue
        seconds = fuzzer.seconds.get(name, 0.0)
        print(f"{name:<40}{fuzzer.calls[name]:>10}{fuzzer.refused[name]:>10}{seconds:>10.1f}")
    for name in presets:
        print(f"  {name}: {fuzzer.presets[bz.rules.variants.get(name).name]} calls")
    print(f"{len(fuzzer.failures)} failures")
    return 1 if fuzzer.failures else 0


if __name__ == "__main__":
    sys.exit(main())
