"""The tricks behind a position's won cards: :func:`rebuild_tricks`.

A position (:mod:`bezique.io.position`) keeps who won each trick and each seat's won
cards, not which seat played which card to which trick. The reader needs tricks all
the same (the state holds them), and a past that could have been played: the seats'
views show the tricks, and whoever deals out a view (:mod:`bezique.checks.determinize`)
replays them with the checks of :func:`bezique.checks.reachable.check_history`. So the
tricks are searched for under every law that reads their cards:

* each trick is won by its winner's card under the terms of its time (S000 law 6; in
  the end phase law 9), and holds one card of each seat that plays to it;
* a declared card was played by a seat of the declarer's side (a partnership may
  declare with the partner's table cards, BIC) to a trick after the declaration, or,
  where melds are shown from the cards won (S003), was won by the declarer by then;
* once the stock is out each card played followed the duties of S000 law 9 against
  the hand its seat held then: what it holds now and every card it played since.

The end-phase tricks are chosen first, the last one first, as the hands they need
grow backwards from those held now; then each seat's stock-phase tricks from the rest
of its pile. There the declared card with the fewest tricks left that may hold it is
placed first, into each of those tricks in turn, so that a card only one trick can
take is never left until that trick is gone; once no declared card is left, the
tricks the seat did not lead come first (they need a card that beats the lead).
Cards of one face under the same constraints are interchangeable: one of them is
tried, and a choice that failed with some cards left is not tried again with their
twins. Before each choice of an end-phase trick the declared cards of each seat's
pile must still have a place of their own in the tricks it won that are left (Hall's
condition, which the nested sets of tricks a declared card fits make a count), and
where the cards declared after some trick outnumber the places the other tricks after
it hold, the trick chosen holds the excess (a declared card that only it can hold is
the simplest case). A declared card that no stock-phase trick its seat won fits was
played in the end phase, and the duties bar it from some of those tricks for good:
the hands held at an earlier trick only hold more than those held after the tricks
chosen so far (the hands held now, each with the cards it played to those tricks
back in it), and a card a hand may not play stays barred as it grows. Such cards
must have places of their own among the tricks the duties leave them against the
hands the search has come back to (a matching, found again after each choice, as the
cards handed back bar them from more tricks, once some choice has failed: until
then the position's hands are read), and a trick the others cannot spare holds as
many of them as they lack. And once some choice has failed, before each choice each
seat's end-phase tricks still to fill are filled on their own, the others' left out
(the others' tricks only hand more cards back, and a card a hand may not play stays
barred as it grows, so tricks that fail alone fail among them; a look that runs out
of its own tries proves nothing). A choice of a seat's tricks that leaves its earlier ones no
cards the duties allow is so taken back at once, not after every choice of the
others' tricks in between.

The search gives up after a fixed number of tries, and it knows when it did: finding
nothing without giving up proves that no such tricks exist. :func:`rebuild_tricks`
then names the law they would break; where it gave up, it raises
:class:`TricksNotFoundError` instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

import attrs

from bezique.cards import Suit, face_of
from bezique.errors import InvalidStateError
from bezique.laws.dealing import eldest_hand
from bezique.laws.declaring import trump_fixers
from bezique.laws.tricks import playable, takes_table, trick_terms, winning_index
from bezique.laws.turns import next_leader, trick_seats
from bezique.laws.zones import DeckTables, bits, deck_tables
from bezique.records import Phase, Trick
from bezique.rules import DeclareFrom, Rules
from bezique.state import DealState

__all__ = ["TricksNotFoundError", "rebuild_tricks", "trick_demands"]

#: How many choices (and end-phase tricks looked at) the search for the tricks may try
#: before it gives up. In the run of ``benchmarks/read_positions.py`` that the
#: position page of the docs gives, every position of random play is found within it.
SEARCH_BUDGET = 10_000
#: How many of them the stock phase's tricks may take for one choice of the end
#: phase's.
LEAF_BUDGET = 3_000
#: How many tries one look at a seat's end-phase tricks on their own may take.
ALONE_BUDGET = 200
#: The budget for winners the reader chose itself (a position that gives only the
#: number of tricks): where those winners have no tricks that replay, the reader falls
#: back to tricks won by law alone, so a long search for them buys little. In two
#: random deals of every preset, the chosen winners that had tricks needed at most
#: 3,645 tries (partnership), while a three-hand search spent 7 s on its 10,000 to give up.
CHOSEN_WINNERS_BUDGET = 4_000


class TricksNotFoundError(InvalidStateError):
    """The search for the tricks gave up before it found any: they may exist."""


@attrs.frozen
class _Slot:
    """A trick to fill: its index, who plays to it in order, where its winner plays,
    the terms that pick its winner, and the trumps of the end phase's duties (``None``
    for a stock-phase trick, which has none)."""

    index: int
    winner: int
    seats: tuple[int, ...]
    position: int
    terms: tuple[Suit | None, bool]
    end: bool
    trump: Suit | None
    #: The cards of the trick when the position gives them (``last-trick``).
    fixed: tuple[int, ...] = ()

    @property
    def number(self) -> int:
        return self.index + 1


@attrs.frozen
class _Limit:
    """Where a declared card may have been played: to a trick numbered above
    ``after``, at most ``upto``, won by ``won_by``, by a seat of ``sides``."""

    after: int = 0
    upto: int | None = None
    won_by: int | None = None
    sides: frozenset[int] | None = None


@attrs.frozen
class _Need:
    """What a trick must hold: at least ``count`` of ``cards``."""

    cards: frozenset[int]
    count: int


def _limits(state: DealState) -> dict[int, _Limit]:
    """The limits the declarations put on their cards (S000 law 7, BIC, S003)."""
    rules = state.rules
    from_won = rules.zones.declare_from is DeclareFrom.WON
    out: dict[int, _Limit] = {}
    for meld in state.melds:
        for card in meld.cards:
            old = out.get(card, _Limit())
            if from_won:
                upto = meld.trick if old.upto is None else min(old.upto, meld.trick)
                won_by = meld.seat if old.won_by in (None, meld.seat) else -1
                out[card] = attrs.evolve(old, upto=upto, won_by=won_by)
            else:
                side = frozenset({rules.side_of(meld.seat)})
                sides = side if old.sides is None else old.sides & side
                out[card] = attrs.evolve(old, after=max(old.after, meld.trick), sides=sides)
    return out


class _Search:
    """One search for the tricks of a state."""

    def __init__(
        self,
        state: DealState,
        slots: list[_Slot],
        limits: dict[int, _Limit] | None = None,
        budget: int = SEARCH_BUDGET,
    ) -> None:
        self.state = state
        self.rules: Rules = state.rules
        self.slots = slots
        self.limits = _limits(state) if limits is None else limits
        self.from_won = state.rules.zones.declare_from is DeclareFrom.WON
        self.tables: DeckTables = deck_tables(state.rules.deck.packs)
        #: The tries the search may make (:data:`SEARCH_BUDGET` unless told).
        self.limit = budget
        self.budget = budget
        self.local = budget
        self.stock = [s for s in slots if not s.end]
        self._homes: dict[int, frozenset[int]] = {}
        self._places: dict[int, dict[int | None, list[int]]] = {}
        #: Cards alike to the search (one face, one limit) share a number.
        self._kinds: dict[tuple[int, _Limit | None], int] = {}
        self._kind: dict[int, int] = {}
        #: The order cards are tried in, by trump suit (see :meth:`orders`).
        self._weak: dict[Suit | None, dict[int, tuple[tuple[bool, int], tuple[bool, int]]]] = {}
        #: What the search has shown to fail, by the tricks and the cards left
        #: (their kinds): a choice that leaves the same is not tried again.
        self.failed: set[object] = set()
        #: Each seat's stock-phase tricks found for a pile, kept across the end
        #: phase's choices.
        self.found: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {}
        #: How many choices of the end phase's tricks ran out of tries.
        self.cuts = 0
        #: The piles and the hands held at the position, before any trick is chosen.
        self.start: tuple[list[list[int]], list[int]] = ([], [])
        self._late: dict[int, bool] = {}
        self._start_homes: dict[int, frozenset[int]] = {}
        #: The tricks still to fill that may hold a late card, by the card, the last
        #: trick still to fill and the hands held (which tell the piles left).
        self._duty_homes: dict[tuple[int, int, tuple[int, ...]], frozenset[int]] = {}
        #: What :meth:`alone` found, by seat, tricks left, pile and hands (kinds).
        self._alone: dict[object, bool] = {}
        self.alone_left = 0

    # -- the order of the search ---------------------------------------------------

    def slot_order(self, slot: _Slot) -> tuple[bool, int, int]:
        """A seat's stock-phase tricks in the order they are filled once no declared
        card is left to place: one the position gives the cards of first, then those
        it did not lead (they need a card that beats the lead), the hardest (winning
        from further back) first; each kind the last trick first, where a declared card
        may only have been played after its declaration, the first trick first where
        it must have been won by then."""
        later_first = self.from_won is False
        return (not slot.fixed, -slot.position, -slot.index if later_first else slot.index)

    def tightness(self, card: int) -> tuple[bool, int]:
        """Cards in the order they are tried: the declared cards first, the fewer the
        tricks they may be in the sooner (the later their declaration, or the earlier
        the trick by which they must have been won), then the others."""
        limit = self.limits.get(card)
        if limit is None:
            return (True, 0)
        return (False, (limit.upto or 0) if self.from_won else -limit.after)

    def kind(self, card: int) -> int:
        """A number shared by the cards alike to the search: one face, one limit."""
        found = self._kind.get(card)
        if found is None:
            key = (card & 31, self.limits.get(card))
            found = self._kind[card] = self._kinds.setdefault(key, len(self._kinds))
        return found

    def shape(self, piles: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
        """The piles as the search sees them: the kinds of their cards."""
        return tuple(tuple(sorted(map(self.kind, pile))) for pile in piles)

    def homes(self, card: int) -> frozenset[int]:
        """The tricks a declared card fits a place in."""
        found = self._homes.get(card)
        if found is None:
            found = self._homes[card] = frozenset(
                s.index
                for s in self.slots
                if any(self.fits(card, s, j) for j in range(len(s.seats)))
            )
        return found

    # -- one trick -------------------------------------------------------------------

    def fits(self, card: int, slot: _Slot, j: int) -> bool:
        limit = self.limits.get(card)
        if limit is None:
            return True
        number = slot.number
        if number <= limit.after or (limit.upto is not None and number > limit.upto):
            return False
        if limit.won_by is not None and limit.won_by != slot.winner:
            return False
        return limit.sides is None or self.rules.side_of(slot.seats[j]) in limit.sides

    def orders(
        self,
        slot: _Slot,
        pool: Sequence[int],
        held: Sequence[int] | None,
        needs: Sequence[_Need] = (),
    ) -> Iterator[tuple[int, ...]]:
        """The orders of play of cards of ``pool`` the trick may hold: each card where
        its limits allow, its winner's card taking it, and, with ``held`` (the hands
        after it, by seat), each card played to it following the duties; only those
        that hold what each of ``needs`` asks."""
        table = takes_table(*slot.terms)
        size = len(slot.seats)
        weak: Sequence[int] = ()
        if not slot.fixed:
            # The declared cards first (they fit fewer tricks), then the weakest: the
            # strong cards are kept for the tricks that need them. (A trick the
            # position gives holds its cards in the order played: no order to choose.)
            order = self._weak.get(slot.terms[0])
            if order is None:
                trump = slot.terms[0]
                order = self._weak[trump] = {
                    c: (self.tightness(c), _strength(c, trump)) for c in range(self.rules.deck_size)
                }
            weak = sorted(pool, key=order.__getitem__)
        chosen: list[int] = []
        spans = [self.span(need, slot) for need in needs]

        def place(j: int, best: int) -> Iterator[tuple[int, ...]]:
            if j == size:
                yield tuple(chosen)
                return
            # The kinds tried at this place: one card of a kind stands for its twins.
            seen: set[int] = set()
            seat = slot.seats[j]
            allowed = _forced(needs, spans, chosen, j)
            # A trick the position gives (last-trick) holds its cards in the order
            # played: only that order is tried.
            for card in (slot.fixed[j],) if slot.fixed else weak:
                key = self.kind(card)
                if key in seen or card in chosen or not self.fits(card, slot, j):
                    continue
                if allowed is not None and card not in allowed:
                    continue
                now = j if j and table[(chosen[best] & 31) << 5 | (card & 31)] else best
                # The winner's card takes the best so far; none after it takes it.
                if now != (j if j == slot.position else best) and j >= slot.position:
                    continue
                if held is not None and j and not self.duty_kept(held[seat], card, chosen, slot):
                    continue
                seen.add(key)
                chosen.append(card)
                yield from place(j + 1, now)
                chosen.pop()

        yield from place(0, 0)

    def span(self, need: _Need, slot: _Slot) -> list[int]:
        """For each place of ``slot`` (and the end), how many places from it on some
        card of ``need`` fits."""
        out = [0] * (len(slot.seats) + 1)
        for j in reversed(range(len(slot.seats))):
            out[j] = out[j + 1] + any(self.fits(c, slot, j) for c in need.cards)
        return out

    def duty_kept(self, after: int, card: int, before: list[int], slot: _Slot) -> bool:
        """Whether ``card`` could be played after ``before`` from the hand that held
        it and the cards ``after`` (S000 law 9)."""
        hand = after | 1 << card
        return bool(playable(hand, before, slot.trump, True, self.tables) >> card & 1)

    # -- the tricks ----------------------------------------------------------------

    def spend(self) -> bool:
        self.budget -= 1
        self.local -= 1
        return self.budget >= 0 and self.local >= 0

    @property
    def cut(self) -> bool:
        """Whether the search ran out of tries: what it did not find then may exist."""
        return self.budget < 0 or self.local < 0

    @property
    def gave_up(self) -> bool:
        """Whether any part of the search ran out of tries, so that finding nothing
        proves nothing."""
        return self.cut or self.cuts > 0

    def run(self, piles: list[list[int]], held: list[int]) -> dict[int, tuple[int, ...]] | None:
        """The cards of every trick, by index; ``None`` when there are none (or none
        was found, :attr:`gave_up`)."""
        end = sorted((s for s in self.slots if s.end), key=lambda s: -s.index)
        self.start = (piles, held)
        if end:
            return self.end_phase(end, piles, held)
        # No end phase: the stock phase's tricks have the whole search.
        return self.stock_phase(piles)

    def room(self, seat: int, pile: Sequence[int], upto: int) -> bool:
        """Whether the declared cards of ``seat``'s pile each have a place of their own
        in the tricks it won up to trick ``upto`` (those still to fill): without one,
        no choice of the other tricks helps. The tricks a declared card fits are all
        those after its declaration (or all those up to the trick by which it was
        won), so that the declared cards of one side have their places exactly when,
        for each of them, those that fit no more tricks than it are no more than the
        places those tricks hold (Hall's condition, for nested sets)."""
        counts = self.places(seat)
        # The marks of the declared cards, by side (``None``: any place): each card
        # fits the tricks numbered above its mark (at most its mark, for cards won).
        marks: dict[int | None, list[int]] = {}
        for card in pile:
            limit = self.limits.get(card)
            if limit is None:
                continue
            if self.from_won:
                if limit.won_by != seat:
                    return False
                marks.setdefault(None, []).append(min(limit.upto or 0, upto))
            elif limit.sides is None or len(limit.sides) != 1:
                return False
            else:
                (side,) = limit.sides
                marks.setdefault(side, []).append(min(limit.after, upto))
        for group, mine in marks.items():
            column = counts[group]
            if group is None:
                mine.sort()
                if any(column[mark] < k for k, mark in enumerate(mine, 1)):
                    return False
            else:
                mine.sort(reverse=True)
                if any(column[upto] - column[mark] < k for k, mark in enumerate(mine, 1)):
                    return False
        return True

    def required(
        self, slot: _Slot, pile: Sequence[int], upto: int, held: Sequence[int]
    ) -> tuple[_Need, ...]:
        """What ``slot`` must hold of the declared cards of its winner's pile for each
        of them to keep a place of its own in the tricks it won up to trick ``upto``
        (:meth:`room`, and :meth:`late_need` against the hands ``held`` after those
        tricks): where the cards declared after some trick outnumber the places the
        other tricks after it hold, the excess are played to this one, from those of
        them it fits. A card that no other trick fits is the simplest case."""
        if self.from_won or slot.fixed:
            return ()
        counts = self.places(slot.winner)
        marks: dict[int, list[tuple[int, int]]] = {}
        for card in pile:
            limit = self.limits.get(card)
            if limit is not None and limit.sides is not None and len(limit.sides) == 1:
                (side,) = limit.sides
                marks.setdefault(side, []).append((limit.after, card))
        number = slot.number
        needs: list[_Need] = []
        for side, mine in marks.items():
            column = counts[side]
            here = column[number] - column[number - 1]
            mine.sort(reverse=True)
            for k, (mark, _) in enumerate(mine, 1):
                # Cards of one mark are counted together, at the last of them; a card
                # declared after this trick has no place in it.
                if not here or mark >= number or (k < len(mine) and mine[k][0] == mark):
                    continue
                excess = k - (column[upto] - column[mark] - here)
                if excess > 0:
                    fit = frozenset(c for a, c in mine[:k] if a < number)
                    needs.append(_Need(fit, excess))
        late = self.late_need(slot, pile, upto, held)
        return (*needs, late) if late else tuple(needs)

    # -- the declared cards played in the end phase -------------------------------

    def late(self, card: int, seat: int) -> bool:
        """Whether ``card``, of ``seat``'s pile, is a declared card that no stock-phase
        trick the seat won fits: one of its end-phase tricks holds it, where the
        duties decide which may."""
        found = self._late.get(card)
        if found is None:
            limit = self.limits.get(card)
            found = self._late[card] = (
                not self.from_won
                and limit is not None
                and not any(
                    s.winner == seat and any(self.fits(card, s, j) for j in range(len(s.seats)))
                    for s in self.stock
                )
            )
        return found

    def duty_homes(
        self, card: int, seat: int, pile: Sequence[int], held: Sequence[int], upto: int
    ) -> frozenset[int]:
        """The end-phase tricks ``seat`` won up to trick ``upto`` (those still to fill)
        that may hold ``card`` (:meth:`late`) from ``pile`` as the duties allow against
        the hands ``held`` after them. The hands held at an earlier trick only hold
        more: the cards played since go back to them. A card a hand may not play stays
        barred as it grows, so a trick that may not hold it now never may; and the
        tricks chosen later hand back cards that bar it from more of them."""
        if not self.failed:
            # Until some choice has failed, the homes against the position's hands.
            return frozenset(s for s in self.start_homes(card, seat) if s < upto)
        key = (card, upto, tuple(held))
        found = self._duty_homes.get(key)
        if found is None:
            found = self._duty_homes[key] = frozenset(
                s
                for s in self.start_homes(card, seat)
                if s < upto and self.holds(self.slots[s], card, pile, held)
            )
        return found

    def start_homes(self, card: int, seat: int) -> frozenset[int]:
        """:meth:`duty_homes` against the piles and the hands held at the position,
        for every end-phase trick: the tricks the card's homes are looked for in."""
        found = self._start_homes.get(card)
        if found is None:
            piles, held = self.start
            found = self._start_homes[card] = frozenset(
                s.index
                for s in self.slots
                if s.end and s.winner == seat and self.holds(s, card, piles[seat], held)
            )
        return found

    def holds(self, slot: _Slot, card: int, pile: Sequence[int], held: Sequence[int]) -> bool:
        """Whether some order of play of ``slot`` from ``pile`` holds ``card``, the
        duties kept against the hands ``held`` after it."""
        need = (_Need(frozenset({card}), 1),)
        return next(self.orders(slot, slot.fixed or pile, held, need), None) is not None

    def late_places(
        self,
        seat: int,
        pile: Sequence[int],
        upto: int,
        held: Sequence[int],
        without: int | None = None,
    ) -> tuple[list[int], int]:
        """The late cards of ``seat``'s pile (:meth:`late`), and how many of them have
        a place of their own in the end-phase tricks up to trick ``upto`` that the
        duties allow them against the hands ``held`` (:meth:`duty_homes`), trick
        ``without`` left out."""
        cards = [c for c in pile if self.late(c, seat)]
        if not cards:
            return cards, 0
        homes = {
            card: [
                (s, j)
                for s in self.duty_homes(card, seat, pile, held, upto)
                if s != without
                for j in range(len(self.slots[s].seats))
                if self.fits(card, self.slots[s], j)
            ]
            for card in cards
        }
        return cards, _matched(homes)

    def late_room(self, seat: int, pile: Sequence[int], upto: int, held: Sequence[int]) -> bool:
        """Whether the late cards of ``seat``'s pile each have a place of their own in
        the end-phase tricks up to trick ``upto`` that the duties allow them against
        the hands ``held``: the check of :meth:`room`, for the tricks the duties leave
        them."""
        cards, placed = self.late_places(seat, pile, upto, held)
        return placed == len(cards)

    def late_need(
        self, slot: _Slot, pile: Sequence[int], upto: int, held: Sequence[int]
    ) -> _Need | None:
        """The late cards of its pile that end-phase ``slot`` must hold: as many as have
        no place of their own in the other tricks up to trick ``upto``, from those it
        may hold (against the hands ``held``)."""
        if not slot.end or slot.fixed:
            return None
        seat = slot.winner
        cards, placed = self.late_places(seat, pile, upto, held, without=slot.index)
        if placed == len(cards):
            return None
        here = frozenset(
            c for c in cards if slot.index in self.duty_homes(c, seat, pile, held, upto)
        )
        return _Need(here, len(cards) - placed)

    def places(self, seat: int) -> dict[int | None, list[int]]:
        """For each side (``None``: any seat), how many places the tricks ``seat``
        won hold for its cards, up to each trick number: ``[n]`` counts tricks 1 to
        n. The trick the position gives the cards of holds none."""
        found = self._places.get(seat)
        if found is None:
            found = {}
            for side in (None, *map(self.rules.side_of, range(self.rules.players))):
                column = [0]
                for slot in self.slots:
                    held = 0
                    if slot.winner == seat and not slot.fixed:
                        held = sum(side in (None, self.rules.side_of(p)) for p in slot.seats)
                    column.append(column[-1] + held)
                found[side] = column
            self._places[seat] = found
        return found

    def end_phase(
        self, slots: list[_Slot], piles: list[list[int]], held: list[int]
    ) -> dict[int, tuple[int, ...]] | None:
        """The end-phase ``slots`` (the last first), then the stock phase's."""
        # The tricks still to fill are those up to the earliest end-phase trick
        # chosen: the later ones have their cards.
        upto = slots[0].number if slots else len(self.stock)
        if not all(
            self.room(s, pile, upto) and self.late_room(s, pile, upto, held)
            for s, pile in enumerate(piles)
        ):
            return None
        # The looks at each seat's tricks alone cost as much as the choices they save
        # until some choice has failed.
        if self.failed and not all(
            self.alone(s, slots, pile, held) for s, pile in enumerate(piles)
        ):
            return None
        if not slots:
            # Each choice of the end phase's tricks gets its share of the search.
            self.local = LEAF_BUDGET
            found = self.stock_phase(piles)
            self.cuts += self.cut
            self.local = self.limit
            return found
        # The hands held and the piles left, as kinds, are all the tricks still to
        # fill depend on (the end phase's duties read faces only). The key is made
        # once something has failed.
        key = self.end_key(slots, piles, held) if self.failed else None
        if key in self.failed:
            return None
        cuts = self.cuts
        slot, rest = slots[0], slots[1:]
        pile = piles[slot.winner]
        needs = self.required(slot, pile, upto, held)
        for order in self.orders(slot, slot.fixed or pile, held, needs):
            if not self.spend():
                return None
            before = list(held)
            for seat, card in zip(slot.seats, order, strict=True):
                before[seat] |= 1 << card
            left = list(piles)
            left[slot.winner] = [c for c in pile if c not in order]
            if not self.each_open(rest, left, before):
                continue
            found = self.end_phase(rest, left, before)
            if found is not None:
                found[slot.index] = order
                return found
        if self.cuts == cuts and self.budget >= 0:
            self.failed.add(key or self.end_key(slots, piles, held))
        return None

    def alone(self, seat: int, slots: list[_Slot], pile: list[int], held: list[int]) -> bool:
        """Whether ``seat``'s end-phase tricks among ``slots`` (the last first) can be
        filled from its pile on their own, the cards of each going back to the hands
        of the seats that played them before the next, and leave the rest of the pile
        room in its stock-phase tricks (:meth:`room`). The others' tricks in between
        only give the hands more cards, which frees no card the duties barred (S000
        law 9), so tricks that fail alone fail among them too. A look that runs past
        :data:`ALONE_BUDGET` tries proves nothing and lets the search go on."""
        mine = [s for s in slots if s.winner == seat]
        if not mine:
            return True
        key = (seat, len(mine), self.shape([pile, *map(bits, held)]))
        found = self._alone.get(key)
        if found is None:
            self.alone_left = ALONE_BUDGET
            fits = self.fill_alone(seat, mine, pile, held)
            found = True if fits is None else fits
            if fits is not None:
                self._alone[key] = fits
        return found

    def fill_alone(
        self, seat: int, slots: list[_Slot], pile: list[int], held: list[int]
    ) -> bool | None:
        """:meth:`alone`'s search: ``None`` where it ran out of tries."""
        if not slots:
            return self.room(seat, pile, len(self.stock))
        slot = slots[0]
        needs = self.required(slot, pile, slot.number, held)
        for order in self.orders(slot, slot.fixed or pile, held, needs):
            self.alone_left -= 1
            if self.alone_left < 0 or not self.spend():
                return None
            before = list(held)
            for player, card in zip(slot.seats, order, strict=True):
                before[player] |= 1 << card
            fits = self.fill_alone(seat, slots[1:], [c for c in pile if c not in order], before)
            if fits is not False:
                return fits
        return False

    def end_key(self, slots: list[_Slot], piles: list[list[int]], held: list[int]) -> object:
        return (len(slots), self.shape(piles), self.shape([bits(h) for h in held]))

    def each_open(self, slots: list[_Slot], piles: list[list[int]], held: list[int]) -> bool:
        """Whether each of the end phase's ``slots`` still has some cards to hold. The
        hands they are played from only grow with the tricks chosen before them, and
        a card a hand may not play stays barred as it grows (the duties ask for a
        card of a kind it holds), so a trick with no cards now has none later."""
        for slot in slots:
            # Each trick looked at is a try of the search's: the look is as dear as a
            # choice, and the budget bounds the time of a search that fails.
            if not self.spend():
                return False
            pile = piles[slot.winner]
            needs = self.required(slot, pile, slots[0].number, held)
            if next(self.orders(slot, slot.fixed or pile, held, needs), None) is None:
                return False
        return True

    def stock_phase(self, piles: list[list[int]]) -> dict[int, tuple[int, ...]] | None:
        out: dict[int, tuple[int, ...]] = {}
        for seat, pile in enumerate(piles):
            mine = [s for s in self.slots if s.winner == seat and not s.end]
            mine.sort(key=self.slot_order)
            key = (seat, *sorted(pile))
            found = self.found.get(key)
            if found is None:
                found = self.seat_tricks(mine, pile)
            if found is None:
                return None
            self.found[key] = found
            out.update(found)
        return out

    def seat_tricks(self, slots: list[_Slot], pile: list[int]) -> dict[int, tuple[int, ...]] | None:
        """``slots``, tricks won by one seat in the stock phase, filled from ``pile``."""
        if not slots:
            return {}
        key = self.seat_key(slots, pile) if self.failed else None
        if key in self.failed:
            return None
        for slot, must in self.branches(slots, pile):
            rest = [s for s in slots if s is not slot]
            needs = () if must is None else (_Need(frozenset({must}), 1),)
            for order in self.orders(slot, slot.fixed or pile, None, needs):
                if not self.spend():
                    return None
                found = self.seat_tricks(rest, [c for c in pile if c not in order])
                if found is not None:
                    found[slot.index] = order
                    return found
                if self.cut:
                    return None
        self.failed.add(key or self.seat_key(slots, pile))
        return None

    def seat_key(self, slots: list[_Slot], pile: list[int]) -> object:
        return (tuple(s.index for s in slots), self.shape([pile]))

    def branches(self, slots: list[_Slot], pile: list[int]) -> list[tuple[_Slot, int | None]]:
        """Where the search goes on from: a trick the position gives the cards of;
        else the declared card of ``pile`` the fewest of ``slots`` fit, in each of
        them (it is in one of them, or nowhere); else the first of ``slots``. No branch
        at all where a declared card fits none of them."""
        if slots[0].fixed or not self.limits:
            return [(slots[0], None)]
        open_slots = {s.index for s in slots}
        best: tuple[int, int, frozenset[int]] | None = None
        for card in pile:
            if card in self.limits:
                homes = self.homes(card) & open_slots
                if best is None or len(homes) < best[0]:
                    best = (len(homes), card, homes)
        if best is None:
            return [(slots[0], None)]
        _, card, homes = best
        return [(s, card) for s in slots if s.index in homes]


def _matched(homes: dict[int, list[tuple[int, int]]]) -> int:
    """How many of the cards of ``homes`` (each with the places it may take: a trick's
    index and a place in it) have a place of their own at once: a maximum matching,
    by augmenting paths."""
    owner: dict[tuple[int, int], int] = {}

    def place(card: int, seen: set[tuple[int, int]]) -> bool:
        for spot in homes[card]:
            if spot not in seen:
                seen.add(spot)
                if spot not in owner or place(owner[spot], seen):
                    owner[spot] = card
                    return True
        return False

    return sum(place(card, set()) for card in homes)


def _forced(
    needs: Sequence[_Need], spans: Sequence[Sequence[int]], chosen: Sequence[int], j: int
) -> frozenset[int] | None:
    """The cards place ``j`` of a trick may hold, ``chosen`` before it, for it to hold
    what each of ``needs`` asks (``None``: any card): where a need has as many places
    left that its cards fit as cards it still lacks, this place is one of them and
    holds one of its cards; where it has fewer, none."""
    allowed: frozenset[int] | None = None
    for need, span in zip(needs, spans, strict=True):
        lacking = need.count - sum(c in need.cards for c in chosen)
        if lacking <= 0:
            continue
        if lacking > span[j]:
            return frozenset()
        if lacking == span[j] and span[j] > span[j + 1]:
            allowed = need.cards if allowed is None else allowed & need.cards
    return allowed


def _strength(card: int, trump: Suit | None) -> tuple[bool, int]:
    face = face_of(card)
    return (face.suit is trump, int(face.rank))


def rebuild_tricks(
    state: DealState,
    winners: Sequence[int],
    last: Sequence[int] = (),
    *,
    replayed: bool = True,
    budget: int = SEARCH_BUDGET,
) -> tuple[Trick, ...]:
    """Tricks won by ``winners`` in turn that hold exactly each seat's won cards and
    that every check of a state's history passes
    (:func:`bezique.checks.reachable.check_history`): each taken by its winner's card
    under the laws of its time, each declared card played after its declaration by the
    declarer's side (or, where melds are shown from the cards won, won by the declarer
    by then), each card of the end phase played as its duties allow. ``last``: the
    cards of the last trick, when the position gives them (``last-trick``).

    Raises :class:`~bezique.InvalidStateError` when no such tricks exist, naming the
    law they would break, and :class:`TricksNotFoundError` (one) when none is found within
    the search's ``budget`` of tries (:data:`SEARCH_BUDGET` unless told), saying so.

    With ``replayed=False``, tricks each taken by its winner's card only (S000 law 6),
    which the replays of the past may refuse: for the reader, where the search gave
    up, or for winners that it chose itself (a position that gives only the number of
    tricks) and that have no tricks that replay.
    """
    rules = state.rules
    n = rules.players
    fixers = trump_fixers(rules)
    fixed_after = next((m.trick for m in state.melds if m.kind in fixers), None)
    shells: list[Trick] = []
    slots: list[_Slot] = []
    leader = eldest_hand(n, state.dealer)
    for i, winner in enumerate(winners):
        number = i + 1
        seats = trick_seats(rules, shells, leader)
        if winner not in seats:
            raise InvalidStateError(
                f"tricks: seat {winner} won trick {number}, but only seats "
                f"{', '.join(map(str, seats))} played to it"
            )
        trump = state.trump if fixed_after is None or number > fixed_after else None
        stock = number <= rules.stock_tricks
        fixed = tuple(last) if last and number == len(winners) else ()
        terms = trick_terms(rules, trump, stock)
        slots.append(_Slot(i, winner, seats, seats.index(winner), terms, not stock, trump, fixed))
        shells.append(Trick(leader, (), winner))
        leader = next_leader(rules, shells)
    if last:
        _check_last(state, slots, last)
    piles = [[c for c in bits(state.won_masks[s]) if c not in last] for s in range(n)]
    for seat in range(n):
        mine = [s for s in slots if s.winner == seat and not s.fixed]
        held = sum(len(s.seats) for s in mine)
        if held != len(piles[seat]):
            raise InvalidStateError(
                f"won[{seat}]: {len(piles[seat])} card(s), but the {len(mine)} trick(s) "
                f"seat {seat} won hold {held}"
            )
    found = _search(
        state, slots, piles, _held_after(state, shells), replayed=replayed, budget=budget
    )
    return tuple(Trick(shell.leader, found[i], shell.winner) for i, shell in enumerate(shells))


def _search(
    state: DealState,
    slots: list[_Slot],
    piles: list[list[int]],
    hands: list[int],
    *,
    replayed: bool,
    budget: int,
) -> dict[int, tuple[int, ...]]:
    """The cards of the tricks found (see :func:`rebuild_tricks`), by index."""
    if not replayed:
        slots = [attrs.evolve(s, end=False) for s in slots]
    search = _Search(state, slots, None if replayed else {}, budget)
    found = search.run(piles, hands)
    if found is None and search.gave_up:
        raise TricksNotFoundError(
            _no_tricks(state, slots, piles, hands, proved=False, budget=budget)
        )
    if found is None:
        raise InvalidStateError(_no_tricks(state, slots, piles, hands, proved=True))
    return found


def trick_demands(state: DealState, count: int) -> tuple[list[list[int]], list[list[int]]]:
    """The fewest tricks each seat must have won for the declared cards of its pile to
    have places (:meth:`_Search.room`), for a position that gives only the number of
    tricks: ``late[seat][t]`` after trick ``t`` (a declared card was played after its
    declaration, at a place of the declarer's side, S000 law 7, BIC), ``early[seat][t]``
    up to trick ``t`` (where melds are shown from the cards won, each was won by the
    declaration, S003; asked a trick each, as a margin); ``t`` from 0 to ``count``.
    The reader's choice of winners follows them where it can; the search for the
    tricks then decides."""
    rules = state.rules
    n = rules.players
    limits = _limits(state)
    per_side = Counter(rules.side_of(s) for s in range(n))
    late = [[0] * (count + 1) for _ in range(n)]
    early = [[0] * (count + 1) for _ in range(n)]
    for seat in range(n):
        afters: dict[int, list[int]] = {}
        uptos: list[int] = []
        for card in bits(state.won_masks[seat]):
            limit = limits.get(card)
            if limit is None:
                continue
            if limit.upto is not None:
                uptos.append(limit.upto)
            elif limit.sides is not None and len(limit.sides) == 1:
                (side,) = limit.sides
                afters.setdefault(side, []).append(limit.after)
        for t in range(count + 1):
            late[seat][t] = max(
                (
                    -(-sum(a >= t for a in marks) // per_side[side])
                    for side, marks in afters.items()
                ),
                default=0,
            )
            # One trick a card: a trick the seat won from the other side's lead holds
            # one of its cards that beats the lead, which two declared cards of
            # different suits are not.
            early[seat][t] = sum(u <= t for u in uptos)
    return late, early


def _check_last(state: DealState, slots: list[_Slot], last: Sequence[int]) -> None:
    """The cards a position gives of its last trick, in the order played: as many as
    were played to it, all won by its winner, whose card, at its place in that order,
    takes the others."""
    if not slots:
        raise InvalidStateError("last-trick: no trick has been played")
    slot = slots[-1]
    size = len(slot.seats)
    if len(last) != size or len(set(last)) != size:
        raise InvalidStateError(f"last-trick: {size} different cards were played to it")
    if any(not state.won_masks[slot.winner] >> card & 1 for card in last):
        raise InvalidStateError(f"last-trick: its cards are not all among won[{slot.winner}]")
    if winning_index(tuple(last), *slot.terms) != slot.position:
        raise InvalidStateError(
            f"last-trick: in the order played (seat {slot.seats[0]} leading), the card "
            f"of seat {slot.winner}, who won the trick, does not take the others"
        )


def _held_after(state: DealState, shells: list[Trick]) -> list[int]:
    """What each seat held after the last completed trick: its hand and table now,
    and the card it has played to the trick on the table, once the stock is out."""
    rules = state.rules
    held = [state._held_mask(s) for s in range(rules.players)]
    if state.phase is not Phase.STOCK and state.trick:
        leader = next_leader(rules, shells) if shells else state.leader
        seats = trick_seats(rules, shells, leader)
        for seat, card in zip(seats, state.trick, strict=False):
            held[seat] |= 1 << card
    return held


def _no_tricks(
    state: DealState,
    slots: list[_Slot],
    piles: list[list[int]],
    held: list[int],
    *,
    proved: bool,
    budget: int = SEARCH_BUDGET,
) -> str:
    """Why no tricks were found. Where the search proved there are none, the law they
    break: a seat whose pile no tricks it won hold, each taken by its winner's card
    (S000 law 6), if there is one; else the declarations (the end phase's duties left
    out), if no tricks keep them; else the duties. Where it gave up, that it found
    none within its tries."""
    if not proved:
        return (
            "won: tricks won in the order of 'tricks' that hold these cards, with the "
            "declared cards played after their declarations by the declarer's side and "
            f"the end phase's duties kept, were not found within {budget} tries"
        )
    stock = [attrs.evolve(s, end=False) for s in slots]
    for seat, pile in enumerate(piles):
        alone = _Search(state, stock, limits={})
        mine = sorted((s for s in stock if s.winner == seat), key=alone.slot_order)
        if alone.seat_tricks(mine, pile) is None and not alone.gave_up:
            return (
                f"won[{seat}]: no tricks won by seat {seat} in the order of 'tricks' hold "
                "these cards (a card that wins each trick it did not lead, S000 law 6)"
            )
    declared = _Search(state, stock)
    if declared.run(piles, held) is None and not declared.gave_up:
        if state.rules.zones.declare_from is DeclareFrom.WON:
            rule = "each declared card won by its declarer by the time of its declaration (S003)"
        else:
            rule = (
                "each declared card played after its declaration by the declarer's side "
                "(S000 law 7)"
            )
        return f"won: no tricks won in the order of 'tricks' hold these cards with {rule}"
    return (
        "won: no tricks won in the order of 'tricks' hold these cards with the declared "
        "cards played after their declarations by the declarer's side and every card "
        "of the end phase played as its duties allow: to follow suit, win the trick or "
        "trump if it can (S000 law 9)"
    )
