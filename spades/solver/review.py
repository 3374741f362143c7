"""A hand looked back on with every card seen: what each card cost.

For each point of the play (before each card, and after the last) the review works
out, double dummy, how many of the tricks left each side can take and whether each
nil can still be kept. A side is a team at four seats (one search: South/North's
tricks, West/East take the rest), a player at two (one search too: South's) and at
three, where each player's tricks are searched against the two others playing
together (three searches). A card then cost its side exactly what the value moved
against it: the tricks its side could take, a nil of its side, its side's contract;
for any other side, a nil or a contract it could have set. The first card
that cost anything is the turning point; for a costly card the review finds a card
that would have kept the value (``keeper``).

It can begin at the deal, before any card is played: ``bid`` and ``play`` bring it
the bids and the cards as the hand goes on, and ``step`` works in slices meanwhile
(the table runs it in the frame's idle time, so it is ready when the hand ends). The
headline comes first: the opening lead's tricks for each side, each contract and each
nil. Then the newest positions known, back towards the opening lead (the later ones
are cheap, and their answers bound the earlier ones). A position that passes its node
limit is set aside (``unfinished``) while the others go on, and taken up again after
them with four times the limit, until every position is worked out.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from ..engine.cards import SEATS, cards_of
from ..engine.legal import BLIND_NIL, NIL
from ..engine.record import match_at
from .position import (
    CANCELLED,
    DONE,
    RUNNING,
    SLICE_NODES,
    AnySolver,
    Position,
    nil_solver,
    reaches,
    seat_solver,
    side_of,
    team_solver,
    value_of,
)

# Cards a position's search may try before it is set aside for the others: natively
# a few seconds at worst, the whole 13 tricks of most deals well within it.
NODE_LIMIT = 1_500_000


@dataclass(frozen=True)
class Cost:
    """What one card cost the side that played it (all empty: it kept the best)."""

    tricks: int  # tricks of its side's best result
    nils: tuple[int, ...] = ()  # seats of its side whose nil could be kept before it
    sets: tuple[int, ...] = ()  # seats of another side whose nil could be set before it
    contract: bool = False  # its side's contract could be made before it
    set_contract: tuple[int, ...] = ()  # other sides whose contract could be set before it

    @property
    def costly(self) -> bool:
        return bool(self.tricks or self.nils or self.sets or self.contract or
                    self.set_contract)


@dataclass(frozen=True)
class Opening:
    """What each side could do from the opening lead, every hand seen (two teams, or
    each player: at three, against the two others together)."""

    tricks: tuple[int, ...]  # the most tricks each side could take
    contracts: tuple[int, ...]  # each side's contract (0: none)
    makeable: tuple[bool | None, ...]  # None: no contract, or not finished
    nils: tuple[tuple[int, bool | None], ...]  # (seat, could be kept)


IDLE = "idle"  # what the work yields when nothing known is left to work on


class HandReview:
    """``start`` is the position of the opening lead; ``plays`` the cards played so
    far (all 52 for a finished hand), ``bids`` each seat's bid (None: the bidding is
    not over; ``bid`` brings them). ``step(seconds)`` works for about that long and
    says whether the review is over; ``status`` is running, done or cancelled."""

    def __init__(self, start: Position, plays: tuple[int, ...] | list[int] = (),
                 bids: dict[int, int] | None = None, failed_nil_tricks: str = "count",
                 node_limit: int = NODE_LIMIT) -> None:
        self.plays: tuple[int, ...] = ()
        self.positions = [start]
        self.seats = len(start.hands)
        self.sides = 2 if self.seats == SEATS else self.seats
        # The sides searched: at four and two one side's count answers both (the other
        # takes the rest); at three each player's, against the two others together.
        self.counted = tuple(range(self.sides)) if self.seats == 3 else (0,)
        self.winners: list[int] = []  # the seat that won the trick each card ended, or -1
        self.seat_won = [[0] * self.seats]  # tricks each seat has won before position i
        # side_values[side][i]: the side's most tricks from position i on; None until
        # worked out. ``values`` is side 0's (South/North's, or South's).
        self.side_values: dict[int, list[int | None]] = {
            side: [None if start.tricks_left else 0] for side in self.counted}
        self.values = self.side_values[0]
        self.bids: dict[int, int] = {}
        self.bids_known = False
        self.nil_seats: tuple[int, ...] = ()
        self.contracts: tuple[int, ...] = (0,) * self.sides
        self.partner_only: tuple[bool, ...] = (False,) * self.sides
        self.failed_nil_tricks = failed_nil_tricks
        self.kept: dict[int, list[bool | None]] = {}
        self.contract_made: list[bool | None] = [None] * self.sides  # partner-only contracts
        # At three a position is set aside sooner (and taken up again with four times
        # as many, as at four): the opening lead's searches, heavy, must not hold up
        # the newer positions as the cards come.
        self.node_limit = node_limit // 16 if self.seats == 3 else node_limit
        self.done: list[bool] = [False]  # each position's answers all worked out
        self.unfinished: set[int] = set()  # set aside past their node limit, for later
        self.tries: dict[int, int] = {}  # times each position was set aside
        self.keeper: dict[int, int | None] = {}  # a costly card's index: a card that kept
        self.keepers_found = False
        self._not_costly: set[int] = set()  # cards whose keeper need not be sought
        self.solvers = {side: team_solver(start, side, SLICE_NODES) for side in self.counted}
        self.solver = self.solvers[0]
        self.nil_solvers: dict[int, AnySolver] = {}
        self.status = RUNNING
        self.seconds = 0.0
        self.idle = False  # nothing known is left to work on until the next card
        self.work = self._work()
        if bids is not None:
            self.bid(bids)
        for card in plays:
            self.play(card)

    @classmethod
    def of_result(cls, result: Any, node_limit: int = NODE_LIMIT) -> HandReview:
        """The review of a finished hand (an engine ``HandResult``): its opening lead
        comes from the recorded hand replayed to its first card (bids and any passes)."""
        record = result.to_record()
        match = match_at(record, len(record["bids"]), 0)
        return cls(Position.of_match(match), result.plays, dict(result.bids),
                   result.rules.failed_nil_tricks, node_limit)

    # --- what the hand brings ----------------------------------------------------------

    def bid(self, bids: dict[int, int]) -> None:
        """The bidding is over: each seat's bid."""
        if self.bids_known:
            return
        self.bids_known = True
        self.bids = dict(bids)
        self.nil_seats = tuple(s for s, b in sorted(bids.items()) if b in (NIL, BLIND_NIL))
        self.contracts = tuple(
            sum(max(bids.get(s, 0), 0) for s in self.side_seats(t)) for t in range(self.sides))
        # In "bags" mode a nil bidder's tricks do not count toward the partner's bid.
        self.partner_only = tuple(
            self.seats == SEATS and self.failed_nil_tricks == "bags"
            and any(self.side_of(s) == t for s in self.nil_seats)
            for t in range(self.sides))
        start = self.positions[0]
        self.nil_solvers = {s: nil_solver(start, s, SLICE_NODES) for s in self.nil_seats}
        self.kept = {s: [None] * len(self.positions) for s in self.nil_seats}
        self._settle_ends()

    def play(self, card: int) -> None:
        """The next card of the hand."""
        after, winner = self.positions[-1].play(card)
        self.plays += (card,)
        self.positions.append(after)
        self.winners.append(winner)
        row = list(self.seat_won[-1])
        if winner >= 0:
            row[winner] += 1
        self.seat_won.append(row)
        for values in self.side_values.values():
            values.append(None if after.tricks_left else 0)
        self.done.append(False)
        for s in self.nil_seats:
            self.kept[s].append(None)
        self._settle_ends()
        self.idle = False

    def _settle_ends(self) -> None:
        """The last position, once the hand is over, needs no search."""
        last = len(self.positions) - 1
        if self.positions[last].tricks_left == 0 and self.bids_known:
            for s in self.nil_seats:
                self.kept[s][last] = self.seat_won[last][s] == 0
            self.done[last] = True

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: its team at four, itself at three and two."""
        return side_of(seat, self.seats)

    def side_seats(self, side: int) -> tuple[int, ...]:
        return (side, side + 2) if self.seats == SEATS else (side,)

    @property
    def over(self) -> bool:
        """Every card of the hand is known."""
        return self.positions[-1].tricks_left == 0

    # --- the work --------------------------------------------------------------------

    @property
    def nodes(self) -> int:
        return sum(s.nodes for s in self.solvers.values()) + \
            sum(s.nodes for s in self.nil_solvers.values())

    def _limited(self, work: Generator[None, None, Any], solver: AnySolver,
                 limit: int | None) -> Generator[None, None, Any]:
        """``work``'s answer, or None once it has tried ``limit`` cards."""
        start = solver.nodes
        while True:
            try:
                next(work)
            except StopIteration as stop:
                return stop.value
            if limit is not None and solver.nodes - start >= limit:
                work.close()
                return None
            yield

    def _next(self) -> int | None:
        """The position to work on next: the opening lead's first (the headline), then
        the newest not done, then those set aside, fewest tries and newest first (the
        opening lead too, while the hand is played, once its nils were set aside). At
        three seats the headline comes last: its three searches are by far the
        heaviest, and the later positions, cheap, fill the table for them."""
        if not self.done[0] and self.seats != 3 and (self.over or 0 not in self.unfinished):
            known = all(v[0] is not None for v in self.side_values.values())
            return 0 if not known or self.bids_known else None
        fresh = [i for i in range(len(self.positions)) if not self.done[i] and (
            self.bids_known or any(v[i] is None for v in self.side_values.values()))]
        first = [i for i in fresh if i not in self.unfinished]
        if first:
            return first[-1]
        if fresh:
            return min(fresh, key=lambda i: (self.tries[i], -i))
        return None

    def _work(self) -> Generator[Any, None, None]:
        while True:
            i = self._next()
            if i is None:
                # Every position known is worked out: the keepers of the costly cards
                # played so far, while the hand goes on, then wait for the next card.
                k = self._next_keeper()
                if k is not None:
                    yield from self._find_keeper(k)
                    continue
                if self.over and self.bids_known:
                    break
                self.idle = True
                yield IDLE
                continue
            # The headline never waits: no limit (but at three, where it comes last, it
            # waits as the others do); a retry has four times the last one. Only its
            # nils, while the hand is played, are set aside as any position's are: a
            # nil's answer after a card often says the answer before it (_inferred),
            # and when the opening lead's is taken up again the newer positions' are
            # known (a nil kept: every line of the setters must fail, the heaviest
            # search of a review).
            first = i == 0 and self.seats != 3
            limit = self.node_limit * 4 ** self.tries.get(i, 0)
            self.unfinished.discard(i)
            finished = yield from self._position(i, None if first else limit,
                                                 None if first and self.over else limit)
            if finished:
                self.done[i] = True
            elif finished is not None:
                self.unfinished.add(i)
                self.tries[i] = self.tries.get(i, 0) + 1
        self.keepers_found = True

    def _bounds(self, i: int, side: int) -> tuple[int | None, tuple[int, int]]:
        """A guess at position ``i``'s value for ``side`` and the range its neighbours
        leave it: the card played there bounds it from after, the card before from
        before."""
        values = self.side_values[side]
        lo, hi = 0, self.positions[i].tricks_left
        guess = None
        later = values[i + 1] if i + 1 < len(values) else None
        if later is not None:
            guess = later + self._won(i, side)
            if self.side_of(self.positions[i].to_act) == side:
                lo = guess  # its side could do at least what the card did
            else:
                hi = guess
        earlier = values[i - 1] if i > 0 else None
        if earlier is not None:
            guess = earlier - self._won(i - 1, side)
            if self.side_of(self.positions[i - 1].to_act) == side:
                hi = min(hi, guess)
            else:
                lo = max(lo, guess)
        return guess, (lo, hi)

    def _won(self, i: int, side: int) -> int:
        """1 when the ``i``-th card ended a trick ``side`` won."""
        return 1 if self.winners[i] >= 0 and self.side_of(self.winners[i]) == side else 0

    def _position(self, i: int, limit: int | None, nil_limit: int | None
                  ) -> Generator[None, None, bool | None]:
        """Position ``i``'s value and nils (the opening lead's: its contracts too);
        False when one of them passed its limit (``limit``, the nils' ``nil_limit``),
        None while the bids are to come."""
        position = self.positions[i]
        for side, values in self.side_values.items():
            if values[i] is None:
                guess, known = self._bounds(i, side)
                solver = self.solvers[side]
                values[i] = yield from self._limited(
                    value_of(solver, position, guess=guess, known=known), solver, limit)
                if values[i] is None:
                    return False
        if not self.bids_known:
            return None
        for s in self.nil_seats:
            kept = self.kept[s]
            if kept[i] is not None:
                continue
            kept[i] = self._inferred(s, i)
            if kept[i] is None:
                solver = self.nil_solvers[s]
                taken = yield from self._limited(reaches(solver, position, 1), solver,
                                                 nil_limit)
                if taken is None:
                    return False
                kept[i] = not taken
        for team in range(self.sides) if i == 0 else ():
            if self.partner_only[team] and self.contracts[team] and \
                    self.contract_made[team] is None:
                seat = next(s for s in self.side_seats(team) if s not in self.nil_seats)
                solver = seat_solver(position, seat, SLICE_NODES)
                self.contract_made[team] = yield from reaches(
                    solver, position, self.contracts[team])
        return True

    def _inferred(self, s: int, i: int) -> bool | None:
        """Whether nil ``s`` can be kept at ``i``, when the neighbours say so: a nil
        kept after a card of its own side was kept before it, one set after a card of
        the other side could be set before it (and the same forwards)."""
        if self.seat_won[i][s]:
            return False  # it has taken a trick already
        kept = self.kept[s]
        side = self.side_of(s)
        if i + 1 < len(kept) and kept[i + 1] is not None and \
                kept[i + 1] == (self.side_of(self.positions[i].to_act) == side):
            return kept[i + 1]
        if i > 0 and kept[i - 1] is not None and \
                kept[i - 1] == (self.side_of(self.positions[i - 1].to_act) != side):
            return kept[i - 1]
        return None

    def _next_keeper(self) -> int | None:
        """The first costly card, both sides of it worked out, whose keeper is not yet
        sought."""
        for i in range(len(self.plays)):
            if i in self.keeper or i in self._not_costly:
                continue
            cost = self.cost(i)
            if cost is None:
                continue
            if cost.costly:
                return i
            self._not_costly.add(i)
        return None

    def _find_keeper(self, i: int) -> Generator[None, None, None]:
        """For the costly ``i``-th card: the lowest legal card that would have kept the
        value (the same tricks for its side, its side's nils kept, the other side's left
        to be set), or None when no card would have (a nil taken with the trick, say)."""
        position = self.positions[i]
        side = self.side_of(position.to_act)
        best = self.team_value(side, i)
        assert best is not None
        found = None
        for card in cards_of(position.legal() & ~(1 << self.plays[i])):
            after, winner = position.play(card)
            if (yield from self._keeps(i, after, winner, side, best)):
                found = card
                break
        self.keeper[i] = found

    def _keeps(self, i: int, after: Position, winner: int, side: int, best: int
               ) -> Generator[None, None, bool]:
        """Whether a card in place of the ``i``-th (leading to ``after``) costs its
        side nothing: the same best tricks, its nils as keepable, the other side's as
        settable (the contracts follow the tricks)."""
        won = 1 if winner >= 0 and self.side_of(winner) == side else 0
        need = best - won  # the side's tricks still to take after the card
        left = after.tricks_left
        if need > left:
            return False
        if left and need > 0:
            if side in self.solvers:
                if not (yield from reaches(self.solvers[side], after, need)):
                    return False
            # Else South/North's count (or South's): West/East (North) take ``need``
            # when it stays under ``left - need + 1``.
            elif (yield from reaches(self.solver, after, left - need + 1)):
                return False
        for s in self.nil_seats:
            could_keep = self.kept[s][i]
            if could_keep != (self.side_of(s) == side):
                continue  # nothing for this card to lose
            if winner == s:
                taken = True
            elif not left:
                taken = False
            else:
                taken = yield from reaches(self.nil_solvers[s], after, 1)
            if taken == could_keep:
                return False
        return True

    def step(self, seconds: float = 0.004) -> bool:
        """Work for about ``seconds`` (less when nothing known is left to work on);
        True once the review is over."""
        if self.status != RUNNING:
            return True
        t0 = time.perf_counter()
        end = t0 + seconds
        try:
            while True:
                if next(self.work) is IDLE or time.perf_counter() >= end:
                    return False
        except StopIteration:
            self.status = DONE
            return True
        finally:
            self.seconds += time.perf_counter() - t0

    def run(self) -> HandReview:
        """Work to the end at once (tests, commands), or until the next card is needed."""
        while not self.step(3600.0) and not self.idle:
            pass
        return self

    def cancel(self) -> None:
        if self.status == RUNNING:
            self.work.close()
            self.status = CANCELLED

    # --- the answers -----------------------------------------------------------------

    def team_value(self, team: int, i: int) -> int | None:
        """The most tricks side ``team`` can take from position ``i`` on (at three,
        against the two others together)."""
        if team in self.side_values:
            return self.side_values[team][i]
        v = self.values[i]
        if v is None:
            return None
        return self.positions[i].tricks_left - v

    def _made(self, team: int, i: int) -> bool | None:
        """Whether ``team``'s contract can still be made at position ``i`` (counting
        both partners' tricks)."""
        v = self.team_value(team, i)
        if v is None:
            return None
        won = sum(self.seat_won[i][s] for s in self.side_seats(team))
        return won + v >= self.contracts[team]

    def opening(self) -> Opening | None:
        """The headline: the opening lead's answers, once worked out (None before)."""
        if not self.done[0]:
            return None
        tricks = tuple(self.team_value(t, 0) for t in range(self.sides))
        makeable: list[bool | None] = []
        for team in range(self.sides):
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
        """What the ``index``-th card of the play cost its side; None until both sides of
        it are worked out (or when one of them was not finished)."""
        i = index
        side = self.side_of(self.seat_of(i))
        tricks = self._loss(side, i)
        if tricks is None:
            return None
        nils, sets = [], []
        for n in self.nil_seats:
            was, now = self.kept[n][i], self.kept[n][i + 1]
            if was is None or now is None:
                return None
            if self.side_of(n) == side and was and not now:
                nils.append(n)
            elif self.side_of(n) != side and not was and now:
                sets.append(n)
        contract, set_contract = False, []
        for team in range(self.sides):
            if not self.contracts[team] or self.partner_only[team]:
                continue
            was_made, now_made = self._made(team, i), self._made(team, i + 1)
            if team == side and was_made and not now_made:
                contract = True
            elif team != side and not was_made and now_made:
                set_contract.append(team)
        return Cost(tricks, tuple(nils), tuple(sets), contract, tuple(set_contract))

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

    def _loss(self, side: int, i: int) -> int | None:
        """The tricks ``side``'s best result lost over the ``i``-th card (negative: it
        gained); None until both sides of the card are worked out."""
        before, after = self.team_value(side, i), self.team_value(side, i + 1)
        if before is None or after is None:
            return None
        return before - (self._won(i, side) + after)

    def trick_done(self, trick: int) -> bool:
        """Whether every card of ``trick`` (0-based) has its answer."""
        n = self.seats
        last = n * trick + n
        return last < len(self.positions) and all(self.done[n * trick:last + 1])

    def took(self, team: int) -> int:
        """The tricks ``team`` took in the hand as played."""
        return sum(self.seat_won[-1][s] for s in self.side_seats(team))

    def given(self, team: int) -> tuple[int, int] | None:
        """What ``team``'s own cards cost it in tricks, and what the others' cards gave
        it: the best from the opening lead, less the one, plus the other, is what it
        took. None until every card is worked out."""
        own = gifts = 0
        for i in range(len(self.plays)):
            loss = self._loss(team, i)
            if loss is None or self.cost(i) is None:
                return None
            if self.side_of(self.seat_of(i)) == team:
                own += loss
            else:
                gifts -= loss
        return own, gifts
