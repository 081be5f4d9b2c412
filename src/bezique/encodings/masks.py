"""The observation vectors written from a deal's bit sets: the numbers of
:meth:`~bezique.encodings.observation.ObservationEncoder.encode_state`, and of the
vectors an environment keeps from one step to the next
(:class:`~bezique.encodings.observation.SeatVector`), without building a view.

The learning environments ask for a vector at every step, so this is their hot
loop: a module of its own, free of attrs classes, that the accelerated build
compiles with the engine. :mod:`bezique.encodings.observation` describes the
blocks and holds the public encoder.
"""

from __future__ import annotations

import struct
from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from bezique.cards import FACES_PER_PACK
from bezique.engine.fields import DealFields
from bezique.errors import InvalidStateError, require_extra
from bezique.laws.turns import trick_seats
from bezique.records import DeclaredMeld, Phase, Trick
from bezique.rules import Rules
from bezique.rules.melds import MeldKind, kinds_in

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "CARD_BLOCKS",
    "KINDS",
    "KIND_INDEX",
    "NUMBER_BLOCKS",
    "PHASES",
    "Batch",
    "MaskFiller",
    "SeatRows",
    "Written",
]

_F: Final = FACES_PER_PACK
#: The meld kinds, in the order of the blocks that count them.
KINDS: Final = tuple(MeldKind)
#: Each kind's place in :data:`KINDS`.
KIND_INDEX: Final = {kind: i for i, kind in enumerate(KINDS)}
#: The phases, in the order of the ``phase`` block.
PHASES: Final = (Phase.STOCK, Phase.END, Phase.OVER)

#: The blocks of cards, in the order of the vector, and the other blocks.
CARD_BLOCKS: Final = (
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
NUMBER_BLOCKS: Final = (
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
_BYTE_ROWS: Final = tuple(
    struct.pack("=8f", *(byte >> bit & 1 for bit in range(8))) for byte in range(256)
)
#: A pack's cards in a row, 32 faces, one bit each.
_WORD: Final = (1 << FACES_PER_PACK) - 1
#: By the number of packs, the first card of each pack's word (face 0 of each pack).
_SPREAD: Final = tuple(sum(1 << (FACES_PER_PACK * p) for p in range(packs)) for packs in range(9))
#: A card row of zeros.
_ZERO_ROW: Final = memoryview(bytes(4 * _F)).cast("f")
#: The most cards changed in a row for :meth:`Batch.put` to write their faces one by
#: one rather than the whole row.
_FEW_FACES: Final = 6
#: The most tricks completed since a vector was written for their cards to be added
#: to its rows of cards played one by one, rather than the rows written anew.
_FEW_TRICKS: Final = 2
#: The most rows :attr:`Batch.rows` keeps before it starts again (a deal meets a few
#: hundred, and each kept row holds 128 bytes, so a few megabytes at most).
_KEPT: Final = 1 << 14


class Batch:
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
        if len(self.rows) >= _KEPT:
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
        few (a hand that lost or drew a card), else the whole row."""
        if not mask:
            floats[at : at + _F] = _ZERO_ROW
            return
        changed = before ^ mask
        if before and changed.bit_count() <= _FEW_FACES:
            # A face's cards in the row: one bit of each pack's word.
            spread = _SPREAD[self.packs]
            while changed:
                low = changed & -changed
                changed ^= low
                face = (low.bit_length() - 1) % _F
                floats[at + face] = (mask >> face & spread).bit_count()
            return
        row = self.rows.get(mask)
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


class _DeclaredRows:
    """The cards with a declaration history, per meld kind (index, bit set) the cards
    declared in it where any, and the cards with a broken meld, as bit sets: read
    from one state's histories (:meth:`MaskFiller._declared`).

    A class, not a tuple: a seat's rows are kept while the rows they were written
    from are the same object, and the compiled build holds a tuple of fixed length
    unboxed, so that two reads of it are never the same object."""

    __slots__ = ("broken", "cards", "kinds")

    def __init__(self, cards: int, kinds: tuple[tuple[int, int], ...], broken: int) -> None:
        self.cards = cards
        self.kinds = kinds
        self.broken = broken


class SeatRows:
    """What one seat's rows of a vector were read from and hold
    (:attr:`Written.seats`): the bit sets of its cards declared still in the hand,
    of its table, of the cards known to be held and of those played; the histories
    read (:meth:`MaskFiller._declared`); the rows of its shown cards, by where they
    start."""

    __slots__ = ("declared", "in_hand", "known", "played", "rows", "table")

    def __init__(self) -> None:
        self.in_hand = 0
        self.table = 0
        self.known = 0
        self.played = 0
        self.declared: _DeclaredRows | None = None
        self.rows: dict[int, int] = {}


class Written:
    """What a vector holds, so that the vector of a later state is written over it
    where the two differ (:class:`~bezique.encodings.observation.SeatVector`); a new
    vector holds nothing (zeros). It is the vector of one seat: the rows of the others
    lie by their seat relative to it.

    Each field is typed, so that the compiled build compares them without Python's
    generic comparison."""

    __slots__ = (
        "hands",
        "leader",
        "number",
        "own",
        "rare",
        "run",
        "scores",
        "seats",
        "stock",
        "tables",
        "to_act",
        "trick",
        "tricks",
        "turn",
    )

    def __init__(self, players: int) -> None:
        #: The seat's own hand, as the bit sets of its two rows (not declared, declared).
        self.own = (0, 0)
        #: Per seat (by seat number), what its rows were read from and hold.
        self.seats = [SeatRows() for _ in range(players)]
        #: The card ids of the trick written.
        self.trick: tuple[int, ...] = ()
        #: The completed tricks whose cards the rows of cards played count, and the
        #: run of tricks they were read in (``MaskFiller._run``; -1 for none).
        self.tricks: tuple[Trick, ...] = ()
        self.run = -1
        # What the numbers after the card rows were written from, None for nothing
        # written (zeros): the trick's leader, the hands and the tables (the tuples
        # read), the scores, the stock's size, the seat to act, the trick winner's turn
        # (seat and declarations), the trick's number, seats relative to the vector's
        # own; and the group of those that change only now and then
        # (:meth:`MaskFiller._fill_rare`).
        self.leader: int | None = None
        self.hands: tuple[int, ...] | None = None
        self.tables: tuple[int, ...] | None = None
        self.scores: tuple[int, ...] | None = None
        self.stock: int | None = None
        self.to_act: int | None = None
        self.turn: tuple[int, int] | None = None
        self.number: int | None = None
        self.rare: tuple[object, ...] | None = None


def _move(out: memoryview[float], at: int, before: int | None, now: int | None) -> None:
    """Move the one of a one-hot block starting at ``at`` from ``before`` to ``now``
    (None: no one there)."""
    if before is not None:
        out[at + before] = 0
    if now is not None:
        out[at + now] = 1


def _move_cards(
    out: memoryview[float], at: int, before: tuple[int, ...], now: tuple[int, ...]
) -> None:
    """Move the cards of the trick's rows starting at ``at`` from the cards ``before``
    to the cards ``now``, a row a card in play order. A row of the trick holds one
    card, a single one at its face, moved by hand rather than written as a whole row:
    the cards that left their row are taken out first, then those that came in are
    put in."""
    for i, card in enumerate(before):
        if i >= len(now) or now[i] != card:
            out[at + i * _F + card % _F] = 0
    for i, card in enumerate(now):
        if i >= len(before) or before[i] != card:
            out[at + i * _F + card % _F] = 1


def _put_rows(
    out: memoryview[float], batch: Batch, before_rows: dict[int, int], rows: dict[int, int]
) -> None:
    """Write the card ``rows`` (bit sets by where they start) over ``before_rows``, the
    rows written there before: those that differ, and zeros for those no longer rows."""
    for at, mask in rows.items():
        before = before_rows.pop(at, 0)
        if before != mask:
            batch.put(out, at, before, mask)
    for at, before in before_rows.items():
        if before:
            batch.put(out, at, before, 0)


#: NumPy, imported when first needed (the encoding from bit sets asks for it at
#: every step).
_NUMPY: Final[dict[str, Any]] = {}


def _numpy() -> Any:
    numpy = _NUMPY.get("module")
    if numpy is None:
        numpy = _NUMPY["module"] = require_extra("numpy", "numpy")
    return numpy


class MaskFiller:
    """Writes the vectors of one rule set's deals from the states' bit sets, block
    by block, over what a vector held (:class:`Written`): the work of
    :class:`~bezique.encodings.observation.ObservationEncoder` at each step. It keeps
    where the blocks start, and the last values read from states' fields that change
    only now and then."""

    __slots__ = (
        "_broken_read",
        "_card_ids",
        "_card_rows",
        "_card_starts",
        "_declared_before",
        "_declared_changed",
        "_declared_rows",
        "_histories_read",
        "_melds_read",
        "_no_numbers",
        "_number_starts",
        "_played_rows",
        "_relative",
        "_run",
        "_shown_melds",
        "_size",
        "_trick_faces",
        "_tricks_read",
        "rules",
    )

    def __init__(self, rules: Rules, offsets: dict[str, int], size: int) -> None:
        self.rules = rules
        self._size = size
        #: The deck's card ids, for :meth:`_declared` to pick those with a history.
        self._card_ids: tuple[int, ...] = tuple(range(rules.deck_size))
        # The last values read from states' fields that change only now and then
        # (the histories, the melds, the completed tricks), kept with the field's
        # tuple read: successive states of a deal share those tuples until they
        # change, so one identity test tells whether to read them again.
        self._histories_read: tuple[int, ...] | None = None
        self._broken_read: tuple[int, ...] | None = None
        self._declared_rows = _DeclaredRows(0, (), 0)
        #: The rows of cards declared read before those, and the cards whose rows
        #: differ between the two (in the cards declared, a kind's, or the broken).
        self._declared_before: _DeclaredRows | None = None
        self._declared_changed = 0
        self._melds_read: tuple[DeclaredMeld, ...] | None = None
        self._shown_melds: _ShownMelds = ([], [])
        self._tricks_read: tuple[Trick, ...] | None = None
        self._played_rows: list[int] = []
        #: For each trick of those tricks, its cards' seats and faces, side by side.
        self._trick_faces: list[tuple[int, ...]] = []
        #: The number of the run of tricks read, which changes when the tricks of a
        #: state read do not follow on from those of the state read before. Within a
        #: run, of two states' tricks the fewer are the first of the others.
        self._run = 0
        #: The numbers of the card rows met so far, by bit set (see :class:`Batch`).
        self._card_rows: dict[int, memoryview[float]] = {}
        #: Where each block of cards starts (see :meth:`_fill_cards`), and each block
        #: of the other numbers (:meth:`_fill_numbers`).
        self._card_starts: _Starts = tuple(offsets[name] for name in CARD_BLOCKS)
        self._number_starts: _Starts = tuple(offsets[name] for name in NUMBER_BLOCKS)
        #: Zeros for the numbers after the card rows.
        self._no_numbers: memoryview[float] = memoryview(
            bytes(4 * (size - offsets[NUMBER_BLOCKS[0]]))
        ).cast("f")
        n = rules.players
        #: For each seat, where each seat lies in a block of seats of its vector.
        self._relative: tuple[tuple[int, ...], ...] = tuple(
            tuple((seat - me) % n for seat in range(n)) for me in range(n)
        )

    def batch(self, count: int) -> Batch:
        """A batch of ``count`` new vectors (zeros) to :meth:`fill`, reading the card
        rows met so far."""
        return Batch(count, self._size, self.rules.deck.packs, self._card_rows)

    def fill(self, state: DealFields, me: int, number: int, batch: Batch, written: Written) -> None:
        """Write into ``batch`` the vector of ``state`` for ``me``, number ``number``
        of the batch, over what ``written`` says it holds (nothing, for a new vector:
        zeros), and record in ``written`` what it holds now: the card rows whose bit
        set differs (:meth:`_fill_cards`), then the other numbers, each block where
        what it is read from differs (:meth:`_fill_numbers`)."""
        out = batch.vector(number)
        # What changes only now and then is read again only when its tuple has
        # changed (here and in _fill_cards): the test costs less than the call.
        melds = self._shown_melds if state.melds is self._melds_read else self._melds(state)
        seen, pending = melds
        self._fill_cards(state, me, out, batch, written, seen)
        self._fill_numbers(state, me, out, written, pending)

    def _fill_cards(
        self,
        state: DealFields,
        me: int,
        out: memoryview[float],
        batch: Batch,
        written: Written,
        seen: list[int],
    ) -> None:
        """The card rows of :meth:`_fill`, each written only where its bit set
        differs from the one written (a row of a seat read again only when what it is
        read from has changed)."""
        n = self.rules.players
        k = len(KINDS)
        (
            hand_at,
            hand_declared_at,
            table_at,
            in_hand_at,
            kinds_at,
            broken_at,
            known_at,
            _played_at,
            trick_at,
        ) = self._card_starts
        declared_rows = self._declared_rows
        if state.history is not self._histories_read or state.broken is not self._broken_read:
            declared_rows = self._declared(state)
        declared = declared_rows.cards
        kind_masks = declared_rows.kinds
        broken = declared_rows.broken
        if state.tricks is not written.tricks:
            self._fill_played(state, me, out, batch, written)
        hands, tables = state.hand_masks, state.table_masks
        revealed = state.revealed_masks or (0,) * n
        hand = hands[me]
        own = (hand & ~declared, hand & declared)
        if own != written.own:
            before_fresh, before_declared = written.own
            if before_fresh != own[0]:
                batch.put(out, hand_at, before_fresh, own[0])
            if before_declared != own[1]:
                batch.put(out, hand_declared_at, before_declared, own[1])
            written.own = own
        for seat in range(n):
            r = (seat - me) % n
            hand, table = hands[seat], tables[seat]
            # Another seat's concealed hand is read only where it meets the cards
            # shown to all (declared, or seen), and by its size.
            in_hand = hand & declared
            known = (revealed[seat] | seen[seat]) & hand
            was = written.seats[seat]
            if known != was.known:
                batch.put(out, known_at + r * _F, was.known, known)
                was.known = known
            if in_hand == was.in_hand and table == was.table:
                if declared_rows is was.declared:
                    continue
                if (
                    was.declared is self._declared_before
                    and not (table | in_hand) & self._declared_changed
                ):
                    # Only the histories changed since the rows were written, and not
                    # those of the cards this seat shows (most times another seat's
                    # card was played or declared): its rows stand.
                    was.declared = declared_rows
                    continue
            # What the seat shows changed (a declaration, a card of it played, cards
            # back in the hand), or the histories of its cards did: its rows of shown
            # cards again.
            rows: dict[int, int] = {}
            shown = table | in_hand
            if shown:
                rows[table_at + r * _F] = table
                rows[in_hand_at + r * _F] = in_hand
                kinds = kinds_at + r * k * _F
                for kind, mask in kind_masks:
                    rows[kinds + kind * _F] = shown & mask
                rows[broken_at + r * _F] = shown & broken
            _put_rows(out, batch, was.rows, rows)
            was.in_hand, was.table, was.declared, was.rows = in_hand, table, declared_rows, rows
        trick = state.trick
        if trick != written.trick:
            _move_cards(out, trick_at, written.trick, trick)
            written.trick = trick

    def _fill_played(
        self,
        state: DealFields,
        me: int,
        out: memoryview[float],
        batch: Batch,
        written: Written,
    ) -> None:
        """The rows of the cards each seat played to the completed tricks, for the
        tricks of ``state`` (read by :meth:`_played` unless they were the last read).

        Where they follow on from the tricks written (read in the same run) and are
        few (from one state to the next, one trick or none), each card of the new
        tricks is added to its seat's row, one number each: a trick changes a row
        of every seat, and a row rewritten costs more than a number. Otherwise the
        rows that differ are written anew."""
        tricks = state.tricks
        played = self._played_rows if tricks is self._tricks_read else self._played(state)
        played_at = self._card_starts[7]
        rel = self._relative[me]
        start = len(written.tricks)
        if written.run == self._run and 0 < len(tricks) - start <= _FEW_TRICKS:
            faces = self._trick_faces
            for number in range(start, len(tricks)):
                cards = faces[number]
                for i in range(0, len(cards), 2):
                    at = played_at + rel[cards[i]] * _F + cards[i + 1]
                    out[at] = out[at] + 1
            for seat, was in enumerate(written.seats):
                was.played = played[seat]
        else:
            for seat, was in enumerate(written.seats):
                seat_played = played[seat]
                if seat_played != was.played:
                    batch.put(out, played_at + rel[seat] * _F, was.played, seat_played)
                    was.played = seat_played
        written.tricks, written.run = tricks, self._run

    def _fill_numbers(
        self,
        state: DealFields,
        me: int,
        out: memoryview[float],
        written: Written,
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
        was = written
        leader = rel[state.leader]
        if leader != was.leader:
            _move(out, trick_leader, was.leader, leader)
            was.leader = leader
        hands, tables, scores = state.hand_masks, state.table_masks, state.scores
        if hands is not was.hands or tables is not was.tables:
            for seat, r in enumerate(rel):
                out[hand_sizes + r] = (hands[seat] | tables[seat]).bit_count()
            was.hands, was.tables = hands, tables
        if scores != was.scores:
            for seat, r in enumerate(rel):
                out[scores_at + r] = scores[seat]
            was.scores = scores
        stock = state.stock_size
        if stock != was.stock:
            out[stock_size] = stock
            was.stock = stock
        seat_to_act = state.current_player
        to_act = None if seat_to_act is None else rel[seat_to_act]
        if to_act != was.to_act:
            _move(out, to_act_at, was.to_act, to_act)
            was.to_act = to_act
        window = state.window
        turn = None if window is None else (rel[window.seat], window.declarations)
        before_turn = was.turn
        if turn != before_turn:
            _move(
                out,
                window_at,
                None if before_turn is None else before_turn[0],
                None if turn is None else turn[0],
            )
            out[declarations] = 0 if turn is None else turn[1]
            was.turn = turn
        number = state.trick_number
        if number != was.number:
            out[trick_number] = number
            was.number = number
        rare = (
            state.trump,
            state.turn_up,
            state.phase,
            state.dealer,
            state.carte_blanche,
            state.offers,
            pending,
        )
        if rare != was.rare:
            self._fill_rare(state, rel, out, pending)
            was.rare = rare

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
        k = len(KINDS)
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
        out[phase : phase + len(PHASES)] = zeros[: len(PHASES)]
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
        out[phase + PHASES.index(state.phase)] = 1
        out[dealer + rel[state.dealer]] = 1

    def _declared(self, state: DealFields) -> _DeclaredRows:
        """The cards with a declaration history, and per meld kind (its index) the
        cards declared in it, and the cards with a broken meld, as bit sets: read
        when the state's histories or broken marks are not the tuples read last."""
        histories, broken_marks = state.history, state.broken
        declared = broken = 0
        by_kind: dict[int, int] = {}
        # Only the few cards with a history are visited: compress() skips the rest
        # (most of a deal's cards, hundreds in the larger packs) without a Python step,
        # over the card ids made once (not a range's, made number by number).
        ids = self._card_ids
        longest = max(len(histories), len(broken_marks))
        if longest > len(ids):
            # compress() stops at the shorter of its two: ids enough for every entry.
            ids = tuple(range(longest))
        for card in compress(ids, histories):
            bit = 1 << card
            declared |= bit
            for kind in _kind_indices(histories[card]):
                by_kind[kind] = by_kind.get(kind, 0) | bit
        for card in compress(ids, broken_marks):
            broken |= 1 << card
        rows = _DeclaredRows(declared, tuple(sorted(by_kind.items())), broken)
        before = self._declared_rows
        changed = (before.cards ^ declared) | (before.broken ^ broken)
        kinds_before = dict(before.kinds)
        for kind, mask in rows.kinds:
            changed |= kinds_before.pop(kind, 0) ^ mask
        for mask in kinds_before.values():
            changed |= mask
        self._histories_read, self._broken_read = histories, broken_marks
        self._declared_before, self._declared_changed = before, changed
        self._declared_rows = rows
        return rows

    def _melds(self, state: DealFields) -> _ShownMelds:
        """Per seat, the cards it has shown in melds, as a bit set, and its shown but
        unscored melds counted by kind (index, count): read when the state's melds
        are not the tuple read last."""
        melds = state.melds
        n = self.rules.players
        seen = [0] * n
        counts: list[dict[int, int]] = [{} for _ in range(n)]
        for meld in melds:
            for card in meld.cards:
                seen[meld.seat] |= 1 << card
            if not meld.scored:
                kind = KIND_INDEX[meld.kind]
                counts[meld.seat][kind] = counts[meld.seat].get(kind, 0) + 1
        shown = seen, [list(c.items()) for c in counts]
        self._melds_read, self._shown_melds = melds, shown
        return shown

    def _played(self, state: DealFields) -> list[int]:
        """Per seat, the cards it played to the completed tricks, as a bit set, and
        the seat and face of each card of each trick (:meth:`_fill_played` adds them
        to a vector's rows): read when the state's tricks are not the tuple read
        last, the tricks added since then added to what was read."""
        tricks = state.tricks
        done = self._tricks_read
        if done is not None and len(tricks) >= len(done) and tricks[: len(done)] == done:
            # The same run: its tricks read so far keep their faces, and the new
            # tricks' are added to the list (which no vector of another run reads),
            # past any left by a read that stopped at a faulty trick.
            played, start = list(self._played_rows), len(done)
            faces = self._trick_faces
            del faces[start:]
        else:
            played, start, faces = [0] * self.rules.players, 0, []
            done = ()
            self._run += 1
        for number in range(start, len(tricks)):
            trick = tricks[number]
            # A duel of the end phase has two seats, not every seat (EB9). The tricks
            # before the first new one are those read before: no slice to make.
            before = done if number == start else tricks[:number]
            seats = trick_seats(self.rules, before, trick.leader)
            cards = trick.cards
            if len(cards) != len(seats):
                raise InvalidStateError(
                    f"tricks[{number}]: {len(cards)} cards in a trick of {len(seats)} seats"
                )
            pairs: list[int] = []
            # By index, not zip(strict=True): the compiled build makes that a call.
            for i, seat in enumerate(seats):
                card = cards[i]
                played[seat] |= 1 << card
                pairs += (seat, card % _F)
            faces.append(tuple(pairs))
        self._tricks_read, self._played_rows, self._trick_faces = tricks, played, faces
        return played


#: Per seat, the cards shown in melds and the unscored melds by kind (index, count).
_ShownMelds = tuple[list[int], list[list[tuple[int, int]]]]
#: The kinds of each declaration history met, by index in :data:`KINDS`.
_KIND_INDICES: Final[dict[int, tuple[int, ...]]] = {}


def _kind_indices(history: int) -> tuple[int, ...]:
    """The indices in :data:`KINDS` of the kinds of a declaration history."""
    found = _KIND_INDICES.get(history)
    if found is None:
        found = _KIND_INDICES[history] = tuple([KIND_INDEX[k] for k in kinds_in(history)])
    return found
