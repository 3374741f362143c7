"""Hard's exact endings: a sampled deal's last tricks played perfectly, judged in points.

Once few tricks are left, hard does not roll a sampled deal out: it asks what the
rest of the hand is worth with every hand seen and both sides playing perfectly for
points (the hand's score, bags at their long-run cost, a won or lost match; ``judge``
in search.py, which asks the engine's scoring). Which way is exact depends on how the
points rest on the tricks, known before any deal is sampled (``Ending.mode``):

- the points rest on the sides' tricks alone (no live nil) and more tricks are never
  worse for the seat's side (a contract still to make or to set): the solver's most
  tricks (``spades.solver``), exact for these points;
- fewer tricks are never worse (only bags are left to take): the solver's game turned
  round, the side ducking and the other side making it take tricks;
- otherwise, when at most ``MINIMAX_TRICKS`` tricks are left: a plain search of
  every card with the points at its end (a live nil, whose score rests on which seat
  takes a trick, or bags past a contract still in play);
- above that, with no live nil (bags past a contract still in play): bounds from both
  solver games (``Ending.bounds``), the side can hold its count at least at the most or
  at most at the fewest, the other side likewise, and the value is the middle of what
  those guarantee (exact when the bounds meet, as when more or fewer tricks are never
  worse). A live nil above ``MINIMAX_TRICKS`` tricks is rolled out.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import SEATS, SUIT_OF, cards_of
from ..solver import Position as Solved
from ..solver import most_tricks
from ..solver.position import team_solver
from ..solver.search import Solver
from .position import PARTNER, Position

MINIMAX_TRICKS = 3  # a plain points search up to this many tricks left (all cards)

ROLLOUT, MOST, FEWEST, MINIMAX, PEAK = "rollout", "most", "fewest", "minimax", "peak"


def live_nils(t: Position) -> list[int]:
    """The seats whose nil (or blind nil) is still alive: bid it, no trick taken."""
    return [q for q in range(t.seats) if t.bids[q] is not None and t.bids[q] <= 0
            and t.tricks_won[q] == 0]


def taker(t: Position, seat: int) -> int:
    """The seat of ``seat``'s side whose tricks count for its contract: one that bid
    tricks (a set nil's tricks may count only as bags), the seat itself if both did."""
    if t.bids[seat] is not None and t.bids[seat] > 0:
        return seat
    partner = PARTNER[seat]
    return partner if t.bids[partner] is not None and t.bids[partner] > 0 else seat


def points_by_tricks(t: Position, seat: int, judge: Callable[[Position], float]) -> list[float]:
    """The hand's value for ``seat``'s side if that side takes k more of the tricks
    left (the one in progress counted) and the other side the rest, k = 0, 1, ..."""
    left = 13 - t.tricks_done
    won = t.tricks_won
    mine, theirs = taker(t, seat), taker(t, t.around[seat + 1])
    points = []
    for k in range(left + 1):
        won[mine] += k
        won[theirs] += left - k
        points.append(judge(t))
        won[mine] -= k
        won[theirs] -= left - k
    return points


def ending_mode(t: Position, seat: int, judge: Callable[[Position], float]) -> str:
    """How the decision at ``t`` (the seat to play) is judged exactly, or ROLLOUT."""
    left = 13 - t.tricks_done
    if not live_nils(t):
        points = points_by_tricks(t, seat, judge)
        steps = [b - a for a, b in zip(points[:-1], points[1:], strict=True)]
        if all(step >= 0 for step in steps):
            return MOST
        if all(step <= 0 for step in steps):
            return FEWEST
        if left > MINIMAX_TRICKS:
            return PEAK
    return MINIMAX if left <= MINIMAX_TRICKS else ROLLOUT


class Ending:
    """One decision's exact judgement of its sampled deals: the solvers of the deal
    in hand (their tables shared by the candidate cards) and the nodes spent."""

    def __init__(self, seat: int, mode: str, judge: Callable[[Position], float]) -> None:
        self.seat = seat
        self.mode = mode
        self.judge = judge
        self.deal = -1  # the deal the solvers are for
        self.solvers: dict[str, Solver] = {}
        self.guesses: dict[str, int] = {}
        self.nodes = 0  # solver and search nodes spent on the decision

    def value(self, t: Position, deal: int) -> float:
        """The value of the rest of the hand from ``t`` (every hand known) on sampled
        deal number ``deal``."""
        rules = t.rules
        position = Solved(
            tuple(t.hands), t.leader, tuple(t.trick), t.broken,  # type: ignore[arg-type]
            rules.spades_lead_anytime, rules.forced_spade_lead_breaks,
        )
        left = position.tricks_left
        if not left:
            return self.judge(t)
        if self.mode == MINIMAX:
            return self._minimax(t, position)  # (cheaper than the bounds first: measured)
        if self.deal != deal:  # one table per question and deal, for every candidate
            self.deal = deal
            self.solvers = {}
            self.guesses = {}
        if self.mode == PEAK:
            low, high = self.bounds(t, position)
            return (low + high) / 2
        return self._points(t, self._count(self.mode, position), left)

    def bounds(self, t: Position, position: Solved) -> tuple[float, float]:
        """What the seat's side can make sure of, and what the other side can hold it
        to: its side can hold its count at least at the most it can take or at most at
        the fewest it can be held to; the other side at most at the first or at least
        at the second. The value of perfect play for points lies between the two."""
        left = position.tricks_left
        most, fewest = self._count(MOST, position), self._count(FEWEST, position)
        points = [self._points(t, k, left) for k in range(left + 1)]
        low = max(min(points[most:]), min(points[:fewest + 1]))
        high = min(max(points[:most + 1]), max(points[fewest:]))
        return low, high

    def _points(self, t: Position, mine: int, left: int) -> float:
        """The hand's value if the seat's side takes ``mine`` of the ``left`` tricks."""
        won = t.tricks_won
        a, b = taker(t, self.seat), taker(t, t.around[self.seat + 1])
        won[a] += mine
        won[b] += left - mine
        value = self.judge(t)
        won[a] -= mine
        won[b] -= left - mine
        return value

    def _count(self, kind: str, position: Solved) -> int:
        """The seat's side's tricks from here with both sides playing perfectly: the
        most it can take (MOST), or the fewest it can be held to while ducking."""
        team = self.seat & 1
        solver = self.solvers.get(kind)
        if solver is None:
            # The solver's plain move order and none of its later cuts: hard's node cap
            # makes its decisions depend on the nodes a search takes, and its figures
            # of record were measured with this search.
            if kind == MOST:
                solver = team_solver(position, team, weighted_order=False, later_cuts=False)
            else:  # the other side's tricks, the seat's side wanting them many
                solver = Solver(
                    tuple(int((s & 1) != team) for s in range(SEATS)),  # type: ignore[arg-type]
                    team, position.spades_lead_anytime, position.forced_spade_lead_breaks,
                    weighted_order=False, later_cuts=False,
                )
            self.solvers[kind] = solver
        before = solver.nodes
        # The last candidate's count on this deal is the likeliest: a guess.
        count = self.guesses[kind] = most_tricks(position, team, solver, self.guesses.get(kind))
        self.nodes += solver.nodes - before
        return count if kind == MOST else position.tricks_left - count

    def _minimax(self, t: Position, position: Solved) -> float:
        """Every card to the end, the points at each end (alpha-beta)."""
        team = self.seat & 1
        won = t.tricks_won
        judge = self.judge

        def search(p: Solved, alpha: float, beta: float) -> float:
            if not p.tricks_left:
                return judge(t)
            self.nodes += 1
            seat = p.to_act
            maximising = (seat & 1) == team
            hand = p.hands[seat]
            best = float("-inf") if maximising else float("inf")
            for card in cards_of(p.legal()):
                # Of two touching cards in one hand, one is tried: they play alike.
                if card and SUIT_OF[card - 1] == SUIT_OF[card] and hand >> (card - 1) & 1:
                    continue
                after, winner = p.play(card)
                if winner >= 0:
                    won[winner] += 1
                value = search(after, alpha, beta)
                if winner >= 0:
                    won[winner] -= 1
                if maximising:
                    best = max(best, value)
                    alpha = max(alpha, value)
                else:
                    best = min(best, value)
                    beta = min(beta, value)
                if alpha >= beta:
                    break
            return best

        return search(position, float("-inf"), float("inf"))
