"""``python -m bezique``: the command line."""

import os
import sys

try:
    from bezique.programs.cli import command
except KeyboardInterrupt:  # Ctrl-C while the command line loads: nothing has started yet.
    print("\nbezique: interrupted", file=sys.stderr, flush=True)
    # As cli.exit_with does, without loading the command line again: ended at once,
    # so that CPython does not end the process by SIGINT after its exit.
    os._exit(130)

command()
