"""A PettingZoo AEC environment of any preset (the ``pettingzoo`` extra)::

    from bezique.envs import pettingzoo as bezique_env

    env = bezique_env.env(variant="rubicon")
    env = bezique_env.env(variant="zetema")

Every preset of :func:`bezique.variants.names` is served, Zetema's included, through
the one API of the family's states (:class:`bezique.State`). One episode is one deal
(in Zetema, one hand: :func:`bezique.variants.new_deal`), or with ``episode="game"``
a whole game to its target (:func:`bezique.variants.new_game`). The agents are ``seat_0``,
``seat_1``, ... (seat numbers of the deal); the agent to act is the state's seat to
act, which is not always the next seat round the table (the trick winner's turn, a
carte blanche offer, the duels of the end phase; in Zetema a seat with no cards and
nothing to draw drops out).

* **Actions**: ``Discrete(n)``, the ids of the preset's fixed action space
  (:meth:`bezique.ActionSpace.of`, ``n`` its size); an id with no legal action
  raises :class:`bezique.IllegalActionError`.
* **Observations**: a dict of ``observation``, the seat's view encoded by the
  preset's encoder (:mod:`bezique.envs.observation`, ``float32``), and
  ``action_mask``, one ``int8`` flag per id, all zero when the seat is not to act.
  Both are built from the seat's view only. With ``episode="game"`` the observation
  ends with the game's totals by side, the seat's own side first, then the target.
* **Rewards** (``reward=``, :mod:`bezique.envs.rewards`): ``"points"`` (the default),
  ``"margin"`` (zero-sum) or ``"win-loss"`` (at the episode's end only). With
  ``"points"``, after each step, each agent receives the points its side scored in
  that step (the score events: declarations, the seven of trumps, the last trick,
  the brisques...; Zetema's combinations, marriages and zetemas). On the step that
  ends a Bezique deal each agent also receives what the deal result adds to or
  takes from those points (the game bonus and rubicon of the Rubicon family;
  nothing in the two-hand game), so that an agent's rewards over a deal add up to
  what the deal brings its side's game total (:attr:`bezique.DealResult.game_scores`,
  added up by side; in Zetema, the side's points in the hand), and over a game to
  the game's totals. ``"margin"`` rewards each step's points less the mean of the
  other sides' alike. The points made when
  the cards are dealt (a turned-up seven, S000 law 4; the six-pack cut) come with
  the rewards of the first step: PettingZoo's API test counts no reward given by
  ``reset``.
* **Seeds**: ``reset(seed=s)`` makes the deal, the dealer and the deals of the
  resets that follow without a seed depend on ``s`` alone.
* **Rendering**: ``render_mode="ansi"`` returns the text board of the whole deal
  (every hand face up, the state's ``render``); ``"human"`` prints it.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex

from bezique import variants
from bezique.encodings.action_space import ActionSpace
from bezique.envs import ActionIds, Encoder, require_extra
from bezique.envs.observation import ObservationEncoder
from bezique.envs.rewards import check_options, step_rewards
from bezique.errors import NotationError, SeatError, check_seed, shown, wrong_type
from bezique.variants import AnyRules, AnyState

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


def env(
    variant: str | AnyRules = "classic",
    render_mode: str | None = None,
    *,
    reward: str = "points",
    episode: str = "deal",
) -> BeziqueEnv:
    """The environment of ``variant`` (a preset name of :func:`bezique.variants.names`,
    or the rules of any game of the family), rewarding by ``reward`` over episodes of
    ``episode`` (:mod:`bezique.envs.rewards`)."""
    return BeziqueEnv(variant=variant, render_mode=render_mode, reward=reward, episode=episode)


def _agent(seat: int) -> str:
    return f"seat_{seat}"


class BeziqueEnv(AECEnv):  # type: ignore[misc]
    """One deal of any game of the family as an AEC environment (see the module
    docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi"],
        "name": "bezique_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | AnyRules = "classic",
        render_mode: str | None = None,
        *,
        reward: str = "points",
        episode: str = "deal",
    ) -> None:
        require_extra("pettingzoo", "pettingzoo")
        spaces = require_extra("gymnasium.spaces", "pettingzoo")
        np = require_extra("numpy", "pettingzoo")
        super().__init__()
        if isinstance(variant, str):
            variant = variants.get(variant)
        game = variants.game_of_rules(variant, "BeziqueEnv()", "variant")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise NotationError(f"no render mode {render_mode!r}; modes are: human, ansi (or None)")
        self.reward, self.episode = check_options(reward, episode)
        self.rules: AnyRules = variant
        self.render_mode = render_mode
        self.space: ActionIds = ActionSpace.of(variant)
        self.encoder: Encoder = ObservationEncoder.of(variant)
        #: What the episode so far brings each side, a deal's points (with what its
        #: result adds) or a game's totals.
        self._scores: Callable[[Any], tuple[int, ...]] = (
            game.learning.episode_scores if self.episode == "deal" else _game_totals
        )
        sides = variant.side_count
        #: The deal in progress of the episode's state, which the action space reads;
        #: an episode of one deal is its own, read without a call.
        self._in_play = game.learning.in_play
        self._one_deal = self.episode == "deal"
        #: A game's target, the last number of a whole game's observation.
        self._target = game.learning.game_target(variant)
        extra = sides + 1 if self.episode == "game" else 0
        shape = (self.encoder.shape[0] + extra,)
        self.possible_agents: list[str] = [_agent(s) for s in range(variant.players)]
        #: The side of each seat, which its agent is rewarded for.
        self._sides = [variant.side_of(s) for s in range(variant.players)]
        self.agents: list[str] = []
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, _HIGH, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(self.space.size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self._np = np
        #: The deal being played (one hand in Zetema), or the game.
        self.deal: AnyState | None = None
        #: What the deal has brought each side so far, by the rewards given (the points
        #: scored when the cards are dealt are given with the first step's).
        self._given: tuple[int, ...] = ()
        #: Each seat's vector, kept from one step to the next and rewritten where the
        #: deal changed: what makes an observation cheap.
        self._vectors = [self.encoder.seat_vector(seat) for seat in range(variant.players)]
        #: The legal actions and their ids in the last state observed with a seat to
        #: act, by the state itself (not its id, which a new state may reuse): the step
        #: that follows reads its action there.
        self._flags: tuple[AnyState, Sequence[Any], Sequence[int]] | None = None
        #: The seat of each agent, and the number of ids (a mask's length).
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._size = self.space.size
        #: The mask of a seat not to act, and the type of a mask's numbers (given
        #: as an object: NumPy reads it quicker than the name of a type).
        self._no_mask = np.zeros(self.space.size, dtype=np.int8)
        self._int8 = np.dtype(np.int8)
        #: The rewards of a step that scores nothing and does not end the episode, if
        #: they are all zero (so that they change no sum): given as they are.
        sides_at_rest = step_rewards(self.reward, [0] * sides, over=False, winners=())
        at_rest = {
            agent: sides_at_rest[self._sides[s]] for s, agent in enumerate(self.possible_agents)
        }
        self._no_rewards = None if any(at_rest.values()) else at_rest
        #: Whether a step that makes no score event leaves the scores as they were given
        #: (so that they need not be read): in an episode of one deal, once its first
        #: step has given the points made when the cards were dealt.
        self._quiet = False

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[self.possible_agents[self._seat(agent, "observation_space")]]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[self.possible_agents[self._seat(agent, "action_space")]]

    def _seat(self, agent: object, method: str) -> int:
        """The seat of ``agent`` (``seat_0``...): a :class:`TypeError` for a value
        that is not a text, :class:`~bezique.SeatError` for an agent of no seat."""
        if not isinstance(agent, str):
            wrong_type(f"BeziqueEnv.{method}()", "agent", "an agent name (a str)", agent)
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise SeatError(
                f"no agent {shown(agent)}: the agents are {', '.join(self.possible_agents)}"
            ) from None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        check_seed(seed, "BeziqueEnv.reset()")
        if seed is not None:
            self._rng.seed(seed)
        dealer = self._rng.randrange(self.rules.players)
        seed = self._rng.getrandbits(64)
        deal: AnyState
        if self.episode == "game":
            deal = variants.new_game(self.rules, seed=seed, first_dealer=dealer)
        else:
            deal = variants.new_deal(self.rules, seed=seed, dealer=dealer)
        self.deal = deal
        self.agents = list(self.possible_agents)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._given = (0,) * len(self._scores(deal))
        self._quiet = False
        self.agent_selection = _agent(deal.current_player or 0)

    def observe(self, agent: str) -> dict[str, Any]:
        # The agent's seat by one look-up; anything else is named by _seat's error.
        seat = self._seats.get(agent) if type(agent) is str else None
        if seat is None:
            seat = self._seat(agent, "observe")
        # The deal read in place, _require_deal() called only to refuse: observe and
        # step run at every step, where each call counts.
        deal = self.deal
        if deal is None:
            deal = self._require_deal()
        in_play: Any = deal if self._one_deal else self._in_play(deal)
        # New arrays at each call, so that what a caller does to the arrays it was
        # given reaches neither another caller nor what is kept.
        if deal.current_player != seat:
            mask = self._no_mask.copy()
        else:
            kept = self._flags
            if kept is not None and kept[0] is deal:
                ids = kept[2]
            else:
                legal, ids = self.space.legal_with_ids(in_play)
                self._flags = (deal, legal, ids)
            # One byte per id, set for the legal ids (an id may come more than once).
            flags = bytearray(self._size)
            for action_id in ids:
                flags[action_id] = 1
            mask = self._np.frombuffer(flags, self._int8)
        vector = self._vectors[seat].update(in_play)
        if self.episode == "game":
            # The totals are public: every seat sees them, its own side's first.
            totals = self._scores(deal)
            own = self.rules.side_of(seat)
            tail = [*totals[own:], *totals[:own], self._target]
            observation = self._np.concatenate(
                [vector, self._np.asarray(tail, dtype=self._np.float32)]
            )
        else:
            observation = vector.copy()
        return {"observation": observation, "action_mask": mask}

    def step(self, action: SupportsIndex | None) -> None:
        deal = self.deal
        if deal is None:
            deal = self._require_deal()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise NotationError(f"{agent} is to act: None is the action of a finished agent")
        try:
            # An int, or a NumPy integer as a policy or a space's sample gives it; not
            # a bool, which Python counts as a number.
            if isinstance(action, bool):
                raise TypeError
            action_id = operator.index(action)
        except TypeError:
            wrong_type("BeziqueEnv.step()", "action", "an action id (an int)", action)
        kept = self._flags
        if kept is not None and kept[0] is deal and action_id in kept[2]:
            # The first legal action of the id, as action_from_id() picks it.
            chosen = kept[1][kept[2].index(action_id)]
        else:
            # Not observed, or an id with no legal action: refused by the space.
            chosen = self.space.action_from_id(self._in_play(deal), action_id)
        deal, scored = deal.step(chosen)
        self.deal = deal
        self._cumulative_rewards[agent] = 0.0
        over = deal.is_over
        agents = self.possible_agents
        # What the deal brings each side so far, less what was given: the step's
        # scores, the points of the deal itself on the first step, and on the last
        # what the deal's result adds (the game bonus and the rubicon, BIC, S003). A
        # step that made no score event changed none of a deal's points (not so a
        # game's totals, which change when a deal ends).
        if self._quiet and not scored and not over:
            scores = self._given
        else:
            scores = self._scores(deal)
            self._quiet = self._one_deal
        if over or scores != self._given or self._no_rewards is None:
            gained = [now - given for now, given in zip(scores, self._given, strict=True)]
            self._given = scores
            if over:
                self.terminations = dict.fromkeys(self.agents, True)
            sides = step_rewards(
                self.reward, gained, over=over, winners=deal.winners if over else ()
            )
            self.rewards = {
                agent: sides[side] for agent, side in zip(agents, self._sides, strict=True)
            }
            self._accumulate_rewards()
        else:
            # Nothing scored and the episode goes on: the rewards of no points, all
            # zero, which add nothing to the sums (most steps: a play, a draw).
            self.rewards = dict(self._no_rewards)
        current = deal.current_player
        if current is not None:
            self.agent_selection = agents[current]
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

    def _require_deal(self) -> AnyState:
        if self.deal is None:
            raise NotationError("the environment has no deal yet: call reset() first")
        return self.deal


def _game_totals(game: Any) -> tuple[int, ...]:
    # A whole game's totals by side, the deal in progress included where it counts.
    totals: tuple[int, ...] = game.side_scores
    return totals


#: PettingZoo's name for the environment class without wrappers.
raw_env = BeziqueEnv
