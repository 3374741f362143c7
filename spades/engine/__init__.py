"""The rules of Spades as a pure, deterministic engine: no pygame, no I/O, no clock."""

from .actions import (
    LOOK,
    Action,
    Bid,
    BiddingDone,
    BidMade,
    CardPlayed,
    CardsSeen,
    Event,
    HandDealt,
    HandScored,
    Look,
    MatchOver,
    Play,
    SpadesBroken,
    TrickWon,
)
from .cards import card_text, cards_of, mask_of, parse_card, parse_cards
from .legal import BLIND_NIL, NIL
from .match import BIDDING, OVER, PLAYING, HandResult, IllegalAction, Match, SaveError
from .rules import PRESETS, STANDARD, Rules, RulesError, preset
from .view import PlayerView

__all__ = [
    "BIDDING", "BLIND_NIL", "LOOK", "NIL", "OVER", "PLAYING", "PRESETS", "STANDARD",
    "Action", "Bid", "BidMade", "BiddingDone", "CardPlayed", "CardsSeen", "Event",
    "HandDealt", "HandResult", "HandScored", "IllegalAction", "Look", "Match",
    "MatchOver", "Play", "PlayerView", "Rules", "RulesError", "SaveError", "SpadesBroken",
    "TrickWon", "card_text", "cards_of", "mask_of", "parse_card", "parse_cards", "preset",
]
