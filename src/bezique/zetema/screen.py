"""Zetema's terminal screen, in the words of Bezique's (:mod:`bezique.display.screen`): the
narration of a game for ``bezique demo`` and ``bezique replay``, and the table of a
person playing one for ``bezique play``.

The command line reaches it through :func:`bezique.variants.game_of`, as it reaches
every game's screen. The seats are named with the names given (``You`` for the
person at the terminal, told in the first person: "You deal", "You discard"), a
side by its seats (partners as partners, ``You and Random2``).

>>> import bezique as bz
>>> state = bz.new_game(bz.variants.ZETEMA, seed=3)
>>> lines: list[str] = []
>>> screen = ZetemaScreen(["Random0", "You"], lines.append, False, 1)
>>> screen.read("discard 2S", state).message
"refused: a card is not in the player's hand or on the player's table"
>>> str(screen.read("1", state).action), screen.read("q", state).command
('discard 2D', <Command.QUIT: 'quit'>)
>>> screen.deal(state)
>>> lines[-1]
'=== Deal 1: Random0 deals ==='
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bezique.display.board import COMMANDS, Reading, numbered_lines, read_number
from bezique.errors import NotationError
from bezique.zetema.board import render, side_name
from bezique.zetema.deck import faces_text, parse_face, with_suit_symbols
from bezique.zetema.state import Declare, Discard, Marry, ZetemaAction, ZetemaEvent, ZetemaState
from bezique.zetema.state import parse_action as parse_zetema_action

__all__ = ["INPUT_HELP", "ZetemaScreen", "deal_ended"]

#: What a person may type on a turn of ``bezique play`` at a Zetema table.
INPUT_HELP = """\
On your turn, type one of:
  N                          the action numbered N in the list
  KS  (or discard KS)        discard that card to the tableau
  declare flush 2H 5H 7H 8H TH KH
                             score that combination (then discard one of its cards)
  marry KH QH / QS           score marriages: your cards, then after / the tableau's
  b, or an empty line        draw the board again
  help, ?                    this list
  q, or end of input         leave the game"""


#: The verbs of a move, told of another seat and of the person (first person).
_VERBS = {
    Discard: ("discards", "discard"),
    Declare: ("declares", "declare"),
    Marry: ("marries", "marry"),
}


def deal_ended(before: ZetemaState, after: ZetemaState) -> tuple[bool, bool]:
    """Whether the action from ``before`` to ``after`` ended its hand (or, the target
    reached in the middle of one, the game), and whether the next hand was dealt."""
    finished = len(after.results) > len(before.results) or after.is_over
    return finished, finished and not after.is_over


class ZetemaScreen:
    """The narration of a Zetema game (``seat`` ``None``: every hand shown, each seat
    told in the third person) or the table of the person in ``seat``."""

    #: What may be typed on a turn.
    help = INPUT_HELP

    def __init__(
        self,
        names: Sequence[str],
        out: Callable[[str], None],
        symbols: bool,
        seat: int | None = None,
    ) -> None:
        self.names = names
        self.out = out
        self.symbols = symbols
        self.seat = seat

    def text(self, text: str) -> str:
        """Card names in ``text`` with suit symbols, when the terminal prints them."""
        return with_suit_symbols(text) if self.symbols else text

    def cards(self, cards: Sequence[int]) -> str:
        return self.text(faces_text(cards)) or "-"

    def sides(self, state: ZetemaState, scores: Sequence[int]) -> str:
        """Points by side, each side named by its seats."""
        return ", ".join(
            f"{side_name(state, side, self.names)} {points}" for side, points in enumerate(scores)
        )

    # -- the person's turn

    def moves(self, state: ZetemaState) -> tuple[ZetemaAction, ...]:
        """The legal actions of the seat to act, as the list numbers them."""
        return state.legal_actions()

    def read(self, line: str, state: ZetemaState) -> Reading[ZetemaAction]:
        """What a line typed by the seat to act says (forms: :data:`INPUT_HELP`);
        never raises for what a person may type."""
        text = " ".join(line.split())
        lower = text.lower()
        if lower in COMMANDS:
            return Reading(command=COMMANDS[lower])
        actions = self.moves(state)
        numbered = read_number(lower, actions)
        if numbered is not None:
            return numbered
        if " " not in text and _is_face(text):
            # A card alone is the card move, as at a Bezique table: here a discard.
            text = f"discard {text}"
        try:
            action = parse_zetema_action(text)
        except NotationError as error:
            return Reading(refusal=f"not understood: {error} (type help for what may be typed)")
        reasons = state.why_illegal(action, seat=self.seat)
        return Reading(reasons=reasons) if reasons else Reading(action)

    def show(self, state: ZetemaState) -> None:
        """The person's board and the numbered moves."""
        if self.seat is None:  # pragma: no cover - only a table shows a seat's board
            return
        self.out("")
        self.out(render(state.view(self.seat), symbols=self.symbols, names=self.names))
        self.out("Your moves (type a number, a move or help):")
        for line in numbered_lines([self.text(str(a)) for a in self.moves(state)]):
            self.out(line)

    # -- narration

    def deal(self, state: ZetemaState) -> None:
        """A hand begins: its dealer, and every hand unless a person plays."""
        dealer = self.names[state.dealer]
        if self.seat is not None:
            verb = "deal" if state.dealer == self.seat else "deals"
            self.out("")
            self.out(f"=== Deal {state.hand_number}: {dealer} {verb} ===")
            return
        rules = state.rules
        self.out(
            f"=== Deal {state.hand_number}: {dealer} deals "
            f"({rules.name}, {rules.players} players) ==="
        )
        for seat, hand in enumerate(state.hands):
            self.out(f"  {self.names[seat]:>8} holds {self.cards(hand)}")

    def action(
        self,
        before: ZetemaState,
        after: ZetemaState,
        action: ZetemaAction,
        events: Sequence[ZetemaEvent],
    ) -> None:
        seat = before.current_player
        if seat is None:  # pragma: no cover - an action was taken by the seat to move
            return
        said, person = _VERBS[type(action)]
        verb = person if seat == self.seat else said
        what = str(action).partition(" ")[2]
        self.out(f"  {self.names[seat]} {verb} {self.text(what)}")
        for event in events:
            self.out(f"      {self.names[event.seat]} +{event.points} for {_kind(event.kind)}")

    def deal_over(self, state: ZetemaState) -> None:
        """The hand just ended (or the game, in the middle of one): its points by side
        and the game's totals."""
        number = len(state.results)
        # A game stopped at the target in the middle of a hand has no result for it.
        ended = number > 0 and (not state.is_over or state.hand_number == number)
        if self.seat is not None:
            if ended:
                self.out(f"Deal {number} over. Points: {self.sides(state, state.results[-1])}")
            self.out(f"Game totals: {self.sides(state, state.side_scores)}")
            return
        if ended:
            self.out(f"  Deal {number} scores: {self.sides(state, state.results[-1])}")
        self.out(f"  Game totals: {self.sides(state, state.side_scores)}")

    def result(self, state: ZetemaState) -> None:
        """Who won the game (a side named by its seats), or that it goes on."""
        rules = state.rules
        target = rules.target_score
        totals = self.sides(state, state.side_scores)
        won = [side_name(state, side, self.names) for side in state.winners]
        several = len(won) > 1 or rules.side_count < rules.players
        if self.seat is not None:
            mine = rules.side_of(self.seat)
            if not state.winners:
                self.out("The game is drawn.")
            elif state.winners == (mine,):
                partners = f" ({won[0]})" if rules.side_count < rules.players else ""
                self.out(f"You win the game{partners}!")
            else:
                shared = " (a shared win)" if len(won) > 1 else ""
                self.out(f"{' and '.join(won)} {'win' if several else 'wins'} the game{shared}.")
            self.out(f"Final totals: {totals}")
            return
        if not state.is_over:
            self.out(f"The game is not over: {totals}.")
        elif not state.winners:
            self.out(f"The game is drawn, {totals}.")
        elif len(won) > 1:
            self.out(f"{' and '.join(won)} share the game to {target}, {totals}.")
        else:
            self.out(f"{won[0]} {'win' if several else 'wins'} the game to {target}, {totals}.")


def _kind(kind: str) -> str:
    """A score's kind in words: ``a flush``, ``marriages``, ``a zetema``."""
    return kind if kind == "marriages" else f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _is_face(word: str) -> bool:
    try:
        parse_face(word)
    except NotationError:
        return False
    return True
