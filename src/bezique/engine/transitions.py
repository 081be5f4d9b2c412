"""Transitions: the state after an action, and what it scored.

``step`` validates the action (by the laws of :mod:`bezique.engine.moves`) and
builds the next state; nothing is changed in place. The scoring rules applied
are cited beside each one.
"""

from __future__ import annotations

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
from bezique.cards import face_of
from bezique.engine.fields import END, OVER, STOCK, DealDraft
from bezique.engine.moves import (
    all_score,
    declarable,
    declare_reasons,
    declared_in_hand,
    declared_seven,
    meld_numbers,
    most_doubled,
    seven_in_hand,
    why_illegal,
)
from bezique.engine.speed import (
    OPEN_WINDOWS,
    SEVEN,
    S,
    add_points,
    known_legal,
    make_plan,
    replace,
    seal,
    with_value,
)
from bezique.errors import IllegalActionError
from bezique.laws.declaring import (
    broken_after_declaration,
    broken_after_play,
    trump_fixers,
    window_after_pass,
)
from bezique.laws.scoring import (
    all_last_tricks,
    brisques_counted,
    brisques_counted_when_needed,
    last_card_drawn_points,
    points_for_brisques,
    seven_played,
    trick_won,
)
from bezique.laws.tricks import best_card_index
from bezique.laws.turns import next_leader, trick_seats
from bezique.laws.zones import deck_tables
from bezique.legality import Reason
from bezique.records import DeclaredMeld, ScoreEvent, ScoreSource, Trick, Window
from bezique.rules.melds import MeldKind

__all__ = ["scored", "step"]


_DOUBLE_BIT = MeldKind.DOUBLE_BEZIQUE.bit


def step(state: S, action: Action) -> tuple[S, tuple[ScoreEvent, ...]]:
    """Apply a legal action; raise :class:`IllegalActionError` otherwise."""
    if type(action) is Play and state._legal is not None:
        for legal in state._legal:  # listed actions are shared objects
            if legal is action:
                return _play(state, action)  # the common case, validated by the memo
    window = state.window
    if type(action) is Draw and window is not None and not state.offers and state.phase is STOCK:
        return _draw(state, window)  # the draw is always legal in the winner's turn
    if isinstance(action, Declare):
        if state.window is None or state.phase is OVER or state.offers:
            raise IllegalActionError(action, why_illegal(state, action))
        reasons, chosen = declare_reasons(state, state.window, action)
        if reasons:
            raise IllegalActionError(action, reasons)
        return _declare(state, state.window, action.kind, chosen)
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
        return _exchange(state, window)
    if isinstance(action, ScorePending):
        return _score_pending(state, window, action.meld)
    if isinstance(action, Draw):
        return _draw(state, window)
    if isinstance(action, PassToPartner):
        # Partnerships: the right to declare goes to the partner (BIC, EB9, S004).
        return replace(state, window=window_after_pass(state.rules, window)), ()
    if len(state.tricks) == state.rules.derived(make_plan).total_tricks:
        # S003 (Polish): the turn after the last trick ends, and the deal is scored.
        events: list[ScoreEvent] = []
        scores, counted = _deal_end(state, state.won_masks, state.tricks, state.scores, events)
        return replace(
            state, phase=OVER, window=None, scores=scores, counted_brisques=counted
        ), tuple(events)
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
        points = rules.carte_blanche_points or 0
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
    plan = rules.derived(make_plan)
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
    bit = 1 << card
    events: list[ScoreEvent] = []
    scores = state.scores
    if card & 7 == SEVEN and plan.trick_scores.seven_on_play:
        # S000 law 8: a seven of trumps played may score for its player.
        # A seven of trumps that scores when played is seen in its holder's hand only
        # if it lay as the turn-up, or was declared where a declared seven stays in
        # the hand (S001); where the dix scores once (Marjolet) a seven that lay as
        # the turn-up has scored, turned up or exchanged.
        seen = state.revealed_masks
        was_turn_up = bool(seen and seen[seat] >> card & 1)
        points = seven_played(
            rules,
            card,
            state.trump,
            state.phase is STOCK,
            declared_seven(state, card),
            was_turn_up,
        )
        scores = scored(scores, events, seat, points, ScoreSource.SEVEN_OF_TRUMPS, "played")
    tables = state.table_masks
    history = state.history
    broken = state.broken
    if hand & bit:
        hands = hands[:seat] + (hand & ~bit,) + hands[seat + 1 :]
    else:
        tables = tables[:seat] + (table & ~bit,) + tables[seat + 1 :]
    if history[card]:
        if broken:
            broken = broken_after_play(broken, card, history[card], state.melds, seat, hand | table)
        history = history[:card] + (0,) + history[card + 1 :]
    revealed = state.revealed_masks
    if revealed and revealed[seat] & bit:
        revealed = revealed[:seat] + (revealed[seat] & ~bit,) + revealed[seat + 1 :]
    trick = (*state.trick, card)
    if len(trick) < n:
        new = seal(
            DealDraft(
                state.rules,
                state.dealer,
                state.phase,
                state.trump,
                state.turn_up,
                state.stock,
                hands,
                tables,
                history,
                state.won_masks,
                state.tricks,
                trick,
                state.leader,
                None,
                state.melds,
                scores,
                broken,
                state.carte_blanche,
                state.offers,
                revealed,
            ),
            type(state),
        )
        return new, tuple(events) if events else ()
    return _complete_trick(state, hands, tables, history, broken, revealed, scores, trick, events)


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
    events.append(ScoreEvent(seat, points, source, detail))
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


def _complete_trick(
    state: S,
    hands: tuple[int, ...],
    tables: tuple[int, ...],
    history: tuple[int, ...],
    broken: tuple[int, ...],
    revealed: tuple[int, ...],
    scores: tuple[int, ...],
    cards: tuple[int, ...],
    events: list[ScoreEvent],
) -> tuple[S, tuple[ScoreEvent, ...]]:
    """The state once the last card of a trick is played (``state`` is the state
    before that card; the other arguments are its zones after it)."""
    rules = state.rules
    n = len(hands)
    plan = rules.derived(make_plan)
    stock_phase = state.phase is STOCK
    trump = state.trump
    best = best_card_index(cards, plan.takes_for(trump, stock_phase))
    if plan.duels and not stock_phase:
        # EB9, EB11: the trick of a duel, and who leads next (W+2 after the first duel).
        winner = trick_seats(rules, state.tricks, state.leader)[best]
        tricks = (*state.tricks, Trick(state.leader, cards, winner))
        leader = next_leader(rules, tricks)
    else:
        leader = winner = (state.leader + best) % n
        tricks = (*state.tricks, Trick(state.leader, cards, winner))
    won_mask = 0
    for card in cards:
        won_mask |= 1 << card
    won = with_value(state.won_masks, winner, state.won_masks[winner] | won_mask)
    number = len(tricks)
    final = number == plan.total_tricks
    if plan.trick_scores.may_score(stock_phase, number):
        # Asked first: most tricks score nothing, and building the answer of
        # laws.scoring.trick_won for each would cost about 3% of a deal.
        for points, source, detail in trick_won(rules, cards, trump, stock_phase, number):
            scores = scored(scores, events, winner, points, source, detail)
    phase = state.phase
    window: Window | None = None
    counted = False
    if final and not plan.window_after_last_trick:
        phase = OVER
        scores, counted = _deal_end(state, won, tricks, scores, events)
    elif stock_phase or plan.window_in_end_phase:
        # S003 (Polish): after the last trick too, before the deal is scored.
        window = OPEN_WINDOWS[winner]
    new = seal(
        DealDraft(
            rules,
            state.dealer,
            phase,
            state.trump,
            state.turn_up,
            state.stock,
            hands,
            tables,
            history,
            won,
            tricks,
            (),
            leader,
            window,
            state.melds,
            scores,
            broken,
            state.carte_blanche,
            state.offers,
            revealed,
            counted,
        ),
        type(state),
    )
    return new, tuple(events)


def _deal_end(
    state: S,
    won: tuple[int, ...],
    tricks: tuple[Trick, ...],
    scores: tuple[int, ...],
    events: list[ScoreEvent],
) -> tuple[tuple[int, ...], bool]:
    """The scores once the deal ends (after its last trick, or after the turn of that
    trick's winner where he has one, S003): the brisques and the bonus for all the
    last tricks, each recorded in ``events``; and whether the brisques were counted
    where they count only when they matter (BIC), which the deal records."""
    rules = state.rules
    n = len(won)
    brisques = rules.derived(make_plan).tables.brisques
    counted = False
    if brisques_counted(rules, scores, won, brisques):
        counted = brisques_counted_when_needed(rules)
        # S000 laws 11-12: aces and tens counted after the last trick, non-dealer first.
        for i in range(1, n + 1):
            seat = (state.dealer + i) % n
            count = (won[seat] & brisques).bit_count()
            points = points_for_brisques(rules, count)
            scores = scored(scores, events, seat, points, ScoreSource.BRISQUES, f"{count}")
    for sweeper, points in all_last_tricks(rules, [trick.winner for trick in tricks]):
        # Marjolet (S003, WMJ): one seat won every trick after the stock.
        scores = scored(scores, events, sweeper, points, ScoreSource.ALL_LAST_TRICKS, "")
    return scores, counted


def _exchange(state: S, window: Window) -> tuple[S, tuple[ScoreEvent, ...]]:
    """S000 law 8: swap the seven of trumps for the turn-up, +10."""
    seat = window.seat
    seven = seven_in_hand(state, seat)
    gained = state.turn_up
    if seven is None or gained is None:  # pragma: no cover - refused by _exchange_reasons
        raise IllegalActionError(Exchange(), (Reason.NO_SEVEN_OF_TRUMPS,))
    points = state.rules.trumps.exchange_points or 0
    events = (
        (ScoreEvent(seat, points, ScoreSource.EXCHANGE, str(face_of(gained))),) if points else ()
    )
    hands = with_value(
        state.hand_masks, seat, (state.hand_masks[seat] & ~(1 << seven)) | (1 << gained)
    )
    counts = state.rules.trumps.exchange_counts_as_declaration
    new_window = Window(
        seat,
        window.declarations + (1 if counts else 0),
        window.scored or counts,
        gained,
        window.passed,
    )
    # The card gained was face up, so it is seen in the hand; the seven is now the turn-up.
    revealed = state.revealed_masks
    seen = (revealed[seat] | 1 << gained) & ~(1 << seven)
    revealed = revealed[:seat] + (seen,) + revealed[seat + 1 :]
    new = replace(
        state,
        hand_masks=hands,
        turn_up=seven,
        window=new_window,
        scores=add_points(state.scores, seat, points),
        revealed_masks=revealed,
    )
    return new, events


def _declare(
    state: S, window: Window, kind: MeldKind, cards: list[int]
) -> tuple[S, tuple[ScoreEvent, ...]]:
    rules = state.rules
    seat = window.seat
    points = rules.meld_value(kind) or 0
    # One score per trick unless all may score (FOS p.326).
    scored = all_score(state) or not window.scored
    broken = state.broken
    if broken:
        broken = broken_after_declaration(
            rules,
            broken,
            kind,
            cards,
            state.melds,
            seat,
            declarable(state, seat),
            state.history,
        )
    mask = 0
    history = list(state.history)
    for card in cards:
        mask |= 1 << card
        history[card] |= kind.bit
    hands = with_value(state.hand_masks, seat, state.hand_masks[seat] & ~mask)
    tables = state.table_masks
    revealed = state.revealed_masks
    plan = rules.derived(make_plan)
    if plan.declare_from_won:
        # S003 (Polish): melds are shown from the cards won, which stay where they are.
        hands = state.hand_masks
    elif kind is MeldKind.SEVEN_OF_TRUMPS and plan.seven_kept_in_hand:
        # S001: the seven is shown but not put on the table with the melds; it stays in
        # the hand, where the other seats now know it.
        hands = state.hand_masks
        revealed = with_value(revealed, seat, revealed[seat] | mask)
    elif state.phase is STOCK:
        # Cards from the hand go to the table; the partner's table cards used in a
        # partnership declaration (BIC) stay where they lie.
        tables = with_value(tables, seat, tables[seat] | mask & state.hand_masks[seat])
        # On the table the cards are public: no longer counted as seen in the hand.
        revealed = with_value(revealed, seat, revealed[seat] & ~mask)
    else:  # melding after the close: the cards stay in the hand, shown (S003)
        hands = state.hand_masks
        revealed = with_value(revealed, seat, revealed[seat] | mask)
    trump = state.trump
    if trump is None and kind in trump_fixers(rules):
        # HGM, FOS p.334, BIC: the first marriage (or sequence) fixes trumps.
        trump = face_of(cards[0]).suit
    meld = DeclaredMeld(seat, kind, tuple(sorted(cards)), len(state.tricks), points, scored)
    new = replace(
        state,
        trump=trump,
        hand_masks=hands,
        table_masks=tables,
        history=tuple(history),
        broken=broken,
        revealed_masks=revealed,
        melds=(*state.melds, meld),
        window=Window(
            seat, window.declarations + 1, window.scored or scored, window.exchanged, window.passed
        ),
        scores=add_points(state.scores, seat, points) if scored else state.scores,
    )
    if not scored:
        return new, ()
    return new, (ScoreEvent(seat, points, ScoreSource.DECLARATION, kind.value),)


def _score_pending(state: S, window: Window, index: int) -> tuple[S, tuple[ScoreEvent, ...]]:
    meld = state.melds[index]
    melds = (*state.melds[:index], attrs.evolve(meld, scored=True), *state.melds[index + 1 :])
    new = attrs.evolve(
        state,
        melds=melds,
        window=attrs.evolve(window, scored=True),
        scores=add_points(state.scores, meld.seat, meld.points),
    )
    event = ScoreEvent(meld.seat, meld.points, ScoreSource.DECLARATION, meld.kind.value)
    return new, (event,)


def _draw(state: S, window: Window) -> tuple[S, tuple[ScoreEvent, ...]]:
    """Each player draws one card, the trick's winner first; the turn-up is drawn
    last (S000 law 6, S001, HGM). When the stock is out, table cards go back to
    the hands (S000 law 9)."""
    n = len(state.hand_masks)
    stock = state.stock
    turn_up = state.turn_up
    drawn = stock[:n]
    stock = stock[n:]
    revealed = state.revealed_masks
    # The trick's winner draws first, whoever holds the turn now (partnerships).
    first = window.winner
    scores = state.scores
    events: list[ScoreEvent] = []
    if len(drawn) < n and turn_up is not None:
        # The turn-up, face up, is taken last (S000 law 4): its taker is seen to hold it.
        seat = (first + len(drawn)) % n
        revealed = revealed[:seat] + (revealed[seat] | 1 << turn_up,) + revealed[seat + 1 :]
        drawn += (turn_up,)
        turn_up = None
    hands = list(state.hand_masks)
    seat = first
    for card in drawn:
        hands[seat] |= 1 << card
        seat = (seat + 1) % n
    tables = state.table_masks
    history = state.history
    broken = state.broken
    phase = state.phase
    offers: tuple[int, ...] = ()
    carte_blanche = state.carte_blanche
    if not stock and turn_up is None:
        phase = END
        # Marjolet under WMJ: the last card of the stock scores for its taker.
        taker = (first + len(drawn) - 1) % n
        points = last_card_drawn_points(state.rules)
        scores = scored(scores, events, taker, points, ScoreSource.STOCK_END, "last card drawn")
        hands = [h | t for h, t in zip(hands, tables, strict=True)]
        # Cards that lay on the table were seen (S000 hint 7): they stay known.
        revealed = tuple(r | t for r, t in zip(revealed, tables, strict=True))
        tables = (0,) * n
        carte_blanche = (False,) * n if carte_blanche else ()
        if not state.rules.declarations.melding_after_close:
            # Interpretation 7: once back in the hand, declared cards are no
            # longer told apart by their history. (Melds shown from the cards won,
            # S003, stay among them with their kinds: nothing comes back to a hand.)
            if not state.rules.derived(make_plan).declare_from_won:
                history = (0,) * len(history)
            broken = (0,) * len(broken) if broken else ()
    elif any(carte_blanche):
        # WKC, PAR, S003: while a carte blanche lasts, each card drawn that is not
        # a court card may be shown again; a court card ends it. The seat is asked
        # either way (it can only pass after a court), so that the others learn no
        # more than from its showing or not.
        offers = tuple((first + i) % n for i in range(n) if carte_blanche[(first + i) % n])
    new = seal(
        DealDraft(
            state.rules,
            state.dealer,
            phase,
            state.trump,
            turn_up,
            stock,
            tuple(hands),
            tables,
            history,
            state.won_masks,
            state.tricks,
            state.trick,
            state.leader,
            None,
            state.melds,
            scores,
            broken,
            carte_blanche,
            offers,
            revealed,
        ),
        type(state),
    )
    return new, tuple(events) if events else ()
