"""Nil card passing: which cards a nil bidder and its partner give each other.

The nil bidder gives away its most dangerous cards: high spades first (its partner can
use them, and they would win tricks), then its highest side cards. The partner gives
its lowest side cards, which help the nil bidder duck, and keeps its spades to cover
the nil.
"""

from __future__ import annotations

from ..engine.actions import PassCards
from ..engine.cards import NON_SPADE_MASK, RANK_OF, SPADE_MASK, cards_of
from ..engine.view import PlayerView


def nil_danger_order(card: int) -> int:
    """How much a card threatens a nil: higher first, a spade above a side card."""
    return RANK_OF[card] + (3 if SPADE_MASK >> card & 1 else 0)


def choose_pass(view: PlayerView) -> tuple[PassCards, str]:
    """The cards to pass, and a reason for a coach."""
    n = view.rules.nil_pass
    hand = view.hand
    if view.bids[view.seat] <= 0:
        cards = sorted(cards_of(hand), key=lambda c: (nil_danger_order(c), c), reverse=True)
        return PassCards(tuple(sorted(cards[:n]))), "Nil: pass your most dangerous cards"
    side = sorted(cards_of(hand & NON_SPADE_MASK), key=lambda c: (RANK_OF[c], c))
    spades = sorted(cards_of(hand & SPADE_MASK), key=lambda c: (RANK_OF[c], c))
    cards = (side + spades)[:n]
    return PassCards(tuple(sorted(cards))), "Pass low cards to help your partner's nil"
