"""Hard for a player alone (cutthroat, two-handed): its cards and its bid searched over
sampled deals (search.py), every other player an opponent. docs/ai.md, Hard alone.

The card search tries each legal card (one per run of touching cards) on every sampled
deal and plays the hand out; the bid search tries the normal bid, a trick either side
and nil on a hand that might duck, the later seats bidding their sampled hands by the
normal rules alone; before a cutthroat seat that may bid blind nil has looked, blind
nil is weighed against a look. As at four the normal choice stands unless another
beats it by a margin after the noise. Two-handed's draw is normal's estimate
(bidding.py, ``choose_draw``).
"""

from __future__ import annotations

import random

from ...engine.actions import LOOK, Bid, Play
from ...engine.legal import BLIND_NIL, NIL, legal_bids, spades_held
from ...engine.view import PlayerView
from ..bid_search import (
    BID_NOISE_Z,
    NIL_SWITCH_BY,
    PREFER_NORMAL_BID_BY,
    RAISE_BY,
    _snap_bid,
)
from ..bidding import estimate_tricks, nil_danger, sure_tricks, top_trump
from ..players import Decided, Thinker, view_key
from ..search import CARD_NOISE_Z, PREFER_NORMAL_BY, _bid_shift, candidate_cards
from .bidding import bid_alone, bid_alone_for, choose_draw
from .play import choose_card_alone
from .position import AlonePosition
from .search import AloneSearch, exact_value, play_out_alone, settled

# As at four (hard.py): the card budget is counted in cards played out.
CARD_BUDGET = 15000
MIN_ROLLOUTS, MAX_ROLLOUTS = 280, 1100
BID_ROLLOUTS = 320
# Two-handed's exact endings (as at four, hard.py): at most this many tricks left, each
# sampled deal is solved with both hands seen, on at most this many deals, stopping
# after the deal on which the search passes this many positions.
EXACT_TRICKS = 5
EXACT_DEALS = 120
EXACT_NODES = 14000


def _position(view: PlayerView) -> AlonePosition:
    t = AlonePosition.from_view(view)
    t.played |= view.shown | view.buried  # out of play, as good as played
    return t


class AloneCardThinker(AloneSearch):
    """A card decision alone: each candidate card, then everyone plays on (or, in
    two-handed's last ``EXACT_TRICKS`` tricks, each sampled deal solved exactly)."""

    def __init__(self, view: PlayerView, candidates: list[int], rollouts: int,
                 rng: random.Random, fallback: int, fallback_reason: str,
                 exact: bool = False) -> None:
        super().__init__(_position(view), view.seat, candidates, rollouts, rng,
                         list(view.hand_sizes))
        self.fallback, self.fallback_reason = fallback, fallback_reason
        self.exact = exact
        self.nodes = [0]
        if exact:  # exact values carry no noise of the play: fewer deals
            self.samples = EXACT_DEALS
            self.total = self.samples * len(candidates)

    def normal_index(self) -> int:
        return self.candidates.index(self.fallback)

    def _advance(self) -> None:
        super()._advance()
        if self.exact and not self.done and self.turn == 0 and self.nodes[0] >= EXACT_NODES:
            self.stopped_early = True
            self._decide()

    def _rollout(self, card: int, deal: list[int]) -> float:
        t = self.position.copy()
        t.hands = deal[:]
        t.play(card)
        if self.exact:
            return exact_value(t, self.seat, self._judge, self.nodes)
        play_out_alone(t, self.styles)
        return self._judge(t)

    def _decide(self) -> None:
        means = self.means()
        best = max(self.active, key=lambda k: means[k])
        choice, reason = self.candidates[best], "Searched: the best average over sampled deals"
        if self.exact:
            reason = "Solved: the best average over sampled deals, both hands seen"
        k = self.normal_index()
        if best == k or self.edge(best, k, CARD_NOISE_Z) < PREFER_NORMAL_BY:
            choice, reason = self.fallback, self.fallback_reason
        self.means_ = means
        self.decision = Play(choice)
        self.reason = reason
        self.done = True


def might_duck(hand: int, deck: int) -> bool:
    """A hand worth trying nil on in the search (as at four: no top spade, no sure
    trick, little worth, little danger)."""
    return (not hand >> top_trump(deck) & 1 and sure_tricks(hand, deck) == 0
            and estimate_tricks(hand, deck) <= 3.0 and nil_danger(hand, deck) <= 1.5)


def alone_bid_candidates(view: PlayerView, normal: int) -> list[int]:
    """The normal bid, a trick either side, and nil when the hand might duck."""
    rules = view.rules
    options = legal_bids(rules, None, False, True, spades_held(view.hand))
    if normal > 0:
        around = [normal - 1, normal + 1]
    else:
        base = max(1, int(estimate_tricks(view.hand, rules.cards) + 0.5))
        around = [base, base + 1]
    out = [normal] + [b for b in around if b > 0 and b != normal and b in options]
    if NIL in options and normal != NIL and might_duck(view.hand, rules.cards):
        out.append(NIL)
    return out


class AloneBidThinker(AloneSearch):
    """A bid decision alone: each candidate bid, the later seats' bids by the normal
    rules alone from their sampled hands (the opponents' a trick astray now and then),
    then the whole hand played out."""

    noise_z = BID_NOISE_Z
    extend_by = 0.0

    def __init__(self, view: PlayerView, candidates: list, rollouts: int,
                 rng: random.Random, normal, normal_reason: str) -> None:
        rules = view.rules
        sizes = [rules.tricks] * rules.seats
        super().__init__(_position(view), view.seat, candidates, rollouts, rng, sizes,
                         list(view.bids))
        self.view = view
        self.normal, self.normal_reason = normal, normal_reason
        n = rules.seats
        self.later = [q for q in ((view.seat + i) % n for i in range(1, n))
                      if view.bids[q] is None]
        self.leader = (view.dealer + 1) % n

    def normal_index(self) -> int:
        return self.candidates.index(self.normal)

    def margin(self, j: int) -> float:
        bid = self.candidates[j]
        if bid == NIL:
            return NIL_SWITCH_BY
        if isinstance(self.normal, int) and bid > self.normal > 0:
            return RAISE_BY
        return PREFER_NORMAL_BID_BY

    def _later_bids(self, bid: int, deal: list[int], rand) -> list[int]:
        view = self.view
        rules = view.rules
        bids = list(view.bids)
        bids[self.seat] = bid
        for q in self.later:
            hand = deal[q]
            action, _ = bid_alone_for(rules, hand, q, bids, view.scores, view.bags)
            value = action.value
            shift = _bid_shift(rand())
            if value > 0 and shift:
                value = _snap_bid(list(legal_bids(rules, None, False, True, spades_held(hand))),
                                  value + shift)
            bids[q] = value
        return bids

    def _rollout(self, bid: int, deal: list[int]) -> float:
        rand = random.Random(self.deal_seed).random
        t = self.position.copy()
        t.hands = deal[:]
        t.bids = self._later_bids(bid, deal, rand)
        t.to_act = t.leader = self.leader
        play_out_alone(t, self.styles)
        return self._judge(t)

    def _decide(self) -> None:
        k = self.normal_index()
        choice, reason, best = self.normal, self.normal_reason, 0.0
        for j, bid in enumerate(self.candidates):
            if j == k:
                continue
            edge = self.edge(j, k, BID_NOISE_Z)
            if edge > self.margin(j) and edge > best:
                choice, best = bid, edge
                reason = "Searched: nil does best over sampled deals" if bid == NIL else (
                    f"Searched: {bid} does best over sampled deals")
        self.means_ = self.means()
        self.decision = Bid(choice)
        self.reason = reason
        self.done = True


class AloneBlindThinker(AloneBidThinker):
    """Blind nil or a look, before the seat has seen its cards (cutthroat): every
    sampled deal deals the seat's own hand too; after a look the seat bids that hand
    as the normal rules alone do."""

    blind = True

    def margin(self, j: int) -> float:
        return NIL_SWITCH_BY if self.candidates[j] != LOOK else PREFER_NORMAL_BID_BY

    def _rollout(self, choice, deal: list[int]) -> float:
        if choice == LOOK:
            view = self.view
            action, _ = bid_alone_for(view.rules, deal[self.seat], self.seat, view.bids,
                                      view.scores, view.bags)
            return super()._rollout(action.value, deal)
        return super()._rollout(BLIND_NIL, deal)

    def _decide(self) -> None:
        k = self.normal_index()
        j = 1 - k
        choice, reason = self.normal, self.normal_reason
        if self.edge(j, k, BID_NOISE_Z) > self.margin(j):
            choice = self.candidates[j]
            reason = ("Searched: blind nil does best over sampled deals" if choice != LOOK
                      else "Searched: blind nil fails too often here; look at the cards")
        self.means_ = self.means()
        self.decision = Bid(BLIND_NIL) if choice == BLIND_NIL else LOOK
        self.reason = reason
        self.done = True


def think_hard_alone(view: PlayerView, seed, rollouts: int | None) -> Thinker:
    """Hard's decision at three or two. ``rollouts`` fixes the rollouts per card
    decision (three times as many per bid); None uses the default budget."""
    if view.phase == "drawing":
        return Decided(*choose_draw(view))
    key = view_key(view)
    if view.phase == "bidding":
        budget = BID_ROLLOUTS if rollouts is None else 3 * rollouts
        if not view.looked:
            if Bid(BLIND_NIL) not in view.legal_actions() or budget <= 0:
                return Decided(*bid_alone(view))
            rng = random.Random(f"hard-alone-blind/{seed}/{key}")
            return AloneBlindThinker(view, [LOOK, BLIND_NIL], budget, rng, LOOK,
                                     "Look at the cards")
        action, reason = bid_alone(view)
        candidates = alone_bid_candidates(view, action.value)
        if len(candidates) == 1 or budget <= 0:
            return Decided(action, reason)
        rng = random.Random(f"hard-alone-bid/{seed}/{key}")
        return AloneBidThinker(view, candidates, budget, rng, action.value, reason)
    t = _position(view)
    normal, reason = choose_card_alone(t, view.seat)
    candidates = candidate_cards(t.legal(), view.hand, settled(t))
    if rollouts is None:
        rollouts = max(MIN_ROLLOUTS, min(MAX_ROLLOUTS, CARD_BUDGET // max(1, sum(view.hand_sizes))))
    if len(candidates) == 1 or rollouts <= 0:
        return Decided(Play(normal), reason)
    if normal not in candidates:  # the normal card stands for its run of touching cards
        normal = max(c for c in candidates if c <= normal)
    rng = random.Random(f"hard-alone/{seed}/{key}")
    exact = view.rules.seats == 2 and view.rules.tricks - len(view.trick_winners) <= EXACT_TRICKS
    return AloneCardThinker(view, candidates, rollouts, rng, normal, reason, exact)
