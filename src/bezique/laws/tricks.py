"""Tricks: which card takes a trick, and which cards a seat may play to one.

Each rule is stated once, here; the engine, the state checks, determinization
and the players call these functions.

* A trump beats any other suit (S000 law 4); within a suit the higher rank wins,
  and of two equal cards the one played first (S000 law 6). S000 law 6 as printed
  lets a higher card of another suit win too when no trump is played
  (``TrickPlay.offsuit_higher_card_wins``); some readings let trumps win only in
  the end phase (``TrickPlay.trumps_win_in_stock_phase``).
* While the stock lasts any card may be played (S000 law 6). Once it is exhausted
  the trick is played "as at whist" (S000 law 9): only the suit led or a trump wins,
  a seat must follow suit and beat the best card so far if it can, and if void
  must win the trick by trumping if it can (S000 law 9, S001, BRI; EB9 for three
  and four seats, where a trump may not win: then any card may be thrown).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from bezique.cards import FACES, FACES_PER_PACK, Card, Suit, face_of
from bezique.laws.zones import DeckTables, bits
from bezique.legality import Reason
from bezique.rules import Rules

__all__ = [
    "beats",
    "best_card_index",
    "duty_reason",
    "playable",
    "takes_table",
    "trick_terms",
    "winning_index",
]


def beats(card: Card, best: Card, trump: Suit | None, offsuit_higher_wins: bool) -> bool:
    """Whether ``card``, played after ``best``, takes the trick from it.

    A trump beats any other suit (S000 law 4); within a suit the higher rank
    wins and of two equal cards the first played wins (S000 law 6). With
    ``offsuit_higher_wins`` (S000 law 6 as printed) a higher card of another
    suit also wins when no trump is involved.
    """
    if trump is not None:
        if card.suit is trump and best.suit is not trump:
            return True
        if best.suit is trump and card.suit is not trump:
            return False
    if card.suit is best.suit or offsuit_higher_wins:
        return card.rank > best.rank
    return False


def trick_terms(rules: Rules, trump: Suit | None, stock_phase: bool) -> tuple[Suit | None, bool]:
    """The trump suit that wins tricks now and whether a higher off-suit card wins.

    In the stock phase both follow the rules' ``trick_play`` knobs; in the end
    phase (S000 law 9, "as at whist") the trump wins and only the suit led or a
    trump takes the trick.
    """
    if stock_phase:
        play = rules.trick_play
        return (trump if play.trumps_win_in_stock_phase else None), play.offsuit_higher_card_wins
    return trump, False


@functools.cache
def takes_table(trump: Suit | None, offsuit_higher_wins: bool) -> bytes:
    """:func:`beats` as a table: at ``best * 32 + card`` (face indexes; a card id's
    face is ``id & 31``), whether ``card`` beats ``best``, the card winning so far.

    The engine reads it on every trick: a byte lookup instead of a call.
    """
    return bytes(
        beats(FACES[card], FACES[best], trump, offsuit_higher_wins)
        for best in range(FACES_PER_PACK)
        for card in range(FACES_PER_PACK)
    )


def winning_index(cards: Sequence[int], trump: Suit | None, offsuit_higher_wins: bool) -> int:
    """The index in ``cards`` (card ids, in play order) of the card that takes them,
    by :func:`beats` under these terms (see :func:`trick_terms`)."""
    return best_card_index(cards, takes_table(trump, offsuit_higher_wins))


def best_card_index(cards: Sequence[int], takes: bytes) -> int:
    """:func:`winning_index` with the terms given as their :func:`takes_table`: each
    card is held against the best card so far."""
    best = 0
    best_face = cards[0] & 31
    for i in range(1, len(cards)):
        face = cards[i] & 31
        if takes[best_face << 5 | face]:
            best, best_face = i, face
    return best


def playable(
    held: int, trick: Sequence[int], trump: Suit | None, duties: bool, tables: DeckTables
) -> int:
    """The mask of the cards of ``held`` that may be played to ``trick``.

    Without ``duties`` (the stock phase, or leading): any card (S000 law 6). With
    them (the end phase, S000 law 9, S001, BRI, EB9): follow suit if able, and beat
    the card winning so far if able; if void, trump with a trump that wins if there
    is one, otherwise play any card.
    """
    if not duties or not trick:
        return held
    # Faces by index (suit * 8 + rank) and :func:`beats` read from its table: the
    # end phase asks this at every decision, and no card face need be looked up.
    takes = takes_table(trump, False)
    win = trick[best_card_index(trick, takes)] & 31
    follow = held & tables.suit_mask[(trick[0] & 31) >> 3]
    if follow:
        # A trick already trumped cannot be won by following suit: then any card
        # of the suit led (EB9).
        return _beating(follow, win, takes) or follow
    if trump is not None:
        trumps = held & tables.suit_mask[trump]
        if trumps:
            # Void in the suit led: trump, but only with a trump that wins; with
            # none, any card (EB9: the third hand that can neither follow nor win
            # by trumping throws any card). With two seats every trump to a plain
            # lead wins, so this is S000 law 9's "must trump".
            return _beating(trumps, win, takes) or held
    return held


def duty_reason(
    held: int, trick: Sequence[int], card: Card, trump: Suit | None, tables: DeckTables
) -> Reason:
    """Which end-phase duty (S000 law 9) playing ``card`` breaks, when :func:`playable`
    does not allow it."""
    led = face_of(trick[0])
    if held & tables.suit_mask[led.suit]:
        return Reason.MUST_FOLLOW_SUIT if card.suit is not led.suit else Reason.MUST_WIN_TRICK
    if trump is not None and card.suit is not trump:
        return Reason.MUST_TRUMP
    return Reason.MUST_WIN_TRICK


def _beating(mask: int, win: int, takes: bytes) -> int:
    """The cards of ``mask`` that beat the face ``win`` (an index), by ``takes``
    (:func:`takes_table`)."""
    out = 0
    row = win << 5
    for card in bits(mask):
        if takes[row | card & 31]:
            out |= 1 << card
    return out
