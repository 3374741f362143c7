"""What the cards played say about the cards still held: per-card location weights.

Voids are read everywhere (a seat that did not follow holds none of the suit). This
reads more: each card another seat played this hand is set beside what the rollout
styles (normal, eager, shy; careless is normal's card 88% of the time, as in the
reading) would have played had the seat also held each unseen card of the played
card's suit. A seat that played second hand the nine over a led five, where every
style would have played the three had it held it, is unlikely to hold the three: the
three is dealt to it less readily. The seat's cards at that moment are taken to be the
ones it played from that card on (all public by now) and the card in question; its
other unknown cards are left out, which is why only cards of the played card's suit
are weighed (the styles' choice within a suit rests mostly on the cards of that suit).
Leads and discards are read the same way: reading them too placed the hidden cards
better than reading only the cards that followed suit (docs/ai.md, "Inference").

The likelihood of the play under the seat's style mixture, with and without the card,
gives the card's weight for that seat (their ratio, tempered like the reading's
evidence: the plays of a hand are not independent). The weights multiply the lean of
the bids (search.py) on every sampled deal.
"""

from __future__ import annotations

from ..engine.cards import CARD_IDS, SUIT_MASKS, SUIT_OF
from ..engine.view import PlayerView
from .play import choose_card, sound_cards
from .position import AROUND, PARTNER, Position
from .reading import LIKELIHOOD_FLOOR, TEMPER, Reading, _alike, _style_choices
from .styles import CARELESS_RATE, STYLE_WEIGHTS, style_bids, style_mixtures

# The partner is a computer partner: the normal rules, now and then a searched card.
PARTNER_STYLES = (("normal", 0.85), ("eager", 0.0), ("careless", 0.15), ("shy", 0.0))
WEIGHT_FLOOR = 0.02  # no card is ever ruled out by the play alone


def _likelihood(t: Position, q: int, card: int, mixture) -> float:
    """How likely ``card`` is from seat ``q`` in ``t`` under the style mixture."""
    sound = sound_cards(t, q, t.legal())
    n = sound.bit_count()
    if n <= 1 or not sound >> card & 1:
        return 1.0
    choices = _style_choices(t, q, style_bids, choose_card)
    hand, played = t.hands[q], t.played
    total = 0.0
    for name, w in mixture:
        if not w:
            continue
        if name == "careless":
            p = (1 - CARELESS_RATE) * _alike(card, choices["normal"], hand, played) \
                + CARELESS_RATE / n
        else:
            p = float(_alike(card, choices[name], hand, played))
        total += w * ((1 - LIKELIHOOD_FLOOR) * p + LIKELIHOOD_FLOOR / n)
    return total


def play_weights(view: PlayerView, reading: Reading | None = None) -> list[list[float]]:
    """How much more or less readily each seat holds each unseen card, from the way it
    followed suit this hand (1.0 where the play says nothing; the deciding seat's row
    is all 1.0)."""
    seat = view.seat
    rules = view.rules
    around = AROUND[rules.seats]
    rows = [[1.0] * CARD_IDS for _ in range(rules.seats)]
    plays = [(leader, cards) for leader, cards in view.tricks]
    if view.trick:
        plays.append((view.trick[0][0], tuple(c for _, c in view.trick)))
    if not plays:
        return rows
    # Each seat's cards at the start of the play: the ones it has played (the deciding
    # seat's own too); the replay below takes them away as they are played.
    held = [0] * rules.seats
    for leader, cards in plays:
        for i, c in enumerate(cards):
            held[around[leader + i]] |= 1 << c
    held[seat] |= view.hand
    unseen = rules.cards & ~view.played & ~view.hand & ~view.passed
    t = Position(rules)
    t.hands = held
    t.bids = [b if b is not None else 1 for b in view.bids]
    t.scores, t.bags, t.dealer, t.passed = view.scores, view.bags, view.dealer, view.passed
    t.leader = t.to_act = plays[0][0]
    mixtures = style_mixtures(seat, t, reading)
    mixtures[PARTNER[seat]] = PARTNER_STYLES
    for _, cards in plays:
        for c in cards:
            q = t.to_act
            if q != seat:
                suit_unseen = unseen & SUIT_MASKS[SUIT_OF[c]]
                if suit_unseen:
                    _weigh(t, q, c, suit_unseen, mixtures[q] or STYLE_WEIGHTS, rows[q])
            t.play(c)
    return rows


def _weigh(t: Position, q: int, card: int, cards: int, mixture, row: list[float]) -> None:
    base = _likelihood(t, q, card, mixture)
    hand = t.hands[q]
    m = cards
    while m:
        low = m & -m
        m ^= low
        t.hands[q] = hand | low
        ratio = _likelihood(t, q, card, mixture) / base
        if ratio != 1.0:
            c = low.bit_length() - 1
            row[c] = max(WEIGHT_FLOOR, row[c] * ratio ** TEMPER)
    t.hands[q] = hand

__all__ = ["play_weights"]
