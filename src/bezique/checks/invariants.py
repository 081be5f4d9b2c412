"""What a deal state must satisfy: :func:`check_state`.

A state the engine produces always passes; a state loaded from a document, or
built by hand, passes only if the engine could have reached it. The checks
are grouped by area, one function each, and :func:`check_state` runs them in
this order (each assumes the ones before it passed):

1. :func:`check_shape`: seats in range, one entry per seat or per card;
2. :func:`check_cards`: every card of the deck in exactly one place;
3. :func:`check_window`: when the trick winner's turn may be open;
4. :func:`check_stock`: the phase and the cards left to draw;
5. :func:`check_trumps`: the trump suit and the turn-up;
6. :func:`check_tricks`: the tricks, who led and who won them, the won piles;
7. :func:`check_hand_sizes`: how many cards each seat holds;
8. :func:`check_melds`: each declaration, its value, its cards and its turn;
   :func:`check_won_melds`: melds shown from the cards won, from the declarer's;
9. :func:`check_window_actions`: what the winner's turn has done so far;
10. :func:`check_histories`: tables, declaration histories and broken marks;
11. :func:`check_revealed`: the cards the other seats have seen;
12. :func:`check_carte_blanche`: offers and carte blanches that last;
13. :func:`check_scores`;
14. :func:`bezique.checks.reachable.check_history`: the recorded past, replayed with the
    engine's laws (the cards of each declaration, the end-phase duties, the
    score of the winner's turn).

Each calls the laws the engine calls (:mod:`bezique.laws`): who wins a trick,
which melds fix trumps, the meld patterns, which rules keep broken melds. The
"JSON format" page lists the checks in words. A failed check raises
:class:`~bezique.InvalidStateError` naming the field at fault.

>>> import attrs
>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=7).apply("play 9H")
>>> check_state(state)
>>> check_state(attrs.evolve(state, scores=(0, -10)))
Traceback (most recent call last):
    ...
bezique.errors.InvalidStateError: scores[1]: -10 is negative
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn

import attrs

from bezique.cards import FACES_PER_PACK, Rank, Suit, card_id_name, face_of
from bezique.checks.reachable import check_history
from bezique.errors import BeziqueError, InvalidStateError, require
from bezique.laws.dealing import eldest_hand, seat_order
from bezique.laws.declaring import (
    meld_patterns,
    open_won_cards,
    partner_of,
    several_declarations,
    tracks_broken,
    trump_fixers,
    window_after_last_trick,
)
from bezique.laws.scoring import (
    brisques_counted,
    brisques_counted_when_needed,
    carte_blanche_bonus,
    carte_blanche_spoilers,
    exchange_bonus,
    points_for_brisques,
)
from bezique.laws.tricks import trick_terms, winning_index
from bezique.laws.turns import in_duels, next_leader, trick_seats, tricks_left
from bezique.laws.zones import bits, deck_tables
from bezique.records import DeclaredMeld, Phase
from bezique.rules import (
    MAX_PLAYERS,
    DeclarationLimit,
    DeclareFrom,
    PartnershipDeclarer,
    PolishCardReuse,
    TrickCard,
)
from bezique.rules.melds import MeldKind, kinds_in
from bezique.rules.options import misfit, type_hints
from bezique.state import DealState

__all__ = [
    "MAX_SCORE",
    "check_cards",
    "check_carte_blanche",
    "check_hand_sizes",
    "check_histories",
    "check_melds",
    "check_revealed",
    "check_scores",
    "check_shape",
    "check_state",
    "check_stock",
    "check_tricks",
    "check_trumps",
    "check_window",
    "check_window_actions",
    "check_won_melds",
    "meld_histories",
]


#: The highest score a state or a view may hold, far beyond what any deal scores and
#: short enough to print.
MAX_SCORE = 10**15


def check_state(state: DealState, *, trick_cards: bool = True) -> None:
    """Check every invariant of a deal state; raise :class:`~bezique.InvalidStateError`.

    The checks are those listed on the "JSON format" page, in that order.
    Every state the engine produces passes them. With ``trick_cards=False`` the
    cards of the completed tricks are taken as they are, not replayed (the meld
    cards played since, the end-phase duties): for a state whose tricks were
    rebuilt from a record that does not keep their cards (the position notation).

    A state whose fields are not of their types (one built by hand or by
    :func:`attrs.evolve`) raises :class:`TypeError` naming the field.
    """
    require(state, DealState, "check_state()", "state", "a DealState")
    hints = type_hints(DealState)
    for field in attrs.fields(DealState):
        if field.init:
            # Card masks are bit sets as wide as the deck (checked by check_shape);
            # every other number is a card, a seat, a count or a score.
            limit = None if field.name.endswith("_masks") else MAX_SCORE
            value = getattr(state, field.name)
            problem = misfit(value, hints[field.name], f"state.{field.name}", limit=limit)
            if problem is not None:
                if problem.wrong_type:
                    raise TypeError(f"check_state(): {problem.message}")
                _bad(problem.message)
    check_shape(state)
    check_cards(state)
    check_window(state)
    check_stock(state)
    check_trumps(state)
    check_tricks(state)
    check_hand_sizes(state)
    check_melds(state)
    check_won_melds(state)
    check_window_actions(state)
    check_histories(state)
    check_revealed(state)
    check_carte_blanche(state)
    check_scores(state)
    check_history(state, trick_cards=trick_cards)


# -- seats and shape -------------------------------------------------------------------


def check_shape(state: DealState) -> None:
    """The dealer, the leader and the offers are seats; the per-seat values have one
    entry per player and the per-card values one per card of the deck (or none, where
    the rules keep none); every meld holds a card (the checks after this one read a
    meld's first card)."""
    rules = state.rules
    n = rules.players
    size = rules.deck_size
    _seat_ok(state, state.dealer, "dealer")
    _seat_ok(state, state.leader, "trick.leader")
    for name, values in (
        ("hands", state.hand_masks),
        ("tables", state.table_masks),
        ("won", state.won_masks),
        ("scores", state.scores),
    ):
        if len(values) != n:
            _bad(f"{name}: {len(values)} entries for {n} players")
    for name, masks in (
        ("hands", state.hand_masks),
        ("tables", state.table_masks),
        ("won", state.won_masks),
        ("revealed", state.revealed_masks),
    ):
        for s, mask in enumerate(masks):
            if not 0 <= mask < 1 << size:
                _bad(f"{name}[{s}]: not a set of cards of a {size}-card deck")
    for name, cards in (
        ("stock", state.stock),
        ("trick.cards", state.trick),
        ("turn_up", () if state.turn_up is None else (state.turn_up,)),
    ):
        for card in cards:
            if not 0 <= card < size:
                _bad(f"{name}: card id {card} is not in a {size}-card deck")
    if len(state.history) != size:
        _bad(f"history: {len(state.history)} entries for a deck of {size} cards")
    if len(state.broken) != (size if tracks_broken(rules) else 0):
        _bad(f"broken: {len(state.broken)} entries; these rules keep them for each card or none")
    has_carte_blanche = carte_blanche_bonus(rules) is not None
    if len(state.carte_blanche) != (n if has_carte_blanche else 0):
        _bad(f"carte blanche: {len(state.carte_blanche)} entries for {n} players")
    for i, seat in enumerate(state.offers):
        _seat_ok(state, seat, f"offers[{i}]")
    if len(state.revealed_masks) not in (0, n):
        _bad(f"revealed: {len(state.revealed_masks)} entries for {n} players")
    for i, meld in enumerate(state.melds):
        if not meld.cards:
            _bad(f"melds[{i}].cards: a meld holds at least one card")


# -- card conservation -----------------------------------------------------------------


def check_cards(state: DealState) -> None:
    """Every card of the deck is in exactly one place: the stock, the turn-up, a hand,
    a table, a won pile or the current trick."""
    n = state.rules.players
    size = state.rules.deck_size
    tables = deck_tables(state.rules.deck.packs)
    zones: list[tuple[str, int]] = [("stock", sum(1 << c for c in state.stock))]
    if len(set(state.stock)) != len(state.stock):
        _bad("card conservation: a card appears twice in the stock")
    if state.turn_up is not None:
        zones.append(("turn_up", 1 << state.turn_up))
    for s in range(n):
        zones += [
            (f"seats[{s}].hand", state.hand_masks[s]),
            (f"seats[{s}].table", state.table_masks[s]),
            (f"seats[{s}].won", state.won_masks[s]),
        ]
    zones.append(("trick.cards", sum(1 << c for c in state.trick)))
    if len(set(state.trick)) != len(state.trick):
        _bad("card conservation: a card appears twice in the current trick")
    union = 0
    for name, mask in zones:
        if mask & union:
            twice = _names(bits(mask & union))
            _bad(f"card conservation: {' '.join(twice)} in {name} also appear elsewhere")
        union |= mask
    if union != tables.all_cards:
        extra = union & ~tables.all_cards
        if extra:
            _bad(f"card conservation: card ids {bits(extra)} are not in a {size}-card deck")
        missing = _names(bits(tables.all_cards & ~union))
        _bad(f"card conservation: {len(missing)} card(s) are nowhere: {' '.join(missing)}")


# -- the trick winner's turn -----------------------------------------------------------


def check_window(state: DealState) -> None:
    """The trick winner's turn is open only for the winner of the last completed trick,
    before the next card is played; in the end phase only where declaring goes on after
    the stock is exhausted; never once the deal is over."""
    window = state.window
    if window is None:
        return
    rules = state.rules
    done = len(state.tricks)
    _seat_ok(state, window.seat, "window.seat")
    if not state.tricks:
        _bad("window: the trick winner's turn comes after a trick, and none is completed")
    if window.winner != state.tricks[-1].winner:
        _bad(
            f"window.seat: seat {window.winner}, but seat {state.tricks[-1].winner} won "
            "the last trick"
        )
    # Partnerships: the right to declare went from each seat that passed it to its
    # partner, the last of them handing it to the seat holding it now.
    holder = window.winner
    for seat in window.passed:
        partner = partner_of(rules, seat)
        if seat != holder or partner is None:
            _bad(f"window.passed: seat {seat} could not pass the right to declare here")
        holder = partner
    if window.passed and holder != window.seat:
        _bad(f"window.seat: seat {window.seat}, but the right to declare was passed to {holder}")
    if state.trick:
        _bad("window: the trick winner's turn is open while a trick is being played")
    if state.phase is Phase.END and not (
        rules.declarations.melding_after_close and done > rules.stock_tricks
    ):
        _bad("window: no trick winner's turn in the end phase unless melding continues")
    if done == rules.total_tricks and not window_after_last_trick(rules):
        _bad("window: no trick winner's turn after the last trick under these rules")
    if state.phase is Phase.OVER:
        _bad("window: the deal is over")
    if window.declarations < 0:
        _bad(f"window.declarations: {window.declarations} is negative")


def check_window_actions(state: DealState) -> None:
    """What the winner's turn has done: its count of declarations (an exchange that
    counts as one included), whether something scored, and the card an exchange of the
    seven of trumps took (S000 law 8)."""
    window = state.window
    if window is None:
        return
    rules = state.rules
    size = rules.deck_size
    done = len(state.tricks)
    this_trick = [m for m in state.melds if m.trick == done]
    counts = rules.trumps.exchange_counts_as_declaration
    exchange_count = 1 if window.exchanged is not None and counts else 0
    if window.passed and rules.partnership.partnership_declarer is (
        PartnershipDeclarer.BOTH_IN_TURN
    ):
        # S004: the partner's turn counts only his own declarations.
        this_trick = [m for m in this_trick if m.seat == window.seat]
        exchange_count = 0
    if window.declarations != len(this_trick) + exchange_count:
        _bad(
            f"window.declarations: {window.declarations}, but {len(this_trick)} meld(s) "
            f"were declared after trick {done}"
            + (" and the exchange counts as one" if exchange_count else "")
        )
    if not window.scored and (exchange_count or any(m.scored for m in this_trick)):
        _bad("window.scored: false, but something scored in this turn")
    if window.exchanged is not None:
        gained = window.exchanged
        if exchange_bonus(rules) is None:
            _bad("window.exchanged: these rules have no exchange of the seven of trumps")
        if not 0 <= gained < size or not state.hand_masks[window.winner] >> gained & 1:
            _bad(
                f"window.exchanged: {_name(gained)} must be in the hand of seat "
                f"{window.winner}, who took it"
            )
        if face_of(gained).suit is not state.trump:
            _bad(f"window.exchanged: {_name(gained)} was the turn-up, so it is a trump")
        up = state.turn_up
        if up is None or face_of(up).rank is not Rank.SEVEN:
            _bad("window.exchanged: after an exchange the turn-up is the seven of trumps")


# -- phase and stock -------------------------------------------------------------------


def check_stock(state: DealState) -> None:
    """The phase is ``over`` exactly when every trick is completed (and the turn of
    the last trick's winner ended, where he has one, S003); in the stock phase
    the cards left to draw are the players times the stock tricks not yet drawn for,
    at least one draw left; after it the stock is drawn out."""
    rules = state.rules
    n = rules.players
    done = len(state.tricks)
    total = rules.total_tricks
    stock_tricks = rules.stock_tricks
    if done > total:
        _bad(f"tricks: {done} completed tricks, a deal has {total}")
    # S003 (Polish): the winner of the last trick may declare before the deal ends.
    last_turn = done == total and state.window is not None and window_after_last_trick(rules)
    if (state.phase is Phase.OVER) != (done == total and not last_turn):
        _bad(
            f"phase: {state.phase.value!r} with {done} of {total} tricks completed "
            f"(the phase is 'over' exactly when all {total} are"
            + (", and the last trick's winner has ended his turn)" if last_turn else ")")
        )
    draws = _draws(state)
    if state.phase is Phase.STOCK:
        expected_stock = n * (stock_tricks - draws)
        if expected_stock <= 0:
            _bad(
                f"phase: 'stock' after {done} completed tricks, but the stock is drawn out "
                f"after trick {stock_tricks}"
            )
    else:
        expected_stock = 0
        if done < stock_tricks:
            _bad(
                f"phase: {state.phase.value!r} after only {done} tricks; the stock lasts "
                f"{stock_tricks} tricks"
            )
    if state.stock_size != expected_stock:
        _bad(
            f"stock: {state.stock_size} cards left to draw (turn-up included), but after "
            f"{done} completed tricks and {draws} draws {expected_stock} remain"
        )


# -- trumps ----------------------------------------------------------------------------


def check_trumps(state: DealState) -> None:
    """With a turn-up (S000 law 4) the trumps are its suit and it lies under the stock
    for the whole stock phase; without one, trumps are set exactly when a meld that
    fixes them has been declared (HGM, FOS p.334), to that meld's suit."""
    rules = state.rules
    if rules.deck.turn_up:
        if state.trump is None:
            _bad("trump: the trump suit is fixed by the turn-up in these rules, but it is null")
        if state.phase is Phase.STOCK and state.turn_up is None:
            _bad("turn_up: the turn-up lies under the stock until the last draw, but it is null")
        if state.turn_up is not None and face_of(state.turn_up).suit is not state.trump:
            _bad(
                f"trump: {_suit_text(state.trump)} but the turn-up is {card_id_name(state.turn_up)}"
            )
        return
    fixer = _trump_fixer(state)
    if state.turn_up is not None:
        _bad("turn_up: these rules deal no turn-up card")
    if fixer is None and state.trump is not None:
        _bad(f"trump: {_suit_text(state.trump)}, but no declaration has fixed trumps yet")
    if fixer is not None:
        suit = face_of(state.melds[fixer].cards[0]).suit
        if state.trump is not suit:
            _bad(
                f"trump: {_suit_text(state.trump)}, but melds[{fixer}] fixed trumps "
                f"to {suit.letter}"
            )


# -- tricks ----------------------------------------------------------------------------


def check_tricks(state: DealState) -> None:
    """Each completed trick holds one card per seat that plays to it (every seat, or
    the two of a duel: :func:`~bezique.laws.turns.trick_seats`), led by the seat
    after the dealer or the last winner (S000 laws 5-6; the second duel by the seat opposite
    the winner of the last stock trick, EB9, EB11) and won by the seat whose card
    takes it under the terms of its time (:func:`~bezique.laws.tricks.trick_terms`,
    with no trumps before a meld fixed them); each won pile is the cards of the
    tricks its seat won; the current trick is short of a card and led as said."""
    rules = state.rules
    n = rules.players
    size = rules.deck_size
    fixer = _trump_fixer(state)
    fixed_after = state.melds[fixer].trick if fixer is not None else None
    # Who plays to each trick, and so its size (EB9, EB11: two seats in a duel).
    seats_now = len(trick_seats(rules, state.tricks, state.leader))
    if len(state.trick) >= seats_now:
        _bad(
            f"trick.cards: {len(state.trick)} cards in the current trick; it completes at "
            f"{seats_now}"
        )
    expected_leader = eldest_hand(n, state.dealer)
    piles = [0] * n
    for i, trick in enumerate(state.tricks):
        where = f"tricks[{i}]"
        number = i + 1
        _seat_ok(state, trick.leader, f"{where}.leader")
        _seat_ok(state, trick.winner, f"{where}.winner")
        seats = trick_seats(rules, state.tricks[:i], trick.leader)
        if len(trick.cards) != len(seats):
            _bad(f"{where}: {len(trick.cards)} cards; a trick has {len(seats)}")
        if trick.leader != expected_leader:
            _bad(
                f"{where}.leader: seat {trick.leader}, but seat {expected_leader} leads "
                + ("the first trick (the seat after the dealer)" if i == 0 else _led_by(state, i))
            )
        mask = 0
        for card in trick.cards:
            if not 0 <= card < size:
                _bad(f"{where}: card id {card} is not in the deck")
            mask |= 1 << card
        if mask.bit_count() != len(seats):
            _bad(f"{where}: a card appears twice")
        if mask & sum(piles):
            _bad(f"{where}: a card also belongs to an earlier trick")
        # Tricks up to the one after which trumps were fixed were played with none.
        trump = state.trump if fixed_after is None or number > fixed_after else None
        terms = trick_terms(rules, trump, number <= rules.stock_tricks)
        best = winning_index(trick.cards, *terms)
        winner = seats[best]
        if trick.winner != winner:
            _bad(
                f"{where}.winner: seat {trick.winner}, but "
                f"{card_id_name(trick.cards[best])} of seat {winner} wins the trick"
            )
        piles[trick.winner] |= mask
        expected_leader = next_leader(rules, state.tricks[: i + 1])
    for s in range(n):
        if piles[s] != state.won_masks[s]:
            diff = _names(bits(piles[s] ^ state.won_masks[s]))
            _bad(
                f"seats[{s}].won: the won pile must hold exactly the cards of the tricks "
                f"seat {s} won; it differs in {' '.join(diff)}"
            )
    if state.leader != expected_leader:
        _bad(
            f"trick.leader: seat {state.leader}, but seat {expected_leader} leads "
            + (
                "the first trick"
                if not state.tricks
                else _led_by(state, len(state.tricks), "(the winner of the last trick)")
            )
        )


def _led_by(state: DealState, done: int, usual: str = "(the last winner)") -> str:
    """Why a seat leads the trick after the first ``done`` tricks: the last winner,
    but W+2 at the start of the second duel (EB9, EB11)."""
    if next_leader(state.rules, state.tricks[:done]) != state.tricks[done - 1].winner:
        return "the second duel (the seat opposite the winner of the last stock trick)"
    return usual


# -- hand sizes ------------------------------------------------------------------------


def check_hand_sizes(state: DealState) -> None:
    """Each seat holds (hand and table) the hand size plus the cards drawn, less the
    tricks completed, less one if it has played to the current trick; in duels
    (EB9, EB11) a seat holds one card per trick it still plays to."""
    rules = state.rules
    n = rules.players
    hand_size = rules.deck.hand_size
    done = len(state.tricks)
    draws = _draws(state)
    played = set(trick_seats(rules, state.tricks, state.leader)[: len(state.trick)])
    for s in range(n):
        held = state._held_mask(s).bit_count()
        if state.phase is Phase.STOCK:
            expected = hand_size + draws - done
        else:
            expected = tricks_left(rules, state.tricks, s)
        expected -= 1 if s in played else 0
        if held != expected:
            _bad(
                f"seats[{s}]: holds {held} cards (hand and table), expected {expected}: "
                + _hand_rule(state, s in played)
            )


# -- declarations ----------------------------------------------------------------------


def check_melds(state: DealState) -> None:
    """Each meld can be declared under the rules and is worth their value; melds are
    listed in the order made, each after a completed trick by its winner (S000 law 7),
    as many after one trick as the rules allow; its cards form its kind (with the
    trumps of its time) and are played or still held by its seat."""
    rules = state.rules
    done = len(state.tricks)
    fixer = _trump_fixer(state)
    per_trick: dict[int, int] = {}
    last_trick = 0
    kept = sum(state.won_masks) | sum(1 << c for c in state.trick)
    for i, meld in enumerate(state.melds):
        where = f"melds[{i}]"
        _check_meld_value(state, meld, where)
        if not 1 <= meld.trick <= done:
            _bad(f"{where}.trick: {meld.trick}, but {done} trick(s) are completed")
        if meld.trick < last_trick:
            _bad(f"{where}.trick: melds are listed in the order declared")
        last_trick = meld.trick
        _check_meld_declarer(state, meld, where)
        # Counted by seat: under both-in-turn (S004) each partner declares once.
        key = meld.trick * MAX_PLAYERS + meld.seat
        per_trick[key] = per_trick.get(key, 0) + 1
        if per_trick[key] > 1 and not several_declarations(rules, meld.trick):
            _bad(f"{where}: a second declaration after trick {meld.trick}; the rules allow one")
        if not meld.scored and rules.declarations.limit is not (
            DeclarationLimit.ONE_SCORED_REST_PENDING
        ):
            _bad(f"{where}.scored: false, but these rules leave no meld waiting to be scored")
        # Melds up to the one that fixed trumps were declared with none.
        trump = None if fixer is not None and i <= fixer else state.trump
        _check_meld_cards(state, meld, where, trump)
        _check_meld_held(state, meld, where, kept)


def _check_meld_value(state: DealState, meld: DeclaredMeld, where: str) -> None:
    """The meld's seat is at the table, its kind is one of the rules' and its points
    that kind's value."""
    _seat_ok(state, meld.seat, f"{where}.seat")
    value = state.rules.meld_value(meld.kind)
    if value is None:
        _bad(f"{where}.kind: {meld.kind.value!r} cannot be declared under these rules")
    if meld.points != value:
        _bad(f"{where}.points: {meld.points}, but a {meld.kind.value} is worth {value}")


def _check_meld_declarer(state: DealState, meld: DeclaredMeld, where: str) -> None:
    """The meld was declared by the winner of its trick, or his partner, and not in
    the end phase unless the rules allow it."""
    rules = state.rules
    winner = state.tricks[meld.trick - 1].winner
    # Partnerships: the winner's partner may declare in his place (BIC, EB9, S004).
    if meld.seat != winner and rules.side_of(meld.seat) != rules.side_of(winner):
        _bad(
            f"{where}.seat: seat {meld.seat}, but seat {winner} "
            f"won trick {meld.trick}, after which it was declared"
        )
    if meld.trick > rules.stock_tricks and not rules.declarations.melding_after_close:
        _bad(f"{where}.trick: declared after trick {meld.trick}, in the end phase")


def _check_meld_cards(state: DealState, meld: DeclaredMeld, where: str, trump: Suit | None) -> None:
    """The meld's cards are different cards of the deck and form its kind with the
    trumps of its time."""
    size = state.rules.deck_size
    if len(set(meld.cards)) != len(meld.cards) or any(not 0 <= c < size for c in meld.cards):
        _bad(f"{where}.cards: each card of a meld is a different card of the deck")
    faces = tuple(face_of(c) for c in meld.cards)
    if not any(p.matches(faces) for p in meld_patterns(state.rules, meld.kind, trump)):
        _bad(
            f"{where}.cards: {' '.join(_names(meld.cards))} do not form a "
            f"{meld.kind.value} with trumps {_suit_text(trump)}"
        )


def _check_meld_held(state: DealState, meld: DeclaredMeld, where: str, kept: int) -> None:
    """Each card of the meld has been played (it is in ``kept``, the cards won and
    those of the trick on the table) or is still on its declarer's table (or in his
    hand, after the close), or his partner's where partners declare together."""
    rules = state.rules
    holder = state._held_mask(meld.seat)
    if state.phase is Phase.STOCK and not (
        meld.kind is MeldKind.SEVEN_OF_TRUMPS and not rules.trumps.declared_seven_on_table
    ):
        holder = state.table_masks[meld.seat]
    partner = partner_of(rules, meld.seat)
    if partner is not None:
        # A partnership declaration may use the partner's table (BIC): those
        # cards stay his, on his table or, after the close, in his hand.
        holder |= (
            state.table_masks[partner] if state.phase is Phase.STOCK else state._held_mask(partner)
        )
    for card in meld.cards:
        if not (kept >> card & 1 or holder >> card & 1):
            place = "table" if state.phase is Phase.STOCK else "hand"
            _bad(
                f"{where}.cards: {_name(card)} is neither played nor on the {place} of "
                f"seat {meld.seat}, who declared it"
            )


def check_won_melds(state: DealState) -> None:
    """Where melds are shown from the cards won (S003, EB11): each card of a meld
    lies face up (``Zones.open_cards``) in its declarer's won pile; under
    ``polish_card_reuse="once-per-hand"`` no card is in two melds; while the winner's
    turn is open, each meld of the turn holds a card of the trick just won (EB11),
    under ``trick_card="one-declaration-each"`` each such card in one of them (S003).

    The melds of earlier tricks are not checked against the cards of those tricks:
    a position (:mod:`bezique.io.position`) keeps the cards won, not the tricks
    they came in."""
    rules = state.rules
    zones = rules.zones
    if zones.declare_from is not DeclareFrom.WON:
        return
    declared: set[int] = set()
    for i, meld in enumerate(state.melds):
        where = f"melds[{i}].cards"
        for card in meld.cards:
            if not state.won_masks[meld.seat] >> card & 1:
                _bad(f"{where}: {_name(card)} is not among the cards seat {meld.seat} has won")
            if not open_won_cards(rules, state.trump, 1 << card):
                _bad(f"{where}: {_name(card)} is turned down among the cards won, not open")
        if zones.polish_card_reuse is PolishCardReuse.ONCE_PER_HAND and declared & set(meld.cards):
            _bad(f"{where}: a card won goes into one meld only under these rules")
        declared.update(meld.cards)
    window = state.window
    if window is None or zones.trick_card is TrickCard.NOT_REQUIRED or not state.tricks:
        return
    number = len(state.tricks)
    taken = set(state.tricks[-1].cards)
    used: set[int] = set()
    for i, meld in enumerate(state.melds):
        if meld.trick != number:
            continue
        cards = taken & set(meld.cards)
        if not cards:
            _bad(f"melds[{i}].cards: no card of trick {number}, after which it was declared")
        if zones.trick_card is TrickCard.ONE_DECLARATION_EACH and used & cards:
            _bad(f"melds[{i}].cards: a card of trick {number} is in two of its melds")
        used |= cards


def check_histories(state: DealState) -> None:
    """Tables are empty outside the stock phase (S000 law 9). Only table cards in the
    stock phase, and hand cards in the end phase where declaring goes on, keep meld
    kinds, exactly those of the melds that contain them; a table card belongs to a
    meld; a broken mark is on a kind the card was declared in."""
    size = state.rules.deck_size
    if state.phase is not Phase.STOCK and any(state.table_masks):
        _bad("table: cards lie on the table only in the stock phase (S000 law 9)")
    declared, expected_history, zone = meld_histories(state)
    for card in range(size):
        got = state.history[card]
        want = expected_history[card]
        if not declared >> card & 1:
            if got:
                _bad(
                    f"{_name(card)}: declared in [{_kinds_text(got)}], but "
                    + (
                        f"only cards {zone} keep them in the {state.phase.value} phase"
                        if zone
                        else f"no card keeps them in the {state.phase.value} phase"
                    )
                )
            continue
        if state.phase is Phase.STOCK and not want and zone.startswith("on a table"):
            _bad(f"{_name(card)}: lies on a table but belongs to no declared meld")
        if got != want:
            _bad(
                f"{_name(card)}: declared in [{_kinds_text(got)}], but the melds containing "
                f"it are [{_kinds_text(want)}]"
            )
    for card in range(len(state.broken)):
        if state.broken[card] & ~state.history[card]:
            _bad(
                f"{_name(card)}: broken melds of kinds it was not declared in "
                f"({_kinds_text(state.broken[card] & ~state.history[card])})"
            )
    _check_broken_melds(state)


def _check_broken_melds(state: DealState) -> None:
    """A meld is broken once one of its cards has left it (WKC, BIC, S003): played to
    a trick, or taken into a new meld of its kind (a marriage re-paired). A card
    marked as in a broken meld whose other cards are all still held, and in no later
    meld of the kind, is in a whole meld: the mark is one no play makes."""
    if not state.broken:
        return
    held = 0
    for mask in (*state.hand_masks, *state.table_masks):
        held |= mask
    for card, marks in enumerate(state.broken):
        for kind in kinds_in(marks):
            found = [i for i, m in enumerate(state.melds) if m.kind is kind and card in m.cards]
            if not found:
                continue
            last = found[-1]
            later = {c for m in state.melds[last + 1 :] if m.kind is kind for c in m.cards}
            others = [c for c in state.melds[last].cards if c != card]
            if others and all(held >> c & 1 and c not in later for c in others):
                _bad(
                    f"{_name(card)}: marked as in a broken {kind.value}, but every card of "
                    f"that meld ({', '.join(map(_name, others))}) is still held in it"
                )


def meld_histories(state: DealState) -> tuple[int, list[int], str]:
    """The cards that keep the kinds they were declared in now (a mask), the history
    each card must have (the kinds of the melds containing it, for those cards; none
    for the others), and where those cards lie, in words: the cards won where melds
    are shown from them (S003), table cards in the stock phase, hand cards in the end
    phase where declaring goes on; none otherwise."""
    rules = state.rules
    size = rules.deck_size
    if rules.zones.declare_from is DeclareFrom.WON:
        # S003 (Polish): melds are shown from the cards won, which keep their kinds.
        declared = sum(state.won_masks)
        zone = "among the cards won"
    elif state.phase is Phase.STOCK:
        kept = _sevens_in_hands(state)
        declared = sum(state.table_masks) | kept
        zone = "on a table" + (", or a declared seven of trumps in its hand" if kept else "")
    elif state.phase is Phase.END and rules.declarations.melding_after_close:
        declared = sum(state.hand_masks)
        zone = "in a hand"
    else:
        declared = 0
        zone = ""
    expected = [0] * size
    for meld in state.melds:
        for card in meld.cards:
            if 0 <= card < size and declared >> card & 1:
                expected[card] |= meld.kind.bit
    return declared, expected, zone


def _sevens_in_hands(state: DealState) -> int:
    """The declared sevens of trumps still in their declarers' hands, where the rules
    keep them there (S001), as a mask."""
    if state.rules.trumps.declared_seven_on_table:
        return 0
    kind = MeldKind.SEVEN_OF_TRUMPS
    return sum(
        {
            1 << card
            for meld in state.melds
            if meld.kind is kind
            for card in meld.cards
            if 0 <= meld.seat < len(state.hand_masks) and state.hand_masks[meld.seat] >> card & 1
        }
    )


# -- what the other seats have seen ----------------------------------------------------


def check_revealed(state: DealState) -> None:
    """A seen card stays known only while its seat holds it; the card just taken by an
    exchange of the seven (S000 law 8) came face up, so it is among them."""
    for s, seen in enumerate(state.revealed_masks):
        gone = seen & ~state._held_mask(s)
        if gone:
            _bad(
                f"seats[{s}].revealed: {' '.join(_names(bits(gone)))} not held by the seat; "
                "a seen card stays known only until it is played"
            )
    window = state.window
    if window is not None and window.exchanged is not None and state.revealed_masks:
        gained = window.exchanged
        if not state.revealed_masks[window.winner] >> gained & 1:
            _bad(
                f"window.exchanged: {_name(gained)} came face up from the turn-up, "
                f"so seat {window.winner}'s revealed cards hold it"
            )


# -- carte blanche ---------------------------------------------------------------------


def check_carte_blanche(state: DealState) -> None:
    """Carte blanche, a shown hand with no king, queen or jack (HGM, FOS p.334, WKC):
    offers come in turn from the seat to lead, each seat once, as dealt or just after a
    draw, and after the first trick only to a seat whose carte blanche lasts; one lasts
    only in the stock phase and only while its seat holds no court card (but the card an
    exchange just gave it, S000 law 8), unless the seat is on offer."""
    n = state.rules.players
    window = state.window
    done = len(state.tricks)
    spoilers = carte_blanche_spoilers(state.rules)
    if state.offers:
        if len(set(state.offers)) != len(state.offers):
            _bad("offers: a seat is offered a carte blanche twice")
        order = seat_order(n, state.leader)
        if [s for s in order if s in state.offers] != list(state.offers):
            _bad(f"offers: the seats decide in turn from seat {state.leader}, who leads next")
        if state.phase is not Phase.STOCK or state.trick or window is not None:
            _bad("offers: a carte blanche is offered only as dealt or just after a draw")
    for s in range(n):
        lasts = bool(state.carte_blanche) and state.carte_blanche[s]
        if lasts and state.phase is not Phase.STOCK:
            _bad(f"seats[{s}].carte_blanche: it ends with the stock")
        # Every seat is asked at the deal, and one whose carte blanche lasts after each
        # draw, court card or not: a seat on offer may hold one.
        held = state._held_mask(s)
        if window is not None and window.winner == s and window.exchanged is not None:
            held &= ~(1 << window.exchanged)
        if lasts and s not in state.offers and held & spoilers:
            _bad(f"seats[{s}]: holds a king, queen or jack, so its carte blanche has ended")
        if done and s in state.offers and not lasts:
            _bad(
                f"offers: seat {s} is offered a carte blanche after a draw, but its carte "
                "blanche does not last"
            )


# -- scores ----------------------------------------------------------------------------


def check_scores(state: DealState) -> None:
    """Scores are integers, never negative, each at least what its seat's scored melds
    are worth (:func:`check_state` bounds them by :data:`MAX_SCORE` first)."""
    for s, score in enumerate(state.scores):
        if not isinstance(score, int) or isinstance(score, bool):
            _bad(f"scores[{s}]: {score!r} is not an integer")
        if score < 0:
            _bad(f"scores[{s}]: {score} is negative")

        melded = sum(m.points for m in state.melds if m.seat == s and m.scored)
        if score < melded:
            _bad(f"scores[{s}]: {score}, less than the {melded} its scored melds are worth")
    if state.counted_brisques:
        _check_counted_brisques(state)


def _check_counted_brisques(state: DealState) -> None:
    """Brisques counted only when they matter (BIC) are so only once the deal is
    over, and only where the scores before them called for it."""
    rules = state.rules
    if state.phase is not Phase.OVER or not brisques_counted_when_needed(rules):
        _bad(
            "counted_brisques: the aces and tens are counted only after the last trick, "
            "under rules that count them when they matter"
        )
    mask = deck_tables(rules.deck.packs).brisques
    before = [
        score - points_for_brisques(rules, (won & mask).bit_count())
        for score, won in zip(state.scores, state.won_masks, strict=True)
    ]
    if min(before) < 0 or not brisques_counted(rules, before, state.won_masks, mask):
        _bad(
            "counted_brisques: the scores before the aces and tens, "
            + "/".join(map(str, before))
            + ", neither tie nor leave the lower one to escape the rubicon by them"
        )


# -- helpers ---------------------------------------------------------------------------


def _bad(message: str) -> NoReturn:
    raise InvalidStateError(message)


def _seat_ok(state: DealState, seat: int, what: str) -> None:
    n = state.rules.players
    if not 0 <= seat < n:
        _bad(f"{what}: no seat {seat}; seats are 0..{n - 1}")


def _trump_fixer(state: DealState) -> int | None:
    """The index of the meld that fixed trumps, in rules where the first marriage (or
    sequence) fixes them (:func:`~bezique.laws.declaring.trump_fixers`); ``None`` if
    none has yet, or the turn-up fixes them."""
    fixers = trump_fixers(state.rules)
    return next((i for i, m in enumerate(state.melds) if m.kind in fixers), None)


def _draws(state: DealState) -> int:
    """How many times each seat has drawn: once per completed stock trick, but the
    last while the winner's turn is open (the draw closes it, S000 law 6)."""
    if state.phase is Phase.STOCK:
        return len(state.tricks) - (1 if state.window is not None else 0)
    return state.rules.stock_tricks


def _name(card: int) -> str:
    try:
        return card_id_name(card)
    except (BeziqueError, IndexError):
        return f"card id {card}"


def _names(cards: Iterable[int]) -> list[str]:
    """Physical names of a set of cards, sorted by face then copy."""
    return [
        _name(c) for c in sorted(cards, key=lambda c: (c % FACES_PER_PACK, c // FACES_PER_PACK))
    ]


def _kinds_text(mask: int) -> str:
    return ",".join(k.value for k in kinds_in(mask))


def _suit_text(suit: Suit | None) -> str:
    return "none" if suit is None else suit.letter


def _hand_rule(state: DealState, played: bool) -> str:
    hand_size = state.rules.deck.hand_size
    less = " less the card it played to the current trick" if played else ""
    if state.phase is Phase.STOCK:
        if state.window is not None:
            return (
                f"in the trick winner's turn, before the draw, each seat holds "
                f"{hand_size - 1} (the hand size less the card played)"
            )
        return f"in the stock phase each seat holds the hand size, {hand_size},{less}"
    if state.phase is Phase.END:
        if in_duels(state.rules):
            return f"in duels each seat holds one card per trick it still plays to{less}"
        left = state.rules.total_tricks - len(state.tricks)
        return f"in the end phase each seat holds one card per trick left ({left}){less}"
    return "when the deal is over no cards are held"
