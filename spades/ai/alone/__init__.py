"""The players at a table where each plays alone: cutthroat (three players) and
two-handed Spades (two, with the draw). docs/rules.md, Three and two players;
docs/ai.md, Alone.

Alone there is no partner: no partner's bid to add, no partner's nil to cover, no
partner's card to play under. A player bids its own hand (17 cards at three), plays
for its own contract against every other player, attacks any other player's nil, and
in two-handed chooses at each draw whether to keep the card it looks at. The four-seat
rules (spades/ai/bidding.py, play.py, hard's search) are not touched by this: their
decisions stay as they were. Their helpers are shared where the idea is the same.

By role: ``position.py`` (the position of three or two seats), ``bidding.py`` (the bid
alone, the draw), ``play.py`` (easy's and normal's cards and decisions), ``search.py``
(hard's sampled deals and their judging alone) and ``hard.py`` (hard's bid, card and
draw searches alone).
"""

from __future__ import annotations

from .bidding import (
    ALONE_BASE,
    ALONE_SLOPE,
    alone_estimate,
    bid_alone,
    choose_draw,
    draw_worth,
    simple_draw,
)
from .play import choose_card_alone, simple_card_alone, think_alone
from .position import AlonePosition

__all__ = [
    "ALONE_BASE", "ALONE_SLOPE", "AlonePosition", "alone_estimate", "bid_alone",
    "choose_card_alone", "choose_draw", "draw_worth", "simple_card_alone", "simple_draw",
    "think_alone",
]
