"""Game records: a whole game to JSON and to the text record, both read back and
replay-verified; records the replay refutes are refused with the reason."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import bezique as bz
from bezique import GameEnd, GameRecord, GameState, InvalidStateError, NotationError, Rules
from bezique.io.games import GAME_RECORD_FORMAT, load_game_record, record_game
from bezique.players import make_player

CLASSIC = bz.variants.CLASSIC
PRESETS = [name for name, _ in bz.rules.variants.names()]


def play(
    start: GameState, kinds: Sequence[str] = ("rule-of-thumb", "random"), stop: int | None = None
) -> tuple[GameState, list[bz.Action]]:
    """Play ``start`` with built-in players (their kinds by seat, in turn) to its end,
    or for ``stop`` actions; return the game and the actions."""
    n = start.rules.players
    seats = [make_player(kinds[s % len(kinds)], seed=s) for s in range(n)]
    game = start
    actions: list[bz.Action] = []
    while not game.is_over and (stop is None or len(actions) < stop):
        seat = game.current_player
        assert seat is not None
        action = seats[seat].choose(game.deal.view(seat))
        actions.append(action)
        game = game.apply(action)
    return game, actions


def recorded(rules: Rules = CLASSIC, seed: int = 3, **kwargs: Any) -> GameRecord:
    start = bz.new_game(rules, seed=seed)
    _, actions = play(start)
    return record_game(start, actions, **kwargs)


# -- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_round_trips_through_json_and_text(name: str, seed: int) -> None:
    rules = bz.rules.variants.get(name)
    start = bz.new_game(rules, seed=seed, first_dealer="cut")
    game, actions = play(start, ("random",))
    players = ["random"] * rules.players
    record = record_game(start, actions, players=players, tags={"Event": "test"})
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_json(record.to_json(indent=None)) == record
    assert GameRecord.from_text(record.to_text()) == record
    # The record is the game: its replay is the game played, deal by deal.
    assert record.replay() == game
    assert record.over
    assert record.winners == game.winners
    assert record.totals[-1] == game.totals
    assert len(record.deals) == len(game.results)
    assert [d.scores for d in record.deals] == [r.scores for r in game.results]
    assert sum(len(d.actions) for d in record.deals) == len(actions)
    assert record.first_dealer == start.first_dealer


def test_the_json_document_holds_every_deal_with_its_totals() -> None:
    record = recorded(players=["rule-of-thumb", "random"], tags={"Date": "2024.05.01"})
    data = json.loads(record.to_json())
    assert data["format"] == GAME_RECORD_FORMAT
    assert data["version"] == 1
    assert data["seed"] == 3
    assert data["players"] == ["rule-of-thumb", "random"]
    assert data["tags"] == {"Date": "2024.05.01"}
    assert data["over"] is True
    assert len(data["deals"]) == len(record.deals) >= 2
    running = [0, 0]
    for i, deal in enumerate(data["deals"]):
        assert set(deal) == {"dealer", "deck", "actions", "scores", "totals"}
        assert deal["dealer"] == i % 2  # the deal passes to the left
        assert deal["deck"] == list(bz.deck_order(CLASSIC, f"3/{i}"))
        # Under the classic scoring each deal's points go to the totals (S000 law 12).
        running = [t + s for t, s in zip(running, deal["scores"], strict=True)]
        assert deal["totals"] == running
    assert data["winners"] == [max(range(2), key=lambda s: running[s])]


def test_the_text_record_has_tag_pairs_numbered_tricks_and_score_comments() -> None:
    record = recorded(players=["rule-of-thumb", "random"], tags={"Event": "club night"})
    text = record.to_text()
    lines = text.splitlines()
    totals = " ".join(map(str, record.totals[-1]))
    assert lines[:8] == [
        '[Event "club night"]',
        '[Variant "classic"]',
        '[Players "rule-of-thumb, random"]',
        '[Seed "3"]',
        '[FirstDealer "0"]',
        f'[Totals "{totals}"]',
        f'[Result "{record.winners[0]}"]',
        "",
    ]
    assert lines[8:10] == ['[Deal "1"]', '[Dealer "0"]']
    numbered = [line for line in lines if re.match(r"^\d+\. play ", line)]
    # 32 tricks a deal in the two-pack game (S000 law 3: 8 cards each, 48 in the stock).
    assert len(numbered) == 32 * len(record.deals)
    assert numbered[0].startswith("1. play ")
    assert "[Deck" not in text  # the seed deals them
    for deal, scores in enumerate(d.scores for d in record.deals):
        assert f'[Scores "{scores[0]} {scores[1]}"]' in lines
        del deal
    # Each point scored is in a comment: they add up to the totals.
    points = [0, 0]
    for seat, value in re.findall(r"\{(\d): \+(\d+) [^}]*\}", text):
        points[int(seat)] += int(value)
    assert tuple(points) == record.totals[-1]


def test_a_game_dealt_from_deck_orders_records_each_deck() -> None:
    decks = [bz.deck_order(CLASSIC, f"decks/{i}") for i in range(12)]
    start = bz.new_game(CLASSIC, decks=decks, first_dealer=1)
    game, actions = play(start)
    record = record_game(start, actions)
    assert record.seed is None
    assert [d.deck for d in record.deals] == decks[: len(record.deals)]
    text = record.to_text()
    assert text.count("[Deck ") == len(record.deals)
    assert "[Seed" not in text
    assert GameRecord.from_text(text) == record
    assert GameRecord.from_json(record.to_json()) == record
    assert record.replay().totals == game.totals
    assert record.deals[0].dealer == 1


def test_house_rules_are_written_whole() -> None:
    house = CLASSIC.evolve(name="house", last_trick="24th", double_bezique=350, target=600)
    record = recorded(house)
    text = record.to_text()
    assert '[Variant "house"]' in text
    assert "[Rules " in text
    again = GameRecord.from_text(text)
    assert again == record
    assert again.rules == house


def test_a_game_in_progress_is_recorded_with_the_deal_being_played() -> None:
    start = bz.new_game(CLASSIC, seed=5)
    game, actions = play(start, stop=150)
    record = record_game(start, actions)
    assert not record.over
    assert '[Result "*"]' in record.to_text().splitlines()
    assert len(record.deals) == len(game.results) + 1
    assert record.deals[-1].scores == game.deal.scores
    # The totals of the deal being played count its points so far (S000 law 12).
    assert record.totals[-1] == game.scores != game.totals
    assert GameRecord.from_text(record.to_text()) == record
    assert record.replay() == game


def test_a_game_stopped_between_deals_holds_the_next_deal_as_dealt() -> None:
    start = bz.new_game(CLASSIC, seed=5)
    _, actions = play(start)
    first_deal = len(record_game(start, actions).deals[0].actions)
    record = record_game(start, actions[:first_deal])
    assert len(record.deals) == 2
    assert record.deals[1].actions == ()
    assert record.deals[1].dealer == 1
    assert GameRecord.from_json(record.to_json()) == record
    # Without the deal dealt after the last action, the record is refused.
    short = GameRecord.from_json(record.to_json())
    data = short.to_dict()
    data["deals"].pop()
    with pytest.raises(InvalidStateError, match="the game goes on to deal 2"):
        GameRecord.from_dict(data)


def test_a_game_won_in_the_middle_of_a_deal() -> None:
    rules = CLASSIC.evolve(target=300, end=GameEnd.FIRST_TO_REACH)
    for seed in range(10):
        start = bz.new_game(rules, seed=seed)
        game, actions = play(start, ("random",))
        if not game.deal.is_over:
            break
    else:
        pytest.fail("no game of the first ten ended in the middle of a deal")
    record = record_game(start, actions)
    assert record.over
    assert record.winners == game.winners
    assert GameRecord.from_text(record.to_text()) == record
    assert record.replay() == game


def test_actions_given_as_text_are_recorded_canonically() -> None:
    start = bz.new_game(CLASSIC, decks=[bz.deck_order(CLASSIC, 0)])
    record = record_game(start, ["play KC", "play JC", "declare common-marriage KC QC", "draw"])
    assert record.deals[0].actions == (
        "play KC",
        "play JC",
        "declare common-marriage QC KC",
        "draw",
    )
    assert record.totals == ((0, 20),)


def test_a_seed_written_as_a_number_is_that_number() -> None:
    start = bz.new_game(CLASSIC, seed="7")
    record = record_game(start, play(start, stop=10)[1])
    assert record.seed == 7
    assert GameRecord.from_text(record.to_text()) == record


def test_load_game_record_reads_either_form() -> None:
    record = recorded()
    assert load_game_record(record.to_json()) == record
    assert load_game_record(record.to_json().encode()) == record
    assert load_game_record(record.to_text()) == record
    # The package's reader serves every game's records, Bezique's among them.
    assert bz.load_game_record(record.to_text()) == record


def test_the_steps_narrate_every_action_and_score_event() -> None:
    record = recorded()
    steps = list(record.steps())
    assert [str(s.action) for s in steps] == [a for d in record.deals for a in d.actions]
    assert [s.deal for s in steps if s.finished_deal] == list(range(1, len(record.deals) + 1))
    points = [0, 0]
    for seat, value in enumerate(record.deals[0].initial_state().scores):
        points[seat] += value
    for step in steps:
        if step.dealt_next:
            for seat, value in enumerate(step.after.deal.scores):
                points[seat] += value
        for event in step.events:
            points[event.seat] += event.points
    assert tuple(points) == record.totals[-1]


# -- refused records -------------------------------------------------------------------------


def tampered(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = recorded().to_dict()
    change(data)
    return data


def _set(data: dict[str, Any], path: Sequence[str | int], value: object) -> None:
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def _bump(data: dict[str, Any], path: Sequence[str | int]) -> None:
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = [v + 10 for v in target[path[-1]]]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: _bump(d, ["deals", 0, "scores"]),
            r"deal 1: scores: the record says \[.*\], but replaying its actions gives",
        ),
        (
            lambda d: _bump(d, ["deals", 1, "totals"]),
            r"deal 2: totals: the record says \[.*\], but replaying gives",
        ),
        # S000 law 12: the highest total at or over the target wins.
        (lambda d: _set(d, ["winners"], [1 - d["winners"][0]]), r"result: the record says '\d'"),
        (lambda d: _set(d, ["over"], False), r"result: the record says '\*', but replaying"),
        (lambda d: _set(d, ["deals", 1, "dealer"], 0), "deal 2: the record says seat 0 deals"),
        (lambda d: _set(d, ["seed"], 4), "deal 1: deck: not the order the game's seed 4 deals"),
        (lambda d: d["deals"][0]["actions"].pop(), "deal 1: "),
        (lambda d: d["deals"][0]["actions"].insert(0, "draw"), r"deal 1: actions\[0\] 'draw': "),
        (lambda d: d["deals"][0]["actions"].append("draw"), "deal 1: actions.*already over"),
        (lambda d: d["deals"].pop(), "the game goes on to deal|deal .*: scores|result"),
        (lambda d: _set(d, ["deals"], []), "deals: a game record holds at least one deal"),
    ],
)
def test_a_record_the_replay_refutes_is_refused(
    change: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = tampered(change)
    with pytest.raises(InvalidStateError, match=message):
        GameRecord.from_dict(data)


def test_a_record_with_an_illegal_action_names_it() -> None:
    record = recorded()
    data = record.to_dict()
    # The first action is the non-dealer's lead (S000 law 5); seat 0 cannot play it.
    first = data["deals"][0]["actions"][0]
    data["deals"][0]["actions"][1] = first
    with pytest.raises(InvalidStateError, match=r"deal 1: actions\[1\] 'play ") as info:
        GameRecord.from_dict(data)
    assert isinstance(info.value.__cause__, bz.IllegalActionError)


def test_a_first_dealer_out_of_range_is_refused() -> None:
    text = recorded().to_text().replace('[FirstDealer "0"]', '[FirstDealer "2"]')
    with pytest.raises(InvalidStateError, match=r"FirstDealer: no seat 2; seats are 0\.\.1"):
        GameRecord.from_text(text)


def test_a_tampered_text_record_is_refused() -> None:
    record = recorded()
    text = record.to_text()
    scores = record.deals[0].scores
    bad = text.replace(
        f'[Scores "{scores[0]} {scores[1]}"]', f'[Scores "{scores[0] + 10} {scores[1]}"]', 1
    )
    assert bad != text
    with pytest.raises(InvalidStateError, match="deal 1: scores: the record says"):
        GameRecord.from_text(bad)
    header = f'[Totals "{" ".join(map(str, record.totals[-1]))}"]'
    with pytest.raises(InvalidStateError, match="Totals: the header says"):
        GameRecord.from_text(text.replace(header, '[Totals "1 2"]', 1))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace('[Variant "classic"]\n', ""), r"\[Variant \.\.\.\] is missing"),
        (lambda t: t.replace('[Variant "classic"]', '[Variant "nope"]'), "no preset named"),
        (lambda t: t.replace('[FirstDealer "0"]', "[FirstDealer 0]"), "line 4: not a tag pair"),
        (lambda t: t.replace("1. play ", "1. flay ", 1), "line 10: an action starts with"),
        (lambda t: t.replace("{", "{{", 1), "line .*: a comment"),
        (lambda t: t.replace('[Deal "2"]', '[Deal "3"]'), r'\[Deal "2"\] expected'),
        (lambda t: t.replace('[Seed "3"]\n', ""), r"no \[Deck \.\.\.\] and no \[Seed"),
        (lambda t: t.replace('[Dealer "1"]', '[Dealer "x"]'), "Dealer: not a whole number"),
        (lambda t: t.replace("[Result", '[Event "x"]\n[Result'), "given twice|Event"),
        (lambda t: "play KC\n" + t, "line 1: a tag pair"),
        (
            lambda t: '[Dealer "0"]\n' + t,
            r'line 1: tag Dealer belongs to a deal, after its \[Deal "N"\]',
        ),
        (
            lambda t: t.replace('[Variant "classic"]', '[Variant "classic"]\n[Rules "{"]'),
            "Rules: not JSON",
        ),
        (lambda t: t.replace("play ", "play ZZ", 1), "deal 1: actions"),
    ],
)
def test_a_text_record_that_does_not_parse_is_refused_naming_the_line(
    edit: Callable[[str], str], message: str
) -> None:
    text = recorded(tags={"Event": "x"}).to_text()
    edited = edit(text)
    assert edited != text
    with pytest.raises(NotationError, match=message):
        GameRecord.from_text(edited)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ["a, b", "c"]}, r"players\[0\]: 'a, b': a player's name"),
        ({"players": ["", "c"]}, r"players\[0\]"),
        ({"players": ["a"]}, "players: 1 names for 2 seats"),
        ({"tags": {"Result": "1"}}, "'Result' is not a free tag name"),
        ({"tags": {"9x": "1"}}, "'9x' is not a free tag name"),
        ({"tags": {"Event": "two\nlines"}}, "tags.Event: a tag's value has no line break"),
    ],
)
def test_names_and_tags_that_the_text_record_cannot_hold_are_refused(
    kwargs: dict[str, Any], message: str
) -> None:
    start = bz.new_game(CLASSIC, seed=1)
    with pytest.raises(bz.BeziqueError, match=message):
        record_game(start, [], **kwargs)


def test_record_game_needs_the_game_as_started() -> None:
    start = bz.new_game(CLASSIC, seed=5)
    game, actions = play(start)
    with pytest.raises(InvalidStateError, match="record_game needs the game as started"):
        record_game(game, [])
    with pytest.raises(bz.IllegalActionError):
        record_game(start, [*actions, actions[-1]])


def test_json_that_is_not_a_game_record_is_refused() -> None:
    with pytest.raises(NotationError, match="format: expected 'bezique-game-record'"):
        GameRecord.from_json("{}")
    data = recorded().to_dict()
    data["tags"] = []
    with pytest.raises(NotationError, match="tags: expected an object"):
        GameRecord.from_dict(data)
    data = recorded().to_dict()
    data["seed"] = 1.5
    with pytest.raises(NotationError, match="seed: expected an integer, a string or null"):
        GameRecord.from_dict(data)
    data = recorded().to_dict()
    data["deals"][0]["totals"] = [1]
    with pytest.raises(InvalidStateError, match=r"deals\[0\].totals: 1 numbers for 2 players"):
        GameRecord.from_dict(data)


def test_a_record_without_deals_is_refused_by_its_replay() -> None:
    record = recorded()
    empty = GameRecord(rules=CLASSIC, first_dealer=0, deals=(), totals=(), over=False, winners=())
    with pytest.raises(InvalidStateError, match="deals: a game record holds at least one deal"):
        empty.replay()
    uneven = GameRecord(
        rules=CLASSIC,
        first_dealer=0,
        deals=record.deals,
        totals=record.totals[:1],
        over=True,
        winners=record.winners,
    )
    with pytest.raises(InvalidStateError, match=r"totals: 1 totals for \d deals"):
        uneven.replay()
