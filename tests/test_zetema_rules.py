"""Zetema's rules, one scenario per rule, each citing its source (S003: the C&D page
after Sackson; PAR-Z: Parlett's reprint of Sackson, the values and the turn of draw
one; CAS-Z: the 1881 values), and one test per knob that fails if the knob is
ignored."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from zetema_positions import cards, position

from bezique.cards import Suit
from bezique.errors import IllegalActionError, NotationError, RulesError, SeatError
from bezique.legality import Reason
from bezique.zetema import (
    KING,
    ZETEMA,
    ZETEMA_1881,
    Declare,
    Discard,
    Marry,
    ZetemaState,
    combination_kind,
    deck_faces,
    get,
    new_game,
    new_hand,
    parse_action,
    parse_face,
    rank_of,
)
from bezique.zetema.laws import left_of, turn_order
from bezique.zetema.state import DISCARD, OVER, shuffled_deck


def card(text: str) -> int:
    return parse_face(text)


def play(state: ZetemaState, *texts: str) -> ZetemaState:
    for text in texts:
        state = state.apply(text)
    return state


def events(state: ZetemaState, text: str) -> list[tuple[str, int]]:
    return [(e.kind, e.points) for e in state.step(text)[1]]


# -- the deck and the deal ---------------------------------------------------------------


def test_deck_has_five_of_every_rank_and_two_copies_of_the_imperial_suit() -> None:
    # S003 "The Deck and Deal": a 52-card pack and the 13 spades of a second one.
    deck = deck_faces(Suit.SPADES)
    assert len(deck) == 65
    assert set(Counter(rank_of(c) for c in deck).values()) == {5}
    assert Counter(deck)[card("7S")] == 2
    assert Counter(deck)[card("7H")] == 1


@pytest.mark.parametrize(("players", "size"), [(2, 6), (3, 6), (4, 6), (5, 6), (6, 5)])
def test_deal_sizes(players: int, size: int) -> None:
    # S003: six cards each, five with six players; PAR-Z: the first player draws one.
    state = new_game(ZETEMA.evolve(players=players), seed=5)
    first = state.current_player
    assert first == 1
    assert [len(h) for h in state.hands] == [size + (s == first) for s in range(players)]
    assert len(state.stock) == 65 - players * size - 1


def test_the_seat_after_the_dealer_starts_and_the_turn_passes_left() -> None:
    # S003: the deal passes to the left; the player at the dealer's left begins.
    state = new_game(ZETEMA.evolve(players=3), seed=2, dealer=2)
    assert state.current_player == 0
    state = state.apply(Discard(state.hands[0][0]))
    assert state.current_player == 1
    state = state.apply(Discard(state.hands[1][0]))
    assert state.current_player == 2


def test_the_turns_and_the_deal_go_to_the_left() -> None:
    # S003: the seat to the dealer's left is dealt to and plays first, then on to the left.
    assert [left_of(seat, 3) for seat in range(3)] == [1, 2, 0]
    assert turn_order(2, 3) == (0, 1, 2)
    assert turn_order(0, 4) == (1, 2, 3, 0)


def test_the_deal_rotates_to_the_left_after_each_hand() -> None:
    # S003: the deal passes to the left.
    state = new_game(ZETEMA.evolve(players=3, target=10**6), seed=4, dealer=1)
    while state.hand_number == 1:
        state = state.apply(state.legal_actions()[-1])
    assert (state.dealer, state.current_player) == (2, 0)
    assert len(state.results) == 1
    assert sum(state.results[0]) == sum(state.scores)


def test_a_dealer_off_the_table_is_refused() -> None:
    with pytest.raises(SeatError):
        new_game(ZETEMA, seed=1, dealer=2)


def test_a_hand_is_dealt_from_the_deck_given() -> None:
    """S003: one card at a time from the dealer's left; the rest is the stock."""
    deck = list(shuffled_deck(ZETEMA, 9, 1))
    assert new_hand(ZETEMA, deck=deck, dealer=1) == attrs.evolve(
        new_hand(ZETEMA, 9, dealer=1), seed=0
    )
    state = new_hand(ZETEMA.evolve(players=3), deck=deck)
    assert state.hands[1] == tuple(sorted([*deck[0:18:3], deck[18]]))
    assert state.stock == tuple(deck[19:])
    with pytest.raises(NotationError, match="65 cards"):
        new_hand(ZETEMA, deck=deck[1:])
    with pytest.raises(NotationError, match="65 cards"):
        new_hand(ZETEMA, deck=[*deck[1:], deck[1]])
    with pytest.raises(TypeError, match="deck"):
        new_hand(ZETEMA, deck="AS")  # type: ignore[arg-type]


# -- the turn ----------------------------------------------------------------------------


def test_a_turn_draws_one_card() -> None:
    # PAR-Z: draw one card, so seven in hand, then discard back to six.
    state = position(["2S 4H 6D 8C TS QH KD", "3S 5H 7D 9C JS KH"], stock="AC AD")
    after = state.apply("discard 2S")
    assert after.current_player == 1
    assert len(after.hands[0]) == 6
    assert len(after.hands[1]) == 7
    assert card("AC") in after.hands[1]
    assert len(after.stock) == len(state.stock) - 1


def test_draw_to_six_knob_draws_up_to_six() -> None:
    # S003: draw as many as bring the hand up to six.
    rules = ZETEMA.evolve(draw_to_six=True)
    state = new_game(rules, seed=5)
    assert [len(h) for h in state.hands] == [6, 6]
    after = state.apply(Discard(state.hands[1][0]))
    assert [len(h) for h in after.hands] == [6, 5]
    assert len(after.stock) == len(state.stock)


def test_one_combination_a_turn_and_the_discard_is_one_of_its_cards() -> None:
    # S003 "Scoring Combinations": one combination a turn, then discard one of its cards.
    state = position(["2H 5H 7H 8H TH KH 3C", "3S 5S 7D 9C JS KS"])
    after = state.apply("declare flush 2H 5H 7H 8H TH KH")
    assert after.phase == DISCARD
    assert after.legal_actions() == tuple(Discard(c) for c in cards("2H 5H 7H 8H TH KH"))
    reason = after.why_illegal(parse_action("discard 3C"))
    assert reason == (Reason.DISCARD_FROM_COMBINATION,)
    again = after.why_illegal(parse_action("declare flush 2H 5H 7H 8H TH KH"))
    assert again == (Reason.ONE_COMBINATION_A_TURN,)
    assert again[0].explanation.startswith("one combination a turn")
    # The combination's other cards stay in the hand.
    done = after.apply("discard KH")
    assert done.hands[0] == cards("2H 5H 7H 8H TH 3C")


@pytest.mark.parametrize(
    ("hand", "kind", "points"),
    [
        ("AS 2H 3D 4C 5S 6H 9D", "sequence", 20),  # the ace low
        ("8H 9D TS JS QC KH 2D", "sequence", 20),  # the king the highest
        ("2H 5H 7H 8H TH KH 3C", "flush", 30),
        ("8D 9D TD JD QD KD 2C", "flush-sequence", 50),
    ],
)
def test_combinations_and_their_values(hand: str, kind: str, points: int) -> None:
    # S003 lists the combinations; PAR-Z gives sequence 20, flush 30, flush sequence 50.
    state = position([hand, "3S 5S 7D 9C JS KS"])
    declared = next(a for a in state.legal_actions() if isinstance(a, Declare))
    assert declared.kind == kind
    assert events(state, str(declared)) == [(kind, points)]


def test_a_sequence_does_not_go_round_the_corner() -> None:
    # PAR-Z: the ace is low only.
    assert combination_kind(cards("QS KH AD 2C 3S 4H"), ZETEMA) is None
    assert combination_kind(cards("AS 2H 3D 4C 5S 5H"), ZETEMA) is None


def test_a_flush_sequence_is_one_combination_not_also_a_flush() -> None:
    state = position(["8D 9D TD JD QD KD 2C", "3S 5S 7D 9C JS KS"])
    declared = [a for a in state.legal_actions() if isinstance(a, Declare)]
    assert [a.kind for a in declared] == ["flush-sequence"]


@pytest.mark.parametrize(
    ("rank", "points"), [("K", 130), ("Q", 130), ("J", 120), ("A", 110), ("5", 110), ("7", 100)]
)
def test_assemblies(rank: str, points: int) -> None:
    # S003: all five of a rank; PAR-Z: K or Q 130, J 120, A or 5 110, others 100.
    five = " ".join(rank + s for s in "SSHDC")
    state = position([five + " 2C 3D", "4S 6S 8D 9C TS 2H"])
    assert events(state, "declare assembly " + five) == [("assembly", points)]


def test_zetema_1881_values() -> None:
    # CAS-Z: assemblies K, Q 100, J 90, A, 5 80, others 60.
    five = "KS KS KH KD KC"
    state = position([five + " 2C 3D", "4S 6S 8D 9C TS 2H"], rules=ZETEMA_1881)
    assert events(state, "declare assembly " + five) == [("assembly", 100)]
    sevens = "7S 7S 7H 7D 7C"
    state = position([sevens + " 2C 3D", "4S 6S 8D 9C TS 2H"], rules=ZETEMA_1881)
    assert events(state, "declare assembly " + sevens) == [("assembly", 60)]


# -- marriages ---------------------------------------------------------------------------


def test_marriages_take_cards_from_the_tableau_with_one_from_the_hand() -> None:
    # S003: any number at once; one card from the hand, the others may be the tableau's.
    state = position(["KH QD 2C 3C 4C 6C 9S", "3S 5S 7D 9C JS 8S"], tableau="QH KD KS QS")
    marriages = [a for a in state.legal_actions() if isinstance(a, Marry)]
    assert Marry(cards("KH"), cards("QH")) in marriages
    assert Marry(cards("KH QD"), cards("QH KD KS QS")) in marriages
    # No declaration is made of the tableau's cards alone.
    assert all(m.hand for m in marriages)
    with pytest.raises(NotationError, match="needs a card from the hand"):
        Marry((), cards("KS QS"))
    # Each choice once.
    assert len(marriages) == len(set(marriages))


@pytest.mark.parametrize(
    ("hand", "tableau", "points"),
    [
        ("KH", "QH", 10),
        ("KH QD", "QH KD", 30),
        ("KS", "QS", 20),  # one imperial marriage: 10 + 10
        ("KH QD", "QH KD KS QS", 70),  # three, one imperial: 60 + 10
        ("KH QD KC", "QH KD QC", 60),
        ("KH QD KC KS", "QH KD QC QS", 110),  # four, one imperial: 100 + 10
        ("KH QD KC KS KS", "QH KD QC QS QS", 150),  # five: no imperial bonus
    ],
)
def test_marriage_values(hand: str, tableau: str, points: int) -> None:
    # PAR-Z: 1-5 marriages 10/30/60/100/150, +10 each imperial when fewer than five.
    rest = "2C 3C 4C 6C 9D 8D 7D"
    held = hand + " " + " ".join(rest.split()[: 7 - len(hand.split())])
    state = position([held, "3S 5S 7H 9C JS 8S"], tableau=tableau)
    text = f"marry {hand} / {tableau}"
    assert events(state, text) == [("marriages", points)]


def test_married_cards_go_to_the_marriage_pile_and_the_hand_is_refilled() -> None:
    # S003: married cards to their own pile, out of the tableau; PAR-Z: refill, no discard.
    state = position(
        ["KH QD 2C 3C 4C 6C 9S", "3S 5S 7D 9C JS 8S"], tableau="QH KD 7H", stock="AH AD AC"
    )
    after = state.apply("marry KH QD / QH KD")
    assert after.marriage_pile == cards("KD KH QD QH")
    assert after.tableau[KING] == ()
    assert after.tableau[rank_of(card("7H"))] == cards("7H")
    assert after.hands[0] == cards("2C 3C 4C 6C 9S AH")  # refilled to six
    assert after.current_player == 1
    assert len(after.hands[1]) == 7


def test_draw_to_six_knob_keeps_the_discard_after_a_marriage() -> None:
    # S003: after the combination (if any) the player discards one card.
    rules = ZETEMA.evolve(draw_to_six=True)
    state = position(["KH QD 2C 3C 4C 6C", "3S 5S 7D 9C JS 8S"], tableau="QH KD", rules=rules)
    after = state.apply("marry KH QD / QH KD")
    assert (after.current_player, after.phase) == (0, DISCARD)
    assert after.hands[0] == cards("2C 3C 4C 6C")


def test_imperial_knob_moves_the_duplicated_suit() -> None:
    # S003: the imperial suit is the duplicated one (spades by convenience).
    rules = ZETEMA.evolve(imperial=Suit.HEARTS)
    assert Counter(deck_faces(Suit.HEARTS))[card("KH")] == 2
    state = position(["KH 2C 3C 4C 6C 9S 8D", "3S 5S 7D 9C JS 8S"], tableau="QH", rules=rules)
    assert events(state, "marry KH / QH") == [("marriages", 20)]
    state = position(["KS 2C 3C 4C 6C 9H 8D", "3H 5H 7D 9C JH 8H"], tableau="QS", rules=rules)
    assert events(state, "marry KS / QS") == [("marriages", 10)]


def test_imperial_flushes_knob() -> None:
    # CAS-Z: a flush is never in the imperial suit; a run of it is a sequence.
    assert combination_kind(cards("2S 4S 6S 8S TS QS"), ZETEMA) == "flush"
    assert combination_kind(cards("2S 4S 6S 8S TS QS"), ZETEMA_1881) is None
    assert combination_kind(cards("2S 3S 4S 5S 6S 7S"), ZETEMA_1881) == "sequence"
    assert combination_kind(cards("2H 3H 4H 5H 6H 7H"), ZETEMA_1881) == "flush-sequence"


# -- zetemas -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "points"), [("K", 50), ("Q", 50), ("J", 20), ("A", 15), ("5", 15), ("9", 5)]
)
def test_the_fifth_card_of_a_rank_on_the_tableau_is_a_zetema(rank: str, points: int) -> None:
    # S003 "Scoring Zetemas"; PAR-Z: K or Q 50, J 20, A or 5 15, others 5.
    laid = " ".join(rank + s for s in "SHDC")
    state = position([rank + "S 2C 3C 4C 6C 7D 8D", "3S 6H 7H 6D 4S 8S"], tableau=laid)
    after, scored = state.step("discard " + rank + "S")
    assert [(e.kind, e.points) for e in scored] == [("zetema", points)]
    assert after.tableau[rank_of(card(rank + "S"))] == ()
    assert Counter(after.zetema_pile) == Counter(cards(laid + " " + rank + "S"))


def test_four_cards_of_a_rank_are_no_zetema() -> None:
    # S003 "Scoring Zetemas": the fifth card only.
    state = position(["9S 2C 3C 4C 6C 7D 8D", "3S 5H 7H JS 8S"], tableau="9H 9D 9C")
    assert events(state, "discard 9S") == []


# -- the end of a hand -------------------------------------------------------------------


def test_no_drawing_once_the_stock_is_out() -> None:
    # S003 "Ending a Hand": no more drawing; players go on discarding.
    state = position(["2C 3C", "5H 7H"], stock=None)
    after = state.apply("discard 2C")
    assert after.hands == (cards("3C"), cards("5H 7H"))
    assert after.current_player == 1


def test_a_player_without_cards_drops_out() -> None:
    # S003: one who cannot go on drops out while the others finish.
    state = position(["2C 3C", "", "5H 7H"], stock=None)
    after = state.apply("discard 2C")
    assert after.current_player == 2


def test_the_hand_ends_when_no_one_holds_a_card() -> None:
    # S003 "Ending a Hand": the others finish; then the deal passes to the left.
    state = position(["2C", "5H"], stock=None, dealer=1)
    state = play(state, "discard 2C")
    after = state.apply("discard 5H")
    assert after.hand_number == 2
    assert after.dealer == 0
    assert after.current_player == 1
    assert after.results == ((0, 0),)


def test_with_two_players_a_zetema_in_the_end_lets_the_player_discard_again() -> None:
    # S003: with two players, one who completes a zetema goes on discarding.
    state = position(["9S 2H 4H", "3C 5C"], stock=None, tableau="9H 9D 9C 9S")
    after = state.apply("discard 9S")
    assert (after.current_player, after.phase) == (0, DISCARD)
    assert after.legal_actions() == (Discard(card("2H")), Discard(card("4H")))
    assert after.apply("discard 2H").current_player == 1


def test_the_continuation_is_for_two_players_only() -> None:
    # S003: "in a two-player game".
    state = position(["9S 2H", "3C 5C", "6D"], stock=None, tableau="9H 9D 9C 9S")
    assert state.apply("discard 9S").current_player == 1


def test_the_continuation_waits_for_the_stock_to_run_out() -> None:
    # S003 states it among the rules for the end of a hand, once the stock is out.
    state = position(["9S 2H 4H 6H 8H TH JH", "3C 5C"], tableau="9H 9D 9C 9S")
    assert state.apply("discard 9S").current_player == 1


# -- the game ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "target"), [(2, 300), (3, 300), (4, 200), (5, 200), (6, 200)])
def test_game_targets(players: int, target: int) -> None:
    # S003: 300 with two or three players, 200 with four or more.
    assert ZETEMA.evolve(players=players).target_score == target


def test_play_stops_the_moment_a_score_reaches_the_target() -> None:
    # PAR-Z: even in the middle of a hand.
    state = position(["2H 5H 7H 8H TH KH 3C", "3S 5S 7D 9C JS 8S"], side_scores=(290, 0))
    after = state.apply("declare flush 2H 5H 7H 8H TH KH")
    assert after.phase == OVER
    assert after.is_over
    assert after.winners == (0,)
    assert after.current_player is None
    assert after.legal_actions() == ()
    assert after.why_illegal(Discard(card("2H"))) == (Reason.DEAL_OVER,)


def test_finish_hand_knob_plays_the_hand_out() -> None:
    # S003's change: the last hand is played out.
    rules = ZETEMA.evolve(finish_hand=True)
    state = position(["2H 5H 7H 8H TH KH 3C", "3S"], side_scores=(290, 0), stock=None, rules=rules)
    state = state.apply("declare flush 2H 5H 7H 8H TH KH")
    assert not state.is_over
    assert state.scores == (320, 0)
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    assert state.winners == (0,)
    assert state.hand_number == 1


def test_four_players_score_as_two_sides() -> None:
    # S003: four play as two sides of two; partners share a score.
    state = position(
        ["2C 3C", "3S 4D", "2H 5H 7H 8H TH KH 3D", "4S"],
        current_player=2,
        stock=None,
        side_scores=(0, 0),
    )
    after = state.apply("declare flush 2H 5H 7H 8H TH KH")
    assert after.side_scores == (30, 0)
    assert after.scores == (30, 0, 30, 0)  # each seat stands at its side's total


@pytest.mark.parametrize(("sides", "expected"), [(2, (30, 0)), (3, (0, 30, 0))])
def test_six_players_as_two_sides_of_three_or_three_of_two(
    sides: int, expected: tuple[int, ...]
) -> None:
    # S003: six play as two sides of three or three of two.
    rules = ZETEMA.evolve(players=6, sides_of_six=sides)
    hands = ["2C", "3C", "4C", "5C", "2H 5H 7H 8H TH KH", "6C"]
    state = position(hands, current_player=4, stock=None, rules=rules)
    assert state.apply("declare flush 2H 5H 7H 8H TH KH").side_scores == expected


def test_partnerships_knob_off_scores_each_player() -> None:
    # S003: four or six "play best in partnerships", so each for himself is allowed.
    rules = ZETEMA.evolve(players=4, partnerships=False)
    assert rules.side_count == 4
    assert rules.side_of(2) == 2


# -- refusals ----------------------------------------------------------------------------


def test_an_illegal_action_raises_and_leaves_the_state_unchanged() -> None:
    state = position(["2H 5H 7H 8H TH KH 3C", "3S 5S 7D 9C JS 8S"], tableau="QS")
    before = state
    with pytest.raises(IllegalActionError, match="not in the player's hand") as refused:
        state.apply("discard AS")
    assert refused.value.reasons == (Reason.CARD_NOT_HELD,)
    with pytest.raises(IllegalActionError, match="do not form") as refused:
        state.apply("declare sequence 2H 5H 7H 8H TH KH")
    assert refused.value.reasons == (Reason.NOT_A_MELD,)
    with pytest.raises(IllegalActionError, match="do not form") as refused:
        state.apply(Marry(cards("KH"), cards("QS")))
    assert refused.value.reasons == (Reason.NOT_A_MELD,)
    with pytest.raises(IllegalActionError, match="not on the tableau"):
        state.apply(Marry(cards("KH"), cards("QH")))
    assert state == before
    with pytest.raises(TypeError, match="action must be a Zetema action"):
        state.why_illegal("discard 2H")  # type: ignore[arg-type]  # text is no action object


def test_rules_are_checked() -> None:
    with pytest.raises(RulesError) as error:
        ZETEMA.evolve(players=7, sides_of_six=4)
    assert error.value.fields == ("players", "sides_of_six")
    with pytest.raises(RulesError):
        ZETEMA.evolve(marriages=(10, 30))
    with pytest.raises(RulesError, match="known: zetema, zetema-1881"):
        get("zetema-1990")
    assert get("Zetema_1881") is ZETEMA_1881


# -- a hand worked by hand ---------------------------------------------------------------


def test_golden_hand_worked_by_hand() -> None:
    # Two players, the stock out, seat 0 to play; the game stands at 100 to 120.
    state = position(
        ["2H 3H 4H 5H 6H 7H", "KH KS 9C"],
        stock=None,
        tableau="7S 7S 7D 7C 2S 2S 2D 2C 4S 4S 4D 4C 5S 5S 5D 5C QH QS",
        side_scores=(100, 120),
        dealer=1,
    )
    scored: list[tuple[int, str, int]] = []

    def go(text: str) -> None:
        nonlocal state
        state, made = state.step(text)
        scored.extend((e.seat, e.kind, e.points) for e in made)

    # Seat 0: six hearts in a row, a flush sequence, 50 (PAR-Z); the discard must be
    # one of them: 7H, the fifth seven on the tableau, a zetema of sevens, 5 (PAR-Z).
    go("declare flush-sequence 2H 3H 4H 5H 6H 7H")
    go("discard 7H")
    # Two players, the stock out: the zetema lets seat 0 discard again (S003). 2H is
    # the fifth two, 5 more; again: 3H completes nothing, and the turn passes.
    go("discard 2H")
    assert state.current_player == 0
    go("discard 3H")
    assert state.current_player == 1
    # Seat 1: two marriages, hearts and the imperial spades, the queens from the
    # tableau: 30 for two, 10 for the imperial one (PAR-Z); no discard after
    # marriages, and the empty stock refills nothing.
    go("marry KH KS / QH QS")
    assert state.current_player == 0
    assert state.hands[1] == cards("9C")
    # Seat 0: 4H, the fifth four, 5; again 5H, the fifth five, 15 (PAR-Z: A or 5);
    # again 6H, nothing; seat 0 is out of cards.
    go("discard 4H")
    go("discard 5H")
    go("discard 6H")
    # Seat 1 lays its last card; no one holds a card: the hand is over.
    before = state
    go("discard 9C")
    assert scored == [
        (0, "flush-sequence", 50),
        (0, "zetema", 5),
        (0, "zetema", 5),
        (1, "marriages", 40),
        (0, "zetema", 5),
        (0, "zetema", 15),
    ]
    # Seat 0: 50 + 5 + 5 + 5 + 15 = 80; seat 1: 40.
    assert before.hand_scores == (80, 40)
    assert state.results == ((80, 40),)
    assert state.scores == (180, 160)
    # The next hand: seat 0 deals, seat 1 begins (S003), with six cards and its draw.
    assert (state.hand_number, state.dealer, state.current_player) == (2, 0, 1)
    assert [len(h) for h in state.hands] == [6, 7]
    assert state.hand_scores == (0, 0)


def test_target_knob() -> None:
    rules = ZETEMA.evolve(target=100)
    state = position(
        ["2H 5H 7H 8H TH KH 3C", "3S 5S 7D 9C JS 8S"], side_scores=(70, 0), rules=rules
    )
    assert state.apply("declare flush 2H 5H 7H 8H TH KH").winners == (0,)
    state = position(["2H 5H 7H 8H TH KH 3C", "3S 5S 7D 9C JS 8S"], side_scores=(70, 0))
    assert not state.apply("declare flush 2H 5H 7H 8H TH KH").is_over


@pytest.mark.parametrize(
    ("knob", "value", "hand", "tableau", "action", "points"),
    [
        ("sequence", 25, "AS 2H 3D 4C 5S 6H 9D", "", "declare sequence AS 2H 3D 4C 5S 6H", 25),
        ("flush", 35, "2H 5H 7H 8H TH KH 3C", "", "declare flush 2H 5H 7H 8H TH KH", 35),
        (
            "flush_sequence",
            60,
            "8D 9D TD JD QD KD 2C",
            "",
            "declare flush-sequence 8D 9D TD JD QD KD",
            60,
        ),
        ("marriages", (12, 30, 60, 100, 150), "KH 2C 3C 4C 6C 9D 8D", "QH", "marry KH / QH", 12),
        ("imperial_marriage", 25, "KS 2C 3C 4C 6C 9D 8D", "QS", "marry KS / QS", 35),
        (
            "zetema",
            (5,) * 8 + (7,) + (5,) * 4,
            "9S 2C 3C 4C 6C 7D 8D",
            "9H 9D 9C 9S",
            "discard 9S",
            7,
        ),
    ],
)
def test_value_knobs(
    knob: str, value: object, hand: str, tableau: str, action: str, points: int
) -> None:
    # Each value of the tables is a knob: the score follows it.
    rules = ZETEMA.evolve(**{knob: value})
    state = position([hand, "TC JC QC 6D 4D 5D"], tableau=tableau, rules=rules)
    assert [e.points for e in state.step(action)[1]] == [points]
    assert [e.points for e in attrs.evolve(state, rules=ZETEMA).step(action)[1]] != [points]
