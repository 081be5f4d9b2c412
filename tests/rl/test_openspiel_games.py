"""The OpenSpiel game with ``episode="game"``: a whole game to its target, each deal's
chance nodes before that deal, dealt by the game's own law (``GameState.deal_next``);
the game's totals and target in the observation; serialization and resampling across
deals. OpenSpiel's random-simulation test of every preset is in test_every_preset.py."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from episodes import assert_resampling_keeps_the_information_state

import bezique as bz
from bezique import zetema
from bezique.envs import openspiel as bezique_spiel
from bezique.envs.rewards import win_loss
from bezique.players import RuleOfThumbPlayer


def _load(variant: str, reward: str = "points", **more: int) -> pyspiel.Game:
    return pyspiel.load_game(
        bezique_spiel.register(),
        {"variant": variant, "reward": reward, "episode": "game", **more},
    )


def _step(state: bezique_spiel.BeziqueState, rng: random.Random) -> list[int]:
    """One move at random, a chance outcome by its probability; the faces dealt."""
    if state.is_chance_node():
        faces, weights = zip(*state.chance_outcomes(), strict=True)
        face = rng.choices(faces, weights)[0]
        state.apply_action(face)
        return [face]
    state.apply_action(rng.choice(state.legal_actions()))
    return []


def _play_to_next_deal(
    state: bezique_spiel.BeziqueState, rng: random.Random
) -> tuple[bezique_spiel.BeziqueState, list[int]]:
    """Play until the chance nodes of a new deal begin; the faces of the one before."""
    faces: list[int] = []
    while state.is_chance_node():
        faces += _step(state, rng)
    while not state.is_chance_node() and not state.is_terminal():
        _step(state, rng)
    return state, faces


def test_each_deal_s_chance_nodes_come_before_it_and_the_game_deals_it() -> None:
    game = _load("classic")
    rng = random.Random(1)
    state = game.new_initial_state()
    decks: list[list[int]] = []
    while not state.is_terminal():
        state, faces = _play_to_next_deal(state, rng)
        decks.append(faces)
    episode = state.episode
    assert isinstance(episode, bz.GameState)
    assert episode.is_over
    # The same game, the same decks, replayed by the library alone: the adapter deals
    # nothing itself.
    cards = [[bz.Card.from_index(f) for f in deck] for deck in decks]
    assert episode.decks == tuple(tuple(deck) for deck in cards)
    assert len(episode.results) == len(decks) >= 2
    assert state.returns() == [float(t) for t in episode.side_scores]
    assert episode.winners
    assert max(state.returns()) <= game.max_utility()
    assert state.move_number() <= game.max_move_number()


def test_between_deals_the_state_is_a_chance_node_of_the_next_deck() -> None:
    game = _load("classic", "win-loss")
    rng = random.Random(2)
    state, _ = _play_to_next_deal(game.new_initial_state(), rng)
    state, _ = _play_to_next_deal(state, rng)
    assert state.is_chance_node()
    assert not state.is_terminal()
    episode = state.episode
    assert isinstance(episode, bz.GameState)
    assert episode.waiting
    assert state.chance_outcomes() == [(face, 1 / 32) for face in range(32)]
    assert state.returns() == [0.0, 0.0]
    assert len(episode.results) == 2
    assert "game: deal 3, totals" in state.information_state_string(0)
    tensor = state.information_state_tensor(1)
    totals = episode.side_scores
    assert tensor[-3:] == [float(totals[1]), float(totals[0]), 1000.0]
    assert not any(tensor[:-3])
    _step(state, rng)
    assert state.is_chance_node()
    assert "(1 so far)" in state.information_state_string(0)


def test_the_observation_ends_with_the_totals_own_side_first_and_the_target() -> None:
    game = _load("three-hand")
    rng = random.Random(3)
    state, _ = _play_to_next_deal(game.new_initial_state(), rng)
    while state.is_chance_node():
        _step(state, rng)
    for _ in range(5):
        _step(state, rng)
    episode = state.episode
    assert isinstance(episode, bz.GameState)
    assert len(episode.results) == 1
    assert not episode.waiting
    encoder = bz.variants.game_of(episode.rules).learning.observation_encoder(episode.rules)
    assert game.information_state_tensor_size() == encoder.size + 4
    for seat in range(3):
        tensor = state.information_state_tensor(seat)
        own = episode.side_scores[seat:] + episode.side_scores[:seat]
        assert tensor[-4:] == [*map(float, own), 2000.0]
        assert np.array_equal(tensor[:-4], encoder.encode(episode.deal.view(seat)))
        assert state.observation_tensor(seat) == tensor
    line = state.information_state_string(1)
    seat_1 = list(episode.side_scores[1:] + episode.side_scores[:1])
    assert line.startswith(f"game: deal 2, totals {seat_1} of 2000; ")


@pytest.mark.parametrize("reward", ["points", "margin", "win-loss"])
def test_the_returns_are_the_game_s_by_each_reward(reward: str) -> None:
    game = _load("partnership", reward)
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        assert state.returns() == [0.0] * 4
        _step(state, rng)
    episode = state.episode
    assert isinstance(episode, bz.GameState)
    a, b = episode.side_scores
    expected = {
        "points": (float(a), float(b)),
        "margin": (float(a - b), float(b - a)),
        "win-loss": win_loss(episode.winners, 2),
    }[reward]
    assert state.returns() == [expected[s % 2] for s in range(4)]
    assert game.min_utility() <= min(state.returns()) <= max(state.returns()) <= game.max_utility()


def test_serialization_replays_a_game_across_deals() -> None:
    game = _load("classic", "margin")
    rng = random.Random(5)
    state, _ = _play_to_next_deal(game.new_initial_state(), rng)
    for _ in range(70):
        _step(state, rng)
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state)
    assert again.history() == state.history()
    assert again.information_state_string(0) == state.information_state_string(0)
    assert again.episode == state.episode


@pytest.mark.parametrize(("variant", "players"), [("classic", 0), ("zetema", 3)])
def test_resampling_across_deals_keeps_the_information_state(variant: str, players: int) -> None:
    game = _load(variant, "win-loss", players=players)
    rng = random.Random(6)
    state, _ = _play_to_next_deal(game.new_initial_state(), rng)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    # Between deals, in the next deck's chance nodes: the faces dealt so far drawn again.
    for _ in range(3):
        _step(state, rng)
    other = state.resample_from_infostate(0, sampler)
    assert other.is_chance_node()
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.episode == state.episode
    while state.is_chance_node():
        _step(state, rng)
    for _ in range(12):
        _step(state, rng)
    player = state.current_player()
    assert_resampling_keeps_the_information_state(state, player)
    other = state.resample_from_infostate(player, sampler)
    # The sample is a game too: its deal played out, it waits for the next deck.
    while not other.is_chance_node() and not other.is_terminal():
        _step(other, rng)
    episode = other.episode
    assert isinstance(episode, (bz.GameState, zetema.ZetemaState))
    assert episode.is_over or episode.waiting


def test_zetema_s_hands_are_dealt_by_its_own_law() -> None:
    game = _load("zetema", players=4)
    rng = random.Random(7)
    state = game.new_initial_state()
    decks = []
    while not state.is_terminal():
        state, faces = _play_to_next_deal(state, rng)
        decks.append(faces)
    episode = state.episode
    assert isinstance(episode, zetema.ZetemaState)
    # A hand is dealt for each deck; play stops at the target, even mid-hand (PAR-Z).
    assert episode.is_over
    assert episode.hand_number == len(decks) >= 2
    assert state.returns() == [float(episode.side_scores[s % 2]) for s in range(4)]


def test_a_deal_episode_is_unchanged() -> None:
    """``episode="deal"`` (the default) is one deal, as before: the bounds of one deal."""
    deal = pyspiel.load_game(bezique_spiel.register(), {"variant": "classic"})
    whole = _load("classic")
    rules = bz.variants.CLASSIC
    learning = bz.variants.game_of(rules).learning
    assert deal.max_game_length() == learning.max_length(rules)
    assert whole.max_game_length() == learning.max_length(rules) * learning.max_deals(rules)
    assert deal.max_utility() == learning.max_points(rules)
    assert deal.information_state_tensor_size() + 3 == whole.information_state_tensor_size()


def test_a_bad_episode_is_refused() -> None:
    with pytest.raises(bz.NotationError, match="episodes are: deal, game"):
        _load("classic", "points").__class__(  # the game's own class, as pyspiel builds it
            {"variant": "classic", "episode": "match"}
        )


def test_the_playout_evaluator_values_a_deal_by_its_returns() -> None:
    game = pyspiel.load_game(bezique_spiel.register(), {"variant": "classic", "reward": "margin"})
    rng = random.Random(8)
    state = game.new_initial_state()
    while state.is_chance_node():
        _step(state, rng)
    evaluator = bezique_spiel.PlayoutEvaluator()
    values = evaluator.evaluate(state)
    assert values[0] == -values[1]
    assert values.shape == (2,)
    assert evaluator.prior(state) == [
        (a, 1 / len(state.legal_actions())) for a in state.legal_actions()
    ]
    with pytest.raises(TypeError, match="Bezique deal"):
        evaluator.evaluate(game.new_initial_state())
    with pytest.raises(TypeError, match="state must be a dealt state of a Bezique deal"):
        evaluator.evaluate(state.deal)
    with pytest.raises(TypeError, match="state must be a BeziqueState"):
        evaluator.prior(state.deal)


def _first_decision(reward: str = "win-loss") -> bezique_spiel.BeziqueState:
    """A classic deal dealt at random, at its first decision (a lead of eight cards)."""
    game = pyspiel.load_game(bezique_spiel.register(), {"variant": "classic", "reward": reward})
    rng = random.Random(8)
    state: bezique_spiel.BeziqueState = game.new_initial_state()
    while state.is_chance_node():
        _step(state, rng)
    return state


def _rule_of_thumb_id(state: bezique_spiel.BeziqueState) -> int:
    deal = state.deal
    assert isinstance(deal, bz.DealState)
    return bz.ActionSpace.of(deal.rules).action_id(RuleOfThumbPlayer().choose(deal), deal)


@pytest.mark.parametrize("weight", [0.5, 1])
def test_the_prior_leans_to_the_rule_of_thumb_choice_by_its_weight(weight: float) -> None:
    state = _first_decision()
    actions = state.legal_actions()
    chosen = _rule_of_thumb_id(state)
    prior = dict(bezique_spiel.PlayoutEvaluator(rule_of_thumb_weight=weight).prior(state))
    rest = (1 - weight) / len(actions)
    assert len(actions) == 8
    assert prior == pytest.approx(
        {action: rest + (weight if action == chosen else 0.0) for action in actions}
    )
    assert sum(prior.values()) == pytest.approx(1.0)
    assert all(prior[chosen] > p for action, p in prior.items() if action != chosen)


def test_the_prior_deals_a_chance_node_s_faces_by_their_chances_whatever_the_weight() -> None:
    game = pyspiel.load_game(bezique_spiel.register(), {"variant": "classic"})
    state = game.new_initial_state()
    evaluator = bezique_spiel.PlayoutEvaluator(rule_of_thumb_weight=0.5)
    assert evaluator.prior(state) == state.chance_outcomes()


def test_ismcts_with_puct_spends_its_search_on_the_rule_of_thumb_choice_by_its_weight() -> None:
    """Every action is tried once; then PUCT spends the simulations by the prior. With
    the whole prior on the rule-of-thumb choice, most visits go to it, and it is
    played; with a uniform prior it gets far fewer (the same seeds throughout)."""
    from open_spiel.python.algorithms import ismcts

    state = _first_decision()
    chosen = _rule_of_thumb_id(state)

    def visits(weight: float) -> dict[int, float]:
        bot = ismcts.ISMCTSBot(
            state.get_game(),
            bezique_spiel.PlayoutEvaluator(rule_of_thumb_weight=weight),
            uct_c=1.4,
            max_simulations=24,
            random_state=np.random.RandomState(3),
            final_policy_type=ismcts.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT,
            child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,
        )
        # The unseen cards drawn from a seeded sampler (pyspiel's own is not).
        draw = random.Random(5).random
        bot.set_resampler(lambda s, seat: s.resample_from_infostate(seat, draw))
        return dict(bot.get_policy(state.clone()))

    favoured, uniform = visits(1.0), visits(0.0)
    assert max(favoured, key=favoured.__getitem__) == chosen
    assert favoured[chosen] > 0.5
    assert uniform[chosen] < favoured[chosen] / 2


@pytest.mark.parametrize("weight", [True, "0.5", None, [0.5]])
def test_a_rule_of_thumb_weight_that_is_no_number_is_a_type_error(weight: object) -> None:
    with pytest.raises(TypeError, match="rule_of_thumb_weight must be a number"):
        bezique_spiel.PlayoutEvaluator(rule_of_thumb_weight=weight)  # type: ignore[arg-type]


@pytest.mark.parametrize("weight", [-0.1, 1.5, float("nan"), float("inf")])
def test_a_rule_of_thumb_weight_outside_0_to_1_is_refused(weight: float) -> None:
    with pytest.raises(bz.NotationError, match="rule_of_thumb_weight must be a number from 0 to 1"):
        bezique_spiel.PlayoutEvaluator(rule_of_thumb_weight=weight)
