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

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, overload

import attrs

from bezique.cards import FACES_PER_PACK
from bezique.encodings.masks import KIND_INDEX, KINDS, PHASES, MaskFiller, Written
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
from bezique.records import TableCard
from bezique.rules import Rules
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


def _layout(seats: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    k = len(KINDS)
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
        ("phase", (len(PHASES),)),
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

    #: The writer of the vectors from the states' bit sets (what
    #: :meth:`encode_state`, :meth:`encode_states` and :class:`SeatVector` run).
    _filler: MaskFiller = attrs.field(init=False, repr=False)

    @_filler.default
    def _make_filler(self) -> MaskFiller:
        return MaskFiller(self.rules, self.offsets, self.size)

    def encode_state(self, state: DealFields, seat: int) -> NDArray[np.float32]:
        """The vector of ``state.view(seat)``, read from the state's bit sets without
        building the view: the same numbers, many times quicker (what the learning
        adapters call at every step).

        It reads of the hidden cards only what the view holds: the other seats'
        concealed hands only where they meet public cards (the declared cards still
        in a hand, the cards the others have seen) and by their sizes.
        """
        self._check_state(state, seat)
        filler = self._filler
        batch = filler.batch(1)
        filler.fill(state, seat, 0, batch, Written(self.rules.players))
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
        filler = self._filler
        batch = filler.batch(len(positions))
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
            filler.fill(state, seat, number, batch, Written(self.rules.players))
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

    __slots__ = ("_batch", "_encoder", "_filler", "_state", "_written", "seat", "vector")

    def __init__(self, encoder: ObservationEncoder, seat: int) -> None:
        self._encoder = encoder
        #: The seat whose view the vector encodes.
        self.seat = seat
        self._filler = encoder._filler
        self._batch = self._filler.batch(1)
        self._written = Written(encoder.rules.players)
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
        # The seat was checked when the vector was made; a deal of the encoder's own
        # rules needs no more (the check's call costs more than the test).
        if not isinstance(state, DealFields) or state.rules is not encoder.rules:
            encoder._check_deal(state)
        try:
            self._filler.fill(state, self.seat, 0, self._batch, self._written)
        except BaseException:
            # A vector half written is not what the record of it says: start again
            # from zeros.
            buffer = self._batch.buffer
            buffer[:] = bytes(len(buffer))
            self._written = Written(encoder.rules.players)
            self._state = None
            raise
        self._state = state
        return self.vector


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
        k = len(KINDS)
        for kind in entry.history:
            self.out[self.at["kinds"] + (r * k + KIND_INDEX[kind]) * _F + entry.card % _F] += 1
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
        one_hot("phase", PHASES.index(view.phase))
        if view.current_player is not None:
            one_hot("to_act", rel(view.current_player))
        if view.window is not None:
            one_hot("window", rel(view.window.seat))
            out[at["declarations"]] = view.window.declarations
        for seat in view.offers:
            one_hot("offers", rel(seat))
        k = len(KINDS)
        for meld in view.melds:
            if not meld.scored:
                out[at["pending"] + rel(meld.seat) * k + KIND_INDEX[meld.kind]] += 1
        out[at["trick_number"]] = view.trick_number
        one_hot("dealer", rel(view.dealer))
