"""The one API of every game of the family: :class:`State` and :class:`View`.

A Bezique deal (:class:`bezique.DealState`), a Bezique game (:class:`bezique.GameState`)
and a Zetema hand or game (:class:`bezique.zetema.ZetemaState`) are all a
:class:`State`; a seat's view of any of them (:class:`bezique.SeatView`,
:class:`bezique.zetema.ZetemaView`) is a :class:`View`. A front end, a bot, a
simulation or a learning loop written against these two protocols serves every
preset of :func:`bezique.variants.names` without asking which game it is, as
OpenSpiel's ``State`` serves every game and python-chess's ``Board`` every variant.
What each game adds (Bezique's declarations, Zetema's tableau) is listed on the
documentation's page "One API for every game".

Both protocols are :func:`typing.runtime_checkable`: ``isinstance(state, bz.State)``
tells whether an object has the members (not their types).

>>> import bezique as bz
>>> for name in ("classic", "zetema"):
...     state = bz.new_deal(bz.variants.get(name), seed=1)
...     assert isinstance(state, bz.State)
...     while not state.is_over:
...         state = state.apply(state.legal_actions()[0])
...     print(name, state.side_scores, state.winners)
classic (90, 240) (1,)
zetema (140, 50) (0,)
"""

from __future__ import annotations

from typing import Any, Protocol, Self, TypeVar, runtime_checkable

from bezique.legality import Reason

__all__ = ["Score", "State", "Table", "View"]

#: The action type of a game (:data:`bezique.Action`, :data:`bezique.zetema.ZetemaAction`).
A = TypeVar("A")
#: The same, where a view only gives actions out.
A_co = TypeVar("A_co", covariant=True)


@runtime_checkable
class Score(Protocol):
    """A score an action made: ``points`` for ``seat`` (and so for its side). Each
    game's events say more (:class:`bezique.ScoreEvent` what for,
    :class:`bezique.zetema.ZetemaEvent` which combination)."""

    @property
    def seat(self) -> int: ...

    @property
    def points(self) -> int: ...


class Table(Protocol):
    """What a state and every seat's view of it both tell: the rules, the seats, whose
    turn it is, whether it is over and the scores, in the same words for every game."""

    @property
    def rules(self) -> Any:
        """The rules played (:class:`bezique.Rules`, :class:`bezique.zetema.ZetemaRules`)."""
        ...

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat to act; ``None`` once over."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Per seat, the points that count for it so far (in Zetema, where points
        belong to sides, each seat stands at its side's total)."""
        ...

    @property
    def side_scores(self) -> tuple[int, ...]:
        """Per side, the points so far (per seat where each seat plays alone)."""
        ...

    def render(self, *, symbols: bool | None = None) -> str:
        """Drawn as a text board: a state with every hand face up, a view as its seat
        sees it."""
        ...


@runtime_checkable
class View(Table, Protocol[A_co]):
    """What one seat may know of a game in progress: all a player or a seat's client
    is given. Its JSON: :func:`bezique.view_to_json`, :func:`bezique.view_from_json`."""

    @property
    def seat(self) -> int:
        """The seat whose view this is."""
        ...

    def legal_actions(self) -> tuple[A_co, ...]:
        """The seat's legal actions when it is to act (in the state's order), else empty."""
        ...


@runtime_checkable
class State(Table, Protocol[A]):
    """A game of the family in progress (or finished): an immutable value.

    Every action is validated; a refused one raises
    :class:`~bezique.IllegalActionError` with :class:`~bezique.Reason` codes and
    changes nothing. ``seat``, where a method takes it, is the seat that means to
    act: for any other seat nothing is legal (:attr:`Reason.NOT_YOUR_TURN`). Its
    JSON: :func:`bezique.state_to_json`, :func:`bezique.load_state`; its actions'
    text: :func:`bezique.parse_action`, :func:`bezique.format_action`.
    """

    @property
    def winners(self) -> tuple[int, ...]:
        """The sides that won, once over (several that share a tied win); empty while
        it goes on, and for a game drawn."""
        ...

    def legal_actions(self, *, seat: int | None = None) -> tuple[A, ...]:
        """Every legal action of the seat to act, each real choice once, in a
        documented deterministic order; empty once over."""
        ...

    def why_illegal(self, action: A, *, seat: int | None = None) -> tuple[Reason, ...]:
        """Why ``action`` is refused here; empty when it is legal."""
        ...

    def is_legal(self, action: A, *, seat: int | None = None) -> bool: ...

    def apply(self, action: A | str, *, seat: int | None = None) -> Self:
        """The state after ``action`` (or its text)."""
        ...

    def step(self, action: A | str, *, seat: int | None = None) -> tuple[Self, tuple[Score, ...]]:
        """As :meth:`apply`, with the scores the action made."""
        ...

    def view(self, seat: int) -> View[A]:
        """What ``seat`` may know."""
        ...
