"""The observation tensors (bezique.envs.observation), Bezique's and Zetema's: fixed
shape per rule set, built from the seat's view alone, each block counting what its
documentation says."""

from __future__ import annotations

import random

import numpy as np
import pytest

import bezique as bz
from bezique import NotationError, zetema
from bezique.cards import Card
from bezique.checks.determinize import determinize
from bezique.envs.observation import ObservationEncoder
from bezique.zetema.determinize import determinize as zetema_determinize
from bezique.zetema.observation import ZetemaObservationEncoder

PRESETS = [name for name, _ in bz.rules.variants.names()]


def _states(rules: bz.Rules, seed: int) -> list[bz.DealState]:
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("preset", PRESETS)
def test_the_shape_is_fixed_by_the_rules(preset: str) -> None:
    rules = bz.rules.variants.get(preset)
    encoder = ObservationEncoder.of(rules)
    assert encoder.size == sum(int(np.prod(shape)) for _, shape in encoder.layout)
    for state in _states(rules, 1)[::5]:
        for seat in range(rules.players):
            vector = encoder.encode(state.view(seat))
            assert vector.shape == encoder.shape
            assert vector.dtype == np.float32
            assert np.all(vector >= 0)
            # The seat's cards: the concealed hand and its own table.
            held = encoder.block(vector, "hand") + encoder.block(vector, "hand_declared")
            table = encoder.block(vector, "table")[0]
            assert held.sum() + table.sum() == state.view(seat).hand_sizes[seat]


@pytest.mark.parametrize("preset", ["classic", "rubicon", "three-hand", "partnership"])
def test_the_tensor_is_a_function_of_the_view(preset: str) -> None:
    """Deals the seat cannot tell apart (the same view) give the same tensor: nothing
    hidden reaches it."""
    rules = bz.rules.variants.get(preset)
    encoder = ObservationEncoder.of(rules)
    rng = random.Random(3)
    for state in _states(rules, 2)[::17]:
        seat = state.current_player if state.current_player is not None else 0
        view = state.view(seat)
        other = determinize(view, rng)
        assert other.view(seat) == view
        assert np.array_equal(encoder.encode(view), encoder.encode(other.view(seat)))


def test_blocks_count_the_view() -> None:
    """S000 law 7: a declared card lies on its seat's table, with its history."""
    rules = bz.variants.CLASSIC
    encoder = ObservationEncoder.of(rules)
    # The first position of the random deals in which seat 1 has declared.
    state = next(s for seed in range(50) for s in _states(rules, seed) if s.tables[1])
    view = state.view(0)
    vector = encoder.encode(view)
    for card in view.hand:
        assert encoder.block(vector, "hand")[card % 32] >= 1
    # Seat 1 is the next seat: row 1 of the seat blocks.
    table = encoder.block(vector, "table")
    assert table[1].sum() == len(view.tables[1])
    assert table[0].sum() == len(view.tables[0])
    kinds = encoder.block(vector, "kinds")
    for entry in view.tables[1]:
        for kind in entry.history:
            assert kinds[1, list(bz.MeldKind).index(kind), entry.card % 32] >= 1
    assert list(encoder.block(vector, "scores")) == [view.scores[0], view.scores[1]]
    assert view.trump is not None
    trumps = encoder.block(vector, "trumps")
    assert trumps[int(view.trump)] == 1
    assert trumps.sum() == 1
    assert encoder.block(vector, "stock_size")[0] == view.stock_size
    played = encoder.block(vector, "played")
    assert played.sum() == sum(len(t.cards) for t in view.tricks)


def test_seats_are_relative_to_the_observer() -> None:
    """Partnerships (BIC, EB9): the partner sits opposite, two seats on."""
    rules = bz.variants.PARTNERSHIP
    encoder = ObservationEncoder.of(rules)
    state = bz.new_deal(rules, seed=1, dealer=1)
    to_act = state.current_player
    assert to_act is not None
    for seat in range(4):
        vector = encoder.encode(state.view(seat))
        assert encoder.block(vector, "dealer")[(1 - seat) % 4] == 1
        assert encoder.block(vector, "to_act")[(to_act - seat) % 4] == 1


def test_the_trick_lists_its_cards_in_the_order_played() -> None:
    state = bz.new_deal(bz.variants.THREE_HAND, seed=4)
    encoder = ObservationEncoder.of(state.rules)
    led = state.legal_actions()[0]
    state = state.apply(led)
    vector = encoder.encode(state.view(0))
    trick = encoder.block(vector, "trick")
    assert isinstance(led, bz.Play)
    assert trick[0, led.card.card.index] == 1
    assert trick.sum() == 1
    assert encoder.block(vector, "trick_leader")[(state.leader - 0) % 3] == 1
    assert Card.from_index(int(np.argmax(trick[0]))) == led.card.card


def test_bad_input_is_refused() -> None:
    encoder = ObservationEncoder.of(bz.variants.CLASSIC)
    rubicon = bz.new_deal(bz.variants.RUBICON, seed=1)
    with pytest.raises(NotationError, match="encoder of classic"):
        encoder.encode(rubicon.view(0))
    with pytest.raises(TypeError):
        encoder.encode(rubicon)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="no block"):
        encoder.block(np.zeros(encoder.size, np.float32), "stock")


# -- Zetema ---------------------------------------------------------------------------

ZETEMA_TABLES = [2, 3, 4, 6]


def _zetema_states(rules: zetema.ZetemaRules, seed: int) -> list[zetema.ZetemaState]:
    rng = random.Random(seed)
    state = zetema.new_hand(rules, seed=seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("players", ZETEMA_TABLES)
def test_zetema_s_shape_is_fixed_by_the_seats(players: int) -> None:
    rules = zetema.ZETEMA.evolve(players=players)
    encoder = ObservationEncoder.of(rules)
    assert isinstance(encoder, ZetemaObservationEncoder)
    assert encoder.size == 265 + 58 * players
    assert encoder.size == sum(int(np.prod(shape)) for _, shape in encoder.layout)
    for state in _zetema_states(rules, 1)[::7]:
        for seat in range(players):
            view = state.view(seat)
            vector = encoder.encode(view)
            assert vector.shape == encoder.shape
            assert vector.dtype == np.float32
            assert np.all(vector >= 0)
            assert encoder.block(vector, "hand").sum() == len(view.hand)
            # Every card of the deck is somewhere the blocks or the hidden counts say.
            public = sum(
                encoder.block(vector, name).sum()
                for name in ("tableau", "marriage_pile", "zetema_pile")
            )
            hidden = encoder.block(vector, "hand_sizes").sum() + view.stock_size
            assert public + hidden == zetema.CARD_COUNT


@pytest.mark.parametrize("players", [2, 4])
def test_zetema_s_tensor_is_a_function_of_the_view(players: int) -> None:
    """Hands the seat cannot tell apart (determinized from its view) give the same
    tensor: nothing hidden reaches it."""
    rules = zetema.ZETEMA.evolve(players=players)
    encoder = ObservationEncoder.of(rules)
    for number, state in enumerate(_zetema_states(rules, 2)[::9]):
        seat = state.current_player if state.current_player is not None else 0
        view = state.view(seat)
        other = zetema_determinize(view, seed=number)
        assert other.view(seat) == view
        assert np.array_equal(encoder.encode(view), encoder.encode(other.view(seat)))


def test_zetema_s_blocks_count_the_view() -> None:
    """S003: the cards shown in a declaration stay known while their seat holds them."""
    rules = zetema.ZETEMA.evolve(players=4)
    encoder = ObservationEncoder.of(rules)
    state = next(s for seed in range(80) for s in _zetema_states(rules, seed) if any(s.shown))
    declarer = next(seat for seat, cards in enumerate(state.shown) if cards)
    me = (declarer - 1) % 4
    view = state.view(me)
    vector = encoder.encode(view)
    shown = encoder.block(vector, "shown")
    assert list(shown[1].nonzero()[0]) == sorted(set(view.shown[declarer]))
    for card in view.hand:
        assert encoder.block(vector, "hand")[card] >= 1
    for pile in view.tableau:
        for card in pile:
            assert encoder.block(vector, "tableau")[card] >= 1
    # Four players play two sides, partners opposite (S003): rows 0 and 2 are mine.
    assert list(encoder.block(vector, "partners")) == [1, 0, 1, 0]
    assert list(encoder.block(vector, "scores")) == [view.scores[(me + r) % 4] for r in range(4)]
    assert encoder.block(vector, "stock_size")[0] == view.stock_size
    assert encoder.block(vector, "dealer")[(view.dealer - me) % 4] == 1
    assert encoder.block(vector, "hand_number")[0] == 1
    phase = encoder.block(vector, "phase")
    assert phase.sum() == 1
    assert phase[("combine", "discard", "over").index(view.phase)] == 1
    assert encoder.block(vector, "required").sum() == len(view.required)


def test_zetema_s_bad_input_is_refused() -> None:
    encoder = ObservationEncoder.of(zetema.ZETEMA)
    four = zetema.new_hand(zetema.ZETEMA.evolve(players=4), seed=1)
    with pytest.raises(NotationError, match="encoder of 2"):
        encoder.encode(four.view(0))
    with pytest.raises(TypeError, match="view"):
        encoder.encode(bz.new_deal(bz.variants.CLASSIC, seed=1).view(0))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="no block"):
        encoder.block(np.zeros(encoder.size, np.float32), "table")
    with pytest.raises(TypeError, match="rules"):
        ObservationEncoder.of("zetema")  # type: ignore[call-overload]


def test_a_zetema_view_encodes_its_hand_and_the_seat_to_act() -> None:
    encoder = ZetemaObservationEncoder.of(zetema.ZETEMA)
    state = zetema.new_hand(zetema.ZETEMA, seed=3)
    vector = encoder.encode(state.view(1))
    # Seat 1, to act, holds seven cards after its draw (S003); row 0 is the observer.
    assert int(encoder.block(vector, "hand").sum()) == len(state.hands[1]) == 7
    assert encoder.block(vector, "to_act").tolist() == [1.0, 0.0]
