"""``python -m bezique``: the command line."""

import sys

try:
    from bezique.programs.cli import main
except KeyboardInterrupt:  # Ctrl-C while the command line loads: nothing has started yet.
    print("\nbezique: interrupted", file=sys.stderr)
    raise SystemExit(130) from None

raise SystemExit(main())
