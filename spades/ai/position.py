"""A light, mutable position for the computer players' thinking and rollouts.

Built from a PlayerView, it holds the seat's own cards and the public record; a
searcher fills the other hands with a sampled deal before playing it out. The
policies read only ``hands[seat]`` of the seat they decide for, plus public fields.
"""

from __future__ import annotations

from ..engine.cards import SEATS, SPADES, SUIT_OF
from ..engine.legal import legal_cards, trick_winner_index
from ..engine.rules import Rules
from ..engine.view import PlayerView

# The seats in turn from each seat, twice round, by the number of seats: a position
# looks the next seat up (``around[seat + k]``) instead of counting round at every card.
AROUND = {n: tuple(i % n for i in range(2 * n)) for n in (2, 3, 4)}
# The partnership table (``rules.partnerships``: SEATS, partners across): each seat's
# partner, and its two opponents, the one on its left first. The partnership rules
# (bidding, passing, play, hard's four-seat search) look them up.
PARTNER = tuple(AROUND[SEATS][s + SEATS // 2] for s in range(SEATS))
OPPONENTS = tuple((AROUND[SEATS][s + 1], AROUND[SEATS][s + SEATS - 1]) for s in range(SEATS))


class Position:
    __slots__ = (
        "rules", "seats", "around", "hands", "bids", "tricks_won", "played", "trick",
        "leader", "to_act", "led", "broken", "voids", "scores", "bags", "dealer",
        "tricks_done", "win_at", "passed",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.seats = n = rules.seats  # 4, or 3 and 2 where each plays alone
        self.around = AROUND[n]
        self.hands = [0] * n
        self.bids = [1] * n
        self.tricks_won = [0] * n
        self.played = 0
        self.trick: list[int] = []  # cards of the trick in progress, lead first
        self.leader = 0
        self.to_act = 0
        self.led = -1
        self.broken = False
        self.voids = [0] * n
        self.scores = (0, 0)
        self.bags = (0, 0)
        self.dealer = 0
        self.tricks_done = 0
        self.win_at = 0  # the place in ``trick`` of the card winning it so far
        self.passed = 0  # the cards the deciding seat passed to its partner (nil passing)

    @classmethod
    def from_view(cls, view: PlayerView) -> Position:
        t = cls(view.rules)
        t.hands[view.seat] = view.hand
        t.bids = [b if b is not None else 1 for b in view.bids]
        t.tricks_won = list(view.tricks_won)
        t.played = view.played
        t.trick = [card for _, card in view.trick]
        t.leader = view.trick[0][0] if view.trick else view.to_act
        t.to_act = view.to_act
        t.led = view.led_suit
        t.broken = view.spades_broken
        t.voids = list(view.voids)
        t.scores = view.scores
        t.bags = view.bags
        t.dealer = view.dealer
        t.tricks_done = len(view.trick_winners)
        t.win_at = trick_winner_index(t.trick) if t.trick else 0
        t.passed = view.passed
        return t

    def copy(self) -> Position:
        t = Position.__new__(Position)
        t.rules = self.rules
        t.seats = self.seats
        t.around = self.around
        t.hands = self.hands[:]
        t.bids = self.bids
        t.tricks_won = self.tricks_won[:]
        t.played = self.played
        t.trick = self.trick[:]
        t.leader = self.leader
        t.to_act = self.to_act
        t.led = self.led
        t.broken = self.broken
        t.voids = self.voids[:]
        t.scores = self.scores
        t.bags = self.bags
        t.dealer = self.dealer
        t.tricks_done = self.tricks_done
        t.win_at = self.win_at
        t.passed = self.passed
        return t

    def legal(self) -> int:
        return legal_cards(
            self.hands[self.to_act], self.led, self.broken, self.rules.spades_lead_anytime
        )

    def unseen_by(self, seat: int) -> int:
        """Cards ``seat`` cannot see: neither its own nor played."""
        return self.rules.cards & ~self.played & ~self.hands[seat]

    def winning(self) -> tuple[int, int]:
        """(seat, card) currently winning the trick in progress."""
        at = self.win_at
        return self.around[self.leader + at], self.trick[at]

    def play(self, card: int) -> None:
        """Play a legal card for the seat to act (the caller guarantees legality)."""
        seat = self.to_act
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.played |= bit
        suit = SUIT_OF[card]
        trick = self.trick
        if not trick:
            self.win_at = 0
            self.leader = seat
            self.led = suit
            if suit == SPADES and not self.broken and not self.rules.spades_lead_anytime:
                self.voids[seat] |= 0b0111
                if self.rules.forced_spade_lead_breaks:
                    self.broken = True
        else:
            led = self.led
            if suit != led:
                self.voids[seat] |= 1 << led
                if suit == SPADES:
                    self.broken = True
            best = trick[self.win_at]
            if card > best and (card >= 39 or suit == SUIT_OF[best]):
                self.win_at = len(trick)
            if len(trick) == self.seats - 1:  # the trick is complete: its winner leads
                winner = self.around[self.leader + self.win_at]
                self.tricks_won[winner] += 1
                self.tricks_done += 1
                self.trick = []
                self.led = -1
                self.to_act = winner
                self.leader = winner
                return
        trick.append(card)
        self.to_act = self.around[seat + 1]
