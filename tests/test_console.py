"""``bezique play``: what a person may type (bezique.programs.console.read_input), the game loop
with scripted input, the command line, and a whole game driven through a terminal."""

from __future__ import annotations

import io
import os
import re
import select
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from positions import CLASSIC, build, deal_deck, meld

import bezique as bz
import bezique.programs.console
from bezique import (
    DealState,
    Declare,
    Draw,
    Exchange,
    MeldKind,
    Pass,
    PassToPartner,
    Play,
    Reason,
    ScorePending,
    ShowCarteBlanche,
)
from bezique.programs.cli import main
from bezique.programs.console import (
    INPUT_HELP,
    Command,
    Reading,
    describe_action,
    numbered_actions,
    play_game,
    read_input,
)

ROOT = Path(__file__).parent.parent


def lead() -> DealState:
    """Seat 1 to lead trick 1; spades are trumps; it holds 7S AD KD QD 8D KC QC 9C."""
    return bz.new_deal(CLASSIC, seed=4)


def window(hand: str = "7H KH QH QS JD 9C", **kwargs: object) -> DealState:
    """Seat 0 has won a trick in the stock phase; hearts are trumps."""
    return build(trump="H", hand=hand, **kwargs)  # type: ignore[arg-type]


def action(text: str, state: DealState) -> bz.Action:
    reading = read_input(text, state)
    assert reading.action is not None, reading.message
    return reading.action


# -- numbers ---------------------------------------------------------------------------


def test_a_number_picks_the_action_of_that_number_in_the_list() -> None:
    state = lead()
    listed = numbered_actions(state)
    assert Counter(listed) == Counter(state.legal_actions())
    for number, expected in enumerate(listed, 1):
        assert read_input(str(number), state) == Reading(expected)
        assert read_input(f"  {number} ", state).action == expected


def test_the_list_puts_cards_to_play_in_the_boards_order_of_a_hand() -> None:
    # Trumps (spades) first, then hearts, diamonds, clubs, each from the ace down.
    listed = [str(a) for a in numbered_actions(lead())]
    assert listed == [
        "play 7S",
        "play AD",
        "play KD",
        "play QD",
        "play 8D",
        "play KC",
        "play QC",
        "play 9C",
    ]


@pytest.mark.parametrize("text", ["0", "9", "42"])
def test_a_number_out_of_the_list_is_refused(text: str) -> None:
    reading = read_input(text, lead())
    assert reading.action is None
    assert reading.command is None
    assert reading.message == f"refused: no action numbered {text}: choose 1 to 8"


def test_nothing_to_do_once_the_deal_is_over() -> None:
    state = lead()
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert read_input("1", state).message == "refused: there is nothing to do now"


# -- cards, declarations, short forms ---------------------------------------------------


@pytest.mark.parametrize("text", ["KC", "kc", "K♣", " kc ", "play KC", "PLAY kc"])
def test_a_card_alone_plays_it(text: str) -> None:
    assert action(text, lead()) == Play(bz.CardRef(bz.Card.parse("KC")))


def test_a_card_not_held_is_refused_with_the_engines_reason() -> None:
    reading = read_input("TD", lead())
    assert reading.action is None
    assert reading.reasons == (Reason.CARD_NOT_HELD,)
    assert reading.message == f"refused: {Reason.CARD_NOT_HELD.explanation}"


def test_a_card_on_the_table_is_named_by_its_declaration() -> None:
    # S000 law 7: a declared card stays on the table and is played from there.
    state = build(trump="H", hand="9C 8C", table=[meld("bezique", "QS JD")], window=False)
    played = action("QS", state)
    assert played == Play(bz.CardRef(bz.Card.parse("QS"), (MeldKind.BEZIQUE,)))
    assert action("QS[bezique]", state) == played


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("x", Exchange()),
        ("exchange", Exchange()),
        ("d", Draw()),
        ("D", Draw()),
        ("draw", Draw()),
    ],
)
def test_short_forms_in_the_winners_turn(text: str, expected: bz.Action) -> None:
    assert action(text, window()) == expected


@pytest.mark.parametrize(
    "text",
    [
        "royal-marriage KH QH",
        "declare royal-marriage KH QH",
        "KH QH",
        "qh kh",
        "Q♥ K♥",
    ],
)
def test_a_meld_is_declared_by_its_kind_and_cards_or_by_its_cards_alone(text: str) -> None:
    expected = Declare(MeldKind.ROYAL_MARRIAGE, (bz.CardRef.parse("KH"), bz.CardRef.parse("QH")))
    assert action(text, window()) == expected
    assert action("QS JD", window()) == Declare(
        MeldKind.BEZIQUE, (bz.CardRef.parse("QS"), bz.CardRef.parse("JD"))
    )


def test_cards_that_make_no_meld_are_refused() -> None:
    reading = read_input("QS 9C", window())
    assert reading.message == "refused: no meld that may be declared now is made of QS 9C"


def test_cards_of_a_meld_that_may_not_be_declared_again_give_the_reason() -> None:
    # S000 law 9: a card may not be declared twice in melds of the same kind.
    state = window(hand="KH QH 9C", table=[meld("bezique", "QSa JDa")])
    reading = read_input("QS[bezique] JD[bezique]", state)
    assert reading.action is None
    assert Reason.SAME_KIND_REUSED in reading.reasons
    assert Reason.SAME_KIND_REUSED.explanation in reading.message
    full = read_input("bezique QS JD", state)
    assert full.reasons == state.why_illegal(bz.parse_action(state, "declare bezique QS JD"))


def test_cards_that_make_several_declarations_ask_for_a_number() -> None:
    # Two kings of hearts: one from the hand, one declared in four kings (S000 law 9).
    state = window(hand="KH QH 9C", table=[meld("four-kings", "KH KS KD KC")])
    listed = numbered_actions(state)
    both = [
        str(i)
        for i, a in enumerate(listed, 1)
        if isinstance(a, Declare) and a.kind is MeldKind.ROYAL_MARRIAGE
    ]
    assert len(both) == 2
    reading = read_input("KH QH", state)
    assert reading.message == (
        f"refused: those cards make several declarations ({', '.join(both)}): choose one"
    )
    assert action("KH[four-kings] QH", state) == Declare(
        MeldKind.ROYAL_MARRIAGE,
        (bz.CardRef.parse("KH[four-kings]"), bz.CardRef.parse("QH")),
    )


def test_a_short_form_for_an_action_not_allowed_now_gives_the_reason() -> None:
    reading = read_input("d", lead())
    assert reading.reasons == (Reason.WRONG_ACTION_NOW,)
    assert read_input("draw", lead()) == reading
    assert read_input("x", lead()).action is None


def test_carte_blanche_short_forms() -> None:
    # HGM, FOS p.334: each seat is asked whether to show a hand without court cards.
    rules = bz.rules.variants.get("six-pack")
    without_courts = bz.new_deal(rules, deck=deal_deck(rules, hands=("", ""), turn_up=None))
    assert action("cb", without_courts) == ShowCarteBlanche()
    assert action("p", without_courts) == Pass()
    with_courts = bz.new_deal(rules, seed=1)
    assert read_input("cb", with_courts).reasons == (Reason.NO_CARTE_BLANCHE,)
    assert action("p", with_courts) == Pass()


def test_pass_to_partner_short_form() -> None:
    # BIC, EB9, S004: the trick's winner may pass the right to declare to the partner.
    state = bz.new_deal(bz.rules.variants.get("partnership"), seed=2)
    while state.window is None or PassToPartner() not in state.legal_actions():
        state = state.apply(state.legal_actions()[0])
    assert action("pp", state) == PassToPartner()


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("q", Command.QUIT),
        ("quit", Command.QUIT),
        ("EXIT", Command.QUIT),
        ("help", Command.HELP),
        ("?", Command.HELP),
        ("h", Command.HELP),
        ("b", Command.BOARD),
        ("board", Command.BOARD),
        ("", Command.BOARD),
        ("   ", Command.BOARD),
    ],
)
def test_commands(text: str, command: Command) -> None:
    reading = read_input(text, lead())
    assert reading.command is command
    assert reading.action is None
    assert reading.message == ""


@pytest.mark.parametrize(
    "text",
    ["zz", "play", "play QS QH", "declare bezique", "declare nonsense QS JD", "QS QX", "score x"],
)
def test_text_that_does_not_parse_is_refused_not_raised(text: str) -> None:
    reading = read_input(text, lead())
    assert reading.action is None
    assert reading.command is None
    assert reading.message.startswith("refused: ")
    assert reading.reasons == ()


def test_describe_action_says_what_a_pending_meld_and_an_exchange_are() -> None:
    # FOS p.326: several melds shown, one scored, the rest pending.
    rules = CLASSIC.evolve(limit="one-scored-rest-pending")
    state = build(rules, trump="H", hand="KH QH QS JD 9C")
    state = state.apply("declare royal-marriage KH QH").apply("declare bezique QS JD")
    assert not state.melds[1].scored
    assert describe_action(ScorePending(1), state, symbols=False) == "score 1 (the bezique, 40)"
    exchange = window()
    assert describe_action(Exchange(), exchange, symbols=True) == (
        f"exchange (the seven for {bz.face_of(exchange.turn_up or 0).display()})"
    )
    assert describe_action(Draw(), exchange, symbols=True) == "draw"


# -- the game loop with scripted input ------------------------------------------------


def script(lines: Sequence[str], then: str | None = "1") -> Callable[[str], str]:
    """An ``ask`` that answers ``lines`` in turn, then ``then`` for ever (or EOF)."""
    queue = iter(lines)

    def ask(prompt: str) -> str:
        assert prompt == "You> "
        for text in queue:
            return text
        if then is None:
            raise EOFError
        return then

    return ask


NARRATED = (
    re.compile(r"^  (\S+) .*: \+(\d+)$"),  # a declaration, a pending meld scored
    re.compile(r"^  (\S+) \+(\d+) for "),  # every other score
)


def narrated_points(lines: Sequence[str]) -> Counter[str]:
    points: Counter[str] = Counter()
    for text in lines:
        for pattern in NARRATED:
            found = pattern.match(text)
            if found:
                points[found.group(1)] += int(found.group(2))
    return points


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_is_played_and_every_point_narrated(seed: int) -> None:
    out: list[str] = []
    rules = CLASSIC.evolve(target=300)
    game = play_game(
        rules, seed=seed, players=["rule-of-thumb"], ask=script([]), out=out.append, symbols=True
    )
    assert game is not None
    assert game.is_over
    assert out[0].startswith("classic: ")
    assert out[1].startswith(f"You play in seat 0 against RuleOfThumb1; game seed {seed}.")
    deals = [t for t in out if t.startswith("=== Deal ")]
    assert len(deals) == len(game.results)
    text = "\n".join(out)
    assert "\nTrumps: " in text
    assert "\n  hand: " in text
    # Each board shown heads the deal with the game: its target, deal and totals.
    assert "\nGame to 300, deal 1\nGame totals: You 0, RuleOfThumb1 0\n" in text
    assert f"\nGame to 300, deal {len(game.results)}\n" in text
    assert any(re.match(r"^  RuleOfThumb1 plays \S\S$", t) for t in out)
    # The narrated points add up to the totals (S000 law 12: the game is the deals' sum).
    assert narrated_points(out) == Counter({"You": game.totals[0], "RuleOfThumb1": game.totals[1]})
    winner = "You win the game!" if game.winner == 0 else "RuleOfThumb1 wins the game."
    assert out[-2:] == [
        winner,
        f"Final totals: You {game.totals[0]}, RuleOfThumb1 {game.totals[1]}",
    ]


def test_the_same_seed_and_moves_play_the_same_game() -> None:
    runs = []
    for _ in range(2):
        out: list[str] = []
        play_game(
            CLASSIC.evolve(target=200), seed=7, players=["random"], ask=script([]), out=out.append
        )
        runs.append(out)
    assert runs[0] == runs[1]


def test_refused_input_shows_its_reason_and_asks_again() -> None:
    out: list[str] = []
    play_game(
        CLASSIC.evolve(target=100),
        seed=3,
        players=["random"],
        ask=script(["zz", "draw", "99", "help", "b"], then=None),
        out=out.append,
    )
    assert "refused: not understood: 'zz' (type help for what may be typed)" in out
    assert f"refused: {Reason.WRONG_ACTION_NOW.explanation}" in out
    assert any(t.startswith("refused: no action numbered 99: choose 1 to ") for t in out)
    assert INPUT_HELP in out
    boards = [i for i, t in enumerate(out) if t.startswith("Game to 100, deal 1\n")]
    assert len(boards) == 2  # drawn for the turn, and again for "b"
    assert out[-1] == "You leave the game."


@pytest.mark.parametrize("answers", [["q"], ["quit"]])
def test_quit_leaves_the_game(answers: list[str]) -> None:
    out: list[str] = []
    result = play_game(CLASSIC, seed=1, players=["random"], ask=script(answers), out=out.append)
    assert result is None
    assert out[-1] == "You leave the game."


def test_end_of_input_leaves_the_game() -> None:
    out: list[str] = []
    assert (
        play_game(CLASSIC, seed=1, players=["random"], ask=script([], None), out=out.append) is None
    )
    assert out[-1] == "You leave the game."


def test_without_symbols_no_line_holds_anything_but_ascii() -> None:
    out: list[str] = []
    play_game(
        CLASSIC.evolve(target=100),
        seed=4,
        players=["random"],
        ask=script(["QS QX", "help", "K♣"]),
        out=out.append,
        symbols=False,
    )
    assert all(text.isascii() for text in out)
    assert any("not a suit: 'X' (expected one of S H D C or S H D C)" in t for t in out)
    assert any(re.match(r"^  You play [2-9TJQKA][SHDC]", t) for t in out)


@pytest.mark.parametrize("name", ["three-hand", "partnership", "six-pack", "rubicon"])
def test_every_kind_of_table_is_played_to_the_end(name: str) -> None:
    rules = bz.rules.variants.get(name).evolve(target=300)
    for seat in range(rules.players):
        out: list[str] = []
        game = play_game(
            rules, seat=seat, players=["random"], seed=seat, ask=script([]), out=out.append
        )
        assert game is not None
        assert game.is_over
        assert out[-1].startswith("Final totals: ")
        if rules.sides:
            assert "; by side: " in out[-1]


def test_one_player_name_per_other_seat() -> None:
    out: list[str] = []
    rules = bz.rules.variants.get("three-hand").evolve(target=100)
    play_game(
        rules,
        seat=1,
        players=["random", "rule-of-thumb"],
        ask=script([], None),
        out=out.append,
    )
    assert out[1].startswith("You play in seat 1 against Random0, RuleOfThumb2;")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seat": 2}, "no seat 2: seats are 0..1"),
        ({"seat": -1}, "no seat -1"),
        ({"players": ["random", "random"]}, "--players needs one player name, or 1"),
        ({"players": ["nonsense"]}, "nonsense"),
    ],
)
def test_a_bad_seat_or_player_name_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(bz.BeziqueError, match=re.escape(message)):
        play_game(CLASSIC, ask=script([]), out=print, **kwargs)  # type: ignore[call-overload]


# -- the command line ----------------------------------------------------------------


def test_play_help_lists_the_forms_and_the_player_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    for text in INPUT_HELP.splitlines():
        assert text in out
    assert "monte-carlo" in out
    assert "0.05s" in out
    for option in ("--variant", "--players", "--seat", "--seed", "--target", "--ascii"):
        assert option in out
    with pytest.raises(SystemExit):
        main(["--help"])
    assert re.search(r"^\s+play\s+play a game yourself", capsys.readouterr().out, re.MULTILINE)


def test_play_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("zz\n" + "1\n" * 400))
    code = main(["play", "--seed", "5", "--target", "100", "--players", "random", "--ascii"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.isascii()
    assert "refused: not understood: 'zz'" in out
    assert "Final totals: You " in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "4"], "bezique: --seat: no seat 4: seats are 0..1"),
        (["--players", "a,b"], "bezique: --players needs one player name, or 1"),
        (["--variant", "nonsense"], "bezique: "),
    ],
)
def test_play_refuses_bad_arguments(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["play", *argv]) == 2
    assert capsys.readouterr().err.startswith(message)


def test_an_interrupted_game_ends_without_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(bz.programs.console, "play_game", interrupted)
    assert main(["play", "--seed", "1"]) == 130
    assert capsys.readouterr().err == "\nbezique: interrupted\n"


# -- through a terminal ---------------------------------------------------------------


class Terminal:
    """``bezique play`` run in a pseudo-terminal: what it writes, and typing to it."""

    def __init__(self, *args: str, encoding: str = "utf-8") -> None:
        import pty

        master, slave = pty.openpty()
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT / "src"),
            "PYTHONIOENCODING": encoding,
            "TERM": "dumb",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bezique", "play", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.seen = b""

    def read_until(self, *marks: bytes, timeout: float = 30.0) -> bytes:
        """Read until one of ``marks`` appears after what was read before, or the end."""
        start = len(self.seen)
        deadline = time.monotonic() + timeout
        while not any(mark in self.seen[start:] for mark in marks):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {marks}: {self.seen[-2000:]!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the other end closed: the program ended
                chunk = b""
            if not chunk:
                break
            self.seen += chunk
        return self.seen[start:]

    def type(self, text: str) -> None:
        os.write(self.master, text.encode() + b"\n")

    def close(self) -> int:
        """Read to the end of what the program writes; its exit status."""
        while self.read_until(b"You> ", timeout=30.0):
            pass
        code = self.process.wait(timeout=30)
        os.close(self.master)
        return code


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_whole_game_through_a_terminal() -> None:
    terminal = Terminal("--seed", "2", "--target", "100", "--players", "random")
    try:
        first = terminal.read_until(b"You> ")
        assert b"Trumps: " in first
        assert b"  hand: " in first
        assert "♠".encode() in first or "♥".encode() in first or "♦".encode() in first
        assert b"1: play " in first
        terminal.type("zz")
        assert b"refused: not understood: 'zz'" in terminal.read_until(b"You> ")
        terminal.type("draw")
        refused = terminal.read_until(b"You> ")
        assert f"refused: {Reason.WRONG_ACTION_NOW.explanation}".encode() in refused
        for _ in range(200):
            terminal.type("1")
            chunk = terminal.read_until(b"You> ", b"Final totals: ")
            if b"Final totals: " in chunk:
                break
        else:
            raise AssertionError("the game did not end")
        assert terminal.close() == 0
    finally:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait()
    assert b"=== Deal 1: " in terminal.seen
    assert re.search(rb"(You win the game!|Random1 wins the game\.)", terminal.seen)
    assert b"Traceback" not in terminal.seen


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_terminal_without_suit_symbols_gets_letters() -> None:
    terminal = Terminal("--seed", "2", "--players", "random", encoding="ascii")
    try:
        first = terminal.read_until(b"You> ")
        assert re.search(rb"  hand: ([2-9TJQKA][SHDC] ?)+", first)
        terminal.type("help")
        assert b"QS JD" in terminal.read_until(b"You> ")
        terminal.type("q")
        assert b"You leave the game." in terminal.read_until(b"You leave the game.")
        assert terminal.close() == 0
    finally:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait()
    assert terminal.seen.isascii()
    assert b"Traceback" not in terminal.seen
