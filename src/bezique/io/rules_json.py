"""The ``rules`` object of every document: a rule set by name, description, sources
and every knob.

>>> import bezique as bz
>>> rules_from_dict(rules_to_dict(bz.variants.CLASSIC)) is bz.variants.CLASSIC
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from bezique.errors import NotationError, RulesError
from bezique.io.readers import fail, read_int, read_list, read_object, read_str
from bezique.rules import Rules, variants

__all__ = ["rules_from_dict", "rules_to_dict"]

_RULES_KEYS = ("name", "description", "sources", "knobs")
#: The knob names :meth:`Rules.knobs` produces; a document may name no other.
_KNOB_NAMES = frozenset(variants.CLASSIC.knobs()) | {"sides"}


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """The ``rules`` object of a document: name, description, sources and every knob."""
    knobs = {k: (list(v) if isinstance(v, tuple) else v) for k, v in _knobs(rules)}
    return {
        "name": rules.name,
        "description": rules.description,
        "sources": list(rules.sources),
        "knobs": knobs,
    }


@functools.lru_cache(maxsize=64)
def _knobs(rules: Rules) -> tuple[tuple[str, Any], ...]:
    # Every state and view written holds its rules, and a search writes the views
    # of one rule set by the thousand (OpenSpiel's information state strings):
    # their knobs are read once (a rule set is immutable, its hash kept).
    return tuple(rules.knobs().items())


def rules_from_dict(data: object, path: str = "rules") -> Rules:
    """Rules from a document's ``rules`` object.

    A registered preset with the same name, description, sources and knobs is
    returned as the preset object itself. Knobs the document omits take their
    default values; unknown knobs, wrong values and rule sets the library
    refuses raise :class:`~bezique.NotationError`.
    """
    obj = read_object(data, path, _RULES_KEYS)
    name = read_str(obj["name"], f"{path}.name")
    description = read_str(obj["description"], f"{path}.description")
    sources = tuple(
        read_str(s, f"{path}.sources[{i}]")
        for i, s in enumerate(read_list(obj["sources"], f"{path}.sources"))
    )
    knobs = obj["knobs"]
    if not isinstance(knobs, Mapping):
        fail(f"{path}.knobs", "an object", knobs)
    if "players" in knobs:
        read_int(knobs["players"], f"{path}.knobs.players")
    for key, value in knobs.items():
        if key not in _KNOB_NAMES:
            raise NotationError(f"{path}.knobs: unknown knob {key!r}")
        if isinstance(value, (list, tuple)):
            for i, item in enumerate(value):
                read_int(item, f"{path}.knobs.{key}[{i}]")
        elif value is not None and not isinstance(value, (bool, int, str)):
            fail(f"{path}.knobs.{key}", "a number, a string, true, false, null or a list", value)
    # Building rules is slow next to reading a state: keep the last few built, by the
    # document's text of them.
    cache_key = (
        name,
        description,
        sources,
        tuple(
            (k, type(v).__name__, tuple(v) if isinstance(v, (list, tuple)) else v)
            for k, v in sorted(knobs.items())
        ),
    )
    rules = _BUILT.get(cache_key)
    if rules is None:
        rules = _build_rules(name, description, sources, knobs, path)
        if len(_BUILT) >= 64:
            _BUILT.clear()
        _BUILT[cache_key] = rules
    return rules


#: Rules built from documents, by their name, description, sources and knobs as read.
_BUILT: dict[tuple[object, ...], Rules] = {}


def _build_rules(
    name: str, description: str, sources: tuple[str, ...], knobs: Mapping[str, Any], path: str
) -> Rules:
    try:
        rules = Rules.from_knobs(name, knobs, description).evolve(sources=sources)
    except RulesError as error:
        raise NotationError(f"{path}: {error}") from error
    try:
        preset = variants.get(name)
    except RulesError:
        return rules
    return preset if preset == rules else rules
