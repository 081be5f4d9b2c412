"""Check that no function of the package is more complex than the house limit.

The limit is a cyclomatic complexity of 25 (as radon counts it). A function that must
stay above it, a measured hot path whose split would cost speed, says why in a comment
on the line above its ``def`` (above its decorators, if any) that starts with
``# complexity:``. Run by the lint session::

    python tools/complexity.py          # lists the offenders, exit status 1 if any
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

LIMIT = 25
REASON = "# complexity:"
SRC = Path(__file__).resolve().parent.parent / "src" / "bezique"


def _functions(blocks: list[Function | Class]) -> Iterator[Function]:
    """Every function, method and closure among radon's blocks (which list each method
    both on its own and in its class)."""
    for block in blocks:
        if not isinstance(block, Class):
            yield block
            yield from _functions(list(block.closures))


def _excused(lines: list[str], lineno: int) -> bool:
    """Whether the ``def`` at ``lineno`` (1-based) has a ``# complexity:`` comment above it."""
    index = lineno - 2
    while index >= 0 and lines[index].strip().startswith("@"):
        index -= 1
    return index >= 0 and lines[index].strip().startswith(REASON)


def offenders(root: Path = SRC) -> list[str]:
    """The functions under ``root`` above the limit with no reason given, as
    ``path:line name complexity``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for function in _functions(cc_visit(text)):
            if function.complexity > LIMIT and not _excused(lines, function.lineno):
                where = path.relative_to(root.parent.parent)
                found.append(f"{where}:{function.lineno} {function.fullname} {function.complexity}")
    return found


def main() -> int:
    found = offenders()
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} function(s) above a complexity of {LIMIT} with no reason given")
        return 1
    print(f"no function above a complexity of {LIMIT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
