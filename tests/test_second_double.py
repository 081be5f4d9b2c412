"""Triple bezique and the second double bezique with three and four seats
(interpretations 8 and 9 of the three- and four-hand rules pages).

EB9 (three- and four-handed Bezique): triple bezique 1500 (as S000 law 1 with four or
six packs, ``classic-four-pack``), made of all six cards on the table together,
declared at once, or a double added to a single, or a pair added to a double; and
"a bezique already used in a double bezique may be used again in a second double
bezique with a new pair" (knob ``second_double_bezique``). Read: the second double
re-uses at most one Q♠ and one J♦, both of one earlier double, and no card is in more
than two doubles. The triple is above the double in the bezique class: its cards go
into no lower bezique (inferior order, FOS pp. 325-326), and a triple re-using
declared cards needs one from the hand (fresh card, FOS p.326).

Each position is checked for agreement: every double bezique that can be named from
the seat's cards is listed exactly when ``why_illegal`` finds nothing against it, and
each listed one applies and makes a double the rule allows.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import Meld, build, declare, declared, illegal, legal, meld
from strategies import PROPERTY_SETTINGS, Playout, check_legal_actions, check_rejected, playouts

import bezique as bz
from bezique import CardRef, DealState, Declare, MeldKind, Reason, Rules
from bezique.cards import card_id_name
from bezique.laws.declaring import second_double_allows, second_double_applies
from bezique.rules import variants

THREE_HAND = variants.THREE_HAND
FOUR_HAND = variants.FOUR_HAND
CLASSIC_FOUR_PACK = variants.CLASSIC_FOUR_PACK
#: Three seats without the second double: the same-kind rule of every other preset.
THREE_WITHOUT = THREE_HAND.evolve(name="three-without", second_double_bezique=False)
#: Four seats, nine cards each: room for six cards on the table and a pair in the hand.
FOUR_NINE = FOUR_HAND.evolve(name="four-nine", hand_size=9, packets=(3, 3, 3))
#: Four seats where a winner may make several declarations, one after the other.
FOUR_SEVERAL = FOUR_HAND.evolve(name="four-several", limit="several")

#: A stock size each preset can have with the winner's turn open (trick 10).
STOCK = {3: 45, 4: 60}

DOUBLE = "double-bezique"
SECOND = declare(DOUBLE, "QS QS[double-bezique] JD JD[double-bezique]")


def position(rules: Rules, table: Sequence[Meld] = (), hand: str = "") -> DealState:
    """Seat 0 has just won a stock trick, with ``table`` declared and ``hand`` concealed."""
    return build(rules, trump="H", stock_size=STOCK[rules.players], table=table, hand=hand)


def names(cards: Sequence[int]) -> list[str]:
    return sorted(card_id_name(c) for c in cards)


def doubles_of(state: DealState) -> dict[int, list[int]]:
    """For each card, the indices of the double beziques it lies in."""
    out: dict[int, list[int]] = {}
    for index, m in enumerate(state.melds):
        if m.kind is MeldKind.DOUBLE_BEZIQUE:
            for card in m.cards:
                out.setdefault(card, []).append(index)
    return out


def check_new_double(before: DealState, after: DealState) -> None:
    """The double just declared keeps interpretation 8 (or, without the knob, re-uses
    no card of a double)."""
    new = after.melds[-1]
    assert new.kind is MeldKind.DOUBLE_BEZIQUE
    earlier = doubles_of(before)
    reused = [c for c in new.cards if c in earlier]
    if not before.rules.declarations.second_double_bezique:
        assert not reused
        return
    faces = [bz.face_of(c) for c in reused]
    assert len(set(faces)) == len(faces), "two cards of one face re-used"
    assert all(len(earlier[c]) == 1 for c in reused), "a card goes into a third double"
    assert len({earlier[c][0] for c in reused}) <= 1, "cards of two doubles re-used"


def agree(state: DealState) -> set[Declare]:
    """Every double bezique namable from the seat's cards is listed exactly when it is
    legal; each listed one applies (:func:`check_new_double`). The listed doubles."""
    seat = 0
    refs = sorted({state.card_ref(c) for c in state.held(seat)}, key=str)
    queens = [r for r in refs if str(r.card) == "QS"]
    jacks = [r for r in refs if str(r.card) == "JD"]
    listed = set(state.legal_actions())
    assert set(state.legal_declarations()) <= listed
    doubles = set()
    for qs in itertools.combinations_with_replacement(queens, 2):
        for js in itertools.combinations_with_replacement(jacks, 2):
            action = Declare(MeldKind.DOUBLE_BEZIQUE, (*qs, *js))
            reasons = state.why_illegal(action)
            assert (reasons == ()) is (action in listed), (str(action), reasons)
            if action in listed:
                after, _ = state.step(action)
                check_new_double(state, after)
                doubles.add(action)
            else:
                with pytest.raises(bz.IllegalActionError):
                    state.step(action)
    assert doubles == {d for d in listed if isinstance(d, Declare) and d.kind.value == DOUBLE}
    for listed_action in state.legal_actions():
        assert state.why_illegal(listed_action) == ()
    return doubles


# -- triple bezique -------------------------------------------------------------------------


def test_triple_bezique_declared_at_once() -> None:
    """EB9: all six cards declared together; 1500 (S000 law 1, as ``classic-four-pack``)."""
    state = position(THREE_HAND, hand="QS QS QS JD JD JD")
    assert THREE_HAND.meld_value(MeldKind.TRIPLE_BEZIQUE) == 1500
    assert CLASSIC_FOUR_PACK.meld_value(MeldKind.TRIPLE_BEZIQUE) == 1500
    triple = declare("triple-bezique", "QS QS QS JD JD JD")
    after = legal(state, triple, (declared(0, 1500, "triple-bezique"),))
    assert names(after.melds[-1].cards) == ["JDa", "JDb", "JDc", "QSa", "QSb", "QSc"]
    agree(state)


def test_a_double_added_to_a_single_makes_a_triple() -> None:
    """EB9: a double bezique added to a declared bezique (its pair and two new pairs)."""
    state = position(THREE_HAND, [meld("bezique", "QSa JDa")], "QS QS JD JD")
    triple = declare("triple-bezique", "QS QS QS[bezique] JD JD JD[bezique]")
    legal(state, triple, (declared(0, 1500, "triple-bezique"),))
    agree(state)


def test_a_pair_added_to_a_double_makes_a_triple() -> None:
    """EB9: a pair added to a declared double bezique."""
    state = position(THREE_HAND, [meld(DOUBLE, "QSa QSb JDa JDb")], "QS JD")
    triple = declare(
        "triple-bezique",
        "QS QS[double-bezique] QS[double-bezique] JD JD[double-bezique] JD[double-bezique]",
    )
    after = legal(state, triple, (declared(0, 1500, "triple-bezique"),))
    assert names(after.melds[-1].cards) == ["JDa", "JDb", "JDc", "QSa", "QSb", "QSc"]
    agree(state)


def test_a_triples_cards_go_into_no_later_double_or_single() -> None:
    """Interpretation 9; FOS pp. 325-326 (inferior order): the triple is above the
    double and the single, so none of its cards may go into them, even with a pair
    from the hand (four packs)."""
    triple = meld("triple-bezique", "QSa QSb QSc JDa JDb JDc")
    state = position(FOUR_NINE, [triple], "QS JD")
    later_double = declare(DOUBLE, "QS QS[triple-bezique] JD JD[triple-bezique]")
    illegal(state, later_double, Reason.INFERIOR_ORDER)
    illegal(state, declare("bezique", "QS[triple-bezique] JD"), Reason.INFERIOR_ORDER)
    beziques = {d for d in state.legal_declarations() if d.kind.meld_class is bz.MeldClass.BEZIQUES}
    assert beziques == {declare("bezique", "QS JD")}
    agree(state)
    # Three packs: the triple's cards alone; nothing from the hand either.
    state = position(THREE_HAND, [triple])
    alone = declare(
        DOUBLE, "QS[triple-bezique] QS[triple-bezique] JD[triple-bezique] JD[triple-bezique]"
    )
    illegal(state, alone, Reason.INFERIOR_ORDER, Reason.NO_FRESH_CARD)


def test_a_triple_of_declared_cards_needs_one_from_the_hand() -> None:
    """Interpretation 9; FOS p.326 (fresh card): a double and a single on the table do
    not make a triple by themselves."""
    table = [meld(DOUBLE, "QSa QSb JDa JDb"), meld("bezique", "QSc JDc")]
    state = position(THREE_HAND, table)
    triple = declare(
        "triple-bezique",
        "QS[bezique] QS[double-bezique] QS[double-bezique] "
        "JD[bezique] JD[double-bezique] JD[double-bezique]",
    )
    illegal(state, triple, Reason.NO_FRESH_CARD)
    assert not any(d.kind is MeldKind.TRIPLE_BEZIQUE for d in state.legal_declarations())


# -- the second double bezique ---------------------------------------------------------------


def test_second_double_with_a_new_pair() -> None:
    """EB9: a bezique already in a double may make a second double with a new pair;
    500 again. The re-used Q♠ and J♦ come from the double, the new pair from the hand."""
    state = position(THREE_HAND, [meld(DOUBLE, "QSa QSb JDa JDb")], "QS JD")
    assert SECOND in agree(state)
    after = legal(state, SECOND, (declared(0, 500, DOUBLE),))
    new = after.melds[-1].cards
    assert names(new) == ["JDa", "JDc", "QSa", "QSc"]
    assert after.scores == (1000, 0, 0)


@pytest.mark.parametrize("rules", [THREE_WITHOUT, CLASSIC_FOUR_PACK])
def test_no_second_double_without_the_knob(rules: Rules) -> None:
    """The same-kind rule (S000, FOS): without ``second_double_bezique`` (two-hand and
    every other preset) no card of a double goes into another double."""
    state = build(
        rules,
        trump="H",
        stock_size=STOCK.get(rules.players, 20),
        table=[meld(DOUBLE, "QSa QSb JDa JDb")],
        hand="QS JD",
    )
    illegal(state, SECOND, Reason.SAME_KIND_REUSED)
    assert agree(state) == set()


def test_the_second_double_re_uses_one_queen_of_spades_at_most() -> None:
    """Interpretation 8: a bezique of the double (one Q♠, one J♦), not two queens of
    spades of it with two new jacks of diamonds."""
    state = position(FOUR_HAND, [meld(DOUBLE, "QSa QSb JDa JDb")], "QS JD JD")
    two_queens = declare(DOUBLE, "QS[double-bezique] QS[double-bezique] JD JD")
    illegal(state, two_queens, Reason.SAME_KIND_REUSED)
    # One queen of the double and nothing else of it: that is allowed ("at most").
    one_queen = declare(DOUBLE, "QS QS[double-bezique] JD JD")
    assert agree(state) == {SECOND, one_queen}


def test_the_second_double_re_uses_a_bezique_of_one_double() -> None:
    """Interpretation 8: the re-used Q♠ and J♦ must lie in one earlier double together.
    Here each queen and jack told apart by its history lies in a different double
    (a single bezique marks QSb and JDc), or in two doubles already (QSa, JDa)."""
    table = [
        meld("bezique", "QSb JDc"),
        meld(DOUBLE, "QSa QSb JDa JDb"),
        meld(DOUBLE, "QSa QSc JDa JDc"),
    ]
    state = position(FOUR_NINE, table, "QS JD")
    # QSb lies in the first double only, JDc in the second only.
    crossed = declare(DOUBLE, "QS QS[bezique,double-bezique] JD JD[bezique,double-bezique]")
    illegal(state, crossed, Reason.SAME_KIND_REUSED)
    # QS[double-bezique] is QSa (two doubles) or QSc (second); JD[double-bezique] is
    # JDa (two doubles) or JDb (first): no pair of one double.
    illegal(state, SECOND, Reason.SAME_KIND_REUSED)
    first = declare(DOUBLE, "QS QS[bezique,double-bezique] JD JD[double-bezique]")
    second = declare(DOUBLE, "QS QS[double-bezique] JD JD[bezique,double-bezique]")
    assert agree(state) == {first, second}
    after = legal(state, first, (declared(0, 500, DOUBLE),))
    assert names(after.melds[-1].cards) == ["JDb", "JDd", "QSb", "QSd"]
    after = legal(state, second, (declared(0, 500, DOUBLE),))
    assert names(after.melds[-1].cards) == ["JDc", "JDd", "QSc", "QSd"]


def test_a_card_in_two_doubles_goes_into_no_third() -> None:
    """Interpretation 8: each card in at most two doubles. QSb and JDb (also marked by
    a single bezique) are in both doubles; QSa and JDa in the first only."""
    table = [
        meld("bezique", "QSb JDb"),
        meld(DOUBLE, "QSa QSb JDa JDb"),
        meld(DOUBLE, "QSb QSc JDb JDc"),
    ]
    state = position(FOUR_NINE, table, "QS JD")
    third = declare(DOUBLE, "QS QS[bezique,double-bezique] JD JD[bezique,double-bezique]")
    illegal(state, third, Reason.SAME_KIND_REUSED)
    assert agree(state) == {SECOND}
    after = legal(state, SECOND, (declared(0, 500, DOUBLE),))
    # QSa with JDa (the first double) or QSc with JDc (the second): the lower.
    assert names(after.melds[-1].cards) == ["JDa", "JDd", "QSa", "QSd"]


def test_alike_cards_the_engine_re_uses_the_one_in_fewer_doubles() -> None:
    """QSa and JDa lie in two doubles, QSb, JDb, QSc, JDc in one: all six have the same
    history, so a reference cannot tell them apart. The engine picks a pair of one
    double, never a card already in two (QSa is the lowest, yet not chosen)."""
    table = [meld(DOUBLE, "QSa QSb JDa JDb"), meld(DOUBLE, "QSa QSc JDa JDc")]
    state = position(FOUR_NINE, table, "QS JD")
    assert agree(state) == {SECOND}
    after = legal(state, SECOND, (declared(0, 500, DOUBLE),))
    assert names(after.melds[-1].cards) == ["JDb", "JDd", "QSb", "QSd"]


def test_alike_cards_the_engine_plays_and_melds_the_one_in_more_doubles() -> None:
    """The other way round: the alike card played, or put into a triple (after which it
    goes into no double), is the one in two doubles (QSc, JDc), not the lowest (QSa,
    JDa, in one): the seat keeps the cards that may still make a second double."""
    table = [meld(DOUBLE, "QSa QSc JDa JDc"), meld(DOUBLE, "QSb QSc JDb JDc")]
    state = position(FOUR_NINE, table, "QS JD")
    assert {str(state.card_ref(c)) for c in state.table(0)} == {
        "QS[double-bezique]",
        "JD[double-bezique]",
    }
    triple = declare(
        "triple-bezique",
        "QS QS[double-bezique] QS[double-bezique] JD JD[double-bezique] JD[double-bezique]",
    )
    after = legal(state, triple, (declared(0, 1500, "triple-bezique"),))
    assert names(after.melds[-1].cards) == ["JDa", "JDc", "JDd", "QSa", "QSc", "QSd"]
    # QSb and JDb, in the second double only, may still make a double with a new pair.
    lead = build(FOUR_NINE, trump="H", stock_size=STOCK[4], table=table, hand="QS JD", window=False)
    played, _ = lead.step(bz.Play(CardRef.parse("QS[double-bezique]")))
    assert names(played.trick) == ["QSc"]


def test_second_and_third_doubles_made_by_the_engine() -> None:
    """A double from the hand, then a second double on it (EB9), declared one after the
    other (rules allowing several declarations a trick): the engine's own melds record
    which cards are in which double, and a third double from the table alone is
    refused for want of a fresh pair."""
    state = position(FOUR_SEVERAL, hand="QS QS QS JD JD JD")
    state = legal(state, declare(DOUBLE, "QS QS JD JD"), (declared(0, 500, DOUBLE),))
    assert SECOND in agree(state)
    state = legal(state, SECOND, (declared(0, 500, DOUBLE),))
    assert names(state.melds[-1].cards) == ["JDa", "JDc", "QSa", "QSc"]
    # QSa and JDa are in both doubles now; QSb, JDb in the first, QSc, JDc in the second.
    assert {card_id_name(c): len(d) for c, d in doubles_of(state).items()} == {
        "QSa": 2,
        "JDa": 2,
        "QSb": 1,
        "JDb": 1,
        "QSc": 1,
        "JDc": 1,
    }
    table_only = declare(
        DOUBLE,
        "QS[double-bezique] QS[double-bezique] JD[double-bezique] JD[double-bezique]",
    )
    illegal(state, table_only, Reason.SAME_KIND_REUSED, Reason.NO_FRESH_CARD)
    assert agree(state) == set()


def test_the_exchanged_card_is_not_the_new_pair() -> None:
    """S000 law 8: the card gained by exchanging the seven waits for the next trick,
    also as the new pair of a second double."""
    state = build(
        THREE_HAND,
        trump="D",
        stock_size=STOCK[3],
        table=[meld(DOUBLE, "QSa QSb JDa JDb")],
        hand="QS 7D",
        turn_up="JDc",
    )
    state = legal(state, bz.Exchange(), (bz.ScoreEvent(0, 10, bz.ScoreSource.EXCHANGE, "JD"),))
    illegal(state, SECOND, Reason.USES_EXCHANGED_CARD)
    assert agree(state) == set()


# -- the law itself -------------------------------------------------------------------------

QS, JD = bz.Card.parse("QS").index, bz.Card.parse("JD").index


@pytest.mark.parametrize(
    ("reused", "allowed"),
    [
        ([], True),
        ([(QS, [0]), (JD, [0])], True),  # a bezique of one double (EB9)
        ([(QS, [0])], True),  # at most one of each face
        ([(QS, [0]), (QS, [0])], False),  # two queens of spades
        ([(QS, [0]), (JD, [1])], False),  # of two doubles
        ([(QS, [0, 1]), (JD, [0])], False),  # a card in two doubles already
        ([(QS, []), (JD, [0])], False),  # a card in no recorded double
    ],
)
def test_second_double_allows(reused: list[tuple[int, list[int]]], allowed: bool) -> None:
    """Interpretation 8, as :func:`second_double_allows` states it."""
    assert second_double_allows(reused) is allowed


def test_second_double_applies_only_to_same_kind_re_use_of_a_double() -> None:
    same = [Reason.SAME_KIND_REUSED]
    assert second_double_applies(THREE_HAND, MeldKind.DOUBLE_BEZIQUE, same)
    assert not second_double_applies(THREE_WITHOUT, MeldKind.DOUBLE_BEZIQUE, same)
    assert not second_double_applies(THREE_HAND, MeldKind.BEZIQUE, same)
    assert not second_double_applies(
        THREE_HAND, MeldKind.DOUBLE_BEZIQUE, [*same, Reason.NO_FRESH_CARD]
    )


# -- random deals of the three- and four-seat presets ---------------------------------------


@settings(PROPERTY_SETTINGS, max_examples=15)
@given(playouts(st.sampled_from([THREE_HAND, FOUR_HAND]), max_steps=150))
def test_listed_actions_are_exactly_those_accepted(playout: Playout) -> None:
    """Over random deals of ``three-hand`` and ``four-hand``: the listed actions are
    legal and apply; anything else tried is refused with reasons."""
    state = playout.final
    legal_now = check_legal_actions(state)
    seat = state.current_player if state.current_player is not None else 0
    refs = {state.card_ref(c) for c in state.held(seat)}
    tried: list[bz.Action] = [bz.Play(r) for r in refs]
    tried += [bz.Play(CardRef(f)) for f in bz.cards.FACES]
    tried += [bz.Draw(), bz.Pass(), bz.Exchange()]
    for action in tried:
        check_rejected(state, action, legal_now)
