"""Matches of a player per seat, or per side in partnerships (``bezique.programs.simulate.match``
and ``bezique duel`` with more than two seats): the seats rotate evenly, each player
gets its win rate and Wilson interval, partners are one kind of player, and games
are decided by the sides' totals.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bezique as bz
from bezique.players import Player, RandomPlayer
from bezique.programs.cli import main
from bezique.programs.simulate import (
    MatchResult,
    duel,
    match,
    match_sides,
    wilson_interval,
)

#: (player name, seed) of every player the recording factories made.
MADE: list[tuple[str, str]] = []


def north(seed: str) -> Player:
    MADE.append(("north", seed))
    return RandomPlayer(seed)


def south(seed: str) -> Player:
    MADE.append(("south", seed))
    return RandomPlayer(seed)


@pytest.mark.parametrize(("sides", "games"), [(2, 4), (3, 6), (4, 8)])
def test_each_player_plays_every_side_equally_often(sides: int, games: int) -> None:
    rotations = [match_sides(sides, i) for i in range(games)]
    for j in range(sides):
        played = [sides_of[j] for sides_of, _ in rotations]
        assert sorted(played) == sorted(list(range(sides)) * (games // sides))
    # Each deal of cards is played once in every rotation, the players on distinct sides.
    for sides_of, cards in rotations:
        assert sorted(sides_of) == list(range(sides))
        assert [c for _, c in rotations].count(cards) == sides


@pytest.mark.parametrize(
    ("name", "players"),
    [
        ("three-hand", ["rule-of-thumb", "random", "random"]),
        ("four-hand", ["random", "rule-of-thumb", "random", "random"]),
        ("partnership", ["rule-of-thumb", "random"]),
    ],
)
def test_a_match_reports_every_player_with_its_interval(name: str, players: list[str]) -> None:
    k = len(players)
    result = match(name, players, games=2 * k, seed=4, deals=True)
    assert isinstance(result, MatchResult)
    assert (result.games, result.unit, result.players) == (2 * k, "deal", tuple(players))
    assert result.seats == tuple((2,) * k for _ in range(k))
    assert sum(result.win_rates) == pytest.approx(1.0)
    for j in range(k):
        assert result.win_rates[j] == result.credit[j] / result.games
        assert result.intervals[j] == wilson_interval(result.credit[j], result.games)
        low, high = result.intervals[j]
        assert low - 1e-9 <= result.win_rates[j] <= high + 1e-9  # rounding at 0 and 1
        assert result.wins[j] <= result.credit[j] <= result.wins[j] + result.shared[j]
    assert len(result.margins) == 2 * k
    assert all(len(m) == k for m in result.margins)
    text = "\n".join(result.lines())
    assert f"{2 * k} deals of {name}, seed 4: {k} players" in text
    for j, player in enumerate(players):
        assert f"{'ABCD'[j]} {player}" in text
    data = json.loads(json.dumps(result.to_dict()))
    assert data["players"] == players
    assert data["wilson_95"] == [list(i) for i in result.intervals]


def test_the_rules_of_thumb_win_most_of_a_small_three_hand_match() -> None:
    """Not a measurement (see the docs): the rules of thumb are not upside down at a
    larger table. Whole games to 2000, two rounds of the three seats."""
    result = match("three-hand", ["rule-of-thumb", "random", "random"], games=6, seed=1)
    assert result.unit == "game"
    assert result.win_rates[0] > 0.5
    assert result.mean_margins[0] > 0


def test_partners_are_played_by_the_same_player() -> None:
    MADE.clear()
    result = match("partnership", [north, south], games=4, seed=9, deals=True)
    assert result.players == ("north", "south")
    assert result.partnership
    assert len(MADE) == 4 * 4 + 2  # every seat of every game, and a check of each name
    by_game: dict[str, dict[str, set[int]]] = {}
    for who, seed in MADE:
        if seed == "check":
            continue
        _, game, seat = seed.split("/")
        by_game.setdefault(game, {}).setdefault(who, set()).add(int(seat))
    assert len(by_game) == 4
    for game, seats in by_game.items():
        # Partners sit opposite: seats 0 and 2 against 1 and 3, sides swapping.
        assert sorted(map(sorted, seats.values())) == [[0, 2], [1, 3]]
        expected = {0, 2} if int(game) % 2 == 0 else {1, 3}
        assert seats["north"] == expected
    # The two sides' margins are opposite, game by game.
    assert all(a == -b for a, b in result.margins)


def test_a_match_is_the_same_with_two_processes() -> None:
    players = ["rule-of-thumb", "random", "random"]
    one = match("three-hand", players, games=3, seed=7, deals=True)
    two = match("three-hand", players, games=3, seed=7, deals=True, jobs=2)
    assert one == two
    assert two.jobs == 2


def test_a_match_rejects_bad_arguments() -> None:
    with pytest.raises(bz.BeziqueError, match="one player per side"):
        match("partnership", ["random", "random", "random", "random"], games=2)
    with pytest.raises(bz.BeziqueError, match="one player per seat"):
        match("three-hand", ["random", "random"], games=2)
    with pytest.raises(bz.BeziqueError, match="no player named"):
        match("three-hand", ["random", "random", "nobody"], games=2)
    with pytest.raises(bz.BeziqueError, match="games must be"):
        match("three-hand", ["random"] * 3, games=0)
    with pytest.raises(bz.BeziqueError, match="partnerships"):
        duel("partnership", "rule-of-thumb", "random", games=2)


def test_a_shared_win_is_split_among_the_sharers() -> None:
    """Single deals tied on points are shared: each sharer is credited 1/k."""
    players = ["random", "random", "random"]
    outcome = match("three-hand", players, games=30, seed=3, deals=True)
    assert sum(outcome.credit) == pytest.approx(30)
    assert sum(outcome.wins) + sum(outcome.shared) >= 30


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_duel_command_plays_a_match_of_a_player_per_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    players = "rule-of-thumb,random,random"
    argv = ["duel", "--variant", "three-hand", "--players", players, "--games", "3"]
    code, out, err = run(capsys, *argv, "--deals", "--json", str(path))
    assert code == 0, err
    assert "3 deals of three-hand, seed 1: 3 players, one per seat, seats rotating" in out
    assert "95% Wilson interval" in out
    data = json.loads(path.read_text(encoding="utf-8"))
    expected = match("three-hand", players.split(","), games=3, seed=1, deals=True)
    assert data["wins"] == list(expected.wins)
    assert data["seats"] == [[1, 1, 1]] * 3


def test_duel_command_takes_a_player_per_side_in_partnerships(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        capsys, "duel", "--variant", "partnership", "--players", "rule-of-thumb,random",
        "--games", "2", "--deals",
    )  # fmt: skip
    assert code == 0, err
    assert "2 players, one per side, sides rotating" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--variant", "three-hand", "--players", "random"], "needs 3 names, one per seat"),
        (["--variant", "partnership", "--players", "random,random,random"], "one per side"),
        (["--variant", "four-hand", "--players", "random,,random,random"], "needs 4 names"),
    ],
)
def test_duel_command_needs_a_name_per_seat_or_side(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, "duel", *argv, "--games", "1")
    assert code == 2
    assert message in err


def test_demo_takes_a_player_per_side_in_partnerships(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "demo", "--variant", "partnership", "--players", "greedy,random")
    assert code == 0, err
    scores = [line for line in out.splitlines() if line.startswith("  Deal 1 scores: ")]
    assert len(scores) == 1
    assert [part.split()[0] for part in scores[0].split(": ")[1].split(", ")] == [
        "Greedy0",
        "Random1",
        "Greedy2",
        "Random3",
    ]
