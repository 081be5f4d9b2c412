"""Zetema's built-in players: each reads only its seat's view and answers one of the
view's legal actions, as the library's players do (``choose(view) -> action``).

* ``random``: :class:`RandomPlayer`, seeded.
* ``rule-of-thumb``: :class:`RuleOfThumbPlayer`: declares the best-scoring
  combination, completes zetemas, and otherwise lays the card its hand needs
  least, without setting up a zetema for the next player.
* ``monte-carlo``: :class:`MonteCarloPlayer`: for its few likeliest actions, plays
  each out in states drawn from the view (:func:`~bezique.zetema.determinize.
  determinize`) with the rules of thumb for every seat, a number of turns ahead,
  and picks the best average margin.

:func:`make_player` builds them by name, in the registry's syntax
(``monte-carlo:iterations=12:horizon=20:candidates=4``, the defaults).

>>> from bezique import zetema
>>> from bezique.zetema.views import view_of
>>> state = zetema.new_game(zetema.ZETEMA, seed=3)
>>> view = view_of(state, state.current_player)
>>> make_player("rule-of-thumb").choose(view) in view.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

import attrs

from bezique.errors import BeziqueError, NotationError, check_seed, require, shown
from bezique.zetema.deck import KING, QUEEN, face, rank_of, suit_of
from bezique.zetema.determinize import determinize
from bezique.zetema.laws import (
    combination_value,
    marriage_value,
    marriages_in,
    zetema_value,
)
from bezique.zetema.state import Declare, Discard, Marry, ZetemaAction, ZetemaState
from bezique.zetema.views import ZetemaView, view_of

__all__ = [
    "PLAYER_KINDS",
    "MonteCarloPlayer",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "ZetemaPlayer",
    "declared_points",
    "discard_value",
    "keep_value",
    "make_player",
    "rule_of_thumb",
]


class ZetemaPlayer(Protocol):
    """Chooses an action for the seat to move, from that seat's view."""

    def choose(self, view: ZetemaView) -> ZetemaAction:
        """One of ``view.legal_actions()``."""
        ...


def _legal(view: ZetemaView) -> tuple[ZetemaAction, ...]:
    actions = view.legal_actions()
    if not actions:
        raise BeziqueError(f"seat {view.seat} has no legal action in this view")
    return actions


class RandomPlayer:
    """A legal action drawn at random; the same seed, the same choices."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(check_seed(seed, "RandomPlayer()"))

    def choose(self, view: ZetemaView) -> ZetemaAction:
        return self.rng.choice(_legal(view))


def declared_points(action: ZetemaAction, view: ZetemaView) -> int:
    """The points a declaration scores at once (0 for a discard)."""
    rules = view.rules
    if isinstance(action, Declare):
        return combination_value(action.kind, action.cards, rules)
    if isinstance(action, Marry):
        suits = marriages_in(action.hand + action.tableau) or ()
        imperial = sum(1 for s in suits if s == int(rules.imperial))
        return marriage_value(len(suits), imperial, rules)
    return 0


def keep_value(card: int, hand: tuple[int, ...], view: ZetemaView) -> float:
    """How much the hand wants to keep ``card``: flush, sequence, assembly and
    marriage prospects, with the imperial suit's extra copies in mind."""
    others = list(hand)
    others.remove(card)
    rank, suit = rank_of(card), suit_of(card)
    value = 2.0 * sum(1 for c in others if suit_of(c) == suit)
    near = {rank_of(c) for c in others if 0 < abs(rank_of(c) - rank) <= 2}
    value += 1.5 * len(near)
    same = sum(1 for c in others if rank_of(c) == rank)
    laid = len(view.tableau[rank])
    if laid == 0 and same < 4:
        # An assembly needs all five from the hand: one on the tableau ends the hope.
        value += 1.0 * same
    if rank in (KING, QUEEN):
        mate = face(QUEEN if rank == KING else KING, suit)
        mates = others.count(mate) + view.tableau[rank_of(mate)].count(mate)
        value += 6.0 + (4.0 if mates else 0.0)
        if suit == int(view.rules.imperial):
            value += 2.0
    if suit == int(view.rules.imperial):
        value += 1.0
    return value


def discard_value(card: int, hand: tuple[int, ...], view: ZetemaView) -> float:
    """The worth of laying ``card``: a zetema's points, less the risk of leaving a
    rank's fourth card for the next player, less what the hand loses."""
    pile = len(view.tableau[rank_of(card)])
    value = -keep_value(card, hand, view)
    if pile == 4:
        value += 4.0 * zetema_value(rank_of(card), view.rules) + 10.0
    elif pile == 3:
        value -= 0.6 * zetema_value(rank_of(card), view.rules) + 2.0
    return value


class RuleOfThumbPlayer:
    """Declares the best-scoring combination when it has one, else lays the card
    worth least to the hand (a zetema first)."""

    def choose(self, view: ZetemaView) -> ZetemaAction:
        return rule_of_thumb(view, _legal(view))

    def ranked(self, view: ZetemaView) -> list[ZetemaAction]:
        """The legal actions, the rules of thumb's favourite first."""
        actions = _legal(view)
        return sorted(actions, key=lambda a: -_thumb_value(a, view))


def _thumb_value(action: ZetemaAction, view: ZetemaView) -> float:
    if isinstance(action, Discard):
        return discard_value(action.card, view.hand, view)
    points = declared_points(action, view)
    if isinstance(action, Marry):
        # A lone plain marriage now is worth less than waiting for more; take it
        # once the stock is short or there are several to declare.
        return float(points) + (0.0 if view.stock_size < 10 or points > 10 else -15.0)
    return float(points) + 100.0


def rule_of_thumb(view: ZetemaView, actions: tuple[ZetemaAction, ...]) -> ZetemaAction:
    return max(actions, key=lambda a: _thumb_value(a, view))


def _rollout(state: ZetemaState, side: int, actions: int) -> float:
    """Play ``actions`` actions by the rules of thumb; the side's margin over the best
    other side in points scored meanwhile."""
    start = state.side_scores
    for _ in range(actions):
        if state.current_player is None:
            break
        view = view_of(state, state.current_player)
        state = state.apply(rule_of_thumb(view, view.legal_actions()))
    gains = [now - then for now, then in zip(state.side_scores, start, strict=True)]
    rivals = [g for s, g in enumerate(gains) if s != side]
    return gains[side] - (max(rivals) if rivals else 0)


@attrs.define
class MonteCarloPlayer:
    """Determinized search over the view: each of the ``candidates`` likeliest
    actions (by the rules of thumb) is tried in ``iterations`` states drawn from
    the view, each played on ``horizon`` actions by the rules of thumb; the
    action with the best mean margin (points gained over the best rival side) wins."""

    seed: int | str | None = None
    iterations: int = 12
    horizon: int = 20
    candidates: int = 4
    rng: random.Random = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.rng = random.Random(check_seed(self.seed, "MonteCarloPlayer()"))
        for name in ("iterations", "horizon", "candidates"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise NotationError(
                    f"MonteCarloPlayer: {name} must be 1 or more, got {shown(value)}"
                )

    def choose(self, view: ZetemaView) -> ZetemaAction:
        ranked = RuleOfThumbPlayer().ranked(view)[: self.candidates]
        if len(ranked) == 1:
            return ranked[0]
        side = view.rules.side_of(view.seat)
        totals = dict.fromkeys(ranked, 0.0)
        for _ in range(self.iterations):
            world = determinize(view, seed=self.rng.randrange(2**63))
            for action in ranked:
                after, events = world.step(action)
                now = sum(e.points for e in events if e.side == side)
                totals[action] += now + _rollout(after, side, self.horizon)
        return max(ranked, key=lambda a: totals[a])


def _whole(key: str, text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise NotationError(f"{key}={text}: not a whole number")
    return int(text)


def _monte_carlo(seed: int | str | None, options: Mapping[str, str]) -> ZetemaPlayer:
    known = {"iterations": 12, "horizon": 20, "candidates": 4}
    values = {key: _whole(key, options[key]) if key in options else v for key, v in known.items()}
    return MonteCarloPlayer(seed, **values)


#: The kinds of player by name, with the options each takes.
PLAYER_KINDS: dict[str, tuple[str, ...]] = {
    "random": (),
    "rule-of-thumb": (),
    "monte-carlo": ("iterations", "horizon", "candidates"),
}
_ALIASES = {"greedy": "rule-of-thumb"}


def make_player(name: str, seed: int | str | None = None) -> ZetemaPlayer:
    """A built-in Zetema player by name: ``random``, ``rule-of-thumb`` or
    ``monte-carlo[:KEY=VALUE...]`` (keys ``iterations``, ``horizon``,
    ``candidates``; a bare number stands for ``iterations``)."""
    require(name, str, "zetema.make_player()", "name", "a str")
    kind, *parts = name.strip().lower().split(":")
    kind = _ALIASES.get(kind, kind)
    if kind not in PLAYER_KINDS:
        raise NotationError(
            f"no Zetema player named {shown(name)}; known: {', '.join(PLAYER_KINDS)}"
        )
    options: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep and key.isdigit() and PLAYER_KINDS[kind]:
            key, value = PLAYER_KINDS[kind][0], part
        key = key.replace("-", "_")
        if key not in PLAYER_KINDS[kind]:
            allowed = ", ".join(PLAYER_KINDS[kind]) or "none"
            raise NotationError(
                f"{name}: {kind} takes no option {shown(part)} (options: {allowed})"
            )
        options[key] = value
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "rule-of-thumb":
        return RuleOfThumbPlayer()
    return _monte_carlo(seed, options)
