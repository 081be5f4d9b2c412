"""Every game of the family by name, and the one door that builds, writes and reads
their states.

:func:`get` and :func:`names` know every preset: Bezique's (two-hand and its source
presets, Rubicon, the multi-pack games, three- and four-hand, partnerships, Polish
Bezique, Fildinski, Marjolet) and Zetema's. :func:`new_deal` and :func:`new_game`
build a state of any of them, and the JSON readers and writers, the action notation
and the players are served here for all. Every state so built has the one API of
:class:`bezique.State`, so that nothing above this module asks which game it plays:
the rules' type picks the game (:func:`game_of`), here alone.

The presets are also attributes (``variants.CLASSIC``, ``variants.ZETEMA``).
``bezique.rules.variants`` holds Bezique's presets alone, typed :class:`bezique.Rules`;
``bezique.zetema.get`` Zetema's, typed :class:`~bezique.zetema.ZetemaRules`.

>>> from bezique import variants
>>> [variants.get(name).players for name in ("classic", "partnership", "zetema")]
[2, 4, 2]
>>> variants.game_of(variants.get("zetema-1881")).name
'zetema'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias, overload

import attrs

from bezique import action_space, observation, zetema
from bezique.action_space import ActionSpace
from bezique.actions import ACTION_TYPES, Action
from bezique.cards import FACES, FACES_PER_PACK, Card
from bezique.determinize import determinize as _bezique_determinize
from bezique.errors import NotationError, RulesError, require, shown, wrong_type
from bezique.game import GameState
from bezique.game import new_game as _bezique_game
from bezique.game_record import GameRecord
from bezique.game_record import load_game_record as _bezique_record
from bezique.io import state_from_dict as _bezique_state_from_dict
from bezique.io import state_to_json as _bezique_state_to_json
from bezique.io import view_from_dict as _bezique_view_from_dict
from bezique.io import view_to_json as _bezique_view_to_json
from bezique.io.text import loads
from bezique.notation import format_action as _bezique_format_action
from bezique.notation import parse_action as _bezique_parse_action
from bezique.observation import ObservationEncoder
from bezique.players import Player
from bezique.players import make_player as _bezique_player
from bezique.players.registry import player_kinds as _bezique_player_kinds
from bezique.rules import DeclarationLimit, Rules
from bezique.rules import variants as _presets
from bezique.rules.variants import (
    CARDS_AND_DOMINOES,
    CLASSIC,
    CLASSIC_FOUR_PACK,
    CLASSIC_SIX_PACK,
    EIGHT_PACK,
    FILDINSKI,
    FOUR_HAND,
    MARJOLET,
    MCNEELY,
    PARTNERSHIP,
    POLISH,
    RUBICON,
    SINKINSON_1933,
    SIX_PACK,
    SWIFT_1865,
    THREE_HAND,
    WIKIPEDIA,
    register,
)
from bezique.state import DealState
from bezique.state import new_deal as _bezique_deal
from bezique.views import SeatView
from bezique.zetema import ZETEMA, ZETEMA_1881, ZetemaRules, ZetemaState
from bezique.zetema import io as zetema_io
from bezique.zetema.action_space import ZetemaActionSpace
from bezique.zetema.deck import CARD_COUNT, deck_faces
from bezique.zetema.determinize import determinize as _zetema_determinize
from bezique.zetema.observation import ZetemaObservationEncoder
from bezique.zetema.players import PLAYER_KINDS as _ZETEMA_PLAYER_KINDS
from bezique.zetema.players import ZetemaPlayer
from bezique.zetema.players import make_player as _zetema_player
from bezique.zetema.state import ACTION_TYPES as _ZETEMA_ACTION_TYPES
from bezique.zetema.views import ZetemaView

__all__ = [
    "CARDS_AND_DOMINOES",
    "CLASSIC",
    "CLASSIC_FOUR_PACK",
    "CLASSIC_SIX_PACK",
    "EIGHT_PACK",
    "FILDINSKI",
    "FOUR_HAND",
    "MARJOLET",
    "MCNEELY",
    "PARTNERSHIP",
    "POLISH",
    "RUBICON",
    "SINKINSON_1933",
    "SIX_PACK",
    "SWIFT_1865",
    "THREE_HAND",
    "WIKIPEDIA",
    "ZETEMA",
    "ZETEMA_1881",
    "AnyAction",
    "AnyActionSpace",
    "AnyDeal",
    "AnyPlayer",
    "AnyRules",
    "AnyState",
    "AnyView",
    "Game",
    "Learning",
    "format_action",
    "game_of",
    "game_of_rules",
    "games",
    "get",
    "load_game_record",
    "load_state",
    "make_player",
    "names",
    "new_deal",
    "new_game",
    "parse_action",
    "player_names",
    "register",
    "state_to_json",
    "view_from_json",
    "view_to_json",
]

#: The rules of any game of the family.
AnyRules: TypeAlias = Rules | ZetemaRules
#: A state of any game of the family (each a :class:`bezique.State`).
AnyState: TypeAlias = DealState | GameState | ZetemaState
#: One deal of any game of the family (one hand of Zetema), what :func:`new_deal` gives.
AnyDeal: TypeAlias = DealState | ZetemaState
#: A seat's view in any game of the family (each a :class:`bezique.View`).
AnyView: TypeAlias = SeatView | ZetemaView
#: An action of any game of the family.
AnyAction: TypeAlias = Action | zetema.ZetemaAction
#: A built-in player of any game of the family.
AnyPlayer: TypeAlias = Player | ZetemaPlayer
#: The fixed action space of any game of the family (:meth:`bezique.ActionSpace.of`).
AnyActionSpace: TypeAlias = ActionSpace | ZetemaActionSpace


@attrs.frozen
class Learning:
    """What the learning adapters (:mod:`bezique.envs`) ask of a game beyond the API of
    its states: its numbering of actions and its tensor of a view, its deck as the
    outcomes of chance, and the bounds OpenSpiel asks for. Each takes the rules (or a
    state, a view) of its game."""

    #: Its fixed action space of a rule set, what :meth:`bezique.ActionSpace.of` gives.
    action_space: Callable[[Any], Any]
    #: Its tensor of a seat's view, what :meth:`bezique.observation.ObservationEncoder.of`
    #: gives.
    observation_encoder: Callable[[Any], Any]
    #: The faces of the deck, each as often as the deck holds it, sorted.
    deck: Callable[[Any], tuple[int, ...]]
    #: The text of a face (``AS``, ``TD``).
    face_name: Callable[[int], str]
    #: One deal (one hand) of the rules, dealt by a seat from the faces given, top first.
    deal: Callable[[Any, Sequence[int], int], Any]
    #: What a deal so far brings each side (what the rewards of the deal add up to).
    episode_scores: Callable[[Any], tuple[int, ...]]
    #: A state a seat's view cannot tell from the real one, drawn from a seed.
    determinize: Callable[[Any, int], Any]
    #: A bound on what one side may score in a deal of the rules.
    max_points: Callable[[Any], int]
    #: A bound on the moves of a deal, the deck's chance outcomes included.
    max_length: Callable[[Any], int]


@attrs.frozen
class Game:
    """One game of the family: its rules' type and what builds, reads, writes and plays
    its states. The functions of this module look the game up by the rules' type (or
    the state's, the view's, the document's format) and call these."""

    #: ``bezique`` or ``zetema``.
    name: str
    rules_type: type
    #: Its presets, each with its aliases.
    presets: Callable[[], list[tuple[str, tuple[str, ...]]]]
    lookup: Callable[[str], Any]
    state_types: tuple[type, ...]
    view_types: tuple[type, ...]
    action_types: tuple[type, ...]
    new_deal: Callable[..., Any]
    new_game: Callable[..., Any]
    state_to_json: Callable[..., str]
    view_to_json: Callable[..., str]
    #: Readers of the documents by their ``format``, each of the parsed JSON data.
    readers: Mapping[str, Callable[[Any], Any]]
    parse_action: Callable[[Any, str], Any]
    format_action: Callable[..., str]
    make_player: Callable[[str, int | str | None], Any]
    player_names: tuple[str, ...]
    #: What the learning adapters ask of it.
    learning: Learning


def _zetema_deal(
    rules: ZetemaRules,
    *,
    seed: int | str | None = None,
    dealer: int = 0,
    deck: object = None,
    cut: object = None,
) -> ZetemaState:
    _not_zetema("new_deal()", deck=deck, cut=cut)
    return zetema.new_hand(rules, seed, dealer=dealer)


def _zetema_game(
    rules: ZetemaRules,
    *,
    seed: int | str | None = None,
    first_dealer: int | str = 0,
    decks: object = None,
) -> ZetemaState:
    _not_zetema("new_game()", decks=decks)
    if isinstance(first_dealer, str):
        raise RulesError(
            f"new_game(): first_dealer: Zetema's dealer is a seat, got {shown(first_dealer)}",
            ["first_dealer"],
        )
    return zetema.new_game(rules, seed, dealer=first_dealer)


def _not_zetema(function: str, **given: object) -> None:
    """Refuse the options of a Bezique deal that Zetema has not (an explicit deck, the
    six-pack cut)."""
    for name, value in given.items():
        if value is not None:
            raise RulesError(f"{function}: {name} is not an option of Zetema", [name])


def _zetema_format_action(action: zetema.ZetemaAction, *, symbols: bool = False) -> str:
    text = str(action)
    if not symbols:
        return text
    return " ".join(
        w[:-1] + w[-1].translate(_SUIT_SYMBOLS) if _is_card(w) else w for w in text.split()
    )


_SUIT_SYMBOLS = str.maketrans("SHDC", "♠♥♦♣")


def _is_card(word: str) -> bool:
    return len(word) == 2 and word[-1] in "SHDC" and word[0] in "A23456789TJQK"


BEZIQUE = Game(
    name="bezique",
    rules_type=Rules,
    presets=_presets.names,
    lookup=_presets.get,
    state_types=(DealState, GameState),
    view_types=(SeatView,),
    action_types=ACTION_TYPES,
    new_deal=_bezique_deal,
    new_game=_bezique_game,
    state_to_json=_bezique_state_to_json,
    view_to_json=_bezique_view_to_json,
    readers={"bezique-state": _bezique_state_from_dict, "bezique-view": _bezique_view_from_dict},
    parse_action=_bezique_parse_action,
    format_action=_bezique_format_action,
    make_player=_bezique_player,
    player_names=tuple(kind.name for kind in _bezique_player_kinds()),
    learning=Learning(
        action_space=ActionSpace.of,
        observation_encoder=ObservationEncoder.of,
        deck=lambda rules: tuple(f for f in range(FACES_PER_PACK) for _ in range(rules.deck.packs)),
        face_name=lambda face: str(FACES[face]),
        deal=lambda rules, faces, dealer: _bezique_deal(
            rules, deck=[FACES[f] for f in faces], dealer=dealer
        ),
        episode_scores=lambda deal: deal.rules.side_totals(
            deal.scores if deal.result is None else deal.result.game_scores
        ),
        determinize=lambda view, seed: _bezique_determinize(view, random.Random(seed)),
        max_points=lambda rules: _bezique_max_points(rules),
        # Every card is turned up once, then played once; each trick's winner takes at
        # most a turn per meld it may show, an exchange and the draw.
        max_length=lambda rules: rules.deck_size * (3 + rules.deck.hand_size),
    ),
)

ZETEMA_GAME = Game(
    name="zetema",
    rules_type=ZetemaRules,
    presets=lambda: [(name, ()) for name in zetema.names()],
    lookup=zetema.get,
    state_types=(ZetemaState,),
    view_types=(ZetemaView,),
    action_types=_ZETEMA_ACTION_TYPES,
    new_deal=_zetema_deal,
    new_game=_zetema_game,
    state_to_json=zetema_io.state_to_json,
    view_to_json=zetema_io.view_to_json,
    readers={
        zetema_io.STATE_FORMAT: zetema_io.state_from_dict,
        zetema_io.VIEW_FORMAT: zetema_io.view_from_dict,
    },
    parse_action=lambda _state, text: zetema.parse_action(text),
    format_action=_zetema_format_action,
    make_player=_zetema_player,
    player_names=tuple(_ZETEMA_PLAYER_KINDS),
    learning=Learning(
        action_space=ZetemaActionSpace.of,
        observation_encoder=ZetemaObservationEncoder.of,
        deck=lambda rules: tuple(sorted(deck_faces(rules.imperial))),
        face_name=zetema.face_name,
        deal=lambda rules, faces, dealer: zetema.new_hand(rules, deck=faces, dealer=dealer),
        # A hand's side_scores are the hand's points: nothing is added when it ends.
        episode_scores=lambda hand: hand.side_scores,
        determinize=_zetema_determinize,
        max_points=lambda rules: _zetema_max_points(rules),
        # Each card is turned up once. A turn takes a card out of the hand for good (a
        # discard or a marriage), so there are at most as many turns as cards, and a
        # turn holds a declaration, a discard and the second discard of a zetema.
        max_length=lambda rules: CARD_COUNT + 3 * CARD_COUNT,
    ),
)

_GAMES = (BEZIQUE, ZETEMA_GAME)
# The action space's and the encoders' modules sit below the games: they learn them
# from here.
for _game in _GAMES:
    action_space.serve_game(_game.rules_type, _game.learning.action_space)
    observation.serve_game(_game.rules_type, _game.learning.observation_encoder)


def _bezique_max_points(rules: Rules) -> int:
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


def _zetema_max_points(rules: ZetemaRules) -> int:
    """A generous bound on what one side may score in a hand: a turn per card of the
    deck, each declaring the richest combination, and every card in a zetema of the
    richest rank."""
    imperial = min(2, len(rules.marriages) - 1)
    marriages = max(
        max(rules.marriages),
        max(v + rules.imperial_marriage * imperial for v in rules.marriages[:-1]),
    )
    richest = max(max(rules.assembly), rules.flush_sequence, rules.flush, rules.sequence, marriages)
    return CARD_COUNT * richest + CARD_COUNT // 5 * max(rules.zetema)


def games() -> tuple[Game, ...]:
    """The games of the family."""
    return _GAMES


def game_of(value: object) -> Game:
    """The game that ``value`` belongs to: rules, a state, a view or an action of it."""
    for game in _GAMES:
        if isinstance(
            value, (game.rules_type, *game.state_types, *game.view_types, *game.action_types)
        ):
            return game
    wrong_type("game_of()", "value", "the rules, a state, a view or an action of a game", value)


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def _index() -> dict[str, tuple[Game, str]]:
    return {
        key: (game, name)
        for game in _GAMES
        for name, aliases in game.presets()
        for key in (name, *aliases)
    }


def get(name: str) -> AnyRules:
    """The preset named ``name`` or one of its aliases (any case, ``_`` or ``-``), of
    any game of the family."""
    require(name, str, "variants.get()", "name", "a str")
    found = _index().get(_key(name))
    if found is None:
        known = ", ".join(sorted(_index()))
        raise RulesError(f"no preset named {shown(name)}; known: {known}", ["name"])
    game, preset = found
    rules: AnyRules = game.lookup(preset)
    return rules


def names() -> list[tuple[str, tuple[str, ...]]]:
    """Each preset's name with its aliases, sorted by name, every game's."""
    return sorted(entry for game in _GAMES for entry in game.presets())


def _game_of_rules(rules: object, function: str) -> Game:
    return game_of_rules(rules, function, "rules")


def game_of_rules(rules: object, function: str, parameter: str) -> Game:
    """The game of ``rules``; a :class:`TypeError` naming ``parameter`` of ``function``
    for anything but the rules of a game of the family."""
    for game in _GAMES:
        if isinstance(rules, game.rules_type):
            return game
    wrong_type(function, parameter, "a Rules or ZetemaRules (see bezique.variants.get)", rules)


@overload
def new_deal(
    rules: Rules,
    *,
    seed: int | str | None = None,
    deck: Sequence[int | str | Card] | None = None,
    dealer: int = 0,
    cut: tuple[int, int] | None = None,
) -> DealState: ...
@overload
def new_deal(
    rules: ZetemaRules,
    *,
    seed: int | str | None = None,
    deck: None = None,
    dealer: int = 0,
    cut: None = None,
) -> ZetemaState: ...
def new_deal(
    rules: AnyRules,
    *,
    seed: int | str | None = None,
    deck: Sequence[int | str | Card] | None = None,
    dealer: int = 0,
    cut: tuple[int, int] | None = None,
) -> DealState | ZetemaState:
    """A new deal of any game: a Bezique deal (:func:`bezique.state.new_deal`, where
    ``deck`` and ``cut`` are explained) or one hand of Zetema
    (:func:`bezique.zetema.new_hand`), dealt by ``dealer`` from a shuffle of ``seed``."""
    game = _game_of_rules(rules, "new_deal()")
    state: DealState | ZetemaState = game.new_deal(
        rules, seed=seed, deck=deck, dealer=dealer, cut=cut
    )
    return state


@overload
def new_game(
    rules: Rules,
    *,
    seed: int | str | None = None,
    first_dealer: int | str = 0,
    decks: Sequence[Sequence[int | str | Card]] | None = None,
) -> GameState: ...
@overload
def new_game(
    rules: ZetemaRules,
    *,
    seed: int | str | None = None,
    first_dealer: int = 0,
    decks: None = None,
) -> ZetemaState: ...
def new_game(
    rules: AnyRules,
    *,
    seed: int | str | None = None,
    first_dealer: int | str = 0,
    decks: Sequence[Sequence[int | str | Card]] | None = None,
) -> GameState | ZetemaState:
    """A new game of any game of the family, played to its end (a target, a number of
    deals): :func:`bezique.game.new_game` or :func:`bezique.zetema.new_game`."""
    game = _game_of_rules(rules, "new_game()")
    state: GameState | ZetemaState = game.new_game(
        rules, seed=seed, first_dealer=first_dealer, decks=decks
    )
    return state


def _game_of_state(value: object, function: str, parameter: str, kinds: str) -> Game:
    for game in _GAMES:
        if isinstance(value, (*game.state_types, *game.view_types)):
            return game
    wrong_type(function, parameter, kinds, value)


def state_to_json(state: DealState | ZetemaState, *, indent: int | None = 2) -> str:
    """A deal's or a Zetema game's state as a JSON document (``bezique-state``,
    ``zetema-state``; see the page "JSON formats")."""
    if not isinstance(state, (DealState, ZetemaState)):
        wrong_type("state_to_json()", "state", "a DealState or ZetemaState", state)
    return _game_of_state(state, "state_to_json()", "state", "").state_to_json(state, indent=indent)


def view_to_json(view: AnyView, *, indent: int | None = 2) -> str:
    """A seat's view, of any game, as a JSON document (``bezique-view``, ``zetema-view``)."""
    game = _game_of_state(view, "view_to_json()", "view", "a SeatView or ZetemaView")
    if not isinstance(view, game.view_types):
        wrong_type("view_to_json()", "view", "a SeatView or ZetemaView", view)
    return game.view_to_json(view, indent=indent)


def _read(text: str | bytes, function: str, wanted: str) -> Any:
    """The document ``text`` holds, read by its game's reader for its ``format``."""
    data = loads(text)
    found = data.get("format") if isinstance(data, Mapping) else None
    for game in _GAMES:
        reader = game.readers.get(found) if isinstance(found, str) else None
        if reader is not None and found is not None and found.endswith(wanted):
            return reader(data)
    known = ", ".join(f for game in _GAMES for f in game.readers if f.endswith(wanted))
    raise NotationError(f"{function}: format: expected one of {known}, got {shown(found)}")


def load_state(text: str | bytes, *, trick_cards: bool = True) -> DealState | ZetemaState:
    """A state read from its JSON document, of any game (its ``format`` tells which),
    and checked; ``trick_cards`` as in :func:`bezique.io.load_state` (Bezique only)."""
    require(trick_cards, bool, "load_state()", "trick_cards", "True or False")
    if not trick_cards:
        return _bezique_state_from_dict(loads(text), trick_cards=False)
    state: DealState | ZetemaState = _read(text, "load_state()", "-state")
    return state


def view_from_json(text: str | bytes) -> AnyView:
    """A seat's view read from its JSON document, of any game, and checked."""
    view: AnyView = _read(text, "view_from_json()", "-view")
    return view


def load_game_record(text: str | bytes) -> GameRecord | zetema_io.ZetemaRecord:
    """A game record of any game, replayed and checked: a Bezique game record (JSON or
    text, :func:`bezique.load_game_record`) or a Zetema record (``zetema-record``)."""
    if isinstance(text, (str, bytes, bytearray)) and text.lstrip()[:1] in ("{", b"{"):
        data = loads(text)
        if isinstance(data, Mapping) and data.get("format") == zetema_io.RECORD_FORMAT:
            return zetema_io.record_from_dict(data)
    return _bezique_record(text)


@overload
def parse_action(source: DealState | GameState | SeatView, text: str) -> Action: ...
@overload
def parse_action(source: ZetemaState | ZetemaView, text: str) -> zetema.ZetemaAction: ...
def parse_action(source: AnyState | AnyView, text: str) -> AnyAction:
    """The action ``text`` names in ``source`` (a state or a seat's view, of any game);
    raises :class:`~bezique.NotationError`."""
    game = _game_of_state(source, "parse_action()", "source", "a state or a view")
    if isinstance(source, GameState):
        source = source.deal
    action: AnyAction = game.parse_action(source, text)
    return action


def format_action(action: AnyAction, *, symbols: bool = False) -> str:
    """The text of an action of any game (what :func:`parse_action` reads back);
    ``symbols``: suits as ♠ ♥ ♦ ♣."""
    for game in _GAMES:
        if isinstance(action, game.action_types):
            return game.format_action(action, symbols=symbols)
    wrong_type("format_action()", "action", "an action of a game of the family", action)


def player_names(rules: AnyRules) -> tuple[str, ...]:
    """The built-in players that play the game of ``rules`` (``random``,
    ``rule-of-thumb``, ``monte-carlo``...)."""
    return _game_of_rules(rules, "player_names()").player_names


def make_player(rules: AnyRules, name: str, seed: int | str | None = None) -> AnyPlayer:
    """A built-in player of the game of ``rules``, by name with options
    (``monte-carlo:samples=50``); every game has ``random``, ``rule-of-thumb`` and
    ``monte-carlo``. It chooses from a seat's view (:class:`bezique.View`)."""
    player: AnyPlayer = _game_of_rules(rules, "make_player()").make_player(name, seed)
    return player
