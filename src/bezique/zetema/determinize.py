"""Determinization: a full Zetema state consistent with one seat's view.

The cards the seat cannot see (the deck less its hand, the tableau, both piles
and the cards the others have shown) are dealt at random to the other hands'
hidden places and to the stock. Future hands are dealt from a fresh seed, as
the view cannot know them either.

>>> from bezique import zetema
>>> from bezique.zetema.views import view_of
>>> state = zetema.new_game(zetema.ZETEMA, seed=3)
>>> guess = determinize(view_of(state, 0), seed=1)
>>> guess.hands[0] == state.hands[0], view_of(guess, 0) == view_of(state, 0)
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter

from bezique.errors import InvalidStateError, check_seed
from bezique.zetema.deck import deck_counts
from bezique.zetema.state import ZetemaState, public_fields
from bezique.zetema.views import ZetemaView

__all__ = ["determinize", "unseen"]


def unseen(view: ZetemaView) -> list[int]:
    """The cards ``view``'s seat cannot place, sorted: somewhere in the other hands
    (outside their shown cards) or the stock."""
    left = deck_counts(view.rules.imperial)
    left.subtract(view.hand)
    for pile in view.tableau:
        left.subtract(pile)
    left.subtract(view.marriage_pile)
    left.subtract(view.zetema_pile)
    for seat, cards in enumerate(view.shown):
        if seat != view.seat:
            left.subtract(cards)
    if any(n < 0 for n in left.values()):
        raise InvalidStateError("the view shows more copies of a card than the deck holds")
    return sorted(Counter(left).elements())


def determinize(view: ZetemaView, seed: int | str | None = None) -> ZetemaState:
    """A state the view cannot tell from the real one, drawn at random."""
    seed = check_seed(seed, "zetema.determinize()")
    rng = random.Random(seed)
    pool = unseen(view)
    rng.shuffle(pool)
    hands = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
            continue
        known = list(view.shown[seat])
        need = size - len(known)
        hands.append(tuple(sorted(known + pool[:need])))
        pool = pool[need:]
    if len(pool) != view.stock_size:
        raise InvalidStateError("the view's counts of hidden cards do not add up")
    return ZetemaState(
        rules=view.rules,
        seed=rng.randrange(2**63),
        hands=tuple(hands),
        stock=tuple(pool),
        **public_fields(view),
    )
