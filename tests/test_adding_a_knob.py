"""The places a new rule knob must reach that a test can check (the documentation page
"Adding a knob"): each knob is named on the rules pages, written and read back by the
rules of every JSON document, and drawn by the rules strategy of the property tests or
listed here as kept at its presets' values.

Two more places are checked where they are kept: every knob has a position that tells
its options apart (``test_every_knob_has_a_test`` in ``tests/test_knobs.py``), and
every enum and boolean knob is varied by the strategy
(``test_rules_strategy_covers_every_knob`` in ``tests/test_properties.py``)."""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import attrs
import pytest
import strategies

from bezique import variants as registry
from bezique.errors import RulesError
from bezique.io.rules_json import rules_from_dict, rules_to_dict
from bezique.rules import Rules
from bezique.rules.variants import CLASSIC

ROOT = Path(__file__).resolve().parent.parent
KNOBS = sorted(CLASSIC.knobs())

#: The integer knobs the rules strategy leaves at the values of the preset it evolves:
#: points and targets that change the scores but not which actions are legal, and the
#: cut for the deal. A new knob is drawn by the strategy (``tests/strategies.py``) or
#: listed here.
KEPT_BY_THE_STRATEGY = {
    "bezique",
    "brisque_points",
    "common_marriage",
    "cut_dealer_points",
    "cut_exact",
    "cut_guess_points",
    "deals",
    "five_trump_aces",
    "five_trump_jacks",
    "five_trump_kings",
    "five_trump_queens",
    "five_trump_tens",
    "four_aces",
    "four_jacks",
    "four_kings",
    "four_queens",
    "four_trump_aces",
    "four_trump_jacks",
    "four_trump_kings",
    "four_trump_queens",
    "four_trump_tens",
    "game_bonus",
    "last_trick_points",
    "lead_out_of_turn_forfeit",
    "quadruple_bezique",
    "quintuple_bezique",
    "royal_marriage",
    "rubicon",
    "rubicon_bonus",
    "seven_of_trumps_points",
    "target",
    "trump_sequence",
    "turn_up_seven_points",
}


def test_every_knob_is_named_on_the_rules_pages() -> None:
    """Each knob is described, with its options and sources, on a page of docs/rules."""
    named: set[str] = set()
    for page in (ROOT / "docs" / "rules").glob("*.md"):
        named |= set(re.findall(r"`(\w+)`", page.read_text(encoding="utf-8")))
    assert sorted(set(KNOBS) - named) == []


def _other_values(value: object) -> Iterator[object]:
    """Values a knob holding ``value`` might take instead, the likeliest first."""
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, enum.Enum):
        yield from (member for member in type(value) if member is not value)
    elif isinstance(value, int):
        yield from (value + 10, value * 2, value + 1, None)
    elif value is None:
        yield from (10, 100, 1)
    elif isinstance(value, tuple):
        yield from (tuple(reversed(value)), (*value, *value))


def _presets() -> list[Rules]:
    """Every rule set of the registry, the classic game first."""
    found = (registry.get(name) for name, _ in registry.names())
    return [CLASSIC, *(rules for rules in found if isinstance(rules, Rules))]


#: Knobs whose other options are refused unless another knob changes with them.
COMPANIONS: dict[str, dict[str, object]] = {
    # S001's carte blanche without aces and tens is shown at the deal only.
    "carte_blanche_cards": {"carte_blanche_repeat": False},
}


def _with_another_value(knob: str) -> tuple[Rules, Rules]:
    """A preset, and the same with ``knob`` changed: by a preset that differs from the
    classic game there, or else by the first other value a preset's rules accept."""
    presets = _presets()
    for preset in presets[1:]:
        if preset.knobs()[knob] != CLASSIC.knobs()[knob]:
            return CLASSIC, preset
    for base in presets:
        for value in _other_values(_typed(base, knob)):
            try:
                return base, base.evolve(**{knob: value, **COMPANIONS.get(knob, {})})
            except RulesError:
                continue
    raise AssertionError(f"no other value of {knob} makes valid rules")


def _components(value: object) -> Iterator[object]:
    """The rule components inside ``value`` (a rule set), and theirs (the meld values)."""
    for field in attrs.fields(cast(Any, type(value))):
        inner = getattr(value, field.name)
        if attrs.has(type(inner)):
            yield inner
            yield from _components(inner)


def _typed(rules: Rules, knob: str) -> object:
    """The knob's value as ``Rules.evolve`` takes it: an enum member, not its text."""
    for component in _components(rules):
        if hasattr(component, knob):
            typed: object = getattr(component, knob)
            return typed
    return rules.knobs()[knob]


@pytest.mark.parametrize("knob", KNOBS)
def test_every_knob_is_written_and_read_back_by_the_json_documents(knob: str) -> None:
    """The rules object of every document carries the knob, under its name, and a value
    other than the classic game's comes back as it was written."""
    base, changed = _with_another_value(knob)
    assert changed.knobs()[knob] != base.knobs()[knob]
    document = json.loads(json.dumps(rules_to_dict(changed)))
    assert knob in document["knobs"]
    read = rules_from_dict(document)
    assert read.knobs()[knob] == changed.knobs()[knob]
    assert read == changed


def test_every_knob_is_drawn_by_the_rules_strategy_or_kept_on_purpose() -> None:
    source = (ROOT / "tests" / "strategies.py").read_text(encoding="utf-8")
    set_one_by_one = set(re.findall(r'changes\["(\w+)"\]\s*=', source))
    set_together = {
        name
        for arguments in re.findall(r"changes\.update\(([^)]*)\)", source)
        for name in re.findall(r"\b(\w+)=", arguments)
    }
    drawn = (
        set(strategies.ENUM_KNOBS) | set(strategies.BOOLEAN_KNOBS) | set_one_by_one | set_together
    )
    assert sorted(set(KNOBS) - drawn - KEPT_BY_THE_STRATEGY) == []
    # The list names knobs only, none of them drawn after all.
    assert set(KNOBS) >= KEPT_BY_THE_STRATEGY
    assert sorted(KEPT_BY_THE_STRATEGY & drawn) == []
