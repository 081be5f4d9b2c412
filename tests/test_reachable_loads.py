"""The loaders accept exactly what play reaches: every state and every seat's view that
random play of any preset produces loads again, Zetema's final states included, and
the unreachable kinds below are refused with the rule they break."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique import variants
from bezique.zetema.io import state_from_dict, state_to_dict
from bezique.zetema.state import DISCARD, Declare

PRESETS = [name for name, _ in variants.names()]


def _random_game(rules: variants.AnyRules, seed: int) -> list[Any]:
    """The states of a game of random legal actions, one in eight and the last."""
    rng = random.Random(seed)
    game: Any = variants.new_game(rules, seed=seed)
    states = []
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
        if rng.random() < 0.125:
            states.append(game)
    return [*states, game]


def _loads_again(state: Any) -> None:
    deal = state.deal if isinstance(state, bz.GameState) else state
    text = variants.state_to_json(deal)
    assert variants.state_to_json(variants.load_state(text)) == text
    for seat in range(deal.rules.players):
        view = deal.view(seat)
        assert variants.view_from_json(variants.view_to_json(view)) == view


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_state_and_view_of_random_play_loads_again(preset: str, seed: int) -> None:
    for state in _random_game(variants.get(preset), seed):
        _loads_again(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_final_zetema_state_loads_again(players: int, seed: int) -> None:
    """About one game in forty stops at the target in the middle of a turn (PAR-Z),
    its seat holding the card it drew: that state, and its views, load again."""
    _loads_again(_random_game(variants.get("zetema").evolve(players=players), seed)[-1])


def _stopped_mid_turn() -> Any:
    """A game of two that stopped at the target while a seat held seven cards."""
    final = _random_game(variants.get("zetema"), 72)[-1]
    assert final.is_over
    assert max(map(len, final.hands)) == 7
    return final


def test_a_game_stopped_in_the_middle_of_a_turn_loads_again() -> None:
    final = _stopped_mid_turn()
    _loads_again(final)


def _refused(doc: dict[str, Any], match: str) -> None:
    with pytest.raises(bz.InvalidStateError, match=match):
        state_from_dict(doc)


def test_the_extra_card_of_a_stopped_game_is_a_winners_and_one_only() -> None:
    final = _stopped_mid_turn()
    seat = next(s for s, hand in enumerate(final.hands) if len(hand) == 7)
    other = 1 - seat
    doc = state_to_dict(final)
    # The stock's card in the other seat's hand: a seat that did not win holds seven.
    doc["hands"][other].append(doc["stock"].pop())
    _refused(doc, r"hands\[[01]\]: more cards than a hand holds")


def test_a_zetema_state_with_points_and_nothing_declared_is_refused() -> None:
    start: Any = variants.new_game(variants.get("zetema"), seed=1)
    doc = state_to_dict(start)
    doc["hand_scores"] = [30, 0]
    doc["side_scores"] = [30, 0]
    _refused(doc, "nothing has been declared in it")


def test_a_discard_turn_whose_required_cards_are_not_shown_is_refused() -> None:
    rng = random.Random(2)
    state: Any = variants.new_game(variants.get("zetema"), seed=2)
    while not (state.phase == DISCARD and state.required):
        declares = [a for a in state.legal_actions() if isinstance(a, Declare)]
        state = state.apply(declares[0] if declares else rng.choice(state.legal_actions()))
    doc = state_to_dict(state)
    assert variants.load_state(variants.state_to_json(state)) == state
    doc["shown"][state.current_player] = []
    _refused(doc, "required: cards of a declaration the seat has not shown")


def test_a_forged_broken_mark_on_a_bezique_is_refused() -> None:
    """Rubicon marks a meld broken once a card has left it (WKC, BIC): a mark on a
    bezique whose two cards both lie on the table is one no play makes."""
    rules = variants.get("rubicon")
    assert isinstance(rules, bz.Rules)
    for seed in range(200):
        rng = random.Random(seed)
        state = bz.new_deal(rules, seed=seed)
        while not state.is_over:
            beziques = [m for m in state.melds if m.kind is bz.MeldKind.BEZIQUE]
            table = sum(state.table_masks)
            whole = [m for m in beziques if all(table >> c & 1 for c in m.cards)]
            if whole and not any(state.broken[c] for c in whole[-1].cards):
                card = whole[-1].cards[0]
                broken = list(state.broken)
                broken[card] |= bz.MeldKind.BEZIQUE.bit
                forged = attrs.evolve(state, broken=tuple(broken))
                with pytest.raises(bz.InvalidStateError, match="broken bezique, but every card"):
                    bz.check_state(forged)
                with pytest.raises(bz.InvalidStateError, match="broken bezique"):
                    variants.load_state(variants.state_to_json(forged))
                return
            state = state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no bezique declared in 200 deals")  # pragma: no cover
