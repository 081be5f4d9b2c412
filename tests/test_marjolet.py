"""Marjolet (``MARJOLET``): the one-pack ancestor of Bezique.

S003 (which follows Parlett's *Oxford A-Z*) with the values its pictures lost
taken from WMJ and ADP: one pack, six cards dealt 3-3, ten stock tricks then six,
several melds scored on one trick, the marjolet (the jack of trumps) with the queen
of trumps 40 and with another queen 20, a declared card free to go into any other
meld but the same set of cards never twice in one kind, the dix scored once
(turned up, exchanged or played), 10 for the 10th trick, 10 for the last, 50 for
all six last tricks, brisques 10 each, game 500. Each test cites the source of the
rule it checks; the knobs have their tests in ``test_knobs.py``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from positions import build, deal_deck, declare, declared, draw, meld, play, play_trick, step
from strategies import checked_playout

import bezique as bz
from bezique import MeldKind, Phase, Reason, ScoreEvent, ScoreSource, Suit
from bezique.checks.determinize import determinize
from bezique.checks.invariants import check_state
from bezique.io import load_state, state_to_json, view_from_json, view_to_json
from bezique.players import make_player
from bezique.players.reading import meld_targets
from bezique.rules import variants

MARJOLET = variants.MARJOLET


def test_the_preset_differs_from_classic_exactly_as_the_rules_page_says() -> None:
    """S003, WMJ, ADP: the knobs MARJOLET sets, and nothing else."""
    classic, preset = variants.CLASSIC.knobs(), MARJOLET.knobs()
    changed = {knob: value for knob, value in preset.items() if value != classic[knob]}
    assert changed == {
        "packs": 1,
        "hand_size": 6,
        "packets": (3, 3),
        "seven_in_end_phase": True,
        "seven_scores_once": True,
        "limit": "several",
        "melding_after_close": True,
        "fresh_card": "never",
        "inferior_order": "none",
        "same_kind_reuse": "new-set",
        "trump_sequence": None,
        "bezique": None,
        "double_bezique": None,
        "four_jacks": None,
        "four_queens": 40,
        "four_kings": 60,
        "four_tens": 80,
        "royal_marjolet": 40,
        "common_marjolet": 20,
        "stock_end_points": 10,
        "all_last_tricks_points": 50,
        "target": 500,
    }
    assert variants.get("Marjolet") is MARJOLET
    assert MARJOLET.sources == ("S003", "WMJ", "ADP")


def test_one_pack_six_cards_ten_stock_tricks_then_six() -> None:
    """S003, WMJ: a 32-card pack, six cards each (3-3, WMJ), the 13th turned up for
    trumps and drawn last; ten stock tricks, then the six cards of each hand."""
    assert (MARJOLET.deck_size, MARJOLET.stock_tricks, MARJOLET.total_tricks) == (32, 10, 16)
    state = bz.new_deal(MARJOLET, seed=5)
    assert [len(state.hand(seat)) for seat in (0, 1)] == [6, 6]
    assert state.turn_up_card is not None
    assert state.trump is state.turn_up_card.suit
    assert len(state.stock) == 19
    assert state.current_player == 1  # the non-dealer leads (S003)


def test_stock_tricks_have_no_duty_and_the_suit_led_or_a_trump_wins() -> None:
    """S003: in the stock the follower may play any card; the higher card of the suit
    led, or a trump, wins."""
    state = build(MARJOLET, trump="S", window=False, hand="9H", other_hand="AC TH 7S KD")
    state, _ = step(state, play("9H"))
    assert {str(a) for a in state.legal_actions()} >= {"play AC", "play TH", "play 7S", "play KD"}
    for reply, winner in [("AC", 0), ("TH", 1), ("7S", 1)]:
        after, _ = step(state, play(reply))
        assert after.tricks[-1].winner == winner, reply


def test_the_marjolet_melds() -> None:
    """WMJ, ADP: the marjolet (jack of trumps) with the queen of trumps 40, with
    another queen 20; S003 lists both (values lost, taken from WMJ)."""
    state = build(MARJOLET, trump="D", hand="JD QD QS QC JC")
    declarations = state.legal_declarations()
    assert declare("royal-marjolet", "JD QD") in declarations
    assert declare("common-marjolet", "JD QS") in declarations
    assert declare("common-marjolet", "JD QC") in declarations
    assert step(state, declare("royal-marjolet", "JD QD"))[1] == (
        declared(0, 40, "royal-marjolet"),
    )
    assert step(state, declare("common-marjolet", "JD QS"))[1] == (
        declared(0, 20, "common-marjolet"),
    )
    # Only the jack of trumps is the marjolet.
    assert state.why_illegal(declare("common-marjolet", "JC QS")) == (Reason.NOT_A_MELD,)


@pytest.mark.parametrize(
    ("kind", "cards", "points"),
    [
        ("four-aces", "AS AH AD AC", 100),
        ("four-tens", "TS TH TD TC", 80),
        ("four-kings", "KS KH KD KC", 60),
        ("four-queens", "QS QH QD QC", 40),
        ("royal-marriage", "KH QH", 40),
        ("common-marriage", "KS QS", 20),
    ],
)
def test_the_other_melds(kind: str, cards: str, points: int) -> None:
    """WMJ, ADP: four aces 100, tens 80, kings 60, queens 40; marriages 40 and 20."""
    state = build(MARJOLET, trump="H", hand=cards)
    assert step(state, declare(kind, cards))[1] == (declared(0, points, kind),)


@pytest.mark.parametrize(
    ("kind", "cards"),
    [
        ("four-jacks", "JS JH JD JC"),
        ("bezique", "QS JD"),
        ("trump-sequence", "AH TH KH QH JH"),
    ],
)
def test_melds_of_bezique_that_marjolet_lacks(kind: str, cards: str) -> None:
    """WMJ, ADP list no four jacks (S003's list has them: the four-jacks knob), and
    Marjolet has no bezique and no sequence."""
    state = build(MARJOLET, trump="H", hand=cards)
    assert state.why_illegal(declare(kind, cards)) == (Reason.KIND_NOT_IN_VARIANT,)


def test_several_melds_scored_on_one_trick() -> None:
    """S003 ("may declare one or more melds"), WMJ, ADP ("plusieurs combinaisons à la
    fois"), MIS: the winner scores every meld he declares, then draws."""
    state = build(MARJOLET, trump="H", hand="KH QH JH QS")
    scored = []
    for kind, cards in [
        ("royal-marriage", "KH QH"),
        ("royal-marjolet", "JH QH[royal-marriage]"),
        ("common-marjolet", "JH[royal-marjolet] QS"),
    ]:
        state, events = step(state, declare(kind, cards))
        scored += [e.points for e in events]
    assert scored == [40, 40, 20]
    assert state.window is not None
    assert state.window.declarations == 3
    assert state.scores[0] == 100


def test_the_marjolet_with_each_queen_in_turn_but_the_same_set_never_twice() -> None:
    """S003 ("The trump Jack ... may be re-melded to different Queens"), WMJ (the
    same set of cards never twice), ADP (a married queen may marry the marjolet, and
    the other way round)."""
    state = build(
        MARJOLET,
        trump="C",
        table=[meld("common-marjolet", "JC QS"), meld("common-marriage", "KH QH")],
        hand="QD",
    )
    again = declare("common-marjolet", "JC[common-marjolet] QS[common-marjolet]")
    assert state.why_illegal(again) == (Reason.SAME_KIND_REUSED,)
    assert again not in state.legal_declarations()
    with pytest.raises(bz.IllegalActionError):
        state.step(again)
    new_queen = declare("common-marjolet", "JC[common-marjolet] QD")
    married_queen = declare("common-marjolet", "JC[common-marjolet] QH[common-marriage]")
    assert {new_queen, married_queen} <= set(state.legal_declarations())
    state, events = step(state, new_queen)
    assert events == (declared(0, 20, "common-marjolet"),)
    state, events = step(state, married_queen)
    assert events == (declared(0, 20, "common-marjolet"),)


def test_a_queen_of_a_marjolet_may_then_marry_its_king() -> None:
    """ADP: a queen may be married to the marjolet and then to its king (either order)."""
    state = build(MARJOLET, trump="C", table=[meld("common-marjolet", "JC QS")], hand="KS")
    marriage = declare("common-marriage", "KS QS[common-marjolet]")
    assert marriage in state.legal_declarations()
    assert step(state, marriage)[1] == (declared(0, 20, "common-marriage"),)


def test_the_dix() -> None:
    """S003: the dealer who turns up the dix scores 10; a player holding it may
    exchange it for the turn-up after winning a trick, 10; if not, it scores 10 when
    played to a trick, won or not."""
    hands = ("8S 9S 8D 9D 8C 9C", "JS QS KS JD QD KD")
    deck = deal_deck(MARJOLET, hands=hands, turn_up="7H", dealer=0)
    assert bz.new_deal(MARJOLET, deck=deck, dealer=0).scores == (10, 0)
    exchange = build(MARJOLET, trump="S", turn_up="AS", hand="7S")
    assert step(exchange, bz.Exchange())[1] == (ScoreEvent(0, 10, ScoreSource.EXCHANGE, "AS"),)
    played = build(MARJOLET, trump="S", window=False, hand="7S", other_hand="8S")
    _, events = play_trick(played, "7S", "8S")
    assert ScoreEvent(0, 10, ScoreSource.SEVEN_OF_TRUMPS, "played") in events
    # Kept through the stock, it still scores when played in the last tricks (S003).
    end = build(
        MARJOLET,
        trump="S",
        stock_size=0,
        tricks_done=12,
        hand="7S 9H 9D 9C",
        other_hand="8S 8H 8D 8C",
    )
    _, events = step(end, play("7S"))
    assert events == (ScoreEvent(0, 10, ScoreSource.SEVEN_OF_TRUMPS, "played"),)


def test_the_card_gained_by_the_exchange_waits_for_the_next_trick() -> None:
    """S000 law 8, which no Marjolet source lifts: the winner may exchange the dix and
    still declare on the trick, but not with the card gained. With the Q♠ gained for
    the 7♠, the marjolet J♠ Q♠ waits; the K♥ Q♥ marriage may be declared."""
    state = build(MARJOLET, trump="S", turn_up="QS", hand="7S JS KH QH")
    state, _ = step(state, bz.Exchange())
    marjolet = declare("royal-marjolet", "JS QS")
    assert state.why_illegal(marjolet) == (Reason.USES_EXCHANGED_CARD,)
    assert marjolet not in state.legal_declarations()
    assert declare("common-marriage", "KH QH") in state.legal_declarations()


def test_the_last_six_tricks() -> None:
    """S003, WMJ: after the stock the table cards go back to the hands; the follower
    must follow suit and win if able, and trump when void."""
    state = build(
        MARJOLET,
        trump="S",
        stock_size=2,
        hand="KH",
        table=[meld("common-marriage", "KD QD")],
        other_hand="9H AH 7S 8C",
    )
    state = draw(state)
    assert state.phase is Phase.END
    assert not state.table(0)
    state, _ = step(state, play("KH"))
    assert [str(a) for a in state.legal_actions()] == ["play AH"]
    void = build(
        MARJOLET,
        trump="S",
        stock_size=0,
        tricks_done=12,
        hand="KH 9D 9C 8D",
        other_hand="7S 8C 7C 7D",
    )
    void, _ = step(void, play("KH"))
    assert [str(a) for a in void.legal_actions()] == ["play 7S"]


def test_declarations_continue_after_the_close() -> None:
    """S003: "Players may still declare melds after the close"; WMJ ends them with
    the stock (``melding_after_close=False``)."""
    for option in (True, False):
        rules = MARJOLET.evolve(melding_after_close=option)
        state = build(
            rules,
            trump="S",
            stock_size=0,
            tricks_done=10,
            hand="KH QH AC",
            other_hand="7C 8D 8H 9D 9C 9H",
        )
        state, _ = play_trick(state, "AC", "7C")
        marriage = declare("common-marriage", "KH QH")
        if option:
            assert state.window == bz.Window(0)
            assert state.legal_declarations() == (marriage,)
            assert step(state, marriage)[1] == (declared(0, 20, "common-marriage"),)
        else:
            assert state.window is None
            assert state.why_illegal(marriage) == (Reason.NOT_IN_STOCK_PHASE,)


def test_the_quartets_as_s003_lists_them() -> None:
    """S003 lists four aces, kings, queens and jacks (values lost; GR 100/80/60/40):
    the meld values express that reading, with no four tens."""
    s003 = MARJOLET.evolve(four_tens=None, four_kings=80, four_queens=60, four_jacks=40)
    state = build(s003, trump="H", hand="JS JH JD JC")
    assert step(state, declare("four-jacks", "JS JH JD JC"))[1] == (declared(0, 40, "four-jacks"),)
    tens = build(s003, trump="H", hand="TS TH TD TC")
    assert tens.why_illegal(declare("four-tens", "TS TH TD TC")) == (Reason.KIND_NOT_IN_VARIANT,)


def test_a_game_is_played_to_500() -> None:
    """S003: the first to 500 over several deals wins the game."""
    game = bz.new_game(MARJOLET, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        actions = game.legal_actions()
        game = game.apply(actions[rng.randrange(len(actions))])
    assert len(game.results) > 1
    assert max(game.totals) >= 500
    assert sum(r.game_scores[0] for r in game.results[:-1]) < 500
    assert sum(r.game_scores[1] for r in game.results[:-1]) < 500
    assert game.winner is not None
    assert game.totals[game.winner] == max(game.totals)


# -- random playouts: the invariants of the game ------------------------------------------


def _play(
    seed: int,
) -> tuple[bz.DealState, list[tuple[bz.DealState, bz.Action, tuple[ScoreEvent, ...]]]]:
    state = bz.new_deal(MARJOLET, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    steps = []
    while not state.is_over:
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        after, events = state.step(action)
        steps.append((state, action, events))
        state = after
    return state, steps


@pytest.mark.parametrize("block", range(4))
def test_random_deals_keep_the_invariants_of_marjolet(block: int) -> None:
    """Two thousand random deals: every state valid, sixteen tricks, the same set of
    cards never twice in one kind (WMJ), the dix scored at most once (S003), one
    stock-end bonus at the 10th trick (S003), the all-six-tricks bonus exactly when
    one seat won tricks 11 to 16 (S003), and the scores the sum of the events."""
    for seed in range(block * 500, block * 500 + 500):
        final, steps = _play(seed)
        check_state(final)
        assert len(final.tricks) == 16
        sets = Counter((m.seat, m.kind, m.cards) for m in final.melds)
        assert max(sets.values(), default=1) == 1
        events = [e for _, _, scored in steps for e in scored]
        dix = [e for e in events if e.source in (ScoreSource.EXCHANGE, ScoreSource.SEVEN_OF_TRUMPS)]
        turned = final.scores != tuple(
            sum(e.points for e in events if e.seat == seat) for seat in (0, 1)
        )
        assert len(dix) + turned <= 1
        stock_end = [e for e in events if e.source is ScoreSource.STOCK_END]
        assert len(stock_end) == 1
        assert stock_end[0].seat == final.tricks[9].winner
        sweepers = {t.winner for t in final.tricks[10:]}
        sweep = [e.seat for e in events if e.source is ScoreSource.ALL_LAST_TRICKS]
        assert sweep == (list(sweepers) if len(sweepers) == 1 else [])
        brisques = [e.points for e in events if e.source is ScoreSource.BRISQUES]
        assert sum(brisques) == 80


@pytest.mark.parametrize("seed", range(6))
def test_checked_playouts(seed: int) -> None:
    """The library's full playout checks (legal actions, refusals, transitions) on
    Marjolet deals."""
    checked_playout(bz.new_deal(MARJOLET, seed=seed), random.Random(seed))


# -- JSON, views, determinization and the players -----------------------------------------


def test_json_round_trips_and_views() -> None:
    """Every state of a deal goes through its JSON document unchanged; each seat's
    view hides the other hand and the stock and goes through its own document."""
    final, steps = _play(11)
    for state, _, _ in [*steps, (final, None, ())]:
        assert load_state(state_to_json(state)) == state
        for seat in (0, 1):
            view = state.view(seat)
            assert view_from_json(view_to_json(view)) == view
            assert set(view.hand) == set(state.hand(seat))
    melds = [
        m for m in final.melds if m.kind in (MeldKind.ROYAL_MARJOLET, MeldKind.COMMON_MARJOLET)
    ]
    assert all(m.points in (20, 40) for m in melds)


def test_a_deal_record_round_trips() -> None:
    final, steps = _play(12)
    start = steps[0][0]
    record = bz.record_deal(start, [action for _, action, _ in steps])
    assert record.replay() == final
    assert record.scores == final.scores
    assert bz.DealRecord.from_json(record.to_json()) == record


@pytest.mark.parametrize("seed", range(3))
def test_determinized_states_agree_with_the_view(seed: int) -> None:
    """A state dealt from a seat's view shows that seat the same view, in the middle
    of the stock and after the close."""
    _final, steps = _play(seed)
    for state, _, _ in steps[::7]:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        guess = determinize(view, random.Random(seed))
        assert guess.view(seat) == view
        assert guess.rules is MARJOLET


@pytest.mark.parametrize("name", ["random", "rule-of-thumb", "monte-carlo:iterations=4"])
def test_the_built_in_players_play_marjolet(name: str) -> None:
    state = bz.new_deal(MARJOLET, seed=21)
    players = [make_player(name, seed=1), make_player("rule-of-thumb", seed=2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.view(seat))
        assert action in state.legal_actions()
        state = state.apply(action)
    assert state.result is not None


def test_the_rule_of_thumb_player_scores_several_melds_on_one_trick() -> None:
    """S003: with several melds the rule-of-thumb player declares them all."""
    state = build(MARJOLET, trump="H", hand="KH QH JH QS")
    player = make_player("rule-of-thumb")
    kinds = []
    while state.window is not None and state.phase is Phase.STOCK:
        action = player.choose(state.view(0))
        if not isinstance(action, bz.Declare):
            break
        kinds.append(action.kind)
        state = state.apply(action)
    assert sorted(kinds) == sorted(
        [MeldKind.ROYAL_MARRIAGE, MeldKind.ROYAL_MARJOLET, MeldKind.COMMON_MARJOLET]
    )


def test_the_players_count_the_marjolet_free_for_another_queen() -> None:
    """S003, WMJ: the marjolet declared with one queen may marry the next, so the
    players' meld reading does not count it spent for its kind (under the two-hand
    rules a married king is: S000, FOS)."""
    targets = meld_targets(MARJOLET, Suit.CLUBS).targets
    common = [t for t in targets if t.kind is MeldKind.COMMON_MARJOLET]
    assert len(common) == 3
    assert all(t.same == 0 for t in common)
    classic = meld_targets(variants.CLASSIC, Suit.CLUBS).targets
    marriages = [t for t in classic if t.kind is MeldKind.COMMON_MARRIAGE]
    assert all(t.same == MeldKind.COMMON_MARRIAGE.bit for t in marriages)


def test_demo_plays_marjolet(capsys: pytest.CaptureFixture[str]) -> None:
    from bezique.programs.cli import main

    assert main(["demo", "--variant", "marjolet", "--seed", "3", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "(marjolet)" in out
    assert "for the end of the stock (trick 10)" in out
