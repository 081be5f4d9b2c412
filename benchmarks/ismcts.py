#!/usr/bin/env python3
"""Strength of OpenSpiel's ISMCTS bot at Bezique, against the built-in players.

The bot (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) searches the game
``python_bezique`` (:mod:`bezique.envs.openspiel`) with ``reward="win-loss"`` by
default: a deal is worth 1 to its winner and -1 to the loser (0 a draw), so the
usual exploration constant (``--uct-c``, 1.4) fits the returns. Its leaves are
valued by one playout of the deal by the rules of thumb (``--rollout fast``,
:class:`bezique.envs.openspiel.PlayoutEvaluator`) or by OpenSpiel's random
rollout (``--rollout random``). It sits at a seat of a ``bezique duel`` of single
deals (:func:`bezique.programs.simulate.duel` with ``deals=True``): the seats
alternate, each pair of deals is dealt the same cards, a deal is won on its
points, and the report is the duel's: the bot's wins, its win rate with the 95%
Wilson interval, its mean margin, and here the 95% interval of that mean too.

At each decision the bot is handed the seat's view only: the state it searches
from is a deal drawn at random consistently with the view
(:func:`bezique.checks.determinize.determinize`), whose information state (the
view) is the real one's, and the bot's own resampling draws the unseen cards
again for every simulation. Every draw comes from the bot's generator, seeded from
the duel's seat seed (OpenSpiel's own resampling sampler is not seeded), so a match
repeats deal by deal. With ``--late-simulations`` a decision with at most ``--late``
cards left to draw (12 by default) gets that budget instead of ``--simulations``:
late playouts are short and tell the actions apart well, as the Monte Carlo
player's late search finds.

With ``--confidence`` the bot's final choice is ours, not OpenSpiel's most visited
action (:class:`bezique.envs.openspiel.GuardedISMCTSBot`): the rule-of-thumb
player's action unless another root action's returns beat it by more than that many
standard errors of the mean difference, paired over the deals both were searched in.
``--worlds K`` makes those deals few and shared: simulation *i* searches the *i* mod
K-th of K deals drawn at the decision. ``--candidates 3`` shares the prior's weight
among the rule-of-thumb player's three favourite actions (every action once at most
``--late`` cards are left to draw), and only those may replace its choice;
``--coupled`` makes the playouts draw as the Monte Carlo player's do; ``--flat`` keeps
the bot's tree to the root, each root action valued by a playout from the state after it.

Needs the ``openspiel`` extra. ``python benchmarks/ismcts.py --help`` lists the
options; ``nox -s strength -- ismcts`` runs the matches of docs/players.md.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import bezique as bz
from bezique.actions import Action
from bezique.checks.determinize import determinize
from bezique.envs import openspiel as bezique_spiel
from bezique.programs.simulate import DuelResult, duel, mean_interval, wilson_interval
from bezique.views import SeatView

#: The bot's child selection: UCT, or PUCT, which weighs each action by its prior.
SELECTIONS = {"uct": ismcts.ChildSelectionPolicy.UCT, "puct": ismcts.ChildSelectionPolicy.PUCT}


class IsmctsPlayer:
    """OpenSpiel's ISMCTS bot as a player of :mod:`bezique.players`'s protocol:
    ``choose(view)`` searches from a deal that fits the view."""

    def __init__(
        self,
        seed: str,
        *,
        variant: str = "classic",
        simulations: int = 64,
        uct_c: float = 1.4,
        reward: str = "win-loss",
        rollout: str = "fast",
        rule_of_thumb_weight: float = 0.0,
        selection: str = "uct",
        late_simulations: int | None = None,
        late: int = 12,
        confidence: float | None = None,
        worlds: int = 0,
        coupled: bool = False,
        candidates: int = 1,
        flat: bool = False,
    ) -> None:
        self.game = pyspiel.load_game(
            bezique_spiel.register(), {"variant": variant, "reward": reward}
        )
        rules = bz.variants.get(variant)
        if not isinstance(rules, bz.Rules):
            raise bz.NotationError(f"{variant}: the playouts play Bezique's presets only")
        self.space = bz.ActionSpace.of(rules)
        # The same seed string, the same choices (crc32: Python's hash of a str varies).
        self.rng = np.random.RandomState(zlib.crc32(seed.encode()))
        self.confidence = confidence
        self.worlds = worlds
        self.flat = flat
        evaluator: Any = (
            bezique_spiel.PlayoutEvaluator(
                rule_of_thumb_weight, candidates=candidates, late=late, coupled=coupled
            )
            if rollout == "fast"
            else mcts.RandomRolloutEvaluator(1, self.rng)
        )
        self.bot = self._bot(evaluator, uct_c, simulations, selection)
        #: The bot of the late decisions, at most ``late`` cards left to draw: their
        #: playouts are short and tell the actions apart well, as the Monte Carlo
        #: player's late search finds, so a larger budget costs little there.
        self.late_bot = (
            self.bot
            if late_simulations is None
            else self._bot(evaluator, uct_c, late_simulations, selection)
        )
        self.late = late

    def _bot(self, evaluator: Any, uct_c: float, simulations: int, selection: str) -> Any:
        # The unseen cards of every simulation drawn from the seeded generator too:
        # pyspiel's own sampler is not seeded, and with it no match repeats.
        def resampler(state: Any, seat: int) -> Any:
            return state.resample_from_infostate(seat, self.rng.uniform)

        search: dict[str, Any] = {
            "uct_c": uct_c,
            "max_simulations": simulations,
            "random_state": self.rng,
            "child_selection_policy": SELECTIONS[selection],
        }
        if self.confidence is not None:
            # Our final choice: the rule-of-thumb action unless another is clearly better.
            return bezique_spiel.GuardedISMCTSBot(
                self.game,
                evaluator,
                confidence=self.confidence,
                worlds=self.worlds,
                resampler=resampler,
                flat=self.flat,
                **search,
            )
        bot = ismcts.ISMCTSBot(self.game, evaluator, **search)
        bot.set_resampler(resampler)
        return bot

    #: The decisions searched in this process, and the seconds they took, by all the
    #: bots of the process (a duel of one process makes its players in it).
    searched = 0
    seconds = 0.0

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        started = time.perf_counter()
        sample = determinize(view, random.Random(int(self.rng.randint(2**31))))
        bot = self.late_bot if view.stock_size <= self.late else self.bot
        action_id = int(bot.step(bezique_spiel.BeziqueState(self.game, sample)))
        IsmctsPlayer.searched += 1
        IsmctsPlayer.seconds += time.perf_counter() - started
        return self.space.action_from_id(sample, action_id)


def _seeds(text: str) -> list[int]:
    """``1-5`` or ``1,3,7``: the seeds of the duels."""
    if "-" in text:
        first, last = text.split("-", 1)
        return list(range(int(first), int(last) + 1))
    return [int(seed) for seed in text.split(",")]


def summary(name: str, opponent: str, results: Sequence[DuelResult]) -> dict[str, Any]:
    """The duels' totals against one opponent, as JSON data."""
    margins = [m for result in results for m in result.margins]
    wins = sum(r.wins for r in results)
    draws = sum(r.draws for r in results)
    deals = len(margins)
    return {
        "a": name,
        "b": opponent,
        "seeds": [r.seed for r in results],
        "deals": deals,
        "wins": wins,
        "losses": sum(r.losses for r in results),
        "draws": draws,
        "win_rate": (wins + draws / 2) / deals,
        "wilson_95": list(wilson_interval(wins + draws / 2, deals)),
        "mean_margin": statistics.fmean(margins),
        "margin_95": list(mean_interval(margins)),
        "elapsed": sum(r.elapsed for r in results),
        # Counted where the bot searched: in this process, unless --jobs spread it.
        "decisions": IsmctsPlayer.searched or None,
        "seconds_per_decision": (
            IsmctsPlayer.seconds / IsmctsPlayer.searched if IsmctsPlayer.searched else None
        ),
        "margins": margins,
    }


def lines(figures: dict[str, Any]) -> list[str]:
    """A summary as text."""
    low, high = figures["wilson_95"]
    m_low, m_high = figures["margin_95"]
    seeds = ",".join(map(str, figures["seeds"]))
    return [
        f"{figures['a']} against {figures['b']}: {figures['deals']} deals, seeds {seeds}",
        f"  wins {figures['wins']}, losses {figures['losses']}, draws {figures['draws']}",
        f"  win rate {figures['win_rate']:.1%}, 95% Wilson interval {low:.1%} to {high:.1%}",
        f"  mean margin {figures['mean_margin']:+.1f} points a deal, "
        f"95% interval {m_low:+.1f} to {m_high:+.1f}",
        f"  {figures['elapsed']:.0f} s"
        + (
            f"; {figures['decisions']} decisions searched, "
            f"{figures['seconds_per_decision']:.3f} s a decision"
            if figures["decisions"]
            else ""
        ),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", default="random,rule-of-thumb", help="opponents (%(default)s)")
    parser.add_argument(
        "--deals", type=int, default=10, help="deals per opponent and seed (%(default)s)"
    )
    parser.add_argument(
        "--seeds",
        default="1",
        help="seeds of the duels, 1-5 or 1,3 (%(default)s): a duel of --deals deals each",
    )
    parser.add_argument("--variant", default="classic", help="a Bezique preset (%(default)s)")
    parser.add_argument(
        "--simulations", type=int, default=16, help="simulations a decision (%(default)s)"
    )
    parser.add_argument("--uct-c", type=float, default=1.4, help="UCT constant (%(default)s)")
    parser.add_argument("--reward", default="win-loss", choices=("win-loss", "margin", "points"))
    parser.add_argument("--rollout", default="fast", choices=("fast", "random"))
    parser.add_argument(
        "--selection", default="uct", choices=tuple(SELECTIONS), help="child selection: %(default)s"
    )
    parser.add_argument(
        "--rule-of-thumb-weight",
        type=float,
        default=0.0,
        help="the prior's share for the rule-of-thumb choice, the rest uniform (%(default)s)",
    )
    parser.add_argument(
        "--late-simulations",
        type=int,
        help="simulations a decision once at most --late cards are left to draw "
        "(by default --simulations)",
    )
    parser.add_argument(
        "--late",
        type=int,
        default=12,
        help="cards left to draw that make a decision late (%(default)s)",
    )
    parser.add_argument(
        "--confidence",
        type=float,
        help="the final choice of ours (bezique.envs.openspiel.GuardedISMCTSBot): the "
        "rule-of-thumb action unless another root action beats it by this many standard "
        "errors (by default OpenSpiel's, the most visited action); needs --rollout fast",
    )
    parser.add_argument(
        "--worlds",
        type=int,
        default=0,
        help="with --confidence: deals drawn a search, simulation i searching deal i mod "
        "this, so that the root actions are compared on the same deals (0: each its own)",
    )
    parser.add_argument(
        "--candidates",
        type=int,
        default=1,
        help="the rule-of-thumb player's favourite actions that share the prior's weight "
        "while more than --late cards are left to draw, every action after; with "
        "--confidence only those may replace its choice (%(default)s)",
    )
    parser.add_argument(
        "--coupled",
        action="store_true",
        help="playouts draw as the Monte Carlo player's: each seat the same cards "
        "whoever wins the tricks",
    )
    parser.add_argument(
        "--flat",
        action="store_true",
        help="with --confidence: the tree is the root alone, each root action valued by "
        "playouts from the state after it (GuardedISMCTSBot(flat=True))",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (%(default)s)")
    parser.add_argument("--json", help="also write the results as JSON to this path")
    args = parser.parse_args(argv)
    bot = functools.partial(
        IsmctsPlayer,
        variant=args.variant,
        simulations=args.simulations,
        uct_c=args.uct_c,
        reward=args.reward,
        rollout=args.rollout,
        rule_of_thumb_weight=args.rule_of_thumb_weight,
        selection=args.selection,
        late_simulations=args.late_simulations,
        late=args.late,
        confidence=args.confidence,
        worlds=args.worlds,
        coupled=args.coupled,
        candidates=args.candidates,
        flat=args.flat,
    )
    late = (
        ""
        if args.late_simulations is None
        else f", late_simulations={args.late_simulations}, late={args.late}"
    )
    guard = (
        "" if args.confidence is None else f", confidence={args.confidence:g}, worlds={args.worlds}"
    ) + (", coupled" if args.coupled else "")
    if args.candidates > 1:
        guard += f", candidates={args.candidates}"
    if args.flat:
        guard += ", flat"
    name = (
        f"ismcts(simulations={args.simulations}, uct_c={args.uct_c:g}, "
        f"reward={args.reward}, rollout={args.rollout}, selection={args.selection}, "
        f"rule_of_thumb_weight={args.rule_of_thumb_weight:g}{late}{guard})"
    )
    shown = " ".join(sys.argv[1:] if argv is None else argv)
    print(f"command: python benchmarks/ismcts.py {shown}", flush=True)
    reports: list[dict[str, Any]] = []
    for opponent in args.against.split(","):
        results: list[DuelResult] = []
        IsmctsPlayer.searched, IsmctsPlayer.seconds = 0, 0.0
        for seed in _seeds(args.seeds):
            result = duel(
                args.variant, bot, opponent, games=args.deals, seed=seed, jobs=args.jobs, deals=True
            )
            results.append(result)
            print(f"  seed {seed}: {result.wins} wins, {result.losses} losses", flush=True)
            if args.json:
                # After every duel: a long run stopped early keeps what it played.
                with open(args.json, "w", encoding="utf-8") as out:
                    json.dump([*reports, summary(name, opponent, results)], out, indent=2)
        reports.append(summary(name, opponent, results))
        print("\n".join(lines(reports[-1])), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
