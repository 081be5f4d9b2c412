"""Zetema's behaviour fingerprint: what the game does over seeded random games.

For each Zetema preset and each player count from two to six, ``GAMES`` games are
played from a new game with ``seed=s`` and ``dealer=s % players``, under the knobs
``draw_to_six`` (odd seeds) and ``finish_hand`` (seeds 2 and 3 modulo 4), by choosing
uniformly among the legal actions with ``random.Random(f"{preset}/{players}/{s}")``.
Every step contributes the whole legal-action list (as text, in its order), the action
chosen and every score it made. Each game is reduced to a short digest, as in
``fingerprint.py``.

The recorded digests live in ``golden/fingerprint_zetema.json``;
``test_fingerprint.py`` replays them. Rebuild the file only when a rule is meant to
change::

    python tests/fingerprint_zetema.py --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from bezique import zetema

FILE = Path(__file__).parent / "golden" / "fingerprint_zetema.json"

#: Games per preset and player count.
GAMES = 40
PRESETS = ("zetema", "zetema-1881")
PLAYERS = (2, 3, 4, 5, 6)


def game_digest(preset: str, players: int, seed: int) -> str:
    """The digest of one seeded random game: legal actions, choices and scores."""
    rules = zetema.get(preset).evolve(
        players=players, draw_to_six=seed % 2 == 1, finish_hand=seed % 4 >= 2
    )
    state = zetema.new_game(rules, seed=seed, dealer=seed % players)
    rng = random.Random(f"{preset}/{players}/{seed}")
    digest = hashlib.blake2b(digest_size=8)
    digest.update(repr([zetema.faces_text(hand) for hand in state.hands]).encode())
    while not state.is_over:
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        state, events = state.step(action)
        line = "|".join(map(str, actions)) + f">{action}:"
        line += ";".join(
            f"{e.seat},{e.side},{e.kind},{e.points},{zetema.faces_text(e.cards)}" for e in events
        )
        digest.update(line.encode())
        digest.update(b"\n")
    # The game's totals by side (named `scores` when this file was recorded).
    digest.update(repr((state.side_scores, state.results, state.winners)).encode())
    return digest.hexdigest()


def fingerprint() -> dict[str, list[str]]:
    return {
        f"{preset}/{players}": [game_digest(preset, players, seed) for seed in range(GAMES)]
        for preset in PRESETS
        for players in PLAYERS
    }


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print(__doc__)
        return 2
    data = fingerprint()
    FILE.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {sum(map(len, data.values()))} game digests of {len(data)} tables to {FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
