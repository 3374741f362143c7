"""Move ordering: which card the search tries first (only the order changes).

Alpha-beta cuts as soon as a card reaches the target, so the likeliest best card
comes first. The lead and the second hand's cards of the suit led are weighted as
DDS's ``Moves.cpp`` weights them (a suit the opponents hold few cards of, not one
they can ruff, cards that take the trick first, the lead that last made a cut at
this depth, the table's best lead); the third and fourth hand win as cheaply as is
safe. Hands here are squeezed (search.py): a suit's present cards in its lowest bits.
"""

from __future__ import annotations

from ..engine.cards import (
    CARD_IDS,
    NON_SPADE_MASK,
    SEATS,
    SPADE_MASK,
    SUIT_MASKS,
    SUIT_OF,
    cards_of,
)

_SP = SPADE_MASK
_NSP = NON_SPADE_MASK
# The lowest bit of each card's suit field.
BASE = [(SUIT_MASKS[SUIT_OF[c]] & -SUIT_MASKS[SUIT_OF[c]]).bit_length() - 1
        for c in range(CARD_IDS)]
# The four-seat search (partners opposite): the seats after each leader, in the order
# they play, the left-hand opponent, the partner and the right-hand opponent.
AFTER = tuple(tuple((s + k) % SEATS for k in range(1, SEATS)) for s in range(SEATS))


def beats(card: int, best: int, led_suit: int) -> bool:
    """Whether ``card`` takes the trick from ``best`` (legal.trick_winner_index's test)."""
    return card > best and (card >= 39 or SUIT_OF[card] == led_suit)


def _bits_down(mask: int) -> list[int]:
    out = []
    while mask:
        c = mask.bit_length() - 1
        out.append(c)
        mask ^= 1 << c
    return out


def follow_order(
    ply: int, cands: int, h: tuple[int, ...], seat: int, led: int, best: int, win: int,
    weighted: bool = True,
) -> list[int]:
    """The cards of the second (``ply`` 2) to fourth hand when a side's tricks are
    counted: ``best`` tops the trick so far, played by ``win``; ``weighted``: the
    second hand's by DDS's weights, else simply low."""
    hand = h[seat]
    field = SUIT_MASKS[led]
    following = hand & field
    partner_winning = (win & 1) == (seat & 1)
    if ply == 4 or ply == 3:
        if ply == 3:
            last = h[AFTER[seat][0]]
            # The card the fourth hand could top the trick with.
            lf = last & field
            if lf:
                threat = lf.bit_length() - 1
            elif led != 3 and last & _SP:
                threat = (last & _SP).bit_length() - 1
            else:
                threat = -1
        else:
            threat = -1
        if partner_winning and not (threat >= 0 and beats(threat, best, led)):
            return cards_of(cands) if following else _discards_first(cands)
        # Win as cheaply as is safe, else give the least.
        ups = cards_of(cands)
        winners = [c for c in ups if beats(c, best, led)]
        if ply == 3 and threat >= 0:
            safe = [c for c in winners if not beats(threat, c, led)]
            if safe:
                first = safe[0]
                return [first] + [c for c in ups if c != first]
        if winners:
            first = winners[0]
            rest = [c for c in ups if c != first]
            if not following and led != 3:
                rest.sort(key=_is_spade)
            return [first] + rest
        return ups if following else _discards_first(cands)
    # The second hand.
    if following:
        return _second_hand_follows(cands, h, seat, led, best) if weighted else cards_of(cands)
    ups = cards_of(cands)
    if led != 3 and cands & _SP:
        ruffs = [c for c in ups if c >= 39]
        return ruffs[:1] + _discards_first(cands & _NSP) + ruffs[1:]
    return _discards_first(cands)


def plain_leads(cands: int, h: tuple[int, ...], leader: int, hint: int) -> list[int]:
    """The leads by rules of thumb, as hard's figures of record were measured (see
    ``Solver``): the best lead found before for these hands, cash winners, lead to
    the partner's winner or for its ruff, then low cards."""
    a, p, b = AFTER[leader]
    hl, ha, hp, hb = h[leader], h[a], h[p], h[b]
    opp_spades = (ha | hb) & _SP
    scored = []
    for f, field in enumerate(SUIT_MASKS):
        mine = cands & field
        if not mine:
            continue
        lf = hl & field
        pf = hp & field
        of = (ha | hb) & field
        allf = lf | pf | of
        top_all = allf.bit_length()
        ruffable = f != 3 and (
            (ha & _SP and not ha & field) or (hb & _SP and not hb & field)
        )
        for c in _bits_down(mine):
            if c == hint:
                score = 1000
            elif allf >> (c + 1) == lf >> (c + 1):
                # c heads the suit (the leader's top run): cash it.
                score = 300 if not ruffable else 60
                if f == 3 and opp_spades:
                    score = 320
            elif pf and pf.bit_length() == top_all and not ruffable:
                score = 200 - (c - 13 * f)  # to the partner's winner, low
            elif f != 3 and not pf and hp & _SP and not ruffable:
                score = 150 - (c - 13 * f)  # for the partner's ruff
            else:
                score = 100 - (c - 13 * f) - 4 * (of.bit_length() == top_all)
            scored.append((score, c))
    scored.sort(reverse=True)
    return [c for _, c in scored]


def nil_order(
    n: int, ply: int, cands: int, h: tuple[int, ...], seat: int, best: int, win: int
) -> list[int]:
    """The cards when nil bidder ``n``'s tricks are counted."""
    if seat == n:
        # Duck with the highest card that does not win; lead low.
        downs = _bits_down(cands)
        if ply == 1:
            return downs[::-1]
        led = SUIT_OF[best] if best >= 0 else -1
        under = [c for c in downs if not beats(c, best, led)]
        return under + [c for c in downs if c not in under][::-1]
    if (seat & 1) == (n & 1):
        # The partner covers the nil: highest first when the nil is winning.
        downs = _bits_down(cands)
        return downs if win == n else downs[::-1]
    return cards_of(cands)


def _second_hand_follows(cands: int, h: tuple[int, ...], seat: int, led: int, lead: int
                         ) -> list[int]:
    """The second hand's cards of the suit led, by DDS's weights: when its side can
    take the trick (its own card above the lead and the third hand's, or its partner
    above both), the cheapest card that does; else low, keeping a card that may win
    later."""
    field = SUIT_MASKS[led]
    hand = h[seat]
    after = AFTER[seat]
    third = h[after[0]]
    fourth = h[after[1]]
    t3 = third & field
    t4 = fourth & field
    max3 = t3.bit_length() - 1
    max4 = t4.bit_length() - 1
    min3 = (t3 & -t3).bit_length() - 1
    min4 = (t4 & -t4).bit_length() - 1
    sp3 = third & _SP
    sp4 = fourth & _SP
    base = BASE[lead]
    offset = 15 - ((h[0] | h[1] | h[2] | h[3]) & field).bit_count() - base
    scored = []
    for c in cards_of(cands):
        rank = c + offset
        if led == 3:
            wins = (max4 > lead and max4 > max3) or (c > lead and c > max3)
        elif c > lead and c > max3:
            wins = max3 >= 0 or not sp3 or (max4 < 0 and sp4 > sp3)
        elif max4 > lead and max4 > max3:
            wins = max3 >= 0 or not sp3
        elif lead > max4 and lead > max3 and lead > c:
            wins = max4 < 0 and bool(sp4) and (max3 >= 0 or not sp3 or sp4 > sp3)
        else:
            wins = max4 < 0 and bool(sp4)
        if wins:
            if min3 > c:
                w = 40 + rank  # the partner wins: the third hand's cards are all above
            elif max4 > lead and h[after[2]] & field & ~(1 << lead) > t4:
                w = 41 + rank
            elif c > lead:
                if c < max4:
                    w = 78 - rank
                elif c > max3:
                    w = 73 - rank
                elif c > base and hand >> (c - 1) & 1:
                    w = 62 - rank
                else:
                    w = 49 - rank
            elif max4 >= 0:
                w = 47 - rank
            else:
                w = 40 - rank
        elif c < min3 or c < min4:
            w = rank - 9  # beaten anyway
        elif c < lead:
            w = rank - 16
        elif c > base and hand >> (c - 1) & 1:
            w = 22 - rank
        else:
            w = 10 - rank
        scored.append((w, c))
    scored.sort(reverse=True)
    return [c for _, c in scored]


def _is_spade(card: int) -> bool:
    return card >= 39


def _discards_first(cands: int) -> list[int]:
    """Lowest side cards first, spades last."""
    ups = cards_of(cands)
    ups.sort(key=_is_spade)
    return ups


def weighted_leads(
    cands: int, h: tuple[int, ...], leader: int, left: int, hint: int, table_lead: int,
    killer: int,
) -> list[int]:
    """The leads, the likeliest best first, by DDS's weights (Moves.cpp's trump lead):
    a suit the opponents hold few cards of (a small tree), not one they can ruff nor
    one the fourth hand heads; cards that take the trick (the leader's or partner's
    winners, a ruff by partner) before the others; then the lead that last made a cut
    with this many tricks left, and the table's best lead of a like position."""
    a, p, b = AFTER[leader]
    hl, ha, hp, hb = h[leader], h[a], h[p], h[b]
    sl, sp, sa, sb = hl & _SP, hp & _SP, ha & _SP, hb & _SP
    void_count = (left + 1) << 2
    scored = []
    for f, field in enumerate(SUIT_MASKS):
        mine = cands & field
        if not mine:
            continue
        lf, pf, af, bf = hl & field, hp & field, ha & field, hb & field
        allf = lf | pf | af | bf
        n_a = af.bit_count()
        n_b = bf.bit_count()
        n_p = pf.bit_count()
        trumps = f == 3
        delta = -((((n_a << 2) or void_count) + ((n_b << 2) or void_count)) << 5) // 13
        if not trumps and ((not af and sa) or (not bf and sb)):
            delta -= 12  # an opponent ruffs
        if not trumps and not pf and sp and n_b:
            delta += 17  # partner ruffs
        top = allf.bit_length() - 1
        rest = allf ^ (1 << top)
        second = rest.bit_length() - 1
        third = (rest ^ (1 << second)).bit_length() - 1 if second >= 0 else -1
        win_b = bf >> top & 1
        win_a = af >> top & 1
        win_l = lf >> top & 1
        win_p = pf >> top & 1
        second_b = second >= 0 and bf >> second & 1
        second_p = second >= 0 and pf >> second & 1
        second_l = second >= 0 and lf >> second & 1
        third_p = third >= 0 and pf >> third & 1
        third_l = third >= 0 and lf >> third & 1
        if win_b or second_b:
            if n_b != 1:
                delta -= 12  # the fourth hand heads the suit
        elif win_a and second_p and n_p != 1:
            delta += 27  # through the second hand's top to partner's tenace
        if not trumps and lf.bit_count() == 1 and sl and n_p > 1 and win_p:
            delta += 19  # partner wins and gives the leader a ruff
        lone_top = (n_a == 1 and win_a) or (n_b == 1 and win_b)
        base = BASE[top]
        n = allf.bit_count()
        for c in _bits_down(mine):
            rank = 15 - n + c - base
            sequence = c > base and hl >> (c - 1) & 1
            if c == top:
                if trumps:
                    wins = True
                elif pf or not sp:
                    wins = (af or not sa) and (bf or not sb)
                else:
                    wins = (af or sp > sa) and (bf or sp > sb)
            elif pf > (af | bf):
                wins = trumps or ((af or not sa) and (bf or not sb))
            elif not trumps and not pf and sp:
                if not af and sa and not bf and sb:
                    wins = sp > (sa | sb)
                elif not af and sa:
                    wins = sp > sa
                elif not bf and sb:
                    wins = sp > sb
                else:
                    wins = True
            else:
                wins = False
            if wins:
                if lone_top:
                    w = delta + 35 + rank
                elif win_l:
                    w = delta + (48 + rank if second_p else 31 if c == top else rank - 3)
                elif win_p:
                    w = delta + (42 if second_l else 28) + rank
                elif sequence and c == second:
                    w = delta + 40
                elif sequence:
                    w = delta + 22 + rank
                else:
                    w = delta + 11 + rank
                if c == killer:
                    w += 55
                elif c == table_lead:
                    w += 18
            else:
                d = delta
                if second_p and third_p:
                    d += 20
                elif n_p > 1 and ((second_l and third_p) or (second_p and third_l)):
                    d += 13
                if lone_top:
                    w = d + rank + 2
                elif win_l:
                    w = d + (33 + rank if second_p else 38 if c == top else rank - 14)
                elif win_p:
                    w = d + 34 + rank
                elif sequence and c == second:
                    w = d + 35
                else:
                    w = d + 17 - rank
                if c == killer:
                    w += 18
            if c == hint:
                w += 1000  # the best lead found before for these very hands
            scored.append((w, c))
    scored.sort(reverse=True)
    return [c for _, c in scored]

