"""Golden deals: whole deals written out by hand, with the scores worked out from
the rules, replayed through the engine.

Each ``tests/golden/deal-*.json`` file holds one deal: the preset (``rules``),
the ``dealer``, the ``deck`` top card first (physical cards, ``"QSa"``), the hands
and turn-up that deck must deal, and every action of the deal in text form,
trick by trick. A step is either

* ``"play QS"``: an action that must be legal and scores nothing;
* ``{"do": ACTION, "scores": [{"seat", "points", "source"}, ...]}``: an action that
  must be legal and score exactly these events, in this order (``"pending": true``
  for a declaration shown but left to score on a later trick);
* ``{"refuse": ACTION, "reasons": [...]}``: an action that must be refused for
  exactly these reasons (the set of :class:`bezique.Reason` codes), changing
  nothing.

Each trick names its winner; the file also gives the hands when the stock is
exhausted, the brisques each seat wins, the last trick's winner and the final
scores (a partnership deal adds ``side_scores``, its sides' totals), and
``notes`` explaining the arithmetic from the rules (S000, FOS, S001, S002; EB9,
EB11, BIC, S004 for three and four seats; S003, EB11 and WKC for Polish Bezique).
``hands_dealt`` and ``hands_at_close`` give every seat's cards. The expected values
were reasoned out from the rules, not read from the engine.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import bezique as bz
from bezique.actions import parse_action_text
from bezique.state import initial_events

GOLDEN = Path(__file__).parent / "golden"
DEALS = sorted(GOLDEN.glob("deal-*.json"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _triples(scores: Sequence[Mapping[str, Any]]) -> list[tuple[int, int, str]]:
    return [(s["seat"], s["points"], s["source"]) for s in scores]


def _events(events: Sequence[bz.ScoreEvent]) -> list[tuple[int, int, str]]:
    return [(e.seat, e.points, e.source.value) for e in events]


def _faces(cards: Sequence[int]) -> list[str]:
    return sorted(str(bz.face_of(c)) for c in cards)


def _expected_events(data: Mapping[str, Any]) -> list[tuple[int, int, str]]:
    """Every score event the file expects, the deal's own first."""
    out = _triples(data["deal_scores"])
    for trick in data["tricks"]:
        for step in trick["steps"]:
            if isinstance(step, dict) and "do" in step:
                out += _triples(step["scores"])
    return out


def _side_totals(rules: bz.Rules, seat_scores: Sequence[int]) -> list[int]:
    """Each side's total: a seat's own score when each seat is a side."""
    if not rules.sides:
        return list(seat_scores)
    totals = [0] * (max(rules.sides) + 1)
    for seat, points in enumerate(seat_scores):
        totals[rules.sides[seat]] += points
    return totals


def test_the_golden_deals_cover_the_presets() -> None:
    """At least three classic deals (one with the other seat dealing), one
    Wikipedia, one McNeely, one three-hand, one partnership, one Polish, one Fildinski and
    one Marjolet deal."""
    rules = [_load(path)["rules"] for path in DEALS]
    assert rules.count("classic") >= 3
    assert "wikipedia" in rules
    assert "mcneely" in rules
    assert "three-hand" in rules
    assert "partnership" in rules
    assert "polish" in rules
    assert "fildinski" in rules
    assert "marjolet" in rules
    deals = [_load(path) for path in DEALS]
    dealers = {d["dealer"] for d in deals if bz.rules.variants.get(d["rules"]).players == 2}
    assert dealers == {0, 1}


@pytest.mark.parametrize("path", DEALS, ids=lambda p: p.stem.removeprefix("deal-"))
def test_golden_file_adds_up(path: Path) -> None:
    """The file agrees with itself: its score events add up to its final scores,
    its brisques to eight a pack and to the brisque events, every trick is there
    once, every seat's hands are given."""
    data = _load(path)
    rules = bz.rules.variants.get(data["rules"])
    seats = rules.players
    totals = [0] * seats
    for seat, points, _ in _expected_events(data):
        totals[seat] += points
    assert totals == data["final_scores"]
    # Eight brisques (four aces, four tens) in each pack.
    assert sum(data["brisques"]) == 8 * rules.deck.packs
    brisque_points = [0] * seats
    for seat, points, source in _expected_events(data):
        if source == "brisques":
            brisque_points[seat] += points
    assert brisque_points == [10 * b for b in data["brisques"]]
    assert [t["trick"] for t in data["tricks"]] == list(range(1, rules.total_tricks + 1))
    assert len(data["deck"]) == len(set(data["deck"])) == rules.deck_size
    assert (
        sorted(data["hands_dealt"])
        == sorted(data["hands_at_close"])
        == [str(s) for s in range(seats)]
    )
    if rules.sides:
        assert data["side_scores"] == _side_totals(rules, data["final_scores"])
    else:
        assert "side_scores" not in data
    assert data["notes"]


def _parse(state: bz.DealState, text: str) -> bz.Action:
    """The action a script names. Scripts write every declared card's history, so
    the text means the same without the state (no bare face standing for a
    declared card)."""
    action = bz.parse_action(state, text)
    assert action == parse_action_text(text), f"{text!r} leaves out a card's history"
    return action


def _step(state: bz.DealState, step: str | Mapping[str, Any], where: str) -> bz.DealState:
    """Apply one scripted step (see the module docstring) and check it."""
    if isinstance(step, str):
        step = {"do": step, "scores": []}
    if "refuse" in step:
        action = _parse(state, step["refuse"])
        expected = {bz.Reason(r) for r in step["reasons"]}
        assert action not in state.legal_actions(), f"{where}: {action} is legal"
        reasons = state.why_illegal(action)
        assert set(reasons) == expected, f"{where}: {action} refused for {reasons}"
        assert len(reasons) == len(expected)
        with pytest.raises(bz.IllegalActionError) as refused:
            state.step(action)
        assert set(refused.value.reasons) == expected
        return state
    action = _parse(state, step["do"])
    legal = state.legal_actions()
    assert action in legal, f"{where}: {action} is not legal; legal: {[str(a) for a in legal]}"
    after, events = state.step(action)
    assert _events(events) == _triples(step["scores"]), f"{where}: {action} scored {events}"
    if step.get("pending"):
        assert isinstance(action, bz.Declare)
        assert not after.melds[-1].scored
    return after


@pytest.mark.parametrize("path", DEALS, ids=lambda p: p.stem.removeprefix("deal-"))
def test_golden_deal(path: Path) -> None:
    data = _load(path)
    rules = bz.rules.variants.get(data["rules"])
    state = bz.new_deal(rules, deck=data["deck"], dealer=data["dealer"])
    for seat, faces in data["hands_dealt"].items():
        assert _faces(state.hand(int(seat))) == sorted(faces)
    assert str(state.turn_up_card) == data["turn_up"]
    assert _events(initial_events(state)) == _triples(data["deal_scores"])
    dealt = [0] * rules.players
    for seat, points, _ in _triples(data["deal_scores"]):
        dealt[seat] += points
    assert list(state.scores) == dealt
    for trick in data["tricks"]:
        number = trick["trick"]
        assert state.window is None
        assert not state.trick
        assert len(state.tricks) == number - 1
        for step in trick["steps"]:
            state = _step(state, step, f"trick {number}, {step}")
        assert len(state.tricks) == number
        assert state.tricks[-1].winner == trick["winner"], f"trick {number}"
        if number <= rules.stock_tricks:
            assert state.window is None, f"trick {number}: the winner's turn is not over"
        if number == rules.stock_tricks:
            assert state.phase is bz.Phase.END
            for seat, faces in data["hands_at_close"].items():
                assert _faces(state.hand(int(seat))) == sorted(faces), f"seat {seat} at close"
    assert state.is_over
    assert list(state.scores) == data["final_scores"]
    result = state.result
    assert result is not None
    assert list(result.brisques) == data["brisques"]
    assert result.last_trick_winner == data["last_trick_winner"]
    assert list(result.side_scores) == data.get("side_scores", data["final_scores"])
