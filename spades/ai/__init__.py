"""Computer players. They see only a PlayerView, never the match."""

from __future__ import annotations

import random
from typing import Any

from ..engine import Action, PlayerView
from .players import Decided, EasyPlayer, NormalPlayer, Thinker, suggested_bid, suggested_card
from .strangers import STRANGERS
from .zoo import ZOO


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
# ZOO (zoo.py): other people's styles, for measuring with tournament and gauntlet;
# STRANGERS (strangers.py): players written from published descriptions of how people
# play, sharing no code with the project's own players. The game itself offers only
# easy, normal and hard. The gauntlet meets easy, the zoo and the strangers.
GAUNTLET = ("easy", *ZOO, *STRANGERS)
# hard-static: hard without its reading of the table (today's mixture of styles for
# every opponent, whatever they did earlier in the match), to measure the reading.
PLAYERS = STRENGTHS + ZOO + STRANGERS + ("hard-static",)
SEARCHERS = ("hard", "hard-static")  # the players a rollout budget (--iterations) applies to


def make_player(strength: str, seed: Any = 0, **options: Any):
    if strength == "random":
        return RandomPlayer(seed)
    if strength == "easy":
        return EasyPlayer(seed)
    if strength == "normal":
        return NormalPlayer(seed)
    if strength == "hard":
        from .hard import HardPlayer

        return HardPlayer(seed, **options)
    if strength == "hard-static":
        from .hard import HardPlayer

        options.pop("reading", None)
        player = HardPlayer(seed, **options)
        player.strength = "hard-static"
        return player
    if strength in ZOO:
        from .zoo import make_zoo_player

        return make_zoo_player(strength, seed)
    if strength in STRANGERS:
        from .strangers import make_stranger

        return make_stranger(strength, seed)
    raise ValueError(f"unknown strength {strength!r}; choose one of {', '.join(PLAYERS)}")


__all__ = [
    "GAUNTLET", "PLAYERS", "SEARCHERS", "STRANGERS", "ZOO", "EasyPlayer", "NormalPlayer",
    "RandomPlayer", "STRENGTHS",
    "Thinker", "make_player",
    "suggested_bid", "suggested_card",
]
