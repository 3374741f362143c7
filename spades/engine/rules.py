"""The rule set: every disputed point of Spades as a named option, with presets.

The option names are a contract (hand records and saves use them as JSON keys); see
RULES.md. A rule set is immutable, and a match keeps the one it began with.
"""

from __future__ import annotations

import functools
import json
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .cards import JOKERS_REMOVED, SEATS, deck_cards

BIDDING_STYLES = ("free", "suicide", "mirror", "whiz")
DECKS = ("standard", "jokers", "deuces")
_CHOICES = {
    "failed_nil_tricks": ("count", "bags"),
    "bidding": BIDDING_STYLES,
    "deck": DECKS,
    "jokers_removed": tuple(JOKERS_REMOVED),
}


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
    # The variants: each option's default is the ordinary game.
    bidding: str = "free"
    deck: str = "standard"
    jokers_removed: str = "2C2D"
    nil_pass: int = 0
    ten_for_200: bool = False
    ten_for_200_set: int = 200
    boston: bool = False
    boston_value: int | str = 500
    # The table: 4 in partnerships, 3 each alone (cutthroat), 2 (two-handed, drawn).
    players: int = 4

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "mercy":
                if value is not None and (type(value) is not int):
                    raise RulesError("mercy must be a whole number of points or null")
            elif f.name in _CHOICES:
                if value not in _CHOICES[f.name]:
                    words = " or ".join(f'"{c}"' for c in _CHOICES[f.name])
                    raise RulesError(f"{f.name} must be {words}")
            elif f.name == "boston_value":
                if value != "win" and (type(value) is not int or value < 0):
                    raise RulesError('boston_value must be points, 0 or more, or "win"')
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
        if self.bidding != "free" and not self.nil:
            raise RulesError(f"{self.bidding} bidding needs nil bids to be allowed")
        if self.bidding == "mirror" and self.blind_nil:
            raise RulesError(
                "mirror bids are set by the cards, so blind nil cannot be played with them"
            )
        if self.nil_pass not in (0, 1, 2):
            raise RulesError("nil_pass must be 0 (off), 1 or 2 cards")
        if self.nil_pass and not self.nil:
            raise RulesError("nil card passing needs nil bids to be allowed")
        if self.ten_for_200_set < 0:
            raise RulesError("ten_for_200_set cannot be negative")
        if self.players not in GAMES:
            raise RulesError("players must be 4, 3 (cutthroat) or 2 (two-handed)")
        if self.players != 4:
            reason = _alone_refusal(self)
            if reason is not None:
                raise RulesError(reason)
        # Searches look rules up in caches many times a second: hash the fields once.
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f.name) for f in fields(self))))
        object.__setattr__(
            self, "_cards", deck_cards(self.deck, self.jokers_removed, self.players))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]

    def __reduce__(self):
        # Rebuilt from its options in another process, so the hash is that process's.
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def cards(self) -> int:
        """The mask of the cards this rule set deals."""
        return self._cards  # type: ignore[attr-defined]

    @property
    def fixed_bids(self) -> bool:
        """Whether the spades held set the bids (mirror, whiz): no team cap or minimum."""
        return self.bidding in ("mirror", "whiz")

    # --- the table: who plays, who scores together --------------------------------

    @property
    def seats(self) -> int:
        """Players at the table: 4, 3 (cutthroat) or 2 (two-handed)."""
        return self.players

    @property
    def partnerships(self) -> bool:
        """Whether partners score together (four players) or each plays alone."""
        return self.players == 4

    @property
    def sides(self) -> int:
        """How many scores the match keeps: two teams, or one for each player alone."""
        return 2 if self.players == 4 else self.players

    @property
    def tricks(self) -> int:
        """Tricks in a hand, and so the highest bid: 17 in cutthroat, else 13."""
        return 17 if self.players == 3 else 13

    @property
    def draws(self) -> bool:
        """Whether the hands are drawn from a stock instead of dealt (two-handed)."""
        return self.players == 2

    @property
    def game(self) -> str:
        """The game's name: "partnership", "cutthroat" or "two-handed"."""
        return GAMES[self.players]

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: its team at four (South and North are 0), else
        the seat itself."""
        return seat & 1 if self.players == 4 else seat

    def side_seats(self, side: int) -> tuple[int, ...]:
        """The seats that score together as ``side``: two partners, or one player."""
        return (side, side + 2) if self.players == 4 else (side,)

    def partner_of(self, seat: int) -> int | None:
        """The seat's partner, or None at a table where each plays alone."""
        return (seat + 2) % SEATS if self.players == SEATS else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form; a table of four leaves ``players`` out, so every record and
        save of the partnership game reads and writes as it always has."""
        data = dict(_as_dict(self))  # asdict's deep copy, once a rules value: the
        # table server writes the rules into every seat's view of every update
        if self.players == 4:
            del data["players"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, any_seats: bool = False) -> Rules:
        """Read the JSON form; a missing key takes the ``standard`` preset's value.

        Only the readers that play three and two pass ``any_seats`` (hand records,
        replay, deal, the table server and its clients): everything else (the
        measuring players, the game's table) seats four, and gets a sentence saying so
        for cutthroat or two-handed rules.
        """
        if not isinstance(data, dict):
            raise RulesError("rules must be a JSON object")
        # Read once for each form (a client reads the rules in every update's view):
        # keyed with each value's type, so 1 is never taken for true.
        key = tuple((name, type(value), value) for name, value in data.items())
        try:
            hash(key)
        except TypeError:  # a list or an object among the values: read (and refused)
            return cls._read(data, any_seats)
        return _read_rules(key, any_seats)

    @classmethod
    def _read(cls, data: dict[str, Any], any_seats: bool) -> Rules:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"unknown rule option: {', '.join(unknown)}")
        rules = replace(STANDARD, **data)
        if not any_seats:
            reason = four_seats_refusal(rules)
            if reason is not None:
                raise RulesError(reason)
        return rules

    def with_options(self, **changes: Any) -> Rules:
        unknown = sorted(set(changes) - {f.name for f in fields(self)})
        if unknown:
            raise RulesError(f"unknown rule option: {', '.join(unknown)}")
        return replace(self, **changes)


@functools.lru_cache(maxsize=256)
def _as_dict(rules: Rules) -> dict[str, Any]:
    return asdict(rules)


@functools.lru_cache(maxsize=256)
def _read_rules(key: tuple[tuple[str, type, Any], ...], any_seats: bool) -> Rules:
    return Rules._read({name: value for name, _, value in key}, any_seats)


GAMES = {4: "partnership", 3: "cutthroat", 2: "two-handed"}


def _alone_refusal(rules: Rules) -> str | None:
    """Why options meant for partners (or for four hands) cannot be played by three
    or two players each alone, or None. docs/rules.md, Three and two players."""
    game = GAMES[rules.players]
    if rules.bidding == "suicide":
        return (f"Suicide is a partnership game (one partner bids nil, the other 4 or"
                f" more); {game} has no partners")
    if rules.bidding != "free":
        return (f"{rules.bidding.capitalize()} bidding is played by four in partnerships"
                f" here, not in {game}")
    if rules.nil_pass:
        return f"nil card passing goes between partners; {game} has no partners"
    for name in ("team_cap_13", "min_team_bid"):
        if getattr(rules, name):
            return (f"{name} limits partners' bids together; {game} has no partners:"
                    f" turn it off, or start from the {game} preset")
    if rules.max_nils_per_team != 2:
        return f"max_nils_per_team counts a team's nils; {game} has no teams"
    if rules.ten_for_200 or rules.boston:
        return f"10 for 200 and Boston score a partnership's contract; {game} has none"
    if rules.deck != "standard":
        return (f"the {rules.deck} deck is dealt to four; {game} plays the ordinary deck"
                + (" less the two of clubs" if rules.players == 3 else ""))
    if rules.players == 2 and rules.blind_nil:
        return ("two-handed players see every card they draw, so no bid can be blind:"
                " turn blind_nil off")
    return None


def four_seats_refusal(rules: Rules) -> str | None:
    """Why a layer that seats four cannot play these rules, or None: the measures of
    four seats (verdict, the gauntlet's whole matches, the endings and inference
    measures, bench --solver against DDS) and a reader asked for four seats."""
    if rules.players == 4:
        return None
    count = "three" if rules.players == 3 else "two"
    return (f"{GAMES[rules.players]}: seats four players only here (the game, the"
            " server, replay, deal, simulate, tournament, gauntlet, watch, bench --players"
            f" and solve play {count})")


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

# The variants: the standard game with one thing changed; part of PRESETS too.
VARIANT_PRESETS: dict[str, Rules] = {
    "suicide": Rules(bidding="suicide", blind_nil=False),
    "mirror": Rules(bidding="mirror", blind_nil=False, team_cap_13=False),
    "whiz": Rules(bidding="whiz", blind_nil=False, team_cap_13=False),
    "jokers": Rules(deck="jokers"),
    "deuces": Rules(deck="deuces"),
}
PRESETS.update(VARIANT_PRESETS)

# Three and two players, each alone (docs/rules.md). Apart from PRESETS (the games of
# four, which the commands that seat four take); House rules offers these beside them.
SEAT_PRESETS: dict[str, Rules] = {
    "cutthroat": Rules(players=3, team_cap_13=False, mercy=None),
    "two-handed": Rules(players=2, team_cap_13=False, blind_nil=False, mercy=None),
}


def _option_value(name: str, text: str) -> Any:
    """An option's value as written after ``=``: JSON (true, 200, null) or a bare word."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def preset(name: str) -> Rules:
    """A preset by name, or presets and options joined by commas.

    ``jokers,nil_pass=2`` is the jokers preset with two-card nil passing; each preset
    named changes what it changes from ``standard``, in order, and ``option=value``
    sets one option (values as in JSON: ``true``, ``200``, ``null``, or a bare word).
    """
    named = {**PRESETS, **VARIANT_PRESETS, **SEAT_PRESETS}
    if name in named:
        return named[name]
    parts = [part.strip() for part in name.split(",")]
    if len(parts) == 1 and "=" not in name:
        raise RulesError(
            f"unknown preset {name!r}; choose one of {', '.join(named)}"
            " (or presets and option=value joined by commas)"
        )
    known = {f.name for f in fields(Rules)}
    changes: dict[str, Any] = {}
    for part in parts:
        if "=" in part:
            key, _, text = part.partition("=")
            key = key.strip()
            if key not in known:
                raise RulesError(f"unknown rule option: {key}")
            changes[key] = _option_value(key, text.strip())
        elif part in named:
            base = named[part]
            changes.update(
                (f.name, getattr(base, f.name)) for f in fields(Rules)
                if getattr(base, f.name) != getattr(STANDARD, f.name)
            )
        else:
            raise RulesError(f"unknown preset {part!r}; choose one of {', '.join(named)}")
    return replace(STANDARD, **changes)


def four_seat_preset(name: str) -> Rules:
    """``preset(name)`` for what seats four players (the computer players' measures,
    the solver's bench against DDS): cutthroat or two-handed rules raise RulesError
    saying why."""
    rules = preset(name)
    reason = four_seats_refusal(rules)
    if reason is not None:
        raise RulesError(reason)
    return rules
