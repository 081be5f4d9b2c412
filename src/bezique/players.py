"""Built-in players for demos and tests.

A player is anything with ``choose(state) -> action`` for the seat to move.
These players read only what that seat may know (its own cards, every
table, the trick, the turn-up and the scores), though they are handed the
full state.

* :class:`RandomPlayer` picks uniformly among the legal actions.
* :class:`GreedyPlayer` follows a few hints of S000: exchange the seven, take
  the best declaration at once, keep high cards, win tricks holding aces and
  tens cheaply, and win what it must in the end phase with its lowest
  winning card.
"""

from __future__ import annotations

import random
from typing import Protocol

from bezique.actions import Action, Declare, Draw, Exchange, Pass, Play, ScorePending
from bezique.cards import Rank, face_of
from bezique.engine import beats, trick_winner
from bezique.state import DealState, Phase

__all__ = ["GreedyPlayer", "Player", "RandomPlayer"]


class Player(Protocol):
    """Chooses an action for the seat to move."""

    def choose(self, state: DealState) -> Action: ...


class RandomPlayer:
    """Uniformly random among the legal actions, reproducible from a seed."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: DealState) -> Action:
        return self.rng.choice(state.legal_actions())


def _cost(card: Play, trump_bonus: int) -> int:
    """How much we mind giving up a card: brisques and trumps are dear."""
    rank = card.card.card.rank
    value = int(rank) + (8 if rank in (Rank.ACE, Rank.TEN) else 0) + trump_bonus
    return value + (3 if card.card.history else 0)


class GreedyPlayer:
    """A simple rule-of-thumb player (see the module docstring)."""

    def choose(self, state: DealState) -> Action:
        actions = state.legal_actions()
        if state.offers:
            return actions[0]  # show the carte blanche: it scores and costs nothing
        if state.window is not None:
            return self._window(state, actions)
        plays = [a for a in actions if isinstance(a, Play)]
        trump = state.trump

        def cost(play: Play) -> int:
            return _cost(play, 6 if play.card.card.suit is trump else 0)

        if not state.trick:
            return min(plays, key=cost)
        best = state.trick[trick_winner(state, state.trick)]
        to_beat = face_of(best)
        stock = state.phase is Phase.STOCK
        play_rules = state.rules.trick_play
        trump_now = trump if not stock or play_rules.trumps_win_in_stock_phase else None
        offsuit = stock and play_rules.offsuit_higher_card_wins
        winners = [p for p in plays if beats(p.card.card, to_beat, trump_now, offsuit)]
        worth_taking = any(face_of(c).rank.is_brisque for c in state.trick)
        if winners and (worth_taking or state.phase is Phase.END):
            return min(winners, key=cost)
        return min(plays, key=cost)

    @staticmethod
    def _window(state: DealState, actions: tuple[Action, ...]) -> Action:
        for action in actions:
            if isinstance(action, Exchange):
                return action
        rules = state.rules
        scoring: list[tuple[int, Action]] = []
        for action in actions:
            if isinstance(action, Declare):
                scoring.append((rules.meld_value(action.kind) or 0, action))
            elif isinstance(action, ScorePending):
                scoring.append((state.melds[action.meld].points, action))
        if scoring and (state.window is None or not state.window.declarations):
            return max(scoring, key=lambda pair: pair[0])[1]
        for action in actions:
            if isinstance(action, (Draw, Pass)):
                return action
        return actions[-1]
