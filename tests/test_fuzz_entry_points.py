"""A short run of the fuzzing of tests/fuzzing.py: hostile input, mutated documents and
malformed objects for every loader, parser and entry point, across every preset. The
long run is ``nox -s fuzz`` (a million calls; docs/errors.md gives its figures)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest
from fuzzing import (
    CALLS_VARIABLE,
    ENTRIES,
    ENTRY_NAMES,
    EXTRA_MODULES,
    RUNNABLE,
    Entry,
    Fuzzer,
    RandomChooser,
    dumps,
    extra_missing,
    inputs,
    main,
    material,
    mutate_data,
    mutate_text,
    mutated_documents,
    preset_names,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from processes import group_members
from strategies import PROPERTY_SETTINGS

import bezique as bz
from bezique.io import state_from_dict, view_from_dict

SHORT = settings(PROPERTY_SETTINGS, max_examples=80)


def _judge(entry: Entry, preset: str, value: object) -> None:
    fuzzer = Fuzzer()
    fuzzer.attempt(entry, material(preset), value)
    assert not fuzzer.failures, fuzzer.failures[0]


@SHORT
@given(drawn=inputs())
def test_hostile_input_gets_the_documented_error_or_a_replayable_result(
    drawn: tuple[Entry, str, object],
) -> None:
    _judge(*drawn)


@SHORT
@given(doc=mutated_documents("state"))
def test_a_mutated_state_document_loads_only_if_it_replays(doc: object) -> None:
    _judge(_entry("state_from_dict"), "classic", doc)


@SHORT
@given(doc=mutated_documents("view"))
def test_a_mutated_view_document_loads_only_if_it_is_dealt_again(doc: object) -> None:
    _judge(_entry("view_from_json"), "classic", dumps(doc))


@settings(SHORT, max_examples=30)
@given(doc=mutated_documents("record"))
def test_a_mutated_deal_record_loads_only_if_it_replays(doc: object) -> None:
    _judge(_entry("DealRecord.from_json"), "classic", dumps(doc))


@settings(SHORT, max_examples=60)
@given(doc=mutated_documents("rules"))
def test_a_mutated_rules_object_loads_only_as_rules_that_round_trip(doc: object) -> None:
    _judge(_entry("rules_from_dict"), "classic", doc)


def _entry(name: str) -> Entry:
    return next(e for e in ENTRIES if e.name == name)


def test_a_short_run_reaches_every_entry_point_of_every_preset() -> None:
    presets = preset_names()
    fuzzer = Fuzzer()
    fuzzer.run(40 * len(presets), RandomChooser(random.Random(0)), presets)
    assert not fuzzer.failures, fuzzer.failures[0]
    assert set(fuzzer.presets) == {bz.rules.variants.get(name).name for name in presets}
    assert sum(fuzzer.calls.values()) == 40 * len(presets)
    # Most hostile input is refused; some is accepted and then replayed.
    assert 0 < sum(fuzzer.refused.values()) < sum(fuzzer.calls.values())


def test_every_entry_point_is_reached_by_the_strategies() -> None:
    assert set(ENTRY_NAMES) == {e.name for e in ENTRIES}
    fuzzer = Fuzzer()
    choose = RandomChooser(random.Random(1))
    mat = material("classic")
    for entry in RUNNABLE:
        for _ in range(5):
            fuzzer.attempt(entry, mat, entry.make(choose, mat))
    assert not fuzzer.failures, fuzzer.failures[0]
    assert set(fuzzer.calls) == {e.name for e in RUNNABLE}


def test_the_adapters_are_fuzzed_where_their_extra_is_installed() -> None:
    adapters = {e.name for e in ENTRIES if e.extra == "rl"}
    assert {"BeziqueEnv.step", "BeziqueState.apply_action", "pyspiel.load_game"} <= adapters
    runnable = {e.name for e in RUNNABLE}
    assert (adapters <= runnable) == (extra_missing("rl") is None)
    assert extra_missing(None) is None


def test_entries_of_a_missing_extra_are_reported_as_not_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(EXTRA_MODULES, "rl", ("no_such_framework_module",))
    assert main(["--calls", "17", "--report", "17"]) == 0
    out = capsys.readouterr().out
    assert "BeziqueEnv.step" in out
    assert "not run: the 'rl' extra is missing (no no_such_framework_module)" in out


# -- the mutators change what they are given, and only a copy ------------------------


def test_mutators_change_a_copy() -> None:
    mat = material("classic")
    doc = mat.state_docs[-1]
    before = repr(doc)
    choose = RandomChooser(random.Random(2))
    changed = [mutate_data(doc, choose, mat.state_docs) for _ in range(50)]
    assert repr(doc) == before
    assert sum(c != doc for c in changed) > 40
    texts = [mutate_text("play QS[bezique]", choose) for _ in range(50)]
    assert sum(t != "play QS[bezique]" for t in texts) > 40


# -- the oracle: each way of failing the contract is caught ---------------------------


def _raising(error: Exception) -> Entry:
    def call(mat: object, value: object) -> object:
        raise error

    return Entry("probe", "text", lambda c, m: "", call)


@pytest.mark.parametrize(
    ("error", "caught"),
    [
        (KeyError("seats"), True),
        (IndexError("tuple index out of range"), True),
        (AttributeError("no field"), True),
        (ValueError("Exceeds the limit (4300 digits)"), True),
        (TypeError("probe(): card must be a CardRef"), True),  # names no parameter 'text'
        (TypeError("probe(): text must be a str, not int"), False),
        (bz.NotationError("not an action"), False),
        (bz.InvalidStateError("no deal reaches it"), False),
    ],
)
def test_the_oracle_lets_only_the_contract_pass(error: Exception, caught: bool) -> None:
    fuzzer = Fuzzer()
    fuzzer.attempt(_raising(error), material("classic"), "x")
    assert bool(fuzzer.failures) is caught


def test_the_oracle_catches_an_accepted_input_that_does_not_replay() -> None:
    mat = material("classic")
    fuzzer = Fuzzer()

    def refute(mat: object, value: object, result: object) -> None:
        raise bz.InvalidStateError("replay refutes it")

    entry = Entry("probe", "text", lambda c, m: "", lambda m, v: v, refute)
    fuzzer.attempt(entry, mat, "x")
    assert fuzzer.failures
    assert "accepted, then refuted" in fuzzer.failures[0]


def test_the_oracle_catches_a_refusal_that_changed_a_state() -> None:
    mat = material("classic")
    # A material whose copy of a state differs from the state, as a refusal that
    # changed it would leave it.
    changed = attrs.evolve(mat, copies=(mat.copies[1], *mat.copies[1:]))
    entry = next(e for e in ENTRIES if e.name == "DealState.apply")
    fuzzer = Fuzzer()
    fuzzer.attempt(entry, changed, (0, None))
    assert fuzzer.failures == [
        "DealState.apply((0, None)): a refusal changed the state",
    ]


def test_the_oracle_catches_other_reasons_than_why_illegal() -> None:
    mat = material("classic")
    state = mat.states[0]
    wrong = bz.IllegalActionError(bz.Draw(), (bz.Reason.NO_SEVEN_OF_TRUMPS,))

    def call(mat: object, value: object) -> object:
        raise wrong

    entry = attrs.evolve(next(e for e in ENTRIES if e.name == "DealState.apply"), call=call)
    fuzzer = Fuzzer()
    fuzzer.attempt(entry, mat, (0, bz.Draw()))
    assert state.why_illegal(bz.Draw()) != wrong.reasons
    assert fuzzer.failures
    assert "why_illegal" in fuzzer.failures[0]


# -- the long run's command ----------------------------------------------------------


def test_the_long_run_counts_its_calls(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(CALLS_VARIABLE, "28")
    assert main(["--report", "14"]) == 0
    out = capsys.readouterr().out
    assert "14 calls" in out
    assert "28 calls in" in out
    for name in ENTRY_NAMES:
        assert name in out


@st.composite
def _anything(draw: st.DrawFn) -> object:
    return draw(st.none() | st.binary() | st.integers() | st.text())


@SHORT
@given(value=_anything())
def test_loaders_given_anything_refuse_it_in_the_library_s_terms(value: object) -> None:
    for name in ("load_state", "state_from_dict", "view_from_json", "rules_from_dict"):
        _judge(_entry(name), "classic", value)
    for loader in (state_from_dict, view_from_dict):
        with pytest.raises((TypeError, bz.BeziqueError)):
            loader(value)


# -- what the fuzzing found, kept as plain tests --------------------------------------

POSITION = bz.format_position(bz.new_deal(bz.variants.CLASSIC, seed=1))


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (POSITION.replace("scores: 0/0", "scores: " + "9" * 5000 + "/0"), bz.NotationError),
        (POSITION.replace("scores: 0/0", "scores: ²/0"), bz.NotationError),
        (POSITION.replace("stock: 9Da", "stock: ?²").split(" TCb")[0], bz.BeziqueError),
        (POSITION.replace("tricks: -", "tricks: #" + "9" * 5000), bz.NotationError),
        (POSITION.replace("dealer: 0", "dealer: ٣"), bz.NotationError),
    ],
)
def test_a_position_with_numbers_python_cannot_read_is_a_notation_error(
    text: str, error: type[Exception]
) -> None:
    with pytest.raises(error):
        bz.parse_position(text)


@pytest.mark.parametrize("value", [b"%", "%", "%d"])
def test_face_of_text_that_formats_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match=r"face_of\(\): card_id must be an int"):
        bz.face_of(value)  # type: ignore[arg-type]


def test_a_game_record_with_numbers_python_cannot_read_is_a_notation_error() -> None:
    start = bz.new_game(bz.variants.CLASSIC, seed=3)
    game, actions = start, []
    for _ in range(6):
        actions.append(game.legal_actions()[0])
        game = game.apply(actions[-1])
    text = bz.record_game(start, actions).to_text()
    totals = text.split("[Totals ")[1].split("]")[0]
    with pytest.raises(bz.NotationError, match="Totals: not a whole number of at most 18"):
        bz.io.games.load_game_record(text.replace(totals, '"' + "9" * 5000 + ' 0"', 1))
    # A seed longer than a seed may be is read as text, and so is another shuffle.
    with pytest.raises(bz.BeziqueError):
        bz.io.games.load_game_record(text.replace('[Seed "3"]', '[Seed "' + "9" * 5000 + '"]'))


def test_a_record_keeps_its_actions_in_their_canonical_text() -> None:
    # A game record read from JSON wrote "draw " for "draw": it must read back equal
    # from its text form, which writes every action canonically.
    start = bz.new_deal(bz.variants.CLASSIC, seed=2)
    record = bz.record_deal(start, ["play 10D", "play TC", "draw", "play KD"])
    assert record.actions == ("play TD", "play TC", "draw", "play KD")
    doc = record.to_dict()
    doc["actions"] = [" play 10D", "play  TC", "draw ", "play KD "]
    loose = bz.DealRecord.from_json(dumps(doc))
    assert loose == record


@pytest.mark.parametrize("preset", ["six-pack", "rubicon"])
def test_a_meld_with_no_cards_that_fixed_trumps_is_refused(preset: str) -> None:
    """Found by the long fuzz run: a view whose trump-fixing meld (HGM, FOS p.334) lists
    no card ended in an ``IndexError`` while the trumps were checked."""
    rules = bz.rules.variants.get(preset)
    rng = random.Random(7)
    state = bz.new_deal(rules, seed=7)
    while state.trump is None:
        actions = state.legal_actions()
        declares = [a for a in actions if isinstance(a, bz.Declare)]
        state = state.apply(rng.choice(declares or list(actions)))
    doc = bz.io.view_to_dict(state.view(0))
    assert doc["melds"]
    doc["melds"][0]["cards"] = []
    with pytest.raises(bz.InvalidStateError, match=r"melds\[0\]\.cards"):
        view_from_dict(doc)
    emptied = attrs.evolve(state, melds=(attrs.evolve(state.melds[0], cards=()),))
    with pytest.raises(bz.InvalidStateError, match=r"melds\[0\]\.cards"):
        bz.check_state(emptied)


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the processes from /proc")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_run_of_several_processes_stopped_leaves_no_worker_running(how: int) -> None:
    script = Path(__file__).with_name("fuzzing.py")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    run = subprocess.Popen(
        [sys.executable, str(script), "--calls", "1000000", "--jobs", "2", "--report", "50"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    assert run.stdout is not None
    # The workers have made calls once a progress line is printed; they stay in the
    # run's process group after their parent is gone.
    assert b"calls" in run.stdout.readline()
    assert len(group_members(run.pid)) > 1
    os.kill(run.pid, how)
    run.wait(timeout=60)
    deadline = time.monotonic() + 60
    while group_members(run.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not group_members(run.pid)
