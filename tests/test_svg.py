"""The SVG pictures of a position (:mod:`bezique.display.svg`).

Every picture is read back as XML and checked against the view or state it was
drawn from: the cards drawn face up in each seat's place, in the trick and at
the stock are exactly those the seat may see, the hidden cards are card backs
and no more, the scores and counts are written out, the table cards are
grouped by the melds they were declared in. Over every preset of
``bezique.variants`` (two, three and four seats, partnerships, multi-pack).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from pictures import SVG, groups, one, parse
from positions import build, meld, melds_from_won

import bezique as bz
from bezique import DealState, Phase, SeatError, SeatView
from bezique.cards import face_of
from bezique.display import svg
from bezique.io import view_from_json, view_to_json
from bezique.rules import variants


def faces_drawn(element: ET.Element) -> Counter[str]:
    """The faces of the cards drawn face up under ``element``, from their titles."""
    titles = (card.findtext(f"{SVG}title") or "" for card in groups(element, "card"))
    return Counter(title.split(" (")[0] for title in titles)


def backs_drawn(element: ET.Element) -> int:
    return len(groups(element, "card-back"))


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter(f"{SVG}text")]


def faces(cards: Iterable[int]) -> Counter[str]:
    return Counter(face_of(c).display() for c in cards)


def check_view_picture(view: SeatView, text: str) -> None:
    """The picture of ``view`` draws exactly what the view holds: the seat's hand
    and every table face up, of the other hands only the cards they have shown
    (the rest as backs), the trick (or the last trick) and the turn-up; the scores
    and the stock's count written out; the seat to act outlined."""
    root = parse(text)
    seen: Counter[str] = Counter()
    for seat in range(view.players):
        panel = one(root, f"seat-{seat}")
        table = [t.card for t in view.tables[seat]]
        shown = view.hand if seat == view.seat else view.known[seat]
        hidden = 0 if seat == view.seat else view.hand_sizes[seat] - len(table) - len(shown)
        # Where melds are shown from the cards won, they lie face up for all to see.
        won = view.open_cards[seat]
        assert faces_drawn(panel) == faces([*shown, *table, *won]), f"seat {seat}"
        assert backs_drawn(panel) == hidden, f"seat {seat}"
        assert f"{view.scores[seat]} points" in texts(panel)
        assert ("to-act" in (panel.get("class") or "")) == (view.current_player == seat)
        seen += faces_drawn(panel)
    trick = view.trick or (view.tricks[-1].cards if view.tricks else ())
    assert faces_drawn(one(root, "trick")) == faces(trick)
    stock = one(root, "stock")
    turn_up = () if view.turn_up is None else (view.turn_up,)
    assert faces_drawn(stock) == faces(turn_up)
    if not view.stock_size:
        caption = "stock: exhausted"
    elif view.turn_up is not None:
        caption = f"stock: {view.stock_size} to draw, the turn-up last"
        if view.stock_size > 1:
            # The number on the pile counts the cards face down, one fewer.
            assert str(view.stock_size - 1) in texts(stock)
    else:
        caption = f"stock: {view.stock_size} to draw"
    assert caption in texts(stock)
    scores = texts(one(root, "scores"))
    for seat, points in enumerate(view.scores):
        assert f"seat {seat}: {points}" in scores
    for side, points in enumerate(view.rules.side_totals(view.scores) if view.rules.sides else ()):
        assert any(
            line.startswith(f"side {side} ") and line.endswith(f": {points}") for line in scores
        )
    # Nothing else is drawn face up.
    assert faces_drawn(root) == seen + faces(trick) + faces(turn_up)


def playout(rules: bz.Rules, seed: int) -> Iterator[DealState]:
    """A deal played with seeded random legal actions: its first state, one early
    in the stock, one late in it, the first of the end phase and the last."""
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed)
    yield state
    steps = 0
    end = False
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
        if steps in (12, 5 * rules.stock_tricks) or (state.phase is Phase.END and not end):
            yield state
        end = end or state.phase is Phase.END
    yield state


PRESETS = [name for name, _ in variants.names()]


@pytest.mark.parametrize("name", PRESETS)
def test_every_seat_view_of_every_preset_draws_what_the_seat_may_see(name: str) -> None:
    """S000 law 6: the stock is face down and the other hands are concealed; a
    seat sees its own hand, the tables and the tricks as they are played."""
    rules = variants.get(name)
    for state in playout(rules, seed=len(name)):
        for seat in range(state.players):
            view = state.view(seat)
            check_view_picture(view, svg.draw(view))


@pytest.mark.parametrize("name", PRESETS)
def test_the_whole_deal_of_every_preset_draws_every_hand_face_up(name: str) -> None:
    rules = variants.get(name)
    for state in playout(rules, seed=len(name) + 1):
        root = parse(svg.draw(state))
        for seat in range(state.players):
            panel = one(root, f"seat-{seat}")
            won = state.view(seat).open_cards[seat]
            drawn = faces([*state.hand(seat), *state.table(seat), *won])
            assert faces_drawn(panel) == drawn
            assert backs_drawn(panel) == 0
        assert backs_drawn(root) == min(3, state.stock_size - (state.turn_up is not None))


def test_a_view_draws_none_of_the_cards_hidden_from_its_seat() -> None:
    """S000 law 6: seat 1 holds both aces and both tens of spades, concealed; the
    picture of seat 0's view names none of them, the whole deal names them all."""
    state = build(
        trump="S",
        hand="AH TH",
        table=[meld("bezique", "QSa JDa")],
        other_hand="AS AS TS TS",
    )
    hidden = ("A♠", "T♠")
    seen = svg.draw(state.view(0))
    assert not any(face in seen for face in hidden)
    # Seven cards: seat 0 has won a trick and no one has drawn yet.
    assert backs_drawn(one(parse(seen), "seat-1")) == 7
    whole = faces_drawn(parse(svg.draw(state)))
    assert whole["A♠"] == whole["T♠"] == 2


def test_table_cards_are_grouped_by_the_melds_they_were_declared_in() -> None:
    """A queen in a bezique and a royal marriage makes one group of the three
    cards, labelled with both kinds; a common marriage is a group of its own
    (S000 law 7: a card may be declared again in a meld of another kind)."""
    state = build(
        trump="S",
        hand="AH",
        table=[
            meld("bezique", "QSa JDa"),
            meld("royal-marriage", "KSa QSa"),
            meld("common-marriage", "KHa QHa"),
        ],
    )
    for text in (svg.draw(state), svg.draw(state.view(0)), svg.draw(state.view(1))):
        panel = one(parse(text), "seat-0")
        melds = groups(panel, "meld")
        labels = [texts(g)[0] for g in melds]
        assert labels == ["royal marriage, bezique", "common marriage"]
        assert [faces_drawn(g) for g in melds] == [
            Counter(["K♠", "Q♠", "J♦"]),
            Counter(["K♥", "Q♥"]),
        ]
        queen = next(
            c for c in groups(melds[0], "card") if "Q♠" in (c.findtext(f"{SVG}title") or "")
        )
        assert queen.findtext(f"{SVG}title") == "Q♠ (declared in royal marriage, bezique)"
        assert "100 points" in texts(panel)


@pytest.mark.parametrize("name", ["classic", "polish", "fildinski", "partnership", "six-pack"])
def test_every_card_drawn_face_up_carries_its_machine_ids(name: str) -> None:
    """A page makes the picture clickable from the ids alone: every card face up
    carries ``data-card`` (the card as the notation names it: its face, and a
    declared card's histories), ``data-id``, ``data-zone`` and, but for the
    turn-up, ``data-seat``; a card back none of them. A click on a card of the
    seat's hand or table is the action ``play`` of that name: every legal play of
    the view's seat is a card so drawn, copies with other histories told apart."""
    rules = variants.get(name)
    for state in playout(rules, seed=7):
        for seat in range(state.players):
            view = state.view(seat)
            root = parse(svg.draw(view))
            cards = groups(root, "card")
            for card in cards:
                face = face_of(int(card.get("data-id") or -1))
                named = card.get("data-card") or ""
                # The face, with a declared card's histories as the notation names it.
                assert named.split("[")[0] == str(face)
                assert str(bz.CardRef.parse(named)) == named
                assert (card.findtext(f"{SVG}title") or "").split(" (")[0] == face.display()
                zone = card.get("data-zone")
                assert zone in ("hand", "table", "won", "trick", "turn-up")
                assert (card.get("data-seat") is None) == (zone == "turn-up")
            for back in groups(root, "card-back"):
                assert not any(key.startswith("data-") for key in back.attrib)
            mine = {
                f"play {card.get('data-card')}"
                for card in cards
                if card.get("data-seat") == str(seat) and card.get("data-zone") in ("hand", "table")
            }
            plays = {str(a) for a in view.legal_actions() if isinstance(a, bz.Play)}
            assert plays <= mine
            for group in groups(root, "meld"):
                kinds = (group.get("data-melds") or "").split()
                assert all(bz.MeldKind(kind) for kind in kinds)


def test_the_partnership_scores_are_drawn_by_seat_and_by_side() -> None:
    """Partners' scores are added up by side (S004, BIC)."""
    state = bz.new_deal(variants.PARTNERSHIP, seed=4)
    rng = random.Random(4)
    while min(state.side_scores) == 0:
        state = state.apply(rng.choice(state.legal_actions()))
    scores = texts(one(parse(svg.draw(state.view(2))), "scores"))
    side_0 = state.scores[0] + state.scores[2]
    assert f"side 0 (seats 0, 2): {side_0}" in scores
    assert f"side 1 (seats 1, 3): {state.scores[1] + state.scores[3]}" in scores


def test_a_game_is_drawn_as_its_current_deal_with_the_game_totals() -> None:
    rules = variants.CLASSIC.evolve(target=200)
    game = bz.new_game(rules, seed=2)
    rng = random.Random(2)
    pictures = [game._repr_svg_()]
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
    pictures.append(game._repr_svg_())
    first, last = (texts(one(parse(p), "scores")) for p in pictures)
    assert "Game to 200, deal 1" in first
    assert "seat 0: 0" in first
    assert "seat 1: 0" in first
    assert f"Game to 200, deal {len(game.results)}" in last
    for seat, total in enumerate(game.scores):
        assert f"seat {seat}: {total}" in last
    assert f"game over: won by seat {game.winner}" in last
    check_view_picture(game.deal.view(1), svg.draw(game, seat=1))


def test_a_games_view_is_drawn_with_the_target_and_the_totals() -> None:
    """A game's view carries the game around its deal (``SeatView.game``): its
    picture shows the target and the totals, as the game's own picture does; the
    view read back from JSON draws the same."""
    rules = variants.CLASSIC.evolve(target=300)
    game = bz.new_game(rules, seed=3)
    rng = random.Random(3)
    while len(game.results) < 1 or not any(game.deal.scores):
        game = game.apply(rng.choice(game.legal_actions()))
    view = game.view(0)
    picture = svg.draw(view)
    assert picture == svg.draw(game, seat=0)
    assert svg.draw(view_from_json(view_to_json(view))) == picture
    scores = texts(one(parse(picture), "scores"))
    assert "Game to 300, deal 2" in scores
    for seat, total in enumerate(game.scores):
        assert f"seat {seat}: {total}" in scores
    assert "Game to 300, deal 2" not in svg.draw(game.deal.view(0))
    check_view_picture(game.deal.view(0), picture)


def test_the_notebook_pictures_are_those_of_draw() -> None:
    state = bz.new_deal(variants.THREE_HAND, seed=5)
    view = state.view(2)
    game = bz.new_game(variants.THREE_HAND, seed=5)
    assert view._repr_svg_() == svg.draw(view) == svg.draw(state, seat=2)
    assert state._repr_svg_() == svg.draw(state) == svg.draw(state.perfect_information_view())
    assert game._repr_svg_() == svg.draw(game)
    assert svg.draw(game) != svg.draw(game.deal)  # the game's totals are drawn too


def test_pictures_are_deterministic() -> None:
    state = bz.new_deal(variants.RUBICON, seed=9)
    rng = random.Random(9)
    for _ in range(40):
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert svg.draw(state) == svg.draw(state)
    assert svg.draw(bz.io.load_state(bz.state_to_json(state))) == svg.draw(state)
    assert svg.draw(view_from_json(view_to_json(view))) == svg.draw(view)


def test_the_document_is_standalone_svg_1_1() -> None:
    """A viewBox, a size, text in a generic font family, nothing fetched from elsewhere."""
    text = svg.draw(bz.new_deal(variants.FOUR_HAND, seed=3).view(0))
    root = parse(text)
    width, height = int(root.get("width") or 0), int(root.get("height") or 0)
    assert root.get("version") == "1.1"
    assert root.get("viewBox") == f"0 0 {width} {height}"
    assert width > 0
    assert height > 0
    assert root.get("font-family") == "sans-serif"
    for element in root.iter():
        assert element.tag.split("}")[1] not in ("image", "script", "foreignObject", "style")
        assert not any("href" in name or "url(" in value for name, value in element.attrib.items())
    assert text.endswith("</svg>\n")


def test_free_text_is_escaped() -> None:
    rules = variants.CLASSIC.evolve(name='<b>"house" & co</b>\x07')
    root = parse(svg.draw(bz.new_deal(rules, seed=1)))
    assert root.findtext(f"{SVG}title") == '<b>"house" & co</b>: the whole deal'


def test_save_writes_the_picture(tmp_path: Path) -> None:
    state = bz.new_deal(variants.CLASSIC, seed=1)
    path = svg.save(state, tmp_path / "deal.svg", seat=0)
    assert path == tmp_path / "deal.svg"
    assert path.read_text(encoding="utf-8") == svg.draw(state.view(0))


def test_bad_subjects_and_seats_are_refused() -> None:
    state = bz.new_deal(variants.CLASSIC, seed=1)
    with pytest.raises(TypeError, match=r"draw\(\): subject must be a SeatView.*not str"):
        svg.draw("QS")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat must be an int"):
        svg.draw(state, seat="1")  # type: ignore[arg-type]
    with pytest.raises(SeatError, match="seat 0's view"):
        svg.draw(state.view(0), seat=1)
    with pytest.raises(SeatError, match="no seat 2"):
        svg.draw(state, seat=2)
    assert svg.draw(state.view(0), seat=0) == svg.draw(state.view(0))


def test_counts_of_one_are_in_the_singular() -> None:
    """A seat that has won one trick (holding one brisque) reads "1 trick won · 1
    brisque", as the text board says it."""
    rng = random.Random(5)
    for seed in range(40):
        state = bz.new_deal(variants.CLASSIC, seed=seed)
        while not state.is_over:
            won = [t for t in state.tricks if t.winner == 0]
            brisques = sum(face_of(c).rank.is_brisque for t in won for c in t.cards)
            if len(won) == 1 and brisques == 1:
                picture = svg.draw(state.view(0))
                assert "1 trick won · 1 brisque<" in picture
                assert "1 tricks" not in picture
                assert "1 brisques" not in picture
                return
            state = state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no deal gave seat 0 one trick holding one brisque")


@pytest.mark.parametrize(("name", "seed"), [("polish", 3), ("fildinski", 4)])
def test_the_cards_won_and_the_melds_declared_from_them_are_drawn(name: str, seed: int) -> None:
    """S003, EB11: where melds are shown from the cards won, each seat's open cards
    lie face up in front of it (EB11: the scoring cards only, the rest turned
    down), the melds among them; every seat sees them. Each meld is a group with
    its kinds (``data-melds``), its cards in the zone ``won`` of their seat, as a
    page needs them to declare by clicking."""
    state = melds_from_won(name, seed, 3)
    for seat in range(state.players):
        view = state.view(seat)
        root = parse(svg.draw(view))
        check_view_picture(view, svg.draw(view))
        for owner in range(state.players):
            panel = one(root, f"seat-{owner}")
            won = view.open_cards[owner]
            cards_won = sum(len(t.cards) for t in view.tricks if t.winner == owner)
            down = cards_won - len(won)
            where = f"{len(won)} won face up" + (f", {down} turned down" if down else "")
            assert any(where in line for line in texts(panel))
            in_won = [c for c in groups(panel, "card") if c.get("data-zone") == "won"]
            assert Counter((c.get("data-card") or "").split("[")[0] for c in in_won) == Counter(
                str(face_of(c)) for c in won
            )
            assert {c.get("data-seat") for c in in_won} <= {str(owner)}
            drawn = {
                frozenset(int(c.get("data-id") or -1) for c in groups(g, "card")): (
                    g.get("data-melds") or ""
                ).split()
                for g in groups(panel, "meld")
            }
            for meld_ in (m for m in view.melds if m.seat == owner):
                group_ = next(cards for cards in drawn if set(meld_.cards) <= cards)
                assert meld_.kind.value in drawn[group_]
    if name == "fildinski":
        # The turned-down cards won are counted, not drawn.
        assert any(len(state.won_cards(s)) > len(state.view(s).open_cards[s]) for s in range(2))
    root = parse(svg.draw(state))
    assert groups(root, "meld")
