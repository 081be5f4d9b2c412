#!/usr/bin/env python3
"""Speed and memory benchmarks of the bezique engine, one preset at a time.

For each preset (all of ``bezique.rules.variants.names()``, or ``--presets a,b``):

* **random playouts**: whole deals in which every action, declarations
  included, is chosen uniformly at random among ``state.legal_actions()`` (a
  seeded ``random.Random``) and applied with ``state.apply`` (which validates
  it). Deals per second and actions per second, the median of ``--repeat``
  runs of the same ``--deals`` deals.
* **legal_actions()**: the time of one fresh computation, on states sampled
  from those playouts, in the stock phase and in the end phase. A
  ``DealState`` memoises its legal actions, so each call is made on a copy
  (``attrs.evolve(state)``, which starts without the memo) prepared before the
  clock starts.
* **legal_declarations() on a crowded table** (the multi-pack presets): a
  meld-rich position reached by legal play, described in the output.
* **memory of a mid-deal state**: the deep size of the state's own objects
  (see :func:`deep_size` for what is counted).

Run ``python benchmarks/run.py --help`` for the options, or ``nox -s bench``.
Only the standard library is used, with the package itself and ``attrs`` (a
dependency of the package).
"""

from __future__ import annotations

import argparse
import enum
import json
import os
import platform
import random
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import attrs

import bezique as bz
from bezique.checks.invariants import check_state
from bezique.engine import moves
from bezique.laws.zones import bits

#: Deals per timed run by pack count: each run takes about a second (or less once
#: the engine is faster; pass ``--deals`` to change it).
DEFAULT_DEALS = {2: 500, 3: 400, 4: 300, 6: 120, 8: 60}
#: States sampled per phase for the legal_actions() timings.
SAMPLES = 2000


# -- machine and command line ------------------------------------------------------------


def machine_info(argv: Sequence[str]) -> dict[str, Any]:
    """What the figures were measured on, and how."""
    load: list[float] | None
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):  # not on every platform
        load = None
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
        "load_average": load,
        "bezique": bz.__version__,
        "revision": _revision(),
        "command": shlex.join(["python", *argv]),
        "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
    }


def _revision() -> str | None:
    """The git commit of the working tree, with ``+changes`` if it has local changes."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "src"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("+changes" if dirty else "")


# -- random playouts ---------------------------------------------------------------------


def play_random_deal(rules: bz.Rules, index: int, seed: int) -> tuple[bz.DealState, int]:
    """Deal ``index`` played out with uniformly random legal actions; the final
    state and the number of actions."""
    state = bz.new_deal(rules, seed=f"{seed}/{index}", dealer=index % rules.players)
    rng = random.Random(f"{seed}/{index}/actions")
    actions = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return state, actions


def deal_states(rules: bz.Rules, index: int, seed: int) -> list[bz.DealState]:
    """Every state of the same random deal as :func:`play_random_deal`, in order."""
    state = bz.new_deal(rules, seed=f"{seed}/{index}", dealer=index % rules.players)
    rng = random.Random(f"{seed}/{index}/actions")
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@dataclass
class Playouts:
    """Timed runs of the same deals: wall-clock and CPU seconds of each run."""

    deals: int
    actions: int = 0
    seconds: list[float] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)

    def run(self, rules: bz.Rules, seed: int) -> None:
        """Play the deals once more; every run does the same work."""
        actions = 0
        cpu = time.process_time()
        start = time.perf_counter()
        for i in range(self.deals):
            actions += play_random_deal(rules, i, seed)[1]
        self.seconds.append(time.perf_counter() - start)
        self.cpu_seconds.append(time.process_time() - cpu)
        self.actions = actions

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def spread(self) -> float:
        """(slowest - fastest) / median: how steady the runs were."""
        return (max(self.seconds) - min(self.seconds)) / self.median

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.median

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.median

    @property
    def us_per_action(self) -> float:
        return 1e6 * self.median / self.actions

    @property
    def cpu_us_per_action(self) -> float:
        return 1e6 * statistics.median(self.cpu_seconds) / self.actions


# -- legal_actions() on sampled states ---------------------------------------------------


def sample_states(
    rules: bz.Rules, seed: int, per_phase: int
) -> tuple[list[bz.DealState], list[bz.DealState], list[bz.DealState]]:
    """States with a player to move from random deals: (stock phase, of which the
    trick winner's turns, end phase), up to ``per_phase`` of each phase. Every
    state of a deal is kept, so the samples weigh each kind of decision as a
    playout meets it."""
    stock: list[bz.DealState] = []
    end: list[bz.DealState] = []
    index = 0
    while (len(stock) < per_phase or len(end) < per_phase) and index < 10 * per_phase:
        for state in deal_states(rules, index, seed + 1)[:-1]:
            if state.phase is bz.Phase.STOCK and len(stock) < per_phase:
                stock.append(state)
            elif state.phase is bz.Phase.END and len(end) < per_phase:
                end.append(state)
        index += 1
    windows = [s for s in stock if s.window is not None]
    return stock, windows, end


def fresh(state: bz.DealState) -> bz.DealState:
    """A copy of ``state`` without its memo of legal actions (``_legal`` is not an
    ``__init__`` argument, so ``attrs.evolve`` starts it empty)."""
    return attrs.evolve(state)


def time_calls(
    function: Callable[[bz.DealState], object],
    states: Sequence[bz.DealState],
    repeat: int,
) -> float | None:
    """Median over ``repeat`` runs of the mean time, in microseconds, of one call
    of ``function`` on a fresh copy of each state (copies made before timing)."""
    if not states:
        return None
    runs: list[float] = []
    for _ in range(repeat):
        copies = [fresh(s) for s in states]
        start = time.perf_counter()
        for copy in copies:
            function(copy)
        runs.append((time.perf_counter() - start) / len(copies))
    return 1e6 * statistics.median(runs)


def time_json(states: Sequence[bz.DealState], repeat: int) -> dict[str, float | None]:
    """Median over ``repeat`` runs of the mean time, in microseconds, of writing one
    state as JSON (``bz.state_to_json``) and of reading it back (``bz.load_state``,
    which checks every invariant)."""
    if not states:
        return {"write": None, "read": None}
    texts = [bz.state_to_json(s) for s in states]
    runs: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        for text in texts:
            bz.load_state(text)
        runs.append((time.perf_counter() - start) / len(texts))
    return {
        "write": time_calls(bz.state_to_json, states, repeat),
        "read": 1e6 * statistics.median(runs),
    }


# -- memory ------------------------------------------------------------------------------


def deep_size(root: object, seen: set[int] | None = None) -> int:
    """Bytes of ``root`` and every object reachable from it, each counted once.

    Counted: ``sys.getsizeof`` of the state object itself (its slots), of its
    tuples, of the ints in them (card masks, histories, scores) and of the
    ``Trick``, ``Window`` and ``DeclaredMeld`` objects with their fields.
    Not counted: the ``Rules`` object (shared by every state of every deal of a
    preset), enum members (``Phase``, ``Suit``, ``MeldKind``), ``None`` and
    booleans, CPython's cached small ints (-5..256), which the whole interpreter
    shares, and fields outside ``__init__`` (the memo of legal actions).
    Pass the same ``seen`` set to several calls to count shared parts once.
    """
    seen = set() if seen is None else seen
    stack: list[object] = [root]
    total = 0
    while stack:
        obj = stack.pop()
        if (
            obj is None
            or isinstance(obj, (bool, enum.Enum, bz.Rules, type))
            or (type(obj) is int and -5 <= obj <= 256)
            or id(obj) in seen
        ):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        cls: Any = type(obj)
        if attrs.has(cls):
            stack.extend(getattr(obj, f.name) for f in attrs.fields(cls) if f.init)
        elif isinstance(obj, (tuple, list, set, frozenset)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
    return total


@dataclass
class Memory:
    #: Median deep size of the state halfway through a deal (by actions).
    mid_deal_bytes: int
    #: Median over the deals: all states of one deal kept together, shared parts
    #: counted once, divided by the number of states.
    bytes_per_kept_state: int
    deals: int


def measure_memory(rules: bz.Rules, seed: int, deals: int = 9) -> Memory:
    mids: list[int] = []
    kept: list[float] = []
    for index in range(deals):
        states = deal_states(rules, index, seed + 2)
        mids.append(deep_size(states[len(states) // 2]))
        seen: set[int] = set()
        kept.append(sum(deep_size(s, seen) for s in states) / len(states))
    return Memory(int(statistics.median(mids)), int(statistics.median(kept)), deals)


# -- a crowded table ---------------------------------------------------------------------


@dataclass(frozen=True)
class CrowdedPlan:
    """How to reach a meld-rich trick winner's turn by legal play.

    Seat 0 (the non-dealer) leads and wins every trick. ``steps`` are done in
    order: ``declare KIND CARDS`` in the winner's turn after a trick, ``play
    CARD`` as a trick's lead (playing a declared card breaks its melds). Seat 0
    draws what the next steps need, and low cards of spades and diamonds (which
    form no meld) to lead when no step asks for a card; seat 1 holds clubs and
    hearts that never win. The position is the first winner's turn, with no
    declaration made yet, where every step is done and seat 0 holds exactly
    ``final``.
    """

    preset: str
    steps: tuple[str, ...]
    final: tuple[str, ...]
    summary: str


def _plan(preset: str, summary: str, steps: str, final: str) -> CrowdedPlan:
    lines = tuple(line.strip() for line in steps.strip().splitlines() if line.strip())
    return CrowdedPlan(preset, lines, tuple(final.split()), summary)


#: The first steps of the six- and eight-pack plans: two royal marriages, two plain
#: sequences, four jacks twice and four queens twice, each broken by the plays after it.
_SIX_AND_EIGHT_PACK_OPENING = """
        declare royal-marriage KSa QSd
        play KSa
        declare plain-sequence ADa TDa KDa QDc JDd
        play ADa
        play TDa
        play KDa
        play QDc
        declare plain-sequence ADb TDb KDb QDd JDe
        play ADb
        play TDb
        play KDb
        play QDd
        declare four-jacks JDc JHa JCa JSa
        play JHa
        play JCa
        play JSa
        declare four-jacks JDe JHb JCb JSb
        play JHb
        play JCb
        play JSb
        declare four-queens QSe QHa QCa QDa
        play QHa
        play QCa
        play QDa
        declare royal-marriage KSb QSf
        play KSb
        declare four-queens QSf QHb QCb QDb
        play QHb
        play QCb
        play QDb
"""

# Histories (the kinds each card was declared in; * marks a meld since broken,
# one of its cards having been played): B bezique, R royal marriage, Q4 four
# queens, T4 four trump queens, J4 four jacks, P plain sequence.
CROWDED_PLANS = {
    "rubicon": _plan(
        "rubicon",
        "8 cards held (hand and table): Q♠ x4 with histories -, B, R*, Q4*; "
        "J♦ x4 with -, B, J4*, P*",
        """
        declare royal-marriage KSa QSc
        play KSa
        declare plain-sequence ADa TDa KDa QDb JDd
        play ADa
        play TDa
        play KDa
        play QDb
        declare four-jacks JDc JHa JCa JSa
        play JHa
        play JCa
        play JSa
        declare four-queens QSd QHa QCa QDa
        play QHa
        play QCa
        play QDa
        declare bezique QSb JDb
        """,
        "QSa QSb QSc QSd JDa JDb JDc JDd",
    ),
    "six-pack": _plan(
        "six-pack",
        "11 cards held: Q♠ x6 with histories -, B, B*, R*, Q4*, R*+Q4*; "
        "J♦ x5 with -, B, J4*, P*, J4*+P* (the sixth J♦ played)",
        _SIX_AND_EIGHT_PACK_OPENING
        + """
        declare bezique QSc JDf
        play JDf
        declare bezique QSb JDb
        """,
        "QSa QSb QSc QSd QSe QSf JDa JDb JDc JDd JDe",
    ),
    "eight-pack": _plan(
        "eight-pack",
        "14 cards held: Q♠ x7 with histories -, B, B*, R*+B+T4*, Q4*+T4*, R*+Q4*, T4*; "
        "J♦ x7 with -, B, B*, J4*, P*, J4*+P*, B+J4* (one Q♠ and one J♦ played)",
        _SIX_AND_EIGHT_PACK_OPENING
        + """
        declare bezique QSc JDh
        play JDh
        declare bezique QSh JDf
        declare bezique QSd JDg
        declare four-trump-queens QSd QSe QSg QSh
        play QSh
        declare four-jacks JDg JHc JCc JSc
        play JHc
        play JCc
        play JSc
        declare bezique QSb JDb
        """,
        "QSa QSb QSc QSd QSe QSf QSg JDa JDb JDc JDd JDe JDf JDg",
    ),
}

_FILLER_RANKS = (bz.Rank.SEVEN, bz.Rank.EIGHT, bz.Rank.NINE)


class PlanError(Exception):
    """A crowded-table plan that cannot be carried out as written."""


def _ids(text: Iterable[str]) -> list[int]:
    return [bz.parse_card_id(name) for name in text]


def build_crowded(plan: CrowdedPlan) -> tuple[bz.DealState, list[int], list[bz.Action]]:
    """Play the plan; return the position, the deck order and the actions.

    The top of the stock is chosen as the deal goes: the stock is face down, so
    this is the same as dealing a deck in that order, which is returned;
    :func:`replay` deals it and replays the actions to check the position.
    """
    rules = bz.rules.variants.get(plan.preset)
    if rules.deck.turn_up or rules.players != 2:
        raise PlanError(f"{plan.preset}: plans are for two-hand presets without a turn-up")
    hand_size = rules.deck.hand_size
    size = rules.deck_size
    steps: list[tuple[str, bz.MeldKind | None, list[int]]] = []
    for line in plan.steps:
        verb, *rest = line.split()
        if verb == "declare":
            steps.append((verb, bz.MeldKind(rest[0]), _ids(rest[1:])))
        elif verb == "play":
            steps.append((verb, None, _ids(rest)))
        else:
            raise PlanError(f"unknown step {line!r}")
    final = set(_ids(plan.final))
    wanted = {c for _, _, cards in steps for c in cards} | final
    # Seat 0's spare cards: spades and diamonds outside the plan, low ones first.
    fillers = sorted(
        (
            c
            for c in range(size)
            if bz.face_of(c).suit in (bz.Suit.SPADES, bz.Suit.DIAMONDS) and c not in wanted
        ),
        key=lambda c: (bz.face_of(c).rank not in _FILLER_RANKS, c),
    )
    losers = [
        c
        for c in range(size)
        if bz.face_of(c).suit in (bz.Suit.CLUBS, bz.Suit.HEARTS) and c not in wanted
    ]
    # Seat 1 keeps both clubs and hearts, so that it can always throw an off suit.
    losers.sort(key=lambda c: (c // 32, bz.face_of(c).suit))

    def needed_next(held: int, done: int) -> int | None:
        """The first card the remaining steps (then the final hand) need and seat 0
        has not got, or ``None``."""
        for _, _, cards in steps[done:]:
            for c in cards:
                if not held >> c & 1:
                    return c
        return next((c for c in sorted(final) if not held >> c & 1), None)

    # Seat 0's dealt hand: what the first steps need, then fillers.
    hand0: list[int] = []
    for _, _, cards in steps:
        hand0 += [c for c in cards if c not in hand0]
    hand0 = hand0[: hand_size - 1] + fillers[: hand_size - len(hand0[: hand_size - 1])]
    fillers = [c for c in fillers if c not in hand0]
    hand1 = losers[:hand_size]
    losers = losers[hand_size:]
    placed = set(hand0) | set(hand1)
    undealt = [c for c in range(size) if c not in placed]
    deck: list[int] = []
    packets0, packets1 = list(hand0), list(hand1)
    for packet in rules.deck.packets:
        deck += packets0[:packet]
        deck += packets1[:packet]
        packets0, packets1 = packets0[packet:], packets1[packet:]
    state = bz.new_deal(rules, deck=deck + undealt, dealer=1)
    actions: list[bz.Action] = []
    drawn: list[int] = []

    def act(action: bz.Action) -> None:
        nonlocal state
        state = state.apply(action)
        actions.append(action)

    def rename(old: int, new: int) -> None:
        """Identical cards (same face, history and broken melds): the engine took
        ``new`` where the plan named ``old``; swap the two in the rest of the plan."""
        swap = {old: new, new: old}
        for _, _, cards in steps:
            cards[:] = [swap.get(c, c) for c in cards]
        if (old in final) != (new in final):
            final.symmetric_difference_update({old, new})

    done = 0
    for _ in range(rules.stock_tricks):
        while state.offers:
            act(bz.Pass())
        held = state.hand_masks[0] | state.table_masks[0]
        # Seat 0 leads: the next planned play, else a filler.
        lead: int | None = None
        if done < len(steps) and steps[done][0] == "play":
            lead = steps[done][2][0]
            done += 1
        else:
            future = {c for _, _, cards in steps[done:] for c in cards} | final
            lead = next((c for c in bits(held) if c not in future), None)
            if lead is None:
                raise PlanError(f"{plan.preset}: seat 0 has no spare card to lead")
        if not held >> lead & 1:
            raise PlanError(f"{plan.preset}: seat 0 does not hold {bz.card_id_name(lead)}")
        before = held
        act(bz.Play(state.card_ref(lead)))
        (played,) = bits(before & ~(state.hand_masks[0] | state.table_masks[0]))
        if played != lead:
            rename(lead, played)
        # Seat 1 throws a card of another suit than the lead (never a trump).
        off = [
            c
            for c in bits(state.hand_masks[1])
            if bz.face_of(c).suit is not bz.face_of(played).suit
        ]
        if not off:
            raise PlanError(f"{plan.preset}: seat 1 cannot throw an off suit")
        act(bz.Play(state.card_ref(off[0])))
        if state.window is None or state.window.seat != 0:
            raise PlanError(f"{plan.preset}: seat 0 lost a trick")
        held = state.hand_masks[0] | state.table_masks[0]
        if done == len(steps) and held == sum(1 << c for c in final):
            return state, deck + drawn + list(state.stock), actions
        if done < len(steps) and steps[done][0] == "declare":
            _, kind, cards = steps[done]
            if all(held >> c & 1 for c in cards) and kind is not None:
                history = state.history
                act(bz.Declare(kind, tuple(state.card_ref(c) for c in cards)))
                took = [c for c in bits(held) if state.history[c] != history[c]]
                for old, new in zip(
                    sorted(set(cards) - set(took)), sorted(set(took) - set(cards)), strict=True
                ):
                    rename(old, new)
                done += 1
        # Both draw: choose the top of the stock, as a dealer's deck order would.
        want = needed_next(held, done)
        spare = sum(1 for c in bits(held) if c not in wanted)
        if want is None or (spare == 0 and not _next_is_play(steps, done)):
            if not fillers:
                raise PlanError(f"{plan.preset}: no spare card left to draw")
            want = fillers.pop(0)
        top = [want, losers.pop(0)]
        stock = tuple(top) + tuple(c for c in state.stock if c not in top)
        if len(stock) != len(state.stock):
            raise PlanError(f"{plan.preset}: {bz.card_id_name(want)} is not in the stock")
        state = attrs.evolve(state, stock=stock)
        drawn += top
        act(bz.Draw())
    raise PlanError(f"{plan.preset}: the stock ran out before the plan was done")


def _next_is_play(steps: Sequence[tuple[str, object, list[int]]], done: int) -> bool:
    return done < len(steps) and steps[done][0] == "play"


def replay(rules: bz.Rules, deck: Sequence[int], actions: Sequence[bz.Action]) -> bz.DealState:
    """Deal ``deck`` (seat 1 deals) and apply the actions one by one, each validated."""
    return bz.play_many(bz.new_deal(rules, deck=list(deck), dealer=1), actions)


@dataclass
class Crowded:
    preset: str
    trick: int
    held: list[str]
    declarations: int
    calls: int
    us_per_call: float
    summary: str


def time_crowded(plan: CrowdedPlan, repeat: int) -> Crowded:
    """Reach the plan's position, check it, and time ``legal_declarations`` there."""
    rules = bz.rules.variants.get(plan.preset)
    position, deck, actions = build_crowded(plan)
    if replay(rules, deck, actions) != position:
        raise PlanError(f"{plan.preset}: replaying the deck and actions reached another state")
    check_state(position)  # every documented invariant of a deal state
    count = len(moves.legal_declarations(fresh(position)))
    if not count:
        raise PlanError(f"{plan.preset}: no legal declaration in the crowded position")
    start = time.perf_counter()
    moves.legal_declarations(fresh(position))
    once = time.perf_counter() - start
    calls = max(3, min(200, int(0.25 / max(once, 1e-9))))
    us = time_calls(moves.legal_declarations, [position] * calls, repeat)
    held = [
        str(position.card_ref(c)) for c in bits(position.hand_masks[0] | position.table_masks[0])
    ]
    return Crowded(
        preset=plan.preset,
        trick=len(position.tricks),
        held=sorted(held),
        declarations=count,
        calls=calls,
        us_per_call=us or 0.0,
        summary=plan.summary,
    )


# -- the whole run -----------------------------------------------------------------------


@dataclass
class PresetFigures:
    preset: str
    packs: int
    hand_size: int
    deals: int
    actions: int
    repeat: int
    run_seconds: list[float]
    run_cpu_seconds: list[float]
    spread: float
    deals_per_second: float
    actions_per_second: float
    actions_per_deal: float
    us_per_action: float
    cpu_us_per_action: float
    legal_actions_us: dict[str, float | None]
    legal_actions_samples: dict[str, int]
    json_us: dict[str, float | None]
    memory: dict[str, int]
    crowded: dict[str, Any] | None = field(default=None)


@dataclass
class Prepared:
    """The untimed-playout figures of a preset, and its playouts to time."""

    name: str
    rules: bz.Rules
    playouts: Playouts
    calls: dict[str, float | None]
    samples: dict[str, int]
    json: dict[str, float | None]
    memory: Memory
    crowded: Crowded | None


def prepare(name: str, deals: int | None, repeat: int, seed: int) -> Prepared:
    """Everything but the timed playouts, which :func:`main` interleaves."""
    rules = bz.rules.variants.get(name)
    count = deals if deals is not None else DEFAULT_DEALS.get(rules.deck.packs, 50)
    # Sampling plays deals too: it warms the engine's caches before any clock starts.
    stock, windows, end = sample_states(rules, seed, SAMPLES)
    calls = {
        "stock": time_calls(moves.legal_actions, stock, repeat),
        "stock_window": time_calls(moves.legal_actions, windows, repeat),
        "end": time_calls(moves.legal_actions, end, repeat),
    }
    plan = CROWDED_PLANS.get(rules.name)
    return Prepared(
        name=name,
        rules=rules,
        playouts=Playouts(count),
        calls=calls,
        samples={"stock": len(stock), "stock_window": len(windows), "end": len(end)},
        # Every tenth state of each phase: reading checks the whole past of a state.
        json=time_json([*stock[::10], *end[::10]], repeat),
        memory=measure_memory(rules, seed),
        crowded=time_crowded(plan, repeat) if plan is not None else None,
    )


def figures_of(prepared: Prepared, repeat: int) -> PresetFigures:
    rules = prepared.rules
    playouts = prepared.playouts
    return PresetFigures(
        preset=prepared.name,
        packs=rules.deck.packs,
        hand_size=rules.deck.hand_size,
        deals=playouts.deals,
        actions=playouts.actions,
        repeat=repeat,
        run_seconds=[round(s, 6) for s in playouts.seconds],
        run_cpu_seconds=[round(s, 6) for s in playouts.cpu_seconds],
        spread=playouts.spread,
        deals_per_second=playouts.deals_per_second,
        actions_per_second=playouts.actions_per_second,
        actions_per_deal=playouts.actions / playouts.deals,
        us_per_action=playouts.us_per_action,
        cpu_us_per_action=playouts.cpu_us_per_action,
        legal_actions_us=prepared.calls,
        legal_actions_samples=prepared.samples,
        json_us=prepared.json,
        memory={
            "mid_deal_state_bytes": prepared.memory.mid_deal_bytes,
            "bytes_per_kept_state": prepared.memory.bytes_per_kept_state,
            "deals": prepared.memory.deals,
        },
        crowded=asdict(prepared.crowded) if prepared.crowded is not None else None,
    )


# -- output ------------------------------------------------------------------------------


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A plain-text table, first column left-aligned, the others right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    return [line(headers), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def _us(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def report(info: dict[str, Any], figures: Sequence[PresetFigures]) -> str:
    out = [
        "bezique engine benchmarks",
        f"Python {info['python']} ({info['implementation']}) on {info['platform']}",
        f"processor: {info['processor']}, {info['cpu_count']} CPUs, "
        f"load average {info['load_average']}",
        f"bezique {info['bezique']}, revision {info['revision']}, {info['date']}",
        f"command: {info['command']}",
        "",
        "Random playouts (median of the runs; every action chosen uniformly among the "
        "legal actions and applied with validation)",
    ]
    out += _table(
        [
            "preset",
            "packs",
            "hand",
            "deals",
            "actions/deal",
            "deals/s",
            "actions/s",
            "µs/action",
            "spread",
            "CPU µs/action",
        ],
        [
            [
                f.preset,
                str(f.packs),
                str(f.hand_size),
                str(f.deals),
                f"{f.actions_per_deal:.0f}",
                f"{f.deals_per_second:.1f}",
                f"{f.actions_per_second:,.0f}",
                f"{f.us_per_action:.1f}",
                f"{f.spread:.0%}",
                f"{f.cpu_us_per_action:.1f}",
            ]
            for f in figures
        ],
    )
    out.append(
        "spread: (slowest run - fastest run) / median run; a large spread means other "
        "work competed for the CPU."
    )
    out.append(
        "CPU µs/action: the same from time.process_time() (median run), which leaves out "
        "the time other processes held the CPU."
    )
    out += [
        "",
        "One fresh legal_actions() call (µs, mean over sampled states; 'window' is the "
        "trick winner's turn, part of the stock phase); a state written as JSON and read "
        "back (µs, every tenth sampled state; reading checks every invariant); and memory",
    ]
    out += _table(
        [
            "preset",
            "stock",
            "window",
            "end",
            "JSON write",
            "JSON read",
            "mid-deal state",
            "per kept state",
        ],
        [
            [
                f.preset,
                _us(f.legal_actions_us["stock"]),
                _us(f.legal_actions_us["stock_window"]),
                _us(f.legal_actions_us["end"]),
                _us(f.json_us["write"]),
                _us(f.json_us["read"]),
                f"{f.memory['mid_deal_state_bytes']:,} B",
                f"{f.memory['bytes_per_kept_state']:,} B",
            ]
            for f in figures
        ],
    )
    out += [
        "Memory: deep size (sys.getsizeof) of the state and the tuples, ints, tricks, "
        "window and melds it holds,",
        "each object once; not counted: the shared Rules object, enum members, None, "
        "booleans, small ints, the memo of legal actions.",
        "'per kept state': all states of a deal kept together (shared parts once) / "
        "number of states. Medians over 9 deals.",
    ]
    crowded = [f.crowded for f in figures if f.crowded is not None]
    if crowded:
        out += ["", "legal_declarations() on a crowded table (reached by legal play, replayed)"]
        out += _table(
            ["preset", "held", "trick", "declarations", "ms/call", "calls"],
            [
                [
                    c["preset"],
                    str(len(c["held"])),
                    str(c["trick"]),
                    str(c["declarations"]),
                    f"{c['us_per_call'] / 1000:.2f}",
                    str(c["calls"]),
                ]
                for c in crowded
            ],
        )
        for c in crowded:
            out.append(f"  {c['preset']}: {c['summary']}; trumps spades, seat 0's turn after")
            out.append(f"    trick {c['trick']}, no declaration yet; held: {' '.join(c['held'])}")
    out += ["", "How cost grows with packs and hand size (by packs, then hand size)"]
    base = [f.deals_per_second for f in figures if f.packs == 2]
    base_rate = statistics.median(base) if base else None
    rows = []
    for f in sorted(figures, key=lambda f: (f.packs, f.hand_size, f.preset)):
        relative = "-" if base_rate is None else f"x{base_rate / f.deals_per_second:.1f}"
        rows.append(
            [
                f.preset,
                str(f.packs),
                str(f.hand_size),
                f"{f.actions_per_deal:.0f}",
                f"{f.us_per_action:.1f}",
                f"{f.deals_per_second:.1f}",
                relative,
            ]
        )
    out += _table(
        ["preset", "packs", "hand", "actions/deal", "µs/action", "deals/s", "time/deal"], rows
    )
    if base_rate is not None:
        out.append("time/deal: relative to the median of the two-pack presets in this run.")
    return "\n".join(out)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="benchmarks/run.py",
        description="Time random playouts, legal_actions(), legal_declarations() on a "
        "crowded table, and the memory of a state, for each preset.",
    )
    parser.add_argument(
        "--presets", help="comma-separated preset names (default: every preset)", default=None
    )
    parser.add_argument(
        "--deals",
        type=_positive,
        default=None,
        help="deals per timed run for every preset (default by pack count: "
        + ", ".join(f"{d} for {p} packs" for p, d in DEFAULT_DEALS.items())
        + ")",
    )
    parser.add_argument(
        "--repeat", type=_positive, default=5, help="timed runs; the median is reported"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and the choices")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    known = [name for name, _ in bz.rules.variants.names()]
    names = known if args.presets is None else [n.strip() for n in args.presets.split(",")]
    try:
        names = [bz.rules.variants.get(n).name for n in names]
    except bz.RulesError as error:
        build_parser().error(str(error))
    info = machine_info(sys.argv if argv is None else ["benchmarks/run.py", *argv])
    prepared: list[Prepared] = []
    for name in names:
        print(f"measuring {name} ...", file=sys.stderr, flush=True)
        prepared.append(prepare(name, args.deals, args.repeat, args.seed))
    # The timed playouts go round the presets, so that a change in the load of the
    # machine during the run falls on every preset alike.
    for run in range(args.repeat):
        print(f"playouts, run {run + 1} of {args.repeat} ...", file=sys.stderr, flush=True)
        for p in prepared:
            p.playouts.run(p.rules, args.seed)
    figures = [figures_of(p, args.repeat) for p in prepared]
    print(report(info, figures))
    if args.json:
        data = {
            "machine": info,
            "settings": {"repeat": args.repeat, "seed": args.seed, "deals": args.deals},
            "presets": [asdict(f) for f in figures],
        }
        Path(args.json).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
