"""The table seen from one chair: a shared table's seats turned so the player sits South.

The game's table scene draws its player at the bottom, as seat 0 (South), with the
partner North and "Us" as team 0. At a shared table the player may own any seat, so
the client turns what the server says (views, events, finished hands) by the seat it
owns: at a table of ``seats`` the seat ``s`` of the server is drawn at
``(s - mine) % seats``; a team ``t`` of four is ``t ^ (mine & 1)``, and at three and two,
where each player is a side, a side turns as its seat does. Turning changes no rule:
partners stay opposite, turns go round in the same order, and the rules never depend
on where a seat is drawn. The server's
seat numbers stay those of docs/protocol.md; only the drawing turns.

:func:`hand_result` reads a finished hand's ``spades-hand/1`` record (the server's
``record`` message) into the engine's :class:`~spades.engine.match.HandResult`, the
score sheet's and the breakdown's own form.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine import actions  # the events: actions.BidMade, ...
from ..engine.cards import SEATS
from ..engine.match import HandResult
from ..engine.record import match_at
from ..engine.scoring import TeamScore
from ..engine.view import PlayerView


class Turned:
    """Seats and sides as drawn for the player who owns ``mine`` at a table of
    ``seats`` (the rules' ``seats``: four, or three and two where each plays alone)."""

    def __init__(self, mine: int, seats: int = SEATS) -> None:
        self.mine = mine
        self.seats = seats

    def seat(self, seat: int) -> int:
        """A server seat as drawn (the player's own is 0)."""
        return (seat - self.mine) % self.seats

    def server_seat(self, drawn: int) -> int:
        """A drawn seat as the server numbers it."""
        return (drawn + self.mine) % self.seats

    def team(self, team: int) -> int:
        """A side as drawn: a team of four, or at three and two a player (its seat)."""
        if self.seats != SEATS:
            return self.seat(team)
        return team ^ (self.mine & 1)

    def by_seat(self, values: tuple | list) -> tuple:
        """A value for each server seat, in drawn order."""
        return tuple(values[self.server_seat(i)] for i in range(self.seats))

    def by_team(self, pair: tuple | list) -> tuple:
        """A value for each side (two teams, or each player), in drawn order."""
        if self.seats != SEATS:
            return self.by_seat(pair)
        return (pair[self.team(0)], pair[self.team(1)])

    def view(self, v: PlayerView) -> PlayerView:
        s = self.seat
        return replace(
            v, seat=s(v.seat), dealer=s(v.dealer), to_act=s(v.to_act),
            bids=self.by_seat(v.bids),
            bid_order=tuple((s(seat), bid) for seat, bid in v.bid_order),
            tricks=tuple((s(leader), cards) for leader, cards in v.tricks),
            trick_winners=tuple(s(w) for w in v.trick_winners),
            trick=tuple((s(seat), card) for seat, card in v.trick),
            tricks_won=self.by_seat(v.tricks_won), voids=self.by_seat(v.voids),
            hand_sizes=self.by_seat(v.hand_sizes), scores=self.by_team(v.scores),
            bags=self.by_team(v.bags),
            winner=None if v.winner is None else self.team(v.winner),
        )

    def team_score(self, t: TeamScore) -> TeamScore:
        lines = tuple(line if line.seat is None else line._replace(seat=self.seat(line.seat))
                      for line in t.lines)
        return t._replace(team=self.team(t.team), lines=lines)

    def teams(self, teams: tuple[TeamScore, TeamScore]) -> tuple[TeamScore, TeamScore]:
        return tuple(self.team_score(t) for t in self.by_team(teams))  # type: ignore[return-value]

    def event(self, e: actions.Event) -> actions.Event:
        s = self.seat
        if isinstance(e, actions.HandDealt):
            return replace(e, dealer=s(e.dealer),
                           blind_nil_seats=tuple(sorted(s(x) for x in e.blind_nil_seats)))
        if isinstance(e, actions.CardsSeen | actions.BidMade | actions.CardPlayed
                      | actions.SpadesBroken | actions.CardDrawn):
            return replace(e, seat=s(e.seat))
        if isinstance(e, actions.BiddingDone):
            return replace(e, contracts=self.by_team(e.contracts))
        if isinstance(e, actions.CardsPassed):
            return replace(e, seat=s(e.seat), to_seat=s(e.to_seat))
        if isinstance(e, actions.CardsExchanged):
            return replace(e, seats=(s(e.seats[0]), s(e.seats[1])))
        if isinstance(e, actions.TrickWon):
            return replace(e, seat=s(e.seat), leader=s(e.leader))
        if isinstance(e, actions.HandScored):
            return replace(e, teams=self.teams(e.teams), scores=self.by_team(e.scores),
                           bags=self.by_team(e.bags))
        if isinstance(e, actions.MatchOver):
            return replace(e, winner=self.team(e.winner), scores=self.by_team(e.scores))
        raise TypeError(f"not an event: {e!r}")

    def result(self, r: HandResult) -> HandResult:
        s = self.seat
        return replace(
            r, dealer=s(r.dealer), hands=self.by_seat(r.hands),
            bids=tuple((s(seat), bid) for seat, bid in r.bids),
            trick_winners=tuple(s(w) for w in r.trick_winners),
            teams=self.teams(r.teams), scores_before=self.by_team(r.scores_before),
            bags_before=self.by_team(r.bags_before),
            passes=tuple((s(seat), cards) for seat, cards in r.passes),
            draws=tuple((s(seat), kept) for seat, kept in r.draws),
        )


def hand_result(record: dict[str, Any], hand_number: int) -> HandResult:
    """A finished hand's record as the engine's HandResult (replayed, so checked)."""
    match = match_at(record, len(record["bids"]), len(record["plays"]))
    if not match.history:
        raise ValueError("the record is not of a finished hand")
    return replace(match.history[0], hand_number=hand_number)
