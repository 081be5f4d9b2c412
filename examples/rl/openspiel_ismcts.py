"""OpenSpiel's ISMCTS bot plays the two-hand game against a random player.

The game is loaded from ``pyspiel`` (``bezique.envs.openspiel`` registers it as
``python_bezique``) with ``reward="margin"``: a deal is worth its points less the
other seat's, so the exploration constant is scaled to a spread of about 150 points
(``uct_c=150``). The deal is OpenSpiel's explicit chance, the deck turned up one face
at a time. Seat 0 is OpenSpiel's information-set MCTS
(``open_spiel.python.algorithms.ismcts``), which samples the unseen cards through the
game's ``resample_from_infostate`` and values a leaf by one playout of the deal by
the rules of thumb (``bezique.envs.openspiel.PlayoutEvaluator``), its draws coupled
as the Monte Carlo player's are; seat 1 plays at random. The bot selects children by
PUCT, with a prior that gives 0.9 of its weight in equal shares to the rule-of-thumb
player's three favourite actions (every action once 12 or fewer cards are left to
draw), so that it spends its simulations on those. Its tree is the root alone
(``flat=True``): each of its 64 simulations a decision picks a root action by PUCT and
values the state after it by one playout, and an action's *n*-th simulation searches
the *n*-th of the deals drawn to fit the view (up to 64), so that the root actions are
compared on the same deals. Its final choice is ours
(``bezique.envs.openspiel.GuardedISMCTSBot``), not OpenSpiel's most visited action:
the rule-of-thumb choice unless another favourite beats it on those deals by more
than 1.5 standard errors of the mean difference, as the Monte Carlo player chooses.

Measured with ``benchmarks/ismcts.py`` on single deals (the page "Players and their
strength"): against the rule-of-thumb player 1081 wins, 911 losses and 8 draws in
2000 deals, 54.3% (95% Wilson interval 52.1% to 56.4%), mean margin +13.6 points a
deal (+4.2 to +22.9): better than the rules of thumb, with an interval. Against the
random player it won all 60 deals, 100% (94.0% to 100%), +263.8 points a deal
(+226.2 to +301.4), about 0.14 s a decision. The commands::

    python benchmarks/ismcts.py --against rule-of-thumb --deals 10 --seeds 501-700 \
        --simulations 64 --uct-c 150 --reward margin --selection puct \
        --rule-of-thumb-weight 0.9 --candidates 3 --confidence 1.5 --worlds 64 \
        --coupled --flat
    python benchmarks/ismcts.py --against random --deals 10 --seeds 501-506 \
        --simulations 64 --uct-c 150 --reward margin --selection puct \
        --rule-of-thumb-weight 0.9 --candidates 3 --confidence 1.5 --worlds 64 \
        --coupled --flat

Every draw is seeded, the bot's resampling of the unseen cards included, so the run
repeats.

Needs the ``openspiel`` extra (``python -m pip install 'bezique[openspiel]'``).
Run with ``python examples/rl/openspiel_ismcts.py [deals]``.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from bezique.envs import openspiel as bezique_spiel


def main(deals: int) -> None:
    game = pyspiel.load_game(bezique_spiel.register(), {"variant": "classic", "reward": "margin"})
    rng = np.random.RandomState(1)
    bot = bezique_spiel.GuardedISMCTSBot(
        game,
        bezique_spiel.PlayoutEvaluator(rule_of_thumb_weight=0.9, candidates=3, coupled=True),
        uct_c=150,
        max_simulations=64,
        random_state=rng,
        child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,
        confidence=1.5,
        worlds=64,
        flat=True,
        # The unseen cards drawn from the seeded generator too (pyspiel's own sampler is
        # not seeded): the run repeats deal by deal.
        resampler=lambda state, seat: state.resample_from_infostate(seat, rng.uniform),
    )
    started = time.perf_counter()
    totals = [0.0, 0.0]
    wins = 0
    points = [0, 0]
    for deal in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                faces, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(faces, p=probabilities)))
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        totals = [t + r for t, r in zip(totals, returns, strict=True)]
        wins += returns[0] > returns[1]
        # The points of the deal, which decided the win.
        scores = state.deal.scores if state.deal is not None else (0, 0)
        points = [p + s for p, s in zip(points, scores, strict=True)]
        print(f"deal {deal + 1}: ISMCTS {scores[0]} points, random {scores[1]} points")
    elapsed = time.perf_counter() - started
    print(
        f"{deals} deals in {elapsed:.1f} s; ISMCTS won {wins}, by {totals[0]:+g} points "
        f"in all ({points[0]} points to {points[1]})"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
