"""The other seats as hard's rollouts play them: the normal rules bent by a style.

Rollouts that play every other seat exactly as normal does make the search a best
reply to normal, and the players hard meets (people, other programs) bid and play
otherwise. So each sampled deal also draws a temperament for each opponent, kept for
every candidate on that deal (the candidates still face the same world): as normal;
eager (plays as if its side had bid all thirteen tricks: it takes every trick it can and
never ducks for bags); careless (a random sound card now and then); or shy (plays as if
its side had bid one trick fewer). The partner stays the normal player, the policy a
computer partner actually builds on, without noise.

The search (search.py) draws the styles and plays the hand out with them; the reading
(reading.py) weighs the same styles against what each seat really did. Both import
this module, and it imports neither.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.playout import pick
from .play import choose_card, sound_cards, team_need
from .position import OPPONENTS, PARTNER, Position

STYLES = ("normal", "eager", "careless", "shy")
# The mixture a seat starts from (what hard used for everyone before it read the table).
STYLE_WEIGHTS = (("normal", 0.35), ("eager", 0.4), ("careless", 0.15), ("shy", 0.1))
# A side that has taken more tricks than it bid this hand has shown it does not duck.
EAGER_SHOWN_WEIGHTS = (("normal", 0.2), ("eager", 0.6), ("careless", 0.1), ("shy", 0.1))
CARELESS_RATE = 0.12  # a careless opponent plays a random sound card this often


def style_mixtures(seat: int, t: Position, reading: Any = None) -> list:
    """The style mixture each opponent is drawn from for this decision: today's mixture
    without a ``reading`` (reading.Reading), else the reading's for that seat (the prior
    moved by what the seat did in earlier hands of the match). A side that has already
    taken more tricks than it bid has shown it does not duck: its seats lean eager."""
    out: list = [None] * t.seats
    for q in OPPONENTS[seat]:
        shown = team_need(t, q & 1) < 0
        if reading is None:
            out[q] = EAGER_SHOWN_WEIGHTS if shown else STYLE_WEIGHTS
        else:
            out[q] = reading.styles(q, shown)
    return out


def draw_styles(
    rng: random.Random, seat: int, t: Position, mixtures: list | None = None
) -> list[str]:
    """A style for each opponent, drawn from its mixture (``style_mixtures``)."""
    if mixtures is None:
        mixtures = style_mixtures(seat, t)
    styles = ["normal"] * t.seats
    for q in OPPONENTS[seat]:
        x = rng.random()
        for name, w in mixtures[q]:
            x -= w
            if x < 0:
                styles[q] = name
                break
    return styles


def style_bids(bids: list[int], styles: list[str]) -> list[list[int] | None]:
    """The bids each seat plays to: its side's ordinary bids shifted by its style."""
    out: list[list[int] | None] = [None] * len(styles)
    for q, style in enumerate(styles):
        if style not in ("eager", "shy"):
            continue
        shift = 13 if style == "eager" else -1
        seen = list(bids)
        for s in (q, PARTNER[q]):
            if seen[s] > 0:
                seen[s] = max(1, min(13, seen[s] + shift))
        out[q] = seen
    return out


def play_out(t: Position, styles: list[str], rand=None) -> None:
    """Play the hand to its end: the normal rules, bent by each seat's style (``rand``,
    random numbers for a careless seat, may be None when no seat is careless)."""
    real = t.bids
    seen = style_bids(real, styles)
    careless = [CARELESS_RATE if s == "careless" else 0.0 for s in styles]
    while t.tricks_done < 12:
        q = t.to_act
        if careless[q] and rand() < careless[q]:
            c = pick(sound_cards(t, q, t.legal()), rand)
        else:
            bids = seen[q]
            if bids is not None:
                t.bids = bids
                c, _ = choose_card(t, q)
                t.bids = real
            else:
                c, _ = choose_card(t, q)
        t.play(c)
    # The last trick needs no thinking: each seat plays the one card it holds (a
    # careless seat's random number would choose among one card, and none is drawn
    # after it).
    hands = t.hands
    while t.tricks_done < 13:
        t.play(hands[t.to_act].bit_length() - 1)
