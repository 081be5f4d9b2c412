"""Simulations, matches and their statistics: many deals or games between players,
in parallel, with a summary.

* :func:`simulate` plays many deals between players and summarises them
  (:class:`Summary`, from integer :class:`Tally` sums).
* :func:`duel` plays a match of two players, A and B, over many games or deals,
  and reports A's win rate with its Wilson interval (:class:`DuelResult`).
* :func:`match` plays a match of one player per seat, or per side when seats play
  in partnerships, the seats rotating, and reports each player's win rate with its
  Wilson interval (:class:`MatchResult`).
* :func:`tournament` plays a round robin of named players, every pair a duel on the
  same cards, and reports the cross table and the standings
  (:class:`TournamentResult`).

Each runs on this machine (``jobs`` worker processes) or, with ``backend="ray"``, as
tasks of a Ray cluster (the ``ray`` extra; ``address`` names an existing cluster):
the result is the same either way for the same seed.

Every preset of :func:`bezique.variants.names` is served, Zetema's included (a
Zetema "deal" is one hand, :func:`bezique.variants.new_deal`): the games are
played through the one API of :class:`bezique.State`, and what differs from game
to game (what a finished deal counts for, a rule set's terms) is asked of its
:class:`~bezique.variants.Game`.

Players are named as :func:`bezique.variants.make_player` names them
(``random``, ``rule-of-thumb``, ``monte-carlo:iterations=200``, ...), or given as
functions that make a player from a seed (:data:`PlayerSpec`). Every player is
handed the view of its seat (``state.view(seat)``, a :class:`bezique.View`) and
nothing else.

Deal *i* of a simulation with seed *s* is dealt with ``variants.new_deal(rules,
seed=f"{s}/{i}", dealer=i % players)``, and the player in seat *k* of that deal
is made from the seed ``f"{s}/{i}/{k}"``. Each deal depends on nothing else, so
the deals can be split into chunks and played in worker processes; the chunks'
tallies are integer sums, combined in deal order, so the summary is the same
whatever the number of processes.

>>> summary = simulate("classic", deals=4, seed=1)
>>> summary.deals, len(summary.mean_scores)
(4, 2)
>>> summary == simulate("classic", deals=4, seed=1, jobs=2, chunk_size=1)
True

The ``bezique simulate``, ``bezique duel`` and ``bezique tournament`` commands run
these from the shell (``bezique duel`` plays a :func:`match` when it is given a
player per side).
"""

from __future__ import annotations

import contextlib
import logging
import math
import multiprocessing
import os
import signal
import statistics
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

import attrs

from bezique import variants
from bezique.errors import (
    BeziqueError,
    check_seed,
    require,
    require_extra,
    require_int,
    shown,
    wrong_type,
)
from bezique.players.reading import seat_margin
from bezique.records import DealResult, DeclaredMeld
from bezique.variants import AnyPlayer, AnyRules, DealFigures

__all__ = [
    "BACKENDS",
    "DuelResult",
    "MatchResult",
    "PlayerSpec",
    "Summary",
    "Tally",
    "TournamentResult",
    "duel",
    "duel_seats",
    "make_seat_player",
    "match",
    "match_sides",
    "mean_interval",
    "play_deals",
    "run_chunks",
    "seat_outcome",
    "simulate",
    "spec_name",
    "tournament",
    "wilson_interval",
]

#: A player for a simulation or a match; a built-in player's name (see
#: :func:`bezique.players.make_player`), or a function that makes a player from a
#: seed string (a module-level function or class when ``jobs`` is more than 1, so
#: that worker processes can receive it).
PlayerSpec = str | Callable[[str], AnyPlayer]

#: A progress report; items done, items in all, seconds since the start.
Progress = Callable[[int, int, float], None]
T = TypeVar("T")

#: Where the chunks of a run are played. ``local`` is this process or a pool of worker
#: processes of this machine; ``ray`` the tasks of a Ray cluster (the ``ray`` extra).
BACKENDS = ("local", "ray")


def make_seat_player(spec: PlayerSpec, seed: str, rules: AnyRules | None = None) -> AnyPlayer:
    """The player ``spec`` stands for, made from ``seed``: a built-in player of the
    game of ``rules`` (Bezique's when not given) by name, or ``spec(seed)``."""
    if not isinstance(spec, str):
        return spec(seed)
    return variants.make_player(variants.CLASSIC if rules is None else rules, spec, seed)


def _rules_of(variant: str | AnyRules, function: str) -> AnyRules:
    """The rules a ``variant`` argument names (a preset name or a rule set, of any
    game of the family)."""
    if isinstance(variant, str):
        return variants.get(variant)
    if not any(isinstance(variant, game.rules_type) for game in variants.games()):
        require(variant, str, function, "variant", "a preset name or a Rules")
    return variant


def _check_spec(spec: object, function: str, parameter: str, rules: AnyRules) -> None:
    """Refuse a player spec that is neither a name nor a function, then make one."""
    if not isinstance(spec, str) and not callable(spec):
        wrong_type(function, parameter, "a player name or a function of a seed", spec)
    make_seat_player(spec, "check", rules)


def _check_specs(specs: object, function: str) -> tuple[PlayerSpec, ...]:
    if isinstance(specs, (str, bytes, Mapping)) or not isinstance(specs, Iterable):
        wrong_type(function, "players", "a sequence of player names or functions", specs)
    kinds = tuple(specs)
    for kind in kinds:
        if not isinstance(kind, str) and not callable(kind):
            wrong_type(function, "players", "a sequence of player names or functions", kind)
    return kinds


#: The most deals or games one run plays. A billion is more than days of play, and a
#: count beyond it is a mistake to refuse at once, not a run to start (its chunks are
#: planned before the first deal).
MAX_RUN = 10**9
#: The most worker processes one run starts.
MAX_JOBS = 1024


def _check_backend(function: str, backend: object, address: object) -> None:
    if backend not in BACKENDS:
        raise BeziqueError(f"no backend {shown(backend)}; backends are: {', '.join(BACKENDS)}")
    if address is not None:
        if not isinstance(address, str):
            wrong_type(function, "address", "a Ray cluster's address (a str) or None", address)
        if backend != "ray":
            raise BeziqueError("an address names a Ray cluster: it goes with the ray backend")


def _check_run(function: str, count: tuple[str, object], seed: object, jobs: object) -> None:
    """The arguments every run takes: a positive count of deals or games, the seed,
    the number of worker processes."""
    name, value = count
    if not 1 <= require_int(value, function, name) <= MAX_RUN:
        raise BeziqueError(f"{name} must be from 1 to {MAX_RUN:,}, got {shown(value)}")
    if seed is None:
        wrong_type(function, "seed", "an int or a str", seed)
    check_seed(seed, function)
    if not 0 <= require_int(jobs, function, "jobs") <= MAX_JOBS:
        raise BeziqueError(f"jobs must be 0 (one per CPU) to {MAX_JOBS}, got {shown(jobs)}")


def spec_name(spec: PlayerSpec) -> str:
    """The name a player spec is reported under: the player name, or the function's."""
    return spec if isinstance(spec, str) else getattr(spec, "__name__", repr(spec))


def seat_outcome(scores: Sequence[int], seat: int) -> int:
    """``1`` if ``seat`` alone has the highest score, ``0`` if it shares it, else ``-1``
    (any number of seats)."""
    high = max(scores)
    if scores[seat] != high:
        return -1
    return 0 if scores.count(high) > 1 else 1


# -- simulations -------------------------------------------------------------------------

#: The fields of a :class:`Tally` that hold one count per seat.
_PER_SEAT = (
    "score_sum",
    "score_squares",
    "game_sum",
    "game_squares",
    "wins",
    "rubiconed",
    "carte_blanche",
)


@attrs.define
class Tally:
    """Integer sums over some deals, one entry per seat where the field is per seat;
    :meth:`add` combines two tallies exactly."""

    players: int
    deals: int = 0
    actions: int = 0
    score_sum: list[int] = attrs.Factory(list)
    score_squares: list[int] = attrs.Factory(list)
    game_sum: list[int] = attrs.Factory(list)
    game_squares: list[int] = attrs.Factory(list)
    #: Deals each seat won on the deal score (strictly highest).
    wins: list[int] = attrs.Factory(list)
    #: Deals with two or more seats sharing the highest deal score.
    ties: int = 0
    #: Deals in which each seat was left under the rubicon.
    rubiconed: list[int] = attrs.Factory(list)
    #: Declarations by meld kind (text form), every seat together.
    melds: dict[str, int] = attrs.Factory(dict)
    #: Carte blanches shown by each seat (each showing counts, repeats included).
    carte_blanche: list[int] = attrs.Factory(list)
    #: Deals with at least one carte blanche shown.
    carte_blanche_deals: int = 0

    def __attrs_post_init__(self) -> None:
        for name in _PER_SEAT:
            if not getattr(self, name):
                setattr(self, name, [0] * self.players)

    def record(
        self,
        result: DealResult,
        melds: Iterable[DeclaredMeld] = (),
        shown: Sequence[int] | None = None,
        actions: int = 0,
    ) -> None:
        """Count one finished Bezique deal: its result, its declarations, the carte
        blanches each seat showed and the actions it took."""
        n = self.players
        figures = DealFigures(
            scores=result.scores,
            game_scores=result.game_scores,
            rubiconed=result.rubiconed,
            side_scores=(),
            side_game_scores=(),
            declarations=tuple(meld.kind.value for meld in melds),
            carte_blanche=(0,) * n if shown is None else tuple(shown),
        )
        self.count(figures, actions)

    def count(self, figures: DealFigures, actions: int = 0) -> None:
        """Count one finished deal of any game, by its figures
        (:attr:`bezique.variants.Game.deal_figures`), and the actions it took."""
        n = self.players
        scores, shown = figures.scores, figures.carte_blanche
        if len(scores) != n or len(shown) != n:
            raise BeziqueError(f"a tally of {n} seats cannot count a deal of other seats")
        self.deals += 1
        self.actions += actions
        best = max(scores)
        leaders = [s for s in range(n) if scores[s] == best]
        if len(leaders) == 1:
            self.wins[leaders[0]] += 1
        else:
            self.ties += 1
        for s in range(n):
            self.score_sum[s] += scores[s]
            self.score_squares[s] += scores[s] ** 2
            self.game_sum[s] += figures.game_scores[s]
            self.game_squares[s] += figures.game_scores[s] ** 2
            self.rubiconed[s] += figures.rubiconed[s]
            self.carte_blanche[s] += shown[s]
        self.carte_blanche_deals += any(shown)
        for kind in figures.declarations:
            self.melds[kind] = self.melds.get(kind, 0) + 1

    def add(self, other: Tally) -> None:
        """Add the sums of ``other`` (tallies of later deals) to this one."""
        if other.players != self.players:
            raise BeziqueError(
                f"a tally of {self.players} seats cannot add one of {other.players} seats"
            )
        self.deals += other.deals
        self.actions += other.actions
        self.ties += other.ties
        self.carte_blanche_deals += other.carte_blanche_deals
        for name in _PER_SEAT:
            mine: list[int] = getattr(self, name)
            theirs: list[int] = getattr(other, name)
            for seat, value in enumerate(theirs):
                mine[seat] += value
        for kind, count in other.melds.items():
            self.melds[kind] = self.melds.get(kind, 0) + count


def _play_out(state: Any, players: Sequence[Any]) -> tuple[Any, list[tuple[int, Any]]]:
    """Play ``state`` (a deal or a game of any game) to its end, each player handed
    its seat's view and nothing else: the final state, and who took each action."""
    taken: list[tuple[int, Any]] = []
    while not state.is_over:
        seat = state.current_player
        if seat is None:  # pragma: no cover - a state not over has a player to move
            break
        action = players[seat].choose(state.view(seat))
        state = state.apply(action)
        taken.append((seat, action))
    return state, taken


def _deal_figures(rules: AnyRules, players: Sequence[Any], seed: str, dealer: int) -> DealFigures:
    """One deal (of Zetema, one hand) from ``seed``, played out, and its figures."""
    start = variants.new_deal(rules, seed=seed, dealer=dealer)
    final, taken = _play_out(start, players)
    return variants.game_of(rules).deal_figures(final, taken)


def play_deals(
    rules: AnyRules, kinds: Sequence[PlayerSpec], seed: int | str, start: int, stop: int
) -> Tally:
    """Play deals ``start`` to ``stop - 1`` of a run and tally them. Each player is
    handed its seat's view, ``state.view(seat)``."""
    n = rules.players
    tally = Tally(n)
    game = variants.game_of(rules)
    for index in range(start, stop):
        state = variants.new_deal(rules, seed=f"{seed}/{index}", dealer=index % n)
        players = [
            make_seat_player(kind, f"{seed}/{index}/{seat}", rules)
            for seat, kind in enumerate(kinds)
        ]
        final, taken = _play_out(state, players)
        tally.count(game.deal_figures(final, taken), len(taken))
    return tally


def _mean_sd(total: int, squares: int, count: int) -> tuple[float, float]:
    """Mean and sample standard deviation (n - 1) from exact integer sums."""
    mean = total / count
    if count < 2:
        return mean, 0.0
    variance = (squares - total * total / count) / (count - 1)
    return mean, math.sqrt(max(variance, 0.0))


@attrs.frozen
class Summary:
    """What :func:`simulate` reports. ``elapsed`` is left out of comparisons."""

    variant: str
    players: tuple[str, ...]
    seed: int | str
    deals: int
    mean_scores: tuple[float, ...]
    sd_scores: tuple[float, ...]
    win_rates: tuple[float, ...]
    tie_rate: float
    #: Mean and standard deviation of what a deal adds to the game total, when the
    #: rules score deals as games of their own (rubicon scoring); else ``None``.
    mean_game_scores: tuple[float, ...] | None
    sd_game_scores: tuple[float, ...] | None
    rubicon_rates: tuple[float, ...] | None
    #: Declarations per deal by meld kind (every seat together), in kind order.
    melds_per_deal: dict[str, float]
    #: Carte blanches shown per deal by each seat, and the share of deals with one;
    #: ``None`` when the rules have no carte blanche.
    carte_blanche_per_deal: tuple[float, ...] | None
    carte_blanche_deal_rate: float | None
    actions_per_deal: float
    elapsed: float = attrs.field(eq=False)
    jobs: int = attrs.field(eq=False, default=1)

    @classmethod
    def from_tally(
        cls,
        rules: AnyRules,
        kinds: Sequence[str],
        seed: int | str,
        tally: Tally,
        elapsed: float,
        jobs: int,
    ) -> Summary:
        n = tally.deals
        seats = range(tally.players)
        scores = [_mean_sd(tally.score_sum[s], tally.score_squares[s], n) for s in seats]
        games = [_mean_sd(tally.game_sum[s], tally.game_squares[s], n) for s in seats]
        terms = variants.game_of(rules).tally_terms(rules)
        rubicon = terms.rubicon
        has_carte_blanche = terms.carte_blanche
        order = {kind: i for i, kind in enumerate(terms.declarations)}
        return cls(
            variant=rules.name,
            players=tuple(kinds),
            seed=seed,
            deals=n,
            mean_scores=tuple(m for m, _ in scores),
            sd_scores=tuple(sd for _, sd in scores),
            win_rates=tuple(tally.wins[s] / n for s in seats),
            tie_rate=tally.ties / n,
            mean_game_scores=tuple(m for m, _ in games) if rubicon else None,
            sd_game_scores=tuple(sd for _, sd in games) if rubicon else None,
            rubicon_rates=tuple(tally.rubiconed[s] / n for s in seats) if rubicon else None,
            melds_per_deal={
                kind: tally.melds[kind] / n for kind in sorted(tally.melds, key=order.__getitem__)
            },
            carte_blanche_per_deal=(
                tuple(tally.carte_blanche[s] / n for s in seats) if has_carte_blanche else None
            ),
            carte_blanche_deal_rate=tally.carte_blanche_deals / n if has_carte_blanche else None,
            actions_per_deal=tally.actions / n,
            elapsed=elapsed,
            jobs=jobs,
        )

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data (the ``--json`` file)."""
        data = attrs.asdict(self)
        data["deals_per_second"] = self.deals / self.elapsed if self.elapsed > 0 else None
        return data

    def lines(self) -> Iterator[str]:
        """The summary as text, line by line."""
        seats = range(len(self.players))
        names = [f"seat {s} ({self.players[s]})" for s in seats]
        width = max(len(name) for name in names)
        rate = f", {self.deals / self.elapsed:,.0f} deals/s" if self.elapsed > 0 else ""
        yield (
            f"{self.deals} deals of {self.variant}, seed {self.seed}: "
            f"{self.elapsed:.1f} s with {self.jobs} process(es){rate}"
        )
        yield f"  {'':{width}}  {'mean':>9}  {'sd':>9}  {'wins':>7}"
        for s in seats:
            yield (
                f"  {names[s]:{width}}  {self.mean_scores[s]:9.1f}  {self.sd_scores[s]:9.1f}  "
                f"{self.win_rates[s]:7.1%}"
            )
        yield f"  ties (equal deal scores): {self.tie_rate:.1%}"
        if self.mean_game_scores is not None and self.sd_game_scores is not None:
            yield "  game score of a deal (rubicon scoring): mean (sd), rubiconed"
            for s in seats:
                rubiconed = f", {self.rubicon_rates[s]:.1%}" if self.rubicon_rates else ""
                yield (
                    f"  {names[s]:{width}}  {self.mean_game_scores[s]:9.1f} "
                    f"({self.sd_game_scores[s]:.1f}){rubiconed}"
                )
        yield f"  actions per deal: {self.actions_per_deal:.1f}"
        if self.carte_blanche_per_deal is not None and self.carte_blanche_deal_rate is not None:
            shown = ", ".join(
                f"seat {s} {v:.4f}" for s, v in enumerate(self.carte_blanche_per_deal)
            )
            yield (
                f"  carte blanche: in {self.carte_blanche_deal_rate:.2%} of deals; "
                f"shown per deal: {shown}"
            )
        total = sum(self.melds_per_deal.values())
        yield f"  declarations per deal: {total:.2f}"
        for kind, per_deal in self.melds_per_deal.items():
            yield f"    {kind:22} {per_deal:8.4f}"


#: Whether this platform can hold signals back (POSIX), so that no Ctrl-C lands
#: between a worker's start and its ignoring Ctrl-C.
_CAN_HOLD = hasattr(signal, "pthread_sigmask")


#: How often, in seconds, a worker looks whether the process that started it is gone.
_PARENT_POLL = 0.5


def _start_worker(parent: int) -> None:
    """In a worker, before any chunk: leave Ctrl-C to the parent process, which stops
    the pool, and end when the parent is gone.

    A worker starts with Ctrl-C held back (:func:`_interrupts_held`); ignoring it
    drops one that came meanwhile, and only then is it let through. A parent killed
    outright (SIGKILL) cannot stop its pool, and its workers would otherwise run on
    for ever, waiting for chunks that never come: a thread of the worker watches
    for the parent's end and ends the worker then."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _CAN_HOLD:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    threading.Thread(
        target=_end_with_parent, args=(parent,), name="bezique-parent-watch", daemon=True
    ).start()


def _end_with_parent(parent: int) -> None:
    # An orphan is adopted by another process, so its parent's id changes.
    while os.getppid() == parent:
        time.sleep(_PARENT_POLL)
    os._exit(1)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back while the block runs, then deliver it: around starting the
    worker processes (they inherit the held signal, so none is interrupted before
    it ignores Ctrl-C) and around stopping them (so that a second Ctrl-C cannot
    leave one running). A Ctrl-C that came meanwhile is raised on leaving."""
    if not _CAN_HOLD:
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _stop(pool: ProcessPoolExecutor, others: set[multiprocessing.process.BaseProcess]) -> None:
    """Stop the pool's workers now, dropping the chunks not started, and wait for them
    to be gone."""
    pool.shutdown(wait=False, cancel_futures=True)
    workers = set(multiprocessing.active_children()) - others
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(5)
        if worker.is_alive():  # pragma: no cover - a worker ignoring SIGTERM
            worker.kill()
            worker.join()
    # The workers gone, the pool's manager thread ends; wait for it here, so that it is
    # not still closing its wake-up pipe when the interpreter's exit hook writes to it
    # (CPython 3.11 then prints an "Exception ignored ... Bad file descriptor" traceback).
    pool.shutdown(wait=True)


def _play_games(
    work: Callable[..., list[T]],
    args: tuple[Any, ...],
    games: int,
    jobs: int,
    progress: Progress | None,
    backend: str,
    address: str | None,
) -> tuple[list[T], float, int]:
    """``work(*args, start, stop)`` over the games ``0`` to ``games - 1``, in chunks
    (:func:`run_chunks`): each game's outcome in game order, the seconds taken, and
    the number of workers (``jobs``, ``0`` for one per CPU).

    A game can take long (a whole game to its target, a searching player), so a chunk
    holds at most ten: about four chunks a worker, the work shared evenly and progress
    reported often."""
    workers = jobs or os.cpu_count() or 1
    size = max(1, min(10, games // (workers * 4) or 1))
    started = time.perf_counter()
    outcomes = run_chunks(
        work, args, _chunks(games, size), workers, progress, backend=backend, address=address
    )
    return [o for chunk in outcomes for o in chunk], time.perf_counter() - started, workers


def _chunks(count: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(start + size, count)) for start in range(0, count, size)]


def run_chunks(
    work: Callable[..., T],
    args: tuple[Any, ...],
    chunks: Sequence[tuple[int, int]],
    workers: int,
    progress: Progress | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
) -> list[T]:
    """``work(*args, start, stop)`` for each chunk, results in chunk order.

    With one worker the chunks run in this process; otherwise in a pool of worker
    processes, and ``work`` and ``args`` must pickle. With ``backend="ray"`` they run
    as Ray tasks instead (:func:`_run_on_ray`). ``progress(done, total, elapsed)`` is
    called here as chunks finish (``done`` and ``total`` count the items of the
    chunks). On Ctrl-C or a failed chunk the chunks not started are dropped and the
    workers stopped rather than waited for.
    """
    _check_backend("run_chunks()", backend, address)
    if backend == "ray":
        return _run_on_ray(work, args, chunks, workers, progress, address)
    total = sum(stop - start for start, stop in chunks)
    results: list[T | None] = [None] * len(chunks)
    started = time.perf_counter()
    done = 0
    if workers == 1:
        for k, (start, stop) in enumerate(chunks):
            results[k] = work(*args, start, stop)
            done += stop - start
            if progress is not None:
                progress(done, total, time.perf_counter() - started)
    else:
        others = set(multiprocessing.active_children())
        pool: ProcessPoolExecutor | None = None
        try:
            with _interrupts_held():
                pool = ProcessPoolExecutor(
                    max_workers=min(workers, len(chunks)),
                    initializer=_start_worker,
                    initargs=(os.getpid(),),
                )
                # The first submit starts every worker (with Ctrl-C held back).
                futures: dict[Future[T], int] = {
                    pool.submit(work, *args, start, stop): k
                    for k, (start, stop) in enumerate(chunks)
                }
            for future in as_completed(futures):
                k = futures[future]
                results[k] = future.result()
                start, stop = chunks[k]
                done += stop - start
                if progress is not None:
                    progress(done, total, time.perf_counter() - started)
            pool.shutdown()
        except BaseException:
            with _interrupts_held():
                if pool is not None:
                    _stop(pool, others)
            raise
    finished = [r for r in results if r is not None]
    if len(finished) != len(chunks):  # pragma: no cover - every chunk reports or raises
        raise BeziqueError("a chunk did not finish")
    return finished


def _run_on_ray(
    work: Callable[..., T],
    args: tuple[Any, ...],
    chunks: Sequence[tuple[int, int]],
    workers: int,
    progress: Progress | None,
    address: str | None,
) -> list[T]:
    """The chunks as tasks of a Ray cluster, results in chunk order.

    A cluster already joined (``ray.init`` called by the program) is used and left
    running; otherwise this joins the one at ``address`` (``"auto"``,
    ``"ray://head:10001"``), or with no address starts one on this machine with
    ``workers`` CPUs, and leaves it when the run ends. Every node must have
    ``bezique`` installed. The arguments are stored in the cluster once, not sent
    with every task."""
    ray = require_extra("ray", "ray")
    joined = not ray.is_initialized()
    if joined:
        options: dict[str, Any] = {
            "address": address,
            "include_dashboard": False,
            "logging_level": logging.ERROR,
            "log_to_driver": False,
        }
        if address is None:
            options["num_cpus"] = workers
        ray.init(**options)
    pending: list[Any] = []
    try:
        task = ray.remote(num_cpus=1)(work)
        stored = [ray.put(arg) for arg in args]
        index = {task.remote(*stored, start, stop): k for k, (start, stop) in enumerate(chunks)}
        pending = list(index)
        total = sum(stop - start for start, stop in chunks)
        results: list[T | None] = [None] * len(chunks)
        started = time.perf_counter()
        done = 0
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                k = index[ref]
                results[k] = ray.get(ref)
                start, stop = chunks[k]
                done += stop - start
                if progress is not None:
                    progress(done, total, time.perf_counter() - started)
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if joined:
            ray.shutdown()
    finished = [r for r in results if r is not None]
    if len(finished) != len(chunks):  # pragma: no cover - every task reports or raises
        raise BeziqueError("a chunk did not finish")
    return finished


def simulate(
    variant: str | AnyRules = "classic",
    *,
    deals: int,
    seed: int | str = 1,
    players: Sequence[PlayerSpec] = ("random", "random"),
    jobs: int = 1,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Summary:
    """Play ``deals`` deals between players and summarise them.

    ``variant`` is a preset name or a rule set, of any game of the family (a Zetema
    "deal" is one hand); ``players`` gives a
    player per seat: a name (see :func:`bezique.variants.make_player`) or a function
    that makes one from a seed (:data:`PlayerSpec`); ``jobs`` is the number of
    worker processes (``1``: play in this process; ``0``: one per CPU).
    ``progress`` is called in this process as chunks of deals finish. ``backend``
    and ``address`` run the chunks on a Ray cluster instead (:func:`run_chunks`). The
    summary is the same for any ``jobs``, ``chunk_size`` and backend.
    """
    rules = _rules_of(variant, "simulate()")
    kinds = _check_specs(players, "simulate()")
    if len(kinds) != rules.players:
        raise BeziqueError(
            f"{rules.name} has {rules.players} seats, but {len(kinds)} player(s) were named"
        )
    for kind in kinds:
        make_seat_player(kind, "check", rules)
    _check_run("simulate()", ("deals", deals), seed, jobs)
    _check_backend("simulate()", backend, address)
    workers = jobs or os.cpu_count() or 1
    if chunk_size is None:
        # Enough chunks to keep every worker busy and to report progress often.
        chunk_size = max(1, min(500, deals // (workers * 16) or 1))
    if require_int(chunk_size, "simulate()", "chunk_size") < 1:
        raise BeziqueError(f"chunk_size must be positive, got {shown(chunk_size)}")
    started = time.perf_counter()
    tallies = run_chunks(
        play_deals,
        (rules, kinds, seed),
        _chunks(deals, chunk_size),
        workers,
        progress,
        backend=backend,
        address=address,
    )
    total = Tally(rules.players)
    for tally in tallies:  # deal order
        total.add(tally)
    elapsed = time.perf_counter() - started
    names = [spec_name(kind) for kind in kinds]
    return Summary.from_tally(rules, names, seed, total, elapsed, workers)


# -- matches -------------------------------------------------------------------------------


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = 1.959964) -> tuple[float, float]:
    """The normal interval of the mean of ``values`` (95% for the default ``z``): the
    mean less and plus ``z`` standard errors; the mean alone for fewer than two values.

    >>> low, high = mean_interval([10, -20, 30, 0])
    >>> round(low, 2), round(high, 2)
    (-15.4, 25.4)
    """
    mean = math.fsum(values) / len(values) if values else 0.0
    if len(values) < 2:
        return (mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean - half, mean + half)


@attrs.frozen
class DuelResult:
    """The outcome of :func:`duel`, from the first player's side (``a``).

    ``win_rate`` counts a draw as half a win; ``interval`` is its 95% Wilson
    interval. ``margins`` are ``a``'s points less the best of the other seats',
    game by game (final totals of a game; the deal's game scores for a single
    deal). ``elapsed`` is left out of comparisons.
    """

    variant: str
    a: str
    b: str
    seed: int | str
    games: int
    unit: str
    wins: int
    losses: int
    draws: int
    margins: tuple[int, ...]
    elapsed: float = attrs.field(eq=False)
    jobs: int = attrs.field(eq=False, default=1)

    @property
    def win_rate(self) -> float:
        return (self.wins + self.draws / 2) / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins + self.draws / 2, self.games)

    @property
    def mean_margin(self) -> float:
        return sum(self.margins) / self.games

    @property
    def margin_interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`mean_margin` (:func:`mean_interval`)."""
        return mean_interval(self.margins)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        low, high = self.interval
        return {
            "variant": self.variant,
            "a": self.a,
            "b": self.b,
            "seed": self.seed,
            "games": self.games,
            "unit": self.unit,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "win_rate": self.win_rate,
            "wilson_95": [low, high],
            "mean_margin": self.mean_margin,
            "margin_95": list(self.margin_interval),
            "margins": list(self.margins),
            "elapsed": self.elapsed,
            "jobs": self.jobs,
        }

    def lines(self) -> Iterator[str]:
        """The result as text."""
        low, high = self.interval
        m_low, m_high = self.margin_interval
        yield (
            f"{self.games} {self.unit}s of {self.variant}, seed {self.seed}: "
            f"{self.a} (A) against {self.b} (B), seats alternating"
        )
        yield f"  A wins {self.wins}, loses {self.losses}, draws {self.draws}"
        yield f"  A's win rate {self.win_rate:.1%}, 95% Wilson interval {low:.1%} to {high:.1%}"
        yield (
            f"  A's mean margin {self.mean_margin:+.1f} points per {self.unit}, "
            f"95% interval {m_low:+.1f} to {m_high:+.1f}"
        )
        yield f"  {self.elapsed:.1f} s with {self.jobs} process(es)"


def _single_deals(rules: AnyRules) -> bool:
    """Whether a duel under these rules plays single deals (rubicon scoring: each deal
    is a game of its own) rather than games to the target."""
    return variants.game_of(rules).tally_terms(rules).rubicon


def duel_seats(players: int, index: int) -> tuple[int, int]:
    """Game ``index`` of a duel at a table of ``players`` seats: A's seat, and the
    number of the card deal it is dealt (each deal is played ``players`` times, A
    in each seat in turn).

    >>> [duel_seats(2, i) for i in range(4)]
    [(0, 0), (1, 0), (0, 1), (1, 1)]
    """
    return index % players, index // players


def _play_game(rules: AnyRules, seated: Sequence[Any], seed: str) -> Any:
    """One game to its end from ``seed``, each seat choosing from its own view."""
    return _play_out(variants.new_game(rules, seed=seed), seated)[0]


def _duel_game(
    rules: AnyRules, a: PlayerSpec, b: PlayerSpec, seed: int | str, index: int, deals: bool
) -> tuple[int, int]:
    """Play game ``index`` of a duel: (``a``'s outcome 1/0/-1, ``a``'s margin)."""
    n = rules.players
    a_seat, cards = duel_seats(n, index)
    players: list[AnyPlayer] = []
    for s in range(n):
        if s == a_seat:
            players.append(make_seat_player(a, f"{seed}/{index}/a", rules))
        else:
            tag = "b" if n == 2 else f"b{s}"
            players.append(make_seat_player(b, f"{seed}/{index}/{tag}", rules))
    if deals:
        figures = _deal_figures(rules, players, f"{seed}/{cards}", 0)
        # Rubicon scoring: the deal's game scores; otherwise the deal's points.
        final = figures.game_scores if _single_deals(rules) else figures.scores
        return seat_outcome(figures.scores, a_seat), seat_margin(final, a_seat)
    game = _play_game(rules, players, f"{seed}/{cards}")
    # Once over, a game's scores are its totals; a game drawn or shared has no winner.
    margin = seat_margin(game.scores, a_seat)
    if len(game.winners) != 1:
        return 0, margin
    return (1 if game.winners[0] == a_seat else -1), margin


def _duel_chunk(
    rules: AnyRules,
    a: PlayerSpec,
    b: PlayerSpec,
    seed: int | str,
    deals: bool,
    start: int,
    stop: int,
) -> list[tuple[int, int]]:
    return [_duel_game(rules, a, b, seed, i, deals) for i in range(start, stop)]


def duel(
    variant: str | AnyRules,
    a: PlayerSpec,
    b: PlayerSpec,
    *,
    games: int,
    seed: int | str = 1,
    jobs: int = 1,
    deals: bool | None = None,
    progress: Progress | None = None,
    backend: str = "local",
    address: str | None = None,
) -> DuelResult:
    """Play a match of ``games`` between two players, ``a`` and ``b``: built-in players
    by name, or functions that make a player from a seed (see :data:`PlayerSpec`).

    Two-hand presets play whole games to the target, presets with rubicon
    scoring single deals (each is a game of its own); ``deals=True`` plays
    single deals whatever the preset (a deal is won on its points). ``a`` sits
    in one seat and ``b`` in the other (in every other seat, at a larger table);
    the seats rotate, and each group of games with ``a`` in every seat once is
    dealt the same cards (with two seats, games ``2k`` and ``2k + 1``), so the
    luck of the cards weighs less. Game ``i`` at a table of ``n`` seats is dealt
    from the seed ``f"{seed}/{i // n}"`` (:func:`duel_seats`); its players are made
    from the seeds
    ``f"{seed}/{i}/a"`` and ``f"{seed}/{i}/b"`` (``b1``, ``b2``, ... by seat at a
    larger table). ``jobs`` worker processes share the games (``0``: one per CPU), or
    a Ray cluster's tasks (``backend``, ``address``: :func:`run_chunks`); the result
    does not depend on them.

    >>> result = duel("classic", "rule-of-thumb", "random", games=2, seed=3)
    >>> result.wins + result.losses + result.draws
    2
    """
    rules = _rules_of(variant, "duel()")
    if rules.side_count < rules.players:
        raise BeziqueError(
            f"{rules.name} is played in partnerships: play a match of one player per side"
            " (bezique.programs.simulate.match)"
        )
    _check_spec(a, "duel()", "a", rules)
    _check_spec(b, "duel()", "b", rules)
    _check_run("duel()", ("games", games), seed, jobs)
    _check_backend("duel()", backend, address)
    single = _single_deals(rules) if deals is None else bool(deals)
    flat, elapsed, workers = _play_games(
        _duel_chunk, (rules, a, b, seed, single), games, jobs, progress, backend, address
    )
    return _duel_result(rules, a, b, seed, single, flat, elapsed, workers)


def _duel_result(
    rules: AnyRules,
    a: PlayerSpec,
    b: PlayerSpec,
    seed: int | str,
    single: bool,
    outcomes: Sequence[tuple[int, int]],
    elapsed: float,
    workers: int,
) -> DuelResult:
    """A duel's result from ``a``'s outcome and margin, game by game."""
    return DuelResult(
        variant=rules.name,
        a=spec_name(a),
        b=spec_name(b),
        seed=seed,
        games=len(outcomes),
        unit="deal" if single else "game",
        wins=sum(1 for o, _ in outcomes if o > 0),
        losses=sum(1 for o, _ in outcomes if o < 0),
        draws=sum(1 for o, _ in outcomes if o == 0),
        margins=tuple(m for _, m in outcomes),
        elapsed=elapsed,
        jobs=workers,
    )


# -- matches of a player per seat or side ---------------------------------------------------------

#: The letters the players of a match are reported under, in the order given.
_LETTERS = "ABCDEFGH"


def match_sides(sides: int, index: int) -> tuple[tuple[int, ...], int]:
    """Game ``index`` of a match of ``sides`` players: the side each player plays
    (player ``j`` on side ``(j + r) % sides`` in rotation ``r = index % sides``),
    and the number of the card deal it is dealt (each deal is played once in every
    rotation, so each player sits on every side equally often).

    >>> [match_sides(3, i) for i in range(4)]
    [((0, 1, 2), 0), ((1, 2, 0), 0), ((2, 0, 1), 0), ((0, 1, 2), 1)]
    """
    turn = index % sides
    return tuple((j + turn) % sides for j in range(sides)), index // sides


@attrs.frozen
class MatchResult:
    """The outcome of :func:`match`: per player (in the order given), its wins, its
    shared wins and its win rate with the 95% Wilson interval.

    A game (or deal) is won by one side, or shared by the sides tied at the end
    (:attr:`bezique.GameState.winners`; a single deal: the sides with the highest
    points). A
    shared win counts as ``1/k`` of a win to each of the ``k`` sides sharing it, so
    the win rates add up to one, and with two players a draw is half a win, as in
    :class:`DuelResult`. ``margins`` are, game by game, each player's side total
    less the best other side's. ``seats[j][s]`` counts the games player ``j`` played
    on side ``s``. ``elapsed`` is left out of comparisons.
    """

    variant: str
    players: tuple[str, ...]
    partnership: bool
    seed: int | str
    games: int
    unit: str
    wins: tuple[int, ...]
    shared: tuple[int, ...]
    credit: tuple[float, ...]
    margins: tuple[tuple[int, ...], ...]
    seats: tuple[tuple[int, ...], ...]
    elapsed: float = attrs.field(eq=False)
    jobs: int = attrs.field(eq=False, default=1)

    @property
    def win_rates(self) -> tuple[float, ...]:
        return tuple(c / self.games for c in self.credit)

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        return tuple(wilson_interval(c, self.games) for c in self.credit)

    @property
    def mean_margins(self) -> tuple[float, ...]:
        return tuple(sum(m[j] for m in self.margins) / self.games for j in range(len(self.players)))

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        return {
            "variant": self.variant,
            "players": list(self.players),
            "partnership": self.partnership,
            "seed": self.seed,
            "games": self.games,
            "unit": self.unit,
            "wins": list(self.wins),
            "shared": list(self.shared),
            "win_rates": list(self.win_rates),
            "wilson_95": [list(i) for i in self.intervals],
            "mean_margins": list(self.mean_margins),
            "seats": [list(s) for s in self.seats],
            "margins": [list(m) for m in self.margins],
            "elapsed": self.elapsed,
            "jobs": self.jobs,
        }

    def lines(self) -> Iterator[str]:
        """The result as text."""
        k = len(self.players)
        names = [f"{_LETTERS[j]} {self.players[j]}" for j in range(k)]
        width = max(len(n) for n in names)
        what = "side" if self.partnership else "seat"
        yield (
            f"{self.games} {self.unit}s of {self.variant}, seed {self.seed}: "
            f"{k} players, one per {what}, {what}s rotating"
        )
        yield (
            f"  {'':{width}}  {'wins':>5}  {'shared':>6}  {'win rate':>8}  "
            f"{'95% Wilson interval':>19}  {'mean margin':>11}"
        )
        for j in range(k):
            low, high = self.intervals[j]
            yield (
                f"  {names[j]:{width}}  {self.wins[j]:5d}  {self.shared[j]:6d}  "
                f"{self.win_rates[j]:8.1%}  {low:8.1%} to {high:6.1%}  "
                f"{self.mean_margins[j]:+11.1f}"
            )
        yield (
            f"  a shared win counts 1/k to each of the k {what}s sharing it; "
            f"even chances: {1 / k:.1%} each"
        )
        yield f"  {self.elapsed:.1f} s with {self.jobs} process(es)"


def _match_game(
    rules: AnyRules, players: Sequence[PlayerSpec], seed: int | str, index: int, deals: bool
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Play game ``index`` of a match: the side each player played, the winning sides,
    and each player's margin."""
    n = rules.players
    sides_of, cards = match_sides(rules.side_count, index)
    player_of = {side: j for j, side in enumerate(sides_of)}
    seated = [
        make_seat_player(players[player_of[rules.side_of(s)]], f"{seed}/{index}/{s}", rules)
        for s in range(n)
    ]
    if deals:
        figures = _deal_figures(rules, seated, f"{seed}/{cards}", 0)
        points = figures.side_scores
        winners = tuple(side for side, p in enumerate(points) if p == max(points))
        final = figures.side_game_scores if _single_deals(rules) else figures.side_scores
    else:
        winners, final = _play_match_game(rules, seated, f"{seed}/{cards}")
    margins = tuple(seat_margin(final, side) for side in sides_of)
    return sides_of, winners, margins


def _play_match_game(
    rules: AnyRules, seated: Sequence[Any], seed: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Play a game to the target: the winning sides (:attr:`bezique.State.winners`;
    a drawn game is shared by the sides tied on the highest total) and the sides'
    final totals."""
    game = _play_game(rules, seated, seed)
    sums: tuple[int, ...] = game.side_scores
    if game.winners:
        return game.winners, sums
    return tuple(side for side, t in enumerate(sums) if t == max(sums)), sums


def _match_chunk(
    rules: AnyRules,
    players: Sequence[PlayerSpec],
    seed: int | str,
    deals: bool,
    start: int,
    stop: int,
) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    return [_match_game(rules, players, seed, i, deals) for i in range(start, stop)]


def match(
    variant: str | AnyRules,
    players: Sequence[PlayerSpec],
    *,
    games: int,
    seed: int | str = 1,
    jobs: int = 1,
    deals: bool | None = None,
    progress: Progress | None = None,
    backend: str = "local",
    address: str | None = None,
) -> MatchResult:
    """Play a match of ``games`` between one player per side: per seat, or, when seats
    play in partnerships, per side, both partners played by the same kind of player
    (built-in players by name, or functions that make a player from a seed).

    The players rotate round the sides: in game ``i``, player ``j`` plays side
    ``(j + i) % k`` of the ``k`` sides (:func:`match_sides`), and each group of ``k``
    games, one per rotation, is dealt the same cards, so each player sits in every
    seat (or side) equally often when ``games`` is a multiple of ``k``, on the same
    luck of the cards. Game ``i`` is dealt from the seed ``f"{seed}/{i // k}"``;
    the player in seat ``s`` is made from the seed ``f"{seed}/{i}/{s}"``.

    Whole games to the target are played, or single deals under rubicon scoring
    or with ``deals=True`` (a deal is won by the highest points). A game is won
    by the side with the highest total at or over the target, ties decided as
    :func:`bezique.game.decide_winners` says; a win shared by tied sides counts ``1/k`` of a win
    to each of the ``k`` sharing it (see :class:`MatchResult`). ``jobs`` worker
    processes share the games (``0``: one per CPU), or a Ray cluster's tasks
    (``backend``, ``address``: :func:`run_chunks`); the result does not depend on
    them.

    >>> result = match("three-hand", ["rule-of-thumb", "random", "random"], games=3, seed=2)
    >>> result.seats
    ((1, 1, 1), (1, 1, 1), (1, 1, 1))
    >>> round(sum(result.win_rates), 9)
    1.0
    """
    rules = _rules_of(variant, "match()")
    kinds = _check_specs(players, "match()")
    k = rules.side_count
    if len(kinds) != k:
        what = "side" if k < rules.players else "seat"
        raise BeziqueError(
            f"{rules.name} has {k} {what}s: a match needs one player per {what}, {len(kinds)} named"
        )
    if k > len(_LETTERS):  # pragma: no cover - no rules seat so many sides
        raise BeziqueError(f"a match has at most {len(_LETTERS)} players")
    for kind in kinds:
        make_seat_player(kind, "check", rules)
    _check_run("match()", ("games", games), seed, jobs)
    _check_backend("match()", backend, address)
    single = _single_deals(rules) if deals is None else bool(deals)
    flat, elapsed, workers = _play_games(
        _match_chunk, (rules, kinds, seed, single), games, jobs, progress, backend, address
    )
    wins = [0] * k
    shared = [0] * k
    credit = [0.0] * k
    seats = [[0] * k for _ in range(k)]
    for sides_of, winners, _ in flat:
        for j, side in enumerate(sides_of):
            seats[j][side] += 1
            if side in winners:
                if len(winners) == 1:
                    wins[j] += 1
                else:
                    shared[j] += 1
                credit[j] += 1 / len(winners)
    return MatchResult(
        variant=rules.name,
        players=tuple(spec_name(kind) for kind in kinds),
        partnership=k < rules.players,
        seed=seed,
        games=games,
        unit="deal" if single else "game",
        wins=tuple(wins),
        shared=tuple(shared),
        credit=tuple(credit),
        margins=tuple(m for _, _, m in flat),
        seats=tuple(tuple(row) for row in seats),
        elapsed=elapsed,
        jobs=workers,
    )


# -- round-robin tournaments ---------------------------------------------------------------


@attrs.frozen
class TournamentResult:
    """The outcome of :func:`tournament`: every pair's duel, and each player's
    standing.

    ``duels`` holds, for each pair of players ``i < j`` in the order given, the
    duel of ``players[i]`` (A) against ``players[j]`` (B), as :func:`duel` (or, at a
    partnership table, a :func:`match` of the two) reports it. A player's ``score``
    counts its wins and half its draws over all its games, its ``score_rate`` that
    over the games it played, with the 95% Wilson interval. ``elapsed`` is left out
    of comparisons.
    """

    variant: str
    players: tuple[str, ...]
    seed: int | str
    games: int
    duels: tuple[DuelResult, ...]
    elapsed: float = attrs.field(eq=False)
    jobs: int = attrs.field(eq=False, default=1)

    def duel_of(self, i: int, j: int) -> DuelResult:
        """The duel of player ``i`` (A) against player ``j`` (B), ``i < j``."""
        return self.duels[_pairs(len(self.players)).index((i, j))]

    def rate(self, i: int, j: int) -> float:
        """Player ``i``'s win rate against player ``j`` (a draw half a win)."""
        if i < j:
            return self.duel_of(i, j).win_rate
        return 1 - self.duel_of(j, i).win_rate

    @property
    def scores(self) -> tuple[float, ...]:
        totals = [0.0] * len(self.players)
        for (i, j), result in zip(_pairs(len(self.players)), self.duels, strict=True):
            totals[i] += result.wins + result.draws / 2
            totals[j] += result.losses + result.draws / 2
        return tuple(totals)

    @property
    def played(self) -> int:
        """The games each player played."""
        return self.games * (len(self.players) - 1)

    @property
    def score_rates(self) -> tuple[float, ...]:
        return tuple(score / self.played for score in self.scores)

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        return tuple(wilson_interval(score, self.played) for score in self.scores)

    @property
    def standings(self) -> tuple[int, ...]:
        """The players by score, best first (ties in the order given)."""
        scores = self.scores
        return tuple(sorted(range(len(self.players)), key=lambda j: -scores[j]))

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        return {
            "variant": self.variant,
            "players": list(self.players),
            "seed": self.seed,
            "games": self.games,
            "scores": list(self.scores),
            "score_rates": list(self.score_rates),
            "wilson_95": [list(i) for i in self.intervals],
            "standings": [self.players[j] for j in self.standings],
            "duels": [result.to_dict() for result in self.duels],
            "elapsed": self.elapsed,
            "jobs": self.jobs,
        }

    def lines(self) -> Iterator[str]:
        """The result as text: the cross table (the row player's win rate against
        the column player) and the standings."""
        k = len(self.players)
        unit = self.duels[0].unit if self.duels else "game"
        names = [f"{_LETTERS[j]} {self.players[j]}" for j in range(k)]
        width = max(len(n) for n in names)
        yield (
            f"round robin of {k} players, {self.games} {unit}s a pair, of {self.variant}, "
            f"seed {self.seed}"
        )
        yield f"  {'':{width}}  " + "  ".join(f"{_LETTERS[j]:>6}" for j in range(k))
        for i in range(k):
            cells = ("" if i == j else f"{self.rate(i, j):.1%}" for j in range(k))
            row = f"  {names[i]:{width}}  " + "  ".join(f"{cell:>6}" for cell in cells)
            yield row.rstrip()
        yield f"  {'standings':{width + 3}}  {'score':>7}  {'rate':>6}  {'95% Wilson interval':>19}"
        for place, j in enumerate(self.standings, 1):
            low, high = self.intervals[j]
            yield (
                f"  {place}. {names[j]:{width}}  {self.scores[j]:7.1f}  "
                f"{self.score_rates[j]:6.1%}  {low:8.1%} to {high:6.1%}"
            )
        yield f"  {self.elapsed:.1f} s with {self.jobs} process(es)"


def _pairs(players: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(players) for j in range(i + 1, players)]


def _pair_game(
    rules: AnyRules, a: PlayerSpec, b: PlayerSpec, seed: int | str, index: int, deals: bool
) -> tuple[int, int]:
    """Game ``index`` of ``a`` against ``b``: ``a``'s outcome (1/0/-1) and margin, as
    :func:`duel` plays it, or at a partnership table as a :func:`match` of the two."""
    if rules.side_count == rules.players:
        return _duel_game(rules, a, b, seed, index, deals)
    sides_of, winners, margins = _match_game(rules, (a, b), seed, index, deals)
    if len(winners) != 1:
        return 0, margins[0]
    return (1 if winners[0] == sides_of[0] else -1), margins[0]


def _tournament_chunk(
    rules: AnyRules,
    players: Sequence[PlayerSpec],
    seed: int | str,
    games: int,
    deals: bool,
    start: int,
    stop: int,
) -> list[tuple[int, int]]:
    # The games of every pair in one sequence: game g is game g % games of pair
    # g // games, so one run shares them all among the workers.
    pairs = _pairs(len(players))
    out = []
    for g in range(start, stop):
        i, j = pairs[g // games]
        out.append(_pair_game(rules, players[i], players[j], seed, g % games, deals))
    return out


def tournament(
    variant: str | AnyRules,
    players: Sequence[PlayerSpec],
    *,
    games: int,
    seed: int | str = 1,
    jobs: int = 1,
    deals: bool | None = None,
    progress: Progress | None = None,
    backend: str = "local",
    address: str | None = None,
) -> TournamentResult:
    """Play a round robin: every pair of ``players`` (two or more, named as for
    :func:`duel`) plays ``games`` games, A the first of the pair in the order given.

    Each pair plays exactly the duel :func:`duel` would play with the same seed (at a
    partnership table, the :func:`match` of the two, one per side), so every pair
    meets the same cards: a pair's duel in the result equals ``duel(variant, a, b,
    games=games, seed=seed)``. The games of all the pairs are shared by ``jobs``
    worker processes, or a Ray cluster's tasks (``backend``, ``address``); the result
    does not depend on them.

    >>> result = tournament("classic", ["rule-of-thumb", "random", "random"], games=2, seed=1)
    >>> len(result.duels), result.played
    (3, 4)
    """
    rules = _rules_of(variant, "tournament()")
    kinds = _check_specs(players, "tournament()")
    if not 2 <= len(kinds) <= len(_LETTERS):
        raise BeziqueError(f"a tournament needs 2 to {len(_LETTERS)} players, {len(kinds)} named")
    if rules.side_count not in (rules.players, 2):
        raise BeziqueError(
            f"{rules.name} has {rules.side_count} sides of partners: a tournament pits two "
            "players, one per side, at a table of two sides"
        )
    for kind in kinds:
        make_seat_player(kind, "check", rules)
    _check_run("tournament()", ("games", games), seed, jobs)
    _check_backend("tournament()", backend, address)
    single = _single_deals(rules) if deals is None else bool(deals)
    pairs = _pairs(len(kinds))
    flat, elapsed, workers = _play_games(
        _tournament_chunk,
        (rules, kinds, seed, games, single),
        games * len(pairs),
        jobs,
        progress,
        backend,
        address,
    )
    duels = tuple(
        _duel_result(
            rules, kinds[i], kinds[j], seed, single, flat[p * games : (p + 1) * games], 0.0, workers
        )
        for p, (i, j) in enumerate(pairs)
    )
    return TournamentResult(
        variant=rules.name,
        players=tuple(spec_name(kind) for kind in kinds),
        seed=seed,
        games=games,
        duels=duels,
        elapsed=elapsed,
        jobs=workers,
    )
