"""Perft for Zetema: the number of action sequences of each length from a fixed deal,
for two and three players. At every node the engine's legal actions are checked
against a separate brute-force enumeration written here from the rules alone
(every sub-multiset of the hand, and of the hand's and tableau's kings and
queens), so the golden counts are cross-checked, not just recorded."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from zetema_positions import position

from bezique.zetema import ZETEMA, Declare, Discard, Marry, ZetemaState, new_game
from bezique.zetema.state import DISCARD, ZetemaAction


def _rank(card: int) -> int:
    return card // 4


def _suit(card: int) -> int:
    return card % 4


def brute_force_actions(state: ZetemaState) -> set[ZetemaAction]:
    """The legal actions, from the rules (S003, PAR-Z) and nothing of the engine's laws."""
    if state.current_player is None:
        return set()
    hand = state.hands[state.current_player]
    if state.phase == DISCARD:
        return {Discard(c) for c in (state.required or hand)}
    found: set[ZetemaAction] = {Discard(c) for c in hand}
    rules = state.rules
    for size in (5, 6):
        for chosen in itertools.combinations(hand, size):
            ranks = sorted(_rank(c) for c in chosen)
            suits = {_suit(c) for c in chosen}
            if size == 5:
                if len(set(ranks)) == 1:
                    found.add(Declare("assembly", chosen))
                continue
            run = ranks == list(range(ranks[0], ranks[0] + 6))
            flush = len(suits) == 1 and (rules.imperial_flushes or suits != {int(rules.imperial)})
            if run and flush:
                found.add(Declare("flush-sequence", chosen))
            elif flush:
                found.add(Declare("flush", chosen))
            elif run:
                found.add(Declare("sequence", chosen))
    pool = [("hand", c) for c in hand if _rank(c) >= 11]
    pool += [("tableau", c) for pile in state.tableau[11:] for c in pile]
    for size in range(2, len(pool) + 1, 2):
        for pairs in itertools.combinations(pool, size):
            from_hand = sorted(c for where, c in pairs if where == "hand")
            if not from_hand:
                continue
            count = Counter(c for _, c in pairs)
            if all(count[12 * 4 + s] == count[11 * 4 + s] for s in range(4)):
                from_tableau = sorted(c for where, c in pairs if where == "tableau")
                found.add(Marry(from_hand, from_tableau))
    return found


def perft(state: ZetemaState, depth: int) -> int:
    actions = state.legal_actions()
    assert len(set(actions)) == len(actions)
    assert set(actions) == brute_force_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(state.apply(a), depth - 1) for a in actions)


#: Leaf counts at depths 1 to 5 from a fixed deal (dealer seat 0), with the seed of
#: that deal; both trees hold declarations and marriages within five actions.
GOLDEN = {
    2: (18, (7, 50, 386, 2750, 20730)),
    3: (32, (8, 56, 400, 3357, 23689)),
}


@pytest.mark.parametrize("players", [2, 3])
def test_perft(players: int) -> None:
    seed, counts = GOLDEN[players]
    state = new_game(ZETEMA.evolve(players=players), seed=seed)
    assert tuple(perft(state, d) for d in range(1, 6)) == counts


def test_brute_force_sees_marriages_with_the_tableau() -> None:
    # The cross-check is only as good as its enumeration: it must find a marriage made
    # with a queen from the tableau, and a flush (S003).
    state = position(["KH 2H 5H 7H 8H TH 3C", "3S 5S 7D 9C JS 8S"], tableau="QH")
    found = brute_force_actions(state)
    assert Marry([4 * 12 + 1], [4 * 11 + 1]) in found
    assert any(isinstance(a, Declare) and a.kind == "flush" for a in found)
    assert found == set(state.legal_actions())
