"""The PettingZoo environment (bezique.envs.pettingzoo): PettingZoo's own API and
seed tests on every preset, and the rewards, masks and rendering it documents."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import bezique as bz
from bezique import IllegalActionError, NotationError, RulesError
from bezique.action_space import ActionSpace
from bezique.envs import pettingzoo as bezique_env
from bezique.state import initial_events

PRESETS = [name for name, _ in bz.rules.variants.names()]


@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_api_and_seed_tests(preset: str) -> None:
    with warnings.catch_warnings():
        # PettingZoo advises a Box observation; ours is the Dict of masked games.
        warnings.filterwarnings("ignore", message=".*should be gymnasium.spaces.box.*")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(bezique_env.env(variant=preset), num_cycles=1000)
    seed_test(lambda: bezique_env.env(variant=preset), num_cycles=1000)


def _play(env: bezique_env.BeziqueEnv, seed: int) -> dict[str, float]:
    """A whole deal of random legal ids; each agent's rewards added up."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize("preset", ["classic", "rubicon", "partnership", "six-pack"])
def test_rewards_add_up_to_what_the_deal_brings_each_side(preset: str) -> None:
    """Rubicon scoring (BIC, S003): the game bonus and rubicon come with the last step."""
    env = bezique_env.env(variant=preset)
    for seed in range(2):
        totals = _play(env, seed)
        deal = env.deal
        assert deal is not None
        assert deal.result is not None
        rules = deal.rules
        sides = rules.side_totals(deal.result.game_scores)
        assert totals == {f"seat_{s}": float(sides[rules.side_of(s)]) for s in range(rules.players)}


def test_the_mask_is_the_legal_ids_of_the_agent_to_act() -> None:
    env = bezique_env.env(variant="three-hand")
    env.reset(seed=4)
    space = ActionSpace.of(bz.variants.THREE_HAND)
    deal = env.deal
    assert deal is not None
    assert deal.current_player is not None
    assert env.agent_selection == f"seat_{deal.current_player}"
    for seat, agent in enumerate(env.possible_agents):
        mask = env.observe(agent)["action_mask"]
        if seat == deal.current_player:
            assert list(np.flatnonzero(mask)) == list(space.legal_ids(deal))
        else:
            assert not mask.any()


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    env = bezique_env.env(variant="classic")
    env.reset(seed=1)
    before = env.deal
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.deal is before
    with pytest.raises(NotationError):
        env.step(None)
    with pytest.raises(TypeError, match="action id"):
        env.step("draw")  # type: ignore[arg-type]
    assert env.deal is before
    legal = int(np.flatnonzero(mask)[0])
    env.step(np.int64(legal))  # a NumPy integer, as a space's sample gives it
    assert env.deal is not before


def test_render_gives_the_text_board() -> None:
    env = bezique_env.env(variant="rubicon", render_mode="ansi")
    env.reset(seed=2)
    deal = env.deal
    assert deal is not None
    assert env.render() == deal.render(symbols=False)
    assert bezique_env.env().render() is None


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(RulesError):
        bezique_env.env(variant="no-such-game")
    with pytest.raises(NotationError, match="render mode"):
        bezique_env.env(render_mode="rgb_array")
    with pytest.raises(NotationError, match="reset"):
        bezique_env.env().observe("seat_0")


def test_the_same_seed_gives_the_same_deal_and_the_next_deals() -> None:
    one, two = bezique_env.env(), bezique_env.env()
    one.reset(seed=9)
    two.reset(seed=9)
    assert one.deal == two.deal
    one.reset()
    two.reset()
    assert one.deal == two.deal


def test_points_made_at_the_deal_come_with_the_first_step() -> None:
    """S000 law 4: a seven turned up scores 10 for the dealer when the cards are dealt.
    PettingZoo's API test counts no reward given by ``reset``, so they come with the
    rewards of the first step, and the dealer's rewards over the deal include them."""
    env = bezique_env.env(variant="classic")
    seed = next(s for s in range(100) if initial_events(_dealt(env, s)))
    deal = _dealt(env, seed)
    dealer = f"seat_{deal.dealer}"
    assert env.rewards == {dealer: 0.0, f"seat_{1 - deal.dealer}": 0.0}
    first = env.agent_selection
    env.step(int(env.observe(first)["action_mask"].argmax()))
    # The first step is the other seat's lead, which scores nothing for the dealer.
    assert env.rewards[dealer] == 10.0
    totals = _play(env, seed)
    final = env.deal
    assert final is not None
    assert final.result is not None
    assert totals[dealer] == float(final.result.game_scores[deal.dealer])


def _dealt(env: bezique_env.BeziqueEnv, seed: int) -> bz.DealState:
    env.reset(seed=seed)
    assert env.deal is not None
    return env.deal
