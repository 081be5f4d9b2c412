"""Every position of random deals written and read back: how the search for the
tricks behind the won piles fares, preset by preset.

A position (:func:`bezique.format_position`) keeps who won each trick and each seat's
won cards, not the cards of the tricks; the reader (:func:`bezique.parse_position`)
searches for tricks that every replay of the past passes
(:func:`bezique.checks.reachable.check_history`). Each position here was produced by
play, so such tricks exist: the reader should find them every time.

For each preset of Bezique (Zetema has no position notation: its states are not deal
states of Bezique, and :func:`~bezique.format_position` writes only those), every
state of ``--deals`` random deals per dealer is written and read back. A deal draws
each action uniformly among the legal ones, with a seeded ``random.Random``; in the
trick winner's turn an eager player (``--eager``, the share of turns) declares,
exchanges or scores rather than draws, as the round-trip tests' deals do. The seeds
are ``--seed`` on, one a deal; each deal is played under every dealer of
``--dealers`` that the preset seats (dealer 2 is dealer 0 for two players).

Each read is one of:

* ``found``: read back as the same position, with tricks the replays pass;
* ``fell back``: read back, but with tricks the replays refuse: where its search gives
  up, the reader keeps tricks won by law alone;
* ``gave up``: refused because no tricks were found within the search's tries (a
  reader that refuses such positions rather than falling back, as the reader of
  another revision run with ``PYTHONPATH`` may);
* ``impossible``: refused with the law no tricks can keep; never right for a position
  play produced.

The figures are CPU time (``time.process_time``) of ``parse_position`` alone, mean and
max per preset; the slowest position of each preset is named (seed, dealer, tricks
played) so that it can be looked at alone. ``--jobs`` spreads the deals over
processes. Every position not found is listed at the end::

    PYTHONPATH=src python benchmarks/read_positions.py --deals 2
    PYTHONPATH=src python benchmarks/read_positions.py --presets eight-pack --deals 4 \\
        --dealers 0,1 --seed 100 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import attrs

import bezique as bz
from bezique.actions import Draw, Pass

ROOT = Path(__file__).resolve().parent.parent
OUTCOMES = ("found", "fell back", "gave up", "impossible")


@attrs.frozen
class Read:
    """One position read back: its deal, how many tricks had been played, the
    outcome and the CPU seconds the read took."""

    preset: str
    seed: int
    dealer: int
    tricks: int
    outcome: str
    seconds: float
    message: str = ""


def presets() -> list[str]:
    """The presets that have a position notation: Bezique's, not Zetema's."""
    return [name for name, _ in bz.variants.names() if isinstance(bz.variants.get(name), bz.Rules)]


def deal(rules: bz.Rules, seed: int, dealer: int, eager: float) -> Iterator[bz.DealState]:
    """Every state of one random deal (as the round-trip tests play it)."""
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed, dealer=dealer % rules.players)
    yield state
    while not state.is_over:
        actions = state.legal_actions()
        others = [a for a in actions if not isinstance(a, (Draw, Pass))]
        eager_turn = state.window is not None and others and rng.random() < eager
        state = state.apply(rng.choice(others if eager_turn else actions))
        yield state


def read(state: bz.DealState) -> tuple[str, float, str]:
    """The outcome of reading ``state``'s position back, its CPU seconds and, for a
    position refused, the message."""
    text = bz.format_position(state)
    start = time.process_time()
    try:
        back = bz.parse_position(text, seed=1)
    except bz.InvalidStateError as error:
        seconds = time.process_time() - start
        gave_up = "not found within" in str(error)
        return ("gave up" if gave_up else "impossible", seconds, str(error))
    seconds = time.process_time() - start
    if not bz.same_position(back, state):
        raise AssertionError(f"read back as another position: {text}")
    try:
        bz.check_state(back)
    except bz.InvalidStateError as error:
        return ("fell back", seconds, str(error))
    return ("found", seconds, "")


def run_deal(job: tuple[str, int, int, float]) -> list[Read]:
    preset, seed, dealer, eager = job
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    out = []
    for state in deal(rules, seed, dealer, eager):
        outcome, seconds, message = read(state)
        out.append(Read(preset, seed, dealer, len(state.tricks), outcome, seconds, message))
    return out


def revision() -> str:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return done.stdout.strip()


def report(reads: list[Read], names: list[str]) -> None:
    header = f"{'preset':<20} {'positions':>9} " + " ".join(f"{o:>10}" for o in OUTCOMES)
    print(f"{header} {'mean ms':>8} {'max ms':>8}  slowest (seed/dealer/tricks)")
    for name in [*names, "all"]:
        mine = [r for r in reads if name in ("all", r.preset)]
        if not mine:
            continue
        counts = " ".join(f"{sum(r.outcome == o for r in mine):>10}" for o in OUTCOMES)
        slowest = max(mine, key=lambda r: r.seconds)
        mean = 1000 * sum(r.seconds for r in mine) / len(mine)
        where = f"{slowest.seed}/{slowest.dealer}/{slowest.tricks}"
        if name == "all":
            where = f"{slowest.preset} {where}"
        print(
            f"{name:<20} {len(mine):>9} {counts} {mean:>8.1f} "
            f"{1000 * slowest.seconds:>8.1f}  {where}"
        )
    missed = [r for r in reads if r.outcome != "found"]
    if missed:
        print("\nnot found (preset seed dealer tricks outcome: message):")
    for r in missed:
        print(f"  {r.preset} {r.seed} {r.dealer} {r.tricks} {r.outcome}: {r.message[:120]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presets", help="comma-separated presets (default: every one)")
    parser.add_argument("--deals", type=int, default=2, help="deals per preset and dealer")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--dealers", default="0,1", help="comma-separated dealers")
    parser.add_argument("--eager", type=float, default=0.7, help="share of eager turns")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    args = parser.parse_args(argv)
    known = presets()
    names = args.presets.split(",") if args.presets else known
    for name in names:
        if name not in known:
            parser.error(f"no preset {name!r} with a position notation; known: {known}")
    dealers = [int(d) for d in args.dealers.split(",")]
    jobs: list[tuple[str, int, int, float]] = []
    for name in names:
        rules = bz.variants.get(name)
        assert isinstance(rules, bz.Rules)
        seated = sorted({dealer % rules.players for dealer in dealers})
        for seed in range(args.seed, args.seed + args.deals):
            jobs.extend((name, seed, dealer, args.eager) for dealer in seated)
    print(f"# {' '.join(sys.argv)}")
    print(
        f"# revision {revision()}; Python {platform.python_version()}; "
        f"{os.cpu_count()} cpu(s); load {os.getloadavg()[0]:.2f}"
    )
    reads: list[Read] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for found in pool.map(run_deal, jobs):
                reads.extend(found)
    else:
        for job in jobs:
            reads.extend(run_deal(job))
    report(reads, names)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
