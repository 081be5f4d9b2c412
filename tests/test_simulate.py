"""``bezique.programs.simulate`` and the ``bezique simulate`` command: many deals, in parallel.

The summary must not depend on the number of processes or on how the deals
are cut into chunks, must be reproducible from the seed, and must agree with
the deals played one by one as the module documents them (deal *i* dealt with
the seed ``f"{seed}/{i}"`` by seat ``i % 2``, a random player in seat *k*
seeded with ``f"{seed}/{i}/{k}"``). Players are handed seat views only. The
tallies and match helpers count any number of seats.
"""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest

import bezique as bz
from bezique.players import GreedyPlayer, Player, RandomPlayer
from bezique.programs.cli import main
from bezique.programs.simulate import (
    Summary,
    Tally,
    duel,
    duel_seats,
    play_deals,
    seat_outcome,
    simulate,
)

DEALS = 40


@pytest.fixture(scope="module")
def classic_one_job() -> Summary:
    return simulate("classic", deals=DEALS, seed=1, jobs=1)


def play_by_hand(
    rules: bz.Rules, seed: int, deals: int, kinds: tuple[str, str]
) -> list[bz.DealState]:
    """The final states of a run's deals, played here without the module."""
    finals = []
    for i in range(deals):
        state = bz.new_deal(rules, seed=f"{seed}/{i}", dealer=i % 2)
        players: list[Player] = [
            RandomPlayer(f"{seed}/{i}/{k}") if kind == "random" else GreedyPlayer()
            for k, kind in enumerate(kinds)
        ]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state = state.apply(players[seat].choose(state.view(seat)))
        finals.append(state)
    return finals


def test_two_jobs_give_the_same_summary_as_one(classic_one_job: Summary) -> None:
    two = simulate("classic", deals=DEALS, seed=1, jobs=2)
    assert two == classic_one_job
    assert two.jobs == 2
    assert classic_one_job.jobs == 1


def test_chunk_size_does_not_change_the_summary(classic_one_job: Summary) -> None:
    odd_chunks = simulate("classic", deals=DEALS, seed=1, jobs=2, chunk_size=7)
    single_deals = simulate("classic", deals=DEALS, seed=1, jobs=1, chunk_size=1)
    assert odd_chunks == classic_one_job
    assert single_deals == classic_one_job


def test_tallies_of_chunks_add_up_to_the_whole() -> None:
    rules = bz.variants.CLASSIC
    kinds = ("random", "random")
    whole = play_deals(rules, kinds, 5, 0, 12)
    parts = play_deals(rules, kinds, 5, 0, 5)
    parts.add(play_deals(rules, kinds, 5, 5, 12))
    assert parts == whole
    assert whole.deals == 12


def test_the_same_seed_gives_the_same_summary(classic_one_job: Summary) -> None:
    again = simulate("classic", deals=DEALS, seed=1)
    assert again == classic_one_job
    assert again.to_dict() | {"elapsed": 0, "deals_per_second": 0} == (
        classic_one_job.to_dict() | {"elapsed": 0, "deals_per_second": 0}
    )


def test_different_seeds_give_different_summaries(classic_one_job: Summary) -> None:
    other = simulate("classic", deals=DEALS, seed=2)
    assert other != classic_one_job
    assert other.mean_scores != classic_one_job.mean_scores
    text_seed = simulate("classic", deals=DEALS, seed="1x")
    assert text_seed.mean_scores != classic_one_job.mean_scores


def test_summary_matches_the_deals_played_one_by_one(classic_one_job: Summary) -> None:
    finals = play_by_hand(bz.variants.CLASSIC, 1, DEALS, ("random", "random"))
    results = [f.result for f in finals]
    assert all(r is not None for r in results)
    scores = [[r.scores[s] for r in results if r is not None] for s in range(2)]
    for seat in range(2):
        assert classic_one_job.mean_scores[seat] == pytest.approx(statistics.mean(scores[seat]))
        assert classic_one_job.sd_scores[seat] == pytest.approx(statistics.stdev(scores[seat]))
    wins = [sum(1 for a, b in zip(*scores, strict=True) if (a > b, b > a)[s]) for s in range(2)]
    ties = sum(1 for a, b in zip(*scores, strict=True) if a == b)
    assert classic_one_job.win_rates == (wins[0] / DEALS, wins[1] / DEALS)
    assert classic_one_job.tie_rate == ties / DEALS
    assert math.isclose(sum(classic_one_job.win_rates) + classic_one_job.tie_rate, 1.0)
    counts: dict[str, int] = {}
    for final in finals:
        for meld in final.melds:
            counts[meld.kind.value] = counts.get(meld.kind.value, 0) + 1
    assert classic_one_job.melds_per_deal == {k: counts[k] / DEALS for k in counts}
    # Kind order, as in MeldKind.
    order = [k.value for k in bz.MeldKind if k.value in counts]
    assert list(classic_one_job.melds_per_deal) == order
    # Two-hand Bezique: deals score as they stand, and there is no carte blanche.
    assert classic_one_job.mean_game_scores is None
    assert classic_one_job.carte_blanche_per_deal is None


def test_rubicon_reports_game_scores_and_carte_blanche() -> None:
    rules = bz.variants.RUBICON
    deals = 6
    kinds = ("greedy", "random")
    summary = simulate(rules, deals=deals, seed=4, players=kinds, jobs=2, chunk_size=4)
    assert summary == simulate("rubicon", deals=deals, seed=4, players=kinds, jobs=1)
    finals = play_by_hand(rules, 4, deals, kinds)
    results = [f.result for f in finals if f.result is not None]
    assert len(results) == deals
    assert summary.mean_game_scores is not None
    assert summary.rubicon_rates is not None
    for seat in range(2):
        games = [r.game_scores[seat] for r in results]
        assert summary.mean_game_scores[seat] == pytest.approx(statistics.mean(games))
        rubiconed = sum(r.rubiconed[seat] for r in results)
        assert summary.rubicon_rates[seat] == rubiconed / deals
    assert summary.carte_blanche_per_deal is not None
    assert summary.carte_blanche_deal_rate is not None
    assert 0 <= summary.carte_blanche_deal_rate <= 1


def watch_carte_blanche(rules: bz.Rules, seed: int, index: int) -> list[int]:
    """Carte blanches shown by each seat in one deal of a random-random run."""
    state = bz.new_deal(rules, seed=f"{seed}/{index}", dealer=index % 2)
    players = [RandomPlayer(f"{seed}/{index}/{k}") for k in range(2)]
    shown = [0, 0]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.view(seat))
        if isinstance(action, bz.ShowCarteBlanche):
            shown[seat] += 1
        state = state.apply(action)
    return shown


def test_carte_blanche_showings_are_counted() -> None:
    """Rubicon deals that deal a hand with no king, queen or jack, watched action by
    action until a random player shows one."""
    rules = bz.variants.RUBICON
    kinds = ("random", "random")
    offered = [i for i in range(1000) if bz.new_deal(rules, seed=f"9/{i}", dealer=i % 2).offers]
    assert offered, "about one rubicon hand in 82 has no king, queen or jack"
    for index in offered:
        shown = watch_carte_blanche(rules, 9, index)
        tally = play_deals(rules, kinds, 9, index, index + 1)
        assert tally.carte_blanche == shown
        assert tally.carte_blanche_deals == (sum(shown) > 0)
        if sum(shown):
            break
    else:
        pytest.fail("no carte blanche shown in the deals that offer one")


def test_bad_arguments_raise() -> None:
    with pytest.raises(bz.BeziqueError, match="deals must be from 1 to"):
        simulate("classic", deals=0)
    with pytest.raises(bz.BeziqueError, match="2 seats"):
        simulate("classic", deals=1, players=["random"])
    with pytest.raises(bz.BeziqueError, match="no player named 'robot'"):
        simulate("classic", deals=1, players=["random", "robot"])
    with pytest.raises(bz.BeziqueError, match="no preset named"):
        simulate("no-such-game", deals=1)
    with pytest.raises(bz.BeziqueError, match="jobs"):
        simulate("classic", deals=1, jobs=-1)


class ViewRecorder:
    """A player that takes the first legal action and checks it was handed a seat view
    of its own seat, never a state (module level, so that worker processes get it)."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.seats: set[int] = set()

    def choose(self, view: bz.SeatView) -> bz.Action:
        if type(view) is not bz.SeatView:
            raise TypeError(f"a player was handed a {type(view).__name__}, not a SeatView")
        if view.current_player != view.seat:
            raise ValueError("a player was handed the view of a seat not to move")
        self.seats.add(view.seat)
        return view.legal_actions()[0]


def test_play_deals_hands_players_seat_views_only() -> None:
    made: list[ViewRecorder] = []

    def recorder(seed: str) -> ViewRecorder:
        made.append(ViewRecorder(seed))
        return made[-1]

    tally = play_deals(bz.variants.RUBICON, (recorder, "random"), 3, 0, 2)
    assert tally.deals == 2
    # One recorder per deal in seat 0, made from that seat's seed, each asked in seat 0.
    assert [r.seed for r in made] == ["3/0/0", "3/1/0"]
    assert all(r.seats == {0} for r in made)


def test_simulate_and_duel_take_player_factories() -> None:
    summary = simulate("classic", deals=2, seed=2, players=(ViewRecorder, "random"), jobs=2)
    assert summary.players == ("ViewRecorder", "random")
    assert summary.deals == 2
    result = duel("classic", ViewRecorder, "rule-of-thumb", games=2, seed=1, deals=True)
    assert (result.a, result.b, result.games) == ("ViewRecorder", "rule-of-thumb", 2)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_tally_counts_every_seat(seats: int) -> None:
    """Hand-made results of tables of two to four seats: the sums are kept per seat."""
    scores = tuple(100 + 10 * s for s in range(seats))
    won = bz.DealResult(scores=scores, brisques=(0,) * seats, last_trick_winner=0)
    tied = bz.DealResult(scores=(50,) * seats, brisques=(0,) * seats, last_trick_winner=0)
    meld = bz.DeclaredMeld(0, bz.MeldKind.BEZIQUE, (1, 2), 3, 40, True)
    tally = Tally(seats)
    tally.record(won, [meld], [0] * (seats - 1) + [1], actions=10)
    tally.record(tied)
    assert (tally.deals, tally.actions, tally.ties) == (2, 10, 1)
    assert tally.wins == [0] * (seats - 1) + [1]
    assert tally.score_sum == [s + 50 for s in scores]
    assert tally.carte_blanche == [0] * (seats - 1) + [1]
    assert tally.carte_blanche_deals == 1
    assert tally.melds == {"bezique": 1}
    again = Tally(seats)
    again.add(tally)
    assert again == tally
    with pytest.raises(bz.BeziqueError, match="seats"):
        Tally(seats + 1).record(won)
    with pytest.raises(bz.BeziqueError, match="seats"):
        Tally(seats + 1).add(tally)


@pytest.mark.parametrize(
    ("scores", "outcomes"),
    [
        ((120, 80), (1, -1)),
        ((90, 90), (0, 0)),
        ((50, 90, 70), (-1, 1, -1)),
        ((90, 90, 70), (0, 0, -1)),
        ((10, 20, 30, 30), (-1, -1, 0, 0)),
    ],
)
def test_seat_outcomes_at_tables_of_any_size(
    scores: tuple[int, ...], outcomes: tuple[int, ...]
) -> None:
    assert tuple(seat_outcome(scores, s) for s in range(len(scores))) == outcomes


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_duel_puts_a_in_every_seat_once_per_deal(seats: int) -> None:
    games = [duel_seats(seats, i) for i in range(3 * seats)]
    for deal in range(3):
        assert sorted(a for a, d in games if d == deal) == list(range(seats))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_prints_the_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, classic_one_job: Summary
) -> None:
    path = tmp_path / "summary.json"
    code, out, err = run(
        capsys, "simulate", "--deals", str(DEALS), "--jobs", "2", "--seed", "1", "--json", str(path)
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"{DEALS} deals of classic, seed 1: ")
    assert "with 2 process(es)" in lines[0]
    for seat in range(2):
        row = next(line for line in lines if line.startswith(f"  seat {seat} (random)"))
        mean, sd, wins = row.split(")", 1)[1].split()
        assert float(mean) == round(classic_one_job.mean_scores[seat], 1)
        assert float(sd) == round(classic_one_job.sd_scores[seat], 1)
        assert wins == f"{classic_one_job.win_rates[seat]:.1%}"
    assert any(line.startswith("  declarations per deal: ") for line in lines)
    assert err == ""  # no progress: stderr is not a terminal here
    data = json.loads(path.read_text())
    assert data["deals"] == DEALS
    assert data["mean_scores"] == pytest.approx(list(classic_one_job.mean_scores))
    assert data["melds_per_deal"] == pytest.approx(classic_one_job.melds_per_deal)
    assert data["jobs"] == 2


def test_cli_reports_progress_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--deals", "6", "--progress", "--variant", "mcneely")
    assert code == 0
    assert out.startswith("6 deals of mcneely, seed 1: ")
    assert err.splitlines()[-1].startswith("6/6 deals, ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--deals", "0"], "--deals: must be at least 1"),
        (["--deals", "many"], "--deals: not a whole number"),
        (["--jobs", "-2"], "--jobs: must be 0 or more"),
        (["--players", "random"], "bezique: classic has 2 seats"),
        (["--players", "random,robot"], "bezique: no player named 'robot'"),
        (["--variant", "whist"], "bezique: no preset named 'whist'"),
    ],
)
def test_cli_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code: int | str | None
    try:
        code = main(["simulate", "--deals", "2", *argv])
    except SystemExit as exit_:
        code = exit_.code  # argparse refuses the argument itself
    captured = capsys.readouterr()
    assert code == 2
    assert message in captured.err
    assert captured.out == ""
