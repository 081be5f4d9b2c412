"""Rules as values: the option enums, the frozen components, :class:`Rules` that
composes them, and the named presets (:mod:`bezique.rules.variants`).

This package is the layer above cards and melds: it says *what* the rules are,
never how a deal is played (that is :mod:`bezique.laws` and :mod:`bezique.state`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

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
    Memo,
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

    def __getattr__(name: str) -> object:
        """A module of the package read as an attribute before anything imported it:
        ``bz.rules.variants`` works whatever was imported first (importing
        :mod:`bezique.actions` loads this package, but not its presets)."""
        if not name.startswith("_"):
            try:
                return importlib.import_module(f"{__name__}.{name}")
            except ModuleNotFoundError as error:
                if error.name != f"{__name__}.{name}":
                    raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
