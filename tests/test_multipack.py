"""The multi-pack family: scenarios SC-36 to SC-46 (docs/scenarios.md), the Rubicon halves of
scenarios 5 and 33, and random playouts of every multi-pack preset.

Each scenario test names its number and its sources, and asserts the exact
reasons an action is refused (``why_illegal``), the exact points a legal one
scores (its score events), and what ``legal_declarations`` lists. Where a
scenario states the outcome under several rule options, each option is tested.
The presets are those of the multi-pack rules pages: ``RUBICON`` (four packs),
``SIX_PACK`` (Chinese), ``EIGHT_PACK``, and the two-hand game with four or six
packs (``CLASSIC_FOUR_PACK``, ``CLASSIC_SIX_PACK``, S000 law 1).

Not here: scenario 47 (Marjolet), a game the engine does not have yet.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from positions import (
    Meld,
    assert_honest,
    build,
    deal_deck,
    declare,
    declared,
    draw,
    faces,
    final_trick,
    illegal,
    legal,
    meld,
    play,
    play_trick,
    win_trick,
)

import bezique as bz
from bezique import (
    BeziqueError,
    Card,
    CardRef,
    DealState,
    Declare,
    Exchange,
    MeldKind,
    Pass,
    Phase,
    Play,
    Reason,
    Rules,
    ScoreEvent,
    ScoreSource,
    ShowCarteBlanche,
    Suit,
    variants,
)
from bezique.cards import card_id_name
from bezique.laws.scoring import all_brisque_points, deal_game_scores
from bezique.state import initial_events

RUBICON = variants.RUBICON
SIX_PACK = variants.SIX_PACK
EIGHT_PACK = variants.EIGHT_PACK
CLASSIC_FOUR_PACK = variants.CLASSIC_FOUR_PACK
CLASSIC_SIX_PACK = variants.CLASSIC_SIX_PACK
#: Rubicon under BIC's trump rule: only a marriage fixes trumps.
BIC_TRUMPS = RUBICON.evolve(selection="first-marriage")
WKC_REPAIR = RUBICON.evolve(marriage_rearrangement="repair-after-play")
S003_SWAP = RUBICON.evolve(marriage_rearrangement="swap-without-play")


def shown(seat: int, points: int) -> ScoreEvent:
    return ScoreEvent(seat, points, ScoreSource.CARTE_BLANCHE, "")


def refs(state: DealState, seat: int = 0) -> list[str]:
    """The text of each card on a seat's table, with its history and broken melds."""
    return sorted(str(state.card_ref(c)) for c in state.table(seat))


# -- 36: trumps fixed by the first marriage (or sequence) ------------------------------------------


@pytest.mark.parametrize("rules", [RUBICON, BIC_TRUMPS], ids=["rubicon", "bic"])
def test_scenario_36_the_first_marriage_fixes_trumps_in_any_suit(rules: Rules) -> None:
    """SC-36; FOS p.334, WKC, BIC: with no trumps yet, a king and
    queen of any suit are a royal marriage (+40) and their suit becomes trumps; no
    common marriage exists before then. Once clubs are trumps, the hearts marriage
    is a common one (+20) and no longer royal."""
    state = build(rules, trump=None, hand="KC QC KH QH AS", other_hand="7D 8D", stock="9D 9D 7C 7C")
    assert state.trump is None
    clubs = declare("royal-marriage", "KC QC")
    hearts = declare("royal-marriage", "KH QH")
    assert set(state.legal_declarations()) == {clubs, hearts}
    illegal(state, declare("common-marriage", "KC QC"), Reason.NOT_A_MELD)
    illegal(state, declare("common-marriage", "KH QH"), Reason.NOT_A_MELD)
    after = legal(state, clubs, (declared(0, 40, "royal-marriage"),))
    assert after.trump is Suit.CLUBS
    after = win_trick(after, "AS", "7D")
    assert after.trump is Suit.CLUBS
    common = declare("common-marriage", "KH QH")
    assert after.legal_declarations() == (common,)
    illegal(after, hearts, Reason.NOT_A_MELD)
    legal(after, common, (declared(0, 20, "common-marriage"),))


def test_scenario_36_a_sequence_before_any_marriage_fixes_trumps() -> None:
    """SC-36; HGM, WKC, PAR (the first marriage or sequence): a
    sequence declared before any marriage fixes trumps and scores 250. A plain
    sequence does not exist before trumps ([derived] from HGM, WKC, PAR). The clubs marriage
    is then a common one."""
    state = build(
        RUBICON,
        trump=None,
        hand="AH TH KH QH JH KC QC",
        other_hand="7D 8D",
        stock="9D 9D",
    )
    sequence = declare("trump-sequence", "AH TH KH QH JH")
    assert set(state.legal_declarations()) == {
        sequence,
        declare("royal-marriage", "KH QH"),
        declare("royal-marriage", "KC QC"),
    }
    illegal(state, declare("plain-sequence", "AH TH KH QH JH"), Reason.NOT_A_MELD)
    after = legal(state, sequence, (declared(0, 250, "trump-sequence"),))
    assert after.trump is Suit.HEARTS
    after = win_trick(after, "AH[trump-sequence]", "7D")
    common = declare("common-marriage", "KC QC")
    assert after.legal_declarations() == (common,)
    illegal(after, declare("royal-marriage", "KC QC"), Reason.NOT_A_MELD)
    legal(after, common, (declared(0, 20, "common-marriage"),))


def test_scenario_36_under_bic_a_sequence_does_not_fix_trumps() -> None:
    """SC-36; BIC names only the first marriage declared: under
    ``first-marriage`` no sequence may be declared before trumps are fixed, and the
    marriage in the sequence's suit still fixes them (+40)."""
    state = build(BIC_TRUMPS, trump=None, hand="AH TH KH QH JH KC QC")
    assert set(state.legal_declarations()) == {
        declare("royal-marriage", "KH QH"),
        declare("royal-marriage", "KC QC"),
    }
    illegal(state, declare("trump-sequence", "AH TH KH QH JH"), Reason.NOT_A_MELD)
    illegal(state, declare("plain-sequence", "AH TH KH QH JH"), Reason.NOT_A_MELD)
    after = legal(state, declare("royal-marriage", "KH QH"), (declared(0, 40, "royal-marriage"),))
    assert after.trump is Suit.HEARTS


def test_scenario_36_nothing_trump_before_trumps() -> None:
    """SC-36 and the multi-pack rules pages (no card is a trump before trumps are fixed):
    no trump quartet and no seven of trumps exist yet; the bezique (Q♠ J♦) and a
    four of a kind need no trumps. Six packs (PAR, S003, CMC: four trump aces 1000)."""
    state = build(SIX_PACK, trump=None, hand="AS AS AS AS QS JD 7S")
    assert set(state.legal_declarations()) == {
        declare("bezique", "QS JD"),
        declare("four-aces", "AS AS AS AS"),
    }
    illegal(state, declare("four-trump-aces", "AS AS AS AS"), Reason.NOT_A_MELD)
    illegal(state, declare("seven-of-trumps", "7S"), Reason.KIND_NOT_IN_VARIANT, Reason.NOT_A_MELD)


def test_trick_play_before_trumps_follows_the_suit_led() -> None:
    """FOS p.334, WKC: with no trump suit yet, only a higher card of the suit led wins."""
    state = build(RUBICON, trump=None, window=False, hand="9H", other_hand="AC 7D")
    after, events = play_trick(state, "9H", "AC")
    assert events == ()
    assert after.window is not None
    assert after.window.seat == 0


# -- 5 and 37-38: re-forming a meld after one of its cards is played -------------------------------


def test_scenario_05_rubicon_half_four_kings_are_re_formed() -> None:
    """SC-5 (Rubicon half); WKC, BIC, S003 item 7: a king of a declared four
    kings is played to a trick; a new king from the hand makes four kings again, +80.
    The kings left on the table show the broken meld (``[four-kings*]``)."""
    state = build(
        RUBICON,
        trump="H",
        table=[meld("four-kings", "KH KS KD KCa")],
        other_hand="7C 8C 9C 7D 8D 9D 7S",
        stock="KCb 8S",
    )
    after = win_trick(state, "KH[four-kings]", "7C")
    assert refs(after) == ["KC[four-kings*]", "KD[four-kings*]", "KS[four-kings*]"]
    assert [after.broken[c] for c in after.table(0)] == [MeldKind.FOUR_KINGS.bit] * 3
    four = declare("four-kings", "KS[four-kings*] KD[four-kings*] KC[four-kings*] KC")
    assert after.legal_declarations() == (four,)
    text = "declare four-kings KS[four-kings*] KD[four-kings*] KC[four-kings*] KC"
    assert bz.parse_action(after, text) == four
    after = legal(after, four, (declared(0, 80, "four-kings"),))
    assert refs(after) == ["KC[four-kings]", "KC[four-kings]", "KD[four-kings]", "KS[four-kings]"]
    assert after.scores == (160, 0)


def _played_sequence_king(rules: Rules, hand: str = "", also: Sequence[Meld] = ()) -> DealState:
    """Trumps H, a declared trump sequence (and the melds ``also``); its KH is led
    and wins a trick."""
    table = [meld("trump-sequence", "AHa THa KHa QHa JHa"), *also]
    state = build(rules, trump="H", table=table, hand=hand, other_hand="7S", window=False)
    after, events = play_trick(state, "KH[trump-sequence]", "7S")
    assert events == ()
    assert after.window is not None
    assert after.window.seat == 0
    return after


def test_scenario_37_a_sequence_is_re_formed() -> None:
    """SC-37; S003 item 7 (and WKC, BIC): the king of a declared trump sequence is
    played to a trick; the KHb from the hand makes the sequence again, +250."""
    state = _played_sequence_king(RUBICON, hand="KHb")
    assert refs(state) == [
        "AH[trump-sequence*]",
        "JH[trump-sequence*]",
        "QH[trump-sequence*]",
        "TH[trump-sequence*]",
    ]
    sequence = declare(
        "trump-sequence",
        "AH[trump-sequence*] TH[trump-sequence*] KH QH[trump-sequence*] JH[trump-sequence*]",
    )
    assert state.legal_declarations() == (sequence,)
    # A broken card named as whole (or a whole one as broken) is not held.
    illegal(
        state,
        declare(
            "trump-sequence",
            "AH[trump-sequence] TH[trump-sequence*] KH QH[trump-sequence*] JH[trump-sequence*]",
        ),
        Reason.CARD_NOT_HELD,
        Reason.SAME_KIND_REUSED,
    )
    after = legal(state, sequence, (declared(0, 250, "trump-sequence"),))
    assert after.scores == (500, 0)
    assert [m.kind for m in after.melds] == [MeldKind.TRUMP_SEQUENCE] * 2


def test_scenario_37_re_forming_needs_a_card_played() -> None:
    """WKC, BIC, S003: nothing played, the sequence is whole: a second KH
    from the hand may not stand in for its king (same kind re-used)."""
    state = build(RUBICON, trump="H", table=[meld("trump-sequence", "AH TH KH QH JH")], hand="KH")
    illegal(
        state,
        declare(
            "trump-sequence",
            "AH[trump-sequence] TH[trump-sequence] KH QH[trump-sequence] JH[trump-sequence]",
        ),
        Reason.SAME_KIND_REUSED,
    )
    assert state.legal_declarations() == ()


def test_scenario_37_re_forming_needs_a_card_from_the_hand() -> None:
    """the multi-pack rules pages (re-formed by adding a like card from the hand), FOS p.326
    fresh-card rule: the KH of a declared four kings, already on the table, may not
    complete the broken sequence: no card comes from the hand."""
    state = _played_sequence_king(RUBICON, also=[meld("four-kings", "KHb KS KD KC")])
    illegal(
        state,
        declare(
            "trump-sequence",
            "AH[trump-sequence*] TH[trump-sequence*] KH[four-kings] "
            "QH[trump-sequence*] JH[trump-sequence*]",
        ),
        Reason.NO_FRESH_CARD,
    )
    assert state.legal_declarations() == ()


def test_scenario_37_two_hand_four_packs_do_not_re_form() -> None:
    """SC-5 two-hand half; S000 law 1 (two-hand rules with four packs),
    FOS p.325: the same position in ``CLASSIC_FOUR_PACK`` is a same-kind re-use, and
    its cards carry no broken melds."""
    state = _played_sequence_king(CLASSIC_FOUR_PACK, hand="KHb")
    assert refs(state) == [
        "AH[trump-sequence]",
        "JH[trump-sequence]",
        "QH[trump-sequence]",
        "TH[trump-sequence]",
    ]
    illegal(
        state,
        declare(
            "trump-sequence",
            "AH[trump-sequence] TH[trump-sequence] KH QH[trump-sequence] JH[trump-sequence]",
        ),
        Reason.SAME_KIND_REUSED,
    )
    assert state.legal_declarations() == ()


def _played_queen(rules: Rules) -> DealState:
    """Trumps C, four queens declared; the QD is played and the trick won; QDb drawn."""
    state = build(
        rules,
        trump="C",
        table=[meld("four-queens", "QS QH QDa QC")],
        other_hand="7D 8D 9D 7H 8H 9H 7S",
        stock="QDb 8S",
    )
    return win_trick(state, "QD[four-queens]", "7D")


def test_scenario_38_four_queens_are_re_formed() -> None:
    """SC-38; WKC (four queens score again after one is played and another added):
    +60 again."""
    state = _played_queen(RUBICON)
    assert "QD" in faces(state.hand(0))
    four = declare("four-queens", "QS[four-queens*] QH[four-queens*] QD QC[four-queens*]")
    assert state.legal_declarations() == (four,)
    illegal(
        state,
        declare("four-queens", "QS[four-queens] QH[four-queens] QD QC[four-queens]"),
        Reason.CARD_NOT_HELD,
        Reason.SAME_KIND_REUSED,
    )
    legal(state, four, (declared(0, 60, "four-queens"),))


@pytest.mark.parametrize(
    "rules", [variants.CLASSIC, CLASSIC_FOUR_PACK, CLASSIC_SIX_PACK], ids=lambda r: r.name
)
def test_scenario_38_classic_is_same_kind_reused(rules: Rules) -> None:
    """SC-5 two-hand half; FOS p.325, MAS: two-hand rules do not re-form, whatever
    the number of packs (S000 law 1)."""
    state = _played_queen(rules)
    illegal(
        state,
        declare("four-queens", "QS[four-queens] QH[four-queens] QD QC[four-queens]"),
        Reason.SAME_KIND_REUSED,
    )
    assert state.legal_declarations() == ()


def test_playing_the_broken_copy_plays_that_copy() -> None:
    """WKC, BIC, S003: of two queens of hearts declared in four queens, one whose meld is
    broken (``QH[four-queens*]``) and one whose meld is whole, the action names the
    broken one, and that is the card played: the whole meld stays whole."""
    state = build(
        RUBICON,
        trump="C",
        table=[meld("four-queens", "QSa QHa QDb QCa"), meld("four-queens", "QSb QHb QDa QCb")],
        other_hand="7D 8D",
        window=False,
    )
    state, _ = play_trick(state, "QD[four-queens]", "7D")
    assert refs(state).count("QH[four-queens*]") == 1
    broken_queen = next(c for c in state.table(0) if str(state.card_ref(c)) == "QH[four-queens*]")
    state = draw(state)
    lead = Play(CardRef.parse("QH[four-queens*]"))
    assert str(lead) == "play QH[four-queens*]"
    after = state.apply("play QH[four-queens*]")
    assert after.trick == (broken_queen,)
    assert card_id_name(broken_queen) == "QHb"
    assert refs(after).count("QH[four-queens]") == 1
    assert "QH[four-queens*]" not in refs(after)


# -- 50: the remnants of two broken melds ----------------------------------------------------------

#: Rubicon: seat 0 declared four kings twice (@1, @3) and has played two kings of
#: each (KHa and KSa of the first, KDb and KCb of the second): on its table lie the
#: first meld's KDa KCa and the second's KHb KSb, all broken for four kings.
_TWO_BROKEN_FOURS = (
    "rules: rubicon; dealer: 1; tricks: 00000; trumps: -; stock: ?; "
    "hands: {hand} / 7H 8H 9H 7H 8H 9H JS JS; "
    "tables: KDa[four-kings*] KCa[four-kings*] KHb[four-kings*] KSb[four-kings*] / -; "
    "won: 7Da 8Da KHa 7Ca KSa 8Ca KDb 9Ca KCb 7Db / -; window: 0; "
    "melds: 0 four-kings KHa KSa KDa KCa @1, 0 four-kings KHb KSb KDb KCb @3; "
    "scores: 160/0"
)


def _two_broken_fours(hand: str) -> DealState:
    return bz.parse_position(_TWO_BROKEN_FOURS.format(hand=hand), seed=1)


def test_scenario_52_remnants_of_two_broken_melds_do_not_combine() -> None:
    """SC-52; S003 item 7 ("move a card out of that meld ... then re-create that meld
    with a replacement card"): the kings re-used all come from one broken four
    kings. Two kings left of each of two broken melds and one king from the hand
    make no four kings, whichever kings of the table are taken."""
    state = _two_broken_fours("KHc 7S 8S 9S")
    assert state.legal_declarations() == ()
    for table_kings in (
        "KD[four-kings*] KC[four-kings*] KH[four-kings*]",
        "KD[four-kings*] KS[four-kings*] KH[four-kings*]",
        "KC[four-kings*] KH[four-kings*] KS[four-kings*]",
    ):
        mixed = bz.parse_action(state, f"declare four-kings {table_kings} KH")
        illegal(state, mixed, Reason.SAME_KIND_REUSED)


def test_scenario_52_one_broken_meld_and_the_hand_re_form_it() -> None:
    """SC-52; S003 item 7, WKC, BIC: the two kings left of one broken meld with two
    kings from the hand re-form four kings (+80); each meld's kings are one choice,
    and the kings taken are that meld's, so the other meld's stay broken."""
    state = _two_broken_fours("KHc KSc 8S 9S")
    first = bz.parse_action(state, "declare four-kings KH KS KD[four-kings*] KC[four-kings*]")
    second = bz.parse_action(state, "declare four-kings KH[four-kings*] KH KS KS[four-kings*]")
    assert set(state.legal_declarations()) == {first, second}
    after = legal(state, second, (declared(0, 80, "four-kings"),))
    assert sorted(card_id_name(c) for c in after.melds[-1].cards) == ["KHb", "KHc", "KSb", "KSc"]
    assert refs(after) == [
        "KC[four-kings*]",
        "KD[four-kings*]",
        "KH[four-kings]",
        "KH[four-kings]",
        "KS[four-kings]",
        "KS[four-kings]",
    ]


def test_scenario_52_the_engine_takes_alike_cards_from_the_meld_that_re_forms() -> None:
    """SC-52; S003 item 7: alike kings of two broken melds (a king of diamonds and of
    clubs left of each) are one choice in the action; the engine takes those of the
    meld the other re-used king belongs to, not the lowest copies."""
    state = build(
        RUBICON,
        trump="H",
        table=[meld("four-kings", "KHa KSa KDa KCa"), meld("four-kings", "KHb KSb KDb KCb")],
        other_hand="7C 8C 9C 7D 8D 9D 7S",
        stock="KHc 8S 7H 8H",
    )
    # The first meld loses KSa, the second KHb.
    state = win_trick(state, "KS[four-kings]@1", "7C")
    state = win_trick(state, "KH[four-kings]@2", "8C")
    assert "KH" in faces(state.hand(0))
    four = bz.parse_action(
        state, "declare four-kings KS[four-kings*] KH KD[four-kings*] KC[four-kings*]"
    )
    assert four in state.legal_declarations()
    after = legal(state, four, (declared(0, 80, "four-kings"),))
    assert sorted(card_id_name(c) for c in after.melds[-1].cards) == ["KCb", "KDb", "KHc", "KSb"]
    assert refs(after).count("KD[four-kings*]") == 1


# -- 39-40: marriage re-pairing --------------------------------------------------------------------


TWO_HEART_MARRIAGES = [meld("common-marriage", "KHa QHa"), meld("common-marriage", "KHb QHb")]


def _played_heart_queen(rules: Rules, hand: str = "") -> DealState:
    """Trumps S; two declared heart marriages; QHa played to a trick that seat 0 wins."""
    state = build(
        rules, trump="S", table=TWO_HEART_MARRIAGES, hand=hand, other_hand="7C", window=False
    )
    after, _ = play_trick(state, "QH[common-marriage]", "7C")
    assert card_id_name(after.tricks[-1].cards[0]) == "QHa"
    assert after.window is not None
    return after


def test_scenario_39_wkc_re_pairs_a_lone_king() -> None:
    """SC-39; WKC: after QHa is played, QHb is moved beside the lone KHa and the
    two are declared a marriage with no card from the hand, +20. KHb, whose queen
    was taken, is left lone (``[common-marriage*]``)."""
    state = _played_heart_queen(WKC_REPAIR)
    assert refs(state) == ["KH[common-marriage*]", "KH[common-marriage]", "QH[common-marriage]"]
    repair = declare("common-marriage", "KH[common-marriage*] QH[common-marriage]")
    assert state.legal_declarations() == (repair,)
    illegal(
        state,
        declare("common-marriage", "KH[common-marriage] QH[common-marriage]"),
        Reason.SAME_KIND_REUSED,
        Reason.NO_FRESH_CARD,
    )
    after = legal(state, repair, (declared(0, 20, "common-marriage"),))
    assert refs(after) == ["KH[common-marriage*]", "KH[common-marriage]", "QH[common-marriage]"]
    assert [card_id_name(c) for c in after.melds[-1].cards] == ["KHa", "QHb"]
    khb = Card.parse("KH").index + 32
    assert str(after.card_ref(khb)) == "KH[common-marriage*]"


@pytest.mark.parametrize(
    "rules", [RUBICON, CLASSIC_FOUR_PACK], ids=["rubicon-no-re-pairing", "two-hand"]
)
def test_scenario_39_without_re_pairing_is_refused(rules: Rules) -> None:
    """SC-39; S000, S001, S003, FOS, MAS (two-hand) and the Rubicon default (the
    multi-pack rules pages: re-pairing off): the same move re-uses a married queen with
    no card from the hand."""
    state = _played_heart_queen(rules)
    lone = "KH[common-marriage*]" if rules is RUBICON else "KH[common-marriage]"
    illegal(
        state,
        declare("common-marriage", f"{lone} QH[common-marriage]"),
        Reason.SAME_KIND_REUSED,
        Reason.NO_FRESH_CARD,
    )
    assert state.legal_declarations() == ()


def test_scenario_39_rubicon_re_forms_the_marriage_with_a_hand_queen() -> None:
    """Re-forming (WKC, BIC, S003), not re-pairing: in ``RUBICON`` the lone
    KHa marries a queen from the hand, +20."""
    state = _played_heart_queen(RUBICON, hand="QH")
    marriage = declare("common-marriage", "KH[common-marriage*] QH")
    assert state.legal_declarations() == (marriage,)
    legal(state, marriage, (declared(0, 20, "common-marriage"),))


def test_scenario_40_s003_swaps_two_marriages_on_two_tricks() -> None:
    """SC-40; S003 item 8 (two marriages re-paired into two new ones), one score
    per trick [derived]: nothing played, KHa+QHb +20, and on the next trick won
    KHb+QHa +20; then every pairing is used and a third is refused."""
    state = build(
        S003_SWAP,
        trump="S",
        table=TWO_HEART_MARRIAGES,
        other_hand="7C 8C 9C",
        stock="AC 9D AC 9D",
    )
    swap = declare("common-marriage", "KH[common-marriage] QH[common-marriage]")
    assert state.legal_declarations() == (swap,)
    state = legal(state, swap, (declared(0, 20, "common-marriage"),))
    # The two copies of each face are alike (same face, same history): the engine
    # takes the first crosswise pair, KHb+QHa; the other one follows.
    assert sorted(map(card_id_name, state.melds[-1].cards)) == ["KHb", "QHa"]
    illegal(state, swap, Reason.ALREADY_DECLARED)
    state = win_trick(state, "AC", "7C")
    assert state.legal_declarations() == (swap,)
    state = legal(state, swap, (declared(0, 20, "common-marriage"),))
    assert {tuple(map(card_id_name, m.cards)) for m in state.melds} == {
        ("QHa", "KHa"),
        ("QHb", "KHb"),
        ("KHa", "QHb"),
        ("QHa", "KHb"),
    }
    assert sorted(map(card_id_name, state.melds[-1].cards)) == ["KHa", "QHb"]
    state = win_trick(state, "AC", "8C")
    illegal(state, swap, Reason.SAME_KIND_REUSED, Reason.NO_FRESH_CARD)
    assert state.legal_declarations() == ()


def test_scenario_40_no_swap_once_a_marriage_is_broken() -> None:
    """SC-40; S003 item 8 rearranges two whole marriages, nothing played. Once QHa
    is played, its king is lone: under the swap rule alone (no WKC re-pairing) it
    cannot take the other marriage's queen."""
    state = _played_heart_queen(S003_SWAP)
    assert refs(state) == ["KH[common-marriage*]", "KH[common-marriage]", "QH[common-marriage]"]
    illegal(
        state,
        declare("common-marriage", "KH[common-marriage*] QH[common-marriage]"),
        Reason.SAME_KIND_REUSED,
        Reason.NO_FRESH_CARD,
    )
    # The whole marriage KHb+QHb is still there, and may not marry itself again.
    assert state.legal_declarations() == ()


@pytest.mark.parametrize(
    "rules", [WKC_REPAIR, RUBICON, CLASSIC_FOUR_PACK], ids=["wkc", "rubicon", "two-hand"]
)
def test_scenario_40_no_swap_without_the_s003_rule(rules: Rules) -> None:
    """SC-40: under WKC (re-pairing only after a play), the Rubicon default and
    two-hand rules, the crosswise marriage is refused."""
    state = build(rules, trump="S", table=TWO_HEART_MARRIAGES)
    illegal(
        state,
        declare("common-marriage", "KH[common-marriage] QH[common-marriage]"),
        Reason.SAME_KIND_REUSED,
        Reason.NO_FRESH_CARD,
    )
    assert state.legal_declarations() == ()


# -- 41: carte blanche -----------------------------------------------------------------------------


def _blank_deal(rules: Rules, stock: str) -> DealState:
    """Seat 1 (the non-dealer) holds a king, so no carte blanche; seat 0's nine cards
    are sevens, eights and nines. Every seat is asked, the non-dealer first: seat 1
    can only pass. Seat 1 will lead aces and win; the winner draws first, so seat 0
    draws the 2nd, 4th and 6th cards of ``stock``. Returns the state after seat 1's
    pass, seat 0 to decide."""
    deck = deal_deck(rules, hands=("", "KS AS AS AS"), turn_up=None, stock=stock, dealer=0)
    state = bz.new_deal(rules, deck=deck, dealer=0)
    assert state.offers == (1, 0)
    assert state.current_player == 1
    assert state.legal_actions() == (Pass(),)
    illegal(state, ShowCarteBlanche(), Reason.NO_CARTE_BLANCHE)
    state = legal(state, Pass())
    assert state.offers == (0,)
    assert state.current_player == 0
    assert state.carte_blanche == (False, False)
    assert not any(Card.parse(f).rank.is_court for f in faces(state.hand(0)))
    return state


def _seat_1_wins_and_both_draw(state: DealState) -> DealState:
    state, events = play_trick(state, "AS", "9S")
    assert events == ()
    assert state.window is not None
    assert state.window.seat == 1
    return draw(state)


def test_scenario_41_carte_blanche_is_shown_again_until_a_court_card_is_drawn() -> None:
    """SC-41; HGM, FOS p.334 (+50 for a dealt hand with no K, Q, J); WKC, PAR,
    S003, CMC (each card drawn that is not a court scores again, until a court is
    drawn): +50, the 8C drawn +50, the KD drawn ends it. The seat is asked after the
    KD too, so that its opponent learns nothing from the asking: it can only pass."""
    state = _blank_deal(RUBICON, stock="7D 8C 7D KD 7D 8D")
    assert state.legal_actions() == (ShowCarteBlanche(), Pass())
    assert state.legal_declarations() == ()
    illegal(state, play("9S"), Reason.WRONG_ACTION_NOW)
    illegal(state, bz.Draw(), Reason.WRONG_ACTION_NOW)
    state = legal(state, ShowCarteBlanche(), (shown(0, 50),))
    assert state.carte_blanche == (True, False)
    assert state.offers == ()
    assert state.current_player == 1
    illegal(state, ShowCarteBlanche(), Reason.NO_CARTE_BLANCHE)
    state = _seat_1_wins_and_both_draw(state)
    assert "8C" in faces(state.hand(0))
    assert state.offers == (0,)
    assert state.current_player == 0
    assert state.legal_actions() == (ShowCarteBlanche(), Pass())
    state = legal(state, ShowCarteBlanche(), (shown(0, 50),))
    state = _seat_1_wins_and_both_draw(state)
    assert "KD" in faces(state.hand(0))
    # Asked all the same; the court card leaves only the pass, which ends the streak.
    assert state.offers == (0,)
    assert state.carte_blanche == (True, False)
    assert state.current_player == 0
    assert state.legal_actions() == (Pass(),)
    illegal(state, ShowCarteBlanche(), Reason.NO_CARTE_BLANCHE)
    illegal(state, play("9S"), Reason.WRONG_ACTION_NOW)
    state = legal(state, Pass())
    assert state.offers == ()
    assert state.carte_blanche == (False, False)
    assert state.current_player == 1
    illegal(state, ShowCarteBlanche(), Reason.NO_CARTE_BLANCHE)
    state = _seat_1_wins_and_both_draw(state)
    assert "8D" in faces(state.hand(0))
    assert state.offers == ()
    assert state.scores == (100, 0)


def test_scenario_41_fos_only_the_dealt_hand_scores() -> None:
    """SC-41; FOS p.334 (only before the first trick):
    ``carte_blanche_repeat=False``: +50 once, nothing for the 8C drawn."""
    state = _blank_deal(RUBICON.evolve(carte_blanche_repeat=False), stock="7D 8C 7D 8C")
    state = legal(state, ShowCarteBlanche(), (shown(0, 50),))
    assert state.carte_blanche == (False, False)
    state = _seat_1_wins_and_both_draw(state)
    assert "8C" in faces(state.hand(0))
    assert state.offers == ()
    assert state.scores == (50, 0)


@pytest.mark.parametrize("declined_at", [0, 1])
def test_scenario_41_declining_with_pass_ends_the_streak(declined_at: int) -> None:
    """WKC, PAR, S003 (the carte blanche lasts while shown and no court is drawn): a player
    who passes, on the dealt hand or on a card drawn, is not asked again."""
    state = _blank_deal(RUBICON, stock="7D 8C 7D 8C 7D 8D")
    for offer in range(declined_at + 1):
        assert state.offers == (0,)
        assert state.legal_actions() == (ShowCarteBlanche(), Pass())
        if offer < declined_at:
            state = legal(state, ShowCarteBlanche(), (shown(0, 50),))
            assert state.carte_blanche == (True, False)
        else:
            state = legal(state, Pass())
            assert state.carte_blanche == (False, False)
            illegal(state, ShowCarteBlanche(), Reason.NO_CARTE_BLANCHE)
        state = _seat_1_wins_and_both_draw(state)
    assert state.offers == ()
    illegal(state, ShowCarteBlanche(), Reason.NO_CARTE_BLANCHE)
    state = _seat_1_wins_and_both_draw(state)
    assert state.offers == ()
    assert state.scores == (50 * declined_at, 0)


def test_scenario_41_both_players_non_dealer_first() -> None:
    """WKC, PAR, S003: both hands blank. The sources do not say who shows first; the
    engine asks the non-dealer, who leads (S000 law 5), then the dealer. After that
    the non-dealer leads."""
    state = bz.new_deal(RUBICON, deck=deal_deck(RUBICON, hands=("", ""), turn_up=None), dealer=0)
    assert state.offers == (1, 0)
    assert state.current_player == 1
    assert state.legal_actions() == (ShowCarteBlanche(), Pass())
    state = legal(state, Pass())
    assert state.current_player == 0
    assert state.legal_actions() == (ShowCarteBlanche(), Pass())
    state = legal(state, ShowCarteBlanche(), (shown(0, 50),))
    assert state.carte_blanche == (True, False)
    assert state.current_player == 1


def test_every_seat_is_asked_at_the_deal_holding_courts_or_not() -> None:
    """Every seat is asked at the deal, the non-dealer first, so that passing does not
    tell whether it could have shown: with court cards in both hands each seat can
    only pass, and then the non-dealer leads (HGM, FOS p.334; S000 law 5)."""
    deck = deal_deck(RUBICON, hands=("KS", "QH"), turn_up=None, dealer=1)
    state = bz.new_deal(RUBICON, deck=deck, dealer=1)
    assert state.offers == (0, 1)
    for seat in (0, 1):
        assert state.current_player == seat
        assert state.legal_actions() == (Pass(),)
        assert state.legal_declarations() == ()
        illegal(state, ShowCarteBlanche(), Reason.NO_CARTE_BLANCHE)
        illegal(state, play("7S"), Reason.WRONG_ACTION_NOW)
        state = legal(state, Pass())
    assert state.offers == ()
    assert state.carte_blanche == (False, False)
    assert state.current_player == 0
    assert all(isinstance(a, Play) for a in state.legal_actions())
    assert state.scores == (0, 0)


def test_both_cartes_blanches_last_and_both_are_asked_after_each_draw() -> None:
    """Both hands blank and both shown: after each draw both are asked, the trick's
    winner first (he draws first), each whatever it drew; a court card drawn by one
    leaves that one only the pass and does not touch the other's carte blanche."""
    deck = deal_deck(RUBICON, hands=("9S", "AS"), turn_up=None, stock="8C KD", dealer=0)
    state = bz.new_deal(RUBICON, deck=deck, dealer=0)
    state = legal(state, ShowCarteBlanche(), (shown(1, 50),))
    state = legal(state, ShowCarteBlanche(), (shown(0, 50),))
    assert state.carte_blanche == (True, True)
    state, _ = play_trick(state, "AS", "9S")
    assert state.window is not None
    assert state.window.seat == 1
    assert state.offers == ()
    state = draw(state)
    assert "8C" in faces(state.hand(1))
    assert "KD" in faces(state.hand(0))
    assert state.offers == (1, 0)
    assert state.legal_actions() == (ShowCarteBlanche(), Pass())
    state = legal(state, ShowCarteBlanche(), (shown(1, 50),))
    assert state.offers == (0,)
    assert state.legal_actions() == (Pass(),)
    illegal(state, ShowCarteBlanche(), Reason.NO_CARTE_BLANCHE)
    state = legal(state, Pass())
    assert state.carte_blanche == (False, True)
    assert state.offers == ()
    assert state.scores == (50, 100)


@pytest.mark.parametrize(("rules", "points"), [(SIX_PACK, 250), (EIGHT_PACK, None)])
def test_carte_blanche_six_and_eight_packs(rules: Rules, points: int | None) -> None:
    """PAR, S003, CMC, HER: six packs 250; PAR: none with eight packs."""
    deck = deal_deck(rules, hands=("", "KS"), turn_up=None, dealer=0)
    state = bz.new_deal(rules, deck=deck, dealer=0)
    if points is None:
        assert state.offers == ()
        assert state.carte_blanche == ()
        assert state.current_player == 1
        assert all(isinstance(a, Play) for a in state.legal_actions())
        illegal(state, ShowCarteBlanche(), Reason.NO_CARTE_BLANCHE)
    else:
        # Seat 1 holds a king: asked first, it can only pass.
        assert state.offers == (1, 0)
        assert state.legal_actions() == (Pass(),)
        illegal(state, ShowCarteBlanche(), Reason.NO_CARTE_BLANCHE)
        state = legal(state, Pass())
        assert state.offers == (0,)
        legal(state, ShowCarteBlanche(), (shown(0, points),))


# -- 42-43: each deal a game: rubicon scoring ------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "totals", "game_scores", "rubiconed"),
    [
        # SC-42, BIC and S003: 2470 -> 2400, 1530 -> 1500; 500 + (2400 - 1500) = 1400.
        (RUBICON, (2470, 1530), (1400, 0), (False, False)),
        # Without rounding: 500 + (2470 - 1530) = 1440.
        (RUBICON.evolve(rounding="none"), (2470, 1530), (1440, 0), (False, False)),
        # The other seat wins: 500 + (2400 - 1500) = 1400 to seat 1.
        (RUBICON, (1530, 2470), (0, 1400), (False, False)),
        # SC-53, BIC: fractions of a hundred are ignored "unless needed to determine the
        # winner": 2450 > 2420 both drop to 2400, so both stay exact: 500 + 30 = 530.
        (RUBICON, (2420, 2450), (0, 530), (False, False)),
        # SC-53: 2470 / 2430, 500 + 40 = 540 (not the bare 500 of the dropped totals).
        (RUBICON, (2470, 2430), (540, 0), (False, False)),
        # Both under the rubicon with the same hundreds (CMC, SC-53): 1000 + 950 + 920 + 320.
        (RUBICON, (950, 920), (3190, 0), (False, True)),
        # Equal totals (after the brisques): no one wins the deal.
        (RUBICON, (2400, 2400), (0, 0), (False, False)),
        # The rubicon is judged on the exact total: 990 rounds to 900 and is under;
        # 1000 is not under. 1000 + 2400 + 900 + 320 = 4620; 500 + 2400 - 1000 = 1900.
        (RUBICON, (2470, 990), (4620, 0), (False, True)),
        (RUBICON, (2470, 1000), (1900, 0), (False, False)),
        # SC-43, BIC: 1000 + 2400 + 800 + 320 (all 32 brisques of four packs) = 4520.
        (RUBICON, (2470, 860), (4520, 0), (False, True)),
        # Without rounding: 1000 + 2470 + 860 + 320 = 4650.
        (RUBICON.evolve(rounding="none"), (2470, 860), (4650, 0), (False, True)),
        # S003: 1000 + 2400 + 800 = 4200; without rounding 1000 + 2470 + 860 = 4330.
        (RUBICON.evolve(rubicon_bonus_formula="s003"), (2470, 860), (4200, 0), (False, True)),
        (
            RUBICON.evolve(rubicon_bonus_formula="s003", rounding="none"),
            (2470, 860),
            (4330, 0),
            (False, True),
        ),
        # PAR: 500 (game) + 500 + 2400 + 800 = 4200; without rounding 4330.
        (RUBICON.evolve(rubicon_bonus_formula="par"), (2470, 860), (4200, 0), (False, True)),
        (
            RUBICON.evolve(rubicon_bonus_formula="par", rounding="none"),
            (2470, 860),
            (4330, 0),
            (False, True),
        ),
        # Six packs (PAR: game 1000, rubicon 3000; S003: rubicon bonus 1000; no
        # brisques): 1000 + (4400 - 3000) = 2400.
        (SIX_PACK, (4470, 3030), (2400, 0), (False, False)),
        # BIC: 1000 + 4400 + 2800 + 0 (brisques never count) = 8200.
        (SIX_PACK, (4470, 2860), (8200, 0), (False, True)),
        # S003: 1000 + 4400 + 2800 = 8200.
        (SIX_PACK.evolve(rubicon_bonus_formula="s003"), (4470, 2860), (8200, 0), (False, True)),
        # PAR: 1000 (game) + 500 + 4400 + 2800 = 8700; without rounding 8830.
        (SIX_PACK.evolve(rubicon_bonus_formula="par"), (4470, 2860), (8700, 0), (False, True)),
        (
            SIX_PACK.evolve(rubicon_bonus_formula="par", rounding="none"),
            (4470, 2860),
            (8830, 0),
            (False, True),
        ),
        # Eight packs (PAR): rubicon 5000: 4990 is under. 1000 + 6000 + 4900 = 11900.
        (EIGHT_PACK, (6010, 4990), (11900, 0), (False, True)),
        (EIGHT_PACK, (6010, 5000), (2000, 0), (False, False)),
        # Two-hand with more packs (S000 law 12): the points go to the game as they are.
        (CLASSIC_FOUR_PACK, (2470, 860), (2470, 860), (False, False)),
    ],
)
def test_scenarios_42_43_deal_game_scores(
    rules: Rules,
    totals: tuple[int, int],
    game_scores: tuple[int, int],
    rubiconed: tuple[bool, bool],
) -> None:
    """SC-42 and SC-43; BIC, S003, PAR. The winner scores the game
    bonus and the difference of the totals dropped to their hundreds; if the loser
    is under the rubicon, BIC: rubicon bonus + both totals + every brisque of the
    deck (320 with four packs); S003: rubicon bonus + both totals; PAR: game bonus +
    500 + both totals.

    SC-42, Rubicon: 2470 / 1530 drop to 2400 / 1500: 500 + 900 = 1400 (1440 unrounded).
    SC-43, Rubicon, 2470 / 860 (980 with B's brisques, still under 1000): BIC 1000 +
    2400 + 800 + 320 = 4520; S003 1000 + 2400 + 800 = 4200; PAR 500 + 500 + 2400 +
    800 = 4200; unrounded 4650, 4330 and 4330. The arithmetic of every other case is
    written beside it."""
    assert deal_game_scores(rules, totals) == (game_scores, rubiconed)


def test_all_brisques() -> None:
    """BIC: 16 aces and 16 tens with four packs, 320; six and eight packs
    never count brisques (PKW, CMC); two packs 160 (S000 law 11)."""
    assert all_brisque_points(RUBICON) == 320
    assert all_brisque_points(SIX_PACK) == 0
    assert all_brisque_points(EIGHT_PACK) == 0
    assert all_brisque_points(variants.CLASSIC) == 160


def _finish(state: DealState) -> tuple[DealState, tuple[ScoreEvent, ...]]:
    after, events = play_trick(state, "AC", "7D")
    assert after.phase is Phase.OVER
    assert after.current_player is None
    assert after.legal_actions() == ()
    return after, events


RUBICON_LAST = ScoreEvent(0, 50, ScoreSource.LAST_TRICK, "trick 64")
RUBICON_BRISQUES = (
    ScoreEvent(0, 200, ScoreSource.BRISQUES, "20"),
    ScoreEvent(1, 120, ScoreSource.BRISQUES, "12"),
)


def test_scenario_42_a_complete_rubicon_deal() -> None:
    """SC-42; BIC, S003. Before the last trick 2420 / 1530; seat 0 wins it (+50,
    HGM, FOS p.334, BIC): 2470 / 1530. No tie and no rubicon: brisques are not counted
    (BIC, CMC, S003). Game: 500 + (2400 - 1500) = 1400."""
    state = final_trick(RUBICON, (2420, 1530))
    assert (state.brisques_won(0), state.brisques_won(1)) == (19, 12)
    after, events = _finish(state)
    assert events == (RUBICON_LAST,)
    assert after.result == bz.DealResult(
        scores=(2470, 1530),
        brisques=(20, 12),
        last_trick_winner=0,
        game_scores=(1400, 0),
        rubiconed=(False, False),
    )


@pytest.mark.parametrize(
    ("formula", "rounding", "points"),
    [
        # BIC: 1000 + 2400 + 800 + 320 = 4520; unrounded 1000 + 2470 + 860 + 320 = 4650.
        ("bic", "hundreds", 4520),
        ("bic", "none", 4650),
        # S003: 1000 + 2400 + 800 = 4200; unrounded 1000 + 2470 + 860 = 4330.
        ("s003", "hundreds", 4200),
        ("s003", "none", 4330),
        # PAR: 500 + 500 + 2400 + 800 = 4200; unrounded 500 + 500 + 2470 + 860 = 4330.
        ("par", "hundreds", 4200),
        ("par", "none", 4330),
    ],
)
def test_scenario_43_a_complete_rubiconed_deal(formula: str, rounding: str, points: int) -> None:
    """SC-43; BIC, S003, PAR. Before the last trick 2420 / 860; seat 0 wins it:
    2470 / 860. Seat 1's 12 brisques (120) would bring him to 980, still under the
    rubicon of 1000, so they do not save him and neither side counts brisques (BIC,
    the multi-pack rules pages: brisques count only to break a tie or to save a player from
    the rubicon); seat 1 is rubiconed and seat 0 scores by the formula."""
    rules = RUBICON.evolve(rubicon_bonus_formula=formula, rounding=rounding)
    after, events = _finish(final_trick(rules, (2420, 860)))
    assert events == (RUBICON_LAST,)
    result = after.result
    assert result is not None
    assert result.scores == (2470, 860)
    assert result.game_scores == (points, 0)
    assert result.rubiconed == (False, True)


def test_brisques_save_a_player_from_the_rubicon_and_both_count() -> None:
    """BIC, CMC, S003: seat 1's 12 brisques lift 900 to 1020, over the
    rubicon, so they count, and then seat 0's count too (non-dealer first, S000 law
    12): 2670 / 1020. Game: 500 + (2600 - 1000) = 2100."""
    after, events = _finish(final_trick(RUBICON, (2420, 900)))
    assert events == (RUBICON_LAST, *RUBICON_BRISQUES)
    result = after.result
    assert result is not None
    assert result.scores == (2670, 1020)
    assert result.game_scores == (2100, 0)
    assert result.rubiconed == (False, False)


def test_brisques_break_a_tie_in_rubicon() -> None:
    """BIC (brisques break a tie): 1450 + 50 = 1500 against 1500,
    so both count brisques: 1700 / 1620. Game: 500 + (1700 - 1600) = 600."""
    after, events = _finish(final_trick(RUBICON, (1450, 1500)))
    assert events == (RUBICON_LAST, *RUBICON_BRISQUES)
    result = after.result
    assert result is not None
    assert result.scores == (1700, 1620)
    assert result.game_scores == (600, 0)


@pytest.mark.parametrize(
    ("before", "scores", "points"),
    [
        # Seat 0's brisques lift 850 to 1050: both count; seat 1's 860 + 120 = 980 is
        # still under. 1000 + 800 + 800 + 320 = 2920, not 1000 + 1000 + 900 + 320.
        ((800, 860), (1050, 980), 2920),
        # A tie, 800 / 800, broken by the brisques: 1000 / 920, seat 1 rubiconed.
        ((750, 800), (1000, 920), 2920),
    ],
)
def test_scenario_54_each_brisque_is_paid_once(
    before: tuple[int, int], scores: tuple[int, int], points: int
) -> None:
    """SC-54; BIC (the rubicon bonus, both totals and every brisque of the deck, 320):
    where the brisques were counted, to escape the rubicon or to break a tie, and
    the loser is still under it, the totals enter without them, since the 320 pays
    each one."""
    after, events = _finish(final_trick(RUBICON, before))
    assert events == (RUBICON_LAST, *RUBICON_BRISQUES)
    assert after.counted_brisques
    result = after.result
    assert result is not None
    assert result.scores == scores
    assert result.rubiconed == (False, True)
    assert result.game_scores == (points, 0)
    assert deal_game_scores(RUBICON, scores, (200, 120)) == ((points, 0), (False, True))


def test_a_deal_s_documents_keep_its_brisques_counted() -> None:
    """The state document and the position of a finished Rubicon deal whose brisques
    were counted say so, and read back to the same result."""
    state = bz.new_deal(RUBICON, seed=1, dealer=0)
    greedy = bz.players.GreedyPlayer()
    while not state.is_over:
        state = state.apply(greedy.choose(state))
    assert state.counted_brisques
    assert '"counted_brisques": true' in bz.state_to_json(state)
    assert "brisques: counted" in bz.format_position(state)
    for copy in (
        bz.load_state(bz.state_to_json(state)),
        bz.parse_position(bz.format_position(state), seed=1),
    ):
        assert isinstance(copy, DealState)
        assert copy.counted_brisques
        assert copy.result == state.result


def test_scenario_54_the_other_formulas_keep_the_brisques_in_the_totals() -> None:
    """SC-54; S003 and PAR pay no brisques beside the totals, so brisques counted
    stay in them: S003 1000 + 1000 + 900 = 2900; PAR 500 + 500 + 1000 + 900."""
    for formula, points in (("s003", 2900), ("par", 2900)):
        rules = RUBICON.evolve(rubicon_bonus_formula=formula)
        assert deal_game_scores(rules, (1050, 980), (200, 120)) == ((points, 0), (False, True))


def test_brisques_not_counted_leave_the_flag_down() -> None:
    """A deal whose brisques were not counted (SC-43) records nothing, and its state
    document has no ``counted_brisques`` key."""
    after, _ = _finish(final_trick(RUBICON, (2420, 860)))
    assert not after.counted_brisques
    assert "counted_brisques" not in bz.state_to_json(after)


def test_scenario_53_hundreds_that_tie_keep_the_totals_exact() -> None:
    """SC-53; BIC: fractions of a hundred are ignored "unless needed to determine the
    winner". Before the last trick 2420 / 2430; seat 0 wins it: 2470 / 2430. Dropped,
    both are 2400, so the exact totals decide and are paid: 500 + 40 = 540."""
    after, _ = _finish(final_trick(RUBICON, (2420, 2430)))
    result = after.result
    assert result is not None
    assert result.scores == (2470, 2430)
    assert result.game_scores == (540, 0)


def test_six_pack_never_counts_brisques() -> None:
    """PKW, CMC: six packs never count brisques, even for a tie: 2750 + 250
    (last trick, SC-33: PAR, S003, CMC) = 3000 against 3000; no one wins the deal."""
    after, events = _finish(final_trick(SIX_PACK, (2750, 3000)))
    assert events == (ScoreEvent(0, 250, ScoreSource.LAST_TRICK, "trick 96"),)
    result = after.result
    assert result is not None
    assert result.scores == (3000, 3000)
    assert result.game_scores == (0, 0)
    assert result.rubiconed == (False, False)


# -- 33 (multi-pack half): the last trick ----------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "stock_trick", "final"),
    [
        (RUBICON, 55, ScoreEvent(0, 50, ScoreSource.LAST_TRICK, "trick 64")),
        (SIX_PACK, 84, ScoreEvent(0, 250, ScoreSource.LAST_TRICK, "trick 96")),
        (EIGHT_PACK, 113, ScoreEvent(0, 250, ScoreSource.LAST_TRICK, "trick 128")),
    ],
    ids=["rubicon", "six-pack", "eight-pack"],
)
def test_scenario_33_multi_pack_last_trick(
    rules: Rules, stock_trick: int, final: ScoreEvent
) -> None:
    """SC-33: the last trick of all scores 50 in Rubicon (HGM, FOS p.334,
    BIC, S003) and 250 with six or eight packs (PAR, S003, CMC); the last trick of
    the stock scores nothing."""
    state = build(rules, trump="H", window=False, stock_size=2, hand="AC", other_hand="7D")
    after, events = play_trick(state, "AC", "7D")
    assert len(after.tricks) == stock_trick == rules.stock_tricks
    assert events == ()
    final_state = build(
        rules,
        trump="H",
        stock_size=0,
        tricks_done=rules.total_tricks - 1,
        hand="AC",
        other_hand="7D",
    )
    after, events = play_trick(final_state, "AC", "7D")
    assert len(after.tricks) == rules.total_tricks
    assert events[0] == final


# -- the seven of trumps and marriage then sequence ------------------------------------------------


def test_the_seven_of_trumps_scores_nothing_in_rubicon() -> None:
    """HGM, BIC, S003, PAR: no score for playing, exchanging or declaring
    the seven of trumps."""
    state = build(RUBICON, trump="H", window=False, hand="7H", other_hand="8H")
    after, events = play_trick(state, "7H", "8H")
    assert events == ()
    assert after.scores == (0, 0)
    window = build(RUBICON, trump="H", hand="7H")
    illegal(window, Exchange(), Reason.EXCHANGE_NOT_IN_VARIANT)
    illegal(window, declare("seven-of-trumps", "7H"), Reason.KIND_NOT_IN_VARIANT)
    assert Exchange() not in window.legal_actions()


@pytest.mark.parametrize(
    ("option", "reasons"), [(True, ()), (False, (Reason.MARRIED_CARD_IN_SEQUENCE,))]
)
def test_marriage_then_sequence(option: bool, reasons: tuple[Reason, ...]) -> None:
    """SC-1; FOS p.325/p.334 (a married king and queen may go into a
    sequence, +250) against WKC for Rubicon (no married card may go into a sequence)."""
    rules = RUBICON.evolve(marriage_then_sequence=option)
    state = build(rules, trump="H", table=[meld("royal-marriage", "KH QH")], hand="AH TH JH")
    sequence = declare("trump-sequence", "AH TH KH[royal-marriage] QH[royal-marriage] JH")
    if reasons:
        illegal(state, sequence, *reasons)
        assert state.legal_declarations() == ()
        fresh = build(rules, trump="H", hand="AH TH KH QH JH")
        legal(
            fresh,
            declare("trump-sequence", "AH TH KH QH JH"),
            (declared(0, 250, "trump-sequence"),),
        )
    else:
        assert state.legal_declarations() == (sequence,)
        legal(state, sequence, (declared(0, 250, "trump-sequence"),))


# -- 44: six-pack trump quartets -------------------------------------------------------------------


def test_scenario_44_four_trump_aces() -> None:
    """SC-44; PAR, S003, CMC: four copies of the trump ace +1000; the same
    four as plain four aces score only 100."""
    state = build(SIX_PACK, trump="S", hand="ASa ASb ASc ASd")
    trump_aces = declare("four-trump-aces", "AS AS AS AS")
    plain_aces = declare("four-aces", "AS AS AS AS")
    assert set(state.legal_declarations()) == {trump_aces, plain_aces}
    legal(state, trump_aces, (declared(0, 1000, "four-trump-aces"),))
    legal(state, plain_aces, (declared(0, 100, "four-aces"),))


def test_scenario_44_mixed_aces() -> None:
    """SC-44: four aces of mixed suits +100; they are no trump quartet."""
    state = build(SIX_PACK, trump="S", hand="AS AH AD AC")
    mixed = declare("four-aces", "AS AH AD AC")
    assert state.legal_declarations() == (mixed,)
    illegal(state, declare("four-trump-aces", "AS AH AD AC"), Reason.NOT_A_MELD)
    legal(state, mixed, (declared(0, 100, "four-aces"),))


@pytest.mark.parametrize(
    ("kind", "points"),
    [
        ("four-trump-tens", 900),
        ("four-trump-kings", 800),
        ("four-trump-queens", 600),
        ("four-trump-jacks", 400),
    ],
)
def test_scenario_44_the_other_trump_quartets(kind: str, points: int) -> None:
    """PAR, S003, CMC: four trump tens 900, kings 800, queens 600, jacks 400
    (PKW's 900 for queens reads as a misprint)."""
    rank = {"tens": "T", "kings": "K", "queens": "Q", "jacks": "J"}[kind.rsplit("-", 1)[1]]
    cards = " ".join([rank + "D"] * 4)
    state = build(SIX_PACK, trump="D", hand=cards)
    legal(state, declare(kind, cards), (declared(0, points, kind),))


def test_scenario_44_four_aces_upgraded_to_trump_aces() -> None:
    """[derived] from WKC, BIC, S003: four aces on the table (one the trump ace) become four trump
    aces with three trump aces from the hand: a higher quartet of the same class,
    with fresh cards (FOS pp.325-326), +1000."""
    state = build(SIX_PACK, trump="S", table=[meld("four-aces", "AS AH AD AC")], hand="AS AS AS")
    upgrade = declare("four-trump-aces", "AS[four-aces] AS AS AS")
    assert upgrade in state.legal_declarations()
    legal(state, upgrade, (declared(0, 1000, "four-trump-aces"),))


def test_eight_pack_five_of_a_trump_rank() -> None:
    """PAR: five trump aces 2000 with eight packs; quintuple bezique 9000."""
    state = build(EIGHT_PACK, trump="C", hand="AC AC AC AC AC")
    legal(
        state, declare("five-trump-aces", "AC AC AC AC AC"), (declared(0, 2000, "five-trump-aces"),)
    )
    beziques = build(EIGHT_PACK, trump="C", hand="QS QS QS QS QS JD JD JD JD JD")
    quintuple = declare("quintuple-bezique", "QS QS QS QS QS JD JD JD JD JD")
    legal(beziques, quintuple, (declared(0, 9000, "quintuple-bezique"),))


# -- 45: the six-pack cut --------------------------------------------------------------------------


CUT_RULES = SIX_PACK.evolve(cut_dealer_points=250, cut_guess_points=150)


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize(
    ("cut", "dealer_points", "guesser_points"),
    [((24, 24), 250, 150), ((24, 20), 250, 0), ((20, 20), 0, 150), ((20, 24), 0, 0)],
)
def test_scenario_45_six_pack_cut(
    cut: tuple[int, int], dealer_points: int, guesser_points: int, dealer: int
) -> None:
    """SC-45; PKW, HER: the dealer lifting exactly 24 cards scores 250; the
    non-dealer guessing the number lifted scores 150."""
    state = bz.new_deal(CUT_RULES, seed=1, cut=cut, dealer=dealer)
    expected = [0, 0]
    expected[dealer] = dealer_points
    expected[1 - dealer] = guesser_points
    assert state.scores == tuple(expected)
    events = [ScoreEvent(dealer, dealer_points, ScoreSource.CUT, "")] if dealer_points else []
    if guesser_points:
        events.append(ScoreEvent(1 - dealer, guesser_points, ScoreSource.CUT, ""))
    assert sorted(initial_events(state), key=lambda e: e.seat) == sorted(
        events, key=lambda e: e.seat
    )
    # The cut changes no card: the deal is the one of the same seed without a cut.
    plain = bz.new_deal(CUT_RULES, seed=1, dealer=dealer)
    assert (state.hand_masks, state.stock) == (plain.hand_masks, plain.stock)
    assert plain.scores == (0, 0)


def test_scenario_45_no_cut_bonus_without_the_option() -> None:
    """``six_pack_cut_bonus`` (off by default, the multi-pack rules pages): a cut is
    refused by rules without the bonus, and so is a cut of no or too many cards."""
    with pytest.raises(BeziqueError, match="no cut bonus"):
        bz.new_deal(SIX_PACK, seed=1, cut=(24, 24))
    for cut in [(0, 24), (24, 0), (193, 24)]:
        with pytest.raises(BeziqueError, match="cut must be"):
            bz.new_deal(CUT_RULES, seed=1, cut=cut)


# -- 46: triple bezique ----------------------------------------------------------------------------


DOUBLE = [meld("double-bezique", "QSa QSb JDa JDb")]


def test_scenario_46_triple_bezique_built_on_a_double() -> None:
    """SC-46; EB9, HGM: a declared double bezique and a third pair from the
    hand make a triple, +1500 (bezique ladder scored in full, HGM, PAR)."""
    state = build(RUBICON, trump="H", table=DOUBLE, hand="QSc JDc")
    triple = declare(
        "triple-bezique",
        "QS QS[double-bezique] QS[double-bezique] JD JD[double-bezique] JD[double-bezique]",
    )
    assert set(state.legal_declarations()) == {triple, declare("bezique", "QS JD")}
    after = legal(state, triple, (declared(0, 1500, "triple-bezique"),))
    assert after.scores == (2000, 0)


def test_scenario_46_triple_and_quadruple_from_the_hand() -> None:
    """EB9 ("all may be declared together"), HGM, PAR: 1500 and 4500."""
    state = build(RUBICON, trump="H", hand="QS QS QS JD JD JD")
    legal(
        state,
        declare("triple-bezique", "QS QS QS JD JD JD"),
        (declared(0, 1500, "triple-bezique"),),
    )
    state = build(RUBICON, trump="H", hand="QS QS QS QS JD JD JD JD")
    quadruple = declare("quadruple-bezique", "QS QS QS QS JD JD JD JD")
    legal(state, quadruple, (declared(0, 4500, "quadruple-bezique"),))


def test_scenario_46_the_triple_needs_all_six_cards_on_the_table() -> None:
    """SC-46; EB9 (the six cards of a triple all on the table together, none
    played), S001 (cards played to tricks never count): once a queen of the double
    is played, the five cards left do not make a triple; the double may be re-formed
    (docs/rules/rubicon.md)."""
    state = build(
        RUBICON,
        trump="H",
        table=DOUBLE,
        hand="QSc JDc",
        other_hand="7C",
        window=False,
    )
    state, _ = play_trick(state, "QS[double-bezique]", "7C")
    assert state.window is not None
    assert card_id_name(state.tricks[-1].cards[0]) == "QSa"
    triple = declare(
        "triple-bezique",
        "QS QS[double-bezique*] QS[double-bezique*] JD JD[double-bezique*] JD[double-bezique*]",
    )
    illegal(state, triple, Reason.CARD_NOT_HELD)
    assert all(d.kind is not MeldKind.TRIPLE_BEZIQUE for d in state.legal_declarations())
    re_formed = declare(
        "double-bezique", "QS QS[double-bezique*] JD[double-bezique*] JD[double-bezique*]"
    )
    assert re_formed in state.legal_declarations()
    legal(state, re_formed, (declared(0, 500, "double-bezique"),))


def test_triple_bezique_in_the_two_hand_game_with_more_packs() -> None:
    """S000 law 1: triple bezique 1500 with four or six packs; no quadruple."""
    state = build(CLASSIC_SIX_PACK, trump="H", hand="QS QS QS QS JD JD JD JD")
    assert declare("triple-bezique", "QS QS QS JD JD JD") in state.legal_declarations()
    illegal(
        state,
        declare("quadruple-bezique", "QS QS QS QS JD JD JD JD"),
        Reason.KIND_NOT_IN_VARIANT,
    )


# -- games of several deals ------------------------------------------------------------------------


@pytest.mark.parametrize("deals", [1, 3])
def test_a_game_of_a_fixed_number_of_deals(deals: int) -> None:
    """HGM, BIC, PAR: each deal is a game of its own; a match of ``deals``
    deals totals the deal scores and the higher total wins. While a deal is being
    played, the game totals do not move."""
    rules = RUBICON.evolve(deals=deals)
    game = bz.new_game(rules, seed=5)
    dealers = [game.deal.dealer]
    while not game.is_over:
        before = len(game.results)
        assert game.scores == game.totals
        game = game.apply(game.legal_actions()[0])
        if len(game.results) > before and not game.is_over:
            dealers.append(game.deal.dealer)
    assert len(game.results) == deals
    assert dealers == [i % 2 for i in range(deals)]
    for result in game.results:
        assert (result.game_scores, result.rubiconed) == deal_game_scores(rules, result.scores)
    totals = tuple(sum(r.game_scores[s] for r in game.results) for s in (0, 1))
    assert game.totals == totals
    assert totals[0] != totals[1]
    assert game.winner == (0 if totals[0] > totals[1] else 1)
    assert game.legal_actions() == ()


# -- random playouts -------------------------------------------------------------------------------


def _declaration_obeys_reuse(rules: Rules, action: Declare) -> bool:
    """WKC, BIC, S003: a listed declaration that names a card already declared in its kind
    names that card broken, and adds a card from the hand (``CLASSIC_*``: never)."""
    again = [ref for ref in action.cards if action.kind in ref.history]
    if not again:
        return True
    if rules.declarations.same_kind_reuse is bz.SameKindReuse.NEVER:
        return False
    return all(action.kind in ref.broken for ref in again) and any(
        not ref.history for ref in action.cards
    )


def _check_step(state: DealState, action: bz.Action, thorough: bool) -> DealState:
    rules = state.rules
    actions = state.legal_actions()
    assert actions
    assert len(set(actions)) == len(actions)
    seat = state.current_player
    if state.offers:
        # Every seat is asked; one holding a king, queen or jack can only pass.
        assert seat == state.offers[0]
        courts = any(bz.face_of(c).rank.is_court for c in state.held(seat))
        assert actions == ((Pass(),) if courts else (ShowCarteBlanche(), Pass()))
    elif state.window is not None:
        assert seat == state.window.seat
    else:
        assert seat == (state.leader + len(state.trick)) % 2
    declarations = tuple(a for a in actions if isinstance(a, Declare))
    assert declarations == state.legal_declarations()
    for declaration in declarations:
        assert _declaration_obeys_reuse(rules, declaration), declaration
    checked = actions if thorough else (action,)
    for candidate in checked:
        assert state.why_illegal(candidate) == (), candidate
    new, events = state.step(action)
    for s in (0, 1):
        assert new.scores[s] >= state.scores[s]
        assert new.scores[s] - state.scores[s] == sum(e.points for e in events if e.seat == s)
    assert all(e.points > 0 for e in events)
    if state.trump is not None:
        assert new.trump is state.trump
    elif new.trump is not None:
        assert isinstance(action, Declare)
        assert action.kind in (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE)
        assert new.trump is action.cards[0].card.suit
    if thorough:
        assert_honest(new)
    else:
        _check_conservation(new)
    return new


def _check_conservation(state: DealState) -> None:
    """Every card of the packs in exactly one place."""
    places = [
        *state.hand_masks,
        *state.table_masks,
        *state.won_masks,
        sum(1 << c for c in state.trick),
    ]
    places.append(sum(1 << c for c in state.stock))
    if state.turn_up is not None:
        places.append(1 << state.turn_up)
    seen = 0
    for mask in places:
        assert not seen & mask
        seen |= mask
    assert seen == (1 << state.rules.deck_size) - 1


#: Presets, deals to play, and the features that must occur in those deals (a
#: carte blanche is rare with 12 cards: (5/8)**12 of hands have no court).
PLAYOUTS = [
    pytest.param(RUBICON, 200, {"re-formed", "trumps-fixed", "carte-blanche"}, id="rubicon"),
    pytest.param(SIX_PACK, 60, {"re-formed", "trumps-fixed"}, id="six-pack"),
    pytest.param(EIGHT_PACK, 60, {"re-formed", "trumps-fixed"}, id="eight-pack"),
    pytest.param(CLASSIC_FOUR_PACK, 60, set(), id="classic-four-pack"),
    pytest.param(CLASSIC_SIX_PACK, 60, set(), id="classic-six-pack"),
]


@pytest.mark.parametrize(("rules", "deals", "features"), PLAYOUTS)
def test_random_playouts(rules: Rules, deals: int, features: set[str]) -> None:
    """Whole deals played at random (declarations and carte blanche preferred): cards
    are conserved, scores never fall and rise exactly by the events, one player is to
    move, the legal actions are listed once each and are all legal, re-used cards are
    broken and joined by a card from the hand, trumps are fixed once by a royal
    marriage or trump sequence, and the result's game scores are those of
    ``deal_game_scores``. Every other deal checks every listed action and the full
    honesty of every state."""
    seen: set[str] = set()
    for seed in range(deals):
        rng = random.Random(f"{rules.name}/{seed}")
        state = bz.new_deal(rules, seed=seed, dealer=seed % 2)
        thorough = seed % 2 == 0
        while not state.is_over:
            actions = state.legal_actions()
            eager = [a for a in actions if isinstance(a, (Declare, ShowCarteBlanche))]
            action = rng.choice(eager if eager and rng.random() < 0.7 else actions)
            if isinstance(action, ShowCarteBlanche):
                seen.add("carte-blanche")
            if isinstance(action, Declare) and any(action.kind in r.broken for r in action.cards):
                seen.add("re-formed")
            if isinstance(action, Declare) and state.trump is None:
                seen.add("trumps-fixed")
            state = _check_step(state, action, thorough)
        result = state.result
        assert result is not None
        assert len(state.tricks) == rules.total_tricks
        assert (result.game_scores, result.rubiconed) == deal_game_scores(rules, result.scores)
        if rules.scoring.deal_scoring is bz.DealScoring.CUMULATIVE:
            assert result.game_scores == result.scores
        else:
            assert sum(1 for p in result.game_scores if p) <= 1
    assert features <= seen
    if rules.deck.turn_up:
        assert not seen
