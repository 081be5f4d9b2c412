"""Simulations, duels, matches and tournaments as tasks of a Ray cluster give what the
local pool gives for the same seed, with progress as the tasks finish; the command
line's ``--backend ray`` too. Collected only where the ``ray`` extra is installed
(``nox -s ray``). One Ray cluster on this machine serves the tests of the library: the
runs join it and leave it running; the command line starts and leaves its own."""

from __future__ import annotations

import logging
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bezique.programs.simulate import duel, match, simulate, tournament

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR)
    try:
        yield
    finally:
        ray.shutdown()


def _without_time(lines: list[str]) -> list[str]:
    # The last line of a report is the time it took, which differs from run to run.
    return [line for line in lines if " s with " not in line]


@pytest.mark.usefixtures("ray_cluster")
def test_a_simulation_on_ray_is_the_simulation_of_the_pool() -> None:
    done: list[tuple[int, int]] = []
    on_ray = simulate(
        "three-hand",
        deals=12,
        seed=4,
        players=("rule-of-thumb", "random", "random"),
        jobs=2,
        chunk_size=3,
        backend="ray",
        progress=lambda d, t, _: done.append((d, t)),
    )
    local = simulate(
        "three-hand", deals=12, seed=4, players=("rule-of-thumb", "random", "random"), jobs=2
    )
    assert on_ray == local
    # Progress comes as each task finishes: four chunks of three deals.
    assert [d for d, _ in done] == [3, 6, 9, 12]
    assert {t for _, t in done} == {12}


@pytest.mark.usefixtures("ray_cluster")
def test_a_duel_a_match_and_a_tournament_on_ray_are_the_pool_s() -> None:
    assert duel("classic", "rule-of-thumb", "random", games=4, seed=2, backend="ray") == duel(
        "classic", "rule-of-thumb", "random", games=4, seed=2, jobs=2
    )
    players = ["rule-of-thumb", "random"]
    assert match("partnership", players, games=2, seed=3, backend="ray") == match(
        "partnership", players, games=2, seed=3
    )
    three = ["rule-of-thumb", "random", "random"]
    assert tournament("rubicon", three, games=2, seed=5, backend="ray") == tournament(
        "rubicon", three, games=2, seed=5
    )


def test_the_command_line_on_ray_reports_what_the_pool_reports(tmp_path: Any) -> None:
    # A cluster of its own, started and left by the command.
    base = [sys.executable, "-m", "bezique", "simulate", "--deals", "6", "--seed", "3"]
    local = subprocess.run([*base, "--jobs", "2"], capture_output=True, text=True, check=True)
    on_ray = subprocess.run(
        [*base, "--jobs", "2", "--backend", "ray"], capture_output=True, text=True, check=True
    )
    assert _without_time(on_ray.stdout.splitlines()) == _without_time(local.stdout.splitlines())
    assert "Traceback" not in on_ray.stderr


@pytest.mark.usefixtures("ray_cluster")
def test_the_how_to_page_s_code_runs(capsys: pytest.CaptureFixture[str]) -> None:
    page = ROOT / "docs" / "howto" / "cluster.md"
    (code,) = re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)
    names: dict[str, Any] = {}
    exec(compile(code, str(page), "exec"), names)
    assert names["result"] == tournament(
        "classic", ["rule-of-thumb", "random", "random"], games=10, jobs=2
    )
    assert capsys.readouterr().out.startswith("round robin of 3 players, 10 games a pair")
