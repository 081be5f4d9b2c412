"""Rule components, ``Rules.evolve``, ``knobs``/``from_knobs`` and validation errors."""

from __future__ import annotations

import enum
import json
import typing
from typing import Any

import attrs
import pytest

import bezique as bz
from bezique import (
    BrisqueTiming,
    Deck,
    DeclarationLimit,
    Declarations,
    FreshCard,
    GameEnd,
    GameRules,
    InferiorOrder,
    LastTrick,
    MeldKind,
    MeldValues,
    Rules,
    RulesError,
    Scoring,
    SevenOfTrumps,
    TrickPlay,
    Trumps,
)

CLASSIC = bz.variants.CLASSIC
COMPONENTS: dict[str, type[Any]] = {
    "deck": Deck,
    "trumps": Trumps,
    "trick_play": TrickPlay,
    "declarations": Declarations,
    "scoring": Scoring,
    "game": GameRules,
}
PRESETS = [bz.rules.variants.get(name) for name, _ in bz.rules.variants.names()]


def component_fields() -> list[tuple[type[Any], str, Any]]:
    """(component, field name, type hint) for every field of every component."""
    return [
        (cls, field.name, typing.get_type_hints(cls)[field.name])
        for cls in COMPONENTS.values()
        for field in attrs.fields(cls)
    ]


def wrong_values(hint: Any) -> list[Any]:
    """Values of the wrong type for a field with this type hint."""
    if hint is bool:
        return [1, "yes", None]
    if hint is int:
        return ["10", 1.5, True, None]
    if hint == int | None:
        return ["10", 1.5, False]
    if hint == tuple[int, ...]:
        return ["323", [3, 2, 3], (3, "2", 3), (3.0, 2, 3)]
    if hint is MeldValues:
        return [{"bezique": 40}, None]
    assert isinstance(hint, type), hint
    assert issubclass(hint, enum.Enum), hint
    return [3, None, object()]


FIELDS = component_fields()


@pytest.mark.parametrize(
    ("component", "name", "hint"), FIELDS, ids=[f"{c.__name__}.{n}" for c, n, _ in FIELDS]
)
def test_component_field_of_the_wrong_type_is_refused_naming_it(
    component: type[Any], name: str, hint: Any
) -> None:
    for value in wrong_values(hint):
        with pytest.raises(RulesError, match=name) as info:
            component(**{name: value})
        assert info.value.fields == (name,)


@pytest.mark.parametrize(
    ("component", "name", "hint"), FIELDS, ids=[f"{c.__name__}.{n}" for c, n, _ in FIELDS]
)
def test_evolve_with_a_wrong_type_is_refused_naming_the_field(
    component: type[Any], name: str, hint: Any
) -> None:
    for value in wrong_values(hint):
        if isinstance(value, list) and hint == tuple[int, ...]:
            continue  # evolve turns a list into a tuple, as JSON gives lists
        with pytest.raises(RulesError, match=name) as info:
            CLASSIC.evolve(**{name: value})
        assert name in info.value.fields


INT_FIELDS = [(c, n) for c, n, h in FIELDS if h in (int, int | None)]


@pytest.mark.parametrize(
    ("component", "name"), INT_FIELDS, ids=[f"{c.__name__}.{n}" for c, n in INT_FIELDS]
)
def test_negative_numbers_are_refused_naming_the_field(component: type[Any], name: str) -> None:
    with pytest.raises(RulesError, match=name) as info:
        component(**{name: -1})
    assert info.value.fields == (name,)
    with pytest.raises(RulesError, match=name):
        CLASSIC.evolve(**{name: -10})


ENUM_FIELDS = [(c, n, h) for c, n, h in FIELDS if isinstance(h, type) and issubclass(h, enum.Enum)]


@pytest.mark.parametrize(
    ("component", "name", "hint"),
    ENUM_FIELDS,
    ids=[f"{c.__name__}.{n}" for c, n, _ in ENUM_FIELDS],
)
def test_unknown_option_text_is_refused_listing_the_options(
    component: type[Any], name: str, hint: type[enum.Enum]
) -> None:
    with pytest.raises(RulesError, match=name) as info:
        CLASSIC.evolve(**{name: "no-such-option"})
    assert info.value.fields == (name,)
    for member in hint:
        assert repr(member.value) in str(info.value)


def _evolve_or_error(name: str, value: object) -> Rules | RulesError:
    try:
        return CLASSIC.evolve(**{name: value})
    except RulesError as error:
        return error


@pytest.mark.parametrize(
    ("component", "name", "hint"),
    ENUM_FIELDS,
    ids=[f"{c.__name__}.{n}" for c, n, _ in ENUM_FIELDS],
)
def test_every_option_is_accepted_as_text_in_any_spelling(
    component: type[Any], name: str, hint: type[enum.Enum]
) -> None:
    for member in hint:
        value = str(member.value)
        for text in (value, value.upper(), value.replace("-", "_"), f" {value} "):
            rules = _evolve_or_error(name, text)
            if isinstance(rules, RulesError):
                # Some options cannot be played with the rest of CLASSIC; the
                # refusal must then come from the build checks, not the text.
                assert "not an option" not in str(rules)
                continue
            owner = next(k for k, cls in COMPONENTS.items() if cls is component)
            assert getattr(getattr(rules, owner), name) is member


@pytest.mark.parametrize(
    ("meld", "value"), [("double_bezique", "500"), ("bezique", 40.0), ("four_aces", True)]
)
def test_meld_value_of_the_wrong_type_is_refused_naming_it(meld: str, value: Any) -> None:
    with pytest.raises(RulesError, match=meld) as info:
        CLASSIC.evolve(**{meld: value})
    assert meld in info.value.fields


@pytest.mark.parametrize("meld", ["double_bezique", "royal_marriage", "plain_sequence"])
def test_negative_meld_value_is_refused_naming_it(meld: str) -> None:
    with pytest.raises(RulesError, match=meld) as info:
        CLASSIC.evolve(**{meld: -5})
    assert meld in info.value.fields


# -- evolve ---------------------------------------------------------------------------


def test_evolve_by_flat_field_names() -> None:
    rules = CLASSIC.evolve(
        name="house",
        target=1500,
        brisque_points=20,
        offsuit_higher_card_wins=True,
        exchange_points=None,
        packets=(4, 4),
    )
    assert rules.name == "house"
    assert rules.game.target == 1500
    assert rules.scoring.brisque_points == 20
    assert rules.trick_play.offsuit_higher_card_wins is True
    assert rules.trumps.exchange_points is None
    assert rules.deck.packets == (4, 4)
    # Everything else is as in CLASSIC.
    assert rules.declarations == CLASSIC.declarations
    assert rules.scoring.last_trick is CLASSIC.scoring.last_trick
    assert CLASSIC.game.target == 1000
    assert CLASSIC.evolve() == CLASSIC


def test_evolve_with_component_objects() -> None:
    scoring = Scoring(last_trick=LastTrick.LAST_STOCK_TRICK, brisques=BrisqueTiming.WHEN_WON)
    rules = CLASSIC.evolve(scoring=scoring, game=GameRules(target=2000, end=GameEnd.FIRST_TO_REACH))
    assert rules.scoring == scoring
    assert rules.game.target == 2000
    assert rules.game.end is GameEnd.FIRST_TO_REACH
    # A flat field is applied on top of a component given in the same call.
    both = CLASSIC.evolve(scoring=scoring, last_trick_points=50)
    assert both.scoring == attrs.evolve(scoring, last_trick_points=50)


def test_evolve_with_meld_values() -> None:
    rules = CLASSIC.evolve(double_bezique=350, plain_sequence=120, four_aces=None)
    values = rules.declarations.values
    assert values.double_bezique == 350
    assert values.plain_sequence == 120
    assert values.four_aces is None
    assert values.bezique == CLASSIC.declarations.values.bezique
    assert rules.meld_value(MeldKind.DOUBLE_BEZIQUE) == 350
    assert MeldKind.FOUR_ACES not in rules.meld_kinds
    assert MeldKind.PLAIN_SEQUENCE in rules.meld_kinds
    whole = CLASSIC.evolve(values=MeldValues(double_bezique=350), plain_sequence=150)
    assert whole.declarations.values == MeldValues(double_bezique=350, plain_sequence=150)


def test_evolve_with_text_options_and_aliases() -> None:
    assert CLASSIC.evolve(last_trick="24th").scoring.last_trick is LastTrick.LAST_STOCK_TRICK
    assert CLASSIC.evolve(last_trick="24TH").scoring.last_trick is LastTrick.LAST_STOCK_TRICK
    assert CLASSIC.evolve(last_trick="32nd").scoring.last_trick is LastTrick.FINAL
    assert CLASSIC.evolve(last_trick="last").scoring.last_trick is LastTrick.FINAL
    assert (
        CLASSIC.evolve(last_trick="LAST_STOCK_TRICK").scoring.last_trick
        is LastTrick.LAST_STOCK_TRICK
    )
    rules = CLASSIC.evolve(
        limit="one-scored-rest-pending",
        fresh_card="always",
        inferior_order="any_class",
        seven_of_trumps="On-Win",
        quartet_suits="one-of-each",
        bezique_pair="QC_JH_WHEN_SPADES_OR_DIAMONDS",
        brisques="when-won",
        end="first-to-reach",
    )
    assert rules.declarations.limit is DeclarationLimit.ONE_SCORED_REST_PENDING
    assert rules.declarations.fresh_card is FreshCard.ALWAYS
    assert rules.declarations.inferior_order is InferiorOrder.ANY_CLASS
    assert rules.trumps.seven_of_trumps is SevenOfTrumps.ON_WIN
    assert rules.declarations.quartet_suits is bz.QuartetSuits.ONE_OF_EACH
    assert rules.declarations.bezique_pair is bz.BeziquePair.CLUBS_HEARTS_WHEN_BLACK_RED
    assert rules.scoring.brisques is BrisqueTiming.WHEN_WON
    assert rules.game.end is GameEnd.FIRST_TO_REACH


def test_the_docstring_house_rule() -> None:
    house = CLASSIC.evolve(last_trick="24th", double_bezique=350)
    assert house.scoring.last_trick is LastTrick.LAST_STOCK_TRICK
    assert house.declarations.values.double_bezique == 350


@pytest.mark.parametrize("key", ["no_such_field", "lastTrick", "double", "deck_size", "values_"])
def test_evolve_refuses_an_unknown_field(key: str) -> None:
    with pytest.raises(RulesError, match=key) as info:
        CLASSIC.evolve(**{key: 1})
    assert info.value.fields == (key,)


def test_evolve_refuses_a_component_of_the_wrong_class() -> None:
    with pytest.raises(RulesError, match="scoring") as info:
        CLASSIC.evolve(scoring=Deck())
    assert info.value.fields == ("scoring",)


# -- combinations that cannot be played ------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "fields"),
    [
        ({"hand_size": 9}, {"packets", "hand_size"}),
        ({"packets": (3, 3, 3)}, {"packets", "hand_size"}),
        ({"packets": (8, 0)}, {"packets", "hand_size"}),
        ({"packets": (3, -1, 6)}, {"packets"}),
        ({"packets": ()}, {"packets", "hand_size"}),
        ({"packs": 1, "hand_size": 16, "packets": (16,)}, {"packs", "hand_size"}),
        ({"packs": 1, "hand_size": 20, "packets": (20,)}, {"packs", "hand_size"}),
        ({"packs": 0}, {"packs"}),
        ({"packs": 9}, {"packs"}),
        ({"players": 3}, {"players"}),
        ({"players": 1}, {"players"}),
        ({"players": 9}, {"players"}),
        ({"players": True}, {"players"}),
        ({"players": 4, "packs": 4, "sides": (0, 1, 0)}, {"sides"}),
        ({"players": 4, "packs": 4, "sides": (0, 0, 0, 0)}, {"sides"}),
        ({"players": 4, "packs": 4, "sides": (0, 2, 0, 2)}, {"sides"}),
        ({"players": 4, "packs": 4, "sides": [0, 1, 0, 1]}, {"sides"}),
        ({"turn_up": False}, {"turn_up"}),
        ({"turn_up": False, "exchange_points": None}, {"turn_up"}),
        ({"name": ""}, {"name"}),
    ],
)
def test_unplayable_combinations_are_refused_naming_the_fields(
    changes: dict[str, Any], fields: set[str]
) -> None:
    with pytest.raises(RulesError) as info:
        CLASSIC.evolve(**changes)
    assert fields <= set(info.value.fields), (info.value.fields, str(info.value))


def test_three_players_need_a_deck_they_can_draw_from_evenly() -> None:
    # Two packs leave 40 cards after three hands of eight: not a whole round of draws.
    with pytest.raises(RulesError, match="draw from evenly") as info:
        CLASSIC.evolve(players=3)
    assert "players" in info.value.fields
    three = CLASSIC.evolve(name="three", players=3, packs=3)
    assert (three.players, three.stock_tricks, three.total_tricks) == (3, 24, 32)


def test_no_meld_with_a_value_is_refused() -> None:
    nothing = {field.name: None for field in attrs.fields(MeldValues)}
    with pytest.raises(RulesError, match="no meld") as info:
        CLASSIC.evolve(values=MeldValues(**nothing))
    assert info.value.fields == ("values",)
    # By flat names (``seven_of_trumps`` names the Trumps option, see the knob tests).
    flat = {name: None for name in nothing if name != "seven_of_trumps"}
    with pytest.raises(RulesError, match="no meld") as info:
        CLASSIC.evolve(**flat)
    assert info.value.fields == ("values",)


def test_playable_deck_shapes_are_accepted() -> None:
    """S000 law 1: four or six packs with nine cards each are allowed."""
    for packs in (4, 6):
        rules = CLASSIC.evolve(packs=packs, hand_size=9, packets=(3, 3, 3), target=2000)
        assert rules.deck_size == packs * 32
        assert rules.stock_tricks == (packs * 32 - 18) // 2
        assert rules.total_tricks == packs * 16
    one = CLASSIC.evolve(packs=1, hand_size=15, packets=(15,))
    assert one.stock_tricks == 1


def test_classic_derived_numbers() -> None:
    assert CLASSIC.deck_size == 64
    assert CLASSIC.stock_tricks == 24
    assert CLASSIC.total_tricks == 32
    assert CLASSIC.meld_value(MeldKind.SEVEN_OF_TRUMPS) is None
    assert CLASSIC.meld_kinds == (
        MeldKind.COMMON_MARRIAGE,
        MeldKind.ROYAL_MARRIAGE,
        MeldKind.TRUMP_SEQUENCE,
        MeldKind.BEZIQUE,
        MeldKind.DOUBLE_BEZIQUE,
        MeldKind.FOUR_JACKS,
        MeldKind.FOUR_QUEENS,
        MeldKind.FOUR_KINGS,
        MeldKind.FOUR_ACES,
    )
    declared = CLASSIC.evolve(seven_of_trumps="on-declaration")
    assert declared.meld_value(MeldKind.SEVEN_OF_TRUMPS) == 10
    assert MeldKind.SEVEN_OF_TRUMPS in declared.meld_kinds


# -- knobs ------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS, ids=lambda r: r.name)
def test_knobs_round_trip_through_from_knobs(preset: Rules) -> None:
    knobs = preset.knobs()
    rebuilt = Rules.from_knobs(preset.name, knobs, preset.description)
    assert rebuilt.knobs() == knobs
    # ``sources`` is bibliographic, not a knob.
    assert rebuilt.evolve(sources=preset.sources) == preset


@pytest.mark.parametrize("preset", PRESETS, ids=lambda r: r.name)
def test_knobs_round_trip_through_json(preset: Rules) -> None:
    knobs = json.loads(json.dumps(preset.knobs()))
    rebuilt = Rules.from_knobs(preset.name, knobs, preset.description)
    assert rebuilt.evolve(sources=preset.sources) == preset


@pytest.mark.parametrize("preset", PRESETS, ids=lambda r: r.name)
def test_knobs_report_the_seven_of_trumps_option(preset: Rules) -> None:
    assert preset.knobs()["seven_of_trumps"] == preset.trumps.seven_of_trumps.value


def test_knobs_are_flat_plain_values_and_every_key_evolves() -> None:
    knobs = CLASSIC.knobs()
    assert knobs["packs"] == 2
    assert knobs["packets"] == (3, 2, 3)
    assert knobs["last_trick"] == "final"
    assert knobs["double_bezique"] == 500
    assert knobs["players"] == 2
    for value in knobs.values():
        assert value is None or isinstance(value, (str, int, bool, tuple))
    for key in knobs:
        if key != "seven_of_trumps":
            assert CLASSIC.evolve(**{key: knobs[key]}) == CLASSIC, key


# -- values -----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS, ids=lambda r: r.name)
def test_rules_are_hashable_and_equal_by_value(preset: Rules) -> None:
    table = {preset: preset.name}
    copy = preset.evolve(name=preset.name)
    assert copy == preset
    assert hash(copy) == hash(preset)
    assert table[copy] == preset.name


@pytest.mark.parametrize(
    ("target", "field"),
    [
        (CLASSIC, "name"),
        (CLASSIC, "players"),
        (CLASSIC, "deck"),
        (CLASSIC.deck, "packs"),
        (CLASSIC.trumps, "exchange_points"),
        (CLASSIC.declarations, "limit"),
        (CLASSIC.declarations.values, "bezique"),
        (CLASSIC.scoring, "last_trick"),
        (CLASSIC.game, "target"),
    ],
)
def test_rules_are_immutable(target: object, field: str) -> None:
    before = getattr(target, field)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(target, field, before)
    assert getattr(target, field) == before
