"""OpenSpiel's ISMCTS bot plays the two-hand game against a random player.

The game is loaded from ``pyspiel`` (``bezique.envs.openspiel`` registers it as
``python_bezique``) with ``reward="win-loss"``: a deal is worth 1 to its winner and -1
to the loser, so the usual exploration constant of UCT (1.4) fits the returns. The
deal is OpenSpiel's explicit chance, the deck turned up one face at a time. Seat 0 is
OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``), which
samples the unseen cards through the game's ``resample_from_infostate`` and values a
leaf by one playout of the deal by the rules of thumb
(``bezique.envs.openspiel.PlayoutEvaluator``), far more telling than a random
rollout; seat 1 plays at random. The bot selects children by PUCT, with a prior that
gives 0.9 of its weight to the rule-of-thumb player's choice
(``PlayoutEvaluator(rule_of_thumb_weight=0.9)``): after trying every action once,
it spends its simulations on that choice unless the playouts find another action
better. Without that prior (UCT, uniform prior) the bot at 16 simulations won only
one deal in ten against the rule-of-thumb player; with it, about half. Sixteen
simulations a move keep the run to seconds; fewer would be spent on trying each
action once (a card to lead has up to eight), with none left for the prior to
steer (at 8 the bot lost two of four deals to the random player). Every draw is
seeded, the bot's resampling of the unseen cards included, so the run repeats. How
strong the bot is against the built-in players, over many deals, is on the page
"Players and their strength" (``benchmarks/ismcts.py``).

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
    game = pyspiel.load_game(bezique_spiel.register(), {"variant": "classic", "reward": "win-loss"})
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        game,
        bezique_spiel.PlayoutEvaluator(rule_of_thumb_weight=0.9),
        uct_c=1.4,
        max_simulations=16,
        random_state=rng,
        child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,
    )
    # The unseen cards of every simulation drawn from the seeded generator too (pyspiel's
    # own sampler is not seeded): the run repeats deal by deal.
    bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, rng.uniform))
    started = time.perf_counter()
    totals = [0.0, 0.0]
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
        # The points of the deal, which decided the win.
        scores = state.deal.scores if state.deal is not None else (0, 0)
        points = [p + s for p, s in zip(points, scores, strict=True)]
        print(
            f"deal {deal + 1}: ISMCTS {returns[0]:+g} ({scores[0]} points), "
            f"random {returns[1]:+g} ({scores[1]} points)"
        )
    elapsed = time.perf_counter() - started
    print(
        f"{deals} deals in {elapsed:.1f} s; ISMCTS {totals[0]:+g} ({points[0]} points), "
        f"random {totals[1]:+g} ({points[1]} points) in all"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
