"""Computer players. They see only a PlayerView, never the match."""

from __future__ import annotations

import random
from typing import Any

from ..engine import Action, PlayerView


class RandomPlayer:
    """Uniformly random legal actions: the floor every strength must clear."""

    def __init__(self, seed: Any = 0) -> None:
        self.rng = random.Random(f"random/{seed}")

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions()
        return actions[int(self.rng.random() * len(actions))]


def make_player(strength: str, seed: Any = 0):
    if strength == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown strength {strength!r}")
