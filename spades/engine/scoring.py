"""Scoring a hand for each team, line by line, and deciding the end of the match.

Every point a team gains or loses appears as one breakdown line, so the hand total is
the sum of its lines and the interface can show where each point came from.
"""

from __future__ import annotations

from typing import NamedTuple

from .legal import BLIND_NIL, seat_name
from .rules import Rules


class ScoreLine(NamedTuple):
    """One reason for points or bags. ``count`` is the tricks or bags it is about."""

    kind: str  # contract_made, contract_set, overtricks, nil_made, nil_failed,
    #            blind_nil_made, blind_nil_failed, nil_tricks, bag_penalty,
    #            ten_for_200_made, ten_for_200_set, boston
    points: int
    bags: int
    count: int = 0
    seat: int | None = None
    seats: int = 4  # at the table, for the seat's name

    @property
    def text(self) -> str:
        n = self.count
        plural = "s" if n != 1 else ""
        kind = self.kind
        if kind == "contract_made":
            return f"Contract of {n} made"
        if kind == "contract_set":
            return f"Contract of {n} set"
        if kind == "ten_for_200_made":
            return f"Contract of {n} made: ten for 200"
        if kind == "ten_for_200_set":
            return f"Contract of {n} set: ten for 200"
        if kind == "boston":
            if self.points == 0:
                return "Boston: all 13 tricks win the match"
            return "Boston: all 13 tricks"
        if kind == "overtricks":
            return f"{n} overtrick{plural}"
        if kind == "nil_tricks":
            return f"{n} trick{plural} taken on a failed nil"
        if kind == "bag_penalty":
            return f"{n} bags: penalty"
        who = seat_name(self.seat, self.seats) if self.seat is not None else "?"
        name = "blind nil" if kind.startswith("blind") else "nil"
        return f"{who}'s {name} {'made' if kind.endswith('made') else 'failed'}"

    def to_dict(self) -> dict:
        d = {"kind": self.kind, "points": self.points, "bags": self.bags, "text": self.text}
        if self.seat is not None:
            d["seat"] = self.seat
        return d


class TeamScore(NamedTuple):
    """One side's hand: a team of two partners, or one player alone (cutthroat,
    two-handed), whose contract is its own ordinary bid."""

    team: int  # the side: a team at four, else the seat
    contract: int  # the sum of the partners' ordinary bids
    tricks: int  # all tricks the two partners took
    counted: int  # tricks that counted toward the contract
    points: int  # the hand total: the sum of the lines
    bags: int  # bags gained this hand (before any penalty)
    lines: tuple[ScoreLine, ...]
    score_after: int
    bags_after: int

    @property
    def made(self) -> bool | None:
        """True if the contract was made, False if set, None when there was none."""
        if self.contract == 0:
            return None
        return self.counted >= self.contract

    def to_dict(self) -> dict:
        return {
            "contract": self.contract,
            "tricks": self.tricks,
            "points": self.points,
            "bags": self.bags,
            "breakdown": [line.to_dict() for line in self.lines],
            "score_after": self.score_after,
            "bags_after": self.bags_after,
        }


def score_team(
    rules: Rules,
    team: int,
    bids: tuple[int, ...],
    tricks: tuple[int, ...],
    score_before: int,
    bags_before: int,
) -> TeamScore:
    """Score one side; ``bids`` and ``tricks`` are for its seats (``rules.side_seats``):
    ``team`` and ``team + 2`` at four, the one player alone at three or two.

    A player alone who bid nil has no contract, so a failed nil's tricks score a point
    and a bag each, as either ``failed_nil_tricks`` has it for partners who both bid nil.
    """
    lines: list[ScoreLine] = []
    # Written out for one or two seats: searches score hands many times a second.
    if len(bids) == 2:
        bid_a, bid_b = bids
        took_a, took_b = tricks
        seats = ((team, bid_a, took_a), (team + 2, bid_b, took_b))
    else:
        bid_a, bid_b, took_a, took_b = bids[0], 0, tricks[0], 0  # no second seat: adds nothing
        seats = ((team, bid_a, took_a),)
    contract = (bid_a if bid_a > 0 else 0) + (bid_b if bid_b > 0 else 0)
    counted = took_a + took_b
    nil_tricks = 0
    if rules.failed_nil_tricks == "bags":
        # A nil bidder's tricks never count toward the contract: each is a point and a bag.
        nil_tricks = (took_a if bid_a <= 0 else 0) + (took_b if bid_b <= 0 else 0)
        counted -= nil_tricks
    new_bags = nil_tricks

    if contract > 0:
        if counted >= contract:
            if rules.ten_for_200 or rules.boston:
                lines.extend(_contract_made(rules, contract, counted))
            else:
                lines.append(ScoreLine("contract_made", 10 * contract, 0, contract))
            over = counted - contract
            if over:
                lines.append(ScoreLine("overtricks", over, over, over))
                new_bags += over
        elif rules.ten_for_200 and contract >= 10:
            lines.append(ScoreLine("ten_for_200_set", -rules.ten_for_200_set, 0, contract))
        else:
            lines.append(ScoreLine("contract_set", -10 * contract, 0, contract))
    elif counted:
        # No contract (both partners bid nil): every counted trick is an overtrick.
        lines.append(ScoreLine("overtricks", counted, counted, counted))
        new_bags += counted

    for seat, bid, took in seats:
        if bid > 0:
            continue
        if bid == BLIND_NIL:
            value = rules.blind_nil_value
            kind = "blind_nil_made" if took == 0 else "blind_nil_failed"
        else:
            value = rules.nil_value
            kind = "nil_made" if took == 0 else "nil_failed"
        lines.append(ScoreLine(kind, value if took == 0 else -value, 0, took, seat))
    if nil_tricks:
        lines.append(ScoreLine("nil_tricks", nil_tricks, nil_tricks, nil_tricks))

    bags_after = 0
    if rules.bag_penalty:
        bags_after = bags_before + new_bags
        while bags_after >= rules.bag_limit:
            bags_after -= rules.bag_limit
            lines.append(ScoreLine("bag_penalty", -rules.bag_penalty_points, 0, rules.bag_limit))
    else:
        # No bag count exists: overtricks and nil tricks keep their points only.
        new_bags = 0
        lines = [line._replace(bags=0) for line in lines]
    if rules.players != 4:  # every line knows its table, to name its seat
        lines = [line._replace(seats=rules.players) for line in lines]
    points = 0
    for line in lines:
        points += line[1]
    return TeamScore(
        team, contract, took_a + took_b, counted, points, new_bags, tuple(lines),
        score_before + points, bags_after,
    )


def _contract_made(rules: Rules, contract: int, counted: int) -> list[ScoreLine]:
    """The lines of a made contract: ten a trick, or 200 for ten or more, or a Boston.

    A Boston worth points replaces the contract's line; one that wins the match adds a
    line worth nothing beside it (``boston_winner`` ends the match).
    """
    boston = rules.boston and contract == 13 and counted == 13
    if boston and rules.boston_value != "win":
        return [ScoreLine("boston", rules.boston_value, 0, 13)]
    if rules.ten_for_200 and contract >= 10:
        line = ScoreLine("ten_for_200_made", 200, 0, contract)
    else:
        line = ScoreLine("contract_made", 10 * contract, 0, contract)
    return [line, ScoreLine("boston", 0, 0, 13)] if boston else [line]


def boston_winner(rules: Rules, teams) -> int | None:
    """The team whose Boston wins the match at once (``boston_value`` "win"), or None."""
    if rules.boston and rules.boston_value == "win":
        for team in teams:
            if any(line.kind == "boston" for line in team.lines):
                return team.team
    return None


def score_hand(
    rules: Rules,
    bids: list[int] | tuple[int, ...],
    tricks: list[int] | tuple[int, ...],
    scores_before: list[int] | tuple[int, ...],
    bags_before: list[int] | tuple[int, ...],
) -> tuple[TeamScore, ...]:
    """Every side's score for a hand (two teams, or each player alone); bids and
    tricks are indexed by seat, scores and bags by side."""
    if rules.players == 4:
        return (
            score_team(rules, 0, (bids[0], bids[2]), (tricks[0], tricks[2]),
                       scores_before[0], bags_before[0]),
            score_team(rules, 1, (bids[1], bids[3]), (tricks[1], tricks[3]),
                       scores_before[1], bags_before[1]),
        )
    return tuple(
        score_team(rules, seat, (bids[seat],), (tricks[seat],), scores_before[seat],
                   bags_before[seat])
        for seat in range(rules.players)
    )


def match_winner(rules: Rules, scores: list[int] | tuple[int, ...]) -> int | None:
    """The winning side after a complete hand, or None to play on.

    Once a side reaches the target, or one falls to the mercy line, the highest
    total wins; a tie for the highest plays on. With two sides this is the rule of
    docs/rules.md (reaching the target beats the mercy rule: that side is the higher).
    """
    if len(scores) == 2:
        us, them = scores
        if max(us, them) >= rules.target or (
            rules.mercy is not None and min(us, them) <= rules.mercy
        ):
            if us == them:
                return None
            return 0 if us > them else 1
        return None
    top = max(scores)
    if top >= rules.target or (rules.mercy is not None and min(scores) <= rules.mercy):
        leaders = [side for side, score in enumerate(scores) if score == top]
        return leaders[0] if len(leaders) == 1 else None
    return None


def match_end(
    rules: Rules, teams, scores: list[int] | tuple[int, int]
) -> tuple[int | None, str | None]:
    """Who wins the match after a hand scored ``teams`` and left ``scores``, and how:
    ``"boston"`` (a Boston that wins the match), ``"target"`` or ``"mercy"``;
    ``(None, None)`` when the match plays on."""
    boston = boston_winner(rules, teams)
    if boston is not None:
        return boston, "boston"
    winner = match_winner(rules, scores)
    if winner is None:
        return None, None
    return winner, "target" if max(scores) >= rules.target else "mercy"


def position_refusal(
    rules: Rules, scores: list[int] | tuple[int, ...], bags: list[int] | tuple[int, ...]
) -> str | None:
    """Why a match could not stand at these scores and bags before a hand, or None.

    Bags stay below the limit once the penalties are paid (and do not exist without a
    bag penalty); the scores must leave the match undecided.
    """
    if rules.bag_penalty:
        if not all(0 <= b < rules.bag_limit for b in bags):
            return f"bags must be from 0 to {rules.bag_limit - 1} under these rules"
    elif any(bags):
        return "bags must be 0: these rules keep no bag count"
    if match_winner(rules, scores) is not None:
        return (
            f"scores {list(scores)} would already have ended the match (target"
            f" {rules.target}, mercy {rules.mercy})"
        )
    return None
