"""The random player: uniform among the legal actions, reproducible from a seed."""

from __future__ import annotations

import random

from bezique.actions import Action
from bezique.players.protocol import as_view, legal_actions
from bezique.state import DealState
from bezique.views import SeatView

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Uniformly random among the legal actions, reproducible from a seed.

    Handed a whole :class:`~bezique.state.DealState` instead of a view, it reads
    only the view of the seat to move.
    """

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView | DealState) -> Action:
        return self.rng.choice(legal_actions(as_view(view)))
