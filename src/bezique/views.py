"""What one seat may know: :class:`SeatView`.

A view holds only information its seat is entitled to (S000 law 6: the stock
is face down, tricks are turned down but were seen as they were played):

* its own hand, every card of it;
* every seat's declared cards on the table, with what each was declared in;
* the cards the other seats are known to hold (``known``: shown in a carte
  blanche, gained by exchanging the seven, the turn-up taken last, table cards
  taken back at the end phase), and how many cards each seat holds;
* the turn-up, the trump suit, the stock's size (not its order);
* the current trick and every completed trick, the declarations, the scores,
  whose turn it is, the winner's turn and carte blanche offers;
* the legal actions, when it is this seat's turn.

A view is built by copying those values out of the state: it keeps no
reference to the :class:`~bezique.state.DealState` or to any hidden card, so
hidden cards cannot be reached from it (``PerfectInformationView`` is the
explicit exception, for research).

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=1)
>>> view = state.view(1)
>>> len(view.hand), view.hand_sizes, view.stock_size
(8, (8, 8), 48)
>>> view.legal_actions == state.legal_actions()
True
>>> state.view(0).legal_actions
()
"""

from __future__ import annotations

import attrs

from bezique.actions import Action
from bezique.cards import Suit
from bezique.melds import MeldKind, kinds_in
from bezique.rules import Rules
from bezique.state import DealState, DeclaredMeld, Phase, Trick, Window
from bezique.tables import bits

__all__ = ["PerfectInformationView", "SeatView", "TableCard", "seat_view"]


@attrs.frozen
class TableCard:
    """A declared card on a table: its physical id, the kinds it was declared in,
    and which of those melds have since lost a card."""

    card: int
    history: tuple[MeldKind, ...]
    broken: tuple[MeldKind, ...] = ()


@attrs.frozen
class SeatView:
    """Everything one seat may know of a deal (see the module docstring)."""

    seat: int
    rules: Rules
    dealer: int
    phase: Phase
    trump: Suit | None
    turn_up: int | None
    stock_size: int
    #: This seat's concealed hand (in the end phase: its whole hand).
    hand: tuple[int, ...]
    #: Per seat, its declared cards on the table.
    tables: tuple[tuple[TableCard, ...], ...]
    #: Per seat, cards of its concealed hand that the other seats have seen.
    known: tuple[tuple[int, ...], ...]
    #: Per seat, how many cards it holds, table cards included.
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    melds: tuple[DeclaredMeld, ...]
    scores: tuple[int, ...]
    window: Window | None
    offers: tuple[int, ...]
    carte_blanche: tuple[bool, ...]
    current_player: int | None
    #: The legal actions when it is this seat's turn, else empty.
    legal_actions: tuple[Action, ...]

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def held(self) -> tuple[int, ...]:
        """This seat's whole hand: concealed cards and table cards."""
        table = tuple(t.card for t in self.tables[self.seat])
        return tuple(sorted(self.hand + table))


@attrs.frozen
class PerfectInformationView:
    """The whole state, for research that wants perfect information, named as such.

    Unlike :class:`SeatView` it hides nothing: ``state`` is the full
    :class:`~bezique.state.DealState`, stock order and every hand included.
    """

    state: DealState


def seat_view(state: DealState, seat: int) -> SeatView:
    """Build the view of ``seat`` (raises :class:`~bezique.engine.SeatError` for a
    seat that does not exist)."""
    seat = state._seat(seat)
    n = state.players
    broken = state.broken
    tables = tuple(
        tuple(
            TableCard(
                card,
                kinds_in(state.history[card]),
                kinds_in(broken[card]) if broken else (),
            )
            for card in bits(state.tables[s])
        )
        for s in range(n)
    )
    revealed = state.revealed or (0,) * n
    known = tuple(() if s == seat else tuple(bits(revealed[s])) for s in range(n))
    current = state.current_player
    return SeatView(
        seat=seat,
        rules=state.rules,
        dealer=state.dealer,
        phase=state.phase,
        trump=state.trump,
        turn_up=state.turn_up,
        stock_size=state.stock_size,
        hand=tuple(bits(state.hands[seat])),
        tables=tables,
        known=known,
        hand_sizes=tuple((state.hands[s] | state.tables[s]).bit_count() for s in range(n)),
        leader=state.leader,
        trick=state.trick,
        tricks=state.tricks,
        melds=state.melds,
        scores=state.scores,
        window=state.window,
        offers=state.offers,
        carte_blanche=state.carte_blanche,
        current_player=current,
        legal_actions=state.legal_actions() if current == seat else (),
    )
