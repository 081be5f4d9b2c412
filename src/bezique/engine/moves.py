"""What may be done now: legal actions, legal declarations, and why an action is illegal.

Functions of a deal state (:class:`~bezique.engine.fields.DealFields`) that
change nothing; the rules they apply are the laws of :mod:`bezique.laws`,
cited beside each call.

Alike cards. An action names a card by face and history (:class:`CardRef`),
and the engine picks the card ids. Where alike cards differ in a way their
history does not show, the engine picks the ones that leave the seat best
off. The second double bezique (EB9) is such a case: a queen of spades in two
doubles has the history of one in one double, but only the latter may go into
another double. A listed second double is made of cards that may (the cards in
fewer doubles are tried first, see :func:`_second_double_choice`), so what
is listed is also accepted. The other way round, a card played or put into a
triple (after which it goes into no double) is one in the most doubles
(:func:`most_doubled`). A card in one double can do all that a card in two can,
and a second double besides, so a seat loses nothing by not choosing. With
partners, both choices look at every card the declarer may use, the partner's
table included where the rules open it (:func:`_declarer_cards`), whether the
declaration is listed, refused or made.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

import attrs

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
from bezique.cards import FACES, Rank, Suit, face_of
from bezique.engine.fields import END, OVER, STOCK, DealFields, duel_seat
from bezique.engine.speed import (
    DRAW,
    EXCHANGE,
    LOW,
    ONLY_DRAW,
    ONLY_PASS,
    PASS,
    PASS_TO_PARTNER,
    PLAYS,
    SEVEN,
    SHOW_CARTE_BLANCHE,
    SUIT_KEYS,
    SUIT_PLAYS,
    Plan,
    card_key,
    declare_order,
    faces_of,
    make_plan,
    play_order,
    ref_of,
    shared_declaration,
)
from bezique.laws.declaring import (
    declaration_limit_reasons,
    every_declaration_scores,
    forbidden_history,
    freed_by_play,
    last_meld,
    may_pass_right,
    meld_patterns,
    new_set_allows,
    new_set_applies,
    open_won_cards,
    partner_table_open,
    partner_table_reasons,
    rearranged_pair,
    rearrangement_applies,
    reform_allows,
    reuse_reasons,
    second_double_allows,
    second_double_applies,
    trick_cards_open,
    won_copy_choices,
)
from bezique.laws.scoring import carte_blanche_spoilers
from bezique.laws.tricks import best_card_index, duty_reason, playable
from bezique.laws.zones import bits, deck_tables
from bezique.legality import Reason
from bezique.records import DeclaredMeld, Window
from bezique.rules import MarriageRearrangement, Memo, PolishCardReuse, Rules, SameKindReuse
from bezique.rules.melds import MeldKind, Pattern, kinds_in

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


def trick_winner(state: DealFields, cards: Sequence[int]) -> int:
    """The index in ``cards`` (in play order) of the card that takes them, now
    (:func:`~bezique.laws.tricks.winning_index` under the terms of the phase)."""
    takes = state.rules.derived(make_plan).takes_for(state.trump, state.phase is STOCK)
    return best_card_index(cards, takes)


def playable_mask(state: DealFields, seat: int) -> int:
    """The mask of cards ``seat`` may play to the current trick (see :func:`playable`)."""
    held = state.hand_masks[seat] | state.table_masks[seat]  # held_mask, on the hot path
    if state.phase is not END or not state.trick:
        return held
    return playable(held, state.trick, state.trump, True, deck_tables(state.rules.deck.packs))


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
        if state.phase is END and state.rules.derived(make_plan).duels:
            seat = duel_seat(state)  # EB9, EB11: only the two seats of the duel play
        actions = _play_actions(state, seat, playable_mask(state, seat))
    else:
        actions = _window_actions(state, state.window)
    # The memo (engine.speed): written here, on the hot path, rather than by a call.
    object.__setattr__(state, "_legal", actions)
    return actions


def _window_actions(state: DealFields, window: Window) -> tuple[Action, ...]:
    actions: list[Action] = []
    plan = state.rules.derived(make_plan)
    turn_up = state.turn_up
    if (
        turn_up is not None
        and turn_up & 7 != SEVEN
        and window.seat == window.winner
        and state.hand_masks[window.seat] & plan.tables.face_mask[turn_up & 24]
        and not _exchange_reasons(state, window)
    ):
        # A seven of trumps in the hand (face index: the turn-up's suit, rank 7).
        actions.append(EXCHANGE)
    actions.extend(_declarations(state, window, plan))
    if plan.pending_melds:
        actions.extend(
            ScorePending(i)
            for i in state.pending_melds(window.seat)
            if not _score_pending_reasons(state, window, i)
        )
    if state.rules.sides and may_pass_right(state.rules, window):
        actions.append(PASS_TO_PARTNER)
    if not actions:
        return ONLY_DRAW if state.phase is STOCK else ONLY_PASS
    actions.append(DRAW if state.phase is STOCK else PASS)
    return tuple(actions)


def _play_actions(state: DealFields, seat: int, mask: int) -> tuple[Action, ...]:
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
        if not declared:
            return (
                SUIT_PLAYS[0][faces & 255]
                + SUIT_PLAYS[1][faces >> 8 & 255]
                + SUIT_PLAYS[2][faces >> 16 & 255]
                + SUIT_PLAYS[3][faces >> 24]
            )
    keys = set()
    table_cards = declared
    # Under re-forming, cards alike may lie in different melds (see :func:`_split_keys`).
    twins: set[int] | None = None
    # Whether each face has one key among these cards (the faces seen, as a bit set).
    by_face = True
    seen = 0
    while declared:
        low = declared & -declared
        card = low.bit_length() - 1
        declared ^= low
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
    keys.update(
        SUIT_KEYS[0][faces & 255]
        + SUIT_KEYS[1][faces >> 8 & 255]
        + SUIT_KEYS[2][faces >> 16 & 255]
        + SUIT_KEYS[3][faces >> 24]
    )
    # Keys sort by face first, a concealed card (no history) first within its face;
    # only declared cards of one face with different histories need the full order.
    ordered = sorted(keys) if by_face else sorted(keys, key=play_order)
    split = _split_keys(state, seat, twins, table_cards) if twins else None
    if not split:
        return tuple(map(PLAYS.__getitem__, ordered))
    plays: list[Action] = []
    for key in ordered:
        if key in split:
            ref = ref_of(key)
            plays.extend(Play(attrs.evolve(ref, melds=numbers)) for numbers in split[key])
        else:
            plays.append(PLAYS[key])
    return tuple(plays)


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
        choices = _distinct_choices(state, seat, alike)
        if len(choices) > 1:
            split[key] = sorted(meld_numbers(state, seat, card) for card in choices)
    return split


def declarable(state: DealFields, seat: int, plan: Plan | None = None) -> int:
    """The mask of the cards ``seat`` may declare from (``Rules.zones.declare_from``):
    its hand and table (S000 law 7), or the cards it has won in tricks (S003, Polish).
    ``plan``: the rules' plan, when the caller has it at hand."""
    if (plan or state.rules.derived(make_plan)).declare_from_won:
        # EB11: only the scoring cards won lie face up to declare from, under
        # ``Zones.open_cards``; the rest are turned down.
        return open_won_cards(state.rules, state.trump, state.won_masks[seat])
    return state.held_mask(seat)


def trick_cards(
    state: DealFields, window: Window, plan: Plan | None = None
) -> tuple[int, int] | None:
    """The cards of the trick just won (a mask) and those of them a declaration of
    the seat in ``window`` may still take as its card of the trick
    (:func:`~bezique.laws.declaring.trick_cards_open`); ``None`` when the rules ask
    for no card of the trick (``Zones.trick_card``) or no trick was played.
    ``plan``: the rules' plan, when the caller has it at hand."""
    # Asked of the plan first: most rule sets want no card of the trick, and the
    # winner's turn asks this every time.
    if not (plan or state.rules.derived(make_plan)).trick_card or not state.tricks:
        return None
    last = state.tricks[-1]
    fresh = trick_cards_open(state.rules, last.cards, state.melds, window.seat, len(state.tricks))
    if fresh is None:
        return None
    cards = 0
    for card in last.cards:
        cards |= 1 << card
    return cards, fresh


def _distinct_choices(state: DealFields, seat: int, cards: Sequence[int]) -> list[int]:
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
    held = state.held_mask(seat)
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


def _declaration_limit_reasons(state: DealFields, window: Window) -> list[Reason]:
    return declaration_limit_reasons(
        state.rules, state.phase is STOCK, len(state.tricks), window.declarations
    )


def all_score(state: DealFields) -> bool:
    """Whether every declaration of this winner's turn scores (not only the first)."""
    return every_declaration_scores(state.rules, state.phase is STOCK, len(state.tricks))


def legal_declarations(state: DealFields) -> tuple[Declare, ...]:
    """Every legal declaration of the trick winner, each choice once."""
    window = state.window
    if window is None or state.offers or state.phase is OVER:
        return ()
    return _declarations(state, window, state.rules.derived(make_plan))


def _declarations(state: DealFields, window: Window, plan: Plan) -> tuple[Declare, ...]:
    """:func:`legal_declarations` in the winner's turn ``window`` (no carte blanche on offer)."""
    if (window.declarations or state.phase is END) and _declaration_limit_reasons(state, window):
        return ()
    rules = state.rules
    seat = window.seat
    held = declarable(state, seat, plan)
    if window.exchanged is not None:
        held &= ~(1 << window.exchanged)
    fresh_classes: set[tuple[int, int]] = set()
    trick = trick_cards(state, window, plan)
    if trick is not None:
        # EB11, S003: each declaration takes a card of the trick just won; under
        # S003 one already in a meld of the turn is spent.
        cards, fresh = trick
        held &= ~(cards & ~fresh)
        fresh_classes = {(c & 31, _card_class(state, c)) for c in bits(fresh & held)}
        if not fresh_classes:
            return ()
    own = held
    if plan.partners:
        # Partnerships (BIC): the partner's table may be drawn on too; which
        # declarations may use it is asked per choice of cards below.
        partner = plan.partners[seat]
        if partner is not None:
            held |= state.table_masks[partner]
    history = state.history
    broken = state.broken
    present = faces_of(held)
    out: list[Declare] = []
    # Quick checks before looking at histories: the faces, then the counts.
    by_suit, by_faces, by_rank = _meld_table(rules, state.trump)
    fitting = (
        by_suit[0][present & 255]
        & by_suit[1][present >> 8 & 255]
        & by_suit[2][present >> 16 & 255]
        & by_suit[3][present >> 24]
    )
    candidates = [by_faces[i] for i in bits(fitting)] if fitting else []
    candidates += [e for mask, count, e in by_rank if (held & mask).bit_count() >= count]
    for kind, _, banned, need, rank_mask, _, need_faces, rank_count in candidates:
        if rank_mask:
            pool = held & rank_mask
        else:
            pool = _fill(held, need)
            if not pool:
                continue
        # Group the candidate cards by face, then by class (broken << 32 | history):
        # copies of one class are interchangeable. Cards whose history forbids
        # this kind can never be part of it.
        usable: dict[int, dict[int, int]] = {}
        for card in bits(pool):
            h = history[card]
            if not h & banned:
                by_class = usable.setdefault(card & 31, {})
                cls = (broken[card] << 32 if broken else 0) | h
                by_class[cls] = by_class.get(cls, 0) + 1
        if not usable:
            continue
        if rank_mask:
            multisets = _rank_multisets(usable, rank_count)
        elif all(sum(usable.get(f, {}).values()) >= c for f, c in need_faces):
            multisets = [need_faces]
        else:
            continue
        for faces in multisets:
            for classes in _class_choices(faces, usable):
                if fresh_classes and not any(choice in fresh_classes for choice in classes):
                    continue
                if _class_reasons(state, seat, kind, classes):
                    continue
                if held != own and _partner_reasons(state, kind, classes, own):
                    continue
                keys = tuple([face << 64 | cls for face, cls in classes])
                if trick is None:
                    out.append(shared_declaration(kind, keys))
                    continue
                # S003: where alike cards just won and won before could serve, each
                # choice of copies is a declaration of its own.
                for marks in _copy_marks(state, kind, classes, own, trick):
                    out.append(shared_declaration(kind, keys, marks))
    if len(out) > 1:
        out.sort(key=declare_order)
    return tuple(out)


def _copy_marks(
    state: DealFields,
    kind: MeldKind,
    classes: Sequence[tuple[int, int]],
    held: int,
    trick: tuple[int, int],
) -> list[tuple[bool | None, ...] | None]:
    """For a declaration from the cards won of cards of these classes (face,
    ``broken << 32 | history``), drawn from ``held`` (the cards it may take, a
    mask) after the trick ``trick`` (its cards and those still open, masks): the
    :attr:`CardRef.just_won` of each card, card by card, for each choice of alike
    copies the player has (:func:`~bezique.laws.declaring.won_copy_choices`);
    ``[None]`` where the copies do not matter, and the cards go unnamed.

    The cards of a group whose count of cards just won varies from choice to choice
    are named, the cards just won first; the others are not."""
    histories = tuple([cls & LOW for _, cls in classes])
    broken = tuple([cls >> 32 for _, cls in classes]) if state.broken else None
    if _reuse_reasons(state.rules, kind, histories, broken):
        # Cards picked by the special re-use rules (re-pairing, new sets) are the
        # engine's: their copies are not named.
        return [None]
    cards, fresh = trick
    order = list(dict.fromkeys(classes))
    groups = []
    for face, cls in order:
        ids = _ids_of(state, held, face, cls)
        new = sum(1 for c in ids if fresh >> c & 1)
        old = sum(1 for c in ids if not cards >> c & 1)
        groups.append((classes.count((face, cls)), new, old))
    choices = won_copy_choices(state.rules, len(state.tricks), groups)
    if len(choices) == 1:
        return [None]
    varying = [i for i in range(len(order)) if len({counts[i] for counts in choices}) > 1]
    out: list[tuple[bool | None, ...] | None] = []
    for counts in choices:
        left = {order[i]: counts[i] for i in varying}
        marks: list[bool | None] = []
        for slot in classes:
            n = left.get(slot)
            marks.append(None if n is None else n > 0)
            if n:
                left[slot] = n - 1
        out.append(tuple(marks))
    return out


def _class_reasons(
    state: DealFields, seat: int, kind: MeldKind, classes: Sequence[tuple[int, int]]
) -> tuple[Reason, ...]:
    """The re-use reasons against a declaration of cards of these classes
    (face, ``broken << 32 | history``): none if some choice of cards is legal."""
    rules = state.rules
    histories = tuple([cls & LOW for _, cls in classes])
    broken = tuple([cls >> 32 for _, cls in classes]) if state.broken else None
    reasons = _reuse_reasons(rules, kind, histories, broken)
    if (
        not reasons
        and broken is not None
        and _reforms_several(rules, kind, histories)
        and _melds_choice(state, seat, kind, classes, _exchanged(state)) is None
    ):
        # S003: re-forming re-creates one broken meld; two melds' remnants do not combine.
        reasons = (Reason.SAME_KIND_REUSED,)
    if (
        reasons
        and rearrangement_applies(rules, kind, reasons)
        and _rearranged_choice(state, seat, kind, classes) is not None
    ):
        return ()
    if (
        reasons
        and second_double_applies(rules, kind, reasons)
        and _second_double_choice(state, seat, classes, _exchanged(state)) is not None
    ):
        return ()
    if (
        reasons
        and new_set_applies(rules, kind, reasons)
        and _melds_choice(state, seat, kind, classes, _exchanged(state)) is not None
    ):
        return ()
    return reasons


def _partner_reasons(
    state: DealFields, kind: MeldKind, classes: Sequence[tuple[int, int]], own: int
) -> list[Reason]:
    """The partnership rules against declaring cards of these classes when the
    declarer's own cards (``own``) are used first and the partner's table makes up
    the rest (:func:`~bezique.laws.declaring.partner_table_reasons`)."""
    wanted: dict[tuple[int, int], int] = {}
    for choice in classes:
        wanted[choice] = wanted.get(choice, 0) + 1
    from_partner = 0
    for (face, cls), count in wanted.items():
        from_partner += max(0, count - len(_ids_of(state, own, face, cls)))
    # Cards of the concealed hand have no declaration history in the stock phase.
    from_hand = sum(1 for _, cls in classes if not cls)
    return partner_table_reasons(state.rules, kind, from_partner, from_hand)


def _reuse_reasons(
    rules: Rules, kind: MeldKind, histories: tuple[int, ...], broken: tuple[int, ...] | None
) -> tuple[Reason, ...]:
    """:func:`reuse_reasons`, kept with the rules' derived values: it depends on
    nothing else, and the same few combinations of histories come up again and again."""
    return rules.derived(_reuse_memo)((kind, histories, broken))


_ReuseKey = tuple[MeldKind, tuple[int, ...], tuple[int, ...] | None]


def _reuse_memo(rules: Rules) -> Memo[_ReuseKey, tuple[Reason, ...]]:
    """The re-use verdicts met so far under these rules (asked by :func:`_reuse_reasons`)."""

    def verdict(key: _ReuseKey) -> tuple[Reason, ...]:
        return tuple(reuse_reasons(rules, *key))

    return Memo(verdict)


_RELAXED = {Reason.SAME_KIND_REUSED, Reason.NO_FRESH_CARD}


def _rearranged_choice(
    state: DealFields, seat: int, kind: MeldKind, classes: Sequence[tuple[int, int]]
) -> tuple[int, int] | None:
    """Two held card ids of these classes that may marry again by re-pairing, if any."""
    (face_a, cls_a), (face_b, cls_b) = classes
    held = declarable(state, seat)
    return rearranged_pair(
        state.rules,
        kind,
        _ids_of(state, held, face_a, cls_a),
        _ids_of(state, held, face_b, cls_b),
        [m.cards for m in state.melds if m.seat == seat and m.kind is kind],
        state.history,
        state.broken,
    )


def _ids_of(state: DealFields, held: int, face: int, cls: int) -> list[int]:
    """Held card ids of a face (index) whose (broken, history) class is ``cls``."""
    broken = state.broken
    return [
        c
        for c in bits(held & deck_tables(state.rules.deck.packs).face_mask[face])
        if (broken[c] << 32 if broken else 0) | state.history[c] == cls
    ]


def _declarer_cards(
    state: DealFields, seat: int, kind: MeldKind, classes: Sequence[tuple[int, int]]
) -> tuple[int, int]:
    """The cards a declaration of ``kind`` by ``seat`` of these classes (face,
    ``broken << 32 | history``) may be made of, as two masks: the seat's own
    (:func:`declarable`), and its partner's table where the partnership rules open it
    to this declaration (:func:`~bezique.laws.declaring.partner_table_open`), else 0.

    The one view of the declarer's cards that the search for re-usable beziques reads,
    whether it lists a declaration, gives the reasons against one or picks the cards
    it is made of, so that the three agree (interpretations 6-8 of the partnership
    rules page: a second double may re-use the pair of a double on the partner's
    table, a triple may be made on the partner's double).
    """
    plan = state.rules.derived(make_plan)
    own = declarable(state, seat, plan)
    partner = plan.partners[seat] if plan.partners else None
    if partner is None:
        return own, 0
    # Cards of the concealed hand have no declaration history in the stock phase.
    from_hand = sum(1 for _, cls in classes if not cls)
    if not partner_table_open(state.rules, kind, from_hand):
        return own, 0
    return own, state.table_masks[partner] & ~own


def _second_double_choice(
    state: DealFields,
    seat: int,
    classes: Sequence[tuple[int, int]],
    barred: int | None,
    borrowed: int | None = None,
) -> list[int] | None:
    """Card ids of these classes (face, ``broken << 32 | history``) that make a
    second double bezique (EB9, :func:`second_double_allows`), if any, among the
    cards the declarer may use (:func:`_declarer_cards`: under ``either-partner``
    the partner's table too).

    A card's history does not say how many doubles it lies in, so alike cards (one
    class) may differ: the doubles are read from the declared melds (the partner's
    as the seat's own), and of alike cards those in fewer doubles are tried first,
    then the seat's own before the partner's, then the lower ids. A card in one
    double can do all that a card in two can, and a second double besides, so the
    choice is never worse for the side than another. ``barred``: a card that may not
    be used (the one gained by the exchange, S000 law 8); ``borrowed``: the partner's
    cards to look at instead of those the rules open (when the declaration is refused
    for them anyway, so that it is not also refused for re-use).
    """
    bit = MeldKind.DOUBLE_BEZIQUE.bit
    own, lent = _declarer_cards(state, seat, MeldKind.DOUBLE_BEZIQUE, classes)
    if borrowed is not None:
        lent = borrowed & ~own
    held = own | lent
    if barred is not None:
        held &= ~(1 << barred)
    # Under re-forming, a card whose double lost a card is free again (WKC, BIC).
    reform = bool(state.broken) and (
        state.rules.declarations.same_kind_reuse is SameKindReuse.REFORM_AFTER_PLAY
    )
    doubles = _doubles(state)
    fresh: list[int] = []
    faces: list[int] = []
    options: list[list[int]] = []
    taken: dict[tuple[int, int], int] = {}
    for face, cls in classes:
        ids = sorted(_ids_of(state, held, face, cls), key=lambda c: lent >> c & 1)
        if cls & bit and not (reform and cls >> 32 & bit):
            faces.append(face)
            options.append(sorted(ids, key=lambda c: (len(doubles.get(c, ())), lent >> c & 1, c)))
            continue
        # Cards not in a double are the new pair: alike, any of them will do (the
        # seat's own first).
        n = taken.get((face, cls), 0)
        if n >= len(ids):
            return None
        taken[(face, cls)] = n + 1
        fresh.append(ids[n])
    for pick in itertools.product(*options):
        if len(set(pick)) < len(pick):
            continue
        if second_double_allows(
            [(f, doubles.get(c, ())) for f, c in zip(faces, pick, strict=True)]
        ):
            return [*fresh, *pick]
    return None


def _doubles(state: DealFields) -> dict[int, list[int]]:
    """For each card in a declared double bezique (any seat's), the indices of those
    doubles in the declared melds."""
    doubles: dict[int, list[int]] = {}
    for index, meld in enumerate(state.melds):
        if meld.kind is MeldKind.DOUBLE_BEZIQUE:
            for card in meld.cards:
                doubles.setdefault(card, []).append(index)
    return doubles


def _reforms_several(rules: Rules, kind: MeldKind, histories: Sequence[int]) -> bool:
    """Whether a declaration of ``kind`` with cards of these histories re-forms a
    meld re-using more than one card already declared in the kind: only then may
    they come from two melds (:func:`~bezique.laws.declaring.reform_allows`)."""
    if rules.declarations.same_kind_reuse is not SameKindReuse.REFORM_AFTER_PLAY:
        return False
    bit = kind.bit
    return sum(1 for h in histories if h & bit) > 1


def _melds_choice(
    state: DealFields,
    seat: int,
    kind: MeldKind,
    classes: Sequence[tuple[int, int]],
    barred: int | None,
) -> list[int] | None:
    """Held card ids of these classes (face, ``broken << 32 | history``), in order,
    that the rules reading the declared melds past the cards' histories allow, if
    any; the lowest ids that do. ``barred``: a card that may not be used (the one
    gained by the exchange, S000 law 8).

    * ``SameKindReuse.NEW_SET``: a set of cards ``seat`` never declared together in
      ``kind`` (:func:`~bezique.laws.declaring.new_set_allows`).
    * Re-forming: the cards re-used from ``kind`` all from one broken meld
      (:func:`~bezique.laws.declaring.reform_allows`). Alike cards re-used may lie
      in different melds, so each is tried; the others of a class are
      interchangeable.
    """
    if state.rules.declarations.same_kind_reuse is SameKindReuse.NEW_SET:
        return _first_pick(
            state, seat, classes, barred, lambda pick: new_set_allows(state.melds, seat, kind, pick)
        )
    bit = kind.bit
    return _first_pick(
        state,
        seat,
        classes,
        barred,
        lambda pick: reform_allows(state.rules, kind, pick, state.melds, seat, state.history),
        lambda cls: bool(cls & bit),
    )


def _first_pick(
    state: DealFields,
    seat: int,
    classes: Sequence[tuple[int, int]],
    barred: int | None,
    fits: Callable[[Sequence[int]], bool],
    tried: Callable[[int], bool] = lambda cls: True,
) -> list[int] | None:
    """The first choice of held card ids, one of each of these classes (face,
    ``broken << 32 | history``) in order and the lowest ids first, that ``fits``;
    ``None`` if none does. Each card of a class that is ``tried`` is tried; of the
    other classes the cards are interchangeable, and the next free one is taken.
    ``barred``: a card that may not be used (the one gained by the exchange)."""
    held = declarable(state, seat)
    if barred is not None:
        held &= ~(1 << barred)
    options: list[list[int]] = []
    taken: dict[tuple[int, int], int] = {}
    for face, cls in classes:
        ids = _ids_of(state, held, face, cls)
        if tried(cls):
            options.append(ids)
            continue
        n = taken.get((face, cls), 0)
        if n >= len(ids):
            return None
        taken[(face, cls)] = n + 1
        options.append([ids[n]])
    for pick in itertools.product(*options):
        if len(set(pick)) == len(pick) and fits(pick):
            return list(pick)
    return None


#: The beziques a card of a double may go into, after which it goes into no double.
_ABOVE_DOUBLE = (
    MeldKind.TRIPLE_BEZIQUE,
    MeldKind.QUADRUPLE_BEZIQUE,
    MeldKind.QUINTUPLE_BEZIQUE,
)


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
    doubles = _doubles(state)
    alike = [
        c
        for c in _ids_of(state, held, card & 31, _card_class(state, card))
        if c == card or (c not in taken and c != barred)
    ]
    return max(alike, key=lambda c: (len(doubles.get(c, ())), -c))


def _card_class(state: DealFields, card: int) -> int:
    broken = state.broken
    return (broken[card] << 32 if broken else 0) | state.history[card]


def _exchanged(state: DealFields) -> int | None:
    """The card gained by the exchange in this turn, if any: it waits for the next
    trick (S000 law 8)."""
    return state.window.exchanged if state.window is not None else None


def _patterns(state: DealFields, kind: MeldKind) -> tuple[Pattern, ...]:
    return meld_patterns(state.rules, kind, state.trump)


def _fill(held: int, need: tuple[tuple[int, int], ...]) -> int:
    """The held cards of the needed faces, or 0 if some face is short."""
    pool = 0
    for mask, count in need:
        found = held & mask
        if found.bit_count() < count:
            return 0
        pool |= found
    return pool


_Entry = tuple[
    MeldKind, Pattern, int, tuple[tuple[int, int], ...], int, int, tuple[tuple[int, int], ...], int
]


#: Every kind's history bit; a card with any of them was declared before.
_EVERY_KIND = sum(kind.bit for kind in MeldKind)


_MeldTable = tuple[
    tuple[tuple[int, ...], ...], tuple[_Entry, ...], tuple[tuple[int, int, _Entry], ...]
]


def _meld_table(rules: Rules, trump: Suit | None) -> _MeldTable:
    # Kept with the rules' derived values, under the trump suit (None: no trumps yet).
    return rules.derived(_meld_tables)(trump)


def _meld_tables(rules: Rules) -> Memo[Suit | None, _MeldTable]:
    """The meld tables of these rules made so far, by trump suit (asked by :func:`_meld_table`)."""

    def table(trump: Suit | None) -> _MeldTable:
        entries = _make_meld_table(rules, trump)
        # For the quick checks: the patterns of given faces, with for each suit and
        # each set of its ranks present (a byte of the faces present) the patterns
        # whose faces of that suit are all there, as a bit set over the patterns; and
        # quartets (any cards of a rank) under their rank mask and count.
        by_faces = tuple(e for e in entries if not e[4])
        by_suit = tuple(
            tuple(
                sum(1 << i for i, e in enumerate(by_faces) if e[5] >> 8 * suit & 255 & ~ranks == 0)
                for ranks in range(256)
            )
            for suit in range(4)
        )
        by_rank = tuple((e[4], e[7], e) for e in entries if e[4])
        return (by_suit, by_faces, by_rank)

    return Memo(table)


def _make_meld_table(rules: Rules, trump: Suit | None) -> tuple[_Entry, ...]:
    """Every pattern of every declarable kind, with the masks for a quick check:
    (kind, pattern, banned history bits, ((face mask, count), ...), rank mask,
    the set of faces the pattern needs, ((face, count), ...), count of a rank)."""
    tables = deck_tables(rules.deck.packs)
    decl = rules.declarations
    entries: list[_Entry] = []
    for kind in rules.meld_kinds:
        same, inferior, married = forbidden_history(rules, kind)
        # Re-forming and re-pairing let a card of the same kind in again.
        relaxed = (
            decl.same_kind_reuse is SameKindReuse.REFORM_AFTER_PLAY
            or (
                kind in (MeldKind.COMMON_MARRIAGE, MeldKind.ROYAL_MARRIAGE)
                and decl.marriage_rearrangement is not MarriageRearrangement.NONE
            )
            # EB9: a bezique of a double may make a second double.
            or (kind is MeldKind.DOUBLE_BEZIQUE and decl.second_double_bezique)
            # Marjolet: the same kind again, with a set of cards new to it.
            or decl.same_kind_reuse is SameKindReuse.NEW_SET
        )
        banned = inferior | married | (0 if relaxed else same)
        if rules.zones.polish_card_reuse is PolishCardReuse.ONCE_PER_HAND:
            # S003's "some books": a card declared once is declared no more.
            banned |= _EVERY_KIND
        for pattern in meld_patterns(rules, kind, trump):
            if pattern.rank is not None:
                rank_mask = tables.rank_mask[pattern.rank]
                entries.append((kind, pattern, banned, (), rank_mask, 0, (), pattern.count))
                continue
            need: dict[int, int] = {}
            for face in pattern.faces:
                need[face.index] = need.get(face.index, 0) + 1
            masks = tuple((tables.face_mask[f], n) for f, n in need.items())
            face_bits = sum(1 << f for f in need)
            entries.append((kind, pattern, banned, masks, 0, face_bits, tuple(need.items()), 0))
    return tuple(entries)


def _rank_multisets(
    usable: dict[int, dict[int, int]], count: int
) -> list[tuple[tuple[int, int], ...]]:
    """Every choice of ``count`` cards of one rank among the usable faces, as
    ((face, how many), ...): four of a kind in any suits (S000, FOS p.325)."""
    available = {face: sum(by.values()) for face, by in usable.items()}
    faces = sorted(available)
    out = []
    for combo in itertools.combinations_with_replacement(faces, count):
        need = {face: combo.count(face) for face in dict.fromkeys(combo)}
        if all(n <= available[face] for face, n in need.items()):
            out.append(tuple(need.items()))
    return out


def _class_choices(
    need: tuple[tuple[int, int], ...], usable: dict[int, dict[int, int]]
) -> Iterator[list[tuple[int, int]]]:
    """Every way to pick the needed copies of each face among its classes of
    interchangeable copies, as [(face, class), ...]."""
    per_face: list[list[list[tuple[int, int]]]] = []
    for face, count in need:
        by_class = usable[face]
        if len(by_class) == 1:
            ((cls, available),) = by_class.items()
            if available < count:
                return
            per_face.append([[(face, cls)] * count])
            continue
        options = sorted(by_class.items())
        picks = []
        for combo in itertools.combinations_with_replacement(range(len(options)), count):
            if all(combo.count(i) <= options[i][1] for i in set(combo)):
                picks.append([(face, options[i][0]) for i in combo])
        per_face.append(picks)
    for product in itertools.product(*per_face):
        yield [pick for picks in product for pick in picks]


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
        return tuple(_exchange_reasons(state, window))
    if isinstance(action, ScorePending):
        return tuple(_score_pending_reasons(state, window, action.meld))
    return tuple(declare_reasons(state, window, action)[0])


def _find(state: DealFields, seat: int, mask: int, ref: CardRef) -> list[int]:
    """Card ids in ``mask`` matching a reference, lowest first."""
    if not state.broken and (ref.broken or ref.melds):
        return []
    found = _ids_of(state, mask, ref.card.index, _class_of(state, ref))
    if ref.melds:
        return [card for card in found if meld_numbers(state, seat, card) == ref.melds]
    return found


def _play_reasons(state: DealFields, action: Play) -> list[Reason]:
    seat = state.current_player
    if seat is None:  # pragma: no cover - why_illegal refused the play when the deal is over
        return [Reason.DEAL_OVER]
    held = state.held_mask(seat)
    found = _find(state, seat, held, action.card)
    if not found:
        return [Reason.CARD_NOT_HELD]
    if state.broken and not action.card.melds and len(_distinct_choices(state, seat, found)) > 1:
        return [Reason.AMBIGUOUS_CARD]
    playable = playable_mask(state, seat)
    if _find(state, seat, playable, action.card):
        return []
    # End phase duty broken: say which one (S000 law 9).
    tables = deck_tables(state.rules.deck.packs)
    return [duty_reason(held, state.trick, action.card.card, state.trump, tables)]


def _exchange_reasons(state: DealFields, window: Window) -> list[Reason]:
    """S000 law 8: only the trick's winner, holding a seven of trumps, before drawing;
    not when the turn-up is itself a seven (S004; SC-21)."""
    rules = state.rules
    if rules.trumps.exchange_points is None:
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


def seven_in_hand(state: DealFields, seat: int) -> int | None:
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


def declared_seven(state: DealFields, card: int) -> bool:
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


def _score_pending_reasons(state: DealFields, window: Window, index: int) -> list[Reason]:
    if not 0 <= index < len(state.melds):
        return [Reason.NO_SUCH_PENDING_MELD]
    meld = state.melds[index]
    if meld.seat != window.seat or meld.scored:
        return [Reason.NO_SUCH_PENDING_MELD]
    reasons = _declaration_limit_reasons(state, window)
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
    rules = state.rules
    reasons = _declaration_limit_reasons(state, window)
    kind = action.kind
    if rules.meld_value(kind) is None:
        reasons.append(Reason.KIND_NOT_IN_VARIANT)
    faces = tuple(ref.card for ref in action.cards)
    if not any(p.matches(faces) for p in _patterns(state, kind)):
        reasons.append(Reason.NOT_A_MELD)
    seat = window.seat
    held = declarable(state, seat)
    trick = trick_cards(state, window)
    spent = fresh = 0
    if trick is not None:
        # EB11, S003: the card of the trick is picked first where a ref names its
        # face; under S003 a card of the trick already declared this turn is spent.
        cards, fresh = trick
        spent = held & cards & ~fresh
        held &= ~spent
    plan = rules.derived(make_plan)
    partner = plan.partners[seat] if plan.partners else None
    lent = 0 if partner is None else state.table_masks[partner]
    chosen: list[int] = []
    if trick is not None and len(action.cards) > 1:
        # S003: where the player has a choice of alike copies, the action names it.
        reasons.extend(_unnamed_copies(state, window, action, held, trick))
    for ref in action.cards:
        candidates = [c for c in _find(state, seat, held, ref) if c not in chosen]
        if ref.just_won is not None:
            # The copy named: the card of the trick just won, or one won before.
            if trick is None:
                candidates = []
            elif ref.just_won:
                candidates = [c for c in candidates if fresh >> c & 1]
            else:
                candidates = [c for c in candidates if not trick[0] >> c & 1]
        if fresh:
            candidates.sort(key=lambda c: not fresh >> c & 1)
        if partner is not None and lent:
            # The declarer's own cards first, then the partner's table (BIC).
            candidates += [c for c in _find(state, partner, lent, ref) if c not in chosen]
        usable = [c for c in candidates if c != window.exchanged]
        if usable:
            chosen.append(usable[0])
        elif candidates:
            reasons.append(Reason.USES_EXCHANGED_CARD)
            chosen.append(candidates[0])
        elif spent and _find(state, seat, spent, ref):
            if Reason.TRICK_CARD_DECLARED not in reasons:
                reasons.append(Reason.TRICK_CARD_DECLARED)
        elif Reason.CARD_NOT_HELD not in reasons:
            reasons.append(Reason.CARD_NOT_HELD)
    if (
        trick is not None
        and len(chosen) == len(action.cards)
        and not any(fresh >> c & 1 for c in chosen)
    ):
        reasons.append(Reason.NO_CARD_OF_TRICK)
    # Cards of the partner's table the search below may look at (None: those the
    # partnership rules open to this declaration).
    borrowed = None
    if lent:
        from_partner = sum(1 for c in chosen if lent >> c & 1)
        from_hand = sum(1 for c in chosen if state.hand_masks[seat] >> c & 1)
        lent_reasons = partner_table_reasons(rules, kind, from_partner, from_hand)
        if lent_reasons:
            # A declaration refused for the partner's cards need not be refused for more.
            borrowed = lent
        for reason in lent_reasons:
            if reason not in reasons:
                reasons.append(reason)
    if Reason.KIND_NOT_IN_VARIANT not in reasons:
        histories = tuple([ref.mask for ref in action.cards])
        broken = tuple([ref.broken_mask for ref in action.cards]) if state.broken else None
        reuse = _reuse_reasons(rules, kind, histories, broken)
        if (
            not reuse
            and state.broken
            and len(chosen) == len(action.cards)
            and not reform_allows(rules, kind, chosen, state.melds, seat, state.history)
        ):
            # S003: the re-used cards from one broken meld, if alike cards allow it.
            classes = [(ref.card.index, _class_of(state, ref)) for ref in action.cards]
            barred = None if Reason.USES_EXCHANGED_CARD in reasons else window.exchanged
            reformed = _melds_choice(state, seat, kind, classes, barred)
            if reformed is None:
                reuse = (Reason.SAME_KIND_REUSED,)
            else:
                chosen = reformed
        if (
            reuse
            and rearrangement_applies(rules, kind, reuse)
            and len(chosen) == len(action.cards) == 2
        ):
            classes = [(ref.card.index, _class_of(state, ref)) for ref in action.cards]
            pair = _rearranged_choice(state, seat, kind, classes)
            if pair is not None:
                reuse, chosen = (), list(pair)
        if reuse and second_double_applies(rules, kind, reuse) and len(chosen) == len(action.cards):
            classes = [(ref.card.index, _class_of(state, ref)) for ref in action.cards]
            # A declaration refused for the exchanged card need not be refused for more.
            barred = None if Reason.USES_EXCHANGED_CARD in reasons else window.exchanged
            second = _second_double_choice(state, seat, classes, barred, borrowed)
            if second is not None:
                reuse, chosen = (), second
        if reuse and new_set_applies(rules, kind, reuse) and len(chosen) == len(action.cards):
            classes = [(ref.card.index, _class_of(state, ref)) for ref in action.cards]
            barred = None if Reason.USES_EXCHANGED_CARD in reasons else window.exchanged
            new_set = _melds_choice(state, seat, kind, classes, barred)
            if new_set is not None:
                reuse, chosen = (), new_set
        reasons.extend(reuse)
    if not reasons and kind in _ABOVE_DOUBLE and rules.declarations.second_double_bezique:
        # Of alike cards, those in most doubles go into the triple, from every card the
        # declarer may use (the partner's double too, under ``either-partner``).
        classes = [(ref.card.index, _class_of(state, ref)) for ref in action.cards]
        mine, opened = _declarer_cards(state, seat, kind, classes)
        pool = (mine & held) | opened
        for i, card in enumerate(chosen):
            chosen[i] = most_doubled(state, pool, card, chosen, window.exchanged)
    return reasons, chosen


def _unnamed_copies(
    state: DealFields, window: Window, action: Declare, held: int, trick: tuple[int, int]
) -> list[Reason]:
    """``[COPY_NOT_NAMED]`` when ``action`` leaves unnamed a card whose copy the
    player must choose (:func:`_copy_marks`: alike cards just won and won before)."""
    classes = [(ref.card.index, _class_of(state, ref)) for ref in action.cards]
    if window.exchanged is not None:
        held &= ~(1 << window.exchanged)
    choices = _copy_marks(state, action.kind, classes, held, trick)
    if len(choices) == 1:
        return []
    named = {i for marks in choices if marks for i, mark in enumerate(marks) if mark is not None}
    if any(action.cards[i].just_won is None for i in named):
        return [Reason.COPY_NOT_NAMED]
    return []


def _class_of(state: DealFields, ref: CardRef) -> int:
    return (ref.broken_mask << 32 if state.broken else 0) | ref.mask


def may_show(state: DealFields) -> bool:
    """Whether the seat deciding holds a carte blanche: none of the cards that spoil one
    (:func:`~bezique.laws.scoring.carte_blanche_spoilers`)."""
    seat = state.offers[0]
    return not state.held_mask(seat) & carte_blanche_spoilers(state.rules)
