"""The pieces every SVG picture of the family is built of: elements and text,
blocks laid out in rows, the felt of the table, and the cards, face up and face
down. The pictures of Bezique (:mod:`bezique.display.svg`) and of Zetema
(:mod:`bezique.zetema.picture`) draw their cards here, so that a card looks the
same, and carries the same machine ids, whichever game it is dealt in.

Every card drawn face up carries the ids a page makes it clickable by:
``data-card`` (its face as the game's action notation writes it), ``data-id``
(the card's id in the view or state drawn), ``data-zone`` (where it lies) and
``data-seat`` (whose it is, where it is a seat's); a card back carries none.

>>> from bezique.cards import Suit
>>> card = face_card("Q", Suit.SPADES, 0, 0, "Q♠", card="QS", card_id=10, zone="hand", seat=0)
>>> 'data-card="QS"' in card and 'data-zone="hand"' in card
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

import attrs

from bezique.cards import Suit

__all__ = [
    "BACK_FAN",
    "CARD_H",
    "CARD_W",
    "DIM",
    "FAN",
    "GAP",
    "INK",
    "LIMIT",
    "LINE",
    "MARGIN",
    "PAD",
    "PANEL",
    "TURN",
    "Block",
    "backs",
    "captioned",
    "card_back",
    "colour",
    "document",
    "el",
    "empty_place",
    "face_card",
    "face_down_pile",
    "group",
    "hand_row",
    "lines_panel",
    "panel_frame",
    "row",
    "seat_panel",
    "suit_mark",
    "text",
    "text_width",
    "title",
    "wrap",
]

SVG_NS = "http://www.w3.org/2000/svg"

# Sizes in SVG user units (pixels at 100%).
CARD_W, CARD_H = 50, 72
FAN = 28  # the step between overlapping face-up cards: the corner index stays visible
BACK_FAN = 12  # card backs overlap more: only their number matters
GAP = 16
PAD = 10
MARGIN = 16
LINE = 16  # the height of a line of small text
LIMIT = 1200  # seats across the top wrap into another row beyond this width

FELT, PANEL, INK, DIM = "#1e6b45", "#185a39", "#f4f1e8", "#b9d3c2"
TURN = "#f2c14e"  # the outline of the seat to act
EDGE = "#2c7a52"  # the outline of a panel
RED, BLACK = "#c62828", "#1b1b1b"
BACK, BACK_EDGE = "#27408b", "#8fa4dd"

#: Suit marks drawn as paths in a 100 x 100 box, so that no font is needed for them.
SUIT_PATHS = {
    Suit.SPADES: "M50 4C62 22 96 40 96 62C96 78 84 86 72 86C63 86 56 82 53 76C54 86 58 94 "
    "66 98L34 98C42 94 46 86 47 76C44 82 37 86 28 86C16 86 4 78 4 62C4 40 38 22 50 4Z",
    Suit.HEARTS: "M50 92C38 80 4 58 4 32C4 16 16 4 30 4C40 4 47 10 50 18C53 10 60 4 70 4"
    "C84 4 96 16 96 32C96 58 62 80 50 92Z",
    Suit.DIAMONDS: "M50 2L88 50L50 98L12 50Z",
    Suit.CLUBS: "M29 26a21 21 0 1 1 42 0a21 21 0 1 1 -42 0ZM6 60a21 21 0 1 1 42 0"
    "a21 21 0 1 1 -42 0ZM52 60a21 21 0 1 1 42 0a21 21 0 1 1 -42 0ZM40 40L60 40L62 62L38 62Z"
    "M53 62C53 80 58 92 66 98L34 98C42 92 47 80 47 62Z",
}


# -- SVG text ----------------------------------------------------------------------------


def _xml_chars(value: str) -> str:
    """``value`` without the characters XML 1.0 forbids (a preset's name is free text)."""
    return "".join(
        ch for ch in value if (ch in "\t\n\r" or ord(ch) >= 0x20) and ch not in "\ufffe\uffff"
    )


def el(tag: str, body: str = "", **values: str | int) -> str:
    """An element; ``body`` is SVG text already. Attribute names are written with
    ``-`` for ``_`` (``font_size`` is ``font-size``)."""
    attributes = "".join(
        f" {key.replace('_', '-')}={quoteattr(_xml_chars(str(value)))}"
        for key, value in values.items()
    )
    return f"<{tag}{attributes}>{body}</{tag}>" if body else f"<{tag}{attributes}/>"


def text(x: int, y: int, words: str, size: int, **values: str | int) -> str:
    """A line of text, escaped."""
    return el("text", escape(_xml_chars(words)), x=x, y=y, font_size=size, **values)


def title(words: str) -> str:
    """A ``title`` element: the tooltip of what it lies in."""
    return f"<title>{escape(_xml_chars(words))}</title>"


def group(x: int, y: int, body: Iterable[str], **values: str | int) -> str:
    """A ``g`` element moved to ``(x, y)``."""
    return el("g", "".join(body), transform=f"translate({x},{y})", **values)


def text_width(words: str, size: int) -> int:
    """A generous estimate of the width of a line of sans-serif text."""
    return int(len(words) * size * 0.6) + 2


@attrs.frozen
class Block:
    """A piece of the picture drawn about its own origin, and its size."""

    width: int
    height: int
    body: tuple[str, ...]
    #: Its class in the SVG document; what it shows, for a style sheet or a test.
    kind: str = ""
    #: The kinds of meld its cards were declared in, as the action notation writes
    #: them (its ``data-melds``, for a page).
    melds: str | None = None

    def at(self, x: int, y: int) -> str:
        values: dict[str, str | int] = {"class": self.kind} if self.kind else {}
        if self.melds is not None:
            values["data_melds"] = self.melds
        return group(x, y, self.body, **values)


def row(blocks: Sequence[Block], gap: int, *, middle: bool = True) -> Block:
    """Blocks side by side, on a common middle line (or top line)."""
    blocks = [b for b in blocks if b.width]
    height = max((b.height for b in blocks), default=0)
    body = []
    x = 0
    for block in blocks:
        body.append(block.at(x, (height - block.height) // 2 if middle else 0))
        x += block.width + gap
    return Block(max(x - gap, 0), height, tuple(body))


def wrap(blocks: Sequence[Block], limit: int) -> list[Block]:
    """Blocks in rows of at most ``limit`` wide (a block wider than that alone)."""
    rows: list[list[Block]] = [[]]
    used = 0
    for block in blocks:
        if rows[-1] and used + GAP + block.width > limit:
            rows.append([])
            used = 0
        used += (GAP if rows[-1] else 0) + block.width
        rows[-1].append(block)
    return [row(blocks, GAP, middle=False) for blocks in rows if blocks]


def captioned(block: Block, words: str, kind: str) -> Block:
    """A block with a line of text under it."""
    width = max(block.width, text_width(words, 12))
    body = (
        block.at((width - block.width) // 2, 0),
        text(width // 2, block.height + 16, words, 12, fill=INK, text_anchor="middle"),
    )
    return Block(width, block.height + 20, body, kind)


def seat_panel(
    seat: int, heading: str, score: str, counts: str, rows: Sequence[Block], *, to_act: bool
) -> Block:
    """A seat's place at the table: ``heading`` and ``score`` on its first line,
    ``counts`` under them, then ``rows`` (its cards) one under another; outlined
    when the seat is to act. Its class is ``seat seat-N`` (and ``to-act``)."""
    inner = max(
        *(part.width for part in rows),
        text_width(heading, 14) + text_width(score, 14) + GAP,
        text_width(counts, 11),
    )
    width = inner + 2 * PAD
    body = [
        text(PAD, PAD + 13, heading, 14, font_weight="bold", fill=INK),
        text(width - PAD, PAD + 13, score, 14, font_weight="bold", fill=INK, text_anchor="end"),
        text(PAD, PAD + 13 + LINE, counts, 11, fill=DIM),
    ]
    y = PAD + 2 * LINE + 8
    for part in rows:
        if part.height:
            body.append(part.at(PAD, y))
            y += part.height + 8
    height = y - 8 + PAD
    frame = panel_frame(width, height, to_act=to_act)
    kind = f"seat seat-{seat}" + (" to-act" if to_act else "")
    return Block(width, height, (frame, *body), kind)


def lines_panel(lines: Sequence[tuple[str, bool]], kind: str) -> Block:
    """Lines of text in a panel, each ``(text, bold)``: the bold ones headings."""
    body = []
    width = 0
    for i, (line, bold) in enumerate(lines):
        size = 13 if bold else 12
        extra: dict[str, str | int] = {"font_weight": "bold"} if bold else {}
        body.append(text(PAD, PAD + 13 + i * LINE, line, size, fill=INK, **extra))
        width = max(width, text_width(line, size))
    height = 2 * PAD + len(lines) * LINE
    frame = el("rect", width=width + 2 * PAD, height=height, rx=8, fill=PANEL, stroke=EDGE)
    return Block(width + 2 * PAD, height, (frame, *body), kind)


def hand_row(fan: Block, hidden: int) -> Block:
    """A hand: the cards shown face up (``fan``), then ``hidden`` card backs."""
    down = backs(hidden, fan.width + 6 if fan.width else 0)
    width = down.width or fan.width
    return Block(width, CARD_H if width else 0, fan.body + down.body)


def face_down_pile(number: int, x: int = 0) -> tuple[str, ...]:
    """A pile of ``number`` cards face down, from ``x``: up to three card backs, a
    little askew, the number written on the top one (nothing for none)."""
    shown = min(number, 3)
    body = [card_back(x + 2 * i, -2 * i + 4) for i in range(shown)]
    if number:
        body.append(
            text(
                x + 2 * shown + CARD_W // 2 - 2,
                CARD_H // 2 + 8,
                str(number),
                18,
                font_weight="bold",
                fill="#ffffff",
                text_anchor="middle",
            )
        )
    return tuple(body)


def panel_frame(width: int, height: int, *, to_act: bool = False) -> str:
    """The frame of a seat's panel, outlined when the seat is to act."""
    return el(
        "rect",
        width=width,
        height=height,
        rx=10,
        fill=PANEL,
        stroke=TURN if to_act else EDGE,
        stroke_width=3 if to_act else 1,
    )


def document(heading: str, status: str, rows: Sequence[Block], **values: str | int) -> str:
    """The whole picture: a table's felt, ``heading`` (also the document's title)
    and ``status`` under it, then ``rows``, each centred; ``values`` are more
    attributes of the ``svg`` element (``data_click``, for a page)."""
    width = max((r.width for r in rows), default=0) + 2 * MARGIN
    body = [
        text(MARGIN, MARGIN + 14, heading, 16, font_weight="bold", fill=INK),
        text(MARGIN, MARGIN + 14 + 18, status, 12, fill=DIM),
    ]
    y = MARGIN + 44
    for block in rows:
        body.append(block.at((width - block.width) // 2, y))
        y += block.height + GAP
    height = y - GAP + MARGIN
    felt = el("rect", width=width, height=height, rx=14, fill=FELT)
    return (
        el(
            "svg",
            title(heading) + felt + "".join(body),
            xmlns=SVG_NS,
            version="1.1",
            width=width,
            height=height,
            viewBox=f"0 0 {width} {height}",
            font_family="sans-serif",
            **values,
        )
        + "\n"
    )


# -- cards -------------------------------------------------------------------------------


def colour(suit: Suit) -> str:
    """The ink of a suit: hearts and diamonds red, spades and clubs black."""
    return RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


def suit_mark(suit: Suit, x: int, y: int, size: int) -> str:
    """A suit's mark, ``size`` units high, its corner at ``(x, y)``."""
    return el(
        "path",
        d=SUIT_PATHS[suit],
        fill=colour(suit),
        transform=f"translate({x},{y}) scale({size / 100:g})",
    )


def face_card(
    rank: str,
    suit: Suit,
    x: int,
    y: int,
    name: str,
    *,
    card: str,
    card_id: int,
    zone: str,
    seat: int | None = None,
) -> str:
    """A card face up: ``rank`` (``Q``, ``10``) and the suit in the corner, a large
    suit mark in the middle; ``name`` its tooltip. ``card``, ``card_id``, ``zone`` and
    ``seat`` are its machine ids, ``data-card``, ``data-id``, ``data-zone`` and
    ``data-seat`` (none for a card that is no seat's)."""
    body = (
        title(name),
        el("rect", width=CARD_W, height=CARD_H, rx=5, fill="#fffdf7", stroke="#555"),
        text(4, 17, rank, 15, font_weight="bold", fill=colour(suit)),
        suit_mark(suit, 4, 21, 13),
        # Under the next card of a fan, whole on the last.
        suit_mark(suit, FAN, CARD_H - 26, 20),
    )
    values: dict[str, str | int] = {"data_card": card, "data_id": card_id, "data_zone": zone}
    if seat is not None:
        values["data_seat"] = seat
    return group(x, y, body, **{"class": "card"}, **values)


def card_back(x: int, y: int) -> str:
    """A card face down: it names nothing, so it carries no machine ids."""
    mid_x, mid_y = CARD_W // 2, CARD_H // 2
    body = (
        el("rect", width=CARD_W, height=CARD_H, rx=5, fill=BACK, stroke="#0f1f47"),
        el(
            "rect",
            x=5,
            y=5,
            width=CARD_W - 10,
            height=CARD_H - 10,
            rx=3,
            fill="none",
            stroke=BACK_EDGE,
        ),
        el(
            "path",
            d=f"M{mid_x} 16L{CARD_W - 13} {mid_y}L{mid_x} {CARD_H - 16}L13 {mid_y}Z",
            fill="none",
            stroke=BACK_EDGE,
        ),
    )
    return group(x, y, body, **{"class": "card-back"})


def backs(count: int, x: int = 0) -> Block:
    """``count`` card backs overlapping from ``x``."""
    if not count:
        return Block(0, 0, ())
    body = tuple(card_back(x + i * BACK_FAN, 0) for i in range(count))
    return Block(x + (count - 1) * BACK_FAN + CARD_W, CARD_H, body)


def empty_place() -> str:
    """The outline of a place where no card lies."""
    return el(
        "rect", width=CARD_W, height=CARD_H, rx=5, fill="none", stroke=DIM, stroke_dasharray="4 3"
    )
