"""Random Zetema games for two to six players, every step checked against the
invariants: the 65 cards conserved across stock, hands, tableau and both piles; a
zetema scored exactly when a rank's fifth card reaches the tableau (S003); no
king or queen zetema after a marriage in the hand (S003, "after any marriage");
the scores the sum of the hands' scores; the legal actions each once and legal.

The default run plays a few hundred hands per table size; ``nox -s slow`` plays
thousands."""

from __future__ import annotations

import random

import pytest

from bezique.zetema import KING, QUEEN, ZETEMA, Discard, Marry, ZetemaState, new_game, rank_of
from bezique.zetema.state import check_conservation


def checked_step(state: ZetemaState, rng: random.Random, married: bool) -> tuple[ZetemaState, bool]:
    actions = state.legal_actions()
    assert actions
    assert len(set(actions)) == len(actions)
    action = rng.choice(actions)
    assert state.is_legal(action)
    seat = state.current_player
    assert seat is not None
    after, scored = state.step(action)
    check_conservation(after)
    zetemas = [e for e in scored if e.kind == "zetema"]
    if isinstance(action, Discard):
        fifth = len(state.tableau[rank_of(action.card)]) == 4
        assert len(zetemas) == int(fifth)
        if fifth:
            assert zetemas[0].cards[-1] == action.card
            assert len(zetemas[0].cards) == 5
    else:
        assert not zetemas
    if isinstance(action, Marry):
        married = True
    if married:
        assert all(rank_of(e.cards[0]) not in (KING, QUEEN) for e in zetemas)
    assert sum(e.points for e in scored) == sum(after.side_scores) - sum(state.side_scores)
    if after.hand_number == state.hand_number and not after.is_over:
        assert all(len(h) <= state.rules.hand_size + 1 for h in after.hands)
        assert after.hand_scores == tuple(
            t - sum(r[s] for r in after.results) for s, t in enumerate(after.side_scores)
        )
    if after.hand_number != state.hand_number:
        married = False
    return after, married


def play_hands(players: int, hands: int, seed: int) -> int:
    """Play random games at a table of ``players`` until ``hands`` hands are done;
    return the number of games."""
    rng = random.Random(seed)
    done = games = 0
    rules = ZETEMA.evolve(players=players)
    while done < hands:
        variant = rules.evolve(
            draw_to_six=rng.random() < 0.3,
            finish_hand=rng.random() < 0.3,
            sides_of_six=rng.choice((2, 3)),
        )
        state = new_game(variant, seed=rng.randrange(10**9), dealer=rng.randrange(players))
        married = False
        games += 1
        while not state.is_over and done < hands:
            number = state.hand_number
            state, married = checked_step(state, rng, married)
            done += state.hand_number - number
        if state.is_over:
            assert state.winners
            best = max(state.scores)
            assert all(state.scores[w] == best for w in state.winners)
            assert best >= state.rules.target_score
    return games


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_hands_keep_every_invariant(players: int) -> None:
    assert play_hands(players, 120, seed=players) > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_thousands_of_random_hands_keep_every_invariant(players: int) -> None:
    assert play_hands(players, 3000, seed=100 + players) > 0
