"""What may be done now: the legal actions, gathered from their modules.

* :mod:`~bezique.engine.plays`: the plays, and how alike cards are told apart;
* :mod:`~bezique.engine.declarations`: the declarations of the trick winner;
* :mod:`~bezique.engine.reasons`: why an action is illegal.

:func:`legal_actions` lists them all, in order. The names this module has always
offered (:func:`legal_declarations`, :func:`why_illegal`, :func:`declare_reasons`,
:func:`declarable`, :func:`meld_numbers`, :func:`trick_winner`, :func:`trick_cards`
and the queries the transitions read) are importable from here still.
"""

from __future__ import annotations

from bezique.actions import Action, ScorePending
from bezique.engine.declarations import (
    all_score,
    declarable,
    legal_declarations,
    trick_cards,
    window_declarations,
)
from bezique.engine.fields import END, OVER, STOCK, DealFields, duel_seat
from bezique.engine.plays import (
    declared_in_hand,
    declared_seven,
    meld_numbers,
    most_doubled,
    play_actions,
    playable_mask,
    seven_declared,
    seven_in_hand,
    trick_winner,
)
from bezique.engine.reasons import (
    declare_reasons,
    exchange_reasons,
    may_show,
    score_pending_reasons,
    why_illegal,
)
from bezique.engine.speed import (
    DRAW,
    EXCHANGE,
    ONLY_DRAW,
    ONLY_PASS,
    PASS,
    PASS_TO_PARTNER,
    SEVEN,
    SHOW_CARTE_BLANCHE,
    make_plan,
)
from bezique.laws.declaring import may_pass_right
from bezique.records import Window
from bezique.rules.derived import derived

__all__ = [
    "all_score",
    "check_seat",
    "declarable",
    "declare_reasons",
    "declared_in_hand",
    "declared_seven",
    "legal_actions",
    "legal_declarations",
    "may_show",
    "meld_numbers",
    "most_doubled",
    "seven_declared",
    "seven_in_hand",
    "trick_cards",
    "trick_winner",
    "why_illegal",
]


def check_seat(state: DealFields, seat: object) -> int:
    """``seat``, if it is a seat of this deal; else :class:`~bezique.errors.SeatError`
    (:class:`TypeError` if not an ``int``: ``object`` here, so that a compiled build
    refuses it in the library's words)."""
    return state._seat(seat)


def legal_actions(state: DealFields) -> tuple[Action, ...]:
    """See :meth:`bezique.DealFields.legal_actions` for the order."""
    cached = state._legal
    if cached is not None:
        return cached
    if state.phase is OVER:
        actions: tuple[Action, ...] = ()
    elif state.offers:
        actions = (SHOW_CARTE_BLANCHE, PASS) if may_show(state) else (PASS,)
    elif state.window is None:
        seat = (state.leader + len(state.trick)) % len(state.hand_masks)
        if state.phase is END and derived(state.rules, make_plan).duels:
            seat = duel_seat(state)  # EB9, EB11: only the two seats of the duel play
        actions = play_actions(state, seat, playable_mask(state, seat))
    else:
        actions = _window_actions(state, state.window)
    # The memo (engine.speed): written here, on the hot path, rather than by a call.
    object.__setattr__(state, "_legal", actions)
    return actions


def _window_actions(state: DealFields, window: Window) -> tuple[Action, ...]:
    """The actions of the winner's turn ``window``: the exchange, the declarations, the
    pending melds to score, the pass to the partner, then the draw (or the pass)."""
    actions: list[Action] = []
    plan = derived(state.rules, make_plan)
    turn_up = state.turn_up
    if (
        turn_up is not None
        and turn_up & 7 != SEVEN
        and window.seat == window.winner
        and state.hand_masks[window.seat] & plan.tables.face_mask[turn_up & 24]
        and not exchange_reasons(state, window)
    ):
        # A seven of trumps in the hand (face index: the turn-up's suit, rank 7).
        actions.append(EXCHANGE)
    actions.extend(window_declarations(state, window, plan))
    if plan.pending_melds:
        actions.extend(
            ScorePending(i)
            for i in state._pending_melds(window.seat)
            if not score_pending_reasons(state, window, i)
        )
    if state.rules.sides and may_pass_right(state.rules, window):
        actions.append(PASS_TO_PARTNER)
    if not actions:
        return ONLY_DRAW if state.phase is STOCK else ONLY_PASS
    actions.append(DRAW if state.phase is STOCK else PASS)
    return tuple(actions)
