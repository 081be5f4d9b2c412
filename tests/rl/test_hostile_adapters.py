"""Hostile calls to the learning adapters keep the errors page's contract: an agent
that does not exist, a step before the first reset, a sampler that gives no
probability. Each was once a bare ``ValueError``, ``AttributeError`` or Python's own
error on converting NaN."""

from __future__ import annotations

import math
from collections.abc import Callable

import pyspiel
import pytest

import bezique as bz
from bezique.envs import openspiel
from bezique.envs import pettingzoo as bezique_env

VARIANTS = ["classic", "zetema"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_environment_refuses_a_step_or_an_observation_before_reset(variant: str) -> None:
    env = bezique_env.env(variant=variant)
    with pytest.raises(bz.NotationError, match=r"call reset\(\) first"):
        env.step(0)
    with pytest.raises(bz.NotationError, match=r"call reset\(\) first"):
        env.observe("seat_0")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_environment_refuses_an_agent_that_does_not_exist(variant: str) -> None:
    env = bezique_env.env(variant=variant)
    env.reset(seed=1)
    for method in (env.observe, env.observation_space, env.action_space):
        with pytest.raises(bz.SeatError, match="no agent 'seat_9': the agents are seat_0, seat_1"):
            method("seat_9")
        with pytest.raises(TypeError, match="agent must be an agent name"):
            method(0)  # type: ignore[arg-type]
    agent = env.agent_selection
    before = env.deal
    with pytest.raises(TypeError, match="action must be an action id"):
        env.step("x")  # type: ignore[arg-type]
    assert (env.agent_selection, env.deal) == (agent, before)


SAMPLERS: list[tuple[str, Callable[[], object], type[Exception]]] = [
    ("nan", lambda: math.nan, bz.NotationError),
    ("inf", lambda: math.inf, bz.NotationError),
    ("above 1", lambda: 2.0, bz.NotationError),
    ("negative", lambda: -0.5, bz.NotationError),
    ("text", lambda: "0.5", TypeError),
    ("none", lambda: None, TypeError),
]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    ("sampler", "error"), [s[1:] for s in SAMPLERS], ids=[s[0] for s in SAMPLERS]
)
def test_resampling_refuses_a_sampler_that_gives_no_probability(
    variant: str, sampler: Callable[[], object], error: type[Exception]
) -> None:
    openspiel.register()
    game = pyspiel.load_game(openspiel.GAME_NAME, {"variant": variant})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(error, match="probability_sampler"):
        state.resample_from_infostate(0, sampler)
    with pytest.raises(TypeError, match="probability_sampler must be a callable"):
        state.resample_from_infostate(0, 0.5)
    assert state.resample_from_infostate(0, lambda: 0.25).deal is not None


# -- found by the long fuzz run --------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_reset_seed_or_a_step_of_the_wrong_type_is_named(variant: str) -> None:
    """A list for a seed ended in Python's own ``TypeError`` from ``random.seed``, and a
    bool was read as the action id 0 or 1."""
    env = bezique_env.env(variant=variant)
    with pytest.raises(TypeError, match="seed must be an int"):
        env.reset(seed=[])  # type: ignore[arg-type]
    env.reset(seed=1)
    before = env.deal
    with pytest.raises(TypeError, match="action must be an action id"):
        env.step(True)
    assert env.deal == before


@pytest.mark.parametrize("variant", VARIANTS)
def test_openspiel_names_a_player_or_a_sampler_value_it_refuses(variant: str) -> None:
    """A player of the wrong type was refused as a ``seat``, and a sampler giving an
    int of thousands of digits ended in Python's ``OverflowError``."""
    openspiel.register()
    game = pyspiel.load_game(openspiel.GAME_NAME, {"variant": variant})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for method in (state.observation_tensor, state.information_state_string):
        with pytest.raises(TypeError, match="player must be an int"):
            method("0")
        with pytest.raises(bz.SeatError, match="no player 9"):
            method(9)
    with pytest.raises(TypeError, match="player_id must be an int"):
        state.resample_from_infostate("0", lambda: 0.5)
    with pytest.raises(bz.NotationError, match="an integer of 5001 digits"):
        state.resample_from_infostate(0, lambda: 10**5000)


def test_a_huge_number_from_the_sampler_is_no_probability() -> None:
    """An int of thousands of digits ended in Python's ``OverflowError`` when it was
    made a float (found by the long fuzz run's adapters), through the fuzz suite's
    own oracle."""
    from fuzzing import ENTRIES, AdapterInput, Fuzzer, material

    fuzzer = Fuzzer()
    entry = next(e for e in ENTRIES if e.name == "BeziqueState.resample_from_infostate")
    fuzzer.attempt(entry, material("classic"), AdapterInput("classic", 3, 4, lambda: 10**5000))
    assert not fuzzer.failures, fuzzer.failures[0]
    assert fuzzer.refused[entry.name] == 1
