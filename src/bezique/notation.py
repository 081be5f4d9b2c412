"""Text forms of actions, read against a state.

:func:`parse_action` reads the text form of :mod:`bezique.actions` and, for
convenience, lets a bare face name a declared card when the player holds no
copy of that face in the concealed hand and all held copies share one
history::

    >>> import bezique as bz
    >>> state = bz.new_deal(bz.variants.CLASSIC, deck=range(64))
    >>> str(parse_action(state, "play 10S"))
    'play TS'
"""

from __future__ import annotations

from bezique.actions import Action, CardRef, Declare, Play, parse_action_text
from bezique.engine.fields import DealFields
from bezique.laws.zones import bits, deck_tables

__all__ = ["format_action", "parse_action"]


def parse_action(state: DealFields, text: str) -> Action:
    """Parse an action's text form for the player to move in ``state``.

    Raises :class:`~bezique.NotationError` if the text does not parse. The
    action is not checked for legality: :meth:`DealState.apply` does that.
    """
    action = parse_action_text(text)
    seat = state.current_player
    if seat is None:
        return action
    if isinstance(action, Play):
        return Play(_resolve_bare(state, seat, action.card))
    if isinstance(action, Declare):
        return Declare(action.kind, tuple(_resolve_bare(state, seat, c) for c in action.cards))
    return action


def _resolve_bare(state: DealFields, seat: int, ref: CardRef) -> CardRef:
    if ref.history:
        return ref
    held = state.held_mask(seat)
    copies = bits(held & deck_tables(state.rules.deck.packs).face_mask[ref.card.index])
    histories = {state.history[c] for c in copies}
    if copies and 0 not in histories and len(histories) == 1:
        return state.card_ref(copies[0])
    return ref


def format_action(action: Action, *, symbols: bool = False) -> str:
    """The text form of an action; with ``symbols``, cards as ``Q♠``."""
    if not symbols:
        return str(action)
    if isinstance(action, Play):
        return f"play {action.card.display()}"
    if isinstance(action, Declare):
        return f"declare {action.kind.value} " + " ".join(c.display() for c in action.cards)
    return str(action)
