"""What a player can read from a seat view: faces and suits of card ids, who takes a
trick so far, the melds still in reach and the chances of drawing their cards.

The built-in players share these helpers; the rules they read come from
:mod:`bezique.laws` (who takes a trick: :func:`bezique.laws.tricks.trick_terms`,
:func:`~bezique.laws.tricks.takes_table`, :func:`~bezique.laws.tricks.winning_index`;
which cards form a meld and which histories bar a card from it:
:func:`bezique.laws.declaring.meld_patterns`,
:func:`~bezique.laws.declaring.declaration_bans`), so a change to a law changes
the players too.

Card ids are small ints (see :mod:`bezique.cards`: ``id = copy * 32 + suit * 8 +
rank``); a *face* is ``id % 32``.

>>> from bezique.cards import Card
>>> queen = Card.parse("QS").index
>>> suit(queen), rank(queen) == QUEEN, is_brisque(Card.parse("TS").index)
(0, True, True)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import attrs

from bezique.cards import FACES, FACES_PER_PACK, Rank, Suit
from bezique.errors import BeziqueError
from bezique.laws.declaring import Bans, declaration_bans, meld_patterns
from bezique.laws.scoring import points_for_brisques
from bezique.laws.tricks import takes_table, trick_terms, winning_index
from bezique.laws.turns import trick_seats
from bezique.records import Phase, Trick
from bezique.rules import BrisqueTiming, DealScoring, Rules
from bezique.rules.derived import derived
from bezique.rules.melds import MeldKind
from bezique.state import DealState
from bezique.views import SeatView

__all__ = [
    "ACE",
    "JACK",
    "KING",
    "NINE",
    "QUEEN",
    "SEVEN",
    "TEN",
    "Group",
    "MeldTarget",
    "MeldTargets",
    "Reading",
    "TrickPlace",
    "beaters_mask",
    "brisque_worth",
    "deal_value",
    "face",
    "follow_outcome",
    "is_brisque",
    "meld_targets",
    "rank",
    "seat_margin",
    "side_margin",
    "suit",
    "suit_index",
    "takes",
    "trick_place",
    "trick_terms_of",
    "winning_face",
]

# -- card arithmetic on ids ------------------------------------------------------------------

SEVEN: Final = int(Rank.SEVEN)
NINE: Final = int(Rank.NINE)
JACK: Final = int(Rank.JACK)
QUEEN: Final = int(Rank.QUEEN)
KING: Final = int(Rank.KING)
TEN: Final = int(Rank.TEN)
ACE: Final = int(Rank.ACE)

#: Per face, whether it is a brisque (an ace or a ten, S000 law 11; ``Rank.is_brisque``).
_BRISQUE: Final = tuple(card.rank.is_brisque for card in FACES)


def face(card: int) -> int:
    """The face (``0..31``) of a card id."""
    return card % FACES_PER_PACK


def suit(face: int) -> int:
    """The suit index of a face."""
    return face >> 3


def rank(face: int) -> int:
    """The rank index of a face (``Rank`` order: seven lowest, ace highest)."""
    return face & 7


def is_brisque(face: int) -> bool:
    """Whether a face is an ace or a ten."""
    return _BRISQUE[face]


def suit_index(trump: Suit | None) -> int:
    """The trump suit as an int, ``-1`` for none."""
    return -1 if trump is None else int(trump)


# -- tricks ------------------------------------------------------------------------------------


def trick_terms_of(view: SeatView) -> tuple[Suit | None, bool]:
    """The trump suit that wins tricks now and whether a higher off-suit card wins, for
    the trick being played in this view (:func:`bezique.laws.tricks.trick_terms`)."""
    return trick_terms(view.rules, view.trump, view.phase is Phase.STOCK)


def takes(face: int, best: int, trump: Suit | None, offsuit: bool) -> bool:
    """Whether ``face`` played after ``best`` takes the trick from it
    (:func:`bezique.laws.tricks.takes_table`)."""
    return bool(takes_table(trump, offsuit)[best << 5 | face])


def winning_face(faces: Sequence[int], trump: Suit | None, offsuit: bool) -> int:
    """The face winning a trick of these faces (in play order) so far."""
    return faces[winning_index(faces, trump, offsuit)]


def follow_outcome(
    trick: Sequence[int], face: int, trump: Suit | None, offsuit: bool, worth: float
) -> tuple[bool, float]:
    """Whether ``face`` played to ``trick`` (faces in play order) wins it, and the aces
    and tens it wins or gives away (S000 hint 8, S004 hint 3: make your aces and
    tens in your tricks, and take any the other player leads whenever it can be done
    cheaply)."""
    wins = takes(face, winning_face(trick, trump, offsuit), trump, offsuit)
    brisques = sum(_BRISQUE[f] for f in (*trick, face)) * worth
    return wins, brisques if wins else -brisques


@attrs.frozen
class TrickPlace:
    """Where a seat stands in the trick it plays to: whether the card winning the trick
    so far is its partner's (``ally_best``), and which seats still play after it,
    its opponents (``foes_after``) and its partners (``allies_after``), in play order.
    At two seats the follower is last and has no partner: both empty, ``False``."""

    ally_best: bool
    foes_after: tuple[int, ...]
    allies_after: tuple[int, ...]


def trick_place(
    rules: Rules,
    seat: int,
    leader: int,
    trick: Sequence[int],
    trump: Suit | None,
    offsuit: bool,
    tricks: Sequence[Trick] = (),
) -> TrickPlace:
    """:class:`TrickPlace` of ``seat`` playing to ``trick`` (faces or card ids in play
    order) led by ``leader`` after the completed ``tricks``: the seats that play to
    it, in order, are :func:`bezique.laws.turns.trick_seats` (every seat from the
    leader; in duels, the two seats of the duel)."""
    order = trick_seats(rules, tricks, leader)
    ally_best = False
    if trick:
        best_seat = order[winning_index(trick, trump, offsuit)]
        ally_best = best_seat != seat and rules.side_of(best_seat) == rules.side_of(seat)
    after = order[len(trick) + 1 :]
    side = rules.side_of(seat)
    return TrickPlace(
        ally_best,
        tuple(s for s in after if rules.side_of(s) != side),
        tuple(s for s in after if rules.side_of(s) == side),
    )


@functools.cache
def beaters_mask(face: int, trump: Suit | None, offsuit: bool) -> int:
    """The bit set of the faces that, played after ``face``, take the trick from it."""
    table = takes_table(trump, offsuit)
    row = face << 5
    mask = 0
    for g in range(FACES_PER_PACK):
        if table[row | g]:
            mask |= 1 << g
    return mask


def brisque_worth(rules: Rules) -> float:
    """What an ace or ten won in a trick is worth to a player's plans."""
    timing = rules.scoring.brisques
    if timing is BrisqueTiming.NEVER:
        return 0.0
    if timing is BrisqueTiming.TIES_AND_RUBICON:
        # They count only to break ties or to escape the rubicon (BIC, S003).
        return points_for_brisques(rules, 1) / 4
    return float(points_for_brisques(rules, 1))


# -- the worth of a finished deal ------------------------------------------------------------


def seat_margin(scores: Sequence[int], seat: int) -> int:
    """``seat``'s score less the best score of the other seats (any number of seats)."""
    if not 0 <= seat < len(scores) or len(scores) < 2:
        raise BeziqueError(f"no seat {seat} among {len(scores)} scores, or no other seat")
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def side_margin(rules: Rules, scores: Sequence[int], seat: int) -> int:
    """The score of ``seat``'s side less the best other side's, from per-seat
    ``scores`` (added up by :meth:`bezique.Rules.side_totals`): :func:`seat_margin`
    when each seat plays for itself."""
    if not 0 <= seat < len(scores):
        raise BeziqueError(f"no seat {seat} among {len(scores)} scores")
    return seat_margin(rules.side_totals(scores), rules.side_of(seat))


def deal_value(state: DealState, seat: int) -> int:
    """A finished deal's worth to ``seat``: its side's points less the best other
    side's (a side is one seat unless seats play in partnerships, where a partner's
    points count as one's own), or under rubicon scoring the same difference of the
    deal's game scores."""
    result = state.result
    if result is None:
        raise BeziqueError("the deal is not over")
    scores = (
        result.game_scores
        if state.rules.scoring.deal_scoring is DealScoring.RUBICON
        else result.scores
    )
    return side_margin(state.rules, scores, seat)


# -- what melds a seat may still hope for ----------------------------------------------------


@attrs.frozen
class MeldTarget:
    """One way to form a meld (a pattern of :func:`bezique.laws.declaring.meld_patterns`):
    its value, the re-use law of its kind (``bans``, of
    :func:`~bezique.laws.declaring.declaration_bans`) with the history bits that bar
    one card from it: the ``same`` kind (:attr:`~bezique.laws.declaring.Bans.card_same`)
    and the inferior, married and once-declared kinds in ``barred``
    (:attr:`~bezique.laws.declaring.Bans.barred`); and what it needs: face counts in
    ``need``, or ``count`` cards of ``rank``; ``faces`` is the bit set of the faces
    that count towards it."""

    kind: MeldKind
    value: int
    same: int
    barred: int
    need: tuple[tuple[int, int], ...]
    rank: int
    count: int
    faces: int
    bans: Bans


@attrs.frozen
class MeldTargets:
    """The melds a seat may form under one trump suit (``None``: not fixed yet), and per
    face the indexes of the targets it counts towards."""

    targets: tuple[MeldTarget, ...]
    by_face: tuple[tuple[int, ...], ...]


def meld_targets(rules: Rules, trump: Suit | None) -> MeldTargets:
    """The melds worth points under these rules with this trump suit, the seven of
    trumps left out (it is declared alone)."""
    return derived(rules, _target_table)[suit_index(trump)]


def _target_table(rules: Rules) -> tuple[MeldTargets, ...]:
    """By :func:`suit_index` of the trump suit: the four suits, then no trumps, which
    index -1 reads from the end."""
    return tuple(_targets(rules, trump) for trump in (*Suit, None))


def _targets(rules: Rules, trump: Suit | None) -> MeldTargets:
    out: list[MeldTarget] = []
    for kind in rules.meld_kinds:
        value = rules.meld_value(kind)
        if not value or kind is MeldKind.SEVEN_OF_TRUMPS:
            continue
        bans = declaration_bans(rules, kind)
        same, barred = bans.card_same, bans.barred
        for pattern in meld_patterns(rules, kind, trump):
            if pattern.rank is not None:
                rank = int(pattern.rank)
                faces = sum(1 << (suit * 8 + rank) for suit in range(4))
                out.append(
                    MeldTarget(kind, value, same, barred, (), rank, pattern.count, faces, bans)
                )
                continue
            need: dict[int, int] = {}
            for card in pattern.faces:
                need[card.index] = need.get(card.index, 0) + 1
            faces = sum(1 << f for f in need)
            out.append(
                MeldTarget(kind, value, same, barred, tuple(need.items()), -1, 0, faces, bans)
            )
    targets = tuple(out)
    by_face = tuple(
        tuple(i for i, t in enumerate(targets) if t.faces >> f & 1) for f in range(FACES_PER_PACK)
    )
    return MeldTargets(targets, by_face)


#: A group of interchangeable cards; (face, history mask, broken mask).
Group = tuple[int, int, int]


def _held_groups(view: SeatView) -> dict[Group, int]:
    """The cards the seat of ``view`` holds (hand and table), counted by group."""
    seat = view.seat
    groups: dict[Group, int] = {}
    kept: dict[int, tuple[int, int]] = {}
    if view.hand_kinds:
        # Melding after the close (S003): cards back in hand keep their history.
        kept = {
            t.card: (sum(k.bit for k in t.history), sum(k.bit for k in t.broken))
            for t in view.hand_kinds[seat]
        }
    for card in view.hand:
        history, broken = kept.get(card, (0, 0))
        key = (face(card), history, broken)
        groups[key] = groups.get(key, 0) + 1
    for table_card in view.tables[seat]:
        key = (
            face(table_card.card),
            sum(k.bit for k in table_card.history),
            sum(k.bit for k in table_card.broken),
        )
        groups[key] = groups.get(key, 0) + 1
    return groups


def _seen_elsewhere(view: SeatView) -> tuple[list[int], int]:
    """Per face, the copies the seat of ``view`` has seen outside its own cards (in
    tricks, on the other tables, shown); and how many of the other seats' cards it
    has seen."""
    gone = [0] * FACES_PER_PACK
    for trick in view.tricks:
        for card in trick.cards:
            gone[face(card)] += 1
    for card in view.trick:
        gone[face(card)] += 1
    others_seen = 0
    for other in range(view.players):
        if other == view.seat:
            continue
        for table_card in view.tables[other]:
            gone[face(table_card.card)] += 1
            others_seen += 1
        for card in view.known[other]:
            gone[face(card)] += 1
            others_seen += 1
    return gone, others_seen


def _shown_cards(view: SeatView) -> tuple[list[int], list[int]]:
    """Per seat, the bit set of the faces of its cards the seat of ``view`` has seen
    (on its table or shown), and how many of its cards it has not seen."""
    seen_faces = [0] * view.players
    concealed = [0] * view.players
    for other in range(view.players):
        if other != view.seat:
            shown = [face(t.card) for t in view.tables[other]]
            shown += [face(c) for c in view.known[other]]
            for f in shown:
                seen_faces[other] |= 1 << f
            concealed[other] = max(0, view.hand_sizes[other] - len(shown))
    return seen_faces, concealed


class Reading:
    """What a seat can work out from its view: its cards, the cards it can never get,
    and its chances of drawing the rest."""

    def __init__(self, view: SeatView) -> None:
        rules = view.rules
        self.rules = rules
        seat = view.seat
        #: How many cards of each group this seat holds.
        self.groups = _held_groups(view)
        held = [0] * FACES_PER_PACK
        for (f, _, _), n in self.groups.items():
            held[f] += n
        gone, others_seen = _seen_elsewhere(view)
        #: Copies of each face this seat does not hold and has not seen elsewhere.
        packs = rules.deck.packs
        self.unseen = [max(0, packs - held[f] - gone[f]) for f in range(FACES_PER_PACK)]
        #: Per seat, the bit set of the faces of its cards this seat has seen (on its
        #: table or shown), and how many of its cards this seat has not seen.
        self.seen_faces, self.concealed = _shown_cards(view)
        hidden = sum(view.hand_sizes[s] for s in range(view.players) if s != seat)
        self.pool = view.stock_size + hidden - others_seen
        self.draws = view.stock_size // view.players if view.phase is Phase.STOCK else 0
        trump = view.trump
        self.trump = suit_index(trump)
        can_meld = view.phase is Phase.STOCK or rules.declarations.melding_after_close
        reach = meld_targets(rules, trump)
        self.targets = reach.targets if can_meld else ()
        self._chance: dict[tuple[int, int], float] = {}
        self._by_face = reach.by_face if self.targets else ()
        self._counts = self._usable_counts()
        self._base = [
            self._odds(target, counts, -1)
            for target, counts in zip(self.targets, self._counts, strict=True)
        ]
        self._loss: dict[Group, float] = {}

    def _usable_counts(self) -> list[dict[int, int]]:
        """Per target, the cards this seat holds that may go into it, counted by face
        (:meth:`~bezique.laws.declaring.Bans.card_allowed`)."""
        counts: list[dict[int, int]] = [{} for _ in self.targets]
        by_face = self._by_face
        for (f, history, broken), n in self.groups.items() if self.targets else ():
            for i in by_face[f]:
                if self.targets[i].bans.card_allowed(history, broken):
                    by_target = counts[i]
                    by_target[f] = by_target.get(f, 0) + n
        return counts

    def _draw_chance(self, available: int, missing: int) -> float:
        """The chance of drawing ``missing`` more cards of which ``available`` copies
        are unseen (a rough estimate, one draw at a time)."""
        if missing <= 0:
            return 1.0
        if available < missing or self.draws <= 0 or self.pool <= 0:
            return 0.0
        key = (available, missing)
        cached = self._chance.get(key)
        if cached is not None:
            return cached
        chance = 1.0
        for i in range(missing):
            share = min(1.0, (available - i) / self.pool)
            chance *= 1.0 - (1.0 - share) ** self.draws
        self._chance[key] = chance
        return chance

    def hold_chance(self, seats: Sequence[int], beaters: int) -> float:
        """The chance that none of ``seats`` holds a card of the faces ``beaters`` (a
        bit set: those that take a card, :func:`beaters_mask`): nought if
        one was seen in their hands, else by the unseen copies of those faces, as if
        each card a seat has not shown were drawn from the cards this seat has not
        seen (a rough estimate: stock-phase tricks carry no duty to beat, and a seat
        may keep its card)."""
        if not seats:
            return 1.0
        unseen = sum(n for f, n in enumerate(self.unseen) if beaters >> f & 1)
        share = min(1.0, unseen / self.pool) if self.pool > 0 else 0.0
        chance = 1.0
        for s in seats:
            if self.seen_faces[s] & beaters:
                return 0.0
            chance *= (1.0 - share) ** self.concealed[s]
        return chance

    def _odds(self, target: MeldTarget, counts: dict[int, int], less: int) -> float:
        """The chance of completing ``target`` from these usable face counts, one card
        of face ``less`` fewer (``-1``: none fewer)."""
        if target.rank >= 0:
            have = sum(counts.values()) - (less >= 0)
            unseen = sum(self.unseen[s * 8 + target.rank] for s in range(4))
            return self._draw_chance(unseen, target.count - min(have, target.count))
        chance = 1.0
        for f, needed in target.need:
            have = counts.get(f, 0) - (f == less)
            chance *= self._draw_chance(self.unseen[f], needed - min(have, needed))
            if not chance:
                return 0.0
        return chance

    def meld_loss(self, group: Group) -> float:
        """Points of meld hopes given up by playing a card of this group (S000 hint 1,
        S004 hint 1: never part with sequence or bezique cards while they may still
        be declared; S000 hint 2, S004 hint 2: hopes the other player's cards have
        ended count for nothing)."""
        cached = self._loss.get(group)
        if cached is not None:
            return cached
        loss = 0.0
        f, history, broken = group
        for i in self._by_face[f] if self.targets else ():
            base = self._base[i]
            target = self.targets[i]
            if base and target.bans.card_allowed(history, broken):
                loss += target.value * (base - self._odds(target, self._counts[i], f))
        self._loss[group] = loss
        return loss

    def best_meld_without(self, group: Group) -> int:
        """The value of the best meld complete in hand once a card of ``group`` is
        played: what winning this trick would let this seat declare."""
        best = 0
        f, history, broken = group
        for i, target in enumerate(self.targets):
            if target.value <= best or self._base[i] != 1.0:
                continue
            counts = bool(target.faces >> f & 1) and target.bans.card_allowed(history, broken)
            if not counts or self._odds(target, self._counts[i], f) == 1.0:
                best = target.value
        return best
