"""Reasons: why an action is illegal now (none: it is legal).

Each refusal is a :class:`~bezique.legality.Reason`, given by the law that
refuses it (:mod:`bezique.laws`), cited beside each check. A declaration's cards
are picked here too (:func:`declare_reasons`), with the same choices the listing
makes (:mod:`bezique.engine.declarations`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bezique.actions import (
    Action,
    CardRef,
    Declare,
    Draw,
    Exchange,
    Pass,
    PassToPartner,
    Play,
    ScorePending,
    ShowCarteBlanche,
)
from bezique.cards import Rank, face_of
from bezique.engine.declarations import (
    ABOVE_DOUBLE,
    all_score,
    copy_marks,
    declarable,
    declarer_cards,
    limit_reasons,
    reuse_verdict,
    trick_cards,
)
from bezique.engine.fields import END, OVER, STOCK, DealFields
from bezique.engine.plays import (
    distinct_choices,
    find_cards,
    most_doubled,
    playable_mask,
    ref_class,
    seven_in_hand,
)
from bezique.engine.speed import make_plan
from bezique.laws.declaring import (
    may_pass_right,
    meld_patterns,
    partner_table_reasons,
    reuse_reasons,
)
from bezique.laws.scoring import carte_blanche_spoilers, exchange_bonus
from bezique.laws.tricks import duty_reason
from bezique.laws.zones import deck_tables
from bezique.legality import Reason
from bezique.records import Window
from bezique.rules.derived import derived
from bezique.rules.melds import MeldKind

__all__ = [
    "declaration_cards",
    "declare_reasons",
    "exchange_reasons",
    "may_show",
    "score_pending_reasons",
    "why_illegal",
]


def why_illegal(state: DealFields, action: Action) -> tuple[Reason, ...]:
    """The reasons ``action`` is illegal in ``state`` (empty if legal)."""
    if state.phase is OVER:
        return (Reason.DEAL_OVER,)
    if state.offers:
        # A seat decides on a carte blanche (HGM, WKC): show it or pass, nothing else.
        if isinstance(action, Pass):
            return ()
        if isinstance(action, ShowCarteBlanche):
            return () if may_show(state) else (Reason.NO_CARTE_BLANCHE,)
        return (Reason.WRONG_ACTION_NOW,)
    if isinstance(action, ShowCarteBlanche):
        return (Reason.NO_CARTE_BLANCHE,)
    window = state.window
    if isinstance(action, Play):
        if window is not None:
            return (Reason.WRONG_ACTION_NOW,)
        return tuple(_play_reasons(state, action))
    if not isinstance(action, (Declare, Exchange, ScorePending, Draw, Pass, PassToPartner)):
        return (Reason.WRONG_ACTION_NOW,)
    if window is None:
        if isinstance(action, (Draw, Pass)):
            return (Reason.WRONG_ACTION_NOW,)
        if state.phase is END and not state.rules.declarations.melding_after_close:
            # S000 law 9: no declarations once the stock is exhausted.
            return (Reason.NOT_IN_STOCK_PHASE,)
        return (Reason.NOT_TRICK_WINNER,)
    if isinstance(action, PassToPartner):
        return () if may_pass_right(state.rules, window) else (Reason.CANNOT_PASS_RIGHT,)
    if isinstance(action, Draw):
        return () if state.phase is STOCK else (Reason.WRONG_ACTION_NOW,)
    if isinstance(action, Pass):
        return () if state.phase is END else (Reason.WRONG_ACTION_NOW,)
    if isinstance(action, Exchange):
        return tuple(exchange_reasons(state, window))
    if isinstance(action, ScorePending):
        return tuple(score_pending_reasons(state, window, action.meld))
    return tuple(declare_reasons(state, window, action)[0])


def _play_reasons(state: DealFields, action: Play) -> list[Reason]:
    """Why the seat to play may not play the card ``action`` names: not held, alike
    cards that the action must tell apart (re-forming), or a duty of the end phase."""
    seat = state.current_player
    if seat is None:  # pragma: no cover - why_illegal refused the play when the deal is over
        return [Reason.DEAL_OVER]
    held = state._held_mask(seat)
    found = find_cards(state, seat, held, action.card)
    if not found:
        return [Reason.CARD_NOT_HELD]
    if state.broken and not action.card.melds and len(distinct_choices(state, seat, found)) > 1:
        return [Reason.AMBIGUOUS_CARD]
    playable = playable_mask(state, seat)
    if find_cards(state, seat, playable, action.card):
        return []
    # End phase duty broken: say which one (S000 law 9).
    tables = deck_tables(state.rules.deck.packs)
    return [duty_reason(held, state.trick, action.card.card, state.trump, tables)]


def exchange_reasons(state: DealFields, window: Window) -> list[Reason]:
    """S000 law 8: only the trick's winner, holding a seven of trumps, before drawing;
    not when the turn-up is itself a seven (S004; SC-21)."""
    rules = state.rules
    if exchange_bonus(rules) is None:
        return [Reason.EXCHANGE_NOT_IN_VARIANT]
    if state.phase is not STOCK or state.turn_up is None or state.trump is None:
        return [Reason.NO_TURN_UP]
    if window.seat != window.winner:
        # Partnerships: only the trick's winner exchanges, in his own turn.
        return [Reason.NOT_TRICK_WINNER]
    reasons = []
    if face_of(state.turn_up).rank is Rank.SEVEN:
        reasons.append(Reason.TURN_UP_IS_SEVEN)
    if seven_in_hand(state, window.seat) is None:
        reasons.append(Reason.NO_SEVEN_OF_TRUMPS)
    # S002b: the exchange is the trick's declaration, so it needs the score still free.
    if rules.trumps.exchange_counts_as_declaration and window.scored and not all_score(state):
        reasons.append(Reason.ALREADY_DECLARED)
    return reasons


def score_pending_reasons(state: DealFields, window: Window, index: int) -> list[Reason]:
    """Why the winner in ``window`` may not score the pending meld number ``index``
    now (FOS p.326, S001: one score a trick, and the meld still whole)."""
    if not 0 <= index < len(state.melds):
        return [Reason.NO_SUCH_PENDING_MELD]
    meld = state.melds[index]
    if meld.seat != window.seat or meld.scored:
        return [Reason.NO_SUCH_PENDING_MELD]
    reasons = limit_reasons(state, window)
    if window.scored and not all_score(state):
        reasons.append(Reason.ALREADY_SCORED)
    held = declarable(state, window.seat)
    if any(not held >> c & 1 for c in meld.cards):
        reasons.append(Reason.PENDING_MELD_BROKEN)
    return reasons


def declare_reasons(
    state: DealFields, window: Window, action: Declare
) -> tuple[list[Reason], list[int]]:
    """The reasons a declaration is illegal, and the card ids it would use."""
    reasons = _form_reasons(state, window, action)
    return reasons, _picked_cards(state, window, action, reasons)


def declaration_cards(state: DealFields, window: Window, action: Declare) -> list[int]:
    """The card ids a legal declaration (one that :func:`legal_declarations
    <bezique.engine.declarations.legal_declarations>` lists) is made of: those
    :func:`declare_reasons` picks, without asking again whether it may be made (the
    fast playouts declare what the listing offered)."""
    return _picked_cards(state, window, action, [])


def _picked_cards(
    state: DealFields, window: Window, action: Declare, reasons: list[Reason]
) -> list[int]:
    """The card ids ``action`` would use, given the ``reasons`` against its form so far;
    the reasons against its cards go into ``reasons``."""
    chosen = _named_cards(state, window, action, reasons)
    borrowed = _partner_table_reasons(state, window.seat, action.kind, chosen, reasons)
    if Reason.KIND_NOT_IN_VARIANT not in reasons:
        chosen = _apply_reuse_law(state, window, action, chosen, borrowed, reasons)
    if (
        not reasons
        and action.kind in ABOVE_DOUBLE
        and state.rules.declarations.second_double_bezique
    ):
        chosen = _triple_cards(state, window, action, chosen)
    return chosen


def _form_reasons(state: DealFields, window: Window, action: Declare) -> list[Reason]:
    """Whether the winner may declare again now (:func:`limit_reasons`), whether the
    kind scores under these rules, and whether the cards named form it."""
    reasons = limit_reasons(state, window)
    kind = action.kind
    if state.rules.meld_value(kind) is None:
        reasons.append(Reason.KIND_NOT_IN_VARIANT)
    faces = tuple(ref.card for ref in action.cards)
    if not any(p.matches(faces) for p in meld_patterns(state.rules, kind, state.trump)):
        reasons.append(Reason.NOT_A_MELD)
    return reasons


def _named_cards(
    state: DealFields, window: Window, action: Declare, reasons: list[Reason]
) -> list[int]:
    """The card ids ``action`` names, one per reference, the declarer's own before
    the partner's table (BIC) and the card of the trick first where the rules ask
    for one (EB11, S003); the reasons against the cards named go into ``reasons``."""
    seat = window.seat
    held = declarable(state, seat)
    trick = trick_cards(state, window)
    spent = 0
    if trick is not None:
        # EB11, S003: the card of the trick is picked first where a ref names its
        # face; under S003 a card of the trick already declared this turn is spent.
        cards, fresh = trick
        spent = held & cards & ~fresh
        held &= ~spent
        if len(action.cards) > 1:
            # S003: where the player has a choice of alike copies, the action names it.
            reasons.extend(_unnamed_copies(state, window, action, held, trick))
    plan = derived(state.rules, make_plan)
    partner = plan.partners[seat] if plan.partners else None
    lent = 0 if partner is None else state.table_masks[partner]
    chosen: list[int] = []
    for ref in action.cards:
        candidates = _candidates(state, seat, ref, held, trick, chosen)
        if partner is not None and lent:
            # The declarer's own cards first, then the partner's table (BIC).
            candidates += [c for c in find_cards(state, partner, lent, ref) if c not in chosen]
        usable = [c for c in candidates if c != window.exchanged]
        if usable:
            chosen.append(usable[0])
        elif candidates:
            reasons.append(Reason.USES_EXCHANGED_CARD)
            chosen.append(candidates[0])
        elif spent and find_cards(state, seat, spent, ref):
            _add(reasons, Reason.TRICK_CARD_DECLARED)
        else:
            _add(reasons, Reason.CARD_NOT_HELD)
    if (
        trick is not None
        and len(chosen) == len(action.cards)
        and not any(trick[1] >> c & 1 for c in chosen)
    ):
        reasons.append(Reason.NO_CARD_OF_TRICK)
    return chosen


def _candidates(
    state: DealFields,
    seat: int,
    ref: CardRef,
    held: int,
    trick: tuple[int, int] | None,
    chosen: Sequence[int],
) -> list[int]:
    """The cards of ``held`` (``seat``'s) that ``ref`` may name, not ``chosen``
    already: the copy it names, where it names one (:attr:`CardRef.just_won`), and
    the cards of the trick just won first."""
    candidates = [c for c in find_cards(state, seat, held, ref) if c not in chosen]
    if ref.just_won is not None:
        # The copy named: the card of the trick just won, or one won before.
        if trick is None:
            return []
        if ref.just_won:
            return [c for c in candidates if trick[1] >> c & 1]
        return [c for c in candidates if not trick[0] >> c & 1]
    if trick is not None and trick[1]:
        fresh = trick[1]
        candidates.sort(key=lambda c: not fresh >> c & 1)
    return candidates


def _add(reasons: list[Reason], reason: Reason) -> None:
    if reason not in reasons:
        reasons.append(reason)


def _partner_table_reasons(
    state: DealFields, seat: int, kind: MeldKind, chosen: Sequence[int], reasons: list[Reason]
) -> int | None:
    """Add to ``reasons`` those of the partnership rules against taking the cards
    ``chosen`` from the partner's table (:func:`~bezique.laws.declaring.partner_table_reasons`),
    and return the partner's table cards if there are any: a declaration refused for
    the partner's cards need not be refused for more (``None`` otherwise)."""
    plan = derived(state.rules, make_plan)
    partner = plan.partners[seat] if plan.partners else None
    lent = 0 if partner is None else state.table_masks[partner]
    if not lent:
        return None
    from_partner = sum(1 for c in chosen if lent >> c & 1)
    from_hand = sum(1 for c in chosen if state.hand_masks[seat] >> c & 1)
    lent_reasons = partner_table_reasons(state.rules, kind, from_partner, from_hand)
    for reason in lent_reasons:
        _add(reasons, reason)
    return lent if lent_reasons else None


def _apply_reuse_law(
    state: DealFields,
    window: Window,
    action: Declare,
    chosen: list[int],
    borrowed: int | None,
    reasons: list[Reason],
) -> list[int]:
    """Add to ``reasons`` those of the re-use law (:func:`reuse_verdict`, the one the
    listing asks), and return the card ids to use: those an exception picked from
    the declared melds, else ``chosen``."""
    kind = action.kind
    if len(chosen) < len(action.cards):
        # Some card is not held: the histories named are all there is to judge.
        histories = [ref.mask for ref in action.cards]
        broken = [ref.broken_mask for ref in action.cards] if state.broken else None
        reasons.extend(reuse_reasons(state.rules, kind, histories, broken))
        return chosen
    classes = [(ref.card.index, ref_class(state, ref)) for ref in action.cards]
    # A declaration refused for the exchanged card need not be refused for more.
    barred = None if Reason.USES_EXCHANGED_CARD in reasons else window.exchanged
    reuse, picked = reuse_verdict(state, window.seat, kind, classes, barred, chosen, borrowed)
    reasons.extend(reuse)
    return chosen if picked is None else picked


def _triple_cards(
    state: DealFields, window: Window, action: Declare, chosen: list[int]
) -> list[int]:
    """Of alike cards, those in most doubles go into a triple or more (EB9,
    :func:`most_doubled`), from every card the declarer may use (the partner's
    double too, under ``either-partner``)."""
    classes = [(ref.card.index, ref_class(state, ref)) for ref in action.cards]
    mine, opened = declarer_cards(state, window.seat, action.kind, classes)
    held = declarable(state, window.seat)
    trick = trick_cards(state, window)
    if trick is not None:
        held &= ~(trick[0] & ~trick[1])
    pool = (mine & held) | opened
    chosen = list(chosen)
    for i, card in enumerate(chosen):
        chosen[i] = most_doubled(state, pool, card, chosen, window.exchanged)
    return chosen


def _unnamed_copies(
    state: DealFields, window: Window, action: Declare, held: int, trick: tuple[int, int]
) -> list[Reason]:
    """``[COPY_NOT_NAMED]`` when ``action`` leaves unnamed a card whose copy the
    player must choose (:func:`copy_marks`: alike cards just won and won before)."""
    classes = [(ref.card.index, ref_class(state, ref)) for ref in action.cards]
    if window.exchanged is not None:
        held &= ~(1 << window.exchanged)
    choices = copy_marks(state, action.kind, classes, held, trick)
    if len(choices) == 1:
        return []
    named = {i for marks in choices if marks for i, mark in enumerate(marks) if mark is not None}
    if any(action.cards[i].just_won is None for i in named):
        return [Reason.COPY_NOT_NAMED]
    return []


def may_show(state: DealFields) -> bool:
    """Whether the seat deciding holds a carte blanche: none of the cards that spoil one
    (:func:`~bezique.laws.scoring.carte_blanche_spoilers`)."""
    seat = state.offers[0]
    return not state._held_mask(seat) & carte_blanche_spoilers(state.rules)
