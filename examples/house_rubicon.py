"""A house rule of Rubicon Bezique, built three ways, registered, and played.

The house rule is RUBICON with two changes:

* a double bezique scores 350 instead of 500 (S003's "enhanced" value);
* a rubiconed loser pays by S003's formula: the rubicon bonus and both totals,
  without BIC's 320 for the brisques.

The script evolves the preset, builds the same rule set from its components,
registers it under a name, shows the ``RulesError`` raised for a combination
that cannot be played, and plays one random deal to the end: two random
players that always show a carte blanche and always take a declaration when
they can. It prints how trumps were fixed, the melds and other scores, and
what the deal scores in the game.

Run with ``python examples/house_rubicon.py [SEED]``.
"""

from __future__ import annotations

import random
import sys

import bezique as bz
from bezique.laws.scoring import deal_game_scores


def evolved() -> bz.Rules:
    """The house rule as RUBICON with two knobs changed."""
    return bz.variants.RUBICON.evolve(
        name="house-rubicon",
        description="Rubicon with a double bezique of 350 and S003's rubicon formula",
        double_bezique=350,
        rubicon_bonus_formula="s003",
    )


def composed() -> bz.Rules:
    """The same house rule, written out component by component."""
    return bz.Rules(
        name="house-rubicon",
        description="Rubicon with a double bezique of 350 and S003's rubicon formula",
        deck=bz.Deck(packs=4, hand_size=9, packets=(3, 3, 3), turn_up=False),
        trumps=bz.Trumps(
            selection=bz.TrumpSelection.FIRST_MARRIAGE_OR_SEQUENCE,
            seven_of_trumps=bz.SevenOfTrumps.NEVER,
            exchange_points=None,
        ),
        declarations=bz.Declarations(
            same_kind_reuse=bz.SameKindReuse.REFORM_AFTER_PLAY,
            values=bz.MeldValues(
                plain_sequence=150, double_bezique=350, triple_bezique=1500, quadruple_bezique=4500
            ),
        ),
        carte_blanche=bz.CarteBlanche(carte_blanche_points=50),
        scoring=bz.Scoring(
            last_trick_points=50,
            brisques=bz.BrisqueTiming.TIES_AND_RUBICON,
            deal_scoring=bz.DealScoring.RUBICON,
            rubicon_bonus_formula=bz.RubiconBonus.S003,
        ),
        game=bz.GameRules(end=bz.GameEnd.DEALS),
        sources=("HGM", "FOS", "BIC", "WKC", "PAR", "S003"),
    )


class EagerRandomPlayer:
    """Random choices, except that a carte blanche or a declaration is always taken."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: bz.SeatView) -> bz.Action:
        actions = view.legal_actions()
        eager = [a for a in actions if isinstance(a, (bz.ShowCarteBlanche, bz.Declare))]
        return self.rng.choice(eager or list(actions))


def describe(event: bz.ScoreEvent) -> str:
    detail = f" ({event.detail})" if event.detail else ""
    return f"seat {event.seat} +{event.points} for {event.source}{detail}"


def play(rules: bz.Rules, seed: int) -> bz.DealState:
    """Play one deal to the end with two eager random players, printing the scores."""
    state = bz.new_deal(rules, seed=seed)
    players = [EagerRandomPlayer(seed), EagerRandomPlayer(seed + 1)]
    print(f"Seed {seed}: seat {state.dealer} deals nine cards each; no trumps yet.")
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.view(seat))
        trump = state.trump
        state, events = state.step(action)
        trick = len(state.tricks)
        if trump is None and state.trump is not None:
            print(f"  trick {trick:>2}: seat {seat} {action} fixes {state.trump.name.lower()}")
        elif isinstance(action, bz.Declare) and any(action.kind in r.broken for r in action.cards):
            print(f"  trick {trick:>2}: seat {seat} re-forms a meld: {action}")
        elif isinstance(action, bz.Declare):
            print(f"  trick {trick:>2}: seat {seat} {action}")
        for event in events:
            print(f"  trick {trick:>2}: {describe(event)}")
    return state


def main(seed: int) -> None:
    house = evolved()
    base = bz.variants.RUBICON.knobs()
    changed = {k: v for k, v in house.knobs().items() if v != base[k]}
    print(f"{house.name}: {house.description}")
    print(f"  changed from rubicon: {changed}")
    assert composed() == house, "the two ways of building the house rule differ"
    print("  built from components: the same rule set")

    bz.variants.register(house, "my-rubicon")
    assert bz.rules.variants.get("My_Rubicon") is house
    print("  registered as 'house-rubicon', alias 'my-rubicon'")

    try:
        house.evolve(hand_size=64, packets=(16, 16, 16, 16))
    except bz.RulesError as error:
        print(f"  refused: {error} (fields {', '.join(error.fields)})")

    state = play(bz.rules.variants.get("house-rubicon"), seed)
    result = state.result
    assert result is not None
    assert (result.game_scores, result.rubiconed) == deal_game_scores(house, result.scores)
    print(f"Deal totals {result.scores}; last trick to seat {result.last_trick_winner}.")
    for seat, (points, rubiconed) in enumerate(
        zip(result.game_scores, result.rubiconed, strict=True)
    ):
        status = " (rubiconed)" if rubiconed else ""
        print(f"  seat {seat} scores {points} in the game{status}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
