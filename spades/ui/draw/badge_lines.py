"""A seat badge's lines under the name (the bid, the tricks won, a friend away or a
computer playing for them), fitted to the badge: a phone's narrow side badges and
short North badge have room for less than the three lines of a friend away."""

from __future__ import annotations

from typing import Any

from ..art.density import px
from ..art.theme import MIN_SIZE, SECONDARY

# A line in a badge too narrow for its words (at the least size a status is drawn).
SHORT = {"computer plays": "computer", "no bid yet": "no bid"}
# The bid and the tricks won on one row, at their widest: a badge keeps room for them.
WIDEST_LINE = ("bid 13 · won 13", "blind nil · won 13")


def badge_rows(t: Any, lines: list[str], note: str, size: int, room: int,
               rows: int) -> list[tuple[str, int]]:
    """The bid (and the tricks won, ``lines``) and ``note`` in at most ``rows`` rows of
    ``room`` px, each with its type size: each on its own row; else the bid and the
    tricks on one row and the note on the next; else all on one row; else the same with
    the note in its short form (SHORT); only then the bid and the note without the
    tricks, then the note alone (with no note, the bid alone). Each of these steps at
    the secondary size if a choice of it fits at it, else at the least size, before
    the next step gives something up: the tricks won are said in the badge wherever
    they fit at all. A row that fits nowhere is shortened by ``blit``'s width, so
    nothing leaves the badge."""
    full = lines + [note] if note else list(lines)
    whole = [full, ["  ·  ".join(full)], [" · ".join(full)]]
    if len(full) == 3:
        whole.insert(1, [" · ".join(lines), note])
    steps = [whole]
    if len(full) == 1 and SHORT.get(full[0], full[0]) != full[0]:
        whole.append([SHORT[full[0]]])  # "no bid" loses nothing: before a smaller size
    if note:
        what, short = lines[0], SHORT.get(note, note)
        if short != note and len(lines) == 2:
            steps.append([[" · ".join(lines), short], [" · ".join([*lines, short])]])
        steps.append([[what, note], [f"{what} · {note}"], [what, short],
                      [f"{what} · {short}"], [note], [short]])
    else:
        steps.append([[lines[0]], [SHORT.get(lines[0], lines[0])]])
    for choices in steps:
        # At the secondary size at least, else at the least size before a word is cut.
        for least in (min(size, px(SECONDARY)), px(MIN_SIZE)):
            for choice in choices:
                if len(choice) > max(1, rows):
                    continue
                sizes = [t.fit(line, size, room) for line in choice]
                if all(s >= least and t.font(s).size(line)[0] <= room
                       for s, line in zip(sizes, choice, strict=True)):
                    return list(zip(choice, sizes, strict=True))
    last = steps[-1][-1]
    return [(line, t.fit(line, size, room)) for line in last]
