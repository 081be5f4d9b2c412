"""The ``bezique`` command: ``bezique demo`` plays and narrates a deal or a game;
``bezique duel`` pits players against each other, one per seat (or per side in
partnerships); ``bezique tournament`` plays a round robin of players;
``bezique simulate`` plays many deals and summarises them (each of the three on this
machine's cores or on a Ray cluster, ``--backend ray``);
``bezique replay`` narrates a game record; ``bezique play`` lets a person play a game
against built-in players; ``bezique serve`` opens tables in the browser (the ``web``
extra); ``bezique variants`` lists the presets with their player counts. Every preset
of :func:`bezique.variants.names` is served, Zetema's included, with the same options
and the same screen: the commands play any :class:`bezique.State` through the
protocol, and ask what differs from game to game (its screen, its records, what a
simulation counts) of its :class:`bezique.variants.Game`, never its name. Players are named as
:func:`bezique.variants.make_player` names them, and each is handed only its
seat's view.

Run ``bezique --help`` (or ``python -m bezique --help``) for the options; a bare
``bezique`` prints the same help and exits with status 0. Output that goes to a
pipe closed early (``bezique demo --game | head -1``) ends quietly with status 1,
and a terminal that cannot print the suit symbols gets letters (``QS``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from bezique.errors import MAX_SEED_BITS, BeziqueError, RulesError, printable, shown

if TYPE_CHECKING:
    # The command line loads the library when a command needs it, inside main():
    # Ctrl-C while it loads is then answered as at any other moment, and bezique
    # --version loads neither the players nor the engine.
    from bezique import variants

__all__ = ["main"]

#: One step of a game, as the state before, the action, the state after and its scores.
Step = tuple[Any, Any, Any, tuple[Any, ...]]


def _rules(
    args: argparse.Namespace, seats: int | None = None, option: str = "--seats"
) -> variants.AnyRules:
    """The preset ``--variant`` names, at a table of ``seats`` (or ``--seats``) where
    its game lets the number of players change (Zetema: two to six); ``option`` is
    the one that asked, for the message refusing it."""
    from bezique import variants

    rules = variants.get(args.variant)
    seats = seats if seats is not None else getattr(args, "seats", None)
    if seats is None or seats == rules.players:
        return rules
    game = variants.game_of(rules)
    counts = game.player_counts(rules)
    if seats not in counts:
        if len(counts) == 1:
            raise BeziqueError(
                f"{option}: {rules.name} is played by {rules.players} players; for another "
                "table choose another preset (bezique variants lists them)"
            )
        raise BeziqueError(
            f"{option}: {rules.name} is played by {counts[0]} to {counts[-1]} players; "
            f"players must be {counts[0]} to {counts[-1]}, got {seats}"
        )
    try:
        seated: variants.AnyRules = game.with_players(rules, seats)
    except RulesError as error:
        raise BeziqueError(f"{option}: {error}") from None
    return seated


def _partnership(rules: variants.AnyRules) -> bool:
    """Whether seats play in partnerships (fewer sides than seats)."""
    return rules.side_count < rules.players


def _demo(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    import datetime

    from bezique import variants
    from bezique.players import display_name

    players_arg: str | None = args.players
    # A number alone is the number of players, where the game lets it change.
    count = None
    if players_arg is not None and players_arg.strip().isascii() and players_arg.strip().isdigit():
        count = int(players_arg)
        players_arg = None
    rules = _rules(args, count, "--players") if count is not None else _rules(args)
    if players_arg is None:
        # Every seat filled: the rules of thumb for the first side, random players
        # for the others.
        kinds = [
            "rule-of-thumb" if rules.side_of(s) == 0 else "random" for s in range(rules.players)
        ]
    else:
        kinds = [k.strip() for k in players_arg.split(",")]
        if _partnership(rules) and len(kinds) == rules.side_count:
            # One name per side: both partners are played by the same kind of player.
            kinds = [kinds[rules.side_of(s)] for s in range(rules.players)]
    players = _players(rules, kinds, lambda i: args.seed * 31 + i)
    names = [display_name(k, i) for i, k in enumerate(kinds)]
    game = variants.game_of(rules)
    if args.record:
        _check_record(args.record, game)
    narration = game.narration(names, out, not args.ascii and _prints_symbols(sys.stdout))
    start: Any = variants.new_game(rules, seed=args.seed)
    actions: list[Any] = []
    steps = _bot_steps(start, players, actions)
    final = _narrate_game(game, start, steps, narration, whole=args.game)
    if args.game:
        narration.result(final)
    if args.record:
        today = datetime.date.today().strftime("%Y.%m.%d")
        tags = {"Event": "bezique demo", "Date": today}
        _save_record(args.record, game, start, actions, kinds, tags)
    return 0


def _bot_steps(game: Any, players: Sequence[Any], actions: list[Any]) -> Iterator[Step]:
    """The game played by ``players``, each handed its seat's view, step by step; each
    action is also added to ``actions``."""
    while not game.is_over:
        seat = game.current_player
        if seat is None:  # pragma: no cover - a game not over has a player to move
            break
        action = players[seat].choose(game.view(seat))
        after, events = game.step(action)
        actions.append(action)
        yield game, action, after, tuple(events)
        game = after


def _narrate_game(
    game: variants.Game,
    start: Any,
    steps: Iterable[Step],
    narration: variants.Screen,
    *,
    whole: bool = True,
) -> Any:
    """Narrate a game step by step (only its first deal unless ``whole``); return the
    game as the last step left it."""
    narration.deal(start)
    state = start
    for before, action, after, events in steps:
        narration.action(before, after, action, events)
        state = after
        finished, dealt_next = game.deal_ended(before, after)
        if finished:
            narration.deal_over(after)
            if not whole:
                break
            if dealt_next:
                narration.deal(after)
    return state


def _players(
    rules: variants.AnyRules, kinds: Sequence[str], seed: Callable[[int], int]
) -> list[variants.AnyPlayer]:
    """The players named by ``--players``, one per seat."""
    from bezique import variants

    seats = rules.players
    message = (
        f"--players needs {seats} names, one per seat, comma-separated, of the kinds "
        f"{', '.join(variants.player_names(rules))} (see --help)"
    )
    if len(kinds) != seats:
        raise BeziqueError(message)
    try:
        return [variants.make_player(rules, kind, seed(i)) for i, kind in enumerate(kinds)]
    except BeziqueError as error:
        raise BeziqueError(f"{message}; {error}") from None


def _player_counts(rules: variants.AnyRules) -> str:
    from bezique import variants

    counts = variants.game_of(rules).player_counts(rules)
    seats = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    return f"{seats} players"


def _variants(out: Callable[[str], None]) -> int:
    from bezique import variants

    for name, aliases in variants.names():
        rules = variants.get(name)
        also = f" (also: {', '.join(aliases)})" if aliases else ""
        out(f"{name}{also}  [{_player_counts(rules)}]\n    {rules.description}")
    return 0


class _Parser(argparse.ArgumentParser):
    """An argument parser whose epilog is made when its help is printed
    (``epilog_of``): the help on player names and on the prompt's input belongs to
    the players and the screens, which ``bezique --version`` does not load."""

    def __init__(self, *args: Any, epilog_of: Callable[[], str] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.epilog_of = epilog_of

    def format_help(self) -> str:
        if self.epilog_of is not None:
            self.epilog = self.epilog_of()
        return super().format_help()


def _player_help() -> str:
    from bezique.players import PLAYER_NAME_HELP

    return PLAYER_NAME_HELP


def _play_help() -> str:
    from bezique.programs.console import INPUT_HELP

    return f"{INPUT_HELP}\n\n{_TABLEAU_INPUT}\n\n{_player_help()}"


#: The epilog of the commands that take ``--players``; the player name syntax.
_with_player_help: dict[str, Any] = {
    "epilog_of": _player_help,
    "formatter_class": argparse.RawDescriptionHelpFormatter,
}


#: The top-level help's description; plain text (the module docstring is reST).
DESCRIPTION = (
    "Bezique: watch the built-in players play a deal or a game, pit them against each "
    "other, and replay game records. Run 'bezique COMMAND --help' for a command's options."
)


def version_line() -> str:
    """What ``bezique --version`` prints: the version and which build is installed, so
    that a user (or a bug report) can tell the compiled wheel from the pure one. The
    build is found on disk (:func:`bezique.engine.build.is_compiled`): the engine is not
    loaded to tell it."""
    from bezique import __version__
    from bezique.engine.build import is_compiled

    build = "compiled with mypyc" if is_compiled() else "pure Python"
    return f"bezique {__version__} ({build})"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="bezique", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=version_line())
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
        "(rule-of-thumb for the first side, random for the others); or a number of players, "
        "where the game lets it change, as --seats",
    )
    demo.add_argument("--seats", type=_positive, default=None, help=_SEATS_HELP)
    demo.add_argument("--ascii", action="store_true", help="QS instead of Q♠")
    demo.add_argument("--record", metavar="FILE", help=_RECORD_HELP)
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
    _add_games_options(duel, "number of games (100)")
    tournament = sub.add_parser(
        "tournament",
        help="play a round robin of built-in players, every pair on the same cards, and "
        "report the cross table and the standings",
        **_with_player_help,
    )
    tournament.add_argument(
        "--players",
        default="rule-of-thumb,random",
        help="two or more player names, comma-separated; each pair plays as bezique duel "
        "plays them (rule-of-thumb,random)",
    )
    _add_games_options(tournament, "number of games of each pair (100)")
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
    simulate.add_argument("--seats", type=_positive, default=None, help=_SEATS_HELP)
    simulate.add_argument(
        "--progress", action="store_true", help="report progress on stderr even if not a terminal"
    )
    simulate.add_argument("--json", metavar="PATH", help="also write the summary as JSON")
    _add_backend(simulate)
    _add_replay(sub)
    _add_score(sub)
    _add_serve(sub)
    return parser


def _add_games_options(parser: argparse.ArgumentParser, games_help: str) -> None:
    """The options of a run of games (``bezique duel``, ``bezique tournament``), which
    :func:`_games_options` reads."""
    parser.add_argument("--games", type=_positive, default=100, help=games_help)
    parser.add_argument(
        "--seed", type=_seed_arg, default=1, help="seed of the cards and the players (1)"
    )
    parser.add_argument("--variant", default="classic", help="preset name (see: bezique variants)")
    parser.add_argument("--seats", type=_positive, default=None, help=_SEATS_HELP)
    parser.add_argument(
        "--jobs", type=_count, default=1, help="worker processes (1; 0: one per CPU)"
    )
    parser.add_argument(
        "--deals",
        action="store_true",
        help="play single deals, won on points, instead of games to the target",
    )
    parser.add_argument(
        "--progress", action="store_true", help="report progress on stderr even if not a terminal"
    )
    parser.add_argument("--json", metavar="PATH", help="also write the result as JSON")
    _add_backend(parser)


def _add_backend(parser: argparse.ArgumentParser) -> None:
    """``--backend`` and ``--address``: where the games of a run are played."""
    parser.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local: this machine's processes (--jobs); ray: the tasks of a Ray cluster, "
        "the same results for the same seed (needs the ray extra) (local)",
    )
    parser.add_argument(
        "--address",
        default=None,
        help="with --backend ray, the address of a running cluster (auto, or "
        "ray://HOST:10001); without it a cluster of --jobs CPUs is started on this machine",
    )


def _add_play(sub: Any) -> None:
    play = sub.add_parser(
        "play",
        help="play a game yourself, in the terminal, against the built-in players",
        description="Play a whole game against the built-in players: your seat's board,\n"
        "your legal moves numbered, every move and score narrated.",
        epilog_of=_play_help,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("--variant", default="classic", help="preset name (see: bezique variants)")
    play.add_argument(
        "--players",
        default="monte-carlo",
        help="the built-in players of the other seats: one name for all, or one per "
        "other seat in seat order, comma-separated, e.g. rule-of-thumb or "
        "monte-carlo:40 (monte-carlo); where the game lets the number of players "
        "change (Zetema), one name per other seat also sets it",
    )
    play.add_argument("--seat", type=_count, default=0, help="your seat, from 0 (0)")
    play.add_argument("--seats", type=_positive, default=None, help=_SEATS_HELP)
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
    play.add_argument("--record", metavar="FILE", help=_RECORD_HELP)


#: The help of ``--seats``.
_SEATS_HELP = (
    "the number of players, where the game lets it change: Zetema 2 to 6 (each Bezique "
    "preset has its own: see bezique variants)"
)
#: The help of ``--record``.
_RECORD_HELP = (
    "also save the game as a record: JSON if FILE ends in .json, else the text record "
    "(Zetema's records are JSON only; see: bezique replay)"
)
#: What may be typed at a Zetema table, for ``bezique play --help``.
_TABLEAU_INPUT = """\
At a Zetema table, type N, KS (or discard KS), declare flush 2H 5H 7H 8H TH KH,
or marry KH QH / QS (your cards, then after / the tableau's); help at the prompt
lists them."""


def _play(args: argparse.Namespace) -> int:
    import datetime
    import random

    from bezique import variants
    from bezique.display.board import can_encode_symbols
    from bezique.programs.console import bot_names, play_game

    kinds = args.players.split(",")
    preset = variants.get(args.variant)
    seats = args.seats
    if seats is None and len(kinds) > 1:
        # One name per other seat sets the table's size, where the game lets it change.
        wanted = len(kinds) + 1
        if wanted in variants.game_of(preset).player_counts(preset):
            seats = wanted
    rules = _rules(args, seats)
    if args.target is not None:
        rules = rules.evolve(target=args.target)
    game = variants.game_of(rules)
    if args.record:
        _check_record(args.record, game)
    # Chosen here rather than by play_game, so that the record can start the game again.
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    actions: list[Any] = []
    try:
        play_game(
            rules,
            seat=args.seat,
            players=kinds,
            seed=seed,
            symbols=not args.ascii and can_encode_symbols(sys.stdout),
            actions=actions,
        )
    except KeyboardInterrupt:
        print("\nbezique: interrupted", file=sys.stderr)
        return 130
    if args.record:
        names = [
            "you" if s == args.seat else k for s, k in enumerate(bot_names(kinds, rules, args.seat))
        ]
        today = datetime.date.today().strftime("%Y.%m.%d")
        tags = {"Event": "bezique play", "Date": today}
        start = variants.new_game(rules, seed=seed)
        _save_record(args.record, game, start, actions, names, tags)
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

    from bezique.programs.simulate import simulate

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
        _rules(args),
        deals=args.deals,
        seed=seed,
        players=[p.strip() for p in args.players.split(",")],
        jobs=args.jobs,
        progress=progress if args.progress or tty else None,
        backend=args.backend,
        address=args.address,
    )
    for line in summary.lines():
        out(line)
    if args.json:
        _write_json(args.json, summary.to_dict())
    return 0


def _duel(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    from bezique.programs.simulate import DuelResult, MatchResult, duel, match

    rules = _rules(args)
    partnership = _partnership(rules)
    names = [k.strip() for k in args.players.split(",")]
    sides = rules.side_count
    # Two names at a two-seat table: the duel of A and B. A name per seat (or per
    # side, in partnerships): a match. Two names at a larger table without
    # partnerships: A against B in every other seat, as the duel has it.
    if not all(names) or (len(names) != sides and (len(names) != 2 or partnership)):
        what = "side" if partnership else "seat"
        also = "" if sides == 2 or partnership else ", or two, A against B in every other seat"
        raise BeziqueError(
            "--players needs two names, A,B (comma-separated)"
            if rules.players == 2
            else f"--players needs {sides} names, one per {what}, comma-separated{also}"
        )
    if args.json:
        _check_writable(args.json, "--json")
    result: DuelResult | MatchResult
    if len(names) == 2 and not partnership:
        result = duel(rules, names[0], names[1], **_games_options(args))
    else:
        result = match(rules, names, **_games_options(args))
    return _report(result, args, out)


def _games_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options of a run of games (``bezique duel``, ``bezique tournament``): how
    many, their seed, where they are played and how progress is shown."""
    tty = sys.stderr.isatty()

    def progress(done: int, total: int, elapsed: float) -> None:
        end = "\n" if done == total or not tty else ""
        print(f"\r{done}/{total} games, {elapsed:.0f} s", end=end, file=sys.stderr, flush=True)

    return {
        "games": args.games,
        "seed": args.seed,
        "jobs": args.jobs,
        "deals": True if args.deals else None,
        "progress": progress if args.progress or tty else None,
        "backend": args.backend,
        "address": args.address,
    }


def _report(result: Any, args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """Print a run's result, and write it as JSON where ``--json`` asks."""
    for line in result.lines():
        out(line)
    if args.json:
        _write_json(args.json, result.to_dict())
    return 0


def _tournament(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    from bezique.programs.simulate import tournament

    names = [k.strip() for k in args.players.split(",")]
    if len(names) < 2 or not all(names):
        raise BeziqueError("--players needs two or more names, comma-separated")
    if args.json:
        _check_writable(args.json, "--json")
    return _report(tournament(_rules(args), names, **_games_options(args)), args, out)


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


#: The exit status of a command stopped by Ctrl-C, as a shell reports it.
INTERRUPTED = 130


def command() -> NoReturn:
    """The ``bezique`` command (and ``python -m bezique``): :func:`main` on the command
    line's arguments, then exit with its status."""
    exit_with(main())


def exit_with(code: int) -> NoReturn:
    """End the process with ``code``. A command stopped by Ctrl-C (``INTERRUPTED``)
    has stopped its workers and said so already: it ends at once, its output flushed.
    CPython remembers a Ctrl-C that once escaped code it was running, caught or not,
    and after a normal exit it kills the process with SIGINT, whatever the status:
    the shell would then see a signal, not 130."""
    if code != INTERRUPTED:
        raise SystemExit(code)
    for stream in (sys.stdout, sys.stderr):
        # A closed or broken stream: nothing more can be said.
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


def _say_interrupted() -> None:
    """Print that the command was interrupted, a second Ctrl-C ignored meanwhile (a
    signal handler is set in the main thread only: elsewhere, just print). Nothing
    is imported here: a second Ctrl-C during an import would end in a traceback."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:
        print("\nbezique: interrupted", file=sys.stderr)
        return
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
        if args.command == "tournament":
            return _tournament(args, print)
        if args.command == "replay":
            return _replay(args, print)
        if args.command == "play":
            return _play(args)
        if args.command == "score":
            return _score(args, print)
        if args.command == "serve":
            return _serve(args)
        return _variants(print)
    except BeziqueError as error:
        # A message may quote what was given (a path, a name): escaped, as all text
        # the command prints of what it was given.
        print(f"bezique: {printable(str(error))}", file=sys.stderr)
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


def _check_record(path: str, game: variants.Game) -> None:
    """Refuse a ``--record`` path that cannot be written, or in a form the game's
    records have not (Zetema's are JSON only), before the game is played."""
    _check_writable(path, "--record")
    if not path.lower().endswith(".json") and "text" not in game.record_formats:
        raise BeziqueError(
            f"--record {path}: this game's records are JSON only: name the file .json"
        )


def _save_record(
    path: str,
    game: variants.Game,
    start: Any,
    actions: Sequence[Any],
    players: Sequence[str],
    tags: dict[str, str],
) -> None:
    """Write a game record: JSON to a ``.json`` file, else the text record."""
    json = path.lower().endswith(".json")
    _write_text(path, game.record_text(start, actions, players, tags, json))


def _add_replay(sub: argparse._SubParsersAction[_Parser]) -> None:
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
    from bezique import variants
    from bezique.players import display_name

    record = variants.load_game_record(_read_file(args.file))
    game = variants.game_of(record.rules)
    reading = game.read_record(record)
    rules = reading.rules
    # The record's text is the writer's: its control characters are shown escaped.
    if reading.players:
        names = [printable(display_name(p, s)) for s, p in enumerate(reading.players)]
    else:
        names = [f"Seat{s}" for s in range(rules.players)]
    out(f"Game record: {printable(rules.name)}, first dealer {names[reading.first_dealer]}")
    for name, value in reading.tags:
        out(f"  {printable(name)}: {printable(value)}")
    narration = game.narration(names, out, not args.ascii and _prints_symbols(sys.stdout))
    final = _narrate_game(game, reading.start, reading.steps, narration)
    narration.result(final)
    return 0


# -- score sheets ------------------------------------------------------------------------


def _add_score(sub: argparse._SubParsersAction[_Parser]) -> None:
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
    from bezique.io.sheet import ScoreSheet, format_tally

    data = _read_file(args.file)
    try:
        sheet = ScoreSheet.from_json(data)
    except RulesError:
        _refuse_a_sheet_of(data)
        raise
    tally = sheet.tally()
    out(format_tally(sheet, tally))
    return 1 if tally.refusals else 0


def _refuse_a_sheet_of(data: bytes) -> None:
    """Say so when a sheet names a preset of a game that keeps no score sheets
    (Zetema's): the sheet's reader knows only Bezique's presets, and would call it
    unknown."""
    import json

    from bezique import variants

    try:
        name = json.loads(data).get("rules")
        rules = variants.get(name) if isinstance(name, str) else None
    except (ValueError, AttributeError, BeziqueError):
        return
    if rules is not None and not variants.game_of(rules).score_sheets:
        raise BeziqueError(
            f"rules: {rules.name} keeps no score sheet: the sheets are for Bezique's "
            "presets (bezique variants lists them)"
        )


# -- tables in the browser ---------------------------------------------------------------


def _add_serve(sub: argparse._SubParsersAction[_Parser]) -> None:
    serve = sub.add_parser(
        "serve",
        help="open tables in the browser, for people and built-in players (the web extra)",
        description="Run a local web server where tables are opened for any preset, "
        "each seat a person (with a private link) or a built-in player. It needs the "
        "web extra: python -m pip install 'bezique[web]'. See the how-to 'Play in the "
        "browser'.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="the port to listen on (8000)")
    serve.add_argument(
        "--db",
        metavar="PATH",
        default=None,
        help="keep the tables in this SQLite file, to resume them when the server is "
        "started again (default: in memory, gone when the server stops)",
    )


def _port(text: str) -> int:
    value = _count(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {value}")
    return value


def _serve(args: argparse.Namespace) -> int:
    from bezique.errors import require_extra

    if args.db is not None:
        _check_writable(args.db, "--db")
    try:
        require_extra("starlette", "web")
        require_extra("uvicorn", "web")
    except ImportError as error:
        raise BeziqueError(str(error)) from None
    from bezique.web.app import serve

    serve(args.host, args.port, args.db)
    return 0
