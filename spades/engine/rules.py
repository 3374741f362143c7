"""The rule set: every disputed point of Spades as a named option, with presets.

The option names are a contract (hand records and saves use them as JSON keys); see
RULES.md. A rule set is immutable, and a match keeps the one it began with.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any


class RulesError(ValueError):
    """An option value or a combination of options that the game cannot play."""


@dataclass(frozen=True)
class Rules:
    nil: bool = True
    blind_nil: bool = True
    blind_nil_deficit: int = 100
    team_cap_13: bool = True
    min_team_bid: int = 0
    max_nils_per_team: int = 2
    spades_lead_anytime: bool = False
    forced_spade_lead_breaks: bool = False
    failed_nil_tricks: str = "count"
    nil_value: int = 100
    blind_nil_value: int = 200
    bag_penalty: bool = True
    bag_limit: int = 10
    bag_penalty_points: int = 100
    target: int = 500
    mercy: int | None = -200

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "mercy":
                if value is not None and (type(value) is not int):
                    raise RulesError("mercy must be a whole number of points or null")
            elif f.name == "failed_nil_tricks":
                if value not in ("count", "bags"):
                    raise RulesError('failed_nil_tricks must be "count" or "bags"')
            elif isinstance(f.default, bool):
                if type(value) is not bool:
                    raise RulesError(f"{f.name} must be true or false")
            elif type(value) is not int:
                raise RulesError(f"{f.name} must be a whole number")
        if self.blind_nil and not self.nil:
            raise RulesError("blind nil needs nil bids to be allowed")
        if self.blind_nil_deficit < 0:
            raise RulesError("blind_nil_deficit cannot be negative")
        if not 0 <= self.min_team_bid <= 13:
            raise RulesError("min_team_bid must be between 0 and 13")
        if self.max_nils_per_team not in (1, 2):
            raise RulesError("max_nils_per_team must be 1 or 2")
        if self.nil_value < 0 or self.blind_nil_value < 0:
            raise RulesError("nil values cannot be negative")
        if self.bag_limit < 1:
            raise RulesError("bag_limit must be at least 1")
        if self.bag_penalty_points < 0:
            raise RulesError("bag_penalty_points cannot be negative")
        if self.target < 1:
            raise RulesError("target must be at least 1 point")
        if self.mercy is not None and self.mercy >= self.target:
            raise RulesError("mercy must be below the target")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Read the JSON form; a missing key takes the ``standard`` preset's value."""
        if not isinstance(data, dict):
            raise RulesError("rules must be a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"unknown rule option: {', '.join(unknown)}")
        return replace(STANDARD, **data)

    def with_options(self, **changes: Any) -> Rules:
        unknown = sorted(set(changes) - {f.name for f in fields(self)})
        if unknown:
            raise RulesError(f"unknown rule option: {', '.join(unknown)}")
        return replace(self, **changes)


STANDARD = Rules()

_CLASSIC = Rules(
    nil=False, blind_nil=False, team_cap_13=False, failed_nil_tricks="bags", mercy=None
)

PRESETS: dict[str, Rules] = {
    "standard": STANDARD,
    "classic": _CLASSIC,
    "guide": Rules(blind_nil=False, team_cap_13=False, failed_nil_tricks="bags", mercy=None),
    "classic-nil": replace(_CLASSIC, nil=True, max_nils_per_team=1),
    "classic-no-bags": replace(_CLASSIC, bag_penalty=False),
    "classic-150": replace(_CLASSIC, target=150),
}


def preset(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(
            f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}"
        ) from None
