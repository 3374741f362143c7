"""Positions in the engine's terms, the questions Spades asks of them, and analysis jobs.

A ``Position`` is what double dummy sees: the hands (real card masks: four, or three in
cutthroat, two in two-handed after the draw), the trick in progress, who led it,
whether spades are broken, and the two rule options of the lead. A side is a team of
two at four seats, one player at three and two (``side_of``); at three, a player's
side plays against the two others together (few.py). The questions: the most tricks
a side can take from here (``most_tricks``), whether it can take at least ``n``
(``can_take``), and whether a nil can be kept
(``nil_kept``; the other side sets it exactly when it cannot). Each has a ``*_job``
form, an ``Analysis`` that runs in slices of a few milliseconds, shows how far it
got, can be dropped at any time, and reports "not finished" past a node limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from ..engine.cards import CARD_IDS, SEATS, SUIT_OF, cards_of
from ..engine.legal import legal_cards, trick_winner_index
from ..engine.rules import Rules
from .few import FewSolver
from .search import NEVER, Solver, run_tops, shape_of, squeeze, squeeze_hands

RUNNING, DONE, NOT_FINISHED, CANCELLED = "running", "done", "not finished", "cancelled"
AnySolver = Solver | FewSolver  # four seats' search, or three's and two's


@dataclass(frozen=True)
class Position:
    """A deal as double dummy sees it. ``trick`` holds the cards of the trick in
    progress in the order played, from ``leader``; ``hands`` the cards still held,
    one mask a seat (as many as the table seats)."""

    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...] = ()
    spades_broken: bool = False
    spades_lead_anytime: bool = False
    forced_spade_lead_breaks: bool = False

    @classmethod
    def deal(cls, hands: Any, leader: int, rules: Rules) -> Position:
        """The opening lead of a deal under ``rules``."""
        return cls(
            tuple(hands), leader, (), False, rules.spades_lead_anytime,  # type: ignore[arg-type]
            rules.forced_spade_lead_breaks,
        )

    @classmethod
    def of_match(cls, match: Any) -> Position:
        """Where a Match (spades.engine.match) stands in its play phase."""
        trick = tuple(c for _, c in match.trick)
        leader = match.trick[0][0] if match.trick else match.to_act
        return cls(
            tuple(match.hands), leader, trick, match.spades_broken,  # type: ignore[arg-type]
            match.rules.spades_lead_anytime, match.rules.forced_spade_lead_breaks,
        )

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the one in progress included."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    def legal(self) -> int:
        led = SUIT_OF[self.trick[0]] if self.trick else -1
        return legal_cards(
            self.hands[self.to_act], led, self.spades_broken, self.spades_lead_anytime
        )

    def play(self, card: int) -> tuple[Position, int]:
        """The position after ``card``, and the seat that won the trick it completed
        (-1 while the trick goes on). The card must be legal."""
        seat = self.to_act
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        trick = (*self.trick, card)
        led = SUIT_OF[trick[0]]
        broken = self.spades_broken
        if len(trick) == 1:
            if led == 3 and self.forced_spade_lead_breaks:
                broken = True
        elif card >= 39 and led != 3:
            broken = True
        # Built directly rather than by dataclasses.replace, which costs twice as much
        # (hard's endings search plays cards by the hundred thousand).
        anytime, breaks = self.spades_lead_anytime, self.forced_spade_lead_breaks
        seats = len(hands)
        if len(trick) < seats:
            return Position(tuple(hands), self.leader, trick, broken, anytime, breaks), -1
        winner = (self.leader + trick_winner_index(trick)) % seats
        return Position(tuple(hands), winner, (), broken, anytime, breaks), winner  # type: ignore[arg-type]


def squeezed(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands and trick cards renumbered with only the present cards, in order."""
    present = 0
    for h in position.hands:
        present |= h
    for c in position.trick:
        present |= 1 << c
    gone = tuple(c for c in range(CARD_IDS) if not present >> c & 1)
    empty = tuple(1 << c for c in position.trick)
    hands = squeeze_hands(position.hands, gone)
    marks = [squeeze_hands((m,), gone)[0] for m in empty]
    return hands, tuple(m.bit_length() - 1 for m in marks)


def side_of(seat: int, seats: int) -> int:
    """The side a seat plays for: its team at four (South/North 0, West/East 1), else
    the seat itself (``rules.side_of``)."""
    return seat % 2 if seats == SEATS else seat


def team_solver(
    position: Position, team: int, slice_nodes: int = NEVER, weighted_order: bool = True,
    later_cuts: bool = True,
) -> AnySolver:
    """The tricks of side ``team``: a team of two at four seats; at three and two one
    player, every other player against it."""
    seats = len(position.hands)
    weights = tuple(int(side_of(s, seats) == team) for s in range(seats))
    if seats != SEATS:
        return FewSolver(weights, tuple(map(bool, weights)), position.spades_lead_anytime,
                         position.forced_spade_lead_breaks, slice_nodes)
    return Solver(
        weights, team, position.spades_lead_anytime,  # type: ignore[arg-type]
        position.forced_spade_lead_breaks, slice_nodes, weighted_order, later_cuts,
    )


def seat_solver(position: Position, seat: int, slice_nodes: int = NEVER) -> AnySolver:
    """One seat's tricks, its side wanting them many (a partner's own contract when a
    nil bidder's tricks do not count toward it; at three and two, the player's)."""
    seats = len(position.hands)
    if seats != SEATS:
        return team_solver(position, seat, slice_nodes)
    weights = tuple(int(s == seat) for s in range(seats))
    return Solver(
        weights, seat % 2, position.spades_lead_anytime,  # type: ignore[arg-type]
        position.forced_spade_lead_breaks, slice_nodes,
    )


def nil_solver(position: Position, seat: int, slice_nodes: int = NEVER) -> AnySolver:
    """A nil's tricks: the other side wants one (at three, both other players)."""
    seats = len(position.hands)
    weights = tuple(int(s == seat) for s in range(seats))
    if seats != SEATS:
        return FewSolver(weights, tuple(not w for w in weights),
                         position.spades_lead_anytime, position.forced_spade_lead_breaks,
                         slice_nodes)
    return Solver(
        weights, 1 - seat % 2, position.spades_lead_anytime,  # type: ignore[arg-type]
        position.forced_spade_lead_breaks, slice_nodes,
    )


def reaches(solver: AnySolver, position: Position, t: int) -> Generator[None, None, bool]:
    """Does the solver's counted side take at least ``t`` more tricks from here?"""
    hands, trick = squeezed(position)
    return (yield from _finish(solver, hands, position.leader, trick, position.spades_broken, t))


def _finish(
    solver: AnySolver, h: tuple[int, ...], leader: int, trick: tuple[int, ...],
    broken: bool, t: int,
) -> Generator[None, None, bool]:
    """The rest of a trick in progress, card by card, then the search proper."""
    n = len(trick)
    seats = len(h)
    if n == 0:
        v, _ = yield from solver.trick(h, leader, broken, t, shape_of(h))
        return v
    seat = (leader + n) % seats
    led = SUIT_OF[trick[0]]
    hand = h[seat]
    maximising = solver.maximising[seat]
    for c in cards_of(run_tops(legal_cards(hand, led, broken, solver.anytime), hand)):
        solver.nodes += 1
        nb = broken or (c >= 39 and led != 3)
        nh = list(h)
        nh[seat] = hand ^ (1 << c)
        full = (*trick, c)
        if n == seats - 1:
            winner = (leader + trick_winner_index(full)) % seats
            after = squeeze(nh, full) if seats == SEATS else squeeze_hands(nh, full)  # type: ignore[arg-type]
            v, _ = yield from solver.trick(
                after, winner, nb, t - solver.weights[winner], shape_of(after)
            )
        else:
            v = yield from _finish(solver, tuple(nh), leader, full, nb, t)
        if v == maximising:
            return v
    return not maximising


def value_of(
    solver: AnySolver, position: Position, on_bounds: Callable[[int, int], None] | None = None,
    guess: int | None = None, known: tuple[int, int] | None = None,
) -> Generator[None, None, int]:
    """The exact count: zero-window searches on targets between the known bounds.

    With a ``guess`` (say the value of a neighbouring position), the targets step
    from it one at a time, as MTD(f) does: two searches when it is right. Without one
    they halve the range. ``known``: bounds the caller knows already (the value
    after one card bounds the value before it from one side).
    """
    lo, hi = 0, position.tricks_left
    if not position.trick:
        hands, _ = squeezed(position)
        lo, hi = solver.bounds(hands, position.leader, position.spades_broken)
    if known is not None:
        lo, hi = max(lo, known[0]), min(hi, known[1])
    while lo < hi:
        if on_bounds:
            on_bounds(lo, hi)
        if guess is None:
            t = (lo + hi + 1) // 2
        else:
            t = min(max(guess, lo + 1), hi)
        if (yield from reaches(solver, position, t)):
            lo = t
            if guess is not None:
                guess = t + 1
        else:
            hi = t - 1
            if guess is not None:
                guess = t - 1
    if on_bounds:
        on_bounds(lo, hi)
    return lo


class Analysis:
    """A question being answered in slices: ``step`` runs it for about ``seconds`` and
    says whether it is over. ``status`` is running, done, not finished (the node
    limit was reached first) or cancelled; ``result`` the answer once done;
    ``progress`` what is known so far (for a count, the range it lies in)."""

    def __init__(
        self, work: Generator[None, None, Any], solver: AnySolver, node_limit: int | None = None
    ) -> None:
        self.work = work
        self.solver = solver
        self.node_limit = node_limit
        self.status = RUNNING
        self.result: Any = None
        self.progress: tuple[int, int] | None = None
        self.seconds = 0.0

    @property
    def nodes(self) -> int:
        return self.solver.nodes

    def step(self, seconds: float = 0.004) -> bool:
        """Work for about ``seconds``; True once the analysis is over, however."""
        if self.status != RUNNING:
            return True
        start = time.perf_counter()
        end = start + seconds
        try:
            while True:
                next(self.work)
                if self.node_limit is not None and self.solver.nodes >= self.node_limit:
                    self.work.close()
                    self.status = NOT_FINISHED
                    return True
                if time.perf_counter() >= end:
                    return False
        except StopIteration as stop:
            self.result = stop.value
            self.status = DONE
            return True
        finally:
            self.seconds += time.perf_counter() - start

    def run(self) -> Any:
        """Work to the end (or the node limit); the result, None if not finished."""
        while not self.step(3600.0):
            pass
        return self.result

    def cancel(self) -> None:
        if self.status == RUNNING:
            self.work.close()
            self.status = CANCELLED


SLICE_NODES = 200  # cards between two looks at the clock


def _job(
    make: Callable[[Analysis], Generator[None, None, Any]], solver: AnySolver,
    node_limit: int | None,
) -> Analysis:
    job = Analysis(iter(()), solver, node_limit)  # type: ignore[arg-type]
    job.work = make(job)
    return job


def most_tricks_job(position: Position, team: int, node_limit: int | None = None) -> Analysis:
    """The most tricks ``team`` (0: South/North, 1: West/East) can take from here."""
    solver = team_solver(position, team, SLICE_NODES)

    def work(job: Analysis) -> Generator[None, None, int]:
        def seen(lo: int, hi: int) -> None:
            job.progress = (lo, hi)

        return (yield from value_of(solver, position, seen))

    return _job(work, solver, node_limit)


def can_take_job(
    position: Position, team: int, n: int, node_limit: int | None = None
) -> Analysis:
    """Whether ``team`` can take at least ``n`` of the tricks left, whatever the others do."""
    solver = team_solver(position, team, SLICE_NODES)
    return _job(lambda job: reaches(solver, position, n), solver, node_limit)


def nil_kept_job(position: Position, seat: int, node_limit: int | None = None) -> Analysis:
    """Whether ``seat`` can take no trick from here, helped by its partner, whatever the
    other side does (False: the other side can set the nil)."""
    solver = nil_solver(position, seat, SLICE_NODES)

    def work(job: Analysis) -> Generator[None, None, bool]:
        return not (yield from reaches(solver, position, 1))

    return _job(work, solver, node_limit)


def _sync(gen: Generator[None, None, Any]) -> Any:
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def most_tricks(
    position: Position, team: int, solver: AnySolver | None = None, guess: int | None = None
) -> int:
    """Run to the end at once (native code paths, tests). A solver passed in is reused:
    its table carries over between questions on the same deal and team; a ``guess``
    of the answer saves searches when it is close."""
    return _sync(value_of(solver or team_solver(position, team), position, guess=guess))


def can_take(position: Position, team: int, n: int, solver: AnySolver | None = None) -> bool:
    return _sync(reaches(solver or team_solver(position, team), position, n))


def nil_kept(position: Position, seat: int, solver: AnySolver | None = None) -> bool:
    return not _sync(reaches(solver or nil_solver(position, seat), position, 1))


def card_values(position: Position, team: int, solver: AnySolver | None = None) -> dict[int, int]:
    """For each legal card of the seat to act: the most tricks ``team`` can take from
    here (the trick in progress included) after that card."""
    solver = solver or team_solver(position, team)
    out = {}
    guess = None
    for card in cards_of(position.legal()):
        after, winner = position.play(card)
        won = 1 if winner >= 0 and side_of(winner, len(after.hands)) == team else 0
        if after.tricks_left:
            guess = most_tricks(after, team, solver, guess)
            out[card] = won + guess
        else:
            out[card] = won
    return out


def best_line(position: Position, team: int, solver: AnySolver | None = None) -> list[int]:
    """The cards to the end of the hand, each side playing one of its best cards
    (the lowest of them), from the solver's own values."""
    solver = solver or team_solver(position, team)
    line = []
    while position.tricks_left:
        values = card_values(position, team, solver)
        mine = side_of(position.to_act, len(position.hands)) == team
        target = max(values.values()) if mine else min(values.values())
        card = min(c for c, v in values.items() if v == target)
        line.append(card)
        position, _ = position.play(card)
    return line

