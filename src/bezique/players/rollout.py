"""The fast rollout policy of the Monte Carlo player.

:class:`FastPolicy` plays out the search's own sampled deals: the rule-of-thumb
player's winner's turn and trick judgements (:mod:`bezique.players.rule_of_thumb`)
with a fixed table of card values in place of its reckoning of meld hopes. It
reads the whole sampled :class:`~bezique.state.DealState`: a sample is the
search's own guess at the hidden cards, not something handed to a player.

Its tables are ints and floats indexed by faces, for speed, but they are built
from the laws: who takes a trick from :func:`bezique.laws.tricks.trick_terms`
and :func:`~bezique.laws.tricks.takes_table` (indexed ``best << 5 | face``, the
face winning the trick so far and the face played), the melds from
:func:`bezique.players.reading.meld_targets`. They are kept with the rules
(:meth:`bezique.rules.Rules.derived`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import attrs

from bezique.actions import Action, Play, ShowCarteBlanche
from bezique.cards import FACES_PER_PACK, Suit
from bezique.engine.speed import DRAW, PASS_TO_PARTNER, make_plan
from bezique.laws.declaring import partner_of
from bezique.laws.scoring import exchange_bonus
from bezique.laws.tricks import takes_table, trick_terms, winning_index
from bezique.laws.turns import trick_seats
from bezique.laws.zones import COMPILED, DeckTables, bits, deck_tables, holds_at_least
from bezique.players.reading import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SEVEN,
    beaters_mask,
    brisque_worth,
    follow_outcome,
    is_brisque,
    meld_targets,
    rank,
    suit,
    suit_index,
    trick_place,
)
from bezique.players.rule_of_thumb import (
    end_scorer,
    last_lead_bonus,
    lead_risk,
    seven_keep,
    window_choice,
)
from bezique.records import Phase
from bezique.rules import Memo, Rules
from bezique.rules.derived import derived
from bezique.rules.melds import MeldKind
from bezique.state import DealState

__all__ = [
    "FastPolicy",
    "FastTableMemo",
    "FastTables",
    "Ready",
    "ReadyTable",
    "draws_only",
    "fast_table_memo",
    "fast_tables",
    "nothing_to_declare",
    "ready_in",
    "ready_melds",
    "ready_table",
    "stock_play_score",
]


class FastPolicy:
    """The rollout policy: the rule-of-thumb player's window and trick rules with a
    fixed table of card values, played on a sampled deal. Each seat's choice reads
    its own cards and what every seat sees, and the whole trick on the table (in
    the last tricks of a two-hand deal, the other hand is known anyway)."""

    def __init__(self) -> None:
        # The tables of the rules last played (most playouts play one rule set).
        self._rules: Rules | None = None
        self._fast: FastTableMemo | None = None
        self._ready: ReadyTable = MappingProxyType({})

    def _tables(self, rules: Rules) -> tuple[FastTableMemo, ReadyTable]:
        fast = self._fast
        if rules is not self._rules or fast is None:
            self._rules = rules
            fast = self._fast = derived(rules, fast_table_memo)
            self._ready = derived(rules, ready_table)
        return fast, self._ready

    def choose(self, state: DealState) -> Action:
        rules = state.rules
        fast, readies = self._tables(rules)
        if _nothing_to_declare(state, readies):
            return _close_turn(state, readies)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if state.offers:
            return next((a for a in actions if isinstance(a, ShowCarteBlanche)), actions[0])
        window = state.window
        if window is not None:
            melds = state.melds
            return window_choice(rules, melds, state.phase, state.stock_size, window, actions)
        seat = state.current_player
        if seat is None:  # pragma: no cover - a deal not over has a player to move
            return actions[0]
        if state.phase is Phase.END:
            return _end_play(state, seat, actions)
        return _stock_play(state, seat, actions, fast, readies)


def _close_turn(state: DealState, readies: ReadyTable) -> Action:
    """The winner's turn with nothing to declare: draw, or with partners pass the
    right to the partner if he has a meld ready."""
    rules = state.rules
    window = state.window
    if rules.sides and window is not None:
        # Partnerships: let the partner declare if he has a meld ready.
        partner = partner_of(rules, window.seat)
        if (
            partner is not None
            and _ready_melds(state, partner, readies)[0]
            and PASS_TO_PARTNER in state.legal_actions()
        ):
            return PASS_TO_PARTNER
    return DRAW  # always legal in the stock phase's winner's turn


def _end_play(state: DealState, seat: int, actions: tuple[Action, ...]) -> Action:
    """The fast policy's play in the end phase: the rule-of-thumb player's end-phase
    scorer (:func:`~bezique.players.rule_of_thumb.end_scorer`) over the cards of the
    opponents who play to this trick."""
    rules = state.rules
    n = state.players
    worth = brisque_worth(rules)
    side = rules.side_of(seat)
    # The opponents who play to this trick (in duels, the other seat of the duel).
    playing = range(n) if n == 2 else trick_seats(rules, state.tricks, state.leader)
    other = [
        c % FACES_PER_PACK
        for s in playing
        if rules.side_of(s) != side
        for c in bits(state.hand_masks[s] | state.table_masks[s])
    ]
    faces = [c % FACES_PER_PACK for c in state.trick]
    if n == 2 or not faces:
        scorer = end_scorer(faces, other, state.trump, worth)
    else:
        place = trick_place(rules, seat, state.leader, faces, state.trump, False, state.tricks)
        after = [
            c % FACES_PER_PACK
            for s in place.foes_after
            for c in bits(state.hand_masks[s] | state.table_masks[s])
        ]
        scorer = end_scorer(
            faces, other, state.trump, worth, ally_best=place.ally_best, after=after
        )
    return max(actions, key=_as_play_scorer(scorer))


def _stock_play(
    state: DealState,
    seat: int,
    actions: tuple[Action, ...],
    fast: FastTableMemo,
    readies: ReadyTable,
) -> Action:
    """The fast policy's play in the stock phase, by its tables (:class:`FastTables`)
    and :func:`stock_play_score`."""
    rules = state.rules
    last = state.stock_size <= state.players
    tables = fast((state.trump, seven_keep(rules, state.turn_up), last))
    # S000 hint 1: a meld ready to declare is kept, and a trick won lets it score.
    ready, protect = _ready_melds(state, seat, readies)
    trick = state.trick
    if trick and state.players > 2:
        # At a larger table: the faces the opponents still to play hold, and whether
        # the trick is the partner's so far (see :func:`_side_follow`).
        place = trick_place(
            rules, seat, state.leader, trick, tables.trump, tables.offsuit, state.tricks
        )
        foes = 0
        for s in place.foes_after:
            for c in bits(state.hand_masks[s] | state.table_masks[s]):
                foes |= 1 << c % FACES_PER_PACK
        if place.ally_best or foes:
            return _side_follow(actions, state, tables, place.ally_best, foes, ready, protect)
    if trick:
        # The face winning the trick so far, and the aces and tens under it.
        if len(trick) == 1:
            best = trick[0] % FACES_PER_PACK
            extra = 0.0
        else:
            best = trick[winning_index(trick, tables.trump, tables.offsuit)] % FACES_PER_PACK
            brisques = sum(is_brisque(c % FACES_PER_PACK) for c in trick) - is_brisque(best)
            extra = brisques * tables.worth
        table, base = tables.follow, best << 5
    else:
        table, base, extra = tables.lead, 0, 0.0
    takes = tables.takes
    best_action = actions[0]
    best_score = -math.inf
    follows = bool(trick)
    for action in actions:
        if isinstance(action, Play):
            ref = action.card
            f = ref.card.index
            shown = bool(ref.history)
            lost = protect.get(f, 0)
            score = stock_play_score(table, takes, base | f, shown, extra, lost, ready, follows)
            if score > best_score:
                best_action, best_score = action, score
    return best_action


def stock_play_score(
    table: Sequence[float],
    takes: bytes,
    index: int,
    shown: bool,
    extra: float,
    protected: int,
    ready: int,
    follows: bool,
) -> float:
    """The fast policy's score of a play in the stock phase: its entry ``index`` of the
    lead or follow ``table`` (:class:`FastTables`), 8 more for a card from the table
    (``shown``: its face is known already, so it goes before a concealed one, as with the
    rule-of-thumb player), the trick's other brisques
    (``extra``) won or lost, less the value of a ready meld it would break
    (``protected``), plus the value of the best ready meld (``ready``) if following
    with it wins the trick (S000 hint 1: winning lets the meld score)."""
    score = table[index] + (8 if shown else 0)
    if extra:
        score += extra if takes[index] else -extra
    score -= protected
    if ready and follows and takes[index]:
        score += ready
    return score


def _side_follow(
    actions: tuple[Action, ...],
    state: DealState,
    tables: FastTables,
    ally_best: bool,
    foes: int,
    ready: int,
    protect: dict[int, int],
) -> Action:
    """The fast policy's play to a trick at a larger table, where it is the partner's so
    far (``ally_best``) or opponents still to play hold the faces of the bit set
    ``foes``: the aces and tens of the trick count for the side if the card taking
    it (this seat's or the partner's) cannot be beaten by one of them, and taking
    the partner's trick earns nothing more (the rule-of-thumb player's judgement)."""
    trick = state.trick
    trump, offsuit, worth, takes = tables.trump, tables.offsuit, tables.worth, tables.takes
    best = trick[winning_index(trick, trump, offsuit)] % FACES_PER_PACK
    brisques = sum(is_brisque(c % FACES_PER_PACK) for c in trick)
    ally_holds = ally_best and not foes & beaters_mask(best, trump, offsuit)
    best_action = actions[0]
    best_score = -math.inf
    for action in actions:
        if not isinstance(action, Play):
            continue
        ref = action.card
        f = ref.card.index
        wins = bool(takes[best << 5 | f])
        holds = not foes & beaters_mask(f, trump, offsuit) if wins else ally_holds
        points = (brisques + is_brisque(f)) * worth
        score = (points if holds else -points) - tables.keep[f] + (8 if ref.history else 0)
        if wins and holds and not ally_best:
            # S000 hint 9 as in the tables: the last stock trick is worth fighting for.
            score += 1 + ready + (40 if state.stock_size <= state.players else 0)
        if protect:
            score -= protect.get(f, 0)
        if score > best_score:
            best_action, best_score = action, score
    return best_action


@attrs.frozen
class FastTables:
    """The fast policy's scores in the stock phase: ``lead`` by the face led,
    ``follow`` by ``best << 5 | face`` (the face winning the trick so far, the face
    played, counting the brisques of those two), and ``takes`` whether that face
    takes the trick, under ``trump`` and ``offsuit`` (the stock phase's trick terms);
    ``worth`` is what a brisque is worth."""

    lead: tuple[float, ...]
    follow: tuple[float, ...]
    takes: bytes
    trump: Suit | None
    offsuit: bool
    worth: float
    #: How much the policy minds giving up each face (S000 hints 1, 4 and 8).
    keep: tuple[float, ...] = ()


def fast_tables(rules: Rules, trump: Suit | None, seven: float, last: bool) -> FastTables:
    """The fast policy's tables under this trump suit, for a seven of trumps worth
    ``seven`` to keep (:func:`~bezique.players.rule_of_thumb.seven_keep`), on the last
    trick of the stock or not."""
    return derived(rules, fast_table_memo)((trump, seven, last))


#: The fast tables of one rule set, by (trump suit, seven's keep, last stock trick).
FastTableMemo = Memo[tuple[Suit | None, float, bool], FastTables]


def fast_table_memo(rules: Rules) -> FastTableMemo:
    """The fast tables of one rule set, made when first asked for."""

    def make(key: tuple[Suit | None, float, bool]) -> FastTables:
        return _make_fast_tables(rules, *key)

    return Memo(make)


def _static_keep(rules: Rules, trump: Suit | None, seven: float) -> tuple[float, ...]:
    """How much the fast policy minds giving up each face: a fixed table in place of
    the rule-of-thumb player's reckoning of meld hopes (S000 hints 1, 4 and 8)."""
    values = rules.declarations.values
    t = suit_index(trump)
    queen_suit, jack_suit = rules.declarations.bezique_pair.suits(trump)
    bezique = {int(queen_suit) * 8 + QUEEN, int(jack_suit) * 8 + JACK}
    keep: list[float] = []
    for f in range(FACES_PER_PACK):
        r = rank(f)
        value = 0.5 * r + {KING: 6, QUEEN: 4, JACK: 2, ACE: 3}.get(r, 0)
        if f in bezique and values.bezique:
            value += 20
        if suit(f) == t:
            value += seven if r == SEVEN else 6 + r
            if r >= JACK and values.trump_sequence:
                value += 12
        keep.append(value)
    return tuple(keep)


def _make_fast_tables(rules: Rules, trump: Suit | None, seven: float, last: bool) -> FastTables:
    keep = _static_keep(rules, trump, seven)
    worth = brisque_worth(rules)
    t = suit_index(trump)
    trump_now, offsuit = trick_terms(rules, trump, True)
    faces = range(FACES_PER_PACK)
    lead = tuple(-keep[f] - lead_risk(f, t, worth) + last_lead_bonus(f, t, last) for f in faces)
    follow: list[float] = []
    for best in faces:
        for f in faces:
            wins, points = follow_outcome((best,), f, trump_now, offsuit, worth)
            if wins:
                points += 1 + (40 if last else 0)
            follow.append(points - keep[f])
    return FastTables(
        lead, tuple(follow), takes_table(trump_now, offsuit), trump_now, offsuit, worth, keep
    )


#: A meld the fast policy watches for; its value, the history bits that bar a card
#: from it, and what it needs: (mask of card ids, count) pairs, or a rank's mask and 4.
Ready = tuple[int, int, tuple[tuple[int, int], ...]]
#: Per trump suit (``None``; not fixed yet), the melds to watch for.
ReadyTable = Mapping[Suit | None, tuple[Ready, ...]]


def ready_table(rules: Rules) -> ReadyTable:
    """Per trump suit (``None``: not fixed yet), the melds to watch for."""
    tables = deck_tables(rules.deck.packs)
    out: dict[Suit | None, tuple[Ready, ...]] = {}
    for trump in (None, *Suit):
        ready: list[Ready] = []
        for target in meld_targets(rules, trump).targets:
            banned = target.same | target.barred
            need: tuple[tuple[int, int], ...]
            if target.rank >= 0:
                need = ((tables.rank_mask[target.rank], target.count),)
            else:
                need = tuple((tables.face_mask[f], count) for f, count in target.need)
            ready.append((target.value, banned, need))
        # The most valuable first: the best ready meld is found first.
        out[trump] = tuple(sorted(ready, key=lambda entry: -entry[0]))
    return MappingProxyType(out)


def ready_melds(state: DealState, seat: int) -> tuple[int, dict[int, int]]:
    """The value of the best meld ``seat`` could declare now, and, per face, the value
    of the best ready meld that would be lost by playing a card of that face."""
    return _ready_melds(state, seat, derived(state.rules, ready_table))


def _ready_melds(state: DealState, seat: int, table: ReadyTable) -> tuple[int, dict[int, int]]:
    held = state.hand_masks[seat] | state.table_masks[seat]
    return ready_in(held, state.history, table[state.trump])


def ready_in(
    held: int, history: tuple[int, ...], watched: tuple[Ready, ...]
) -> tuple[int, dict[int, int]]:
    """:func:`ready_melds` of the cards ``held`` (a mask), given every card's history
    and the melds ``watched`` under the trump suit of the moment."""
    best = 0
    protect: dict[int, int] = {}
    for value, banned, need in watched:
        # A quick count first (most melds are far from complete), then the histories.
        # Most counts needed are one card, which needs no count; the others are
        # counted the quicker way of each build (:func:`holds_at_least`).
        for mask, count in need:
            cards = held & mask
            if not cards or (
                count > 1
                and not (holds_at_least(cards, count) if COMPILED else cards.bit_count() >= count)
            ):
                break
        else:
            if _protect_ready(held, history, value, banned, need, protect):
                best = max(best, value)
    return best, protect


def _protect_ready(
    held: int,
    history: tuple[int, ...],
    value: int,
    banned: int,
    need: tuple[tuple[int, int], ...],
    protect: dict[int, int],
) -> bool:
    """Whether the meld is ready with cards whose histories allow it; if so, mark its
    faces that have no copy to spare as worth ``value`` to keep."""
    # Masks rather than lists of card ids: this runs for most positions a playout
    # reaches, and a meld is usually ready with no card to spare. The usable cards are
    # counted as they are found, not by ``int.bit_count``.
    needed = 0
    for mask, count in need:
        cards = held & mask
        usable = have = 0
        while cards:
            low = cards & -cards
            cards ^= low
            if not history[low.bit_length() - 1] & banned:
                usable |= low
                have += 1
        if have < count:
            return False
        if have == count:
            needed |= usable  # no copy to spare: each of these cards is needed
    while needed:
        low = needed & -needed
        f = (low.bit_length() - 1) % FACES_PER_PACK
        protect[f] = max(protect.get(f, 0), value)
        needed ^= low
    return True


def nothing_to_declare(state: DealState) -> bool:
    """Whether the winner's turn in the stock phase can only end in a draw for the fast
    policy (see :func:`_nothing_to_declare`)."""
    return _nothing_to_declare(state, derived(state.rules, ready_table))


def _nothing_to_declare(state: DealState, table: ReadyTable) -> bool:
    """Whether the winner's turn in the stock phase can only end in a draw for the fast
    policy: no seven of trumps to exchange, no meld ready (by the quick reckoning of
    :func:`ready_melds`), no pending meld or seven to declare. It spares working out
    every legal declaration after most tricks."""
    window = state.window
    if window is None or state.offers or state.phase is not Phase.STOCK:
        return False
    seat = window.seat
    return draws_only(
        state.rules,
        state.hand_masks[seat],
        state.table_masks[seat],
        state.history,
        state.trump,
        state.turn_up,
        table,
    )


def draws_only(
    rules: Rules,
    hand: int,
    table: int,
    history: tuple[int, ...],
    trump: Suit | None,
    turn_up: int | None,
    watched: ReadyTable,
) -> bool:
    """:func:`nothing_to_declare` for the seat holding the winner's turn in the stock
    phase, read from its ``hand`` and ``table`` (masks), every card's history, the
    trump suit and the turn-up."""
    may_only_draw, exchanges, tables = derived(rules, _draw_terms)
    if not may_only_draw:
        return False
    if turn_up is not None and trump is not None and exchanges:
        seven = tables.face_mask[int(trump) * 8 + SEVEN]
        if hand & seven:
            return False
    return ready_in(hand | table, history, watched[trump])[0] == 0


def _draw_terms(rules: Rules) -> tuple[bool, bool, DeckTables]:
    """What :func:`draws_only` reads of the rules, read once: whether a winner's turn
    may come to the draw alone whatever the hand (no melds waiting to score, no seven
    of trumps to declare), whether the seven of trumps may be exchanged, and the
    deck's masks. The melds waiting to score and the masks are read from the
    engine's plan."""
    plan = derived(rules, make_plan)
    return (
        not plan.pending_melds and rules.meld_value(MeldKind.SEVEN_OF_TRUMPS) is None,
        exchange_bonus(rules) is not None,
        plan.tables,
    )


def _as_play_scorer(score: Callable[[int], float]) -> Callable[[Action], float]:
    """A scorer of faces as a scorer of actions: a play by its card's face."""
    return lambda a: score(a.card.card.index) if isinstance(a, Play) else -math.inf
