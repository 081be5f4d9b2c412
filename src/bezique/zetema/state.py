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
>>> state.current_player, len(state.hands[state.current_player]), len(state.stock)
(1, 7, 52)
>>> after = state.apply(state.legal_actions()[-1])
>>> after.current_player, sum(len(p) for p in after.tableau)
(0, 1)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from bezique.errors import (
    IllegalActionError,
    InvalidStateError,
    NotationError,
    SeatError,
    check_seed,
    deprecated_aliases,
    require,
    shown,
    warn_deprecated,
    wrong_type,
)
from bezique.legality import Reason
from bezique.zetema.deck import (
    CARD_COUNT,
    FACE_COUNT,
    KING,
    QUEEN,
    Faces,
    deck_counts,
    face_name,
    face_of_id,
    faces_per,
    faces_text,
    parse_face,
    rank_of,
)
from bezique.zetema.laws import (
    COMBINATION_KINDS,
    COMBINATION_SIZES,
    MARRIAGES,
    MOST_MARRIAGES,
    ZETEMA,
    combination_kind,
    combination_value,
    combinations,
    left_of,
    marriage_choices,
    marriage_value,
    marriages_in,
    turn_order,
    zetema_value,
)
from bezique.zetema.rules import ZetemaRules

if TYPE_CHECKING:
    from bezique.zetema.views import ZetemaView

_A = TypeVar("_A", bound="Declare | Marry | Discard")

__all__ = [
    "ACTION_TYPES",
    "COMBINE",
    "DEAL",
    "DISCARD",
    "OVER",
    "PUBLIC_FIELDS",
    "Declare",
    "Discard",
    "Marry",
    "ZetemaAction",
    "ZetemaEvent",
    "ZetemaState",
    "check_conservation",
    "legal_actions_for",
    "new_game",
    "new_hand",
    "parse_action",
    "public_fields",
    "shuffled_deck",
    "summary",
    "why_illegal_for",
]

#: The phases of a turn, may declare or discard; must discard; the game is over.
COMBINE, DISCARD, OVER = "combine", "discard", "over"
#: Between hands, the next waits to be dealt (a game started with ``wait=True``).
DEAL = "deal"

#: The fields a state and every seat's view of it share, by name (the rest of a state
#: is hidden: the hands and the stock; a view has the seat, its hand and the counts).
PUBLIC_FIELDS = (
    "hand_number",
    "dealer",
    "tableau",
    "marriage_pile",
    "zetema_pile",
    "shown",
    "current_player",
    "phase",
    "required",
    "side_scores",
    "hand_scores",
    "results",
    "winners",
    "one_hand",
)


def public_fields(game: object) -> dict[str, Any]:
    """The :data:`PUBLIC_FIELDS` of a state or a view, by name: a view is built from a
    state with them, and a state dealt from a view."""
    return {name: getattr(game, name) for name in PUBLIC_FIELDS}


#: What the card parameters take, for the :class:`TypeError` of another value.
_A_FACE = "a Zetema face, an int 0..51 (parse text with bezique.zetema.parse_face)"


def _face(value: object, where: str, parameter: str) -> int:
    """``value`` checked as a face: an int (not a bool) of the 52 faces."""
    if type(value) is not int:
        wrong_type(where, parameter, _A_FACE, value)
    if not 0 <= value < FACE_COUNT:
        raise NotationError(f"{where}: {parameter}: not a Zetema card: {shown(value)} (0..51)")
    return value


def _faces(value: object, where: str, parameter: str) -> tuple[int, ...]:
    """``value`` checked as faces, sorted: an iterable (not a str) of faces."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        wrong_type(where, parameter, f"a sequence of faces ({_A_FACE})", value)
    return tuple(sorted(_face(card, where, parameter) for card in value))


def _declared_cards(value: object) -> tuple[int, ...]:
    return _faces(value, "Declare()", "cards")


def _marry_hand(value: object) -> tuple[int, ...]:
    return _faces(value, "Marry()", "hand")


def _marry_tableau(value: object) -> tuple[int, ...]:
    return _faces(value, "Marry()", "tableau")


def _discarded(value: object) -> int:
    return _face(value, "Discard()", "card")


@attrs.frozen
class Declare:
    """Declare a sequence, flush, flush sequence or assembly from the hand.

    Checked when built: ``kind`` one of :data:`~bezique.zetema.laws.COMBINATION_KINDS`,
    ``cards`` as many faces as the kind takes (six, five for an assembly)."""

    kind: str
    cards: tuple[int, ...] = attrs.field(converter=_declared_cards)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, str):
            wrong_type(
                "Declare()", "kind", "a str, one of " + ", ".join(COMBINATION_KINDS), self.kind
            )
        size = COMBINATION_SIZES.get(self.kind)
        if size is None:
            raise NotationError(
                f"Declare(): not a combination: {shown(self.kind)} "
                f"(one of {', '.join(COMBINATION_KINDS)}; marriages are declared with Marry)"
            )
        if len(self.cards) != size:
            raise NotationError(f"Declare(): a {self.kind} is {size} cards, got {len(self.cards)}")

    @classmethod
    def parse(cls, text: str) -> Declare:
        """A declaration from its text without the verb: ``flush 2H 5H 7H 8H TH KH``."""
        return _parse_as(cls, "declare", text)

    def __str__(self) -> str:
        return f"declare {self.kind} {faces_text(self.cards)}"

    def __repr__(self) -> str:
        return _shown_as_parsed(self)


@attrs.frozen
class Marry:
    """Declare marriages: ``hand`` the cards from the hand (at least one), ``tableau``
    those taken from the tableau. Written ``marry KS QS / KH QH``, the tableau's
    cards after the slash. Checked when built: kings and queens only, an even
    number of them, one to five marriages."""

    hand: tuple[int, ...] = attrs.field(converter=_marry_hand)
    tableau: tuple[int, ...] = attrs.field(default=(), converter=_marry_tableau)

    def __attrs_post_init__(self) -> None:
        if not self.hand:
            raise NotationError("Marry(): a declaration of marriages needs a card from the hand")
        cards = self.hand + self.tableau
        if any(rank_of(card) not in (KING, QUEEN) for card in cards):
            raise NotationError(f"Marry(): only kings and queens marry, got {faces_text(cards)}")
        if len(cards) % 2 or len(cards) > 2 * MOST_MARRIAGES:
            raise NotationError(
                f"Marry(): one to five marriages, a king and a queen each, got {len(cards)} cards"
            )

    @classmethod
    def parse(cls, text: str) -> Marry:
        """Marriages from their text without the verb: ``KS QS / KH QH``."""
        return _parse_as(cls, "marry", text)

    def __str__(self) -> str:
        text = f"marry {faces_text(self.hand)}"
        return text + (f" / {faces_text(self.tableau)}" if self.tableau else "")

    def __repr__(self) -> str:
        return _shown_as_parsed(self)


@attrs.frozen
class Discard:
    """Discard a card face up to its rank's pile on the tableau."""

    card: int = attrs.field(converter=_discarded)

    @classmethod
    def parse(cls, text: str) -> Discard:
        """A discard from its card's text: ``KS``."""
        return _parse_as(cls, "discard", text)

    def __str__(self) -> str:
        return f"discard {face_name(self.card)}"

    def __repr__(self) -> str:
        return _shown_as_parsed(self)


ZetemaAction = Declare | Marry | Discard


def _parse_as(cls: type[_A], verb: str, text: str) -> _A:
    """The action of class ``cls`` that ``verb`` and ``text`` write."""
    require(text, str, f"{cls.__name__}.parse()", "text", "a str")
    action = parse_action(f"{verb} {text}")
    if not isinstance(action, cls):  # pragma: no cover - the verb gives the class
        raise NotationError(f"not a {cls.__name__}: {shown(text)}")
    return action


def _shown_as_parsed(action: ZetemaAction) -> str:
    """An action's ``repr``: the expression that builds it from its text, as the
    actions of every game show (``Discard.parse('KS')``)."""
    rest = str(action).partition(" ")[2]
    return f"{type(action).__name__}.parse({rest!r})"


#: The action classes, for the checks of :meth:`ZetemaState.why_illegal` and the like.
ACTION_TYPES = (Declare, Marry, Discard)
_AN_ACTION = "a Zetema action (Declare, Marry, Discard; parse text with parse_action)"
_AN_ACTION_OR_TEXT = "a Zetema action (Declare, Marry, Discard) or its text"


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


if TYPE_CHECKING:
    #: Deprecated alias of :class:`~bezique.IllegalActionError`, which Zetema's states
    #: now raise with reason codes, as every game's do; to be removed in 0.2.0.
    ZetemaIllegalActionError = IllegalActionError


#: Each deprecated name of Zetema (read through ``bezique.zetema`` or this module),
#: with what it stands for and the name that replaces it.
DEPRECATED: dict[str, tuple[object, str]] = {
    "ZetemaIllegalActionError": (IllegalActionError, "bezique.IllegalActionError"),
}

if not TYPE_CHECKING:
    __getattr__ = deprecated_aliases(__name__, DEPRECATED)


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
    """A game of Zetema at one moment (or, built by :func:`new_hand`, one hand of
    it). Cards are faces (``bezique.zetema.deck``).

    ``hands``: each seat's hand, sorted; ``stock``: the face-down stock, top first;
    ``tableau``: thirteen piles, one per rank (ace first), in the order laid;
    ``marriage_pile`` and ``zetema_pile``: the cards out of play, in the order
    they went there; ``shown``: per seat, the cards it has shown in declarations
    and still holds. ``current_player`` is the seat to act (``None`` once the game
    is over), ``phase`` one of ``combine``, ``discard``, ``over``, and ``required``
    the cards the discard must come from after a declaration (empty: any card).
    ``side_scores`` are the game's totals by side, ``hand_scores`` this hand's,
    ``results`` the finished hands' by side, ``winners`` the winning sides.
    ``one_hand``: the state plays one hand only, which ends it (:func:`new_hand`).
    ``wait``: between hands the game waits, in the phase ``deal``, for
    :meth:`deal_next` to deal the next hand (:func:`new_game` with ``wait=True``).

    It has the one API of every game of the family (:class:`bezique.State`).
    """

    rules: ZetemaRules
    seed: int | str
    hand_number: int
    dealer: int
    hands: tuple[tuple[int, ...], ...] = attrs.field(converter=faces_per)
    stock: tuple[int, ...] = attrs.field(converter=Faces)
    tableau: tuple[tuple[int, ...], ...] = attrs.field(converter=faces_per)
    marriage_pile: tuple[int, ...] = attrs.field(converter=Faces)
    zetema_pile: tuple[int, ...] = attrs.field(converter=Faces)
    shown: tuple[tuple[int, ...], ...] = attrs.field(converter=faces_per)
    current_player: int | None
    phase: str
    required: tuple[int, ...] = attrs.field(converter=Faces)
    side_scores: tuple[int, ...]
    hand_scores: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    one_hand: bool = False
    wait: bool = False

    def __repr__(self) -> str:
        """One line: the rules, the hand, whose turn and what to do, the scores by side.
        A state has no one-line notation: its JSON document (:func:`bezique.state_to_json`)
        is the one to keep."""
        return f"<ZetemaState {summary(self)}>"

    def __str__(self) -> str:
        """The text board of :meth:`render`."""
        return self.render()

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def is_over(self) -> bool:
        """The game is over: a side has reached the target (or, for one hand, the
        hand has ended)."""
        return self.phase == OVER

    @property
    def waiting(self) -> bool:
        """Whether the game waits for its next hand (:meth:`deal_next`): a hand has
        ended, the game goes on, and it was started with ``wait=True``; no one is to
        act."""
        return self.phase == DEAL

    def deal_next(self, deck: Sequence[int] | None = None) -> ZetemaState:
        """The game with its next hand dealt by the next dealer to the left, from
        ``deck`` (the 65 faces, top first) or the seed's shuffle of that hand. Raises
        :class:`~bezique.InvalidStateError` when the game is not :attr:`waiting`."""
        if not self.waiting:
            raise InvalidStateError(
                "deal_next(): the game is not waiting for a hand (it deals itself unless "
                "started with wait=True; it waits once a hand ends and the game goes on)"
            )
        faces = None if deck is None else _checked_deck(deck, self.rules, "deal_next()")
        table = _Table(self)
        table.deal(faces)
        return table.freeze()

    @property
    def scores(self) -> tuple[int, ...]:
        """Per seat, the total of its side: in Zetema points belong to sides."""
        return self.rules.seat_scores(self.side_scores)

    @property
    def to_move(self) -> int | None:
        """Deprecated: :attr:`current_player`."""
        warn_deprecated("ZetemaState.to_move", "current_player")
        return self.current_player

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for."""
        return self.rules.side_of(seat)

    def _seat(self, seat: object, function: str) -> int:
        """``seat`` checked: an int (:class:`TypeError`) of a seat that exists
        (:class:`~bezique.SeatError`)."""
        if type(seat) is not int:
            wrong_type(function, "seat", "an int", seat)
        if not 0 <= seat < self.players:
            raise SeatError(f"no seat {shown(seat)}: seats are 0..{self.players - 1}")
        return seat

    def _turn_reasons(self, seat: int | None, function: str) -> tuple[Reason, ...]:
        """Why ``seat`` (when given) may not act now; empty if it may."""
        if seat is None:
            return ()
        if self._seat(seat, function) == self.current_player:
            return ()
        return (Reason.DEAL_OVER,) if self.current_player is None else (Reason.NOT_YOUR_TURN,)

    def legal_actions(self, *, seat: int | None = None) -> tuple[ZetemaAction, ...]:
        """The legal actions of the seat to move, each once, in this order: the
        combinations (flush sequences, flushes, sequences, assemblies, each by
        its cards), then the declarations of marriages (by number, then cards),
        then the discards (by card: ace first, suits S H D C). ``seat``, when
        given: empty unless that seat is to act."""
        if self._turn_reasons(seat, "legal_actions()"):
            return ()
        return legal_actions_for(
            self.rules, self.phase, self.mover_hand(), self.tableau, self.required
        )

    def mover_hand(self) -> tuple[int, ...]:
        """The hand of the seat to move; empty once the game is over."""
        return () if self.current_player is None else self.hands[self.current_player]

    def is_legal(self, action: ZetemaAction, *, seat: int | None = None) -> bool:
        """Whether ``action`` is legal here (for ``seat``, when given)."""
        return not self.why_illegal(action, seat=seat)

    def why_illegal(self, action: ZetemaAction, *, seat: int | None = None) -> tuple[Reason, ...]:
        """The reasons ``action`` is illegal here; empty if it is legal. ``seat``,
        when given, is the seat that means to act: another seat's turn gives
        ``(Reason.NOT_YOUR_TURN,)``."""
        if not isinstance(action, ACTION_TYPES):
            wrong_type("why_illegal()", "action", _AN_ACTION, action)
        refused = self._turn_reasons(seat, "why_illegal()")
        if refused:
            return refused
        if self.phase in (OVER, DEAL):
            return (Reason.DEAL_OVER,)
        return why_illegal_for(
            self.rules, self.phase, self.mover_hand(), self.tableau, self.required, action
        )

    def apply(self, action: ZetemaAction | str, *, seat: int | None = None) -> ZetemaState:
        """The state after ``action`` (or its text); raises
        :class:`~bezique.errors.IllegalActionError` if it is not legal (of ``seat``,
        when given) and changes nothing."""
        return self.step(action, seat=seat)[0]

    def step(
        self, action: ZetemaAction | str, *, seat: int | None = None
    ) -> tuple[ZetemaState, tuple[ZetemaEvent, ...]]:
        """The state after ``action`` and the scores it made."""
        if isinstance(action, str):
            action = parse_action(action)
        elif not isinstance(action, ACTION_TYPES):
            wrong_type("step()", "action", _AN_ACTION_OR_TEXT, action)
        reasons = self.why_illegal(action, seat=seat)
        if reasons:
            to_act = self.current_player if Reason.NOT_YOUR_TURN in reasons else None
            raise IllegalActionError(action, reasons, seat=seat, to_act=to_act)
        table = _Table(self)
        table.act(action)
        return table.freeze(), tuple(table.events)

    def view(self, seat: int) -> ZetemaView:
        """What ``seat`` may know (:class:`~bezique.zetema.views.ZetemaView`)."""
        # The views sit above the state in Zetema's layers; imported when asked for.
        from bezique.zetema.views import view_of

        return view_of(self, seat)

    def render(self, *, symbols: bool | None = None) -> str:
        """The whole game drawn as text, every hand face up (a seat's board is
        ``state.view(seat).render()``)."""
        from bezique.zetema.board import render

        return render(self, symbols=symbols)


def summary(game: ZetemaState | ZetemaView) -> str:
    """A state's or a view's one-line summary, for their ``repr``; never fails."""
    try:
        rules = game.rules
        totals = "/".join(map(str, game.side_scores))
        target = "one hand" if game.one_hand else f"of {rules.target_score}"
        head = f"{rules.name}, {rules.players} players: hand {game.hand_number}"
        if game.phase == DEAL:
            return f"{head} to deal; side scores {totals} {target}"
        if game.current_player is None:
            won = ", ".join(map(str, game.winners))
            return f"{head}, over, won by side {won}; side scores {totals} {target}"
        doing = "discard" if game.phase == DISCARD else "declare or discard"
        turn = f"seat {game.current_player} to {doing}"
        return f"{head}, {turn}; side scores {totals} {target}"
    except Exception:  # showing a game must never fail, whatever its fields hold
        return "?"


def legal_actions_for(
    rules: ZetemaRules,
    phase: str,
    hand: tuple[int, ...],
    tableau: Sequence[Sequence[int]],
    required: tuple[int, ...],
) -> tuple[ZetemaAction, ...]:
    """The legal actions from a hand, the tableau and the phase; the state and the
    views share this one law."""
    if phase in (OVER, DEAL) or not hand:
        return ()
    if phase == DISCARD:
        return tuple(Discard(c) for c in sorted(set(required or hand)))
    actions: list[ZetemaAction] = [
        Declare(kind, cards) for kind, cards in combinations(hand, rules)
    ]
    actions.extend(Marry(h, t) for h, t in marriage_choices(hand, tableau))
    actions.extend(Discard(c) for c in sorted(set(hand)))
    return tuple(actions)


def _missing(cards: Sequence[int], pool: Iterable[int]) -> bool:
    """Whether some of ``cards`` (counted with their copies) are not in ``pool``."""
    return bool(Counter(cards) - Counter(pool))


def why_illegal_for(
    rules: ZetemaRules,
    phase: str,
    hand: tuple[int, ...],
    tableau: Sequence[Sequence[int]],
    required: tuple[int, ...],
    action: ZetemaAction,
) -> tuple[Reason, ...]:
    """Why ``action`` is not legal for the seat holding ``hand`` in its turn; empty
    if it is. See :meth:`ZetemaState.why_illegal`."""
    if phase in (OVER, DEAL):
        return (Reason.DEAL_OVER,)
    if not hand:
        return (Reason.NOT_YOUR_TURN,)
    if isinstance(action, Discard):
        if action.card not in hand:
            return (Reason.CARD_NOT_HELD,)
        if phase == DISCARD and required and action.card not in required:
            # S003: the turn ends with the discard of a card of the combination.
            return (Reason.DISCARD_FROM_COMBINATION,)
        return ()
    if phase == DISCARD:
        return (Reason.ONE_COMBINATION_A_TURN,)
    if isinstance(action, Declare):
        if _missing(action.cards, hand):
            return (Reason.CARD_NOT_HELD,)
        if combination_kind(action.cards, rules) != action.kind:
            return (Reason.NOT_A_MELD,)
        return ()
    if _missing(action.hand, hand):
        return (Reason.CARD_NOT_HELD,)
    if _missing(action.tableau, (c for pile in tableau for c in pile)):
        return (Reason.NOT_ON_TABLEAU,)
    if marriages_in(action.hand + action.tableau) is None:
        return (Reason.NOT_A_MELD,)
    return ()


def _start(
    rules: ZetemaRules,
    seed: int | str | None,
    dealer: int,
    function: str,
    *,
    one_hand: bool,
    deck: Sequence[int] | None = None,
    wait: bool = False,
) -> ZetemaState:
    require(rules, ZetemaRules, function, "rules", "ZetemaRules")
    seed = check_seed(seed, function)
    if seed is None:
        # A given deck leaves nothing to chance in the hand: the state is then the
        # same from one call to the next.
        seed = 0 if deck is not None else random.randrange(2**63)
    if type(dealer) is not int:
        wrong_type(function, "dealer", "an int", dealer)
    if not 0 <= dealer < rules.players:
        raise SeatError(f"dealer must be a seat 0..{rules.players - 1}, got {shown(dealer)}")
    faces = None if deck is None else _checked_deck(deck, rules, function)
    sides = (0,) * rules.side_count
    table = _Table.blank(rules, seed, dealer, sides, one_hand=one_hand)
    table.wait = wait
    table.deal(faces)
    return table.freeze()


def _checked_deck(deck: object, rules: ZetemaRules, function: str) -> list[int]:
    """``deck`` checked as the 65 faces of the deck, top first."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Iterable):
        wrong_type(function, "deck", f"a sequence of faces ({_A_FACE})", deck)
    faces = [_face(card, function, "deck") for card in deck]
    if Counter(faces) != deck_counts(rules.imperial):
        raise NotationError(
            f"{function}: deck: not the 65 cards of the deck (every face once, the "
            f"imperial suit's twice), got {len(faces)} cards"
        )
    return faces


def new_game(
    rules: ZetemaRules,
    seed: int | str | None = None,
    *,
    dealer: int = 0,
    deck: Sequence[int] | None = None,
    wait: bool = False,
) -> ZetemaState:
    """A new game: the first hand dealt by ``dealer`` (the seat the cut chose) and the
    first player's draw made. The shuffle of hand ``n`` comes from ``seed`` and ``n``;
    ``deck``, when given, is the first hand's 65 faces, top first. With ``wait`` the
    game does not deal the next hand as one ends: it waits (phase ``deal``,
    :attr:`ZetemaState.waiting`) for :meth:`ZetemaState.deal_next`, which may be
    given that hand's deck. A waiting game has no JSON document."""
    if not isinstance(wait, bool):
        wrong_type("zetema.new_game()", "wait", "a bool", wait)
    return _start(rules, seed, dealer, "zetema.new_game()", one_hand=False, deck=deck, wait=wait)


def new_hand(
    rules: ZetemaRules,
    seed: int | str | None = None,
    *,
    dealer: int = 0,
    deck: Sequence[int] | None = None,
) -> ZetemaState:
    """One hand of Zetema, the counterpart of a Bezique deal: dealt as the first hand
    of :func:`new_game`, played to its end (no target stops it), then over; its
    ``winners`` are the sides with the most points in the hand. ``deck``, when given,
    is the 65 faces of the deck, top first, in place of the shuffle of ``seed``."""
    return _start(rules, seed, dealer, "zetema.new_hand()", one_hand=True, deck=deck)


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
        self.current_player = state.current_player
        self.phase = state.phase
        self.required: tuple[int, ...] = state.required
        self.side_scores = list(state.side_scores)
        self.hand_scores = list(state.hand_scores)
        self.results = list(state.results)
        self.winners: tuple[int, ...] = state.winners
        self.one_hand = state.one_hand
        self.wait = state.wait

    @classmethod
    def blank(
        cls,
        rules: ZetemaRules,
        seed: int | str,
        dealer: int,
        sides: tuple[int, ...],
        *,
        one_hand: bool,
    ) -> _Table:
        table = cls()
        table.rules, table.seed, table.hand_number, table.dealer = rules, seed, 1, dealer
        table.one_hand, table.wait = one_hand, False
        table.side_scores, table.hand_scores, table.results = list(sides), list(sides), []
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
            current_player=self.current_player,
            phase=self.phase,
            required=self.required,
            side_scores=tuple(self.side_scores),
            hand_scores=tuple(self.hand_scores),
            results=tuple(self.results),
            winners=self.winners,
            one_hand=self.one_hand,
            wait=self.wait,
        )

    # -- the deal and the turns ----------------------------------------------------------

    def deal(self, deck: list[int] | None = None) -> None:
        """Deal a hand: one card at a time from the dealer's left (S003), from
        ``deck`` or the shuffle of the seed."""
        rules = self.rules
        if deck is None:
            deck = shuffled_deck(rules, self.seed, self.hand_number)
        n = rules.players
        order = turn_order(self.dealer, n)
        self.hands = [[] for _ in range(n)]
        for i in range(rules.hand_size * n):
            self.hands[order[i % n]].append(deck[i])
        self.stock = deck[rules.hand_size * n :]
        self.tableau = [[] for _ in range(13)]
        self.marriage_pile, self.zetema_pile = [], []
        self.shown = [[] for _ in range(n)]
        self.hand_scores = [0] * rules.side_count
        self.start_turn(order[0])

    def draw(self, seat: int, count: int) -> None:
        taken, self.stock = self.stock[:count], self.stock[count:]
        self.hands[seat].extend(taken)

    def start_turn(self, seat: int) -> None:
        """``seat``'s turn, or the next one's that can play: a player with no card
        and nothing to draw drops out (S003). The draw is made here."""
        rules, who = self.rules, seat
        for _ in range(rules.players):
            if self.stock or self.hands[who]:
                if rules.draw_to_six:
                    self.draw(who, max(0, rules.hand_size - len(self.hands[who])))
                else:
                    self.draw(who, 1)
                self.current_player, self.phase, self.required = who, COMBINE, ()
                return
            who = left_of(who, rules.players)
        self.end_hand()

    def end_turn(self) -> None:
        if self.phase == OVER:
            return
        seat = self.current_player if self.current_player is not None else self.dealer
        self.start_turn(left_of(seat, self.rules.players))

    def end_hand(self) -> None:
        rules = self.rules
        self.results.append(tuple(self.hand_scores))
        if self.one_hand:
            best = max(self.hand_scores)
            self.finish(tuple(s for s, v in enumerate(self.hand_scores) if v == best))
            return
        best = max(self.side_scores)
        if rules.finish_hand and best >= rules.target_score:
            self.finish(tuple(s for s, v in enumerate(self.side_scores) if v == best))
            return
        self.hand_number += 1
        self.dealer = left_of(self.dealer, rules.players)
        if self.wait:
            # The next hand waits for its cards (ZetemaState.deal_next).
            self.phase, self.current_player, self.required = DEAL, None, ()
            return
        self.deal()

    def finish(self, winners: tuple[int, ...]) -> None:
        self.winners, self.phase, self.current_player, self.required = winners, OVER, None, ()

    def score(self, seat: int, kind: str, points: int, cards: Sequence[int]) -> None:
        side = self.rules.side_of(seat)
        self.side_scores[side] += points
        self.hand_scores[side] += points
        self.events.append(ZetemaEvent(seat, side, kind, points, tuple(cards)))
        # PAR-Z: play stops the moment a score reaches the target, even mid-hand.
        reached = self.side_scores[side] >= self.rules.target_score
        if reached and not self.rules.finish_hand and not self.one_hand:
            self.finish((side,))

    def keep_shown(self, seat: int) -> None:
        held = Counter(self.hands[seat])
        self.shown[seat] = list((Counter(self.shown[seat]) & held).elements())

    # -- the actions ---------------------------------------------------------------------

    def act(self, action: ZetemaAction) -> None:
        seat = self.current_player
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
