"""Whole episodes of the PettingZoo environment, played with random legal ids, for the
tests of its rewards; and the check of the OpenSpiel game's resampling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from bezique.envs import pettingzoo as bezique_env


def play(
    env: bezique_env.BeziqueEnv,
    seed: int,
    after_step: Callable[[Any, int], None] | None = None,
) -> dict[str, float]:
    """A whole episode of random legal ids; each agent's rewards added up.
    ``after_step``, if given, is called after each step of an agent to act with the
    state the step was taken in and the id taken."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        before = env.deal
        action_id = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action_id)
        if after_step is not None:
            after_step(before, action_id)
    return totals


def assert_resampling_keeps_the_information_state(state: Any, player: int) -> None:
    """Three states the OpenSpiel game resamples for ``player`` look the same to it:
    information state string and tensor, and the legal actions."""
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        other = state.resample_from_infostate(player, sampler)
        # The seat's string made anew from the sample, not the one it starts with.
        fresh = other if other.is_chance_node() else type(other)(other.get_game(), other.episode)
        assert fresh.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        assert np.array_equal(
            other.information_state_tensor(player), state.information_state_tensor(player)
        )
