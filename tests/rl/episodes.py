"""Whole episodes of the PettingZoo environment, played with random legal ids, for the
tests of its rewards."""

from __future__ import annotations

import numpy as np

from bezique.envs import pettingzoo as bezique_env


def play(env: bezique_env.BeziqueEnv, seed: int) -> dict[str, float]:
    """A whole episode of random legal ids; each agent's rewards added up."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals
