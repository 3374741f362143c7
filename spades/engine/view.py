"""What one seat may know: its own cards and everything public, nothing else.

Computer players receive only a PlayerView, so they cannot cheat by construction; the
interface draws the human's table from one too.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import (
    DISCARD,
    KEEP,
    LOOK,
    Action,
    Bid,
    Discard,
    Keep,
    Look,
    PassCards,
    Play,
    malformed,
    pass_choices,
)
from .cards import cards_of, left_of
from .draw import draw_refusal
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
    phase: str  # "drawing" (two-handed), "bidding", "passing" (nil card passing),
    #             "playing" or "over"
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
    tricks_won: tuple[int, ...]  # by seat
    played: int  # mask of every card played this hand
    voids: tuple[int, ...]  # suit bits each seat has shown it lacks
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]  # by side: two teams, or each player alone
    bags: tuple[int, ...]
    winner: int | None
    passed: int = 0  # the cards this seat passed to its partner after a nil bid
    received: int = 0  # the cards it took up from its partner (0 until the exchange)
    # Two-handed's draw (docs/rules.md): the card this seat is looking at on its turn
    # to draw (-1 otherwise), the cards discarded face up (public), the cards this
    # seat discarded face down (its own secret), and the cards left in the stock.
    drawn: int = -1
    shown: int = 0
    buried: int = 0
    stock_left: int = 0

    @classmethod
    def of(cls, match, seat: int) -> PlayerView:
        # Each trick's leader: left of the dealer first, then the last trick's winner.
        seats = match.rules.seats
        tricks = []
        leader = left_of(match.dealer, seats)
        for i, winner in enumerate(match.trick_winners):
            tricks.append((leader, tuple(match.plays[seats * i : seats * (i + 1)])))
            leader = winner
        draw = match.draw
        drawing = {} if draw is None else {
            "drawn": draw.top if match.phase == "drawing" and match.to_act == seat else -1,
            "shown": draw.shown_mask,
            "buried": draw.buried[seat],
            "stock_left": len(draw.stock) - draw.at,
        }
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
            **drawing,
        )

    @property
    def my_turn(self) -> bool:
        return self.phase != "over" and self.to_act == self.seat

    @property
    def partner(self) -> int | None:
        """The partner's seat at a table of four; None at cutthroat and two-handed,
        where each plays alone (``rules.partner_of``)."""
        return self.rules.partner_of(self.seat)

    @property
    def partner_bid(self) -> int | None:
        partner = self.rules.partner_of(self.seat)
        return None if partner is None else self.bids[partner]

    @property
    def unseen(self) -> int:
        """Cards this seat cannot see: in the other hands (or passed on by it); in
        two-handed, also the stock (but the card it is looking at) and the other's
        face-down discards."""
        drawn = 1 << self.drawn if self.drawn >= 0 else 0
        return (self.rules.cards & ~self.played & ~self.hand & ~self.shown & ~self.buried
                & ~drawn)

    def bid_options(self) -> tuple[int, ...]:
        """The bids open to this seat once it has looked at its cards (nil as 0), the
        bidding variants included: what a player weighs before bidding."""
        return legal_bids(
            self.rules, self.partner_bid, False, True, spades_held(self.hand)
        )

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions when it is to act (else none)."""
        if not self.my_turn:
            return []
        if self.phase == "drawing":
            return [KEEP, DISCARD]
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
            return turn_refusal(self.seat, self.to_act, self.rules.seats)
        if self.phase == "drawing" or isinstance(action, Keep | Discard):
            return draw_refusal(isinstance(action, Keep | Discard), self.phase == "drawing")
        if isinstance(action, Look):
            if self.phase != "bidding" or self.looked:
                return "You have already seen your cards"
            return None
        if self.phase == "bidding":
            if isinstance(action, Bid):
                return bid_refusal(
                    self.rules, action.value, self.partner_bid, self.blind_open,
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
