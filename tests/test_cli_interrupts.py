"""The command line refuses every malformed number in one line, and Ctrl-C at any
moment (the worker pool starting included) ends a run with exit status 130, one
line, no traceback and no process left behind.

``nox -s interrupts`` runs :func:`interrupted_runs` a hundred times; the default
tests run it at a few moments.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import group_members

from bezique.programs import cli
from bezique.programs.cli import main

ROOT = Path(__file__).resolve().parent.parent

#: Seeds every command refuses: digits that are not ASCII, more digits than a seed holds.
BAD_SEEDS = ["²", "1²", "١٢", "9" * 5000, "-" + "9" * 5000, "9" * 78, str(2**256)]
#: Seeds only ``demo`` refuses (it needs an integer; the others read them as text seeds).
NOT_INTEGERS = ["1_000", "", "1e3", "0x10", "seven"]
#: Counts (``--deals``, ``--games``, ``--jobs``) every command refuses.
BAD_COUNTS = ["²", "1²", "١٢", "1_000", "9" * 5000, "9" * 10, "", "-1", "1e3", "0x10", "1.5"]


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], option: str) -> None:
    """``argv`` exits with status 2 and a one-line error naming ``option``."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"error: argument {option}: " in err.strip().splitlines()[-1]


@pytest.mark.parametrize("command", ["simulate", "duel", "demo", "play"])
@pytest.mark.parametrize("value", BAD_SEEDS, ids=lambda v: v[:6])
def test_a_seed_of_other_digits_or_too_many_is_refused(
    command: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    refused(capsys, [command, "--seed", value], "--seed")


@pytest.mark.parametrize("value", NOT_INTEGERS)
def test_demo_refuses_a_seed_that_is_not_an_integer(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    refused(capsys, ["demo", "--seed", value], "--seed")


@pytest.mark.parametrize(
    ("command", "option"),
    [("simulate", "--deals"), ("simulate", "--jobs"), ("duel", "--games"), ("duel", "--jobs")],
)
@pytest.mark.parametrize("value", BAD_COUNTS, ids=lambda v: v[:6] or "empty")
def test_a_count_must_be_ascii_digits_and_not_too_many(
    command: str, option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    refused(capsys, [command, option, value], option)


@pytest.mark.parametrize(("command", "option"), [("simulate", "--deals"), ("duel", "--games")])
def test_zero_deals_or_games_is_refused(
    command: str, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    refused(capsys, [command, option, "0"], option)


def test_the_largest_seed_and_a_text_seed_are_read(capsys: pytest.CaptureFixture[str]) -> None:
    largest = str(2**256 - 1)
    assert main(["simulate", "--deals", "1", "--seed", largest]) == 0
    assert f"seed {largest}" in capsys.readouterr().out
    assert main(["simulate", "--deals", "1", "--seed", "1_000"]) == 0
    assert "seed 1_000" in capsys.readouterr().out


# -- Ctrl-C ---------------------------------------------------------------------------------


def test_an_interrupted_command_says_so_in_one_line_with_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_simulate", interrupted)
    before = signal.getsignal(signal.SIGINT)
    assert main(["simulate"]) == 130
    assert capsys.readouterr().err == "\nbezique: interrupted\n"
    assert signal.getsignal(signal.SIGINT) is before


def start_run(command: list[str]) -> subprocess.Popen[str]:
    """``python -m bezique COMMAND`` in a process group of its own (the group's number
    is the process's), its standard error read as text, with Ctrl-C's default action
    as at a terminal.

    A test run started in the background of a script ignores SIGINT (POSIX: an
    asynchronous list inherits SIGINT and SIGQUIT ignored), and a process inherits an
    ignored signal: the command would then never hear the Ctrl-C these tests send.
    While it starts, this process catches SIGINT instead, which a new program does
    not inherit."""
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "bezique", *command],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
            start_new_session=True,
            text=True,
        )
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)


def interrupted_run(command: list[str], delay: float) -> tuple[int, str, list[int]]:
    """Start ``python -m bezique COMMAND`` (:func:`start_run`), send the
    group SIGINT after ``delay`` seconds (as Ctrl-C at a terminal does), and return
    the exit status, the standard error and the processes of the group still there."""
    process = start_run(command)
    time.sleep(delay)
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:  # pragma: no cover - the run ignored Ctrl-C
        os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate()
        return -1, err + "\n(the run went on after Ctrl-C)", group_members(process.pid)
    stray = group_members(process.pid)
    for pid in stray:  # pragma: no cover - reported by the caller
        os.kill(pid, signal.SIGKILL)
    return process.returncode, err, stray


#: A run long enough to be interrupted at any moment: two worker processes.
SIMULATE = ["simulate", "--deals", "200000", "--jobs", "2"]
DUEL = ["duel", "--games", "20000", "--jobs", "2"]


def check_interrupted(command: list[str], delay: float) -> None:
    code, err, stray = interrupted_run(command, delay)
    assert stray == [], f"processes left after Ctrl-C at {delay:.2f} s: {stray}"
    if code in (-signal.SIGINT, 1) and "bezique: interrupted" not in err:
        # Ctrl-C while Python starts ("Could not import runpy module", status 1) or
        # loads the library, before the command runs: it ends as every Python program
        # does then (dying of the signal); nothing had started.
        assert "bezique/programs/cli.py" not in err, err
        assert "bezique/programs/simulate.py" not in err, err
        return
    assert "Traceback" not in err, err
    assert code == 130, (code, err)
    assert err.strip().splitlines()[-1:] == ["bezique: interrupted"], err


@pytest.mark.parametrize("delay", [0.0, 0.2, 0.6, 1.0, 2.0])
@pytest.mark.parametrize("command", [SIMULATE, DUEL], ids=["simulate", "duel"])
def test_ctrl_c_at_any_moment_leaves_no_process_and_no_traceback(
    command: list[str], delay: float
) -> None:
    check_interrupted(command, delay)


@pytest.mark.parametrize("command", [SIMULATE, DUEL], ids=["simulate", "duel"])
def test_the_workers_end_when_the_run_is_killed(command: list[str]) -> None:
    """A run killed outright (SIGKILL, which it cannot catch to stop its pool) leaves
    no worker behind: each worker ends once it finds its parent gone."""
    process = start_run(command)
    try:
        deadline = time.monotonic() + 60
        # The parent and its two workers.
        while len(group_members(process.pid)) < 3:
            assert time.monotonic() < deadline, "the workers never started"
            assert process.poll() is None, "the run ended before its workers started"
            time.sleep(0.05)
        workers = [pid for pid in group_members(process.pid) if pid != process.pid]
        process.kill()
        process.wait()
        deadline = time.monotonic() + 30
        while group_members(process.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert group_members(process.pid) == [], f"workers {workers} outlived the run"
    finally:
        for pid in group_members(process.pid):
            os.kill(pid, signal.SIGKILL)
        if process.stderr is not None:
            process.stderr.close()


#: The same runs of Zetema, served by the same command line and worker pool.
ZETEMA_SIMULATE = [*SIMULATE, "--variant", "zetema"]
ZETEMA_DUEL = [*DUEL, "--variant", "zetema"]


@pytest.mark.parametrize("delay", [0.6, 2.0])
@pytest.mark.parametrize("command", [ZETEMA_SIMULATE, ZETEMA_DUEL], ids=["simulate", "duel"])
def test_ctrl_c_stops_a_zetema_run_as_any_other(command: list[str], delay: float) -> None:
    check_interrupted(command, delay)


def interrupted_runs(count: int, seed: int = 1) -> int:
    """Interrupt ``count`` runs at random moments of their first two seconds (start-up,
    the pool starting, the deals); return the number that failed the checks."""
    rng = random.Random(seed)
    failures = 0
    for i in range(count):
        command = SIMULATE if i % 2 == 0 else DUEL
        delay = rng.uniform(0.0, 2.0)
        try:
            check_interrupted(command, delay)
        except AssertionError as error:
            failures += 1
            print(f"run {i} ({command[0]}, Ctrl-C at {delay:.2f} s): {error}")
    print(f"{count} interrupted runs, {failures} failed")
    return failures


if __name__ == "__main__":
    raise SystemExit(1 if interrupted_runs(int(sys.argv[1]) if len(sys.argv) > 1 else 100) else 0)


def test_an_interrupted_command_ends_with_130_and_its_output_written() -> None:
    """A command stopped by Ctrl-C ends with status 130 at once, its output flushed
    (cli.exit_with), and any other status is an ordinary exit."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    for code, ending in ((130, "interrupted"), (3, "ordinary")):
        script = (
            "import sys\n"
            "from bezique.programs.cli import exit_with\n"
            "import atexit\n"
            "atexit.register(lambda: print('at exit'))\n"
            "sys.stdout.write('written, not flushed')\n"
            f"exit_with({code})\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env
        )
        assert done.returncode == code, ending
        expected = "written, not flushed" + ("" if code == 130 else "at exit\n")
        assert done.stdout == expected, ending
