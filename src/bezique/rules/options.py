"""The base of every rule option enum: text values in any spelling are accepted.

``LastTrick("24th")``, ``LastTrick("LAST_STOCK_TRICK")`` and
``LastTrick("last-stock-trick")`` are the same member.
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from bezique.errors import RulesError, shown

__all__ = ["MAX_KNOB", "Misfit", "Option", "check_fields", "describe", "misfit", "type_hints"]

#: Other spellings accepted for some options, by enum class name.
ALIASES: dict[str, dict[str, str]] = {
    "LastTrick": {"24th": "last-stock-trick", "32nd": "final", "last": "final"},
    # CMC's bezique table is PAR's pairing (the two are listed apart, but they agree).
    "BeziquePair": {"cmc": "trump-queen-opposite-jack", "par": "trump-queen-opposite-jack"},
}


class Option(enum.StrEnum):
    """A knob's options; the value is the text form."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if isinstance(value, str):
            key = value.strip().lower().replace("_", "-")
            key = ALIASES.get(cls.__name__, {}).get(key, key)
            for member in cls:
                if member.value == key:
                    return member
        return None


#: The largest number a knob may hold; far beyond any score or count of the games,
#: and short enough to be written in a message or a document.
MAX_KNOB = 1_000_000_000


def type_hints(cls: type[Any]) -> Mapping[str, Any]:
    """The annotations of ``cls`` evaluated (:func:`typing.get_type_hints`), read once
    per class: evaluating them is slow next to building a rule set from them."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = types.MappingProxyType(typing.get_type_hints(cls))
    return hints


_HINTS: dict[type[Any], Mapping[str, Any]] = {}


def check_fields(obj: object) -> None:
    """Refuse a component field of the wrong type or out of bounds, naming it."""
    cls: type[Any] = type(obj)
    hints = type_hints(cls)
    for field in attrs.fields(cls):
        value = getattr(obj, field.name)
        expected = hints[field.name]
        if misfit(value, expected, field.name, limit=None) is not None:
            raise RulesError(
                f"{cls.__name__}.{field.name} must be {describe(expected)}, got {shown(value)}",
                [field.name],
            )
        numbers = value if isinstance(value, tuple) else (value,)
        for number in numbers:
            if isinstance(number, int) and not isinstance(number, bool):
                if number < 0:
                    raise RulesError(
                        f"{field.name} must not be negative, got {shown(number)}", [field.name]
                    )
                if number > MAX_KNOB:
                    raise RulesError(
                        f"{field.name} must be at most {MAX_KNOB:,}, got {shown(number)}",
                        [field.name],
                    )


class Misfit(typing.NamedTuple):
    """Where a value does not fit its annotation (:func:`misfit`)."""

    #: The message, naming the path of the part at fault.
    message: str
    #: ``True`` for a value of the wrong type, ``False`` for a number out of bounds.
    wrong_type: bool


def misfit(
    value: object, expected: Any, path: str, *, limit: int | None = MAX_KNOB
) -> Misfit | None:
    """Where ``value`` does not fit the type annotation ``expected``; ``None`` when it
    fits. Integers beyond ``limit`` either way do not fit (``None``: no bound). Frozen
    attrs values of the plain records of a deal (tricks, table cards, a view) are
    checked field by field; other classes (the rules, the actions, which check
    themselves when built) by ``isinstance``.

    >>> misfit((1, "2"), tuple[int, ...], "hand")
    Misfit(message='hand[1] must be an integer, not str', wrong_type=True)
    """
    # Every loaded state and view passes through here: a value that fits is told so
    # by a test built once per annotation, and only one that does not is walked again
    # to say where.
    if _fits(expected)(value, limit):
        return None
    return _misfit(value, expected, path, limit)


def _misfit(value: object, expected: Any, path: str, limit: int | None) -> Misfit | None:
    """:func:`misfit`, walking the annotation."""
    origin = typing.get_origin(expected)
    if origin in (types.UnionType, typing.Union):
        return _union_misfit(value, expected, path, limit)
    if origin is tuple:
        return _tuple_misfit(value, expected, path, limit)
    typed = _tuple_base(expected)
    if typed is not None:
        # A tuple of typed items under a name of its own (CardIds): its items checked.
        return misfit(value, typed, path, limit=limit)
    if expected is int:
        if not isinstance(value, int) or isinstance(value, bool):
            return _wrong(value, expected, path)
        if limit is not None and abs(value) > limit:
            return Misfit(f"{path} must be at most {limit:,} either way, got {shown(value)}", False)
        return None
    if expected is type(None):
        return None if value is None else _wrong(value, expected, path)
    if isinstance(expected, type):
        if not isinstance(value, expected):
            return _wrong(value, expected, path)
        if attrs.has(expected) and expected.__module__ in _RECORD_MODULES:
            return _record_misfit(value, expected, path, limit)
    return None


def _union_misfit(value: object, expected: Any, path: str, limit: int | None) -> Misfit | None:
    """:func:`misfit` for a union: ``None`` when any of its types fits."""
    problems = [misfit(value, arg, path, limit=limit) for arg in typing.get_args(expected)]
    if all(problems):
        # A number out of bounds says more than "must be an integer or None".
        return next((p for p in problems if p and not p.wrong_type), _wrong(value, expected, path))
    return None


def _tuple_misfit(value: object, expected: Any, path: str, limit: int | None) -> Misfit | None:
    """:func:`misfit` for a tuple, of one type (``tuple[int, ...]``) or of one type a
    place: its length, then its items in order."""
    if not isinstance(value, tuple):
        return _wrong(value, expected, path)
    args = typing.get_args(expected)
    if len(args) == 2 and args[1] is Ellipsis:
        items = [(args[0], item) for item in value]
    elif len(args) == len(value):
        items = list(zip(args, value, strict=True))
    else:
        return Misfit(f"{path} must hold {len(args)} values, not {len(value)}", True)
    for i, (hint, item) in enumerate(items):
        problem = misfit(item, hint, f"{path}[{i}]", limit=limit)
        if problem:
            return problem
    return None


def _record_misfit(value: object, expected: type, path: str, limit: int | None) -> Misfit | None:
    """:func:`misfit` for a plain record of a deal: field by field."""
    hints = type_hints(expected)
    for field in attrs.fields(expected):
        problem = misfit(
            getattr(value, field.name), hints[field.name], f"{path}.{field.name}", limit=limit
        )
        if problem:
            return problem
    return None


def _tuple_base(expected: Any) -> Any:
    """``tuple[int, ...]`` for a class declared ``class CardIds(tuple[int, ...])``;
    ``None`` for any other annotation."""
    if not isinstance(expected, type) or not issubclass(expected, tuple):
        return None
    for base in getattr(expected, "__orig_bases__", ()):
        if typing.get_origin(base) is tuple:
            return base
    return None


#: A test that a value fits an annotation, given the bound on its integers.
_Fits = Callable[[object, int | None], bool]


@functools.cache
def _fits(expected: Any) -> _Fits:
    """The test of :func:`misfit` for one annotation, ``True`` where it finds no
    misfit: the annotation is read once, not at every value."""
    origin = typing.get_origin(expected)
    if origin in (types.UnionType, typing.Union):
        return _any_fits(typing.get_args(expected))
    if origin is tuple:
        return _tuple_fits(typing.get_args(expected))
    typed = _tuple_base(expected)
    if typed is not None:
        return _fits(typed)
    if expected is int:
        return _int_fits
    if expected is type(None):
        return lambda value, limit: value is None
    if isinstance(expected, type):
        if attrs.has(expected) and expected.__module__ in _RECORD_MODULES:
            return _record_fits(expected)
        return lambda value, limit: isinstance(value, expected)
    return lambda value, limit: True


def _int_fits(value: object, limit: int | None) -> bool:
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    return limit is None or -limit <= value <= limit


def _any_fits(args: tuple[Any, ...]) -> _Fits:
    tests = [_fits(arg) for arg in args]
    return lambda value, limit: any(test(value, limit) for test in tests)


def _tuple_fits(args: tuple[Any, ...]) -> _Fits:
    if len(args) == 2 and args[1] is Ellipsis:
        if args[0] is int:
            # The commonest by far: cards, masks, scores.
            def ints(value: object, limit: int | None) -> bool:
                return isinstance(value, tuple) and all(_int_fits(v, limit) for v in value)

            return ints
        item = _fits(args[0])
        return lambda value, limit: isinstance(value, tuple) and all(item(v, limit) for v in value)
    tests = [_fits(arg) for arg in args]
    return lambda value, limit: (
        isinstance(value, tuple)
        and len(value) == len(tests)
        and all(test(v, limit) for test, v in zip(tests, value, strict=True))
    )


def _record_fits(expected: type) -> _Fits:
    # The fields' tests are built at the first value, not here: a record's annotations
    # may name records not yet built.
    fields: list[tuple[str, _Fits]] = []

    def fits(value: object, limit: int | None) -> bool:
        if not isinstance(value, expected):
            return False
        if not fields:
            hints = type_hints(expected)
            fields.extend((f.name, _fits(hints[f.name])) for f in attrs.fields(expected))
        return all(test(getattr(value, name), limit) for name, test in fields)

    return fits


def _wrong(value: object, expected: Any, path: str) -> Misfit:
    # Built only for a value that does not fit: describing a type in words costs
    # more than checking a value against it.
    return Misfit(f"{path} must be {describe(expected)}, not {type(value).__name__}", True)


#: The modules of the plain records whose fields :func:`misfit` checks; their
#: constructors check nothing.
_RECORD_MODULES = ("bezique.records", "bezique.views")


_PLAIN_NAMES = {int: "an integer", bool: "true or false", str: "a string", type(None): "None"}


def describe(expected: Any) -> str:
    """A type annotation in words, for error messages.

    >>> from bezique.records import Phase
    >>> describe(tuple[Phase, ...])
    "a tuple of Phase values, each one of 'stock', 'end', 'over'"
    """
    if isinstance(expected, type) and issubclass(expected, enum.Enum):
        return "one of " + ", ".join(repr(m.value) for m in expected)
    if expected in _PLAIN_NAMES:
        return _PLAIN_NAMES[expected]
    origin = typing.get_origin(expected)
    if origin in (types.UnionType, typing.Union):
        return " or ".join(describe(arg) for arg in typing.get_args(expected))
    if origin is tuple:
        item = typing.get_args(expected)[0]
        if isinstance(item, type) and issubclass(item, enum.Enum):
            return f"a tuple of {item.__name__} values, each {describe(item)}"
        inner = describe(item)
        return f"a tuple of {inner.removeprefix('an ').removeprefix('a ')}s"
    if isinstance(expected, type):
        return f"a {expected.__name__}"
    return str(expected)
