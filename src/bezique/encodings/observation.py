"""A seat view as a flat tensor of fixed shape (the ``numpy`` extra, needed only to
encode).

:class:`ObservationEncoder` turns a :class:`bezique.SeatView` into a ``float32``
vector whose length depends on the rules only (on the number of seats).
``ObservationEncoder.of(rules)`` serves every game of the family: for Zetema's rules
it gives :class:`bezique.zetema.observation.ZetemaObservationEncoder`, whose blocks
its own module lists. The learning adapters reach both as
:mod:`bezique.envs.observation`. It reads
nothing but the view, so it holds nothing the seat may not know. Seats are
*relative*: block entry 0 is the observing seat, 1 the next seat to its left (the
order of play), and so on; in partnerships entry 2 is the partner.

The vector is the concatenation of the blocks of :attr:`ObservationEncoder.layout`,
in order; a block of shape ``(seats, 32)`` is laid out seat by seat. Cards are
counted by face (index :attr:`bezique.Card.index`: suit S H D C, rank 7 up to A):

=====================  ====================  ==========================================
block                  shape                 what it counts
=====================  ====================  ==========================================
``hand``               32                    the seat's concealed cards never declared
``hand_declared``      32                    its concealed cards that keep a history
                                             (melding after the close, S003)
``table``              seats × 32            each seat's table cards (S000 law 7)
``declared_in_hand``   seats × 32            cards back in each seat's hand that keep a
                                             history (shown to all, S003)
``kinds``              seats × kinds × 32    of those two, the cards declared in each
                                             meld kind (:class:`bezique.MeldKind` order)
``broken``             seats × 32            of those two, the cards with a broken meld
``known``              seats × 32            each seat's concealed cards the others have
                                             seen (a carte blanche, an exchange)
``played``             seats × 32            the cards each seat played to completed tricks
``trick``              seats × 32            the current trick, one row per card in the
                                             order played
``trick_leader``       seats                 who led the current trick (one-hot)
``trumps``             4                     the trump suit (one-hot; zero: not fixed)
``turn_up``            32                    the turn-up (one-hot; zero: none)
``stock_size``         1                     cards left to draw, the turn-up included
``hand_sizes``         seats                 cards each seat holds, table cards included
``scores``             seats                 each seat's points so far
``phase``              3                     stock, end, over (one-hot)
``to_act``             seats                 the seat to act (one-hot; zero: deal over)
``window``             seats                 the seat holding the trick winner's turn
``declarations``       1                     declarations made in that turn so far
``carte_blanche``      seats                 seats that have shown a carte blanche
``offers``             seats                 seats still to be offered a carte blanche
``pending``            seats × kinds         each seat's shown but unscored melds
``trick_number``       1                     the trick being played (from 1)
``dealer``             seats                 the dealer (one-hot)
=====================  ====================  ==========================================

Counts and points are given as they are, not scaled.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Mapping
from itertools import compress
from typing import TYPE_CHECKING, Any, overload

import attrs

from bezique.cards import FACES_PER_PACK
from bezique.engine.fields import DealFields
from bezique.errors import (
    NotationError,
    SeatError,
    require,
    require_extra,
    require_int,
    shown,
    wrong_type,
)
from bezique.laws.turns import trick_seats
from bezique.records import Phase, TableCard, Trick
from bezique.rules import Rules
from bezique.rules.melds import MeldKind, kinds_in
from bezique.views import SeatView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from bezique.zetema.observation import ZetemaObservationEncoder
    from bezique.zetema.rules import ZetemaRules

__all__ = [
    "BlockVector",
    "Layout",
    "ObservationEncoder",
    "SeatVector",
    "block_offsets",
    "serve_game",
]

#: The encoders of the other games of the family, by the type of their rules. This
#: module sits below them in the layers, so :mod:`bezique.variants`, which knows
#: every game, fills it from its registry (:func:`serve_game`).
_OTHER_GAMES: dict[type, Callable[[Any], Any]] = {}


def serve_game(rules_type: type, make: Callable[[Any], Any]) -> None:
    """Let :meth:`ObservationEncoder.of` give ``make(rules)`` for rules of ``rules_type``."""
    _OTHER_GAMES[rules_type] = make


_F = FACES_PER_PACK
_KINDS = tuple(MeldKind)
_KIND_INDEX = {kind: i for i, kind in enumerate(_KINDS)}
_PHASES = (Phase.STOCK, Phase.END, Phase.OVER)


def _layout(seats: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    k = len(_KINDS)
    return (
        ("hand", (_F,)),
        ("hand_declared", (_F,)),
        ("table", (seats, _F)),
        ("declared_in_hand", (seats, _F)),
        ("kinds", (seats, k, _F)),
        ("broken", (seats, _F)),
        ("known", (seats, _F)),
        ("played", (seats, _F)),
        ("trick", (seats, _F)),
        ("trick_leader", (seats,)),
        ("trumps", (4,)),
        ("turn_up", (_F,)),
        ("stock_size", (1,)),
        ("hand_sizes", (seats,)),
        ("scores", (seats,)),
        ("phase", (len(_PHASES),)),
        ("to_act", (seats,)),
        ("window", (seats,)),
        ("declarations", (1,)),
        ("carte_blanche", (seats,)),
        ("offers", (seats,)),
        ("pending", (seats, k)),
        ("trick_number", (1,)),
        ("dealer", (seats,)),
    )


def _size(shape: tuple[int, ...]) -> int:
    out = 1
    for n in shape:
        out *= n
    return out


#: The blocks of an encoded vector, in order, as (name, shape) pairs.
Layout = tuple[tuple[str, tuple[int, ...]], ...]


def block_offsets(layout: Layout) -> tuple[dict[str, int], int]:
    """Where each block of ``layout`` starts in the flat vector, and its length."""
    offsets: dict[str, int] = {}
    at = 0
    for name, shape in layout:
        offsets[name] = at
        at += _size(shape)
    return offsets, at


@attrs.frozen(eq=False)
class BlockVector:
    """Named blocks laid end to end in one flat vector: what the encoder of every game
    is built on (its :attr:`layout`, :attr:`shape` and :meth:`block`)."""

    #: The blocks in order, as (name, shape) pairs.
    layout: Layout = attrs.field(repr=False)
    #: Where each block starts in the vector.
    offsets: dict[str, int] = attrs.field(repr=False)
    #: The length of the vector.
    size: int = attrs.field(repr=False)

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def block(self, vector: NDArray[np.float32], name: str) -> NDArray[np.float32]:
        """The block ``name`` of an encoded vector, in its shape."""
        return vector[self.span(name)].reshape(dict(self.layout)[name])

    def span(self, name: str) -> slice:
        """Where the block ``name`` lies in the flat vector.

        >>> from bezique import variants
        >>> ObservationEncoder.of(variants.CLASSIC).span("hand_declared")
        slice(32, 64, None)
        """
        shapes = dict(self.layout)
        if name not in shapes:
            raise NotationError(
                f"no block {name!r}; blocks are: " + ", ".join(n for n, _ in self.layout)
            )
        start = self.offsets[name]
        return slice(start, start + _size(shapes[name]))


@attrs.frozen(eq=False)
class ObservationEncoder(BlockVector):
    """The tensor encoding of the seat views of one rule set; build with :meth:`of`."""

    rules: Rules

    @overload
    @classmethod
    def of(cls, rules: Rules) -> ObservationEncoder: ...
    @overload
    @classmethod
    def of(cls, rules: ZetemaRules) -> ZetemaObservationEncoder: ...
    @classmethod
    def of(cls, rules: Rules | ZetemaRules) -> ObservationEncoder | ZetemaObservationEncoder:
        """The encoder of ``rules`` (its shape depends on the number of seats), of any
        game of the family."""
        if not isinstance(rules, Rules):
            make = _OTHER_GAMES.get(type(rules))
            if make is None:
                wrong_type(
                    "ObservationEncoder.of()",
                    "rules",
                    "the rules of a game (see bezique.variants.get)",
                    rules,
                )
            encoder: ZetemaObservationEncoder = make(rules)
            return encoder
        layout = _layout(rules.players)
        offsets, size = block_offsets(layout)
        return cls(layout=layout, offsets=offsets, size=size, rules=rules)

    #: The last values read from states' fields that change only now and then (the
    #: histories, the melds, the completed tricks), by the identity of the field's
    #: tuple: successive states of a deal share those tuples until they change.
    _memo: dict[str, tuple[object, Any]] = attrs.field(factory=dict, init=False, repr=False)
    #: The numbers of the card rows met so far, by bit set (see :class:`_Batch`).
    _card_rows: dict[int, memoryview[float]] = attrs.field(factory=dict, init=False, repr=False)
    #: Where each block of cards starts (see :meth:`_fill_cards`), and each block of
    #: the other numbers (:meth:`_fill_numbers`).
    _card_starts: _Starts = attrs.field(init=False, repr=False)
    _number_starts: _Starts = attrs.field(init=False, repr=False)
    #: Zeros for the numbers after the card rows.
    _no_numbers: memoryview[float] = attrs.field(init=False, repr=False)
    #: For each seat, where each seat lies in a block of seats of its vector.
    _relative: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False)

    @_card_starts.default
    def _card_block_starts(self) -> _Starts:
        return tuple(self.offsets[name] for name in _CARD_BLOCKS)

    @_number_starts.default
    def _number_block_starts(self) -> _Starts:
        return tuple(self.offsets[name] for name in _NUMBER_BLOCKS)

    @_no_numbers.default
    def _zero_numbers(self) -> memoryview[float]:
        return memoryview(bytes(4 * (self.size - self.offsets[_NUMBER_BLOCKS[0]]))).cast("f")

    @_relative.default
    def _seats_relative(self) -> tuple[tuple[int, ...], ...]:
        n = self.rules.players
        return tuple(tuple((seat - me) % n for seat in range(n)) for me in range(n))

    def encode_state(self, state: DealFields, seat: int) -> NDArray[np.float32]:
        """The vector of ``state.view(seat)``, read from the state's bit sets without
        building the view: the same numbers, many times quicker (what the learning
        adapters call at every step).

        It reads of the hidden cards only what the view holds: the other seats'
        concealed hands only where they meet public cards (the declared cards still
        in a hand, the cards the others have seen) and by their sizes.
        """
        self._check_state(state, seat)
        batch = _Batch(1, self.size, self.rules.deck.packs, self._card_rows)
        self._fill(state, seat, 0, batch, _Written(self.rules.players))
        vector: NDArray[np.float32] = batch.numbers(1)[0]
        return vector

    def seat_vector(self, seat: int) -> SeatVector:
        """A vector of ``seat`` kept from one state to the next (:class:`SeatVector`):
        what an environment that follows a deal step by step asks for."""
        number = require_int(seat, "ObservationEncoder.seat_vector()", "seat")
        if not 0 <= number < self.rules.players:
            raise SeatError(f"no seat {shown(seat)}: seats are 0..{self.rules.players - 1}")
        return SeatVector(self, number)

    def encode_states(self, positions: Iterable[tuple[DealFields, int]]) -> NDArray[np.float32]:
        """The vectors of many ``(state, seat)`` pairs at once, one row each: a new
        ``float32`` array of shape ``(len(positions),) + shape``, row ``i`` equal to
        ``encode_state(*positions[i])``, made in one piece of memory with one call of
        NumPy."""
        positions = tuple(positions)
        batch = _Batch(len(positions), self.size, self.rules.deck.packs, self._card_rows)
        for number, position in enumerate(positions):
            if not isinstance(position, tuple) or len(position) != 2:
                wrong_type(
                    "ObservationEncoder.encode_states()",
                    "positions",
                    "(state, seat) pairs",
                    position,
                )
            state, seat = position
            self._check_state(state, seat)
            self._fill(state, seat, number, batch, _Written(self.rules.players))
        return batch.numbers(len(positions))

    def _check_state(self, state: object, seat: object) -> None:
        self._check_deal(state)._seat(seat)

    def _check_deal(self, state: object) -> DealFields:
        """``state``, if it is a deal of these rules (else a :class:`TypeError`, or
        :class:`~bezique.NotationError` for a deal of other rules)."""
        if not isinstance(state, DealFields):
            wrong_type(
                "ObservationEncoder.encode_state()",
                "state",
                "a DealState (a game's deal in progress: GameState.deal)",
                state,
            )
        if state.rules is not self.rules and state.rules != self.rules:
            raise NotationError(
                f"a deal of {state.rules.name} given to the encoder of {self.rules.name}"
            )
        return state

    def _fill(
        self, state: DealFields, me: int, number: int, batch: _Batch, written: _Written
    ) -> None:
        """Write into ``batch`` the vector of ``state`` for ``me``, number ``number``
        of the batch, over what ``written`` says it holds (nothing, for a new vector:
        zeros), and record in ``written`` what it holds now: the card rows whose bit
        set differs (:meth:`_fill_cards`), then the other numbers, each block where
        what it is read from differs (:meth:`_fill_numbers`)."""
        out = batch.vector(number)
        seen, pending = self._melds(state)
        self._fill_cards(state, me, out, batch, written, seen)
        self._fill_numbers(state, me, out, written, pending)

    def _fill_cards(
        self,
        state: DealFields,
        me: int,
        out: memoryview[float],
        batch: _Batch,
        written: _Written,
        seen: list[int],
    ) -> None:
        """The card rows of :meth:`_fill`, each written only where its bit set
        differs from the one written (a row of a seat read again only when what it is
        read from has changed)."""
        n = self.rules.players
        k = len(_KINDS)
        (
            hand_at,
            hand_declared_at,
            table_at,
            in_hand_at,
            kinds_at,
            broken_at,
            known_at,
            played_at,
            trick_at,
        ) = self._card_starts
        declared_rows = self._declared(state)
        declared, kind_masks, broken = declared_rows
        played = self._played(state)
        hands, tables = state.hand_masks, state.table_masks
        revealed = state.revealed_masks or (0,) * n
        put = batch.put
        hand = hands[me]
        own = (hand & ~declared, hand & declared)
        if own != written.own:
            before_fresh, before_declared = written.own
            if before_fresh != own[0]:
                put(out, hand_at, before_fresh, own[0])
            if before_declared != own[1]:
                put(out, hand_declared_at, before_declared, own[1])
            written.own = own
        for seat in range(n):
            r = (seat - me) % n
            hand, table = hands[seat], tables[seat]
            # Another seat's concealed hand is read only where it meets the cards
            # shown to all (declared, or seen), and by its size.
            in_hand = hand & declared
            known = (revealed[seat] | seen[seat]) & hand
            was = written.seats[seat]
            if played[seat] != was[3]:
                put(out, played_at + r * _F, was[3], played[seat])
                was[3] = played[seat]
            if known != was[2]:
                put(out, known_at + r * _F, was[2], known)
                was[2] = known
            if in_hand == was[0] and table == was[1] and declared_rows is was[4]:
                continue
            # What the seat shows changed (a declaration, a card of it played, cards
            # back in the hand), or the histories did: its rows of shown cards again.
            rows = {}
            shown = table | in_hand
            if shown:
                rows[table_at + r * _F] = table
                rows[in_hand_at + r * _F] = in_hand
                kinds = kinds_at + r * k * _F
                for kind, mask in kind_masks:
                    rows[kinds + kind * _F] = shown & mask
                rows[broken_at + r * _F] = shown & broken
            before_rows = was[5]
            for at, mask in rows.items():
                before = before_rows.pop(at, 0)
                if before != mask:
                    put(out, at, before, mask)
            # The rows written before that are not rows of the state now.
            for at, before in before_rows.items():
                if before:
                    put(out, at, before, 0)
            was[0], was[1], was[4], was[5] = in_hand, table, declared_rows, rows
        trick = state.trick
        if trick != written.trick:
            before_trick = written.trick
            for i in range(max(len(trick), len(before_trick))):
                before = before_trick[i] if i < len(before_trick) else None
                card = trick[i] if i < len(trick) else None
                if before != card:
                    # A row of the trick holds one card: a single one, at its face,
                    # moved by hand rather than written as a whole row.
                    row = trick_at + i * _F
                    if before is not None:
                        out[row + before % _F] = 0
                    if card is not None:
                        out[row + card % _F] = 1
            written.trick = trick

    def _fill_numbers(
        self,
        state: DealFields,
        me: int,
        out: memoryview[float],
        written: _Written,
        pending: list[list[tuple[int, int]]],
    ) -> None:
        """The numbers of :meth:`_fill` that are not card rows, side by side at the
        end of the vector: each block written only when what it is read from differs
        from what ``written`` says was written (a one-hot number moved, not the block
        cleared), the blocks that change only now and then as one group."""
        (
            trick_leader,
            _trumps,
            _turn_up,
            stock_size,
            hand_sizes,
            scores_at,
            _phase,
            to_act_at,
            window_at,
            declarations,
            _carte_blanche,
            _offers,
            _pending,
            trick_number,
            _dealer,
        ) = self._number_starts
        # A block of seats starts with me: seat s lies rel[s] along it.
        rel = self._relative[me]
        was = written.numbers
        leader = rel[state.leader]
        if leader != was[0]:
            _move(out, trick_leader, was[0], leader)
            was[0] = leader
        hands, tables, scores = state.hand_masks, state.table_masks, state.scores
        if hands is not was[1] or tables is not was[2]:
            for seat, r in enumerate(rel):
                out[hand_sizes + r] = (hands[seat] | tables[seat]).bit_count()
            was[1], was[2] = hands, tables
        if scores != was[3]:
            for seat, r in enumerate(rel):
                out[scores_at + r] = scores[seat]
            was[3] = scores
        stock = state.stock_size
        if stock != was[4]:
            out[stock_size] = stock
            was[4] = stock
        seat_to_act = state.current_player
        to_act = None if seat_to_act is None else rel[seat_to_act]
        if to_act != was[5]:
            _move(out, to_act_at, was[5], to_act)
            was[5] = to_act
        window = state.window
        turn = None if window is None else (rel[window.seat], window.declarations)
        if turn != was[6]:
            _move(
                out,
                window_at,
                None if was[6] is None else was[6][0],
                None if turn is None else turn[0],
            )
            out[declarations] = 0 if turn is None else turn[1]
            was[6] = turn
        number = state.trick_number
        if number != was[7]:
            out[trick_number] = number
            was[7] = number
        rare = (
            state.trump,
            state.turn_up,
            state.phase,
            state.dealer,
            state.carte_blanche,
            state.offers,
            pending,
        )
        if rare != was[8]:
            self._fill_rare(state, rel, out, pending)
            was[8] = rare

    def _fill_rare(
        self,
        state: DealFields,
        rel: tuple[int, ...],
        out: memoryview[float],
        pending: list[list[tuple[int, int]]],
    ) -> None:
        """The blocks of :meth:`_fill_numbers` that change only now and then (the
        trumps, the turn-up, the phase, the carte blanche, the offers, the melds
        waiting to score, the dealer), cleared and written anew."""
        k = len(_KINDS)
        (
            _trick_leader,
            trumps,
            turn_up,
            _stock_size,
            _hand_sizes,
            _scores,
            phase,
            _to_act,
            _window,
            _declarations,
            carte_blanche_at,
            offers,
            pending_at,
            trick_number,
            dealer,
        ) = self._number_starts
        zeros = self._no_numbers
        # The blocks side by side: the trumps and the turn-up; the phase; the carte
        # blanche, the offers and the pending melds; the dealer.
        out[trumps : turn_up + _F] = zeros[: turn_up + _F - trumps]
        out[phase : phase + len(_PHASES)] = zeros[: len(_PHASES)]
        out[carte_blanche_at:trick_number] = zeros[: trick_number - carte_blanche_at]
        out[dealer : dealer + len(rel)] = zeros[: len(rel)]
        carte_blanche = state.carte_blanche
        for seat, r in enumerate(rel):
            if carte_blanche and carte_blanche[seat]:
                out[carte_blanche_at + r] = 1
            for kind, count in pending[seat]:
                out[pending_at + r * k + kind] = count
        for seat in state.offers:
            out[offers + rel[seat]] = 1
        if state.trump is not None:
            out[trumps + int(state.trump)] = 1
        if state.turn_up is not None:
            out[turn_up + state.turn_up % _F] = 1
        out[phase + _PHASES.index(state.phase)] = 1
        out[dealer + rel[state.dealer]] = 1

    def _declared(self, state: DealFields) -> tuple[int, tuple[tuple[int, int], ...], int]:
        """The cards with a declaration history, and per meld kind (its index) the
        cards declared in it, and the cards with a broken meld, as bit sets."""
        key = (state.history, state.broken)
        found = self._memo.get("declared")
        if found is not None and found[0][0] is key[0] and found[0][1] is key[1]:  # type: ignore[index]
            value: tuple[int, tuple[tuple[int, int], ...], int] = found[1]
            return value
        declared = broken = 0
        by_kind = [0] * len(_KINDS)
        histories = state.history
        # Only the few cards with a history are visited: compress() skips the rest
        # (most of a deal's cards, hundreds in the larger packs) without a Python step.
        for card in compress(range(len(histories)), histories):
            declared |= 1 << card
            for kind in kinds_in(histories[card]):
                by_kind[_KIND_INDEX[kind]] |= 1 << card
        for card in compress(range(len(state.broken)), state.broken):
            broken |= 1 << card
        value = declared, tuple((i, m) for i, m in enumerate(by_kind) if m), broken
        self._memo["declared"] = (key, value)
        return value

    def _melds(self, state: DealFields) -> tuple[list[int], list[list[tuple[int, int]]]]:
        """Per seat, the cards it has shown in melds, as a bit set, and its shown but
        unscored melds counted by kind (index, count)."""
        melds = state.melds
        found = self._memo.get("melds")
        if found is not None and found[0] is melds:
            value: tuple[list[int], list[list[tuple[int, int]]]] = found[1]
            return value
        n = self.rules.players
        seen = [0] * n
        counts: list[dict[int, int]] = [{} for _ in range(n)]
        for meld in melds:
            for card in meld.cards:
                seen[meld.seat] |= 1 << card
            if not meld.scored:
                kind = _KIND_INDEX[meld.kind]
                counts[meld.seat][kind] = counts[meld.seat].get(kind, 0) + 1
        value = seen, [list(c.items()) for c in counts]
        self._memo["melds"] = (melds, value)
        return value

    def _played(self, state: DealFields) -> list[int]:
        """Per seat, the cards it played to the completed tricks, as a bit set; the
        tricks added since the last state read are added to its sets."""
        tricks = state.tricks
        found = self._memo.get("played")
        if found is not None and found[0] is tricks:
            value: list[int] = found[1]
            return value
        done: tuple[Trick, ...] = () if found is None else found[0]  # type: ignore[assignment]
        if found is not None and len(tricks) >= len(done) and tricks[: len(done)] == done:
            value, start = list(found[1]), len(done)
        else:
            value, start = [0] * self.rules.players, 0
        for number in range(start, len(tricks)):
            trick = tricks[number]
            # A duel of the end phase has two seats, not every seat (EB9).
            seats = trick_seats(self.rules, tricks[:number], trick.leader)
            for seat, card in zip(seats, trick.cards, strict=True):
                value[seat] |= 1 << card
        self._memo["played"] = (tricks, value)
        return value

    def encode(self, view: SeatView) -> NDArray[np.float32]:
        """The vector of ``view`` (a new ``float32`` array of shape :attr:`shape`)."""
        # Not named np: the annotations below name numpy's types through the np of
        # the TYPE_CHECKING import, which a local np would hide from the type checker.
        numpy = require_extra("numpy", "numpy")
        require(view, SeatView, "ObservationEncoder.encode()", "view", "a SeatView")
        if view.rules is not self.rules and view.rules != self.rules:
            raise NotationError(
                f"a view of {view.rules.name} given to the encoder of {self.rules.name}"
            )
        # Filled as a list, turned into an array once: far quicker than item by item.
        filler = _Filler(self.size, self.offsets, view)
        filler.cards(view)
        filler.rest(view)
        vector: NDArray[np.float32] = numpy.array(filler.out, dtype=numpy.float32)
        return vector


class SeatVector:
    """The vector of one seat, kept from one state to the next
    (:meth:`ObservationEncoder.seat_vector`).

    :meth:`update` reads a state and rewrites in place only what differs from the
    vector of the state read before: the numbers that changed, the card rows whose
    bit set changed (a row by the faces whose count changed, when they are few), and
    a seat's rows only when what they are read from changed. Its numbers are those of
    ``encode_state(state, seat)`` for the last state read, whatever states came
    before (another deal's, or none).
    """

    __slots__ = ("_batch", "_encoder", "_state", "_written", "seat", "vector")

    def __init__(self, encoder: ObservationEncoder, seat: int) -> None:
        self._encoder = encoder
        #: The seat whose view the vector encodes.
        self.seat = seat
        self._batch = _Batch(1, encoder.size, encoder.rules.deck.packs, encoder._card_rows)
        self._written = _Written(encoder.rules.players)
        self._state: DealFields | None = None
        vector = self._batch.numbers(1)[0]
        # Written through the batch's bytes only: a caller that wants to change the
        # numbers copies them.
        vector.flags.writeable = False
        #: The vector of the last state read (read-only; :meth:`update` rewrites it).
        self.vector: NDArray[np.float32] = vector

    def update(self, state: DealFields) -> NDArray[np.float32]:
        """The vector of ``state`` for :attr:`seat`: :attr:`vector`, rewritten where it
        differs from the last state read (nothing, for the same state object). The
        next update rewrites it: copy it to keep it."""
        if state is self._state:
            return self.vector
        encoder = self._encoder
        # The seat was checked when the vector was made.
        encoder._check_deal(state)
        try:
            encoder._fill(state, self.seat, 0, self._batch, self._written)
        except BaseException:
            # A vector half written is not what the record of it says: start again
            # from zeros.
            buffer = self._batch.buffer
            buffer[:] = bytes(len(buffer))
            self._written = _Written(encoder.rules.players)
            self._state = None
            raise
        self._state = state
        return self.vector


#: The blocks of cards, in the order of the vector, and the other blocks.
_CARD_BLOCKS = (
    "hand",
    "hand_declared",
    "table",
    "declared_in_hand",
    "kinds",
    "broken",
    "known",
    "played",
    "trick",
)
_NUMBER_BLOCKS = (
    "trick_leader",
    "trumps",
    "turn_up",
    "stock_size",
    "hand_sizes",
    "scores",
    "phase",
    "to_act",
    "window",
    "declarations",
    "carte_blanche",
    "offers",
    "pending",
    "trick_number",
    "dealer",
)
#: Where each block starts in the vector.
_Starts = tuple[int, ...]

#: The 8 numbers (0 or 1) of each byte's bits, lowest bit first, as the bytes of
#: ``float32`` numbers in the machine's order, as NumPy reads the vector.
_BYTE_ROWS = tuple(
    struct.pack("=8f", *(byte >> bit & 1 for bit in range(8))) for byte in range(256)
)
#: A pack's cards in a row, 32 faces, one bit each.
_WORD = (1 << FACES_PER_PACK) - 1
#: By the number of packs, the first card of each pack's word (face 0 of each pack).
_SPREAD = tuple(sum(1 << (FACES_PER_PACK * p) for p in range(packs)) for packs in range(9))
#: A card row of zeros.
_ZERO_ROW = memoryview(bytes(4 * _F)).cast("f")
#: The most cards changed in a row for :meth:`_Batch.put` to write their faces one by
#: one rather than the whole row.
_FEW_FACES = 6


class _Batch:
    """The vectors of a batch being encoded, as the bytes of their ``float32``
    numbers, which NumPy reads as they are: written in Python through a view of them
    as numbers (:attr:`floats`), a card row as one slice, with one NumPy call for the
    whole batch.

    A card row counts its faces: the packs' 32-bit words laid on one another, each
    byte's 8 numbers read from a table, the faces the packs repeat in the row (two
    queens of spades in a hand) counted apart. The rows met are kept by bit set (by
    the encoder, as from one step to the next most rows are the same).
    """

    __slots__ = ("buffer", "floats", "packs", "rows", "size")

    #: The most rows :attr:`rows` keeps before it starts again (a deal meets a few
    #: hundred, and each kept row holds 128 bytes, so a few megabytes at most).
    _KEPT = 1 << 14

    def __init__(
        self, count: int, size: int, packs: int, rows: dict[int, memoryview[float]]
    ) -> None:
        #: Numbers per vector.
        self.size = size
        self.buffer = bytearray(4 * count * size)
        #: The buffer as ``float32`` numbers, written by index.
        self.floats = memoryview(self.buffer).cast("f")
        self.packs = packs
        self.rows = rows

    def row(self, mask: int) -> memoryview[float]:
        """The 32 ``float32`` numbers of a card row: how many of each face it holds."""
        seen = repeated = 0
        for pack in range(self.packs):
            word = mask >> (32 * pack) & _WORD
            repeated |= seen & word
            seen |= word
        faces = b"".join([_BYTE_ROWS[byte] for byte in seen.to_bytes(4, "little")])
        if repeated:
            counted = bytearray(faces)
            counts = memoryview(counted).cast("f")
            # A face's cards in the row: one bit of each pack's word.
            spread = _SPREAD[self.packs]
            while repeated:
                low = repeated & -repeated
                repeated ^= low
                face = low.bit_length() - 1
                counts[face] = (mask >> face & spread).bit_count()
            faces = bytes(counted)
        numbers = memoryview(faces).cast("f")
        if len(self.rows) >= self._KEPT:
            self.rows.clear()
        self.rows[mask] = numbers
        return numbers

    def vector(self, number: int) -> memoryview[float]:
        """The numbers of vector ``number`` of the batch (from 0), to write by index."""
        if number == 0 and len(self.floats) == self.size:
            return self.floats
        return self.floats[number * self.size : (number + 1) * self.size]

    def put(self, floats: memoryview[float], at: int, before: int, mask: int) -> None:
        """Write into ``floats`` the card row of ``mask`` at number ``at`` over the row
        of ``before`` written there: only the faces whose count changed when they are
        few and the row is not kept (a hand that lost or drew a card), else the whole
        row."""
        if not mask:
            floats[at : at + _F] = _ZERO_ROW
            return
        row = self.rows.get(mask)
        changed = before ^ mask
        if row is None and before and changed.bit_count() <= _FEW_FACES:
            # A face's cards in the row: one bit of each pack's word.
            spread = _SPREAD[self.packs]
            while changed:
                low = changed & -changed
                changed ^= low
                face = (low.bit_length() - 1) % _F
                floats[at + face] = (mask >> face & spread).bit_count()
            return
        floats[at : at + _F] = self.row(mask) if row is None else row

    def numbers(self, count: int) -> NDArray[np.float32]:
        """The vectors, one row each: a ``float32`` array over the bytes written (a
        buffer made for this batch, which nothing else holds)."""
        numpy = _numpy()
        if not count:
            empty: NDArray[np.float32] = numpy.zeros((0, self.size), dtype=numpy.float32)
            return empty
        vectors: NDArray[np.float32] = numpy.frombuffer(self.buffer, dtype=numpy.float32)
        return vectors.reshape(count, -1)


class _Written:
    """What a vector holds, so that the vector of a later state is written over it
    where the two differ (:class:`SeatVector`); a new vector holds nothing (zeros).
    It is the vector of one seat: the rows of the others lie by their seat relative
    to it."""

    __slots__ = ("numbers", "own", "seats", "trick")

    def __init__(self, players: int) -> None:
        #: The seat's own hand, as the bit sets of its two rows (not declared, declared).
        self.own = (0, 0)
        #: Per seat, what its rows were read from and hold (the bit sets of its cards
        #: declared still in the hand, of its table, of the cards known to be held and
        #: of those played; the histories read, :meth:`ObservationEncoder._declared`;
        #: the rows of its shown cards, by where they start).
        self.seats: list[list[Any]] = [[0, 0, 0, 0, None, {}] for _ in range(players)]
        #: The card ids of the trick written.
        self.trick: tuple[int, ...] = ()
        #: What the numbers after the card rows were written from, or None for
        #: nothing written (zeros). They are the trick's leader, the hands and the
        #: tables, the scores, the stock's size, the seat to act, the trick winner's
        #: turn (seat and declarations), the trick's number, all by where they lie
        #: (seats relative to the vector's own), and the group of those that change
        #: only now and then (:meth:`ObservationEncoder._fill_rare`).
        self.numbers: list[Any] = [None] * 9


def _move(out: memoryview[float], at: int, before: int | None, now: int | None) -> None:
    """Move the one of a one-hot block starting at ``at`` from ``before`` to ``now``
    (None: no one there)."""
    if before is not None:
        out[at + before] = 0
    if now is not None:
        out[at + now] = 1


#: NumPy, imported when first needed (the encoding from bit sets asks for it at
#: every step).
_NUMPY: dict[str, Any] = {}


def _numpy() -> Any:
    numpy = _NUMPY.get("module")
    if numpy is None:
        numpy = _NUMPY["module"] = require_extra("numpy", "numpy")
    return numpy


class _Filler:
    """The numbers of one view's vector, block by block, seats counted from the
    view's own (:meth:`ObservationEncoder.encode`)."""

    __slots__ = ("at", "me", "n", "out")

    def __init__(self, size: int, at: Mapping[str, int], view: SeatView) -> None:
        self.out = [0.0] * size
        self.at = at
        self.me = view.seat
        self.n = view.players

    def rel(self, seat: int) -> int:
        return (seat - self.me) % self.n

    def count(self, block: str, row: int, card: int) -> None:
        self.out[self.at[block] + row * _F + card % _F] += 1

    def one_hot(self, block: str, index: int) -> None:
        self.out[self.at[block] + index] = 1

    def shown(self, seat: int, entry: TableCard) -> None:
        """The kinds a card shown has been declared in, and whether it is broken."""
        r = self.rel(seat)
        k = len(_KINDS)
        for kind in entry.history:
            self.out[self.at["kinds"] + (r * k + _KIND_INDEX[kind]) * _F + entry.card % _F] += 1
        if entry.broken:
            self.count("broken", r, entry.card)

    def cards(self, view: SeatView) -> None:
        """Where each card is seen: the hand, the tables, declared in a hand, known
        to be held, played to past tricks and to the trick on the table."""
        me, rel, count = self.me, self.rel, self.count
        own_declared = {entry.card for entry in view.hand_kinds[me]} if view.hand_kinds else set()
        for card in view.hand:
            count("hand_declared" if card in own_declared else "hand", 0, card)
        for seat, table in enumerate(view.tables):
            for entry in table:
                count("table", rel(seat), entry.card)
                self.shown(seat, entry)
        for seat, entries in enumerate(view.hand_kinds):
            for entry in entries:
                count("declared_in_hand", rel(seat), entry.card)
                self.shown(seat, entry)
        for seat, cards in enumerate(view.known):
            for card in cards:
                count("known", rel(seat), card)
        for number, trick in enumerate(view.tricks):
            # A duel of the end phase has two seats, not every seat (EB9).
            seats = trick_seats(view.rules, view.tricks[:number], trick.leader)
            for seat, card in zip(seats, trick.cards, strict=True):
                count("played", rel(seat), card)
        for i, card in enumerate(view.trick):
            count("trick", i, card)

    def rest(self, view: SeatView) -> None:
        """Everything but the cards: trumps, the turn-up, the sizes, the scores, the
        phase, whose turn it is, the melds waiting to score, the dealer."""
        out, at, rel, one_hot = self.out, self.at, self.rel, self.one_hot
        one_hot("trick_leader", rel(view.leader))
        if view.trump is not None:
            one_hot("trumps", int(view.trump))
        if view.turn_up is not None:
            one_hot("turn_up", view.turn_up % _F)
        out[at["stock_size"]] = view.stock_size
        for seat in range(self.n):
            out[at["hand_sizes"] + rel(seat)] = view.hand_sizes[seat]
            out[at["scores"] + rel(seat)] = view.scores[seat]
            if view.carte_blanche and view.carte_blanche[seat]:
                one_hot("carte_blanche", rel(seat))
        one_hot("phase", _PHASES.index(view.phase))
        if view.current_player is not None:
            one_hot("to_act", rel(view.current_player))
        if view.window is not None:
            one_hot("window", rel(view.window.seat))
            out[at["declarations"]] = view.window.declarations
        for seat in view.offers:
            one_hot("offers", rel(seat))
        k = len(_KINDS)
        for meld in view.melds:
            if not meld.scored:
                out[at["pending"] + rel(meld.seat) * k + _KIND_INDEX[meld.kind]] += 1
        out[at["trick_number"]] = view.trick_number
        one_hot("dealer", rel(view.dealer))
