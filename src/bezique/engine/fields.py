"""The fields of a deal state and the queries on them: zones, histories, phases.

A deal state is a value. Zones are bit sets over physical card ids (see
:mod:`bezique.cards`): each seat's concealed *hand*, its *table* (declared
cards, face up, still part of the hand: S000, S001, FOS), and the cards it has
*won* in tricks. The face-down *stock* is a tuple, top card first; the
*turn-up* lies under it and is drawn last (S000 law 4).

Every declared card has a *history*: the meld kinds it has been declared in,
as a bit mask per card id. The re-use rules read it (see
:mod:`bezique.laws.declaring`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attr

from bezique.actions import Action, CardRef
from bezique.cards import Card, CardIds, Suit, face_of
from bezique.engine.build import mypyc_attr
from bezique.errors import InvalidStateError, NotationError, SeatError, require_int, shown
from bezique.laws.scoring import brisques_in_totals, deal_game_scores
from bezique.laws.turns import in_duels, trick_seats
from bezique.laws.zones import DeckTables, bits, deck_tables
from bezique.records import (
    DealResult,
    DeclaredMeld,
    Phase,
    TableCard,
    Trick,
    Window,
    reduce_by_new,
    table_order,
    write_annotations,
)
from bezique.rules import Rules
from bezique.rules.melds import kinds_in

__all__ = ["DealDraft", "DealFields", "duel_seat", "trick_number"]

# The phases as module names: in Python 3.11, reading an enum member from its
# class (``Phase.STOCK``) costs about ten times a global name, and the engine's
# hot paths test the phase at every step. Final, as every constant the compiled
# modules read: the compiled build then reads it from a C variable, not by looking
# its name up in the module's dictionary.
STOCK: Final = Phase.STOCK
END: Final = Phase.END
OVER: Final = Phase.OVER


# The two classes of the fields are attrs classes written with ``attr.s`` and the
# settings of ``attrs.define`` and ``attrs.frozen`` spelled out: under CPython they are
# those classes, and the compiled build (mypyc) makes a class so decorated a native
# class of its own, whose fields compiled code reads and writes in place, with the
# attrs description (``attrs.fields``, ``evolve``, pickles) kept. The state's classes
# subclass them in interpreted modules, hence ``allow_interpreted_subclasses``.
@mypyc_attr(allow_interpreted_subclasses=True)
@attr.s(auto_attribs=True, slots=True, order=False, auto_detect=True, collect_by_mro=True)
class DealDraft:
    """The fields of a deal state, in a class that is not frozen.

    The engine builds every new state as a draft and then seals it into the
    frozen class of the state it came from (:func:`bezique.engine.speed.seal`):
    the frozen classes add no field, so they share the draft's slot layout and
    the object changes class and nothing else. (In the compiled build, where a
    compiled object cannot change class, the draft is an object of the state's
    class from the start, written in place by the engine's compiled code.)
    Nothing outside the engine sees a draft.
    """

    rules: Rules
    dealer: int
    phase: Phase
    trump: Suit | None
    turn_up: int | None
    stock: tuple[int, ...]
    hand_masks: tuple[int, ...]
    table_masks: tuple[int, ...]
    history: tuple[int, ...]
    won_masks: tuple[int, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[int, ...]
    leader: int
    window: Window | None
    melds: tuple[DeclaredMeld, ...]
    scores: tuple[int, ...]
    #: Per card id; the kinds of its history whose meld has since lost a card, so
    #: that it may re-form them (kept only when the rules let melds be re-formed or
    #: marriages re-paired; otherwise empty).
    broken: tuple[int, ...] = ()
    #: Per seat; whether its carte blanche still lasts (shown, and no court card
    #: drawn since); empty when the rules have no carte blanche.
    carte_blanche: tuple[bool, ...] = ()
    #: Seats still to decide whether to show a carte blanche, in order.
    offers: tuple[int, ...] = ()
    #: Per seat; cards in its hand that the other players have seen (shown in a
    #: carte blanche, gained by exchanging the seven, the turn-up taken last, table
    #: cards taken back into the hand at the end phase), until played.
    revealed_masks: tuple[int, ...] = attr.ib(
        default=attr.Factory(lambda self: (0,) * len(self.hand_masks), takes_self=True)
    )
    #: Whether the aces and tens won were counted after the last trick (S000 laws
    #: 11-12; under BIC's rule only for a tie or a rubicon): the deal's score in the
    #: game pays them once (:func:`~bezique.laws.scoring.deal_game_scores`).
    counted_brisques: bool = False
    #: Memo of the legal actions (see :mod:`bezique.engine.speed`) (not part of the value).
    _legal: tuple[Action, ...] | None = attr.ib(default=None, init=False, eq=False, repr=False)


@mypyc_attr(allow_interpreted_subclasses=True)
@attr.s(
    auto_attribs=True,
    slots=True,
    frozen=True,
    order=False,
    auto_detect=True,
    collect_by_mro=True,
)
class DealFields(DealDraft):
    """A deal state's fields and what can be read from them, with no transitions.

    :class:`bezique.DealState` adds the transitions (legal actions, ``apply``)
    and the views; the engine's functions take a ``DealFields`` and return a
    state of the class they were given.

    Its fields, all read-only (zones are bit sets over card ids, see the module
    documentation):

    ``rules``, ``dealer``, ``phase``, ``trump``, ``turn_up``
        The rules, the dealing seat, the stage of the deal, the trump suit
        (``None`` until fixed, in the games without a turn-up) and the turn-up
        card id (``None`` once drawn, or if there is none).
    ``stock``
        The card ids still to draw, top first (the turn-up not included).
    ``hand_masks``, ``table_masks``, ``won_masks``
        Per seat, as bit sets over card ids: its concealed hand, its declared
        cards lying face up, the cards it has won in tricks. The same zones as
        tuples of card ids are :attr:`hands`, :attr:`tables` and :attr:`won`
        (the queries give card ids as :class:`~bezique.cards.CardIds`, plain
        tuples of ints whose ``repr`` names the cards).
    ``history``
        Per card id: the meld kinds it has been declared in, as a bit mask.
    ``tricks``, ``trick``, ``leader``, ``window``
        The completed tricks, the card ids of the trick being played, the seat
        that led it, and the trick winner's turn (a :class:`Window`) or ``None``.
    ``melds``, ``scores``
        The declarations made so far (:class:`DeclaredMeld`), the points of each seat.
    ``broken``
        Per card id: the kinds of its history whose meld has since lost a card,
        so that it may re-form them (empty unless the rules let melds be
        re-formed or marriages re-paired).
    ``carte_blanche``, ``offers``
        Per seat, whether its carte blanche still lasts (shown, and no court
        card drawn since); the seats still to decide whether to show one, in
        order (both empty when the rules have no carte blanche).
    ``revealed_masks``
        Per seat: the cards in its hand that the others have seen (shown in a
        carte blanche, gained by exchanging the seven, the turn-up taken last,
        table cards taken back at the end phase), until played.
    ``counted_brisques``
        Once the deal is over, whether the aces and tens won were counted after
        the last trick (under BIC's rule, only for a tie or a rubicon).
    """

    def __reduce__(self) -> tuple[object, ...]:
        """A state pickles as pickle's protocol 2 pickles it, under every protocol
        (:func:`~bezique.records.reduce_by_new`): in the compiled build this class is
        compiled."""
        return reduce_by_new(self)

    # -- queries -------------------------------------------------------------------

    @property
    def tables_(self) -> DeckTables:
        return deck_tables(self.rules.deck.packs)

    @property
    def hands(self) -> tuple[CardIds, ...]:
        """Per seat, the card ids of its concealed hand (in the end phase: its whole hand)."""
        return tuple(CardIds(bits(mask)) for mask in self.hand_masks)

    @property
    def tables(self) -> tuple[tuple[TableCard, ...], ...]:
        """Per seat, its declared cards lying face up, each with the kinds it was
        declared in and those since broken (:meth:`table_card`), in the order melds
        are shown (:func:`~bezique.records.table_order`); as a seat view lists them.
        The card ids alone, in id order, are :meth:`table`."""
        return tuple(
            table_order(self._table_card(c) for c in bits(mask)) for mask in self.table_masks
        )

    # The queries that take a seat or a card id from a caller, and check it, are
    # :class:`bezique.DealState`'s (``hand``, ``held_mask``, ``pending_melds``,
    # ``table_card``, ``card_ref``...): in the compiled build this class is compiled, and
    # a compiled method checks its parameters' declared types itself, in words other
    # than the library's. The private ones here take a seat or a card id already checked.

    def _table_card(self, card_id: int) -> TableCard:
        """A declared card as the tables list it (``card_id`` not checked)."""
        broken = self.broken
        return TableCard(
            card_id, kinds_in(self.history[card_id]), kinds_in(broken[card_id]) if broken else ()
        )

    def _card_ref(self, card_id: int) -> CardRef:
        """How actions name this card (``card_id`` not checked)."""
        broken = self.broken[card_id] if self.broken else 0
        return CardRef(face_of(card_id), kinds_in(self.history[card_id]), kinds_in(broken))

    @property
    def won(self) -> tuple[CardIds, ...]:
        """Per seat, the card ids it has won in tricks."""
        return tuple(CardIds(bits(mask)) for mask in self.won_masks)

    @property
    def revealed(self) -> tuple[CardIds, ...]:
        """Per seat, the card ids in its hand that the other seats have seen."""
        return tuple(CardIds(bits(mask)) for mask in self.revealed_masks)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the deal is over."""
        if self.phase is OVER:
            return None
        if self.offers:
            return self.offers[0]
        if self.window is not None:
            return self.window.seat
        if self.phase is END and in_duels(self.rules):
            return duel_seat(self)
        return (self.leader + len(self.trick)) % self.rules.players

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turn-up included."""
        return len(self.stock) + (self.turn_up is not None)

    @property
    def trick_number(self) -> int:
        """The number (1-based) of the trick being played or just completed."""
        return trick_number(self.phase, self.window, self.tricks)

    @property
    def turn_up_card(self) -> Card | None:
        return None if self.turn_up is None else face_of(self.turn_up)

    def _held_mask(self, seat: int) -> int:
        """:meth:`bezique.DealState.held_mask` with ``seat`` not checked, for the code
        that has checked it (the engine's hot paths)."""
        return self.hand_masks[seat] | self.table_masks[seat]

    @property
    def result(self) -> DealResult | None:
        """Scores, brisques and last-trick winner once the deal is over."""
        if self.phase is not OVER:
            return None
        won, aces_and_tens = self.won_masks, self.tables_.brisques
        brisques = tuple((won[s] & aces_and_tens).bit_count() for s in range(self.players))
        counted = brisques_in_totals(self.rules, brisques, self.counted_brisques)
        game_scores, rubiconed = deal_game_scores(self.rules, self.scores, counted)
        return DealResult(
            scores=self.scores,
            brisques=brisques,
            last_trick_winner=self.tricks[-1].winner,
            game_scores=game_scores,
            rubiconed=rubiconed,
            side_scores=self.side_scores,
        )

    @property
    def side_scores(self) -> tuple[int, ...]:
        """The points of each side: the seats' scores added up by :meth:`Rules.side_totals`."""
        return self.rules.side_totals(self.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """Once the deal is over, the side with the most points in it (every side that
        ties for the most); empty while it goes on. A game's winners follow the game's
        rules instead (:attr:`bezique.GameState.winners`)."""
        if self.phase is not OVER:
            return ()
        sides = self.side_scores
        best = max(sides)
        return tuple(side for side, points in enumerate(sides) if points == best)

    def _pending_melds(self, seat: int) -> tuple[int, ...]:
        """:meth:`bezique.DealState.pending_melds` with ``seat`` not checked."""
        return tuple(i for i, m in enumerate(self.melds) if m.seat == seat and not m.scored)

    def _seat(self, seat: object) -> int:
        number = require_int(seat, "", "seat")
        if not 0 <= number < self.players:
            raise SeatError(f"no seat {shown(seat)}: seats are 0..{self.players - 1}")
        return number

    def _card(self, card_id: object) -> int:
        """``card_id`` if it is a card of this deal's deck: an ``int``
        (:class:`TypeError`) from 0 to the deck's size less one
        (:class:`~bezique.NotationError`)."""
        number = require_int(card_id, "", "card_id")
        if not 0 <= number < len(self.history):
            raise NotationError(
                f"no card id {shown(card_id)}: the card ids of this deal are "
                f"0..{len(self.history) - 1}"
            )
        return number

    def describe_cards(self, card_ids: Sequence[int]) -> str:
        return " ".join(face_of(c).display() for c in card_ids)


#: Whether the deal's fields are compiled classes (the compiled build makes
#: :class:`DealDraft` and :class:`DealFields` classes of its own, whose objects cannot
#: change class): their ``__new__`` is then the compiled class's, not ``object``'s.
NATIVE_FIELDS: Final = DealDraft.__new__ is not object.__new__

#: The annotations of :class:`DealDraft`'s fields, as its source writes them. The
#: compiled classes hold the compiler's instead (``type`` for ``Suit | None``,
#: ``tuple`` for ``tuple[int, ...]``), which ``typing.get_type_hints`` (read by the
#: state checks, :func:`bezique.checks.check_state`) and ``attrs.fields(...).type``
#: would show; :func:`~bezique.records.write_annotations` puts these back. The tests
#: hold this table to the annotations above (tests/test_record_contract.py).
WRITTEN_ANNOTATIONS: Final[dict[str, str]] = {
    "rules": "Rules",
    "dealer": "int",
    "phase": "Phase",
    "trump": "Suit | None",
    "turn_up": "int | None",
    "stock": "tuple[int, ...]",
    "hand_masks": "tuple[int, ...]",
    "table_masks": "tuple[int, ...]",
    "history": "tuple[int, ...]",
    "won_masks": "tuple[int, ...]",
    "tricks": "tuple[Trick, ...]",
    "trick": "tuple[int, ...]",
    "leader": "int",
    "window": "Window | None",
    "melds": "tuple[DeclaredMeld, ...]",
    "scores": "tuple[int, ...]",
    "broken": "tuple[int, ...]",
    "carte_blanche": "tuple[bool, ...]",
    "offers": "tuple[int, ...]",
    "revealed_masks": "tuple[int, ...]",
    "counted_brisques": "bool",
    "_legal": "tuple[Action, ...] | None",
}


if NATIVE_FIELDS:
    write_annotations(DealDraft, WRITTEN_ANNOTATIONS)
    write_annotations(DealFields, WRITTEN_ANNOTATIONS, own=False)


def duel_seat(state: DealDraft) -> int:
    """The seat to play to the current trick of a duel (EB9, EB11): the leader, then
    the other seat of the duel (:func:`~bezique.laws.turns.trick_seats`)."""
    seats = trick_seats(state.rules, state.tricks, state.leader)
    played = len(state.trick)
    if played >= len(seats):
        raise InvalidStateError(f"trick.cards: {played} cards in a trick of {len(seats)} seats")
    return seats[played]


def trick_number(phase: Phase, window: Window | None, tricks: Sequence[Trick]) -> int:
    """The number (1-based) of the trick being played, or of the one just completed
    while its winner's turn lasts (and of the last once the deal is over)."""
    if phase is OVER or window is not None:
        return len(tricks)
    return len(tricks) + 1
