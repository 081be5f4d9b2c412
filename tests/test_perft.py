"""Perft counts: how many action sequences, and how many distinct states, lie at
each depth from a few fixed positions of ``CLASSIC``, of the three- and
four-seat presets (``three-hand``, ``four-hand``, ``partnership``) and of
``MARJOLET`` (one pack; several melds scored on one trick, in any order).

The counts are kept in ``tests/golden/perft.json`` with the positions (deck order
and action prefix, so another implementation can set them up without Python's
shuffle) and the method. They depend on the documented canonicalisation of
actions: one action per face and history (copies of a face with the same history
make one action), declarations with their cards in canonical order.

The first two depths of the positions that start a trick are also counted
independently of the engine's move generator: any card of the hand in the stock
phase (S000 law 6), the plays of S000 law 9 (brute force, ``strategies.py``) in
the end phase; at three and four seats, the whole first trick of the deal.

The positions of three and four seats are the dealt states, in the stock phase:
no end-phase duty reaches them, and only the last depth (the winner's turn after
the first trick) depends on what may be declared, so that a change of the
partnership declarations (a seat passing the right to declare to its partner)
changes the ``partnership`` count at that depth alone.

Regenerate the file (after a deliberate change of the rules) with
``python tests/test_perft.py --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from strategies import law9_playable

import bezique as bz
from bezique.cards import card_id_name

GOLDEN = Path(__file__).parent / "golden" / "perft.json"

_SEED_36 = [
    "play KD",
    "play 8S",
    "draw",
    "play 7H",
    "play 9S",
    "draw",
    "play AH",
    "play 7D",
    "draw",
    "play 7C",
    "play QC",
]
_SEED_2_END = [
    "play TD",
    "play TS",
    "draw",
    "play JS",
    "play JC",
    "draw",
    "play KH",
    "play AD",
    "draw",
    "play 7S",
    "play JH",
    "draw",
    "play TC",
    "play KD",
    "draw",
    "play 8D",
    "play KC",
    "draw",
    "play 8S",
    "play 9C",
    "exchange",
    "draw",
    "play QD",
    "play AS",
    "draw",
    "play QD",
    "play 9D",
    "draw",
    "play 7C",
    "play QS",
    "draw",
    "play QH",
    "play 8S",
    "draw",
    "play QH",
    "play TH",
    "declare common-marriage QC KC",
    "draw",
    "play 8H",
    "play AH",
    "draw",
    "play QC",
    "play 8C",
    "draw",
    "play AC",
    "play JC",
    "draw",
    "play AC",
    "play JH",
    "draw",
    "play KC[common-marriage]",
    "play 7H",
    "draw",
    "play TH",
    "play QC[common-marriage]",
    "draw",
    "play 9C",
    "play 8C",
    "draw",
    "play 7C",
    "play TD",
    "declare bezique QS JD",
    "draw",
    "play QS[bezique]",
    "play 7D",
    "draw",
    "play 9H",
    "play KH",
    "draw",
    "play 8D",
    "play 8H",
    "draw",
    "play JD[bezique]",
    "play JD",
    "draw",
]
_SEED_3_EXCHANGE = [
    "play 8H",
    "play TS",
    "draw",
    "play KC",
    "play QC",
    "declare common-marriage QS KS",
    "draw",
    "play 8D",
    "play KD",
    "draw",
    "play JS",
    "play JC",
    "draw",
    "play QD",
    "play KS[common-marriage]",
    "draw",
    "play AH",
    "play AD",
    "draw",
    "play KH",
    "play AS",
    "draw",
    "play TD",
    "play 8S",
    "draw",
    "play AC",
    "play TD",
    "draw",
    "play 9C",
    "play JD",
    "declare common-marriage QD KD",
    "draw",
    "play KD[common-marriage]",
    "play QS[common-marriage]",
    "draw",
    "play AS",
    "play QC",
    "draw",
    "play 8D",
    "play JD",
    "draw",
    "play 9D",
    "play 7C",
    "draw",
    "play 8C",
    "play 9H",
    "draw",
    "play 7S",
    "play KC",
    "draw",
    "play KH",
    "play TH",
    "draw",
    "play QH",
    "play 8H",
    "draw",
    "play JH",
    "play QD[common-marriage]",
    "draw",
    "play 8S",
    "play TC",
    "draw",
    "play JS",
    "play 8C",
]

_MARJOLET_SEED_15_SEVERAL = [
    "play AH",
    "play 9S",
    "exchange",
    "draw",
    "play 7H",
    "play 8H",
    "draw",
    "play 9C",
    "play TH",
    "draw",
    "play QH",
    "play JS",
    "draw",
    "play QD",
    "play AC",
    "draw",
    "play JH",
    "play KD",
    "draw",
    "play JD",
    "play 8D",
]
_MARJOLET_SEED_7_END = [
    "play 8H",
    "play 7H",
    "draw",
    "play QC",
    "play KS",
    "draw",
    "play TD",
    "play 9H",
    "draw",
    "play 7C",
    "play TS",
    "draw",
    "play 7S",
    "play TH",
    "draw",
    "play 9D",
    "play JH",
    "exchange",
    "draw",
    "play AD",
    "play 8C",
    "draw",
    "play JD",
    "play 8S",
    "draw",
    "play AC",
    "play KC",
    "draw",
    "play KH",
    "play 9C",
    "draw",
]

#: The positions: (name, seed, action prefix in text form, maximum depth). The
#: prefixes were played by a random policy and lead to a winner's turn with three
#: choices of four kings, to the first trick of the end phase, and to a winner's turn
#: with the exchange of the seven of trumps. A name starts with its preset's name.
POSITIONS: list[tuple[str, int, list[str], int]] = [
    ("classic-seed-1", 1, [], 5),
    ("classic-seed-2", 2, [], 5),
    ("classic-seed-3", 3, [], 5),
    ("classic-seed-36-four-kings", 36, _SEED_36, 4),
    ("classic-seed-2-end-phase", 2, _SEED_2_END, 6),
    ("classic-seed-3-exchange", 3, _SEED_3_EXCHANGE, 4),
    # One trick of three or four cards, then the winner's turn: depth seats + 1.
    ("three-hand-seed-1", 1, [], 4),
    ("three-hand-seed-2", 2, [], 4),
    ("four-hand-seed-1", 1, [], 5),
    ("partnership-seed-1", 1, [], 5),
    # Marjolet: a new deal; a winner's turn with three melds to score in any order
    # (royal marriage, the marjolet with the queen of trumps and with another
    # queen); the first of the six last tricks, where the winner may still declare.
    ("marjolet-seed-1", 1, [], 5),
    ("marjolet-seed-15-several-melds", 15, _MARJOLET_SEED_15_SEVERAL, 4),
    ("marjolet-seed-7-end-phase", 7, _MARJOLET_SEED_7_END, 6),
]


def rules_of(name: str) -> bz.Rules:
    """The preset a position is played under: the one its name starts with."""
    return next(
        bz.rules.variants.get(preset)
        for preset in ("three-hand", "four-hand", "partnership", "classic", "marjolet")
        if name.startswith(preset + "-")
    )


METHOD = (
    "sequences(s, 0) = 1; sequences(s, d) = 0 if the deal is over, else the sum of "
    "sequences(s.apply(a), d - 1) over every a in s.legal_actions(). distinct_states(d) is "
    "the number of different states reached by the sequences of exactly d actions "
    "(states compared field by field; the engine moves the lowest-numbered physical card "
    "that matches an action's face and history)."
)

CANONICALISATION = (
    "Each legal action is counted once, as bezique.DealState.legal_actions lists it: a play "
    "names a face and a history (the meld kinds the card was declared in), so two copies of "
    "one face with the same history (both in the concealed hand, say) make one action; a "
    "declaration names its kind and its cards as face + history, in canonical order, so the "
    "same meld from interchangeable copies is one action; the winner's turn offers exchange, "
    "each declaration, each pending score, and the draw that ends it. An implementation "
    "that lists physical cards instead will count more."
)


def sequences(state: bz.DealState, depth: int, memo: dict[tuple[bz.DealState, int], int]) -> int:
    if depth == 0:
        return 1
    if state.is_over:
        return 0
    key = (state, depth)
    if key not in memo:
        memo[key] = sum(sequences(state.apply(a), depth - 1, memo) for a in state.legal_actions())
    return memo[key]


def perft(state: bz.DealState, max_depth: int) -> list[dict[str, int]]:
    memo: dict[tuple[bz.DealState, int], int] = {}
    layer = {state}
    out = []
    for depth in range(1, max_depth + 1):
        layer = {s.apply(a) for s in layer for a in s.legal_actions()}
        out.append(
            {
                "depth": depth,
                "sequences": sequences(state, depth, memo),
                "distinct_states": len(layer),
            }
        )
    return out


def deck_of(state: bz.DealState) -> list[str]:
    """A deck order (top first, physical card names) that deals ``state``: each
    seat's cards in card id order, given out in the packets of the rules, then the
    turn-up, then the stock."""
    rules = state.rules
    n = rules.players
    hands = {seat: list(state.hand(seat)) for seat in range(n)}
    order: list[int] = []
    for packet in rules.deck.packets:
        for i in range(1, n + 1):
            seat = (state.dealer + i) % n
            order += hands[seat][:packet]
            hands[seat] = hands[seat][packet:]
    assert state.turn_up is not None
    order.append(state.turn_up)
    order += state.stock
    return [card_id_name(c) for c in order]


def position(rules: bz.Rules, seed: int, prefix: list[str]) -> bz.DealState:
    state = bz.new_deal(rules, seed=seed, dealer=0)
    for text in prefix:
        state = state.apply(text)
    return state


def build() -> dict[str, Any]:
    positions = []
    for name, seed, prefix, max_depth in POSITIONS:
        rules = rules_of(name)
        start = bz.new_deal(rules, seed=seed, dealer=0)
        positions.append(
            {
                "name": name,
                "rules": rules.name,
                "seed": seed,
                "dealer": 0,
                "deck": deck_of(start),
                "prefix": prefix,
                "counts": perft(position(rules, seed, prefix), max_depth),
            }
        )
    return {
        "comment": "Perft counts of the engine at two, three and four seats; see "
        "tests/test_perft.py.",
        "method": METHOD,
        "canonicalisation": CANONICALISATION,
        "positions": positions,
    }


def _golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def test_golden_file_documents_its_method() -> None:
    data = _golden()
    assert "a face and a history" in data["canonicalisation"]
    assert data["method"] == METHOD
    assert data["canonicalisation"] == CANONICALISATION
    assert {p["name"] for p in data["positions"]} == {name for name, *_ in POSITIONS}


def first_two_depths(state: bz.DealState) -> list[dict[str, int]]:
    """Depths 1 and 2 from the start of a trick, without the engine's move
    generator: the leader may lead any face he holds; in the stock phase the
    follower may play any face (S000 law 6), in the end phase the faces S000
    law 9 allows. Each (lead, reply) pair of faces leads to a different state.
    Only for positions whose held cards carry no history (a new deal, the end
    phase)."""
    leader = state.current_player
    assert leader is not None
    assert state.window is None
    assert not state.trick
    follower = 1 - leader
    held = {seat: [bz.face_of(c) for c in state.held(seat)] for seat in (leader, follower)}
    assert not any(state.history[c] for seat in held for c in state.held(seat))
    leads = set(held[leader])
    if state.phase is bz.Phase.STOCK:
        replies = {lead: set(held[follower]) for lead in leads}
    else:
        replies = {lead: law9_playable(held[follower], lead, state.trump) for lead in leads}
    pairs = sum(len(r) for r in replies.values())
    return [
        {"depth": 1, "sequences": len(leads), "distinct_states": len(leads)},
        {"depth": 2, "sequences": pairs, "distinct_states": pairs},
    ]


def first_trick(state: bz.DealState) -> list[dict[str, int]]:
    """Depths 1 to the number of seats from the dealt state of three or four seats,
    without the engine's move generator: while the stock lasts each seat in turn,
    from the leader, may play any face it holds (S000 law 6), and each sequence of
    faces leads to a different state."""
    n = state.players
    assert state.phase is bz.Phase.STOCK
    assert not state.tricks
    assert not state.trick
    out = []
    sequences = 1
    for i in range(n):
        seat = (state.leader + i) % n
        sequences *= len({bz.face_of(c) for c in state.held(seat)})
        out.append({"depth": i + 1, "sequences": sequences, "distinct_states": sequences})
    return out


TWO_SEAT = [name for name, *_ in POSITIONS if rules_of(name).players == 2]
MORE_SEATS = [name for name, *_ in POSITIONS if rules_of(name).players > 2]


def _entry(name: str) -> dict[str, Any]:
    entry: dict[str, Any] = next(p for p in _golden()["positions"] if p["name"] == name)
    assert entry["rules"] == rules_of(name).name
    return entry


@pytest.mark.parametrize(
    "name",
    [
        name
        for name, _, prefix, _ in POSITIONS
        if name in TWO_SEAT and (not prefix or prefix[-1] == "draw")
    ],
)
def test_first_two_depths_by_hand(name: str) -> None:
    entry = _entry(name)
    state = position(rules_of(name), entry["seed"], entry["prefix"])
    assert entry["counts"][:2] == first_two_depths(state)


@pytest.mark.parametrize("name", MORE_SEATS)
def test_the_first_trick_of_more_seats_by_hand(name: str) -> None:
    entry = _entry(name)
    state = position(rules_of(name), entry["seed"], entry["prefix"])
    n = state.players
    assert entry["counts"][:n] == first_trick(state)
    # The depth after the trick is the winner's turn: at least the draw for each.
    assert entry["counts"][n]["sequences"] >= entry["counts"][n - 1]["sequences"]


def test_several_melds_of_marjolet_by_hand() -> None:
    """The winner's turn of ``marjolet-seed-15-several-melds``, without the move
    generator: three melds that share no re-use bar (S003, WMJ, ADP: several scored on
    one trick, the marjolet with each queen, a married queen with the marjolet), so
    each may be declared in any order, and the draw ends the turn at any point; after
    the draw the winner leads any of his six cards."""
    entry = _entry("marjolet-seed-15-several-melds")
    state = position(rules_of(entry["name"]), entry["seed"], entry["prefix"])
    kinds = sorted(d.kind.value for d in state.legal_declarations())
    assert kinds == ["common-marjolet", "royal-marjolet", "royal-marriage"]
    melds = len(kinds)
    assert state.window is not None
    # After the draw the winner leads any of the cards he holds and the one drawn
    # (no two alike in one pack, none declared yet).
    leads = len(state.held(state.window.seat)) + 1
    # Depth 1: a meld or the draw. Depth 2: after a meld, another or the draw; after
    # the draw, a lead.
    assert [c["sequences"] for c in entry["counts"][:2]] == [melds + 1, melds * melds + leads]


def test_every_preset_of_more_seats_has_a_position() -> None:
    many = {
        name for name, _ in bz.rules.variants.names() if bz.rules.variants.get(name).players > 2
    }
    assert {rules_of(name).name for name in MORE_SEATS} == many


@pytest.mark.parametrize("name", [name for name, *_ in POSITIONS])
def test_deck_order_sets_up_the_same_deal(name: str) -> None:
    entry = _entry(name)
    rules = rules_of(name)
    by_seed = bz.new_deal(rules, seed=entry["seed"], dealer=entry["dealer"])
    by_deck = bz.new_deal(rules, deck=entry["deck"], dealer=entry["dealer"])
    assert by_deck == by_seed


@pytest.mark.parametrize("name", [name for name, *_ in POSITIONS])
def test_perft_counts(name: str) -> None:
    entry = _entry(name)
    state = bz.new_deal(rules_of(name), deck=entry["deck"], dealer=entry["dealer"])
    for text in entry["prefix"]:
        state = state.apply(text)
    expected = entry["counts"]
    assert [c["depth"] for c in expected] == list(range(1, len(expected) + 1))
    assert len(expected) >= 4
    assert perft(state, len(expected)) == expected


if __name__ == "__main__":  # pragma: no cover - maintenance entry point
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_perft.py --write")
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
