"""A finished hand looked back on with every card seen: what each card cost.

For each point of the play (before each of the 52 cards, and after the last) the
review works out, double dummy, how many of the tricks left South/North can take and
whether each nil can still be kept. A card then cost its side exactly what the value
moved against it: the tricks its side could take, a nil of its side, its side's
contract; for the other side, a nil or a contract it could have set. The first card
that cost anything is the turning point.

It runs in slices (``step``) from the last trick backwards, so the table fills in the
late tricks first and the opening's answer comes last; each position has a node
limit, past which it is reported as not finished rather than waited for.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from ..engine.legal import BLIND_NIL, NIL
from ..engine.record import match_at
from .position import (
    CANCELLED,
    DONE,
    RUNNING,
    SLICE_NODES,
    Position,
    nil_solver,
    reaches,
    seat_solver,
    team_solver,
    value_of,
)
from .search import Solver

# Cards a position's search may try before it is reported as not finished: natively
# a few seconds at worst, the whole 13 tricks of most deals well within it.
NODE_LIMIT = 1_500_000


@dataclass(frozen=True)
class Cost:
    """What one card cost the side that played it (all empty: it kept the best)."""

    tricks: int  # tricks of its side's best result
    nils: tuple[int, ...] = ()  # seats of its side whose nil could be kept before it
    sets: tuple[int, ...] = ()  # seats of the other side whose nil could be set before it
    contract: bool = False  # its side's contract could be made before it
    set_contract: bool = False  # the other side's contract could be set before it

    @property
    def costly(self) -> bool:
        return bool(self.tricks or self.nils or self.sets or self.contract or
                    self.set_contract)


@dataclass(frozen=True)
class Opening:
    """What each side could do from the opening lead, every hand seen."""

    tricks: tuple[int, int]  # the most tricks each team could take
    contracts: tuple[int, int]  # each team's contract (0: none)
    makeable: tuple[bool | None, bool | None]  # None: no contract, or not finished
    nils: tuple[tuple[int, bool | None], ...]  # (seat, could be kept)


class HandReview:
    """``start`` is the position of the opening lead; ``plays`` the 52 cards in order;
    ``bids`` each seat's bid. ``step(seconds)`` works for about that long and says
    whether the review is over; ``status`` is running, done or cancelled."""

    def __init__(self, start: Position, plays: tuple[int, ...] | list[int],
                 bids: dict[int, int], failed_nil_tricks: str = "count",
                 node_limit: int = NODE_LIMIT) -> None:
        self.plays = tuple(plays)
        self.positions = [start]
        self.winners: list[int] = []  # the seat that won the trick each card ended, or -1
        for card in plays:
            after, winner = self.positions[-1].play(card)
            self.positions.append(after)
            self.winners.append(winner)
        n = len(self.positions)
        # Tricks each seat has won before position i.
        self.seat_won = [[0, 0, 0, 0]]
        for w in self.winners:
            row = list(self.seat_won[-1])
            if w >= 0:
                row[w] += 1
            self.seat_won.append(row)
        self.bids = dict(bids)
        self.nil_seats = tuple(s for s, b in sorted(bids.items()) if b in (NIL, BLIND_NIL))
        self.contracts = tuple(sum(max(bids.get(s, 0), 0) for s in (t, t + 2)) for t in (0, 1))
        # In "bags" mode a nil bidder's tricks do not count toward the partner's bid.
        self.partner_only = tuple(
            failed_nil_tricks == "bags" and any(s & 1 == t for s in self.nil_seats)
            for t in (0, 1))
        self.node_limit = node_limit
        # values[i]: South/North's most tricks from position i on; None until worked out
        # (or not finished: see ``unfinished``).
        self.values: list[int | None] = [None] * n
        self.values[-1] = 0
        self.kept: dict[int, list[bool | None]] = {s: [None] * n for s in self.nil_seats}
        for s in self.nil_seats:
            self.kept[s][-1] = self.seat_won[-1][s] == 0
        self.unfinished: set[int] = set()  # positions whose search ran out of nodes
        self.contract_made: list[bool | None] = [None, None]  # partner-only contracts
        self.solver = team_solver(start, 0, SLICE_NODES)
        self.nil_solvers = {s: nil_solver(start, s, SLICE_NODES) for s in self.nil_seats}
        self.status = RUNNING
        self.seconds = 0.0
        self.done_positions = 0
        self.at = n - 1  # the position being worked on
        self.work = self._work()

    @classmethod
    def of_result(cls, result: Any, node_limit: int = NODE_LIMIT) -> HandReview:
        """The review of a finished hand (an engine ``HandResult``): its opening lead
        comes from the recorded hand replayed to its first card (bids and any passes)."""
        record = result.to_record()
        match = match_at(record, len(record["bids"]), 0)
        return cls(Position.of_match(match), result.plays, dict(result.bids),
                   result.rules.failed_nil_tricks, node_limit)

    # --- the work --------------------------------------------------------------------

    @property
    def positions_left(self) -> int:
        return len(self.positions) - 1 - self.done_positions

    @property
    def nodes(self) -> int:
        return self.solver.nodes + sum(s.nodes for s in self.nil_solvers.values())

    def _limited(self, work: Generator[None, None, Any], solver: Solver
                 ) -> Generator[None, None, Any]:
        """``work``'s answer, or None once it has tried ``node_limit`` cards."""
        start = solver.nodes
        while True:
            try:
                next(work)
            except StopIteration as stop:
                return stop.value
            if solver.nodes - start >= self.node_limit:
                work.close()
                return None
            yield

    def _work(self) -> Generator[None, None, None]:
        for i in range(len(self.positions) - 2, -1, -1):
            self.at = i
            position = self.positions[i]
            later = self.values[i + 1]
            guess = known = None
            if later is not None:
                # The card played bounds the value before it: its side could do at
                # least what the card did.
                guess = later + (1 if self.winners[i] >= 0 and self.winners[i] & 1 == 0
                                 else 0)
                known = (guess, 13) if position.to_act & 1 == 0 else (0, guess)
            value = yield from self._limited(
                value_of(self.solver, position, guess=guess, known=known), self.solver)
            self.values[i] = value
            if value is None:
                self.unfinished.add(i)
            for s in self.nil_seats:
                if self.seat_won[i][s]:
                    self.kept[s][i] = False  # it has taken a trick already
                    continue
                later_kept = self.kept[s][i + 1]
                if later_kept is not None and later_kept == (position.to_act & 1 == s & 1):
                    # Kept after a card of its own side, or set after one of the other
                    # side's: so it was before it.
                    self.kept[s][i] = later_kept
                    continue
                solver = self.nil_solvers[s]
                taken = yield from self._limited(reaches(solver, position, 1), solver)
                self.kept[s][i] = None if taken is None else not taken
                if taken is None:
                    self.unfinished.add(i)
            self.done_positions += 1
        start = self.positions[0]
        for team in (0, 1):
            if self.partner_only[team] and self.contracts[team]:
                seat = next(s for s in (team, team + 2) if s not in self.nil_seats)
                solver = seat_solver(start, seat, SLICE_NODES)
                made = yield from self._limited(
                    reaches(solver, start, self.contracts[team]), solver)
                self.contract_made[team] = made

    def step(self, seconds: float = 0.004) -> bool:
        """Work for about ``seconds``; True once the review is over."""
        if self.status != RUNNING:
            return True
        t0 = time.perf_counter()
        end = t0 + seconds
        try:
            while True:
                next(self.work)
                if time.perf_counter() >= end:
                    return False
        except StopIteration:
            self.status = DONE
            return True
        finally:
            self.seconds += time.perf_counter() - t0

    def run(self) -> HandReview:
        """Work to the end at once (tests, commands)."""
        while not self.step(3600.0):
            pass
        return self

    def cancel(self) -> None:
        if self.status == RUNNING:
            self.work.close()
            self.status = CANCELLED

    # --- the answers -----------------------------------------------------------------

    def team_value(self, team: int, i: int) -> int | None:
        """The most tricks ``team`` can take from position ``i`` on."""
        v = self.values[i]
        if v is None:
            return None
        return v if team == 0 else self.positions[i].tricks_left - v

    def _made(self, team: int, i: int) -> bool | None:
        """Whether ``team``'s contract can still be made at position ``i`` (counting
        both partners' tricks)."""
        v = self.team_value(team, i)
        if v is None:
            return None
        won = self.seat_won[i][team] + self.seat_won[i][team + 2]
        return won + v >= self.contracts[team]

    def opening(self) -> Opening | None:
        """The opening lead's answers, once worked out (None before)."""
        if self.values[0] is None:
            return None
        tricks = (self.team_value(0, 0), self.team_value(1, 0))
        makeable: list[bool | None] = []
        for team in (0, 1):
            if not self.contracts[team]:
                makeable.append(None)
            elif self.partner_only[team]:
                makeable.append(self.contract_made[team])
            else:
                makeable.append(self._made(team, 0))
        return Opening(tricks, self.contracts, tuple(makeable),  # type: ignore[arg-type]
                       tuple((s, self.kept[s][0]) for s in self.nil_seats))

    def seat_of(self, index: int) -> int:
        return self.positions[index].to_act

    def cost(self, index: int) -> Cost | None:
        """What the ``index``-th card of the play (0..51) cost its side; None until both
        sides of it are worked out (or when one of them was not finished)."""
        i = index
        seat = self.seat_of(i)
        side = seat & 1
        before, after = self.values[i], self.values[i + 1]
        if before is None or after is None:
            return None
        won = 1 if self.winners[i] >= 0 and self.winners[i] & 1 == 0 else 0
        moved = before - (won + after)  # South/North's loss
        tricks = moved if side == 0 else -moved
        nils, sets = [], []
        for n in self.nil_seats:
            was, now = self.kept[n][i], self.kept[n][i + 1]
            if was is None or now is None:
                return None
            if n & 1 == side and was and not now:
                nils.append(n)
            elif n & 1 != side and not was and now:
                sets.append(n)
        contract = set_contract = False
        for team in (0, 1):
            if not self.contracts[team] or self.partner_only[team]:
                continue
            was_made, now_made = self._made(team, i), self._made(team, i + 1)
            if team == side and was_made and not now_made:
                contract = True
            elif team != side and not was_made and now_made:
                set_contract = True
        return Cost(tricks, tuple(nils), tuple(sets), contract, set_contract)

    def turning_point(self) -> int | None:
        """The first card that cost anything (its index) once every card before it is
        worked out; -1 when no card did; None while it is not known (or never will be:
        a position before it was not finished)."""
        for i in range(len(self.positions) - 1):
            cost = self.cost(i)
            if cost is None:
                return None
            if cost.costly:
                return i
        return -1

    def trick_done(self, trick: int) -> bool:
        """Whether every card of ``trick`` (0-based) has its answer (or is not finished)."""
        return all(self.values[i] is not None or i in self.unfinished
                   for i in range(4 * trick, min(4 * trick + 5, len(self.positions))))
