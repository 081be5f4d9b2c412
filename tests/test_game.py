"""Games of several deals to a target (S000 laws 1, 2 and 12)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

import bezique as bz
from bezique import (
    BeziqueError,
    DealResult,
    GameEnd,
    GameState,
    IllegalActionError,
    Reason,
    Rules,
    ScoreEvent,
    ScoreSource,
    SeatError,
    new_game,
)
from bezique.cards import FACES
from bezique.game import cut_for_deal, decide_winner
from bezique.players import GreedyPlayer, RandomPlayer

CLASSIC = bz.variants.CLASSIC


def players(seed: int) -> list[RandomPlayer]:
    return [RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)]


def play_out(game: GameState, seed: int) -> list[GameState]:
    """Play a game to its end with seeded random players; every state on the way."""
    seats = players(seed)
    seen = [game]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game = game.apply(seats[seat].choose(game.deal))
        seen.append(game)
    return seen


def finished_deals(states: Sequence[GameState]) -> list[GameState]:
    """The game states right after each deal ended."""
    return [b for a, b in itertools.pairwise(states) if len(b.results) > len(a.results)]


# -- dealer, totals, the end of the game ----------------------------------------------


@pytest.mark.parametrize("first_dealer", [0, 1])
def test_the_dealer_alternates_deal_by_deal(first_dealer: int) -> None:
    states = play_out(new_game(CLASSIC, seed=21, first_dealer=first_dealer), 21)
    dealers: list[int] = []
    for state in states:
        if not dealers or len(state.results) + 1 > len(dealers):
            dealers.append(state.deal.dealer)
    deals = len(states[-1].results)
    assert deals >= 2
    assert dealers[:deals] == [(first_dealer + i) % 2 for i in range(deals)]
    assert states[0].first_dealer == first_dealer


@pytest.mark.parametrize("target", [1000, 1500, 2000])
def test_game_ends_at_the_end_of_the_deal_that_reaches_the_target(target: int) -> None:
    """S000 laws 1 and 12: the game is decided when a deal ends, not before."""
    rules = CLASSIC.evolve(target=target)
    states = play_out(new_game(rules, seed=target), target)
    final = states[-1]
    assert final.is_over
    assert final.target == target
    for state in states[:-1]:
        assert state.winner is None
        assert state.current_player is not None
    ends = finished_deals(states)
    assert ends[-1] is final
    for end in ends[:-1]:
        assert max(end.totals) < target
        assert not end.is_over
    assert max(final.totals) >= target
    assert final.results[-1] == final.deal.result
    winner = decide_winner(rules, final.totals, final.results[-1])
    assert winner is not None
    assert final.winner == winner
    assert final.totals[winner] == max(final.totals)
    # Totals are the sums of the deal results.
    for end in ends:
        assert end.totals == tuple(sum(r.scores[s] for r in end.results) for s in range(2))
    assert final.scores == final.totals
    assert final.legal_actions() == ()
    assert final.current_player is None


def test_scores_include_the_deal_in_progress() -> None:
    states = play_out(new_game(CLASSIC, seed=4), 4)
    for state in states[:-1]:
        assert state.scores == tuple(
            t + s for t, s in zip(state.totals, state.deal.scores, strict=True)
        )


def test_reaching_the_target_in_the_middle_of_a_deal_does_not_end_the_game() -> None:
    rules = CLASSIC.evolve(target=100)
    for seed in range(30):
        states = play_out(new_game(rules, seed=seed), seed)
        first_deal = [s for s in states if not s.results]
        passed = [s for s in first_deal if max(s.deal.scores) >= 100]
        if passed:
            assert all(s.winner is None for s in first_deal)
            assert all(not s.deal.is_over for s in first_deal)
            assert states[-1].results  # decided only once a deal was over
            return
    pytest.fail("no seed reached 100 before the end of the first deal")


def test_a_finished_game_refuses_further_actions() -> None:
    final = play_out(new_game(CLASSIC, seed=8), 8)[-1]
    with pytest.raises(IllegalActionError) as info:
        final.step("draw")
    assert info.value.reasons == (Reason.DEAL_OVER,)


def test_game_apply_accepts_text() -> None:
    game = new_game(CLASSIC, seed=2)
    action = game.legal_actions()[0]
    assert game.apply(str(action)) == game.apply(action)
    after, events = game.step(action)
    assert isinstance(events, tuple)
    assert after.deal == game.deal.apply(action)


# -- the tie rule (S000 law 12, SC-35) ------------------------------------------------


def test_tie_is_won_by_the_higher_total_less_last_deal_brisques() -> None:
    """SC-35: both 1040; A's last-deal brisques 60 (6 cards), B's 80 -> A wins."""
    last = DealResult(scores=(400, 420), brisques=(6, 8), last_trick_winner=1)
    assert decide_winner(CLASSIC, (1040, 1040), last) == 0
    swapped = DealResult(scores=(420, 400), brisques=(8, 6), last_trick_winner=0)
    assert decide_winner(CLASSIC, (1040, 1040), swapped) == 1


@pytest.mark.parametrize("last_trick_winner", [0, 1])
def test_tie_still_equal_goes_to_the_last_trick_winner(last_trick_winner: int) -> None:
    last = DealResult(scores=(400, 420), brisques=(8, 8), last_trick_winner=last_trick_winner)
    assert decide_winner(CLASSIC, (1040, 1040), last) == last_trick_winner


def test_the_higher_total_wins_without_tie_break() -> None:
    last = DealResult(scores=(400, 420), brisques=(0, 16), last_trick_winner=1)
    assert decide_winner(CLASSIC, (1100, 1050), last) == 0
    assert decide_winner(CLASSIC, (990, 1000), last) == 1
    assert decide_winner(CLASSIC, (1000, 1000), last) == 0


def test_no_winner_below_the_target() -> None:
    last = DealResult(scores=(400, 420), brisques=(6, 8), last_trick_winner=1)
    assert decide_winner(CLASSIC, (999, 999), last) is None
    assert decide_winner(CLASSIC.evolve(target=1500), (1040, 1490), last) is None
    assert decide_winner(CLASSIC.evolve(target=1500), (1040, 1500), last) == 1


def test_tie_break_uses_the_rules_brisque_points() -> None:
    rules = CLASSIC.evolve(brisque_points=0)
    last = DealResult(scores=(400, 420), brisques=(6, 8), last_trick_winner=1)
    assert decide_winner(rules, (1040, 1040), last) == 1


# -- first to reach -----------------------------------------------------------------------


def first_to_reach(target: int) -> Rules:
    return CLASSIC.evolve(target=target, end=GameEnd.FIRST_TO_REACH)


@pytest.mark.parametrize("seed", range(6))
def test_first_to_reach_ends_at_the_first_score_event_reaching_the_target(seed: int) -> None:
    rules = first_to_reach(300)
    game = new_game(rules, seed=seed)
    seats = players(seed)
    running = list(game.scores)
    while True:
        seat = game.current_player
        assert seat is not None
        game, events = game.step(seats[seat].choose(game.deal))
        expected = None
        for event in events:
            running[event.seat] += event.points
            if running[event.seat] >= 300:
                expected = event.seat
                break
        if expected is not None:
            assert game.winner == expected
            assert game.totals == tuple(running)
            assert game.totals[expected] >= 300
            return
        assert game.winner is None
        running = list(game.scores)


def test_first_to_reach_can_end_in_the_middle_of_a_deal() -> None:
    rules = first_to_reach(100)
    mid_deal = 0
    for seed in range(6):
        game = new_game(rules, seed=seed)
        seats: list[bz.players.Player] = [GreedyPlayer(), RandomPlayer(seed)]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            game = game.apply(seats[seat].choose(game.deal.view(seat)))
        assert game.winner is not None
        assert game.totals[game.winner] >= 100
        mid_deal += not game.deal.is_over
    assert mid_deal > 0


def recorded_deal(seed: int) -> tuple[list[bz.Action], list[tuple[ScoreEvent, ...]]]:
    """The actions and score events of one random first deal of a game."""
    game = new_game(CLASSIC.evolve(target=100_000), seed=seed)
    seats = players(seed)
    actions: list[bz.Action] = []
    events: list[tuple[ScoreEvent, ...]] = []
    while not game.results:
        seat = game.current_player
        assert seat is not None
        action = seats[seat].choose(game.deal)
        game, scored = game.step(action)
        actions.append(action)
        events.append(scored)
    return actions, events


def test_first_to_reach_counts_the_non_dealers_brisques_first() -> None:
    """S000 law 12: the non-dealer scores aces and tens first, so if both players
    reach the target with their brisques, the non-dealer gets there first."""
    for seed in range(40):
        actions, events = recorded_deal(seed)
        running = [0, 0]
        highest = 0
        for scored in events[:-1]:
            for event in scored:
                running[event.seat] += event.points
                highest = max(highest, *running)
        brisques = [e for e in events[-1] if e.source is ScoreSource.BRISQUES]
        for event in events[-1]:
            if event.source is not ScoreSource.BRISQUES:
                running[event.seat] += event.points
                highest = max(highest, *running)
        before = list(running)
        for event in brisques:
            running[event.seat] += event.points
        target = highest + 1
        if len(brisques) == 2 and min(running) >= target:
            break
    else:
        pytest.fail("no deal where both players pass the target only with their brisques")
    # Deal 1 is dealt by seat 0: seat 1 counts first (S000 law 12).
    assert [e.seat for e in brisques] == [1, 0]
    game = new_game(first_to_reach(target), seed=seed)
    for action in actions[:-1]:
        game = game.apply(action)
        assert game.winner is None
    game = game.apply(actions[-1])
    assert game.winner == 1
    assert game.totals[1] == before[1] + brisques[0].points >= target


# -- reproducibility ------------------------------------------------------------------------


def test_a_seeded_game_is_reproducible() -> None:
    one = play_out(new_game(CLASSIC, seed="abc"), 5)
    two = play_out(new_game(CLASSIC, seed="abc"), 5)
    assert one == two
    assert new_game(CLASSIC, seed=1).deal != new_game(CLASSIC, seed=2).deal


def test_each_deal_of_a_seeded_game_comes_from_the_game_seed() -> None:
    states = play_out(new_game(CLASSIC, seed=12), 12)
    starts = [states[0].deal, *(s.deal for s in finished_deals(states) if not s.is_over)]
    for index, deal in enumerate(starts):
        assert deal == bz.new_deal(CLASSIC, seed=f"12/{index}", dealer=index % 2)


def shuffled_decks(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    decks = []
    for _ in range(count):
        deck = list(range(64))
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def test_a_game_from_explicit_decks_reproduces() -> None:
    decks = shuffled_decks(40, 77)
    one = play_out(new_game(CLASSIC, decks=decks), 3)
    two = play_out(new_game(CLASSIC, decks=decks), 3)
    assert one == two
    assert one[0].deal == bz.new_deal(CLASSIC, deck=decks[0], dealer=0)
    ends = finished_deals(one)
    for index, end in enumerate(ends[:-1], start=1):
        assert end.deal == bz.new_deal(CLASSIC, deck=decks[index], dealer=index % 2)
    # Faces work as well as card ids: the same faces go to the same places.
    faces = [[str(FACES[c % 32]) for c in deck] for deck in decks]
    by_face = new_game(CLASSIC, decks=faces).deal
    for seat in (0, 1):
        assert sorted(bz.face_of(c) for c in by_face.hand(seat)) == sorted(
            bz.face_of(c) for c in one[0].deal.hand(seat)
        )
    assert [bz.face_of(c) for c in by_face.stock] == [bz.face_of(c) for c in one[0].deal.stock]


def test_a_game_that_runs_out_of_decks_says_so() -> None:
    game = new_game(CLASSIC.evolve(target=100_000), decks=shuffled_decks(1, 5))
    with pytest.raises(BeziqueError, match="deal 2"):
        play_out(game, 5)


@pytest.mark.parametrize("first_dealer", [2, -1, "dealer"])
def test_a_bad_first_dealer_is_a_seat_error(first_dealer: object) -> None:
    with pytest.raises(SeatError):
        new_game(CLASSIC, seed=1, first_dealer=first_dealer)  # type: ignore[call-overload]


@pytest.mark.parametrize("first_dealer", [None, 1.0, True])
def test_a_first_dealer_of_the_wrong_type_is_a_type_error(first_dealer: object) -> None:
    with pytest.raises(TypeError, match="first_dealer must be an int"):
        new_game(CLASSIC, seed=1, first_dealer=first_dealer)  # type: ignore[call-overload]


# -- cutting for deal (S000 law 2) ----------------------------------------------------------

#: S000 law 2: the lowest card deals, the ace lowest, the ten lower than the knave.
CUT_ORDER = ["A", "7", "8", "9", "T", "J", "Q", "K"]


def cut_by_hand(seed: int) -> tuple[int, list[list[str]]]:
    """Repeat the seeded cut independently: each cut draws a face for each player."""
    rng = random.Random(f"cut/{seed}")
    rounds: list[list[str]] = []
    while True:
        cuts = [str(FACES[rng.randrange(32)])[0] for _ in range(2)]
        rounds.append(cuts)
        low = min(cuts, key=CUT_ORDER.index)
        if cuts.count(low) == 1:
            return cuts.index(low), rounds


def test_cut_for_deal_follows_s000_law_2() -> None:
    seen: set[str] = set()
    for seed in range(300):
        dealer, rounds = cut_by_hand(seed)
        assert cut_for_deal(CLASSIC, seed) == dealer, (seed, rounds)
        assert new_game(CLASSIC, seed=seed, first_dealer="cut").first_dealer == dealer
        assert new_game(CLASSIC, seed=seed, first_dealer="cut").deal.dealer == dealer
        last = rounds[-1]
        if len(rounds) > 1:
            seen.add("cut again")
        if sorted(last) == ["A", "K"]:
            assert last[dealer] == "A"
            seen.add("ace below king")
        if sorted(last) == ["J", "T"]:
            assert last[dealer] == "T"
            seen.add("ten below jack")
        if sorted(last) == ["9", "T"]:
            assert last[dealer] == "9"
            seen.add("nine below ten")
        if "A" in last:
            assert last[dealer] == "A"
    assert seen == {"cut again", "ace below king", "ten below jack", "nine below ten"}


def test_cut_for_deal_is_reproducible() -> None:
    assert [cut_for_deal(CLASSIC, s) for s in range(50)] == [
        cut_for_deal(CLASSIC, s) for s in range(50)
    ]
    assert {cut_for_deal(CLASSIC, s) for s in range(50)} == {0, 1}
