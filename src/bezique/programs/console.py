"""Play a game against the built-in players in a terminal (``bezique play``).

A person takes one seat; built-in players (:func:`bezique.variants.make_player`)
take the others. Any preset of :func:`bezique.variants.names` is played, Zetema's
included, on the same screen: on each of the person's turns the seat's board is
drawn with the legal actions numbered, and a line is read (``You>``): the game's
table (:attr:`bezique.variants.Game.table`) turns it into an action, a command,
or a refusal with its reasons. Every move and every score is narrated, the person
in the first person ("You deal", "You play"), and the game is played to its end.
A move that is the only legal one (a draw with nothing to declare, a card the
end phase forces) is made without asking, and narrated.

What may be typed at a Bezique table is :data:`INPUT_HELP` (at a Zetema table,
:data:`bezique.zetema.screen.INPUT_HELP`):

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=4)
>>> print(state.view(1).render(symbols=False).splitlines()[4])
  hand: 7S  AD KD QD 8D  KC QC 9C
>>> str(read_input("2", state).action), str(read_input("kc", state).action)
('play AD', 'play KC')
>>> print(read_input("TD", state).message)
refused: a card is not in the player's hand or on the player's table
>>> read_input("q", state).command
<Command.QUIT: 'quit'>
>>> read_input("draw", state).message
'refused: this kind of action is not possible at this point of the deal'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, overload

from bezique import variants
from bezique.display.board import Command, Reading, ascii_text
from bezique.display.screen import INPUT_HELP, describe_action, numbered_actions, read_input
from bezique.errors import BeziqueError
from bezique.game import GameState
from bezique.players import display_name
from bezique.rules import Rules

__all__ = [
    "INPUT_HELP",
    "Command",
    "Reading",
    "bot_names",
    "describe_action",
    "numbered_actions",
    "play_game",
    "read_input",
]


def bot_names(kinds: Sequence[str], rules: variants.AnyRules, seat: int) -> list[str]:
    """The player name of every seat but ``seat`` from ``--players``: one name for
    them all, or one per seat in seat order; ``seat``'s entry is empty."""
    others = rules.players - 1
    names = [k.strip() for k in kinds]
    if len(names) == 1:
        names = names * others
    if len(names) != others or not all(names):
        raise BeziqueError(
            f"--players needs one player name, or {others} (one for each other seat in "
            "seat order), comma-separated"
        )
    names.insert(seat, "")
    return names


def _choose(
    game: Any,
    bots: Sequence[Any],
    table: variants.PlayScreen,
    ask: Callable[[str], str],
    out: Callable[[str], None],
) -> Any:
    """The move of the seat to act: a built-in player's, or the person's (``None``:
    the person leaves the game)."""
    seat = game.current_player
    if seat is None:  # pragma: no cover - the loop asks only while someone moves
        raise BeziqueError("no one is to move")
    player = bots[seat]
    if player is not None:
        return player.choose(game.view(seat))
    actions = table.moves(game)
    if len(actions) == 1:
        return actions[0]
    table.show(game)
    while True:
        try:
            line = ask("You> ")
        except EOFError:
            return None
        except UnicodeDecodeError:
            # A terminal whose input is not in its declared encoding.
            out("refused: not understood (type help for what may be typed)")
            continue
        reading = table.read(line, game)
        if reading.action is not None:
            return reading.action
        if reading.command is Command.QUIT:
            return None
        if reading.command is Command.HELP:
            out(table.help)
        elif reading.command is Command.BOARD:
            table.show(game)
        else:
            out(reading.message)


@overload
def play_game(
    rules: Rules,
    *,
    seat: int = 0,
    players: Sequence[str] = ("monte-carlo",),
    seed: int | str | None = None,
    ask: Callable[[str], str] = input,
    out: Callable[[str], None] = print,
    symbols: bool = True,
    actions: list[Any] | None = None,
) -> GameState | None: ...
@overload
def play_game(
    rules: variants.AnyRules,
    *,
    seat: int = 0,
    players: Sequence[str] = ("monte-carlo",),
    seed: int | str | None = None,
    ask: Callable[[str], str] = input,
    out: Callable[[str], None] = print,
    symbols: bool = True,
    actions: list[Any] | None = None,
) -> variants.AnyState | None: ...
def play_game(
    rules: variants.AnyRules,
    *,
    seat: int = 0,
    players: Sequence[str] = ("monte-carlo",),
    seed: int | str | None = None,
    ask: Callable[[str], str] = input,
    out: Callable[[str], None] = print,
    symbols: bool = True,
    actions: list[Any] | None = None,
) -> variants.AnyState | None:
    """Play a game of ``rules`` (any game of the family) at the terminal: the person
    in ``seat``, built-in players (named as :func:`bezique.variants.make_player`
    names them: one name for every other seat, or one per other seat in seat
    order) in the others.

    ``ask`` shows a prompt and returns the line typed (:func:`input`; an
    :class:`EOFError` leaves the game); ``out`` writes a line. Returns the game as
    it ended, or ``None`` if the person left it; ``actions``, when given, is added
    every action taken, in order (to record the game, from ``new_game(rules,
    seed=seed)``: pass a seed to know it). Raises
    :class:`~bezique.BeziqueError` for a seat or a player name that does not exist.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise BeziqueError(f"--seat: no seat {seat!r}: seats are 0..{rules.players - 1}")
    kinds = bot_names(players, rules, seat)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    try:
        bots = [
            None if s == seat else variants.make_player(rules, kind, seed=f"{seed}/{s}")
            for s, kind in enumerate(kinds)
        ]
    except BeziqueError as error:
        raise BeziqueError(f"--players: {error}") from None
    names = ["You" if s == seat else display_name(kind, s) for s, kind in enumerate(kinds)]
    if not symbols:
        # An output without the suit symbols: none reaches it, not even in a message.
        write = out

        def out(line: str) -> None:
            write(ascii_text(line))

    game_of = variants.game_of(rules)
    table = game_of.table(names, out, symbols, seat)
    game: Any = variants.new_game(rules, seed=seed)
    out(f"{rules.name}: {rules.description}".rstrip(": "))
    out(
        f"You play in seat {seat} against "
        + ", ".join(names[s] for s in range(rules.players) if s != seat)
        + f"; game seed {seed}. Type help for the moves you may type."
    )
    table.deal(game)
    while not game.is_over:
        action = _choose(game, bots, table, ask, out)
        if action is None:
            out("You leave the game.")
            return None
        after, events = game.step(action)
        if actions is not None:
            actions.append(action)
        table.action(game, after, action, events)
        finished, _ = game_of.deal_ended(game, after)
        game = after
        if finished:
            table.deal_over(game)
            if not game.is_over:
                table.deal(game)
    table.result(game)
    result: variants.AnyState = game
    return result
