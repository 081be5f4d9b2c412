"""The adapters' reward and episode options (bezique.envs.rewards): what each reward
adds up to over a deal and over a whole game, the game's totals in the observation,
the OpenSpiel game's utility and returns, and the options refused."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from episodes import play

import bezique as bz
from bezique import NotationError
from bezique.envs import openspiel as bezique_spiel
from bezique.envs import pettingzoo as bezique_env
from bezique.envs.rewards import margins, win_loss


def _by_seat(rules: bz.variants.AnyRules, sides: tuple[float, ...]) -> object:
    # Compared with pytest.approx: the margins of three sides are thirds.
    return pytest.approx({f"seat_{s}": sides[rules.side_of(s)] for s in range(rules.players)})


@pytest.mark.parametrize("preset", ["classic", "three-hand", "partnership", "zetema"])
def test_a_whole_game_rewards_add_up_to_its_totals(preset: str) -> None:
    """A game to its target (S000 law 12 for the two-hand game; S003 for Zetema): the
    points rewards add up to the game's totals, the margins to their margins, and the
    win-loss reward is the game's winners'."""
    rules = bz.variants.get(preset)
    outcomes = {}
    games = []
    for reward in ("points", "margin", "win-loss"):
        env = bezique_env.env(variant=preset, reward=reward, episode="game")
        outcomes[reward] = play(env, seed=5)
        assert isinstance(env.deal, (bz.GameState, bz.zetema.ZetemaState))
        assert env.deal.is_over
        games.append(env.deal)
    game = games[0]
    # The same seed, the same game, whatever the reward.
    assert games[1] == games[2] == game
    totals = tuple(float(t) for t in game.side_scores)
    assert outcomes["points"] == _by_seat(rules, totals)
    assert outcomes["margin"] == _by_seat(rules, margins(totals))
    assert outcomes["win-loss"] == _by_seat(rules, win_loss(game.winners, len(totals)))
    assert game.winners  # a game to a target has a winner


@pytest.mark.parametrize("preset", ["rubicon", "four-hand"])
def test_a_deal_s_margin_and_win_loss_follow_what_it_brings_each_side(preset: str) -> None:
    rules = bz.rules.variants.get(preset)
    env = bezique_env.env(variant=preset, reward="margin")
    margin = play(env, seed=2)
    deal = env.deal
    assert isinstance(deal, bz.DealState)
    assert deal.result is not None
    brought = tuple(float(p) for p in rules.side_totals(deal.result.game_scores))
    assert margin == _by_seat(rules, margins(brought))
    assert sum(margin.values()) == pytest.approx(0.0)
    env = bezique_env.env(variant=preset, reward="win-loss")
    outcome = play(env, seed=2)
    assert outcome == _by_seat(rules, win_loss(deal.winners, rules.side_count))


def test_win_loss_rewards_nothing_before_the_end() -> None:
    env = bezique_env.env(variant="classic", reward="win-loss")
    env.reset(seed=3)
    rng = random.Random(3)
    while not env.deal.is_over:  # type: ignore[union-attr]
        agent = env.agent_selection
        observation = env.observe(agent)
        env.step(rng.choice(list(np.flatnonzero(observation["action_mask"]))))
        if not env.deal.is_over:  # type: ignore[union-attr]
            assert set(env.rewards.values()) == {0.0}
    assert sorted(env.rewards.values()) == [-1.0, 1.0]


def test_a_game_s_observation_ends_with_the_totals_and_the_target() -> None:
    env = bezique_env.env(variant="partnership", episode="game")
    deal_env = bezique_env.env(variant="partnership")
    play(env, seed=1)
    game = env.deal
    assert isinstance(game, bz.GameState)
    size = deal_env.observation_space("seat_0")["observation"].shape[0]
    assert env.observation_space("seat_0")["observation"].shape == (size + 3,)
    for seat in range(4):
        tail = env.observe(f"seat_{seat}")["observation"][size:]
        own = game.rules.side_of(seat)
        sides = game.side_scores
        assert list(tail) == [sides[own], sides[1 - own], game.rules.game.target]
        assert env.observation_space(f"seat_{seat}")["observation"].contains(
            env.observe(f"seat_{seat}")["observation"]
        )


def test_the_options_are_refused_in_the_library_s_words() -> None:
    with pytest.raises(NotationError, match="rewards are"):
        bezique_env.env(variant="classic", reward="score")
    with pytest.raises(NotationError, match="episodes are"):
        bezique_env.env(variant="classic", episode="rubber")
    with pytest.raises(NotationError, match="rewards are"):
        pyspiel.load_game(bezique_spiel.register(), {"reward": "score"})


@pytest.mark.parametrize(
    ("reward", "utility", "bounds"),
    [
        ("points", pyspiel.GameType.Utility.GENERAL_SUM, (0.0, None)),
        ("margin", pyspiel.GameType.Utility.ZERO_SUM, (None, None)),
        ("win-loss", pyspiel.GameType.Utility.ZERO_SUM, (-1.0, 1.0)),
    ],
)
def test_the_openspiel_game_s_utility_is_its_reward_s(
    reward: str, utility: object, bounds: tuple[float | None, float | None]
) -> None:
    game = pyspiel.load_game(bezique_spiel.register(), {"variant": "three-hand", "reward": reward})
    assert game.get_type().utility == utility
    most = float(bezique_spiel.max_points(bz.variants.THREE_HAND))
    low, high = bounds
    assert game.min_utility() == (-most if low is None else low)
    assert game.max_utility() == (most if high is None else high)
    state = game.new_initial_state()
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()
    deal = state.deal
    assert isinstance(deal, bz.DealState)
    assert deal.result is not None
    brought = [float(p) for p in deal.rules.side_totals(deal.result.game_scores)]
    expected = {
        "points": brought,
        "margin": list(margins(brought)),
        "win-loss": list(win_loss(deal.winners, 3)),
    }[reward]
    assert returns == pytest.approx(expected)
