"""The exception hierarchy and what each error carries."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import bezique as bz
from bezique import (
    BeziqueError,
    Card,
    CardRef,
    Draw,
    IllegalActionError,
    InvalidStateError,
    NotationError,
    Play,
    Reason,
    RulesError,
    SeatError,
)

CLASSIC = bz.variants.CLASSIC
ERRORS = [
    BeziqueError,
    NotationError,
    RulesError,
    InvalidStateError,
    IllegalActionError,
    SeatError,
    bz.MissingExtraError,
]


def test_every_exported_error_is_a_bezique_error_and_a_value_error() -> None:
    exported = {
        obj
        for name in bz.__all__
        if isinstance(obj := getattr(bz, name), type) and issubclass(obj, BaseException)
    }
    assert exported == set(ERRORS)
    for error in ERRORS:
        assert issubclass(error, BeziqueError)
        assert issubclass(error, ValueError)


def test_callers_catching_value_error_keep_working() -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse("XX")
    with pytest.raises(ValueError, match="no preset"):
        bz.rules.variants.get("nope")
    with pytest.raises(ValueError, match="illegal action"):
        bz.new_deal(CLASSIC, seed=1).apply(Draw())


def test_illegal_action_error_carries_the_action_and_the_reasons() -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    assert state.current_player == 1
    held = {bz.face_of(c) for c in state.hand(1)}
    missing = next(face for face in bz.cards.FACES if face not in held)
    action = Play(CardRef(missing))
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    error = info.value
    assert error.action == action
    assert error.reasons == (Reason.CARD_NOT_HELD,)
    assert str(action) in str(error)
    assert Reason.CARD_NOT_HELD.explanation in str(error)
    assert state.why_illegal(action) == error.reasons


def test_illegal_action_error_message_names_every_reason() -> None:
    reasons = [Reason.INFERIOR_ORDER, Reason.NO_FRESH_CARD]
    error = IllegalActionError(Draw(), reasons)
    assert error.reasons == tuple(reasons)
    assert error.action == Draw()
    message = str(error)
    assert message.startswith("illegal action draw: ")
    for reason in reasons:
        assert reason.explanation in message
    assert str(IllegalActionError(Draw(), ())) == "illegal action draw: not legal here"


def test_text_actions_are_named_in_the_error() -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    with pytest.raises(IllegalActionError) as info:
        state.apply("draw")
    assert info.value.action == Draw()
    assert info.value.reasons
    assert info.value.reasons == state.why_illegal(Draw())
    assert "draw" in str(info.value)
    for reason in info.value.reasons:
        assert reason.explanation in str(info.value)


def test_every_reason_has_its_own_explanation() -> None:
    explanations = [reason.explanation for reason in Reason]
    assert all(explanations)
    assert len(set(explanations)) == len(explanations)
    for reason in Reason:
        assert Reason(reason.value) is reason
        assert reason.value == reason.value.lower()


def seat_queries(state: bz.DealState) -> tuple[Callable[[int], object], ...]:
    """The state's queries that take a seat."""
    return (
        state.hand,
        state.table,
        state.held,
        state.held_mask,
        state.won_cards,
        state.brisques_won,
        state.pending_melds,
    )


@pytest.mark.parametrize("seat", [5, 2, -1, pytest.param(10**5000, id="huge")])
def test_a_bad_seat_is_a_seat_error(seat: int) -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    for query in seat_queries(state):
        with pytest.raises(SeatError, match="seat"):
            query(seat)


@pytest.mark.parametrize("seat", [True, "0", 1.0, None])
def test_a_seat_of_the_wrong_type_is_a_type_error(seat: object) -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    for query in seat_queries(state):
        with pytest.raises(TypeError, match="seat must be an int"):
            query(seat)  # type: ignore[arg-type]


def test_state_hand_5_names_the_seats() -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    with pytest.raises(SeatError, match=r"no seat 5: seats are 0\.\.1"):
        state.hand(5)


@pytest.mark.parametrize("dealer", [3, 2, -1, pytest.param(10**5000, id="huge")])
def test_a_bad_dealer_is_a_seat_error(dealer: int) -> None:
    with pytest.raises(SeatError, match="seat"):
        bz.new_deal(CLASSIC, seed=1, dealer=dealer)


@pytest.mark.parametrize("dealer", ["0", None, True])
def test_a_dealer_of_the_wrong_type_is_a_type_error(dealer: object) -> None:
    with pytest.raises(TypeError, match="dealer must be an int"):
        bz.new_deal(CLASSIC, seed=1, dealer=dealer)  # type: ignore[call-overload]


def test_rules_error_names_its_fields() -> None:
    with pytest.raises(RulesError) as info:
        CLASSIC.evolve(hand_size=9)
    assert info.value.fields == ("packets", "hand_size")
    assert RulesError("plain").fields == ()


def test_bad_decks_and_seeds() -> None:
    with pytest.raises(BeziqueError, match="exactly once"):
        bz.new_deal(CLASSIC, deck=range(63))
    with pytest.raises(BeziqueError, match="QS appears more often"):
        bz.new_deal(CLASSIC, deck=[4, *range(63)])
    three_queens = ["QS"] * 3 + [c for c in range(64) if c % 32 != 4][1:]
    assert len(three_queens) == 64
    with pytest.raises(BeziqueError, match="holds QS more than 2 times"):
        bz.new_deal(CLASSIC, deck=three_queens)
    with pytest.raises(NotationError, match="not a card"):
        bz.new_deal(CLASSIC, deck=["ZZ", *range(63)])
    with pytest.raises(TypeError, match="deck must be"):
        bz.new_deal(CLASSIC, deck=[True, *range(63)])
    with pytest.raises(TypeError, match="seed must be an int"):
        bz.new_deal(CLASSIC, seed=1.5)  # type: ignore[call-overload]


def test_a_three_card_marriage_under_re_pairing_is_refused_not_crashed() -> None:
    """A marriage claimed with three cards, under S003's re-pairing rule, is refused
    (found by the property tests: it used to raise ValueError): now when the action is
    built, as a declaration of the wrong number of cards; a two-card claim of a held
    re-pairable card and one not held is refused with reasons."""
    from positions import build, meld

    from bezique.actions import CardRef, Declare
    from bezique.legality import Reason

    rules = bz.variants.RUBICON.evolve(marriage_rearrangement="swap-without-play")
    state = build(
        rules,
        trump="S",
        table=[meld("common-marriage", "KHa QHa"), meld("common-marriage", "KHb QHb")],
    )
    # Two re-pairable cards and a third that is not even held.
    refs = [CardRef.parse(t) for t in ("KH[common-marriage]", "QH[common-marriage]", "JC")]
    with pytest.raises(bz.NotationError, match="2 cards, got 3"):
        Declare(bz.MeldKind.COMMON_MARRIAGE, tuple(refs))
    claim = Declare(bz.MeldKind.COMMON_MARRIAGE, (refs[0], refs[2]))
    reasons = state.why_illegal(claim)
    assert Reason.NOT_A_MELD in reasons
    assert Reason.CARD_NOT_HELD in reasons
    with pytest.raises(bz.IllegalActionError):
        state.apply(claim)
