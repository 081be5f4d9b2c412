#!/usr/bin/env python3
"""What the learning adapters cost per step, against the raw engine and RLCard.

For each preset (``--presets a,b``, any of ``bz.variants.names()``, Zetema's
included; by default classic, rubicon, partnership and eight-pack) the same number
of whole random deals (``--deals``; in Zetema, hands) is played four ways, and the
steps per second (one step: one action of a seat) are reported:

* **engine**: ``state.legal_actions()``, a uniform choice, ``state.apply(action)``;
* **action ids**: the same through the fixed action space, as a learner acts:
  ``space.legal_ids(state)``, a uniform choice of an id,
  ``space.action_from_id(state, id)``, ``state.apply(action)``;
* **pettingzoo**: the AEC environment, ``env.last()`` (the seat's observation
  tensor and action mask), a uniform choice of a legal id (read from the mask as
  Gymnasium's ``Discrete.sample(mask)`` reads it) and ``env.step(id)`` for
  the agent to act;
* **openspiel**: the OpenSpiel game, ``state.legal_actions()`` and
  ``state.apply_action(id)``, the deal's chance nodes not counted (no
  observation is asked for: OpenSpiel builds one only when an algorithm asks).

With RLCard installed (``pip install rlcard``; ``nox -s bench-envs``), the same
number of games of **RLCard's gin rummy** is played as its users drive it:
``env.step(action)``, which returns the next seat's observation and legal actions,
and a uniform choice among those actions. Gin rummy is RLCard's game nearest to a
deal of two-hand Bezique: two seats, a 52-card pack, a few hundred numbers of
observation.

Two ratios close each row: ``pz step``, what a PettingZoo step costs in engine
steps (engine steps per second over the environment's), and ``pz/gin``, the
environment's steps per second over those of RLCard's gin rummy. The goals the
performance page sets them (at most 5 engine steps; at least 1.5 times gin rummy's
speed) are checked at the end.

Times are CPU times of the process (``time.process_time``), which leave out the
time other processes hold the CPU, so that a busy machine disturbs them less; each
run measures every way once, in turn, so that a change in the machine's load
falls on all of them. The engine and action-id rows need only the package; the
others are left out when their extra is not installed. Run
``python benchmarks/envs.py --help``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import bezique as bz
from bezique.encodings.action_space import ActionSpace
from bezique.envs import ActionIds
from bezique.variants import AnyRules

DEFAULT_PRESETS = ("classic", "rubicon", "partnership", "eight-pack")


def engine_deal(rules: AnyRules, seed: int) -> int:
    rng = random.Random(seed)
    # The one API of every game's states.
    state: bz.State[Any] = bz.new_deal(rules, seed=seed)
    steps = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def action_id_deal(rules: AnyRules, seed: int) -> int:
    rng = random.Random(seed)
    # Read through what every game's space offers, as the adapters read it.
    space: ActionIds = ActionSpace.of(rules)
    state = bz.new_deal(rules, seed=seed)
    steps = 0
    while not state.is_over:
        chosen = rng.choice(space.legal_ids(state))
        state = state.apply(space.action_from_id(state, chosen))
        steps += 1
    return steps


#: One environment per preset, reset for each deal, as a learner does.
_ENVS: dict[str, Any] = {}


def pettingzoo_deal(rules: AnyRules, seed: int) -> int:
    import numpy as np

    from bezique.envs import pettingzoo as bezique_env

    env = _ENVS.get(rules.name)
    if env is None:
        env = _ENVS[rules.name] = bezique_env.env(variant=rules)
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        # A uniform choice among the legal ids, as the RLCard loop chooses. The ids
        # are read from the mask as Gymnasium's Discrete.sample(mask) reads them, the
        # sampler of PettingZoo's own loop: the ones set (``mask == 1``), then their
        # places. NumPy finds the places of a bool array quickly, where those of the
        # int8 mask itself go element by element.
        legal = np.where(observation["action_mask"] == 1)[0]
        env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps


def gin_rummy_game(_: AnyRules, seed: int) -> int:
    """One game of RLCard's gin rummy, as its users drive it (the rules are not used)."""
    env = _ENVS.get("rlcard gin rummy")
    if env is None:
        import rlcard

        env = _ENVS["rlcard gin rummy"] = rlcard.make("gin-rummy", config={"seed": 0})
    rng = random.Random(seed)
    state, _ = env.reset()
    steps = 0
    while not env.is_over():
        state, _ = env.step(rng.choice(list(state["legal_actions"])))
        steps += 1
    return steps


def openspiel_deal(rules: AnyRules, seed: int) -> tuple[int, float]:
    """Steps and the seconds they took, the chance nodes of the deal left out."""
    import pyspiel

    from bezique.envs import openspiel as bezique_spiel

    game = pyspiel.load_game(bezique_spiel.register(), {"variant": rules.name})
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        faces, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(faces, weights)[0])
    steps = 0
    started = time.process_time()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps, time.process_time() - started


def timed(play: Callable[[AnyRules, int], int], rules: AnyRules, deals: int) -> float:
    """Steps per second over ``deals`` deals (seeds 1, 2, ...), after one deal
    (seed 0) that makes the tables kept with the rules and the adapter's objects."""
    play(rules, 0)
    started = time.process_time()
    steps = sum(play(rules, seed) for seed in range(1, deals + 1))
    return steps / (time.process_time() - started)


def timed_openspiel(rules: AnyRules, deals: int) -> float:
    openspiel_deal(rules, 0)
    runs = [openspiel_deal(rules, seed) for seed in range(1, deals + 1)]
    return sum(s for s, _ in runs) / sum(t for _, t in runs)


#: The goals of the performance page: a PettingZoo step costs at most this many engine
#: steps, and the environment makes at least this many times RLCard gin rummy's steps
#: per second.
MOST_ENGINE_STEPS = 5.0
LEAST_OVER_GIN = 1.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=",".join(DEFAULT_PRESETS))
    parser.add_argument("--deals", type=int, default=20, help="deals per preset and way")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the median is shown")
    args = parser.parse_args()
    have = {
        name: importlib.util.find_spec(module) is not None
        for name, module in (
            ("pettingzoo", "pettingzoo"),
            ("openspiel", "pyspiel"),
            ("rlcard", "rlcard"),
        )
    }
    ways: list[tuple[str, Callable[[AnyRules], float]]] = [
        ("engine", lambda rules: timed(engine_deal, rules, args.deals)),
        ("action ids", lambda rules: timed(action_id_deal, rules, args.deals)),
    ]
    if have["pettingzoo"]:
        ways.append(("pettingzoo", lambda rules: timed(pettingzoo_deal, rules, args.deals)))
    if have["openspiel"]:
        ways.append(("openspiel", lambda rules: timed_openspiel(rules, args.deals)))
    if have["rlcard"]:
        ways.append(("rlcard gin", lambda rules: timed(gin_rummy_game, rules, args.deals)))
    names = [name for name, _ in ways]
    missing = [name for name, present in have.items() if not present]
    print(
        f"steps per CPU second, median of {args.repeat} runs of {args.deals} random deals "
        f"(gin rummy: games); load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    if missing:
        print("not installed, left out: " + ", ".join(missing))
    print(
        f"{'preset':<14}"
        + "".join(f"{name:>12}" for name in names)
        + f"{'pz step':>9}{'pz/gin':>8}"
    )
    verdicts = []
    for preset in args.presets.split(","):
        rules = bz.variants.get(preset)
        runs = [[way(rules) for _, way in ways] for _ in range(args.repeat)]
        rates = dict(
            zip(
                names,
                (statistics.median(column) for column in zip(*runs, strict=True)),
                strict=True,
            )
        )
        line = f"{preset:<14}" + "".join(f"{rate:>12,.0f}" for rate in rates.values())
        env = rates.get("pettingzoo")
        cost = rates["engine"] / env if env else None
        over = env / rates["rlcard gin"] if env and "rlcard gin" in rates else None
        line += f"{cost:>9.1f}" if cost is not None else f"{'-':>9}"
        line += f"{over:>8.2f}" if over is not None else f"{'-':>8}"
        print(line, flush=True)
        if cost is not None:
            verdicts.append(
                f"{preset}: a step costs {cost:.1f} engine steps (goal at most "
                f"{MOST_ENGINE_STEPS:g}): {_met(cost <= MOST_ENGINE_STEPS)}"
            )
        if over is not None:
            verdicts.append(
                f"{preset}: {over:.2f} times gin rummy's steps per second (goal at "
                f"least {LEAST_OVER_GIN:g}): {_met(over >= LEAST_OVER_GIN)}"
            )
    print(
        "pz step: engine steps per PettingZoo step; pz/gin: PettingZoo steps per second "
        "over RLCard gin rummy's."
    )
    for verdict in verdicts:
        print(verdict)


def _met(met: bool) -> str:
    return "met" if met else "not met"


if __name__ == "__main__":
    main()
