"""The tables of ``bezique serve`` kept in SQLite (:mod:`bezique.web.store`) and
played (:mod:`bezique.web.tables`): they need the core alone, so they are tested in
the default run; the web app itself is tested in tests/web (``nox -s web``).

A table survives its server: reopened from the same file, every table stands where
it stood, replayed from its start and its actions; an action is written before it is
acknowledged, so a server killed at once loses nothing it acknowledged."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import bezique as bz
from bezique.web.store import Store, StoreError
from bezique.web.tables import Lobby, Table, TableError

ROOT = Path(__file__).resolve().parent.parent


def people(n: int) -> list[tuple[str, str]]:
    return [("person", f"P{i}") for i in range(n)]


def play_some(lobby: Lobby, table_id: str, moves: int) -> None:
    """Each person plays the first of its legal moves, ``moves`` times."""
    table = lobby.table(table_id)
    for _ in range(moves):
        seat = table.current_player
        assert seat is not None
        legal = table.state.view(seat).legal_actions()
        assert table.act(seat, bz.format_action(legal[0])).accepted


@pytest.mark.parametrize(
    ("preset", "seats"), [("classic", 2), ("partnership", 4), ("zetema", 3), ("polish", 2)]
)
def test_a_table_reopened_from_its_file_stands_where_it_stood(
    tmp_path: Path, preset: str, seats: int
) -> None:
    path = str(tmp_path / "tables.db")
    store = Store(path)
    lobby = Lobby(store)
    table = lobby.open(preset, people(seats), seed=5)
    play_some(lobby, table.id, 25)
    before = table.state
    views = [bz.view_to_json(before.view(s)) for s in range(seats)]
    logs = {s: list(lines) for s, lines in table.logs.items()}
    tokens = [seat.token for seat in table.row.seats]
    store.close()

    again = Lobby(Store(path))
    (resumed,) = again.resume()
    assert resumed.id == table.id
    assert not resumed.state.is_over
    assert [bz.view_to_json(resumed.state.view(s)) for s in range(seats)] == views
    assert resumed.state.scores == before.scores
    assert resumed.logs == logs
    for seat, token in enumerate(tokens):
        assert token is not None
        assert again.seat(token) == (resumed, seat)
    play_some(again, table.id, 3)
    assert len(resumed.actions) == 28


def test_built_in_players_seats_and_seeds_are_kept(tmp_path: Path) -> None:
    path = str(tmp_path / "tables.db")
    lobby = Lobby(Store(path))
    seats = [("person", "Ann"), ("player", "rule-of-thumb"), ("person", "Bo"), ("player", "random")]
    table = lobby.open("partnership", seats, seed="club night")
    while table.bot_to_act() is not None:
        assert table.play_bot()
    row = Lobby(Store(path)).table(table.id).row
    assert row.seed == "club night"
    assert [(s.kind, s.name) for s in row.seats] == seats
    assert [s.token is None for s in row.seats] == [False, True, False, True]
    assert len({s.token for s in row.seats}) == 3


def test_an_action_is_written_before_it_is_acknowledged(tmp_path: Path) -> None:
    """A server that dies at once (no close, no flush: ``os._exit``) after
    acknowledging its actions loses none of them."""
    path = tmp_path / "tables.db"
    script = f"""
import sys
import bezique as bz
from bezique.web.store import Store
from bezique.web.tables import Lobby
lobby = Lobby(Store({str(path)!r}))
table = lobby.open("classic", [("person", "A"), ("person", "B")], seed=3)
print(table.id, flush=True)
for _ in range(40):
    seat = table.current_player
    text = bz.format_action(table.state.view(seat).legal_actions()[0])
    assert table.act(seat, text).accepted
    print("ack", flush=True)
import os
os._exit(0)
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    table_id, *acks = done.stdout.split()
    assert len(acks) == 40
    table = Lobby(Store(str(path))).table(table_id)
    assert len(table.actions) == 40


def test_the_store_refuses_an_action_out_of_its_place() -> None:
    store = Store()
    row = store.create_table("classic", "{}", seed=1, seats=[("person", "A"), ("person", "B")])
    store.append(row.id, 0, 1, "play 7H")
    with pytest.raises(StoreError, match="not the next"):
        store.append(row.id, 0, 0, "play 8S")
    with pytest.raises(StoreError, match="not the next"):
        store.append(row.id, 2, 0, "play 8S")
    assert store.actions(row.id) == [(1, "play 7H")]
    with pytest.raises(StoreError, match="no table"):
        store.table("nope")
    assert store.seat_of("nope") is None


@pytest.mark.parametrize(
    ("preset", "seats", "code"),
    [
        ("no-such-game", [("person", "A"), ("person", "B")], "bad-preset"),
        ("classic", [("person", "A")], "bad-seats"),
        ("classic", [("person", "A"), ("person", "B"), ("person", "C")], "bad-seats"),
        ("zetema", [("person", "A")] * 7, "bad-seats"),
        ("classic", [("person", "A"), ("robot", "B")], "bad-seats"),
        ("classic", [("person", "A"), ("player", "deep-blue")], "bad-player"),
        ("classic", [("person", "A"), ("person", "")], "bad-name"),
        ("classic", [("person", "A"), ("person", "Ann, Bo")], "bad-name"),
        ("classic", [("person", "A"), ("person", "x" * 41)], "bad-name"),
        ("classic", [("person", "A"), ("person", "\x1b[2J")], "bad-name"),
    ],
)
def test_a_table_that_cannot_be_played_is_refused(
    preset: str, seats: list[tuple[str, str]], code: str
) -> None:
    with pytest.raises(TableError) as caught:
        Lobby(Store()).open(preset, seats, seed=1)
    assert caught.value.code == code
    assert caught.value.status == 400


def test_a_refused_action_says_why_and_changes_nothing() -> None:
    lobby = Lobby(Store())
    table = lobby.open("classic", people(2), seed=1)
    outcome = table.act(0, "play 8S")
    assert outcome.to_dict() == {
        "accepted": False,
        "action": "play 8S",
        "reasons": [{"code": "not-your-turn", "explanation": "another seat is to act now"}],
    }
    assert table.act(1, "dance").reasons == ("notation",)
    assert table.actions == []
    assert lobby.store.actions(table.id) == []


def test_the_record_waits_for_the_end_of_the_game_and_replays() -> None:
    lobby = Lobby(Store())
    rules_target = "classic"
    table = lobby.open(rules_target, [("player", "random"), ("player", "random")], seed=2)
    with pytest.raises(TableError, match="once the game is over") as caught:
        table.record()
    assert caught.value.status == 409
    while table.play_bot():
        pass
    assert table.is_over
    record = bz.load_game_record(table.record())
    assert isinstance(record, bz.GameRecord)
    assert record.players == ("random", "random")
    assert dict(record.tags)["Event"] == "bezique serve"
    assert json.loads(table.record())["winners"] == list(table.state.winners)


def test_a_server_started_again_replays_only_the_tables_in_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The action that ends a game marks its table finished in the same write, so a
    lobby resuming the file replays the tables in play and no finished one; a
    finished table is still read when a link asks for it."""
    path = str(tmp_path / "tables.db")
    lobby = Lobby(Store(path))
    bots = [("player", "random"), ("player", "random")]
    done = lobby.open("classic", bots, seed=2)
    while done.play_bot():
        pass
    in_play = lobby.open("classic", people(2), seed=3)
    play_some(lobby, in_play.id, 5)
    assert lobby.store.table_ids(finished=True) == [done.id]
    assert lobby.store.table_ids(finished=False) == [in_play.id]
    assert lobby.store.table_ids() == [done.id, in_play.id]

    replayed: list[str] = []
    real = Lobby.table

    def counting(self: Lobby, table_id: str) -> Table:
        replayed.append(table_id)
        return real(self, table_id)

    monkeypatch.setattr(Lobby, "table", counting)
    again = Lobby(Store(path))
    assert [t.id for t in again.resume()] == [in_play.id]
    assert replayed == [in_play.id]
    assert again.table(done.id).is_over


def test_a_file_written_before_tables_were_marked_finished_is_read(tmp_path: Path) -> None:
    """A store file without the ``finished`` column gains it; its finished tables are
    replayed once, found over and marked, and not replayed again."""
    path = str(tmp_path / "tables.db")
    lobby = Lobby(Store(path))
    done = lobby.open("classic", [("player", "random"), ("player", "random")], seed=2)
    while done.play_bot():
        pass
    in_play = lobby.open("classic", people(2), seed=3)
    lobby.store.close()
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE tables DROP COLUMN finished")
    old = Lobby(Store(path))
    assert old.store.table_ids(finished=False) == [done.id, in_play.id]
    assert [t.id for t in old.resume()] == [in_play.id]
    assert old.store.table_ids(finished=True) == [done.id]
