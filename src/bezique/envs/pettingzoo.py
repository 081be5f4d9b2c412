"""A PettingZoo AEC environment of any preset (the ``pettingzoo`` extra)::

    from bezique.envs import pettingzoo as bezique_env

    env = bezique_env.env(variant="rubicon")

One episode is one deal. The agents are ``seat_0``, ``seat_1``, ... (seat numbers of
the deal); the agent to act is the engine's seat to act, which is not always the
next seat round the table (the trick winner's turn, a carte blanche offer, the
duels of the end phase).

* **Actions**: ``Discrete(n)``, the ids of :class:`bezique.action_space.ActionSpace`
  (``n`` its size for the preset); an id with no legal action raises
  :class:`bezique.IllegalActionError`.
* **Observations**: a dict of ``observation``, the seat's view encoded by
  :class:`bezique.envs.observation.ObservationEncoder` (``float32``), and
  ``action_mask``, one ``int8`` flag per id, all zero when the seat is not to act.
  Both are built from the seat's view only.
* **Rewards**: after each step, each agent receives the points its side scored in
  that step (the score events: declarations, the seven of trumps, the last trick,
  the brisques...). On the step that ends the deal each agent also receives what
  the deal result adds to or takes from those points (the game bonus and rubicon
  of the Rubicon family; nothing in the two-hand game), so that an agent's rewards
  over a deal add up to what the deal brings its side's game total
  (:attr:`bezique.DealResult.game_scores`, added up by side). The points made
  when the cards are dealt (a turned-up seven, S000 law 4; the six-pack cut) come
  with the rewards of the first step: PettingZoo's API test counts no reward given
  by ``reset``.
* **Seeds**: ``reset(seed=s)`` makes the deal, the dealer and the deals of the
  resets that follow without a seed depend on ``s`` alone.
* **Rendering**: ``render_mode="ansi"`` returns the text board of the whole deal
  (every hand face up, :meth:`bezique.DealState.render`); ``"human"`` prints it.
"""

from __future__ import annotations

import operator
import random
from typing import TYPE_CHECKING, Any

from bezique.action_space import ActionSpace
from bezique.envs import require_extra
from bezique.envs.observation import ObservationEncoder
from bezique.errors import NotationError, require, wrong_type
from bezique.records import ScoreEvent
from bezique.rules import Rules, variants
from bezique.state import DealState, initial_events, new_deal

if TYPE_CHECKING:
    from pettingzoo import AECEnv
else:
    try:
        from pettingzoo import AECEnv
    except ImportError:  # the extra is missing: BeziqueEnv() says so
        AECEnv = object

__all__ = ["BeziqueEnv", "env", "raw_env"]

#: Far above any score or count the observation holds, so that the box is finite.
_HIGH = 1e9


def env(variant: str | Rules = "classic", render_mode: str | None = None) -> BeziqueEnv:
    """The environment of ``variant`` (a preset name or a :class:`bezique.Rules`)."""
    return BeziqueEnv(variant=variant, render_mode=render_mode)


def _agent(seat: int) -> str:
    return f"seat_{seat}"


class BeziqueEnv(AECEnv):  # type: ignore[misc]
    """One deal of Bezique as an AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi"],
        "name": "bezique_v0",
        "is_parallelizable": False,
    }

    def __init__(self, variant: str | Rules = "classic", render_mode: str | None = None) -> None:
        require_extra("pettingzoo", "pettingzoo")
        spaces = require_extra("gymnasium.spaces", "pettingzoo")
        np = require_extra("numpy", "pettingzoo")
        super().__init__()
        if isinstance(variant, str):
            variant = variants.get(variant)
        require(variant, Rules, "BeziqueEnv()", "variant", "a preset name or a Rules")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise NotationError(f"no render mode {render_mode!r}; modes are: human, ansi (or None)")
        self.rules: Rules = variant
        self.render_mode = render_mode
        self.space = ActionSpace.of(variant)
        self.encoder = ObservationEncoder.of(variant)
        self.possible_agents: list[str] = [_agent(s) for s in range(variant.players)]
        self.agents: list[str] = []
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, _HIGH, shape=self.encoder.shape, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, shape=(self.space.size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self._np = np
        self.deal: DealState | None = None
        #: The points scored at the deal, given with the first step's rewards.
        self._dealt: list[int] = []

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        dealer = self._rng.randrange(self.rules.players)
        deal = new_deal(self.rules, seed=self._rng.getrandbits(64), dealer=dealer)
        self.deal = deal
        self.agents = list(self.possible_agents)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        # The points of the deal itself are given with the first step's.
        self._dealt = self._points(initial_events(deal))
        self.agent_selection = _agent(deal.current_player or 0)

    def observe(self, agent: str) -> dict[str, Any]:
        deal = self._require_deal()
        seat = self.possible_agents.index(agent)
        mask = self._np.zeros(self.space.size, dtype=self._np.int8)
        if deal.current_player == seat:
            # The seat's view lists the state's legal actions; the state keeps them,
            # so that the step that follows reads them again for nothing.
            mask[list(self.space.legal_ids(deal))] = 1
        return {"observation": self.encoder.encode(deal.view(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self._require_deal()
        if action is None:
            raise NotationError(f"{agent} is to act: None is the action of a finished agent")
        try:
            # An int, or a NumPy integer as a policy or a space's sample gives it.
            action_id = operator.index(action)
        except TypeError:
            wrong_type("BeziqueEnv.step()", "action", "an action id (an int)", action)
        chosen = self.space.action_from_id(deal, action_id)
        deal, events = deal.step(chosen)
        self.deal = deal
        self._cumulative_rewards[agent] = 0.0
        points = self._points(events)
        if self._dealt:
            points = [p + d for p, d in zip(points, self._dealt, strict=True)]
            self._dealt = []
        result = deal.result
        if result is not None:
            # The deal result's own part: the game bonus and the rubicon (BIC, S003).
            for seat, (game, made) in enumerate(
                zip(result.game_scores, result.scores, strict=True)
            ):
                points[seat] += game - made
            self.terminations = dict.fromkeys(self.agents, True)
        self.rewards = self._side_rewards(points)
        self._accumulate_rewards()
        if deal.current_player is not None:
            self.agent_selection = _agent(deal.current_player)
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        board = self._require_deal().render(symbols=False)
        if self.render_mode == "human":
            print(board)
            return None
        return board

    def close(self) -> None:
        """Nothing to release."""

    def _points(self, events: tuple[ScoreEvent, ...]) -> list[int]:
        """The points each seat scored in ``events``."""
        per_seat = [0] * self.rules.players
        for event in events:
            per_seat[event.seat] += event.points
        return per_seat

    def _side_rewards(self, points: list[int]) -> dict[str, float]:
        """Each agent's reward: the points of its side among the seats' ``points``."""
        rules = self.rules
        sides = rules.side_totals(points)
        return {_agent(s): float(sides[rules.side_of(s)]) for s in range(rules.players)}

    def _require_deal(self) -> DealState:
        if self.deal is None:
            raise NotationError("the environment has no deal yet: call reset() first")
        return self.deal


#: PettingZoo's name for the environment class without wrappers.
raw_env = BeziqueEnv
