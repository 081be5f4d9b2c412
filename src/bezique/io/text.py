"""JSON text: the parser every loader reads with, and the one printer every writer uses.

:func:`loads` refuses a key that appears twice in an object (plain
:func:`json.loads` would keep the last one) and reports every failure as a
:class:`~bezique.NotationError`. :func:`dumps` writes a document either
pretty (objects one key a line unless short and flat, lists of scalars packed
in lines of at most 100 characters) or compact (one line, no spaces).

>>> dumps({"cards": ["QSa", "JDb"], "trick": 3}, 2)
'{"cards": ["QSa", "JDb"], "trick": 3}'
>>> dumps({"cards": ["QSa", "JDb"], "trick": 3}, None)
'{"cards":["QSa","JDb"],"trick":3}'
>>> loads('{"a": 1, "a": 2}')
Traceback (most recent call last):
    ...
bezique.errors.NotationError: not JSON for this library: key 'a' appears twice
"""

from __future__ import annotations

import json
import re
from typing import Any

from bezique.errors import NotationError, wrong_type
from bezique.io.names import CARD_NAMES
from bezique.rules.melds import MeldKind

__all__ = ["WIDTH", "dumps", "loads"]

#: The longest line the pretty printer writes, short of a long string.
WIDTH = 100


def loads(text: object) -> Any:
    """Parse JSON text (``str`` or UTF-8 ``bytes``); a key twice in an object is refused."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotationError(f"not UTF-8 text: {error}") from None
    if not isinstance(text, str):
        wrong_type("", "text", "JSON text (a str or bytes)", text)
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except NotationError:
        raise
    except (ValueError, RecursionError) as error:
        raise NotationError(f"not JSON: {error}") from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise NotationError(f"not JSON for this library: key {key!r} appears twice")
        out[key] = value
    return out


def dumps(data: Any, indent: int | None) -> str:
    """JSON text of plain JSON data: pretty with ``indent`` spaces a level, or, with
    ``None``, on one line without spaces."""
    if indent is None:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return _pretty(data, indent, 0, 0)


#: JSON text of the strings written most; card names and meld kinds.
_QUOTED = {text: f'"{text}"' for text in (*CARD_NAMES, *(k.value for k in MeldKind))}
#: Strings that need no escaping in JSON.
_PLAIN = re.compile(r"[ !#-\[\]-~]*")


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        quoted = _QUOTED.get(value)
        if quoted is not None:
            return quoted
        if _PLAIN.fullmatch(value):
            return '"' + value + '"'
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def _flat(value: Any) -> bool:
    """A scalar or a list of scalars."""
    if isinstance(value, list):
        return all(not isinstance(v, (dict, list)) for v in value)
    return not isinstance(value, dict)


#: One line of JSON with a space after each comma and colon: what the pretty printer
#: writes for a short flat value, by the standard encoder (written in C), which prints
#: every scalar as :func:`_scalar` does.
_inline = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode


def _pretty(value: Any, indent: int, level: int, used: int) -> str:
    """JSON text: objects one key a line, unless short and flat (then on one line);
    lists of scalars packed in lines of at most ``WIDTH`` characters. ``used`` is the
    length of the line before the value."""
    pad = " " * (indent * (level + 1))
    end = " " * (indent * level)
    if isinstance(value, dict):
        if not value:
            return "{}"
        if all(_flat(v) for v in value.values()) and all(isinstance(k, str) for k in value):
            inline = _inline(value)
            if used + len(inline) + 1 <= WIDTH:
                return inline
        items = []
        for k, v in value.items():
            key = f"{pad}{_scalar(k)}: "
            if isinstance(v, (dict, list)):
                items.append(key + _pretty(v, indent, level + 1, len(key)))
            else:
                items.append(key + _scalar(v))
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(not isinstance(v, (dict, list)) for v in value):
            inline = _inline(value)
            if used + len(inline) + 1 <= WIDTH:
                return inline
            parts = [_scalar(v) for v in value]
            lines: list[str] = []
            line = ""
            for part in parts:
                if line and len(pad) + len(line) + len(part) + 2 > WIDTH:
                    lines.append(pad + line)
                    line = ""
                line += ("" if not line else " ") + part + ","
            lines.append(pad + line[:-1])
            return "[\n" + "\n".join(lines) + "\n" + end + "]"
        inner = [pad + _pretty(v, indent, level + 1, len(pad)) for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + end + "]"
    return _scalar(value)
