"""Reading an SVG picture back, for the tests of the pictures of every game."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    """The ``g`` elements whose class names ``kind``."""
    return [g for g in root.iter(f"{SVG}g") if kind in (g.get("class") or "").split()]


def one(root: ET.Element, kind: str) -> ET.Element:
    found = groups(root, kind)
    assert len(found) == 1, f"{len(found)} groups of class {kind!r}"
    return found[0]
