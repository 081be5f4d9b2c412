"""Transitions: the state after an action, and what it scored.

``step`` validates the action (by the laws of :mod:`bezique.engine.moves`) and
builds the next state; the state it was given is not changed. A card played, the
trick taken, the deal's end, the exchange, a declaration and the draw are made on a
draft of the state's fields by :mod:`bezique.engine.draft`, which the fast playouts
run too; the other steps (a carte blanche, a pending meld scored, passing) are here.
The scoring rules applied are cited beside each one.
"""

from __future__ import annotations

from typing import Final

import attrs

from bezique.actions import (
    Action,
    CardRef,
    Declare,
    Draw,
    Exchange,
    PassToPartner,
    Play,
    ScorePending,
    ShowCarteBlanche,
)
from bezique.engine.draft import deal_end, declare, draw, exchange, play
from bezique.engine.fields import END, OVER, STOCK
from bezique.engine.moves import (
    declare_reasons,
    declared_in_hand,
    meld_numbers,
    most_doubled,
    why_illegal,
)
from bezique.engine.reasons import declaration_cards
from bezique.engine.speed import (
    S,
    add_points,
    draft_of,
    known_legal,
    make_plan,
    replace,
    seal,
)
from bezique.errors import IllegalActionError
from bezique.laws.declaring import (
    window_after_pass,
)
from bezique.laws.scoring import carte_blanche_bonus
from bezique.laws.turns import trick_seats
from bezique.laws.zones import deck_tables
from bezique.legality import Reason
from bezique.records import ScoreEvent, ScoreSource, Window
from bezique.rules.derived import derived
from bezique.rules.melds import MeldKind

__all__ = ["scored", "step"]


_DOUBLE_BIT: Final = MeldKind.DOUBLE_BEZIQUE.bit


def step(state: S, action: Action) -> tuple[S, tuple[ScoreEvent, ...]]:
    """Apply a legal action; raise :class:`IllegalActionError` otherwise."""
    if type(action) is Play and state._legal is not None:
        for legal in state._legal:  # listed actions are shared objects
            if legal is action:
                return _play(state, action)  # the common case, validated by the memo
    window = state.window
    if type(action) is Draw and window is not None and not state.offers and state.phase is STOCK:
        return _draw(state)  # the draw is always legal in the winner's turn
    if isinstance(action, Declare):
        if state.window is None or state.phase is OVER or state.offers:
            raise IllegalActionError(action, why_illegal(state, action))
        if known_legal(state._legal, action):
            # Listed, so legal: only its cards to pick, as the reasons would pick them.
            return _declare(state, action.kind, declaration_cards(state, state.window, action))
        reasons, chosen = declare_reasons(state, state.window, action)
        if reasons:
            raise IllegalActionError(action, reasons)
        return _declare(state, action.kind, chosen)
    # The memo of legal actions, when present, already validated this action.
    if not known_legal(state._legal, action):
        reasons_ = why_illegal(state, action)
        if reasons_:
            raise IllegalActionError(action, reasons_)
    if state.offers:
        return _carte_blanche(state, isinstance(action, ShowCarteBlanche))
    if isinstance(action, Play):
        return _play(state, action)
    window = state.window
    if window is None:  # pragma: no cover - why_illegal refused it
        raise IllegalActionError(action, (Reason.WRONG_ACTION_NOW,))
    if isinstance(action, Exchange):
        return _exchange(state)
    if isinstance(action, ScorePending):
        return _score_pending(state, window, action.meld)
    if isinstance(action, Draw):
        return _draw(state)
    if isinstance(action, PassToPartner):
        # Partnerships: the right to declare goes to the partner (BIC, EB9, S004).
        return replace(state, window=window_after_pass(state.rules, window)), ()
    if len(state.tricks) == derived(state.rules, make_plan).total_tricks:
        # S003 (Polish): the turn after the last trick ends, and the deal is scored.
        draft = draft_of(state)
        events: list[ScoreEvent] = []
        deal_end(draft, events)
        return seal(draft, type(state)), tuple(events)
    return replace(state, window=None), ()


def _carte_blanche(state: S, show: bool) -> tuple[S, tuple[ScoreEvent, ...]]:
    """The first seat on offer shows its carte blanche (scoring it) or passes.

    While a shown carte blanche lasts, each non-court card drawn may be shown
    again (WKC, PAR, S003); passing ends it.
    """
    seat = state.offers[0]
    rules = state.rules.carte_blanche
    lasting = show and rules.carte_blanche_repeat
    carte_blanche = tuple(
        lasting if s == seat else alive for s, alive in enumerate(state.carte_blanche)
    )
    events: list[ScoreEvent] = []
    scores = state.scores
    if show:
        points = carte_blanche_bonus(state.rules) or 0
        scores = scored(scores, events, seat, points, ScoreSource.CARTE_BLANCHE, "")
    revealed = state.revealed_masks
    if show:
        # The hand is shown (WKC: the cards played face up one after another).
        revealed = revealed[:seat] + (state.hand_masks[seat],) + revealed[seat + 1 :]
    new = replace(
        state,
        offers=state.offers[1:],
        carte_blanche=carte_blanche,
        scores=scores,
        revealed_masks=revealed,
    )
    return new, tuple(events)


def _play(state: S, action: Play) -> tuple[S, tuple[ScoreEvent, ...]]:
    rules = state.rules
    plan = derived(rules, make_plan)
    hands = state.hand_masks
    n = len(hands)
    seat = (state.leader + len(state.trick)) % n
    if plan.duels and state.phase is END:
        # EB9, EB11: a duel's trick has a card from each of its two seats.
        seats = trick_seats(rules, state.tricks, state.leader)
        n = len(seats)
        seat = seats[len(state.trick)]
    hand = hands[seat]
    table = state.table_masks[seat]
    ref = action.card
    if not ref.history and (state.phase is STOCK or not plan.window_in_end_phase):
        # A card named with no history is a concealed one: the lowest such copy.
        copies = hand & plan.tables.face_mask[ref.card.index]
        if plan.seven_kept_in_hand and state.phase is STOCK:
            copies &= ~declared_in_hand(state, seat)
        card = (copies & -copies).bit_length() - 1
    else:
        card = _first(state, seat, hand | table, ref)
        if ref.mask & _DOUBLE_BIT and not ref.melds:
            # Alike cards in one or two doubles (EB9): the one in two goes first.
            card = most_doubled(state, hand | table, card)
    draft = draft_of(state)
    events: list[ScoreEvent] = []
    play(draft, seat, card, n, events)
    return seal(draft, type(state)), tuple(events) if events else ()


def scored(
    scores: tuple[int, ...],
    events: list[ScoreEvent],
    seat: int,
    points: int,
    source: ScoreSource,
    detail: str,
) -> tuple[int, ...]:
    """Add points to a seat and record why; zero points record nothing."""
    if not points:
        return scores
    events.append(ScoreEvent.of(seat, points, source, detail))
    return add_points(scores, seat, points)


def _first(state: S, seat: int, held: int, ref: CardRef) -> int:
    """The lowest held card id matching ``ref`` (the action is known legal)."""
    wanted = ref.mask
    history = state.history
    broken = state.broken
    broken_wanted = ref.broken_mask
    mask = held & deck_tables(state.rules.deck.packs).face_mask[ref.card.index]
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        if (
            history[card] == wanted
            and (not broken or broken[card] == broken_wanted)
            and (not ref.melds or meld_numbers(state, seat, card) == ref.melds)
        ):
            return card
        mask ^= low
    raise IllegalActionError(Play(ref), (Reason.CARD_NOT_HELD,))  # pragma: no cover


def _exchange(state: S) -> tuple[S, tuple[ScoreEvent, ...]]:
    """S000 law 8: the seven of trumps swapped for the turn-up
    (:func:`bezique.engine.draft.exchange`)."""
    draft = draft_of(state)
    events: list[ScoreEvent] = []
    exchange(draft, events)
    return seal(draft, type(state)), tuple(events) if events else ()


def _declare(state: S, kind: MeldKind, cards: list[int]) -> tuple[S, tuple[ScoreEvent, ...]]:
    """A declaration of ``kind`` with these card ids (:func:`bezique.engine.draft.declare`)."""
    draft = draft_of(state)
    events: list[ScoreEvent] = []
    declare(draft, kind, cards, events)
    return seal(draft, type(state)), tuple(events) if events else ()


def _score_pending(state: S, window: Window, index: int) -> tuple[S, tuple[ScoreEvent, ...]]:
    meld = state.melds[index]
    melds = (*state.melds[:index], attrs.evolve(meld, scored=True), *state.melds[index + 1 :])
    new = attrs.evolve(
        state,
        melds=melds,
        window=attrs.evolve(window, scored=True),
        scores=add_points(state.scores, meld.seat, meld.points),
    )
    event = ScoreEvent.of(meld.seat, meld.points, ScoreSource.DECLARATION, meld.kind.value)
    return new, (event,)


def _draw(state: S) -> tuple[S, tuple[ScoreEvent, ...]]:
    """The winner's turn ends with the draw (:func:`bezique.engine.draft.draw`)."""
    draft = draft_of(state)
    events: list[ScoreEvent] = []
    draw(draft, events)
    return seal(draft, type(state)), tuple(events) if events else ()
