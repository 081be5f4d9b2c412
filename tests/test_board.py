"""The text board (bezique.display.board): a seat view, a whole deal and a game drawn as text,
for every preset, from the data of the view alone."""

from __future__ import annotations

import io
import itertools
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator

import pytest
from positions import CLASSIC, build, meld, melds_from_won

import bezique as bz
from bezique import DealState, ScoreEvent, ScoreSource, SeatView, Suit
from bezique.cards import Card, face_of
from bezique.display.board import (
    ascii_text,
    can_encode_symbols,
    describe_event,
    hand_order,
    meld_order,
    render_game,
    render_state,
    render_view,
)
from bezique.display.svg import draw
from bezique.players import Player, RandomPlayer, RuleOfThumbPlayer

PRESETS = [name for name, _ in bz.rules.variants.names()]
CARD = re.compile(r"^(?:[AKQJT987])[SHDC♠♥♦♣][a-z]?$")
SUIT_ORDER = "SHDC"


def positions(rules: bz.Rules, seed: int) -> Iterator[DealState]:
    """Every state of a deal between the rules of thumb and random players, thinned."""
    state = bz.new_deal(rules, seed=seed)
    seats = [RuleOfThumbPlayer() if s % 2 else RandomPlayer(seed + s) for s in range(rules.players)]
    rng = random.Random(seed)
    while True:
        if rng.random() < 0.15 or state.is_over:
            yield state
        if state.is_over:
            return
        seat = state.current_player
        assert seat is not None
        state = state.apply(seats[seat].choose(state.view(seat)))


def line(board: str, start: str) -> list[str]:
    return [text for text in board.splitlines() if text.startswith(start)]


def seat_block(board: str, name: str) -> list[str]:
    """The lines of one seat: its heading and the indented lines under it."""
    lines = board.splitlines()
    for i, text in enumerate(lines):
        if text.startswith(f"{name}:") or text.startswith(f"{name} (dealer):"):
            return [text, *itertools.takewhile(lambda t: t.startswith("  "), lines[i + 1 :])]
    raise AssertionError(f"no block for {name} in\n{board}")


def faces_in(text: str) -> list[Card]:
    """The faces of the card tokens in a line (copy letters dropped)."""
    tokens = [t for t in text.replace("|", " ").split() if CARD.match(t)]
    return [Card.parse(t[:2]) for t in tokens]


def board_order(trump: Suit | None) -> list[Suit]:
    """The order of suits in a drawn hand: trumps first, then S H D C."""
    rest = [s for s in Suit if s is not trump]
    return rest if trump is None else [trump, *rest]


def check_hand_line(text: str, cards: tuple[int, ...], trump: Suit | None) -> None:
    drawn = faces_in(text.removeprefix("  hand: "))
    assert Counter(drawn) == Counter(face_of(c) for c in cards)
    order = board_order(trump)
    keys = [(order.index(f.suit), -f.rank) for f in drawn]
    assert keys == sorted(keys)


def check_board(board: str, view: SeatView, hands: tuple[tuple[int, ...], ...] | None) -> None:
    """What every board says, read back from the text and compared with the view."""
    rules = view.rules
    names = [f"Seat {s}" for s in range(rules.players)]
    first = board.splitlines()[0]
    assert first.startswith(f"{rules.name}: ")
    if view.phase is bz.Phase.STOCK:
        assert f"stock: {view.stock_size} cards" in line(board, "Trumps:")[0]
    for seat, name in enumerate(names):
        block = seat_block(board, name)
        assert f": {view.hand_sizes[seat]} card" in block[0]
        assert ("(dealer)" in block[0]) == (seat == view.dealer)
        hand = [t for t in block if t.startswith("  hand: ")]
        if hands is not None:
            check_hand_line(hand[0], hands[seat], view.trump)
        elif seat == view.seat:
            check_hand_line(hand[0], view.hand, view.trump)
        else:
            assert hand == []
        table = [t for t in block if t.startswith("  table: ")]
        on_table = Counter(face_of(t.card) for t in view.tables[seat])
        if on_table:
            shown = faces_in(table[0])
            assert set(shown) == set(on_table)
            # Copy letters only where this table holds two copies of a face.
            lettered = {
                Card.parse(t[:2]) for t in table[0].split() if CARD.match(t) and len(t) == 3
            }
            assert lettered == {f for f, n in on_table.items() if n > 1}
        else:
            assert table == []
        # Where melds are shown from the cards won, they lie face up: the declared
        # ones under their melds, then the rest.
        in_melds = {card for m in view.melds for card in m.cards}
        won = view.open_cards[seat]
        melded = [t for t in block if t.startswith("  declared from the cards won: ")]
        rest = [t for t in block if t.startswith("  won, not declared: ")]
        assert {f for t in melded for f in faces_in(t)} == {
            face_of(c) for c in won if c in in_melds
        }
        assert Counter(f for t in rest for f in faces_in(t)) == Counter(
            face_of(c) for c in won if c not in in_melds
        )
    scores = line(board, "Scores: ")[0]
    for name, score in zip(names, view.scores, strict=True):
        assert f"{name} {score}" in scores
    if rules.sides:
        for side, total in enumerate(rules.side_totals(view.scores)):
            members = " and ".join(n for s, n in enumerate(names) if rules.side_of(s) == side)
            assert f"{members} {total}" in scores
    acting = line(board, "To act: ")
    if view.current_player is None:
        assert acting == []
        assert "the deal is over" in first
    else:
        assert acting[0].startswith(f"To act: Seat {view.current_player},")


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_draws_every_view_and_the_whole_deal(name: str) -> None:
    rules = bz.rules.variants.get(name)
    for state in positions(rules, seed=PRESETS.index(name)):
        for seat in range(rules.players):
            view = state.view(seat)
            letters = render_view(view, symbols=False)
            assert letters.isascii()
            check_board(letters, view, None)
            check_board(render_view(view, symbols=True), view, None)
        whole = render_state(state, symbols=False)
        check_board(whole, bz.views.physical_view(state, 0), state.hands)


def test_symbols_are_used_when_asked_and_letters_otherwise() -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    drawn = render_view(state.view(1), symbols=True)
    assert any(symbol in drawn for symbol in "♠♥♦♣")
    assert render_view(state.view(1), symbols=False).isascii()
    assert state.view(1).render(symbols=False) == render_view(state.view(1), symbols=False)
    assert state.render(symbols=True) == render_state(state, symbols=True)


def _stream(encoding: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding)


def test_an_output_that_cannot_print_the_suit_symbols_gets_letters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert can_encode_symbols(_stream("utf-8"))
    assert not can_encode_symbols(_stream("ascii"))
    assert not can_encode_symbols(_stream("latin-1"))
    assert not can_encode_symbols(io.BytesIO())  # type: ignore[arg-type]  # no encoding
    state = bz.new_deal(CLASSIC, seed=1)
    monkeypatch.setattr(sys, "stdout", _stream("ascii"))
    assert state.view(0).render().isascii()
    assert state.render().isascii()
    monkeypatch.setattr(sys, "stdout", _stream("utf-8"))
    assert not state.view(0).render().isascii()


def test_ascii_text_writes_suit_letters() -> None:
    assert ascii_text("Q♠ J♦ K♥ A♣ ♤ ♡ ♢ ♧ →") == "QS JD KH AC S H D C ?"


def test_a_hand_is_drawn_trumps_first_then_spades_hearts_diamonds_clubs_from_the_ace_down() -> None:
    # S000 law 6: trick order A T K Q J 9 8 7.
    cards = [Card.parse(t).index for t in ("7S", "AC", "TH", "KH", "9D", "AS", "JH")]
    assert [str(face_of(c)) for c in hand_order(cards, Suit.HEARTS)] == [
        "TH",
        "KH",
        "JH",
        "AS",
        "7S",
        "9D",
        "AC",
    ]
    assert [str(face_of(c)) for c in hand_order(cards, None)] == [
        "AS",
        "7S",
        "TH",
        "KH",
        "JH",
        "9D",
        "AC",
    ]


def test_a_declarations_cards_are_drawn_from_the_ace_down() -> None:
    cards = [Card.parse(t).index for t in ("JD", "QS")]
    assert [str(face_of(c)) for c in meld_order(cards)] == ["QS", "JD"]
    quartet = [Card.parse(t).index for t in ("KC", "KH", "KS", "KD")]
    assert [str(face_of(c)) for c in meld_order(quartet)] == ["KS", "KH", "KD", "KC"]


def test_table_cards_are_grouped_by_their_declarations_a_card_in_two_listed_in_both() -> None:
    # S000 law 9: the queen of a bezique may go on to make four queens.
    state = build(
        trump="H",
        hand="9C 8C",
        table=[meld("bezique", "QSa JDa"), meld("four-queens", "QSa QHa QDa QCa")],
    )
    for board in (render_view(state.view(0), symbols=False), render_state(state, symbols=False)):
        assert "  table: bezique QS JD | four-queens QS QH QD QC" in board.splitlines()


def test_two_copies_on_one_table_get_their_copy_letters() -> None:
    state = build(
        trump="H",
        hand="9C",
        table=[meld("bezique", "QSa JDa"), meld("four-queens", "QSb QHa QDa QCa")],
    )
    whole = render_state(state, symbols=False)
    assert "  table: bezique QSa JD | four-queens QSb QH QD QC" in whole.splitlines()
    # A view names the copies by its own labels: one letter each, as in its melds.
    view = state.view(1)
    table = next(t for t in render_view(view, symbols=False).splitlines() if "table:" in t)
    bezique, quartet = table.removeprefix("  table: ").split(" | ")
    first, second = bezique.split()[1], quartet.split()[1]
    assert {first, second} == {"QSa", "QSb"}
    labels = {
        m.kind.value: next(c for c in m.cards if face_of(c) == Card.parse("QS")) for m in view.melds
    }
    assert first == bz.card_id_name(labels["bezique"])
    assert "QSa" not in render_view(view, symbols=False).replace(table, "")


def test_a_meld_waiting_to_score_is_marked_pending() -> None:
    # FOS p.326: several melds may be shown, one scores, the rest wait.
    rules = CLASSIC.evolve(limit="one-scored-rest-pending")
    state = build(rules, trump="H", hand="KH QH QS JD 9C")
    state = state.apply("declare royal-marriage KH QH").apply("declare bezique QS JD")
    table = line(render_view(state.view(0), symbols=False), "  table: ")[0]
    assert table == "  table: royal-marriage KH QH | bezique QS JD (40 pending)"


def test_a_partners_card_declared_by_the_other_names_the_declarer() -> None:
    # EB9, BIC: a partner's table cards may go into a declaration (combine_with_partner_table).
    rules = bz.rules.variants.get("partnership")
    for state in positions(rules, seed=0):
        owner = {c: s for s in range(4) for c in state.table(s)}
        shared = [
            (m, owner[c]) for m in state.melds for c in m.cards if owner.get(c, m.seat) != m.seat
        ]
        if shared:
            break
    else:
        raise AssertionError("no declaration with a partner's card in this deal")
    found, table_seat = shared[0]
    block = seat_block(render_state(state, symbols=False), f"Seat {table_seat}")
    assert any(
        f"{found.kind.value} " in text and f"(declared by Seat {found.seat})" in text
        for text in block
    )


def test_the_winners_turn_says_who_may_declare_and_the_card_taken_by_the_exchange() -> None:
    # S000 law 8: the seven of trumps exchanged for the turn-up after a trick won.
    state = build(trump="H", hand="7H KC QC 9S")
    turn_up = face_of(state.turn_up or 0)
    state = state.apply("exchange")
    board = render_view(state.view(0), symbols=False)
    # The exchange is not the trick's declaration in the classic game (S000 law 8).
    assert line(board, "Declaring: ") == [
        f"Declaring: Seat 0 may declare after trick {len(state.tricks)} (made so far: none); "
        f"{turn_up} taken by the exchange"
    ]
    assert line(board, "To act: ") == ["To act: Seat 0, to declare or draw"]


def test_a_right_to_declare_passed_on_is_drawn() -> None:
    # BIC, EB9, S004: the trick's winner may pass the right to declare to the partner.
    state = bz.new_deal(bz.rules.variants.get("partnership"), seed=2)
    while state.window is None or bz.PassToPartner() not in state.legal_actions():
        seat = state.current_player
        assert seat is not None
        state = state.apply(RandomPlayer(seat).choose(state.view(seat)))
    winner = state.current_player
    state = state.apply(bz.PassToPartner())
    assert state.window is not None
    board = render_view(state.view(0), symbols=False)
    assert f"Declaring: Seat {state.window.seat} may declare" in line(board, "Declaring: ")[0]
    assert f"passed on by Seat {winner}" in line(board, "Declaring: ")[0]


def test_carte_blanche_offers_are_drawn() -> None:
    # HGM, FOS p.334: every seat is asked, the non-dealer first.
    state = bz.new_deal(bz.rules.variants.get("six-pack"), seed=1)
    board = render_view(state.view(1), symbols=False)
    assert line(board, "Carte blanche: ") == [
        "Carte blanche: to show or pass, in turn: Seat 1, Seat 0"
    ]
    assert line(board, "To act: ") == ["To act: Seat 1, to show a carte blanche or pass"]
    assert line(board, "Trumps: ") == ["Trumps: not fixed yet; stock: 168 cards"]


def test_end_phase_and_finished_deal() -> None:
    states = list(positions(CLASSIC, seed=3))
    end = next(s for s in states if s.phase is bz.Phase.END)
    assert "the stock is exhausted" in line(render_state(end, symbols=False), "Trumps: ")[0]
    over = states[-1]
    assert over.is_over
    board = render_view(over.view(0), symbols=False)
    assert board.splitlines()[0] == "classic: the deal is over; seen by Seat 0"
    last = over.tricks[-1]
    assert line(board, "Last trick ") == [
        "Last trick (32): "
        + ", ".join(
            f"Seat {s} {face_of(c)}"
            for s, c in zip((last.leader, 1 - last.leader), last.cards, strict=True)
        )
        + f"; won by Seat {last.winner}"
    ]


def test_the_seats_may_be_named() -> None:
    state = bz.new_deal(CLASSIC, seed=1)
    board = render_view(state.view(1), symbols=False, names=["North", "South"])
    assert board.splitlines()[0].endswith("seen by South")
    assert line(board, "Scores: ") == ["Scores: North 0, South 0"]
    with pytest.raises(bz.BeziqueError, match="3 names for 2 seats"):
        render_view(state.view(1), names=["a", "b", "c"])


def test_a_game_of_a_fixed_number_of_deals_is_headed_by_them() -> None:
    """A multi-pack game ends after a number of deals (one by default: each deal a
    game, BIC), not at a target: the board says which deal of how many, as the
    picture does."""
    game = bz.new_game(bz.variants.RUBICON.evolve(deals=3), seed=3)
    assert render_game(game, symbols=False).splitlines()[0] == "Game: deal 1 of 3"
    assert "Game: deal 1 of 3" in draw(game.view(0))


def test_a_game_is_drawn_with_its_totals_and_its_end() -> None:
    rules = CLASSIC.evolve(target=200)
    game = bz.new_game(rules, seed=5)
    seats: list[Player] = [RuleOfThumbPlayer(), RandomPlayer(1)]
    start = render_game(game, symbols=False)
    assert start.splitlines()[:2] == ["Game to 200, deal 1", "Game totals: Seat 0 0, Seat 1 0"]
    assert game.render(symbols=False) == start
    assert game.render(seat=1, symbols=False).endswith(
        render_view(game.deal.view(1), symbols=False)
    )
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game = game.apply(seats[seat].choose(game.deal.view(seat)))
    board = render_game(game, symbols=False).splitlines()
    assert board[0] == f"Game to 200, deal {len(game.results)}"
    assert board[1] == f"Game totals: Seat 0 {game.totals[0]}, Seat 1 {game.totals[1]}"
    assert board[2] == f"The game is over: Seat {game.winner} won"
    assert board[3] == "classic: the deal is over"
    # A game's view carries the game: its board has the same head.
    view = render_view(game.view(0), symbols=False).splitlines()
    assert view[:3] == board[:3]
    assert render_game(game, seat=0, symbols=False).splitlines() == view
    assert render_view(game.deal.view(0), symbols=False).splitlines()[0] == view[3]
    assert view[3] == f"{board[3]}; seen by Seat 0"


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (ScoreEvent(0, 10, ScoreSource.TURN_UP_SEVEN), "for turning up the seven of trumps"),
        (ScoreEvent(0, 10, ScoreSource.SEVEN_OF_TRUMPS), "for the seven of trumps"),
        (ScoreEvent(0, 10, ScoreSource.EXCHANGE, "KH"), "for exchanging the seven (takes K♥)"),
        (ScoreEvent(0, 40, ScoreSource.DECLARATION, "bezique"), "for a bezique"),
        (ScoreEvent(0, 10, ScoreSource.LAST_TRICK, "trick 32"), "for the last trick (trick 32)"),
        (ScoreEvent(0, 80, ScoreSource.BRISQUES, "8"), "for brisques (8)"),
        (ScoreEvent(0, 250, ScoreSource.CARTE_BLANCHE), "for a carte blanche"),
        (ScoreEvent(0, 50, ScoreSource.CUT), "for the cut"),
    ],
)
def test_every_score_is_described(event: ScoreEvent, text: str) -> None:
    assert describe_event(event, symbols=True) == text
    assert describe_event(event) == ascii_text(text)


def test_the_board_reads_only_the_view() -> None:
    # A view holds only what its seat may know (S000 law 6): the other hand is not drawn,
    # only how many cards it holds.
    state = bz.new_deal(CLASSIC, seed=1)
    board = render_view(state.view(1), symbols=False)
    other = seat_block(board, "Seat 0")
    assert other == ["Seat 0 (dealer): 8 cards; 0 tricks won"]


def test_a_rule_set_of_ones_own_is_drawn_like_a_preset() -> None:
    # Nothing in the board is written for one preset: a house rule set is drawn too.
    rules = bz.rules.variants.get("three-hand").evolve(
        name="house", last_trick_points=50, double_bezique=350
    )
    for state in positions(rules, seed=9):
        for seat in range(rules.players):
            board = render_view(state.view(seat), symbols=False)
            assert board.startswith("house: ")
            check_board(board, state.view(seat), None)


def test_a_view_read_back_from_json_draws_the_same_board() -> None:
    for state in positions(bz.rules.variants.get("partnership"), seed=4):
        view = state.view(2)
        again = bz.io.view_from_json(bz.view_to_json(view))
        assert again.render(symbols=True) == view.render(symbols=True)


@pytest.mark.parametrize(("name", "seed"), [("polish", 3), ("fildinski", 4)])
def test_the_cards_won_and_the_melds_declared_from_them_are_drawn(name: str, seed: int) -> None:
    """S003, EB11: where melds are shown from the cards won, the cards won lie face
    up in front of their winner (under EB11 the scoring cards only), and the melds
    stay among them. Every seat's board lists each seat's open cards, the declared
    ones under their melds; a seat with melds does not read as having nothing."""
    state = melds_from_won(name, seed, 3)
    for seat in range(state.players):
        view = state.view(seat)
        board = render_view(view, symbols=False)
        for owner in range(state.players):
            block = seat_block(board, f"Seat {owner}")
            won = view.open_cards[owner]
            if won:
                assert f", {len(won)} cards face up" in block[0]
            declared = " ".join(t for t in block if t.startswith("  declared from the cards won"))
            for meld_ in (m for m in view.melds if m.seat == owner):
                assert f"{meld_.kind.value} " in declared
                assert Counter(faces_in(declared)) >= Counter(face_of(c) for c in meld_.cards)
            if not any(m.seat == owner for m in view.melds):
                assert declared == ""
    assert state.melds  # the position has melds from the cards won
    whole = render_state(state, symbols=False)
    assert "declared from the cards won: " in whole
