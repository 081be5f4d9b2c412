"""The worked scenarios of the scenario book (docs/scenarios.md), two-hand game.

Each test names its scenario number and its sources. A scenario states a
position and an action; the test asserts the exact reasons the action is
refused, or, when it is legal, the exact points it scores, and that
``legal_declarations`` lists exactly the declarations the position allows.
Where a scenario states the outcome under several rule options, every option
is tested.

Not here: scenarios 30 (three-hand discard, EB9) and 31 (partnership beat
rule, BIC) need three or four players, which the engine does not support yet;
the Polish half of scenario 19 and Marjolet's scenario 47 wait for those games.
The Rubicon halves of scenarios 5 and 33, and scenarios 36-46, are in
``test_multipack.py``.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import (
    CLASSIC,
    assert_honest,
    build,
    deal_deck,
    declare,
    declared,
    draw,
    faces,
    illegal,
    legal,
    meld,
    play,
    play_trick,
    step,
    win_trick,
)

import bezique as bz
from bezique import (
    DealResult,
    DealState,
    Draw,
    Exchange,
    MeldKind,
    Phase,
    Reason,
    Rules,
    ScoreEvent,
    ScorePending,
    ScoreSource,
    variants,
)
from bezique.game import decide_winner
from bezique.state import initial_events

PENDING = CLASSIC.evolve(limit="one-scored-rest-pending")
PENDING_PRESETS = [
    pytest.param(variants.WIKIPEDIA, id="wikipedia"),
    pytest.param(PENDING, id="classic-pending"),
]


# -- meld re-use (two-hand) ----------------------------------------------------------------


def test_scenario_01_royal_marriage_then_sequence_is_legal() -> None:
    """SC-1; S000 hint 6, FOS p.325, S001, S002b."""
    state = build(trump="H", table=[meld("royal-marriage", "KH QH")], hand="AH TH JH")
    sequence = declare("trump-sequence", "AH TH KH[royal-marriage] QH[royal-marriage] JH")
    assert state.legal_declarations() == (sequence,)
    after = legal(state, sequence, (declared(0, 250, "trump-sequence"),))
    assert after.scores == (290, 0)


@pytest.mark.parametrize("order", ["same-class", "any-class", "listed-pairs"])
def test_scenario_02_sequence_then_royal_marriage_is_illegal(order: str) -> None:
    """SC-2; S000, FOS p.325, S001(b): a sequence's king and queen never marry after."""
    rules = CLASSIC.evolve(inferior_order=order)
    state = build(rules, trump="H", table=[meld("trump-sequence", "AH TH KH QH JH")])
    marriage = declare("royal-marriage", "KH[trump-sequence] QH[trump-sequence]")
    illegal(state, marriage, Reason.INFERIOR_ORDER, Reason.NO_FRESH_CARD)
    assert state.legal_declarations() == ()


@pytest.mark.parametrize(
    ("order", "reasons"),
    [
        ("same-class", (Reason.INFERIOR_ORDER,)),
        ("any-class", (Reason.INFERIOR_ORDER,)),
        ("listed-pairs", ()),
    ],
)
def test_scenario_03_new_queen_to_the_sequence_king(
    order: str, reasons: tuple[Reason, ...]
) -> None:
    """SC-3; FOS p.325 (illegal: the strict partner ban of the same-class rule);
    S000 lists only the sequence's own king and queen (legal under listed-pairs)."""
    rules = CLASSIC.evolve(inferior_order=order)
    state = build(rules, trump="H", table=[meld("trump-sequence", "AH TH KH QH JH")], hand="QH")
    marriage = declare("royal-marriage", "KH[trump-sequence] QH")
    if reasons:
        illegal(state, marriage, *reasons)
        assert state.legal_declarations() == ()
    else:
        assert state.legal_declarations() == (marriage,)
        legal(state, marriage, (declared(0, 40, "royal-marriage"),))


def test_scenario_04_a_married_king_does_not_marry_again() -> None:
    """SC-4; S000, S004, S001, S003, MAS."""
    state = build(trump="S", table=[meld("common-marriage", "KHa QHa")], hand="QHb")
    illegal(state, declare("common-marriage", "KH[common-marriage] QH"), Reason.SAME_KIND_REUSED)
    assert state.legal_declarations() == ()


def test_scenario_04_variant_two_fresh_cards_marry() -> None:
    """SC-4 variant; S001: a new king and queen from the hand make a new marriage."""
    state = build(trump="S", table=[meld("common-marriage", "KHa QHa")], hand="KHb QHb")
    fresh = declare("common-marriage", "KH QH")
    assert state.legal_declarations() == (fresh,)
    illegal(state, declare("common-marriage", "KH[common-marriage] QH"), Reason.SAME_KIND_REUSED)
    illegal(state, declare("common-marriage", "KH QH[common-marriage]"), Reason.SAME_KIND_REUSED)
    legal(state, fresh, (declared(0, 20, "common-marriage"),))


def test_scenario_05_four_kings_are_not_re_formed_in_two_hand() -> None:
    """SC-5 (two-hand half); FOS p.325, MAS. A king of a declared four kings is
    played to a trick; a new king from the hand does not make four kings again."""
    state = build(
        trump="H",
        table=[meld("four-kings", "KH KS KD KCa")],
        other_hand="7C 8C 9C 7D 8D 9D 7S",
        stock="KCb 8S",
    )
    after = win_trick(state, "KH[four-kings]", "7C")
    assert "KC" in faces(after.hand(0))
    illegal(
        after,
        declare("four-kings", "KS[four-kings] KD[four-kings] KC[four-kings] KC"),
        Reason.SAME_KIND_REUSED,
    )
    assert after.legal_declarations() == ()


def test_scenario_06_married_king_goes_into_four_kings() -> None:
    """SC-6; S000, S004, S001, FOS."""
    state = build(trump="S", table=[meld("common-marriage", "KH QH")], hand="KS KD KC")
    four = declare("four-kings", "KH[common-marriage] KS KD KC")
    assert state.legal_declarations() == (four,)
    legal(state, four, (declared(0, 80, "four-kings"),))


@pytest.mark.parametrize(
    ("order", "reasons"),
    [
        ("same-class", ()),
        ("listed-pairs", ()),
        ("any-class", (Reason.INFERIOR_ORDER,)),
    ],
)
def test_scenario_07_marriage_after_four_kings(order: str, reasons: tuple[Reason, ...]) -> None:
    """SC-7; FOS (different class: legal), S000; S001(a) any lower-valued meld: illegal."""
    rules = CLASSIC.evolve(inferior_order=order)
    state = build(rules, trump="C", table=[meld("four-kings", "KH KS KD KC")], hand="QS")
    marriage = declare("common-marriage", "KS[four-kings] QS")
    if reasons:
        illegal(state, marriage, *reasons)
        assert state.legal_declarations() == ()
    else:
        assert state.legal_declarations() == (marriage,)
        legal(state, marriage, (declared(0, 20, "common-marriage"),))


def test_scenario_08_married_queen_into_bezique_then_four_queens() -> None:
    """SC-8; S000, S004: a married Q♠ makes a bezique, then four queens."""
    state = build(
        trump="H",
        table=[meld("common-marriage", "KS QS")],
        hand="JD QH QD QC AC",
        other_hand="7C 8C 9C 7D 8D 9D 7S",
        stock="8S 9S",
    )
    bezique = declare("bezique", "QS[common-marriage] JD")
    assert set(state.legal_declarations()) == {
        bezique,
        declare("four-queens", "QS[common-marriage] QH QD QC"),
    }
    state = legal(state, bezique, (declared(0, 40, "bezique"),))
    state = win_trick(state, "AC", "7C")
    queens = declare("four-queens", "QS[common-marriage,bezique] QH QD QC")
    assert state.legal_declarations() == (queens,)
    after = legal(state, queens, (declared(0, 60, "four-queens"),))
    assert after.scores == (120, 0)


def test_scenario_09_bezique_then_double_bezique() -> None:
    """SC-9; S000, S004, S002, S003, FOS: 40, then 500, 540 in all."""
    state = build(trump="H", table=[meld("bezique", "QSa JDa")], hand="QSb JDb")
    double = declare("double-bezique", "QS[bezique] JD[bezique] QS JD")
    assert set(state.legal_declarations()) == {double, declare("bezique", "QS JD")}
    after = legal(state, double, (declared(0, 500, "double-bezique"),))
    assert after.scores == (540, 0)


@pytest.mark.parametrize(
    ("fresh", "reasons"),
    [
        ("same-class", (Reason.NO_FRESH_CARD,)),
        ("always", (Reason.NO_FRESH_CARD,)),
        ("never", ()),
    ],
)
def test_scenario_10_two_singles_do_not_make_a_double(
    fresh: str, reasons: tuple[Reason, ...]
) -> None:
    """SC-10; FOS p.326 (no fresh card: illegal); S000 silent (fresh_card=never: legal)."""
    rules = CLASSIC.evolve(fresh_card=fresh)
    state = build(
        rules,
        trump="H",
        table=[meld("bezique", "QSa JDa"), meld("bezique", "QSb JDb")],
    )
    double = declare("double-bezique", "QS[bezique] QS[bezique] JD[bezique] JD[bezique]")
    if reasons:
        illegal(state, double, *reasons)
        assert state.legal_declarations() == ()
    else:
        assert state.legal_declarations() == (double,)
        after = legal(state, double, (declared(0, 500, "double-bezique"),))
        assert after.scores == (580, 0)


def test_scenario_11_no_single_bezique_after_the_double() -> None:
    """SC-11; FOS p.326: the double first forfeits the 40."""
    state = build(
        trump="H",
        hand="QS QS JD JD AC",
        other_hand="7C 8C 9C 7D 8D 9D 7S",
        stock="8S 9S",
    )
    double = declare("double-bezique", "QS QS JD JD")
    assert set(state.legal_declarations()) == {double, declare("bezique", "QS JD")}
    state = legal(state, double, (declared(0, 500, "double-bezique"),))
    state = win_trick(state, "AC", "7C")
    illegal(
        state,
        declare("bezique", "QS[double-bezique] JD[double-bezique]"),
        Reason.INFERIOR_ORDER,
        Reason.NO_FRESH_CARD,
    )
    assert state.legal_declarations() == ()


def _scenario_12_position(rules: Rules) -> DealState:
    return build(
        rules,
        trump="H",
        hand="QS QS JD JD QH QC AC",
        other_hand="7C 8C 9C 7D 8D 9D 7S",
        stock="8S 9S",
    )


@pytest.mark.parametrize("rules", PENDING_PRESETS)
def test_scenario_12_everything_shown_at_once_scores_one(rules: Rules) -> None:
    """SC-12; FOS p.326, PAR, S001: several shown, one scored, the rest pending."""
    state = _scenario_12_position(rules)
    double = declare("double-bezique", "QS QS JD JD")
    assert set(state.legal_declarations()) == {
        double,
        declare("bezique", "QS JD"),
        declare("four-queens", "QS QS QH QC"),
    }
    state = legal(state, double, (declared(0, 500, "double-bezique"),))
    queens = declare("four-queens", "QS[double-bezique] QS[double-bezique] QH QC")
    assert state.legal_declarations() == (queens,)
    state = legal(state, queens, ())
    assert state.scores == (500, 0)
    assert state.pending_melds(0) == (1,)
    assert state.melds[1].kind is MeldKind.FOUR_QUEENS
    # "560 now" is refused: the trick's one score is taken.
    illegal(state, ScorePending(1), Reason.ALREADY_SCORED)
    state = win_trick(state, "AC", "7C")
    after = legal(state, ScorePending(1), (declared(0, 60, "four-queens"),))
    assert after.scores == (560, 0)
    assert after.pending_melds(0) == ()


def test_scenario_12_one_declaration_per_trick_under_classic() -> None:
    """SC-12 under CLASSIC; S000 law 7: one declaration per trick, no pending melds."""
    state = _scenario_12_position(CLASSIC)
    state = legal(
        state, declare("double-bezique", "QS QS JD JD"), (declared(0, 500, "double-bezique"),)
    )
    illegal(
        state,
        declare("four-queens", "QS[double-bezique] QS[double-bezique] QH QC"),
        Reason.ALREADY_DECLARED,
    )
    assert state.legal_declarations() == ()
    assert state.legal_actions() == (Draw(),)


def _scenario_13_position(rules: Rules, hand: str, other: str) -> DealState:
    return build(rules, trump="C", hand=hand, other_hand=other, stock="8S 9S")


@pytest.mark.parametrize("rules", PENDING_PRESETS)
def test_scenario_13_king_queen_jack_pending_marriage(rules: Rules) -> None:
    """SC-13; S001, FOS p.326: bezique +40 now, the K♠ Q♠ marriage +20 on the next trick."""
    state = _scenario_13_position(rules, "KS QS JD AH", "7D 8D 9D 7H 8H 9H 7S")
    bezique = declare("bezique", "QS JD")
    assert set(state.legal_declarations()) == {bezique, declare("common-marriage", "KS QS")}
    state = legal(state, bezique, (declared(0, 40, "bezique"),))
    marriage = declare("common-marriage", "KS QS[bezique]")
    assert state.legal_declarations() == (marriage,)
    state = legal(state, marriage, ())
    assert state.pending_melds(0) == (1,)
    state = win_trick(state, "AH", "7H")
    assert ScorePending(1) in state.legal_actions()
    after = legal(state, ScorePending(1), (declared(0, 20, "common-marriage"),))
    assert after.scores == (60, 0)


def test_scenario_13_one_declaration_per_trick_under_classic() -> None:
    """SC-13 under CLASSIC; S000 law 7: after the bezique, the marriage waits for a new trick."""
    state = _scenario_13_position(CLASSIC, "KS QS JD AH", "7D 8D 9D 7H 8H 9H 7S")
    state = legal(state, declare("bezique", "QS JD"), (declared(0, 40, "bezique"),))
    illegal(state, declare("common-marriage", "KS QS[bezique]"), Reason.ALREADY_DECLARED)
    assert state.legal_declarations() == ()


@pytest.mark.parametrize("rules", PENDING_PRESETS)
def test_scenario_14_pending_meld_broken_by_playing_its_card(rules: Rules) -> None:
    """SC-14 [derived]; S001 (a meld's cards all held at the same time), FOS p.326."""
    state = _scenario_13_position(rules, "KS QS JD TD", "AS 7D 8D 9D 7H 8H 9H")
    state = legal(state, declare("bezique", "QS JD"), (declared(0, 40, "bezique"),))
    state = legal(state, declare("common-marriage", "KS QS[bezique]"), ())
    # The player leads the pending marriage's king and loses the trick.
    state, _ = play_trick(draw(state), "KS[common-marriage]", "AS")
    assert state.window is not None
    assert state.window.seat == 1
    state, _ = play_trick(draw(state), "7D", "TD")
    assert state.window is not None
    assert state.window.seat == 0
    illegal(state, ScorePending(1), Reason.PENDING_MELD_BROKEN)
    assert state.pending_melds(0) == (1,)


def test_scenario_15_jack_of_four_jacks_into_a_bezique() -> None:
    """SC-15; S000, S004."""
    state = build(trump="H", table=[meld("four-jacks", "JH JS JD JC")], hand="QS")
    bezique = declare("bezique", "QS JD[four-jacks]")
    assert state.legal_declarations() == (bezique,)
    legal(state, bezique, (declared(0, 40, "bezique"),))


def test_scenario_16_ace_of_four_aces_into_a_sequence() -> None:
    """SC-16; S000, S004. (The four aces are declared, one of them is played,
    the jack drawn: seven cards are all a player holds after a trick.)"""
    state = build(
        trump="D",
        table=[meld("four-aces", "AD AS AH AC")],
        hand="TD KD QD",
        other_hand="7C 8C 9C 7H 8H 9H 8S",
        stock="JD 7S",
    )
    state = win_trick(state, "AC[four-aces]", "7C")
    sequence = declare("trump-sequence", "AD[four-aces] TD KD QD JD")
    assert set(state.legal_declarations()) == {sequence, declare("royal-marriage", "KD QD")}
    legal(state, sequence, (declared(0, 250, "trump-sequence"),))


@pytest.mark.parametrize(
    ("rules", "reasons"),
    [
        pytest.param(CLASSIC, (), id="any"),
        pytest.param(CLASSIC.evolve(quartet_suits="one-of-each"), (Reason.NOT_A_MELD,), id="each"),
        pytest.param(variants.MCNEELY, (Reason.NOT_A_MELD,), id="mcneely"),
    ],
)
def test_scenario_17_quartet_suit_make_up(rules: Rules, reasons: tuple[Reason, ...]) -> None:
    """SC-17; S000, FOS, PAR (any suits: +100); S002, S001 variant (one of each: illegal)."""
    state = build(rules, trump="D", hand="AHa AHb AS AC")
    aces = declare("four-aces", "AH AH AS AC")
    if reasons:
        illegal(state, aces, *reasons)
        assert state.legal_declarations() == ()
    else:
        assert state.legal_declarations() == (aces,)
        legal(state, aces, (declared(0, 100, "four-aces"),))


def test_scenario_18_only_the_winner_declares_and_only_before_drawing() -> None:
    """SC-18; S000 law 7, S001, FOS."""
    state = build(trump="S", window=False, hand="KH QH AC", other_hand="KD QD 7H")
    marriage = declare("common-marriage", "KH QH")
    loser_marriage = declare("common-marriage", "KD QD")
    illegal(state, marriage, Reason.NOT_TRICK_WINNER)
    state = step(state, play("AC"))[0]
    # The other player is to follow: he has not won a trick.
    assert state.current_player == 1
    illegal(state, loser_marriage, Reason.NOT_TRICK_WINNER)
    state = step(state, play("7H"))[0]
    # Seat 0 won: the turn is his, the loser's cards are not his to declare.
    assert state.current_player == 0
    assert state.legal_declarations() == (marriage,)
    illegal(state, loser_marriage, Reason.CARD_NOT_HELD)
    # After drawing, no declaration: the window has closed.
    state = draw(state)
    illegal(state, marriage, Reason.NOT_TRICK_WINNER)
    assert state.legal_declarations() == ()


def test_scenario_19_cards_in_tricks_do_not_count() -> None:
    """SC-19 (two-hand half); S001: a Q♠ in the player's tricks makes no bezique."""
    state = build(trump="H", hand="JD", won="QS")
    illegal(state, declare("bezique", "QS JD"), Reason.CARD_NOT_HELD)
    assert state.legal_declarations() == ()


@pytest.mark.parametrize(
    ("pair", "reasons"),
    [
        ("qc-jh-when-spades-or-diamonds", ()),
        ("standard", (Reason.NOT_A_MELD,)),
        ("trump-queen-opposite-jack", (Reason.NOT_A_MELD,)),
        ("cmc", (Reason.NOT_A_MELD,)),
    ],
)
def test_scenario_20_alternative_bezique(pair: str, reasons: tuple[Reason, ...]) -> None:
    """SC-20; S000 variation, CHA (Q♣ J♥ when diamonds are trumps); the default
    pair Q♠ J♦ (S000, FOS); PAR and CMC pair the trump queen with J♠ here."""
    rules = CLASSIC.evolve(bezique_pair=pair)
    state = build(rules, trump="D", hand="QC JH")
    bezique = declare("bezique", "QC JH")
    if reasons:
        illegal(state, bezique, *reasons)
        assert state.legal_declarations() == ()
    else:
        assert state.legal_declarations() == (bezique,)
        legal(state, bezique, (declared(0, 40, "bezique"),))


# -- the seven of trumps -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "seven"),
    [
        pytest.param(CLASSIC, ScoreEvent(1, 10, ScoreSource.SEVEN_OF_TRUMPS, "played"), id="play"),
        pytest.param(
            CLASSIC.evolve(seven_of_trumps="on-declaration"),
            declared(1, 10, "seven-of-trumps"),
            id="declare",
        ),
        pytest.param(variants.WIKIPEDIA, declared(1, 10, "seven-of-trumps"), id="wikipedia"),
    ],
)
def test_scenario_21_turned_up_seven(rules: Rules, seven: ScoreEvent) -> None:
    """SC-21; S000 law 4 (dealer +10), S004 (no exchange for a seven), S000 law 8
    (the other seven scores when played), HGM (or when declared), S001 (played or
    declared)."""
    deck = deal_deck(rules, hands=("", "7H AC"), turn_up="7H", stock="8S 9S", dealer=0)
    state = bz.new_deal(rules, deck=deck, dealer=0)
    assert state.scores == (10, 0)
    assert initial_events(state) == (ScoreEvent(0, 10, ScoreSource.TURN_UP_SEVEN),)
    state, _ = play_trick(state, "AC", "9S")
    assert state.window is not None
    assert state.window.seat == 1
    illegal(state, Exchange(), Reason.TURN_UP_IS_SEVEN)
    if seven.source is ScoreSource.DECLARATION:
        legal(state, declare("seven-of-trumps", "7H"), (seven,))
    else:
        state = draw(state)
        legal(state, play("7H"), (seven,))


def test_scenario_22a_exchange_after_winning_a_trick() -> None:
    """SC-22(a); S000 law 8: the winner exchanges the seven of trumps, +10."""
    state = build(trump="S", turn_up="AS", hand="7S")
    after = legal(state, Exchange(), (ScoreEvent(0, 10, ScoreSource.EXCHANGE, "AS"),))
    assert "AS" in faces(after.hand(0))
    assert "7S" not in faces(after.hand(0))
    assert str(after.turn_up_card) == "7S"
    # One exchange: the turn-up is now a seven.
    illegal(after, Exchange(), Reason.TURN_UP_IS_SEVEN, Reason.NO_SEVEN_OF_TRUMPS)


def test_scenario_22b_no_exchange_for_the_loser() -> None:
    """SC-22(b); S000 law 8, S002b, S003: only the trick's winner exchanges."""
    state = build(
        trump="S",
        turn_up="AS",
        seat=1,
        window=False,
        hand="AC",
        other_hand="7S 7H",
        stock="8H 9H",
    )
    state, _ = play_trick(state, "AC", "7H")
    assert state.window is not None
    assert state.window.seat == 1
    illegal(state, Exchange(), Reason.NO_SEVEN_OF_TRUMPS)
    state = draw(state)
    illegal(state, Exchange(), Reason.NOT_TRICK_WINNER)
    assert "7S" in faces(state.hand(0))
    assert str(state.turn_up_card) == "AS"


def _scenario_23_position(rules: Rules) -> DealState:
    return build(
        rules,
        trump="S",
        turn_up="AS",
        hand="7S TS KS QS JS AC",
        other_hand="7C 8C 9C 7D 8D 9D 7H",
        stock="8H 9H",
    )


EXCHANGED = ScoreEvent(0, 10, ScoreSource.EXCHANGE, "AS")
SEQUENCE_WITH_THE_ACE = declare("trump-sequence", "AS TS KS QS JS")


def test_scenario_23_exchange_and_a_meld_without_the_card_gained() -> None:
    """SC-23 with S000 law 8 (CLASSIC): exchange and declare, not with the A♠ gained."""
    state = _scenario_23_position(CLASSIC)
    marriage = declare("royal-marriage", "KS QS")
    state = legal(state, Exchange(), (EXCHANGED,))
    assert state.legal_declarations() == (marriage,)
    illegal(state, SEQUENCE_WITH_THE_ACE, Reason.USES_EXCHANGED_CARD)
    state = legal(state, marriage, (declared(0, 40, "royal-marriage"),))
    # On the next trick the A♠ may go into the sequence.
    state = win_trick(state, "AC", "7C")
    sequence = declare("trump-sequence", "AS TS KS[royal-marriage] QS[royal-marriage] JS")
    legal(state, sequence, (declared(0, 250, "trump-sequence"),))


def test_scenario_23_declare_then_exchange_under_classic() -> None:
    """SC-23 with S000 law 8 (CLASSIC), in the other order (interpretation 1)."""
    state = _scenario_23_position(CLASSIC)
    state = legal(state, declare("royal-marriage", "KS QS"), (declared(0, 40, "royal-marriage"),))
    legal(state, Exchange(), (EXCHANGED,))


def test_scenario_23_another_copy_of_the_card_gained_may_be_declared() -> None:
    """SC-23, S000 law 8 with interpretation 3 of the rules pages: only the very card gained is
    barred; the A♠ already in the hand makes the sequence in the same window."""
    state = build(trump="S", turn_up="ASb", hand="ASa 7S TS KS QS JS")
    state = legal(state, Exchange(), (EXCHANGED,))
    assert set(state.legal_declarations()) == {
        SEQUENCE_WITH_THE_ACE,
        declare("royal-marriage", "KS QS"),
    }
    after = legal(state, SEQUENCE_WITH_THE_ACE, (declared(0, 250, "trump-sequence"),))
    gained = state.window.exchanged if state.window is not None else None
    assert gained is not None
    assert after.hand_masks[0] >> gained & 1


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(CLASSIC.evolve(exchange_counts_as_declaration=True), id="knob"),
        pytest.param(variants.MCNEELY, id="mcneely"),
    ],
)
def test_scenario_23_exchange_is_the_declaration_under_s002b(rules: Rules) -> None:
    """SC-23 with S002b: the exchange is the trick's declaration, in either order."""
    state = _scenario_23_position(rules)
    exchanged = legal(state, Exchange(), (EXCHANGED,))
    illegal(exchanged, declare("royal-marriage", "KS QS"), Reason.ALREADY_DECLARED)
    illegal(exchanged, SEQUENCE_WITH_THE_ACE, Reason.ALREADY_DECLARED, Reason.USES_EXCHANGED_CARD)
    assert exchanged.legal_declarations() == ()
    married = legal(state, declare("royal-marriage", "KS QS"), (declared(0, 40, "royal-marriage"),))
    illegal(married, Exchange(), Reason.ALREADY_DECLARED)


SEVEN_PLAYED = ScoreEvent(0, 10, ScoreSource.SEVEN_OF_TRUMPS, "played")
SEVEN_WON = ScoreEvent(1, 10, ScoreSource.SEVEN_OF_TRUMPS, "won")


@pytest.mark.parametrize(
    ("option", "at_lead", "at_reply"),
    [
        ("on-play", (SEVEN_PLAYED,), ()),
        ("on-win", (), (SEVEN_WON,)),
        ("on-declaration", (), ()),
        ("never", (), ()),
    ],
)
def test_scenario_24_seven_of_trumps_led_and_lost(
    option: str, at_lead: tuple[ScoreEvent, ...], at_reply: tuple[ScoreEvent, ...]
) -> None:
    """SC-24; S000 law 8, S003, MIS, BRI (+10 to its player); S000 law 8 variation
    (+10 to the captor); HGM, S001 (scores only when declared); Rubicon (never)."""
    rules = CLASSIC.evolve(seven_of_trumps=option)
    state = build(rules, trump="S", window=False, hand="7S", other_hand="8S")
    state = legal(state, play("7S"), at_lead)
    state = legal(state, play("8S"), at_reply)
    assert state.window is not None
    assert state.window.seat == 1


@pytest.mark.parametrize("option", ["on-play", "on-win", "on-declaration", "never"])
def test_scenario_24_seven_of_trumps_scores_nothing_in_the_end_phase(option: str) -> None:
    """SC-24; S000 law 8: no score for the seven of trumps in the last eight tricks."""
    rules = CLASSIC.evolve(seven_of_trumps=option)
    state = build(rules, trump="S", stock_size=0, tricks_done=26, hand="7S", other_hand="8S")
    state = legal(state, play("7S"), ())
    state = legal(state, play("8S"), ())
    assert state.leader == 1
    assert state.scores == (0, 0)


@pytest.mark.parametrize(
    ("option", "reasons"),
    [
        ("on-declaration", ()),
        ("on-play", (Reason.KIND_NOT_IN_VARIANT,)),
        ("on-win", (Reason.KIND_NOT_IN_VARIANT,)),
        ("never", (Reason.KIND_NOT_IN_VARIANT,)),
    ],
)
def test_scenario_24_seven_of_trumps_declared(option: str, reasons: tuple[Reason, ...]) -> None:
    """SC-21, SC-24; HGM, S001: the seven of trumps may be declared for 10 (only then)."""
    rules = CLASSIC.evolve(seven_of_trumps=option)
    state = build(rules, trump="S", turn_up="7Sb", hand="7Sa")
    seven = declare("seven-of-trumps", "7S")
    if reasons:
        illegal(state, seven, *reasons)
        assert state.legal_declarations() == ()
    else:
        assert state.legal_declarations() == (seven,)
        legal(state, seven, (declared(0, 10, "seven-of-trumps"),))


def test_scenario_25_exchange_on_the_last_stock_trick() -> None:
    """SC-25 [derived]; S000 law 8, S001: exchange after trick 24, the loser takes the seven."""
    state = build(trump="S", turn_up="AS", stock="KD", stock_size=2, hand="7S")
    assert len(state.tricks) == 24
    state = legal(state, Exchange(), (EXCHANGED,))
    seven = state.turn_up
    assert seven is not None
    after = draw(state)
    assert after.phase is Phase.END
    assert {"AS", "KD"} <= set(faces(after.hand(0)))
    assert after.hand_masks[1] >> seven & 1


# -- the end phase ---------------------------------------------------------------------------


def _follow(hand: str, led: str, trump: str = "S") -> DealState:
    cards = len(hand.split())
    return build(trump=trump, stock_size=0, tricks_done=32 - cards, led=led, hand=hand)


def _plays(state: DealState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def test_scenario_26_must_follow_and_win() -> None:
    """SC-26; S000 law 9, S001, BRI: follow suit and head the trick."""
    state = _follow("TH 8H AS", led="9H")
    assert _plays(state) == {"play TH"}
    illegal(state, play("8H"), Reason.MUST_WIN_TRICK)
    illegal(state, play("AS"), Reason.MUST_FOLLOW_SUIT)
    legal(state, play("TH"))


def test_scenario_27_follow_without_being_able_to_win() -> None:
    """SC-27; S000 law 9, S001: follow suit, no duty to trump."""
    state = _follow("8H 7H AS", led="9H")
    assert _plays(state) == {"play 8H", "play 7H"}
    illegal(state, play("AS"), Reason.MUST_FOLLOW_SUIT)


def test_scenario_28_void_must_trump() -> None:
    """SC-28; S000 law 9, S001, S003, BRI: void in the suit led, trump if able."""
    state = _follow("7S AD", led="9H")
    assert _plays(state) == {"play 7S"}
    illegal(state, play("AD"), Reason.MUST_TRUMP)


def test_scenario_28_no_suit_no_trump_any_card() -> None:
    """SC-28; S000 law 9, S003: no card of the suit led and no trump: any card."""
    state = _follow("AD KC", led="9H")
    assert _plays(state) == {"play AD", "play KC"}


def test_scenario_29_trump_lead() -> None:
    """SC-29; S000 law 9: follow a trump lead even when it cannot win."""
    state = _follow("7S KD", led="AS")
    assert _plays(state) == {"play 7S"}
    illegal(state, play("KD"), Reason.MUST_FOLLOW_SUIT)


def _trick_25(rules: Rules) -> DealState:
    state = build(
        rules,
        trump="S",
        stock_size=0,
        tricks_done=24,
        hand="KH QH AC",
        other_hand="8C 9C",
    )
    state, _ = play_trick(state, "AC", "8C")
    assert len(state.tricks) == 25
    assert state.leader == 0
    return state


def test_scenario_32_no_melds_after_the_close() -> None:
    """SC-32; S000 law 9, S001: the winner of trick 25 may not declare."""
    state = _trick_25(CLASSIC)
    assert state.window is None
    assert state.current_player == 0
    assert state.legal_declarations() == ()
    illegal(state, declare("common-marriage", "KH QH"), Reason.NOT_IN_STOCK_PHASE)


def test_scenario_32_melding_after_the_close_under_c_and_d() -> None:
    """SC-32; S003 [C&D-enhanced]: melding goes on after the close."""
    state = _trick_25(variants.CARDS_AND_DOMINOES)
    assert state.window is not None
    assert state.window.seat == 0
    marriage = declare("common-marriage", "KH QH")
    assert state.legal_declarations() == (marriage,)
    state = legal(state, marriage, (declared(0, 20, "common-marriage"),))
    legal(state, bz.Pass())


# -- last trick and scoring ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("last_trick", "bonus"),
    [("final", ()), ("24th", (ScoreEvent(0, 10, ScoreSource.LAST_TRICK, "trick 24"),))],
)
def test_scenario_33_the_24th_trick(last_trick: str, bonus: tuple[ScoreEvent, ...]) -> None:
    """SC-33; S000 law 10 (final trick); S000 law 10 variation, S001, PKW (24th trick)."""
    rules = CLASSIC.evolve(last_trick=last_trick)
    state = build(rules, trump="H", window=False, stock_size=2, hand="AC", other_hand="7D")
    state, events = play_trick(state, "AC", "7D")
    assert len(state.tricks) == 24
    assert events == bonus


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize(("last_trick", "bonus"), [("final", 10), ("24th", 0)])
def test_scenario_33_the_final_trick(last_trick: str, bonus: int, dealer: int) -> None:
    """SC-33; S000 laws 10-12: the 32nd trick +10 (default), then the brisques,
    non-dealer first; nothing for trick 32 under the 24th-trick option."""
    rules = CLASSIC.evolve(last_trick=last_trick)
    state = build(
        rules,
        trump="H",
        stock_size=0,
        tricks_done=31,
        hand="AC",
        other_hand="7D",
        other_won="AS TS AH TH",
        dealer=dealer,
    )
    state, events = play_trick(state, "AC", "7D")
    assert state.phase is Phase.OVER
    assert len(state.tricks) == 32
    assert (state.brisques_won(0), state.brisques_won(1)) == (12, 4)
    brisques = {
        0: ScoreEvent(0, 120, ScoreSource.BRISQUES, "12"),
        1: ScoreEvent(1, 40, ScoreSource.BRISQUES, "4"),
    }
    expected = [ScoreEvent(0, 10, ScoreSource.LAST_TRICK, "trick 32")] if bonus else []
    expected += [brisques[1 - dealer], brisques[dealer]]
    assert events == tuple(expected)
    assert state.result == DealResult(scores=state.scores, brisques=(12, 4), last_trick_winner=0)


@pytest.mark.parametrize("winner", [0, 1])
def test_scenario_34_stock_end_draw(winner: int) -> None:
    """SC-34; S001, BRI, HGM: the winner of trick 24 draws the last face-down card,
    the loser the turn-up."""
    state = build(trump="S", seat=winner, turn_up="AS", stock="KD", stock_size=2)
    last, up = state.stock[0], state.turn_up
    assert up is not None
    after = draw(state)
    assert after.phase is Phase.END
    assert after.stock_size == 0
    assert after.hand_masks[winner] >> last & 1
    assert after.hand_masks[1 - winner] >> up & 1


def test_scenario_35_two_hand_tie() -> None:
    """SC-35; S000 law 12, S004: a tie goes to the higher total less the last deal's
    brisques, then to the winner of the last trick."""
    last = DealResult(scores=(500, 520), brisques=(6, 8), last_trick_winner=1)
    assert decide_winner(CLASSIC, (1040, 1040), last) == 0
    level = DealResult(scores=(500, 520), brisques=(8, 8), last_trick_winner=1)
    assert decide_winner(CLASSIC, (1040, 1040), level) == 1
    assert decide_winner(CLASSIC, (1040, 1040), attrs.evolve(level, last_trick_winner=0)) == 0


# -- penalties: prevented ------------------------------------------------------------------


def test_scenario_48_no_play_without_drawing() -> None:
    """SC-48; S000 law 6: a player may not play before both have drawn."""
    state = build(trump="H", hand="AC")
    for card in ("AC", "9S"):
        illegal(state, play(card), Reason.WRONG_ACTION_NOW)
    assert state.legal_actions() == (Draw(),)
    after = draw(state)
    assert [len(after.held(s)) for s in (0, 1)] == [8, 8]
    assert after.stock_size == state.stock_size - 2
    # The winner draws first (S000 law 6): the top card is his, the next the loser's.
    assert after.hand_masks[0] >> state.stock[0] & 1
    assert after.hand_masks[1] >> state.stock[1] & 1
    # Drawing again, out of turn, is refused too.
    illegal(after, Draw(), Reason.WRONG_ACTION_NOW)


def _playout(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed)
    size = rules.deck.hand_size
    while not state.is_over:
        assert_honest(state)
        for seat in (0, 1):
            assert len(state.held(seat)) <= size
        before = [len(state.held(s)) for s in (0, 1)]
        action = rng.choice(state.legal_actions())
        state = state.apply(action)
        if isinstance(action, Draw):
            assert [len(state.held(s)) for s in (0, 1)] == [b + 1 for b in before]
            assert [len(state.held(s)) for s in (0, 1)] == [size, size]
    assert state.result is not None


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    rules=st.sampled_from(
        [CLASSIC, variants.WIKIPEDIA, variants.MCNEELY, variants.CARDS_AND_DOMINOES]
    ),
)
def test_scenario_49_hands_never_exceed_the_hand_size(seed: int, rules: Rules) -> None:
    """SC-48, SC-49; S000 laws 3 and 6: no overdraw, no play without drawing: each
    draw brings both hands back to exactly the hand size, never more."""
    _playout(rules, seed)
