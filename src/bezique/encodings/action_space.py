"""A fixed, finite action space per rule set: every action as an integer id.

Learning code wants actions as integers in a range fixed before the deal starts,
with a mask of the legal ones. :class:`ActionSpace` numbers every action a rule
set can ever produce; its size depends on the rules only (see the page "The
action space and the observations" of the documentation for the figures).

An id names an action by what a player sees in it, never by a physical card:

* ``draw``, ``pass``, ``exchange``, ``show-carte-blanche``, ``pass-to-partner``:
  one id each;
* ``play``: the face, and whether the card has been declared (a card with a
  declaration history, on the table or back in the hand) or is *fresh*;
* ``declare``: the meld kind and, for each of its cards, the face and whether it
  has been declared before;
* ``score`` (a pending meld, FOS p.326): the kind and faces of that meld.

Two legal actions share an id only when they agree on all of that and differ in
the declaration histories of declared cards (or the melds those cards lie in,
under Rubicon's re-forming, or, in Polish Bezique, which of alike cards won a
declaration takes: :attr:`CardRef.just_won`). :meth:`ActionSpace.action_from_id` then gives the
first of them in the engine's order of :meth:`bezique.DealState.legal_actions`,
and :meth:`ActionSpace.choices` lists them all, for a second choice.

>>> import bezique as bz
>>> space = ActionSpace.of(bz.variants.CLASSIC)
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=1)
>>> ids = space.legal_ids(state)
>>> [str(space.action_from_id(state, i)) for i in ids] == [
...     str(a) for a in state.legal_actions()
... ]
True
>>> space.describe(space.action_id(bz.parse_action(state, "play QS")))
'play QS'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload

import attrs

from bezique.actions import (
    ACTION_TYPES,
    Action,
    CardRef,
    Declare,
    Draw,
    Exchange,
    Pass,
    PassToPartner,
    Play,
    ScorePending,
    ShowCarteBlanche,
)
from bezique.cards import FACES, FACES_PER_PACK, Card, Rank, Suit
from bezique.encodings.ids import action_ids
from bezique.errors import (
    IllegalActionError,
    InvalidStateError,
    NotationError,
    require_int,
    shown,
    wrong_type,
)
from bezique.laws.declaring import meld_patterns
from bezique.legality import Reason
from bezique.records import DeclaredMeld
from bezique.rules import DeclarationLimit, Rules
from bezique.rules.melds import MeldKind
from bezique.state import DealState, PerfectInformationView
from bezique.views import SeatView

if TYPE_CHECKING:
    from bezique.zetema.action_space import ZetemaActionSpace
    from bezique.zetema.rules import ZetemaRules

__all__ = ["ActionSpace", "HasLegalActions", "IdSpace", "action_key", "serve_game"]

#: The positions an action space reads (a deal, a seat's view, the whole deal's view).
_POSITIONS = (DealState, SeatView, PerfectInformationView)

#: The action space of the other games of the family, by the type of their rules.
#: This module sits below them in the layers, so :mod:`bezique.variants`, which
#: knows every game, fills it from its registry (:func:`serve_game`).
_OTHER_GAMES: dict[type, Callable[[Any], Any]] = {}


def serve_game(rules_type: type, make: Callable[[Any], Any]) -> None:
    """Let :meth:`ActionSpace.of` give ``make(rules)`` for rules of ``rules_type``."""
    _OTHER_GAMES[rules_type] = make


class HasLegalActions(Protocol):
    """What the action space reads of a position: a :class:`bezique.DealState` or
    a :class:`bezique.SeatView` (whose legal actions are its seat's)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def melds(self) -> tuple[DeclaredMeld, ...]: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> tuple[Action, ...]: ...


#: A card of an id, as (face index, whether it has been declared).
_Part = tuple[int, bool]
#: What an id stands for, as (verb, kind or "", cards).
Key = tuple[str, str, tuple[_Part, ...]]

_SIMPLE: tuple[tuple[type[Action], Action], ...] = (
    (Draw, Draw()),
    (Pass, Pass()),
    (Exchange, Exchange()),
    (ShowCarteBlanche, ShowCarteBlanche()),
    (PassToPartner, PassToPartner()),
)
_SIMPLE_VERBS = {cls: str(action) for cls, action in _SIMPLE}


def _part(card: CardRef) -> _Part:
    return (card.card.index, bool(card.history))


def action_key(action: Action, melds: Sequence[DeclaredMeld] = ()) -> Key:
    """What the id of ``action`` stands for (see the module docstring). A
    :class:`ScorePending` is read through ``melds``, the position's melds."""
    if isinstance(action, Play):
        return ("play", "", (_part(action.card),))
    if isinstance(action, Declare):
        return ("declare", action.kind.value, tuple(sorted(map(_part, action.cards))))
    if isinstance(action, ScorePending):
        if not 0 <= action.meld < len(melds):
            raise IllegalActionError(action, (Reason.NO_SUCH_PENDING_MELD,))
        meld = melds[action.meld]
        faces = sorted((card % FACES_PER_PACK, False) for card in meld.cards)
        return ("score", meld.kind.value, tuple(faces))
    return (_SIMPLE_VERBS[type(action)], "", ())


class _Ends(Protocol):
    """A position of any game: it knows whether its deal (or hand) is over."""

    @property
    def is_over(self) -> bool: ...


#: A game's positions (its states and views) and its actions.
P = TypeVar("P", bound=_Ends)
A = TypeVar("A")


class IdSpace(Generic[P, A]):
    """What the fixed action space of every game of the family does with the ids of a
    position's legal actions; each game's space gives them (``_ids``), checks an id
    (``_checked_id``), says one in words (``describe``) and knows its ``size``."""

    __slots__ = ()

    @property
    def size(self) -> int:
        raise NotImplementedError

    def _ids(self, position: P) -> tuple[tuple[A, ...], tuple[int, ...]]:
        raise NotImplementedError

    def _checked_id(self, action_id: int) -> int:
        raise NotImplementedError

    def describe(self, action_id: int) -> str:
        raise NotImplementedError

    def legal_with_ids(self, position: P) -> tuple[tuple[A, ...], tuple[int, ...]]:
        """The legal actions of ``position`` in the engine's order, and the id of each
        (one id may stand for several actions: see :meth:`choices`). One reading gives
        what :meth:`legal_ids` and :meth:`action_from_id` read: the action of an id is
        the first with that id (an environment keeps both from its observation to its
        step)."""
        return self._ids(position)

    def legal_ids(self, position: P) -> tuple[int, ...]:
        """The ids of the legal actions of ``position``, each once, in increasing order."""
        return tuple(sorted(set(self._ids(position)[1])))

    def legal_mask(self, position: P) -> tuple[bool, ...]:
        """One flag per id, true for the ids of :meth:`legal_ids`."""
        mask = [False] * self.size
        for i in self._ids(position)[1]:
            mask[i] = True
        return tuple(mask)

    def choices(self, position: P, action_id: int) -> tuple[A, ...]:
        """The legal actions of ``position`` that have id ``action_id``, in the
        engine's order; empty if none has. Several only where legal actions differ
        in what the id leaves out (in Bezique, the declaration histories of declared
        cards of the second stage)."""
        self._checked_id(action_id)
        legal, ids = self._ids(position)
        return tuple(a for a, i in zip(legal, ids, strict=True) if i == action_id)

    def action_from_id(self, position: P, action_id: int) -> A:
        """The legal action of ``position`` with id ``action_id``: the first of
        :meth:`choices` in the engine's order. An id with no legal action now
        raises :class:`~bezique.IllegalActionError` (the position is unchanged)."""
        self._checked_id(action_id)
        legal, ids = self._ids(position)
        if action_id not in ids:
            reasons = (Reason.DEAL_OVER,) if position.is_over else ()
            raise IllegalActionError(self.describe(action_id), reasons)
        # The first in the engine's order: what choices() would give first.
        return legal[ids.index(action_id)]


@attrs.frozen(eq=False)
class ActionSpace(IdSpace[HasLegalActions, Action]):
    """The actions of one rule set, numbered ``0 .. size - 1``; build with :meth:`of`.

    The numbering is fixed by the rules: the simple actions (``draw``, ``pass``,
    ``exchange``, ``show-carte-blanche``, ``pass-to-partner``), then the plays (face
    by face, fresh then declared), then the declarations (by kind, then by cards),
    then, where pending melds exist (:attr:`bezique.DeclarationLimit.ONE_SCORED_REST_PENDING`),
    the scoring of a pending meld.
    """

    rules: Rules
    #: What each id stands for, in id order.
    keys: tuple[Key, ...] = attrs.field(repr=False)
    _index: dict[Key, int] = attrs.field(repr=False)
    #: The id of each play, by ``2 * face + declared`` (the action a learner takes
    #: most, read without building its key); empty if the keys lack a play.
    _plays: tuple[int, ...] = attrs.field(init=False, repr=False)
    #: The legal actions of the last position read and their ids, so that asking for
    #: the ids of a position and then acting on it reads its actions once (a state
    #: keeps its legal actions, so the same tuple comes back).
    _last: list[tuple[tuple[Action, ...], tuple[int, ...]]] = attrs.field(factory=list, repr=False)

    @_plays.default
    def _play_ids(self) -> tuple[int, ...]:
        keys = [("play", "", ((f, d),)) for f in range(FACES_PER_PACK) for d in (False, True)]
        if not all(key in self._index for key in keys):
            return ()
        return tuple(self._index[key] for key in keys)

    @overload
    @classmethod
    def of(cls, rules: Rules) -> ActionSpace: ...
    @overload
    @classmethod
    def of(cls, rules: ZetemaRules) -> ZetemaActionSpace: ...
    @classmethod
    def of(cls, rules: Rules | ZetemaRules) -> ActionSpace | ZetemaActionSpace:
        """The action space of ``rules`` (made once per rule set and kept with it), of
        any game of the family: Zetema's is a
        :class:`~bezique.zetema.action_space.ZetemaActionSpace`, with the same API."""
        if isinstance(rules, Rules):
            return rules.derived(_make_space)
        make = _OTHER_GAMES.get(type(rules))
        if make is None:
            wrong_type(
                "ActionSpace.of()", "rules", "the rules of a game (see bezique.variants.get)", rules
            )
        space: ActionSpace | ZetemaActionSpace = make(rules)
        return space

    @property
    def size(self) -> int:
        """How many ids there are."""
        return len(self.keys)

    def counts(self) -> dict[str, int]:
        """How many ids each verb has (``play``, ``declare``, ``score``, ``draw``...)."""
        out: dict[str, int] = {}
        for verb, _, _ in self.keys:
            out[verb] = out.get(verb, 0) + 1
        return out

    def action_id(self, action: Action, position: HasLegalActions | None = None) -> int:
        """The id of ``action``. Scoring a pending meld is read in ``position`` (the
        state or view it is legal in), which must then be given."""
        if not isinstance(action, ACTION_TYPES):
            wrong_type("ActionSpace.action_id()", "action", "an Action (Play, Declare...)", action)
        if position is not None:
            self._check(position)
        if isinstance(action, ScorePending):
            if position is None:
                raise IllegalActionError(action, (Reason.NO_SUCH_PENDING_MELD,))
            key = action_key(action, position.melds)
        else:
            key = action_key(action)
        found = self._index.get(key)
        if found is None:
            # Only an action these rules can never produce has no id.
            raise IllegalActionError(action, (Reason.KIND_NOT_IN_VARIANT,))
        return found

    def _ids(self, position: HasLegalActions) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        """The legal actions of ``position`` and the id of each."""
        if not isinstance(position, _POSITIONS) or position.rules is not self.rules:
            self._check(position)
        legal = position.legal_actions()
        last = self._last
        if last and last[0][0] is legal:
            return last[0]
        melds = position.melds
        ids = action_ids(legal, melds, self._index, self._plays, action_key)
        if len(ids) < len(legal):
            # The enumeration missed an action the engine produces: a fault of the
            # library, named as such rather than left to a KeyError.
            action = legal[len(ids)]
            raise InvalidStateError(
                f"legal action {action} has no id in the action space of "
                f"{self.rules.name} ({action_key(action, melds)})"
            )
        found = (legal, tuple(ids))
        last[:] = [found]
        return found

    def describe(self, action_id: int) -> str:
        """The id in words, in the notation of actions: ``play QS``,
        ``play QS[declared]``, ``declare bezique QS JD[declared]``, ``score four-aces
        AS AH AD AC``, ``draw``."""
        verb, kind, parts = self.keys[self._checked_id(action_id)]
        cards = " ".join(str(FACES[f]) + ("[declared]" if d else "") for f, d in parts)
        return " ".join(word for word in (verb, kind, cards) if word)

    def _checked_id(self, action_id: int) -> int:
        require_int(action_id, "ActionSpace", "action_id")
        if not 0 <= action_id < self.size:
            raise NotationError(
                f"no action id {shown(action_id)}: the ids of {self.rules.name} are "
                f"0..{self.size - 1}"
            )
        return action_id

    def _check(self, position: HasLegalActions) -> None:
        if not isinstance(position, _POSITIONS):
            # A game is not one: its deal is (GameState.deal).
            wrong_type(
                "ActionSpace", "position", "a position (a DealState or a SeatView)", position
            )
        if position.rules is not self.rules and position.rules != self.rules:
            raise NotationError(
                f"a position of {position.rules.name} read with the action space of "
                f"{self.rules.name}"
            )


def _make_space(rules: Rules) -> ActionSpace:
    keys: list[Key] = [(verb, "", ()) for verb in _SIMPLE_VERBS.values()]
    keys.extend(
        ("play", "", ((face, declared),))
        for face in range(FACES_PER_PACK)
        for declared in (False, True)
    )
    melds = sorted(set(_meld_faces(rules)), key=lambda m: (_KIND_ORDER[m[0]], m[1]))
    for kind, faces in melds:
        keys.extend(("declare", kind.value, parts) for parts in _origins(faces))
    if rules.declarations.limit is DeclarationLimit.ONE_SCORED_REST_PENDING:
        keys.extend(
            ("score", kind.value, tuple((f, False) for f in faces)) for kind, faces in melds
        )
    return ActionSpace(rules, tuple(keys), {key: i for i, key in enumerate(keys)})


_KIND_ORDER = {kind: i for i, kind in enumerate(MeldKind)}


def _meld_faces(rules: Rules) -> Iterator[tuple[MeldKind, tuple[int, ...]]]:
    """Every (kind, sorted face indexes) a declaration of these rules may show, under
    any trump suit or none, no face more often than the deck holds it."""
    packs = rules.deck.packs
    for kind in rules.meld_kinds:
        for trump in (None, *Suit):
            for pattern in meld_patterns(rules, kind, trump):
                if pattern.rank is None:
                    yield kind, tuple(sorted(face.index for face in pattern.faces))
                    continue
                yield from (
                    (kind, combo)
                    for combo in itertools.combinations_with_replacement(
                        _rank_faces(pattern.rank), pattern.count
                    )
                    if max(combo.count(f) for f in combo) <= packs
                )


def _rank_faces(rank: Rank) -> tuple[int, ...]:
    return tuple(Card(suit, rank).index for suit in Suit)


def _origins(faces: tuple[int, ...]) -> Iterator[tuple[_Part, ...]]:
    """Every way the cards of these faces may be fresh or declared: for a face
    shown ``n`` times, ``0 .. n`` of its cards declared."""
    counts = {face: faces.count(face) for face in dict.fromkeys(faces)}
    ranges = [range(n + 1) for n in counts.values()]
    for declared in itertools.product(*ranges):
        parts: list[_Part] = []
        for (face, n), d in zip(counts.items(), declared, strict=True):
            parts.extend([(face, False)] * (n - d) + [(face, True)] * d)
        yield tuple(sorted(parts))
