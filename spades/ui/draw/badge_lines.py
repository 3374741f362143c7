"""A seat badge's lines under the name (the bid, the tricks won, a friend away or a
computer playing for them), fitted to the badge: a phone's narrow side badges and
short North badge have room for less than the three lines of a friend away."""

from __future__ import annotations

from typing import Any

from ..art.density import px
from ..art.theme import MIN_SIZE

SHORT = {"computer plays": "computer"}  # a note in a badge too narrow for its words


def badge_rows(t: Any, lines: list[str], size: int, room: int, rows: int) -> list[
        tuple[str, int]]:
    """``lines`` in at most ``rows`` rows of ``room`` px, each with its type size: each
    line on its own row; else the bid and the tricks on one row and the note on the
    next; else all on one row; else the bid and the note (the tricks won lie by the
    badge as cards), the note in its short form if need be (SHORT); else the note
    alone. A row that fits nowhere is shortened by ``blit``'s width, so nothing leaves
    the badge."""
    choices = [lines]
    if len(lines) == 3:
        what, won, note = lines
        short = SHORT.get(note, note)
        choices += [[f"{what} · {won}", note], [" · ".join(lines)], [what, note],
                    [f"{what} · {note}"], [what, short], [f"{what} · {short}"], [short]]
    else:
        choices.append(["  ·  ".join(lines)])
    least = px(MIN_SIZE)
    for choice in choices:
        if len(choice) > max(1, rows):
            continue
        sizes = [t.fit(line, size, room) for line in choice]
        if all(s >= least and t.font(s).size(line)[0] <= room
               for s, line in zip(sizes, choice, strict=True)):
            return list(zip(choice, sizes, strict=True))
    last = choices[-1]
    return [(line, t.fit(line, size, room)) for line in last]
