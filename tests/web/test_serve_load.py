"""The load test of ``bezique serve`` (benchmarks/serve_load.py), run briefly: it
starts the server, plays its tables and reports its figures and no error."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import bezique as bz

ROOT = Path(__file__).resolve().parents[2]


def test_the_load_test_runs_and_reports_its_figures() -> None:
    script = ROOT / "benchmarks" / "serve_load.py"
    options = ["--seconds", "3", "--bot-tables", "2", "--clients", "2"]
    done = subprocess.run(
        [sys.executable, str(script), *options], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "2 tables of rule-of-thumb players, 2 scripted clients" in done.stdout
    moves = next(line for line in lines if line.startswith("moves stored:"))
    assert int(moves.split()[2]) > 0
    scripted = next(line for line in lines if line.startswith("scripted moves:"))
    assert int(scripted.split()[2]) > 0
    assert "p50" in done.stdout
    assert "p99" in done.stdout
    assert lines[-1] == "errors: 0"


def test_the_load_test_counts_a_lost_move_and_a_stopped_table(tmp_path: Path) -> None:
    from bezique.web.store import Store
    from bezique.web.tables import Lobby

    load = SimpleNamespace(**runpy.run_path(str(ROOT / "benchmarks" / "serve_load.py")))
    db = tmp_path / "tables.db"
    lobby = Lobby(Store(str(db)))
    person = lobby.open("classic", [("person", "Ann"), ("player", "random")], seed=1)
    bots = lobby.open("classic", [("player", "random"), ("player", "random")], seed=2)
    while person.current_player != 0:
        assert person.play_bot()
    move = person.state.legal_actions()[0]
    text = bz.format_action(move)
    assert person.act(0, text).accepted
    assert bots.play_bot()
    lobby.store.close()

    # What the store holds: no error.
    fine = load.Tally(acknowledged={person.id: [text]})
    load.check_store(db, fine, load.Run([bots.id], {bots.id: 0}, {bots.id: 1}, 1.0))
    assert fine.errors == []
    # A move acknowledged and not stored, a table of built-in players that did not move.
    lost = load.Tally(acknowledged={person.id: [text, "play AS"]})
    load.check_store(db, lost, load.Run([bots.id], {bots.id: 1}, {bots.id: 1}, 1.0))
    assert len(lost.errors) == 2
    assert "acknowledged moves and stored moves differ" in lost.errors[0]
    assert "made no move" in lost.errors[1]
