"""What the play says of each whole sampled deal: hard's samples resampled by the
likelihood of the other seats' plays this hand (``hard-likelihood``, a measuring player
until it is shown stronger; docs/ai.md, "Inference from the play").

Round 1 (inference.py) weighs one card at a time, each seat's other unknown cards left
out, and multiplies the weights into the sampler. This reads each sampled deal as a
whole: a pool of deals is drawn as ``hard-inference`` draws them (voids, hand sizes, the
bids' lean and round 1's weights: the proposal), and each is weighted by how likely
every card the other seats played this hand was, had they held that deal's cards. At
each such play the seat's cards are its cards of the played card's suit in the deal
(the suit's cards it holds still, and those it played from that card on) and the
other cards it played from then on; its unknown cards of other suits are left out, as
in round 1 (the styles' choice within a suit rests mostly on that suit). Unlike round
1, the cards of the suit are read together: a seat that played the nine second hand
over a led five is unlikely to hold the three, and a deal giving it both the three and
the four counts that once, not twice.

Each play's likelihood is the one round 1 uses (the seat's style mixture, the
reading's floor of 15% for "none of these"); a deal's weight is the product over the
plays, tempered like the reading's evidence (the plays of a hand are not
independent), divided by round 1's weights of the cards the deal gives each seat (the
proposal leaned the pool by them already; dividing them out counts the play once).
The pool is then resampled systematically down to the deals the search wants, a block
at a time.

The cost: a play's likelihood depends only on the seat's holding then, so it is
worked out once for each holding the pool gives it (``_Plays.cache``); a decision's
pool gives the earlier plays few distinct holdings of one suit.
"""

from __future__ import annotations

import math
import random

from ..engine.cards import SUIT_MASKS, SUIT_OF
from ..engine.view import PlayerView
from .inference import PARTNER_STYLES, _likelihood
from .position import AROUND, PARTNER, Position
from .reading import TEMPER, Reading
from .search import _Search, sample_deal
from .styles import STYLE_WEIGHTS, style_mixtures

POOL = 2  # deals drawn for each deal the search keeps


class _Plays:
    """The other seats' plays this hand, each with the public position before it."""

    def __init__(self, view: PlayerView, reading: Reading | None = None,
                 memo: dict | None = None) -> None:
        """``memo``: the deciding player's memory of the plays' likelihoods, kept
        between its decisions of a hand (the holdings' likelihoods of an earlier play
        do not change as the hand goes on)."""
        seat = view.seat
        rules = view.rules
        around = AROUND[rules.seats]
        self.seat = seat
        tricks = [(leader, cards) for leader, cards in view.tricks]
        if view.trick:
            tricks.append((view.trick[0][0], tuple(c for _, c in view.trick)))
        order = [(around[leader + i], c) for leader, cards in tricks for i, c in enumerate(cards)]
        self.cache: dict[tuple[int, int], float] = {}
        if memo is not None:  # the same hand as the memo's if its plays begin this one's
            hand = (seat, view.dealer, view.scores, tuple(view.bids))
            known = memo.get("order", ())
            if memo.get("hand") != hand or tuple(order[:len(known)]) != known:
                memo["cache"] = {}
            memo["hand"], memo["order"] = hand, tuple(order)
            self.cache = memo["cache"]
        # What each play leaves the seat holding of what is now known: the cards it
        # plays from that one on.
        later = [0] * len(order)
        ahead = [0] * rules.seats
        for i in range(len(order) - 1, -1, -1):
            q, c = order[i]
            ahead[q] |= 1 << c
            later[i] = ahead[q]
        t = Position(rules)
        t.hands = list(ahead)
        t.bids = [b if b is not None else 1 for b in view.bids]
        t.scores, t.bags, t.dealer, t.passed = view.scores, view.bags, view.dealer, view.passed
        if order:
            t.leader = t.to_act = tricks[0][0]
        mixtures = style_mixtures(seat, t, reading)
        mixtures[PARTNER[seat]] = PARTNER_STYLES
        self.plays: list[tuple[int, int, int, Position, int, int, tuple]] = []
        for i, (q, c) in enumerate(order):
            if q != seat:
                # A card that followed suit is read with the seat's cards of the suit
                # (the choice among them rests on them alone: measured, reading the
                # whole hand there placed the cards no better); a lead or a discard
                # with its whole hand.
                follows = bool(t.trick) and SUIT_OF[c] == t.led
                mask = SUIT_MASKS[SUIT_OF[c]] if follows else rules.cards
                self.plays.append((i, q, c, t.copy(), mask, later[i],
                                   mixtures[q] or STYLE_WEIGHTS))
            t.play(c)

    def log_likelihood(self, deal: list[int]) -> float:
        """The log of how likely the other seats' plays were, had they held ``deal``
        (each seat's cards not yet played)."""
        total = 0.0
        cache = self.cache
        for i, q, c, t, mask, later, mixture in self.plays:
            hand = (deal[q] & mask) | later
            key = (i, hand)
            value = cache.get(key)
            if value is None:
                t.hands[q] = hand
                value = cache[key] = math.log(_likelihood(t, q, c, mixture))
            total += value
        return total


def systematic(weights: list[float], n: int, rng: random.Random) -> list[int]:
    """``n`` indices drawn in proportion to ``weights`` by systematic resampling (one
    random offset, then evenly spaced: the least added noise)."""
    total = math.fsum(weights)
    step = total / n
    x = rng.random() * step
    out = []
    i, edge = 0, weights[0]
    for _ in range(n):
        while x > edge and i < len(weights) - 1:
            i += 1
            edge += weights[i]
        out.append(i)
        x += step
    return out


class Resampler:
    """Hands a search its deals, a block at a time: ``POOL`` times as many drawn as the
    search's (round 1's proposal), resampled by the likelihood of the play."""

    def __init__(self, search: _Search, view: PlayerView, evidence: list[list[float]],
                 reading: Reading | None = None, memo: dict | None = None) -> None:
        self.search = search
        self.plays = _Plays(view, reading, memo)
        self.evidence = evidence
        self.unseen = view.rules.cards & ~view.played & ~view.hand
        self.queue: list[list[int] | None] = []

    def log_weight(self, deal: list[int]) -> float:
        """The deal's log weight: its play's tempered log-likelihood less the log of
        round 1's weights that leaned the pool toward it."""
        lean = 0.0
        evidence, unseen = self.evidence, self.unseen
        for q, row in enumerate(evidence):
            if q == self.plays.seat:
                continue
            m = deal[q] & unseen
            while m:
                low = m & -m
                m ^= low
                lean += math.log(row[low.bit_length() - 1])
        return TEMPER * self.plays.log_likelihood(deal) - lean

    def block(self, rng: random.Random, n: int) -> list[list[int] | None]:
        search = self.search
        pool = [sample_deal(search.position, search.seat, rng, search.deal_weights(rng))
                for _ in range(POOL * n)]
        pool = [d for d in pool if d is not None]
        if not pool:
            return [None] * n
        logs = [self.log_weight(d) for d in pool]
        top = max(logs)
        weights = [math.exp(w - top) for w in logs]
        return [pool[i] for i in systematic(weights, n, rng)]

    def sample(self, rng: random.Random, weights: list[list[float]]) -> list[int] | None:
        """The search's next deal (``weights``, the search's lean for it, already
        drawn: the pool draws its own)."""
        if not self.queue:
            self.queue = self.block(rng, self.search.samples)
            self.queue.reverse()
        return self.queue.pop()


__all__ = ["POOL", "Resampler", "systematic"]
