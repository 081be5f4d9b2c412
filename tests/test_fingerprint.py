"""Replays the behaviour fingerprint (see ``fingerprint.py``): every legal-action list,
choice and score event of a few hundred seeded random deals per preset must be what it
was when the file was recorded. A failure names the preset and the first seeds whose
deals changed."""

from __future__ import annotations

import json

import pytest
from fingerprint import FILE, deal_digest, deals_for, presets

import bezique as bz

RECORDED: dict[str, list[str]] = json.loads(FILE.read_text())


def test_every_preset_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(presets())


@pytest.mark.parametrize("preset", sorted(RECORDED))
def test_fingerprint_unchanged(preset: str) -> None:
    rules = bz.variants.get(preset)
    recorded = RECORDED[preset]
    assert len(recorded) == deals_for(rules)
    changed = [
        seed for seed, digest in enumerate(recorded) if deal_digest(rules, preset, seed) != digest
    ]
    assert not changed, f"{preset}: {len(changed)} deals changed, first seeds {changed[:10]}"
