"""serve-chaos: table servers killed at random moments under many tables, and Redis
itself restarted, against the shared store; then every table checked against its log.

Several ``python -m spades serve --store redis://...`` processes share one real
``redis-server`` (appendonly, appendfsync always, in a temporary folder), all listening
on one port (SO_REUSEPORT: the kernel hands each new connection to one of them). Each
table seats ``--humans`` of the project's own clients (real TableClients over the
desktop transport, with that one address; computer players in the other seats); a
client whose connection drops reconnects by itself and reaches a live process.
The last ``--alone`` of the tables are of three and two (cutthroat and two-handed in
turn, their friends playing as the normal computer player would: random bids leave
a match of three or two far from its target): their draws from the stock, bids of up
to 17 and tables of three seats go through the kills like the rest.
``--unwatched`` more tables are of computers only (their one friend leaves right
after the start), so a killed owner's table has no player anywhere to bring it back:
another process must adopt it. Every
few seconds one server process chosen at random is killed (SIGKILL) and started again
on the port; once in the run (or more: ``--redis-kills``) Redis is killed and started
again on the same folder. At the end:

- every table finished (its match over);
- every seat's final view equals the view a replay of the table's log gives that seat;
- 0 acknowledged actions lost: every action a client saw acknowledged (its own
  ``update``) is in the log, at the place it was acknowledged;
- 0 applied twice: the log's versions run 0, 1, 2 ... with no gap and no repeat, and
  replaying it is legal from the first action to the last;
- 0 leaks: every message every seat received is checked (serve-check's check_inbox)
  for a card the seat could not know.

Printed: the kills, and the reconnect times (from a kill to each client it dropped,
or for Redis's every client, back at its table and seeing the table move again):
p50, p95, max; and apart, to the client seated again (its ``resume`` answered); and
from a kill to each unwatched table it took the owner of moving again.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from ...ai import make_player
from ...engine.actions import action_from_json
from ...engine.match import Match
from ...engine.rules import SEAT_PRESETS, Rules
from ...engine.wire import view_to_json
from ..probes.bench import percentile
from ..probes.check import NAMES, check_inbox, kept_inboxes
from ..probes.local import ServerProcess, client, drive, modest
from .redis_local import RedisProcess
from .redis_store import P

NEVER_BACK = 30.0  # seconds after a kill: a client not back at its table by then never is
ALONE = ("cutthroat", "two-handed")  # the games of the --alone tables, in turn


def read_log(url: str, code: str) -> dict[str, Any]:
    """A table's log as Redis holds it: its first doc, its versions in order, and the
    match replayed from its seed and actions (``match``; raises if an action of the
    log is not legal where it stands)."""
    import redis

    from .redis_store import log_key

    db = redis.Redis.from_url(url, decode_responses=True)
    try:
        entries = db.xrange(log_key(code))
    finally:
        db.close()

    versions = [int(f["v"]) for _, f in entries if f["v"] != ""]
    first = json.loads(entries[0][1]["d"])
    rules = Rules.from_dict(first["settings"]["rules"], any_seats=True)
    match = Match(rules, first["seed"])
    actions = []
    for _, fields in entries:
        if fields["k"] == "act":
            data = json.loads(fields["d"])
            action = action_from_json(data["action"], rules.cards, rules.tricks)
            reason = match.refusal(action, data["seat"])
            if reason is not None:
                raise AssertionError(f"table {code}: action {len(actions)} of the log is"
                                     f" not legal: {reason}")
            match.apply(action, data["seat"])
            actions.append(data)
    return {"doc": first, "versions": versions, "actions": actions, "match": match,
            "entries": entries}


def last_doc(url: str, code: str) -> dict[str, Any]:
    """The table's doc as its log has it now."""
    return [json.loads(f["d"]) for _, f in read_log(url, code)["entries"]
            if f["k"] == "doc"][-1]


class Unwatched:
    """The tables of computers only (their one friend left at the start). No client
    tells when they move, so Redis is read: a table whose owner a kill took is timed
    from the kill to its log's next versioned write (adopted by another process and
    moving again); the run waits for each to leave the set of tables under way."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.codes: list[str] = []
        self.over = False
        self.stalled: dict[str, tuple[float, int]] = {}  # code -> killed at, version then
        self.moved: list[float] = []  # from a kill to the table's log moving again
        self.looked_at = 0.0
        self.db: Any = None

    def _read(self, call: Any) -> Any:
        """One read of Redis, or None while it is away (killed, restarting)."""
        import redis

        if self.db is None:
            self.db = redis.Redis.from_url(self.url, decode_responses=True, socket_timeout=2)
        try:
            return call(self.db)
        except (redis.RedisError, OSError):
            return None

    def killing(self, process: str) -> None:
        """``process`` (a server's store id) is about to be killed: its tables timed."""
        for code in self.codes:
            lease = self._read(lambda db, c=code: db.get(f"{P}lease:{c}"))
            version = self._read(lambda db, c=code: db.get(f"{P}ver:{c}"))
            if lease and version and lease.split("/")[0] == process:
                self.stalled.setdefault(code, (time.monotonic(), int(version)))

    def look(self) -> bool:
        """Whether every unwatched table is over (Redis read at most every 0.2 s)."""
        now = time.monotonic()
        if self.over or now - self.looked_at < 0.2:
            return self.over
        self.looked_at = now
        for code, (at, then) in list(self.stalled.items()):
            version = self._read(lambda db, c=code: db.get(f"{P}ver:{c}"))
            if version is not None and int(version) > then:
                self.moved.append(now - at)
                del self.stalled[code]
        playing = self._read(lambda db: db.smembers(f"{P}playing"))
        self.over = playing is not None and not playing & set(self.codes)
        return self.over

    def close(self) -> None:
        if self.db is not None:
            self.db.close()


class Chaos:
    """One run: the Redis, the server processes, the tables and what each client
    heard, the kills and the reconnect times."""

    def __init__(self, args: Any, folder: Path) -> None:
        self.args = args
        self.folder = folder
        self.rng = random.Random(args.seed)
        self.redis = RedisProcess(folder / "redis")
        self.servers: list[ServerProcess] = []
        self.tables: list[list[Any]] = []
        self.seats: list[int] = []  # each table's seats: 4, or 3 and 2 (--alone)
        self.inbox: dict[int, list[dict[str, Any]]] = {}
        # client, killed at, actions then, back after, whether Redis was the one killed
        self.waiting: list[list[Any]] = []
        self.reconnects: list[float] = []  # from a kill to the client seeing its table move
        self.after_server: list[float] = []  # those of them from a server's kill (a drop)
        self.after_redis: list[float] = []  # and from a kill of Redis
        self.resumed: list[float] = []  # from a kill to the client seated again
        self.drops: list[tuple[Any, float, int]] = []  # client, dropped at, actions then
        self.killed_at: list[float] = []
        self.kills = 0
        self.redis_kills = 0
        self.stop = False
        self.killing = asyncio.Lock()  # a server kill and a Redis restart never overlap
        self.unwatched = Unwatched(self.redis.url)
        self.left: list[Any] = []  # the clients who left the unwatched tables

    # --- the pieces ------------------------------------------------------------------

    def start(self) -> None:
        self.redis.start()
        port = 0
        for n in range(self.args.processes):
            server = ServerProcess(self.folder / f"server{n}", rate=1000, workers=1,
                                   extra=("--store", self.redis.url, "--per-address",
                                          str(8 * self.args.tables + 16)))
            self.servers.append(server.start(port))
            port = server.port

    def client(self) -> Any:
        """The game's client at the processes' one address; its drops are noted."""
        c = client(self.servers[0].url)
        self.inbox.update(kept_inboxes([c]))
        dropped = c._dropped

        def noted(reason: str) -> None:
            self.drops.append((c, time.monotonic(), c.actions))
            dropped(reason)

        c._dropped = noted
        return c

    def rules(self, n: int) -> dict[str, Any]:
        """The rules of the ``n``-th watched table: the last ``--alone`` (at most all of
        them) of three and two, cutthroat and two-handed in turn."""
        alone = n - (self.args.tables - min(self.args.alone, self.args.tables))
        if alone < 0:
            return {"target": self.args.target}
        return {**SEAT_PRESETS[ALONE[alone % 2]].to_dict(), "target": self.args.target}

    async def seat_tables(self) -> None:
        args = self.args
        for n in range(args.tables):
            rules = self.rules(n)
            seats = Rules.from_dict(rules, any_seats=True).seats
            creator = self.client()
            creator.create("Ann", pace=args.pace, rules=rules)
            await drive([creator], lambda c=creator: c.status == "ready" and c.table)
            clients = [creator]
            for seat in range(1, min(args.humans, seats)):
                c = self.client()
                c.join(creator.code, NAMES[seat], seat=seat)
                clients.append(c)
                await drive(clients, lambda c=c: c.status == "ready")
            await drive(clients, lambda cs=clients: all(c.table and sum(
                s["player"] == "human" and s["connected"] for s in c.table["seats"])
                == len(cs) for c in cs))
            creator.start()
            self.tables.append(clients)
            self.seats.append(seats)
        for _ in range(args.unwatched):  # computers only: the friend leaves at the start
            c = self.client()
            c.create("Ann", pace=args.pace, rules={"target": args.target})
            await drive([c], lambda c=c: c.status == "ready" and c.table)
            c.start()
            await drive([c], lambda c=c: c.view is not None)
            c.leave()
            self.left.append(c)
            code = c.code.replace("-", "")
            while last_doc(self.redis.url, code)["seats"][0]["player"] != "computer":
                await asyncio.sleep(0.05)  # until the server has it
            self.unwatched.codes.append(code)

    # --- the kills -------------------------------------------------------------------

    async def kill_loop(self) -> None:
        """A server process killed every few seconds (one at a time with Redis's
        restarts: a server starting waits for Redis)."""
        while not self.stop:
            await asyncio.sleep(self.args.kill_every * self.rng.uniform(0.6, 1.4))
            async with self.killing:
                if self.stop:
                    return
                server = self.rng.choice(self.servers)
                self.unwatched.killing(re.search(r"this process: (\w+)", server.banner)[1])
                self.killed_at.append(time.monotonic())
                server.kill()
                self.kills += 1
                await asyncio.to_thread(server.start, server.port)

    async def redis_loop(self) -> None:
        """Redis killed ``--redis-kills`` times at moments spread over the expected run,
        each one early instead once a table is over while another still plays, so a
        run quicker than expected still has them all (the last table's end is too late:
        nobody would be playing through it)."""
        moments = sorted(self.rng.uniform(0.2, 0.7) * self.args.expected_seconds
                         for _ in range(self.args.redis_kills))
        began = time.monotonic()
        while moments and not self.stop:
            await asyncio.sleep(0.1)
            over = [clients[0].view is not None and clients[0].view.phase == "over"
                    for clients in self.tables]
            due = time.monotonic() - began >= moments[0]
            if not (due or (any(over) and not all(over))):
                continue
            async with self.killing:
                if self.stop:
                    return
                moments.pop(0)
                self._note_affected(None)
                self.redis.kill()
                self.redis_kills += 1
                await asyncio.sleep(1.0)
                await asyncio.to_thread(self.redis.start)

    def _note_affected(self, url: str | None) -> None:
        """Redis killed: every client of a table still playing waits for it; each is
        back once it is ready at its table and has seen it move."""
        now = time.monotonic()
        for clients in self.tables:
            if clients[0].view is not None and clients[0].view.phase == "over":
                continue
            for c in clients:
                self.waiting.append([c, now, c.actions, None, True])

    def check_back(self) -> None:
        now = time.monotonic()
        for c, at, actions in self.drops:  # each drop timed from the kill before it
            kill = max((k for k in self.killed_at if k <= at), default=at)
            self.waiting.append([c, kill if at - kill < 3.0 else at, actions, None, False])
        self.drops.clear()
        still = []
        for wait in self.waiting:
            c, killed_at, actions, resumed, redis = wait
            over = c.view is not None and c.view.phase == "over"
            if resumed is None and c.status == "ready" and c.connected_at > killed_at:
                wait[3] = resumed = now - killed_at
            if c.status == "ready" and (c.actions > actions or over):
                self.reconnects.append(now - killed_at)
                (self.after_redis if redis else self.after_server).append(now - killed_at)
                self.resumed.append(now - killed_at if resumed is None else resumed)
            else:
                still.append(wait)
        self.waiting = still

    # --- the run ---------------------------------------------------------------------

    async def play(self) -> None:
        clients = [c for cs in self.tables for c in cs]
        players = {id(c): modest for c in clients}
        for clients_here, seats in zip(self.tables, self.seats, strict=True):
            for c in clients_here if seats != 4 else ():  # as the normal player would
                thinker = make_player("normal", c.seat)
                players[id(c)] = lambda view, rng, thinker=thinker: thinker.choose(view)
        killers = [asyncio.ensure_future(self.kill_loop()),
                   asyncio.ensure_future(self.redis_loop())]

        def done() -> bool:  # every match over, every client a kill dropped back (or
            self.check_back()  # given up on: half a minute is "never back")
            unwatched_over = self.unwatched.look()
            now = time.monotonic()
            return all(now - wait[1] > NEVER_BACK for wait in self.waiting) and all(
                c.view is not None and c.view.phase == "over" for c in clients) and \
                unwatched_over

        try:
            await drive(clients, done, timeout=self.args.timeout, players=players,
                        rng=self.rng)
        finally:
            self.stop = True
            for killer in killers:
                killer.cancel()
        self.check_back()

    def verdict(self) -> dict[str, Any]:
        """Every table against its log (see the module's docstring)."""
        out = {"tables": len(self.tables) + len(self.unwatched.codes), "finished": 0,
               "alone": sum(seats != 4 for seats in self.seats),
               "lost": 0, "doubled": 0, "views_differ": 0, "leaks": 0, "problems": []}
        for code in self.unwatched.codes:
            self._log(code, out)
        for clients in self.tables:
            code = clients[0].code.replace("-", "")
            log = self._log(code, out)
            if log is None:
                continue
            match = log["match"]
            logged = [a["action"] for a in log["actions"]]
            records = {h.hand_number: h.to_record() for h in match.history}
            for c in clients:
                for message in self.inbox[id(c)]:
                    if message["type"] != "update":
                        continue
                    at = message["actions"] - 1
                    mine = message["seat"] == c.seat
                    if at >= len(logged) or (mine and logged[at] != message["action"]):
                        out["lost"] += 1
                        out["problems"].append(f"table {code}: action {at} acknowledged"
                                               f" to seat {c.seat} is not in the log")
                if view_to_json(c.view) != view_to_json(match.view(c.seat)):
                    out["views_differ"] += 1
                    out["problems"].append(f"table {code}: seat {c.seat}'s view differs")
                try:
                    check_inbox(self.inbox[id(c)], c.seat, records)
                except AssertionError as exc:
                    out["leaks"] += 1
                    out["problems"].append(str(exc)[:300])
        out["tracebacks"] = 0
        for n, server in enumerate(self.servers):
            text = server.output()
            out["tracebacks"] += text.count("Traceback")
            if "Traceback" in text:
                out["problems"].append(f"server {n}: {text[text.index('Traceback'):][:600]}")
        for c, _, actions, _, _ in self.waiting:
            out["problems"].append(f"never back: seat {c.seat} of {c.code}, {c.status}"
                                   f" {c.reason!r}, actions {c.actions} (then {actions})")
        return out

    def _log(self, code: str, out: dict[str, Any]) -> dict[str, Any] | None:
        """The table's log, counted finished or not; one applied twice (an illegal
        action, versions with a gap or a repeat) counted too; None if not replayable."""
        try:
            log = read_log(self.redis.url, code)
        except AssertionError as exc:  # an illegal action in the log: one applied twice
            out["doubled"] += 1
            out["problems"].append(str(exc))
            return None
        if log["versions"] != list(range(len(log["versions"]))):
            out["doubled"] += 1
            out["problems"].append(f"table {code}: versions {log['versions'][:5]}...")
        out["finished"] += log["match"].is_over
        return log

    def close(self) -> None:
        self.unwatched.close()
        for clients in [*self.tables, self.left]:
            for c in clients:
                c.close()
        for server in self.servers:
            server.stop()
        self.redis.stop()


async def chaos(args: Any) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        run = Chaos(args, Path(folder))
        try:
            run.start()
            await run.seat_tables()
            began = time.monotonic()
            await run.play()
            seconds = time.monotonic() - began
            result = run.verdict()
        finally:
            run.close()
    times = run.reconnects
    result.update({"seconds": seconds, "kills": run.kills, "redis_kills": run.redis_kills,
                   "reconnects": len(times), "never_back": len(run.waiting),
                   "reconnect_p50": percentile(times, 0.5),
                   "reconnect_p95": percentile(times, 0.95),
                   "reconnect_max": max(times, default=float("nan")),
                   "resumed_p50": percentile(run.resumed, 0.5),
                   "resumed_p95": percentile(run.resumed, 0.95),
                   **{f"{name}_{key}": value for name, times in (
                       ("after_server", run.after_server), ("after_redis", run.after_redis))
                      for key, value in spread(times).items()},
                   "unwatched": len(run.unwatched.codes),
                   "adopted": len(run.unwatched.moved),
                   "adopted_p50": percentile(run.unwatched.moved, 0.5),
                   "adopted_p95": percentile(run.unwatched.moved, 0.95),
                   "adopted_max": max(run.unwatched.moved, default=float("nan"))})
    return result


def spread(times: list[float]) -> dict[str, float]:
    return {"count": len(times), "p50": percentile(times, 0.5),
            "p95": percentile(times, 0.95), "max": max(times, default=float("nan"))}


def failures(result: dict[str, Any]) -> int:
    return (result["tables"] - result["finished"] + result["lost"] + result["doubled"]
            + result["views_differ"] + result["leaks"] + result["tracebacks"]
            + result["never_back"])


def main(args: Any) -> int:
    result = asyncio.run(chaos(args))
    print(f"{result['tables']} tables ({result['alone']} of three and two,"
          f" {result['unwatched']} of computers only) on"
          f" {args.processes} processes, {result['seconds']:.0f} s:"
          f" {result['kills']} server processes killed (SIGKILL), Redis killed"
          f" {result['redis_kills']} times (restarted on its folder)")
    print(f"tables finished {result['finished']}/{result['tables']}; acknowledged actions"
          f" lost {result['lost']}; applied twice {result['doubled']}; views unlike the log's"
          f" {result['views_differ']}; leaks {result['leaks']}; server tracebacks"
          f" {result['tracebacks']}")
    print(f"reconnect times (a kill to the client back at its table, seeing it move),"
          f" {result['reconnects']} clients: p50 {result['reconnect_p50']:.1f} s,"
          f" p95 {result['reconnect_p95']:.1f} s, max {result['reconnect_max']:.1f} s;"
          f" never back {result['never_back']}")
    print(f"  of which seated again (the resume answered): p50 {result['resumed_p50']:.1f} s,"
          f" p95 {result['resumed_p95']:.1f} s; the rest waits for the table's new owner")
    print("  " + "; ".join(
        f"after {what}, {result[f'{name}_count']} clients: p50 {result[f'{name}_p50']:.1f} s,"
        f" p95 {result[f'{name}_p95']:.1f} s, max {result[f'{name}_max']:.1f} s"
        for name, what in (("after_server", "a server process's kill"),
                           ("after_redis", "Redis's"))))
    print(f"tables of computers only whose owner was killed, moving again (adopted by"
          f" another process), {result['adopted']} times: p50 {result['adopted_p50']:.1f} s,"
          f" p95 {result['adopted_p95']:.1f} s, max {result['adopted_max']:.1f} s")
    for problem in result["problems"][:10]:
        print("  ", problem)
    return 0 if failures(result) == 0 else 1
