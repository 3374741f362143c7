"""The bid of a player alone, and two-handed's draw: keep the card looked at, or
show it and take the next (docs/ai.md, Alone)."""

from __future__ import annotations

from ...engine.actions import DISCARD, KEEP, LOOK, Action, Bid
from ...engine.cards import RANK_OF, SUIT_OF
from ...engine.legal import NIL, legal_bids, spades_held
from ...engine.view import PlayerView
from ..bidding import estimate_tricks, nil_is_sound
from ..play import _ABOVE

# --- bidding ------------------------------------------------------------------------

# What a hand alone takes, from its four-seat estimate: tricks = SLOPE * estimate +
# BASE, by seats. Fitted on the normal players' own hands (docs/ai-notes.md, issue 56):
# at three a 17-card hand's honours and long spades are counted as at four; at two
# every trick is the player's or the other's, so low cards take tricks too.
ALONE_SLOPE = {3: 1.0, 2: 0.84}
ALONE_BASE = {3: 1.5, 2: 1.3}


def alone_estimate(hand: int, rules) -> float:
    """Tricks a hand alone is worth (before the other bids)."""
    return ALONE_SLOPE[rules.seats] * estimate_tricks(hand, rules.cards) + ALONE_BASE[rules.seats]


def bid_alone(
    view: PlayerView, caution: float = 0.0, nil_limit: float | None = None
) -> tuple[Action, str]:
    """The bid of a player alone, and why: its own hand is its contract, shaded by its
    bags and the score as at four. It never bids blind nil (see below)."""
    if not view.looked:
        # Blind nil bid on the four-seat rule failed 24 times of 24 here (tournament
        # normal against easy, 20 deals, seed 7): 17 cards, and no partner to cover.
        return LOOK, "Look at the cards: alone, no one covers a blind nil"
    return bid_alone_for(view.rules, view.hand, view.seat, view.bids, view.scores, view.bags,
                         caution, nil_limit)


def bid_alone_for(
    rules, hand: int, seat: int, bids, scores, bags, caution: float = 0.0,
    nil_limit: float | None = None,
) -> tuple[Bid, str]:
    """``bid_alone`` from the facts a seat reads: its hand, the bids so far, the scores
    and bags (by seat); hard's bid search bids the later seats' sampled hands so."""
    us = scores[seat]
    them = max(s for q, s in enumerate(scores) if q != seat)
    options = legal_bids(rules, None, False, True, spades_held(hand))
    if NIL in options and nil_is_sound(hand, nil_limit, rules.cards):
        return Bid(NIL), "A hand of low cards: nil"
    estimate = alone_estimate(hand, rules) - caution
    bag_room = rules.bag_limit - bags[seat] if rules.bag_penalty else 99
    shade = 0.65 if bag_room <= 3 else 0.5
    if us + 10 * int(estimate + shade) >= rules.target and us >= them:
        shade -= 0.2
    elif them >= rules.target - 60 and them > us:
        shade += 0.2
    target = int(estimate + shade)
    taken = sum(b for b in bids if b is not None and b > 0)
    if bids.count(None) == 1 and taken + target > rules.tricks:
        target = max(1, rules.tricks - taken)  # the table cannot take more tricks
    ordinary = [b for b in options if b > 0]
    choice = min(ordinary, key=lambda b: (abs(b - target), b))
    return Bid(choice), f"Alone, your hand is worth about {estimate:.1f} tricks"


# --- two-handed's draw ---------------------------------------------------------------

def draw_worth(card: int, unseen: int) -> float:
    """The tricks a card drawn is likely to take, by the cards of its suit above it
    that the seat has not seen (neither held, nor shown, nor buried by itself): a
    side card none can top is a trick, one or two above it leave it a chance, lower
    ones take none; a spade is a trump, worth less the more spades may top it."""
    above = (unseen & _ABOVE[card]).bit_count()
    if SUIT_OF[card] == 3:
        return max(0.4, 1.0 - 0.08 * above)
    return (1.0, 0.5, 0.2)[above] if above < 3 else 0.0


def choose_draw(view: PlayerView) -> tuple[Action, str]:
    """Normal's draw: keep the card when it is worth at least what the next card
    would be on average (the next is one of the cards the seat has not seen: the
    shown discards and its own buried ones are counted out), else show it and take
    the next."""
    unseen = view.unseen
    worth = draw_worth(view.drawn, unseen)
    cards = [c for c in range(52) if unseen >> c & 1]
    mean = sum(draw_worth(c, unseen & ~(1 << c)) for c in cards) / len(cards)
    if worth >= mean:
        return KEEP, f"Keep it: worth {worth:.1f} tricks, the next card {mean:.1f} on average"
    return DISCARD, f"Show it and take the next: worth {worth:.1f} tricks, the next {mean:.1f}"


def simple_draw(view: PlayerView) -> tuple[Action, str]:
    """Easy's draw: keep spades and honours, show the rest."""
    card = view.drawn
    if SUIT_OF[card] == 3 or RANK_OF[card] >= 10:
        return KEEP, "Keep a spade or an honour"
    return DISCARD, "Show a low card and take the next"
