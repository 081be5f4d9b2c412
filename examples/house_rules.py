"""A house rule: CLASSIC with three knobs changed, and a random deal played under it.

* the last-trick bonus goes to the 24th trick, the last one of the stock
  (S000 law 10 variation, S001), written with the alias ``"24th"``;
* a double bezique scores 350 instead of 500 (S003);
* several melds may be shown after a trick, one scores and the rest wait for
  later tricks (FOS p.326, S001).

The deal is played by two random players that never pass up a declaration:
in the winner's turn they show a random legal meld, or score a pending one,
while they can.

Run with ``python examples/house_rules.py [SEED]``.
"""

from __future__ import annotations

import random
import sys

import bezique as bz


class EagerRandomPlayer:
    """Random choices, except that a meld to show or to score is always taken."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: bz.SeatView) -> bz.Action:
        actions = view.legal_actions()
        melds = [a for a in actions if isinstance(a, (bz.Declare, bz.ScorePending))]
        return self.rng.choice(melds or list(actions))


def main(seed: int) -> None:
    classic = bz.variants.CLASSIC
    house = classic.evolve(
        name="house",
        description="24th-trick bonus, double bezique 350, pending melds",
        last_trick="24th",
        double_bezique=350,
        limit="one-scored-rest-pending",
    )
    before, after = classic.knobs(), house.knobs()
    print(f"{house.name}: {house.description}")
    for knob in sorted(k for k in after if after[k] != before[k]):
        print(f"  {knob}: {before[knob]!r} -> {after[knob]!r}")

    state = bz.new_deal(house, seed=seed)
    players = [EagerRandomPlayer(seed), EagerRandomPlayer(seed + 1)]
    print(f"Seed {seed}:")
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.view(seat))
        state, events = state.step(action)
        if isinstance(action, bz.Declare):
            meld = state.melds[-1]
            status = "scores" if meld.scored else "shown, pending"
            print(f"  trick {meld.trick:>2}: seat {seat} {action} ({status} {meld.points})")
        elif isinstance(action, bz.ScorePending):
            meld = state.melds[action.meld]
            print(
                f"  trick {len(state.tricks):>2}: seat {seat} {action} "
                f"(the pending {meld.kind} from trick {meld.trick}, +{meld.points})"
            )
        else:
            for event in events:
                detail = f" ({event.detail})" if event.detail else ""
                print(
                    f"  trick {len(state.tricks):>2}: seat {event.seat} +{event.points} "
                    f"for {event.source}{detail}"
                )
    result = state.result
    assert result is not None
    unscored = [m for m in state.melds if not m.scored]
    print(f"Final scores {result.scores}; brisques won {result.brisques}.")
    print(f"{len(state.melds)} melds shown, {len(unscored)} never scored.")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 29)
