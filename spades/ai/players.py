"""The computer players and their anytime thinking.

The interface calls ``player.think(view)`` once, then ``thinker.step(budget_ms)`` each
frame until it returns True, so the table keeps drawing while a search runs. The same
seed and the same iteration budget always give the same decision, however the
thinking is sliced. ``player.choose(view)`` thinks to the end at once.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..engine.actions import Action, Play
from ..engine.view import PlayerView
from .alone import bid_alone, think_alone
from .bidding import BID_SCALE, choose_bid, estimate_tricks, tricks_by_suit
from .passing import choose_pass
from .play import choose_card, simple_card
from .position import Position


class Thinker:
    """A decision in progress. ``decision`` and ``reason`` are set once ``done``."""

    def __init__(self) -> None:
        self.done = False
        self.decision: Action | None = None
        self.reason = ""
        self.iterations = 0

    def step(self, budget_ms: float) -> bool:
        """Think for about ``budget_ms`` milliseconds; True once the decision is made."""
        deadline = time.perf_counter() + budget_ms / 1000.0
        while not self.done:
            self._advance()
            if time.perf_counter() >= deadline:
                break
        return self.done

    def _advance(self) -> None:
        raise NotImplementedError

    def finish(self) -> Action:
        while not self.done:
            self._advance()
        assert self.decision is not None
        return self.decision


class Decided(Thinker):
    """A decision that needed no search."""

    def __init__(self, action: Action, reason: str) -> None:
        super().__init__()
        self.done = True
        self.decision = action
        self.reason = reason


def view_key(view: PlayerView) -> str:
    """Everything the seat knows that matters to a decision, as text for seeding.

    Seeding from the view alone means two deals the seat cannot tell apart give the
    same decision.
    """
    plays = ",".join(str(c) for _, cards in view.tricks for c in cards)
    trick = ",".join(str(c) for _, c in view.trick)
    return f"{view.seat}/{view.hand_number}/{view.hand}/{view.bids}/{plays}/{trick}/{view.scores}"


class NormalPlayer:
    """Sound rule-based play: counts cards, reads voids, covers and attacks nils."""

    strength = "normal"

    def __init__(self, seed: Any = 0) -> None:
        self.seed = seed

    def think(self, view: PlayerView) -> Thinker:
        if not view.rules.partnerships:
            return Decided(*think_alone(view))
        if view.phase == "bidding":
            action, reason = choose_bid(view)
            return Decided(action, reason)
        if view.phase == "passing":
            return Decided(*choose_pass(view))
        position = Position.from_view(view)
        card, reason = choose_card(position, view.seat)
        return Decided(Play(card), reason)

    def choose(self, view: PlayerView) -> Action:
        return self.think(view).finish()


class EasyPlayer(NormalPlayer):
    """Plausible but weaker: forgets which cards are gone and who is void, and bids
    by feel (a trick more or less than the hand is worth, never a risky nil)."""

    strength = "easy"

    def think(self, view: PlayerView) -> Thinker:
        rng = random.Random(f"easy/{self.seed}/{view_key(view)}")
        if not view.rules.partnerships:
            return Decided(*think_alone(view, easy_caution=rng.choice((-1.0, 0.0, 1.0))))
        if view.phase == "passing":
            return Decided(*choose_pass(view))
        if view.phase == "bidding":
            action, reason = choose_bid(
                view, caution=rng.choice((-1.0, 0.0, 1.0)), nil_limit=1.4
            )
            return Decided(action, reason)
        position = Position.from_view(view)
        # Only the trick in progress and the last one are remembered.
        remembered = 0
        for card in position.trick:
            remembered |= 1 << card
        if view.tricks:
            for card in view.tricks[-1][1]:
                remembered |= 1 << card
        position.played = remembered
        position.voids = [0] * position.seats
        card, reason = simple_card(position, view.seat)
        return Decided(Play(card), reason)


def suggested_bid(view: PlayerView) -> tuple[Action, str]:
    """The bid panel's suggestion for the human: the normal player's bid (alone too)."""
    if not view.rules.partnerships:
        return bid_alone(view)
    return choose_bid(view)


def suggested_bid_worth(view: PlayerView) -> tuple[float, ...]:
    """What the suggested bid counts on, suit by suit (clubs, diamonds, hearts, spades;
    ruffs with the spades), on the scale its "worth about" speaks of."""
    return tuple(v * BID_SCALE for v in tricks_by_suit(view.hand, view.rules.cards))


def suggested_card(view: PlayerView) -> tuple[int, str]:
    """The coach's card and one-line reason, from the player's own view only."""
    if not view.rules.partnerships:
        action, reason = think_alone(view)
        assert isinstance(action, Play)
        return action.card, reason
    return choose_card(Position.from_view(view), view.seat)


__all__ = [
    "Decided", "EasyPlayer", "NormalPlayer", "Thinker", "estimate_tricks",
    "suggested_bid", "suggested_bid_worth", "suggested_card", "view_key",
]
