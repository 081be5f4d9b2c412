"""The tables in play: each replayed from the store, acting for one seat at a time,
and telling each seat only what its view holds.

A :class:`Lobby` opens tables (:meth:`Lobby.open`) and finds the seat a token opens
(:meth:`Lobby.seat`). A :class:`Table` takes an action for a seat
(:meth:`Table.act`): the text is read on the seat's own view
(:func:`bezique.parse_action`), refused with the rules' reasons when it is not
legal for that seat (:meth:`bezique.State.why_illegal`), else written to the store
and only then applied. Built-in players move through :meth:`Table.play_bot`, from
their seat's view alone. The server takes those steps apart (:meth:`Table.read`,
:meth:`Table.bot_move`, :meth:`Table.keep`, :meth:`Table.apply`), so that the write,
which waits for the disk, runs outside its event loop and the table changes on it.
What a seat is told, :meth:`Table.seat_data`, is built from its view, the public
totals and its own narration (the game's first-person table screen, as ``bezique
play`` tells it), never from another seat's cards.

Everything goes through :mod:`bezique.variants`: nothing here asks which game a
table plays.

>>> lobby = Lobby(Store())
>>> table = lobby.open("classic", [("person", "Ann"), ("player", "rule-of-thumb")], seed=1)
>>> ann = table.row.seats[0].token
>>> found, seat = lobby.seat(ann)
>>> found is table, seat
(True, 0)
>>> table.current_player
1
>>> table.act(0, "play 8S").reasons
('not-your-turn',)
>>> table.play_bot()
True
>>> table.current_player, len(table.actions)
(0, 1)
"""

from __future__ import annotations

import collections
import datetime
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from bezique import variants
from bezique.errors import BeziqueError, NotationError, RulesError, shown
from bezique.web.store import PERSON, PLAYER, Store, TableRow

__all__ = ["MAX_NAME", "Lobby", "Outcome", "Table", "TableError"]

#: The longest name a person may give, in characters.
MAX_NAME = 40
#: How many lines of its narration a seat is sent (the latest).
LOG_LINES = 200


class TableError(BeziqueError):
    """Bad input to the web app: ``status`` is the HTTP status it answers with,
    ``code`` a short machine-readable word (``bad-seats``, ``no-such-seat``)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


@attrs.frozen
class Outcome:
    """What became of an action a seat sent: ``accepted``, or refused with the rules'
    ``reasons`` (the :class:`~bezique.Reason` codes) and their ``explanations``, or
    refused as text that names no action (``reasons`` is ``("notation",)``)."""

    accepted: bool
    action: str
    reasons: tuple[str, ...] = ()
    explanations: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "accepted": self.accepted,
            "action": self.action,
            "reasons": [
                {"code": code, "explanation": text}
                for code, text in zip(self.reasons, self.explanations, strict=True)
            ],
        }


def _check_name(name: str, seat: int) -> str:
    """A person's name as a game record keeps it: not empty, short, on one line, with
    no comma (the record's player list is comma-separated) and no control character."""
    name = name.strip()
    bad = [ch for ch in name if ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 or ch == ","]
    if not name or len(name) > MAX_NAME or bad:
        raise TableError(
            400,
            "bad-name",
            f"seats[{seat}]: a person's name is 1 to {MAX_NAME} characters on one line, "
            f"with no comma or control character, got {shown(name)}",
        )
    return name


class Table:
    """One table in play: its stored row, its rules and game (:class:`bezique.variants.Game`),
    the state as the actions left it, the built-in players and each seat's narration."""

    def __init__(self, store: Store, row: TableRow) -> None:
        self.store = store
        self.row = row
        doc = json.loads(row.rules)
        self.game = next(g for g in variants.games() if g.name == doc["game"])
        self.rules = self.game.rules_from_dict(doc["rules"])
        decks = None if row.decks is None else json.loads(row.decks)
        seed = None if decks is not None else row.seed
        self.start: Any = variants.new_game(self.rules, seed=seed, decks=decks)
        self.state: Any = self.start
        self.actions: list[Any] = []
        self.names = [seat.name for seat in row.seats]
        self.players = {
            seat.seat: variants.make_player(self.rules, seat.name, f"{row.seed}/{seat.seat}")
            for seat in row.seats
            if seat.kind == PLAYER
        }
        self.logs: dict[int, list[str]] = {
            seat.seat: [] for seat in row.seats if seat.kind == PERSON
        }
        self.screens = {
            seat: self.game.table(self._names_for(seat), self.logs[seat].append, True, seat)
            for seat in self.logs
        }
        for screen in self.screens.values():
            screen.deal(self.state)
        for seat, text in store.actions(row.id):
            self.apply(seat, variants.parse_action(self.state.view(seat), text))

    def _names_for(self, seat: int) -> list[str]:
        return ["You" if s == seat else name for s, name in enumerate(self.names)]

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def current_player(self) -> int | None:
        seat: int | None = self.state.current_player
        return seat

    @property
    def is_over(self) -> bool:
        return bool(self.state.is_over)

    def is_person(self, seat: int) -> bool:
        return seat in self.logs

    def apply(self, seat: int, action: Any) -> None:
        """Apply an action already checked and stored; narrate it to every person."""
        before = self.state
        after, events = before.step(action, seat=seat)
        self.state = after
        self.actions.append(action)
        finished, dealt_next = self.game.deal_ended(before, after)
        for screen in self.screens.values():
            screen.action(before, after, action, events)
            if finished:
                screen.deal_over(after)
                if dealt_next:
                    screen.deal(after)
            if after.is_over:
                screen.result(after)

    def act(self, seat: int, text: str) -> Outcome:
        """Take the action ``text`` for ``seat``: read on the seat's view; refused with
        its reasons if it is not legal for that seat; else stored, then applied."""
        outcome, action = self.read(seat, text)
        if outcome.accepted:
            self.keep(seat, action)
            self.apply(seat, action)
        return outcome

    def read(self, seat: int, text: str) -> tuple[Outcome, Any]:
        """The outcome of ``text`` for ``seat``, read on the seat's view, and the action
        it names when it is legal for that seat (else ``None``); nothing is stored or
        applied."""
        view = self.state.view(seat)
        try:
            action = variants.parse_action(view, text)
        except NotationError as error:
            return Outcome(False, text, ("notation",), (str(error),)), None
        reasons = self.state.why_illegal(action, seat=seat)
        if reasons:
            refused = Outcome(
                False,
                variants.format_action(action),
                tuple(r.value for r in reasons),
                tuple(r.explanation for r in reasons),
            )
            return refused, None
        return Outcome(True, variants.format_action(action)), action

    def keep(self, seat: int, action: Any) -> None:
        """Write ``action``, by ``seat``, to the store as the table's next action,
        committed before this returns (the table itself is not changed); an action that
        ends the game marks the table finished in the same write."""
        after, _ = self.state.step(action, seat=seat)
        self.store.append(
            self.id,
            len(self.actions),
            seat,
            variants.format_action(action),
            finishes=bool(after.is_over),
        )

    def bot_to_act(self) -> Any | None:
        """The built-in player whose turn it is, if any."""
        seat = self.current_player
        return None if seat is None else self.players.get(seat)

    def bot_choice(self) -> tuple[int, Any] | None:
        """The seat to act and the action its built-in player chooses from its view
        (``None`` when a person, or no one, is to act); nothing is applied."""
        seat = self.current_player
        player = None if seat is None else self.players.get(seat)
        if seat is None or player is None:
            return None
        return seat, player.choose(self.state.view(seat))

    def play_bot(self, choice: tuple[int, Any] | None = None) -> bool:
        """Play the move of the built-in player to act (``choice``, from
        :meth:`bot_choice`, or chosen now); ``False`` when no built-in player is to
        act, or the position moved on since the choice was made."""
        move = self.bot_move(choice)
        if move is None:
            return False
        self.keep(*move)
        self.apply(*move)
        return True

    def bot_move(self, choice: tuple[int, Any] | None = None) -> tuple[int, Any] | None:
        """The move of the built-in player to act, ``choice`` or chosen now, when it is
        still legal (``None`` as :meth:`play_bot` returns ``False``); not played."""
        choice = choice or self.bot_choice()
        if choice is None:
            return None
        seat, action = choice
        if seat != self.current_player or not self.state.is_legal(action, seat=seat):
            return None
        return choice

    def record(self) -> str:
        """The game record (JSON), once the game is over: before then it would hold
        the deck orders, which no seat may see."""
        if not self.is_over:
            raise TableError(
                409,
                "game-not-over",
                "the game record can be downloaded once the game is over: it holds every "
                "deal's deck order, which no seat may see before",
            )
        tags = {"Event": "bezique serve", "Date": self.row.created}
        return self.game.record_text(self.start, self.actions, self.names, tags, True)

    def seat_data(self, seat: int) -> dict[str, Any]:
        """All a seat is told: its view (the view's JSON document), its legal moves,
        the deal's and the game's totals, who sits where, whether the game is over and
        who won, and its narration (its latest lines). Built from the seat's view and
        what every seat sees alike."""
        view = self.state.view(seat)
        state = self.state
        rules = self.rules
        sides = [rules.side_of(s) for s in range(rules.players)]
        return {
            "table": self.id,
            "preset": self.row.preset,
            "rules": rules.name,
            "seat": seat,
            "seats": [
                {"seat": s.seat, "kind": s.kind, "name": s.name, "side": sides[s.seat]}
                for s in self.row.seats
            ],
            "current_player": view.current_player,
            "over": self.is_over,
            "winners": list(state.winners) if self.is_over else [],
            "moves": len(self.actions),
            "legal": [variants.format_action(a) for a in view.legal_actions()],
            "deal": {"scores": list(view.scores), "sides": list(view.side_scores)},
            "game": {"scores": list(state.scores), "sides": list(state.side_scores)},
            "log": self.logs[seat][-LOG_LINES:],
            "view": json.loads(variants.view_to_json(view)),
        }

    def picture(self, seat: int) -> tuple[str, str]:
        """The seat's board: ``("svg", text)``, the game's picture of its view, or
        ``("text", board)`` for a game that has no picture."""
        view = self.state.view(seat)
        if self.game.picture is not None:
            return "svg", self.game.picture(view)
        return "text", str(view.render(symbols=True))


#: How many finished tables a lobby holds in memory, for the people still looking at
#: them; others are read again from the store.
KEPT_FINISHED = 32


class Lobby:
    """Every table of a store: opened here, or loaded (replayed) from the store when
    first asked for."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tables: dict[str, Table] = {}
        # The finished tables held, the one served least recently first.
        self._finished: collections.OrderedDict[str, None] = collections.OrderedDict()

    def open(
        self,
        preset: str,
        seats: Sequence[tuple[str, str]],
        *,
        seed: int | str | None = None,
        decks: Sequence[Sequence[str]] | None = None,
    ) -> Table:
        """Open a table of ``preset`` with ``seats``, each ``("person", name)`` or
        ``("player", built-in player name)``; as many seats as the preset's rules
        allow (:attr:`bezique.variants.Game.player_counts`). ``seed`` deals (a random
        one if none), or ``decks``, each deal's deck top first (Bezique's games)."""
        try:
            rules: Any = variants.get(preset)
        except BeziqueError as error:
            raise TableError(400, "bad-preset", str(error)) from None
        game = variants.game_of(rules)
        counts = game.player_counts(rules)
        if len(seats) not in counts:
            allowed = ", ".join(map(str, counts))
            raise TableError(
                400,
                "bad-seats",
                f"{rules.name} seats {allowed} players, got {len(seats)} seats",
            )
        if len(seats) != rules.players:
            rules = game.with_players(rules, len(seats))
        checked = []
        for i, (kind, name) in enumerate(seats):
            if kind == PERSON:
                checked.append((kind, _check_name(name, i)))
            elif kind == PLAYER:
                if name not in game.player_names:
                    raise TableError(
                        400,
                        "bad-player",
                        f"seats[{i}]: a built-in player of {rules.name} is one of "
                        f"{', '.join(game.player_names)}, got {shown(name)}",
                    )
                checked.append((kind, name))
            else:
                raise TableError(
                    400,
                    "bad-seats",
                    f"seats[{i}]: a seat is a person or a player, got {shown(kind)}",
                )
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        doc = json.dumps({"game": game.name, "rules": game.rules_to_dict(rules)})
        try:
            # The table must start: the rules deal from the seed (or the decks).
            variants.new_game(rules, seed=None if decks else seed, decks=decks)
        except (RulesError, NotationError) as error:
            raise TableError(400, "bad-deal", str(error)) from None
        created = datetime.date.today().strftime("%Y.%m.%d")
        row = self.store.create_table(
            rules.name,
            doc,
            seed=seed,
            seats=checked,
            decks=None if decks is None else json.dumps([list(d) for d in decks]),
            created=created,
        )
        table = Table(self.store, row)
        self._tables[row.id] = table
        return table

    def table(self, table_id: str) -> Table:
        """The table of that id, loaded from the store (replayed) the first time."""
        table = self._tables.get(table_id)
        if table is None:
            table = Table(self.store, self.store.table(table_id))
            self._tables[table_id] = table
        return table

    def seat(self, token: str) -> tuple[Table, int]:
        """The table and seat a person's token opens; :class:`TableError` (404) for any
        other text."""
        found = self.store.seat_of(token) if isinstance(token, str) else None
        if found is None:
            raise TableError(404, "no-such-seat", "no seat has this link")
        table_id, seat = found
        return self.table(table_id), seat

    def resume(self) -> list[Table]:
        """Load the tables of the store still in play (each replayed to where it
        stood); a finished one is read again when next asked for. A table the store
        holds as in play whose game is over (a file written before tables were marked
        finished) is marked finished here, and not replayed again."""
        tables = [self.table(table_id) for table_id in self.store.table_ids(finished=False)]
        for table in tables:
            if table.is_over:
                self.store.finish(table.id)
                self._tables.pop(table.id, None)
        return [table for table in tables if not table.is_over]

    def finished(self, table: Table, busy: Callable[[str], bool]) -> list[str]:
        """Note that the finished ``table`` was just served, and let go of the finished
        tables served least recently beyond :data:`KEPT_FINISHED`, but for those
        ``busy`` names (watched, or a built-in player moving). Their ids are returned;
        they stay in the store and are read again when asked for. Only a finished
        table may be let go: no move changes it, so a second copy read from the store
        while the first is still in use is the same table."""
        self._finished[table.id] = None
        self._finished.move_to_end(table.id)
        gone = []
        for table_id in list(self._finished):
            if len(self._finished) <= KEPT_FINISHED:
                break
            if not busy(table_id):
                del self._finished[table_id]
                self._tables.pop(table_id, None)
                gone.append(table_id)
        return gone

    def held(self) -> tuple[str, ...]:
        """The ids of the tables held in memory."""
        return tuple(self._tables)
