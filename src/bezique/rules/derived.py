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

__all__ = ["Memo", "derived"]

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


class _SetOnce:
    """The base of :class:`Memo` that refuses to set an attribute again, or one that is
    not its own. The compiled :class:`Memo`, being generic, keeps a ``__dict__`` that
    would take any new name; and mypyc compiles a ``__setattr__`` only in a class whose
    bases are all compiled, which ``Generic`` is not, so it lives here."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        # Each field is set once, by the initialiser (the compiled one writes past this).
        if hasattr(self, name) or name not in ("_make", "_values"):
            raise AttributeError(f"a Memo offers nothing to set ({name})")
        object.__setattr__(self, name, value)


@typing.final
class Memo(_SetOnce, Generic[K, V]):
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
