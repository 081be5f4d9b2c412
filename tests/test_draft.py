"""The engine's deal held mutably (:mod:`bezique.engine.draft`), stepped in lockstep
with the public :meth:`~bezique.DealState.apply`.

One draft is kept for a whole deal, as the fast playouts keep it, and changed in
place by the engine's steps of play (a card played, the trick taken, the deal's end,
the exchange, a declaration of the cards the engine picks for it, the draw); the
other steps (a carte blanche, a pending meld scored, passing) start a new draft from
the state the engine returns. At every winner's turn, each declaration listed is
made of the same cards whether the engine validates it or takes it as listed. At
every step every field of the draft is compared with the stepped state's, and so are
the score events where the draft was asked to record them. The rule sets are drawn
over every knob (``strategies.rules``) and every preset is played too; the fast
policy's :func:`~bezique.players.playout.play_out` is compared with stepping over
drawn rules as well.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import build, meld
from strategies import PROPERTY_SETTINGS, rules, trick_seats_now

import bezique as bz
import bezique.rules.variants
from bezique import Action, DealState, Declare, Draw, Exchange, Pass, Play, Rules, ScoreEvent
from bezique.engine.draft import deal_end, declare, draw, exchange, play
from bezique.engine.fields import NATIVE_FIELDS, DealDraft
from bezique.engine.reasons import declaration_cards, declare_reasons
from bezique.engine.speed import draft_of, make_plan
from bezique.players.playout import UNCOVERED, arrange_draws, covered, play_out
from bezique.players.rollout import FastPolicy

FIELDS = tuple(field.name for field in attrs.fields(DealDraft) if field.init)
PRESETS = [name for name, _ in bz.rules.variants.names()]


def differences(draft: DealDraft, state: DealState) -> list[str]:
    """The fields in which ``draft`` and ``state`` differ."""
    return [
        f"{name}: {getattr(draft, name)!r} != {getattr(state, name)!r}"
        for name in FIELDS
        if getattr(draft, name) != getattr(state, name)
        or type(getattr(draft, name)) is not type(getattr(state, name))
    ]


def played_card(state: DealState, after: DealState) -> int:
    """The card id that the play from ``state`` to ``after`` put on the trick."""
    if len(after.trick) == len(state.trick) + 1:
        return after.trick[-1]
    return after.tricks[-1].cards[-1]


def listed_cards(state: DealState) -> dict[Declare, list[int]]:
    """The declarations listed in ``state``, each with the cards it is made of, after
    checking that the engine, validating it, accepts it and picks the same cards."""
    window = state.window
    out: dict[Declare, list[int]] = {}
    if window is None:
        return out
    for action in state.legal_actions():
        if isinstance(action, Declare):
            cards = declaration_cards(state, window, action)
            assert declare_reasons(state, window, action) == ([], cards), action
            out[action] = cards
    return out


def lockstep(state: DealState, rng: random.Random, max_steps: int = 400) -> Counter[str]:
    """Play ``state`` on to its end with random legal actions, stepping one draft
    beside it; the steps the draft took in place, counted by the action's kind."""
    draft = draft_of(state)
    total_tricks = state.rules.derived(make_plan).total_tricks
    in_place: Counter[str] = Counter()
    for _ in range(max_steps):
        if state.is_over:
            break
        action: Action = rng.choice(state.legal_actions())
        cards = listed_cards(state)
        after, events = state.step(action)
        # Half the steps record what scored; the other half, as the playouts do, not.
        recorded: list[ScoreEvent] | None = [] if rng.random() < 0.5 else None
        if type(action) is Play:
            seats = trick_seats_now(state)
            seat = seats[len(state.trick)]
            play(draft, seat, played_card(state, after), len(seats), recorded)
        elif type(action) is Draw and not state.offers:
            draw(draft, recorded)
        elif isinstance(action, Declare):
            declare(draft, action.kind, cards[action], recorded)
        elif type(action) is Exchange:
            exchange(draft, recorded)
        elif type(action) is Pass and len(state.tricks) == total_tricks:
            # S003: the winner of the last trick passes, and the deal ends.
            deal_end(draft, recorded)
        else:
            draft = draft_of(after)
            recorded = None
        if recorded is not None:
            assert tuple(recorded) == events, action
        if recorded is not None or type(action) in (Play, Draw, Declare, Exchange):
            in_place[type(action).__name__] += 1
        assert differences(draft, after) == [], (state.rules.name, action)
        # The scores agree with the events, whether they were recorded or not.
        for seat, points in enumerate(after.scores):
            assert points - state.scores[seat] == sum(e.points for e in events if e.seat == seat)
        state = after
    return in_place


@settings(PROPERTY_SETTINGS, max_examples=60)
@given(rules(), st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_the_draft_steps_as_the_engine_does_over_drawn_rules(
    drawn: Rules, seed: int, dealer: int
) -> None:
    state = bz.new_deal(drawn, seed=seed, dealer=dealer % drawn.players)
    assert lockstep(state, random.Random(seed))["Play"] > 0


def preset_steps(name: str) -> Counter[str]:
    """The steps taken in place in two deals of the preset ``name``, by kind."""
    preset = bz.rules.variants.get(name)
    rng = random.Random(name)
    steps: Counter[str] = Counter()
    for _ in range(2):
        state = bz.new_deal(preset, seed=rng.getrandbits(32), dealer=rng.randrange(2))
        steps += lockstep(state, rng)
    return steps


@pytest.mark.parametrize("name", PRESETS)
def test_the_draft_steps_as_the_engine_does_in_every_preset(name: str) -> None:
    assert preset_steps(name)["Play"] > 0


def test_the_presets_declare_and_exchange_on_the_draft() -> None:
    """The winner's turn's own steps are among those the draft took in place: the
    declarations (of every preset with melds from the hand) and the exchange."""
    steps = {name: preset_steps(name) for name in ("classic", "rubicon", "six-pack", "polish")}
    assert all(counted["Declare"] > 0 for counted in steps.values()), steps
    assert sum(counted["Exchange"] for counted in steps.values()) > 0, steps


def test_a_draft_copies_every_field_and_shares_them() -> None:
    state = bz.new_deal(bz.variants.RUBICON, seed=4)
    draft = draft_of(state)
    # The compiled build's draft is of the state's class: its objects cannot change class.
    assert type(draft) is (type(state) if NATIVE_FIELDS else DealDraft)
    assert differences(draft, state) == []
    assert all(getattr(draft, name) is getattr(state, name) for name in FIELDS)
    # Every slot is set, the memo of legal actions empty.
    assert draft._legal is None
    assert {field.name for field in attrs.fields(DealDraft)} == {*FIELDS, "_legal"}


def stepped(state: DealState, policy: FastPolicy, coupled: bool) -> DealState:
    """The fast policy's playout, one public state a step."""
    while not state.is_over:
        action = policy.choose(state)
        if coupled and type(action) is Draw:
            state = arrange_draws(state)
        state = state.apply(action)
    return state


#: The settings of CLASSIC for the knobs the playouts may not cover, and for those
#: that go with melds from the cards won: drawn rules evolved by them are covered.
COVERING = {
    name: value
    for name, value in bz.variants.CLASSIC.knobs().items()
    if name in {*UNCOVERED, "open_cards", "trick_card", "polish_card_reuse"} - {"players"}
}


@settings(PROPERTY_SETTINGS, max_examples=30)
@given(
    rules(two_packs_only=True),
    st.integers(0, 2**32 - 1),
    st.integers(0, 60),
    st.booleans(),
    st.booleans(),
)
def test_a_playout_over_drawn_rules_ends_where_stepping_ends(
    drawn: Rules, seed: int, steps: int, coupled: bool, cover: bool
) -> None:
    if cover:
        # Half the rule sets are made ones the draft plays, most of their other knobs
        # still drawn.
        drawn = drawn.evolve(**COVERING)
        assert covered(drawn)
    rng = random.Random(seed)
    state = bz.new_deal(drawn, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    policy = FastPolicy()
    assert play_out(state, policy=policy, coupled=coupled) == stepped(state, policy, coupled)


@pytest.mark.parametrize("stock_size", [4, 2])
def test_a_lasting_carte_blanche_is_offered_after_each_draw_and_ends_at_the_close(
    stock_size: int,
) -> None:
    """WKC, PAR, S003: while a carte blanche lasts, its seat is asked again after
    each draw; it lasts while the stock does, so the close ends it."""
    rules = bz.variants.RUBICON
    assert rules.carte_blanche.carte_blanche_repeat
    position = build(rules, trump="H", stock_size=stock_size, hand="7D 8D 9D", other_hand="7C")
    assert position.window is not None
    lasting = attrs.evolve(position, carte_blanche=(True, False))
    after = lasting.apply(Draw())
    if stock_size > 2:
        assert after.carte_blanche == (True, False)
        assert after.offers == (0,)
    else:
        assert after.phase is bz.Phase.END
        assert after.carte_blanche == (False, False)
        assert after.offers == ()


def test_the_cards_taken_back_from_the_table_at_the_close_stay_known() -> None:
    """S000 law 9, hint 7: at the close the declared cards go back to the hand, their
    histories forgotten (interpretation 7), and the other player, who saw them on the
    table, still knows them."""
    position = build(
        bz.variants.CLASSIC,
        trump="H",
        stock_size=2,
        hand="7D",
        table=[meld("bezique", "QS JD")],
        other_hand="7C",
    )
    declared = position.table(0)
    assert len(declared) == 2
    closed = position.apply(Draw())
    assert closed.phase is bz.Phase.END
    assert closed.table_masks == (0, 0)
    assert set(declared) <= set(closed.hand(0))
    assert set(declared) <= set(closed.revealed[0])
    # The other seat's view shows them (its card ids relabel alike copies).
    assert sorted(map(bz.face_of, closed.view(1).known[0])) == sorted(map(bz.face_of, declared))
    assert all(closed.history[card] == 0 for card in declared)
