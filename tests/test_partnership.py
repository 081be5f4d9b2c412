"""Partnership declarations (the partnership rules page): who of a side declares after a
stock trick, the partner's table, and doubles and triples of one seat's cards.

Sources: BIC ("Four-Hand Bezique", from the USPCC *Official Rules*: the winner
declares or passes the right to his partner; a seat may use his partner's table
cards but declare nothing the partner could not; double and triple bezique only
from one player), EB9/EB11 (he or his partner declares, one declaration; the
beziques may come from both), S004 (both partners may declare, the trick-taker
first).

Positions come from :func:`positions.partnership_position`: seat 0 has won every
trick so far (declaring one meld after each but the last), and its turn is open.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import partnership_position as position
from strategies import PROPERTY_SETTINGS, chooser, stacked_deals

import bezique as bz
from bezique import (
    DealState,
    Declare,
    Draw,
    IllegalActionError,
    MeldKind,
    PassToPartner,
    Reason,
    Window,
)
from bezique.cards import card_id_name, parse_card_id

PARTNERSHIP = bz.variants.PARTNERSHIP
PASS = PassToPartner()


def declare(state: DealState, kind: str, cards: str) -> Declare:
    """The listed declaration of ``kind`` with exactly these faces, if any."""
    faces = sorted(cards.split())
    for action in state.legal_declarations():
        if action.kind.value == kind and sorted(str(r.card) for r in action.cards) == faces:
            return action
    raise AssertionError(f"no legal {kind} {cards}: {state.legal_declarations()}")


def test_the_winner_may_pass_the_right_to_his_partner_who_then_declares() -> None:
    """BIC: the trick's winner declares or passes the right to his partner."""
    state = position(PARTNERSHIP, hands={2: "KHa QHa"})
    assert PASS in state.legal_actions()
    assert state.current_player == 0
    passed = state.apply(PASS)
    assert passed.current_player == 2
    assert passed.window == Window(2, passed=(0,))
    # The partner declares from his own hand; the points are his (and his side's).
    action = declare(passed, "royal-marriage", "KH QH")
    after, events = passed.step(action)
    assert events == (bz.ScoreEvent(2, 40, bz.ScoreSource.DECLARATION, "royal-marriage"),)
    assert after.side_scores == (40, 0)
    # Nothing more for him to do but close the turn: one declaration per trick.
    assert after.legal_actions() == (Draw(),)


def test_the_winner_draws_first_even_after_passing() -> None:
    """Interpretation 5 (the partnership rules page): the draw closes the turn whoever
    holds it, and the trick's winner draws first, then the others in play order."""
    state = position(PARTNERSHIP).apply(PASS)
    top = state.stock[:4]
    after = state.apply(Draw())
    for seat, card in enumerate(top):
        assert after.hand_masks[seat] >> card & 1, (seat, card_id_name(card))
    assert after.current_player == 0  # the trick's winner leads the next trick


def test_winner_or_passes_no_pass_after_declaring_and_none_back() -> None:
    """BIC: the right is passed instead of declaring; the partner cannot pass it back."""
    state = position(PARTNERSHIP, hands={0: "KHa QHa"})
    declared = state.apply(declare(state, "royal-marriage", "KH QH"))
    assert PASS not in declared.legal_actions()
    assert declared.why_illegal(PASS) == (Reason.CANNOT_PASS_RIGHT,)
    passed = state.apply(PASS)
    assert passed.why_illegal(PASS) == (Reason.CANNOT_PASS_RIGHT,)


def test_either_partner_the_right_may_come_back_once() -> None:
    """EB9, EB11: he or his partner declares, one declaration for the side; each may
    pass the right once (interpretation 3)."""
    rules = PARTNERSHIP.evolve(partnership_declarer="either-partner")
    state = position(rules, hands={0: "KHa QHa"})
    back = state.apply(PASS).apply(PASS)
    assert back.current_player == 0
    assert back.window is not None
    assert back.window.passed == (0, 2)
    assert back.why_illegal(PASS) == (Reason.CANNOT_PASS_RIGHT,)
    after = back.apply(declare(back, "royal-marriage", "KH QH"))
    assert after.legal_actions() == (Draw(),)
    # Under the default reading the partner could not have passed it back.
    assert position(PARTNERSHIP).apply(PASS).why_illegal(PASS) == (Reason.CANNOT_PASS_RIGHT,)


def test_both_in_turn_each_partner_declares_once() -> None:
    """S004: both partners may declare, the trick-taker first (interpretation 4: the
    winner passes explicitly to let his partner declare)."""
    rules = PARTNERSHIP.evolve(partnership_declarer="both-in-turn")
    state = position(rules, hands={0: "KHa QHa", 2: "KCa QCa"})
    first = state.apply(declare(state, "royal-marriage", "KH QH"))
    assert PASS in first.legal_actions()
    partner = first.apply(PASS)
    second, events = partner.step(declare(partner, "common-marriage", "KC QC"))
    assert [e.seat for e in events] == [2]
    assert second.scores[:3] == (40, 0, 20)
    assert second.legal_actions() == (Draw(),)
    bz.check_state(second)
    # The default reading refuses a pass once the winner has declared.
    default = position(PARTNERSHIP, hands={0: "KHa QHa", 2: "KCa QCa"})
    declared = default.apply(declare(default, "royal-marriage", "KH QH"))
    assert PASS not in declared.legal_actions()


def test_both_in_turn_the_winner_may_draw_instead_of_passing() -> None:
    """Interpretation 4 (the partnership rules page): under ``both-in-turn`` (S004)
    passing is the winner's choice; he may draw instead, and the draw closes the turn
    for both partners (interpretation 5), his partner's declaration unmade."""
    rules = PARTNERSHIP.evolve(partnership_declarer="both-in-turn")
    state = position(rules, hands={0: "KHa QHa", 2: "KCa QCa"})
    first = state.apply(declare(state, "royal-marriage", "KH QH"))
    assert first.legal_actions()[-2:] == (PASS, Draw())
    after = first.apply(Draw())
    assert after.window is None
    assert after.current_player == 0  # the winner leads the next trick
    assert after.scores[:3] == (40, 0, 0)
    assert after.hand_masks[2] >> parse_card_id("KCa") & 1


def test_only_the_winner_exchanges_the_seven() -> None:
    """Interpretation 1: only the trick's winner exchanges, in his own turn."""
    state = position(PARTNERSHIP, hands={0: "7Ha", 2: "7Hb"})
    assert bz.Exchange() in state.legal_actions()
    passed = state.apply(PASS)
    assert bz.Exchange() not in passed.legal_actions()
    assert passed.why_illegal(bz.Exchange()) == (Reason.NOT_TRICK_WINNER,)


def test_the_partner_may_use_the_winners_table() -> None:
    """BIC: a player may use cards his partner has on the table: a J♦ of the winner's
    declared four jacks and the partner's own Q♠ make a bezique for the partner."""
    state = position(PARTNERSHIP, table=[("four-jacks", "JDa JCa JHa JSa")], hands={2: "QSa"})
    passed = state.apply(PASS)
    action = declare(passed, "bezique", "QS JD")
    after, events = passed.step(action)
    assert events == (bz.ScoreEvent(2, 40, bz.ScoreSource.DECLARATION, "bezique"),)
    # The queen goes to the declarer's table; the jack stays on the partner's.
    assert after.table_masks[2] == 1 << parse_card_id("QSa")
    assert after.table_masks[0] >> parse_card_id("JDa") & 1
    assert after.history[parse_card_id("JDa")] == MeldKind.FOUR_JACKS.bit | MeldKind.BEZIQUE.bit
    bz.check_state(after)
    # With combining off, the partner's table is out of reach.
    apart = PARTNERSHIP.evolve(combine_with_partner_table=False)
    alone = position(apart, table=[("four-jacks", "JDa JCa JHa JSa")], hands={2: "QSa"})
    alone = alone.apply(PASS)
    assert not alone.legal_declarations()
    assert Reason.CARD_NOT_HELD in alone.why_illegal(action)


def test_nothing_the_partner_could_not_have_declared() -> None:
    """BIC's example: after the partner's trump sequence, no king of trumps added to
    the sequence's queen for a royal marriage (the queen's history forbids it)."""
    state = position(
        PARTNERSHIP, table=[("trump-sequence", "AHa THa KHa QHa JHa")], hands={2: "KHb"}
    )
    passed = state.apply(PASS)
    assert not passed.legal_declarations()
    marriage = Declare(
        MeldKind.ROYAL_MARRIAGE,
        (bz.CardRef(bz.Card.parse("KH")), bz.CardRef.parse("QH[trump-sequence]")),
    )
    assert Reason.INFERIOR_ORDER in passed.why_illegal(marriage)


def test_a_declaration_from_the_partners_table_needs_a_card_of_ones_own() -> None:
    """Interpretation 6: using the partner's table, the declaration must include a card
    from the declarer's own concealed hand. The K♠ of the winner's four kings and
    the Q♠ of his bezique make a marriage for him, not for his partner."""
    table = [("four-kings", "KCa KDa KHa KSa"), ("bezique", "QSa JDa")]
    state = position(PARTNERSHIP, table=table)
    king = bz.CardRef.parse("KS[four-kings]")
    queen = bz.CardRef.parse("QS[bezique]")
    marriage = Declare(MeldKind.COMMON_MARRIAGE, (king, queen))
    assert state.is_legal(marriage)
    passed = state.apply(PASS)
    assert passed.why_illegal(marriage) == (Reason.NO_OWN_HAND_CARD,)
    assert marriage not in passed.legal_declarations()


@pytest.mark.parametrize(("source", "allowed"), [("same-player", False), ("either-partner", True)])
def test_whose_cards_a_double_bezique_may_hold(source: str, allowed: bool) -> None:
    """BIC: double and triple bezique count only if all their cards come from one
    player (``same-player``); EB9, EB11: from both partners (``either-partner``)."""
    rules = PARTNERSHIP.evolve(partnership_bezique_source=source)
    state = position(rules, table=[("bezique", "QSa JDa")], hands={2: "QSb JDb"})
    passed = state.apply(PASS)
    double = Declare(
        MeldKind.DOUBLE_BEZIQUE,
        (
            bz.CardRef.parse("QS[bezique]"),
            bz.CardRef.parse("QS"),
            bz.CardRef.parse("JD[bezique]"),
            bz.CardRef.parse("JD"),
        ),
    )
    listed = double in passed.legal_declarations()
    assert listed is allowed
    reasons = passed.why_illegal(double)
    assert reasons == (() if allowed else (Reason.PARTNER_CARD_IN_BEZIQUE,))
    # A single bezique follows combine_with_partner_table, whatever this knob says.
    assert any(d.kind is MeldKind.BEZIQUE for d in passed.legal_declarations())


def test_a_seat_acting_out_of_turn_is_refused_naming_the_seats() -> None:
    """The library's bad-input rule: a partner declaring before the winner passed him
    the right is refused, and the error names the seat that tried and the seat to act."""
    state = position(PARTNERSHIP, hands={2: "KHa QHa"})
    marriage = Declare(MeldKind.ROYAL_MARRIAGE, (bz.CardRef.parse("KH"), bz.CardRef.parse("QH")))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(marriage, seat=2)
    assert caught.value.reasons == (Reason.NOT_YOUR_TURN,)
    assert (caught.value.seat, caught.value.to_act) == (2, 0)
    assert "by seat 2" in str(caught.value)
    assert "seat 0 is to act" in str(caught.value)
    with pytest.raises(bz.SeatError):
        state.apply(PASS, seat=4)
    # The right seat acts as usual.
    assert state.apply(PASS, seat=0).current_player == 2


def test_a_passed_turn_survives_json() -> None:
    state = position(PARTNERSHIP, hands={2: "KHa QHa"}).apply(PASS)
    text = bz.state_to_json(state)
    assert "passed" in text
    loaded = bz.io.load_state(text)
    assert loaded == state
    assert loaded.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("mode", ["winner-or-passes", "either-partner", "both-in-turn"])
def test_random_partnership_deals_follow_the_declarer_rule(mode: str) -> None:
    """Over random deals, at every turn after a trick: the right may be passed exactly
    when the reading allows it (checked here independently of the library), only the
    winner or his partner acts, and a declaration using the partner's table holds a
    card from the declarer's hand and is never a double bezique (same-player)."""
    rules = PARTNERSHIP.evolve(partnership_declarer=mode)
    rng = random.Random(mode)
    seen_pass = 0
    for seed in range(6):
        state = bz.new_deal(rules, seed=seed)
        while not state.is_over:
            actions = state.legal_actions()
            window = state.window
            if window is not None and not state.offers:
                winner = window.winner
                assert state.current_player in (winner, (winner + 2) % 4)
                if mode == "winner-or-passes":
                    may = not window.passed and not window.declarations
                elif mode == "either-partner":
                    may = window.seat not in window.passed and not window.declarations
                else:
                    may = not window.passed
                assert (PASS in actions) is may
            action = rng.choice(actions)
            if isinstance(action, Declare) and window is not None:
                seat = window.seat
                after = state.apply(action)
                cards = after.melds[-1].cards
                lent = [c for c in cards if state.table_masks[(seat + 2) % 4] >> c & 1]
                if lent:
                    assert any(state.hand_masks[seat] >> c & 1 for c in cards)
                    assert action.kind not in (MeldKind.DOUBLE_BEZIQUE, MeldKind.TRIPLE_BEZIQUE)
                state = after
            else:
                seen_pass += action == PASS
                state = state.apply(action)
        bz.check_state(state)
    assert seen_pass


# -- doubles and triples across the partners' tables ---------------------------------------

DOUBLE_ON_TABLE = [("double-bezique", "QSa QSb JDa JDb")]
SECOND_DOUBLE = "QS QS[double-bezique] JD JD[double-bezique]"
TRIPLE = "QS QS[double-bezique] QS[double-bezique] JD JD[double-bezique] JD[double-bezique]"


def refs(kind: str, cards: str) -> Declare:
    """A declaration of ``kind`` naming these cards (face and history), listed or not."""
    return Declare(MeldKind(kind), tuple(bz.CardRef.parse(card) for card in cards.split()))


def listed(state: DealState, kind: str, cards: str) -> Declare:
    """The declaration of ``kind`` naming these cards, which must be listed."""
    action = refs(kind, cards)
    assert action in state.legal_declarations(), state.legal_declarations()
    return action


def either(**knobs: object) -> bz.Rules:
    """``PARTNERSHIP`` whose doubles and triples may hold both partners' cards (EB9)."""
    return PARTNERSHIP.evolve(partnership_bezique_source="either-partner", **knobs)


def on_partners_double(rules: bz.Rules) -> DealState:
    """Seat 2's turn, passed by its partner, whose table holds a double bezique; seat 2
    holds a Q♠ and a J♦."""
    return position(rules, table=DOUBLE_ON_TABLE, hands={2: "QSc JDc"}).apply(PASS)


def refused_for_the_partners_cards(action: Declare) -> None:
    """Under ``same-player`` (BIC), ``action`` on the partner's double is not listed and is
    refused for that reason alone."""
    state = on_partners_double(PARTNERSHIP)
    assert action not in state.legal_declarations()
    assert state.why_illegal(action) == (Reason.PARTNER_CARD_IN_BEZIQUE,)
    with pytest.raises(IllegalActionError):
        state.apply(action)


def mask(*names: str) -> int:
    return sum(1 << parse_card_id(name) for name in names)


def names(cards: tuple[int, ...]) -> list[str]:
    return sorted(card_id_name(c) for c in cards)


@pytest.mark.parametrize("combine", [True, False])
def test_scenario_50_a_second_double_on_the_partners_double(combine: bool) -> None:
    """SC-50; EB9: "a bezique already used in a double bezique may be used again in a
    second double bezique with a new pair", and the beziques of both partners count
    together (``either-partner``), even with combining off (interpretation 7). The
    partner's double lies on his table; the seat adds its own Q♠ and J♦ and re-uses
    the pair of one bezique of that double (interpretation 8)."""
    state = on_partners_double(either(combine_with_partner_table=combine))
    action = listed(state, "double-bezique", SECOND_DOUBLE)
    assert state.why_illegal(action) == ()
    after, events = state.step(action)
    assert events == (bz.ScoreEvent(2, 500, bz.ScoreSource.DECLARATION, "double-bezique"),)
    # The new pair goes to the declarer's table; the re-used pair stays on the partner's.
    assert names(after.melds[-1].cards) == ["JDa", "JDc", "QSa", "QSc"]
    assert after.table_masks[2] == mask("QSc", "JDc")
    assert after.side_scores == (1000, 0)
    bz.check_state(after)


def test_scenario_50_the_second_double_is_the_partners_own_with_bic() -> None:
    """SC-50; BIC: a double bezique counts only if all its cards come from one player
    (``same-player``, the default): the same second double is refused with a reason."""
    refused_for_the_partners_cards(refs("double-bezique", SECOND_DOUBLE))


def test_scenario_50_the_partner_doubles_in_the_same_turn() -> None:
    """SC-50; EB9 (the second double, the beziques of both partners), S004 (both
    partners declare, the taker of the trick first): the winner declares a double from
    his hand and passes; his partner makes a second double on it with his own pair."""
    rules = either(partnership_declarer="both-in-turn")
    state = position(rules, hands={0: "QSa QSb JDa JDb", 2: "QSc JDc"})
    state = state.apply(listed(state, "double-bezique", "QS QS JD JD")).apply(PASS)
    after, events = state.step(listed(state, "double-bezique", SECOND_DOUBLE))
    assert events == (bz.ScoreEvent(2, 500, bz.ScoreSource.DECLARATION, "double-bezique"),)
    assert after.side_scores == (1000, 0)
    bz.check_state(after)


def test_scenario_50_the_new_pair_from_the_partners_table() -> None:
    """SC-50; EB9; interpretation 8: the new pair may come from the partner's table as
    the re-used pair does: the J♦ of his single bezique with the seat's own Q♠."""
    table = [*DOUBLE_ON_TABLE, ("bezique", "QSc JDc")]
    state = position(either(), table=table, hands={2: "QSd"}).apply(PASS)
    action = listed(state, "double-bezique", "QS QS[double-bezique] JD[bezique] JD[double-bezique]")
    after = state.apply(action)
    assert names(after.melds[-1].cards) == ["JDa", "JDc", "QSa", "QSd"]
    # Only the queen from the hand moves; the three others stay on the partner's table.
    assert after.table_masks[2] == mask("QSd")
    bz.check_state(after)


@pytest.mark.parametrize("combine", [True, False])
def test_scenario_51_a_triple_on_the_partners_double(combine: bool) -> None:
    """SC-51; EB9: a pair added to a double makes a triple bezique, and the beziques of
    both partners count together (``either-partner``): the seat's own Q♠ and J♦ on
    the partner's double. Listed, legal by ``why_illegal``, and applied."""
    state = on_partners_double(either(combine_with_partner_table=combine))
    action = listed(state, "triple-bezique", TRIPLE)
    assert state.why_illegal(action) == ()
    after, events = state.step(action)
    assert events == (bz.ScoreEvent(2, 1500, bz.ScoreSource.DECLARATION, "triple-bezique"),)
    assert names(after.melds[-1].cards) == ["JDa", "JDb", "JDc", "QSa", "QSb", "QSc"]
    # The partner's double stays on his table, the declarer's pair goes to his own.
    assert after.table_masks[0] == state.table_masks[0]
    assert after.table_masks[2] == mask("QSc", "JDc")
    bz.check_state(after)


def test_scenario_51_the_triple_is_the_partners_own_with_bic() -> None:
    """SC-51; BIC: a triple bezique counts only if all its cards come from one player:
    not listed, refused with a reason, never a crash."""
    refused_for_the_partners_cards(refs("triple-bezique", TRIPLE))


#: Every combination of the partnership knobs, with and without the second double
#: (EB9), the last tricks played together or in duels (EB9, EB11).
KNOB_COMBINATIONS = tuple(
    PARTNERSHIP.evolve(
        partnership_declarer=declarer,
        combine_with_partner_table=combine,
        partnership_bezique_source=source,
        second_double_bezique=second,
        end_phase=end,
    )
    for declarer in ("winner-or-passes", "either-partner", "both-in-turn")
    for combine in (True, False)
    for source in ("same-player", "either-partner")
    for second in (True, False)
    for end in ("together", "duels")
)


def check_beziques_across_tables(state: DealState) -> None:
    """Every double and triple bezique namable from the cards of the seat to declare
    and of its partner's table is listed exactly when ``why_illegal`` finds nothing
    against it; a listed one applies, any other is refused in the library's words."""
    window = state.window
    assert window is not None
    seat = window.seat
    cards = [*state.held(seat), *state.table((seat + 2) % 4)]
    named = {state.card_ref(card) for card in cards}
    queens = sorted((r for r in named if str(r.card) == "QS"), key=str)
    jacks = sorted((r for r in named if str(r.card) == "JD"), key=str)
    listed = set(state.legal_declarations())
    for kind, pairs in ((MeldKind.DOUBLE_BEZIQUE, 2), (MeldKind.TRIPLE_BEZIQUE, 3)):
        for qs in itertools.combinations_with_replacement(queens, pairs):
            for js in itertools.combinations_with_replacement(jacks, pairs):
                action = Declare(kind, (*qs, *js))
                reasons = state.why_illegal(action)
                assert (reasons == ()) is (action in listed), (str(action), reasons)
                if reasons:
                    with pytest.raises(IllegalActionError):
                        state.step(action)


@settings(PROPERTY_SETTINGS, max_examples=96)
@given(
    stacked_deals(st.sampled_from(KNOB_COMBINATIONS), ("QS", "JD")),
    st.randoms(use_true_random=False),
)
def test_every_listed_action_applies_over_random_partnership_deals(
    deal: DealState, rng: random.Random
) -> None:
    """Over random partnership deals of every knob combination, the queens of spades
    and jacks of diamonds dealt to one side so that its doubles and triples come up, at
    every step: each listed action is legal by ``why_illegal`` and applies, and
    nothing raises (the listing, the reasons and the transition read the same cards,
    the partner's table included where the rules open it, EB9, BIC)."""
    state = deal
    choose = chooser(rng, eager=True)
    while not state.is_over:
        actions = state.legal_actions()
        for action in actions:
            assert state.why_illegal(action) == (), str(action)
            state.step(action)
        if state.window is not None and not state.offers:
            check_beziques_across_tables(state)
        state = state.apply(choose(actions))
    bz.check_state(state)
