"""Text forms of actions: ``bezique.actions.parse_action_text`` and ``bezique.parse_action``."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bezique as bz
from bezique import (
    Action,
    Card,
    CardRef,
    DealState,
    Declare,
    Draw,
    Exchange,
    IllegalActionError,
    MeldKind,
    NotationError,
    Pass,
    Play,
    Reason,
    ScorePending,
    format_action,
    parse_action,
)
from bezique.actions import parse_action_text
from bezique.cards import FACES

CLASSIC = bz.variants.CLASSIC
KIND_ORDER = list(MeldKind)


def crafted_deck(non_dealer: str, dealer: str, turn_up: str, stock: str = "") -> list[str]:
    """A two-pack deck, top first, dealing these hands when seat 0 deals.

    The deal goes out 3-2-3, the non-dealer (seat 1) first (S000 law 3); the
    17th card is the turn-up (S000 law 4); ``stock`` is the top of the stock.
    """
    first, second = non_dealer.split(), dealer.split()
    assert len(first) == len(second) == 8
    order = [*first[:3], *second[:3], *first[3:5], *second[3:5], *first[5:], *second[5:]]
    order += [turn_up, *stock.split()]
    used = Counter(order)
    assert all(count <= 2 for count in used.values()), used
    rest = [str(face) for face in FACES for _ in range(2 - used[str(face)])]
    return order + rest


def sequence_position() -> DealState:
    """Seat 1 has declared the trump sequence (hearts) and won the next trick.

    Seat 1 holds a second QH in the concealed hand; KH, TH, AH and JH lie on
    the table only as part of the sequence.
    """
    deck = crafted_deck("AH TH KH QH JH AS AS QH", "7C 8C 9C JC QC KC TC AC", "8H", "7S 8S 9S 7D")
    state = bz.new_deal(CLASSIC, deck=deck, dealer=0)
    state = bz.play_many(state, ["play AS", "play 7C"])
    state = bz.play_many(state, ["declare trump-sequence AH TH KH QH JH", "draw"])
    return bz.play_many(state, ["play AS", "play 8C"])


def two_histories_position() -> DealState:
    """Seat 1 holds both QS on the table, one from a bezique, one from four queens."""
    deck = crafted_deck("QS QS JD QH QD QC AS AS", "7C 8C 9C JC 7D 8D 9D JH", "8H", "7S 8S 9S 9H")
    state = bz.new_deal(CLASSIC, deck=deck, dealer=0)
    state = bz.play_many(state, ["play AS", "play 7C", "declare bezique QS JD", "draw"])
    state = bz.play_many(state, ["play AS", "play 8C"])
    return bz.play_many(state, ["declare four-queens QS QH QD QC", "draw"])


# -- text forms without a state ---------------------------------------------------------


def histories() -> st.SearchStrategy[tuple[MeldKind, ...]]:
    return st.sets(st.sampled_from(KIND_ORDER), max_size=4).map(
        lambda kinds: tuple(sorted(kinds, key=KIND_ORDER.index))
    )


def card_refs() -> st.SearchStrategy[CardRef]:
    return st.builds(CardRef, st.sampled_from(FACES), histories())


def declarations(kind: MeldKind) -> st.SearchStrategy[Declare]:
    """Declarations of ``kind``: as many cards as a meld of it holds, any of them."""
    size = kind.card_count
    return st.lists(card_refs(), min_size=size, max_size=size).map(
        lambda refs: Declare(kind, tuple(refs))
    )


def actions() -> st.SearchStrategy[Action]:
    return st.one_of(
        st.builds(Play, card_refs()),
        st.sampled_from(KIND_ORDER).flatmap(declarations),
        st.builds(Exchange),
        st.builds(ScorePending, st.integers(min_value=0, max_value=10_000)),
        st.builds(Draw),
        st.builds(Pass),
    )


@given(actions())
def test_every_action_text_parses_back_to_an_equal_action(action: Action) -> None:
    text = str(action)
    assert parse_action_text(text) == action
    assert parse_action_text(text.replace(text.split()[0], text.split()[0].upper(), 1)) == action
    assert parse_action_text(f"  {text}  ") == action
    assert parse_action_text(format_action(action, symbols=True)) == action


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Play(CardRef(Card.parse("QS"))), "play QS"),
        (
            Play(CardRef(Card.parse("QS"), (MeldKind.BEZIQUE, MeldKind.FOUR_QUEENS))),
            "play QS[bezique,four-queens]",
        ),
        (Exchange(), "exchange"),
        (ScorePending(3), "score 3"),
        (Draw(), "draw"),
        (Pass(), "pass"),
        (
            Declare(
                MeldKind.DOUBLE_BEZIQUE,
                (
                    CardRef(Card.parse("JD"), (MeldKind.BEZIQUE,)),
                    CardRef(Card.parse("QS")),
                    CardRef(Card.parse("JD")),
                    CardRef(Card.parse("QS"), (MeldKind.BEZIQUE,)),
                ),
            ),
            "declare double-bezique QS QS[bezique] JD JD[bezique]",
        ),
    ],
)
def test_documented_text_forms(action: Action, text: str) -> None:
    assert str(action) == text
    assert parse_action_text(text) == action


def test_card_ref_history_is_read_in_kind_order_without_duplicates() -> None:
    ref = CardRef.parse("QS[bezique,four-queens]")
    assert ref == CardRef(Card.parse("QS"), (MeldKind.BEZIQUE, MeldKind.FOUR_QUEENS))
    assert CardRef.parse("QS[four-queens,bezique]") == ref
    assert CardRef.parse("q♠[four-queens+bezique,bezique]") == ref
    assert CardRef.parse("QS[]") == CardRef(Card.parse("QS"))
    assert str(ref) == "QS[bezique,four-queens]"
    assert ref.display() == "Q♠[bezique,four-queens]"


def test_meld_kinds_are_case_insensitive_in_histories_as_in_the_declared_kind() -> None:
    assert parse_action_text("DECLARE BEZIQUE QS JD") == parse_action_text("declare bezique QS JD")
    assert parse_action_text("PLAY QS[BEZIQUE]") == parse_action_text("play QS[bezique]")
    assert CardRef.parse("qs[Four-Queens]") == CardRef.parse("QS[four-queens]")


def test_declare_cards_are_kept_in_canonical_order() -> None:
    """By suit (S H D C), then rank in trick order, then history."""
    written = "KH[royal-marriage] QS JD QS[bezique] 10S AS KS QH[royal-marriage]"
    refs = tuple(CardRef.parse(t) for t in written.split())
    declared = Declare(MeldKind.QUADRUPLE_BEZIQUE, refs)  # any kind of eight cards
    assert [str(c) for c in declared.cards] == [
        "QS",
        "QS[bezique]",
        "KS",
        "TS",
        "AS",
        "QH[royal-marriage]",
        "KH[royal-marriage]",
        "JD",
    ]
    shuffled = list(refs)
    random.Random(4).shuffle(shuffled)
    assert Declare(MeldKind.QUADRUPLE_BEZIQUE, tuple(shuffled)) == declared
    assert hash(Declare(MeldKind.QUADRUPLE_BEZIQUE, tuple(shuffled))) == hash(declared)
    assert parse_action_text("declare bezique JD QS") == parse_action_text("declare bezique QS JD")
    assert str(parse_action_text("declare bezique JD QS")) == "declare bezique QS JD"


def test_format_action_with_symbols() -> None:
    play = parse_action_text("play QS[bezique]")
    declare = parse_action_text("declare double-bezique JD QS QS[bezique] JD[bezique]")
    assert format_action(play, symbols=True) == "play Q♠[bezique]"
    assert format_action(declare, symbols=True) == (
        "declare double-bezique Q♠ Q♠[bezique] J♦ J♦[bezique]"
    )
    assert format_action(play) == str(play)
    for simple in (Exchange(), Draw(), Pass(), ScorePending(2)):
        assert format_action(simple, symbols=True) == str(simple)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("jump QS", "expected play CARD"),
        ("play", "expected play CARD"),
        ("play QS JD", "expected play CARD"),
        ("declare", "expected play CARD"),
        ("declare bezique", "expected play CARD"),
        ("score", "expected play CARD"),
        ("score x", "expected play CARD"),
        ("score -1", "expected play CARD"),
        ("score 1 2", "expected play CARD"),
        ("draw now", "expected play CARD"),
        ("exchange 7H", "expected play CARD"),
        ("play ZZ", "not a card: 'ZZ'"),
        ("play 1S", "not a card"),
        ("play QS[bezique", "unclosed history"),
        ("play QS[nonsense]", "unknown meld kind"),
        ("declare nonsense QS JD", "unknown meld kind 'nonsense'"),
        ("declare bezique QS XD", "not a card"),
    ],
)
def test_junk_raises_notation_error_with_a_helpful_message(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("[", r"\[")):
        parse_action_text(text)


def test_unknown_kind_message_lists_the_kinds() -> None:
    with pytest.raises(NotationError) as info:
        parse_action_text("declare bezzique QS JD")
    for kind in MeldKind:
        assert kind.value in str(info.value)


def _parse_or_error(state: DealState, text: str) -> Action | NotationError:
    try:
        return parse_action(state, text)
    except NotationError as error:
        return error


@given(st.text())
def test_arbitrary_text_raises_only_notation_error(text: str) -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    for candidate in (text, f"play {text}", f"declare bezique {text}"):
        action = _parse_or_error(state, candidate)
        if isinstance(action, NotationError):
            assert str(action)
        else:
            assert parse_action_text(str(action)) == action


# -- against a state --------------------------------------------------------------------


def test_apply_accepts_the_text_form() -> None:
    deck = crafted_deck("QS JD AS 7H 8H 9H 7D 8D", "7C 8C 9C JC QC KC TC AC", "8S")
    state = bz.new_deal(CLASSIC, deck=deck, dealer=0)
    assert state.current_player == 1
    by_text = state.apply("play QS")
    assert by_text == state.apply(Play(CardRef(Card.parse("QS"))))
    assert by_text == state.apply("PLAY q♠")
    assert by_text.trick == (Card.parse("QS").index,)
    after, events = by_text.step("play 7C")
    assert events == ()
    assert after.window == bz.Window(seat=1)
    assert after.apply("DRAW").stock_size == state.stock_size - 2


def test_apply_refuses_junk_and_illegal_text_and_leaves_the_state_alone() -> None:
    state = bz.new_deal(CLASSIC, seed=3)
    before = bz.state_to_json(state)
    with pytest.raises(NotationError):
        state.apply("play the queen")
    with pytest.raises(IllegalActionError) as info:
        state.apply("draw")
    assert info.value.reasons
    assert info.value.reasons == state.why_illegal(Draw())
    assert bz.state_to_json(state) == before


def test_bare_face_names_a_declared_card_when_no_concealed_copy_exists() -> None:
    state = sequence_position()
    assert state.window == bz.Window(seat=1)
    king = parse_action(state, "declare royal-marriage KH QH")
    # KH is held only on the table, declared in the sequence; QH has a concealed copy.
    assert king == Declare(
        MeldKind.ROYAL_MARRIAGE,
        (CardRef(Card.parse("KH"), (MeldKind.TRUMP_SEQUENCE,)), CardRef(Card.parse("QH"))),
    )
    assert str(king) == "declare royal-marriage QH KH[trump-sequence]"
    state = state.apply("draw")
    assert state.current_player == 1
    assert parse_action(state, "play AH") == parse_action_text("play AH[trump-sequence]")
    assert parse_action(state, "play QH") == parse_action_text("play QH")
    assert parse_action(state, "play QH[trump-sequence]") == Play(
        CardRef(Card.parse("QH"), (MeldKind.TRUMP_SEQUENCE,))
    )
    after = state.apply("play AH")
    assert after.table(1) != state.table(1)
    assert len(after.table(1)) == 4


def test_bare_face_stays_bare_when_the_held_copies_differ_in_history() -> None:
    state = two_histories_position()
    assert state.current_player == 1
    queen = Card.parse("QS")
    refs = {state.card_ref(c) for c in state.held(1) if bz.face_of(c) == queen}
    assert sorted(map(str, refs)) == ["QS[bezique]", "QS[four-queens]"]
    bare = parse_action(state, "play QS")
    assert bare == parse_action_text("play QS")
    assert state.why_illegal(bare) == (Reason.CARD_NOT_HELD,)
    for ref in refs:
        assert state.is_legal(Play(ref))


def test_parse_action_with_no_player_to_move_returns_the_text_action() -> None:
    state = bz.new_deal(CLASSIC, seed=5)
    players = [bz.players.RandomPlayer(1), bz.players.RandomPlayer(2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = state.apply(players[seat].choose(state))
    assert state.current_player is None
    assert parse_action(state, "play KH") == parse_action_text("play KH")


def test_every_legal_action_text_parses_back_in_random_deals() -> None:
    for seed in range(4):
        rules = bz.variants.WIKIPEDIA if seed % 2 else CLASSIC
        state = bz.new_deal(rules, seed=seed)
        rng = random.Random(seed)
        checked = 0
        while not state.is_over:
            legal = state.legal_actions()
            for action in legal:
                assert parse_action(state, str(action)) == action
                assert parse_action(state, format_action(action, symbols=True)) == action
                checked += 1
            state = state.apply(str(rng.choice(legal)))
        assert checked > 64
