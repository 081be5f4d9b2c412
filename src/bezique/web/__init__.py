"""``bezique serve``: tables in the browser, for people and built-in players.

A local web app where a person opens a table for any preset of
:func:`bezique.variants.names`, with any number of seats its rules allow, each seat a
person or a built-in player; every person gets a private seat link, and the seat's
page shows its board, its legal moves, why a move is refused, the scores as they
are made and, once the game is over, its record to download. The how-to "Play in the
browser" tells how to run it and what it guarantees.

* :mod:`bezique.web.store`: the tables, their seats and every accepted action, kept
  in SQLite (the standard library's driver);
* :mod:`bezique.web.tables`: the tables in play, replayed from the store, acting
  for one seat at a time and telling each seat only its own view;
* :mod:`bezique.web.pages`: the HTML of the pages, everything typed escaped;
* :mod:`bezique.web.app`: the Starlette application (the ``web`` extra) and
  :func:`~bezique.web.app.serve`, which runs it with uvicorn.

Only :mod:`bezique.web.app` needs the ``web`` extra (``pip install
'bezique[web]'``); the store, the tables and the pages need the core alone. Like the
command line, it plays every game through :mod:`bezique.variants` and never asks
which game it plays.
"""

from __future__ import annotations

__all__: list[str] = []
