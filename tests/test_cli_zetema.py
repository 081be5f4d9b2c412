"""The one command line plays Zetema as it plays Bezique: ``bezique variants`` lists
its presets with their player counts, ``demo``, ``play``, ``duel``, ``simulate`` and
``replay`` serve them with the same options and the same screen; the one registry
(``bezique.variants``) knows its presets, the trick games' registry does not."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

import bezique as bz
from bezique.errors import RulesError
from bezique.programs.cli import main
from bezique.rules import variants
from bezique.zetema import ZETEMA, ZetemaView, faces_text
from bezique.zetema.io import ZetemaRecord, load_record
from bezique.zetema.players import make_player
from bezique.zetema.state import new_game
from bezique.zetema.views import view_of


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_variants_lists_the_zetema_presets_with_their_player_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    assert "\nzetema  [2-6 players]\n" in out
    assert "\nzetema-1881  [2-6 players]\n" in out
    assert "\nclassic (also: " in out
    assert "\nthree-hand (also: bezique-for-three, three-handed)  [3 players]\n" in out


def test_the_one_registry_knows_zetema_and_the_trick_registry_does_not() -> None:
    assert bz.variants.get("zetema") is ZETEMA
    with pytest.raises(RulesError, match=r"no preset named 'zetema'"):
        variants.get("zetema")


# -- demo ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", ["2", "3", "6"])
def test_demo_narrates_the_first_hand(capsys: pytest.CaptureFixture[str], players: str) -> None:
    code, out, err = run(
        capsys, "demo", "--variant", "zetema", "--players", players, "--seed", "4", "--ascii"
    )
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == f"=== Deal 1: RuleOfThumb0 deals (zetema, {players} players) ==="
    # The seat after the dealer begins, its draw made: one card more.
    size = 5 if players == "6" else 6
    assert re.match(rf"^ +Random1 holds( \S\S){{{size + 1}}}$", lines[2])
    # The narration stops after the first hand, or when a side reaches the target; a
    # side is named by its seats, partners together.
    assert any(line.startswith("  Game totals: RuleOfThumb0") for line in lines[-2:])
    if players == "6":
        assert "RuleOfThumb0 and RuleOfThumb2 and RuleOfThumb4 " in lines[-1]
    # The narrated hand is the one the players play on the same seed.
    state = new_game(ZETEMA.evolve(players=int(players)), 4)
    assert lines[1].endswith(faces_text(state.hands[0]))


def test_demo_takes_the_table_size_from_seats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "--variant", "zetema", "--seats", "4", "--ascii")
    assert code == 0
    assert out.splitlines()[0] == "=== Deal 1: RuleOfThumb0 deals (zetema, 4 players) ==="
    # Four players sit in two sides: the first side's both seats play by rule of thumb.
    assert "RuleOfThumb2 holds" in out


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
    assert re.search(
        r"^RuleOfThumb0 wins the game to 300, RuleOfThumb0 \d+, Random1 \d+\.$", out, re.M
    )
    record = load_record(path.read_bytes())
    assert bz.variants.load_game_record(path.read_bytes()) == record
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


def test_demo_refuses_a_text_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    code, _, err = run(capsys, "demo", "--variant", "zetema", "--record", str(path))
    assert code == 2
    assert err.startswith("bezique: --record ")
    assert "JSON only: name the file .json" in err
    assert not path.exists()


def test_demo_refuses_a_bad_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "demo", "--variant", "zetema", "--players", "7")
    assert code == 2
    assert "players must be 2 to 6" in err
    code, _, err = run(capsys, "demo", "--variant", "zetema", "--players", "random,cheater")
    assert code == 2
    assert "no Zetema player named 'cheater'" in err
    # A Bezique preset seats its own number of players.
    code, _, err = run(capsys, "demo", "--seats", "3")
    assert code == 2
    assert "classic is played by 2 players" in err


class OwnViewsOnly:
    """Discards the first legal card; fails unless handed its own seat's view."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: ZetemaView) -> bz.zetema.ZetemaAction:
        if type(view) is not ZetemaView or view.current_player != view.seat:
            raise TypeError(f"handed {type(view).__name__}, not the mover's ZetemaView")
        self.calls += 1
        return view.legal_actions()[-1]


def test_demo_hands_players_their_own_views_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[OwnViewsOnly] = []

    def make(rules: object, name: str, seed: int | str | None = None) -> OwnViewsOnly:
        made.append(OwnViewsOnly())
        return made[-1]

    monkeypatch.setattr(bz.variants, "make_player", make)
    code, _, err = run(capsys, "demo", "--variant", "zetema", "--players", "3", "--game")
    assert code == 0, err
    assert len(made) == 3
    assert all(player.calls > 0 for player in made)


# -- replay ------------------------------------------------------------------------------


def test_replay_narrates_a_recorded_zetema_play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "played.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 2000))
    code, played, _ = run(
        capsys, "play", "--variant", "zetema", "--players", "random", "--seed", "7",
        "--target", "60", "--ascii", "--record", str(path),
    )  # fmt: skip
    assert code == 0
    record = bz.variants.load_game_record(path.read_bytes())
    assert isinstance(record, ZetemaRecord)
    assert record.players == ("you", "random")
    assert record.replay().is_over
    code, out, err = run(capsys, "replay", str(path), "--ascii")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Game record: zetema, first dealer You0"
    assert lines[1] == "=== Deal 1: You0 deals (zetema, 2 players) ==="
    assert re.match(r"^(You0|Random1) wins the game to 60, You0 \d+, Random1 \d+\.$", lines[-1])
    # The replay tells the moves the play told, in the third person.
    assert "  You0 discards " in out
    assert "  You discard " in played


def test_replay_refuses_a_tampered_zetema_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    assert main(["demo", "--variant", "zetema", "--game", "--record", str(path)]) == 0
    capsys.readouterr()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][0] = "discard 2S" if data["actions"][0] != "discard 2S" else "discard 3S"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2
    assert out == ""
    assert err.startswith("bezique: ")
    assert "Traceback" not in err


# -- duel and simulate -----------------------------------------------------------------


def test_duel_reports_the_win_rate_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["duel", "--variant", "zetema", "--players", "rule-of-thumb,random", "--games", "6"]
    code, out, _ = run(capsys, *argv, "--seats", "3")
    assert code == 0
    assert out.startswith("6 games of zetema, seed 1: rule-of-thumb (A) against random (B)")
    match = re.search(r"A wins (\d+), loses (\d+), draws (\d+)", out)
    assert match is not None
    assert sum(int(g) for g in match.groups()) == 6
    assert "95% Wilson interval" in out
    # Worker processes share the games; the result does not depend on them.
    code, parallel, _ = run(capsys, *argv, "--seats", "3", "--jobs", "2")
    assert code == 0
    assert parallel.splitlines()[:4] == out.splitlines()[:4]
    assert parallel.splitlines()[-1].endswith("with 2 process(es)")


def test_duel_of_partnerships_is_a_match_of_sides(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "duel", "--variant", "zetema", "--seats", "4", "--games", "2",
        "--players", "rule-of-thumb,random",
    )  # fmt: skip
    assert code == 0
    assert out.startswith("2 games of zetema, seed 1: 2 players, one per side, sides rotating")


def test_duel_needs_two_names_and_plays_single_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "duel", "--variant", "zetema", "--players", "random")
    assert code == 2
    assert "two names" in err
    code, out, _ = run(capsys, "duel", "--variant", "zetema", "--deals", "--games", "4")
    assert code == 0
    assert out.startswith("4 deals of zetema")


def test_duel_writes_its_result_as_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    code, _, _ = run(capsys, "duel", "--variant", "zetema", "--games", "4", "--json", str(path))
    assert code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["variant"] == "zetema"
    assert data["games"] == 4
    assert data["wins"] + data["losses"] + data["draws"] == 4
    low, high = data["wilson_95"]
    assert low <= data["win_rate"] <= high + 1e-9


def test_simulate_plays_hands_in_worker_processes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["simulate", "--variant", "zetema", "--deals", "12", "--seed", "3"]
    code, out, _ = run(capsys, *argv, "--players", "rule-of-thumb,random")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("12 deals of zetema, seed 3:")
    assert "seat 0 (rule-of-thumb)" in out
    assert "declarations per deal" in out
    path = tmp_path / "summary.json"
    code, parallel, _ = run(
        capsys, *argv, "--players", "rule-of-thumb,random", "--jobs", "2", "--json", str(path)
    )
    assert code == 0
    # The summary does not depend on the number of processes (but for the timing line).
    assert parallel.splitlines()[1:] == lines[1:]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["deals"] == 12
    assert data["rubicon_rates"] is None
    assert data["carte_blanche_per_deal"] is None


def test_simulate_seats_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "--variant", "zetema", "--seats", "3", "--deals", "3",
        "--players", "random,random,random",
    )  # fmt: skip
    assert code == 0
    assert "seat 2 (random)" in out
    code, _, err = run(
        capsys, "simulate", "--variant", "zetema", "--deals", "3", "--players", "random"
    )
    assert code == 2
    assert "zetema has 2 seats, but 1 player(s) were named" in err


# -- play ------------------------------------------------------------------------------


def _typing(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    """Answer the play prompts with ``lines`` in turn, then ``1`` (enough for a game)."""
    monkeypatch.setattr(
        sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines) + "1\n" * 3000)
    )


def test_play_a_whole_game_against_a_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _typing(monkeypatch, [])
    code, out, _ = run(
        capsys, "play", "--variant", "zetema", "--players", "random", "--seed", "2",
        "--target", "40", "--ascii",
    )  # fmt: skip
    assert code == 0
    # The prompt, the deal and the first person of every game's screen.
    assert "You> " in out
    assert "Your move: " not in out
    assert "=== Deal 1: You deal ===" in out
    assert "\nzetema: hand 1, dealt by You; seen by You\n" in out
    assert "  hand: " in out
    assert "Your moves (type a number, a move or help):" in out
    assert "  You discard " in out
    assert "  Random1 discards " in out
    # The target reached in the middle of a hand ends the game there (PAR-Z).
    assert re.search(r"^Game totals: You \d+, Random1 \d+$", out, re.M)
    assert re.search(r"^(You win the game!|Random1 wins the game\.)$", out, re.M)
    assert re.search(r"^Final totals: You \d+, Random1 \d+$", out, re.M)


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
    # Three seats from two names: the others' hand sizes on the board.
    assert "\nRandom0 (dealer): 6 cards\n" in out
    assert "\nRandom2: 6 cards\n" in out


def test_play_seats_partners_as_partners(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _typing(monkeypatch, ["q"])
    code, out, _ = run(
        capsys, "play", "--variant", "zetema", "--players", "random", "--seats", "4",
        "--seed", "1", "--seat", "3", "--ascii",
    )  # fmt: skip
    assert code == 0
    assert "You play in seat 3 against Random0, Random1, Random2;" in out
    assert "Scores: Random0 and Random2 0, Random1 and You 0 (target 200)" in out


def test_play_refuses_a_seat_or_a_player_it_cannot_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _typing(monkeypatch, [])
    code, _, err = run(capsys, "play", "--variant", "zetema", "--players", "random", "--seat", "2")
    assert code == 2
    assert err.startswith("bezique: --seat: no seat 2: seats are 0..1")
    code, _, err = run(capsys, "play", "--variant", "zetema", "--players", "nobody")
    assert code == 2
    assert err.startswith("bezique: --players: ")
    assert "no Zetema player named 'nobody'" in err


def test_play_records_a_bezique_game_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "played.txt"
    _typing(monkeypatch, [])
    code, _, _ = run(
        capsys, "play", "--players", "random", "--seed", "5", "--target", "100", "--ascii",
        "--record", str(path),
    )  # fmt: skip
    assert code == 0
    record = bz.variants.load_game_record(path.read_text(encoding="utf-8"))
    assert isinstance(record, bz.GameRecord)
    assert record.players == ("you", "random")
    assert record.over
    code, out, _ = run(capsys, "replay", str(path), "--ascii")
    assert code == 0
    assert out.startswith("Game record: classic, first dealer You0\n  Event: bezique play\n")


# -- what is Bezique's alone -------------------------------------------------------------


def test_a_score_sheet_of_zetema_is_refused_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "sheet.json"
    sheet = {"format": "bezique-score-sheet", "version": 1, "rules": "zetema"}
    path.write_text(json.dumps({**sheet, "players": ["Ann", "Bob"], "deals": []}))
    code, out, err = run(capsys, "score", str(path))
    assert code == 2
    assert out == ""
    assert err == (
        "bezique: rules: zetema keeps no score sheet: the sheets are for Bezique's presets "
        "(bezique variants lists them)\n"
    )


def test_the_registry_loads_no_screen_until_one_is_asked_for() -> None:
    """``import bezique`` does not load the text boards: each game's screen is
    imported when the command line asks for it."""
    import subprocess

    code = (
        "import sys, bezique; "
        "print(sorted(m for m in sys.modules if m.endswith(('board', 'screen'))))"
    )
    src = str(Path(__file__).resolve().parent.parent / "src")
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": src, "PATH": ""},
        check=True,
    )
    assert done.stdout.strip() == "[]"
