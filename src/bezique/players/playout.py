"""Whole playouts by the fast policy, without a public state at every step.

:func:`play_out` plays a deal to its end by the fast rollout policy
(:class:`~bezique.players.rollout.FastPolicy`) and returns the final state: the
same state, score for score and card for card, as stepping
``state = state.apply(policy.choose(state))`` until the deal is over. The
Monte Carlo player plays its samples out with it, and :func:`playouts` samples
deals from a seat's view and plays each out.

Most steps of a playout are a card played to a trick, the trick taken, and a
winner's turn, which draws after the exchange and the declarations the policy
makes, if any. Those are played here on a draft of the deal
(:class:`~bezique.engine.fields.DealDraft`), changed in place by the engine's own
steps of play (:mod:`bezique.engine.draft`, which the public
:meth:`~bezique.DealState.apply` runs too), without building a state or a score
record for each. This module chooses the fast policy's cards on the draft; in a
winner's turn with something to declare or exchange (the fast policy's
:func:`~bezique.players.rollout.nothing_to_declare` says no) the policy chooses
among the actions the engine lists for the turn
(:func:`~bezique.engine.moves.legal_actions`, on the draft sealed as a state), and
a declaration is made of the cards the engine picks for it
(:func:`~bezique.engine.reasons.declaration_cards`). The steps themselves are the
engine's. Everything else is handed to the engine on the state sealed from the
draft, and a new draft of the state it returns is taken up after it:

* a card in a double bezique played from the table (which of alike cards goes
  first is the engine's to say, EB9);
* a carte blanche still to show, and rules the draft does not cover
  (:func:`covered`, :data:`UNCOVERED`): more than two seats, partnerships,
  the duels of the last tricks, melds scored on later tricks, melds from the
  cards won, melding after the close, a declared seven kept in the hand. Those
  are stepped through the engine from the start;
* where melds may be re-formed, a card played from the table while an alike
  card lies there too (which of them, and how the play names it, is the
  engine's to say).

The tests step the draft and the engine side by side over random rule sets,
comparing every field and score at every step, and compare the final states
of :func:`play_out` with stepping's for every preset.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

import attrs

from bezique.actions import Action, Declare, Draw, Exchange
from bezique.cards import FACES_PER_PACK
from bezique.checks.determinize import determinize
from bezique.engine.draft import declare, draw, exchange, play
from bezique.engine.fields import OVER, STOCK, DealDraft
from bezique.engine.moves import legal_actions
from bezique.engine.reasons import declaration_cards
from bezique.engine.speed import (
    draft_of,
    faces_of,
    make_plan,
    play_order,
    seal,
)
from bezique.errors import BeziqueError, check_seed, require_int, wrong_type
from bezique.laws.scoring import (
    TrickScores,
)
from bezique.laws.tricks import playable
from bezique.laws.turns import in_duels
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
from bezique.players.rule_of_thumb import end_scorer, seven_keep, window_choice
from bezique.rules import DeclarationLimit, DeclareFrom, Rules
from bezique.rules.derived import derived
from bezique.rules.melds import MeldKind
from bezique.state import DealState
from bezique.views import SeatView

__all__ = ["COVERED", "UNCOVERED", "arrange_draws", "covered", "play_out", "playouts"]

_DOUBLE_BIT: Final = MeldKind.DOUBLE_BEZIQUE.bit


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
    playout: _Playout | None = None
    while True:
        # The engine plays while the draft cannot take the deal up (a carte blanche).
        while not state.is_over and not _fits(state):
            state = _step(state, policy, coupled)
        if state.is_over:
            return state
        if playout is None:
            playout = _Playout(state)
        else:
            playout.load(state)
        state = playout.run(policy, coupled)


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


#: The rule knobs (``Rules.knobs()``) with settings the draft does not take up, each
#: with the test of a rule set: under rules that pass one of them every step of a
#: playout goes through the engine (:func:`covered`). The draft plays two seats'
#: tricks, with declared cards on the tables until the close and none declared
#: after it.
UNCOVERED: Final[Mapping[str, Callable[[Rules], bool]]] = MappingProxyType(
    {
        # Three seats and more, and the partnerships (four seats, two sides).
        "players": lambda rules: rules.players != 2 or bool(rules.sides),
        # EB9, EB11: the last tricks played in two duels.
        "end_phase": lambda rules: in_duels(rules),
        # FOS p.326: melds shown but scored on later tricks.
        "limit": lambda rules: rules.declarations.limit is DeclarationLimit.ONE_SCORED_REST_PENDING,
        # S003: melds shown from the cards won.
        "declare_from": lambda rules: rules.zones.declare_from is DeclareFrom.WON,
        # S003: melding goes on after the close.
        "melding_after_close": lambda rules: rules.declarations.melding_after_close,
        # S001: a declared seven of trumps stays in the hand.
        "declared_seven_on_table": lambda rules: not rules.trumps.declared_seven_on_table,
    }
)

#: The other rule knobs, every setting of which the draft plays, by the engine's own
#: steps and laws (the declarations among them: the engine lists them and picks
#: their cards), or hands the step to the engine (a carte blanche, alike cards on
#: the table where melds are re-formed).
#: Some only matter under rules of :data:`UNCOVERED` (the open cards, the trick's
#: card, the Polish re-use of a card: melds from the cards won), or not in a deal at
#: all (the game's target, the cut, the forfeits of the score sheet).
COVERED: Final[frozenset[str]] = frozenset(
    {
        "all_last_tricks_points",
        "bezique",
        "bezique_pair",
        "brisque_points",
        "brisques",
        "carte_blanche_cards",
        "carte_blanche_points",
        "carte_blanche_repeat",
        "combine_with_partner_table",
        "common_marjolet",
        "common_marriage",
        "cut_dealer_points",
        "cut_exact",
        "cut_guess_points",
        "deal_scoring",
        "deals",
        "declare_all_after_last_stock_trick",
        "double_bezique",
        "end",
        "exchange_counts_as_declaration",
        "exchange_points",
        "five_trump_aces",
        "five_trump_jacks",
        "five_trump_kings",
        "five_trump_queens",
        "five_trump_tens",
        "forfeits",
        "four_aces",
        "four_jacks",
        "four_kings",
        "four_queens",
        "four_tens",
        "four_trump_aces",
        "four_trump_jacks",
        "four_trump_kings",
        "four_trump_queens",
        "four_trump_tens",
        "fresh_card",
        "game_bonus",
        "hand_size",
        "inferior_order",
        "last_trick",
        "last_trick_points",
        "lead_out_of_turn_forfeit",
        "marriage_rearrangement",
        "marriage_then_sequence",
        "offsuit_higher_card_wins",
        "open_cards",
        "packets",
        "packs",
        "partnership_bezique_source",
        "partnership_declarer",
        "plain_sequence",
        "polish_card_reuse",
        "quadruple_bezique",
        "quartet_suits",
        "quintuple_bezique",
        "rounding",
        "royal_marjolet",
        "royal_marriage",
        "rubicon",
        "rubicon_bonus",
        "rubicon_bonus_formula",
        "same_kind_reuse",
        "second_double_bezique",
        "selection",
        "seven_in_end_phase",
        "seven_of_trumps",
        "seven_of_trumps_points",
        "seven_scores_once",
        "stock_end_points",
        "stock_end_to",
        "target",
        "trick_card",
        "triple_bezique",
        "trump_sequence",
        "trumps_win_in_stock_phase",
        "turn_up",
        "turn_up_seven_points",
    }
)


def covered(rules: Rules) -> bool:
    """Whether the playouts of :func:`play_out` under these rules play their common
    steps on their draft (see the module documentation): no setting of
    :data:`UNCOVERED` in them. If not, every step goes through the engine, with the
    same result."""
    return derived(rules, _covers)


def _covers(rules: Rules) -> bool:
    return not any(uncovered(rules) for uncovered in UNCOVERED.values())


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


class _Playout:
    """A deal being played out by the fast policy: its draft (the engine's deal held
    mutably, :mod:`bezique.engine.draft`), changed in place by the engine's own steps
    of play, and the policy's tables for its rules.

    Only two-hand deals of covered rules (:func:`covered`) are taken up, so a
    trick has two cards, declared cards lie on the tables in the stock phase, and
    every card is back in its hand, with no history, in the end phase."""

    rules: Rules
    cls: type[DealState]
    deck: DeckTables
    trick_scores: TrickScores
    fast: FastTableMemo
    readies: ReadyTable
    worth: float
    deal: DealDraft
    keeps: dict[int | None, float]

    def __init__(self, state: DealState) -> None:
        rules = state.rules
        plan = derived(rules, make_plan)
        self.rules = rules
        self.cls = type(state)
        self.deck = plan.tables
        self.trick_scores = plan.trick_scores
        self.fast = derived(rules, fast_table_memo)
        self.readies = derived(rules, ready_table)
        self.worth = brisque_worth(rules)
        # The policy's wish to keep the seven of trumps, by turn-up: asked at every
        # card played, it changes only with the turn-up.
        self.keeps = {}
        self.load(state)

    def load(self, state: DealState) -> None:
        """Take up ``state``'s fields."""
        self.deal = draft_of(state)

    def state(self) -> DealState:
        """The state of the deal's fields (the draft is sealed into it: :meth:`load`
        takes up a state again before the next step)."""
        return seal(self.deal, self.cls)

    def run(self, policy: FastPolicy, coupled: bool) -> DealState:
        """Play the deal out: the final state, or the first state the draft cannot
        take up again (see :func:`_fits`)."""
        while self.deal.phase is not OVER:
            deal = self.deal
            if deal.window is not None:
                self.winner_turn(coupled)
                continue
            card = self.choose_stock() if deal.phase is STOCK else self.choose_end()
            if card >= 0:
                play(deal, (deal.leader + len(deal.trick)) % 2, card, 2, None)
                continue
            # Alike cards the engine must tell apart: its play, on the state sealed.
            state = self.state()
            state = state.apply(policy.choose(state))
            if state.is_over or not _fits(state):
                return state
            self.load(state)
        return self.state()

    def winner_turn(self, coupled: bool) -> None:
        """The winner's turn, in the stock phase (covered rules open none after the
        close), played as :meth:`FastPolicy.choose <bezique.players.rollout.FastPolicy.choose>`
        plays it: the draw when there is nothing to declare (:meth:`only_draws`), else
        the rule-of-thumb player's choice
        (:func:`~bezique.players.rule_of_thumb.window_choice`) among the actions the
        engine lists for the turn, made on the draft by the engine's own steps (the
        exchange, a declaration of the cards the engine picks for it), until the draw."""
        rules = self.rules
        while not self.only_draws():
            # The engine's listing reads a state: the draft, sealed, and then taken up
            # again (a copy of its fields, about 0.3 microseconds).
            state = self.state()
            window = state.window
            if window is None:  # pragma: no cover - called in a winner's turn only
                raise BeziqueError("no winner's turn to play")
            actions = legal_actions(state)
            action = window_choice(
                rules, state.melds, state.phase, state.stock_size, window, actions
            )
            self.load(state)
            if isinstance(action, Declare):
                cards = declaration_cards(state, window, action)
                declare(self.deal, action.kind, cards, None)
            elif type(action) is Exchange:
                exchange(self.deal, None)
            else:
                break
        self.draw(coupled)

    def only_draws(self) -> bool:
        """The fast policy's :func:`~bezique.players.rollout.nothing_to_declare`, read
        from the draft."""
        deal = self.deal
        window = deal.window
        if window is None or deal.phase is not STOCK:
            return False
        seat = window.seat
        return draws_only(
            self.rules,
            deal.hand_masks[seat],
            deal.table_masks[seat],
            deal.history,
            deal.trump,
            deal.turn_up,
            self.readies,
        )

    def choose_stock(self) -> int:
        """The card the fast policy plays in the stock phase (its scores of
        :class:`~bezique.players.rollout.FastPolicy`, two-hand), or ``-1`` when the
        engine must pick among alike cards."""
        deal = self.deal
        trick = deal.trick
        seat = (deal.leader + len(trick)) % 2
        hand = deal.hand_masks[seat]
        table = deal.table_masks[seat]
        held = hand | table
        trump = deal.trump
        turn_up = deal.turn_up
        history = deal.history
        last = len(deal.stock) + (turn_up is not None) <= 2
        keep = self.keeps.get(turn_up)
        if keep is None:
            keep = self.keeps[turn_up] = seven_keep(self.rules, turn_up)
        tables = self.fast((trump, keep, last))
        ready, protect = ready_in(held, history, self.readies[trump])
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
        on_table = bits(table & mask)
        if deal.broken and len(on_table) > 1:
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
        deal = self.deal
        trick = deal.trick
        seat = (deal.leader + len(trick)) % 2
        hand = deal.hand_masks[seat]
        mask = playable(hand, trick, deal.trump, True, self.deck)
        faces = faces_of(mask)
        f = faces.bit_length() - 1
        if faces & (faces - 1):
            # More than one face: the scorer's best, the first of the best in the
            # engine's order of plays (concealed cards, one per face, by face).
            other = deal.hand_masks[1 - seat]
            scorer = end_scorer(
                [c % FACES_PER_PACK for c in trick],
                [c % FACES_PER_PACK for c in bits(other)],
                deal.trump,
                self.worth,
            )
            best_score = -math.inf
            while faces:
                low = faces & -faces
                face = low.bit_length() - 1
                faces ^= low
                score = scorer(face)
                if score > best_score:
                    f, best_score = face, score
        copies = hand & self.deck.face_mask[f]
        return (copies & -copies).bit_length() - 1

    def draw(self, coupled: bool) -> None:
        """The draw that ends the winner's turn (the engine's
        :func:`~bezique.engine.draft.draw`), the stock first turned for the coupled
        draws of :func:`arrange_draws`."""
        deal = self.deal
        window = deal.window
        if window is None:  # pragma: no cover - only called in a winner's turn
            raise BeziqueError("no winner's turn to draw in")
        if coupled and window.seat != 0 and len(deal.stock) >= 2:
            deal.stock = _arranged(deal.stock, window.seat, 2)
        draw(deal, None)
