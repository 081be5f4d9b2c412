"""Unit tests of :mod:`bezique.laws.declaring`: the declaration limits, the re-use
rules' inputs, re-pairing marriages and re-forming melds (docs/explanation/declarations.md, and the
sources' readings; the scenario tests exercise the same laws through the engine)."""

from __future__ import annotations

import random

import pytest

import bezique as bz
from bezique.laws.declaring import (
    broken_after_declaration,
    broken_after_play,
    declaration_limit_reasons,
    every_declaration_scores,
    meld_patterns,
    needs_fresh_card,
    partner_table_open,
    rearranged_pair,
    rearrangement_applies,
    tracks_broken,
    trump_fixers,
)
from bezique.legality import Reason
from bezique.records import DeclaredMeld
from bezique.rules import MarriageRearrangement
from bezique.rules.melds import MeldKind

CLASSIC = bz.variants.CLASSIC
RUBICON = bz.variants.RUBICON
QUARTET = MeldKind.FOUR_QUEENS

# -- limits (S000 laws 7 and 9; FOS p.326) --------------------------------------------


def test_one_declaration_a_trick_and_none_after_the_close() -> None:
    assert declaration_limit_reasons(CLASSIC, True, 3, 0) == []
    assert declaration_limit_reasons(CLASSIC, True, 3, 1) == [Reason.ALREADY_DECLARED]
    assert declaration_limit_reasons(CLASSIC, False, 25, 0) == [Reason.NOT_IN_STOCK_PHASE]


def test_the_winner_of_the_last_stock_trick_may_declare_all_under_the_variation() -> None:
    rules = CLASSIC.evolve(declare_all_after_last_stock_trick=True)
    last = rules.stock_tricks
    assert declaration_limit_reasons(rules, True, last, 2) == []
    assert declaration_limit_reasons(rules, True, last - 1, 1) == [Reason.ALREADY_DECLARED]
    assert every_declaration_scores(rules, True, last)
    assert not every_declaration_scores(rules, True, last - 1)
    assert not every_declaration_scores(CLASSIC, True, last)


def test_several_declarations_score_when_the_rules_say_so() -> None:
    rules = CLASSIC.evolve(limit="several")
    assert declaration_limit_reasons(rules, True, 3, 4) == []
    assert every_declaration_scores(rules, True, 3)


# -- which melds exist, and which fix trumps -----------------------------------------------


def test_trumps_are_fixed_by_the_first_marriage_only_without_a_turn_up() -> None:
    assert trump_fixers(CLASSIC) == ()
    assert trump_fixers(RUBICON.evolve(selection="first-marriage")) == (MeldKind.ROYAL_MARRIAGE,)
    assert trump_fixers(RUBICON) == (MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE)


def test_meld_patterns_follow_the_trump_suit() -> None:
    royal = meld_patterns(CLASSIC, MeldKind.ROYAL_MARRIAGE, bz.Suit.HEARTS)
    assert [sorted(map(str, p.faces)) for p in royal] == [["KH", "QH"]]
    # Before trumps are fixed a marriage of any suit may be the royal one (HGM).
    assert len(meld_patterns(RUBICON, MeldKind.ROYAL_MARRIAGE, None)) == 4


def test_broken_melds_are_tracked_only_where_melds_may_be_re_formed() -> None:
    assert not tracks_broken(CLASSIC)
    assert tracks_broken(RUBICON)


def test_the_fresh_card_rule_applies_to_re_use_within_a_class() -> None:
    bezique = MeldKind.BEZIQUE.bit
    assert needs_fresh_card(CLASSIC, MeldKind.DOUBLE_BEZIQUE, [bezique, bezique, 0, 0])
    assert not needs_fresh_card(CLASSIC, MeldKind.FOUR_QUEENS, [bezique, 0, 0, 0])
    assert needs_fresh_card(CLASSIC.evolve(fresh_card="always"), MeldKind.FOUR_QUEENS, [0])


# -- re-pairing marriages (S003 swap, WKC re-pair) -----------------------------------------


def test_s003_swaps_two_whole_marriages_into_new_pairs() -> None:
    rules = RUBICON.evolve(marriage_rearrangement="swap-without-play")
    kind = MeldKind.COMMON_MARRIAGE
    history = [0] * rules.deck_size
    for card in (1, 2, 3, 4):
        history[card] = kind.bit
    broken = [0] * rules.deck_size
    married = [(1, 2), (3, 4)]
    # Kings 1 and 3, queens 2 and 4: 1 with 4 is a new pair; 1 with 2 was married.
    assert rearranged_pair(rules, kind, [1], [4], married, history, broken) == (1, 4)
    assert rearranged_pair(rules, kind, [1], [2], married, history, broken) is None
    # A marriage that lost a card is no longer whole: no swap (S003 needs two whole ones).
    broken[4] = kind.bit
    assert rearranged_pair(rules, kind, [1], [4], married, history, broken) is None


def test_wkc_re_pairs_a_lone_partner_with_a_card_of_another_marriage() -> None:
    rules = RUBICON.evolve(marriage_rearrangement=MarriageRearrangement.REPAIR_AFTER_PLAY)
    kind = MeldKind.COMMON_MARRIAGE
    history = [0] * rules.deck_size
    broken = [0] * rules.deck_size
    for card in (1, 3, 4):
        history[card] = kind.bit
    broken[1] = kind.bit  # its queen was played
    married = [(1, 2), (3, 4)]
    assert rearranged_pair(rules, kind, [1], [4], married, history, broken) == (1, 4)
    assert rearranged_pair(rules, kind, [3], [4], married, history, broken) is None


def test_re_pairing_relaxes_only_the_re_use_reasons() -> None:
    rules = RUBICON.evolve(marriage_rearrangement="repair-after-play")
    marriage = MeldKind.COMMON_MARRIAGE
    assert rearrangement_applies(rules, marriage, [Reason.SAME_KIND_REUSED])
    assert not rearrangement_applies(rules, marriage, [Reason.INFERIOR_ORDER])
    assert not rearrangement_applies(rules, MeldKind.FOUR_KINGS, [Reason.SAME_KIND_REUSED])
    assert not rearrangement_applies(RUBICON, marriage, [Reason.SAME_KIND_REUSED])


# -- re-forming after a play (WKC, BIC, S003) -----------------------------------------------


def _quartet(cards: tuple[int, ...], trick: int) -> DeclaredMeld:
    return DeclaredMeld(0, QUARTET, cards, trick, 60, True)


def test_a_play_frees_the_other_cards_of_its_meld() -> None:
    melds = [_quartet((10, 11, 12, 13), 3)]
    held = 1 << 11 | 1 << 12 | 1 << 13 | 1 << 10
    after = broken_after_play([0] * 64, 10, QUARTET.bit, melds, 0, held)
    assert [after[c] for c in (10, 11, 12, 13)] == [0, QUARTET.bit, QUARTET.bit, QUARTET.bit]


def test_a_card_that_re_formed_its_kind_is_not_freed_by_a_play_from_its_older_meld() -> None:
    # Four queens 10 11 12 13; 12 is played; 10 and 11 re-form four queens with two
    # fresh queens 20 and 21. Playing 13 (of the first meld only) must not free 10
    # and 11, whose new meld stands whole.
    first = _quartet((10, 11, 12, 13), 3)
    second = _quartet((10, 11, 20, 21), 5)
    held = 1 << 10 | 1 << 11 | 1 << 13 | 1 << 20 | 1 << 21
    broken = [0] * 64
    broken[13] = QUARTET.bit
    after = broken_after_play(broken, 13, QUARTET.bit, [first, second], 0, held)
    assert after[10] == after[11] == 0
    assert after[13] == 0


def test_re_forming_mends_the_cards_and_re_pairing_breaks_the_marriage_taken_from() -> None:
    rules = RUBICON.evolve(marriage_rearrangement="repair-after-play")
    kind = MeldKind.COMMON_MARRIAGE
    melds = [DeclaredMeld(0, kind, (1, 2), 2, 20, True), DeclaredMeld(0, kind, (3, 4), 4, 20, True)]
    history = [0] * rules.deck_size
    for card in (1, 3, 4):
        history[card] = kind.bit
    broken = [0] * rules.deck_size
    broken[1] = kind.bit
    held = 1 << 1 | 1 << 3 | 1 << 4
    after = broken_after_declaration(rules, broken, kind, [1, 4], melds, 0, held, history)
    assert after[1] == after[4] == 0
    assert after[3] == kind.bit  # its partner 4 was taken


def _replay(preset: str, seed: int, steps: int) -> bz.DealState:
    """The fingerprint's random deal ``seed`` of ``preset``, after ``steps`` actions."""
    rules = bz.rules.variants.get(preset)
    state = bz.new_deal(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(f"{preset}/{seed}")
    for _ in range(steps):
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    return state


@pytest.mark.parametrize("steps", [124])
def test_in_play_the_re_formed_quartet_stays_whole(steps: int) -> None:
    # Rubicon, a random deal: four queens QS QS QH QH are declared, a QH is played,
    # QS and QH re-form four queens with two QC, then the other QS of the first meld
    # is played. The re-formed QS and QH are in a whole four queens: not broken.
    state = _replay("rubicon", 141, steps)
    texts = {str(a) for a in state.legal_actions()}
    assert {"play QS[four-queens]", "play QH[four-queens]"} <= texts
    assert not any("four-queens*" in text for text in texts)
    quartets = [m for m in state.melds if m.kind is QUARTET]
    assert len(quartets) == 2
    holder = quartets[1].seat
    assert all(state.broken[c] == 0 for c in quartets[1].cards if c in state.held(holder))


# -- table cards named by their melds where the choice is real -------------------------------


def test_alike_table_cards_in_different_melds_are_two_choices() -> None:
    # Rubicon, a random deal: the KS of marriage 4 (its QS since declared in a
    # bezique too) and the KS of marriage 6 are alike, but playing one frees a
    # different queen to re-form its marriage: two plays, named by their melds.
    state = _replay("rubicon", 179, 92)
    texts = [str(a) for a in state.legal_actions()]
    assert "play KS[common-marriage]@4" in texts
    assert "play KS[common-marriage]@6" in texts
    assert "play KS[common-marriage]" not in texts
    vague = bz.parse_action(state, "play KS[common-marriage]")
    assert state.why_illegal(vague) == (Reason.AMBIGUOUS_CARD,)
    with pytest.raises(bz.IllegalActionError, match=r"name the card.s melds"):
        state.apply(vague)
    freed = {}
    for number in (4, 6):
        after = state.apply(f"play KS[common-marriage]@{number}")
        seat = state.current_player
        assert seat is not None
        freed[number] = sorted(
            str(after.card_ref(c))
            for c in after.held(seat)
            if after.broken[c] & MeldKind.COMMON_MARRIAGE.bit
        )
    assert freed[4] == ["QS[common-marriage*,bezique*]"]
    assert freed[6] == ["QS[common-marriage*]"]


def test_alike_cards_whose_plays_change_nothing_different_stay_one_choice() -> None:
    # Rubicon: three QS of two four-queens, all broken; playing any frees no card
    # that is not broken already, so they are one choice.
    state = _replay("rubicon", 111, 131)
    texts = [str(a) for a in state.legal_actions()]
    assert "play QS[four-queens*]" in texts
    assert not any("@" in text for text in texts)


@pytest.mark.parametrize(
    ("text", "melds"),
    [("QS[four-queens*]@3", (3,)), ("QS[bezique,four-queens]@5+2", (2, 5))],
)
def test_meld_numbers_in_the_card_notation(text: str, melds: tuple[int, ...]) -> None:
    ref = bz.CardRef.parse(text)
    assert ref.melds == melds
    assert bz.CardRef.parse(str(ref)) == ref
    assert str(ref).endswith("@" + "+".join(map(str, melds)))


@pytest.mark.parametrize("text", ["QS[bezique]@x", "QS[bezique]@0", "QS[bezique]@1+"])
def test_bad_meld_numbers_are_notation_errors(text: str) -> None:
    with pytest.raises(bz.NotationError):
        bz.CardRef.parse(text)


# -- the partner's table (the partnership rules page) ---------------------------------


@pytest.mark.parametrize(
    ("source", "combine", "kind", "from_hand", "opened"),
    [
        # BIC: a seat may combine with the partner's table, a card of its own hand added.
        ("same-player", True, MeldKind.BEZIQUE, 1, True),
        ("same-player", True, MeldKind.BEZIQUE, 0, False),
        ("same-player", False, MeldKind.BEZIQUE, 1, False),
        # BIC: a double or triple of one seat's cards only.
        ("same-player", True, MeldKind.DOUBLE_BEZIQUE, 2, False),
        ("same-player", True, MeldKind.TRIPLE_BEZIQUE, 2, False),
        # EB9, EB11: the beziques of both partners, even with combining off.
        ("either-partner", False, MeldKind.DOUBLE_BEZIQUE, 2, True),
        ("either-partner", True, MeldKind.TRIPLE_BEZIQUE, 2, True),
        ("either-partner", True, MeldKind.DOUBLE_BEZIQUE, 0, False),
        ("either-partner", False, MeldKind.BEZIQUE, 1, False),
    ],
)
def test_which_declarations_the_partners_table_is_open_to(
    source: str, combine: bool, kind: MeldKind, from_hand: int, opened: bool
) -> None:
    """Interpretations 6 and 7: the partner's table is open to a declaration holding a
    card of the declarer's hand, as ``combine_with_partner_table`` says, and to a double
    or triple as ``partnership_bezique_source`` says."""
    rules = bz.variants.PARTNERSHIP.evolve(
        partnership_bezique_source=source, combine_with_partner_table=combine
    )
    assert partner_table_open(rules, kind, from_hand) is opened
