"""A game that waits between deals (``new_game(wait=True)``): the same game as one that
deals itself, with each next deal dealt by ``deal_next`` from the game's own cards or
from a deck given then; Zetema's games alike, hand by hand."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import bezique as bz
from bezique import zetema
from bezique.cards import FACES
from bezique.game import deal_seed, new_game
from bezique.io.deals import deck_order
from bezique.legality import Reason
from bezique.zetema.state import shuffled_deck

BEZIQUE_PRESETS = [name for name, _ in bz.rules.variants.names()]


def _random_play(game: bz.GameState, rng: random.Random) -> bz.GameState:
    """The deal in progress played to its end at random."""
    while game.current_player is not None:
        game = game.apply(rng.choice(game.legal_actions()))
    return game


def _alongside(dealing: Any, waiting: Any, rng: random.Random, check: Any) -> tuple[Any, int]:
    """Play ``dealing`` to its end at random and ``waiting`` alongside, ``check``-ing it
    and dealing its next deal whenever it waits; the waiting game and its waits."""
    waits = 0
    while not dealing.is_over:
        if waiting.waiting:
            waits += 1
            assert waiting.current_player is None
            assert not waiting.is_over
            assert waiting.legal_actions() == ()
            check(waiting)
            waiting = waiting.deal_next()
        action = rng.choice(dealing.legal_actions())
        dealing = dealing.apply(action)
        waiting = waiting.apply(action)
        assert attrs.evolve(waiting, wait=False) == dealing or waiting.waiting
    assert attrs.evolve(waiting, wait=False) == dealing
    return waiting, waits


def _check_bezique(waiting: bz.GameState) -> None:
    assert waiting.legal_declarations() == ()
    assert waiting.deal is waiting.previous
    assert waiting.scores == waiting.totals
    # Every seat's view counts the deal that ended once, as the game does.
    for seat in range(waiting.rules.players):
        assert waiting.view(seat).game_scores == waiting.scores
    assert f"waiting for deal {len(waiting.results) + 1}" in repr(waiting)


def _check_zetema(waiting: zetema.ZetemaState) -> None:
    assert "to deal" in repr(waiting)
    assert "Next: hand" in waiting.render()
    with pytest.raises(bz.InvalidStateError, match="no JSON document"):
        bz.state_to_json(waiting)


@pytest.mark.parametrize("preset", BEZIQUE_PRESETS)
def test_a_waiting_game_is_the_game_that_deals_itself(preset: str) -> None:
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    dealing = new_game(rules, seed=11, first_dealer=1 % rules.players)
    waiting = new_game(rules, seed=11, first_dealer=1 % rules.players, wait=True)
    waiting, waits = _alongside(dealing, waiting, random.Random(preset), _check_bezique)
    assert waits == len(waiting.results) - 1 or rules.game.end.value == "first-to-reach"
    assert not waiting.waiting


def test_a_waiting_game_refuses_actions_and_says_why() -> None:
    game = _random_play(new_game(bz.variants.CLASSIC, seed=3, wait=True), random.Random(3))
    assert game.waiting
    action = new_game(bz.variants.CLASSIC, seed=3).legal_actions()[0]
    assert game.why_illegal(action) == (Reason.DEAL_OVER,)
    with pytest.raises(bz.IllegalActionError):
        game.apply(action)


def test_deal_next_deals_the_deck_given_and_keeps_it() -> None:
    rules = bz.variants.CLASSIC
    first = deck_order(rules, "first")
    second = deck_order(rules, "second")
    game = new_game(rules, decks=[first], wait=True)
    game = _random_play(game, random.Random(1))
    assert game.waiting
    with pytest.raises(bz.BeziqueError, match="deal 2"):
        game.deal_next()
    dealt = game.deal_next(second)
    assert dealt.decks == (tuple(first), tuple(second))
    assert dealt.deal == bz.new_deal(rules, deck=second, dealer=1)
    assert dealt.deal.dealer == 1
    # The same as a game given both decks from the start.
    both = _random_play(new_game(rules, decks=[first, second], wait=True), random.Random(1))
    assert dealt == both.deal_next()
    with pytest.raises(bz.InvalidStateError, match="not waiting"):
        dealt.deal_next(second)


def test_a_seeded_game_takes_no_deck_and_bad_decks_are_refused() -> None:
    rules = bz.variants.CLASSIC
    game = _random_play(new_game(rules, seed=5, wait=True), random.Random(5))
    with pytest.raises(bz.InvalidStateError, match="seeded game"):
        game.deal_next(deck_order(rules, "x"))
    assert game.deal_next().deal == bz.new_deal(rules, seed=deal_seed(5, 1), dealer=1)
    dealt = _random_play(
        new_game(rules, decks=[deck_order(rules, "a")], wait=True), random.Random(5)
    )
    with pytest.raises(TypeError, match="deck"):
        dealt.deal_next("AS KS")
    with pytest.raises(bz.BeziqueError):
        dealt.deal_next([FACES[0]] * 64)
    assert dealt.waiting  # refused, unchanged
    with pytest.raises(TypeError, match="wait"):
        new_game(rules, wait="yes")  # type: ignore[arg-type]


def test_a_game_that_deals_itself_never_waits() -> None:
    game = new_game(bz.variants.CLASSIC, seed=2)
    with pytest.raises(bz.InvalidStateError, match="not waiting"):
        game.deal_next()
    game = _random_play(game, random.Random(2))
    assert not game.waiting


@pytest.mark.parametrize(("preset", "players"), [("zetema", 2), ("zetema", 3), ("zetema-1881", 4)])
def test_a_waiting_zetema_game_is_the_game_that_deals_itself(preset: str, players: int) -> None:
    rules = zetema.get(preset).evolve(players=players)
    dealing = zetema.new_game(rules, seed=4)
    waiting = zetema.new_game(rules, seed=4, wait=True)
    waiting, waits = _alongside(dealing, waiting, random.Random(players), _check_zetema)
    # A game stopped at the target mid-hand (PAR-Z) waited after every finished hand.
    assert waits == len(waiting.results) - (1 if rules.finish_hand else 0)


def test_a_waiting_zetema_game_deals_the_deck_given() -> None:
    rules = zetema.ZETEMA
    first = shuffled_deck(rules, "a", 1)
    second = shuffled_deck(rules, "b", 1)
    game = zetema.new_game(rules, deck=first, wait=True)
    assert game == attrs.evolve(zetema.new_hand(rules, deck=first), one_hand=False, wait=True)
    rng = random.Random(0)
    while not game.waiting and not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
    assert game.waiting
    with pytest.raises(bz.NotationError, match="65 cards"):
        game.deal_next(second[:-1])
    dealt = game.deal_next(second)
    assert dealt.hand_number == 2
    assert dealt.dealer == 1
    assert sorted(dealt.stock + sum(dealt.hands, ())) == sorted(second)
    with pytest.raises(bz.InvalidStateError, match="not waiting"):
        dealt.deal_next()


def test_the_front_door_makes_waiting_games_of_either_game() -> None:
    """``bz.new_game(..., wait=True)`` is the game's own ``new_game(..., wait=True)``."""
    bezique_game = bz.new_game(bz.variants.CLASSIC, seed=7, wait=True)
    assert bezique_game == new_game(bz.variants.CLASSIC, seed=7, wait=True)
    assert bezique_game.wait
    zetema_rules = zetema.rules.ZETEMA
    zetema_game = bz.new_game(zetema_rules, seed=7, wait=True)
    assert zetema_game == zetema.new_game(zetema_rules, 7, wait=True)
    assert bz.new_game(zetema_rules, seed=7) == zetema.new_game(zetema_rules, 7)
    with pytest.raises(TypeError, match="wait"):
        bz.new_game(bz.variants.CLASSIC, seed=7, wait="yes")  # type: ignore[call-overload]
