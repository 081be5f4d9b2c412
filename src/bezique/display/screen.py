"""Bezique's terminal screen: the narration of a game (``bezique demo``, ``bezique
replay``) and the table of a person playing one (``bezique play``).

The command line reaches these through :func:`bezique.variants.game_of` (the
``narration`` and ``table`` of a :class:`~bezique.variants.Game`), as it reaches
every game's, and never by name: Zetema's are in :mod:`bezique.zetema.screen`.
Both write lines through an ``out`` function and name the seats with the names
given (``You`` for the person at the terminal, who is told in the first person).

What a person may type is :data:`INPUT_HELP`:

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

from collections import Counter
from collections.abc import Callable, Sequence

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
from bezique.cards import Card, face_of
from bezique.display.board import (
    COMMANDS,
    Reading,
    describe_event,
    hand_key,
    numbered_lines,
    read_number,
    render_view,
    scores_text,
)
from bezique.errors import NotationError
from bezique.game import GameState
from bezique.laws.turns import trick_seats
from bezique.legality import Reason
from bezique.notation import format_action, parse_action
from bezique.records import Phase, ScoreEvent, ScoreSource
from bezique.rules import DeclareFrom
from bezique.rules.melds import MeldKind
from bezique.state import DealState, initial_events

__all__ = [
    "INPUT_HELP",
    "Narration",
    "Table",
    "deal_ended",
    "describe_action",
    "numbered_actions",
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


def read_input(text: str, state: DealState) -> Reading[Action]:
    """Read a line typed by the seat to move in ``state`` (forms: :data:`INPUT_HELP`).

    Never raises for what a person may type: a line that does not parse, or names
    an illegal action, gives a :class:`~bezique.display.board.Reading` whose
    :attr:`~bezique.display.board.Reading.message` says why; the reasons are the engine's
    (:meth:`~bezique.DealState.why_illegal`).
    """
    line = " ".join(text.split())
    lower = line.lower()
    if lower in COMMANDS:
        return Reading(command=COMMANDS[lower])
    actions = numbered_actions(state)
    numbered = read_number(lower, actions)
    if numbered is not None:
        return numbered
    try:
        action = _action(line, lower, state, actions)
    except NotationError as error:
        return Reading(refusal=str(error))
    if isinstance(action, Reading):
        return action
    reasons = state.why_illegal(action)
    return Reading(reasons=reasons) if reasons else Reading(action)


def _action(
    line: str, lower: str, state: DealState, actions: Sequence[Action]
) -> Action | Reading[Action]:
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


def _declaration_of(
    words: Sequence[str], state: DealState, actions: Sequence[Action]
) -> Reading[Action]:
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
        try:
            declared = parse_action(state, f"declare {kind.value} {text}")
        except NotationError:
            continue  # a declaration of that kind is not of so many cards
        reasons = state.why_illegal(declared)
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


def deal_ended(before: GameState, after: GameState) -> tuple[bool, bool]:
    """Whether the action from ``before`` to ``after`` ended its deal, and whether the
    next deal was then dealt (the game went on, or was won by a turned-up seven)."""
    finished = len(after.results) > len(before.results)
    return finished, finished and not after.deal.is_over


def _deal_after(before: GameState, after: GameState) -> DealState:
    """The deal the action was played in, as the action left it."""
    if len(after.results) > len(before.results) and after.previous is not None:
        return after.previous
    return after.deal


class Narration:
    """A readable log of a game, every hand shown (``bezique demo``, ``bezique replay``)."""

    def __init__(self, names: Sequence[str], out: Callable[[str], None], symbols: bool) -> None:
        self.out = out
        self.symbols = symbols
        self.names = names

    def cards(self, ids: Sequence[int]) -> str:
        faces = sorted(face_of(c) for c in ids)
        return " ".join(f.display() if self.symbols else str(f) for f in faces) or "-"

    def card(self, card_id: int) -> str:
        face = face_of(card_id)
        return face.display() if self.symbols else str(face)

    def deal(self, game: GameState) -> None:
        """The deal in progress begins: its dealer, every hand, the turn-up."""
        state = game.deal
        number = len(game.results) + 1
        self.out(f"=== Deal {number}: {self.names[state.dealer]} deals ({state.rules.name}) ===")
        for seat in range(state.players):
            self.out(f"  {self.names[seat]:>8} holds {self.cards(state.hand(seat))}")
        if state.turn_up is not None and state.trump is not None:
            self.out(f"  Turn-up {self.card(state.turn_up)}: {state.trump.name.lower()} are trumps")
        self.events(initial_events(state))

    def events(self, events: Sequence[ScoreEvent]) -> None:
        for event in events:
            if event.source is ScoreSource.DECLARATION:
                continue  # narrated with the declaration itself
            self.out(f"      {self.names[event.seat]} +{event.points} {describe_event(event)}")

    def action(
        self, before: GameState, after: GameState, action: Action, events: Sequence[ScoreEvent]
    ) -> None:
        self.deal_action(before.deal, _deal_after(before, after), action, events)

    def deal_action(
        self, before: DealState, after: DealState, action: object, events: Sequence[ScoreEvent]
    ) -> None:
        seat = before.current_player
        name = self.names[seat] if seat is not None else "?"
        if isinstance(action, Play):
            if after.tricks and len(after.tricks) > len(before.tricks):
                trick = after.tricks[-1]
                seats = trick_seats(before.rules, before.tricks, trick.leader)
                plays = ", ".join(
                    f"{self.names[seat]} {self.card(c)}"
                    for seat, c in zip(seats, trick.cards, strict=True)
                )
                phase = "end phase" if before.phase is Phase.END else f"stock {before.stock_size}"
                self.out(
                    f"  Trick {len(after.tricks):>2} ({phase}): {plays} -> "
                    f"{self.names[trick.winner]} wins"
                )
        elif isinstance(action, Declare):
            meld = after.melds[-1]
            status = f"+{meld.points}" if meld.scored else f"shown, {meld.points} pending"
            text = format_action(action, symbols=self.symbols).removeprefix("declare ")
            self.out(f"      {name} declares {text} {status}")
        elif isinstance(action, ScorePending):
            meld = after.melds[action.meld]
            self.out(f"      {name} scores the pending {meld.kind.value} +{meld.points}")
        elif isinstance(action, Draw) and after.phase is Phase.END:
            if after.rules.zones.declare_from is DeclareFrom.WON:
                # S003, EB11: no table; the cards won stay face up where they lie.
                self.out("  The stock is exhausted: the cards won stay face up; end phase")
            else:
                self.out("  The stock is exhausted: table cards go back to hand; end phase")
            for s in range(after.players):
                self.out(f"  {self.names[s]:>8} holds {self.cards(after.hand(s))}")
        # An exchange is narrated by its score event; a pass says nothing.
        self.events(events)

    def deal_over(self, game: GameState) -> None:
        """The deal just ended: its points, the brisques, the game's totals."""
        names, out = self.names, self.out
        result = game.results[-1]
        seats = range(len(names))
        out(
            f"  Deal {len(game.results)} scores: "
            + ", ".join(f"{names[s]} {result.scores[s]}" for s in seats)
        )
        if result.game_scores != result.scores:
            rubiconed = [names[s] for s in seats if result.rubiconed[s]]
            note = f" ({', '.join(rubiconed)} rubiconed)" if rubiconed else ""
            out(
                "  Deal game score: "
                + ", ".join(f"{names[s]} {result.game_scores[s]}" for s in seats)
                + note
            )
        out("  Brisques won: " + ", ".join(f"{names[s]} {result.brisques[s]}" for s in seats))
        out("  Game totals: " + ", ".join(f"{names[s]} {game.totals[s]}" for s in seats))

    def result(self, game: GameState) -> None:
        """The last line of a game: who won (a side names its seats), drawn, or not over."""
        names, out = self.names, self.out
        rules = game.rules
        totals = ", ".join(f"{names[s]} {game.totals[s]}" for s in range(rules.players))

        def who(side: int) -> str:
            return " and ".join(names[s] for s in range(rules.players) if rules.side_of(s) == side)

        if not game.is_over:
            out(f"The game is not over: {totals}.")
        elif not game.winners:
            out(f"The game is drawn, {totals}.")
        elif len(game.winners) > 1:
            sharing = " and ".join(who(side) for side in game.winners)
            out(f"{sharing} share the game to {rules.game.target}, {totals}.")
        else:
            side = game.winners[0]
            verb = "win" if rules.sides else "wins"
            out(f"{who(side)} {verb} the game to {rules.game.target}, {totals}.")


class Table:
    """One game at the terminal (``bezique play``): the person's ``seat``, told in the
    first person, the others by their names; the board, the numbered moves and the
    lines typed."""

    #: What may be typed on a turn.
    help = INPUT_HELP

    def __init__(
        self, names: Sequence[str], out: Callable[[str], None], symbols: bool, seat: int
    ) -> None:
        self.names = names
        self.out = out
        self.symbols = symbols
        self.seat = seat

    def says(self, seat: int, verb: str) -> str:
        """``You play`` or ``MonteCarlo1 plays``."""
        if seat == self.seat:
            return f"{self.names[seat]} {verb}"
        return (
            f"{self.names[seat]} {verb}es" if verb.endswith("s") else f"{self.names[seat]} {verb}s"
        )

    # -- the person's turn

    def moves(self, game: GameState) -> tuple[Action, ...]:
        """The legal actions of the seat to act, as the list numbers them."""
        return numbered_actions(game.deal)

    def read(self, line: str, game: GameState) -> Reading[Action]:
        return read_input(line, game.deal)

    def show(self, game: GameState) -> None:
        """The person's board and the numbered moves."""
        state = game.deal
        self.out("")
        # The game's view: the deal's board under the game's target and totals.
        self.out(render_view(game.view(self.seat), symbols=self.symbols, names=self.names))
        self.out("Your moves (type a number, a move or help):")
        for text in numbered_lines(
            [describe_action(a, state, symbols=self.symbols) for a in self.moves(game)]
        ):
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
        self, before: GameState, after: GameState, action: Action, events: Sequence[ScoreEvent]
    ) -> None:
        self.deal_action(before.deal, _deal_after(before, after), action, events)

    def deal_action(
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

    def deal_over(self, game: GameState) -> None:
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
