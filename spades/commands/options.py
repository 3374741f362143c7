"""The arguments several commands share (a seed, the rules, --json, the players'
budget, the workers, the zoo), declared once so every command spells them alike."""

from __future__ import annotations

import argparse

from ..console import names_from, positive, whole_number
from ..engine import PRESETS, RulesError, preset
from ..engine.rules import SEAT_PRESETS, four_seats_refusal
from ..measure import GAUNTLET

PRESET_NAMES = tuple(PRESETS)  # the variants among them (rules.PRESETS takes them in)


def any_seats_rules_text(text: str) -> str:
    """An argparse type: a preset, or presets and option=value joined by commas;
    cutthroat and two-handed too (replay and deal)."""
    try:
        preset(text)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def rules_text(text: str) -> str:
    """The same for the commands that seat computer players or count two teams: the
    rules of four players only, a sentence saying why for cutthroat or two-handed."""
    reason = four_seats_refusal(preset(any_seats_rules_text(text)))
    if reason is not None:
        raise argparse.ArgumentTypeError(reason)
    return text


def seed(p: argparse.ArgumentParser, default: int | None, what: str) -> None:
    p.add_argument("--seed", type=whole_number, default=default, metavar="S",
                   help=f"seed of {what}; the same seed gives the same output"
                   + (" (default: a random one)" if default is None else ""))


def rules(p: argparse.ArgumentParser, any_seats: bool = False) -> None:
    names = PRESET_NAMES + (tuple(SEAT_PRESETS) if any_seats else ())
    p.add_argument("--rules", type=any_seats_rules_text if any_seats else rules_text,
                   default="standard", metavar="PRESET",
                   help=f"rule preset, one of: {', '.join(names)}; or presets and "
                   "options joined by commas, such as jokers,nil_pass=2")


def as_json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def iterations(p: argparse.ArgumentParser, when: str = "", whose: str = " for hard") -> None:
    p.add_argument("--iterations", type=positive(), default=None, metavar="N",
                   help=f"{when}rollouts per card decision{whose}, three times as many "
                   "per bid (default: its own budget)")


def situations_and_workers(p: argparse.ArgumentParser, situations: bool = True) -> None:
    if situations:
        p.add_argument("--situations", choices=("sampled", "fresh"), default="sampled",
                       help="start each deal from a sampled match score and bags, or from 0-0")
    p.add_argument("--workers", type=positive(256), default=1, metavar="N",
                   help="processes to split the deals over (1 = one core)")


def zoo(p: argparse.ArgumentParser) -> None:
    p.add_argument("--zoo", type=names_from(GAUNTLET), default=None, metavar="LIST",
                   help=f"comma-separated opponents (default: all of {', '.join(GAUNTLET)};"
                   " at three and two those that play alone)")
