"""What one seat may know: its own cards and everything public, nothing else.

Computer players receive only a PlayerView, so they cannot cheat by construction; the
interface draws the human's table from one too.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import LOOK, Action, Bid, Look, PassCards, Play, malformed, pass_choices
from .cards import SEATS, cards_of, partner_of
from .legal import (
    BLIND_NIL,
    bid_refusal,
    card_refusal,
    legal_bids,
    legal_cards,
    pass_refusal,
    spades_held,
    turn_refusal,
)
from .rules import Rules


@dataclass(frozen=True)
class PlayerView:
    seat: int
    rules: Rules
    phase: str  # "bidding", "passing" (nil card passing), "playing" or "over"
    hand_number: int
    dealer: int
    to_act: int
    hand: int  # own unplayed cards as a mask; 0 until the seat has looked
    looked: bool
    blind_open: bool  # the seat's team may bid blind nil this hand
    bids: tuple[int | None, ...]  # by seat; None = not yet bid
    bid_order: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[int, tuple[int, ...]], ...]  # completed: (leader, cards in order)
    trick_winners: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]  # the trick in progress: (seat, card)
    led_suit: int
    spades_broken: bool
    tricks_won: tuple[int, int, int, int]
    played: int  # mask of every card played this hand
    voids: tuple[int, int, int, int]  # suit bits each seat has shown it lacks
    hand_sizes: tuple[int, int, int, int]
    scores: tuple[int, int]
    bags: tuple[int, int]
    winner: int | None
    passed: int = 0  # the cards this seat passed to its partner after a nil bid
    received: int = 0  # the cards it took up from its partner (0 until the exchange)

    @classmethod
    def of(cls, match, seat: int) -> PlayerView:
        # Each trick's leader: left of the dealer first, then the last trick's winner.
        tricks = []
        leader = (match.dealer + 1) % SEATS
        for i, winner in enumerate(match.trick_winners):
            tricks.append((leader, tuple(match.plays[SEATS * i : SEATS * (i + 1)])))
            leader = winner
        return cls(
            seat=seat,
            rules=match.rules,
            phase=match.phase,
            hand_number=match.hand_number,
            dealer=match.dealer,
            to_act=match.to_act,
            hand=match.hands[seat] if match.looked[seat] else 0,
            looked=match.looked[seat],
            blind_open=match.blind_open[seat],
            bids=tuple(match.bids),
            bid_order=tuple(match.bid_order),
            tricks=tuple(tricks),
            trick_winners=tuple(match.trick_winners),
            trick=tuple(match.trick),
            led_suit=match.led_suit,
            spades_broken=match.spades_broken,
            tricks_won=tuple(match.tricks_won),
            played=match.played,
            voids=tuple(match.voids),
            hand_sizes=tuple(h.bit_count() for h in match.hands),
            scores=tuple(match.scores),
            bags=tuple(match.bags),
            winner=match.winner,
            passed=match.passed[seat],
            received=match.received[seat],
        )

    @property
    def my_turn(self) -> bool:
        return self.phase != "over" and self.to_act == self.seat

    @property
    def partner(self) -> int:
        return partner_of(self.seat)

    @property
    def unseen(self) -> int:
        """Cards this seat cannot see: in the other three hands (or passed on by it)."""
        return self.rules.cards & ~self.played & ~self.hand

    def bid_options(self) -> tuple[int, ...]:
        """The bids open to this seat once it has looked at its cards (nil as 0), the
        bidding variants included: what a player weighs before bidding."""
        return legal_bids(
            self.rules, self.bids[self.partner], False, True, spades_held(self.hand)
        )

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions when it is to act (else none)."""
        if not self.my_turn:
            return []
        if self.phase == "bidding":
            if not self.looked:
                return [Bid(BLIND_NIL), LOOK]
            return [Bid(b) for b in self.bid_options()]
        if self.phase == "passing":
            return pass_choices(self.rules.nil_pass, self.hand)
        return [Play(c) for c in cards_of(self.legal_card_mask())]

    def legal_card_mask(self) -> int:
        return legal_cards(
            self.hand, self.led_suit, self.spades_broken, self.rules.spades_lead_anytime
        )

    def refusal(self, action: Action) -> str | None:
        """Why the seat may not take ``action`` now; the same sentences as the match."""
        reason = malformed(action)
        if reason is not None:
            return reason
        if self.phase == "over":
            return "The match is over"
        if not self.my_turn:
            return turn_refusal(self.seat, self.to_act)
        if isinstance(action, Look):
            if self.phase != "bidding" or self.looked:
                return "You have already seen your cards"
            return None
        if self.phase == "bidding":
            if isinstance(action, Bid):
                return bid_refusal(
                    self.rules, action.value, self.bids[self.partner], self.blind_open,
                    self.looked, spades_held(self.hand),
                )
            if isinstance(action, PassCards):
                return "Cards are passed only to a nil bidding partner, after the bidding"
            return "Cards are played after the bidding"
        if self.phase == "passing":
            if isinstance(action, PassCards):
                return pass_refusal(self.rules, self.hand, action.cards)
            if isinstance(action, Bid):
                return "The bidding is over"
            n = self.rules.nil_pass
            return f"First pass {n} card{'s' if n != 1 else ''} to your partner"
        if isinstance(action, PassCards):
            return "Cards are passed only to a nil bidding partner, after the bidding"
        if isinstance(action, Play):
            return card_refusal(
                self.hand, action.card, self.led_suit, self.spades_broken,
                self.rules.spades_lead_anytime,
            )
        return "The bidding is over"
