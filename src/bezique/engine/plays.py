"""Plays: the cards a seat may play now, and how alike cards are told apart.

Functions of a deal state (:class:`~bezique.engine.fields.DealFields`) that
change nothing; the rules they apply are the laws of :mod:`bezique.laws`,
cited beside each call.

Alike cards. An action names a card by face and history (:class:`CardRef`),
and the engine picks the card ids (:func:`find_cards`). Where alike cards differ
in a way their history does not show, the engine picks the ones that leave the
seat best off. Under re-forming (WKC, BIC, S003) a card may free different cards
to re-form their melds than an alike one would: each is then a play of its own,
named by its melds (:func:`meld_numbers`). The second double bezique (EB9) is
another case: a queen of spades in two doubles has the history of one in one
double, but only the latter may go into another double. A listed second double is
made of cards that may (the cards in fewer doubles are tried first, see
:mod:`bezique.engine.declarations`), so what is listed is also accepted. The other
way round, a card played or put into a triple (after which it goes into no double)
is one in the most doubles (:func:`most_doubled`). A card in one double can do all
that a card in two can, and a second double besides, so a seat loses nothing by
not choosing. With partners, both choices look at every card the declarer may
use, the partner's table included where the rules open it, whether the
declaration is listed, refused or made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from bezique.actions import Action, CardRef, Play
from bezique.cards import FACES, Rank
from bezique.engine.fields import END, STOCK, DealDraft, DealFields
from bezique.engine.speed import (
    LOW,
    PLAYS,
    SUIT_PLAYS,
    card_key,
    faces_of,
    make_plan,
    play_order,
    ref_of,
)
from bezique.laws.declaring import freed_by_play, last_meld
from bezique.laws.tricks import best_card_index, playable
from bezique.laws.zones import bits, deck_tables
from bezique.records import DeclaredMeld
from bezique.rules.derived import derived
from bezique.rules.melds import MeldKind, kinds_in

__all__ = [
    "card_class",
    "declared_in_hand",
    "declared_seven",
    "distinct_choices",
    "doubles_of",
    "find_cards",
    "ids_of",
    "meld_numbers",
    "most_doubled",
    "play_actions",
    "playable_mask",
    "ref_class",
    "seven_declared",
    "seven_in_hand",
    "trick_winner",
]


def trick_winner(state: DealFields, cards: Sequence[int]) -> int:
    """The index in ``cards`` (in play order) of the card that takes them, now
    (:func:`~bezique.laws.tricks.winning_index` under the terms of the phase)."""
    takes = derived(state.rules, make_plan).takes_for(state.trump, state.phase is STOCK)
    return best_card_index(cards, takes)


def playable_mask(state: DealFields, seat: int) -> int:
    """The mask of cards ``seat`` may play to the current trick (see :func:`playable`)."""
    held = state.hand_masks[seat] | state.table_masks[seat]  # _held_mask, on the hot path
    if state.phase is not END or not state.trick:
        return held
    return playable(held, state.trick, state.trump, True, deck_tables(state.rules.deck.packs))


def play_actions(state: DealFields, seat: int, mask: int) -> tuple[Action, ...]:
    """One ``Play`` per (face, history, broken) among the cards of ``mask``, in order."""
    history = state.history
    broken = state.broken
    if state.phase is END and state.rules.declarations.melding_after_close:
        # Cards back in the hand keep their histories: each card has its key.
        declared = mask
        faces = 0
    else:
        # Concealed cards have no history: their faces alone make the plays.
        declared = mask & state.table_masks[seat]
        if not state.rules.trumps.declared_seven_on_table and state.phase is STOCK:
            declared |= mask & declared_in_hand(state, seat)
        faces = faces_of(mask & ~declared)
    concealed = (
        SUIT_PLAYS[0][faces & 255]
        + SUIT_PLAYS[1][faces >> 8 & 255]
        + SUIT_PLAYS[2][faces >> 16 & 255]
        + SUIT_PLAYS[3][faces >> 24]
    )
    if not declared:
        return concealed
    ordered, twins = _declared_keys(history, broken, declared)
    split = _split_keys(state, seat, twins, declared) if twins else None
    # The declared cards' plays go among those of the concealed cards, which come
    # first in their face (no history): after the concealed faces up to theirs and
    # the declared plays before them. A key alike to a concealed card's is that
    # card's play.
    plays: list[Action] = list(concealed)
    added = 0
    for key in ordered:
        face = key >> 64
        if key == face << 64 and faces >> face & 1:
            continue
        at = (faces & ((2 << face) - 1)).bit_count() + added
        if split and key in split:
            ref = ref_of(key)
            choices = [Play(attrs.evolve(ref, melds=numbers)) for numbers in split[key]]
            plays[at:at] = choices
            added += len(choices)
        else:
            plays.insert(at, PLAYS[key])
            added += 1
    return tuple(plays)


#: The keys of declared cards last worked out, by the bit set of the cards (see
#: :func:`_declared_keys`), each with the histories and broken marks they were read
#: from: held, so that the tuples' identity stands for their values.
_DECLARED_KEYS: Final[
    dict[int, tuple[tuple[int, ...], tuple[int, ...], list[int], set[int] | None]]
] = {}
#: The most entries :data:`_DECLARED_KEYS` keeps before it starts again (a deal
#: meets a few per seat).
_KEPT_KEYS: Final = 64


def _declared_keys(
    history: tuple[int, ...], broken: tuple[int, ...], declared: int
) -> tuple[list[int], set[int] | None]:
    """The keys (:func:`card_key`) of the cards of ``declared`` in play order, and
    the keys that several of them share under re-forming (``None`` if none do).
    Read again only when the cards or the tuples of histories and broken marks are
    not those read last for these cards: from one turn of a seat to its next, most
    times its table and every history are the same (so is the answer, which the
    caller must not change)."""
    kept = _DECLARED_KEYS.get(declared)
    if kept is not None and kept[0] is history and kept[1] is broken:
        return kept[2], kept[3]
    keys = set()
    # Under re-forming, cards alike may lie in different melds (see :func:`_split_keys`).
    twins: set[int] | None = None
    # Whether each face has one key among these cards (the faces seen, as a bit set).
    by_face = True
    seen = 0
    cards = declared
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        cards ^= low
        # card_key(), inline: this loop runs for every table card on every play listed.
        key = (card & 31) << 64 | (broken[card] << 32 if broken else 0) | history[card]
        if key in keys:
            if broken:
                if twins is None:
                    twins = set()
                twins.add(key)
            continue
        keys.add(key)
        if seen >> (card & 31) & 1:
            by_face = False
        seen |= 1 << (card & 31)
    # The keys sort by face first; only cards of one face with different histories
    # need the full order.
    ordered = sorted(keys) if by_face else sorted(keys, key=play_order)
    if len(_DECLARED_KEYS) >= _KEPT_KEYS:
        _DECLARED_KEYS.clear()
    _DECLARED_KEYS[declared] = (history, broken, ordered, twins)
    return ordered, twins


def _split_keys(
    state: DealFields, seat: int, twins: set[int], cards: int
) -> dict[int, list[tuple[int, ...]]]:
    """Of the keys held by several of ``cards`` (a mask), those whose cards are not
    interchangeable, with the melds that name each choice.

    Cards alike in face, history and broken marks are one choice, unless the
    rules let melds be re-formed and playing one or the other frees different
    cards to re-form their melds (:func:`~bezique.laws.declaring.freed_by_play`):
    then each is a choice of its own, named by the melds it lies in
    (:attr:`CardRef.melds`). Of several cards that free alike cards, the lowest
    names the choice.
    """
    # Only a kind the cards are not broken for can free anything (a broken meld's
    # cards were all marked when it lost its first card).
    live: dict[int, list[int]] = {key: [] for key in twins if key & LOW & ~(key >> 32 & LOW)}
    split: dict[int, list[tuple[int, ...]]] = {}
    if not live:
        return split
    history = state.history
    broken = state.broken
    for card in bits(cards):
        group = live.get(card_key(card & 31, history[card], broken[card]))
        if group is not None:
            group.append(card)
    for key, alike in live.items():
        choices = distinct_choices(state, seat, alike)
        if len(choices) > 1:
            split[key] = sorted(meld_numbers(state, seat, card) for card in choices)
    return split


def distinct_choices(state: DealFields, seat: int, cards: Sequence[int]) -> list[int]:
    """Of ``cards`` (alike, held by ``seat``), the lowest card of each group whose
    plays free alike cards, by the class (face, broken, history) of the cards freed
    (a card already broken for the kind is not changed by being freed again).
    Asked only under re-forming, where the state keeps broken marks."""
    history = state.history
    broken = state.broken
    melds = state.melds
    first = cards[0]
    live = kinds_in(history[first] & ~broken[first])
    # Cards in the same last meld of each live kind free the same cards: one choice.
    by_melds: dict[tuple[int | None, ...], int] = {}
    for card in sorted(cards):
        by_melds.setdefault(tuple(last_meld(melds, seat, kind, card) for kind in live), card)
    if len(by_melds) < 2:
        return [min(cards)]
    held = state._held_mask(seat)
    seen: dict[tuple[tuple[int, tuple[int, ...]], ...], int] = {}
    for card in by_melds.values():
        # What a play changes: the classes of the cards it frees not broken already.
        effect = tuple(
            (
                kind.bit,
                tuple(
                    sorted(
                        card_key(other & 31, history[other], broken[other])
                        for other in freed
                        if not broken[other] & kind.bit
                    )
                ),
            )
            for kind, freed in freed_by_play(card, history[card], melds, seat, held)
        )
        seen.setdefault(effect, card)
    return list(seen.values())


def meld_numbers(state: DealFields, seat: int, card: int) -> tuple[int, ...]:
    """The melds ``card`` lies in, by number from 1: for each kind of its history,
    the last meld of that kind ``seat`` declared it in (see :attr:`CardRef.melds`)."""
    numbers = []
    for kind in kinds_in(state.history[card]):
        index = last_meld(state.melds, seat, kind, card)
        if index is not None:
            numbers.append(index + 1)
    return tuple(sorted(numbers))


def ids_of(state: DealFields, held: int, face: int, cls: int) -> list[int]:
    """Held card ids of a face (index) whose (broken, history) class is ``cls``."""
    broken = state.broken
    return [
        c
        for c in bits(held & deck_tables(state.rules.deck.packs).face_mask[face])
        if (broken[c] << 32 if broken else 0) | state.history[c] == cls
    ]


def card_class(state: DealFields, card: int) -> int:
    """The class of card id ``card``, ``broken << 32 | history``: alike cards of one
    face and class are interchangeable (the broken marks are kept under re-forming)."""
    broken = state.broken
    return (broken[card] << 32 if broken else 0) | state.history[card]


def ref_class(state: DealFields, ref: CardRef) -> int:
    """The class (:func:`card_class`) of the cards ``ref`` names."""
    return (ref.broken_mask << 32 if state.broken else 0) | ref.mask


def find_cards(state: DealFields, seat: int, mask: int, ref: CardRef) -> list[int]:
    """Card ids in ``mask`` matching a reference, lowest first."""
    if not state.broken and (ref.broken or ref.melds):
        return []
    found = ids_of(state, mask, ref.card.index, ref_class(state, ref))
    if ref.melds:
        return [card for card in found if meld_numbers(state, seat, card) == ref.melds]
    return found


def doubles_of(state: DealFields) -> dict[int, list[int]]:
    """For each card in a declared double bezique (any seat's), the indices of those
    doubles in the declared melds."""
    doubles: dict[int, list[int]] = {}
    for index, meld in enumerate(state.melds):
        if meld.kind is MeldKind.DOUBLE_BEZIQUE:
            for card in meld.cards:
                doubles.setdefault(card, []).append(index)
    return doubles


def most_doubled(
    state: DealFields, held: int, card: int, taken: Sequence[int] = (), barred: int | None = None
) -> int:
    """Of ``card`` and the cards of ``held`` alike to it (face, history, broken marks)
    but not ``taken`` nor ``barred``, the one in most double beziques (the lowest of
    those): the card to play, or to put into a triple, under the second double
    bezique (EB9), since it leaves the seat the cards that may still make one.
    ``card`` itself when it was never in a double or the rules have no second double."""
    bit = MeldKind.DOUBLE_BEZIQUE.bit
    if not state.history[card] & bit or not state.rules.declarations.second_double_bezique:
        return card
    doubles = doubles_of(state)
    alike = [
        c
        for c in ids_of(state, held, card & 31, card_class(state, card))
        if c == card or (c not in taken and c != barred)
    ]
    return max(alike, key=lambda c: (len(doubles.get(c, ())), -c))


def seven_in_hand(state: DealDraft, seat: int) -> int | None:
    """A seven of trumps ``seat`` may exchange: in the hand and never declared (a
    declared one scored then, instead, S001)."""
    if state.trump is None:
        return None
    seven = FACES[int(state.trump) * 8 + int(Rank.SEVEN)]
    cards = bits(
        state.hand_masks[seat] & deck_tables(state.rules.deck.packs).face_mask[seven.index]
    )
    return next((card for card in cards if not declared_seven(state, card)), None)


def declared_in_hand(state: DealFields, seat: int) -> int:
    """The cards in ``seat``'s hand that were declared and keep their kind there (a
    mask): a seven of trumps declared where it stays in the hand (S001)."""
    history = state.history
    return sum(1 << card for card in bits(state.hand_masks[seat]) if history[card])


def declared_seven(state: DealDraft, card: int) -> bool:
    """Whether card id ``card`` was declared as a seven of trumps this deal. Read from
    the melds rather than the card's history, which it loses when the hands are taken
    back up after the stock (S000 law 9); asked only when a seven is played or
    exchanged."""
    return seven_declared(state.melds, card)


def seven_declared(melds: Sequence[DeclaredMeld], card: int) -> bool:
    """Whether card id ``card`` is among ``melds`` as a seven of trumps (see
    :func:`declared_seven`)."""
    kind = MeldKind.SEVEN_OF_TRUMPS
    return any(meld.kind is kind and card in meld.cards for meld in melds)
