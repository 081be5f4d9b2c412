"""Seat views, determinization and the view JSON form, over random legal playouts.

Each example plays a whole deal of a preset (every preset of
``bezique.variants.names()``) with a random legal policy, from a drawn seed,
and checks a drawn sample of the states it passes through, for every seat:

* (a) a view shows no card hidden from its seat (other seats' concealed cards
  nobody has seen, and the stock), reaches no ``DealState``, and offers only
  legal actions naming cards the seat holds; its labels do not depend on which
  copy of a face the engine picked (two deals that differ only in cards the
  seat has not seen give it the same view);
* (b) the view of a determinized state is the original view;
* (c) the legal actions of a view are the state's, for the seat to move;
* (d) a determinized state keeps every card of the deck exactly once, passes
  every invariant of a loaded state, and respects the end-phase duties of
  S000 law 9 (checked against an independent reading of the law);
* (e) view JSON round-trips;
* (f) bad input is refused with clear errors.

And the carte blanche: every seat is asked at the deal and, while its carte
blanche lasts, after each draw, so that neither being asked nor passing tells
the other seats anything; determinization assumes only what that proves.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import deal_deck
from strategies import PROPERTY_SETTINGS, check_end_phase_duties
from strategies import rules as any_rules

import bezique as bz
from bezique import (
    Card,
    DealState,
    Declare,
    InvalidStateError,
    NotationError,
    Phase,
    Play,
    Rules,
    SeatError,
    Suit,
)
from bezique.cards import FACES_PER_PACK, card_id_name, face_of
from bezique.checks.determinize import _Constraints, determinize, unseen_cards
from bezique.checks.invariants import check_state
from bezique.io import deck_order, view_from_json, view_to_dict, view_to_json
from bezique.laws.declaring import partner_of
from bezique.laws.zones import bits
from bezique.rules import DeclareFrom, variants
from bezique.state import PerfectInformationView
from bezique.views import (
    GameTotals,
    SeatView,
    TableCard,
    _raw_view,
    canonical_labels,
    canonical_view,
)

PRESETS = tuple(name for name, _ in variants.names())
#: States checked per deal, drawn among all the states the deal passes through.
SAMPLE = 12


def _playout(rules: Rules, seed: int, dealer: int, rng: random.Random) -> list[DealState]:
    state = bz.new_deal(rules, seed=seed, dealer=dealer)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@st.composite
def sampled_states(
    draw: st.DrawFn, rules: st.SearchStrategy[Rules] | None = None
) -> list[DealState]:
    """A sample of the states of one random deal: always one in the end phase when
    the deal has one, the others drawn at random."""
    chosen = draw(st.sampled_from(PRESETS).map(variants.get) if rules is None else rules)
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.integers(0, chosen.players - 1))
    rng = draw(st.randoms(use_true_random=False))
    states = _playout(chosen, seed, dealer, rng)
    picked = rng.sample(states, min(SAMPLE, len(states)))
    end = [s for s in states if s.phase is Phase.END]
    if end:
        picked.append(rng.choice(end))
    return picked


# -- helpers ---------------------------------------------------------------------------


def _ids(view: SeatView) -> Iterator[tuple[str, int]]:
    """Every card id in a card-bearing field of a view, with the field's name."""
    for card in view.hand:
        yield "hand", card
    for s, table in enumerate(view.tables):
        for entry in table:
            yield f"tables[{s}]", entry.card
    for s, cards in enumerate(view.known):
        for card in cards:
            yield f"known[{s}]", card
    for s, entries in enumerate(view.hand_kinds):
        for entry in entries:
            yield f"hand_kinds[{s}]", entry.card
    for card in view.trick:
        yield "trick", card
    for i, trick in enumerate(view.tricks):
        for card in trick.cards:
            yield f"tricks[{i}]", card
    for i, meld in enumerate(view.melds):
        for card in meld.cards:
            yield f"melds[{i}]", card
    if view.turn_up is not None:
        yield "turn_up", view.turn_up
    if view.window is not None and view.window.exchanged is not None:
        yield "window.exchanged", view.window.exchanged


def _hidden_from(state: DealState, seat: int) -> int:
    """Card ids ``seat`` has not seen: the stock and the other seats' concealed
    cards that were never shown (in a carte blanche, an exchange, the turn-up, on
    the table, or in a declaration)."""
    hidden = sum(1 << c for c in state.stock)
    for s in range(state.players):
        if s != seat:
            hidden |= state.hand_masks[s] & ~state.revealed_masks[s]
    for meld in state.melds:
        hidden &= ~sum(1 << c for c in meld.cards)
    return hidden


def _reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` through attrs fields and containers."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        cls: Any = type(obj)
        if attrs.has(cls):
            stack.extend(getattr(obj, f.name) for f in attrs.fields(cls))
        elif isinstance(obj, (tuple, list, set, frozenset)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())


def _faces_only(view: SeatView) -> tuple[Any, ...]:
    """The view with every card replaced by its face: what the seat observed,
    whatever the copies."""

    def entry(t: TableCard) -> tuple[int, tuple[Any, ...], tuple[Any, ...]]:
        return (t.card % FACES_PER_PACK, t.history, t.broken)

    def faces(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(c % FACES_PER_PACK for c in cards))

    return (
        attrs.evolve(
            view,
            turn_up=None,
            hand=(),
            tables=(),
            known=(),
            trick=(),
            tricks=(),
            melds=(),
            window=None,
            hand_kinds=(),
        ),
        None if view.turn_up is None else face_of(view.turn_up),
        faces(view.hand),
        tuple(tuple(sorted(map(entry, t))) for t in view.tables),
        tuple(faces(k) for k in view.known),
        tuple(tuple(sorted(map(entry, t))) for t in view.hand_kinds),
        tuple(face_of(c) for c in view.trick),
        tuple((t.leader, tuple(face_of(c) for c in t.cards), t.winner) for t in view.tricks),
        tuple((m.seat, m.kind, faces(m.cards), m.trick, m.points, m.scored) for m in view.melds),
        None if view.window is None else attrs.evolve(view.window, exchanged=None),
        None
        if view.window is None or view.window.exchanged is None
        else face_of(view.window.exchanged),
    )


# -- (a) nothing hidden in a view ------------------------------------------------------


@settings(PROPERTY_SETTINGS, max_examples=45)
@given(sampled_states())
def test_a_view_shows_no_hidden_card(states: list[DealState]) -> None:
    for state in states:
        for seat in range(state.players):
            raw = _raw_view(state, seat)
            hidden = _hidden_from(state, seat)
            for field, card in _ids(raw):
                assert not hidden >> card & 1, f"{field} shows {card_id_name(card)}"
            view = state.view(seat)
            assert view == canonical_view(raw)
            # The labels rename the cards the seat sees, face by face, one to one.
            labels = canonical_labels(raw)
            assert sorted(labels) == sorted({c for _, c in _ids(raw)})
            assert all(
                label % FACES_PER_PACK == card % FACES_PER_PACK for card, label in labels.items()
            )
            assert len(set(labels.values())) == len(labels)
            for obj in _reachable(view):
                assert not isinstance(obj, (DealState, PerfectInformationView))
            held = {face_of(c) for c in state.held(seat)}
            for action in view.legal_actions():
                assert state.is_legal(action)
                if isinstance(action, Play):
                    assert action.card.card in held
                if isinstance(action, Declare):
                    # Melds from the cards won (S003, EB11) come from the won pile only;
                    # in partnerships the partner's table may lend cards (BIC).
                    won = {face_of(c) for c in state.won_cards(seat)}
                    from_won = state.rules.zones.declare_from is DeclareFrom.WON
                    partner = partner_of(state.rules, seat)
                    lent = set()
                    if partner is not None:
                        lent = {face_of(c) for c in bits(state.table_masks[partner])}
                    usable = won if from_won else held | lent
                    assert {ref.card for ref in action.cards} <= usable
            if state.current_player != seat:
                assert view.legal_actions() == ()


def _swap(deck: list[str], a: int, b: int) -> list[str]:
    out = list(deck)
    out[a], out[b] = out[b], out[a]
    return out


@settings(PROPERTY_SETTINGS, max_examples=40)
@given(
    st.sampled_from(PRESETS).map(variants.get),
    st.integers(0, 2**32 - 1),
    st.integers(0, 3),
    st.randoms(use_true_random=False),
)
def test_a_views_do_not_depend_on_unseen_cards(
    rules: Rules, seed: int, seat: int, rng: random.Random
) -> None:
    """Two deals that differ only by two cards the observer has not seen, played
    alike, give the observer the same view while what it has seen is the same:
    up to and including the step at which it sees one of the two cards. With
    three or four seats the two cards may lie in two other hands, a partner's
    included."""
    observer = seat % rules.players
    deck = list(deck_order(rules, seed))
    first = bz.new_deal(rules, deck=deck)
    hidden = bits(_hidden_from(first, observer))
    x, y = rng.sample(hidden, 2)
    positions = {bz.parse_card_id(name): i for i, name in enumerate(deck)}
    other = bz.new_deal(rules, deck=_swap(deck, positions[x], positions[y]))
    worlds = [first, other]
    compared = 0
    for _ in range(rules.total_tricks * 8):
        if any(w.is_over for w in worlds):
            break
        views = [w.view(observer) for w in worlds]
        raws = [_raw_view(w, observer) for w in worlds]
        if _faces_only(raws[0]) != _faces_only(raws[1]):
            break  # the observer has seen the worlds differ
        assert views[0] == views[1]
        compared += 1
        if any(not _hidden_from(w, observer) >> c & 1 for w in worlds for c in (x, y)):
            break  # one of the two cards is seen: the worlds may now differ
        common = [a for a in worlds[0].legal_actions() if worlds[1].is_legal(a)]
        if not common:
            break
        action = rng.choice(common)
        worlds = [w.apply(action) for w in worlds]
    assert compared >= 1


def _placed(rules: Rules, where: dict[str, int], seed: int = 5) -> list[str]:
    """A deck order (names, top first) with the named cards at the given positions."""
    deck = list(deck_order(rules, seed))
    for name, pos in where.items():
        deck = _swap(deck, deck.index(name), pos)
    return deck


def test_copy_letters_do_not_tell_which_copies_a_hand_holds() -> None:
    # The engine plays the lowest matching copy. Seat 1 (non-dealer, dealt cards
    # 0-2, 6-7, 10-12) holds one K♥ in the first deal and both in the second; in
    # the first the K♥ it leads is KHb, in the second KHa. Seat 0 must not be able
    # to tell the deals apart by the copy letter.
    rules = variants.CLASSIC
    one = _placed(rules, {"KHb": 0, "KHa": 30, "9Ca": 1})
    two = _placed(rules, {"KHb": 0, "KHa": 1, "9Ca": 30})
    led = [bz.new_deal(rules, deck=d).apply("play KH") for d in (one, two)]
    assert [card_id_name(s.trick[0]) for s in led] == ["KHb", "KHa"]
    assert led[0].view(0) == led[1].view(0)
    assert [card_id_name(c) for c in led[0].view(0).trick] == ["KHa"]


# -- (b), (c), (d) determinization -----------------------------------------------------


def _check_lasting_cartes_blanches(state: DealState) -> None:
    """A seat whose carte blanche lasts and which is not on offer holds no king, queen
    or jack but the card just gained by an exchange (HGM, FOS p.334; S000 law 8)."""
    window = state.window
    for s, lasting in enumerate(state.carte_blanche):
        if not lasting or s in state.offers:
            continue
        courts = {c for c in state.held(s) if face_of(c).rank.is_court}
        gained = None if window is None or window.seat != s else window.exchanged
        assert courts <= {gained}, [card_id_name(c) for c in courts]


def _check_conservation(state: DealState) -> None:
    zones = [*state.stock, *([] if state.turn_up is None else [state.turn_up]), *state.trick]
    for s in range(state.players):
        zones += bits(state.hand_masks[s]) + bits(state.table_masks[s]) + bits(state.won_masks[s])
    assert sorted(zones) == list(range(state.rules.deck_size))


@settings(PROPERTY_SETTINGS, max_examples=40)
@given(sampled_states(), st.randoms(use_true_random=False))
def test_b_d_determinized_state_has_the_same_view(
    states: list[DealState], rng: random.Random
) -> None:
    for state in states:
        for seat in range(state.players):
            view = state.view(seat)
            sample = determinize(view, rng, check=False)
            assert sample.view(seat) == view
            check_state(sample)
            _check_conservation(sample)
            check_end_phase_duties(sample)
            _check_lasting_cartes_blanches(sample)
            # The cards the view does not show, and only they, were dealt.
            unseen = set(unseen_cards(view))
            dealt = set(sample.stock)
            for s in range(sample.players):
                if s != seat:
                    dealt |= set(bits(sample.hand_masks[s] & ~sample.revealed_masks[s]))
            assert dealt <= unseen


@settings(PROPERTY_SETTINGS, max_examples=30)
@given(sampled_states(any_rules()), st.randoms(use_true_random=False))
def test_b_determinize_under_any_rules(states: list[DealState], rng: random.Random) -> None:
    for state in states:
        for seat in range(state.players):
            view = state.view(seat)
            assert determinize(view, rng).view(seat) == view


@settings(PROPERTY_SETTINGS, max_examples=30)
@given(sampled_states(), st.randoms(use_true_random=False))
def test_c_legal_actions_of_a_view_are_the_states(
    states: list[DealState], rng: random.Random
) -> None:
    for state in states:
        seat = state.current_player
        if seat is None:
            assert all(state.view(s).legal_actions() == () for s in range(state.players))
            continue
        view = state.view(seat)
        assert view.current_player == seat
        assert view.legal_actions() == state.legal_actions()
        assert determinize(view, rng).legal_actions() == state.legal_actions()


def test_determinize_is_random_and_repeatable() -> None:
    state = bz.new_deal(variants.CLASSIC, seed=11)
    view = state.view(0)
    samples = [determinize(view, random.Random(k)) for k in range(8)]
    assert len({s.hand_masks[1] for s in samples}) > 1
    assert determinize(view, random.Random(3)) == determinize(view, random.Random(3))
    assert all(
        s.hand_masks[0] == determinize(view, random.Random(0)).hand_masks[0] for s in samples
    )


def _end_state_with_void(rules: Rules) -> tuple[DealState, int, Suit]:
    """An end-phase state where seat 1 did not follow a suit that seat 0 still holds."""
    for seed in range(200):
        rng = random.Random(seed)
        for state in _playout(rules, seed, 0, rng):
            if state.phase is not Phase.END:
                continue
            for trick in state.tricks[rules.stock_tricks :]:
                if trick.leader != 0:
                    continue
                led = face_of(trick.cards[0]).suit
                if face_of(trick.cards[1]).suit is not led:
                    mine = [c for c in bits(state.hand_masks[0]) if face_of(c).suit is led]
                    if mine:
                        return state, mine[0], led
    raise AssertionError("no such state in 200 deals")


def test_f_a_void_contradicted_is_refused() -> None:
    state, card, suit = _end_state_with_void(variants.CLASSIC)
    view = state.view(0)
    # Move one of seat 0's cards of the suit into seat 1's known cards.
    sizes = (view.hand_sizes[0] - 1, view.hand_sizes[1] + 1)
    labels = canonical_labels(_raw_view(state, 0))
    label = labels[card]
    edited = attrs.evolve(
        view,
        hand=tuple(c for c in view.hand if c != label),
        known=(
            tuple(c for c in view.known[0] if c != label),
            tuple(sorted((*view.known[1], label))),
        ),
        hand_sizes=sizes,
        legal_actions=(),
    )
    with pytest.raises(InvalidStateError, match=f"did not follow {suit.letter}"):
        determinize(edited, random.Random(0))


def _mid_deal(rules: Rules = variants.CLASSIC, steps: int = 40) -> DealState:
    rng = random.Random(2)
    state = bz.new_deal(rules, seed=2)
    for _ in range(steps):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_f_bad_seat_raises_seat_error() -> None:
    state = bz.new_deal(variants.CLASSIC, seed=1)
    for seat in (5, -1, 2):
        with pytest.raises(SeatError, match="no seat"):
            state.view(seat)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda v: attrs.evolve(v, hand_sizes=(v.hand_sizes[0], v.hand_sizes[1] + 1)),
            "unseen",
        ),
        (lambda v: attrs.evolve(v, stock_size=v.stock_size + 2), "unseen"),
        (
            lambda v: attrs.evolve(
                v,
                tables=(
                    (*v.tables[0], TableCard(v.hand[0], (bz.MeldKind.BEZIQUE,))),
                    v.tables[1],
                ),
            ),
            "also at",
        ),
        (lambda v: attrs.evolve(v, hand=(*v.hand, 64)), "not a card id"),
        (lambda v: attrs.evolve(v, trick=(v.hand[0],)), "also at"),
        (lambda v: attrs.evolve(v, known=((), (v.hand[0],))), "also at"),
        (lambda v: attrs.evolve(v, hand_sizes=(v.hand_sizes[0], 40)), "unseen|hand_sizes"),
        (lambda v: attrs.evolve(v, scores=(-5, v.scores[1])), "scores"),
        (lambda v: attrs.evolve(v, tables=((), ())), "neither played nor on the table"),
    ],
)
def test_f_an_impossible_view_is_refused(edit: Any, message: str) -> None:
    state = _mid_deal()
    view = state.view(0)
    with pytest.raises(InvalidStateError, match=message):
        determinize(edit(view), random.Random(0))


def test_f_more_cards_than_the_deck_is_refused() -> None:
    view = bz.new_deal(variants.CLASSIC, seed=1).view(0)
    edited = attrs.evolve(view, hand=(*view.hand, 64))
    with pytest.raises(InvalidStateError, match="64-card deck"):
        determinize(edited, random.Random(0))


# -- carte blanche: every seat asked, so asking and passing tell nothing ------------------


def _courts(cards: Any) -> list[int]:
    return [c for c in cards if face_of(c).rank.is_court]


def _rubicon_deal(hands: tuple[str, str], stock: str = "") -> DealState:
    """A Rubicon deal, seat 0 dealing: the named cards dealt (inert sevens, eights and
    nines fill the hands) and on top of the stock."""
    rules = variants.RUBICON
    return bz.new_deal(rules, deck=deal_deck(rules, hands=hands, turn_up=None, stock=stock))


def test_an_ineligible_seat_is_asked_and_can_only_pass() -> None:
    # Every seat is asked at the deal, the non-dealer first (HGM, FOS p.334: only a
    # hand with no king, queen or jack may be shown).
    state = _rubicon_deal(("", "QH"))
    assert state.offers == (1, 0)
    assert state.current_player == 1
    assert state.legal_actions() == (bz.Pass(),)
    assert state.view(1).legal_actions() == (bz.Pass(),)
    assert state.why_illegal(bz.ShowCarteBlanche()) == (bz.Reason.NO_CARTE_BLANCHE,)
    with pytest.raises(bz.IllegalActionError):
        state.apply(bz.ShowCarteBlanche())
    after = state.apply(bz.Pass())
    assert after.offers == (0,)
    assert after.carte_blanche == (False, False)
    assert after.scores == (0, 0)


def test_an_eligible_seat_may_show_or_pass() -> None:
    state = _rubicon_deal(("QH", ""))
    assert state.current_player == 1
    assert state.legal_actions() == (bz.ShowCarteBlanche(), bz.Pass())
    shown, events = state.step(bz.ShowCarteBlanche())
    assert [(e.seat, e.points) for e in events] == [(1, 50)]
    assert shown.carte_blanche == (False, True)
    assert shown.offers == (0,)
    passed = state.apply(bz.Pass())
    assert passed.carte_blanche == (False, False)
    assert passed.offers == (0,)
    assert passed.scores == (0, 0)


def _shown_then_drawn(drawn: str) -> DealState:
    """Seat 1 shows its carte blanche, seat 0 (holding a king) passes; seat 1 leads AS
    and wins; seat 1 draws ``drawn``, seat 0 the 7D."""
    state = _rubicon_deal(("KS 9S", "AS"), stock=f"{drawn} 7D")
    for action in ("show-carte-blanche", "pass", "play AS", "play 9S", "draw"):
        state = state.apply(action)
    assert str(face_of(bits(state.hand_masks[1] & ~state.revealed_masks[1])[0])) == drawn
    return state


def test_a_court_drawn_during_a_streak_leaves_only_the_pass_which_ends_it() -> None:
    # WKC, PAR, S003: each card drawn that is not a court card may be shown again; a
    # court card ends the carte blanche. The seat is asked either way.
    state = _shown_then_drawn("KD")
    assert state.offers == (1,)
    assert state.carte_blanche == (False, True)
    assert state.current_player == 1
    assert state.legal_actions() == (bz.Pass(),)
    assert state.why_illegal(bz.ShowCarteBlanche()) == (bz.Reason.NO_CARTE_BLANCHE,)
    after = state.apply(bz.Pass())
    assert after.offers == ()
    assert after.carte_blanche == (False, False)
    # Not asked after the next draw.
    after = after.apply(after.legal_actions()[0])
    after = after.apply(after.legal_actions()[0])
    assert after.window is not None
    assert after.apply("draw").offers == ()
    # A card that is not a court: it may be shown again, and passing ends it too.
    other = _shown_then_drawn("8C")
    assert other.legal_actions() == (bz.ShowCarteBlanche(), bz.Pass())
    assert other.apply(bz.Pass()).carte_blanche == (False, False)
    assert other.apply(bz.ShowCarteBlanche()).carte_blanche == (False, True)


def _swap_deep(deck: list[int], position: int, face: str) -> list[int]:
    """The deck with the card at ``position`` swapped with the last card of ``face``,
    which lies deep in the stock."""
    deep = max(i for i, c in enumerate(deck) if str(face_of(c)) == face)
    assert deep > len(deck) // 2
    swapped = list(deck)
    swapped[position], swapped[deep] = deck[deep], deck[position]
    return swapped


def _deal_from(rules: Rules, deck: list[int]) -> DealState:
    return bz.new_deal(rules, deck=[card_id_name(c) for c in deck])


def test_passing_at_the_deal_does_not_tell_whether_the_seat_could_show() -> None:
    # Two deals that differ only in seat 1's hand: in one it could show a carte
    # blanche; in the other one of its cards (the first dealt, seat 1 being the
    # non-dealer) is swapped with a queen deep in the stock.
    rules = variants.RUBICON
    deck = deal_deck(rules, hands=("KS", ""), turn_up=None)
    blank = _deal_from(rules, deck)
    queen = _deal_from(rules, _swap_deep(deck, 0, "QH"))
    assert blank.hand(0) == queen.hand(0)
    assert blank.hand(1) != queen.hand(1)
    assert blank.legal_actions() == (bz.ShowCarteBlanche(), bz.Pass())
    assert queen.legal_actions() == (bz.Pass(),)
    assert blank.view(0) == queen.view(0)
    blank, queen = blank.apply(bz.Pass()), queen.apply(bz.Pass())
    assert blank.view(0) == queen.view(0)
    assert blank.view(0).known[1] == ()
    # Seat 0 holds a king: it passes too, and then seat 1 leads in both deals.
    blank, queen = blank.apply(bz.Pass()), queen.apply(bz.Pass())
    assert blank.view(0) == queen.view(0)
    assert determinize(blank.view(0), random.Random(3)) == determinize(
        queen.view(0), random.Random(3)
    )


def test_being_asked_after_a_draw_does_not_tell_whether_a_court_was_drawn() -> None:
    # Seat 1 draws a court card in one deal and an eight in the other (the KD on top
    # of the stock swapped with an eight deep in it): seat 0 sees the same, before
    # seat 1 decides and after it passes.
    rules = variants.RUBICON
    deck = deal_deck(rules, hands=("KS 9S", "AS"), turn_up=None, stock="KD 7D")
    top = 2 * rules.deck.hand_size
    assert card_id_name(deck[top]).startswith("KD")
    court, plain = (
        _deal_from(rules, order).apply("show-carte-blanche").apply("pass")
        for order in (deck, _swap_deep(deck, top, "8C"))
    )
    for action in ("play AS", "play 9S", "draw"):
        court, plain = court.apply(action), plain.apply(action)
    assert court.hand(0) == plain.hand(0)
    assert court.hand(1) != plain.hand(1)
    assert court.legal_actions() == (bz.Pass(),)
    assert plain.legal_actions() == (bz.ShowCarteBlanche(), bz.Pass())
    assert court.view(0) == plain.view(0)
    assert court.apply(bz.Pass()).view(0) == plain.apply(bz.Pass()).view(0)


def test_determinize_deals_courts_to_a_seat_on_offer_at_the_deal() -> None:
    # At the deal nothing is known of a seat on offer, before and after it passes.
    state = _rubicon_deal(("KS", "9C"))
    for view in (state.view(0), state.apply(bz.Pass()).view(0)):
        assert _Constraints(view).forbid == [0, 0]
        samples = [determinize(view, random.Random(k)) for k in range(10)]
        assert any(_courts(s.hand(1)) for s in samples)
    # Seat 0 on offer next, seen by seat 1: its court cards are no news either.
    assert _Constraints(state.apply(bz.Pass()).view(1)).forbid == [0, 0]


def test_determinize_may_deal_a_court_to_a_seat_asked_after_a_draw() -> None:
    # Asked after a draw while its carte blanche lasts: every card of its hand was
    # seen but the one drawn, which may be anything.
    state = _shown_then_drawn("8C")
    view = state.view(0)
    assert len(view.known[1]) == view.hand_sizes[1] - 1
    assert _Constraints(view).forbid == [0, 0]
    drawn = [
        bits(s.hand_masks[1] & ~s.revealed_masks[1])
        for s in (determinize(view, random.Random(k)) for k in range(40))
    ]
    assert all(len(cards) == 1 for cards in drawn)
    assert any(_courts(cards) for cards in drawn)
    assert not all(_courts(cards) for cards in drawn)


def test_determinize_deals_no_court_to_a_lasting_carte_blanche_not_on_offer() -> None:
    # Shown again after the draw: the carte blanche lasts and the seat is not asked,
    # so it holds no king, queen or jack. A view that forgot the cards seen (a bot may
    # drop what it likes) still gets no court card dealt to seat 1.
    state = _shown_then_drawn("8C").apply(bz.ShowCarteBlanche())
    assert state.offers == ()
    assert state.carte_blanche == (False, True)
    view = state.view(0)
    assert sorted(view.known[1]) == sorted(
        canonical_labels(_raw_view(state, 0))[c] for c in state.hand(1)
    )
    forgetful = attrs.evolve(view, known=((), ()))
    assert _Constraints(forgetful).forbid[1] != 0
    for k in range(20):
        sample = determinize(forgetful, random.Random(k), check=False)
        assert len(sample.hand(1)) == len(state.hand(1))
        assert not _courts(sample.hand(1))


def test_a_lasting_carte_blanche_with_a_court_in_hand_is_refused() -> None:
    state = _shown_then_drawn("8C").apply(bz.ShowCarteBlanche())
    view = state.view(0)
    court = next(c for c in unseen_cards(view) if face_of(c).rank.is_court)
    edited = attrs.evolve(view, known=((), (*view.known[1][1:], court)))
    with pytest.raises(InvalidStateError, match="its carte blanche lasts"):
        determinize(edited, random.Random(0))
    # On offer after a draw, a court among the known cards is no contradiction.
    drawn = _shown_then_drawn("8C").view(0)
    court = next(c for c in unseen_cards(drawn) if face_of(c).rank.is_court)
    edited = attrs.evolve(drawn, known=((), (*drawn.known[1][1:], court)))
    assert court in determinize(edited, random.Random(0)).hand(1)


def test_a_court_gained_by_an_exchange_during_a_streak_is_no_contradiction() -> None:
    # With a turn-up, a seat whose carte blanche lasts may exchange the seven of
    # trumps for a court card turned up (S000 law 8): it holds a court, face up,
    # until the draw, after which it is asked and can only pass.
    rules = variants.CLASSIC.evolve(carte_blanche_points=50)
    deck = deal_deck(rules, hands=("KS QS 7S", "7H AS AS"), turn_up="KH", stock="8C 9C")
    state = bz.new_deal(rules, deck=deck)
    for action in ("show-carte-blanche", "pass", "play AS", "play 7S", "exchange"):
        state = state.apply(action)
    assert state.carte_blanche == (False, True)
    assert state.offers == ()
    assert [card_id_name(c) for c in _courts(state.hand(1))] == ["KHa"]
    _check_lasting_cartes_blanches(state)
    for seat in (0, 1):
        view = state.view(seat)
        assert determinize(view, random.Random(seat)).view(seat) == view
    drawn = state.apply("draw")
    assert drawn.offers == (1,)
    assert drawn.legal_actions() == (bz.Pass(),)
    assert drawn.apply(bz.Pass()).carte_blanche == (False, False)


def test_the_seven_given_up_by_an_exchange_is_no_longer_counted_as_seen_in_the_hand() -> None:
    # S000 law 8: the seven of trumps takes the turn-up's place, face up; it is no
    # longer in the hand, so it is no longer a seen card of the hand. Here the seven
    # was seen in a carte blanche shown.
    rules = variants.CLASSIC.evolve(carte_blanche_points=50)
    deck = deal_deck(rules, hands=("KS QS 7S", "7H AS AS"), turn_up="KH", stock="8C 9C")
    state = bz.new_deal(rules, deck=deck)
    for action in ("show-carte-blanche", "pass", "play AS", "play 7S"):
        state = state.apply(action)
    seven = next(c for c in state.hand(1) if str(face_of(c)) == "7H")
    assert state.revealed_masks[1] >> seven & 1
    after = state.apply("exchange")
    assert after.turn_up == seven
    assert not after.revealed_masks[1] >> seven & 1
    check_state(after)


# -- (e) JSON --------------------------------------------------------------------------


# Eight deals: every seat's view of states of a game of every preset loads again in
# test_reachable_loads.py; these check the document's own fields and forms too.
@settings(PROPERTY_SETTINGS, max_examples=8)
@given(sampled_states())
def test_e_view_json_round_trips(states: list[DealState]) -> None:
    for state in states:
        for seat in range(state.players):
            view = state.view(seat)
            text = view_to_json(view)
            assert bz.view_to_json(view) == text
            assert view_from_json(text) == view
            assert view_from_json(view_to_json(view, indent=None)) == view
            data = json.loads(text)
            assert (data["format"], data["version"]) == ("bezique-view", 2)
            assert data["game"] is None  # a lone deal's view has no game around it
            assert data["rules"]["name"] == state.rules.name


def test_e_view_json_names_cards_and_rules() -> None:
    state = bz.new_deal(variants.RUBICON, seed=4)
    data = view_to_dict(state.view(1))
    assert data["rules"]["knobs"]["packs"] == 4
    assert all(isinstance(name, str) and name[-1].islower() for name in data["hand"])
    assert data["legal_actions"] == [str(a) for a in state.legal_actions()]
    assert data["seats"][0]["known"] == []
    assert "stock" not in data
    assert "hands" not in data


def _document() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(bz.view_to_json(_mid_deal().view(0)))
    return data


@pytest.mark.parametrize(
    ("edit", "error", "message"),
    [
        (lambda d: d.update(format="bezique-state"), NotationError, "format"),
        (lambda d: d.update(version=3), NotationError, "version"),
        (lambda d: d.pop("game"), NotationError, "missing key 'game'"),
        (lambda d: d.update(game=[]), NotationError, "game: expected an object"),
        (lambda d: d.update(stock=[]), NotationError, "unknown key 'stock'"),
        (lambda d: d.pop("hand"), NotationError, "missing key 'hand'"),
        (lambda d: d.update(hand=["QSx", *d["hand"][1:]]), NotationError, "hand\\[0\\]"),
        (lambda d: d.update(hand=["QSc", *d["hand"][1:]]), NotationError, "no card QSc"),
        (lambda d: d.update(phase="middle"), NotationError, "phase"),
        (lambda d: d.update(seat=True), NotationError, "seat: expected an integer"),
        (lambda d: d.update(seat=3), InvalidStateError, "no seat 3"),
        (lambda d: d.update(legal_actions=["fly"]), NotationError, "legal_actions\\[0\\]"),
        (
            lambda d: d.update(legal_actions=[*d["legal_actions"], "play QS[bezique]"]),
            InvalidStateError,
            "legal_actions",
        ),
        (lambda d: d.update(hand=d["hand"] + d["hand"][:1]), InvalidStateError, "also at"),
        (lambda d: d["rules"]["knobs"].update(packs=9), NotationError, "packs"),
        (
            lambda d: d["seats"][1].update(known=d["hand"][:1]),
            InvalidStateError,
            "also at",
        ),
    ],
)
def test_f_bad_view_documents_are_refused(edit: Any, error: type[Exception], message: str) -> None:
    data = _document()
    if data["legal_actions"] == [] and "legal_actions" in message:
        pytest.fail("the chosen position must have seat 0 to move")
    edit(data)
    with pytest.raises(error, match=message):
        view_from_json(json.dumps(data))


def test_e_a_version_1_view_document_is_read_as_a_view_without_its_game() -> None:
    """Version 1 documents, written before a view carried its game, still load."""
    view = _mid_deal().view(0)
    data = json.loads(bz.view_to_json(view))
    del data["game"]
    data["version"] = 1
    assert view_from_json(json.dumps(data)) == view
    data["game"] = None  # version 1 has no game
    with pytest.raises(NotationError, match="version"):
        view_from_json(json.dumps(data))


def _game_view() -> tuple[bz.GameState, SeatView]:
    """A view of a game's second deal, some points scored in it."""
    rules = variants.CLASSIC.evolve(target=500)
    game = bz.new_game(rules, seed=6)
    rng = random.Random(6)
    while len(game.results) < 1 or not any(game.deal.scores):
        game = game.apply(rng.choice(game.legal_actions()))
    return game, game.view(1)


def test_e_a_games_view_carries_the_target_and_the_totals() -> None:
    """S000 law 12: the game is to a target, the totals called out as they are
    made; a front end shows them from the view alone."""
    game, view = _game_view()
    assert view.game == GameTotals(target=500, deals=1, totals=game.totals, over=False, winners=())
    assert view.game == game.standing
    assert attrs.evolve(view, game=None) == game.deal.view(1)
    assert view.game_scores == game.scores != game.totals
    assert game.deal.view(1).game is None
    assert game.deal.view(1).game_scores is None
    data = json.loads(bz.view_to_json(view))
    assert data["game"] == {
        "target": 500,
        "deals": 1,
        "totals": list(game.totals),
        "over": False,
        "winners": [],
    }
    assert view_from_json(bz.view_to_json(view)) == view
    assert bz.view_from_json(bz.view_to_json(view, indent=None)) == view


def test_e_a_finished_games_view_says_who_won() -> None:
    rules = variants.CLASSIC.evolve(target=200)
    game = bz.new_game(rules, seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
    view = game.view(0)
    assert view.game is not None
    assert view.game.over
    assert view.game.winners == game.winners != ()
    assert view.game.deals == len(game.results)
    assert view.game_scores == game.scores == game.totals
    assert view_from_json(bz.view_to_json(view)) == view


@pytest.mark.parametrize(
    ("edit", "error", "message"),
    [
        (lambda g: g.update(target=400), InvalidStateError, "game.target: 400, but the rules"),
        (lambda g: g.update(deals=-1), InvalidStateError, "game.deals"),
        (lambda g: g.update(totals=[0]), InvalidStateError, "1 totals for 2 seats"),
        (lambda g: g.update(totals=["0", 0]), NotationError, "game.totals\\[0\\]"),
        (lambda g: g.update(over="no"), NotationError, "game.over"),
        (lambda g: g.update(winners=[0]), InvalidStateError, "only once the game is over"),
        (lambda g: g.update(over=True, winners=[2]), InvalidStateError, "game.winners"),
        (lambda g: g.update(over=True, winners=[0, 0]), InvalidStateError, "distinct"),
        (lambda g: g.pop("over"), NotationError, "missing key 'over'"),
    ],
)
def test_f_bad_games_in_view_documents_are_refused(
    edit: Any, error: type[Exception], message: str
) -> None:
    _game, view = _game_view()
    data = json.loads(bz.view_to_json(view))
    edit(data["game"])
    with pytest.raises(error, match=message):
        view_from_json(json.dumps(data))


def test_f_not_json_is_a_notation_error() -> None:
    for text in ("{", "[]", '{"format": "bezique-view", "format": "x"}', "3"):
        with pytest.raises(NotationError):
            view_from_json(text)


# -- cards others have seen ------------------------------------------------------------


def _faces(cards: Any) -> list[Card]:
    return sorted(face_of(c) for c in cards)


def test_known_cards_come_from_the_exchange_the_turn_up_and_the_tables() -> None:
    # S000 law 8: the seven exchanged for the turn-up, which its taker is seen to
    # take; law 4: the turn-up is drawn last, face up; hint 7: the cards that lay
    # on the table are remembered once taken back into the hand.
    exchanges = closes = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = bz.new_deal(variants.CLASSIC, seed=seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            after = state.apply(action)
            if isinstance(action, bz.Exchange) and state.window is not None:
                taker = state.window.seat
                watcher = 1 - taker
                assert state.turn_up is not None
                assert face_of(state.turn_up) in _faces(after.view(watcher).known[taker])
                assert face_of(state.turn_up) in _faces(after.view(taker).known[taker])
                turn_up = after.view(watcher).turn_up
                assert turn_up is not None
                assert face_of(turn_up) == Card(state.trump or Suit.SPADES, bz.Rank.SEVEN)
                exchanges += 1
            if state.phase is Phase.STOCK and after.phase is Phase.END:
                assert state.turn_up is not None
                for seat in range(2):
                    shown = [*state.table(seat)]
                    if seat != state.current_player:
                        shown.append(state.turn_up)  # the loser takes the turn-up last
                    for watcher in range(2):
                        known = _faces(after.view(watcher).known[seat])
                        for face in _faces(shown):
                            assert face in known
                            known.remove(face)
                closes += 1
            state = after
    assert exchanges
    assert closes


def test_known_cards_come_from_a_carte_blanche_shown() -> None:
    shown = passed = 0
    for seed in range(3000):
        state = bz.new_deal(variants.RUBICON, seed=seed)
        while state.offers:
            seat = state.offers[0]
            assert state.view(1 - seat).known[seat] == ()
            if bz.ShowCarteBlanche() in state.legal_actions():
                after = state.apply(bz.ShowCarteBlanche())
                assert _faces(after.view(1 - seat).known[seat]) == _faces(state.hand(seat))
                shown += 1
            state = state.apply(bz.Pass())
            assert state.view(1 - seat).known[seat] == ()
            passed += 1
        if shown == 3:
            assert passed > shown
            return
    raise AssertionError("fewer than 3 carte blanche deals in 3000")


MANY_SEATS = tuple(name for name in PRESETS if variants.get(name).players > 2)


def test_the_presets_for_more_seats_are_checked() -> None:
    # The property tests above draw from every preset; these are the ones where a
    # view must hide two or three other hands (a partner's among them).
    assert set(MANY_SEATS) == {"three-hand", "four-hand", "partnership"}


@pytest.mark.parametrize("name", MANY_SEATS)
def test_a_view_does_not_tell_which_other_seat_holds_a_card(name: str) -> None:
    # Two deals that differ only in a card of one other hand swapped with a card of
    # another face in a third hand (the partner's, in the partnership game): the
    # observer's view and its JSON are the same, before and after the first trick.
    rules = variants.get(name)
    n = rules.players
    deck = list(deck_order(rules, 8))
    positions = {bz.parse_card_id(card): i for i, card in enumerate(deck)}
    first = bz.new_deal(rules, deck=deck)
    for observer in range(n):
        others = [s for s in range(n) if s != observer]
        for a, b in itertools.pairwise(others):
            x = first.hand(a)[0]
            y = next(c for c in first.hand(b) if face_of(c) != face_of(x))
            other = bz.new_deal(rules, deck=_swap(deck, positions[x], positions[y]))
            assert face_of(x) in map(face_of, other.hand(b))
            worlds = [first, other]
            for _ in range(n):
                texts = [view_to_json(w.view(observer)) for w in worlds]
                assert texts[0] == texts[1]
                assert worlds[0].view(observer) == worlds[1].view(observer)
                # Lead and follow with cards the two deals share.
                play = next(
                    a
                    for a in worlds[0].legal_actions()
                    if worlds[1].is_legal(a)
                    and isinstance(a, Play)
                    and a.card.card not in (face_of(x), face_of(y))
                )
                worlds = [w.apply(play) for w in worlds]


def test_a_partners_hand_is_hidden_like_an_opponents() -> None:
    rules = variants.PARTNERSHIP
    state = bz.new_deal(rules, seed=4)
    for seat in range(4):
        partner = (seat + 2) % 4
        assert rules.sides[seat] == rules.sides[partner]
        data = json.loads(view_to_json(state.view(seat)))
        assert len(data["hand"]) == 8
        assert data["seats"][partner] == data["seats"][(seat + 1) % 4]
        assert data["seats"][partner]["known"] == []
        assert data["seats"][partner]["hand_size"] == 8
        assert not {"hands", "stock"} & set(data)
        assert "hand" not in data["seats"][partner]
        view = state.view(seat)
        assert view.known[partner] == ()
        # Only the seat's own cards are named: the view places 8 cards and the turn-up.
        assert len(unseen_cards(view)) == rules.deck_size - 9


@pytest.mark.parametrize("name", MANY_SEATS)
def test_known_cards_at_the_close_with_more_seats(name: str) -> None:
    # S000 law 4: the turn-up, drawn last, goes to the last seat in turn, face up;
    # hint 7: the table cards taken back into the hands are remembered. Every seat
    # knows them, and nothing else of the other hands.
    rules = variants.get(name)
    rng = random.Random(5)
    state = bz.new_deal(rules, seed=5)
    while not (state.phase is Phase.STOCK and state.stock_size == rules.players):
        state = state.apply(rng.choice(state.legal_actions()))
    while state.phase is Phase.STOCK:
        before = state
        state = state.apply(rng.choice(state.legal_actions()))
    assert before.window is not None
    assert before.turn_up is not None
    last = (before.window.winner - 1) % rules.players
    for seat in range(rules.players):
        shown = [*before.table(seat)]
        if seat == last:
            shown.append(before.turn_up)
        for watcher in range(rules.players):
            known = state.view(watcher).known[seat]
            assert _faces(known) == _faces(shown)


def test_cards_declared_after_the_close_are_revealed() -> None:
    # S003 (melding after the close): the declared cards are shown, and stay in the
    # hand; the others have seen them until they are played.
    rules = variants.CARDS_AND_DOMINOES
    for seed in range(100):
        rng = random.Random(seed)
        state = bz.new_deal(rules, seed=seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            after = state.apply(action)
            if isinstance(action, Declare) and state.phase is Phase.END:
                meld = after.melds[-1]
                assert all(after.revealed_masks[meld.seat] >> c & 1 for c in meld.cards)
                return
            state = after
    raise AssertionError("no declaration after the close in 100 deals")


def test_view_knows_cards_declared_after_the_close() -> None:
    rules = variants.CARDS_AND_DOMINOES
    checked = 0
    for seed in range(100):
        rng = random.Random(seed)
        state = bz.new_deal(rules, seed=seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            after = state.apply(action)
            if isinstance(action, Declare) and state.phase is Phase.END:
                meld = after.melds[-1]
                raw = _raw_view(after, 1 - meld.seat)
                assert set(meld.cards) <= set(raw.known[meld.seat])
                view = after.view(1 - meld.seat)
                sample = determinize(view, random.Random(seed))
                # The declarer still holds them in every deal that fits the view.
                assert set(view.melds[-1].cards) <= set(sample.hand(meld.seat))
                assert sample.view(1 - meld.seat) == view
                checked += 1
            state = after
        if checked >= 3:
            return
    raise AssertionError("fewer than 3 declarations after the close in 100 deals")
