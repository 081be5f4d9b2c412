"""The code of the pages on the learning adapters runs as written, and the benchmark
of their cost reports every way of stepping."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "docs" / "howto" / "reinforcement-learning.md", ROOT / "docs" / "action-space.md"]


def _blocks() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for number, block in enumerate(re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)):
            found.append((f"{page.name}-{number}", block))
    return found


#: What each block leaves behind, checked after it runs.
CHECKS: dict[str, Callable[[dict[str, Any]], bool]] = {
    # The deal was played to its end: every agent has left the environment.
    "reinforcement-learning.md-0": lambda names: names["env"].agents == [],
    # A whole game's observation ends with the totals and the target (the partnership
    # game is played to 2,000 by default).
    "reinforcement-learning.md-1": lambda names: (
        names["observation"][-3:].tolist() == [0.0, 0.0, 2000.0]
    ),
    # The deck is dealt and a seat is to act.
    "reinforcement-learning.md-2": lambda names: bool(names["state"].legal_actions()),
    # A game that waited between its deals, played to its end.
    "reinforcement-learning.md-3": lambda names: (
        names["game"].is_over and not names["game"].waiting and len(names["game"].results) > 1
    ),
    "action-space.md-0": lambda names: (
        names["vector"].shape == (2288,)
        and names["hand"].sum() == 8
        and names["tables"].shape == (2, 32)
    ),
    # A batch of two vectors, the first the one read from the state alone; a seat's
    # kept vector, updated from one state to the next, the second's seat's.
    "action-space.md-1": lambda names: (
        names["batch"].shape == (2, 2288)
        and names["same"]
        and names["mine"].tolist() == names["batch"][1].tolist()
        and names["mine"].flags.writeable
    ),
    "action-space.md-2": lambda names: (
        names["vector"].shape == (497,) and names["partners"].tolist() == [1, 0, 1, 0]
    ),
}


@pytest.mark.parametrize(("name", "code"), _blocks(), ids=[name for name, _ in _blocks()])
def test_the_page_code_runs(name: str, code: str, capsys: pytest.CaptureFixture[str]) -> None:
    names: dict[str, Any] = {}
    exec(compile(code, name, "exec"), names)
    capsys.readouterr()
    assert CHECKS[name](names)


def test_the_blocks_are_found() -> None:
    assert [name for name, _ in _blocks()] == list(CHECKS)


def test_the_benchmark_reports_every_way() -> None:
    """Every way of stepping, RLCard's gin rummy when it is installed, and the two
    ratios of each preset against their goals."""
    script = ROOT / "benchmarks" / "envs.py"
    args = ["--presets", "classic,partnership", "--deals", "1", "--repeat", "1"]
    out = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, check=True
    ).stdout
    gin = importlib.util.find_spec("rlcard") is not None
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("preset"))
    ways = ["engine", "action", "ids", "pettingzoo", "openspiel", *(["rlcard", "gin"] * gin)]
    assert header.split() == ["preset", *ways, "pz", "step", "pz/gin"]
    rows = {
        line.split()[0]: line.split()[1:]
        for line in lines
        if line.startswith(("classic", "partnership "))
    }
    for preset in ("classic", "partnership"):
        rates = [float(value.replace(",", "")) for value in rows[preset][: 4 + gin]]
        assert all(rate > 0 for rate in rates)
        cost = float(rows[preset][4 + gin])
        assert cost == pytest.approx(rates[0] / rates[2], rel=0.01, abs=0.06)
        assert any(line.startswith(f"{preset}: a step costs") for line in lines)
        assert any(line.startswith(f"{preset}: ") and "gin rummy" in line for line in lines) == gin
