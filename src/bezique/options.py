"""The base of every rule option enum: text values in any spelling are accepted.

``LastTrick("24th")``, ``LastTrick("LAST_STOCK_TRICK")`` and
``LastTrick("last-stock-trick")`` are the same member.
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any

import attrs

from bezique.errors import RulesError

__all__ = ["Option", "check_fields", "describe"]

#: Other spellings accepted for some options, by enum class name.
ALIASES: dict[str, dict[str, str]] = {
    "LastTrick": {"24th": "last-stock-trick", "32nd": "final", "last": "final"},
    # CMC's bezique table is PAR's pairing (SPEC 2.4 lists them apart, but they agree).
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


def check_fields(obj: object) -> None:
    """Refuse a component field of the wrong type, naming it."""
    cls: type[Any] = type(obj)
    hints = typing.get_type_hints(cls)
    for field in attrs.fields(cls):
        value = getattr(obj, field.name)
        expected = hints[field.name]
        if not _is_instance(value, expected):
            raise RulesError(
                f"{cls.__name__}.{field.name} must be {describe(expected)}, got {value!r}",
                [field.name],
            )
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise RulesError(f"{field.name} must not be negative, got {value}", [field.name])


def _is_instance(value: object, expected: Any) -> bool:
    origin = typing.get_origin(expected)
    if origin in (types.UnionType, typing.Union):
        return any(_is_instance(value, arg) for arg in typing.get_args(expected))
    if origin is tuple:
        args = typing.get_args(expected)
        return isinstance(value, tuple) and all(_is_instance(v, args[0]) for v in value)
    if expected is type(None):
        return value is None
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, expected)


_PLAIN_NAMES = {int: "an integer", bool: "true or false", str: "a string", type(None): "None"}


def describe(expected: Any) -> str:
    """A type annotation in words, for error messages."""
    if isinstance(expected, type) and issubclass(expected, enum.Enum):
        return "one of " + ", ".join(repr(m.value) for m in expected)
    if expected in _PLAIN_NAMES:
        return _PLAIN_NAMES[expected]
    origin = typing.get_origin(expected)
    if origin in (types.UnionType, typing.Union):
        return " or ".join(describe(arg) for arg in typing.get_args(expected))
    if origin is tuple:
        return f"a tuple of {describe(typing.get_args(expected)[0])}s"
    if isinstance(expected, type):
        return f"a {expected.__name__}"
    return str(expected)
