"""What a state's own history proves: :func:`check_history`.

A state carries its past: the completed tricks with their cards, who led and
who won them, and every declaration with the trick after which it was made.
:func:`bezique.checks.invariants.check_state` checks each of these against the rules;
the checks here go further and replay that history with the laws the engine
runs, so that a state is accepted only if the past it records could have been
played:

* :func:`check_meld_times`: each card of a declaration was held by its seat
  when declared (not played to that trick or an earlier one) and, if it has
  been played since, was played by that seat or its partner (a partnership may
  declare with the partner's table cards, BIC); where melds are shown from the
  cards won (S003), each card had been won by that seat by then;
* :func:`check_end_phase_play`: every card played once the stock was out
  followed the duties of S000 law 9 as the engine applies them
  (:func:`bezique.laws.tricks.playable`), against the hand its seat held then,
  which the history gives back exactly: no card is drawn in the end phase, so a
  seat held then what it holds now and every card it has played since;
* :func:`check_turn_score`: a trick winner's turn marked as having scored holds
  something that scored in it (a declaration, a meld waiting since an earlier
  trick, or an exchange counted as a declaration), and one that has not scored
  has left no declaration waiting.

What the state does not carry cannot be checked: the cards dealt and the order
of the draws, and so who held which card while the stock lasted (any card may
then be played, S000 law 6), nor, for turns before the last one, in which turn
a waiting meld was scored.

>>> import attrs
>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=0).apply("play KC").apply("play JC")
>>> check_history(state)
>>> turn = state.window  # seat 1 won the trick and has not declared yet
>>> check_history(attrs.evolve(state, window=attrs.evolve(turn, scored=True)))
Traceback (most recent call last):
    ...
bezique.errors.InvalidStateError: window.scored: true, but nothing has scored in this turn
"""

from __future__ import annotations

from typing import NoReturn

from bezique.cards import card_id_name
from bezique.errors import InvalidStateError
from bezique.laws.declaring import every_declaration_scores, trump_fixers
from bezique.laws.tricks import playable
from bezique.laws.turns import trick_seats
from bezique.laws.zones import bits, deck_tables
from bezique.records import Phase
from bezique.rules import DeclarationLimit, DeclareFrom, PartnershipDeclarer
from bezique.state import DealState

__all__ = [
    "check_end_phase_play",
    "check_history",
    "check_meld_times",
    "check_turn_score",
]


def check_history(state: DealState, *, trick_cards: bool = True) -> None:
    """Replay what the state records of its past; raise
    :class:`~bezique.InvalidStateError` naming the field at fault.

    Assumes the checks of :func:`bezique.checks.invariants.check_state` before it
    passed (every seat, card and trick number in range). With
    ``trick_cards=False``, the checks that read the cards of the completed tricks
    are left out: for tricks rebuilt from a record that does not keep their cards
    (the position notation).
    """
    if trick_cards:
        check_meld_times(state)
        check_end_phase_play(state)
    check_turn_score(state)


def _plays(state: DealState) -> dict[int, tuple[int, int]]:
    """For each card played, the trick it was played to (from 1; the current
    trick is the one after the completed ones) and the seat that played it."""
    played: dict[int, tuple[int, int]] = {}
    for i, trick in enumerate(state.tricks):
        seats = trick_seats(state.rules, state.tricks[:i], trick.leader)
        for seat, card in zip(seats, trick.cards, strict=True):
            played[card] = (i + 1, seat)
    seats = trick_seats(state.rules, state.tricks, state.leader)
    for seat, card in zip(seats, state.trick, strict=False):
        played[card] = (len(state.tricks) + 1, seat)
    return played


def check_meld_times(state: DealState) -> None:
    """Each card of a declaration was the declaring seat's to show at the time."""
    rules = state.rules
    played = _plays(state)
    from_won = rules.zones.declare_from is DeclareFrom.WON
    for i, meld in enumerate(state.melds):
        side = rules.side_of(meld.seat)
        for card in meld.cards:
            when = played.get(card)
            where = f"melds[{i}].cards"
            if from_won:
                # S003: shown from the cards the seat had won by then.
                if when is None or when[0] > meld.trick:
                    _bad(
                        f"{where}: {card_id_name(card)} had not been won when seat "
                        f"{meld.seat} declared after trick {meld.trick}"
                    )
                winner = state.tricks[when[0] - 1].winner
                if winner != meld.seat:
                    _bad(
                        f"{where}: {card_id_name(card)} was won by seat {winner}, so "
                        f"seat {meld.seat} could not show it"
                    )
                continue
            if when is None:
                continue
            trick, seat = when
            if trick <= meld.trick:
                _bad(
                    f"{where}: {card_id_name(card)} was played to trick {trick}, so seat "
                    f"{meld.seat} no longer held it after trick {meld.trick}"
                )
            if rules.side_of(seat) != side:
                _bad(
                    f"{where}: {card_id_name(card)} was played by seat {seat}, so seat "
                    f"{meld.seat} could not have declared it"
                )


def check_end_phase_play(state: DealState) -> None:
    """Every card played after the stock ran out keeps the duties of S000 law 9."""
    rules = state.rules
    stock_tricks = rules.stock_tricks
    if len(state.tricks) < stock_tricks:
        return
    tables = deck_tables(rules.deck.packs)
    fixers = trump_fixers(rules)
    fixed_after = next((m.trick for m in state.melds if m.kind in fixers), None)
    # The hand each seat held when the stock ran out: what it holds now and every
    # card it has played since (nothing is drawn in the end phase).
    held = [state._held_mask(s) for s in range(rules.players)]
    end_tricks = [(t.leader, t.cards) for t in state.tricks[stock_tricks:]]
    if state.phase is not Phase.STOCK:
        end_tricks.append((state.leader, state.trick))
    done = list(state.tricks[:stock_tricks])
    seats_of: list[tuple[int, ...]] = []
    for k, (leader, cards) in enumerate(end_tricks):
        seats = trick_seats(rules, done, leader)
        seats_of.append(seats)
        for seat, card in zip(seats, cards, strict=False):
            held[seat] |= 1 << card
        if k < len(state.tricks) - stock_tricks:
            done.append(state.tricks[stock_tricks + k])
    for k, (_, cards) in enumerate(end_tricks):
        number = stock_tricks + k + 1
        # Tricks up to the one after which trumps were fixed were played with none.
        trump = state.trump if fixed_after is None or number > fixed_after else None
        for j, (seat, card) in enumerate(zip(seats_of[k], cards, strict=False)):
            if not playable(held[seat], cards[:j], trump, True, tables) >> card & 1:
                where = f"tricks[{number - 1}]" if number <= len(state.tricks) else "trick"
                allowed = bits(playable(held[seat], cards[:j], trump, True, tables))
                _bad(
                    f"{where}.cards: seat {seat} played {card_id_name(card)}, but once the "
                    "stock is out a seat must follow suit, win the trick or trump if it can "
                    f"(S000 law 9): it could play only "
                    + " ".join(card_id_name(c) for c in allowed)
                )
            held[seat] &= ~(1 << card)


def check_turn_score(state: DealState) -> None:
    """The trick winner's turn has scored exactly when something in it scored."""
    window = state.window
    if window is None:
        return
    rules = state.rules
    done = len(state.tricks)
    fresh = bool(window.passed) and (
        rules.partnership.partnership_declarer is PartnershipDeclarer.BOTH_IN_TURN
    )
    # S004: after the right is passed the partner's turn counts only his own.
    mine = [m for m in state.melds if not fresh or m.seat == window.seat]
    now = [m for m in mine if m.trick == done]
    exchange_counts = (
        window.exchanged is not None and rules.trumps.exchange_counts_as_declaration and not fresh
    )
    pending = rules.declarations.limit is DeclarationLimit.ONE_SCORED_REST_PENDING
    # FOS p.326: a meld waiting since an earlier trick may be scored in this turn, by
    # any seat that has held the right to declare in it.
    turn_seats = {window.seat} if fresh else {window.winner, *window.passed, window.seat}
    waited = pending and any(
        m.scored and m.trick < done and m.seat in turn_seats for m in state.melds
    )
    if window.scored and not (exchange_counts or waited or any(m.scored for m in now)):
        _bad("window.scored: true, but nothing has scored in this turn")
    all_score = every_declaration_scores(rules, state.phase is Phase.STOCK, done)
    if not window.scored and not all_score and any(not m.scored for m in now):
        _bad(
            "window.scored: false, but a declaration of this turn waits to be scored, "
            "which happens only once something has scored"
        )


def _bad(message: str) -> NoReturn:
    raise InvalidStateError(message)
