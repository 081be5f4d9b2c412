"""Named presets and their registry.

``bezique.variants.CLASSIC`` is the reference two-hand game (S000, the laws of
Sinkinson's 1933 booklet, read with FOS where S000 is silent); the other
two-hand presets are the readings of single sources (PRESETS section 3), each
``CLASSIC`` with the knobs that source sets.

>>> from bezique import variants
>>> variants.get("sinkinson-1933") is variants.CLASSIC
True
>>> [name for name, _ in variants.names()][:2]
['cards-and-dominoes', 'classic']
"""

from __future__ import annotations

from bezique.errors import RulesError
from bezique.rules import (
    DeclarationLimit,
    LastTrick,
    Rules,
    SevenOfTrumps,
)

__all__ = [
    "CARDS_AND_DOMINOES",
    "CLASSIC",
    "MCNEELY",
    "SINKINSON_1933",
    "SWIFT_1865",
    "WIKIPEDIA",
    "get",
    "names",
    "register",
]

CLASSIC = Rules(
    name="classic",
    description="Two-hand Bezique, two packs, the English standard (Sinkinson 1933, with Foster)",
    sources=("S000", "EIW", "FOS", "S001", "PAR"),
)
#: S000 is the reference reading: the same object as :data:`CLASSIC`.
SINKINSON_1933 = CLASSIC

SWIFT_1865 = CLASSIC.evolve(
    name="swift-1865",
    description="Two-hand Bezique as in A. B. Swift, Bezique Complete (1865)",
    sources=("S004",),
)

MCNEELY = CLASSIC.evolve(
    name="mcneely",
    description="Two-hand Bezique as in McNeely: one-of-each-suit quartets, 150 plain sequence",
    sources=("S002", "S002b"),
    quartet_suits="one-of-each",
    plain_sequence=150,
    exchange_counts_as_declaration=True,
)

WIKIPEDIA = CLASSIC.evolve(
    name="wikipedia",
    description="Two-hand Bezique as in Wikipedia: 24th-trick bonus, pending melds, declared seven",
    sources=("S001",),
    last_trick=LastTrick.LAST_STOCK_TRICK,
    limit=DeclarationLimit.ONE_SCORED_REST_PENDING,
    seven_of_trumps=SevenOfTrumps.ON_DECLARATION,
)

CARDS_AND_DOMINOES = CLASSIC.evolve(
    name="cards-and-dominoes",
    description="Two-hand Bezique, cardsanddominoes.com 'enhanced' rules: melding after the close",
    sources=("S003",),
    melding_after_close=True,
    double_bezique=350,
    plain_sequence=120,
)


_REGISTRY: dict[str, Rules] = {}
_ALIASES: dict[str, str] = {}


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def register(rules: Rules, *aliases: str) -> Rules:
    """Make ``rules`` reachable by its name and aliases through :func:`get`."""
    key = _key(rules.name)
    for name in (key, *map(_key, aliases)):
        if name in _ALIASES and _REGISTRY[_ALIASES[name]] != rules:
            raise RulesError(f"a different preset is already registered as {name!r}", ["name"])
    _REGISTRY[key] = rules
    for name in (key, *map(_key, aliases)):
        _ALIASES[name] = key
    return rules


def get(name: str) -> Rules:
    """The preset registered under ``name`` or an alias (any case, ``_`` or ``-``)."""
    key = _ALIASES.get(_key(name))
    if key is None:
        known = ", ".join(sorted(_ALIASES))
        raise RulesError(f"no preset named {name!r}; known: {known}", ["name"])
    return _REGISTRY[key]


def names() -> list[tuple[str, tuple[str, ...]]]:
    """Each preset's name with its aliases, sorted by name."""
    return [
        (key, tuple(sorted(a for a, k in _ALIASES.items() if k == key and a != key)))
        for key in sorted(_REGISTRY)
    ]


register(CLASSIC, "sinkinson-1933", "two-hand", "bezique", "standard")
register(SWIFT_1865, "swift")
register(MCNEELY)
register(WIKIPEDIA)
register(CARDS_AND_DOMINOES, "cardsanddominoes", "c-and-d")
