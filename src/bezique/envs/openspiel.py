"""Every game of the family as an OpenSpiel game (the ``openspiel`` extra).

:func:`register` registers the game with ``pyspiel`` under the name
``python_bezique``, with two parameters: ``variant``, a preset name of
:func:`bezique.variants.names`, Zetema's included (by default ``classic``), and
``players``, the number of seats where the preset's rules allow another (0, the
default: the preset's), and ``reward``, what the returns are (``points``, the
default, ``margin`` or ``win-loss``: :mod:`bezique.envs.rewards`); then
``pyspiel.load_game("python_bezique", {"variant": "zetema", "players": 4})`` loads
it. Importing this module registers it too when ``pyspiel`` is installed. One game
is one deal (in Zetema, one hand).

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
  but not the order in which the seat drew its own cards.
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
  bot asks for.
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
import numbers
from typing import TYPE_CHECKING, Any

import attrs

from bezique import variants
from bezique.encodings.action_space import ActionSpace
from bezique.envs import ActionIds, Encoder, require_extra
from bezique.envs.observation import ObservationEncoder
from bezique.envs.rewards import check_options, step_rewards
from bezique.errors import (
    IllegalActionError,
    NotationError,
    SeatError,
    require_int,
    shown,
    wrong_type,
)
from bezique.variants import AnyDeal, AnyRules, Learning

if TYPE_CHECKING:
    import pyspiel
else:
    try:
        import pyspiel
    except ImportError:  # the extra is missing: register() says so
        pyspiel = None

__all__ = ["GAME_NAME", "BeziqueGame", "BeziqueState", "game_info", "max_points", "register"]

#: The name of the game in ``pyspiel``.
GAME_NAME = "python_bezique"

_Base: Any = object if pyspiel is None else pyspiel.Game
_StateBase: Any = object if pyspiel is None else pyspiel.State


def _shared(value: AnyDeal) -> _Kept:
    return _Kept(value)


class _Kept:
    """An immutable deal kept by a state: a copy of the state shares it."""

    __slots__ = ("value",)

    def __init__(self, value: AnyDeal) -> None:
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


def game_info(rules: AnyRules, reward: str = "points") -> Any:
    """The ``pyspiel.GameInfo`` of ``rules``, its returns ``reward``'s."""
    spiel = _pyspiel()
    reward, _ = check_options(reward, "deal")
    learning = variants.game_of_rules(rules, "game_info()", "rules").learning
    most = float(learning.max_points(rules))
    # A side's margin is at most what it scores, and at least minus what another does.
    low, high = {"points": (0.0, most), "margin": (-most, most), "win-loss": (-1.0, 1.0)}[reward]
    return spiel.GameInfo(
        num_distinct_actions=ActionSpace.of(rules).size,
        max_chance_outcomes=len(set(learning.deck(rules))),
        num_players=rules.players,
        min_utility=low,
        max_utility=high,
        utility_sum=None if reward == "points" else 0.0,
        max_game_length=learning.max_length(rules),
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
        parameter_specification={"variant": "classic", "players": 0, "reward": "points"},
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
        self.reward, _ = check_options((params or {}).get("reward", "points"), "deal")
        rules = _tables(self.variant, self.players).rules
        game_type = _game_type(self.reward)
        if not game_type.min_num_players <= rules.players <= game_type.max_num_players:
            raise spiel.SpielError(f"{self.variant}: {rules.players} players")
        parameters = {"variant": self.variant, "players": self.players, "reward": self.reward}
        super().__init__(game_type, game_info(rules, self.reward), parameters)

    def new_initial_state(self) -> BeziqueState:
        return BeziqueState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        spiel = _pyspiel()
        public = iig_obs_type is not None and (
            iig_obs_type.private_info == spiel.PrivateInfoType.NONE
        )
        return _Observer(_tables(self.variant, self.players), public=public)


class BeziqueState(_StateBase):  # type: ignore[misc]
    """A deal in progress: first the chance nodes of the deck, then the play."""

    def __init__(self, game: Any, deal: AnyDeal | None = None) -> None:
        super().__init__(game)
        # Read from the game's parameters, which every copy of the game keeps.
        parameters = game.get_parameters()
        self._key = (str(parameters["variant"]), int(parameters.get("players", 0)))
        self._reward = str(parameters.get("reward", "points"))
        #: The faces turned up so far, top of the deck first (the chance nodes).
        self._deck: list[int] = []
        #: The copies of each face not yet turned up.
        self._left = list(_tables(*self._key).copies)
        self._kept: _Kept | None = None if deal is None else _shared(deal)

    @property
    def _tables(self) -> _Tables:
        return _tables(*self._key)

    @property
    def deal(self) -> AnyDeal | None:
        """The deal, once the chance nodes have made it."""
        return None if self._kept is None else self._kept.value

    def current_player(self) -> int:
        spiel = _pyspiel()
        deal = self.deal
        if deal is None:
            return int(spiel.PlayerId.CHANCE)
        if deal.is_over or deal.current_player is None:
            return int(spiel.PlayerId.TERMINAL)
        return deal.current_player

    def _legal_actions(self, player: int) -> list[int]:
        deal = self.deal
        if deal is None or deal.current_player != player:
            return []
        return list(self._tables.space.legal_ids(deal))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        total = sum(self._left)
        return [(face, n / total) for face, n in enumerate(self._left) if n]

    def _apply_action(self, action: int) -> None:
        deal = self.deal
        tables = self._tables
        if deal is None:
            if not 0 <= action < len(self._left):
                raise NotationError(
                    f"no face {action}: the faces of the deal are 0..{len(self._left) - 1}"
                )
            if not self._left[action]:
                name = tables.learning.face_name(action)
                raise IllegalActionError(f"deal {name} (every copy is dealt)", ())
            self._left[action] -= 1
            self._deck.append(action)
            if not any(self._left):
                self._kept = _shared(tables.learning.deal(tables.rules, self._deck, 0))
            return
        self._kept = _shared(deal.apply(tables.space.action_from_id(deal, action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(_pyspiel().PlayerId.CHANCE):
            return f"deal {self._tables.learning.face_name(action)}"
        return self._tables.space.describe(action)

    def is_terminal(self) -> bool:
        deal = self.deal
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        deal = self.deal
        tables = self._tables
        rules = tables.rules
        if deal is None or not deal.is_over:
            return [0.0] * rules.players
        # The whole deal as one step: its returns are what the steps' rewards of the
        # PettingZoo environment add up to.
        sides = step_rewards(
            self._reward, tables.learning.episode_scores(deal), over=True, winners=deal.winners
        )
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
        """A state dealt at random among those the seat's view allows."""
        deal = self.deal
        if deal is None:
            return BeziqueState(self.get_game())
        if not callable(probability_sampler):
            wrong_type(
                "resample_from_infostate()",
                "probability_sampler",
                "a callable",
                probability_sampler,
            )
        seat = self._player(player_id, "resample_from_infostate()", "player_id")
        drawn = probability_sampler()
        if isinstance(drawn, bool) or not isinstance(drawn, numbers.Real):
            wrong_type("resample_from_infostate()", "probability_sampler()", "a number", drawn)
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
        sample = self._tables.learning.determinize(deal.view(seat), seed)
        return BeziqueState(self.get_game(), sample)

    def __str__(self) -> str:
        deal = self.deal
        if deal is None:
            name = self._tables.learning.face_name
            return "deck " + " ".join(name(face) for face in self._deck)
        return deal.render(symbols=False)

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

    def _view_string(self, player: int) -> str:
        deal = self.deal
        if deal is None:
            return f"seat {player}: the cards are being dealt ({len(self._deck)} so far)"
        return variants.view_to_json(deal.view(player), indent=None)

    def _tensor(self, player: int) -> list[float]:
        deal = self.deal
        if deal is None:
            return [0.0] * self._tables.encoder.size
        out: list[float] = self._tables.encoder.encode(deal.view(player)).tolist()
        return out


class _Observer:
    """OpenSpiel's observer of a python game: the seat's view, as a tensor and a string;
    with ``public``, without what only the seat knows (see the module docstring)."""

    def __init__(self, tables: _Tables, *, public: bool = False) -> None:
        np = require_extra("numpy", "openspiel")
        self.tensor = np.zeros(tables.encoder.size, np.float32)
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


def register() -> str:
    """Register the game with ``pyspiel`` (again is harmless); return its name."""
    spiel = _pyspiel()
    if GAME_NAME not in spiel.registered_names():
        spiel.register_game(_game_type(), BeziqueGame)
    return GAME_NAME


if pyspiel is not None:
    register()
