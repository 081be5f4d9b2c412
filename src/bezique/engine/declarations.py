"""Declarations: those the trick winner may make now, and the cards each is made of.

The re-use law is :func:`~bezique.laws.declaring.declaration_bans`: the meld
table drops the cards no exception can let into a kind (:attr:`Bans.never
<bezique.laws.declaring.Bans.never>`), and :func:`reuse_verdict` gives the
reasons against a choice of cards once the exceptions that read the declared
melds (re-forming from one meld, re-pairing, the second double, new sets) have
been tried. The listing here and the reasons of :mod:`bezique.engine.reasons`
both ask :func:`reuse_verdict`, so that what is listed is what is accepted.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from bezique.actions import Declare
from bezique.cards import Suit
from bezique.engine.fields import END, OVER, STOCK, DealDraft, DealFields
from bezique.engine.plays import card_class, doubles_of, ids_of
from bezique.engine.speed import (
    LOW,
    DeclareOrder,
    Plan,
    faces_of,
    listed_declaration,
    make_plan,
)
from bezique.laws.declaring import (
    Lift,
    declaration_bans,
    declaration_limit_reasons,
    every_declaration_scores,
    meld_patterns,
    new_set_allows,
    open_won_cards,
    partner_table_open,
    partner_table_reasons,
    rearranged_pair,
    reform_allows,
    reuse_reasons,
    second_double_allows,
    trick_cards_open,
    won_copy_choices,
)
from bezique.laws.zones import COMPILED, bits, deck_tables, holds_at_least
from bezique.legality import Reason
from bezique.records import Window
from bezique.rules import Memo, Rules
from bezique.rules.derived import derived
from bezique.rules.melds import MeldKind, Pattern

__all__ = [
    "ABOVE_DOUBLE",
    "all_score",
    "copy_marks",
    "declarable",
    "declarer_cards",
    "legal_declarations",
    "limit_reasons",
    "reuse_verdict",
    "trick_cards",
    "window_declarations",
]

#: The first of a pair, the order kept with a listed declaration.
_FIRST: Final = operator.itemgetter(0)


def declarable(state: DealDraft, seat: int, plan: Plan | None = None) -> int:
    """The mask of the cards ``seat`` may declare from (``Rules.zones.declare_from``):
    its hand and table (S000 law 7), or the cards it has won in tricks (S003, Polish).
    ``plan``: the rules' plan, when the caller has it at hand."""
    if (plan or derived(state.rules, make_plan)).declare_from_won:
        # EB11: only the scoring cards won lie face up to declare from, under
        # ``Zones.open_cards``; the rest are turned down.
        return open_won_cards(state.rules, state.trump, state.won_masks[seat])
    return state.hand_masks[seat] | state.table_masks[seat]


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
    if not (plan or derived(state.rules, make_plan)).trick_card or not state.tricks:
        return None
    last = state.tricks[-1]
    fresh = trick_cards_open(state.rules, last.cards, state.melds, window.seat, len(state.tricks))
    if fresh is None:
        return None
    cards = 0
    for card in last.cards:
        cards |= 1 << card
    return cards, fresh


def limit_reasons(state: DealFields, window: Window) -> list[Reason]:
    """Why the winner in ``window`` may not declare (again) now
    (:func:`~bezique.laws.declaring.declaration_limit_reasons`): none if it may."""
    return declaration_limit_reasons(
        state.rules, state.phase is STOCK, len(state.tricks), window.declarations
    )


def all_score(state: DealDraft) -> bool:
    """Whether every declaration of this winner's turn scores (not only the first)."""
    return every_declaration_scores(state.rules, state.phase is STOCK, len(state.tricks))


def legal_declarations(state: DealFields) -> tuple[Declare, ...]:
    """Every legal declaration of the trick winner, each choice once."""
    window = state.window
    if window is None or state.offers or state.phase is OVER:
        return ()
    return window_declarations(state, window, derived(state.rules, make_plan))


def window_declarations(state: DealFields, window: Window, plan: Plan) -> tuple[Declare, ...]:
    """:func:`legal_declarations` in the winner's turn ``window`` (no carte blanche on offer)."""
    if (window.declarations or state.phase is END) and limit_reasons(state, window):
        return ()
    cards = _declaring_cards(state, window, plan)
    if cards is None:
        return ()
    held, own, fresh_classes, trick = cards
    out: list[tuple[DeclareOrder, Declare]] = []
    seat = window.seat
    exchanged = window.exchanged
    for entry in _candidates(state, held):
        usable = _usable_classes(state, entry, held)
        if usable is None:
            continue
        kind = entry[0]
        # A quartet may be made of any suits (S000, FOS p.325): each choice of them.
        multisets = _rank_multisets(usable, entry[7]) if entry[4] else (entry[6],)
        for faces in multisets:
            for classes in _class_choices(faces, usable):
                if fresh_classes and not any(choice in fresh_classes for choice in classes):
                    continue
                # The re-use law, then where the partner's table is drawn on, the
                # partnership rules (BIC, EB9).
                if reuse_verdict(state, seat, kind, classes, exchanged)[0]:
                    continue
                if held != own and _partner_reasons(state, kind, classes, own):
                    continue
                keys = tuple([face << 64 | cls for face, cls in classes])
                if trick is None:
                    out.append(listed_declaration(kind, keys))
                    continue
                # S003: where alike cards just won and won before could serve, each
                # choice of copies is a declaration of its own.
                for marks in copy_marks(state, kind, classes, own, trick):
                    out.append(listed_declaration(kind, keys, marks))
    if len(out) <= 1:
        return (out[0][1],) if out else ()
    # By the order kept with each declaration, read without a call of Python code.
    out.sort(key=_FIRST)
    return tuple([declaration for _, declaration in out])


def _candidates(state: DealFields, held: int) -> list[_Entry]:
    """The entries of the meld table whose faces ``held`` has, with enough cards of
    them: quick checks before the histories are looked at."""
    present = faces_of(held)
    by_suit, by_faces, by_count = _meld_table(state.rules, state.trump)
    fitting = (
        by_suit[0][present & 255]
        & by_suit[1][present >> 8 & 255]
        & by_suit[2][present >> 16 & 255]
        & by_suit[3][present >> 24]
    )
    candidates = [by_faces[i] for i in bits(fitting)] if fitting else []
    # The quartets and the like, counted the quicker way of each build (:func:`holds_at_least`).
    if COMPILED:
        candidates += [e for mask, count, e in by_count if holds_at_least(held & mask, count)]
    else:
        candidates += [e for mask, count, e in by_count if (held & mask).bit_count() >= count]
    return candidates


_Cards = tuple[int, int, set[tuple[int, int]], tuple[int, int] | None]


def _declaring_cards(state: DealFields, window: Window, plan: Plan) -> _Cards | None:
    """The cards the winner in ``window`` may declare with, as (all of them, its own,
    the classes of the cards of the trick still open, the trick's cards): the
    seat's declarable cards but the one gained by the exchange, and the partner's
    table where the partnership rules may open it (BIC, EB9). ``None`` when no
    declaration can be made: every card of the trick is spent (S003)."""
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
        fresh_classes = {(c & 31, card_class(state, c)) for c in bits(fresh & held)}
        if not fresh_classes:
            return None
    own = held
    if plan.partners:
        # Partnerships (BIC): the partner's table may be drawn on too; which
        # declarations may use it is asked per choice of cards (:func:`_partner_reasons`).
        partner = plan.partners[seat]
        if partner is not None:
            held |= state.table_masks[partner]
    return held, own, fresh_classes, trick


def _usable_classes(
    state: DealFields, entry: _Entry, held: int
) -> dict[int, dict[int, int]] | None:
    """The cards of ``held`` that may go into the pattern of ``entry``, by face and
    then by class (``broken << 32 | history``), counted: copies of one class are
    interchangeable. Cards whose history no exception lets into the kind
    (:attr:`Bans.never <bezique.laws.declaring.Bans.never>`) are left out. ``None``
    if there are not enough cards of the faces the pattern needs."""
    _, _, banned, need, rank_mask, _, need_faces, _ = entry
    if rank_mask:
        pool = held & rank_mask
    else:
        pool = _fill(held, need)
        if not pool:
            return None
    history = state.history
    broken = state.broken
    usable: dict[int, dict[int, int]] = {}
    for card in bits(pool):
        h = history[card]
        if not h & banned:
            by_class = usable.setdefault(card & 31, {})
            cls = (broken[card] << 32 if broken else 0) | h
            by_class[cls] = by_class.get(cls, 0) + 1
    if not usable:
        return None
    if not rank_mask and any(sum(usable.get(f, {}).values()) < c for f, c in need_faces):
        return None
    return usable


def copy_marks(
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
        ids = ids_of(state, held, face, cls)
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


def reuse_verdict(
    state: DealFields,
    seat: int,
    kind: MeldKind,
    classes: Sequence[tuple[int, int]],
    barred: int | None,
    chosen: Sequence[int] | None = None,
    borrowed: int | None = None,
) -> tuple[tuple[Reason, ...], list[int] | None]:
    """The re-use law on a declaration of ``kind`` by ``seat`` with cards of these
    classes (face, ``broken << 32 | history``): the reasons against it, none if some
    choice of cards is legal, and the card ids an exception picked from the declared
    melds (``None``: any cards of the classes will do, ``chosen`` among them).

    The listing (:func:`legal_declarations`) and the reasons
    (:func:`~bezique.engine.reasons.declare_reasons`) both ask this, so that they
    agree. The bans and their exceptions are those of
    :func:`~bezique.laws.declaring.declaration_bans`; the histories decide first, then
    the exceptions that read the declared melds:

    * re-forming (WKC, BIC, S003): the cards re-used all from one broken meld
      (:func:`~bezique.laws.declaring.reform_allows`), ``chosen`` if they are;
    * re-pairing (S003, WKC), the second double (EB9) and new sets (S003, WMJ,
      ADP), in the order :meth:`~bezique.laws.declaring.Bans.lifts` gives.

    ``barred``: a card that may not be used (the one gained by the exchange, S000
    law 8); ``borrowed``: the partner's cards the second double may look at instead
    of those the rules open (see :func:`_second_double_choice`).
    """
    rules = state.rules
    histories = tuple([cls & LOW for _, cls in classes])
    broken = tuple([cls >> 32 for _, cls in classes]) if state.broken else None
    reasons = _reuse_reasons(rules, kind, histories, broken)
    if not reasons and broken is None:
        return (), None
    bans = declaration_bans(rules, kind)
    if not reasons:
        if not bans.one_meld(histories):
            return (), None
        if chosen is not None and reform_allows(
            rules, kind, chosen, state.melds, seat, state.history
        ):
            return (), None
        # S003: re-forming re-creates one broken meld; two melds' remnants do not combine.
        reformed = _melds_choice(state, seat, kind, classes, barred)
        if reformed is not None:
            return (), reformed
        reasons = (Reason.SAME_KIND_REUSED,)
    for lift in bans.lifts(reasons):
        picked = _lifted_choice(state, seat, kind, classes, lift, barred, borrowed)
        if picked is not None:
            return (), picked
    return reasons, None


def _lifted_choice(
    state: DealFields,
    seat: int,
    kind: MeldKind,
    classes: Sequence[tuple[int, int]],
    lift: Lift,
    barred: int | None,
    borrowed: int | None,
) -> list[int] | None:
    """Card ids of these classes that the exception ``lift`` allows, if any."""
    if lift is Lift.REPAIR:
        if len(classes) != 2:
            return None
        pair = _rearranged_choice(state, seat, kind, classes)
        return None if pair is None else list(pair)
    if lift is Lift.SECOND_DOUBLE:
        return _second_double_choice(state, seat, classes, barred, borrowed)
    return _melds_choice(state, seat, kind, classes, barred)


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
        from_partner += max(0, count - len(ids_of(state, own, face, cls)))
    # Cards of the concealed hand have no declaration history in the stock phase.
    from_hand = sum(1 for _, cls in classes if not cls)
    return partner_table_reasons(state.rules, kind, from_partner, from_hand)


def _reuse_reasons(
    rules: Rules, kind: MeldKind, histories: tuple[int, ...], broken: tuple[int, ...] | None
) -> tuple[Reason, ...]:
    """:func:`reuse_reasons`, kept with the rules' derived values: it depends on
    nothing else, and the same few combinations of histories come up again and again."""
    return derived(rules, _reuse_memo)((kind, histories, broken))


_ReuseKey = tuple[MeldKind, tuple[int, ...], tuple[int, ...] | None]


def _reuse_memo(rules: Rules) -> Memo[_ReuseKey, tuple[Reason, ...]]:
    """The re-use verdicts met so far under these rules (asked by :func:`_reuse_reasons`)."""

    def verdict(key: _ReuseKey) -> tuple[Reason, ...]:
        return tuple(reuse_reasons(rules, *key))

    return Memo(verdict)


def _rearranged_choice(
    state: DealFields, seat: int, kind: MeldKind, classes: Sequence[tuple[int, int]]
) -> tuple[int, int] | None:
    """Two held card ids of these classes that may marry again by re-pairing, if any."""
    (face_a, cls_a), (face_b, cls_b) = classes
    held = declarable(state, seat)
    return rearranged_pair(
        state.rules,
        kind,
        ids_of(state, held, face_a, cls_a),
        ids_of(state, held, face_b, cls_b),
        [m.cards for m in state.melds if m.seat == seat and m.kind is kind],
        state.history,
        state.broken,
    )


def declarer_cards(
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
    plan = derived(state.rules, make_plan)
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
    cards the declarer may use (:func:`declarer_cards`: under ``either-partner``
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
    own, lent = declarer_cards(state, seat, MeldKind.DOUBLE_BEZIQUE, classes)
    if borrowed is not None:
        lent = borrowed & ~own
    held = own | lent
    if barred is not None:
        held &= ~(1 << barred)
    # Under re-forming, a card whose double lost a card is free again (WKC, BIC).
    reform = bool(state.broken) and declaration_bans(state.rules, MeldKind.DOUBLE_BEZIQUE).reform
    doubles = doubles_of(state)
    fresh: list[int] = []
    faces: list[int] = []
    options: list[list[int]] = []
    taken: dict[tuple[int, int], int] = {}
    for face, cls in classes:
        ids = sorted(ids_of(state, held, face, cls), key=lambda c: lent >> c & 1)
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

    * New sets (:attr:`Bans.new_set <bezique.laws.declaring.Bans.new_set>`): a set of
      cards ``seat`` never declared together in ``kind``
      (:func:`~bezique.laws.declaring.new_set_allows`).
    * Re-forming: the cards re-used from ``kind`` all from one broken meld
      (:func:`~bezique.laws.declaring.reform_allows`). Alike cards re-used may lie
      in different melds, so each is tried; the others of a class are
      interchangeable.
    """
    if declaration_bans(state.rules, kind).new_set:
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
        ids = ids_of(state, held, face, cls)
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
ABOVE_DOUBLE: Final = (
    MeldKind.TRIPLE_BEZIQUE,
    MeldKind.QUADRUPLE_BEZIQUE,
    MeldKind.QUINTUPLE_BEZIQUE,
)


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


_MeldTable = tuple[
    tuple[tuple[int, ...], ...], tuple[_Entry, ...], tuple[tuple[int, int, _Entry], ...]
]


def _meld_table(rules: Rules, trump: Suit | None) -> _MeldTable:
    # Kept with the rules' derived values, under the trump suit (None: no trumps yet).
    return derived(rules, _meld_tables)(trump)


def _meld_tables(rules: Rules) -> Memo[Suit | None, _MeldTable]:
    """The meld tables of these rules made so far, by trump suit (asked by :func:`_meld_table`)."""

    def table(trump: Suit | None) -> _MeldTable:
        entries = _make_meld_table(rules, trump)
        # For the quick checks: the patterns of given faces, with for each suit and
        # each set of its ranks present (a byte of the faces present) the patterns
        # whose faces of that suit are all there, as a bit set over the patterns; and
        # under a mask and a count of its cards, each pattern that one count decides:
        # quartets (any cards of a rank), and several copies of one face (four or five
        # of a trump rank), which one copy held would let past the faces' check, to
        # be turned down card by card most times.
        by_faces = tuple(e for e in entries if not e[4] and not _one_face(e))
        by_suit = tuple(_fitting([e[5] >> 8 * suit & 255 for e in by_faces]) for suit in range(4))
        by_count = tuple((e[4], e[7], e) for e in entries if e[4]) + tuple(
            (e[3][0][0], e[3][0][1], e) for e in entries if _one_face(e)
        )
        return (by_suit, by_faces, by_count)

    return Memo(table)


def _fitting(needs: Sequence[int]) -> tuple[int, ...]:
    """For each set of ranks of a suit (a byte), the patterns whose ranks of the suit
    (``needs``, a byte per pattern) it holds, as a bit set over the patterns. Made
    once per trump suit, the first time it comes up in a process: each pattern is
    put at its own ranks, then carried up to every set that holds them, a rank at a
    time (8 passes of 256, where testing every pattern against every set took 256
    passes of all the patterns)."""
    table = [0] * 256
    for i, need in enumerate(needs):
        table[need] |= 1 << i
    for rank in range(8):
        bit = 1 << rank
        for ranks in range(256):
            if ranks & bit:
                table[ranks] |= table[ranks ^ bit]
    return tuple(table)


def _one_face(entry: _Entry) -> bool:
    """Whether the pattern of ``entry`` is several copies of one face."""
    masks = entry[3]
    return len(masks) == 1 and masks[0][1] > 1


def _make_meld_table(rules: Rules, trump: Suit | None) -> tuple[_Entry, ...]:
    """Every pattern of every declarable kind, with the masks for a quick check:
    (kind, pattern, banned history bits, ((face mask, count), ...), rank mask,
    the set of faces the pattern needs, ((face, count), ...), count of a rank)."""
    tables = deck_tables(rules.deck.packs)
    entries: list[_Entry] = []
    for kind in rules.meld_kinds:
        # The cards no exception can let into the kind never make it (the re-use law).
        banned = declaration_bans(rules, kind).never
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
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every choice of ``count`` cards of one rank among the usable faces, as
    ((face, how many), ...): four of a kind in any suits (S000, FOS p.325)."""
    available = tuple(sorted([(face, sum(by.values())) for face, by in usable.items()]))
    return _multisets(available, count)


@functools.cache
def _multisets(
    available: tuple[tuple[int, int], ...], count: int
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """:func:`_rank_multisets` of the faces and counts ``available`` (face order). Kept
    once worked out: the same few counts of a rank's copies come up at every winner's
    turn that holds four of them, and the choices cost about a sixth of the listing."""
    copies = dict(available)
    out = []
    for combo in itertools.combinations_with_replacement(copies, count):
        need = {face: combo.count(face) for face in dict.fromkeys(combo)}
        if all(n <= copies[face] for face, n in need.items()):
            out.append(tuple(need.items()))
    return tuple(out)


def _class_choices(
    need: tuple[tuple[int, int], ...], usable: dict[int, dict[int, int]]
) -> Iterator[list[tuple[int, int]]]:
    """Every way to pick the needed copies of each face among its classes of
    interchangeable copies, as [(face, class), ...]."""
    per_face: list[list[list[tuple[int, int]]]] = []
    # Most faces have one class of copies, and then there is one choice: made as it
    # is, without the product of one-element lists.
    alike = True
    for face, count in need:
        by_class = usable[face]
        if len(by_class) == 1:
            ((cls, available),) = by_class.items()
            if available < count:
                return
            per_face.append([[(face, cls)] * count])
            continue
        alike = False
        options = sorted(by_class.items())
        picks = []
        for combo in itertools.combinations_with_replacement(range(len(options)), count):
            if all(combo.count(i) <= options[i][1] for i in set(combo)):
                picks.append([(face, options[i][0]) for i in combo])
        per_face.append(picks)
    if alike:
        yield [pick for (picks,) in per_face for pick in picks]
        return
    for product in itertools.product(*per_face):
        yield [pick for picks in product for pick in picks]
