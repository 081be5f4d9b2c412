"""The built-in players: legal choices from views, reproducibility, budgets, the rules
of thumb on constructed positions, the registry of names, and the duel machinery.

Strength is measured outside the tests (see the players page of the docs): the small
duels here only check that games are played, counted and reported.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import attrs
import pytest
from positions import build, deal_deck, meld

import bezique as bz
from bezique import DealState, Declare, Exchange, MeldKind, Play, ShowCarteBlanche
from bezique.cards import Card, Suit
from bezique.checks.determinize import determinize
from bezique.errors import NotationError
from bezique.players import (
    PLAYER_NAME_HELP,
    PLAYER_NAMES,
    GreedyPlayer,
    MonteCarloPlayer,
    Player,
    RandomPlayer,
    RuleOfThumbPlayer,
    deal_value,
    make_player,
)
from bezique.players.monte_carlo import nothing_hidden
from bezique.players.registry import player_kinds
from bezique.players.rollout import FastPolicy
from bezique.players.rule_of_thumb import end_scorer
from bezique.programs.cli import main
from bezique.programs.simulate import DuelResult, duel, mean_interval, wilson_interval
from bezique.views import SeatView

PRESETS = [name for name, _ in bz.rules.variants.names()]


def positions(rules: bz.Rules, seed: int, count: int) -> Iterator[DealState]:
    """``count`` states of one random deal, spread over it, each with a seat to move."""
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed, dealer=seed % 2)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            states.append(state)
    step = max(1, len(states) // count)
    yield from states[::step][:count]


def mover_view(state: DealState) -> SeatView:
    seat = state.current_player
    assert seat is not None
    return state.view(seat)


def small_search(seed: int | str = 1) -> MonteCarloPlayer:
    return MonteCarloPlayer(iterations=3, seed=seed)


# -- legal choices from views ------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_every_player_chooses_a_legal_action_in_every_preset(name: str) -> None:
    rules = bz.rules.variants.get(name)
    players: list[Player] = [RandomPlayer(1), RuleOfThumbPlayer()]
    for state in positions(rules, 5, 12):
        view = mover_view(state)
        for player in players:
            action = player.choose(view)
            assert action in view.legal_actions()
            assert not state.why_illegal(action)
    search = small_search()
    for state in positions(rules, 6, 3):
        view = mover_view(state)
        assert search.choose(view) in view.legal_actions()


@pytest.mark.parametrize("name", ["classic", "rubicon", "wikipedia", "cards-and-dominoes"])
def test_rule_of_thumb_plays_whole_deals(name: str) -> None:
    rules = bz.rules.variants.get(name)
    player = RuleOfThumbPlayer()
    for seed in range(3):
        state = bz.new_deal(rules, seed=seed)
        while not state.is_over:
            view = mover_view(state)
            ranked = player.ranked(view)
            assert sorted(map(str, ranked)) == sorted(map(str, view.legal_actions()))
            assert ranked[0] == player.choose(view)
            state = state.apply(ranked[0])
        assert state.result is not None


def test_rule_of_thumb_beats_random_over_a_few_deals() -> None:
    """Not a measurement (see the docs for that): a sanity check that the rules of
    thumb are not upside down. Over 10 paired deals it wins most."""
    result = duel("classic", "rule-of-thumb", "random", games=10, seed=4, deals=True)
    assert result.wins >= 7
    assert result.mean_margin > 0


# -- only the view -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "rubicon", "six-pack"])
def test_choices_depend_only_on_the_view(name: str) -> None:
    """Deals that differ in the hidden cards but show a seat the same view get the same
    choice: the players cannot see what the view does not show."""
    rules = bz.rules.variants.get(name)
    rng = random.Random(2)
    # While a carte blanche is on offer the search does not sample (it shows or passes
    # by the rules of thumb), so those states are left out here.
    for state in [s for s in positions(rules, 8, 5) if not s.offers][:4]:
        view = mover_view(state)
        rule = RuleOfThumbPlayer().choose(view)
        searched = MonteCarloPlayer(iterations=3, seed=9).choose(view)
        for _ in range(2):
            other = determinize(view, rng)
            assert other != state or other.stock == state.stock
            same = mover_view(other)
            assert same == view
            assert RuleOfThumbPlayer().choose(same) == rule
            assert MonteCarloPlayer(iterations=3, seed=9).choose(same) == searched


def reachable(value: object) -> Iterator[object]:
    """Every object reachable from a view's fields (through tuples and attrs classes)."""
    yield value
    if isinstance(value, tuple):
        for item in value:
            yield from reachable(item)
    elif attrs.has(type(value)) and not isinstance(value, bz.Rules):
        for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(value))):
            yield from reachable(getattr(value, field.name))


def test_what_a_player_is_given_holds_no_hidden_card() -> None:
    """A player gets a view: nothing reachable from it is a state, and it does not tell
    the stock's order or the other hand (two deals differing there give equal views)."""
    for state in positions(bz.variants.CLASSIC, 3, 6):
        view = mover_view(state)
        assert not any(isinstance(v, DealState) for v in reachable(view))
        assert view.stock_size == state.stock_size
        assert "stock" not in {f.name for f in attrs.fields(SeatView)}


def test_a_state_passed_to_a_built_in_player_is_read_as_the_movers_view() -> None:
    for state in positions(bz.variants.CLASSIC, 3, 6):
        view = mover_view(state)
        assert RuleOfThumbPlayer().choose(state) == RuleOfThumbPlayer().choose(view)
        assert RandomPlayer(5).choose(state) == RandomPlayer(5).choose(view)
    finished = bz.new_deal(bz.variants.CLASSIC, seed=3)
    while not finished.is_over:
        finished = finished.apply(RuleOfThumbPlayer().choose(finished))
    with pytest.raises(bz.BeziqueError, match="over"):
        RuleOfThumbPlayer().choose(finished)


# -- reproducibility ----------------------------------------------------------------------------


def play_out(rules: bz.Rules, seed: int, players: list[Player]) -> tuple[bz.Action, ...]:
    state = bz.new_deal(rules, seed=seed)
    actions: list[bz.Action] = []
    while not state.is_over:
        action = players[state.current_player or 0].choose(mover_view(state))
        actions.append(action)
        state = state.apply(action)
    return tuple(actions)


def test_random_and_rule_of_thumb_players_are_reproducible() -> None:
    rules = bz.variants.CLASSIC
    first = play_out(rules, 1, [RandomPlayer(7), RuleOfThumbPlayer()])
    again = play_out(rules, 1, [RandomPlayer(7), RuleOfThumbPlayer()])
    other = play_out(rules, 1, [RandomPlayer(8), RuleOfThumbPlayer()])
    assert first == again
    assert first != other


def test_monte_carlo_is_reproducible_from_its_seed() -> None:
    views = [mover_view(s) for s in positions(bz.variants.CLASSIC, 11, 8)]
    views = [v for v in views if len(v.legal_actions()) > 2][:4]
    assert views
    first = [MonteCarloPlayer(iterations=6, seed=3).choose(v) for v in views]
    again = [MonteCarloPlayer(iterations=6, seed=3).choose(v) for v in views]
    assert first == again


def test_greedy_is_the_old_name_of_rule_of_thumb() -> None:
    assert GreedyPlayer is RuleOfThumbPlayer
    assert isinstance(make_player("greedy"), RuleOfThumbPlayer)
    assert isinstance(make_player("rule-of-thumb"), RuleOfThumbPlayer)
    assert isinstance(make_player("random", 1), RandomPlayer)
    search = make_player("monte-carlo:12:0.5s:random:all:margin5:z2:late8:late-rule-of-thumb", 1)
    assert isinstance(search, MonteCarloPlayer)
    assert (search.iterations, search.time_budget, search.rollout) == (12, 0.5, "random")
    assert (search.candidates, search.margin, search.confidence) == (None, 5.0, 2.0)
    assert (search.late, search.late_rollout) == (8, "rule-of-thumb")
    top4 = make_player("monte-carlo:top4", 1)
    assert isinstance(top4, MonteCarloPlayer)
    assert top4.candidates == 4
    with pytest.raises(bz.BeziqueError, match="no player named 'clever'"):
        make_player("clever")
    with pytest.raises(bz.BeziqueError, match="bad monte-carlo option"):
        make_player("monte-carlo:fast-ish")


# -- the registry of names ------------------------------------------------------------------------

#: Names with options, in the long and in the short forms.
OPTION_NAMES = [
    "monte-carlo:iterations=3",
    "monte-carlo:iterations=3:rollout=random:candidates=all:late=8:margin=5:confidence=2",
    "monte-carlo:time_budget=0.01:late_rollout=rule-of-thumb",
    "monte-carlo:time-budget=0.01:late-rollout=fast",
    "monte-carlo:3:random:top2:late8:late-rule-of-thumb:margin5:z2",
    "monte-carlo:0.01s",
]


def late_view() -> SeatView:
    """A view near the end of the stock, with several plays (short playouts)."""
    state = bz.new_deal(bz.variants.CLASSIC, seed=21)
    rule = RuleOfThumbPlayer()
    while state.stock_size > 10 or state.window is not None:
        state = state.apply(rule.choose(mover_view(state)))
    view = mover_view(state)
    assert len(view.legal_actions()) > 2
    return view


@pytest.mark.parametrize("name", [*PLAYER_NAMES, *OPTION_NAMES])
def test_every_player_name_builds_a_player(name: str) -> None:
    view = late_view()
    first = make_player(name, seed=3).choose(view)
    assert first in view.legal_actions()
    # The same name and seed make the same choice (a time budget depends on the machine).
    timed = "0.01" in name
    assert timed or make_player(name, seed=3).choose(view) == first


def settings(player: Player) -> tuple[object, ...]:
    assert isinstance(player, MonteCarloPlayer)
    return (
        player.iterations,
        player.time_budget,
        player.rollout,
        player.candidates,
        player.late,
        player.late_rollout,
        player.margin,
        player.confidence,
    )


@pytest.mark.parametrize(
    ("short", "long"),
    [
        ("40", "iterations=40"),
        ("0.05s", "time_budget=0.05"),
        ("random", "rollout=random"),
        ("top4", "candidates=4"),
        ("all", "candidates=all"),
        ("late8", "late=8"),
        ("late-rule-of-thumb", "late_rollout=rule-of-thumb"),
        ("margin20", "margin=20"),
        ("z2", "confidence=2"),
        ("late-random", "late-rollout=random"),
    ],
)
def test_short_options_stand_for_key_value_options(short: str, long: str) -> None:
    assert settings(make_player(f"monte-carlo:{short}", 1)) == settings(
        make_player(f"monte-carlo:{long}", 1)
    )


def test_monte_carlo_defaults_by_name_are_the_class_defaults() -> None:
    assert settings(make_player("monte-carlo", 1)) == settings(MonteCarloPlayer(seed=1))
    assert settings(make_player(" monte-carlo ", 1)) == settings(MonteCarloPlayer(seed=1))


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("clever", "no player named 'clever'; known: random, rule-of-thumb, monte-carlo, greedy"),
        ("", "no player named ''"),
        ("Random", "no player named 'Random'"),
        ("random:3", "player 'random' takes no options, got '3' in 'random:3'"),
        ("rule-of-thumb:fast", "player 'rule-of-thumb' takes no options"),
        ("monte-carlo:fast-ish", "bad monte-carlo option 'fast-ish' in 'monte-carlo:fast-ish'"),
        (
            "monte-carlo:speed=3",
            "bad monte-carlo option 'speed=3' in 'monte-carlo:speed=3'; options: iterations=N, ",
        ),
        ("monte-carlo:iterations=", "bad monte-carlo option 'iterations='"),
        ("monte-carlo:iterations=many", "iterations=many: not a whole number"),
        ("monte-carlo:margin=wide", "margin=wide: not a number"),
        ("monte-carlo:rollout=perfect", "rollout=perfect: not one of fast, rule-of-thumb, random"),
        ("monte-carlo:iterations=0", "iterations must be at least 1, got 0"),
        ("monte-carlo:time_budget=-1", "time_budget must be positive"),
        ("monte-carlo:40:iterations=50", "option iterations given twice"),
    ],
)
def test_a_bad_player_name_raises_a_notation_error(name: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        make_player(name)
    assert isinstance(info.value, bz.BeziqueError)
    assert message in str(info.value)


def test_a_player_name_must_be_text() -> None:
    with pytest.raises(TypeError, match=r"make_player\(\): name must be a str, not int"):
        make_player(cast("str", 3))


def test_the_name_help_lists_every_kind_alias_and_option() -> None:
    for kind in player_kinds():
        assert f"  {kind.name}" in PLAYER_NAME_HELP
        for alias in kind.aliases:
            assert alias in PLAYER_NAME_HELP
        for key in kind.options:
            assert f"    {key}=" in PLAYER_NAME_HELP
    assert set(PLAYER_NAMES) == {n for k in player_kinds() for n in (k.name, *k.aliases)}


# -- the search budget --------------------------------------------------------------------------


def searched_view() -> SeatView:
    """An early view with several plays to choose from (long playouts)."""
    state = bz.new_deal(bz.variants.CLASSIC, seed=21)
    view = mover_view(state)
    assert len(view.legal_actions()) >= 5
    return view


def test_monte_carlo_keeps_to_its_playout_budget() -> None:
    view = searched_view()
    for iterations in (3, 7, 12):
        player = MonteCarloPlayer(iterations=iterations, seed=1)
        assert player.playouts_for(view) == iterations  # a whole deal to play
        player.choose(view)
        # Rounds of one sample and three candidates, two rounds at least.
        assert player.last_playouts == 3 * max(2, iterations // 3)
        assert len(player.last_means) == 3
    legal = len(view.legal_actions())
    every = MonteCarloPlayer(iterations=2 * legal, seed=1, candidates=None)
    every.choose(view)
    assert every.last_playouts == 2 * legal
    assert set(every.last_means) == set(view.legal_actions())


def test_monte_carlo_gives_late_decisions_more_playouts() -> None:
    """A playout from a position with a fraction f of the tricks left counts as f of
    one: near the end of the stock, the playouts are short and more of them fit."""
    rules = bz.variants.CLASSIC
    state = bz.new_deal(rules, seed=21)
    rule = RuleOfThumbPlayer()
    while state.stock_size > 16:
        state = state.apply(rule.choose(mover_view(state)))
    view = mover_view(state)
    player = MonteCarloPlayer(iterations=10, seed=1)
    left = rules.total_tricks - len(view.tricks)
    assert player.playouts_for(view) == round(10 * rules.total_tricks / left) > 10


def test_monte_carlo_keeps_to_its_time_budget() -> None:
    view = searched_view()
    player = MonteCarloPlayer(time_budget=0.05, seed=1)
    started = time.perf_counter()
    player.choose(view)
    elapsed = time.perf_counter() - started
    # One round of playouts may run past the deadline: a generous bound for busy machines.
    assert elapsed < 0.05 + 0.5
    assert player.last_playouts >= 6  # two rounds at least
    assert player.last_playouts % 3 == 0


def test_the_rule_of_thumb_choice_stands_unless_clearly_beaten() -> None:
    """The first candidate (the rule-of-thumb choice) is replaced only by an action
    whose playouts beat it on average by more than 1.5 standard errors."""
    player = MonteCarloPlayer(seed=1)
    clear = [[0.0, 10.0, -10.0, 0.0], [12.0, 20.0, 0.0, 10.0]]
    assert player._pick(clear) == 1
    noisy = [[0.0, 0.0, 0.0, 0.0], [80.0, -60.0, 70.0, -70.0]]
    assert player._pick(noisy) == 0
    worse = [[0.0, 0.0, 0.0], [-5.0, -5.0, -5.0]]
    assert player._pick(worse) == 0
    best_of_two = [[0.0] * 3, [5.0, 5.0, 5.0], [9.0, 9.0, 9.0]]
    assert player._pick(best_of_two) == 2
    cautious = MonteCarloPlayer(seed=1, margin=10.0)
    assert cautious._pick(best_of_two) == 0


def test_monte_carlo_does_not_search_forced_or_obvious_choices() -> None:
    player = MonteCarloPlayer(iterations=30, seed=1)
    exchange = build(trump="S", hand="7S KH", turn_up="AS", window=True)
    assert player.choose(exchange.view(0)) == Exchange()
    assert player.last_playouts == 0
    forced = build(trump="S", hand="KH", window=True, stock_size=30)
    assert forced.legal_actions() == (bz.Draw(),)
    assert player.choose(forced.view(0)) == bz.Draw()
    assert player.last_playouts == 0


def test_monte_carlo_plays_each_action_once_when_nothing_is_hidden() -> None:
    state = build(
        trump="H",
        hand="AS TS 9C",
        other_hand="KS 7C 8D",
        stock_size=0,
        tricks_done=29,
    )
    view = state.view(0)
    player = MonteCarloPlayer(iterations=60, seed=1)
    action = player.choose(view)
    assert player.last_playouts == len(view.legal_actions())
    best = max(player.last_means.values())
    assert player.last_means[action] == best


def test_bad_search_settings_raise() -> None:
    with pytest.raises(bz.BeziqueError, match="iterations"):
        MonteCarloPlayer(iterations=0)
    with pytest.raises(bz.BeziqueError, match="time_budget"):
        MonteCarloPlayer(time_budget=0)
    with pytest.raises(bz.BeziqueError, match="rollout"):
        MonteCarloPlayer(rollout="perfect")
    with pytest.raises(bz.BeziqueError, match="candidates"):
        MonteCarloPlayer(candidates=0)
    with pytest.raises(bz.BeziqueError, match="late_rollout"):
        MonteCarloPlayer(late_rollout="perfect")


def test_deal_value_is_the_difference_of_scores_or_game_scores() -> None:
    for name in ("classic", "rubicon"):
        rules = bz.rules.variants.get(name)
        state = bz.new_deal(rules, seed=2)
        player = RuleOfThumbPlayer()
        while not state.is_over:
            state = state.apply(player.choose(mover_view(state)))
        result = state.result
        assert result is not None
        scores = result.game_scores if name == "rubicon" else result.scores
        assert deal_value(state, 0) == scores[0] - scores[1] == -deal_value(state, 1)
    with pytest.raises(bz.BeziqueError, match="not over"):
        deal_value(bz.new_deal(bz.variants.CLASSIC, seed=2), 0)


@pytest.mark.parametrize(
    "name",
    [
        n
        for n in PRESETS
        if not bz.rules.variants.get(n).declarations.melding_after_close
        and bz.rules.variants.get(n).players == 2
    ],
)
def test_the_fast_policy_plays_the_last_tricks_as_the_rule_of_thumb_player(name: str) -> None:
    """Once nothing is hidden the search plays its one sample out with the fast policy,
    which must then play exactly as the rule-of-thumb player would from each view. In
    a two-hand deal nothing is hidden in the last tricks; at a larger table the other
    hands stay hidden from a view, while the fast policy reads its sample whole."""
    rules = bz.rules.variants.get(name)
    fast, rule = FastPolicy(), RuleOfThumbPlayer()
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = bz.new_deal(rules, seed=seed)
        while not state.is_over:
            view = mover_view(state)
            if state.phase is bz.Phase.END:
                assert nothing_hidden(view)
                assert fast.choose(state) == rule.choose(view)
                checked += 1
            state = state.apply(
                rule.choose(view) if rng.random() < 0.5 else rng.choice(view.legal_actions())
            )
    assert checked > 0


def test_the_last_tricks_count_a_trick_only_if_no_opponent_still_to_play_beats_it() -> None:
    """S000 hint 7 at a larger table: in the last tricks a card that takes the trick
    counts its points for the side only if no opponent still to play may beat it, and
    the partner's winning card likewise (the end-phase duties would make him play
    the card that beats it)."""
    king, ten, ace, seven = (Card.parse(text).index for text in ("KS", "TS", "AS", "7H"))
    worth = 10.0
    # The ten of spades takes the king: the trick's points are the side's, unless an
    # opponent still to play may hold the ace.
    alone = end_scorer([king], [ace], Suit.HEARTS, worth)
    feared = end_scorer([king], [ace], Suit.HEARTS, worth, after=[ace])
    assert alone(ten) > 0 > feared(ten)
    # The partner's ace leads the trick: the ten given to it scores for the side,
    # unless an opponent still to play may trump it (a seven of trumps, no spade).
    partner = end_scorer([ace], [], Suit.HEARTS, worth, ally_best=True)
    trumped = end_scorer([ace], [seven], Suit.HEARTS, worth, ally_best=True, after=[seven])
    assert partner(ten) > 0 > trumped(ten)


@pytest.mark.parametrize(
    ("scores", "seat", "margin"),
    [((120, 80), 0, 40), ((120, 80), 1, -40), ((50, 90, 70), 2, -20), ((90, 50, 70, 10), 0, 20)],
)
def test_deal_margins_count_against_the_best_other_seat(
    scores: tuple[int, ...], seat: int, margin: int
) -> None:
    from bezique.players.reading import seat_margin

    assert seat_margin(scores, seat) == margin
    with pytest.raises(bz.BeziqueError):
        seat_margin(scores, len(scores))


# -- rules of thumb on constructed positions -----------------------------------------------------


def test_rule_of_thumb_exchanges_the_seven() -> None:
    """S000 law 8: the seven of trumps may be exchanged for the turn-up, for 10."""
    state = build(trump="S", hand="7S KH QD", turn_up="AS", window=True)
    assert state.legal_actions() == (Exchange(), bz.Draw())
    assert RuleOfThumbPlayer().choose(state.view(0)) == Exchange()


def test_rule_of_thumb_declares_the_royal_marriage_before_the_sequence() -> None:
    """S000 hint 6: with the whole sequence in hand, the royal marriage first (40),
    then the sequence on a later trick (250), rather than the sequence alone."""
    state = build(trump="H", hand="AH TH KH QH JH 8C", window=True, stock_size=30)
    kinds = {a.kind for a in state.legal_actions() if isinstance(a, Declare)}
    assert {MeldKind.ROYAL_MARRIAGE, MeldKind.TRUMP_SEQUENCE} <= kinds
    player = RuleOfThumbPlayer()
    first = player.choose(state.view(0))
    assert isinstance(first, Declare)
    assert first.kind is MeldKind.ROYAL_MARRIAGE
    # On the next trick won, the married king and queen go into the sequence.
    later = build(
        trump="H",
        hand="AH TH JH 8C",
        table=[meld("royal-marriage", "KH QH")],
        window=True,
        stock_size=26,
    )
    second = player.choose(later.view(0))
    assert isinstance(second, Declare)
    assert second.kind is MeldKind.TRUMP_SEQUENCE


def test_rule_of_thumb_declares_the_sequence_at_once_on_the_last_stock_trick() -> None:
    """No later trick to declare on: the most valuable meld."""
    state = build(trump="H", hand="AH TH KH QH JH 8C", window=True, stock_size=2)
    first = RuleOfThumbPlayer().choose(state.view(0))
    assert isinstance(first, Declare)
    assert first.kind is MeldKind.TRUMP_SEQUENCE


def test_rule_of_thumb_takes_the_double_bezique_when_singles_are_on_the_table() -> None:
    """A second single bezique would bar the double (FOS p.326, fresh card): take the 500."""
    state = build(
        trump="H",
        hand="QS JD 8C",
        table=[meld("bezique", "QS JD")],
        window=True,
        stock_size=30,
    )
    choice = RuleOfThumbPlayer().choose(state.view(0))
    assert isinstance(choice, Declare)
    assert choice.kind is MeldKind.DOUBLE_BEZIQUE


def test_rule_of_thumb_shows_a_carte_blanche() -> None:
    rules = bz.variants.RUBICON
    deck = deal_deck(rules, hands=("7S 8S 9S AS TS 7H 8H 9H AH", "KS QS"), turn_up=None, dealer=1)
    state = bz.new_deal(rules, deck=deck, dealer=1)
    assert state.current_player == 0
    assert ShowCarteBlanche() in state.legal_actions()
    assert RuleOfThumbPlayer().choose(state.view(0)) == ShowCarteBlanche()
    after = state.apply(ShowCarteBlanche())
    # The other hand holds court cards: it can only pass.
    assert RuleOfThumbPlayer().choose(after.view(1)) == bz.Pass()


def test_rule_of_thumb_wins_a_brisque_trick_cheaply() -> None:
    """S000 hint 8: a small trump captures an ace led; the king and ace of trumps are
    kept, and nothing is thrown away under the ace."""
    state = build(trump="S", hand="8S KS AS 7C 9D", led="AH", stock_size=30)
    assert RuleOfThumbPlayer().choose(state.view(0)) == Play(bz.CardRef(bz.Card.parse("8S")))
    # A ten led is taken by the ace of its suit, which wins both brisques.
    ten = build(trump="S", hand="AC KS 7D 9H", led="TC", stock_size=30)
    assert RuleOfThumbPlayer().choose(ten.view(0)) == Play(bz.CardRef(bz.Card.parse("AC")))


def test_rule_of_thumb_lets_a_small_card_go_to_a_small_lead() -> None:
    """Nothing worth taking and no meld to declare: keep trumps and aces, throw the
    smallest card."""
    state = build(trump="S", hand="8S AS AH 7C KD 9C JH 8H", led="9D", stock_size=30)
    assert RuleOfThumbPlayer().choose(state.view(0)) == Play(bz.CardRef(bz.Card.parse("7C")))


def test_rule_of_thumb_avoids_leading_a_ten() -> None:
    """S000 hint 5."""
    state = build(trump="S", hand="TH 8C KD 9H", window=False, stock_size=30)
    choice = RuleOfThumbPlayer().choose(state.view(0))
    assert isinstance(choice, Play)
    assert choice.card.card != bz.Card.parse("TH")


def test_rule_of_thumb_wins_the_last_stock_trick() -> None:
    """S000 hint 9: the winner of the last stock trick declares, the other cannot."""
    state = build(trump="S", hand="KS 7C 8D 9H", led="JC", stock_size=2)
    choice = RuleOfThumbPlayer().choose(state.view(0))
    assert choice == Play(bz.CardRef(bz.Card.parse("KS")))
    # Earlier in the deal the king of trumps is not spent on a jack.
    early = build(trump="S", hand="KS 7C 8D 9H", led="JC", stock_size=30)
    assert RuleOfThumbPlayer().choose(early.view(0)) != choice


def test_rule_of_thumb_keeps_bezique_cards() -> None:
    """S000 hint 1: never part with bezique cards while a bezique may still be made."""
    state = build(trump="H", hand="QS JD 9C 8C", led="7D", stock_size=30)
    choice = RuleOfThumbPlayer().choose(state.view(0))
    assert isinstance(choice, Play)
    assert str(choice.card.card) not in ("QS", "JD")


# -- wilson intervals and duels ------------------------------------------------------------------


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert round(high, 4) == 0.2775
    low, high = wilson_interval(10, 10)
    assert (round(low, 4), round(high, 4)) == (0.7225, 1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_small_duel_counts_every_deal() -> None:
    result = duel("classic", "rule-of-thumb", "random", games=20, seed=2, deals=True)
    assert isinstance(result, DuelResult)
    assert (result.games, result.unit) == (20, "deal")
    assert result.wins + result.losses + result.draws == 20
    assert len(result.margins) == 20
    assert result.win_rate == (result.wins + result.draws / 2) / 20
    low, high = result.interval
    assert low <= result.win_rate <= high
    text = "\n".join(result.lines())
    assert "20 deals of classic, seed 2" in text
    assert f"A wins {result.wins}, loses {result.losses}, draws {result.draws}" in text
    data = result.to_dict()
    assert data["wilson_95"] == [low, high]
    assert json.loads(json.dumps(data))["games"] == 20
    # The mean margin's 95% interval: the mean, less and plus 1.96 standard errors.
    m_low, m_high = result.margin_interval
    half = 1.959964 * statistics.stdev(result.margins) / math.sqrt(20)
    assert m_low == pytest.approx(result.mean_margin - half)
    assert m_high == pytest.approx(result.mean_margin + half)
    assert data["margin_95"] == [m_low, m_high]
    assert f"mean margin {result.mean_margin:+.1f} points per deal, 95% interval" in text
    assert f"{m_low:+.1f} to {m_high:+.1f}" in text


def test_the_interval_of_a_mean_needs_two_values() -> None:
    assert mean_interval([7]) == (7.0, 7.0)
    assert mean_interval([]) == (0.0, 0.0)
    low, high = mean_interval([1, 1, 1])
    assert low == high == 1.0


def test_duel_pairs_the_cards_and_swaps_the_seats() -> None:
    """Games 2k and 2k+1 are dealt the same cards with the seats swapped, so a player
    against itself wins exactly one of each pair, or draws both, on equal terms."""
    result = duel("classic", "rule-of-thumb", "rule-of-thumb", games=6, seed=5, deals=True)
    for k in range(0, 6, 2):
        assert result.margins[k] == -result.margins[k + 1]
    assert result.wins == result.losses


def test_duel_plays_whole_games_or_rubicon_deals() -> None:
    games = duel("classic", "rule-of-thumb", "random", games=2, seed=1)
    assert games.unit == "game"
    assert all(abs(m) > 0 for m in games.margins)
    rubicon = duel("rubicon", "rule-of-thumb", "random", games=2, seed=1)
    assert rubicon.unit == "deal"


def test_duel_is_the_same_with_two_processes() -> None:
    one = duel("classic", "rule-of-thumb", "random", games=4, seed=7, deals=True)
    two = duel("classic", "rule-of-thumb", "random", games=4, seed=7, deals=True, jobs=2)
    assert one == two
    assert two.jobs == 2


def test_duel_rejects_bad_arguments() -> None:
    with pytest.raises(bz.BeziqueError, match="no player named"):
        duel("classic", "rule-of-thumb", "nobody", games=2)
    with pytest.raises(bz.BeziqueError, match="games must be"):
        duel("classic", "rule-of-thumb", "random", games=0)
    with pytest.raises(bz.BeziqueError, match="jobs"):
        duel("classic", "rule-of-thumb", "random", games=2, jobs=-1)


def test_duel_command_reports_and_writes_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "duel.json"
    argv = ["duel", "--players", "rule-of-thumb,random", "--games", "4", "--seed", "3"]
    code = main([*argv, "--deals", "--json", str(path)])
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["a"] == "rule-of-thumb"
    assert data["b"] == "random"
    assert data["games"] == 4
    assert data["unit"] == "deal"
    assert data["wins"] + data["losses"] + data["draws"] == 4
    assert "4 deals of classic, seed 3: rule-of-thumb (A) against random (B)" in out
    assert "95% Wilson interval" in out
    expected = duel("classic", "rule-of-thumb", "random", games=4, seed=3, deals=True)
    assert (data["wins"], data["losses"], data["margins"]) == (
        expected.wins,
        expected.losses,
        list(expected.margins),
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["duel", "--players", "random"], "--players needs two names"),
        (["duel", "--players", "random,nobody", "--games", "1"], "no player named 'nobody'"),
        (["duel", "--variant", "nope", "--games", "1"], "no preset named 'nope'"),
    ],
)
def test_duel_command_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: ")
    assert message in err


def test_the_players_do_not_import_the_simulations() -> None:
    """Imports point one way: ``bezique.programs.simulate`` uses the players, never the reverse."""
    code = "import sys, bezique.players; print('bezique.programs.simulate' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


def test_players_benchmark_reports_every_player_it_is_given() -> None:
    script = Path(__file__).parents[1] / "benchmarks" / "players.py"
    args = ["--deals", "1", "--players", "random,rule-of-thumb"]
    out = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, check=True
    ).stdout
    rows = [line.split() for line in out.splitlines()]
    timed = {row[0]: int(row[1]) for row in rows if row and row[0] in ("random", "rule-of-thumb")}
    assert set(timed) == {"random", "rule-of-thumb"}
    assert all(count > 0 for count in timed.values())
    assert sum(1 for row in rows if row[:2] == ["view", "built"]) == 2
