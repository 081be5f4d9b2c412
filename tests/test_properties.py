"""Invariants of the engine over random legal playouts of random rules.

Each test draws rules (``CLASSIC`` or an evolution of it over every knob of the
rule components: two or four packs, trumps by the turn-up or by the first
marriage, carte blanche, re-forming...), a seed and a random legal playout (see
``strategies.py``), and checks one family of invariants along it. The end-phase
duties are checked against an independent brute-force reading of S000 law 9, and
trick winners against one of S000 laws 4 and 6.
"""

from __future__ import annotations

import collections
import enum
import itertools
import random
import typing
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from positions import build, meld
from strategies import (
    BOOLEAN_KNOBS,
    ENUM_KNOBS,
    PROPERTY_SETTINGS,
    Playout,
    WindowTracker,
    beats_by_law,
    card_refs,
    check_conservation,
    check_final,
    check_hand_sizes,
    check_histories,
    check_law9,
    check_legal_actions,
    check_progress,
    check_rejected,
    check_state,
    check_step,
    chooser,
    faces,
    junk_action,
    law9_playable,
    meld_kinds,
    playouts,
    rules,
    run_playout,
    trick_seats_now,
    trick_winner_by_law,
)

import bezique as bz
from bezique import (
    Card,
    CardRef,
    DealState,
    DeclarationLimit,
    Declare,
    Draw,
    Exchange,
    IllegalActionError,
    MeldKind,
    Pass,
    Phase,
    Play,
    Reason,
    ScorePending,
    Suit,
)
from bezique.engine.declarations import declarable
from bezique.laws.declaring import meld_patterns, partner_of
from bezique.laws.zones import bits
from bezique.rules.melds import MeldValues

CLASSIC = bz.variants.CLASSIC

FEW = settings(PROPERTY_SETTINGS, max_examples=20)
SOME = settings(PROPERTY_SETTINGS, max_examples=30)

full_deals = playouts()
partial_deals = playouts(max_steps=120)
#: Partial deals still going on: each has legal actions to try.
live_deals = partial_deals.filter(lambda p: not p.final.is_over)
classic_deals = playouts(st.just(CLASSIC))


# -- the strategies themselves ------------------------------------------------------


def _rule_components() -> list[type[attrs.AttrsInstance]]:
    """The component classes of :class:`bezique.Rules` (its attrs-class fields,
    the meld values aside)."""
    hints = typing.get_type_hints(bz.Rules)
    return [
        hint
        for field in attrs.fields(bz.Rules)
        if attrs.has(hint := hints[field.name]) and hint is not MeldValues
    ]


def test_rules_strategy_covers_every_knob() -> None:
    """Every enum and boolean field of every rule component is varied by the rules
    strategy (a new knob or component must be added to ``strategies.py``)."""
    enum_fields: dict[str, type[enum.Enum]] = {}
    bool_fields: set[str] = set()
    components = _rule_components()
    assert len(components) >= 7, components
    for component in components:
        hints = typing.get_type_hints(component)
        for field in attrs.fields(component):
            hint = hints[field.name]
            if hint is bool:
                bool_fields.add(field.name)
            elif isinstance(hint, type) and issubclass(hint, enum.Enum):
                enum_fields[field.name] = hint
    assert enum_fields == ENUM_KNOBS
    # turn_up is tied to the trump selection: the strategy sets it from that.
    assert set(BOOLEAN_KNOBS) == bool_fields - {"turn_up"}
    knobs = CLASSIC.knobs()
    assert set(ENUM_KNOBS) | set(BOOLEAN_KNOBS) <= set(knobs)


@pytest.mark.parametrize("name", list(ENUM_KNOBS))
def test_every_option_of_every_enum_knob_makes_valid_rules(name: str) -> None:
    """Each option is accepted by ``Rules.evolve`` (the no-turn-up trump selections
    with the turn-up and the exchange removed) and shows in ``Rules.knobs``."""
    for option in ENUM_KNOBS[name]:
        changes: dict[str, object] = {name: option}
        if name == "selection" and option is not bz.TrumpSelection.TURN_UP:
            changes.update(turn_up=False, exchange_points=None)
        if option is bz.rules.CarteBlancheCards.FACE_CARDS:
            changes.update(carte_blanche_repeat=False)
        if name in ("open_cards", "trick_card", "polish_card_reuse"):
            # Rules of melds shown from the cards won (S003, EB11).
            changes.update(declare_from="won")
        if option is bz.EndPhase.DUELS:
            # The duels are for four seats (EB9, EB11).
            changes.update(players=4, packs=4)
        evolved = CLASSIC.evolve(**changes)
        assert evolved.knobs()[name] == option.value
        check_state(bz.new_deal(evolved, seed=0))


@FEW
@given(rules())
def test_drawn_rules_are_valid_rules(drawn: bz.Rules) -> None:
    assert drawn.stock_tricks * drawn.players + drawn.players * drawn.deck.hand_size == (
        drawn.deck_size
    )
    assert drawn.deck.turn_up is (drawn.trumps.selection is bz.TrumpSelection.TURN_UP)
    state = bz.new_deal(drawn, seed=0)
    check_state(state)


@FEW
@given(faces(), card_refs(), meld_kinds())
def test_card_strategies_give_valid_cards(face: Card, ref: CardRef, kind: MeldKind) -> None:
    assert Card.parse(str(face)) == face
    assert CardRef.parse(str(ref)) == ref
    assert MeldKind(kind.value) is kind


# -- the brute-force oracles --------------------------------------------------------


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


@pytest.mark.parametrize(
    ("held", "led", "allowed"),
    [
        # Must follow with a higher card of the suit led (S000 law 9).
        ("7S KS AH 9C", "QS", "KS"),
        # Following suit but unable to beat: any card of the suit.
        ("7S 8S AH TC", "QS", "7S 8S"),
        # Void in the suit led: must trump (hearts), with any trump.
        ("7H AH TC 9C", "QS", "7H AH"),
        # Void in the suit led and in trumps: anything.
        ("TC 9C 8D", "QS", "TC 9C 8D"),
        # A trump led: a higher trump if held.
        ("8H KH AS", "QH", "KH"),
        # Equal card does not win: the first of two identical cards wins.
        ("QS 7S", "QS", "QS 7S"),
    ],
)
def test_law9_oracle(held: str, led: str, allowed: str) -> None:
    assert law9_playable(_cards(held), Card.parse(led), Suit.HEARTS) == set(_cards(allowed))


def test_law9_oracle_leader_is_free() -> None:
    assert law9_playable(_cards("7S AH"), None, Suit.HEARTS) == set(_cards("7S AH"))


@pytest.mark.parametrize(
    ("led", "follow", "trumps_count", "offsuit", "wins"),
    [
        ("KS", "AS", True, False, True),
        ("AS", "AS", True, False, False),
        ("AS", "7H", True, False, True),
        ("7H", "AS", True, False, False),
        ("KS", "AD", True, False, False),
        ("KS", "AD", True, True, True),
        ("AS", "7H", False, False, False),
        ("TS", "KS", True, False, False),
    ],
)
def test_trick_oracle(led: str, follow: str, trumps_count: bool, offsuit: bool, wins: bool) -> None:
    got = beats_by_law(
        Card.parse(led),
        Card.parse(follow),
        Suit.HEARTS,
        trumps_count=trumps_count,
        offsuit_wins=offsuit,
    )
    assert got is wins


# -- invariants of every reachable state ---------------------------------------------


@SOME
@given(full_deals)
def test_every_card_is_in_exactly_one_place(playout: Playout) -> None:
    for state in playout.states():
        check_conservation(state)


@SOME
@given(full_deals)
def test_scores_never_decrease_and_move_by_the_score_events(playout: Playout) -> None:
    for step in playout.steps:
        check_step(step)


@SOME
@given(full_deals)
def test_final_scores_are_the_sum_of_the_score_events(playout: Playout) -> None:
    """Including the dealer's turned-up seven; brisques add up to the deck's aces and
    tens (8 per pack); every trick is there."""
    check_final(playout.start, playout.steps)


@SOME
@given(full_deals)
def test_one_player_to_move_and_actions_until_the_end(playout: Playout) -> None:
    for state in playout.states():
        check_progress(state)
        actions = state.legal_actions()
        assert (state.current_player is None) is state.is_over
        assert bool(actions) is not state.is_over


@FEW
@given(full_deals)
def test_legal_actions_are_unique_ordered_stable_and_legal(playout: Playout) -> None:
    for state in playout.states():
        check_legal_actions(state, thorough=True)


@SOME
@given(full_deals)
def test_hand_sizes(playout: Playout) -> None:
    for state in playout.states():
        check_hand_sizes(state)


@SOME
@given(full_deals)
def test_histories_follow_the_declared_melds(playout: Playout) -> None:
    for state in playout.states():
        check_histories(state)


@SOME
@given(full_deals)
def test_turns_of_the_trick_winner(playout: Playout) -> None:
    """At most one declaration per trick under one-per-trick rules, one score under
    one-scored rules; the card gained by the exchange is never declared in the
    same turn."""
    tracker = WindowTracker()
    for step in playout.steps:
        tracker.observe(step)


@SOME
@given(classic_deals)
def test_classic_allows_one_declaration_per_trick(playout: Playout) -> None:
    declared: dict[int, int] = {}
    for step in playout.steps:
        if isinstance(step.action, Declare):
            number = len(step.before.tricks)
            declared[number] = declared.get(number, 0) + 1
            assert step.before.window is not None
            assert step.before.phase is Phase.STOCK
    assert all(count == 1 for count in declared.values())
    for state in playout.states():
        assert state.window is None or state.window.declarations <= 1
    melds = playout.final.melds
    assert len({m.trick for m in melds}) == len(melds)
    assert all(m.scored for m in melds)


@SOME
@given(full_deals)
def test_trick_winners_follow_the_laws(playout: Playout) -> None:
    for step in playout.steps:
        if len(step.after.tricks) > len(step.before.tricks):
            trick = step.after.tricks[-1]
            index = trick_winner_by_law(step.before, trick.cards, step.before.phase)
            assert trick.winner == trick_seats_now(step.before)[index]


@SOME
@given(full_deals)
def test_end_phase_plays_obey_law_9(playout: Playout) -> None:
    checked = 0
    for state in playout.states():
        if state.phase is Phase.END and state.window is None:
            check_law9(state, state.legal_actions())
            checked += 1
    assert checked or not playout.final.is_over


# -- transitions ---------------------------------------------------------------------


@SOME
@given(live_deals)
def test_listed_actions_are_legal_and_apply(playout: Playout) -> None:
    state = playout.final
    assert state.legal_actions()
    for action in state.legal_actions():
        assert state.why_illegal(action) == ()
        after, _ = state.step(action)
        check_state(after)


@SOME
@given(live_deals)
def test_apply_is_pure(playout: Playout) -> None:
    state = playout.final
    assert state.legal_actions()
    for action in state.legal_actions():
        first = state.step(action)
        second = state.step(action)
        assert first == second
        assert hash(first[0]) == hash(second[0])
        assert state.apply(str(action)) == first[0], "the text form applies differently"


@SOME
@given(live_deals)
def test_engine_states_are_frozen_deal_states_like_the_public_constructor(
    playout: Playout,
) -> None:
    # The engine builds states through an unfrozen twin and seals them (a speed
    # measure); each must be a plain DealState: frozen, and equal (hash too) to
    # the one the public constructor makes from the same fields.
    for state in (
        playout.start,
        playout.final,
        *(s for s, _ in map(playout.final.step, playout.final.legal_actions())),
    ):
        assert type(state) is DealState
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.scores = (0, 0)  # type: ignore[misc]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            del state.hand_masks
        rebuilt = DealState(
            **{f.name: getattr(state, f.name) for f in attrs.fields(DealState) if f.init}
        )
        assert rebuilt == state
        assert hash(rebuilt) == hash(state)
        assert rebuilt.legal_actions() == state.legal_actions()


@SOME
@given(partial_deals, st.randoms(use_true_random=False))
def test_junk_actions_are_refused_and_change_nothing(playout: Playout, rng: random.Random) -> None:
    for state in (playout.start, playout.final):
        for _ in range(30):
            check_rejected(state, junk_action(state, rng))


@FEW
@given(partial_deals)
def test_wrong_time_actions_are_refused(playout: Playout) -> None:
    state = playout.final
    wrong: list[bz.Action] = []
    if state.is_over:
        wrong = [Draw(), Pass(), Exchange(), Play(CardRef(Card.parse("AS")))]
    elif state.offers:
        # A seat deciding on a carte blanche may only show it or pass (HGM, WKC).
        seat = state.offers[0]
        wrong = [Draw(), Exchange(), ScorePending(0)]
        wrong += [Play(state.card_ref(c)) for c in state.held(seat)[:2]]
    elif state.window is None:
        wrong = [Draw(), Pass(), Exchange(), ScorePending(0)]
        wrong += [a for a in _some_declarations(state) if a not in state.legal_actions()]
    else:
        held = state.held(state.window.seat)
        wrong = [Play(state.card_ref(c)) for c in held]
        wrong.append(Pass() if state.phase is Phase.STOCK else Draw())
    assert wrong
    for action in wrong:
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert info.value.reasons
        assert info.value.reasons == state.why_illegal(action)


def _some_declarations(state: bz.DealState) -> list[bz.Action]:
    seat = state.current_player
    assert seat is not None
    refs = [state.card_ref(c) for c in state.held(seat)]
    return [Declare(MeldKind.COMMON_MARRIAGE, tuple(refs[:2]))] if len(refs) >= 2 else []


@SOME
@given(partial_deals)
def test_refusal_and_reasons_agree_with_the_listed_actions(playout: Playout) -> None:
    """``why_illegal`` is empty exactly for the listed actions, over every play of
    every held or unheld face and every declaration of held cards tried."""
    state = playout.final
    seat = state.current_player if state.current_player is not None else 0
    listed = set(state.legal_actions())
    candidates: list[bz.Action] = [Draw(), Pass(), Exchange(), bz.ShowCarteBlanche()]
    candidates += [ScorePending(i) for i in range(len(state.melds) + 1)]
    refs = {state.card_ref(c) for c in state.held(seat)}
    candidates += [Play(r) for r in refs] + [Play(CardRef(f)) for f in bz.cards.FACES]
    candidates += list(state.legal_declarations())
    for action in candidates:
        assert (state.why_illegal(action) == ()) is (action in listed), str(action)
        if state.is_over:
            assert state.why_illegal(action) == (Reason.DEAL_OVER,)


# -- the declarations listed and the declarations accepted ---------------------------


def _namable_declarations(state: DealState) -> set[Declare]:
    """Every declaration of a kind of the rules that the seat to declare can name from
    the cards it may use (its own, and its partner's table where there are sides):
    each pattern of each kind (:func:`~bezique.laws.declaring.meld_patterns`) with
    each choice of references (face, history, broken kinds) for its cards, whatever
    the histories, and the declarations listed (which may name copies, S003)."""
    window = state.window
    assert window is not None
    rules_ = state.rules
    seat = window.seat
    cards = list(bits(declarable(state, seat)))
    partner = partner_of(rules_, seat)
    if partner is not None:
        cards += state.table(partner)
    by_face: dict[Card, set[CardRef]] = {}
    for card in cards:
        ref = state.card_ref(card)
        by_face.setdefault(ref.card, set()).add(ref)
    out: set[Declare] = set(state.legal_declarations())
    for kind in rules_.meld_kinds:
        for pattern in meld_patterns(rules_, kind, state.trump):
            if pattern.rank is not None:
                refs = {r for face, rs in by_face.items() if face.rank is pattern.rank for r in rs}
                choices = list(_choices(refs, pattern.count))
            else:
                need = collections.Counter(pattern.faces)
                per_face = [list(_choices(by_face.get(f, set()), n)) for f, n in need.items()]
                choices = [sum(picks, ()) for picks in itertools.product(*per_face)]
            out.update(Declare(kind, tuple(refs)) for refs in choices if refs)
    return out


def _choices(refs: set[CardRef], count: int) -> Iterator[tuple[CardRef, ...]]:
    """Every choice of ``count`` of these references, repeats allowed (alike copies)."""
    return itertools.combinations_with_replacement(sorted(refs, key=str), count)


def _check_declarations_listed(state: DealState) -> tuple[set[Reason], set[MeldKind]]:
    """Every namable declaration (:func:`_namable_declarations`) is listed exactly
    when ``why_illegal`` finds nothing against it. Returns the reasons the refused
    ones met, and the kinds of the listed ones that re-use a card already declared
    in their kind (an exception to the same-kind rule at work)."""
    listed = set(state.legal_declarations())
    refused: set[Reason] = set()
    again: set[MeldKind] = set()
    for action in _namable_declarations(state):
        reasons = state.why_illegal(action)
        assert (reasons == ()) is (action in listed), (str(action), reasons)
        refused.update(reasons)
        if action in listed and any(action.kind in ref.history for ref in action.cards):
            again.add(action.kind)
    return refused, again


@st.composite
def _eager_deals(draw: st.DrawFn) -> Playout:
    """A new deal of drawn rules played some drawn steps by an eager random policy
    (:func:`~strategies.chooser`), so that declared cards pile up on the tables."""
    drawn = draw(rules())
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.integers(0, drawn.players - 1))
    rng = draw(st.randoms(use_true_random=False))
    start = bz.new_deal(drawn, seed=seed, dealer=dealer)
    steps = run_playout(start, chooser(rng, eager=True), draw(st.integers(0, 150)))
    return Playout(start, seed, steps)


def _turns_to_declare(playout: Playout, last: int) -> list[DealState]:
    """The last ``last`` states of the playout in which a trick winner may declare."""
    turns = [s for s in playout.states() if s.window is not None and not s.offers]
    return turns[-last:]


@SOME
@given(_eager_deals())
def test_the_declarations_listed_are_exactly_those_accepted(playout: Playout) -> None:
    """Over random rules and eager deals, in the last turns to declare: every
    declaration namable from the declarer's cards, with whatever histories, is listed
    by ``legal_declarations`` exactly when ``why_illegal`` accepts it. The listing and
    the reasons read one re-use law (:func:`~bezique.laws.declaring.declaration_bans`)."""
    for state in _turns_to_declare(playout, 3):
        _check_declarations_listed(state)


#: The non-dealer's hands in the stacked deals (trumps spades by the turn-up, the 8 of
#: spades): a trump sequence with a double bezique, and with two royal marriages.
_MELD_RICH = ("ASa TSa KSa QSa JSa QSb JDa JDb", "ASa TSa KSa QSa JSa KSb QSb ASb")
_MELD_POOR = "7Ca 8Ca 9Ca 7Da 8Da 9Da 7Ha 8Ha"


def _ban_deals() -> dict[str, list[DealState]]:
    """New deals of a rule set for each ban of the re-use law and each exception."""
    rubicon = bz.variants.RUBICON
    stacked = {
        "same kind, inferior order, fresh card (S000, FOS)": CLASSIC,
        "married card in a sequence (WKC)": CLASSIC.evolve(marriage_then_sequence=False),
        "listed pairs, always a fresh card (S000, CHA)": CLASSIC.evolve(
            inferior_order="listed-pairs", fresh_card="always"
        ),
        "re-pairing by a swap (S003)": CLASSIC.evolve(marriage_rearrangement="swap-without-play"),
    }
    deals = {
        label: [_deal(hand, _MELD_POOR, "8Sa", rules_=rules_) for hand in _MELD_RICH] * 4
        for label, rules_ in stacked.items()
    }
    shuffled = {
        "once per hand (S003)": bz.variants.POLISH.evolve(polish_card_reuse="once-per-hand"),
        "re-forming (WKC, BIC, S003)": rubicon,
        "re-pairing after a play (WKC)": rubicon.evolve(marriage_rearrangement="repair-after-play"),
        "the second double (EB9)": bz.variants.THREE_HAND,
        "new sets (S003, WMJ, ADP)": bz.variants.MARJOLET,
    }
    for label, rules_ in shuffled.items():
        deals[label] = [bz.new_deal(rules_, seed=seed) for seed in range(6)]
    return deals


def _ban_positions() -> dict[str, list[DealState]]:
    """Turns to declare, built, where an exception to the same-kind rule is at hand
    (random deals seldom reach them)."""
    double = meld("double-bezique", "QSa QSb JDa JDb")
    three = bz.variants.THREE_HAND
    return {
        "the second double (EB9)": [
            build(three, trump="H", stock_size=45, table=[double], hand="QS JD")
        ],
    }


def test_the_declarations_listed_and_accepted_agree_on_every_ban() -> None:
    """The check of :func:`test_the_declarations_listed_are_exactly_those_accepted`
    over eager deals of a rule set for each ban and each exception: the refusals
    meet every ban of the re-use law, and the declarations listed include some that
    re-use a card in its kind again by each exception."""
    refused: set[Reason] = set()
    again: dict[str, set[MeldKind]] = {}
    turns: dict[str, list[DealState]] = {}
    for label, deals in _ban_deals().items():
        for seed, deal in enumerate(deals):
            steps = run_playout(deal, chooser(random.Random(seed), eager=True))
            turns.setdefault(label, []).extend(_turns_to_declare(Playout(deal, seed, steps), 40))
    for label, states in _ban_positions().items():
        turns.setdefault(label, []).extend(states)
    for label, states in turns.items():
        again[label] = set()
        for state in states:
            reasons, kinds = _check_declarations_listed(state)
            refused |= reasons
            again[label] |= kinds
    bans = {
        Reason.SAME_KIND_REUSED,
        Reason.INFERIOR_ORDER,
        Reason.MARRIED_CARD_IN_SEQUENCE,
        Reason.NO_FRESH_CARD,
        Reason.CARD_DECLARED_BEFORE,
    }
    assert bans <= refused, bans - refused
    marriages = {MeldKind.COMMON_MARRIAGE, MeldKind.ROYAL_MARRIAGE}
    assert again["re-forming (WKC, BIC, S003)"]
    assert again["re-pairing by a swap (S003)"] & marriages
    assert again["re-pairing after a play (WKC)"] & marriages
    assert MeldKind.DOUBLE_BEZIQUE in again["the second double (EB9)"]
    assert again["new sets (S003, WMJ, ADP)"]


# -- targeted checks of the documented action order ------------------------------------


def _with_tables(
    state: bz.DealState, seat: int, melds: list[tuple[MeldKind, list[int]]]
) -> bz.DealState:
    """``state`` with ``melds`` (card ids from ``seat``'s hand) declared by ``seat``:
    the cards moved to the table, their histories and the melds recorded."""
    history = list(state.history)
    table = 0
    declared = []
    for number, (kind, cards) in enumerate(melds, start=1):
        for card in cards:
            assert state.hand_masks[seat] >> card & 1
            history[card] |= kind.bit
            table |= 1 << card
        points = state.rules.meld_value(kind)
        assert points is not None
        declared.append(bz.DeclaredMeld(seat, kind, tuple(sorted(cards)), number, points, True))
    hands = list(state.hand_masks)
    hands[seat] &= ~table
    tables = list(state.table_masks)
    tables[seat] |= table
    return attrs.evolve(
        state,
        hand_masks=tuple(hands),
        table_masks=tuple(tables),
        history=tuple(history),
        melds=tuple(declared),
    )


def _deal(
    non_dealer: str, dealer: str, turn_up: str, *, rules_: bz.Rules = CLASSIC
) -> bz.DealState:
    """A deal of CLASSIC (or of ``rules_``, a two-seat two-pack game of eight cards
    dealt 3-2-3), dealer 0, giving these physical cards to each seat; the rest of the
    stock in card id order."""
    first, second = non_dealer.split(), dealer.split()
    assert len(first) == len(second) == 8
    order = first[0:3] + second[0:3] + first[3:5] + second[3:5] + first[5:8] + second[5:8]
    order.append(turn_up)
    dealt = {bz.parse_card_id(c) for c in order}
    assert len(dealt) == 17
    state = bz.new_deal(rules_, deck=[*order, *(c for c in range(64) if c not in dealt)])
    assert set(state.hand(1)) == {bz.parse_card_id(c) for c in first}
    return state


def _check_made_up(state: bz.DealState) -> None:
    check_conservation(state)
    check_hand_sizes(state)
    check_histories(state)


def test_plays_of_one_face_are_ordered_by_history_kinds() -> None:
    """Two queens of clubs on the table, one in four queens only, the other also
    married: the documented order lists the face, then the history by kind order
    (the order of ``CardRef.sort_key``, which declarations use for their cards):
    ``QC[common-marriage,four-queens]`` before ``QC[four-queens]``."""
    state = _deal("QCa QCb KCa QHa QSa 7Ha 8Ha 9Ha", "7Sa 8Sa 9Sa 7Da 8Da 9Da JSa JHa", "TDa")
    ids = {name: bz.parse_card_id(name) for name in ("QCa", "QCb", "KCa", "QHa", "QSa")}
    state = _with_tables(
        state,
        1,
        [
            (MeldKind.FOUR_QUEENS, [ids["QCa"], ids["QCb"], ids["QHa"], ids["QSa"]]),
            (MeldKind.COMMON_MARRIAGE, [ids["KCa"], ids["QCb"]]),
        ],
    )
    _check_made_up(state)
    assert state.current_player == 1
    plays = [str(a) for a in state.legal_actions() if "QC" in str(a)]
    assert plays == ["play QC[common-marriage,four-queens]", "play QC[four-queens]"]


def test_a_history_with_a_repeated_kind_names_no_other_card() -> None:
    """``CardRef`` histories are sets of kinds: a kind written twice must not be read
    as another kind (the bits of two beziques are not those of a double bezique)."""
    state = _deal("QSa QSb JDa JDb 7Ha 8Ha 9Ha TCa", "7Sa 8Sa 9Sa 7Ca 8Ca 9Ca JSa JHa", "TDa")
    ids = [bz.parse_card_id(c) for c in ("QSa", "QSb", "JDa", "JDb")]
    state = _with_tables(state, 1, [(MeldKind.DOUBLE_BEZIQUE, ids)])
    _check_made_up(state)
    alias = Play(CardRef(Card.parse("QS"), (MeldKind.BEZIQUE, MeldKind.BEZIQUE)))
    assert alias not in state.legal_actions()
    assert state.why_illegal(alias), "QS[bezique,bezique] was taken for QS[double-bezique]"
    with pytest.raises(IllegalActionError):
        state.apply(alias)


# -- limits of the winner's turn under each declaration limit ------------------------------


@FEW
@given(
    playouts(rules().filter(lambda r: r.declarations.limit is DeclarationLimit.SEVERAL)),
)
def test_several_declarations_each_score(playout: Playout) -> None:
    """Under the Marjolet limit every declaration scores at once, its full value:
    no meld is ever pending."""
    declared = 0
    for step in playout.steps:
        if isinstance(step.action, Declare):
            declared += 1
            meld = step.after.melds[-1]
            assert meld.scored
            assert [(e.seat, e.points) for e in step.events] == [(meld.seat, meld.points)]
    assert all(m.scored for m in playout.final.melds)
    assert declared == len(playout.final.melds)
    assume(declared > 0)
