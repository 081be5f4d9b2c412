"""Rules as values: the option enums, the frozen components, :class:`Rules` that
composes them, and the named presets (:mod:`bezique.rules.variants`).

This package is the layer above cards and melds: it says *what* the rules are,
never how a deal is played (that is :mod:`bezique.laws` and :mod:`bezique.state`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique.errors import submodules_on_demand
from bezique.rules.components import (
    MAX_PLAYERS,
    BrisqueTiming,
    CarteBlanche,
    CarteBlancheCards,
    DealScoring,
    Deck,
    DeclarationLimit,
    Declarations,
    DeclareFrom,
    EndPhase,
    Forfeits,
    FreshCard,
    GameEnd,
    GameRules,
    InferiorOrder,
    LastTrick,
    MarriageRearrangement,
    OpenCards,
    Partnership,
    PartnershipBeziqueSource,
    PartnershipDeclarer,
    PolishCardReuse,
    Rounding,
    RubiconBonus,
    Rules,
    SameKindReuse,
    Scoring,
    SevenOfTrumps,
    StockEndBonus,
    TrickCard,
    TrickPlay,
    Trumps,
    TrumpSelection,
    Zones,
)
from bezique.rules.derived import Memo

__all__ = [
    "MAX_PLAYERS",
    "BrisqueTiming",
    "CarteBlanche",
    "CarteBlancheCards",
    "DealScoring",
    "Deck",
    "DeclarationLimit",
    "Declarations",
    "DeclareFrom",
    "EndPhase",
    "Forfeits",
    "FreshCard",
    "GameEnd",
    "GameRules",
    "InferiorOrder",
    "LastTrick",
    "MarriageRearrangement",
    "Memo",
    "OpenCards",
    "Partnership",
    "PartnershipBeziqueSource",
    "PartnershipDeclarer",
    "PolishCardReuse",
    "Rounding",
    "RubiconBonus",
    "Rules",
    "SameKindReuse",
    "Scoring",
    "SevenOfTrumps",
    "StockEndBonus",
    "TrickCard",
    "TrickPlay",
    "TrumpSelection",
    "Trumps",
    "Zones",
]

if not TYPE_CHECKING:
    # bz.rules.variants works whatever was imported first (importing bezique.actions
    # loads this package, but not its presets).
    __getattr__ = submodules_on_demand(__name__)
