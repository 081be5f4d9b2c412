"""The engine: a deal state's fields, what may be done in it, and its transitions.

* :mod:`~bezique.engine.fields`: the state's fields and the queries on them;
* :mod:`~bezique.engine.speed`: the speed machinery, in one place;
* :mod:`~bezique.engine.moves`: legal actions, legal declarations, why an action is illegal;
* :mod:`~bezique.engine.transitions`: the state after an action, and what it scored.

The rules themselves are the laws of :mod:`bezique.laws`; the public face of a
state is :class:`bezique.DealState` (:mod:`bezique.state`).
"""
