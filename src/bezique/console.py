"""Play a game against the built-in players in a terminal (``bezique play``).

A person takes one seat; built-in players (:func:`bezique.players.make_player`)
take the others. On each of the person's turns the seat's board is drawn
(:mod:`bezique.board`) with the legal actions numbered, and a line is read:
:func:`read_input` turns it into an action, a command, or a refusal with its
reasons. Every move and every score is narrated, and the game is played to its
end (:class:`~bezique.GameState`). A move that is the only legal one (a draw
with nothing to declare, a card the end phase forces) is made without asking,
and narrated.

What may be typed is :data:`INPUT_HELP`:

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=4)
>>> print(state.view(1).render(symbols=False).splitlines()[4])
  hand: 7S  AD KD QD 8D  KC QC 9C
>>> str(read_input("2", state).action), str(read_input("kc", state).action)
('play AD', 'play KC')
>>> print(read_input("TD", state).message)
refused: a card is not in the player's hand or on the player's table
>>> read_input("q", state).command
<Command.QUIT: 'quit'>
>>> read_input("draw", state).message
'refused: this kind of action is not possible at this point of the deal'
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Sequence

import attrs

from bezique.actions import (
    Action,
    CardRef,
    Declare,
    Draw,
    Exchange,
    Pass,
    PassToPartner,
    Play,
    ScorePending,
    ShowCarteBlanche,
)
from bezique.board import ascii_text, describe_event, hand_key, render_view, scores_text
from bezique.cards import Card, face_of
from bezique.errors import BeziqueError, NotationError
from bezique.game import GameState, new_game
from bezique.legality import Reason
from bezique.melds import MeldKind
from bezique.notation import format_action, parse_action
from bezique.players import Player, display_name, make_player
from bezique.records import Phase, ScoreEvent, ScoreSource
from bezique.rules import Rules
from bezique.state import DealState, initial_events

__all__ = [
    "INPUT_HELP",
    "Command",
    "Reading",
    "bot_names",
    "describe_action",
    "numbered_actions",
    "play_game",
    "read_input",
]

#: What a person may type on a turn; the help of ``bezique play`` and of its ``help``.
INPUT_HELP = """\
On your turn, type one of:
  N                     the action numbered N in the list
  QS  (or qs, 10S)      play that card (a suit symbol may stand for the letter);
                        QS[bezique] names a card on the table by its declarations
  bezique QS JD         declare that meld with those cards
  QS JD                 declare the one meld those cards make
  d                     draw, ending your turn after a trick won
  p                     pass (end your turn in the end phase, or keep a carte blanche)
  x                     exchange the seven of trumps for the turn-up
  cb                    show a carte blanche
  pp                    pass the right to declare to your partner
  play QS, declare bezique QS JD, score 3, ...   any action in full
  b, or an empty line   draw the board again
  help, ?               this list
  q, or end of input    leave the game"""


class Command(enum.StrEnum):
    """A line that asks for something other than a move."""

    QUIT = "quit"
    HELP = "help"
    BOARD = "board"


_COMMANDS = {
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

_SHORT: dict[str, Action] = {
    "d": Draw(),
    "p": Pass(),
    "x": Exchange(),
    "cb": ShowCarteBlanche(),
    "pp": PassToPartner(),
}

#: The first words of the actions' text forms (:mod:`bezique.actions`).
_VERBS = frozenset(
    (
        "play",
        "declare",
        "score",
        "draw",
        "pass",
        "exchange",
        "show-carte-blanche",
        "pass-to-partner",
    )
)


@attrs.frozen
class Reading:
    """What one line of input says: a legal ``action``, a ``command``, or neither,
    with why (``refusal``: what was not understood; ``reasons``: why the action it
    names is illegal)."""

    action: Action | None = None
    command: Command | None = None
    refusal: str = ""
    reasons: tuple[Reason, ...] = ()

    @property
    def message(self) -> str:
        """The refusal in words, for the person who typed the line."""
        why = [self.refusal] if self.refusal else []
        why.extend(reason.explanation for reason in self.reasons)
        return "refused: " + "; ".join(why) if why else ""


def read_input(text: str, state: DealState) -> Reading:
    """Read a line typed by the seat to move in ``state`` (forms: :data:`INPUT_HELP`).

    Never raises for what a person may type: a line that does not parse, or names
    an illegal action, gives a :class:`Reading` whose :attr:`~Reading.message` says
    why; the reasons are the engine's (:meth:`~bezique.DealState.why_illegal`).
    """
    line = " ".join(text.split())
    lower = line.lower()
    if lower in _COMMANDS:
        return Reading(command=_COMMANDS[lower])
    actions = numbered_actions(state)
    if lower.isdigit():
        number = int(lower)
        if 1 <= number <= len(actions):
            return Reading(actions[number - 1])
        if not actions:
            return Reading(refusal="there is nothing to do now")
        return Reading(refusal=f"no action numbered {number}: choose 1 to {len(actions)}")
    try:
        action = _action(line, lower, state, actions)
    except NotationError as error:
        return Reading(refusal=str(error))
    if isinstance(action, Reading):
        return action
    reasons = state.why_illegal(action)
    return Reading(reasons=reasons) if reasons else Reading(action)


def _action(line: str, lower: str, state: DealState, actions: Sequence[Action]) -> Action | Reading:
    """The action a line names (not yet checked), or a refusal."""
    if lower in _SHORT:
        return _SHORT[lower]
    words = line.split()
    first = words[0].lower()
    if first in _VERBS:
        return parse_action(state, line)
    if first in _KINDS:
        return parse_action(state, f"declare {line}")
    if len(words) == 1:
        try:
            CardRef.parse(line)
        except NotationError:
            raise NotationError(
                f"not understood: {line!r} (type help for what may be typed)"
            ) from None
        return parse_action(state, f"play {line}")
    return _declaration_of(words, state, actions)


_KINDS = frozenset(kind.value for kind in MeldKind)


def _declaration_of(words: Sequence[str], state: DealState, actions: Sequence[Action]) -> Reading:
    """The one legal declaration made of the cards typed, or why there is none."""
    try:
        typed = [CardRef.parse(word) for word in words]
    except NotationError as error:
        raise NotationError(f"{error} (type help for what may be typed)") from None
    faces = Counter(ref.card for ref in typed)
    named = [ref for ref in typed if ref.history]

    def fits(action: Action) -> bool:
        if not isinstance(action, Declare):
            return False
        cards = action.cards
        return Counter(c.card for c in cards) == faces and all(ref in cards for ref in named)

    matches = [i for i, action in enumerate(actions) if fits(action)]
    if len(matches) == 1:
        return Reading(actions[matches[0]])
    if matches:
        numbers = ", ".join(str(i + 1) for i in matches)
        return Reading(refusal=f"those cards make several declarations ({numbers}): choose one")
    # No legal declaration: the reasons of the kinds the cards would form.
    text = " ".join(str(ref) for ref in typed)
    refused: list[tuple[Reason, ...]] = []
    for kind in state.rules.meld_kinds:
        reasons = state.why_illegal(parse_action(state, f"declare {kind.value} {text}"))
        if Reason.NOT_A_MELD not in reasons and reasons:
            refused.append(reasons)
    if len(refused) == 1:
        return Reading(reasons=refused[0])
    return Reading(refusal=f"no meld that may be declared now is made of {text}")


def numbered_actions(state: DealState) -> tuple[Action, ...]:
    """The legal actions in the order the list numbers them: the engine's order
    (:meth:`~bezique.DealState.legal_actions`), except that cards to play come in
    the board's order of a hand (trumps first, each suit from the ace down)."""
    trump = state.trump

    def key(action: Action) -> tuple[tuple[bool, int, int], tuple[int, ...]]:
        if not isinstance(action, Play):
            return ((False, 0, 0), ())
        return (hand_key(action.card.card, trump), action.card.sort_key[1])

    # A stable sort: every other action keeps the engine's place and order.
    return tuple(sorted(state.legal_actions(), key=key))


def describe_action(action: Action, state: DealState, *, symbols: bool) -> str:
    """An action as the numbered list shows it: its text form, with what a pending
    meld is and what an exchange takes."""
    text = format_action(action, symbols=symbols)
    if isinstance(action, ScorePending) and 0 <= action.meld < len(state.melds):
        meld = state.melds[action.meld]
        text += f" (the {meld.kind.value}, {meld.points})"
    elif isinstance(action, Exchange) and state.turn_up is not None:
        text += f" (the seven for {_card(state.turn_up, symbols)})"
    return text


def _card(card: int | Card, symbols: bool) -> str:
    face = face_of(card) if isinstance(card, int) else card
    return face.display() if symbols else str(face)


def bot_names(kinds: Sequence[str], rules: Rules, seat: int) -> list[str]:
    """The player name of every seat but ``seat`` from ``--players``: one name for
    them all, or one per seat in seat order; ``seat``'s entry is empty."""
    others = rules.players - 1
    names = [k.strip() for k in kinds]
    if len(names) == 1:
        names = names * others
    if len(names) != others or not all(names):
        raise BeziqueError(
            f"--players needs one player name, or {others} (one for each other seat in "
            "seat order), comma-separated"
        )
    names.insert(seat, "")
    return names


@attrs.define
class _Table:
    """One game at the terminal: the person's seat, the players of the others, the
    names on the board, and how to read and write."""

    seat: int
    players: list[Player | None]
    names: list[str]
    ask: Callable[[str], str]
    out: Callable[[str], None]
    symbols: bool

    def says(self, seat: int, verb: str) -> str:
        """``You play`` or ``MonteCarlo1 plays``."""
        if seat == self.seat:
            return f"{self.names[seat]} {verb}"
        return (
            f"{self.names[seat]} {verb}es" if verb.endswith("s") else f"{self.names[seat]} {verb}s"
        )

    # -- a turn

    def choose(self, state: DealState) -> Action | None:
        """The move of the seat to act: a built-in player's, or the person's
        (``None``: the person leaves the game)."""
        seat = state.current_player
        if seat is None:  # pragma: no cover - the loop asks only while someone moves
            raise BeziqueError("no one is to move")
        player = self.players[seat]
        if player is not None:
            return player.choose(state.view(seat))
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        self.show(state)
        while True:
            try:
                line = self.ask(f"{self.names[seat]}> ")
            except EOFError:
                return None
            except UnicodeDecodeError:
                # A terminal whose input is not in its declared encoding.
                self.out("refused: not understood (type help for what may be typed)")
                continue
            reading = read_input(line, state)
            if reading.action is not None:
                return reading.action
            if reading.command is Command.QUIT:
                return None
            if reading.command is Command.HELP:
                self.out(INPUT_HELP)
            elif reading.command is Command.BOARD:
                self.show(state)
            else:
                self.out(reading.message)

    def show(self, state: DealState) -> None:
        self.out("")
        self.out(render_view(state.view(self.seat), symbols=self.symbols, names=self.names))
        items = [
            f"{i}: {describe_action(a, state, symbols=self.symbols)}"
            for i, a in enumerate(numbered_actions(state), 1)
        ]
        lines, line = [], ""
        for item in items:
            if line and len(line) + len(item) + 3 > 78:
                lines.append(line)
                line = ""
            line = f"{line}   {item}" if line else f"  {item}"
        lines.append(line)
        self.out("Your moves (type a number, a move or help):")
        for text in lines:
            self.out(text)

    # -- narration

    def deal(self, game: GameState) -> None:
        state = game.deal
        self.out("")
        self.out(
            f"=== Deal {len(game.results) + 1}: {self.names[state.dealer]} "
            f"{'deal' if state.dealer == self.seat else 'deals'} ==="
        )
        if state.turn_up is not None and state.trump is not None:
            self.out(
                f"Turn-up {_card(state.turn_up, self.symbols)}: "
                f"{state.trump.name.lower()} are trumps"
            )
        self.events(initial_events(state))

    def action(
        self, before: DealState, after: DealState, action: Action, events: Sequence[ScoreEvent]
    ) -> None:
        seat = before.current_player
        if seat is None:  # pragma: no cover - an action was taken by the seat to move
            return
        forced = seat == self.seat and len(before.legal_actions()) == 1
        note = " (the only move)" if forced else ""
        if isinstance(action, Play):
            played = after.tricks[-1].cards[-1] if len(after.tricks) > len(before.tricks) else None
            card = after.trick[-1] if played is None else played
            self.out(f"  {self.says(seat, 'play')} {_card(card, self.symbols)}{note}")
            if played is not None:
                trick = after.tricks[-1]
                self.out(f"  {self.names[trick.winner]} {self.won(trick.winner)}")
        elif isinstance(action, Declare):
            meld = after.melds[-1]
            status = f"+{meld.points}" if meld.scored else f"shown, {meld.points} pending"
            text = format_action(action, symbols=self.symbols).removeprefix("declare ")
            self.out(f"  {self.says(seat, 'declare')} {text}: {status}")
        elif isinstance(action, ScorePending):
            meld = after.melds[action.meld]
            self.out(f"  {self.says(seat, 'score')} the pending {meld.kind.value}: +{meld.points}")
        elif isinstance(action, Draw):
            self.drawn(before, after, note)
        elif isinstance(action, Exchange):
            taken = "" if before.turn_up is None else f" {_card(before.turn_up, self.symbols)}"
            self.out(f"  {self.says(seat, 'exchange')} the seven of trumps for the turn-up{taken}")
        elif isinstance(action, ShowCarteBlanche):
            self.out(f"  {self.says(seat, 'show')} a carte blanche")
        elif isinstance(action, PassToPartner):
            self.out(f"  {self.says(seat, 'pass')} the right to declare to the partner")
        elif isinstance(action, Pass):
            self.out(f"  {self.says(seat, 'pass')}{note}")
        self.events(events, narrated=isinstance(action, (Declare, ScorePending)))

    def won(self, seat: int) -> str:
        return "win the trick" if seat == self.seat else "wins the trick"

    def drawn(self, before: DealState, after: DealState, note: str) -> None:
        mine = Counter(face_of(c) for c in after.held(self.seat))
        mine.subtract(face_of(c) for c in before.held(self.seat))
        new = [face for face, n in mine.items() if n > 0]
        got = f"; you draw {' '.join(_card(f, self.symbols) for f in new)}" if new else ""
        self.out(f"  Each player draws{got}{note}")
        if after.phase is Phase.END:
            self.out("  The stock is exhausted: the end phase begins, declared cards back in hand")

    def events(self, events: Sequence[ScoreEvent], *, narrated: bool = False) -> None:
        for event in events:
            if narrated and event.source is ScoreSource.DECLARATION:
                continue
            what = describe_event(event, symbols=self.symbols)
            self.out(f"  {self.names[event.seat]} +{event.points} {what}")

    def summary(self, game: GameState) -> None:
        result = game.results[-1]
        seats = range(len(self.names))
        self.out(
            f"Deal {len(game.results)} over. Points: "
            + ", ".join(f"{self.names[s]} {result.scores[s]}" for s in seats)
            + "; brisques: "
            + ", ".join(f"{self.names[s]} {result.brisques[s]}" for s in seats)
        )
        if result.game_scores != result.scores:
            self.out(
                "  For the game: "
                + ", ".join(f"{self.names[s]} {result.game_scores[s]}" for s in seats)
            )
        self.out("Game totals: " + scores_text(game.rules, game.totals, self.names))

    def result(self, game: GameState) -> None:
        rules = game.rules
        mine = rules.side_of(self.seat)
        won = [self.names[s] for s in range(rules.players) if rules.side_of(s) in game.winners]
        if not game.winners:
            self.out("The game is drawn.")
        elif game.winners == (mine,):
            partners = f" ({' and '.join(won)})" if len(won) > 1 else ""
            self.out(f"You win the game{partners}!")
        else:
            verb = "win" if len(won) > 1 else "wins"
            shared = " (a shared win)" if len(game.winners) > 1 else ""
            self.out(f"{' and '.join(won)} {verb} the game{shared}.")
        self.out("Final totals: " + scores_text(rules, game.totals, self.names))


def play_game(
    rules: Rules,
    *,
    seat: int = 0,
    players: Sequence[str] = ("monte-carlo",),
    seed: int | str | None = None,
    ask: Callable[[str], str] = input,
    out: Callable[[str], None] = print,
    symbols: bool = True,
) -> GameState | None:
    """Play a game of ``rules`` at the terminal: the person in ``seat``, built-in
    players (named as :func:`~bezique.players.make_player` names them: one name for
    every other seat, or one per other seat in seat order) in the others.

    ``ask`` shows a prompt and returns the line typed (:func:`input`; an
    :class:`EOFError` leaves the game); ``out`` writes a line. Returns the game as
    it ended, or ``None`` if the person left it. Raises
    :class:`~bezique.BeziqueError` for a seat or a player name that does not exist.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise BeziqueError(f"--seat: no seat {seat!r}: seats are 0..{rules.players - 1}")
    kinds = bot_names(players, rules, seat)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    bots: list[Player | None] = [
        None if s == seat else make_player(kind, seed=f"{seed}/{s}") for s, kind in enumerate(kinds)
    ]
    names = ["You" if s == seat else display_name(kind, s) for s, kind in enumerate(kinds)]
    if not symbols:
        # An output without the suit symbols: none reaches it, not even in a message.
        write = out

        def out(line: str) -> None:
            write(ascii_text(line))

    table = _Table(seat, bots, names, ask, out, symbols)
    game = new_game(rules, seed=seed)
    out(f"{rules.name}: {rules.description}".rstrip(": "))
    out(
        f"You play in seat {seat} against "
        + ", ".join(names[s] for s in range(rules.players) if s != seat)
        + f"; game seed {seed}. Type help for the moves you may type."
    )
    table.deal(game)
    while not game.is_over:
        before = game.deal
        action = table.choose(before)
        if action is None:
            out("You leave the game.")
            return None
        deals = len(game.results)
        game, events = game.step(action)
        after = game.previous if len(game.results) > deals and game.previous else game.deal
        table.action(before, after, action, events)
        if len(game.results) > deals:
            table.summary(game)
            if not game.is_over:
                table.deal(game)
    table.result(game)
    return game
