"""Rule sets are immutable all the way down: the values the engine derives from a
rule set (:meth:`bezique.Rules.derived`) cannot be changed from outside, so a rule
set scores what its fields say and nothing else."""

from __future__ import annotations

import copy
import dataclasses
import enum
import pickle
import random
from types import FunctionType, MappingProxyType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import build, declare, declared, legal

import bezique as bz
from bezique import MeldKind, Rules
from bezique.players.rollout import fast_tables, ready_melds
from bezique.rules import Memo
from bezique.rules.components import _meld_values
from bezique.rules.derived import derived

CLASSIC = bz.variants.CLASSIC
FOUR_HAND = bz.variants.FOUR_HAND
PRESETS = [bz.rules.variants.get(name) for name, _ in bz.rules.variants.names()]


def assert_deeply_frozen(value: object, path: str, seen: set[int]) -> None:
    """Fail unless nothing reachable from ``value`` can be changed in place."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if value is None or isinstance(value, (bool, int, float, str, bytes, enum.Enum)):
        return
    if isinstance(value, FunctionType):
        return
    if isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            assert_deeply_frozen(item, f"{path}[{i}]", seen)
        return
    if isinstance(value, MappingProxyType):
        for key, item in value.items():
            assert_deeply_frozen(key, f"{path} key", seen)
            assert_deeply_frozen(item, f"{path}[{key!r}]", seen)
        return
    if isinstance(value, Memo):
        for key, item in value._values.items():
            assert_deeply_frozen(key, f"{path}({key!r}) key", seen)
            assert_deeply_frozen(item, f"{path}({key!r})", seen)
        return
    if dataclasses.is_dataclass(value):
        # The engine's plan, the deck's masks, the trick scores: frozen dataclasses.
        for field in dataclasses.fields(value):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(value, field.name, getattr(value, field.name))
            assert_deeply_frozen(getattr(value, field.name), f"{path}.{field.name}", seen)
        return
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))  # type: ignore[arg-type]
        if fields:
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                setattr(value, fields[0].name, getattr(value, fields[0].name))
        for field in fields:
            assert_deeply_frozen(getattr(value, field.name), f"{path}.{field.name}", seen)
        return
    pytest.fail(f"{path}: a {type(value).__name__} can be changed in place")


def exercise(rules: Rules, seed: int) -> None:
    """Play a deal with random choices and read the players' tables, so that the
    engine, the laws and the players derive what they use."""
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed)
    while not state.is_over:
        state.legal_declarations()
        if state.phase is bz.Phase.STOCK:
            ready_melds(state, state.current_player or 0)
        state = state.apply(rng.choice(state.legal_actions()))
    for trump in (None, *bz.Suit):
        fast_tables(rules, trump, 10.0, False)


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_every_derived_value_of_every_preset_is_frozen(rules: Rules) -> None:
    rules = rules.evolve(description="a fresh copy, with nothing derived yet")
    exercise(rules, seed=3)
    assert len(rules._store) >= 8  # the plan, the scores, the patterns, the memos...
    for make, value in rules._store.items():
        assert_deeply_frozen(value, make.__qualname__, set())


def test_a_house_rule_set_cannot_be_made_to_score_a_common_marriage_999() -> None:
    """S000 law 7 (table of scores): a common marriage scores 20. The derived
    values a caller may read are read-only, so no write through them changes that."""
    house = CLASSIC.evolve(name="house")
    values = house.derived(_meld_values)
    with pytest.raises(TypeError):
        values[MeldKind.COMMON_MARRIAGE] = 999  # type: ignore[index]
    exercise(house, seed=1)
    tables: list[Any] = [v for v in house._store.values() if isinstance(v, MappingProxyType)]
    assert len(tables) >= 4
    for table in tables:
        with pytest.raises(TypeError):
            table[next(iter(table))] = 999
    assert house.meld_value(MeldKind.COMMON_MARRIAGE) == 20
    assert house == CLASSIC.evolve(name="house")
    state = build(house, trump="S", hand="KH QH")
    legal(state, declare("common-marriage", "KH QH"), (declared(0, 20, "common-marriage"),))


class _PosingKey:
    """A callable that claims to equal the function it poses as."""

    def __init__(self, target: object) -> None:
        self.target = target

    def __call__(self, rules: Rules) -> object:
        return MappingProxyType(dict.fromkeys(MeldKind, 999))

    def __hash__(self) -> int:
        return hash(self.target)

    def __eq__(self, other: object) -> bool:
        return True


def test_derived_refuses_a_callable_that_could_pass_for_another_key() -> None:
    house = CLASSIC.evolve(name="house")
    with pytest.raises(TypeError, match="make must be a function"):
        house.derived(_PosingKey(_meld_values))
    assert house.meld_value(MeldKind.COMMON_MARRIAGE) == 20


def test_a_value_once_derived_is_never_replaced() -> None:
    def table(rules: Rules) -> tuple[int, ...]:
        return (rules.players,)

    rules = CLASSIC.evolve(name="house")
    first = rules.derived(table)
    assert rules.derived(table) is first
    assert rules.derived(_meld_values) is rules.derived(_meld_values)


def test_the_compiled_reading_answers_from_each_rule_set_s_own_store() -> None:
    """:func:`bezique.rules.derived.derived`, which the compiled engine reads through:
    rule sets read in turn, equal copies and an unpickled copy (which has no store
    yet) each answer from their own, as :meth:`Rules.derived` does."""

    def table(rules: Rules) -> tuple[str, int]:
        return (rules.description, rules.players)

    house = CLASSIC.evolve(name="house", description="first")
    twin = CLASSIC.evolve(name="house", description="first")
    other = FOUR_HAND.evolve(description="other")
    unpickled = pickle.loads(pickle.dumps(house))
    for _ in range(2):
        for rules in (house, other, twin, house, unpickled, other):
            assert derived(rules, table) is rules.derived(table)
            assert derived(rules, table) == (rules.description, rules.players)
    assert derived(house, table) is not derived(twin, table)
    assert derived(house, table) is not derived(unpickled, table)


def test_a_memo_offers_nothing_but_reading() -> None:
    calls: list[int] = []

    def square(n: int) -> int:
        calls.append(n)
        return n * n

    memo = Memo(square)
    assert (memo(3), memo(3), memo(4)) == (9, 9, 16)
    assert calls == [3, 4]
    assert [name for name in dir(memo) if not name.startswith("_")] == []
    with pytest.raises(AttributeError):
        memo.extra = 1


def test_the_derived_values_are_no_part_of_the_value_or_its_copies() -> None:
    rules = CLASSIC.evolve(name="house")
    exercise(rules, seed=5)
    fresh = CLASSIC.evolve(name="house")
    assert rules == fresh
    assert hash(rules) == hash(fresh)
    assert "_store" not in attrs.asdict(rules)
    assert all(field.name != "_store" for field in attrs.fields(Rules))
    assert attrs.evolve(rules) == rules
    for copied in (pickle.loads(pickle.dumps(rules)), copy.copy(rules), copy.deepcopy(rules)):
        assert copied == rules
        assert hash(copied) == hash(rules)
        assert copied.meld_value(MeldKind.COMMON_MARRIAGE) == 20
        exercise(copied, seed=5)


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    kind=st.sampled_from([k for k in MeldKind if k is not MeldKind.SEVEN_OF_TRUMPS]),
    points=st.integers(1, 5000),
)
def test_meld_values_follow_the_fields_whatever_was_derived_before(
    preset: Rules, kind: MeldKind, points: int
) -> None:
    """Each rule set answers from its own fields, even after an equal or an evolved
    copy has derived its tables."""
    preset.meld_value(kind)
    changed = preset.evolve(**{kind.value.replace("-", "_"): points})
    assert changed.meld_value(kind) == points
    assert preset.meld_value(kind) == preset.declarations.values.of(kind)
    again = pickle.loads(pickle.dumps(changed))
    assert again.meld_value(kind) == points
    values: Any = again.derived(_meld_values)
    with pytest.raises(TypeError):
        values[kind] = points + 1


def test_the_engine_s_shared_tables_cannot_be_written() -> None:
    # The kinds that fix trumps (HGM, FOS p.334) and the shared actions the engine
    # lists are read-only: no caller can make the engine list another action.
    from bezique.engine import speed
    from bezique.laws.declaring import TRUMP_FIXERS

    assert isinstance(TRUMP_FIXERS, MappingProxyType)
    with pytest.raises(TypeError):
        TRUMP_FIXERS[bz.TrumpSelection.TURN_UP] = (MeldKind.BEZIQUE,)  # type: ignore[index]
    for table in (speed.REFS, speed.DECLARES):
        assert isinstance(table, Memo)
        assert not hasattr(table, "__setitem__")
    state = bz.new_deal(CLASSIC, seed=4)
    ref = state.legal_actions()[0].card  # type: ignore[union-attr]
    key = speed.card_key(ref.card.index, 0, 0)
    assert speed.ref_of(key) is speed.ref_of(key)
    assert speed.ref_of(key) == ref
