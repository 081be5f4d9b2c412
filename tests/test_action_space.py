"""The fixed action space (bezique.encodings.action_space): every legal action has an id, every
id of a legal action gives back a legal action, and the mask is the legal list's."""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import pytest
from positions import build, meld, win_trick

import bezique as bz
from bezique import IllegalActionError, InvalidStateError, NotationError, Reason, zetema
from bezique.actions import Draw, Pass, Play, ScorePending, parse_action_text
from bezique.encodings.action_space import ActionSpace, action_key
from bezique.zetema.action_space import ZetemaActionSpace

PRESETS = [name for name, _ in bz.rules.variants.names()]
DOCS = Path(__file__).resolve().parent.parent / "docs" / "action-space.md"


def _declaring_playout(rules: bz.Rules, seed: int) -> list[bz.DealState]:
    """The states of a random deal in which the trick winner mostly declares, so
    that tables fill up and alike table cards come up."""
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed)
    states = [state]
    while not state.is_over:
        actions = state.legal_actions()
        melds = [a for a in actions if not isinstance(a, (Play, Draw, Pass))]
        chosen = rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(actions)
        state = state.apply(chosen)
        states.append(state)
    return states


@pytest.mark.parametrize("preset", PRESETS)
def test_every_legal_action_round_trips_in_random_deals(preset: str) -> None:
    rules = bz.rules.variants.get(preset)
    space = ActionSpace.of(rules)
    for seed in range(3):
        for state in _declaring_playout(rules, seed):
            legal = state.legal_actions()
            ids = space.legal_ids(state)
            assert ids == tuple(sorted({space.action_id(a, state) for a in legal}))
            mask = space.legal_mask(state)
            assert len(mask) == space.size
            assert [i for i, flag in enumerate(mask) if flag] == list(ids)
            for action in legal:
                action_id = space.action_id(action, state)
                assert action in space.choices(state, action_id)
                back = space.action_from_id(state, action_id)
                assert back in legal
                assert space.action_id(back, state) == action_id
            # One reading of both: the actions in the engine's order, each with its id,
            # the id's action the first of them.
            actions, action_ids = space.legal_with_ids(state)
            assert actions == legal
            assert list(action_ids) == [space.action_id(a, state) for a in legal]
            for action_id in ids:
                assert actions[action_ids.index(action_id)] == space.action_from_id(
                    state, action_id
                )
                # The canonical action is the first of the id's choices, in the
                # engine's order.
                choices = space.choices(state, action_id)
                assert space.action_from_id(state, action_id) == choices[0]
                assert [a for a in legal if a in choices] == list(choices)


@pytest.mark.parametrize("preset", ["classic", "rubicon", "partnership", "eight-pack"])
def test_a_seat_view_gives_the_same_ids_as_the_state(preset: str) -> None:
    """The view is what a player acts on; its ids must be the state's."""
    rules = bz.rules.variants.get(preset)
    space = ActionSpace.of(rules)
    for state in _declaring_playout(rules, 5)[::7]:
        if state.is_over:
            continue
        view = state.view(state.current_player or 0)
        assert space.legal_ids(view) == space.legal_ids(state)
        for action_id in space.legal_ids(view):
            assert space.action_from_id(view, action_id) == space.action_from_id(state, action_id)


def test_distinct_ids_for_fresh_and_declared_copies_of_a_face() -> None:
    """S000 law 7: a declared card stays on the table and is played from there, so
    the Q♠ of the hand and the Q♠ of a bezique on the table are two choices."""
    state = build(trump="H", table=[meld("bezique", "QS JD")], hand="QS", window=False)
    space = ActionSpace.of(state.rules)
    fresh = space.action_id(bz.parse_action(state, "play QS"))
    declared = space.action_id(bz.parse_action(state, "play QS[bezique]"))
    assert fresh != declared
    assert space.describe(fresh) == "play QS"
    assert space.describe(declared) == "play QS[declared]"
    assert {fresh, declared} <= set(space.legal_ids(state))


def test_alike_table_cards_of_other_histories_share_an_id() -> None:
    """Two Q♠ on the table, one in a bezique, one in four queens (S000 law 7): two
    legal plays, one id; the first in the engine's order is the canonical one."""
    state = build(
        trump="H",
        table=[meld("bezique", "QSa JDa"), meld("four-queens", "QSb QH QD QC")],
        window=False,
    )
    space = ActionSpace.of(state.rules)
    in_bezique = bz.parse_action(state, "play QS[bezique]")
    in_quartet = bz.parse_action(state, "play QS[four-queens]")
    action_id = space.action_id(in_bezique)
    assert space.action_id(in_quartet) == action_id
    assert space.choices(state, action_id) == (in_bezique, in_quartet)
    assert space.action_from_id(state, action_id) == in_bezique
    assert len(space.legal_ids(state)) == len(state.legal_actions()) - 1


def test_declarations_are_named_by_kind_faces_and_origins() -> None:
    state = build(trump="H", table=[meld("royal-marriage", "KH QH")], hand="AH TH JH")
    space = ActionSpace.of(state.rules)
    (sequence,) = state.legal_declarations()
    action_id = space.action_id(sequence)
    assert space.describe(action_id) == (
        "declare trump-sequence JH QH[declared] KH[declared] TH AH"
    )
    assert space.action_from_id(state, action_id) == sequence


def test_a_pending_meld_is_scored_by_its_kind_and_faces() -> None:
    """FOS p.326: several melds shown, one scored, the rest wait for later tricks."""
    rules = bz.variants.WIKIPEDIA
    space = ActionSpace.of(rules)
    state = build(rules, trump="H", hand="KS QS KC QC AH", other_hand="7D")
    state = state.apply(bz.parse_action(state, "declare common-marriage KS QS"))
    state = state.apply(bz.parse_action(state, "declare common-marriage KC QC"))
    state = win_trick(state, "AH", "7D")
    score = next(a for a in state.legal_actions() if isinstance(a, ScorePending))
    action_id = space.action_id(score, state)
    assert space.describe(action_id) == "score common-marriage QC KC"
    assert space.action_from_id(state, action_id) == score
    with pytest.raises(IllegalActionError):
        space.action_id(score)  # a pending meld is read in its position


def test_the_space_depends_on_the_rules_only() -> None:
    """One numbering per rule set, kept with it; a preset without pending melds has
    no ``score`` ids, and the simple actions come first in a fixed order."""
    classic = ActionSpace.of(bz.variants.CLASSIC)
    assert classic is ActionSpace.of(bz.variants.CLASSIC)
    assert "score" not in classic.counts()
    assert ActionSpace.of(bz.variants.WIKIPEDIA).counts()["score"] > 0
    assert [classic.describe(i) for i in range(5)] == [
        "draw",
        "pass",
        "exchange",
        "show-carte-blanche",
        "pass-to-partner",
    ]
    assert sum(classic.counts().values()) == classic.size == len(set(classic.keys))


def test_the_documented_sizes_are_the_computed_ones() -> None:
    text = DOCS.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| (\d+) \| (\d+) \| (\d+) \|", text, re.M)
    documented = {name: tuple(map(int, numbers)) for name, *numbers in rows}
    computed = {}
    for name, _ in bz.variants.names():
        space = ActionSpace.of(bz.variants.get(name))
        counts = space.counts()
        computed[name] = (space.size, counts["declare"], counts.get("score", 0))
    assert documented == computed


def test_bad_ids_and_positions_are_refused() -> None:
    space = ActionSpace.of(bz.variants.CLASSIC)
    state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    with pytest.raises(NotationError, match="no action id"):
        space.action_from_id(state, space.size)
    with pytest.raises(NotationError, match="no action id"):
        space.describe(-1)
    with pytest.raises(TypeError):
        space.action_from_id(state, True)
    with pytest.raises(IllegalActionError) as refused:
        space.action_from_id(state, space.action_id(Draw()))
    assert refused.value.action == "draw"
    rubicon = bz.new_deal(bz.variants.RUBICON, seed=1)
    with pytest.raises(NotationError, match="action space of classic"):
        space.legal_ids(rubicon)
    with pytest.raises(NotationError, match="action space of classic"):
        space.legal_with_ids(rubicon)
    with pytest.raises(TypeError):
        ActionSpace.of("classic")  # type: ignore[call-overload]


def test_an_action_the_rules_never_produce_has_no_id() -> None:
    """McNeely (S002) allows only one-of-each-suit quartets: four aces in two
    suits is not an action of the preset."""
    space = ActionSpace.of(bz.variants.MCNEELY)
    quartet = parse_action_text("declare four-aces AS AS AH AH")
    with pytest.raises(IllegalActionError) as refused:
        space.action_id(quartet)
    assert refused.value.reasons == (Reason.KIND_NOT_IN_VARIANT,)
    assert action_key(quartet)[0] == "declare"


def test_a_finished_deal_has_no_legal_id() -> None:
    rules = bz.variants.CLASSIC
    space = ActionSpace.of(rules)
    final = _declaring_playout(rules, 2)[-1]
    assert space.legal_ids(final) == ()
    with pytest.raises(IllegalActionError) as refused:
        space.action_from_id(final, 0)
    assert refused.value.reasons == (Reason.DEAL_OVER,)


def test_a_legal_action_outside_the_enumeration_is_named() -> None:
    """A rule set whose engine produced an action the enumeration missed would be a
    fault of the library: it is reported, not left to a KeyError."""
    state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    space = ActionSpace.of(bz.variants.CLASSIC)
    partial = ActionSpace(space.rules, space.keys[:5], {k: i for i, k in enumerate(space.keys[:5])})
    first = state.legal_actions()[0]  # a play: the five keys kept are no plays
    with pytest.raises(InvalidStateError, match=f"^legal action {re.escape(str(first))} has no id"):
        partial.legal_ids(state)


# -- Zetema ---------------------------------------------------------------------------

ZETEMA_TABLES = [(name, players) for name in zetema.names() for players in (2, 3, 4, 6)]


def _zetema_playout(rules: zetema.ZetemaRules, seed: int) -> list[zetema.ZetemaState]:
    """The states of a random game in which the mover mostly declares when it can."""
    rng = random.Random(seed)
    state = zetema.new_game(rules, seed=seed)
    states = [state]
    while not state.is_over:
        actions = state.legal_actions()
        melds = [a for a in actions if not isinstance(a, zetema.Discard)]
        chosen = rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(actions)
        state = state.apply(chosen)
        states.append(state)
    return states


@pytest.mark.parametrize(("preset", "players"), ZETEMA_TABLES)
def test_every_zetema_action_has_its_own_id(preset: str, players: int) -> None:
    """Every legal action of a position has an id no other legal action shares, and
    the id gives it back, from the state and from the mover's view alike."""
    rules = zetema.get(preset).evolve(players=players)
    space = ActionSpace.of(rules)
    for seed in range(2):
        for state in _zetema_playout(rules, seed):
            legal = state.legal_actions()
            ids = space.legal_ids(state)
            assert len(ids) == len(legal)
            assert [i for i, flag in enumerate(space.legal_mask(state)) if flag] == list(ids)
            actions, action_ids = space.legal_with_ids(state)
            assert actions == legal
            assert list(action_ids) == [space.action_id(a, state) for a in legal]
            if state.current_player is None:
                continue
            view = state.view(state.current_player)
            assert space.legal_ids(view) == ids
            for action in legal:
                action_id = space.action_id(action, state)
                assert space.choices(state, action_id) == (action,)
                assert space.action_from_id(state, action_id) == action
                assert space.action_from_id(view, action_id) == action


def test_the_zetema_space_is_reached_as_every_game_s() -> None:
    rules = zetema.get("zetema")
    space = ActionSpace.of(rules)
    assert isinstance(space, ZetemaActionSpace)
    assert space is ActionSpace.of(rules) is ZetemaActionSpace.of(rules)
    assert space.size == 1950
    assert space.counts() == {"discard": 52, "declare": 172, "marry": 1726}
    assert [space.describe(i) for i in (0, 51)] == ["discard AS", "discard KC"]
    assert space.describe(52) == "declare flush-sequence"
    assert space.describe(53) == "declare flush-sequence without AS"
    assert ActionSpace.of(zetema.ZETEMA_1881).keys == space.keys


def test_a_six_card_declaration_is_named_by_the_card_kept_back() -> None:
    """S003: a flush is six cards of a suit; from a hand of seven, the seventh names it."""
    state = _zetema_position("2H 5H 7H 8H TH KH 3C")
    space = ActionSpace.of(state.rules)
    flush = zetema.Declare("flush", zetema.parse_faces("2H 5H 7H 8H TH KH"))
    action_id = space.action_id(flush, state)
    assert space.describe(action_id) == "declare flush without 3C"
    assert space.action_from_id(state, action_id) == flush
    with pytest.raises(NotationError, match="give the position"):
        space.action_id(flush)


def test_an_assembly_and_marriages_are_named_by_their_cards() -> None:
    state = _zetema_position("KS KS KH KD KC QH 2C", tableau="QD")
    space = ActionSpace.of(state.rules)
    assembly = zetema.parse_action("declare assembly KS KS KH KD KC")
    marry = zetema.parse_action("marry KH QH KD / QD")
    assert space.describe(space.action_id(assembly)) == "declare assembly KS KS KH KD KC"
    assert space.describe(space.action_id(marry)) == "marry QH KH KD / QD"
    assert {space.action_id(assembly), space.action_id(marry)} <= set(space.legal_ids(state))


def test_bad_zetema_ids_and_positions_are_refused() -> None:
    space = ActionSpace.of(zetema.ZETEMA)
    state = zetema.new_hand(zetema.ZETEMA, seed=1)
    with pytest.raises(NotationError, match="no action id"):
        space.action_from_id(state, space.size)
    with pytest.raises(TypeError):
        space.describe(True)
    with pytest.raises(TypeError, match="position"):
        space.legal_ids(bz.new_deal(bz.variants.CLASSIC, seed=1))  # type: ignore[arg-type]
    other = zetema.new_hand(zetema.ZETEMA.evolve(imperial=bz.Suit.HEARTS), seed=1)
    with pytest.raises(NotationError, match="imperial suit"):
        space.legal_ids(other)
    with pytest.raises(IllegalActionError):
        space.action_from_id(state, space.action_id(zetema.parse_action("marry KS QS")))
    with pytest.raises(IllegalActionError) as refused:
        space.action_id(zetema.Declare("flush", zetema.parse_faces("2H 5H 7H 8H TH KH")), state)
    assert refused.value.reasons == (Reason.CARD_NOT_HELD,)
    with pytest.raises(TypeError):
        ActionSpace.of("zetema")  # type: ignore[call-overload]


def _zetema_position(hand: str, *, tableau: str = "") -> zetema.ZetemaState:
    """Seat 0 to declare with ``hand`` (seven cards), ``tableau`` laid."""
    state = zetema.new_hand(zetema.ZETEMA, seed=1)
    cards = zetema.parse_faces(hand)
    laid = zetema.parse_faces(tableau)
    piles = [[c for c in laid if zetema.rank_of(c) == rank] for rank in range(13)]
    rest = list(zetema.deck_faces(state.rules.imperial))
    for card in (*cards, *laid):
        rest.remove(card)
    return attrs.evolve(
        state,
        hands=(tuple(sorted(cards)), tuple(sorted(rest[:6]))),
        stock=tuple(rest[6:]),
        tableau=tuple(tuple(p) for p in piles),
        current_player=0,
        dealer=1,
    )
