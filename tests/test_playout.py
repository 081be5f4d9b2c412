"""Whole playouts by the fast policy (:mod:`bezique.players.playout`): the final state
of :func:`play_out` is the one stepping the engine reaches, for every preset, from
positions spread over random deals, with and without the coupled draws of the Monte
Carlo player."""

from __future__ import annotations

import hashlib
import random
from collections import Counter

import pytest

import bezique as bz
from bezique import Action, DealState, Draw, IllegalActionError, Play
from bezique.cards import FACES_PER_PACK
from bezique.checks.determinize import determinize
from bezique.errors import BeziqueError
from bezique.laws.scoring import exchange_bonus
from bezique.players.playout import _Playout, arrange_draws, covered, play_out, playouts
from bezique.players.reading import MeldTarget, meld_targets, rank
from bezique.players.rollout import FastPolicy, nothing_to_declare, ready_melds

PRESETS = [name for name, _ in bz.rules.variants.names()]

#: The presets whose common steps the playouts play on their own copy of the deal
#: (two seats, no partnerships, melds shown from the hand and scored at once).
COVERED = {
    "classic",
    "classic-four-pack",
    "classic-six-pack",
    "eight-pack",
    "mcneely",
    "rubicon",
    "sinkinson-1933",
    "six-pack",
    "swift-1865",
}


def stepped(state: DealState, first: Action | None, policy: FastPolicy, coupled: bool) -> DealState:
    """The reference: the engine stepped one public state at a time, as the Monte Carlo
    player's playouts did before :func:`play_out`."""
    action = first
    while True:
        if action is not None:
            if coupled and type(action) is Draw:
                state = arrange_draws(state)
            state = state.apply(action)
        if state.is_over:
            return state
        action = policy.choose(state)


def samples(name: str, count: int) -> list[DealState]:
    """``count`` sampled deals (the Monte Carlo player's kind of state): from the view
    of the seat to move at a random point of a deal played by the fast policy with
    some random moves, its hidden cards dealt at random."""
    rules = bz.rules.variants.get(name)
    rng = random.Random(name)
    policy = FastPolicy()
    out: list[DealState] = []
    while len(out) < count:
        state = bz.new_deal(rules, seed=rng.getrandbits(32))
        for _ in range(rng.randrange(0, 90)):
            if state.is_over:
                break
            actions = state.legal_actions()
            state = state.apply(rng.choice(actions) if rng.random() < 0.3 else policy.choose(state))
        seat = state.current_player
        if seat is not None:
            out.append(determinize(state.view(seat), rng))
    return out


def check_the_same_as_stepping(name: str, count: int) -> int:
    """Compare ``play_out`` with stepping from ``count`` samples, after each of up to
    three legal first actions, coupled or not; the number of playouts compared."""
    policy = FastPolicy()
    rng = random.Random(f"{name} first")
    compared = 0
    for sample in samples(name, count):
        for first in sample.legal_actions()[:3]:
            coupled = rng.random() < 0.5
            expected = stepped(sample, first, policy, coupled)
            assert play_out(sample, first, policy=policy, coupled=coupled) == expected
            compared += 1
        assert play_out(sample, policy=policy) == stepped(sample, None, policy, False)
    return compared


@pytest.mark.parametrize("name", PRESETS)
def test_a_playout_ends_where_stepping_the_engine_ends(name: str) -> None:
    assert check_the_same_as_stepping(name, 12) >= 12


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COVERED))
def test_many_playouts_end_where_stepping_ends(name: str) -> None:
    assert check_the_same_as_stepping(name, 400) >= 400


def test_the_covered_presets() -> None:
    assert {name for name in PRESETS if covered(bz.rules.variants.get(name))} == COVERED


def test_a_playout_from_a_new_deal_plays_the_carte_blanche_through_the_engine() -> None:
    # Rubicon deals start by offering each seat its carte blanche (S003): the engine
    # plays those steps, then the copy takes the deal up.
    state = bz.new_deal(bz.variants.RUBICON, seed=3)
    assert state.offers
    policy = FastPolicy()
    assert play_out(state, policy=policy) == stepped(state, None, policy, False)


def test_an_illegal_first_action_raises_and_changes_nothing() -> None:
    state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    seat = state.current_player
    assert seat is not None
    held = {bz.face_of(c) for c in state.held(seat)}
    foreign = next(c for c in state.hand(1 - seat) if bz.face_of(c) not in held)
    with pytest.raises(IllegalActionError):
        play_out(state, Play(state.card_ref(foreign)))
    with pytest.raises(IllegalActionError):
        play_out(state, Draw())
    assert state == bz.new_deal(bz.variants.CLASSIC, seed=1)


def test_a_finished_deal_plays_out_to_itself() -> None:
    end = play_out(bz.new_deal(bz.variants.CLASSIC, seed=2))
    assert end.is_over
    assert play_out(end) is end


def test_playouts_sample_the_hidden_cards_and_play_each_deal_out() -> None:
    state = bz.new_deal(bz.variants.CLASSIC, seed=5)
    for action in state.legal_actions()[:1]:
        state = state.apply(action)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    ends = playouts(view, 6, seed=9)
    assert len(ends) == 6
    assert all(end.is_over for end in ends)
    assert playouts(view, 6, seed=9) == ends
    # Each is a deal consistent with the view, played out by the fast policy.
    rng = random.Random(9)
    policy = FastPolicy()
    for end in ends:
        assert end == stepped(determinize(view, rng), None, policy, False)
    # Different seeds deal the hidden cards differently.
    assert playouts(view, 6, seed=10) != ends
    first = view.legal_actions()[0]
    after = playouts(view, 2, seed=9, first=first)
    rng = random.Random(9)
    assert after == [stepped(determinize(view, rng), first, policy, False) for _ in range(2)]


@pytest.mark.parametrize("n", [1.5, "3", True, None])
def test_playouts_refuse_a_count_that_is_not_an_int(n: object) -> None:
    view = bz.new_deal(bz.variants.CLASSIC, seed=1).view(0)
    with pytest.raises(TypeError, match=r"playouts\(\): n must be an int"):
        playouts(view, n, seed=1)


def test_playouts_refuse_a_negative_count() -> None:
    view = bz.new_deal(bz.variants.CLASSIC, seed=1).view(0)
    with pytest.raises(BeziqueError, match="n must be at least 0"):
        playouts(view, -1, seed=1)
    assert playouts(view, 0, seed=1) == []


@pytest.mark.parametrize("seed", [1.5, b"x", [1]])
def test_playouts_refuse_a_bad_seed(seed: object) -> None:
    view = bz.new_deal(bz.variants.CLASSIC, seed=1).view(0)
    with pytest.raises(TypeError, match="seed"):
        playouts(view, 1, seed=seed)


def test_the_playout_functions_refuse_what_is_not_a_state_view_or_policy() -> None:
    state = bz.new_deal(bz.variants.CLASSIC, seed=1)
    with pytest.raises(TypeError, match=r"playouts\(\): view must be a SeatView, not DealState"):
        playouts(state, 1, seed=1)
    with pytest.raises(TypeError, match=r"play_out\(\): state must be a DealState, not SeatView"):
        play_out(state.view(0))
    with pytest.raises(TypeError, match=r"play_out\(\): policy must be a FastPolicy or None"):
        play_out(state, policy="fast")


def ready_targets(state: DealState, seat: int) -> list[tuple[MeldTarget, list[list[int]]]]:
    """The melds of :func:`~bezique.players.reading.meld_targets` ready in ``seat``'s
    cards, counted card by card: for each face a meld needs (or its rank, for a
    quartet), enough held cards whose histories its re-use law does not bar. Each with
    its groups of such cards that have no card to spare."""
    held = state.hand_masks[seat] | state.table_masks[seat]
    cards = [card for card in range(len(state.history)) if held >> card & 1]
    out: list[tuple[MeldTarget, list[list[int]]]] = []
    for target in meld_targets(state.rules, state.trump).targets:
        usable = [c for c in cards if not state.history[c] & (target.same | target.barred)]
        groups: list[tuple[list[int], int]]
        if target.rank >= 0:
            groups = [
                ([c for c in usable if rank(c % FACES_PER_PACK) == target.rank], target.count)
            ]
        else:
            groups = [
                ([c for c in usable if c % FACES_PER_PACK == face], n) for face, n in target.need
            ]
        if all(len(group) >= n for group, n in groups):
            out.append((target, [group for group, n in groups if len(group) == n]))
    return out


def ready_spelt_out(state: DealState, seat: int) -> tuple[int, dict[int, int]]:
    """:func:`~bezique.players.rollout.ready_melds` spelt out: the best ready meld's
    value, and per face of a ready meld with no card to spare, the best such meld's."""
    best = 0
    protect: dict[int, int] = {}
    for target, needed in ready_targets(state, seat):
        best = max(best, target.value)
        for card in (card for group in needed for card in group):
            face = card % FACES_PER_PACK
            protect[face] = max(protect.get(face, 0), target.value)
    return best, protect


@pytest.mark.parametrize(
    "name", ["classic", "marjolet", "mcneely", "rubicon", "six-pack", "eight-pack"]
)
def test_the_fast_policy_finds_the_melds_a_seat_holds_ready(name: str) -> None:
    """The fast policy's reckoning of the melds ready in a seat's cards (quick tests on
    masks of cards first, then the histories) finds what counting card by card finds,
    at every state of random deals, for both seats."""
    rules = bz.rules.variants.get(name)
    rng = random.Random(f"{name} ready")
    policy = FastPolicy()
    ready = quartets = 0
    for _ in range(12):
        state = bz.new_deal(rules, seed=rng.getrandbits(32))
        while not state.is_over:
            for seat in range(state.players):
                found = ready_melds(state, seat)
                assert found == ready_spelt_out(state, seat)
                ready += found[0] > 0
                quartets += any(target.rank >= 0 for target, _ in ready_targets(state, seat))
            actions = state.legal_actions()
            state = state.apply(rng.choice(actions) if rng.random() < 0.3 else policy.choose(state))
    # Melds were found ready; quartets among them where four of a rank in any suits make
    # one (McNeely's are of four suits).
    assert ready >= 100, ready
    if any(target.rank >= 0 for target in meld_targets(rules, None).targets):
        assert quartets >= 5, quartets


def winner_turns(name: str, deals: int) -> list[DealState]:
    """The winner's turns with something to declare or exchange (the fast policy's
    :func:`~bezique.players.rollout.nothing_to_declare` says no) met in ``deals`` deals
    of the preset ``name`` played by the fast policy, with some random moves."""
    rules = bz.rules.variants.get(name)
    rng = random.Random(f"{name} turns")
    policy = FastPolicy()
    out: list[DealState] = []
    for _ in range(deals):
        state = bz.new_deal(rules, seed=rng.getrandbits(32))
        while not state.is_over:
            if state.window is not None and not state.offers and not nothing_to_declare(state):
                out.append(state)
            actions = state.legal_actions()
            state = state.apply(rng.choice(actions) if rng.random() < 0.2 else policy.choose(state))
    return out


@pytest.mark.parametrize("name", ["classic", "rubicon", "six-pack", "sinkinson-1933"])
def test_the_winner_s_turn_on_the_draft_makes_the_engine_s_choices(name: str) -> None:
    """A winner's turn played on the draft (:meth:`_Playout.winner_turn`) chooses each
    action as the fast policy chooses it on the public state and applies it as the
    engine does: the same exchange and declarations, of the same cards, then the same
    draw, field for field."""
    policy = FastPolicy()
    turns = winner_turns(name, 40)
    chosen: Counter[str] = Counter()
    for state in turns:
        if not covered(state.rules) or any(state.carte_blanche):
            continue
        expected = state
        while True:
            action = policy.choose(expected)
            chosen[type(action).__name__] += 1
            expected = expected.apply(action)
            if type(action) is Draw:
                break
        playout = _Playout(state)
        playout.winner_turn(coupled=False)
        assert playout.state() == expected
    # The turns declared on the draft, and exchanged where the rules have the exchange.
    assert chosen["Declare"] >= 40, chosen
    has_exchange = exchange_bonus(bz.rules.variants.get(name)) is not None
    assert (chosen["Exchange"] > 0) == has_exchange, chosen


def test_playouts_of_many_classic_deals_make_the_moves_stepping_makes() -> None:
    """Over many deals, from their start, :func:`play_out` reaches the state that
    stepping the engine with the fast policy reaches: every meld declared (its kind,
    cards, trick and points), every trick and every score the same, coupled or not."""
    policy = FastPolicy()
    fast = hashlib.sha256()
    reference = hashlib.sha256()
    for seed in range(60):
        state = bz.new_deal(bz.variants.CLASSIC, seed=seed)
        coupled = seed % 2 == 1
        for end, digest in (
            (play_out(state, policy=policy, coupled=coupled), fast),
            (stepped(state, None, policy, coupled), reference),
        ):
            digest.update(repr((end.melds, end.tricks, end.scores)).encode())
    assert fast.hexdigest() == reference.hexdigest()


def test_the_end_phase_replies_are_the_law_s_through_the_memo_s_restarts() -> None:
    """The fast policy's replies in the last tricks (``end_replies``, kept by hand,
    lead and trump) are the faces the end-phase duties allow (S000 law 9: the law's
    ``playable``), before and after the kept answers start again."""
    from bezique.laws.tricks import playable
    from bezique.laws.zones import deck_tables
    from bezique.players import rule_of_thumb

    one_pack = deck_tables(1)
    rng = random.Random(9)
    for number in range(rule_of_thumb._ALLOWED_KEPT + 500):
        hand = rng.sample(range(FACES_PER_PACK), rng.randint(1, 8))
        led = rng.randrange(FACES_PER_PACK)
        trump = rng.choice([None, *bz.Suit])
        mask = sum(1 << face for face in hand)
        allowed = playable(mask, (led,), trump, True, one_pack)
        expected = [face for face in hand if allowed >> face & 1]
        assert rule_of_thumb.end_replies(hand, led, trump) == expected, number
        assert len(rule_of_thumb._ALLOWED) <= rule_of_thumb._ALLOWED_KEPT
