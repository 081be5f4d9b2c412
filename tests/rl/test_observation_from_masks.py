"""The observation read from a deal's bit sets (ObservationEncoder.encode_state and
encode_states) against the reference, the encoding of the seat's view: the same
numbers on random deals of every Bezique preset, at every step, for every seat; no
hidden card reaching them; and the PettingZoo environment's observation and mask,
built on that path, equal to those of the view."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import numpy as np
import pytest

import bezique as bz
from bezique import NotationError, SeatError, zetema
from bezique.checks.determinize import determinize
from bezique.encodings.action_space import ActionSpace, action_key
from bezique.envs import Encoder
from bezique.envs import pettingzoo as bezique_env
from bezique.envs.observation import ObservationEncoder
from bezique.laws.zones import bits

#: Every preset of the registry whose encoder is Bezique's (Zetema's reads its views).
PRESETS = [name for name, _ in bz.variants.names() if isinstance(bz.variants.get(name), bz.Rules)]


def _deal(rules: bz.Rules, seed: int) -> list[bz.DealState]:
    """Every state of one random deal, from the cards dealt to the deal's end."""
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed, dealer=seed % rules.players)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def _positions(
    rules: bz.Rules, seeds: tuple[int, ...], every: int
) -> list[tuple[bz.DealState, int]]:
    """Every seat of every ``every``-th state of the random deals of ``seeds``."""
    return [
        (state, seat)
        for seed in seeds
        for state in _deal(rules, seed)[::every]
        for seat in range(rules.players)
    ]


def test_only_zetema_s_presets_are_left_to_their_views() -> None:
    left = [bz.variants.get(name) for name, _ in bz.variants.names() if name not in PRESETS]
    assert left
    assert all(isinstance(rules, zetema.ZetemaRules) for rules in left)
    assert "classic" in PRESETS


@pytest.mark.parametrize("preset", PRESETS)
def test_the_state_s_observation_is_the_view_s(preset: str) -> None:
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    encoder = ObservationEncoder.of(rules)
    states = _deal(rules, 1)
    for state in states:
        for seat in range(rules.players):
            expected = encoder.encode(state.view(seat))
            got = encoder.encode_state(state, seat)
            assert got.dtype == np.float32
            assert got.shape == encoder.shape
            assert np.array_equal(got, expected), (preset, len(state.tricks), seat)
    # The same numbers in one batch, in the order asked for, seats mixed.
    positions = [(state, (i * 3) % rules.players) for i, state in enumerate(states)]
    batch = encoder.encode_states(positions)
    assert batch.shape == (len(positions), encoder.size)
    assert np.array_equal(batch, np.stack([encoder.encode_state(s, p) for s, p in positions]))


def test_a_batch_of_deals_in_any_order_is_each_deal_s() -> None:
    """Deals of different seeds interleaved, and the empty batch."""
    rules = bz.variants.RUBICON
    encoder = ObservationEncoder.of(rules)
    positions = _positions(rules, (2, 3), 9)
    random.Random(0).shuffle(positions)
    batch = encoder.encode_states(positions)
    for row, (state, seat) in zip(batch, positions, strict=True):
        assert np.array_equal(row, encoder.encode(state.view(seat)))
    assert encoder.encode_states([]).shape == (0, encoder.size)


@pytest.mark.parametrize("preset", ["classic", "rubicon", "three-hand", "partnership", "polish"])
def test_no_hidden_card_reaches_the_state_s_observation(preset: str) -> None:
    """Deals the seat cannot tell apart (its hidden cards dealt again at random: the
    other hands and the stock) give it the same observation."""
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    encoder = ObservationEncoder.of(rules)
    rng = random.Random(5)
    moved = 0
    for state in _deal(rules, 4)[::7]:
        for seat in range(rules.players):
            other = determinize(state.view(seat), rng)
            moved += other.hand_masks != state.hand_masks or other.stock != state.stock
            assert np.array_equal(
                encoder.encode_state(other, seat), encoder.encode_state(state, seat)
            )
    assert moved  # the hidden cards did change


def test_a_hidden_card_swapped_changes_only_the_holder_s_observation() -> None:
    """A card of seat 1's concealed hand that no one has seen, swapped with the top
    of the stock: seat 0's observation is unchanged, seat 1's is not."""
    rules = bz.variants.CLASSIC
    encoder = ObservationEncoder.of(rules)
    state = _deal(rules, 6)[5]
    hidden = state.hand_masks[1] & ~state.revealed_masks[1]
    card, top = bits(hidden)[0], state.stock[0]
    assert card % 32 != top % 32
    hands = list(state.hand_masks)
    hands[1] = hands[1] ^ (1 << card) ^ (1 << top)
    swapped = attrs.evolve(state, hand_masks=tuple(hands), stock=(card, *state.stock[1:]))
    assert np.array_equal(encoder.encode_state(swapped, 0), encoder.encode_state(state, 0))
    assert not np.array_equal(encoder.encode_state(swapped, 1), encoder.encode_state(state, 1))


def test_bad_input_is_refused() -> None:
    encoder = ObservationEncoder.of(bz.variants.CLASSIC)
    rubicon = bz.new_deal(bz.variants.RUBICON, seed=1)
    with pytest.raises(NotationError, match="encoder of classic"):
        encoder.encode_state(rubicon, 0)
    with pytest.raises(TypeError, match="state"):
        encoder.encode_state(rubicon.view(0), 0)  # type: ignore[arg-type]
    classic = bz.new_deal(bz.variants.CLASSIC, seed=1)
    with pytest.raises(SeatError):
        encoder.encode_state(classic, 2)
    with pytest.raises(TypeError):
        encoder.encode_states([(classic, "0")])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="pairs"):
        encoder.encode_states([classic])  # type: ignore[list-item]


def test_a_trick_short_of_a_card_is_named_and_the_kept_vector_starts_again() -> None:
    """A state whose completed trick lacks a card (built past the engine's checks)
    is refused with the library's error, naming the trick; the kept vector it could
    not be written into then reads a good state as the view shows it."""
    encoder = ObservationEncoder.of(bz.variants.CLASSIC)
    states = _deal(bz.variants.CLASSIC, 4)
    good = next(s for s in states if len(s.tricks) >= 3)
    short = attrs.evolve(good.tricks[1], cards=good.tricks[1].cards[:1])
    bad = attrs.evolve(good, tricks=(good.tricks[0], short, *good.tricks[2:]))
    kept = encoder.seat_vector(0)
    with pytest.raises(bz.InvalidStateError, match=r"tricks\[1\]: 1 cards in a trick of 2"):
        kept.update(bad)
    assert kept.update(good).tobytes() == encoder.encode(good.view(0)).tobytes()


def test_a_vector_of_another_seat_reads_on_after_a_trick_short_of_a_card() -> None:
    """When one seat's vector is refused a state whose third trick lacks a card, the
    tricks read before the fault are not kept: another seat's vector, written at the
    first trick, then reads the good state two tricks on as its view shows it."""
    encoder = ObservationEncoder.of(bz.variants.CLASSIC)
    states = _deal(bz.variants.CLASSIC, 5)
    first = next(s for s in states if len(s.tricks) == 1)
    good = next(s for s in states if len(s.tricks) == 3)
    short = attrs.evolve(good.tricks[2], cards=good.tricks[2].cards[:1])
    bad = attrs.evolve(good, tricks=(*good.tricks[:2], short))
    mine, other = encoder.seat_vector(0), encoder.seat_vector(1)
    mine.update(first)
    other.update(first)
    with pytest.raises(bz.InvalidStateError, match=r"tricks\[2\]: 1 cards in a trick of 2"):
        mine.update(bad)
    assert other.update(good).tobytes() == encoder.encode(good.view(1)).tobytes()
    assert mine.update(good).tobytes() == encoder.encode(good.view(0)).tobytes()


@pytest.mark.parametrize(
    ("preset", "episode"), [("classic", "deal"), ("partnership", "deal"), ("rubicon", "game")]
)
def test_the_environment_observes_what_the_view_shows(preset: str, episode: str) -> None:
    """The environment's observation and mask, for every agent at every step, are the
    encoding of the seat's view and the ids of its legal actions."""
    env = bezique_env.env(variant=preset, episode=episode)
    env.reset(seed=3)
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    encoder, space = ObservationEncoder.of(rules), ActionSpace.of(rules)
    rng = random.Random(3)
    steps = 0
    while not any(env.terminations.values()) and steps < 300:
        state = env.deal
        deal = state.deal if isinstance(state, bz.GameState) else state
        assert isinstance(deal, bz.DealState)
        for seat, agent in enumerate(env.possible_agents):
            observed = env.observe(agent)
            view = deal.view(seat)
            head = observed["observation"][: encoder.size]
            assert np.array_equal(head, encoder.encode(view))
            expected = np.zeros(space.size, np.int8)
            expected[list(space.legal_ids(view))] = 1
            assert observed["action_mask"].dtype == np.int8
            assert np.array_equal(observed["action_mask"], expected)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice(np.flatnonzero(mask).tolist()))
        steps += 1
    assert steps > 20


@pytest.mark.parametrize(("preset", "episode"), [("classic", "deal"), ("three-hand", "game")])
def test_openspiel_s_tensor_is_the_encoding_of_the_view(preset: str, episode: str) -> None:
    """OpenSpiel's observation and information-state tensors, read from the state's bit
    sets, are the encoding of the seat's view (then a whole game's totals)."""
    import pyspiel

    from bezique.envs import openspiel as bezique_spiel

    game = pyspiel.load_game(bezique_spiel.register(), {"variant": preset, "episode": episode})
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    encoder = ObservationEncoder.of(rules)
    rng = random.Random(7)
    state = game.new_initial_state()
    compared = 0
    while not state.is_terminal() and compared < 200:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        deal = state.deal
        assert isinstance(deal, bz.DealState)
        for seat in range(rules.players):
            expected = encoder.encode(deal.view(seat)).tolist()
            assert state.observation_tensor(seat)[: encoder.size] == expected
            assert state.information_state_tensor(seat)[: encoder.size] == expected
            compared += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert compared > 100


def test_zetema_s_encoder_reads_a_state_as_its_view() -> None:
    """Zetema's encoder has the same ``encode_state`` as Bezique's (by its view), which
    the adapters call for every game of the family."""
    rules = zetema.ZETEMA.evolve(players=3)
    encoder = ObservationEncoder.of(rules)
    rng = random.Random(2)
    state = zetema.new_game(rules, seed=2)
    steps = 0
    while not state.is_over and steps < 60:
        for seat in range(rules.players):
            assert np.array_equal(
                encoder.encode_state(state, seat), encoder.encode(state.view(seat))
            )
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert steps > 10
    with pytest.raises(TypeError, match="state"):
        encoder.encode_state(state.view(0), 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_state_s_observation_is_byte_for_byte_the_view_s(preset: str) -> None:
    """More random deals than one, each vector compared byte for byte with the
    reference (the encoding of the view, number by number), alone and in a batch."""
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    encoder = ObservationEncoder.of(rules)
    positions = _positions(rules, (11, 12), 3)
    expected = [encoder.encode(state.view(seat)).tobytes() for state, seat in positions]
    assert [encoder.encode_state(s, p).tobytes() for s, p in positions] == expected
    assert encoder.encode_states(positions).tobytes() == b"".join(expected)


@pytest.mark.parametrize("packs", range(1, 9))
def test_a_card_row_counts_each_face_of_every_pack(packs: int) -> None:
    """The 32 numbers of a card row, made from its bit set: for each face, how many of
    the row's cards have it, whatever the packs (up to eight of a face)."""
    from bezique.encodings.masks import Batch

    rng = random.Random(packs)
    batch = Batch(1, 32, packs, {})
    for density in (0.05, 0.5, 0.95, 1.0):
        mask = sum(1 << card for card in range(32 * packs) if rng.random() < density)
        counts = [
            sum(mask >> (32 * pack + face) & 1 for pack in range(packs)) for face in range(32)
        ]
        row = np.frombuffer(batch.row(mask).tobytes(), dtype=np.float32)
        assert row.tolist() == counts
        assert batch.rows[mask] == batch.row(mask)  # kept, and the same when made again


@pytest.mark.parametrize("preset", [name for name, _ in bz.variants.names()])
def test_the_legal_ids_are_the_ids_of_the_actions_keys(preset: str) -> None:
    """The ids of the legal actions (read without a key for a play) are those of
    their keys, and the action of an id the first of its choices, at every step of
    a random deal of every preset, Zetema's included."""
    rules = bz.variants.get(preset)
    space: Any = ActionSpace.of(rules)
    rng = random.Random(8)
    state: Any = bz.variants.new_deal(rules, seed=8)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        if isinstance(space, ActionSpace):
            keyed = {space._index[action_key(a, state.melds)] for a in legal}
            assert set(space.legal_ids(state)) == keyed
        for action_id in space.legal_ids(state):
            assert space.action_from_id(state, action_id) == space.choices(state, action_id)[0]
        state = state.apply(rng.choice(legal))
        steps += 1
    assert steps > 20


def test_the_environment_s_observation_is_kept_for_its_state_and_seat_only() -> None:
    """Asked twice for one state and seat, the environment gives the same numbers in
    new arrays (what a caller does to one does not reach the next); every other seat
    of that state gets its own; the next state a new one."""
    env = bezique_env.env(variant="classic")
    env.reset(seed=4)
    encoder = ObservationEncoder.of(bz.variants.CLASSIC)
    for _ in range(12):
        state = env.deal
        assert isinstance(state, bz.DealState)
        agent = env.agent_selection
        first, _, _, _, _ = env.last()
        first["observation"][:] = -1.0
        first["action_mask"][:] = 0
        again = env.observe(agent)
        seat = env.possible_agents.index(agent)
        assert np.array_equal(again["observation"], encoder.encode_state(state, seat))
        assert again["action_mask"].any()
        for other, name in enumerate(env.possible_agents):
            observed = env.observe(name)
            assert np.array_equal(observed["observation"], encoder.encode_state(state, other))
            assert observed["action_mask"].any() == (other == seat)
        env.step(int(np.flatnonzero(again["action_mask"])[0]))


@pytest.mark.parametrize("preset", [name for name, _ in bz.variants.names() if name not in PRESETS])
def test_zetema_s_observation_is_byte_for_byte_its_view_s(preset: str) -> None:
    rules = bz.variants.get(preset)
    encoder: Encoder = ObservationEncoder.of(rules)
    rng = random.Random(9)
    state: bz.State[Any] = bz.variants.new_deal(rules, seed=9)
    compared = 0
    while not state.is_over:
        for seat in range(rules.players):
            got = encoder.encode_state(state, seat).tobytes()
            assert got == encoder.encode(state.view(seat)).tobytes()
            compared += 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert compared > 20


@pytest.mark.parametrize("preset", [name for name, _ in bz.variants.names()])
def test_a_seat_s_kept_vector_is_the_view_s_at_every_step(preset: str) -> None:
    """The vector each seat keeps from one state to the next (``seat_vector``), rewritten
    where the state changed, is byte for byte the encoding of the seat's view: at every
    step of random deals of every preset, Zetema's included, for every seat; for a
    vector updated at every step, for one updated only now and then, across deals, and
    for states taken in any order."""
    rules = bz.variants.get(preset)
    encoder: Encoder = ObservationEncoder.of(rules)
    every = [encoder.seat_vector(seat) for seat in range(rules.players)]
    sometimes = [encoder.seat_vector(seat) for seat in range(rules.players)]
    rng = random.Random(21)
    seen: list[Any] = []
    for seed in (21, 22):
        state: Any = bz.variants.new_deal(rules, seed=seed)
        while True:
            seen.append(state)
            for seat in range(rules.players):
                expected = encoder.encode(state.view(seat)).tobytes()
                got = every[seat].update(state)
                assert got.dtype == np.float32
                assert got.shape == encoder.shape
                assert got.tobytes() == expected, (preset, seed, len(seen), seat)
                if rng.random() < 0.3:
                    assert sometimes[seat].update(state).tobytes() == expected
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
    # Back and forth between states of both deals.
    for state in rng.sample(seen, 40):
        seat = rng.randrange(rules.players)
        expected = encoder.encode(state.view(seat)).tobytes()
        assert every[seat].update(state).tobytes() == expected


def test_a_seat_s_rows_of_shown_cards_are_kept_while_what_it_shows_is_unchanged() -> None:
    """A kept vector writes a seat's rows of shown cards (its table, its declared
    cards back in hand, their kinds and broken marks) again only when what they are
    read from changed: from one state to the next with the same histories, a seat
    whose table and declared cards in hand are the same keeps the very rows it had.
    That is what keeps a step of an environment cheap, in the compiled build too,
    where the record of the cards declared is told apart by identity and so must
    stay one object."""
    rules = bz.variants.PARTNERSHIP
    kept = ObservationEncoder.of(rules).seat_vector(0)
    stood = 0
    for seed in (5, 6):
        states = _deal(rules, seed)
        kept.update(states[0])
        for before, state in itertools.pairwise(states):
            seats = kept._written.seats
            rows = [seat.rows for seat in seats]
            kept.update(state)
            if state.history is not before.history or state.broken is not before.broken:
                continue
            declared = sum(1 << card for card, kinds in enumerate(state.history) if kinds)
            for seat in range(rules.players):
                if (
                    state.table_masks[seat] == before.table_masks[seat]
                    and state.hand_masks[seat] & declared == before.hand_masks[seat] & declared
                ):
                    assert seats[seat].rows is rows[seat], (seed, seat)
                    stood += 1
    assert stood > 500


def test_a_kept_vector_is_read_only_and_refuses_what_is_no_state_of_its_rules() -> None:
    """The vector kept cannot be written by a caller; a refused update leaves it as it
    was; a seat that does not exist is refused when the vector is asked for."""
    encoder = ObservationEncoder.of(bz.variants.CLASSIC)
    kept = encoder.seat_vector(1)
    state = _deal(bz.variants.CLASSIC, 3)[9]
    vector = kept.update(state)
    with pytest.raises(ValueError, match="read-only"):
        vector[0] = 1.0
    before = vector.tobytes()
    with pytest.raises(NotationError, match="encoder of classic"):
        kept.update(bz.new_deal(bz.variants.RUBICON, seed=1))
    with pytest.raises(TypeError, match="state"):
        kept.update(state.view(1))  # type: ignore[arg-type]
    assert kept.update(state) is vector
    assert vector.tobytes() == before == encoder.encode(state.view(1)).tobytes()
    with pytest.raises(SeatError):
        encoder.seat_vector(2)
    with pytest.raises(TypeError, match="seat"):
        encoder.seat_vector("0")  # type: ignore[arg-type]
    zetema_encoder = ObservationEncoder.of(zetema.ZETEMA)
    with pytest.raises(SeatError):
        zetema_encoder.seat_vector(2)
    with pytest.raises(TypeError, match="state"):
        zetema_encoder.seat_vector(0).update(state)  # type: ignore[arg-type]


def test_the_numbers_that_are_not_card_rows_end_the_vector() -> None:
    """The encoder clears the numbers after the card rows as one span, from the
    trick's leader to the end: the layout of every preset keeps them there."""
    from bezique.encodings.masks import CARD_BLOCKS, NUMBER_BLOCKS

    for preset in PRESETS:
        rules = bz.variants.get(preset)
        assert isinstance(rules, bz.Rules)
        names = [name for name, _ in ObservationEncoder.of(rules).layout]
        assert names == [*CARD_BLOCKS, *NUMBER_BLOCKS], preset
