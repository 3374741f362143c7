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
tried once among its equals, a table of bounds at trick boundaries (keyed by the
exact squeezed hands, which already stand for every deal that differs only in the
small cards gone), the lead that cut tried first again, and one sure-trick bound
(the top spades of one hand above every other hand's). The four-seat search stays
as it was: its techniques are about partners (quick tricks through the partner, the
second hand's partner fourth), and its node counts are pinned by its tests.
"""

from __future__ import annotations

from collections.abc import Generator

from ..engine.cards import SPADE_MASK, SUIT_MASKS, SUIT_OF
from ..engine.legal import legal_cards
from .search import NEVER, run_tops, squeeze_hands

Search = Generator[None, None, tuple[bool, int]]
Line = Generator[None, None, bool]

_SP = SPADE_MASK
_SIDE_SUITS = SUIT_MASKS[:3]


def _down(mask: int) -> list[int]:
    """The cards of ``mask``, highest first."""
    out = []
    while mask:
        c = mask.bit_length() - 1
        out.append(c)
        mask ^= 1 << c
    return out


def _up(mask: int) -> list[int]:
    """The cards of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class FewSolver:
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
        # (hands..., leader, broken) -> lo | hi << 5 | (lead + 1) << 10
        self.table: dict[tuple[int, ...], int] = {}
        self.killers = [-1] * 18  # by tricks left: the lead that last made a cut
        self.nodes = 0
        self.slice_nodes = slice_nodes
        self.pause_at = slice_nodes

    def bounds(self, hands: tuple[int, ...], leader: int, broken: bool) -> tuple[int, int]:
        """What is known for certain of the count from here, without searching."""
        return self._sure(hands, leader, broken or self.anytime, hands[leader].bit_count())

    def _sure(self, h: tuple[int, ...], leader: int, broken: bool, left: int
              ) -> tuple[int, int]:
        """Bounds of the count: the top spades, and, when a player's tricks are counted,
        the leader's cashing tricks (for it, or against it)."""
        lo, hi = self._tops(h, left)
        if self.team_mode:
            quick = self._cash(h, leader, broken)
            if self.weights[leader]:
                lo = max(lo, quick)
            else:
                hi = min(hi, left - quick)
        return lo, hi

    def _cash(self, h: tuple[int, ...], leader: int, broken: bool) -> int:
        """Tricks the leader takes for certain by cashing its top cards: its spades
        above every other hand's first (when it may lead them), then in each other
        suit its cards above the others', never more rounds than another hand still
        holding spades can follow (it would ruff)."""
        hand = h[leader]
        others = [x for s, x in enumerate(h) if s != leader]
        spades_out = [(x & _SP).bit_count() for x in others]
        q = 0
        mine = hand & _SP
        if mine and (broken or not hand & ~_SP):
            theirs = 0
            for x in others:
                theirs |= x & _SP
            run = (mine >> theirs.bit_length()).bit_count()
            run = min(run, mine.bit_count())
            q = run
            spades_out = [max(0, n - run) for n in spades_out]
        for field in _SIDE_SUITS:
            mine = hand & field
            if not mine:
                continue
            theirs = 0
            for x in others:
                theirs |= x & field
            run = (mine >> theirs.bit_length()).bit_count()
            for x, n in zip(others, spades_out, strict=True):
                if n:
                    run = min(run, (x & field).bit_count())
            q += run
        return q

    def _tops(self, h: tuple[int, ...], left: int) -> tuple[int, int]:
        """The hand with the top spade wins a trick with each of its spades above every
        other hand's (one trick each: they are its own cards)."""
        spades = [x & _SP for x in h]
        top = max(spades)  # the hands are disjoint: the top spade's holder
        if not top:
            return 0, left
        holder = spades.index(top)
        others = 0
        for s, x in enumerate(spades):
            if s != holder:
                others |= x
        run = (top >> others.bit_length()).bit_count()
        if self.weights[holder]:
            return run, left
        return 0, left - run

    def trick(self, h: tuple[int, ...], leader: int, broken: bool, t: int,
              shape: int = 0) -> Search:
        """(Does the counted seat take at least ``t`` of the tricks left?, 0), at a
        trick boundary (the second value is the four-seat search's relevant cards,
        which this table does not use). ``shape`` is ignored."""
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
        key = (*h, leader, broken)
        e = self.table.get(key)
        if e is None:
            lo, hi = self._sure(h, leader, broken, left)
            hint = -1
            if lo >= t or hi < t:
                self.table[key] = lo | hi << 5
                return lo >= t, 0
        else:
            lo, hi = e & 31, e >> 5 & 31
            if lo >= t:
                return True, 0
            if hi < t:
                return False, 0
            hint = (e >> 10) - 1
        value, lead = yield from self._lead(h, leader, broken, t, left, hint)
        if value:
            lo = t
        else:
            hi = t - 1
        if lead < 0:
            lead = hint
        self.table[key] = lo | hi << 5 | (lead + 1) << 10
        return value, 0

    def _lead(self, h: tuple[int, ...], leader: int, broken: bool, t: int, left: int,
              hint: int) -> Generator[None, None, tuple[bool, int]]:
        """The leads: the answer, and the lead that made it (-1: none did)."""
        hand = h[leader]
        cands = run_tops(legal_cards(hand, -1, broken, self.anytime), hand)
        maxi = self.maximising[leader]
        killer = self.killers[left]
        for a in self._lead_order(cands, h, leader, hint, killer):
            self.nodes += 1
            led = SUIT_OF[a]
            opened = broken or (led == 3 and self.forced_breaks)
            v = yield from self._follow(h, leader, opened, t, left, (a,), a, leader, led)
            if v == maxi:
                self.killers[left] = a
                return v, a
        return not maxi, -1

    def _lead_order(self, cands: int, h: tuple[int, ...], leader: int, hint: int,
                    killer: int) -> list[int]:
        """The lead that cut here before, the last lead that cut with as many tricks
        left, then the leader's winners (a card above every other hand's of its suit),
        highest first, then the rest lowest first."""
        others = 0
        for s, x in enumerate(h):
            if s != leader:
                others |= x
        winners = 0
        for field in SUIT_MASKS:
            mine = cands & field
            if mine and (mine.bit_length() > (others & field).bit_length()):
                winners |= 1 << (mine.bit_length() - 1)
        order = []
        for c in (hint, killer):
            if c >= 0 and cands >> c & 1 and c not in order:
                order.append(c)
        order += [c for c in _down(winners) if c not in order]
        order += [c for c in _up(cands & ~winners) if c not in order]
        return order

    def _follow(self, h: tuple[int, ...], leader: int, broken: bool, t: int, left: int,
                played: tuple[int, ...], best: int, win: int, led: int) -> Line:
        """The next hand's cards in the trick ``played`` so far (``best`` tops it,
        played by ``win``); the trick complete, the search goes on at the next."""
        n = len(played)
        seats = self.seats
        seat = (leader + n) % seats
        hand = h[seat]
        cands = run_tops(legal_cards(hand, led, broken, self.anytime), hand)
        maxi = self.maximising[seat]
        last = n + 1 == seats
        for c in self._follow_order(cands, seat, led, best, win):
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
                    v = True
                elif t2 >= left:
                    v = False
                else:
                    nh = list(h)
                    for i, card in enumerate(trick):
                        nh[(leader + i) % seats] ^= 1 << card
                    v, _ = yield from self.trick(
                        squeeze_hands(nh, trick), winner, opened, t2)
            else:
                v = yield from self._follow(h, leader, opened, t, left, trick, top, winner,
                                            led)
            if v == maxi:
                return v
        return not maxi

    def _follow_order(self, cands: int, seat: int, led: int, best: int, win: int
                      ) -> list[int]:
        """When the trick is the seat's side's already, low; else the cheapest card
        that takes it first, then low (discards before spades)."""
        ups = _up(cands)
        if len(ups) == 1:
            return ups
        following = cands & SUIT_MASKS[led]
        if not following and led != 3:
            ups.sort(key=lambda c: c >= 39)
        if self.maximising[win] == self.maximising[seat]:
            return ups
        for c in ups:
            if c > best and (c >= 39 or SUIT_OF[c] == led):
                return [c] + [x for x in ups if x != c]
        return ups
