"""No seat count written out: the package takes it from the rules (issue 56).

Four seats play the partnership game, three cutthroat and two two-handed
(docs/rules.md, Three and two players), so a seat's arithmetic takes the count from
the rules, the view or the position (``rules.seats``, ``len(hands)``) and a partner
from ``rules.partner_of``. This test reads every module of ``spades/`` for the ways
four seats get written out (``% 4``, ``& 3``, ``range(4)``, ``[0, 0, 0, 0]``, a list
``* 4``) and fails on any that is not in ``EXEMPT``: an entry is a file and the
line's text (stripped), with the reason it is not a seat, or who is making it seat
aware now. An entry that no longer matches a line fails too, so the list shrinks as
the folders are cleaned: take its entry out with the line.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATTERN = re.compile(
    r"%\s*4\b|&\s*3\b|\brange\(\s*4\s*\)|randrange\(\s*4\s*\)|\[0\]\s*\*\s*4\b"
    r"|\]\s*\*\s*4\b|\[0, 0, 0, 0\]"
)

SUITS = "suits, not seats"
# The table is laid out at four places (South, West, North, East) and seats three or
# two players at some of them (ui/layout/base.py, PLACES, Layout.seated).
PLACES = "the table's four places, at which three or two players are seated"

EXEMPT = {
    'spades/server/probes/check.py: drops["planned"][id(c)] = c.actions + 1 + rng.randrange(4)':
        "a random count of actions before a planned drop, not a seat",
    ("spades/server/probes/check.py: if sent % 4 == 0:  # keep the table's own players here, "
     'as a real table would be'):
        "every fourth message sent, not a seat",
    'spades/ui/art/cardart.py: for i in range(4):':
        "a card's four corners",
    'spades/ui/art/cardart.py: p0, p2 = corners[i], corners[(i + 1) % 4]':
        "a card's four corners",
    'spades/ui/layout/base.py: SOUTH, WEST, NORTH, EAST = range(4)':
        PLACES,
    'spades/ui/layout/compact.py: badges = [Rect(0, 0, 0, 0)] * 4':
        PLACES,
    'spades/ui/layout/compact.py: fans = [Rect(0, 0, 0, 0)] * 4':
        PLACES,
    'spades/ui/layout/compact.py: packets = [Rect(0, 0, 0, 0)] * 4':
        PLACES,
    'spades/ui/layout/window.py: badges = [Rect(0, 0, 0, 0)] * 4':
        PLACES,
    'spades/ui/layout/window.py: packets = [Rect(0, 0, 0, 0)] * 4':
        PLACES,
    'spades/ui/layout/window.py: fans = [Rect(0, 0, 0, 0)] * 4':
        PLACES,
    'spades/ui/speech/words.py: return f"{names[seat]} passes cards to {names[(seat + 2) % 4]}"':
        "nil card passing, played at four only: to the partner opposite",
    'spades/ui/table/seen.py: for step in range(4):':
        "the four steps of shortening a costly card's note, not seats",
}


def written_out(root: Path) -> dict[str, list[int]]:
    """Each ``file: line text`` of the package under ``root`` that writes four seats
    out, with its line numbers."""
    found: dict[str, list[int]] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if PATTERN.search(line):
                found.setdefault(f"{rel}: {line.strip()}", []).append(number)
    return found


def test_no_seat_count_written_out() -> None:
    found = written_out(ROOT / "spades")
    new = [f"{key} (line {', '.join(map(str, lines))})" for key, lines in found.items()
           if key not in EXEMPT]
    assert not new, ("four seats written out; take the count from the rules (rules.seats, "
                     "len(hands), rules.partner_of), or add the line to EXEMPT with why "
                     "it is not a seat:\n" + "\n".join(new))


def test_every_exemption_still_names_a_line() -> None:
    found = written_out(ROOT / "spades")
    stale = [key for key in EXEMPT if key not in found]
    assert not stale, "these lines are gone; take them out of EXEMPT:\n" + "\n".join(stale)


def test_the_search_sees_a_planted_seat(tmp_path: Path) -> None:
    package = tmp_path / "spades"
    package.mkdir()
    (package / "ok.py").write_text("seat = (seat + 1) % rules.seats\n")
    for planted in ("partner = (seat + 2) % 4", "left = (seat + 1)%4", "p = (s + 2) & 3",
                    "for seat in range(4):", "won = [0] * 4", "won = [0, 0, 0, 0]"):
        (package / "planted.py").write_text(f"x = 1\n{planted}\n")
        assert written_out(package) == {f"spades/planted.py: {planted}": [2]}
