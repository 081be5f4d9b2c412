"""``python -m bezique``: the command line."""

from bezique.cli import main

raise SystemExit(main())
