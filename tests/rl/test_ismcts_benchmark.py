"""The ISMCTS benchmark's player (benchmarks/ismcts.py): a seed repeats its choices, the
unseen cards of every simulation included, and a late decision gets the late budget."""

from __future__ import annotations

from typing import Any

import pytest
from scripts import load_script

import bezique as bz
from bezique.envs import openspiel as bezique_spiel
from bezique.players import RuleOfThumbPlayer
from bezique.views import SeatView


def _benchmark() -> Any:
    return load_script("benchmarks/ismcts.py", "ismcts_benchmark")


def _views(seed: int) -> tuple[list[SeatView], list[SeatView]]:
    """Seat 0's decisions of more than one action in a deal of the rules of thumb: those
    with more than 12 cards left to draw, and the others."""
    player = RuleOfThumbPlayer()
    deal = bz.new_deal(bz.variants.get("classic"), seed=seed)
    assert isinstance(deal, bz.DealState)
    early: list[SeatView] = []
    late: list[SeatView] = []
    while not deal.is_over:
        seat = deal.current_player
        assert seat is not None
        if seat == 0 and len(deal.legal_actions()) > 1:
            (late if deal.stock_size <= 12 else early).append(deal.view(0))
        deal = deal.apply(player.choose(deal.view(seat)))
    return early, late


def _searched(player: Any, view: SeatView) -> tuple[object, dict[int, tuple[int, float]]]:
    """The choice, and the root's visits and summed returns by action (OpenSpiel's bot
    keeps its last search tree): the returns tell apart the playouts of other samples."""
    action = player.choose(view)
    children = player.bot._root_node.child_info.items()
    return action, {a: (child.visits, child.return_sum) for a, child in children}


def test_a_seed_repeats_the_search() -> None:
    """Two bots of one seed search alike only if every simulation draws the same unseen
    cards (OpenSpiel's own sampler is not seeded)."""
    benchmark = _benchmark()
    early, late = _views(3)
    views = early[:3] + late[:3]
    first, second = (benchmark.IsmctsPlayer("7", simulations=12) for _ in range(2))
    assert [_searched(first, v) for v in views] == [_searched(second, v) for v in views]


@pytest.mark.parametrize("late_simulations", [None, 9])
def test_a_late_decision_gets_the_late_budget(
    late_simulations: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each simulation values one leaf (none reaches the end of the deal here)."""
    evaluated: list[object] = []
    evaluate = bezique_spiel.PlayoutEvaluator.evaluate

    def counted(self: bezique_spiel.PlayoutEvaluator, state: Any) -> Any:
        evaluated.append(state)
        return evaluate(self, state)

    monkeypatch.setattr(bezique_spiel.PlayoutEvaluator, "evaluate", counted)
    player = _benchmark().IsmctsPlayer("1", simulations=4, late_simulations=late_simulations)
    early, late = _views(2)
    player.choose(early[0])
    assert len(evaluated) == 4
    evaluated.clear()
    # The first decision with at most 12 cards left to draw, far from the deal's end.
    assert late[0].stock_size <= 12
    player.choose(late[0])
    assert len(evaluated) == (late_simulations or 4)


def test_the_final_choice_of_ours_repeats_and_keeps_to_the_rules_of_thumb_when_unsure() -> None:
    """With ``confidence`` the player searches with the final choice of ours
    (``GuardedISMCTSBot``): a seed repeats its searches, paired worlds and all; at an
    unreachable bar every choice is the rule-of-thumb player's."""
    benchmark = _benchmark()
    early, late = _views(3)
    views = early[:3] + late[:3]

    def searched(player: Any, view: SeatView) -> tuple[object, object]:
        return player.choose(view), player.bot.last_returns

    first, second = (
        benchmark.IsmctsPlayer("7", simulations=12, confidence=1.5, worlds=3, coupled=True)
        for _ in range(2)
    )
    assert isinstance(first.bot, bezique_spiel.GuardedISMCTSBot)
    assert [searched(first, v) for v in views] == [searched(second, v) for v in views]
    sure = benchmark.IsmctsPlayer("7", simulations=12, confidence=1e9, worlds=3)
    rules = RuleOfThumbPlayer()
    assert [sure.choose(v) for v in views] == [rules.choose(v) for v in views]
