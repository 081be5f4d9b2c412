"""The immutable state of one deal: :class:`DealState`, and :func:`new_deal`.

A :class:`DealState` is a value: :meth:`DealState.apply` returns a new state
and never changes the one it is called on. Its fields and queries are those of
:class:`~bezique.engine.fields.DealFields`; this class adds what may be done
(legal actions, legal declarations, why an action is illegal), the transitions,
the seat views and the parsing of action text. The engine and the laws it calls
live below this module (:mod:`bezique.engine`, :mod:`bezique.laws`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from bezique.actions import ACTION_TYPES, Action, CardRef, Declare
from bezique.cards import Card, CardIds, Rank, face_of
from bezique.engine.fields import NATIVE_FIELDS, STOCK, DealFields
from bezique.engine.moves import legal_actions, legal_declarations, why_illegal
from bezique.engine.transitions import scored, step
from bezique.errors import IllegalActionError, SeatError, require, require_int, shown, wrong_type
from bezique.laws.dealing import (
    deal_packets,
    dealt_points,
    deck_order,
    eldest_hand,
    seat_order,
    shuffled_deck,
)
from bezique.laws.declaring import tracks_broken
from bezique.laws.scoring import carte_blanche_bonus, turn_up_seven_bonus
from bezique.laws.zones import bits
from bezique.legality import Reason
from bezique.notation import parse_action
from bezique.records import ScoreEvent, ScoreSource, TableCard, naming_the_field
from bezique.rules import Rules
from bezique.rules.melds import MeldKind, kinds_in
from bezique.views import SeatView, seat_view

#: What the ``action`` parameter takes, for the :class:`TypeError` of another value.
_AN_ACTION = "an Action (Play, Declare, Draw...; parse text with parse_action)"
_AN_ACTION_OR_TEXT = "an Action (Play, Declare, Draw...) or its text"

__all__ = [
    "DealState",
    "PerfectInformationView",
    "initial_events",
    "new_deal",
    "play_many",
]


@attrs.frozen
class DealState(DealFields):
    """One deal in progress (or finished). Build with :func:`bezique.new_deal`.

    Its fields, and the queries that take no seat or card id, are documented on
    :class:`~bezique.engine.fields.DealFields`; those that take one are below.
    """

    # -- queries of a seat or a card ----------------------------------------------
    # Here rather than on DealFields, which the compiled build compiles: these check
    # what a caller gives them, in the library's words (see DealFields._card_ref).

    def hand(self, seat: int) -> CardIds:
        """Card ids in a seat's concealed hand (in the end phase: the whole hand)."""
        return CardIds(bits(self.hand_masks[self._seat(seat)]))

    def table(self, seat: int) -> CardIds:
        """Card ids declared and lying face up in front of a seat."""
        return CardIds(bits(self.table_masks[self._seat(seat)]))

    def held(self, seat: int) -> CardIds:
        """Every card id a seat may play: hand and table."""
        return CardIds(bits(self._held_mask(self._seat(seat))))

    def held_mask(self, seat: int) -> int:
        """The cards ``seat`` holds and may play, as a bit set: its concealed hand and
        the declared cards on its table, still part of the hand (S000 law 6, S001,
        FOS)."""
        return self._held_mask(self._seat(seat))

    def pending_melds(self, seat: int) -> tuple[int, ...]:
        """Indexes in :attr:`melds` of a seat's shown but unscored melds."""
        return self._pending_melds(self._seat(seat))

    def won_cards(self, seat: int) -> CardIds:
        """Card ids a seat has won in tricks."""
        return CardIds(bits(self.won_masks[self._seat(seat)]))

    def table_card(self, card_id: int) -> TableCard:
        """A declared card as the tables list it: its history and broken melds."""
        return self._table_card(self._card(card_id))

    def history_of(self, card_id: int) -> tuple[MeldKind, ...]:
        """The meld kinds a held card has been declared in (empty if never)."""
        return kinds_in(self.history[self._card(card_id)])

    def card_ref(self, card_id: int) -> CardRef:
        """How actions name this physical card: its face and history."""
        return self._card_ref(self._card(card_id))

    def brisques_won(self, seat: int) -> int:
        """Aces and tens a seat has won in tricks so far."""
        return (self.won_masks[self._seat(seat)] & self.tables_.brisques).bit_count()

    # -- what may be done -----------------------------------------------------------

    def legal_actions(self, *, seat: int | None = None) -> tuple[Action, ...]:
        """Every legal action of the seat to act, each real choice once.

        ``seat``, when given, asks for that seat: a seat that is not to act now
        has no legal action (an empty tuple), as when the deal is over. A front
        end may so ask for the seat at its table without first asking whose
        turn it is. A seat that does not exist raises :class:`~bezique.SeatError`.

        Order: in trick play, ``Play`` by face (suit S H D C, rank 7 up to A) then
        history (:attr:`CardRef.sort_key`); in the winner's turn, ``Exchange``, then
        ``Declare`` by meld kind (the order of :class:`MeldKind`) and then by the
        sort keys of its cards in turn, then ``ScorePending`` by meld number, then
        ``PassToPartner`` (partnerships), then ``Draw`` (or ``Pass``); while a carte
        blanche is on offer, ``ShowCarteBlanche`` then ``Pass``. Empty once the deal
        is over.
        """
        if seat is not None and self._turn_reasons(seat):
            return ()
        cached = self._legal
        return cached if cached is not None else legal_actions(self)

    def legal_declarations(self, *, seat: int | None = None) -> tuple[Declare, ...]:
        """The legal declarations of the seat to act (empty outside the winner's
        turn); ``seat`` as in :meth:`legal_actions`."""
        if seat is not None and self._turn_reasons(seat):
            return ()
        return legal_declarations(self)

    def why_illegal(self, action: Action, *, seat: int | None = None) -> tuple[Reason, ...]:
        """The reasons ``action`` is illegal here; empty if it is legal.

        ``seat``, when given, is the seat that means to act, as in :meth:`apply`:
        for a seat that is not to act the answer is ``(Reason.NOT_YOUR_TURN,)``
        alone (``(Reason.DEAL_OVER,)`` once the deal is over), whatever the
        action. Whether the action would be legal in that seat's own turn
        depends on the position it will then face (the trick led, the cards
        drawn, the declarations made before it), so it is not guessed at; ask
        again when the seat is to act. A seat that does not exist raises
        :class:`~bezique.SeatError`.
        """
        if not isinstance(action, ACTION_TYPES):
            wrong_type("why_illegal()", "action", _AN_ACTION, action)
        if seat is not None:
            refused = self._turn_reasons(seat)
            if refused:
                return refused
        return why_illegal(self, action)

    def is_legal(self, action: Action, *, seat: int | None = None) -> bool:
        """Whether ``action`` is legal now (for ``seat``, when given: see :meth:`why_illegal`)."""
        return not self.why_illegal(action, seat=seat)

    def _turn_reasons(self, seat: int) -> tuple[Reason, ...]:
        """Empty if ``seat`` (checked: :class:`~bezique.SeatError`) is to act now, else
        why not. The seat to act is the engine's :attr:`current_player`, which follows
        a carte blanche offer, the winner's turn, a right to declare passed to the
        partner and the duels of the end phase."""
        to_act = self.current_player
        if self._seat(seat) == to_act:
            return ()
        return (Reason.DEAL_OVER,) if to_act is None else (Reason.NOT_YOUR_TURN,)

    def apply(self, action: Action | str, *, seat: int | None = None) -> DealState:
        """The state after ``action`` (an action or its text form).

        Raises :class:`~bezique.IllegalActionError` (and changes nothing) if the
        action is illegal, :class:`~bezique.NotationError` if the text does not parse.
        ``seat``, when given, is the seat that means to act: an action of a seat whose
        turn it is not (a partner declaring before the winner passed him the right,
        a seat playing out of turn) is refused with the reason
        :attr:`~bezique.Reason.NOT_YOUR_TURN`, the error naming both seats.
        """
        if isinstance(action, str):
            return self.step(action, seat=seat)[0]
        if not isinstance(action, ACTION_TYPES):
            wrong_type("apply()", "action", _AN_ACTION_OR_TEXT, action)
        if seat is not None:
            self.require_turn(seat, action)
        return step(self, action)[0]

    def step(
        self, action: Action | str, *, seat: int | None = None
    ) -> tuple[DealState, tuple[ScoreEvent, ...]]:
        """Like :meth:`apply`, also returning what scored and why."""
        if isinstance(action, str):
            action = parse_action(self, action)
        elif not isinstance(action, ACTION_TYPES):
            wrong_type("step()", "action", _AN_ACTION_OR_TEXT, action)
        if seat is not None:
            self.require_turn(seat, action)
        return step(self, action)

    def require_turn(self, seat: int, action: Action | str = "") -> None:
        """Raise :class:`~bezique.IllegalActionError` unless ``seat`` is to act now
        (:class:`~bezique.SeatError` if there is no such seat)."""
        reasons = self._turn_reasons(seat)
        if reasons:
            raise IllegalActionError(action, reasons, seat=seat, to_act=self.current_player)

    def require_legal(self, action: Action) -> None:
        """Raise :class:`~bezique.IllegalActionError` unless ``action`` is legal now."""
        reasons = self.why_illegal(action)
        if reasons:
            raise IllegalActionError(action, reasons)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know of this deal (see :mod:`bezique.views`)."""
        return seat_view(self, seat)

    def render(self, *, symbols: bool | None = None) -> str:
        """The whole deal drawn as a text board, every hand face up
        (:func:`bezique.display.board.render_state`; ``symbols`` as in
        :meth:`SeatView.render`). A seat's board is ``state.view(seat).render()``;
        ``str(state)`` is this board."""
        # The drawing lives above the state; imported when asked for, as a satellite.
        from bezique.display.board import render_state

        return render_state(self, symbols=symbols)

    def __repr__(self) -> str:
        """``DealState('<position>')``: the state's position notation
        (:func:`bezique.format_position`), which :func:`bezique.parse_position` reads
        back as the same position (given the rules, for a rule set no preset names).
        A state no position can be written for (one built by hand, its fields at odds)
        is shown by a short summary instead."""
        # The position writer sits above the state; imported when a state is shown.
        from bezique.io.position import format_position

        try:
            return f"DealState({format_position(self)!r})"
        except Exception as error:  # showing a state must never fail
            return f"<DealState {_summary(self)}; no position: {shown(str(error), 80)}>"

    def __str__(self) -> str:
        """The text board of :meth:`render`."""
        try:
            return self.render()
        except Exception:  # a state the board cannot draw is shown by repr
            return repr(self)

    def perfect_information_view(self) -> PerfectInformationView:
        """The whole state, hidden cards included, for research (named as such)."""
        return PerfectInformationView(self)

    def _repr_svg_(self) -> str:
        """The picture of the whole deal, every hand face up, for notebooks (see
        :func:`bezique.display.svg.draw`; ``svg.draw(state, seat=...)`` draws a seat's view)."""
        # Imported here: the pictures sit above the state in the layers.
        from bezique.display import svg

        return svg.draw(self)


if NATIVE_FIELDS:
    # The compiled fields' slots hold only values of their types: the state's
    # initialiser refuses another value at once, in the compiler's words, unless it says
    # which field. In the pure build a state is made with any values, and
    # :func:`bezique.checks.check_state` refuses them (attrs itself checks nothing).
    naming_the_field(DealState)


def _summary(state: DealState) -> str:
    """A few words on ``state`` that do not depend on its fields agreeing."""
    try:
        scores = "/".join(map(str, state.scores))
        return (
            f"{state.rules.name}: {state.phase.value} phase, {len(state.tricks)} tricks "
            f"played, scores {scores}"
        )
    except Exception:  # its fields may be anything a caller put there
        return "(fields unreadable)"


def new_deal(
    rules: Rules,
    *,
    seed: int | str | None = None,
    deck: Sequence[int | str | Card] | None = None,
    dealer: int = 0,
    cut: tuple[int, int] | None = None,
) -> DealState:
    """Deal a new hand: from a shuffled deck (``seed``) or an explicit card order.

    ``deck`` lists the cards top first: faces (``"QS"``, :class:`Card`), whose
    copies are numbered in order of appearance, or physical cards (``"QSb"``,
    card ids). Cards go out in the packets of the rules, non-dealer first
    (S000 law 3, S001); the next card is turned up for trumps and placed under
    the stock to be drawn last (S000 law 4). A turned-up seven scores for the
    dealer at once (S000 law 4). Without a turn-up (Rubicon and the multi-pack
    games) there are no trumps until a declaration fixes them.

    ``cut`` is the six-pack cut (PKW, HER): the number of cards the dealer lifted
    and the non-dealer's guess, scored when the rules have a cut bonus.

    >>> import bezique as bz
    >>> state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    >>> state.current_player, state.stock_size, len(state.hand(0))
    (1, 48, 8)
    """
    require(rules, Rules, "new_deal()", "rules", "a Rules")
    n = rules.players
    if not 0 <= require_int(dealer, "new_deal()", "dealer") < n:
        raise SeatError(f"no seat {shown(dealer)} to deal: seats are 0..{n - 1}")
    order = shuffled_deck(rules, seed) if deck is None else deck_order(rules, deck)
    hands, turn_up, pos = deal_packets(rules, order, dealer)
    trump = None if turn_up is None else face_of(turn_up).suit
    scores = [0] * n
    for seat, points in dealt_points(rules, turn_up, dealer, cut):
        scores[seat] += points
    tracking = tracks_broken(rules)
    carte_blanche: tuple[bool, ...] = ()
    offers: tuple[int, ...] = ()
    if carte_blanche_bonus(rules) is not None:
        # HGM, FOS p.334: a dealt hand with no king, queen or jack may be shown,
        # before the first trick; the non-dealer decides first. Every seat is
        # asked, so that passing does not tell whether it held one.
        carte_blanche = (False,) * n
        offers = seat_order(n, dealer + 1)
    return DealState(
        rules=rules,
        dealer=dealer,
        phase=STOCK,
        trump=trump,
        turn_up=turn_up,
        stock=tuple(order[pos:]),
        hand_masks=hands,
        table_masks=(0,) * n,
        history=(0,) * rules.deck_size,
        won_masks=(0,) * n,
        tricks=(),
        trick=(),
        leader=eldest_hand(n, dealer),
        window=None,
        melds=(),
        scores=tuple(scores),
        broken=(0,) * rules.deck_size if tracking else (),
        carte_blanche=carte_blanche,
        offers=offers,
        revealed_masks=(0,) * n,
    )


def initial_events(state: DealState) -> tuple[ScoreEvent, ...]:
    """What scored when the deal was made: a turned-up seven (S000 law 4), the
    six-pack cut (PKW); read from a state on which no action was taken."""
    events: list[ScoreEvent] = []
    if state.turn_up is not None and face_of(state.turn_up).rank is Rank.SEVEN:
        points = turn_up_seven_bonus(state.rules)
        scored((0,) * state.players, events, state.dealer, points, ScoreSource.TURN_UP_SEVEN, "")
    for seat, total in enumerate(state.scores):
        already = sum(e.points for e in events if e.seat == seat)
        if total > already:
            events.append(ScoreEvent(seat, total - already, ScoreSource.CUT, ""))
    return tuple(events)


def play_many(state: DealState, actions: Iterable[Action | str]) -> DealState:
    """Apply several actions in turn."""
    for action in actions:
        state = state.apply(action)
    return state


@attrs.frozen
class PerfectInformationView:
    """The whole state, for research that wants perfect information, named as such.

    Unlike :class:`SeatView` it hides nothing: ``state`` is the full
    :class:`DealState`, stock order and every hand included.
    """

    state: DealState
