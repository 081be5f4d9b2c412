"""Seats and sides: the engine deals, plays, draws and scores for any number of seats,
and adds scores up by side when seats play in partnerships.

No preset has more than two seats yet; these rule sets are CLASSIC with more seats
and packs (three packs for three, four for four, as the three- and four-hand games
of the sources deal: FOS p.330, BRI), so that the seams are exercised by the same
invariant checks as the two-hand game.
"""

from __future__ import annotations

import random

import pytest
from strategies import checked_playout, trick_winner_by_law

import bezique as bz
from bezique.errors import RulesError
from bezique.laws.dealing import seat_order
from bezique.laws.scoring import brisques_counted
from bezique.records import Phase

THREE = bz.variants.CLASSIC.evolve(name="three-seats", players=3, packs=3)
FOUR = bz.variants.CLASSIC.evolve(name="four-seats", players=4, packs=4)
PARTNERS = FOUR.evolve(name="partners", sides=(0, 1, 0, 1))


def test_seat_order_goes_round_the_table() -> None:
    assert seat_order(3, 2) == (2, 0, 1)
    assert seat_order(4, 5) == (1, 2, 3, 0)


@pytest.mark.parametrize("rules", [THREE, FOUR])
def test_the_deal_goes_round_from_the_dealers_left(rules: bz.Rules) -> None:
    n = rules.players
    order = list(range(rules.deck_size))
    state = bz.new_deal(rules, deck=order, dealer=1)
    # S000 law 3: packets of 3, 2 and 3 to each seat in turn, the dealer's left first.
    first = [(1 + i) % n for i in range(1, n + 1)]
    dealt = []
    pos = 0
    for packet in rules.deck.packets:
        for seat in first:
            dealt.append((seat, order[pos : pos + packet]))
            pos += packet
    for seat in range(n):
        expected = sorted(c for s, cards in dealt if s == seat for c in cards)
        assert list(state.hands[seat]) == expected
    assert state.turn_up == order[pos]
    assert state.stock == tuple(order[pos + 1 :])
    assert state.leader == 2 % n
    assert len(state.hands) == len(state.tables) == len(state.won) == n


def test_draws_go_round_from_the_trick_winner_and_the_turn_up_is_last() -> None:
    state = bz.new_deal(THREE, seed=4)
    while state.stock_size > 3:
        state = state.apply(state.legal_actions()[0])
    # Finish the trick and pass to the draw of the last round.
    while state.window is None:
        state = state.apply(state.legal_actions()[0])
    winner = state.window.seat
    top = state.stock
    turn_up = state.turn_up
    assert turn_up is not None
    assert len(top) == 2
    while state.window is not None:
        state = state.apply(state.legal_actions()[-1])  # the draw comes last
    takers = seat_order(3, winner)
    assert top[0] in state.hands[takers[0]]
    assert top[1] in state.hands[takers[1]]
    # S000 law 4: the turn-up, drawn last, goes to the last seat in turn.
    assert turn_up in state.hands[takers[2]]
    assert turn_up in state.revealed[takers[2]]
    assert state.phase is Phase.END


@pytest.mark.parametrize("rules", [THREE, FOUR, PARTNERS])
def test_random_deals_keep_every_invariant(rules: bz.Rules) -> None:
    for seed in range(4):
        start = bz.new_deal(rules, seed=seed, dealer=seed % rules.players)
        steps = checked_playout(start, random.Random(seed), thorough_every=9, eager=seed % 2 == 0)
        final = steps[-1].after
        assert final.is_over
        assert len(final.tricks) == rules.total_tricks
        # Every trick of the deal was won by the card the law names.
        for trick in final.tricks:
            number = final.tricks.index(trick) + 1
            phase = Phase.STOCK if number <= rules.stock_tricks else Phase.END
            index = trick_winner_by_law(final, trick.cards, phase)
            assert trick.winner == (trick.leader + index) % rules.players
        assert sum(len(cards) for cards in final.won) == rules.deck_size


def test_partners_score_by_side() -> None:
    state = bz.new_deal(PARTNERS, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
        scores = state.scores
        assert state.side_scores == (scores[0] + scores[2], scores[1] + scores[3])
    result = state.result
    assert result is not None
    assert result.side_scores == state.side_scores
    assert result.scores == state.scores
    assert (PARTNERS.side_count, PARTNERS.side_of(2), PARTNERS.side_of(3)) == (2, 0, 1)


def test_without_partnerships_each_seat_is_a_side() -> None:
    state = bz.new_deal(THREE, seed=1)
    assert THREE.side_count == 3
    assert [THREE.side_of(s) for s in range(3)] == [0, 1, 2]
    assert state.side_scores == state.scores


def test_sides_round_trip_through_the_knobs() -> None:
    knobs = PARTNERS.knobs()
    assert knobs["sides"] == (0, 1, 0, 1)
    assert "sides" not in FOUR.knobs()
    again = bz.Rules.from_knobs("partners", {**knobs, "sides": [0, 1, 0, 1]})
    assert again.sides == (0, 1, 0, 1)


def test_sides_must_name_a_side_for_every_seat() -> None:
    with pytest.raises(RulesError, match="one side number per seat") as info:
        FOUR.evolve(sides=(0, 1))
    assert info.value.fields == ("sides",)


@pytest.mark.parametrize(
    ("scores", "counted"),
    [
        ((900, 900, 400), True),  # a tie for the highest total
        ((900, 400, 400), False),  # a tie lower down decides nothing
        ((1200, 980, 700), False),  # the lowest cannot reach the rubicon
        ((1200, 700, 960), False),
    ],
)
def test_rubicon_brisques_count_for_a_tie_at_the_top(
    scores: tuple[int, int, int], counted: bool
) -> None:
    rules = bz.variants.RUBICON.evolve(name="rubicon-three", players=3, packs=6)
    # Two brisques in each won pile: 20 points at most.
    won = (0b11, 0b11 << 8, 0b11 << 16)
    brisques = 0b11 | 0b11 << 8 | 0b11 << 16
    assert brisques_counted(rules, scores, won, brisques) is counted


def test_rubicon_brisques_count_when_they_lift_the_lowest_to_the_rubicon() -> None:
    rules = bz.variants.RUBICON
    won = (0, 0b111)
    brisques = 0b111
    # 30 points of brisques lift 980 over the rubicon of 1000 (BIC, S003).
    assert brisques_counted(rules, (1500, 980), won, brisques)
    assert not brisques_counted(rules, (1500, 960), won, brisques)


@pytest.mark.parametrize(
    ("rules", "names"),
    [
        (THREE, ["random", "rule-of-thumb", "monte-carlo:iterations=3"]),
        (PARTNERS, ["monte-carlo:iterations=2", "random", "rule-of-thumb", "random"]),
    ],
    ids=["three-seats", "partners"],
)
def test_the_built_in_players_play_round_the_table(rules: bz.Rules, names: list[str]) -> None:
    players = [bz.players.make_player(name, seed=i) for i, name in enumerate(names)]
    state = bz.new_deal(rules, seed=3)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.view(seat))
        assert action in state.legal_actions()
        state = state.apply(action)
    assert len(state.tricks) == rules.total_tricks
