"""Two-handed Spades's deal: the draw from the stock, before the bidding.

There is no deal at two. The shuffled deck is a face-down stock; the players take
turns, the one on the dealer's left first. At a turn the player looks at the top
card and either keeps it (the next card is then discarded face down: the drawer has
seen it, the other player has not), or shows it and discards it face up and keeps
the next card, unseen by the other. Two cards a turn, 26 turns: each player holds 13
and 26 cards lie discarded. docs/rules.md, Two-handed.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Draw:
    """The stock and the discards of one two-handed hand, as the draw goes on."""

    stock: tuple[int, ...]  # the shuffled deck, top first
    at: int = 0  # the next card to draw
    kept: list[bool] = field(default_factory=list)  # each turn: kept the first card?
    shown: list[int] = field(default_factory=list)  # cards discarded face up, in order
    buried: list[int] = field(default_factory=lambda: [0, 0])  # face down, by drawer

    @property
    def done(self) -> bool:
        return self.at >= len(self.stock)

    @property
    def top(self) -> int:
        """The card the player to draw is looking at."""
        return self.stock[self.at]

    @property
    def shown_mask(self) -> int:
        mask = 0
        for card in self.shown:
            mask |= 1 << card
        return mask

    def take(self, seat: int, keep: bool) -> tuple[int, int | None]:
        """The seat keeps the top card or shows it; returns the card it took into its
        hand and the card shown face up (None when it kept the first)."""
        first, second = self.stock[self.at], self.stock[self.at + 1]
        self.at += 2
        self.kept.append(keep)
        if keep:
            self.buried[seat] |= 1 << second
            return first, None
        self.shown.append(first)
        return second, first


def draw_refusal(is_draw: bool, drawing: bool) -> str | None:
    """Why a draw action (keep, discard) or any other is refused for the phase."""
    if drawing:
        if is_draw:
            return None
        return "First draw your cards: keep the card you drew, or discard it"
    if is_draw:
        return "Cards are drawn only at the start of a two-handed hand"
    return None
