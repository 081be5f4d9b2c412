"""Hypothesis strategies and invariant checks shared by the invariant tests.

Strategies:

* cards: :func:`faces`, :func:`card_ids`, :func:`card_refs`, :func:`meld_kinds`;
* rules: :func:`rules` draws ``CLASSIC`` evolved over the knobs of
  :mod:`bezique.rules` (every option of every enum knob, every boolean, the
  plain sequence at none/120/150, the double bezique at 350/500, carte blanche
  at none/50/250, trumps by the turn-up or by the first marriage, the deck
  sizes of S000 law 1);
* states: :func:`playouts` draws a rule set, a seed, a dealer and a number of
  random legal steps (chosen with a Hypothesis-controlled random generator, so
  failures shrink) and returns the whole trace; :func:`reachable_states`
  returns only its last state;
* deals: :func:`stacked_deals` deals the copies of chosen faces to one side.

Checks: :func:`check_state` asserts every invariant of one state,
:func:`check_step` those of one transition, :class:`WindowTracker` those of a
trick winner's turn as a whole, and :func:`check_final` the sanity of a
finished deal. The end-phase duties are checked against
:func:`law9_playable`, an independent brute-force reading of S000 law 9.
"""

from __future__ import annotations

import enum
import os
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import Phase as Stage
from hypothesis import strategies as st

import bezique as bz
from bezique import (
    Action,
    BeziquePair,
    BrisqueTiming,
    Card,
    CardRef,
    DealScoring,
    DealState,
    DeclarationLimit,
    Declare,
    Draw,
    Exchange,
    Forfeits,
    FreshCard,
    GameEnd,
    IllegalActionError,
    InferiorOrder,
    LastTrick,
    MarriageRearrangement,
    MeldKind,
    Pass,
    PassToPartner,
    Phase,
    Play,
    QuartetSuits,
    Rank,
    Reason,
    Rounding,
    RubiconBonus,
    Rules,
    SameKindReuse,
    ScoreEvent,
    ScorePending,
    SevenOfTrumps,
    ShowCarteBlanche,
    StockEndBonus,
    Suit,
    TrumpSelection,
)
from bezique.cards import FACES, FACES_PER_PACK
from bezique.laws.dealing import deal_packets, shuffled_deck
from bezique.rules import (
    CarteBlancheCards,
    DeclareFrom,
    EndPhase,
    OpenCards,
    PartnershipBeziqueSource,
    PartnershipDeclarer,
    PolishCardReuse,
    TrickCard,
)
from bezique.state import initial_events

__all__ = [
    "BOOLEAN_KNOBS",
    "ENUM_KNOBS",
    "PROPERTY_SETTINGS",
    "Playout",
    "Step",
    "WindowTracker",
    "beats_by_law",
    "card_ids",
    "card_refs",
    "check_end_phase_duties",
    "check_final",
    "check_legal_actions",
    "check_rejected",
    "check_state",
    "check_step",
    "checked_playout",
    "chooser",
    "faces",
    "junk_action",
    "law9_playable",
    "meld_kinds",
    "playouts",
    "reachable_states",
    "rules",
    "run_playout",
    "stacked_deals",
    "trick_seats_now",
]

KIND_ORDER: dict[MeldKind, int] = {kind: i for i, kind in enumerate(MeldKind)}

#: By default the examples are derandomized, so that the suite gives the same
#: verdict on every run, and failures are not shrunk (shrinking a whole deal can take
#: minutes). Set BEZIQUE_EXPLORE=1 to draw new examples and shrink failures.
_EXPLORE = bool(os.environ.get("BEZIQUE_EXPLORE"))

PROPERTY_SETTINGS = settings(
    deadline=None,
    derandomize=not _EXPLORE,
    phases=list(Stage) if _EXPLORE else [Stage.explicit, Stage.reuse, Stage.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# -- cards ---------------------------------------------------------------------------


def faces() -> st.SearchStrategy[Card]:
    """Any of the 32 faces."""
    return st.sampled_from(FACES)


def card_ids(packs: int = 2) -> st.SearchStrategy[int]:
    """Any physical card id of a deck of ``packs`` packs."""
    return st.integers(0, packs * FACES_PER_PACK - 1)


def meld_kinds() -> st.SearchStrategy[MeldKind]:
    return st.sampled_from(list(MeldKind))


def card_refs() -> st.SearchStrategy[CardRef]:
    """A face with a history of zero to three kinds, in kind order."""
    histories = st.sets(meld_kinds(), max_size=3).map(
        lambda kinds: tuple(sorted(kinds, key=KIND_ORDER.__getitem__))
    )
    return st.builds(CardRef, faces(), histories)


# -- rules ---------------------------------------------------------------------------

#: Every enum knob of the rule components, by its ``Rules.evolve`` name.
ENUM_KNOBS: dict[str, type[enum.Enum]] = {
    "selection": TrumpSelection,
    "seven_of_trumps": SevenOfTrumps,
    "limit": DeclarationLimit,
    "fresh_card": FreshCard,
    "inferior_order": InferiorOrder,
    "same_kind_reuse": SameKindReuse,
    "marriage_rearrangement": MarriageRearrangement,
    "quartet_suits": QuartetSuits,
    "bezique_pair": BeziquePair,
    "last_trick": LastTrick,
    "brisques": BrisqueTiming,
    "deal_scoring": DealScoring,
    "declare_from": DeclareFrom,
    "open_cards": OpenCards,
    "trick_card": TrickCard,
    "polish_card_reuse": PolishCardReuse,
    "carte_blanche_cards": CarteBlancheCards,
    "rubicon_bonus_formula": RubiconBonus,
    "rounding": Rounding,
    "end": GameEnd,
    "forfeits": Forfeits,
    "end_phase": EndPhase,
    "partnership_declarer": PartnershipDeclarer,
    "partnership_bezique_source": PartnershipBeziqueSource,
    "stock_end_to": StockEndBonus,
}

#: Every boolean knob that may be set freely (``turn_up`` is tied to ``selection``).
BOOLEAN_KNOBS: tuple[str, ...] = (
    "seven_in_end_phase",
    "seven_scores_once",
    "exchange_counts_as_declaration",
    "offsuit_higher_card_wins",
    "trumps_win_in_stock_phase",
    "declare_all_after_last_stock_trick",
    "melding_after_close",
    "marriage_then_sequence",
    "carte_blanche_repeat",
    "second_double_bezique",
    "combine_with_partner_table",
    "declared_seven_on_table",
)

#: (players, sides): mostly two, sometimes three or four each alone, or four in
#: partnerships, each with a pack per seat (EB9, BIC).
TABLES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (2, ()),
    (2, ()),
    (2, ()),
    (2, ()),
    (3, ()),
    (4, ()),
    (4, (0, 1, 0, 1)),
)

#: (packs, hand size, packets): the two-pack game, the four-pack two-hand game of
#: S000 law 1 (nine cards each, triple bezique 1500), and Marjolet's one pack of six
#: cards each (S003, WMJ).
DECKS: tuple[tuple[int, int, tuple[int, ...]], ...] = (
    (2, 8, (3, 2, 3)),
    (2, 8, (3, 2, 3)),
    (2, 8, (3, 2, 3)),
    (4, 9, (3, 3, 3)),
    (1, 6, (3, 3)),
)


@st.composite
def _rules(
    draw: st.DrawFn,
    decks: Sequence[tuple[int, int, tuple[int, ...]]],
    tables: Sequence[tuple[int, tuple[int, ...]]],
) -> Rules:
    changes: dict[str, Any] = {
        name: draw(st.sampled_from(list(options))) for name, options in ENUM_KNOBS.items()
    }
    changes.update({name: draw(st.booleans()) for name in BOOLEAN_KNOBS})
    changes["plain_sequence"] = draw(st.sampled_from([None, 120, 150]))
    changes["double_bezique"] = draw(st.sampled_from([350, 500]))
    changes["four_tens"] = draw(st.sampled_from([None, 90]))
    changes["carte_blanche_points"] = draw(st.sampled_from([None, 50, 250]))
    # Marjolet's melds and bonuses (S003, WMJ).
    changes["royal_marjolet"] = draw(st.sampled_from([None, 40]))
    changes["common_marjolet"] = draw(st.sampled_from([None, 20]))
    changes["stock_end_points"] = draw(st.sampled_from([None, 10]))
    changes["all_last_tricks_points"] = draw(st.sampled_from([None, 50]))
    # Without a turn-up, the first marriage (or sequence) fixes trumps and there is
    # nothing to exchange the seven for (HGM, FOS p.334).
    turn_up = changes["selection"] is TrumpSelection.TURN_UP
    changes["turn_up"] = turn_up
    changes["exchange_points"] = draw(st.sampled_from([10, None])) if turn_up else None
    if (
        changes["same_kind_reuse"] is SameKindReuse.REFORM_AFTER_PLAY
        or changes["marriage_rearrangement"] is not MarriageRearrangement.NONE
    ):
        # Melds shown from the cards won are never broken by a play (RulesError).
        changes["declare_from"] = DeclareFrom.HAND_AND_TABLE
    if changes["seven_of_trumps"] not in (
        SevenOfTrumps.ON_DECLARATION,
        SevenOfTrumps.ON_PLAY_OR_DECLARATION,
    ):
        # Where a declared seven lies means something only if it may be declared.
        changes["declared_seven_on_table"] = True
    if changes["declare_from"] is not DeclareFrom.WON:
        # The open cards, the card of the trick and the Polish re-use rule are
        # rules of melds shown from the cards won (RulesError otherwise).
        changes["open_cards"] = OpenCards.ALL
        changes["trick_card"] = TrickCard.NOT_REQUIRED
        changes["polish_card_reuse"] = PolishCardReuse.ORDINARY
    if changes["carte_blanche_cards"] is CarteBlancheCards.FACE_CARDS:
        # S001's carte blanche without aces and tens is shown at the deal only.
        changes["carte_blanche_repeat"] = False
    packs, hand_size, packets = draw(st.sampled_from(list(decks)))
    players, sides = draw(st.sampled_from(list(tables)))
    if players > 2:
        packs, hand_size, packets = players, 8, (3, 2, 3)
    if players != 4 and changes["end_phase"] is EndPhase.DUELS:
        # The duels are for four seats (EB9, EB11).
        changes["end_phase"] = EndPhase.TOGETHER
    changes.update(packs=packs, hand_size=hand_size, packets=packets)
    changes.update(players=players, sides=sides)
    if packs >= 3:
        changes["triple_bezique"] = 1500
    return bz.variants.CLASSIC.evolve(name="drawn", **changes)


def rules(*, two_packs_only: bool = False) -> st.SearchStrategy[Rules]:
    """``CLASSIC`` evolved over every knob (see the module docstring); with
    ``two_packs_only``, the two-hand two-pack game only."""
    decks = DECKS[:1] if two_packs_only else DECKS
    tables = TABLES[:1] if two_packs_only else TABLES
    return st.one_of(st.just(bz.variants.CLASSIC), _rules(decks, tables))


# -- playouts ------------------------------------------------------------------------


@attrs.frozen
class Step:
    """One transition of a playout."""

    before: DealState
    action: Action
    after: DealState
    events: tuple[ScoreEvent, ...]


@attrs.frozen
class Playout:
    """A deal and the random legal steps taken from it."""

    start: DealState
    seed: int
    steps: tuple[Step, ...]

    def __repr__(self) -> str:
        actions = ", ".join(str(step.action) for step in self.steps)
        return (
            f"Playout(rules={self.start.rules.knobs()!r}, seed={self.seed}, "
            f"dealer={self.start.dealer}, actions=[{actions}])"
        )

    @property
    def final(self) -> DealState:
        return self.steps[-1].after if self.steps else self.start

    def states(self) -> Iterator[DealState]:
        yield self.start
        for step in self.steps:
            yield step.after


def run_playout(
    start: DealState,
    choose: Callable[[Sequence[Action]], Action],
    max_steps: int | None = None,
) -> tuple[Step, ...]:
    """Play from ``start`` with ``choose`` picking among the legal actions."""
    steps: list[Step] = []
    state = start
    while not state.is_over and (max_steps is None or len(steps) < max_steps):
        action = choose(state.legal_actions())
        after, events = state.step(action)
        steps.append(Step(state, action, after, events))
        state = after
    return tuple(steps)


def chooser(rng: random.Random, *, eager: bool = False) -> Callable[[Sequence[Action]], Action]:
    """A random policy; an ``eager`` one seldom ends the winner's turn while it can
    still exchange, declare or score, so that declarations pile up."""

    def choose(actions: Sequence[Action]) -> Action:
        closes_turn = len(actions) > 1 and isinstance(actions[-1], (Draw, Pass))
        if eager and closes_turn and rng.random() < 0.85:
            return rng.choice(actions[:-1])
        return rng.choice(actions)

    return choose


@st.composite
def playouts(
    draw: st.DrawFn,
    rules_strategy: st.SearchStrategy[Rules] | None = None,
    max_steps: int | None = None,
) -> Playout:
    """A new deal of drawn rules and a drawn number of random legal steps from it
    (``max_steps=None``: to the end of the deal), by a plain or an eager random
    policy."""
    drawn_rules = draw(rules() if rules_strategy is None else rules_strategy)
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.integers(0, drawn_rules.players - 1))
    eager = draw(st.booleans())
    rng = draw(st.randoms(use_true_random=False))
    steps = None if max_steps is None else draw(st.integers(0, max_steps))
    start = bz.new_deal(drawn_rules, seed=seed, dealer=dealer)
    return Playout(start, seed, run_playout(start, chooser(rng, eager=eager), steps))


def reachable_states(
    rules_strategy: st.SearchStrategy[Rules] | None = None, max_steps: int = 200
) -> st.SearchStrategy[DealState]:
    """A state reached from a new deal by a drawn number of random legal steps."""
    return playouts(rules_strategy, max_steps).map(lambda p: p.final)


@st.composite
def stacked_deals(
    draw: st.DrawFn, rules_strategy: st.SearchStrategy[Rules], faces: Sequence[str]
) -> DealState:
    """A new deal of drawn rules, seed and dealer, with every copy of these ``faces``
    (``"QS"``) dealt into the hands of the seats of one drawn side (one drawn seat
    when each plays alone), in drawn places: deals that reach the melds of those
    cards, and the declarations of partners on each other's tables, far more often
    than a shuffled deck does."""
    drawn_rules = draw(rules_strategy)
    n = drawn_rules.players
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.integers(0, n - 1))
    if drawn_rules.sides:
        side = draw(st.integers(0, drawn_rules.side_count - 1))
        seats = [seat for seat in range(n) if drawn_rules.side_of(seat) == side]
    else:
        seats = [draw(st.integers(0, n - 1))]
    order = shuffled_deck(drawn_rules, seed)
    # Dealing the positions themselves tells which places of the deck each seat gets.
    places, _, _ = deal_packets(drawn_rules, range(drawn_rules.deck_size), dealer)
    slots = [place for seat in seats for place in _bits(places[seat])]
    wanted = {Card.parse(face).index for face in faces}
    stacked = [place for place, card in enumerate(order) if bz.face_of(card).index in wanted]
    targets = draw(st.permutations(slots))[: len(stacked)]
    # Each stacked card outside the drawn places swaps with a card in one of them.
    movers = [place for place in stacked if place not in targets]
    free = [place for place in targets if bz.face_of(order[place]).index not in wanted]
    for source, target in zip(movers, free, strict=True):
        order[source], order[target] = order[target], order[source]
    return bz.new_deal(drawn_rules, deck=order, dealer=dealer)


# -- an independent reading of the trick rules (S000 laws 4, 6, 9) -------------------

#: Trick order, lowest first (S000 law 6: the ten between the ace and the king).
_TRICK_ORDER = "789JQKTA"


def _power(card: Card) -> int:
    return _TRICK_ORDER.index(card.rank.letter)


def beats_by_law(
    led: Card, follow: Card, trump: Suit | None, *, trumps_count: bool, offsuit_wins: bool
) -> bool:
    """Whether the follower's card takes the led card (two-hand, S000 laws 4 and 6).

    Identical cards: the first played wins. A trump takes any card of another
    suit (when trumps count); otherwise a higher card of the suit led wins, or,
    with ``offsuit_wins`` (S000 law 6 as printed), any higher card.
    """
    if trumps_count and trump is not None and led.suit != follow.suit:
        if follow.suit == trump:
            return True
        if led.suit == trump:
            return False
    if led.suit == follow.suit or offsuit_wins:
        return _power(follow) > _power(led)
    return False


def trick_winner_by_law(state: DealState, cards: Sequence[int], phase: Phase) -> int:
    """The index of the winning card of a completed trick: each card played is
    held against the best card so far (S000 laws 4, 6, 9)."""
    rules_ = state.rules
    if phase is Phase.STOCK:
        trumps_count = rules_.trick_play.trumps_win_in_stock_phase
        offsuit = rules_.trick_play.offsuit_higher_card_wins
    else:
        trumps_count, offsuit = True, False
    best = 0
    for i in range(1, len(cards)):
        if beats_by_law(
            bz.face_of(cards[best]),
            bz.face_of(cards[i]),
            state.trump,
            trumps_count=trumps_count,
            offsuit_wins=offsuit,
        ):
            best = i
    return best


def law9_playable(
    held: Sequence[Card], led: Card | None, trump: Suit | None, best: Card | None = None
) -> set[Card]:
    """The faces a player may play in the end phase, by brute force over S000 law 9.

    The leader plays anything. A follower must follow suit, and take the trick
    from ``best``, the card winning it so far (the card led, in two-hand), if any
    card of the suit would. Void, it must win by trumping if a trump would win,
    and otherwise may play any card (EB9; with two seats every trump wins then,
    so this is S000 law 9's "must trump").
    """
    if led is None:
        return set(held)
    to_beat = led if best is None else best

    def wins(card: Card) -> bool:
        return beats_by_law(to_beat, card, trump, trumps_count=True, offsuit_wins=False)

    has_suit = any(c.suit == led.suit for c in held)
    has_trump = trump is not None and any(c.suit == trump for c in held)

    winning_trump = has_trump and any(c.suit == trump and wins(c) for c in held)

    def obeys_suit(card: Card) -> bool:
        if has_suit:
            return card.suit == led.suit
        if winning_trump:
            return card.suit == trump
        return True

    allowed = [c for c in held if obeys_suit(c)]
    can_win = any(wins(c) for c in allowed)
    return {c for c in allowed if wins(c) or not can_win}


# -- checks of one state -------------------------------------------------------------


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _mask(cards: Sequence[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def _kinds_key(kinds: Sequence[MeldKind]) -> tuple[int, ...]:
    return tuple(KIND_ORDER[k] for k in kinds)


def _ref_key(ref: CardRef) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The documented order of card references: face (suit S H D C, rank 7..A),
    then the history's kinds in kind order, then the broken kinds
    (:attr:`CardRef.sort_key`)."""
    return (ref.card.index, _kinds_key(ref.history), _kinds_key(ref.broken))


def _declare_key(
    action: Declare,
) -> tuple[int, tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]]:
    """Declarations are listed by meld kind, then by their cards' references in turn
    (:attr:`CardRef.sort_key`: face, then history, then broken kinds)."""
    return (KIND_ORDER[action.kind], tuple(_ref_key(c) for c in action.cards))


def _action_rank(action: Action) -> int:
    ranks = {
        ShowCarteBlanche: 0,
        Exchange: 0,
        Declare: 1,
        ScorePending: 2,
        PassToPartner: 3,
        Draw: 4,
        Pass: 4,
    }
    return ranks[type(action)]


def _sort_key(action: Action) -> tuple[Any, ...]:
    if isinstance(action, Play):
        return (0, _ref_key(action.card))
    if isinstance(action, Declare):
        return (1, _declare_key(action))
    if isinstance(action, ScorePending):
        return (2, action.meld)
    return (_action_rank(action), ())


def check_conservation(state: DealState) -> None:
    """Every card id is in exactly one place: stock, turn-up, a hand, a table, a
    won pile or the current trick."""
    size = state.rules.deck_size
    places: list[int] = [
        *state.hand_masks,
        *state.table_masks,
        *state.won_masks,
        _mask(state.trick),
    ]
    places.append(_mask(state.stock))
    if state.turn_up is not None:
        places.append(1 << state.turn_up)
    total = sum(mask.bit_count() for mask in places)
    union = 0
    for mask in places:
        union |= mask
    assert len(set(state.stock)) == len(state.stock), "a card twice in the stock"
    assert len(set(state.trick)) == len(state.trick), "a card twice in the trick"
    assert total == size, f"{total} card places for {size} cards"
    assert union == (1 << size) - 1, "a card is missing"


def _held_count(state: DealState, seat: int) -> int:
    return (state.hand_masks[seat] | state.table_masks[seat]).bit_count()


def _duels(rules_: Rules) -> bool:
    return rules_.trick_play.end_phase is EndPhase.DUELS


def _duel_pairs(state: DealState) -> tuple[tuple[int, int], tuple[int, int]]:
    """EB9, EB11: W, the winner of the last stock trick, plays the seat on his left,
    then the other two play (W+2 leading)."""
    n = state.players
    w = state.tricks[state.rules.stock_tricks - 1].winner
    return (w, (w + 1) % n), ((w + 2) % n, (w + 3) % n)


def trick_seats_now(state: DealState) -> tuple[int, ...]:
    """The seats that play to the current trick, in order: every seat from the
    leader; in a duel (EB9, EB11) the leader and the other seat of his duel."""
    n = state.players
    if not _duels(state.rules) or state.phase is Phase.STOCK:
        return tuple((state.leader + i) % n for i in range(n))
    pair = next(p for p in _duel_pairs(state) if state.leader in p)
    return (state.leader, pair[1] if pair[0] == state.leader else pair[0])


def _played_to_trick(state: DealState, seat: int) -> int:
    return sum(1 for s in trick_seats_now(state)[: len(state.trick)] if s == seat)


def _end_phase_tricks_left(state: DealState, seat: int) -> int:
    """Tricks ``seat`` still plays to: all that are left; in duels those of its duel."""
    rules_ = state.rules
    left = rules_.total_tricks - len(state.tricks)
    if not _duels(rules_):
        return left
    hand = rules_.deck.hand_size
    if seat in _duel_pairs(state)[0]:
        return max(0, left - hand)
    return min(hand, left)


def check_hand_sizes(state: DealState) -> None:
    """Stock phase: hand size, less a card played to the trick (or to the trick just
    won, in the winner's turn). End phase: one card per trick still to play."""
    rules_ = state.rules
    n = state.players
    for seat in range(n):
        held = _held_count(state, seat)
        played = _played_to_trick(state, seat)
        if state.phase is Phase.STOCK:
            expected = rules_.deck.hand_size - played - (1 if state.window is not None else 0)
        else:
            expected = _end_phase_tricks_left(state, seat) - played
        assert held == expected, f"seat {seat} holds {held} cards, expected {expected}"
        assert not state.hand_masks[seat] & state.table_masks[seat], "a card in hand and on table"


def _check_trumps(state: DealState) -> None:
    """With a turn-up, trumps are its suit from the deal on; without one (HGM, FOS
    p.334), none until the first royal marriage or trump sequence, then that suit."""
    rules_ = state.rules
    fixers = [m for m in state.melds if m.kind in _TRUMP_KINDS]
    if rules_.deck.turn_up:
        if state.phase is Phase.STOCK:
            assert state.turn_up is not None
            assert state.trump is bz.face_of(state.turn_up).suit
        return
    assert state.turn_up is None
    if not fixers:
        assert state.trump is None, "trumps fixed without a marriage or sequence"
    else:
        assert state.trump is bz.face_of(fixers[0].cards[0]).suit


_TRUMP_KINDS = (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE)


def check_progress(state: DealState) -> None:
    """Phase, stock size, turn, trump and trick counts agree with each other."""
    rules_ = state.rules
    n = state.players
    drawn_tricks = len(state.tricks) - (1 if state.window is not None else 0)
    _check_trumps(state)
    if state.phase is Phase.STOCK:
        start = rules_.deck_size - n * rules_.deck.hand_size
        assert state.stock_size == start - n * drawn_tricks
        assert state.stock_size > 0
        assert len(state.tricks) <= rules_.stock_tricks
    else:
        assert state.stock_size == 0
        assert state.turn_up is None
        assert not state.stock
        assert not any(state.table_masks), "table cards must be back in the hands"
        assert len(state.tricks) >= rules_.stock_tricks
        assert not state.offers, "a carte blanche offered after the stock is out"
    if state.phase is Phase.OVER:
        assert len(state.tricks) == rules_.total_tricks
        assert state.current_player is None
        assert state.window is None
        assert not state.trick
        assert state.result is not None
    else:
        assert state.current_player is not None
        assert state.result is None
        assert len(state.trick) < len(trick_seats_now(state))
        if state.offers:
            # A carte blanche on offer comes before the trick (HGM, WKC).
            assert state.current_player == state.offers[0]
            assert state.window is None
            assert not state.trick
        elif state.window is not None:
            assert not state.trick
            assert state.current_player == state.window.seat
            assert state.window.winner == state.tricks[-1].winner
            if state.window.seat != state.window.winner:
                # Partnerships: the right to declare passed to the partner.
                assert state.rules.side_of(state.window.seat) == state.rules.side_of(
                    state.window.winner
                )
        else:
            assert state.current_player == trick_seats_now(state)[len(state.trick)]
    if state.window is not None and state.phase is Phase.END:
        assert rules_.declarations.melding_after_close
    if state.tricks:
        second_duel = rules_.stock_tricks + rules_.deck.hand_size
        if _duels(rules_) and len(state.tricks) == second_duel:
            assert state.leader == _duel_pairs(state)[1][0], "W+2 leads the second duel"
        else:
            assert state.leader == state.tricks[-1].winner


def check_histories(state: DealState) -> None:
    """Stock phase: table cards have a history, every other card has none; a held
    card's history is the set of kinds of the declared melds holding it, and its
    broken melds are among them. End phase: histories are cleared unless melding
    goes on after the close."""
    history = state.history
    broken = state.broken
    kinds_of: dict[int, int] = {}
    for meld in state.melds:
        for card in meld.cards:
            kinds_of[card] = kinds_of.get(card, 0) | meld.kind.bit
    n = state.players
    keeps_history = state.phase is Phase.STOCK or state.rules.declarations.melding_after_close
    for seat in range(n):
        for card in _bits(state.table_masks[seat]):
            assert history[card], f"table card {bz.card_id_name(card)} has no history"
        if state.phase is Phase.STOCK:
            for card in _bits(state.hand_masks[seat]):
                if not state.rules.trumps.declared_seven_on_table and kinds_of.get(card) == (
                    bz.MeldKind.SEVEN_OF_TRUMPS.bit
                ):
                    continue  # S001: a declared seven stays in the hand, shown.
                assert not history[card], f"concealed {bz.card_id_name(card)} has a history"
        for card in _bits(state.hand_masks[seat] | state.table_masks[seat]):
            expected = kinds_of.get(card, 0) if keeps_history else 0
            assert history[card] == expected, (
                f"{bz.card_id_name(card)}: history {history[card]:#x}, melds say {expected:#x}"
            )
            if broken:
                assert not broken[card] & ~history[card], "a broken meld not in the history"
    held = 0
    for seat in range(n):
        held |= state.hand_masks[seat] | state.table_masks[seat]
    if state.rules.zones.declare_from is DeclareFrom.WON:
        # Melds shown from the cards won (S003): they keep the kinds of their melds.
        assert not held & _mask([c for c in range(len(history)) if history[c]])
        for seat in range(n):
            for card in _bits(state.won_masks[seat]):
                assert history[card] == kinds_of.get(card, 0), "a won card's history"
                assert all(m.seat == seat for m in state.melds if card in m.cards), (
                    "a card declared by another seat than its winner"
                )
        return
    for card in range(state.rules.deck_size):
        if not held >> card & 1:
            assert not history[card], f"{bz.card_id_name(card)} is not held but has a history"
            if broken:
                assert not broken[card], f"{bz.card_id_name(card)} is not held but is broken"


def check_melds(state: DealState) -> None:
    """Each meld scores its value; marriages and sequences are in or out of the
    trump suit as their kind says."""
    for meld in state.melds:
        assert meld.points == state.rules.meld_value(meld.kind)
        assert list(meld.cards) == sorted(set(meld.cards))
        assert 1 <= meld.trick <= len(state.tricks)
        suits = {bz.face_of(c).suit for c in meld.cards}
        if meld.kind in _TRUMP_KINDS:
            assert suits == {state.trump}, f"{meld.kind} out of trumps"
        if meld.kind in (MeldKind.COMMON_MARRIAGE, MeldKind.PLAIN_SEQUENCE):
            assert len(suits) == 1
            assert state.trump not in suits, f"{meld.kind} in trumps"


def check_state(state: DealState) -> None:
    """Every invariant of a single state (not the legal actions: see below)."""
    check_conservation(state)
    check_hand_sizes(state)
    check_progress(state)
    check_histories(state)
    check_melds(state)
    assert all(score >= 0 for score in state.scores)


def check_legal_actions(
    state: DealState, actions: tuple[Action, ...] | None = None, *, thorough: bool = True
) -> tuple[Action, ...]:
    """The legal actions: present exactly while the deal goes on, no duplicates, in
    the documented order, each legal by ``why_illegal``; in the end phase exactly
    the plays S000 law 9 allows. ``thorough`` also checks that they are stable (the
    same on a second call and for an equal state) and that each one applies."""
    if actions is None:
        actions = state.legal_actions()
    if thorough:
        assert state.legal_actions() == actions, "legal_actions is not stable"
        twin = attrs.evolve(state)
        assert twin == state
        assert twin is not state
        assert hash(twin) == hash(state)
        assert twin.legal_actions() == actions, "equal states give different legal actions"
    if state.is_over:
        assert actions == ()
        return actions
    assert actions, "no legal action before the end of the deal"
    assert len(set(actions)) == len(actions), "duplicate legal actions"
    keys = [_sort_key(a) for a in actions]
    assert keys == sorted(keys), f"not in the documented order: {[str(a) for a in actions]}"
    if state.offers:
        # Every seat is asked; only one holding no king, queen or jack may show
        # (HGM, FOS p.334; WKC, PAR: a court card drawn leaves only the pass).
        # S001's face-card carte blanche is spoilt by aces and tens too.
        spoil = {bz.Rank.KING, bz.Rank.QUEEN, bz.Rank.JACK}
        if state.rules.carte_blanche.carte_blanche_cards is CarteBlancheCards.FACE_CARDS:
            spoil |= {bz.Rank.ACE, bz.Rank.TEN}
        courts = any(bz.face_of(c).rank in spoil for c in state.held(state.offers[0]))
        assert actions == ((Pass(),) if courts else (ShowCarteBlanche(), Pass()))
        if courts:
            assert state.why_illegal(ShowCarteBlanche()) == (Reason.NO_CARTE_BLANCHE,)
    elif state.window is None:
        assert all(isinstance(a, Play) for a in actions)
    else:
        assert isinstance(actions[-1], Draw if state.phase is Phase.STOCK else Pass)
        assert sum(isinstance(a, (Draw, Pass)) for a in actions) == 1
        assert sum(isinstance(a, Exchange) for a in actions) <= 1
        if thorough:
            declares = tuple(a for a in actions if isinstance(a, Declare))
            assert state.legal_declarations() == declares
    for action in actions:
        assert state.why_illegal(action) == (), f"{action} listed but why_illegal says no"
        if thorough:
            state.step(action)
    if state.phase is Phase.END and state.window is None:
        check_law9(state, actions)
    return actions


def check_end_phase_duties(state: DealState) -> None:
    """Every end-phase card played was playable (S000 law 9, read independently)
    from what its seat held then: its hand now and the cards it played since."""
    rules_ = state.rules
    n = state.players
    played = [(t.leader, t.cards) for t in state.tricks]
    if state.phase is Phase.END and state.trick:
        played.append((state.leader, state.trick))
    for number, (leader, cards) in enumerate(played, start=1):
        if number <= rules_.stock_tricks:
            continue
        for j in range(1, len(cards)):
            seat = (leader + j) % n
            later = [
                c[(seat - lead) % n]
                for lead, c in played[number - 1 :]
                if len(c) > (seat - lead) % n
            ]
            held = [bz.face_of(c) for c in (*state.held(seat), *later)]
            # The card to beat is the best card so far (the card led, in two-hand).
            best = bz.face_of(cards[trick_winner_by_law(state, cards[:j], Phase.END)])
            allowed = law9_playable(held, bz.face_of(cards[0]), state.trump, best)
            assert bz.face_of(cards[j]) in allowed, (number, seat, cards)


def check_law9(state: DealState, actions: Sequence[Action]) -> None:
    """End-phase plays are exactly those S000 law 9 allows (brute force)."""
    seat = state.current_player
    assert seat is not None
    held = [bz.face_of(c) for c in state.held(seat)]
    led = bz.face_of(state.trick[0]) if state.trick else None
    best = None
    if state.trick:
        best = bz.face_of(state.trick[trick_winner_by_law(state, state.trick, Phase.END)])
    allowed = law9_playable(held, led, state.trump, best)
    listed = {a.card.card for a in actions if isinstance(a, Play)}
    assert listed == allowed, (
        f"law 9: led {led}, held {sorted(map(str, held))}: engine allows "
        f"{sorted(map(str, listed))}, the law {sorted(map(str, allowed))}"
    )


# -- junk actions --------------------------------------------------------------------


def _kinds_in_order(kinds: Sequence[MeldKind]) -> tuple[MeldKind, ...]:
    return tuple(sorted(set(kinds), key=KIND_ORDER.__getitem__))


def junk_action(state: DealState, rng: random.Random) -> Action:
    """A random action, usually illegal: plays of cards not held, random
    declarations (often of held cards), and actions at the wrong time."""
    seat = state.current_player if state.current_player is not None else 0
    held = list(state.held(seat))
    kinds = list(MeldKind)

    def random_ref() -> CardRef:
        if held and rng.random() < 0.7:
            card = rng.choice(held)
            ref = state.card_ref(card)
            if rng.random() < 0.2:
                return CardRef(ref.card, _kinds_in_order([*ref.history, rng.choice(kinds)]))
            return ref
        history = _kinds_in_order(rng.sample(kinds, rng.randint(0, 2)))
        return CardRef(rng.choice(FACES), history)

    choice = rng.randrange(8)
    if choice == 0:
        return Play(random_ref())
    if choice == 1:
        not_held = [f for f in FACES if all(bz.face_of(c) != f for c in held)]
        return Play(CardRef(rng.choice(not_held or list(FACES))))
    if choice in (2, 3):
        kind = rng.choice(kinds)
        return Declare(kind, tuple(random_ref() for _ in range(kind.card_count)))
    if choice == 4:
        return ScorePending(rng.randrange(len(state.melds) + 2))
    others: list[Action] = [Exchange(), Draw(), Pass(), ShowCarteBlanche()]
    return rng.choice(others)


def check_rejected(
    state: DealState, action: Action, legal: tuple[Action, ...] | None = None
) -> None:
    """An action not among the legal ones is refused with reasons, changing nothing;
    one among them is accepted."""
    before_hash = hash(state)
    snapshot = attrs.evolve(state)
    reasons = state.why_illegal(action)
    if action in (state.legal_actions() if legal is None else legal):
        assert reasons == ()
        state.step(action)
        return
    assert reasons, f"{action} is not listed as legal but why_illegal finds nothing wrong"
    with pytest.raises(IllegalActionError) as refused:
        state.step(action)
    assert refused.value.reasons == reasons
    assert refused.value.action == action
    assert state == snapshot
    assert hash(state) == before_hash


# -- checks of one transition and of whole windows -----------------------------------


def check_step(step: Step) -> None:
    """Scores (each seat's and each side's) never go down and move by exactly the
    step's score events; apply is pure; trumps change only when a declaration fixes
    them; completed tricks are won by the right card."""
    before, after = step.before, step.after
    again, events_again = before.step(step.action)
    assert again == step.after, "apply is not pure"
    assert events_again == step.events, "apply is not pure"
    assert after.dealer == before.dealer
    if after.trump != before.trump:
        assert before.trump is None, "trumps changed once fixed"
        assert isinstance(step.action, Declare)
        assert step.action.kind in _TRUMP_KINDS
        assert {ref.card.suit for ref in step.action.cards} == {after.trump}
    n = before.players
    delta = [0] * n
    for event in step.events:
        assert event.points > 0, "an event of no points"
        delta[event.seat] += event.points
    for seat in range(n):
        assert after.scores[seat] >= before.scores[seat], "a score went down"
        assert after.scores[seat] - before.scores[seat] == delta[seat]
    # Partners' scores add up to their side's, which never goes down either.
    rules_ = before.rules
    sides = [0] * rules_.side_count
    for seat in range(n):
        sides[rules_.side_of(seat)] += after.scores[seat]
    assert after.side_scores == tuple(sides)
    assert all(a >= b for a, b in zip(after.side_scores, before.side_scores, strict=True)), (
        "a side's score went down"
    )
    check_carte_blanche_step(step)
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        assert isinstance(step.action, Play)
        assert trick.cards == (*before.trick, trick.cards[-1])
        index = trick_winner_by_law(before, trick.cards, before.phase)
        seats = trick_seats_now(before)
        assert len(trick.cards) == len(seats)
        assert trick.winner == seats[index], f"trick {trick} won by the wrong card"


def check_carte_blanche_step(step: Step) -> None:
    """The seat asked shows or passes and is not asked again now; showing keeps the
    carte blanche going only under ``carte_blanche_repeat`` and passing ends it; a
    draw in the stock asks every seat whose carte blanche lasts, the winner first,
    whatever it drew; none lasts past the last draw (HGM, FOS p.334; WKC, PAR, S003)."""
    before, after, action = step.before, step.after, step.action
    n = before.players
    if before.offers:
        seat = before.offers[0]
        assert isinstance(action, (ShowCarteBlanche, Pass))
        assert after.offers == before.offers[1:]
        repeat = before.rules.carte_blanche.carte_blanche_repeat
        lasts = isinstance(action, ShowCarteBlanche) and repeat
        assert after.carte_blanche == tuple(
            lasts if s == seat else before.carte_blanche[s] for s in range(n)
        )
        return
    if isinstance(action, Draw):
        window = before.window
        assert window is not None
        if after.phase is Phase.STOCK:
            assert after.carte_blanche == before.carte_blanche
            order = [(window.seat + i) % n for i in range(n)]
            lasting = before.carte_blanche
            assert after.offers == tuple(s for s in order if lasting and lasting[s])
        else:
            assert not any(after.carte_blanche)
            assert after.offers == ()
        return
    assert after.offers == before.offers == ()
    assert after.carte_blanche == before.carte_blanche


class WindowTracker:
    """Follows the trick winner's turns of one deal and checks each as a whole:
    under one declaration per trick at most one declaration (the exchange too when
    it counts as one), under one scored per trick at most one score, and the card
    gained by an exchange never declared in the same turn."""

    def __init__(self) -> None:
        self.declarations = 0
        self.scores = 0
        self.exchanged: int | None = None

    def observe(self, step: Step) -> None:
        before, after, action = step.before, step.after, step.action
        if before.window is None:
            self.declarations = self.scores = 0
            self.exchanged = None
            return
        rules_ = before.rules
        decl = rules_.declarations
        declare_all = decl.declare_all_after_last_stock_trick and (
            before.phase is Phase.STOCK and len(before.tricks) == rules_.stock_tricks
        )
        counts = rules_.trumps.exchange_counts_as_declaration
        if isinstance(action, Exchange):
            assert self.exchanged is None, "two exchanges in one turn"
            assert before.turn_up is not None
            self.exchanged = before.turn_up
            assert after.hand_masks[before.window.seat] >> self.exchanged & 1
            assert after.turn_up is not None
            assert bz.face_of(after.turn_up).rank is Rank.SEVEN
            if counts:
                self.declarations += 1
                self.scores += 1
        if isinstance(action, Declare):
            self.declarations += 1
            meld = after.melds[-1]
            assert self.exchanged is None or self.exchanged not in meld.cards, (
                "the card gained by the exchange was declared in the same turn"
            )
            assert meld.kind is action.kind
            assert meld.seat == before.window.seat
        self.scores += sum(1 for e in step.events if e.source is bz.ScoreSource.DECLARATION)
        if not declare_all:
            if decl.limit is DeclarationLimit.ONE:
                assert self.declarations <= 1, "more than one declaration in a turn"
            if decl.limit is not DeclarationLimit.SEVERAL:
                assert self.scores <= 1, "more than one score in a turn"


def _brisques_counted(rules_: Rules, before: Sequence[int], brisques: Sequence[int]) -> bool:
    """Whether the aces and tens are counted after the last trick, from the totals
    before them: always (S000 law 11), never, or under the Rubicon rule only to
    break a tie or to lift the loser to the rubicon (BIC, CMC, S003)."""
    timing = rules_.scoring.brisques
    if timing is BrisqueTiming.END_OF_DEAL:
        return True
    if timing is not BrisqueTiming.TIES_AND_RUBICON:
        return False
    low = min(before)
    if before.count(low) > 1:
        return True
    loser = before.index(low)
    lifted = low + brisques[loser] * rules_.scoring.brisque_points
    return low < rules_.scoring.rubicon <= lifted


def check_final(start: DealState, steps: Sequence[Step]) -> None:
    """A finished deal: the score is the sum of every score event, brisques add up
    to the aces and tens of the deck and score as the rules say, every trick is
    there, the last-trick bonus went to the right trick, and the deal's game score
    follows from the totals."""
    final = steps[-1].after if steps else start
    assert final.is_over
    rules_ = final.rules
    result = final.result
    assert result is not None
    assert result.scores == final.scores
    assert result.side_scores == final.side_scores
    assert all(score >= 0 for score in final.scores)
    assert len(final.tricks) == rules_.total_tricks
    assert result.last_trick_winner == final.tricks[-1].winner
    n = final.players
    totals = [0] * n
    brisque_events = [0] * n
    for event in (*initial_events(start), *(e for s in steps for e in s.events)):
        totals[event.seat] += event.points
        if event.source is bz.ScoreSource.BRISQUES:
            brisque_events[event.seat] += event.points
    assert tuple(totals) == final.scores, f"events add up to {totals}, scores {final.scores}"
    assert sum(result.brisques) == 8 * rules_.deck.packs, "aces and tens lost or invented"
    assert result.brisques == tuple(final.brisques_won(s) for s in range(n))
    earned = [r * rules_.scoring.brisque_points for r in result.brisques]
    before = [total - b for total, b in zip(final.scores, brisque_events, strict=True)]
    if rules_.scoring.brisques is BrisqueTiming.WHEN_WON or _brisques_counted(
        rules_, before, result.brisques
    ):
        assert brisque_events == earned
    else:
        assert brisque_events == [0] * n
    won = 0
    for seat in range(n):
        assert not won & final.won_masks[seat]
        won |= final.won_masks[seat]
    assert won == (1 << rules_.deck_size) - 1
    for trick in final.tricks:
        assert final.won_masks[trick.winner] & _mask(trick.cards) == _mask(trick.cards)
    bonus = [e for s in steps for e in s.events if e.source is bz.ScoreSource.LAST_TRICK]
    numbers = [
        rules_.total_tricks if rules_.scoring.last_trick is LastTrick.FINAL else rules_.stock_tricks
    ]
    if _duels(rules_) and rules_.scoring.last_trick is LastTrick.FINAL:
        # EB9, EB11: the last trick of each duel.
        numbers.insert(0, rules_.stock_tricks + rules_.deck.hand_size)
    assert [(e.seat, e.points) for e in bonus] == [
        (final.tricks[number - 1].winner, rules_.scoring.last_trick_points) for number in numbers
    ], "the last-trick bonus went to the wrong trick"
    check_game_scores(final)


def check_game_scores(final: DealState) -> None:
    """Two-hand: the deal's points go to the game as they are (S000 law 12). Rubicon
    scoring: only the deal's winner (the higher total) scores, at least the game
    bonus; no one on a tie; a loser under the rubicon is marked rubiconed."""
    result = final.result
    assert result is not None
    scoring = final.rules.scoring
    scores = result.scores
    if scoring.deal_scoring is DealScoring.CUMULATIVE:
        assert result.game_scores == scores
        assert not any(result.rubiconed)
        return
    high = max(scores)
    if scores.count(high) > 1:
        assert result.game_scores == (0,) * len(scores)
        return
    winner = scores.index(high)
    for seat, points in enumerate(result.game_scores):
        if seat == winner:
            assert points >= scoring.game_bonus
            assert not result.rubiconed[seat]
        else:
            assert points == 0
            assert result.rubiconed[seat] is (scores[seat] < scoring.rubicon)


def checked_playout(
    start: DealState,
    rng: random.Random,
    *,
    thorough_every: int = 1,
    junk: bool = True,
    eager: bool = False,
    max_steps: int | None = None,
) -> tuple[Step, ...]:
    """Play random legal actions from ``start`` and check every state and transition
    on the way: the state invariants, the legal actions (thoroughly every
    ``thorough_every`` steps), a random junk action at each step (with ``junk``), the
    turns of the trick winner, and the final result."""
    check_state(start)
    choose = chooser(rng, eager=eager)
    # The junk actions draw from a generator of their own, so that the playout's
    # choices do not depend on how a junk action is made.
    junk_rng = random.Random(hash(start.stock))
    tracker = WindowTracker()
    steps: list[Step] = []
    state = start
    while not state.is_over and (max_steps is None or len(steps) < max_steps):
        actions = check_legal_actions(state, thorough=len(steps) % thorough_every == 0)
        if junk:
            check_rejected(state, junk_action(state, junk_rng), actions)
        action = choose(actions)
        after, events = state.step(action)
        step = Step(state, action, after, events)
        check_step(step)
        tracker.observe(step)
        check_state(after)
        steps.append(step)
        state = after
    check_legal_actions(state)
    if state.is_over:
        check_final(start, steps)
    return tuple(steps)
