"""Adapters for learning frameworks, each behind an optional extra.

* :mod:`bezique.envs.observation`: a seat view as a tensor of fixed shape
  (the ``numpy`` extra);
* :mod:`bezique.envs.pettingzoo`: an AEC environment of any preset
  (the ``pettingzoo`` extra);
* :mod:`bezique.envs.openspiel`: a game registered with OpenSpiel
  (the ``openspiel`` extra).

They serve every preset of :func:`bezique.variants.names`, Zetema's included, and
act through the game's fixed action space (:meth:`bezique.ActionSpace.of`), which is
in the core, as the encoders are (numpy is needed only to encode). Importing this
package, or its modules, needs none of the extras; building an encoder, an
environment or a game without its extra raises :class:`ImportError` naming the
extra to install.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

# The encoders, in the core, need it too: it lives with the errors.
from bezique.errors import require_extra

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["ActionIds", "Encoder", "KeptVector", "require_extra"]


class ActionIds(Protocol):
    """What the adapters use of a game's fixed action space
    (:class:`bezique.encodings.action_space.ActionSpace`,
    :class:`bezique.zetema.action_space.ZetemaActionSpace`), for a state of its game."""

    @property
    def size(self) -> int: ...

    def legal_ids(self, position: Any) -> tuple[int, ...]: ...

    def legal_with_ids(self, position: Any) -> tuple[tuple[Any, ...], tuple[int, ...]]: ...

    def action_from_id(self, position: Any, action_id: int) -> Any: ...

    def describe(self, action_id: int) -> str: ...


class Encoder(Protocol):
    """What the adapters use of a game's observation encoder
    (:mod:`bezique.envs.observation`), for a view or a state of its game."""

    @property
    def size(self) -> int: ...

    @property
    def shape(self) -> tuple[int]: ...

    def encode(self, view: Any) -> NDArray[np.float32]: ...

    def encode_state(self, state: Any, seat: int) -> NDArray[np.float32]: ...

    def span(self, name: str) -> slice: ...

    def seat_vector(self, seat: int) -> KeptVector: ...


class KeptVector(Protocol):
    """A seat's vector kept from one state to the next (``Encoder.seat_vector``):
    ``update(state)`` gives the vector of ``state``, read-only."""

    def update(self, state: Any) -> NDArray[np.float32]: ...
