"""Attribute docstrings that the API reference renders as written.

Sphinx's napoleon extension reads the first line of an attribute's docstring
(a ``#:`` comment or a string after the assignment) as ``type: description``
when it holds a single colon outside code, and shows the words before the
colon as the attribute's type ("TYPE: Never (six and eight packs"). So no
such first line may hold one.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "bezique"
#: Code and cross-references, which napoleon skips when it looks for the colon.
_CODE = re.compile(r"(``.+?``|:\w+:`.+?`|`.+?`)")
_SINGLE_COLON = re.compile(r"(?<!:):(?!:)")


def _first_lines(path: Path) -> Iterator[tuple[int, str]]:
    """The first line of every attribute docstring of a module, with its line number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for node in ast.walk(ast.parse("\n".join(lines))):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for index, statement in enumerate(body):
            if not isinstance(statement, ast.Assign | ast.AnnAssign):
                continue
            above = statement.lineno - 2
            while above >= 0 and lines[above].strip().startswith("#:"):
                above -= 1
            if above + 1 < statement.lineno - 1:
                yield above + 2, lines[above + 1].strip()[2:].strip()
            following = body[index + 1] if index + 1 < len(body) else None
            if (
                isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
                and following.value.value.strip()
            ):
                yield following.lineno, following.value.value.strip().splitlines()[0]


def _garbled(text: str) -> bool:
    return _SINGLE_COLON.search(_CODE.sub("", text)) is not None


def test_the_check_finds_what_napoleon_would_read_as_a_type() -> None:
    assert _garbled("Never (six and eight packs: PKW, CMC).")
    assert not _garbled("Never (six and eight packs; PKW, CMC).")
    assert not _garbled("Under ``GameEnd.DEALS``, see :class:`~bezique.Rules`.")


def test_no_attribute_docstring_starts_with_a_type_napoleon_would_invent() -> None:
    found = [
        f"{path.relative_to(SRC)}:{line}: {text}"
        for path in sorted(SRC.rglob("*.py"))
        for line, text in _first_lines(path)
        if _garbled(text)
    ]
    assert not found
