"""Actions and their text forms.

An action does not name a physical card: it names a card by its face and its
*history*, the meld kinds it has been declared in (:class:`CardRef`). Two
copies of a face held in the same place with the same history are
interchangeable, so they make one action, not two (see the explanation page
"Card identity"). A card in the concealed hand has an empty history; a
declared card on the table lists its kinds::

    play QS                     the Q♠ from the concealed hand
    play QS[bezique]            the Q♠ on the table, declared in a bezique
    declare double-bezique QS QS[bezique] JD JD[bezique]
    declare common-marriage KC QC/old   the Q♣ won before, not the one just won (Polish)
    exchange                    the seven of trumps for the turn-up
    show-carte-blanche          show a hand without court cards (multi-pack games)
    score 3                     score pending meld number 3
    draw                        end the winner's turn: both players draw
    pass                        end the winner's turn in the end phase, or decline
                                to show a carte blanche

The ``repr`` of an action is an expression that builds it again from that text
(with the classes in scope, as ``from bezique import *`` gives them)::

    >>> from bezique.rules.melds import MeldKind
    >>> Play(CardRef(Card.parse("QS"), (MeldKind.BEZIQUE,)))
    Play.parse('QS[bezique]')
    >>> parse_action_text("declare bezique JD QS"), ScorePending(3), Draw()
    (Declare.parse('bezique QS JD'), ScorePending(3), Draw())
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from bezique.cards import Card
from bezique.errors import NotationError, require, require_int, shown, wrong_type
from bezique.rules.melds import MeldKind

__all__ = [
    "ACTION_TYPES",
    "ACTION_VERBS",
    "MAX_MELD_NUMBER",
    "Action",
    "CardRef",
    "Declare",
    "Draw",
    "Exchange",
    "Pass",
    "PassToPartner",
    "Play",
    "ScorePending",
    "ShowCarteBlanche",
    "parse_action_text",
]


def _kinds_key(kinds: tuple[MeldKind, ...]) -> tuple[int, ...]:
    return tuple(_KIND_ORDER[k] for k in kinds)


_KIND_ORDER = {kind: i for i, kind in enumerate(MeldKind)}

#: A history, broken marks or meld numbers, as they sort.
_Key = tuple[int, ...]


#: The highest meld number an action may name (:attr:`CardRef.melds`,
#: :class:`ScorePending`): far more melds than any deal declares.
MAX_MELD_NUMBER = 999_999


def _normal_history(kinds: Iterable[MeldKind]) -> tuple[MeldKind, ...]:
    """A history in canonical form: each kind once, in kind order."""
    if isinstance(kinds, (str, bytes)) or not isinstance(kinds, Iterable):
        wrong_type("CardRef()", "history and broken", "tuples of MeldKind", kinds)
    out = tuple(set(kinds))
    for kind in out:
        if type(kind) is not MeldKind:
            wrong_type("CardRef()", "history and broken", "tuples of MeldKind", kind)
    return tuple(sorted(out, key=_KIND_ORDER.__getitem__))


def _meld_numbers(numbers: Iterable[int]) -> tuple[int, ...]:
    """Meld numbers in canonical form: each once, in order."""
    if isinstance(numbers, (str, bytes)) or not isinstance(numbers, Iterable):
        wrong_type("CardRef()", "melds", "a tuple of ints", numbers)
    out = tuple(set(numbers))
    for number in out:
        require_int(number, "CardRef()", "melds")
    out = tuple(sorted(out))
    if out and not 1 <= out[0] <= out[-1] <= MAX_MELD_NUMBER:
        raise NotationError(
            f"meld numbers count from 1 to {MAX_MELD_NUMBER}, got {shown(numbers, 80)}"
        )
    return out


@attrs.frozen(order=False)
class CardRef:
    """A card as an action names it: a face, the kinds it was declared in, and
    which of those melds have since been broken.

    ``broken`` lists the kinds of ``history`` whose meld has lost a card (played
    to a trick, or moved to another marriage), so that this card may re-form it
    (Rubicon: WKC, BIC, S003). It is empty unless the rules let melds be re-formed.
    Both are kept in canonical form (each kind once, in kind order). Text:
    ``QS[four-queens*,bezique]``, a ``*`` marking a broken meld.

    ``melds`` names the melds the card lies in, by number (1 for the deal's first
    declaration, as in :attr:`bezique.DealState.melds`, counting from 1): for each
    kind of its history, the last meld of that kind it was declared in. It is
    given only where it matters: when melds may be re-formed and two cards alike
    in face, history and broken marks lie in different melds, so that playing
    one or the other breaks different melds. Text: ``QS[four-queens*]@3``, or
    ``QS[bezique,four-queens]@2+5`` for a card in two melds.

    ``just_won`` names which of alike cards won a declaration takes, where melds
    are shown from the cards won (S003, Polish): ``True`` the card of the trick just
    won, ``False`` one won in an earlier trick. It is given only where it matters:
    when alike cards of both kinds could serve and the choice leaves different
    cards free for another meld of the turn (a card of the trick goes into one meld
    at most). Text: ``QC/new``, ``QC/old``.
    """

    card: Card
    history: tuple[MeldKind, ...] = attrs.field(default=(), converter=_normal_history)
    broken: tuple[MeldKind, ...] = attrs.field(default=(), converter=_normal_history)
    melds: tuple[int, ...] = attrs.field(default=(), converter=_meld_numbers)
    just_won: bool | None = attrs.field(default=None)
    #: ``history`` as a bit mask of :attr:`MeldKind.bit` (derived).
    mask: int = attrs.field(init=False, eq=False, repr=False)
    #: ``broken`` as a bit mask (derived).
    broken_mask: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if type(self.card) is not Card:
            wrong_type("CardRef()", "card", "a Card", self.card)
        if self.just_won is not None and type(self.just_won) is not bool:
            wrong_type("CardRef()", "just_won", "True, False or None", self.just_won)

    @mask.default
    def _history_mask(self) -> int:
        return sum(kind.bit for kind in self.history)

    @broken_mask.default
    def _broken_mask(self) -> int:
        return sum(kind.bit for kind in self.broken)

    @classmethod
    def parse(cls, text: str) -> CardRef:
        """Parse ``QS``, ``QS[bezique,four-queens]``, ``QS[four-queens*]``,
        ``QS[four-queens*]@3`` or ``QC/new``."""
        require(text, str, "CardRef.parse()", "text", "a str")
        cleaned = text.strip()
        if "/" in cleaned:
            base, _, which = cleaned.rpartition("/")
            if which.lower() not in _WON_COPIES:
                raise NotationError(
                    f"a card won is named /new (just won) or /old (won before), "
                    f"in {shown(text, 80)}"
                )
            return attrs.evolve(cls.parse(base), just_won=_WON_COPIES[which.lower()])
        if "]@" in cleaned:
            base, _, numbers = cleaned.rpartition("@")
            parts = numbers.split("+")
            if not all(_is_number(n) for n in parts):
                raise NotationError(
                    f"meld numbers after @ must be numbers 1 to {MAX_MELD_NUMBER} joined by +, "
                    f"in {shown(text, 80)}"
                )
            return attrs.evolve(cls.parse(base), melds=tuple(int(n) for n in parts))
        if "[" not in cleaned:
            return cls(Card.parse(cleaned))
        face, _, rest = cleaned.partition("[")
        if not rest.endswith("]"):
            raise NotationError(f"unclosed history in {shown(text, 80)}")
        names = [n.strip().lower() for n in rest[:-1].replace("+", ",").split(",") if n.strip()]
        try:
            kinds = tuple(MeldKind(n.removesuffix("*")) for n in names)
        except ValueError:
            raise NotationError(
                f"unknown meld kind in {shown(text, 80)}; kinds are: "
                + ", ".join(k.value for k in MeldKind)
            ) from None
        broken = tuple(k for k, n in zip(kinds, names, strict=True) if n.endswith("*"))
        return cls(Card.parse(face), kinds, broken)

    @property
    def sort_key(self) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
        """The order of references: face, history, broken kinds, meld numbers, then
        unnamed, just won, won before."""
        return (
            self.card.index,
            _kinds_key(self.history),
            _kinds_key(self.broken),
            self.melds,
            _WON_ORDER[self.just_won],
        )

    @property
    def display_key(self) -> tuple[tuple[int, int], _Key, _Key, _Key, int]:
        """Where this card goes when a meld is shown: :attr:`Card.display_key`, then as
        :attr:`sort_key`."""
        _, history, broken, melds, won = self.sort_key
        return (self.card.display_key, history, broken, melds, won)

    def display(self) -> str:
        return self.card.display() + self._suffix()

    def _suffix(self) -> str:
        won = "" if self.just_won is None else _WON_TEXT[self.just_won]
        if not self.history:
            return won
        broken = set(self.broken)
        kinds = "[" + ",".join(k.value + ("*" if k in broken else "") for k in self.history) + "]"
        if self.melds:
            return kinds + "@" + "+".join(map(str, self.melds)) + won
        return kinds + won

    def __str__(self) -> str:
        return str(self.card) + self._suffix()

    def __repr__(self) -> str:
        text = _text_of(self)
        if text is not None:
            return f"CardRef.parse({text!r})"
        won = "" if self.just_won is None else f", just_won={self.just_won!r}"
        return (
            f"CardRef(card={self.card!r}, history={self.history!r}, "
            f"broken={self.broken!r}, melds={self.melds!r}{won})"
        )


#: The text of :attr:`CardRef.just_won`, each way.
_WON_TEXT = {True: "/new", False: "/old"}
_WON_COPIES = {"new": True, "old": False}
_WON_ORDER = {None: 0, True: 1, False: 2}


def _text_of(ref: CardRef) -> str | None:
    """The text of ``ref`` when :meth:`CardRef.parse` reads it back as ``ref``; ``None``
    for a reference the text cannot say (meld numbers or broken kinds without the
    history they belong to, which only a hand-built reference has)."""
    text = str(ref)
    try:
        same = CardRef.parse(text) == ref
    except NotationError:
        same = False
    return text if same else None


def _is_number(text: str) -> bool:
    """Whether ``text`` is a meld number in ASCII digits, short enough to read."""
    return text.isascii() and text.isdigit() and len(text) <= len(str(MAX_MELD_NUMBER))


@attrs.frozen
class Play:
    """Play a card to the current trick."""

    card: CardRef

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.card, CardRef):
            wrong_type("Play()", "card", "a CardRef", self.card)

    @classmethod
    def parse(cls, text: str) -> Play:
        """The play of the card written ``text`` (:meth:`CardRef.parse`): the action
        text ``play QS`` is ``Play.parse("QS")``."""
        require(text, str, "Play.parse()", "text", "a str")
        return cls(CardRef.parse(text))

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        text = _text_of(self.card)
        if text is not None:
            return f"Play.parse({text!r})"
        return f"Play({self.card!r})"


def _canonical(cards: Iterable[CardRef]) -> tuple[CardRef, ...]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        wrong_type("Declare()", "cards", "a tuple of CardRef", cards)
    out = tuple(cards)
    for card in out:
        if not isinstance(card, CardRef):
            wrong_type("Declare()", "cards", "a tuple of CardRef", card)
    return tuple(sorted(out, key=lambda c: c.sort_key))


@attrs.frozen
class Declare:
    """Declare a meld: lay its cards on the table and score it (or leave it pending).

    ``cards`` are kept in a canonical order (by face, then history), so equal
    declarations compare equal however they were written, and the text form
    ``str(declare)`` follows that order. :meth:`display_cards` gives them in the
    order melds are shown (:attr:`bezique.Card.display_key`: A T K Q J, a marriage
    K Q, a bezique Q♠ J♦).
    """

    kind: MeldKind
    cards: tuple[CardRef, ...] = attrs.field(converter=_canonical)

    def __attrs_post_init__(self) -> None:
        if type(self.kind) is not MeldKind:
            wrong_type("Declare()", "kind", "a MeldKind", self.kind)
        if len(self.cards) != self.kind.card_count:
            raise NotationError(
                f"Declare(): a {self.kind.value} is {self.kind.card_count} cards, "
                f"got {len(self.cards)}"
            )

    @classmethod
    def parse(cls, text: str) -> Declare:
        """The declaration written ``text``: a meld kind, then its cards
        (:meth:`CardRef.parse`). The action text ``declare bezique QS JD`` is
        ``Declare.parse("bezique QS JD")``."""
        require(text, str, "Declare.parse()", "text", "a str")
        words = text.split()
        if len(words) < 2:
            raise NotationError(
                f"not a declaration: {shown(text, 80)} (expected a meld kind, then its cards)"
            )
        return _declaration(words[0], words[1:])

    def display_cards(self) -> tuple[CardRef, ...]:
        """The cards in the order melds are shown."""
        return tuple(sorted(self.cards, key=lambda c: c.display_key))

    def __str__(self) -> str:
        return f"declare {self.kind.value} " + " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        texts = [text for text in map(_text_of, self.cards) if text is not None]
        if texts and len(texts) == len(self.cards):
            return f"Declare.parse({' '.join([self.kind.value, *texts])!r})"
        return f"Declare({self.kind!r}, {self.cards!r})"


def _declaration(kind: str, cards: list[str]) -> Declare:
    """The declaration of the meld kind named ``kind`` with the cards written ``cards``."""
    try:
        meld = MeldKind(kind.lower())
    except ValueError:
        raise NotationError(
            f"unknown meld kind {shown(kind)}; kinds are: " + ", ".join(k.value for k in MeldKind)
        ) from None
    return Declare(meld, tuple(CardRef.parse(card) for card in cards))


@attrs.frozen
class Exchange:
    """Exchange the seven of trumps for the turn-up (S000 law 8)."""

    def __str__(self) -> str:
        return "exchange"


@attrs.frozen
class ShowCarteBlanche:
    """Show a hand with no king, queen or jack (or a non-court card just drawn while
    the carte blanche lasts) for its points (HGM, FOS p.334, WKC, PAR)."""

    def __str__(self) -> str:
        return "show-carte-blanche"


@attrs.frozen
class ScorePending:
    """Score a meld shown on an earlier trick (FOS p.326); ``meld`` indexes ``state.melds``."""

    meld: int

    def __attrs_post_init__(self) -> None:
        require_int(self.meld, "ScorePending()", "meld")
        if abs(self.meld) > MAX_MELD_NUMBER:
            # Beyond any deal's melds, and too long to write in the action's text.
            raise NotationError(f"no meld number {shown(self.meld)}: at most {MAX_MELD_NUMBER}")

    def __str__(self) -> str:
        return f"score {self.meld}"

    def __repr__(self) -> str:
        return f"ScorePending({self.meld!r})"


@attrs.frozen
class Draw:
    """End the trick winner's turn in the stock phase: each player draws, winner first."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """End the trick winner's turn in the end phase (when melding continues after the
    close), or decline to show a carte blanche."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class PassToPartner:
    """Pass the right to declare on this trick to the partner (partnerships: BIC,
    EB9, S004; see :class:`bezique.PartnershipDeclarer`)."""

    def __str__(self) -> str:
        return "pass-to-partner"


Action = Play | Declare | Exchange | ShowCarteBlanche | ScorePending | Draw | Pass | PassToPartner
#: The classes of :data:`Action`, for ``isinstance``.
ACTION_TYPES = (Play, Declare, Exchange, ShowCarteBlanche, ScorePending, Draw, Pass, PassToPartner)


def parse_action_text(text: str) -> Action:
    """Parse the text form of an action, without checking it against a state.

    >>> str(parse_action_text("declare bezique JD QS"))
    'declare bezique QS JD'
    >>> str(parse_action_text("play QS[FOUR-QUEENS*,bezique]"))
    'play QS[bezique,four-queens*]'
    """
    require(text, str, "parse_action_text()", "text", "a str")
    words = text.split()
    if not words:
        raise NotationError("empty action text")
    verb, args = words[0].lower(), words[1:]
    if verb == "play" and len(args) == 1:
        return Play(CardRef.parse(args[0]))
    if verb == "declare" and len(args) >= 2:
        return _declaration(args[0], args[1:])
    if verb == "score" and len(args) == 1 and _is_number(args[0]):
        return ScorePending(int(args[0]))
    if not args and verb in _SIMPLE:
        return _SIMPLE[verb]
    raise NotationError(
        f"not an action: {shown(text, 80)} (expected play CARD, declare KIND CARDS..., exchange, "
        "show-carte-blanche, score N, draw, pass or pass-to-partner)"
    )


_SIMPLE: dict[str, Action] = {
    "exchange": Exchange(),
    "show-carte-blanche": ShowCarteBlanche(),
    "draw": Draw(),
    "pass": Pass(),
    "pass-to-partner": PassToPartner(),
}

#: The first word of every action's text form (no card or meld kind is written so).
ACTION_VERBS: tuple[str, ...] = ("play", "declare", "score", *_SIMPLE)
