"""The programs built on the library: the ``bezique`` command
(:mod:`~bezique.programs.cli`), a game at the terminal against the built-in players
(:mod:`~bezique.programs.console`), and simulations, duels and tournaments between
players (:mod:`~bezique.programs.simulate`).

Importing this package loads none of them, so that ``bezique --version`` loads only
the command line.
"""
