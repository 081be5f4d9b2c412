"""Positions whose tricks the reader's search once gave up on: it then kept tricks
won by law alone, which the replays refuse, and determinization refused some seat's
view of the position it had read. Each is a state of a random deal, written, read
back, and every seat's view dealt out. And positions no play reaches, which the
search proves no tricks explain: refused with the law they break."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from test_serialization import playout

import bezique as bz
from bezique.checks.determinize import determinize
from bezique.checks.reachable import check_history
from bezique.io import position, rebuild


def _played_to(preset: str, seed: int, dealer: int, tricks: int) -> bz.DealState:
    """The first state of a deal of random legal actions with ``tricks`` tricks
    played (the actions drawn as the random deals of test_position_views draw them)."""
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    rng = random.Random(seed)
    state = bz.new_deal(rules, seed=seed, dealer=dealer)
    while len(state.tricks) < tricks:
        state = state.apply(rng.choice(state.legal_actions()))
        rng.random()
    return state


def _eager_played_to(preset: str, seed: int, dealer: int, tricks: int) -> bz.DealState:
    """The same from the eager deals of test_serialization."""
    rules = bz.variants.get(preset)
    assert isinstance(rules, bz.Rules)
    return next(s for s in playout(rules, seed, dealer) if len(s.tricks) == tricks)


def _read_back_and_dealt_out(state: bz.DealState) -> None:
    loaded = bz.parse_position(bz.format_position(state), seed=1)
    assert bz.same_position(loaded, state)
    check_history(loaded)
    for seat in range(state.players):
        view = loaded.view(seat)
        assert determinize(view, random.Random(seat)).view(seat) == view


@pytest.mark.parametrize(
    ("preset", "seed", "dealer", "tricks"),
    [
        # Two declared cards that only the last trick and one other could hold: the
        # search filled the other tricks first and ran out of tries.
        ("four-hand", 5, 0, 29),
        # A declared ace of trumps only four tricks could hold, none taken first.
        ("eight-pack", 7, 0, 52),
    ],
)
def test_a_position_of_a_random_deal_reads_back_with_tricks_that_replay(
    preset: str, seed: int, dealer: int, tricks: int
) -> None:
    _read_back_and_dealt_out(_played_to(preset, seed, dealer, tricks))


@pytest.mark.parametrize("tricks", [27, 28])
def test_cards_and_dominoes_reads_back_at_the_end_of_the_stock(tricks: int) -> None:
    _read_back_and_dealt_out(_eager_played_to("cards-and-dominoes", 11, 1, tricks))


@pytest.mark.parametrize(
    ("preset", "seed", "dealer", "tricks"),
    [
        # Two declared jacks of clubs only end-phase tricks seat 0 won could hold: the
        # search chose the later of them without either and ran out of tries.
        ("eight-pack", 11, 1, 120),
        # A declared king of diamonds only the first end-phase trick seat 2 won could
        # hold: the search tried every choice of the later tricks before it.
        ("four-hand", 0, 1, 30),
    ],
)
def test_a_position_whose_declared_cards_only_early_end_phase_tricks_hold_reads_back(
    preset: str, seed: int, dealer: int, tricks: int
) -> None:
    _read_back_and_dealt_out(_eager_played_to(preset, seed, dealer, tricks))


@pytest.mark.parametrize(("dealer", "tricks"), [(0, 120), (1, 122)])
def test_a_position_whose_declared_cards_the_duties_keep_from_most_tricks_reads_back(
    dealer: int, tricks: int
) -> None:
    """The king and queen of hearts a seat declared at trick 112 fit, by their
    declaration, every end-phase trick it won; but the other seat held two aces of
    hearts to the end, so a heart the declarer led was beaten (S000 law 9), and only
    the two tricks the other seat led and the declarer won could hold them. The search
    filled the later of them without either and ran out of tries on the others. (The
    deal under dealer 1 is the one under dealer 0 with the seats swapped.)"""
    _read_back_and_dealt_out(_eager_played_to("eight-pack", 101, dealer, tricks))


def test_a_position_whose_late_declared_cards_the_tricks_chosen_bar_reads_back() -> None:
    """Seat 0 declared four jacks at trick 87, the last of the stock, and the three
    jacks of its pile fit only the end-phase tricks it won. The duties against the
    hands held at the position let the jack of diamonds into trick 88, which seat 0
    led; but the later tricks the search chose first hand seat 1 back higher
    diamonds, which it must win a led diamond with (S000 law 9), and that bars the
    jack from trick 88. The search found so only at the last tricks and ran out of
    tries."""
    _read_back_and_dealt_out(_eager_played_to("classic-six-pack", 207, 0, 95))


def test_a_position_whose_end_phase_tricks_the_duties_keep_apart_reads_back() -> None:
    """Seat 0 won tricks 25, 27, 30 and 31, the end phase of a fildinski deal, and its
    pile holds the ace of spades: seat 1 led it to trick 25 or 27, and seat 0 trumped
    it, void in spades (with a spade it must have followed, and lost, S000 law 9).
    The search chose seat 0's last two tricks first with seat 0 playing a spade to
    one of them, so that it held the spade at trick 27, and it tried every choice of
    seat 1's tricks 28 and 29 between before it found that the cards left to tricks
    25 and 27 keep no duties: it ran out of tries."""
    _read_back_and_dealt_out(_eager_played_to("fildinski", 202, 0, 31))


#: A position of a classic deal after the first trick of the end phase, with seat 0's
#: ace of diamonds (trumps) and seat 1's eight of clubs swapped: seat 1 won trick 25,
#: which it led, but seat 0 then held a card of each suit that beats every card seat
#: 1's pile could have led, and had to win with it (S000 law 9).
BROKEN_DUTY = (
    "rules: classic; dealer: 0; tricks: 0001000001111000000000011; to-move: 1; "
    "trumps: D; turn-up: -; stock: -; "
    "hands: QSb TSb KHa ADb JCb TCa ACb / 7Sa 9Sa KHb 7Db 8Db KDb TDa; "
    "won: 7Sb 8Sa 8Sb JSa QSa KSa KSb TSa ASa ASb 7Ha 7Hb 8Hb JHb QHa THa THb AHa AHb "
    "7Da 9Da JDa QDa QDb KDa ADa 7Ca 7Cb 8Ca 9Ca JCa QCa KCa KCb TCb ACa / "
    "9Sb JSb 8Ha 9Ha 9Hb JHa QHb 8Da 9Db JDb TDb 8Cb 9Cb QCb; "
    "melds: 1 common-marriage QHb KHb @10, 0 bezique QSb JDa @21; revealed: QSb / KHb; "
    "scores: 40/30"
)


def test_a_position_that_breaks_an_end_phase_duty_is_refused_with_the_law() -> None:
    with pytest.raises(bz.InvalidStateError, match=r"duties allow.*S000 law 9"):
        bz.parse_position(BROKEN_DUTY)
    # With the cards where play left them, the same position loads.
    played = BROKEN_DUTY.replace("KHa ADb", "KHa 8Cb").replace("TDb 8Cb", "TDb ADb")
    check_history(bz.parse_position(played))


def test_the_search_for_the_tricks_stops_at_its_budget() -> None:
    """Each trick filled costs the search a try at least: twenty tricks are not found
    in five tries, and the error says the search gave up, not that none exist."""
    state = _played_to("classic", 3, 0, 20)
    winners = [t.winner for t in state.tricks]
    found = rebuild.rebuild_tricks(state, winners)
    assert [t.winner for t in found] == winners
    check_history(attrs.evolve(state, tricks=found))
    with pytest.raises(rebuild.TricksNotFoundError, match="not found within 5 tries"):
        rebuild.rebuild_tricks(state, winners, budget=5)


def test_winners_the_reader_chose_get_the_smaller_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A position that gives only the number of tricks: the reader chose the winners,
    and falls back to tricks won by law alone where they have none that replay, so its
    search stops sooner (CHOSEN_WINNERS_BUDGET); given winners get the whole budget."""
    budgets: list[int] = []

    def recorded(*args: Any, **kwargs: Any) -> tuple[bz.Trick, ...]:
        budgets.append(kwargs["budget"])
        return rebuild.rebuild_tricks(*args, **kwargs)

    monkeypatch.setattr(position, "rebuild_tricks", recorded)
    state = _played_to("classic", 3, 0, 20)
    text = bz.format_position(state)
    winners = "".join(str(t.winner) for t in state.tricks)
    bz.parse_position(text)
    bz.parse_position(text.replace(f"tricks: {winners};", "tricks: #20;"))
    assert budgets[0] == rebuild.SEARCH_BUDGET
    assert budgets[1:]
    assert set(budgets[1:]) <= {rebuild.CHOSEN_WINNERS_BUDGET}
    assert rebuild.CHOSEN_WINNERS_BUDGET < rebuild.SEARCH_BUDGET
