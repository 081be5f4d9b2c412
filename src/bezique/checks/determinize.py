"""Determinization: a full deal consistent with what one seat knows.

Search bots that play from a :class:`~bezique.views.SeatView` (the seat's
information set) often sample complete states from it and search those
(*perfect information Monte Carlo*). :func:`determinize` does the sampling:
the cards the view does not show are dealt at random to the other seats'
concealed hands and to the face-down stock, respecting what the play so far
proves about who may hold what:

* in the end phase, the follow/win/trump duties of S000 law 9 (as
  :func:`bezique.laws.tricks.playable` states them for any number of seats,
  each card held against the best card so far): a seat that did not follow
  the suit led holds none of it; one that neither followed nor trumped holds
  no trump; one that played a card without beating the best card so far holds
  no card it would have had to play to beat it;
* a seat whose carte blanche lasts and which is not being asked whether to
  show it again holds no king, queen or jack, but for a card it has just
  gained face up by exchanging the seven (HGM, FOS p.334; WKC, PAR, S003).
  Being asked proves nothing: every seat is asked at the deal, and a seat
  whose carte blanche lasts is asked after every draw, even when the card it
  drew is a court card (it can then only pass);
* a card declared in a meld and not yet played is still held by the seat
  that declared it.

Nothing else is inferred: not what a seat's choices suggest (a seat that did
not declare may still hold a meld), nor, while the stock lasts, anything from
the cards played (any card may be played then, S000 law 6).

The sample is exact: every deal consistent with the view (the other seats'
concealed cards as sets, the stock in its order) is equally likely, whatever
the number of seats and of constrained hands. Without a constraint the unseen
cards are shuffled and cut; with constraints the cards are grouped by the set
of seats that may hold them, and the deals each split of a group leaves
possible are counted exactly, so that each split is drawn in proportion to
its number of deals. The tests compare the frequencies of many samples with
the uniform ones by a chi-square test, over every deal of a small constructed
position and of end-phase positions of three and four seats.

>>> import random
>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=3).apply("play 8S")
>>> view = state.view(1)
>>> sample = determinize(view, random.Random(0))
>>> sample.view(1) == view
True
>>> sample.hand(1) == view.hand, len(sample.hand(0)), len(sample.stock)
(True, 8, 47)
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from typing import TypeVar

import attrs

from bezique.cards import FACES, FACES_PER_PACK, Suit, card_id_name, face_of
from bezique.checks.invariants import MAX_SCORE
from bezique.errors import InvalidStateError, require, shown
from bezique.laws.declaring import tracks_broken, trump_fixers, won_card_histories
from bezique.laws.scoring import carte_blanche_spoilers
from bezique.laws.tricks import playable, trick_terms, winning_index
from bezique.laws.turns import trick_seats
from bezique.laws.zones import bits, deck_tables
from bezique.records import Phase
from bezique.rules import DeclareFrom
from bezique.rules.melds import MeldKind
from bezique.rules.options import misfit
from bezique.state import DealState
from bezique.views import SeatView, canonical_view, seat_view

__all__ = ["determinize", "unseen_cards"]

_T = TypeVar("_T")


def _name(card: int) -> str:
    return card_id_name(card)


#: The largest number a view may hold, either way, as a state's highest score.
_LIMIT = MAX_SCORE


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(f"no deal could produce this view: {message}")


def _mask(kinds: Sequence[MeldKind]) -> int:
    return sum(kind.bit for kind in kinds)


def _faces_text(faces: int) -> str:
    return " ".join(str(FACES[f]) for f in range(FACES_PER_PACK) if faces >> f & 1)


class _Known:
    """Where each card the view shows lies: every zone of the state but the
    other seats' concealed cards that nobody has seen, and the stock."""

    def __init__(self, view: SeatView) -> None:
        rules = view.rules
        n = rules.players
        size = rules.deck_size
        seat = view.seat
        self.size = size
        self.where: dict[int, str] = {}
        self.hands = [0] * n
        self.tables = [0] * n
        self.won = [0] * n
        self.revealed = [0] * n
        for i, card in enumerate(view.hand):
            self.hands[seat] |= self.place(card, f"hand[{i}] (seat {seat}'s hand)")
        for s, table in enumerate(view.tables):
            for i, entry in enumerate(table):
                self.tables[s] |= self.place(entry.card, f"tables[{s}][{i}]")
        for s, cards in enumerate(view.known):
            for i, card in enumerate(cards):
                where = f"known[{s}][{i}]"
                if s == seat:
                    if card not in view.hand:
                        raise _fail(
                            f"{where}: {self.text(card)} is listed as shown by seat {s}, "
                            "but it is not in its hand"
                        )
                    self.revealed[s] |= 1 << card
                    continue
                bit = self.place(card, where)
                self.hands[s] |= bit
                self.revealed[s] |= bit
        if view.turn_up is not None:
            self.place(view.turn_up, "turn_up")
        for i, card in enumerate(view.trick):
            self.place(card, f"trick[{i}]")
        for t, trick in enumerate(view.tricks):
            if not 0 <= trick.winner < n:
                raise _fail(f"tricks[{t}].winner: no seat {trick.winner}")
            for i, card in enumerate(trick.cards):
                self.won[trick.winner] |= self.place(card, f"tricks[{t}].cards[{i}]")
        # A declared card not played since is still held by the seat that declared it.
        for m, meld in enumerate(view.melds):
            if not 0 <= meld.seat < n:
                raise _fail(f"melds[{m}].seat: no seat {meld.seat}")
            for card in meld.cards:
                self.check_id(card, f"melds[{m}].cards")
                if card in self.where:
                    continue
                if meld.seat == seat:
                    raise _fail(
                        f"melds[{m}]: seat {seat} declared {self.text(card)}, which is "
                        "neither in its hand, on its table nor played"
                    )
                self.hands[meld.seat] |= self.place(
                    card, f"seat {meld.seat}'s hand (declared in melds[{m}])"
                )
        for s, entries in enumerate(view.hand_kinds):
            for i, entry in enumerate(entries):
                self.check_id(entry.card, f"hand_kinds[{s}][{i}]")
                if not self.hands[s] >> entry.card & 1:
                    raise _fail(
                        f"hand_kinds[{s}][{i}]: {self.text(entry.card)} keeps a declaration "
                        f"history in seat {s}'s hand, but it is not known to be there"
                    )
        window = view.window
        if window is not None and window.exchanged is not None:
            gained = window.exchanged
            self.check_id(gained, "window.exchanged")
            if not 0 <= window.winner < n or not self.hands[window.winner] >> gained & 1:
                raise _fail(
                    f"window.exchanged: {self.text(gained)} was gained by seat {window.winner}, "
                    "but it is not known to be in that seat's hand"
                )

    def text(self, card: int) -> str:
        return _name(card) if 0 <= card < self.size else f"card id {card}"

    def check_id(self, card: object, where: str) -> None:
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < self.size:
            raise _fail(
                f"{where}: {card!r} is not a card id of a {self.size}-card deck "
                f"(ids 0..{self.size - 1})"
            )

    def place(self, card: int, where: str) -> int:
        self.check_id(card, where)
        if card in self.where:
            raise _fail(f"{self.text(card)} is at {self.where[card]} and also at {where}")
        self.where[card] = where
        return 1 << card


def unseen_cards(view: SeatView) -> tuple[int, ...]:
    """The card ids the view does not place: the other seats' unseen concealed
    cards and the face-down stock, together (raises
    :class:`~bezique.InvalidStateError` for a view that places a card twice)."""
    _check_shape(view)
    known = _Known(view)
    return tuple(c for c in range(view.rules.deck_size) if c not in known.where)


def _check_shape(view: SeatView) -> None:
    n = view.rules.players
    if not 0 <= view.seat < n:
        raise _fail(f"seat: no seat {shown(view.seat)}; seats are 0..{n - 1}")
    for name in ("tables", "known", "hand_sizes", "scores"):
        values = getattr(view, name)
        if len(values) != n:
            raise _fail(f"{name}: {len(values)} entries for {n} players")
    if len(view.hand_kinds) not in (0, n):
        raise _fail(f"hand_kinds: {len(view.hand_kinds)} entries for {n} players")
    if view.stock_size < 0:
        raise _fail(f"stock_size: {view.stock_size} is negative")
    # A trick holds a card of each seat at most; the last card closes it.
    if len(view.trick) >= n:
        raise _fail(f"trick: {len(view.trick)} cards on the table of a trick of {n} players")
    for t, trick in enumerate(view.tricks):
        if len(trick.cards) > n:
            raise _fail(f"tricks[{t}]: {len(trick.cards)} cards in a trick of {n} players")


class _Constraints:
    """What the play proves about the faces each seat may hold."""

    def __init__(self, view: SeatView) -> None:
        n = view.rules.players
        #: Per seat, faces (32-bit sets) it cannot hold, and why.
        self.forbid = [0] * n
        self.why: list[list[tuple[int, str]]] = [[] for _ in range(n)]
        #: Per seat, cards it is known to hold that the bans do not apply to (the
        #: card gained face up by an exchange while its carte blanche lasts).
        self.exempt = [0] * n
        self._duties(view)
        self._carte_blanche(view)

    def ban(self, seat: int, faces: int, why: str) -> None:
        new = faces & ~self.forbid[seat]
        if not new:
            return
        self.forbid[seat] |= new
        # One reason per fact: faces banned for the same reason are listed together.
        for i, (known, reason) in enumerate(self.why[seat]):
            if reason == why:
                self.why[seat][i] = (known | new, why)
                return
        self.why[seat].append((new, why))

    def reason(self, seat: int, face: int) -> str:
        return next(why for faces, why in self.why[seat] if faces >> face & 1)

    def _duties(self, view: SeatView) -> None:
        rules = view.rules
        stock_tricks = rules.stock_tricks
        fixers = trump_fixers(rules)
        fixer = next((m for m in view.melds if m.kind in fixers), None)
        played = [(t.leader, t.cards) for t in view.tricks]
        if view.phase is Phase.END and view.trick:
            played.append((view.leader, view.trick))
        for number, (leader, cards) in enumerate(played, start=1):
            if number <= stock_tricks:
                continue
            trump = view.trump if fixer is None or number > fixer.trick else None
            # The end phase's terms (S000 law 9): the trump wins, a higher off-suit card does not.
            terms = trick_terms(rules, trump, stock_phase=False)
            faces = tuple(c % FACES_PER_PACK for c in cards)
            led = face_of(cards[0]).suit
            where = f"trick {number}"
            # Who played each card: in duels, two seats only (EB9, EB11).
            seats = trick_seats(rules, view.tricks[: number - 1], leader)
            if len(cards) > len(seats):
                raise _fail(f"{where}: {len(cards)} cards, but {len(seats)} seats play it")
            for j in range(1, len(cards)):
                seat = seats[j]
                card = face_of(cards[j])
                unfollowed, untrumped, unbeaten = _duty_bans(faces[:j], faces[j], trump)
                self.ban(seat, unfollowed, f"it did not follow {led.letter} in {where}")
                self.ban(seat, untrumped, f"it neither followed nor trumped in {where}")
                best = FACES[faces[winning_index(faces[:j], *terms)]]
                self.ban(seat, unbeaten, f"it played {card} to {where} without beating {best}")

    def _carte_blanche(self, view: SeatView) -> None:
        # Every seat is asked at the deal, and a seat whose carte blanche lasts after
        # each draw, whatever it holds (a court card leaves it only the pass): neither
        # being asked nor passing tells anything. What does: a carte blanche that lasts
        # was shown with no king, queen or jack (HGM, FOS p.334), and since then the
        # seat has gained cards only by drawing, after which it is asked (WKC, PAR,
        # S003), or by exchanging the seven for the turn-up, face up (S000 law 8). So
        # a seat whose carte blanche lasts and which is not on offer holds no court
        # card but the one it may have just gained by an exchange in this window.
        # (One on offer after a draw may have drawn a court: nothing is proved of
        # that card, and the rest of its hand has been seen.)
        n = view.rules.players
        window = view.window
        for s, lasting in enumerate(view.carte_blanche):
            if not lasting or s >= n or s in view.offers:
                continue
            # The faces (the first pack's card ids) that would have ended it.
            spoilers = carte_blanche_spoilers(view.rules) & (1 << FACES_PER_PACK) - 1
            self.ban(s, spoilers, "its carte blanche lasts")
            if window is not None and window.winner == s and window.exchanged is not None:
                self.exempt[s] |= 1 << window.exchanged


@functools.lru_cache(maxsize=4096)
def _duty_bans(before: tuple[int, ...], card: int, trump: Suit | None) -> tuple[int, int, int]:
    """The faces (32-bit sets) a seat that played face ``card`` after faces ``before``
    in the end phase cannot have held, by the reason: of the suit led when it did not
    follow, trumps when it neither followed nor trumped, the rest (cards it would have
    had to play to beat the best card so far).

    The law itself is asked (:func:`bezique.laws.tricks.playable`, the engine's rule
    at any number of seats): a face is banned when holding it beside the card played
    would have made that card unplayable. The duties all take this form (follow
    suit, beat the best card so far, trump when void: each "if it holds such a
    card"), so the faces banned one by one are exactly the hands the play allows.
    Faces stand for card ids here (the first pack's copies): the law reads faces only.
    """
    tables = deck_tables(1)
    played = FACES[card]
    led = FACES[before[0]].suit
    unfollowed = untrumped = unbeaten = 0
    for other in range(FACES_PER_PACK):
        if other == card:
            continue  # an identical card allows what this one does
        if playable(1 << card | 1 << other, before, trump, True, tables) >> card & 1:
            continue
        held = FACES[other]
        if held.suit is led and played.suit is not led:
            unfollowed |= 1 << other
        elif trump is not None and held.suit is trump and played.suit is not trump:
            untrumped |= 1 << other
        else:
            unbeaten |= 1 << other
    return unfollowed, untrumped, unbeaten


def determinize(view: SeatView, rng: random.Random, *, check: bool = True) -> DealState:
    """A full state consistent with ``view``, its hidden cards dealt at random.

    The cards the view does not show go to the other seats' concealed hands
    (each gets as many as it holds, less its table cards and the cards of its
    hand that are known) and to the face-down stock, in random order. Every deal
    consistent with the view (see the module docstring) is equally likely. Card
    ids are the view's labels; unseen cards take the ids the view does not use.
    Hidden cards have no history.

    With ``check`` (the default) the result is checked as a loaded state is
    (:func:`bezique.checks.invariants.check_state`) and its view of ``view.seat`` is
    compared with ``view``, after every field of the view is checked for its
    type; search loops that trust their views (views the engine made) may pass
    ``check=False``, which skips both.

    Raises :class:`~bezique.InvalidStateError` for a view that no deal could
    produce (a card in two places, more cards than the deck holds, a seat
    holding a card the play proves it cannot hold, ...).
    """
    require(view, SeatView, "determinize()", "view", "a SeatView")
    require(rng, random.Random, "determinize()", "rng", "a random.Random")
    if check:
        _check_types(view)
    _check_shape(view)
    rules = view.rules
    n = rules.players
    seat = view.seat
    known = _Known(view)
    free, face_down, unseen = _room(view, known)
    constraints = _Constraints(view)
    _check_holdings(view, known, constraints)
    dealt, stock = _deal(unseen, free, face_down, constraints, seat, rng)
    hands = [known.hands[s] | sum(1 << c for c in dealt[s]) for s in range(n)]
    history, broken = _histories(view, known)
    tracks = tracks_broken(rules)
    if not tracks and any(broken):
        raise _fail("a card is marked as in a broken meld, but these rules never re-form melds")
    state = DealState(
        rules=rules,
        dealer=view.dealer,
        phase=view.phase,
        trump=view.trump,
        turn_up=view.turn_up,
        stock=tuple(stock),
        hand_masks=tuple(hands),
        table_masks=tuple(known.tables),
        history=tuple(history),
        won_masks=tuple(known.won),
        tricks=view.tricks,
        trick=view.trick,
        leader=view.leader,
        window=view.window,
        melds=view.melds,
        scores=view.scores,
        broken=tuple(broken) if tracks else (),
        carte_blanche=view.carte_blanche,
        offers=view.offers,
        revealed_masks=tuple(known.revealed),
    )
    if check:
        _check(state, view)
    return state


def _check_types(view: SeatView) -> None:
    """Every field's type, walked through the view: a fifth of a search's time when
    done for each sample, so a search that trusts its views skips it."""
    problem = misfit(view, SeatView, "view", limit=_LIMIT)
    if problem is not None:
        if problem.wrong_type:
            raise TypeError(f"determinize(): {problem.message}")
        raise _fail(problem.message)


def _room(view: SeatView, known: _Known) -> tuple[list[int], int, list[int]]:
    """How many unseen cards each seat's concealed hand holds (none for the view's
    own), how many lie face down in the stock, and the unseen cards; they must match."""
    rules = view.rules
    size = rules.deck_size
    seat = view.seat
    if view.hand_sizes[seat] != len(view.hand) + len(view.tables[seat]):
        raise _fail(
            f"hand_sizes[{seat}]: {view.hand_sizes[seat]}, but seat {seat} holds "
            f"{len(view.hand)} cards in hand and {len(view.tables[seat])} on its table"
        )
    free = [0] * rules.players
    for s in range(rules.players):
        if s == seat:
            continue
        shown = (known.hands[s] | known.tables[s]).bit_count()
        free[s] = view.hand_sizes[s] - shown
        if free[s] < 0:
            raise _fail(
                f"hand_sizes[{s}]: {view.hand_sizes[s]}, but {shown} cards of seat {s} are "
                "on its table or known to be in its hand"
            )
    face_down = view.stock_size - (1 if view.turn_up is not None else 0)
    if face_down < 0:
        raise _fail("stock_size: 0 cards left to draw, but there is a turn-up")
    unseen = [c for c in range(size) if c not in known.where]
    slots = sum(free) + face_down
    if len(unseen) != slots:
        raise _fail(
            f"the view shows {len(known.where)} of the {size} cards, leaving {len(unseen)} "
            f"unseen, but the other seats' concealed hands and the stock hold {slots}"
        )
    return free, face_down, unseen


def _check_holdings(view: SeatView, known: _Known, constraints: _Constraints) -> None:
    """No seat is shown holding a card the play proves it cannot hold."""
    for s in range(view.rules.players):
        held = (known.hands[s] | known.tables[s]) & ~constraints.exempt[s]
        for card in bits(held):
            face = card % FACES_PER_PACK
            if constraints.forbid[s] >> face & 1:
                raise _fail(
                    f"seat {s} holds {_name(card)}, but {constraints.reason(s, face)}, so it "
                    f"holds no {FACES[face]}"
                )


def _histories(view: SeatView, known: _Known) -> tuple[list[int], list[int]]:
    """The kinds each shown card has been declared in, and those it was broken
    from; hidden cards have none."""
    size = view.rules.deck_size
    history = [0] * size
    broken = [0] * size
    if view.rules.zones.declare_from is DeclareFrom.WON:
        # Cards declared from those won keep the kinds of their melds (S003).
        for card, kinds in won_card_histories(view.melds, known.won).items():
            history[card] = kinds
    for entries in (*view.tables, *view.hand_kinds):
        for entry in entries:
            history[entry.card] = _mask(entry.history)
            broken[entry.card] = _mask(entry.broken)
    return history, broken


def _check(state: DealState, view: SeatView) -> None:
    from bezique.checks.invariants import check_state

    try:
        check_state(state)
    except InvalidStateError as error:
        raise _fail(str(error)) from None
    again = seat_view(state, view.seat)
    # A game's view carries the game around the deal, which no deal holds: the
    # reader of a view document checks it against the rules.
    wanted = attrs.evolve(canonical_view(view), game=None)
    if not wanted.hand_kinds:  # a view built by hand may leave them out
        wanted = attrs.evolve(wanted, hand_kinds=((),) * view.rules.players)
    if again != wanted:
        for name in type(view).__attrs_attrs__:
            if getattr(again, name.name) != getattr(wanted, name.name):
                raise _fail(
                    f"{name.name}: the view says {getattr(wanted, name.name)!r}, but in a deal "
                    f"that fits the rest of it, it is {getattr(again, name.name)!r}"
                )


# -- dealing the unseen cards ------------------------------------------------------------


def _deal(
    unseen: list[int],
    free: list[int],
    face_down: int,
    constraints: _Constraints,
    seat: int,
    rng: random.Random,
) -> tuple[list[list[int]], list[int]]:
    """Deal ``unseen`` into the other seats' free places and the stock."""
    others = [s for s in range(len(free)) if s != seat and free[s]]
    _feasible_or_fail(unseen, free, others, constraints.forbid, constraints)
    return _sample(unseen, free, face_down, others, constraints.forbid, rng)


def _banned(forbid: list[int], seat: int, card: int) -> bool:
    return bool(forbid[seat] >> (card % FACES_PER_PACK) & 1)


def _types(cards: Sequence[int], others: Sequence[int], forbid: list[int]) -> dict[int, int]:
    """How many cards there are of each type: the set (bit mask) of seats that may hold it."""
    counts: dict[int, int] = {}
    for card in cards:
        kind = sum(1 << s for s in others if not _banned(forbid, s, card))
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def _hall(
    cards: Sequence[int], room: list[int], others: Sequence[int], forbid: list[int]
) -> list[int] | None:
    """Seats that together cannot be filled from ``cards`` (Hall's condition), if any."""
    return _hall_counts(_types(cards, others, forbid), room, others)


def _hall_counts(
    counts: dict[int, int], room: list[int], others: Sequence[int]
) -> list[int] | None:
    for subset in range(1, 1 << len(others)):
        group = [s for i, s in enumerate(others) if subset >> i & 1]
        mask = sum(1 << s for s in group)
        demand = sum(room[s] for s in group)
        supply = sum(count for kind, count in counts.items() if kind & mask)
        if supply < demand:
            return group
    return None


def _feasible_or_fail(
    unseen: Sequence[int],
    free: list[int],
    others: Sequence[int],
    forbid: list[int],
    constraints: _Constraints,
) -> None:
    group = _hall(unseen, free, others, forbid)
    if group is None:
        return
    fits = sum(1 for c in unseen if any(not _banned(forbid, s, c) for s in group))
    reasons = "; ".join(
        f"seat {s} holds no {_faces_text(faces)} ({why})"
        for s in group
        for faces, why in constraints.why[s]
    )
    seats = " and ".join(f"seat {s}" for s in group)
    raise _fail(
        f"{seats} must hold {sum(free[s] for s in group)} more cards, but only {fits} of the "
        f"unseen cards may be there: {reasons}"
    )


def _sample(
    cards: Sequence[int],
    room: list[int],
    face_down: int,
    others: Sequence[int],
    forbid: list[int],
    rng: random.Random,
) -> tuple[list[list[int]], list[int]]:
    """One deal of ``cards`` into ``room`` places per seat and ``face_down`` in the
    stock, drawn uniformly among the deals that respect ``forbid``.

    Without a ban the shuffled cards are cut into the hands and the stock. With
    bans the cards are grouped by the set of seats that may hold them; group by
    group, how many of its cards go to each seat and to the stock is drawn with
    probability in proportion to the number of whole deals that split allows
    (counted exactly, :class:`_DealCount`), and the group's shuffled cards are
    cut accordingly. Each deal then has probability 1 / (number of deals).
    """
    n = len(room)
    order = list(cards)
    rng.shuffle(order)
    dealt: list[list[int]] = [[] for _ in range(n)]
    if not any(forbid[s] for s in others):
        pos = 0
        for s in others:
            dealt[s] = order[pos : pos + room[s]]
            pos += room[s]
        return dealt, order[pos:]
    groups: dict[int, list[int]] = {}
    for card in order:
        kind = sum(1 << i for i, s in enumerate(others) if not _banned(forbid, s, card))
        groups.setdefault(kind, []).append(card)
    # The largest group last: the count of its deals is a single multinomial.
    kinds = sorted(groups, key=lambda k: (len(groups[k]), k))
    count = _DealCount(kinds, [len(groups[k]) for k in kinds], len(others))
    left = (*(room[s] for s in others), face_down)
    stock: list[int] = []
    for i, kind in enumerate(kinds):
        choices = [
            (split, ways * count.deals(i + 1, after))
            for split, ways, after in count.splits(i, left)
        ]
        split = _weighted(choices, rng)
        group = groups[kind]
        pos = 0
        for j, s in enumerate(others):
            dealt[s] += group[pos : pos + split[j]]
            pos += split[j]
        stock += group[pos:]
        left = tuple(a - b for a, b in zip(left, split, strict=True))
    # The stock is unconstrained: any order of its cards is as likely.
    rng.shuffle(stock)
    return dealt, stock


class _DealCount:
    """How many deals of groups of cards into places there are, exactly.

    Group ``i`` holds ``sizes[i]`` cards that may go to the places whose bit is
    set in ``kinds[i]`` (bit ``j``: the ``j``-th of the other seats) and always to
    the stock, the last place. ``deals(i, left)`` counts the ways to deal groups
    ``i`` onwards into exactly ``left`` cards per place (cards are told apart: a
    split of a group of ``m`` cards into ``k1, k2, ...`` counts ``m! / (k1! k2!
    ...)``); results are kept, as the draw asks for the same counts again.
    """

    def __init__(self, kinds: Sequence[int], sizes: Sequence[int], seats: int) -> None:
        self.kinds = kinds
        self.sizes = sizes
        self.seats = seats
        self.known: dict[tuple[int, tuple[int, ...]], int] = {}

    def splits(
        self, i: int, left: tuple[int, ...]
    ) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
        """Each way to split group ``i`` among the places: the split, the number of
        ways to choose its cards, and the places left after it."""
        kind = self.kinds[i]
        size = self.sizes[i]
        out: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []

        def place(j: int, taken: tuple[int, ...], rest: int, ways: int) -> None:
            if j == self.seats:
                if rest <= left[j]:
                    split = (*taken, rest)
                    after = tuple(a - b for a, b in zip(left, split, strict=True))
                    out.append((split, ways, after))
                return
            top = min(left[j], rest) if kind >> j & 1 else 0
            for k in range(top + 1):
                place(j + 1, (*taken, k), rest - k, ways * math.comb(rest, k))

        place(0, (), size, 1)
        return out

    def deals(self, i: int, left: tuple[int, ...]) -> int:
        if i == len(self.kinds):
            return 1 if not any(left) else 0
        key = (i, left)
        found = self.known.get(key)
        if found is not None:
            return found
        if i == len(self.kinds) - 1:
            # Every card of the last group goes where room is left, if it may.
            allowed = all(not left[j] or self.kinds[i] >> j & 1 for j in range(self.seats))
            total = math.factorial(self.sizes[i])
            for room in left:
                total //= math.factorial(room)
            found = total if allowed and sum(left) == self.sizes[i] else 0
        else:
            found = sum(ways * self.deals(i + 1, after) for _, ways, after in self.splits(i, left))
        self.known[key] = found
        return found


def _weighted(choices: Sequence[tuple[_T, int]], rng: random.Random) -> _T:
    """One of the choices, each with probability in proportion to its weight."""
    total = sum(weight for _, weight in choices)
    if total <= 0:  # pragma: no cover - the deal was checked feasible
        raise _fail("the unseen cards cannot be dealt")
    pick = rng.randrange(total)
    for choice, weight in choices:
        if pick < weight:
            return choice
        pick -= weight
    raise _fail("the unseen cards cannot be dealt")  # pragma: no cover - pick < total
