"""The engine's speed machinery, in one place.

Each trick here buys a measured share of the engine's speed (figures from the
performance page, classic random playouts, CPython 3.11) and changes no rule:

* **Sealed drafts** (:func:`seal`): new states are built as an unfrozen
  :class:`~bezique.engine.fields.DealDraft` and then given the frozen class; a
  frozen attrs ``__init__`` costs about 2.0 microseconds a state against 0.6.
* **One plan per rule set** (:class:`Plan`, kept by :meth:`bezique.Rules.derived`):
  the values the hot paths read on every trick, computed once per rule set.
* **Shared action objects** (:data:`PLAYS`, :func:`ref_of`,
  :func:`listed_declaration`): actions are values, but building the same
  ``Play``/``CardRef``/``Declare`` objects again on every call cost about a
  fifth of listing legal actions; shared, they also let ``apply`` recognise a
  listed action by identity (:func:`known_legal`) instead of validating it again.
* **Per-suit play tables** (:data:`SUIT_KEYS`, :data:`SUIT_PLAYS`): the plays
  of a concealed hand, by the byte of ranks it holds in each suit.
* **The legal-action memo** (the ``_legal`` slot of a state, written by
  :func:`bezique.engine.moves.legal_actions`): a state lists its legal actions
  once; the memo is not part of the value (``eq=False``).
* **Trick tables** (:func:`trick_tables`): who takes a trick, as a byte table
  per phase and trump suit, made once per rule set.
* **Phases as module names** (:mod:`bezique.engine.fields`): ``Phase.STOCK``
  costs about 130 ns in Python 3.11, a global about 12.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar

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
    ShowCarteBlanche,
)
from bezique.cards import FACES, FACES_PER_PACK, Rank, Suit
from bezique.engine.fields import NATIVE_FIELDS, DealDraft, DealFields
from bezique.laws.declaring import partner_of, window_after_last_trick
from bezique.laws.scoring import TrickScores, trick_scores
from bezique.laws.tricks import takes_table, trick_terms
from bezique.laws.turns import in_duels
from bezique.laws.zones import DeckTables, deck_tables
from bezique.records import Window
from bezique.rules import (
    MAX_PLAYERS,
    DeclarationLimit,
    DeclareFrom,
    Memo,
    PartnershipBeziqueSource,
    Rules,
    TrickCard,
)
from bezique.rules.derived import derived
from bezique.rules.melds import MeldKind, kinds_in

#: A deal state class; the engine returns states of the class it was given.
S = TypeVar("S", bound=DealFields)


@typing.final
@dataclasses.dataclass(frozen=True, slots=True)
class Plan:
    """Values of a rule set that the hot paths read on every trick, computed once. A
    dataclass, native in the accelerated build (see
    :class:`~bezique.laws.zones.DeckTables`)."""

    tables: DeckTables
    total_tricks: int
    window_in_end_phase: bool
    #: S003 (Polish); the winner of the last trick has his turn before the deal is
    #: scored (:func:`~bezique.laws.declaring.window_after_last_trick`).
    window_after_last_trick: bool
    #: FOS p.326; several melds shown, one scored, the rest scored on later tricks.
    pending_melds: bool
    #: S003 (Polish); melds come from the cards won in tricks, and stay there.
    declare_from_won: bool
    #: S001; a declared seven of trumps stays in the hand, shown, and keeps its kind
    #: there while the stock lasts (every other declared card lies on a table).
    seven_kept_in_hand: bool
    #: What cards played and tricks won score (:func:`bezique.laws.scoring.trick_scores`).
    trick_scores: TrickScores
    #: Who takes a trick, ``[stock_phase][trump]`` (:func:`trick_tables`).
    takes: tuple[tuple[bytes, ...], ...]
    #: EB9, EB11; the tricks after the stock are played in two duels, so who plays
    #: them is asked of :mod:`bezique.laws.turns`; otherwise every seat plays to
    #: every trick, in turn from the leader, and the engine counts the seats itself.
    duels: bool
    #: EB11, S003; each declaration takes a card of the trick just won
    #: (``Zones.trick_card``), so the winner's turn asks which are left.
    trick_card: bool
    #: By seat, the partner whose table cards it may declare with (partnerships;
    #: :func:`~bezique.laws.declaring.partner_of`); empty when there are none.
    partners: tuple[int | None, ...] = ()

    def takes_for(self, trump: Suit | None, stock_phase: bool) -> bytes:
        """Who takes a trick now: the :func:`~bezique.laws.tricks.takes_table` of the
        terms of the phase, under ``trump`` (``None``: no trumps yet)."""
        return self.takes[stock_phase][4 if trump is None else trump]


def trick_tables(rules: Rules) -> tuple[tuple[bytes, ...], ...]:
    """The :func:`~bezique.laws.tricks.takes_table` of every trick a deal of these
    rules can play: indexed ``[stock_phase][trump]`` (``trump`` 4: no trumps yet).

    Reading the table of the moment from here, rather than working out the terms
    of the trick (:func:`~bezique.laws.tricks.trick_terms`) on every trick, saves
    about 0.2 microseconds a trick."""
    return tuple(
        tuple(
            takes_table(*trick_terms(rules, None if trump == 4 else Suit(trump), stock_phase))
            for trump in range(5)
        )
        for stock_phase in (False, True)
    )


def plan_of(rules: Rules) -> Plan:
    """The plan of a rule set (the hot paths call
    :func:`derived(rules, make_plan) <bezique.rules.derived.derived>` inline)."""
    return derived(rules, make_plan)


def make_plan(rules: Rules) -> Plan:
    return Plan(
        tables=deck_tables(rules.deck.packs),
        total_tricks=rules.total_tricks,
        window_in_end_phase=rules.declarations.melding_after_close,
        window_after_last_trick=window_after_last_trick(rules),
        pending_melds=rules.declarations.limit is DeclarationLimit.ONE_SCORED_REST_PENDING,
        declare_from_won=rules.zones.declare_from is DeclareFrom.WON,
        seven_kept_in_hand=not rules.trumps.declared_seven_on_table,
        trick_scores=derived(rules, trick_scores),
        takes=trick_tables(rules),
        duels=in_duels(rules),
        trick_card=rules.zones.trick_card is not TrickCard.NOT_REQUIRED,
        partners=_partners(rules),
    )


def _partners(rules: Rules) -> tuple[int | None, ...]:
    partnership = rules.partnership
    if not rules.sides or not (
        partnership.combine_with_partner_table
        or partnership.partnership_bezique_source is PartnershipBeziqueSource.EITHER_PARTNER
    ):
        return ()
    return tuple(partner_of(rules, seat) for seat in range(rules.players))


#: The winner's turn as it opens, one shared value per seat.
OPEN_WINDOWS: Final = tuple(Window(seat) for seat in range(MAX_PLAYERS))


EXCHANGE: Final = Exchange()
PASS_TO_PARTNER: Final = PassToPartner()


SHOW_CARTE_BLANCHE: Final = ShowCarteBlanche()


DRAW: Final = Draw()


PASS: Final = Pass()


ONLY_DRAW: Final[tuple[Action, ...]] = (DRAW,)


ONLY_PASS: Final[tuple[Action, ...]] = (PASS,)


class Plays(dict[int, Play]):
    """The shared ``Play`` of each key of :func:`card_key`, made when first asked for."""

    def __missing__(self, key: int) -> Play:
        play = self[key] = Play(ref_of(key))
        return play


# Actions are values; these caches only spare rebuilding the same objects (and let
# ``step`` recognise a listed action by identity).
PLAYS: Final = Plays()


def _make_ref(key: int) -> CardRef:
    return CardRef(FACES[key >> 64], kinds_in(key & LOW), kinds_in(key >> 32 & LOW))


#: Where a declaration goes in a listing (:func:`declare_order`).
DeclareOrder = tuple[
    int, tuple[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...], tuple[int, ...]
]


def _make_declaration(key: tuple[MeldKind, tuple[int, ...]]) -> tuple[DeclareOrder, Declare]:
    kind, keys = key
    return _listed(Declare(kind, tuple(map(ref_of, keys))))


def _make_named_declaration(
    key: tuple[MeldKind, tuple[int, ...], tuple[bool | None, ...]],
) -> tuple[DeclareOrder, Declare]:
    kind, keys, marks = key
    refs = (
        ref_of(k) if mark is None else attrs.evolve(ref_of(k), just_won=mark)
        for k, mark in zip(keys, marks, strict=True)
    )
    return _listed(Declare(kind, tuple(refs)))


def _listed(declaration: Declare) -> tuple[DeclareOrder, Declare]:
    return declare_order(declaration), declaration


#: The shared references and declarations, made when first asked for; a memo offers
#: reading only, so no caller can put another action in place of one the engine lists.
REFS: Final[Memo[int, CardRef]] = Memo(_make_ref)
#: A declaration is kept with its place in a listing (:func:`listed_declaration`).
DECLARES: Final[Memo[tuple[MeldKind, tuple[int, ...]], tuple[DeclareOrder, Declare]]] = Memo(
    _make_declaration
)
#: The same, with the copies of cards won named (:attr:`CardRef.just_won`, S003).
NAMED_DECLARES: Final[
    Memo[tuple[MeldKind, tuple[int, ...], tuple[bool | None, ...]], tuple[DeclareOrder, Declare]]
] = Memo(_make_named_declaration)


LOW: Final = 0xFFFFFFFF


def card_key(face: int, history: int, broken: int) -> int:
    """An int key for (face, history, broken): cards with equal keys are interchangeable."""
    return face << 64 | broken << 32 | history


def ref_of(key: int) -> CardRef:
    """The reference for a key of :func:`card_key`."""
    return REFS(key)


def play_of(key: int) -> Play:
    """The shared ``Play`` for a key of :func:`card_key`."""
    return PLAYS[key]


#: Two and four packs' worth of card ids (the widths :func:`faces_of` folds by), and
#: the masks of the ids below them.
TWO_PACKS: Final = 2 * FACES_PER_PACK
FOUR_PACKS: Final = 4 * FACES_PER_PACK
TWO_PACKS_MASK: Final = (1 << TWO_PACKS) - 1
FOUR_PACKS_MASK: Final = (1 << FOUR_PACKS) - 1


def faces_of(mask: int) -> int:
    """The faces present in a mask of card ids, as a 32-bit set (copies folded)."""
    # Folded in halves: the rules allow at most eight packs (256 card ids), so three
    # folds lay every pack's word on the first, where a fold per pack took up to
    # eight. Each fold keeps only the low half, so that the numbers shrink as a
    # pack-by-pack loop's did, and the width is read once: in the compiled build an
    # integer wider than a machine word costs a call at each operation, its width
    # none.
    width = mask.bit_length()
    if width > TWO_PACKS:
        if width > FOUR_PACKS:
            mask = (mask & FOUR_PACKS_MASK) | mask >> FOUR_PACKS
        mask = (mask & TWO_PACKS_MASK) | mask >> TWO_PACKS
    return (mask & LOW) | mask >> FACES_PER_PACK


def listed_declaration(
    kind: MeldKind, keys: tuple[int, ...], marks: tuple[bool | None, ...] | None = None
) -> tuple[DeclareOrder, Declare]:
    """The shared ``Declare`` of a kind and cards given by keys of :func:`card_key`
    (``marks``, where given, name each card's copy: :attr:`CardRef.just_won`), after
    its place in a listing (:func:`declare_order`). The place is kept with it: it
    reads each card's :attr:`CardRef.sort_key`, a property of an interpreted class,
    and sorting the winner's turn by it took about a fiftieth of a compiled
    ``play_out`` playout."""
    if marks is None:
        return DECLARES((kind, keys))
    return NAMED_DECLARES((kind, keys, marks))


#: For each suit and each set of its ranks (a byte), the keys (:func:`card_key`) of those
#: faces from the concealed hand, and their plays, in order.
SUIT_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple((suit * 8 + rank) << 64 for rank in range(8) if ranks >> rank & 1)
        for ranks in range(256)
    )
    for suit in range(4)
)


SUIT_PLAYS: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    tuple(tuple(map(play_of, keys)) for keys in suit) for suit in SUIT_KEYS
)


@functools.cache
def play_order(key: int) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """Sort key of a play: face, then history, in the order of :attr:`CardRef.sort_key`."""
    return ref_of(key).sort_key


KIND_INDEX: Final = {kind: i for i, kind in enumerate(MeldKind)}


def declare_order(action: Declare) -> DeclareOrder:
    """Declarations are listed by kind, then by their cards' :attr:`CardRef.sort_key`
    (face, history, broken kinds, melds), and only then by the copies they name
    (:attr:`CardRef.just_won`: the declarations of one set of cards side by side)."""
    keys = [card.sort_key for card in action.cards]
    return (KIND_INDEX[action.kind], tuple([k[:4] for k in keys]), tuple([k[4] for k in keys]))


def draft_of(state: DealDraft) -> DealDraft:
    """An unfrozen copy of ``state``'s fields: the deal that the engine changes in place
    (:mod:`bezique.engine.draft`) and then seals into a state (:func:`seal`).

    The copy shares every field with ``state`` (they are tuples and values); a change
    replaces the field it changes, so the sealed state shares the rest with the state
    it came from. The fields are copied one by one, by name, into a draft made without
    its initialiser: the interpreter reads and writes a slot so named at once, where
    ``operator.attrgetter`` looks each name up in the classes of a state (about 1.1
    microseconds against 0.3 for the twenty-one), and the initialiser's own call
    costs about 2% of a step."""
    # A compiled draft is an object of the state's own class (see :func:`seal`).
    return _filled(_new_draft(type(state) if NATIVE_FIELDS else DealDraft), state)


def _filled(draft: DealDraft, state: DealDraft) -> DealDraft:
    """``draft`` with every field of ``state`` (:func:`draft_of`)."""
    draft.rules = state.rules
    draft.dealer = state.dealer
    draft.phase = state.phase
    draft.trump = state.trump
    draft.turn_up = state.turn_up
    draft.stock = state.stock
    draft.hand_masks = state.hand_masks
    draft.table_masks = state.table_masks
    draft.history = state.history
    draft.won_masks = state.won_masks
    draft.tricks = state.tricks
    draft.trick = state.trick
    draft.leader = state.leader
    draft.window = state.window
    draft.melds = state.melds
    draft.scores = state.scores
    draft.broken = state.broken
    draft.carte_blanche = state.carte_blanche
    draft.offers = state.offers
    draft.revealed_masks = state.revealed_masks
    draft.counted_brisques = state.counted_brisques
    draft._legal = None
    return draft


def _new_native(cls: type[DealDraft]) -> DealDraft:
    return cls.__new__(cls)


#: A draft without its initialiser's call (:func:`draft_of` sets every slot).
_new_draft: Final[Callable[[type[DealDraft]], DealDraft]] = (
    _new_native if NATIVE_FIELDS else object.__new__
)


def seal(draft: DealDraft, cls: type[S]) -> S:
    """The state holding ``draft``'s fields, now of the frozen class ``cls``.

    A frozen attrs class sets each of its twenty fields through
    ``object.__setattr__`` in ``__init__``: about 2.0 microseconds a state,
    against 0.6 for the draft's plain slot stores, and a deal builds some ninety
    states. The frozen classes add no field to the draft's slots, so changing
    the object's class is all that sealing takes. ``draft`` must not be used again.

    In the compiled build (:data:`~bezique.engine.fields.NATIVE_FIELDS`) an object
    cannot change class, and none needs to: :func:`draft_of` made the draft of the
    state's own class (frozen to Python code), and the engine's compiled code wrote its
    fields in place.
    """
    # The draft is now of the class ``cls``; said to the type checker by an ignore
    # rather than by ``cast()``, a call in the pure build at every step.
    if NATIVE_FIELDS:
        if type(draft) is not cls:  # sealed into a class other than its state's
            draft = _filled(_new_draft(cls), draft)
        return draft  # type: ignore[return-value]
    draft.__class__ = cls
    return draft  # type: ignore[return-value]


def replace(state: S, **changes: Any) -> S:
    """``attrs.evolve`` without its introspection (the hot paths call this)."""
    draft = draft_of(state)
    for name, value in changes.items():
        # Past the class's own ``__setattr__``: the compiled build's draft is an object
        # of the state's frozen class (see :func:`seal`).
        object.__setattr__(draft, name, value)
    return seal(draft, type(state))


SEVEN: Final = int(Rank.SEVEN)


def known_legal(cached: tuple[Action, ...] | None, action: Action) -> bool:
    if cached is None:
        return False
    for legal in cached:  # identity first: listed actions are shared objects
        if legal is action:
            return True
    return action in cached


def add_points(scores: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    """``scores`` with ``points`` added to ``seat``'s."""
    values = list(scores)
    values[seat] += points
    return tuple(values)


def with_value(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    """``values`` with ``seat``'s replaced by ``value``. (Through a list: about 100 ns
    for two or four seats, where slicing the tuple takes 160 to 230.)"""
    changed = list(values)
    changed[seat] = value
    return tuple(changed)
