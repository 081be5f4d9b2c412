"""The built-in players by name: one registry for the library, the simulations, the
matches and the command line.

A player name is a kind, optionally followed by options after colons::

    KIND[:OPTION[:OPTION...]]

where each ``OPTION`` is ``KEY=VALUE``, ``KEY`` a keyword argument of the
player's class (``-`` may stand for ``_``). The kinds:

* ``random``: :class:`~bezique.players.RandomPlayer`, seeded; no options.
* ``rule-of-thumb`` (its old name ``greedy`` is kept):
  :class:`~bezique.players.RuleOfThumbPlayer`; no options.
* ``monte-carlo``: :class:`~bezique.players.MonteCarloPlayer`, seeded, with the
  options ``iterations=N``, ``time_budget=SECONDS``, ``rollout=POLICY``
  (``fast``, ``rule-of-thumb``, ``random``), ``candidates=N`` (or ``all``),
  ``late=N``, ``late_rollout=POLICY``, ``margin=POINTS`` and
  ``confidence=Z``. Short forms are accepted too: ``40`` for ``iterations=40``,
  ``0.05s`` for ``time_budget=0.05``, a policy alone for ``rollout=POLICY``,
  ``top4`` or ``all`` for the candidates, ``late8``, ``late-rule-of-thumb``,
  ``margin20`` and ``z2``.

A name that does not parse raises :class:`~bezique.errors.NotationError` (a
:class:`~bezique.errors.BeziqueError`), saying what is wrong and what is known.

>>> make_player("rule-of-thumb").__class__.__name__
'RuleOfThumbPlayer'
>>> search = make_player("monte-carlo:iterations=40:candidates=4", seed=1)
>>> search.iterations, search.candidates
(40, 4)
>>> make_player("monte-carlo:40:top4", seed=1).candidates
4
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

from bezique.errors import BeziqueError, NotationError, check_seed, require, shown
from bezique.players.monte_carlo import ROLLOUTS, MonteCarloPlayer
from bezique.players.protocol import Player
from bezique.players.random_player import RandomPlayer
from bezique.players.rule_of_thumb import RuleOfThumbPlayer

__all__ = [
    "PLAYER_NAMES",
    "PLAYER_NAME_HELP",
    "PlayerKind",
    "PlayerOption",
    "display_name",
    "make_player",
    "player_kinds",
]

#: A seed for a player; the same seed, the same choices.
Seed = int | str | None


@attrs.frozen
class PlayerOption:
    """An option of a kind of player: the form of its ``value``, its ``default`` and
    its short form, as shown in help."""

    value: str
    default: str
    short: str = ""


@attrs.frozen
class PlayerKind:
    """A kind of built-in player: its name, a line about it, how it is built from a
    seed and the options given (``KEY``: value text), its options by ``KEY``, the
    other names it answers to, and what its short forms of options stand for."""

    name: str
    summary: str
    build: Callable[[Seed, Mapping[str, str]], Player]
    options: Mapping[str, PlayerOption] = attrs.field(factory=dict)
    aliases: tuple[str, ...] = ()
    shorthand: Callable[[str], tuple[str, str] | None] | None = None


def _random(seed: Seed, options: Mapping[str, str]) -> Player:
    return RandomPlayer(seed)


def _rule_of_thumb(seed: Seed, options: Mapping[str, str]) -> Player:
    return RuleOfThumbPlayer()


def _whole(key: str, text: str) -> int:
    # ASCII digits only, and few of them: int() would read "²" or "1_0", and no
    # count of iterations, candidates or tricks runs to ten digits.
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise NotationError(f"{key}={text}: not a whole number")
    return int(text)


def _number(key: str, text: str) -> float:
    if not _is_number(text):
        raise NotationError(f"{key}={text}: not a number")
    return float(text)


def _policy(key: str, text: str) -> str:
    if text not in ROLLOUTS:
        raise NotationError(f"{key}={text}: not one of {', '.join(ROLLOUTS)}")
    return text


def _monte_carlo(seed: Seed, options: Mapping[str, str]) -> Player:
    get = options.get
    budget = get("time_budget")
    candidates = get("candidates", "3")
    late_rollout = get("late_rollout")
    return MonteCarloPlayer(
        _whole("iterations", get("iterations", "20")),
        None if budget is None else _number("time_budget", budget),
        seed,
        rollout=_policy("rollout", get("rollout", "fast")),
        candidates=None if candidates == "all" else _whole("candidates", candidates),
        late=_whole("late", get("late", "12")),
        late_rollout=None if late_rollout is None else _policy("late_rollout", late_rollout),
        margin=_number("margin", get("margin", "0")),
        confidence=_number("confidence", get("confidence", "1.5")),
    )


def _monte_carlo_shorthand(option: str) -> tuple[str, str] | None:
    """The ``KEY=VALUE`` a short form stands for (``None``: not a short form)."""
    if option in ROLLOUTS:
        return "rollout", option
    if option.startswith("late-") and option[5:] in ROLLOUTS:
        return "late_rollout", option[5:]
    if option.startswith("late") and option[4:].isdigit():
        return "late", option[4:]
    if option.endswith("s") and _is_number(option[:-1]):
        return "time_budget", option[:-1]
    if option.isdigit():
        return "iterations", option
    if option == "all":
        return "candidates", "all"
    if option.startswith("top") and option[3:].isdigit():
        return "candidates", option[3:]
    if option.startswith("margin") and _is_number(option[6:]):
        return "margin", option[6:]
    if option.startswith("z") and _is_number(option[1:]):
        return "confidence", option[1:]
    return None


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


_POLICIES = "|".join(ROLLOUTS)

_KINDS: tuple[PlayerKind, ...] = (
    PlayerKind("random", "uniformly random among the legal actions", _random),
    PlayerKind(
        "rule-of-thumb",
        "the hints printed with the laws (S000 hints 1-9, S004 hints 1-6)",
        _rule_of_thumb,
        aliases=("greedy",),
    ),
    PlayerKind(
        "monte-carlo",
        "determinized search guided by the rules of thumb",
        _monte_carlo,
        options={
            "iterations": PlayerOption("N", "20", "N alone, e.g. 40"),
            "time_budget": PlayerOption("SECONDS", "none", "0.05s"),
            "rollout": PlayerOption(_POLICIES, "fast", "the policy alone"),
            "candidates": PlayerOption("N|all", "3", "top4, all"),
            "late": PlayerOption("N", "12", "late8"),
            "late_rollout": PlayerOption(_POLICIES, "the rollout", "late-rule-of-thumb"),
            "margin": PlayerOption("POINTS", "0", "margin20"),
            "confidence": PlayerOption("Z", "1.5", "z2"),
        },
        shorthand=_monte_carlo_shorthand,
    ),
)

_BY_NAME: dict[str, PlayerKind] = {
    name: kind for kind in _KINDS for name in (kind.name, *kind.aliases)
}

#: Every name a built-in player answers to; ``greedy`` is an old name of ``rule-of-thumb``.
PLAYER_NAMES: tuple[str, ...] = tuple(
    [kind.name for kind in _KINDS] + [alias for kind in _KINDS for alias in kind.aliases]
)


def player_kinds() -> tuple[PlayerKind, ...]:
    """The kinds of built-in player, in the order they are listed."""
    return _KINDS


def _help() -> str:
    lines = [
        "player names: KIND or KIND:KEY=VALUE[:KEY=VALUE...],"
        " e.g. monte-carlo:iterations=200:rollout=fast",
        "  short forms: monte-carlo:40 (40 iterations a move),"
        " monte-carlo:0.5s (half a second a move)",
        "kinds:",
    ]
    for kind in _KINDS:
        also = f" (also {', '.join(kind.aliases)})" if kind.aliases else ""
        lines.append(f"  {kind.name}{also}: {kind.summary}")
        for key, option in kind.options.items():
            short = f"; short form: {option.short}" if option.short else ""
            lines.append(f"    {key}={option.value} (default {option.default}{short})")
    return "\n".join(lines)


#: The name syntax and every kind with its options, as text (the command line's help).
PLAYER_NAME_HELP: str = _help()


def display_name(name: str, seat: int) -> str:
    """The name a player is narrated under: its kind in capitals, then its seat
    (``rule-of-thumb`` in seat 0 is ``RuleOfThumb0``, ``monte-carlo:40`` in seat 1
    ``MonteCarlo1``).

    >>> display_name("monte-carlo:40", 1)
    'MonteCarlo1'
    """
    kind = name.partition(":")[0]
    return "".join(part.capitalize() for part in kind.split("-")) + str(seat)


def make_player(name: str, seed: int | str | None = None) -> Player:
    """A built-in player by name, seeded (see the module docstring for the syntax).

    Raises :class:`~bezique.errors.NotationError` for a name that does not parse:
    an unknown kind, an unknown option, a value of the wrong form or out of range.
    """
    require(name, str, "make_player()", "name", "a str")
    check_seed(seed, "make_player()")
    text = name.strip()
    kind_name, _, rest = text.partition(":")
    kind = _BY_NAME.get(kind_name)
    if kind is None:
        raise NotationError(f"no player named {shown(text)}; known: {', '.join(PLAYER_NAMES)}")
    options: dict[str, str] = {}
    for option in (o.strip() for o in rest.split(":")) if rest else ():
        key, value = _option(kind, option, text)
        if key in options:
            raise NotationError(f"option {key} given twice in player name {shown(text)}")
        options[key] = value
    try:
        return kind.build(seed, options)
    except BeziqueError as error:
        raise NotationError(f"bad player name {shown(text)}: {error}") from None


def _option(kind: PlayerKind, option: str, name: str) -> tuple[str, str]:
    """The ``(key, value)`` of one option of a player name."""
    if not kind.options:
        raise NotationError(
            f"player {kind.name!r} takes no options, got {shown(option)} in {shown(name)}"
        )
    key, equals, value = option.partition("=")
    found: tuple[str, str] | None = None
    if equals:
        key = key.strip().replace("-", "_")
        if key in kind.options and value.strip():
            found = key, value.strip()
    elif kind.shorthand is not None:
        found = kind.shorthand(option)
    if found is None:
        known = ", ".join(f"{k}={o.value}" for k, o in kind.options.items())
        raise NotationError(
            f"bad {kind.name} option {shown(option)} in {shown(name)}; options: {known}"
        )
    return found
