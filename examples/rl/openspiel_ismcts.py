"""OpenSpiel's ISMCTS bot plays the two-hand game against a random player.

The game is loaded from ``pyspiel`` (``bezique.envs.openspiel`` registers it as
``python_bezique``); the deal is OpenSpiel's explicit chance, the deck turned up one
face at a time. Seat 0 is OpenSpiel's information-set MCTS
(``open_spiel.python.algorithms.ismcts``), which samples the unseen cards through
the game's ``resample_from_infostate`` and evaluates by random rollouts; seat 1 plays
at random. A small search (8 simulations a move) keeps the run to seconds: it shows
the plumbing, not a strong player.

Needs the ``openspiel`` extra (``python -m pip install 'bezique[openspiel]'``).
Run with ``python examples/rl/openspiel_ismcts.py [deals]``.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from bezique.envs import openspiel as bezique_spiel


def main(deals: int) -> None:
    game = pyspiel.load_game(bezique_spiel.register(), {"variant": "classic"})
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        # The returns are points (hundreds a deal), so the exploration constant is too.
        uct_c=300.0,
        max_simulations=8,
        random_state=rng,
    )
    started = time.perf_counter()
    totals = [0.0, 0.0]
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
        print(f"deal {deal + 1}: ISMCTS {returns[0]:g}, random {returns[1]:g}")
    elapsed = time.perf_counter() - started
    print(f"{deals} deals in {elapsed:.1f} s; ISMCTS {totals[0]:g}, random {totals[1]:g} in all")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
