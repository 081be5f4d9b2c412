"""The records of a deal: its phase, completed tricks, declarations, the cards on
the tables, the trick winner's turn, score events and the result.

They are plain frozen values with no behaviour, shared by the engine, the
views, the JSON forms and the players (so none of those needs the engine to
name them).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from bezique.cards import display_key_of, display_order, face_of
from bezique.rules.melds import MeldKind

__all__ = [
    "DealResult",
    "DeclaredMeld",
    "Phase",
    "ScoreEvent",
    "ScoreSource",
    "TableCard",
    "Trick",
    "Window",
    "table_order",
]


class Phase(enum.StrEnum):
    """The stage of a deal."""

    #: Tricks with no duty to follow; the winner may declare, then both draw.
    STOCK = "stock"
    #: The stock is exhausted; table cards are back in hand, strict trick duties.
    END = "end"
    #: Every trick is played and the deal is scored.
    OVER = "over"


@attrs.frozen
class Trick:
    """A completed trick: who led, the cards in the order played, who won."""

    leader: int
    cards: tuple[int, ...]
    winner: int


@attrs.frozen
class TableCard:
    """A declared card on a table: its card id, the kinds it was declared in,
    and which of those melds have since lost a card."""

    card: int
    history: tuple[MeldKind, ...]
    broken: tuple[MeldKind, ...] = ()


def table_order(entries: Iterable[TableCard]) -> tuple[TableCard, ...]:
    """A table's cards in the order melds are shown (:func:`bezique.cards.display_order`)."""
    return tuple(sorted(entries, key=lambda t: display_key_of(t.card)))


@attrs.frozen
class DeclaredMeld:
    """A declaration made in this deal.

    ``trick`` is the number of the trick after which it was made (1-based);
    ``scored`` is false while it waits to be scored on a later trick (only when
    several melds may be shown and one scored, FOS p.326).
    """

    seat: int
    kind: MeldKind
    cards: tuple[int, ...]
    trick: int
    points: int
    scored: bool

    def display_cards(self) -> tuple[int, ...]:
        """The card ids in the order melds are shown (:func:`bezique.cards.display_order`:
        a sequence A T K Q J, a marriage K Q, a bezique Q♠ J♦)."""
        return display_order(self.cards)

    def display(self) -> str:
        """The meld for people, its cards in display order: ``bezique Q♠ J♦``."""
        return " ".join((self.kind.value, *(face_of(c).display() for c in self.display_cards())))

    def __str__(self) -> str:
        """The meld as text, its cards in display order: ``bezique QS JD``."""
        return " ".join((self.kind.value, *(str(face_of(c)) for c in self.display_cards())))


@attrs.frozen
class Window:
    """The trick winner's turn after a trick: exchange, declare, then draw (or pass).

    ``declarations`` counts the declarations made in this window (an exchange
    counts too when it is the trick's declaration); ``scored`` says whether one
    of them has scored; ``exchanged`` is the card id gained by an exchange in
    this window, which may not be declared in it (S000 law 8).

    In partnerships the right to declare may pass between partners: ``seat`` is
    the seat holding it now and ``passed`` the seats that passed it, in order, the
    trick's winner first (see :class:`bezique.PartnershipDeclarer`).
    """

    seat: int
    declarations: int = 0
    scored: bool = False
    exchanged: int | None = None
    passed: tuple[int, ...] = ()

    @property
    def winner(self) -> int:
        """The seat that won the trick: it draws first, whoever holds the turn."""
        return self.passed[0] if self.passed else self.seat


def _same_scores(result: DealResult) -> tuple[int, ...]:
    return result.scores


def _none_rubiconed(result: DealResult) -> tuple[bool, ...]:
    return (False,) * len(result.scores)


@attrs.frozen
class DealResult:
    """The outcome of a finished deal.

    ``scores`` are the points each seat made in the deal; ``game_scores`` what the
    deal adds to each seat's game total (the same, except under rubicon scoring,
    see :mod:`bezique.laws.scoring`); ``rubiconed`` the seats left under the rubicon;
    ``side_scores`` the points of each side (see :attr:`bezique.Rules.sides`).
    """

    scores: tuple[int, ...]
    brisques: tuple[int, ...]
    last_trick_winner: int
    game_scores: tuple[int, ...] = attrs.field(default=attrs.Factory(_same_scores, takes_self=True))
    rubiconed: tuple[bool, ...] = attrs.field(
        default=attrs.Factory(_none_rubiconed, takes_self=True)
    )
    #: The points each side made in the deal (``scores`` when each seat is a side).
    side_scores: tuple[int, ...] = attrs.field(default=attrs.Factory(_same_scores, takes_self=True))


class ScoreSource(enum.StrEnum):
    """What a score was for."""

    TURN_UP_SEVEN = "turn-up-seven"
    SEVEN_OF_TRUMPS = "seven-of-trumps"
    EXCHANGE = "exchange"
    DECLARATION = "declaration"
    LAST_TRICK = "last-trick"
    BRISQUES = "brisques"
    CARTE_BLANCHE = "carte-blanche"
    CUT = "cut"
    #: The end of the stock, to the winner of its last trick or to the player who
    #: draws its last card (Marjolet).
    STOCK_END = "stock-end"
    #: Every trick after the stock won by one seat (Marjolet).
    ALL_LAST_TRICKS = "all-last-tricks"


@attrs.frozen
class ScoreEvent:
    """Points scored by a seat, and what for (``detail``: the meld kind, say)."""

    seat: int
    points: int
    source: ScoreSource
    detail: str = ""
