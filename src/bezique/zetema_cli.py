"""The ``bezique`` commands for Zetema: ``bezique demo --variant zetema`` narrates a
hand (or a game, ``--game``) between built-in players, ``bezique play --variant
zetema`` lets a person play a game against them in a terminal, and ``bezique duel
--variant zetema`` plays many games of two kinds of player, with the 95% Wilson
interval of the first one's win rate. The command line hands over here when the variant is a
Zetema preset (:func:`is_zetema`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence

from bezique.errors import BeziqueError, NotationError, RulesError
from bezique.players import display_name
from bezique.zetema import (
    ZetemaRules,
    ZetemaState,
    faces_text,
    get,
    names,
    new_game,
    parse_action,
)
from bezique.zetema.io import ZetemaRecord, record_to_json
from bezique.zetema.match import ZetemaDuelResult, duel
from bezique.zetema.players import PLAYER_KINDS, make_player
from bezique.zetema.state import ZetemaAction
from bezique.zetema.views import ZetemaView, view_of

__all__ = [
    "demo_command",
    "duel_command",
    "duel_lines",
    "duel_to_dict",
    "is_zetema",
    "play_command",
    "variant_lines",
]

_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def is_zetema(name: str) -> bool:
    """Whether ``name`` is a Zetema preset's."""
    return name.strip().lower().replace("_", "-") in names()


def variant_lines() -> list[str]:
    """The Zetema presets for ``bezique variants``."""
    return [f"{name}\n    {get(name).description}" for name in names()]


def _rules(args: argparse.Namespace, players: int | None) -> ZetemaRules:
    rules = get(args.variant)
    seats = players if players is not None else getattr(args, "seats", None)
    if seats is None:
        return rules
    try:
        return rules.evolve(players=seats)
    except RulesError as error:
        raise BeziqueError(f"Zetema: {error}") from None


def _kinds(text: str | None, rules: ZetemaRules) -> list[str]:
    if text is None:
        return [
            "rule-of-thumb" if rules.side_of(s) == 0 else "random" for s in range(rules.players)
        ]
    kinds = [k.strip() for k in text.split(",")]
    if len(kinds) == rules.side_count and rules.side_count < rules.players:
        return [kinds[rules.side_of(s)] for s in range(rules.players)]
    if len(kinds) != rules.players:
        raise BeziqueError(
            f"--players needs {rules.players} names, one per seat, comma-separated, of the "
            f"kinds {', '.join(PLAYER_KINDS)} (or a number of players, 2 to 6)"
        )
    return kinds


#: The verbs of a move told in the first person, for the seat at the terminal.
_FIRST_PERSON = {"discards": "discard", "declares": "declare", "marries": "marry"}


class _Narrator:
    def __init__(self, out: Callable[[str], None], symbols: bool, names: Sequence[str]) -> None:
        self.out, self.symbols, self.names = out, symbols, names

    def cards(self, cards: Sequence[int]) -> str:
        return self.text(faces_text(cards)) or "-"

    def text(self, text: str) -> str:
        """Card names in ``text`` with suit symbols, when the terminal prints them."""
        if not self.symbols:
            return text
        return " ".join(w[:-1] + _SUITS[w[-1]] if w[-1:] in _SUITS else w for w in text.split())

    def action(self, action: object) -> str:
        verb, _, rest = str(action).partition(" ")
        if verb == "declare":
            kind, _, cards = rest.partition(" ")
            return f"declares {kind} {self.text(cards)}"
        if verb == "marry":
            return f"marries {self.text(rest)}"
        return f"discards {self.text(rest)}"

    def move(
        self, state: ZetemaState, seat: int, action: ZetemaAction, *, person: bool = False
    ) -> tuple[ZetemaState, bool]:
        """Make ``seat``'s move (it is to move), telling it and what it scored; the state
        after it, and whether it finished a hand. ``person``: the seat is the one
        playing at the terminal ("You discard", not "You discards")."""
        after, events = state.step(action)
        said = self.action(action)
        if person:
            verb, _, rest = said.partition(" ")
            said = f"{_FIRST_PERSON[verb]} {rest}"
        self.out(f"  {self.names[seat]:>8} {said}")
        for event in events:
            self.out(f"      {self.names[event.seat]} +{event.points} {event.kind}")
        return after, len(after.results) != len(state.results)

    def hand(self, state: ZetemaState) -> None:
        rules = state.rules
        self.out(
            f"=== Hand {state.hand_number}: {self.names[state.dealer]} deals "
            f"({rules.name}, {rules.players} players) ==="
        )
        for seat, hand in enumerate(state.hands):
            self.out(f"  {self.names[seat]:>8} holds {self.cards(hand)}")


def demo_command(args: argparse.Namespace, out: Callable[[str], None], symbols: bool) -> int:
    """``bezique demo --variant zetema [--players N | KINDS] [--game] [--record FILE]``."""
    players_arg: str | None = args.players
    count = int(players_arg) if players_arg and players_arg.strip().isdigit() else None
    rules = _rules(args, count)
    kinds = _kinds(None if count is not None else players_arg, rules)
    try:
        players = [make_player(k, args.seed * 31 + i) for i, k in enumerate(kinds)]
    except BeziqueError as error:
        raise BeziqueError(f"--players: {error}") from None
    labels = [display_name(k, i) for i, k in enumerate(kinds)]
    tell = _Narrator(out, symbols, labels)
    state = new_game(rules, args.seed)
    tell.hand(state)
    actions: list[str] = []
    while state.current_player is not None:
        seat = state.current_player
        action = players[seat].choose(view_of(state, seat))
        actions.append(str(action))
        state, finished = tell.move(state, seat, action)
        if finished or state.is_over:
            if finished:
                out("  Hand scores: " + _by_side(state.results[-1]))
            out("  Game totals: " + _by_side(state.side_scores))
            if state.is_over or not args.game:
                break
            tell.hand(state)
    if state.is_over:
        sides = " and ".join(f"side {s}" for s in state.winners)
        out(f"{sides} won the game to {rules.target_score}.")
    if args.record:
        record = ZetemaRecord(rules, args.seed, 0, actions, kinds)
        with open(args.record, "w", encoding="utf-8") as handle:
            handle.write(record_to_json(record) + "\n")
    return 0


#: What a person may type on a turn of ``bezique play --variant zetema``.
PLAY_HELP = """\
On your turn, type one of:
  N                          the action numbered N in the list
  discard KS                 discard that card to the tableau
  declare flush 2H 5H 7H 8H TH KH
                             score that combination (then discard one of its cards)
  marry KH QH / QS           score marriages: your cards, then after / the tableau's
  help                       this text
  q                          leave the game"""


def _show(view: ZetemaView, tell: _Narrator, actions: Sequence[ZetemaAction]) -> None:
    """The seat's view of the table, and its legal actions numbered."""
    out = tell.out
    out(f"  Scores: {_by_side(view.side_scores)}; stock: {view.stock_size} card(s)")
    piles = [tell.cards(p) for p in view.tableau if p]
    out("  Tableau: " + (" | ".join(piles) if piles else "-"))
    if view.marriage_pile:
        out(f"  Marriages: {tell.cards(view.marriage_pile)}")
    for seat, cards in enumerate(view.shown):
        if seat != view.seat and cards:
            out(f"  {tell.names[seat]} has shown {tell.cards(cards)}")
    sizes = ", ".join(
        f"{tell.names[s]} {n}" for s, n in enumerate(view.hand_sizes) if s != view.seat
    )
    out(f"  Cards held: {sizes}")
    out(f"  Your hand: {tell.cards(view.hand)}")
    for number, action in enumerate(actions, 1):
        out(f"    {number:>2}. {tell.text(str(action))}")


def _read(line: str, state: ZetemaState, actions: Sequence[ZetemaAction]) -> ZetemaAction | str:
    """The action a typed line names, or what to say instead."""
    text = line.strip()
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(actions):
            return actions[number - 1]
        return f"no action numbered {number}; 1 to {len(actions)}"
    try:
        action = parse_action(text)
    except NotationError as error:
        return f"not understood: {error} (type help)"
    reasons = state.why_illegal(action)
    return f"refused: {'; '.join(r.explanation for r in reasons)}" if reasons else action


def play_command(
    args: argparse.Namespace,
    read: Callable[[str], str],
    out: Callable[[str], None],
    symbols: bool,
) -> int:
    """``bezique play --variant zetema --players A[,B...] [--seat N]``: a person plays
    a game against one built-in player per name given (two to six seats in all)."""
    kinds = [k.strip() for k in args.players.split(",")]
    rules = _rules(args, len(kinds) + 1)
    if not 0 <= args.seat < rules.players:
        raise BeziqueError(f"--seat: 0 to {rules.players - 1} at a table of {rules.players}")
    kinds.insert(args.seat, "you")
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    players = {}
    for seat, kind in enumerate(kinds):
        if seat != args.seat:
            try:
                players[seat] = make_player(kind, f"{seed}/{seat}")
            except BeziqueError as error:
                raise BeziqueError(f"--players: {error}") from None
    labels = ["You" if s == args.seat else display_name(k, s) for s, k in enumerate(kinds)]
    tell = _Narrator(out, symbols, labels)
    if args.target is not None:
        rules = rules.evolve(target=args.target)
    state = new_game(rules, seed)
    out(f"=== Hand {state.hand_number}: {labels[state.dealer]} deals ({rules.name}) ===")
    while state.current_player is not None:
        seat = state.current_player
        if seat == args.seat:
            actions = state.legal_actions()
            _show(view_of(state, seat), tell, actions)
            line = read("Your move: ")
            if line.strip().lower() in ("q", "quit"):
                out("You leave the game.")
                return 0
            if line.strip().lower() in ("help", "?"):
                out(PLAY_HELP)
                continue
            chosen = _read(line, state, actions)
            if isinstance(chosen, str):
                out(chosen)
                continue
            action = chosen
        else:
            action = players[seat].choose(view_of(state, seat))
        state, finished = tell.move(state, seat, action, person=seat == args.seat)
        if finished:
            out("  Hand scores: " + _by_side(state.results[-1]))
            out("  Game totals: " + _by_side(state.side_scores))
            if not state.is_over:
                out(f"=== Hand {state.hand_number}: {labels[state.dealer]} deals ===")
    sides = " and ".join(f"side {s}" for s in state.winners)
    out(f"{sides} won the game to {rules.target_score}; you were side {rules.side_of(args.seat)}.")
    return 0


def _interval(result: ZetemaDuelResult) -> tuple[float, float]:
    # Loaded when a duel is reported, as the command line loads the simulations: the
    # worker-pool machinery is not needed to start the command.
    from bezique.simulate import wilson_interval

    return wilson_interval(result.score, result.games)


def _by_side(scores: Sequence[int]) -> str:
    return ", ".join(f"side {s} {v}" for s, v in enumerate(scores))


def duel_lines(result: ZetemaDuelResult) -> list[str]:
    """A duel's result as text: the tally and the 95% Wilson interval of A's rate."""
    low, high = _interval(result)
    rate = result.score / max(result.games, 1)
    return [
        f"{result.games} games of {result.rules.name} at {result.rules.players} seats, "
        f"seed {result.seed}: {result.a} (A) against {result.b} (B), seats rotating",
        f"  A wins {result.wins}, loses {result.losses}, draws {result.draws}",
        f"  A's win rate {rate:.1%}, 95% Wilson interval {low:.1%} to {high:.1%}",
        f"  A's mean margin {result.margin:+.1f} points per game",
        f"  {result.elapsed:.1f} s",
    ]


def duel_command(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """``bezique duel --variant zetema --players A,B [--seats N] [--games N]``."""
    rules = _rules(args, None)
    if args.deals:
        raise BeziqueError("--deals: Zetema duels are played in games to the target")
    if args.jobs != 1:
        # Refused rather than ignored: a user asking for workers would wait for nothing.
        raise BeziqueError("--jobs: Zetema duels are played in one process")
    kinds = [k.strip() for k in args.players.split(",")]
    if len(kinds) != 2 or not all(kinds):
        raise BeziqueError("--players needs two names, A,B (comma-separated), for Zetema")
    tty = sys.stderr.isatty()

    def progress(done: int, total: int, elapsed: float) -> None:
        end = "\n" if done == total or not tty else ""
        print(f"\r{done}/{total} games, {elapsed:.0f} s", end=end, file=sys.stderr, flush=True)

    result = duel(
        rules,
        kinds[0],
        kinds[1],
        games=args.games,
        seed=args.seed,
        progress=progress if args.progress or tty else None,
    )
    for line in duel_lines(result):
        out(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(duel_to_dict(result), handle, indent=1)
            handle.write("\n")
    return 0


def duel_to_dict(result: ZetemaDuelResult) -> dict[str, object]:
    """A duel's result as JSON data (``bezique duel --json``)."""
    low, high = _interval(result)
    return {
        "variant": result.rules.name,
        "seats": result.rules.players,
        "a": result.a,
        "b": result.b,
        "seed": result.seed,
        "games": result.games,
        "wins": result.wins,
        "losses": result.losses,
        "draws": result.draws,
        "win_rate": result.score / max(result.games, 1),
        "interval": [low, high],
        "mean_margin": result.margin,
        "elapsed": result.elapsed,
    }
