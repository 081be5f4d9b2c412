"""The Monte Carlo player: determinized search guided by the rules of thumb.

It is handed a :class:`~bezique.views.SeatView` like any player. From it, it
samples whole deals consistent with the view
(:func:`bezique.checks.determinize.determinize`): those samples are its own guesses at
the hidden cards, and its playouts run on them as full states, with the fast
policy (:mod:`bezique.players.rollout`), the rule-of-thumb player on each
seat's view of the sample, or random choices.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Final

from bezique.actions import Action, Draw, Exchange
from bezique.checks.determinize import determinize
from bezique.errors import BeziqueError
from bezique.players.playout import arrange_draws, play_out
from bezique.players.protocol import as_view, legal_actions
from bezique.players.reading import deal_value
from bezique.players.rollout import FastPolicy
from bezique.players.rule_of_thumb import RuleOfThumbPlayer
from bezique.records import Phase
from bezique.state import DealState
from bezique.views import SeatView

__all__ = ["ROLLOUTS", "Determinizer", "MonteCarloPlayer", "arrange_draws", "nothing_hidden"]

#: A function that samples a whole deal consistent with a view.
Determinizer = Callable[[SeatView, random.Random], DealState]


def _sample(view: SeatView, rng: random.Random) -> DealState:
    # The views come straight from the engine: skip the consistency check.
    return determinize(view, rng, check=False)


#: The rollout policies a search may play its samples out with.
ROLLOUTS: Final[tuple[str, ...]] = ("fast", "rule-of-thumb", "random")
#: The rough cost of a playout by each rollout policy, a random one counting 1.
_ROLLOUT_COST: Final = {"random": 1.0, "fast": 2.5, "rule-of-thumb": 6.0}


class MonteCarloPlayer:
    """Determinized Monte Carlo search, guided by the rules of thumb.

    For each candidate action it samples full deals consistent with the view
    (``determinize``), applies the action, plays the deal out with the
    ``rollout`` policy and scores the end by :func:`~bezique.players.deal_value`
    (own points less the best other seat's; the deal's game scores under rubicon
    scoring). The same samples serve every action, and in their playouts each
    seat draws the same cards whoever wins the tricks, so the actions are
    compared on the same luck (see :func:`arrange_draws`).

    The candidates are the rule-of-thumb player's ``candidates`` favourite
    actions (``None``: every legal action), and every legal action once at most
    ``late`` cards are left to draw: near the end of the stock the playouts
    are short and tell the actions apart well, and the rules of thumb are at
    their weakest (which card to lead to the last tricks of the stock). Its
    first choice is kept unless another action's playouts beat it clearly: by
    more than ``margin`` points on average, and by more than ``confidence``
    standard errors of the mean difference over the samples. The rules of thumb
    are right most of the time, and with a few dozen playouts most differences
    are noise.

    * ``rollout``: ``"fast"`` (the rule-of-thumb rules with a fixed table of
      card values, the default), ``"rule-of-thumb"`` (the full player, on each
      seat's view of the sampled deal: several times slower) or ``"random"``.
    * Budget: ``iterations`` counts playouts of a whole deal; a playout from a
      position with a fraction *f* of the tricks left counts as *f* of one, so
      late decisions, whose playouts are short, get more of them for the same
      time (at most ten times as many). With ``time_budget``, the search
      instead runs as many rounds (one sample, every candidate) as fit in that
      many seconds, at least two. Only an iteration budget makes the choices
      reproducible from ``seed``.

    Not searched: a decision with one legal action (or one candidate), a carte
    blanche, and the winner's turn while the seven of trumps may be exchanged
    (the rule-of-thumb choice is taken). Once nothing is hidden (the last
    tricks of a two-hand deal: see :func:`nothing_hidden`) the one deal that
    fits the view is played out once per legal action by the rule-of-thumb
    player's (deterministic) judgement of the last tricks, and the best is taken.
    """

    def __init__(
        self,
        iterations: int = 20,
        time_budget: float | None = None,
        seed: int | str | None = None,
        *,
        rollout: str = "fast",
        candidates: int | None = 3,
        late: int = 12,
        late_rollout: str | None = None,
        margin: float = 0.0,
        confidence: float = 1.5,
        determinizer: Determinizer | None = None,
    ) -> None:
        if iterations < 1:
            raise BeziqueError(f"iterations must be at least 1, got {iterations!r}")
        if time_budget is not None and time_budget <= 0:
            raise BeziqueError(f"time_budget must be positive, got {time_budget!r}")
        if rollout not in ROLLOUTS:
            raise BeziqueError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        if candidates is not None and candidates < 1:
            raise BeziqueError(f"candidates must be at least 1, got {candidates!r}")
        if late_rollout is not None and late_rollout not in ROLLOUTS:
            raise BeziqueError(
                f"late_rollout must be one of {', '.join(ROLLOUTS)}, got {late_rollout!r}"
            )
        self.iterations = iterations
        self.time_budget = time_budget
        self.rollout = rollout
        self.candidates = candidates
        self.late = late
        self.late_rollout = late_rollout or rollout
        self.margin = margin
        self.confidence = confidence
        self.rng = random.Random(seed)
        self._determinize = determinizer or _sample
        self._rule = RuleOfThumbPlayer()
        self._fast = FastPolicy()
        #: Playouts made by the last decision (0 when it was not searched).
        self.last_playouts = 0
        #: Mean value of each action searched by the last decision.
        self.last_means: dict[Action, float] = {}

    def rollout_for(self, view: SeatView) -> str:
        """The rollout policy of a decision in this view."""
        return self.late_rollout if view.stock_size <= self.late else self.rollout

    def playouts_for(self, view: SeatView) -> int:
        """The playouts an iteration budget allows for a decision in this view."""
        total = view.rules.total_tricks
        left = max(1, total - len(view.tricks))
        cost = _ROLLOUT_COST[self.rollout_for(view)] / _ROLLOUT_COST[self.rollout]
        return min(10 * self.iterations, round(self.iterations * total / left / cost))

    def choose(self, view: SeatView | DealState) -> Action:
        view = as_view(view)
        actions = legal_actions(view)
        self.last_playouts = 0
        self.last_means = {}
        if len(actions) == 1:
            return actions[0]
        if view.offers or any(isinstance(a, Exchange) for a in actions):
            return self._rule.choose(view)
        determinize = self._determinize
        if nothing_hidden(view):
            # One deal fits the view, played out once per action by the rules of thumb
            # for the last tricks: deterministic. The fast policy plays the last
            # tricks exactly as the rule-of-thumb player does (the same end-phase
            # judgement), reading the sample without building a view per decision.
            sample = determinize(view, self.rng)
            means = [self._playout(sample, a, view.seat, "fast", 0) for a in actions]
            self.last_playouts = len(actions)
            self.last_means = dict(zip(actions, means, strict=True))
            return actions[max(range(len(actions)), key=lambda i: means[i])]
        ranked = self._rule.ranked(view)
        every = self.candidates is None or view.stock_size <= self.late
        searched = ranked if every else ranked[: self.candidates]
        if len(searched) == 1:
            return searched[0]
        rollout = self.rollout_for(view)
        values: list[list[float]] = [[] for _ in searched]
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        rounds_wanted = max(2, self.playouts_for(view) // len(searched))
        rounds = 0
        while True:
            sample = determinize(view, self.rng)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(searched):
                values[i].append(self._playout(sample, action, view.seat, rollout, seed))
            rounds += 1
            if deadline is None:
                if rounds >= rounds_wanted:
                    break
            elif rounds >= 2 and time.perf_counter() >= deadline:
                break
        self.last_playouts = rounds * len(searched)
        self.last_means = {a: sum(v) / rounds for a, v in zip(searched, values, strict=True)}
        return searched[self._pick(values)]

    def _pick(self, values: list[list[float]]) -> int:
        """The candidate to play: the first (the rule-of-thumb choice) unless another
        beats it clearly on the same samples."""
        n = len(values[0])
        best, best_gain = 0, 0.0
        for i in range(1, len(values)):
            gains = [x - y for x, y in zip(values[i], values[0], strict=True)]
            mean = sum(gains) / n
            spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
            clear = mean > self.margin and mean > self.confidence * spread / math.sqrt(n)
            if clear and mean > best_gain:
                best, best_gain = i, mean
        return best

    def _playout(
        self,
        state: DealState,
        first: Action,
        seat: int,
        rollout: str,
        seed: int,
        coupled: bool = True,
    ) -> float:
        """Play a sampled deal out from ``first`` (``coupled``: see :func:`arrange_draws`)."""
        if rollout == "fast":
            end = play_out(state, first, policy=self._fast, coupled=coupled)
            return float(deal_value(end, seat))
        rng = random.Random(seed)
        rule = self._rule
        action = first
        while True:
            if coupled and type(action) is Draw:
                state = arrange_draws(state)
            state = state.apply(action)
            if state.is_over:
                return float(deal_value(state, seat))
            actions = state.legal_actions()
            if len(actions) == 1:
                action = actions[0]
            elif rollout == "random":
                action = rng.choice(actions)
            else:
                # Each seat of the sample chooses from its own view of it.
                mover = state.current_player
                if mover is None:  # pragma: no cover - only a finished deal has no mover
                    return float(deal_value(state, seat))
                action = rule.choose(state.view(mover))


def nothing_hidden(view: SeatView) -> bool:
    """Whether the view shows every card: no stock left, no melding after the close,
    and every card the view does not show is in one other seat's hand (so in the end
    phase of a two-hand deal, the other hand)."""
    if view.stock_size or view.phase is not Phase.END:
        return False
    if view.rules.declarations.melding_after_close:
        return False
    concealed = [
        s
        for s in range(view.players)
        if s != view.seat and view.hand_sizes[s] > len(view.known[s]) + len(view.tables[s])
    ]
    return len(concealed) <= 1
