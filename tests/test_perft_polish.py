"""Perft counts of Polish Bezique (``POLISH``, S003) and Fildinski (``FILDINSKI``,
EB11): how many action sequences, and how many distinct states, lie at each depth
from a position of each where the winner of the next trick has melds to show from
the cards won.

The counts are kept in ``tests/golden/perft-polish.json`` with the positions (deck
order and action prefix) and follow the method and canonicalisation of the classic
counts (``test_perft.py``). The first two depths are also counted without the
engine's move generator (any card of the hand may be led and followed while the
stock lasts, S000 law 6), and every winner's turn within three actions has its
declarations listed again by brute force: every set of the seat's open cards won
that forms a meld, holds a card of the trick just won not already in a meld of the
turn (EB11, S003) and passes the re-use rules.

Regenerate the file (after a deliberate change of the rules) with
``python tests/test_perft_polish.py --write``.
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from test_perft import CANONICALISATION, METHOD, deck_of, first_two_depths, perft, position

import bezique as bz
from bezique.laws.declaring import meld_patterns, reuse_reasons
from bezique.rules import OpenCards, TrickCard

GOLDEN = Path(__file__).parent / "golden" / "perft-polish.json"

#: (name, preset, seed, tricks, depth): the deal of ``seed``, dealer 0, after
#: ``tricks`` tricks (and the winner's turn) played by taking the first legal
#: action each time; the file keeps that prefix as text.
POSITIONS: list[tuple[str, str, int, int, int]] = [
    ("polish-seed-36-trick-14", "polish", 36, 13, 5),
    ("fildinski-seed-36-trick-14", "fildinski", 36, 13, 5),
    # The end phase: declarations go on after the close (S003), duties of S000 law 9.
    ("polish-seed-7-trick-26", "polish", 7, 25, 6),
]


def first_actions(rules: bz.Rules, seed: int, tricks: int) -> list[str]:
    """The text of the first legal actions from the deal of ``seed`` until ``tricks``
    tricks are over and the winner's turn is closed."""
    state = bz.new_deal(rules, seed=seed, dealer=0)
    prefix = []
    while len(state.tricks) < tricks or state.trick or state.window is not None:
        action = state.legal_actions()[0]
        prefix.append(bz.format_action(action))
        state = state.apply(action)
    return prefix


def build() -> dict[str, Any]:
    positions = []
    for name, preset, seed, tricks, depth in POSITIONS:
        rules = bz.rules.variants.get(preset)
        prefix = first_actions(rules, seed, tricks)
        positions.append(
            {
                "name": name,
                "rules": rules.name,
                "seed": seed,
                "dealer": 0,
                "deck": deck_of(bz.new_deal(rules, seed=seed, dealer=0)),
                "prefix": prefix,
                "counts": perft(position(rules, seed, prefix), depth),
            }
        )
    return {
        "comment": "Perft counts of Polish Bezique and Fildinski; see tests/test_perft_polish.py.",
        "method": METHOD,
        "canonicalisation": CANONICALISATION,
        "positions": positions,
    }


def _entry(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert data["method"] == METHOD
    assert data["canonicalisation"] == CANONICALISATION
    entry: dict[str, Any] = next(p for p in data["positions"] if p["name"] == name)
    return entry


def _start(name: str) -> bz.DealState:
    entry = _entry(name)
    rules = bz.rules.variants.get(entry["rules"])
    state = bz.new_deal(rules, deck=entry["deck"], dealer=entry["dealer"])
    assert state == bz.new_deal(rules, seed=entry["seed"], dealer=entry["dealer"])
    for text in entry["prefix"]:
        state = state.apply(text)
    return state


NAMES = [name for name, *_ in POSITIONS]


@pytest.mark.parametrize("name", NAMES)
def test_perft_counts(name: str) -> None:
    expected = _entry(name)["counts"]
    assert [c["depth"] for c in expected] == list(range(1, len(expected) + 1))
    assert perft(_start(name), len(expected)) == expected


@pytest.mark.parametrize("name", [name for name, _, _, tricks, _ in POSITIONS if tricks < 24])
def test_first_two_depths_by_hand(name: str) -> None:
    """Depths 1 and 2 from the start of the trick: any face of the hand, led and
    followed (S000 law 6); the cards won are not among them (S003, EB11)."""
    assert _entry(name)["counts"][:2] == first_two_depths(_start(name))


Choice = tuple[bz.MeldKind, tuple[tuple[int, int], ...]]


def declarations_by_brute_force(state: bz.DealState) -> set[Choice]:
    """Every declaration of the winner's turn, as (kind, sorted (face index, history)
    of its cards), found by trying every set of the seat's open cards won."""
    rules = state.rules
    window = state.window
    assert window is not None
    seat = window.seat
    number = len(state.tricks)
    this_turn = [m for m in state.melds if m.trick == number and m.seat == seat]
    if this_turn and rules.declarations.limit is bz.DeclarationLimit.ONE:
        return set()
    pool = list(state.won_cards(seat))
    if rules.zones.open_cards is OpenCards.SCORING:
        # EB11: aces, kings, queens, jacks and the tens of trumps lie open.
        pool = [
            c
            for c in pool
            if bz.face_of(c).rank in (bz.Rank.ACE, bz.Rank.KING, bz.Rank.QUEEN, bz.Rank.JACK)
            or (bz.face_of(c).rank is bz.Rank.TEN and bz.face_of(c).suit is state.trump)
        ]
    trick = set(state.tricks[-1].cards)
    if rules.zones.trick_card is TrickCard.ONE_DECLARATION_EACH:
        spent = {c for m in this_turn for c in m.cards if c in trick}
        pool = [c for c in pool if c not in spent]
    fresh = trick & set(pool)
    out: set[Choice] = set()
    for kind in rules.meld_kinds:
        for pattern in meld_patterns(rules, kind, state.trump):
            size = pattern.count if pattern.rank is not None else len(pattern.faces)
            wanted = [
                c
                for c in pool
                if (bz.face_of(c).rank is pattern.rank)
                or (pattern.rank is None and bz.face_of(c) in pattern.faces)
            ]
            for combo in itertools.combinations(wanted, size):
                if not fresh & set(combo):
                    continue
                if not pattern.matches(tuple(bz.face_of(c) for c in combo)):
                    continue
                if reuse_reasons(rules, kind, [state.history[c] for c in combo]):
                    continue
                out.add((kind, tuple(sorted((c % 32, state.history[c]) for c in combo))))
    return out


def _listed(state: bz.DealState) -> set[Choice]:
    return {
        (d.kind, tuple(sorted((ref.card.index, ref.mask) for ref in d.cards)))
        for d in state.legal_declarations()
    }


@pytest.mark.parametrize("name", NAMES)
def test_declarations_by_brute_force(name: str) -> None:
    """Every winner's turn within three actions of the position lists exactly the
    declarations the brute force finds (after the trick, and after one meld)."""
    layer = {_start(name)}
    turns = 0
    listed = 0
    for _ in range(3):
        layer = {s.apply(a) for s in layer for a in s.legal_actions()}
        for state in layer:
            if state.window is not None:
                turns += 1
                listed += len(state.legal_declarations())
                assert _listed(state) == declarations_by_brute_force(state)
    assert turns > 10
    assert listed > 20


if __name__ == "__main__":  # pragma: no cover - maintenance entry point
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_perft_polish.py --write")
    GOLDEN.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
