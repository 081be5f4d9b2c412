"""The type test behind every loaded state and view (``bezique.rules.options.misfit``).

``misfit`` first asks a test built once per annotation whether a value fits, and
walks the annotation only for a value that does not, to say where. The two must
agree on every value: a value the quick test passes but the walk refuses (or the
other way) would load a state the checks promise to refuse.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st
from strategies import PROPERTY_SETTINGS

import bezique as bz
from bezique import DealState, SeatView, records
from bezique.rules.options import MAX_KNOB, _fits, _misfit, misfit, type_hints

SCALARS: st.SearchStrategy[Any] = (
    st.none()
    | st.booleans()
    | st.integers(-70, 70)
    | st.integers()
    | st.sampled_from([MAX_KNOB, MAX_KNOB + 1, -MAX_KNOB - 1])
    | st.text(max_size=3)
    | st.floats(allow_nan=False)
)
VALUES: st.SearchStrategy[Any] = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4).map(tuple) | st.lists(inner, max_size=2),
    max_leaves=10,
)


def _states() -> list[DealState]:
    """States of random play of a few rule sets, at a few points of a deal."""
    out = []
    for name in ("classic", "partnership", "polish", "rubicon"):
        state = bz.new_deal(bz.variants.get(name), seed=3)
        assert isinstance(state, DealState)
        rng = random.Random(3)
        for step in range(90):
            if state.is_over:
                break
            if step % 15 == 0:
                out.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return out


STATES = _states()


def _agree(value: object, expected: Any, limit: int | None) -> None:
    walked = _misfit(value, expected, "x", limit)
    assert _fits(expected)(value, limit) is (walked is None)
    assert misfit(value, expected, "x", limit=limit) == walked


@PROPERTY_SETTINGS
@given(
    index=st.integers(0, len(STATES) - 1),
    field=st.sampled_from([f.name for f in attrs.fields(DealState) if f.init]),
    replacement=VALUES,
    part=st.integers(0, 40),
    limit=st.sampled_from([None, MAX_KNOB, 10**15]),
)
def test_the_quick_test_and_the_walk_agree_on_a_states_fields(
    index: int, field: str, replacement: object, part: int, limit: int | None
) -> None:
    state = STATES[index]
    hints = type_hints(DealState)
    value = getattr(state, field)
    _agree(value, hints[field], limit)
    _agree(replacement, hints[field], limit)
    if isinstance(value, tuple) and value:
        # One part of the field replaced: the walk must reach it, deep in a record too.
        i = part % len(value)
        item = value[i]
        if attrs.has(type(item)):
            name = attrs.fields(type(item))[part % len(attrs.fields(type(item)))].name
            refusal = None
            try:
                item = attrs.evolve(item, **{name: replacement})
            except TypeError as refused:
                refusal = str(refused)
            if refusal is not None:
                # The compiled build's records hold only values of their types: one of
                # another type is refused when the record is made, naming the field.
                assert records.NATIVE_RECORDS
                assert refusal.startswith(f"{type(item).__name__}(): {name} must be ")
                return
        else:
            item = replacement
        _agree((*value[:i], item, *value[i + 1 :]), hints[field], limit)


@PROPERTY_SETTINGS
@given(
    index=st.integers(0, len(STATES) - 1),
    field=st.sampled_from([f.name for f in attrs.fields(SeatView)]),
    replacement=VALUES,
)
def test_the_quick_test_and_the_walk_agree_on_a_views_fields(
    index: int, field: str, replacement: object
) -> None:
    view = STATES[index].view(index % 2)
    _agree(view, SeatView, 10**15)
    # Set past the view's converters, as a view built by hand might hold it.
    broken = copy.copy(view)
    object.__setattr__(broken, field, replacement)
    _agree(broken, SeatView, 10**15)


def _annotations(cls: type, seen: dict[str, Any]) -> None:
    """Every annotation of ``cls``'s fields and of the records they hold, by text."""
    for hint in type_hints(cls).values():
        if str(hint) in seen:
            continue
        seen[str(hint)] = hint
        for arg in (hint, *getattr(hint, "__args__", ())):
            for inner in (arg, *getattr(arg, "__args__", ())):
                if isinstance(inner, type) and attrs.has(inner):
                    _annotations(inner, seen)


def test_the_quick_test_and_the_walk_agree_at_the_edges() -> None:
    annotations: dict[str, Any] = {}
    _annotations(DealState, annotations)
    _annotations(SeatView, annotations)
    state = STATES[-1]
    edges: list[object] = [None, True, False, 0, -1, 1.0, "", "QS", (), [], (0,), [0], (None,)]
    edges += [(0, 1), ((0,),), (True,), state.tricks, state.tricks[:1], list(state.tricks)]
    edges += [state.view(0), state.melds, state.window, state.rules]
    edges += [getattr(state, f.name) for f in attrs.fields(DealState)]
    for limit in (None, MAX_KNOB, 10**15):
        bounds = [] if limit is None else [limit, -limit, limit + 1, -limit - 1]
        for value in [*edges, *bounds, tuple(bounds), (0, *bounds[:1])]:
            for expected in annotations.values():
                _agree(value, expected, limit)


def test_a_value_that_does_not_fit_is_named_where_it_fails() -> None:
    state = STATES[1]
    trick = state.tricks[-1]
    name: Any = "QS"  # a card's name where its id belongs
    broken = (*state.tricks[:-1], attrs.evolve(trick, cards=(*trick.cards[:-1], name)))
    found = misfit(broken, type_hints(DealState)["tricks"], "state.tricks", limit=None)
    assert found is not None
    assert found.wrong_type
    assert found.message.startswith(f"state.tricks[{len(broken) - 1}].cards[")
