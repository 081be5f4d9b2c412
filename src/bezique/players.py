"""Players: anything that chooses an action from what one seat may know.

A player has one method, ``choose(view) -> action``: it is handed the
:class:`~bezique.views.SeatView` of the seat to move and returns one of
``view.legal_actions``. A view holds no hidden card (see :mod:`bezique.views`),
so a player cannot peek at the stock or at the other hand.

The built-in players, each reproducible from its arguments:

* :class:`RandomPlayer` picks uniformly among the legal actions.
* :class:`RuleOfThumbPlayer` follows the hints printed with the laws (S000
  hints 1-9, S004 hints 1-6), cited beside the code that applies them.
* :class:`MonteCarloPlayer` searches: for the rule-of-thumb player's favourite
  actions it samples deals consistent with its view
  (:func:`bezique.determinize.determinize`), plays them out with a fast policy
  and takes the action with the best mean result when it clearly beats the
  rule-of-thumb choice.

:func:`make_player` builds one by name (``random``, ``rule-of-thumb``,
``monte-carlo``); :func:`bezique.simulate.duel` plays two of them against each other.

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=1)
>>> seats = [RuleOfThumbPlayer(), RandomPlayer(seed=2)]
>>> while not state.is_over:
...     seat = state.current_player
...     state = state.apply(seats[seat].choose(state.view(seat)))
>>> state.result is not None
True
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from bezique.actions import (
    Action,
    Declare,
    Draw,
    Exchange,
    Pass,
    Play,
    ScorePending,
    ShowCarteBlanche,
)
from bezique.cards import FACES_PER_PACK, Rank, Suit
from bezique.errors import BeziqueError
from bezique.laws.declaring import forbidden_history
from bezique.laws.zones import bits, deck_tables
from bezique.melds import MeldKind, patterns
from bezique.records import DeclaredMeld, Phase, Window
from bezique.rules import (
    BrisqueTiming,
    DealScoring,
    DeclarationLimit,
    Rules,
    SameKindReuse,
    SevenOfTrumps,
    TrumpSelection,
)
from bezique.state import DealState
from bezique.views import SeatView, _raw_view

__all__ = [
    "PLAYER_NAMES",
    "ROLLOUTS",
    "GreedyPlayer",
    "MonteCarloPlayer",
    "Player",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "deal_value",
    "make_player",
]


class Player(Protocol):
    """Chooses an action for the seat to move, from that seat's view."""

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal_actions``."""
        ...


def _as_view(view: SeatView | DealState) -> SeatView:
    """The built-in players also accept a state: they see only its mover's view."""
    if isinstance(view, DealState):
        seat = view.current_player
        if seat is None:
            raise BeziqueError("the deal is over: no one is to move")
        return view.view(seat)
    return view


def _legal(view: SeatView) -> tuple[Action, ...]:
    actions = view.legal_actions
    if not actions:
        raise BeziqueError(f"seat {view.seat} has no legal action in this view")
    return actions


class RandomPlayer:
    """Uniformly random among the legal actions, reproducible from a seed."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView | DealState) -> Action:
        return self.rng.choice(_legal(_as_view(view)))


# -- card arithmetic on ids (see bezique.cards: id = copy * 32 + suit * 8 + rank) ---------

_SEVEN, _NINE, _JACK, _QUEEN, _KING, _TEN, _ACE = (
    int(Rank.SEVEN),
    int(Rank.NINE),
    int(Rank.JACK),
    int(Rank.QUEEN),
    int(Rank.KING),
    int(Rank.TEN),
    int(Rank.ACE),
)


def _face(card: int) -> int:
    return card % FACES_PER_PACK


def _suit(face: int) -> int:
    return face >> 3


def _rank(face: int) -> int:
    return face & 7


def _is_brisque(face: int) -> bool:
    return face & 7 >= _TEN


def _beats(face: int, best: int, trump: int, offsuit: bool) -> bool:
    """Whether ``face`` played after ``best`` takes the trick (as ``engine.beats``)."""
    suit, best_suit = face >> 3, best >> 3
    if suit == best_suit:
        return face & 7 > best & 7
    if suit == trump:
        return True
    if best_suit == trump:
        return False
    return offsuit and face & 7 > best & 7


def _trick_rules(view: SeatView) -> tuple[int, bool]:
    """The trump suit (``-1``: none) and the off-suit rule for the current trick."""
    if view.phase is Phase.STOCK:
        play = view.rules.trick_play
        trump = view.trump if play.trumps_win_in_stock_phase else None
        return (-1 if trump is None else int(trump)), play.offsuit_higher_card_wins
    return (-1 if view.trump is None else int(view.trump)), False


def _winning_face(faces: Sequence[int], trump: int, offsuit: bool) -> int:
    best = faces[0]
    for face in faces[1:]:
        if _beats(face, best, trump, offsuit):
            best = face
    return best


def _brisque_worth(rules: Rules) -> float:
    """What an ace or ten won in a trick is worth to a player's plans."""
    timing = rules.scoring.brisques
    if timing is BrisqueTiming.NEVER:
        return 0.0
    if timing is BrisqueTiming.TIES_AND_RUBICON:
        # They count only to break ties or to escape the rubicon (BIC, S003).
        return rules.scoring.brisque_points / 4
    return float(rules.scoring.brisque_points)


# -- what melds a seat may still hope for -------------------------------------------------

_TRUMP_FIXERS: dict[TrumpSelection, tuple[MeldKind, ...]] = {
    TrumpSelection.TURN_UP: (),
    TrumpSelection.FIRST_MARRIAGE: (MeldKind.ROYAL_MARRIAGE,),
    TrumpSelection.FIRST_MARRIAGE_OR_SEQUENCE: (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE),
}


@attrs.frozen
class _Target:
    """One way to form a meld: its value, the history bits that bar a card from it,
    and what it needs: face counts, or ``count`` cards of ``rank``; ``faces`` is
    the bit set of the faces that count towards it."""

    kind: MeldKind
    value: int
    same: int
    barred: int
    need: tuple[tuple[int, int], ...]
    rank: int
    count: int
    faces: int


@functools.cache
def _targets(rules: Rules, trump: Suit | None) -> tuple[_Target, ...]:
    decl = rules.declarations
    out: list[_Target] = []
    for kind in rules.meld_kinds:
        value = rules.meld_value(kind)
        if not value or kind is MeldKind.SEVEN_OF_TRUMPS:
            continue
        same, inferior, married = forbidden_history(rules, kind)
        found = patterns(
            kind,
            trump,
            bezique_pair=decl.bezique_pair,
            quartet_suits=decl.quartet_suits,
            fix_trumps=_TRUMP_FIXERS[rules.trumps.selection],
        )
        for pattern in found:
            if pattern.rank is not None:
                rank = int(pattern.rank)
                faces = sum(1 << (suit * 8 + rank) for suit in range(4))
                out.append(_Target(kind, value, same, inferior | married, (), rank, 4, faces))
                continue
            need: dict[int, int] = {}
            for face in pattern.faces:
                need[face.index] = need.get(face.index, 0) + 1
            faces = sum(1 << f for f in need)
            out.append(
                _Target(kind, value, same, inferior | married, tuple(need.items()), -1, 0, faces)
            )
    return tuple(out)


@functools.cache
def _targets_by_face(rules: Rules, trump: Suit | None) -> tuple[tuple[int, ...], ...]:
    """Per face, the indexes in :func:`_targets` of the melds it counts towards."""
    targets = _targets(rules, trump)
    return tuple(
        tuple(i for i, t in enumerate(targets) if t.faces >> face & 1)
        for face in range(FACES_PER_PACK)
    )


#: A group of interchangeable cards: (face, history mask, broken mask).
_Group = tuple[int, int, int]


class _Reading:
    """What a seat can work out from its view: its cards, the cards it can never get,
    and its chances of drawing the rest."""

    def __init__(self, view: SeatView) -> None:
        rules = view.rules
        self.rules = rules
        packs = rules.deck.packs
        seat = view.seat
        groups: dict[_Group, int] = {}
        held = [0] * FACES_PER_PACK
        kept: dict[int, tuple[int, int]] = {}
        if view.hand_kinds:
            # Melding after the close (S003): cards back in hand keep their history.
            kept = {
                t.card: (sum(k.bit for k in t.history), sum(k.bit for k in t.broken))
                for t in view.hand_kinds[seat]
            }
        for card in view.hand:
            face = _face(card)
            held[face] += 1
            history, broken = kept.get(card, (0, 0))
            key = (face, history, broken)
            groups[key] = groups.get(key, 0) + 1
        for table_card in view.tables[seat]:
            face = _face(table_card.card)
            held[face] += 1
            key = (
                face,
                sum(k.bit for k in table_card.history),
                sum(k.bit for k in table_card.broken),
            )
            groups[key] = groups.get(key, 0) + 1
        #: How many cards of each group this seat holds.
        self.groups = groups
        gone = [0] * FACES_PER_PACK
        for trick in view.tricks:
            for card in trick.cards:
                gone[_face(card)] += 1
        for card in view.trick:
            gone[_face(card)] += 1
        opponent_seen = 0
        for other in range(view.players):
            if other == seat:
                continue
            for table_card in view.tables[other]:
                gone[_face(table_card.card)] += 1
                opponent_seen += 1
            for card in view.known[other]:
                gone[_face(card)] += 1
                opponent_seen += 1
        #: Copies of each face this seat does not hold and has not seen elsewhere.
        self.unseen = [max(0, packs - held[f] - gone[f]) for f in range(FACES_PER_PACK)]
        hidden = sum(view.hand_sizes[s] for s in range(view.players) if s != seat)
        self.pool = view.stock_size + hidden - opponent_seen
        self.draws = view.stock_size // view.players if view.phase is Phase.STOCK else 0
        trump = view.trump
        self.trump = -1 if trump is None else int(trump)
        self.reform = rules.declarations.same_kind_reuse is SameKindReuse.REFORM_AFTER_PLAY
        can_meld = view.phase is Phase.STOCK or rules.declarations.melding_after_close
        self.targets = _targets(rules, trump) if can_meld else ()
        self._chance: dict[tuple[int, int], float] = {}
        self._counts: list[dict[int, int]] = [{} for _ in self.targets]
        self._by_face = _targets_by_face(rules, trump) if self.targets else ()
        if self.targets:
            by_face = self._by_face
            for (face, history, broken), n in groups.items():
                for i in by_face[face]:
                    if self._usable(self.targets[i], history, broken):
                        counts = self._counts[i]
                        counts[face] = counts.get(face, 0) + n
        self._base = [
            self._odds(target, counts, -1)
            for target, counts in zip(self.targets, self._counts, strict=True)
        ]
        self._loss: dict[_Group, float] = {}

    def _draw_chance(self, available: int, missing: int) -> float:
        """The chance of drawing ``missing`` more cards of which ``available`` copies
        are unseen (a rough estimate, one draw at a time)."""
        if missing <= 0:
            return 1.0
        if available < missing or self.draws <= 0 or self.pool <= 0:
            return 0.0
        key = (available, missing)
        cached = self._chance.get(key)
        if cached is not None:
            return cached
        chance = 1.0
        for i in range(missing):
            share = min(1.0, (available - i) / self.pool)
            chance *= 1.0 - (1.0 - share) ** self.draws
        self._chance[key] = chance
        return chance

    def _usable(self, target: _Target, history: int, broken: int) -> bool:
        if history & target.barred:
            return False
        if history & target.same:
            return self.reform and bool(broken & target.same)
        return True

    def _odds(self, target: _Target, counts: dict[int, int], less: int) -> float:
        """The chance of completing ``target`` from these usable face counts, one card
        of face ``less`` fewer (``-1``: none fewer)."""
        if target.rank >= 0:
            have = sum(counts.values()) - (less >= 0)
            unseen = sum(self.unseen[suit * 8 + target.rank] for suit in range(4))
            return self._draw_chance(unseen, target.count - min(have, target.count))
        chance = 1.0
        for face, needed in target.need:
            have = counts.get(face, 0) - (face == less)
            chance *= self._draw_chance(self.unseen[face], needed - min(have, needed))
            if not chance:
                return 0.0
        return chance

    def meld_loss(self, group: _Group) -> float:
        """Points of meld hopes given up by playing a card of this group (S000 hint 1,
        S004 hint 1: never part with sequence or bezique cards while they may still
        be declared; S000 hint 2, S004 hint 2: hopes the other player's cards have
        ended count for nothing)."""
        cached = self._loss.get(group)
        if cached is not None:
            return cached
        loss = 0.0
        face, history, broken = group
        for i in self._by_face[face] if self.targets else ():
            base = self._base[i]
            target = self.targets[i]
            if base and self._usable(target, history, broken):
                loss += target.value * (base - self._odds(target, self._counts[i], face))
        self._loss[group] = loss
        return loss

    def best_meld_without(self, group: _Group) -> int:
        """The value of the best meld complete in hand once a card of ``group`` is
        played: what winning this trick would let this seat declare."""
        best = 0
        face, history, broken = group
        for i, target in enumerate(self.targets):
            if target.value <= best or self._base[i] != 1.0:
                continue
            counts = bool(target.faces >> face & 1) and self._usable(target, history, broken)
            if not counts or self._odds(target, self._counts[i], face) == 1.0:
                best = target.value
        return best


class RuleOfThumbPlayer:
    """Plays by the hints printed with the laws (S000 hints 1-9, S004 hints 1-6).

    * Shows a carte blanche whenever it may (it scores and costs nothing).
    * In the winner's turn: exchanges the seven of trumps (S000 law 8; S004
      calls the exchange always desirable), then declares the most valuable
      meld, but a royal marriage before its sequence (S000 hint 6) and a
      bezique before its double while tricks are left; then draws.
    * In the stock phase it weighs each card by what giving it up costs: the
      melds it may still complete, by the chances of drawing the missing cards
      among those not seen elsewhere (S000 hints 1-2, S004 hints 1-2), small
      trumps kept to capture aces and tens (S000 hint 8), kings before aces
      (S000 hint 4). It leads its cheapest card but not a ten (S000 hint 5);
      it wins a trick holding aces or tens with its cheapest winning card, and
      a trick that lets it declare a meld in hand (S000 hint 8, S004 hint 3);
      it fights for the last trick of the stock, after which the loser cannot
      declare (S000 hint 9).
    * In the last tricks it knows the other hand (every unseen card is there)
      and judges each lead by the best reply to it (S000 hint 7, S004 hint 6).

    Deterministic: the same view always gets the same action.
    """

    def choose(self, view: SeatView | DealState) -> Action:
        return self.ranked(view)[0]

    def ranked(self, view: SeatView | DealState) -> list[Action]:
        """The legal actions, the one this player chooses first, then the others from
        the most to the least attractive by the same rules of thumb."""
        view = _as_view(view)
        actions = _legal(view)
        if view.offers:
            # A carte blanche scores and costs nothing but showing a hand without
            # court cards (HGM, FOS p.334): always show it.
            return sorted(actions, key=lambda a: not isinstance(a, ShowCarteBlanche))
        if view.window is not None:
            first = _window_choice(
                view.rules, view.melds, view.phase, view.stock_size, view.window, actions
            )
            return [first, *(a for a in actions if a != first)]
        plays = [a for a in actions if isinstance(a, Play)]
        if len(plays) <= 1:
            return list(actions)
        reading = _Reading(view)
        score: Callable[[Play], float]
        if view.phase is Phase.END:
            score = self._end_scorer(view, reading)
        elif not view.trick:
            score = functools.partial(self._lead_score, view, reading)
        else:
            score = functools.partial(self._follow_score, view, reading)
        ordered: list[Play] = sorted(plays, key=score, reverse=True)
        return [*ordered]

    # -- trick play in the stock phase ----------------------------------------------------

    @staticmethod
    def _keep(view: SeatView, reading: _Reading, play: Play) -> float:
        """How much this seat minds giving up the card (stock phase)."""
        face = play.card.card.index
        history = play.card.mask
        keep = reading.meld_loss((face, history, play.card.broken_mask))
        rank = _rank(face)
        is_trump = _suit(face) == reading.trump
        if is_trump:
            if rank == _SEVEN:
                keep += _seven_keep(view.rules, view.turn_up)
            else:
                # S000 hint 8, S004 hint 3: keep small trumps to capture aces and
                # tens and to secure the lead.
                keep += 6 + rank
        if rank == _KING:
            # S000 hint 4, S004 hint 4: if in doubt, save kings rather than aces.
            keep += 3
        elif rank == _ACE:
            keep += 2
        if history:
            keep -= 0.5  # its face is known already: part with it before a concealed one
        return keep + 0.1 * rank  # of two cards alike, part with the smaller

    def _lead_score(self, view: SeatView, reading: _Reading, play: Play) -> float:
        face = play.card.card.index
        risk = _lead_risk(face, reading.trump, _brisque_worth(view.rules))
        last = view.stock_size <= view.players
        return -self._keep(view, reading, play) - risk + _last_lead_bonus(face, reading.trump, last)

    def _follow_score(self, view: SeatView, reading: _Reading, play: Play) -> float:
        trump, offsuit = _trick_rules(view)
        face = play.card.card.index
        wins, score = _follow_outcome(
            [_face(c) for c in view.trick], face, trump, offsuit, _brisque_worth(view.rules)
        )
        if wins:
            group = (face, play.card.mask, play.card.broken_mask)
            score += 1 + reading.best_meld_without(group)
            if view.stock_size <= view.players:
                score += 40  # S000 hint 9: the last stock trick stops his declarations
        return score - self._keep(view, reading, play)

    # -- the last tricks --------------------------------------------------------------------

    @staticmethod
    def _end_scorer(view: SeatView, reading: _Reading) -> Callable[[Play], float]:
        """S000 hint 7, S004 hint 6: play the last tricks with what is known of the other
        hand. With the stock gone every unseen card is in it, so each card led is
        judged by the best reply the other player has."""
        trump, _ = _trick_rules(view)
        other: list[int] = []
        for face, count in enumerate(reading.unseen):
            other += [face] * count
        for s in range(view.players):
            if s != view.seat:
                other += [_face(c) for c in view.known[s]]
                other += [_face(t.card) for t in view.tables[s]]
        trick = [_face(c) for c in view.trick]
        return _end_scorer(trick, other, trump, _brisque_worth(view.rules))


def _lead_risk(face: int, trump: int, worth: float) -> float:
    """What leading a card may cost in aces and tens given away."""
    if not _is_brisque(face):
        return 0.0
    is_trump = _suit(face) == trump
    if _rank(face) == _TEN:
        # S000 hint 5: avoid leading a ten; an ace or a trump takes it.
        return worth * (0.5 if is_trump else 0.9) + 5
    return 0.0 if is_trump else worth * 0.7  # only a trump takes an ace led


def _last_lead_bonus(face: int, trump: int, last: bool) -> float:
    """S000 hint 9: win the last trick of the stock, so the other player cannot declare
    again: lead a high trump, which hardly any card beats."""
    return 20.0 + _rank(face) * 5 if last and _suit(face) == trump else 0.0


def _follow_outcome(
    trick: Sequence[int], face: int, trump: int, offsuit: bool, worth: float
) -> tuple[bool, float]:
    """Whether ``face`` wins the trick, and the aces and tens it wins or gives away
    (S000 hint 8, S004 hint 3: make your aces and tens in your tricks, and take any
    the other player leads whenever it can be done cheaply)."""
    best = _winning_face(trick, trump, offsuit)
    wins = _beats(face, best, trump, offsuit)
    brisques = sum(_is_brisque(f) for f in (*trick, face)) * worth
    return wins, brisques if wins else -brisques


def _end_scorer(
    trick: Sequence[int], other: Sequence[int], trump: int, worth: float
) -> Callable[[Play], float]:
    """Scores of the cards one may play in the last tricks, knowing the faces
    ``other`` of the other hand: a reply by what it wins, a lead by the best
    answer to it (S000 hint 7)."""

    def value(face: int) -> float:
        return _rank(face) + (8 if _suit(face) == trump else 0)

    def outcome(first: int, second: int, mine_first: bool) -> float:
        points = (_is_brisque(first) + _is_brisque(second)) * worth
        first_wins = not _beats(second, first, trump, False)
        return points if first_wins == mine_first else -points

    if trick:
        led = trick[0]
        return lambda p: outcome(led, p.card.card.index, False) - value(p.card.card.index)

    def lead(play: Play) -> float:
        face = play.card.card.index
        replies = _end_replies(other, face, trump)
        if not replies:
            return -value(face)
        # His reply: the worst for this seat, sparing his own good cards.
        reply = min(replies, key=lambda r: outcome(face, r, True) + 0.1 * value(r))
        return outcome(face, reply, True) - 0.5 * value(face)

    return lead


def _end_replies(hand: Sequence[int], led: int, trump: int) -> list[int]:
    """The cards a hand may play to a led card in the last tricks: follow suit and win
    if able, else trump (and win) if able (S000 law 9)."""
    follow = [f for f in hand if _suit(f) == _suit(led)]
    if follow:
        higher = [f for f in follow if _rank(f) > _rank(led)]
        return higher or follow
    trumps = [f for f in hand if _suit(f) == trump]
    return trumps or list(hand)


def _seven_keep(rules: Rules, turn_up: int | None) -> float:
    """How much to keep the seven of trumps: for the exchange while the turn-up is worth
    taking (S000 law 8; S004 asks for an early trick to make it), else it scores when
    played (S000 law 8) and should go."""
    exchangeable = turn_up is not None and _rank(_face(turn_up)) != _SEVEN
    if turn_up is not None and exchangeable and rules.trumps.exchange_points is not None:
        return 12.0 + _rank(_face(turn_up))
    if rules.trumps.seven_of_trumps is SevenOfTrumps.ON_PLAY:
        return -float(rules.trumps.seven_of_trumps_points) - 6
    return 0.0


def _window_choice(
    rules: Rules,
    melds: Sequence[DeclaredMeld],
    phase: Phase,
    stock_size: int,
    window: Window,
    actions: Sequence[Action],
) -> Action:
    """The winner's turn: exchange the seven, declare the best meld, then draw."""
    values: list[tuple[float, Action]] = []
    for action in actions:
        if isinstance(action, Declare):
            values.append((float(rules.meld_value(action.kind) or 0), action))
        elif isinstance(action, ScorePending):
            values.append((float(melds[action.meld].points), action))
    best = max(values, key=lambda pair: pair[0], default=None)
    exchange = next((a for a in actions if isinstance(a, Exchange)), None)
    if exchange is not None:
        # S000 law 8 scores the exchange, and S004 calls it always desirable: the
        # turn-up is a better trump than the seven. Where the exchange is the
        # trick's one declaration (S002), a better meld comes first.
        counts = rules.trumps.exchange_counts_as_declaration
        points = rules.trumps.exchange_points or 0
        if not counts or best is None or best[0] <= points:
            return exchange
    if best is not None and (not window.scored or _declares_freely(rules)):
        return _order_declarations(rules, phase, stock_size, [a for _, a in values], best[1])
    if best is not None:
        # Melds shown now score on later tricks (FOS p.326): show what is left.
        pending = [(v, a) for v, a in values if isinstance(a, Declare)]
        if pending:
            return max(pending, key=lambda pair: pair[0])[1]
    for action in actions:
        if isinstance(action, (Draw, Pass)):
            return action
    return actions[-1]


def _declares_freely(rules: Rules) -> bool:
    return rules.declarations.limit is DeclarationLimit.SEVERAL


def _fresh(declare: Declare) -> bool:
    """Whether every card of a declaration comes from the concealed hand."""
    return all(not ref.history for ref in declare.cards)


def _order_declarations(
    rules: Rules, phase: Phase, stock_size: int, candidates: list[Action], best: Action
) -> Action:
    """The declaration to make first.

    S000 hint 6: declare a royal marriage before the sequence when both are in
    hand: the marriage's king and queen may still go into the sequence (FOS
    p.325), so both score, while a sequence bars the marriage. The same holds
    for a bezique before a double bezique from four cards in hand (S004: a
    bezique declared stays on the table until the second is had; FOS p.326
    lets the double re-use it with two fresh cards), while tricks are left.
    """
    if not isinstance(best, Declare) or not _fresh(best):
        return best
    if phase is not Phase.STOCK or stock_size <= rules.players:
        return best
    kinds = {a.kind: a for a in candidates if isinstance(a, Declare) and _fresh(a)}
    if (
        best.kind is MeldKind.TRUMP_SEQUENCE
        and MeldKind.ROYAL_MARRIAGE in kinds
        and rules.declarations.marriage_then_sequence
    ):
        return kinds[MeldKind.ROYAL_MARRIAGE]
    if (
        best.kind is MeldKind.DOUBLE_BEZIQUE
        and MeldKind.BEZIQUE in kinds
        and stock_size >= 6 * rules.players
    ):
        return kinds[MeldKind.BEZIQUE]
    return best


#: The old name of :class:`RuleOfThumbPlayer`, kept as an alias for existing callers.
GreedyPlayer = RuleOfThumbPlayer


# -- Monte Carlo search ---------------------------------------------------------------------

Determinizer = Callable[[SeatView, random.Random], DealState]


def _default_determinizer() -> Determinizer:
    from bezique.determinize import determinize

    def sample(view: SeatView, rng: random.Random) -> DealState:
        # The views come straight from the engine: skip the consistency check.
        return determinize(view, rng, check=False)

    return sample


def deal_value(state: DealState, seat: int) -> int:
    """A finished deal's worth to ``seat``: its points less the best other seat's, or
    under rubicon scoring the same difference of the deal's game scores."""
    result = state.result
    if result is None:
        raise BeziqueError("the deal is not over")
    scores = (
        result.game_scores
        if state.rules.scoring.deal_scoring is DealScoring.RUBICON
        else result.scores
    )
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


@functools.cache
def _static_keep(rules: Rules, trump: Suit | None, seven: float) -> tuple[float, ...]:
    """How much the fast policy minds giving up each face: a fixed table in place of
    the rule-of-thumb player's reckoning of meld hopes (S000 hints 1, 4 and 8)."""
    values = rules.declarations.values
    t = -1 if trump is None else int(trump)
    queen_suit, jack_suit = rules.declarations.bezique_pair.suits(trump)
    bezique = {int(queen_suit) * 8 + _QUEEN, int(jack_suit) * 8 + _JACK}
    keep: list[float] = []
    for face in range(FACES_PER_PACK):
        rank = _rank(face)
        value = 0.5 * rank + {_KING: 6, _QUEEN: 4, _JACK: 2, _ACE: 3}.get(rank, 0)
        if face in bezique and values.bezique:
            value += 20
        if _suit(face) == t:
            value += seven if rank == _SEVEN else 6 + rank
            if rank >= _JACK and values.trump_sequence:
                value += 12
        keep.append(value)
    return tuple(keep)


class _FastPolicy:
    """The rollout policy: the rule-of-thumb player's window and trick rules with a
    fixed table of card values, played on a sampled deal. Each seat's choice reads
    its own cards and what every seat sees (in the last tricks of a two-hand deal,
    the other hand is known anyway)."""

    def choose(self, state: DealState) -> Action:
        if _nothing_to_declare(state):
            return _DRAW  # always legal in the stock phase's winner's turn
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if state.offers:
            return next((a for a in actions if isinstance(a, ShowCarteBlanche)), actions[0])
        rules = state.rules
        window = state.window
        if window is not None:
            melds = state.melds
            return _window_choice(rules, melds, state.phase, state.stock_size, window, actions)
        seat = state.current_player
        if seat is None:  # pragma: no cover - a deal not over has a player to move
            return actions[0]
        if state.phase is Phase.END:
            worth = _brisque_worth(rules)
            trump = -1 if state.trump is None else int(state.trump)
            other = [
                _face(c)
                for s in range(state.players)
                if s != seat
                for c in bits(state.hand_masks[s] | state.table_masks[s])
            ]
            trick = [_face(c) for c in state.trick]
            return max(actions, key=_as_play_scorer(_end_scorer(trick, other, trump, worth)))
        last = state.stock_size <= state.players
        lead, follow, wins = _fast_tables(
            rules, state.trump, _seven_keep(rules, state.turn_up), last
        )
        # S000 hint 1: a meld ready to declare is kept, and a trick won lets it score.
        ready, protect = _ready_melds(state, seat)
        if state.trick:
            led = state.trick[-1] % FACES_PER_PACK
            table, winning = follow[led], wins[led]
        else:
            table, winning = lead, ()
        best = actions[0]
        best_score = -math.inf
        for action in actions:
            if isinstance(action, Play):
                ref = action.card
                face = ref.card.index
                score = table[face] + (8 if ref.history else 0)
                if protect:
                    score -= protect.get(face, 0)
                if ready and winning and winning[face]:
                    score += ready
                if score > best_score:
                    best, best_score = action, score
        return best


#: A meld the fast policy watches for: its value, the history bits that bar a card
#: from it, and what it needs: (mask of card ids, count) pairs, or a rank's mask and 4.
_Ready = tuple[int, int, tuple[tuple[int, int], ...]]


@functools.cache
def _ready_table(rules: Rules, trump: Suit | None) -> tuple[_Ready, ...]:
    tables = deck_tables(rules.deck.packs)
    out: list[_Ready] = []
    for target in _targets(rules, trump):
        banned = target.same | target.barred
        if target.rank >= 0:
            out.append((target.value, banned, ((tables.rank_mask[target.rank], 4),)))
        else:
            need = tuple((tables.face_mask[face], count) for face, count in target.need)
            out.append((target.value, banned, need))
    # The most valuable first: the best ready meld is found first.
    return tuple(sorted(out, key=lambda entry: -entry[0]))


def _ready_melds(state: DealState, seat: int) -> tuple[int, dict[int, int]]:
    """The value of the best meld ``seat`` could declare now, and, per face, the value
    of the best ready meld that would be lost by playing a card of that face."""
    held = state.hand_masks[seat] | state.table_masks[seat]
    history = state.history
    best = 0
    protect: dict[int, int] = {}
    for value, banned, need in _ready_table(state.rules, state.trump):
        # A quick count first (most melds are far from complete), then the histories.
        for mask, count in need:
            if (held & mask).bit_count() < count:
                break
        else:
            if _protect_ready(held, history, value, banned, need, protect):
                best = max(best, value)
    return best, protect


def _protect_ready(
    held: int,
    history: tuple[int, ...],
    value: int,
    banned: int,
    need: tuple[tuple[int, int], ...],
    protect: dict[int, int],
) -> bool:
    """Whether the meld is ready with cards whose histories allow it; if so, mark its
    faces that have no copy to spare as worth ``value`` to keep."""
    spares: list[tuple[list[int], int]] = []
    for mask, count in need:
        usable = [c for c in bits(held & mask) if not history[c] & banned]
        if len(usable) < count:
            return False
        spares.append((usable, len(usable) - count))
    for usable, spare in spares:
        if spare:
            continue  # a copy to spare: no one card of it is needed
        for card in usable:
            face = card % FACES_PER_PACK
            protect[face] = max(protect.get(face, 0), value)
    return True


@functools.cache
def _fast_tables(
    rules: Rules, trump: Suit | None, seven: float, last: bool
) -> tuple[tuple[float, ...], tuple[tuple[float, ...], ...], tuple[tuple[bool, ...], ...]]:
    """The fast policy's score of each face led, and of each face played to each face
    led (two-hand: a trick holds one card when the second player plays), and whether
    it wins the trick."""
    keep = _static_keep(rules, trump, seven)
    worth = _brisque_worth(rules)
    t = -1 if trump is None else int(trump)
    play_rules = rules.trick_play
    trump_now = t if play_rules.trumps_win_in_stock_phase else -1
    offsuit = play_rules.offsuit_higher_card_wins
    faces = range(FACES_PER_PACK)
    lead = tuple(-keep[f] - _lead_risk(f, t, worth) + _last_lead_bonus(f, t, last) for f in faces)
    follow: list[tuple[float, ...]] = []
    winning: list[tuple[bool, ...]] = []
    for led in faces:
        row: list[float] = []
        won: list[bool] = []
        for face in faces:
            wins, points = _follow_outcome((led,), face, trump_now, offsuit, worth)
            if wins:
                points += 1 + (40 if last else 0)
            row.append(points - keep[face])
            won.append(wins)
        follow.append(tuple(row))
        winning.append(tuple(won))
    return lead, tuple(follow), tuple(winning)


_DRAW = Draw()


def _nothing_to_declare(state: DealState) -> bool:
    """Whether the winner's turn in the stock phase can only end in a draw for the fast
    policy: no seven of trumps to exchange, no meld ready (by the quick reckoning of
    :func:`_ready_melds`), no pending meld or seven to declare. It spares working out
    every legal declaration after most tricks."""
    window = state.window
    if window is None or state.offers or state.phase is not Phase.STOCK:
        return False
    rules = state.rules
    if rules.declarations.limit is DeclarationLimit.ONE_SCORED_REST_PENDING:
        return False
    if rules.trumps.seven_of_trumps is SevenOfTrumps.ON_DECLARATION:
        return False
    seat = window.seat
    turn_up = state.turn_up
    trump = state.trump
    if turn_up is not None and trump is not None and rules.trumps.exchange_points is not None:
        seven = deck_tables(rules.deck.packs).face_mask[int(trump) * 8 + _SEVEN]
        if state.hand_masks[seat] & seven:
            return False
    return _ready_melds(state, seat)[0] == 0


def _as_play_scorer(score: Callable[[Play], float]) -> Callable[[Action], float]:
    return lambda a: score(a) if isinstance(a, Play) else -math.inf


ROLLOUTS: tuple[str, ...] = ("fast", "rule-of-thumb", "random")
#: The rough cost of a playout by each rollout policy, a random one counting 1.
_ROLLOUT_COST = {"random": 1.0, "fast": 2.5, "rule-of-thumb": 6.0}


class MonteCarloPlayer:
    """Determinized Monte Carlo search, guided by the rules of thumb.

    For each candidate action it samples full deals consistent with the view
    (``determinize``), applies the action, plays the deal out with the
    ``rollout`` policy and scores the end by :func:`deal_value` (own points
    less the other's; the deal's game scores under rubicon scoring). The same
    samples serve every action, and in their playouts each seat draws the same
    cards whoever wins the tricks, so the actions are compared on the same
    luck (see :func:`_arrange_draws`).

    The candidates are the rule-of-thumb player's ``candidates`` favourite
    actions (``None``: every legal action), and every legal action once at most
    ``late`` cards are left to draw: near the end of the stock the playouts
    are short and tell the actions apart well, and the rules of thumb are at
    their weakest (which card to lead to the last tricks of the stock). Its
    first choice is kept unless
    another action's playouts beat it clearly: by more than ``margin`` points
    on average, and by more than ``confidence`` standard errors of the mean
    difference over the samples. The rules of thumb are right most of the
    time, and with a few dozen playouts most differences are noise.

    * ``rollout``: ``"fast"`` (the rule-of-thumb rules with a fixed table of
      card values, the default), ``"rule-of-thumb"`` (the full player, on each
      seat's view of the sampled deal: several times slower) or ``"random"``.
    * Budget: ``iterations`` counts playouts of a whole deal; a playout from a
      position with a fraction *f* of the tricks left counts as *f* of one, so
      late decisions, whose playouts are short, get more of them for the same
      time (at most ten times as many). With ``time_budget``, the search
      instead runs as many rounds (one sample, every candidate) as fit in that
      many seconds, at least two. Only an iteration budget makes the choices
      reproducible from ``seed``.

    Not searched: a decision with one legal action (or one candidate), a carte
    blanche, and the winner's turn while the seven of trumps may be exchanged
    (the rule-of-thumb choice is taken). Once nothing is hidden (the last
    tricks of a two-hand deal) the one deal that fits the view is played out
    once per legal action with the deterministic rule-of-thumb player, and the
    best is taken.
    """

    def __init__(
        self,
        iterations: int = 20,
        time_budget: float | None = None,
        seed: int | str | None = None,
        *,
        rollout: str = "fast",
        candidates: int | None = 3,
        late: int = 12,
        late_rollout: str | None = None,
        margin: float = 0.0,
        confidence: float = 1.5,
        determinizer: Determinizer | None = None,
    ) -> None:
        if iterations < 1:
            raise BeziqueError(f"iterations must be at least 1, got {iterations!r}")
        if time_budget is not None and time_budget <= 0:
            raise BeziqueError(f"time_budget must be positive, got {time_budget!r}")
        if rollout not in ROLLOUTS:
            raise BeziqueError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        if candidates is not None and candidates < 1:
            raise BeziqueError(f"candidates must be at least 1, got {candidates!r}")
        if late_rollout is not None and late_rollout not in ROLLOUTS:
            raise BeziqueError(
                f"late_rollout must be one of {', '.join(ROLLOUTS)}, got {late_rollout!r}"
            )
        self.iterations = iterations
        self.time_budget = time_budget
        self.rollout = rollout
        self.candidates = candidates
        self.late = late
        self.late_rollout = late_rollout or rollout
        self.margin = margin
        self.confidence = confidence
        self.rng = random.Random(seed)
        self._determinize = determinizer
        self._rule = RuleOfThumbPlayer()
        self._fast = _FastPolicy()
        #: Playouts made by the last decision (0 when it was not searched).
        self.last_playouts = 0
        #: Mean value of each action searched by the last decision.
        self.last_means: dict[Action, float] = {}

    def rollout_for(self, view: SeatView) -> str:
        """The rollout policy of a decision in this view."""
        return self.late_rollout if view.stock_size <= self.late else self.rollout

    def playouts_for(self, view: SeatView) -> int:
        """The playouts an iteration budget allows for a decision in this view."""
        total = view.rules.total_tricks
        left = max(1, total - len(view.tricks))
        cost = _ROLLOUT_COST[self.rollout_for(view)] / _ROLLOUT_COST[self.rollout]
        return min(10 * self.iterations, round(self.iterations * total / left / cost))

    def choose(self, view: SeatView | DealState) -> Action:
        view = _as_view(view)
        actions = _legal(view)
        self.last_playouts = 0
        self.last_means = {}
        if len(actions) == 1:
            return actions[0]
        if view.offers or any(isinstance(a, Exchange) for a in actions):
            return self._rule.choose(view)
        determinize = self._determinize or _default_determinizer()
        if _nothing_hidden(view):
            # One deal fits the view; the rule-of-thumb rollout is deterministic.
            sample = determinize(view, self.rng)
            means = [self._playout(sample, a, view.seat, "rule-of-thumb", 0) for a in actions]
            self.last_playouts = len(actions)
            self.last_means = dict(zip(actions, means, strict=True))
            return actions[max(range(len(actions)), key=lambda i: means[i])]
        ranked = self._rule.ranked(view)
        every = self.candidates is None or view.stock_size <= self.late
        searched = ranked if every else ranked[: self.candidates]
        if len(searched) == 1:
            return searched[0]
        rollout = self.rollout_for(view)
        values: list[list[float]] = [[] for _ in searched]
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        rounds_wanted = max(2, self.playouts_for(view) // len(searched))
        rounds = 0
        while True:
            sample = determinize(view, self.rng)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(searched):
                values[i].append(self._playout(sample, action, view.seat, rollout, seed))
            rounds += 1
            if deadline is None:
                if rounds >= rounds_wanted:
                    break
            elif rounds >= 2 and time.perf_counter() >= deadline:
                break
        self.last_playouts = rounds * len(searched)
        self.last_means = {a: sum(v) / rounds for a, v in zip(searched, values, strict=True)}
        return searched[self._pick(values)]

    def _pick(self, values: list[list[float]]) -> int:
        """The candidate to play: the first (the rule-of-thumb choice) unless another
        beats it clearly on the same samples."""
        n = len(values[0])
        best, best_gain = 0, 0.0
        for i in range(1, len(values)):
            gains = [x - y for x, y in zip(values[i], values[0], strict=True)]
            mean = sum(gains) / n
            spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
            clear = mean > self.margin and mean > self.confidence * spread / math.sqrt(n)
            if clear and mean > best_gain:
                best, best_gain = i, mean
        return best

    def _playout(
        self,
        state: DealState,
        first: Action,
        seat: int,
        rollout: str,
        seed: int,
        coupled: bool = True,
    ) -> float:
        """Play a sampled deal out from ``first`` (``coupled``: see :func:`_arrange_draws`)."""
        rng = random.Random(seed)
        fast = self._fast
        rule = self._rule
        action = first
        while True:
            if coupled and type(action) is Draw:
                state = _arrange_draws(state)
            state = state.apply(action)
            if state.is_over:
                return float(deal_value(state, seat))
            if rollout == "fast":
                action = fast.choose(state)
                continue
            actions = state.legal_actions()
            if len(actions) == 1:
                action = actions[0]
            elif rollout == "random":
                action = rng.choice(actions)
            else:
                # The view without relabelled copies: that only hides copies from a
                # real player, and the policy reads faces only.
                mover = state.current_player
                if mover is None:  # pragma: no cover - only a finished deal has no mover
                    return float(deal_value(state, seat))
                action = rule.choose(_raw_view(state, mover))


def _arrange_draws(state: DealState) -> DealState:
    """The state with the top of its stock reordered so that each seat draws the card
    it would draw if seat 0 had won the trick.

    In a sampled deal the stock's order is random, so seat ``k`` may as well be
    given the cards at places ``k``, ``k + n``, ... of it, whoever wins the
    tricks: the cards drawn are still in uniform random order. Playouts of
    different actions from one sample then give each seat the same cards, so
    the actions are compared on the same luck of the draw.
    """
    window = state.window
    stock = state.stock
    n = state.players
    if window is None or window.seat == 0 or len(stock) < n:
        return state
    top = tuple(stock[(window.seat + i) % n] for i in range(n))
    return attrs.evolve(state, stock=top + stock[n:])


def _nothing_hidden(view: SeatView) -> bool:
    """Whether the view shows every card: no stock left and two players (the unseen
    cards are then the other hand), with no melding after the close."""
    return (
        view.stock_size == 0
        and view.players == 2
        and view.phase is Phase.END
        and not view.rules.declarations.melding_after_close
    )


# -- players by name ------------------------------------------------------------------------

#: The built-in players by name; ``greedy`` is an old name of ``rule-of-thumb``.
PLAYER_NAMES: tuple[str, ...] = ("random", "rule-of-thumb", "monte-carlo", "greedy")


def make_player(name: str, seed: int | str | None = None) -> Player:
    """A built-in player by name, seeded.

    ``monte-carlo`` takes the options of :class:`MonteCarloPlayer` after colons, in
    any order: the ``iterations`` (``monte-carlo:40``), a ``time_budget`` in seconds
    (``monte-carlo:0.05s``), the ``rollout`` (``fast``, ``rule-of-thumb``,
    ``random``), the ``candidates`` (``top4``, or ``all``), ``late`` (``late8``) and
    ``late_rollout`` (``late-rule-of-thumb``), the ``confidence`` (``z2``) and the
    ``margin`` (``margin20``).

    >>> make_player("rule-of-thumb").__class__.__name__
    'RuleOfThumbPlayer'
    >>> search = make_player("monte-carlo:40:top4", seed=1)
    >>> search.iterations, search.candidates
    (40, 4)
    """
    kind, _, options = name.strip().partition(":")
    if kind == "random" and not options:
        return RandomPlayer(seed)
    if kind in ("rule-of-thumb", "greedy") and not options:
        return RuleOfThumbPlayer()
    if kind == "monte-carlo":
        iterations = 20
        budget: float | None = None
        rollout = "fast"
        candidates: int | None = 3
        late = 12
        late_rollout: str | None = None
        margin = 0.0
        confidence = 1.5
        for option in filter(None, options.split(":")):
            if option in ROLLOUTS:
                rollout = option
            elif option.startswith("late-") and option[5:] in ROLLOUTS:
                late_rollout = option[5:]
            elif option.startswith("late") and option[4:].isdigit():
                late = int(option[4:])
            elif option.endswith("s") and _is_number(option[:-1]):
                budget = float(option[:-1])
            elif option.isdigit():
                iterations = int(option)
            elif option == "all":
                candidates = None
            elif option.startswith("top") and option[3:].isdigit():
                candidates = int(option[3:])
            elif option.startswith("margin") and _is_number(option[6:]):
                margin = float(option[6:])
            elif option.startswith("z") and _is_number(option[1:]):
                confidence = float(option[1:])
            else:
                raise BeziqueError(f"bad monte-carlo option {option!r} in {name!r}")
        return MonteCarloPlayer(
            iterations,
            budget,
            seed,
            rollout=rollout,
            candidates=candidates,
            late=late,
            late_rollout=late_rollout,
            margin=margin,
            confidence=confidence,
        )
    raise BeziqueError(f"no player named {name!r}; known: {', '.join(PLAYER_NAMES)}")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
