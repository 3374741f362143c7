"""The exact search: zero-window alpha-beta over whole tricks, on squeezed hands.

Positions here are *squeezed*: each suit keeps the engine's field of bits
(``cards.SUIT_MASKS``; the spades' field holds the variants' top trumps too), but the
cards still present (in a hand or on the trick in progress) sit in its lowest bits, in
their order, with no gaps for the cards of finished tricks. Two deals that differ only
in which small cards are already gone are then the same position, two cards of one
hand with nothing present between them are adjacent bits (tried once), and the sure
winners of a suit are simply its top bits. The engine's rules read squeezed masks as
they read real ones, because suit membership and order are kept: the legal cards come
from ``legal.legal_cards``; the trick's winner is computed card by card with the same
test as ``legal.trick_winner_index`` (a test holds the two equal).

A search answers one question, "does the counted side take at least ``t`` of the
remaining tricks?", so every cut is a zero window; exact values come from repeating
it on targets (the driver in ``position.py``). What is counted is a 0/1 weight per
seat: a team's two seats for its tricks, or one seat for a nil. The maximising side
is the team that wants the count high. Positions at trick boundaries go into a table
of bounds (see ``Solver``). A card that wins a trick by rank counts there with the
cards of its run in the winner's hand (they were tried once, as one), so an entry
never stands for a position where that run is split.

The searches are generators: they ``yield`` every ``slice_nodes`` cards so a caller
can run them in slices between frames (the browser has one thread) and drop them at
any time; run to the end without pausing, they return the answer.
"""

from __future__ import annotations

from collections.abc import Generator

from ..engine.cards import CARD_IDS, NON_SPADE_MASK, SEATS, SPADE_MASK, SUIT_MASKS, SUIT_OF
from ..engine.legal import legal_cards
from .bounds import sure_tricks, top_spades
from .order import AFTER, BASE, follow_order, nil_order, plain_leads, weighted_leads

Search = Generator[None, None, tuple[bool, int]]

_F0, _F1, _F2, _F3 = SUIT_MASKS
_SP = SPADE_MASK
_NSP = NON_SPADE_MASK
_ALL = (1 << CARD_IDS) - 1
_TOPS = sum(1 << (m.bit_length() - 1) for m in SUIT_MASKS)  # the top bit of each suit
_NOT_TOPS = _ALL ^ _TOPS
# Bits above a card within its suit, and everything else: to squeeze a card out.
_ABOVE = [SUIT_MASKS[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(CARD_IDS)]
_KEEP = [_ALL ^ a for a in _ABOVE]
_FIELD_OF = [SUIT_MASKS[SUIT_OF[c]] for c in range(CARD_IDS)]
_INCL = [SUIT_MASKS[SUIT_OF[c]] & ~((1 << c) - 1) for c in range(CARD_IDS)]
# A hand's suit lengths in 5-bit fields (up to 17 spades), seat by seat: the shape.
_SUITS = len(SUIT_MASKS)
_SHAPE_UNIT = [[1 << (5 * (_SUITS * seat + suit)) for suit in range(_SUITS)]
               for seat in range(SEATS)]
NEVER = 1 << 62
_TWO = 2 * CARD_IDS
_THREE = 3 * CARD_IDS


def shape_of(hands: tuple[int, ...]) -> int:
    shape = 0
    for seat, h in enumerate(hands):
        for suit, field in enumerate(SUIT_MASKS):
            shape += (h & field).bit_count() * _SHAPE_UNIT[seat][suit]
    return shape


def _store(
    bucket: dict[int, dict[int, int]], rel3: int, pattern: int, lo: int, hi: int,
    lead: int = -1,
) -> None:
    """Narrow the bounds kept for the positions that hold the cards of ``rel3`` (the
    relevant cards thrice, ``_thrice``) as ``pattern`` does; ``lead``: the lead that
    reached the bound (-1: none), tried first next time. An entry is one int
    (``_entry``): ints are no objects the garbage collector looks at, so a table of
    millions of entries costs a collection nothing (lists did: a frame's pause)."""
    patterns = bucket.get(rel3)
    if patterns is None:
        bucket[rel3] = {pattern: lo | hi << 5 | (lead + 1) << 10}
        return
    e = patterns.get(pattern)
    if e is None:
        patterns[pattern] = lo | hi << 5 | (lead + 1) << 10
    else:
        elo = e & 31
        ehi = e >> 5 & 31
        patterns[pattern] = (lo if lo > elo else elo) | (hi if hi < ehi else ehi) << 5 | (
            lead + 1 if lead >= 0 else e >> 10) << 10


def _thrice(cards: int) -> int:
    """``cards`` in each of three fields, one per hand of seats 0 to 2: ANDed with a
    position's hands of seats 0 to 2 in those fields (``hands3`` in ``trick``), the
    pattern of who holds them (seat 3 the rest), in one operation."""
    return cards | cards << CARD_IDS | cards << _TWO


def _close(cards: int) -> int:
    """The cards and every card above the lowest of them in its suit."""
    out = cards
    for field in SUIT_MASKS:
        m = cards & field
        if m:
            out |= field & ~((m & -m) - 1)
    return out


def squeeze(hands: tuple[int, int, int, int], cards: tuple[int, ...]) -> tuple[int, ...]:
    """The four hands with ``cards`` (out of every hand) closed up in their suits."""
    h0, h1, h2, h3 = hands
    for c in sorted(cards, reverse=True):
        a = _ABOVE[c]
        k = _KEEP[c]
        h0 = (h0 & k) | (h0 & a) >> 1
        h1 = (h1 & k) | (h1 & a) >> 1
        h2 = (h2 & k) | (h2 & a) >> 1
        h3 = (h3 & k) | (h3 & a) >> 1
    return (h0, h1, h2, h3)


def squeeze_hands(hands: tuple[int, ...] | list[int], cards: tuple[int, ...]) -> tuple[int, ...]:
    """Any number of hands with ``cards`` closed up in their suits: ``squeeze`` for
    the three and two hands of cutthroat and two-handed."""
    out = list(hands)
    for c in sorted(cards, reverse=True):
        a = _ABOVE[c]
        k = _KEEP[c]
        out = [(x & k) | (x & a) >> 1 for x in out]
    return tuple(out)


def equal_below(rel: int, card: int) -> int:
    """The cards of ``card``'s suit that a search of ``card`` also answered: when
    ``card`` lies below every card of its suit that the answer rested on (``rel``),
    so does any lower-than-those card of the suit, and playing one instead of the
    other changes nothing the answer rests on (DDS's moves above ``lowestWin``).
    0 when ``card`` itself mattered."""
    field = _FIELD_OF[card]
    m = rel & field
    if not m:
        return field
    low = m & -m
    return field & (low - 1) if (1 << card) < low else 0


def takes_trick(hs: int, hp: int, hn: int, led: int, lead: int) -> int:
    """Whether the side of the second hand ``hs`` (its partner ``hp`` plays fourth,
    ``hn`` third) takes the trick ``lead`` began, whatever is played: -1 when not
    sure, else the cards that rest on it (DDS's QuickTricksSecondHand, first trick).
    A ruff of a side suit that the third hand cannot overruff rests on the suit
    lengths only (0); else a card of the suit above the lead and all of the third
    hand's, which the third hand cannot ruff."""
    field = SUIT_MASKS[led]
    third_ruffs = led != 3 and not hn & field and hn & _SP
    if led != 3 and ((not hs & field and hs & _SP) or (not hp & field and hp & _SP)):
        return -1 if third_ruffs else 0
    top = (hs | hp) & field
    if top and top.bit_length() - 1 > lead and top > hn & field and not third_ruffs:
        return _INCL[top.bit_length() - 1]
    return -1


def run_tops(cards: int, hand: int) -> int:
    """The cards of ``cards`` that top a run of ``hand``: one of each set of equals."""
    return cards & ~((hand >> 1) & _NOT_TOPS)


class Solver:
    """One game's search: what is counted, who maximises, the rules of the lead.

    ``weights[seat]`` is 1 for a seat whose tricks are counted; ``max_team`` wants
    the count high. ``team_mode`` (the count is the maximising team's tricks) turns
    on the sure-trick cuts, which are about sides. Keep one per deal and question:
    the table of positions is shared by every search of it.

    The table is DDS's: a search's answer at a trick boundary comes back with the
    cards that decided it (the winners of tricks won by rank, the sure winners of a
    cut), closed upwards in each suit; the entry holds the bound for every position
    of the same shape (suit lengths of each hand), leader and broken spades whose
    hands hold those top cards alike, whatever the smaller cards.

    ``weighted_order`` orders the leads and the second hand by DDS's weights (order.py);
    without it, by the rules of thumb that hard's exact endings (spades/ai/endings.py)
    use: their node cap makes hard's decisions depend on the order, and its figures of
    record in docs/ai.md were measured with that one. The answers are the same.
    ``later_cuts`` (the cards answered by a card tried before, DDS's lowestWin; the
    second hand's sure trick, its QuickTricksSecondHand) came after those figures: the
    same node cap reaches other positions with them, so hard's endings go without them
    until its figures are measured again; the review and the bench use them.
    """

    def __init__(
        self,
        weights: tuple[int, int, int, int],
        max_team: int,
        spades_lead_anytime: bool,
        forced_spade_lead_breaks: bool,
        slice_nodes: int = NEVER,
        weighted_order: bool = True,
        later_cuts: bool = True,
    ) -> None:
        self.weights = weights
        self.max_team = max_team
        self.maximising = tuple(s % 2 == max_team for s in range(SEATS))
        self.team_mode = all(w == ((s & 1) == max_team) for s, w in enumerate(weights))
        self.nil_seat = -1 if self.team_mode or sum(weights) != 1 else weights.index(1)
        self.weighted = weighted_order
        self.later_cuts = later_cuts
        self.anytime = spades_lead_anytime
        self.forced_breaks = forced_spade_lead_breaks
        # shape, leader, broken -> relevant cards (_thrice) -> hands 0..2 on them
        # (hands3 & it) -> lo | hi << 5 | (lead + 1) << 10
        self.table: dict[int, dict[int, dict[int, int]]] = {}
        self.hints: dict[int, int] = {}  # the four hands and the leader, as one int
        self.killers = [-1] * 18  # by tricks left: the lead that last made a cut
        self.nodes = 0
        self.slice_nodes = slice_nodes
        self.pause_at = slice_nodes

    # --- the answer at a trick boundary -----------------------------------------

    def bounds(self, hands: tuple[int, ...], leader: int, broken: bool) -> tuple[int, int]:
        """What is known for certain of the count from here, without searching."""
        left = hands[leader].bit_count()
        if self.team_mode:
            lo, hi, _, _ = self._sure(hands, leader, broken or self.anytime, left)
            return lo, hi
        return 0, left

    def _sure(
        self, h: tuple[int, ...], leader: int, broken: bool, left: int
    ) -> tuple[int, int, int, int]:
        """Bounds of the count from sure winners, and the cards each rests on."""
        a, p, b = AFTER[leader]
        hl, hp, ha, hb = h[leader], h[p], h[a], h[b]
        quick, quick_cards = sure_tricks(hl, hp, ha, hb, broken or not hl & _NSP)
        top, top_cards = top_spades(hl, hp, ha, hb)
        if quick >= top:
            ours, ours_cards = quick, quick_cards
        else:
            ours, ours_cards = top, top_cards
        theirs, theirs_cards = top_spades(ha, hb, hl, hp)
        if (leader & 1) == self.max_team:
            return ours, left - theirs, ours_cards, theirs_cards
        return theirs, left - ours, theirs_cards, ours_cards

    def trick(
        self, h: tuple[int, ...], leader: int, broken: bool, t: int, shape: int
    ) -> Search:
        """(Does the counted side take at least ``t`` of the tricks left?, the cards
        the answer rests on), at a trick boundary. ``shape`` is ``shape_of(h)``."""
        if t <= 0:
            return True, 0
        h1 = h[leader]
        left = h1.bit_count()
        if t > left:
            return False, 0
        if self.nodes >= self.pause_at:
            self.pause_at = self.nodes + self.slice_nodes
            yield
        weights = self.weights
        s2, s3, s4 = AFTER[leader]
        h2, h3, h4 = h[s2], h[s3], h[s4]
        if left == 1:
            self.nodes += 4
            led = h1.bit_length() - 1
            best, win = led, leader
            suit = SUIT_OF[led]
            by_rank = False
            for seat, card in ((s2, h2.bit_length() - 1), (s3, h3.bit_length() - 1),
                               (s4, h4.bit_length() - 1)):
                if SUIT_OF[card] == SUIT_OF[best]:
                    by_rank = True
                if card > best and (card >= 39 or SUIT_OF[card] == suit):
                    best, win = card, seat
                    by_rank = False
            if not by_rank:
                # Another card of the winner's suit after it also makes it by rank.
                ws = SUIT_OF[best]
                by_rank = sum(SUIT_OF[c] == ws for c in (led, h2.bit_length() - 1,
                              h3.bit_length() - 1, h4.bit_length() - 1)) > 1
            return weights[win] >= t, (_INCL[best] if by_rank else 0)
        anytime = self.anytime
        if anytime:
            broken = True
        cuts = self.later_cuts
        key = shape << 3 | leader << 1 | broken
        table = self.table
        h0, hh1, hh2 = h[0], h[1], h[2]
        hands3 = h0 | hh1 << CARD_IDS | hh2 << _TWO
        bucket = table.get(key)
        table_lead = -1
        if bucket is None:
            bucket = table[key] = {}
        else:
            for r3, patterns in bucket.items():
                e = patterns.get(hands3 & r3)
                if e is not None:
                    if e & 31 >= t:
                        return True, r3 & _ALL
                    if e >> 5 & 31 < t:
                        return False, r3 & _ALL
                    if e >> 10:
                        table_lead = (e >> 10) - 1
        if self.team_mode:
            lo, hi, lo_cards, hi_cards = self._sure(h, leader, broken, left)
            if lo >= t or hi < t:
                reached = lo >= t
                cards = _close(lo_cards if reached else hi_cards)
                cards3 = _thrice(cards)
                _store(bucket, cards3, hands3 & cards3, lo if reached else 0,
                       left if reached else hi)
                return reached, cards
        elif self.nil_seat >= 0 and t == 1:
            n = self.nil_seat
            others = 0
            for s, x in enumerate(h):
                if s != n:
                    others |= x
            top = (others & _SP).bit_length()
            mine = h[n] & _SP
            if mine >> top if top else mine:
                # The nil holds the top spade: it wins a trick whatever happens.
                return True, _close(mine & ~((1 << top) - 1))
        max_team = self.max_team
        m1 = (leader & 1) == max_team
        m2 = not m1
        forced = self.forced_breaks
        order = self._order
        hint_key = hands3 | h[3] << _THREE | leader << (_THREE + CARD_IDS)
        hint = self.hints.get(hint_key, table_lead if self.weighted else -1)
        w1 = _SHAPE_UNIT[leader]
        w2 = _SHAPE_UNIT[s2]
        w3 = _SHAPE_UNIT[s3]
        w4 = _SHAPE_UNIT[s4]
        value1 = not m1
        rel1 = 0
        same1 = 0  # cards answered by a card tried before (equal_below)
        cands1 = run_tops(legal_cards(h1, -1, broken, anytime), h1)
        if cands1 & (cands1 - 1) == 0:
            leads = [cands1.bit_length() - 1]
        elif self.team_mode and self.weighted:
            leads = weighted_leads(cands1, h, leader, left, hint, table_lead,
                                   self.killers[left])
        elif self.team_mode:
            leads = plain_leads(cands1, h, leader, hint)
        else:
            leads = nil_order(self.nil_seat, 1, cands1, h, leader, -1, -1)
        for a in leads:
            if same1 >> a & 1:
                continue
            led = SUIT_OF[a]
            broken1 = broken or (led == 3 and forced)
            field = SUIT_MASKS[led]
            g2 = h2 & field or h2
            shape1 = shape - w1[led]
            value2 = not m2
            rel2 = 0
            same2 = 0
            seconds = order(2, run_tops(g2, h2), h, s2, led, a, leader)
            if cuts and (t == 1 if m2 else t == left) and self.team_mode:
                # The second hand's side needs only this trick (or the other side
                # needs every trick): settled if that side surely takes it.
                cards = takes_trick(h2, h4, h3, led, a)
                if cards >= 0:
                    value2 = m2
                    rel2 = cards
                    seconds = ()
            for b in seconds:
                if same2 >> b & 1:
                    continue
                if b > a and (b >= 39 or SUIT_OF[b] == led):
                    best2, win2 = b, s2
                else:
                    best2, win2 = a, leader
                broken2 = broken1 or (b >= 39 and led != 3)
                g3 = h3 & field or h3
                shape2 = shape1 - w2[SUIT_OF[b]]
                value3 = not m1
                rel3 = 0
                same3 = 0
                for c in order(3, run_tops(g3, h3), h, s3, led, best2, win2):
                    if same3 >> c & 1:
                        continue
                    if c > best2 and (c >= 39 or SUIT_OF[c] == led):
                        best3, win3 = c, s3
                    else:
                        best3, win3 = best2, win2
                    broken3 = broken2 or (c >= 39 and led != 3)
                    g4 = h4 & field or h4
                    shape3 = shape2 - w3[SUIT_OF[c]]
                    value4 = not m2
                    rel4 = 0
                    same4 = 0
                    for d in order(4, run_tops(g4, h4), h, s4, led, best3, win3):
                        if same4 >> d & 1:
                            continue
                        self.nodes += 4
                        if d > best3 and (d >= 39 or SUIT_OF[d] == led):
                            win, top = s4, d
                        else:
                            win, top = win3, best3
                        played = (a, b, c, d)
                        t2 = t - weights[win]
                        if t2 <= 0:  # the target is reached whatever follows
                            v, r = True, 0
                        elif t2 >= left:  # too few tricks left to reach it
                            v, r = False, 0
                        else:
                            nh = [h0, hh1, hh2, h[3]]
                            nh[leader] ^= 1 << a
                            nh[s2] ^= 1 << b
                            nh[s3] ^= 1 << c
                            nh[s4] ^= 1 << d
                            v, r = yield from self.trick(
                                squeeze(nh, played),  # type: ignore[arg-type]
                                win, broken3 or (d >= 39 and led != 3), t2,
                                shape3 - w4[SUIT_OF[d]],
                            )
                        if r:
                            for p in sorted(played):
                                x = r & _INCL[p]
                                r = (r ^ x) | ((x << 1) & _FIELD_OF[p])
                        ts = SUIT_OF[top]
                        if (SUIT_OF[a] == ts) + (SUIT_OF[b] == ts) + (SUIT_OF[c] == ts) + (
                            SUIT_OF[d] == ts
                        ) > 1:
                            # Won by rank: the winner and the cards it stood for (its
                            # run in the winner's hand, tried once) must lie alike.
                            hw = h[win]
                            low = top
                            base = BASE[top]
                            while low > base and hw >> (low - 1) & 1:
                                low -= 1
                            r |= 1 << low
                        if v == m2:
                            value4 = v
                            rel4 = r
                            break
                        rel4 |= r
                        if cuts and not same4 & _FIELD_OF[d]:
                            same4 |= equal_below(rel4, d)
                    if value4 == m1:
                        value3 = value4
                        rel3 = rel4
                        break
                    rel3 |= rel4
                    if cuts and not same3 & _FIELD_OF[c]:
                        same3 |= equal_below(rel3, c)
                if value3 == m2:
                    value2 = value3
                    rel2 = rel3
                    break
                rel2 |= rel3
                if cuts and not same2 & _FIELD_OF[b]:
                    same2 |= equal_below(rel2, b)
            if value2 == m1:
                value1 = value2
                rel1 = rel2
                if a != hint:
                    self.hints[hint_key] = a
                self.killers[left] = a
                break
            rel1 |= rel2
            if cuts and not same1 & _FIELD_OF[a]:
                same1 |= equal_below(rel1, a)
        rel1 = _close(rel1)
        rel3 = _thrice(rel1)
        lead = a if value1 == m1 else -1
        if value1:
            _store(bucket, rel3, hands3 & rel3, t, left, lead)
        else:
            _store(bucket, rel3, hands3 & rel3, 0, t - 1, lead)
        return value1, rel1

    def _order(
        self, ply: int, cands: int, h: tuple[int, ...], seat: int, led: int, best: int,
        win: int,
    ) -> list[int]:
        """The candidate cards of the second to fourth hand, the likeliest best first."""
        if cands & (cands - 1) == 0:
            return [cands.bit_length() - 1]
        if not self.team_mode:
            return nil_order(self.nil_seat, ply, cands, h, seat, best, win)
        return follow_order(ply, cands, h, seat, led, best, win, self.weighted)
