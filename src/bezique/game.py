"""A game: several deals to a target score (S000 laws 1, 2 and 12).

The deal passes to the left, deal by deal (PAR, PKW; EB9 for three and four).
Each deal's cards come from the game's ``seed`` (deal *i* is shuffled with the
seed ``f"{seed}/{i}"``, :func:`deal_seed`) or from an explicit list of deck
orders. By default the game is decided at the end of a deal: the highest total
at or over the target wins; equal totals are decided by the totals less that
deal's brisques, then by the winner of the last trick (S000 law 12); with three
or four seats, if the winner of the last trick is not among those still tied,
they share the win. In partnerships the totals, brisques and the win are the
sides' (a side's total is the sum of its seats'). Under
``GameEnd.FIRST_TO_REACH`` the first player (or side) to reach the target wins
at once, even in the middle of a deal.

A game started with ``wait=True`` does not deal the next deal itself: once a deal
ends and the game goes on, the game waits (:attr:`GameState.waiting`: no one is to
act) until :meth:`GameState.deal_next` deals it, from the game's own seed or decks,
or from a deck order given then: the cards of a deal need not be known before the
deal before it ends (cards dealt at a real table, a learning framework's chance
nodes). Everything else is the same game.

>>> import bezique as bz
>>> game = bz.new_game(bz.variants.CLASSIC, seed=3)
>>> game.deal.dealer, game.target
(0, 1000)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import attrs

from bezique.actions import ACTION_TYPES, Action, Declare
from bezique.cards import Card, Rank
from bezique.engine.moves import check_seat
from bezique.errors import (
    BeziqueError,
    IllegalActionError,
    InvalidStateError,
    SeatError,
    check_seed,
    require,
    require_int,
    shown,
    wrong_type,
)
from bezique.laws.scoring import decide_winner, decide_winners, running_totals
from bezique.legality import Reason
from bezique.records import DealResult, ScoreEvent
from bezique.rules import GameEnd, Rules
from bezique.state import DealState, new_deal
from bezique.views import GameTotals, SeatView

__all__ = [
    "GameState",
    "cut_for_deal",
    "deal_seed",
    "decide_winner",
    "decide_winners",
    "new_game",
]

Deck = Sequence[int | str | Card]


@attrs.frozen
class GameState:
    """A game in progress: finished deals, totals, and the deal being played."""

    rules: Rules
    seed: int | str | None
    first_dealer: int
    decks: tuple[tuple[int | str | Card, ...], ...] | None
    results: tuple[DealResult, ...]
    totals: tuple[int, ...]
    deal: DealState
    #: The winning side (the winning seat when each seat plays alone); ``None``
    #: while the game goes on, or when it ended drawn or shared (see ``winners``).
    winner: int | None
    #: The last finished deal, as it ended (``None`` before the first ends).
    previous: DealState | None = None
    #: Whether the game is over; ``winner`` is then ``None`` only for a drawn game
    #: (equal totals after the last of a fixed number of deals).
    over: bool = False
    #: Every side that won; one side, or the sides that share a tied win (three or
    #: four seats: tied after the brisques, none of them won the last trick).
    #: Empty while the game goes on, and for a drawn game of a fixed number of deals.
    winners: tuple[int, ...] = ()
    #: Whether the game waits between deals for :meth:`deal_next` (``new_game(wait=True)``)
    #: instead of dealing the next deal as the last action of a deal ends it.
    wait: bool = False

    @property
    def target(self) -> int:
        return self.rules.game.target

    @property
    def waiting(self) -> bool:
        """Whether the game waits for its next deal (:meth:`deal_next`): a deal has
        ended, the game is not over, and it was started with ``wait=True``. ``deal``
        is then the deal that ended (as ``previous``); no one is to act."""
        return self.wait and not self.over and self.deal.is_over

    def deal_next(self, deck: Deck | None = None) -> GameState:
        """The game with its next deal dealt, by the next dealer to the left: from
        ``deck`` (a deck order, top card first, as :func:`bezique.new_deal` takes it)
        when given, which the game then keeps among its ``decks``; otherwise from the
        game's own (the seed's shuffle, or ``decks``). A game dealt from decks takes
        a deck for each deal it holds none for; a seeded game takes none.
        Raises :class:`~bezique.InvalidStateError` when the game is not
        :attr:`waiting`."""
        if not self.waiting:
            raise InvalidStateError(
                "deal_next(): the game is not waiting for a deal (it deals itself unless "
                "started with wait=True; it waits once a deal ends and the game goes on)"
            )
        index = len(self.results)
        decks = self.decks
        if deck is not None:
            if decks is None:
                raise InvalidStateError(
                    "deal_next(): a seeded game deals its own cards; a deck may be given "
                    "to a game dealt from decks"
                )
            if index < len(decks):
                raise InvalidStateError(
                    f"deal_next(): the game holds the deck of deal {index + 1} already"
                )
            decks = (*decks, _deck_tuple(deck, "deal_next()", "deck", "a deck order"))
        dealer = (self.deal.dealer + 1) % self.rules.players
        next_deal = _deal(self.rules, self.seed, decks, index, dealer)
        return _started(attrs.evolve(self, decks=decks), next_deal)

    def __repr__(self) -> str:
        """One line: the rules' name, the deals played, the game totals and the target,
        then the deal in progress (its ``repr``: its position) or how the game ended."""
        try:
            totals = "/".join(map(str, self.totals))
            head = f"{self.rules.name}: {len(self.results)} deals played, totals {totals}"
            if self.waiting:
                return (
                    f"<GameState {head} of {self.target}; waiting for deal {len(self.results) + 1}>"
                )
            if not self.over:
                return f"<GameState {head} of {self.target}; deal: {self.deal!r}>"
            ended = f"won by {', '.join(map(str, self.winners))}" if self.winners else "drawn"
            return f"<GameState {head} of {self.target}; over, {ended}>"
        except Exception:  # showing a game must never fail, whatever its fields hold
            return "<GameState>"

    def __str__(self) -> str:
        """The text board of :meth:`render`."""
        try:
            return self.render()
        except Exception:  # a game the board cannot draw is shown by repr
            return repr(self)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def current_player(self) -> int | None:
        return None if self.is_over or self.waiting else self.deal.current_player

    @property
    def scores(self) -> tuple[int, ...]:
        """Game totals, with the points of the deal in progress where they count
        towards them (not under rubicon scoring, where a deal scores when it ends)."""
        # A deal that has ended (the game over, or waiting for its next deck) is in
        # the totals already.
        return running_totals(
            self.rules, self.totals, self.deal.scores, self.over or self.deal.is_over
        )

    @property
    def side_scores(self) -> tuple[int, ...]:
        """:attr:`scores` added up by side (the same when each seat plays alone)."""
        return self.rules.side_totals(self.scores)

    def _repr_svg_(self) -> str:
        """The picture of the current deal with the game's totals, for notebooks (see
        :func:`bezique.display.svg.draw`)."""
        # Imported here: the pictures sit above the game in the layers.
        from bezique.display import svg

        return svg.draw(self)

    @property
    def players(self) -> int:
        return self.rules.players

    def legal_actions(self, *, seat: int | None = None) -> tuple[Action, ...]:
        """The legal actions in the deal in progress (see
        :meth:`bezique.DealState.legal_actions`, ``seat`` included); empty once the
        game is over or :attr:`waiting`."""
        if self.is_over or self.waiting:
            if seat is not None:
                check_seat(self.deal, seat)
            return ()
        return self.deal.legal_actions(seat=seat)

    def legal_declarations(self, *, seat: int | None = None) -> tuple[Declare, ...]:
        """The legal declarations in the deal in progress (see
        :meth:`bezique.DealState.legal_declarations`); empty once the game is over or
        while it is :attr:`waiting`."""
        if self.is_over or self.waiting:
            if seat is not None:
                check_seat(self.deal, seat)
            return ()
        return self.deal.legal_declarations(seat=seat)

    def why_illegal(self, action: Action, *, seat: int | None = None) -> tuple[Reason, ...]:
        """Why ``action`` is illegal in the deal in progress (see
        :meth:`bezique.DealState.why_illegal`, ``seat`` included); once the game is
        over, or while it waits for its next deal, ``(Reason.DEAL_OVER,)``, as
        :meth:`apply` refuses it."""
        if self.is_over or self.waiting:
            if not isinstance(action, ACTION_TYPES):
                wrong_type("why_illegal()", "action", "an Action", action)
            if seat is not None:
                check_seat(self.deal, seat)
            return (Reason.DEAL_OVER,)
        return self.deal.why_illegal(action, seat=seat)

    def is_legal(self, action: Action, *, seat: int | None = None) -> bool:
        return not self.why_illegal(action, seat=seat)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know of the deal in progress (or, once the game is over,
        of its last deal): :meth:`bezique.DealState.view`, with the game around it,
        which every seat sees alike (:attr:`standing`)."""
        return attrs.evolve(self.deal.view(seat), game=self.standing)

    @property
    def standing(self) -> GameTotals:
        """The game as every seat sees it: the target, the deals finished, their
        totals, whether the game is over and who won; what a game's view carries."""
        return GameTotals(
            target=self.target,
            deals=len(self.results),
            totals=self.totals,
            over=self.over,
            winners=self.winners,
        )

    def render(self, *, seat: int | None = None, symbols: bool | None = None) -> str:
        """The game drawn as a text board: the totals, then the deal in progress as
        ``seat`` sees it, or whole (:func:`bezique.display.board.render_game`)."""
        # The drawing lives above the game; imported when asked for, as a satellite.
        from bezique.display.board import render_game

        return render_game(self, seat=seat, symbols=symbols)

    def apply(self, action: Action | str, *, seat: int | None = None) -> GameState:
        return self.step(action, seat=seat)[0]

    def step(
        self, action: Action | str, *, seat: int | None = None
    ) -> tuple[GameState, tuple[ScoreEvent, ...]]:
        """Apply an action to the deal in progress; start the next deal or end the game.

        ``seat``, when given, is the seat that means to act (see
        :meth:`bezique.DealState.apply`). While the game is :attr:`waiting` for its
        next deal no action is legal (:meth:`deal_next` deals it)."""
        if self.is_over or self.waiting:
            if not isinstance(action, (str, *ACTION_TYPES)):
                wrong_type("step()", "action", "an Action or its text", action)
            if seat is not None:
                check_seat(self.deal, seat)
            raise IllegalActionError(shown(action, 80), (Reason.DEAL_OVER,), seat=seat)
        deal, events = self.deal.step(action, seat=seat)
        rules = self.rules
        if rules.game.end is GameEnd.FIRST_TO_REACH:
            running = [t + s for t, s in zip(self.totals, self.deal.scores, strict=True)]
            for event in events:
                running[event.seat] += event.points
                side = rules.side_of(event.seat)
                if rules.side_totals(running)[side] >= rules.game.target:
                    ended = attrs.evolve(
                        self,
                        deal=deal,
                        totals=tuple(running),
                        winner=side,
                        winners=(side,),
                        over=True,
                    )
                    if deal.result is not None:
                        # The deal ended too: it counts among the results.
                        ended = attrs.evolve(
                            ended, results=(*self.results, deal.result), previous=deal
                        )
                    return ended, events
        if not deal.is_over:
            return attrs.evolve(self, deal=deal), events
        result = deal.result
        if result is None:  # pragma: no cover - an over deal always has a result
            raise BeziqueError("finished deal without a result")
        totals = tuple(t + s for t, s in zip(self.totals, result.game_scores, strict=True))
        results = (*self.results, result)
        winners: tuple[int, ...] = ()
        over = False
        if rules.game.end is GameEnd.END_OF_DEAL:
            winners = decide_winners(rules, totals, result)
            over = bool(winners)
        elif rules.game.end is GameEnd.DEALS and len(results) >= rules.game.deals:
            sides = rules.side_totals(totals)
            best = max(sides)
            leaders = tuple(side for side, total in enumerate(sides) if total == best)
            winners = leaders if len(leaders) == 1 else ()
            over = True
        if over:
            return attrs.evolve(
                self,
                deal=deal,
                totals=totals,
                results=results,
                winner=winners[0] if len(winners) == 1 else None,
                winners=winners,
                previous=deal,
                over=True,
            ), events
        ended = attrs.evolve(self, deal=deal, totals=totals, results=results, previous=deal)
        if self.wait:
            return ended, events
        next_deal = _deal(
            self.rules, self.seed, self.decks, len(results), (deal.dealer + 1) % rules.players
        )
        return _started(ended, next_deal), events


def _started(game: GameState, deal: DealState) -> GameState:
    """``game``, between two deals, with ``deal`` dealt as the next."""
    rules = game.rules
    following = attrs.evolve(game, deal=deal)
    if rules.game.end is GameEnd.FIRST_TO_REACH:
        # A turned-up seven scores at once (S000 law 4), and may reach the target.
        reached = tuple(t + s for t, s in zip(game.totals, deal.scores, strict=True))
        sides = rules.side_totals(reached)
        for seat, points in enumerate(deal.scores):
            side = rules.side_of(seat)
            if points and sides[side] >= rules.game.target:
                return attrs.evolve(
                    following, totals=reached, winner=side, winners=(side,), over=True
                )
    return following


def cut_for_deal(rules: Rules, seed: int | str | None) -> int:
    """The first dealer by a seeded cut: the lowest card deals, the ace lowest and
    the ten below the jack (S000 law 2); equal cards cut again."""
    rng = random.Random(f"cut/{seed}")
    order = {
        Rank.ACE: 0,
        Rank.SEVEN: 1,
        Rank.EIGHT: 2,
        Rank.NINE: 3,
        Rank.TEN: 4,
        Rank.JACK: 5,
        Rank.QUEEN: 6,
        Rank.KING: 7,
    }
    while True:
        cuts = [order[Card.from_index(rng.randrange(32)).rank] for _ in range(rules.players)]
        low = min(cuts)
        if cuts.count(low) == 1:
            return cuts.index(low)


def deal_seed(seed: int | str | None, index: int) -> str:
    """The seed of deal ``index`` (from 0) of a game seeded with ``seed``: each deal of
    a game is shuffled by :func:`bezique.new_deal` with its own seed.

    >>> deal_seed(7, 2)
    '7/2'
    """
    return f"{seed}/{index}"


def _deal(
    rules: Rules,
    seed: int | str | None,
    decks: tuple[tuple[int | str | Card, ...], ...] | None,
    index: int,
    dealer: int,
) -> DealState:
    if decks is not None:
        if index >= len(decks):
            raise BeziqueError(f"the game needs a deck order for deal {index + 1}")
        return new_deal(rules, deck=decks[index], dealer=dealer)
    return new_deal(rules, seed=deal_seed(seed, index), dealer=dealer)


def _deck_tuple(
    deck: object,
    function: str = "new_game()",
    parameter: str = "decks",
    expected: str = "a sequence of decks",
) -> tuple[int | str | Card, ...]:
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Iterable):
        wrong_type(function, parameter, expected, deck)
    return tuple(deck)


def new_game(
    rules: Rules,
    *,
    seed: int | str | None = None,
    first_dealer: int | str = 0,
    decks: Sequence[Deck] | None = None,
    wait: bool = False,
) -> GameState:
    """Start a game; ``first_dealer="cut"`` chooses the dealer by a seeded cut.

    ``decks``: the deck orders of the deals, in order (each top card first), in
    place of the seed's shuffles. ``wait``: the game waits between deals for
    :meth:`GameState.deal_next` (see the module's docstring); ``decks`` may then
    hold the first deals' decks only, down to the first deal's."""
    require(rules, Rules, "new_game()", "rules", "a Rules")
    check_seed(seed, "new_game()")
    if first_dealer == "cut":
        dealer = cut_for_deal(rules, seed)
    elif isinstance(first_dealer, str):
        raise SeatError(f"first_dealer must be a seat 0..{rules.players - 1} or 'cut'")
    elif 0 <= require_int(first_dealer, "new_game()", "first_dealer") < rules.players:
        dealer = first_dealer
    else:
        raise SeatError(f"first_dealer must be a seat 0..{rules.players - 1} or 'cut'")
    if decks is not None and (isinstance(decks, (str, bytes)) or not isinstance(decks, Sequence)):
        wrong_type("new_game()", "decks", "a sequence of decks", decks)
    if not isinstance(wait, bool):
        wrong_type("new_game()", "wait", "a bool", wait)
    frozen = None if decks is None else tuple(_deck_tuple(d) for d in decks)
    return GameState(
        rules=rules,
        seed=seed,
        first_dealer=dealer,
        decks=frozen,
        results=(),
        totals=(0,) * rules.players,
        deal=_deal(rules, seed, frozen, 0, dealer),
        winner=None,
        wait=wait,
    )
