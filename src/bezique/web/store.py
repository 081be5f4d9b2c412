"""The tables of ``bezique serve`` kept in SQLite: their rules, seed and seats, and
every accepted action, so that a server started again on the same file resumes every
table where it stood. A table whose game is over is marked finished, in the
transaction of its last action, so that a server started again replays only the
tables in play.

Each action is appended in a transaction of its own, committed before the server
acknowledges it: a crash between two writes loses nothing acknowledged (SQLite's
journal, with ``synchronous=FULL``, makes a committed transaction durable). A
table's position is never stored: it is the start (the rules, the seed or the
decks) replayed by the actions, so the store cannot disagree with the rules.

``Store()`` keeps the tables in memory (for tests); ``Store("tables.db")`` in a file.

>>> store = Store()
>>> table = store.create_table(
...     "classic", '{"game": "x"}', seed=7, seats=[("person", "Ann"), ("player", "random")]
... )
>>> [seat.kind for seat in table.seats], len(table.seats[0].token) >= 32
(['person', 'player'], True)
>>> store.append(table.id, 0, 1, "play QS")
>>> store.actions(table.id)
[(1, 'play QS')]
>>> store.seat_of(table.seats[0].token) == (table.id, 0)
True
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from collections.abc import Callable, Sequence

import attrs

from bezique.errors import BeziqueError

__all__ = ["SeatRow", "Store", "StoreError", "TableRow", "new_token"]

#: The kinds of seat, a person with a private link or a built-in player.
PERSON, PLAYER = "person", "player"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    preset TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed TEXT NOT NULL,
    decks TEXT,
    created TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('person', 'player')),
    name TEXT NOT NULL,
    token TEXT UNIQUE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


class StoreError(BeziqueError):
    """The store refuses a write: an action out of its place in the table's sequence
    (another server wrote it first), or a table it does not hold."""


def new_token() -> str:
    """An unguessable token: 32 random bytes, URL-safe (:func:`secrets.token_urlsafe`)."""
    return secrets.token_urlsafe(32)


@attrs.frozen
class SeatRow:
    """One seat of a table: ``person`` (with its private ``token`` and the name the
    person gave) or ``player`` (a built-in player, by its name: ``rule-of-thumb``)."""

    seat: int
    kind: str
    name: str
    token: str | None = None


@attrs.frozen
class TableRow:
    """A table as stored: its preset's name, its rules as JSON (``{"game": ...,
    "rules": ...}``), its seed, the decks it was dealt from (JSON, or ``None`` when
    the seed deals), when it was opened (``YYYY.MM.DD``) and its seats."""

    id: str
    preset: str
    rules: str
    seed: int | str
    decks: str | None
    created: str
    seats: tuple[SeatRow, ...]


class Store:
    """The tables, their seats and their actions in one SQLite database: ``path`` a
    file (created if need be), or ``":memory:"`` (the default). ``token`` makes the
    tokens and the tables' ids (:func:`new_token`; a test may pass its own)."""

    def __init__(self, path: str = ":memory:", *, token: Callable[[], str] = new_token) -> None:
        self.path = path
        self._token = token
        # One connection, used by one thread at a time (the lock): the server's event
        # loop and the test client's thread both reach it.
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        with self._lock:
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            if "finished" not in columns:
                # A file written before tables were marked finished: each is in play
                # until a server replays it and finds its game over (Lobby.resume).
                self._db.execute(
                    "ALTER TABLE tables ADD COLUMN finished INTEGER NOT NULL DEFAULT 0"
                )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create_table(
        self,
        preset: str,
        rules: str,
        *,
        seed: int | str,
        seats: Sequence[tuple[str, str]],
        decks: str | None = None,
        created: str = "",
    ) -> TableRow:
        """Open a table: ``seats`` are ``(kind, name)`` pairs in seat order; each
        person's seat gets a token. Written in one transaction."""
        table_id = self._token()
        rows = tuple(
            SeatRow(i, kind, name, self._token() if kind == PERSON else None)
            for i, (kind, name) in enumerate(seats)
        )
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, 0)",
                    (table_id, preset, rules, json.dumps(seed), decks, created),
                )
                self._db.executemany(
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                    [(table_id, r.seat, r.kind, r.name, r.token) for r in rows],
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return TableRow(table_id, preset, rules, seed, decks, created, rows)

    def append(
        self, table_id: str, number: int, seat: int, action: str, *, finishes: bool = False
    ) -> None:
        """Append the table's action ``number`` (from 0), by ``seat``, committed before
        this returns; a number already written (or not the next) is refused. With
        ``finishes`` the action ends the table's game, and the table is marked finished
        in the same transaction."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                (count,) = self._db.execute(
                    "SELECT COUNT(*) FROM actions WHERE table_id = ?", (table_id,)
                ).fetchone()
                if count != number:
                    raise StoreError(
                        f"table {table_id}: action {number} is not the next ({count} written)"
                    )
                self._db.execute(
                    "INSERT INTO actions VALUES (?, ?, ?, ?)", (table_id, number, seat, action)
                )
                if finishes:
                    self._finish(table_id)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def finish(self, table_id: str) -> None:
        """Mark the table finished: its game is over."""
        with self._lock:
            self._finish(table_id)

    def _finish(self, table_id: str) -> None:
        self._db.execute("UPDATE tables SET finished = 1 WHERE id = ?", (table_id,))

    def table_ids(self, *, finished: bool | None = None) -> list[str]:
        """The tables' ids, in the order they were opened: every table's, or with
        ``finished`` only those marked finished (``True``) or not (``False``)."""
        kept = (0, 1) if finished is None else (int(finished),)
        marks = ", ".join("?" * len(kept))
        with self._lock:
            rows = self._db.execute(
                f"SELECT id FROM tables WHERE finished IN ({marks}) ORDER BY rowid", kept
            ).fetchall()
        return [row[0] for row in rows]

    def table(self, table_id: str) -> TableRow:
        with self._lock:
            found = self._db.execute(
                "SELECT id, preset, rules, seed, decks, created FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
            seats = self._db.execute(
                "SELECT seat, kind, name, token FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
        if found is None:
            raise StoreError(f"no table {table_id}")
        rows = tuple(SeatRow(*row) for row in seats)
        seed = json.loads(found[3])
        return TableRow(found[0], found[1], found[2], seed, found[4], found[5], rows)

    def actions(self, table_id: str) -> list[tuple[int, str]]:
        """The table's actions in order, each ``(seat, action text)``."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY number",
                (table_id,),
            ).fetchall()
        return [(seat, action) for seat, action in rows]

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """The table and seat a person's token opens; ``None`` for any other text."""
        with self._lock:
            found = self._db.execute(
                "SELECT table_id, seat FROM seats WHERE token = ?", (token,)
            ).fetchone()
        return None if found is None else (found[0], found[1])
