"""A seat's view as a flat tensor of fixed shape, for every game of the family (the
``numpy`` extra).

``ObservationEncoder.of(rules)`` gives the encoder of any preset's rules: for
Bezique's, an :class:`ObservationEncoder`, whose blocks :mod:`bezique.encodings.observation`
lists; for Zetema's, a :class:`~bezique.zetema.observation.ZetemaObservationEncoder`,
whose blocks :mod:`bezique.zetema.observation` lists. Both have the same API: ``layout`` (the
blocks in order, as name and shape), ``size``, ``shape``, ``block(vector, name)``,
``encode(view)``, a new ``float32`` vector read from the seat's view alone,
``encode_state(state, seat)``, the same numbers read from the state, and
``seat_vector(seat)``, a seat's vector kept from one state to the next.
Seats are relative in both: row 0 is the observing seat, row 1 the next to its left.

>>> import bezique as bz
>>> [ObservationEncoder.of(bz.variants.get(name)).size for name in ("classic", "zetema")]
[2288, 381]
"""

from __future__ import annotations

from bezique.encodings.observation import BlockVector, ObservationEncoder

__all__ = ["BlockVector", "ObservationEncoder"]
