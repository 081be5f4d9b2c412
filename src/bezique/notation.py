"""Text forms of actions, read against a state or a seat's view.

:func:`parse_action` reads the text form of :mod:`bezique.actions` and, for
convenience, lets a bare face name a declared card when the player holds no
copy of that face in the concealed hand and all held copies are named alike
(one history, the same melds broken)::

    >>> import bezique as bz
    >>> state = bz.new_deal(bz.variants.CLASSIC, deck=range(64))
    >>> str(parse_action(state, "play 10S"))
    'play TS'

It reads text against a :class:`~bezique.SeatView` as well, so that a client
holding only a view can read what its player types; a bare face is then
resolved against the cards of the view's own seat, the only hand it sees::

    >>> view = state.view(state.current_player)
    >>> parse_action(view, "play 10S") == parse_action(state, "play 10S")
    True
"""

from __future__ import annotations

from bezique.actions import ACTION_TYPES, Action, CardRef, Declare, Play, parse_action_text
from bezique.cards import Card, face_of
from bezique.engine.fields import DealFields
from bezique.errors import require
from bezique.laws.zones import bits, deck_tables
from bezique.records import TableCard
from bezique.views import SeatView

__all__ = ["format_action", "parse_action"]


def parse_action(source: DealFields | SeatView, text: str) -> Action:
    """Parse an action's text form, typed by the seat to act in a state or by the
    seat of a view.

    ``source`` is a deal state (the player to move types) or a
    :class:`~bezique.SeatView` (its seat types, whether or not it is to act:
    applying the action then tells). For the seat to act, a state and its view
    give the same action. Raises :class:`~bezique.NotationError` if the text
    does not parse. The action is not checked for legality:
    :meth:`DealState.apply` does that.
    """
    require(source, (DealFields, SeatView), "parse_action()", "source", "a DealState or SeatView")
    require(text, str, "parse_action()", "text", "a str")
    action = parse_action_text(text)
    if isinstance(action, Play):
        return Play(_resolve_bare(source, action.card))
    if isinstance(action, Declare):
        return Declare(action.kind, tuple(_resolve_bare(source, c) for c in action.cards))
    return action


def _resolve_bare(source: DealFields | SeatView, ref: CardRef) -> CardRef:
    """A bare face names the declared copies the typing seat holds of it, when it
    holds no concealed copy and all its copies are named alike (one history, the
    same melds broken); otherwise the face stays bare (a concealed card, or one not
    held). No seat types in a state whose deal is over."""
    if ref.history or ref.just_won is not None:
        return ref
    copies = set(_copies(source, ref.card))
    if len(copies) == 1:
        (only,) = copies
        if only.history:
            return only
    return ref


def _copies(source: DealFields | SeatView, face: Card) -> list[CardRef]:
    """How actions name each copy of ``face`` held (in hand or on the table) by the
    seat that types: the view's seat, or the state's seat to act."""
    if isinstance(source, SeatView):
        seat = source.seat
        # Hand cards keep a history only in the end phase, when melding goes on (S003).
        kinds = {t.card: t for t in source.hand_kinds[seat]} if source.hand_kinds else {}
        refs = [
            _ref(kinds[c]) if c in kinds else CardRef(face)
            for c in source.hand
            if face_of(c) == face
        ]
        return refs + [_ref(t) for t in source.tables[seat] if face_of(t.card) == face]
    to_act = source.current_player
    if to_act is None:
        return []
    held = source._held_mask(to_act) & deck_tables(source.rules.deck.packs).face_mask[face.index]
    return [source._card_ref(c) for c in bits(held)]


def _ref(entry: TableCard) -> CardRef:
    return CardRef(face_of(entry.card), entry.history, entry.broken)


def format_action(action: Action, *, symbols: bool = False) -> str:
    """The text form of an action for people: a declaration's cards in the order
    melds are shown (:attr:`bezique.Card.display_key`); with ``symbols``, cards
    as ``Q♠``. :func:`parse_action` reads it back; ``str(action)`` is the
    canonical form, cards by face, that the JSON forms store.

    >>> marriage = parse_action_text("declare common-marriage QS KS")
    >>> str(marriage)
    'declare common-marriage QS KS'
    >>> format_action(marriage), format_action(marriage, symbols=True)
    ('declare common-marriage KS QS', 'declare common-marriage K♠ Q♠')
    """
    require(action, ACTION_TYPES, "format_action()", "action", "an Action")
    if isinstance(action, Declare):
        cards = action.display_cards()
        shown = (c.display() for c in cards) if symbols else map(str, cards)
        return f"declare {action.kind.value} " + " ".join(shown)
    if isinstance(action, Play) and symbols:
        return f"play {action.card.display()}"
    return str(action)
