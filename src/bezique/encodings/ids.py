"""The ids of a position's legal actions, as the action space numbers them
(:meth:`bezique.encodings.ActionSpace.legal_with_ids`).

A learning environment reads them at every step, so this is the action space's hot
loop: a module of its own, which the compiled build compiles with the engine. The
action space checks the position and keeps what it read; this module only counts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bezique.actions import Action, Play
from bezique.records import DeclaredMeld

__all__ = ["action_ids"]


def action_ids(
    legal: Sequence[Action],
    melds: Sequence[DeclaredMeld],
    index: Mapping[Any, int],
    plays: Sequence[int],
    key_of: Callable[[Action, Sequence[DeclaredMeld]], object],
) -> list[int]:
    """The id of each action of ``legal``, in order, up to the first that has none.

    ``index`` gives the id of an action's key (``key_of(action, melds)``). ``plays``
    gives the id of a play by ``2 * face + declared``, read without building its key
    (a learner's commonest action); empty if the space lacks a play. A list shorter
    than ``legal`` names the action that has no id: the next one.
    """
    ids: list[int] = []
    for action in legal:
        if plays and type(action) is Play:
            # The key of a play, read as an index: its face, and whether the card
            # has a declaration history.
            ref = action.card
            ids.append(plays[2 * ref.card.index + (1 if ref.history else 0)])
            continue
        found = index.get(key_of(action, melds))
        if found is None:
            break
        ids.append(found)
    return ids
