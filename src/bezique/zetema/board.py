"""A Zetema game drawn as text: the board of ``state.render()`` and
``view.render()``, in the words of the Bezique boards (:mod:`bezique.display.board`).

Suit symbols are used when asked (``symbols=True``) or, by default, when standard
output can encode them; otherwise cards are written ``KS`` and the board is plain
ASCII.

>>> from bezique import zetema
>>> state = zetema.new_game(zetema.ZETEMA, seed=3)
>>> print(state.view(1).render(symbols=False))
zetema: hand 1, dealt by Seat 0; seen by Seat 1
Stock: 52 cards; tableau: -
Seat 0 (dealer): 6 cards
Seat 1: 7 cards
  hand: 2D 5S 5H 6C 8S 9D KC
Scores: Seat 0 0, Seat 1 0 (target 300)
To act: Seat 1, to declare or discard
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bezique.display.board import ascii_text, can_encode_symbols, seat_names
from bezique.errors import BeziqueError
from bezique.zetema.deck import faces_text, with_suit_symbols
from bezique.zetema.state import COMBINE, DEAL, DISCARD, ZetemaState
from bezique.zetema.views import ZetemaView

__all__ = ["render", "side_name"]


def side_name(game: ZetemaState | ZetemaView, side: int, names: Sequence[str]) -> str:
    """A side named by its seats (``Seat 0 and Seat 2``): partners are named as
    partners, not by a side number; a side of one seat is that seat's name."""
    rules = game.rules
    return " and ".join(names[s] for s in range(rules.players) if rules.side_of(s) == side)


def render(
    game: ZetemaState | ZetemaView,
    *,
    symbols: bool | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """``game`` drawn as text: a state with every hand face up, a view with its
    seat's hand and the others' sizes and shown cards. ``names`` names the seats
    (``Seat 0``, ``Seat 1``, ... by default)."""
    if names is None:
        names = seat_names(game.players)
    elif len(names) != game.players:
        raise BeziqueError(f"names: {len(names)} names for {game.players} seats")
    seat = game.seat if isinstance(game, ZetemaView) else None
    show_symbols = can_encode_symbols() if symbols is None else symbols

    def cards(faces: tuple[int, ...]) -> str:
        text = faces_text(faces) or "-"
        return with_suit_symbols(text) if show_symbols else text

    rules = game.rules
    seen = "" if seat is None else f"; seen by {names[seat]}"
    lines = [f"{rules.name}: hand {game.hand_number}, dealt by {names[game.dealer]}{seen}"]
    stock = game.stock_size if isinstance(game, ZetemaView) else len(game.stock)
    piles = [cards(pile) for pile in game.tableau if pile]
    lines.append(f"Stock: {stock} cards; tableau: {' | '.join(piles) if piles else '-'}")
    if game.marriage_pile:
        lines.append(f"Married: {cards(game.marriage_pile)}")
    lines += _seat_lines(game, names, cards)
    lines += _score_lines(game, names, cards)
    text = "\n".join(lines)
    return text if show_symbols else ascii_text(text)


def _seat_lines(
    game: ZetemaState | ZetemaView, names: Sequence[str], cards: Callable[[tuple[int, ...]], str]
) -> list[str]:
    """Each seat's lines: its number of cards, the hand where it is seen, the cards
    it has shown."""
    seat = game.seat if isinstance(game, ZetemaView) else None
    lines: list[str] = []
    for s in range(game.players):
        dealer = " (dealer)" if s == game.dealer else ""
        if isinstance(game, ZetemaView):
            size = game.hand_sizes[s]
            lines.append(f"{names[s]}{dealer}: {size} cards")
            if s == seat:
                lines.append(f"  hand: {cards(game.hand)}")
        else:
            lines.append(f"{names[s]}{dealer}: {len(game.hands[s])} cards")
            lines.append(f"  hand: {cards(game.hands[s])}")
        if game.shown[s] and s != seat:
            lines.append(f"  shown: {cards(game.shown[s])}")
    return lines


def _score_lines(
    game: ZetemaState | ZetemaView, names: Sequence[str], cards: Callable[[tuple[int, ...]], str]
) -> list[str]:
    """The scores against the target, then who won or who is to act and how."""
    rules = game.rules
    totals = ", ".join(f"{names[s]} {p}" for s, p in enumerate(game.scores))
    if rules.side_count != rules.players:
        totals = ", ".join(
            f"{side_name(game, side, names)} {p}" for side, p in enumerate(game.side_scores)
        )
    target = "one hand" if game.one_hand else f"target {rules.target_score}"
    lines = [f"Scores: {totals} ({target})"]
    if game.phase == DEAL:
        lines.append(f"Next: hand {game.hand_number}, dealt by {names[game.dealer]}")
    elif game.current_player is None:
        won = " and ".join(side_name(game, w, names) for w in game.winners)
        lines.append(f"Over: {won or 'nobody'} won")
    else:
        doing = {COMBINE: "declare or discard", DISCARD: "discard"}[game.phase]
        must = f" one of {cards(game.required)}" if game.required else ""
        lines.append(f"To act: {names[game.current_player]}, to {doing}{must}")
    return lines
