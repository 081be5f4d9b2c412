"""Every preset of the family, Zetema's included, passes the frameworks' own tests:
PettingZoo's ``api_test`` and ``seed_test``, OpenSpiel's ``random_sim_test``, with the
default options and again over whole games, each reward in turn
(:mod:`bezique.envs.rewards`). One loop over :func:`bezique.variants.names`, so that a
preset added to the registry is tested here without a line more."""

from __future__ import annotations

import warnings

import pyspiel
import pytest
from pettingzoo.test import api_test, seed_test

import bezique as bz
from bezique.envs import openspiel as bezique_spiel
from bezique.envs import pettingzoo as bezique_env

PRESETS = [name for name, _ in bz.variants.names()]
#: Zetema seats two to six (S003): its presets are of two, so the other tables too.
ZETEMA_TABLES = [("zetema", 3), ("zetema", 4), ("zetema-1881", 5), ("zetema", 6)]


def test_every_game_of_the_family_is_here() -> None:
    assert {bz.variants.game_of(bz.variants.get(name)).name for name in PRESETS} == {
        game.name for game in bz.variants.games()
    }
    # The whole games of the default run are of presets that are there, and of each
    # game of the family.
    assert set(PRESETS) >= WHOLE_GAMES
    assert {bz.variants.game_of(bz.variants.get(name)).name for name in WHOLE_GAMES} == {
        game.name for game in bz.variants.games()
    }


def _frameworks_tests(
    rules: bz.variants.AnyRules,
    parameters: dict[str, str | int],
    reward: str = "points",
    episode: str = "deal",
) -> None:
    def make() -> bezique_env.BeziqueEnv:
        return bezique_env.env(variant=rules, reward=reward, episode=episode)

    with warnings.catch_warnings():
        # PettingZoo advises a Box observation; ours is the Dict of masked games.
        warnings.filterwarnings("ignore", message=".*should be gymnasium.spaces.box.*")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(make(), num_cycles=1000)
    seed_test(make, num_cycles=1000)
    game = pyspiel.load_game(
        bezique_spiel.register(), {**parameters, "reward": reward, "episode": episode}
    )
    assert game.num_players() == rules.players
    # One whole episode: OpenSpiel checks every state of it, which for the multi-pack
    # games (hundreds of moves, every view read as JSON and as a tensor) is seconds. A
    # whole game is serialized and read back too, chance nodes and all, across deals.
    pyspiel.random_sim_test(game, num_sims=1, serialize=episode == "game", verbose=False)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_passes_the_frameworks_tests(preset: str) -> None:
    _frameworks_tests(bz.variants.get(preset), {"variant": preset})


@pytest.mark.parametrize(("preset", "players"), ZETEMA_TABLES)
def test_zetema_at_every_table_passes_the_frameworks_tests(preset: str, players: int) -> None:
    rules = bz.variants.get(preset).evolve(players=players)
    _frameworks_tests(rules, {"variant": preset, "players": players})


#: One preset of each way a game is scored and run, whose whole games the default run
#: plays: two seats to a target, three seats, sides of two, melds from the cards won, a
#: game of a fixed number of deals, a game to 500 with its own melds, and Zetema. A
#: whole game of every other preset (thousands of moves in some) runs in ``nox -s
#: slow``; their deals, above, run by default.
WHOLE_GAMES = {"classic", "three-hand", "partnership", "polish", "rubicon", "marjolet", "zetema"}


@pytest.mark.parametrize(
    ("index", "preset"),
    [
        pytest.param(index, preset, marks=() if preset in WHOLE_GAMES else pytest.mark.slow)
        for index, preset in enumerate(PRESETS)
    ],
)
def test_every_preset_passes_them_over_whole_games_with_each_reward(
    index: int, preset: str
) -> None:
    # Each reward in turn (with the zero-sum ones OpenSpiel checks that the returns add
    # up to zero); the episodes are whole games, in both frameworks.
    reward = ("margin", "win-loss", "points")[index % 3]
    _frameworks_tests(bz.variants.get(preset), {"variant": preset}, reward, "game")
