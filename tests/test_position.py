"""The position notation: a deal state without its tricks, written and read back.

Positions come from random legal playouts of every preset (and of the house rule
sets of the JSON tests), so the round trips cover the trick in progress, the
trick winner's turn, pending melds, broken melds, carte blanche, the duels of
four-hand play and the finished deal. Every kind of bad input has its own test
naming the field at fault.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import Phase as Stage
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import PROPERTY_SETTINGS, reachable_states
from test_serialization import EAGERNESS, HOUSE, PRESETS, SETTINGS, categories, playout

import bezique as bz
from bezique import DealState, InvalidStateError, NotationError, Rules
from bezique.cards import card_id_name
from bezique.io.position import FIELDS, rebuild_tricks
from bezique.laws.turns import trick_seats

#: The end phase in two duels (EB9, EB11), which no preset plays.
DUELS = (
    bz.variants.FOUR_HAND.evolve(end_phase="duels"),
    bz.variants.PARTNERSHIP.evolve(end_phase="duels"),
)
ALL_RULES = PRESETS + HOUSE + DUELS

#: The worked example of the documentation page "Position notation" (S000 laws 4
#: and 7: the turned-up seven scored 10 for the dealer, the bezique 40).
DOC_POSITION = (
    "rules: classic; dealer: 0; tricks: 10; to-move: 0; trumps: H; turn-up: 7H; stock: ?; "
    "hands: AS TS KS 9C 8C 7C / AH TH KH QH 9D 8D 7D JC; "
    "tables: QSa[bezique] JDa[bezique] / -; won: 9S TS / AC 7S; "
    "melds: 0 bezique QSa JDa @2; scores: 50/0"
)


def loaded(state: DealState) -> DealState:
    """The state read back from its position; house rules travel by the rules given."""
    given = None if state.rules in PRESETS else state.rules
    return bz.parse_position(bz.format_position(state), rules=given)


# -- round trips -------------------------------------------------------------------------


def check_every_position(rules: Rules, seed: int, dealer: int, eager: float) -> None:
    """Every state of one random deal reads back from its position, with the same
    leader and winner of each trick, and writes its position again as it was (the
    cards of ``last-trick`` in the order played, as the position page says)."""
    count = 0
    for state in playout(rules, seed, dealer, eager):
        text = bz.format_position(state)
        back = loaded(state)
        assert bz.same_position(back, state), text
        assert [(t.leader, t.winner) for t in back.tricks] == [
            (t.leader, t.winner) for t in state.tricks
        ]
        assert bz.format_position(back) == text
        count += 1
    assert count > rules.total_tricks


@pytest.mark.parametrize(
    ("rules", "eager"),
    [
        # Each rule set plays with another eagerness, so that every policy plays.
        pytest.param(rules, EAGERNESS[i % 3], id=rules.name)
        for i, rules in enumerate(ALL_RULES)
    ],
)
def test_every_position_of_a_deal_of_every_rule_set_round_trips(rules: Rules, eager: float) -> None:
    """One whole deal of every preset, house rule set and duel; more deals, by drawn
    seeds, in the slow test below."""
    check_every_position(rules, seed=11, dealer=1, eager=eager)


@pytest.mark.slow
@pytest.mark.parametrize("rules", [pytest.param(rules, id=rules.name) for rules in ALL_RULES])
# Not shrunk: shrinking a whole deal takes minutes.
@settings(SETTINGS, max_examples=2, phases=[Stage.explicit, Stage.reuse, Stage.generate])
@given(seed=st.integers(0, 2**32 - 1), eager=st.sampled_from(EAGERNESS))
def test_every_position_of_a_random_deal_round_trips(rules: Rules, seed: int, eager: float) -> None:
    check_every_position(rules, seed, seed % 4, eager)


@settings(PROPERTY_SETTINGS, max_examples=60)
@given(state=reachable_states())
def test_a_state_under_any_knobs_round_trips(state: DealState) -> None:
    """Rule sets drawn over every knob travel in the rules field as knobs changed; their
    own description and sources come with the rules given."""
    text = bz.format_position(state)
    assert bz.parse_position(text).rules.knobs() == state.rules.knobs()
    back = bz.parse_position(text, rules=state.rules)
    assert bz.same_position(back, state)
    assert back.legal_actions() == state.legal_actions()


@settings(SETTINGS, max_examples=8)
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 2**32 - 1))
def test_play_continues_identically_after_loading(rules: Rules, seed: int) -> None:
    """From a loaded position the same actions are legal and score the same, to the
    end of the deal, whatever the cards of the tricks rebuilt for it."""
    states = list(playout(rules, seed, seed % 4))
    rng = random.Random(seed)
    start = states[rng.randrange(len(states))]
    original, copy = start, loaded(start)
    while not original.is_over:
        assert copy.legal_actions() == original.legal_actions()
        assert copy.legal_declarations() == original.legal_declarations()
        assert copy.current_player == original.current_player
        action = rng.choice(original.legal_actions())
        original, events = original.step(action)
        copy, copy_events = copy.step(action)
        assert copy_events == events
        assert bz.same_position(copy, original)
    assert copy.result == original.result


def test_the_rebuilt_tricks_hold_each_seats_won_cards_and_are_won_by_law() -> None:
    state = bz.play_many(bz.new_deal(bz.variants.FOUR_HAND, seed=5), [])
    rng = random.Random(5)
    while state.trick_number < 30 or state.window is not None:
        state = state.apply(rng.choice(state.legal_actions()))
    tricks = rebuild_tricks(state, [t.winner for t in state.tricks])
    assert tricks != state.tricks  # the cards are rebuilt, not remembered
    rebuilt = attrs.evolve(state, tricks=tricks)
    # S000 law 6: each trick won by the card the law names; the declared cards played
    # since and the end-phase duties replay too, though the cards are invented.
    bz.check_state(rebuilt)
    assert bz.same_position(rebuilt, state)


# -- positions written by hand -----------------------------------------------------------


def test_the_documented_position_loads_in_one_line() -> None:
    state = bz.parse_position(DOC_POSITION, seed=1)
    assert state.current_player == 0
    assert state.trick_number == 3
    assert state.stock_size == 44  # S000 law 4: 48 after the deal, two drawn a trick
    assert [card_id_name(c) for c in state.table(0)] == ["QSa", "JDa"]
    assert state.history_of(bz.parse_card_id("QSa")) == (bz.MeldKind.BEZIQUE,)
    assert state.scores == (50, 0)
    assert bz.format_position(state).startswith("rules: classic; dealer: 0; tricks: 10;")


def test_faces_take_the_copies_in_the_order_written() -> None:
    state = bz.parse_position(DOC_POSITION, seed=1)
    # TS in the first hand is the first copy, TS among the cards won the second.
    assert bz.parse_card_id("TSa") in state.hand(0)
    assert bz.parse_card_id("TSb") in state.won_cards(0)


def test_a_position_may_give_only_the_number_of_tricks() -> None:
    counted = bz.parse_position(DOC_POSITION.replace("tricks: 10", "tricks: #2"), seed=1)
    assert counted == bz.parse_position(DOC_POSITION, seed=1)


def check_counted_tricks(state: DealState) -> None:
    """Outside the duels, who won which trick changes nothing that is legal or scored
    after it: a position with only the number of tricks plays as the original."""
    text = bz.format_position(state)
    winners = "".join(str(t.winner) for t in state.tricks) or "-"
    counted = text.replace(f"tricks: {winners};", f"tricks: #{len(state.tricks)};")
    back = bz.parse_position(counted)
    assert back.legal_actions() == state.legal_actions(), counted
    assert back.current_player == state.current_player
    assert attrs.evolve(back, tricks=state.tricks) == state


def _countable(rules: Rules) -> Iterator[tuple[int, DealState]]:
    """The states of one deal whose position may give only the number of tricks, with
    their steps: the finished deal aside (its last winner is not in it), and the
    carte blanche offers."""
    for step, state in enumerate(playout(rules, seed=6, dealer=1)):
        if not (state.offers or state.is_over):
            yield step, state


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.name)
def test_the_winners_chosen_for_a_number_of_tricks_keep_the_play(rules: Rules) -> None:
    """The first state of each kind of position (each mix of the categories of
    test_serialization.py) and every fifth state of a deal of every preset; every
    state in the slow test below. Choosing the winners of many tricks of three seats
    or of six and eight packs takes the longest."""
    seen: set[frozenset[str]] = set()
    for step, state in _countable(rules):
        kinds = frozenset(categories(state))
        if step % 5 == 0 or kinds not in seen:
            check_counted_tricks(state)
        seen.add(kinds)


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.name)
def test_the_winners_chosen_for_a_number_of_tricks_keep_the_play_at_every_step(
    rules: Rules,
) -> None:
    for _, state in _countable(rules):
        check_counted_tricks(state)


def test_only_the_number_of_tricks_is_refused_in_the_duels() -> None:
    """EB9, EB11: which seats play the duels depends on who won the last stock trick."""
    rules = DUELS[0]
    state = bz.new_deal(rules, seed=4)
    rng = random.Random(4)
    while len(state.tricks) <= rules.stock_tricks:
        state = state.apply(rng.choice(state.legal_actions()))
    winners = "".join(str(t.winner) for t in state.tricks)
    text = bz.format_position(state).replace(winners, f"#{len(winners)}")
    with pytest.raises(NotationError, match="give who won each trick"):
        bz.parse_position(text)


def test_declared_cards_written_bare_take_the_kinds_of_their_melds() -> None:
    bare = DOC_POSITION.replace("QSa[bezique] JDa[bezique]", "QSa JDa")
    assert bz.parse_position(bare, seed=1) == bz.parse_position(DOC_POSITION, seed=1)


def test_a_table_card_in_no_meld_is_refused() -> None:
    """S000 law 7: a card lies on the table because it was declared."""
    text = DOC_POSITION.replace("hands: AS TS KS", "hands: AS TS").replace(
        "QSa[bezique] JDa[bezique]", "QSa JDa KS"
    )
    with pytest.raises(InvalidStateError, match="belongs to no declared meld"):
        bz.parse_position(text, seed=1)


def test_a_stock_of_unknown_order_is_shuffled_by_the_seed() -> None:
    one = bz.parse_position(DOC_POSITION, seed=1)
    again = bz.parse_position(DOC_POSITION, seed=1)
    other = bz.parse_position(DOC_POSITION, seed=2)
    assert one == again
    assert one.stock != other.stock
    assert sorted(one.stock) == sorted(other.stock)
    assert bz.parse_position(DOC_POSITION.replace("stock: ?", "stock: ?43"), seed=1) == one


def test_a_new_deal_loads_from_its_position() -> None:
    state = bz.new_deal(bz.variants.CLASSIC, seed=3)
    assert bz.parse_position(bz.format_position(state, lines=True)) == state


def test_a_position_may_be_given_one_field_a_line() -> None:
    state = bz.parse_position(DOC_POSITION.replace("; ", "\n"), seed=1)
    assert state == bz.parse_position(DOC_POSITION, seed=1)


def test_rules_may_be_a_preset_with_knobs_changed() -> None:
    house = bz.variants.CLASSIC.evolve(double_bezique=350, exchange_points=20)
    state = bz.new_deal(house, seed=2)
    text = bz.format_position(state)
    assert text.startswith("rules: classic exchange_points=20 double_bezique=350;")
    assert bz.parse_position(text) == state


def test_rules_with_their_own_name_are_given_to_the_reader() -> None:
    house = HOUSE[0]
    state = bz.new_deal(house, seed=2)
    text = bz.format_position(state)
    assert bz.parse_position(text, rules=house) == state
    assert bz.parse_position(text).rules.knobs() == house.knobs()
    without = text.split("; ", 1)[1]
    assert bz.parse_position(without, rules=house) == state


def test_a_name_with_spaces_is_written_as_one_word() -> None:
    house = bz.variants.CLASSIC.evolve(name="my house; rules", double_bezique=350)
    state = bz.new_deal(house, seed=2)
    text = bz.format_position(state)
    assert text.startswith("rules: my-house-rules ")
    assert bz.parse_position(text, rules=house) == state


# -- malformed text ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("dealer: 0", "dealer 0"), "is not a field"),
        (("dealer: 0", "dealer: 0; seat: 1"), "unknown field 'seat'"),
        (("dealer: 0", "dealer: 0; dealer: 1"), "given twice"),
        (("; scores: 50/0", ""), "the field 'scores' is missing"),
        (("rules: classic", "rules: nosuch"), "no preset named 'nosuch'"),
        (("rules: classic", "rules: "), "rules: empty"),
        (("rules: classic", "rules: classic packs"), "is not a knob"),
        (("rules: classic", "rules: classic colour=red"), "no rule field named 'colour'"),
        (("AS TS", "AS XS"), "hands[0]: not a card"),
        (("QSa[bezique]", "QSa[bezik]"), "unknown meld kind 'bezik'"),
        (("won: 9S", "won: 9S[bezique]"), "cards here carry no meld kinds"),
        (("@2", "2"), "expected seat, kind, cards, @trick"),
        (("@2", "@two"), "expected @ and a trick number"),
        (("0 bezique", "0 bezik"), "melds[0]: unknown meld kind"),
        (("scores: 50/0", "scores: 50/none"), "scores[1]: 'none' is not a whole number"),
        (("tricks: 10", "tricks: 1x"), "tricks: 'x' is not a seat number"),
        (("tricks: 10", "tricks: #two"), "expected '#' and a number"),
        (("trumps: H", "trumps: X"), "trumps:"),
        (("stock: ?", "stock: ?many"), "expected '?' or '?' and a number"),
        (("turn-up: 7H", "turn-up: 7H 8H"), "turn-up: one card"),
        (("QSa JDa @2", "QSz JDa @2"), "there is no card QSz"),
        (("scores: 50/0", "scores: 50/0; window: 0 doubled"), "window: 'doubled'"),
    ],
)
def test_malformed_positions_are_refused(change: tuple[str, str], message: str) -> None:
    text = DOC_POSITION.replace(*change)
    assert text != DOC_POSITION
    with pytest.raises(NotationError, match=None) as error:
        bz.parse_position(text, seed=1)
    assert message in str(error.value)


@settings(SETTINGS, max_examples=300)
@given(
    edits=st.lists(
        st.tuples(
            st.integers(0, len(DOC_POSITION)),
            st.integers(0, 3),
            st.sampled_from([*"0123456789#?-/;:[]*,@= \nQSaHbDC", "bezique", "pending", "null"]),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_any_edit_of_a_position_loads_or_raises_a_library_error(
    edits: list[tuple[int, int, str]],
) -> None:
    text = DOC_POSITION
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut :]
    try:
        state = bz.parse_position(text, seed=1)
    except bz.BeziqueError:
        return
    bz.check_state(state)


def test_a_position_that_is_not_text_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"parse_position\(\): text must be a str, not bytes"):
        bz.parse_position(b"rules: classic")  # type: ignore[arg-type]


def test_no_rules_at_all_is_refused() -> None:
    with pytest.raises(NotationError, match="'rules' is missing"):
        bz.parse_position(DOC_POSITION.split("; ", 1)[1])


# -- positions no deal reaches -----------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # S000 law 1: two packs hold two copies of each face.
        (("AS TS KS", "AS TS KS KS KS"), "more KS than the 2 pack(s)"),
        (("won: 9S TS", "won: 9S TS QSa"), "card conservation"),
        (("/ AC 7S", "/ AC 7S / -"), "3 seat(s) separated by '/', for 2 players"),
        (("dealer: 0", "dealer: 2"), "no seat 2"),
        # S000 law 6: the hand is made up to eight after each trick.
        (("AS TS KS 9C 8C 7C / AH", "AS TS KS 9C 8C / 7C AH"), "holds 7 cards"),
        (("stock: ?", "stock: ?40"), "'?40', but 43 card(s)"),
        # S000 law 6: a seven of hearts cannot take a trick from the ace of clubs.
        (("tricks: 10", "tricks: 01"), "no tricks won by seat"),
        (("tricks: 10", "tricks: 1"), "won[0]: 2 card(s), but the 0 trick(s)"),
        (("tricks: 10", "tricks: #3"), "which 3 trick(s) of 2 cards do not make"),
        # S000 law 7: only the winner of a trick declares after it.
        (("@2", "@1"), "won trick 1"),
        (("0 bezique QSa JDa", "0 four-tens QSa JDa"), "'four-tens' cannot be declared"),
        (("0 bezique QSa JDa", "0 double-bezique QSa JDa"), "do not form a double-bezique"),
        (("JDa[bezique]", "JDa[four-queens]"), "melds containing it are [bezique]"),
        (("scores: 50/0", "scores: 30/0"), "less than the 40 its scored melds are worth"),
        (("to-move: 0", "to-move: 1"), "seat 0 is to move"),
        (("trumps: H", "trumps: S"), "but the turn-up is 7Ha"),
        (("scores: 50/0", "scores: 50/0; carte-blanche: 0"), "these rules have none"),
        (("QSa[bezique]", "QSa[bezique*]"), "never re-form melds"),
        (("scores: 50/0", "scores: 50/0; window: 1"), "window"),
    ],
)
def test_unreachable_positions_are_refused(change: tuple[str, str], message: str) -> None:
    text = DOC_POSITION.replace(*change)
    assert text != DOC_POSITION
    with pytest.raises(InvalidStateError) as error:
        bz.parse_position(text, seed=1)
    assert message in str(error.value)


def test_a_winner_outside_the_duel_is_refused() -> None:
    """EB9, EB11: after the stock, four-hand play is two duels; a seat outside the
    current duel wins no trick of it."""
    rules = DUELS[0]
    state = bz.new_deal(rules, seed=4)
    rng = random.Random(4)
    while len(state.tricks) <= rules.stock_tricks + 1:
        state = state.apply(rng.choice(state.legal_actions()))
    last = state.tricks[-1]
    duel = trick_seats(rules, state.tricks[:-1], last.leader)
    assert len(duel) == 2
    outsider = next(s for s in range(4) if s not in duel)
    text = bz.format_position(state)
    winners = "".join(str(t.winner) for t in state.tricks)
    bad = text.replace(f"tricks: {winners}", f"tricks: {winners[:-1]}{outsider}")
    with pytest.raises(InvalidStateError, match="only seats"):
        bz.parse_position(bad)


def test_a_card_placed_nowhere_is_refused() -> None:
    """S000 law 1: every card of the two packs is somewhere."""
    text = bz.format_position(bz.parse_position(DOC_POSITION, seed=1))
    stock = next(item for item in text.split("; ") if item.startswith("stock: "))
    short = text.replace(stock, stock.rsplit(" ", 1)[0])
    with pytest.raises(InvalidStateError, match=r"card\(s\) are nowhere"):
        bz.parse_position(short)


def test_rules_that_disagree_with_those_given_are_refused() -> None:
    with pytest.raises(InvalidStateError, match="the rules given 'rubicon'"):
        bz.parse_position(DOC_POSITION, rules=bz.variants.RUBICON, seed=1)
    with pytest.raises(InvalidStateError, match="differ from those of the rules given"):
        bz.parse_position(
            DOC_POSITION.replace("rules: classic", "rules: classic double_bezique=350"),
            rules=bz.variants.CLASSIC,
            seed=1,
        )


def test_the_fields_are_written_in_the_documented_order() -> None:
    for rules in PRESETS:
        for state in playout(rules, seed=2):
            names = [item.split(":")[0] for item in bz.format_position(state).split("; ")]
            assert names == sorted(names, key=FIELDS.index)


def test_the_document_of_a_read_position_loads_with_its_tricks_replayed() -> None:
    # A position keeps the won cards, not who played which: the tricks are rebuilt
    # to pass the replays of the state's history, so its document loads in full.
    for seed in range(3):
        for state in list(playout(bz.variants.SIX_PACK, seed))[::15]:
            read = bz.parse_position(bz.format_position(state))
            text = bz.state_to_json(read)
            assert bz.io.load_state(text) == read
            assert bz.io.load_state(text, trick_cards=False) == read
    with pytest.raises(TypeError, match="trick_cards"):
        bz.io.load_state(text, trick_cards="no")  # type: ignore[arg-type]
