"""Round-robin tournaments (bezique.programs.simulate.tournament, ``bezique tournament``) and
the choice of where a run's games are played (``backend``, ``address``). The Ray
backend itself is tested in tests/ray, where the extra is installed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bezique import BeziqueError, MissingExtraError
from bezique.programs.cli import main
from bezique.programs.simulate import duel, match, simulate, tournament

THREE = ["rule-of-thumb", "random", "random"]


def test_each_pair_plays_the_duel_of_the_same_seed() -> None:
    result = tournament("classic", THREE, games=4, seed=2)
    assert result.players == ("rule-of-thumb", "random", "random")
    assert [(d.a, d.b) for d in result.duels] == [
        ("rule-of-thumb", "random"),
        ("rule-of-thumb", "random"),
        ("random", "random"),
    ]
    assert result.duel_of(0, 1) == duel("classic", "rule-of-thumb", "random", games=4, seed=2)
    assert result.duel_of(1, 2) == duel("classic", "random", "random", games=4, seed=2)
    # The same seed, the same cards: the two pairs of A against a random player are
    # dealt alike, and B and C are both random players made from the same seeds.
    assert result.duel_of(0, 2) == result.duel_of(0, 1)


def test_at_a_partnership_table_each_pair_plays_a_match_of_two_sides() -> None:
    result = tournament("partnership", ["rule-of-thumb", "random"], games=2, seed=3)
    played = match("partnership", ["rule-of-thumb", "random"], games=2, seed=3)
    (only,) = result.duels
    assert only.wins + only.draws / 2 == pytest.approx(played.credit[0])
    assert list(only.margins) == [m[0] for m in played.margins]


def test_scores_standings_and_the_report() -> None:
    result = tournament("classic", THREE, games=4, seed=2, jobs=2)
    assert sum(result.scores) == 4 * 3  # one point a game, shared at a draw
    assert result.played == 8
    for i in range(3):
        for j in range(3):
            if i != j:
                assert result.rate(i, j) == pytest.approx(1 - result.rate(j, i))
    scores = result.scores
    assert [scores[j] for j in result.standings] == sorted(scores, reverse=True)
    lines = list(result.lines())
    assert lines[0] == "round robin of 3 players, 4 games a pair, of classic, seed 2"
    assert any(line.startswith("  1. ") for line in lines)
    assert all(line == line.rstrip() for line in lines)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["standings"][0] == result.players[result.standings[0]]
    assert len(data["duels"]) == 3


def test_bad_input_is_refused_in_the_library_s_words() -> None:
    with pytest.raises(BeziqueError, match="2 to 8 players, 1 named"):
        tournament("classic", ["random"], games=2)
    with pytest.raises(BeziqueError, match="backends are: local, ray"):
        simulate("classic", deals=2, backend="spark")
    with pytest.raises(BeziqueError, match="goes with the ray backend"):
        duel("classic", "random", "random", games=2, address="auto")
    with pytest.raises(TypeError, match="address"):
        tournament("classic", THREE, games=2, backend="ray", address=6379)  # type: ignore[arg-type]


def test_the_ray_backend_without_its_extra_says_which_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if it were not installed
    with pytest.raises(MissingExtraError, match=r"bezique\[ray\]"):
        simulate("classic", deals=2, backend="ray")
    # Still an ImportError, as the extras' errors always were.
    with pytest.raises(ImportError):
        duel("classic", "random", "random", games=2, backend="ray")


def test_the_command_line_without_the_extra_answers_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    assert main(["simulate", "--deals", "2", "--backend", "ray"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: this needs ray, which is not installed")
    assert "Traceback" not in err


def test_the_tournament_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "round.json"
    code = main(
        ["tournament", "--players", ",".join(THREE), "--games", "2", "--seed", "2"]
        + ["--json", str(out)]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert text.startswith("round robin of 3 players, 2 games a pair, of classic, seed 2\n")
    assert "standings" in text
    assert json.loads(out.read_text())["games"] == 2
    assert main(["tournament", "--players", "random"]) == 2
    assert "two or more names" in capsys.readouterr().err
