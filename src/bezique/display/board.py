"""Text boards: a seat view, a whole deal or a game drawn as plain text.

A board is drawn from the data of a :class:`~bezique.SeatView` (or of a
:class:`~bezique.DealState`, every hand face up), never from code written for
one preset: the two-, three- and four-hand games, partnerships and the
multi-pack games are drawn by the same lines, and so is any preset to come.

What a board shows, a line or a few each:

* the preset, the phase, the trick being played and the number of tricks;
* the trumps, the turn-up and how many cards are left in the stock;
* for each seat: how many cards it holds (and how many of them lie on its
  table), the tricks and brisques it has won; the seat's own hand (every
  hand, for a whole deal); its table, card by card, grouped by the
  declarations the cards were made in; the cards of its hand the others have
  seen;
* the last completed trick and the trick on the table;
* the scores, by seat and, in partnerships, by side;
* the winner's turn (who may declare now, what was declared on this trick),
  the carte blanche offers and whose turn it is.

A hand is sorted by suit, **trumps first**, then the other suits in the order
♠ ♥ ♦ ♣, each suit from the ace down in trick order (A T K Q J 9 8 7). Before
trumps are fixed (Rubicon and the multi-pack games, until the first marriage)
the suits are in the order ♠ ♥ ♦ ♣.

Copies of a face are interchangeable in a hand or a trick, and a board names
them by face alone. Only where a table holds two copies of one face is each
written with its copy letter (``Q♠a``, ``Q♠b``), so that the declarations
listed tell which copy lies in which; a view's letters are its labels (see
:mod:`bezique.views`).

Suit symbols are used when asked (``symbols=True``) or, by default, when
standard output can encode them; otherwise cards are written ``QS`` and the
board is plain ASCII.

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=1)
>>> state = bz.play_many(state, ["play 9C", "play 8S", "exchange"])
>>> state = state.apply("declare common-marriage QC KC")
>>> print(state.view(1).render(symbols=True))
classic: stock phase, trick 1 of 32; seen by Seat 1
Trumps: ♥ hearts (turn-up 7♥); stock: 48 cards
Seat 0 (dealer): 7 cards; 0 tricks won
Seat 1: 7 cards, 2 on the table; 1 trick won, 0 brisques
  hand: Q♥ Q♥ 9♥  T♦ Q♦
  table: common-marriage K♣ Q♣
Last trick (1): Seat 1 9♣, Seat 0 8♠; won by Seat 1
Scores: Seat 0 0, Seat 1 30
Declaring: Seat 1 may declare after trick 1 (made so far: 1 declaration); Q♥ taken by the exchange
To act: Seat 1, to declare or draw
"""

from __future__ import annotations

import contextlib
import enum
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Generic, TextIO, TypeVar

import attrs

from bezique.cards import FACES_PER_PACK, Card, Suit, card_id_name, face_of
from bezique.display.words import count, game_heading
from bezique.engine.fields import DealFields
from bezique.errors import BeziqueError, NotationError, require, shown
from bezique.game import GameState
from bezique.laws.turns import trick_seats
from bezique.legality import Reason
from bezique.records import DeclaredMeld, Phase, ScoreEvent, ScoreSource
from bezique.rules import Rules
from bezique.views import GameTotals, SeatView, TableCard, physical_view

if TYPE_CHECKING:
    from bezique.state import DealState

__all__ = [
    "COMMANDS",
    "Command",
    "Reading",
    "ascii_text",
    "can_encode_symbols",
    "describe_event",
    "game_lines",
    "hand_key",
    "hand_order",
    "meld_order",
    "numbered_lines",
    "render_game",
    "render_state",
    "render_view",
    "scores_text",
    "seat_names",
]

#: The characters a board with suit symbols needs beyond ASCII.
_SYMBOLS = "♠♥♦♣"


def can_encode_symbols(stream: TextIO | None = None) -> bool:
    """Whether ``stream`` (standard output by default) can print the suit symbols.

    A stream without an encoding (or none at all) cannot: cards are then written
    with letters, ``QS``.
    """
    stream = sys.stdout if stream is None else stream
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return False
    try:
        _SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


_LETTERS = str.maketrans("♠♥♦♣♤♡♢♧", "SHDCSHDC")


def ascii_text(text: str) -> str:
    """``text`` for an output that cannot print the suit symbols: each symbol
    written as its suit's letter, anything else beyond ASCII as ``?``."""
    return text.translate(_LETTERS).encode("ascii", "replace").decode("ascii")


class Command(enum.StrEnum):
    """A line typed at a seat's turn that asks for something other than a move."""

    QUIT = "quit"
    HELP = "help"
    BOARD = "board"


#: The lines that are commands, at every game's prompt.
COMMANDS = {
    "q": Command.QUIT,
    "quit": Command.QUIT,
    "exit": Command.QUIT,
    "help": Command.HELP,
    "h": Command.HELP,
    "?": Command.HELP,
    "b": Command.BOARD,
    "board": Command.BOARD,
    "": Command.BOARD,
}


#: The action type of the game a line is read for.
A = TypeVar("A")


@attrs.frozen
class Reading(Generic[A]):
    """What one line typed at a seat's turn says: a legal ``action`` (of the game
    played), a ``command``, or neither, with why (``refusal``: what was not
    understood; ``reasons``: why the action it names is illegal)."""

    action: A | None = None
    command: Command | None = None
    refusal: str = ""
    reasons: tuple[Reason, ...] = ()

    @property
    def message(self) -> str:
        """The refusal in words, for the person who typed the line."""
        why = [self.refusal] if self.refusal else []
        why.extend(reason.explanation for reason in self.reasons)
        return "refused: " + "; ".join(why) if why else ""


#: The most digits of a move number typed at the prompt, more than any list holds.
_NUMBER_DIGITS = 4


def read_number(line: str, actions: Sequence[A]) -> Reading[A] | None:
    """The action numbered by ``line`` (a number alone, as the list numbers the
    legal ``actions`` from 1), a refusal for a number the list has not, or ``None``
    if ``line`` is not a number. Digits of other scripts (``²``, ``٣``), which
    :meth:`str.isdigit` takes and :func:`int` may refuse, and numbers too long for
    any list are refused in words, without converting them.

    >>> read_number("2", ["a", "b"]).action, read_number("9" * 5000, ["a"]).message
    ('b', "refused: no action numbered '99999999...: choose 1 to 1")
    >>> read_number("play QS", ["a"]) is None
    True
    """
    if not line.isdigit():
        return None
    number = int(line) if line.isascii() and len(line) <= _NUMBER_DIGITS else None
    if number is not None and 1 <= number <= len(actions):
        return Reading(actions[number - 1])
    if not actions:
        return Reading(refusal="there is nothing to do now")
    named = shown(line, 12) if number is None else str(number)
    return Reading(refusal=f"no action numbered {named}: choose 1 to {len(actions)}")


def numbered_lines(items: Sequence[str], width: int = 78) -> list[str]:
    """The moves a seat may make, numbered from 1 (``1: play QS``), on as few lines
    as fit in ``width`` characters: the list every game's prompt shows."""
    lines, line = [], ""
    for number, item in enumerate(items, 1):
        entry = f"{number}: {item}"
        if line and len(line) + len(entry) + 3 > width:
            lines.append(line)
            line = ""
        line = f"{line}   {entry}" if line else f"  {entry}"
    lines.append(line)
    return lines


def seat_names(players: int) -> tuple[str, ...]:
    """The default names of the seats on a board: ``Seat 0``, ``Seat 1``, ..."""
    return tuple(f"Seat {seat}" for seat in range(players))


def hand_key(face: Card, trump: Suit | None) -> tuple[bool, int, int]:
    """Where a face goes in a hand on a board: by suit, trumps first, then ♠ ♥ ♦ ♣;
    within a suit from the ace down (trick order, S000 law 6)."""
    return (face.suit is not trump, face.suit, -face.rank)


def hand_order(cards: Iterable[int], trump: Suit | None) -> list[int]:
    """Card ids in a board's order of a hand (:func:`hand_key`)."""
    return sorted(cards, key=lambda card: (*hand_key(face_of(card), trump), card))


def meld_order(cards: Iterable[int]) -> list[int]:
    """Card ids of a declaration in a board's order: from the ace down, then by suit
    (``Q♠ J♦``, ``A♥ T♥ K♥ Q♥ J♥``, ``K♠ K♥ K♦ K♣``)."""
    return sorted(cards, key=lambda card: (-face_of(card).rank, face_of(card).suit, card))


def describe_event(event: ScoreEvent, *, symbols: bool = False) -> str:
    """What a score was for, in words: ``for the last trick (trick 32)``. A
    declaration is described by its kind (``for a bezique``); the card an exchange
    takes is written ``K♦`` with ``symbols``."""
    source = event.source
    if source is ScoreSource.DECLARATION:
        return f"for a {event.detail}" if event.detail else "for a declaration"
    taken = event.detail
    if source is ScoreSource.EXCHANGE and symbols:
        with contextlib.suppress(NotationError):
            taken = Card.parse(taken).display()
    return {
        ScoreSource.TURN_UP_SEVEN: "for turning up the seven of trumps",
        ScoreSource.SEVEN_OF_TRUMPS: "for the seven of trumps",
        ScoreSource.EXCHANGE: f"for exchanging the seven (takes {taken})",
        ScoreSource.LAST_TRICK: f"for the last trick ({event.detail})",
        ScoreSource.BRISQUES: f"for brisques ({event.detail})",
        ScoreSource.CARTE_BLANCHE: "for a carte blanche",
        ScoreSource.CUT: "for the cut",
        ScoreSource.STOCK_END: f"for the end of the stock ({event.detail})",
        ScoreSource.ALL_LAST_TRICKS: "for all the last tricks",
    }[source]


def render_view(
    view: SeatView, *, symbols: bool | None = None, names: Sequence[str] | None = None
) -> str:
    """The board of what ``view``'s seat may know: its own hand, every table, the
    cards of other hands it has seen, the tricks, the scores, the turn.

    ``names`` names the seats (``Seat 0``, ``Seat 1``, ... by default);
    ``symbols`` as in the module documentation.
    """
    require(view, SeatView, "render_view()", "view", "a SeatView")
    board = _Board(view, None, (), symbols, names).lines()
    if view.game is None:
        return board
    # A game's view: the game's target and totals over the deal, as render_game draws them.
    labels = _names(names, view.players)
    return "\n".join(game_lines(view.rules, view.game, labels)) + "\n" + board


def render_state(
    state: DealState, *, symbols: bool | None = None, names: Sequence[str] | None = None
) -> str:
    """The board of a whole deal: every seat's hand face up, the top of the stock
    and everything a seat view shows. Cards are the state's physical cards."""
    require(state, DealFields, "render_state()", "state", "a DealState")
    # The state's physical card ids, in a view whose hand is its seat's only: the
    # board adds the other hands and the stock.
    view = physical_view(state, 0)
    return _Board(view, state.hands, state.stock, symbols, names).lines()


def render_game(
    game: GameState,
    *,
    seat: int | None = None,
    symbols: bool | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """The board of a game: the game totals and the target, then the deal in
    progress (the last deal, once the game is over) as ``seat`` sees it, or whole
    when ``seat`` is ``None``."""
    require(game, GameState, "render_game()", "game", "a GameState")
    if seat is not None:
        return render_view(game.view(seat), symbols=symbols, names=names)
    labels = _names(names, game.players)
    drawing = render_state(game.deal, symbols=symbols, names=labels)
    return "\n".join(game_lines(game.rules, game.standing, labels)) + "\n" + drawing


def game_lines(rules: Rules, game: GameTotals, names: Sequence[str]) -> list[str]:
    """The lines of a game over its deal: the target and the deal's number, the
    totals of the deals finished, and once the game is over who won."""
    number = game.deals + (0 if game.over else 1)
    head = [game_heading(rules, game.target, number)]
    head.append("Game totals: " + scores_text(rules, game.totals, names))
    if game.over:
        if game.winners:
            won = " and ".join(_side_name(side, names, rules.sides) for side in game.winners)
            head.append(f"The game is over: {won} won")
        else:
            head.append("The game is over: drawn")
    return head


# -- drawing ----------------------------------------------------------------------


def _names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    if names is None:
        return seat_names(players)
    labels = tuple(str(name) for name in names)
    if len(labels) != players:
        raise BeziqueError(f"names: {len(labels)} names for {players} seats")
    return labels


def _side_name(side: int, names: Sequence[str], sides: Sequence[int]) -> str:
    if not sides:
        return names[side]
    return " and ".join(names[seat] for seat, s in enumerate(sides) if s == side)


def scores_text(rules: Rules, scores: Sequence[int], names: Sequence[str]) -> str:
    """Scores by seat and, in partnerships, by side, the seats named by ``names``:
    ``Seat 0 120, Seat 1 40``."""
    text = ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))
    if not rules.sides:
        return text
    totals = rules.side_totals(scores)
    return f"{text}; by side: " + ", ".join(
        f"{_side_name(side, names, rules.sides)} {total}" for side, total in enumerate(totals)
    )


_PHASES = {Phase.STOCK: "stock phase", Phase.END: "end phase", Phase.OVER: "the deal is over"}


class _Board:
    """One drawing: a view, and for a whole deal every hand and the stock."""

    def __init__(
        self,
        view: SeatView,
        hands: Sequence[Sequence[int]] | None,
        stock: Sequence[int],
        symbols: bool | None,
        names: Sequence[str] | None,
    ) -> None:
        self.view = view
        self.hands = hands
        self.stock = stock
        self.symbols = can_encode_symbols() if symbols is None else symbols
        self.names = _names(names, view.players)

    # -- cards

    def face(self, card: int) -> str:
        face = face_of(card)
        return face.display() if self.symbols else str(face)

    def cards(self, cards: Iterable[int]) -> str:
        return " ".join(self.face(c) for c in cards) or "-"

    def hand(self, cards: Iterable[int]) -> str:
        """A hand sorted for the board, the suits apart."""
        groups: list[list[str]] = []
        suit = None
        for card in hand_order(cards, self.view.trump):
            if face_of(card).suit is not suit:
                suit = face_of(card).suit
                groups.append([])
            groups[-1].append(self.face(card))
        return "  ".join(" ".join(g) for g in groups) or "-"

    def seat(self, seat: int) -> str:
        return self.names[seat]

    # -- the board

    def lines(self) -> str:
        view = self.view
        rules = view.rules
        out = [self.title()]
        out.append(self.trumps())
        for seat in range(view.players):
            out.extend(self.seat_lines(seat))
        out.extend(self.trick_lines())
        out.append("Scores: " + scores_text(rules, view.scores, self.names))
        out.extend(self.turn_lines())
        return "\n".join(out)

    def title(self) -> str:
        view = self.view
        title = f"{view.rules.name}: {_PHASES[view.phase]}"
        if view.phase is not Phase.OVER:
            number = len(view.tricks) + (view.window is None)
            title += f", trick {number} of {view.rules.total_tricks}"
        if self.hands is None:
            title += f"; seen by {self.seat(view.seat)}"
        return title

    def trumps(self) -> str:
        view = self.view
        if view.trump is None:
            text = "Trumps: not fixed yet"
        else:
            symbol = f"{view.trump.symbol} " if self.symbols else ""
            text = f"Trumps: {symbol}{view.trump.name.lower()}"
        if view.turn_up is not None:
            text += f" (turn-up {self.face(view.turn_up)})"
        if view.phase is Phase.STOCK:
            text += f"; stock: {view.stock_size} cards"
            if self.stock:
                # The top of the stock: the next cards drawn, not a whole multi-pack stock.
                shown = 2 * view.players
                more = len(self.stock) - shown
                text += f", top first {self.cards(self.stock[:shown])}"
                text += f" and {more} more" if more > 0 else ""
        elif view.phase is Phase.END:
            text += "; the stock is exhausted"
        return text

    def seat_lines(self, seat: int) -> list[str]:
        view = self.view
        table = view.tables[seat]
        won = [t for t in view.tricks if t.winner == seat]
        brisques = sum(face_of(c).rank.is_brisque for t in won for c in t.cards)
        held = count(view.hand_sizes[seat], "card")
        if table:
            held += f", {len(table)} on the table"
        tricks = count(len(won), "trick") + " won"
        if won:
            tricks += ", " + count(brisques, "brisque")
        open_cards = view.won_tables[seat]
        if open_cards:
            # Where melds are shown from the cards won (S003, EB11), there is no table:
            # the cards won lie face up, the others' included, for every seat to see.
            tricks += f", {count(len(open_cards), 'card')} face up"
        dealer = " (dealer)" if seat == view.dealer else ""
        out = [f"{self.seat(seat)}{dealer}: {held}; {tricks}"]
        if self.hands is not None:
            out.append("  hand: " + self.hand(self.hands[seat]))
        elif seat == view.seat:
            out.append("  hand: " + self.hand(view.hand))
        if view.carte_blanche and view.carte_blanche[seat]:
            out.append("  carte blanche shown")
        if table:
            out.append("  table: " + self.declared(seat, table))
        out.extend(self.won_lines(seat, open_cards))
        in_hand = view.hand_kinds[seat] if view.hand_kinds else ()
        if in_hand:
            out.append("  declared in hand: " + self.declared(seat, in_hand))
        if self.hands is None and seat != view.seat:
            seen = [c for c in view.known[seat] if c not in {e.card for e in in_hand}]
            if seen:
                out.append("  seen in hand: " + self.hand(seen))
        return out

    def won_lines(self, seat: int, open_cards: Sequence[TableCard]) -> list[str]:
        """The cards won lying face up: those declared under their declarations, then
        the rest."""
        out = []
        melded = [entry for entry in open_cards if entry.history]
        if melded:
            out.append("  declared from the cards won: " + self.declared(seat, melded))
        rest = [entry.card for entry in open_cards if not entry.history]
        if rest:
            out.append("  won, not declared: " + self.hand(rest))
        return out

    def declared(self, seat: int, entries: Sequence[TableCard]) -> str:
        """Declared cards grouped by the declarations they lie in, in the order they
        were made; a card in two declarations is listed in both."""
        view = self.view
        where = {entry.card: entry for entry in entries}
        faces = [card % FACES_PER_PACK for card in where]
        lettered = {face for face in faces if faces.count(face) > 1}

        def name(card: int) -> str:
            text = self.face(card)
            return text + card_id_name(card)[-1] if card % FACES_PER_PACK in lettered else text

        groups: list[str] = []
        shown: set[int] = set()
        for meld in view.melds:
            cards = [c for c in meld.cards if c in where]
            if not cards:
                continue
            shown.update(cards)
            groups.append(self.meld(meld, seat, [name(c) for c in meld_order(cards)]))
        # A card no declaration of the view names (a view built by hand): by its kinds.
        for entry in entries:
            if entry.card not in shown:
                kinds = ",".join(kind.value for kind in entry.history)
                groups.append(f"{name(entry.card)}[{kinds}]")
        return " | ".join(groups)

    def meld(self, meld: DeclaredMeld, seat: int, cards: Sequence[str]) -> str:
        text = f"{meld.kind.value} {' '.join(cards)}"
        if meld.seat != seat:
            text += f" (declared by {self.seat(meld.seat)})"
        if not meld.scored:
            text += f" ({meld.points} pending)"
        return text

    def trick_lines(self) -> list[str]:
        view = self.view
        rules = view.rules
        out = []
        if view.tricks:
            last = view.tricks[-1]
            seats = trick_seats(rules, view.tricks[:-1], last.leader)
            plays = ", ".join(
                f"{self.seat(s)} {self.face(c)}" for s, c in zip(seats, last.cards, strict=True)
            )
            out.append(f"Last trick ({len(view.tricks)}): {plays}; won by {self.seat(last.winner)}")
        if view.phase is not Phase.OVER and view.window is None:
            seats = trick_seats(rules, view.tricks, view.leader)
            number = len(view.tricks) + 1
            if view.trick:
                plays = ", ".join(
                    f"{self.seat(s)} {self.face(c)}"
                    for s, c in zip(seats, view.trick, strict=False)
                )
                out.append(f"Trick {number}: {plays}")
            else:
                out.append(f"Trick {number}: {self.seat(view.leader)} to lead")
        return out

    def turn_lines(self) -> list[str]:
        view = self.view
        out = []
        window = view.window
        if window is not None:
            declared = window.declarations
            made = count(declared, "declaration") if declared else "none"
            text = (
                f"Declaring: {self.seat(window.seat)} may declare after trick "
                f"{len(view.tricks)} (made so far: {made})"
            )
            if window.passed:
                passed = ", ".join(self.seat(s) for s in window.passed)
                text += f"; passed on by {passed}"
            if window.exchanged is not None:
                text += f"; {self.face(window.exchanged)} taken by the exchange"
            out.append(text)
        if view.offers:
            waiting = ", ".join(self.seat(s) for s in view.offers)
            out.append(f"Carte blanche: to show or pass, in turn: {waiting}")
        seat = view.current_player
        if seat is None:
            return out
        if view.offers:
            doing = "to show a carte blanche or pass"
        elif window is not None:
            then = "draw" if view.phase is Phase.STOCK else "pass"
            doing = f"to declare or {then}"
        else:
            doing = f"to play to trick {len(view.tricks) + 1}"
        out.append(f"To act: {self.seat(seat)}, {doing}")
        return out
