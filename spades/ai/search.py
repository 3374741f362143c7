"""Hard's search: candidates weighed on common sampled deals, played out to the end.

Both of hard's decisions search the same way. The unseen cards are dealt into the other
hands (respecting the voids shown, the hand sizes, and leaning on what the bids imply,
though a quarter of the deals ignore the bids); each opponent gets a style for the deal
(styles.py); every candidate is played on every sample to the end of the hand and
judged by the change in the match score, bags and nils included. The same samples serve
every candidate, so differences between candidates are not drowned by the luck of the
deal, and the budget goes where the decision is still close. ``_Search`` is that
common part; the card search (hard.py) and the bid search (bid_search.py) say what a
candidate is and how its rollout starts.
"""

from __future__ import annotations

import math
import random

from ..engine.cards import CARD_IDS, RANK_OF, SUIT_OF
from ..engine.scoring import TeamScore, match_winner, score_hand
from .bidding import top_trump
from .play import SUITS
from .players import Thinker
from .position import OPPONENTS, PARTNER, Position
from .reading import Reading
from .styles import draw_styles, style_mixtures

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
    for q in range(t.seats):
        row = [1.0] * CARD_IDS
        if q != seat and known[q] is not None:
            bid = known[q]
            if bid <= 0 and t.tricks_won[q] == 0:
                soft = reading.nil_softness(q) if reading is not None else 0.0
                top = top_trump(t.rules.cards)
                for c in range(CARD_IDS):
                    r = RANK_OF[c]
                    if c >= 39:
                        w = NIL_WEIGHTS["spade_ace"] if c == top else (
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
                for c in range(CARD_IDS):
                    if c >= 39 or RANK_OF[c] >= 10:
                        row[c] = lean
        weights.append(row)
    return weights


def _astray(bids: list[int | None], seat: int, shift: int) -> list[int | None]:
    """The bids with each opponent's ordinary bid moved by ``shift`` (at least 1)."""
    out = list(bids)
    for q in OPPONENTS[seat]:
        if out[q] is not None and out[q] > 0:
            out[q] = max(1, out[q] + shift)
    return out


def sample_deal(
    t: Position, seat: int, rng: random.Random, weights: list[list[float]],
    blind: bool = False,
) -> list[int] | None:
    """Hands for the other seats consistent with the seat's knowledge, or None.
    ``blind``: the seat has not looked at its cards, so its own hand is dealt too."""
    unseen = t.rules.cards & ~t.played & ~t.hands[seat]
    n = t.seats
    sizes = [0] * n
    in_trick = set(t.around[t.leader:t.leader + len(t.trick)])
    for q in range(n):
        if q != seat or blind:
            sizes[q] = 13 - t.tricks_done - (1 if q in in_trick else 0)
    others = [q for q in range(n) if q != seat or blind]
    # The cards this seat passed its partner (nil passing) are the partner's, unplayed.
    given = t.passed & unseen
    partner = PARTNER[seat]
    if given and not blind:
        unseen &= ~given
        sizes[partner] -= given.bit_count()
    fixed = t.hands[:]
    if given and not blind:
        fixed[partner] |= given
    cards = []
    m = unseen
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    rng.shuffle(cards)
    # The seats that may hold a card of each suit (not void in it), in seat order.
    voids = t.voids
    open_to = [tuple(q for q in others if not voids[q] >> suit & 1) for suit in SUITS]
    # The most constrained cards first: fewest seats that may hold them.
    cards.sort(key=lambda c: len(open_to[SUIT_OF[c]]))
    rand = rng.random
    for _ in range(40):
        left = sizes[:]
        hands = fixed[:]
        ok = True
        for c in cards:
            total = 0.0
            eligible = []
            for q in open_to[SUIT_OF[c]]:
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


UNIFORM_DEALS = 0.25  # this share of deals ignores what the bids imply


def _bid_shift(x: float) -> int:
    for shift, w in OPPONENT_BID_NOISE:
        x -= w
        if x < 0:
            return shift
    return 0


def judge(
    t: Position, seat: int, bag_cost: float, match_value: float = MATCH_WIN_VALUE
) -> float:
    """The change in match value for the seat's side minus the other side's
    (``match_value`` more or less for a hand that ends the match; the measuring
    passes 0 to count the hand's points alone, as a tournament does)."""
    rules = t.rules
    teams = score_hand(rules, t.bids, t.tricks_won, t.scores, t.bags)
    me = seat & 1
    value = team_value(teams[me], bag_cost) - team_value(teams[1 - me], bag_cost)
    if match_value:
        winner = match_winner(rules, (teams[0].score_after, teams[1].score_after))
        if winner is not None:
            value += match_value if winner == me else -match_value
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
        reading: Reading | None = None, evidence: list[list[float]] | None = None,
    ) -> None:
        """``evidence``: per-card weights of each seat from the play (inference.py),
        multiplying the lean of the bids on every deal."""
        super().__init__()
        self.position = position
        self.seat = seat
        self.candidates = candidates
        self.samples = max(MIN_SAMPLES, rollouts // len(candidates))
        self.total = self.samples * len(candidates)
        self.extended = False  # whether a close decision has had its extra budget
        self.rng = rng
        self.reading = reading
        self._lean(list(position.bids if bids is None else bids), evidence)
        self.stopped_early = False
        self.active = list(range(len(candidates)))  # the candidates still in question
        self.turn = 0  # the place in ``active`` of the next rollout on this deal
        self.deals = 0
        self.sums = [0.0] * len(candidates)
        self.counts = [0] * len(candidates)
        self.values: list[list[float]] = [[] for _ in candidates]
        self.deal: list[int] | None = None
        self.styles = ["normal"] * position.rules.seats
        self.deal_seed = 0
        self.judged: dict[tuple, float] = {}  # hand results already judged
        rules = position.rules
        self.bag_cost = rules.bag_penalty_points / rules.bag_limit if rules.bag_penalty else 0.0

    def _lean(self, known: list[int | None], evidence: list[list[float]] | None) -> None:
        """How each seat's hand leans, for each way an opponent's bid may be astray
        (``leaned``; the seat's own partner bids as the normal rules do), and evenly
        (``uniform``); and each opponent's mixture of rollout styles."""
        position, seat, reading = self.position, self.seat, self.reading
        self.leaned = {
            shift: _weights(position, seat, _astray(known, seat, shift), reading)
            for shift, _ in OPPONENT_BID_NOISE
        }
        self.uniform = [[1.0] * CARD_IDS for _ in range(position.rules.seats)]
        if evidence is not None:
            for rows in (*self.leaned.values(), self.uniform):
                for q, row in enumerate(rows):
                    rows[q] = [w * e for w, e in zip(row, evidence[q], strict=True)]
        self.mixtures = style_mixtures(seat, position, reading)

    def draw_styles(self, rng: random.Random) -> list[str]:
        """Each seat's rollout style for the next deal (styles.py)."""
        return draw_styles(rng, self.seat, self.position, self.mixtures)

    def _advance(self) -> None:
        active = self.active
        i = active[self.turn]
        if self.turn == 0:
            rng = self.rng
            self.deal = self.sample(rng, self.deal_weights(rng))
            self.styles = self.draw_styles(rng)
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

    def deal_weights(self, rng: random.Random) -> list[list[float]]:
        """How readily each seat is dealt each card on the next deal: evenly
        (``UNIFORM_DEALS`` of the deals), else leaned by the bids, each opponent's bid
        read as astray as ``OPPONENT_BID_NOISE`` draws it."""
        if rng.random() < UNIFORM_DEALS:
            return self.uniform
        weights = list(self.leaned[0])
        for q in OPPONENTS[self.seat]:
            weights[q] = self.leaned[_bid_shift(rng.random())][q]
        return weights

    def sample(self, rng: random.Random, weights: list[list[float]]) -> list[int] | None:
        """The next sampled deal (the measuring's clairvoyant player puts the true one
        here, to measure what knowing the unseen cards is worth)."""
        return sample_deal(self.position, self.seat, rng, weights, self.blind)

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
        while below >= 0 and SUIT_OF[below] == SUIT_OF[card] and gone >> below & 1:
            if hand >> below & 1 and legal >> below & 1:
                touching = True
                break
            below -= 1
        if not touching:
            out.append(card)
    return out
