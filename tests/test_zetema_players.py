"""Zetema's built-in players: legal choices from views only, by name, seeded; the
rules of thumb beat random play."""

from __future__ import annotations

import random

import pytest
from zetema_positions import position

from bezique.errors import BeziqueError, NotationError
from bezique.zetema import ZETEMA, new_game, parse_action
from bezique.zetema.match import duel, play_game
from bezique.zetema.players import (
    MonteCarloPlayer,
    RandomPlayer,
    RuleOfThumbPlayer,
    make_player,
)
from bezique.zetema.views import view_of


@pytest.mark.parametrize("name", ["random", "rule-of-thumb", "greedy", "monte-carlo:2:horizon=4"])
@pytest.mark.parametrize("players", [2, 4])
def test_players_finish_games_with_legal_choices(name: str, players: int) -> None:
    rules = ZETEMA.evolve(players=players, target=60)
    seats = [make_player(name, seed=s) for s in range(players)]
    final, record = play_game(rules, seats, seed=3)
    assert final.is_over
    assert record.replay() == final


def test_the_same_seed_makes_the_same_choices() -> None:
    state = new_game(ZETEMA, seed=8)
    view = view_of(state, 1)
    for name in ("random", "monte-carlo:3"):
        first = [make_player(name, seed=5).choose(view) for _ in range(3)]
        assert len(set(first)) == 1


def test_rule_of_thumb_declares_and_completes_zetemas() -> None:
    # The best-scoring combination first (S003: one a turn), then a zetema's card.
    state = position(["2H 5H 7H 8H TH KH 9S", "3S 5S 7D 4C JS 8S"], tableau="9H 9D 9C 9S")
    player = RuleOfThumbPlayer()
    assert str(player.choose(view_of(state, 0))) == "declare flush 2H 5H 7H 8H TH KH"
    plain = position(["2H 5D 7C 8H JH KS 9S", "3S 5S 7D 4C JS 8S"], tableau="9H 9D 9C 9S")
    assert player.choose(view_of(plain, 0)) == parse_action("discard 9S")


def test_rule_of_thumb_does_not_set_up_a_zetema() -> None:
    # Laying a rank's fourth card leaves the fifth to the next player: the jack is
    # the hand's least useful card, laid unless three jacks lie on the tableau.
    hand = "2S 3S 4S 5S 9D JH 9S"
    lone = position([hand, "3C 5C 7D 9C 4C 8C"])
    assert RuleOfThumbPlayer().choose(view_of(lone, 0)) == parse_action("discard JH")
    risky = position([hand, "3C 5C 7D 9C 4C 8C"], tableau="JD JC JS")
    assert RuleOfThumbPlayer().choose(view_of(risky, 0)) != parse_action("discard JH")


def test_players_refuse_a_view_with_nothing_to_do() -> None:
    state = new_game(ZETEMA, seed=2)
    idle = view_of(state, 0)
    for player in (RandomPlayer(1), RuleOfThumbPlayer(), MonteCarloPlayer(1, iterations=1)):
        with pytest.raises(BeziqueError, match="no legal action"):
            player.choose(idle)


def test_player_names_are_checked() -> None:
    assert isinstance(make_player("monte-carlo:iterations=5:horizon=3"), MonteCarloPlayer)
    search = make_player("monte-carlo:7")
    assert isinstance(search, MonteCarloPlayer)
    assert search.iterations == 7
    with pytest.raises(NotationError, match="no Zetema player"):
        make_player("minimax")
    with pytest.raises(NotationError, match="takes no option"):
        make_player("random:3")
    with pytest.raises(NotationError, match="not a whole number"):
        make_player("monte-carlo:iterations=x")
    with pytest.raises(NotationError, match="1 or more"):
        MonteCarloPlayer(1, iterations=0)


def test_rule_of_thumb_beats_random() -> None:
    result = duel(ZETEMA, "rule-of-thumb", "random", games=30, seed=4)
    assert result.wins >= 27


def test_monte_carlo_choices_are_legal_in_random_positions() -> None:
    rng = random.Random(1)
    state = new_game(ZETEMA.evolve(players=3), seed=6)
    search = MonteCarloPlayer(2, iterations=2, horizon=3)
    for _ in range(40):
        if state.current_player is None:
            break
        view = view_of(state, state.current_player)
        assert search.choose(view) in state.legal_actions()
        state = state.apply(rng.choice(state.legal_actions()))
