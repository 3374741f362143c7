"""The card play of the easy and normal players alone, and their decisions
(``think_alone``): every other player is an opponent (docs/ai.md, Alone)."""

from __future__ import annotations

from ...engine.actions import Action, Play
from ...engine.cards import NON_SPADE_MASK, RANK_OF, SPADE_MASK, SUIT_MASKS
from ...engine.view import PlayerView
from ..play import (
    _ABOVE,
    SUITS,
    _cheapest,
    _duck_lead,
    _high,
    _low,
    _nil_lead,
    _Trick,
    discard,
    high_rank,
    low_rank,
    nil_alive,
)
from ..position import Position
from .bidding import bid_alone, choose_draw, simple_draw
from .position import AlonePosition

# --- play ----------------------------------------------------------------------------

def _need(t: Position, seat: int) -> int:
    """Tricks the seat still needs for its contract (0 or less: made, or a nil)."""
    bid = t.bids[seat]
    return bid - t.tricks_won[seat] if bid > 0 else 0


def _wants(t: Position, seat: int, need: int, remaining: int, opps) -> bool:
    """Win tricks: for the contract, or to set another player a trick or two short."""
    if need > 0:
        return True
    return any(0 < _need(t, q) and remaining - _need(t, q) + 1 <= 2 for q in opps)


def _trick_info(t: Position, seat: int, later: tuple[int, ...]) -> _Trick:
    """What the seat knows of the trick in progress, every later seat an opponent."""
    info = _Trick.__new__(_Trick)
    info.out = out = t.rules.cards & ~t.played & ~t.hands[seat]
    info.led = led = t.led
    info.later_opps = later
    info.void_led = [False] * len(t.hands)
    info.void_spades = [False] * len(t.hands)
    led_out = out & SUIT_MASKS[led]
    for q in later:
        info.void_led[q] = (not led_out) or bool(t.voids[q] >> led & 1)
        info.void_spades[q] = (not out & SPADE_MASK) or bool(t.voids[q] & 8)
    return info


# The other seats in turn after each seat, by the number of seats.
_OTHERS = {n: tuple(tuple((seat + i) % n for i in range(1, n)) for seat in range(n))
           for n in (2, 3)}


def choose_card_alone(t: AlonePosition, seat: int, attack: bool = True) -> tuple[int, str]:
    """Normal's card for ``seat`` alone (the seat to act), and why. ``attack`` False
    leaves out attacking nils and chasing sets, as easy does."""
    n = t.seats
    legal = t.legal()
    if not legal & (legal - 1):
        return _low(legal), "The only sensible card"
    out = t.rules.cards & ~t.played & ~t.hands[seat]
    opps = _OTHERS[n][seat]
    need = _need(t, seat)
    remaining = t.rules.tricks - t.tricks_done
    bids = t.bids
    nil_opps = [q for q in opps if bids[q] <= 0 and not t.tricks_won[q]] if min(bids) <= 0 else ()
    attacking = attack and nil_opps and need < remaining - 1
    own_nil = nil_alive(t, seat)
    if not t.trick:
        if own_nil:
            return _nil_lead(legal, out), "Lead a card that is likely to lose: you bid nil"
        if attacking:
            q = nil_opps[0]
            choices = 0
            for suit in SUITS:
                if not t.voids[q] >> suit & 1 and out & SUIT_MASKS[suit]:
                    choices |= legal & SUIT_MASKS[suit]
            if choices:
                return low_rank(choices, spare_spades=False), "Lead low to attack the nil bidder"
        if not (need > 0 or (attack and _wants(t, seat, need, remaining, opps))):
            return _duck_lead(legal, out), "Lead low: your contract is safe, avoid bags"
        return _lead_for_tricks(t, seat, legal, out, opps)

    pos = len(t.trick)
    last = pos == n - 1
    win_seat, best = t.winning()
    later = opps[: n - 1 - pos]
    following = (legal & SUIT_MASKS[t.led]) != 0
    if best >= 39:
        beats = legal & SPADE_MASK & _ABOVE[best]
    else:
        beats = (legal & _ABOVE[best]) | (legal & SPADE_MASK)
    below = legal & ~beats
    if own_nil:
        if not below:
            if last:
                return high_rank(legal, spare_spades=False), "Forced to win: shed the highest"
            return _low(legal), "Play low and hope to be overtaken"
        if following:
            return _high(below), "Play the highest card that still loses"
        return high_rank(below), "Throw a dangerous high card"
    if attacking:
        if win_seat in nil_opps:
            if below:
                if following:
                    return _high(below), "Stay under the nil bidder's card"
                return discard(below, False), "Let the nil bidder win the trick"
            return _low(legal), "Play low"
        if any(q in later for q in nil_opps):
            if following:
                return _low(legal), "Play low: the nil bidder may have to win"
            if below:
                return discard(below, False), "Discard: leave the nil bidder room to win"
    if need > 0 or (attack and _wants(t, seat, need, remaining, opps)):
        if not beats:
            if following:
                return _low(legal), "Cannot win: play low"
            return discard(legal, False), "Cannot win: discard"
        if last:
            return _cheapest(beats, following), "Win as cheaply as possible"
        sure = _trick_info(t, seat, later).lowest_sure(beats)
        if sure >= 0:
            return sure, "Win with a card that cannot be beaten"
        if following:
            return _low(legal), "Second hand low"
        if RANK_OF[best] >= 9 or not t.hands[seat] & NON_SPADE_MASK:
            return _cheapest(beats, False), "Trump the high card"
        return discard(legal, False), "Second hand low: discard"
    # Duck: the contract is safe, so stay under when possible.
    if below:
        if last and not beats and following:
            return _low(legal), "Cannot win: play low"
        if following:
            return _high(below), "Duck under to avoid a bag"
        return discard(below, True), "Discard a high card to avoid bags"
    if last:
        return high_rank(legal, spare_spades=False), "Forced to win: use the highest"
    return _low(legal), "Play low and hope to be overtaken"


def _lead_for_tricks(
    t: Position, seat: int, legal: int, out: int, opps: tuple[int, ...]
) -> tuple[int, str]:
    """A lead that makes tricks: a sure side winner, the top spade, a singleton to
    ruff later, or low from the longest side suit."""
    for suit in (2, 1, 0):
        m = legal & SUIT_MASKS[suit]
        if not m or out & _ABOVE[_high(m)]:
            continue
        if (out & SUIT_MASKS[suit]).bit_count() < len(opps):
            continue  # the others may not all follow
        if out & SPADE_MASK and any(t.voids[q] >> suit & 1 and not t.voids[q] & 8
                                    for q in opps):
            continue  # a player shown void in the suit may trump it
        return _high(m), "Cash a sure winner"
    spades = legal & SPADE_MASK
    if spades:
        top = _high(spades)
        if not out & _ABOVE[top] and (spades.bit_count() >= 2 or not legal & NON_SPADE_MASK):
            return top, "Draw trumps with the top spade"
    side = legal & NON_SPADE_MASK
    if t.hands[seat] & SPADE_MASK and side:
        for suit in range(3):
            m = side & SUIT_MASKS[suit]
            if m and not m & (m - 1) and out & _ABOVE[_low(m)]:
                return _low(m), "Lead a singleton to trump that suit later"
    if not side:
        return _low(legal), "Lead a low spade"
    longest = max((side & SUIT_MASKS[s] for s in range(3)), key=lambda m: m.bit_count())
    return _low(longest), "Lead low from a long suit"


def simple_card_alone(t: AlonePosition, seat: int) -> tuple[int, str]:
    """Easy's card alone: keeps its own nil, wins whenever it can while it needs
    tricks, leads an ace when it needs them, else plays low."""
    legal = t.legal()
    if not legal & (legal - 1):
        return _low(legal), "The only sensible card"
    if nil_alive(t, seat):
        return choose_card_alone(t, seat, attack=False)
    need = _need(t, seat)
    if not t.trick:
        side = legal & NON_SPADE_MASK
        for suit in range(3):
            m = side & SUIT_MASKS[suit]
            if m and RANK_OF[_high(m)] == 12 and need > 0:
                return _high(m), "Lead an ace"
        return low_rank(legal), "Lead low"
    _, best = t.winning()
    following = bool(legal & SUIT_MASKS[t.led])
    if best >= 39:
        beats = legal & SPADE_MASK & _ABOVE[best]
    else:
        beats = (legal & _ABOVE[best]) | (legal & SPADE_MASK)
    if need > 0 and beats:
        return _cheapest(beats, following), "Win the trick"
    if following:
        return _low(legal), "Play low"
    return discard(legal, False), "Discard"


def think_alone(view: PlayerView, easy_caution: float | None = None) -> tuple[Action, str]:
    """The decision of a player alone: normal's, or easy's when ``easy_caution`` (its
    bid's shading, as at four) is given. Easy remembers only the trick in progress and
    the last one, and no voids."""
    easy = easy_caution is not None
    if view.phase == "drawing":
        return simple_draw(view) if easy else choose_draw(view)
    if view.phase == "bidding":
        if easy:
            return bid_alone(view, caution=easy_caution, nil_limit=1.4)
        return bid_alone(view)
    t = AlonePosition.from_view(view)
    if not easy:
        t.played |= view.shown | view.buried  # out of play, as good as played
        card, reason = choose_card_alone(t, view.seat)
        return Play(card), reason
    remembered = 0
    for card in t.trick:
        remembered |= 1 << card
    if view.tricks:
        for card in view.tricks[-1][1]:
            remembered |= 1 << card
    t.played = remembered
    t.voids = [0] * t.seats
    card, reason = simple_card_alone(t, view.seat)
    return Play(card), reason
