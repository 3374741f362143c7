"""Rule-based card play: the normal player, the easy player, and the hard player's rollouts.

Each decision reads only what the deciding seat may know: its own hand, the cards
played, the trick in progress, the bids, tricks won and the voids shown by play.
It returns the card and a short reason a coach can show.

The priorities, in order: protect a partner's nil, keep one's own nil, attack an
opponent's nil (unless our own contract is tight), then win the tricks the team
still needs, try to set the opponents when that is close, and otherwise duck bags.
"""

from __future__ import annotations

from ..engine.cards import (
    CARD_IDS,
    NON_SPADE_MASK,
    RANK_OF,
    SEATS,
    SPADE_MASK,
    SPADES,
    SUIT_MASKS,
    SUIT_OF,
)
from ..engine.legal import legal_cards
from .position import AROUND, OPPONENTS, PARTNER, Position

_ABOVE = tuple(SUIT_MASKS[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(CARD_IDS))


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def low_rank(mask: int, spare_spades: bool = True) -> int:
    """The lowest-ranked card of a mask; a spade only when nothing else (if asked)."""
    if spare_spades and mask & NON_SPADE_MASK:
        mask &= NON_SPADE_MASK
    best = -1
    best_rank = 99
    for suit_mask in SUIT_MASKS:
        m = mask & suit_mask
        if m:
            c = _low(m)
            if RANK_OF[c] < best_rank:
                best, best_rank = c, RANK_OF[c]
    return best


def high_rank(mask: int, spare_spades: bool = True) -> int:
    """The highest-ranked card of a mask; a spade only when nothing else (if asked)."""
    if spare_spades and mask & NON_SPADE_MASK:
        mask &= NON_SPADE_MASK
    best = -1
    best_rank = -1
    for suit_mask in SUIT_MASKS:
        m = mask & suit_mask
        if m:
            c = _high(m)
            if RANK_OF[c] > best_rank:
                best, best_rank = c, RANK_OF[c]
    return best


def team_need(t: Position, team: int) -> int:
    """Tricks the team still needs for its contract (0 or less: made or no contract)."""
    bids = t.bids
    b0 = bids[team]
    b1 = bids[team + 2]
    won = t.tricks_won
    if b0 > 0 and b1 > 0:  # no nil on the side: every trick counts toward the contract
        return b0 + b1 - won[team] - won[team + 2]
    contract = (b0 if b0 > 0 else 0) + (b1 if b1 > 0 else 0)
    if contract == 0:
        return 0
    w0 = won[team]
    w1 = won[team + 2]
    if t.rules.failed_nil_tricks == "bags":
        taken = (w0 if b0 > 0 else 0) + (w1 if b1 > 0 else 0)
    else:
        taken = w0 + w1
    return contract - taken


def nil_alive(t: Position, seat: int) -> bool:
    return t.bids[seat] <= 0 and t.tricks_won[seat] == 0


def _live_nils(bids: list[int], won: list[int], o1: int, o3: int) -> list[int] | tuple:
    """The opponents (``o1``, ``o3``) whose nil still stands."""
    if bids[o1] > 0 and bids[o3] > 0:
        return ()  # the common case, answered at once
    return [q for q in (o1, o3) if bids[q] <= 0 and not won[q]]


def discard(hand_choice: int, shed_high: bool) -> int:
    """A card to throw when not following: low from a short suit, or high to shed."""
    if shed_high:
        return high_rank(hand_choice)
    side = hand_choice & NON_SPADE_MASK
    if not side:
        return _low(hand_choice)
    # Lowest rank; among equals, the shorter suit (working toward a void).
    best = -1
    key = (99, 99)
    for suit_mask in SUIT_MASKS[:3]:
        m = side & suit_mask
        if m:
            c = _low(m)
            k = (RANK_OF[c], m.bit_count())
            if k < key:
                best, key = c, k
    return best


SUITS = tuple(range(len(SUIT_MASKS)))  # clubs, diamonds, hearts, spades

# The seats still to play after ``seat``, by how many cards the trick already holds,
# and the opponents among them.
_LATER = tuple(tuple(AROUND[SEATS][seat + 1:seat + SEATS - pos] for pos in range(SEATS))
               for seat in range(SEATS))
_LATER_OPPS = tuple(tuple(tuple(q for q in later if q & 1 != seat & 1) for later in row)
                    for seat, row in enumerate(_LATER))


class _Trick:
    """What one seat knows about the trick in progress, computed once per decision."""

    __slots__ = ("out", "later_opps", "led", "void_led", "void_spades")

    def __init__(self, t: Position, seat: int, pos: int) -> None:
        self.out = out = t.rules.cards & ~t.played & ~t.hands[seat]
        self.led = led = t.led
        later = _LATER[seat][pos]
        self.later_opps = _LATER_OPPS[seat][pos]
        voids = t.voids
        # Indexed by seat (only the later seats are filled in).
        self.void_led = void_led = [False] * t.seats
        self.void_spades = void_spades = [False] * t.seats
        led_out = out & SUIT_MASKS[led] if led >= 0 else 0
        spades_out = out & SPADE_MASK
        for q in later:
            if led >= 0:
                void_led[q] = (not led_out) or bool(voids[q] >> led & 1)
            void_spades[q] = (not spades_out) or bool(voids[q] & 8)

    def lowest_sure(self, cards: int) -> int:
        """The lowest of ``cards`` that no opponent yet to play could top, or -1."""
        while cards:
            low = cards & -cards
            card = low.bit_length() - 1
            if not self.beatable(card):
                return card
            cards ^= low
        return -1

    def beatable(self, card: int) -> bool:
        """Could an opponent yet to play top ``card`` if it were winning?"""
        seats = self.later_opps
        out = self.out
        if card >= 39:
            higher = out & _ABOVE[card]
            if not higher:
                return False
            for q in seats:
                if self.void_spades[q]:
                    continue
                if self.led == SPADES or self.void_led[q]:
                    return True
            return False
        higher = out & _ABOVE[card]
        for q in seats:
            if not self.void_led[q]:
                if higher:
                    return True
            elif not self.void_spades[q]:
                return True
        return False


def sound_cards(t: Position, seat: int, legal: int) -> int:
    """The legal cards a sound partner would consider at all (the hard player's search
    never looks past them; the normal rules already keep to them).

    Playing last, never take a trick from a winning partner who did not bid nil;
    always take it from a winning partner whose nil still stands (unless keeping a nil
    of one's own); playing last and unable to win, never waste a high card of the
    led suit when a low one will do.
    """
    if not t.trick:
        return legal
    win_seat, best = t.winning()
    if win_seat != PARTNER[seat] and len(t.trick) < 3:
        return legal  # the usual case: nothing to hold back
    return _sound(t, seat, legal, win_seat, best)


def _sound(t: Position, seat: int, legal: int, win_seat: int, best: int) -> int:
    """``sound_cards`` for a trick in progress whose winner (``win_seat``, with
    ``best``) is the seat's partner, or that the seat plays last to."""
    partner = PARTNER[seat]
    last = len(t.trick) == 3
    if best >= 39:
        beats = legal & SPADE_MASK & _ABOVE[best]
    else:
        beats = (legal & _ABOVE[best]) | (legal & SPADE_MASK)
    if win_seat == partner:
        if nil_alive(t, partner) and beats and not nil_alive(t, seat):
            return beats
        if last and t.bids[partner] > 0 and legal & ~beats:
            return legal & ~beats
    if last and not beats and t.bids[seat] > 0:
        in_suit = legal & SUIT_MASKS[t.led]
        low = in_suit & ~_HIGH_CARDS
        if low and in_suit & _HIGH_CARDS:
            return low
    return legal


_HIGH_CARDS = sum(1 << c for c in range(CARD_IDS) if RANK_OF[c] >= 9)  # jack or better


def choose_card(t: Position, seat: int, attack: bool = True) -> tuple[int, str]:
    """The normal player's card for ``seat`` (the seat to act) and why.

    ``attack`` False leaves out the harder ideas (attacking an opponent's nil and
    chasing a set), as the easy player does.
    """
    legal = legal_cards(t.hands[seat], t.led, t.broken, t.rules.spades_lead_anytime)
    trick = t.trick
    if not trick:
        if not legal & (legal - 1):
            return _low(legal), "The only sensible card"
        return _lead(t, seat, legal, attack)
    at = t.win_at  # ``t.winning()``, spelt out: this is the rollouts' innermost loop
    win_seat = t.around[t.leader + at]
    best = trick[at]
    if win_seat == PARTNER[seat] or len(trick) == 3:
        legal = _sound(t, seat, legal, win_seat, best)
    if not legal & (legal - 1):
        return _low(legal), "The only sensible card"
    return _follow(t, seat, legal, attack, win_seat, best)


def _lead(t: Position, seat: int, legal: int, attack: bool) -> tuple[int, str]:
    partner = PARTNER[seat]
    hand = t.hands[seat]
    out = t.rules.cards & ~t.played & ~hand
    opps = OPPONENTS[seat]

    bids = t.bids
    won = t.tricks_won
    if bids[seat] <= 0 and not won[seat]:
        return _nil_lead(legal, out), "Lead a card that is likely to lose: you bid nil"

    if bids[partner] <= 0 and not won[partner]:
        # Lead high so the nil partner can play under, a sure winner best. (A suit the
        # partner lacks is no refuge: with only spades left they would have to trump.)
        best = -1
        best_key = (-1, -1)
        for suit in SUITS:
            m = legal & SUIT_MASKS[suit]
            if not m:
                continue
            top = _high(m)
            master = not out & _ABOVE[top]
            key = (int(master), RANK_OF[top])
            if key > best_key:
                best, best_key = top, key
        return best, "Lead high to cover your partner's nil"

    nil_opps = _live_nils(bids, won, opps[0], opps[1])
    need = team_need(t, seat & 1)
    remaining = 13 - t.tricks_done
    if attack and nil_opps and need < remaining - 1:
        q = nil_opps[0]
        choices = 0
        for suit in SUITS:
            if not t.voids[q] >> suit & 1 and out & SUIT_MASKS[suit]:
                choices |= legal & SUIT_MASKS[suit]
        if choices:
            return low_rank(choices, spare_spades=False), "Lead low to attack the nil bidder"

    want = need > 0 or (attack and _wants_tricks(t, seat, need, remaining))
    if not want:
        return _duck_lead(legal, out), "Lead low: the contract is safe, avoid bags"

    # Cash a sure winner in a side suit while the opponents still follow.
    for suit in (2, 1, 0):
        m = legal & SUIT_MASKS[suit]
        if not m:
            continue
        top = _high(m)
        if out & _ABOVE[top]:
            continue
        if (out & SUIT_MASKS[suit]).bit_count() < 2:
            continue  # the opponents may not both follow
        voids = t.voids
        if out & SPADE_MASK and any(voids[q] >> suit & 1 and not voids[q] & 8 for q in opps):
            continue  # an opponent shown void in the suit may trump it
        return top, "Cash a sure winner"
    spades = legal & SPADE_MASK
    if spades:
        top = _high(spades)
        if not out & _ABOVE[top] and (spades.bit_count() >= 2 or not legal & NON_SPADE_MASK):
            return top, "Draw trumps with the top spade"
    side = legal & NON_SPADE_MASK
    # Let partner ruff a suit they have shown they lack.
    for suit in range(3):
        m = side & SUIT_MASKS[suit]
        if (
            m
            and t.voids[partner] >> suit & 1
            and not t.voids[partner] & 8
            and out & SPADE_MASK
            and not any(t.voids[q] >> suit & 1 for q in opps)
        ):
            return _low(m), "Lead a suit your partner can trump"
    # A singleton side card, when holding spades to ruff later.
    if hand & SPADE_MASK and side:
        for suit in range(3):
            m = side & SUIT_MASKS[suit]
            if m and not m & (m - 1) and out & _ABOVE[_low(m)]:
                return _low(m), "Lead a singleton to trump that suit later"
    if side:
        # Low from the longest side suit, avoiding one where the top card needs guarding.
        best = -1
        best_key = (-99, 0)
        for suit in range(3):
            m = side & SUIT_MASKS[suit]
            if not m:
                continue
            n = m.bit_count()
            top = _high(m)
            guarded_honour = n <= 3 and RANK_OF[top] >= 10 and out & _ABOVE[top]
            key = (n - (3 if guarded_honour else 0), -(RANK_OF[_low(m)]))
            if key > best_key:
                best, best_key = _low(m), key
        return best, "Lead low from a long suit"
    return _low(legal), "Lead a low spade"


def _nil_lead(legal: int, out: int) -> int:
    """For a nil bidder: the card most likely to be beaten."""
    best = -1
    best_key = (-1, 99)
    pool = legal & NON_SPADE_MASK or legal
    for suit_mask in SUIT_MASKS:
        m = pool & suit_mask
        if m:
            c = _low(m)
            key = ((out & _ABOVE[c]).bit_count(), RANK_OF[c])
            if key[0] > best_key[0] or (key[0] == best_key[0] and key[1] < best_key[1]):
                best, best_key = c, key
    return best


def _duck_lead(legal: int, out: int) -> int:
    return _nil_lead(legal, out)


def _wants_tricks(t: Position, seat: int, need: int, remaining: int) -> bool:
    if need > 0:
        return True
    opp_need = team_need(t, (seat + 1) & 1)
    # Chase a set when only a trick or two more would do it.
    return opp_need > 0 and remaining - opp_need + 1 <= 2


def _follow(
    t: Position, seat: int, legal: int, attack: bool, win_seat: int, best: int
) -> tuple[int, str]:
    pos = len(t.trick)
    partner = PARTNER[seat]
    later = _LATER[seat][pos]
    led = t.led
    following = (legal & SUIT_MASKS[led]) != 0
    if best >= 39:
        beats = legal & SPADE_MASK & _ABOVE[best]
    else:
        beats = (legal & _ABOVE[best]) | (legal & SPADE_MASK)
    below = legal & ~beats
    bids = t.bids
    won = t.tricks_won

    # --- my own nil ---------------------------------------------------------------
    if bids[seat] <= 0 and not won[seat]:
        if not below:
            if pos == 3:
                return high_rank(legal, spare_spades=False), "Forced to win: shed the highest"
            return _low(legal), "Play low and hope to be overtaken"
        if following:
            return _high(below), "Play the highest card that still loses"
        return high_rank(below), "Throw a dangerous high card"

    # --- partner's nil ------------------------------------------------------------
    if bids[partner] <= 0 and not won[partner]:
        if pos >= 2:
            if win_seat == partner:
                if beats:
                    return _cheapest(beats, following), "Overtake to save your partner's nil"
                return _low(legal), "Nothing can save the trick"
        else:
            if beats:
                if following:
                    return _high(beats), "Play high to cover your partner's nil"
                return _high(beats & SPADE_MASK), "Trump to cover your partner's nil"
            if following:
                return _low(legal), "Play low"
            return discard(legal, False), "Discard"

    # --- an opponent's nil --------------------------------------------------------
    need = team_need(t, seat & 1)
    remaining = 13 - t.tricks_done
    nil_opps = _live_nils(bids, won, *OPPONENTS[seat])
    if attack and nil_opps and need < remaining - 1:
        if win_seat in nil_opps:
            if below:
                if following:
                    return _high(below), "Stay under the nil bidder's card"
                return discard(below, False), "Let the nil bidder win the trick"
            return _low(legal), "Play low"
        if any(q in later for q in nil_opps) and not (
            win_seat == partner and not _Trick(t, seat, pos).beatable(best)
        ):
            if following:
                return _low(legal), "Play low: the nil bidder may have to win"
            if below:
                return discard(below, False), "Discard: leave the nil bidder room to win"

    want = need > 0 or (attack and _wants_tricks(t, seat, need, remaining))

    # --- partner winning ----------------------------------------------------------
    if win_seat == partner:
        info = None
        if pos < 3 and want and beats:
            info = _Trick(t, seat, pos)
        # Nothing to do but follow low: playing last, not wanting the trick, unable to
        # top the partner, or no opponent still to play can top the partner's card.
        if info is None or not info.beatable(best):
            if following:
                return _low(legal), "Your partner has this trick: play low"
            return discard(legal, not want), "Your partner has this trick: discard"
        sure = info.lowest_sure(beats)
        if sure >= 0 and (following or RANK_OF[best] < 10):
            return sure, "Make sure of the trick your partner may lose"
        if following:
            return _low(legal), "Play low under your partner"
        return discard(legal, False), "Discard under your partner"

    # --- an opponent winning ------------------------------------------------------
    if want:
        if not beats:
            if following:
                return _low(legal), "Cannot win: play low"
            return discard(legal, False), "Cannot win: discard"
        if pos == 3:
            return _cheapest(beats, following), "Win as cheaply as possible"
        info = _Trick(t, seat, pos)
        sure = info.lowest_sure(beats)
        if sure >= 0:
            return sure, "Win with a card that cannot be beaten"
        if pos == 1:
            if following:
                return _low(legal), "Second hand low"
            if RANK_OF[best] >= 9 or not t.hands[seat] & NON_SPADE_MASK:
                return _cheapest(beats, False), "Trump the high card"
            return discard(legal, False), "Second hand low: discard"
        if following:
            return _high(beats), "Third hand high"
        return _cheapest(beats, False), "Trump to win the trick"

    # Duck: the contract is safe, so stay under when possible.
    if below:
        if pos == 3 and not beats and following:
            return _low(legal), "Cannot win: play low"
        if following:
            return _high(below), "Duck under to avoid a bag"
        return discard(below, True), "Discard a high card to avoid bags"
    if pos == 3:
        return high_rank(legal, spare_spades=False), "Forced to win: use the highest"
    return _low(legal), "Play low and hope to be overtaken"


def _cheapest(beats: int, following: bool) -> int:
    """The least valuable winning card: the lowest one in suit, else the lowest spade."""
    if not following and beats & SPADE_MASK:
        return _low(beats & SPADE_MASK)
    return _low(beats)


def simple_card(t: Position, seat: int) -> tuple[int, str]:
    """The easy player's card: plain habits, no counting beyond what it remembers.

    It still keeps its own nil and covers its partner's (anything else would look
    absurd), but it wins whenever it can while the team needs tricks, never plans
    second- or third-hand play, and never chases bags or sets.
    """
    legal = sound_cards(t, seat, t.legal())
    if not legal & (legal - 1):
        return _low(legal), "The only sensible card"
    partner = PARTNER[seat]
    if nil_alive(t, seat) or nil_alive(t, partner):
        return choose_card(t, seat, attack=False)
    need = team_need(t, seat & 1)
    if not t.trick:
        side = legal & NON_SPADE_MASK
        for suit in range(3):
            m = side & SUIT_MASKS[suit]
            if m and RANK_OF[_high(m)] == 12 and need > 0:
                return _high(m), "Lead an ace"
        return low_rank(legal), "Lead low"
    win_seat, best = t.winning()
    following = bool(legal & SUIT_MASKS[t.led])
    if best >= 39:
        beats = legal & SPADE_MASK & _ABOVE[best]
    else:
        beats = (legal & _ABOVE[best]) | (legal & SPADE_MASK)
    if win_seat != partner and need > 0 and beats:
        return _cheapest(beats, following), "Win the trick"
    if following:
        return _low(legal), "Play low"
    return discard(legal, False), "Discard"
