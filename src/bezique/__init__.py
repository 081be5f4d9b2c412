"""bezique: the reference rules engine for Bezique and its family.

Every game of the family, Zetema's included, is reached through one API: the
registry :mod:`bezique.variants`, the constructors :func:`new_deal` and
:func:`new_game`, and states that each are a :class:`State`.

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=7)
>>> state = state.apply(state.legal_actions()[0])
>>> state.current_player
0

``import bezique`` loads none of the library: the first of its names used loads it
all (:pep:`562`), so that a program that needs only a part, imported from its module
(the command line's ``bezique --version``), pays only for that part.

The modules that moved off the top floor in 0.1 are still imported by their old
paths, with a :class:`DeprecationWarning` naming the new one, until 0.2.0
(:data:`_MOVED`, the page "Versions, API stability and deprecations").
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import importlib.abc
    from types import ModuleType

    from bezique import players, variants
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
    from bezique.checks.invariants import check_state
    from bezique.encodings.action_space import ActionSpace
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
    from bezique.io import (
        DealRecord,
        deck_order,
        format_position,
        parse_position,
        record_deal,
        same_position,
    )
    from bezique.io.games import GameRecord, GameStep, record_game
    from bezique.legality import Reason
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
    from bezique.rules.melds import BeziquePair, MeldClass, MeldKind, MeldValues, QuartetSuits
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

#: The public names, by the module each is loaded from (``bezique`` for a subpackage).
_EXPORTS: dict[str, tuple[str, ...]] = {
    "bezique": ("players", "variants"),
    "bezique.encodings.action_space": ("ActionSpace",),
    "bezique.actions": (
        "Action",
        "CardRef",
        "Declare",
        "Draw",
        "Exchange",
        "Pass",
        "PassToPartner",
        "Play",
        "ScorePending",
        "ShowCarteBlanche",
    ),
    "bezique.cards": (
        "Card",
        "CardIds",
        "Rank",
        "Suit",
        "card_id_name",
        "face_of",
        "parse_card_id",
    ),
    "bezique.errors": (
        "BeziqueError",
        "IllegalActionError",
        "InvalidStateError",
        "MissingExtraError",
        "NotationError",
        "RulesError",
        "SeatError",
    ),
    "bezique.game": ("GameState",),
    "bezique.io.games": ("GameRecord", "GameStep", "record_game"),
    "bezique.checks.invariants": ("check_state",),
    "bezique.io": (
        "DealRecord",
        "deck_order",
        "format_position",
        "parse_position",
        "record_deal",
        "same_position",
    ),
    "bezique.legality": ("Reason",),
    "bezique.rules.melds": ("BeziquePair", "MeldClass", "MeldKind", "MeldValues", "QuartetSuits"),
    "bezique.protocol": ("Score", "State", "View"),
    "bezique.records": (
        "DealResult",
        "DeclaredMeld",
        "Phase",
        "ScoreEvent",
        "ScoreSource",
        "TableCard",
        "Trick",
        "Window",
    ),
    "bezique.rules": (
        "BrisqueTiming",
        "CarteBlanche",
        "DealScoring",
        "Deck",
        "DeclarationLimit",
        "Declarations",
        "EndPhase",
        "Forfeits",
        "FreshCard",
        "GameEnd",
        "GameRules",
        "InferiorOrder",
        "LastTrick",
        "MarriageRearrangement",
        "Partnership",
        "PartnershipBeziqueSource",
        "PartnershipDeclarer",
        "Rounding",
        "RubiconBonus",
        "Rules",
        "SameKindReuse",
        "Scoring",
        "SevenOfTrumps",
        "StockEndBonus",
        "TrickPlay",
        "Trumps",
        "TrumpSelection",
    ),
    "bezique.state": ("DealState", "PerfectInformationView", "play_many"),
    "bezique.variants": (
        "format_action",
        "load_game_record",
        "load_state",
        "make_player",
        "new_deal",
        "new_game",
        "parse_action",
        "state_to_json",
        "view_from_json",
        "view_to_json",
    ),
    "bezique.views": ("SeatView",),
}
#: The module of each public name.
_HOMES = {name: home for home, names in _EXPORTS.items() for name in names}

#: The modules moved to a package of their own kind, by old dotted path, with the new
#: one. The old paths are deprecated: each imports the module at its new path (the same
#: module object, under both names), with a warning, until they are removed in 0.2.0.
_MOVED: dict[str, str] = {
    "bezique.action_space": "bezique.encodings.action_space",
    "bezique.board": "bezique.display.board",
    "bezique.build": "bezique.engine.build",
    "bezique.cli": "bezique.programs.cli",
    "bezique.console": "bezique.programs.console",
    "bezique.determinize": "bezique.checks.determinize",
    "bezique.game_record": "bezique.io.games",
    "bezique.invariants": "bezique.checks.invariants",
    "bezique.io.records": "bezique.io.deals",
    "bezique.melds": "bezique.rules.melds",
    "bezique.observation": "bezique.encodings.observation",
    "bezique.options": "bezique.rules.options",
    "bezique.reachable": "bezique.checks.reachable",
    "bezique.screen": "bezique.display.screen",
    "bezique.sheet": "bezique.io.sheet",
    "bezique.simulate": "bezique.programs.simulate",
    "bezique.svg": "bezique.display.svg",
}


class _OldPaths:
    """The finder and loader (:class:`importlib.abc.MetaPathFinder`,
    :class:`importlib.abc.Loader`) of the old paths of :data:`_MOVED`: ``import
    bezique.svg`` and ``from bezique.svg import draw`` load ``bezique.display.svg``,
    which is then in :data:`sys.modules` under both names, so that a pickle that names
    a class by its old module loads too.

    It follows the protocols without subclassing those classes: loading
    :mod:`importlib.abc` costs more than the whole of ``import bezique``."""

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = _MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(
            fullname, cast("importlib.abc.Loader", self), loader_state=new
        )

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        import warnings

        new = cast(str, spec.loader_state)
        # Told where the old path was named: the first frame outside the import system
        # and this module (whose ``__getattr__`` imports ``bz.svg``), as warn() would.
        frame = sys._getframe(1)
        while frame.f_back is not None and (
            frame.f_code.co_filename.startswith("<frozen importlib")
            or frame.f_code.co_filename in (importlib.__file__, __file__)
        ):
            frame = frame.f_back
        warnings.warn_explicit(
            f"{spec.name} is deprecated and will be removed in 0.2.0: import {new}",
            DeprecationWarning,
            frame.f_code.co_filename,
            frame.f_lineno,
            module=frame.f_globals.get("__name__", "<unknown>"),
            registry=frame.f_globals.setdefault("__warningregistry__", {}),
        )
        module = importlib.import_module(new)
        # Kept aside: the import system sets the module's __spec__ to this alias's.
        spec.loader_state = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The module ran at its new path; it keeps the spec of that path.
        spec = module.__spec__
        if spec is not None and isinstance(spec.loader_state, importlib.machinery.ModuleSpec):
            module.__spec__ = spec.loader_state


if not any(type(finder).__name__ == _OldPaths.__name__ for finder in sys.meta_path):
    sys.meta_path.append(_OldPaths())

#: Whether the library is being loaded (its modules import names of the package).
_loading = False


def _load() -> None:
    """Load the library as ``import bezique`` did before it was lazy: every module of
    a public name (and so every module those import), every name kept here. Then
    ``bezique.rules.variants`` and the like are there, as they always were."""
    global _loading
    if _loading:
        return
    _loading = True
    try:
        for home, names in _EXPORTS.items():
            if home == "bezique":
                found = {name: importlib.import_module(f"bezique.{name}") for name in names}
            else:
                module = importlib.import_module(home)
                found = {name: getattr(module, name) for name in names}
            globals().update(found)
    finally:
        _loading = False


if not TYPE_CHECKING:
    # At run time only: to the type checker, the names are those imported above, and
    # any other name stays an error.

    def __getattr__(name: str) -> Any:
        """A public name, or a module of the package (``bezique.errors``): the first
        such name asked for loads the library (:func:`_load`)."""
        if name.startswith("_"):
            raise AttributeError(f"module 'bezique' has no attribute {name!r}")
        _load()
        if name in globals():
            return globals()[name]
        try:
            return importlib.import_module(f"bezique.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"bezique.{name}":
                raise
            raise AttributeError(f"module 'bezique' has no attribute {name!r}") from None

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__})


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
