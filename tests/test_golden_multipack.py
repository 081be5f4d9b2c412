"""Golden deals of the multi-pack family: a whole ``RUBICON`` deal and a whole
``SIX_PACK`` deal, recorded action by action with every score event.

A deal of 64 or 96 tricks is too long to script by hand, so each record is a
deal from a fixed seed in which both players take the *first* legal action
every time: the order of :meth:`bezique.DealState.legal_actions` is documented
(carte blanche shown before passing; in the winner's turn a declaration before
the draw, declarations by meld kind and then by the sort keys of their cards,
history included; cards by suit S H D C and rank 7 up to A, then history), so
this policy plays the same deal on any correct engine. The records live in
``tests/golden_multipack/*.json``; ``tests/golden_multipack/NOTES.md`` works out
by hand the key steps asserted below (the marriage that fixes trumps, the
cartes blanches, every seat asked at the deal and after each draw while one
lasts, and the court card that ends them, the re-formed melds, the trump
quartet, and the deal scoring). The tests find those steps by what happens at
them (the trick, the action), not by their numbers.

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
from bezique.laws.scoring import deal_game_scores

GOLDEN = Path(__file__).parent / "golden_multipack"

#: (file name, preset, seed, first dealer) of each golden deal.
DEALS = [
    ("rubicon-seed-127.json", bz.variants.RUBICON, 127, 0),
    ("six-pack-seed-552.json", bz.variants.SIX_PACK, 552, 0),
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
    rules = bz.rules.variants.get(data["rules"])
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
    assert (dealt.hand_masks, dealt.stock, dealt.offers) == (
        from_record.hand_masks,
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


def _table(state: DealState, seat: int) -> list[str]:
    """A seat's table as physical cards with their histories: ``ADd[four-aces*]``."""
    return [card_id_name(c) + str(state.card_ref(c))[2:] for c in state.table(seat)]


def _drawn(states: list[DealState], step: int, seat: int) -> list[str]:
    """The physical cards a seat took into its hand at ``step`` (a draw)."""
    new = states[step + 1].hand_masks[seat] & ~states[step].hand_masks[seat]
    return [card_id_name(c) for c in range(new.bit_length()) if new >> c & 1]


def _plays(steps: list[dict[str, Any]], first: int) -> list[tuple[int, str]]:
    """The two plays of a trick, leader first: (seat, action) at ``first`` and after."""
    return [(steps[i]["seat"], steps[i]["action"]) for i in (first, first + 1)]


def _step_of(steps: list[dict[str, Any]], action: str) -> int:
    """The step at which ``action`` is taken: it must be taken exactly once."""
    found = [i for i, entry in enumerate(steps) if entry["action"] == action]
    assert len(found) == 1, f"{action!r} at steps {found}"
    return found[0]


def _steps_of(steps: list[dict[str, Any]], action: str) -> list[int]:
    """Every step at which ``action`` is taken."""
    return [i for i, entry in enumerate(steps) if entry["action"] == action]


def _trick_start(states: list[DealState], steps: list[dict[str, Any]], number: int) -> int:
    """The step at which trick ``number`` (from 1) is led."""
    plays = [i for i, entry in enumerate(steps) if entry["action"].startswith("play ")]
    first = plays[2 * (number - 1)]
    assert len(states[first].tricks) == number - 1
    assert states[first].trick == ()
    assert len(states[first + 2].tricks) == number
    return first


def _trick(states: list[DealState], steps: list[dict[str, Any]], number: int) -> list[Any]:
    """The two plays of trick ``number``, leader first: (seat, action)."""
    return _plays(steps, _trick_start(states, steps, number))


def _dealt(state: DealState, seat: int) -> list[str]:
    """A seat's hand as faces, sorted."""
    return sorted(card_id_name(c)[:2] for c in state.hand(seat))


def _check_cartes_blanches(
    states: list[DealState],
    steps: list[dict[str, Any]],
    points: int,
    drawn: tuple[str, str, str],
) -> None:
    """Seat 0's carte blanche: shown on the dealt hand and on the first two cards
    drawn (seat 1 wins the first three tricks and draws first); the court card drawn
    third leaves seat 0 only the pass, which ends it. Every seat is asked at the deal,
    seat 1 first, and seat 0 after each draw while its carte blanche lasts."""
    draws = _steps_of(steps, "draw")[:3]
    for index, card in zip(draws, drawn, strict=True):
        window = states[index].window
        assert window is not None
        assert window.seat == 1
        assert _drawn(states, index, 0) == [card]
        assert states[index + 1].offers == (0,)
        assert states[index + 1].carte_blanche == (True, False)
    shows = _steps_of(steps, "show-carte-blanche")
    assert shows == [1, draws[0] + 1, draws[1] + 1]
    for index in shows:
        assert states[index].offers == (0,)
        assert states[index].legal_actions() == (bz.ShowCarteBlanche(), bz.Pass())
        assert steps[index] == {
            "step": index,
            "seat": 0,
            "action": "show-carte-blanche",
            "events": [[0, points, "carte-blanche", ""]],
        }
    ended = draws[2] + 1
    assert states[ended].legal_actions() == (bz.Pass(),)
    assert steps[ended] == {"step": ended, "seat": 0, "action": "pass", "events": []}
    assert states[ended + 1].offers == ()
    assert states[ended + 1].carte_blanche == (False, False)
    assert _steps_of(steps, "pass") == [0, ended]


def _declarations(steps: list[dict[str, Any]]) -> list[tuple[int, int, int]]:
    """(step, seat, points) of every declaration scored."""
    return [
        (i, e[0], e[1])
        for i, entry in enumerate(steps)
        for e in entry["events"]
        if e[2] == ScoreSource.DECLARATION.value
    ]


# -- hand-checked steps (NOTES.md) -------------------------------------------------------------


def test_rubicon_golden_hand_checked_steps() -> None:
    """NOTES.md, Rubicon seed 127: figures derived by hand from the rules, not read
    from the engine. Steps are found by what happens at them (the trick, the action)."""
    data = _load("rubicon-seed-127.json")
    states = _replay(data)
    steps = data["steps"]
    # Steps 0-1: every seat is asked whether to show a carte blanche, the non-dealer
    # first. Seat 1 was dealt 9H 8H KD KC KC QS AD JC QC, kings, queens and a jack: it
    # can only pass. Seat 0 was dealt 8S 7H 7D 8D 9H TH 8S TH 9S: no king, queen or
    # jack, so a carte blanche, +50 (HGM, FOS p.334).
    start = states[0]
    assert start.offers == (1, 0)
    assert _dealt(start, 1) == sorted(["9H", "8H", "KD", "KC", "KC", "QS", "AD", "JC", "QC"])
    assert start.legal_actions() == (bz.Pass(),)
    assert steps[0] == {"step": 0, "seat": 1, "action": "pass", "events": []}
    assert _dealt(states[1], 0) == sorted(["8S", "7H", "7D", "8D", "9H", "TH", "8S", "TH", "9S"])
    # Trick 1: seat 1 leads QS, seat 0 plays 8S: the higher spade wins, seat 1.
    assert _trick(states, steps, 1) == [(1, "play QS"), (0, "play 8S")]
    # Seat 1's turn after trick 1: he declares KC QC with no trumps yet: a royal
    # marriage, +40, and clubs become trumps (FOS p.334, WKC, SC-36).
    marriage = _step_of(steps, "declare royal-marriage QC KC")
    assert marriage == _trick_start(states, steps, 1) + 2
    before = states[marriage]
    assert before.trump is None
    assert before.window is not None
    assert before.window.seat == 1
    assert steps[marriage]["events"] == [[1, 40, "declaration", "royal-marriage"]]
    assert states[marriage + 1].trump is Suit.CLUBS
    # Tricks 2 and 3: seat 1 leads 8H and 9H, seat 0 renounces with 8S and 9S, not a
    # trump: the leader wins both. So seat 1 draws first at the first three draws; the
    # stock begins 8Cb 7Dd KDa ADa 9Cd JDa, so seat 0 draws 7Dd, then ADa (no court
    # card: the carte blanche is shown again, +50 each; WKC, PAR, S003, SC-41),
    # then JDa, a court card: asked all the same, seat 0 can only pass, which ends it.
    assert _trick(states, steps, 2) == [(1, "play 8H"), (0, "play 8S")]
    assert _trick(states, steps, 3) == [(1, "play 9H"), (0, "play 9S")]
    assert data["stock"].split()[:6] == ["8Cb", "7Dd", "KDa", "ADa", "9Cd", "JDa"]
    _check_cartes_blanches(states, steps, 50, ("7Dd", "ADa", "JDa"))
    # Seat 1's turn after trick 3: four kings of any suits, KDa KDb KCb KCc; KCb's royal
    # marriage is in another class (FOS p.325, WKC): +80.
    four_kings = _step_of(steps, "declare four-kings KD KD KC KC[royal-marriage]")
    assert four_kings == _trick_start(states, steps, 3) + 2
    assert steps[four_kings]["events"] == [[1, 80, "declaration", "four-kings"]]
    # The trump sequence grows out of the first royal marriage (its QCd and KCb) with
    # JC TC AC from the hand, +250; marriage then sequence is allowed (FOS p.325,
    # the multi-pack rules pages).
    sequence = _step_of(
        steps, "declare trump-sequence JC QC[royal-marriage] KC[royal-marriage,four-kings*] TC AC"
    )
    assert steps[sequence]["events"] == [[1, 250, "declaration", "trump-sequence"]]
    # KCc, never married (its four kings is another class), with a fresh QC (QCc): a
    # second royal marriage, +40.
    second_marriage = _step_of(steps, "declare royal-marriage QC KC[four-kings*]")
    assert steps[second_marriage]["events"] == [[1, 40, "declaration", "royal-marriage"]]
    # Trick 50 re-forms the four kings (WKC, BIC, S003, SC-38). That meld lost KDa
    # and KDb, so KCb and KCc are broken for four kings. Seat 0 leads TS, seat 1 trumps
    # it with QCc (the queen of the second marriage, so KCc's marriage is broken too).
    # Seat 1 adds KCa and KCd from the hand to KCb and KCc: four kings again, +80.
    lost = [
        _step_of(steps, action)
        for action in (
            "play KD[four-kings]",
            "play KD[four-kings*]",
            "play JC[trump-sequence]",
            "play QC[royal-marriage]",
        )
    ]
    assert four_kings < lost[0] < lost[1]
    assert sequence < lost[2]
    assert second_marriage < lost[3]
    trick_50 = _trick_start(states, steps, 50)
    assert _plays(steps, trick_50) == [(0, "play TS"), (1, "play QC[royal-marriage]")]
    assert lost[3] == trick_50 + 1
    assert lost[1] < trick_50
    reformed = _step_of(
        steps,
        "declare four-kings KC KC KC[royal-marriage,trump-sequence*,four-kings*] "
        "KC[royal-marriage*,four-kings*]",
    )
    assert reformed == trick_50 + 2
    before = states[reformed]
    assert before.window is not None
    assert before.window.seat == 1
    assert _table(before, 1) == [
        "KCb[royal-marriage,trump-sequence*,four-kings*]",
        "TCb[trump-sequence*]",
        "KCc[royal-marriage*,four-kings*]",
        "ACc[trump-sequence*]",
        "QCd[royal-marriage,trump-sequence*]",
    ]
    assert [card_id_name(c) for c in before.hand(1)] == ["KCa", "ACb", "KCd"]
    assert steps[reformed]["events"] == [[1, 80, "declaration", "four-kings"]]
    assert [c for c in _table(states[reformed + 1], 1) if c.startswith("KC")] == [
        "KCa[four-kings]",
        "KCb[royal-marriage,trump-sequence*,four-kings]",
        "KCc[royal-marriage*,four-kings]",
        "KCd[four-kings]",
    ]
    # Trick 64: seat 0 leads ACd, seat 1 plays ACc: identical cards, the leader wins
    # the last trick, +50 (HGM, FOS p.334, BIC, S003; SC-33).
    trick_64 = _trick_start(states, steps, 64)
    assert _plays(steps, trick_64) == [(0, "play AC"), (1, "play AC")]
    assert steps[trick_64 + 1]["events"] == [[0, 50, "last-trick", "trick 64"]]
    assert trick_64 + 2 == len(steps)
    # Final: seat 0 scored three cartes blanches and the last trick, 3 x 50 + 50 = 200;
    # seat 1 40 (royal marriage) + 80 (four kings) + 250 (trump sequence) + 40 (royal
    # marriage) + 80 (four kings re-formed) = 490. Seat 0's 12 brisques (120) leave
    # him at 320 (even all 32 would give only 520), under the rubicon of 1000, so no
    # brisques count (BIC). Seat 0 is rubiconed; BIC: 1000 + 400 (490 dropped to its
    # hundreds) + 200 + 320 = 1920.
    final = states[-1].result
    assert final is not None
    assert final.scores == (3 * 50 + 50, 40 + 80 + 250 + 40 + 80)
    assert final.brisques == (12, 20)
    # Four packs hold 16 aces and 16 tens; even all of them would not lift seat 0 to 1000.
    assert sum(final.brisques) == 16 + 16
    assert final.scores[0] + 10 * sum(final.brisques) < 1000
    assert final.last_trick_winner == 0
    assert final.rubiconed == (True, False)
    assert final.game_scores == (0, 1000 + 400 + 200 + 320)
    assert deal_game_scores(bz.variants.RUBICON, (200, 490)) == ((0, 1920), (True, False))
    assert not any(e[2] == "brisques" for s in steps for e in s["events"])
    located = (marriage, four_kings, sequence, second_marriage, reformed)
    assert _declarations(steps) == [
        (i, 1, p) for i, p in zip(located, (40, 80, 250, 40, 80), strict=True)
    ]
    for index in located:
        assert isinstance(bz.parse_action(states[index], steps[index]["action"]), Declare)


def test_six_pack_golden_hand_checked_steps() -> None:
    """NOTES.md, six-pack seed 552: figures derived by hand from the rules. Steps are
    found by what happens at them (the trick, the action)."""
    data = _load("six-pack-seed-552.json")
    states = _replay(data)
    steps = data["steps"]
    # Steps 0-1: every seat is asked, the non-dealer first. Seat 1 holds court cards
    # (KS JH JC QH QS): it can only pass. Seat 0 (the dealer) was dealt 8D 9C AS AS 7H
    # 9D AS AD 7H AD 8S 9S: no king, queen or jack, a carte blanche, +250 (PAR, S003,
    # CMC).
    start = states[0]
    assert start.offers == (1, 0)
    assert _dealt(start, 1) == sorted(
        ["KS", "TS", "JH", "TC", "8H", "9H", "9D", "TD", "JC", "QH", "QS", "9C"]
    )
    assert start.legal_actions() == (bz.Pass(),)
    assert steps[0] == {"step": 0, "seat": 1, "action": "pass", "events": []}
    assert _dealt(states[1], 0) == sorted(
        ["8D", "9C", "AS", "AS", "7H", "9D", "AS", "AD", "7H", "AD", "8S", "9S"]
    )
    # Tricks 1-3, no trumps yet: QS over 8S, KS over 9S, TS against TS (identical
    # cards: the leader wins). Seat 1 leads and wins all three, so he draws first:
    # the stock begins 8Cf 7Df 9He TSc JHc KSc, and seat 0 draws 7Df, then TSc (not
    # court cards: shown again, +250 each; WKC, PAR, S003, SC-41), then KSc, a
    # court card: asked all the same, seat 0 can only pass, which ends it.
    assert _trick(states, steps, 1) == [(1, "play QS"), (0, "play 8S")]
    assert _trick(states, steps, 2) == [(1, "play KS"), (0, "play 9S")]
    assert _trick(states, steps, 3) == [(1, "play TS"), (0, "play TS")]
    assert data["stock"].split()[:6] == ["8Cf", "7Df", "9He", "TSc", "JHc", "KSc"]
    _check_cartes_blanches(states, steps, 250, ("7Df", "TSc", "KSc"))
    # Trick 26 (seat 0 leads 9D, seat 1 plays TD, the higher diamond) gives seat 1 the
    # first marriage of the deal, QC KC: a royal marriage, +40, and clubs become
    # trumps (FOS p.334, WKC, PAR, SC-36). The only earlier declarations are seat
    # 0's four aces, which fix nothing.
    trick_26 = _trick_start(states, steps, 26)
    assert _plays(steps, trick_26) == [(0, "play 9D"), (1, "play TD")]
    marriage = _step_of(steps, "declare royal-marriage QC KC")
    assert marriage == trick_26 + 2
    before = states[marriage]
    assert before.trump is None
    assert before.window is not None
    assert before.window.seat == 1
    assert steps[marriage]["events"] == [[1, 40, "declaration", "royal-marriage"]]
    assert states[marriage + 1].trump is Suit.CLUBS
    earlier = [
        s["action"].split()[1] for s in steps[:marriage] if s["action"].startswith("declare")
    ]
    assert earlier == ["four-aces"] * 3
    # Re-formed four aces (WKC, BIC, S003, SC-38). Trick 6 (KS led, seat 0's AS
    # higher): ASc ASd ADd ADe, +100. Seat 0 leads ASc and then ASd: the two AD are
    # broken. AHb and ACf from the hand re-form it with them, +100. Seat 0 leads AHb:
    # ADd ADe ACf are broken. Trick 20: seat 0 leads 9D, seat 1 renounces with 7H (no
    # trumps yet), the leader wins; seat 0 holds ADa (drawn just before). ADa added
    # to the three: four aces again, +100.
    assert _trick(states, steps, 6) == [(1, "play KS"), (0, "play AS")]
    first_aces = _step_of(steps, "declare four-aces AS AS AD AD")
    assert first_aces == _trick_start(states, steps, 6) + 2
    led = [_step_of(steps, a) for a in ("play AS[four-aces]", "play AS[four-aces*]")]
    second_aces = _step_of(steps, "declare four-aces AH AD[four-aces*] AD[four-aces*] AC")
    led_heart = _step_of(steps, "play AH[four-aces]")
    assert first_aces < led[0] < led[1] < second_aces < led_heart
    assert [steps[i]["seat"] for i in (*led, led_heart)] == [0, 0, 0]
    assert [steps[i]["events"] for i in (first_aces, second_aces)] == [
        [[0, 100, "declaration", "four-aces"]]
    ] * 2
    assert _table(states[second_aces + 1], 0) == [
        "AHb[four-aces]",
        "ADd[four-aces]",
        "ADe[four-aces]",
        "ACf[four-aces]",
    ]
    trick_20 = _trick_start(states, steps, 20)
    assert steps[trick_20 - 1]["action"] == "draw"
    assert _drawn(states, trick_20 - 1, 0) == ["ADa"]
    assert _plays(steps, trick_20) == [(0, "play 9D"), (1, "play 7H")]
    third_aces = _step_of(
        steps, "declare four-aces AD AD[four-aces*] AD[four-aces*] AC[four-aces*]"
    )
    assert third_aces == trick_20 + 2
    before = states[third_aces]
    assert before.trump is None
    assert _table(before, 0) == ["ADd[four-aces*]", "ADe[four-aces*]", "ACf[four-aces*]"]
    assert "ADa" in [card_id_name(c) for c in before.hand(0)]
    assert steps[third_aces]["events"] == [[0, 100, "declaration", "four-aces"]]
    assert _table(states[third_aces + 1], 0) == [
        "ADa[four-aces]",
        "ADd[four-aces]",
        "ADe[four-aces]",
        "ACf[four-aces]",
    ]
    # Trick 39 (AD led, trumped with 9C): KCe of the marriage with JC QC TC AC from
    # the hand, the trump sequence, +250.
    trick_39 = _trick_start(states, steps, 39)
    assert _plays(steps, trick_39) == [(0, "play AD"), (1, "play 9C")]
    sequence = _step_of(steps, "declare trump-sequence JC QC KC[royal-marriage] TC AC")
    assert sequence == trick_39 + 2
    assert steps[sequence]["events"] == [[1, 250, "declaration", "trump-sequence"]]
    # The trump quartet. Seat 1 declares his four club queens (QCb of the marriage,
    # QCe of the sequence, QCd and QCf from the hand) as four queens, +60. Then, with
    # QCa from the hand, four queens of trumps, +600 (PAR, S003, CMC; SC-44): a
    # higher meld of the same class, with a fresh card, so the three re-used queens
    # may go into it (derived from the re-forming rule: docs/rules/rubicon.md).
    queens = _step_of(steps, "declare four-queens QC QC QC[royal-marriage] QC[trump-sequence]")
    assert steps[queens]["events"] == [[1, 60, "declaration", "four-queens"]]
    trump_queens = _step_of(
        steps,
        "declare four-trump-queens QC QC[royal-marriage,four-queens] "
        "QC[trump-sequence,four-queens] QC[four-queens]",
    )
    assert sequence < queens < trump_queens
    before = states[trump_queens]
    assert before.trump is Suit.CLUBS
    assert [c for c in _table(before, 1) if c.startswith("QC")] == [
        "QCb[royal-marriage,four-queens]",
        "QCd[four-queens]",
        "QCe[trump-sequence,four-queens]",
        "QCf[four-queens]",
    ]
    assert "QCa" in [card_id_name(c) for c in before.hand(1)]
    assert steps[trump_queens]["events"] == [[1, 600, "declaration", "four-trump-queens"]]
    # The later declarations (NOTES.md): four aces re-formed twice more, four kings,
    # and a royal marriage for each seat.
    fourth_aces = _step_of(
        steps, "declare four-aces AD[four-aces*] AD[four-aces*] AC AC[four-aces*]"
    )
    fifth_aces = _step_of(steps, "declare four-aces AC AC AC[four-aces*] AC[four-aces*]")
    kings = _step_of(steps, "declare four-kings KC KC KC KC")
    marriage_1 = _step_of(steps, "declare royal-marriage QC[four-queens*] KC")
    marriage_0 = _step_of(steps, "declare royal-marriage QC KC[four-kings]")
    # Trick 96: seat 0 leads ACf, seat 1 plays ACe: identical cards, the leader wins
    # the last trick, +250 (PAR, S003, CMC; SC-33).
    trick_96 = _trick_start(states, steps, 96)
    assert _plays(steps, trick_96) == [(0, "play AC"), (1, "play AC")]
    assert steps[trick_96 + 1]["events"] == [[0, 250, "last-trick", "trick 96"]]
    assert trick_96 + 2 == len(steps)
    # Final: seat 0: 3 x 250 (carte blanche) + 5 x 100 (four aces) + 80 (four kings) +
    # 40 (royal marriage) + 250 (last trick) = 1620; seat 1: 40 (royal marriage) + 250
    # (trump sequence) + 60 (four queens) + 600 (four trump queens) + 40 (royal
    # marriage) = 990. Six packs never count brisques (PKW, CMC). 990 is under the
    # rubicon of 3000; BIC: 1000 + 1600 + 900 + 0 (no brisques) = 3500.
    final = states[-1].result
    assert final is not None
    assert final.scores == (3 * 250 + 5 * 100 + 80 + 40 + 250, 40 + 250 + 60 + 600 + 40)
    assert final.last_trick_winner == 0
    assert final.rubiconed == (False, True)
    assert final.game_scores == (1000 + 1600 + 900, 0)
    assert deal_game_scores(bz.variants.SIX_PACK, (1620, 990)) == ((3500, 0), (False, True))
    declarations = _declarations(steps)
    assert [(i, p) for i, seat, p in declarations if seat == 0] == [
        (first_aces, 100),
        (second_aces, 100),
        (third_aces, 100),
        (fourth_aces, 100),
        (fifth_aces, 100),
        (kings, 80),
        (marriage_0, 40),
    ]
    assert [(i, p) for i, seat, p in declarations if seat == 1] == [
        (marriage, 40),
        (sequence, 250),
        (queens, 60),
        (trump_queens, 600),
        (marriage_1, 40),
    ]
    assert not any(e[2] == "brisques" for s in steps for e in s["events"])
    kinds = {MeldKind(e[3]) for s in steps for e in s["events"] if e[2] == "declaration"}
    assert MeldKind.FOUR_TRUMP_QUEENS in kinds
    for index in (first_aces, second_aces, third_aces, marriage, queens, trump_queens):
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
