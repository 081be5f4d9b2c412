"""Game records: a whole game, replayable, as JSON and as a readable text record.

A :class:`GameRecord` holds the rules, the game's seed (or, without one, each
deal's deck order), the first dealer, every deal as a
:class:`~bezique.DealRecord` (its dealer, deck order, actions and the scores
they led to), the game totals after each deal, and the result. Loading a record
replays it with the engine, and a record that the replay refutes is refused
with :class:`~bezique.InvalidStateError`. The documentation page "Game records"
describes both forms.

>>> import bezique as bz
>>> from bezique.players import make_player
>>> game = bz.new_game(bz.variants.CLASSIC, seed=7)
>>> bots = [make_player("rule-of-thumb"), make_player("random", seed=1)]
>>> actions = []
>>> while not game.is_over:
...     action = bots[game.current_player].choose(game.deal.view(game.current_player))
...     actions.append(action)
...     game = game.apply(action)
>>> record = record_game(bz.new_game(bz.variants.CLASSIC, seed=7), actions)
>>> record.winners == game.winners, record.totals[-1] == game.totals
(True, True)
>>> GameRecord.from_json(record.to_json()) == record == GameRecord.from_text(record.to_text())
True
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from bezique.actions import ACTION_VERBS, Action
from bezique.errors import (
    BeziqueError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
    printable,
    require,
    shown,
)
from bezique.game import GameState, deal_seed, new_game
from bezique.io import DealRecord, deck_order, record_deal
from bezique.io.readers import (
    fail,
    read_bool,
    read_header,
    read_ints,
    read_list,
    read_object,
    read_seat,
    read_seat_list,
    read_str,
)
from bezique.io.rules_json import rules_from_dict, rules_to_dict
from bezique.io.text import dumps, loads
from bezique.notation import parse_action
from bezique.records import ScoreEvent, ScoreSource
from bezique.rules import Rules, variants
from bezique.state import DealState, initial_events

__all__ = [
    "GAME_RECORD_FORMAT",
    "GAME_RECORD_VERSION",
    "GameRecord",
    "GameStep",
    "load_game_record",
    "record_game",
]

#: The ``format`` of a game record document.
GAME_RECORD_FORMAT = "bezique-game-record"
#: The ``version`` of the game records this release writes and reads.
GAME_RECORD_VERSION = 1

_KEYS = (
    "format",
    "version",
    "rules",
    "seed",
    "first_dealer",
    "players",
    "tags",
    "deals",
    "over",
    "winners",
)
_DEAL_KEYS = ("dealer", "deck", "actions", "scores", "totals")

#: Tags the text record writes itself; a record's free ``tags`` may use none of them.
RESERVED_TAGS = frozenset(
    {
        "Variant",
        "Rules",
        "Players",
        "Seed",
        "FirstDealer",
        "Totals",
        "Result",
        "Deal",
        "Dealer",
        "Deck",
        "Scores",
    }
)
#: The tags of a deal, after its ``[Deal "N"]``.
_DEAL_TAGS = ("Dealer", "Deck", "Scores", "Totals")
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]')
_MOVE_NUMBER = re.compile(r"\d+\.")


def _seed(value: int | str | None) -> int | str | None:
    """A seed written as a whole number is that number: ``"7"`` and ``7`` shuffle
    alike, and the text record cannot tell them apart."""
    # Longer than a seed may be (256 bits, 78 digits) it stays text: Python refuses
    # to read numbers of thousands of digits.
    if isinstance(value, str) and re.fullmatch(r"-?[1-9][0-9]{0,99}|0", value):
        return int(value)
    return value


@attrs.frozen
class GameStep:
    """One action of a game replayed: the game before and after it, the action and
    what it scored. ``deal`` is the number (from 1) of the deal it was played in."""

    deal: int
    before: GameState
    action: Action
    after: GameState
    events: tuple[ScoreEvent, ...]

    @property
    def finished_deal(self) -> bool:
        """Whether the action ended its deal."""
        return len(self.after.results) > len(self.before.results)

    @property
    def deal_after(self) -> DealState:
        """The deal the action was played in, as the action left it."""
        if self.finished_deal and self.after.previous is not None:
            return self.after.previous
        return self.after.deal

    @property
    def dealt_next(self) -> bool:
        """Whether the next deal was dealt after this action (its deal ended, and the
        game went on, or was won by a turned-up seven)."""
        return self.finished_deal and not self.after.deal.is_over


@attrs.frozen
class GameRecord:
    """A whole game, replayable.

    ``seed`` is the game's seed (see :func:`bezique.new_game`), or ``None`` when
    each deal's deck order alone says how it was dealt; each of ``deals`` holds
    its dealer, deck order (top first), actions (text forms) and the scores they
    led to; ``totals`` holds the game totals after each deal (for a deal still
    being played, with its points so far where they count). The last deal may be
    unfinished (a game in progress, or a game won in the middle of
    a deal). ``over`` and ``winners`` are those of :class:`~bezique.GameState`:
    sides in partnerships. ``players`` names who sat in each seat (or nothing),
    and ``tags`` are free pairs such as ``("Event", "club night")``, ``("Date",
    "2024.05.01")``.
    """

    rules: Rules
    first_dealer: int
    deals: tuple[DealRecord, ...]
    totals: tuple[tuple[int, ...], ...]
    over: bool
    winners: tuple[int, ...]
    seed: int | str | None = attrs.field(default=None, converter=_seed)
    players: tuple[str, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()

    # -- replaying -------------------------------------------------------------------

    def initial_state(self) -> GameState:
        """The game as it started."""
        if self.seed is not None:
            return new_game(self.rules, seed=self.seed, first_dealer=self.first_dealer)
        return new_game(
            self.rules, first_dealer=self.first_dealer, decks=[d.deck for d in self.deals]
        )

    def steps(self) -> Iterator[GameStep]:
        """Replay the game action by action.

        Raises :class:`~bezique.InvalidStateError` when the replay refutes the
        record, naming the deal and what is wrong: a deck other than the seed
        deals, a dealer out of turn, an action that does not parse or is illegal,
        a deal that goes on after it is over or stops before it is, scores or
        totals other than the replay's.
        """
        if not self.deals:
            raise InvalidStateError("deals: a game record holds at least one deal")
        if len(self.totals) != len(self.deals):
            raise InvalidStateError(
                f"totals: {len(self.totals)} totals for {len(self.deals)} deals"
            )
        game = self.initial_state()
        last = len(self.deals) - 1
        for i, deal in enumerate(self.deals):
            where = f"deal {i + 1}"
            if deal.rules != self.rules:
                raise InvalidStateError(f"{where}: its rules are not the game's")
            if deal.dealer != game.deal.dealer:
                raise InvalidStateError(
                    f"{where}: the record says seat {deal.dealer} deals, but the deal "
                    f"passes to seat {game.deal.dealer}"
                )
            if self.seed is not None and deal.deck != deck_order(
                self.rules, deal_seed(self.seed, i)
            ):
                raise InvalidStateError(
                    f"{where}: deck: not the order the game's seed {self.seed!r} deals"
                )
            dealt_next = False
            for j, text in enumerate(deal.actions):
                if game.is_over or len(game.results) > i:
                    raise InvalidStateError(
                        f"{where}: actions[{j}] {text!r}: the "
                        + ("game" if game.is_over else "deal")
                        + " is already over"
                    )
                try:
                    action = parse_action(game.deal, text)
                    after, events = game.step(action)
                except (IllegalActionError, NotationError) as error:
                    raise InvalidStateError(f"{where}: actions[{j}] {text!r}: {error}") from error
                except BeziqueError as error:  # no deck for the deal that follows
                    raise InvalidStateError(f"{where}: {error}") from error
                step = GameStep(i + 1, game, action, after, events)
                dealt_next = step.dealt_next
                yield step
                game = after
            ended = len(game.results) > i
            state = game.previous if ended and game.previous is not None else game.deal
            if state.scores != deal.scores:
                raise InvalidStateError(
                    f"{where}: scores: the record says {list(deal.scores)}, but replaying "
                    f"its actions gives {list(state.scores)}"
                )
            if _standing(game, i) != self.totals[i]:
                raise InvalidStateError(
                    f"{where}: totals: the record says {list(self.totals[i])}, but "
                    f"replaying gives {list(_standing(game, i))}"
                )
            if i < last and not dealt_next:
                raise InvalidStateError(
                    f"{where}: the "
                    + ("game is over" if game.is_over else "deal is not over")
                    + f" after its {len(deal.actions)} actions, but the record goes on "
                    f"to deal {i + 2}"
                )
            if i == last and dealt_next:
                raise InvalidStateError(
                    f"{where}: the game goes on to deal {i + 2}, dealt after this one's "
                    "last action; a record holds every deal dealt (the last one with no "
                    "actions yet)"
                )
        if (game.over, game.winners) != (self.over, self.winners):
            raise InvalidStateError(
                f"result: the record says {_result_text(self.over, self.winners)!r}, but "
                f"replaying gives {_result_text(game.over, game.winners)!r}"
            )

    def replay(self) -> GameState:
        """Replay the game and return it as it stands after the last action (see
        :meth:`steps` for the errors)."""
        game: GameState | None = None
        for step in self.steps():
            game = step.after
        return self.initial_state() if game is None else game

    # -- JSON --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The record document as plain JSON data."""
        return {
            "format": GAME_RECORD_FORMAT,
            "version": GAME_RECORD_VERSION,
            "rules": rules_to_dict(self.rules),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "players": list(self.players),
            "tags": dict(self.tags),
            "deals": [
                {**deal.body(), "totals": list(totals)}
                for deal, totals in zip(self.deals, self.totals, strict=True)
            ],
            "over": self.over,
            "winners": list(self.winners),
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """The record document as JSON text (see :func:`~bezique.io.state_to_json` for
        ``indent``)."""
        return dumps(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record from JSON data already parsed (see :meth:`from_json`)."""
        doc = read_header(data, GAME_RECORD_FORMAT, GAME_RECORD_VERSION, _KEYS)
        rules = rules_from_dict(doc["rules"])
        seed = doc["seed"]
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, (int, str)) or seed == ""
        ):
            fail("seed", "an integer, a string or null", seed)
        deals: list[DealRecord] = []
        totals: list[tuple[int, ...]] = []
        for i, raw in enumerate(read_list(doc["deals"], "deals")):
            path = f"deals[{i}]"
            obj = read_object(raw, path, _DEAL_KEYS)
            deals.append(DealRecord.from_body(obj, rules, f"{path}."))
            totals.append(_seat_ints(obj["totals"], f"{path}.totals", rules))
        raw_tags = doc["tags"]
        if not isinstance(raw_tags, Mapping):
            fail("tags", "an object", raw_tags)
        tags = tuple((k, read_str(v, f"tags.{k}")) for k, v in raw_tags.items())
        players = tuple(
            read_str(p, f"players[{i}]") for i, p in enumerate(read_list(doc["players"], "players"))
        )
        return _checked(
            cls(
                rules=rules,
                first_dealer=read_seat(doc["first_dealer"], "first_dealer", rules.players),
                deals=tuple(deals),
                totals=tuple(totals),
                over=read_bool(doc["over"], "over"),
                winners=read_seat_list(doc["winners"], "winners", rules.side_count),
                seed=seed,
                players=players,
                tags=tags,
            )
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record document and replay it.

        Raises :class:`~bezique.NotationError` for a document that is not well
        formed (as :func:`~bezique.io.load_state` does) and
        :class:`~bezique.InvalidStateError` for one the replay refutes."""
        return cls.from_dict(loads(text))

    # -- the text record ---------------------------------------------------------------

    def to_text(self) -> str:
        """The text record: tag pairs, then each deal's tags, moves and result (see
        the documentation page "Game records" for the grammar). Score events are
        written as comments after the action that scored them."""
        lines = [_tag(name, value) for name, value in self.tags]
        lines.append(_tag("Variant", self.rules.name))
        if not _is_preset(self.rules):
            lines.append(_tag("Rules", dumps(rules_to_dict(self.rules), None)))
        if self.players:
            lines.append(_tag("Players", ", ".join(self.players)))
        if self.seed is not None:
            lines.append(_tag("Seed", str(self.seed)))
        lines.append(_tag("FirstDealer", str(self.first_dealer)))
        lines.append(_tag("Totals", _ints(self.totals[-1] if self.totals else ())))
        lines.append(_tag("Result", _result_text(self.over, self.winners)))
        moves: list[list[str]] = [[] for _ in self.deals]
        for step in self.steps():
            _write_step(moves[step.deal - 1], step)
        for i, deal in enumerate(self.deals):
            lines += ["", _tag("Deal", str(i + 1)), _tag("Dealer", str(deal.dealer))]
            if self.seed is None:
                lines.append(_tag("Deck", " ".join(deal.deck)))
            opening = _events_text(initial_events(deal.initial_state()))
            lines += [opening] if opening else []
            lines += moves[i]
            lines.append(_tag("Scores", _ints(deal.scores)))
            lines.append(_tag("Totals", _ints(self.totals[i])))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a text record and replay it. Raises :class:`~bezique.NotationError`
        (naming the line) for text that does not follow the grammar and
        :class:`~bezique.InvalidStateError` for a record the replay refutes."""
        require(text, str, "GameRecord.from_text()", "text", "a str")
        return _checked(_TextReader(text).read())


def _checked(record: GameRecord) -> GameRecord:
    """``record``, once its names are well formed and the replay bears it out."""
    rules = record.rules
    if record.players and len(record.players) != rules.players:
        raise InvalidStateError(f"players: {len(record.players)} names for {rules.players} seats")
    for i, name in enumerate(record.players):
        if not name or name != name.strip() or "," in name or "\n" in name or '"' in name:
            raise NotationError(
                f"players[{i}]: {name!r}: a player's name is not empty, has no comma, "
                "quote or line break, and no space at either end"
            )
    for name, value in record.tags:
        if not _TAG_NAME.fullmatch(name) or name in RESERVED_TAGS:
            raise NotationError(
                f"tags: {name!r} is not a free tag name (a letter, then letters, digits "
                f"or _; not one of {', '.join(sorted(RESERVED_TAGS))})"
            )
        if "\n" in value:
            raise NotationError(f"tags.{name}: a tag's value has no line break")
    if isinstance(record.seed, str) and ("\n" in record.seed or not record.seed):
        raise NotationError(f"seed: {record.seed!r}: not empty, no line break")
    for _ in record.steps():
        pass
    return record


def _standing(game: GameState, index: int) -> tuple[int, ...]:
    """The game totals after deal ``index``: once it is finished (or the game is
    over), the game's totals; while it is played, with its points so far where they
    count towards them (:attr:`bezique.GameState.scores`)."""
    return game.totals if len(game.results) > index or game.is_over else game.scores


def _seat_ints(value: object, path: str, rules: Rules) -> tuple[int, ...]:
    numbers = read_ints(value, path)
    if len(numbers) != rules.players:
        raise InvalidStateError(f"{path}: {len(numbers)} numbers for {rules.players} players")
    return numbers


def _is_preset(rules: Rules) -> bool:
    try:
        return variants.get(rules.name) == rules
    except BeziqueError:
        return False


def _ints(values: Iterable[int]) -> str:
    return " ".join(str(v) for v in values)


def _result_text(over: bool, winners: Sequence[int]) -> str:
    """``*`` while the game goes on, the winning seats (sides) ``0`` or ``0 2`` (a
    shared win), or ``draw``."""
    if not over:
        return "*"
    return _ints(winners) if winners else "draw"


def _tag(name: str, value: str) -> str:
    """A tag pair: the value's backslashes and quotes escaped by a backslash, and its
    control characters written as escapes (``\\x1b``, ``\\u2028``), so that the
    record stays one tag a line, as :meth:`_TextReader.tag` reads it back."""
    escaped = printable(value.replace("\\", "\\\\").replace('"', '\\"'))
    return f'[{name} "{escaped}"]'


#: An escape in a tag's value, a character written by its code (``\\x1b``,
#: ``\\u2028``, ``\\U0001f600``), or any other character after a backslash.
_ESCAPE = re.compile(r"\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|(.))")


def _unescaped(match: re.Match[str]) -> str:
    code = match.group(1) or match.group(2) or match.group(3)
    if code is None:
        return match.group(4)
    number = int(code, 16)
    if number > sys.maxunicode:
        raise NotationError(f"not a character: {shown(match.group(0))}")
    return chr(number)


def _events_text(events: Iterable[ScoreEvent]) -> str:
    """Score events as comments: ``{1: +20 common-marriage}``."""
    parts = []
    for event in events:
        if event.source is ScoreSource.DECLARATION:
            what = event.detail
        else:
            what = event.source.value + (f" ({event.detail})" if event.detail else "")
        parts.append(f"{{{event.seat}: +{event.points} {what}}}")
    return " ".join(parts)


def _write_step(lines: list[str], step: GameStep) -> None:
    """Add an action to a deal's move lines: a line for each trick, numbered, with
    the trick winner's turn after it."""
    deal = step.before.deal
    text = str(step.action)
    if not lines or (text.startswith("play ") and not deal.trick):
        number = f"{len(deal.tricks) + 1}. " if text.startswith("play ") else ""
        lines.append(number + text)
    else:
        lines[-1] += " " + text
    events = _events_text(step.events)
    if events:
        lines[-1] += " " + events


class _TextReader:
    """Reads a text record line by line (see :meth:`GameRecord.from_text`)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.index = 0

    def fail(self, message: str) -> NotationError:
        return NotationError(f"line {self.index}: {message}")

    def next_line(self) -> str | None:
        """The next line that is neither blank nor a ``;`` comment (``None``: the end)."""
        while self.index < len(self.lines):
            line = self.lines[self.index].strip()
            self.index += 1
            if line and not line.startswith(";"):
                return line
        return None

    def tag(self, line: str) -> tuple[str, str] | None:
        if not line.startswith("["):
            return None
        match = _TAG_LINE.fullmatch(line)
        if match is None:
            raise self.fail(f'not a tag pair [Name "value"]: {line!r}')
        value = _ESCAPE.sub(_unescaped, match.group(2))
        return match.group(1), value

    def number(self, value: str, what: str) -> int:
        # No score or count of a game runs to 19 digits; Python refuses to read
        # thousands of them.
        if not re.fullmatch(r"-?[0-9]{1,18}", value):
            raise self.fail(f"{what}: not a whole number of at most 18 digits: {shown(value)}")
        return int(value)

    def numbers(self, value: str, what: str, count: int) -> tuple[int, ...]:
        numbers = tuple(self.number(v, what) for v in value.split())
        if len(numbers) != count:
            raise self.fail(f"{what}: {len(numbers)} numbers for {count} players")
        return numbers

    def read(self) -> GameRecord:
        header: dict[str, str] = {}
        free: list[tuple[str, str]] = []
        line = self.next_line()
        while line is not None:
            pair = self.tag(line)
            if pair is None:
                raise self.fail(f"a tag pair or [Deal ...] expected, got {line!r}")
            name, value = pair
            if name == "Deal":
                break
            if name in header or any(name == n for n, _ in free):
                raise self.fail(f"tag {name} given twice")
            if name in _DEAL_TAGS and name != "Totals":  # the game's Totals head the record
                raise self.fail(f'tag {name} belongs to a deal, after its [Deal "N"]')
            if name in RESERVED_TAGS:
                header[name] = value
            else:
                free.append(pair)
            line = self.next_line()
        rules = self.rules(header)
        seed = header.get("Seed")
        for name in ("FirstDealer", "Result"):
            if name not in header:
                raise NotationError(f"the tag [{name} ...] is missing")
        first_dealer = self.number(header["FirstDealer"], "FirstDealer")
        if not 0 <= first_dealer < rules.players:
            raise InvalidStateError(
                f"FirstDealer: no seat {first_dealer}; seats are 0..{rules.players - 1}"
            )
        deals: list[DealRecord] = []
        totals: list[tuple[int, ...]] = []
        while line is not None:
            line = self.deal(line, len(deals), rules, seed, deals, totals)
        if (
            "Totals" in header
            and totals
            and (self.numbers(header["Totals"], "Totals", rules.players) != totals[-1])
        ):
            raise InvalidStateError(
                f"Totals: the header says {header['Totals']}, the last deal {_ints(totals[-1])}"
            )
        over, winners = self.result(header["Result"], rules)
        players = (
            tuple(p.strip() for p in header["Players"].split(",")) if "Players" in header else ()
        )
        return GameRecord(
            rules=rules,
            first_dealer=first_dealer,
            deals=tuple(deals),
            totals=tuple(totals),
            over=over,
            winners=winners,
            seed=seed,
            players=players,
            tags=tuple(free),
        )

    def rules(self, header: Mapping[str, str]) -> Rules:
        if "Variant" not in header:
            raise NotationError("the tag [Variant ...] is missing")
        name = header["Variant"]
        if "Rules" in header:
            try:
                rules = rules_from_dict(loads(header["Rules"]), "Rules")
            except NotationError as error:
                raise NotationError(f"Rules: {error}") from None
            if rules.name != name:
                raise NotationError(f"Rules: named {rules.name!r}, but the Variant is {name!r}")
            return rules
        try:
            return variants.get(name)
        except BeziqueError as error:
            raise NotationError(f"Variant: {error}") from None

    def result(self, text: str, rules: Rules) -> tuple[bool, tuple[int, ...]]:
        if text == "*":
            return False, ()
        if text == "draw":
            return True, ()
        winners = tuple(self.number(w, "Result") for w in text.split())
        for w in winners:
            if not 0 <= w < rules.side_count:
                raise InvalidStateError(f"Result: no side {w}; sides are 0..{rules.side_count - 1}")
        if not winners:
            raise NotationError("Result: expected *, draw, or the winning seats (sides)")
        return True, winners

    def deal(
        self,
        line: str,
        index: int,
        rules: Rules,
        seed: str | None,
        deals: list[DealRecord],
        totals: list[tuple[int, ...]],
    ) -> str | None:
        """Read one deal from its ``[Deal "N"]`` line; return the line after it."""
        pair = self.tag(line)
        if pair is None or pair[0] != "Deal" or pair[1] != str(index + 1):
            raise self.fail(f'[Deal "{index + 1}"] expected, got {line!r}')
        tags: dict[str, str] = {}
        actions: list[str] = []
        next_line = self.next_line()
        while next_line is not None:
            pair = self.tag(next_line)
            if pair is not None and pair[0] == "Deal":
                break
            if pair is not None:
                name, value = pair
                if name in tags or name not in _DEAL_TAGS:
                    raise self.fail(f"tag {name} out of place or given twice in deal {index + 1}")
                if actions and name in ("Dealer", "Deck"):
                    raise self.fail(f"tag {name} after the moves of deal {index + 1}")
                tags[name] = value
            else:
                actions += self.moves(next_line)
            next_line = self.next_line()
        for name in ("Dealer", "Scores", "Totals"):
            if name not in tags:
                raise self.fail(f"deal {index + 1}: the tag [{name} ...] is missing")
        if "Deck" in tags:
            deck = tuple(tags["Deck"].split())
        elif seed is not None:
            deck = deck_order(rules, deal_seed(_seed(seed), index))
        else:
            raise self.fail(f"deal {index + 1}: no [Deck ...] and no [Seed ...] to deal it")
        body = {
            "dealer": self.number(tags["Dealer"], "Dealer"),
            "deck": list(deck),
            "actions": actions,
            "scores": list(self.numbers(tags["Scores"], "Scores", rules.players)),
        }
        deals.append(DealRecord.from_body(body, rules, f"deal {index + 1}: "))
        totals.append(self.numbers(tags["Totals"], "Totals", rules.players))
        return next_line

    def moves(self, line: str) -> list[str]:
        """The actions of a move line: comments in braces and move numbers are
        skipped, and each action starts with its verb."""
        if line.count("{") != line.count("}"):
            raise self.fail("a comment { ... } is not closed on its line")
        words = re.sub(r"\{[^{}]*\}", " ", line).split()
        actions: list[list[str]] = []
        for word in words:
            if _MOVE_NUMBER.fullmatch(word):
                continue
            if word in ACTION_VERBS:
                actions.append([word])
            elif actions:
                actions[-1].append(word)
            else:
                raise self.fail(
                    f"an action starts with one of {', '.join(ACTION_VERBS)}; got {word!r}"
                )
        return [" ".join(a) for a in actions]


def load_game_record(text: str | bytes) -> GameRecord:
    """Read a game record in either form: JSON (text starting with ``{``) or the text
    record."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotationError(f"not UTF-8 text: {error}") from None
    require(text, str, "load_game_record()", "text", "a str or bytes")
    if text.lstrip().startswith("{"):
        return GameRecord.from_json(text)
    return GameRecord.from_text(text)


def record_game(
    start: GameState,
    actions: Iterable[Action | str],
    *,
    players: Sequence[str] = (),
    tags: Mapping[str, str] | Iterable[tuple[str, str]] = (),
) -> GameRecord:
    """Play ``actions`` from a game as started by :func:`bezique.new_game` and record it.

    Actions given as text are recorded in their canonical text forms. ``players``
    names who sits in each seat; ``tags`` are free tag pairs (``{"Event": ...}``).
    Raises :class:`~bezique.InvalidStateError` if ``start`` is not a game as
    started, :class:`~bezique.IllegalActionError` if an action is illegal (or
    comes after the game is over).
    """
    if start.results or start.previous is not None or start.is_over:
        raise InvalidStateError("record_game needs the game as started (no deal finished)")
    seed = start.seed if start.decks is None else None
    game = start
    starts = [start.deal]
    played: list[list[Action]] = [[]]
    totals = [_standing(start, 0)]
    for action in actions:
        if isinstance(action, str):
            action = parse_action(game.deal, action)
        before = game
        game = game.step(action)[0]
        played[-1].append(action)
        totals[-1] = _standing(game, len(starts) - 1)
        if GameStep(len(starts), before, action, game, ()).dealt_next:
            starts.append(game.deal)
            played.append([])
            totals.append(_standing(game, len(starts) - 1))
    deals = []
    for i, (deal, deal_actions) in enumerate(zip(starts, played, strict=True)):
        if start.decks is not None:
            deck: Sequence[Any] = start.decks[i]
        else:
            deck = deck_order(start.rules, deal_seed(start.seed, i))
        deals.append(record_deal(deal, deal_actions, deck=deck))
    pairs = tags.items() if isinstance(tags, Mapping) else tags
    record = GameRecord(
        rules=start.rules,
        first_dealer=start.first_dealer,
        deals=tuple(deals),
        totals=tuple(totals),
        over=game.over,
        winners=game.winners,
        seed=seed,
        players=tuple(players),
        tags=tuple(pairs),
    )
    return _checked(record)
