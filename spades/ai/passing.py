"""Nil card passing: which cards a nil bidder and its partner give each other.

The nil bidder gives away its most dangerous cards: high spades first (its partner can
use them, and they would win tricks), then its highest side cards. The partner gives
its lowest side cards, which help the nil bidder duck, and keeps its spades to cover
the nil. ``exchange`` plays the passing out on a sampled deal, as the bid search
needs: a nil is bid on the hand the pass will leave.
"""

from __future__ import annotations

from ..engine.actions import PassCards
from ..engine.cards import NON_SPADE_MASK, RANK_OF, SPADE_MASK, cards_of
from ..engine.legal import is_nil
from ..engine.view import PlayerView
from .position import PARTNER


def nil_danger_order(card: int) -> int:
    """How much a card threatens a nil: higher first, a spade above a side card."""
    return RANK_OF[card] + (3 if SPADE_MASK >> card & 1 else 0)


def pass_cards(hand: int, n: int, nil: bool) -> list[int]:
    """The ``n`` cards a nil bidder (``nil``) or its partner passes from ``hand``."""
    if nil:
        cards = sorted(cards_of(hand), key=lambda c: (nil_danger_order(c), c), reverse=True)
        return cards[:n]
    side = sorted(cards_of(hand & NON_SPADE_MASK), key=lambda c: (RANK_OF[c], c))
    spades = sorted(cards_of(hand & SPADE_MASK), key=lambda c: (RANK_OF[c], c))
    return (side + spades)[:n]


def exchange(hands: list[int], bids: list[int], n: int) -> None:
    """Each team with exactly one nil bidder swaps ``n`` cards as the players pass them
    (``hands`` changed in place; both passes are made before either is taken up)."""
    for nil_seat in range(len(hands)):  # the partnership table's seats
        partner = PARTNER[nil_seat]
        if is_nil(bids[nil_seat]) and not is_nil(bids[partner]):
            given = sum(1 << c for c in pass_cards(hands[nil_seat], n, True))
            back = sum(1 << c for c in pass_cards(hands[partner], n, False))
            hands[nil_seat] ^= given | back
            hands[partner] ^= given | back


def choose_pass(view: PlayerView) -> tuple[PassCards, str]:
    """The cards to pass, and a reason for a coach."""
    nil = view.bids[view.seat] <= 0
    cards = pass_cards(view.hand, view.rules.nil_pass, nil)
    if nil:
        return PassCards(tuple(sorted(cards))), "Nil: pass your most dangerous cards"
    return PassCards(tuple(sorted(cards))), "Pass low cards to help your partner's nil"
