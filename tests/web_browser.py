"""``bezique serve`` in a browser, as a person uses it (``nox -s web-browser``).

Starts the server on the loopback, opens a table of two-hand Bezique from its home
page (seat 0 a person, seat 1 the rule-of-thumb player), follows the person's link
and plays a whole deal in headless Chromium by clicking: a card of the hand to play
it, a button for any other move. On the way it checks what the page shows: whose turn
it is, a click refused with its reason, the narration, the totals at the deal's end;
and that the page ran under its content security policy without a console error.

On the way it takes the screenshots of the documentation (docs/howto/serve.md) into
the output directory: the page that opens a table (``open.png``), the seat's page
with a refused move (``refused.png``) and at the end of the deal (``deal-over.png``).
The table is dealt from a fixed seed, so that the same moves, and the same pictures,
come every time; ``nox -s web-browser -- docs/_static/screenshots`` renews those of
the documentation.

With ``--game`` it plays instead a whole partnership game to its target (``nox -s
web-browser-game``, not in the default run: a few minutes): two people, each in a
browser of their own (two browser contexts, which share nothing), at seats 0 and 1,
and two rule-of-thumb players at seats 2 and 3. The server is stopped after the first
deal and started again on the same store; the two pages, left open, reconnect and the
game goes on to its end, which both pages show with the same totals.

Usage: ``python tests/web_browser.py CHROMIUM OUTDIR [--game]`` (Playwright for Python
drives the Chromium binary given).
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scripts import load_script

# httpx2 and Playwright are imported where they are used: the default test run imports
# this script (for its doctests) without them.
if TYPE_CHECKING:
    from playwright.sync_api import Page

#: The load test's script, whose server() starts and stops ``bezique serve``.
SERVE = load_script("benchmarks/serve_load.py", "serve_load")

#: The seed the table is dealt from: its first deal has a turn where no card may be
#: played, when the click on a card is refused.
SEED = "7"
#: The browser's window: the pages are taken whole (their full height) at this width.
VIEWPORT = {"width": 1000, "height": 700}
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def state(base: str, token: str) -> dict[str, Any]:
    import httpx2

    # A generous timeout: a busy machine may be slow to answer, not wrong.
    data: dict[str, Any] = httpx2.get(f"{base}/api/seat/{token}", timeout=30).json()
    return data


def shown(page: Page, moves: int) -> None:
    """Wait until the page shows the position after ``moves`` moves."""
    page.wait_for_selector(f'.turn[data-moves="{moves}"]', timeout=20_000)


def click_a_move(page: Page, seat: int, legal: list[str]) -> None:
    """Make the first of the seat's legal moves by a click: on the card it plays (a
    declared card named with its histories, as the picture names it), or on the move's
    button."""
    plays = [text for text in legal if text.startswith("play ")]
    if plays:
        face = plays[0].split()[1]
        # The card of the hand (or of the table, a card declared) that the move
        # plays; not a card of the same face in the trick.
        mine = f'#board g.card[data-seat="{seat}"][data-card="{face}"]'
        card = f'{mine}[data-zone="hand"], {mine}[data-zone="table"]'
        page.locator(card).first.click(position={"x": 8, "y": 30})
    else:
        page.click(f'#moves button[value="{legal[0]}"]')


def play_a_deal(page: Page, base: str, token: str, out: Path) -> int:
    """Play seat 0's moves of the first deal by clicking, with a card clicked once
    when no card may be played (refused, a screenshot taken in ``out``); return the
    clicks made."""
    clicks = 0
    refused = False
    while True:
        data = state(base, token)
        if any(line.startswith("Deal 1 over") for line in data["log"]):
            assert refused, "no turn of the deal came when a card could not be played"
            return clicks
        if data["current_player"] != 0:
            time.sleep(0.05)
            continue
        shown(page, data["moves"])
        assert "Your turn" in page.inner_text(".turn")
        legal = data["legal"]
        plays = [text for text in legal if text.startswith("play ")]
        if not plays and not refused and data["view"]["hand"]:
            # A card clicked when no card may be played: refused, with the reason.
            page.click('#board g.card[data-zone="hand"]', position={"x": 8, "y": 30})
            page.wait_for_selector("#refusal li code", timeout=20_000)
            assert "refused" in page.inner_text("#refusal")
            page.screenshot(path=str(out / "refused.png"), full_page=True)
            refused = True
        click_a_move(page, 0, legal)
        clicks += 1
        deadline = time.monotonic() + 20
        while state(base, token)["moves"] == data["moves"]:
            assert time.monotonic() < deadline, f"the click on {legal[0]!r} did nothing"
            time.sleep(0.02)


def play_a_partnership_game(chromium: str) -> int:
    """Two people in two browsers and two built-in players play a partnership game to
    its end, the server stopped and started again after the first deal; return the
    clicks made."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    clicks = 0
    with contextlib.ExitStack() as stack:
        db = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "tables.db"
        port = SERVE.free_port()
        running = contextlib.ExitStack()
        base, _ = running.enter_context(SERVE.server(port, db))
        playwright = stack.enter_context(sync_playwright())
        browsers = [
            playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for _ in range(2)
        ]
        opener = browsers[0].new_page(viewport=VIEWPORT)
        opener.goto(base)
        opener.select_option("select[name=preset]", "partnership")
        opener.fill("input[name=seats]", "4")
        opener.fill("input[name=name0]", "Ann")
        opener.fill("input[name=name1]", "Bob")
        opener.select_option("select[name=seat2]", "rule-of-thumb")
        opener.select_option("select[name=seat3]", "rule-of-thumb")
        opener.fill("input[name=seed]", SEED)
        opener.click("#open-table button[type=submit]")
        links = opener.eval_on_selector_all("ul.links a", "links => links.map(a => a.href)")
        assert len(links) == 2, links
        tokens = [link.rsplit("/", 1)[1] for link in links]
        seats = [state(base, token)["view"]["seat"] for token in tokens]
        assert sorted(seats) == [0, 1], seats
        pages = []
        for browser, link in zip(browsers, links, strict=True):
            page = browser.new_page(viewport=VIEWPORT)
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(link)
            pages.append(page)
        restarted = False
        while True:
            data = state(base, tokens[0])
            if data["over"]:
                break
            if not restarted and any(line.startswith("Deal 1 over") for line in data["log"]):
                # The server stopped mid-game and started again on its store.
                running.close()
                base, _ = running.enter_context(SERVE.server(port, db))
                assert state(base, tokens[0])["moves"] == data["moves"]
                restarted = True
                continue
            current = data["current_player"]
            if current not in seats:
                time.sleep(0.05)
                continue
            who = seats.index(current)
            mine = state(base, tokens[who])
            shown(pages[who], mine["moves"])
            assert "Your turn" in pages[who].inner_text(".turn")
            click_a_move(pages[who], current, mine["legal"])
            clicks += 1
            deadline = time.monotonic() + 30
            while state(base, tokens[who])["moves"] == mine["moves"]:
                assert time.monotonic() < deadline, f"the click on {mine['legal'][0]!r} did nothing"
                time.sleep(0.02)
        assert restarted, "the game ended within its first deal"
        final = state(base, tokens[0])
        for page in pages:
            shown(page, final["moves"])
            assert "The game is over" in page.inner_text(".turn")
            totals = page.inner_text("#totals")
            assert all(str(score) in totals for score in final["game"]["scores"])
        running.close()
        for browser in browsers:
            browser.close()
    # Seat pages log nothing wrong; the WebSockets closed by the restart may be logged.
    assert [e for e in errors if "WebSocket" not in e] == [], errors
    print(
        f"a partnership game played by two browsers: {clicks} clicks, "
        f"{len(final['log'])} lines told, the server restarted once; totals "
        f"{final['game']['scores']}"
    )
    return 0


def main(chromium: str, outdir: str) -> int:
    from playwright.sync_api import sync_playwright

    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    with contextlib.ExitStack() as stack:
        db = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "tables.db"
        base, _ = stack.enter_context(SERVE.server(SERVE.free_port(), db))
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=VIEWPORT)
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        # A refused move is answered 422, which the browser logs: expected, once.
        refusal = "the server responded with a status of 422"
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base)
        page.select_option("select[name=preset]", "classic")
        page.fill("input[name=seats]", "2")
        assert page.is_hidden('fieldset[data-seat="2"]')
        page.fill("input[name=name0]", "Ann")
        page.select_option("select[name=seat1]", "rule-of-thumb")
        page.fill("input[name=seed]", SEED)
        page.screenshot(path=str(out / "open.png"), full_page=True)
        # A name that is markup is shown as text.
        page.fill("input[name=name0]", "<b>Ann</b>")
        page.click("#open-table button[type=submit]")
        link = page.get_attribute("ul.links a", "href")
        assert link is not None
        assert "&lt;b&gt;" in page.content()
        token = link.rsplit("/", 1)[1]
        page.goto(link)
        clicks = play_a_deal(page, base, token, out)
        # The next deal begun: wait for seat 0's turn, when the page stays as it is.
        data = state(base, token)
        while data["current_player"] != 0:
            time.sleep(0.05)
            data = state(base, token)
        shown(page, data["moves"])
        text = page.inner_text("#table")
        assert "Deal 1 over" in text
        assert str(data["game"]["scores"][0]) in page.inner_text("#totals")
        page.locator("#log li", has_text="Deal 1 over").scroll_into_view_if_needed()
        page.screenshot(path=str(out / "deal-over.png"), full_page=True)
        browser.close()
    assert [e for e in errors if refusal not in e] == [], errors
    assert len(errors) <= 1, errors
    print(f"a deal played in the browser: {clicks} clicks; screenshots in {out}")
    return 0


if __name__ == "__main__":
    if "--game" in sys.argv[3:]:
        sys.exit(play_a_partnership_game(sys.argv[1]))
    sys.exit(main(sys.argv[1], sys.argv[2]))
