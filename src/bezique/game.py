"""A game: several deals to a target score (S000 laws 1, 2 and 12).

The dealer alternates deal by deal (PAR, PKW). Each deal's cards come from
the game's ``seed`` (deal *i* is shuffled with the seed ``f"{seed}/{i}"``) or
from an explicit list of deck orders. By default the game is decided at the
end of a deal: the higher total at or over the target wins; equal totals are
decided by the totals less that deal's brisques, then by the winner of the
last trick (S000 law 12). Under ``GameEnd.FIRST_TO_REACH`` the first player to
reach the target wins at once, even in the middle of a deal.

>>> import bezique as bz
>>> game = bz.new_game(bz.variants.CLASSIC, seed=3)
>>> game.deal.dealer, game.target
(0, 1000)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from bezique.actions import Action
from bezique.cards import Card, Rank
from bezique.errors import BeziqueError, IllegalActionError, SeatError
from bezique.legality import Reason
from bezique.records import DealResult, ScoreEvent
from bezique.rules import DealScoring, GameEnd, Rules
from bezique.state import DealState, new_deal

__all__ = ["GameState", "cut_for_deal", "decide_winner", "new_game"]

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
    winner: int | None
    #: The last finished deal, as it ended (``None`` before the first ends).
    previous: DealState | None = None
    #: Whether the game is over; ``winner`` is then ``None`` only for a drawn game
    #: (equal totals after the last of a fixed number of deals).
    over: bool = False

    @property
    def target(self) -> int:
        return self.rules.game.target

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.deal.current_player

    @property
    def scores(self) -> tuple[int, ...]:
        """Game totals, with the points of the deal in progress where they count
        towards them (not under rubicon scoring, where a deal scores when it ends)."""
        if self.is_over or self.rules.scoring.deal_scoring is not DealScoring.CUMULATIVE:
            return self.totals
        return tuple(t + s for t, s in zip(self.totals, self.deal.scores, strict=True))

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.is_over else self.deal.legal_actions()

    def apply(self, action: Action | str) -> GameState:
        return self.step(action)[0]

    def step(self, action: Action | str) -> tuple[GameState, tuple[ScoreEvent, ...]]:
        """Apply an action to the deal in progress; start the next deal or end the game."""
        if self.is_over:
            raise IllegalActionError(action, (Reason.DEAL_OVER,))
        deal, events = self.deal.step(action)
        rules = self.rules
        if rules.game.end is GameEnd.FIRST_TO_REACH:
            running = [t + s for t, s in zip(self.totals, self.deal.scores, strict=True)]
            for event in events:
                running[event.seat] += event.points
                if running[event.seat] >= rules.game.target:
                    ended = attrs.evolve(
                        self, deal=deal, totals=tuple(running), winner=event.seat, over=True
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
        winner = None
        over = False
        if rules.game.end is GameEnd.END_OF_DEAL:
            winner = decide_winner(rules, totals, result)
            over = winner is not None
        elif rules.game.end is GameEnd.DEALS and len(results) >= rules.game.deals:
            best = max(totals)
            leaders = [seat for seat, total in enumerate(totals) if total == best]
            winner = leaders[0] if len(leaders) == 1 else None
            over = True
        if over:
            return attrs.evolve(
                self,
                deal=deal,
                totals=totals,
                results=results,
                winner=winner,
                previous=deal,
                over=True,
            ), events
        next_deal = _deal(
            self.rules, self.seed, self.decks, len(results), (deal.dealer + 1) % rules.players
        )
        following = attrs.evolve(
            self, deal=next_deal, totals=totals, results=results, previous=deal
        )
        if rules.game.end is GameEnd.FIRST_TO_REACH:
            # A turned-up seven scores at once (S000 law 4), and may reach the target.
            for seat, points in enumerate(next_deal.scores):
                if points and totals[seat] + points >= rules.game.target:
                    reached = tuple(t + s for t, s in zip(totals, next_deal.scores, strict=True))
                    return attrs.evolve(following, totals=reached, winner=seat, over=True), events
        return following, events


def decide_winner(rules: Rules, totals: Sequence[int], last: DealResult) -> int | None:
    """The winner after a deal, or ``None`` if no one has reached the target.

    S000 law 12: the higher total at or over the target wins; if equal, the
    higher total less the aces and tens of the last deal; if still equal, the
    winner of the last trick.
    """
    target = rules.game.target
    best = max(totals)
    if best < target:
        return None
    tied = [seat for seat, total in enumerate(totals) if total == best]
    if len(tied) == 1:
        return tied[0]
    points = rules.scoring.brisque_points
    less = {seat: totals[seat] - points * last.brisques[seat] for seat in tied}
    best_less = max(less.values())
    tied = [seat for seat in tied if less[seat] == best_less]
    if len(tied) == 1:
        return tied[0]
    return last.last_trick_winner if last.last_trick_winner in tied else tied[0]


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
    return new_deal(rules, seed=f"{seed}/{index}", dealer=dealer)


def new_game(
    rules: Rules,
    *,
    seed: int | str | None = None,
    first_dealer: int | str = 0,
    decks: Sequence[Deck] | None = None,
) -> GameState:
    """Start a game; ``first_dealer="cut"`` chooses the dealer by a seeded cut."""
    if first_dealer == "cut":
        dealer = cut_for_deal(rules, seed)
    elif isinstance(first_dealer, int) and 0 <= first_dealer < rules.players:
        dealer = first_dealer
    else:
        raise SeatError(f"first_dealer must be a seat 0..{rules.players - 1} or 'cut'")
    frozen = None if decks is None else tuple(tuple(d) for d in decks)
    return GameState(
        rules=rules,
        seed=seed,
        first_dealer=dealer,
        decks=frozen,
        results=(),
        totals=(0,) * rules.players,
        deal=_deal(rules, seed, frozen, 0, dealer),
        winner=None,
    )
