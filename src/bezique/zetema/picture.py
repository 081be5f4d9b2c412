"""A Zetema game drawn as an SVG picture: a seat's view, or the whole game.

The picture is a card table drawn with the pieces of the Bezique pictures
(:mod:`bezique.display.drawing`): the seat whose view it is sits at the foot,
the other seats across the top in the order of play. Each seat shows its hand
(face up for the viewer; the other hands as card backs, but for the cards they
have shown in a declaration and still hold) and its side's score. In the middle
lie the stock with its count, the zetema pile (face down, with its count) and
the scores by side against the target; under them the tableau's rank piles and
the marriage pile. The seat to act is outlined.

Every card drawn face up carries the machine ids of every picture of the
family: ``data-card`` (its face as Zetema's action notation writes it:
``discard KS`` discards it), ``data-id`` (the face's number, 0..51: two copies
of an imperial card are one face, as in play), ``data-zone`` (``hand``,
``tableau``, ``marriage-pile``) and, for a card of a hand, ``data-seat``. A card
back carries none. The document's ``data-click`` names the action a click on a
card of the seat's own hand makes: ``discard``.

A view is drawn from the :class:`~bezique.zetema.ZetemaView` alone, so the
picture shows nothing its seat may not see.

>>> from bezique import zetema
>>> from bezique.zetema.picture import draw
>>> state = zetema.new_game(zetema.ZETEMA, seed=3)
>>> picture = draw(state.view(1))
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> 'data-card="KC" data-id="51" data-zone="hand" data-seat="1"' in picture
True
"""

from __future__ import annotations

from collections.abc import Sequence

from bezique.cards import Suit
from bezique.display.drawing import (
    CARD_H,
    CARD_W,
    DIM,
    FAN,
    GAP,
    LIMIT,
    LINE,
    Block,
    captioned,
    document,
    empty_place,
    face_card,
    face_down_pile,
    hand_row,
    lines_panel,
    row,
    seat_panel,
    text,
    text_width,
    wrap,
)
from bezique.display.words import count
from bezique.errors import wrong_type
from bezique.zetema.deck import RANK_LETTERS, face_name, rank_of, suit_of
from bezique.zetema.state import DISCARD, ZetemaState
from bezique.zetema.views import ZetemaView

__all__ = ["draw"]

#: The action a click on a card of the seat's own hand makes, for a page.
CLICK = "discard"


def draw(game: ZetemaView | ZetemaState) -> str:
    """The SVG picture of a seat's view, or of a whole game, every hand face up.

    Raises :class:`TypeError` for anything else than a Zetema view or state.
    """
    if not isinstance(game, (ZetemaView, ZetemaState)):
        wrong_type("zetema.picture.draw()", "game", "a ZetemaView or a ZetemaState", game)
    viewer = game.seat if isinstance(game, ZetemaView) else None
    n = game.players
    bottom = 0 if viewer is None else viewer
    others = [_seat_block(game, (bottom + i) % n, viewer) for i in range(1, n)]
    foot = _seat_block(game, bottom, viewer)
    middle = row((_stock_block(game), _scores_block(game)), 2 * GAP)
    limit = max(LIMIT, foot.width, middle.width)
    tableau = wrap(_tableau_piles(game), limit)
    seen = "the whole game" if viewer is None else f"the view of seat {viewer}"
    heading = f"{game.rules.name}: {seen}"
    rows = [*wrap(others, limit), middle, *tableau, foot]
    # The action a click on a card of the hand makes: the page's script reads it.
    return document(heading, _status(game), rows, data_click=CLICK)


# -- cards -------------------------------------------------------------------------------


def _rank(rank: int) -> str:
    """A rank as a card's corner shows it: ``A``, ``2``, ... ``10``, ``J``, ``Q``, ``K``."""
    letter = RANK_LETTERS[rank]
    return "10" if letter == "T" else letter


def _card(face: int, x: int, y: int, zone: str, seat: int | None = None) -> str:
    """A Zetema card face up, drawn as every card of the family is."""
    rank = _rank(rank_of(face))
    suit = Suit(suit_of(face))
    name = rank + suit.symbol
    return face_card(
        rank, suit, x, y, name, card=face_name(face), card_id=face, zone=zone, seat=seat
    )


def _fan(faces: Sequence[int], zone: str, seat: int | None = None) -> Block:
    """Faces overlapping left to right, in the library's order (by rank, ace first)."""
    ordered = sorted(faces)
    if not ordered:
        return Block(0, 0, ())
    body = tuple(_card(face, i * FAN, 0, zone, seat) for i, face in enumerate(ordered))
    return Block((len(ordered) - 1) * FAN + CARD_W, CARD_H, body)


def _labelled(block: Block, label: str, kind: str) -> Block:
    """A block under a line of small text."""
    body = (text(0, 11, label, 11, fill=DIM), block.at(0, LINE))
    return Block(max(block.width, text_width(label, 11)), LINE + block.height, body, kind)


# -- the seats ---------------------------------------------------------------------------


def _side_seats(game: ZetemaView | ZetemaState, side: int) -> str:
    rules = game.rules
    return ", ".join(str(s) for s in range(rules.players) if rules.side_of(s) == side)


def _seat_block(game: ZetemaView | ZetemaState, seat: int, viewer: int | None) -> Block:
    rules = game.rules
    if isinstance(game, ZetemaState):
        shown, hidden = game.hands[seat], 0
        size = len(shown)
    elif seat == viewer:
        shown, hidden = game.hand, 0
        size = len(shown)
    else:
        shown = game.shown[seat]
        size = game.hand_sizes[seat]
        hidden = size - len(shown)
    tags = [f"Seat {seat}"]
    if seat == viewer:
        tags.append("you")
    if rules.side_count != rules.players:
        tags.append(f"side {rules.side_of(seat)}")
    if seat == game.dealer:
        tags.append("dealer")
    heading = " · ".join(tags)
    score = f"{game.scores[seat]} points"
    held = count(size, "card") + " in hand"
    if game.shown[seat]:
        held += f" · {len(game.shown[seat])} shown"
    hand = hand_row(_fan(shown, "hand", seat), hidden)
    to_act = game.current_player == seat
    return seat_panel(seat, heading, score, held, (hand,), to_act=to_act)


# -- the middle of the table ---------------------------------------------------------------


def _pile(number: int, caption: str, kind: str) -> Block:
    """A pile face down with its count, as the Bezique pictures draw the stock."""
    body = face_down_pile(number) if number else (empty_place(),)
    return captioned(Block(CARD_W + 4, CARD_H + 4, body), caption, kind)


def _stock_block(game: ZetemaView | ZetemaState) -> Block:
    """The stock face down with its count, and the zetema pile beside it: face down,
    its cards were seen on the tableau, and its count is what matters."""
    size = game.stock_size if isinstance(game, ZetemaView) else len(game.stock)
    stock = _pile(size, f"stock: {size} to draw", "stock")
    zetema = len(game.zetema_pile)
    pile = _pile(zetema, f"zetema pile: {count(zetema, 'card')}", "zetema-pile")
    return row((stock, pile), GAP, middle=False)


def _tableau_piles(game: ZetemaView | ZetemaState) -> list[Block]:
    """The tableau's piles by rank, ace first, each under its rank and count; then
    the marriage pile, face up."""
    piles = [
        _labelled(_fan(pile, "tableau"), f"{_rank(rank)}: {len(pile)}", "pile")
        for rank, pile in enumerate(game.tableau)
        if pile
    ]
    if not piles:
        empty = Block(CARD_W, CARD_H, (empty_place(),))
        piles.append(_labelled(empty, "tableau: no card yet", "pile"))
    if game.marriage_pile:
        married = _fan(game.marriage_pile, "marriage-pile")
        piles.append(_labelled(married, "married", "marriage-pile"))
    return piles


def _scores_block(game: ZetemaView | ZetemaState) -> Block:
    rules = game.rules
    target = "one hand" if game.one_hand else f"to {rules.target_score}"
    lines = [(f"Scores, game {target}", True)]
    for side, points in enumerate(game.side_scores):
        lines.append((f"seats {_side_seats(game, side)}: {points}", False))
    lines.append((f"This hand ({game.hand_number})", True))
    for side, points in enumerate(game.hand_scores):
        lines.append((f"seats {_side_seats(game, side)}: {points}", False))
    if game.current_player is None:
        won = " and ".join(f"seats {_side_seats(game, w)}" for w in game.winners) or "nobody"
        lines.append((f"game over: won by {won}", True))
    return lines_panel(lines, "scores")


def _status(game: ZetemaView | ZetemaState) -> str:
    parts = [f"hand {game.hand_number}", f"dealt by seat {game.dealer}"]
    seat = game.current_player
    if seat is None:
        parts.append("the game is over")
    elif game.phase == DISCARD:
        must = " one of " + " ".join(map(face_name, game.required)) if game.required else ""
        parts.append(f"seat {seat} to discard{must}")
    else:
        parts.append(f"seat {seat} to declare or discard")
    return " · ".join(parts)
