"""The PettingZoo environment (bezique.envs.pettingzoo): the rewards, masks and
rendering it documents (PettingZoo's own API and seed tests on every preset are in
test_every_preset.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from episodes import play

import bezique as bz
from bezique import IllegalActionError, NotationError, RulesError, zetema
from bezique.encodings.action_space import ActionSpace
from bezique.envs import pettingzoo as bezique_env
from bezique.state import initial_events


@pytest.mark.parametrize("preset", ["classic", "rubicon", "partnership", "six-pack"])
def test_rewards_add_up_to_what_the_deal_brings_each_side(preset: str) -> None:
    """Rubicon scoring (BIC, S003): the game bonus and rubicon come with the last step."""
    env = bezique_env.env(variant=preset)
    for seed in range(2):
        totals = play(env, seed)
        deal = env.deal
        assert isinstance(deal, bz.DealState)
        assert deal.result is not None
        rules = deal.rules
        sides = rules.side_totals(deal.result.game_scores)
        assert totals == {f"seat_{s}": float(sides[rules.side_of(s)]) for s in range(rules.players)}


@pytest.mark.parametrize("preset", [name for name, _ in bz.variants.names()])
def test_each_step_in_a_deal_rewards_what_its_score_events_give(preset: str) -> None:
    """With points as rewards, a step between the first and the last rewards each side
    the points its score events give the side's seats (declarations, the seven of
    trumps, the brisques as they are won...; in Zetema the combinations, marriages and
    zetemas), and nothing when it made none: the environment skips reading the scores
    after a step with no event."""
    env = bezique_env.env(variant=preset)
    taken: list[int] = []

    def check(before: Any, action_id: int) -> None:
        after, events = before.step(env.space.action_from_id(before, action_id))
        assert env.deal == after
        taken.append(action_id)
        if len(taken) == 1 or after.is_over:
            return
        rules = after.rules
        points = [0.0] * rules.side_count
        for event in events:
            points[rules.side_of(event.seat)] += event.points
        assert env.rewards == {a: points[rules.side_of(s)] for s, a in enumerate(env.agents)}

    for seed in range(2):
        taken.clear()
        play(env, seed, check)
        assert len(taken) > 1


def test_the_mask_is_the_legal_ids_of_the_agent_to_act() -> None:
    env = bezique_env.env(variant="three-hand")
    env.reset(seed=4)
    space = ActionSpace.of(bz.variants.THREE_HAND)
    deal = env.deal
    assert isinstance(deal, bz.DealState)
    assert deal.current_player is not None
    assert env.agent_selection == f"seat_{deal.current_player}"
    for seat, agent in enumerate(env.possible_agents):
        mask = env.observe(agent)["action_mask"]
        if seat == deal.current_player:
            assert list(np.flatnonzero(mask)) == list(space.legal_ids(deal))
        else:
            assert not mask.any()


def test_observing_again_gives_the_same_arrays_anew() -> None:
    # The environment keeps the legal ids of the state observed and the seat's
    # vector: a second observe of the same state gives the same numbers in new
    # arrays, which a caller may write to without changing what comes next.
    env = bezique_env.env(variant="classic")
    env.reset(seed=7)
    space = ActionSpace.of(bz.variants.CLASSIC)
    for _ in range(12):
        agent = env.agent_selection
        first = env.observe(agent)
        deal = env.deal
        assert isinstance(deal, bz.DealState)
        legal = list(space.legal_ids(deal))
        assert list(np.flatnonzero(first["action_mask"])) == legal
        expected = first["observation"].copy()
        first["action_mask"][:] = 1
        first["observation"][:] = -1
        again = env.observe(agent)
        assert list(np.flatnonzero(again["action_mask"])) == legal
        assert again["observation"].tolist() == expected.tolist()
        assert again["action_mask"].flags.writeable
        assert again["observation"].flags.writeable
        env.step(legal[-1])


@pytest.mark.parametrize("preset", ["classic", "partnership", "eight-pack"])
def test_a_step_plays_the_action_of_its_id_observed_or_not(preset: str) -> None:
    # The environment reads a step's action from what it kept of the observation;
    # it is the action the space gives for the id, and a step with no observation
    # before it plays the same.
    env = bezique_env.env(variant=preset)
    space = ActionSpace.of(bz.rules.variants.get(preset))
    for seed in range(2):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        while not all(env.terminations.values()):
            before = env.deal
            assert isinstance(before, bz.DealState)
            ids = space.legal_ids(before)
            if steps % 3:
                mask = env.observe(env.agent_selection)["action_mask"]
                assert list(np.flatnonzero(mask)) == list(ids)
            action_id = int(ids[rng.integers(len(ids))])
            env.step(action_id)
            assert env.deal == before.apply(space.action_from_id(before, action_id))
            steps += 1
        assert steps > 20


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
    totals = play(env, seed)
    final = env.deal
    assert isinstance(final, bz.DealState)
    assert final.result is not None
    assert totals[dealer] == float(final.result.game_scores[deal.dealer])


def _dealt(env: bezique_env.BeziqueEnv, seed: int) -> bz.DealState:
    env.reset(seed=seed)
    assert isinstance(env.deal, bz.DealState)
    return env.deal


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_zetema_hand_rewards_each_side_its_points(players: int) -> None:
    """One episode is one hand; each step rewards a side the points its seats scored
    (combinations, marriages, zetemas), so that a side's rewards add up to its points
    in the hand. Partners (S003) share their side's rewards."""
    rules = zetema.ZETEMA.evolve(players=players)
    env = bezique_env.env(variant=rules)
    for seed in range(2):
        totals = play(env, seed)
        hand = env.deal
        assert isinstance(hand, zetema.ZetemaState)
        assert hand.is_over
        assert hand.one_hand
        assert totals == {
            f"seat_{s}": float(hand.side_scores[rules.side_of(s)]) for s in range(players)
        }


def test_the_zetema_mask_and_observation_are_the_seat_s() -> None:
    env = bezique_env.env(variant="zetema-1881")
    env.reset(seed=5)
    hand = env.deal
    assert isinstance(hand, zetema.ZetemaState)
    space = ActionSpace.of(zetema.ZETEMA_1881)
    assert env.action_space("seat_0").n == space.size == 1950
    for seat, agent in enumerate(env.possible_agents):
        observed = env.observe(agent)
        mask = observed["action_mask"]
        if seat == hand.current_player:
            assert list(np.flatnonzero(mask)) == list(space.legal_ids(hand))
        else:
            assert not mask.any()
        assert observed["observation"].shape == env.observation_space(agent)["observation"].shape
        assert env.encoder.encode(hand.view(seat)).tolist() == observed["observation"].tolist()
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[-1]))
    assert env.deal is not hand


def test_zetema_renders_its_board() -> None:
    env = bezique_env.env(variant="zetema", render_mode="ansi")
    env.reset(seed=2)
    assert env.deal is not None
    assert env.render() == env.deal.render(symbols=False)
    with pytest.raises(TypeError, match="variant"):
        bezique_env.env(variant=3)  # type: ignore[arg-type]
