"""Replays the behaviour fingerprint (see ``fingerprint.py``): every legal-action list,
choice and score event of a few hundred seeded random deals per preset must be what it
was when the file was recorded. A failure names the preset and the first seeds whose
deals changed."""

from __future__ import annotations

import json

import fingerprint_zetema
import pytest
from fingerprint import FILE, deal_digest, deals_for, presets

import bezique as bz

RECORDED: dict[str, list[str]] = json.loads(FILE.read_text())


def test_every_preset_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(presets())


@pytest.mark.parametrize("preset", sorted(RECORDED))
def test_fingerprint_unchanged(preset: str) -> None:
    rules = bz.rules.variants.get(preset)
    recorded = RECORDED[preset]
    assert len(recorded) == deals_for(rules)
    changed = [
        seed for seed, digest in enumerate(recorded) if deal_digest(rules, preset, seed) != digest
    ]
    assert not changed, f"{preset}: {len(changed)} deals changed, first seeds {changed[:10]}"


ZETEMA_RECORDED: dict[str, list[str]] = json.loads(fingerprint_zetema.FILE.read_text())


@pytest.mark.parametrize("table", sorted(ZETEMA_RECORDED))
def test_zetema_fingerprint_unchanged(table: str) -> None:
    preset, players = table.split("/")
    recorded = ZETEMA_RECORDED[table]
    assert len(recorded) == fingerprint_zetema.GAMES
    changed = [
        seed
        for seed, digest in enumerate(recorded)
        if fingerprint_zetema.game_digest(preset, int(players), seed) != digest
    ]
    assert not changed, f"{table}: {len(changed)} games changed, first seeds {changed[:10]}"
