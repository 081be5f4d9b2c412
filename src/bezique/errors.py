"""The library's exception hierarchy.

Every error raised on bad input derives from :class:`BeziqueError`. Each also
derives from :class:`ValueError`, so callers that already catch ``ValueError``
keep working.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bezique.legality import Reason

__all__ = [
    "BeziqueError",
    "IllegalActionError",
    "InvalidStateError",
    "NotationError",
    "RulesError",
    "SeatError",
]


class BeziqueError(ValueError):
    """Root of every error the library raises on bad input."""


class NotationError(BeziqueError):
    """Text that does not parse: a card, an action, a state or view document, a
    player's name (``bezique.players.make_player``)."""


class RulesError(BeziqueError):
    """A combination of rule options that cannot be played.

    ``fields`` names the offending rule fields.
    """

    def __init__(self, message: str, fields: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.fields: tuple[str, ...] = tuple(fields)


class InvalidStateError(BeziqueError):
    """A state (for example one loaded from JSON) that breaks an invariant."""


class SeatError(BeziqueError):
    """A seat number that does not exist in this deal."""


class IllegalActionError(BeziqueError):
    """An action that is not legal in the state it was applied to.

    ``action`` is the refused action and ``reasons`` the machine-readable
    reasons (:class:`bezique.Reason` members). The state it was applied to is
    unchanged: states are immutable.
    """

    def __init__(
        self,
        action: object,
        reasons: Sequence[Reason],
        *,
        seat: int | None = None,
        to_act: int | None = None,
    ) -> None:
        self.action = action
        self.reasons: tuple[Reason, ...] = tuple(reasons)
        #: The seat that tried the action, when the caller named one.
        self.seat = seat
        #: The seat whose turn it is, when the action was refused for being out of turn.
        self.to_act = to_act
        explained = "; ".join(r.explanation for r in self.reasons) or "not legal here"
        by = "" if seat is None else f" by seat {seat}"
        if to_act is not None:
            explained += f" (seat {to_act} is to act)"
        super().__init__(f"illegal action {action!s}{by}: {explained}")
