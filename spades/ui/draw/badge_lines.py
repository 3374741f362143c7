"""A seat badge's lines under the name (the bid, the tricks won, a friend away or a
computer playing for them), fitted to the badge: a phone's narrow side badges and
short North badge have room for less than the three lines of a friend away."""

from __future__ import annotations

from typing import Any

from ..art.density import px
from ..art.theme import MIN_SIZE, SECONDARY

# A line in a badge too narrow for its words (at the least size a status is drawn).
SHORT = {"computer plays": "computer", "no bid yet": "no bid"}


def badge_rows(t: Any, lines: list[str], note: str, size: int, room: int,
               rows: int) -> list[tuple[str, int]]:
    """The bid (and the tricks won, ``lines``) and ``note`` in at most ``rows`` rows of
    ``room`` px, each with its type size: each on its own row; else the bid and the
    tricks on one row and the note on the next; else all on one row; else the bid and
    the note (the tricks won lie by the badge as cards), the note in its short form if
    need be (SHORT); else the note alone (with no note, the bid alone). At the secondary
    size if a choice fits at it, else at the least size; a row that fits nowhere is
    shortened by ``blit``'s width, so nothing leaves the badge."""
    full = lines + [note] if note else list(lines)
    choices = [full, ["  ·  ".join(full)], [" · ".join(full)]]
    if len(full) == 3:
        choices.insert(1, [" · ".join(lines), note])
    if note:
        what, short = lines[0], SHORT.get(note, note)
        choices += [[what, note], [f"{what} · {note}"], [what, short],
                    [f"{what} · {short}"], [note], [short]]
    else:
        choices += [[lines[0]], [SHORT.get(lines[0], lines[0])]]
    # At the secondary size at least, else at the least size before a word is cut.
    for least in (min(size, px(SECONDARY)), px(MIN_SIZE)):
        for choice in choices:
            if len(choice) > max(1, rows):
                continue
            sizes = [t.fit(line, size, room) for line in choice]
            if all(s >= least and t.font(s).size(line)[0] <= room
                   for s, line in zip(sizes, choice, strict=True)):
                return list(zip(choice, sizes, strict=True))
    return [(line, t.fit(line, size, room)) for line in choices[-1]]
