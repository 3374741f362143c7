"""The order in which the three- and two-seat search (``few.FewSolver``) tries its
cards: the leads by weight (DDS's, for one player against the others: a winner the
other side cannot ruff first; for the two playing together, a suit the partner heads,
then their own winner, then the partner's ruff; a suit the other side can ruff last),
the second hand's cards with the third hand's threat seen, the third and fourth
hands' cheapest card that takes the trick. ``FewOrder`` is mixed into ``FewSolver``,
as ``order.py`` serves the four-seat search."""

from __future__ import annotations

from ..engine.cards import SPADE_MASK, SUIT_MASKS, SUIT_OF
from .search import _INCL

_SP = SPADE_MASK


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


class FewOrder:
    """The card orders of ``FewSolver`` (its tables and its question are ``self``'s)."""

    def _lead_order(self, cands: int, h: tuple[int, ...], leader: int, hint: int
                    ) -> list[int]:
        """The lead that cut here before (the table's), then the leader's winners (a
        card above every other hand's of its suit), highest first, then the rest
        lowest first; when a player's tricks are counted, by weight first. (The last
        lead that cut with as many tricks left, tried first as at four seats, cost
        11 to 20 % more nodes once the leads were weighted.)"""
        others = 0
        for s, x in enumerate(h):
            if s != leader:
                others |= x
        winners = 0
        for field in SUIT_MASKS:
            mine = cands & field
            if mine and (mine.bit_length() > (others & field).bit_length()):
                winners |= 1 << (mine.bit_length() - 1)
        order = [hint] if hint >= 0 and cands >> hint & 1 else []
        rest = [c for c in _down(winners) if c != hint]
        rest += [c for c in _up(cands & ~winners) if c != hint]
        if self.team_mode and len(rest) > 1:
            rest.sort(key=lambda c: self._lead_weight(c, h, leader, winners))
        return order + rest

    def _lead_weight(self, c: int, h: tuple[int, ...], leader: int, winners: int) -> int:
        """Lower first: for the two playing together, a suit the partner heads; a
        winner of the leader's own; (the two) a suit the partner can ruff; any other
        lead; last, a suit a player of the other side can ruff."""
        suit = SUIT_OF[c]
        field = SUIT_MASKS[suit]
        maxi = self.maximising
        enemy_ruffs = False
        friend = -1
        for s, x in enumerate(h):
            if s == leader:
                continue
            if maxi[s] != maxi[leader]:
                if suit != 3 and not x & field and x & _SP:
                    enemy_ruffs = True
            else:
                friend = s
        if enemy_ruffs:
            return 4
        if winners >> c & 1:
            return 0
        if friend >= 0:
            fx = h[friend]
            enemy = 0
            for s, x in enumerate(h):
                if maxi[s] != maxi[leader]:
                    enemy |= x
            if (fx & field).bit_length() > (enemy & field).bit_length():
                return -1
            if suit != 3 and not fx & field and fx & _SP:
                return 2
        return 3

    @staticmethod
    def _second_takes(h2: int, h3: int, led: int, lead: int, alone: int) -> int:
        """Whether the second hand (``alone``: the counted player, the third hand
        against it; else one of the two playing together, the third its partner)
        surely takes the trick ``lead`` began for its side: -1 when not sure, else the
        cards that rest on it. A ruff of a side suit rests on the suit lengths only
        (0); a card of the suit above the lead, on it and the cards above it."""
        field = SUIT_MASKS[led]
        f2 = h2 & field
        f3 = h3 & field
        if alone:
            third_ruffs = led != 3 and not f3 and h3 & _SP
            if not f2:
                return 0 if led != 3 and h2 & _SP and not third_ruffs else -1
            if f2 > f3 and f2.bit_length() - 1 > lead and not third_ruffs:
                return _INCL[f2.bit_length() - 1]
            return -1
        for fx, x in ((f2, h2), (f3, h3)):  # either of the two playing together
            if fx:
                if fx.bit_length() - 1 > lead:
                    return _INCL[fx.bit_length() - 1]
            elif led != 3 and x & _SP:
                return 0
        return -1

    def _second_order(self, cands: int, seat: int, h3: int, s3: int, led: int, lead: int,
                      leader: int) -> list[int]:
        """The second hand's cards at three seats, the third hand's threat seen: the
        card the third hand could top the trick with. Its partner's lead, or a lead the
        partner (third) tops anyway: low, unless the third hand, of the other side,
        tops the lead, then the cheapest card it cannot top first. The other side's
        lead: the cheapest card that takes it and that the third hand cannot top.
        Either way, when no card is safe, the cheapest that takes the trick (the third
        hand must spend a high card to top it), else low."""
        if not cands & (cands - 1):
            return [cands.bit_length() - 1]
        field = SUIT_MASKS[led]
        ups = _up(cands)
        if not cands & field and led != 3:
            ups.sort(key=lambda c: c >= 39)
        lf = h3 & field
        if lf:
            threat = lf.bit_length() - 1
        elif led != 3 and h3 & _SP:
            threat = (h3 & _SP).bit_length() - 1
        else:
            threat = -1
        maxi = self.maximising
        mine = maxi[seat]
        if threat >= 0 and threat > lead and (threat >= 39 or SUIT_OF[threat] == led):
            threat_tops = True
        else:
            threat_tops = False
        if maxi[leader] == mine:
            if not threat_tops or maxi[s3] == mine:
                return ups
        elif maxi[s3] == mine and threat_tops:
            return ups
        for c in ups:
            if c > lead and (c >= 39 or SUIT_OF[c] == led) and not (
                    threat >= 0 and threat > c and (threat >= 39 or SUIT_OF[threat] == led)):
                return [c] + [x for x in ups if x != c]
        for c in ups:  # none it keeps: the cheapest that takes it, the third to pay
            if c > lead and (c >= 39 or SUIT_OF[c] == led):
                return [c] + [x for x in ups if x != c]
        return ups

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
