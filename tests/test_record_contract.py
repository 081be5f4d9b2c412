"""The public contract of the records, whichever build is installed: the deal state,
the records of a deal and the actions are attrs classes (``attrs.fields``,
``attrs.has``, ``attrs.evolve``, ``asdict``, ``astuple``, pattern matching), values
(equality, hashing, copies, pickles, their JSON forms), immutable, and they refuse
bad input with the library's own ``TypeError`` messages.

The compiled build may make them classes of its own (compiled, not interpreted), so
these tests run against it too (the ``compiled`` nox session); and a process of the
pure build, reading the sources, must read what this one writes, pickles and JSON,
and the other way round (:func:`test_a_pure_process_reads_and_writes_the_same_records`).
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import re
import subprocess
import sys
import typing
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from record_samples import FIELDS, Samples, json_forms, load_json_form, samples

import bezique as bz
from bezique import engine, records
from bezique.actions import CardRef, Declare, Play, ScorePending
from bezique.cards import Suit
from bezique.checks.invariants import check_state
from bezique.engine import fields
from bezique.io import DealRecord, state_to_json
from bezique.records import DeclaredMeld
from bezique.state import DealState

SAMPLES: Samples = samples()
CLASSES = {cls.__name__: cls for cls in FIELDS}
NAMES = sorted(SAMPLES)


def test_every_record_class_has_samples() -> None:
    assert set(SAMPLES) == set(CLASSES)
    for name, (one, other) in SAMPLES.items():
        assert type(one) is CLASSES[name]
        assert other is None or (type(other) is CLASSES[name] and other != one)


@pytest.mark.parametrize("name", NAMES)
def test_records_are_attrs_classes_with_their_fields(name: str) -> None:
    cls = CLASSES[name]
    one, _ = SAMPLES[name]
    assert attrs.has(cls)
    assert tuple(field.name for field in attrs.fields(cls)) == FIELDS[cls]
    assert attrs.fields_dict(cls).keys() == set(FIELDS[cls])
    assert attrs.fields(cls) == cls.__attrs_attrs__
    for field in attrs.fields(cls):
        getattr(one, field.name)  # every field can be read


def field_types(cls: type[Any]) -> dict[str, str]:
    """The type of each attrs field of ``cls``, as ``attrs.fields`` gives it."""
    return {field.name: repr(field.type) for field in attrs.fields(cls)}


def test_the_deal_state_s_fields_have_their_written_types() -> None:
    """``attrs.fields(DealState)`` and :func:`typing.get_type_hints` give the types the
    source writes, whichever build (the compiled one writes them back from the table
    :data:`bezique.engine.fields.WRITTEN_ANNOTATIONS`, held here to the source)."""
    written: dict[str, object] = {field.name: field.type for field in attrs.fields(DealState)}
    assert written == fields.WRITTEN_ANNOTATIONS
    hints = typing.get_type_hints(DealState)
    assert hints["trump"] == Suit | None
    assert hints["stock"] == tuple[int, ...]
    assert hints["melds"] == tuple[DeclaredMeld, ...]
    assert set(hints) == set(fields.WRITTEN_ANNOTATIONS)
    if not engine.accelerated():  # the source itself, where the table comes from
        assert fields.DealDraft.__annotations__ == fields.WRITTEN_ANNOTATIONS


@pytest.mark.parametrize("name", sorted(records.WRITTEN_ANNOTATIONS))
def test_the_records_fields_have_their_written_types(name: str) -> None:
    """``attrs.fields`` and :func:`typing.get_type_hints` give each record of a deal
    the types its source writes, whichever build (the compiled one writes them back
    from the table :data:`bezique.records.WRITTEN_ANNOTATIONS`, held here to the
    source, read as the pure build reads it)."""
    cls = CLASSES[name]
    written = records.WRITTEN_ANNOTATIONS[name]
    assert {field.name: field.type for field in attrs.fields(cls)} == written
    assert cls.__annotations__ == written
    hints = typing.get_type_hints(cls)
    assert set(hints) == set(written)
    for field, text in written.items():
        assert hints[field] == eval(text, vars(records)), field


@pytest.mark.parametrize("name", NAMES)
def test_evolve_makes_the_record_with_the_fields_given(name: str) -> None:
    one, other = SAMPLES[name]
    same = attrs.evolve(one)
    assert type(same) is type(one)
    assert same == one
    if other is None:
        return
    given = {
        field.alias: getattr(other, field.name) for field in attrs.fields(type(one)) if field.init
    }
    changed = attrs.evolve(one, **given)
    assert type(changed) is type(one)
    assert changed == other
    assert changed != one


@pytest.mark.parametrize("name", NAMES)
def test_asdict_and_astuple_read_the_fields(name: str) -> None:
    one, _ = SAMPLES[name]
    fields = attrs.fields(type(one))
    assert attrs.astuple(one, recurse=False) == tuple(getattr(one, f.name) for f in fields)
    assert attrs.asdict(one, recurse=False) == {f.name: getattr(one, f.name) for f in fields}
    if name != "DealState":  # (its rules are a tree of records of their own)
        assert attrs.asdict(one) == attrs.asdict(copy.deepcopy(one))


@pytest.mark.parametrize("name", NAMES)
def test_pattern_matching_reads_the_fields_in_order(name: str) -> None:
    cls = CLASSES[name]
    one, _ = SAMPLES[name]
    positional = tuple(f.name for f in attrs.fields(cls) if f.init and not f.kw_only)
    assert cls.__match_args__ == positional
    match one:
        case cls():
            pass
        case _:
            pytest.fail(f"{name} does not match its own class")
    if positional:
        match one:
            case cls(first):
                assert first is getattr(one, positional[0])
            case _:
                pytest.fail(f"{name} does not match its first field")


@pytest.mark.parametrize("name", NAMES)
def test_records_are_values(name: str) -> None:
    one, other = SAMPLES[name]
    for twin in (copy.copy(one), copy.deepcopy(one), attrs.evolve(one)):
        assert twin == one
        assert not twin != one  # noqa: SIM202 (the other operator, on purpose)
        assert hash(twin) == hash(one)
        assert {twin: 1}[one] == 1
    if other is not None:
        assert other != one
        assert not other == one  # noqa: SIM201 (the other operator, on purpose)
        assert len({one, other}) == 2
    for different in SAMPLES.values():
        if type(different[0]) is not type(one):
            assert different[0] != one


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize("name", NAMES)
def test_records_pickle(name: str, protocol: int) -> None:
    one, other = SAMPLES[name]
    for value in (one, other) if other is not None else (one,):
        loaded = pickle.loads(pickle.dumps(value, protocol=protocol))
        assert type(loaded) is type(value)
        assert loaded == value
        assert hash(loaded) == hash(value)


def test_a_state_works_after_a_pickle() -> None:
    state, _ = SAMPLES["DealState"]
    loaded = pickle.loads(pickle.dumps(state))
    assert loaded.legal_actions() == state.legal_actions()
    action = state.legal_actions()[-1]
    assert loaded.step(action) == state.step(action)


@pytest.mark.parametrize("name", NAMES)
def test_records_are_immutable(name: str) -> None:
    one, _ = SAMPLES[name]
    before = copy.deepcopy(one)
    for field in attrs.fields(type(one)):
        value = getattr(one, field.name)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(one, field.name, value)
        with pytest.raises(AttributeError):
            delattr(one, field.name)
        assert getattr(one, field.name) is value
    with pytest.raises(AttributeError):
        one.not_a_field = 1  # no field may be added either
    assert one == before


def test_json_forms_read_back_as_the_values_written() -> None:
    forms = json_forms()
    assert forms == json_forms()  # the same values, written the same way
    for name, text in forms.items():
        value = load_json_form(name, text)
        if isinstance(value, tuple):  # the actions, as text
            assert "\n".join(map(str, value)) == text
        elif isinstance(value, DealRecord):
            assert value.to_json() == text
        else:
            assert isinstance(value, bz.DealState)
            assert state_to_json(value) == text


def _state() -> bz.DealState:
    state: bz.DealState = SAMPLES["DealState"][0]
    return state


#: Bad input to the records and the state's methods, and the library's message for it.
REFUSALS: tuple[tuple[str, Callable[[], object], str], ...] = (
    ("CardRef card", lambda: CardRef("QS"), "CardRef(): card must be a Card, not str"),  # type: ignore[arg-type]
    ("Play card", lambda: Play("QS"), "Play(): card must be a CardRef, not str"),  # type: ignore[arg-type]
    (
        "Declare kind",
        lambda: Declare("bezique", ()),  # type: ignore[arg-type]
        "Declare(): kind must be a MeldKind, not str",
    ),
    (
        "ScorePending meld",
        lambda: ScorePending("1"),  # type: ignore[arg-type]
        "ScorePending(): meld must be an int, not str",
    ),
    (
        "apply action",
        lambda: _state().apply(42),  # type: ignore[arg-type]
        "apply(): action must be an Action (Play, Declare, Draw...) or its text, not int",
    ),
    (
        "step action",
        lambda: _state().step(3),  # type: ignore[arg-type]
        "step(): action must be an Action (Play, Declare, Draw...) or its text, not int",
    ),
    (
        "apply seat",
        lambda: _state().apply(_state().legal_actions()[0], seat=1.5),  # type: ignore[arg-type]
        "seat must be an int, not float",
    ),
    (
        "why_illegal action",
        lambda: _state().why_illegal("x"),  # type: ignore[arg-type]
        "why_illegal(): action must be an Action (Play, Declare, Draw...; parse text with "
        "parse_action), not str",
    ),
    (
        "legal_actions seat",
        lambda: _state().legal_actions(seat="0"),  # type: ignore[arg-type]
        "seat must be an int, not str",
    ),
    ("hand seat", lambda: _state().hand("0"), "seat must be an int, not str"),  # type: ignore[arg-type]
    ("held_mask seat", lambda: _state().held_mask("0"), "seat must be an int, not str"),  # type: ignore[arg-type]
    (
        "pending_melds seat",
        lambda: _state().pending_melds(1.5),  # type: ignore[arg-type]
        "seat must be an int, not float",
    ),
    ("view seat", lambda: _state().view(1.5), "seat must be an int, not float"),  # type: ignore[arg-type]
    ("card_ref card", lambda: _state().card_ref("a"), "card_id must be an int, not str"),  # type: ignore[arg-type]
)


@pytest.mark.parametrize(
    ("call", "message"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_bad_input_gets_the_library_s_type_error(call: Callable[[], object], message: str) -> None:
    before = copy.deepcopy(_state())
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        call()
    assert _state() == before


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        ("dealer", "an integer"),
        ("stock", "a tuple of integers"),
        ("hand_masks", "a tuple of integers"),
        ("tricks", "a tuple of Tricks"),
        ("counted_brisques", "true or false"),
    ],
)
def test_a_field_of_the_wrong_type_is_refused_in_the_library_s_words(
    field: str, expected: str
) -> None:
    """The compiled build's state cannot hold a value of another type in these fields
    and refuses it when it is made (:func:`attrs.evolve`, the class itself), naming the
    field; the pure build's state is made, and :func:`~bezique.checks.check_state`
    refuses it in the same words."""
    state = _state()
    before = copy.deepcopy(state)
    wrong: dict[str, Any] = {field: "x"}
    if fields.NATIVE_FIELDS:
        with pytest.raises(
            TypeError, match=rf"^DealState\(\): {field} must be {expected}, not str$"
        ):
            attrs.evolve(state, **wrong)
    else:
        made = attrs.evolve(state, **wrong)
        with pytest.raises(
            TypeError, match=rf"^check_state\(\): state\.{field} must be {expected}"
        ):
            check_state(made)
    assert state == before


# -- another process ---------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "src"

#: Run by a second process, with the pure sources first on its path: reads the
#: pickles and the JSON forms this process wrote, compares them with its own samples,
#: and writes its own for this process to read.
OTHER_PROCESS = """
import json, pickle, sys
sources, tests, exchange = sys.argv[1:4]
sys.path[:0] = [sources, tests]
import attrs, bezique, bezique.engine
from record_samples import json_forms, load_json_form, samples
with open(exchange + "/theirs.pickle", "rb") as file:
    theirs = pickle.load(file)
with open(exchange + "/theirs.json", encoding="utf-8") as file:
    their_forms = json.load(file)
mine = samples()
report = {
    "module": bezique.__file__,
    "accelerated": bezique.engine.accelerated(),
    "classes": {name: type(one).__module__ for name, (one, _) in theirs.items()},
    "field types": {
        name: {field.name: repr(field.type) for field in attrs.fields(type(one))}
        for name, (one, _) in mine.items()
    },
    "unequal pickles": sorted(name for name in mine if theirs[name] != mine[name]),
    "unequal JSON": sorted(
        name for name, text in json_forms().items() if their_forms[name] != text
    ),
    "JSON read otherwise": sorted(
        name
        for name, text in their_forms.items()
        if load_json_form(name, text) != load_json_form(name, json_forms()[name])
    ),
}
with open(exchange + "/mine.pickle", "wb") as file:
    pickle.dump(mine, file)
print(json.dumps(report))
"""


def test_a_pure_process_reads_and_writes_the_same_records(tmp_path: Path) -> None:
    """A process of the pure build (the sources, first on its path) and this one, of
    whichever build is installed, exchange pickles and JSON of every record class: each
    reads what the other wrote as equal to what it makes itself. Under the pure build
    both are pure, and the exchange still checks that a record pickled by one process
    is read by another."""
    (tmp_path / "theirs.pickle").write_bytes(pickle.dumps(SAMPLES))
    (tmp_path / "theirs.json").write_text(json.dumps(json_forms()), encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    done = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            OTHER_PROCESS,
            str(SOURCES),
            str(ROOT / "tests"),
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert Path(report["module"]).resolve() == SOURCES / "bezique" / "__init__.py"
    assert report["accelerated"] is False
    assert report["classes"] == {name: CLASSES[name].__module__ for name in SAMPLES}
    assert report["field types"] == {name: field_types(CLASSES[name]) for name in SAMPLES}
    assert report["unequal pickles"] == []
    assert report["unequal JSON"] == []
    assert report["JSON read otherwise"] == []
    theirs = pickle.loads((tmp_path / "mine.pickle").read_bytes())
    assert theirs.keys() == SAMPLES.keys()
    for name, pair in SAMPLES.items():
        assert theirs[name] == pair, name
        assert type(theirs[name][0]) is CLASSES[name]


def test_the_deal_state_s_fields_are_compiled_exactly_in_the_compiled_build() -> None:
    """In the compiled build the deal state's fields are compiled classes, which the
    engine's compiled code reads and writes in place (and whose drafts are made of the
    state's own class, :func:`bezique.engine.speed.seal`); in the pure build, the attrs
    classes that the source says."""
    assert fields.NATIVE_FIELDS is engine.accelerated()
    compiled_module = Path(fields.__file__).suffix != ".py"
    assert compiled_module is engine.accelerated()


def test_the_records_are_compiled_exactly_in_the_compiled_build() -> None:
    """In the compiled build the records of a deal are compiled classes, whose fields
    the engine's compiled code reads in place; in the pure build, the attrs classes
    that the source says."""
    assert records.NATIVE_RECORDS is engine.accelerated()
    assert (Path(records.__file__).suffix != ".py") is engine.accelerated()
    for name in records.WRITTEN_ANNOTATIONS:
        made_by: object = CLASSES[name].__new__
        assert (made_by is not object.__new__) is engine.accelerated(), name


@pytest.mark.parametrize("name", ["DeclaredMeld", "ScoreEvent", "Trick", "Window"])
def test_the_engine_s_way_to_a_record_makes_the_record_the_class_makes(name: str) -> None:
    """``Trick.of`` (and the others), with which the engine makes its records, makes the
    value the class makes of the same fields, in either build: in the compiled build it
    writes the fields in place, in the pure build it is the class."""
    cls = CLASSES[name]
    for sample in SAMPLES[name]:
        if sample is None:
            continue
        made = cls.of(*attrs.astuple(sample, recurse=False))
        assert type(made) is cls
        assert made == sample
        assert hash(made) == hash(sample)
        assert attrs.asdict(made, recurse=False) == attrs.asdict(sample, recurse=False)
        assert pickle.loads(pickle.dumps(made)) == sample
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.seat = 5
    way: object = cls.of
    assert (way is cls) is not records.NATIVE_RECORDS


#: A field of each record of a deal given a string, and what the field must be.
WRONG_FIELDS = [
    ("Trick", "leader", "an integer"),
    ("Trick", "cards", "a tuple of integers"),
    ("TableCard", "history", "a tuple of MeldKind values, each one of 'common-marriage', "),
    ("DeclaredMeld", "trick", "an integer"),
    ("DeclaredMeld", "scored", "true or false"),
    ("Window", "exchanged", "an integer or None"),
    ("DealResult", "rubiconed", "a tuple of true or falses"),
    ("ScoreEvent", "source", "one of 'turn-up-seven', 'seven-of-trumps', "),
]


@pytest.mark.parametrize(("name", "field", "expected"), WRONG_FIELDS)
def test_a_record_field_of_the_wrong_type_is_refused_in_the_library_s_words(
    name: str, field: str, expected: str
) -> None:
    """The compiled build's records cannot hold a value of another type and refuse it
    when made (the class itself, :func:`attrs.evolve`), naming the field; the pure
    build's record holds the value given (attrs checks nothing; a state holding it is
    refused by :func:`~bezique.checks.check_state`)."""
    one, _ = SAMPLES[name]
    before = copy.deepcopy(one)
    wrong: dict[str, Any] = {field: "x"}
    if records.NATIVE_RECORDS:
        message = rf"^{name}\(\): {field} must be {re.escape(expected)}.*, not str$"
        with pytest.raises(TypeError, match=message):
            attrs.evolve(one, **wrong)
        with pytest.raises(TypeError, match=message):
            type(one)(**(attrs.asdict(one, recurse=False) | wrong))
    else:
        assert getattr(attrs.evolve(one, **wrong), field) == "x"
    assert one == before


@pytest.mark.parametrize("name", sorted(records.WRITTEN_ANNOTATIONS))
def test_only_the_pure_records_take_weak_references(name: str) -> None:
    """As docs/performance.md says: a compiled record, a class without a ``__dict__``,
    takes no weak reference; the pure build's slotted attrs records do."""
    one, _ = SAMPLES[name]
    if records.NATIVE_RECORDS:
        with pytest.raises(TypeError, match="weak reference"):
            weakref.ref(one)
    else:
        assert weakref.ref(one)() is one
