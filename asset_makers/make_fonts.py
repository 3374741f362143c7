"""Regenerate assets/fonts/ from Debian's Noto Sans (package fonts-noto-core, SIL OFL 1.1).

    apt-get install fonts-noto-core
    .venv/bin/pip install -e '.[fonts]'
    .venv/bin/python asset_makers/make_fonts.py

The game ships two faces, regular and a true bold, subset to the characters it can show:
printable ASCII, the Latin-1 and Latin Extended-A letters a player's name may use, and
the typographic marks the interface writes (scanned from the sources, so a new one is
not forgotten). Hinting and kerning are kept: they are what makes small sizes crisp.
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIR = Path("/usr/share/fonts/truetype/noto")
COPYRIGHT = Path("/usr/share/doc/fonts-noto-core/copyright")
OUT = ROOT / "assets" / "fonts"
FACES = {"NotoSans-Regular.ttf": "NotoSans-Regular.ttf", "NotoSans-Bold.ttf": "NotoSans-Bold.ttf"}

# Marks the interface uses or a typed name may well contain, beyond the scanned ones.
EXTRA = "…·–—‘’‚“”„•×÷€£¥©®°±²³¹½¼¾′″‹›«»"


def characters() -> set[int]:
    chars = set(range(0x20, 0x7F)) | set(range(0xA0, 0x180)) | {ord(c) for c in EXTRA}
    for path in (ROOT / "spades").rglob("*.py"):
        chars |= {ord(c) for c in path.read_text(encoding="utf-8") if ord(c) > 0x7E}
    return chars


def licence_text() -> str:
    """The OFL 1.1 text and Noto's copyright line, from the Debian copyright file."""
    raw = COPYRIGHT.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    text = raw.decode("utf-8")
    match = re.search(r"^License: OFL-1\.1\n((?: .*\n?)+)", text, re.M)
    if not match:
        sys.exit(f"no OFL-1.1 text in {COPYRIGHT}")
    body = "\n".join("" if line.strip() == "." else line[1:]
                     for line in match.group(1).splitlines())
    return ("Noto Sans: Copyright 2010, 2012-2020 Google Inc. and 2015-2020 Google LLC.\n"
            "Subset for this game by asset_makers/make_fonts.py from Debian's fonts-noto-core.\n"
            "This Font Software is licensed under the SIL Open Font License, Version 1.1.\n\n"
            + body.strip() + "\n")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    wanted = characters()
    for source, target in FACES.items():
        font = TTFont(SOURCE_DIR / source, recalcTimestamp=False)  # same bytes each run
        cmap = font.getBestCmap()
        missing = sorted(c for c in wanted if c not in cmap)
        options = subset.Options()
        options.layout_features = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        options.hinting = True
        sub = subset.Subsetter(options)
        sub.populate(unicodes=[c for c in wanted if c in cmap])
        sub.subset(font)
        font.save(OUT / target)
        size = (OUT / target).stat().st_size
        print(f"{target}: {len(wanted) - len(missing)} characters, {size // 1024} KiB"
              + (f" (not in the font: {''.join(map(chr, missing))})" if missing else ""))
    (OUT / "OFL.txt").write_text(licence_text(), encoding="utf-8")
    print("OFL.txt written")


if __name__ == "__main__":
    main()
