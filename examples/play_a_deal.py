"""Deal a hand of two-hand Bezique from a seed, look at the legal actions, play.

Run with ``python examples/play_a_deal.py [SEED]``. The first three tricks are
played here, through the text form of actions: the player to move takes the
first legal action, and the winner of a trick declares the meld that scores
most, then draws. The built-in greedy player then finishes the deal for both
seats.
"""

from __future__ import annotations

import sys

import bezique as bz


def cards(card_ids: tuple[int, ...]) -> str:
    """Card ids as faces with suit symbols, sorted by suit then rank."""
    return " ".join(face.display() for face in sorted(bz.face_of(c) for c in card_ids)) or "-"


def main(seed: int) -> None:
    state = bz.new_deal(bz.variants.CLASSIC, seed=seed)
    assert state.trump is not None
    assert state.turn_up is not None
    print(f"Seed {seed}: seat {state.dealer} deals; seat {state.current_player} leads.")
    print(f"Turn-up {bz.face_of(state.turn_up).display()}: {state.trump.name.lower()} are trumps.")
    for player in range(state.players):
        print(f"  seat {player} holds {cards(state.hand(player))}")

    while len(state.tricks) < 3 or state.window is not None:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        print(f"seat {seat} may: {', '.join(bz.format_action(a, symbols=True) for a in legal)}")
        declarations = state.legal_declarations()
        action: bz.Action
        if declarations:
            action = max(declarations, key=lambda d: state.rules.meld_value(d.kind) or 0)
        else:
            action = legal[0]
        # Actions are values with a text form; apply() and step() accept either.
        state, events = state.step(str(action))
        scored = "".join(f"  +{e.points} for {e.source}" for e in events)
        print(f"  seat {seat}: {action}{scored}")
        if isinstance(action, bz.Play) and not state.trick:
            print(f"  -> trick {len(state.tricks)} won by seat {state.tricks[-1].winner}")

    print(f"After {len(state.tricks)} tricks: scores {state.scores}, {state.stock_size} to draw.")

    rule = bz.players.RuleOfThumbPlayer()
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        # A player is handed what its seat may know: the seat's view.
        state = state.apply(rule.choose(state.view(seat)))
    result = state.result
    assert result is not None
    print("Declarations of the deal:")
    for meld in state.melds:
        print(
            f"  after trick {meld.trick:>2}: seat {meld.seat} {meld.kind} "
            f"{cards(meld.cards)} +{meld.points}"
        )
    print(
        f"Final scores {result.scores}; brisques won {result.brisques}; "
        f"last trick to seat {result.last_trick_winner}."
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
