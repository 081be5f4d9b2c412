"""The OpenSpiel game (bezique.envs.openspiel): the chance nodes of the deal, the
resampling ISMCTS needs, the returns (OpenSpiel's random-simulation test on every
preset is in test_every_preset.py)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from episodes import assert_resampling_keeps_the_information_state

import bezique as bz
from bezique import IllegalActionError, zetema
from bezique.envs import openspiel as bezique_spiel


def _deal(game: pyspiel.Game, rng: random.Random) -> bezique_spiel.BeziqueState:
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        faces, weights = zip(*outcomes, strict=True)
        state.apply_action(rng.choices(faces, weights)[0])
    assert isinstance(state, bezique_spiel.BeziqueState)
    return state


def test_the_chance_nodes_turn_up_the_deck() -> None:
    """S000 law 1: two packs of 32 cards, so each face twice."""
    game = pyspiel.load_game("python_bezique")
    state = game.new_initial_state()
    first = state.chance_outcomes()
    assert first == [(face, 1 / 32) for face in range(32)]
    faces = []
    rng = random.Random(1)
    while state.is_chance_node():
        face = rng.choice([f for f, _ in state.chance_outcomes()])
        faces.append(face)
        state.apply_action(face)
    assert sorted(faces) == sorted(list(range(32)) * 2)
    deal = state.deal
    assert deal is not None
    expected = bz.new_deal(bz.variants.CLASSIC, deck=[bz.Card.from_index(f) for f in faces])
    assert deal == expected
    assert state.current_player() == deal.current_player


def test_resampling_keeps_the_information_state() -> None:
    game = pyspiel.load_game("python_bezique", {"variant": "three-hand"})
    _resampling_keeps_the_information_state(game, 40)


def test_resampling_keeps_zetema_s_information_state() -> None:
    game = pyspiel.load_game("python_bezique", {"variant": "zetema", "players": 4})
    _resampling_keeps_the_information_state(game, 30)


def _resampling_keeps_the_information_state(game: pyspiel.Game, moves: int) -> None:
    rng = random.Random(2)
    state = _deal(game, rng)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    assert_resampling_keeps_the_information_state(state, state.current_player())


def test_the_information_state_string_is_made_once_a_state_and_anew_after_a_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ISMCTS asks for a node's string several times: the view is written once a state,
    and a move (of the state or of a clone) never leaves an earlier string behind."""
    game = pyspiel.load_game("python_bezique", {"variant": "classic"})
    state = _deal(game, random.Random(4))
    written: list[object] = []
    to_json = bz.variants.view_to_json

    def counted(view: Any, **options: Any) -> str:
        written.append(view)
        return str(to_json(view, **options))

    # The adapter writes the view through the variants module.
    monkeypatch.setattr(bz.variants, "view_to_json", counted)
    before = state.information_state_string(0)
    assert state.information_state_string(0) == before
    assert state.observation_string(0) == before
    assert len(written) == 1
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    for seat in (0, 1):
        fresh = bezique_spiel.BeziqueState(game, clone.deal)
        assert clone.information_state_string(seat) == fresh.information_state_string(seat)
    assert clone.information_state_string(0) != before
    assert state.information_state_string(0) == before
    # A resampled state starts with the seat's view and string (resampling keeps
    # them), not written again; the other seat's are the sample's own.
    written.clear()
    sample = state.resample_from_infostate(0, random.Random(1).random)
    assert sample.information_state_string(0) == before
    assert written == []
    fresh = bezique_spiel.BeziqueState(game, sample.deal)
    assert fresh.information_state_string(0) == before
    assert sample.information_state_string(1) == fresh.information_state_string(1)
    assert sample.information_state_string(1) != state.information_state_string(1)


def test_returns_are_what_the_deal_brings_each_side() -> None:
    game = pyspiel.load_game("python_bezique", {"variant": "partnership"})
    rng = random.Random(3)
    state = _deal(game, rng)
    while not state.is_terminal():
        assert state.returns() == [0.0] * 4
        state.apply_action(rng.choice(state.legal_actions()))
    deal = state.deal
    assert isinstance(deal, bz.DealState)
    assert deal.result is not None
    sides = deal.rules.side_totals(deal.result.game_scores)
    assert state.returns() == [float(sides[s % 2]) for s in range(4)]
    assert max(state.returns()) <= game.max_utility()


def test_action_strings_name_the_ids() -> None:
    game = pyspiel.load_game("python_bezique")
    state = _deal(game, random.Random(4))
    action = state.legal_actions()[0]
    deal = state.deal
    assert isinstance(deal, bz.DealState)
    space = bz.ActionSpace.of(deal.rules)
    assert state.action_to_string(state.current_player(), action) == space.describe(action)
    assert game.new_initial_state().action_to_string(pyspiel.PlayerId.CHANCE, 7) == "deal AS"


def test_a_chance_outcome_with_no_card_left_is_refused() -> None:
    game = pyspiel.load_game("python_bezique")
    state = game.new_initial_state()
    state.apply_action(7)
    state.apply_action(7)  # both aces of spades of the two packs (S000 law 1)
    with pytest.raises(IllegalActionError, match="every copy"):
        state.apply_action(7)
    assert (7, 1 / 62) not in state.chance_outcomes()
    assert len(state.chance_outcomes()) == 31


def test_zetema_s_chance_nodes_turn_up_its_deck() -> None:
    """S003, PAR-Z: a pack and the imperial suit's second thirteen, so 52 faces, the
    imperial suit's (spades) twice; the hand is dealt from them, top card first."""
    game = pyspiel.load_game("python_bezique", {"variant": "zetema"})
    assert game.max_chance_outcomes() == 52
    state = game.new_initial_state()
    first = state.chance_outcomes()
    assert [p * 65 for _, p in first] == pytest.approx([2 if f % 4 == 0 else 1 for f in range(52)])
    faces = []
    rng = random.Random(1)
    while state.is_chance_node():
        face = rng.choice([f for f, _ in state.chance_outcomes()])
        faces.append(face)
        state.apply_action(face)
    assert sorted(faces) == sorted(zetema.deck_faces(bz.Suit.SPADES))
    assert state.deal == zetema.new_hand(zetema.ZETEMA, deck=faces)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 48) == "deal KS"


def test_zetema_s_returns_are_each_side_s_points_in_the_hand() -> None:
    game = pyspiel.load_game("python_bezique", {"variant": "zetema", "players": 4})
    rng = random.Random(3)
    state = _deal(game, rng)
    while not state.is_terminal():
        assert state.returns() == [0.0] * 4
        state.apply_action(rng.choice(state.legal_actions()))
    hand = state.deal
    assert isinstance(hand, zetema.ZetemaState)
    assert state.returns() == [float(hand.side_scores[s % 2]) for s in range(4)]
    assert max(state.returns()) <= game.max_utility()
    assert len(state.information_state_tensor(0)) == 265 + 58 * 4


PUBLIC = pyspiel.IIGObservationType(
    perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
)


@pytest.mark.parametrize("preset", [name for name, _ in bz.variants.names()])
def test_the_public_observer_sees_no_concealed_card(preset: str) -> None:
    """Deals that differ only in concealed cards give a seat the same public
    observation, tensor and string; its private observation differs."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(bezique_spiel.register(), {"variant": preset})
    public = make_observation(game, PUBLIC)
    private = make_observation(game)
    rng = random.Random(11)
    state = _deal(game, rng)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differed = False
    for _ in range(4):
        for _ in range(6):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            break
        # Another deal as seat 1 may believe it: seat 0's concealed cards change.
        other = state.resample_from_infostate(1, sampler)
        public.set_from(state, 0)
        mine = public.tensor.copy()
        public.set_from(other, 0)
        assert np.array_equal(mine, public.tensor)
        assert public.string_from(state, 0) == public.string_from(other, 0)
        private.set_from(state, 0)
        full = private.tensor.copy()
        private.set_from(other, 0)
        differed = differed or not np.array_equal(full, private.tensor)
    assert differed
