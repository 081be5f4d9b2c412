"""The transitions of play, made in place on a deal's draft: a card played to the
trick, the trick taken, the deal's end, the winner's turn (the exchange of the seven
of trumps, a declaration) and the draw.

A draft (:class:`~bezique.engine.fields.DealDraft`) holds a deal's fields and may
be changed: it is made from a state by :func:`~bezique.engine.speed.draft_of` and
sealed into the next state by :func:`~bezique.engine.speed.seal`. The functions
here change a draft in place, each field they change replaced by a new tuple, so
that the sealed state shares every other field with the state it came from. They
are the only implementation of these steps: the public
:meth:`~bezique.DealState.apply` (:mod:`bezique.engine.transitions`) runs them on
a draft of its state, and the fast playouts
(:mod:`bezique.players.playout`) run them on one draft for step after step.

Points are added to the draft's scores; ``events``, where given, records why
(:class:`~bezique.records.ScoreEvent`), and ``None`` builds no record, as the
playouts want. The scoring rules applied are cited beside each one; who may take
each step is checked by the caller (:mod:`bezique.engine.moves`); which cards a
declaration is made of, too (:func:`~bezique.engine.reasons.declaration_cards`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bezique.cards import face_of
from bezique.engine.declarations import all_score, declarable
from bezique.engine.fields import END, OVER, STOCK, DealDraft
from bezique.engine.plays import seven_declared, seven_in_hand
from bezique.engine.speed import OPEN_WINDOWS, SEVEN, add_points, make_plan, with_value
from bezique.errors import InvalidStateError
from bezique.laws.declaring import broken_after_declaration, broken_after_play, trump_fixers
from bezique.laws.scoring import (
    all_last_tricks,
    brisques_counted,
    brisques_counted_when_needed,
    exchange_bonus,
    last_card_drawn_points,
    points_for_brisques,
    seven_played,
    trick_won,
)
from bezique.laws.tricks import best_card_index
from bezique.laws.turns import next_leader, trick_seats
from bezique.records import DeclaredMeld, ScoreEvent, ScoreSource, Trick, Window
from bezique.rules.derived import derived
from bezique.rules.melds import MeldKind

__all__ = ["deal_end", "declare", "draw", "exchange", "play", "score", "take_trick"]


def score(
    draft: DealDraft,
    events: list[ScoreEvent] | None,
    seat: int,
    points: int,
    source: ScoreSource,
    detail: str,
) -> None:
    """Add ``points`` to ``seat`` and record why in ``events`` (if given); zero points
    change and record nothing."""
    if points:
        draft.scores = add_points(draft.scores, seat, points)
        if events is not None:
            events.append(ScoreEvent.of(seat, points, source, detail))


def play(
    draft: DealDraft, seat: int, card: int, size: int, events: list[ScoreEvent] | None
) -> None:
    """Card id ``card``, held by ``seat`` (in its hand or on its table), played to the
    trick; the trick is taken (:func:`take_trick`) once it holds ``size`` cards."""
    rules = draft.rules
    bit = 1 << card
    if card & 7 == SEVEN and derived(rules, make_plan).trick_scores.seven_on_play:
        # S000 law 8: a seven of trumps played may score for its player.
        # A seven of trumps that scores when played is seen in its holder's hand only
        # if it lay as the turn-up, or was declared where a declared seven stays in
        # the hand (S001); where the dix scores once (Marjolet) a seven that lay as
        # the turn-up has scored, turned up or exchanged.
        seen = draft.revealed_masks
        points = seven_played(
            rules,
            card,
            draft.trump,
            draft.phase is STOCK,
            seven_declared(draft.melds, card),
            bool(seen and seen[seat] >> card & 1),
        )
        score(draft, events, seat, points, ScoreSource.SEVEN_OF_TRUMPS, "played")
    hand = draft.hand_masks[seat]
    table = draft.table_masks[seat]
    history = draft.history
    kinds = history[card]
    if kinds:
        broken = draft.broken
        if broken:
            # The melds it leaves may be re-formed by the cards they keep (WKC, BIC).
            draft.broken = broken_after_play(broken, card, kinds, draft.melds, seat, hand | table)
        # A card played leaves its melds: its history goes with it.
        draft.history = history[:card] + (0,) + history[card + 1 :]
    if hand & bit:
        hands = draft.hand_masks
        hand &= ~bit
        if len(hands) == 2:
            # A pair rebuilt at once: about 70 ns, where speed.with_value takes 170.
            draft.hand_masks = (hand, hands[1]) if seat == 0 else (hands[0], hand)
        else:
            draft.hand_masks = with_value(hands, seat, hand)
    else:
        draft.table_masks = with_value(draft.table_masks, seat, table & ~bit)
    revealed = draft.revealed_masks
    if revealed and revealed[seat] & bit:
        # Played, it is no longer a card seen in the hand.
        draft.revealed_masks = with_value(revealed, seat, revealed[seat] & ~bit)
    trick = draft.trick = draft.trick + (card,)
    if len(trick) == size:
        take_trick(draft, events)


def take_trick(draft: DealDraft, events: list[ScoreEvent] | None) -> None:
    """The trick on the table is complete: its winner takes it and scores for it, and
    has his turn (in the stock phase, and after the close where melding goes on), or
    the deal ends after its last trick (:func:`deal_end`)."""
    rules = draft.rules
    plan = derived(rules, make_plan)
    cards = draft.trick
    stock_phase = draft.phase is STOCK
    trump = draft.trump
    leader = draft.leader
    best = best_card_index(cards, plan.takes_for(trump, stock_phase))
    if plan.duels and not stock_phase:
        # EB9, EB11: the trick of a duel, and who leads next (W+2 after the first duel).
        winner = trick_seats(rules, draft.tricks, leader)[best]
        tricks = draft.tricks = draft.tricks + (Trick.of(leader, cards, winner),)
        draft.leader = next_leader(rules, tricks)
    else:
        winner = draft.leader = (leader + best) % len(draft.hand_masks)
        tricks = draft.tricks = draft.tricks + (Trick.of(leader, cards, winner),)
    won = 0
    for card in cards:
        won |= 1 << card
    won_masks = draft.won_masks
    won |= won_masks[winner]
    if len(won_masks) == 2:
        draft.won_masks = (won, won_masks[1]) if winner == 0 else (won_masks[0], won)
    else:
        draft.won_masks = with_value(won_masks, winner, won)
    draft.trick = ()
    number = len(tricks)
    if plan.trick_scores.may_score(stock_phase, number):
        # Asked first: most tricks score nothing, and building the answer of
        # laws.scoring.trick_won for each would cost about 3% of a deal.
        for points, source, detail in trick_won(rules, cards, trump, stock_phase, number):
            score(draft, events, winner, points, source, detail)
    if number == plan.total_tricks and not plan.window_after_last_trick:
        deal_end(draft, events)
    elif stock_phase or plan.window_in_end_phase:
        # S003 (Polish): after the last trick too, before the deal is scored.
        draft.window = OPEN_WINDOWS[winner]


def deal_end(draft: DealDraft, events: list[ScoreEvent] | None) -> None:
    """The deal ends (after its last trick, or after the turn of that trick's winner
    where he has one, S003): the brisques and the bonus for all the last tricks are
    scored, and the draft records whether the brisques were counted where they count
    only when they matter (BIC)."""
    rules = draft.rules
    won = draft.won_masks
    n = len(won)
    brisques = derived(rules, make_plan).tables.brisques
    draft.phase = OVER
    draft.window = None
    if brisques_counted(rules, draft.scores, won, brisques):
        draft.counted_brisques = brisques_counted_when_needed(rules)
        # S000 laws 11-12: aces and tens counted after the last trick, non-dealer first.
        for i in range(1, n + 1):
            seat = (draft.dealer + i) % n
            count = (won[seat] & brisques).bit_count()
            points = points_for_brisques(rules, count)
            score(draft, events, seat, points, ScoreSource.BRISQUES, f"{count}")
    for sweeper, points in all_last_tricks(rules, [trick.winner for trick in draft.tricks]):
        # Marjolet (S003, WMJ): one seat won every trick after the stock.
        score(draft, events, sweeper, points, ScoreSource.ALL_LAST_TRICKS, "")


def exchange(draft: DealDraft, events: list[ScoreEvent] | None) -> None:
    """S000 law 8: in his turn the trick's winner swaps a seven of trumps from his hand
    for the turn-up (``exchange_bonus`` points); the seven becomes the turn-up."""
    window = _window(draft)
    seat = window.seat
    seven = seven_in_hand(draft, seat)
    gained = draft.turn_up
    if seven is None or gained is None:  # pragma: no cover - the callers check the exchange
        raise InvalidStateError("window: no seven of trumps to exchange for the turn-up")
    points = exchange_bonus(draft.rules) or 0
    score(draft, events, seat, points, ScoreSource.EXCHANGE, str(face_of(gained)))
    hands = draft.hand_masks
    draft.hand_masks = with_value(hands, seat, (hands[seat] & ~(1 << seven)) | (1 << gained))
    draft.turn_up = seven
    counts = draft.rules.trumps.exchange_counts_as_declaration
    draft.window = Window.of(
        seat,
        window.declarations + (1 if counts else 0),
        window.scored or counts,
        gained,
        window.passed,
    )
    # The card gained was face up, so it is seen in the hand; the seven is now the turn-up.
    revealed = draft.revealed_masks
    draft.revealed_masks = with_value(
        revealed, seat, (revealed[seat] | 1 << gained) & ~(1 << seven)
    )


def declare(
    draft: DealDraft, kind: MeldKind, cards: Sequence[int], events: list[ScoreEvent] | None
) -> None:
    """In his turn the seat holding it declares ``cards`` (card ids) as a meld of
    ``kind``: they are marked with the kind (their history), laid on his table or
    shown, and the meld scores if the turn's score is still free (one score per
    trick unless all may score, FOS p.326; a meld that does not score waits for a
    later trick)."""
    window = _window(draft)
    rules = draft.rules
    seat = window.seat
    points = rules.meld_value(kind) or 0
    scored = all_score(draft) or not window.scored
    history = draft.history
    hands = draft.hand_masks
    if draft.broken:
        draft.broken = broken_after_declaration(
            rules,
            draft.broken,
            kind,
            cards,
            draft.melds,
            seat,
            declarable(draft, seat),
            history,
        )
    mask = 0
    marked = list(history)
    for card in cards:
        mask |= 1 << card
        marked[card] |= kind.bit
    draft.history = tuple(marked)
    plan = derived(rules, make_plan)
    if plan.declare_from_won:
        # S003 (Polish): melds are shown from the cards won, which stay where they are.
        pass
    elif (kind is MeldKind.SEVEN_OF_TRUMPS and plan.seven_kept_in_hand) or draft.phase is not STOCK:
        # S001: the seven is shown but not put on the table with the melds; it stays in
        # the hand, where the other seats now know it. After the close (S003) the cards
        # stay in the hand, shown, too.
        revealed = draft.revealed_masks
        draft.revealed_masks = with_value(revealed, seat, revealed[seat] | mask)
    else:
        # Cards from the hand go to the table; the partner's table cards used in a
        # partnership declaration (BIC) stay where they lie.
        draft.hand_masks = with_value(hands, seat, hands[seat] & ~mask)
        tables = draft.table_masks
        draft.table_masks = with_value(tables, seat, tables[seat] | mask & hands[seat])
        # On the table the cards are public: no longer counted as seen in the hand.
        revealed = draft.revealed_masks
        draft.revealed_masks = with_value(revealed, seat, revealed[seat] & ~mask)
    if draft.trump is None and kind in trump_fixers(rules):
        # HGM, FOS p.334, BIC: the first marriage (or sequence) fixes trumps.
        draft.trump = face_of(cards[0]).suit
    meld = DeclaredMeld.of(seat, kind, tuple(sorted(cards)), len(draft.tricks), points, scored)
    draft.melds = (*draft.melds, meld)
    draft.window = Window.of(
        seat, window.declarations + 1, window.scored or scored, window.exchanged, window.passed
    )
    if scored:
        # Recorded even for a kind worth nothing: the meld was scored, and so it is told.
        draft.scores = add_points(draft.scores, seat, points)
        if events is not None:
            events.append(ScoreEvent.of(seat, points, ScoreSource.DECLARATION, kind.value))


def _window(draft: DealDraft) -> Window:
    """The winner's turn of ``draft``, in which its callers take a step."""
    window = draft.window
    if window is None:  # pragma: no cover - the callers step in a winner's turn only
        raise InvalidStateError("window: no winner's turn to take this step in")
    return window


def draw(draft: DealDraft, events: list[ScoreEvent] | None) -> None:
    """The winner's turn ends with the draw: each player draws one card, the trick's
    winner first; the turn-up is drawn last (S000 law 6, S001, HGM). When the stock
    is out, table cards go back to the hands (S000 law 9)."""
    window = _window(draft)
    rules = draft.rules
    held = draft.hand_masks
    n = len(held)
    stock = draft.stock
    drawn = stock[:n]
    stock = draft.stock = stock[n:]
    turn_up = draft.turn_up
    # The trick's winner draws first, whoever holds the turn now (partnerships).
    first = window.winner
    if len(drawn) < n and turn_up is not None:
        # The turn-up, face up, is taken last (S000 law 4): its taker is seen to hold it.
        seat = (first + len(drawn)) % n
        revealed = draft.revealed_masks
        draft.revealed_masks = with_value(revealed, seat, revealed[seat] | 1 << turn_up)
        drawn += (turn_up,)
        turn_up = draft.turn_up = None
    hands: tuple[int, ...]
    if n == 2 and len(drawn) == 2:
        # Two seats drawing two cards, most draws of a two-hand deal: the pair is
        # rebuilt at once (the loop below costs a fast playout about 2% more).
        to_0, to_1 = drawn if first == 0 else (drawn[1], drawn[0])
        hands = (held[0] | 1 << to_0, held[1] | 1 << to_1)
    else:
        drawing = list(held)
        seat = first
        for card in drawn:
            drawing[seat] |= 1 << card
            seat = (seat + 1) % n
        hands = tuple(drawing)
    draft.window = None
    if stock or turn_up is not None:
        draft.hand_masks = hands
        carte_blanche = draft.carte_blanche
        if carte_blanche and any(carte_blanche):
            # WKC, PAR, S003: while a carte blanche lasts, each card drawn that is not
            # a court card may be shown again; a court card ends it. The seat is asked
            # either way (it can only pass after a court), so that the others learn no
            # more than from its showing or not.
            draft.offers = tuple(
                (first + i) % n for i in range(n) if carte_blanche[(first + i) % n]
            )
        return
    # The close: the stock is out.
    draft.phase = END
    # Marjolet under WMJ: the last card of the stock scores for its taker.
    taker = (first + len(drawn) - 1) % n
    points = last_card_drawn_points(rules)
    score(draft, events, taker, points, ScoreSource.STOCK_END, "last card drawn")
    tables = draft.table_masks
    draft.hand_masks = tuple([h | t for h, t in zip(hands, tables, strict=True)])
    # Cards that lay on the table were seen (S000 hint 7): they stay known.
    draft.revealed_masks = tuple([r | t for r, t in zip(draft.revealed_masks, tables, strict=True)])
    draft.table_masks = (0,) * n
    if draft.carte_blanche:
        # A carte blanche lasts while the stock does.
        draft.carte_blanche = (False,) * n
    if not rules.declarations.melding_after_close:
        # Interpretation 7: once back in the hand, declared cards are no
        # longer told apart by their history. (Melds shown from the cards won,
        # S003, stay among them with their kinds: nothing comes back to a hand.)
        if not derived(rules, make_plan).declare_from_won:
            draft.history = (0,) * len(draft.history)
        if draft.broken:
            draft.broken = (0,) * len(draft.broken)
