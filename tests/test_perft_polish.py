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
from collections.abc import Sequence
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
    # The last two tricks: the winner of the 32nd declares before the deal is scored
    # (S003), choosing between a queen just won and one won before.
    ("polish-seed-0-trick-31", "polish", 0, 30, 8),
    # A choice of copies in the stock phase: a K♦ just won or one won before.
    ("polish-seed-32-trick-23", "polish", 32, 22, 5),
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


Choice = tuple[bz.MeldKind, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


def _copies_matter(state: bz.DealState) -> bool:
    """Whether a meld's choice of the cards of the trick just won leaves a different
    position (S003): another meld may follow in the turn, and needs one of them."""
    rules = state.rules
    return (
        rules.declarations.limit is not bz.DeclarationLimit.ONE
        and rules.zones.trick_card is not TrickCard.NOT_REQUIRED
    )


def declarations_by_brute_force(state: bz.DealState) -> set[Choice]:
    """Every declaration of the winner's turn, as (kind, sorted (face index, history)
    of its cards, and, where the choice of copies matters, those of the cards of the
    trick just won it takes), found by trying every set of the seat's open cards won."""
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
                out.add((kind, _faces(state, combo), _trick_cards(state, combo, fresh)))
    return out


def _faces(state: bz.DealState, cards: Sequence[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((c % 32, state.history[c]) for c in cards))


def _trick_cards(
    state: bz.DealState, cards: Sequence[int], fresh: set[int]
) -> tuple[tuple[int, int], ...]:
    if not _copies_matter(state):
        return ()
    return _faces(state, [c for c in cards if c in fresh])


def _listed(state: bz.DealState) -> list[Choice]:
    """Each listed declaration, as the brute force names it: the cards of the trick it
    takes read from the meld it makes."""
    out = []
    trick = set(state.tricks[-1].cards)
    spent = {c for m in state.melds if m.trick == len(state.tricks) for c in m.cards}
    for declaration in state.legal_declarations():
        meld = state.apply(declaration).melds[-1]
        if state.rules.zones.trick_card is TrickCard.ONE_DECLARATION_EACH:
            fresh = trick - spent
        else:
            fresh = trick
        out.append((meld.kind, _faces(state, meld.cards), _trick_cards(state, meld.cards, fresh)))
    return out


@pytest.mark.parametrize("name", NAMES)
def test_declarations_by_brute_force(name: str) -> None:
    """Every winner's turn within three actions of the position (seven from the last
    two tricks, to reach the turn after the last) lists exactly the declarations the
    brute force finds (after the trick, and after one meld), each choice once."""
    layer = {_start(name)}
    turns = 0
    listed = 0
    last_tricks = name == "polish-seed-0-trick-31"
    for _ in range(7 if last_tricks else 3):
        layer = {s.apply(a) for s in layer for a in s.legal_actions()}
        for state in layer:
            if state.window is not None:
                turns += 1
                found = _listed(state)
                listed += len(found)
                # Each choice once, the choices of copies included (S003).
                assert len(set(found)) == len(found)
                assert set(found) == declarations_by_brute_force(state)
    assert turns > (3 if last_tricks else 10)
    assert listed > (3 if last_tricks else 20)


if __name__ == "__main__":  # pragma: no cover - maintenance entry point
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_perft_polish.py --write")
    GOLDEN.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
