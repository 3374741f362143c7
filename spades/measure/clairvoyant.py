"""A clairvoyant hard, for measuring only: hard whose every sampled deal is the true
one, to bound what any inference about the unseen cards could give.

``hard-clairvoyant`` is hard in every other respect (the same candidates, budget,
rollout styles, bars and exact endings); only its ``sample`` hands back the true hands
of the four seats instead of a deal drawn to agree with what the seat knows. Its
opponents' styles are still drawn, so it knows the cards, not how the others will play
them. The variants ``-bid``, ``-early`` and ``-late`` see the cards only in one phase
(the bids, blind nil included; the tricks played out by rollouts, more than
``EXACT_TRICKS`` left; the exact endings), to say where the knowledge is worth most.

It cannot see the match through its view (no player can), so whoever runs the table
shows it the hands before each decision (``see_hands``; the tournament does). It is
never offered at a table: the game's strengths are ``spades.ai.STRENGTHS``.
"""

from __future__ import annotations

from typing import Any

from ..ai.hard import EXACT_TRICKS, HardPlayer
from ..ai.players import Thinker
from ..ai.search import _Search
from ..engine.view import PlayerView

PHASES = ("bid", "early", "late")
CLAIRVOYANTS = ("hard-clairvoyant", *(f"hard-clairvoyant-{p}" for p in PHASES))


def decision_phase(view: PlayerView) -> str:
    """``bid`` (bidding, blind nil and passing included), ``early`` (tricks still
    rolled out: more than ``EXACT_TRICKS`` left) or ``late`` (the exact endings)."""
    if view.phase != "playing":
        return "bid"
    return "early" if 13 - len(view.trick_winners) > EXACT_TRICKS else "late"


class ClairvoyantHard(HardPlayer):
    """Hard sampling only the true deal in the phases it is given."""

    def __init__(self, seed: Any = 0, phases: tuple[str, ...] = PHASES, **options: Any) -> None:
        options.pop("reading", None)
        super().__init__(seed, **options)
        self.phases = phases
        self.hands: list[int] | None = None
        self.strength = "hard-clairvoyant" + (
            "" if set(phases) == set(PHASES) else "-" + "-".join(phases))

    def see_hands(self, hands: list[int]) -> None:
        """The four seats' cards now (the table shows them before each decision)."""
        self.hands = list(hands)

    def think(self, view: PlayerView) -> Thinker:
        thinker = super().think(view)
        if isinstance(thinker, _Search) and decision_phase(view) in self.phases:
            if self.hands is None:
                raise RuntimeError("a clairvoyant player needs see_hands before it decides")
            hands = self.hands
            thinker.sample = lambda rng, weights: hands[:]
        return thinker


def make_clairvoyant(strength: str, seed: Any = 0, **options: Any) -> ClairvoyantHard:
    phase = strength.removeprefix("hard-clairvoyant").lstrip("-")
    return ClairvoyantHard(seed, phases=(phase,) if phase else PHASES, **options)
