"""The computer players' strengths at a table of any count: what a page may offer
for a game, and what each other seat plays, from the options' West, North and East.
The ai package says which strengths play at how many seats (``ai.alone_refusal``);
nothing here names a strength that does or does not.
"""

from __future__ import annotations

from ...ai import STRENGTHS, alone_refusal
from ...engine import Rules


def offered_strengths(rules: Rules) -> tuple[str, ...]:
    """The strengths a person is offered for these rules: those the computer players
    play at this many seats (``ai.alone_refusal``), strongest last."""
    return tuple(s for s in STRENGTHS if s != "random" and alone_refusal(s, rules) is None)


def seat_strengths(strengths: tuple[str, str, str], rules: Rules) -> tuple[str, ...]:
    """Each other seat's strength, seat 1 first, from the options' West, North and East:
    at three West and East, at two the opponents' (West's). A strength that does not
    play these rules gives way to the strongest that does (``offered_strengths``)."""
    west, north, east = strengths
    chosen = {4: (west, north, east), 3: (west, east), 2: (west,)}[rules.seats]
    offered = offered_strengths(rules)
    return tuple(s if s in offered or s == "random" else offered[-1] for s in chosen)
