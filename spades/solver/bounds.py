"""Sure tricks: bounds of what a side takes, read off the hands without searching.

The search (search.py) asks them at each trick boundary before trying any card: the
tricks the leader's side takes for certain by cashing winners (its quick tricks), and
for each side the top spades above all of the other side's, each of which wins a trick
(what the other side cannot stop). Both work on squeezed hands, where a suit's sure
winners are its top bits, and say which cards they rest on, for the table's entries.
"""

from __future__ import annotations

from ..engine.cards import NON_SPADE_MASK, SPADE_MASK, SUIT_MASKS

_F0, _F1, _F2, _F3 = SUIT_MASKS
_SP = SPADE_MASK
_NSP = NON_SPADE_MASK


def sure_tricks(hl: int, hp: int, ha: int, hb: int, spades_open: bool) -> tuple[int, int]:
    """Tricks the leader's side takes for certain by cashing the leader's winners.

    The leader cashes top spades first (when it may lead them), then in each other
    suit the cards above every other hand's cards of it, never more rounds than an
    opponent holding spades can follow, nor than a partner holding spades can play
    without being forced to ruff. A lower bound: the search's quick-trick cut. With
    it, the leader's top cards the count rests on.
    """
    q = 0
    used = 0
    sa = (ha & _SP).bit_count()
    sb = (hb & _SP).bit_count()
    sp_partner = (hp & _SP).bit_count()
    mine = hl & _SP
    if mine and spades_open:
        others = (hp | ha | hb) & _SP
        top = others.bit_length()
        k = (mine >> top).bit_count() if top else mine.bit_count()
        used |= (mine >> top) << top
        if k >= sa and k >= sb and k >= sp_partner:
            k = mine.bit_count()
        q = k
        sa = sa - k if sa > k else 0
        sb = sb - k if sb > k else 0
        sp_partner = sp_partner - k if sp_partner > k else 0
    rounds = 0
    per_suit = []
    for f in (_F0, _F1, _F2):
        m = hl & f
        if not m:
            continue
        pf = hp & f
        af = ha & f
        bf = hb & f
        others = pf | af | bf
        if others:
            top = others.bit_length()
            k = (m >> top).bit_count()
            if not k:
                continue
            used |= (m >> top) << top
            if k >= pf.bit_count() and k >= af.bit_count() and k >= bf.bit_count():
                k = m.bit_count()
        else:
            k = m.bit_count()
            used |= m
        if sa and af.bit_count() < k:
            k = af.bit_count()
        if sb and bf.bit_count() < k:
            k = bf.bit_count()
        rounds += k
        per_suit.append((k, pf.bit_count()))
    if sp_partner and rounds > (hp & _NSP).bit_count():
        # The partner may run out of other cards and have to ruff: count only the
        # rounds it can follow.
        rounds = sum(min(k, pk) for k, pk in per_suit)
    # Then, once: a small card to the partner's winners in a suit the leader does not
    # head, when the partner has kept all its cards of it (followed every round).
    extra = 0
    if (not q or (hp & _SP).bit_count() >= q) and all(pk >= k for k, pk in per_suit):
        for f in (_F0, _F1, _F2):
            lf = hl & f
            pf = hp & f
            if not lf or not pf:
                continue
            af = ha & f
            bf = hb & f
            top = (lf | af | bf).bit_length()
            run = (pf >> top) << top
            k = run.bit_count()
            if not k or k <= extra:
                continue
            if k >= lf.bit_count() and k >= af.bit_count() and k >= bf.bit_count():
                k = pf.bit_count()
            if sa and af.bit_count() < k:
                k = af.bit_count()
            if sb and bf.bit_count() < k:
                k = bf.bit_count()
            if k > extra:
                extra = k
                extra_cards = run
        if extra:
            used |= extra_cards
    return q + rounds + extra, used


def top_spades(x1: int, x2: int, y1: int, y2: int) -> tuple[int, int]:
    """Tricks side x must take with the spades above all of side y's: each wins its
    own trick, and two of them share a trick only when the two partners play them."""
    ours = (x1 | x2) & _SP
    if not ours:
        return 0, 0
    top = ((y1 | y2) & _SP).bit_length()
    if top:
        return max((x1 >> top).bit_count(), (x2 >> top).bit_count()), (ours >> top) << top
    return max((x1 & _SP).bit_count(), (x2 & _SP).bit_count()), ours
