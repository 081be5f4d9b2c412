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
clickable: ``data-card`` (the card as the action notation names it: ``play QS``
plays it; a declared card with its histories, ``KS[common-marriage]``),
``data-id`` (the card's id in the view or state drawn), ``data-zone`` (``hand``,
``table``, ``won``, ``trick``, ``turn-up``) and ``data-seat``; each group of declared
cards carries ``data-melds``, the kinds it was declared in. A card back carries none.

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

import attrs

from bezique.actions import CardRef
from bezique.cards import Rank, Suit, face_of
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
    el,
    empty_place,
    face_card,
    face_down_pile,
    hand_row,
    lines_panel,
    row,
    seat_panel,
    suit_mark,
    text,
    text_width,
    wrap,
)
from bezique.display.words import count, game_heading
from bezique.errors import SeatError, require_int, shown, wrong_type
from bezique.game import GameState
from bezique.laws.scoring import running_totals
from bezique.laws.turns import trick_seats
from bezique.records import DeclaredMeld, Phase, Trick, Window
from bezique.rules import DeclareFrom, Rules
from bezique.rules.melds import MeldKind
from bezique.state import DealState, PerfectInformationView
from bezique.views import GameTotals, SeatView, TableCard, physical_view

__all__ = ["draw", "save"]

#: What :func:`draw` accepts.
Drawable = SeatView | DealState | GameState | PerfectInformationView

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
    #: The cards it has won that lie face up, where melds are shown from them (S003,
    #: EB11), each with the melds it was declared in.
    won: tuple[TableCard, ...] = ()


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
    #: The game around the deal, as a game's view carries it (``None`` for a lone deal).
    game: GameTotals | None = None


# -- public API --------------------------------------------------------------------------


def draw(subject: Drawable, *, seat: int | None = None) -> str:
    """The SVG picture of a seat view, a deal, or a game's current deal.

    A :class:`~bezique.SeatView` is drawn as its seat sees the deal. A
    :class:`~bezique.DealState` (or a :class:`~bezique.PerfectInformationView`)
    is drawn whole, every hand face up, unless ``seat`` is given: then it is
    drawn as that seat's view. A :class:`~bezique.GameState` is drawn as its
    current deal, with the game's target and totals; so is a game's view
    (:meth:`bezique.GameState.view`, which carries them).

    Raises :class:`~bezique.SeatError` for a seat that does not exist (or that
    is not the view's own), :class:`TypeError` for anything else than those four
    kinds of object or a seat that is not an int.
    """
    if seat is not None:
        require_int(seat, "draw()", "seat")
    if isinstance(subject, GameState):
        if seat is None:
            return _render(attrs.evolve(_deal_picture(subject.deal), game=subject.standing))
        subject = subject.view(seat)
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
    return _render(picture)


def save(subject: Drawable, path: str | PathLike[str], *, seat: int | None = None) -> Path:
    """Write :func:`draw`'s picture to ``path`` (UTF-8); return the path written."""
    picture = draw(subject, seat=seat)
    target = Path(path)
    target.write_text(picture, encoding="utf-8")
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
        seats.append(_Seat(s, shown, backs, table, kinds, view.won_tables[s]))
    title = f"{view.rules.name}: the view of seat {view.seat}"
    return _Picture(view, tuple(seats), view.seat, view.seat, title, view.game)


def _deal_picture(state: DealState) -> _Picture:
    seats = []
    won = physical_view(state, 0).won_tables
    for s in range(state.players):
        table = tuple(TableCard(c, state.history_of(c)) for c in state.table(s))
        hand = state.hand(s)
        kinds = tuple(TableCard(c, state.history_of(c)) for c in hand if state.history_of(c))
        seats.append(_Seat(s, hand, 0, table, kinds, won[s]))
    return _Picture(state, tuple(seats), 0, None, f"{state.rules.name}: the whole deal")


# -- SVG text ----------------------------------------------------------------------------


# -- cards -------------------------------------------------------------------------------


def _kinds_text(kinds: Iterable[MeldKind]) -> str:
    return ", ".join(kind.value.replace("-", " ") for kind in kinds)


@attrs.frozen
class _Place:
    """Where a card lies, for a page that makes the picture clickable: the zone
    (``hand``, ``table``, ``trick``, ``turn-up``) and the seat whose it is (``None``
    for the turn-up)."""

    zone: str
    seat: int | None = None

    # A card's machine ids: ``data-card``, the card as the action notation names it
    # (``QS``, ``TD``: ``play QS`` plays it; a declared card with its history,
    # ``KS[common-marriage]``, which tells its copies apart); ``data-id``, the card's
    # id in the view or the state drawn (two copies of a face differ in it); then
    # ``data-zone`` and ``data-seat``. A card back carries none: it names nothing.


def _card(
    card: int, x: int, y: int, place: _Place, note: str = "", entry: TableCard | None = None
) -> str:
    """A card face up, with its machine ids (:class:`_Place`); ``entry``, a declared
    card's histories, for its note and its name in actions."""
    face = face_of(card)
    rank = "10" if face.rank is Rank.TEN else face.rank.letter
    if entry is not None:
        note = _history_note(entry)
    name = face.display() + (f" ({note})" if note else "")
    named = face if entry is None else CardRef(face, entry.history, entry.broken)
    return face_card(
        rank, face.suit, x, y, name, card=str(named), card_id=card, zone=place.zone, seat=place.seat
    )


def _display_key(card: int) -> tuple[int, int, int]:
    face = face_of(card)
    return SUIT_ORDER[face.suit], -face.rank, card


def _fan(cards: Sequence[int], place: _Place, entries: Sequence[TableCard] = ()) -> Block:
    """Cards face up, overlapping left to right, by suit and from the ace down;
    ``entries``, the histories of those declared."""
    ordered = sorted(cards, key=_display_key)
    declared = {entry.card: entry for entry in entries if entry.history}
    body = tuple(_card(c, i * FAN, 0, place, entry=declared.get(c)) for i, c in enumerate(ordered))
    if not ordered:
        return Block(0, 0, ())
    return Block((len(ordered) - 1) * FAN + CARD_W, CARD_H, body)


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


def _meld_group(deal: _Deal, seat: int, cards: Sequence[TableCard], zone: str) -> Block:
    """Declared cards under the kinds they were declared in (``data-melds``)."""
    kinds = {kind for entry in cards for kind in entry.history}
    label = _kinds_text(kind for kind in MeldKind if kind in kinds) or "declared"
    fan = _fan([t.card for t in cards], _Place(zone, seat), cards)
    heading = text(0, 11, label, 11, fill=DIM)
    # The kinds as the action notation writes them, for a page (``data-melds``).
    names = " ".join(kind.value for kind in MeldKind if kind in kinds)
    body = (heading, fan.at(0, LINE))
    return Block(max(fan.width, text_width(label, 11)), LINE + CARD_H, body, "meld", names)


def _table_block(deal: _Deal, seat: int, table: tuple[TableCard, ...]) -> Block:
    """The seat's declared cards, each group under the kinds it was declared in."""
    groups = [_meld_group(deal, seat, cards, "table") for cards in _table_groups(deal, table)]
    return row(groups, GAP, middle=False)


def _won_block(deal: _Deal, seat: int, won: tuple[TableCard, ...]) -> Block:
    """The cards the seat has won that lie face up (S003, EB11): those declared,
    grouped by their melds as a table's are, then those not declared yet."""
    declared = tuple(entry for entry in won if entry.history)
    groups = [_meld_group(deal, seat, cards, "won") for cards in _table_groups(deal, declared)]
    rest = [entry.card for entry in won if not entry.history]
    if rest:
        fan = _fan(rest, _Place("won", seat))
        label = "won, not declared"
        body = (text(0, 11, label, 11, fill=DIM), fan.at(0, LINE))
        groups.append(Block(max(fan.width, text_width(label, 11)), LINE + CARD_H, body, "won"))
    return row(groups, GAP, middle=False)


def _hand_block(seat: _Seat) -> Block:
    """The cards shown face up, then the hidden ones as backs."""
    fan = _fan(seat.shown, _Place("hand", seat.seat), seat.hand_kinds)
    return hand_row(fan, seat.backs)


def _won(deal: _Deal, seat: int) -> tuple[int, int, int]:
    """Tricks a seat has won, the cards and the brisques in them: tricks are seen as
    they are played (S000 law 6), so every seat may count them."""
    tricks = [t for t in deal.tricks if t.winner == seat]
    cards = [c for t in tricks for c in t.cards]
    return len(tricks), len(cards), sum(face_of(c).rank.is_brisque for c in cards)


def _seat_block(picture: _Picture, seat: _Seat) -> Block:
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
    tricks, cards, brisques = _won(deal, seat.seat)
    if rules.zones.declare_from is DeclareFrom.WON:
        # No table: the cards won lie face up, some turned down under EB11.
        down = cards - len(seat.won)
        where = f"{len(seat.won)} won face up" + (f", {down} turned down" if down else "")
    else:
        where = f"{len(seat.table)} on the table"
    counts = (
        f"{len(seat.shown) + seat.backs} in hand · {where} · "
        f"{count(tricks, 'trick')} won · {count(brisques, 'brisque')}"
    )
    score = f"{deal.scores[seat.seat]} points"
    hand = _hand_block(seat)
    table = _table_block(deal, seat.seat, seat.table)
    won = _won_block(deal, seat.seat, seat.won)
    # The table and the cards won lie between the seat and the middle of the table.
    rows = (table, won, hand) if seat.seat == picture.bottom else (hand, table, won)
    to_act = deal.current_player == seat.seat
    return seat_panel(seat.seat, heading, score, counts, rows, to_act=to_act)


# -- the middle of the table ---------------------------------------------------------------


def _stock_block(deal: _Deal) -> Block:
    """The stock face down with the turn-up crosswise under it, its index showing."""
    body: list[str] = []
    pile = deal.stock_size - (deal.turn_up is not None)
    x = 0
    if deal.turn_up is not None:
        # Turned a quarter to the left: the card's corner index comes to the left end.
        turned = _card(deal.turn_up, 0, 0, _Place("turn-up"), "the turn-up")
        top = (CARD_H - CARD_W) // 2 + CARD_W
        body.append(el("g", turned, transform=f"translate(0,{top}) rotate(-90)"))
        x = 34
    body.extend(face_down_pile(pile, x))
    if not pile and deal.turn_up is None:
        body.append(empty_place())
    width = max(x + 4 + CARD_W, CARD_H if deal.turn_up is not None else 0)
    # The number on the pile counts its cards face down; the caption says what is left
    # to draw, the turn-up (drawn last) included, so that the two do not seem to differ.
    if not deal.stock_size:
        caption = "stock: exhausted"
    elif deal.turn_up is not None:
        caption = f"stock: {deal.stock_size} to draw, the turn-up last"
    else:
        caption = f"stock: {deal.stock_size} to draw"
    return captioned(Block(width, CARD_H + 4, tuple(body)), caption, "stock")


def _trump_block(deal: _Deal) -> Block:
    if deal.trump is None:
        mark = text(32, 40, "?", 30, font_weight="bold", fill=DIM, text_anchor="middle")
        caption = "no trumps yet"
    else:
        mark = suit_mark(deal.trump, 12, 12, 40)
        caption = f"trumps: {deal.trump.name.lower()}"
    circle = el("circle", cx=32, cy=32, r=30, fill="#fffdf7", stroke="#555")
    return captioned(Block(64, 64, (circle, mark)), caption, "trumps")


def _trick_block(deal: _Deal) -> Block:
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
        empty = Block(CARD_W, CARD_H, (empty_place(),))
        return captioned(empty, f"seat {deal.leader} to lead", "trick")
    step = CARD_W + 12
    body: list[str] = []
    for i, (card, seat) in enumerate(zip(cards, seats, strict=False)):
        body.append(_card(card, i * step, 0, _Place("trick", seat), f"played by seat {seat}"))
        body.append(
            text(
                i * step + CARD_W // 2,
                CARD_H + 14,
                f"seat {seat}",
                11,
                fill=DIM,
                text_anchor="middle",
            )
        )
    block = Block(len(cards) * step - 12, CARD_H + 18, tuple(body))
    return captioned(block, caption, "trick")


def _score_lines(rules: Rules, scores: Sequence[int]) -> list[str]:
    lines = [f"seat {s}: {points}" for s, points in enumerate(scores)]
    if rules.sides:
        for side, points in enumerate(rules.side_totals(scores)):
            members = ", ".join(str(s) for s in range(rules.players) if rules.side_of(s) == side)
            lines.append(f"side {side} (seats {members}): {points}")
    return lines


def _scores_block(picture: _Picture) -> Block:
    deal = picture.deal
    lines = [
        ("Scores this deal", True),
        *((t, False) for t in _score_lines(deal.rules, deal.scores)),
    ]
    game = picture.game
    if game is not None:
        rules = deal.rules
        # The deal drawn: once a game is over, the deal that ended it.
        number = game.deals + (deal.phase is not Phase.OVER)
        lines.append((game_heading(rules, game.target, number), True))
        totals = running_totals(
            rules, game.totals, deal.scores, game.over or deal.phase is Phase.OVER
        )
        lines.extend((t, False) for t in _score_lines(rules, totals))
        if game.over:
            won = ", ".join(str(w) for w in game.winners) or "none (drawn)"
            lines.append((f"game over: won by {'side' if rules.sides else 'seat'} {won}", True))
    return lines_panel(lines, "scores")


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


def _render(picture: _Picture) -> str:
    deal = picture.deal
    n = deal.rules.players
    by_seat = {s.seat: s for s in picture.seats}
    others = [_seat_block(picture, by_seat[(picture.bottom + i) % n]) for i in range(1, n)]
    bottom = _seat_block(picture, by_seat[picture.bottom])
    middle = row(
        (_stock_block(deal), _trump_block(deal), _trick_block(deal), _scores_block(picture)),
        2 * GAP,
    )
    limit = max(LIMIT, bottom.width, middle.width)
    return document(picture.title, _status(deal), [*wrap(others, limit), middle, bottom])
