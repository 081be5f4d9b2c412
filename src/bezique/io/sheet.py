"""A score sheet for a game played at a real table.

People playing with real cards keep the score on paper: each declaration, each
seven of trumps, the last trick, the aces and tens (brisques), and any
irregularity with its remedy. A :class:`ScoreSheet` holds such a record, deal
by deal, under a chosen rule set, and :meth:`ScoreSheet.tally` checks every
entry against those rules, as the engine would:

* a declaration that is not a meld, or that re-uses cards against the re-use
  rules, given the seat's earlier declarations in the deal, is refused with the
  engine's own :class:`~bezique.Reason` values (:mod:`bezique.laws.declaring`);
* a seven, a last trick, brisques, a carte blanche or a bonus of the end of the
  stock or of all the last tricks (Marjolet) the rules do not score, or more of
  them than the deck or the deal holds, is refused;
* an irregularity scores the forfeit of its law (:mod:`bezique.laws.irregularities`),
  added to the claimant or taken from the offender (``Scoring.forfeits``).

A refused entry scores nothing and changes nothing. The deal totals go to the
game as the rules say (rounding and the rubicon, :mod:`bezique.laws.scoring`),
and the game is decided by S000 law 12 (:func:`bezique.game.decide_winners`).

A card of a declaration is written as in the notation (:class:`~bezique.CardRef`):
``QS`` is a card from the concealed hand, ``QS[royal-marriage]`` a queen of
spades already on the table from a royal marriage.

>>> import bezique as bz
>>> from bezique.io.sheet import Brisques, Declaration, LastTrick, ScoreSheet, SheetDeal
>>> deal = SheetDeal(dealer=1, trump=bz.Suit.HEARTS, entries=(
...     Declaration(0, bz.MeldKind.BEZIQUE, ("QS", "JD")),
...     Declaration(0, bz.MeldKind.FOUR_QUEENS, ("QS[bezique]", "QH", "QD", "QC")),
...     Declaration(0, bz.MeldKind.BEZIQUE, ("QS[bezique,four-queens]", "JD")),
...     LastTrick(1), Brisques(0, 9), Brisques(1, 7),
... ))
>>> tally = ScoreSheet(bz.variants.CLASSIC, (deal,)).tally()
>>> tally.deals[0].scores
(190, 80)
>>> [(r.entry, r.reasons) for r in tally.refusals]
[(2, (<Reason.SAME_KIND_REUSED: 'same-kind-reused'>,))]
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from bezique.actions import CardRef
from bezique.cards import Card, Suit
from bezique.errors import (
    InvalidStateError,
    NotationError,
    printable,
    require,
    require_int,
    shown,
    wrong_type,
)
from bezique.io.readers import (
    fail,
    read_header,
    read_int,
    read_kind,
    read_list,
    read_seat,
    read_str,
)
from bezique.io.rules_json import rules_from_dict, rules_to_dict
from bezique.io.text import dumps, loads
from bezique.laws.declaring import (
    meld_patterns,
    rearrangement_applies,
    reuse_reasons,
    second_double_applies,
    tracks_broken,
    trump_fixers,
)
from bezique.laws.irregularities import IRREGULARITIES, forfeit_changes
from bezique.laws.scoring import (
    all_last_tricks_bonus,
    brisques_counted,
    brisques_in_totals,
    carte_blanche_bonus,
    deal_game_scores,
    decide_winners,
    exchange_bonus,
    last_trick_bonus,
    points_for_brisques,
    seven_of_trumps_bonus,
    stock_end_bonus,
    trick_scores,
    turn_up_seven_bonus,
)
from bezique.laws.zones import deck_tables
from bezique.legality import Reason
from bezique.records import DealResult
from bezique.rules import (
    BrisqueTiming,
    GameEnd,
    Rules,
    SevenOfTrumps,
    TrumpSelection,
    variants,
)
from bezique.rules.melds import MeldKind
from bezique.rules.options import MAX_KNOB

__all__ = [
    "SHEET_FORMAT",
    "SHEET_VERSION",
    "AllLastTricks",
    "Brisques",
    "CarteBlancheShown",
    "DealTally",
    "Declaration",
    "Entry",
    "IrregularityEntry",
    "LastTrick",
    "Refusal",
    "ScoreSheet",
    "Seven",
    "SevenScore",
    "SheetDeal",
    "StockEnd",
    "Tally",
    "format_tally",
]

#: The ``format`` of a score sheet document.
SHEET_FORMAT = "bezique-score-sheet"
#: The ``version`` of the score sheets this release writes and reads.
SHEET_VERSION = 1


def _tuple(value: object, function: str, parameter: str) -> tuple[Any, ...]:
    """``value`` as a tuple, or the :class:`TypeError` naming ``parameter``; text
    and bytes, iterable as they are, are not a list of entries, names or cards."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        wrong_type(function, parameter, "a sequence", value)
    return tuple(value)


def _entries(entries: Iterable[Entry]) -> tuple[Entry, ...]:
    values = _tuple(entries, "SheetDeal()", "entries")
    for i, entry in enumerate(values):
        require(entry, _ENTRY_TYPES, "SheetDeal()", f"entries[{i}]", "a sheet entry")
    return values


def _deals(deals: Iterable[SheetDeal]) -> tuple[SheetDeal, ...]:
    return _tuple(deals, "ScoreSheet()", "deals")


def _names(names: Iterable[str]) -> tuple[str, ...]:
    values = _tuple(names, "ScoreSheet()", "players")
    for i, name in enumerate(values):
        require(name, str, "ScoreSheet()", f"players[{i}]", "a str")
    return values


def _refs(cards: Iterable[CardRef | str]) -> tuple[CardRef, ...]:
    values = _tuple(cards, "Declaration()", "cards")
    for i, card in enumerate(values):
        require(card, (CardRef, str), "Declaration()", f"cards[{i}]", "a CardRef or its text")
    return tuple(c if isinstance(c, CardRef) else CardRef.parse(c) for c in values)


def _how(how: SevenScore | str) -> SevenScore:
    if isinstance(how, SevenScore):
        return how
    require(how, str, "Seven()", "how", "a SevenScore or its text")
    try:
        return SevenScore(how)
    except ValueError:
        expected = ", ".join(s.value for s in SevenScore)
        raise NotationError(f"how: expected one of {expected}, got {how!r}") from None


#: The largest seat number or count an entry may hold, far beyond any table or deck,
#: and short enough to print (an entry is printed in the refusals that name it).
MAX_ENTRY_NUMBER = MAX_KNOB


def _seat(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """A seat or a count: an ``int`` (:class:`TypeError`) of at most
    :data:`MAX_ENTRY_NUMBER` either way (:class:`~bezique.InvalidStateError`); one
    out of the table or the deck is refused by the tally, with the entry."""
    number = require_int(value, f"{type(instance).__name__}()", attribute.name)
    if abs(number) > MAX_ENTRY_NUMBER:
        raise InvalidStateError(
            f"{type(instance).__name__}(): {attribute.name} must be at most "
            f"{MAX_ENTRY_NUMBER:,} either way, got {shown(number)}"
        )


def _trump(instance: object, attribute: attrs.Attribute[Suit | None], value: object) -> None:
    require(value, (Suit, type(None)), "SheetDeal()", attribute.name, "a Suit or None")


def _kind(instance: object, attribute: attrs.Attribute[MeldKind], value: object) -> None:
    require(value, MeldKind, f"{type(instance).__name__}()", attribute.name, "a MeldKind")


def _text(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    require(value, str, f"{type(instance).__name__}()", attribute.name, "a str")


@attrs.frozen
class Declaration:
    """A declaration of ``kind`` by ``seat`` with these cards (``QS`` from the hand,
    ``QS[bezique]`` from the seat's table)."""

    seat: int = attrs.field(validator=_seat)
    kind: MeldKind = attrs.field(validator=_kind)
    cards: tuple[CardRef, ...] = attrs.field(converter=_refs)

    def __str__(self) -> str:
        return f"seat {self.seat} declares {self.kind.value} " + " ".join(map(str, self.cards))


class SevenScore(enum.StrEnum):
    """How a seven of trumps scored (S000 laws 4 and 8)."""

    #: Turned up by the dealer (S000 law 4).
    TURN_UP = "turn-up"
    #: Exchanged for the turn-up (S000 law 8).
    EXCHANGE = "exchange"
    #: Played to a trick (S000 law 8; in the variation, won a trick with it).
    PLAYED = "played"


@attrs.frozen
class Seven:
    """A seven of trumps scored by ``seat``; a seven *declared* (S001) is a
    :class:`Declaration` of ``seven-of-trumps``."""

    seat: int = attrs.field(validator=_seat)
    how: SevenScore = attrs.field(converter=_how)

    def __str__(self) -> str:
        return f"seat {self.seat} scores the seven of trumps ({self.how.value})"


@attrs.frozen
class LastTrick:
    """``seat`` won the last trick (S000 law 10)."""

    seat: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"seat {self.seat} wins the last trick"


@attrs.frozen
class StockEnd:
    """``seat`` scores the bonus at the end of the stock (Marjolet: the winner of the
    last stock trick, S003, or the player who draws the last card, WMJ;
    ``Scoring.stock_end_points``)."""

    seat: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"seat {self.seat} scores the end of the stock"


@attrs.frozen
class AllLastTricks:
    """``seat`` won every trick after the stock (Marjolet's sweep, S003, WMJ;
    ``Scoring.all_last_tricks_points``)."""

    seat: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"seat {self.seat} wins all the last tricks"


@attrs.frozen
class Brisques:
    """``seat`` counts ``count`` aces and tens won in tricks (S000 law 11)."""

    seat: int = attrs.field(validator=_seat)
    count: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"seat {self.seat} counts {self.count} brisques"


@attrs.frozen
class CarteBlancheShown:
    """``seat`` shows a carte blanche."""

    seat: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"seat {self.seat} shows a carte blanche"


@attrs.frozen
class IrregularityEntry:
    """An irregularity by ``seat`` (a key of
    :data:`~bezique.laws.irregularities.IRREGULARITIES`), ``count`` times (cards
    drawn out of turn), claimed by ``claimant`` (with two seats: the other seat)."""

    seat: int = attrs.field(validator=_seat)
    irregularity: str = attrs.field(validator=_text)
    claimant: int | None = attrs.field(default=None, validator=attrs.validators.optional(_seat))
    count: int = attrs.field(default=1, validator=_seat)

    def __str__(self) -> str:
        times = f" x{self.count}" if self.count != 1 else ""
        return f"seat {self.seat}: {self.irregularity}{times}"


#: An entry of a deal on the sheet.
Entry = (
    Declaration
    | Seven
    | LastTrick
    | StockEnd
    | AllLastTricks
    | Brisques
    | CarteBlancheShown
    | IrregularityEntry
)
#: The classes of :data:`Entry`.
_ENTRY_TYPES = (
    Declaration,
    Seven,
    LastTrick,
    StockEnd,
    AllLastTricks,
    Brisques,
    CarteBlancheShown,
    IrregularityEntry,
)


@attrs.frozen
class SheetDeal:
    """One deal on the sheet: its dealer, its trump suit (``None`` where trumps are
    fixed by the first marriage), and its entries in the order they were made."""

    dealer: int = attrs.field(validator=_seat)
    trump: Suit | None = attrs.field(validator=_trump)
    entries: tuple[Entry, ...] = attrs.field(converter=_entries)


@attrs.frozen
class Refusal:
    """An entry the rules refuse (``entry`` is ``None`` for the deal itself), with
    the engine's reasons where the engine has them, and sentences for people."""

    deal: int
    entry: int | None
    text: str
    reasons: tuple[Reason, ...]
    problems: tuple[str, ...]

    def __str__(self) -> str:
        where = f"deal {self.deal + 1}"
        if self.entry is not None:
            where += f", entry {self.entry + 1}"
        return f"{where}: {self.text}: " + "; ".join(self.problems)


@attrs.frozen
class DealTally:
    """A deal's outcome on the sheet: each seat's points in the deal, what they add
    to the game, the running totals after it, and the decision then."""

    scores: tuple[int, ...]
    brisques: tuple[int, ...]
    last_trick_winner: int | None
    game_scores: tuple[int, ...]
    rubiconed: tuple[bool, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    refusals: tuple[Refusal, ...]


@attrs.frozen
class Tally:
    """The whole sheet: each deal, the game totals, the winning side (or sides, if
    they share the win), and whether the game is over."""

    deals: tuple[DealTally, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    over: bool

    @property
    def refusals(self) -> tuple[Refusal, ...]:
        """Every refused entry, deal by deal."""
        return tuple(r for deal in self.deals for r in deal.refusals)


@attrs.frozen
class ScoreSheet:
    """A game at a real table under ``rules``: its deals, and the players' names."""

    rules: Rules
    deals: tuple[SheetDeal, ...] = attrs.field(converter=_deals)
    players: tuple[str, ...] = attrs.field(default=(), converter=_names)

    def __attrs_post_init__(self) -> None:
        require(self.rules, Rules, "ScoreSheet()", "rules", "a Rules")
        n = self.rules.players
        if self.players and len(self.players) != n:
            raise InvalidStateError(f"players: {n} names expected, got {len(self.players)}")
        for i, deal in enumerate(self.deals):
            require(deal, SheetDeal, "ScoreSheet()", f"deals[{i}]", "a SheetDeal")
            if not 0 <= deal.dealer < n:
                raise InvalidStateError(f"deal {i + 1}: no seat {deal.dealer} to deal")
            if deal.trump is None and self.rules.trumps.selection is TrumpSelection.TURN_UP:
                raise InvalidStateError(
                    f"deal {i + 1}: these rules turn up a trump: the deal must name its suit"
                )

    def tally(self) -> Tally:
        """Check every entry and add up the game."""
        rules = self.rules
        n = rules.players
        totals = (0,) * n
        winners: tuple[int, ...] = ()
        over = False
        deals: list[DealTally] = []
        for index, deal in enumerate(self.deals):
            if over:
                refusal = Refusal(index, None, "the deal", (), (_GAME_OVER,))
                deals.append(_unscored(n, totals, winners, (refusal,)))
                continue
            counter = _DealCounter(rules, index, deal, totals)
            counter.run()
            over, winners = counter.reached, counter.reached_winners
            if counter.last_trick_winner is None and not over:
                refusal = Refusal(
                    index, None, "the deal", (), ("no last trick recorded: the deal is unfinished",)
                )
                refusals = (*counter.refusals, refusal)
                deals.append(_unscored(n, totals, winners, refusals, tuple(counter.scores)))
                continue
            scores, counted = counter.final_scores()
            if rules.game.end is GameEnd.FIRST_TO_REACH:
                game_scores, rubiconed = scores, (False,) * n
            else:
                game_scores, rubiconed = deal_game_scores(rules, scores, counted)
            totals = tuple(t + s for t, s in zip(totals, game_scores, strict=True))
            if not over:
                winners, over = self._decide(totals, scores, counter, len(deals) + 1)
            deals.append(
                DealTally(
                    scores=scores,
                    brisques=tuple(counter.brisques),
                    last_trick_winner=counter.last_trick_winner,
                    game_scores=game_scores,
                    rubiconed=rubiconed,
                    totals=totals,
                    winners=winners,
                    refusals=tuple(counter.refusals),
                )
            )
        return Tally(tuple(deals), totals, winners, over)

    def _decide(
        self, totals: tuple[int, ...], scores: tuple[int, ...], counter: _DealCounter, done: int
    ) -> tuple[tuple[int, ...], bool]:
        rules = self.rules
        end = rules.game.end
        if end is GameEnd.DEALS:
            if done < rules.game.deals:
                return (), False
            sides = rules.side_totals(totals)
            leaders = tuple(s for s, t in enumerate(sides) if t == max(sides))
            return (leaders if len(leaders) == 1 else ()), True
        last = counter.last_trick_winner
        result = DealResult(scores, tuple(counter.brisques), 0 if last is None else last)
        winners = decide_winners(rules, totals, result)
        return winners, bool(winners)

    # -- JSON ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The sheet as a JSON object (the documentation page "Score sheets")."""
        rules: Any = rules_to_dict(self.rules)
        if _preset(self.rules.name) == self.rules:
            rules = self.rules.name
        return {
            "format": SHEET_FORMAT,
            "version": SHEET_VERSION,
            "rules": rules,
            "players": list(self.players),
            "deals": [
                {
                    "dealer": d.dealer,
                    "trump": None if d.trump is None else d.trump.letter,
                    "entries": [_entry_to_dict(e) for e in d.entries],
                }
                for d in self.deals
            ],
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """The sheet as JSON text."""
        return dumps(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: object) -> ScoreSheet:
        """A sheet from its JSON object; a malformed one raises
        :class:`~bezique.NotationError` or :class:`~bezique.InvalidStateError`."""
        doc = read_header(data, SHEET_FORMAT, SHEET_VERSION, _KEYS)
        raw = doc["rules"]
        rules = variants.get(raw) if isinstance(raw, str) else rules_from_dict(raw)
        players = tuple(
            read_str(p, f"players[{i}]") for i, p in enumerate(read_list(doc["players"], "players"))
        )
        deals = []
        for i, item in enumerate(read_list(doc["deals"], "deals")):
            path = f"deals[{i}]"
            obj = _read_keys(item, path, _DEAL_KEYS, ())
            trump = obj["trump"]
            if trump is not None:
                trump = Suit.parse(read_str(trump, f"{path}.trump"))
            entries = tuple(
                _entry_from_dict(e, f"{path}.entries[{j}]", rules.players)
                for j, e in enumerate(read_list(obj["entries"], f"{path}.entries"))
            )
            dealer = read_seat(obj["dealer"], f"{path}.dealer", rules.players)
            deals.append(SheetDeal(dealer, trump, entries))
        return cls(rules, tuple(deals), players)

    @classmethod
    def from_json(cls, text: str | bytes) -> ScoreSheet:
        """A sheet from JSON text."""
        return cls.from_dict(loads(text))


#: Why a deal, or an entry, after the game's end is refused.
_GAME_OVER = "the game is already over"


def _preset(name: str) -> Rules | None:
    known = {n for n, _ in variants.names()}
    return variants.get(name) if name in known else None


def _unscored(
    n: int,
    totals: tuple[int, ...],
    winners: tuple[int, ...],
    refusals: tuple[Refusal, ...],
    scores: tuple[int, ...] | None = None,
) -> DealTally:
    return DealTally(
        scores=scores or (0,) * n,
        brisques=(0,) * n,
        last_trick_winner=None,
        game_scores=(0,) * n,
        rubiconed=(False,) * n,
        totals=totals,
        winners=winners,
        refusals=refusals,
    )


@attrs.define
class _DealCounter:
    """One deal's entries checked and added up, in order."""

    rules: Rules
    index: int
    deal: SheetDeal
    before: tuple[int, ...]
    scores: list[int] = attrs.field(init=False)
    brisques: list[int] = attrs.field(init=False)
    last_trick_winner: int | None = attrs.field(init=False, default=None)
    last_tricks: int = attrs.field(init=False, default=0)
    #: The bonuses scored once a deal (:class:`StockEnd`, :class:`AllLastTricks`).
    bonuses: set[type] = attrs.field(init=False, factory=set)
    trump: Suit | None = attrs.field(init=False)
    #: Each seat's declared cards on its table, as (face, history mask).
    tables: list[list[tuple[Card, int]]] = attrs.field(init=False)
    sevens: dict[SevenScore, int] = attrs.field(init=False, factory=dict)
    refusals: list[Refusal] = attrs.field(init=False, factory=list)
    reached: bool = attrs.field(init=False, default=False)
    reached_winners: tuple[int, ...] = attrs.field(init=False, default=())

    def __attrs_post_init__(self) -> None:
        n = self.rules.players
        self.scores = [0] * n
        self.brisques = [0] * n
        self.trump = self.deal.trump
        self.tables = [[] for _ in range(n)]

    def run(self) -> None:
        for number, entry in enumerate(self.deal.entries):
            if self.reached:
                self._refuse(number, entry, [], [_GAME_OVER])
                continue
            reasons: list[Reason] = []
            problems: list[str] = []
            if not 0 <= entry.seat < self.rules.players:
                problems.append(f"no seat {entry.seat}; seats are 0..{self.rules.players - 1}")
                self._refuse(number, entry, reasons, problems)
                continue
            changes = self._check(entry, reasons, problems)
            if reasons or problems or changes is None:
                self._refuse(number, entry, reasons, problems)
                continue
            for seat, points in enumerate(changes):
                self.scores[seat] += points
            self._check_reached()

    def _check_reached(self) -> None:
        rules = self.rules
        if rules.game.end is not GameEnd.FIRST_TO_REACH:
            return
        running = [t + s for t, s in zip(self.before, self.scores, strict=True)]
        sides = rules.side_totals(running)
        reached = tuple(s for s, t in enumerate(sides) if t >= rules.game.target)
        if reached:
            self.reached, self.reached_winners = True, reached

    def _refuse(
        self, number: int, entry: Entry, reasons: list[Reason], problems: list[str]
    ) -> None:
        sentences = tuple(f"{r.value} ({r.explanation})" for r in reasons) + tuple(problems)
        self.refusals.append(Refusal(self.index, number, str(entry), tuple(reasons), sentences))

    def _points(self, seat: int, points: int) -> tuple[int, ...]:
        changes = [0] * self.rules.players
        changes[seat] = points
        return tuple(changes)

    def _check(
        self, entry: Entry, reasons: list[Reason], problems: list[str]
    ) -> tuple[int, ...] | None:
        rules = self.rules
        if isinstance(entry, Declaration):
            if entry.kind is MeldKind.SEVEN_OF_TRUMPS and (spent := self._sevens_spent()):
                problems.append(spent)
                return None
            return self._declaration(entry, reasons)
        if isinstance(entry, Seven):
            return self._seven(entry, reasons, problems)
        if isinstance(entry, LastTrick):
            if self.last_tricks >= len(trick_scores(rules).bonus_tricks):
                problems.append("the last trick has already been scored")
                return None
            self.last_tricks += 1
            self.last_trick_winner = entry.seat
            return self._points(entry.seat, last_trick_bonus(rules))
        if isinstance(entry, StockEnd | AllLastTricks):
            return self._bonus(entry, problems)
        if isinstance(entry, Brisques):
            return self._brisques(entry, problems)
        if isinstance(entry, CarteBlancheShown):
            points = carte_blanche_bonus(rules)
            if points is None:
                problems.append("these rules have no carte blanche")
                return None
            return self._points(entry.seat, points)
        return self._irregularity(entry, problems)

    def _bonus(
        self, entry: StockEnd | AllLastTricks, problems: list[str]
    ) -> tuple[int, ...] | None:
        if isinstance(entry, StockEnd):
            points, what = stock_end_bonus(self.rules), "bonus at the end of the stock"
        else:
            points, what = all_last_tricks_bonus(self.rules), "bonus for all the last tricks"
            last = self.last_trick_winner
            if last is not None and last != entry.seat:
                problems.append(f"seat {last} won the last trick")
                return None
        if points is None:
            problems.append(f"these rules have no {what}")
            return None
        if type(entry) in self.bonuses:
            problems.append(f"the {what} has already been scored")
            return None
        self.bonuses.add(type(entry))
        return self._points(entry.seat, points)

    def _declaration(self, entry: Declaration, reasons: list[Reason]) -> tuple[int, ...] | None:
        rules = self.rules
        kind = entry.kind
        value = rules.meld_value(kind)
        if value is None:
            reasons.append(Reason.KIND_NOT_IN_VARIANT)
        faces = tuple(ref.card for ref in entry.cards)
        if not any(p.matches(faces) for p in meld_patterns(rules, kind, self.trump)):
            reasons.append(Reason.NOT_A_MELD)
        used = self._table_cards(entry, reasons)
        self._fresh_cards(entry, reasons)
        if value is not None:
            reasons.extend(self._reuse(entry))
        if reasons or value is None:
            return None
        if self.trump is None and kind in trump_fixers(rules):
            self.trump = entry.cards[0].card.suit
        table = self.tables[entry.seat]
        for i in sorted(used, reverse=True):
            del table[i]
        table.extend((ref.card, ref.mask | kind.bit) for ref in entry.cards)
        return self._points(entry.seat, value)

    def _table_cards(self, entry: Declaration, reasons: list[Reason]) -> list[int]:
        """The places on the seat's table of the entry's cards that were declared
        before (those with a history), each found once; a card not found there is
        not held."""
        table = self.tables[entry.seat]
        used: list[int] = []
        for ref in entry.cards:
            if not ref.mask:
                continue
            found = next(
                (
                    i
                    for i, (face, history) in enumerate(table)
                    if i not in used and face == ref.card and history == ref.mask
                ),
                None,
            )
            if found is None:
                if Reason.CARD_NOT_HELD not in reasons:
                    reasons.append(Reason.CARD_NOT_HELD)
            else:
                used.append(found)
        return used

    def _fresh_cards(self, entry: Declaration, reasons: list[Reason]) -> None:
        """The entry's fresh cards (with no history) and those on the tables cannot
        be more of a face than the deck holds: one a pack."""
        fresh = [ref.card for ref in entry.cards if not ref.mask]
        on_tables = [face for seat_table in self.tables for face, _ in seat_table]
        for face in set(fresh):
            over = fresh.count(face) + on_tables.count(face) > self.rules.deck.packs
            if over and Reason.CARD_NOT_HELD not in reasons:
                reasons.append(Reason.CARD_NOT_HELD)

    def _reuse(self, entry: Declaration) -> list[Reason]:
        """Why the entry's cards may not be declared again in this meld (the laws of
        re-use), giving the benefit of the doubt where the sheet cannot tell."""
        rules, kind = self.rules, entry.kind
        histories = tuple(ref.mask for ref in entry.cards)
        broken = tuple(ref.broken_mask for ref in entry.cards)
        reuse = reuse_reasons(rules, kind, histories, broken if tracks_broken(rules) else None)
        # Re-paired marriages and second doubles depend on which meld each card
        # lies in, which a sheet does not record: the sheet gives the benefit of it.
        if reuse and (
            rearrangement_applies(rules, kind, reuse) or second_double_applies(rules, kind, reuse)
        ):
            return []
        return reuse

    def _seven(
        self, entry: Seven, reasons: list[Reason], problems: list[str]
    ) -> tuple[int, ...] | None:
        rules = self.rules
        trumps = rules.trumps
        done = self.sevens.get(entry.how, 0)
        if entry.how is SevenScore.TURN_UP:
            if not rules.deck.turn_up:
                reasons.append(Reason.NO_TURN_UP)
            if entry.seat != self.deal.dealer:
                problems.append("only the dealer scores a turned-up seven")
            if done:
                problems.append("the turned-up seven has already been scored")
            points = turn_up_seven_bonus(rules)
        elif entry.how is SevenScore.EXCHANGE:
            if exchange_bonus(rules) is None:
                reasons.append(Reason.EXCHANGE_NOT_IN_VARIANT)
            elif done or self.sevens.get(SevenScore.TURN_UP):
                # After an exchange, or a seven turned up, the turn-up is a seven.
                reasons.append(Reason.TURN_UP_IS_SEVEN)
            points = exchange_bonus(rules) or 0
        else:
            if trumps.seven_of_trumps not in (
                SevenOfTrumps.ON_PLAY,
                SevenOfTrumps.ON_WIN,
                SevenOfTrumps.ON_PLAY_OR_DECLARATION,
            ):
                problems.append("these rules score no seven of trumps played to a trick")
            if done >= rules.deck.packs:
                problems.append(f"the deck holds only {rules.deck.packs} sevens of trumps")
            elif spent := self._sevens_spent():
                problems.append(spent)
            points = seven_of_trumps_bonus(rules)
        if reasons or problems:
            return None
        self.sevens[entry.how] = done + 1
        return self._points(entry.seat, points)

    def _sevens_spent(self) -> str:
        """Where a seven of trumps scores played or declared, each seven once (S001),
        or where each seven scores once, turned up, exchanged or played (S003:
        ``Trumps.seven_scores_once``): why no seven is left to score, once as many
        have scored as the deck holds; empty while one is left."""
        packs = self.rules.deck.packs
        if self.rules.trumps.seven_scores_once:
            # S003: "Or if he does not exchange, he scores 10 points when playing the
            # dix": a seven that scored turned up or exchanged scores no more.
            done = [self.sevens.get(how, 0) for how in SevenScore]
            if sum(done) < packs:
                return ""
            said = ", ".join(f"{n} {how.value}" for how, n in zip(SevenScore, done, strict=True))
            return (
                f"each seven of trumps scores once, turned up, exchanged or played (S003): "
                f"{said}, of the {packs} in the deck"
            )
        if self.rules.trumps.seven_of_trumps is not SevenOfTrumps.ON_PLAY_OR_DECLARATION:
            return ""
        seven = MeldKind.SEVEN_OF_TRUMPS.bit
        declared = sum(1 for table in self.tables for _, history in table if history & seven)
        played = self.sevens.get(SevenScore.PLAYED, 0)
        if played + declared < self.rules.deck.packs:
            return ""
        return (
            f"each seven of trumps scores once, played or declared (S001): {played} played "
            f"and {declared} declared of the {self.rules.deck.packs} in the deck"
        )

    def _brisques(self, entry: Brisques, problems: list[str]) -> tuple[int, ...] | None:
        rules = self.rules
        in_deck = deck_tables(rules.deck.packs).brisques.bit_count()
        if rules.scoring.brisques is BrisqueTiming.NEVER:
            problems.append("aces and tens do not score under these rules")
        elif entry.count < 0 or sum(self.brisques) + entry.count > in_deck:
            problems.append(f"the deck holds {in_deck} aces and tens")
        if problems:
            return None
        self.brisques[entry.seat] += entry.count
        if rules.scoring.brisques is BrisqueTiming.TIES_AND_RUBICON:
            # Counted, or not, when the deal is done (final_scores).
            return self._points(entry.seat, 0)
        return self._points(entry.seat, points_for_brisques(rules, entry.count))

    def _irregularity(
        self, entry: IrregularityEntry, problems: list[str]
    ) -> tuple[int, ...] | None:
        rules = self.rules
        irregularity = IRREGULARITIES.get(entry.irregularity)
        if irregularity is None:
            known = ", ".join(IRREGULARITIES)
            problems.append(f"no irregularity {entry.irregularity!r}; known: {known}")
            return None
        claimant = entry.claimant
        if claimant is None:
            others = [
                s for s in range(rules.players) if rules.side_of(s) != rules.side_of(entry.seat)
            ]
            if len(others) != 1:
                problems.append("with more than two seats the entry must name the claimant")
                return None
            claimant = others[0]
        if entry.count < 1:
            problems.append("an irregularity is counted at least once")
            return None
        try:
            changes = forfeit_changes(rules, irregularity, offender=entry.seat, claimant=claimant)
        except InvalidStateError as error:
            problems.append(str(error))
            return None
        return tuple(c * entry.count for c in changes)

    def final_scores(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The deal's points, with the aces and tens if the rules count them now, and
        the points of the aces and tens among them (:func:`brisques_in_totals`)."""
        rules = self.rules
        scores = tuple(self.scores)
        if rules.scoring.brisques is not BrisqueTiming.TIES_AND_RUBICON:
            return scores, brisques_in_totals(rules, self.brisques, counted=False)
        brisque_mask = deck_tables(rules.deck.packs).brisques
        # The law asks which aces and tens each seat won; only how many matters.
        won, rest = [], brisque_mask
        for count in self.brisques:
            mask = 0
            for _ in range(count):
                low = rest & -rest
                mask |= low
                rest ^= low
            won.append(mask)
        if not brisques_counted(rules, scores, won, brisque_mask):
            return scores, ()
        counted = brisques_in_totals(rules, self.brisques, counted=True)
        return tuple(s + b for s, b in zip(scores, counted, strict=True)), counted


# -- JSON -----------------------------------------------------------------------------------

_KEYS = ("format", "version", "rules", "players", "deals")
_DEAL_KEYS = ("dealer", "trump", "entries")


def _read_keys(
    value: object, path: str, required: Sequence[str], optional: Sequence[str]
) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        fail(path, "an object", value)
    for key in required:
        if key not in value:
            raise NotationError(f"{path}: missing key {key!r}")
    allowed = (*required, *optional)
    for key in value:
        if key not in allowed:
            raise NotationError(
                f"{path}: unknown key {key!r} (expected the keys " + ", ".join(allowed) + ")"
            )
    return value


def _entry_to_dict(entry: Entry) -> dict[str, Any]:
    out: dict[str, Any]
    if isinstance(entry, Declaration):
        out = {"entry": "declaration", "seat": entry.seat, "kind": entry.kind.value}
        out["cards"] = [str(c) for c in entry.cards]
    elif isinstance(entry, Seven):
        out = {"entry": "seven", "seat": entry.seat, "how": entry.how.value}
    elif isinstance(entry, LastTrick):
        out = {"entry": "last-trick", "seat": entry.seat}
    elif isinstance(entry, StockEnd):
        out = {"entry": "stock-end", "seat": entry.seat}
    elif isinstance(entry, AllLastTricks):
        out = {"entry": "all-last-tricks", "seat": entry.seat}
    elif isinstance(entry, Brisques):
        out = {"entry": "brisques", "seat": entry.seat, "count": entry.count}
    elif isinstance(entry, CarteBlancheShown):
        out = {"entry": "carte-blanche", "seat": entry.seat}
    else:
        out = {"entry": "irregularity", "seat": entry.seat, "irregularity": entry.irregularity}
        if entry.claimant is not None:
            out["claimant"] = entry.claimant
        if entry.count != 1:
            out["count"] = entry.count
    return out


_ENTRY_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "declaration": (("entry", "seat", "kind", "cards"), ()),
    "seven": (("entry", "seat", "how"), ()),
    "last-trick": (("entry", "seat"), ()),
    "stock-end": (("entry", "seat"), ()),
    "all-last-tricks": (("entry", "seat"), ()),
    "brisques": (("entry", "seat", "count"), ()),
    "carte-blanche": (("entry", "seat"), ()),
    "irregularity": (("entry", "seat", "irregularity"), ("claimant", "count")),
}


def _entry_from_dict(value: object, path: str, players: int) -> Entry:
    if not isinstance(value, Mapping):
        fail(path, "an object", value)
    name = read_str(value.get("entry"), f"{path}.entry")
    if name not in _ENTRY_KEYS:
        raise NotationError(
            f"{path}.entry: no entry {name!r} (expected one of " + ", ".join(_ENTRY_KEYS) + ")"
        )
    obj = _read_keys(value, path, *_ENTRY_KEYS[name])
    seat = read_seat(obj["seat"], f"{path}.seat", players)
    if name == "declaration":
        cards = tuple(
            CardRef.parse(read_str(c, f"{path}.cards[{i}]"))
            for i, c in enumerate(read_list(obj["cards"], f"{path}.cards"))
        )
        return Declaration(seat, read_kind(obj["kind"], f"{path}.kind"), cards)
    if name == "seven":
        how = read_str(obj["how"], f"{path}.how")
        if how not in {s.value for s in SevenScore}:
            expected = ", ".join(s.value for s in SevenScore)
            raise NotationError(f"{path}.how: expected one of {expected}, got {how!r}")
        return Seven(seat, SevenScore(how))
    if name == "last-trick":
        return LastTrick(seat)
    if name == "stock-end":
        return StockEnd(seat)
    if name == "all-last-tricks":
        return AllLastTricks(seat)
    if name == "brisques":
        return Brisques(seat, read_int(obj["count"], f"{path}.count"))
    if name == "carte-blanche":
        return CarteBlancheShown(seat)
    claimant = obj.get("claimant")
    return IrregularityEntry(
        seat,
        read_str(obj["irregularity"], f"{path}.irregularity"),
        None if claimant is None else read_seat(claimant, f"{path}.claimant", players),
        read_int(obj.get("count", 1), f"{path}.count"),
    )


# -- text -----------------------------------------------------------------------------------


def _remedies(sheet: ScoreSheet, index: int, deal: DealTally, names: Sequence[str]) -> list[str]:
    """A line for each irregularity the deal records: its law and remedy."""
    if index >= len(sheet.deals):
        return []
    refused = {r.entry for r in deal.refusals}
    if any(r.entry is None and r.problems == (_GAME_OVER,) for r in deal.refusals):
        # A deal after the game's end is refused whole: its entries were not checked.
        return []
    lines = []
    for number, entry in enumerate(sheet.deals[index].entries):
        if not isinstance(entry, IrregularityEntry) or number in refused:
            continue
        irregularity = IRREGULARITIES[entry.irregularity]
        lines.append(
            f"  {names[entry.seat]}: {irregularity.offence} ({irregularity.law}): "
            f"{irregularity.remedy}"
        )
    return lines


def format_tally(sheet: ScoreSheet, tally: Tally) -> str:
    """The tally as lines for people: each deal's points, what they add to the game,
    the running totals, any refused entry, and the decision."""
    rules = sheet.rules
    # The sheet's text is its writer's: its control characters are shown escaped.
    names = tuple(map(printable, sheet.players)) or tuple(f"seat {s}" for s in range(rules.players))
    lines = [f"rules: {printable(rules.name)}; target {rules.game.target}"]
    for number, deal in enumerate(tally.deals, 1):
        points = ", ".join(f"{n} {s}" for n, s in zip(names, deal.scores, strict=True))
        lines.append(f"deal {number}: {points}")
        if deal.game_scores != deal.scores:
            added = ", ".join(f"{n} {s}" for n, s in zip(names, deal.game_scores, strict=True))
            lines.append(f"  to the game: {added}")
        running = ", ".join(f"{n} {s}" for n, s in zip(names, deal.totals, strict=True))
        lines.append(f"  totals: {running}")
        lines.extend(_remedies(sheet, number - 1, deal, names))
        lines.extend(f"  refused: {printable(str(r))}" for r in deal.refusals)
    if tally.over and tally.winners:
        if rules.sides:
            won = " and ".join(f"side {w}" for w in tally.winners)
        else:
            won = " and ".join(names[w] for w in tally.winners)
        lines.append(f"the game: won by {won}")
    elif tally.over:
        lines.append("the game: over, no winner")
    else:
        lines.append(f"the game: not decided (target {rules.game.target})")
    return "\n".join(lines)
