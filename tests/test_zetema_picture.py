"""Zetema's SVG picture (:mod:`bezique.zetema.picture`).

Every picture is read back as XML and checked against the view or state it was
drawn from: the cards face up in each seat's place are exactly those the seat
may see (its own hand; of the others, the cards they have shown), the hidden
ones are card backs, the tableau's piles and the marriage pile are drawn face
up, every card face up carries the machine ids of the family's pictures, and a
click on a card of the seat's own hand is the discard of that face.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Iterator

import pytest
from pictures import groups, one, parse

from bezique import variants, zetema
from bezique.zetema.picture import draw


def faces_drawn(element: ET.Element, zone: str | None = None) -> Counter[str]:
    return Counter(
        card.get("data-card") or ""
        for card in groups(element, "card")
        if zone is None or card.get("data-zone") == zone
    )


def names(faces: Iterable[int]) -> Counter[str]:
    return Counter(zetema.face_name(face) for face in faces)


def positions(players: int, seed: int) -> Iterator[zetema.ZetemaState]:
    """A game played with seeded random legal actions, a state every few turns."""
    rules = zetema.ZETEMA.evolve(players=players)
    state = zetema.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for step in range(120):
        if step % 9 == 0:
            yield state
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_actions()))
    yield state


def check_view_picture(view: zetema.ZetemaView, text: str) -> None:
    root = parse(text)
    assert root.get("data-click") == "discard"
    seen: Counter[str] = Counter()
    for seat in range(view.players):
        panel = one(root, f"seat-{seat}")
        shown = view.hand if seat == view.seat else view.shown[seat]
        assert faces_drawn(panel) == names(shown), f"seat {seat}"
        backs = 0 if seat == view.seat else view.hand_sizes[seat] - len(view.shown[seat])
        assert len(groups(panel, "card-back")) == backs
        assert f"{view.scores[seat]} points" in "".join(panel.itertext())
        assert ("to-act" in (panel.get("class") or "")) == (view.current_player == seat)
        seen += faces_drawn(panel)
    tableau = Counter[str]()
    for pile in view.tableau:
        tableau += names(pile)
    assert faces_drawn(root, "tableau") == tableau
    assert faces_drawn(root, "marriage-pile") == names(view.marriage_pile)
    # Nothing else is drawn face up: the stock and the zetema pile lie face down.
    assert faces_drawn(root) == seen + tableau + names(view.marriage_pile)
    stock = "".join(one(root, "stock").itertext())
    assert f"stock: {view.stock_size} to draw" in stock
    zetema_pile = "".join(one(root, "zetema-pile").itertext())
    assert f"zetema pile: {len(view.zetema_pile)} card" in zetema_pile


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_seat_view_draws_what_the_seat_may_see(players: int) -> None:
    """The other hands are concealed, but for the cards shown in a declaration and
    still held; the tableau and the marriage pile are public (S003, PAR-Z)."""
    for state in positions(players, seed=players):
        for seat in range(players):
            view = state.view(seat)
            check_view_picture(view, draw(view))


def test_the_whole_game_draws_every_hand_face_up() -> None:
    for state in positions(3, seed=8):
        root = parse(draw(state))
        for seat in range(3):
            panel = one(root, f"seat-{seat}")
            assert faces_drawn(panel) == names(state.hands[seat])
            assert not groups(panel, "card-back")


def test_every_card_face_up_carries_its_machine_ids_and_a_click_discards_it() -> None:
    """A page makes the picture clickable from the ids alone, as Bezique's: each
    card face up has ``data-card`` (its face as the action notation writes it),
    ``data-id`` (the face's number), ``data-zone`` and, in a hand, ``data-seat``; a
    card back none. Every legal discard of the seat to act is a click on a card of
    its hand (the document's ``data-click`` is the verb)."""
    clicked = 0
    for state in positions(2, seed=5):
        seat = state.current_player
        if seat is None:
            continue
        view = state.view(seat)
        root = parse(draw(view))
        for card in groups(root, "card"):
            face = int(card.get("data-id") or -1)
            assert card.get("data-card") == zetema.face_name(face)
            zone = card.get("data-zone")
            assert zone in ("hand", "tableau", "marriage-pile")
            assert (card.get("data-seat") is None) == (zone != "hand")
        for back in groups(root, "card-back"):
            assert not any(key.startswith("data-") for key in back.attrib)
        clicks = {
            f"{root.get('data-click')} {card.get('data-card')}"
            for card in groups(root, "card")
            if card.get("data-seat") == str(seat) and card.get("data-zone") == "hand"
        }
        discards = {str(a) for a in view.legal_actions() if isinstance(a, zetema.Discard)}
        assert discards <= clicks
        clicked += len(discards)
    assert clicked


def test_the_registry_gives_zetema_its_picture() -> None:
    """``bezique serve`` draws a seat's page from the game's ``picture``."""
    game = variants.game_of(zetema.ZETEMA)
    assert game.picture is not None
    view = zetema.new_game(zetema.ZETEMA, seed=1).view(0)
    assert game.picture(view) == draw(view)


def test_the_picture_is_deterministic_and_standalone() -> None:
    view = zetema.new_game(zetema.ZETEMA, seed=4).view(1)
    text = draw(view)
    assert text == draw(view)
    again = variants.view_from_json(variants.view_to_json(view))
    assert isinstance(again, zetema.ZetemaView)
    assert text == draw(again)
    root = parse(text)
    assert root.get("version") == "1.1"
    for element in root.iter():
        assert element.tag.split("}")[1] not in ("image", "script", "foreignObject", "style")


def test_anything_else_is_refused() -> None:
    with pytest.raises(TypeError, match=r"draw\(\): game must be a ZetemaView"):
        draw("KS")  # type: ignore[arg-type]
