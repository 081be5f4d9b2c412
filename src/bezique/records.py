"""The records of a deal: its phase, completed tricks, declarations, the cards on
the tables, the trick winner's turn, score events and the result.

They are plain frozen values with no behaviour, shared by the engine, the
views, the JSON forms and the players (so none of those needs the engine to
name them).
"""

from __future__ import annotations

import copyreg
import enum
import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

import attr

from bezique.cards import display_key_of, display_order, face_of
from bezique.rules.melds import MeldKind
from bezique.rules.options import misfit, type_hints

__all__ = [
    "NATIVE_RECORDS",
    "WRITTEN_ANNOTATIONS",
    "DealResult",
    "DeclaredMeld",
    "Phase",
    "ScoreEvent",
    "ScoreSource",
    "TableCard",
    "Trick",
    "Window",
    "naming_the_field",
    "reduce_by_new",
    "table_order",
    "write_annotations",
]

#: What protocol 2 pickles an object's class with (``cls.__new__(cls)``, written as the
#: opcode NEWOBJ), under a name of its own: the type stubs do not list it.
_NEW_OBJECT: Final[Callable[..., object]] = copyreg.__newobj__  # type: ignore[attr-defined]


def reduce_by_new(record: Any) -> tuple[object, ...]:
    """How ``record`` pickles, under every protocol: as protocol 2 pickles it (its class's
    ``__new__``, then its attrs state). A compiled class's ``__reduce__`` returns this:
    under protocols 0 and 1 pickle would remake a compiled object by calling its class
    with the object (``copyreg._reduce_ex``)."""
    return (_NEW_OBJECT, (type(record),), record.__getstate__())


# The records below are attrs classes written with ``attr.s`` and the settings of
# ``attrs.frozen`` spelled out: under CPython they are those classes, and
# the compiled build (mypyc) makes a class so decorated a native class of its own, whose
# fields the engine's compiled code reads in place, with the attrs description
# (``attrs.fields``, ``evolve``, pickles) kept. Each pickles as protocol 2 pickles it,
# under every protocol (``__reduce__``, :func:`reduce_by_new`).


class Phase(enum.StrEnum):
    """The stage of a deal."""

    #: Tricks with no duty to follow; the winner may declare, then both draw.
    STOCK = "stock"
    #: The stock is exhausted; table cards are back in hand, strict trick duties.
    END = "end"
    #: Every trick is played and the deal is scored.
    OVER = "over"


@attr.s(
    auto_attribs=True, slots=True, frozen=True, order=False, auto_detect=True, collect_by_mro=True
)
class Trick:
    """A completed trick: who led, the cards in the order played, who won."""

    leader: int
    cards: tuple[int, ...]
    winner: int

    def __reduce__(self) -> tuple[object, ...]:
        return reduce_by_new(self)

    @staticmethod
    def of(leader: int, cards: tuple[int, ...], winner: int) -> Trick:
        """The record ``Trick(leader, cards, winner)``, every field given.

        The engine makes its records with it. In the compiled build it writes the
        fields of the new record in place, without a call through the interpreter
        to the ``__init__`` attrs writes, which costs about 0.4 microseconds a record;
        in the pure build it is the class itself. The same holds for
        ``DeclaredMeld.of``, ``Window.of`` and ``ScoreEvent.of``."""
        record = Trick.__new__(Trick)
        object.__setattr__(record, "leader", leader)
        object.__setattr__(record, "cards", cards)
        object.__setattr__(record, "winner", winner)
        return record


@attr.s(
    auto_attribs=True, slots=True, frozen=True, order=False, auto_detect=True, collect_by_mro=True
)
class TableCard:
    """A declared card on a table: its card id, the kinds it was declared in,
    and which of those melds have since lost a card."""

    card: int
    history: tuple[MeldKind, ...]
    broken: tuple[MeldKind, ...] = ()

    def __reduce__(self) -> tuple[object, ...]:
        return reduce_by_new(self)


def table_order(entries: Iterable[TableCard]) -> tuple[TableCard, ...]:
    """A table's cards in the order melds are shown (:func:`bezique.cards.display_order`)."""
    return tuple(sorted(entries, key=lambda t: display_key_of(t.card)))


@attr.s(
    auto_attribs=True, slots=True, frozen=True, order=False, auto_detect=True, collect_by_mro=True
)
class DeclaredMeld:
    """A declaration made in this deal.

    ``trick`` is the number of the trick after which it was made (1-based);
    ``scored`` is false while it waits to be scored on a later trick (only when
    several melds may be shown and one scored, FOS p.326).
    """

    seat: int
    kind: MeldKind
    cards: tuple[int, ...]
    trick: int
    points: int
    scored: bool

    def __reduce__(self) -> tuple[object, ...]:
        return reduce_by_new(self)

    @staticmethod
    def of(
        seat: int, kind: MeldKind, cards: tuple[int, ...], trick: int, points: int, scored: bool
    ) -> DeclaredMeld:
        """The record ``DeclaredMeld(seat, kind, cards, trick, points, scored)``,
        every field given (see ``Trick.of``)."""
        record = DeclaredMeld.__new__(DeclaredMeld)
        object.__setattr__(record, "seat", seat)
        object.__setattr__(record, "kind", kind)
        object.__setattr__(record, "cards", cards)
        object.__setattr__(record, "trick", trick)
        object.__setattr__(record, "points", points)
        object.__setattr__(record, "scored", scored)
        return record

    def display_cards(self) -> tuple[int, ...]:
        """The card ids in the order melds are shown (:func:`bezique.cards.display_order`:
        a sequence A T K Q J, a marriage K Q, a bezique Q♠ J♦)."""
        return display_order(self.cards)

    def display(self) -> str:
        """The meld for people, its cards in display order: ``bezique Q♠ J♦``."""
        return " ".join((self.kind.value, *(face_of(c).display() for c in self.display_cards())))

    def __str__(self) -> str:
        """The meld as text, its cards in display order: ``bezique QS JD``."""
        return " ".join((self.kind.value, *(str(face_of(c)) for c in self.display_cards())))


@attr.s(
    auto_attribs=True, slots=True, frozen=True, order=False, auto_detect=True, collect_by_mro=True
)
class Window:
    """The trick winner's turn after a trick: exchange, declare, then draw (or pass).

    ``declarations`` counts the declarations made in this window (an exchange
    counts too when it is the trick's declaration); ``scored`` says whether one
    of them has scored; ``exchanged`` is the card id gained by an exchange in
    this window, which may not be declared in it (S000 law 8).

    In partnerships the right to declare may pass between partners: ``seat`` is
    the seat holding it now and ``passed`` the seats that passed it, in order, the
    trick's winner first (see :class:`bezique.PartnershipDeclarer`).
    """

    seat: int
    declarations: int = 0
    scored: bool = False
    exchanged: int | None = None
    passed: tuple[int, ...] = ()

    def __reduce__(self) -> tuple[object, ...]:
        return reduce_by_new(self)

    @staticmethod
    def of(
        seat: int, declarations: int, scored: bool, exchanged: int | None, passed: tuple[int, ...]
    ) -> Window:
        """The record ``Window(seat, declarations, scored, exchanged, passed)``,
        every field given (see ``Trick.of``)."""
        record = Window.__new__(Window)
        object.__setattr__(record, "seat", seat)
        object.__setattr__(record, "declarations", declarations)
        object.__setattr__(record, "scored", scored)
        object.__setattr__(record, "exchanged", exchanged)
        object.__setattr__(record, "passed", passed)
        return record

    @property
    def winner(self) -> int:
        """The seat that won the trick: it draws first, whoever holds the turn."""
        return self.passed[0] if self.passed else self.seat


def _same_scores(result: DealResult) -> tuple[int, ...]:
    return result.scores


def _none_rubiconed(result: DealResult) -> tuple[bool, ...]:
    return (False,) * len(result.scores)


@attr.s(
    auto_attribs=True, slots=True, frozen=True, order=False, auto_detect=True, collect_by_mro=True
)
class DealResult:
    """The outcome of a finished deal.

    ``scores`` are the points each seat made in the deal; ``game_scores`` what the
    deal adds to each seat's game total (the same, except under rubicon scoring,
    see :mod:`bezique.laws.scoring`); ``rubiconed`` the seats left under the rubicon;
    ``side_scores`` the points of each side (see :attr:`bezique.Rules.sides`).
    """

    scores: tuple[int, ...]
    brisques: tuple[int, ...]
    last_trick_winner: int
    game_scores: tuple[int, ...] = attr.ib(default=attr.Factory(_same_scores, takes_self=True))
    rubiconed: tuple[bool, ...] = attr.ib(default=attr.Factory(_none_rubiconed, takes_self=True))
    #: The points each side made in the deal (``scores`` when each seat is a side).
    side_scores: tuple[int, ...] = attr.ib(default=attr.Factory(_same_scores, takes_self=True))

    def __reduce__(self) -> tuple[object, ...]:
        return reduce_by_new(self)


class ScoreSource(enum.StrEnum):
    """What a score was for."""

    TURN_UP_SEVEN = "turn-up-seven"
    SEVEN_OF_TRUMPS = "seven-of-trumps"
    EXCHANGE = "exchange"
    DECLARATION = "declaration"
    LAST_TRICK = "last-trick"
    BRISQUES = "brisques"
    CARTE_BLANCHE = "carte-blanche"
    CUT = "cut"
    #: The end of the stock, to the winner of its last trick or to the player who
    #: draws its last card (Marjolet).
    STOCK_END = "stock-end"
    #: Every trick after the stock won by one seat (Marjolet).
    ALL_LAST_TRICKS = "all-last-tricks"


@attr.s(
    auto_attribs=True, slots=True, frozen=True, order=False, auto_detect=True, collect_by_mro=True
)
class ScoreEvent:
    """Points scored by a seat, and what for (``detail``: the meld kind, say)."""

    seat: int
    points: int
    source: ScoreSource
    detail: str = ""

    def __reduce__(self) -> tuple[object, ...]:
        return reduce_by_new(self)

    @staticmethod
    def of(seat: int, points: int, source: ScoreSource, detail: str) -> ScoreEvent:
        """The record ``ScoreEvent(seat, points, source, detail)``,
        every field given (see ``Trick.of``)."""
        record = ScoreEvent.__new__(ScoreEvent)
        object.__setattr__(record, "seat", seat)
        object.__setattr__(record, "points", points)
        object.__setattr__(record, "source", source)
        object.__setattr__(record, "detail", detail)
        return record


#: Whether the records are compiled classes (the compiled build makes each a class of
#: its own): their ``__new__`` is then the compiled class's, not ``object``'s.
NATIVE_RECORDS: Final = Trick.__new__ is not object.__new__

#: The annotations of each record's fields, as the source writes them. A compiled class
#: holds the compiler's instead (``type`` for ``int | None``, ``tuple`` for
#: ``tuple[int, ...]``), which ``typing.get_type_hints`` and ``attrs.fields(...).type``
#: would show; :func:`write_annotations` puts these back. The tests hold this table to
#: the source (tests/test_record_contract.py).
WRITTEN_ANNOTATIONS: Final[dict[str, dict[str, str]]] = {
    "Trick": {"leader": "int", "cards": "tuple[int, ...]", "winner": "int"},
    "TableCard": {
        "card": "int",
        "history": "tuple[MeldKind, ...]",
        "broken": "tuple[MeldKind, ...]",
    },
    "DeclaredMeld": {
        "seat": "int",
        "kind": "MeldKind",
        "cards": "tuple[int, ...]",
        "trick": "int",
        "points": "int",
        "scored": "bool",
    },
    "Window": {
        "seat": "int",
        "declarations": "int",
        "scored": "bool",
        "exchanged": "int | None",
        "passed": "tuple[int, ...]",
    },
    "DealResult": {
        "scores": "tuple[int, ...]",
        "brisques": "tuple[int, ...]",
        "last_trick_winner": "int",
        "game_scores": "tuple[int, ...]",
        "rubiconed": "tuple[bool, ...]",
        "side_scores": "tuple[int, ...]",
    },
    "ScoreEvent": {"seat": "int", "points": "int", "source": "ScoreSource", "detail": "str"},
}


def write_annotations(cls: type[Any], written: Mapping[str, str], own: bool = True) -> None:
    """Give the compiled class ``cls`` its fields' annotations as ``written``: its own
    ``__annotations__`` where ``own`` (not for a subclass that adds no field), and the
    type of each of its attrs fields."""
    if own:
        cls.__annotations__ = dict(written)
    fields = cls.__attrs_attrs__
    typed = type(fields)(field.evolve(type=written[field.name]) for field in fields)
    # Through setattr: the attrs plugin types the tuple as the class's alone.
    setattr(cls, "__attrs_attrs__", typed)  # noqa: B010


#: The methods attrs writes for a record and the compiled class lacks. mypyc runs the
#: decorator on its class and keeps only ``__init__`` and the attrs description of the
#: slotted class attrs makes (``slots=True``), not the methods a value needs.
_ATTRS_METHODS: Final = (
    "__eq__",
    "__ne__",
    "__hash__",
    "__repr__",
    "__setattr__",
    "__delattr__",
    "__getstate__",
    "__setstate__",
    "__match_args__",
    "__attrs_props__",
)


def _complete(cls: type[Any]) -> None:
    """Give the compiled record ``cls`` the methods attrs writes for the pure one
    (:data:`_ATTRS_METHODS`), taken from a class attrs makes with the same fields and
    settings; they read the fields by name, so they serve the compiled class alike."""
    model = attr.make_class(
        cls.__name__,
        [field.name for field in attr.fields(cls)],
        slots=True,
        frozen=True,
        order=False,
    )
    for name in _ATTRS_METHODS:
        if name in vars(model):
            setattr(cls, name, vars(model)[name])


def naming_the_field(cls: type[Any]) -> None:
    """Make the initialiser of ``cls`` (a compiled record, or the deal state over its
    compiled fields) refuse a field of the wrong type in the library's words, naming
    it. A compiled class's slots hold only values of their types (a tuple, an int, a
    bool), and its initialiser refuses another value at once, in the compiler's words
    (``int object expected; got str``), which name no field; this one names it
    (``Trick(): leader must be an integer, not str``). The engine makes its records
    with ``Trick.of`` and the others, which this leaves alone."""
    init = cls.__init__

    @functools.wraps(init)
    def initialise(self: object, *args: Any, **kwargs: Any) -> None:
        try:
            init(self, *args, **kwargs)
        except TypeError:
            names = [field.name for field in attr.fields(cls) if field.init]
            hints = type_hints(cls)
            for name, value in [*zip(names, args, strict=False), *kwargs.items()]:
                problem = misfit(value, hints[name], name, limit=None) if name in hints else None
                if problem is not None and problem.wrong_type:
                    raise TypeError(f"{cls.__name__}(): {problem.message}") from None
            raise

    # Through setattr: mypy does not let a method be assigned.
    setattr(cls, "__init__", initialise)  # noqa: B010


if NATIVE_RECORDS:
    for _record in (Trick, TableCard, DeclaredMeld, Window, DealResult, ScoreEvent):
        _complete(_record)
        write_annotations(_record, WRITTEN_ANNOTATIONS[_record.__name__])
        naming_the_field(_record)
else:
    # In pure Python the ``__init__`` attrs writes is the quickest way to a record: the
    # engine's ``Trick.of`` (and the others) is the class itself. Through setattr: mypy
    # does not let a method be assigned.
    for _record in (Trick, DeclaredMeld, Window, ScoreEvent):
        setattr(_record, "of", _record)  # noqa: B010
