"""The engine: a deal state's fields, what may be done in it, and its transitions.

* :mod:`~bezique.engine.fields`: the state's fields and the queries on them;
* :mod:`~bezique.engine.speed`: the speed machinery, in one place;
* :mod:`~bezique.engine.plays`: the plays, and how alike cards are told apart;
* :mod:`~bezique.engine.declarations`: the declarations of the trick winner;
* :mod:`~bezique.engine.reasons`: why an action is illegal;
* :mod:`~bezique.engine.moves`: the legal actions, gathered from those three;
* :mod:`~bezique.engine.draft`: the steps of play (a card played, the trick taken, the
  deal's end, the draw), made in place on a draft of the deal;
* :mod:`~bezique.engine.transitions`: the state after an action, and what it scored.

The rules themselves are the laws of :mod:`bezique.laws`; the public face of a
state is :class:`bezique.DealState` (:mod:`bezique.state`).
"""

from __future__ import annotations

from bezique.engine.build import is_compiled

__all__ = ["accelerated"]


def accelerated() -> bool:
    """Whether the engine loaded is the accelerated build: its modules compiled by mypyc
    (a platform wheel, ``docs/performance.md``) rather than interpreted from source
    (:func:`bezique.engine.build.is_compiled`, which ``bezique --version`` asks too).

    >>> accelerated() in (True, False)
    True
    """
    return is_compiled()
