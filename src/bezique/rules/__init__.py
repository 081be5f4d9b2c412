"""Rules as values: the option enums, the frozen components, :class:`Rules` that
composes them, and the named presets (:mod:`bezique.rules.variants`).

This package is the layer above cards and melds: it says *what* the rules are,
never how a deal is played (that is :mod:`bezique.laws` and :mod:`bezique.state`).
"""

from __future__ import annotations

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
    FreshCard,
    GameEnd,
    GameRules,
    InferiorOrder,
    LastTrick,
    MarriageRearrangement,
    Rounding,
    RubiconBonus,
    Rules,
    SameKindReuse,
    Scoring,
    SevenOfTrumps,
    TrickPlay,
    Trumps,
    TrumpSelection,
)

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
    "FreshCard",
    "GameEnd",
    "GameRules",
    "InferiorOrder",
    "LastTrick",
    "MarriageRearrangement",
    "Rounding",
    "RubiconBonus",
    "Rules",
    "SameKindReuse",
    "Scoring",
    "SevenOfTrumps",
    "TrickPlay",
    "TrumpSelection",
    "Trumps",
    "Zones",
]
