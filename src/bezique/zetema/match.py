"""Games between Zetema players, and duels of two kinds of player over many games.

:func:`play_game` hands each seat's player that seat's view and nothing else.
:func:`duel` plays ``games`` games of A against B: at two seats A takes each seat
in turn on the same cards; at a larger table A plays one side (both partners in
a partnership) and B every other seat, A's side rotating.

>>> from bezique import zetema
>>> result = duel(zetema.ZETEMA, "rule-of-thumb", "random", games=2, seed=1)
>>> result.games, result.wins + result.losses + result.draws
(2, 2)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import attrs

from bezique.errors import BeziqueError, check_seed
from bezique.zetema.io import ZetemaRecord
from bezique.zetema.players import ZetemaPlayer, make_player
from bezique.zetema.rules import ZetemaRules
from bezique.zetema.state import ZetemaState, new_game
from bezique.zetema.views import view_of

__all__ = ["ZetemaDuelResult", "duel", "play_game"]


def play_game(
    rules: ZetemaRules,
    players: Sequence[ZetemaPlayer],
    seed: int | str,
    *,
    dealer: int = 0,
    max_actions: int = 100_000,
) -> tuple[ZetemaState, ZetemaRecord]:
    """A whole game between ``players`` (one per seat); the final state and its record."""
    if len(players) != rules.players:
        raise BeziqueError(f"{rules.players} players needed, one per seat, got {len(players)}")
    state = new_game(rules, seed, dealer=dealer)
    actions: list[str] = []
    while state.current_player is not None and len(actions) < max_actions:
        action = players[state.current_player].choose(view_of(state, state.current_player))
        state = state.apply(action)
        actions.append(str(action))
    return state, ZetemaRecord(rules, seed, dealer, actions)


@attrs.frozen
class ZetemaDuelResult:
    """A duel's tally from A's side: a game shared by A's side and another counts as
    a draw."""

    rules: ZetemaRules
    a: str
    b: str
    seed: int | str
    games: int
    wins: int
    losses: int
    draws: int
    margin: float
    elapsed: float

    @property
    def score(self) -> float:
        """A's games won, a draw counting half."""
        return self.wins + self.draws / 2


def _seating(rules: ZetemaRules, index: int) -> tuple[int, int]:
    """Game ``index``: A's side, and the number of the shuffle it is played on."""
    if rules.players == 2:
        return index % 2, index // 2
    return index % rules.side_count, index


def duel(
    rules: ZetemaRules,
    a: str,
    b: str,
    *,
    games: int,
    seed: int | str = 1,
    progress: Callable[[int, int, float], None] | None = None,
) -> ZetemaDuelResult:
    """``games`` games of player kind ``a`` against ``b`` (names as
    :func:`~bezique.zetema.players.make_player` reads them)."""
    seed = check_seed(seed, "zetema.duel()") or 0
    # A bad name is refused before any game is played.
    make_player(a)
    make_player(b)
    wins = losses = draws = 0
    margin = 0.0
    start = time.perf_counter()
    for index in range(games):
        side, deal = _seating(rules, index)
        players = [
            make_player(a if rules.side_of(s) == side else b, f"{seed}:{index}:{s}")
            for s in range(rules.players)
        ]
        state, _ = play_game(rules, players, f"{seed}:{deal}", dealer=deal % rules.players)
        rivals = max(v for s, v in enumerate(state.side_scores) if s != side)
        margin += state.side_scores[side] - rivals
        if side in state.winners:
            if len(state.winners) > 1:
                draws += 1
            else:
                wins += 1
        else:
            losses += 1
        if progress is not None:
            progress(index + 1, games, time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    return ZetemaDuelResult(
        rules, a, b, seed, games, wins, losses, draws, margin / max(games, 1), elapsed
    )
