"""Classic deals against OpenSpiel's C++ games, driven by the same Python loop, in
honest units.

A *decision* is an action taken by a player: every action applied at a player's turn,
whether it had a choice or not (a bezique winner's turn with nothing to declare is a
decision: its draw), and never a chance outcome. Dealing is timed apart: bezique's
``new_deal`` and, in OpenSpiel, the chance nodes before the first player's turn (the
deal, card by card, and hearts' passing direction). Bezique's draws from the stock are
made inside the ``Draw`` decision that ends the winner's turn; OpenSpiel's hearts and
skat have no chance node after the deal (the figures count any, ``late_chance``, and
time them with the decisions).

For random play each engine plays whole deals: at every decision the legal actions are
listed and one is chosen uniformly with a seeded ``random.Random``, then applied
(OpenSpiel's chance nodes draw an outcome by its probability the same way). The figures
are CPU time (``time.process_time``, so that other work on a shared machine counts
less): microseconds per decision, microseconds of dealing per deal, and whole deals per
second (dealing included).

``--count N`` replaces the time by a fixed amount of work (N deals, N of the search's
decisions, N playouts), the same on every run: what an instruction count (``valgrind
--tool=callgrind``) needs to compare two builds or revisions repeatably.

``--compare`` runs, in turn and ``--rounds`` times, one process per engine: the
pure-Python bezique engine (``PYTHONPATH=src``, whatever is installed), the installed
bezique (the accelerated build in the ``bench-engines`` nox session) and OpenSpiel's
``hearts`` and ``skat`` when ``pyspiel`` can be imported; it prints each engine's
medians and the ratios. Under each bezique build it then times the search: the Monte
Carlo player's decisions and playouts per second of its own decisions (``--engine
search``: 20 iterations, at seat 0 of classic deals against the rule-of-thumb player),
and the fast policy's whole playouts per second (``--engine playout``:
:func:`bezique.players.playout.play_out` from new classic deals, dealt before the clock
starts), beside random hearts games per second. The Monte Carlo player's first 40
moves are hashed (``moves``), so that builds and revisions are compared at equal
choices. ``--engine bare`` plays the floor the engine is held against: the same
random classic deals reduced to their tricks, on plain integers, with no meld, no
check and no state object (:func:`_bare_deal`); ``--compare`` runs it too and gives
each build's whole deals a second over its. ``--baseline SRC`` adds the source tree
of an earlier revision to every comparison::

    nox -s bench-engines                        # builds the compiled wheel first
    python benchmarks/engines.py --engine bezique --seconds 2
    python benchmarks/engines.py --which        # which bezique build is loaded
    valgrind --tool=callgrind python benchmarks/engines.py --engine playout --count 20
    python benchmarks/engines.py --compare --baseline ../old/src

``--instructions`` makes those counts itself, in one run, for the pure sources, the
installed build and the builds installed in other environments, named by their
interpreters (``--count`` deals or playouts, 20 by default)::

    python benchmarks/engines.py --instructions ../other-env/bin/python --count 20
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The figures of one measurement, by name (the engine's label is a string).
Figures = dict[str, float | str]


class Budget:
    """How much to measure: about ``seconds`` of CPU time, or with ``count`` exactly
    that many units of work (deals, decisions or playouts) whatever they take."""

    def __init__(self, seconds: float, count: int | None = None) -> None:
        self.seconds = seconds
        self.count = count

    def more(self, done: int, taken: float) -> bool:
        """Whether to go on, after ``done`` units in ``taken`` seconds."""
        return done < self.count if self.count is not None else taken < self.seconds


def _rates(deals: int, decisions: int, dealing: float, deciding: float) -> Figures:
    """Per decision, per deal and per second, from the counts and CPU seconds."""
    return {
        "deals": deals,
        "decisions": decisions,
        "us_per_decision": deciding / decisions * 1e6,
        "deal_us": dealing / deals * 1e6,
        "deals_per_s": deals / (dealing + deciding),
    }


def bezique_deals(budget: Budget, seed: int) -> Figures:
    """Random classic deals for the ``budget``."""
    import bezique as bz

    rules = bz.variants.CLASSIC
    clock = time.process_time
    deals = decisions = 0
    dealing = deciding = 0.0
    while budget.more(deals, dealing + deciding):
        number = seed * 1_000_003 + deals
        rng = random.Random(number)
        start = clock()
        state = bz.new_deal(rules, seed=number)
        dealt = clock()
        while not state.is_over:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        done = clock()
        dealing += dealt - start
        deciding += done - dealt
        deals += 1
    return _rates(deals, decisions, dealing, deciding)


def _takes(card: int, best: int, trump: int) -> bool:
    """Whether card id ``card``, played after ``best``, takes the trick: a trump beats
    any other suit, within a suit the higher rank wins, of two equal cards the first.
    A card id's rank in trick order is ``id & 7`` (seven low, ace high), its suit
    ``id >> 3 & 3`` (``bezique.cards``)."""
    suit, best_suit = card >> 3 & 3, best >> 3 & 3
    if suit == best_suit:
        return card & 7 > best & 7
    return suit == trump


def _duties(held: list[int], lead: int, trump: int) -> list[int]:
    """The cards of ``held`` that may answer ``lead`` once the stock is out: one of the
    suit led that wins if any, else one of the suit led; void in it, a trump; else
    any card."""
    suit = lead >> 3 & 3
    suited = [c for c in held if c >> 3 & 3 == suit]
    if suited:
        return [c for c in suited if c & 7 > lead & 7] or suited
    return [c for c in held if c >> 3 & 3 == trump] or held


def _bare_deal(rng: random.Random) -> tuple[int, float, list[int]]:
    """One random deal of two-hand Bezique's tricks alone, on plain integers, and the
    seconds its dealing took: 64 card ids shuffled, eight cards each, the turn-up's
    suit trumps; while the stock lasts any card may be played and the trick's winner
    draws first, the turn-up last; then the last eight tricks with the duties to
    follow suit and win, or to trump; 10 for each ace and ten won and for the last
    trick. No meld, no seven of trumps, no exchange, no check: the floor that the
    engine's work is measured against. Returns the plays, the seconds of dealing and
    the two seats' points."""
    clock = time.process_time
    start = clock()
    deck = list(range(64))
    rng.shuffle(deck)
    hands = [deck[0:16:2], deck[1:16:2]]
    turn_up = deck[16]
    trump = turn_up >> 3 & 3
    stock = [*deck[17:], turn_up]
    dealing = clock() - start
    scores = [0, 0]
    leader = plays = 0
    while hands[0]:
        leading, following = hands[leader], hands[1 - leader]
        lead = leading.pop(rng.randrange(len(leading)))
        legal = _duties(following, lead, trump) if not stock else following
        card = legal[rng.randrange(len(legal))]
        following.remove(card)
        plays += 2
        winner = 1 - leader if _takes(card, lead, trump) else leader
        scores[winner] += 10 * ((lead & 7 >= 6) + (card & 7 >= 6))
        if stock:
            hands[winner].append(stock.pop(0))
            hands[1 - winner].append(stock.pop(0))
        elif not hands[0]:
            scores[winner] += 10
        leader = winner
    return plays, dealing, scores


def bare_deals(budget: Budget, seed: int) -> Figures:
    """Random deals of the bare integer playout (:func:`_bare_deal`) for the
    ``budget``; its decisions are the plays."""
    clock = time.process_time
    deals = decisions = 0
    dealing = taken = 0.0
    while budget.more(deals, taken):
        rng = random.Random(seed * 1_000_003 + deals)
        start = clock()
        plays, dealt, _ = _bare_deal(rng)
        taken += clock() - start
        dealing += dealt
        decisions += plays
        deals += 1
    return _rates(deals, decisions, dealing, taken - dealing)


def openspiel_deals(name: str, budget: Budget, seed: int) -> Figures:
    """Random games of OpenSpiel's ``name`` for the ``budget``."""
    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    game = pyspiel.load_game(name)
    clock = time.process_time
    deals = decisions = late_chance = 0
    dealing = deciding = 0.0
    while budget.more(deals, dealing + deciding):
        rng = random.Random(seed * 1_000_003 + deals)
        start = clock()
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        dealt = clock()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                late_chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        done = clock()
        dealing += dealt - start
        deciding += done - dealt
        deals += 1
    return {**_rates(deals, decisions, dealing, deciding), "late_chance": late_chance}


#: How many of the Monte Carlo player's first decisions the hash of its moves reads
#: (:func:`search_decisions`): fewer than a pure build makes in a second.
HASHED_MOVES = 40


def search_decisions(budget: Budget, seed: int) -> Figures:
    """The Monte Carlo player (20 iterations, its defaults) at seat 0 of classic deals
    against the rule-of-thumb player, for the ``budget`` of its own decisions: its
    decisions and playouts per second of them."""
    import bezique as bz
    from bezique.players import MonteCarloPlayer, RuleOfThumbPlayer

    rules = bz.variants.CLASSIC
    playouts = decisions = 0
    taken = 0.0
    deal = 0
    clock = time.process_time
    # The player's first choices, so that two builds or revisions are compared at
    # equal choices: the same hash, the same moves.
    moves = hashlib.sha256()
    hashed = 0
    while budget.more(decisions, taken):
        search = MonteCarloPlayer(20, seed=seed * 1_000_003 + deal)
        other = RuleOfThumbPlayer()
        state = bz.new_deal(rules, seed=seed * 1_000_003 + deal)
        while not state.is_over and budget.more(decisions, taken):
            mover = state.current_player
            view = state.view(mover if mover is not None else 0)
            if mover == 0:
                start = clock()
                action = search.choose(view)
                taken += clock() - start
                playouts += search.last_playouts
                decisions += 1
                if hashed < HASHED_MOVES:
                    moves.update(f"{action}\n".encode())
                    hashed += 1
            else:
                action = other.choose(view)
            state = state.apply(action)
        deal += 1
    return {
        "decisions": decisions,
        "decisions_per_s": decisions / taken,
        "playouts": playouts,
        "playouts_per_s": playouts / taken,
        "moves": f"{hashed}:{moves.hexdigest()[:16]}",
    }


def fast_playouts(budget: Budget, seed: int) -> Figures:
    """Whole classic deals played out by the fast policy
    (:func:`bezique.players.playout.play_out`) from their start, each dealt before the
    clock starts, for the ``budget``: playouts per second."""
    import bezique as bz
    from bezique.players.playout import play_out
    from bezique.players.rollout import FastPolicy

    rules = bz.variants.CLASSIC
    policy = FastPolicy()
    clock = time.process_time
    playouts = 0
    taken = 0.0
    while budget.more(playouts, taken):
        state = bz.new_deal(rules, seed=seed * 1_000_003 + playouts)
        start = clock()
        play_out(state, policy=policy)
        taken += clock() - start
        playouts += 1
    return {"playouts": playouts, "playouts_per_s": playouts / taken}


def which() -> str:
    import bezique
    import bezique.engine

    build = "accelerated (mypyc)" if bezique.engine.accelerated() else "pure Python"
    return f"bezique {bezique.__version__} from {Path(bezique.__file__).parent}: {build}"


def measure(engine: str, budget: Budget, seed: int) -> Figures:
    if engine == "bezique":
        return {"engine": which(), **bezique_deals(budget, seed)}
    if engine == "search":
        return {"engine": which(), **search_decisions(budget, seed)}
    if engine == "playout":
        return {"engine": which(), **fast_playouts(budget, seed)}
    if engine == "bare":
        return {"engine": "bare integer playout (tricks alone)", **bare_deals(budget, seed)}
    return {"engine": f"OpenSpiel {engine}", **openspiel_deals(engine, budget, seed)}


def has_pyspiel() -> bool:
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    except ImportError:
        return False
    return True


def _run(args: list[str], env: dict[str, str], seconds: float, seed: int) -> Figures:
    command = [sys.executable, __file__, *args, "--seconds", str(seconds)]
    command += ["--seed", str(seed), "--json"]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    result: Figures = json.loads(out.stdout)
    return result


def _median(runs: list[Figures], key: str) -> float:
    return statistics.median(float(run[key]) for run in runs)


def _spread(runs: list[Figures], key: str, digits: int) -> str:
    values = [float(run[key]) for run in runs]
    return f"{min(values):.{digits}f}-{max(values):.{digits}f}"


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
    engines.append(("bare", ["--engine", "bare"], dict(os.environ)))
    if has_pyspiel():
        engines += [(name, ["--engine", name], dict(os.environ)) for name in ("hearts", "skat")]
    else:
        print("OpenSpiel (pyspiel) is not installed: comparing the bezique builds only")
    searches = [
        (name, kind, ["--engine", kind], env)
        for name, env in builds
        for kind in ("search", "playout")
    ]
    runs: dict[str, list[Figures]] = {name: [] for name, _, _ in engines}
    searched: dict[tuple[str, str], list[Figures]] = {
        (name, kind): [] for name, kind, _, _ in searches
    }
    for _ in range(rounds):
        for name, args, env in engines:
            runs[name].append(_run(args, env, seconds, seed))
        for name, kind, args, env in searches:
            searched[(name, kind)].append(_run(args, env, seconds, seed))
    print(f"Python {sys.version.split()[0]}; {rounds} rounds of {seconds} s per engine; medians")
    print("(a decision: an action taken by a player, chance outcomes apart; CPU time):")
    header = f"{'us/decision':>16} {'dealing us/deal':>16} {'deals/s':>8} {'decisions/deal':>14}"
    print(f"  {'':10} {header}")
    medians: dict[str, float] = {}
    for name, measured in runs.items():
        medians[name] = per = _median(measured, "us_per_decision")
        dealing = _median(measured, "deal_us")
        per_deal = _median(measured, "decisions") / _median(measured, "deals")
        print(
            f"  {name:10} {per:6.2f} ({_spread(measured, 'us_per_decision', 2):>9})"
            f" {dealing:16.1f} {_median(measured, 'deals_per_s'):8.0f} {per_deal:14.1f}"
            f"  [{measured[-1]['engine']}]"
        )
    print("ratios of us/decision (higher: the first is faster):")
    if baseline is not None:
        print(f"  baseline / pure: {medians['baseline'] / medians['pure']:.2f}")
        print(f"  baseline / installed: {medians['baseline'] / medians['installed']:.2f}")
    print(f"  pure / installed: {medians['pure'] / medians['installed']:.2f}")
    for other in ("hearts", "skat"):
        if other in medians:
            for name in ("pure", "installed"):
                print(f"  {other} / {name}: {medians[other] / medians[name]:.2f}")
    print("whole deals a second over the bare integer playout's (higher: the first is faster):")
    bare = _median(runs["bare"], "deals_per_s")
    for name, _ in builds:
        print(f"  {name} / bare: {_median(runs[name], 'deals_per_s') / bare:.3f}")
    print("the search (medians): the Monte Carlo player's decisions and playouts per second")
    print("of its own decisions, and the fast policy's whole classic playouts per second:")
    for name, _ in builds:
        search = searched[(name, "search")]
        playout = searched[(name, "playout")]
        print(
            f"  {name:10} {_median(search, 'decisions_per_s'):6.1f} decisions/s"
            f" {_median(search, 'playouts_per_s'):7.0f} playouts/s"
            f" ({_spread(search, 'playouts_per_s', 0)});"
            f" play_out {_median(playout, 'playouts_per_s'):6.0f} playouts/s"
            f" ({_spread(playout, 'playouts_per_s', 0)}); moves {search[-1]['moves']}"
        )
    hashes = {str(run["moves"]) for name, _ in builds for run in searched[(name, "search")]}
    print(
        "  the same moves in every build and round"
        if len(hashes) == 1
        else "  the moves differ between builds or rounds: their speeds are not at equal choices"
    )
    if "hearts" in runs:
        print(f"  random hearts games: {_median(runs['hearts'], 'deals_per_s'):.0f} games/s")
    for kind, key, what in (
        ("search", "decisions_per_s", "the Monte Carlo player's decisions/s"),
        ("playout", "playouts_per_s", "play_out playouts/s"),
    ):
        print(f"ratios of {what} (higher: the first is faster):")
        rates = {name: _median(searched[(name, kind)], key) for name, _ in builds}
        for name in ("pure", "installed"):
            for slower in ("baseline", "pure"):
                if slower in rates and slower != name:
                    print(f"  {name} / {slower}: {rates[name] / rates[slower]:.2f}")


#: What valgrind's callgrind prints of the instructions it counted.
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def _instructions(python: str, env: dict[str, str], engine: str, count: int, seed: int) -> int:
    """The instructions a process of ``python`` runs for ``count`` deals of ``engine``."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python]
    command += [__file__, "--engine", engine, "--count", str(count), "--seed", str(seed)]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    found = COLLECTED.search(out.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def count_instructions(engine: str, count: int, seed: int, pythons: list[str]) -> None:
    """Instructions per deal of each build, counted by valgrind's callgrind: the same
    count on every run, where CPU time varies with the machine's load. Each build runs
    ``count`` deals and one; the difference, divided by ``count - 1``, leaves out the
    start of the process, the imports and what the first deal alone sets up."""
    pure_env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    plain = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    builds = [("pure", sys.executable, pure_env), ("installed", sys.executable, plain)]
    builds += [(python, python, plain) for python in pythons]
    print(f"{engine}: instructions per classic deal ({count} deals, seed {seed}; callgrind):")
    counts: dict[str, float] = {}
    for name, python, env in builds:
        label = subprocess.run(
            [python, __file__, "--which"], env=env, check=True, capture_output=True, text=True
        ).stdout.strip()
        total = _instructions(python, env, engine, count, seed)
        counts[name] = (total - _instructions(python, env, engine, 1, seed)) / (count - 1)
        print(f"  {name:10} {counts[name] / 1e6:9.3f} M  [{label}]")
    print("ratios (higher: the second runs fewer instructions):")
    names = list(counts)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            print(f"  {first} / {second}: {counts[first] / counts[second]:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--engine",
        default="bezique",
        help="bezique, search (the Monte Carlo player), playout (the fast policy's "
        "play_out), bare (the bare integer playout of the tricks), or an OpenSpiel game",
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument(
        "--count",
        type=int,
        metavar="N",
        help="a fixed amount of work instead of --seconds: N deals, decisions or playouts",
    )
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
    parser.add_argument(
        "--instructions",
        nargs="*",
        metavar="PYTHON",
        help="count the instructions of --count deals (default 20) of --engine (bezique or "
        "playout) under valgrind's callgrind, for the pure sources, the installed build and "
        "the build installed for each PYTHON given (another environment's interpreter)",
    )
    args = parser.parse_args(argv)
    if args.which:
        print(which())
        return 0
    if args.instructions is not None:
        if args.count is not None and args.count < 2:
            parser.error("--count: at least 2 with --instructions")
        count_instructions(args.engine, args.count or 20, args.seed, args.instructions)
        return 0
    if args.compare:
        compare(args.rounds, args.seconds, args.seed, args.baseline)
        return 0
    if args.count is not None and args.count < 1:
        parser.error("--count: at least 1")
    result = measure(args.engine, Budget(args.seconds, args.count), args.seed)
    if args.json:
        print(json.dumps(result))
    elif "decisions_per_s" in result:
        print(
            f"{result['engine']}: {float(result['decisions_per_s']):.1f} decisions/s, "
            f"{float(result['playouts_per_s']):.0f} playouts/s"
        )
    elif "playouts_per_s" in result:
        print(f"{result['engine']}: {float(result['playouts_per_s']):.0f} playouts/s")
    else:
        print(
            f"{result['engine']}: {float(result['us_per_decision']):.2f} us/decision over "
            f"{result['decisions']} decisions, {float(result['deal_us']):.1f} us of dealing "
            f"per deal, {float(result['deals_per_s']):.0f} deals/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
