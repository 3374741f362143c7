"""The search at three seats and at two: one player's tricks against all the others.

Cutthroat (three players) and two-handed (two, after the draw) have no partners, so
double dummy asks of one player at a time: the most tricks that player takes, or
whether its nil is kept, with every other player playing together against it. At
two that is the whole game (each player's tricks are the other's complement); at
three it is what a player could take against the two others as one side, which is
what "All cards seen" says of a cutthroat hand (docs/solver.md).

``FewSolver`` answers the same question as the four-seat ``search.Solver`` ("does
the counted seat take at least ``t`` of the tricks left?") with the same interface
(``trick``, ``bounds``, ``nodes``, slices), on the same squeezed hands: each card
tried once among its equals; DDS's table of bounds at trick boundaries, an entry
standing for every position of the same shape, leader and broken spades whose hands
hold alike the cards the answer rested on (the winners of tricks won by rank, the
cards a sure-trick bound rests on, closed upwards in each suit); the lead that cut
tried first again (the table's), then the leads by weight, the second hand's cards
with the third hand's threat seen (the orders are ``few_order.py``'s); the cards an
answer did not rest on not tried (``equal_below``); and two bounds (the top spades of
the hand that holds the top one; the leader's cashing tricks). The four-seat search stays
as it was: its techniques are about partners (quick tricks through the partner, the
second hand's partner fourth), and its node counts are pinned by its tests.
"""

from __future__ import annotations

from collections.abc import Generator

from ..engine.cards import CARD_IDS, SPADE_MASK, SUIT_MASKS, SUIT_OF
from ..engine.legal import legal_cards
from .few_order import FewOrder
from .order import BASE
from .search import (
    _ABOVE,
    _ALL,
    _FIELD_OF,
    _INCL,
    _KEEP,
    _SHAPE_UNIT,
    NEVER,
    _close,
    _store,
    equal_below,
    run_tops,
    squeeze_hands,
)

Search = Generator[None, None, tuple[bool, int]]

_SP = SPADE_MASK
_SIDE_SUITS = SUIT_MASKS[:3]


def _run_low(hand: int, top: int) -> int:
    """A trick won by rank with ``top``: the winner and the cards it stood for (its
    run in the winner's ``hand``, tried once) must lie alike, so the answer rests on
    the run's lowest card (closed upwards later), as one bit."""
    low = top
    base = BASE[top]
    while low > base and hand >> (low - 1) & 1:
        low -= 1
    return 1 << low


class FewSolver(FewOrder):
    """One question of a deal of three or two hands: ``weights[seat]`` is 1 for the
    seat whose tricks are counted, ``maximising[seat]`` says who wants the count high
    (the counted seat for its tricks; every other seat, against a nil). Keep one per
    deal and question: its table serves every search of it."""

    def __init__(
        self, weights: tuple[int, ...], maximising: tuple[bool, ...],
        spades_lead_anytime: bool, forced_spade_lead_breaks: bool,
        slice_nodes: int = NEVER,
    ) -> None:
        self.weights = weights
        self.maximising = maximising
        self.seats = len(weights)
        # A player's tricks, every other player against it (not a nil's).
        self.team_mode = weights == tuple(map(int, maximising))
        self.anytime = spades_lead_anytime
        self.forced_breaks = forced_spade_lead_breaks
        # shape, leader, broken -> relevant cards (one field a hand but the last) ->
        # those hands on them -> lo | hi << 5 | (lead + 1) << 10 (search._store)
        self.table: dict[int, dict[int, dict[int, int]]] = {}
        self.nodes = 0
        self.slice_nodes = slice_nodes
        self.pause_at = slice_nodes

    def _fields(self, cards: int) -> int:
        """``cards`` once for each hand but the last, side by side: ANDed with the
        hands packed alike, who holds them (the last hand the rest)."""
        return cards | cards << CARD_IDS if self.seats == 3 else cards

    def _packed(self, h: tuple[int, ...]) -> int:
        return h[0] | h[1] << CARD_IDS if self.seats == 3 else h[0]

    def bounds(self, hands: tuple[int, ...], leader: int, broken: bool) -> tuple[int, int]:
        """What is known for certain of the count from here, without searching."""
        lo, hi, _, _ = self._sure(hands, leader, broken or self.anytime,
                                  hands[leader].bit_count())
        return lo, hi

    def _sure(self, h: tuple[int, ...], leader: int, broken: bool, left: int
              ) -> tuple[int, int, int, int]:
        """Bounds of the count, and the cards each rests on: the top spades, and,
        when a player's tricks are counted, the leader's cashing tricks (for it, or
        against it)."""
        lo, hi, lo_cards, hi_cards = 0, left, 0, 0
        run, cards, holder = self._tops(h)
        if run:
            if self.weights[holder]:
                lo, lo_cards = run, cards
            else:
                hi, hi_cards = left - run, cards
        if self.team_mode:
            quick, cards = self._cash(h, leader, broken)
            if self.weights[leader]:
                if quick > lo:
                    lo, lo_cards = quick, cards
            elif left - quick < hi:
                hi, hi_cards = left - quick, cards
        return lo, hi, lo_cards, hi_cards

    def _tops(self, h: tuple[int, ...]) -> tuple[int, int, int]:
        """The hand with the top spade wins a trick with each of its spades above every
        other hand's (one trick each: they are its own cards): how many, those
        spades, and the hand."""
        spades = [x & _SP for x in h]
        top = max(spades)  # the hands are disjoint: the top spade's holder
        if not top:
            return 0, 0, -1
        holder = spades.index(top)
        others = 0
        for s, x in enumerate(spades):
            if s != holder:
                others |= x
        cards = top & ~((1 << others.bit_length()) - 1)
        return cards.bit_count(), cards, holder

    def _cash(self, h: tuple[int, ...], leader: int, broken: bool) -> tuple[int, int]:
        """Tricks the leader takes for certain by cashing its top cards, and those
        cards: its spades above every other hand's first (when it may lead them; all
        of them once the others have none), then in each other suit its cards above
        the others' (all of them when no other hand holds more of the suit), never
        more rounds than another hand still holding spades can follow (it would
        ruff). Top spades it may not lead yet win a trick each later all the same."""
        hand = h[leader]
        others = [x for s, x in enumerate(h) if s != leader]
        spades_out = [(x & _SP).bit_count() for x in others]
        q = 0
        used = 0
        mine = hand & _SP
        if mine:
            theirs = 0
            for x in others:
                theirs |= x & _SP
            run = mine & ~((1 << theirs.bit_length()) - 1)
            n = run.bit_count()
            used = run
            if broken or not hand & ~_SP:
                if n >= max(spades_out):
                    n = mine.bit_count()  # the others are out of spades: every one wins
                spades_out = [max(0, k - n) for k in spades_out]
            # else they wait until spades may be led (or the leader ruffs), and then
            # win all the same: a trick each besides the side suits' (its own cards).
            q = n
        for field in _SIDE_SUITS:
            mine = hand & field
            if not mine:
                continue
            theirs = 0
            for x in others:
                theirs |= x & field
            run = mine & ~((1 << theirs.bit_length()) - 1)
            n = run.bit_count()
            if n and all(n >= (x & field).bit_count() for x in others):
                n = mine.bit_count()  # the others are out of the suit: every one wins
            for x, k in zip(others, spades_out, strict=True):
                if k:
                    n = min(n, (x & field).bit_count())
            while run.bit_count() > n:
                run &= run - 1  # the lowest goes: the top n are cashed
            q += n
            used |= run
        return q, used

    def trick(self, h: tuple[int, ...], leader: int, broken: bool, t: int,
              shape: int) -> Search:
        """(Does the counted seat take at least ``t`` of the tricks left?, the cards
        the answer rests on), at a trick boundary. ``shape`` is ``search.shape_of(h)``."""
        if t <= 0:
            return True, 0
        left = h[leader].bit_count()
        if t > left:
            return False, 0
        if self.nodes >= self.pause_at:
            self.pause_at = self.nodes + self.slice_nodes
            yield
        if self.anytime:
            broken = True
        key = shape << 3 | leader << 1 | broken
        packed = self._packed(h)
        bucket = self.table.get(key)
        hint = -1
        if bucket is None:
            bucket = self.table[key] = {}
        else:
            for fields, patterns in bucket.items():
                e = patterns.get(packed & fields)
                if e is not None:
                    if e & 31 >= t:
                        return True, fields & _ALL
                    if e >> 5 & 31 < t:
                        return False, fields & _ALL
                    if e >> 10:
                        hint = (e >> 10) - 1
        lo, hi, lo_cards, hi_cards = self._sure(h, leader, broken, left)
        if lo >= t or hi < t:
            reached = lo >= t
            cards = _close(lo_cards if reached else hi_cards)
            fields = self._fields(cards)
            _store(bucket, fields, packed & fields, lo if reached else 0,
                   left if reached else hi)
            return reached, cards
        lead_of = self._trick3 if self.seats == 3 else self._lead
        value, lead, rel = yield from lead_of(h, leader, broken, t, left, hint, shape)
        rel = _close(rel)
        fields = self._fields(rel)
        if value:
            _store(bucket, fields, packed & fields, t, left, lead)
        else:
            _store(bucket, fields, packed & fields, 0, t - 1, lead)
        return value, rel

    def _lead(self, h: tuple[int, ...], leader: int, broken: bool, t: int, left: int,
              hint: int, shape: int) -> Generator[None, None, tuple[bool, int, int]]:
        """The leads: the answer, the lead that made it (-1: none did), and the cards
        the answer rests on."""
        hand = h[leader]
        cands = run_tops(legal_cards(hand, -1, broken, self.anytime), hand)
        maxi = self.maximising[leader]
        rel = 0
        same = 0  # cards answered by a card tried before (equal_below)
        for a in self._lead_order(cands, h, leader, hint):
            if same >> a & 1:
                continue
            self.nodes += 1
            led = SUIT_OF[a]
            opened = broken or (led == 3 and self.forced_breaks)
            v, r = yield from self._follow(h, leader, opened, t, left, (a,), a, leader, led,
                                           shape - _SHAPE_UNIT[leader][led])
            if v == maxi:
                return v, a, r
            rel |= r
            if not same & _FIELD_OF[a]:
                same |= equal_below(rel, a)
        return not maxi, -1, rel

    def _trick3(self, h: tuple[int, ...], leader: int, broken: bool, t: int, left: int,
                hint: int, shape: int) -> Generator[None, None, tuple[bool, int, int]]:
        """``_lead`` and ``_follow`` at three seats, the trick's three hands as three
        loops in one frame (a generator a card costs Python more than the card): the
        same cards in the same order, the same answers and nodes."""
        s2 = (leader + 1) % 3
        s3 = (leader + 2) % 3
        h1, h2, h3 = h[leader], h[s2], h[s3]
        weights = self.weights
        team = self.team_mode
        m1, m2, m3 = (self.maximising[s] for s in (leader, s2, s3))
        anytime = self.anytime
        forced = self.forced_breaks
        follow_order = self._follow_order
        u1, u2, u3 = _SHAPE_UNIT[leader], _SHAPE_UNIT[s2], _SHAPE_UNIT[s3]
        cands = run_tops(legal_cards(h1, -1, broken, anytime), h1)
        rel1 = 0
        same1 = 0  # cards answered by a card tried before (equal_below)
        for a in self._lead_order(cands, h, leader, hint):
            if same1 >> a & 1:
                continue
            self.nodes += 1
            led = SUIT_OF[a]
            broken1 = broken or (led == 3 and forced)
            shape1 = shape - u1[led]
            value2 = not m2
            rel2 = 0
            same2 = 0
            seconds = self._second_order(run_tops(legal_cards(h2, led, broken1, anytime), h2),
                                         s2, h3, s3, led, a, leader)
            if team and (t == 1 if weights[s2] else t == left and weights[leader]):
                # The counted player, second, needs only this trick (or, leading, needs
                # every trick): settled if the second hand's side surely takes it.
                cards = self._second_takes(h2, h3, led, a, weights[s2])
                if cards >= 0:
                    value2 = m2
                    rel2 = cards
                    seconds = []
            for b in seconds:
                if same2 >> b & 1:
                    continue
                self.nodes += 1
                if b > a and (b >= 39 or SUIT_OF[b] == led):
                    best2, win2 = b, s2
                else:
                    best2, win2 = a, leader
                broken2 = broken1 or (b >= 39 and led != 3)
                shape2 = shape1 - u2[SUIT_OF[b]]
                value3 = not m3
                rel3 = 0
                same3 = 0
                for c in follow_order(run_tops(legal_cards(h3, led, broken2, anytime), h3),
                                      s3, led, best2, win2):
                    if same3 >> c & 1:
                        continue
                    self.nodes += 1
                    if c > best2 and (c >= 39 or SUIT_OF[c] == led):
                        top, winner = c, s3
                    else:
                        top, winner = best2, win2
                    t2 = t - weights[winner]
                    if t2 <= 0:
                        v, r = True, 0
                    elif t2 >= left:
                        v, r = False, 0
                    else:
                        x, y, z = sorted((a, b, c))
                        n1 = h1 ^ (1 << a)
                        n2 = h2 ^ (1 << b)
                        n3 = h3 ^ (1 << c)
                        for card in (z, y, x):  # close the trick's cards up, highest first
                            above = _ABOVE[card]
                            keep = _KEEP[card]
                            n1 = (n1 & keep) | (n1 & above) >> 1
                            n2 = (n2 & keep) | (n2 & above) >> 1
                            n3 = (n3 & keep) | (n3 & above) >> 1
                        nh = [0, 0, 0]
                        nh[leader], nh[s2], nh[s3] = n1, n2, n3
                        v, r = yield from self.trick(
                            tuple(nh), winner, broken2 or (c >= 39 and led != 3), t2,
                            shape2 - u3[SUIT_OF[c]])
                        if r:
                            for card in (x, y, z):  # back to this trick's numbering
                                above = r & _INCL[card]
                                r = (r ^ above) | ((above << 1) & _FIELD_OF[card])
                    suit = SUIT_OF[top]
                    if (SUIT_OF[a] == suit) + (SUIT_OF[b] == suit) + (SUIT_OF[c] == suit) > 1:
                        r |= _run_low(h[winner], top)  # won by rank
                    if v == m3:
                        value3 = v
                        rel3 = r
                        break
                    rel3 |= r
                    if not same3 & _FIELD_OF[c]:
                        same3 |= equal_below(rel3, c)
                if value3 == m2:
                    value2 = value3
                    rel2 = rel3
                    break
                rel2 |= rel3
                if not same2 & _FIELD_OF[b]:
                    same2 |= equal_below(rel2, b)
            if value2 == m1:
                return value2, a, rel2
            rel1 |= rel2
            if not same1 & _FIELD_OF[a]:
                same1 |= equal_below(rel1, a)
        return not m1, -1, rel1

    def _follow(self, h: tuple[int, ...], leader: int, broken: bool, t: int, left: int,
                played: tuple[int, ...], best: int, win: int, led: int, shape: int
                ) -> Search:
        """The next hand's cards in the trick ``played`` so far (``best`` tops it,
        played by ``win``); the trick complete, the search goes on at the next. The
        answer, and the cards it rests on. ``shape``: the hands' without the cards
        played so far."""
        n = len(played)
        seats = self.seats
        seat = (leader + n) % seats
        hand = h[seat]
        cands = run_tops(legal_cards(hand, led, broken, self.anytime), hand)
        maxi = self.maximising[seat]
        last = n + 1 == seats
        units = _SHAPE_UNIT[seat]
        rel = 0
        same = 0
        for c in self._follow_order(cands, seat, led, best, win):
            if same >> c & 1:
                continue
            self.nodes += 1
            if c > best and (c >= 39 or SUIT_OF[c] == led):
                top, winner = c, seat
            else:
                top, winner = best, win
            opened = broken or (c >= 39 and led != 3)
            trick = (*played, c)
            if last:
                t2 = t - self.weights[winner]
                if t2 <= 0:
                    v, r = True, 0
                elif t2 >= left:
                    v, r = False, 0
                else:
                    nh = list(h)
                    for i, card in enumerate(trick):
                        nh[(leader + i) % seats] ^= 1 << card
                    v, r = yield from self.trick(squeeze_hands(nh, trick), winner, opened, t2,
                                                 shape - units[SUIT_OF[c]])
                    for x in sorted(trick):  # back to this trick's numbering
                        above = r & _INCL[x]
                        r = (r ^ above) | ((above << 1) & _FIELD_OF[x])
                suit = SUIT_OF[top]
                if [SUIT_OF[x] for x in trick].count(suit) > 1:
                    r |= _run_low(h[winner], top)  # won by rank
            else:
                v, r = yield from self._follow(h, leader, opened, t, left, trick, top, winner,
                                               led, shape - units[SUIT_OF[c]])
            if v == maxi:
                return v, r
            rel |= r
            if not same & _FIELD_OF[c]:
                same |= equal_below(rel, c)
        return not maxi, rel
