"""Rule objects: small frozen components composed into one frozen :class:`Rules`.

Every point where the sources disagree is a field of a component (a *knob*),
never a branch keyed on a variant's name. A house rule is a preset with some
fields changed::

    >>> import bezique as bz
    >>> house = bz.variants.CLASSIC.evolve(last_trick="24th", double_bezique=350)
    >>> house.scoring.last_trick, house.declarations.values.double_bezique
    (<LastTrick.LAST_STOCK_TRICK: 'last-stock-trick'>, 350)

:meth:`Rules.evolve` takes the name of any component field (or of any meld in
:class:`~bezique.rules.melds.MeldValues`) as a keyword; enum fields accept their text
values. A combination that cannot be played raises :class:`~bezique.RulesError`
naming the fields, when the rules are built.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable, Mapping, Sequence
from types import BuiltinFunctionType, FunctionType, MappingProxyType
from typing import Any, TypeVar

import attrs

from bezique.cards import FACES_PER_PACK
from bezique.errors import RulesError, shown, wrong_type
from bezique.rules.melds import BeziquePair, MeldKind, MeldValues, QuartetSuits
from bezique.rules.options import Option, check_fields, describe, type_hints

T = TypeVar("T")

#: The types of function that may key a derived value (interpreted, or compiled by mypyc).
_FUNCTION_TYPES = (FunctionType, BuiltinFunctionType)

__all__ = [
    "MAX_PLAYERS",
    "BrisqueTiming",
    "CarteBlanche",
    "CarteBlancheCards",
    "DealScoring",
    "Deck",
    "DeclarationLimit",
    "Declarations",
    "DeclareFrom",
    "EndPhase",
    "Forfeits",
    "FreshCard",
    "GameEnd",
    "GameRules",
    "InferiorOrder",
    "LastTrick",
    "MarriageRearrangement",
    "OpenCards",
    "Partnership",
    "PartnershipBeziqueSource",
    "PartnershipDeclarer",
    "PolishCardReuse",
    "Rounding",
    "RubiconBonus",
    "Rules",
    "SameKindReuse",
    "Scoring",
    "SevenOfTrumps",
    "StockEndBonus",
    "TrickCard",
    "TrickPlay",
    "TrumpSelection",
    "Trumps",
    "Zones",
]


class TrumpSelection(Option):
    """How the trump suit is chosen."""

    #: The card turned up after the deal fixes trumps (S000 law 4, S001, S002, PAR).
    TURN_UP = "turn-up"
    #: No turn-up; the first marriage declared fixes trumps and scores as a royal
    #: marriage (BIC, FOS p.334).
    FIRST_MARRIAGE = "first-marriage"
    #: As ``FIRST_MARRIAGE``, and a trump sequence declared before any marriage fixes
    #: trumps too (HGM, WKC, PKW, PAR).
    FIRST_MARRIAGE_OR_SEQUENCE = "first-marriage-or-sequence"


class SevenOfTrumps(Option):
    """When the seven of trumps (the dix) scores, apart from the exchange (S000 law 8)."""

    #: When played to a stock-phase trick, whether it wins or not (S000 law 8, S003, BRI).
    ON_PLAY = "on-play"
    #: Only if it wins the trick; otherwise the 10 goes to the captor (S000 law 8 variation).
    ON_WIN = "on-win"
    #: When declared after winning a trick, like a meld (HGM, S001).
    ON_DECLARATION = "on-declaration"
    #: When played to a stock-phase trick, or instead declared after a won trick, each
    #: seven once: a declared seven scores nothing more when played (S001's table,
    #: "turned up, played or declared").
    ON_PLAY_OR_DECLARATION = "on-play-or-declaration"
    #: Never (Rubicon and the multi-pack games; HGM, BIC, PAR).
    NEVER = "never"


class DeclarationLimit(Option):
    """How many declarations a trick's winner may make (S000 law 7; FOS p.326)."""

    #: One declaration per trick (S000 law 7, S002, S003, S004, EIW).
    ONE = "one"
    #: Several may be shown, one scores, the rest wait for later tricks (FOS p.326, PAR, S001).
    ONE_SCORED_REST_PENDING = "one-scored-rest-pending"
    #: Several, each scored (Marjolet; S003, WMJ, ADP, MIS).
    SEVERAL = "several"


class FreshCard(Option):
    """When a declaration must add a card from the concealed hand (FOS p.326)."""

    #: When it re-uses a card already declared in the same class (FOS p.326).
    SAME_CLASS = "same-class"
    #: Always; every declaration needs a card never declared before (CHA).
    ALWAYS = "always"
    #: Never required.
    NEVER = "never"


class SameKindReuse(Option):
    """Whether a card may be declared twice in the same kind (WKC, BIC, S003)."""

    #: Never (two-hand; S000, S001, S003, FOS, MAS).
    NEVER = "never"
    #: Once a card of a declared meld has been played to a trick, the meld may be
    #: declared again by adding a like card from the hand (Rubicon: WKC, BIC, S003).
    REFORM_AFTER_PLAY = "reform-after-play"
    #: A card may go into the same kind again with other cards; only the same set of
    #: cards never twice in one kind, so the marjolet marries each queen in turn
    #: (Marjolet: S003, WMJ, ADP).
    NEW_SET = "new-set"


class MarriageRearrangement(Option):
    """Whether declared marriages of one suit may be re-paired (WKC, S003; SC-39, SC-40)."""

    #: No (two-hand rules).
    NONE = "none"
    #: Two declared marriages of a suit may be declared again crosswise, nothing
    #: played and no card from the hand, each pair once (S003 item 8).
    SWAP_WITHOUT_PLAY = "swap-without-play"
    #: After a card of a declared marriage is played, the lone partner may marry a card
    #: taken from another declared marriage of the suit, no card from the hand (WKC).
    REPAIR_AFTER_PLAY = "repair-after-play"


class InferiorOrder(Option):
    """Which later declarations a card's earlier declarations forbid (FOS p.325, S001)."""

    #: No lower-valued meld of the same class (FOS pp. 325-326, S001(b), HGM, BRI, WKC).
    SAME_CLASS = "same-class"
    #: No lower-valued meld of any class (S001(a); "as long as the point score is greater").
    ANY_CLASS = "any-class"
    #: Only S000's listed case; a king and queen declared in a sequence may not then
    #: be declared as a royal marriage.
    LISTED_PAIRS = "listed-pairs"
    #: None; a declared card may go into any other meld (Marjolet; S003, WMJ, ADP).
    NONE = "none"


class DeclareFrom(Option):
    """Where the cards of a declaration come from (see :class:`Zones`)."""

    #: The concealed hand and the cards already on the table (S000 law 7, FOS).
    HAND_AND_TABLE = "hand-and-table"
    #: Only the cards the seat has won in tricks (S003, Polish Bezique).
    WON = "won"


class OpenCards(Option):
    """Which cards won in tricks lie face up to declare from, when melds are shown
    from the cards won (see :class:`Zones`)."""

    #: Every card won; the tricks are left face up (S003, WKC).
    ALL = "all"
    #: Only the scoring cards, the "open cards" (aces, kings, queens, jacks and the
    #: tens of trumps); the other cards won are turned down and set aside (EB11).
    SCORING = "scoring"


class TrickCard(Option):
    """Whether a declaration from the cards won must take a card of the trick just
    won (see :class:`Zones`)."""

    #: No; any cards won may be declared together.
    NOT_REQUIRED = "not-required"
    #: Every declaration includes a card of the trick just won (EB11).
    EVERY_DECLARATION = "every-declaration"
    #: Every declaration includes a card of the trick just won, and each of those
    #: cards goes into one declaration of the turn at most: with two cards to a
    #: trick, one or two melds a trick (S003).
    ONE_DECLARATION_EACH = "one-declaration-each"


class PolishCardReuse(Option):
    """How often a card won may be declared, when melds are shown from the cards won."""

    #: Under the re-use rules of the declarations (same kind, inferior order, fresh
    #: card), as in the two-hand game (S003: "all rules are the same").
    ORDINARY = "ordinary"
    #: Every card won goes into one meld only in the whole deal (S003, "some books").
    ONCE_PER_HAND = "once-per-hand"


class CarteBlancheCards(Option):
    """Which cards spoil a carte blanche (see :class:`CarteBlanche`)."""

    #: King, queen and jack (HGM, FOS p.334, WKC, PAR, S003).
    COURTS = "courts"
    #: Ace, ten, king, queen and jack (S001, a regional two-hand rule).
    FACE_CARDS = "face-cards"


class LastTrick(Option):
    """Which trick scores the last-trick bonus (S000 law 10)."""

    #: The final trick of the deal (S000 law 10, EIW viii, S002; HGM, FOS, BIC for Rubicon).
    FINAL = "final"
    #: The last trick of the stock phase, the 24th of two-hand (S000 law 10 variation, S001, PKW).
    LAST_STOCK_TRICK = "last-stock-trick"


class StockEndBonus(Option):
    """Who scores ``Scoring.stock_end_points`` when the stock runs out (Marjolet)."""

    #: The winner of the last trick of the stock, the 10th in Marjolet (S003).
    LAST_STOCK_TRICK = "last-stock-trick"
    #: The player who draws the last card of the stock, the turn-up or the seven of
    #: trumps exchanged for it (WMJ): the loser of that trick.
    LAST_CARD_DRAWN = "last-card-drawn"


class BrisqueTiming(Option):
    """When the aces and tens won in tricks score (S000 law 11; BIC)."""

    #: At the end of the deal, the non-dealer first (S000 laws 11-12, S001, S002).
    END_OF_DEAL = "end-of-deal"
    #: As each trick is won (PAR; Polish, WKC).
    WHEN_WON = "when-won"
    #: Only to break a tie or to save a player from the rubicon; if either player
    #: counts them, both do (Rubicon: BIC, CMC, S003).
    TIES_AND_RUBICON = "ties-and-rubicon"
    #: Never (six and eight packs; PKW, CMC).
    NEVER = "never"


class DealScoring(Option):
    """How a finished deal scores in the game."""

    #: Each player's points are added to his game total (two-hand, S000 law 12).
    CUMULATIVE = "cumulative"
    #: Each deal is a game of its own; the winner scores a game bonus and the
    #: difference, or the rubicon bonus if the loser is under the rubicon (BIC, S003, PAR).
    RUBICON = "rubicon"


class RubiconBonus(Option):
    """What the winner scores when the loser is under the rubicon (BIC, S003; SC-43)."""

    #: Rubicon bonus + both totals + every brisque of the deck (BIC).
    BIC = "bic"
    #: Rubicon bonus + both totals (S003).
    S003 = "s003"
    #: Game bonus + 500 + both totals (PAR, reading a damaged table).
    PAR = "par"


class Rounding(Option):
    """Rounding of deal totals under rubicon scoring (BIC, S003)."""

    #: No rounding.
    NONE = "none"
    #: Totals are dropped to their hundreds (BIC; S003), "unless needed to determine
    #: the winner" (BIC): the winner is decided on the exact totals, and where their
    #: hundreds are equal both stay exact.
    HUNDREDS = "hundreds"


class Forfeits(Option):
    """How a forfeit for an irregularity at a real table is counted (S000 law 14);
    used by the score sheet (:mod:`bezique.io.sheet`), never by the engine, which
    admits no irregularity."""

    #: Added to the score of the other side (the default reading).
    ADDED_TO_OTHERS = "added-to-others"
    #: Taken from the offender's score (S000 law 14's alternative).
    TAKEN_FROM_OFFENDER = "taken-from-offender"


class GameEnd(Option):
    """When a game to a target ends (S000 laws 1 and 12)."""

    #: Checked at the end of each deal; the higher total at or over the target wins.
    END_OF_DEAL = "end-of-deal"
    #: The first player to reach the target wins at once, even mid-deal.
    FIRST_TO_REACH = "first-to-reach"
    #: A fixed number of deals (``GameRules.deals``); the higher total wins. For the
    #: rubicon games, where each deal is a game of its own (HGM, BIC, PAR).
    DEALS = "deals"


class EndPhase(Option):
    """How the last tricks are played once the stock is out, with four seats."""

    #: Every seat plays to each trick, in turn (S000 law 9; BIC for four players).
    TOGETHER = "together"
    #: Two duels of eight tricks; the winner of the last stock trick against the
    #: seat on his left, then the other two (EB9, EB11).
    DUELS = "duels"


class PartnershipDeclarer(Option):
    """Who of a side may declare after the side wins a stock trick."""

    #: The trick's winner declares, or passes the right to his partner, who then
    #: declares or not (BIC).
    WINNER_OR_PASSES = "winner-or-passes"
    #: The winner or his partner, one declaration for the side; each may pass the
    #: right to the other once (EB9, EB11, EIW).
    EITHER_PARTNER = "either-partner"
    #: Both may declare, one declaration each, the winner first (S004).
    BOTH_IN_TURN = "both-in-turn"


class PartnershipBeziqueSource(Option):
    """Whose cards a double or triple bezique declared by a partnership may hold."""

    #: All its cards from one seat (BIC).
    SAME_PLAYER = "same-player"
    #: Cards of both partners, the partner's from his table (EB9, EB11).
    EITHER_PARTNER = "either-partner"


class _Component:
    """Shared behaviour of the frozen rule components."""

    def __attrs_post_init__(self) -> None:
        check_fields(self)


@attrs.frozen(kw_only=True, cache_hash=True)
class Deck(_Component):
    """Packs, hand size and how the deal is made (S000 laws 1, 3, 4)."""

    #: Piquet packs of 32 shuffled together (two in S000 law 1; four or six allowed).
    packs: int = 2
    #: Cards dealt to each player (eight in S000 law 3; nine with four or six packs).
    hand_size: int = 8
    #: Packets in which the deal is made, each player in turn from the dealer's left
    #: (S000 law 3: 3, 2, 3).
    packets: tuple[int, ...] = (3, 2, 3)
    #: Whether the next card is turned up for trumps and placed under the stock to be
    #: drawn last (S000 law 4, S001, PAR).
    turn_up: bool = True


#: The readings under which a seven of trumps may be declared like a meld.
_SEVEN_DECLARED = frozenset({SevenOfTrumps.ON_DECLARATION, SevenOfTrumps.ON_PLAY_OR_DECLARATION})


@attrs.frozen(kw_only=True, cache_hash=True)
class Trumps(_Component):
    """The trump suit and the seven of trumps (S000 laws 4 and 8)."""

    selection: TrumpSelection = TrumpSelection.TURN_UP
    #: Points to the dealer when the turn-up is a seven (S000 law 4, all sources).
    turn_up_seven_points: int = 10
    #: When a seven of trumps scores, apart from the exchange.
    seven_of_trumps: SevenOfTrumps = SevenOfTrumps.ON_PLAY
    #: What it scores (10, in S000 law 8).
    seven_of_trumps_points: int = 10
    #: Where a declared seven of trumps lies; on the table with the melds (HGM), or,
    #: ``False``, shown and kept in the hand, never put with the melds (S001).
    declared_seven_on_table: bool = True
    #: Whether a seven of trumps scores when played in the last tricks too, the
    #: stock exhausted (S003 states no exception); ``False``: only while the stock
    #: lasts (S000 law 8 and its table: "except in last eight tricks").
    seven_in_end_phase: bool = False
    #: Points for exchanging the seven of trumps for the turn-up after winning a trick
    #: (S000 law 8: 10); ``None``: no exchange.
    exchange_points: int | None = 10
    #: Whether the seven of trumps scores once in a deal, turned up, exchanged or
    #: played: one that lay as the turn-up scores nothing when played (Marjolet,
    #: S003); ``False``: any seven of trumps played may score.
    seven_scores_once: bool = False
    #: Whether the exchange uses up the trick's declaration (S002b, ``True``) or the
    #: winner may still declare, without the card gained (S000 law 8, ``False``).
    exchange_counts_as_declaration: bool = False


@attrs.frozen(kw_only=True, cache_hash=True)
class TrickPlay(_Component):
    """Who wins a trick, and the duties of the end phase (S000 laws 4, 6, 9)."""

    #: With no trump played, the higher card wins whatever its suit (S000 law 6 as
    #: printed); ``False``: only a card of the suit led can win (S000 law 6 "some rules",
    #: S001, S002, HGM, PAR, S003).
    offsuit_higher_card_wins: bool = False
    #: Whether trumps beat other suits in the stock phase (``False``; S000 law 4
    #: variation, trumps rank highest only in the last eight tricks).
    trumps_win_in_stock_phase: bool = True
    #: How the tricks after the stock are played; all seats together, or, with
    #: four seats, in two duels (EB9, EB11).
    end_phase: EndPhase = EndPhase.TOGETHER


@attrs.frozen(kw_only=True, cache_hash=True)
class Declarations(_Component):
    """When and what a trick's winner may declare, and the re-use rules (S000 law 7, FOS)."""

    limit: DeclarationLimit = DeclarationLimit.ONE
    #: The winner of the last stock trick may declare everything he holds
    #: (S000 law 7 variation).
    declare_all_after_last_stock_trick: bool = False
    #: Declarations continue in the end phase (S003 "enhanced" rules, Polish).
    melding_after_close: bool = False
    fresh_card: FreshCard = FreshCard.SAME_CLASS
    inferior_order: InferiorOrder = InferiorOrder.SAME_CLASS
    same_kind_reuse: SameKindReuse = SameKindReuse.NEVER
    marriage_rearrangement: MarriageRearrangement = MarriageRearrangement.NONE
    #: A card declared in a marriage may later go into a sequence (FOS p.325, S000
    #: hint 6, S001, S002); ``False``: it may not (WKC, for Rubicon).
    marriage_then_sequence: bool = True
    quartet_suits: QuartetSuits = QuartetSuits.ANY
    bezique_pair: BeziquePair = BeziquePair.STANDARD
    #: A bezique already in a double bezique may go into a second double, with a
    #: fresh pair (EB9, for three and four players).
    second_double_bezique: bool = False
    values: MeldValues = attrs.field(factory=MeldValues)


@attrs.frozen(kw_only=True, cache_hash=True)
class Zones(_Component):
    """Where a seat's cards lie and which of them it may use.

    Every game of the family plays to tricks from the concealed hand and the cards
    declared on the table (S000 law 6, S001, FOS); what the games differ in is
    where a declaration's cards come from, and so where they lie once declared.
    """

    #: Where the cards of a declaration come from; the hand and the table, the
    #: declared cards then lying face up on the table (S000 law 7, FOS); or only the
    #: cards the seat has won in tricks, which stay among them (Polish Bezique, S003).
    declare_from: DeclareFrom = DeclareFrom.HAND_AND_TABLE
    #: Of the cards won, those that lie face up to declare from; all of them (S003,
    #: WKC), or the scoring cards only (EB11's open cards). Only with ``declare_from="won"``.
    open_cards: OpenCards = OpenCards.ALL
    #: Whether each declaration takes a card of the trick just won (EB11), and each
    #: such card one declaration at most (S003). Only with ``declare_from="won"``.
    trick_card: TrickCard = TrickCard.NOT_REQUIRED
    #: Whether a card won may go into several melds under the ordinary re-use rules
    #: (S003), or into one meld only (S003's "some books"). Only with
    #: ``declare_from="won"``.
    polish_card_reuse: PolishCardReuse = PolishCardReuse.ORDINARY


@attrs.frozen(kw_only=True, cache_hash=True)
class Partnership(_Component):
    """Declarations when seats play in partnerships (``Rules.sides``)."""

    #: Who of the side that won a trick may declare.
    partnership_declarer: PartnershipDeclarer = PartnershipDeclarer.WINNER_OR_PASSES
    #: A seat may use the cards its partner has on the table, under their own
    #: declaration histories (BIC); the declaration still needs one card of its own
    #: concealed hand.
    combine_with_partner_table: bool = True
    #: Whose cards a double or triple bezique may hold.
    partnership_bezique_source: PartnershipBeziqueSource = PartnershipBeziqueSource.SAME_PLAYER


@attrs.frozen(kw_only=True, cache_hash=True)
class CarteBlanche(_Component):
    """Carte blanche: a hand with no king, queen or jack, shown for points (HGM, WKC, PAR)."""

    #: Points for showing it; ``None``; no carte blanche (two-hand, eight packs).
    #: Rubicon 50, six packs 250 (HGM, FOS p.334, WKC, PAR, S003).
    carte_blanche_points: int | None = None
    #: The cards that spoil a carte blanche; the court cards (HGM, FOS p.334, WKC,
    #: PAR), or also the aces and tens (S001's regional two-hand carte blanche).
    carte_blanche_cards: CarteBlancheCards = CarteBlancheCards.COURTS
    #: After the dealt hand, each drawn card that is not a court card may be shown for
    #: the same points, until a court card is drawn (WKC, PAR, S003, CMC); ``False``:
    #: only before the first trick (FOS p.334).
    carte_blanche_repeat: bool = True


@attrs.frozen(kw_only=True, cache_hash=True)
class Scoring(_Component):
    """Last trick and brisques (S000 laws 10-11), how a deal scores, and forfeits (law 14)."""

    last_trick: LastTrick = LastTrick.FINAL
    last_trick_points: int = 10
    #: Points when the stock runs out (Marjolet; 10, S003, WMJ); ``None``, none.
    stock_end_points: int | None = None
    #: Who scores ``stock_end_points``.
    stock_end_to: StockEndBonus = StockEndBonus.LAST_STOCK_TRICK
    #: Points for winning every trick after the stock is out (Marjolet; 50 in S003,
    #: 40 in WMJ); ``None``, none.
    all_last_tricks_points: int | None = None
    #: Points for each ace and ten won in tricks (S000 law 11).
    brisque_points: int = 10
    brisques: BrisqueTiming = BrisqueTiming.END_OF_DEAL
    deal_scoring: DealScoring = DealScoring.CUMULATIVE
    #: Rubicon scoring; the winner's bonus for the deal (PAR, 500 / 1000 / 1000 for
    #: four / six / eight packs).
    game_bonus: int = 500
    #: Rubicon scoring; a loser under this total is rubiconed (PAR, 1000 / 3000 / 5000).
    rubicon: int = 1000
    #: Rubicon scoring; the bonus when the loser is rubiconed (1000 in BIC, S003).
    rubicon_bonus: int = 1000
    rubicon_bonus_formula: RubiconBonus = RubiconBonus.BIC
    rounding: Rounding = Rounding.HUNDREDS
    #: Six-pack cut (PKW, HER); points to the dealer who lifts exactly
    #: ``cut_exact`` cards (250), ``None``: no cut bonus.
    cut_dealer_points: int | None = None
    #: Six-pack cut; points to the non-dealer who guesses the number lifted (150).
    cut_guess_points: int | None = None
    cut_exact: int = 24
    #: Forfeits for irregularities on a score sheet, added to the other side or
    #: taken from the offender (S000 law 14).
    forfeits: Forfeits = Forfeits.ADDED_TO_OTHERS
    #: The forfeit for leading out of turn, none under S000 law 5 and 10 under its
    #: penalty table.
    lead_out_of_turn_forfeit: int = 0


@attrs.frozen(kw_only=True, cache_hash=True)
class GameRules(_Component):
    """A game of several deals to a target (S000 laws 1 and 12)."""

    #: 1000, 1500 or 2000 by agreement (S000 law 1).
    target: int = 1000
    end: GameEnd = GameEnd.END_OF_DEAL
    #: Under ``GameEnd.DEALS``; the number of deals, whose deal scores are totalled.
    deals: int = 1


_COMPONENTS: dict[str, type[Any]] = {
    "deck": Deck,
    "trumps": Trumps,
    "trick_play": TrickPlay,
    "declarations": Declarations,
    "zones": Zones,
    "partnership": Partnership,
    "carte_blanche": CarteBlanche,
    "scoring": Scoring,
    "game": GameRules,
}


class _DerivedStore:
    """Where a rule set keeps its derived values (:meth:`Rules.derived`): a slot
    outside the attrs fields, so that it is no part of the value, of its copies
    (:func:`attrs.evolve`, :func:`attrs.asdict`) or of its JSON."""

    __slots__ = ("_store",)
    #: By the function that made it, a value of that function's type.
    _store: dict[Callable[[Rules], object], Any]


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules(_DerivedStore):
    """A complete, validated rule set: a named composition of components.

    Build one from a preset with :meth:`evolve`; never subclass.

    Its ``repr`` is the expression that builds it from a preset of
    :mod:`bezique.rules.variants`: the preset of its name, then :meth:`evolve` with
    only what differs from that preset (the name, description or sources where they
    differ, then the knobs in the order of :meth:`knobs`, option values as their
    text). A rule set whose name no preset has is shown as
    ``variants.CLASSIC.evolve(name=...)`` with what differs from the classic game.
    Evaluated with ``variants`` in scope (``from bezique import variants``), it gives
    an equal rule set.

    >>> from bezique import variants
    >>> variants.CLASSIC
    variants.CLASSIC
    >>> variants.CLASSIC.evolve(last_trick="24th", double_bezique=350)
    variants.CLASSIC.evolve(double_bezique=350, last_trick='last-stock-trick')
    """

    name: str
    description: str = ""
    players: int = 2
    #: The side each seat plays for, by seat (partnerships; ``(0, 1, 0, 1)``);
    #: empty when each seat plays for itself. Scores are kept by seat and added
    #: up by side (:attr:`bezique.DealState.side_scores`).
    sides: tuple[int, ...] = ()
    deck: Deck = attrs.field(factory=Deck)
    trumps: Trumps = attrs.field(factory=Trumps)
    trick_play: TrickPlay = attrs.field(factory=TrickPlay)
    declarations: Declarations = attrs.field(factory=Declarations)
    zones: Zones = attrs.field(factory=Zones)
    partnership: Partnership = attrs.field(factory=Partnership)
    carte_blanche: CarteBlanche = attrs.field(factory=CarteBlanche)
    scoring: Scoring = attrs.field(factory=Scoring)
    game: GameRules = attrs.field(factory=GameRules)
    #: Source tags this rule set follows (see the sources page of the docs).
    sources: tuple[str, ...] = ()

    def derived(self, make: Callable[[Rules], T]) -> T:
        """``make(self)``, computed the first time it is asked for and kept with these rules.

        The engine, the laws and the players keep here the tables they derive from
        a rule set (meld patterns, the re-use verdicts, the plan the engine reads on
        every trick): rules are immutable, so such a table never goes stale, and it
        is made once per rule set rather than once per deal. ``make`` is the key,
        so it must be a function defined once (at module level), not a lambda; the
        value kept under it is what ``make`` returned, so it has ``make``'s type.

        A value once kept is never replaced, and the library's own tables are
        immutable (tuples, frozen classes, read-only mappings,
        :class:`~bezique.rules.derived.Memo`), so
        nothing read from here can change what a rule set scores or allows. Anything
        but a plain function (or one compiled, in the accelerated build) as ``make``
        raises :class:`TypeError`: a callable object could pass for another's key.
        """
        try:
            value: T = self._store[make]
        except (KeyError, AttributeError):
            value = self._derive(make)
        return value

    def _derive(self, make: Callable[[Rules], T]) -> T:
        if type(make) not in _FUNCTION_TYPES:
            raise TypeError(f"Rules.derived(): make must be a function, not {type(make).__name__}")
        try:
            store = self._store
        except AttributeError:
            # Unpickled or copied rules: the store is not part of the value.
            store = {}
            object.__setattr__(self, "_store", store)
        # ``make`` may have kept its value while it ran (a table made from another).
        value: T = store.setdefault(make, make(self))
        return value

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_store", {})
        self._check_names()
        self._check_seats_and_deck()
        self._check_trumps()
        if self.game.end is GameEnd.DEALS and self.game.deals < 1:
            raise RulesError("a game of a fixed number of deals needs at least one", ["deals"])
        self._check_declarations()
        if self.trick_play.end_phase is EndPhase.DUELS and self.players != 4:
            raise RulesError(
                "the end phase in duels is for four seats (EB9, EB11)", ["end_phase", "players"]
            )
        if all(self.declarations.values.of(k) is None for k in MeldKind):
            raise RulesError("no meld has a value", ["values"])

    def _check_names(self) -> None:
        """Each component of its class; the name, description and sources of their types."""
        for name, cls in _COMPONENTS.items():
            if not isinstance(getattr(self, name), cls):
                raise RulesError(f"Rules.{name} must be a {cls.__name__}", [name])
        if not isinstance(self.name, str) or not self.name:
            raise RulesError("Rules.name must be a non-empty string", ["name"])
        if not isinstance(self.description, str):
            raise RulesError(
                f"Rules.description must be a string, got {shown(self.description)}",
                ["description"],
            )
        if not isinstance(self.sources, tuple) or not all(
            isinstance(tag, str) for tag in self.sources
        ):
            raise RulesError(
                f"Rules.sources must be a tuple of strings, got {shown(self.sources)}",
                ["sources"],
            )

    def _check_seats_and_deck(self) -> None:
        """The seats and sides; the packs, the packets and a stock the seats draw
        from evenly."""
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise RulesError(f"players must be a number, got {shown(self.players)}", ["players"])
        if not 2 <= self.players <= MAX_PLAYERS:
            raise RulesError(
                f"players={shown(self.players)}: a deal has 2 to {MAX_PLAYERS} players", ["players"]
            )
        _check_sides(self.sides, self.players)
        deck = self.deck
        if not 1 <= deck.packs <= 8:
            raise RulesError(f"packs must be 1..8, got {deck.packs}", ["packs"])
        if any(packet < 1 for packet in deck.packets):
            raise RulesError(
                f"the packets {deck.packets} must all be positive", ["packets", "hand_size"]
            )
        if deck.hand_size < 1 or sum(deck.packets) != deck.hand_size:
            raise RulesError(
                f"the packets {deck.packets} must add up to the hand size {deck.hand_size}",
                ["packets", "hand_size"],
            )
        stock = deck.packs * FACES_PER_PACK - self.players * deck.hand_size
        if stock < self.players or stock % self.players:
            raise RulesError(
                f"{deck.packs} packs cannot deal {deck.hand_size} cards to {self.players} "
                f"players and leave a stock that they draw from evenly (stock {stock})",
                ["packs", "hand_size", "players"],
            )

    def _check_trumps(self) -> None:
        """Trumps are fixed by a turn-up or by a declaration that has a value; the
        exchange and the declared seven of trumps are set only where they apply."""
        deck = self.deck
        selection = self.trumps.selection
        if (selection is TrumpSelection.TURN_UP) != deck.turn_up:
            raise RulesError(
                "trumps chosen by the turn-up need a turn-up card, and only then",
                ["selection", "turn_up"],
            )
        values = self.declarations.values
        if (
            selection is not TrumpSelection.TURN_UP
            and values.royal_marriage is None
            and (selection is TrumpSelection.FIRST_MARRIAGE or values.trump_sequence is None)
        ):
            raise RulesError(
                f"trumps are fixed by a declaration ({selection.value}) that has no value",
                ["selection", "royal_marriage", "trump_sequence"],
            )
        if self.trumps.exchange_points is not None and not deck.turn_up:
            raise RulesError(
                "the seven of trumps can only be exchanged for a turn-up",
                ["exchange_points", "turn_up"],
            )
        if (
            not self.trumps.declared_seven_on_table
            and self.trumps.seven_of_trumps not in _SEVEN_DECLARED
        ):
            raise RulesError(
                "where a declared seven of trumps lies matters only when it may be declared",
                ["declared_seven_on_table", "seven_of_trumps"],
            )

    def _check_declarations(self) -> None:
        """The carte blanche, and the melds shown from the cards won, are set in
        agreement with the rest."""
        if (
            self.carte_blanche.carte_blanche_cards is CarteBlancheCards.FACE_CARDS
            and self.carte_blanche.carte_blanche_repeat
        ):
            raise RulesError(
                "a carte blanche without aces and tens is shown only at the deal (S001): "
                "set carte_blanche_repeat=False",
                ["carte_blanche_cards", "carte_blanche_repeat"],
            )
        decl = self.declarations
        if self.zones.declare_from is DeclareFrom.WON and (
            decl.same_kind_reuse is SameKindReuse.REFORM_AFTER_PLAY
            or decl.marriage_rearrangement is not MarriageRearrangement.NONE
        ):
            raise RulesError(
                "melds shown from the cards won are never broken by a play: they cannot be "
                "re-formed or re-paired",
                ["declare_from", "same_kind_reuse", "marriage_rearrangement"],
            )
        zones = self.zones
        if zones.declare_from is not DeclareFrom.WON:
            only_won = {
                "open_cards": zones.open_cards is not OpenCards.ALL,
                "trick_card": zones.trick_card is not TrickCard.NOT_REQUIRED,
                "polish_card_reuse": zones.polish_card_reuse is not PolishCardReuse.ORDINARY,
            }
            changed = [name for name, set_ in only_won.items() if set_]
            if changed:
                raise RulesError(
                    f"{', '.join(changed)} apply only to melds shown from the cards won: "
                    "set declare_from='won'",
                    ["declare_from", *changed],
                )

    def __repr__(self) -> str:
        # The presets are built from this class, so their module is imported when a
        # rule set is shown, not when this one is loaded.
        from bezique.rules import variants

        try:
            base, shown_as = variants.get(self.name), ""
        except RulesError:
            base, shown_as = variants.CLASSIC, "variants.CLASSIC"
        if not shown_as:
            attribute = base.name.upper().replace("-", "_")
            if getattr(variants, attribute, None) is base:
                shown_as = f"variants.{attribute}"
            else:
                shown_as = f"variants.get({base.name!r})"
        changes = [
            f"{field}={getattr(self, field)!r}"
            for field in ("name", "description", "sources")
            if getattr(self, field) != getattr(base, field)
        ]
        mine, theirs = self.knobs(), base.knobs()
        changes += [
            f"{key}={value!r}" for key, value in mine.items() if theirs.get(key, _NONE) != value
        ]
        if "sides" in theirs and "sides" not in mine:
            changes.append("sides=()")
        return shown_as + (f".evolve({', '.join(changes)})" if changes else "")

    # -- derived data ------------------------------------------------------------

    @property
    def deck_size(self) -> int:
        return self.deck.packs * FACES_PER_PACK

    @property
    def stock_tricks(self) -> int:
        """The number of tricks played while the stock lasts (24 in two-hand)."""
        return (self.deck_size - self.players * self.deck.hand_size) // self.players

    @property
    def total_tricks(self) -> int:
        """The number of tricks in a deal: the stock tricks, then one trick for each
        card of a hand (32 in two-hand). In duels (``EndPhase.DUELS``) the hands are
        played out in two duels of that many tricks each, the tricks numbered on
        (EB9, EB11: 24 + 8 + 8 = 40 with four packs)."""
        duels = 2 if self.trick_play.end_phase is EndPhase.DUELS else 1
        return self.stock_tricks + duels * self.deck.hand_size

    @property
    def side_count(self) -> int:
        """How many sides play: the number of seats unless seats play in partnerships."""
        return max(self.sides) + 1 if self.sides else self.players

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (its own number when there are no partnerships)."""
        return self.sides[seat] if self.sides else seat

    def side_totals(self, totals: Sequence[int]) -> tuple[int, ...]:
        """Per-seat ``totals`` (scores, brisques) added up by side: the same when each
        seat plays for itself."""
        if not self.sides:
            return tuple(totals)
        out = [0] * self.side_count
        for seat, total in enumerate(totals):
            out[self.sides[seat]] += total
        return tuple(out)

    def meld_value(self, kind: MeldKind) -> int | None:
        """Points of a declaration of ``kind``; ``None`` if it cannot be declared."""
        return self.derived(_meld_values)[kind]

    def _meld_value(self, kind: MeldKind) -> int | None:
        if kind is MeldKind.SEVEN_OF_TRUMPS:
            if self.trumps.seven_of_trumps in _SEVEN_DECLARED:
                return self.trumps.seven_of_trumps_points
            return None
        return self.declarations.values.of(kind)

    @property
    def meld_kinds(self) -> tuple[MeldKind, ...]:
        """The kinds that may be declared, in kind order."""
        return tuple(k for k in MeldKind if self.meld_value(k) is not None)

    # -- building ----------------------------------------------------------------

    def evolve(self, **changes: Any) -> Rules:
        """A copy with some fields changed, by component field name.

        Keys may be a field of :class:`Rules` (``name``, ``players``, a whole
        component), a field of any one component (``last_trick``, ``packs``), or a
        meld of :class:`~bezique.rules.melds.MeldValues` (``double_bezique``). Text is
        accepted for option fields.
        """
        top: dict[str, Any] = {}
        parts: dict[str, dict[str, Any]] = {}
        values: dict[str, Any] = {}
        for key, value in changes.items():
            if key in _TOP_FIELDS:
                top[key] = value
            elif key in _FIELD_OWNER:
                owner = _FIELD_OWNER[key]
                parts.setdefault(owner, {})[key] = _convert(_COMPONENTS[owner], key, value)
            elif key in _VALUE_FIELDS:
                values[key] = value
            else:
                raise RulesError(f"no rule field named {shown(key)}", [key])
        if values:
            current = parts.get("declarations", {}).get("values", self.declarations.values)
            parts.setdefault("declarations", {})["values"] = _build(
                MeldValues, attrs.evolve, current, values
            )
        for owner, fields in parts.items():
            base = top.get(owner, getattr(self, owner))
            top[owner] = _build(_COMPONENTS[owner], attrs.evolve, base, fields)
        try:
            return attrs.evolve(self, **top)
        except TypeError as error:
            raise RulesError(str(error), list(top)) from None

    def knobs(self) -> dict[str, Any]:
        """Every field of every component, flat, as plain values (for display/JSON)."""
        out: dict[str, Any] = {"players": self.players}
        if self.sides:
            out["sides"] = self.sides
        for name in _COMPONENTS:
            for field in attrs.fields(type(getattr(self, name))):
                value = getattr(getattr(self, name), field.name)
                if isinstance(value, MeldValues):
                    for f in attrs.fields(MeldValues):
                        out[f.name] = getattr(value, f.name)
                else:
                    out[field.name] = value.value if isinstance(value, enum.Enum) else value
        return out

    @classmethod
    def from_knobs(cls, name: str, knobs: Mapping[str, Any], description: str = "") -> Rules:
        """Build rules from a flat mapping as produced by :meth:`knobs`."""
        if not isinstance(knobs, Mapping):
            wrong_type("Rules.from_knobs()", "knobs", "a mapping", knobs)
        changes = {k: (tuple(v) if isinstance(v, list) else v) for k, v in knobs.items()}
        return Rules(name=name, description=description).evolve(**changes)


# What Rules.__repr__ reads for a knob its preset lacks (None is a value knobs take).
_NONE = object()

#: The most seats a rule set may have (eight packs hold 256 cards).
MAX_PLAYERS = 8


def _check_sides(sides: object, players: int) -> None:
    """Sides, when given, name each seat's side as 0, 1, ...: every side has a seat."""
    if sides == ():
        return
    if (
        not isinstance(sides, tuple)
        or len(sides) != players
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in sides)
    ):
        raise RulesError(
            f"sides must give one side number per seat, got {shown(sides, 80)}", ["sides"]
        )
    if not all(0 <= s < players for s in sides):
        raise RulesError(f"sides {shown(sides, 80)} must number the sides from 0", ["sides"])
    count = max(sides) + 1
    if sorted(set(sides)) != list(range(count)) or count < 2:
        raise RulesError(
            f"sides {shown(sides, 80)} must number at least two sides 0, 1, ... "
            "with a seat in each",
            ["sides"],
        )


def _meld_values(rules: Rules) -> Mapping[MeldKind, int | None]:
    return MappingProxyType({kind: rules._meld_value(kind) for kind in MeldKind})


def _convert(component: type[Any], key: str, value: Any) -> Any:
    hint = type_hints(component)[key]
    if isinstance(hint, type) and issubclass(hint, enum.Enum) and isinstance(value, str):
        try:
            return hint(value)
        except ValueError:
            raise RulesError(
                f"{key}={shown(value)} is not an option; expected {describe(hint)}", [key]
            ) from None
    if typing.get_origin(hint) is tuple and isinstance(value, list):
        return tuple(value)
    return value


def _build(cls: type[Any], evolve: Any, base: Any, fields: dict[str, Any]) -> Any:
    try:
        return evolve(base, **fields)
    except TypeError as error:
        raise RulesError(f"{cls.__name__}: {error}", list(fields)) from None


_TOP_FIELDS = {f.name for f in attrs.fields(Rules) if f.init}
_FIELD_OWNER: dict[str, str] = {
    field.name: owner
    for owner, component in _COMPONENTS.items()
    for field in attrs.fields(component)
}
_VALUE_FIELDS = {f.name for f in attrs.fields(MeldValues)}
