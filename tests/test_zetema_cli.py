"""The command line for Zetema: ``bezique variants`` lists its presets, ``bezique demo
--variant zetema`` narrates a hand or a game, ``bezique duel --variant zetema``
plays matches; and the trick games' registry points at the Zetema one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bezique.cli import main
from bezique.errors import RulesError
from bezique.rules import variants
from bezique.zetema import ZETEMA, faces_text
from bezique.zetema.io import load_record
from bezique.zetema.players import make_player
from bezique.zetema.state import new_game
from bezique.zetema.views import view_of


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_variants_lists_the_zetema_presets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    assert "\nzetema\n" in out
    assert "\nzetema-1881\n" in out


def test_the_trick_registry_points_at_zetema() -> None:
    with pytest.raises(RulesError, match=r"bezique\.zetema\.get"):
        variants.get("zetema")


@pytest.mark.parametrize("players", ["2", "3", "6"])
def test_demo_narrates_the_first_hand(capsys: pytest.CaptureFixture[str], players: str) -> None:
    code, out, err = run(
        capsys, "demo", "--variant", "zetema", "--players", players, "--seed", "4", "--ascii"
    )
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == f"=== Hand 1: RuleOfThumb0 deals (zetema, {players} players) ==="
    # The seat after the dealer begins, its draw made: one card more.
    size = 5 if players == "6" else 6
    assert re.match(rf"^ +Random1 holds( \S\S){{{size + 1}}}$", lines[2])
    # The narration stops after the first hand, or when a side reaches the target.
    assert any(line.startswith("  Game totals: side 0 ") for line in lines[-2:])
    # The narrated hand is the one the players play on the same seed.
    state = new_game(ZETEMA.evolve(players=int(players)), 4)
    assert lines[1].endswith(faces_text(state.hands[0]))


def test_demo_game_with_named_players_and_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(
        capsys,
        "demo",
        "--variant",
        "zetema",
        "--players",
        "rule-of-thumb,random",
        "--game",
        "--record",
        str(path),
    )
    assert code == 0
    assert re.search(r"side 0 won the game to 300\.$", out)
    record = load_record(path.read_bytes())
    final = record.replay()
    assert final.is_over
    assert final.winners == (0,)
    assert record.players == ("rule-of-thumb", "random")
    # The record replays the players' own choices.
    players = [make_player(k, 1 * 31 + i) for i, k in enumerate(record.players)]
    state = new_game(ZETEMA, 1)
    for text in record.actions[:30]:
        seat = state.current_player
        assert seat is not None
        assert str(players[seat].choose(view_of(state, seat))) == text
        state = state.apply(text)


def test_demo_refuses_a_bad_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "demo", "--variant", "zetema", "--players", "7")
    assert code == 2
    assert "players must be 2 to 6" in err
    code, _, err = run(capsys, "demo", "--variant", "zetema", "--players", "random,cheater")
    assert code == 2
    assert "no Zetema player named 'cheater'" in err


def test_duel_reports_the_win_rate_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "duel",
        "--variant",
        "zetema",
        "--players",
        "rule-of-thumb,random",
        "--games",
        "6",
        "--seats",
        "3",
    )
    assert code == 0
    assert "6 games of zetema at 3 seats" in out
    match = re.search(r"A wins (\d+), loses (\d+), draws (\d+)", out)
    assert match is not None
    assert sum(int(g) for g in match.groups()) == 6
    assert "95% Wilson interval" in out


def test_duel_needs_two_names(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "duel", "--variant", "zetema", "--players", "random")
    assert code == 2
    assert "two names" in err
    code, _, err = run(capsys, "duel", "--variant", "zetema", "--deals")
    assert code == 2
    assert "games to the target" in err
    code, _, err = run(capsys, "duel", "--variant", "zetema", "--jobs", "2")
    assert code == 2
    assert "one process" in err


def test_duel_writes_its_result_as_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    code, _, _ = run(capsys, "duel", "--variant", "zetema", "--games", "4", "--json", str(path))
    assert code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["games"] == 4
    assert data["wins"] + data["losses"] + data["draws"] == 4
    low, high = data["interval"]
    assert low <= data["win_rate"] <= high + 1e-9


def _typing(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> list[str]:
    """Answer the play prompts with ``lines`` in turn, then ``1`` for ever."""
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return lines.pop(0) if lines else "1"

    monkeypatch.setattr("builtins.input", answer)
    return asked


def test_play_a_whole_game_against_a_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _typing(monkeypatch, [])
    code, out, _ = run(
        capsys, "play", "--variant", "zetema", "--players", "random", "--seed", "2",
        "--target", "40", "--ascii",
    )  # fmt: skip
    assert code == 0
    assert asked
    assert "  Your hand: " in out
    assert "     You discard " in out
    assert "won the game to 40; you were side 0." in out


def test_play_answers_what_is_typed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _typing(monkeypatch, ["help", "99", "discard ZZ", "declare flush 2H 3H 4H 5H 6H 7H", "q"])
    code, out, _ = run(
        capsys, "play", "--variant", "zetema", "--players", "random,random", "--seed", "3",
        "--seat", "1", "--ascii",
    )  # fmt: skip
    assert code == 0
    assert "marry KH QH / QS" in out  # the help
    assert "no action numbered 99" in out
    assert "not understood: not a Zetema card: 'ZZ'" in out
    assert "refused: a card is not in the player's hand" in out
    assert out.rstrip().endswith("You leave the game.")
    assert "Cards held: Random0 6, Random2 6" in out


def test_play_refuses_a_seat_or_a_player_it_cannot_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _typing(monkeypatch, [])
    code, _, err = run(capsys, "play", "--variant", "zetema", "--players", "random", "--seat", "2")
    assert code == 2
    assert "--seat: 0 to 1" in err
    code, _, err = run(capsys, "play", "--variant", "zetema", "--players", "nobody")
    assert code == 2
    assert "--players" in err
