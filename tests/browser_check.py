"""Open pictures drawn by :mod:`bezique.display.svg` in a real browser and check the screenshots.

Run by ``nox -s browser`` (not part of the default checks: it needs Chromium on the
machine, and Pillow, which that session installs)::

    python tests/browser_check.py CHROMIUM OUTDIR

For each picture (the documentation's two-hand view, a three-hand deal, a
partnership view in the end phase, an eight-pack deal) it writes the SVG to OUTDIR,
has headless Chromium render it to a PNG of the SVG's own size, and checks the PNG:
that size exactly, not blank (the felt, the card faces, red and black suit marks all
present). It prints one line a picture and exits non-zero on the first failure.
"""

from __future__ import annotations

import random
import re
import runpy
import subprocess
import sys
import tempfile
from pathlib import Path

import bezique as bz
from bezique.display import svg

ROOT = Path(__file__).resolve().parent.parent
FELT = (0x1E, 0x6B, 0x45)
CARD = (0xFF, 0xFD, 0xF7)
RED = (0xC6, 0x28, 0x28)
BLACK = (0x1B, 0x1B, 0x1B)


def _playout(rules: bz.Rules, seed: int, until: int) -> bz.DealState:
    """A deal after ``until`` seeded random legal actions (fewer if it ends first),
    declaring whenever it may, so that the tables fill."""
    state = bz.new_deal(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(until):
        if state.is_over:
            break
        actions = state.legal_actions()
        declarations = [a for a in actions if isinstance(a, bz.Declare)]
        state = state.apply(declarations[-1] if declarations else rng.choice(actions))
    return state


def pictures() -> dict[str, str]:
    """The documentation's picture, and three more presets."""
    example = runpy.run_path(str(ROOT / "examples" / "draw_a_position.py"))
    three = _playout(bz.variants.THREE_HAND, 5, 70)
    partnership = _playout(bz.variants.PARTNERSHIP, 5, 150)
    eight = _playout(bz.variants.EIGHT_PACK, 5, 61)
    return {
        "docs-position": svg.draw(example["position"]()),
        "three-hand-deal": svg.draw(three),
        "partnership-view": svg.draw(partnership, seat=1),
        "eight-pack-deal": svg.draw(eight),
    }


def _size(text: str) -> tuple[int, int]:
    match = re.match(r'<svg [^>]*width="(\d+)" height="(\d+)"', text)
    if match is None:
        raise SystemExit("the picture has no width and height")
    return int(match.group(1)), int(match.group(2))


def screenshot(chromium: str, page: Path, png: Path, size: tuple[int, int], profile: Path) -> None:
    command = [
        chromium,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--screenshot={png}",
        f"--window-size={size[0]},{size[1]}",
        page.resolve().as_uri(),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
    if done.returncode != 0 or not png.is_file():
        raise SystemExit(f"chromium failed on {page} ({done.returncode}): {done.stderr[-2000:]}")


def check(png: Path, size: tuple[int, int]) -> str:
    """What the screenshot shows, in one line; raises ``SystemExit`` if it is wrong."""
    from PIL import Image

    with Image.open(png) as opened:
        image = opened.convert("RGB")
    if image.size != size:
        raise SystemExit(f"{png}: {image.size[0]}x{image.size[1]}, expected {size[0]}x{size[1]}")
    colours = image.getcolors(maxcolors=size[0] * size[1])
    if colours is None:  # pragma: no cover - maxcolors is the number of pixels
        raise SystemExit(f"{png}: could not count its colours")
    count = {colour: n for n, colour in colours}
    pixels = size[0] * size[1]
    share = {name: count.get(c, 0) / pixels for name, c in (("felt", FELT), ("card", CARD))}
    marks = {name: count.get(c, 0) for name, c in (("red", RED), ("black", BLACK))}
    problems = []
    if len(count) < 50:
        problems.append(f"only {len(count)} colours: blank or nearly")
    if share["felt"] < 0.25:
        problems.append(f"felt covers {share['felt']:.0%} of it")
    if share["card"] < 0.03:
        problems.append(f"card faces cover {share['card']:.1%} of it")
    if min(marks.values()) < 50:
        problems.append(f"suit marks: {marks['red']} red and {marks['black']} black pixels")
    summary = (
        f"{size[0]}x{size[1]}, {len(count)} colours, felt {share['felt']:.0%}, card faces "
        f"{share['card']:.0%}, {marks['red']} red and {marks['black']} black suit pixels"
    )
    if problems:
        raise SystemExit(f"{png}: {'; '.join(problems)} ({summary})")
    return summary


def main(argv: list[str]) -> None:
    if len(argv) != 3:
        raise SystemExit("usage: python tests/browser_check.py CHROMIUM OUTDIR")
    chromium, out = argv[1], Path(argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for name, text in pictures().items():
        page = out / f"{name}.svg"
        page.write_text(text, encoding="utf-8")
        png = out / f"{name}.png"
        png.unlink(missing_ok=True)
        size = _size(text)
        with tempfile.TemporaryDirectory() as profile:
            screenshot(chromium, page, png, size, Path(profile))
        print(f"{png}: {check(png, size)}")


if __name__ == "__main__":
    main(sys.argv)
