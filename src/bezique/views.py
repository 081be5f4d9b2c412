"""What one seat may know: :class:`SeatView`.

A view holds only information its seat is entitled to (S000 law 6: the stock
is face down, tricks are turned down but were seen as they were played):

* its own hand, every card of it;
* every seat's declared cards on the table, with what each was declared in
  (:class:`TableCard`, listed in the order melds are shown);
* the cards of each seat's concealed hand that the other seats have seen
  (``known``: shown in a carte blanche, gained by exchanging the seven, the
  turn-up taken last, table cards taken back at the end phase), its own
  included, and how many cards each seat holds;
* the turn-up, the trump suit, the stock's size (not its order);
* the current trick and every completed trick, the declarations, the scores,
  whose turn it is, the winner's turn and carte blanche offers;
* the legal actions, when it is this seat's turn.

A view is built by copying those values out of the state: it keeps no
reference to the :class:`~bezique.state.DealState` or to any hidden card, so
hidden cards cannot be reached from it (``PerfectInformationView`` is the
explicit exception, for research).

Card ids in a view are *labels*, not the state's physical ids. The engine
plays and declares the lowest matching copy of a face, so the copy letter of
a card that comes out of a concealed hand would tell which copies that hand
did not hold. A view therefore names the copies of each face it shows ``a``,
``b``, ... in an order computed from the view's own content (see
:func:`canonical_labels`); the copies it does not show keep the remaining
letters. Labels are consistent within one view (a card on a table and in a
meld has one label); the same card may have another label in a later view.

>>> import bezique as bz
>>> state = bz.new_deal(bz.variants.CLASSIC, seed=1)
>>> view = state.view(1)
>>> len(view.hand), view.hand_sizes, view.stock_size
(8, (8, 8), 48)
>>> view.legal_actions() == state.legal_actions()
True
>>> state.view(0).legal_actions()
()
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from bezique.actions import Action
from bezique.cards import FACES_PER_PACK, Card, CardIds, Suit, card_id_name, face_of
from bezique.engine.fields import DealFields, trick_number
from bezique.engine.moves import check_seat, legal_actions
from bezique.laws.declaring import open_won_cards, won_card_histories
from bezique.laws.scoring import running_totals
from bezique.laws.zones import bits
from bezique.records import DeclaredMeld, Phase, TableCard, Trick, Window, table_order
from bezique.rules import DeclareFrom, Rules
from bezique.rules.melds import MeldKind, kinds_in

__all__ = [
    "GameTotals",
    "SeatView",
    "TableCard",
    "canonical_labels",
    "canonical_view",
    "physical_view",
    "relabel",
    "seat_view",
]


def _card_ids(cards: Iterable[int]) -> CardIds:
    return CardIds(cards)


def _card_ids_by_seat(seats: Iterable[Iterable[int]]) -> tuple[CardIds, ...]:
    return tuple(CardIds(cards) for cards in seats)


@attrs.frozen
class GameTotals:
    """The game a deal is played in, as every seat sees it: the scores are called
    out as they are made (S000 law 12), so nothing here is hidden. A game's view
    (:meth:`bezique.GameState.view`) carries it; a lone deal's view does not."""

    #: The points that win the game (``Rules.game.target``).
    target: int
    #: How many deals are finished.
    deals: int
    #: Per seat, the points of the deals finished (and, once a game to the first to
    #: reach the target is won in the middle of a deal, of that deal so far): the
    #: ``totals`` of :class:`~bezique.GameState`.
    totals: tuple[int, ...]
    #: Whether the game is over, and the sides (the seats, each seat playing alone)
    #: that won; none for a drawn game.
    over: bool = False
    winners: tuple[int, ...] = ()


@attrs.frozen
class SeatView:
    """Everything one seat may know of a deal (see the module docstring)."""

    seat: int
    rules: Rules
    dealer: int
    phase: Phase
    trump: Suit | None
    turn_up: int | None
    stock_size: int
    #: This seat's concealed hand (in the end phase; its whole hand), as
    #: :class:`~bezique.cards.CardIds`.
    hand: CardIds = attrs.field(converter=_card_ids)
    #: Per seat, its declared cards on the table.
    tables: tuple[tuple[TableCard, ...], ...]
    #: Per seat, cards of its concealed hand that the other seats have seen (this
    #: seat's entry: the cards of its own hand it has shown).
    known: tuple[CardIds, ...] = attrs.field(converter=_card_ids_by_seat)
    #: Per seat, how many cards it holds, table cards included.
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    melds: tuple[DeclaredMeld, ...]
    scores: tuple[int, ...]
    window: Window | None
    offers: tuple[int, ...]
    carte_blanche: tuple[bool, ...]
    current_player: int | None
    #: The legal actions when it is this seat's turn, else empty; read them with
    #: :meth:`legal_actions` (given to the constructor as ``legal_actions=``).
    _legal_actions: tuple[Action, ...]
    #: Per seat, the cards in its hand (not on a table) that keep a declaration
    #: history: only in the end phase when melding goes on after the close (S003).
    #: Every such card has been shown in a meld.
    hand_kinds: tuple[tuple[TableCard, ...], ...] = ()
    #: The game around the deal, for a game's view (:meth:`bezique.GameState.view`);
    #: ``None`` for the view of a lone deal.
    game: GameTotals | None = None

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of this seat when it is to act, in the order of
        :meth:`bezique.DealState.legal_actions`; empty otherwise."""
        return self._legal_actions

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def open_cards(self) -> tuple[CardIds, ...]:
        """Per seat, the cards it has won that lie face up for it to declare from,
        where melds are shown from the cards won: every card won (S003), or the
        scoring cards only (EB11, ``Zones.open_cards``); every seat sees them. Empty
        for each seat under other rules, where the tricks are turned down."""
        if self.rules.zones.declare_from is not DeclareFrom.WON:
            return (CardIds(),) * self.players
        won = [0] * self.players
        for trick in self.tricks:
            for card in trick.cards:
                won[trick.winner] |= 1 << card
        return tuple(CardIds(bits(open_won_cards(self.rules, self.trump, m))) for m in won)

    @property
    def won_tables(self) -> tuple[tuple[TableCard, ...], ...]:
        """Per seat, its :attr:`open_cards` as a table lists its cards: each with the
        kinds of the melds it has been declared in (none for a card not declared
        yet), in the order melds are shown. Where melds are shown from the cards won
        (S003, EB11), this is where they lie, face up among the cards won, for every
        seat to see; empty for each seat under other rules. Read from the view's own
        melds (:func:`~bezique.laws.declaring.won_card_histories`): the same in
        every seat's view of a deal, but for the labels."""
        opened = self.open_cards
        masks = [sum(1 << card for card in cards) for cards in opened]
        kinds = won_card_histories(self.melds, masks)
        return tuple(
            table_order(TableCard(card, kinds_in(kinds.get(card, 0))) for card in cards)
            for cards in opened
        )

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def game_scores(self) -> tuple[int, ...] | None:
        """For a game's view, the game's totals with the points of this deal where
        they count towards them, as :attr:`bezique.GameState.scores`; ``None`` for a
        lone deal's view."""
        game = self.game
        if game is None:
            return None
        return running_totals(self.rules, game.totals, self.scores, game.over or self.is_over)

    @property
    def trick_number(self) -> int:
        """The number (1-based) of the trick being played or just completed (see
        :attr:`bezique.DealState.trick_number`)."""
        return trick_number(self.phase, self.window, self.tricks)

    @property
    def turn_up_card(self) -> Card | None:
        return None if self.turn_up is None else face_of(self.turn_up)

    @property
    def side_scores(self) -> tuple[int, ...]:
        """The points of each side: the seats' scores added up by :meth:`Rules.side_totals`."""
        return self.rules.side_totals(self.scores)

    def held(self) -> CardIds:
        """This seat's whole hand: concealed cards and table cards."""
        table = tuple(t.card for t in self.tables[self.seat])
        return CardIds(sorted(self.hand + table))

    def _repr_svg_(self) -> str:
        """The picture of this view, for notebooks (see :func:`bezique.display.svg.draw`)."""
        # Imported here: the pictures sit above the views in the layers.
        from bezique.display import svg

        return svg.draw(self)

    def render(self, *, symbols: bool | None = None) -> str:
        """This view drawn as a text board (:func:`bezique.display.board.render_view`):
        cards with suit symbols when ``symbols`` is true or, by default, when
        standard output can print them; ``QS`` otherwise. ``str(view)`` is this board."""
        # The drawing lives above the views; imported when asked for, as a satellite.
        from bezique.display.board import render_view

        return render_view(self, symbols=symbols)

    def __repr__(self) -> str:
        """One line of what the seat sees: the rules, the phase and trick, trumps and
        the stock, its hand (cards named by the view's labels), the tables and the
        trick when there are cards on them, how many cards each seat holds, the
        scores and who is to act. A view has no notation to be read back from: its
        JSON document (:func:`bezique.view_to_json`) is the one to keep."""
        try:
            return f"<SeatView of seat {self.seat}: {'; '.join(self._summary())}>"
        except Exception:  # showing a view must never fail, whatever its fields hold
            return f"<SeatView of seat {self.seat!r}>"

    def __str__(self) -> str:
        """The text board of :meth:`render`."""
        try:
            return self.render()
        except Exception:  # a view the board cannot draw is shown by repr
            return repr(self)

    def _summary(self) -> list[str]:
        turn_up = "" if self.turn_up is None else f", turn-up {card_id_name(self.turn_up)}"
        out = [
            f"{self.rules.name}, {self.phase.value} phase, trick {self.trick_number}",
            f"trumps {'-' if self.trump is None else self.trump.letter}{turn_up}, "
            f"stock {self.stock_size}",
            "hand " + (" ".join(map(card_id_name, sorted(self.hand, key=_by_face))) or "-"),
        ]
        if any(self.tables):
            out.append("tables " + "/".join(_table_text(table) for table in self.tables))
        if self.trick:
            out.append("trick " + " ".join(map(card_id_name, self.trick)))
        out.append("holding " + "/".join(map(str, self.hand_sizes)))
        out.append("scores " + "/".join(map(str, self.scores)))
        to_act = self.current_player
        out.append("over" if to_act is None else f"seat {to_act} to act")
        return out


def _by_face(card: int) -> tuple[int, int]:
    """Cards by face, then copy, as the position notation lists a hand."""
    return (card % FACES_PER_PACK, card)


def _table_text(table: tuple[TableCard, ...]) -> str:
    """A table as the position notation writes one: ``QSa[bezique] JDa[bezique]``."""
    words = []
    for entry in table:
        broken = set(entry.broken)
        kinds = ",".join(k.value + ("*" if k in broken else "") for k in entry.history)
        words.append(card_id_name(entry.card) + (f"[{kinds}]" if kinds else ""))
    return " ".join(words) or "-"


def seat_view(state: DealFields, seat: int) -> SeatView:
    """Build the view of ``seat`` (raises :class:`~bezique.errors.SeatError` for a
    seat that does not exist)."""
    return canonical_view(_raw_view(state, seat))


def physical_view(state: DealFields, seat: int) -> SeatView:
    """The view of ``seat`` with the state's physical card ids, not labelled: what a
    drawing of a whole deal starts from (it shows every card, so copy letters tell
    nothing there that is hidden). Not for a player: the copy letters of cards out
    of a concealed hand tell which copies that hand did not hold."""
    return _raw_view(state, seat)


def _raw_view(state: DealFields, seat: int) -> SeatView:
    """The view with the state's physical card ids (before labelling)."""
    seat = check_seat(state, seat)
    n = state.players
    tables = state.tables
    # Seen: what the state records as revealed, and the declared cards still in a
    # hand (declared after the close, S003: shown like any declaration).
    seen = list(state.revealed_masks or (0,) * n)
    for meld in state.melds:
        for card in meld.cards:
            seen[meld.seat] |= 1 << card
    known = tuple(tuple(bits(seen[s] & state.hand_masks[s])) for s in range(n))
    history = state.history
    hand_kinds = tuple(
        table_order(state._table_card(c) for c in bits(state.hand_masks[s]) if history[c])
        for s in range(n)
    )
    current = state.current_player
    return SeatView(
        seat=seat,
        rules=state.rules,
        dealer=state.dealer,
        phase=state.phase,
        trump=state.trump,
        turn_up=state.turn_up,
        stock_size=state.stock_size,
        hand=tuple(bits(state.hand_masks[seat])),
        tables=tables,
        known=known,
        hand_sizes=tuple(state._held_mask(s).bit_count() for s in range(n)),
        leader=state.leader,
        trick=state.trick,
        tricks=state.tricks,
        melds=state.melds,
        scores=state.scores,
        window=state.window,
        offers=state.offers,
        carte_blanche=state.carte_blanche,
        current_player=current,
        legal_actions=legal_actions(state) if current == seat else (),
        hand_kinds=hand_kinds,
    )


# -- labels ----------------------------------------------------------------------------

_Key = tuple[tuple[int, ...], tuple[int, ...], int, int, int]


def _mask(kinds: tuple[MeldKind, ...]) -> int:
    return sum(kind.bit for kind in kinds)


def canonical_labels(view: SeatView) -> dict[int, int]:
    """The label of each card id the view shows, from the view's content alone.

    For each face, the copies the view shows are ordered by where they are
    (completed tricks in order of play, the current trick, the turn-up, the
    tables, the seat's hand, the cards known in other hands, cards seen only in
    melds), then by the melds they belong to, their history and broken melds,
    whether the seat has shown them and whether it is the card just gained by an
    exchange; the first gets copy ``a``, the next ``b``, and so on. Copies that
    tie on all of these play the same part everywhere in the view, so their
    order does not matter.
    """
    labels: dict[int, int] = {}
    copies = [0] * FACES_PER_PACK

    def label(card: int) -> None:
        if card not in labels:
            face = card % FACES_PER_PACK
            labels[card] = copies[face] * FACES_PER_PACK + face
            copies[face] += 1

    # Cards with a place in the order of play: labelled in that order.
    for trick in view.tricks:
        for card in trick.cards:
            label(card)
    for card in view.trick:
        label(card)
    if view.turn_up is not None:
        label(view.turn_up)
    # The rest: ordered by everything the view says of them.
    zone: dict[int, tuple[int, ...]] = {}

    def put(card: int, where: tuple[int, ...]) -> None:
        if card not in labels:
            zone.setdefault(card, where)

    for s, table in enumerate(view.tables):
        for entry in table:
            put(entry.card, (3, s))
    for card in view.hand:
        put(card, (4,))
    for s, cards in enumerate(view.known):
        for card in cards:
            put(card, (5, s))
    member: dict[int, list[int]] = {}
    for m, meld in enumerate(view.melds):
        for card in meld.cards:
            put(card, (6,))
            member.setdefault(card, []).append(m)
    kinds: dict[int, tuple[int, int]] = {}
    for entries in (*view.tables, *view.hand_kinds):
        for entry in entries:
            put(entry.card, (7,))
            kinds[entry.card] = (_mask(entry.history), _mask(entry.broken))
    exchanged = None if view.window is None else view.window.exchanged
    if exchanged is not None:
        put(exchanged, (8,))
    own_known = set(view.known[view.seat]) if view.seat < len(view.known) else set()

    def key(card: int) -> tuple[_Key, int]:
        history, broken = kinds.get(card, (0, 0))
        flags = (card == exchanged) << 1 | (card in own_known)
        return (zone[card], tuple(member.get(card, ())), history, broken, flags), card

    for card in sorted(zone, key=key):
        label(card)
    return labels


def relabel(view: SeatView, labels: Mapping[int, int]) -> SeatView:
    """The view with every card id ``c`` it shows replaced by ``labels[c]``."""

    one = labels.__getitem__

    def many(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(labels[c] for c in cards))

    def entries(table: tuple[TableCard, ...]) -> tuple[TableCard, ...]:
        return table_order(TableCard(labels[t.card], t.history, t.broken) for t in table)

    window = view.window
    if window is not None and window.exchanged is not None:
        window = attrs.evolve(window, exchanged=labels[window.exchanged])
    return attrs.evolve(
        view,
        turn_up=None if view.turn_up is None else one(view.turn_up),
        hand=many(view.hand),
        tables=tuple(entries(t) for t in view.tables),
        known=tuple(many(k) for k in view.known),
        trick=tuple(one(c) for c in view.trick),
        tricks=tuple(
            Trick(t.leader, tuple(one(c) for c in t.cards), t.winner) for t in view.tricks
        ),
        melds=tuple(
            DeclaredMeld(m.seat, m.kind, many(m.cards), m.trick, m.points, m.scored)
            for m in view.melds
        ),
        window=window,
        hand_kinds=tuple(entries(t) for t in view.hand_kinds),
    )


def canonical_view(view: SeatView) -> SeatView:
    """The view with its cards named by :func:`canonical_labels`; a view the
    library builds is already canonical (this is the identity on it)."""
    return relabel(view, canonical_labels(view))
