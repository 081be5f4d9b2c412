"""Zetema test positions: a state built from the hands, tableau and piles a scenario
names, the rest of the 65 cards in the stock (or out of play, when the stock is to
be empty), so that the cards are always the deck's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bezique.zetema import ZETEMA, ZetemaRules, ZetemaState, parse_faces
from bezique.zetema.deck import deck_counts, rank_of
from bezique.zetema.state import COMBINE

__all__ = ["cards", "position"]


def cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_faces(text)))


def position(
    hands: Sequence[str],
    *,
    rules: ZetemaRules = ZETEMA,
    stock: str | None = "",
    tableau: str = "",
    marriage_pile: str = "",
    current_player: int = 0,
    dealer: int | None = None,
    side_scores: Sequence[int] | None = None,
) -> ZetemaState:
    """A state with ``current_player`` about to play (its draw made: its hand as given).

    ``stock`` lists the stock's top cards; the deck's other cards follow them in
    order. ``stock=None``: the stock is out, and the cards not named lie in the
    zetema pile (as if their ranks had been completed), so the deck is whole.
    """
    if len(hands) != rules.players:
        rules = rules.evolve(players=len(hands))
    held = [cards(h) for h in hands]
    laid = cards(tableau)
    piles: list[tuple[int, ...]] = [tuple(c for c in laid if rank_of(c) == r) for r in range(13)]
    married = cards(marriage_pile)
    named: Counter[int] = Counter(laid) + Counter(married)
    for hand in held:
        named.update(hand)
    top = tuple(parse_faces(stock)) if stock else ()
    named.update(top)
    if named - deck_counts(rules.imperial):
        raise ValueError("the position names more copies than the deck holds")
    rest = deck_counts(rules.imperial) - named
    remaining = tuple(sorted(rest.elements()))
    sides = rules.side_count
    return ZetemaState(
        rules=rules,
        seed=1,
        hand_number=1,
        dealer=(current_player - 1) % rules.players if dealer is None else dealer,
        hands=tuple(held),
        stock=top + remaining if stock is not None else (),
        tableau=tuple(piles),
        marriage_pile=married,
        zetema_pile=() if stock is not None else remaining,
        shown=tuple(() for _ in held),
        current_player=current_player,
        phase=COMBINE,
        required=(),
        side_scores=tuple(side_scores) if side_scores is not None else (0,) * sides,
        hand_scores=(0,) * sides,
        results=(),
        winners=(),
    )
