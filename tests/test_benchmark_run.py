"""The engine benchmark (``benchmarks/run.py``) runs for the presets of three and four
seats and reports each of them: a short run, two deals per preset."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[1] / "benchmarks" / "run.py"


def test_the_benchmark_reports_the_presets_of_more_seats(tmp_path: Path) -> None:
    figures = tmp_path / "figures.json"
    presets = ["three-hand", "four-hand", "partnership"]
    args = ["--presets", ",".join(presets), "--repeat", "1", "--deals", "2"]
    out = subprocess.run(
        [sys.executable, str(SCRIPT), *args, "--json", str(figures)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    assert all(name in rows for name in presets)
    data = json.loads(figures.read_text())
    reported = {p["preset"]: p for p in data["presets"]}
    assert list(reported) == presets
    for name, seats in zip(presets, (3, 4, 4), strict=True):
        # One pack a seat; a deal is 32 tricks of a card a seat, and the winners' turns.
        assert reported[name]["packs"] == seats
        assert reported[name]["deals"] == 2
        assert reported[name]["deals_per_second"] > 0
        assert reported[name]["actions_per_deal"] > 32 * seats
