"""Hostile input at the surfaces around the engine (the errors page's contract): the
play prompt of every game, the score sheet and ``bezique score``, the action spaces,
the rules' texts, the card ids of a deal and the views given to determinization. Each
test is an example that once ended in a traceback or a bare exception: now the
library's error, or a ``TypeError`` naming the parameter, and nothing changed."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import bezique as bz
from bezique.checks.determinize import _Known, determinize
from bezique.encodings.action_space import ActionSpace
from bezique.io.sheet import (
    Brisques,
    Declaration,
    IrregularityEntry,
    LastTrick,
    ScoreSheet,
    SheetDeal,
    format_tally,
)
from bezique.programs.cli import main

# -- the play prompt ---------------------------------------------------------------------

#: Lines that once ended ``bezique play`` with a traceback: a digit ``int`` refuses,
#: and a number longer than Python converts.
HOSTILE_LINES = ("²", "9" * 5000, "١٢", "1²")


def _play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    variant: str,
    typed: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", "--variant", variant, "--players", "random", "--seed", "1", "--ascii"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("variant", ["classic", "zetema"])
@pytest.mark.parametrize("line", HOSTILE_LINES, ids=["superscript", "5000-digits", "arabic", "1²"])
def test_a_hostile_line_at_the_prompt_is_refused_in_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, variant: str, line: str
) -> None:
    code, out, err = _play(capsys, monkeypatch, variant, f"{line}\nq\n")
    assert code == 0
    assert err == ""
    assert "refused: no action numbered " in out
    assert out.rstrip().endswith("You leave the game.")


@pytest.mark.parametrize("variant", ["classic", "zetema"])
def test_end_of_input_at_the_prompt_says_goodbye_with_status_0(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    """Both games' prompts leave the game the same way at the end of input."""
    code, out, err = _play(capsys, monkeypatch, variant, "")
    assert (code, err) == (0, "")
    assert out.rstrip().endswith("You> You leave the game.")


def test_a_move_number_is_read_in_ascii_digits_only() -> None:
    state = bz.new_deal(bz.variants.CLASSIC, seed=4)
    from bezique.display.screen import read_input

    assert str(read_input("2", state).action) == "play AD"
    assert read_input("0002", state).action == read_input("2", state).action
    assert read_input("²", state).message == "refused: no action numbered '²': choose 1 to 8"
    assert read_input("9" * 5000, state).message.startswith("refused: no action numbered '999")


# -- score sheets ------------------------------------------------------------------------


def test_score_reads_a_sheet_with_an_unknown_irregularity_after_the_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A deal after the game's end is refused whole; an irregularity in it that no law
    knows was never checked, and the printer no longer looks it up."""
    rules = bz.variants.CLASSIC.evolve(target=10)
    won = (Declaration(0, bz.MeldKind.BEZIQUE, ("QS", "JD")), LastTrick(1))
    late = (IrregularityEntry(1, "cheating"),)
    sheet = ScoreSheet(
        rules, (SheetDeal(1, bz.Suit.HEARTS, won), SheetDeal(0, bz.Suit.SPADES, late))
    )
    path = tmp_path / "sheet.json"
    path.write_text(sheet.to_json(), encoding="utf-8")
    code = main(["score", str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (1, "")
    assert "refused: deal 2: the deal: the game is already over" in out
    assert "the game: won by seat 0" in out


def test_an_unknown_irregularity_in_a_deal_played_is_still_refused_by_the_tally() -> None:
    deal = SheetDeal(0, bz.Suit.HEARTS, (IrregularityEntry(1, "cheating"), LastTrick(0)))
    sheet = ScoreSheet(bz.variants.CLASSIC, (deal,))
    text = format_tally(sheet, sheet.tally())
    assert "refused: deal 1, entry 1: seat 1: cheating: no irregularity 'cheating'" in text


#: Entries and deals built with values that once got past the constructors and broke
#: the tally or the printing: the parameter each is refused by.
BAD_SHEET_PARTS: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("text dealer", lambda: SheetDeal("0", bz.Suit.HEARTS, ()), TypeError, "dealer"),  # type: ignore[arg-type]
    ("huge dealer", lambda: SheetDeal(10**5000, None, ()), bz.InvalidStateError, "dealer"),
    ("text trump", lambda: SheetDeal(0, "H", ()), TypeError, "trump"),  # type: ignore[arg-type]
    ("text entries", lambda: SheetDeal(0, None, "x"), TypeError, "entries"),  # type: ignore[arg-type]
    ("entry not one", lambda: SheetDeal(0, None, (5,)), TypeError, "entries[0]"),  # type: ignore[arg-type]
    ("huge count", lambda: Brisques(0, 10**5000), bz.InvalidStateError, "count"),
    ("huge seat", lambda: LastTrick(10**5000), bz.InvalidStateError, "seat"),
    (
        "huge irregularity count",
        lambda: IrregularityEntry(0, "short-deal", count=10**5000),
        bz.InvalidStateError,
        "count",
    ),
    (
        "card id for a card",
        lambda: Declaration(0, bz.MeldKind.BEZIQUE, (99, "JD")),  # type: ignore[arg-type]
        TypeError,
        "cards[0]",
    ),
    ("face out of the deck", lambda: bz.Card(9, 9), TypeError, "suit"),  # type: ignore[arg-type]
    (
        "text names",
        lambda: ScoreSheet(bz.variants.CLASSIC, (), b"ab"),  # type: ignore[arg-type]
        TypeError,
        "players",
    ),
    (
        "number names",
        lambda: ScoreSheet(bz.variants.CLASSIC, (), (1, 2)),  # type: ignore[arg-type]
        TypeError,
        "players[0]",
    ),
]


@pytest.mark.parametrize(
    ("make", "error", "parameter"),
    [case[1:] for case in BAD_SHEET_PARTS],
    ids=[case[0] for case in BAD_SHEET_PARTS],
)
def test_a_sheet_refuses_a_bad_value_when_it_is_built(
    make: Callable[[], object], error: type[Exception], parameter: str
) -> None:
    with pytest.raises(error, match=rf"\b{re.escape(parameter)}"):
        make()


def test_a_negative_count_is_still_refused_by_the_tally() -> None:
    deal = SheetDeal(0, bz.Suit.HEARTS, (Brisques(0, -3), LastTrick(0)))
    refusal = ScoreSheet(bz.variants.CLASSIC, (deal,)).tally().refusals[0]
    assert refusal.problems == ("the deck holds 16 aces and tens",)


# -- the action spaces -------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["classic", "zetema"])
def test_the_action_space_refuses_what_is_not_a_position_or_an_action(variant: str) -> None:
    rules = bz.variants.get(variant)
    space: Any = ActionSpace.of(rules)
    state = bz.new_deal(rules, seed=1)
    legal = state.legal_actions()
    calls: list[Callable[[], object]] = [
        lambda: space.legal_ids(5),
        lambda: space.legal_mask("x"),
        lambda: space.action_from_id(None, 0),
    ]
    for call in calls:
        with pytest.raises(TypeError, match="position must be"):
            call()
    for action in ("play QS", 5, None):
        with pytest.raises(TypeError, match="action must be"):
            space.action_id(action)
    with pytest.raises(TypeError, match="position must be"):
        space.action_id(legal[0], 5)
    with pytest.raises(TypeError, match="action_id must be an int"):
        space.action_from_id(state, "0")
    assert space.legal_ids(state) == space.legal_ids(state)


def test_the_action_space_reads_a_deal_not_a_game() -> None:
    """A game has legal actions but no melds of its own: its deal is the position."""
    game = bz.new_game(bz.variants.CLASSIC, seed=1)
    space = ActionSpace.of(bz.variants.CLASSIC)
    with pytest.raises(TypeError, match="position must be"):
        space.legal_ids(game)  # type: ignore[arg-type]
    assert space.legal_ids(game.deal) == space.legal_ids(game.deal)


# -- the rules' texts ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["classic", "zetema"])
@pytest.mark.parametrize(
    ("field", "value"),
    [("description", b"x"), ("name", b"x"), ("name", "")],
)
def test_rules_refuse_a_text_field_that_is_not_text(
    variant: str, field: str, value: object
) -> None:
    with pytest.raises(bz.RulesError, match=field) as raised:
        bz.variants.get(variant).evolve(**{field: value})
    assert raised.value.fields == (field,) or list(raised.value.fields) == [field]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", "2"),
        ("target", 10**5000),
        ("flush", None),
        ("marriages", (1, 2, 3, 4, "x")),
        ("partnerships", "yes"),
        ("imperial_marriage", 10**5000),
    ],
    ids=["players", "target", "flush", "marriages", "partnerships", "imperial_marriage"],
)
def test_zetema_rules_check_each_knob_by_its_type_and_bounds(field: str, value: object) -> None:
    """As Bezique's rules do: the field named, never Python's own comparison error or
    an integer too long to print."""
    with pytest.raises(bz.RulesError, match=field):
        bz.variants.get("zetema").evolve(**{field: value})


def test_bezique_rules_refuse_sources_that_are_not_texts() -> None:
    with pytest.raises(bz.RulesError, match="sources"):
        bz.variants.CLASSIC.evolve(sources=("S000", 1))


# -- card ids and views ----------------------------------------------------------------------


@pytest.mark.parametrize("card_id", [64, -1, 10**5000], ids=["64", "-1", "5001-digits"])
def test_a_card_id_out_of_the_deck_is_refused(card_id: int) -> None:
    state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    for method in (state.history_of, state.card_ref, state.table_card):
        with pytest.raises(bz.NotationError, match="no card id"):
            method(card_id)
    with pytest.raises(TypeError, match="card_id must be an int"):
        state.history_of("QSa")  # type: ignore[arg-type]


def test_a_two_seat_view_whose_trick_holds_three_cards_is_refused() -> None:
    """Determinization read the seats of the end phase's trick by position: a third
    card had no seat (an ``IndexError``)."""
    rng = random.Random(2)
    state = bz.new_deal(bz.variants.CLASSIC, seed=3)
    while not (state.phase is bz.Phase.END and len(state.trick) == 1):
        state = state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    unseen = [c for c in range(64) if c not in _Known(view).where]
    sizes = list(view.hand_sizes)
    sizes[1 - seat] -= 2
    forged = attrs.evolve(view, trick=(*view.trick, *unseen[:2]), hand_sizes=tuple(sizes))
    with pytest.raises(bz.InvalidStateError, match="trick: 3 cards"):
        determinize(forged, random.Random(1))
    doc = json.loads(bz.view_to_json(view))
    assert bz.view_from_json(json.dumps(doc)) == view


# -- text that takes over a terminal ----------------------------------------------------------

#: A name and tags that recolour a terminal, retitle its window, reverse a line and
#: break a line of a record.
RED = "\x1b[31mred"
TAGS = {"Event": "\x1b]0;pwned\x07", "Site": "a\u2028b\x1cc\rd", "Round": "\U0001f600 \\x41"}


def _escape_record() -> bz.GameRecord:
    rules = bz.variants.CLASSIC.evolve(target=200)
    game = start = bz.new_game(rules, seed=1)
    rng = random.Random(1)
    actions = []
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        actions.append(action)
        game = game.apply(action)
    return bz.record_game(start, actions, players=[RED, "b\u202eob"], tags=TAGS)


def _unprinted(text: str) -> list[str]:
    """The characters of ``text`` a terminal would obey rather than print."""
    return [ch for ch in text if ch != "\n" and not ch.isprintable() and ch != " "]


def test_printable_escapes_control_characters_only() -> None:
    assert bz.errors.printable("Ann, Zoë, 张伟, ١٢") == "Ann, Zoë, 张伟, ١٢"
    assert bz.errors.printable(RED) == "\\x1b[31mred"
    escaped = "a\\u202eb\\u2028c\\x0dd\\U000e0001"
    assert bz.errors.printable("a\u202eb\u2028c\rd\U000e0001") == escaped


def test_a_text_record_keeps_its_control_characters_escaped_and_reads_back() -> None:
    record = _escape_record()
    text = record.to_text()
    assert _unprinted(text) == []
    assert '[Event "\\x1b]0;pwned\\x07"]' in text
    again = bz.GameRecord.from_text(text)
    assert again.players == record.players
    assert dict(again.tags) == TAGS


@pytest.mark.parametrize("form", ["json", "text"])
def test_replay_prints_names_and_tags_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, form: str
) -> None:
    record = _escape_record()
    path = tmp_path / f"record.{form}"
    path.write_text(record.to_json() if form == "json" else record.to_text(), encoding="utf-8")
    assert main(["replay", str(path), "--ascii"]) == 0
    out, err = capsys.readouterr()
    assert _unprinted(out + err) == []
    assert "first dealer \\x1b[31mred0" in out
    assert "  Event: \\x1b]0;pwned\\x07" in out


def test_score_prints_names_and_entries_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    entries = (IrregularityEntry(1, "\x1b[2J"), LastTrick(0))
    sheet = ScoreSheet(bz.variants.CLASSIC, (SheetDeal(0, bz.Suit.HEARTS, entries),), (RED, "b"))
    path = tmp_path / "sheet.json"
    path.write_text(sheet.to_json(), encoding="utf-8")
    assert main(["score", str(path)]) == 1
    out, err = capsys.readouterr()
    assert _unprinted(out + err) == []
    assert "deal 1: \\x1b[31mred 10, b 0" in out
    assert "seat 1: \\x1b[2J" in out


def test_an_error_line_prints_what_it_quotes_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["replay", str(tmp_path / "\x1b[2Jmissing.json")]) == 2
    _, err = capsys.readouterr()
    assert _unprinted(err) == []
    assert "\\x1b[2Jmissing.json" in err
