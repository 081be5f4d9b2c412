"""What an episode of the learning adapters rewards, and what an episode is.

Both adapters (:mod:`bezique.envs.pettingzoo`, :mod:`bezique.envs.openspiel`) take the
same two options, and reward through these functions:

* ``reward``: ``"points"`` (the default) gives each seat the points its side scores, as
  they are scored: general-sum, every side scores. ``"margin"`` gives each seat its
  side's points less the mean of the other sides' (zero-sum: two sides get ``a - b``
  and ``b - a``), as they are scored. ``"win-loss"`` gives nothing until the episode
  ends, then 1 to the winning side, ``-1/(n-1)`` to each of the ``n - 1`` others, the
  win shared when the state names several winners, and 0 to all at a draw (no
  winner, or every side a winner): zero-sum and bounded, what CFR-style and
  AlphaZero-style methods expect.
* ``episode``: ``"deal"`` (the default) is one deal (in Zetema, one hand);
  ``"game"`` is a whole game to its target (:func:`bezique.new_game`), whose points
  are the game's totals (``side_scores``) and whose winners are the game's
  (S000 law 12 for a tie in the two-hand game).

The winners are the state's own (:attr:`bezique.State.winners`): the laws decide them,
not the adapters.

>>> margins((120, 80))
(40.0, -40.0)
>>> win_loss((0,), 3)
(1.0, -0.5, -0.5)
>>> win_loss((), 2)
(0.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bezique.errors import NotationError, shown

__all__ = [
    "EPISODES",
    "REWARDS",
    "check_options",
    "game_tail",
    "margins",
    "step_rewards",
    "win_loss",
]

#: The rewards an adapter may give, the first the default.
REWARDS: Final = ("points", "margin", "win-loss")
#: What one episode may be, the first the default.
EPISODES: Final = ("deal", "game")


def check_options(reward: object, episode: object) -> tuple[str, str]:
    """``reward`` and ``episode`` checked: :class:`~bezique.NotationError` names the
    choices of a wrong one."""
    if reward not in REWARDS:
        raise NotationError(f"no reward {shown(reward)}; rewards are: {', '.join(REWARDS)}")
    if episode not in EPISODES:
        raise NotationError(f"no episode {shown(episode)}; episodes are: {', '.join(EPISODES)}")
    return str(reward), str(episode)


def margins(points: Sequence[int | float]) -> tuple[float, ...]:
    """Each side's points less the mean of the other sides': they add up to zero."""
    sides = len(points)
    total = sum(points)
    if sides < 2:
        return (0.0,) * sides
    return tuple(float(p - (total - p) / (sides - 1)) for p in points)


def win_loss(winners: Sequence[int], sides: int) -> tuple[float, ...]:
    """1 to a sole winning side and ``-1/(sides-1)`` to each other side; several
    winners share the win; no winner, or every side a winner, is a draw (all 0)."""
    if not winners or len(set(winners)) >= sides:
        return (0.0,) * sides
    # (sides * share - 1) / (sides - 1): the share of the win less an even share of
    # the game, scaled so that a sole winner gets exactly 1.
    share = 1 / len(set(winners))
    return tuple(
        ((sides * share if side in winners else 0.0) - 1) / (sides - 1) for side in range(sides)
    )


def step_rewards(
    reward: str, gained: Sequence[int], *, over: bool, winners: Sequence[int]
) -> tuple[float, ...]:
    """What each side is rewarded for a step that scored ``gained`` (by side); ``over``
    when the step ended the episode, whose ``winners`` (sides) the state names."""
    if reward == "points":
        return tuple(float(points) for points in gained)
    if reward == "margin":
        return margins(gained)
    return win_loss(winners, len(gained)) if over else (0.0,) * len(gained)


def game_tail(totals: Sequence[int], side: int, target: int) -> list[int]:
    """What a whole game's observation holds after the seat's view: the game's totals
    by side, the seat's own ``side`` first and the others in order after it, then the
    ``target``; every seat sees them.

    >>> game_tail((300, 500, 420), 1, 2000)
    [500, 420, 300, 2000]
    """
    return [*totals[side:], *totals[:side], target]
