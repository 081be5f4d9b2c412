"""Exact positions of a deal, for the scenario and knob tests.

A scenario states a position (the trump suit, the acting player's concealed
hand, the cards on his table with the meld kinds each was declared in, whose
turn it is) and an action. :func:`build` turns such a statement into a
:class:`~bezique.DealState` through its public constructor, filling every
card the statement leaves open so that the position could occur in a real
deal: all cards of the packs are present exactly once, every seat holds the
number of cards the stage of the deal implies, the cards won are split into
completed tricks, and each declared card carries the history of the melds it
was declared in. :func:`assert_honest` checks those invariants, and the tests
call it on every state they reach.

Cards are written as faces (``"QS"``: the next free copy) or as physical cards
(``"QSa"``, ``"QSb"``: that copy). A physical card named in two table melds is
one card declared in both. Fillers given to the players are *inert*: sevens,
eights and nines outside the trump suit, then the eight and nine of trumps;
none of them can belong to a meld, so the legal declarations of a position are
exactly those of the cards the scenario names.

:func:`deal_deck` is the other way to reach a position: it orders a full deck
so that :func:`bezique.new_deal` deals given hands, turn-up and stock.

The steps the scenario, knob and multi-pack tests share are here too:
:func:`legal` (the action is listed, applies, and scores exactly the events
given), :func:`illegal` (it is refused for exactly the reasons given and
changes nothing), :func:`win_trick`, :func:`draw`, :func:`play_trick`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs
import pytest

import bezique as bz
from bezique import (
    Card,
    CardRef,
    DealState,
    Declare,
    DeclaredMeld,
    IllegalActionError,
    MeldKind,
    Phase,
    Play,
    Rank,
    Reason,
    Rules,
    ScoreEvent,
    ScoreSource,
    Suit,
    Trick,
    Window,
)
from bezique.cards import FACES_PER_PACK, card_id_name, face_of, parse_card_id
from bezique.rules import DeclareFrom

__all__ = [
    "CLASSIC",
    "Meld",
    "assert_honest",
    "build",
    "deal_deck",
    "declare",
    "declared",
    "draw",
    "faces",
    "final_trick",
    "illegal",
    "legal",
    "meld",
    "partnership_position",
    "play",
    "play_trick",
    "step",
    "tracks_broken",
    "win_trick",
]

CLASSIC = bz.variants.CLASSIC


@attrs.frozen
class Meld:
    """A meld already declared: its kind and its cards (faces or physical cards)."""

    kind: MeldKind
    cards: str


def meld(kind: MeldKind | str, cards: str) -> Meld:
    """A declared meld, e.g. ``meld("royal-marriage", "KH QH")``."""
    return Meld(MeldKind(kind), cards)


def _tokens(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _is_physical(token: str) -> bool:
    return len(token) >= 3 and token[-1].isalpha() and token[-1].islower()


class _Allocator:
    """Hands out physical card ids: named copies first, then the lowest free copy."""

    def __init__(self, packs: int, reserved: Iterable[int]) -> None:
        self.packs = packs
        self.reserved = set(reserved)
        self.used: set[int] = set()

    def take(self, token: str) -> int:
        if _is_physical(token):
            card = parse_card_id(token)
            if card >= self.packs * FACES_PER_PACK:
                raise ValueError(f"{token} is not in a deck of {self.packs} packs")
            if card in self.used:
                raise ValueError(f"{token} is placed twice")
            self.used.add(card)
            return card
        face = Card.parse(token)
        for copy in range(self.packs):
            card = copy * FACES_PER_PACK + face.index
            if card not in self.used and card not in self.reserved:
                self.used.add(card)
                return card
        raise ValueError(f"no copy of {face} is left for {token!r}")

    def free(self) -> list[int]:
        return [c for c in range(self.packs * FACES_PER_PACK) if c not in self.used]


def _inert_order(trump: Suit | None) -> list[Card]:
    """Faces that belong to no meld whatever the rules: fillers for the players.

    With no trump suit yet (the multi-pack games before the first marriage) no
    seven is a seven of trumps, and those games give it no value anyway.
    """
    plain = [
        Card(suit, rank)
        for rank in (Rank.NINE, Rank.EIGHT, Rank.SEVEN)
        for suit in Suit
        if suit is not trump
    ]
    if trump is None:
        return plain
    return [*plain, Card(trump, Rank.NINE), Card(trump, Rank.EIGHT)]


def tracks_broken(rules: Rules) -> bool:
    """Whether a deal under ``rules`` keeps per-card broken melds (``DealState.broken``):
    when melds may be re-formed or marriages re-paired after a play (docs/rules/rubicon.md)."""
    decl = rules.declarations
    return (
        decl.same_kind_reuse is bz.SameKindReuse.REFORM_AFTER_PLAY
        or decl.marriage_rearrangement is bz.MarriageRearrangement.REPAIR_AFTER_PLAY
    )


def _physical_tokens(texts: Iterable[str]) -> set[int]:
    return {parse_card_id(t) for text in texts for t in _tokens(text) if _is_physical(t)}


def build(
    rules: Rules = CLASSIC,
    *,
    trump: Suit | str | None,
    seat: int = 0,
    hand: str = "",
    table: Sequence[Meld] = (),
    other_hand: str = "",
    other_table: Sequence[Meld] = (),
    won: str = "",
    other_won: str = "",
    stock: str = "",
    turn_up: str | None = None,
    stock_size: int = 20,
    window: bool | None = None,
    led: str | None = None,
    tricks_done: int | None = None,
    dealer: int = 1,
) -> DealState:
    """A position in which ``seat`` is to act.

    * ``trump`` is ``None`` for a multi-pack deal whose trumps no declaration has
      fixed yet (rules without a turn-up).
    * ``stock_size`` counts the cards left to draw, the turn-up included; ``0``
      means the end phase, where ``tricks_done`` says how many tricks are over.
    * ``window``: ``seat`` has just won a trick and has not drawn (stock phase;
      in the end phase only when the rules let melding go on after the close).
      Otherwise ``seat`` is to play: to lead, or, when ``led`` names the card the
      other player led, to follow. By default the window is open in the stock
      phase when no card is led, and closed in the end phase.
    * ``hand``/``table`` belong to ``seat``, ``other_hand``/``other_table`` to the
      other player (with more seats: the seat after ``seat``; the seats after it
      hold inert fillers only); ``won``/``other_won`` are cards in their tricks;
      ``stock`` lists the top of the stock, top first. The rest is filled in.
    * With more than two seats, ``led`` is the card the seat before ``seat`` led.
    * Scores are the points of the melds on the tables (each counted as scored).
    """
    n = rules.players
    other = (seat + 1) % n
    trump_suit = trump if isinstance(trump, Suit) or trump is None else Suit.parse(trump)
    if trump_suit is None and rules.deck.turn_up:
        raise ValueError("with a turn-up there is always a trump suit")
    end = stock_size == 0
    if window is None:
        window = led is None and not end
    if end and tricks_done is None:
        raise ValueError("an end-phase position needs tricks_done")
    if end and rules.deck.turn_up and turn_up is not None:
        raise ValueError("no turn-up is left in the end phase")
    if led is not None and window:
        raise ValueError("a card led to a trick means no winner's window is open")
    first_stock = rules.deck_size - n * rules.deck.hand_size
    if end:
        assert tricks_done is not None
        done = tricks_done
        per_seat = rules.total_tricks - done
    else:
        if stock_size > first_stock or (first_stock - stock_size) % n:
            raise ValueError(f"a stock of {stock_size} cards cannot occur")
        done = (first_stock - stock_size) // n + (1 if window else 0)
        per_seat = rules.deck.hand_size
    seats = [(seat + i) % n for i in range(n)]
    held_target = dict.fromkeys(seats, per_seat)
    # The card led is the previous seat's (with two seats, the other player's).
    leader = (seat - 1) % n if led is not None else seat
    if window:
        if not end:
            held_target = dict.fromkeys(seats, per_seat - 1)
    elif led is not None:
        held_target[leader] -= 1

    texts = [hand, other_hand, won, other_won, stock, led or "", turn_up or ""]
    texts += [m.cards for m in (*table, *other_table)]
    alloc = _Allocator(rules.deck.packs, _physical_tokens(texts))
    # Table melds first: a physical card named in several melds is one card.
    tables = dict.fromkeys(seats, 0)
    history = [0] * rules.deck_size
    melds: list[DeclaredMeld] = []
    scores = [0] * n
    for owner, owned in ((seat, table), (other, other_table)):
        for number, declared in enumerate(owned, start=1):
            ids: list[int] = []
            for token in _tokens(declared.cards):
                if _is_physical(token) and parse_card_id(token) in alloc.used:
                    card = parse_card_id(token)
                    if not tables[owner] >> card & 1:
                        raise ValueError(f"{token} is already placed elsewhere")
                else:
                    card = alloc.take(token)
                ids.append(card)
                tables[owner] |= 1 << card
                history[card] |= declared.kind.bit
            points = rules.meld_value(declared.kind)
            if points is None:
                raise ValueError(f"{declared.kind} has no value in {rules.name}")
            melds.append(
                DeclaredMeld(owner, declared.kind, tuple(sorted(ids)), number, points, True)
            )
            scores[owner] += points
    hands = dict.fromkeys(seats, 0)
    hands[seat] = _mask(alloc.take(t) for t in _tokens(hand))
    hands[other] = _mask(alloc.take(t) for t in _tokens(other_hand))
    wins: dict[int, list[int]] = {s: [] for s in seats}
    wins[seat] = [alloc.take(t) for t in _tokens(won)]
    wins[other] = [alloc.take(t) for t in _tokens(other_won)]
    top = [alloc.take(t) for t in _tokens(stock)]
    trick = (alloc.take(led),) if led is not None else ()
    up: int | None = None
    if not end and rules.deck.turn_up:
        if turn_up is not None:
            up = alloc.take(turn_up)
            if trump_suit is None or face_of(up).suit is not trump_suit:
                raise ValueError(f"turn-up {turn_up} is not of the trump suit {trump_suit}")
        elif trump_suit is not None:
            up = _first_free(alloc, [Card(trump_suit, r) for r in (Rank.EIGHT, Rank.NINE)])
    if end and (top or stock):
        raise ValueError("no stock in the end phase")

    # Fill every seat up to the size the stage implies, with inert cards.
    for owner in seats:
        held = (hands[owner] | tables[owner]).bit_count()
        need = held_target[owner] - held
        if need < 0:
            raise ValueError(
                f"seat {owner} holds {held} cards, more than {held_target[owner]} here"
            )
        for _ in range(need):
            inert = _first_free(alloc, _inert_order(trump_suit))
            filler = alloc.take(card_id_name(alloc.free()[0])) if inert is None else inert
            hands[owner] |= 1 << filler
    # The stock: the named top cards, then the rest.
    rest = alloc.free()
    face_down = 0 if end else stock_size - (1 if up is not None else 0)
    if len(top) > face_down:
        raise ValueError(f"{len(top)} stock cards named but only {face_down} face down")
    fill = rest[: face_down - len(top)]
    stock_ids = (*top, *fill)
    for card in fill:
        alloc.used.add(card)
    # Everything else was won in tricks: pair the cards into completed tricks.
    rest = alloc.free()
    last_winner = seat if (window or led is None) else leader
    tricks = _tricks(rules, done, wins, rest, last_winner, dealer)
    won_masks = dict.fromkeys(seats, 0)
    for t in tricks:
        for card in t.cards:
            won_masks[t.winner] |= 1 << card
    state = DealState(
        rules=rules,
        dealer=dealer,
        phase=Phase.END if end else Phase.STOCK,
        trump=trump_suit,
        turn_up=up,
        stock=stock_ids,
        hand_masks=tuple(hands[s] for s in range(n)),
        table_masks=tuple(tables[s] for s in range(n)),
        history=tuple(history),
        won_masks=tuple(won_masks[s] for s in range(n)),
        tricks=tricks,
        trick=trick,
        leader=leader,
        window=Window(seat) if window else None,
        melds=tuple(melds),
        scores=tuple(scores),
        broken=(0,) * rules.deck_size if tracks_broken(rules) else (),
        carte_blanche=(False,) * n if rules.carte_blanche.carte_blanche_points is not None else (),
    )
    assert_honest(state)
    return state


def _mask(cards: Iterable[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def _first_free(alloc: _Allocator, faces: Sequence[Card]) -> int | None:
    for face in faces:
        for copy in range(alloc.packs):
            card = copy * FACES_PER_PACK + face.index
            if card not in alloc.used and card not in alloc.reserved:
                alloc.used.add(card)
                return card
    return None


def _tricks(
    rules: Rules,
    done: int,
    wins: dict[int, list[int]],
    rest: list[int],
    last_winner: int,
    dealer: int,
) -> tuple[Trick, ...]:
    """Pair the won cards into ``done`` completed tricks, the last won by ``last_winner``."""
    n = rules.players
    if len(rest) + sum(len(w) for w in wins.values()) != n * done:
        raise ValueError(
            f"{len(rest) + sum(len(w) for w in wins.values())} cards left for {done} tricks"
        )
    piles = {s: list(w) for s, w in wins.items()}
    # Even out the named cards, then give the remaining tricks to the last winner.
    for s in piles:
        while len(piles[s]) % n:
            piles[s].append(rest.pop(0))
    if done and not piles[last_winner]:
        piles[last_winner] = rest[:n]
        rest = rest[n:]
    piles[last_winner] += rest
    order = [s for s in piles if s != last_winner] + [last_winner]
    tricks: list[Trick] = []
    leader = (dealer + 1) % n
    for s in order:
        pile = piles[s]
        for i in range(0, len(pile), n):
            tricks.append(Trick(leader, tuple(pile[i : i + n]), s))
            leader = s
    return tuple(tricks)


def assert_honest(state: DealState) -> None:
    """Check that a state could occur in a real deal (raises ``AssertionError``).

    Every card is in exactly one place; each player holds as many cards as the
    stage of the deal implies; the won cards are those of the completed tricks;
    only declared cards carry a history (in the end phase, only when melding
    goes on after the close).
    """
    rules = state.rules
    n = state.players
    zones: list[tuple[str, int]] = []
    for s in range(n):
        zones += [(f"hand {s}", state.hand_masks[s]), (f"table {s}", state.table_masks[s])]
        zones.append((f"won {s}", state.won_masks[s]))
    stock_mask = _mask(state.stock)
    assert len(set(state.stock)) == len(state.stock), "a stock card appears twice"
    zones.append(("stock", stock_mask))
    if state.turn_up is not None:
        zones.append(("turn-up", 1 << state.turn_up))
    zones.append(("trick", _mask(state.trick)))
    seen = 0
    for name, mask in zones:
        assert not seen & mask, f"{name} shares a card with another place"
        seen |= mask
    assert seen == (1 << rules.deck_size) - 1, "cards are missing"
    won = [0] * n
    for trick in state.tricks:
        assert len(trick.cards) == n
        for card in trick.cards:
            won[trick.winner] |= 1 << card
    assert tuple(won) == state.won_masks, "won cards differ from the completed tricks"
    if state.phase is Phase.OVER:
        assert not any(state.hand_masks)
        assert not any(state.table_masks)
        assert len(state.tricks) == rules.total_tricks
        return
    done = len(state.tricks)
    if state.phase is Phase.STOCK:
        per_seat = rules.deck.hand_size
        first_stock = rules.deck_size - n * per_seat
        assert state.stock_size == first_stock - n * (done - (state.window is not None))
    else:
        per_seat = rules.total_tricks - done
        assert state.stock_size == 0
        assert not any(state.table_masks)
    for s in range(n):
        held = (state.hand_masks[s] | state.table_masks[s]).bit_count()
        played = s in [(state.leader + i) % n for i in range(len(state.trick))]
        expected = per_seat - played
        if state.window is not None and state.phase is Phase.STOCK:
            expected -= 1
        assert held == expected, f"seat {s} holds {held} cards, expected {expected}"
    keep_history = state.phase is Phase.STOCK or rules.declarations.melding_after_close
    declared = _mask(c for c, h in enumerate(state.history) if h)
    if rules.zones.declare_from is DeclareFrom.WON:
        # S003, EB11: melds are shown from the cards won, which keep their kinds.
        assert not declared & ~_mask(c for pile in state.won for c in pile), (
            "a card with a history is not among the cards won"
        )
        return
    if keep_history:
        assert not declared & ~_mask_of(state, "held"), "a card out of play keeps a history"
    else:
        assert not declared, "histories must be cleared in the end phase"
    if state.phase is Phase.STOCK:
        on_tables = 0
        for table in state.table_masks:
            on_tables |= table
        if not rules.trumps.declared_seven_on_table:
            # S001: a declared seven of trumps is shown and kept in the hand.
            seven = bz.MeldKind.SEVEN_OF_TRUMPS.bit
            on_tables |= _mask(c for c, h in enumerate(state.history) if h == seven)
        assert not declared & ~on_tables, "a concealed card has history"
    if state.broken:
        assert len(state.broken) == rules.deck_size
        for card, kinds in enumerate(state.broken):
            assert not kinds & ~state.history[card], "a card is broken in a meld it was never in"
    else:
        assert not tracks_broken(rules), "these rules need broken melds tracked"


def _mask_of(state: DealState, what: str) -> int:
    assert what == "held"
    out = 0
    for s in range(state.players):
        out |= state.hand_masks[s] | state.table_masks[s]
    return out


def deal_deck(
    rules: Rules = CLASSIC,
    *,
    hands: Sequence[str],
    turn_up: str | None,
    stock: str = "",
    dealer: int = 0,
) -> list[int]:
    """A full deck, top first, from which :func:`bezique.new_deal` deals these hands.

    ``hands[s]`` is seat ``s``'s dealt hand (inert fillers complete it), one per
    seat; the turn-up follows the deal, then the named top of the stock, then the
    rest. ``turn_up`` is ``None`` for rules without a turn-up (the multi-pack games).
    """
    n = rules.players
    if len(hands) != n:
        raise ValueError(f"{rules.name} deals {n} hands, {len(hands)} given")
    if (turn_up is None) == rules.deck.turn_up:
        raise ValueError("name a turn-up exactly when the rules have one")
    trump = (
        None
        if turn_up is None
        else Card.parse(turn_up[:-1] if _is_physical(turn_up) else turn_up).suit
    )
    alloc = _Allocator(rules.deck.packs, _physical_tokens([*hands, turn_up or "", stock]))
    dealt = [[alloc.take(t) for t in _tokens(h)] for h in hands]
    up = [] if turn_up is None else [alloc.take(turn_up)]
    top = [alloc.take(t) for t in _tokens(stock)]
    for cards in dealt:
        while len(cards) < rules.deck.hand_size:
            card = _first_free(alloc, _inert_order(trump))
            if card is None:  # pragma: no cover - the inert faces suffice for every table
                raise ValueError("no inert filler left")
            cards.append(card)
        if len(cards) > rules.deck.hand_size:
            raise ValueError(f"a hand of {len(cards)} cards is too big")
    order: list[int] = []
    taken = [0] * n
    for packet in rules.deck.packets:
        for i in range(1, n + 1):
            s = (dealer + i) % n
            order += dealt[s][taken[s] : taken[s] + packet]
            taken[s] += packet
    return [*order, *up, *top, *alloc.free()]


# -- actions and their outcome -------------------------------------------------------------


def play(card: str) -> Play:
    """``play("QS[bezique]")``: play a card by face and history."""
    return Play(CardRef.parse(card))


def declare(kind: MeldKind | str, cards: str) -> Declare:
    """``declare("bezique", "QS[common-marriage] JD")``."""
    return Declare(MeldKind(kind), tuple(CardRef.parse(t) for t in cards.split()))


def step(state: DealState, action: bz.Action) -> tuple[DealState, tuple[ScoreEvent, ...]]:
    """Apply a legal action, check the new state's honesty, return it and its score events."""
    new, events = state.step(action)
    assert_honest(new)
    return new, events


def draw(state: DealState) -> DealState:
    """Close the winner's window: every seat draws."""
    return step(state, bz.Draw())[0]


def play_trick(
    state: DealState, lead: str, reply: str, *more: str
) -> tuple[DealState, tuple[ScoreEvent, ...]]:
    """Play a whole trick: the leader's card, then the reply (and, with more seats,
    the next seats' cards in play order); all events in order."""
    after, events = step(state, play(lead))
    for card in (reply, *more):
        after, later = step(after, play(card))
        events += later
    return after, events


def faces(cards: Iterable[int]) -> list[str]:
    """The faces of some card ids, sorted (``["KH", "QH"]``)."""
    return sorted(str(face_of(c)) for c in cards)


def declared(seat: int, points: int, kind: str) -> ScoreEvent:
    """The score event of a declaration of ``kind`` by ``seat``."""
    return ScoreEvent(seat, points, ScoreSource.DECLARATION, kind)


def legal(state: DealState, action: bz.Action, events: tuple[ScoreEvent, ...] = ()) -> DealState:
    """Assert that ``action`` is legal and scores exactly ``events``; return the next state."""
    assert state.why_illegal(action) == ()
    assert action in state.legal_actions()
    if isinstance(action, Declare):
        assert action in state.legal_declarations()
    new, got = step(state, action)
    assert got == events
    for seat in range(state.players):
        points = sum(e.points for e in events if e.seat == seat)
        assert new.scores[seat] - state.scores[seat] == points
    return new


def illegal(state: DealState, action: bz.Action, *reasons: Reason) -> None:
    """Assert that ``action`` is refused for exactly ``reasons`` and changes nothing."""
    assert reasons
    assert state.why_illegal(action) == reasons
    assert action not in state.legal_actions()
    assert action not in state.legal_declarations()
    with pytest.raises(IllegalActionError) as refused:
        state.step(action)
    assert refused.value.reasons == reasons


def win_trick(state: DealState, lead: str, reply: str, *more: str) -> DealState:
    """Close the window (every seat draws), then play a trick that the same seat wins."""
    assert state.window is not None
    seat = state.window.seat
    after, _ = play_trick(draw(state), lead, reply, *more)
    assert after.window is not None
    assert after.window.seat == seat
    return after


def final_trick(rules: Rules, scores: tuple[int, int]) -> DealState:
    """The last trick of a deal: seat 0 leads AC to seat 1's 7D and wins it. Seat 1
    won 12 brisques earlier; seat 0 every other. ``scores`` are the totals before."""
    state = build(
        rules,
        trump="H",
        stock_size=0,
        tricks_done=rules.total_tricks - 1,
        hand="AC",
        other_hand="7D",
        other_won="AS TS AH TH AD TD AC TC AS TS AH TH",
    )
    return attrs.evolve(state, scores=scores)


def _physical(text: str) -> list[int]:
    return [parse_card_id(t) for t in text.split()]


def partnership_position(
    rules: bz.Rules,
    *,
    table: Sequence[tuple[str, str]] = (),
    hands: dict[int, str] | None = None,
    trump: str = "H",
) -> DealState:
    """Seat 0's turn after a stock trick, with ``table`` the melds (kind, physical
    cards) it declared after its earlier tricks, one per trick, and ``hands`` the
    named concealed cards of each seat (filled with cards that make no meld)."""
    size = rules.deck_size
    used: set[int] = set()
    melds = []
    history = [0] * size
    table_mask = 0
    scores = [0] * rules.players
    for i, (kind_text, cards_text) in enumerate(table):
        kind = MeldKind(kind_text)
        cards = _physical(cards_text)
        points = rules.meld_value(kind) or 0
        melds.append(DeclaredMeld(0, kind, tuple(sorted(cards)), i + 1, points, True))
        scores[0] += points
        for card in cards:
            history[card] |= kind.bit
            table_mask |= 1 << card
            used.add(card)
    named = {seat: _physical(text) for seat, text in (hands or {}).items()}
    for cards in named.values():
        used.update(cards)
    # Tricks: seat 0 leads a nine and the others follow with sevens and eights.
    done = len(table) + 1
    tricks = []
    won = 0
    for number in range(done):
        suit = "CD"[number % 2]
        copy = "abcd"[number // 2]
        lower = [f"7{suit}{c}" for c in "abcd"] + [f"8{suit}{c}" for c in "abcd"]
        free = [c for c in lower if parse_card_id(c) not in used][:3]
        played = (parse_card_id(f"9{suit}{copy}"), *map(parse_card_id, free))
        used.update(played)
        for card in played:
            won |= 1 << card
        tricks.append(Trick(0, played, 0))
    # Fillers: spades below the jack, then clubs and diamonds below the jack.
    inert = [
        parse_card_id(f"{rank}{suit}{copy}")
        for suit in "SCD"
        for rank in "789"
        for copy in "abcd"
        if parse_card_id(f"{rank}{suit}{copy}") not in used
    ]
    hand_masks = []
    held = rules.deck.hand_size - 1
    for seat in range(rules.players):
        mask = sum(1 << c for c in named.get(seat, []))
        on_table = table_mask if seat == 0 else 0
        while mask.bit_count() + on_table.bit_count() < held:
            card = inert.pop(0)
            used.add(card)
            mask |= 1 << card
        hand_masks.append(mask)
    turn_up = parse_card_id(f"8{trump}a")
    used.add(turn_up)
    stock = tuple(c for c in range(size) if c not in used)
    state = DealState(
        rules=rules,
        dealer=rules.players - 1,
        phase=Phase.STOCK,
        trump=bz.Suit.parse(trump),
        turn_up=turn_up,
        stock=stock,
        hand_masks=tuple(hand_masks),
        table_masks=(table_mask,) + (0,) * (rules.players - 1),
        history=tuple(history),
        won_masks=(won,) + (0,) * (rules.players - 1),
        tricks=tuple(tricks),
        trick=(),
        leader=0,
        window=Window(0),
        melds=tuple(melds),
        scores=tuple(scores),
        broken=(),
        carte_blanche=(),
    )
    bz.check_state(state)
    return state


def melds_from_won(name: str, seed: int, melds: int) -> DealState:
    """A deal of the preset ``name`` (Polish Bezique or Fildinski, where melds are
    shown from the cards won) played by the first legal action, but for the first
    legal declaration whenever there is one, until ``melds`` melds lie among the
    cards won: a real deal's position for the pictures and the boards."""
    state = bz.new_deal(bz.rules.variants.get(name), seed=seed)
    while len(state.melds) < melds:
        assert not state.is_over, f"{name}, seed {seed}: fewer than {melds} melds"
        declarations = state.legal_declarations()
        state = state.apply(declarations[0] if declarations else state.legal_actions()[0])
    return state
