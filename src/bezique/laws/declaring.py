"""Declaration legality: the re-use rules, in one place.

A declaration of kind *k* re-uses cards whose *history* (the kinds each was
declared in before) decides whether it is legal. The rules, with the knobs
that choose between the sources (see the page on declarations):

* **Same kind** (S000, S001, S003, S004, FOS, MAS): no card may be declared
  twice in the same kind. Kings and queens once married cannot be married
  again; a king from a declared four kings cannot make a second four kings.
* **Inferior order** (:class:`~bezique.rules.InferiorOrder`): by default (FOS
  pp. 325-326) no card may go into a meld of the same class worth as much as,
  or less than, one it was already declared in. So a sequence forbids a later
  royal marriage of its king and queen, and of its king with a new queen
  (SC-2, SC-3), while a royal marriage may grow into a sequence (SC-1), and a
  single bezique into a double (SC-9) but not the reverse (SC-11).
* **Fresh card** (:class:`~bezique.rules.FreshCard`): by default (FOS p.326)
  a declaration that re-uses a card already declared in the same class must
  add a card from the concealed hand, so two single beziques never make a
  double (SC-10).

Classes are those of :class:`~bezique.rules.melds.MeldClass`. Cards declared in
other classes may be re-used freely (S000: a married queen of spades may make
a bezique and then four queens, SC-8).

The multi-pack games relax the same-kind rule (WKC, BIC, S003):

* **Re-forming** (:class:`~bezique.rules.SameKindReuse`, WKC, BIC, S003): once a
  card of a declared meld has been played, its other cards are *broken* for
  that kind and may form the same kind again with a like card from the hand
  (SC-37, SC-38). The fresh-card rule still asks for the card from the hand.
  The cards re-used all come from one broken meld (S003: the player re-creates
  "that meld"): the remnants of two broken melds of a kind do not combine
  (SC-52). Which meld a card lies in is no part of its history, so the engine
  reads the declared melds and asks :func:`reform_allows`.
* **Marriage re-pairing** (:class:`~bezique.rules.MarriageRearrangement`) lets
  cards of declared marriages marry again with no card from the hand: crosswise
  with nothing played (S003, SC-40), or a lone partner with a card taken from
  another marriage of the suit (WKC, SC-39). That rule looks at which cards were
  married to which, so the engine applies it (``bezique.engine``).
* **Marriage then sequence** may be forbidden (WKC): a card declared in a
  marriage may then not go into a sequence.

Marjolet relaxes both (S003, WMJ, ADP):

* **New set** (``SameKindReuse.NEW_SET``): a card may go into the same kind again
  with other cards, so the marjolet marries each queen in turn; only the same
  set of cards is never declared twice in one kind. Which cards a card was
  declared with is no part of its history, so the engine reads the declared
  melds and asks :func:`new_set_allows`.
* **No inferior order** (``InferiorOrder.NONE``): a declared card may go into
  any other meld.

With three and four players the same-kind rule has one exception:

* **Second double bezique** (``Declarations.second_double_bezique``, EB9): a
  bezique already in a double may make a second double with a new pair. Whether
  a card may is a matter of *which* doubles it lies in, which its history does
  not say (a card in two doubles has the history of a card in one), so the
  engine reads the declared melds and asks :func:`second_double_allows`.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

import attrs

from bezique.actions import PassToPartner
from bezique.cards import Rank, Suit
from bezique.errors import IllegalActionError
from bezique.laws.zones import deck_tables
from bezique.legality import Reason
from bezique.records import DeclaredMeld, Window
from bezique.rules import (
    DeclarationLimit,
    DeclareFrom,
    FreshCard,
    InferiorOrder,
    MarriageRearrangement,
    OpenCards,
    PartnershipBeziqueSource,
    PartnershipDeclarer,
    PolishCardReuse,
    Rules,
    SameKindReuse,
    TrickCard,
    TrumpSelection,
)
from bezique.rules.derived import derived
from bezique.rules.melds import CLASS_MASK, MeldKind, Pattern, kinds_in, patterns

__all__ = [
    "MULTIPLE_BEZIQUES",
    "TRUMP_FIXERS",
    "Bans",
    "Lift",
    "broken_after_declaration",
    "broken_after_play",
    "declaration_bans",
    "declaration_limit_reasons",
    "every_declaration_scores",
    "forbidden_history",
    "freed_by_play",
    "last_meld",
    "may_pass_right",
    "meld_patterns",
    "needs_fresh_card",
    "new_set_allows",
    "new_set_applies",
    "open_won_cards",
    "partner_of",
    "partner_table_open",
    "partner_table_reasons",
    "rearranged_pair",
    "rearrangement_applies",
    "reform_allows",
    "reuse_reasons",
    "second_double_allows",
    "second_double_applies",
    "several_declarations",
    "tracks_broken",
    "trick_cards_open",
    "trump_fixers",
    "window_after_last_trick",
    "window_after_pass",
    "won_card_histories",
    "won_copy_choices",
]


_MARRIAGES: Final = MeldKind.COMMON_MARRIAGE.bit | MeldKind.ROYAL_MARRIAGE.bit
_SEQUENCES: Final = (MeldKind.PLAIN_SEQUENCE, MeldKind.TRUMP_SEQUENCE)
#: Every kind's history bit; a card with any of them was declared before.
_EVERY_KIND: Final = sum(kind.bit for kind in MeldKind)
#: The re-use reasons re-pairing marriages may lift (S003, WKC).
_RELAXED: Final = frozenset({Reason.SAME_KIND_REUSED, Reason.NO_FRESH_CARD})
_SAME_KIND_ONLY: Final = (Reason.SAME_KIND_REUSED,)


class Lift(enum.Enum):
    """An exception to the same-kind rule that reads the declared melds, past the
    cards' histories: :meth:`Bans.lifts` names those that may lift a refusal, and
    the engine looks in the declared melds for cards that the exception allows."""

    #: Marriage re-pairing (``Declarations.marriage_rearrangement``, S003, WKC), by
    #: :func:`rearranged_pair`.
    REPAIR = "repair"
    #: The second double bezique (``Declarations.second_double_bezique``, EB9), by
    #: :func:`second_double_allows`.
    SECOND_DOUBLE = "second-double"
    #: A set of cards new to the kind (``SameKindReuse.NEW_SET``, S003, WMJ, ADP), by
    #: :func:`new_set_allows`.
    NEW_SET = "new-set"


@attrs.frozen
class Bans:
    """The re-use law for declarations of one kind: the history bits that bar a card
    from it, and the exceptions that lift the bars (see the module docstring). Made
    by :func:`declaration_bans`, the one place where the rules' knobs become bans;
    the legality reasons (:meth:`reasons`), the engine's meld table (:attr:`never`)
    and the players' reading of melds in reach (:meth:`card_allowed`) all read it.
    """

    #: The kind's own bit, since no card goes twice into one kind (S000, S001, S003,
    #: S004, FOS, MAS).
    same: int
    #: The kinds of the class worth as much or more (``InferiorOrder.SAME_CLASS``,
    #: ``ANY_CLASS``; FOS pp. 325-326: "equal value" counts as inferior).
    inferior: int
    #: For a royal marriage under ``InferiorOrder.LISTED_PAIRS``, the trump sequence's
    #: bit (S000: "The King and queen used in a sequence cannot afterwards be declared
    #: as a royal marriage"), barring only when every card has it; else 0.
    sequence_pair: int
    #: For a sequence when ``marriage_then_sequence`` is off, the marriages (WKC).
    married: int
    #: Every kind's bit under ``PolishCardReuse.ONCE_PER_HAND``, else 0 (S003's "some
    #: books", where a card won goes into one meld in the whole deal).
    once: int
    #: The fresh-card rule (``Declarations.fresh_card``, FOS p.326, CHA).
    fresh_card: FreshCard
    #: The bits of the kind's class, which call for a fresh card under ``SAME_CLASS``.
    fresh_class: int
    #: Re-forming (``SameKindReuse.REFORM_AFTER_PLAY``; WKC, BIC, S003). A card whose
    #: meld of the kind has lost a card (its broken mark) may form the kind again, all
    #: the cards re-used coming from one broken meld (:func:`reform_allows`).
    reform: bool
    #: Marriage re-pairing lifts the same-kind and fresh-card bars on a marriage
    #: (``Declarations.marriage_rearrangement``; S003, WKC), :attr:`Lift.REPAIR`.
    repair: bool
    #: A bezique of one double may make a second double with a new pair
    #: (``Declarations.second_double_bezique``; EB9), :attr:`Lift.SECOND_DOUBLE`.
    second_double: bool
    #: Only the same set of cards is barred from its kind again
    #: (``SameKindReuse.NEW_SET``; S003, WMJ, ADP), :attr:`Lift.NEW_SET`.
    new_set: bool

    #: The history bits that bar a card outright, whatever the melds say (inferior
    #: order, a marriage before a sequence, once per hand).
    barred: int
    #: The same-kind bit as it bars one card, none under new sets (S003, WMJ, ADP),
    #: where only a whole set declared before is barred.
    card_same: int
    #: The history bits of a card that no exception can let into the kind, those
    #: :attr:`barred` and the kind's own unless an exception may lift it (re-forming,
    #: re-pairing, the second double, new sets).
    never: int

    def card_allowed(self, history: int, broken: int) -> bool:
        """Whether one card of this history and these broken marks may go into the
        kind as far as its own marks tell: not :attr:`barred`, and not declared in
        the kind unless its meld of the kind is broken and may be re-formed (the
        exceptions that read the declared melds are not counted)."""
        if history & self.barred:
            return False
        if history & self.card_same:
            return self.reform and bool(broken & self.same)
        return True

    def reasons(self, histories: Sequence[int], broken: Sequence[int] | None) -> list[Reason]:
        """The re-use rules broken by declaring the kind with cards of these
        histories (see :func:`reuse_reasons`)."""
        reasons: list[Reason] = []
        same = self.same
        if broken is not None and self.reform:
            reused = any(h & same and not b & same for h, b in zip(histories, broken, strict=True))
        elif self.new_set:
            # Only a set whose every card was in the kind can be one declared before.
            reused = all(h & same for h in histories)
        else:
            reused = any(h & same for h in histories)
        if reused:
            reasons.append(Reason.SAME_KIND_REUSED)
        pair = self.sequence_pair
        # S000 bars a pair only when all its cards were in the sequence; FOS any card.
        if (pair and all(h & pair for h in histories)) or any(h & self.inferior for h in histories):
            reasons.append(Reason.INFERIOR_ORDER)
        if any(h & self.married for h in histories):
            reasons.append(Reason.MARRIED_CARD_IN_SEQUENCE)
        if self.needs_fresh_card(histories) and all(histories):
            reasons.append(Reason.NO_FRESH_CARD)
        if self.once and any(histories):
            reasons.append(Reason.CARD_DECLARED_BEFORE)
        return reasons

    def needs_fresh_card(self, histories: Sequence[int]) -> bool:
        """Whether a declaration of cards of these histories must include a card from
        the concealed hand (see :func:`needs_fresh_card`)."""
        fresh = self.fresh_card
        if fresh is FreshCard.ALWAYS:
            return True
        if fresh is FreshCard.NEVER:
            return False
        return any(h & self.fresh_class for h in histories)

    def one_meld(self, histories: Sequence[int]) -> bool:
        """Whether a declaration of cards of these histories must show, from the
        declared melds, that its cards re-used all come from one broken meld: under
        re-forming, when it re-uses more than one card declared in the kind
        (:func:`reform_allows`)."""
        if not self.reform:
            return False
        same = self.same
        return sum(1 for h in histories if h & same) > 1

    def lifts(self, reasons: Sequence[Reason]) -> tuple[Lift, ...]:
        """The exceptions that may still lift these re-use ``reasons``, reading the
        declared melds, in the order the engine tries them: re-pairing when only the
        same-kind and fresh-card rules refuse a marriage, the second double and new
        sets when only the same-kind rule refuses."""
        out: list[Lift] = []
        if self.repair and _RELAXED.issuperset(reasons):
            out.append(Lift.REPAIR)
        if tuple(reasons) == _SAME_KIND_ONLY:
            if self.second_double:
                out.append(Lift.SECOND_DOUBLE)
            if self.new_set:
                out.append(Lift.NEW_SET)
        return tuple(out)


def declaration_bans(rules: Rules, kind: MeldKind) -> Bans:
    """The re-use law for declarations of ``kind`` under these rules (:class:`Bans`),
    kept with the rules' derived values."""
    return derived(rules, _bans_table)[kind]


def _bans_table(rules: Rules) -> Mapping[MeldKind, Bans]:
    return MappingProxyType({kind: _make_bans(rules, kind) for kind in MeldKind})


def _make_bans(rules: Rules, kind: MeldKind) -> Bans:
    decl = rules.declarations
    scope = decl.inferior_order
    inferior = _inferior(rules, kind)
    # WKC: a card once married goes into no sequence.
    married = _MARRIAGES if kind in _SEQUENCES and not decl.marriage_then_sequence else 0
    # S003's "some books": a card won goes into one meld in the whole deal.
    once = _EVERY_KIND if rules.zones.polish_card_reuse is PolishCardReuse.ONCE_PER_HAND else 0
    # The exceptions: re-forming (WKC, BIC, S003), re-pairing (S003, WKC), the second
    # double (EB9) and new sets (S003, WMJ, ADP).
    reform = decl.same_kind_reuse is SameKindReuse.REFORM_AFTER_PLAY
    repair = (
        kind in (MeldKind.COMMON_MARRIAGE, MeldKind.ROYAL_MARRIAGE)
        and decl.marriage_rearrangement is not MarriageRearrangement.NONE
    )
    second_double = kind is MeldKind.DOUBLE_BEZIQUE and decl.second_double_bezique
    new_set = decl.same_kind_reuse is SameKindReuse.NEW_SET
    barred = inferior | married | once
    lifted = reform or repair or second_double or new_set
    return Bans(
        same=kind.bit,
        inferior=inferior,
        sequence_pair=(
            MeldKind.TRUMP_SEQUENCE.bit
            if scope is InferiorOrder.LISTED_PAIRS and kind is MeldKind.ROYAL_MARRIAGE
            else 0
        ),
        married=married,
        once=once,
        fresh_card=decl.fresh_card,
        fresh_class=CLASS_MASK[kind.meld_class],
        reform=reform,
        repair=repair,
        second_double=second_double,
        new_set=new_set,
        barred=barred,
        card_same=0 if new_set else kind.bit,
        never=barred | (0 if lifted else kind.bit),
    )


def _inferior(rules: Rules, kind: MeldKind) -> int:
    """The kinds that bar a card from ``kind`` for inferior order (FOS pp. 325-326)."""
    value = rules.meld_value(kind)
    scope = rules.declarations.inferior_order
    inferior = 0
    if value is not None and scope in (InferiorOrder.SAME_CLASS, InferiorOrder.ANY_CLASS):
        for other in rules.meld_kinds:
            if other is kind:
                continue
            if scope is InferiorOrder.SAME_CLASS and other.meld_class is not kind.meld_class:
                continue
            other_value = rules.meld_value(other)
            # Equal value counts as inferior: FOS p.325 forbids re-use "in a
            # combination of equal value in the same class".
            if other_value is not None and other_value >= value:
                inferior |= other.bit
    return inferior


def forbidden_history(rules: Rules, kind: MeldKind) -> tuple[int, int, int]:
    """For ``kind``: the history bits that forbid a card for reason of same kind,
    of inferior order, and of a marriage before a sequence (WKC), as three masks
    (of :func:`declaration_bans`).

    A card whose same-kind bit is also in its *broken* mask escapes the first
    when melds may be re-formed (see :func:`reuse_reasons`).
    """
    bans = declaration_bans(rules, kind)
    return bans.same, bans.inferior, bans.married


def reuse_reasons(
    rules: Rules,
    kind: MeldKind,
    histories: Sequence[int],
    broken: Sequence[int] | None = None,
) -> list[Reason]:
    """The re-use rules broken by declaring ``kind`` with cards of these histories
    (:meth:`Bans.reasons` of :func:`declaration_bans`).

    ``histories`` holds one kind mask per card (``0``: a card from the concealed
    hand, never declared); ``broken`` the kinds whose meld each card was in has
    since lost a card (only kept when melds may be re-formed).
    """
    return declaration_bans(rules, kind).reasons(histories, broken)


def needs_fresh_card(rules: Rules, kind: MeldKind, histories: Sequence[int]) -> bool:
    """Whether this declaration must include a card from the concealed hand."""
    return declaration_bans(rules, kind).needs_fresh_card(histories)


#: The declarations that fix trumps while there are none (HGM, FOS p.334, BIC, WKC, PAR).
TRUMP_FIXERS: Final[Mapping[TrumpSelection, tuple[MeldKind, ...]]] = MappingProxyType(
    {
        TrumpSelection.TURN_UP: (),
        TrumpSelection.FIRST_MARRIAGE: (MeldKind.ROYAL_MARRIAGE,),
        TrumpSelection.FIRST_MARRIAGE_OR_SEQUENCE: (
            MeldKind.ROYAL_MARRIAGE,
            MeldKind.TRUMP_SEQUENCE,
        ),
    }
)


def trump_fixers(rules: Rules) -> tuple[MeldKind, ...]:
    """The kinds whose first declaration fixes trumps under these rules (none with a turn-up)."""
    return TRUMP_FIXERS[rules.trumps.selection]


def meld_patterns(rules: Rules, kind: MeldKind, trump: Suit | None) -> tuple[Pattern, ...]:
    """The card patterns of ``kind`` under these rules, with ``trump`` the trump suit
    (``None``: not fixed yet, when a marriage or sequence of any suit may fix it)."""
    return derived(rules, _pattern_table)[trump][kind]


def _pattern_table(
    rules: Rules,
) -> Mapping[Suit | None, Mapping[MeldKind, tuple[Pattern, ...]]]:
    return MappingProxyType(
        {
            trump: MappingProxyType({kind: _make_patterns(rules, kind, trump) for kind in MeldKind})
            for trump in (None, *Suit)
        }
    )


def _make_patterns(rules: Rules, kind: MeldKind, trump: Suit | None) -> tuple[Pattern, ...]:
    decl = rules.declarations
    return patterns(
        kind,
        trump,
        bezique_pair=decl.bezique_pair,
        quartet_suits=decl.quartet_suits,
        fix_trumps=trump_fixers(rules),
    )


def tracks_broken(rules: Rules) -> bool:
    """Whether a deal must remember which melds lost a card: only when melds may be
    re-formed after a play (WKC, BIC, S003) or marriages re-paired (WKC)."""
    decl = rules.declarations
    return (
        decl.same_kind_reuse is SameKindReuse.REFORM_AFTER_PLAY
        or decl.marriage_rearrangement is MarriageRearrangement.REPAIR_AFTER_PLAY
    )


# -- how many declarations a trick allows --------------------------------------------------


def declaration_limit_reasons(
    rules: Rules, stock_phase: bool, tricks_done: int, declared: int
) -> list[Reason]:
    """Why the trick winner may not declare (again) now: none if it may.

    S000 law 7: one declaration per trick won, and none once the stock is exhausted
    (S000 law 9), unless the rules let melding go on after the close (S003). Some
    readings allow several declarations a trick (``DeclarationLimit``), and S000's
    variation lets the winner of the last stock trick declare all he holds.
    ``declared`` counts the declarations already made after this trick.
    """
    if not stock_phase and not rules.declarations.melding_after_close:
        return [Reason.NOT_IN_STOCK_PHASE]
    if declared and not several_declarations(rules, tricks_done):
        return [Reason.ALREADY_DECLARED]
    return []


def window_after_last_trick(rules: Rules) -> bool:
    """Whether the winner of the deal's last trick has a turn to declare before the
    deal is scored.

    S003 (Polish): "After every trick, you may score either one or two melds", and
    "You can continue to meld after the Close": the turn opens after every trick,
    the last included, where melds are shown from the cards won and melding goes on
    after the close. (Melds from the hand need cards in it, and after the last
    trick the hands are empty; where melding stops at the close, EB11, there is no
    turn after any end-phase trick.)
    """
    return rules.zones.declare_from is DeclareFrom.WON and rules.declarations.melding_after_close


def every_declaration_scores(rules: Rules, stock_phase: bool, tricks_done: int) -> bool:
    """Whether every declaration after this trick scores, not only the first
    (FOS p.326: several may be shown, one scored; the rest wait for later tricks)."""
    decl = rules.declarations
    if decl.limit is DeclarationLimit.SEVERAL:
        return True
    # S000 law 7 variation: the winner of the last stock trick may declare, and
    # score, all he holds.
    return decl.declare_all_after_last_stock_trick and tricks_done == rules.stock_tricks


def several_declarations(rules: Rules, trick: int) -> bool:
    """Whether the winner of trick number ``trick`` (from 1) may make more than one
    declaration after it.

    One declaration per trick is the rule (S000 law 7, S002, S003, S004, EIW); rules
    where several may be shown (FOS p.326, PAR, S001: one scores, the rest wait) or
    scored (S003, WMJ, ADP, MIS) allow more after every trick; the S000 law 7 variation
    ``declare_all_after_last_stock_trick`` lets the winner of the last stock trick
    declare all he holds.
    """
    decl = rules.declarations
    if decl.limit is not DeclarationLimit.ONE:
        return True
    return decl.declare_all_after_last_stock_trick and trick == rules.stock_tricks


# -- re-pairing marriages (WKC, S003) ----------------------------------------------------


def rearrangement_applies(rules: Rules, kind: MeldKind, reasons: Sequence[Reason]) -> bool:
    """Whether a marriage refused only for re-use may still be made by re-pairing
    declared kings and queens (``Declarations.marriage_rearrangement``;
    :meth:`Bans.lifts`)."""
    return Lift.REPAIR in declaration_bans(rules, kind).lifts(reasons)


def rearranged_pair(
    rules: Rules,
    kind: MeldKind,
    firsts: Iterable[int],
    seconds: Iterable[int],
    married: Iterable[tuple[int, ...]],
    history: Sequence[int],
    broken: Sequence[int],
) -> tuple[int, int] | None:
    """A king and a queen (card ids, one of ``firsts`` and one of ``seconds``) that
    may marry again by re-pairing, if any; ``married`` lists the cards of the
    seat's declared marriages of ``kind``.

    S003 (swap without play): both come from declared marriages, whole, and were
    never married to each other. WKC (re-pair after play): one is a lone partner
    whose marriage lost a card, the other comes from another declared marriage.
    """
    bit = kind.bit
    pairs = {frozenset(cards) for cards in married}
    mode = rules.declarations.marriage_rearrangement
    seconds = list(seconds)
    for a in firsts:
        for b in seconds:
            if a == b or frozenset((a, b)) in pairs:
                continue
            in_a = history[a] & bit
            in_b = history[b] & bit
            if mode is MarriageRearrangement.SWAP_WITHOUT_PLAY:
                # S003: two whole marriages, rearranged; nothing has been played.
                whole = not broken or not (broken[a] | broken[b]) & bit
                if in_a and in_b and whole:
                    return (a, b)
            elif broken and ((broken[a] & bit and in_b) or (broken[b] & bit and in_a)):
                return (a, b)
    return None


# -- the same set never twice (Marjolet) ----------------------------------------------------


def new_set_applies(rules: Rules, kind: MeldKind, reasons: Sequence[Reason]) -> bool:
    """Whether a declaration refused only because its cards were all declared in
    ``kind`` before may still be made with a set of cards new to the kind
    (``SameKindReuse.NEW_SET``; :meth:`Bans.lifts`): :func:`new_set_allows` then
    decides on the cards."""
    return Lift.NEW_SET in declaration_bans(rules, kind).lifts(reasons)


def new_set_allows(
    melds: Sequence[DeclaredMeld], seat: int, kind: MeldKind, cards: Iterable[int]
) -> bool:
    """Whether ``seat`` never declared exactly these ``cards`` (ids) in ``kind``: the
    marjolet may be declared with each queen in turn, but the same set of cards
    never twice in one kind (WMJ; ADP: the same marriages or quartets never again)."""
    wanted = frozenset(cards)
    return not any(
        meld.seat == seat and meld.kind is kind and frozenset(meld.cards) == wanted
        for meld in melds
    )


# -- the second double bezique (EB9) ----------------------------------------------------------


def second_double_applies(rules: Rules, kind: MeldKind, reasons: Sequence[Reason]) -> bool:
    """Whether a double bezique refused only because a card was declared in a double
    before may still be a second double bezique (``Declarations.second_double_bezique``;
    :meth:`Bans.lifts`): :func:`second_double_allows` then decides on the cards."""
    return Lift.SECOND_DOUBLE in declaration_bans(rules, kind).lifts(reasons)


def second_double_allows(reused: Sequence[tuple[int, Sequence[int]]]) -> bool:
    """Whether a double bezique may re-use these cards already declared in a double:
    for each, its face (index) and the doubles it lies in (any ids of the melds).

    EB9 (three and four players): "a bezique already used in a double bezique may
    be used again in a second double bezique with a new pair". Read (interpretation 8
    of the three- and four-hand rules pages): at most one card of each face, all from one
    earlier double (the bezique, not cards of two doubles), and none already in
    two doubles. The other cards are the new pair; the fresh-card rule still asks
    for a card from the hand (:func:`reuse_reasons`).
    """
    faces = [face for face, _ in reused]
    if len(set(faces)) < len(faces):
        return False
    shared: set[int] | None = None
    for _, doubles in reused:
        # A card in no recorded double cannot be shown to be in only one.
        if len(doubles) != 1:
            return False
        shared = set(doubles) if shared is None else shared & set(doubles)
    return shared is None or bool(shared)


# -- re-forming melds after a play (WKC, BIC, S003) ------------------------------------------


def broken_after_play(
    broken: Sequence[int],
    card: int,
    kinds: int,
    melds: Sequence[DeclaredMeld],
    seat: int,
    held: int,
) -> tuple[int, ...]:
    """The broken marks once ``seat`` plays ``card``, declared in these ``kinds``
    (a mask): the cards :func:`freed_by_play` names may now re-form their kind."""
    out = list(broken)
    # A kind the card is already broken for frees nothing new: the cards of that meld
    # were marked when it lost its first card (or have since left it for another).
    kinds &= ~out[card]
    out[card] = 0
    for kind, others in freed_by_play(card, kinds, melds, seat, held):
        for other in others:
            out[other] |= kind.bit
    return tuple(out)


def freed_by_play(
    card: int, kinds: int, melds: Sequence[DeclaredMeld], seat: int, held: int
) -> list[tuple[MeldKind, tuple[int, ...]]]:
    """For each kind of ``kinds`` (``card``'s history), the cards that playing
    ``card`` frees to re-form that kind (WKC, BIC, S003): the other cards still
    held (``held``) of the last meld of the kind that ``card`` was in.

    A card is freed only when that meld is also *its own* last meld of the kind:
    a card that has since re-formed the kind in a new, whole meld is not freed by
    a play from its older one (else it could form the kind a third time while its
    new meld stands, which the same-kind rule forbids).
    """
    out: list[tuple[MeldKind, tuple[int, ...]]] = []
    for kind in kinds_in(kinds):
        index = last_meld(melds, seat, kind, card)
        if index is None:
            continue
        freed = tuple(
            other
            for other in melds[index].cards
            if other != card and held >> other & 1 and last_meld(melds, seat, kind, other) == index
        )
        out.append((kind, freed))
    return out


def last_meld(melds: Sequence[DeclaredMeld], seat: int, kind: MeldKind, card: int) -> int | None:
    """The index in ``melds`` of the last meld of ``kind`` that ``seat`` declared
    with ``card`` (``None`` if it was never declared in that kind)."""
    for index in range(len(melds) - 1, -1, -1):
        meld = melds[index]
        if meld.seat == seat and meld.kind is kind and card in meld.cards:
            return index
    return None


def reform_allows(
    rules: Rules,
    kind: MeldKind,
    cards: Iterable[int],
    melds: Sequence[DeclaredMeld],
    seat: int,
    history: Sequence[int],
) -> bool:
    """Whether ``seat`` may declare ``kind`` with these ``cards`` (ids) as far as the
    melds they are re-used from go: under re-forming all the cards already declared
    in ``kind`` come from one broken meld of it (S003: "move a card out of that meld
    ... then re-create that meld with a replacement card"). The remnants of two
    broken melds of a kind never make a new one between them, even with a card from
    the hand. Always true where melds are not re-formed (the other re-use rules, in
    :func:`reuse_reasons`, then decide)."""
    if not declaration_bans(rules, kind).reform:
        return True
    bit = kind.bit
    sources = {last_meld(melds, seat, kind, card) for card in cards if history[card] & bit}
    return len(sources) <= 1


def broken_after_declaration(
    rules: Rules,
    broken: Sequence[int],
    kind: MeldKind,
    cards: Sequence[int],
    melds: Sequence[DeclaredMeld],
    seat: int,
    held: int,
    history: Sequence[int],
) -> tuple[int, ...]:
    """The broken marks once ``cards`` form a new meld of ``kind``: they are in a
    whole meld of that kind again. A card taken from another whole marriage (WKC
    re-pairing) leaves that marriage broken."""
    out = list(broken)
    bit = kind.bit
    repair = rules.declarations.marriage_rearrangement is MarriageRearrangement.REPAIR_AFTER_PLAY
    for card in cards:
        if repair and history[card] & bit and not out[card] & bit:
            for meld in reversed(melds):
                if meld.seat == seat and meld.kind is kind and card in meld.cards:
                    for other in meld.cards:
                        if other not in cards and held >> other & 1:
                            out[other] |= bit
                    break
        out[card] &= ~bit
    return tuple(out)


def won_card_histories(melds: Sequence[DeclaredMeld], won: Sequence[int]) -> dict[int, int]:
    """The history of each declared card among the cards won (``won``: each seat's
    won cards as a mask), when melds are shown from the cards won (S003, Polish).

    A won card never leaves its pile and is never played again, so its history is
    the kinds of the melds it was declared in: a state's JSON form and a seat's
    view need not carry it, since the declarations do.
    """
    pile = 0
    for mask in won:
        pile |= mask
    out: dict[int, int] = {}
    for meld in melds:
        for card in meld.cards:
            if pile >> card & 1:
                out[card] = out.get(card, 0) | meld.kind.bit
    return out


def open_won_cards(rules: Rules, trump: Suit | None, won: int) -> int:
    """Of the cards won (``won``, a mask), those lying face up to declare from when
    melds are shown from the cards won (``Zones.open_cards``): all of them (S003,
    WKC), or the scoring cards only, aces, kings, queens, jacks and the tens of
    trumps (EB11's open cards; the rest are turned down and set aside)."""
    if rules.zones.open_cards is OpenCards.ALL:
        return won
    tables = deck_tables(rules.deck.packs)
    rank = tables.rank_mask
    scoring = tables.brisques & ~rank[Rank.TEN] | tables.courts
    if trump is not None:
        scoring |= rank[Rank.TEN] & tables.suit_mask[trump]
    return won & scoring


def trick_cards_open(
    rules: Rules, trick: Sequence[int], melds: Sequence[DeclaredMeld], seat: int, number: int
) -> int | None:
    """The cards of the trick just won (``trick``, trick number ``number``) that a
    declaration by ``seat`` may still take as its card of the trick (a mask), or
    ``None`` when the rules ask for no such card (``Zones.trick_card``).

    EB11: every declaration includes a card of the trick just won. S003: besides,
    each of those cards goes into one meld of the turn at most, so a trick of two
    cards makes one or two melds.
    """
    mode = rules.zones.trick_card
    if mode is TrickCard.NOT_REQUIRED:
        return None
    cards = 0
    for card in trick:
        cards |= 1 << card
    if mode is TrickCard.ONE_DECLARATION_EACH:
        for meld in reversed(melds):
            if meld.trick != number:
                break
            if meld.seat == seat:
                for card in meld.cards:
                    cards &= ~(1 << card)
    return cards


def won_copy_choices(
    rules: Rules, trick: int, groups: Sequence[tuple[int, int, int]]
) -> tuple[tuple[int, ...], ...]:
    """How many cards of the trick just won (number ``trick``) a declaration from the
    cards won may take from each of its groups of alike cards: one tuple (a count
    per group) per choice the player has, the only one where the copies do not matter.

    Each group is (cards of the group the declaration needs, cards of the trick that
    may still go into a meld, cards won before), all alike in face and history. S003
    (Polish, with the reading of the presets page): where a card just won and one won
    before could both serve, the player chooses; the choices leave different cards
    free for another meld of the turn, since each card of the trick goes into one
    meld at most (or, where it may go into several, EB11, carries its kinds into the
    next). At least one card of the trick is taken. The copies do not matter where
    no other meld may follow in the turn (``DeclarationLimit.ONE``) or where a meld
    needs no card of the trick: then the card of the trick is taken first.
    """
    first = tuple(min(need, new) for need, new, _ in groups)
    if rules.zones.trick_card is TrickCard.NOT_REQUIRED or not several_declarations(rules, trick):
        return (first,)
    ranges = [range(max(0, need - old), min(need, new) + 1) for need, new, old in groups]
    choices = tuple(counts for counts in itertools.product(*ranges) if any(counts))
    return choices or (first,)


# -- partnerships (the partnership rules page) ---------------------------------------

#: The beziques of more than one pair; under ``same-player`` (BIC) all their cards
#: come from one seat.
MULTIPLE_BEZIQUES: Final = frozenset(
    {
        MeldKind.DOUBLE_BEZIQUE,
        MeldKind.TRIPLE_BEZIQUE,
        MeldKind.QUADRUPLE_BEZIQUE,
        MeldKind.QUINTUPLE_BEZIQUE,
    }
)


def partner_of(rules: Rules, seat: int) -> int | None:
    """The next seat of ``seat``'s side in play order (``None`` when each seat plays
    alone): the seat the right to declare is passed to."""
    if not rules.sides:
        return None
    side = rules.sides[seat]
    n = rules.players
    for step in range(1, n):
        other = (seat + step) % n
        if rules.sides[other] == side:
            return other
    return None


def may_pass_right(rules: Rules, window: Window) -> bool:
    """Whether the seat holding the right to declare may pass it to its partner.

    * ``winner-or-passes`` (BIC): the winner, before declaring; the partner cannot
      pass it back.
    * ``either-partner`` (EB9, EB11, EIW): one declaration for the side, so only
      before it is made; each partner may pass once, so the right can come back
      once to the winner.
    * ``both-in-turn`` (S004): the winner, declared or not, hands the turn to his
      partner to declare in his turn.
    """
    if partner_of(rules, window.seat) is None:
        return False
    mode = rules.partnership.partnership_declarer
    if mode is PartnershipDeclarer.WINNER_OR_PASSES:
        return not window.passed and not window.declarations
    if mode is PartnershipDeclarer.EITHER_PARTNER:
        return window.seat not in window.passed and not window.declarations
    return not window.passed


def window_after_pass(rules: Rules, window: Window) -> Window:
    """The turn once ``window.seat`` has passed the right to its partner.

    Under ``both-in-turn`` (S004) the partner declares in his own right: his count
    of declarations and his score start afresh. Otherwise nothing was declared
    yet (:func:`may_pass_right`) and the exchange, if made, stays made.
    """
    partner = partner_of(rules, window.seat)
    if partner is None:  # pragma: no cover - refused by may_pass_right
        raise IllegalActionError(PassToPartner(), (Reason.CANNOT_PASS_RIGHT,))
    fresh = rules.partnership.partnership_declarer is PartnershipDeclarer.BOTH_IN_TURN
    return Window.of(
        partner,
        0 if fresh else window.declarations,
        False if fresh else window.scored,
        window.exchanged,
        (*window.passed, window.seat),
    )


def partner_table_reasons(
    rules: Rules, kind: MeldKind, partner_cards: int, own_hand_cards: int
) -> list[Reason]:
    """The partnership rules broken by a declaration of ``kind`` that takes
    ``partner_cards`` cards from the partner's table and ``own_hand_cards`` from the
    declarer's concealed hand.

    The partner's table may be used when ``combine_with_partner_table`` (BIC), and
    for a double or triple bezique as ``partnership_bezique_source`` says: never
    under ``same-player`` (BIC), always under ``either-partner`` (EB9, EB11). A
    declaration that uses it needs a card of the declarer's own hand (the library's
    reading: the declarer adds something of his own to what lies on the table).
    """
    if not partner_cards:
        return []
    source = rules.partnership.partnership_bezique_source
    if kind in MULTIPLE_BEZIQUES:
        if source is PartnershipBeziqueSource.SAME_PLAYER:
            return [Reason.PARTNER_CARD_IN_BEZIQUE]
    elif not rules.partnership.combine_with_partner_table:
        return [Reason.CARD_NOT_HELD]
    if not own_hand_cards:
        return [Reason.NO_OWN_HAND_CARD]
    return []


def partner_table_open(rules: Rules, kind: MeldKind, own_hand_cards: int) -> bool:
    """Whether a declaration of ``kind`` holding ``own_hand_cards`` cards of the
    declarer's concealed hand may take cards from the partner's table
    (:func:`partner_table_reasons`): the cards the declarer may use are then his own
    and the partner's table, under their own histories (interpretations 6-8 of the
    partnership rules page; EB9: a second double may re-use the pair of a double on
    the partner's table under ``either-partner``)."""
    return not partner_table_reasons(rules, kind, 1, own_hand_cards)
