"""Table servers on one real Redis (serve --store) when a process is stopped for a
while (SIGSTOP, as a machine too busy to run it): real ``python -m spades serve``
processes, a real ``redis-server`` (the redis_server fixture), real TableClients. A
process that stalls keeps what it holds, and one that owned a table and stalled past
its lease wakes without acting for the table it may have lost."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time

from server_support import client, drive
from test_server_shared import shared_servers, until

from spades.server.probes.local import modest
from spades.server.shared.chaos import read_log


def entries(url, code, kind):
    """The table's log entries of one kind: (writing process, data)."""
    return [(f["p"], json.loads(f["d"])) for _, f in read_log(url, code)["entries"]
            if f["k"] == kind]


async def ann_and_bob(p1, p2, **table):
    """Ann creates a table on P1 (``table``: its settings), Bob joins it on P2 in
    North's chair; both ready, the match not started."""
    ann = client(p1.url)
    ann.create("Ann", pace=0.02, rules={"target": 100}, **table)
    await drive([ann], lambda: ann.status == "ready")
    bob = client(p2.url)
    bob.join(ann.code, "Bob", seat=2)
    await drive([ann, bob], lambda: bob.status == "ready" and ann.table and sum(
        s["player"] == "human" for s in ann.table["seats"]) == 2)
    return ann, bob


def test_an_owner_stopped_past_its_lease_wakes_without_timing_out_a_turn(
        tmp_path, redis_server):
    """Ann on P1, which owns the table; Bob on P2; a turn timer. On Bob's turn P1 is
    stopped past its lease and past the timer: P2 takes the table, and Bob plays on
    through P2 in time. P1 wakes with its timer for Bob's turn overdue, which fired
    before its next renewal could say the lease was gone: it told Ann that Bob had
    timed out, a decision no owner made and the log never held. Now a process acts
    for a table only while its lease is surely its own (Follower.owns): every
    "timed out" a seat hears is in the log, and the match plays on."""
    timer = 6.0
    with shared_servers(tmp_path, redis_server) as (p1, p2):
        async def play():
            ann, bob = await ann_and_bob(p1, p2, timer=timer)
            both = [ann, bob]
            ann.start()
            code = ann.code.replace("-", "")
            # Bob's first turn after a few actions: Ann and the computers play, Bob waits.
            await drive(both, lambda: bob.view is not None and bob.my_turn and
                        bob.actions > 4, players={id(ann): modest})
            p2_id = entries(redis_server.url, code, "here")[-1][0]
            stopped = time.monotonic()
            os.kill(p1.process.pid, signal.SIGSTOP)
            try:
                await until(lambda: any(p == p2_id for p, _ in
                                        entries(redis_server.url, code, "owner")), 30)
                before = bob.actions
                await drive([bob], lambda: bob.actions > before, players={id(bob): modest})
                while time.monotonic() < stopped + timer + 1.5:  # P1's timer overdue
                    await drive([bob], lambda: True)
                    await asyncio.sleep(0.1)
            finally:
                os.kill(p1.process.pid, signal.SIGCONT)
            players = {id(ann): modest, id(bob): modest}
            goal = bob.actions + 12
            await drive(both, lambda: ann.actions >= goal and bob.actions >= goal,
                        players=players)
            logged = [d for _, d in entries(redis_server.url, code, "note")
                      if d.get("type") == "timed_out"]
            for c in both:
                heard = [n for n in c.notices if n.get("type") == "timed_out"]
                assert len(heard) == len(logged), (c.seat, heard, logged)
                c.close()

        asyncio.run(play())


def test_a_process_that_stalled_past_its_liveness_gets_its_seats_back(tmp_path, redis_server):
    """Ann on P1 (which owns the table), Bob on P2; P2 is stopped (SIGSTOP, as a machine
    too busy to run it for a few seconds) until the owner takes P2 for gone and writes
    Bob's seat away; then P2 runs again. Bob never left: P2 says so, the owner has him
    back, and his grace time never runs out (a computer took his seat while he played
    on: P2 read the owner's entry and did nothing, as the seat was still its own)."""
    grace = 6.0
    with shared_servers(tmp_path, redis_server) as (p1, p2):
        async def play():
            ann, bob = await ann_and_bob(p1, p2, grace=grace)
            both = [ann, bob]
            ann.start()
            players = {id(ann): modest, id(bob): modest}
            await drive(both, lambda: bob.actions > 6, players=players)
            code = ann.code.replace("-", "")
            p2_id = entries(redis_server.url, code, "here")[-1][1]["holder"]  # Bob's join
            os.kill(p2.process.pid, signal.SIGSTOP)
            try:
                await until(lambda: any(d == {"seat": 2, "on": False, "holder": p2_id}
                                        for _, d in entries(redis_server.url, code,
                                                            "here")), 30)
            finally:
                os.kill(p2.process.pid, signal.SIGCONT)
            again = time.monotonic()
            await drive(both, lambda: time.monotonic() > again + grace + 3)
            assert {"type": "away", "seat": 2, "computer": True} not in \
                [d for _, d in entries(redis_server.url, code, "note")]
            seat = ann.table["seats"][2]
            assert seat["connected"] and not seat["covered"], seat
            before = bob.actions
            await drive(both, lambda: bob.actions > before + 8, players=players)
            for c in both:
                c.close()

        asyncio.run(play())
