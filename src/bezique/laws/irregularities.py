"""The irregularities of a game played with real cards, and their remedies.

The engine admits no irregularity: a card dealt wrong, a lead out of turn or a
revoke cannot happen in it. At a real table they do, and S000's laws 3, 5, 6,
7, 9 and 13, with its penalty table and S004's rule on drawing, say what
follows. This module holds them as one table of :class:`Irregularity` entries,
each citing its law; the score sheet (:mod:`bezique.io.sheet`) records them.

A remedy that scores is a *forfeit*: S000 law 14 lets it be added to the other
side's score or taken from the offender's (the knob ``Scoring.forfeits``,
:class:`~bezique.rules.Forfeits`).

>>> import bezique as bz
>>> IRREGULARITIES["overdrawn"].law
'S000 law 6; penalty table'
>>> forfeit_changes(bz.variants.CLASSIC, IRREGULARITIES["overdrawn"], offender=1, claimant=0)
(100, 0)
>>> taken = bz.variants.CLASSIC.evolve(forfeits="taken-from-offender")
>>> forfeit_changes(taken, IRREGULARITIES["overdrawn"], offender=1, claimant=0)
(0, -100)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from bezique.errors import InvalidStateError
from bezique.rules import Forfeits, Rules

__all__ = ["IRREGULARITIES", "Irregularity", "forfeit_changes", "forfeit_points"]


@attrs.frozen
class Irregularity:
    """One irregularity: what went wrong, its law, and the remedy."""

    #: The name a score sheet uses for it (``"played-without-drawing"``).
    key: str
    #: The law that gives the remedy, by source tag and law number.
    law: str
    #: What went wrong.
    offence: str
    #: What the players do about it.
    remedy: str
    #: The forfeit in points (0 for none, the remedy being in the play, not the score).
    forfeit: int = 0
    #: The rule knob that sets the forfeit instead, where the sources disagree
    #: (S000 law 5 gives none for a lead out of turn, its penalty table 10).
    forfeit_knob: str | None = None

    def table_row(self) -> str:
        """The irregularity as a row of the table on the how-to page "Keep score at
        a real table" (a Markdown table: key, law, offence, remedy, forfeit)."""
        forfeit = f"`{self.forfeit_knob}`" if self.forfeit_knob else str(self.forfeit)
        cells = (f"`{self.key}`", self.law, self.offence, self.remedy, forfeit)
        return "| " + " | ".join(cells) + " |"


_TABLE: Final = (
    Irregularity(
        "short-deal",
        "S000 law 3",
        "too few cards dealt",
        "the hand is made up from the stock, or the non-dealer, if he has not looked "
        "at his cards, claims a new deal",
    ),
    Irregularity(
        "non-dealer-too-many",
        "S000 law 3",
        "the non-dealer dealt too many cards",
        "he does not draw again until his hand is back to its proper size",
    ),
    Irregularity(
        "dealer-too-many",
        "S000 law 3",
        "the dealer gave himself too many cards and has not looked at them",
        "the non-dealer takes back the excess and returns it to the stock",
    ),
    Irregularity(
        "dealer-too-many-looked",
        "S000 law 3",
        "the dealer gave himself too many cards and has looked at them",
        "the non-dealer scores 100",
        forfeit=100,
    ),
    Irregularity(
        "card-exposed-in-dealing",
        "S000 law 3",
        "a card exposed in dealing",
        "the non-dealer may claim a new deal",
    ),
    Irregularity(
        "lead-out-of-turn",
        "S000 law 5; penalty table",
        "a lead out of turn",
        "two hands: no penalty, and once the other has played it stands; three or "
        "four hands: the card stays on the table, may be played but not declared, "
        "and once anyone follows the play goes on",
        forfeit_knob="lead_out_of_turn_forfeit",
    ),
    Irregularity(
        "played-without-drawing",
        "S000 law 6; penalty table",
        "a player played without drawing",
        "he draws two cards next time, and the other scores 10 if he has not drawn himself",
        forfeit=10,
    ),
    Irregularity(
        "drew-two",
        "S000 law 6",
        "a player drew two cards instead of one",
        "the other chooses which card goes back, into the middle of the stock",
    ),
    Irregularity(
        "drew-out-of-turn",
        "S000 penalty table; S004",
        "a player drew from the stock out of turn",
        "the other scores 10 for each card so drawn",
        forfeit=10,
    ),
    Irregularity(
        "overdrawn",
        "S000 law 6; penalty table",
        "a player holds more cards than he should while the other holds the right number",
        "the other scores 100; if both hold too many there is no forfeit and each "
        "plays without drawing",
        forfeit=100,
    ),
    Irregularity(
        "wrong-card-in-declaration",
        "S000 law 7",
        "a wrong card put down in a declaration",
        "the declaration does not score until the player has won another trick, and he "
        "takes the cards back, liable to be called for as faced cards",
    ),
    Irregularity(
        "revoke",
        "S000 law 9",
        "a revoke in the last tricks, or failing to win a trick that could be won",
        "the last tricks all go to the other side (variation: the offender does not "
        "count his aces and tens); the sheet's brisques and last trick record the outcome",
    ),
    Irregularity(
        "card-played-in-error",
        "S000 law 13",
        "a card played in error",
        "it may be called for as a faced card at any time except in the last tricks",
    ),
)

#: Every irregularity, by key.
IRREGULARITIES: Final[Mapping[str, Irregularity]] = MappingProxyType({i.key: i for i in _TABLE})


def forfeit_points(rules: Rules, irregularity: Irregularity) -> int:
    """The forfeit in points for ``irregularity`` under these rules."""
    if irregularity.forfeit_knob is not None:
        points: int = rules.knobs()[irregularity.forfeit_knob]
        return points
    return irregularity.forfeit


def forfeit_changes(
    rules: Rules, irregularity: Irregularity, *, offender: int, claimant: int
) -> tuple[int, ...]:
    """What the forfeit changes in each seat's score: ``claimant`` gains it, or the
    offender loses it, as ``Scoring.forfeits`` says (S000 law 14)."""
    players = rules.players
    for name, seat in (("offender", offender), ("claimant", claimant)):
        if not 0 <= seat < players:
            raise InvalidStateError(f"{name}: no seat {seat}; seats are 0..{players - 1}")
    if rules.side_of(offender) == rules.side_of(claimant):
        raise InvalidStateError(
            f"seat {claimant} cannot claim a forfeit from seat {offender}, on its own side"
        )
    points = forfeit_points(rules, irregularity)
    changes = [0] * players
    if rules.scoring.forfeits is Forfeits.ADDED_TO_OTHERS:
        changes[claimant] = points
    else:
        changes[offender] = -points
    return tuple(changes)
