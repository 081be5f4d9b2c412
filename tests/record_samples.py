"""Two instances of each public record class, made the same way by any build of the
package: the deal state, the records of a deal (:mod:`bezique.records`) and the actions.

``tests/test_record_contract.py`` checks the records' contract on them, and hands them
to a second process (another build of the package, or the same one) as pickles and as
JSON, which makes its own with :func:`samples` and compares; so the samples depend on
nothing but the rules, the seeds and the engine's choices, which every build shares.
"""

from __future__ import annotations

import random
from typing import Any

import bezique as bz
from bezique.actions import (
    CardRef,
    Declare,
    Draw,
    Exchange,
    Pass,
    PassToPartner,
    Play,
    ScorePending,
    ShowCarteBlanche,
    parse_action_text,
)
from bezique.io import DealRecord, load_state, record_deal, state_to_json
from bezique.records import DealResult, DeclaredMeld, ScoreEvent, TableCard, Trick, Window
from bezique.state import DealState, PerfectInformationView

#: Each sample class and the names of its attrs fields, in order: part of its contract.
FIELDS: dict[type[Any], tuple[str, ...]] = {
    DealState: (
        "rules",
        "dealer",
        "phase",
        "trump",
        "turn_up",
        "stock",
        "hand_masks",
        "table_masks",
        "history",
        "won_masks",
        "tricks",
        "trick",
        "leader",
        "window",
        "melds",
        "scores",
        "broken",
        "carte_blanche",
        "offers",
        "revealed_masks",
        "counted_brisques",
        "_legal",
    ),
    PerfectInformationView: ("state",),
    Trick: ("leader", "cards", "winner"),
    TableCard: ("card", "history", "broken"),
    DeclaredMeld: ("seat", "kind", "cards", "trick", "points", "scored"),
    Window: ("seat", "declarations", "scored", "exchanged", "passed"),
    DealResult: (
        "scores",
        "brisques",
        "last_trick_winner",
        "game_scores",
        "rubiconed",
        "side_scores",
    ),
    ScoreEvent: ("seat", "points", "source", "detail"),
    CardRef: ("card", "history", "broken", "melds", "just_won", "mask", "broken_mask"),
    Play: ("card",),
    Declare: ("kind", "cards"),
    ScorePending: ("meld",),
    Exchange: (),
    ShowCarteBlanche: (),
    Draw: (),
    Pass: (),
    PassToPartner: (),
}

#: A sample and a second, different instance of its class (``None`` for the actions
#: with no field, of which every instance is equal).
Samples = dict[str, tuple[Any, Any]]


def _first(items: list[Any], differs_from: Any) -> Any:
    return next(item for item in items if item != differs_from)


def _playout(seed: int) -> tuple[list[DealState], list[ScoreEvent], list[Any], DealRecord]:
    """A classic deal played to its end, declaring whenever it may (so that melds,
    tables and winner's turns appear): its states, what scored, the actions taken,
    and its record."""
    rng = random.Random(seed)
    state = bz.new_deal(bz.variants.CLASSIC, seed=seed)
    states: list[DealState] = [state]
    events: list[ScoreEvent] = []
    actions: list[Any] = []
    while not state.is_over:
        legal = state.legal_actions()
        declarations = [action for action in legal if isinstance(action, Declare)]
        action = rng.choice(declarations or list(legal))
        state, scored = state.step(action)
        states.append(state)
        events.extend(scored)
        actions.append(action)
    record = record_deal(states[0], actions)
    return states, events, actions, record


def samples() -> Samples:
    """Two different instances of each class of :data:`FIELDS`, by class name."""
    states, events, actions, _ = _playout(1)
    other_states, _, _, _ = _playout(2)
    final = states[-1]
    windows = [state.window for state in states if state.window is not None]
    tables = [card for state in states for table in state.tables for card in table]
    plays = [action for action in actions if isinstance(action, Play)]
    declarations = [action for action in actions if isinstance(action, Declare)]
    result, other_result = final.result, other_states[-1].result
    assert result is not None
    assert other_result is not None
    pairs: Samples = {
        "DealState": (states[5], states[6]),
        "PerfectInformationView": (
            states[5].perfect_information_view(),
            states[6].perfect_information_view(),
        ),
        "Trick": (final.tricks[0], _first(list(final.tricks), final.tricks[0])),
        "TableCard": (tables[0], _first(tables, tables[0])),
        "DeclaredMeld": (final.melds[0], _first(list(final.melds), final.melds[0])),
        "Window": (windows[0], _first(windows, windows[0])),
        "DealResult": (result, other_result),
        "ScoreEvent": (events[0], _first(events, events[0])),
        "CardRef": (plays[0].card, _first([play.card for play in plays], plays[0].card)),
        "Play": (plays[0], _first(plays, plays[0])),
        "Declare": (declarations[0], _first(declarations, declarations[0])),
        "ScorePending": (ScorePending(1), ScorePending(2)),
        "Exchange": (Exchange(), None),
        "ShowCarteBlanche": (ShowCarteBlanche(), None),
        "Draw": (Draw(), None),
        "Pass": (Pass(), None),
        "PassToPartner": (PassToPartner(), None),
    }
    return pairs


def json_forms() -> dict[str, str]:
    """The JSON (and text) forms of the samples that have one: the deal states (their
    position documents, whose tricks, melds, tables and winner's turn are the records
    above), a whole deal's record (its actions and what they scored), and the actions'
    text."""
    states, _, actions, record = _playout(1)
    forms = {f"state {i}": state_to_json(state) for i, state in enumerate(states[::9])}
    forms["final state"] = state_to_json(states[-1])
    forms["deal record"] = record.to_json()
    forms["actions"] = "\n".join(map(str, actions))
    return forms


def load_json_form(name: str, text: str) -> object:
    """The value a JSON form of :func:`json_forms` reads back as."""
    if name == "deal record":
        return DealRecord.from_json(text)
    if name == "actions":
        return tuple(parse_action_text(line) for line in text.splitlines())
    return load_state(text)
