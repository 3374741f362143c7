"""Hard's bid: the bid search and, before the seat has looked, blind nil against a look.

The candidate bids (the normal bid, a trick either side, nil on a hand that might duck)
are weighed on common sampled deals (search.py): the later seats bid by the normal
rules from their sampled hands, the opponents a trick astray now and then, the whole
hand is played out, and the normal bid stands unless another beats it on the same
deals by a margin and by more than the noise. Before a seat that may bid blind nil has
looked, the search weighs blind nil against a look the same way, dealing the seat's
own unseen hand too. Under nil card passing each sampled deal plays the passing out
after the bids, and a nil is a candidate when the hand the pass leaves might duck.
"""

from __future__ import annotations

import random

from ..engine.actions import LOOK, Bid
from ..engine.legal import BLIND_NIL, NIL, legal_bids, spades_held
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .bidding import (
    BID_SCALE,
    bid_for,
    estimate_tricks,
    nil_danger,
    nil_is_sound,
    sure_tricks,
    top_trump,
)
from .passing import exchange, pass_cards
from .position import PARTNER, Position
from .reading import Reading
from .search import _bid_shift, _Search
from .styles import play_out

DEFAULT_BID_ROLLOUTS = 320
PREFER_NORMAL_BID_BY = 4.0  # points: the normal bid stands unless beaten by this much
NIL_SWITCH_BY = 12.0  # a nil the normal rules would not bid must win by this much
RAISE_BY = 8.0  # a bid above the normal one must win by this much
BID_NOISE_Z = 1.5  # ... after taking off this many standard errors of the difference
BID_ROLLOUTS_PER_CARD_ROLLOUT = 3  # a fixed budget gives bids this many times more


def match_winning_bid(rules: Rules, bids, seat: int, scores) -> int | None:
    """The least bid that wins the match when the side makes its contract, if making it
    surely does: the partner has bid a number, the side's score and the contract reach
    the target, and the other side cannot reach it this hand (every trick and a nil)."""
    partner_bid = bids[PARTNER[seat]]
    if partner_bid is None or partner_bid <= 0:
        return None
    team = seat & 1
    us, them = scores[team], scores[1 - team]
    most = 130 + (max(rules.nil_value, rules.blind_nil_value if rules.blind_nil else 0)
                  if rules.nil else 0)
    if them + most >= rules.target:
        return None
    need = -(-(rules.target - us) // 10) - partner_bid  # ceiling: tens of points to go
    return max(1, need) if need <= 13 - partner_bid else None


def bid_candidates(view: PlayerView, normal: int, plays_pass: bool = True) -> list[int]:
    """The normal bid, a trick either side of it, nil when the hand might duck (under nil
    card passing: the hand left once its most dangerous cards are passed), and the least
    bid that wins the match when made, if the normal bid is more."""
    rules = view.rules
    hand = view.hand
    deck = rules.cards
    options = legal_bids(rules, view.bids[view.partner], False, True, spades_held(hand))
    estimate = estimate_tricks(hand, deck) * BID_SCALE
    if normal > 0:
        around = [normal - 1, normal, normal + 1]
    else:
        base = max(1, int(estimate + 0.5))
        around = [base, base + 1]
    out = [normal] + [b for b in around if b > 0 and b != normal and b in options]
    enough = match_winning_bid(rules, view.bids, view.seat, view.scores)
    if enough is not None and 0 < enough < normal and enough not in out:
        out.append(enough)  # the least bid that wins the match when made
    partner_bid = view.bids[view.partner]
    if rules.bidding == "suicide" and partner_bid is None and NIL in options:
        # Suicide: which partner goes nil is the bid that matters; search it always.
        if normal != NIL:
            out.append(NIL)
        elif not out[1:]:
            out += [b for b in (4, max(4, int(estimate + 0.5))) if b not in out]
    elif NIL in options and normal != NIL and (partner_bid is None or partner_bid >= 2):
        kept = hand
        if rules.nil_pass and plays_pass:
            kept &= ~sum(1 << c for c in pass_cards(hand, rules.nil_pass, True))
        if (
            not kept >> top_trump(deck) & 1
            and sure_tricks(kept, deck) == 0
            and estimate_tricks(kept, deck) <= 3.0
            and nil_danger(kept, deck) <= 1.5
        ):
            out.append(NIL)
    return [b for b in out if b in options]


def _snap_bid(options: list[int], want: int) -> int:
    ordinary = [b for b in options if b > 0]
    if not ordinary:
        return options[0]
    return min(ordinary, key=lambda b: (abs(b - want), b))


class BidThinker(_Search):
    """A bid decision: each candidate bid, the later seats' bids as the normal rules
    make them from their sampled hands (the opponents' a trick astray now and then;
    with a reading, each seat's bids shifted by how it has bid in this match), then
    the whole hand played out."""

    noise_z = BID_NOISE_Z
    extend_by = 0.0  # nearly every bid is searched to its budget: none may take longer

    def normal_index(self) -> int:
        return self.candidates.index(self.normal)

    def margin(self, j: int) -> float:
        bid = self.candidates[j]
        if bid == NIL:
            return NIL_SWITCH_BY
        if bid > self.normal > 0:
            return RAISE_BY  # a higher contract is set more often
        return PREFER_NORMAL_BID_BY

    def __init__(
        self, view: PlayerView, candidates: list[int], rollouts: int, rng: random.Random,
        normal: int, normal_reason: str, reading: Reading | None = None,
        plays_pass: bool = True,
    ) -> None:
        """``plays_pass`` False: no nil card passing in the rollouts (the measuring
        player hard-no-pass, hard as it was before the search played the pass out)."""
        position = Position.from_view(view)
        super().__init__(position, view.seat, candidates, rollouts, rng, list(view.bids),
                         reading)
        self.view = view
        self.normal = normal
        self.normal_reason = normal_reason
        self.plays_pass = plays_pass
        n = view.rules.seats
        self.later = [q for q in position.around[view.seat + 1:view.seat + n]
                      if view.bids[q] is None]
        self.leader = position.around[view.dealer + 1]
        # Each sampled hand's worth to the bidding rules: its deal is played once per
        # candidate bid, and the later seats' hands are the same each time.
        self.worths: dict[int, tuple[float, bool]] = {}
        # How far each seat's bids have strayed from normal's in this match, in tricks.
        self.lean = [0] * n
        if reading is not None:
            self.lean = [round(reading.bid_bias(q)) if q != self.seat else 0 for q in range(n)]

    def _worth(self, hand: int) -> tuple[float, bool]:
        """The hand's worth to the bidding rules, worked out once a decision."""
        worth = self.worths.get(hand)
        if worth is None:
            deck = self.view.rules.cards
            worth = self.worths[hand] = (
                estimate_tricks(hand, deck), nil_is_sound(hand, deck=deck)
            )
        return worth

    def _later_bids(self, bid: int, deal: list[int], rand) -> list[int]:
        view = self.view
        bids = list(view.bids)
        bids[self.seat] = bid
        rules = view.rules
        for q in self.later:
            hand = deal[q]
            action, _ = bid_for(rules, hand, q, bids, view.scores, view.bags,
                                worth=self._worth(hand))
            value = action.value
            if value > 0 and (self.lean[q] or (q ^ self.seat) & 1):
                shift = self.lean[q] + (_bid_shift(rand()) if (q ^ self.seat) & 1 else 0)
                if shift:
                    options = legal_bids(
                        rules, bids[PARTNER[q]], False, True, spades_held(hand)
                    )
                    value = _snap_bid(options, value + shift)
            bids[q] = value
        return bids

    def _rollout(self, bid: int, deal: list[int]) -> float:
        rand = random.Random(self.deal_seed).random
        t = self.position.copy()
        t.hands = deal[:]
        t.bids = self._later_bids(bid, deal, rand)
        if self.plays_pass and t.rules.nil_pass:
            exchange(t.hands, t.bids, t.rules.nil_pass)
        t.to_act = t.leader = self.leader
        play_out(t, self.styles, rand)
        return self._judge(t)

    def _decide(self) -> None:
        """The normal bid stands unless another beats it on the same deals by a margin
        and by more than the noise of the difference (a standard error)."""
        means = self.means()
        k = self.candidates.index(self.normal)
        choice, reason = self.normal, self.normal_reason
        best = 0.0
        for j, bid in enumerate(self.candidates):
            if j == k:
                continue
            edge = self.edge(j, k, BID_NOISE_Z)
            margin = self.margin(j)
            if edge > margin and edge > best:
                choice, best = bid, edge
                reason = "Searched: nil does best over sampled deals" if bid == NIL else (
                    f"Searched: {bid} does best over sampled deals"
                )
        self.means_ = means
        self.decision = Bid(choice)
        self.reason = reason
        self.done = True


# Blind nil, before the seat has looked: the normal rules bid it only when the match is
# otherwise lost, and it fails about three times in four. Hard asks the search instead.
BLIND_SWITCH_BY = NIL_SWITCH_BY  # blind nil where the normal rules would look
KEEP_LOOKING_BY = PREFER_NORMAL_BID_BY  # looking where the normal rules bid blind nil


class BlindThinker(BidThinker):
    """Blind nil or a look at the cards, before the seat has seen them: each sampled
    deal deals the seat's own hand too; after a look the seat bids as the normal
    rules bid that hand, then the later seats bid and the hand is played out as for
    any bid. The normal choice stands unless the other beats it by a margin after
    1.5 standard errors of the difference."""

    blind = True

    def margin(self, j: int) -> float:
        return BLIND_SWITCH_BY if self.candidates[j] != LOOK else KEEP_LOOKING_BY

    def _rollout(self, choice, deal: list[int]) -> float:
        if choice == LOOK:
            view = self.view
            hand = deal[self.seat]
            action, _ = bid_for(view.rules, hand, self.seat, list(view.bids), view.scores,
                                view.bags, worth=self._worth(hand))
            return super()._rollout(action.value, deal)
        return super()._rollout(BLIND_NIL, deal)

    def _decide(self) -> None:
        means = self.means()
        k = self.normal_index()
        j = 1 - k
        choice, reason = self.normal, self.normal_reason
        if self.edge(j, k, BID_NOISE_Z) > self.margin(j):
            choice = self.candidates[j]
            reason = ("Searched: blind nil does best over sampled deals" if choice != LOOK
                      else "Searched: blind nil fails too often here; look at the cards")
        self.means_ = means
        self.decision = choice
        self.reason = reason
        self.done = True
