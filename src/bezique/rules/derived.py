"""The tables derived from a rule set, as the hot paths read them.

:meth:`Rules.derived <bezique.rules.Rules.derived>` keeps with a rule set the
tables that the engine, the laws and the players derive from it (the engine's plan,
the meld patterns, the re-use verdicts), and a :class:`Memo` is such a table filled
as its keys come up. Both are read at every step of play. The rule set is an attrs
class that the accelerated build leaves interpreted, so a compiled caller that asked
the rule set would make a call into the interpreter for each reading: this module,
which that build compiles, reads the rule set's store itself (:func:`derived`), and
its :class:`Memo` is called as compiled code.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from bezique.rules.components import Rules

__all__ = ["Memo", "ReadOnly", "attribute_names", "derived"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")


def derived(rules: Rules, make: Callable[[Rules], T]) -> T:
    """``rules.derived(make)``: the value ``make`` derives from ``rules``, read from the
    rule set's store when it is there, else made and kept by
    :meth:`Rules.derived <bezique.rules.Rules.derived>` (which checks ``make``).

    >>> from bezique import variants
    >>> def players(rules):
    ...     return rules.players
    >>> derived(variants.CLASSIC, players), derived(variants.FOUR_HAND, players)
    (2, 4)
    """
    try:
        value: T = rules._store[make]
    except (KeyError, AttributeError):
        value = rules.derived(make)
    return value


def attribute_names(cls: type) -> tuple[str, ...]:
    """The attributes of a :class:`ReadOnly` class, by name: its ``__slots__``, which
    the compiled class keeps as ``__mypyc_attrs__``.

    >>> from bezique.laws.zones import DeckTables
    >>> attribute_names(DeckTables)[:3]
    ('all_cards', 'brisques', 'courts')
    """
    names: tuple[str, ...] = getattr(cls, "__slots__", ()) or getattr(cls, "__mypyc_attrs__", ())
    return names


class ReadOnly:
    """The base of the tables derived from a rule set that are plain classes rather
    than attrs classes (the engine's plan, the deck's masks, what tricks score): the
    accelerated build compiles a plain class into a native one, whose attributes
    compiled code reads directly, where it leaves an attrs class interpreted. Each
    attribute is set once, by the initialiser, and may not be set again.

    >>> class Pair(ReadOnly):
    ...     __slots__ = ("low", "high")
    ...     def __init__(self, low: int, high: int) -> None:
    ...         self.low = low
    ...         self.high = high
    >>> pair = Pair(1, 2)
    >>> pair
    Pair(low=1, high=2)
    >>> pair.low = 5
    Traceback (most recent call last):
    ...
    AttributeError: Pair.low is read-only
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        # The compiled initialiser writes its attributes without this method. A
        # compiled class may hold a __dict__ (a generic one does), so a name that is
        # not an attribute of the class is refused here, not left to the slots.
        if hasattr(self, name):
            raise AttributeError(f"{type(self).__name__}.{name} is read-only")
        if name not in attribute_names(type(self)):
            raise AttributeError(f"{type(self).__name__} has no attribute {name!r} to set")
        object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in attribute_names(type(self)))
        return f"{type(self).__name__}({shown})"


@typing.final
class Memo(ReadOnly, Generic[K, V]):
    """A table of derived values filled as they are asked for, each made by the one
    function the memo was built with: ``memo(key)`` is always ``make(key)``.

    The engine keeps such tables with a rule set
    (:meth:`Rules.derived <bezique.rules.Rules.derived>`) where the keys that come up
    cannot be listed beforehand (the re-use verdicts, the meld tables by trump suit).
    Reading is the only thing it offers, so what it holds cannot be changed from
    outside.

    >>> squares = Memo(lambda n: n * n)
    >>> squares(12), squares(12)
    (144, 144)
    """

    __slots__ = ("_make", "_values")

    def __init__(self, make: Callable[[K], V]) -> None:
        self._make = make
        self._values: dict[K, V] = {}

    def __call__(self, key: K) -> V:
        try:
            return self._values[key]
        except KeyError:
            value = self._values[key] = self._make(key)
            return value

    def __repr__(self) -> str:
        return f"<Memo of {len(self._values)} values>"
