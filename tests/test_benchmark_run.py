"""The engine benchmark (``benchmarks/run.py``) runs for the presets of three and four
seats and reports each of them: a short run, two deals per preset."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from scripts import load_script

from bezique.cards import FACES, Suit
from bezique.laws.tricks import beats, playable
from bezique.laws.zones import deck_tables

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


ENGINES = Path(__file__).parents[1] / "benchmarks" / "engines.py"


def test_the_engine_comparison_measures_whole_classic_deals() -> None:
    """``benchmarks/engines.py``: a short measurement of the bezique build loaded, in
    decisions (dealing apart), and the comparison of the builds (OpenSpiel only where
    it is installed) with the search's figures."""
    out = subprocess.run(
        [sys.executable, str(ENGINES), "--seconds", "0.2", "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    figures = json.loads(out)
    assert "bezique" in str(figures["engine"])
    # Whole deals: 64 cards played in 32 tricks and the 24 draws that end the stock
    # tricks' winners' turns, at least 88 decisions each.
    assert int(figures["deals"]) >= 1
    assert int(figures["decisions"]) >= 88 * int(figures["deals"])
    assert 0 < float(figures["us_per_decision"]) < 10_000
    assert 0 < float(figures["deal_us"]) < 1_000_000
    assert float(figures["deals_per_s"]) > 0
    compared = subprocess.run(
        [sys.executable, str(ENGINES), "--compare", "--rounds", "1", "--seconds", "0.1"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "pure / installed:" in compared
    assert compared.count("[bezique") >= 2
    assert compared.count("decisions/s") >= 2
    assert compared.count("play_out") >= 2
    assert "pure / bare:" in compared
    assert "installed / bare:" in compared
    assert compared.count("; moves ") >= 2


def test_a_count_measures_the_same_work_each_run() -> None:
    """``--count N``: exactly N deals (or the search's decisions, or playouts), the same
    decisions on every run, as an instruction count needs."""

    def run(*args: str) -> dict[str, float | str]:
        out = subprocess.run(
            [sys.executable, str(ENGINES), *args, "--count", "2", "--json"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        figures: dict[str, float | str] = json.loads(out)
        return figures

    first, second = run("--seed", "3"), run("--seed", "3")
    assert first["deals"] == second["deals"] == 2
    assert first["decisions"] == second["decisions"]
    assert run("--engine", "playout")["playouts"] == 2
    searched = run("--engine", "search")
    assert searched["decisions"] == 2
    assert searched["moves"] == run("--engine", "search")["moves"]
    assert str(searched["moves"]).startswith("2:")
    assert run("--engine", "bare")["deals"] == 2
    refused = subprocess.run(
        [sys.executable, str(ENGINES), "--count", "0"], capture_output=True, text=True
    )
    assert refused.returncode == 2
    assert "--count: at least 1" in refused.stderr


POSITIONS = Path(__file__).parents[1] / "benchmarks" / "read_positions.py"


def test_the_position_measure_reads_back_every_position_of_its_deals() -> None:
    """``benchmarks/read_positions.py``: every position of one marjolet deal read back with
    tricks that replay, counted in its row and in the total."""
    out = subprocess.run(
        [sys.executable, str(POSITIONS), "--presets", "marjolet", "--deals", "1", "--dealers", "0"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line[:1].isalpha()}
    positions, found, fell_back, gave_up, impossible = map(int, rows["marjolet"][1:6])
    # Sixteen tricks, and the winners' turns between them.
    assert positions > 16
    assert (found, fell_back, gave_up, impossible) == (positions, 0, 0, 0)
    assert rows["all"][1:6] == rows["marjolet"][1:6]


def test_the_bare_playout_plays_the_tricks_of_the_classic_game() -> None:
    """The floor ``benchmarks/engines.py --engine bare`` measures the engine against is
    the two-hand game's tricks (S000 laws 4, 6 and 9): which card takes a trick is the
    laws' ``beats``, the duties of the end phase are the laws' ``playable``, and every
    deal plays its 64 cards for 170 points (16 brisques and the last trick)."""
    engines = load_script("benchmarks/engines.py", "engines_bare")
    tables = deck_tables(2)
    for trump in Suit:
        for card in range(64):
            for best in range(64):
                assert engines._takes(card, best, int(trump)) == beats(
                    FACES[card & 31], FACES[best & 31], trump, False
                )
    rng = random.Random(5)
    for _ in range(2000):
        cards = rng.sample(range(64), 9)
        held, lead, trump = cards[:8], cards[8], rng.choice(list(Suit))
        allowed = engines._duties(held, lead, int(trump))
        mask = playable(sum(1 << c for c in held), [lead], trump, True, tables)
        assert sorted(allowed) == [c for c in range(64) if mask >> c & 1]
    for seed in range(20):
        plays, _, scores = engines._bare_deal(random.Random(seed))
        assert plays == 64
        assert sum(scores) == 170
