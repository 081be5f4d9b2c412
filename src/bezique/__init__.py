"""bezique: the reference rules engine for Bezique and its family.

Every game of the family, Zetema's included, is reached through one API: the
registry :mod:`bezique.variants`, the constructors :func:`new_deal` and
:func:`new_game`, and states that each are a :class:`State`.

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=7)
>>> state = state.apply(state.legal_actions()[0])
>>> state.current_player
0
"""

from __future__ import annotations

from bezique import players, variants
from bezique.action_space import ActionSpace
from bezique.actions import (
    Action,
    CardRef,
    Declare,
    Draw,
    Exchange,
    Pass,
    PassToPartner,
    Play,
    ScorePending,
    ShowCarteBlanche,
)
from bezique.cards import Card, CardIds, Rank, Suit, card_id_name, face_of, parse_card_id
from bezique.errors import (
    BeziqueError,
    IllegalActionError,
    InvalidStateError,
    MissingExtraError,
    NotationError,
    RulesError,
    SeatError,
)
from bezique.game import GameState
from bezique.game_record import GameRecord, GameStep, record_game
from bezique.invariants import check_state
from bezique.io import (
    DealRecord,
    deck_order,
    format_position,
    parse_position,
    record_deal,
    same_position,
)
from bezique.legality import Reason
from bezique.melds import BeziquePair, MeldClass, MeldKind, MeldValues, QuartetSuits
from bezique.protocol import Score, State, View
from bezique.records import (
    DealResult,
    DeclaredMeld,
    Phase,
    ScoreEvent,
    ScoreSource,
    TableCard,
    Trick,
    Window,
)
from bezique.rules import (
    BrisqueTiming,
    CarteBlanche,
    DealScoring,
    Deck,
    DeclarationLimit,
    Declarations,
    EndPhase,
    Forfeits,
    FreshCard,
    GameEnd,
    GameRules,
    InferiorOrder,
    LastTrick,
    MarriageRearrangement,
    Partnership,
    PartnershipBeziqueSource,
    PartnershipDeclarer,
    Rounding,
    RubiconBonus,
    Rules,
    SameKindReuse,
    Scoring,
    SevenOfTrumps,
    StockEndBonus,
    TrickPlay,
    Trumps,
    TrumpSelection,
)
from bezique.state import DealState, PerfectInformationView, play_many
from bezique.variants import (
    format_action,
    load_game_record,
    load_state,
    make_player,
    new_deal,
    new_game,
    parse_action,
    state_to_json,
    view_from_json,
    view_to_json,
)
from bezique.views import SeatView

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionSpace",
    "BeziqueError",
    "BeziquePair",
    "BrisqueTiming",
    "Card",
    "CardIds",
    "CardRef",
    "CarteBlanche",
    "DealRecord",
    "DealResult",
    "DealScoring",
    "DealState",
    "Deck",
    "DeclarationLimit",
    "Declarations",
    "Declare",
    "DeclaredMeld",
    "Draw",
    "EndPhase",
    "Exchange",
    "Forfeits",
    "FreshCard",
    "GameEnd",
    "GameRecord",
    "GameRules",
    "GameState",
    "GameStep",
    "IllegalActionError",
    "InferiorOrder",
    "InvalidStateError",
    "LastTrick",
    "MarriageRearrangement",
    "MeldClass",
    "MeldKind",
    "MeldValues",
    "MissingExtraError",
    "NotationError",
    "Partnership",
    "PartnershipBeziqueSource",
    "PartnershipDeclarer",
    "Pass",
    "PassToPartner",
    "PerfectInformationView",
    "Phase",
    "Play",
    "QuartetSuits",
    "Rank",
    "Reason",
    "Rounding",
    "RubiconBonus",
    "Rules",
    "RulesError",
    "SameKindReuse",
    "Score",
    "ScoreEvent",
    "ScorePending",
    "ScoreSource",
    "Scoring",
    "SeatError",
    "SeatView",
    "SevenOfTrumps",
    "ShowCarteBlanche",
    "State",
    "StockEndBonus",
    "Suit",
    "TableCard",
    "Trick",
    "TrickPlay",
    "TrumpSelection",
    "Trumps",
    "View",
    "Window",
    "__version__",
    "card_id_name",
    "check_state",
    "deck_order",
    "face_of",
    "format_action",
    "format_position",
    "load_game_record",
    "load_state",
    "make_player",
    "new_deal",
    "new_game",
    "parse_action",
    "parse_card_id",
    "parse_position",
    "play_many",
    "players",
    "record_deal",
    "record_game",
    "same_position",
    "state_to_json",
    "variants",
    "view_from_json",
    "view_to_json",
]
