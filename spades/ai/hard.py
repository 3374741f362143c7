"""The hard player: search over deals that agree with everything the seat knows.

For a card decision it samples the unseen cards into the other hands (respecting the
voids shown, the hand sizes, and leaning on what the bids imply), plays each candidate
card on every sample with the normal player's policy for all four seats to the end of
the hand, and keeps the card with the best average change in the match score, bags
and nils included. The same samples serve every candidate, so differences between
cards are not drowned by the luck of the deal.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.actions import Play
from ..engine.cards import FULL_DECK
from ..engine.scoring import TeamScore, match_winner, score_hand
from ..engine.view import PlayerView
from .play import choose_card, sound_cards
from .players import Decided, NormalPlayer, Thinker, view_key
from .position import Position

# The default budget is counted in cards played out, so a decision early in the hand
# (long rollouts) gets fewer rollouts than one late in it, and each takes about as long.
DEFAULT_CARD_BUDGET = 14400
MIN_ROLLOUTS, MAX_ROLLOUTS = 240, 800
MIN_SAMPLES = 8
PREFER_NORMAL_BY = 1.5  # points: the normal card stands unless beaten by this much
MATCH_WIN_VALUE = 300  # a hand that ends the match is worth this much more or less


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


def _weights(t: Position, seat: int) -> list[list[float]]:
    """How likely each other seat is to hold each card, from its bid (relative)."""
    weights = []
    for q in range(4):
        row = [1.0] * 52
        if q != seat:
            bid = t.bids[q]
            if bid <= 0 and t.tricks_won[q] == 0:
                for c in range(52):
                    r = c % 13
                    if c >= 39:
                        row[c] = 0.05 if r == 12 else (0.2 if r >= 9 else 0.7)
                    elif r >= 9:
                        row[c] = 0.4
            elif bid > 0:
                lean = max(0.6, min(1.8, 1.0 + 0.15 * (bid - 3)))
                for c in range(52):
                    if c >= 39 or c % 13 >= 10:
                        row[c] = lean
        weights.append(row)
    return weights


def sample_deal(
    t: Position, seat: int, rng: random.Random, weights: list[list[float]]
) -> list[int] | None:
    """Hands for the other seats consistent with the seat's knowledge, or None."""
    unseen = FULL_DECK & ~t.played & ~t.hands[seat]
    sizes = [0, 0, 0, 0]
    in_trick = {(t.leader + i) & 3 for i in range(len(t.trick))}
    for q in range(4):
        if q != seat:
            sizes[q] = 13 - t.tricks_done - (1 if q in in_trick else 0)
    others = [q for q in range(4) if q != seat]
    cards = []
    m = unseen
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    rng.shuffle(cards)
    # The most constrained cards first: fewest seats that may hold them.
    cards.sort(key=lambda c: sum(1 for q in others if not t.voids[q] >> (c // 13) & 1))
    rand = rng.random
    for _ in range(40):
        left = sizes[:]
        hands = t.hands[:]
        ok = True
        for c in cards:
            suit = c // 13
            total = 0.0
            eligible = []
            for q in others:
                if left[q] and not t.voids[q] >> suit & 1:
                    w = weights[q][c] * left[q]
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


class SearchThinker(Thinker):
    def __init__(
        self, view: PlayerView, position: Position, candidates: list[int], rollouts: int,
        rng: random.Random, fallback: int, fallback_reason: str,
    ) -> None:
        super().__init__()
        self.view = view
        self.position = position
        self.seat = view.seat
        self.candidates = candidates
        self.samples = max(MIN_SAMPLES, rollouts // len(candidates))
        self.total = self.samples * len(candidates)
        self.rng = rng
        self.weights = _weights(position, self.seat)
        self.sums = [0.0] * len(candidates)
        self.counts = [0] * len(candidates)
        self.deal: list[int] | None = None
        self.fallback = fallback
        self.fallback_reason = fallback_reason
        rules = position.rules
        self.bag_cost = rules.bag_penalty_points / rules.bag_limit if rules.bag_penalty else 0.0

    def _advance(self) -> None:
        i = self.iterations % len(self.candidates)
        if i == 0:
            self.deal = sample_deal(self.position, self.seat, self.rng, self.weights)
        if self.deal is not None:
            self.sums[i] += self._rollout(self.candidates[i], self.deal)
            self.counts[i] += 1
        self.iterations += 1
        if self.iterations >= self.total:
            self._decide()

    def _rollout(self, card: int, deal: list[int]) -> float:
        t = self.position.copy()
        t.hands = deal[:]
        t.play(card)
        while t.tricks_done < 13:
            c, _ = choose_card(t, t.to_act)
            t.play(c)
        rules = t.rules
        teams = score_hand(rules, t.bids, t.tricks_won, t.scores, t.bags)
        me = self.seat & 1
        value = team_value(teams[me], self.bag_cost) - team_value(teams[1 - me], self.bag_cost)
        winner = match_winner(rules, (teams[0].score_after, teams[1].score_after))
        if winner is not None:
            value += MATCH_WIN_VALUE if winner == me else -MATCH_WIN_VALUE
        return value

    def _decide(self) -> None:
        means = [
            s / n if n else float("-inf") for s, n in zip(self.sums, self.counts, strict=True)
        ]
        best = max(range(len(means)), key=lambda k: means[k])
        choice = self.candidates[best]
        reason = "Searched: the best average over sampled deals"
        if self.fallback in self.candidates:
            k = self.candidates.index(self.fallback)
            if means[k] >= means[best] - PREFER_NORMAL_BY:
                choice, reason = self.fallback, self.fallback_reason
        self.means = means
        self.decision = Play(choice)
        self.reason = reason
        self.done = True


class HardPlayer(NormalPlayer):
    """Searches card play over sampled deals; bids as the normal player."""

    strength = "hard"

    def __init__(self, seed: Any = 0, rollouts: int | None = None) -> None:
        """``rollouts`` fixes the rollouts per card decision (tests, tournaments);
        None uses the default budget."""
        self.seed = seed
        self.rollouts = rollouts

    def budget(self, view: PlayerView) -> int:
        if self.rollouts is not None:
            return self.rollouts
        cards_left = max(1, sum(view.hand_sizes))
        return max(MIN_ROLLOUTS, min(MAX_ROLLOUTS, DEFAULT_CARD_BUDGET // cards_left))

    def think(self, view: PlayerView) -> Thinker:
        if view.phase == "bidding":
            return super().think(view)
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
        return SearchThinker(view, position, candidates, rollouts, rng, normal, normal_reason)


def _same_run(low: int, high: int, view: PlayerView) -> bool:
    if low // 13 != high // 13:
        return False
    gone = view.played | view.hand
    return all(gone >> c & 1 for c in range(low, high + 1))


__all__ = ["DEFAULT_CARD_BUDGET", "HardPlayer", "candidate_cards", "sample_deal"]
