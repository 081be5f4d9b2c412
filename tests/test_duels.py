"""The end phase in duels, ``end_phase="duels"`` (EB9, EB11; interpretation 11).

Once the stock is out, W, the winner of the last stock trick, plays his eight cards
against the seat on his left (W leading the first trick), then the seat on W+1's
left plays his against the fourth seat (W+2 leading the first trick of theirs).
Within a duel the winner of a trick leads the next; the tricks are numbered on from
25, so a deal has 24 + 8 + 8 = 40 tricks, and the last trick of each duel (32 and
40) scores the last-trick points.
"""

from __future__ import annotations

import itertools
import json
import random

import attrs
import pytest
from strategies import checked_playout

import bezique as bz
from bezique.checks.determinize import determinize
from bezique.checks.invariants import check_state
from bezique.errors import IllegalActionError, InvalidStateError, RulesError
from bezique.laws.tricks import playable
from bezique.laws.turns import last_tricks, next_leader, trick_seats, tricks_left
from bezique.laws.zones import bits, deck_tables
from bezique.records import Phase, Trick

DUELS = bz.variants.FOUR_HAND.evolve(end_phase="duels")
PARTNERSHIP_DUELS = bz.variants.PARTNERSHIP.evolve(end_phase="duels")
STOCK_TRICKS = 24
FIRST_DUEL_ENDS = 32


def _to_end_phase(rules: bz.Rules, seed: int) -> bz.DealState:
    """A deal played through the stock by a fixed policy: the first legal play, and
    in the winner's turn (or on a carte blanche offer) the last action, the draw."""
    state = bz.new_deal(rules, seed=seed)
    while state.phase is Phase.STOCK:
        actions = state.legal_actions()
        state = state.apply(
            actions[0] if state.window is None and not state.offers else actions[-1]
        )
    return state


def _play_out(
    state: bz.DealState,
) -> tuple[bz.DealState, list[tuple[int, int]], list[tuple[int, bz.ScoreEvent]]]:
    """Play ``state`` to the end with the first legal action; the (trick number, seat)
    of every play, and each score event with the number of tricks completed."""
    plays: list[tuple[int, int]] = []
    events: list[tuple[int, bz.ScoreEvent]] = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        plays.append((len(state.tricks) + 1, seat))
        state, scored = state.step(state.legal_actions()[0])
        events += [(len(state.tricks), e) for e in scored]
    return state, plays, events


# -- the rule set -------------------------------------------------------------------------


def test_a_deal_in_duels_has_forty_tricks() -> None:
    # EB9, EB11: 24 stock tricks, then two duels of eight.
    assert (DUELS.stock_tricks, DUELS.total_tricks) == (24, 40)
    assert PARTNERSHIP_DUELS.total_tricks == 40
    assert bz.variants.FOUR_HAND.total_tricks == 32
    assert last_tricks(DUELS) == (32, 40)
    assert last_tricks(bz.variants.FOUR_HAND) == (32,)


@pytest.mark.parametrize("rules", [bz.variants.THREE_HAND, bz.variants.CLASSIC])
def test_duels_are_refused_without_four_seats(rules: bz.Rules) -> None:
    with pytest.raises(RulesError) as caught:
        rules.evolve(end_phase="duels")
    assert "end_phase" in caught.value.fields


def test_the_knob_round_trips_through_the_rules_json() -> None:
    assert bz.Rules.from_knobs("d", DUELS.knobs()).total_tricks == 40


# -- the law ------------------------------------------------------------------------------


def _tricks(count: int, winners: dict[int, int]) -> tuple[Trick, ...]:
    """``count`` stand-in tricks; ``winners`` sets the winner of some (by number)."""
    return tuple(Trick(0, (), winners.get(i + 1, 0)) for i in range(count))


def test_the_law_pairs_w_with_w_plus_one_then_the_other_two() -> None:
    # W = 3: the first duel is seats 3 and 0, the second 1 and 2 (seats go round).
    stock = _tricks(STOCK_TRICKS, {STOCK_TRICKS: 3})
    assert trick_seats(DUELS, stock[:-1], 1) == (1, 2, 3, 0)  # a stock trick: every seat
    assert trick_seats(DUELS, stock, 3) == (3, 0)
    assert trick_seats(DUELS, stock, 0) == (0, 3)
    first_duel = _tricks(FIRST_DUEL_ENDS, {STOCK_TRICKS: 3, FIRST_DUEL_ENDS: 0})
    assert next_leader(DUELS, first_duel) == 1  # W+2, not the winner of trick 32
    assert next_leader(DUELS, first_duel[:-1]) == 0
    assert trick_seats(DUELS, first_duel, 1) == (1, 2)
    assert trick_seats(DUELS, first_duel, 2) == (2, 1)
    # Together, every seat plays to every trick.
    assert trick_seats(bz.variants.FOUR_HAND, stock, 3) == (3, 0, 1, 2)


def test_the_law_counts_the_tricks_each_seat_still_plays() -> None:
    stock = _tricks(STOCK_TRICKS, {STOCK_TRICKS: 2})
    assert [tricks_left(DUELS, stock, s) for s in range(4)] == [8, 8, 8, 8]
    midway = _tricks(28, {STOCK_TRICKS: 2})
    assert [tricks_left(DUELS, midway, s) for s in range(4)] == [8, 8, 4, 4]
    second = _tricks(35, {STOCK_TRICKS: 2})
    assert [tricks_left(DUELS, second, s) for s in range(4)] == [5, 5, 0, 0]
    assert [tricks_left(bz.variants.FOUR_HAND, midway, s) for s in range(4)] == [4] * 4


# -- the engine ---------------------------------------------------------------------------


def test_w_leads_the_first_duel_against_the_seat_on_his_left() -> None:
    state = _to_end_phase(DUELS, seed=1)
    assert len(state.tricks) == STOCK_TRICKS
    w = state.tricks[-1].winner
    assert state.leader == state.current_player == w
    state = state.apply(state.legal_actions()[0])
    assert state.current_player == (w + 1) % 4
    # A trick of two cards completes, and its winner leads the next.
    state = state.apply(state.legal_actions()[0])
    assert len(state.tricks) == STOCK_TRICKS + 1
    trick = state.tricks[-1]
    assert (trick.leader, len(trick.cards)) == (w, 2)
    assert trick.winner in (w, (w + 1) % 4)
    assert state.leader == state.current_player == trick.winner
    assert not state.trick


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_duel_is_played_by_its_two_seats_alone(seed: int) -> None:
    start = _to_end_phase(DUELS, seed)
    w = start.tricks[-1].winner
    final, plays, _ = _play_out(start)
    first = {w, (w + 1) % 4}
    second = {(w + 2) % 4, (w + 3) % 4}
    assert {seat for number, seat in plays if number <= FIRST_DUEL_ENDS} == first
    assert {seat for number, seat in plays if number > FIRST_DUEL_ENDS} == second
    assert len(plays) == 16 * 2
    assert len(final.tricks) == 40
    duel_tricks = final.tricks[STOCK_TRICKS:]
    assert all(len(t.cards) == 2 for t in duel_tricks)
    # W leads trick 25, W+2 trick 33; otherwise the last winner leads.
    assert duel_tricks[0].leader == w
    assert duel_tricks[8].leader == (w + 2) % 4
    for before, after in itertools.pairwise(duel_tricks):
        if after is not duel_tricks[8]:
            assert after.leader == before.winner
    for trick in duel_tricks[:8]:
        assert {trick.leader, trick.winner} <= first
    for trick in duel_tricks[8:]:
        assert {trick.leader, trick.winner} <= second


def test_the_second_duel_waits_with_its_hands_whole() -> None:
    state = _to_end_phase(DUELS, seed=2)
    w = state.tricks[-1].winner
    waiting = ((w + 2) % 4, (w + 3) % 4)
    hands = {seat: state.held_mask(seat) for seat in waiting}
    assert all(len(state.hand(seat)) == 8 for seat in range(4))
    while len(state.tricks) < FIRST_DUEL_ENDS:
        state = state.apply(state.legal_actions()[0])
        assert {seat: state.held_mask(seat) for seat in waiting} == hands
        assert state.view(w).hand_sizes[waiting[0]] == 8
    assert not state.held_mask(w)
    assert not state.held_mask((w + 1) % 4)
    assert state.leader == state.current_player == waiting[0]


def test_the_last_trick_of_each_duel_scores_ten() -> None:
    final, _, events = _play_out(_to_end_phase(DUELS, seed=3))
    last = [(done, e.seat, e.points) for done, e in events if e.source is bz.ScoreSource.LAST_TRICK]
    assert last == [
        (32, final.tricks[31].winner, 10),
        (40, final.tricks[39].winner, 10),
    ]
    # The brisques are counted once, after the last trick of the deal.
    assert {done for done, e in events if e.source is bz.ScoreSource.BRISQUES} == {40}
    result = final.result
    assert result is not None
    assert sum(result.brisques) == 32
    assert result.last_trick_winner == final.tricks[39].winner


def test_the_knob_changes_the_end_phase() -> None:
    together = _to_end_phase(bz.variants.FOUR_HAND, seed=1)
    duels = _to_end_phase(DUELS, seed=1)
    # The same stock phase: the knob acts only once the stock is out.
    assert together.tricks == duels.tricks
    assert together.hand_masks == duels.hand_masks
    for _ in range(2):
        together = together.apply(together.legal_actions()[0])
        duels = duels.apply(duels.legal_actions()[0])
    assert len(duels.tricks) == STOCK_TRICKS + 1  # two cards: the duel's trick is done
    assert len(together.tricks) == STOCK_TRICKS  # two cards of four
    assert together.current_player == (together.leader + 2) % 4
    assert len(_play_out(together)[0].tricks) == 32
    assert len(_play_out(duels)[0].tricks) == 40


def test_the_end_phase_duties_hold_in_a_duel() -> None:
    # S000 law 9, EB9: follow suit and beat the card led if able, else trump to win.
    tables = deck_tables(DUELS.deck.packs)
    state = _to_end_phase(DUELS, seed=4)
    checked = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if state.trick:
            allowed = playable(state.held_mask(seat), state.trick, state.trump, True, tables)
            faces = {bz.face_of(c) for c in bits(allowed)}
            plays = state.legal_actions()
            assert {a.card.card for a in plays if isinstance(a, bz.Play)} == faces
            checked += allowed != state.held_mask(seat)
        state = state.apply(state.legal_actions()[-1])
    assert checked  # some reply was bound by a duty


def test_a_seat_outside_the_duel_cannot_play() -> None:
    state = _to_end_phase(DUELS, seed=5)
    w = state.tricks[-1].winner
    outside = (w + 2) % 4
    # A card only the waiting seat holds: the play is refused, nothing changes.
    mine = {bz.face_of(c) for c in bits(state.held_mask(w))}
    card = next(c for c in state.hand(outside) if bz.face_of(c) not in mine)
    before = bz.state_to_json(state)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(bz.Play(state.card_ref(card)))
    assert caught.value.reasons == (bz.Reason.CARD_NOT_HELD,)
    assert bz.state_to_json(state) == before
    # Its view has no action to offer, and says whose turn it is.
    view = state.view(outside)
    assert view.legal_actions() == ()
    assert view.current_player == w


# -- the state checks, the documents, determinization --------------------------------------


def _mid_second_duel(rules: bz.Rules, seed: int) -> bz.DealState:
    state = _to_end_phase(rules, seed)
    while len(state.tricks) < FIRST_DUEL_ENDS + 2:
        state = state.apply(state.legal_actions()[0])
    return state.apply(state.legal_actions()[0])  # one card of trick 35 played


def test_a_state_in_a_duel_round_trips_through_json() -> None:
    state = _mid_second_duel(DUELS, seed=6)
    assert len(state.trick) == 1
    assert len(state.tricks) == 34
    text = bz.state_to_json(state)
    loaded = bz.io.load_state(text)
    assert loaded == state
    assert loaded.current_player == state.current_player
    assert json.loads(text)["to_move"] == state.current_player
    assert all(len(t["cards"]) == 2 for t in json.loads(text)["tricks"][STOCK_TRICKS:])


def test_a_view_and_a_record_of_a_duel_round_trip() -> None:
    state = _mid_second_duel(DUELS, seed=8)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    assert bz.io.view_from_json(bz.view_to_json(view)) == view
    # A whole deal in duels, recorded and replayed from its document.
    start = bz.new_deal(DUELS, seed=8)
    rng = random.Random(8)
    actions: list[bz.Action] = []
    state = start
    while not state.is_over:
        legal = state.legal_actions()
        actions.append(legal[rng.randrange(len(legal))])
        state = state.apply(actions[-1])
    record = bz.record_deal(start, actions)
    assert bz.DealRecord.from_json(record.to_json()).replay() == state


def test_the_state_checks_know_the_duels() -> None:
    state = _mid_second_duel(DUELS, seed=6)
    check_state(state)
    w = state.tricks[STOCK_TRICKS - 1].winner
    # The second duel is led by W+2, whoever won trick 32.
    wrong = attrs.evolve(state.tricks[FIRST_DUEL_ENDS], leader=state.tricks[31].winner)
    tricks = (*state.tricks[:FIRST_DUEL_ENDS], wrong, *state.tricks[FIRST_DUEL_ENDS + 1 :])
    with pytest.raises(InvalidStateError, match="second duel"):
        check_state(attrs.evolve(state, tricks=tricks))
    # A seat of the first duel cannot lead in the second.
    with pytest.raises(InvalidStateError, match="leader"):
        check_state(attrs.evolve(state, leader=w))
    # Asked of a trick already full, the turn is refused rather than guessed.
    seat = state.current_player
    assert seat is not None
    card = state.hand(seat)[0]
    hands = tuple(h & ~(1 << card) for h in state.hand_masks)
    full = attrs.evolve(state, trick=(*state.trick, card), hand_masks=hands)
    with pytest.raises(InvalidStateError, match="completes at 2"):
        check_state(full)
    with pytest.raises(InvalidStateError, match="a trick of 2 seats"):
        _ = full.current_player


def test_a_document_with_a_third_card_in_a_duel_trick_is_refused() -> None:
    state = _mid_second_duel(DUELS, seed=6)
    doc = json.loads(bz.state_to_json(state))
    # The seat to play adds two cards from its hand: three cards in a trick of two.
    seat = state.current_player
    assert seat is not None
    held = doc["seats"][seat]["hand"]
    doc["trick"]["cards"] += held[:2]
    doc["seats"][seat]["hand"] = held[2:]
    with pytest.raises(InvalidStateError, match="completes at 2"):
        bz.io.load_state(json.dumps(doc))


@pytest.mark.parametrize("rules", [DUELS, PARTNERSHIP_DUELS])
def test_determinization_deals_the_hidden_hands_of_a_duel(rules: bz.Rules) -> None:
    state = _mid_second_duel(rules, seed=7)
    w = state.tricks[STOCK_TRICKS - 1].winner
    for seat in range(4):
        view = state.view(seat)
        dealt = determinize(view, random.Random(seat))
        check_state(dealt)
        assert dealt.view(seat) == view
        assert [len(dealt.held(s)) for s in range(4)] == [len(state.held(s)) for s in range(4)]
    assert not state.held(w)


# -- random playouts ----------------------------------------------------------------------


@pytest.mark.parametrize("rules", [DUELS, PARTNERSHIP_DUELS], ids=["four-hand", "partnership"])
def test_random_deals_in_duels_keep_every_invariant(rules: bz.Rules) -> None:
    for seed in range(3):
        start = bz.new_deal(rules, seed=seed, dealer=seed % 4)
        steps = checked_playout(start, random.Random(seed), thorough_every=7, eager=seed == 1)
        final = steps[-1].after
        assert len(final.tricks) == 40
        assert all(len(t.cards) == 2 for t in final.tricks[STOCK_TRICKS:])
        assert (
            next_leader(rules, final.tricks[:FIRST_DUEL_ENDS])
            == (final.tricks[STOCK_TRICKS - 1].winner + 2) % 4
        )
