"""The library's exception hierarchy, and the checks every entry point makes.

Every error raised on bad input derives from :class:`BeziqueError`. Each also
derives from :class:`ValueError`, so callers that already catch ``ValueError``
keep working.

The contract at the boundary (the page "Errors" of the documentation): a value
of the wrong Python type raises :class:`TypeError` naming the parameter, from the
public function it was passed to (:func:`require`); a value of the right type
that the rules refuse raises a :class:`BeziqueError` with the reasons. Messages
show values with :func:`shown`, which never fails and never runs long, so that an
integer of thousands of digits cannot turn a refusal into another error.
"""

from __future__ import annotations

import importlib
import math
import numbers
import unicodedata
import warnings
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from bezique.legality import Reason

__all__ = [
    "MAX_SEED_BITS",
    "BeziqueError",
    "IllegalActionError",
    "InvalidStateError",
    "MissingExtraError",
    "NotationError",
    "RulesError",
    "SeatError",
    "check_seed",
    "deprecated_aliases",
    "printable",
    "require",
    "require_extra",
    "require_int",
    "require_number",
    "shown",
    "submodules_on_demand",
    "warn_deprecated",
    "wrong_type",
]


class BeziqueError(ValueError):
    """Root of every error the library raises on bad input."""


class NotationError(BeziqueError):
    """Text that does not parse: a card, an action, a state or view document, a
    player's name (``bezique.players.make_player``)."""


class RulesError(BeziqueError):
    """A combination of rule options that cannot be played.

    ``fields`` names the offending rule fields.
    """

    def __init__(self, message: str, fields: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.fields: tuple[str, ...] = tuple(fields)


class InvalidStateError(BeziqueError):
    """A state (for example one loaded from JSON) that breaks an invariant."""


class SeatError(BeziqueError):
    """A seat number that does not exist in this deal."""


class MissingExtraError(BeziqueError, ImportError):
    """A feature of an optional extra used where the extra is not installed
    (``pip install 'bezique[ray]'``): an :class:`ImportError` too, as it always was,
    and a :class:`BeziqueError`, so that the command line reports it in one line."""


class IllegalActionError(BeziqueError):
    """An action that is not legal in the state it was applied to.

    ``action`` is the refused action and ``reasons`` the machine-readable
    reasons (:class:`bezique.Reason` members). The state it was applied to is
    unchanged: states are immutable.
    """

    def __init__(
        self,
        action: object,
        reasons: Sequence[Reason],
        *,
        seat: int | None = None,
        to_act: int | None = None,
    ) -> None:
        self.action = action
        self.reasons: tuple[Reason, ...] = tuple(reasons)
        #: The seat that tried the action, when the caller named one.
        self.seat = seat
        #: The seat whose turn it is, when the action was refused for being out of turn.
        self.to_act = to_act
        explained = "; ".join(r.explanation for r in self.reasons) or "not legal here"
        by = "" if seat is None else f" by seat {seat}"
        if to_act is not None:
            explained += f" (seat {to_act} is to act)"
        super().__init__(f"illegal action {action!s}{by}: {explained}")


# -- the checks at the boundary --------------------------------------------------------

#: Integers longer than this many bits are shown by their number of digits.
_LONG_INT_BITS = 256


def shown(value: object, limit: int = 40) -> str:
    """A short text of ``value`` for an error message: its ``repr``, cut to
    ``limit`` characters; a huge integer by its number of digits. It never fails
    (a ``repr`` that raises gives the type's name).

    >>> shown("QS"), shown(10**5000), shown("x" * 100, limit=10)
    ("'QS'", 'an integer of 5001 digits', "'xxxxxx...")
    """
    if isinstance(value, int) and value.bit_length() > _LONG_INT_BITS:
        size = abs(value)
        digits = int(math.log10(size)) + 1
        # The float logarithm may be one off near a power of ten.
        digits += (size >= 10**digits) - (size < 10 ** (digits - 1))
        return f"an integer of {digits} digits"
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: max(limit - 3, 1)] + "..."


#: The kinds of character that a terminal or an editor obeys rather than prints, by
#: Unicode category: controls (escape sequences, carriage returns), formats (the
#: bidirectional overrides), line and paragraph separators, and lone surrogates.
_UNPRINTED = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs"))


def printable(text: str) -> str:
    """``text`` with every control character written as its escape (``\\x1b``,
    ``\\u202e``), as ``repr`` writes it: what the library prints or writes of text
    it was given (a player's name, a record's tags, a sheet's entries) cannot move
    the cursor, recolour a terminal, retitle its window, reorder a line or end a
    line of a record. Other text, any script's letters included, is kept.

    >>> printable("Ann"), printable("\\x1b[31mred"), printable("a\\u2028b")
    ('Ann', '\\\\x1b[31mred', 'a\\\\u2028b')
    """
    if text.isprintable():
        return text
    return "".join(_escaped(ch) if unicodedata.category(ch) in _UNPRINTED else ch for ch in text)


def _escaped(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def wrong_type(function: str, parameter: str, expected: str, value: object) -> NoReturn:
    """Raise the :class:`TypeError` of ``value`` given as ``parameter`` to ``function``.

    >>> wrong_type("new_deal()", "rules", "a Rules", "classic")
    Traceback (most recent call last):
        ...
    TypeError: new_deal(): rules must be a Rules, not str
    """
    where = f"{function}: " if function else ""
    raise TypeError(f"{where}{parameter} must be {expected}, not {type(value).__name__}")


def require(
    value: object, types: type | tuple[type, ...], function: str, parameter: str, expected: str
) -> None:
    """:func:`wrong_type` unless ``value`` is an instance of ``types``."""
    if not isinstance(value, types):
        wrong_type(function, parameter, expected, value)


def require_int(value: object, function: str, parameter: str) -> int:
    """``value`` if it is an ``int`` (not a ``bool``), else :func:`wrong_type`."""
    if not isinstance(value, int) or isinstance(value, bool):
        wrong_type(function, parameter, "an int", value)
    return value


def require_number(value: object, function: str, parameter: str) -> None:
    """:func:`wrong_type` unless ``value`` is a real number (an ``int``, a ``float``, a
    NumPy number), which a ``bool`` is not, though Python counts it as one.

    >>> require_number(True, "f()", "weight")
    Traceback (most recent call last):
        ...
    TypeError: f(): weight must be a number, not bool
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        wrong_type(function, parameter, "a number", value)


#: The longest integer seed, in bits; a seed is written into the seeds of a game's
#: deals and players (``"7/2"``), which must stay short enough to print.
MAX_SEED_BITS = 256


def check_seed(seed: object, function: str, parameter: str = "seed") -> int | str | None:
    """``seed``, refused if it is not ``None``, an ``int`` or a ``str`` (:class:`TypeError`),
    or an integer of more than :data:`MAX_SEED_BITS` bits (:class:`RulesError`)."""
    if seed is None or isinstance(seed, str):
        return seed
    value = require_int(seed, function, parameter)
    if value.bit_length() > MAX_SEED_BITS:
        where = f"{function}: " if function else ""
        raise RulesError(
            f"{where}{parameter} must be an integer of at most {MAX_SEED_BITS} bits "
            f"(or a string), got {shown(seed)}",
            [parameter],
        )
    return value


def warn_deprecated(old: str, new: str) -> None:
    """Warn that ``old``, kept as an alias for one minor release, is to be replaced by ``new``."""
    warnings.warn(
        f"{old} is deprecated and will be removed in the next minor release; use {new}",
        DeprecationWarning,
        stacklevel=3,
    )


def deprecated_aliases(
    module: str, aliases: Mapping[str, tuple[object, str]]
) -> Callable[[str], object]:
    """The ``__getattr__`` of ``module`` that gives each deprecated alias, by name, the
    object it stands for with a :func:`warn_deprecated` naming its replacement
    (``aliases``: name -> (object, new name)); a module attribute cannot warn when read
    any other way. Any other name is an :class:`AttributeError`."""

    def attribute(name: str) -> object:
        if name in aliases:
            value, new = aliases[name]
            warn_deprecated(f"{module}.{name}", new)
            return value
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return attribute


def submodules_on_demand(package: str) -> Callable[[str], ModuleType]:
    """The ``__getattr__`` of ``package`` that loads a module of the package read as an
    attribute before anything imported it (``bz.rules.variants`` after a core module
    loaded ``bezique.rules`` alone). Any other name is an :class:`AttributeError`."""

    def attribute(name: str) -> ModuleType:
        if not name.startswith("_"):
            try:
                return importlib.import_module(f"{package}.{name}")
            except ModuleNotFoundError as error:
                if error.name != f"{package}.{name}":
                    raise
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return attribute


def require_extra(module: str, extra: str) -> ModuleType:
    """Import ``module``, or raise :class:`MissingExtraError` (an :class:`ImportError`)
    saying which extra of the package provides it (``pip install 'bezique[extra]'``)."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise MissingExtraError(
            f"this needs {module}, which is not installed: install the {extra!r} extra "
            f"(python -m pip install 'bezique[{extra}]')"
        ) from error
