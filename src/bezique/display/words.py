"""Words the text boards (:mod:`bezique.display.board`) and the pictures
(:mod:`bezique.display.svg`) both write, so that they say a thing alike.

>>> count(1, "trick"), count(2, "brisque")
('1 trick', '2 brisques')
"""

from __future__ import annotations

__all__ = ["count"]


def count(number: int, thing: str) -> str:
    """``1 trick``, ``2 tricks``: a count with its noun, singular for one."""
    return f"{number} {thing}{'s' * (number != 1)}"
