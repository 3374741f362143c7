"""The hard player: its bid and its cards searched over deals that agree with
everything the seat knows (search.py).

For a card decision each candidate card (one per run of touching cards) is played on
every sampled deal and the hand played out; the card with the best average change in
the match score stands in for the normal card only if it beats it by a margin and by
more than the noise. Its bids are the bid search's (bid_search.py).

Its last tricks it plays exactly: once at most ``EXACT_TRICKS`` tricks are left, each
sampled deal is not rolled out but judged with every hand seen, both sides playing
perfectly for points (endings.py: the solver's most or fewest tricks, a search of
every card, or the solver's bounds; a live nil above three tricks is still rolled
out). Fewer deals are needed (``EXACT_DEALS``), since the play no longer adds its own
noise, and a node cap (``EXACT_NODES``) keeps the decision within its time budget.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.actions import LOOK, Bid, Play
from ..engine.cards import SUIT_OF
from ..engine.legal import BLIND_NIL
from ..engine.view import PlayerView
from .alone.hard import think_hard_alone
from .bid_search import (
    BID_ROLLOUTS_PER_CARD_ROLLOUT,
    DEFAULT_BID_ROLLOUTS,
    BidThinker,
    BlindThinker,
    bid_candidates,
)
from .bidding import choose_bid, gambles_far_behind
from .endings import ROLLOUT, Ending, ending_mode
from .inference import play_weights
from .likelihood import Resampler
from .passing import choose_pass
from .play import choose_card, sound_cards
from .players import Decided, NormalPlayer, Thinker, view_key
from .position import Position
from .reading import Reading
from .search import CARD_NOISE_Z, PREFER_NORMAL_BY, _Search, candidate_cards
from .styles import play_out

# The default budget is counted in cards played out, so a decision early in the hand
# (long rollouts) gets fewer rollouts than one late in it, and each takes about as long.
DEFAULT_CARD_BUDGET = 15000
MIN_ROLLOUTS, MAX_ROLLOUTS = 280, 1100
MIN_SAMPLES = 8
# Exact endings: at most this many tricks left (the one in progress counted), each
# sampled deal is judged exactly instead of rolled out (endings.py), on at most this many
# deals (a sixth trick: one deal alone can take 58,000 nodes; docs/ai.md).
EXACT_TRICKS = 5
EXACT_DEALS = 120
# ... stopping after the deal on which its solvers and search pass this many nodes
# (about 2 microseconds each natively), so an exact decision keeps to the budget.
EXACT_NODES = 14000

class SearchThinker(_Search):
    """A card decision: each candidate card, then everyone plays on."""

    def __init__(
        self, view: PlayerView, position: Position, candidates: list[int], rollouts: int,
        rng: random.Random, fallback: int, fallback_reason: str,
        reading: Reading | None = None, exact: bool = False,
        evidence: list[list[float]] | None = None,
    ) -> None:
        super().__init__(position, view.seat, candidates, rollouts, rng, reading=reading,
                         evidence=evidence)
        self.view = view
        self.fallback = fallback
        self.fallback_reason = fallback_reason
        # An exact ending, if the points can be judged exactly from here (endings.py).
        mode = ending_mode(position, self.seat, self._judge) if exact else ROLLOUT
        self.exact = mode != ROLLOUT
        if self.exact:  # exact values carry no noise of the play: fewer deals
            self.samples = EXACT_DEALS
            self.total = self.samples * len(candidates)
        self.ending = Ending(self.seat, mode, self._judge)

    def normal_index(self) -> int:
        return self.candidates.index(self.fallback)

    def _advance(self) -> None:
        super()._advance()
        if (self.exact and not self.done and self.turn == 0
                and self.ending.nodes >= EXACT_NODES):
            self.stopped_early = True
            self._decide()

    def _rollout(self, card: int, deal: list[int]) -> float:
        t = self.position.copy()
        t.hands = deal[:]
        t.play(card)
        if self.exact:
            return self.ending.value(t, self.deals)
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
        if self.exact:
            reason = "Solved: the best average over sampled deals, every hand seen"
        k = self.normal_index()
        if best == k or self.edge(best, k, CARD_NOISE_Z) < PREFER_NORMAL_BY:
            choice, reason = self.fallback, self.fallback_reason
        self.means_ = means
        self.decision = Play(choice)
        self.reason = reason
        self.done = True



class HardPlayer(NormalPlayer):
    """Searches its bid and its card play over sampled deals."""

    strength = "hard"

    def __init__(
        self, seed: Any = 0, rollouts: int | None = None, reading: Reading | None = None,
        exact_tricks: int = EXACT_TRICKS, inference: bool = False,
        pass_in_bids: bool = True, likelihood: bool = False,
    ) -> None:
        """``rollouts`` fixes the rollouts per card decision, and three times as many
        per bid (tests, tournaments); None uses the default budget. ``reading`` is the
        match's model of how each seat bids and plays (``reading.Reading``), kept up to
        date by whoever runs the match; None plays every opponent from today's mixture.
        ``exact_tricks``: solve the sampled deals from this many tricks left (0: never,
        roll every decision out). ``inference``: deal the unseen cards by what the
        others' plays say of them too (inference.py), not only by voids and bids.
        ``likelihood``: that, and the deals resampled by the likelihood of the whole
        play this hand (likelihood.py).
        ``pass_in_bids``: the bid search plays nil card passing out (False: as if no
        cards were passed, for measuring)."""
        self.seed = seed
        self.inference = inference or likelihood
        self.likelihood = likelihood
        self.memo: dict = {}  # the likelihood's memory of this hand's plays
        self.rollouts = rollouts
        self.reading = reading
        self.exact_tricks = exact_tricks
        self.pass_in_bids = pass_in_bids

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
        if not view.rules.partnerships:  # cutthroat, two-handed: each plays alone
            return think_hard_alone(view, self.seed, self.rollouts)
        if view.phase == "bidding":
            return self._think_bid(view)
        if view.phase == "passing":
            return Decided(*choose_pass(view))
        position = Position.from_view(view)
        normal, normal_reason = choose_card(position, view.seat)
        legal = sound_cards(position, view.seat, position.legal())
        gone = self.settled(view)
        candidates = candidate_cards(legal, view.hand, gone)
        rollouts = self.budget(view)
        if len(candidates) == 1 or rollouts <= 0:
            return Decided(Play(normal), normal_reason)
        exact = 13 - len(view.trick_winners) <= self.exact_tricks
        # The normal card stands for its whole run of touching cards.
        if normal not in candidates:
            normal = next(
                (c for c in candidates if c <= normal and _same_run(c, normal, view.hand, gone)),
                candidates[0],
            )
        rng = random.Random(f"hard/{self.seed}/{view_key(view)}")
        evidence = play_weights(view, self.reading) if self.inference else None
        thinker = SearchThinker(view, position, candidates, rollouts, rng, normal,
                                normal_reason, self.reading, exact, evidence)
        if self.likelihood:
            resampler = Resampler(thinker, view, evidence, self.reading, self.memo)
            thinker.sample = resampler.sample
        return thinker

    def settled(self, view: PlayerView) -> int:
        """The cards out of play for telling one's touching cards apart (``settled``)."""
        return settled(view)

    def _think_bid(self, view: PlayerView) -> Thinker:
        action, reason = choose_bid(view)
        if not view.looked:
            blind_nil = Bid(BLIND_NIL)
            rollouts = self.budget(view)
            if blind_nil not in view.legal_actions() or rollouts <= 0:
                return Decided(action, reason)
            if gambles_far_behind(view):  # the search's starting point, as measured
                action, reason = blind_nil, "Far behind: blind nil is worth the risk"
            else:
                action, reason = LOOK, "Look at the cards"
            rng = random.Random(f"hard-blind/{self.seed}/{view_key(view)}")
            return BlindThinker(view, [LOOK, blind_nil], rollouts, rng, action, reason,
                                self.reading, self.pass_in_bids)
        if not isinstance(action, Bid):
            return Decided(action, reason)
        candidates = bid_candidates(view, action.value, self.pass_in_bids)
        rollouts = self.budget(view)
        if len(candidates) == 1 or rollouts <= 0:
            return Decided(action, reason)
        rng = random.Random(f"hard-bid/{self.seed}/{view_key(view)}")
        return BidThinker(view, candidates, rollouts, rng, action.value, reason, self.reading,
                          self.pass_in_bids)


def settled(view: PlayerView) -> int:
    """The cards out of play for telling touching cards apart: those played in
    finished tricks, not those of the trick in progress, which a card between two of
    one's own can still beat or lose to (holding the 9 and the queen with the jack on
    the table, the 9 loses the trick and the queen wins it)."""
    out = view.played
    for _, card in view.trick:
        out &= ~(1 << card)
    return out


def _same_run(low: int, high: int, hand: int, settled: int) -> bool:
    """Whether ``low`` and ``high`` lie in one run of touching cards of ``hand``."""
    if SUIT_OF[low] != SUIT_OF[high]:
        return False
    gone = settled | hand
    return all(gone >> c & 1 for c in range(low, high + 1))


__all__ = [
    "DEFAULT_BID_ROLLOUTS", "DEFAULT_CARD_BUDGET", "EXACT_DEALS", "EXACT_TRICKS", "BidThinker",
    "BlindThinker", "HardPlayer", "SearchThinker", "candidate_cards", "settled",
]
