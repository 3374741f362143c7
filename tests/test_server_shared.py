"""Tables shared by several table servers through one real Redis (serve --store):
real ``python -m spades serve`` processes, a real ``redis-server`` (the redis_server
fixture), real TableClients. A table created on one process is resumed and joined on
another for every seat at every moment of a hand; a killed owner's table plays on at
another process; the store's one write script refuses a second write of the same
action and a write by an owner whose lease ran out."""

from __future__ import annotations

import asyncio
import json
import re
import time
from contextlib import contextmanager

from server_support import ServerProcess, client, drive

from spades.engine.wire import view_to_json
from spades.server.probes.local import modest
from spades.server.shared.chaos import read_log


@contextmanager
def shared_servers(tmp_path, redis_server, count=2, workers=1):
    """Server processes on one Redis, stopped after the test; none wrote a traceback."""
    servers = [ServerProcess(tmp_path / f"p{n}", rate=1000, workers=workers,
                             extra=("--store", redis_server.url)).start()
               for n in range(count)]
    try:
        yield servers
    finally:
        for p in servers:
            p.stop()
    for p in servers:
        assert "Traceback" not in p.output(), p.output()[-3000:]


def same_as_the_log(url, clients):
    """Every seat's view equals the view a replay of the table's log gives that seat;
    the log's versions run without a gap or a repeat."""
    log = read_log(url, clients[0].code.replace("-", ""))
    assert log["versions"] == list(range(len(log["versions"])))
    for c in clients:
        assert c.actions == len(log["actions"])
        assert view_to_json(c.view) == view_to_json(log["match"].view(c.seat))
    return log


def test_create_on_one_process_then_join_and_resume_on_another_at_every_moment(
        tmp_path, redis_server):
    """Created on P1; the friends join through P2 and P1 in turn; then after every
    action of the match one seat (each in turn) leaves its process and resumes on the
    other, with the actions it saw: every seat, at every moment of each hand."""
    with shared_servers(tmp_path, redis_server) as (p1, p2):
        urls = [p1.url, p2.url]
        async def play():
            ann = client(p1.url)
            ann.create("Ann", pace=0, rules={"target": 150})
            await drive([ann], lambda: ann.status == "ready")
            seats = [ann]
            for n, name in enumerate(("Bob", "Cy", "Di"), start=1):
                c = client(urls[n % 2])
                c.join(ann.code, name, seat=n)
                seats.append(c)
                await drive(seats, lambda c=c: c.status == "ready")
            await drive(seats, lambda: all(c.table and sum(
                s["player"] == "human" and s["connected"] for s in c.table["seats"]) == 4
                for c in seats))
            ann.start()
            await drive(seats, lambda: all(c.view is not None for c in seats))
            where = [0, 1, 0, 1]  # the process each seat is on now
            moves = 0
            while not (seats[0].view and seats[0].view.phase == "over"):
                goal = seats[0].actions + 1
                # One action, then the move: a seat acts only up to the goal.
                players = {id(c): (lambda v, r, c=c, g=goal: modest(v, r) if c.actions < g
                                   else None) for c in seats}
                await drive(seats, lambda g=goal: all(c.actions >= g for c in seats)
                            or seats[0].view.phase == "over", players=players, timeout=60)
                seat = moves % 4
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
            assert moves == len(log["actions"]) >= 56  # a move after every action
            assert len(log["match"].history) >= 1
            for c in seats:
                c.close()

        asyncio.run(play())


def test_a_killed_owner_s_table_plays_on_at_another_process(tmp_path, redis_server):
    """One friend and three computers, created on P1 (P1 owns it: its computers play
    there); the friend's connection moves to P2; P1 is killed outright mid-hand. P2
    takes the table over when P1's lease runs out: its computers play on and the match
    ends, with every seat's view that of the log. A client that was on P1 comes back by
    itself through P2."""
    with shared_servers(tmp_path, redis_server) as (p1, p2):
        async def play():
            ann = client(p1.url)
            ann.create("Ann", pace=0.02, rules={"target": 100})
            await drive([ann], lambda: ann.status == "ready")
            bob = client([p1.url, p2.url])  # on P1 first; after a drop, P2
            bob.join(ann.code, "Bob", seat=2)
            await drive([ann, bob], lambda: bob.status == "ready" and ann.table and sum(
                s["player"] == "human" for s in ann.table["seats"]) == 2)
            ann.start()
            players = {id(ann): modest, id(bob): modest}
            await drive([ann, bob], lambda: ann.actions > 6, players=players)
            moved = client(p2.url)
            moved.resume(ann.token, ann.actions)
            ann.close()
            players = {id(moved): modest, id(bob): modest}
            await drive([moved, bob], lambda: moved.status == "ready"
                        and moved.actions > 12, players=players)
            killed_at, before = time.monotonic(), moved.actions
            p1.kill()
            # A computer's turn or a friend's: either way the table must move on.
            await drive([moved, bob], lambda: moved.actions > before + 8
                        and bob.status == "ready" and bob.actions == moved.actions,
                        players=players, timeout=60)
            print(f"after the owner was killed the table moved on in"
                  f" {time.monotonic() - killed_at:.1f} s")
            await drive([moved, bob], lambda: moved.view.phase == "over"
                        and bob.view.phase == "over", players=players, timeout=300)
            same_as_the_log(redis_server.url, [moved, bob])
            for c in (moved, bob):
                c.close()

        asyncio.run(play())


def test_tables_no_player_holds_play_on_after_their_owner_dies(tmp_path, redis_server):
    """Two tables on P1, of one friend each: at one she left for good (four computers),
    at the other she dropped (away; a computer covers her after the grace time). No
    player of either is on another process, so no other process holds them. P1 is
    killed mid-hand: P2 or P3 finds each table's lease lapsed, adopts it from its log,
    and its computers and grace timer play on to the match's end. The friend who
    dropped comes back through P2 to the finished match, her view that of the log."""
    with shared_servers(tmp_path, redis_server, count=3) as (p1, p2, _p3):
        async def play():
            left, away = client(p1.url), client(p1.url)
            left.create("Ann", strength="easy", pace=0.02, rules={"target": 100})
            away.create("Bea", strength="easy", pace=0.02, grace=3.0,
                        rules={"target": 100})
            both = [left, away]
            await drive(both, lambda: all(c.status == "ready" and c.table for c in both))
            for c in both:
                c.start()
            players = {id(c): modest for c in both}
            await drive(both, lambda: all(c.actions > 6 for c in both), players=players)
            codes = [c.code.replace("-", "") for c in both]
            token, seen = away.token, away.actions
            left.leave()
            away.close()

            def entries(n):
                return [(f["k"], json.loads(f["d"]))
                        for _, f in read_log(redis_server.url, codes[n])["entries"]]

            # P1 has written both: the seat left (a computer's now), the seat away.
            await until(lambda: any(k == "doc" and d["seats"][0]["player"] == "computer"
                                    for k, d in entries(0))
                        and any(k == "here" and not d["on"] for k, d in entries(1)))
            then = [len(read_log(redis_server.url, code)["actions"]) for code in codes]
            killed_at = time.monotonic()
            p1.kill()
            await until(lambda: all(len(read_log(redis_server.url, code)["actions"]) > n
                                    for code, n in zip(codes, then, strict=True)), 60)
            print(f"tables with no player anywhere moved on"
                  f" {time.monotonic() - killed_at:.1f} s after their owner was killed")
            await until(lambda: all(read_log(redis_server.url, code)["match"].is_over
                                    for code in codes), 300)
            assert any(k == "note" and d == {"type": "away", "seat": 0, "computer": True}
                       for k, d in entries(1))  # her grace ran out: a computer played
            import redis

            with redis.Redis.from_url(redis_server.url, decode_responses=True) as db:
                await until(lambda: not db.smembers("spades:playing") & set(codes))
            back = client(p2.url)
            back.resume(token, seen)
            await drive([back], lambda: back.view is not None and back.view.phase == "over")
            same_as_the_log(redis_server.url, [back])
            back.close()

        asyncio.run(play())


async def until(condition, timeout=30.0):
    """Poll ``condition`` (it reads Redis) until it holds; ``timeout`` only ends a
    hung wait."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.2)


def test_the_write_script_refuses_a_second_writer_and_a_lapsed_owner(redis_server):
    """Straight at the store: two writers of the same version, one wins; an owner
    whose lease ran out (another took it, with a newer fencing token) writes nothing,
    the new owner does; a write sent again with its nonce is not written twice."""
    from spades.server.shared.redis_store import RedisStore

    async def go():
        one, two = RedisStore(redis_server.url), RedisStore(redis_server.url)
        await one.connect()
        await two.connect()
        try:
            assert await one.append("T", "doc", {"n": 0}, version=-1)
            assert not await two.append("T", "doc", {"n": 0}, version=-1)  # exists
            first = await asyncio.gather(one.append("T", "act", 1, version=0),
                                         two.append("T", "act", 2, version=0))
            assert sorted(first) == [False, True]
            lease = await one.claim("T", 100)
            assert lease is not None and await two.claim("T", 100) is None
            assert await one.append("T", "act", 3, version=1, lease=lease)
            await asyncio.sleep(0.2)  # one's lease runs out
            newer = await two.claim("T", 5000)
            assert newer is not None and newer.split("/")[1] > lease.split("/")[1]
            assert not await one.append("T", "act", 4, version=2, lease=lease)
            assert await two.append("T", "act", 5, version=2, lease=newer)
            # A write sent again (its first answer lost) is answered as done, once.
            assert await two.append("T", "act", 6, version=3, lease=newer, nonce="n6")
            assert await two.append("T", "act", 6, version=3, lease=newer, nonce="n6")
            assert not await two.append("T", "act", 7, version=3, lease=newer, nonce="n7")
            log = await one.read_log("T")
            assert [f["v"] for _, f in log] == ["0", "1", "2", "3", "4"]
        finally:
            await one.close()
            await two.close()

    asyncio.run(go())


def test_a_burst_of_writes_past_the_connection_pool_waits_and_is_all_taken(redis_server):
    """More writes at once than the store's connections to Redis (as when 200 tables
    are started together on one process): each waits for a connection and goes in;
    none is refused. (The client library's default pool refused the 101st at once
    with MaxConnectionsError, which the server took for Redis out of reach: serve-bench
    with 200 tables on one process had 100 tables refused their start.)"""
    from spades.server.shared.redis_store import RedisStore

    async def go():
        store = RedisStore(redis_server.url)
        await store.connect()
        try:
            done = await asyncio.gather(*(store.append(f"T{n}", "doc", {"n": n}, version=-1)
                                          for n in range(300)))
            assert all(done) and store.counts["unreachable"] == 0, store.counts
        finally:
            await store.close()

    asyncio.run(go())



def test_serve_bench_runs_one_then_two_shared_processes_in_one_go(redis_server):
    """serve-bench --store temp --processes 1,2 --rate 1,2: its own redis-server, one
    process and then two sharing it, at each rate, each run with its figures (per
    process for two), its clients in two processes of their own, the processor time
    of each part in cores and per action; then each count's most actions a second at
    p95 <= 50 ms and the ratio; no errors. (The figures themselves are for people to
    read: no speed is asserted here.)"""
    import subprocess
    import sys

    redis_server.stop()  # the fixture proves redis-server is here; the bench runs its own
    bench = subprocess.run(
        [sys.executable, "-m", "spades", "serve-bench", "--tables", "4", "--seconds", "2",
         "--store", "temp", "--processes", "1,2", "--rate", "1,2"],
        capture_output=True, text=True, timeout=300)
    assert bench.returncode == 0, bench.stdout[-2000:] + bench.stderr[-2000:]
    out = bench.stdout
    for count in ("1 process", "2 processes"):
        for rate in ("asked 4 actions/s (--rate 1)", "asked 8 actions/s (--rate 2)"):
            assert f"--- {count}, {rate} ---" in out, out
    assert "  process 1 (" in out and "redis-server memory:" in out
    assert out.count("clients 16 in 2 client processes") == 4
    assert out.count("errors: 0") == 4
    # Who used the processor while measured: the one bound of a two-core machine.
    assert re.search(r"in cores: server \d+\.\d\d, redis-server \d+\.\d\d, the bench's"
                     r" clients \d+\.\d\d \+ \d+\.\d\d", out), out
    assert re.search(r"in cores: servers \d+\.\d\d \+ \d+\.\d\d, redis", out), out
    assert re.search(r"processor time an action: servers \d+\.\d\d ms, redis-server"
                     r" \d+\.\d\d ms, clients \d+\.\d\d ms", out), out
    assert re.search(r"^1 process: at most \d+\.\d actions/s at p95 <= 50 ms \(1\.00x\)",
                     out, re.M), out
    assert re.search(r"^2 processes: at most \d+\.\d actions/s at p95 <= 50 ms"
                     r" \(\d\.\d\dx\)", out, re.M), out


def test_a_servers_processor_time_counts_its_worker_processes():
    """serve-bench's processor time of a server is its whole process tree: a worker
    (here a grandchild that burns 0.3 s and waits) counts for the process above it."""
    import subprocess
    import sys

    from spades.server.probes.bench import cpu_seconds

    burn = ("import time\nend = time.process_time() + 0.3\n"
            "while time.process_time() < end: pass\ntime.sleep(30)")
    outer = subprocess.Popen([sys.executable, "-c", "import subprocess, sys; "
                              f"subprocess.run([sys.executable, '-c', {burn!r}])"])
    try:
        deadline = time.monotonic() + 60
        while cpu_seconds(outer.pid) < 0.3 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert cpu_seconds(outer.pid) >= 0.3
    finally:
        subprocess.run(["pkill", "-P", str(outer.pid)])
        outer.kill()
        outer.wait()


def test_processes_on_one_port_and_a_client_that_finds_another_by_itself(
        tmp_path, redis_server):
    """Two processes listening on one port (SO_REUSEPORT). The game's own client, with
    its one address, plays on the first (the only one listening when it connected);
    the second starts on the same port; the first is killed: the client reconnects by
    itself, the kernel hands the connection to the second, whose `resume` finds the
    table and whose computers take it over; the match plays to its end."""
    first = ServerProcess(tmp_path / "p0", rate=1000, workers=1,
                          extra=("--store", redis_server.url)).start()
    second = ServerProcess(tmp_path / "p1", rate=1000, workers=1,
                           extra=("--store", redis_server.url))
    try:
        async def play():
            ann = client(first.url)
            ann.create("Ann", pace=0.02, rules={"target": 100})
            await drive([ann], lambda: ann.status == "ready")
            ann.start()
            players = {id(ann): modest}
            await drive([ann], lambda: ann.actions > 10, players=players)
            await asyncio.to_thread(second.start, first.port)
            first.kill()
            before = ann.actions
            await drive([ann], lambda: ann.status == "ready" and ann.actions > before + 4,
                        players=players, timeout=60)
            await drive([ann], lambda: ann.view.phase == "over", players=players, timeout=300)
            same_as_the_log(redis_server.url, [ann])
            ann.close()

        asyncio.run(play())
    finally:
        for s in (first, second):
            s.stop()
    assert "Traceback" not in second.output(), second.output()[-3000:]


def test_a_resume_while_redis_is_down_waits_for_it_and_then_succeeds(tmp_path, redis_server):
    """Redis killed; a player resumes through a process that does not hold the table
    (so it must read the log): the connection is closed with "try again" (1013), the
    client tries again by itself, and once Redis is back on its folder the player is
    seated and the table plays on. No traceback in either server."""
    with shared_servers(tmp_path, redis_server) as (p1, p2):
        async def play():
            ann = client(p1.url)
            ann.create("Ann", pace=0.02, rules={"target": 100})
            await drive([ann], lambda: ann.status == "ready")
            ann.start()
            players = {id(ann): modest}
            await drive([ann], lambda: ann.actions > 8, players=players)
            token, seen = ann.token, ann.actions
            ann.close()
            redis_server.kill()
            back = client(p2.url)
            back.resume(token, seen)
            await drive([back], lambda: back.tries >= 1)  # closed, and trying again
            assert back.status in ("retrying", "connecting"), back.reason
            await asyncio.to_thread(redis_server.start)
            await drive([back], lambda: back.status == "ready" and back.actions > seen + 4,
                        players={id(back): modest}, timeout=60)
            back.close()

        asyncio.run(play())


# Every table of the playing set without a lease (an owner) at this moment: what another
# process's adoption looks for (follow.py, Follower.adopt), read in one step.
UNOWNED = """
local out = {}
for _, code in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', KEYS[2] .. code) == 0 then table.insert(out, code) end
end
return out
"""


def test_a_match_is_owned_from_the_moment_it_is_under_way(tmp_path, redis_server):
    """Tables started together on P1, P2 beside it, no process killed: at no moment is
    a table in the set of matches under way without an owner's lease. (That is what
    a process's adoption looks for: a table there with no owner at two ticks in a row
    is taken over by another process. When P1 wrote the doc that starts the match
    first and claimed the lease after, a busy P1 left its new tables unowned for a
    while; another process adopted some, or took them with a player there, and P1's
    own claim then failed.) A watcher reads the set and the leases in one script, as
    fast as Redis answers, while the matches start; each table's first owner is P1."""
    import threading

    import redis

    with shared_servers(tmp_path, redis_server) as (p1, _p2):
        seen: set[str] = set()
        stop = threading.Event()

        def watch():
            with redis.Redis.from_url(redis_server.url, decode_responses=True) as db:
                unowned = db.register_script(UNOWNED)
                while not stop.is_set():
                    seen.update(unowned(keys=["spades:playing", "spades:lease:"]))

        async def play():
            friends = [client(p1.url) for _ in range(30)]
            for c in friends:
                c.create("Ann", strength="easy", pace=1.0)
            await drive(friends, lambda: all(c.status == "ready" and c.table for c in friends))
            watcher = threading.Thread(target=watch)
            watcher.start()
            try:
                for c in friends:
                    c.start()
                await drive(friends, lambda: all(c.view is not None for c in friends))
                await asyncio.sleep(1.0)
            finally:
                stop.set()
                watcher.join()
            assert not seen, (f"{len(seen)} of 30 tables were under way with no owner,"
                              " for any other process to adopt")
            for c in friends:
                entries = [f for _, f in read_log(redis_server.url,
                                                  c.code.replace("-", ""))["entries"]]
                owners = [f["p"] for f in entries if f["k"] == "owner"]
                assert owners == [entries[0]["p"]], owners  # P1, which created it
                c.close()

        asyncio.run(play())


def test_a_table_adopted_through_a_long_load_keeps_its_lease(tmp_path, redis_server):
    """A table of computers only on P1; P1 is killed; this test's own process (the
    real TableServer and Follower, not serving) adopts it at its second tick, its load
    of the log made to last longer than a lease (as a long log replayed on a busy
    machine). The lease is kept while the table loads: afterwards this process owns
    the table, Redis's lease is its own and runs on, and the next tick keeps it. (The
    lease was claimed, then not renewed until the load was over: it had run out, any
    other process could adopt the table meanwhile, and this one dropped it at once.)"""
    from spades.server.app import TableServer
    from spades.server.shared.follow import LEASE_MS, TICK, Follower
    from spades.server.shared.redis_store import RedisStore

    p1 = ServerProcess(tmp_path / "p1", rate=1000, workers=1,
                       extra=("--store", redis_server.url)).start()

    async def play():
        ann = client(p1.url)
        ann.create("Ann", strength="easy", pace=0.5, rules={"target": 500})
        await drive([ann], lambda: ann.status == "ready" and ann.table)
        ann.start()
        await drive([ann], lambda: ann.actions > 2, players={id(ann): modest})
        code = ann.code.replace("-", "")
        ann.leave()
        await drive([ann], lambda: ann.transport is None)
        await asyncio.sleep(0.5)
        p1.kill()
        store = RedisStore(redis_server.url)
        await store.connect()
        server = TableServer(store, None, workers=1)
        follower = server.follow = Follower(server, store)
        loaded = follower._load

        async def slow_load(code):
            await asyncio.sleep(LEASE_MS / 1000 + 1.0)
            return await loaded(code)

        follower._load = slow_load
        try:
            await asyncio.sleep(LEASE_MS / 1000)  # P1's lease runs out
            await follower._keep()  # found free
            await asyncio.sleep(TICK)
            await follower._keep()  # free again: claimed, loaded, owned
            assert follower.owns(code) and follower.until[code] > time.monotonic()
            assert await store.db.get(f"spades:lease:{code}") == follower.leases[code]
            await follower._keep()
            assert follower.owns(code) and follower.lost == 0
        finally:
            server.stopping = True
            server.computers.close()
            await store.close()

    try:
        asyncio.run(play())
    finally:
        p1.stop()
