"""Golden deals of the multi-pack family: a whole ``RUBICON`` deal and a whole
``SIX_PACK`` deal, recorded action by action with every score event.

A deal of 64 or 96 tricks is too long to script by hand, so each record is a
deal from a fixed seed in which both players take the *first* legal action
every time: the order of :meth:`bezique.DealState.legal_actions` is documented
(carte blanche shown before passing; in the winner's turn a declaration, by
meld kind, before the draw; cards by suit S H D C and rank 7 up to A), so this
policy plays the same deal on any correct engine. The records live in
``tests/golden_multipack/*.json``; ``tests/golden_multipack/NOTES.md`` works out
by hand the key steps asserted below (the marriage that fixes trumps, the
carte blanche, the re-formed melds, the trump quartet, and the deal scoring).

Regenerate (after a deliberate rule change only) with
``python tests/test_golden_multipack.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from positions import deal_deck

import bezique as bz
from bezique import DealState, Declare, MeldKind, Rules, ScoreEvent, ScoreSource, Suit
from bezique.cards import card_id_name
from bezique.scoring import deal_game_scores

GOLDEN = Path(__file__).parent / "golden_multipack"

#: (file name, preset, seed, first dealer) of each golden deal.
DEALS = [
    ("rubicon-seed-127.json", bz.variants.RUBICON, 127, 0),
    ("six-pack-seed-13.json", bz.variants.SIX_PACK, 13, 0),
]


def _event(event: ScoreEvent) -> list[Any]:
    return [event.seat, event.points, event.source.value, event.detail]


def record(rules: Rules, seed: int, dealer: int) -> dict[str, Any]:
    """Play a deal with the first legal action every time and record it."""
    state = bz.new_deal(rules, seed=seed, dealer=dealer)
    hands = [" ".join(card_id_name(c) for c in state.hand(seat)) for seat in (0, 1)]
    stock = " ".join(card_id_name(c) for c in state.stock)
    steps: list[dict[str, Any]] = []
    while not state.is_over:
        seat = state.current_player
        action = state.legal_actions()[0]
        state, events = state.step(action)
        steps.append(
            {
                "step": len(steps),
                "seat": seat,
                "action": str(action),
                "events": [_event(e) for e in events],
            }
        )
    result = state.result
    assert result is not None
    return {
        "comment": (
            "A whole deal in which both players always take the first legal action "
            "(DealState.legal_actions order). hands: as dealt; stock: top first; "
            "events: [seat, points, source, detail]. See tests/test_golden_multipack.py "
            "and NOTES.md for the steps checked by hand."
        ),
        "rules": rules.name,
        "seed": seed,
        "dealer": dealer,
        "hands": hands,
        "stock": stock,
        "steps": steps,
        "result": {
            "scores": list(result.scores),
            "brisques": list(result.brisques),
            "last_trick_winner": result.last_trick_winner,
            "game_scores": list(result.game_scores),
            "rubiconed": list(result.rubiconed),
        },
    }


def _load(name: str) -> dict[str, Any]:
    with open(GOLDEN / name, encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def _deal(data: dict[str, Any]) -> DealState:
    """The recorded deal, dealt from a deck ordered to give its hands and stock."""
    rules = bz.variants.get(data["rules"])
    hands = (data["hands"][0], data["hands"][1])
    deck = deal_deck(rules, hands=hands, turn_up=None, stock=data["stock"], dealer=data["dealer"])
    return bz.new_deal(rules, deck=deck, dealer=data["dealer"])


def _replay(data: dict[str, Any]) -> list[DealState]:
    """The states of a recorded deal (the first before any action), each action
    checked to be the first legal one and to score exactly the recorded events."""
    state = _deal(data)
    states = [state]
    for entry in data["steps"]:
        assert state.current_player == entry["seat"]
        action = state.legal_actions()[0]
        assert str(action) == entry["action"]
        state, events = state.step(entry["action"])
        assert [_event(e) for e in events] == entry["events"], entry
        states.append(state)
    return states


@pytest.mark.parametrize(("name", "rules", "seed", "dealer"), DEALS, ids=[d[0] for d in DEALS])
def test_golden_deal_replays(name: str, rules: Rules, seed: int, dealer: int) -> None:
    """The record replays from its deck; the seed deals that deck; the policy on the
    seed reproduces the record; the result is the recorded one."""
    data = _load(name)
    assert (data["rules"], data["seed"], data["dealer"]) == (rules.name, seed, dealer)
    dealt = bz.new_deal(rules, seed=seed, dealer=dealer)
    from_record = _deal(data)
    assert (dealt.hands, dealt.stock, dealt.offers) == (
        from_record.hands,
        from_record.stock,
        from_record.offers,
    )
    assert len(data["stock"].split()) == 2 * rules.stock_tricks
    states = _replay(data)
    final = states[-1]
    assert final.is_over
    assert len(final.tricks) == rules.total_tricks
    result = final.result
    assert result is not None
    assert [list(result.scores), list(result.brisques)] == [
        data["result"]["scores"],
        data["result"]["brisques"],
    ]
    assert result.last_trick_winner == data["result"]["last_trick_winner"]
    assert list(result.game_scores) == data["result"]["game_scores"]
    assert list(result.rubiconed) == data["result"]["rubiconed"]
    totals = [0, 0]
    for entry in data["steps"]:
        for seat, points, _, _ in entry["events"]:
            totals[seat] += points
    assert totals == data["result"]["scores"]
    assert record(rules, seed, dealer) == data
    assert dumps(data) == (GOLDEN / name).read_text(encoding="utf-8")


def _at(states: list[DealState], data: dict[str, Any], step: int) -> tuple[DealState, str]:
    """The state before ``step`` and the action taken there."""
    return states[step], data["steps"][step]["action"]


# -- hand-checked steps (NOTES.md) -------------------------------------------------------------


def test_rubicon_golden_hand_checked_steps() -> None:
    """NOTES.md, Rubicon seed 127: figures derived by hand from the rules, not read
    from the engine."""
    data = _load("rubicon-seed-127.json")
    states = _replay(data)
    steps = data["steps"]
    # Step 0: seat 0 (the dealer) was dealt 8S 7H 7D 8D 9H TH 8S TH 9S: no king, queen
    # or jack, so a carte blanche, +50 (HGM, FOS p.334). Seat 1 holds kings: no offer.
    start = states[0]
    assert start.offers == (0,)
    assert sorted(card_id_name(c)[:2] for c in start.hand(0)) == sorted(
        ["8S", "7H", "7D", "8D", "9H", "TH", "8S", "TH", "9S"]
    )
    assert steps[0] == {
        "step": 0,
        "seat": 0,
        "action": "show-carte-blanche",
        "events": [[0, 50, "carte-blanche", ""]],
    }
    # Step 3: seat 1 won trick 1 and declares KC QC with no trumps yet: a royal
    # marriage, +40, and clubs become trumps (FOS p.334, WKC, SPEC #36).
    before, action = _at(states, data, 3)
    assert before.trump is None
    assert before.window is not None
    assert before.window.seat == 1
    assert action == "declare royal-marriage QC KC"
    assert steps[3]["events"] == [[1, 40, "declaration", "royal-marriage"]]
    assert states[4].trump is Suit.CLUBS
    # Steps 4, 8 and 13 are the draws after tricks 1-3, all won by seat 1, who draws
    # first: the stock begins 8Cb 7Dd KDa ADa 9Cd JDa, so seat 0 draws 7Dd, then ADa
    # (no court card: the carte blanche is shown again, +50 each at steps 5 and 9;
    # WKC, PAR, S003, SPEC #41), then JDa, a court card, which ends it.
    assert data["stock"].split()[:6] == ["8Cb", "7Dd", "KDa", "ADa", "9Cd", "JDa"]
    for draw_step, card in ((4, "7Dd"), (8, "ADa"), (13, "JDa")):
        assert steps[draw_step]["action"] == "draw"
        new = states[draw_step + 1].hands[0] & ~states[draw_step].hands[0]
        assert [card_id_name(c) for c in range(new.bit_length()) if new >> c & 1] == [card]
    for index in (5, 9):
        assert states[index].offers == (0,)
        assert (steps[index]["action"], steps[index]["events"]) == (
            "show-carte-blanche",
            [[0, 50, "carte-blanche", ""]],
        )
    assert states[14].offers == ()
    assert states[14].carte_blanche == (False, False)
    assert sum(1 for e in steps if e["action"] == "show-carte-blanche") == 3
    # Step 156 re-forms the four kings of step 12 (KD KD KC KC), which lost both its
    # KD (played at steps 14 and 23): its two KC left, KC[royal-marriage,four-kings*]
    # and KC[trump-sequence*,four-kings*] (the latter went on into the sequence of
    # step 34), join the king of the second royal marriage (step 107; its queen was
    # played at step 155, hence KC[royal-marriage*]) and a fresh KC from the hand:
    # four kings again, +80 (WKC, BIC, S003, SPEC #5, #38).
    before, action = _at(states, data, 156)
    assert action == (
        "declare four-kings KC KC[royal-marriage*] KC[royal-marriage,four-kings*] "
        "KC[trump-sequence*,four-kings*]"
    )
    assert steps[156]["events"] == [[1, 80, "declaration", "four-kings"]]
    assert [steps[i]["action"] for i in (12, 14, 23, 107, 155)] == [
        "declare four-kings KD KD KC KC[royal-marriage]",
        "play KD[four-kings]",
        "play KD[four-kings*]",
        "declare royal-marriage QC KC",
        "play QC[royal-marriage]",
    ]
    # Final: seat 0 scored three cartes blanches and the last trick, 3 x 50 + 50 = 200;
    # seat 1 40 (step 3) + 80 (12) + 250 (34) + 40 (107) + 80 (156) = 490. Seat 0's
    # 12 brisques (120) leave him at 320, under the rubicon of 1000, so no brisques
    # count (BIC). Seat 0 is rubiconed; BIC: 1000 + 400 (490 dropped to its
    # hundreds) + 200 + 320 = 1920.
    final = states[-1].result
    assert final is not None
    assert final.scores == (3 * 50 + 50, 40 + 80 + 250 + 40 + 80)
    assert final.brisques == (12, 20)
    assert final.last_trick_winner == 0
    assert final.rubiconed == (True, False)
    assert final.game_scores == (0, 1000 + 400 + 200 + 320)
    assert deal_game_scores(bz.variants.RUBICON, (200, 490)) == ((0, 1920), (True, False))


def test_six_pack_golden_hand_checked_steps() -> None:
    """NOTES.md, six-pack seed 13: figures derived by hand from the rules."""
    data = _load("six-pack-seed-13.json")
    states = _replay(data)
    steps = data["steps"]
    assert states[0].offers == ()
    # Step 5: seat 0 won trick 2; KD QD with no trumps: royal marriage +40, diamonds
    # are trumps (FOS p.334, WKC, PAR, SPEC #36).
    before, action = _at(states, data, 5)
    assert before.trump is None
    assert action == "declare royal-marriage QD KD"
    assert steps[5]["events"] == [[0, 40, "declaration", "royal-marriage"]]
    assert states[6].trump is Suit.DIAMONDS
    # Step 86: four aces of diamonds, two fresh and two from the table, +1000 (PAR,
    # S003, CMC, SPEC #44): the four aces declared at step 43 upgraded (SPEC 3.4).
    before, action = _at(states, data, 86)
    assert action == "declare four-trump-aces AD AD AD[trump-sequence*,four-aces] AD[four-aces]"
    assert steps[86]["events"] == [[0, 1000, "declaration", "four-trump-aces"]]
    # Step 184: the four aces declared at step 43 lost both diamond aces (played at
    # steps 101 and 103); two clubs aces from the hand re-form four aces, +100.
    before, action = _at(states, data, 184)
    assert action == "declare four-aces AC AC AC[plain-sequence,four-aces*] AC[four-aces*]"
    assert steps[184]["events"] == [[0, 100, "declaration", "four-aces"]]
    assert steps[43]["action"] == "declare four-aces AD AD[trump-sequence*] AC AC"
    # Final: seat 0: 40 + 250 + 100 + 1000 + 20 + 150 + 20 + 100 + 80 + 250 (the
    # last trick, SPEC 1.8) = 2010; seat 1: 20 + 40 + 80 + 150 = 290. Six packs never
    # count brisques (PKW, CMC). 290 is under the rubicon of 3000; BIC: 1000 + 2000
    # + 200 + 0 (no brisques count with six packs) = 3200.
    final = states[-1].result
    assert final is not None
    assert final.scores == (
        40 + 250 + 100 + 1000 + 20 + 150 + 20 + 100 + 80 + 250,
        20 + 40 + 80 + 150,
    )
    assert final.last_trick_winner == 0
    assert final.rubiconed == (False, True)
    assert final.game_scores == (1000 + 2000 + 200, 0)
    declarations = [
        (e[0], e[1]) for s in steps for e in s["events"] if e[2] == ScoreSource.DECLARATION.value
    ]
    assert sum(p for seat, p in declarations if seat == 0) == 2010 - 250
    assert sum(p for seat, p in declarations if seat == 1) == 290
    assert not any(e[2] == "brisques" for s in steps for e in s["events"])
    kinds = {MeldKind(e[3]) for s in steps for e in s["events"] if e[2] == "declaration"}
    assert MeldKind.FOUR_TRUMP_ACES in kinds
    for index in (5, 86, 184):
        assert isinstance(bz.parse_action(states[index], steps[index]["action"]), Declare)


def dumps(data: dict[str, Any]) -> str:
    """The JSON text of a record, one step a line."""
    lines = []
    for key, value in data.items():
        if key == "steps":
            rows = ",\n".join("  " + json.dumps(step, ensure_ascii=False) for step in value)
            lines.append(f' "steps": [\n{rows}\n ]')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> None:
    """Write the golden records."""
    GOLDEN.mkdir(exist_ok=True)
    for name, rules, seed, dealer in DEALS:
        data = record(rules, seed, dealer)
        with open(GOLDEN / name, "w", encoding="utf-8") as handle:
            handle.write(dumps(data))
        print(f"wrote {name}: {len(data['steps'])} steps", file=sys.stderr)


if __name__ == "__main__":
    main()
