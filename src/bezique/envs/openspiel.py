"""Bezique as an OpenSpiel game (the ``openspiel`` extra).

:func:`register` registers the game with ``pyspiel`` under the name
``python_bezique``, with one parameter, ``variant`` (a preset name, by default
``classic``); then ``pyspiel.load_game("python_bezique", {"variant": "rubicon"})``
loads it. Importing this module registers it too when ``pyspiel`` is installed.

* **Chance**: the deal is explicit chance. The first chance nodes turn up the deck,
  top card first (:func:`bezique.new_deal` with ``deck=``), one face at a time: the
  outcomes are the 32 faces, each with the probability of drawing it from the cards
  not yet dealt. The dealer is seat 0.
* **Actions**: the ids of :class:`bezique.action_space.ActionSpace`; where several
  legal actions share an id, the id plays the first of them
  (:meth:`~bezique.action_space.ActionSpace.action_from_id`).
* **Information states**: the string is the seat's view as JSON
  (:func:`bezique.view_to_json`), the tensor its encoding by
  :class:`bezique.envs.observation.ObservationEncoder`; the observation string
  and tensor are the same. A view keeps everything of the deal so far that bears
  on the rest of it, but not the order in which the seat drew its own cards.
* **Resampling**: ``resample_from_infostate`` deals the unseen cards at random
  consistently with the seat's view (:func:`bezique.determinize.determinize`),
  which is what OpenSpiel's ISMCTS bot asks for.
* **Returns**: at the end of the deal, what the deal adds to the game total of
  each player's side (:attr:`bezique.DealResult.game_scores`, added up by side);
  zero before. The game is general-sum: both sides score.
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any

import attrs

from bezique.action_space import ActionSpace
from bezique.cards import FACES, FACES_PER_PACK
from bezique.determinize import determinize
from bezique.envs import require_extra
from bezique.envs.observation import ObservationEncoder
from bezique.errors import IllegalActionError, NotationError
from bezique.io import view_to_json
from bezique.rules import DeclarationLimit, Rules, variants
from bezique.state import DealState, new_deal

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


def _shared(value: DealState) -> _Kept:
    return _Kept(value)


class _Kept:
    """An immutable deal kept by a state: a copy of the state shares it."""

    __slots__ = ("value",)

    def __init__(self, value: DealState) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Kept:
        return self


def max_points(rules: Rules) -> int:
    """A generous bound on what one side may score in a deal (OpenSpiel asks for one):
    every trick's winner declaring the richest meld as often as the rules let it,
    with the sevens, a carte blanche, every brisque, the last trick and the bonuses
    of the deal's result, for every seat of the side."""
    values = [v for kind in rules.meld_kinds if (v := rules.meld_value(kind)) is not None]
    limit = rules.declarations.limit
    per_turn = 1 if limit is DeclarationLimit.ONE else rules.deck.hand_size
    if limit is DeclarationLimit.ONE_SCORED_REST_PENDING:
        per_turn += 1
    scoring = rules.scoring
    trumps = rules.trumps
    per_trick = (
        max(values, default=0) * per_turn
        + (trumps.exchange_points or 0)
        + trumps.seven_of_trumps_points
        + (rules.carte_blanche.carte_blanche_points or 0)
    )
    tricks = rules.deck_size // 2
    brisques = rules.deck.packs * 8 * scoring.brisque_points
    end = scoring.last_trick_points + scoring.game_bonus + scoring.rubicon_bonus + scoring.rubicon
    seats = rules.players
    return seats * (tricks * per_trick + brisques + end + trumps.turn_up_seven_points)


def game_info(rules: Rules) -> Any:
    """The ``pyspiel.GameInfo`` of ``rules``."""
    spiel = _pyspiel()
    space = ActionSpace.of(rules)
    # Every card is turned up once, then played once; each trick's winner takes at
    # most a turn per meld it may show, an exchange and the draw.
    longest = rules.deck_size * (3 + rules.deck.hand_size)
    return spiel.GameInfo(
        num_distinct_actions=space.size,
        max_chance_outcomes=FACES_PER_PACK,
        num_players=rules.players,
        min_utility=0.0,
        max_utility=float(max_points(rules)),
        utility_sum=None,
        max_game_length=longest,
    )


def _pyspiel() -> Any:
    return require_extra("pyspiel", "openspiel")


def _game_type() -> Any:
    spiel = _pyspiel()
    kind = spiel.GameType
    return kind(
        short_name=GAME_NAME,
        long_name="Bezique (the bezique library)",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"variant": "classic"},
    )


@attrs.frozen
class _Tables:
    """What the states of one preset share: its rules, action space and encoder."""

    rules: Rules
    space: ActionSpace
    encoder: ObservationEncoder


@functools.cache
def _tables(variant: str) -> _Tables:
    # By name, not kept on the states: OpenSpiel copies a state (and what it holds)
    # to clone it, and the rules keep their derived tables.
    rules = variants.get(variant)
    return _Tables(rules, ActionSpace.of(rules), ObservationEncoder.of(rules))


class BeziqueGame(_Base):  # type: ignore[misc]
    """The game of one preset (parameter ``variant``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spiel = _pyspiel()
        self.variant = str((params or {}).get("variant", "classic"))
        rules = _tables(self.variant).rules
        game_type = _game_type()
        if not game_type.min_num_players <= rules.players <= game_type.max_num_players:
            raise spiel.SpielError(f"{self.variant}: {rules.players} players")
        super().__init__(game_type, game_info(rules), {"variant": self.variant})

    def new_initial_state(self) -> BeziqueState:
        return BeziqueState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        return _Observer(self.variant)


class BeziqueState(_StateBase):  # type: ignore[misc]
    """A deal in progress: first the chance nodes of the deck, then the play."""

    def __init__(self, game: Any, deal: DealState | None = None) -> None:
        super().__init__(game)
        # Read from the game's parameters, which every copy of the game keeps.
        variant = str(game.get_parameters()["variant"])
        self._variant = variant
        rules = _tables(variant).rules
        #: The faces turned up so far, top of the deck first (the chance nodes).
        self._deck: list[int] = []
        self._left = [rules.deck.packs] * FACES_PER_PACK
        self._kept: _Kept | None = None if deal is None else _shared(deal)

    @property
    def _tables(self) -> _Tables:
        return _tables(self._variant)

    @property
    def deal(self) -> DealState | None:
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
        if deal is None:
            if not 0 <= action < FACES_PER_PACK:
                raise NotationError(f"no face {action}: the faces of the deal are 0..31")
            if not self._left[action]:
                raise IllegalActionError(f"deal {FACES[action]} (every copy is dealt)", ())
            self._left[action] -= 1
            self._deck.append(action)
            if len(self._deck) == self._tables.rules.deck_size:
                faces = [FACES[face] for face in self._deck]
                self._kept = _shared(new_deal(self._tables.rules, deck=faces, dealer=0))
            return
        chosen = self._tables.space.action_from_id(deal, action)
        self._kept = _shared(deal.apply(chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(_pyspiel().PlayerId.CHANCE):
            return f"deal {FACES[action]}"
        return self._tables.space.describe(action)

    def is_terminal(self) -> bool:
        deal = self.deal
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        deal = self.deal
        rules = self._tables.rules
        result = None if deal is None else deal.result
        if result is None:
            return [0.0] * rules.players
        sides = rules.side_totals(result.game_scores)
        return [float(sides[rules.side_of(seat)]) for seat in range(rules.players)]

    def information_state_string(self, player: int | None = None) -> str:
        return self._view_string(self._player(player))

    def observation_string(self, player: int | None = None) -> str:
        return self._view_string(self._player(player))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(self._player(player))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(self._player(player))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BeziqueState:
        """A state dealt at random among those the seat's view allows."""
        deal = self.deal
        if deal is None:
            return BeziqueState(self.get_game())
        seed = int(probability_sampler() * 2**53)
        sample = determinize(deal.view(player_id), random.Random(seed))
        return BeziqueState(self.get_game(), sample)

    def __str__(self) -> str:
        deal = self.deal
        if deal is None:
            return "deck " + " ".join(str(FACES[face]) for face in self._deck)
        return deal.render(symbols=False)

    def _player(self, player: int | None) -> int:
        return self.current_player() if player is None else player

    def _view_string(self, player: int) -> str:
        deal = self.deal
        if deal is None:
            return f"seat {player}: the cards are being dealt ({len(self._deck)} so far)"
        return view_to_json(deal.view(player), indent=None)

    def _tensor(self, player: int) -> list[float]:
        deal = self.deal
        if deal is None:
            return [0.0] * self._tables.encoder.size
        out: list[float] = self._tables.encoder.encode(deal.view(player)).tolist()
        return out


class _Observer:
    """OpenSpiel's observer of a python game: the seat's view, as a tensor and a string.

    Every observation type gets the whole view: the game offers no observer of
    public information alone.
    """

    def __init__(self, variant: str) -> None:
        np = require_extra("numpy", "openspiel")
        self.tensor = np.zeros(_tables(variant).encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BeziqueState, player: int) -> None:
        self.tensor[:] = state.information_state_tensor(player)

    def string_from(self, state: BeziqueState, player: int) -> str:
        return state.information_state_string(player)


def register() -> str:
    """Register the game with ``pyspiel`` (again is harmless); return its name."""
    spiel = _pyspiel()
    if GAME_NAME not in spiel.registered_names():
        spiel.register_game(_game_type(), BeziqueGame)
    return GAME_NAME


if pyspiel is not None:
    register()
