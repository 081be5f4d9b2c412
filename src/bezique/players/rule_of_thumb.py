"""The rule-of-thumb player: the hints printed with the laws (S000 hints 1-9, S004
hints 1-6), each cited beside the code that applies it.

The judgements it makes (which meld to declare first, what a card is worth
keeping, what a lead risks, how a card played to a trick turns out) are
functions of this module, so that the Monte Carlo player's fast rollout policy
(:mod:`bezique.players.rollout`) applies the same ones.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Final

from bezique.actions import (
    Action,
    Declare,
    Draw,
    Exchange,
    Pass,
    PassToPartner,
    Play,
    ScorePending,
    ShowCarteBlanche,
)
from bezique.cards import FACES_PER_PACK, Suit
from bezique.laws.scoring import exchange_bonus, trick_scores
from bezique.laws.tricks import playable, takes_table
from bezique.laws.turns import trick_seats
from bezique.laws.zones import deck_tables
from bezique.players.protocol import as_view, legal_actions
from bezique.players.reading import (
    ACE,
    KING,
    SEVEN,
    TEN,
    Reading,
    TrickPlace,
    beaters_mask,
    brisque_worth,
    face,
    follow_outcome,
    is_brisque,
    rank,
    suit,
    suit_index,
    trick_place,
    trick_terms_of,
    winning_face,
)
from bezique.records import DeclaredMeld, Phase, Window
from bezique.rules import DeclarationLimit, Rules
from bezique.rules.derived import derived
from bezique.rules.melds import MeldKind
from bezique.state import DealState
from bezique.views import SeatView

__all__ = [
    "GreedyPlayer",
    "RuleOfThumbPlayer",
    "end_replies",
    "end_scorer",
    "last_lead_bonus",
    "lead_risk",
    "order_declarations",
    "seven_keep",
    "window_choice",
]


class RuleOfThumbPlayer:
    """Plays by the hints printed with the laws (S000 hints 1-9, S004 hints 1-6).

    * Shows a carte blanche whenever it may (it scores and costs nothing).
    * In the winner's turn: exchanges the seven of trumps (S000 law 8; S004
      calls the exchange always desirable), then declares the most valuable
      meld, but a royal marriage before its sequence (S000 hint 6) and a
      bezique before its double while tricks are left; in a partnership, with
      nothing to declare, passes the right to declare to its partner where the
      rules allow (BIC); then draws.
    * At three or four seats, a trick is the side's if the card taking it is
      not beaten by an opponent still to play; it does not take its partner's
      trick from him (no bonus for it), and gives its aces and tens to a trick
      its partner holds safely.
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

    Deterministic: the same view always gets the same action. Handed a whole
    :class:`~bezique.state.DealState` instead of a view, it reads only the view
    of the seat to move.
    """

    def choose(self, view: SeatView | DealState) -> Action:
        return self.ranked(view)[0]

    def ranked(self, view: SeatView | DealState) -> list[Action]:
        """The legal actions, the one this player chooses first, then the others from
        the most to the least attractive by the same rules of thumb."""
        view = as_view(view)
        actions = legal_actions(view)
        if view.offers:
            # A carte blanche scores and costs nothing but showing a hand without
            # court cards (HGM, FOS p.334): always show it.
            return sorted(actions, key=lambda a: not isinstance(a, ShowCarteBlanche))
        if view.window is not None:
            first = window_choice(
                view.rules, view.melds, view.phase, view.stock_size, view.window, actions
            )
            return [first, *(a for a in actions if a != first)]
        plays = [a for a in actions if isinstance(a, Play)]
        if len(plays) <= 1:
            return list(actions)
        reading = Reading(view)
        score: Callable[[Play], float]
        if view.phase is Phase.END:
            score = _by_face(self._end_scorer(view, reading))
        elif not view.trick:
            score = functools.partial(self._lead_score, view, reading)
        else:
            trump, offsuit = trick_terms_of(view)
            place = trick_place(
                view.rules, view.seat, view.leader, view.trick, trump, offsuit, view.tricks
            )
            score = functools.partial(self._follow_score, view, reading, place)
        ordered: list[Play] = sorted(plays, key=score, reverse=True)
        return [*ordered]

    # -- trick play in the stock phase ----------------------------------------------------

    @staticmethod
    def _keep(view: SeatView, reading: Reading, play: Play) -> float:
        """How much this seat minds giving up the card (stock phase)."""
        f = play.card.card.index
        history = play.card.mask
        keep = reading.meld_loss((f, history, play.card.broken_mask))
        r = rank(f)
        if suit(f) == reading.trump:
            if r == SEVEN:
                keep += seven_keep(view.rules, view.turn_up)
            else:
                # S000 hint 8, S004 hint 3: keep small trumps to capture aces and
                # tens and to secure the lead.
                keep += 6 + r
        if r == KING:
            # S000 hint 4, S004 hint 4: if in doubt, save kings rather than aces.
            keep += 3
        elif r == ACE:
            keep += 2
        if history:
            keep -= 0.5  # its face is known already: part with it before a concealed one
        return keep + 0.1 * r  # of two cards alike, part with the smaller

    def _lead_score(self, view: SeatView, reading: Reading, play: Play) -> float:
        f = play.card.card.index
        risk = lead_risk(f, reading.trump, brisque_worth(view.rules))
        last = view.stock_size <= view.players
        return -self._keep(view, reading, play) - risk + last_lead_bonus(f, reading.trump, last)

    def _follow_score(
        self, view: SeatView, reading: Reading, place: TrickPlace, play: Play
    ) -> float:
        trump, offsuit = trick_terms_of(view)
        f = play.card.card.index
        trick = [face(c) for c in view.trick]
        wins, score = follow_outcome(trick, f, trump, offsuit, brisque_worth(view.rules))
        hold = 1.0 if wins else 0.0
        if place.foes_after or place.ally_best:
            # At a larger table the trick is not over: the side keeps the aces and tens
            # in it if the card taking it (this one, or the partner's) is not beaten by
            # an opponent still to play. A partner's trick is the side's own.
            taker = f if wins else winning_face(trick, trump, offsuit)
            if wins or place.ally_best:
                beaters = beaters_mask(taker, trump, offsuit)
                hold = reading.hold_chance(place.foes_after, beaters)
            score = abs(score) * (2 * hold - 1)
        if wins and not place.ally_best:
            # Taking the partner's trick from him gains the side nothing: he may
            # declare for it as well (BIC), so no bonus for overtaking him.
            group = (f, play.card.mask, play.card.broken_mask)
            bonus = 1 + reading.best_meld_without(group)
            if view.stock_size <= view.players:
                bonus += 40  # S000 hint 9: the last stock trick stops his declarations
            score += hold * bonus
        return score - self._keep(view, reading, play)

    # -- the last tricks --------------------------------------------------------------------

    @staticmethod
    def _end_scorer(view: SeatView, reading: Reading) -> Callable[[int], float]:
        """S000 hint 7, S004 hint 6: play the last tricks with what is known of the other
        hands. With the stock gone every unseen card is in them, so each card led is
        judged by the best reply the others have."""
        trump, offsuit = trick_terms_of(view)
        rules = view.rules
        unseen: list[int] = []
        for f, count in enumerate(reading.unseen):
            unseen += [f] * count
        # The cards of the opponents who play to this trick (in duels, the other seat
        # of the duel): those seen in their hands, and every unseen card, for the
        # unseen cards may be in any other hand (with two seats, the other one).
        playing = trick_seats(rules, view.tricks, view.leader)
        shown: list[list[int]] = [[] for _ in range(view.players)]
        for s in playing:
            if rules.side_of(s) != rules.side_of(view.seat):
                shown[s] = [face(c) for c in view.known[s]]
                shown[s] += [face(t.card) for t in view.tables[s]]
        other = unseen + [f for faces in shown for f in faces]
        trick = [face(c) for c in view.trick]
        place = trick_place(rules, view.seat, view.leader, trick, trump, offsuit, view.tricks)
        after = unseen + [f for s in place.foes_after for f in shown[s]]
        return end_scorer(
            trick,
            other,
            trump,
            brisque_worth(rules),
            ally_best=place.ally_best,
            after=after if place.foes_after else (),
        )


def _by_face(score: Callable[[int], float]) -> Callable[[Play], float]:
    """A scorer of faces (:func:`end_scorer`) as a scorer of plays: a play by its face."""
    return lambda play: score(play.card.card.index)


def lead_risk(face: int, trump: int, worth: float) -> float:
    """What leading a card may cost in aces and tens given away (``trump``: the trump
    suit's index, ``-1`` for none)."""
    if not is_brisque(face):
        return 0.0
    is_trump = suit(face) == trump
    if rank(face) == TEN:
        # S000 hint 5: avoid leading a ten; an ace or a trump takes it.
        return worth * (0.5 if is_trump else 0.9) + 5
    return 0.0 if is_trump else worth * 0.7  # only a trump takes an ace led


def last_lead_bonus(face: int, trump: int, last: bool) -> float:
    """S000 hint 9: win the last trick of the stock, so the other player cannot declare
    again: lead a high trump, which hardly any card beats."""
    return 20.0 + rank(face) * 5 if last and suit(face) == trump else 0.0


def end_scorer(
    trick: Sequence[int],
    other: Sequence[int],
    trump: Suit | None,
    worth: float,
    *,
    ally_best: bool = False,
    after: Sequence[int] = (),
) -> Callable[[int], float]:
    """Scores of the faces one may play in the last tricks, knowing the faces
    ``other`` of the opponents' hands: a card played to ``trick`` (faces in play
    order) by what it wins, a lead by the best answer to it (S000 hint 7). The
    scorer takes a face index, not a play: the fast policy's playouts score faces
    without making a play for each.

    At a larger table, ``ally_best`` says the card winning the trick so far is the
    partner's, and ``after`` holds the faces the opponents still to play may hold:
    a trick is counted won by the side if its card taking it (this seat's, or the
    partner's) cannot be beaten by one of them (pessimistic: if one may hold a card
    that beats it, the end-phase duties make him play it)."""
    t = suit_index(trump)
    takes = takes_table(trump, False)
    # What a card is worth keeping for the tricks to come: its rank, trumps above all.
    values = _end_values(t)
    brisque = _BRISQUES

    if trick:
        winner = winning_face(trick, trump, False)
        best = winner << 5
        played = sum(brisque[f] for f in trick)
        answers = _allowed_faces(_faces_mask(after), trick[0], t) if after else 0

        def safe(f: int) -> bool:
            return not answers & beaters_mask(f, trump, False)

        ally_safe = ally_best and safe(winner)

        def reply(f: int) -> float:
            points = (played + brisque[f]) * worth
            ours = safe(f) if takes[best | f] else ally_safe
            return (points if ours else -points) - values[f]

        return reply

    present = _faces_mask(other)

    def lead(f: int) -> float:
        allowed = _allowed_faces(present, f, t)
        row = f << 5
        led = brisque[f]
        # His reply: the worst for this seat, sparing his own good cards (the first
        # such reply in the order of ``other``).
        worst = math.inf
        outcome = 0.0
        answered = False
        for r in other:
            if allowed >> r & 1:
                points = (led + brisque[r]) * worth
                mine = -points if takes[row | r] else points
                key = mine + 0.1 * values[r]
                if key < worst:
                    worst, outcome, answered = key, mine, True
        if not answered:
            return -values[f]
        return outcome - 0.5 * values[f]

    return lead


_BRISQUES: Final = tuple(int(is_brisque(f)) for f in range(FACES_PER_PACK))


@functools.cache
def _end_values(trump: int) -> tuple[int, ...]:
    """Per face, its rank, with 8 more for a trump (``trump``: the suit index, ``-1``)."""
    return tuple(rank(f) + (8 if suit(f) == trump else 0) for f in range(FACES_PER_PACK))


def end_replies(hand: Sequence[int], led: int, trump: Suit | None) -> list[int]:
    """The faces of ``hand`` that may be played to the face ``led`` in the last tricks,
    by the end-phase duties (S000 law 9: :func:`bezique.laws.tricks.playable`), in
    the order of ``hand``."""
    allowed = _allowed_faces(_faces_mask(hand), led, suit_index(trump))
    return [f for f in hand if allowed >> f & 1]


def _faces_mask(faces: Sequence[int]) -> int:
    mask = 0
    for f in faces:
        mask |= 1 << f
    return mask


def _allowed_faces(present: int, led: int, trump: int) -> int:
    """:func:`bezique.laws.tricks.playable` for a hand holding the faces of ``present``
    (one copy each: which faces may be played does not depend on how many copies are
    held) and a trick of the face ``led``, kept for the many playouts that meet the
    same hand and lead.

    Kept in a dictionary read in place, by one number: through ``functools.lru_cache``
    a call cost the compiled build about a thousand instructions."""
    key = present << 8 | led << 3 | (trump + 1)
    allowed = _ALLOWED.get(key)
    if allowed is None:
        if len(_ALLOWED) >= _ALLOWED_KEPT:
            _ALLOWED.clear()
        suit_ = None if trump < 0 else _SUITS[trump]
        allowed = _ALLOWED[key] = playable(present, (led,), suit_, True, _ONE_PACK)
    return allowed


#: The answers of :func:`_allowed_faces` met, by ``present << 8 | led << 3 | trump + 1``
#: (trump -1 for none); started again past :data:`_ALLOWED_KEPT` of them.
_ALLOWED: Final[dict[int, int]] = {}
_ALLOWED_KEPT: Final = 1 << 14


_ONE_PACK: Final = deck_tables(1)
#: The suits by number, read by index where ``Suit(number)`` would call the enum's
#: class in Python (the cache above misses often, its keys being hands).
_SUITS: Final = tuple(Suit)


def seven_keep(rules: Rules, turn_up: int | None) -> float:
    """How much to keep the seven of trumps: for the exchange while the turn-up is worth
    taking (S000 law 8; S004 asks for an early trick to make it), else it scores when
    played (S000 law 8) and should go."""
    exchangeable = turn_up is not None and rank(face(turn_up)) != SEVEN
    if turn_up is not None and exchangeable and exchange_bonus(rules) is not None:
        return 12.0 + rank(face(turn_up))
    played = derived(rules, trick_scores).seven_on_play
    if played:
        return -float(played) - 6
    return 0.0


def window_choice(
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
        points = exchange_bonus(rules) or 0
        if not counts or best is None or best[0] <= points:
            return exchange
    if best is not None and (not window.scored or _declares_freely(rules)):
        return order_declarations(rules, phase, stock_size, [a for _, a in values], best[1])
    if best is not None:
        # Melds shown now score on later tricks (FOS p.326): show what is left.
        pending = [(v, a) for v, a in values if isinstance(a, Declare)]
        if pending:
            return max(pending, key=lambda pair: pair[0])[1]
    for action in actions:
        if isinstance(action, PassToPartner):
            # Partnerships (BIC): with nothing (more) to declare, let the partner
            # declare; he may have a meld, and the draw still starts with the winner.
            return action
    for action in actions:
        if isinstance(action, (Draw, Pass)):
            return action
    return actions[-1]


def _declares_freely(rules: Rules) -> bool:
    return rules.declarations.limit is DeclarationLimit.SEVERAL


def _fresh(declare: Declare) -> bool:
    """Whether every card of a declaration comes from the concealed hand."""
    return all(not ref.history for ref in declare.cards)


def order_declarations(
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
