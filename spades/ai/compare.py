"""How would the computer have played it? The same deal again, a computer in the seat.

Serious players compare their result on a deal with what a strong player made of the
very same cards (duplicate scoring). This replays one finished hand from its start,
the hard player in the chosen seat and the match's own players elsewhere, in slices,
so the table keeps drawing while it runs.
"""

from __future__ import annotations

import time
from typing import Any

from ..engine import HandScored, Match
from ..engine.match import HandResult
from . import make_player


def start_of(result: HandResult) -> dict[str, Any]:
    """The position a finished hand began from, as ``Match(start=...)`` takes it."""
    return {
        "dealer": result.dealer,
        "hands": tuple(result.hands),
        "scores": list(result.scores_before),
        "bags": list(result.bags_before),
        "hand_number": result.hand_number,
    }


class Comparison:
    """Plays ``result``'s deal again with ``strength`` at ``seat``; ``others`` gives the
    strength of every seat (the seat's own entry is ignored)."""

    def __init__(self, result: HandResult, others: tuple[str, str, str, str], seed: Any,
                 seat: int = 0, strength: str = "hard") -> None:
        self.original = result
        self.seat = seat
        self.match = Match(result.rules, seed, start=start_of(result))
        self.players = [
            make_player(strength if s == seat else others[s], seed=f"{seed}/compare/{s}")
            for s in range(4)
        ]
        self.thinker: Any = None
        self.result: HandResult | None = None

    @property
    def cards_played(self) -> int:
        return len(self.match.plays) if self.result is None else 52

    def step(self, budget_ms: float) -> bool:
        """Think and play for about ``budget_ms``; True once the hand is over."""
        deadline = time.perf_counter() + budget_ms / 1000.0
        while self.result is None:
            m = self.match
            if self.thinker is None:
                self.thinker = self.players[m.to_act].think(m.view(m.to_act))
            left = (deadline - time.perf_counter()) * 1000.0
            if not self.thinker.step(max(0.5, left)):
                return False
            events = m.apply(self.thinker.decision)
            self.thinker = None
            if any(isinstance(e, HandScored) for e in events):
                self.result = m.history[-1]
            if time.perf_counter() >= deadline:
                break
        return self.result is not None

    def finish(self) -> HandResult:
        while not self.step(1000.0):
            pass
        assert self.result is not None
        return self.result


def seat_summary(result: HandResult, seat: int) -> dict[str, Any]:
    """What the comparison shows for one seat's side of a hand."""
    team = result.teams[seat % 2]
    bid = dict(result.bids).get(seat)
    return {
        "bid": bid,
        "tricks": sum(1 for w in result.trick_winners if w == seat),
        "team_tricks": team.tricks,
        "team_points": team.points,
        "other_points": result.teams[1 - seat % 2].points,
        "margin": team.points - result.teams[1 - seat % 2].points,
    }


__all__ = ["Comparison", "seat_summary", "start_of"]
