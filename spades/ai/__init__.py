"""The computer players: easy, normal and hard, and what they need at the table.

Each sees only its seat's ``PlayerView``, never the match. Here: the bidding rules
(bidding.py), the card rules (play.py), a light position for thinking (position.py), the
anytime thinking the table drives (players.py), hard's search (search.py, hard.py,
bid_search.py, endings.py), its model of how the other seats play (styles.py,
reading.py), the players at three and two, each alone (alone/), and Computer's way,
the same deal replayed with a computer in the player's seat (compare.py). This package
imports the engine and the solver only; the tools that measure the players
(``spades.measure``) sit beside it and are never imported by it.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import Action, PlayerView, Rules
from .players import (
    Decided,
    EasyPlayer,
    NormalPlayer,
    Thinker,
    suggested_bid,
    suggested_bid_worth,
    suggested_card,
)


class RandomPlayer:
    """Uniformly random legal actions: the floor every strength must clear."""

    strength = "random"

    def __init__(self, seed: Any = 0) -> None:
        self.seed = seed

    def think(self, view: PlayerView) -> Thinker:
        from .players import view_key

        actions = view.legal_actions()
        rng = random.Random(f"random/{self.seed}/{view_key(view)}")
        return Decided(actions[int(rng.random() * len(actions))], "At random")

    def choose(self, view: PlayerView) -> Action:
        return self.think(view).finish()


STRENGTHS = ("random", "easy", "normal", "hard")
ALONE_STRENGTHS = STRENGTHS  # those that play cutthroat and two-handed: every one


def strengths_at(seats: int) -> tuple[str, ...]:
    """The strengths the game offers at a table of ``seats`` players (4, 3 or 2)."""
    return STRENGTHS if seats == 4 else ALONE_STRENGTHS


def alone_refusal(strength: str, rules: Rules) -> str | None:
    """Why ``strength`` (or a measuring player) cannot play these rules, or None: the
    measuring players (hard-static, hard-clairvoyant, the zoo...) seat four only."""
    if rules.partnerships or strength in strengths_at(rules.seats):
        return None
    return (f"{rules.game}: {strength} plays four seats only; choose"
            f" {', '.join(strengths_at(rules.seats)[1:])} or random")


def make_player(strength: str, seed: Any = 0, **options: Any):
    """A player of one of the game's strengths (``STRENGTHS``)."""
    if strength == "random":
        return RandomPlayer(seed)
    if strength == "easy":
        return EasyPlayer(seed)
    if strength == "normal":
        return NormalPlayer(seed)
    if strength == "hard":
        from .hard import HardPlayer

        return HardPlayer(seed, **options)
    raise ValueError(f"unknown strength {strength!r}; choose one of {', '.join(STRENGTHS)}")


__all__ = [
    "ALONE_STRENGTHS", "EasyPlayer", "NormalPlayer", "RandomPlayer", "STRENGTHS", "Thinker",
    "alone_refusal", "make_player", "strengths_at", "suggested_bid", "suggested_bid_worth",
    "suggested_card",
]
