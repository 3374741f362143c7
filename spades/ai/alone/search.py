"""Hard's search for a player alone: the sampled deals, the rollouts and their judging
at three and two seats (cutthroat, two-handed). docs/ai.md, Hard alone.

It is the four-seat search (spades/ai/search.py: candidates on common sampled deals,
the budget spent where the decision is close) with what a table of players alone
changes:

- The deals: the cards the seat has not seen go to the other hands by their sizes,
  respecting every void shown, each hand leaned by its owner's bid (a seat that bid b
  holds each honour and spade ``BID_LEAN ** (b - par)`` times as readily as one that
  bid ``par``, a table's tricks over its seats; a live nil its high cards as rarely as
  at four), each opponent's bid read a trick astray now and then, a quarter of the
  deals evenly. In two-handed the cards the seat has seen go nowhere (its own buried
  discards, every card shown face up), and the unseen cards the other does not hold
  are the other's buried discards: a pile that takes what the hand does not.
- The rollouts: every seat plays the normal rules alone (``choose_card_alone``); each
  opponent is drawn eager a quarter of the time (plays as if it had bid every trick,
  so it never ducks for bags).
- The judging: the change in the seat's own score minus the mean change of the
  others' (the tournament's figure at three and two), bags at their long-run cost,
  and ``MATCH_WIN_VALUE`` more or less for a hand that ends the match.
"""

from __future__ import annotations

import random

from ...engine.cards import CARD_IDS, RANK_OF, SUIT_OF
from ...engine.scoring import match_winner, score_hand
from ..bidding import top_trump
from ..play import SUITS
from ..search import (
    BID_LEAN,
    BID_LEAN_RANGE,
    MATCH_WIN_VALUE,
    NIL_WEIGHTS,
    OPPONENT_BID_NOISE,
    UNIFORM_DEALS,
    _bid_shift,
    _Search,
    candidate_cards,
    team_value,
)
from .play import choose_card_alone
from .position import AlonePosition

EAGER_SHARE = 0.25  # each opponent plays eager in this share of the deals


def alone_weights(t: AlonePosition, seat: int, bids, shift: int = 0) -> list[list[float]]:
    """How readily each seat is dealt each card, from its bid (``shift``: each other
    seat's ordinary bid read that many tricks astray); a seat that has not bid yet
    (None) gets no lean."""
    rules = t.rules
    par = rules.tricks / rules.seats
    low, high = BID_LEAN_RANGE
    rows = []
    for q in range(rules.seats):
        row = [1.0] * CARD_IDS
        bid = bids[q]
        if q != seat and bid is not None:
            if bid <= 0 and t.tricks_won[q] == 0:
                top = top_trump(rules.cards)
                for c in range(CARD_IDS):
                    r = RANK_OF[c]
                    if c >= 39:
                        row[c] = NIL_WEIGHTS["spade_ace"] if c == top else (
                            NIL_WEIGHTS["spade_high"] if r >= 9 else NIL_WEIGHTS["spade_low"])
                    elif r >= 9:
                        row[c] = NIL_WEIGHTS["side_high"]
            elif bid > 0:
                lean = max(low, min(high, BID_LEAN ** (max(1, bid + shift) - par)))
                for c in range(CARD_IDS):
                    if c >= 39 or RANK_OF[c] >= 10:
                        row[c] = lean
        rows.append(row)
    return rows


def sample_alone(
    t: AlonePosition, seat: int, rng: random.Random, weights: list[list[float]],
    sizes: list[int], blind: bool = False,
) -> list[int] | None:
    """Hands for the other seats (and the seat's own, ``blind``) of ``sizes`` cards,
    consistent with the voids shown, or None. Unseen cards beyond the hands' sizes
    are the other's buried discards (two-handed): they go to a pile without voids."""
    unseen = t.rules.cards & ~t.played & ~t.hands[seat]
    n = len(sizes)
    fixed = t.hands[:]
    if blind:
        fixed[seat] = 0
        unseen |= t.hands[seat]
    others = [q for q in range(n) if q != seat or blind]
    cards = [c for c in range(CARD_IDS) if unseen >> c & 1]
    pile = len(cards) - sum(sizes[q] for q in others)
    if pile < 0:
        return None
    rng.shuffle(cards)
    voids = t.voids
    open_to = [tuple(q for q in others if not voids[q] >> suit & 1) for suit in SUITS]
    cards.sort(key=lambda c: len(open_to[SUIT_OF[c]]))
    rand = rng.random
    for _ in range(40):
        left = sizes[:]
        hands = fixed[:]
        rest = pile
        ok = True
        for c in cards:
            total = float(rest)
            eligible = []
            for q in open_to[SUIT_OF[c]]:
                k = left[q]
                if k:
                    w = weights[q][c] * k
                    eligible.append((q, w))
                    total += w
            if total <= 0:
                ok = False
                break
            x = rand() * total - rest
            if x < 0:
                rest -= 1  # the other's buried discards
                continue
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


def play_out_alone(t: AlonePosition, eager: tuple[bool, ...]) -> None:
    """Play the hand to its end by the normal rules alone; an ``eager`` seat plays as
    if it had bid every trick."""
    real = t.bids
    tricks = t.rules.tricks
    seen = [None] * t.seats
    for q, on in enumerate(eager):
        if on and real[q] > 0:
            seen[q] = [tricks if s == q else b for s, b in enumerate(real)]
    while t.tricks_done < tricks:
        q = t.to_act
        bids = seen[q]
        if bids is not None:
            t.bids = bids
            card, _ = choose_card_alone(t, q)
            t.bids = real
        else:
            card, _ = choose_card_alone(t, q)
        t.play(card)


def judge_alone(t: AlonePosition, seat: int, bag_cost: float,
                match_value: float = MATCH_WIN_VALUE) -> float:
    """The change in the seat's score minus the mean change of the others', bags at
    their long-run cost, ``match_value`` more or less for a hand that ends the match."""
    rules = t.rules
    sides = score_hand(rules, t.bids, t.tricks_won, t.scores, t.bags)
    values = [team_value(s, bag_cost) for s in sides]
    value = values[seat] - (sum(values) - values[seat]) / (len(values) - 1)
    if match_value:
        winner = match_winner(rules, [s.score_after for s in sides])
        if winner is not None:
            value += match_value if winner == seat else -match_value
    return value


def settled(t: AlonePosition) -> int:
    """The cards out of play for telling touching cards apart: played in finished
    tricks (and shown or buried), not those of the trick in progress, which a card
    between two of one's own can still beat or lose to."""
    out = t.played
    for card in t.trick:
        out &= ~(1 << card)
    return out


def exact_value(t: AlonePosition, seat: int, judge, nodes: list[int],
                alpha: float = float("-inf"), beta: float = float("inf")) -> float:
    """Two-handed with both hands seen: the value of the rest of the hand for ``seat``
    with both players playing perfectly (``judge``: the seat's points minus the
    other's, so what one gains the other loses), by alpha-beta over the legal cards,
    touching cards tried once; ``nodes[0]`` counts the positions searched."""
    nodes[0] += 1
    if t.tricks_done == t.rules.tricks:
        return judge(t)
    q = t.to_act
    cards = candidate_cards(t.legal(), t.hands[q], settled(t))
    maximising = q == seat
    best = float("-inf") if maximising else float("inf")
    for card in cards:
        child = t.copy()
        child.play(card)
        value = exact_value(child, seat, judge, nodes, alpha, beta)
        if maximising:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


class AloneSearch(_Search):
    """``_Search`` at a table of players alone: its deals, styles and judging."""

    def __init__(self, position: AlonePosition, seat: int, candidates: list, rollouts: int,
                 rng: random.Random, sizes: list[int], bids=None) -> None:
        self.sizes = sizes
        super().__init__(position, seat, candidates, rollouts, rng, bids)

    def _lean(self, known, evidence) -> None:
        position, seat = self.position, self.seat
        n = position.rules.seats
        self.opponents = tuple(q for q in range(n) if q != seat)
        self.leaned = {shift: alone_weights(position, seat, known, shift)
                       for shift, _ in OPPONENT_BID_NOISE}
        self.uniform = [[1.0] * CARD_IDS for _ in range(n)]
        self.mixtures = None

    def draw_styles(self, rng: random.Random) -> tuple[bool, ...]:
        """Which seats play eager on the next deal."""
        return tuple(q != self.seat and rng.random() < EAGER_SHARE
                     for q in range(self.position.rules.seats))

    def deal_weights(self, rng: random.Random) -> list[list[float]]:
        if rng.random() < UNIFORM_DEALS:
            return self.uniform
        weights = list(self.leaned[0])
        for q in self.opponents:
            weights[q] = self.leaned[_bid_shift(rng.random())][q]
        return weights

    def sample(self, rng: random.Random, weights: list[list[float]]) -> list[int] | None:
        return sample_alone(self.position, self.seat, rng, weights, self.sizes, self.blind)

    def _judge(self, t: AlonePosition) -> float:
        key = (*t.bids, *t.tricks_won)
        value = self.judged.get(key)
        if value is None:
            value = self.judged[key] = judge_alone(t, self.seat, self.bag_cost)
        return value
