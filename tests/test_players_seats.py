"""The built-in players at three and four seats and in partnerships: legal choices
from seat views through whole deals, a partner's points counted as one's own, and a
partner's trick left to him (BIC: partners sit opposite, seats 0+2 against 1+3).
"""

from __future__ import annotations

import random

import pytest
from positions import deal_deck

import bezique as bz
from bezique import Card, CardRef, DealState, Phase, Play
from bezique.players import (
    MonteCarloPlayer,
    Player,
    RandomPlayer,
    RuleOfThumbPlayer,
    deal_value,
)
from bezique.players.reading import (
    beaters_mask,
    side_margin,
    trick_place,
    winning_face,
)
from bezique.players.rollout import FastPolicy

LARGER = ["three-hand", "four-hand", "partnership"]
PARTNERSHIP = bz.variants.PARTNERSHIP


def play(card: str) -> Play:
    return Play(CardRef(Card.parse(card)))


def play_deal(rules: bz.Rules, seats: list[Player], seed: int) -> DealState:
    """A deal played out, each seat handed its view; every action checked legal."""
    state = bz.new_deal(rules, seed=seed, dealer=seed % rules.players)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = seats[seat].choose(view)
        assert action in view.legal_actions()
        assert not state.why_illegal(action)
        state = state.apply(action)
    assert state.result is not None
    return state


@pytest.mark.parametrize("name", LARGER)
def test_the_random_and_rule_of_thumb_players_play_whole_deals(name: str) -> None:
    rules = bz.rules.variants.get(name)
    for seed in range(3):
        seats: list[Player] = [
            RuleOfThumbPlayer() if (s + seed) % 2 else RandomPlayer(seed)
            for s in range(rules.players)
        ]
        play_deal(rules, seats, seed)


@pytest.mark.parametrize("name", ["three-hand", "partnership", "four-hand"])
def test_the_search_plays_whole_deals(name: str) -> None:
    """The search in one seat (kept small), the rules of thumb in the others."""
    rules = bz.rules.variants.get(name)
    seats: list[Player] = [RuleOfThumbPlayer() for _ in range(rules.players)]
    seats[1] = MonteCarloPlayer(iterations=2, seed=1)
    play_deal(rules, seats, 1)


DUELS = [
    bz.variants.FOUR_HAND.evolve(end_phase="duels"),
    PARTNERSHIP.evolve(end_phase="duels"),
]


@pytest.mark.parametrize("rules", DUELS, ids=["four-hand", "partnership"])
def test_every_player_plays_the_end_phase_in_duels(rules: bz.Rules) -> None:
    """EB9, EB11: the last tricks in two duels; the players read who plays to each
    trick from the law (two seats), the search in one seat."""
    seats: list[Player] = [RuleOfThumbPlayer(), RandomPlayer(3), RuleOfThumbPlayer()]
    seats.append(MonteCarloPlayer(iterations=2, seed=3))
    state = play_deal(rules, seats, 3)
    assert len(state.tricks) == rules.total_tricks
    policy = FastPolicy()
    state = bz.new_deal(rules, seed=4)
    while not state.is_over:
        action = policy.choose(state)
        assert action in state.legal_actions()
        state = state.apply(action)


def test_in_a_duel_the_other_seat_of_the_duel_is_the_one_after() -> None:
    rules = DUELS[1]
    state = bz.new_deal(rules, seed=5)
    policy = FastPolicy()
    while len(state.tricks) < rules.stock_tricks or len(state.trick) != 1:
        state = state.apply(policy.choose(state))
    seat = state.current_player
    assert seat is not None
    faces = [c % 32 for c in state.trick]
    place = trick_place(rules, seat, state.leader, faces, state.trump, False, state.tricks)
    # Two cards to a trick: the follower is last, and the leader is its opponent.
    assert (place.ally_best, place.foes_after, place.allies_after) == (False, (), ())
    assert rules.side_of(state.leader) != rules.side_of(seat)


@pytest.mark.parametrize("name", LARGER)
def test_the_fast_policy_only_plays_legal_actions(name: str) -> None:
    rules = bz.rules.variants.get(name)
    policy = FastPolicy()
    for seed in range(3):
        state = bz.new_deal(rules, seed=seed)
        while not state.is_over:
            action = policy.choose(state)
            assert action in state.legal_actions()
            state = state.apply(action)


def test_a_partnership_deal_is_worth_the_sides_margin() -> None:
    state = bz.new_deal(PARTNERSHIP, seed=3)
    player = RuleOfThumbPlayer()
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = state.apply(player.choose(state.view(seat)))
    result = state.result
    assert result is not None
    ours, theirs = result.side_scores
    assert deal_value(state, 0) == deal_value(state, 2) == ours - theirs
    assert deal_value(state, 1) == deal_value(state, 3) == theirs - ours


@pytest.mark.parametrize(
    ("rules", "scores", "seat", "margin"),
    [
        (PARTNERSHIP, (100, 300, 250, 10), 0, 40),
        (PARTNERSHIP, (100, 300, 250, 10), 3, -40),
        (bz.variants.FOUR_HAND, (100, 300, 250, 10), 2, -50),
        (bz.variants.THREE_HAND, (100, 300, 250), 1, 50),
    ],
)
def test_margins_count_a_side_against_the_best_other_side(
    rules: bz.Rules, scores: tuple[int, ...], seat: int, margin: int
) -> None:
    assert side_margin(rules, scores, seat) == margin
    with pytest.raises(bz.BeziqueError):
        side_margin(rules, scores, len(scores))


def test_the_place_in_a_trick_names_the_partner_and_the_opponents_after() -> None:
    # Seat 1 led; seat 2 is to play: seat 3 (its opponent) and seat 0 (its partner)
    # follow. Seat 1's ace of clubs is winning: not a partner's card.
    place = trick_place(PARTNERSHIP, 2, 1, [Card.parse("AC").index], None, False)
    assert (place.ally_best, place.foes_after, place.allies_after) == (False, (3,), (0,))
    # Seat 3, last, after its partner seat 1 took the lead with the ace.
    trick = [Card.parse(c).index for c in ("7C", "AC", "8C")]
    place = trick_place(PARTNERSHIP, 3, 0, trick, None, False)
    assert (place.ally_best, place.foes_after, place.allies_after) == (True, (), ())
    alone = trick_place(bz.variants.FOUR_HAND, 3, 0, trick, None, False)
    assert (alone.ally_best, alone.foes_after) == (False, ())
    # An ace of clubs is taken by any trump, and by nothing else when no trump is
    # played off-suit.
    beaters = beaters_mask(Card.parse("AC").index, bz.Suit.HEARTS, False)
    assert beaters == sum(1 << Card(bz.Suit.HEARTS, r).index for r in bz.Rank)


def stock_trick(lead: str, second: str, third: str) -> DealState:
    """A partnership deal with hearts trumps, seat 3 last to play to the first trick,
    holding the nine of hearts, the ten and eight of diamonds and inert cards."""
    hands = [lead, second, third, "9H TD 8D"]
    deck = deal_deck(PARTNERSHIP, hands=hands, turn_up="8H", dealer=3)
    state = bz.new_deal(PARTNERSHIP, deck=deck, dealer=3)
    for card in (lead, second, third):
        state = state.apply(play(card))
    assert state.current_player == 3
    return state


def test_rule_of_thumb_leaves_its_partners_trick_alone_and_gives_it_a_ten() -> None:
    """Seat 1, seat 3's partner, holds the trick with the ace of clubs: seat 3 does not
    trump it, though nothing binds it in the stock phase, and gives the side's trick
    its ten. Had an opponent played the ace, a small trump takes it (S000 hint 8)."""
    partners = stock_trick("7C", "AC", "8C")
    assert play("9H") in partners.legal_actions()
    assert RuleOfThumbPlayer().choose(partners.view(3)) == play("TD")
    assert FastPolicy().choose(partners) == play("TD")
    opponents = stock_trick("7C", "8C", "AC")
    assert RuleOfThumbPlayer().choose(opponents.view(3)) == play("9H")
    assert FastPolicy().choose(opponents) == play("9H")


def end_phase_positions(seed: int) -> list[DealState]:
    """The end-phase positions of a random partnership deal in which the seat to play
    is last to the trick and its partner holds it so far."""
    rng = random.Random(seed)
    state = bz.new_deal(PARTNERSHIP, seed=seed)
    found: list[DealState] = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if state.phase is Phase.END and len(state.trick) == 3:
            faces = [c % 32 for c in state.trick]
            best = winning_face(faces, state.trump, False)
            if (state.leader + faces.index(best)) % 4 == (seat + 2) % 4:
                found.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    return found


def test_rule_of_thumb_gives_its_aces_and_tens_to_its_partners_last_trick() -> None:
    """In the last tricks, last to play to a trick its partner holds and bound to play
    a card that does not take it (it cannot, or the partner's card is beaten only by
    cards it does not hold), it plays an ace or ten if it may: the trick is the side's."""
    checked = 0
    for seed in range(12):
        for state in end_phase_positions(seed):
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            plays = [a for a in view.legal_actions() if isinstance(a, Play)]
            best = winning_face([c % 32 for c in state.trick], state.trump, False)
            beaters = beaters_mask(best, state.trump, False)
            if any(beaters >> a.card.card.index & 1 for a in plays):
                continue  # bound to beat the partner's card (BIC)
            brisques = [a for a in plays if a.card.card.rank.is_brisque]
            if not brisques or len(brisques) == len(plays):
                continue
            choice = RuleOfThumbPlayer().choose(view)
            assert choice in brisques
            assert FastPolicy().choose(state) in brisques
            checked += 1
    assert checked > 0


def test_rule_of_thumb_does_not_overtrump_its_partner_when_it_need_not() -> None:
    """Wherever a seat may play a card that does not take its partner's trick, last to
    it in the stock phase, it does not take it with a trump, but for the seven of
    trumps, which scores as it is played (S000 law 8)."""
    checked = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = bz.new_deal(PARTNERSHIP, seed=seed)
        while not state.is_over and state.phase is Phase.STOCK:
            seat = state.current_player
            assert seat is not None
            if len(state.trick) == 3:
                trump = state.trump
                faces = [c % 32 for c in state.trick]
                best = winning_face(faces, trump, False)
                partner = (state.leader + faces.index(best)) % 4 == (seat + 2) % 4
                plays = [a for a in state.legal_actions() if isinstance(a, Play)]
                beaters = beaters_mask(best, trump, False)
                spare = any(not beaters >> a.card.card.index & 1 for a in plays)
                if partner and spare:
                    choice = RuleOfThumbPlayer().choose(state.view(seat))
                    assert isinstance(choice, Play)
                    card = choice.card.card
                    overtrumps = card.suit is trump and beaters >> card.index & 1
                    assert not overtrumps or card.rank is bz.Rank.SEVEN
                    checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 10


def test_with_nothing_to_declare_rule_of_thumb_passes_the_right_to_its_partner() -> None:
    """BIC: the trick's winner declares or passes the right to declare to his partner."""
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = bz.new_deal(PARTNERSHIP, seed=seed)
        while not state.is_over and state.phase is Phase.STOCK:
            if set(state.legal_actions()) == {bz.PassToPartner(), bz.Draw()}:
                seat = state.current_player
                assert seat is not None
                assert RuleOfThumbPlayer().choose(state.view(seat)) == bz.PassToPartner()
                checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 0
