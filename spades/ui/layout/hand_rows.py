"""Which suits of a two-row hand (an upright phone) go in the upper row.

A suit reads in one place: the rows split between suits wherever both rows still fit
their width at a finger's spacing. First at a change of suit in the usual order (the
one nearest the middle, :meth:`Layout.hand_split`); failing that, with the suits
regrouped (diamonds and spades above, clubs and hearts below, say), colours still
alternating within a row where they can; failing that too, in plain halves as before.

Once chosen, the upper row's suits stay for the rest of the hand while they fit, so a
card keeps its row from trick to trick (before, the split point moved as cards went).
"""

from __future__ import annotations

from itertools import combinations

from ...engine.cards import SUIT_OF
from .base import Layout

# Left to right in the hand: colours alternate and spades, the trumps, come last.
SUIT_ORDER = (1, 0, 2, 3)
RED = frozenset((1, 2))  # diamonds and hearts (a card's suit: cards.SUIT_OF)


def fits(lay: Layout, suits: list[int], top: frozenset[int]) -> bool:
    """Both rows hold their cards, the upper one the suits ``top``, neither empty."""
    upper = sum(s in top for s in suits)
    return 0 < upper < len(suits) and max(upper, len(suits) - upper) <= lay.row_capacity


def regrouped(lay: Layout, suits: list[int]) -> frozenset[int] | None:
    """The best set of suits for the upper row when the usual order cuts a suit: fewest
    neighbours of one colour within a row, then the most even rows, then the longer
    row on top; None when no grouping fits."""
    order = list(dict.fromkeys(suits))  # the suits present, in the hand's order
    best, best_key = None, None
    for size in range(1, len(order)):
        for group in combinations(order, size):
            top = frozenset(group)
            if not fits(lay, suits, top):
                continue
            rows = ([s for s in order if s in top], [s for s in order if s not in top])
            clashes = sum((a in RED) == (b in RED)
                          for row in rows for a, b in zip(row, row[1:], strict=False))
            upper = sum(s in top for s in suits)
            key = (clashes, abs(2 * upper - len(suits)), -upper)
            if best_key is None or key < best_key:
                best, best_key = top, key
    return best


def arrange(lay: Layout, cards: list[int], top: frozenset[int] | None
            ) -> tuple[list[int], frozenset[int] | None, int | None]:
    """``cards`` (in hand order, or as last arranged) laid out for ``lay``: their order
    on screen, the upper row's suits to remember for the hand (None: no split between
    suits), and the upper row's size (None: the plain halves, or one row)."""
    suits = [SUIT_OF[c] for c in cards]
    if lay.hand_rows != 2:
        return cards, None, None
    if len(cards) <= min(7, lay.row_capacity):  # one row now: keep the order it had
        return cards, top, None
    if top is None or not fits(lay, suits, top):
        split = lay.hand_split(sorted(suits, key=_usual))
        ordered = sorted(cards, key=lambda c: _usual(SUIT_OF[c]))
        suits = [SUIT_OF[c] for c in ordered]
        top = frozenset(suits[:split]) if split is not None else regrouped(lay, suits)
        cards = ordered
    if top is None:
        return cards, None, lay.hand_split(suits)
    upper = [c for c in cards if SUIT_OF[c] in top]
    return upper + [c for c in cards if SUIT_OF[c] not in top], top, len(upper)


def _usual(suit: int) -> int:
    return SUIT_ORDER.index(suit)
