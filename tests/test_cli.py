"""The ``bezique`` command: ``demo`` and ``variants`` (``duel``: see test_players.py;
``simulate``: see test_simulate.py), the player names of ``--players`` and their help."""

from __future__ import annotations

import argparse
import io
import itertools
import json
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import bezique as bz
from bezique import Card, CardRef, DealState, Draw, Exchange, MeldKind, Play, zetema
from bezique.players import Player, RandomPlayer, RuleOfThumbPlayer
from bezique.programs import cli
from bezique.programs.cli import main

CLASSIC = bz.variants.CLASSIC
SCORES = re.compile(r"^  Deal (\d+) scores: RuleOfThumb0 (-?\d+), Random1 (-?\d+)$")
TOTALS = re.compile(r"^  Game totals: RuleOfThumb0 (\d+), Random1 (\d+)$")
TRICK = re.compile(r"^  Trick +(\d+) \(([^)]*)\): (\w+) (\S+), (\w+) (\S+) -> (\w+) wins$")
DECLARES = re.compile(r"^      (\w+) declares ([a-z-]+) (.+) \+(\d+)$")
POINTS = re.compile(r"^      (\w+) \+(\d+) for (.+)$")
NAMES = {"RuleOfThumb0": 0, "Random1": 1}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def demo_players(seed: int, rules: bz.Rules = CLASSIC) -> list[Player]:
    """The players ``demo --seed N`` uses by default: the rules of thumb for the first
    side, random players for the others (two seats: ``--players rule-of-thumb,random``)."""
    return [
        RuleOfThumbPlayer() if rules.side_of(s) == 0 else RandomPlayer(seed * 31 + s)
        for s in range(rules.players)
    ]


def replay_first_deal(seed: int, rules: bz.Rules = CLASSIC) -> bz.GameState:
    game = bz.new_game(rules, seed=seed)
    seats = demo_players(seed, rules)
    while not game.results:
        seat = game.current_player
        assert seat is not None
        game = game.apply(seats[seat].choose(game.deal.view(seat)))
    return game


def play_out(game: bz.GameState, seats: Sequence[Player]) -> tuple[bz.GameState, list[bz.Action]]:
    """Play a game to its end, each seat choosing from its view; the game and the actions."""
    actions: list[bz.Action] = []
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        actions.append(seats[seat].choose(game.deal.view(seat)))
        game = game.apply(actions[-1])
    return game, actions


def narrated_points(lines: Sequence[str]) -> list[int]:
    """The points the narration gives each player, added up."""
    points = [0, 0]
    for line in lines:
        declared = DECLARES.match(line)
        if declared:
            points[NAMES[declared.group(1)]] += int(declared.group(4))
        scored = POINTS.match(line)
        if scored:
            points[NAMES[scored.group(1)]] += int(scored.group(2))
    return points


# -- the narrated deal -------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_demo_narrates_a_whole_deal(capsys: pytest.CaptureFixture[str], seed: int) -> None:
    code, out, err = run(capsys, "demo", "--seed", str(seed))
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "=== Deal 1: RuleOfThumb0 deals (classic) ==="
    assert re.match(r"^ +RuleOfThumb0 holds( \S\S){8}$", lines[1])
    assert re.match(r"^ +Random1 holds( \S\S){8}$", lines[2])
    assert re.match(r"^  Turn-up \S\S: (spades|hearts|diamonds|clubs) are trumps$", lines[3])
    tricks = [TRICK.match(line) for line in lines]
    numbers = [int(m.group(1)) for m in tricks if m]
    assert numbers == list(range(1, 33))
    phases = [m.group(2) for m in tricks if m]
    assert phases[:24] == [f"stock {48 - 2 * i}" for i in range(24)]
    assert phases[24:] == ["end phase"] * 8
    assert "  The stock is exhausted: table cards go back to hand; end phase" in lines
    assert any(DECLARES.match(line) for line in lines)
    assert any("for the last trick (trick 32)" in line for line in lines)
    assert any("for brisques" in line for line in lines)
    assert SCORES.match(lines[-3])
    assert lines[-2].startswith("  Brisques won: RuleOfThumb0 ")
    assert TOTALS.match(lines[-1])


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_demo_scores_equal_a_replay_of_the_same_seed(
    capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    code, out, _ = run(capsys, "demo", "--seed", str(seed))
    assert code == 0
    lines = out.splitlines()
    match = SCORES.match(lines[-3])
    assert match is not None
    printed = (int(match.group(2)), int(match.group(3)))
    game = replay_first_deal(seed)
    result = game.results[0]
    assert printed == result.scores
    assert (
        lines[-2]
        == f"  Brisques won: RuleOfThumb0 {result.brisques[0]}, Random1 {result.brisques[1]}"
    )
    # Every point scored is narrated: the narrated points add up to the scores.
    assert tuple(narrated_points(lines)) == printed


def _choices(state: DealState, line: str) -> list[bz.Action] | None:
    """The actions a narrated declaration line may stand for (None: not one)."""
    match = DECLARES.match(line)
    if match:
        kind = MeldKind(match.group(2))
        # Cards already on the table are written with their history: QS[bezique].
        faces = sorted(CardRef.parse(t).card for t in match.group(3).split())
        return [
            d
            for d in state.legal_declarations()
            if d.kind is kind and sorted(c.card for c in d.cards) == faces
        ]
    if "for exchanging the seven" in line:
        return [Exchange()]
    return None


def _replay(state: DealState, lines: Sequence[str]) -> DealState | None:
    """Replay the narrated deal from ``state``, trying each reading of an ambiguous line."""
    if not lines:
        return state
    line, rest = lines[0], lines[1:]
    trick = TRICK.match(line)
    if trick:
        if state.window is not None:
            state = state.apply(Draw())
        first, second = Card.parse(trick.group(4)), Card.parse(trick.group(6))
        for a in (p for p in state.legal_actions() if isinstance(p, Play)):
            if a.card.card != first:
                continue
            middle = state.apply(a)
            for b in (p for p in middle.legal_actions() if isinstance(p, Play)):
                if b.card.card == second:
                    done = _replay(middle.apply(b), rest)
                    if done is not None:
                        return done
        return None
    choices = _choices(state, line)
    if choices is None:
        return _replay(state, rest)
    for action in choices:
        done = _replay(state.apply(action), rest)
        if done is not None:
            return done
    return None


@pytest.mark.parametrize("seed", [1, 3, 8])
def test_the_narration_replays_to_the_printed_scores(
    capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    """The log alone (tricks, declarations, exchanges) is a legal deal with those scores."""
    code, out, _ = run(capsys, "demo", "--seed", str(seed), "--ascii")
    assert code == 0
    lines = out.splitlines()
    assert "♠" not in out
    assert "♥" not in out
    assert "♦" not in out
    assert "♣" not in out
    start = bz.new_deal(CLASSIC, seed=f"{seed}/0", dealer=0)
    hands = [" ".join(sorted(str(bz.face_of(c)) for c in start.hand(s))) for s in (0, 1)]
    for seat, name in enumerate(NAMES):
        held = lines[1 + seat].split("holds ")[1].split()
        assert sorted(held) == sorted(hands[seat].split()), name
    end = _replay(start, lines[4:])
    assert end is not None
    assert end.is_over
    match = SCORES.match(lines[-3])
    assert match is not None
    assert end.scores == (int(match.group(2)), int(match.group(3)))
    # Seeds 1 and 3 include an exchange of the seven, so the replay covers it.
    exchanges = sum("for exchanging the seven" in line for line in lines)
    assert exchanges == {1: 1, 3: 1, 8: 0}[seed]
    narrated = [DECLARES.match(line) for line in lines if DECLARES.match(line)]
    assert [(m.group(2), int(m.group(4))) for m in narrated if m] == [
        (meld.kind.value, meld.points) for meld in end.melds
    ]


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_demo_game_ends_with_a_winner_line(capsys: pytest.CaptureFixture[str], seed: int) -> None:
    code, out, _ = run(capsys, "demo", "--seed", str(seed), "--game")
    assert code == 0
    lines = out.splitlines()
    winner = re.match(
        r"^(RuleOfThumb0|Random1) wins the game to 1000, RuleOfThumb0 (\d+), Random1 (\d+)\.$",
        lines[-1],
    )
    assert winner is not None
    totals = (int(winner.group(2)), int(winner.group(3)))
    assert totals[NAMES[winner.group(1)]] == max(totals) >= 1000
    headers = [line for line in lines if line.startswith("=== Deal ")]
    dealers = [re.match(r"=== Deal (\d+): (\w+) deals", h) for h in headers]
    assert [int(m.group(1)) for m in dealers if m] == list(range(1, len(headers) + 1))
    assert [m.group(2) for m in dealers if m] == [
        ["RuleOfThumb0", "Random1"][i % 2] for i in range(len(headers))
    ]
    last_totals = [TOTALS.match(line) for line in lines if TOTALS.match(line)]
    assert last_totals[-1] is not None
    assert (int(last_totals[-1].group(1)), int(last_totals[-1].group(2))) == totals
    # The same game played in code.
    game = bz.new_game(CLASSIC, seed=seed)
    seats = demo_players(seed)
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game = game.apply(seats[seat].choose(game.deal.view(seat)))
    assert game.totals == totals
    assert game.winner == NAMES[winner.group(1)]
    assert len(game.results) == len(headers)


# -- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [name for name, _ in bz.rules.variants.names()])
def test_demo_with_each_variant(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, "demo", "--seed", "3", "--variant", name)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"=== Deal 1: RuleOfThumb0 deals ({name}) ==="
    rules = bz.rules.variants.get(name)
    names = [
        f"{'RuleOfThumb' if rules.side_of(s) == 0 else 'Random'}{s}" for s in range(rules.players)
    ]
    prefix = "  Deal 1 scores: "
    printed = [line.removeprefix(prefix) for line in lines if line.startswith(prefix)]
    assert len(printed) == 1
    game = replay_first_deal(3, rules)
    scores = game.results[0].scores
    assert printed[0] == ", ".join(f"{names[s]} {scores[s]}" for s in range(rules.players))
    if game.results[0].game_scores != game.results[0].scores:
        # Rubicon scoring: the deal's game score is printed too.
        assert any(line.startswith("  Deal game score: ") for line in lines)


@pytest.mark.parametrize("alias", ["swift", "c-and-d", "SINKINSON_1933"])
def test_demo_accepts_aliases(capsys: pytest.CaptureFixture[str], alias: str) -> None:
    code, out, _ = run(capsys, "demo", "--seed", "3", "--variant", alias)
    assert code == 0
    assert f"({bz.rules.variants.get(alias).name})" in out.splitlines()[0]


def test_demo_with_other_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "--seed", "2", "--players", "random,rule-of-thumb")
    assert code == 0
    assert out.splitlines()[0] == "=== Deal 1: Random0 deals (classic) ==="
    assert "RuleOfThumb1 holds" in out


def test_demo_accepts_greedy_as_the_old_name_of_rule_of_thumb(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "demo", "--seed", "2", "--players", "greedy,random", "--ascii")
    assert code == 0
    assert out.splitlines()[0] == "=== Deal 1: Greedy0 deals (classic) ==="
    _, same, _ = run(capsys, "demo", "--seed", "2", "--ascii")

    def words(text: str) -> list[str]:
        return text.replace("Greedy0", "RuleOfThumb0").split()

    assert words(out) == words(same)


def test_demo_with_the_search_player(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "demo", "--seed", "4", "--players", "monte-carlo:6,random")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "=== Deal 1: MonteCarlo0 deals (classic) ==="
    assert re.match(r"^  Deal 1 scores: MonteCarlo0 (-?\d+), Random1 (-?\d+)$", lines[-3])


def test_demo_takes_player_options_by_key(capsys: pytest.CaptureFixture[str]) -> None:
    players = "monte-carlo:iterations=4:rollout=random,rule-of-thumb"
    code, out, err = run(capsys, "demo", "--seed", "4", "--players", players)
    assert code == 0, err
    assert out.splitlines()[0] == "=== Deal 1: MonteCarlo0 deals (classic) ==="


class SeatViewsOnly:
    """Takes the first legal action; fails unless handed its own seat's view."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: bz.SeatView) -> bz.Action:
        if type(view) is not bz.SeatView or view.current_player != view.seat:
            raise TypeError(f"handed {type(view).__name__}, not the mover's SeatView")
        self.calls += 1
        return view.legal_actions()[0]


def test_demo_hands_players_seat_views_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[SeatViewsOnly] = []

    def make(rules: object, name: str, seed: int | str | None = None) -> SeatViewsOnly:
        made.append(SeatViewsOnly())
        return made[-1]

    # The command line makes every game's players through the one registry.
    monkeypatch.setattr(bz.variants, "make_player", make)
    code, _, err = run(capsys, "demo", "--seed", "2", "--game")
    assert code == 0, err
    assert len(made) == 2
    assert all(player.calls > 0 for player in made)


@pytest.mark.parametrize("command", ["demo", "duel", "simulate"])
def test_help_documents_the_player_names(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "player names: KIND or KIND:KEY=VALUE[:KEY=VALUE...]" in out
    assert "monte-carlo:iterations=200" in out
    assert "monte-carlo:40 (40 iterations a move)" in out
    assert "monte-carlo:0.5s (half a second a move)" in out
    for name in ("random", "rule-of-thumb (also greedy)", "monte-carlo"):
        assert f"  {name}:" in out
    for key in ("iterations", "time_budget", "rollout", "candidates", "late", "confidence"):
        assert f"    {key}=" in out


def test_variants_lists_every_preset_and_alias(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    lines = out.splitlines()
    for name, aliases in bz.rules.variants.names():
        header = next(line for line in lines if line.split(" ")[0] == name)
        for alias in aliases:
            assert alias in header
        description = lines[lines.index(header) + 1].strip()
        assert description == bz.rules.variants.get(name).description
        assert header.endswith(f"  [{bz.rules.variants.get(name).players} players]")
    # The Zetema presets are among them, two lines each (tests/test_cli_zetema.py).
    assert len(lines) == 2 * (len(bz.rules.variants.names()) + len(zetema.names()))


# -- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--variant", "nope"], "no preset named 'nope'"),
        (["demo", "--players", "greedy"], "--players needs 2 names"),
        (["demo", "--players", "greedy,clever"], "--players needs 2 names"),
        (["demo", "--players", "greedy,random,random"], "--players needs 2 names"),
        (["demo", "--players", ""], "--players needs 2 names"),
        (["demo", "--players", "random,monte-carlo:speed=3"], "bad monte-carlo option 'speed=3'"),
        (["demo", "--players", "random,monte-carlo:iterations=0"], "iterations must be at least 1"),
    ],
)
def test_bad_input_exits_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("bezique: ")
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [["demo", "--seed", "abc"], ["nonsense"], ["demo", "--unknown"]])
def test_bad_arguments_exit_2_through_argparse(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage: bezique" in err
    assert "Traceback" not in err


def test_python_dash_m_bezique_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bezique", "demo", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("=== Deal 1: RuleOfThumb0 deals (classic) ===")
    assert "Game totals:" in done.stdout


def test_python_dash_m_bezique_reports_bad_input_without_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bezique", "demo", "--variant", "nope"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "no preset named 'nope'" in done.stderr
    assert "Traceback" not in done.stderr


# -- the command as a new user meets it ----------------------------------------------------


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    found = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert len(found) == 1
    return dict(found[0].choices)


def test_a_bare_bezique_prints_the_help_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 0
    assert err == ""
    assert out.startswith("usage: bezique")
    assert "commands:" in out


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    from bezique.engine import accelerated

    build = "compiled with mypyc" if accelerated() else "pure Python"
    assert capsys.readouterr().out == f"bezique {bz.__version__} ({build})\n"


def test_the_help_has_a_line_for_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    lines = capsys.readouterr().out.splitlines()
    names = subcommands()
    assert {"demo", "variants", "duel", "simulate", "replay", "tournament"} <= set(names)
    for name in names:
        # The help follows the name, or starts the next line when the name is long.
        assert any(
            re.match(rf"^    {name} +\w", line)
            or (line == f"    {name}" and re.match(r"^ {10,}\w", after))
            for line, after in itertools.pairwise(lines)
        ), name


@pytest.mark.parametrize("command", [None, *subcommands()])
def test_every_help_is_plain_text(capsys: pytest.CaptureFixture[str], command: str | None) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"] if command is None else [command, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for markup in ("``", ":func:", ":class:", ":mod:", ":meth:", "`"):
        assert markup not in out


def test_a_closed_pipe_ends_the_output_quietly() -> None:
    """``bezique demo --game | head -1``: the reader goes after one line."""
    with subprocess.Popen(
        [sys.executable, "-m", "bezique", "demo", "--game", "--seed", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()
        err = process.stderr.read().decode()
        code = process.wait(timeout=120)
    assert first == b"=== Deal 1: RuleOfThumb0 deals (classic) ===\n"
    assert "Traceback" not in err
    assert "Exception ignored" not in err
    assert err == ""
    # The game goes on after the first line: its next write finds the pipe closed.
    assert code == 1


def test_a_broken_pipe_exits_with_status_1_and_no_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first line
    stream = io.TextIOWrapper(os.fdopen(write, "wb"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["variants"]) == 1
    # The stream now writes to the null device: flushing it at exit fails no more.
    stream.write("more\n")
    stream.flush()
    stream.close()
    assert capsys.readouterr().err == ""


def test_a_terminal_without_suit_symbols_gets_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["demo", "--seed", "1"]) == 0
    stream.flush()
    text = raw.getvalue().decode("ascii")
    assert re.search(r"^  Turn-up [AKQJT987][SHDC]: ", text, re.MULTILINE)
    assert sum(bool(TRICK.match(line)) for line in text.splitlines()) == 32


def test_an_ascii_terminal_runs_the_demo_and_the_help() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    for argv in (["demo", "--seed", "3"], ["demo", "--help"], ["variants"]):
        done = subprocess.run(
            [sys.executable, "-m", "bezique", *argv],
            capture_output=True,
            env=env,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert b"Traceback" not in done.stderr
        done.stdout.decode("ascii")  # nothing but ASCII was written
    assert (
        b"QS instead of Q?"
        in subprocess.run(
            [sys.executable, "-m", "bezique", "demo", "--help"],
            capture_output=True,
            env=env,
            timeout=120,
            check=False,
        ).stdout
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--deals", "100000", "--json"], "there is no directory"),
        (["duel", "--games", "100000", "--json"], "there is no directory"),
        (["demo", "--game", "--record"], "there is no directory"),
    ],
)
def test_an_output_path_is_checked_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    missing = str(tmp_path / "missing" / "out.json")
    code, out, err = run(capsys, *argv, missing)
    assert code == 2
    assert out == ""  # nothing was played
    assert err == f"bezique: {argv[-1]} {missing}: {message} {tmp_path / 'missing'}\n"
    code, out, err = run(capsys, *argv, str(tmp_path))
    assert code == 2
    assert out == ""
    assert err == f"bezique: {argv[-1]} {tmp_path}: is a directory, not a file\n"


# -- game records: demo --record, replay ------------------------------------------------------


@pytest.mark.parametrize("suffix", [".json", ".txt"])
def test_demo_records_the_game_and_replay_narrates_it_alike(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str
) -> None:
    path = tmp_path / f"game{suffix}"
    code, shown, err = run(capsys, "demo", "--seed", "2", "--game", "--record", str(path))
    assert code == 0, err
    record = bz.io.games.load_game_record(path.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    assert text.startswith("{") == (suffix == ".json")
    # The record is the game the demo played (the same seed, the same players).
    game, _ = play_out(bz.new_game(CLASSIC, seed=2), demo_players(2))
    assert record.replay() == game
    assert record.players == ("rule-of-thumb", "random")
    assert dict(record.tags)["Event"] == "bezique demo"
    assert re.fullmatch(r"\d{4}\.\d\d\.\d\d", dict(record.tags)["Date"])
    code, told, err = run(capsys, "replay", str(path))
    assert code == 0, err
    lines = told.splitlines()
    assert lines[0] == "Game record: classic, first dealer RuleOfThumb0"
    assert lines[1] == "  Event: bezique demo"
    # After the header, the replay tells the game as the demo told it.
    assert "\n".join(lines[3:]) + "\n" == shown


def test_replay_tells_a_partnership_game_and_who_won_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rules = bz.variants.PARTNERSHIP
    start = bz.new_game(rules, seed=1)
    game, actions = play_out(start, [RandomPlayer(s) for s in range(4)])
    path = tmp_path / "partnership.txt"
    path.write_text(bz.record_game(start, actions).to_text(), encoding="utf-8")
    code, out, err = run(capsys, "replay", "--ascii", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Game record: partnership, first dealer Seat0"
    assert sum(line.startswith("=== Deal ") for line in lines) == len(game.results)
    assert game.winner is not None
    partners = [f"Seat{s}" for s in range(4) if rules.side_of(s) == game.winner]
    totals = ", ".join(f"Seat{s} {game.totals[s]}" for s in range(4))
    # The side with the higher total at or over the target wins (S000 law 12; EB9).
    assert lines[-1] == f"{' and '.join(partners)} win the game to 2000, {totals}."
    assert "♠" not in out


def test_replay_refuses_a_tampered_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, _, _ = run(capsys, "demo", "--seed", "1", "--game", "--record", str(path))
    assert code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"][0]["scores"][0] += 10
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2
    assert out == ""
    assert err.startswith("bezique: deal 1: scores: the record says ")
    code, out, err = run(capsys, "replay", str(tmp_path / "none.txt"))
    assert code == 2
    assert err.startswith("bezique: cannot read ")
    assert "Traceback" not in err


def test_serve_says_it_needs_the_web_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without Starlette (or uvicorn), ``bezique serve`` says which extra to install
    and exits with status 2, before it listens on anything."""
    for missing in ("starlette", "uvicorn"):
        with monkeypatch.context() as patch:
            patch.setitem(sys.modules, missing, None)
            code, out, err = run(capsys, "serve", "--port", "0")
        assert code == 2
        assert out == ""
        assert re.search(r"this needs (starlette|uvicorn), which is not installed", err)
        assert "pip install 'bezique[web]'" in err


def test_serve_refuses_a_port_out_of_range_and_a_db_it_cannot_write(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["serve", "--port", "70000"])
    assert caught.value.code == 2
    assert "a port is 0 to 65535" in capsys.readouterr().err
    code, _out, err = run(capsys, "serve", "--db", str(tmp_path / "no" / "tables.db"))
    assert code == 2
    assert "--db" in err
