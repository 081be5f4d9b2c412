"""Players: anything that chooses an action from what one seat may know.

A player has one method, ``choose(view) -> action``: it is handed the
:class:`~bezique.views.SeatView` of the seat to move and returns one of
``view.legal_actions()``. A view holds no hidden card (see :mod:`bezique.views`),
so a player cannot peek at the stock or at the other hands.

The built-in players, each reproducible from its arguments:

* :class:`RandomPlayer` picks uniformly among the legal actions.
* :class:`RuleOfThumbPlayer` follows the hints printed with the laws (S000
  hints 1-9, S004 hints 1-6), cited beside the code that applies them.
* :class:`MonteCarloPlayer` searches: for the rule-of-thumb player's favourite
  actions it samples deals consistent with its view
  (:func:`bezique.checks.determinize.determinize`), plays them out with a fast policy
  and takes the action with the best mean result when it clearly beats the
  rule-of-thumb choice.

:func:`make_player` builds one by name (``random``, ``rule-of-thumb``,
``monte-carlo:iterations=200``: see :mod:`bezique.players.registry`); matches
between players (:func:`bezique.programs.simulate.duel`) and simulations of many deals
live in :mod:`bezique.programs.simulate`.

One module per player, and the helpers they share:

* :mod:`~bezique.players.protocol`: the :class:`Player` protocol;
* :mod:`~bezique.players.reading`: what a seat can read from its view (faces,
  who takes a trick, the melds in reach, the worth of a finished deal);
* :mod:`~bezique.players.random_player`, :mod:`~bezique.players.rule_of_thumb`,
  :mod:`~bezique.players.monte_carlo`: the players;
* :mod:`~bezique.players.rollout`: the Monte Carlo player's fast rollout policy;
* :mod:`~bezique.players.playout`: whole playouts by that policy, without a public
  state at every step;
* :mod:`~bezique.players.registry`: the players by name.

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=1)
>>> seats = [RuleOfThumbPlayer(), RandomPlayer(seed=2)]
>>> while not state.is_over:
...     seat = state.current_player
...     state = state.apply(seats[seat].choose(state.view(seat)))
>>> state.result is not None
True
"""

from __future__ import annotations

from bezique.players.monte_carlo import ROLLOUTS, MonteCarloPlayer
from bezique.players.protocol import Player
from bezique.players.random_player import RandomPlayer
from bezique.players.reading import deal_value
from bezique.players.registry import (
    PLAYER_NAME_HELP,
    PLAYER_NAMES,
    display_name,
    make_player,
)
from bezique.players.rule_of_thumb import GreedyPlayer, RuleOfThumbPlayer

__all__ = [
    "PLAYER_NAMES",
    "PLAYER_NAME_HELP",
    "ROLLOUTS",
    "GreedyPlayer",
    "MonteCarloPlayer",
    "Player",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "deal_value",
    "display_name",
    "make_player",
]
