"""Draw a position: a seat's view in the middle of a deal, as an SVG picture.

Two rule-of-thumb players play a two-hand deal from seed 4 until the fifteenth
trick is led; the view of the seat to follow is drawn and written to a file:
its hand face up, the other hand as card backs, the table cards of both seats
grouped by the melds they were declared in, the stock and the turn-up, the
trick, the scores. The documentation's picture is made by this script.

Run with ``python examples/draw_a_position.py [PATH]`` (by default the picture
goes to ``position.svg`` in a new temporary directory).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import bezique as bz
from bezique.display import svg
from bezique.players import make_player


def position() -> bz.SeatView:
    """The view of the seat to follow to the fifteenth trick."""
    state = bz.new_deal(bz.variants.CLASSIC, seed=4)
    players = [make_player("rule-of-thumb", seed=4) for _ in range(state.players)]
    while not (len(state.tricks) == 14 and len(state.trick) == 1):
        seat = state.current_player
        if seat is None:
            raise RuntimeError("the deal ended before the fifteenth trick")
        state = state.apply(players[seat].choose(state.view(seat)))
    seat = state.current_player
    if seat is None:
        raise RuntimeError("no seat is to follow")
    return state.view(seat)


def main(argv: list[str]) -> None:
    path = Path(argv[1]) if len(argv) > 1 else Path(tempfile.mkdtemp()) / "position.svg"
    written = svg.save(position(), path)
    print(f"wrote {written} ({written.stat().st_size} bytes)")


if __name__ == "__main__":
    main(sys.argv)
