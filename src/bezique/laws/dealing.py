"""Dealing: the deck's order, the packets, the turn-up, and what scores at the deal.

* Cards go out in the packets of the rules (``Deck.packets``), one packet to each
  seat in turn starting on the dealer's left, the non-dealer first (S000 law 3,
  S001). The next card is turned up for trumps and put under the stock, to be
  drawn last (S000 law 4); a turned-up seven scores for the dealer at once.
  Without a turn-up (Rubicon and the multi-pack games) no trumps are fixed until
  a declaration fixes them.
* The six-pack cut (PKW, HER): the dealer lifts a packet, the non-dealer guesses
  its size; each scores when the rules give a bonus for it.
* A seeded shuffle is ``random.Random(seed).shuffle`` of the card ids, so the same
  seed deals the same cards in every process and on every platform.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from bezique.cards import FACES_PER_PACK, Card, Rank, face_of, parse_card_id
from bezique.errors import BeziqueError, check_seed, require_int, shown, wrong_type
from bezique.rules import Rules

__all__ = [
    "deal_packets",
    "dealt_points",
    "deck_order",
    "eldest_hand",
    "seat_order",
    "shuffled_deck",
]


def shuffled_deck(rules: Rules, seed: object) -> list[int]:
    """The card ids of the rules' deck, top first, shuffled by ``seed`` (``None``:
    from the operating system's randomness; an ``int`` or a ``str``, else
    :class:`TypeError`)."""
    # ``seed`` is typed ``object`` and checked here, so that the accelerated build (whose
    # compiled functions check their parameters' types first) refuses it in the same words.
    order = list(range(rules.deck_size))
    getrandbits = random.Random(check_seed(seed, "")).getrandbits
    # random.shuffle's steps, written out so that the accelerated build runs them
    # compiled (with its loop in the interpreter, the shuffle was about a twentieth of
    # a compiled classic deal): from the bottom card up, swap each with one at or above
    # it, drawn as Random._randbelow draws below n (bits of n's length, drawn again
    # while too large). The order is random.shuffle's, card for card (tests/test_laws_dealing.py).
    for i in range(len(order) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]
    return order


def eldest_hand(players: int, dealer: int) -> int:
    """The seat on the dealer's left: dealt to first (S000 law 3), it leads the first
    trick (S000 law 5) and guesses the six-pack cut (PKW)."""
    return (dealer + 1) % players


def seat_order(players: int, first: int) -> tuple[int, ...]:
    """Every seat once, in the order of play starting from ``first``."""
    return tuple((first + i) % players for i in range(players))


def deal_packets(
    rules: Rules, order: Sequence[int], dealer: int
) -> tuple[tuple[int, ...], int | None, int]:
    """Deal ``order`` (top first): each seat's hand as a mask, the turn-up (or
    ``None``), and how many cards were dealt (the stock is ``order[count:]``)."""
    n = rules.players
    hands = [0] * n
    pos = 0
    receivers = seat_order(n, dealer + 1)
    for packet in rules.deck.packets:
        for seat in receivers:
            for card in order[pos : pos + packet]:
                hands[seat] |= 1 << card
            pos += packet
    turn_up: int | None = None
    if rules.deck.turn_up:
        turn_up = order[pos]
        pos += 1
    return tuple(hands), turn_up, pos


def dealt_points(
    rules: Rules, turn_up: int | None, dealer: int, cut: object
) -> list[tuple[int, int]]:
    """(seat, points) scored at the deal: a turned-up seven for the dealer (S000
    law 4), then the six-pack cut (PKW, HER), ``cut`` being (cards lifted, the
    non-dealer's guess; any other value is refused, see :func:`shuffled_deck`)."""
    out: list[tuple[int, int]] = []
    if turn_up is not None and face_of(turn_up).rank is Rank.SEVEN:
        out.append((dealer, rules.trumps.turn_up_seven_points))
    if cut is not None:
        if not isinstance(cut, tuple) or len(cut) != 2:
            wrong_type("new_deal()", "cut", "a tuple of two ints", cut)
        lifted, guess = require_int(cut[0], "new_deal()", "cut"), require_int(cut[1], "", "cut")
        if not all(0 < x <= rules.deck_size for x in (lifted, guess)):
            raise BeziqueError(
                f"cut must be two numbers of cards 1..{rules.deck_size}, got {shown(cut)}"
            )
        scoring = rules.scoring
        if scoring.cut_dealer_points is None and scoring.cut_guess_points is None:
            raise BeziqueError("these rules have no cut bonus (cut_dealer_points)")
        if lifted == scoring.cut_exact and scoring.cut_dealer_points:
            out.append((dealer, scoring.cut_dealer_points))
        if guess == lifted and scoring.cut_guess_points:
            out.append((eldest_hand(rules.players, dealer), scoring.cut_guess_points))
    return out


def deck_order(rules: Rules, deck: object) -> list[int]:
    """The card ids of a deck given top first as faces (``"QS"``, :class:`Card`;
    copies numbered in order of appearance), physical names (``"QSb"``) or card ids;
    it must hold every card of the rules' packs once (any other value is refused, see
    :func:`shuffled_deck`)."""
    size = rules.deck_size
    copies = [0] * FACES_PER_PACK
    order: list[int] = []
    if isinstance(deck, (str, bytes, Mapping)) or not isinstance(deck, Iterable):
        wrong_type("new_deal()", "deck", "a sequence of cards", deck)
    for item in deck:
        if isinstance(item, bool):
            wrong_type("new_deal()", "deck", "a sequence of ints, strs or Cards", item)
        if isinstance(item, int):
            card_id = item
        elif isinstance(item, Card):
            card_id = _next_copy(rules, copies, item)
        elif isinstance(item, str):
            text = item.strip()
            if text and "a" <= text[-1] <= "z":
                card_id = parse_card_id(text)
            else:
                card_id = _next_copy(rules, copies, Card.parse(text))
        else:
            wrong_type("new_deal()", "deck", "a sequence of ints, strs or Cards", item)
        order.append(card_id)
    if sorted(order) != list(range(size)):
        raise BeziqueError(
            f"the deck must hold each of the {size} cards of {rules.deck.packs} packs exactly "
            f"once (got {len(order)} cards{_deck_problem(order, size)})"
        )
    return order


def _next_copy(rules: Rules, copies: list[int], face: Card) -> int:
    """The id of the next copy of ``face`` in a deck given as faces."""
    copy = copies[face.index]
    if copy >= rules.deck.packs:
        raise BeziqueError(
            f"the deck holds {face} more than {rules.deck.packs} times, the number of packs"
        )
    copies[face.index] = copy + 1
    return copy * FACES_PER_PACK + face.index


def _deck_problem(order: list[int], size: int) -> str:
    seen: set[int] = set()
    for card in order:
        if not 0 <= card < size:
            return f"; card id {shown(card)} is not in the deck"
        if card in seen:
            return f"; {face_of(card)} appears more often than there are packs"
        seen.add(card)
    return ""
