"""The position a player alone thinks on: three or two seats (cutthroat, two-handed).

``AlonePosition`` is the four-seat ``Position`` (spades/ai/position.py) with its turns
going round ``seats`` and a trick of that many cards; the normal and easy players
decide on it, and hard's search fills in a sampled deal and plays it out on it.
"""

from __future__ import annotations

from ...engine.cards import SUIT_OF
from ..position import Position


class AlonePosition(Position):
    """A Position of three or two seats: turns go round ``seats``, a trick has that
    many cards. (Position itself stays written out for four, the hard player's
    rollouts' innermost loop.)"""

    __slots__ = ("seats",)

    def __init__(self, rules) -> None:
        super().__init__(rules)
        self.seats = n = rules.seats
        self.hands, self.bids, self.tricks_won, self.voids = [0] * n, [1] * n, [0] * n, [0] * n

    def copy(self) -> AlonePosition:
        out = AlonePosition.__new__(AlonePosition)
        for name in (*Position.__slots__, "seats"):
            setattr(out, name, getattr(self, name))
        out.hands, out.tricks_won = self.hands[:], self.tricks_won[:]
        out.trick, out.voids = self.trick[:], self.voids[:]
        return out

    def winning(self) -> tuple[int, int]:
        at = self.win_at
        return (self.leader + at) % self.seats, self.trick[at]

    def play(self, card: int) -> None:
        """Play a legal card for the seat to act (the caller guarantees legality)."""
        seat = self.to_act
        self.hands[seat] &= ~(1 << card)
        self.played |= 1 << card
        suit = SUIT_OF[card]
        trick = self.trick
        if not trick:
            self.win_at = 0
            self.leader = seat
            self.led = suit
            if suit == 3 and not self.broken and not self.rules.spades_lead_anytime:
                self.voids[seat] |= 0b0111
                if self.rules.forced_spade_lead_breaks:
                    self.broken = True
        else:
            if suit != self.led:
                self.voids[seat] |= 1 << self.led
                if suit == 3:
                    self.broken = True
            best = trick[self.win_at]
            if card > best and (card >= 39 or suit == SUIT_OF[best]):
                self.win_at = len(trick)
            if len(trick) == self.seats - 1:
                winner = (self.leader + self.win_at) % self.seats
                self.tricks_won[winner] += 1
                self.tricks_done += 1
                self.trick = []
                self.led = -1
                self.to_act = self.leader = winner
                return
        trick.append(card)
        self.to_act = (seat + 1) % self.seats
