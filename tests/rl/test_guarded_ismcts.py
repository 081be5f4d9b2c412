"""The final choice of ours for OpenSpiel's ISMCTS bot (bezique.envs.openspiel):
the rule-of-thumb action stands unless another root action beats it clearly."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts

import bezique as bz
from bezique.envs import openspiel as bezique_spiel
from bezique.envs.openspiel import keep_unless_beaten
from bezique.players import RuleOfThumbPlayer

KEEP, OTHER, THIRD = 5, 7, 9


def _returns(values: list[float], worlds: list[int] | None = None) -> list[tuple[int, float]]:
    return list(zip(worlds or range(len(values)), values, strict=True))


def test_equal_returns_keep_the_rule_of_thumb_action() -> None:
    same = _returns([1, -1, 1, 1])
    assert keep_unless_beaten({KEEP: same, OTHER: same}, KEEP, 1.5) == KEEP
    # A tie is no gain, even at no confidence at all.
    assert keep_unless_beaten({KEEP: same, OTHER: same}, KEEP, 0.0) == KEEP


def test_noise_keeps_the_rule_of_thumb_action() -> None:
    """Paired by world: the other action is ahead on average (+0.5) but within 1.5
    standard errors of the differences (2, -2, 2, 0: mean 0.5, standard error 0.96)."""
    returns = {KEEP: _returns([-1, 1, -1, 0]), OTHER: _returns([1, -1, 1, 0])}
    assert keep_unless_beaten(returns, KEEP, 1.5) == KEEP
    # The same gain is taken at a lower bar: the bar is what kept it.
    assert keep_unless_beaten(returns, KEEP, 0.5) == OTHER


def test_a_clearly_better_action_is_taken_on_the_same_worlds() -> None:
    """Better by 1 in every world: the differences have no spread, the gain is clear."""
    returns = {
        KEEP: _returns([-1, 0, -1, 0], [0, 1, 2, 3]),
        OTHER: _returns([0, 1, 0, 1], [0, 1, 2, 3]),
    }
    assert keep_unless_beaten(returns, KEEP, 1.5) == OTHER


def test_the_pairing_is_by_world_not_by_order() -> None:
    """The same returns, listed in another order of the worlds: paired by world the
    other action is better in each (by 1), paired by order it would be noise."""
    keep = _returns([5, 1, 3], [2, 0, 1])
    other = _returns([2, 4, 6], [0, 1, 2])
    assert keep_unless_beaten({KEEP: keep, OTHER: other}, KEEP, 3.0) == OTHER


def test_worlds_searched_twice_count_once_by_their_mean() -> None:
    """Two returns in world 0 (mean 1) and one in world 1: differences 2 and 2."""
    returns = {
        KEEP: _returns([-1, -1], [0, 1]),
        OTHER: _returns([2, 0, 1], [0, 0, 1]),
    }
    assert keep_unless_beaten(returns, KEEP, 10.0) == OTHER


def test_of_the_clearly_better_actions_the_largest_gain_is_taken() -> None:
    worlds = [0, 1, 2]
    returns = {
        KEEP: _returns([0, 0, 0], worlds),
        OTHER: _returns([1, 1, 1], worlds),
        THIRD: _returns([2, 2, 2], worlds),
    }
    assert keep_unless_beaten(returns, KEEP, 1.5) == THIRD


def test_without_common_worlds_the_comparison_is_unpaired() -> None:
    """Different worlds (each simulation its own): Welch's standard error."""
    keep = _returns([-1, -1, 1, -1], [0, 1, 2, 3])
    clear = _returns([1, 1, 1, 0.9], [4, 5, 6, 7])
    noisy = _returns([1, -1, 1, 1], [4, 5, 6, 7])
    assert keep_unless_beaten({KEEP: keep, OTHER: clear}, KEEP, 1.5) == OTHER
    # Ahead by 1 on average, but with a standard error of 1.
    assert keep_unless_beaten({KEEP: keep, OTHER: noisy}, KEEP, 1.5) == KEEP


@pytest.mark.parametrize(
    "returns",
    [
        # One return of the other action: no spread to judge it by.
        {KEEP: _returns([-1, -1, -1]), OTHER: _returns([1])},
        # One common world, and too few returns to compare unpaired.
        {KEEP: _returns([-1], [0]), OTHER: _returns([1, 1], [0, 1])},
        # The rule-of-thumb action was not searched at all.
        {OTHER: _returns([1, 1, 1])},
        {},
    ],
)
def test_too_few_returns_never_beat_the_rule_of_thumb_action(
    returns: dict[int, list[tuple[int, float]]],
) -> None:
    assert keep_unless_beaten(returns, KEEP, 0.0) == KEEP


def _first_decision() -> bezique_spiel.BeziqueState:
    """A classic deal dealt at random, at its first decision: a lead of eight cards."""
    game = pyspiel.load_game(bezique_spiel.register(), {"variant": "classic", "reward": "win-loss"})
    rng = random.Random(8)
    state: bezique_spiel.BeziqueState = game.new_initial_state()
    while state.is_chance_node():
        faces, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(faces, chances)[0])
    return state


def _first_card(deal: bz.DealState) -> int:
    """The first card played in the deal."""
    return (deal.tricks[0].cards if deal.tricks else deal.trick)[0]


class _Rigged(bezique_spiel.PlayoutEvaluator):
    """Leaves worth a win to the seat at the root when its lead was ``card``, else a
    loss: a root where one action is clearly best."""

    def __init__(self, card: int | None, seat: int) -> None:
        super().__init__()
        self.card, self.seat = card, seat

    def evaluate(self, state: Any) -> Any:
        deal = state.deal
        won = deal.tricks or deal.trick
        value = 1.0 if won and _first_card(deal) == self.card else -1.0
        return np.array([value, -value] if self.seat == 0 else [-value, value])


def _bot(
    evaluator: bezique_spiel.PlayoutEvaluator, worlds: int, flat: bool = False
) -> bezique_spiel.GuardedISMCTSBot:
    state = _first_decision()
    rng = np.random.RandomState(3)
    return bezique_spiel.GuardedISMCTSBot(
        state.get_game(),
        evaluator,
        uct_c=1.4,
        max_simulations=40,
        random_state=rng,
        worlds=worlds,
        resampler=lambda s, seat: s.resample_from_infostate(seat, rng.uniform),
        flat=flat,
    )


@pytest.mark.parametrize("flat", [False, True], ids=["tree", "flat"])
@pytest.mark.parametrize("worlds", [0, 4])
def test_the_bot_takes_a_clearly_better_root_action(worlds: int, flat: bool) -> None:
    state = _first_decision()
    deal = state.deal
    assert isinstance(deal, bz.DealState)
    kept = bezique_spiel.PlayoutEvaluator().rule_of_thumb_action(state)
    space = bz.ActionSpace.of(deal.rules)
    better = next(a for a in state.legal_actions() if a != kept)
    card = _first_card(deal.apply(space.action_from_id(deal, better)))
    seat = state.current_player()
    bot = _bot(_Rigged(card, seat), worlds, flat)
    assert bot.step(state.clone()) == better
    assert bot.last_kept == kept
    # Every simulation went through one action, but the tree search's first, which
    # values the root.
    assert sum(len(r) for r in bot.last_returns.values()) == (40 if flat else 39)
    assert {value for _, value in bot.last_returns[better]} == {1.0}


@pytest.mark.parametrize("flat", [False, True], ids=["tree", "flat"])
@pytest.mark.parametrize("worlds", [0, 4])
def test_the_bot_keeps_the_rule_of_thumb_action_when_no_action_is_better(
    worlds: int, flat: bool
) -> None:
    """Every leaf a loss: OpenSpiel's most visited action is any, ours the rules'."""
    state = _first_decision()
    kept = bezique_spiel.PlayoutEvaluator().rule_of_thumb_action(state)
    bot = _bot(_Rigged(None, state.current_player()), worlds, flat)
    assert bot.step(state.clone()) == kept
    assert len(bot.last_returns) == len(state.legal_actions())


class _Counting(bezique_spiel.PlayoutEvaluator):
    """The evaluator's playouts, counting the actions taken since the deal of each
    state it values."""

    def __init__(self) -> None:
        super().__init__()
        self.depths: list[int] = []

    def evaluate(self, state: Any) -> Any:
        self.depths.append(len(state.history()))
        return super().evaluate(state)


def test_a_flat_search_grows_no_tree_below_the_root() -> None:
    """Flat: every simulation values the state one action after the root by a
    playout, and OpenSpiel's bot holds the root's node alone; the tree search values
    the root first, then states deeper down, and grows nodes under the root."""
    state = _first_decision()
    tree = _Counting()
    bot = _bot(tree, 4)
    bot.step(state.clone())
    # The deals searched are drawn anew, their histories counted from the root.
    root = tree.depths[0]
    assert max(tree.depths) > root + 1
    assert len(bot.bot._nodes) > 1
    flat = _Counting()
    bot = _bot(flat, 4, flat=True)
    bot.step(state.clone())
    assert flat.depths == [root + 1] * 40
    assert len(bot.bot._nodes) == 1


def _drawing_bot(
    state: bezique_spiel.BeziqueState,
    evaluator: bezique_spiel.PlayoutEvaluator,
    simulations: int,
    **options: Any,
) -> tuple[bezique_spiel.GuardedISMCTSBot, list[object]]:
    """A bot on 4 worlds by default, and the list its resampler records each deal
    drawn in."""
    rng = np.random.RandomState(3)
    drawn: list[object] = []

    def resample(s: Any, seat: int) -> Any:
        drawn.append(s)
        return s.resample_from_infostate(seat, rng.uniform)

    bot = bezique_spiel.GuardedISMCTSBot(
        state.get_game(),
        evaluator,
        uct_c=1.4,
        max_simulations=simulations,
        random_state=rng,
        resampler=resample,
        **({"worlds": 4} | options),
    )
    return bot, drawn


def test_a_flat_search_meets_the_same_deals_in_the_same_order_after_each_action() -> None:
    """Flat, with 8 worlds: an action's n-th simulation searches deal n mod 8, so
    no deal is searched twice after the same action before all 8 have been, and the
    deals are drawn only as far as the most visited action needs them."""
    state = _first_decision()
    bot, drawn = _drawing_bot(
        state,
        bezique_spiel.PlayoutEvaluator(0.9),
        30,
        worlds=8,
        flat=True,
        child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,
    )
    bot.step(state.clone())
    visits = {action: [w for w, _ in r] for action, r in bot.last_returns.items()}
    assert sum(map(len, visits.values())) == 30
    for worlds in visits.values():
        assert worlds == [n % 8 for n in range(len(worlds))]
    most = max(map(len, visits.values()))
    # The prior leans to one action, which takes more than its share of the visits.
    assert most > 30 // len(state.legal_actions())
    assert len(drawn) == min(8, most)


def test_paired_worlds_search_each_drawn_deal_in_turn() -> None:
    """With 4 worlds, simulation i searches deal i mod 4: 4 draws a search in all."""
    state = _first_decision()
    bot, drawn = _drawing_bot(state, bezique_spiel.PlayoutEvaluator(), 21)
    bot.step(state.clone())
    assert len(drawn) == 4
    seen = sorted(w for returns in bot.last_returns.values() for w, _ in returns)
    # Simulations 1..20 (the first values the root): worlds 1, 2, 3, 0, 1, ...
    assert seen == sorted(i % 4 for i in range(1, 21))


def test_the_bot_s_arguments_are_checked() -> None:
    state = _first_decision()
    game = state.get_game()
    rng = np.random.RandomState(1)
    evaluator = bezique_spiel.PlayoutEvaluator()
    with pytest.raises(TypeError, match="evaluator must be a PlayoutEvaluator"):
        bezique_spiel.GuardedISMCTSBot(
            game,
            object(),  # type: ignore[arg-type]
            uct_c=1.4,
            max_simulations=4,
            random_state=rng,
        )
    with pytest.raises(bz.NotationError, match="worlds at least 0"):
        bezique_spiel.GuardedISMCTSBot(
            game, evaluator, uct_c=1.4, max_simulations=4, random_state=rng, worlds=-1
        )
    with pytest.raises(bz.NotationError, match="confidence must be 0 or more"):
        bezique_spiel.GuardedISMCTSBot(
            game, evaluator, uct_c=1.4, max_simulations=4, random_state=rng, confidence=-1.0
        )
    with pytest.raises(TypeError, match="flat must be a bool"):
        bezique_spiel.GuardedISMCTSBot(
            game,
            evaluator,
            uct_c=1.4,
            max_simulations=4,
            random_state=rng,
            flat=1,  # type: ignore[arg-type]
        )
    with pytest.raises(TypeError, match="coupled must be a bool"):
        bezique_spiel.PlayoutEvaluator(coupled=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("coupled", [False, True])
def test_the_evaluator_s_playouts_draw_coupled_when_asked(
    coupled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The evaluator plays out as the Monte Carlo player's playouts do when coupled."""
    from bezique.players.playout import play_out

    asked: list[bool] = []

    def recorded(deal: bz.DealState, *, coupled: bool = False) -> bz.DealState:
        asked.append(coupled)
        return play_out(deal, coupled=coupled)

    monkeypatch.setattr(bezique_spiel, "play_out", recorded)
    state = _first_decision()
    deal = state.deal
    assert isinstance(deal, bz.DealState)
    values = bezique_spiel.PlayoutEvaluator(coupled=coupled).evaluate(state)
    end = bezique_spiel.BeziqueState(state.get_game(), play_out(deal, coupled=coupled))
    assert asked == [coupled]
    assert list(values) == end.returns()


def test_the_prior_shares_its_weight_among_the_rule_of_thumb_favourites() -> None:
    """Early, the weight goes in equal shares to the rule-of-thumb player's three
    favourite actions, its ranking's first three."""
    state = _first_decision()
    deal = state.deal
    assert isinstance(deal, bz.DealState)
    assert deal.stock_size > 12
    space = bz.ActionSpace.of(deal.rules)
    ranked = [space.action_id(a, deal) for a in RuleOfThumbPlayer().ranked(deal)]
    evaluator = bezique_spiel.PlayoutEvaluator(0.9, candidates=3)
    assert evaluator.candidate_actions(state) == ranked[:3]
    assert evaluator.candidate_actions(state)[0] == evaluator.rule_of_thumb_action(state)
    actions = state.legal_actions()
    rest = 0.1 / len(actions)
    assert dict(evaluator.prior(state)) == pytest.approx(
        {a: rest + (0.3 if a in ranked[:3] else 0.0) for a in actions}
    )
    # Late (the bar raised above the stock's size here), every legal action shares it.
    late = bezique_spiel.PlayoutEvaluator(0.9, candidates=3, late=deal.stock_size)
    assert late.candidate_actions(state) == ranked
    assert dict(late.prior(state)) == pytest.approx({a: 1 / len(actions) for a in actions})
    # One candidate: the rule-of-thumb choice alone, early and late.
    alone = bezique_spiel.PlayoutEvaluator(0.9, late=deal.stock_size)
    assert alone.candidate_actions(state) == ranked[:1]


def test_with_candidates_only_a_favourite_may_replace_the_rule_of_thumb_choice() -> None:
    """A root where the rules' least favourite lead wins every playout: taken with
    every action a candidate, not with the three favourites only."""
    state = _first_decision()
    deal = state.deal
    assert isinstance(deal, bz.DealState)
    space = bz.ActionSpace.of(deal.rules)
    ranked = [space.action_id(a, deal) for a in RuleOfThumbPlayer().ranked(deal)]
    worst = ranked[-1]
    card = _first_card(deal.apply(space.action_from_id(deal, worst)))
    seat = state.current_player()

    def rigged(candidates: int) -> _Rigged:
        evaluator = _Rigged(card, seat)
        evaluator.candidates = candidates
        return evaluator

    assert _bot(rigged(1), 4).step(state.clone()) == worst
    assert _bot(rigged(3), 4).step(state.clone()) == ranked[0]
    third = ranked[2]
    card = _first_card(deal.apply(space.action_from_id(deal, third)))
    favourite = _Rigged(card, seat)
    favourite.candidates = 3
    assert _bot(favourite, 4).step(state.clone()) == third


def test_the_candidates_are_checked() -> None:
    with pytest.raises(bz.NotationError, match="candidates must be at least 1"):
        bezique_spiel.PlayoutEvaluator(candidates=0)
    with pytest.raises(TypeError, match="late must be an int"):
        bezique_spiel.PlayoutEvaluator(late=1.5)  # type: ignore[arg-type]
