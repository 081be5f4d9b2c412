"""The HTML of ``bezique serve``'s pages: the page that opens a table, the page of
the links of a table just opened, and a seat's page.

Every text a person typed (a name) and every text of the game (a preset's name, a
move, a line of narration) is escaped (:func:`html.escape`); the pages hold no
script and no style of their own: the script and the style sheet are static files,
which the content security policy alone allows. A seat's page works without the
script too: each move is a form that posts it.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from bezique import variants
from bezique.web.tables import Outcome, Table

__all__ = ["error_page", "links_page", "open_page", "seat_fragment", "seat_page"]

#: The most seats the page that opens a table offers (Zetema's six).
MAX_SEATS = 6


def _page(title: str, body: str, *, main: str = "") -> str:
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        # No icon to fetch (the browser would ask for /favicon.ico).
        '<link rel="icon" href="data:,">'
        '<link rel="stylesheet" href="/static/bezique.css">'
        '<script src="/static/bezique.js" defer></script>'
        f"</head><body><main{main}>{body}</main></body></html>\n"
    )


def _presets() -> list[tuple[str, tuple[int, ...], tuple[str, ...]]]:
    """Each preset's name, the numbers of seats its rules allow and its built-in players."""
    found = []
    for name, _aliases in variants.names():
        rules = variants.get(name)
        game = variants.game_of(rules)
        found.append((name, game.player_counts(rules), game.player_names))
    return found


def open_page() -> str:
    """The page that opens a table: a preset, the number of seats, each seat a person
    (with a name) or a built-in player, and a seed (optional)."""
    presets = _presets()
    options = "".join(
        f'<option value="{escape(name)}">{escape(name)} '
        f"({escape(', '.join(map(str, counts)))} players)</option>"
        for name, counts, _players in presets
    )
    kinds = sorted({p for _name, _counts, players in presets for p in players})
    seats = []
    for seat in range(MAX_SEATS):
        choices = '<option value="person">a person</option>' + "".join(
            f'<option value="{escape(kind)}">{escape(kind)}</option>' for kind in kinds
        )
        seats.append(
            f'<fieldset class="seat-choice" data-seat="{seat}"><legend>Seat {seat}</legend>'
            f'<label>Who <select name="seat{seat}">{choices}</select></label> '
            f'<label>Name <input name="name{seat}" maxlength="40" value="Seat {seat}"></label>'
            "</fieldset>"
        )
    body = (
        "<h1>Open a Bezique table</h1>"
        '<form method="post" action="/tables" id="open-table">'
        f'<label>Game <select name="preset">{options}</select></label> '
        f'<label>Seats <input name="seats" type="number" min="2" max="{MAX_SEATS}" '
        'value="2"></label> '
        '<label>Seed <input name="seed" placeholder="random"></label>'
        f"{''.join(seats)}"
        "<p>Only as many seats as the game is played by are used. Each person gets a "
        "private link to their seat.</p>"
        '<button type="submit">Open the table</button></form>'
    )
    return _page("Open a Bezique table", body)


def links_page(table: Table, base: str) -> str:
    """The page of a table just opened: each person's private link. Whoever opened
    the table hands each link to its person; each link shows and plays only its seat."""
    rows = []
    for seat in table.row.seats:
        if seat.token is None:
            rows.append(f"<li>Seat {seat.seat}: {escape(seat.name)} (built-in player)</li>")
        else:
            link = f"{base}/seat/{seat.token}"
            rows.append(
                f"<li>Seat {seat.seat}: {escape(seat.name)}: "
                f'<a href="{escape(link)}">{escape(link)}</a></li>'
            )
    body = (
        f"<h1>A table of {escape(table.rules.name)}</h1>"
        "<p>Each link below is one seat's, private: it shows that seat's cards and plays "
        "for it alone. Hand each person their own.</p>"
        f'<ul class="links">{"".join(rows)}</ul>'
    )
    return _page(f"A table of {table.rules.name}", body)


def _who(data: dict[str, Any], seat: int) -> str:
    entry = data["seats"][seat]
    name = "you" if seat == data["seat"] else entry["name"]
    return f"seat {seat} ({name})"


def seat_fragment(
    table: Table,
    seat: int,
    token: str,
    refusal: Outcome | None = None,
    data: dict[str, Any] | None = None,
) -> str:
    """What a seat's page shows, as HTML, sent whole on every update: the board, the
    moves, why the last move was refused, the totals, the narration and the record.
    ``data`` is what the seat is told (:meth:`Table.seat_data`), if the caller has it."""
    data = table.seat_data(seat) if data is None else data
    kind, picture = table.picture(seat)
    board = picture if kind == "svg" else f'<pre class="board">{escape(picture)}</pre>'
    act = f"/seat/{escape(token)}/act"
    moves = "".join(
        f'<form method="post" action="{act}" class="move">'
        f'<button name="action" value="{escape(text)}">{escape(text)}</button></form>'
        for text in data["legal"]
    )
    current = data["current_player"]
    if data["over"]:
        winners = ", ".join(map(str, data["winners"])) or "none: the game is drawn"
        turn = f"The game is over. Won by side {escape(winners)}."
    elif current == seat:
        turn = "Your turn: click a card or a move."
    else:
        turn = f"Waiting for {escape(_who(data, current))}."
    refused = ""
    if refusal is not None and not refusal.accepted:
        reasons = "".join(
            f"<li><code>{escape(r['code'])}</code>: {escape(r['explanation'])}</li>"
            for r in refusal.to_dict()["reasons"]
        )
        refused = f"<p>{escape(refusal.action)} is refused:</p><ul>{reasons}</ul>"
    totals = "".join(
        f"<tr><td>{escape(_who(data, s))}</td><td>side {entry['side']}</td>"
        f"<td>{data['deal']['scores'][s]}</td><td>{data['game']['scores'][s]}</td></tr>"
        for s, entry in enumerate(data["seats"])
    )
    log = "".join(f"<li>{escape(line)}</li>" for line in data["log"] if line.strip())
    if data["over"]:
        record = f'<a href="/seat/{escape(token)}/record" download>Download the game record</a>'
    else:
        record = "The game record can be downloaded when the game is over."
    return (
        f'<p class="turn" data-moves="{data["moves"]}">{turn}</p>'
        f'<section class="board" id="board">{board}</section>'
        f'<section id="moves"><h2>Your moves</h2>{moves or "<p>None now.</p>"}</section>'
        f'<section id="refusal" role="alert">{refused}</section>'
        '<section id="totals"><h2>Scores</h2><table><tr><th>seat</th><th>side</th>'
        f"<th>this deal</th><th>game</th></tr>{totals}</table></section>"
        f'<section id="log"><h2>What happened</h2><ol>{log}</ol></section>'
        f'<p id="record">{record}</p>'
    )


def seat_page(table: Table, seat: int, token: str, refusal: Outcome | None = None) -> str:
    """A seat's page: its fragment, in a page whose script keeps it up to date."""
    title = f"{table.rules.name}: seat {seat}"
    body = f"<h1>{escape(title)}</h1>" + (
        f'<div id="table">{seat_fragment(table, seat, token, refusal)}</div>'
    )
    main = f' data-token="{escape(token)}" data-seat="{seat}"'
    return _page(title, body, main=main)


def error_page(status: int, message: str, links: Sequence[tuple[str, str]] = ()) -> str:
    """A page saying what went wrong (the message escaped)."""
    extra = "".join(f'<p><a href="{escape(href)}">{escape(text)}</a></p>' for href, text in links)
    return _page(f"Error {status}", f"<h1>Error {status}</h1><p>{escape(message)}</p>{extra}")
