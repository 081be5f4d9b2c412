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
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, overload

import attrs

from bezique import zetema
from bezique.actions import ACTION_TYPES, Action, ShowCarteBlanche
from bezique.cards import FACES, FACES_PER_PACK, Card
from bezique.checks.determinize import determinize as _bezique_determinize
from bezique.encodings import action_space, observation
from bezique.encodings.action_space import ActionSpace
from bezique.encodings.observation import ObservationEncoder
from bezique.errors import (
    BeziqueError,
    InvalidStateError,
    NotationError,
    RulesError,
    require,
    shown,
    wrong_type,
)
from bezique.game import GameState
from bezique.game import new_game as _bezique_game
from bezique.io import STATE_FORMAT, VIEW_FORMAT
from bezique.io import state_from_dict as _bezique_state_from_dict
from bezique.io import state_to_json as _bezique_state_to_json
from bezique.io import view_from_dict as _bezique_view_from_dict
from bezique.io import view_to_json as _bezique_view_to_json
from bezique.io.games import GAME_RECORD_FORMAT, GameRecord, record_game
from bezique.io.games import load_game_record as _bezique_record
from bezique.io.rules_json import rules_from_dict as _bezique_rules_from_dict
from bezique.io.rules_json import rules_to_dict as _bezique_rules_to_dict
from bezique.io.text import loads
from bezique.laws.scoring import (
    all_brisque_points,
    carte_blanche_bonus,
    exchange_bonus,
    last_trick_bonus,
    points_for_brisques,
    seven_of_trumps_bonus,
    turn_up_seven_bonus,
)
from bezique.laws.zones import deck_tables
from bezique.notation import format_action as _bezique_format_action
from bezique.notation import parse_action as _bezique_parse_action
from bezique.players import Player
from bezique.players import make_player as _bezique_player
from bezique.players.registry import player_kinds as _bezique_player_kinds
from bezique.rules import BrisqueTiming, DealScoring, DeclarationLimit, GameEnd, Rules
from bezique.rules import variants as _presets
from bezique.rules.melds import MeldKind
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
from bezique.zetema.deck import CARD_COUNT, deck_faces, with_suit_symbols
from bezique.zetema.determinize import determinize as _zetema_determinize
from bezique.zetema.laws import COMBINATION_KINDS, MARRIAGES
from bezique.zetema.observation import ZetemaObservationEncoder
from bezique.zetema.players import PLAYER_KINDS as _ZETEMA_PLAYER_KINDS
from bezique.zetema.players import ZetemaPlayer
from bezique.zetema.players import make_player as _zetema_player
from bezique.zetema.state import ACTION_TYPES as _ZETEMA_ACTION_TYPES
from bezique.zetema.views import ZetemaView

if TYPE_CHECKING:
    from bezique.display.board import Reading

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
    "DealFigures",
    "Game",
    "Learning",
    "PlayScreen",
    "RecordReading",
    "Screen",
    "TallyTerms",
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
    #: Its tensor of a seat's view, what :meth:`bezique.encodings.observation.ObservationEncoder.of`
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
    #: The points a side plays a whole game to (:func:`new_game`).
    game_target: Callable[[Any], int]
    #: What the action space reads of a state of a whole game, the deal in progress (a
    #: Zetema game is read as it is).
    in_play: Callable[[Any], Any]
    #: A whole game whose first deal (hand) a seat dealt from the faces given, top first,
    #: and which waits between deals for the next deal's faces (:attr:`waiting`,
    #: :attr:`deal_next`): the chance nodes of each deal come before it.
    waiting_game: Callable[[Any, Sequence[int], int], Any]
    #: Whether such a game waits for its next deal's faces.
    waiting: Callable[[Any], bool]
    #: Such a game with its next deal dealt from the faces given, top first.
    deal_next: Callable[[Any, Sequence[int]], Any]
    #: A bound on the deals (hands) of a whole game of the rules.
    max_deals: Callable[[Any], int]
    #: The blocks of its observation tensor that only the observing seat knows (its own
    #: concealed cards), which a public observation leaves at zero.
    private_blocks: tuple[str, ...]


class Screen(Protocol):
    """What a game's narration does (``bezique demo``, ``bezique replay``): each call
    writes lines, naming the seats by the names it was made with. Its states are
    the game's whole-game states (:func:`new_game`)."""

    def deal(self, state: Any) -> None:
        """A deal (a Zetema hand) begins."""
        ...

    def action(self, before: Any, after: Any, action: Any, events: Sequence[Any]) -> None:
        """``action`` took ``before`` to ``after``, scoring ``events``."""
        ...

    def deal_over(self, state: Any) -> None:
        """The deal just ended (see :attr:`Game.deal_ended`): its points and the totals."""
        ...

    def result(self, state: Any) -> None:
        """Who won the game (or that it is not over)."""
        ...


class PlayScreen(Screen, Protocol):
    """A game's table at the terminal (``bezique play``): the narration told to the
    person in one seat, in the first person, and that seat's turn."""

    #: What may be typed on a turn.
    help: str

    def moves(self, state: Any) -> tuple[Any, ...]:
        """The legal actions of the seat to act, in the order the list numbers them."""
        ...

    def show(self, state: Any) -> None:
        """The person's board and the numbered moves."""
        ...

    def read(self, line: str, state: Any) -> Reading[Any]:
        """What a line typed at the person's turn says; never raises for it."""
        ...


@attrs.frozen
class RecordReading:
    """A game record of any game, read for narrating: the rules, who sat where (or
    nothing), the first dealer, its tags, the state it starts from and its steps,
    each ``(before, action, after, events)``, replayed by the rules."""

    rules: Any
    players: tuple[str, ...]
    first_dealer: int
    tags: tuple[tuple[str, str], ...]
    start: Any
    steps: Iterator[tuple[Any, Any, Any, tuple[Any, ...]]]


@attrs.frozen
class DealFigures:
    """What a simulation counts of one finished deal (of Zetema, one hand), per seat:
    its points (in Zetema, where points belong to sides, its side's), what it adds to
    the game's totals (different under rubicon scoring), who was rubiconed, the
    same points by side, the kinds declared in order, and the carte blanches each
    seat showed."""

    scores: tuple[int, ...]
    game_scores: tuple[int, ...]
    rubiconed: tuple[bool, ...]
    side_scores: tuple[int, ...]
    side_game_scores: tuple[int, ...]
    declarations: tuple[str, ...]
    carte_blanche: tuple[int, ...]


@attrs.frozen
class TallyTerms:
    """What a simulation's summary of a rule set reports beyond the points: whether
    deals are scored as games of their own (rubicon scoring; a duel then plays
    single deals), whether there are carte blanches, and the kinds of declaration
    in the order they are listed."""

    rubicon: bool
    carte_blanche: bool
    declarations: tuple[str, ...]


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
    #: The states written as one JSON document (a Bezique game is a game record).
    json_states: tuple[type, ...]
    view_types: tuple[type, ...]
    action_types: tuple[type, ...]
    new_deal: Callable[..., Any]
    new_game: Callable[..., Any]
    state_to_json: Callable[..., str]
    view_to_json: Callable[..., str]
    #: Per kind of JSON document (``state``, ``view``, ``record``), its ``format`` and
    #: the reader of its parsed data.
    documents: Mapping[str, tuple[str, Callable[[Any], Any]]]
    parse_action: Callable[[Any, str], Any]
    format_action: Callable[..., str]
    make_player: Callable[[str, int | str | None], Any]
    player_names: tuple[str, ...]
    #: The numbers of players a preset of the game may seat, from its rules (for
    #: Bezique each preset its own, for Zetema two to six), and the rules changed to
    #: seat ``n`` (:class:`~bezique.RulesError` if they cannot).
    player_counts: Callable[[Any], tuple[int, ...]]
    with_players: Callable[[Any, int], Any]
    #: The narration of a game (:class:`Screen`), from the seats' names, the function
    #: that writes a line and whether to print suit symbols.
    narration: Callable[[Sequence[str], Callable[[str], None], bool], Screen]
    #: The table of a person playing (:class:`PlayScreen`), from the same and the seat.
    table: Callable[[Sequence[str], Callable[[str], None], bool, int], PlayScreen]
    #: Whether the action from one whole-game state to the next ended a deal, and
    #: whether the next deal was then dealt.
    deal_ended: Callable[[Any, Any], tuple[bool, bool]]
    #: The forms its game records are written in (``json``, ``text``), and the text
    #: of the record of a game played from ``start`` by ``actions``, with the
    #: seats' ``players`` and free ``tags`` (``json``: the JSON form).
    record_formats: tuple[str, ...]
    record_text: Callable[[Any, Sequence[Any], Sequence[str], Mapping[str, str], bool], str]
    #: A record (:func:`load_game_record`) read for narrating.
    read_record: Callable[[Any], RecordReading]
    #: What a simulation counts of a finished deal (:func:`new_deal`) played by the
    #: ``(seat, action)`` pairs given, and of a rule set.
    deal_figures: Callable[[Any, Sequence[tuple[int, Any]]], DealFigures]
    tally_terms: Callable[[Any], TallyTerms]
    #: Whether a table's score sheet (:mod:`bezique.io.sheet`, ``bezique score``) may be
    #: kept for it: the sheet's entries are Bezique's (declarations, brisques, the
    #: seven of trumps), so Zetema has none.
    score_sheets: bool
    #: What the learning adapters ask of it.
    learning: Learning
    #: Its rules as plain JSON data and read back (a rule set no preset names is kept
    #: so, by a table of ``bezique serve`` say).
    rules_to_dict: Callable[[Any], dict[str, Any]]
    rules_from_dict: Callable[[object], Any]
    #: The picture of a seat's view as SVG text (:func:`bezique.display.svg.draw`,
    #: :func:`bezique.zetema.picture.draw`); ``None`` for a game that has no picture,
    #: whose views are drawn as their text board (``view.render()``).
    picture: Callable[[Any], str] | None = None


def _zetema_deal(
    rules: ZetemaRules,
    *,
    seed: int | str | None = None,
    dealer: int = 0,
    deck: Sequence[int | str] | None = None,
    cut: object = None,
) -> ZetemaState:
    _not_zetema("new_deal()", cut=cut)
    if deck is None:
        return zetema.new_hand(rules, seed, dealer=dealer)
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        wrong_type("new_deal()", "deck", "a sequence of cards, top first", deck)
    # Zetema's deck is of faces: names ("KS") or face numbers.
    faces = [zetema.parse_face(card) if isinstance(card, str) else card for card in deck]
    return zetema.new_hand(rules, seed, dealer=dealer, deck=faces)


def _zetema_game(
    rules: ZetemaRules,
    *,
    seed: int | str | None = None,
    first_dealer: int | str = 0,
    decks: object = None,
    wait: bool = False,
) -> ZetemaState:
    _not_zetema("new_game()", decks=decks)
    if isinstance(first_dealer, str):
        raise RulesError(
            f"new_game(): first_dealer: Zetema's dealer is a seat, got {shown(first_dealer)}",
            ["first_dealer"],
        )
    return zetema.new_game(rules, seed, dealer=first_dealer, wait=wait)


def _not_zetema(function: str, **given: object) -> None:
    """Refuse the options of a Bezique deal that Zetema has not (an explicit deck, the
    six-pack cut)."""
    for name, value in given.items():
        if value is not None:
            raise RulesError(f"{function}: {name} is not an option of Zetema", [name])


def _zetema_format_action(action: zetema.ZetemaAction, *, symbols: bool = False) -> str:
    return with_suit_symbols(str(action)) if symbols else str(action)


# -- what the command line asks of each game -------------------------------------------


# The screens draw text boards: they are imported when a screen is asked for, so that
# loading the registry (and ``import bezique``) does not load the drawing code.


def _bezique_narration(names: Sequence[str], out: Callable[[str], None], symbols: bool) -> Screen:
    from bezique.display.screen import Narration

    return Narration(names, out, symbols)


def _bezique_table(
    names: Sequence[str], out: Callable[[str], None], symbols: bool, seat: int
) -> PlayScreen:
    from bezique.display.screen import Table

    return Table(names, out, symbols, seat)


def _bezique_picture(view: SeatView) -> str:
    from bezique.display import svg

    return svg.draw(view)


def _bezique_deal_ended(before: GameState, after: GameState) -> tuple[bool, bool]:
    from bezique.display.screen import deal_ended

    return deal_ended(before, after)


def _zetema_narration(names: Sequence[str], out: Callable[[str], None], symbols: bool) -> Screen:
    from bezique.zetema.screen import ZetemaScreen

    return ZetemaScreen(names, out, symbols)


def _zetema_table(
    names: Sequence[str], out: Callable[[str], None], symbols: bool, seat: int
) -> PlayScreen:
    from bezique.zetema.screen import ZetemaScreen

    return ZetemaScreen(names, out, symbols, seat)


def _zetema_picture(view: ZetemaView) -> str:
    from bezique.zetema.picture import draw

    return draw(view)


def _zetema_deal_ended(before: ZetemaState, after: ZetemaState) -> tuple[bool, bool]:
    from bezique.zetema.screen import deal_ended

    return deal_ended(before, after)


def _fixed_players(rules: Rules, players: int) -> Rules:
    if players != rules.players:
        raise RulesError(
            f"{rules.name} is played by {rules.players}; for another table choose "
            "another preset (bezique variants lists them)",
            ["players"],
        )
    return rules


def _zetema_players(rules: ZetemaRules, players: int) -> ZetemaRules:
    return rules.evolve(players=players)


def _bezique_record_text(
    start: GameState,
    actions: Sequence[Action],
    players: Sequence[str],
    tags: Mapping[str, str],
    json: bool,
) -> str:
    record = record_game(start, actions, players=players, tags=tags)
    return record.to_json() + "\n" if json else record.to_text()


def _zetema_record_text(
    start: ZetemaState,
    actions: Sequence[zetema.ZetemaAction],
    players: Sequence[str],
    tags: Mapping[str, str],
    json: bool,
) -> str:
    # Zetema's record has no tags and no text form (the CLI asks for a .json file).
    if not json:
        raise BeziqueError("a Zetema game record is JSON only: name the file .json")
    record = zetema_io.ZetemaRecord(
        start.rules, start.seed, start.dealer, [str(a) for a in actions], players
    )
    return zetema_io.record_to_json(record) + "\n"


def _bezique_reading(record: GameRecord) -> RecordReading:
    steps = ((s.before, s.action, s.after, s.events) for s in record.steps())
    return RecordReading(
        record.rules,
        record.players,
        record.first_dealer,
        record.tags,
        record.initial_state(),
        steps,
    )


def _zetema_steps(
    start: ZetemaState, actions: Sequence[str]
) -> Iterator[tuple[ZetemaState, zetema.ZetemaAction, ZetemaState, tuple[zetema.ZetemaEvent, ...]]]:
    state = start
    for i, text in enumerate(actions):
        try:
            action = zetema.parse_action(text)
            after, events = state.step(action)
        except BeziqueError as error:
            raise InvalidStateError(f"actions[{i}]: {error}") from None
        yield state, action, after, events
        state = after


def _zetema_reading(record: zetema_io.ZetemaRecord) -> RecordReading:
    start = zetema.new_game(record.rules, record.seed, dealer=record.dealer)
    return RecordReading(
        record.rules, record.players, record.dealer, (), start, _zetema_steps(start, record.actions)
    )


def _bezique_figures(state: DealState, actions: Sequence[tuple[int, Action]]) -> DealFigures:
    result = state.result
    if result is None:
        raise BeziqueError("the figures of a deal not over")
    shown = [0] * state.players
    for seat, action in actions:
        if isinstance(action, ShowCarteBlanche):
            shown[seat] += 1
    rules = state.rules
    return DealFigures(
        scores=result.scores,
        game_scores=result.game_scores,
        rubiconed=result.rubiconed,
        side_scores=rules.side_totals(result.scores),
        side_game_scores=rules.side_totals(result.game_scores),
        declarations=tuple(meld.kind.value for meld in state.melds),
        carte_blanche=tuple(shown),
    )


def _zetema_figures(
    state: ZetemaState, actions: Sequence[tuple[int, zetema.ZetemaAction]]
) -> DealFigures:
    if not state.is_over:
        raise BeziqueError("the figures of a hand not over")
    kinds = tuple(
        action.kind if isinstance(action, zetema.Declare) else MARRIAGES
        for _, action in actions
        if not isinstance(action, zetema.Discard)
    )
    none = (0,) * state.players
    return DealFigures(
        scores=state.scores,
        game_scores=state.scores,
        rubiconed=(False,) * state.players,
        side_scores=state.side_scores,
        side_game_scores=state.side_scores,
        declarations=kinds,
        carte_blanche=none,
    )


def _bezique_terms(rules: Rules) -> TallyTerms:
    return TallyTerms(
        rubicon=rules.scoring.deal_scoring is DealScoring.RUBICON,
        carte_blanche=carte_blanche_bonus(rules) is not None,
        declarations=tuple(kind.value for kind in MeldKind),
    )


_ZETEMA_TERMS = TallyTerms(
    rubicon=False,
    carte_blanche=False,
    declarations=(*COMBINATION_KINDS, MARRIAGES),
)


BEZIQUE = Game(
    name="bezique",
    rules_type=Rules,
    presets=_presets.names,
    lookup=_presets.get,
    state_types=(DealState, GameState),
    json_states=(DealState,),
    view_types=(SeatView,),
    action_types=ACTION_TYPES,
    new_deal=_bezique_deal,
    new_game=_bezique_game,
    state_to_json=_bezique_state_to_json,
    view_to_json=_bezique_view_to_json,
    documents={
        "state": (STATE_FORMAT, _bezique_state_from_dict),
        "view": (VIEW_FORMAT, _bezique_view_from_dict),
        "record": (GAME_RECORD_FORMAT, GameRecord.from_dict),
    },
    parse_action=_bezique_parse_action,
    format_action=_bezique_format_action,
    make_player=_bezique_player,
    player_names=tuple(kind.name for kind in _bezique_player_kinds()),
    player_counts=lambda rules: (rules.players,),
    with_players=_fixed_players,
    narration=_bezique_narration,
    table=_bezique_table,
    deal_ended=_bezique_deal_ended,
    record_formats=("json", "text"),
    record_text=_bezique_record_text,
    read_record=_bezique_reading,
    deal_figures=_bezique_figures,
    tally_terms=_bezique_terms,
    score_sheets=True,
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
        # The views come from the engine's own states: the consistency check of a view
        # read from outside would only repeat the engine's work.
        determinize=lambda view, seed: _bezique_determinize(view, random.Random(seed), check=False),
        max_points=lambda rules: _bezique_max_points(rules),
        # Every card is turned up once, then played once; each trick's winner takes at
        # most a turn per meld it may show, an exchange and the draw.
        max_length=lambda rules: rules.deck_size * (3 + rules.deck.hand_size),
        game_target=lambda rules: rules.game.target,
        in_play=lambda state: state.deal if isinstance(state, GameState) else state,
        waiting_game=lambda rules, faces, dealer: _bezique_game(
            rules, decks=[[FACES[f] for f in faces]], first_dealer=dealer, wait=True
        ),
        waiting=lambda game: bool(game.waiting),
        deal_next=lambda game, faces: game.deal_next([FACES[f] for f in faces]),
        max_deals=lambda rules: _bezique_max_deals(rules),
        private_blocks=("hand", "hand_declared"),
    ),
    rules_to_dict=_bezique_rules_to_dict,
    rules_from_dict=_bezique_rules_from_dict,
    picture=_bezique_picture,
)

ZETEMA_GAME = Game(
    name="zetema",
    rules_type=ZetemaRules,
    presets=lambda: [(name, ()) for name in zetema.names()],
    lookup=zetema.get,
    state_types=(ZetemaState,),
    json_states=(ZetemaState,),
    view_types=(ZetemaView,),
    action_types=_ZETEMA_ACTION_TYPES,
    new_deal=_zetema_deal,
    new_game=_zetema_game,
    state_to_json=zetema_io.state_to_json,
    view_to_json=zetema_io.view_to_json,
    documents={
        "state": (zetema_io.STATE_FORMAT, zetema_io.state_from_dict),
        "view": (zetema_io.VIEW_FORMAT, zetema_io.view_from_dict),
        "record": (zetema_io.RECORD_FORMAT, zetema_io.record_from_dict),
    },
    parse_action=lambda _state, text: zetema.parse_action(text),
    format_action=_zetema_format_action,
    make_player=_zetema_player,
    player_names=tuple(_ZETEMA_PLAYER_KINDS),
    player_counts=lambda _rules: tuple(range(2, 7)),
    with_players=_zetema_players,
    narration=_zetema_narration,
    table=_zetema_table,
    deal_ended=_zetema_deal_ended,
    record_formats=("json",),
    record_text=_zetema_record_text,
    read_record=_zetema_reading,
    deal_figures=_zetema_figures,
    tally_terms=lambda _rules: _ZETEMA_TERMS,
    score_sheets=False,
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
        game_target=lambda rules: rules.target_score,
        in_play=lambda state: state,
        waiting_game=lambda rules, faces, dealer: zetema.new_game(
            rules, deck=faces, dealer=dealer, wait=True
        ),
        waiting=lambda game: bool(game.waiting),
        deal_next=lambda game, faces: game.deal_next(faces),
        max_deals=lambda rules: _zetema_max_hands(rules),
        private_blocks=("hand",),
    ),
    rules_to_dict=zetema_io.rules_to_dict,
    rules_from_dict=zetema_io.rules_from_dict,
    picture=_zetema_picture,
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
    per_trick = (
        max(values, default=0) * per_turn
        + (exchange_bonus(rules) or 0)
        + seven_of_trumps_bonus(rules)
        + (carte_blanche_bonus(rules) or 0)
    )
    tricks = rules.deck_size // 2
    brisques = points_for_brisques(rules, deck_tables(rules.deck.packs).brisques.bit_count())
    end = last_trick_bonus(rules) + scoring.game_bonus + scoring.rubicon_bonus + scoring.rubicon
    seats = rules.players
    return seats * (tricks * per_trick + brisques + end + turn_up_seven_bonus(rules))


def _bezique_max_deals(rules: Rules) -> int:
    """A bound on the deals of a game (OpenSpiel asks for one, for a whole game): the
    number of deals where the game has one; otherwise, a game ends once a side is at
    or over the target after a deal (S000 laws 1 and 12), and every deal gives the sides
    together at least the last trick and, where they count, the brisques (S000 laws
    10-11): the deals it takes them, all sharing evenly, to bring every side to the
    target. No law bounds a game where a deal may score nothing: a hundred deals then."""
    if rules.game.end is GameEnd.DEALS:
        return rules.game.deals
    least = last_trick_bonus(rules)
    if rules.scoring.brisques in (BrisqueTiming.END_OF_DEAL, BrisqueTiming.WHEN_WON):
        least += all_brisque_points(rules)
    if least <= 0:
        return UNBOUNDED_DEALS
    return -(-rules.game.target * rules.side_count // least) + 1


#: What :attr:`Learning.max_deals` gives where no law bounds the deals of a game (a deal
#: may score nothing): far more than a game takes, even played at random.
UNBOUNDED_DEALS = 100


def _zetema_max_hands(rules: ZetemaRules) -> int:
    """No law of Zetema bounds the hands of a game (a hand may score nothing)."""
    return UNBOUNDED_DEALS


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


def _owner(value: object, *kinds: str) -> Game | None:
    """The game one of whose ``kinds`` of types (fields of :class:`Game`: ``state_types``,
    ``view_types``...) ``value`` is an instance of; ``None`` if none."""
    for game in _GAMES:
        if any(isinstance(value, getattr(game, kind)) for kind in kinds):
            return game
    return None


def game_of(value: object) -> Game:
    """The game that ``value`` belongs to: rules, a state, a view or an action of it."""
    game = _owner(value, "rules_type", "state_types", "view_types", "action_types")
    if game is None:
        wrong_type("game_of()", "value", "the rules, a state, a view or an action of a game", value)
    return game


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
    game = _owner(rules, "rules_type")
    if game is None:
        wrong_type(function, parameter, "a Rules or ZetemaRules (see bezique.variants.get)", rules)
    return game


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
    deck: Sequence[int | str] | None = None,
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
    (:func:`bezique.zetema.new_hand`), dealt by ``dealer`` from a shuffle of ``seed``
    or from ``deck``, top card first (Zetema's: its 65 faces, by name or number)."""
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
    wait: bool = False,
) -> GameState: ...
@overload
def new_game(
    rules: ZetemaRules,
    *,
    seed: int | str | None = None,
    first_dealer: int = 0,
    decks: None = None,
    wait: bool = False,
) -> ZetemaState: ...
def new_game(
    rules: AnyRules,
    *,
    seed: int | str | None = None,
    first_dealer: int | str = 0,
    decks: Sequence[Sequence[int | str | Card]] | None = None,
    wait: bool = False,
) -> GameState | ZetemaState:
    """A new game of any game of the family, played to its end (a target, a number of
    deals): :func:`bezique.game.new_game` or :func:`bezique.zetema.new_game`. With
    ``wait``, the game waits between deals (hands) for ``deal_next``."""
    game = _game_of_rules(rules, "new_game()")
    state: GameState | ZetemaState = game.new_game(
        rules, seed=seed, first_dealer=first_dealer, decks=decks, wait=wait
    )
    return state


def state_to_json(state: DealState | ZetemaState, *, indent: int | None = 2) -> str:
    """A Bezique deal's or a Zetema game's state as a JSON document (``bezique-state``,
    ``zetema-state``; see the page "JSON formats"). A Bezique game is written as a game
    record instead (:func:`bezique.record_game`)."""
    game = _owner(state, "json_states")
    if game is None:
        wrong_type("state_to_json()", "state", "a DealState or ZetemaState", state)
    return game.state_to_json(state, indent=indent)


def view_to_json(view: AnyView, *, indent: int | None = 2) -> str:
    """A seat's view, of any game, as a JSON document (``bezique-view``, ``zetema-view``)."""
    game = _owner(view, "view_types")
    if game is None:
        wrong_type("view_to_json()", "view", "a SeatView or ZetemaView", view)
    return game.view_to_json(view, indent=indent)


def _read(data: object, function: str, kind: str) -> Any:
    """The ``kind`` of document (``state``, ``view``, ``record``) that the parsed JSON
    ``data`` is, read by the reader of its game, which its ``format`` names."""
    found = data.get("format") if isinstance(data, Mapping) else None
    for game in _GAMES:
        fmt, reader = game.documents[kind]
        if found == fmt:
            return reader(data)
    known = ", ".join(repr(game.documents[kind][0]) for game in _GAMES)
    raise NotationError(f"{function}: format: expected one of {known}, got {shown(found)}")


def load_state(text: str | bytes, *, trick_cards: bool = True) -> DealState | ZetemaState:
    """A state read from its JSON document, of any game (its ``format`` tells which),
    and checked; ``trick_cards`` as in :func:`bezique.io.load_state` (Bezique's
    states only: ``False`` reads a ``bezique-state`` document alone)."""
    require(trick_cards, bool, "load_state()", "trick_cards", "True or False")
    if not trick_cards:
        return _bezique_state_from_dict(loads(text), trick_cards=False)
    state: DealState | ZetemaState = _read(loads(text), "load_state()", "state")
    return state


def view_from_json(text: str | bytes) -> AnyView:
    """A seat's view read from its JSON document, of any game, and checked."""
    view: AnyView = _read(loads(text), "view_from_json()", "view")
    return view


def load_game_record(text: str | bytes) -> GameRecord | zetema_io.ZetemaRecord:
    """A game record of any game, replayed and checked: a JSON document of either game
    (``bezique-game-record``, ``zetema-record``) or Bezique's text record
    (:func:`bezique.io.games.load_game_record`)."""
    if isinstance(text, (str, bytes, bytearray)) and text.lstrip()[:1] in ("{", b"{"):
        record: GameRecord | zetema_io.ZetemaRecord = _read(
            loads(text), "load_game_record()", "record"
        )
        return record
    return _bezique_record(text)


@overload
def parse_action(source: DealState | GameState | SeatView, text: str) -> Action: ...
@overload
def parse_action(source: ZetemaState | ZetemaView, text: str) -> zetema.ZetemaAction: ...
def parse_action(source: AnyState | AnyView, text: str) -> AnyAction:
    """The action ``text`` names in ``source`` (a state or a seat's view, of any game);
    raises :class:`~bezique.NotationError`."""
    game = _owner(source, "state_types", "view_types")
    if game is None:
        wrong_type("parse_action()", "source", "a state or a seat's view", source)
    if isinstance(source, GameState):
        source = source.deal
    action: AnyAction = game.parse_action(source, text)
    return action


def format_action(action: AnyAction, *, symbols: bool = False) -> str:
    """The text of an action of any game (what :func:`parse_action` reads back);
    ``symbols``: suits as ♠ ♥ ♦ ♣."""
    game = _owner(action, "action_types")
    if game is None:
        wrong_type("format_action()", "action", "an action of a game of the family", action)
    text: str = game.format_action(action, symbols=symbols)
    return text


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
