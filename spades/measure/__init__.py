"""Measuring the computer players: duplicate tournaments, the gauntlet against other
people's styles (the zoo, the strangers), the true deal's verdict on hard's choices
and on its exact endings, decision times and the partner-blunder audit.

These are tools, reached from the command line (``python -m spades tournament``,
``gauntlet``, ``verdict``, ``bench --players``; ``python -m spades.measure.audit``,
``python -m spades.measure.endings``);
the game never imports this package, so none of it goes into the browser's archive.
It imports the players (``spades.ai``), the engine and the command lines' helpers
(``spades.console``). :func:`make_player` seats any player a measurement names: the
game's strengths, the zoo, the strangers hard without its reading and hard seeing the true deal.
"""

from __future__ import annotations

from typing import Any

from ..ai import STRENGTHS, alone_refusal
from ..ai import make_player as make_table_player
from ..ai.hard import HardPlayer
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .clairvoyant import CLAIRVOYANTS
from .strangers import STRANGERS
from .zoo import ALONE_ZOO, ZOO

# ZOO (zoo.py): other people's styles, for measuring with tournament and gauntlet;
# STRANGERS (strangers.py): players written from published descriptions of how people
# play, sharing no code with the project's own players. The game itself offers only
# easy, normal and hard. The gauntlet meets easy, the zoo and the strangers.
GAUNTLET = ("easy", *ZOO, *STRANGERS)
# hard-static: hard without its reading of the table (today's mixture of styles for
# every opponent, whatever they did earlier in the match), to measure the reading.
# hard-rollout: hard rolling out its last tricks too, without the exact solver, to
# measure the exact endings.
# hard-clairvoyant (and -bid, -early, -late): hard sampling only the true deal (in one
# phase), the bound on what inference about the unseen cards could give
# (clairvoyant.py); the tournament shows it the hands.
# hard-inference: hard dealing the unseen cards by what the plays say too (inference.py).
# hard-likelihood: that, and its deals resampled by the likelihood of the whole play
# (likelihood.py).
# hard-trick-gone: hard counting the cards of the trick in progress as gone when it
# folds its touching cards together, as it did before issue 53's fix (holding the 9 and
# the queen with the jack led, it searched only the 9), to measure the fix.
# hard-no-pass: hard whose bid search plays no nil card passing out, as it was before
# it did, to measure what playing the pass out gives.
PLAYERS = STRENGTHS + ZOO + STRANGERS + (
    "hard-static", "hard-rollout", "hard-inference", "hard-likelihood", "hard-no-pass",
    "hard-trick-gone", *CLAIRVOYANTS)
# the players a rollout budget (--iterations) applies to
SEARCHERS = ("hard", "hard-static", "hard-rollout", "hard-inference", "hard-likelihood",
             "hard-no-pass", "hard-trick-gone", *CLAIRVOYANTS)


def refusal(strength: str, rules: Rules) -> str | None:
    """Why a player a measurement names cannot play these rules, or None: at three and
    two, the game's strengths and the zoo's members that play alone (``ALONE_ZOO``)."""
    if strength in ALONE_ZOO and not rules.partnerships:
        return None
    return alone_refusal(strength, rules)


def gauntlet_zoo(rules: Rules) -> tuple[str, ...]:
    """The gauntlet's opponents for these rules: at three and two those that play
    alone (easy and ``ALONE_ZOO``)."""
    return tuple(z for z in GAUNTLET if refusal(z, rules) is None)


def make_player(strength: str, seed: Any = 0, **options: Any):
    """Any player a measurement names (``PLAYERS``)."""
    if strength in STRENGTHS:
        return make_table_player(strength, seed, **options)
    if strength == "hard-static":
        from ..ai.hard import HardPlayer

        options.pop("reading", None)
        player = HardPlayer(seed, **options)
        player.strength = "hard-static"
        return player
    if strength == "hard-rollout":
        from ..ai.hard import HardPlayer

        player = HardPlayer(seed, exact_tricks=0, **options)
        player.strength = "hard-rollout"
        return player
    if strength == "hard-inference":
        from ..ai.hard import HardPlayer

        player = HardPlayer(seed, inference=True, **options)
        player.strength = "hard-inference"
        return player
    if strength == "hard-likelihood":
        from ..ai.hard import HardPlayer

        player = HardPlayer(seed, likelihood=True, **options)
        player.strength = "hard-likelihood"
        return player
    if strength == "hard-no-pass":
        from ..ai.hard import HardPlayer

        player = HardPlayer(seed, pass_in_bids=False, **options)
        player.strength = "hard-no-pass"
        return player
    if strength == "hard-trick-gone":
        player = _TrickGoneHard(seed, **options)
        player.strength = "hard-trick-gone"
        return player
    if strength in CLAIRVOYANTS:
        from .clairvoyant import make_clairvoyant

        return make_clairvoyant(strength, seed, **options)
    if strength in ZOO:
        from .zoo import make_zoo_player

        return make_zoo_player(strength, seed)
    if strength in STRANGERS:
        from .strangers import make_stranger

        return make_stranger(strength, seed)
    raise ValueError(f"unknown strength {strength!r}; choose one of {', '.join(PLAYERS)}")


class _TrickGoneHard(HardPlayer):
    """Hard before issue 53's fix: every card played this hand, the trick in progress's
    too, counts as gone when it folds touching cards together."""

    def settled(self, view: PlayerView) -> int:
        return view.played


__all__ = ["ALONE_ZOO", "GAUNTLET", "PLAYERS", "SEARCHERS", "STRANGERS", "STRENGTHS", "ZOO",
           "gauntlet_zoo", "make_player", "refusal"]
