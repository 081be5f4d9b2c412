"""Words the text boards (:mod:`bezique.display.board`) and the pictures
(:mod:`bezique.display.svg`) both write, so that they say a thing alike.

>>> count(1, "trick"), count(2, "brisque")
('1 trick', '2 brisques')
>>> import bezique as bz
>>> four_deals = bz.variants.RUBICON.evolve(deals=4)
>>> game_heading(bz.variants.CLASSIC, 1000, 2), game_heading(four_deals, 1000, 3)
('Game to 1000, deal 2', 'Game: deal 3 of 4')
"""

from __future__ import annotations

from bezique.rules import GameEnd, Rules

__all__ = ["count", "game_heading"]


def count(number: int, thing: str) -> str:
    """``1 trick``, ``2 tricks``: a count with its noun, singular for one."""
    return f"{number} {thing}{'s' * (number != 1)}"


def game_heading(rules: Rules, target: int, number: int) -> str:
    """The heading of a game at its deal ``number``: the target it is played to, or,
    for a game of a fixed number of deals (the multi-pack games, each deal a game by
    default), how many it has."""
    if rules.game.end is GameEnd.DEALS:
        return f"Game: deal {number} of {rules.game.deals}"
    return f"Game to {target}, deal {number}"
