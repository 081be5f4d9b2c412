"""Showing a game: the text board (:mod:`~bezique.display.board`), the SVG pictures
(:mod:`~bezique.display.svg`) and the terminal screens of a Bezique game, its narration
and its table (:mod:`~bezique.display.screen`).

Importing this package loads none of them: the views, the deal states and the games
import the board and the pictures only inside ``render`` and ``_repr_svg_``.
"""
