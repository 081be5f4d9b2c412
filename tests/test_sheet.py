"""The score sheet of a game played at a real table (bezique.io.sheet) and the
irregularities it records (bezique.laws.irregularities)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from positions import CLASSIC, build, declare, meld

import bezique as bz
from bezique import MeldKind, NotationError, Reason, Suit
from bezique.io.sheet import (
    AllLastTricks,
    Brisques,
    CarteBlancheShown,
    Declaration,
    Entry,
    IrregularityEntry,
    LastTrick,
    ScoreSheet,
    Seven,
    SevenScore,
    SheetDeal,
    StockEnd,
    Tally,
    format_tally,
)
from bezique.laws.irregularities import IRREGULARITIES, forfeit_changes, forfeit_points
from bezique.laws.scoring import all_brisque_points, deal_game_scores
from bezique.programs.cli import main
from bezique.rules import variants

H = Suit.HEARTS


def tally(*entries: Entry, rules: bz.Rules = CLASSIC, dealer: int = 1) -> Tally:
    """One deal of these entries (seat 0 wins the last trick unless an entry says)."""
    if not any(isinstance(e, LastTrick) for e in entries):
        entries = (*entries, LastTrick(0))
    trump = H if rules.trumps.selection is bz.TrumpSelection.TURN_UP else None
    return ScoreSheet(rules, (SheetDeal(dealer, trump, entries),)).tally()


def scores(*entries: Entry, rules: bz.Rules = CLASSIC) -> tuple[int, ...]:
    return tally(*entries, rules=rules).deals[0].scores


def refused(
    *entries: Entry, rules: bz.Rules = CLASSIC
) -> list[tuple[int | None, tuple[Reason, ...]]]:
    return [(r.entry, r.reasons) for r in tally(*entries, rules=rules).refusals]


# -- the irregularities and their remedies (S000 laws 3-14, penalty table; S004) -------------


#: Each irregularity: its law, and what the other seat scores when seat 1 commits it.
REMEDIES = {
    "short-deal": ("S000 law 3", 0),
    "non-dealer-too-many": ("S000 law 3", 0),
    "dealer-too-many": ("S000 law 3", 0),
    "dealer-too-many-looked": ("S000 law 3", 100),
    "card-exposed-in-dealing": ("S000 law 3", 0),
    "lead-out-of-turn": ("S000 law 5; penalty table", 0),
    "played-without-drawing": ("S000 law 6; penalty table", 10),
    "drew-two": ("S000 law 6", 0),
    "drew-out-of-turn": ("S000 penalty table; S004", 10),
    "overdrawn": ("S000 law 6; penalty table", 100),
    "wrong-card-in-declaration": ("S000 law 7", 0),
    "revoke": ("S000 law 9", 0),
    "card-played-in-error": ("S000 law 13", 0),
}


def test_every_irregularity_is_in_the_table() -> None:
    """The irregularities of S000 laws 3, 5, 6, 7, 9 and 13."""
    assert set(IRREGULARITIES) == set(REMEDIES)
    assert all(i.key == key for key, i in IRREGULARITIES.items())


@pytest.mark.parametrize(("key", "expected"), sorted(REMEDIES.items()))
def test_each_remedy_scores_its_forfeit(key: str, expected: tuple[str, int]) -> None:
    """Each irregularity cites its law, and the sheet scores its forfeit to the other
    seat (S000 law 14, the default reading)."""
    law, forfeit = expected
    irregularity = IRREGULARITIES[key]
    assert irregularity.law == law
    assert irregularity.remedy
    assert forfeit_points(CLASSIC, irregularity) == forfeit
    assert scores(IrregularityEntry(1, key)) == (10 + forfeit, 0)


def test_drawing_out_of_turn_costs_ten_a_card() -> None:
    """S004: 10 for every card taken from the stock at an improper time."""
    assert scores(IrregularityEntry(1, "drew-out-of-turn", count=3)) == (40, 0)


def test_the_penalty_table_reading_of_a_lead_out_of_turn() -> None:
    """S000's penalty table: "for playing out of turn 10", against law 5 (none)."""
    rules = CLASSIC.evolve(lead_out_of_turn_forfeit=10)
    assert forfeit_points(rules, IRREGULARITIES["lead-out-of-turn"]) == 10
    assert scores(IrregularityEntry(0, "lead-out-of-turn"), rules=rules) == (10, 10)


def test_forfeits_taken_from_the_offender() -> None:
    """S000 law 14: a forfeit may be taken from the offender's score instead."""
    rules = CLASSIC.evolve(forfeits="taken-from-offender")
    overdrawn = IRREGULARITIES["overdrawn"]
    assert forfeit_changes(rules, overdrawn, offender=0, claimant=1) == (-100, 0)
    assert scores(IrregularityEntry(0, "overdrawn"), rules=rules) == (-90, 0)


def test_a_forfeit_is_not_claimed_from_the_own_side() -> None:
    with pytest.raises(bz.InvalidStateError, match="own side"):
        forfeit_changes(CLASSIC, IRREGULARITIES["overdrawn"], offender=1, claimant=1)
    problems = tally(IrregularityEntry(1, "overdrawn", claimant=1)).refusals[0].problems
    assert problems == ("seat 1 cannot claim a forfeit from seat 1, on its own side",)


def test_with_three_seats_the_claimant_is_named() -> None:
    """With three hands (S000 law 5) a forfeit goes to the seat that claims it."""
    rules = variants.THREE_HAND
    named = IrregularityEntry(2, "played-without-drawing", claimant=1)
    assert scores(named, rules=rules) == (10, 10, 0)
    (refusal,) = tally(IrregularityEntry(2, "overdrawn"), rules=rules).refusals
    assert refusal.problems == ("with more than two seats the entry must name the claimant",)


def test_an_unknown_irregularity_is_refused() -> None:
    (refusal,) = tally(IrregularityEntry(1, "cheating")).refusals
    assert refusal.problems[0].startswith("no irregularity 'cheating'; known: short-deal,")


# -- declarations checked as the engine checks them ------------------------------------------


def engine_reasons(
    kind: str, cards: str, table: tuple[tuple[str, str], ...], hand: str
) -> tuple[Reason, ...]:
    """Why the engine refuses this declaration by seat 0, with these melds declared on
    its table and these cards in its hand, hearts trumps."""
    state = build(trump="H", hand=hand, table=[meld(k, c) for k, c in table])
    return state.why_illegal(declare(kind, cards))


#: (earlier declarations, the declaration refused, the cards in hand for the engine)
WRONG = {
    # FOS p.325: the cards must form the meld.
    "not a meld": ((), ("bezique", "QS JH"), "QS JH"),
    # S000: kings and queens once married cannot be married again.
    "same kind": (
        (("royal-marriage", "KH QH"),),
        ("royal-marriage", "KH[royal-marriage] QH"),
        "QH",
    ),
    # FOS pp.325-326: no card in a meld of the same class worth as much or less.
    "inferior order": (
        (("trump-sequence", "AH TH KH QH JH"),),
        ("royal-marriage", "KH[trump-sequence] QH"),
        "QH",
    ),
    # FOS p.326: two single beziques never make a double.
    "fresh card": (
        (("bezique", "QS JD"), ("bezique", "QS JD")),
        ("double-bezique", "QS[bezique] JD[bezique] QS[bezique] JD[bezique]"),
        "",
    ),
    # FOS p.325: a double bezique may not be declared again as a single one.
    "double bezique re-use": (
        (("double-bezique", "QS JD QS JD"),),
        ("bezique", "QS[double-bezique] JD[double-bezique]"),
        "",
    ),
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_declaration_is_refused_with_the_engines_reasons(name: str) -> None:
    earlier, (kind, cards), hand = WRONG[name]
    entries = [Declaration(0, MeldKind(k), c.split()) for k, c in earlier]
    entries.append(Declaration(0, MeldKind(kind), cards.split()))
    result = tally(*entries)
    (refusal,) = result.refusals
    assert refusal.entry == len(earlier)
    expected = engine_reasons(kind, cards, earlier, hand)
    assert expected
    assert refusal.reasons == expected
    assert refusal.problems[0].startswith(expected[0].value)
    # The refused declaration scored nothing.
    points = sum(CLASSIC.meld_value(MeldKind(k)) or 0 for k, _ in earlier)
    assert result.deals[0].scores == (points + 10, 0)


def test_a_refused_declaration_puts_nothing_on_the_table() -> None:
    """The cards of a refused declaration cannot be re-used as if declared."""
    assert refused(
        Declaration(0, MeldKind.BEZIQUE, ["QS", "JH"]),
        Declaration(0, MeldKind.FOUR_QUEENS, ["QS[bezique]", "QH", "QD", "QC"]),
    ) == [(0, (Reason.NOT_A_MELD,)), (1, (Reason.CARD_NOT_HELD,))]


def test_re_use_across_classes_is_allowed() -> None:
    """S000: a married queen of spades may make a bezique and then four queens."""
    assert scores(
        Declaration(0, MeldKind.COMMON_MARRIAGE, ["KS", "QS"]),
        Declaration(0, MeldKind.BEZIQUE, ["QS[common-marriage]", "JD"]),
        Declaration(0, MeldKind.FOUR_QUEENS, ["QS[bezique,common-marriage]", "QH", "QD", "QC"]),
    ) == (20 + 40 + 60 + 10, 0)


def test_no_more_cards_of_a_face_than_the_packs_hold() -> None:
    """Two packs hold two queens of spades: a third cannot be declared from the hand."""
    assert refused(
        Declaration(0, MeldKind.BEZIQUE, ["QS", "JD"]),
        Declaration(1, MeldKind.BEZIQUE, ["QS", "JD"]),
        Declaration(0, MeldKind.COMMON_MARRIAGE, ["KS", "QS"]),
    ) == [(2, (Reason.CARD_NOT_HELD,))]


def test_a_meld_the_rules_do_not_score_is_refused() -> None:
    """Two-hand Bezique has no plain sequence (S000's score table)."""
    assert refused(Declaration(0, MeldKind.PLAIN_SEQUENCE, ["AS", "TS", "KS", "QS", "JS"])) == [
        (0, (Reason.KIND_NOT_IN_VARIANT,))
    ]


def test_the_first_marriage_fixes_trumps_without_a_turn_up() -> None:
    """Rubicon: the first marriage is royal and fixes trumps (HGM)."""
    rules = variants.RUBICON
    assert scores(
        Declaration(0, MeldKind.ROYAL_MARRIAGE, ["KD", "QD"]),
        Declaration(1, MeldKind.ROYAL_MARRIAGE, ["KC", "QC"]),
        Declaration(1, MeldKind.COMMON_MARRIAGE, ["KC", "QC"]),
        rules=rules,
    ) == (40 + rules.scoring.last_trick_points, 20)
    assert refused(
        Declaration(0, MeldKind.ROYAL_MARRIAGE, ["KD", "QD"]),
        Declaration(1, MeldKind.ROYAL_MARRIAGE, ["KC", "QC"]),
        rules=rules,
    ) == [(1, (Reason.NOT_A_MELD,))]


# -- sevens, the last trick, brisques, carte blanche -------------------------------------------


def test_the_sevens_of_two_hand() -> None:
    """S000 laws 4 and 8: a turned-up seven scores for the dealer, an exchange and a
    seven played each 10."""
    assert scores(
        Seven(1, SevenScore.TURN_UP), Seven(0, SevenScore.PLAYED), Seven(1, SevenScore.PLAYED)
    ) == (20, 20)
    assert refused(Seven(0, SevenScore.TURN_UP)) == [(0, ())]
    assert refused(Seven(0, "played"), Seven(0, "played"), Seven(1, "played")) == [(2, ())]


def test_an_exchange_leaves_a_seven_turned_up() -> None:
    """After an exchange, or with a seven turned up, the turn-up is a seven."""
    assert scores(Seven(0, SevenScore.EXCHANGE)) == (20, 0)
    assert refused(Seven(0, "exchange"), Seven(1, "exchange")) == [(1, (Reason.TURN_UP_IS_SEVEN,))]
    assert refused(Seven(1, "turn-up"), Seven(0, "exchange")) == [(1, (Reason.TURN_UP_IS_SEVEN,))]


def test_a_seven_scores_once_played_or_declared() -> None:
    """S001 (the wikipedia preset): a seven of trumps scores 10 played or declared,
    each seven once; two packs hold two."""
    rules = variants.WIKIPEDIA
    declared = Declaration(0, MeldKind.SEVEN_OF_TRUMPS, ["7H"])
    # Seat 0 also takes the last trick's 10 (the helper's default).
    assert scores(declared, Seven(1, "played"), rules=rules) == (20, 10)
    over = tally(declared, Seven(1, "played"), Seven(0, "played"), rules=rules)
    assert over.refusals[0].problems == (
        "each seven of trumps scores once, played or declared (S001): 1 played and 1 "
        "declared of the 2 in the deck",
    )
    both = tally(Seven(0, "played"), Seven(1, "played"), declared, rules=rules)
    assert [r.entry for r in both.refusals] == [2]
    # Under CLASSIC only plays score, and two sevens played are the deck's two.
    assert scores(Seven(0, "played"), Seven(1, "played")) == (20, 10)


@pytest.mark.parametrize("preset", ["cards-and-dominoes", "polish"])
def test_each_seven_scores_once_turned_up_exchanged_or_played(preset: str) -> None:
    """S003: "Or if he does not exchange, he scores 10 points when playing the dix":
    each seven of trumps scores once. Two packs hold two: one exchanged and one played
    make both, and the exchanged one played later is refused; so is the turned-up seven
    played after the other. Under CLASSIC (S000 law 8) a seven played always scores."""
    rules = variants.get(preset)
    exchanged = (Seven(0, "exchange"), Seven(1, "played"), Seven(0, "played"))
    assert scores(*exchanged[:2], rules=rules) == (20, 10)
    over = tally(*exchanged, rules=rules)
    assert [r.entry for r in over.refusals] == [2]
    assert over.refusals[0].problems == (
        "each seven of trumps scores once, turned up, exchanged or played (S003): "
        "0 turn-up, 1 exchange, 1 played, of the 2 in the deck",
    )
    turned = (Seven(1, "turn-up"), Seven(0, "played"), Seven(0, "played"))
    assert [r.entry for r in tally(*turned, rules=rules).refusals] == [2]
    assert scores(*exchanged) == (30, 10)
    assert scores(*turned) == (30, 10)


def test_sevens_the_rules_do_not_score_are_refused() -> None:
    """Rubicon has no turn-up and no dix (HGM, BIC)."""
    rules = variants.RUBICON
    assert refused(Seven(0, "exchange"), rules=rules) == [(0, (Reason.EXCHANGE_NOT_IN_VARIANT,))]
    assert tally(Seven(0, "played"), rules=rules).refusals[0].problems == (
        "these rules score no seven of trumps played to a trick",
    )


def test_one_last_trick() -> None:
    """S000 law 10: the last trick scores 10, once."""
    assert scores(LastTrick(1)) == (0, 10)
    assert refused(LastTrick(1), LastTrick(0)) == [(1, ())]


def test_the_bonuses_of_marjolet() -> None:
    """Marjolet (S003): 10 for the tenth trick, the end of the stock, and 50 for
    winning all six tricks after it, each once a deal; two-hand Bezique has neither."""
    marjolet = variants.MARJOLET
    assert scores(LastTrick(0), StockEnd(1), AllLastTricks(0), rules=marjolet) == (60, 10)
    assert refused(StockEnd(1), StockEnd(0), rules=marjolet) == [(1, ())]
    assert refused(LastTrick(0), AllLastTricks(0), AllLastTricks(0), rules=marjolet) == [(2, ())]
    assert tally(LastTrick(0), AllLastTricks(1), rules=marjolet).refusals[0].problems == (
        "seat 0 won the last trick",
    )
    assert tally(StockEnd(0)).refusals[0].problems == (
        "these rules have no bonus at the end of the stock",
    )
    assert tally(AllLastTricks(0)).refusals[0].problems == (
        "these rules have no bonus for all the last tricks",
    )
    sheet = ScoreSheet(marjolet, (SheetDeal(0, H, (StockEnd(1), AllLastTricks(0))),))
    assert ScoreSheet.from_json(sheet.to_json()) == sheet


def test_brisques_are_bounded_by_the_deck() -> None:
    """S000 law 11: 10 for each ace and ten; two packs hold sixteen."""
    assert scores(Brisques(0, 9), Brisques(1, 7)) == (100, 70)
    assert refused(Brisques(0, 9), Brisques(1, 8)) == [(1, ())]
    assert tally(Brisques(0, 17)).refusals[0].problems == ("the deck holds 16 aces and tens",)


def test_rubicon_brisques_count_only_to_save_the_rubicon() -> None:
    """BIC: aces and tens count only to break a tie or to save a player from the
    rubicon; the deal then scores as a game of its own (rounded, with the bonus)."""
    rules = variants.RUBICON
    marriage = Declaration(0, MeldKind.ROYAL_MARRIAGE, ["KD", "QD"])
    sequence = Declaration(
        0, MeldKind.TRUMP_SEQUENCE, ["AD", "TD", "KD[royal-marriage]", "QD[royal-marriage]", "JD"]
    )
    last = rules.scoring.last_trick_points
    deal = tally(marriage, sequence, Brisques(0, 20), Brisques(1, 12), rules=rules).deals[0]
    assert deal.scores == (40 + 250 + last, 0)
    assert deal.rubiconed == (False, True)
    # Equal totals: the aces and tens are counted for both.
    jacks = Declaration(1, MeldKind.FOUR_JACKS, ["JH", "JS", "JC", "JH"])
    tie = (marriage, jacks, CarteBlancheShown(1), Brisques(0, 20), Brisques(1, 12))
    assert tally(*tie, rules=rules).deals[0].scores == (40 + last + 200, 90 + 120)


def test_carte_blanche() -> None:
    """Rubicon scores a carte blanche 50 (HGM); two-hand has none (S000)."""
    assert scores(CarteBlancheShown(1), rules=variants.RUBICON)[1] == 50
    assert tally(CarteBlancheShown(1)).refusals[0].problems == (
        "these rules have no carte blanche",
    )


# -- a whole game ------------------------------------------------------------------------------


def game_sheet() -> ScoreSheet:
    """Two deals of two-hand Bezique to 1000, with irregularities and a refused entry."""
    first = SheetDeal(
        1,
        Suit.SPADES,
        (
            Seven(1, "turn-up"),
            Declaration(0, MeldKind.ROYAL_MARRIAGE, ["KS", "QS"]),
            Declaration(0, MeldKind.BEZIQUE, ["QS[royal-marriage]", "JD"]),
            Declaration(1, MeldKind.FOUR_ACES, ["AS", "AH", "AD", "AC"]),
            IrregularityEntry(1, "played-without-drawing"),
            Declaration(
                0,
                MeldKind.DOUBLE_BEZIQUE,
                ["QS[bezique,royal-marriage]", "JD[bezique]", "QS", "JD"],
            ),
            Declaration(1, MeldKind.FOUR_KINGS, ["KS", "KH", "KD", "KC"]),
            LastTrick(0),
            Brisques(0, 10),
            Brisques(1, 6),
        ),
    )
    second = SheetDeal(
        0,
        Suit.HEARTS,
        (
            Declaration(1, MeldKind.TRUMP_SEQUENCE, ["AH", "TH", "KH", "QH", "JH"]),
            Declaration(1, MeldKind.ROYAL_MARRIAGE, ["KH[trump-sequence]", "QH[trump-sequence]"]),
            IrregularityEntry(0, "dealer-too-many-looked"),
            Declaration(0, MeldKind.FOUR_ACES, ["AS", "AH", "AD", "AC"]),
            IrregularityEntry(0, "revoke"),
            LastTrick(1),
            Brisques(1, 16),
        ),
    )
    return ScoreSheet(CLASSIC, (first, second), ("Ann", "Bob"))


def test_a_whole_game_with_irregularities() -> None:
    """S000: the deals' points go to the game totals (law 12), the forfeits to the
    other seat (laws 3 and 6), and the game goes to the higher total at or over
    1000 (laws 1 and 12)."""
    result = game_sheet().tally()
    first, second = result.deals
    assert first.scores == (40 + 40 + 500 + 10 + 100 + 10, 10 + 100 + 80 + 60)
    assert first.totals == (700, 250)
    assert first.winners == ()
    assert [(r.deal, r.entry, r.reasons) for r in result.refusals] == [
        (1, 1, (Reason.INFERIOR_ORDER, Reason.NO_FRESH_CARD))
    ]
    assert second.scores == (100, 250 + 100 + 10 + 160)
    assert result.totals == (800, 770)
    assert not result.over


def test_the_game_decided_by_law_12_on_a_tie() -> None:
    """S000 law 12: equal totals at or over the target: the higher total less the aces
    and tens of the last deal wins."""
    deal = SheetDeal(
        1,
        H,
        (
            Declaration(0, MeldKind.DOUBLE_BEZIQUE, ["QS", "JD", "QS", "JD"]),
            IrregularityEntry(0, "overdrawn"),
            Declaration(1, MeldKind.FOUR_ACES, ["AS", "AD", "AC", "AH"]),
            Declaration(1, MeldKind.FOUR_KINGS, ["KS", "KD", "KC", "KH"]),
            Declaration(1, MeldKind.FOUR_QUEENS, ["QH", "QD", "QC", "QC"]),
            Declaration(1, MeldKind.FOUR_JACKS, ["JH", "JS", "JC", "JH"]),
            Declaration(1, MeldKind.ROYAL_MARRIAGE, ["KH", "QH"]),
            LastTrick(0),
            Brisques(0, 2),
            Brisques(1, 11),
        ),
    )
    result = ScoreSheet(CLASSIC.evolve(target=500), (deal,)).tally()
    assert result.totals == (530, 530)
    assert result.over
    assert result.winners == (0,)
    assert tally(*deal.entries).winners == ()


# -- JSON and the command ----------------------------------------------------------------------


def test_json_round_trip() -> None:
    sheet = game_sheet()
    assert ScoreSheet.from_json(sheet.to_json()) == sheet
    assert ScoreSheet.from_json(sheet.to_json(indent=None)) == sheet
    house = CLASSIC.evolve(name="house", forfeits="taken-from-offender")
    other = ScoreSheet(house, sheet.deals)
    data = json.loads(other.to_json())
    assert data["rules"]["knobs"]["forfeits"] == "taken-from-offender"
    assert ScoreSheet.from_dict(data) == other


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "x"}, "format: expected 'bezique-score-sheet'"),
        ({"rules": "nonesuch"}, "no preset named"),
        ({"deals": [{"dealer": 0, "entries": []}]}, "deals[0]: missing key 'trump'"),
        (
            {"deals": [{"dealer": 0, "trump": "S", "entries": [{"entry": "bonus", "seat": 0}]}]},
            "deals[0].entries[0].entry: no entry 'bonus'",
        ),
        (
            {
                "deals": [
                    {
                        "dealer": 0,
                        "trump": "S",
                        "entries": [{"entry": "seven", "seat": 0, "how": "x"}],
                    }
                ]
            },
            "deals[0].entries[0].how: expected one of turn-up, exchange, played",
        ),
        (
            {
                "deals": [
                    {"dealer": 0, "trump": "S", "entries": [{"entry": "last-trick", "seat": 5}]}
                ]
            },
            "deals[0].entries[0].seat: no seat 5",
        ),
    ],
)
def test_bad_json_is_refused(change: dict[str, object], message: str) -> None:
    data = {**game_sheet().to_dict(), **change}
    with pytest.raises(bz.BeziqueError) as error:
        ScoreSheet.from_dict(data)
    assert message in str(error.value)


def test_a_turn_up_deal_names_its_trumps() -> None:
    with pytest.raises(bz.InvalidStateError, match="must name its suit"):
        ScoreSheet(CLASSIC, (SheetDeal(0, None, ()),))


def test_an_unfinished_deal_does_not_go_to_the_game() -> None:
    result = ScoreSheet(CLASSIC, (SheetDeal(0, H, (Brisques(0, 3),)),)).tally()
    assert result.totals == (0, 0)
    assert result.refusals[0].problems == ("no last trick recorded: the deal is unfinished",)


def test_the_score_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    good = ScoreSheet(CLASSIC, game_sheet().deals[:1], ("Ann", "Bob"))
    path.write_text(good.to_json())
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "rules: classic; target 1000",
        "deal 1: Ann 700, Bob 250",
        "  totals: Ann 700, Bob 250",
        "  Bob: a player played without drawing (S000 law 6; penalty table): he draws two "
        "cards next time, and the other scores 10 if he has not drawn himself",
        "the game: not decided (target 1000)",
    ]


def test_the_score_command_shows_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(game_sheet().to_json())
    assert main(["score", str(path)]) == 1
    out = capsys.readouterr().out
    assert (
        "  refused: deal 2, entry 2: seat 1 declares royal-marriage KH[trump-sequence] "
        "QH[trump-sequence]: inferior-order (" in out
    )
    assert "  totals: Ann 800, Bob 770" in out


def test_the_score_command_on_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path = tmp_path / "bad.json"
    path.write_text("{}")
    assert main(["score", str(path)]) == 2
    assert "format: expected" in capsys.readouterr().err


def test_not_json_is_a_notation_error() -> None:
    with pytest.raises(NotationError):
        ScoreSheet.from_json("[")


def test_the_how_to_table_is_the_data() -> None:
    """The irregularities table of the how-to page is the law table, row for row."""
    page = Path(__file__).parent.parent / "docs" / "howto" / "score-sheet.md"
    keys = tuple(f"| `{key}` |" for key in IRREGULARITIES)
    rows = [line for line in page.read_text(encoding="utf-8").splitlines() if line.startswith(keys)]
    assert rows == [i.table_row() for i in IRREGULARITIES.values()]


def test_scenario_54_the_sheet_pays_each_brisque_once() -> None:
    """SC-54, SC-53; BIC: a tie at 90 broken by the aces and tens (290 / 210) leaves
    seat 1 under the rubicon; the totals enter without the brisques, and as their
    hundreds tie they stay exact: 1000 + 90 + 90 + 320, as the engine's law says."""
    rules = variants.RUBICON
    marriage = Declaration(0, MeldKind.ROYAL_MARRIAGE, ["KD", "QD"])
    jacks = Declaration(1, MeldKind.FOUR_JACKS, ["JH", "JS", "JC", "JH"])
    tie = (marriage, jacks, CarteBlancheShown(1), Brisques(0, 20), Brisques(1, 12))
    deal = tally(*tie, rules=rules).deals[0]
    assert deal.scores == (290, 210)
    assert deal.rubiconed == (False, True)
    assert deal.game_scores == (1000 + 90 + 90 + all_brisque_points(rules), 0)
    assert (deal.game_scores, deal.rubiconed) == deal_game_scores(rules, (290, 210), (200, 120))


def test_a_rubicon_deal_is_a_game_of_its_own() -> None:
    """BIC: each Rubicon deal is a game: the winner scores the bonus and the difference
    of the rounded totals, and the game is over after its deals."""
    rules = variants.RUBICON
    deal = SheetDeal(
        0, None, (Declaration(0, MeldKind.DOUBLE_BEZIQUE, ["QS", "JD"] * 2), LastTrick(0))
    )
    result = ScoreSheet(rules, (deal, deal)).tally()
    first, second = result.deals
    assert first.scores == (550, 0)
    assert first.rubiconed == (False, True)
    assert first.game_scores == (rules.scoring.rubicon_bonus + 500 + all_brisque_points(rules), 0)
    assert result.over
    assert result.winners == (0,)
    assert second.refusals[0].problems == ("the game is already over",)
    assert "the game: won by seat 0" in format_tally(ScoreSheet(rules, (deal,)), result)


def test_first_to_reach_ends_the_game_mid_deal() -> None:
    """GameEnd.FIRST_TO_REACH: the first side to reach the target wins at once; later
    entries are refused."""
    rules = CLASSIC.evolve(end="first-to-reach", target=500)
    deal = SheetDeal(
        1,
        H,
        (
            Declaration(1, MeldKind.FOUR_ACES, ["AS", "AD", "AC", "AH"]),
            Declaration(0, MeldKind.DOUBLE_BEZIQUE, ["QS", "JD", "QS", "JD"]),
            Declaration(1, MeldKind.FOUR_KINGS, ["KS", "KD", "KC", "KH"]),
        ),
    )
    result = ScoreSheet(rules, (deal,)).tally()
    assert result.over
    assert result.winners == (0,)
    assert result.totals == (500, 100)
    assert [(r.entry, r.problems) for r in result.refusals] == [(2, ("the game is already over",))]


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: Seven(0, "dealt"), NotationError),
        (lambda: Declaration(0, MeldKind.BEZIQUE, ["QS", "XX"]), NotationError),
        (lambda: LastTrick("0"), TypeError),  # type: ignore[arg-type]
        (lambda: Declaration(0, "bezique", ["QS", "JD"]), TypeError),  # type: ignore[arg-type]
    ],
)
def test_bad_entries_raise_the_librarys_errors(make: object, error: type[Exception]) -> None:
    assert callable(make)
    with pytest.raises(error):
        make()
