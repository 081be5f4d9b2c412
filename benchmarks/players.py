#!/usr/bin/env python3
"""Time per decision of the built-in players.

Each measured player sits at one seat of ``--deals`` whole ``CLASSIC`` deals
(seats alternating from deal to deal) against the rule-of-thumb player, and
every call of its ``choose(view)`` is timed with ``time.perf_counter``. The
time to build the seat's view (``state.view(seat)``) is reported apart. A
decision "with a choice" is one with more than one legal action.

Run ``python benchmarks/players.py --help`` for the options. Only the standard
library and the package itself are used.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Sequence

import bezique as bz
from bezique.players import Player, RuleOfThumbPlayer, make_player

DEFAULT_PLAYERS = ("random", "rule-of-thumb", "monte-carlo")


def time_decisions(
    name: str, deals: int, seed: int
) -> tuple[list[float], list[float], list[float]]:
    """Seconds per decision of player ``name`` (all of them, those with a choice) and
    seconds per view built for it."""
    every: list[float] = []
    with_choice: list[float] = []
    views: list[float] = []
    clock = time.perf_counter
    for index in range(deals):
        seat = index % 2
        measured = make_player(name, seed=f"{seed}/{index}")
        players: list[Player] = [RuleOfThumbPlayer(), RuleOfThumbPlayer()]
        players[seat] = measured
        state = bz.new_deal(bz.variants.CLASSIC, seed=f"{seed}/{index}", dealer=index % 2)
        while not state.is_over:
            mover = state.current_player
            if mover is None:  # pragma: no cover - the deal is not over
                break
            start = clock()
            view = state.view(mover)
            built = clock()
            action = players[mover].choose(view)
            done = clock()
            if mover == seat:
                views.append(built - start)
                every.append(done - built)
                if len(view.legal_actions()) > 1:
                    with_choice.append(done - built)
            state = state.apply(action)
    return every, with_choice, views


def _ms(values: Sequence[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{1000 * statistics.fmean(values):8.3f} {1000 * statistics.median(values):8.3f} "
        f"{1000 * p95:8.3f} {1000 * ordered[-1]:8.3f}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--players",
        default=",".join(DEFAULT_PLAYERS),
        help="comma-separated player names, as for `bezique duel` (default: %(default)s)",
    )
    parser.add_argument("--deals", type=int, default=6, help="deals per player (%(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (%(default)s)")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    print("bezique players: time per decision on classic, against rule-of-thumb")
    print(f"Python {platform.python_version()} on {platform.platform()}, bezique {bz.__version__}")
    print(f"command: python benchmarks/players.py {' '.join(argv or sys.argv[1:])}".rstrip())
    print()
    print(f"{'player':<16} {'decisions':>9}  {'mean ms':>8} {'median':>8} {'p95':>8} {'max':>8}")
    for name in args.players.split(","):
        every, with_choice, views = time_decisions(name, args.deals, args.seed)
        print(f"{name:<16} {len(every):>9}  {_ms(every)}")
        print(f"{'  with a choice':<16} {len(with_choice):>9}  {_ms(with_choice)}")
        print(f"{'  view built':<16} {len(views):>9}  {_ms(views)}")
    print()
    print("ms: milliseconds per decision (mean, median, 95th percentile, maximum), one process.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
