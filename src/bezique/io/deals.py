"""Deal records (``"format": "bezique-deal-record"``): the rules, the dealer, the deck
order and the actions of one deal, which replay it.

The deck is dealt and shuffled by the laws of dealing
(:func:`bezique.laws.dealing.shuffled_deck`, :func:`bezique.laws.dealing.deck_order`),
as :func:`bezique.new_deal` deals it.

>>> import bezique as bz
>>> start = bz.new_deal(bz.variants.CLASSIC, seed=3)
>>> record = record_deal(start, ["play 8S", "play AC", "draw"])
>>> DealRecord.from_json(record.to_json()).replay() == bz.play_many(
...     start, ["play 8S", "play AC", "draw"])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from bezique.actions import Action, parse_action_text
from bezique.cards import Card, card_id_name
from bezique.errors import (
    BeziqueError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
    check_seed,
    wrong_type,
)
from bezique.io.readers import (
    read_cards,
    read_header,
    read_ints,
    read_list,
    read_seat,
    read_str,
)
from bezique.io.rules_json import rules_from_dict, rules_to_dict
from bezique.io.text import dumps, loads
from bezique.io.writers import card_key, card_set
from bezique.laws import dealing
from bezique.laws.zones import bits
from bezique.notation import parse_action
from bezique.rules import Rules
from bezique.state import DealState, new_deal

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "DealRecord", "deck_order", "record_deal"]

#: The ``format`` of a deal record document.
RECORD_FORMAT = "bezique-deal-record"
#: The ``version`` of the deal records this release writes and reads.
RECORD_VERSION = 1

_RECORD_KEYS = ("format", "version", "rules", "dealer", "deck", "actions", "scores")


def deck_order(rules: Rules, seed: int | str) -> tuple[str, ...]:
    """The deck order, top first, that ``new_deal(rules, seed=seed)`` deals.

    >>> import bezique as bz
    >>> deck = deck_order(bz.variants.CLASSIC, 7)
    >>> bz.new_deal(bz.variants.CLASSIC, deck=deck) == bz.new_deal(bz.variants.CLASSIC, seed=7)
    True
    """
    if seed is None:  # shuffled_deck would take the operating system's randomness
        wrong_type("deck_order()", "seed", "an int or a str", seed)
    check_seed(seed, "deck_order()")
    return tuple(card_id_name(c) for c in dealing.shuffled_deck(rules, seed))


def _dealt_deck(state: DealState) -> tuple[str, ...]:
    """A deck order that deals exactly ``state`` (which must be as dealt).

    Each seat's packets are filled from its hand in card order: the order of
    cards within a hand is not kept by the state, and does not matter.
    """
    rules = state.rules
    n = rules.players
    pools = [sorted(bits(state._held_mask(s)), key=card_key) for s in range(n)]
    order: list[int] = []
    for packet in rules.deck.packets:
        for seat in dealing.seat_order(n, state.dealer + 1):
            order += pools[seat][:packet]
            pools[seat] = pools[seat][packet:]
    if state.turn_up is not None:
        order.append(state.turn_up)
    order += state.stock
    return tuple(card_id_name(c) for c in order)


def _deck_names(rules: Rules, deck: Sequence[int | str | Card]) -> tuple[str, ...]:
    """Physical names of a deck given as :func:`bezique.new_deal` takes it."""
    for i, item in enumerate(deck):
        if isinstance(item, bool) or not isinstance(item, (int, str, Card)):
            wrong_type("record_deal()", f"deck[{i}]", "an int, a str or a Card", item)
    try:
        order = dealing.deck_order(rules, deck)
    except NotationError as error:
        raise NotationError(f"deck: {error}") from None
    except BeziqueError as error:
        raise InvalidStateError(f"deck: {error}") from error
    return tuple(card_id_name(c) for c in order)


def _deal(rules: Rules, deck: Sequence[str], dealer: int) -> DealState:
    try:
        return new_deal(rules, deck=deck, dealer=dealer)
    except (NotationError, InvalidStateError):
        raise
    except BeziqueError as error:
        raise InvalidStateError(f"deck: {error}") from error


@attrs.frozen
class DealRecord:
    """One deal, replayable: the rules, the dealer, the deck order, the actions,
    and the scores they led to.

    ``deck`` lists the physical cards top first (``"QSa"``), as
    :func:`bezique.new_deal` takes them; ``actions`` are text forms
    (``"play QS[bezique]"``); ``scores`` are the scores after the last action.
    """

    rules: Rules
    dealer: int
    deck: tuple[str, ...]
    actions: tuple[str, ...]
    scores: tuple[int, ...]

    def initial_state(self) -> DealState:
        """The state as dealt."""
        return _deal(self.rules, self.deck, self.dealer)

    def replay(self) -> DealState:
        """Deal and play every action; return the final state.

        Raises :class:`~bezique.InvalidStateError` if an action does not parse
        or is illegal (naming it) or if the replayed scores differ from
        :attr:`scores`.
        """
        state = self.initial_state()
        for i, text in enumerate(self.actions):
            try:
                state = state.apply(text)
            except (IllegalActionError, NotationError) as error:
                raise InvalidStateError(f"actions[{i}] {text!r}: {error}") from error
        if state.scores != self.scores:
            raise InvalidStateError(
                f"scores: the record says {list(self.scores)}, but replaying its actions "
                f"gives {list(state.scores)}"
            )
        return state

    def to_dict(self) -> dict[str, Any]:
        """The record document as plain JSON data."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": rules_to_dict(self.rules),
            **self.body(),
        }

    def body(self) -> dict[str, Any]:
        """The deal's own keys of the document (``dealer``, ``deck``, ``actions``,
        ``scores``), without the rules: what a game record holds for each deal."""
        return {
            "dealer": self.dealer,
            "deck": list(self.deck),
            "actions": list(self.actions),
            "scores": list(self.scores),
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """The record document as JSON text (see :func:`~bezique.io.state_to_json` for
        ``indent``)."""
        return dumps(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: object) -> DealRecord:
        """Read a record from JSON data already parsed (see :meth:`from_json`)."""
        doc = read_header(data, RECORD_FORMAT, RECORD_VERSION, _RECORD_KEYS)
        record = cls.from_body(doc, rules_from_dict(doc["rules"]))
        # Only a record that replays is accepted: one the engine could have written.
        record.replay()
        return record

    @classmethod
    def from_body(cls, doc: Mapping[str, Any], rules: Rules, path: str = "") -> DealRecord:
        """Read the deal's own keys (see :meth:`body`) under ``rules``; ``path`` is put
        before the name of the field at fault in errors (``"deals[2]."``)."""
        dealer = read_seat(doc["dealer"], f"{path}dealer", rules.players)
        size = rules.deck_size
        deck = read_cards(doc["deck"], f"{path}deck", size)
        if sorted(deck) != list(range(size)):
            counts: dict[int, int] = {}
            for card in deck:
                counts[card] = counts.get(card, 0) + 1
            twice = card_set(c for c, k in counts.items() if k > 1)
            missing = card_set(c for c in range(size) if c not in counts)
            raise InvalidStateError(
                f"{path}deck: must list each of the {size} cards once; "
                + (f"listed twice: {' '.join(twice)}; " if twice else "")
                + (f"missing: {' '.join(missing)}" if missing else "")
            )
        actions: list[str] = []
        for i, item in enumerate(read_list(doc["actions"], f"{path}actions")):
            text = read_str(item, f"{path}actions[{i}]")
            try:
                action = parse_action_text(text)
            except NotationError as error:
                raise NotationError(f"{path}actions[{i}]: {error}") from None
            # Kept in the canonical text form, as record_deal writes it, so that a
            # record reads back equal whichever way it is written ("draw " is "draw").
            actions.append(str(action))
        scores = read_ints(doc["scores"], f"{path}scores")
        if len(scores) != rules.players:
            raise InvalidStateError(
                f"{path}scores: {len(scores)} scores for {rules.players} players"
            )
        return cls(
            rules=rules,
            dealer=dealer,
            deck=tuple(card_id_name(c) for c in deck),
            actions=tuple(actions),
            scores=scores,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> DealRecord:
        """Read a record document and check it by replaying it (:meth:`replay`).
        Raises :class:`~bezique.NotationError` or :class:`~bezique.InvalidStateError`
        as :func:`~bezique.io.load_state` does, and :class:`~bezique.InvalidStateError`
        as :meth:`replay` does for a record whose actions or scores do not replay."""
        return cls.from_dict(loads(text))


def record_deal(
    initial_state: DealState,
    actions: Iterable[Action | str],
    *,
    deck: Sequence[int | str | Card] | None = None,
) -> DealRecord:
    """Play ``actions`` from a freshly dealt state and record the deal.

    ``deck`` is the order the state was dealt from (as given to
    :func:`bezique.new_deal`, or :func:`deck_order` for a seeded deal). Without
    it the record holds a deck order rebuilt from the dealt hands, which deals
    the same state. Actions given as text are recorded in their canonical text
    form. Raises :class:`~bezique.InvalidStateError` if ``initial_state`` is
    not a state as dealt (or not the one ``deck`` deals), and
    :class:`~bezique.IllegalActionError` if an action is illegal.

    >>> import bezique as bz
    >>> start = bz.new_deal(bz.variants.CLASSIC, seed=3)
    >>> record = record_deal(start, ["play 8S", "play AC", "draw"])
    >>> DealRecord.from_json(record.to_json()).replay() == start.apply("play 8S").apply(
    ...     "play AC").apply("draw")
    True
    """
    rules = initial_state.rules
    fresh = not (
        initial_state.tricks or initial_state.trick or initial_state.window or initial_state.melds
    )
    if deck is None:
        if not fresh:
            raise InvalidStateError("record_deal needs the state as dealt (no card played yet)")
        names = _dealt_deck(initial_state)
    else:
        names = _deck_names(rules, deck)
    if _deal(rules, names, initial_state.dealer) != initial_state:
        raise InvalidStateError(
            "record_deal needs the state as dealt"
            + (" from this deck" if deck is not None else " (no card played yet)")
        )
    state = initial_state
    texts: list[str] = []
    for action in actions:
        if isinstance(action, str):
            action = parse_action(state, action)
        state = state.apply(action)
        texts.append(str(action))
    return DealRecord(
        rules=rules,
        dealer=initial_state.dealer,
        deck=names,
        actions=tuple(texts),
        scores=state.scores,
    )
