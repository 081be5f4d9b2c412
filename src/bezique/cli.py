"""The ``bezique`` command: ``bezique demo`` plays and narrates a deal or a game.

Run ``bezique --help`` (or ``python -m bezique --help``) for the options.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from bezique import variants
from bezique.actions import Declare, Draw, Exchange, Pass, Play, ScorePending
from bezique.cards import face_of
from bezique.engine import ScoreEvent, ScoreSource, initial_events
from bezique.errors import BeziqueError
from bezique.game import GameState, new_game
from bezique.notation import format_action
from bezique.players import GreedyPlayer, Player, RandomPlayer
from bezique.rules import Rules
from bezique.state import DealState, Phase

__all__ = ["main"]

PLAYERS: dict[str, Callable[[int], Player]] = {
    "greedy": lambda seed: GreedyPlayer(),
    "random": lambda seed: RandomPlayer(seed),
}


class Narrator:
    """Writes a readable log of a deal."""

    def __init__(self, out: Callable[[str], None], symbols: bool, names: Sequence[str]) -> None:
        self.out = out
        self.symbols = symbols
        self.names = names

    def cards(self, state: DealState, ids: Sequence[int]) -> str:
        faces = sorted(face_of(c) for c in ids)
        return " ".join(f.display() if self.symbols else str(f) for f in faces) or "-"

    def card(self, card_id: int) -> str:
        face = face_of(card_id)
        return face.display() if self.symbols else str(face)

    def deal(self, state: DealState, number: int) -> None:
        rules = state.rules
        self.out(f"=== Deal {number}: {self.names[state.dealer]} deals ({rules.name}) ===")
        for seat in range(state.players):
            self.out(f"  {self.names[seat]:>8} holds {self.cards(state, state.hand(seat))}")
        if state.turn_up is not None and state.trump is not None:
            self.out(f"  Turn-up {self.card(state.turn_up)}: {state.trump.name.lower()} are trumps")
        self.events(initial_events(state))

    def events(self, events: Sequence[ScoreEvent]) -> None:
        for event in events:
            if event.source is ScoreSource.DECLARATION:
                continue  # narrated with the declaration itself
            what = {
                ScoreSource.TURN_UP_SEVEN: "for turning up the seven of trumps",
                ScoreSource.SEVEN_OF_TRUMPS: "for the seven of trumps",
                ScoreSource.EXCHANGE: f"for exchanging the seven (takes {event.detail})",
                ScoreSource.LAST_TRICK: f"for the last trick ({event.detail})",
                ScoreSource.BRISQUES: f"for brisques ({event.detail})",
                ScoreSource.CARTE_BLANCHE: "for a carte blanche",
                ScoreSource.CUT: "for the cut",
            }[event.source]
            self.out(f"      {self.names[event.seat]} +{event.points} {what}")

    def action(
        self, before: DealState, after: DealState, action: object, events: Sequence[ScoreEvent]
    ) -> None:
        seat = before.current_player
        name = self.names[seat] if seat is not None else "?"
        if isinstance(action, Play):
            if after.tricks and len(after.tricks) > len(before.tricks):
                trick = after.tricks[-1]
                plays = ", ".join(
                    f"{self.names[(trick.leader + i) % before.players]} {self.card(c)}"
                    for i, c in enumerate(trick.cards)
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
        elif isinstance(action, Exchange):
            pass  # narrated by its score event
        elif isinstance(action, Draw) and after.phase is Phase.END:
            self.out("  The stock is exhausted: table cards go back to hand; end phase")
            for s in range(after.players):
                self.out(f"  {self.names[s]:>8} holds {self.cards(after, after.hand(s))}")
        elif isinstance(action, Pass):
            pass
        self.events(events)


def play_deal(state: DealState, players: Sequence[Player], narrator: Narrator | None) -> DealState:
    while not state.is_over:
        seat = state.current_player
        if seat is None:  # pragma: no cover - not over means someone moves
            break
        action = players[seat].choose(state)
        after, events = state.step(action)
        if narrator is not None:
            narrator.action(state, after, action, events)
        state = after
    return state


def _demo(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    rules: Rules = variants.get(args.variant)
    kinds = args.players.split(",")
    if len(kinds) != rules.players or any(k not in PLAYERS for k in kinds):
        raise BeziqueError(
            f"--players needs {rules.players} names from: {', '.join(PLAYERS)} (comma-separated)"
        )
    players = [PLAYERS[k](args.seed * 31 + i) for i, k in enumerate(kinds)]
    names = [f"{k.capitalize()}{i}" for i, k in enumerate(kinds)]
    narrator = Narrator(out, not args.ascii, names)
    game: GameState = new_game(rules, seed=args.seed)
    narrator.deal(game.deal, 1)
    while not game.is_over:
        seat = game.current_player
        if seat is None:  # pragma: no cover - a game not over has a player to move
            break
        before = game.deal
        action = players[seat].choose(before)
        deals_done = len(game.results)
        game, events = game.step(action)
        finished = len(game.results) > deals_done
        after = game.previous if finished and game.previous is not None else game.deal
        narrator.action(before, after, action, events)
        if finished:
            _summary(out, names, game)
            if not args.game:
                break
            if not game.is_over:
                narrator.deal(game.deal, deals_done + 2)
    if args.game and game.winner is not None:
        out(
            f"{names[game.winner]} wins the game to {rules.game.target}, "
            + ", ".join(f"{names[s]} {game.totals[s]}" for s in range(rules.players))
            + "."
        )
    return 0


def _summary(out: Callable[[str], None], names: Sequence[str], game: GameState) -> None:
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


def _variants(out: Callable[[str], None]) -> int:
    for name, aliases in variants.names():
        rules = variants.get(name)
        also = f" (also: {', '.join(aliases)})" if aliases else ""
        out(f"{name}{also}\n    {rules.description}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bezique", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser(
        "demo", help="play and narrate a deal (or a game) between built-in players"
    )
    demo.add_argument("--seed", type=int, default=1, help="seed of the shuffle and the players")
    demo.add_argument("--game", action="store_true", help="play a whole game to the target")
    demo.add_argument("--variant", default="classic", help="preset name (see: bezique variants)")
    demo.add_argument("--players", default="greedy,random", help="e.g. greedy,random")
    demo.add_argument("--ascii", action="store_true", help="QS instead of Q♠")
    sub.add_parser("variants", help="list the presets with their aliases")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "demo":
            return _demo(args, print)
        return _variants(print)
    except BeziqueError as error:
        print(f"bezique: {error}", file=sys.stderr)
        return 2
