"""The error contract at the boundary (docs/errors.md): a value of the wrong Python
type raises ``TypeError`` naming the parameter, from the public function it was
given to; a value of the right type that the rules refuse raises a
``BeziqueError``; nothing else escapes, and a refusal changes nothing."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bezique as bz
from bezique import BeziqueError, records
from bezique.actions import CardRef, Declare, Play, ScorePending, parse_action_text
from bezique.checks.determinize import determinize
from bezique.display import board, svg
from bezique.errors import shown
from bezique.io import view_from_json
from bezique.io.rules_json import rules_from_dict, rules_to_dict
from bezique.players import make_player
from bezique.programs.simulate import MAX_RUN, duel, match, simulate
from bezique.rules import variants

CLASSIC = bz.variants.CLASSIC
STATE = bz.new_deal(CLASSIC, seed=1)
GAME = bz.new_game(CLASSIC, seed=1)
VIEW = STATE.view(STATE.current_player or 0)
HUGE = 10**5000

#: Each public entry point, by the parameter a wrong value is given as: a call of
#: the entry point with that value.
ENTRY_POINTS: dict[str, tuple[str, Callable[[Any], object]]] = {
    "DealState.apply": ("action", lambda x: STATE.apply(x)),
    "DealState.step": ("action", lambda x: STATE.step(x)),
    "DealState.why_illegal": ("action", lambda x: STATE.why_illegal(x)),
    "DealState.is_legal": ("action", lambda x: STATE.is_legal(x)),
    "DealState.apply(seat)": ("seat", lambda x: STATE.apply(STATE.legal_actions()[0], seat=x)),
    "DealState.legal_actions": ("seat", lambda x: STATE.legal_actions(seat=x)),
    "DealState.legal_declarations": ("seat", lambda x: STATE.legal_declarations(seat=x)),
    "DealState.view": ("seat", lambda x: STATE.view(x)),
    "GameState.apply": ("action", lambda x: GAME.apply(x)),
    "GameState.why_illegal": ("action", lambda x: GAME.why_illegal(x)),
    "GameState.is_legal": ("action", lambda x: GAME.is_legal(x)),
    "GameState.legal_actions": ("seat", lambda x: GAME.legal_actions(seat=x)),
    "parse_action(text)": ("text", lambda x: bz.parse_action(STATE, x)),
    "parse_action(source)": ("source", lambda x: bz.parse_action(x, "draw")),
    "format_action": ("action", lambda x: bz.format_action(x)),
    "Card.parse": ("text", lambda x: bz.Card.parse(x)),
    "CardRef.parse": ("text", lambda x: CardRef.parse(x)),
    "parse_card_id": ("text", lambda x: bz.parse_card_id(x)),
    "face_of": ("card_id", lambda x: bz.face_of(x)),
    "card_id_name": ("card_id", lambda x: bz.card_id_name(x)),
    "variants.get": ("name", lambda x: variants.get(x)),
    "new_deal(rules)": ("rules", lambda x: bz.new_deal(x, seed=1)),
    "new_deal(seed)": ("seed", lambda x: bz.new_deal(CLASSIC, seed=x)),
    "new_deal(deck)": ("deck", lambda x: bz.new_deal(CLASSIC, deck=x)),
    "new_deal(dealer)": ("dealer", lambda x: bz.new_deal(CLASSIC, seed=1, dealer=x)),
    "new_deal(cut)": ("cut", lambda x: bz.new_deal(variants.get("six-pack"), seed=1, cut=x)),
    "new_game(rules)": ("rules", lambda x: bz.new_game(x)),
    "new_game(seed)": ("seed", lambda x: bz.new_game(CLASSIC, seed=x)),
    "new_game(first_dealer)": ("first_dealer", lambda x: bz.new_game(CLASSIC, first_dealer=x)),
    "make_player(name)": ("name", lambda x: make_player(x)),
    "make_player(seed)": ("seed", lambda x: make_player("random", seed=x)),
    "determinize(view)": ("view", lambda x: determinize(x, random.Random(1))),
    "determinize(rng)": ("rng", lambda x: determinize(VIEW, x)),
    "load_state": ("text", lambda x: bz.io.load_state(x)),
    "view_from_json": ("text", lambda x: view_from_json(x)),
    "DealRecord.from_json": ("text", lambda x: bz.DealRecord.from_json(x)),
    "GameRecord.from_json": ("text", lambda x: bz.GameRecord.from_json(x)),
    "GameRecord.from_text": ("text", lambda x: bz.GameRecord.from_text(x)),
    "load_game_record": ("text", lambda x: bz.io.games.load_game_record(x)),
    "parse_position(text)": ("text", lambda x: bz.parse_position(x)),
    "parse_position(rules)": ("rules", lambda x: bz.parse_position("dealer: 0", rules=x)),
    "parse_position(seed)": ("seed", lambda x: bz.parse_position("dealer: 0", seed=x)),
    "format_position": ("state", lambda x: bz.format_position(x)),
    "same_position": ("a", lambda x: bz.same_position(x, STATE)),
    "svg.draw(subject)": ("subject", lambda x: svg.draw(x)),
    "svg.draw(seat)": ("seat", lambda x: svg.draw(STATE, seat=x)),
    "board.render_view": ("view", lambda x: board.render_view(x)),
    "board.render_state": ("state", lambda x: board.render_state(x)),
    "board.render_game": ("game", lambda x: board.render_game(x)),
    "simulate(variant)": ("variant", lambda x: simulate(x, deals=1)),
    "simulate(deals)": ("deals", lambda x: simulate("classic", deals=x)),
    "simulate(seed)": ("seed", lambda x: simulate("classic", deals=1, seed=x)),
    "simulate(players)": ("players", lambda x: simulate("classic", deals=1, players=x)),
    "simulate(jobs)": ("jobs", lambda x: simulate("classic", deals=1, jobs=x)),
    "duel(variant)": ("variant", lambda x: duel(x, "random", "random", games=1)),
    "duel(a)": ("a", lambda x: duel("classic", x, "random", games=1)),
    "duel(games)": ("games", lambda x: duel("classic", "random", "random", games=x)),
    "match(players)": ("players", lambda x: match("three-hand", x, games=1)),
    "match(seed)": ("seed", lambda x: match("three-hand", ["random"] * 3, games=1, seed=x)),
    "Rules.from_knobs": ("knobs", lambda x: bz.Rules.from_knobs("house", x)),
    "Play": ("card", lambda x: Play(x)),
    "Declare": ("cards", lambda x: Declare(bz.MeldKind.BEZIQUE, x)),
    "ScorePending": ("meld", lambda x: ScorePending(x)),
}

#: The parameters for which ``None`` is the default (no seed: the operating system's
#: randomness; no seat named; a shuffled deck; no cut).
NONE_IS_DEFAULT = {
    "new_deal(seed)",
    "new_game(seed)",
    "make_player(seed)",
    "DealState.apply(seat)",
    "DealState.legal_actions",
    "DealState.legal_declarations",
    "GameState.legal_actions",
    "svg.draw(seat)",
    "new_deal(deck)",
    "new_deal(cut)",
    "parse_position(rules)",
    "parse_position(seed)",
}

#: Values of the wrong type for every parameter above.
WRONG_TYPES: list[object] = [None, 2.5, object(), [object()], {"a": object()}]


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_a_value_of_the_wrong_type_is_a_type_error_naming_the_parameter(name: str) -> None:
    parameter, call = ENTRY_POINTS[name]
    for value in WRONG_TYPES:
        if name in NONE_IS_DEFAULT and value is None:
            continue
        if name == "Rules.from_knobs" and isinstance(value, dict):
            continue  # a mapping: its keys are knobs, refused by name (RulesError)
        with pytest.raises(TypeError, match=parameter):
            call(value)


#: Values of every kind, as a hostile but fair caller would pass them.
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([HUGE, -HUGE, 2**64, -1]),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.binary(max_size=30),
    st.lists(st.one_of(st.integers(), st.text(max_size=5)), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.sampled_from(
        [STATE, GAME, VIEW, CLASSIC, bz.Draw(), bz.MeldKind.BEZIQUE, bz.Card.parse("QS")]
    ),
)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(ENTRY_POINTS)), value=ANYTHING)
def test_nothing_but_a_type_error_or_the_library_s_own_error_escapes(
    name: str, value: object
) -> None:
    if name.startswith(("simulate", "duel", "match")) and isinstance(value, int):
        # No long runs: a count the runs accept becomes -1, 0 or 1; a larger one is refused.
        value = value % 3 - 1 if abs(value) <= MAX_RUN else value
    before = (STATE, GAME, VIEW)
    parameter, call = ENTRY_POINTS[name]
    refused: BaseException | None = None
    try:
        call(value)
    except (TypeError, BeziqueError) as error:
        refused = error
    if isinstance(refused, TypeError):
        assert parameter in str(refused), (name, shown(value), refused)
    assert before == (STATE, GAME, VIEW)
    assert STATE.view(VIEW.seat) == VIEW


# -- huge integers: the library's error, never Python's limit on printing them ----------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: STATE.apply("score " + "9" * 5000),
        lambda: STATE.apply("play QS[bezique]@" + "9" * 5000),
        lambda: parse_action_text("score ²"),
        lambda: parse_action_text("score 1²"),
        lambda: STATE.apply(ScorePending(HUGE)),
        lambda: CardRef(bz.Card.parse("QS"), melds=(HUGE,)),
        lambda: CLASSIC.evolve(packs=HUGE),
        lambda: CLASSIC.evolve(common_marriage=HUGE),
        lambda: CLASSIC.evolve(target=10**10),
        lambda: CLASSIC.evolve(players=HUGE),
        lambda: CLASSIC.evolve(sides=(0, HUGE)),
        lambda: bz.new_deal(CLASSIC, seed=HUGE),
        lambda: bz.new_deal(CLASSIC, seed=2**257),
        lambda: bz.new_deal(CLASSIC, dealer=HUGE),
        lambda: bz.new_deal(CLASSIC, deck=[HUGE, *range(63)]),
        lambda: bz.new_game(CLASSIC, seed=-HUGE),
        lambda: make_player("random", seed=HUGE),
        lambda: make_player("monte-carlo:" + "9" * 5000),
        lambda: make_player("monte-carlo:iterations=" + "9" * 20),
        lambda: STATE.hand(HUGE),
        lambda: bz.card_id_name(HUGE),
        lambda: bz.Card.from_index(HUGE),
        lambda: simulate("classic", deals=1, seed=HUGE),
        lambda: rules_from_dict({**rules_to_dict(CLASSIC), "knobs": {"target": HUGE}}),
    ],
)
def test_a_huge_integer_gives_the_library_s_error(call: Callable[[], object]) -> None:
    with pytest.raises(BeziqueError) as info:
        call()
    assert "Exceeds the limit" not in str(info.value)


def test_knobs_and_seeds_are_bounded_with_a_clear_rules_error() -> None:
    with pytest.raises(bz.RulesError, match=r"target must be at most 1,000,000,000") as info:
        CLASSIC.evolve(target=10**10)
    assert info.value.fields == ("target",)
    assert CLASSIC.evolve(target=10**9).game.target == 10**9
    with pytest.raises(bz.RulesError, match="seed must be an integer of at most 256 bits"):
        bz.new_deal(CLASSIC, seed=2**256)
    assert bz.new_deal(CLASSIC, seed=2**256 - 1).stock_size == 48


def test_shown_never_fails_and_stays_short() -> None:
    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert shown(HUGE) == "an integer of 5001 digits"
    assert shown(-(10**300) + 1) == "an integer of 300 digits"
    assert shown(Hostile()) == "<Hostile>"
    assert len(shown("x" * 1000)) == 40


# -- action objects: malformed ones are refused when built ---------------------------------


def test_a_malformed_action_is_refused_when_it_is_built() -> None:
    queen = bz.Card.parse("QS")
    with pytest.raises(TypeError, match=r"Play\(\): card must be a CardRef, not str"):
        Play("QS")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"CardRef\(\): card must be a Card"):
        CardRef("QS")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="history and broken must be tuples of MeldKind"):
        CardRef(queen, ("bezique",))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"Declare\(\): kind must be a MeldKind"):
        Declare("bezique", (CardRef(queen),))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"Declare\(\): cards must be a tuple of CardRef"):
        Declare(bz.MeldKind.BEZIQUE, ("QS", "JD"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"ScorePending\(\): meld must be an int"):
        ScorePending("1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"CardRef\(\): card must be a Card"):
        attrs.evolve(CardRef(queen), card="QS")  # type: ignore[arg-type]


def test_apply_refuses_a_wrong_type_before_the_seat_and_changes_nothing() -> None:
    with pytest.raises(TypeError, match=r"apply\(\): action must be an Action"):
        STATE.apply(None, seat=99)  # type: ignore[arg-type]
    with pytest.raises(bz.SeatError):
        STATE.apply(STATE.legal_actions()[0], seat=99)
    with pytest.raises(TypeError, match="seat must be an int"):
        STATE.apply(STATE.legal_actions()[0], seat="1")  # type: ignore[arg-type]
    assert bz.new_deal(CLASSIC, seed=1) == STATE


def test_a_forged_view_is_refused_by_determinize() -> None:
    """A view whose fields have the wrong types names the field; one whose numbers
    no deal could hold is an InvalidStateError."""
    rng = random.Random(1)
    with pytest.raises(TypeError, match=r"determinize\(\): view\.hand\[0\] must be an integer"):
        determinize(attrs.evolve(VIEW, hand=("QS", *VIEW.hand[1:])), rng)  # type: ignore[arg-type]
    if records.NATIVE_RECORDS:
        # The compiled build's tricks hold only integers: a forged one is refused when made.
        with pytest.raises(TypeError, match=r"^Trick\(\): winner must be an integer, not str$"):
            bz.Trick(leader=0, cards=(1, 2), winner="0")  # type: ignore[arg-type]
    else:
        forged = bz.Trick(leader=0, cards=(1, 2), winner="0")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"view\.tricks\[0\]\.winner"):
            determinize(attrs.evolve(VIEW, tricks=(forged,)), rng)
    with pytest.raises(bz.InvalidStateError, match=r"view\.stock_size must be at most"):
        determinize(attrs.evolve(VIEW, stock_size=HUGE), rng)
    with pytest.raises(bz.InvalidStateError):
        determinize(attrs.evolve(VIEW, hand=(9999, *VIEW.hand[1:])), rng)
    assert determinize(VIEW, rng).view(VIEW.seat) == VIEW


@pytest.mark.parametrize(
    "call",
    [
        lambda: simulate("classic", deals=MAX_RUN + 1),
        lambda: duel("classic", "random", "random", games=2**64),
        lambda: match("three-hand", ["random"] * 3, games=HUGE),
        lambda: simulate("classic", deals=1, jobs=2**40),
    ],
)
def test_a_run_too_long_to_play_is_refused_before_it_starts(call: Callable[[], object]) -> None:
    with pytest.raises(BeziqueError, match=r"(deals|games|jobs) must be .* to "):
        call()
