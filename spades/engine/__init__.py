"""The rules of Spades as a pure, deterministic engine: no pygame, no I/O, no clock."""

from .actions import (
    DISCARD,
    KEEP,
    LOOK,
    Action,
    Bid,
    BiddingDone,
    BidMade,
    CardDrawn,
    CardPlayed,
    CardsExchanged,
    CardsPassed,
    CardsSeen,
    Discard,
    Event,
    HandDealt,
    HandScored,
    Keep,
    Look,
    MatchOver,
    PassCards,
    Play,
    SpadesBroken,
    TrickWon,
)
from .cards import card_text, cards_of, mask_of, parse_card, parse_cards
from .legal import BLIND_NIL, NIL
from .match import (
    BIDDING,
    DRAWING,
    OVER,
    PASSING,
    PLAYING,
    HandResult,
    IllegalAction,
    Match,
    SaveError,
)
from .rules import PRESETS, SEAT_PRESETS, STANDARD, VARIANT_PRESETS, Rules, RulesError, preset
from .view import PlayerView

__all__ = [
    "BIDDING", "BLIND_NIL", "DISCARD", "DRAWING", "KEEP", "LOOK", "NIL", "OVER", "PASSING",
    "PLAYING", "PRESETS", "SEAT_PRESETS", "STANDARD", "VARIANT_PRESETS", "Action", "Bid",
    "BidMade", "BiddingDone", "CardDrawn", "CardPlayed", "CardsExchanged", "CardsPassed",
    "CardsSeen", "Discard", "Event", "HandDealt", "HandResult", "HandScored",
    "IllegalAction", "Keep", "Look", "Match",
    "MatchOver", "PassCards", "Play", "PlayerView", "Rules", "RulesError", "SaveError",
    "SpadesBroken",
    "TrickWon", "card_text", "cards_of", "mask_of", "parse_card", "parse_cards", "preset",
]
