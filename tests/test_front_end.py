"""What a front end asks of the library: about a seat that is not to act, about text
typed by a seat that holds only its view, and how melds are shown.

* Seat queries: ``legal_actions(seat=...)``, ``legal_declarations(seat=...)``,
  ``why_illegal(action, seat=...)`` and ``is_legal(action, seat=...)`` on the deal
  and on the game answer for the seat asked about, following the engine's own
  notion of the seat to act (a carte blanche offer, the winner's turn, a right to
  declare passed to the partner, the duels of the end phase).
* Parsing on a view: ``parse_action(view, text)`` reads what the view's seat types,
  as ``parse_action(state, text)`` does for the seat to act, resolving bare faces
  against that seat's own cards only.
* Melds shown in one display order: ranks in trick order, highest first, then
  suits S H D C (a sequence A T K Q J, a marriage K Q, a bezique Q♠ J♦), in
  ``format_action``, ``DeclaredMeld`` and the tables of states and views.
"""

from __future__ import annotations

import functools
import importlib.util
import inspect
import random
import sys
from pathlib import Path
from typing import get_type_hints

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from positions import build, deal_deck, meld, partnership_position
from strategies import PROPERTY_SETTINGS, Playout, chooser, playouts

import bezique as bz
from bezique import (
    CardRef,
    Declare,
    MeldKind,
    PassToPartner,
    Phase,
    Play,
    Reason,
    SeatError,
    format_action,
    parse_action,
)
from bezique.actions import parse_action_text
from bezique.laws.turns import trick_seats
from bezique.rules import variants

PRESETS = tuple(name for name, _ in variants.names())


def every_preset() -> st.SearchStrategy[Playout]:
    return playouts(st.sampled_from(PRESETS).map(variants.get))


def sample(playout: Playout, size: int = 10) -> list[bz.DealState]:
    """Some states of a playout, among them one in the end phase when it has one."""
    states = list(playout.states())
    rng = random.Random(playout.seed)
    picked = rng.sample(states, min(size, len(states)))
    end = [s for s in states if s.phase is Phase.END]
    return picked + ([rng.choice(end)] if end else [])


# -- seat queries ----------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(every_preset())
def test_seat_queries_answer_for_the_seat_to_act_and_refuse_the_others(
    playout: Playout,
) -> None:
    for state in playout.states():
        to_act = state.current_player
        legal = state.legal_actions()
        declarations = state.legal_declarations()
        for seat in range(state.players):
            if seat == to_act:
                assert state.legal_actions(seat=seat) == legal
                assert state.legal_declarations(seat=seat) == declarations
                assert all(state.why_illegal(a, seat=seat) == () for a in legal)
                assert all(state.is_legal(a, seat=seat) for a in legal)
                continue
            refused = (Reason.DEAL_OVER,) if to_act is None else (Reason.NOT_YOUR_TURN,)
            assert state.legal_actions(seat=seat) == ()
            assert state.legal_declarations(seat=seat) == ()
            # Whatever the action, legal for the seat to act or not.
            for action in (*legal, bz.Draw(), bz.Play(CardRef.parse("AS"))):
                assert state.why_illegal(action, seat=seat) == refused
                assert not state.is_legal(action, seat=seat)
            if legal:
                # apply(seat=...) refuses with the same reasons.
                with pytest.raises(bz.IllegalActionError) as caught:
                    state.apply(legal[0], seat=seat)
                assert caught.value.reasons == refused


@pytest.mark.parametrize("seat", [-1, 4])
def test_a_seat_that_does_not_exist_is_refused(seat: object) -> None:
    state = bz.new_deal(variants.FOUR_HAND, seed=1)
    action = state.legal_actions()[0]
    with pytest.raises(SeatError, match="no seat"):
        state.legal_actions(seat=seat)  # type: ignore[arg-type]
    with pytest.raises(SeatError, match="no seat"):
        state.legal_declarations(seat=seat)  # type: ignore[arg-type]
    with pytest.raises(SeatError, match="no seat"):
        state.why_illegal(action, seat=seat)  # type: ignore[arg-type]
    game = bz.new_game(variants.FOUR_HAND, seed=1)
    with pytest.raises(SeatError, match="no seat"):
        game.why_illegal(action, seat=seat)  # type: ignore[arg-type]


def test_after_a_pass_to_partner_the_partner_acts_and_the_winner_does_not() -> None:
    """BIC, EB9: the trick's winner may pass the right to declare to his partner; the
    partner then acts, and the winner's click is out of turn."""
    state = partnership_position(variants.PARTNERSHIP, hands={2: "KHa QHa"})
    marriage = Declare(MeldKind.ROYAL_MARRIAGE, (CardRef.parse("KH"), CardRef.parse("QH")))
    assert state.why_illegal(marriage, seat=2) == (Reason.NOT_YOUR_TURN,)
    assert state.legal_actions(seat=2) == ()
    assert PassToPartner() in state.legal_actions(seat=0)
    passed = state.apply(PassToPartner(), seat=0)
    assert passed.window is not None
    assert passed.window.passed == (0,)
    assert passed.why_illegal(marriage, seat=2) == ()
    assert marriage in passed.legal_declarations(seat=2)
    assert passed.why_illegal(marriage, seat=0) == (Reason.NOT_YOUR_TURN,)
    assert passed.legal_actions(seat=0) == passed.legal_declarations(seat=0) == ()


def test_the_seats_out_of_an_end_phase_duel_are_not_to_act() -> None:
    """EB9, EB11 (``end_phase="duels"``): each end-phase trick is a duel of two seats;
    the other two are never to act in it, though the table order would reach them."""
    rng = random.Random(5)
    state = bz.new_deal(variants.FOUR_HAND.evolve(end_phase="duels"), seed=5)
    while not (state.phase is Phase.END and state.window is None and not state.trick):
        state = state.apply(rng.choice(state.legal_actions()))
    seats = trick_seats(state.rules, state.tricks, state.leader)
    out = sorted(set(range(4)) - set(seats))
    assert len(out) == 2
    for played in range(2):
        assert state.current_player == seats[played]
        action = state.legal_actions()[0]
        for seat in out:
            assert state.why_illegal(action, seat=seat) == (Reason.NOT_YOUR_TURN,)
            assert state.legal_actions(seat=seat) == ()
        state = state.apply(action, seat=seats[played])


def test_when_the_deal_is_over_every_seat_is_told_so() -> None:
    rng = random.Random(2)
    state = bz.new_deal(variants.CLASSIC, seed=2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    for seat in range(2):
        assert state.why_illegal(bz.Draw(), seat=seat) == (Reason.DEAL_OVER,)
        assert state.legal_actions(seat=seat) == ()


def test_the_game_asks_its_deal_and_refuses_everything_once_over() -> None:
    game = bz.new_game(variants.CLASSIC, seed=4)
    to_act = game.current_player
    assert to_act is not None
    other = 1 - to_act
    action = game.legal_actions()[0]
    assert game.legal_actions(seat=to_act) == game.deal.legal_actions()
    assert game.legal_actions(seat=other) == ()
    assert game.why_illegal(action, seat=other) == (Reason.NOT_YOUR_TURN,)
    assert game.why_illegal(action, seat=to_act) == ()
    assert game.is_legal(action)
    assert not game.is_legal(action, seat=other)
    assert game.legal_declarations(seat=to_act) == game.deal.legal_declarations()
    assert attrs.evolve(game.view(to_act), game=None) == game.deal.view(to_act)
    assert game.view(to_act).game == game.standing
    assert game.players == 2
    rng = random.Random(4)
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
    for seat in (None, 0, 1):
        assert game.why_illegal(action, seat=seat) == (Reason.DEAL_OVER,)
        assert game.legal_actions(seat=seat) == game.legal_declarations(seat=seat) == ()


# -- parsing on a view -----------------------------------------------------------------


def _bare(action: bz.Action) -> str | None:
    """The text of a play or declaration with every card written as its bare face."""
    if isinstance(action, Play):
        return f"play {action.card.card}"
    if isinstance(action, Declare):
        return f"declare {action.kind.value} " + " ".join(str(c.card) for c in action.cards)
    return None


@PROPERTY_SETTINGS
@given(every_preset())
def test_a_view_parses_as_its_state_does_for_the_seat_to_act(playout: Playout) -> None:
    for state in sample(playout):
        seat = state.current_player
        if seat is None:
            continue
        view = state.view(seat)
        for action in state.legal_actions():
            for text in (str(action), format_action(action), format_action(action, symbols=True)):
                assert parse_action(view, text) == parse_action(state, text) == action
            if isinstance(action, Declare):
                shown = [CardRef.parse(c) for c in format_action(action).split()[2:]]
                keys = [c.card.display_key for c in shown]
                assert keys == sorted(keys)
            bare = _bare(action)
            if bare is not None:
                assert parse_action(view, bare) == parse_action(state, bare)


def test_a_bare_face_on_a_view_names_only_the_seats_own_cards() -> None:
    """Hidden information: the view's seat types; a bare face resolves against its own
    hand and table, never against what the other seat holds."""
    state = build(
        trump="H",
        seat=0,
        hand="QS 7C 8C 9C",
        table=[meld("common-marriage", "KD QD")],
        other_table=[meld("bezique", "QS JD")],
        other_hand="JD",
        window=False,
    )
    assert state.current_player == 0
    mine, theirs = state.view(0), state.view(1)
    # Seat 0 holds QS concealed, so the face stays bare; seat 1 holds QS only on its
    # table, so its view resolves QS to the declared card, though not to act.
    assert parse_action(mine, "play QS") == parse_action_text("play QS")
    assert parse_action(theirs, "play QS") == parse_action_text("play QS[bezique]")
    # KD lies only on seat 0's table: seat 1's view does not take it for its own.
    assert parse_action(mine, "play KD") == parse_action_text("play KD[common-marriage]")
    assert parse_action(theirs, "play KD") == parse_action_text("play KD")
    # JD: seat 1 holds a concealed copy and a declared one, so it stays bare.
    assert parse_action(theirs, "play JD") == parse_action_text("play JD")
    # Applied by the state, the seat's typed text from its view is refused out of turn.
    with pytest.raises(bz.IllegalActionError) as caught:
        state.apply(parse_action(theirs, "play QS"), seat=1)
    assert caught.value.reasons == (Reason.NOT_YOUR_TURN,)


# -- melds in display order ------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("declare trump-sequence JH QH KH TH AH", "declare trump-sequence AH TH KH QH JH"),
        ("declare common-marriage QS KS", "declare common-marriage KS QS"),
        ("declare bezique JD QS", "declare bezique QS JD"),
        (
            "declare double-bezique JD QS JD QS[bezique]",
            "declare double-bezique QS QS[bezique] JD JD",
        ),
        ("declare four-aces AC AD AH AS", "declare four-aces AS AH AD AC"),
        ("declare four-jacks JD[bezique] JS JC JH", "declare four-jacks JS JH JD[bezique] JC"),
    ],
)
def test_a_declaration_is_shown_in_display_order(typed: str, shown: str) -> None:
    """Any order is read; the display order is one: rank in trick order, highest first
    (S000 law 6: the ten between the ace and the king), then suit S H D C."""
    action = parse_action_text(typed)
    assert format_action(action) == shown
    assert parse_action_text(shown) == action
    assert format_action(action, symbols=True) == " ".join(
        (*shown.split()[:2], *(CardRef.parse(c).display() for c in shown.split()[2:]))
    )


def test_a_declared_meld_is_shown_in_display_order() -> None:
    deck = deal_deck(hands=["AC KS QS", "7C"], turn_up="TH")
    state = bz.new_deal(variants.CLASSIC, deck=deck)
    state = bz.play_many(state, ["play 7C", "play AC", "declare common-marriage QS KS"])
    (meld,) = state.melds
    assert str(meld) == "common-marriage KS QS"
    assert meld.display() == "common-marriage K♠ Q♠"
    shown = [bz.face_of(c) for c in meld.display_cards()]
    assert shown == [bz.Card.parse("KS"), bz.Card.parse("QS")]
    assert sorted(meld.display_cards()) == sorted(meld.cards)


# -- the same name, the same type ------------------------------------------------------

#: Names shared by a deal state and a seat view that are meant to differ, and why.
STATE_VIEW_DIFFERENCES = {
    # A state knows every hand: hand(seat) reads any seat's; a view holds one hand, its
    # own seat's, as an attribute (of the others it has hand_sizes and known).
    "hand",
}


@functools.cache
def _from_source(compiled: type) -> type:
    """The class ``compiled`` as its module's source defines it, loaded from that
    source apart from the package: the compiled build's classes keep no annotations
    of their properties at run time (a property is a ``getset_descriptor`` there)."""
    module = sys.modules[compiled.__module__]
    source = Path(str(module.__file__)).with_name(compiled.__module__.rpartition(".")[2] + ".py")
    spec = importlib.util.spec_from_file_location(f"{compiled.__module__}_source", source)
    assert spec is not None
    assert spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    found: type = getattr(loaded, compiled.__name__)
    return found


def _member(cls: type, name: str) -> tuple[str, str]:
    """What ``cls.name`` is: ("data", its type) for a field or a property, ("method",
    its return type) for a method; ``cls`` itself written as Self."""
    raw = inspect.getattr_static(cls, name, None)
    if inspect.isgetsetdescriptor(raw) and name not in attrs.fields_dict(cls):
        # A property of a compiled class (the compiled build's DealFields).
        raw = inspect.getattr_static(_from_source(raw.__objclass__), name)
    if isinstance(raw, property) and raw.fget is not None:
        kind, hint = "data", get_type_hints(raw.fget)["return"]
    elif inspect.isfunction(raw):
        kind, hint = "method", get_type_hints(raw)["return"]
    else:
        kind, hint = "data", get_type_hints(cls)[name]
    # A method returning its own class (apply, step) returns Self on each.
    own = f"{cls.__module__}.{cls.__qualname__}"
    return kind, repr(hint).replace(own, "Self")


def _public(cls: type) -> set[str]:
    return {name for name in dir(cls) if not name.startswith("_")}


@pytest.mark.parametrize(
    ("first", "second", "allowed"),
    [
        (bz.DealState, bz.SeatView, STATE_VIEW_DIFFERENCES),
        (bz.DealState, bz.GameState, set()),
    ],
)
def test_a_name_on_states_and_views_means_one_type(
    first: type, second: type, allowed: set[str]
) -> None:
    """For every public name shared by the two classes, both are data of one type, or
    both methods with one return type (a view answers for its own seat, a game for its
    deal in progress: their parameters may be fewer)."""
    shared = _public(first) & _public(second)
    assert {"legal_actions", "tables", "scores", "current_player", "trick"} & shared
    differing = {
        name: (_member(first, name), _member(second, name))
        for name in sorted(shared)
        if _member(first, name) != _member(second, name)
    }
    assert set(differing) == allowed, differing


def test_what_a_view_shows_is_what_its_state_shows() -> None:
    """The shared names give equal values on a state and a view of it, where the view
    names its cards by labels (compared by face and history here)."""
    choose = chooser(random.Random(0), eager=True)
    state = bz.new_deal(variants.CLASSIC, seed=0)
    checked = largest = 0
    while not state.is_over:
        largest = max(largest, *map(len, state.tables))
        for seat in range(2):
            view = state.view(seat)
            assert view.legal_actions() == state.legal_actions(seat=seat)
            assert view.trick_number == state.trick_number
            assert view.turn_up_card == state.turn_up_card
            assert view.side_scores == state.side_scores
            faces = [[(bz.face_of(t.card), t.history) for t in table] for table in view.tables]
            assert faces == [
                [(bz.face_of(t.card), t.history) for t in table] for table in state.tables
            ]
            # Each table lists its cards in the order melds are shown.
            for table in (*state.tables, *view.tables):
                keys = [bz.face_of(t.card).display_key for t in table]
                assert keys == sorted(keys)
            checked += 1
        state = state.apply(choose(state.legal_actions()))
    assert checked > 100
    assert largest >= 4
