"""Stateful tests: a Hypothesis state machine per preset drives deals with
random legal actions, tries random illegal ones, and checks every invariant of
``strategies.py`` after each rule; a finished deal is checked as a whole and a new
one dealt (the deal alternating, as in a game: PAR, PKW)."""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from strategies import (
    PROPERTY_SETTINGS,
    Step,
    WindowTracker,
    check_final,
    check_legal_actions,
    check_rejected,
    check_state,
    check_step,
    junk_action,
)

import bezique as bz

PRESETS = [name for name, _ in bz.rules.variants.names()]

#: Runs per preset: fewer for the multi-pack presets, whose states are larger.
MACHINE_SETTINGS = settings(PROPERTY_SETTINGS, max_examples=15, stateful_step_count=50)
MULTI_PACK_SETTINGS = settings(MACHINE_SETTINGS, max_examples=6)


class DealMachine(RuleBasedStateMachine):
    """Deals of one preset, driven one action (or a run of actions) at a time."""

    RULES: bz.Rules = bz.variants.CLASSIC

    def __init__(self) -> None:
        super().__init__()
        self.start = bz.new_deal(self.RULES, seed=0)
        self.state = self.start
        self.steps: list[Step] = []
        self.tracker = WindowTracker()

    def _new_deal(self, seed: int, dealer: int) -> None:
        self.start = bz.new_deal(self.RULES, seed=seed, dealer=dealer)
        self.state = self.start
        self.steps = []
        self.tracker = WindowTracker()

    def _take(self, action: bz.Action) -> None:
        after, events = self.state.step(action)
        step = Step(self.state, action, after, events)
        check_step(step)
        self.tracker.observe(step)
        self.steps.append(step)
        self.state = after

    @initialize(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 1))
    def deal(self, seed: int, dealer: int) -> None:
        self._new_deal(seed, dealer)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def apply_a_legal_action(self, data: st.DataObject) -> None:
        actions = self.state.legal_actions()
        self._take(data.draw(st.sampled_from(actions), label="action"))

    @precondition(lambda self: not self.state.is_over)
    @rule(rng=st.randoms(use_true_random=False), count=st.integers(1, 80))
    def apply_several_legal_actions(self, rng: random.Random, count: int) -> None:
        for _ in range(count):
            if self.state.is_over:
                break
            self._take(rng.choice(self.state.legal_actions()))

    @rule(rng=st.randoms(use_true_random=False))
    def try_an_illegal_action(self, rng: random.Random) -> None:
        check_rejected(self.state, junk_action(self.state, rng))

    @precondition(lambda self: self.state.is_over)
    @rule(seed=st.integers(0, 2**32 - 1))
    def next_deal(self, seed: int) -> None:
        check_final(self.start, self.steps)
        self._new_deal(seed, 1 - self.start.dealer)

    @invariant()
    def state_is_consistent(self) -> None:
        check_state(self.state)

    @invariant()
    def legal_actions_are_sound(self) -> None:
        check_legal_actions(self.state, thorough=False)


def machine_for(name: str) -> type[DealMachine]:
    """The state machine of the preset ``name``."""
    machine_name = f"DealMachine_{name.replace('-', '_')}"
    return type(machine_name, (DealMachine,), {"RULES": bz.rules.variants.get(name)})


@pytest.mark.parametrize("name", PRESETS)
def test_deal_state_machine(name: str) -> None:
    two_packs = bz.rules.variants.get(name).deck.packs == 2
    run_state_machine_as_test(
        machine_for(name), settings=MACHINE_SETTINGS if two_packs else MULTI_PACK_SETTINGS
    )
