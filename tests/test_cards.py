"""Card faces, ranks, suits and physical card ids, with their text forms."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bezique import Card, NotationError, Rank, Suit, card_id_name, face_of, parse_card_id
from bezique.cards import FACES, FACES_PER_PACK, parse_cards

SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
HOLLOW = {Suit.SPADES: "♤", Suit.HEARTS: "♡", Suit.DIAMONDS: "♢", Suit.CLUBS: "♧"}
LETTERS = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}
RANK_LETTERS = {
    Rank.ACE: "A",
    Rank.TEN: "T",
    Rank.KING: "K",
    Rank.QUEEN: "Q",
    Rank.JACK: "J",
    Rank.NINE: "9",
    Rank.EIGHT: "8",
    Rank.SEVEN: "7",
}


def test_there_are_32_distinct_faces_indexed_in_order() -> None:
    assert len(FACES) == FACES_PER_PACK == 32
    assert len(set(FACES)) == 32
    for index, face in enumerate(FACES):
        assert face.index == index
        assert Card.from_index(index) is face


@pytest.mark.parametrize("face", FACES, ids=str)
def test_every_face_round_trips_through_every_text_form(face: Card) -> None:
    rank, suit = RANK_LETTERS[face.rank], LETTERS[face.suit]
    assert str(face) == rank + suit
    assert face.display() == rank + SYMBOLS[face.suit]
    assert repr(face) == f"Card.parse({rank + suit!r})"
    forms = [
        rank + suit,
        (rank + suit).lower(),
        rank.lower() + suit,
        f"  {rank}{suit}\t",
        rank + SYMBOLS[face.suit],
        rank.lower() + SYMBOLS[face.suit],
        rank + HOLLOW[face.suit],
    ]
    if face.rank is Rank.TEN:
        forms += ["10" + suit, "10" + suit.lower(), "10" + SYMBOLS[face.suit]]
    for text in forms:
        assert Card.parse(text) == face, text
    assert Card.parse(str(face)) is face
    assert Card.parse(face.display()) is face


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QS", Card(Suit.SPADES, Rank.QUEEN)),
        ("qs", Card(Suit.SPADES, Rank.QUEEN)),
        ("TD", Card(Suit.DIAMONDS, Rank.TEN)),
        ("10D", Card(Suit.DIAMONDS, Rank.TEN)),
        ("Q♠", Card(Suit.SPADES, Rank.QUEEN)),
        ("Q♤", Card(Suit.SPADES, Rank.QUEEN)),
        ("j♢", Card(Suit.DIAMONDS, Rank.JACK)),
        ("a♡", Card(Suit.HEARTS, Rank.ACE)),
        ("7♧", Card(Suit.CLUBS, Rank.SEVEN)),
    ],
)
def test_parse_accepts_the_documented_spellings(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


def test_suit_and_rank_parse_and_print() -> None:
    for suit in Suit:
        assert Suit.parse(LETTERS[suit]) is suit
        assert Suit.parse(LETTERS[suit].lower()) is suit
        assert Suit.parse(SYMBOLS[suit]) is suit
        assert Suit.parse(HOLLOW[suit]) is suit
        assert str(suit) == suit.letter == LETTERS[suit]
        assert suit.symbol == SYMBOLS[suit]
    for rank in Rank:
        assert Rank.parse(RANK_LETTERS[rank]) is rank
        assert Rank.parse(RANK_LETTERS[rank].lower()) is rank
        assert str(rank) == rank.letter == RANK_LETTERS[rank]
    assert Rank.parse("10") is Rank.TEN


def test_trick_order_is_ace_ten_king_queen_jack_nine_eight_seven() -> None:
    """S000 law 6: the ace highest, the ten next, then king, queen, knave, nine..."""
    high_to_low = [Rank.parse(letter) for letter in ["A", "T", "K", "Q", "J", "9", "8", "7"]]
    assert sorted(Rank, reverse=True) == high_to_low
    for higher, lower in itertools.pairwise(high_to_low):
        assert higher > lower
    assert Rank.TEN > Rank.KING
    assert max(Rank) == Rank.ACE
    assert min(Rank) == Rank.SEVEN


def test_faces_sort_by_suit_then_trick_rank() -> None:
    cards = parse_cards("AH 7S TS KS 7H QC")
    assert [str(c) for c in sorted(cards)] == ["7S", "KS", "TS", "7H", "AH", "QC"]
    assert Card.parse("TS") > Card.parse("KS")
    assert Card.parse("7H") > Card.parse("AS")


def test_brisques_are_the_aces_and_tens() -> None:
    """S000 law 11: each ace and ten won scores."""
    assert {r for r in Rank if r.is_brisque} == {Rank.ACE, Rank.TEN}
    assert sum(1 for f in FACES if f.rank.is_brisque) == 8


def test_court_cards_are_king_queen_jack() -> None:
    assert {r for r in Rank if r.is_court} == {Rank.KING, Rank.QUEEN, Rank.JACK}
    assert not Rank.TEN.is_court
    assert not Rank.ACE.is_court


def test_parse_cards_splits_on_spaces_and_commas() -> None:
    assert parse_cards("QS, JD  10H") == (
        Card.parse("QS"),
        Card.parse("JD"),
        Card.parse("TH"),
    )
    assert parse_cards(["QS", "J♦"]) == (Card.parse("QS"), Card.parse("JD"))
    assert parse_cards("") == ()


@pytest.mark.parametrize("packs", range(1, 9))
def test_physical_card_names_round_trip_for_1_to_8_packs(packs: int) -> None:
    names = [card_id_name(card_id) for card_id in range(packs * FACES_PER_PACK)]
    assert len(set(names)) == len(names)
    for card_id, name in enumerate(names):
        copy, face = divmod(card_id, FACES_PER_PACK)
        assert name == str(FACES[face]) + "abcdefgh"[copy]
        assert parse_card_id(name) == card_id
        assert face_of(card_id) is FACES[face]


def test_physical_card_examples() -> None:
    qs = Card.parse("QS")
    assert card_id_name(qs.index) == "QSa"
    assert card_id_name(qs.index + 32) == "QSb"
    assert parse_card_id("QSb") == qs.index + 32
    assert parse_card_id("10Sb") == parse_card_id("TSb")
    assert parse_card_id(" QSa ") == qs.index
    assert parse_card_id("q♠b") == qs.index + 32


@pytest.mark.parametrize(
    "text",
    ["", " ", "Q", "S", "QX", "XS", "1D", "11D", "QSS", "Q S D", "KK", "♠Q", "Ｑ♠", "10", "-"],
)
def test_junk_is_not_a_card(text: str) -> None:
    with pytest.raises(NotationError, match="not a card"):
        Card.parse(text)


@pytest.mark.parametrize("text", ["", "QS", "QSA", "QS1", "Sa", "QXa", "QS{"])
def test_junk_is_not_a_physical_card(text: str) -> None:
    with pytest.raises(NotationError):
        parse_card_id(text)


def test_copy_letter_must_be_an_ascii_letter() -> None:
    """``card_id_name`` writes copies as ``a``..``z``; nothing else names a copy."""
    for text in ("QSé", "QSß", "QSя"):
        with pytest.raises(NotationError):
            parse_card_id(text)


def test_faces_and_ids_out_of_range_are_refused() -> None:
    with pytest.raises(NotationError):
        Card.from_index(32)
    with pytest.raises(NotationError):
        Card.from_index(-1)
    with pytest.raises(NotationError):
        card_id_name(26 * FACES_PER_PACK)


def test_error_messages_name_the_text() -> None:
    with pytest.raises(NotationError, match="'ZZ'") as info:
        Card.parse("ZZ")
    assert "e.g." in str(info.value) or "expected" in str(info.value)
    with pytest.raises(NotationError, match="not a suit"):
        Suit.parse("X")
    with pytest.raises(NotationError, match="not a rank"):
        Rank.parse("1")


TEXT = st.one_of(
    st.text(),
    st.text(alphabet=st.sampled_from(list("AaTtKkQqJj987 10SsHhDdCc♠♥♦♣♤♡♢♧éxb,"))),
)


def outcome(parse: Callable[[str], object], text: str) -> object:
    """What a parser gives for ``text``: its value, or the NotationError it raised."""
    try:
        return parse(text)
    except NotationError as error:
        return error


@given(TEXT)
def test_arbitrary_text_raises_only_notation_error(text: str) -> None:
    """Whatever the text, the parsers give a value or a NotationError, nothing else."""
    face = outcome(Card.parse, text)
    assert isinstance(face, (Card, NotationError))
    if isinstance(face, Card):
        assert Card.parse(str(face)) is face
    assert isinstance(outcome(parse_card_id, text), (int, NotationError))
    faces = outcome(parse_cards, text)
    assert isinstance(faces, (tuple, NotationError))
    if isinstance(faces, tuple):
        assert all(isinstance(f, Card) for f in faces)
    suit = outcome(Suit.parse, text)
    assert isinstance(suit, (Suit, NotationError))
    rank = outcome(Rank.parse, text)
    assert isinstance(rank, (Rank, NotationError))
    for result in (face, faces, suit, rank):
        if isinstance(result, NotationError):
            assert str(result)


@given(st.sampled_from(FACES))
def test_parsed_face_is_the_shared_instance(face: Card) -> None:
    assert Card.parse(str(face).lower()) is face
    assert Card(face.suit, face.rank) == face
    assert hash(Card(face.suit, face.rank)) == hash(face)
