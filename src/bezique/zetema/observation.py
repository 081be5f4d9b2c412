"""A Zetema seat view as a flat tensor of fixed shape (the ``numpy`` extra, needed only
to encode).

:class:`ZetemaObservationEncoder` turns a :class:`~bezique.zetema.ZetemaView` into a
``float32`` vector whose length depends on the number of seats only:
``265 + 58 × seats`` (381 with two, 497 with four, 613 with six). It reads nothing
but the view, so it holds nothing the seat may not know. ``ObservationEncoder.of``
(:mod:`bezique.encodings.observation`) gives it for Zetema's rules; its API is that of
Bezique's encoder (``layout``, ``size``, ``shape``, ``block``, ``encode``,
``encode_state``).

Seats are *relative*, as in Bezique's encoder: row 0 is the observing seat, row 1
the next seat to its left (the order of play), and so on. Cards are counted by face
(:mod:`bezique.zetema.deck`: index ``rank * 4 + suit``, the ace first, suits S H D
C), so a block of 52 holds 2 where both copies of an imperial card are:

=================  ==========  ==========================================================
block              shape       what it counts
=================  ==========  ==========================================================
``hand``           52          the seat's own cards
``shown``          seats × 52  the cards each seat has shown in a declaration and still
                               holds (S003)
``tableau``        52          the cards on the tableau (its thirteen piles, by face)
``marriage_pile``  52          the cards of the marriages declared this hand
``zetema_pile``    52          the cards of the zetemas made this hand
``required``       52          the cards the discard must come from after a sequence,
                               flush or assembly (zero: any card)
``hand_sizes``     seats       the cards each seat holds
``stock_size``     1           the cards left to draw
``scores``         seats       the game total of each seat's side
``hand_scores``    seats       the points of each seat's side this hand
``partners``       seats       the seats of the observer's side, itself included
``phase``          3           combine, discard, over (one-hot)
``to_act``         seats       the seat to act (one-hot; zero: over)
``dealer``         seats       the dealer of this hand (one-hot)
``hand_number``    1           the hand being played (from 1)
=================  ==========  ==========================================================

Counts and points are given as they are, not scaled.

Encoding needs the ``numpy`` extra; the layout does not (``tests/rl`` encodes):

>>> from bezique import zetema
>>> encoder = ZetemaObservationEncoder.of(zetema.ZETEMA)
>>> encoder.size, encoder.layout[0], encoder.offsets["to_act"]
(381, ('hand', (52,)), 376)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import attrs

from bezique.encodings.observation import BlockVector, block_offsets
from bezique.errors import NotationError, SeatError, require, require_extra, require_int, shown
from bezique.zetema.deck import FACE_COUNT
from bezique.zetema.rules import ZetemaRules
from bezique.zetema.state import COMBINE, DISCARD, OVER, ZetemaState
from bezique.zetema.views import ZetemaView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["PHASES", "ZetemaObservationEncoder", "ZetemaSeatVector"]

_F = FACE_COUNT
#: The phases of a turn, in the order of the ``phase`` block.
PHASES = (COMBINE, DISCARD, OVER)


def _layout(seats: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return (
        ("hand", (_F,)),
        ("shown", (seats, _F)),
        ("tableau", (_F,)),
        ("marriage_pile", (_F,)),
        ("zetema_pile", (_F,)),
        ("required", (_F,)),
        ("hand_sizes", (seats,)),
        ("stock_size", (1,)),
        ("scores", (seats,)),
        ("hand_scores", (seats,)),
        ("partners", (seats,)),
        ("phase", (len(PHASES),)),
        ("to_act", (seats,)),
        ("dealer", (seats,)),
        ("hand_number", (1,)),
    )


@attrs.frozen(eq=False)
class ZetemaObservationEncoder(BlockVector):
    """The tensor encoding of the seat views of one Zetema rule set; build with
    :meth:`bezique.encodings.observation.ObservationEncoder.of` (or :meth:`of`)."""

    rules: ZetemaRules

    @classmethod
    def of(cls, rules: ZetemaRules) -> ZetemaObservationEncoder:
        """The encoder of ``rules`` (its shape depends on the number of seats)."""
        require(rules, ZetemaRules, "ZetemaObservationEncoder.of()", "rules", "a ZetemaRules")
        return _make_encoder(rules)

    def encode(self, view: ZetemaView) -> NDArray[np.float32]:
        """The vector of ``view`` (a new ``float32`` array of shape :attr:`shape`)."""
        # Not named np: the annotations below name numpy's types through the np of
        # the TYPE_CHECKING import, which a local np would hide from the type checker.
        numpy = require_extra("numpy", "numpy")
        require(view, ZetemaView, "ZetemaObservationEncoder.encode()", "view", "a ZetemaView")
        rules = view.rules
        if rules.players != self.rules.players or rules.imperial is not self.rules.imperial:
            raise NotationError(
                f"a view of {rules.players} seats, imperial suit {rules.imperial.name.lower()}, "
                f"given to the encoder of {self.rules.players}, "
                f"{self.rules.imperial.name.lower()}"
            )
        # Filled as a list, turned into an array once: far quicker than item by item.
        out = [0.0] * self.size
        at = self.offsets
        n = view.players
        me = view.seat

        def count(block: str, cards: tuple[int, ...], row: int = 0) -> None:
            start = at[block] + row * _F
            for card in cards:
                out[start + card] += 1

        count("hand", view.hand)
        for pile in view.tableau:
            count("tableau", pile)
        count("marriage_pile", view.marriage_pile)
        count("zetema_pile", view.zetema_pile)
        count("required", view.required)
        out[at["stock_size"]] = view.stock_size
        mine = rules.side_of(me)
        for seat in range(n):
            row = (seat - me) % n
            count("shown", view.shown[seat], row)
            side = rules.side_of(seat)
            out[at["hand_sizes"] + row] = view.hand_sizes[seat]
            out[at["scores"] + row] = view.side_scores[side]
            out[at["hand_scores"] + row] = view.hand_scores[side]
            out[at["partners"] + row] = float(side == mine)
        out[at["phase"] + PHASES.index(view.phase)] = 1
        if view.current_player is not None:
            out[at["to_act"] + (view.current_player - me) % n] = 1
        out[at["dealer"] + (view.dealer - me) % n] = 1
        out[at["hand_number"]] = view.hand_number
        vector: NDArray[np.float32] = numpy.array(out, dtype=numpy.float32)
        return vector

    def encode_state(self, state: ZetemaState, seat: int) -> NDArray[np.float32]:
        """The vector of ``state.view(seat)``: the API of Bezique's encoder, which
        reads its states' bit sets. A Zetema state keeps its cards as tuples of faces,
        which its view copies as they are, so the view is the quickest way here."""
        require(
            state, ZetemaState, "ZetemaObservationEncoder.encode_state()", "state", "a ZetemaState"
        )
        return self.encode(state.view(seat))

    def seat_vector(self, seat: int) -> ZetemaSeatVector:
        """A vector of ``seat`` kept from one state to the next: the API of Bezique's
        encoder (:meth:`bezique.encodings.observation.ObservationEncoder.seat_vector`),
        which an environment asks for; here each new state is encoded anew."""
        number = require_int(seat, "ZetemaObservationEncoder.seat_vector()", "seat")
        if not 0 <= number < self.rules.players:
            raise SeatError(f"no seat {shown(seat)}: seats are 0..{self.rules.players - 1}")
        return ZetemaSeatVector(self, number)


class ZetemaSeatVector:
    """The vector of one seat, kept for the last state read
    (:meth:`ZetemaObservationEncoder.seat_vector`): the API of
    :class:`bezique.encodings.observation.SeatVector`."""

    __slots__ = ("_encoder", "_state", "seat", "vector")

    def __init__(self, encoder: ZetemaObservationEncoder, seat: int) -> None:
        self._encoder = encoder
        #: The seat whose view the vector encodes.
        self.seat = seat
        self._state: ZetemaState | None = None
        #: The vector of the last state read (read-only), zeros before any.
        self.vector: NDArray[np.float32] = _read_only(
            require_extra("numpy", "numpy").zeros(encoder.size, dtype="float32")
        )

    def update(self, state: ZetemaState) -> NDArray[np.float32]:
        """The vector of ``state`` for :attr:`seat` (read-only; the same array for the
        same state object, a new one for another)."""
        if state is not self._state:
            self.vector = _read_only(self._encoder.encode_state(state, self.seat))
            self._state = state
        return self.vector


def _read_only(vector: NDArray[np.float32]) -> NDArray[np.float32]:
    vector.flags.writeable = False
    return vector


@functools.cache
def _make_encoder(rules: ZetemaRules) -> ZetemaObservationEncoder:
    layout = _layout(rules.players)
    offsets, size = block_offsets(layout)
    return ZetemaObservationEncoder(layout=layout, offsets=offsets, size=size, rules=rules)
