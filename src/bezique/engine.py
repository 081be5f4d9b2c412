"""Pure transitions of a deal: dealing, legal actions, validation, and ``step``.

Everything here is a function of a :class:`~bezique.state.DealState` (and an
action); nothing is changed in place. The rules each function applies are
cited beside it.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from bezique.actions import (
    Action,
    CardRef,
    Declare,
    Draw,
    Exchange,
    Pass,
    Play,
    ScorePending,
    ShowCarteBlanche,
)
from bezique.cards import FACES, FACES_PER_PACK, Card, Rank, Suit, face_of
from bezique.errors import IllegalActionError, SeatError
from bezique.laws.dealing import deal_packets, dealt_points, deck_order, shuffled_deck
from bezique.laws.declaring import (
    forbidden_history,
    meld_patterns,
    reuse_reasons,
    tracks_broken,
    trump_fixers,
)
from bezique.laws.tricks import beats, duty_reason, playable, trick_terms, winning_index
from bezique.laws.zones import DeckTables, bits, deck_tables
from bezique.legality import Reason
from bezique.melds import MeldKind, Pattern, kinds_in
from bezique.records import DeclaredMeld, ScoreEvent, ScoreSource, Trick, Window
from bezique.rules import (
    BrisqueTiming,
    DeclarationLimit,
    LastTrick,
    MarriageRearrangement,
    Rules,
    SameKindReuse,
    SevenOfTrumps,
)
from bezique.state import (
    _END,
    _OVER,
    _STOCK,
    DealState,
    _DealFields,
    sealed,
)

__all__ = [
    "ScoreEvent",
    "ScoreSource",
    "SeatError",
    "beats",
    "legal_actions",
    "legal_declarations",
    "new_deal",
    "step",
    "trick_winner",
    "why_illegal",
]


@attrs.frozen
class _Plan:
    """Values of a rule set that the hot paths read on every trick, computed once."""

    tables: DeckTables
    total_tricks: int
    bonus_trick: int
    last_trick_points: int
    seven_on_play: int
    seven_on_win: int
    brisques_when_won: int
    window_in_end_phase: bool
    #: FOS p.326: several melds shown, one scored, the rest scored on later tricks.
    pending_melds: bool


def _plan(rules: Rules) -> _Plan:
    return rules.derived(_make_plan)


def _make_plan(rules: Rules) -> _Plan:
    trumps = rules.trumps
    seven = trumps.seven_of_trumps_points
    scoring = rules.scoring
    return _Plan(
        tables=deck_tables(rules.deck.packs),
        total_tricks=rules.total_tricks,
        # S000 law 10: the final trick scores (variation: the last stock trick).
        bonus_trick=(
            rules.total_tricks if scoring.last_trick is LastTrick.FINAL else rules.stock_tricks
        ),
        last_trick_points=scoring.last_trick_points,
        seven_on_play=seven if trumps.seven_of_trumps is SevenOfTrumps.ON_PLAY else 0,
        seven_on_win=seven if trumps.seven_of_trumps is SevenOfTrumps.ON_WIN else 0,
        brisques_when_won=(
            scoring.brisque_points if scoring.brisques is BrisqueTiming.WHEN_WON else 0
        ),
        window_in_end_phase=rules.declarations.melding_after_close,
        pending_melds=rules.declarations.limit is DeclarationLimit.ONE_SCORED_REST_PENDING,
    )


#: The winner's turn as it opens, one shared value per seat.
_OPEN_WINDOWS = tuple(Window(seat) for seat in range(8))


def check_seat(state: DealState, seat: int) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise SeatError(f"no seat {seat!r}: seats are 0..{state.players - 1}")
    return seat


# -- dealing ---------------------------------------------------------------------------


def new_deal(
    rules: Rules,
    *,
    seed: int | str | None = None,
    deck: Sequence[int | str | Card] | None = None,
    dealer: int = 0,
    cut: tuple[int, int] | None = None,
) -> DealState:
    """Deal a new hand: from a shuffled deck (``seed``) or an explicit card order.

    ``deck`` lists the cards top first: faces (``"QS"``, :class:`Card`), whose
    copies are numbered in order of appearance, or physical cards (``"QSb"``,
    card ids). Cards go out in the packets of the rules, non-dealer first
    (S000 law 3, S001); the next card is turned up for trumps and placed under
    the stock to be drawn last (S000 law 4). A turned-up seven scores for the
    dealer at once (S000 law 4). Without a turn-up (Rubicon and the multi-pack
    games) there are no trumps until a declaration fixes them.

    ``cut`` is the six-pack cut (PKW, HER): the number of cards the dealer lifted
    and the non-dealer's guess, scored when the rules have a cut bonus.

    >>> import bezique as bz
    >>> state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    >>> state.current_player, state.stock_size, len(state.hand(0))
    (1, 48, 8)
    """
    n = rules.players
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise SeatError(f"no seat {dealer!r} to deal: seats are 0..{n - 1}")
    order = shuffled_deck(rules, seed) if deck is None else deck_order(rules, deck)
    hands, turn_up, pos = deal_packets(rules, order, dealer)
    trump = None if turn_up is None else face_of(turn_up).suit
    scores = [0] * n
    for seat, points in dealt_points(rules, turn_up, dealer, cut):
        scores[seat] += points
    tracking = tracks_broken(rules)
    carte_blanche: tuple[bool, ...] = ()
    offers: tuple[int, ...] = ()
    if rules.carte_blanche.carte_blanche_points is not None:
        # HGM, FOS p.334: a dealt hand with no king, queen or jack may be shown,
        # before the first trick; the non-dealer decides first. Every seat is
        # asked, so that passing does not tell whether it held one.
        carte_blanche = (False,) * n
        offers = tuple((dealer + i) % n for i in range(1, n + 1))
    return DealState(
        rules=rules,
        dealer=dealer,
        phase=_STOCK,
        trump=trump,
        turn_up=turn_up,
        stock=tuple(order[pos:]),
        hand_masks=hands,
        table_masks=(0,) * n,
        history=(0,) * rules.deck_size,
        won_masks=(0,) * n,
        tricks=(),
        trick=(),
        leader=(dealer + 1) % n,
        window=None,
        melds=(),
        scores=tuple(scores),
        broken=(0,) * rules.deck_size if tracking else (),
        carte_blanche=carte_blanche,
        offers=offers,
        revealed_masks=(0,) * n,
    )


def initial_events(state: DealState) -> tuple[ScoreEvent, ...]:
    """What scored when the deal was made: a turned-up seven (S000 law 4), the
    six-pack cut (PKW); read from a state on which no action was taken."""
    events: list[ScoreEvent] = []
    if state.turn_up is not None and face_of(state.turn_up).rank is Rank.SEVEN:
        points = state.rules.trumps.turn_up_seven_points
        _scored((0,) * state.players, events, state.dealer, points, ScoreSource.TURN_UP_SEVEN, "")
    for seat, total in enumerate(state.scores):
        already = sum(e.points for e in events if e.seat == seat)
        if total > already:
            events.append(ScoreEvent(seat, total - already, ScoreSource.CUT, ""))
    return tuple(events)


# -- tricks ----------------------------------------------------------------------------


def trick_winner(state: DealState, cards: Sequence[int]) -> int:
    """The index in ``cards`` (in play order) of the card that takes them, now."""
    return winning_index(cards, *trick_terms(state.rules, state.trump, state.phase is _STOCK))


def _playable(state: DealState, seat: int) -> int:
    """The mask of cards ``seat`` may play to the current trick (see :func:`playable`)."""
    held = state.hand_masks[seat] | state.table_masks[seat]
    if state.phase is not _END or not state.trick:
        return held
    return playable(held, state.trick, state.trump, True, deck_tables(state.rules.deck.packs))


# -- legal actions ---------------------------------------------------------------------


def legal_actions(state: DealState) -> tuple[Action, ...]:
    """See :meth:`bezique.DealState.legal_actions` for the order."""
    cached = state._legal
    if cached is not None:
        return cached
    if state.phase is _OVER:
        actions: tuple[Action, ...] = ()
    elif state.offers:
        actions = (_SHOW_CARTE_BLANCHE, _PASS) if _may_show(state) else (_PASS,)
    elif state.window is None:
        seat = (state.leader + len(state.trick)) % len(state.hand_masks)
        actions = _play_actions(state, seat, _playable(state, seat))
    else:
        actions = _window_actions(state, state.window)
    object.__setattr__(state, "_legal", actions)
    return actions


def _window_actions(state: DealState, window: Window) -> tuple[Action, ...]:
    actions: list[Action] = []
    plan = _plan(state.rules)
    turn_up = state.turn_up
    if (
        turn_up is not None
        and turn_up & 7 != _SEVEN
        and state.hand_masks[window.seat] & plan.tables.face_mask[turn_up & 24]
        and not _exchange_reasons(state, window)
    ):
        # A seven of trumps in the hand (face index: the turn-up's suit, rank 7).
        actions.append(_EXCHANGE)
    actions.extend(_declarations(state, window))
    if plan.pending_melds:
        actions.extend(
            ScorePending(i)
            for i in state.pending_melds(window.seat)
            if not _score_pending_reasons(state, window, i)
        )
    if not actions:
        return _ONLY_DRAW if state.phase is _STOCK else _ONLY_PASS
    actions.append(_DRAW if state.phase is _STOCK else _PASS)
    return tuple(actions)


_EXCHANGE = Exchange()
_SHOW_CARTE_BLANCHE = ShowCarteBlanche()
_DRAW = Draw()
_PASS = Pass()
_ONLY_DRAW: tuple[Action, ...] = (_DRAW,)
_ONLY_PASS: tuple[Action, ...] = (_PASS,)


class _Plays(dict[int, Play]):
    """The shared ``Play`` of each key of :func:`_key`, made when first asked for."""

    def __missing__(self, key: int) -> Play:
        play = self[key] = Play(_ref(key))
        return play


# Actions are values; these caches only spare rebuilding the same objects (and let
# ``step`` recognise a listed action by identity).
_PLAYS = _Plays()
_REFS: dict[int, CardRef] = {}
_DECLARES: dict[tuple[MeldKind, tuple[int, ...]], Declare] = {}


_LOW = 0xFFFFFFFF


def _key(face: int, history: int, broken: int) -> int:
    """An int key for (face, history, broken): cards with equal keys are interchangeable."""
    return face << 64 | broken << 32 | history


def _ref(key: int) -> CardRef:
    """The reference for a key of :func:`_key`."""
    ref = _REFS.get(key)
    if ref is None:
        ref = _REFS[key] = CardRef(
            FACES[key >> 64], kinds_in(key & _LOW), kinds_in(key >> 32 & _LOW)
        )
    return ref


def _play_action(key: int) -> Play:
    """The shared ``Play`` for a key of :func:`_key`."""
    return _PLAYS[key]


def _faces(mask: int) -> int:
    """The faces present in a mask of card ids, as a 32-bit set (copies folded)."""
    faces = 0
    while mask:
        faces |= mask & _LOW
        mask >>= FACES_PER_PACK
    return faces


def _play_actions(state: DealState, seat: int, mask: int) -> tuple[Action, ...]:
    """One ``Play`` per (face, history, broken) among the cards of ``mask``, in order."""
    history = state.history
    broken = state.broken
    if state.phase is _END and state.rules.declarations.melding_after_close:
        # Cards back in the hand keep their histories: each card has its key.
        declared = mask
        faces = 0
    else:
        # Concealed cards have no history: their faces alone make the plays.
        declared = mask & state.table_masks[seat]
        faces = _faces(mask & ~declared)
        if not declared:
            return (
                _SUIT_PLAYS[0][faces & 255]
                + _SUIT_PLAYS[1][faces >> 8 & 255]
                + _SUIT_PLAYS[2][faces >> 16 & 255]
                + _SUIT_PLAYS[3][faces >> 24]
            )
    keys = set()
    while declared:
        low = declared & -declared
        card = low.bit_length() - 1
        declared ^= low
        keys.add((card & 31) << 64 | (broken[card] << 32 if broken else 0) | history[card])
    by_face = len({key >> 64 for key in keys}) == len(keys)
    keys.update(
        _SUIT_KEYS[0][faces & 255]
        + _SUIT_KEYS[1][faces >> 8 & 255]
        + _SUIT_KEYS[2][faces >> 16 & 255]
        + _SUIT_KEYS[3][faces >> 24]
    )
    # Keys sort by face first, a concealed card (no history) first within its face;
    # only declared cards of one face with different histories need the full order.
    ordered = sorted(keys) if by_face else sorted(keys, key=_play_order)
    return tuple(map(_PLAYS.__getitem__, ordered))


def _declaration(kind: MeldKind, keys: tuple[int, ...]) -> Declare:
    """The shared ``Declare`` of a kind and cards given by keys of :func:`_key`."""
    found = _DECLARES.get((kind, keys))
    if found is None:
        found = _DECLARES[kind, keys] = Declare(kind, tuple(map(_ref, keys)))
    return found


#: For each suit and each set of its ranks (a byte), the keys (:func:`_key`) of those
#: faces from the concealed hand, and their plays, in order.
_SUIT_KEYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple((suit * 8 + rank) << 64 for rank in range(8) if ranks >> rank & 1)
        for ranks in range(256)
    )
    for suit in range(4)
)
_SUIT_PLAYS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(map(_play_action, keys)) for keys in suit) for suit in _SUIT_KEYS
)


@functools.cache
def _play_order(key: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Sort key of a play: face, then history, in the order of :attr:`CardRef.sort_key`."""
    return _ref(key).sort_key


def _declaration_limit_reasons(state: DealState, window: Window) -> list[Reason]:
    rules = state.rules
    if state.phase is _END and not rules.declarations.melding_after_close:
        return [Reason.NOT_IN_STOCK_PHASE]
    if _several_allowed(state):
        return []
    if window.declarations:
        return [Reason.ALREADY_DECLARED]
    return []


def _several_allowed(state: DealState) -> bool:
    """Whether this window allows more than one declaration."""
    decl = state.rules.declarations
    if decl.limit is not DeclarationLimit.ONE:
        return True
    # S000 law 7 variation: the winner of the last stock trick may declare all he holds.
    return decl.declare_all_after_last_stock_trick and _after_last_stock_trick(state)


def _all_score(state: DealState) -> bool:
    """Whether every declaration of this window scores (not only the first)."""
    decl = state.rules.declarations
    if decl.limit is DeclarationLimit.SEVERAL:
        return True
    return decl.declare_all_after_last_stock_trick and _after_last_stock_trick(state)


def _after_last_stock_trick(state: DealState) -> bool:
    return state.phase is _STOCK and len(state.tricks) == state.rules.stock_tricks


def legal_declarations(state: DealState) -> tuple[Declare, ...]:
    """Every legal declaration of the trick winner, each choice once."""
    window = state.window
    if window is None or state.offers or state.phase is _OVER:
        return ()
    return _declarations(state, window)


def _declarations(state: DealState, window: Window) -> tuple[Declare, ...]:
    """:func:`legal_declarations` in the winner's turn ``window`` (no carte blanche on offer)."""
    if (window.declarations or state.phase is _END) and _declaration_limit_reasons(state, window):
        return ()
    rules = state.rules
    seat = window.seat
    held = state.hand_masks[seat] | state.table_masks[seat]
    if window.exchanged is not None:
        held &= ~(1 << window.exchanged)
    history = state.history
    broken = state.broken
    present = _faces(held)
    out: list[Declare] = []
    # Quick checks before looking at histories: the faces, then the counts.
    by_faces, by_rank = _meld_table(rules, state.trump)
    candidates = [e for faces, e in by_faces if faces & present == faces]
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
                if _class_reasons(state, seat, kind, classes):
                    continue
                out.append(_declaration(kind, tuple([face << 64 | cls for face, cls in classes])))
    if len(out) > 1:
        out.sort(key=_declare_order)
    return tuple(out)


_KIND_INDEX = {kind: i for i, kind in enumerate(MeldKind)}


def _declare_order(
    action: Declare,
) -> tuple[int, tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]]:
    """Declarations are listed by kind, then by their cards' :attr:`CardRef.sort_key`."""
    return (_KIND_INDEX[action.kind], tuple(card.sort_key for card in action.cards))


def _class_reasons(
    state: DealState, seat: int, kind: MeldKind, classes: Sequence[tuple[int, int]]
) -> tuple[Reason, ...]:
    """The re-use reasons against a declaration of cards of these classes
    (face, ``broken << 32 | history``): none if some choice of cards is legal."""
    rules = state.rules
    histories = tuple([cls & _LOW for _, cls in classes])
    broken = tuple([cls >> 32 for _, cls in classes]) if state.broken else None
    reasons = _reuse_reasons(rules, kind, histories, broken)
    if (
        reasons
        and _rearrangement_applies(rules, kind, reasons)
        and _rearranged_choice(state, seat, kind, classes) is not None
    ):
        return ()
    return reasons


def _reuse_reasons(
    rules: Rules, kind: MeldKind, histories: tuple[int, ...], broken: tuple[int, ...] | None
) -> tuple[Reason, ...]:
    """:func:`reuse_reasons`, kept with the rules' derived values: it depends on
    nothing else, and the same few combinations of histories come up again and again."""
    memo = rules.derived(_reuse_memo)
    key = (kind, histories, broken)
    reasons = memo.get(key)
    if reasons is None:
        reasons = memo[key] = tuple(reuse_reasons(rules, kind, histories, broken))
    return reasons


def _reuse_memo(
    rules: Rules,
) -> dict[tuple[MeldKind, tuple[int, ...], tuple[int, ...] | None], tuple[Reason, ...]]:
    """The re-use verdicts met so far under these rules (filled by :func:`_reuse_reasons`)."""
    return {}


_RELAXED = {Reason.SAME_KIND_REUSED, Reason.NO_FRESH_CARD}


def _rearrangement_applies(rules: Rules, kind: MeldKind, reasons: Sequence[Reason]) -> bool:
    return (
        kind in (MeldKind.COMMON_MARRIAGE, MeldKind.ROYAL_MARRIAGE)
        and rules.declarations.marriage_rearrangement is not MarriageRearrangement.NONE
        and set(reasons) <= _RELAXED
    )


def _rearranged_choice(
    state: DealState, seat: int, kind: MeldKind, classes: Sequence[tuple[int, int]]
) -> tuple[int, int] | None:
    """Two held card ids of these classes that may marry again by re-pairing, if any.

    S003 (swap without play): both come from declared marriages and were never
    married to each other. WKC (re-pair after play): one is a lone partner whose
    marriage lost a card, the other comes from another declared marriage.
    """
    (face_a, cls_a), (face_b, cls_b) = classes
    held = state.hand_masks[seat] | state.table_masks[seat]
    firsts = _ids_of(state, held, face_a, cls_a)
    seconds = _ids_of(state, held, face_b, cls_b)
    bit = kind.bit
    married = {frozenset(m.cards) for m in state.melds if m.seat == seat and m.kind is kind}
    mode = state.rules.declarations.marriage_rearrangement
    broken = state.broken
    for a in firsts:
        for b in seconds:
            if a == b or frozenset((a, b)) in married:
                continue
            in_a = state.history[a] & bit
            in_b = state.history[b] & bit
            if mode is MarriageRearrangement.SWAP_WITHOUT_PLAY:
                # S003: two whole marriages, rearranged; nothing has been played.
                whole = not broken or not (broken[a] | broken[b]) & bit
                if in_a and in_b and whole:
                    return (a, b)
            elif broken and ((broken[a] & bit and in_b) or (broken[b] & bit and in_a)):
                return (a, b)
    return None


def _ids_of(state: DealState, held: int, face: int, cls: int) -> list[int]:
    """Held card ids of a face (index) whose (broken, history) class is ``cls``."""
    broken = state.broken
    return [
        c
        for c in bits(held & deck_tables(state.rules.deck.packs).face_mask[face])
        if (broken[c] << 32 if broken else 0) | state.history[c] == cls
    ]


def _patterns(state: DealState, kind: MeldKind) -> tuple[Pattern, ...]:
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


_MeldTable = tuple[tuple[tuple[int, _Entry], ...], tuple[tuple[int, int, _Entry], ...]]


def _meld_table(rules: Rules, trump: Suit | None) -> _MeldTable:
    # Kept with the rules' derived values, under the trump suit (None: no trumps yet).
    tables = rules.derived(_meld_tables)
    table = tables.get(trump)
    if table is None:
        entries = _make_meld_table(rules, trump)
        # For the quick checks: patterns of given faces under the set of faces
        # they need, quartets (any cards of a rank) under their rank mask and count.
        by_faces = tuple((e[5], e) for e in entries if not e[4])
        by_rank = tuple((e[4], e[7], e) for e in entries if e[4])
        table = tables[trump] = (by_faces, by_rank)
    return table


def _meld_tables(rules: Rules) -> dict[Suit | None, _MeldTable]:
    """The meld tables of these rules made so far, by trump suit (filled by :func:`_meld_table`)."""
    return {}


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
        relaxed = decl.same_kind_reuse is SameKindReuse.REFORM_AFTER_PLAY or (
            kind in (MeldKind.COMMON_MARRIAGE, MeldKind.ROYAL_MARRIAGE)
            and decl.marriage_rearrangement is not MarriageRearrangement.NONE
        )
        banned = inferior | married | (0 if relaxed else same)
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


# -- validation ------------------------------------------------------------------------


def why_illegal(state: DealState, action: Action) -> tuple[Reason, ...]:
    """The reasons ``action`` is illegal in ``state`` (empty if legal)."""
    if state.phase is _OVER:
        return (Reason.DEAL_OVER,)
    if state.offers:
        # A seat decides on a carte blanche (HGM, WKC): show it or pass, nothing else.
        if isinstance(action, Pass):
            return ()
        if isinstance(action, ShowCarteBlanche):
            return () if _may_show(state) else (Reason.NO_CARTE_BLANCHE,)
        return (Reason.WRONG_ACTION_NOW,)
    if isinstance(action, ShowCarteBlanche):
        return (Reason.NO_CARTE_BLANCHE,)
    window = state.window
    if isinstance(action, Play):
        if window is not None:
            return (Reason.WRONG_ACTION_NOW,)
        return tuple(_play_reasons(state, action))
    if not isinstance(action, (Declare, Exchange, ScorePending, Draw, Pass)):
        return (Reason.WRONG_ACTION_NOW,)
    if window is None:
        if isinstance(action, (Draw, Pass)):
            return (Reason.WRONG_ACTION_NOW,)
        if state.phase is _END and not state.rules.declarations.melding_after_close:
            # S000 law 9: no declarations once the stock is exhausted.
            return (Reason.NOT_IN_STOCK_PHASE,)
        return (Reason.NOT_TRICK_WINNER,)
    if isinstance(action, Draw):
        return () if state.phase is _STOCK else (Reason.WRONG_ACTION_NOW,)
    if isinstance(action, Pass):
        return () if state.phase is _END else (Reason.WRONG_ACTION_NOW,)
    if isinstance(action, Exchange):
        return tuple(_exchange_reasons(state, window))
    if isinstance(action, ScorePending):
        return tuple(_score_pending_reasons(state, window, action.meld))
    return tuple(_declare_reasons(state, window, action)[0])


def _find(state: DealState, mask: int, ref: CardRef) -> list[int]:
    """Card ids in ``mask`` matching a reference, lowest first."""
    if not state.broken and ref.broken:
        return []
    return _ids_of(state, mask, ref.card.index, _class_of(state, ref))


def _play_reasons(state: DealState, action: Play) -> list[Reason]:
    seat = (state.leader + len(state.trick)) % state.players
    held = state.hand_masks[seat] | state.table_masks[seat]
    if not _find(state, held, action.card):
        return [Reason.CARD_NOT_HELD]
    playable = _playable(state, seat)
    if _find(state, playable, action.card):
        return []
    # End phase duty broken: say which one (S000 law 9).
    tables = deck_tables(state.rules.deck.packs)
    return [duty_reason(held, state.trick, action.card.card, state.trump, tables)]


def _exchange_reasons(state: DealState, window: Window) -> list[Reason]:
    """S000 law 8: only the trick's winner, holding a seven of trumps, before drawing;
    not when the turn-up is itself a seven (S004; SPEC #21)."""
    rules = state.rules
    if rules.trumps.exchange_points is None:
        return [Reason.EXCHANGE_NOT_IN_VARIANT]
    if state.phase is not _STOCK or state.turn_up is None or state.trump is None:
        return [Reason.NO_TURN_UP]
    reasons = []
    if face_of(state.turn_up).rank is Rank.SEVEN:
        reasons.append(Reason.TURN_UP_IS_SEVEN)
    if _seven_in_hand(state, window.seat) is None:
        reasons.append(Reason.NO_SEVEN_OF_TRUMPS)
    # S002b: the exchange is the trick's declaration, so it needs the score still free.
    if rules.trumps.exchange_counts_as_declaration and window.scored and not _all_score(state):
        reasons.append(Reason.ALREADY_DECLARED)
    return reasons


def _seven_in_hand(state: DealState, seat: int) -> int | None:
    if state.trump is None:
        return None
    seven = FACES[int(state.trump) * 8 + int(Rank.SEVEN)]
    cards = bits(
        state.hand_masks[seat] & deck_tables(state.rules.deck.packs).face_mask[seven.index]
    )
    return cards[0] if cards else None


def _score_pending_reasons(state: DealState, window: Window, index: int) -> list[Reason]:
    if not 0 <= index < len(state.melds):
        return [Reason.NO_SUCH_PENDING_MELD]
    meld = state.melds[index]
    if meld.seat != window.seat or meld.scored:
        return [Reason.NO_SUCH_PENDING_MELD]
    reasons = _declaration_limit_reasons(state, window)
    if window.scored and not _all_score(state):
        reasons.append(Reason.ALREADY_SCORED)
    held = state.hand_masks[window.seat] | state.table_masks[window.seat]
    if any(not held >> c & 1 for c in meld.cards):
        reasons.append(Reason.PENDING_MELD_BROKEN)
    return reasons


def _declare_reasons(
    state: DealState, window: Window, action: Declare
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
    held = state.hand_masks[seat] | state.table_masks[seat]
    chosen: list[int] = []
    for ref in action.cards:
        candidates = [c for c in _find(state, held, ref) if c not in chosen]
        usable = [c for c in candidates if c != window.exchanged]
        if usable:
            chosen.append(usable[0])
        elif candidates:
            reasons.append(Reason.USES_EXCHANGED_CARD)
            chosen.append(candidates[0])
        else:
            if Reason.CARD_NOT_HELD not in reasons:
                reasons.append(Reason.CARD_NOT_HELD)
    if Reason.KIND_NOT_IN_VARIANT not in reasons:
        histories = tuple([ref.mask for ref in action.cards])
        broken = tuple([ref.broken_mask for ref in action.cards]) if state.broken else None
        reuse = _reuse_reasons(rules, kind, histories, broken)
        if (
            reuse
            and _rearrangement_applies(rules, kind, reuse)
            and len(chosen) == len(action.cards) == 2
        ):
            classes = [(ref.card.index, _class_of(state, ref)) for ref in action.cards]
            pair = _rearranged_choice(state, seat, kind, classes)
            if pair is not None:
                reuse, chosen = (), list(pair)
        reasons.extend(reuse)
    return reasons, chosen


def _class_of(state: DealState, ref: CardRef) -> int:
    return (ref.broken_mask << 32 if state.broken else 0) | ref.mask


# -- transitions -----------------------------------------------------------------------


def step(state: DealState, action: Action) -> tuple[DealState, tuple[ScoreEvent, ...]]:
    """Apply a legal action; raise :class:`IllegalActionError` otherwise."""
    if type(action) is Play and state._legal is not None:
        for legal in state._legal:  # listed actions are shared objects
            if legal is action:
                return _play(state, action)  # the common case, validated by the memo
    window = state.window
    if type(action) is Draw and window is not None and not state.offers and state.phase is _STOCK:
        return _draw(state, window)  # the draw is always legal in the winner's turn
    if isinstance(action, Declare):
        if state.window is None or state.phase is _OVER or state.offers:
            raise IllegalActionError(action, why_illegal(state, action))
        reasons, chosen = _declare_reasons(state, state.window, action)
        if reasons:
            raise IllegalActionError(action, reasons)
        return _declare(state, state.window, action.kind, chosen)
    # The memo of legal actions, when present, already validated this action.
    if not _known_legal(state._legal, action):
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
    return _replace(state, window=None), ()


def _may_show(state: DealState) -> bool:
    """Whether the seat deciding holds no king, queen or jack (a carte blanche)."""
    seat = state.offers[0]
    held = state.hand_masks[seat] | state.table_masks[seat]
    return not held & deck_tables(state.rules.deck.packs).courts


def _carte_blanche(state: DealState, show: bool) -> tuple[DealState, tuple[ScoreEvent, ...]]:
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
        scores = _scored(scores, events, seat, points, ScoreSource.CARTE_BLANCHE, "")
    revealed = state.revealed_masks
    if show:
        # The hand is shown (WKC: the cards played face up one after another).
        revealed = revealed[:seat] + (state.hand_masks[seat],) + revealed[seat + 1 :]
    new = _replace(
        state,
        offers=state.offers[1:],
        carte_blanche=carte_blanche,
        scores=scores,
        revealed_masks=revealed,
    )
    return new, tuple(events)


def _known_legal(cached: tuple[Action, ...] | None, action: Action) -> bool:
    if cached is None:
        return False
    for legal in cached:  # identity first: listed actions are shared objects
        if legal is action:
            return True
    return action in cached


_INIT_FIELDS = tuple(f.name for f in attrs.fields(DealState) if f.init)
_FIELD_INDEX = {name: i for i, name in enumerate(_INIT_FIELDS)}
_fields_of = operator.attrgetter(*_INIT_FIELDS)


def _replace(state: DealState, **changes: Any) -> DealState:
    """``attrs.evolve`` without its introspection: the hot paths call this."""
    values = list(_fields_of(state))
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return sealed(_DealFields(*values))


def _add(scores: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    return scores[:seat] + (scores[seat] + points,) + scores[seat + 1 :]


def _with(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return values[:seat] + (value,) + values[seat + 1 :]


def _is_seven_of_trumps(state: DealState, card: int) -> bool:
    trump = state.trump
    return card & 7 == _SEVEN and trump is not None and (card & 31) >> 3 == trump


def _play(state: DealState, action: Play) -> tuple[DealState, tuple[ScoreEvent, ...]]:
    rules = state.rules
    plan = _plan(rules)
    hands = state.hand_masks
    n = len(hands)
    seat = (state.leader + len(state.trick)) % n
    hand = hands[seat]
    table = state.table_masks[seat]
    ref = action.card
    if not ref.history and (state.phase is _STOCK or not plan.window_in_end_phase):
        # A card named with no history is a concealed one: the lowest such copy.
        copies = hand & plan.tables.face_mask[ref.card.index]
        card = (copies & -copies).bit_length() - 1
    else:
        card = _first(state, hand | table, ref)
    bit = 1 << card
    events: list[ScoreEvent] = []
    scores = state.scores
    # S000 law 8: a seven of trumps played to a stock-phase trick scores for its
    # player, whether it wins or not (interpretation 4: at once).
    if (
        card & 7 == _SEVEN
        and plan.seven_on_play
        and state.phase is _STOCK
        and _is_seven_of_trumps(state, card)
    ):
        points = plan.seven_on_play
        scores = _scored(scores, events, seat, points, ScoreSource.SEVEN_OF_TRUMPS, "played")
    tables = state.table_masks
    history = state.history
    broken = state.broken
    if hand & bit:
        hands = hands[:seat] + (hand & ~bit,) + hands[seat + 1 :]
    else:
        tables = tables[:seat] + (table & ~bit,) + tables[seat + 1 :]
    if history[card]:
        if broken:
            broken = _break_melds(state, seat, card, history[card])
        history = history[:card] + (0,) + history[card + 1 :]
    revealed = state.revealed_masks
    if revealed and revealed[seat] & bit:
        revealed = revealed[:seat] + (revealed[seat] & ~bit,) + revealed[seat + 1 :]
    trick = (*state.trick, card)
    if len(trick) < n:
        new = sealed(
            _DealFields(
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
            )
        )
        return new, tuple(events) if events else ()
    return _complete_trick(state, hands, tables, history, broken, revealed, scores, trick, events)


def _break_melds(state: DealState, seat: int, card: int, kinds: int) -> tuple[int, ...]:
    """The broken masks once ``card`` leaves the melds of these kinds it was last
    declared in: their other held cards may now re-form them (SPEC 3.4)."""
    broken = list(state.broken)
    broken[card] = 0
    held = state.hand_masks[seat] | state.table_masks[seat]
    for kind in kinds_in(kinds):
        for meld in reversed(state.melds):
            if meld.seat == seat and meld.kind is kind and card in meld.cards:
                for other in meld.cards:
                    if other != card and held >> other & 1:
                        broken[other] |= kind.bit
                break
    return tuple(broken)


_SEVEN = int(Rank.SEVEN)


def _scored(
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
    return _add(scores, seat, points)


def _first(state: DealState, held: int, ref: CardRef) -> int:
    """The lowest held card id matching ``ref`` (the action is known legal)."""
    wanted = ref.mask
    history = state.history
    broken = state.broken
    broken_wanted = ref.broken_mask
    mask = held & deck_tables(state.rules.deck.packs).face_mask[ref.card.index]
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        if history[card] == wanted and (not broken or broken[card] == broken_wanted):
            return card
        mask ^= low
    raise IllegalActionError(Play(ref), (Reason.CARD_NOT_HELD,))  # pragma: no cover


def _complete_trick(
    state: DealState,
    hands: tuple[int, ...],
    tables: tuple[int, ...],
    history: tuple[int, ...],
    broken: tuple[int, ...],
    revealed: tuple[int, ...],
    scores: tuple[int, ...],
    cards: tuple[int, ...],
    events: list[ScoreEvent],
) -> tuple[DealState, tuple[ScoreEvent, ...]]:
    """The state once the last card of a trick is played (``state`` is the state
    before that card; the other arguments are its zones after it)."""
    rules = state.rules
    n = len(hands)
    winner = (state.leader + trick_winner(state, cards)) % n
    tricks = (*state.tricks, Trick(state.leader, cards, winner))
    won_mask = 0
    for card in cards:
        won_mask |= 1 << card
    won = _with(state.won_masks, winner, state.won_masks[winner] | won_mask)
    stock_phase = state.phase is _STOCK
    plan = _plan(rules)
    if stock_phase and plan.seven_on_win:
        # S000 law 8 variation: the seven scores only for the trick's winner.
        for card in cards:
            if _is_seven_of_trumps(state, card):
                points = plan.seven_on_win
                scores = _scored(scores, events, winner, points, ScoreSource.SEVEN_OF_TRUMPS, "won")
    brisques = plan.tables.brisques
    if plan.brisques_when_won:
        # PAR: each ace and ten scores as the trick is won.
        count = (won_mask & brisques).bit_count()
        points = count * plan.brisques_when_won
        scores = _scored(scores, events, winner, points, ScoreSource.BRISQUES, f"{count} in trick")
    number = len(tricks)
    final = number == plan.total_tricks
    if number == plan.bonus_trick:
        points = plan.last_trick_points
        scores = _scored(scores, events, winner, points, ScoreSource.LAST_TRICK, f"trick {number}")
    phase = state.phase
    window: Window | None = None
    if final:
        phase = _OVER
        if _brisques_count(rules, scores, won, brisques):
            # S000 laws 11-12: aces and tens counted after the last trick, non-dealer first.
            for i in range(1, n + 1):
                seat = (state.dealer + i) % n
                count = (won[seat] & brisques).bit_count()
                points = count * rules.scoring.brisque_points
                scores = _scored(scores, events, seat, points, ScoreSource.BRISQUES, f"{count}")
    elif stock_phase or plan.window_in_end_phase:
        window = _OPEN_WINDOWS[winner]
    new = sealed(
        _DealFields(
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
            winner,
            window,
            state.melds,
            scores,
            broken,
            state.carte_blanche,
            state.offers,
            revealed,
        )
    )
    return new, tuple(events)


def _brisques_count(
    rules: Rules, scores: tuple[int, ...], won: tuple[int, ...], brisques: int
) -> bool:
    """Whether the brisques are counted after the last trick.

    Rubicon (BIC, CMC, S003): only to break a tie, or when they lift the lower
    total to the rubicon; if either player counts them, both do.
    """
    timing = rules.scoring.brisques
    if timing is BrisqueTiming.END_OF_DEAL:
        return True
    if timing is not BrisqueTiming.TIES_AND_RUBICON:
        return False
    low, high = sorted(scores)
    if low == high:
        return True
    loser = scores.index(low)
    points = (won[loser] & brisques).bit_count() * rules.scoring.brisque_points
    return low < rules.scoring.rubicon <= low + points


def _exchange(state: DealState, window: Window) -> tuple[DealState, tuple[ScoreEvent, ...]]:
    """S000 law 8: swap the seven of trumps for the turn-up, +10."""
    seat = window.seat
    seven = _seven_in_hand(state, seat)
    gained = state.turn_up
    if seven is None or gained is None:  # pragma: no cover - refused by _exchange_reasons
        raise IllegalActionError(Exchange(), (Reason.NO_SEVEN_OF_TRUMPS,))
    points = state.rules.trumps.exchange_points or 0
    events = (
        (ScoreEvent(seat, points, ScoreSource.EXCHANGE, str(face_of(gained))),) if points else ()
    )
    hands = _with(state.hand_masks, seat, (state.hand_masks[seat] & ~(1 << seven)) | (1 << gained))
    counts = state.rules.trumps.exchange_counts_as_declaration
    new_window = Window(
        seat, window.declarations + (1 if counts else 0), window.scored or counts, gained
    )
    # The card gained was face up, so it is seen in the hand; the seven is now the turn-up.
    revealed = state.revealed_masks
    seen = (revealed[seat] | 1 << gained) & ~(1 << seven)
    revealed = revealed[:seat] + (seen,) + revealed[seat + 1 :]
    new = _replace(
        state,
        hand_masks=hands,
        turn_up=seven,
        window=new_window,
        scores=_add(state.scores, seat, points),
        revealed_masks=revealed,
    )
    return new, events


def _declare(
    state: DealState, window: Window, kind: MeldKind, cards: list[int]
) -> tuple[DealState, tuple[ScoreEvent, ...]]:
    rules = state.rules
    seat = window.seat
    points = rules.meld_value(kind) or 0
    # One score per trick unless all may score (FOS p.326, SPEC 3.3 item 7).
    scored = _all_score(state) or not window.scored
    broken = state.broken
    if broken:
        broken = _rejoin_melds(state, seat, kind, cards)
    mask = 0
    history = list(state.history)
    for card in cards:
        mask |= 1 << card
        history[card] |= kind.bit
    hands = _with(state.hand_masks, seat, state.hand_masks[seat] & ~mask)
    tables = state.table_masks
    revealed = state.revealed_masks
    if state.phase is _STOCK:
        tables = _with(tables, seat, tables[seat] | mask)
        # On the table the cards are public: no longer counted as seen in the hand.
        revealed = _with(revealed, seat, revealed[seat] & ~mask)
    else:  # melding after the close: the cards stay in the hand, shown (S003)
        hands = state.hand_masks
        revealed = _with(revealed, seat, revealed[seat] | mask)
    trump = state.trump
    if trump is None and kind in trump_fixers(rules):
        # HGM, FOS p.334, BIC: the first marriage (or sequence) fixes trumps.
        trump = face_of(cards[0]).suit
    meld = DeclaredMeld(seat, kind, tuple(sorted(cards)), len(state.tricks), points, scored)
    new = _replace(
        state,
        trump=trump,
        hand_masks=hands,
        table_masks=tables,
        history=tuple(history),
        broken=broken,
        revealed_masks=revealed,
        melds=(*state.melds, meld),
        window=Window(seat, window.declarations + 1, window.scored or scored, window.exchanged),
        scores=_add(state.scores, seat, points) if scored else state.scores,
    )
    if not scored:
        return new, ()
    return new, (ScoreEvent(seat, points, ScoreSource.DECLARATION, kind.value),)


def _rejoin_melds(state: DealState, seat: int, kind: MeldKind, cards: list[int]) -> tuple[int, ...]:
    """The broken masks once ``cards`` form a new meld of ``kind``: they are in a
    whole meld of that kind again. A card taken from another whole marriage
    (WKC re-pairing) leaves that marriage broken."""
    broken = list(state.broken)
    bit = kind.bit
    held = state.hand_masks[seat] | state.table_masks[seat]
    repair = state.rules.declarations.marriage_rearrangement is (
        MarriageRearrangement.REPAIR_AFTER_PLAY
    )
    for card in cards:
        if repair and state.history[card] & bit and not broken[card] & bit:
            for meld in reversed(state.melds):
                if meld.seat == seat and meld.kind is kind and card in meld.cards:
                    for other in meld.cards:
                        if other not in cards and held >> other & 1:
                            broken[other] |= bit
                    break
        broken[card] &= ~bit
    return tuple(broken)


def _score_pending(
    state: DealState, window: Window, index: int
) -> tuple[DealState, tuple[ScoreEvent, ...]]:
    meld = state.melds[index]
    melds = (*state.melds[:index], attrs.evolve(meld, scored=True), *state.melds[index + 1 :])
    new = attrs.evolve(
        state,
        melds=melds,
        window=attrs.evolve(window, scored=True),
        scores=_add(state.scores, meld.seat, meld.points),
    )
    event = ScoreEvent(meld.seat, meld.points, ScoreSource.DECLARATION, meld.kind.value)
    return new, (event,)


def _draw(state: DealState, window: Window) -> tuple[DealState, tuple[ScoreEvent, ...]]:
    """Each player draws one card, the trick's winner first; the turn-up is drawn
    last (S000 law 6, S001, HGM). When the stock is out, table cards go back to
    the hands (S000 law 9)."""
    n = len(state.hand_masks)
    stock = state.stock
    turn_up = state.turn_up
    drawn = stock[:n]
    stock = stock[n:]
    revealed = state.revealed_masks
    if len(drawn) < n and turn_up is not None:
        # The turn-up, face up, is taken last (S000 law 4): its taker is seen to hold it.
        seat = (window.seat + len(drawn)) % n
        revealed = revealed[:seat] + (revealed[seat] | 1 << turn_up,) + revealed[seat + 1 :]
        drawn += (turn_up,)
        turn_up = None
    hands = list(state.hand_masks)
    seat = window.seat
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
        phase = _END
        hands = [h | t for h, t in zip(hands, tables, strict=True)]
        # Cards that lay on the table were seen (S000 hint 7): they stay known.
        revealed = tuple(r | t for r, t in zip(revealed, tables, strict=True))
        tables = (0,) * n
        carte_blanche = (False,) * n if carte_blanche else ()
        if not state.rules.declarations.melding_after_close:
            # Interpretation 7: once back in the hand, declared cards are no
            # longer told apart by their history.
            history = (0,) * len(history)
            broken = (0,) * len(broken) if broken else ()
    elif any(carte_blanche):
        # WKC, PAR, S003: while a carte blanche lasts, each card drawn that is not
        # a court card may be shown again; a court card ends it. The seat is asked
        # either way (it can only pass after a court), so that the others learn no
        # more than from its showing or not.
        offers = tuple(
            (window.seat + i) % n for i in range(n) if carte_blanche[(window.seat + i) % n]
        )
    new = sealed(
        _DealFields(
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
            state.scores,
            broken,
            carte_blanche,
            offers,
            revealed,
        )
    )
    return new, ()


def play_many(state: DealState, actions: Iterable[Action | str]) -> DealState:
    """Apply several actions in turn."""
    for action in actions:
        state = state.apply(action)
    return state


__all__ += ["check_seat", "initial_events", "play_many"]
