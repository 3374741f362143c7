"""Tables of three and two (cutthroat, two-handed) shared by table servers through one
real Redis (serve --store): real ``python -m spades serve`` processes, a real
``redis-server`` (the redis_server fixture), real TableClients.

Each game's match is created on P1 and its other friends join on P2; P1 starts it
(so P1 owns it); through the first actions of the first hand (two-handed's draw from
the stock, then the bids) one seat after each action leaves its process and resumes
on the other, with the actions it saw; then every seat is on P2 and P1 is killed
outright mid-hand: P2 takes the lease and the match plays on; P1 is started again on
its folder and a seat resumes there, its table replayed from the log mid-hand; the
match is played to its end. Every kind of action the game has (the draw's keep and
discard, looks, bids, cards) goes through the log, the other process's following,
the takeover and the replay; every seat's final view is that of the log, and no
message to any seat names a card it could not know (serve-check's check_inbox).
And, as at four seats (test_server_shared.py), every seat of a whole match of each
game, every one a friend, moves to the other process after every action."""

from __future__ import annotations

import asyncio
import random

import pytest
from server_support import client, drive
from test_server_shared import same_as_the_log, shared_servers, until

from spades.ai import make_player
from spades.engine.rules import SEAT_PRESETS
from spades.server.probes.check import check_inbox
from spades.server.shared.chaos import read_log
from spades.server.shared.redis_store import P

# Each case: its game, its rules, its friends (seat by seat; None: a computer plays the
# seat, at its owner), the actions played while seats move between the processes, and
# the action at which P1 is killed (two-handed: inside the draw, 26 turns a hand).
# With a computer, the takeover is what moves the table on: the computer's draws and
# bids after the kill are P2's, written under P2's lease.
TWO = {**SEAT_PRESETS["two-handed"].to_dict(), "target": 100, "mercy": -300}
CASES = {
    "cutthroat": ("cutthroat", {**SEAT_PRESETS["cutthroat"].to_dict(), "target": 150},
                  ["Ann", "Bob", None], 12, 14),
    "two-handed": ("two-handed", TWO, ["Ann", "Bob"], 10, 12),
    "two-handed, a computer": ("two-handed", TWO, ["Ann", None], 8, 10),
}


def owners(url, code):
    """The processes that took the table's lease, in the log's order."""
    return [f["p"] for _, f in read_log(url, code)["entries"] if f["k"] == "owner"]


def lease_holder(url, code):
    """The process whose lease on the table Redis holds now (None: no lease)."""
    import redis

    with redis.Redis.from_url(url, decode_responses=True) as db:
        lease = db.get(f"{P}lease:{code}")
    return lease.split("/")[0] if lease else None


def kind(action):
    """What an action of the log is: a bid, a card, a look, the draw's keep or
    discard, a nil pass."""
    if isinstance(action, int) or action in ("nil", "blind_nil"):
        return "bid"
    if action in ("look", "keep", "discard"):
        return action
    return "pass" if isinstance(action, list) else "card"


def kept(c, messages):
    """Every message the client receives, appended to ``messages`` (one seat's list,
    kept across the clients that hold the seat in turn)."""
    original = c._receive

    def keep(message):
        messages.append(message)
        original(message)

    c._receive = keep
    return c


@pytest.mark.parametrize("case", list(CASES))
def test_a_table_of_three_or_two_moves_between_processes_and_outlives_its_owner(
        tmp_path, redis_server, case):
    game, rules, names, moving, kill_at = CASES[case]
    with shared_servers(tmp_path, redis_server) as (p1, p2):
        urls = [p1.url, p2.url]

        async def play():
            friends = [name for name in names if name is not None]
            inbox: list[list] = [[] for _ in friends]  # each friend's messages, in order
            ann = kept(client(p1.url), inbox[0])
            ann.create("Ann", pace=0, rules=rules)
            await drive([ann], lambda: ann.status == "ready")
            seats = [ann]
            for n, name in enumerate(friends[1:], start=1):
                c = kept(client(p2.url), inbox[n])
                c.join(ann.code, name, seat=names.index(name))
                seats.append(c)
                await drive(seats, lambda c=c: c.status == "ready")
            code = ann.code.replace("-", "")
            await drive(seats, lambda: all(c.table and len(c.table["seats"]) == len(names)
                                           and sum(s["connected"] for s in c.table["seats"])
                                           == len(friends) for c in seats))
            ann.start()
            await drive(seats, lambda: all(c.view is not None for c in seats))
            thinkers = [make_player("normal", seat) for seat in range(len(names))]
            rng = random.Random(5)

            def players(goal=None):
                """Every friend decides as the normal computer player would; with a
                goal, only up to that many actions of the table."""
                return {id(c): (lambda v, r, c=c: thinkers[v.seat].choose(v)
                                if goal is None or c.actions < goal else None)
                        for c in seats}

            async def move(n, url):
                old = seats[n]
                new = kept(client(url), inbox[n])
                new.resume(old.token, old.actions)
                old.close()
                seats[n] = new
                await drive(seats, lambda: new.status == "ready" and new.view is not None
                            and new.actions >= old.actions)

            # Resumed on the other process after every action: the draw, the bids.
            where = [0] + [1] * (len(seats) - 1)
            for goal in range(1, moving + 1):
                await drive(seats, lambda g=goal: all(c.actions >= g for c in seats),
                            players=players(goal), rng=rng, timeout=60)
                n = goal % len(seats)
                where[n] = 1 - where[n]
                await move(n, urls[where[n]])
            for n, at in enumerate(where):  # every seat on P2
                if at == 0:
                    await move(n, p2.url)
            await drive(seats, lambda: all(c.actions >= kill_at for c in seats),
                        players=players(kill_at), rng=rng, timeout=60)
            first = owners(redis_server.url, code)[0]  # P1, which started the match
            hand, phase = seats[0].view.hand_number, seats[0].view.phase
            p1.kill()
            # P2 takes the lease when P1's runs out (and then says so in the log, as
            # the owner); the table plays on under it.
            await until(lambda: lease_holder(redis_server.url, code) not in (None, first)
                        and owners(redis_server.url, code)[-1] != first, 30)
            await drive(seats, lambda: all(c.actions >= kill_at + 4 for c in seats),
                        players=players(kill_at + 4), rng=rng, timeout=60)
            assert seats[0].view.hand_number == hand  # killed and taken over mid-hand
            if game == "two-handed":
                assert phase == seats[0].view.phase == "drawing"
            # P1 again (on a new port: its old one may be another's meanwhile), knowing
            # nothing: a seat resumed there replays the log.
            await asyncio.to_thread(p1.start)
            await move(0, p1.url)
            await drive(seats, lambda: all(  # a computer's turn played meanwhile, if any
                c.actions == len(read_log(redis_server.url, code)["actions"]) for c in seats))
            same_as_the_log(redis_server.url, seats)
            await drive(seats, lambda: all(c.view.phase == "over" for c in seats),
                        players=players(), rng=rng, timeout=600)
            log = same_as_the_log(redis_server.url, seats)
            assert len(log["match"].history) >= 1
            kinds = {kind(a["action"]) for a in log["actions"]}
            # (A look is an action only where blind nil may be bid: 100 behind.)
            assert {"bid", "card"} | ({"keep", "discard"} if game == "two-handed"
                                      else set()) <= kinds, kinds
            records = {h.hand_number: h.to_record() for h in log["match"].history}
            for n, c in enumerate(seats):
                assert check_inbox(inbox[n], c.seat, records) > 40  # a hand: 54 actions or more
                c.close()

        asyncio.run(play())



@pytest.mark.parametrize("game", ["cutthroat", "two-handed"])
def test_every_seat_moves_between_processes_after_every_action_of_a_match(
        tmp_path, redis_server, game):
    """Every seat a friend: created on P1, joined through P2 and P1 in turn; after every
    action of the whole match one seat (each in turn) leaves its process and resumes
    on the other with the actions it saw. Each seat's view equals the log's."""
    rules = CASES[game][1]
    seats_here = len(CASES[game][2])
    with shared_servers(tmp_path, redis_server) as (p1, p2):
        urls = [p1.url, p2.url]

        async def play():
            ann = client(p1.url)
            ann.create("Ann", pace=0, rules=rules)
            await drive([ann], lambda: ann.status == "ready")
            seats = [ann]
            for n, name in enumerate(("Bob", "Cy")[:seats_here - 1], start=1):
                c = client(urls[n % 2])
                c.join(ann.code, name, seat=n)
                seats.append(c)
                await drive(seats, lambda c=c: c.status == "ready")
            await drive(seats, lambda: all(c.table and sum(
                s["connected"] for s in c.table["seats"]) == seats_here for c in seats))
            ann.start()
            await drive(seats, lambda: all(c.view is not None for c in seats))
            thinkers = [make_player("normal", seat) for seat in range(seats_here)]
            where = [n % 2 for n in range(seats_here)]
            moves = 0
            while not (seats[0].view and seats[0].view.phase == "over"):
                goal = seats[0].actions + 1
                players = {id(c): (lambda v, r, c=c, g=goal: thinkers[v.seat].choose(v)
                                   if c.actions < g else None) for c in seats}
                await drive(seats, lambda g=goal: all(c.actions >= g for c in seats)
                            or seats[0].view.phase == "over", players=players, timeout=60)
                seat = moves % seats_here
                old = seats[seat]
                where[seat] = 1 - where[seat]
                new = client(urls[where[seat]])
                new.resume(old.token, old.actions)
                old.close()
                seats[seat] = new
                await drive(seats, lambda n=new, a=old.actions: n.status == "ready"
                            and n.view is not None and n.actions >= a)
                moves += 1
            await drive(seats, lambda: all(c.view.phase == "over" for c in seats))
            log = same_as_the_log(redis_server.url, seats)
            assert moves == len(log["actions"])  # a move after every action
            for c in seats:
                c.close()

        asyncio.run(play())
