"""Zetema's fixed action space: every action as an integer id, as
:class:`bezique.encodings.action_space.ActionSpace` numbers Bezique's.

``ActionSpace.of(rules)`` gives it for a :class:`~bezique.zetema.ZetemaRules` (the
registry of games, :mod:`bezique.variants`, picks this class); its API is
:class:`~bezique.encodings.action_space.ActionSpace`'s. The numbering depends on the imperial
suit only; it has 1950 ids:

* ``discard``: one id per face, **ids 0 to 51, the id is the face**;
* ``declare`` a sequence, flush or flush sequence: the kind, and the card of the
  hand it *keeps back*, or none: 3 kinds times 53;
* ``declare`` an assembly: the rank (its five cards are all the deck has), 13;
* ``marry``: the kings and queens from the hand and those from the tableau, every
  split the deck allows (one or two marriages in the imperial suit, one in each
  other suit, at least one card from the hand, S003): 1726.

A six-card combination is named by the card it keeps back because naming its
cards would take 52,402 ids under :data:`~bezique.zetema.ZETEMA`, 32,736 of them
sequences (six ranks in a row, each of any of four suits): a policy over that many
outputs, nearly all of them never legal, is the cost the learning adapters should
not pass on. The mover holds at
most seven cards when it may declare (six, drawn to seven; the state documents
refuse more), so the six cards it declares are its hand less one card or less
none, and that card names them without loss: in every position each legal action
has its own id, and the id gives it back. Such an id means a set of cards only
in its position, as ``score`` ids do in Bezique: :meth:`ZetemaActionSpace.action_id`
of a declaration needs the position.

>>> import bezique as bz
>>> rules = bz.variants.get("zetema")
>>> space = bz.ActionSpace.of(rules)
>>> state = bz.new_deal(rules, seed=3)
>>> ids = space.legal_ids(state)
>>> sorted(map(str, (space.action_from_id(state, i) for i in ids))) == sorted(
...     map(str, state.legal_actions())
... )
True
>>> space.size, space.describe(ids[0])
(1950, 'discard 2D')
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator

import attrs

from bezique.encodings.action_space import IdSpace
from bezique.errors import (
    IllegalActionError,
    InvalidStateError,
    NotationError,
    require,
    require_int,
    shown,
    wrong_type,
)
from bezique.legality import Reason
from bezique.zetema.deck import FACE_COUNT, KING, QUEEN, face, faces_text
from bezique.zetema.laws import ASSEMBLY, COMBINATION_KINDS, MOST_MARRIAGES
from bezique.zetema.rules import ZetemaRules
from bezique.zetema.state import Declare, Discard, Marry, ZetemaAction, ZetemaState
from bezique.zetema.views import ZetemaView

__all__ = ["SIX_CARD_KINDS", "Key", "ZetemaActionSpace", "action_key"]

#: The combinations of six cards, named by the card they keep back.
SIX_CARD_KINDS = tuple(kind for kind in COMBINATION_KINDS if kind != ASSEMBLY)

#: What an id stands for, as (verb, kind or "", cards, more cards), one of
#: ``("discard", "", (card,), ())``; ``("declare", kind, (), kept)`` for a six-card
#: combination, ``kept`` the card kept back or ``()``; ``("declare", "assembly",
#: cards, ())``; ``("marry", "", from the hand, from the tableau)``.
Key = tuple[str, str, tuple[int, ...], tuple[int, ...]]

#: A position the space reads, a state (the mover's hand) or a seat's view (its hand).
Position = ZetemaState | ZetemaView


def _hand(position: Position) -> tuple[int, ...]:
    if isinstance(position, ZetemaState):
        return position.mover_hand()
    return position.hand


def action_key(action: ZetemaAction, hand: tuple[int, ...] | None = None) -> Key:
    """What the id of ``action`` stands for (see the module docstring). A six-card
    :class:`~bezique.zetema.Declare` is read against ``hand``, the mover's."""
    if isinstance(action, Discard):
        return ("discard", "", (action.card,), ())
    if isinstance(action, Marry):
        return ("marry", "", action.hand, action.tableau)
    if not isinstance(action, Declare):
        wrong_type("action_key()", "action", "a Zetema action (Declare, Marry, Discard)", action)
    if action.kind == ASSEMBLY:
        return ("declare", ASSEMBLY, action.cards, ())
    if hand is None:
        raise NotationError(
            f"the id of {action} names the card it keeps back from the hand: "
            "give the position it is played in"
        )
    if Counter(action.cards) - Counter(hand):
        raise IllegalActionError(action, (Reason.CARD_NOT_HELD,))
    kept = tuple(sorted((Counter(hand) - Counter(action.cards)).elements()))
    if len(kept) > 1:
        # Only a hand the laws never deal (eight cards or more) keeps back two.
        raise InvalidStateError(
            f"a hand of {len(hand)} cards: a declaration of six keeps back {len(kept)}, "
            "and the action space names one (a turn holds at most seven cards)"
        )
    return ("declare", action.kind, (), kept)


@attrs.frozen(eq=False)
class ZetemaActionSpace(IdSpace[Position, ZetemaAction]):
    """The actions of Zetema, numbered ``0 .. size - 1``; build with
    :meth:`bezique.ActionSpace.of` (or :meth:`of`).

    The numbering: the discards (by face), then the six-card declarations (by kind:
    flush sequence, flush, sequence; keeping back nothing, then each face), the
    assemblies (by rank), then the marriages (by number, then the hand's cards, then
    the tableau's, the order of :meth:`~bezique.zetema.ZetemaState.legal_actions`).
    """

    rules: ZetemaRules
    #: What each id stands for, in id order.
    keys: tuple[Key, ...] = attrs.field(repr=False)
    _index: dict[Key, int] = attrs.field(repr=False)
    #: The legal actions of the last position read and their ids (a learner asks for
    #: the ids of a position and then acts on it).
    _last: list[tuple[Position, tuple[ZetemaAction, ...], tuple[int, ...]]] = attrs.field(
        factory=list, repr=False
    )

    @classmethod
    def of(cls, rules: ZetemaRules) -> ZetemaActionSpace:
        """The action space of ``rules`` (made once per rule set)."""
        require(rules, ZetemaRules, "ZetemaActionSpace.of()", "rules", "a ZetemaRules")
        return _make_space(rules)

    @property
    def size(self) -> int:
        """How many ids there are."""
        return len(self.keys)

    def counts(self) -> dict[str, int]:
        """How many ids each verb has (``discard``, ``declare``, ``marry``)."""
        return dict(Counter(verb for verb, _, _, _ in self.keys))

    def action_id(self, action: ZetemaAction, position: Position | None = None) -> int:
        """The id of ``action``. A declaration of six cards is read in ``position``
        (the state or view it is played in), which must then be given."""
        hand = None if position is None else _hand(self._check(position))
        found = self._index.get(action_key(action, hand))
        if found is None:
            # Only an action no position can make has no id: not kings and queens
            # that pair up, more copies than the deck holds.
            raise IllegalActionError(action, (Reason.NOT_A_MELD,))
        return found

    def _ids(self, position: Position) -> tuple[tuple[ZetemaAction, ...], tuple[int, ...]]:
        """The legal actions of ``position`` and the id of each."""
        self._check(position)
        last = self._last
        if last and last[0][0] is position:
            return last[0][1], last[0][2]
        legal = position.legal_actions()
        hand = _hand(position)
        index = self._index
        ids = []
        for action in legal:
            key = action_key(action, hand)
            if key not in index:
                # The enumeration missed an action the laws produce: a fault of the
                # library, named as such rather than left to a KeyError.
                raise InvalidStateError(f"legal action {action} has no id in Zetema's space")
            ids.append(index[key])
        found = tuple(ids)
        last[:] = [(position, legal, found)]
        return legal, found

    def describe(self, action_id: int) -> str:
        """The id in words: ``discard KS``, ``declare flush without KS`` (the hand
        less KS), ``declare sequence`` (the whole hand), ``declare assembly KS KS KH
        KD KC``, ``marry KS QS / KH QH`` (the tableau's cards after the slash)."""
        verb, kind, cards, more = self.keys[self._checked_id(action_id)]
        if verb == "marry":
            return str(Marry(cards, more))
        if verb == "declare" and kind != ASSEMBLY:
            return f"declare {kind}" + (f" without {faces_text(more)}" if more else "")
        return " ".join(word for word in (verb, kind, faces_text(cards)) if word)

    def _checked_id(self, action_id: int) -> int:
        require_int(action_id, "ZetemaActionSpace", "action_id")
        if not 0 <= action_id < self.size:
            raise NotationError(
                f"no action id {shown(action_id)}: the ids of Zetema are 0..{self.size - 1}"
            )
        return action_id

    def _check(self, position: object) -> Position:
        if not isinstance(position, (ZetemaState, ZetemaView)):
            wrong_type("ZetemaActionSpace", "position", "a ZetemaState or ZetemaView", position)
        if position.rules.imperial is not self.rules.imperial:
            raise NotationError(
                f"a position with the imperial suit {position.rules.imperial.name.lower()} "
                f"read with the action space of {self.rules.imperial.name.lower()}"
            )
        return position


@functools.cache
def _make_space(rules: ZetemaRules) -> ZetemaActionSpace:
    keys: list[Key] = [("discard", "", (card,), ()) for card in range(FACE_COUNT)]
    for kind in SIX_CARD_KINDS:
        keys.append(("declare", kind, (), ()))
        keys.extend(("declare", kind, (), (card,)) for card in range(FACE_COUNT))
    copies = [2 if suit == int(rules.imperial) else 1 for suit in range(4)]
    for rank in range(13):
        cards = tuple(sorted(face(rank, s) for s in range(4) for _ in range(copies[s])))
        keys.append(("declare", ASSEMBLY, cards, ()))
    keys.extend(("marry", "", hand, laid) for hand, laid in _marriages(copies))
    return ZetemaActionSpace(rules, tuple(keys), {key: i for i, key in enumerate(keys)})


def _marriages(copies: list[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every declaration of marriages the deck allows, as (hand, tableau): per suit
    ``m`` marriages (up to the copies of its king and queen), of whose kings ``kh``
    and queens ``qh`` come from the hand; at least one card from the hand. By number
    of marriages, then the hand's cards, then the tableau's."""
    per_suit = []
    for suit, n in enumerate(copies):
        king, queen = face(KING, suit), face(QUEEN, suit)
        per_suit.append(
            [
                (m, (king,) * kh + (queen,) * qh, (king,) * (m - kh) + (queen,) * (m - qh))
                for m in range(n + 1)
                for kh in range(m + 1)
                for qh in range(m + 1)
            ]
        )
    found = []
    for parts in itertools.product(*per_suit):
        count = sum(p[0] for p in parts)
        hand = tuple(sorted(c for p in parts for c in p[1]))
        if hand and count <= MOST_MARRIAGES:
            found.append((count, hand, tuple(sorted(c for p in parts for c in p[2]))))
    found.sort()
    for _, hand, laid in found:
        yield hand, laid
