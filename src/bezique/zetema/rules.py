"""Zetema's rule object, its knobs and its presets.

:data:`ZETEMA` is the reading of the rules page: Sackson's rules (S003) with
the values and the turn of draw-one that Parlett's reprint gives (PAR-Z).
:data:`ZETEMA_1881` is the 1881 value set (CAS-Z). Both are reachable by name
with :func:`get`; any knob is changed with :func:`attrs.evolve` (or
:meth:`ZetemaRules.evolve`), which checks the result.

>>> from bezique import zetema
>>> rules = zetema.get("zetema").evolve(players=4)
>>> rules.hand_size, rules.target_score, rules.side_count
(6, 200, 2)
>>> zetema.get("zetema-1881").assembly[zetema.KING]
100
"""

from __future__ import annotations

from typing import Any

import attrs

from bezique.cards import Suit
from bezique.errors import RulesError, require, shown
from bezique.rules.options import check_fields
from bezique.zetema.deck import ACE, FIVE, JACK, KING, QUEEN

__all__ = ["ZETEMA", "ZETEMA_1881", "ZetemaRules", "get", "names", "rank_table"]


def rank_table(*, kings_queens: int, jacks: int, aces_fives: int, others: int) -> tuple[int, ...]:
    """A value per rank (ace first), from the four classes the sources use."""
    table = [others] * 13
    table[KING] = table[QUEEN] = kings_queens
    table[JACK] = jacks
    table[ACE] = table[FIVE] = aces_fives
    return tuple(table)


def _check(rules: ZetemaRules) -> None:
    # Each field's type and bounds first (a knob comes from JSON or a form), as the
    # components of Bezique's rules are checked; then what the game needs of them.
    check_fields(rules)
    if not rules.name:
        raise RulesError("ZetemaRules.name must be a non-empty string", ["name"])
    wrong: list[str] = []
    problems: list[str] = []
    if not 2 <= rules.players <= 6:
        wrong.append("players")
        problems.append(f"players must be 2 to 6, got {shown(rules.players)}")
    if rules.sides_of_six not in (2, 3):
        wrong.append("sides_of_six")
        problems.append(f"sides_of_six must be 2 or 3, got {shown(rules.sides_of_six)}")
    if rules.target is not None and rules.target <= 0:
        wrong.append("target")
        problems.append(f"target must be positive (or None), got {shown(rules.target)}")
    for name in ("assembly", "zetema"):
        table = getattr(rules, name)
        if len(table) != 13 or any(v < 0 for v in table):
            wrong.append(name)
            problems.append(f"{name} must hold 13 values of 0 or more, ace first")
    if len(rules.marriages) != 5 or any(v < 0 for v in rules.marriages):
        wrong.append("marriages")
        problems.append("marriages must hold 5 values of 0 or more (1 to 5 marriages)")
    for name in ("sequence", "flush", "flush_sequence", "imperial_marriage"):
        if getattr(rules, name) < 0:
            wrong.append(name)
            problems.append(f"{name} must be 0 or more")
    if problems:
        raise RulesError("; ".join(problems), wrong)


def _suit(value: Any) -> Suit:
    """The imperial suit: a :class:`~bezique.Suit`, its number or its text (``"S"``,
    ``"♠"``); another value is refused with :class:`~bezique.RulesError`."""
    if isinstance(value, Suit):
        return value
    try:
        return Suit.parse(value) if isinstance(value, str) else Suit(value)
    except (ValueError, TypeError):
        raise RulesError(f"imperial: not a suit: {shown(value)}", ["imperial"]) from None


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(value)


@attrs.frozen
class ZetemaRules:
    """The rules of a Zetema game. Every field is a knob; see the rules page.

    Values are points; ``assembly`` and ``zetema`` hold one value per rank, ace
    first (index with :data:`bezique.zetema.KING` etc.), ``marriages`` the value
    of one to five marriages declared at once.
    """

    #: The preset's name.
    name: str = "zetema"
    #: A line about the preset.
    description: str = ""
    #: Two to six players (S003).
    players: int = attrs.field(default=2, kw_only=True)
    #: Four and six players play in sides (S003, "play best in partnerships").
    partnerships: bool = attrs.field(default=True, kw_only=True)
    #: With six players, two sides of three, or three sides of two (S003).
    sides_of_six: int = attrs.field(default=2, kw_only=True)
    #: Draw up to the hand size at the start of a turn (S003) instead of one card
    #: (PAR-Z); after a marriage the player then discards as after any turn.
    draw_to_six: bool = attrs.field(default=False, kw_only=True)
    #: Play out the hand in which a side reaches the target (S003's change) instead
    #: of stopping at once (PAR-Z).
    finish_hand: bool = attrs.field(default=False, kw_only=True)
    #: The game's target; ``None`` for 300 with two or three players, 200 with more.
    target: int | None = attrs.field(default=None, kw_only=True)
    #: The suit of which the deck holds two copies.
    imperial: Suit = attrs.field(default=Suit.SPADES, converter=_suit, kw_only=True)
    #: Flushes (and flush sequences) may be in the imperial suit (never in CAS-Z).
    imperial_flushes: bool = attrs.field(default=True, kw_only=True)
    #: Six cards in rank order, any suits.
    sequence: int = attrs.field(default=20, kw_only=True)
    #: Six cards of one suit.
    flush: int = attrs.field(default=30, kw_only=True)
    #: Six cards of one suit in rank order.
    flush_sequence: int = attrs.field(default=50, kw_only=True)
    #: All five cards of a rank, by rank.
    assembly: tuple[int, ...] = attrs.field(
        default=rank_table(kings_queens=130, jacks=120, aces_fives=110, others=100),
        converter=_ints,
        kw_only=True,
    )
    #: The zetema of a rank (its fifth card discarded to the tableau), by rank.
    zetema: tuple[int, ...] = attrs.field(
        default=rank_table(kings_queens=50, jacks=20, aces_fives=15, others=5),
        converter=_ints,
        kw_only=True,
    )
    #: One, two, three, four or five marriages declared at once.
    marriages: tuple[int, ...] = attrs.field(
        default=(10, 30, 60, 100, 150), converter=_ints, kw_only=True
    )
    #: Added for each marriage in the imperial suit, when fewer than five are declared.
    imperial_marriage: int = attrs.field(default=10, kw_only=True)

    def __attrs_post_init__(self) -> None:
        _check(self)

    def __repr__(self) -> str:
        """The expression that builds these rules from a preset, as every game's rules
        show: the preset of their name (``variants.ZETEMA``, ``variants.ZETEMA_1881``;
        another name is shown against ``ZETEMA``) and :meth:`evolve` with only what
        differs. Evaluated with ``variants`` in scope (``from bezique import variants``),
        it gives equal rules.

        >>> from bezique import zetema
        >>> zetema.ZETEMA_1881.evolve(players=4)
        variants.ZETEMA_1881.evolve(players=4)
        """
        base = _REGISTRY.get(self.name, ZETEMA)
        changes = [
            # A suit is written as its letter, which the field reads back.
            f"{field.name}={(value.letter if isinstance(value, Suit) else value)!r}"
            for field in attrs.fields(ZetemaRules)
            if (value := getattr(self, field.name)) != getattr(base, field.name)
        ]
        shown_as = "variants." + base.name.upper().replace("-", "_")
        return shown_as + (f".evolve({', '.join(changes)})" if changes else "")

    def evolve(self, **changes: Any) -> ZetemaRules:
        """These rules with some knobs changed (checked)."""
        try:
            return attrs.evolve(self, **changes)
        except TypeError as error:
            raise RulesError(f"ZetemaRules: {error}", list(changes)) from None

    @property
    def hand_size(self) -> int:
        """Six cards, five with six players (S003)."""
        return 5 if self.players == 6 else 6

    @property
    def target_score(self) -> int:
        """300 with two or three players, 200 with four or more (S003), unless set."""
        if self.target is not None:
            return self.target
        return 300 if self.players <= 3 else 200

    @property
    def side_count(self) -> int:
        """How many sides score: one per player, or two (four players), or two or
        three (six players) in partnerships."""
        if not self.partnerships or self.players in (2, 3, 5):
            return self.players
        if self.players == 4:
            return 2
        return self.sides_of_six

    def side_of(self, seat: int) -> int:
        """The side of ``seat``: partners sit apart, every ``side_count``-th seat."""
        return seat % self.side_count

    def seat_scores(self, side_scores: tuple[int, ...]) -> tuple[int, ...]:
        """Per seat, the total of its side: in Zetema points belong to sides (S003)."""
        return tuple(side_scores[self.side_of(seat)] for seat in range(self.players))


ZETEMA = ZetemaRules(
    name="zetema",
    description="Zetema, Sackson's rules with Parlett's values (draw one, stop at the target)",
)

ZETEMA_1881 = ZETEMA.evolve(
    name="zetema-1881",
    description="Zetema with the 1881 values (Cassell's): lower assemblies, no imperial flush",
    assembly=rank_table(kings_queens=100, jacks=90, aces_fives=80, others=60),
    imperial_flushes=False,
)

_REGISTRY = {r.name: r for r in (ZETEMA, ZETEMA_1881)}


def get(name: str) -> ZetemaRules:
    """The Zetema preset named ``name`` (any case, ``_`` for ``-``)."""
    require(name, str, "zetema.get()", "name", "a str")
    rules = _REGISTRY.get(name.strip().lower().replace("_", "-"))
    if rules is None:
        known = ", ".join(sorted(_REGISTRY))
        raise RulesError(f"no Zetema preset named {shown(name)}; known: {known}", ["name"])
    return rules


def names() -> list[str]:
    """The Zetema presets' names, sorted."""
    return sorted(_REGISTRY)
