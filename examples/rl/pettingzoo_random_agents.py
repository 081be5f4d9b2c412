"""Random agents through the PettingZoo environment: a few hundred steps, no training.

Each agent picks a legal action id at random from its ``action_mask``. Three deals of
the two-hand game, one of Rubicon and a hand of Zetema are played to the end; the
rewards each agent received are added up and compared with what the deal brought it
(the deal result; Zetema's hand points), and the steps per second of the environment
are printed.

Needs the ``pettingzoo`` extra (``python -m pip install 'bezique[pettingzoo]'``).
Run with ``python examples/rl/pettingzoo_random_agents.py``.
"""

from __future__ import annotations

import time

import numpy as np

import bezique as bz
from bezique.envs import pettingzoo as bezique_env


def play(variant: str, seed: int) -> tuple[int, dict[str, float]]:
    """One deal of random legal ids; the number of steps and each agent's rewards."""
    env = bezique_env.env(variant=variant)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    deal = env.deal
    if deal is None or not deal.is_over:
        raise SystemExit("the deal did not finish")
    rules = deal.rules
    # What the deal brought each side, as its game counts it: a Bezique deal's result
    # (its game bonus and rubicon included), a Zetema hand's points.
    sides = bz.variants.game_of(deal).learning.episode_scores(deal)
    expected = {f"seat_{s}": float(sides[rules.side_of(s)]) for s in range(rules.players)}
    if totals != expected:
        raise SystemExit(f"rewards {totals} do not add up to the deal result {expected}")
    return steps, totals


def main() -> None:
    started = time.perf_counter()
    steps = 0
    plays = [("classic", 1), ("classic", 2), ("classic", 3), ("rubicon", 1), ("zetema", 1)]
    for variant, seed in plays:
        played, totals = play(variant, seed)
        steps += played
        rewards = ", ".join(f"{agent} {points:g}" for agent, points in totals.items())
        print(f"{variant} (seed {seed}): {played} steps; rewards {rewards}")
    elapsed = time.perf_counter() - started
    print(f"{steps} steps in {elapsed:.1f} s ({steps / elapsed:.0f} steps per second)")


if __name__ == "__main__":
    main()
