#!/usr/bin/env python3
"""Load test of ``bezique serve`` on the loopback.

Starts ``bezique serve`` (uvicorn) on 127.0.0.1 with its tables in an SQLite file,
then, for ``--seconds``, keeps ``--bot-tables`` tables of built-in players alone
playing and ``--clients`` scripted clients, each a person's seat at a table of its
own (against a built-in player): the client follows its seat over the WebSocket and,
at its turn, posts a legal move chosen at random over HTTP, as the page's script
does. A table whose game ends is replaced by a new one.

It reports the moves per second (every move the store holds at the end, less those
it held at the start, over the time), the latency of the scripted clients' moves
(from sending the move to the server's acknowledgement: 50th and 99th percentile,
and the slowest), and the errors: an answer other than 200, a legal move refused,
a WebSocket closed, a seat left waiting ``--stall`` seconds for its turn, an error
in the server's log, an acknowledged move missing from the store, a table of
built-in players that stopped before its game was over.

Needs the ``web`` extra and httpx2 (``nox -s bench-serve`` installs them):

    python benchmarks/serve_load.py                 # one minute
    python benchmarks/serve_load.py --seconds 10 --bot-tables 5 --clients 2
    python benchmarks/serve_load.py --src ../other/src   # the server of another version
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import os
import platform
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent


@attrs.define
class Tally:
    """What the run saw: the latency of each scripted move, the moves each scripted
    table acknowledged (by table id), and every error, described."""

    latencies: list[float] = attrs.field(factory=list)
    acknowledged: dict[str, list[str]] = attrs.field(factory=dict)
    errors: list[str] = attrs.field(factory=list)
    games_over: int = 0

    def error(self, text: str) -> None:
        # The first errors are printed as they come; all are counted.
        if len(self.errors) < 20:
            print(f"error: {text}", file=sys.stderr)
        self.errors.append(text)


def free_port() -> int:
    """A port of the loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def server(
    port: int, db: Path, src: Path = ROOT / "src", log: Path | None = None
) -> Iterator[tuple[str, int]]:
    """``bezique serve`` on the loopback with its tables in the SQLite file ``db``, run
    from the sources in ``src``, its output in ``log`` (``None``: this process's), once
    its home page answers (within 30 s): its address and process id. Stopped at the
    end: asked to end, then killed if it has not within 20 s. The tests that talk to
    the server over real sockets and in a browser start it here too."""
    import httpx2

    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, "-m", "bezique", "serve", "--port", str(port), "--db", str(db)]
    with log.open("wb") if log is not None else contextlib.nullcontext() as out:
        error = None if out is None else subprocess.STDOUT
        process = subprocess.Popen(command, env=env, stdout=out, stderr=error)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx2.get(base, timeout=1).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                where = f"; its log: {log}" if log is not None else ""
                raise SystemExit(f"the server did not start{where}")
            time.sleep(0.1)
        yield base, process.pid
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def stored_moves(db: Path) -> dict[str, int]:
    """The moves the store holds, by table id (read-only: the server writes it)."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as read:
        rows = read.execute("SELECT table_id, COUNT(*) FROM actions GROUP BY table_id")
        counts: dict[str, int] = dict(rows.fetchall())
        return counts


async def open_table(client: Any, preset: str, seats: list[dict[str, str]]) -> dict[str, Any]:
    answer = await client.post("/api/tables", json={"preset": preset, "seats": seats})
    if answer.status_code != 201:
        raise RuntimeError(f"opening a table: {answer.status_code} {answer.text[:200]}")
    opened: dict[str, Any] = answer.json()
    return opened


async def play_seat(
    client: Any, ws_base: str, opened: dict[str, Any], until: float, rng: random.Random, args: Any
) -> bool:
    """Play seat 0 of an opened table until the game is over (``True``) or the time is
    up (``False``); each move's latency and text go to ``args.tally``."""
    from websockets.asyncio.client import connect

    tally: Tally = args.tally
    table = opened["table"]
    token = opened["seats"][0]["token"]
    played = tally.acknowledged.setdefault(table, [])
    async with connect(f"{ws_base}/ws/{token}", max_size=2**24) as ws:
        state: dict[str, Any] = json.loads(await ws.recv())["state"]
        while time.monotonic() < until:
            if state["over"]:
                return True
            if state["current_player"] != 0:
                try:
                    message = await asyncio.wait_for(ws.recv(), timeout=args.stall)
                except TimeoutError:
                    tally.error(
                        f"table {table[:8]}: no turn for {args.stall} s at move {state['moves']}"
                    )
                    return False
                update = json.loads(message)["state"]
                if update["moves"] >= state["moves"]:
                    state = update
                continue
            action = rng.choice(state["legal"])
            start = time.perf_counter()
            answer = await client.post(f"/api/seat/{token}/act", json={"action": action})
            tally.latencies.append(time.perf_counter() - start)
            if answer.status_code != 200:
                tally.error(f"table {table[:8]}: {action!r} answered {answer.status_code}")
                return False
            played.append(answer.json()["outcome"]["action"])
            state = answer.json()["state"]
    return False


async def scripted_client(client: Any, ws_base: str, number: int, until: float, args: Any) -> None:
    """One scripted person: a table after another, until the time is up."""
    rng = random.Random(f"{args.seed}/{number}")
    tally: Tally = args.tally
    while time.monotonic() < until:
        seats = [{"name": f"Client {number}"}, {"player": args.player}]
        try:
            opened = await open_table(client, args.preset, seats)
            if await play_seat(client, ws_base, opened, until, rng, args):
                tally.games_over += 1
        except Exception as error:  # every failure is counted, and the client goes on
            tally.error(f"client {number}: {type(error).__name__}: {error}")
            await asyncio.sleep(1)


async def bot_tables(client: Any, args: Any) -> list[str]:
    seats = [{"player": args.player}, {"player": args.player}]
    opened = [await open_table(client, args.preset, seats) for _ in range(args.bot_tables)]
    return [table["table"] for table in opened]


@attrs.frozen
class Run:
    """The tables of built-in players, the moves stored by table when the clients
    started and when they stopped, and the time between."""

    bots: list[str]
    first: dict[str, int]
    last: dict[str, int]
    seconds: float
    cpu: float | None = None


def cpu_seconds(pid: int) -> float | None:
    """The CPU time a process has used so far (user and system), where the system
    tells it (Linux: /proc); ``None`` elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # utime and stime, the 14th and 15th fields, in clock ticks.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def drive(base: str, pid: int, db: Path, args: Any) -> Run:
    """Open the tables, run the clients for ``args.seconds``."""
    import httpx2

    limits = httpx2.Limits(max_connections=args.clients + 10)
    timeout = httpx2.Timeout(args.stall)
    async with httpx2.AsyncClient(base_url=base, limits=limits, timeout=timeout) as client:
        bots = await bot_tables(client, args)
        first = stored_moves(db)
        cpu_first = cpu_seconds(pid)
        start = time.monotonic()
        until = start + args.seconds
        ws_base = base.replace("http://", "ws://")
        await asyncio.gather(
            *(scripted_client(client, ws_base, n, until, args) for n in range(args.clients))
        )
        last = stored_moves(db)
        cpu_last = cpu_seconds(pid)
        cpu = None if cpu_first is None or cpu_last is None else cpu_last - cpu_first
        return Run(bots, first, last, time.monotonic() - start, cpu)


def check_store(db: Path, tally: Tally, run: Run) -> None:
    """Every acknowledged move is in the store, in order, and no other move of a
    scripted seat; every table of built-in players moved on, or its game is over."""
    from bezique.web.store import Store
    from bezique.web.tables import Lobby

    lobby = Lobby(Store(str(db)))
    for table_id, played in tally.acknowledged.items():
        stored = [text for seat, text in lobby.store.actions(table_id) if seat == 0]
        if stored != played:
            tally.error(f"table {table_id[:8]}: acknowledged moves and stored moves differ")
    for table_id in run.bots:
        table = lobby.table(table_id)
        moved = run.last.get(table_id, 0) > run.first.get(table_id, 0)
        if not moved and not table.is_over:
            tally.error(f"table {table_id[:8]} of built-in players made no move")
    lobby.store.close()


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def report(args: Any, run: Run, log: Path) -> None:
    tally: Tally = args.tally
    seconds = run.seconds
    moves = sum(run.last.values()) - sum(run.first.values())
    by_clients = sum(len(played) for played in tally.acknowledged.values())
    log_errors = [line for line in log.read_text(errors="replace").splitlines() if "ERROR" in line]
    for line in log_errors[:10]:
        tally.error(f"server log: {line}")
    tally.errors.extend(f"server log: {line}" for line in log_errors[10:])
    ms = [1000 * value for value in tally.latencies]
    print(f"bezique serve under load, {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC")
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.platform()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    print(f"command: {' '.join([Path(sys.argv[0]).name, *sys.argv[1:]])}")
    print(f"server: bezique from {args.src}")
    print(
        f"{args.bot_tables} tables of {args.player} players, {args.clients} scripted clients, "
        f"{args.preset}, {seconds:.1f} s"
    )
    print(f"moves stored:      {moves:8d}  {moves / seconds:8.1f} moves/s")
    if run.cpu is not None and moves:
        # Less disturbed by the machine's other work than the rates: compare versions by it.
        print(f"server CPU time:   {run.cpu:8.1f} s   {1000 * run.cpu / moves:8.2f} ms a move")
    print(f"scripted moves:    {by_clients:8d}  {by_clients / seconds:8.1f} moves/s")
    print(f"games finished by scripted clients: {tally.games_over}")
    print(
        f"scripted move latency (send to acknowledgement): "
        f"p50 {percentile(ms, 0.50):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
        f"max {max(ms, default=0.0):.1f} ms"
    )
    print(f"errors: {len(tally.errors)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="time of the run (%(default)s)")
    parser.add_argument("--bot-tables", type=int, default=50, help="tables of built-in players")
    parser.add_argument("--clients", type=int, default=20, help="scripted clients")
    parser.add_argument("--preset", default="classic", help="the tables' preset (%(default)s)")
    parser.add_argument("--player", default="rule-of-thumb", help="the built-in players")
    parser.add_argument("--stall", type=float, default=30.0, help="seconds a seat may wait")
    parser.add_argument("--seed", type=int, default=0, help="seeds the clients' choices")
    parser.add_argument("--db", type=Path, help="the SQLite file (a new one in a tmp folder)")
    parser.add_argument(
        "--src",
        type=Path,
        default=ROOT / "src",
        help="run the server from these sources, to compare two versions (%(default)s)",
    )
    args = parser.parse_args(argv)
    args.tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "tables.db"
        log = Path(tmp) / "server.log"
        with server(free_port(), db, args.src, log) as (base, pid):
            run = asyncio.run(drive(base, pid, db, args))
        check_store(db, args.tally, run)
        report(args, run, log)
    return 1 if args.tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
