"""The load test of ``bezique serve`` (benchmarks/serve_load.py), run briefly: it
starts the server, plays its tables and reports its figures and no error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
