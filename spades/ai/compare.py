"""How would the computer have played it? The same deal again, a computer in the seat.

Serious players compare their result on a deal with what a strong player made of the
very same cards (duplicate scoring). Like for like: the hand is replayed from its
start with the recorded bids and cards of every seat, and at each of the player's
decisions the computer in that seat is asked what it would do. While it agrees, the
recorded choice stands, so the hand is the same hand. At the first decision where it
chooses otherwise its choice is played, and from there every seat decides for itself:
the other three are the match's own players, at their own strengths and seeds (a hard
player with its reading of the match's earlier hands). A seat that bid before the
player therefore bids the same in both versions, and a computer that agrees with every
choice gets exactly the player's result. It runs in slices, so the table keeps drawing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..engine import HandScored, Match
from ..engine.actions import DISCARD, KEEP, LOOK, Action, Bid, Discard, Keep, Play
from ..engine.legal import BLIND_NIL
from ..engine.match import HandResult
from . import make_player
from .reading import Reading


def start_of(result: HandResult) -> dict[str, Any]:
    """The position a finished hand began from, as ``Match(start=...)`` takes it."""
    cards = {"stock": tuple(result.stock)} if result.rules.draws else \
        {"hands": tuple(result.hands)}  # two-handed begins from its stock, drawn again
    return {
        "dealer": result.dealer,
        **cards,
        "scores": list(result.scores_before),
        "bags": list(result.bags_before),
        "hand_number": result.hand_number,
    }


@dataclass(frozen=True)
class Difference:
    """The first decision where the computer chose otherwise than the player."""

    kind: str  # "bid" (a look or a blind nil counts as a bid decision) or "card"
    trick: int  # 0-based trick number for a card, -1 for a bid
    yours: Action
    computer: Action


class Comparison:
    """Plays ``result``'s deal again with ``strength`` at ``seat``; ``others`` gives the
    strength of every seat (the seat's own entry is ignored); ``history`` is the
    match's finished hands before this one (what a hard player had read by then);
    ``rollouts`` fixes the hard players' budget as ``HardPlayer(rollouts=...)`` does."""

    def __init__(self, result: HandResult, others: tuple[str, str, str, str], seed: Any,
                 seat: int = 0, strength: str = "hard",
                 history: list[HandResult] | tuple[HandResult, ...] = (),
                 rollouts: int | None = None) -> None:
        self.original = result
        self.seat = seat
        self.match = Match(result.rules, seed, start=start_of(result))
        reading = Reading.fit(history)
        self.players = []
        for s in range(result.rules.seats):
            name = strength if s == seat else others[s]
            extra: dict[str, Any] = {"reading": reading} if name == "hard" else {}
            if rollouts is not None and name == "hard":
                extra["rollouts"] = rollouts  # tests: a fixed, small budget
            self.players.append(make_player(name, seed=f"{seed}/{s}", **extra))
        self.draws_left = list(result.draws)  # two-handed: each turn's keep or discard
        self.bids_left = list(result.bids)
        self.plays_left = list(result.plays)
        self.difference: Difference | None = None
        self.thinker: Any = None
        self.result: HandResult | None = None

    @property
    def cards_played(self) -> int:
        return len(self.match.plays) if self.result is None else 52

    def recorded(self) -> Action:
        """What the seat to act did at this point of the real hand."""
        m = self.match
        if m.phase == "drawing":
            return KEEP if self.draws_left[0][1] else DISCARD
        if m.phase == "bidding":
            _, bid = self.bids_left[0]
            if not m.looked[m.to_act]:
                return Bid(BLIND_NIL) if bid == BLIND_NIL else LOOK
            return Bid(bid)
        return Play(self.plays_left[0])

    def step(self, budget_ms: float) -> bool:
        """Think and play for about ``budget_ms``; True once the hand is over."""
        deadline = time.perf_counter() + budget_ms / 1000.0
        while self.result is None:
            m = self.match
            seat = m.to_act
            if self.difference is None and seat != self.seat:
                action = self.recorded()  # before any difference: the real hand's choice
            else:
                if self.thinker is None:
                    self.thinker = self.players[seat].think(m.view(seat))
                left = (deadline - time.perf_counter()) * 1000.0
                if not self.thinker.step(max(0.5, left)):
                    return False
                action = self.thinker.decision
                self.thinker = None
                if self.difference is None:
                    yours = self.recorded()
                    if action != yours:
                        kind = {"drawing": "draw", "bidding": "bid"}.get(m.phase, "card")
                        self.difference = Difference(
                            kind, len(m.trick_winners) if kind == "card" else -1,
                            yours, action,
                        )
            self._apply(action)
            if time.perf_counter() >= deadline:
                break
        return self.result is not None

    def _apply(self, action: Action) -> None:
        events = self.match.apply(action)
        if self.difference is None:
            if isinstance(action, Keep | Discard):
                self.draws_left.pop(0)
            elif isinstance(action, Bid):
                self.bids_left.pop(0)
            elif isinstance(action, Play):
                self.plays_left.pop(0)
        if any(isinstance(e, HandScored) for e in events):
            self.result = self.match.history[-1]

    def finish(self) -> HandResult:
        while not self.step(1000.0):
            pass
        assert self.result is not None
        return self.result


def seat_bids(result: HandResult) -> list[int]:
    """The bids of a finished hand, by seat."""
    bids = dict(result.bids)
    return [bids[s] for s in range(result.rules.seats)]


def _decision_words(action: Action) -> str:
    from ..engine.cards import card_name
    from ..engine.legal import NIL

    if isinstance(action, Play):
        return f"the {card_name(action.card)}"
    if action == LOOK:
        return "to look at the cards"
    if isinstance(action, Bid):
        if action.value == BLIND_NIL:
            return "blind nil"
        return "nil" if action.value == NIL else str(action.value)
    return str(action)


def difference_words(comparison: Comparison) -> str:
    """Where the two versions part, in a sentence for the panel."""
    d = comparison.difference
    if d is None:
        return "The computer chose as you did at every turn."
    if d.kind == "draw":  # two-handed: a keep or a discard at the draw
        return (f"First difference, the draw: you chose to {d.yours}, the computer to "
                f"{d.computer}.")
    if d.kind == "bid":
        if LOOK in (d.yours, d.computer):
            return (f"First difference, your bid: you chose {_decision_words(d.yours)}, the "
                    f"computer {_decision_words(d.computer)}.")
        return (f"First difference, your bid: you bid {_decision_words(d.yours)}, the "
                f"computer {_decision_words(d.computer)}.")
    return (f"First difference, trick {d.trick + 1}: you played {_decision_words(d.yours)}, "
            f"the computer {_decision_words(d.computer)}.")


def seat_summary(result: HandResult, seat: int) -> dict[str, Any]:
    """What the comparison shows for one seat's side of a hand."""
    side = result.rules.side_of(seat)
    team = result.teams[side]
    # The other team; at three, the best of the other players.
    other = max(t.points for t in result.teams if t.team != side)
    bid = dict(result.bids).get(seat)
    return {
        "bid": bid,
        "tricks": sum(1 for w in result.trick_winners if w == seat),
        "team_tricks": team.tricks,
        "team_points": team.points,
        "other_points": other,
        "margin": team.points - other,
    }


__all__ = ["Comparison", "Difference", "difference_words", "seat_bids", "seat_summary",
           "start_of"]
