"""What one seat may know of a Zetema game: :class:`ZetemaView`.

The tableau, the marriage pile and the zetema pile are public (the zetema pile
lies face down, but every card in it was seen on the tableau); so are the
sizes of the hands and of the stock, the scores, and the cards a seat has shown
in a declaration and still holds. The other hands, partners' included, and the
order of the stock are hidden.

>>> from bezique import zetema
>>> state = zetema.new_game(zetema.ZETEMA, seed=3)
>>> view = view_of(state, 0)
>>> view.hand == state.hands[0], view.hand_sizes, view.legal_actions()
(True, (6, 7), ())
>>> view_of(state, 1).legal_actions() == state.legal_actions()
True
"""

from __future__ import annotations

import attrs

from bezique.errors import SeatError, require_int, shown, warn_deprecated, wrong_type
from bezique.legality import Reason
from bezique.zetema.deck import Faces, faces_per, faces_text
from bezique.zetema.rules import ZetemaRules
from bezique.zetema.state import (
    ACTION_TYPES,
    ZetemaAction,
    ZetemaState,
    legal_actions_for,
    public_fields,
    summary,
    why_illegal_for,
)

__all__ = ["ZetemaView", "view_of"]


@attrs.frozen
class ZetemaView:
    """A seat's view: the public part of a :class:`~bezique.zetema.ZetemaState` and
    the seat's own hand. Fields as in the state; ``hand_sizes`` and ``stock_size``
    stand for the hidden hands and stock. Read it as any game's view
    (:class:`bezique.View`)."""

    rules: ZetemaRules
    seat: int
    hand_number: int
    dealer: int
    hand: tuple[int, ...] = attrs.field(converter=Faces)
    hand_sizes: tuple[int, ...]
    shown: tuple[tuple[int, ...], ...] = attrs.field(converter=faces_per)
    stock_size: int
    tableau: tuple[tuple[int, ...], ...] = attrs.field(converter=faces_per)
    marriage_pile: tuple[int, ...] = attrs.field(converter=Faces)
    zetema_pile: tuple[int, ...] = attrs.field(converter=Faces)
    current_player: int | None
    phase: str
    required: tuple[int, ...] = attrs.field(converter=Faces)
    side_scores: tuple[int, ...]
    hand_scores: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    one_hand: bool = False

    def __repr__(self) -> str:
        """One line, as the state's, with the seat and its hand."""
        try:
            hand = faces_text(self.hand) or "-"
            return f"<ZetemaView of seat {self.seat}: {summary(self)}; hand {hand}>"
        except Exception:  # showing a view must never fail, whatever its fields hold
            return f"<ZetemaView of seat {self.seat!r}>"

    def __str__(self) -> str:
        """The text board of :meth:`render`."""
        return self.render()

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def scores(self) -> tuple[int, ...]:
        """Per seat, the total of its side (as :attr:`ZetemaState.scores`)."""
        return self.rules.seat_scores(self.side_scores)

    @property
    def to_move(self) -> int | None:
        """Deprecated: :attr:`current_player`."""
        warn_deprecated("ZetemaView.to_move", "current_player")
        return self.current_player

    def legal_actions(self) -> tuple[ZetemaAction, ...]:
        """The seat's legal actions (as the state lists them); none when it is not
        the seat's turn."""
        if self.current_player != self.seat:
            return ()
        return legal_actions_for(self.rules, self.phase, self.hand, self.tableau, self.required)

    def why_illegal(self, action: ZetemaAction) -> tuple[Reason, ...]:
        """Why the seat may not play ``action`` now; empty if it may."""
        if not isinstance(action, ACTION_TYPES):
            wrong_type(
                "why_illegal()", "action", "a Zetema action (Declare, Marry, Discard)", action
            )
        if self.current_player != self.seat:
            return (Reason.DEAL_OVER,) if self.current_player is None else (Reason.NOT_YOUR_TURN,)
        return why_illegal_for(
            self.rules, self.phase, self.hand, self.tableau, self.required, action
        )

    def is_legal(self, action: ZetemaAction) -> bool:
        """Whether the seat may play ``action`` now."""
        return not self.why_illegal(action)

    def render(self, *, symbols: bool | None = None) -> str:
        """The game as this seat sees it, drawn as text."""
        from bezique.zetema.board import render

        return render(self, symbols=symbols)


def view_of(state: ZetemaState, seat: int) -> ZetemaView:
    """``seat``'s view of ``state``; raises :class:`~bezique.errors.SeatError` for a
    seat not at the table."""
    require_int(seat, "zetema.view_of()", "seat")
    if not 0 <= seat < state.rules.players:
        raise SeatError(f"no seat {shown(seat)} at a table of {state.rules.players}")
    return ZetemaView(
        rules=state.rules,
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        **public_fields(state),
    )
