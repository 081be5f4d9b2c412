"""The position notation: a deal state in a few lines of text, without its tricks.

Like a chess FEN, a position says what lies where now (hands, tables, the cards
won, the stock, the turn-up, the trick on the table, the winner's turn, the
declarations, the scores) and not how the play came there: of the tricks
already played it keeps only who won each. :func:`format_position` writes one,
:func:`parse_position` reads one back, checks it with
:func:`bezique.checks.invariants.check_state` and returns a :class:`~bezique.DealState`
ready to play on.

The grammar, the fields and what is checked are on the documentation page
"Position notation".

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=7).apply("play 9H")
>>> same_position(parse_position(format_position(state)), state)
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from bezique.cards import FACES_PER_PACK, Card, Suit
from bezique.checks.invariants import check_cards, check_shape, check_state, meld_histories
from bezique.errors import (
    BeziqueError,
    InvalidStateError,
    NotationError,
    RulesError,
    check_seed,
    require,
)
from bezique.io.names import card_name
from bezique.io.readers import kept_broken, kept_carte_blanche, read_card
from bezique.io.rebuild import (
    CHOSEN_WINNERS_BUDGET,
    SEARCH_BUDGET,
    TricksNotFoundError,
    rebuild_tricks,
    trick_demands,
)
from bezique.io.writers import card_key, kinds_list
from bezique.laws.dealing import eldest_hand
from bezique.laws.tricks import trick_terms, winning_index
from bezique.laws.turns import in_duels, next_leader
from bezique.laws.zones import bits
from bezique.records import DeclaredMeld, Phase, Trick, Window
from bezique.rules import Rules, TrickCard, variants
from bezique.rules.melds import MeldKind
from bezique.state import DealState

__all__ = ["FIELDS", "format_position", "parse_position", "rebuild_tricks", "same_position"]

#: The fields of a position, in the order :func:`format_position` writes them.
FIELDS = (
    "rules",
    "dealer",
    "tricks",
    "to-move",
    "trumps",
    "turn-up",
    "stock",
    "hands",
    "tables",
    "won",
    "trick",
    "last-trick",
    "window",
    "melds",
    "revealed",
    "carte-blanche",
    "offers",
    "brisques",
    "scores",
)
#: The fields a position must give; the others default to empty.
_REQUIRED = ("dealer", "stock", "hands", "scores")
_EMPTY = "-"
#: The ``brisques`` field of a finished deal that counted the aces and tens only
#: because they mattered (BIC).
_COUNTED = "counted"


# -- writing ---------------------------------------------------------------------------


def format_position(state: DealState, *, lines: bool = False) -> str:
    """The position of ``state``: its fields as ``name: value``, separated by ``"; "``
    (or one a line with ``lines``). Fields that are empty are left out."""
    require(state, DealState, "format_position()", "state", "a DealState")
    n = state.players
    cards = _cards_text
    out: list[tuple[str, str]] = [
        ("rules", state.rules.derived(_rules_text)),
        ("dealer", str(state.dealer)),
        ("tricks", "".join(str(t.winner) for t in state.tricks) or _EMPTY),
        ("to-move", _EMPTY if state.current_player is None else str(state.current_player)),
        ("trumps", _EMPTY if state.trump is None else state.trump.letter),
        ("turn-up", _EMPTY if state.turn_up is None else card_name(state.turn_up)),
        ("stock", cards(state.stock)),
        ("hands", _per_seat(state, state.hand_masks, declared=True)),
    ]
    if any(state.table_masks):
        out.append(("tables", _per_seat(state, state.table_masks, declared=True)))
    if any(state.won_masks):
        out.append(("won", _per_seat(state, state.won_masks, declared=False)))
    if state.trick:
        out.append(("trick", cards(state.trick)))
    if state.window is not None and state.tricks and _needs_last_trick(state.rules):
        # EB11, S003: the winner's melds must take a card of the trick just won.
        out.append(("last-trick", cards(state.tricks[-1].cards)))
    if state.window is not None:
        out.append(("window", _window_text(state.window)))
    if state.melds:
        out.append(("melds", ", ".join(_meld_text(m) for m in state.melds)))
    if any(state.revealed_masks):
        out.append(("revealed", _per_seat(state, state.revealed_masks, declared=False)))
    if any(state.carte_blanche):
        lasting = [str(s) for s in range(n) if state.carte_blanche[s]]
        out.append(("carte-blanche", " ".join(lasting)))
    if state.offers:
        out.append(("offers", " ".join(map(str, state.offers))))
    if state.counted_brisques:
        out.append(("brisques", _COUNTED))
    out.append(("scores", "/".join(map(str, state.scores))))
    return ("\n" if lines else "; ").join(f"{name}: {value}" for name, value in out)


def _needs_last_trick(rules: Rules) -> bool:
    """Whether the winner's turn depends on the cards of the trick just won: when
    each meld must take one of them (``Zones.trick_card``, EB11, S003)."""
    return rules.zones.trick_card is not TrickCard.NOT_REQUIRED


def _cards_text(cards: Sequence[int]) -> str:
    return " ".join(card_name(c) for c in cards) or _EMPTY


def _per_seat(state: DealState, masks: Sequence[int], *, declared: bool) -> str:
    """Each seat's cards sorted by face then copy, seats separated by ``/``; with
    ``declared``, a declared card followed by its kinds in brackets."""
    broken = state.broken
    parts = []
    for mask in masks:
        tokens = []
        for card in sorted(bits(mask), key=card_key):
            history = state.history[card] if declared else 0
            kinds = kinds_list(history, broken[card] if broken else 0)
            tokens.append(card_name(card) + (f"[{','.join(kinds)}]" if kinds else ""))
        parts.append(" ".join(tokens) or _EMPTY)
    return "/".join(parts)


def _window_text(window: Window) -> str:
    words = [str(window.seat)]
    if window.declarations:
        words.append(f"declarations={window.declarations}")
    if window.scored:
        words.append("scored")
    if window.exchanged is not None:
        words.append(f"exchanged={card_name(window.exchanged)}")
    if window.passed:
        words.append("passed=" + ",".join(map(str, window.passed)))
    return " ".join(words)


def _meld_text(meld: DeclaredMeld) -> str:
    cards = " ".join(card_name(c) for c in sorted(meld.cards, key=card_key))
    return f"{meld.seat} {meld.kind.value} {cards} @{meld.trick}" + (
        "" if meld.scored else " pending"
    )


def _rules_text(rules: Rules) -> str:
    """The rules' name, then each knob that differs from the preset of that name (or,
    for a name no preset has, from the defaults) as ``knob=value``."""
    base = _base_rules(rules.name)
    mine = rules.knobs()
    theirs = base.knobs()
    changed = [
        f"{key}={_knob_text(value)}"
        for key, value in mine.items()
        if key not in theirs or theirs[key] != value
    ]
    if "sides" in theirs and "sides" not in mine:
        changed.append("sides=" + _EMPTY)
    return " ".join([_slug(rules.name), *changed])


def _slug(name: str) -> str:
    """A rule set's name as one word of the field: spaces and separators made ``-``."""
    return re.sub(r"[\s;=/]+", "-", name.strip()) or _EMPTY


def _knob_text(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(map(str, value)) + ("," if len(value) == 1 else "")
    return str(value)


def _base_rules(name: str) -> Rules:
    try:
        return variants.get(name)
    except RulesError:
        return Rules(name=name)


# -- reading ---------------------------------------------------------------------------


def parse_position(
    text: str, *, rules: Rules | None = None, seed: int | str | None = None
) -> DealState:
    """Read a position and check it; return the deal state, ready to play on.

    ``rules``: the rule set, for a position whose rules field is missing or names
    rules that are not a preset with knobs changed (a house rule set with its own
    description or sources); the field, when given, must agree with it. ``seed``:
    the shuffle of a stock written ``?`` (its order unknown), as
    :func:`bezique.new_deal` takes it.

    Raises :class:`~bezique.NotationError` for text that does not parse (an unknown
    field, a field twice, a card or meld kind that does not exist) and
    :class:`~bezique.InvalidStateError` for a position no deal can reach; each
    message names the field at fault.
    """
    require(text, str, "parse_position()", "text", "a str")
    if rules is not None:
        require(rules, Rules, "parse_position()", "rules", "a Rules")
    check_seed(seed, "parse_position()")
    fields = _split_fields(text)
    rules = _read_rules(fields.get("rules"), rules)
    for name in _REQUIRED:
        if name not in fields:
            raise NotationError(f"position: the field {name!r} is missing")
    return _Reader(rules, fields, seed).state()


def _split_fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for item in re.split(r"[;\n]", text):
        item = item.strip()
        if not item:
            continue
        name, colon, value = item.partition(":")
        name = name.strip().lower()
        if not colon:
            raise NotationError(f"position: {item!r} is not a field (expected 'name: value')")
        if name not in FIELDS:
            raise NotationError(f"position: unknown field {name!r}; fields are {', '.join(FIELDS)}")
        if name in fields:
            raise NotationError(f"position: the field {name!r} is given twice")
        fields[name] = value.strip()
    return fields


def _read_rules(text: str | None, given: Rules | None) -> Rules:
    if text is None:
        if given is None:
            raise NotationError("position: the field 'rules' is missing and no rules were given")
        return given
    if not text.split():
        raise NotationError("rules: empty (expected a preset's name, then knob=value)")
    name, *knobs = text.split()
    changes: dict[str, Any] = {}
    for item in knobs:
        key, equals, value = item.partition("=")
        if not equals:
            raise NotationError(f"rules: {item!r} is not a knob (expected knob=value)")
        changes[key] = _knob_value(value)
    if given is not None and _same_name(given.name, name):
        built = _build_rules(_base_rules(given.name), changes)
        if built.knobs() != given.knobs():
            raise InvalidStateError(
                f"rules: the position's knobs ({text}) differ from those of the rules given"
            )
        return given
    if given is not None:
        raise InvalidStateError(
            f"rules: the position names {name!r}, the rules given {given.name!r}"
        )
    try:
        variants.get(name)
    except RulesError:
        if not changes:
            raise NotationError(
                f"rules: no preset named {name!r}; pass the rules to parse_position"
            ) from None
    return _build_rules(_base_rules(name), changes)


def _same_name(a: str, b: str) -> bool:
    """Whether two names name the same rules: the same preset, or the same text."""
    try:
        return variants.get(a) is variants.get(b)
    except RulesError:
        return _slug(a).lower() == _slug(b).lower()


def _build_rules(base: Rules, changes: dict[str, Any]) -> Rules:
    if not changes:
        return base
    try:
        return base.evolve(**changes)
    except RulesError as error:
        raise NotationError(f"rules: {error}") from None


def _is_number(text: str, *, signed: bool = False) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``str.isdigit`` also takes
    "²", which ``int`` refuses), short enough to read: no count, seat, trick or score
    of a deal runs to 19 digits, and Python refuses to read thousands of them."""
    return re.fullmatch(r"-?[0-9]{1,18}" if signed else r"[0-9]{1,18}", text) is not None


def _knob_value(text: str) -> Any:
    if text == "null":
        return None
    if text in ("true", "false"):
        return text == "true"
    if text == _EMPTY:
        return ()
    if "," in text:
        return tuple(_knob_value(part) for part in text.split(",") if part)
    if _is_number(text, signed=True):
        return int(text)
    return text


_TOKEN = re.compile(r"^([^\[\]]+)(?:\[([^\[\]]*)\])?$")


def _first(box: list[int]) -> Callable[[], int]:
    """The card a zone's token names, once its face has been given a copy."""
    return lambda: box[0]


class _Reader:
    """One position being read: the cards are named first, then placed."""

    def __init__(self, rules: Rules, fields: dict[str, str], seed: int | str | None) -> None:
        self.rules = rules
        self.fields = fields
        self.seed = seed
        self.n = rules.players
        self.size = rules.deck_size
        self.history = [0] * self.size
        self.broken = [0] * self.size
        # Faces stand for the next free copy, in the order the zones are read.
        self.named: set[int] = set()
        self.faces: list[tuple[Card, Callable[[int], None]]] = []
        # The cards written with their kinds; the others take those of their melds.
        self.explicit: set[int] = set()

    # -- fields --------------------------------------------------------------------

    def field(self, name: str) -> str:
        value = self.fields.get(name, _EMPTY)
        return "" if value == _EMPTY else value

    def seat(self, text: str, where: str) -> int:
        if not _is_number(text):
            raise NotationError(f"{where}: {text!r} is not a seat number")
        seat = int(text)
        if seat >= self.n:
            raise InvalidStateError(f"{where}: no seat {seat}; seats are 0..{self.n - 1}")
        return seat

    def per_seat(self, name: str) -> list[str]:
        value = self.fields.get(name)
        if value is None:
            return [""] * self.n
        parts = [p.strip() for p in value.split("/")]
        if len(parts) != self.n:
            raise InvalidStateError(
                f"{name}: {len(parts)} seat(s) separated by '/', for {self.n} players"
            )
        return ["" if p == _EMPTY else p for p in parts]

    def card(self, text: str, where: str) -> int:
        """A physical card named in full (``QSa``): reference fields name them so."""
        return read_card(text, where, self.size)

    # -- zones ---------------------------------------------------------------------

    def zone(self, text: str, where: str, *, kinds: bool) -> list[Callable[[], int]]:
        """The cards of a zone, in order, each as a function giving its id once every
        face has been given a copy. ``kinds``: cards may carry their kinds."""
        out: list[Callable[[], int]] = []
        for token in text.split():
            match = _TOKEN.match(token)
            if match is None:
                raise NotationError(f"{where}: {token!r} is not a card")
            name, kinds_text = match.group(1), match.group(2)
            if kinds_text is not None and not kinds:
                raise NotationError(f"{where}: {token!r}: cards here carry no meld kinds")
            box: list[int] = []
            if name[-1:].isalpha() and name[-1:].islower() and len(name) >= 3:
                card = self.card(name, where)
                self.named.add(card)
                box.append(card)
                if kinds_text is not None:
                    self.set_kinds(card, kinds_text, where)
            else:
                try:
                    face = Card.parse(name)
                except NotationError as error:
                    raise NotationError(f"{where}: {error}") from None
                self.faces.append((face, self._resolver(box, kinds_text, where)))
            out.append(_first(box))
        return out

    def _resolver(
        self, box: list[int], kinds_text: str | None, where: str
    ) -> Callable[[int], None]:
        def resolve(card: int) -> None:
            box.append(card)
            if kinds_text is not None:
                self.set_kinds(card, kinds_text, where)

        return resolve

    def set_kinds(self, card: int, text: str, where: str) -> None:
        self.explicit.add(card)
        for word in text.split(","):
            name = word[:-1] if word.endswith("*") else word
            try:
                kind = MeldKind(name)
            except ValueError:
                raise NotationError(f"{where}: unknown meld kind {name!r}") from None
            self.history[card] |= kind.bit
            if word.endswith("*"):
                self.broken[card] |= kind.bit

    def give_copies(self) -> None:
        """Each face written without a copy letter is the lowest copy not named yet."""
        packs = self.size // FACES_PER_PACK
        for face, resolve in self.faces:
            copies = (c * FACES_PER_PACK + face.index for c in range(packs))
            card = next((c for c in copies if c not in self.named), None)
            if card is None:
                raise InvalidStateError(
                    f"card conservation: more {face} than the {packs} pack(s) of the deck hold"
                )
            self.named.add(card)
            resolve(card)

    # -- the state -----------------------------------------------------------------

    def state(self) -> DealState:
        rules, n = self.rules, self.n
        dealer = self.seat(self.fields["dealer"], "dealer")
        count, winners = self.tricks()
        trump = self.trump()
        turn_up = self.zone(self.field("turn-up"), "turn-up", kinds=False)
        if len(turn_up) > 1:
            raise NotationError("turn-up: one card or '-'")
        stock_text = self.field("stock")
        unknown = stock_text.startswith("?")
        stock = [] if unknown else self.zone(stock_text, "stock", kinds=False)
        zones = {
            name: [
                self.zone(text, f"{name}[{s}]", kinds=name != "won")
                for s, text in enumerate(self.per_seat(name))
            ]
            for name in ("hands", "tables", "won")
        }
        trick = self.zone(self.field("trick"), "trick", kinds=False)
        self.give_copies()

        def mask(cards: list[Callable[[], int]]) -> int:
            return sum({1 << c() for c in cards})

        hands, tables, won = ([mask(z) for z in zones[name]] for name in ("hands", "tables", "won"))
        stock_ids = [c() for c in stock]
        up = turn_up[0]() if turn_up else None
        if unknown:
            stock_ids = self.shuffled_rest(stock_text[1:], hands, tables, won, trick, up)
        melds = self.melds()
        last_trick = [self.reference(c, "last-trick") for c in self.field("last-trick").split()]
        lasting, offers = self.carte_blanche()
        revealed = [
            mask([self.reference(c, f"revealed[{s}]") for c in part.split()])
            for s, part in enumerate(self.per_seat("revealed"))
        ]
        state = DealState(
            rules=rules,
            dealer=dealer,
            phase=self.phase(
                len(winners) if count is None else int(count),
                len(stock_ids) + (up is not None),
                bool(self.field("window")),
            ),
            trump=trump,
            turn_up=up,
            stock=tuple(stock_ids),
            hand_masks=tuple(hands),
            table_masks=tuple(tables),
            history=tuple(self.history),
            won_masks=tuple(won),
            tricks=(),
            trick=tuple(c() for c in trick),
            leader=eldest_hand(n, dealer),
            window=self.window(),
            melds=melds,
            scores=self.scores(),
            broken=kept_broken(rules, self.broken),
            carte_blanche=lasting,
            offers=offers,
            revealed_masks=tuple(revealed),
            counted_brisques=self.counted_brisques(),
        )
        state = self.kinds_from_melds(state)
        # The cards are where they may be before the tricks are rebuilt from them.
        check_shape(state)
        check_cards(state)
        last = tuple(c() for c in last_trick)
        if count is not None:
            winners = self.choose_winners(state, int(count), last)
        replayed = True
        budget = SEARCH_BUDGET if count is None else CHOSEN_WINNERS_BUDGET
        try:
            tricks = rebuild_tricks(state, winners, last, budget=budget)
        except InvalidStateError as error:
            if count is None and not isinstance(error, TricksNotFoundError):
                raise
            # The search gave up, or the winners are the reader's choice, not the
            # position's, and other winners may have tricks that replay: tricks won
            # by law alone, and the position is checked without the replays.
            replayed = False
            tricks = rebuild_tricks(state, winners, last, replayed=False)
        leader = next_leader(rules, tricks) if tricks else state.leader
        state = attrs.evolve(state, tricks=tricks, leader=leader)
        # The tricks are rebuilt to pass the checks that replay them (rebuild_tricks),
        # which run here with every other check of a state.
        check_state(state, trick_cards=replayed)
        self.check_to_move(state)
        return state

    def tricks(self) -> tuple[str | None, tuple[int, ...]]:
        """The ``tricks`` field: the number of tricks played (``#`` and a number), with
        no winners; or their winners, one seat a trick, and no number."""
        tricks_text = self.field("tricks").replace(" ", "")
        count = tricks_text[1:] if tricks_text.startswith("#") else None
        if count is not None and not _is_number(count):
            raise NotationError(f"tricks: {tricks_text!r} (expected '#' and a number)")
        winners = () if count is not None else tuple(self.seat(ch, "tricks") for ch in tricks_text)
        return count, winners

    def kinds_from_melds(self, state: DealState) -> DealState:
        """``state`` with each declared card written without its kinds given those of
        the melds it is in."""
        declared, expected, _ = meld_histories(state)
        history = tuple(
            expected[c] if declared >> c & 1 and c not in self.explicit else kinds
            for c, kinds in enumerate(state.history)
        )
        return attrs.evolve(state, history=history)

    def choose_winners(
        self, state: DealState, count: int, last_trick: tuple[int, ...] = ()
    ) -> tuple[int, ...]:
        """Who won each of ``count`` tricks, for a position that gives only their number:
        each seat as many tricks as its won cards fill, the winner of each trick after
        which a meld was declared its declarer (or the declarer's partner), the last the
        seat that leads now (or holds the winner's turn), the one before it the seat
        that led the last trick when ``last_trick`` gives its cards in the order played, and
        each seat's tricks together, so that the lead changes as seldom as it may, as
        far as the places its declared cards need allow (:func:`trick_demands`)."""
        rules, n = self.rules, self.n
        if (in_duels(rules) and count > rules.stock_tricks) or state.offers:
            raise NotationError(
                "tricks: give who won each trick here (duels or a carte blanche on offer)"
            )
        left = [mask.bit_count() // n for mask in state.won_masks]
        if sum(left) != count or any(mask.bit_count() % n for mask in state.won_masks):
            raise InvalidStateError(
                f"won: {', '.join(str(m.bit_count()) for m in state.won_masks)} card(s), "
                f"which {count} trick(s) of {n} cards do not make"
            )
        pinned = self.pinned_winners(state, count, last_trick)
        for seat in pinned.values():
            left[seat] -= 1
        _pass_to_partners(rules, pinned, left, count)
        late, early = trick_demands(state, count)
        have = [0] * n

        def _spare(seat: int, number: int) -> bool:
            """Whether ``seat`` may take trick ``number`` and still have, after each
            trick from it on, the tricks it needs then."""
            after = sum(1 for t, owner in pinned.items() if owner == seat and t > number)
            for t in range(number, count + 1):
                after -= pinned.get(t) == seat and t > number
                if left[seat] - 1 + after < late[seat][t]:
                    return False
            return True

        def _short(seat: int, number: int) -> bool:
            """Whether ``seat`` needs every trick not pinned from ``number`` on to some
            trick to have the tricks it needs by then."""
            free = mine = 0
            for t in range(number, count + 1):
                owner = pinned.get(t)
                free += owner is None
                mine += owner == seat
                if early[seat][t] - have[seat] - mine >= free > 0:
                    return True
            return False

        winners: list[int] = []
        last = eldest_hand(n, state.dealer)
        for number in range(1, count + 1):
            chosen = pinned.get(number)
            if chosen is None:
                later = [pinned[k] for k in sorted(pinned) if k > number]
                # A seat short of the tricks its declared cards need by now takes this
                # one; a seat takes it only if enough are left for it after.
                short = [s for s in range(n) if left[s] > 0 and _short(s, number)]
                fits = [
                    s
                    for s in short or [last, *later, *range(n)]
                    if left[s] > 0 and _spare(s, number)
                ]
                chosen = next(iter(fits or [s for s in [last, *range(n)] if left[s] > 0]), last)
                left[chosen] -= 1
            winners.append(chosen)
            have[chosen] += 1
            last = chosen
        if any(left):
            raise InvalidStateError(
                "tricks: the declarations and the seat to move ask more tricks of a seat "
                "than its won cards fill"
            )
        return tuple(winners)

    def pinned_winners(
        self, state: DealState, count: int, last_trick: tuple[int, ...]
    ) -> dict[int, int]:
        """The winners the position fixes, by trick number: the declarer of each meld,
        the seat whose turn it is after the last trick, and the leader of the last
        trick where its cards are given in the order played."""
        rules, n = self.rules, self.n
        pinned: dict[int, int] = {m.trick: m.seat for m in state.melds if 1 <= m.trick <= count}
        to_move = self.fields.get("to-move", _EMPTY)
        if count and state.window is not None:
            pinned[count] = state.window.winner
        elif count and to_move != _EMPTY:
            pinned[count] = (self.seat(to_move, "to-move") - len(state.trick)) % n
        if last_trick and count > 1 and count in pinned:
            # The last trick was led by the winner of the one before (S000 law 5).
            terms = trick_terms(rules, state.trump, count <= rules.stock_tricks)
            leader = (pinned[count] - winning_index(last_trick, *terms)) % n
            if pinned.setdefault(count - 1, leader) != leader:
                raise InvalidStateError(
                    f"last-trick: seat {leader} led it, but a declaration after trick "
                    f"{count - 1} names seat {pinned[count - 1]} its winner"
                )
        return pinned

    def reference(self, text: str, where: str) -> Callable[[], int]:
        card = self.card(text, where)
        return lambda: card

    def trump(self) -> Suit | None:
        text = self.field("trumps")
        if not text:
            return None
        try:
            return Suit.parse(text)
        except NotationError as error:
            raise NotationError(f"trumps: {error}") from None

    def counted_brisques(self) -> bool:
        """The ``brisques`` field: ``counted`` or empty."""
        text = self.field("brisques").strip()
        if text not in ("", _COUNTED):
            raise NotationError(f"brisques: expected {_COUNTED!r} or {_EMPTY!r}, got {text!r}")
        return text == _COUNTED

    def phase(self, done: int, stock_size: int, window: bool) -> Phase:
        # S003 (Polish): the winner of the last trick may have his turn still open.
        if done == self.rules.total_tricks and not window:
            return Phase.OVER
        return Phase.STOCK if stock_size else Phase.END

    def shuffled_rest(
        self,
        count: str,
        hands: list[int],
        tables: list[int],
        won: list[int],
        trick: list[Callable[[], int]],
        up: int | None,
    ) -> list[int]:
        """A stock of unknown order: the cards no other field places, shuffled by the
        seed."""
        placed = sum(hands) | sum(tables) | sum(won) | sum(1 << c() for c in trick)
        if up is not None:
            placed |= 1 << up
        rest = [c for c in range(self.size) if not placed >> c & 1]
        if count:
            if not _is_number(count):
                raise NotationError(f"stock: '?{count}' (expected '?' or '?' and a number)")
            if int(count) != len(rest):
                raise InvalidStateError(
                    f"stock: '?{count}', but {len(rest)} card(s) of the deck are placed "
                    "nowhere else"
                )
        if self.seed is not None and (
            isinstance(self.seed, bool) or not isinstance(self.seed, (int, str))
        ):
            raise BeziqueError(f"seed must be an int or a string, got {self.seed!r}")
        random.Random(self.seed).shuffle(rest)
        return rest

    def melds(self) -> tuple[DeclaredMeld, ...]:
        out = []
        text = self.field("melds")
        for i, item in enumerate(text.split(",") if text else ()):
            where = f"melds[{i}]"
            words = item.split()
            scored = True
            if words and words[-1] == "pending":
                scored = False
                words.pop()
            if len(words) < 4 or not words[-1].startswith("@"):
                raise NotationError(
                    f"{where}: {item.strip()!r} (expected seat, kind, cards, @trick [pending])"
                )
            seat = self.seat(words[0], f"{where}.seat")
            try:
                kind = MeldKind(words[1])
            except ValueError:
                raise NotationError(f"{where}: unknown meld kind {words[1]!r}") from None
            points = self.rules.meld_value(kind)
            if points is None:
                raise InvalidStateError(
                    f"{where}.kind: {kind.value!r} cannot be declared under these rules"
                )
            trick = words[-1][1:]
            if not _is_number(trick):
                raise NotationError(f"{where}: {words[-1]!r} (expected @ and a trick number)")
            cards = tuple(sorted(self.card(w, f"{where}.cards") for w in words[2:-1]))
            out.append(DeclaredMeld(seat, kind, cards, int(trick), points, scored))
        return tuple(out)

    def window(self) -> Window | None:
        text = self.field("window")
        if not text:
            return None
        seat_text, *words = text.split()
        seat = self.seat(seat_text, "window")
        declarations, scored = 0, False
        exchanged: int | None = None
        passed: tuple[int, ...] = ()
        for word in words:
            key, _, value = word.partition("=")
            if key == "declarations" and _is_number(value):
                declarations = int(value)
            elif word == "scored":
                scored = True
            elif key == "exchanged" and value:
                exchanged = self.card(value, "window.exchanged")
            elif key == "passed" and value:
                passed = tuple(self.seat(p, "window.passed") for p in value.split(","))
            else:
                raise NotationError(
                    f"window: {word!r} (expected declarations=N, scored, exchanged=CARD "
                    "or passed=SEATS)"
                )
        return Window(seat, declarations, scored, exchanged, passed)

    def carte_blanche(self) -> tuple[tuple[bool, ...], tuple[int, ...]]:
        lasting = {self.seat(s, "carte-blanche") for s in self.field("carte-blanche").split()}
        offers = tuple(self.seat(s, "offers") for s in self.field("offers").split())
        if not kept_carte_blanche(self.rules, [s in lasting for s in range(self.n)], offers):
            return (), ()
        return tuple(s in lasting for s in range(self.n)), offers

    def scores(self) -> tuple[int, ...]:
        out = []
        for s, text in enumerate(self.per_seat("scores")):
            if not _is_number(text, signed=True):
                raise NotationError(f"scores[{s}]: {text!r} is not a whole number")
            out.append(int(text))
        return tuple(out)

    def check_to_move(self, state: DealState) -> None:
        text = self.fields.get("to-move")
        if text is None:
            return
        said = None if text == _EMPTY else self.seat(text, "to-move")
        if said != state.current_player:
            now = state.current_player
            raise InvalidStateError(
                f"to-move: the position says {text}, but "
                + ("the deal is over" if now is None else f"seat {now} is to move")
            )


# -- the winners a position leaves to the reader -------------------------------------


def _pass_to_partners(rules: Rules, pinned: dict[int, int], left: list[int], count: int) -> None:
    """A declaration may follow a trick its partner won (BIC, EB9): a seat pinned to
    more tricks than its cards fill (``left`` below zero) hands some of them to a
    partner with tricks to spare; the last trick, pinned by the turn, stays its own."""
    n = len(left)
    for number in sorted(pinned)[:-1] if count in pinned else sorted(pinned):
        seat = pinned[number]
        side = rules.side_of(seat)
        partner = next(
            (p for p in range(n) if left[p] > 0 and p != seat and rules.side_of(p) == side),
            None,
        )
        if left[seat] < 0 and partner is not None:
            pinned[number] = partner
            left[seat] += 1
            left[partner] -= 1


# -- comparing positions ---------------------------------------------------------------


def same_position(a: DealState, b: DealState) -> bool:
    """Whether two states are the same position: equal in every field but the cards
    of the completed tricks (of which a position keeps who led and who won each)."""
    require(a, DealState, "same_position()", "a", "a DealState")
    require(b, DealState, "same_position()", "b", "a DealState")
    return _without_trick_cards(a) == _without_trick_cards(b)


def _without_trick_cards(state: DealState) -> DealState:
    return attrs.evolve(state, tricks=tuple(Trick(t.leader, (), t.winner) for t in state.tricks))
