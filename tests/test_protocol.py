"""One API for every game of the family: the registry knows every preset, Zetema's
included, and one loop written against :class:`bezique.State` plays any of them,
writes and reads its states and views, and is refused in the same words."""

from __future__ import annotations

import json
import random
import warnings
from typing import Any

import pytest

import bezique as bz
from bezique import zetema
from bezique.errors import IllegalActionError, NotationError, RulesError, SeatError
from bezique.zetema import state as zetema_state

NAMES = [name for name, _ in bz.variants.names()]


def test_the_registry_knows_every_game() -> None:
    bezique_names = {name for name, _ in bz.rules.variants.names()}
    assert set(NAMES) == bezique_names | set(zetema.names())
    assert sorted(NAMES) == NAMES
    assert bz.variants.get("zetema") is zetema.ZETEMA
    assert bz.variants.get("Zetema_1881") is zetema.ZETEMA_1881
    assert bz.variants.get("japanese") is bz.variants.RUBICON  # an alias
    with pytest.raises(RulesError, match="no preset named 'nope'"):
        bz.variants.get("nope")
    with pytest.raises(TypeError, match="name"):
        bz.variants.get(3)  # type: ignore[arg-type]


#: The loop writes and reads back its state and view at one step in this many: every
#: state of a deal of every preset round-trips in test_serialization.py, and every
#: seat's view of states of a game of every preset in test_reachable_loads.py.
WRITTEN_EVERY = 8


def _play(state: bz.State[Any], rng: random.Random) -> bz.State[Any]:
    """A random game to its end through the protocol alone, a state and view in
    :data:`WRITTEN_EVERY` (the first included) written and read back on the way."""
    step = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        actions = state.legal_actions()
        assert actions, "a state that is not over has a legal action"
        assert state.legal_actions(seat=seat) == actions
        other = (seat + 1) % state.players
        assert state.legal_actions(seat=other) == ()
        action = rng.choice(actions)
        assert state.why_illegal(action) == ()
        assert state.why_illegal(action, seat=other) == (bz.Reason.NOT_YOUR_TURN,)
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action, seat=other)
        assert refused.value.reasons == (bz.Reason.NOT_YOUR_TURN,)
        view = state.view(seat)
        assert isinstance(view, bz.View)
        assert view.legal_actions() == actions
        written = step % WRITTEN_EVERY == 0
        if isinstance(state, (bz.DealState, zetema.ZetemaState)):
            assert bz.parse_action(state, bz.format_action(action)) == action
            if written:
                assert bz.load_state(bz.state_to_json(state)) == state
        if written and isinstance(view, (bz.SeatView, zetema.ZetemaView)):
            assert bz.view_from_json(bz.view_to_json(view)) == view
        before = state.scores
        state, events = state.step(action, seat=seat)
        assert sum(state.scores) - sum(before) >= 0
        assert all(isinstance(e, bz.Score) for e in events)
        step += 1
    assert state.current_player is None
    assert state.legal_actions() == ()
    assert state.winners
    assert all(0 <= w < len(state.side_scores) for w in state.winners)
    assert isinstance(state.render(symbols=False), str)
    return state


def test_every_state_and_view_satisfies_the_protocol() -> None:
    # Checked by mypy as well as at run time: each assignment is to the protocol type.
    deal: bz.State[bz.Action] = bz.new_deal(bz.variants.CLASSIC, seed=1)
    game: bz.State[bz.Action] = bz.new_game(bz.variants.CLASSIC, seed=1)
    hand: bz.State[zetema.ZetemaAction] = bz.new_deal(zetema.ZETEMA, seed=1)
    whole: bz.State[zetema.ZetemaAction] = bz.new_game(zetema.ZETEMA, seed=1)
    views: list[bz.View[object]] = [s.view(0) for s in (deal, game, hand, whole)]
    for item in (deal, game, hand, whole, *views):
        assert isinstance(item, (bz.State, bz.View))
    assert [type(v).__name__ for v in views] == ["SeatView", "SeatView", "ZetemaView", "ZetemaView"]


@pytest.mark.parametrize("name", NAMES)
def test_one_loop_plays_a_deal_of_every_preset(name: str) -> None:
    rules = bz.variants.get(name)
    state = bz.new_deal(rules, seed=7, dealer=1)
    assert isinstance(state, bz.State)
    assert state.players == rules.players
    _play(state, random.Random(name))


@pytest.mark.parametrize("name", ["classic", "three-hand", "zetema"])
def test_one_loop_plays_a_whole_game(name: str) -> None:
    rules = bz.variants.get(name)
    state = bz.new_game(rules, seed=3)
    final = _play(state, random.Random(3))
    assert final.is_over


def test_every_game_has_the_same_players() -> None:
    for name in ("classic", "polish", "zetema"):
        rules = bz.variants.get(name)
        assert {"random", "rule-of-thumb", "monte-carlo"} <= set(bz.variants.player_names(rules))
        state = bz.new_deal(rules, seed=1)
        player = bz.make_player(rules, "monte-carlo:iterations=4", seed=1)
        seat = state.current_player
        action = player.choose(state.view(seat))  # type: ignore[arg-type]
        assert action in state.legal_actions()


def test_a_zetema_hand_is_the_counterpart_of_a_deal() -> None:
    # One hand, played to its end whatever the scores: its winners are the sides
    # with the most points in it.
    rules = zetema.ZETEMA.evolve(target=20)
    state = bz.new_deal(rules, seed=4)
    assert state.one_hand
    assert not bz.new_game(rules, seed=4).one_hand
    final = _play(state, random.Random(4))
    assert isinstance(final, zetema.ZetemaState)
    assert final.stock == ()
    assert final.results == (final.hand_scores,)
    best = max(final.hand_scores)
    assert final.winners == tuple(s for s, v in enumerate(final.hand_scores) if v == best)
    with pytest.raises(RulesError, match="cut"):
        bz.new_deal(rules, cut=(3, 4))  # type: ignore[call-overload]
    with pytest.raises(NotationError, match="deck"):
        bz.new_deal(rules, deck=["KS"])
    order = [zetema.face_name(f) for f in zetema.deck_faces(rules.imperial)]
    dealt = bz.new_deal(rules, deck=order, dealer=1)
    # One card at a time from the dealer's left, then the first player's draw (S003).
    dealt_to_eldest = [*order[0:12:2], order[12]]
    assert dealt.hands[0] == tuple(sorted(zetema.parse_faces(" ".join(dealt_to_eldest))))


def test_zetema_speaks_the_words_of_every_game() -> None:
    state = bz.new_game(zetema.ZETEMA.evolve(players=4), seed=2)
    assert state.current_player == 1
    assert len(state.scores) == 4
    assert len(state.side_scores) == 2
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert state.to_move == state.current_player
    assert caught
    assert issubclass(caught[0].category, DeprecationWarning)
    for module in (zetema, zetema_state):
        with pytest.warns(DeprecationWarning, match=r"bezique\.IllegalActionError"):
            assert module.ZetemaIllegalActionError is IllegalActionError
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = zetema.no_such_name  # type: ignore[attr-defined]
    with pytest.raises(SeatError):
        state.legal_actions(seat=4)
    with pytest.raises(TypeError, match="seat"):
        state.why_illegal(state.legal_actions()[0], seat="1")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("build", "error", "match"),
    [
        (lambda: zetema.Discard(61), NotationError, "not a Zetema card"),
        (lambda: zetema.Discard("KS"), TypeError, "card"),
        (lambda: zetema.Discard(True), TypeError, "card"),
        (lambda: zetema.Marry(None), TypeError, "hand"),
        (lambda: zetema.Marry([]), NotationError, "card from the hand"),
        (lambda: zetema.Marry(zetema.parse_faces("KS QS KH")), NotationError, "king and a queen"),
        (lambda: zetema.Marry(zetema.parse_faces("KS 2S")), NotationError, "kings and queens"),
        (lambda: zetema.Declare("flush", zetema.parse_faces("2H 3H")), NotationError, "6 cards"),
        (lambda: zetema.Declare("straight", ()), NotationError, "not a combination"),
        (lambda: zetema.Declare(None, ()), TypeError, "kind"),  # type: ignore[arg-type]
    ],
)
def test_zetema_actions_check_themselves(build: object, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        build()  # type: ignore[operator]


def test_version_one_zetema_documents_still_load() -> None:
    state = zetema.new_game(zetema.ZETEMA, seed=5)
    data = json.loads(bz.state_to_json(state))
    old = {("scores" if k == "side_scores" else k): v for k, v in data.items()}
    del old["one_hand"]
    old["version"] = 1
    assert bz.load_state(json.dumps(old)) == state


def test_documents_of_an_unknown_format_are_refused() -> None:
    with pytest.raises(NotationError, match="format"):
        bz.load_state('{"format": "chess-state"}')
    with pytest.raises(NotationError, match="format"):
        bz.view_from_json('{"format": "zetema-state"}')


def test_game_records_of_every_game_load_through_one_reader() -> None:
    from bezique.zetema.io import ZetemaRecord, record_to_json

    record = ZetemaRecord(zetema.ZETEMA, 3, 0, ("discard KC",))
    loaded = bz.load_game_record(record_to_json(record))
    assert loaded == record
    game = bz.new_game(bz.variants.CLASSIC, seed=1)
    actions = []
    for _ in range(6):
        action = game.legal_actions()[0]
        actions.append(action)
        game = game.apply(action)
    bezique_record = bz.record_game(bz.new_game(bz.variants.CLASSIC, seed=1), actions)
    assert bz.load_game_record(bezique_record.to_json()) == bezique_record
    assert bz.load_game_record(bezique_record.to_text()) == bezique_record
    with pytest.raises(NotationError, match="format"):
        bz.load_game_record('{"format": "zetema-state"}')


def test_one_simulation_in_two_processes_serves_every_preset() -> None:
    # The same summary from two worker processes as from one, for every preset.
    from bezique.programs.simulate import simulate

    for name in NAMES:
        rules = bz.variants.get(name)
        players = ["random"] * rules.players
        split = simulate(rules, deals=4, seed=name, players=players, jobs=2, chunk_size=2)
        alone = simulate(rules, deals=4, seed=name, players=players, jobs=1)
        assert split == alone, name
        assert split.deals == 4


def test_actions_of_every_game_write_their_suits_as_symbols_and_read_back() -> None:
    marry = zetema.parse_action("marry KS QS / KH QH")
    assert bz.format_action(marry, symbols=True) == "marry Q♠ K♠ / Q♥ K♥"
    assert zetema.parse_action(bz.format_action(marry, symbols=True)) == marry
    declare = zetema.parse_action("declare flush 2H 5H 7H 8H TH KH")
    assert bz.format_action(declare, symbols=True) == "declare flush 2♥ 5♥ 7♥ 8♥ T♥ K♥"
    state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    play = state.legal_actions()[0]
    assert bz.parse_action(state, bz.format_action(play, symbols=True)) == play
