"""Whole playouts by the fast policy, without a public state at every step.

:func:`play_out` plays a deal to its end by the fast rollout policy
(:class:`~bezique.players.rollout.FastPolicy`) and returns the final state: the
same state, score for score and card for card, as stepping
``state = state.apply(policy.choose(state))`` until the deal is over. The
Monte Carlo player plays its samples out with it, and :func:`playouts` samples
deals from a seat's view and plays each out.

Most steps of a playout are a card played to a trick, the trick taken, and a
winner's turn with nothing to declare, which only draws. Those are played here
on a mutable copy of the deal's fields (:class:`_Deal`), without building a
state, a list of legal actions or a score record for each. Everything else is
handed to the engine on a state built from the copy, and the copy is taken up
again after it:

* a winner's turn with something to declare or exchange (the fast policy's
  :func:`~bezique.players.rollout.nothing_to_declare` says no), played by the
  policy and :meth:`~bezique.DealState.apply` until the draw;
* a card in a double bezique played from the table (which of alike cards goes
  first is the engine's to say, EB9);
* a carte blanche still to show, and rules the copy does not cover
  (:func:`covered`): more than two seats, partnerships, melds scored on later
  tricks, melds from the cards won, melding after the close, a declared seven
  kept in the hand. Those are stepped through the engine from the start;
* where melds may be re-formed, a card played from the table while an alike
  card lies there too (which of them, and how the play names it, is the
  engine's to say).

The copy follows the engine's own laws: the scoring functions of
:mod:`bezique.laws.scoring`, who takes a trick from the rule set's plan, the
duties of the end phase from :func:`~bezique.laws.tricks.playable`. The tests
compare its final states with stepping's for every preset.
"""

from __future__ import annotations

import math
import random
from typing import cast

import attrs

from bezique.actions import Action, Draw, Play
from bezique.cards import FACES_PER_PACK, Suit
from bezique.checks.determinize import determinize
from bezique.engine.fields import OVER, STOCK, DealDraft
from bezique.engine.moves import seven_declared
from bezique.engine.speed import (
    OPEN_WINDOWS,
    SEVEN,
    SUIT_PLAYS,
    Plan,
    faces_of,
    make_plan,
    play_order,
    seal,
)
from bezique.errors import BeziqueError, check_seed, require_int, wrong_type
from bezique.laws.declaring import broken_after_play
from bezique.laws.scoring import (
    TrickScores,
    all_last_tricks,
    brisques_counted,
    brisques_counted_when_needed,
    last_card_drawn_points,
    points_for_brisques,
    seven_played,
    trick_won,
)
from bezique.laws.tricks import best_card_index, playable
from bezique.laws.zones import DeckTables, bits
from bezique.players.reading import brisque_worth
from bezique.players.rollout import (
    FastPolicy,
    FastTableMemo,
    ReadyTable,
    draws_only,
    fast_table_memo,
    ready_in,
    ready_table,
    stock_play_score,
)
from bezique.players.rule_of_thumb import end_scorer, seven_keep
from bezique.records import DeclaredMeld, Phase, Trick, Window
from bezique.rules import Rules
from bezique.rules.melds import MeldKind
from bezique.state import DealState
from bezique.views import SeatView

__all__ = ["arrange_draws", "covered", "play_out", "playouts"]

_DOUBLE_BIT = MeldKind.DOUBLE_BEZIQUE.bit


def play_out(
    state: object,
    first: Action | None = None,
    *,
    policy: object = None,
    coupled: bool = False,
) -> DealState:
    """The final state of ``state`` played out by the fast policy, after ``first``
    (an action legal in ``state``) if given.

    The result is the state that stepping ``state.apply(policy.choose(state))``
    reaches. With ``coupled``, every draw is made from the stock as
    :func:`arrange_draws` reorders it, as the Monte Carlo player's playouts do.
    An illegal ``first`` raises :class:`~bezique.errors.IllegalActionError`.
    """
    if not isinstance(state, DealState):
        wrong_type("play_out()", "state", "a DealState", state)
    if policy is None:
        policy = FastPolicy()
    elif not isinstance(policy, FastPolicy):
        wrong_type("play_out()", "policy", "a FastPolicy or None", policy)
    if first is not None:
        if coupled and type(first) is Draw:
            state = arrange_draws(state)
        state = state.apply(first)
    if not covered(state.rules):
        return _stepped(state, policy, coupled)
    deal: _Deal | None = None
    while True:
        # The engine plays while the copy cannot take the deal up (a carte blanche).
        while not state.is_over and not _fits(state):
            state = _step(state, policy, coupled)
        if state.is_over:
            return state
        if deal is None:
            deal = _Deal(state)
        else:
            deal.load(state)
        state = deal.run(policy, coupled)


def playouts(
    view: object,
    n: object,
    *,
    seed: object = None,
    first: Action | None = None,
) -> list[DealState]:
    """``n`` deals consistent with ``view``, their hidden cards dealt at random
    (:func:`~bezique.checks.determinize.determinize`), each played out by the fast policy
    after ``first`` (an action legal in the view) if given: the final states.

    The same ``seed`` gives the same deals.

    >>> import bezique as bz
    >>> from bezique.players.playout import playouts
    >>> state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    >>> ends = playouts(state.view(state.current_player), 3, seed=2)
    >>> [end.is_over for end in ends]
    [True, True, True]
    """
    if not isinstance(view, SeatView):
        wrong_type("playouts()", "view", "a SeatView", view)
    count = require_int(n, "playouts()", "n")
    if count < 0:
        raise BeziqueError(f"playouts(): n must be at least 0, got {count}")
    rng = random.Random(check_seed(seed, "playouts()"))
    policy = FastPolicy()
    return [play_out(determinize(view, rng), first, policy=policy) for _ in range(count)]


def arrange_draws(state: DealState) -> DealState:
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
    return attrs.evolve(state, stock=_arranged(stock, window.seat, n))


def _arranged(stock: tuple[int, ...], seat: int, n: int) -> tuple[int, ...]:
    """``stock`` with its top ``n`` cards turned so that ``seat`` draws seat 0's card."""
    return tuple(stock[(seat + i) % n] for i in range(n)) + stock[n:]


def covered(rules: Rules) -> bool:
    """Whether the playouts of :func:`play_out` under these rules play their common
    steps on their own copy of the deal (see the module documentation); if not,
    every step goes through the engine, with the same result."""
    return rules.derived(_covers)


def _covers(rules: Rules) -> bool:
    plan = rules.derived(make_plan)
    return not (
        rules.players != 2
        or rules.sides
        or plan.duels
        or plan.pending_melds
        or plan.declare_from_won
        or plan.window_in_end_phase
        or plan.seven_kept_in_hand
    )


def _fits(state: DealState) -> bool:
    """Whether the copy can take up ``state``: covered rules, and no carte blanche to
    offer or lasting."""
    return covered(state.rules) and not state.offers and not any(state.carte_blanche)


def _stepped(state: DealState, policy: FastPolicy, coupled: bool) -> DealState:
    """Play ``state`` out through the engine, one public state a step."""
    while not state.is_over:
        state = _step(state, policy, coupled)
    return state


def _step(state: DealState, policy: FastPolicy, coupled: bool) -> DealState:
    """The policy's action applied by the engine."""
    action = policy.choose(state)
    if coupled and type(action) is Draw:
        state = arrange_draws(state)
    return state.apply(action)


class _Deal:
    """The fields of a deal being played out, changed in place.

    Only two-hand deals of covered rules (:func:`covered`) are taken up, so a
    trick has two cards, declared cards lie on the tables in the stock phase, and
    every card is back in its hand, with no history, in the end phase."""

    rules: Rules
    cls: type[DealState]
    deck: DeckTables
    total_tricks: int
    plan: Plan
    trick_scores: TrickScores
    fast: FastTableMemo
    readies: ReadyTable
    worth: float
    dealer: int
    phase: Phase
    trump: Suit | None
    turn_up: int | None
    stock: tuple[int, ...]
    hands: list[int]
    tables: list[int]
    history: list[int]
    won: list[int]
    tricks: list[Trick]
    trick: list[int]
    leader: int
    window: Window | None
    melds: tuple[DeclaredMeld, ...]
    scores: list[int]
    carte_blanche: tuple[bool, ...]
    revealed: list[int]
    broken: tuple[int, ...]

    def __init__(self, state: DealState) -> None:
        rules = state.rules
        plan = rules.derived(make_plan)
        self.rules = rules
        self.cls = type(state)
        self.deck = plan.tables
        self.total_tricks = plan.total_tricks
        self.plan = plan
        self.trick_scores = plan.trick_scores
        self.fast = rules.derived(fast_table_memo)
        self.readies = rules.derived(ready_table)
        self.worth = brisque_worth(rules)
        self.dealer = state.dealer
        self.load(state)

    def load(self, state: DealState) -> None:
        """Take up ``state``'s fields."""
        self.phase = state.phase
        self.trump = state.trump
        self.turn_up = state.turn_up
        self.stock = state.stock
        self.hands = list(state.hand_masks)
        self.tables = list(state.table_masks)
        self.history = list(state.history)
        self.won = list(state.won_masks)
        self.tricks = list(state.tricks)
        self.trick = list(state.trick)
        self.leader = state.leader
        self.window = state.window
        self.melds = state.melds
        self.scores = list(state.scores)
        self.carte_blanche = state.carte_blanche
        self.revealed = list(state.revealed_masks)
        self.broken = state.broken
        self.counted_brisques = state.counted_brisques

    def state(self) -> DealState:
        """The state of the copy's fields."""
        return seal(
            DealDraft(
                self.rules,
                self.dealer,
                self.phase,
                self.trump,
                self.turn_up,
                self.stock,
                tuple(self.hands),
                tuple(self.tables),
                tuple(self.history),
                tuple(self.won),
                tuple(self.tricks),
                tuple(self.trick),
                self.leader,
                self.window,
                self.melds,
                tuple(self.scores),
                self.broken,
                self.carte_blanche,
                (),
                tuple(self.revealed),
                self.counted_brisques,
            ),
            self.cls,
        )

    def run(self, policy: FastPolicy, coupled: bool) -> DealState:
        """Play the deal out: the final state, or the first state the copy cannot
        take up again (see :func:`_fits`)."""
        while self.phase is not OVER:
            action: Action | None = None
            if self.window is None:
                card = self.choose_stock() if self.phase is STOCK else self.choose_end()
                if card >= 0:
                    self.play(card)
                    continue
                state = self.state()
                state = state.apply(policy.choose(state))
            elif self.only_draws():
                self.draw(coupled)
                continue
            else:
                # The engine plays the winner's turn (the exchange, the declarations)
                # up to the draw, which the copy makes.
                state = self.state()
                while state.window is not None:
                    action = policy.choose(state)
                    if type(action) is Draw:
                        break
                    state = state.apply(action)
            if state.is_over or not _fits(state):
                return state
            self.load(state)
            if type(action) is Draw:
                self.draw(coupled)
        return self.state()

    def only_draws(self) -> bool:
        """The fast policy's :func:`~bezique.players.rollout.nothing_to_declare`, read
        from the copy."""
        window = self.window
        if window is None or self.phase is not STOCK:
            return False
        seat = window.seat
        return draws_only(
            self.rules,
            self.hands[seat],
            self.tables[seat],
            self.history,
            self.trump,
            self.turn_up,
            self.readies,
        )

    def choose_stock(self) -> int:
        """The card the fast policy plays in the stock phase (its scores of
        :class:`~bezique.players.rollout.FastPolicy`, two-hand), or ``-1`` when the
        engine must pick among alike cards."""
        seat = (self.leader + len(self.trick)) % 2
        hand = self.hands[seat]
        table = self.tables[seat]
        held = hand | table
        trump = self.trump
        turn_up = self.turn_up
        last = len(self.stock) + (turn_up is not None) <= 2
        tables = self.fast((trump, seven_keep(self.rules, turn_up), last))
        ready, protect = ready_in(held, self.history, self.readies[trump])
        trick = self.trick
        takes = tables.takes
        if trick:
            scores, base = tables.follow, trick[0] % FACES_PER_PACK << 5
        else:
            scores, base = tables.lead, 0
        # A face held on the table is played from there: its play names a history,
        # worth 8 more to the policy than the concealed copy listed before it.
        shown = faces_of(table)
        best_face = -1
        best_score = -math.inf
        faces = faces_of(held)
        follows = bool(trick)
        while faces:
            low = faces & -faces
            f = low.bit_length() - 1
            faces ^= low
            score = stock_play_score(
                scores, takes, base | f, bool(shown & low), 0.0, protect.get(f, 0), ready, follows
            )
            if score > best_score:
                best_face, best_score = f, score
        mask = self.deck.face_mask[best_face]
        if not shown >> best_face & 1:
            copies = hand & mask
            return (copies & -copies).bit_length() - 1
        # The first of the face's plays in the engine's order, then its lowest card.
        history = self.history
        on_table = bits(table & mask)
        if self.broken and len(on_table) > 1:
            # Alike cards where melds are re-formed: which of them to play, and how
            # the engine names them, is the engine's to say.
            return -1
        kinds = {history[card] for card in on_table}
        wanted = min(kinds, key=lambda h: play_order(best_face << 64 | h))
        if wanted & _DOUBLE_BIT:
            return -1
        return next(card for card in on_table if history[card] == wanted)

    def choose_end(self) -> int:
        """The card the fast policy plays in the end phase: the rule-of-thumb
        player's judgement of the last tricks (two-hand)."""
        seat = (self.leader + len(self.trick)) % 2
        hand = self.hands[seat]
        trick = self.trick
        mask = playable(hand, trick, self.trump, True, self.deck)
        faces = faces_of(mask)
        # The plays in the engine's order (concealed cards: one per face), for the
        # scorer's tie-break: the first of the best.
        plays = cast(
            "tuple[Play, ...]",
            SUIT_PLAYS[0][faces & 255]
            + SUIT_PLAYS[1][faces >> 8 & 255]
            + SUIT_PLAYS[2][faces >> 16 & 255]
            + SUIT_PLAYS[3][faces >> 24],
        )
        if len(plays) == 1:
            f = faces.bit_length() - 1
        else:
            other = self.hands[1 - seat]
            scorer = end_scorer(
                [c % FACES_PER_PACK for c in trick],
                [c % FACES_PER_PACK for c in bits(other)],
                self.trump,
                self.worth,
            )
            f = max(plays, key=scorer).card.card.index
        copies = hand & self.deck.face_mask[f]
        return (copies & -copies).bit_length() - 1

    def play(self, card: int) -> None:
        """``card`` played to the trick by the seat to play (the engine's ``_play``)."""
        trick = self.trick
        seat = (self.leader + len(trick)) % 2
        bit = 1 << card
        stock_phase = self.phase is STOCK
        if card & 7 == SEVEN and self.trick_scores.seven_on_play:
            # S000 law 8: a seven of trumps played may score (see the engine's _play).
            revealed = self.revealed
            self.scores[seat] += seven_played(
                self.rules,
                card,
                self.trump,
                stock_phase,
                seven_declared(self.melds, card),
                bool(revealed and revealed[seat] >> card & 1),
            )
        hand = self.hands[seat]
        table = self.tables[seat]
        kinds = self.history[card]
        if kinds and self.broken:
            # The melds it leaves may be re-formed by the cards they keep (WKC, BIC).
            self.broken = broken_after_play(
                self.broken, card, kinds, self.melds, seat, hand | table
            )
        if hand & bit:
            self.hands[seat] = hand & ~bit
        else:
            self.tables[seat] = table & ~bit
        self.history[card] = 0
        if self.revealed:
            self.revealed[seat] &= ~bit
        trick.append(card)
        if len(trick) == 2:
            self.take_trick(stock_phase)

    def take_trick(self, stock_phase: bool) -> None:
        """The trick on the table is complete: taken, scored, and the winner's turn
        (the engine's ``_complete_trick``)."""
        cards = tuple(self.trick)
        trump = self.trump
        best = best_card_index(cards, self.plan.takes_for(trump, stock_phase))
        leader = self.leader
        winner = (leader + best) % 2
        self.tricks.append(Trick(leader, cards, winner))
        self.won[winner] |= 1 << cards[0] | 1 << cards[1]
        number = len(self.tricks)
        scores = self.scores
        rules = self.rules
        if self.trick_scores.may_score(stock_phase, number):
            for points, _, _ in trick_won(rules, cards, self.trump, stock_phase, number):
                scores[winner] += points
        self.trick = []
        self.leader = winner
        if number < self.total_tricks:
            if stock_phase:
                self.window = OPEN_WINDOWS[winner]
            return
        self.phase = OVER
        won = self.won
        brisques = self.deck.brisques
        if brisques_counted(rules, scores, won, brisques):
            # S000 laws 11-12: aces and tens counted after the last trick.
            self.counted_brisques = brisques_counted_when_needed(rules)
            for seat in range(2):
                scores[seat] += points_for_brisques(rules, (won[seat] & brisques).bit_count())
        for sweeper, points in all_last_tricks(rules, [trick.winner for trick in self.tricks]):
            scores[sweeper] += points

    def draw(self, coupled: bool) -> None:
        """Each seat draws, the trick's winner first, the turn-up last; with the stock
        out, the tables go back to the hands (the engine's ``_draw``)."""
        window = self.window
        if window is None:  # pragma: no cover - only called in a winner's turn
            raise BeziqueError("no winner's turn to draw in")
        stock = self.stock
        if coupled and window.seat != 0 and len(stock) >= 2:
            stock = _arranged(stock, window.seat, 2)
        drawn = stock[:2]
        stock = self.stock = stock[2:]
        first = window.winner
        turn_up = self.turn_up
        if len(drawn) < 2 and turn_up is not None:
            # The turn-up, face up, is taken last (S000 law 4): its taker is seen to hold it.
            if self.revealed:
                self.revealed[(first + len(drawn)) % 2] |= 1 << turn_up
            drawn += (turn_up,)
            turn_up = self.turn_up = None
        hands = self.hands
        seat = first
        for card in drawn:
            hands[seat] |= 1 << card
            seat = 1 - seat
        self.window = None
        if stock or turn_up is not None:
            return
        self.phase = Phase.END
        self.scores[(first + len(drawn) - 1) % 2] += last_card_drawn_points(self.rules)
        tables = self.tables
        for seat in range(2):
            hands[seat] |= tables[seat]
            if self.revealed:
                self.revealed[seat] |= tables[seat]
            tables[seat] = 0
        if self.carte_blanche:
            self.carte_blanche = (False, False)
        # Interpretation 7 (see the engine's _draw): back in the hand, no history.
        self.history = [0] * len(self.history)
        if self.broken:
            self.broken = (0,) * len(self.broken)
