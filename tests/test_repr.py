"""What the library's objects show in a REPL: ``repr`` and ``str``.

A deal state shows its position notation, which reads back as the same position; an
action, a card reference, a rule set and a tuple of card ids show an expression that
builds them again; a seat view and a game show a one-line summary; ``str`` of a
state, a view and a game is the text board. The text of an action (``str``) is the
one the notation reads and the behaviour fingerprint hashes: it must not change.
"""

from __future__ import annotations

import ast
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import PROPERTY_SETTINGS, card_refs, rules
from test_serialization import PRESETS, SETTINGS, playout

import bezique as bz
from bezique import CardIds, CardRef, Declare, MeldKind, Play, ScorePending, variants
from bezique.actions import parse_action_text
from bezique.rules import variants as presets

#: What ``from bezique import *`` puts in scope: the names a repr may use.
NAMESPACE: dict[str, Any] = {name: getattr(bz, name) for name in bz.__all__}

CLASSIC = variants.CLASSIC
QS = bz.Card.parse("QS")


def rebuilt(text: str) -> Any:
    return eval(text, dict(NAMESPACE))


def position_of(state: bz.DealState) -> str:
    """The text inside ``DealState('...')``, read as the string literal it is."""
    shown = repr(state)
    assert shown.startswith("DealState("), shown
    assert shown.endswith(")"), shown
    text = ast.literal_eval(shown[len("DealState(") : -1])
    assert isinstance(text, str)
    return text


# -- deal states ----------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_a_states_repr_is_its_position_and_reads_back_at_every_step(rules: bz.Rules) -> None:
    """The repr at every step is the position; every tenth and the last read back (every
    position of whole deals of every preset reads back in test_position.py)."""
    states = list(playout(rules, seed=3))
    for i, state in enumerate(states):
        text = position_of(state)
        assert text == bz.format_position(state)
        assert "\n" not in repr(state)
        if i % 10 == 0 or i == len(states) - 1:
            assert bz.same_position(bz.parse_position(text), state)


@settings(PROPERTY_SETTINGS, max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120), knobs=rules())
def test_a_state_under_any_knobs_reads_back_from_its_repr(
    seed: int, steps: int, knobs: bz.Rules
) -> None:
    state = bz.new_deal(knobs, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    # The position names a house rule set by its knobs; its description and sources
    # come with the rules given, as for any position.
    text = position_of(state)
    assert bz.parse_position(text).rules.knobs() == knobs.knobs()
    assert bz.same_position(bz.parse_position(text, rules=knobs), state)


def test_a_states_repr_stays_short() -> None:
    """Some 3.7 KB of attrs fields before; now about ten characters a card of the deck
    at most, and a new two-hand deal in under 400."""
    assert len(repr(bz.new_deal(CLASSIC, seed=1))) < 400
    for preset in PRESETS:
        longest = max(len(repr(s)) for seed in range(3) for s in playout(preset, seed))
        assert longest < 400 + 10 * preset.deck_size, preset.name
    longest = max(len(repr(s)) for seed in range(10) for s in playout(CLASSIC, seed))
    assert longest < 800


def test_a_state_no_position_can_be_written_for_is_shown_without_failing() -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    broken = attrs.evolve(state, hand_masks=(1 << 900, 0))
    shown = repr(broken)
    assert shown.startswith("<DealState classic: stock phase, 0 tricks played, scores 0/0")
    assert "no position" in shown
    assert len(shown) < 200
    assert str(broken) == shown
    # Rules that are not rules: a field that every build's state holds as given (the
    # compiled build refuses a field its compiled slots cannot hold, such as
    # scores=None, when the state is made).
    hopeless = attrs.evolve(state, rules=None)  # type: ignore[arg-type]
    assert repr(hopeless).startswith("<DealState (fields unreadable); no position")


def test_str_of_a_state_a_view_and_a_game_is_the_text_board() -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    assert str(state) == state.render()
    assert str(state.view(1)) == state.view(1).render()
    game = bz.new_game(CLASSIC, seed=3)
    assert str(game) == game.render()


def test_a_perfect_information_view_shows_its_state_by_position() -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    assert repr(state.perfect_information_view()) == f"PerfectInformationView(state={state!r})"


# -- seat views and games -------------------------------------------------------------


def test_a_views_repr_is_a_line_of_what_its_seat_sees() -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    view = state.view(1)
    assert repr(view) == (
        "<SeatView of seat 1: classic, stock phase, trick 1; trumps H, turn-up QHa, "
        "stock 48; hand 7Ha 9Ha QHb QDa TDa 9Ca QCa KCa; holding 8/8; scores 0/0; "
        "seat 1 to act>"
    )


def test_a_views_repr_shows_the_tables_and_the_trick() -> None:
    state = bz.new_deal(CLASSIC, seed=7)
    rng = random.Random(7)
    while not (any(state.table_masks) and state.trick):
        actions = state.legal_actions()
        declares = [a for a in actions if isinstance(a, Declare)]
        state = state.apply(declares[0] if declares else rng.choice(actions))
    view = state.view(0)
    shown = repr(view)
    assert "; tables " in shown
    assert "; trick " in shown
    assert "[" in shown.split("; tables ")[1]
    assert len(shown) < 400


def test_a_games_repr_gives_the_totals_and_the_deal_in_progress() -> None:
    game = bz.new_game(CLASSIC, seed=3)
    assert repr(game) == (
        f"<GameState classic: 0 deals played, totals 0/0 of 1000; deal: {game.deal!r}>"
    )
    one_deal = bz.new_game(CLASSIC.evolve(name="one-deal", end="deals", deals=1), seed=3)
    rng = random.Random(3)
    while not one_deal.is_over:
        one_deal = one_deal.apply(rng.choice(one_deal.legal_actions()))
    shown = repr(one_deal)
    assert shown.startswith("<GameState one-deal: 1 deals played, totals ")
    assert shown.endswith(("; over, won by 0>", "; over, won by 1>", "; over, drawn>"))


# -- actions and card references ------------------------------------------------------


#: Actions, their text (``str``, which must not change) and their ``repr``.
ACTIONS = [
    (Play(CardRef(QS)), "play QS", "Play.parse('QS')"),
    (
        Play(CardRef(QS, (MeldKind.FOUR_QUEENS, MeldKind.BEZIQUE), (MeldKind.FOUR_QUEENS,))),
        "play QS[bezique,four-queens*]",
        "Play.parse('QS[bezique,four-queens*]')",
    ),
    (
        Play(CardRef(QS, (MeldKind.FOUR_QUEENS,), (MeldKind.FOUR_QUEENS,), (3,))),
        "play QS[four-queens*]@3",
        "Play.parse('QS[four-queens*]@3')",
    ),
    (
        parse_action_text("declare bezique JD QS"),
        "declare bezique QS JD",
        "Declare.parse('bezique QS JD')",
    ),
    (
        parse_action_text("declare double-bezique QS JD[bezique] QS[bezique] JD"),
        "declare double-bezique QS QS[bezique] JD JD[bezique]",
        "Declare.parse('double-bezique QS QS[bezique] JD JD[bezique]')",
    ),
    (ScorePending(3), "score 3", "ScorePending(3)"),
    (bz.Exchange(), "exchange", "Exchange()"),
    (bz.ShowCarteBlanche(), "show-carte-blanche", "ShowCarteBlanche()"),
    (bz.Draw(), "draw", "Draw()"),
    (bz.Pass(), "pass", "Pass()"),
    (bz.PassToPartner(), "pass-to-partner", "PassToPartner()"),
]


@pytest.mark.parametrize(("action", "text", "shown"), ACTIONS, ids=lambda x: str(x))
def test_an_actions_repr_builds_it_and_its_text_is_unchanged(
    action: bz.Action, text: str, shown: str
) -> None:
    assert str(action) == text
    assert repr(action) == shown
    assert rebuilt(shown) == action
    assert parse_action_text(text) == action


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_every_legal_action_of_a_deal_is_built_again_from_its_repr(rules: bz.Rules) -> None:
    for state in playout(rules, seed=5):
        for action in state.legal_actions():
            shown = repr(action)
            assert rebuilt(shown) == action, shown
            assert len(shown) <= len(str(action)) + 20


@settings(SETTINGS, max_examples=200)
@given(
    ref=card_refs(),
    broken=st.lists(st.sampled_from(list(MeldKind)), max_size=2),
    melds=st.lists(st.integers(1, 999_999), max_size=2),
)
def test_any_card_reference_is_built_again_from_its_repr(
    ref: CardRef, broken: list[MeldKind], melds: list[int]
) -> None:
    """Even one whose broken kinds or meld numbers are outside its history, which no
    text says: then the repr names every field."""
    ref = CardRef(ref.card, ref.history, tuple(broken), tuple(melds))
    assert rebuilt(repr(ref)) == ref
    assert rebuilt(repr(Play(ref))) == Play(ref)
    declare = Declare(MeldKind.BEZIQUE, (ref, CardRef(bz.Card.parse("JD"))))
    assert rebuilt(repr(declare)) == declare


def test_a_reference_the_text_cannot_say_is_shown_field_by_field() -> None:
    odd = CardRef(QS, (), (MeldKind.BEZIQUE,))
    assert str(odd) == "QS"
    assert repr(odd) == (
        "CardRef(card=Card.parse('QS'), history=(), broken=(MeldKind.BEZIQUE,), melds=())"
    )
    assert repr(Play(odd)) == f"Play({odd!r})"
    jack = CardRef(bz.Card.parse("JD"))
    declare = Declare(MeldKind.BEZIQUE, (odd, jack))
    assert repr(declare) == f"Declare(MeldKind.BEZIQUE, ({odd!r}, {jack!r}))"
    assert rebuilt(repr(declare)) == declare


@pytest.mark.parametrize(
    ("parse", "text", "error"),
    [
        (Play.parse, "QX", bz.NotationError),
        (Play.parse, "", bz.NotationError),
        (Play.parse, 7, TypeError),
        (Declare.parse, "bezique", bz.NotationError),
        (Declare.parse, "no-such-meld QS JD", bz.NotationError),
        (Declare.parse, "bezique QS Z", bz.NotationError),
        (Declare.parse, None, TypeError),
        (CardIds.parse, "QSa QSz9", bz.NotationError),
        (CardIds.parse, ["QSa"], TypeError),
    ],
)
def test_bad_text_for_the_parsers_of_a_repr_is_the_librarys_error(
    parse: Any, text: object, error: type[Exception]
) -> None:
    with pytest.raises(error):
        parse(text)


# -- rules ----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS, ids=lambda r: r.name)
def test_a_presets_repr_is_its_name_in_the_registry(preset: bz.Rules) -> None:
    shown = repr(preset)
    assert shown == "variants." + preset.name.upper().replace("-", "_")
    assert rebuilt(shown) is preset


def test_a_house_rule_shows_its_preset_and_the_knobs_that_differ() -> None:
    house = CLASSIC.evolve(last_trick="24th", double_bezique=350)
    assert repr(house) == (
        "variants.CLASSIC.evolve(double_bezique=350, last_trick='last-stock-trick')"
    )
    assert rebuilt(repr(house)) == house
    two = variants.PARTNERSHIP.evolve(players=2, sides=())
    assert repr(two) == "variants.PARTNERSHIP.evolve(players=2, sides=())"
    assert rebuilt(repr(two)) == two


def test_rules_named_by_no_preset_show_what_differs_from_the_classic_game() -> None:
    house = variants.RUBICON.evolve(name="house", description="ours", plain_sequence=200)
    shown = repr(house)
    assert shown.startswith("variants.CLASSIC.evolve(name='house', description='ours', ")
    assert "plain_sequence=200" in shown
    assert "packs=4" in shown
    assert rebuilt(shown) == house
    bare = bz.Rules(name="two-hand")  # an alias of classic, without its description
    assert repr(bare) == "variants.CLASSIC.evolve(name='two-hand', description='', sources=())"
    assert rebuilt(repr(bare)) == bare


def test_a_registered_preset_without_a_module_name_is_got_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The registry of the rule sets, restored after the test.
    monkeypatch.setattr(presets, "_REGISTRY", dict(presets._REGISTRY))
    monkeypatch.setattr(presets, "_ALIASES", dict(presets._ALIASES))
    house = presets.register(CLASSIC.evolve(name="repr-test-house", last_trick="24th"))
    assert repr(house) == "variants.get('repr-test-house')"
    assert eval(repr(house), {"variants": presets}) is house
    assert repr(house.evolve(packs=4, hand_size=9, packets=(3, 3, 3))).startswith(
        "variants.get('repr-test-house').evolve(packs=4, "
    )


@settings(PROPERTY_SETTINGS, max_examples=80)
@given(knobs=rules())
def test_any_rule_set_is_built_again_from_its_repr(knobs: bz.Rules) -> None:
    assert rebuilt(repr(knobs)) == knobs


# -- card ids -------------------------------------------------------------------------


def test_hands_are_card_ids_equal_to_the_plain_tuples() -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    hand = state.hand(0)
    assert type(hand) is CardIds
    assert hand == tuple(hand)
    assert hash(hand) == hash(tuple(hand))
    assert repr(hand) == "CardIds.parse('9Sa JSa KSa 8Ha JDa 8Ca 9Ca 8Sb')"
    assert [bz.card_id_name(c) for c in hand] == list(hand.names())
    assert rebuilt(repr(hand)) == hand
    assert state.hands[0] == hand
    assert type(state.hands[1]) is CardIds
    assert state.held(0) == hand
    assert state.table(0) == ()
    assert repr(state.table(0)) == "CardIds()"
    assert state.won_cards(0) == ()
    assert state.won == ((), ())
    assert type(state.revealed[0]) is CardIds
    view = state.view(0)
    assert type(view.hand) is CardIds
    assert type(view.known[0]) is CardIds
    assert type(view.held()) is CardIds
    assert type(view.open_cards[0]) is CardIds
    # Adding or slicing gives plain tuples; a view is equal to one built from plain tuples.
    assert type(hand + (1,)) is tuple
    assert type(hand[1:]) is tuple
    assert attrs.evolve(view, hand=tuple(view.hand)) == view


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_card_ids_pickle_as_themselves(protocol: int) -> None:
    hand = bz.new_deal(CLASSIC, seed=1).hand(1)
    again = pickle.loads(pickle.dumps(hand, protocol))
    assert again == hand
    assert type(again) is CardIds


def test_card_ids_no_deck_holds_are_shown_as_ints() -> None:
    assert repr(CardIds([-1, 5])) == "CardIds((-1, 5))"
    assert repr(CardIds([26 * 32])) == "CardIds((832,))"
    assert CardIds.parse("QSa, QSb") == (4, 36)


# -- Zetema: the same shapes ---------------------------------------------------------


def test_zetema_objects_show_as_every_game_shows_them() -> None:
    from bezique import variants, zetema

    rules = zetema.ZETEMA_1881.evolve(players=4, imperial="H")
    assert repr(rules) == "variants.ZETEMA_1881.evolve(players=4, imperial='H')"
    assert eval(repr(rules), {"variants": variants}) == rules
    assert repr(zetema.ZETEMA) == "variants.ZETEMA"
    state = bz.new_game(rules, seed=2)
    shown = repr(state)
    assert shown.startswith("<ZetemaState zetema-1881, 4 players: hand 1, seat 1 to declare")
    assert len(shown) < 200
    assert str(state) == state.render()
    view = state.view(2)
    assert repr(view).startswith("<ZetemaView of seat 2: ")
    assert zetema.faces_text(view.hand) in repr(view)
    assert repr(state.hands[1]) == f"Faces.parse({zetema.faces_text(state.hands[1])!r})"
    assert state.hands[1] == tuple(state.hands[1])
    assert repr(state.tableau[0]) == "Faces()"
    actions = [
        *state.legal_actions(),
        zetema.parse_action("marry KS QS / KH QH"),
        zetema.parse_action("declare flush 2H 5H 7H 8H TH KH"),
    ]
    for action in actions:
        assert eval(repr(action), vars(zetema)) == action
    assert repr(zetema.Discard(0)) == "Discard.parse('AS')"
