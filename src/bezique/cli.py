"""The ``bezique`` command: ``bezique demo`` plays and narrates a deal or a game;
``bezique duel`` pits players against each other, one per seat (or per side in
partnerships); ``bezique simulate`` plays many deals and summarises them;
``bezique replay`` narrates a game record; ``bezique play`` lets a person play a game
against built-in players. Players are named as
:func:`bezique.players.make_player` names them, and each is handed only its seat's
view.

Run ``bezique --help`` (or ``python -m bezique --help``) for the options; a bare
``bezique`` prints the same help and exits with status 0. Output that goes to a
pipe closed early (``bezique demo --game | head -1``) ends quietly with status 1,
and a terminal that cannot print the suit symbols gets letters (``QS``).
"""

from __future__ import annotations

import argparse
import datetime
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO

from bezique.actions import Action, Declare, Draw, Exchange, Pass, Play, ScorePending
from bezique.board import describe_event
from bezique.cards import face_of
from bezique.errors import MAX_SEED_BITS, BeziqueError, shown
from bezique.game import GameState, new_game
from bezique.game_record import GameRecord, GameStep, load_game_record, record_game
from bezique.laws.turns import trick_seats
from bezique.notation import format_action
from bezique.players import PLAYER_NAME_HELP, PLAYER_NAMES, Player, display_name, make_player
from bezique.records import Phase, ScoreEvent, ScoreSource
from bezique.rules import DeclareFrom, Rules, variants
from bezique.sheet import ScoreSheet, format_tally
from bezique.state import DealState, initial_events
from bezique.zetema_cli import demo_command as zetema_demo
from bezique.zetema_cli import duel_command as zetema_duel
from bezique.zetema_cli import is_zetema
from bezique.zetema_cli import play_command as zetema_play
from bezique.zetema_cli import variant_lines as zetema_variants

__all__ = ["main"]

#: The kinds ``--players`` accepts (``greedy`` is an old name of ``rule-of-thumb``;
#: ``monte-carlo`` takes options, e.g. ``monte-carlo:iterations=120``: see
#: :mod:`bezique.players.registry`).
PLAYERS: tuple[str, ...] = PLAYER_NAMES


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
            self.out(f"      {self.names[event.seat]} +{event.points} {describe_event(event)}")

    def action(
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
        elif isinstance(action, Exchange):
            pass  # narrated by its score event
        elif isinstance(action, Draw) and after.phase is Phase.END:
            if after.rules.zones.declare_from is DeclareFrom.WON:
                # S003, EB11: no table; the cards won stay face up where they lie.
                self.out("  The stock is exhausted: the cards won stay face up; end phase")
            else:
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
        action = players[seat].choose(state.view(seat))
        after, events = state.step(action)
        if narrator is not None:
            narrator.action(state, after, action, events)
        state = after
    return state


def _demo(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    if is_zetema(args.variant):
        return zetema_demo(args, out, not args.ascii and _prints_symbols(sys.stdout))
    rules: Rules = variants.get(args.variant)
    if args.players is None:
        # Every seat filled: the rules of thumb for the first side, random players
        # for the others.
        kinds = [
            "rule-of-thumb" if rules.side_of(s) == 0 else "random" for s in range(rules.players)
        ]
    else:
        kinds = [k.strip() for k in args.players.split(",")]
        if rules.sides and len(kinds) == rules.side_count:
            # One name per side: both partners are played by the same kind of player.
            kinds = [kinds[rules.side_of(s)] for s in range(rules.players)]
    players = _players(kinds, rules.players, lambda i: args.seed * 31 + i)
    names = [display_name(k, i) for i, k in enumerate(kinds)]
    if args.record:
        _check_writable(args.record, "--record")
    narrator = Narrator(out, not args.ascii and _prints_symbols(sys.stdout), names)
    start: GameState = new_game(rules, seed=args.seed)
    actions: list[Action] = []
    steps = _bot_steps(start, players, actions)
    game = _narrate_game(start, steps, narrator, names, whole=args.game)
    if args.game:
        _result(out, names, game)
    if args.record:
        today = datetime.date.today().strftime("%Y.%m.%d")
        tags = {"Event": "bezique demo", "Date": today}
        _save_record(args.record, record_game(start, actions, players=kinds, tags=tags))
    return 0


def _bot_steps(
    game: GameState, players: Sequence[Player], actions: list[Action]
) -> Iterator[GameStep]:
    """The game played by ``players``, each handed its seat's view, step by step; each
    action is also added to ``actions``."""
    while not game.is_over:
        seat = game.current_player
        if seat is None:  # pragma: no cover - a game not over has a player to move
            break
        action = players[seat].choose(game.deal.view(seat))
        after, events = game.step(action)
        actions.append(action)
        yield GameStep(len(game.results) + 1, game, action, after, events)
        game = after


def _narrate_game(
    start: GameState,
    steps: Iterable[GameStep],
    narrator: Narrator,
    names: Sequence[str],
    *,
    whole: bool = True,
) -> GameState:
    """Narrate a game step by step (only its first deal unless ``whole``); return the
    game as the last step left it."""
    narrator.deal(start.deal, 1)
    game = start
    for step in steps:
        narrator.action(step.before.deal, step.deal_after, step.action, step.events)
        game = step.after
        if step.finished_deal:
            _summary(narrator.out, names, game)
            if not whole:
                break
            if step.dealt_next:
                narrator.deal(game.deal, step.deal + 1)
    return game


def _result(out: Callable[[str], None], names: Sequence[str], game: GameState) -> None:
    """The last line of a game: who won (a side names its seats), drawn, or not over."""
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


def _players(kinds: Sequence[str], seats: int, seed: Callable[[int], int]) -> list[Player]:
    """The players named by ``--players``, one per seat."""
    message = (
        f"--players needs {seats} names, one per seat, comma-separated, of the kinds "
        f"{', '.join(PLAYERS)} (see --help)"
    )
    if len(kinds) != seats:
        raise BeziqueError(message)
    try:
        return [make_player(kind, seed(i)) for i, kind in enumerate(kinds)]
    except BeziqueError as error:
        raise BeziqueError(f"{message}; {error}") from None


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
    for line in zetema_variants():
        out(line)
    return 0


#: The epilog of the commands that take ``--players``; the player name syntax.
_with_player_help: dict[str, Any] = {
    "epilog": PLAYER_NAME_HELP,
    "formatter_class": argparse.RawDescriptionHelpFormatter,
}


#: The top-level help's description; plain text (the module docstring is reST).
DESCRIPTION = (
    "Bezique: watch the built-in players play a deal or a game, pit them against each "
    "other, and replay game records. Run 'bezique COMMAND --help' for a command's options."
)


def build_parser() -> argparse.ArgumentParser:
    from bezique import __version__

    parser = argparse.ArgumentParser(prog="bezique", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    demo = sub.add_parser(
        "demo",
        help="play and narrate a deal (or a game) between built-in players",
        **_with_player_help,
    )
    demo.add_argument(
        "--seed", type=_int_seed, default=1, help="seed of the shuffle and the players"
    )
    demo.add_argument("--game", action="store_true", help="play a whole game to the target")
    demo.add_argument("--variant", default="classic", help="preset name (see: bezique variants)")
    demo.add_argument(
        "--players",
        default=None,
        help="player names, one per seat (or one per side in partnerships), comma-separated "
        "(rule-of-thumb for the first side, random for the others)",
    )
    demo.add_argument("--ascii", action="store_true", help="QS instead of Q♠")
    demo.add_argument(
        "--record",
        metavar="FILE",
        help="also save the game as a record: JSON if FILE ends in .json, else the text "
        "record (see: bezique replay)",
    )
    sub.add_parser("variants", help="list the presets with their aliases")
    _add_play(sub)
    duel = sub.add_parser(
        "duel",
        help="play many games between built-in players, one per seat or side, seats "
        "rotating, and report each one's win rate",
        **_with_player_help,
    )
    duel.add_argument(
        "--players",
        default="rule-of-thumb,random",
        help="one player name per seat, or per side in partnerships, comma-separated, e.g. "
        "monte-carlo:iterations=40,rule-of-thumb (rule-of-thumb,random); at a larger table "
        "without partnerships two names put A against B in every other seat",
    )
    duel.add_argument("--games", type=_positive, default=100, help="number of games (100)")
    duel.add_argument(
        "--seed", type=_seed_arg, default=1, help="seed of the cards and the players (1)"
    )
    duel.add_argument("--variant", default="classic", help="preset name (see: bezique variants)")
    duel.add_argument(
        "--seats", type=int, default=None, help="Zetema only: the number of players, 2 to 6 (2)"
    )
    duel.add_argument("--jobs", type=_count, default=1, help="worker processes (1; 0: one per CPU)")
    duel.add_argument(
        "--deals",
        action="store_true",
        help="play single deals, won on points, instead of games to the target",
    )
    duel.add_argument(
        "--progress", action="store_true", help="report progress on stderr even if not a terminal"
    )
    duel.add_argument("--json", metavar="PATH", help="also write the result as JSON")
    simulate = sub.add_parser(
        "simulate",
        help="play many deals between built-in players, in parallel, and summarise them",
        **_with_player_help,
    )
    simulate.add_argument("--deals", type=_positive, default=1000, help="number of deals (1000)")
    simulate.add_argument(
        "--jobs", type=_count, default=1, help="worker processes (1; 0: one per CPU)"
    )
    simulate.add_argument(
        "--seed", type=_seed_arg, default=1, help="seed of the deals and the players (1)"
    )
    simulate.add_argument(
        "--variant", default="classic", help="preset name (see: bezique variants)"
    )
    simulate.add_argument(
        "--players",
        default="random,random",
        help="player names, one per seat, comma-separated (random,random)",
    )
    simulate.add_argument(
        "--progress", action="store_true", help="report progress on stderr even if not a terminal"
    )
    simulate.add_argument("--json", metavar="PATH", help="also write the summary as JSON")
    _add_replay(sub)
    _add_score(sub)
    return parser


def _add_play(sub: Any) -> None:
    from bezique.console import INPUT_HELP

    play = sub.add_parser(
        "play",
        help="play a game yourself, in the terminal, against the built-in players",
        description="Play a whole game against the built-in players: your seat's board,\n"
        "your legal moves numbered, every move and score narrated.",
        epilog=f"{INPUT_HELP}\n\n{PLAYER_NAME_HELP}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("--variant", default="classic", help="preset name (see: bezique variants)")
    play.add_argument(
        "--players",
        default="monte-carlo",
        help="the built-in players of the other seats: one name for all, or one per "
        "other seat in seat order, comma-separated, e.g. rule-of-thumb or "
        "monte-carlo:40 (monte-carlo)",
    )
    play.add_argument("--seat", type=_count, default=0, help="your seat, from 0 (0)")
    play.add_argument(
        "--seed", type=_seed_arg, default=None, help="seed of the cards and the players (random)"
    )
    play.add_argument(
        "--target", type=_positive, default=None, help="play to this many points instead"
    )
    play.add_argument(
        "--ascii",
        action="store_true",
        help="cards as QS, without suit symbols (the default when the terminal cannot print them)",
    )


def _play(args: argparse.Namespace) -> int:
    from bezique.board import can_encode_symbols
    from bezique.console import play_game

    if is_zetema(args.variant):
        try:
            return zetema_play(
                args, input, print, not args.ascii and can_encode_symbols(sys.stdout)
            )
        except (KeyboardInterrupt, EOFError):
            print("\nbezique: interrupted", file=sys.stderr)
            return 130

    rules = variants.get(args.variant)
    if args.target is not None:
        rules = rules.evolve(target=args.target)
    try:
        play_game(
            rules,
            seat=args.seat,
            players=args.players.split(","),
            seed=args.seed,
            symbols=not args.ascii and can_encode_symbols(sys.stdout),
        )
    except KeyboardInterrupt:
        print("\nbezique: interrupted", file=sys.stderr)
        return 130
    return 0


#: The most digits a count on the command line may have (a billion deals is more
#: than a run of days plays).
_COUNT_DIGITS = 9


def _count(text: str) -> int:
    """A count of the command line: ASCII digits (not ``²``, ``1_000`` or ``١``), few
    enough to be played (refused the way argparse refuses an ``int``: one line)."""
    digits = text.strip()
    if digits.startswith("-") and digits[1:].isascii() and digits[1:].isdigit():
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {shown(text)}")
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}")
    if len(digits.lstrip("0")) > _COUNT_DIGITS:
        raise argparse.ArgumentTypeError(
            f"at most {_COUNT_DIGITS} digits, got {len(digits)} digits"
        )
    return int(digits)


def _positive(text: str) -> int:
    value = _count(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _simulate(args: argparse.Namespace, out: Callable[[str], None]) -> int:

    from bezique.simulate import simulate

    if args.json:
        _check_writable(args.json, "--json")
    seed = args.seed
    tty = sys.stderr.isatty()
    last = [-1.0]

    def progress(done: int, total: int, elapsed: float) -> None:
        # A line updated in place on a terminal, else a line every few seconds.
        if done < total and elapsed - last[0] < (0.2 if tty else 5.0):
            return
        last[0] = elapsed
        rate = done / elapsed if elapsed > 0 else 0.0
        line = f"{done}/{total} deals, {rate:,.0f}/s"
        if tty:
            end = "\n" if done == total else ""
            print(f"\r{line}", end=end, file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)

    summary = simulate(
        args.variant,
        deals=args.deals,
        seed=seed,
        players=[p.strip() for p in args.players.split(",")],
        jobs=args.jobs,
        progress=progress if args.progress or tty else None,
    )
    for line in summary.lines():
        out(line)
    if args.json:
        _write_json(args.json, summary.to_dict())
    return 0


def _duel(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    if is_zetema(args.variant):
        return zetema_duel(args, out)

    from bezique.simulate import DuelResult, MatchResult, duel, match

    rules = variants.get(args.variant)
    names = [k.strip() for k in args.players.split(",")]
    sides = rules.side_count
    # Two names at a two-seat table: the duel of A and B. A name per seat (or per
    # side, in partnerships): a match. Two names at a larger table without
    # partnerships: A against B in every other seat, as the duel has it.
    if not all(names) or (len(names) != sides and (len(names) != 2 or rules.sides)):
        what = "side" if rules.sides else "seat"
        also = "" if sides == 2 or rules.sides else ", or two, A against B in every other seat"
        raise BeziqueError(
            "--players needs two names, A,B (comma-separated)"
            if rules.players == 2
            else f"--players needs {sides} names, one per {what}, comma-separated{also}"
        )
    if args.json:
        _check_writable(args.json, "--json")
    seed = args.seed
    tty = sys.stderr.isatty()

    def progress(done: int, total: int, elapsed: float) -> None:
        end = "\n" if done == total or not tty else ""
        print(f"\r{done}/{total} games, {elapsed:.0f} s", end=end, file=sys.stderr, flush=True)

    result: DuelResult | MatchResult
    if len(names) == 2 and not rules.sides:
        result = duel(
            rules,
            names[0],
            names[1],
            games=args.games,
            seed=seed,
            jobs=args.jobs,
            deals=True if args.deals else None,
            progress=progress if args.progress or tty else None,
        )
    else:
        result = match(
            rules,
            names,
            games=args.games,
            seed=seed,
            jobs=args.jobs,
            deals=True if args.deals else None,
            progress=progress if args.progress or tty else None,
        )
    for line in result.lines():
        out(line)
    if args.json:
        _write_json(args.json, result.to_dict())
    return 0


def _seed_arg(text: str) -> int | str:
    """A ``--seed`` value: an integer if it reads as one, else the text itself.

    A number must be written in ASCII digits, and short enough to be a seed
    (:data:`~bezique.errors.MAX_SEED_BITS`); text that reads as digits of another
    kind (``²``, ``1²``) is refused rather than taken as a text seed."""
    digits = text.strip()
    unsigned = digits[1:] if digits.startswith("-") else digits
    if not unsigned.isdigit():
        return text
    if not unsigned.isascii():
        raise argparse.ArgumentTypeError(f"not a whole number in ASCII digits: {shown(text)}")
    # Counted before converting: int() refuses thousands of digits with a traceback.
    if len(unsigned.lstrip("0")) > _SEED_DIGITS or int(digits).bit_length() > MAX_SEED_BITS:
        raise argparse.ArgumentTypeError(
            f"an integer seed must be below 2**{MAX_SEED_BITS} ({_SEED_DIGITS} digits), "
            f"got {len(unsigned)} digits"
        )
    return int(digits)


#: The most digits of an integer seed (of :data:`~bezique.errors.MAX_SEED_BITS` bits).
_SEED_DIGITS = len(str(2**MAX_SEED_BITS))


def _int_seed(text: str) -> int:
    """A ``--seed`` that must be an integer (``bezique demo``), as :func:`_seed_arg` reads."""
    seed = _seed_arg(text)
    if isinstance(seed, str):
        raise argparse.ArgumentTypeError(f"invalid int value: {shown(text)}")
    return seed


def _write_json(path: str, data: object) -> None:
    """Write ``data`` as indented JSON to ``path`` (``--json``)."""
    import json

    _write_text(path, json.dumps(data, indent=2) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    try:
        code = _main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader of the output has gone (bezique demo --game | head -1): point
        # stdout at the null device so the flush at exit does not fail too, and exit
        # as Python does on a broken pipe (the recipe of the signal module's docs).
        _silence(sys.stdout)
        return 1
    except KeyboardInterrupt:
        # Ctrl-C at any moment of a command: one line, exit status 130, as a shell
        # reports it. The workers of a run are gone already (run_chunks stops them).
        _say_interrupted()
        return 130
    return code


def _say_interrupted() -> None:
    """Print that the command was interrupted, a second Ctrl-C ignored meanwhile."""
    if threading.current_thread() is not threading.main_thread():
        print("\nbezique: interrupted", file=sys.stderr)
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        print("\nbezique: interrupted", file=sys.stderr)
    finally:
        signal.signal(signal.SIGINT, previous)


def _main(argv: Sequence[str] | None) -> int:
    _tolerate_unprintable(sys.stdout)
    _tolerate_unprintable(sys.stderr)
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            parser.print_help()
            return 0
        if args.command == "demo":
            return _demo(args, print)
        if args.command == "simulate":
            return _simulate(args, print)
        if args.command == "duel":
            return _duel(args, print)
        if args.command == "replay":
            return _replay(args, print)
        if args.command == "play":
            return _play(args)
        if args.command == "score":
            return _score(args, print)
        return _variants(print)
    except BeziqueError as error:
        print(f"bezique: {error}", file=sys.stderr)
        return 2


# -- the terminal: symbols it can print, a reader that has gone ---------------------------

#: The suit symbols, printed unless the output cannot encode them.
SUIT_SYMBOLS = "♠♥♦♣"


def _prints_symbols(stream: TextIO) -> bool:
    """Whether ``stream`` can print the suit symbols (a terminal set to ASCII cannot)."""
    try:
        SUIT_SYMBOLS.encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _tolerate_unprintable(stream: TextIO) -> None:
    """On a stream that cannot print the suit symbols, print any other character it
    cannot encode as ``?`` rather than fail (a description, a help line)."""
    if not _prints_symbols(stream) and hasattr(stream, "reconfigure"):
        stream.reconfigure(errors="replace")


def _silence(stream: TextIO) -> None:
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # not a file: nothing will be flushed at exit
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


# -- output files ------------------------------------------------------------------------


def _check_writable(path: str, option: str) -> None:
    """Refuse an output path that cannot be written, before a long run starts."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise BeziqueError(f"{option} {path}: is a directory, not a file")
    if not os.path.isdir(folder):
        raise BeziqueError(f"{option} {path}: there is no directory {folder}")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise BeziqueError(f"{option} {path}: not writable")


def _write_text(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise BeziqueError(f"cannot write {path}: {error}") from None


# -- game records ------------------------------------------------------------------------


def _save_record(path: str, record: GameRecord) -> None:
    """Write a game record: JSON to a ``.json`` file, else the text record."""
    text = record.to_json() + "\n" if path.lower().endswith(".json") else record.to_text()
    _write_text(path, text)


def _add_replay(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    replay = sub.add_parser(
        "replay",
        help="narrate a game record (JSON or text), checking it against the rules",
        description="Narrate a game record, saved by 'bezique demo --record' or by "
        "bezique.record_game: each deal, each trick and declaration, each score, the "
        "totals and the result. The record is replayed by the rules as it is read; a "
        "record they refute is refused with the reason.",
    )
    replay.add_argument("file", metavar="FILE", help="the record: JSON or the text record")
    replay.add_argument("--ascii", action="store_true", help="QS instead of Q♠")


def _read_file(path: str) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError as error:
        raise BeziqueError(f"cannot read {path}: {error.strerror}") from None


def _replay(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    record = load_game_record(_read_file(args.file))
    rules = record.rules
    if record.players:
        names = [display_name(p, s) for s, p in enumerate(record.players)]
    else:
        names = [f"Seat{s}" for s in range(rules.players)]
    out(f"Game record: {rules.name}, first dealer {names[record.first_dealer]}")
    for name, value in record.tags:
        out(f"  {name}: {value}")
    narrator = Narrator(out, not args.ascii and _prints_symbols(sys.stdout), names)
    game = _narrate_game(record.initial_state(), record.steps(), narrator, names)
    _result(out, names, game)
    return 0


# -- score sheets ------------------------------------------------------------------------


def _add_score(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    score = sub.add_parser(
        "score",
        help="add up a score sheet of a game played at a table, checking each entry",
        description="Read a score sheet (JSON, see the how-to 'Keep score at a real "
        "table') and print each deal's points, the running totals and the decision. "
        "Each entry is checked against the sheet's rules; a refused entry is printed "
        "with its reasons and the exit status is 1.",
    )
    score.add_argument("file", metavar="FILE", help="the score sheet, as JSON")


def _score(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    sheet = ScoreSheet.from_json(_read_file(args.file))
    tally = sheet.tally()
    out(format_tally(sheet, tally))
    return 1 if tally.refusals else 0
