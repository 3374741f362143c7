"""The hard player: search over deals that agree with everything the seat knows.

For a card decision it samples the unseen cards into the other hands (respecting the
voids shown, the hand sizes, and leaning on what the bids imply, though a quarter of
the deals ignore the bids), plays each candidate card on every sample to the end of
the hand, and keeps the card with the best average change in the match score, bags
and nils included. The same samples serve every candidate, so differences between
cards are not drowned by the luck of the deal. The rollouts play the seat itself and
its partner by the normal rules, and each opponent by the normal rules bent by a
style drawn for the deal (eager, careless, shy), so the search is not a best reply to
normal alone.

For a bid it does the same with the candidate bids (the normal bid, a trick either
side, nil on a hand that might duck): the later seats bid by the normal rules from
their sampled hands, the whole hand is played out, and the normal bid stands unless
another beats it on the same deals by a margin and by more than the noise. Before a
seat that may bid blind nil has looked, the search weighs blind nil against a look
the same way, dealing the seat's own unseen hand too.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..engine.actions import LOOK, Bid, Play
from ..engine.cards import FULL_DECK
from ..engine.legal import BLIND_NIL, NIL, legal_bids
from ..engine.playout import pick
from ..engine.scoring import TeamScore, match_winner, score_hand
from ..engine.view import PlayerView
from .bidding import (
    BID_SCALE,
    bid_for,
    choose_bid,
    estimate_tricks,
    nil_danger,
    nil_is_sound,
    sure_tricks,
)
from .play import choose_card, sound_cards, team_need
from .players import Decided, NormalPlayer, Thinker, view_key
from .position import Position
from .reading import CARELESS_RATE, EAGER_SHOWN_WEIGHTS, STYLE_WEIGHTS, Reading

# The default budget is counted in cards played out, so a decision early in the hand
# (long rollouts) gets fewer rollouts than one late in it, and each takes about as long.
DEFAULT_CARD_BUDGET = 15000
MIN_ROLLOUTS, MAX_ROLLOUTS = 280, 1100
MIN_SAMPLES = 8
PREFER_NORMAL_BY = 1.5  # points: the normal card stands unless beaten by this much
CARD_NOISE_Z = 1.0  # ... after taking off this many standard errors of the difference
MATCH_WIN_VALUE = 300  # a hand that ends the match is worth this much more or less
STOP_AFTER = 24  # deals before the search may stop early ...
STOP_CHECK_EVERY = 8  # ... asking again after every this many deals
STOP_Z = 2.0  # standard errors either way that count as "settled"
# A card decision still close when its budget is spent (another card ahead of the
# normal one by more than its margin, but not by enough standard errors) gets this
# many budgets more, once: few decisions are that close (about 1 in 30), so the typical
# decision takes no longer and the rare close one takes up to 2.5 times as long.
EXTEND_CLOSE = 1.5
CLOSE_Z = 0.15  # "close": within this many standard errors of the bar either way


def candidate_cards(legal: int, hand: int, played: int) -> list[int]:
    """The legal cards, one per run of touching cards (a run plays the same).

    Two cards of a suit touch when every card between them is in the same hand or
    already played: the other seats cannot tell them apart.
    """
    gone = played | hand
    out = []
    m = legal
    while m:
        low = m & -m
        card = low.bit_length() - 1
        m ^= low
        # Skip this card if the next lower card of the suit in hand touches it.
        below = card - 1
        touching = False
        while below >= 0 and below // 13 == card // 13 and gone >> below & 1:
            if hand >> below & 1 and legal >> below & 1:
                touching = True
                break
            below -= 1
        if not touching:
            out.append(card)
    return out


# How strongly a bid leans the deal: a seat that bid b holds each honour (queen, king,
# ace) and each spade BID_LEAN ** (b - 3) times as readily as one that bid three.
# Measured: with the old, milder lean (1 + 0.15 per trick, capped at 0.6 and 1.8) a
# seat that bid 5 was dealt hands worth 4.1 tricks by our own count when such hands are
# worth 5.5, and one that bid 1 hands worth 2.4 for 1.2; with 1.7 the dealt hands are
# worth 1.3, 2.1, 3.2, 4.7, 5.8, 6.7 and 7.2 tricks for bids 1 to 7 (real: 1.2, 2.3,
# 3.3, 4.4, 5.5, 6.6, 7.7). ``tests/test_ai.py`` keeps the dealt hands in step.
BID_LEAN = 1.7
BID_LEAN_RANGE = (0.15, 6.0)
# A live nil bidder is dealt its high cards this readily (the ace of spades, the other
# spades from the jack up, lower spades; side jacks to aces). These are the squares of
# the earlier weights, which dealt nil hands worth 1.6 tricks by our count where the
# nil hands dealt hold 1.0; squared they are dealt 1.1.
NIL_WEIGHTS = {"spade_ace": 0.0025, "spade_high": 0.04, "spade_low": 0.49, "side_high": 0.16}
# How far an opponent's bid strays from what its hand is worth, in tricks: a quarter of
# the time a trick under, a quarter a trick over. The bid search lets the opponents
# still to bid stray so; and each leaned deal leans each opponent's hand as if its bid
# were so far astray, drawn afresh, so hard does not trust an opponent's bid to the
# trick (people and other programs bid otherwise than ours). Measured on a tuning
# seed over 100 deals (docs/ai.md): set a sixth less often than with the lean by the
# exact bid (50 contracts of 1,600 against 59), and +2.4 a deal ahead.
OPPONENT_BID_NOISE = ((-1, 0.25), (0, 0.5), (1, 0.25))


def _weights(
    t: Position, seat: int, bids: list[int | None] | None = None,
    reading: Reading | None = None,
) -> list[list[float]]:
    """How likely each other seat is to hold each card, from its bid (relative); a seat
    that has not bid yet (None in ``bids``) gets no lean. With a ``reading`` of the
    match, a seat's bid is first corrected by how that seat has bid so far (an
    overbidder's 5 holds what normal's 4 holds), and a seat that bids nil on hands
    normal would not is allowed more high cards."""
    weights = []
    known = t.bids if bids is None else bids
    low, high = BID_LEAN_RANGE
    for q in range(4):
        row = [1.0] * 52
        if q != seat and known[q] is not None:
            bid = known[q]
            if bid <= 0 and t.tricks_won[q] == 0:
                soft = reading.nil_softness(q) if reading is not None else 0.0
                for c in range(52):
                    r = c % 13
                    if c >= 39:
                        w = NIL_WEIGHTS["spade_ace"] if r == 12 else (
                            NIL_WEIGHTS["spade_high"] if r >= 9 else NIL_WEIGHTS["spade_low"])
                    elif r >= 9:
                        w = NIL_WEIGHTS["side_high"]
                    else:
                        continue
                    row[c] = w + (1.0 - w) * soft
            elif bid > 0:
                if reading is not None:
                    bid = bid - reading.bid_bias(q)
                lean = max(low, min(high, BID_LEAN ** (bid - 3)))
                for c in range(52):
                    if c >= 39 or c % 13 >= 10:
                        row[c] = lean
        weights.append(row)
    return weights


def _astray(bids: list[int | None], seat: int, shift: int) -> list[int | None]:
    """The bids with each opponent's ordinary bid moved by ``shift`` (at least 1)."""
    out = list(bids)
    for q in ((seat + 1) & 3, (seat + 3) & 3):
        if out[q] is not None and out[q] > 0:
            out[q] = max(1, out[q] + shift)
    return out


def sample_deal(
    t: Position, seat: int, rng: random.Random, weights: list[list[float]],
    blind: bool = False,
) -> list[int] | None:
    """Hands for the other seats consistent with the seat's knowledge, or None.
    ``blind``: the seat has not looked at its cards, so its own hand is dealt too."""
    unseen = FULL_DECK & ~t.played & ~t.hands[seat]
    sizes = [0, 0, 0, 0]
    in_trick = {(t.leader + i) & 3 for i in range(len(t.trick))}
    for q in range(4):
        if q != seat or blind:
            sizes[q] = 13 - t.tricks_done - (1 if q in in_trick else 0)
    others = [q for q in range(4) if q != seat or blind]
    cards = []
    m = unseen
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    rng.shuffle(cards)
    # The seats that may hold a card of each suit (not void in it), in seat order.
    voids = t.voids
    open_to = [tuple(q for q in others if not voids[q] >> suit & 1) for suit in range(4)]
    # The most constrained cards first: fewest seats that may hold them.
    cards.sort(key=lambda c: len(open_to[c // 13]))
    rand = rng.random
    for _ in range(40):
        left = sizes[:]
        hands = t.hands[:]
        ok = True
        for c in cards:
            total = 0.0
            eligible = []
            for q in open_to[c // 13]:
                n = left[q]
                if n:
                    w = weights[q][c] * n
                    eligible.append((q, w))
                    total += w
            if not eligible:
                ok = False
                break
            x = rand() * total
            pick = eligible[-1][0]
            for q, w in eligible:
                x -= w
                if x <= 0:
                    pick = q
                    break
            hands[pick] |= 1 << c
            left[pick] -= 1
        if ok:
            return hands
    return None


def team_value(team: TeamScore, bag_cost: float) -> float:
    """Hand points with bags at their long-run cost instead of the lumpy penalty."""
    value = team.points - bag_cost * team.bags
    for line in team.lines:
        if line.kind == "bag_penalty":
            value -= line.points
    return value


# --- the others, as the rollouts play them ------------------------------------------
#
# Rollouts that play every other seat exactly as normal does make the search a best
# reply to normal, and the players hard meets (people, other programs) bid and play
# otherwise. So each sampled deal also draws a temperament for each opponent, kept
# for every candidate on that deal (the candidates still face the same world):
# as normal; eager (plays as if its side had bid all thirteen tricks: it takes every
# trick it can and never ducks for bags); careless (a random sound card now and
# then); or shy (plays as if its side had bid one trick fewer). The partner stays the
# normal player, the policy a computer partner actually builds on, without noise.

# STYLE_WEIGHTS, EAGER_SHOWN_WEIGHTS and CARELESS_RATE live in reading.py, beside the
# model that moves them over a match.
UNIFORM_DEALS = 0.25  # this share of deals ignores what the bids imply


def style_mixtures(seat: int, t: Position, reading: Reading | None = None) -> list:
    """The style mixture each opponent is drawn from for this decision: today's mixture
    without a reading, else the reading's for that seat (the prior moved by what the
    seat did in earlier hands of the match). A side that has already taken more tricks
    than it bid has shown it does not duck: its seats lean eager."""
    out: list = [None] * 4
    for q in ((seat + 1) & 3, (seat + 3) & 3):
        shown = team_need(t, q & 1) < 0
        if reading is None:
            out[q] = EAGER_SHOWN_WEIGHTS if shown else STYLE_WEIGHTS
        else:
            out[q] = reading.styles(q, shown)
    return out


def draw_styles(
    rng: random.Random, seat: int, t: Position, mixtures: list | None = None
) -> list[str]:
    """A style for each opponent, drawn from its mixture (``style_mixtures``)."""
    if mixtures is None:
        mixtures = style_mixtures(seat, t)
    styles = ["normal"] * 4
    for q in ((seat + 1) & 3, (seat + 3) & 3):
        x = rng.random()
        for name, w in mixtures[q]:
            x -= w
            if x < 0:
                styles[q] = name
                break
    return styles


def style_bids(bids: list[int], styles: list[str]) -> list[list[int] | None]:
    """The bids each seat plays to: its side's ordinary bids shifted by its style."""
    out: list[list[int] | None] = [None] * 4
    for q, style in enumerate(styles):
        if style not in ("eager", "shy"):
            continue
        shift = 13 if style == "eager" else -1
        seen = list(bids)
        for s in (q, (q + 2) & 3):
            if seen[s] > 0:
                seen[s] = max(1, min(13, seen[s] + shift))
        out[q] = seen
    return out


def play_out(t: Position, styles: list[str], rand=None) -> None:
    """Play the hand to its end: the normal rules, bent by each seat's style (``rand``,
    random numbers for a careless seat, may be None when no seat is careless)."""
    real = t.bids
    seen = style_bids(real, styles)
    careless = [CARELESS_RATE if s == "careless" else 0.0 for s in styles]
    while t.tricks_done < 12:
        q = t.to_act
        if careless[q] and rand() < careless[q]:
            c = pick(sound_cards(t, q, t.legal()), rand)
        else:
            bids = seen[q]
            if bids is not None:
                t.bids = bids
                c, _ = choose_card(t, q)
                t.bids = real
            else:
                c, _ = choose_card(t, q)
        t.play(c)
    # The last trick needs no thinking: each seat plays the one card it holds (a
    # careless seat's random number would choose among one card, and none is drawn
    # after it).
    hands = t.hands
    while t.tricks_done < 13:
        t.play(hands[t.to_act].bit_length() - 1)


def judge(t: Position, seat: int, bag_cost: float) -> float:
    """The change in match value for the seat's side minus the other side's."""
    rules = t.rules
    teams = score_hand(rules, t.bids, t.tricks_won, t.scores, t.bags)
    me = seat & 1
    value = team_value(teams[me], bag_cost) - team_value(teams[1 - me], bag_cost)
    winner = match_winner(rules, (teams[0].score_after, teams[1].score_after))
    if winner is not None:
        value += MATCH_WIN_VALUE if winner == me else -MATCH_WIN_VALUE
    return value


class _Search(Thinker):
    """Candidates on common sampled deals: deal k serves candidates 0..n-1 in turn,
    each with the same opponent styles and the same random numbers, so the decision
    depends only on the seed, the view and the rollout count, never on the slicing."""

    noise_z = CARD_NOISE_Z
    extend_by = EXTEND_CLOSE  # budgets more for a decision still close at the end
    blind = False  # whether the seat's own hand is unseen too (before it looks)

    def __init__(
        self, position: Position, seat: int, candidates: list, rollouts: int,
        rng: random.Random, bids: list[int | None] | None = None,
        reading: Reading | None = None,
    ) -> None:
        super().__init__()
        self.position = position
        self.seat = seat
        self.candidates = candidates
        self.samples = max(MIN_SAMPLES, rollouts // len(candidates))
        self.total = self.samples * len(candidates)
        self.extended = False  # whether a close decision has had its extra budget
        self.rng = rng
        self.reading = reading
        # The lean of each seat's hand for each way its bid may be astray (opponents
        # only; the seat's own partner bids as the normal rules do).
        known = list(position.bids if bids is None else bids)
        self.leaned = {
            shift: _weights(position, seat, _astray(known, seat, shift), reading)
            for shift, _ in OPPONENT_BID_NOISE
        }
        self.mixtures = style_mixtures(seat, position, reading)
        self.stopped_early = False
        self.active = list(range(len(candidates)))  # the candidates still in question
        self.turn = 0  # the place in ``active`` of the next rollout on this deal
        self.deals = 0
        self.uniform = [[1.0] * 52 for _ in range(4)]
        self.sums = [0.0] * len(candidates)
        self.counts = [0] * len(candidates)
        self.values: list[list[float]] = [[] for _ in candidates]
        self.deal: list[int] | None = None
        self.styles = ["normal"] * 4
        self.deal_seed = 0
        self.judged: dict[tuple, float] = {}  # hand results already judged
        rules = position.rules
        self.bag_cost = rules.bag_penalty_points / rules.bag_limit if rules.bag_penalty else 0.0

    def _advance(self) -> None:
        active = self.active
        i = active[self.turn]
        if self.turn == 0:
            rng = self.rng
            if rng.random() < UNIFORM_DEALS:
                weights = self.uniform
            else:
                weights = list(self.leaned[0])
                for q in ((self.seat + 1) & 3, (self.seat + 3) & 3):
                    weights[q] = self.leaned[_bid_shift(rng.random())][q]
            self.deal = sample_deal(self.position, self.seat, rng, weights, self.blind)
            self.styles = draw_styles(rng, self.seat, self.position, self.mixtures)
            self.deal_seed = rng.getrandbits(32)
        if self.deal is not None:
            value = self._rollout(self.candidates[i], self.deal)
            self.sums[i] += value
            self.counts[i] += 1
            self.values[i].append(value)
        self.iterations += 1
        self.turn += 1
        if self.turn < len(active):
            return
        # A whole deal is done: every candidate still in question has as many values.
        self.turn = 0
        self.deals += 1
        if self.iterations < self.total:
            if self.deals >= STOP_AFTER and self.deals % STOP_CHECK_EVERY == 0:
                self._narrow()
        elif not self.done:
            if self.extend_by and not self.extended and self._close():
                self.extended = True
                self.total += int(self.extend_by * self.samples * len(self.candidates))
            else:
                self._decide()

    # --- spending the budget where the decision is close ----------------------------
    #
    # Every STOP_CHECK_EVERY deals (whole deals, so the decision still depends only on
    # the seed, the view and the budget, never on the slicing) the search asks what
    # more deals could still change. The normal choice stands unless another beats it
    # by its margin after ``noise_z`` standard errors of the difference. A candidate
    # that even an optimistic reading (STOP_Z standard errors in its favour) leaves
    # short of that margin cannot be chosen: it gets no more rollouts, and the rest of
    # the budget goes to the candidates still in question. When none is left but the
    # normal choice, or one candidate clears the bar by STOP_Z standard errors more and
    # leads every other by STOP_Z standard errors, the search stops there.

    def margin(self, j: int) -> float:
        """What candidate j must beat the normal choice by."""
        return PREFER_NORMAL_BY

    def normal_index(self) -> int:
        raise NotImplementedError

    def _diff(self, j: int, k: int) -> tuple[float, float]:
        a, b = self.values[j], self.values[k]
        if len(a) != len(b) or len(a) < 2:
            return 0.0, math.inf
        n = len(a)
        diffs = [x - y for x, y in zip(a, b, strict=True)]
        mean = math.fsum(diffs) / n
        # The sample standard deviation in plain floats (statistics.stdev is exact and
        # many times slower), over the square root of n.
        spread = math.fsum([(d - mean) * (d - mean) for d in diffs]) / (n - 1)
        return mean, math.sqrt(spread / n)

    def _narrow(self) -> None:
        k = self.normal_index()
        keep = [k]
        clear = []
        for j in self.active:
            if j == k:
                continue
            mean, se = self._diff(j, k)
            if mean + STOP_Z * se < self.margin(j):
                continue  # cannot overturn the normal choice: no more rollouts
            keep.append(j)
            if mean - (STOP_Z + self.noise_z) * se > self.margin(j):
                clear.append(j)
        keep.sort()
        self.active = keep
        if len(keep) == 1:
            self.stopped_early = True
            self._decide()
            return
        for j in clear:
            if all(i in (j, k) or self._diff(j, i)[0] - STOP_Z * self._diff(j, i)[1] > 0
                   for i in keep):
                self.stopped_early = True
                self._decide()
                return

    def _close(self) -> bool:
        """Whether a candidate is ahead of the normal choice by more than its margin
        but within CLOSE_Z standard errors of the bar (its margin after ``noise_z``
        standard errors), so that more deals could still decide it either way."""
        k = self.normal_index()
        for j in self.active:
            if j == k:
                continue
            mean, se = self._diff(j, k)
            bar = self.margin(j)
            if mean > bar and abs(mean - self.noise_z * se - bar) < CLOSE_Z * se:
                return True
        return False

    def _rollout(self, candidate, deal: list[int]) -> float:
        raise NotImplementedError

    def _judge(self, t: Position) -> float:
        """``judge`` of a played-out hand, remembered: a decision's rollouts end in few
        distinct results (the bids and the match score are the decision's own)."""
        key = (*t.bids, *t.tricks_won)
        value = self.judged.get(key)
        if value is None:
            value = self.judged[key] = judge(t, self.seat, self.bag_cost)
        return value

    def means(self) -> list[float]:
        return [s / n if n else float("-inf") for s, n in zip(self.sums, self.counts, strict=True)]

    def edge(self, j: int, k: int, z: float) -> float:
        """How much candidate j beats candidate k on the same deals, less ``z`` standard
        errors of the difference (so a lucky few deals do not overturn k)."""
        a, b = self.values[j], self.values[k]
        if len(a) != len(b) or len(a) < 2:
            return float("-inf")
        mean, se = self._diff(j, k)
        return mean - z * se

    def _decide(self) -> None:
        raise NotImplementedError


class SearchThinker(_Search):
    """A card decision: each candidate card, then everyone plays on."""

    def __init__(
        self, view: PlayerView, position: Position, candidates: list[int], rollouts: int,
        rng: random.Random, fallback: int, fallback_reason: str,
        reading: Reading | None = None,
    ) -> None:
        super().__init__(position, view.seat, candidates, rollouts, rng, reading=reading)
        self.view = view
        self.fallback = fallback
        self.fallback_reason = fallback_reason

    def normal_index(self) -> int:
        return self.candidates.index(self.fallback)

    def _rollout(self, card: int, deal: list[int]) -> float:
        t = self.position.copy()
        t.hands = deal[:]
        t.play(card)
        styles = self.styles
        # Only a careless seat draws random numbers: seed a generator just for it.
        rand = random.Random(self.deal_seed).random if "careless" in styles else None
        play_out(t, styles, rand)
        return self._judge(t)

    def _decide(self) -> None:
        means = self.means()
        best = max(self.active, key=lambda k: means[k])
        choice = self.candidates[best]
        reason = "Searched: the best average over sampled deals"
        k = self.normal_index()
        if best == k or self.edge(best, k, CARD_NOISE_Z) < PREFER_NORMAL_BY:
            choice, reason = self.fallback, self.fallback_reason
        self.means_ = means
        self.decision = Play(choice)
        self.reason = reason
        self.done = True


# --- the bid --------------------------------------------------------------------------

DEFAULT_BID_ROLLOUTS = 320
PREFER_NORMAL_BID_BY = 4.0  # points: the normal bid stands unless beaten by this much
NIL_SWITCH_BY = 12.0  # a nil the normal rules would not bid must win by this much
RAISE_BY = 8.0  # a bid above the normal one must win by this much
BID_NOISE_Z = 1.5  # ... after taking off this many standard errors of the difference
BID_ROLLOUTS_PER_CARD_ROLLOUT = 3  # a fixed budget gives bids this many times more


def bid_candidates(view: PlayerView, normal: int) -> list[int]:
    """The normal bid, a trick either side of it, and nil when the hand might duck."""
    options = legal_bids(view.rules, view.bids[view.partner], False, True)
    hand = view.hand
    estimate = estimate_tricks(hand) * BID_SCALE
    if normal > 0:
        around = [normal - 1, normal, normal + 1]
    else:
        base = max(1, int(estimate + 0.5))
        around = [base, base + 1]
    out = [normal] + [b for b in around if b > 0 and b != normal and b in options]
    partner_bid = view.bids[view.partner]
    if (
        NIL in options
        and normal != NIL
        and not hand >> 51 & 1
        and sure_tricks(hand) == 0
        and estimate_tricks(hand) <= 3.0
        and nil_danger(hand) <= 1.5
        and (partner_bid is None or partner_bid >= 2)
    ):
        out.append(NIL)
    return out


def _bid_shift(x: float) -> int:
    for shift, w in OPPONENT_BID_NOISE:
        x -= w
        if x < 0:
            return shift
    return 0


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
    ) -> None:
        position = Position.from_view(view)
        super().__init__(position, view.seat, candidates, rollouts, rng, list(view.bids),
                         reading)
        self.view = view
        self.normal = normal
        self.normal_reason = normal_reason
        self.later = []
        q = view.seat
        for _ in range(3):
            q = (q + 1) & 3
            if view.bids[q] is None:
                self.later.append(q)
        self.leader = (view.dealer + 1) & 3
        # Each sampled hand's worth to the bidding rules: its deal is played once per
        # candidate bid, and the later seats' hands are the same each time.
        self.worths: dict[int, tuple[float, bool]] = {}
        # How far each seat's bids have strayed from normal's in this match, in tricks.
        self.lean = [0, 0, 0, 0]
        if reading is not None:
            self.lean = [round(reading.bid_bias(q)) if q != self.seat else 0 for q in range(4)]

    def _worth(self, hand: int) -> tuple[float, bool]:
        """The hand's worth to the bidding rules, worked out once a decision."""
        worth = self.worths.get(hand)
        if worth is None:
            worth = self.worths[hand] = (estimate_tricks(hand), nil_is_sound(hand))
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
                    options = legal_bids(rules, bids[(q + 2) & 3], False, True)
                    value = _snap_bid(options, value + shift)
            bids[q] = value
        return bids

    def _rollout(self, bid: int, deal: list[int]) -> float:
        rand = random.Random(self.deal_seed).random
        t = self.position.copy()
        t.hands = deal[:]
        t.bids = self._later_bids(bid, deal, rand)
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


class HardPlayer(NormalPlayer):
    """Searches its bid and its card play over sampled deals."""

    strength = "hard"

    def __init__(
        self, seed: Any = 0, rollouts: int | None = None, reading: Reading | None = None
    ) -> None:
        """``rollouts`` fixes the rollouts per card decision, and three times as many
        per bid (tests, tournaments); None uses the default budget. ``reading`` is the
        match's model of how each seat bids and plays (``reading.Reading``), kept up to
        date by whoever runs the match; None plays every opponent from today's mixture."""
        self.seed = seed
        self.rollouts = rollouts
        self.reading = reading

    def budget(self, view: PlayerView) -> int:
        if view.phase == "bidding":
            if self.rollouts is not None:
                return self.rollouts * BID_ROLLOUTS_PER_CARD_ROLLOUT
            return DEFAULT_BID_ROLLOUTS
        if self.rollouts is not None:
            return self.rollouts
        cards_left = max(1, sum(view.hand_sizes))
        return max(MIN_ROLLOUTS, min(MAX_ROLLOUTS, DEFAULT_CARD_BUDGET // cards_left))

    def think(self, view: PlayerView) -> Thinker:
        if view.phase == "bidding":
            return self._think_bid(view)
        position = Position.from_view(view)
        normal, normal_reason = choose_card(position, view.seat)
        legal = sound_cards(position, view.seat, position.legal())
        candidates = candidate_cards(legal, view.hand, view.played)
        rollouts = self.budget(view)
        if len(candidates) == 1 or rollouts <= 0:
            return Decided(Play(normal), normal_reason)
        # The normal card stands for its whole run of touching cards.
        if normal not in candidates:
            normal = next(
                (c for c in candidates if c <= normal and _same_run(c, normal, view)),
                candidates[0],
            )
        rng = random.Random(f"hard/{self.seed}/{view_key(view)}")
        return SearchThinker(view, position, candidates, rollouts, rng, normal, normal_reason,
                             self.reading)

    def _think_bid(self, view: PlayerView) -> Thinker:
        action, reason = choose_bid(view)
        if not view.looked:
            blind_nil = Bid(BLIND_NIL)
            rollouts = self.budget(view)
            if blind_nil not in view.legal_actions() or rollouts <= 0:
                return Decided(action, reason)
            rng = random.Random(f"hard-blind/{self.seed}/{view_key(view)}")
            return BlindThinker(view, [LOOK, blind_nil], rollouts, rng, action, reason,
                                self.reading)
        if not isinstance(action, Bid):
            return Decided(action, reason)
        candidates = bid_candidates(view, action.value)
        rollouts = self.budget(view)
        if len(candidates) == 1 or rollouts <= 0:
            return Decided(action, reason)
        rng = random.Random(f"hard-bid/{self.seed}/{view_key(view)}")
        return BidThinker(view, candidates, rollouts, rng, action.value, reason, self.reading)


def _same_run(low: int, high: int, view: PlayerView) -> bool:
    if low // 13 != high // 13:
        return False
    gone = view.played | view.hand
    return all(gone >> c & 1 for c in range(low, high + 1))


__all__ = [
    "DEFAULT_BID_ROLLOUTS", "DEFAULT_CARD_BUDGET", "BidThinker", "HardPlayer",
    "bid_candidates", "candidate_cards", "sample_deal",
]
