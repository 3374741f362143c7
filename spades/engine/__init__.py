"""The rules of Spades as a pure, deterministic engine: no pygame, no I/O, no clock."""

from .actions import (
    LOOK,
    Action,
    Bid,
    BiddingDone,
    BidMade,
    CardPlayed,
    CardsExchanged,
    CardsPassed,
    CardsSeen,
    Event,
    HandDealt,
    HandScored,
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
    OVER,
    PASSING,
    PLAYING,
    HandResult,
    IllegalAction,
    Match,
    SaveError,
)
from .rules import PRESETS, STANDARD, VARIANT_PRESETS, Rules, RulesError, preset
from .view import PlayerView

__all__ = [
    "BIDDING", "BLIND_NIL", "LOOK", "NIL", "OVER", "PASSING", "PLAYING", "PRESETS",
    "STANDARD", "VARIANT_PRESETS", "Action", "Bid", "BidMade", "BiddingDone",
    "CardPlayed", "CardsExchanged", "CardsPassed", "CardsSeen", "Event",
    "HandDealt", "HandResult", "HandScored", "IllegalAction", "Look", "Match",
    "MatchOver", "PassCards", "Play", "PlayerView", "Rules", "RulesError", "SaveError",
    "SpadesBroken",
    "TrickWon", "card_text", "cards_of", "mask_of", "parse_card", "parse_cards", "preset",
]
