"""A game of Zetema: the immutable state, its actions and its score events.

One :class:`ZetemaState` holds a whole game: the hand being played (hands,
stock, tableau, the marriage and zetema piles) and the game's scores, by side.
A turn (S003, PAR-Z): the player to move has already drawn (one card, or up to
the hand size under ``draw_to_six``); he may declare one combination
(:class:`Declare` or :class:`Marry`), then discards one card (:class:`Discard`)
to the tableau. After a sequence, flush or assembly the discard is one of its
cards; after marriages (PAR-Z) he refills his hand and makes no discard. When a
hand ends the next is dealt by the next dealer, until a side reaches the target.

>>> from bezique import zetema
>>> state = zetema.new_game(zetema.ZETEMA, seed=3)
>>> state.to_move, len(state.hands[state.to_move]), len(state.stock)
(1, 7, 52)
>>> after = state.apply(state.legal_actions()[-1])
>>> after.to_move, sum(len(p) for p in after.tableau)
(0, 1)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from bezique.errors import (
    BeziqueError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
    SeatError,
    check_seed,
    require,
    shown,
)
from bezique.zetema.deck import (
    CARD_COUNT,
    deck_counts,
    face_name,
    face_of_id,
    faces_text,
    parse_face,
    rank_of,
)
from bezique.zetema.laws import (
    COMBINATION_KINDS,
    MARRIAGES,
    ZETEMA,
    combination_kind,
    combination_value,
    combinations,
    marriage_choices,
    marriage_value,
    marriages_in,
    zetema_value,
)
from bezique.zetema.rules import ZetemaRules

__all__ = [
    "COMBINE",
    "DISCARD",
    "OVER",
    "PUBLIC_FIELDS",
    "Declare",
    "Discard",
    "Marry",
    "ZetemaAction",
    "ZetemaEvent",
    "ZetemaIllegalActionError",
    "ZetemaState",
    "check_conservation",
    "legal_actions_for",
    "new_game",
    "parse_action",
    "public_fields",
    "shuffled_deck",
    "why_illegal_for",
]

#: The phases of a turn, may declare or discard; must discard; the game is over.
COMBINE, DISCARD, OVER = "combine", "discard", "over"

#: The fields a state and every seat's view of it share, by name (the rest of a state
#: is hidden: the hands and the stock; a view has the seat, its hand and the counts).
PUBLIC_FIELDS = (
    "hand_number",
    "dealer",
    "tableau",
    "marriage_pile",
    "zetema_pile",
    "shown",
    "to_move",
    "phase",
    "required",
    "scores",
    "hand_scores",
    "results",
    "winners",
)


def public_fields(game: object) -> dict[str, Any]:
    """The :data:`PUBLIC_FIELDS` of a state or a view, by name: a view is built from a
    state with them, and a state dealt from a view."""
    return {name: getattr(game, name) for name in PUBLIC_FIELDS}


def _cards(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(value))


@attrs.frozen
class Declare:
    """Declare a sequence, flush, flush sequence or assembly from the hand."""

    kind: str
    cards: tuple[int, ...] = attrs.field(converter=_cards)

    def __str__(self) -> str:
        return f"declare {self.kind} {faces_text(self.cards)}"


@attrs.frozen
class Marry:
    """Declare marriages: ``hand`` the cards from the hand (at least one), ``tableau``
    those taken from the tableau. Written ``marry KS QS / KH QH``, the tableau's
    cards after the slash."""

    hand: tuple[int, ...] = attrs.field(converter=_cards)
    tableau: tuple[int, ...] = attrs.field(default=(), converter=_cards)

    def __str__(self) -> str:
        text = f"marry {faces_text(self.hand)}"
        return text + (f" / {faces_text(self.tableau)}" if self.tableau else "")


@attrs.frozen
class Discard:
    """Discard a card face up to its rank's pile on the tableau."""

    card: int

    def __str__(self) -> str:
        return f"discard {face_name(self.card)}"


ZetemaAction = Declare | Marry | Discard


def parse_action(text: str) -> ZetemaAction:
    """An action from its text: ``discard KS``, ``declare flush 2H 5H 7H 8H TH KH``,
    ``marry KS QS / KH QH``. Raises :class:`~bezique.errors.NotationError`."""
    require(text, str, "zetema.parse_action()", "text", "a str")
    words = text.split()
    if not words:
        raise NotationError("an empty action (expected discard, declare or marry)")
    verb = words[0].lower()
    if verb == "discard" and len(words) == 2:
        return Discard(parse_face(words[1]))
    if verb == "declare" and len(words) >= 2 and words[1].lower() in COMBINATION_KINDS:
        return Declare(words[1].lower(), [parse_face(w) for w in words[2:]])
    if verb == "marry":
        rest = " ".join(words[1:]).split("/")
        if len(rest) <= 2:
            hand = [parse_face(w) for w in rest[0].split()]
            laid = [parse_face(w) for w in rest[1].split()] if len(rest) == 2 else []
            return Marry(hand, laid)
    raise NotationError(
        f"not a Zetema action: {shown(text)} (expected 'discard CARD', "
        f"'declare KIND CARDS' with KIND one of {', '.join(COMBINATION_KINDS)}, "
        "or 'marry CARDS [/ TABLEAU CARDS]')"
    )


class ZetemaIllegalActionError(IllegalActionError):
    """An action refused in a Zetema state; ``reason`` says why (as
    :meth:`ZetemaState.why_illegal` does). The state is unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        BeziqueError.__init__(self, f"illegal action {action!s}: {reason}")
        self.action = action
        self.reasons = ()
        self.seat = None
        self.to_act = None
        self.reason = reason


@attrs.frozen
class ZetemaEvent:
    """A score: ``seat`` scored ``points`` for its ``side``; ``kind`` is a combination
    kind, ``marriages`` or ``zetema``; ``cards`` the cards that scored."""

    seat: int
    side: int
    kind: str
    points: int
    cards: tuple[int, ...]

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.kind} {faces_text(self.cards)} scores {self.points}"


@attrs.frozen
class ZetemaState:
    """A game of Zetema at one moment. Cards are faces (``bezique.zetema.deck``).

    ``hands``: each seat's hand, sorted; ``stock``: the face-down stock, top first;
    ``tableau``: thirteen piles, one per rank (ace first), in the order laid;
    ``marriage_pile`` and ``zetema_pile``: the cards out of play, in the order
    they went there; ``shown``: per seat, the cards it has shown in declarations
    and still holds. ``to_move`` is the seat to act (``None`` once the game is
    over), ``phase`` one of ``combine``, ``discard``, ``over``, and ``required``
    the cards the discard must come from after a declaration (empty: any card).
    ``scores`` are the game's totals by side, ``hand_scores`` this hand's,
    ``results`` the finished hands' by side, ``winners`` the winning sides.
    """

    rules: ZetemaRules
    seed: int | str
    hand_number: int
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    tableau: tuple[tuple[int, ...], ...]
    marriage_pile: tuple[int, ...]
    zetema_pile: tuple[int, ...]
    shown: tuple[tuple[int, ...], ...]
    to_move: int | None
    phase: str
    required: tuple[int, ...]
    scores: tuple[int, ...]
    hand_scores: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]

    @property
    def is_over(self) -> bool:
        """The game is over: a side has reached the target."""
        return self.phase == OVER

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for."""
        return self.rules.side_of(seat)

    def legal_actions(self) -> tuple[ZetemaAction, ...]:
        """The legal actions of the seat to move, each once, in this order: the
        combinations (flush sequences, flushes, sequences, assemblies, each by
        its cards), then the declarations of marriages (by number, then cards),
        then the discards (by card: ace first, suits S H D C)."""
        return legal_actions_for(
            self.rules, self.phase, self.mover_hand(), self.tableau, self.required
        )

    def mover_hand(self) -> tuple[int, ...]:
        """The hand of the seat to move; empty once the game is over."""
        return () if self.to_move is None else self.hands[self.to_move]

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is legal here."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: object) -> str | None:
        """Why ``action`` is not legal here, or ``None`` if it is."""
        return why_illegal_for(
            self.rules, self.phase, self.mover_hand(), self.tableau, self.required, action
        )

    def apply(self, action: ZetemaAction | str) -> ZetemaState:
        """The state after ``action`` (or its text); raises
        :class:`~bezique.errors.IllegalActionError` if it is not legal."""
        return self.step(action)[0]

    def step(self, action: ZetemaAction | str) -> tuple[ZetemaState, tuple[ZetemaEvent, ...]]:
        """The state after ``action`` and the scores it made."""
        if isinstance(action, str):
            action = parse_action(action)
        reason = self.why_illegal(action)
        if reason is not None:
            raise ZetemaIllegalActionError(action, reason)
        table = _Table(self)
        table.act(action)
        return table.freeze(), tuple(table.events)


def legal_actions_for(
    rules: ZetemaRules,
    phase: str,
    hand: tuple[int, ...],
    tableau: Sequence[Sequence[int]],
    required: tuple[int, ...],
) -> tuple[ZetemaAction, ...]:
    """The legal actions from a hand, the tableau and the phase; the state and the
    views share this one law."""
    if phase == OVER or not hand:
        return ()
    if phase == DISCARD:
        return tuple(Discard(c) for c in sorted(set(required or hand)))
    actions: list[ZetemaAction] = [
        Declare(kind, cards) for kind, cards in combinations(hand, rules)
    ]
    actions.extend(Marry(h, t) for h, t in marriage_choices(hand, tableau))
    actions.extend(Discard(c) for c in sorted(set(hand)))
    return tuple(actions)


def _missing(cards: Sequence[int], pool: Iterable[int]) -> list[int]:
    left = Counter(pool)
    left.subtract(Counter(cards))
    return sorted(c for c, n in left.items() if n < 0)


def why_illegal_for(
    rules: ZetemaRules,
    phase: str,
    hand: tuple[int, ...],
    tableau: Sequence[Sequence[int]],
    required: tuple[int, ...],
    action: object,
) -> str | None:
    """Why ``action`` is not legal, or ``None``; see :meth:`ZetemaState.why_illegal`."""
    if not isinstance(action, (Declare, Marry, Discard)):
        return f"not a Zetema action: {shown(action)}"
    if phase == OVER:
        return "the game is over"
    if not hand:
        return "this seat is not to move"
    if isinstance(action, Discard):
        if action.card not in hand:
            return f"{face_name(action.card)} is not in the hand"
        if phase == DISCARD and required and action.card not in required:
            return "the discard must be a card of the combination just declared: " + faces_text(
                required
            )
        return None
    if phase == DISCARD:
        return "one combination a turn: the turn goes on with a discard"
    if isinstance(action, Declare):
        if action.kind not in COMBINATION_KINDS:
            return f"not a combination: {shown(action.kind)}"
        missing = _missing(action.cards, hand)
        if missing:
            return f"not in the hand: {faces_text(missing)}"
        kind = combination_kind(action.cards, rules)
        if kind != action.kind:
            found = f"they make a {kind}" if kind else "they make no combination"
            return f"{faces_text(action.cards)} are not a {action.kind} ({found})"
        return None
    if not action.hand:
        return "a declaration of marriages needs at least one card from the hand"
    missing = _missing(action.hand, hand)
    if missing:
        return f"not in the hand: {faces_text(missing)}"
    missing = _missing(action.tableau, (c for pile in tableau for c in pile))
    if missing:
        return f"not on the tableau: {faces_text(missing)}"
    if marriages_in(action.hand + action.tableau) is None:
        return "the cards do not pair into marriages, a king and a queen of one suit each"
    return None


def new_game(rules: ZetemaRules, seed: int | str | None = None, *, dealer: int = 0) -> ZetemaState:
    """A new game: the first hand dealt by ``dealer`` (the seat the cut chose) and the
    first player's draw made. The shuffle of hand ``n`` comes from ``seed`` and ``n``."""
    require(rules, ZetemaRules, "zetema.new_game()", "rules", "ZetemaRules")
    seed = check_seed(seed, "zetema.new_game()")
    if seed is None:
        seed = random.randrange(2**63)
    if not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise SeatError(f"dealer must be a seat 0..{rules.players - 1}, got {shown(dealer)}")
    sides = (0,) * rules.side_count
    table = _Table.blank(rules, seed, dealer, sides)
    table.deal()
    return table.freeze()


def shuffled_deck(rules: ZetemaRules, seed: int | str, hand_number: int) -> list[int]:
    """The faces of hand ``hand_number``'s shuffled deck, top first."""
    ids = list(range(CARD_COUNT))
    random.Random(f"zetema:{seed}:{hand_number}").shuffle(ids)
    return [face_of_id(i, rules.imperial) for i in ids]


class _Table:
    """The mutable working copy a transition edits, then freezes."""

    def __init__(self, state: ZetemaState | None = None) -> None:
        self.events: list[ZetemaEvent] = []
        if state is None:
            return
        self.rules = state.rules
        self.seed = state.seed
        self.hand_number = state.hand_number
        self.dealer = state.dealer
        self.hands = [list(h) for h in state.hands]
        self.stock = list(state.stock)
        self.tableau = [list(p) for p in state.tableau]
        self.marriage_pile = list(state.marriage_pile)
        self.zetema_pile = list(state.zetema_pile)
        self.shown = [list(s) for s in state.shown]
        self.to_move = state.to_move
        self.phase = state.phase
        self.required: tuple[int, ...] = state.required
        self.scores = list(state.scores)
        self.hand_scores = list(state.hand_scores)
        self.results = list(state.results)
        self.winners: tuple[int, ...] = state.winners

    @classmethod
    def blank(
        cls, rules: ZetemaRules, seed: int | str, dealer: int, sides: tuple[int, ...]
    ) -> _Table:
        table = cls()
        table.rules, table.seed, table.hand_number, table.dealer = rules, seed, 1, dealer
        table.scores, table.hand_scores, table.results = list(sides), list(sides), []
        table.winners = ()
        return table

    def freeze(self) -> ZetemaState:
        return ZetemaState(
            rules=self.rules,
            seed=self.seed,
            hand_number=self.hand_number,
            dealer=self.dealer,
            hands=tuple(tuple(sorted(h)) for h in self.hands),
            stock=tuple(self.stock),
            tableau=tuple(tuple(p) for p in self.tableau),
            marriage_pile=tuple(self.marriage_pile),
            zetema_pile=tuple(self.zetema_pile),
            shown=tuple(tuple(sorted(s)) for s in self.shown),
            to_move=self.to_move,
            phase=self.phase,
            required=self.required,
            scores=tuple(self.scores),
            hand_scores=tuple(self.hand_scores),
            results=tuple(self.results),
            winners=self.winners,
        )

    # -- the deal and the turns ----------------------------------------------------------

    def deal(self) -> None:
        """Deal a hand: one card at a time from the dealer's left (S003)."""
        rules = self.rules
        deck = shuffled_deck(rules, self.seed, self.hand_number)
        n = rules.players
        self.hands = [[] for _ in range(n)]
        for i in range(rules.hand_size * n):
            self.hands[(self.dealer + 1 + i) % n].append(deck[i])
        self.stock = deck[rules.hand_size * n :]
        self.tableau = [[] for _ in range(13)]
        self.marriage_pile, self.zetema_pile = [], []
        self.shown = [[] for _ in range(n)]
        self.hand_scores = [0] * rules.side_count
        self.start_turn((self.dealer + 1) % n)

    def draw(self, seat: int, count: int) -> None:
        taken, self.stock = self.stock[:count], self.stock[count:]
        self.hands[seat].extend(taken)

    def start_turn(self, seat: int) -> None:
        """``seat``'s turn, or the next one's that can play: a player with no card
        and nothing to draw drops out (S003). The draw is made here."""
        rules, n = self.rules, self.rules.players
        for step in range(n):
            who = (seat + step) % n
            if self.stock or self.hands[who]:
                if rules.draw_to_six:
                    self.draw(who, max(0, rules.hand_size - len(self.hands[who])))
                else:
                    self.draw(who, 1)
                self.to_move, self.phase, self.required = who, COMBINE, ()
                return
        self.end_hand()

    def end_turn(self) -> None:
        if self.phase == OVER:
            return
        seat = self.to_move if self.to_move is not None else self.dealer
        self.start_turn((seat + 1) % self.rules.players)

    def end_hand(self) -> None:
        rules = self.rules
        self.results.append(tuple(self.hand_scores))
        best = max(self.scores)
        if rules.finish_hand and best >= rules.target_score:
            self.finish(tuple(s for s, v in enumerate(self.scores) if v == best))
            return
        self.hand_number += 1
        self.dealer = (self.dealer + 1) % rules.players
        self.deal()

    def finish(self, winners: tuple[int, ...]) -> None:
        self.winners, self.phase, self.to_move, self.required = winners, OVER, None, ()

    def score(self, seat: int, kind: str, points: int, cards: Sequence[int]) -> None:
        side = self.rules.side_of(seat)
        self.scores[side] += points
        self.hand_scores[side] += points
        self.events.append(ZetemaEvent(seat, side, kind, points, tuple(cards)))
        # PAR-Z: play stops the moment a score reaches the target, even mid-hand.
        if not self.rules.finish_hand and self.scores[side] >= self.rules.target_score:
            self.finish((side,))

    def keep_shown(self, seat: int) -> None:
        held = Counter(self.hands[seat])
        self.shown[seat] = list((Counter(self.shown[seat]) & held).elements())

    # -- the actions ---------------------------------------------------------------------

    def act(self, action: ZetemaAction) -> None:
        seat = self.to_move
        if seat is None:  # pragma: no cover - refused by why_illegal
            return
        if isinstance(action, Declare):
            self.declare(seat, action)
        elif isinstance(action, Marry):
            self.marry(seat, action)
        else:
            self.discard(seat, action.card)

    def declare(self, seat: int, action: Declare) -> None:
        points = combination_value(action.kind, action.cards, self.rules)
        self.shown[seat] = list((Counter(self.shown[seat]) | Counter(action.cards)).elements())
        self.keep_shown(seat)
        # S003: the turn ends with the discard of one of the combination's cards.
        self.phase, self.required = DISCARD, tuple(sorted(set(action.cards)))
        self.score(seat, action.kind, points, action.cards)

    def marry(self, seat: int, action: Marry) -> None:
        for card in action.hand:
            self.hands[seat].remove(card)
        for card in action.tableau:
            self.tableau[rank_of(card)].remove(card)
        self.keep_shown(seat)
        cards = action.hand + action.tableau
        self.marriage_pile.extend(sorted(cards))
        suits = marriages_in(cards) or ()
        imperial = sum(1 for s in suits if s == int(self.rules.imperial))
        self.score(seat, MARRIAGES, marriage_value(len(suits), imperial, self.rules), cards)
        if self.phase == OVER:
            return
        if self.rules.draw_to_six:
            # S003: a marriage is the turn's combination; the discard follows as always.
            if self.hands[seat]:
                self.phase, self.required = DISCARD, ()
                return
        else:
            # PAR-Z: refill the hand from the stock and make no discard.
            self.draw(seat, max(0, self.rules.hand_size - len(self.hands[seat])))
        self.end_turn()

    def discard(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.keep_shown(seat)
        pile = self.tableau[rank_of(card)]
        pile.append(card)
        zetema = len(pile) == 5
        if zetema:
            self.tableau[rank_of(card)] = []
            self.zetema_pile.extend(pile)
            self.score(seat, ZETEMA, zetema_value(rank_of(card), self.rules), pile)
            if self.phase == OVER:
                return
        if zetema and self.rules.players == 2 and not self.stock and self.hands[seat]:
            # S003: with two players, once the stock is out, whoever completes a zetema
            # discards again.
            self.phase, self.required = DISCARD, ()
            return
        self.end_turn()


def check_conservation(state: ZetemaState) -> None:
    """Raise :class:`~bezique.errors.InvalidStateError` unless the state's cards are
    the 65 of the deck, each once: stock, hands, tableau and both piles."""
    held: Counter[int] = Counter(state.stock)
    for hand in state.hands:
        held.update(hand)
    for pile in state.tableau:
        held.update(pile)
    held.update(state.marriage_pile)
    held.update(state.zetema_pile)
    if held != deck_counts(state.rules.imperial):
        extra = held - deck_counts(state.rules.imperial)
        lost = deck_counts(state.rules.imperial) - held
        raise InvalidStateError(
            "the cards are not the deck's 65: "
            f"too many {faces_text(sorted(extra.elements())) or 'none'}, "
            f"missing {faces_text(sorted(lost.elements())) or 'none'}"
        )
    for rank, pile in enumerate(state.tableau):
        if len(pile) >= 5 or any(rank_of(c) != rank for c in pile):
            raise InvalidStateError(f"tableau pile {rank}: wrong cards {faces_text(pile)}")
