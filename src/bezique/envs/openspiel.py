"""Every game of the family as an OpenSpiel game (the ``openspiel`` extra).

:func:`register` registers the game with ``pyspiel`` under the name
``python_bezique``, with four parameters: ``variant``, a preset name of
:func:`bezique.variants.names`, Zetema's included (by default ``classic``),
``players``, the number of seats where the preset's rules allow another (0, the
default: the preset's), ``reward``, what the returns are (``points``, the
default, ``margin`` or ``win-loss``: :mod:`bezique.envs.rewards`), and ``episode``
(``deal``, the default, or ``game``); then
``pyspiel.load_game("python_bezique", {"variant": "zetema", "players": 4})`` loads
it. Importing this module registers it too when ``pyspiel`` is installed. One
episode is one deal (in Zetema, one hand), or with ``episode="game"`` a whole game to
its target: each deal's chance nodes come before it, and the game deals it
(:meth:`bezique.GameState.deal_next` of a game started with ``wait=True``; Zetema's
:meth:`~bezique.zetema.state.ZetemaState.deal_next`); the observation then ends with
the game's totals by side, the seat's own first, and the target, and the returns are
the game's.

* **Chance**: the deal is explicit chance. The first chance nodes turn up the deck,
  top card first (:func:`bezique.new_deal` with ``deck=``; Zetema's
  :func:`bezique.zetema.new_hand` with ``deck=``), one face at a time: the outcomes
  are the faces (Bezique's 32, Zetema's 52), each with the probability of drawing
  it from the cards not yet dealt. The dealer is seat 0.
* **Actions**: the ids of the preset's fixed action space
  (:meth:`bezique.ActionSpace.of`); where several legal actions share an id (in
  Bezique only), the id plays the first of them
  (:meth:`~bezique.encodings.action_space.ActionSpace.action_from_id`).
* **Information states**: the string is the seat's view as JSON
  (:func:`bezique.view_to_json`), the tensor its encoding by the preset's encoder
  (:mod:`bezique.envs.observation`); the observation string and tensor are the
  same. A view keeps everything of the deal so far that bears on the rest of it,
  but not the order in which the seat drew its own cards. A state writes each
  seat's string once, however often it is asked (OpenSpiel's ISMCTS asks for a
  node's two or three times a simulation).
* **Observers**: ``make_py_observer`` (``open_spiel.python.observation``) gives
  that tensor and string; asked for public information only
  (``IIGObservationType(private_info=PrivateInfoType.NONE)``), the tensor leaves
  the seat's own concealed cards at zero (the private blocks of the encoder:
  Bezique's ``hand`` and ``hand_declared``, Zetema's ``hand``) and the string lists
  the other entries, so that two deals that differ only in concealed cards give
  every seat the same public observation.
* **Resampling**: ``resample_from_infostate`` deals the unseen cards at random
  consistently with the seat's view (:func:`bezique.checks.determinize.determinize`,
  :func:`bezique.zetema.determinize.determinize`), which is what OpenSpiel's ISMCTS
  bot asks for. The sample starts with the seat's view and string of the state it
  was drawn from, which are its own. The probability sampler passed in is the only
  source of chance, so a seeded one (``bot.set_resampler``) repeats a search.
* **Returns**: at the end of the deal, with ``reward="points"``, what the deal adds
  to the game total of each player's side (:attr:`bezique.DealResult.game_scores`,
  added up by side; in Zetema the side's points in the hand); zero before. The game
  is then general-sum: every side scores. With ``"margin"`` each side's points less
  the mean of the other sides', with ``"win-loss"`` 1 to the deal's winning side
  and ``-1/(n-1)`` to the others (0 to all at a draw): the game is then zero-sum
  (:attr:`pyspiel.GameType.Utility.ZERO_SUM`), with bounds to match.
"""

from __future__ import annotations

import functools
import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from bezique import variants
from bezique.encodings.action_space import ActionSpace
from bezique.envs import ActionIds, Encoder, require_extra
from bezique.envs.observation import ObservationEncoder
from bezique.envs.rewards import check_options, game_tail, step_rewards
from bezique.errors import (
    IllegalActionError,
    NotationError,
    SeatError,
    require,
    require_int,
    require_number,
    shown,
    wrong_type,
)
from bezique.players.playout import play_out
from bezique.players.rule_of_thumb import RuleOfThumbPlayer
from bezique.state import DealState
from bezique.variants import AnyRules, AnyState, Learning

if TYPE_CHECKING:
    import pyspiel
else:
    try:
        import pyspiel
    except ImportError:  # the extra is missing: register() says so
        pyspiel = None

__all__ = [
    "GAME_NAME",
    "BeziqueGame",
    "BeziqueState",
    "GuardedISMCTSBot",
    "PlayoutEvaluator",
    "game_info",
    "keep_unless_beaten",
    "max_points",
    "register",
]

#: The name of the game in ``pyspiel``.
GAME_NAME = "python_bezique"

_Base: Any = object if pyspiel is None else pyspiel.Game
_StateBase: Any = object if pyspiel is None else pyspiel.State


def _shared(value: AnyState) -> _Kept:
    return _Kept(value)


class _Kept:
    """An immutable deal or game kept by a state: a copy of the state shares it."""

    __slots__ = ("value",)

    def __init__(self, value: AnyState) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Kept:
        return self


def max_points(rules: AnyRules) -> int:
    """A generous bound on what one side may score in a deal (OpenSpiel asks for one):
    in Bezique every trick's winner declaring the richest meld as often as the rules
    let it, with the sevens, a carte blanche, every brisque, the last trick and the
    bonuses of the deal's result, for every seat of the side; in Zetema a turn per
    card declaring the richest combination, and every card in a zetema."""
    return int(variants.game_of_rules(rules, "max_points()", "rules").learning.max_points(rules))


def game_info(rules: AnyRules, reward: str = "points", episode: str = "deal") -> Any:
    """The ``pyspiel.GameInfo`` of ``rules``, its returns ``reward``'s over episodes of
    ``episode`` (a whole game: the bounds of a deal times the bound on its deals,
    :attr:`bezique.variants.Learning.max_deals`)."""
    spiel = _pyspiel()
    reward, episode = check_options(reward, episode)
    learning = variants.game_of_rules(rules, "game_info()", "rules").learning
    deals = 1 if episode == "deal" else learning.max_deals(rules)
    most = float(learning.max_points(rules) * deals)
    # A side's margin is at most what it scores, and at least minus what another does.
    low, high = {"points": (0.0, most), "margin": (-most, most), "win-loss": (-1.0, 1.0)}[reward]
    return spiel.GameInfo(
        num_distinct_actions=ActionSpace.of(rules).size,
        max_chance_outcomes=len(set(learning.deck(rules))),
        num_players=rules.players,
        min_utility=low,
        max_utility=high,
        utility_sum=None if reward == "points" else 0.0,
        max_game_length=learning.max_length(rules) * deals,
    )


def _pyspiel() -> Any:
    return require_extra("pyspiel", "openspiel")


def _game_type(reward: str = "points") -> Any:
    spiel = _pyspiel()
    kind = spiel.GameType
    return kind(
        short_name=GAME_NAME,
        long_name="Bezique and its family (the bezique library)",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.GENERAL_SUM if reward == "points" else kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        # Zetema seats up to six.
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "variant": "classic",
            "players": 0,
            "reward": "points",
            "episode": "deal",
        },
    )


@attrs.frozen
class _Tables:
    """What the states of one preset share: its rules, action space, encoder, the
    faces of its deck and what else the adapters ask of its game."""

    rules: AnyRules
    space: ActionIds
    encoder: Encoder
    #: How many copies of each face the deck holds, by face.
    copies: tuple[int, ...]
    learning: Learning


@functools.cache
def _tables(variant: str, players: int = 0) -> _Tables:
    # By name, not kept on the states: OpenSpiel copies a state (and what it holds)
    # to clone it, and the rules keep their derived tables.
    rules = variants.get(variant)
    if players:
        rules = rules.evolve(players=players)
    learning = variants.game_of(rules).learning
    deck = learning.deck(rules)
    copies = tuple(deck.count(face) for face in range(max(deck) + 1))
    return _Tables(rules, ActionSpace.of(rules), ObservationEncoder.of(rules), copies, learning)


class BeziqueGame(_Base):  # type: ignore[misc]
    """The game of one preset, of any game of the family (parameter ``variant``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spiel = _pyspiel()
        self.variant = str((params or {}).get("variant", "classic"))
        #: The number of seats asked for (0 for the preset's).
        self.players = int((params or {}).get("players", 0))
        #: What the returns are (:mod:`bezique.envs.rewards`).
        #: What one episode is, a deal or a whole game (:mod:`bezique.envs.rewards`).
        self.reward, self.episode = check_options(
            (params or {}).get("reward", "points"), (params or {}).get("episode", "deal")
        )
        rules = _tables(self.variant, self.players).rules
        game_type = _game_type(self.reward)
        if not game_type.min_num_players <= rules.players <= game_type.max_num_players:
            raise spiel.SpielError(f"{self.variant}: {rules.players} players")
        parameters = {
            "variant": self.variant,
            "players": self.players,
            "reward": self.reward,
            "episode": self.episode,
        }
        super().__init__(game_type, game_info(rules, self.reward, self.episode), parameters)

    def new_initial_state(self) -> BeziqueState:
        return BeziqueState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        spiel = _pyspiel()
        public = iig_obs_type is not None and (
            iig_obs_type.private_info == spiel.PrivateInfoType.NONE
        )
        return _Observer(
            _tables(self.variant, self.players), public=public, game=self.episode == "game"
        )


class BeziqueState(_StateBase):  # type: ignore[misc]
    """An episode in progress: a deal (the chance nodes of its deck, then the play),
    or with ``episode="game"`` a whole game, each deal's chance nodes before it."""

    def __init__(self, game: Any, deal: AnyState | None = None) -> None:
        super().__init__(game)
        # Read from the game's parameters, which every copy of the game keeps.
        parameters = game.get_parameters()
        self._key = (str(parameters["variant"]), int(parameters.get("players", 0)))
        self._reward = str(parameters.get("reward", "points"))
        self._whole_game = str(parameters.get("episode", "deal")) == "game"
        #: The faces turned up so far of the deal being dealt, top of the deck first
        #: (the chance nodes).
        self._deck: list[int] = []
        #: The copies of each face not yet turned up.
        self._left = list(_tables(*self._key).copies)
        #: Once the first deal is dealt, the episode's state (the deal, or the game).
        self._kept: _Kept | None = None if deal is None else _shared(deal)
        #: The seats' views of this state and their information-state strings, by seat,
        #: made once: OpenSpiel's ISMCTS asks for a node's string two or three times a
        #: simulation, and resamples the root from its view at every simulation. Every
        #: move starts new ones (a new dict, never one a clone may share).
        self._views: dict[int, Any] = {}
        self._strings: dict[int, str] = {}

    @property
    def _tables(self) -> _Tables:
        return _tables(*self._key)

    @property
    def episode(self) -> AnyState | None:
        """The episode's state, once the chance nodes have made its first deal: the
        deal, or with ``episode="game"`` the game (:func:`bezique.variants.new_game`)."""
        return None if self._kept is None else self._kept.value

    @property
    def deal(self) -> AnyState | None:
        """The deal in play (a Zetema game is its own), once the chance nodes have made
        it; between two deals of a whole game, the deal that ended."""
        episode = self.episode
        return None if episode is None else self._tables.learning.in_play(episode)

    def _dealing(self) -> bool:
        """Whether the chance nodes of a deal are being played: before the first deal,
        and in a whole game between two deals."""
        episode = self.episode
        return episode is None or (self._whole_game and self._tables.learning.waiting(episode))

    def current_player(self) -> int:
        spiel = _pyspiel()
        if self._dealing():
            return int(spiel.PlayerId.CHANCE)
        episode = self.episode
        if episode is None or episode.is_over or episode.current_player is None:
            return int(spiel.PlayerId.TERMINAL)
        return int(episode.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        episode = self.episode
        if self._dealing() or episode is None or episode.current_player != player:
            return []
        return list(self._tables.space.legal_ids(self._tables.learning.in_play(episode)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        total = sum(self._left)
        return [(face, n / total) for face, n in enumerate(self._left) if n]

    def _apply_action(self, action: int) -> None:
        self._views, self._strings = {}, {}
        tables = self._tables
        episode = self.episode
        if self._dealing():
            self._turn_up(action)
            if any(self._left):
                return
            learning = tables.learning
            if episode is None and not self._whole_game:
                episode = learning.deal(tables.rules, self._deck, 0)
            elif episode is None:
                episode = learning.waiting_game(tables.rules, self._deck, 0)
            else:
                # The game's own law deals the next deal, by the next dealer.
                episode = learning.deal_next(episode, self._deck)
            self._kept = _shared(episode)
            self._deck, self._left = [], list(tables.copies)
            return
        if episode is None:  # pragma: no cover - dealing until there is an episode
            raise IllegalActionError("no deal yet", ())
        in_play = tables.learning.in_play(episode)
        self._kept = _shared(episode.apply(tables.space.action_from_id(in_play, action)))

    def _turn_up(self, face: int) -> None:
        """The chance node of the next card of the deck: ``face`` turned up."""
        if not 0 <= face < len(self._left):
            raise NotationError(
                f"no face {face}: the faces of the deal are 0..{len(self._left) - 1}"
            )
        if not self._left[face]:
            name = self._tables.learning.face_name(face)
            raise IllegalActionError(f"deal {name} (every copy is dealt)", ())
        self._left[face] -= 1
        self._deck.append(face)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(_pyspiel().PlayerId.CHANCE):
            return f"deal {self._tables.learning.face_name(action)}"
        return self._tables.space.describe(action)

    def is_terminal(self) -> bool:
        episode = self.episode
        return episode is not None and episode.is_over

    def returns(self) -> list[float]:
        episode = self.episode
        tables = self._tables
        rules = tables.rules
        if episode is None or not episode.is_over:
            return [0.0] * rules.players
        # The whole episode as one step: its returns are what the steps' rewards of the
        # PettingZoo environment add up to (a game's: its totals by side).
        scores = (
            episode.side_scores if self._whole_game else tables.learning.episode_scores(episode)
        )
        sides = step_rewards(self._reward, scores, over=True, winners=episode.winners)
        return [sides[rules.side_of(seat)] for seat in range(rules.players)]

    def information_state_string(self, player: int | None = None) -> str:
        return self._view_string(self._player(player, "information_state_string()"))

    def observation_string(self, player: int | None = None) -> str:
        return self._view_string(self._player(player, "observation_string()"))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(self._player(player, "information_state_tensor()"))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(self._player(player, "observation_tensor()"))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BeziqueState:
        """A state dealt at random among those the seat's view allows: the cards it has
        not seen of the deal in play drawn again; while a deal is being dealt, the
        faces turned up so far (no seat has seen them)."""
        if not callable(probability_sampler):
            wrong_type(
                "resample_from_infostate()",
                "probability_sampler",
                "a callable",
                probability_sampler,
            )
        seat = self._player(player_id, "resample_from_infostate()", "player_id")
        drawn = probability_sampler()
        require_number(drawn, "resample_from_infostate()", "probability_sampler()")
        try:
            probability = float(drawn)
        except OverflowError:  # an int of thousands of digits is no probability either
            probability = math.inf
        if not 0.0 <= probability <= 1.0:
            # NaN fails this test too.
            raise NotationError(
                "resample_from_infostate(): probability_sampler() must give a number from "
                f"0 to 1, got {shown(drawn)}"
            )
        seed = int(probability * 2**53)
        episode = self.episode
        if self._dealing():
            sample = BeziqueState(self.get_game(), episode)
            faces = [face for face, n in enumerate(self._tables.copies) for _ in range(n)]
            random.Random(seed).shuffle(faces)
            for face in faces[: len(self._deck)]:
                sample._turn_up(face)
            return sample
        if episode is None:  # pragma: no cover - dealing until there is an episode
            raise IllegalActionError("no deal yet", ())
        learning = self._tables.learning
        in_play = learning.in_play(episode)
        drawn_deal = learning.determinize(self._view(seat), seed)
        if in_play is not episode:
            # A whole game's deal in play drawn again; the game's past is public.
            drawn_deal = attrs.evolve(episode, deal=drawn_deal)
        elif self._whole_game:
            # A Zetema game is its own deal: the sample waits between hands as it does.
            drawn_deal = attrs.evolve(drawn_deal, wait=True)
        sample = BeziqueState(self.get_game(), drawn_deal)
        # The seat's view of the sample is its view here (what resampling keeps), so the
        # sample starts with this state's: ISMCTS asks for it at every simulation.
        sample._views[seat] = self._view(seat)
        sample._strings[seat] = self._view_string(seat)
        return sample

    def __str__(self) -> str:
        name = self._tables.learning.face_name
        dealt = "deck " + " ".join(name(face) for face in self._deck)
        episode = self.episode
        if episode is None:
            return dealt
        board = str(episode.render(symbols=False))
        return f"{board}\n{dealt}" if self._dealing() else board

    def _player(self, player: object, method: str, parameter: str = "player") -> int:
        """The seat ``player`` names (the one to act for ``None``): a :class:`TypeError`
        naming the parameter for a value that is not an int, :class:`~bezique.SeatError`
        for a number of no seat."""
        if player is None:
            return self.current_player()
        seat = require_int(player, method, parameter)
        players = self._tables.rules.players
        if not 0 <= seat < players:
            raise SeatError(f"{method}: no {parameter} {shown(seat)}; players are 0..{players - 1}")
        return seat

    def _game_line(self, player: int) -> str:
        """A whole game's public standing, as the seat reads it: ``""`` for a deal."""
        episode = self.episode
        if not self._whole_game:
            return ""
        totals = _game_tail(self._tables, episode, player)
        return f"game: deal {self._deal_number()}, totals {totals[:-1]} of {totals[-1]}; "

    def _deal_number(self) -> int:
        episode = self.episode
        if episode is None or isinstance(episode, DealState):
            return 1
        finished = len(episode.results)
        return finished + 1 if self._dealing() or not episode.is_over else finished

    def _view(self, player: int) -> Any:
        """The seat's view of the deal in play (made once for this state)."""
        view = self._views.get(player)
        if view is None:
            deal = self.deal
            if deal is None:  # pragma: no cover - asked of a dealt state only
                raise IllegalActionError("no deal yet", ())
            view = self._views[player] = deal.view(player)
        return view

    def _view_string(self, player: int) -> str:
        known = self._strings.get(player)
        if known is not None:
            return known
        line = self._game_line(player)
        if self._dealing():
            text = f"{line}seat {player}: the cards are being dealt ({len(self._deck)} so far)"
        else:
            text = line + variants.view_to_json(self._view(player), indent=None)
        self._strings[player] = text
        return text

    def _tensor(self, player: int) -> list[float]:
        tables = self._tables
        tail = _game_tail(tables, self.episode, player) if self._whole_game else []
        deal = self.deal
        if self._dealing() or deal is None:
            return [0.0] * tables.encoder.size + [float(v) for v in tail]
        # Read from the state's bit sets (Bezique's), the seat's view not built.
        out: list[float] = tables.encoder.encode_state(deal, player).tolist()
        return out + [float(v) for v in tail]


def _game_tail(tables: _Tables, game: AnyState | None, player: int) -> list[int]:
    """What a whole game's observation adds after the seat's view, as PettingZoo's
    environment has it: the game's totals by side, the seat's own side first, then the
    target (:func:`bezique.envs.rewards.game_tail`)."""
    rules = tables.rules
    totals = (0,) * rules.side_count if game is None else game.side_scores
    return game_tail(totals, rules.side_of(player), tables.learning.game_target(rules))


class _Observer:
    """OpenSpiel's observer of a python game: the seat's view, as a tensor and a string;
    with ``public``, without what only the seat knows (see the module docstring)."""

    def __init__(self, tables: _Tables, *, public: bool = False, game: bool = False) -> None:
        np = require_extra("numpy", "openspiel")
        # A whole game's totals by side and its target follow the view.
        extra = tables.rules.side_count + 1 if game else 0
        self.tensor = np.zeros(tables.encoder.size + extra, np.float32)
        self.dict = {"observation": self.tensor}
        self.public = public
        #: The flat ranges of the private blocks, zeroed in a public observation.
        self._private = [tables.encoder.span(name) for name in tables.learning.private_blocks]

    def set_from(self, state: BeziqueState, player: int) -> None:
        self.tensor[:] = state.information_state_tensor(player)
        for private in self._private if self.public else ():
            self.tensor[private] = 0.0

    def string_from(self, state: BeziqueState, player: int) -> str:
        if not self.public:
            return state.information_state_string(player)
        self.set_from(state, player)
        # The public entries that are not zero, by index: the same for every deal that
        # differs only in concealed cards.
        return " ".join(f"{i}:{v:g}" for i, v in enumerate(self.tensor.tolist()) if v)


class PlayoutEvaluator:
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots (``evaluator=``, with the
    methods ``evaluate`` and ``prior`` of ``open_spiel.python.algorithms.mcts.Evaluator``)
    for Bezique deals: a state is worth the returns of its deal played out to the end
    by the fast rollout policy of the Monte Carlo player
    (:func:`bezique.players.playout.play_out`: the rules of thumb with a table of card
    values), one playout, deterministic for the state. Playouts by the rules of thumb
    tell a good move from a bad one far better than OpenSpiel's random rollouts, at
    about the same cost a playout.

    The prior is uniform over the legal actions by default. With
    ``rule_of_thumb_weight`` ``w`` above 0 it leans to the action the rule-of-thumb
    player (:class:`bezique.players.RuleOfThumbPlayer`) would choose: that action
    gets ``w`` of the prior and every legal action, that one included, an equal share
    of the rest, ``(1 - w) / n`` of ``n``. UCT ignores a prior; the bots' PUCT
    (``child_selection_policy=ChildSelectionPolicy.PUCT`` of ISMCTS) spends its
    simulations after the first try of each action by it, so the search keeps to
    the rule-of-thumb choice unless the playouts find another action clearly better,
    as the Monte Carlo player does (docs: "Players and their strength").

    With ``candidates`` ``k`` above 1 the weight ``w`` is shared equally among the
    rule-of-thumb player's ``k`` favourite actions (:meth:`candidate_actions`: its
    ranking, :meth:`bezique.players.RuleOfThumbPlayer.ranked`) while more than
    ``late`` cards are left to draw, and among every legal action after: PUCT then
    spends the search on those few, as the Monte Carlo player compares its three
    favourites early and every action late. With ``coupled`` the playouts draw as the
    Monte Carlo player's do (each seat the same cards, whoever wins the tricks).

    Bezique's presets only (the fast policy plays Bezique), one deal an episode."""

    def __init__(
        self,
        rule_of_thumb_weight: float = 0.0,
        *,
        candidates: int = 1,
        late: int = 12,
        coupled: bool = False,
    ) -> None:
        weight = rule_of_thumb_weight
        require(coupled, bool, "PlayoutEvaluator()", "coupled", "a bool")
        require_int(candidates, "PlayoutEvaluator()", "candidates")
        require_int(late, "PlayoutEvaluator()", "late")
        if candidates < 1:
            raise NotationError(
                f"PlayoutEvaluator(): candidates must be at least 1, got {shown(candidates)}"
            )
        require_number(weight, "PlayoutEvaluator()", "rule_of_thumb_weight")
        if not 0.0 <= float(weight) <= 1.0:
            # NaN fails this test too.
            raise NotationError(
                "PlayoutEvaluator(): rule_of_thumb_weight must be a number from 0 to 1, "
                f"got {shown(weight)}"
            )
        #: The share of the prior given to the rule-of-thumb player's choice.
        self.rule_of_thumb_weight: float = float(weight)
        #: Whether a playout draws as the Monte Carlo player's do
        #: (:func:`bezique.players.playout.arrange_draws`): each seat the same cards whoever
        #: wins the tricks, so that playouts of one deal after different actions
        #: differ less by the luck of the draw.
        self.coupled: bool = coupled
        #: How many of the rule-of-thumb player's favourite actions share the weight.
        self.candidates: int = candidates
        #: The cards left to draw at most which every legal action is a candidate.
        self.late: int = late
        self._guide: RuleOfThumbPlayer = RuleOfThumbPlayer()

    def evaluate(self, state: BeziqueState) -> Any:
        np = require_extra("numpy", "openspiel")
        deal = _bezique_deal(state, "PlayoutEvaluator.evaluate()")
        if deal.is_over:
            return np.asarray(state.returns(), dtype=float)
        end = play_out(deal, coupled=self.coupled)
        return np.asarray(BeziqueState(state.get_game(), end).returns(), dtype=float)

    def prior(self, state: BeziqueState) -> list[tuple[int, float]]:
        require(state, BeziqueState, "PlayoutEvaluator.prior()", "state", "a BeziqueState")
        if state.is_chance_node():
            return list(state.chance_outcomes())
        actions = state.legal_actions()
        share = (1.0 - self.rule_of_thumb_weight) / len(actions)
        if not self.rule_of_thumb_weight:
            return [(action, share) for action in actions]
        chosen = self.candidate_actions(state)
        bonus = self.rule_of_thumb_weight / len(chosen)
        return [(action, share + (bonus if action in chosen else 0.0)) for action in actions]

    def rule_of_thumb_action(self, state: BeziqueState) -> int:
        """The action id the rule-of-thumb player would choose in ``state``, a
        decision of a dealt Bezique deal."""
        return self._ranked(state, "PlayoutEvaluator.rule_of_thumb_action()", 1)[0]

    def candidate_actions(self, state: BeziqueState) -> list[int]:
        """The action ids the prior leans to in ``state``, a decision of a dealt Bezique
        deal: the rule-of-thumb player's ``candidates`` favourites, its choice first,
        while more than ``late`` cards are left to draw; after, every legal action,
        its choice first (with ``candidates`` 1, its choice alone throughout)."""
        return self._ranked(state, "PlayoutEvaluator.candidate_actions()", self.candidates)

    def _ranked(self, state: BeziqueState, method: str, count: int) -> list[int]:
        require(state, BeziqueState, method, "state", "a BeziqueState")
        deal = _bezique_deal(state, method)
        space = ActionSpace.of(deal.rules)
        if deal.stock_size <= self.late and count > 1:
            count = len(deal.legal_actions())
        # Several legal actions may share an id: each id once, at its first place.
        ids = dict.fromkeys(space.action_id(a, deal) for a in self._guide.ranked(deal))
        return list(ids)[:count]


#: The returns of a search's root actions, by action id, each a (world, return) pair
#: a simulation through the action, the world being the index of the deal it searched.
RootReturns = Mapping[int, Sequence[tuple[int, float]]]


def keep_unless_beaten(returns: RootReturns, keep: int, confidence: float) -> int:
    """The action to play after a search: ``keep`` unless another action's returns
    beat its returns clearly, by more than ``confidence`` standard errors of the mean
    difference (and by more than nothing); of those that do, the one with the
    largest mean difference.

    Two actions are compared on the worlds both were searched in, each world's
    returns averaged, when there are at least two such worlds: paired, as the Monte
    Carlo player compares its candidates on the same samples. Otherwise, when each
    has at least two returns, unpaired (Welch: the standard error of the difference
    of the two means). Fewer returns than that never beat ``keep``, and neither does
    anything when ``keep`` has none of its own."""
    kept = returns.get(keep, ())
    best, best_gain = keep, 0.0
    for action, mine in returns.items():
        if action == keep:
            continue
        gain, error = _difference(mine, kept)
        if gain > 0.0 and gain > confidence * error and gain > best_gain:
            best, best_gain = action, gain
    return best


def _difference(
    mine: Sequence[tuple[int, float]], theirs: Sequence[tuple[int, float]]
) -> tuple[float, float]:
    """The mean of ``mine`` less that of ``theirs`` and its standard error, paired by
    world where two worlds or more are common; ``(0, inf)`` when too few returns."""
    by_world_mine = _by_world(mine)
    by_world_theirs = _by_world(theirs)
    common = sorted(by_world_mine.keys() & by_world_theirs.keys())
    if len(common) >= 2:
        gains = [by_world_mine[w] - by_world_theirs[w] for w in common]
        return statistics.fmean(gains), statistics.stdev(gains) / math.sqrt(len(gains))
    if len(mine) < 2 or len(theirs) < 2:
        return 0.0, math.inf
    a = [value for _, value in mine]
    b = [value for _, value in theirs]
    error = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return statistics.fmean(a) - statistics.fmean(b), error


def _by_world(returns: Sequence[tuple[int, float]]) -> dict[int, float]:
    """The mean return in each world."""
    sums: dict[int, list[float]] = {}
    for world, value in returns:
        sums.setdefault(world, []).append(value)
    return {world: statistics.fmean(values) for world, values in sums.items()}


class GuardedISMCTSBot:
    """OpenSpiel's ISMCTS bot (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) with a
    final choice of ours: after the search, the rule-of-thumb player's action is played
    unless another root action's returns beat it clearly (:func:`keep_unless_beaten`,
    ``confidence`` standard errors), instead of OpenSpiel's most visited action; with
    an evaluator of ``candidates`` above 1, only another of its
    :meth:`~PlayoutEvaluator.candidate_actions` may replace it. The
    search itself is OpenSpiel's, simulation by simulation (its tree, its child
    selection by ``child_selection_policy`` and ``uct_c``, the evaluator's leaf values
    and prior).

    With ``worlds`` above 0 the search draws that many deals that fit the information
    state at its start and simulation *i* searches deal *i* mod ``worlds``, so that the
    root actions are compared on the same deals (paired); with 0 every simulation
    draws its own. ``resampler(state, seat)`` draws a deal (OpenSpiel's
    ``set_resampler``: pass a seeded one for a search that repeats); by default the
    state's ``resample_from_infostate`` with a sampler of ``random_state``.

    With ``flat=True`` the tree is the root alone: each simulation chooses a root
    action by the same child selection and values the state after it by one playout
    of the evaluator, as the Monte Carlo player values its candidates, instead of
    growing OpenSpiel's tree below it (where its simulations also try replies the
    playouts' player would not make). Every simulation goes through a root action
    (the first reads the prior, as OpenSpiel's first simulation does, without
    valuing the root), and with ``worlds`` above 0 an action's *n*-th simulation
    searches deal *n* mod ``worlds``, the deals drawn as they are first needed: the
    evaluator's playout is deterministic for a state, so a second visit to the same
    deal after the same action would repeat a value, and by this order every action
    meets the same deals in the same order, paired as the Monte Carlo player's
    rounds are.

    ``step(state)`` returns the action id to play; after it, :attr:`last_returns`
    holds the root's returns by action and :attr:`last_kept` the rule-of-thumb
    action. OpenSpiel's bot is :attr:`bot`."""

    def __init__(
        self,
        game: Any,
        evaluator: PlayoutEvaluator,
        *,
        uct_c: float,
        max_simulations: int,
        random_state: Any,
        child_selection_policy: Any = None,
        confidence: float = 1.5,
        worlds: int = 0,
        resampler: Callable[[Any, int], Any] | None = None,
        flat: bool = False,
    ) -> None:
        ismcts = require_extra("open_spiel.python.algorithms.ismcts", "openspiel")
        require(flat, bool, "GuardedISMCTSBot()", "flat", "a bool")
        require(
            evaluator, PlayoutEvaluator, "GuardedISMCTSBot()", "evaluator", "a PlayoutEvaluator"
        )
        require_int(max_simulations, "GuardedISMCTSBot()", "max_simulations")
        require_int(worlds, "GuardedISMCTSBot()", "worlds")
        if max_simulations < 1 or worlds < 0:
            raise NotationError(
                "GuardedISMCTSBot(): max_simulations must be at least 1 and worlds at "
                f"least 0, got {shown(max_simulations)} and {shown(worlds)}"
            )
        require_number(confidence, "GuardedISMCTSBot()", "confidence")
        if not float(confidence) >= 0.0:
            raise NotationError(
                f"GuardedISMCTSBot(): confidence must be 0 or more, got {shown(confidence)}"
            )
        self.evaluator: PlayoutEvaluator = evaluator
        self.max_simulations: int = max_simulations
        self.confidence: float = float(confidence)
        self.worlds: int = worlds
        self.flat: bool = flat
        # OpenSpiel's mark of no action, read once for the flat search's simulations.
        self._no_action: int = _pyspiel().INVALID_ACTION
        self.random_state: Any = random_state
        self.bot: Any = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c=uct_c,
            max_simulations=max_simulations,
            random_state=random_state,
            child_selection_policy=child_selection_policy or ismcts.ChildSelectionPolicy.UCT,
        )
        self._resample: Callable[[Any, int], Any] = resampler or (
            lambda state, seat: state.resample_from_infostate(seat, random_state.uniform)
        )
        #: The root's returns by action id in the last search, each a (world, return)
        #: pair a simulation through the action.
        self.last_returns: dict[int, list[tuple[int, float]]] = {}
        #: The rule-of-thumb player's action id in the last search.
        self.last_kept: int | None = None

    def step(self, state: BeziqueState) -> int:
        """Search ``state`` (a decision) and return the action id to play."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return int(actions[0])
        seat = state.current_player()
        bot = self.bot
        bot.reset()
        root = bot.create_new_node(state)
        bot._root_node = root
        candidates = self.evaluator.candidate_actions(state)
        kept = candidates[0]
        returns: dict[int, list[tuple[int, float]]] = {}
        if self.flat:
            self._flat_search(state, seat, returns)
        else:
            samples = [self._resample(state, seat) for _ in range(self.worlds)]
            for simulation in range(self.max_simulations):
                if samples:
                    world = simulation % len(samples)
                    sample = samples[world].clone()
                else:
                    world, sample = simulation, self._resample(state, seat)
                visits = {a: child.visits for a, child in root.child_info.items()}
                value = bot.run_simulation(sample)[seat]
                for action, child in root.child_info.items():
                    # The one root action this simulation went through, if any (the
                    # first simulation values the root itself).
                    if child.visits != visits.get(action, 0):
                        returns.setdefault(action, []).append((world, float(value)))
        self.last_returns = returns
        self.last_kept = kept
        if self.evaluator.candidates > 1:
            # Only the evaluator's candidates may replace the rule-of-thumb choice.
            returns = {a: r for a, r in returns.items() if a in candidates}
        return keep_unless_beaten(returns, kept, self.confidence)

    def _flat_search(
        self, state: BeziqueState, seat: int, returns: dict[int, list[tuple[int, float]]]
    ) -> None:
        """The simulations of ``flat`` search into ``returns``: OpenSpiel's steps at
        the root (the prior read first, then each action tried once, then the child
        selection), and after the root action the evaluator's playout of the deal the
        action's visits so far name."""
        bot, evaluator = self.bot, self.evaluator
        root = bot._root_node
        root.total_visits = 0
        for action, probability in evaluator.prior(state):
            root.prior_map[action] = probability
        legal = state.legal_actions()
        samples: list[Any] = []
        for simulation in range(self.max_simulations):
            action = bot.check_expand(root, legal)
            if action != self._no_action:
                bot.expand_if_necessary(state, root, action)
            else:
                action = bot.select_action_tree_policy(state, root, legal)
            child = root.child_info[action]
            if self.worlds:
                # The action's n-th visit searches deal n mod worlds, drawn when first
                # needed: each action meets the same deals in the same order.
                # (OpenSpiel counts visits in floats.)
                world = int(child.visits) % self.worlds
                while len(samples) <= world:
                    samples.append(self._resample(state, seat))
                sample = samples[world].clone()
            else:
                world, sample = simulation, self._resample(state, seat)
            root.total_visits += 1
            child.visits += 1
            sample.apply_action(action)
            value = float(
                (sample.returns() if sample.is_terminal() else evaluator.evaluate(sample))[seat]
            )
            child.return_sum += value
            returns.setdefault(action, []).append((world, value))


def _bezique_deal(state: BeziqueState, method: str) -> DealState:
    """The Bezique deal in play of ``state``: a :class:`TypeError` for a state not yet
    dealt, or of another game of the family."""
    deal = state.deal if isinstance(state, BeziqueState) else state
    if not isinstance(deal, DealState) or deal is state:
        wrong_type(method, "state", "a dealt state of a Bezique deal", deal)
    return deal


def register() -> str:
    """Register the game with ``pyspiel`` (again is harmless); return its name."""
    spiel = _pyspiel()
    if GAME_NAME not in spiel.registered_names():
        spiel.register_game(_game_type(), BeziqueGame)
    return GAME_NAME


if pyspiel is not None:
    register()
