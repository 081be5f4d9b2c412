"""The behaviour fingerprint: what the engine does over seeded random deals of every preset.

For each preset, ``DEALS`` deals are played from ``new_deal(rules, seed=s, dealer=s %
players)`` by choosing uniformly among the legal actions with ``random.Random(f"{preset}/{s}")``.
Every step contributes the whole legal-action list (as text, in its order), the action
chosen and every score event it caused; the deal opens with the scores of the dealt
state. Each deal is reduced to a short digest, so the file stays small while any change
of a legal-action set, of its order, of a score event or of its cause shows as a changed
digest of a named preset and seed.

The recorded digests live in ``golden/fingerprint.json``; ``test_fingerprint.py`` replays
them. Rebuild the file only when a rule is meant to change::

    python tests/fingerprint.py --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import bezique as bz

FILE = Path(__file__).parent / "golden" / "fingerprint.json"

#: Deals per preset: three hundred for the one- and two-pack games, two hundred where a
#: deal is long.
DEALS = {1: 300, 2: 300, 3: 200, 4: 200, 6: 200, 8: 200}


def deals_for(rules: bz.Rules) -> int:
    return DEALS[rules.deck.packs]


def deal_digest(rules: bz.Rules, preset: str, seed: int) -> str:
    """The digest of one seeded random deal: legal actions, choices and score events."""
    state = bz.new_deal(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(f"{preset}/{seed}")
    digest = hashlib.blake2b(digest_size=8)
    digest.update(repr(state.scores).encode())
    while not state.is_over:
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        state, events = state.step(action)
        line = "|".join(map(str, actions)) + f">{action}:"
        line += ";".join(f"{e.seat},{e.points},{e.source.value},{e.detail}" for e in events)
        digest.update(line.encode())
        digest.update(b"\n")
    return digest.hexdigest()


def fingerprint(preset: str) -> list[str]:
    rules = bz.rules.variants.get(preset)
    return [deal_digest(rules, preset, seed) for seed in range(deals_for(rules))]


def presets() -> list[str]:
    return [name for name, _ in bz.rules.variants.names()]


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print(__doc__)
        return 2
    data = {preset: fingerprint(preset) for preset in presets()}
    FILE.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {sum(map(len, data.values()))} deal digests of {len(data)} presets to {FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
