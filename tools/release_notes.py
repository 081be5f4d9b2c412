"""The release's text, taken from the changelog: ``python tools/release_notes.py 0.1.0``
prints the section of CHANGELOG.md for that version, which the release workflow makes the
GitHub release's text.

It refuses, with a one-line message and status 1, a version that the package does not
carry (``src/bezique/__init__.py`` is the one place the version is written) and a section
without a release date: the date is written into the changelog just before the tag, so a
tag pushed too early publishes nothing.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: A version's heading, as Keep a Changelog writes it: ``## [0.1.0] - 2026-12-01``.
HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>.+))?$")
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class ReleaseError(Exception):
    """The changelog or the package is not ready for the release asked for."""


def package_version(root: Path = ROOT) -> str:
    """The version written in the package (``__version__`` in ``bezique/__init__.py``)."""
    text = (root / "src" / "bezique" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if match is None:
        raise ReleaseError("src/bezique/__init__.py writes no __version__")
    return match.group(1)


def section(changelog: str, version: str) -> str:
    """The body of ``version``'s section of ``changelog`` (its heading left out), which
    must carry a release date."""
    lines = changelog.splitlines()
    start = None
    for number, line in enumerate(lines):
        heading = HEADING.match(line)
        if heading is None:
            continue
        if start is not None:
            return "\n".join(lines[start:number]).strip() + "\n"
        if heading["version"] == version:
            date = heading["date"] or ""
            if not DATE.fullmatch(date):
                raise ReleaseError(
                    f"the changelog's {version} section has no release date "
                    f"({line.strip()!r}): write it before tagging"
                )
            start = number + 1
    if start is None:
        raise ReleaseError(f"the changelog has no section for {version}")
    # The last section runs to the link references at the end of the file.
    body = [line for line in lines[start:] if not re.match(r"^\[[^\]]+\]: ", line)]
    return "\n".join(body).strip() + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: release_notes.py VERSION (for example 0.1.0 or v0.1.0)", file=sys.stderr)
        return 2
    version = argv[0].removeprefix("v")
    try:
        if version != package_version():
            raise ReleaseError(f"the tag says {version} but the package says {package_version()}")
        notes = section((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), version)
    except ReleaseError as error:
        print(f"release_notes.py: {error}", file=sys.stderr)
        return 1
    sys.stdout.write(notes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
