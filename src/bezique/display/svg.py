"""Pictures of a position in SVG: a seat's view, a whole deal, a game's current deal.

:func:`draw` returns the picture as SVG text and :func:`save` writes it to a file;
:class:`~bezique.SeatView`, :class:`~bezique.DealState` and
:class:`~bezique.GameState` show it in a notebook (``_repr_svg_``).

The picture is a card table: the seat whose view it is sits at the foot, the
other seats across the top in the order of play. Each seat has its hand (face
up for the viewer; the other seats' hands as card backs, except the cards they
have shown), its table cards grouped by the melds they were declared in (each
group labelled with the meld kinds), its score and the tricks it has won. In
the middle lie the stock with its count and the turn-up under it, the trump
suit, the trick being played (or the last trick) and the scores, by side in
partnerships. The seat to act is outlined.

Every card drawn face up carries machine ids, so that a page can make it
clickable: ``data-card`` (its face as the action notation reads it: ``play QS``
plays it), ``data-id`` (the card's id in the view or state drawn), ``data-zone``
(``hand``, ``table``, ``trick``, ``turn-up``) and ``data-seat``; each group of
declared cards carries ``data-melds``, the kinds it was declared in. A card back
carries none.

A seat's view is drawn from the :class:`~bezique.SeatView` alone, so it shows
nothing the seat may not see; a :class:`~bezique.DealState` drawn without a
seat shows every hand face up. The layout is computed from the view's data
(how many seats, cards, melds), the same for every preset.

>>> import bezique as bz
>>> from bezique.display import svg
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=1)
>>> picture = svg.draw(state.view(1))
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> svg.draw(state, seat=1) == picture
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from os import PathLike
from pathlib import Path
from typing import Protocol
from xml.sax.saxutils import escape, quoteattr

import attrs

from bezique.cards import Rank, Suit, face_of
from bezique.errors import SeatError, require_int, shown, wrong_type
from bezique.game import GameState
from bezique.laws.turns import trick_seats
from bezique.records import DeclaredMeld, Phase, Trick, Window
from bezique.rules import GameEnd, Rules
from bezique.rules.melds import MeldKind
from bezique.state import DealState, PerfectInformationView
from bezique.views import SeatView, TableCard

__all__ = ["draw", "save"]

#: What :func:`draw` accepts.
Drawable = SeatView | DealState | GameState | PerfectInformationView

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
#: Suits in the order a hand is laid out; colours alternate, so suits stand apart.
SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}
PHASE_TEXT = {Phase.STOCK: "stock phase", Phase.END: "end phase", Phase.OVER: "deal over"}


class _Deal(Protocol):
    """What a picture reads of a deal, all of it public: a :class:`SeatView` and a
    :class:`DealState` both have it under these names."""

    @property
    def rules(self) -> Rules: ...
    @property
    def dealer(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def turn_up(self) -> int | None: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def trick(self) -> tuple[int, ...]: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def melds(self) -> tuple[DeclaredMeld, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def window(self) -> Window | None: ...
    @property
    def offers(self) -> tuple[int, ...]: ...
    @property
    def current_player(self) -> int | None: ...


@attrs.frozen
class _Seat:
    """One seat as the picture shows it."""

    seat: int
    #: Cards of its hand drawn face up, and how many are drawn as backs.
    shown: tuple[int, ...]
    backs: int
    table: tuple[TableCard, ...]
    #: Cards of the hand that keep a declaration history (melding after the close, S003).
    hand_kinds: tuple[TableCard, ...] = ()


@attrs.frozen
class _Picture:
    """What one picture draws: the public part of the deal, and each seat's cards as
    the picture may show them."""

    deal: _Deal
    seats: tuple[_Seat, ...]
    #: The seat at the foot of the table.
    bottom: int
    #: The seat whose view this is (``None`` for a whole deal).
    viewer: int | None
    title: str
    #: The game around the deal; its totals and its state (``None`` for a lone deal).
    game: GameState | None = None


# -- public API --------------------------------------------------------------------------


def draw(subject: Drawable, *, seat: int | None = None) -> str:
    """The SVG picture of a seat view, a deal, or a game's current deal.

    A :class:`~bezique.SeatView` is drawn as its seat sees the deal. A
    :class:`~bezique.DealState` (or a :class:`~bezique.PerfectInformationView`)
    is drawn whole, every hand face up, unless ``seat`` is given: then it is
    drawn as that seat's view. A :class:`~bezique.GameState` is drawn as its
    current deal, with the game's totals.

    Raises :class:`~bezique.SeatError` for a seat that does not exist (or that
    is not the view's own), :class:`TypeError` for anything else than those four
    kinds of object or a seat that is not an int.
    """
    if seat is not None:
        require_int(seat, "draw()", "seat")
    game = subject if isinstance(subject, GameState) else None
    if isinstance(subject, GameState):
        subject = subject.deal
    if isinstance(subject, PerfectInformationView):
        subject = subject.state
    if isinstance(subject, DealState):
        picture = _deal_picture(subject) if seat is None else _view_picture(subject.view(seat))
    elif isinstance(subject, SeatView):
        if seat is not None and seat != subject.seat:
            raise SeatError(
                f"this is seat {subject.seat}'s view: it cannot be drawn for {shown(seat)}"
            )
        picture = _view_picture(subject)
    else:
        wrong_type(
            "draw()",
            "subject",
            "a SeatView, a DealState, a GameState or a PerfectInformationView",
            subject,
        )
    return _render(attrs.evolve(picture, game=game))


def save(subject: Drawable, path: str | PathLike[str], *, seat: int | None = None) -> Path:
    """Write :func:`draw`'s picture to ``path`` (UTF-8); return the path written."""
    text = draw(subject, seat=seat)
    target = Path(path)
    target.write_text(text, encoding="utf-8")
    return target


# -- what each seat shows ------------------------------------------------------------------


def _view_picture(view: SeatView) -> _Picture:
    seats = []
    for s in range(view.players):
        table = view.tables[s]
        if s == view.seat:
            shown, backs = view.hand, 0
        else:
            shown = view.known[s]
            backs = view.hand_sizes[s] - len(table) - len(shown)
        kinds = view.hand_kinds[s] if view.hand_kinds else ()
        seats.append(_Seat(s, shown, backs, table, kinds))
    title = f"{view.rules.name}: the view of seat {view.seat}"
    return _Picture(view, tuple(seats), view.seat, view.seat, title)


def _deal_picture(state: DealState) -> _Picture:
    seats = []
    for s in range(state.players):
        table = tuple(TableCard(c, state.history_of(c)) for c in state.table(s))
        hand = state.hand(s)
        kinds = tuple(TableCard(c, state.history_of(c)) for c in hand if state.history_of(c))
        seats.append(_Seat(s, hand, 0, table, kinds))
    return _Picture(state, tuple(seats), 0, None, f"{state.rules.name}: the whole deal")


# -- SVG text ----------------------------------------------------------------------------


def _xml_chars(text: str) -> str:
    """``text`` without the characters XML 1.0 forbids (a preset's name is free text)."""
    return "".join(
        ch for ch in text if (ch in "\t\n\r" or ord(ch) >= 0x20) and ch not in "\ufffe\uffff"
    )


def _el(tag: str, body: str = "", **values: str | int) -> str:
    """An element; ``body`` is SVG text already. Attribute names are written with
    ``-`` for ``_`` (``font_size`` is ``font-size``)."""
    attributes = "".join(
        f" {key.replace('_', '-')}={quoteattr(_xml_chars(str(value)))}"
        for key, value in values.items()
    )
    return f"<{tag}{attributes}>{body}</{tag}>" if body else f"<{tag}{attributes}/>"


def _text(x: int, y: int, text: str, size: int, **values: str | int) -> str:
    return _el("text", escape(_xml_chars(text)), x=x, y=y, font_size=size, **values)


def _title(text: str) -> str:
    return f"<title>{escape(_xml_chars(text))}</title>"


def _group(x: int, y: int, body: Iterable[str], **values: str | int) -> str:
    return _el("g", "".join(body), transform=f"translate({x},{y})", **values)


def _text_width(text: str, size: int) -> int:
    """A generous estimate of the width of a line of sans-serif text."""
    return int(len(text) * size * 0.6) + 2


@attrs.frozen
class _Block:
    """A piece of the picture drawn about its own origin, and its size."""

    width: int
    height: int
    body: tuple[str, ...]
    #: Its class in the SVG document; what it shows, for a style sheet or a test.
    kind: str = ""

    def at(self, x: int, y: int) -> str:
        if self.kind:
            return _group(x, y, self.body, **{"class": self.kind})
        return _group(x, y, self.body)


def _row(blocks: Sequence[_Block], gap: int, *, middle: bool = True) -> _Block:
    """Blocks side by side, on a common middle line (or top line)."""
    blocks = [b for b in blocks if b.width]
    height = max((b.height for b in blocks), default=0)
    body = []
    x = 0
    for block in blocks:
        body.append(block.at(x, (height - block.height) // 2 if middle else 0))
        x += block.width + gap
    return _Block(max(x - gap, 0), height, tuple(body))


# -- cards -------------------------------------------------------------------------------


def _colour(suit: Suit) -> str:
    return RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


def _suit_mark(suit: Suit, x: int, y: int, size: int) -> str:
    return _el(
        "path",
        d=SUIT_PATHS[suit],
        fill=_colour(suit),
        transform=f"translate({x},{y}) scale({size / 100:g})",
    )


def _kinds_text(kinds: Iterable[MeldKind]) -> str:
    return ", ".join(kind.value.replace("-", " ") for kind in kinds)


@attrs.frozen
class _Place:
    """Where a card lies, for a page that makes the picture clickable: the zone
    (``hand``, ``table``, ``trick``, ``turn-up``) and the seat whose it is (``None``
    for the turn-up)."""

    zone: str
    seat: int | None = None

    def data(self, card: int) -> dict[str, str | int]:
        """The card's machine ids: ``data-card``, its face as the action notation
        reads it (``QS``, ``TD``: ``play QS`` plays it); ``data-id``, the card's id in
        the view or the state drawn (two copies of a face differ in it); then
        ``data-zone`` and ``data-seat``. A card back carries none: it names nothing."""
        values: dict[str, str | int] = {
            "data_card": str(face_of(card)),
            "data_id": card,
            "data_zone": self.zone,
        }
        if self.seat is not None:
            values["data_seat"] = self.seat
        return values


def _card(card: int, x: int, y: int, place: _Place, note: str = "") -> str:
    """A card face up: its rank and suit in the corner, a large suit mark in the middle."""
    face = face_of(card)
    rank = "10" if face.rank is Rank.TEN else face.rank.letter
    body = (
        _title(face.display() + (f" ({note})" if note else "")),
        _el("rect", width=CARD_W, height=CARD_H, rx=5, fill="#fffdf7", stroke="#555"),
        _text(4, 17, rank, 15, font_weight="bold", fill=_colour(face.suit)),
        _suit_mark(face.suit, 4, 21, 13),
        # Under the next card of a fan, whole on the last.
        _suit_mark(face.suit, FAN, CARD_H - 26, 20),
    )
    return _group(x, y, body, **{"class": "card"}, **place.data(card))


def _back(x: int, y: int) -> str:
    mid_x, mid_y = CARD_W // 2, CARD_H // 2
    body = (
        _el("rect", width=CARD_W, height=CARD_H, rx=5, fill=BACK, stroke="#0f1f47"),
        _el(
            "rect",
            x=5,
            y=5,
            width=CARD_W - 10,
            height=CARD_H - 10,
            rx=3,
            fill="none",
            stroke=BACK_EDGE,
        ),
        _el(
            "path",
            d=f"M{mid_x} 16L{CARD_W - 13} {mid_y}L{mid_x} {CARD_H - 16}L13 {mid_y}Z",
            fill="none",
            stroke=BACK_EDGE,
        ),
    )
    return _group(x, y, body, **{"class": "card-back"})


def _empty_place() -> str:
    """The outline of a place where no card lies."""
    return _el(
        "rect", width=CARD_W, height=CARD_H, rx=5, fill="none", stroke=DIM, stroke_dasharray="4 3"
    )


def _display_key(card: int) -> tuple[int, int, int]:
    face = face_of(card)
    return SUIT_ORDER[face.suit], -face.rank, card


def _fan(cards: Sequence[int], place: _Place, notes: dict[int, str] | None = None) -> _Block:
    """Cards face up, overlapping left to right, by suit and from the ace down."""
    ordered = sorted(cards, key=_display_key)
    notes = notes or {}
    body = tuple(_card(c, i * FAN, 0, place, notes.get(c, "")) for i, c in enumerate(ordered))
    if not ordered:
        return _Block(0, 0, ())
    return _Block((len(ordered) - 1) * FAN + CARD_W, CARD_H, body)


# -- the seats ---------------------------------------------------------------------------


def _table_groups(deal: _Deal, table: tuple[TableCard, ...]) -> list[tuple[TableCard, ...]]:
    """The table cards in groups: cards that share a declared meld are in one group,
    in the order the melds were declared."""
    on_table = {entry.card: entry for entry in table}
    parent = {card: card for card in on_table}

    def root(card: int) -> int:
        while parent[card] != card:
            card = parent[card]
        return card

    first: dict[int, int] = {}
    for index, meld in enumerate(deal.melds):
        members = [card for card in meld.cards if card in on_table]
        for card in members:
            first.setdefault(card, index)
            parent[root(card)] = root(members[0])
    groups: dict[int, list[TableCard]] = {}
    for card in sorted(on_table):
        groups.setdefault(root(card), []).append(on_table[card])
    after = len(deal.melds)
    return sorted(
        (tuple(cards) for cards in groups.values()),
        key=lambda cards: (min(first.get(t.card, after) for t in cards), cards[0].card),
    )


def _history_note(entry: TableCard) -> str:
    if not entry.history:
        return ""
    note = "declared in " + _kinds_text(entry.history)
    return note + ("; broken: " + _kinds_text(entry.broken) if entry.broken else "")


def _table_block(deal: _Deal, seat: int, table: tuple[TableCard, ...]) -> _Block:
    """The seat's declared cards, each group under the kinds it was declared in."""
    body: list[str] = []
    x = 0
    for cards in _table_groups(deal, table):
        kinds = {kind for entry in cards for kind in entry.history}
        label = _kinds_text(kind for kind in MeldKind if kind in kinds) or "declared"
        fan = _fan(
            [t.card for t in cards],
            _Place("table", seat),
            {t.card: _history_note(t) for t in cards},
        )
        text = _text(0, 11, label, 11, fill=DIM)
        # The kinds as the action notation writes them, for a page (``data-melds``).
        names = " ".join(kind.value for kind in MeldKind if kind in kinds)
        body.append(_group(x, 0, (text, fan.at(0, LINE)), **{"class": "meld", "data_melds": names}))
        x += max(fan.width, _text_width(label, 11)) + GAP
    return _Block(max(x - GAP, 0), LINE + CARD_H if body else 0, tuple(body))


def _hand_block(seat: _Seat) -> _Block:
    """The cards shown face up, then the hidden ones as backs."""
    notes = {entry.card: _history_note(entry) for entry in seat.hand_kinds}
    fan = _fan(seat.shown, _Place("hand", seat.seat), notes)
    x = fan.width + 6 if fan.width else 0
    backs = tuple(_back(x + i * BACK_FAN, 0) for i in range(seat.backs))
    width = x + (seat.backs - 1) * BACK_FAN + CARD_W if seat.backs else fan.width
    return _Block(width, CARD_H if width else 0, fan.body + backs)


def _won(deal: _Deal, seat: int) -> tuple[int, int]:
    """Tricks a seat has won and the brisques in them: tricks are seen as they are
    played (S000 law 6), so every seat may count them."""
    tricks = [t for t in deal.tricks if t.winner == seat]
    return len(tricks), sum(face_of(c).rank.is_brisque for t in tricks for c in t.cards)


def _seat_block(picture: _Picture, seat: _Seat) -> _Block:
    deal = picture.deal
    rules = deal.rules
    tags = [f"Seat {seat.seat}"]
    if picture.viewer == seat.seat:
        tags.append("you")
    if rules.sides:
        tags.append(f"side {rules.side_of(seat.seat)}")
    if seat.seat == deal.dealer:
        tags.append("dealer")
    heading = " · ".join(tags)
    tricks, brisques = _won(deal, seat.seat)
    counts = (
        f"{len(seat.shown) + seat.backs} in hand · {len(seat.table)} on the table · "
        f"{_count(tricks, 'trick')} won · {_count(brisques, 'brisque')}"
    )
    score = f"{deal.scores[seat.seat]} points"
    hand = _hand_block(seat)
    table = _table_block(deal, seat.seat, seat.table)
    # The table lies between the seat and the middle of the table.
    rows = (table, hand) if seat.seat == picture.bottom else (hand, table)
    inner = max(
        hand.width,
        table.width,
        _text_width(heading, 14) + _text_width(score, 14) + GAP,
        _text_width(counts, 11),
    )
    width = inner + 2 * PAD
    body = [
        _text(PAD, PAD + 13, heading, 14, font_weight="bold", fill=INK),
        _text(width - PAD, PAD + 13, score, 14, font_weight="bold", fill=INK, text_anchor="end"),
        _text(PAD, PAD + 13 + LINE, counts, 11, fill=DIM),
    ]
    y = PAD + 2 * LINE + 8
    for row in rows:
        if row.height:
            body.append(row.at(PAD, y))
            y += row.height + 8
    height = y - 8 + PAD
    to_act = deal.current_player == seat.seat
    frame = _el(
        "rect",
        width=width,
        height=height,
        rx=10,
        fill=PANEL,
        stroke=TURN if to_act else "#2c7a52",
        stroke_width=3 if to_act else 1,
    )
    kind = f"seat seat-{seat.seat}" + (" to-act" if to_act else "")
    return _Block(width, height, (frame, *body), kind)


# -- the middle of the table ---------------------------------------------------------------


def _caption(block: _Block, caption: str, kind: str) -> _Block:
    """A block with a line of text under it."""
    width = max(block.width, _text_width(caption, 12))
    body = (
        block.at((width - block.width) // 2, 0),
        _text(width // 2, block.height + 16, caption, 12, fill=INK, text_anchor="middle"),
    )
    return _Block(width, block.height + 20, body, kind)


def _stock_block(deal: _Deal) -> _Block:
    """The stock face down with the turn-up crosswise under it, its index showing."""
    body: list[str] = []
    pile = deal.stock_size - (deal.turn_up is not None)
    x = 0
    if deal.turn_up is not None:
        # Turned a quarter to the left: the card's corner index comes to the left end.
        turned = _card(deal.turn_up, 0, 0, _Place("turn-up"), "the turn-up")
        top = (CARD_H - CARD_W) // 2 + CARD_W
        body.append(_el("g", turned, transform=f"translate(0,{top}) rotate(-90)"))
        x = 34
    for i in range(min(pile, 3)):
        body.append(_back(x + 2 * i, -2 * i + 4))
    if pile:
        body.append(
            _text(
                x + 2 * min(pile, 3) + CARD_W // 2 - 2,
                CARD_H // 2 + 8,
                str(pile),
                18,
                font_weight="bold",
                fill="#ffffff",
                text_anchor="middle",
            )
        )
    elif deal.turn_up is None:
        body.append(_empty_place())
    width = max(x + 4 + CARD_W, CARD_H if deal.turn_up is not None else 0)
    # The number on the pile counts its cards face down; the caption says what is left
    # to draw, the turn-up (drawn last) included, so that the two do not seem to differ.
    if not deal.stock_size:
        caption = "stock: exhausted"
    elif deal.turn_up is not None:
        caption = f"stock: {deal.stock_size} to draw, the turn-up last"
    else:
        caption = f"stock: {deal.stock_size} to draw"
    return _caption(_Block(width, CARD_H + 4, tuple(body)), caption, "stock")


def _count(number: int, thing: str) -> str:
    """``1 trick``, ``2 tricks``: a count with its noun, singular for one."""
    return f"{number} {thing}{'s' * (number != 1)}"


def _trump_block(deal: _Deal) -> _Block:
    if deal.trump is None:
        mark = _text(32, 40, "?", 30, font_weight="bold", fill=DIM, text_anchor="middle")
        caption = "no trumps yet"
    else:
        mark = _suit_mark(deal.trump, 12, 12, 40)
        caption = f"trumps: {deal.trump.name.lower()}"
    circle = _el("circle", cx=32, cy=32, r=30, fill="#fffdf7", stroke="#555")
    return _caption(_Block(64, 64, (circle, mark)), caption, "trumps")


def _trick_block(deal: _Deal) -> _Block:
    """The trick being played, each card over the seat that played it; when none
    is, the last trick and its winner."""
    rules = deal.rules
    if deal.trick:
        cards, seats = deal.trick, trick_seats(rules, deal.tricks, deal.leader)
        caption = f"trick {len(deal.tricks) + 1}"
    elif deal.tricks:
        last = deal.tricks[-1]
        cards, seats = last.cards, trick_seats(rules, deal.tricks[:-1], last.leader)
        caption = f"last trick ({len(deal.tricks)}): won by seat {last.winner}"
    else:
        empty = _Block(CARD_W, CARD_H, (_empty_place(),))
        return _caption(empty, f"seat {deal.leader} to lead", "trick")
    step = CARD_W + 12
    body: list[str] = []
    for i, (card, seat) in enumerate(zip(cards, seats, strict=False)):
        body.append(_card(card, i * step, 0, _Place("trick", seat), f"played by seat {seat}"))
        body.append(
            _text(
                i * step + CARD_W // 2,
                CARD_H + 14,
                f"seat {seat}",
                11,
                fill=DIM,
                text_anchor="middle",
            )
        )
    block = _Block(len(cards) * step - 12, CARD_H + 18, tuple(body))
    return _caption(block, caption, "trick")


def _score_lines(rules: Rules, scores: Sequence[int]) -> list[str]:
    lines = [f"seat {s}: {points}" for s, points in enumerate(scores)]
    if rules.sides:
        for side, points in enumerate(rules.side_totals(scores)):
            members = ", ".join(str(s) for s in range(rules.players) if rules.side_of(s) == side)
            lines.append(f"side {side} (seats {members}): {points}")
    return lines


def _scores_block(picture: _Picture) -> _Block:
    deal = picture.deal
    lines = [
        ("Scores this deal", True),
        *((t, False) for t in _score_lines(deal.rules, deal.scores)),
    ]
    game = picture.game
    if game is not None:
        rules = game.rules
        # The deal drawn: once a game is over, the deal that ended it.
        number = len(game.results) + (not game.deal.is_over)
        if rules.game.end is GameEnd.DEALS:
            what = f"Game: deal {number} of {rules.game.deals}"
        else:
            what = f"Game to {game.target}: deal {number}"
        lines.append((what, True))
        lines.extend((t, False) for t in _score_lines(rules, game.scores))
        if game.is_over:
            won = ", ".join(str(w) for w in game.winners) or "none (drawn)"
            lines.append((f"game over: won by {'side' if rules.sides else 'seat'} {won}", True))
    body = []
    width = 0
    for i, (line, bold) in enumerate(lines):
        size = 13 if bold else 12
        extra: dict[str, str | int] = {"font_weight": "bold"} if bold else {}
        body.append(_text(PAD, PAD + 13 + i * LINE, line, size, fill=INK, **extra))
        width = max(width, _text_width(line, size))
    height = 2 * PAD + len(lines) * LINE
    frame = _el("rect", width=width + 2 * PAD, height=height, rx=8, fill=PANEL, stroke="#2c7a52")
    return _Block(width + 2 * PAD, height, (frame, *body), "scores")


def _status(deal: _Deal) -> str:
    rules = deal.rules
    parts = [
        PHASE_TEXT[deal.phase],
        f"{len(deal.tricks)} of {rules.total_tricks} tricks played",
    ]
    seat = deal.current_player
    if seat is not None:
        if deal.offers:
            parts.append(f"seat {seat} to show a carte blanche or pass")
        elif deal.window is not None:
            parts.append(f"seat {seat} to declare, after the trick")
        else:
            parts.append(f"seat {seat} to play")
    return " · ".join(parts)


# -- the whole picture -----------------------------------------------------------------------


def _wrap(blocks: Sequence[_Block], limit: int) -> list[_Block]:
    """Blocks in rows of at most ``limit`` wide (a block wider than that alone)."""
    rows: list[list[_Block]] = [[]]
    used = 0
    for block in blocks:
        if rows[-1] and used + GAP + block.width > limit:
            rows.append([])
            used = 0
        used += (GAP if rows[-1] else 0) + block.width
        rows[-1].append(block)
    return [_row(row, GAP, middle=False) for row in rows if row]


def _render(picture: _Picture) -> str:
    deal = picture.deal
    n = deal.rules.players
    by_seat = {s.seat: s for s in picture.seats}
    others = [_seat_block(picture, by_seat[(picture.bottom + i) % n]) for i in range(1, n)]
    bottom = _seat_block(picture, by_seat[picture.bottom])
    middle = _row(
        (_stock_block(deal), _trump_block(deal), _trick_block(deal), _scores_block(picture)),
        2 * GAP,
    )
    limit = max(LIMIT, bottom.width, middle.width)
    rows = [*_wrap(others, limit), middle, bottom]
    width = max(row.width for row in rows) + 2 * MARGIN
    heading = (
        _text(MARGIN, MARGIN + 14, picture.title, 16, font_weight="bold", fill=INK),
        _text(MARGIN, MARGIN + 14 + 18, _status(deal), 12, fill=DIM),
    )
    y = MARGIN + 44
    body = [_el("rect", width=width, height=0, fill=FELT), *heading]
    for row in rows:
        body.append(row.at((width - row.width) // 2, y))
        y += row.height + GAP
    height = y - GAP + MARGIN
    body[0] = _el("rect", width=width, height=height, rx=14, fill=FELT)
    return (
        _el(
            "svg",
            _title(picture.title) + "".join(body),
            xmlns=SVG_NS,
            version="1.1",
            width=width,
            height=height,
            viewBox=f"0 0 {width} {height}",
            font_family="sans-serif",
        )
        + "\n"
    )
