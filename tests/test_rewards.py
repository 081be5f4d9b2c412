"""The rewards of the learning adapters (bezique.envs.rewards), which need none of their
extras: each kind's formula, and the options refused in the library's words. The
adapters' use of them is tested in tests/rl/test_reward_options.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bezique import NotationError
from bezique.envs.rewards import EPISODES, REWARDS, check_options, margins, step_rewards, win_loss


def test_a_margin_is_the_side_s_points_less_the_mean_of_the_others() -> None:
    assert margins((120, 80)) == (40.0, -40.0)
    assert margins((30, 70, 170)) == (-90.0, -30.0, 120.0)
    assert margins((50,)) == (0.0,)


@given(st.lists(st.integers(0, 5000), min_size=2, max_size=6))
def test_margins_add_up_to_zero(points: list[int]) -> None:
    assert sum(margins(points)) == pytest.approx(0.0, abs=1e-6)


@given(st.lists(st.integers(0, 500), min_size=2, max_size=6), st.data())
def test_the_margins_of_the_steps_add_up_to_the_margin_of_their_sum(
    first: list[int], data: st.DataObject
) -> None:
    second = data.draw(st.lists(st.integers(0, 500), min_size=len(first), max_size=len(first)))
    total = [a + b for a, b in zip(first, second, strict=True)]
    by_steps = [a + b for a, b in zip(margins(first), margins(second), strict=True)]
    assert by_steps == pytest.approx(list(margins(total)))


def test_a_sole_winner_gets_one_and_the_others_share_minus_one() -> None:
    assert win_loss((1,), 2) == (-1.0, 1.0)
    assert win_loss((2,), 3) == (-0.5, -0.5, 1.0)
    assert win_loss((0,), 4) == pytest.approx((1.0, -1 / 3, -1 / 3, -1 / 3))


def test_tied_winners_share_the_win_and_a_draw_gives_nothing() -> None:
    assert win_loss((0, 2), 3) == (0.25, -0.5, 0.25)
    assert win_loss((), 2) == (0.0, 0.0)
    assert win_loss((0, 1), 2) == (0.0, 0.0)


@given(st.integers(2, 6), st.data())
def test_win_loss_adds_up_to_zero(sides: int, data: st.DataObject) -> None:
    winners = data.draw(st.sets(st.integers(0, sides - 1)))
    assert sum(win_loss(tuple(winners), sides)) == pytest.approx(0.0, abs=1e-9)


def test_each_kind_of_reward_for_a_step() -> None:
    assert step_rewards("points", (10, 0), over=False, winners=()) == (10.0, 0.0)
    assert step_rewards("margin", (10, 0), over=False, winners=()) == (10.0, -10.0)
    # Win-loss is given when the episode ends, and only then.
    assert step_rewards("win-loss", (10, 0), over=False, winners=(0,)) == (0.0, 0.0)
    assert step_rewards("win-loss", (0, 0), over=True, winners=(0,)) == (1.0, -1.0)


def test_the_defaults_come_first_and_a_wrong_option_is_refused() -> None:
    assert (REWARDS[0], EPISODES[0]) == ("points", "deal")
    assert check_options("margin", "game") == ("margin", "game")
    with pytest.raises(NotationError, match="rewards are: points, margin, win-loss"):
        check_options("elo", "deal")
    with pytest.raises(NotationError, match="episodes are: deal, game"):
        check_options("points", "match")
