"""Classic random playouts against OpenSpiel's C++ games, driven by the same Python loop.

Each engine plays whole random games: at every step the legal actions are listed
and one is chosen uniformly with a seeded ``random.Random``, then applied (for
OpenSpiel, chance nodes draw an outcome by its probability the same way). The
figure is CPU microseconds per action (``time.process_time``, so that other work on a
shared machine counts less; chance outcomes included for OpenSpiel, as the deal is one
step of bezique's) and actions per second.

``--compare`` runs, in turn and ``--rounds`` times, one process per engine: the
pure-Python bezique engine (``PYTHONPATH=src``, whatever is installed), the
installed bezique (the accelerated build in the ``bench-engines`` nox session) and
OpenSpiel's ``hearts`` and ``skat`` when ``pyspiel`` can be imported; it prints each
engine's median and the ratios to the pure engine and to ``hearts``. It then times the
Monte Carlo player's playouts per second of its own decisions (``--engine search``:
20 iterations, at seat 0 of classic deals against the rule-of-thumb player) under each
bezique build. ``--baseline SRC`` adds the source tree of an earlier revision to both
comparisons::

    nox -s bench-engines                        # builds the compiled wheel first
    python benchmarks/engines.py --engine bezique --seconds 2
    python benchmarks/engines.py --which        # which bezique build is loaded
    python benchmarks/engines.py --compare --baseline ../old/src
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def bezique_playouts(seconds: float, seed: int) -> tuple[int, float]:
    """Random classic deals for about ``seconds``: (actions, seconds taken)."""
    import bezique as bz

    rules = bz.variants.CLASSIC
    actions = 0
    start = time.process_time()
    deal = 0
    while time.process_time() - start < seconds:
        rng = random.Random(seed * 1_000_003 + deal)
        state = bz.new_deal(rules, seed=seed * 1_000_003 + deal)
        while not state.is_over:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        deal += 1
    return actions, time.process_time() - start


def search_playouts(seconds: float, seed: int) -> tuple[int, float]:
    """The Monte Carlo player (20 iterations, its defaults) at seat 0 of classic deals
    against the rule-of-thumb player, for about ``seconds`` of its own decisions:
    (playouts, seconds taken by its decisions)."""
    import bezique as bz
    from bezique.players import MonteCarloPlayer, RuleOfThumbPlayer

    rules = bz.variants.CLASSIC
    playouts = 0
    taken = 0.0
    deal = 0
    clock = time.process_time
    while taken < seconds:
        search = MonteCarloPlayer(20, seed=seed * 1_000_003 + deal)
        other = RuleOfThumbPlayer()
        state = bz.new_deal(rules, seed=seed * 1_000_003 + deal)
        while not state.is_over and taken < seconds:
            mover = state.current_player
            view = state.view(mover if mover is not None else 0)
            if mover == 0:
                start = clock()
                action = search.choose(view)
                taken += clock() - start
                playouts += search.last_playouts
            else:
                action = other.choose(view)
            state = state.apply(action)
        deal += 1
    return playouts, taken


def openspiel_playouts(name: str, seconds: float, seed: int) -> tuple[int, float]:
    """Random games of OpenSpiel's ``name`` for about ``seconds``: (actions, seconds)."""
    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    game = pyspiel.load_game(name)
    actions = 0
    start = time.process_time()
    played = 0
    while time.process_time() - start < seconds:
        rng = random.Random(seed * 1_000_003 + played)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        played += 1
    return actions, time.process_time() - start


def which() -> str:
    import bezique
    import bezique.engine

    build = "accelerated (mypyc)" if bezique.engine.accelerated() else "pure Python"
    return f"bezique {bezique.__version__} from {Path(bezique.__file__).parent}: {build}"


def measure(engine: str, seconds: float, seed: int) -> dict[str, float | str]:
    if engine == "bezique":
        actions, taken = bezique_playouts(seconds, seed)
        label = which()
    elif engine == "search":
        playouts, taken = search_playouts(seconds, seed)
        return {"engine": which(), "playouts": playouts, "playouts_per_s": playouts / taken}
    else:
        actions, taken = openspiel_playouts(engine, seconds, seed)
        label = f"OpenSpiel {engine}"
    return {"engine": label, "actions": actions, "us_per_action": taken / actions * 1e6}


def has_pyspiel() -> bool:
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    except ImportError:
        return False
    return True


def _run(args: list[str], env: dict[str, str], seconds: float, seed: int) -> dict[str, object]:
    command = [sys.executable, __file__, *args, "--seconds", str(seconds)]
    command += ["--seed", str(seed), "--json"]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    result: dict[str, object] = json.loads(out.stdout)
    return result


def compare(rounds: int, seconds: float, seed: int, baseline: str | None) -> None:
    """One process per engine and round, in turn, so that drift hits them alike."""
    pure_env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    builds: list[tuple[str, dict[str, str]]] = [("pure", pure_env), ("installed", dict(os.environ))]
    if baseline is not None:
        # Another source tree (an earlier revision, say), run as the pure engine is.
        builds.insert(0, ("baseline", {**os.environ, "PYTHONPATH": baseline}))
    engines: list[tuple[str, list[str], dict[str, str]]] = [
        (name, ["--engine", "bezique"], env) for name, env in builds
    ]
    if has_pyspiel():
        engines += [(name, ["--engine", name], dict(os.environ)) for name in ("hearts", "skat")]
    else:
        print("OpenSpiel (pyspiel) is not installed: comparing the bezique builds only")
    searches = [(name, ["--engine", "search"], env) for name, env in builds]
    figures: dict[str, list[float]] = {name: [] for name, _, _ in engines}
    searched: dict[str, list[float]] = {name: [] for name, _, _ in searches}
    labels: dict[str, str] = {}
    for _ in range(rounds):
        for name, args, env in engines:
            result = _run(args, env, seconds, seed)
            labels[name] = str(result["engine"])
            figures[name].append(float(str(result["us_per_action"])))
        for name, args, env in searches:
            result = _run(args, env, seconds, seed)
            searched[name].append(float(str(result["playouts_per_s"])))
    print(f"Python {sys.version.split()[0]}; {rounds} rounds of {seconds} s per engine; median:")
    medians = {name: statistics.median(values) for name, values in figures.items()}
    for name, value in medians.items():
        spread = f"{min(figures[name]):.2f}-{max(figures[name]):.2f}"
        print(
            f"  {name:10} {value:6.2f} us/action ({spread}), {1e6 / value:9.0f} actions/s"
            f"  [{labels[name]}]"
        )
    print("ratios (higher: the first is faster):")
    if baseline is not None:
        print(f"  baseline / pure: {medians['baseline'] / medians['pure']:.2f}")
        print(f"  baseline / installed: {medians['baseline'] / medians['installed']:.2f}")
    print(f"  pure / installed: {medians['pure'] / medians['installed']:.2f}")
    for other in ("hearts", "skat"):
        if other in medians:
            for name in ("pure", "installed"):
                print(f"  {other} / {name}: {medians[other] / medians[name]:.2f}")
    print("the Monte Carlo player's playouts per second of its own decisions (median):")
    rates = {name: statistics.median(values) for name, values in searched.items()}
    for name, value in rates.items():
        spread = f"{min(searched[name]):.0f}-{max(searched[name]):.0f}"
        print(f"  {name:10} {value:7.0f} playouts/s ({spread})")
    print("ratios (higher: the first is faster):")
    for name in ("pure", "installed"):
        for slower in ("baseline", "pure"):
            if slower in rates and slower != name:
                print(f"  {name} / {slower}: {rates[name] / rates[slower]:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--engine",
        default="bezique",
        help="bezique, search (the Monte Carlo player's playouts), or an OpenSpiel game",
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of --compare")
    parser.add_argument("--compare", action="store_true", help="every engine, in turn")
    parser.add_argument("--which", action="store_true", help="print the bezique build loaded")
    parser.add_argument(
        "--baseline",
        metavar="SRC",
        help="with --compare: another source tree (the src/ of an earlier revision) to time too",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.which:
        print(which())
        return 0
    if args.compare:
        compare(args.rounds, args.seconds, args.seed, args.baseline)
        return 0
    result = measure(args.engine, args.seconds, args.seed)
    if args.json:
        print(json.dumps(result))
    elif "playouts_per_s" in result:
        print(f"{result['engine']}: {result['playouts_per_s']:.0f} playouts/s")
    else:
        print(
            f"{result['engine']}: {result['us_per_action']:.2f} us/action over "
            f"{result['actions']} actions"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
