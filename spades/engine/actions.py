"""The decisions a seat can make, and the events a match reports back.

Actions are what a player sends (a bid, a card, or looking at the cards instead of
bidding blind nil). Events are what happened, in order, for an interface to animate.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import card_text, parse_card
from .legal import BLIND_NIL, bid_text, parse_bid
from .scoring import TeamScore


@dataclass(frozen=True)
class Bid:
    value: int  # 1..13, NIL (0) or BLIND_NIL (-1)

    def __str__(self) -> str:
        return bid_text(self.value)


@dataclass(frozen=True)
class Look:
    """Decline blind nil and pick up the cards."""

    def __str__(self) -> str:
        return "look"


@dataclass(frozen=True)
class Play:
    card: int

    def __str__(self) -> str:
        return card_text(self.card)


Action = Bid | Look | Play
LOOK = Look()


def action_to_json(action: Action) -> int | str:
    if isinstance(action, Bid):
        return action.value if action.value > 0 else bid_text(action.value)
    if isinstance(action, Play):
        return card_text(action.card)
    return "look"


def action_from_json(value: object) -> Action:
    """Read an action as a save writes it: 1..13, "nil", "blind_nil", "look" or a card."""
    if value == "look":
        return LOOK
    if value in ("nil", "blind_nil") or type(value) is int:
        return Bid(parse_bid(value))
    if isinstance(value, str):
        return Play(parse_card(value))
    raise ValueError(f"not an action: {value!r}")


# --- events ------------------------------------------------------------------------


@dataclass(frozen=True)
class HandDealt:
    hand_number: int
    dealer: int
    blind_nil_seats: tuple[int, ...]  # seats that may bid blind nil, so see no cards yet


@dataclass(frozen=True)
class CardsSeen:
    seat: int  # the seat looked at its cards instead of bidding blind nil


@dataclass(frozen=True)
class BidMade:
    seat: int
    bid: int

    @property
    def blind(self) -> bool:
        return self.bid == BLIND_NIL


@dataclass(frozen=True)
class BiddingDone:
    contracts: tuple[int, int]


@dataclass(frozen=True)
class CardPlayed:
    seat: int
    card: int
    trick_number: int
    position: int  # 0 = the lead


@dataclass(frozen=True)
class SpadesBroken:
    seat: int


@dataclass(frozen=True)
class TrickWon:
    seat: int
    cards: tuple[int, ...]  # in order of play
    leader: int
    trick_number: int


@dataclass(frozen=True)
class HandScored:
    hand_number: int
    teams: tuple[TeamScore, TeamScore]
    scores: tuple[int, int]
    bags: tuple[int, int]


@dataclass(frozen=True)
class MatchOver:
    winner: int  # team: 0 = South and North, 1 = West and East
    scores: tuple[int, int]


Event = (
    HandDealt | CardsSeen | BidMade | BiddingDone | CardPlayed | SpadesBroken | TrickWon
    | HandScored | MatchOver
)
