"""The invariants of a deal state, area by area (``bezique.checks.invariants``).

Each area has a test that a state reached by legal play passes it, and tests
that a state broken in that area (with ``attrs.evolve``) fails it with the
message the "JSON format" page promises, both through the area's own function
and through ``check_state``, which runs the areas in order.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator

import attrs
import pytest

import bezique as bz
from bezique import DealState, Draw, InvalidStateError, Pass, Phase, Rules, Window
from bezique.cards import Rank, card_id_name, face_of
from bezique.checks.invariants import (
    check_cards,
    check_carte_blanche,
    check_hand_sizes,
    check_histories,
    check_melds,
    check_revealed,
    check_scores,
    check_shape,
    check_state,
    check_stock,
    check_tricks,
    check_trumps,
    check_window,
    check_window_actions,
)
from bezique.laws.declaring import several_declarations
from bezique.laws.tricks import trick_terms, winning_index
from bezique.laws.zones import bits, deck_tables
from bezique.rules.melds import MeldKind

CLASSIC = bz.variants.CLASSIC
RUBICON = bz.rules.variants.get("rubicon")

AREAS: tuple[Callable[[DealState], None], ...] = (
    check_shape,
    check_cards,
    check_window,
    check_stock,
    check_trumps,
    check_tricks,
    check_hand_sizes,
    check_melds,
    check_window_actions,
    check_histories,
    check_revealed,
    check_carte_blanche,
    check_scores,
)


# -- states reached by play --------------------------------------------------------------


def playout(rules: Rules, seed: int) -> Iterator[DealState]:
    """Every state of a random legal deal; in the winner's turn the winner mostly
    exchanges or declares rather than draws."""
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed, dealer=seed % rules.players)
    yield state
    while not state.is_over:
        actions = state.legal_actions()
        others = [a for a in actions if not isinstance(a, (Draw, Pass))]
        eager = state.window is not None and others and rng.random() < 0.8
        state = state.apply(rng.choice(others if eager else actions))
        yield state


@functools.cache
def reached(rules: Rules, name: str) -> DealState:
    """The first state of the playouts of seeds 0, 1, ... that fits ``WANTED[name]``."""
    want = WANTED[name]
    for seed in range(200):
        for state in playout(rules, seed):
            if want(state):
                return state
    raise AssertionError(f"no {name} state in 200 deals of {rules.name}")


WANTED: dict[str, Callable[[DealState], bool]] = {
    "window": lambda s: s.window is not None and not s.window.declarations and len(s.tricks) > 2,
    "declared": lambda s: (
        s.window is not None
        and s.window.exchanged is None
        and s.window.scored
        and s.phase is Phase.STOCK
        and [m.trick for m in s.melds].count(len(s.tricks)) == 1
    ),
    "table-mid-trick": lambda s: (
        s.phase is Phase.STOCK and len(s.trick) == 1 and any(s.table_masks) and s.window is None
    ),
    "exchanged": lambda s: s.window is not None and s.window.exchanged is not None,
    "end": lambda s: s.phase is Phase.END and s.window is None and not s.trick,
    "trumps-fixed": lambda s: (
        s.trump is not None and s.window is None and not s.trick and len(s.tricks) > 1
    ),
}


def dealt(rules: Rules = CLASSIC) -> DealState:
    return bz.new_deal(rules, seed=7)


def after_draw(rules: Rules = CLASSIC) -> DealState:
    """The first trick played and drawn for."""
    state = dealt(rules)
    while state.offers:
        state = state.apply("pass")
    while state.window is None:
        state = state.apply(state.legal_actions()[0])
    return state.apply("draw")


def fails(area: Callable[[DealState], None], state: DealState, message: str) -> None:
    """``state`` fails ``area`` and ``check_state`` with ``message`` (a regex)."""
    with pytest.raises(InvalidStateError, match=message):
        area(state)
    with pytest.raises(InvalidStateError, match=message):
        check_state(state)


def card_of(mask: int) -> int:
    return bits(mask)[0]


# -- every area passes on states the engine reaches --------------------------------------


@pytest.mark.parametrize("rules", [CLASSIC, RUBICON], ids=lambda r: r.name)
def test_every_state_of_a_deal_passes_every_area(rules: Rules) -> None:
    count = 0
    for state in playout(rules, 3):
        for area in AREAS:
            area(state)
        check_state(state)
        count += 1
    assert count > rules.total_tricks * rules.players


@pytest.mark.parametrize("name", sorted(WANTED))
def test_reached_states_pass(name: str) -> None:
    state = reached(CLASSIC, name)
    assert WANTED[name](state)
    check_state(state)


# -- seats and shape ---------------------------------------------------------------------


def test_shape_seats_in_range() -> None:
    state = dealt()
    check_shape(state)
    fails(check_shape, attrs.evolve(state, dealer=2), r"^dealer: no seat 2; seats are 0\.\.1$")
    fails(check_shape, attrs.evolve(state, leader=-1), r"^trick\.leader: no seat -1")


def test_shape_one_entry_per_seat_and_per_card() -> None:
    state = dealt()
    fails(check_shape, attrs.evolve(state, scores=(0, 0, 0)), r"^scores: 3 entries for 2 players")
    fails(check_shape, attrs.evolve(state, won_masks=(0,)), r"^won: 1 entries for 2 players")
    fails(
        check_shape,
        attrs.evolve(state, history=state.history[1:]),
        r"^history: 63 entries for a deck of 64 cards",
    )
    # Classic keeps no broken marks; Rubicon keeps one per card.
    fails(check_shape, attrs.evolve(state, broken=(0,) * 64), r"^broken: 64 entries")
    fails(check_shape, attrs.evolve(dealt(RUBICON), broken=()), r"^broken: 0 entries")
    fails(
        check_shape,
        attrs.evolve(dealt(RUBICON), offers=(1, 4)),
        r"^offers\[1\]: no seat 4; seats are 0\.\.1",
    )


# -- card conservation -------------------------------------------------------------------


def test_cards_each_card_once() -> None:
    state = dealt()
    check_cards(state)
    top = state.stock[0]
    fails(
        check_cards,
        attrs.evolve(state, stock=state.stock[1:]),
        rf"^card conservation: 1 card\(s\) are nowhere: {card_id_name(top)}$",
    )
    fails(
        check_cards,
        attrs.evolve(state, stock=(top, *state.stock)),
        r"^card conservation: a card appears twice in the stock$",
    )
    held = card_of(state.hand_masks[1])
    hands = (state.hand_masks[0] | 1 << held, state.hand_masks[1])
    fails(
        check_cards,
        attrs.evolve(state, hand_masks=hands),
        rf"^card conservation: {card_id_name(held)} in seats\[1\]\.hand also appear elsewhere",
    )


# -- the trick winner's turn -------------------------------------------------------------


def test_window_only_for_the_last_winner() -> None:
    state = reached(CLASSIC, "window")
    assert state.window is not None
    check_window(state)
    winner = state.tricks[-1].winner
    other = (winner + 1) % 2
    fails(
        check_window,
        attrs.evolve(state, window=Window(other)),
        rf"^window\.seat: seat {other}, but seat {winner} won the last trick$",
    )
    fails(
        check_window,
        attrs.evolve(dealt(), window=Window(0)),
        r"^window: the trick winner's turn comes after a trick, and none is completed$",
    )
    fails(
        check_window,
        attrs.evolve(state, window=Window(winner, declarations=-1)),
        r"^window\.declarations: -1 is negative$",
    )


def test_window_not_in_the_end_phase_of_classic() -> None:
    state = reached(CLASSIC, "end")
    check_window(state)
    fails(
        check_window,
        attrs.evolve(state, window=Window(state.tricks[-1].winner)),
        r"^window: no trick winner's turn in the end phase unless melding continues$",
    )


# -- phase and stock ---------------------------------------------------------------------


def test_stock_matches_the_draws() -> None:
    state = after_draw()
    check_stock(state)
    # Two cards move from the stock to a won pile: conserved, but not drawn for.
    a, b = state.stock[:2]
    won = (state.won_masks[0] | 1 << a | 1 << b, state.won_masks[1])
    fails(
        check_stock,
        attrs.evolve(state, stock=state.stock[2:], won_masks=won),
        r"^stock: 44 cards left to draw \(turn-up included\), but after 1 completed tricks "
        r"and 1 draws 46 remain$",
    )


def test_phase_follows_the_tricks() -> None:
    state = dealt()
    fails(
        check_stock,
        attrs.evolve(state, phase=Phase.OVER),
        r"^phase: 'over' with 0 of 32 tricks completed",
    )
    fails(
        check_stock,
        attrs.evolve(state, phase=Phase.END),
        r"^phase: 'end' after only 0 tricks; the stock lasts 24 tricks$",
    )


# -- trumps ------------------------------------------------------------------------------


def test_trumps_follow_the_turn_up() -> None:
    state = dealt()
    check_trumps(state)
    assert state.turn_up is not None
    assert state.trump is not None
    fails(
        check_trumps,
        attrs.evolve(state, trump=None),
        r"^trump: the trump suit is fixed by the turn-up in these rules, but it is null$",
    )
    other = next(s for s in bz.Suit if s is not state.trump)
    fails(
        check_trumps,
        attrs.evolve(state, trump=other),
        rf"^trump: {other.letter} but the turn-up is {card_id_name(state.turn_up)}$",
    )


def test_trumps_fixed_by_the_first_marriage_without_a_turn_up() -> None:
    state = dealt(RUBICON)
    check_trumps(state)
    fails(
        check_trumps,
        attrs.evolve(state, trump=bz.Suit.SPADES),
        r"^trump: S, but no declaration has fixed trumps yet$",
    )
    fixed = reached(RUBICON, "trumps-fixed")
    check_trumps(fixed)
    assert fixed.trump is not None
    other = next(s for s in bz.Suit if s is not fixed.trump)
    fails(
        check_trumps,
        attrs.evolve(fixed, trump=other),
        rf"^trump: {other.letter}, but melds\[\d+\] fixed trumps to {fixed.trump.letter}$",
    )


# -- tricks ------------------------------------------------------------------------------


def test_tricks_are_won_by_the_card_that_takes_them() -> None:
    state = after_draw()
    check_tricks(state)
    trick = state.tricks[0]
    terms = trick_terms(state.rules, state.trump, True)
    assert trick.winner == (trick.leader + winning_index(trick.cards, *terms)) % 2
    loser = (trick.winner + 1) % 2
    wrong = attrs.evolve(trick, winner=loser)
    fails(
        check_tricks,
        attrs.evolve(state, tricks=(wrong,)),
        rf"^tricks\[0\]\.winner: seat {loser}, but \w+ of seat {trick.winner} wins the trick$",
    )


def test_tricks_leaders_and_won_piles() -> None:
    state = after_draw()
    winner = state.tricks[0].winner
    loser = (winner + 1) % 2
    fails(
        check_tricks,
        attrs.evolve(state, leader=loser),
        rf"^trick\.leader: seat {loser}, but seat {winner} leads \(the winner of the last trick\)$",
    )
    swapped = (state.won_masks[1], state.won_masks[0])
    fails(
        check_tricks,
        attrs.evolve(state, won_masks=swapped),
        r"^seats\[0\]\.won: the won pile must hold exactly the cards of the tricks seat 0 won",
    )
    first = attrs.evolve(state.tricks[0], leader=state.dealer)
    fails(
        check_tricks,
        attrs.evolve(state, tricks=(first,)),
        rf"^tricks\[0\]\.leader: seat {state.dealer}, but seat {(state.dealer + 1) % 2} leads "
        r"the first trick \(the seat after the dealer\)$",
    )


# -- hand sizes --------------------------------------------------------------------------


def test_hand_sizes() -> None:
    state = dealt()
    check_hand_sizes(state)
    moved = card_of(state.hand_masks[0])
    hands = (state.hand_masks[0] & ~(1 << moved), state.hand_masks[1] | 1 << moved)
    fails(
        check_hand_sizes,
        attrs.evolve(state, hand_masks=hands),
        r"^seats\[0\]: holds 7 cards \(hand and table\), expected 8: in the stock phase each "
        r"seat holds the hand size, 8,$",
    )


# -- declarations ------------------------------------------------------------------------


def test_melds_value_and_seat() -> None:
    state = reached(CLASSIC, "declared")
    check_melds(state)
    meld = state.melds[-1]
    i = len(state.melds) - 1
    value = CLASSIC.meld_value(meld.kind)
    fails(
        check_melds,
        attrs.evolve(state, melds=(*state.melds[:-1], attrs.evolve(meld, points=1))),
        rf"^melds\[{i}\]\.points: 1, but a {meld.kind.value} is worth {value}$",
    )
    other = (meld.seat + 1) % 2
    fails(
        check_melds,
        attrs.evolve(state, melds=(*state.melds[:-1], attrs.evolve(meld, seat=other))),
        rf"^melds\[{i}\]\.seat: seat {other}, but seat {meld.seat} won trick {meld.trick}",
    )
    fails(
        check_melds,
        attrs.evolve(state, melds=(*state.melds[:-1], attrs.evolve(meld, scored=False))),
        rf"^melds\[{i}\]\.scored: false, but these rules leave no meld waiting to be scored$",
    )


def test_melds_cards_form_the_kind() -> None:
    state = reached(CLASSIC, "declared")
    meld = state.melds[-1]
    i = len(state.melds) - 1
    kind = MeldKind.FOUR_ACES if meld.kind is not MeldKind.FOUR_ACES else MeldKind.FOUR_KINGS
    wrong = attrs.evolve(meld, kind=kind, points=CLASSIC.meld_value(kind) or 0)
    fails(
        check_melds,
        attrs.evolve(state, melds=(*state.melds[:-1], wrong)),
        rf"^melds\[{i}\]\.cards: .* do not form a {kind.value} with trumps "
        rf"{state.trump.letter if state.trump else 'none'}$",
    )


def test_melds_one_declaration_a_trick_unless_the_rules_allow_several() -> None:
    state = reached(CLASSIC, "declared")
    meld = state.melds[-1]
    twice = attrs.evolve(state, melds=(*state.melds, meld))
    i = len(state.melds)
    fails(
        check_melds,
        twice,
        rf"^melds\[{i}\]: a second declaration after trick {meld.trick}; the rules allow one$",
    )
    # The law the check calls (and the engine's rule of the winner's turn).
    assert not several_declarations(CLASSIC, meld.trick)
    several = CLASSIC.evolve(limit="several")
    assert several_declarations(several, meld.trick)
    check_melds(attrs.evolve(twice, rules=several))
    last_stock = CLASSIC.evolve(declare_all_after_last_stock_trick=True)
    assert several_declarations(last_stock, last_stock.stock_tricks)
    assert not several_declarations(last_stock, last_stock.stock_tricks - 1)


# -- what the winner's turn has done -----------------------------------------------------


def test_window_actions_count_and_score() -> None:
    state = reached(CLASSIC, "declared")
    window = state.window
    assert window is not None
    check_window_actions(state)
    fails(
        check_window_actions,
        attrs.evolve(state, window=attrs.evolve(window, declarations=2)),
        rf"^window\.declarations: 2, but 1 meld\(s\) were declared after trick "
        rf"{len(state.tricks)}$",
    )
    fails(
        check_window_actions,
        attrs.evolve(state, window=attrs.evolve(window, scored=False)),
        r"^window\.scored: false, but something scored in this turn$",
    )


def test_window_actions_the_exchange() -> None:
    state = reached(CLASSIC, "exchanged")
    window = state.window
    assert window is not None
    assert window.exchanged is not None
    check_window_actions(state)
    up = state.turn_up
    assert up is not None
    assert face_of(up).rank is Rank.SEVEN
    # The turn-up and the card taken change places back: the turn-up is no seven.
    hands = list(state.hand_masks)
    hands[window.seat] = hands[window.seat] & ~(1 << window.exchanged) | 1 << up
    undone = attrs.evolve(state, turn_up=window.exchanged, hand_masks=tuple(hands))
    with pytest.raises(InvalidStateError, match=r"^window\.exchanged: .* must be in the hand"):
        check_window_actions(undone)


# -- histories ---------------------------------------------------------------------------


def test_histories_are_the_kinds_of_the_melds() -> None:
    state = reached(CLASSIC, "table-mid-trick")
    check_histories(state)
    card = card_of(state.table_masks[0] | state.table_masks[1])
    history = list(state.history)
    history[card] |= MeldKind.DOUBLE_BEZIQUE.bit
    fails(
        check_histories,
        attrs.evolve(state, history=tuple(history)),
        rf"^{card_id_name(card)}: declared in \[.*double-bezique.*\], but the melds containing "
        r"it are \[",
    )


def test_histories_only_on_declared_cards() -> None:
    state = dealt()
    held = card_of(state.hand_masks[0])
    history = list(state.history)
    history[held] = MeldKind.BEZIQUE.bit
    fails(
        check_histories,
        attrs.evolve(state, history=tuple(history)),
        rf"^{card_id_name(held)}: declared in \[bezique\], but only cards on a table keep them "
        r"in the stock phase$",
    )
    end = reached(CLASSIC, "end")
    laid = card_of(end.hand_masks[0])
    fails(
        check_histories,
        attrs.evolve(
            end,
            hand_masks=(end.hand_masks[0] & ~(1 << laid), end.hand_masks[1]),
            table_masks=(1 << laid, 0),
        ),
        r"^table: cards lie on the table only in the stock phase \(S000 law 9\)$",
    )


def test_histories_broken_marks_on_declared_kinds() -> None:
    state = dealt(RUBICON)
    held = card_of(state.hand_masks[0])
    broken = list(state.broken)
    broken[held] = MeldKind.BEZIQUE.bit
    fails(
        check_histories,
        attrs.evolve(state, broken=tuple(broken)),
        rf"^{card_id_name(held)}: broken melds of kinds it was not declared in \(bezique\)$",
    )


# -- what the other seats have seen ------------------------------------------------------


def test_revealed_cards_are_held() -> None:
    state = dealt()
    check_revealed(state)
    gone = state.stock[0]
    fails(
        check_revealed,
        attrs.evolve(state, revealed_masks=(1 << gone, 0)),
        rf"^seats\[0\]\.revealed: {card_id_name(gone)} not held by the seat; a seen card stays "
        r"known only until it is played$",
    )
    exchanged = reached(CLASSIC, "exchanged")
    window = exchanged.window
    assert window is not None
    assert window.exchanged is not None
    revealed = list(exchanged.revealed_masks)
    revealed[window.seat] &= ~(1 << window.exchanged)
    fails(
        check_revealed,
        attrs.evolve(exchanged, revealed_masks=tuple(revealed)),
        rf"^window\.exchanged: {card_id_name(window.exchanged)} came face up from the turn-up",
    )


# -- carte blanche -----------------------------------------------------------------------


def test_carte_blanche_offers_in_turn() -> None:
    state = dealt(RUBICON)
    assert state.offers == (1, 0)
    check_carte_blanche(state)
    fails(
        check_carte_blanche,
        attrs.evolve(state, offers=(0, 1)),
        r"^offers: the seats decide in turn from seat 1, who leads next$",
    )
    fails(
        check_carte_blanche,
        attrs.evolve(state, offers=(1, 1)),
        r"^offers: a seat is offered a carte blanche twice$",
    )


def test_carte_blanche_ends_with_a_court_card() -> None:
    state = dealt(RUBICON)
    courts = deck_tables(RUBICON.deck.packs).courts
    seat = next(s for s in range(2) if state.hand_masks[s] & courts)
    lasting = tuple(s == seat for s in range(2))
    fails(
        check_carte_blanche,
        attrs.evolve(state, offers=(), carte_blanche=lasting),
        rf"^seats\[{seat}\]: holds a king, queen or jack, so its carte blanche has ended$",
    )
    # On offer, a seat may hold one: it can only pass.
    check_carte_blanche(attrs.evolve(state, carte_blanche=lasting))


# -- scores ------------------------------------------------------------------------------


def test_scores() -> None:
    state = reached(CLASSIC, "declared")
    check_scores(state)
    meld = state.melds[-1]
    low = list(state.scores)
    melded = sum(m.points for m in state.melds if m.seat == meld.seat and m.scored)
    low[meld.seat] = melded - 10
    fails(
        check_scores,
        attrs.evolve(state, scores=tuple(low)),
        rf"^scores\[{meld.seat}\]: {melded - 10}, less than the {melded} its scored melds are "
        r"worth$",
    )
    fails(check_scores, attrs.evolve(dealt(), scores=(0, -10)), r"^scores\[1\]: -10 is negative$")


# -- the order of the areas --------------------------------------------------------------


def test_check_state_reports_the_first_area_that_fails() -> None:
    state = dealt()
    # Broken in two areas: conservation (a card nowhere) comes before scores.
    broken = attrs.evolve(state, stock=state.stock[1:], scores=(0, -1))
    with pytest.raises(InvalidStateError, match=r"^card conservation"):
        check_state(broken)
    check_scores(attrs.evolve(broken, scores=(0, 0)))


# -- three and four seats ----------------------------------------------------------------

MANY_SEATS = [bz.variants.THREE_HAND, bz.variants.FOUR_HAND, bz.variants.PARTNERSHIP]


def _by_name(rules: Rules) -> str:
    return rules.name


def _mid_trick(rules: Rules, played: int) -> DealState:
    """A stock-phase state after the first trick and its draws, ``played`` cards into
    the second trick."""
    state = after_draw(rules)
    while state.window is not None or state.offers:
        state = state.apply(state.legal_actions()[-1])
    for _ in range(played):
        state = state.apply(state.legal_actions()[0])
    assert len(state.trick) == played
    return state


@pytest.mark.parametrize("rules", MANY_SEATS, ids=_by_name)
def test_every_state_of_a_deal_at_more_seats_passes_every_area(rules: Rules) -> None:
    n = rules.players
    count = 0
    for state in playout(rules, 3):
        for area in AREAS:
            area(state)
        check_state(state)
        # Exactly one seat may act while the deal goes on, and its view says so.
        movers = [s for s in range(n) if state.view(s).legal_actions()]
        assert movers == ([] if state.is_over else [state.current_player])
        count += 1
    assert count > rules.total_tricks * n


@pytest.mark.parametrize("rules", MANY_SEATS, ids=_by_name)
def test_more_seats_shape(rules: Rules) -> None:
    n = rules.players
    state = dealt(rules)
    check_shape(state)
    fails(
        check_shape,
        attrs.evolve(state, dealer=n),
        rf"^dealer: no seat {n}; seats are 0\.\.{n - 1}$",
    )
    fails(
        check_shape,
        attrs.evolve(state, scores=state.scores[:-1]),
        rf"^scores: {n - 1} entries for {n} players$",
    )
    fails(
        check_shape,
        attrs.evolve(state, hand_masks=state.hand_masks[:2]),
        rf"^hands: 2 entries for {n} players$",
    )


@pytest.mark.parametrize("rules", MANY_SEATS, ids=_by_name)
def test_more_seats_each_card_once(rules: Rules) -> None:
    n = rules.players
    state = dealt(rules)
    last = card_of(state.hand_masks[n - 1])
    hands = list(state.hand_masks)
    hands[1] |= 1 << last
    fails(
        check_cards,
        attrs.evolve(state, hand_masks=tuple(hands)),
        rf"^card conservation: {card_id_name(last)} in seats\[{n - 1}\]\.hand also appear "
        "elsewhere",
    )


@pytest.mark.parametrize("rules", MANY_SEATS, ids=_by_name)
@pytest.mark.parametrize("played", [0, 2])
def test_more_seats_every_seat_holds_as_many_cards(rules: Rules, played: int) -> None:
    # Between stock tricks every seat holds the hand size; during a trick, one card
    # less for each seat that has played to it (in turn from the leader).
    n = rules.players
    state = _mid_trick(rules, played)
    check_hand_sizes(state)
    done = [(state.leader + i) % n for i in range(played)]
    waiting = [s for s in range(n) if s not in done]
    assert [len(state.held(s)) for s in done] == [7] * played
    assert [len(state.held(s)) for s in waiting] == [8] * (n - played)
    # A card moves between two seats that should hold as many: both counts are wrong.
    alike, size = (waiting, 8) if len(waiting) >= 2 else (done, 7)
    giver, taker = alike[-1], alike[0]
    moved = card_of(state.hand_masks[giver])
    hands = list(state.hand_masks)
    hands[giver] &= ~(1 << moved)
    hands[taker] |= 1 << moved
    first = min(giver, taker)
    fails(
        check_hand_sizes,
        attrs.evolve(state, hand_masks=tuple(hands)),
        rf"^seats\[{first}\]: holds {size + 1 if first == taker else size - 1} cards "
        rf"\(hand and table\), expected {size}",
    )
    if played:
        # A seat that has played holds one card fewer than one that has not.
        hands = list(state.hand_masks)
        hands[waiting[0]] &= ~(1 << card_of(hands[waiting[0]]))
        hands[done[0]] |= 1 << card_of(state.hand_masks[waiting[0]])
        first = min(waiting[0], done[0])
        held, want = (8, 7) if first == done[0] else (7, 8)
        fails(
            check_hand_sizes,
            attrs.evolve(state, hand_masks=tuple(hands)),
            rf"^seats\[{first}\]: holds {held} cards \(hand and table\), expected {want}",
        )


@pytest.mark.parametrize("rules", MANY_SEATS, ids=_by_name)
def test_more_seats_leaders_and_winners(rules: Rules) -> None:
    n = rules.players
    state = dealt(rules)
    eldest = (state.dealer + 1) % n
    assert state.leader == eldest
    wrong = (state.dealer + 2) % n
    fails(
        check_tricks,
        attrs.evolve(state, leader=wrong),
        rf"^trick\.leader: seat {wrong}, but seat {eldest} leads the first trick$",
    )
    played = after_draw(rules)
    check_tricks(played)
    first = played.tricks[0]
    fails(
        check_tricks,
        attrs.evolve(played, tricks=(attrs.evolve(first, leader=wrong),)),
        rf"^tricks\[0\]\.leader: seat {wrong}, but seat {eldest} leads the first trick",
    )
    # Any other seat than the one whose card takes the trick is refused.
    for other in range(n):
        if other == first.winner:
            continue
        fails(
            check_tricks,
            attrs.evolve(played, tricks=(attrs.evolve(first, winner=other),)),
            rf"^tricks\[0\]\.winner: seat {other}, but \w+ of seat {first.winner} wins",
        )
    fails(
        check_tricks,
        attrs.evolve(played, tricks=(attrs.evolve(first, cards=first.cards[:-1]),)),
        rf"^tricks\[0\]: {n - 1} cards; a trick has {n}$",
    )
    full = _mid_trick(rules, n - 1)
    last = full.current_player
    assert last is not None
    extra = card_of(full.hand_masks[last])
    hands = list(full.hand_masks)
    hands[last] &= ~(1 << extra)
    fails(
        check_tricks,
        attrs.evolve(full, trick=(*full.trick, extra), hand_masks=tuple(hands)),
        rf"^trick\.cards: {n} cards in the current trick; it completes at {n}$",
    )


@pytest.mark.parametrize("rules", MANY_SEATS, ids=_by_name)
def test_more_seats_window_only_for_the_last_winner(rules: Rules) -> None:
    state = _window_of(rules)
    check_window(state)
    assert state.window is not None
    winner = state.window.seat
    for other in range(rules.players):
        if other != winner:
            fails(
                check_window,
                attrs.evolve(state, window=Window(other)),
                rf"^window\.seat: seat {other}, but seat {winner} won the last trick$",
            )


def _window_of(rules: Rules) -> DealState:
    state = dealt(rules)
    while state.offers:
        state = state.apply("pass")
    while state.window is None:
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("rules", MANY_SEATS, ids=_by_name)
def test_more_seats_scores_never_negative(rules: Rules) -> None:
    n = rules.players
    state = dealt(rules)
    scores = (*state.scores[:-1], -10)
    fails(
        check_scores, attrs.evolve(state, scores=scores), rf"^scores\[{n - 1}\]: -10 is negative$"
    )


@pytest.mark.parametrize("packs", [1, 2, 3, 4, 6, 8])
def test_brisques_are_four_aces_and_four_tens_a_pack(packs: int) -> None:
    # S000 law 11: the aces and tens are the brisques; every pack brings 8.
    tables = deck_tables(packs)
    assert tables.brisques.bit_count() == 8 * packs
    assert all(face_of(c).rank in (Rank.ACE, Rank.TEN) for c in bits(tables.brisques))


@pytest.mark.parametrize("rules", MANY_SEATS, ids=_by_name)
def test_every_brisque_is_won_once_at_more_seats(rules: Rules) -> None:
    final = list(playout(rules, 5))[-1]
    result = final.result
    assert result is not None
    assert sum(result.brisques) == 8 * rules.deck.packs
    assert len(result.brisques) == rules.players
    assert result.side_scores == final.side_scores
    assert len(result.side_scores) == rules.side_count
