"""The decisions a seat can make, and the events a match reports back.

Actions are what a player sends (a bid, a card, looking at the cards instead of
bidding blind nil, or the cards passed to the partner after a nil bid). Events are
what happened, in order, for an interface to animate; they never name a card that
only one seat may see.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from itertools import combinations

from .cards import CARD_IDS, FULL_DECK, card_text, cards_of, parse_card
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


@dataclass(frozen=True)
class PassCards:
    """The cards a nil bidder or its partner passes face down to the other."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join(card_text(c) for c in self.cards)


@dataclass(frozen=True)
class Keep:
    """Two-handed draw: keep the card drawn; the next is discarded face down."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class Discard:
    """Two-handed draw: show the card drawn and discard it; the next is kept."""

    def __str__(self) -> str:
        return "discard"


Action = Bid | Look | Play | PassCards | Keep | Discard
LOOK = Look()
KEEP = Keep()
DISCARD = Discard()


def malformed(action: object) -> str | None:
    """Why ``action`` is not a well-formed action at all, or None.

    Only a plain int is a bid or a card: ``True``, ``3.0`` or ``"3"`` would be taken for
    one by some comparisons and not by others, and a save could not say it again.
    """
    if isinstance(action, Bid):
        if type(action.value) is not int:
            return (
                f"Not a bid: {reprlib.repr(action.value)}; a bid is a whole number,"
                " 1 to 13, 0 for nil or -1 for blind nil"
            )
        return None
    if isinstance(action, Play):
        if type(action.card) is not int or not 0 <= action.card < CARD_IDS:
            return (
                f"Not a card: {reprlib.repr(action.card)}; a card is a whole number,"
                f" 0 to {CARD_IDS - 1}"
            )
        return None
    if isinstance(action, PassCards):
        if not isinstance(action.cards, tuple) or not all(
            type(c) is int and 0 <= c < CARD_IDS for c in action.cards
        ):
            return f"Not cards to pass: {reprlib.repr(action.cards)}"
        return None
    if isinstance(action, Look | Keep | Discard):
        return None
    return "Not an action"


def pass_choices(nil_pass: int, hand: int) -> list[PassCards]:
    """Every pass a seat holding ``hand`` may make: each set of ``nil_pass`` cards."""
    return [PassCards(cards) for cards in combinations(cards_of(hand), nil_pass)]


def action_to_json(action: Action) -> int | str | list[str]:
    if isinstance(action, Bid):
        return action.value if action.value > 0 else bid_text(action.value)
    if isinstance(action, Play):
        return card_text(action.card)
    if isinstance(action, PassCards):
        return [card_text(c) for c in action.cards]
    return str(action)  # "look", "keep", "discard"


def action_from_json(value: object, deck: int = FULL_DECK, most_bid: int = 13) -> Action:
    """Read an action as a save writes it: 1..13 (to 17 in cutthroat: ``most_bid``),
    "nil", "blind_nil", "look", "keep", "discard", a card, or a list of cards passed
    after a nil bid. ``deck`` (``rules.cards``) reads the twos that deuces high raises."""
    if value == "look":
        return LOOK
    if value == "keep":
        return KEEP
    if value == "discard":
        return DISCARD
    if value in ("nil", "blind_nil") or type(value) is int:
        return Bid(parse_bid(value, most_bid))
    if isinstance(value, str):
        return Play(parse_card(value, deck))
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return PassCards(tuple(parse_card(v, deck) for v in value))
    raise ValueError(f"not an action: {reprlib.repr(value)}")


# --- events ------------------------------------------------------------------------


@dataclass(frozen=True)
class HandDealt:
    hand_number: int
    dealer: int
    blind_nil_seats: tuple[int, ...]  # seats that may bid blind nil, so see no cards yet


@dataclass(frozen=True)
class CardDrawn:
    """Two-handed: ``seat`` drew two cards and kept one. ``shown`` is the first card,
    discarded face up, when the seat took the second instead; None when it kept the
    first (the second went face down, seen by that seat alone)."""

    seat: int
    shown: int | None

    @property
    def kept_first(self) -> bool:
        return self.shown is None


@dataclass(frozen=True)
class CardsSeen:
    seat: int  # the seat looked at its cards instead of bidding blind nil


@dataclass(frozen=True)
class BidMade:
    seat: int
    bid: int
    forced: bool = False  # made by the match for the seat (Mirror): shown, not asked

    @property
    def blind(self) -> bool:
        return self.bid == BLIND_NIL


@dataclass(frozen=True)
class BiddingDone:
    contracts: tuple[int, ...]  # by side: two teams, or each player alone


@dataclass(frozen=True)
class CardsPassed:
    """``seat`` passed ``count`` cards face down to ``to_seat`` (which cards: only the
    two seats' views say, once the exchange is done)."""

    seat: int
    to_seat: int
    count: int


@dataclass(frozen=True)
class CardsExchanged:
    """The two partners took up the cards passed to each other."""

    seats: tuple[int, int]  # the nil bidder, then the partner


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
    teams: tuple[TeamScore, ...]  # by side: two teams, or each player alone
    scores: tuple[int, ...]
    bags: tuple[int, ...]


@dataclass(frozen=True)
class MatchOver:
    winner: int  # the side: team 0 = South and North, 1 = West and East; else the seat
    scores: tuple[int, ...]


Event = (
    HandDealt | CardDrawn | CardsSeen | BidMade | BiddingDone | CardsPassed | CardsExchanged
    | CardPlayed | SpadesBroken | TrickWon | HandScored | MatchOver
)
