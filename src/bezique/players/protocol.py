"""The player protocol: one method, ``choose(view) -> action``.

A player is handed the :class:`~bezique.views.SeatView` of the seat to move and
returns one of ``view.legal_actions()``. The simulations, the matches and the
command line hand players views and nothing else (:mod:`bezique.programs.simulate`,
:mod:`bezique.programs.cli`).
"""

from __future__ import annotations

from typing import Protocol

from bezique.actions import Action
from bezique.errors import BeziqueError
from bezique.state import DealState
from bezique.views import SeatView

__all__ = ["Player", "as_view", "legal_actions"]


class Player(Protocol):
    """Chooses an action for the seat to move, from that seat's view."""

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal_actions()``."""
        ...


def as_view(view: SeatView | DealState) -> SeatView:
    """The view a built-in player reads: ``view`` itself, or, for a whole state, the
    view of the seat to move in it (built with ``state.view(seat)``, so the player
    still sees only what that seat may know)."""
    if isinstance(view, DealState):
        seat = view.current_player
        if seat is None:
            raise BeziqueError("the deal is over: no one is to move")
        return view.view(seat)
    return view


def legal_actions(view: SeatView) -> tuple[Action, ...]:
    """The view's legal actions; raises :class:`~bezique.errors.BeziqueError` when the
    view's seat has none (it is not that seat's turn, or the deal is over)."""
    actions = view.legal_actions()
    if not actions:
        raise BeziqueError(f"seat {view.seat} has no legal action in this view")
    return actions
