"""serve-bench: many tables of computer clients against table servers on loopback.

The server is the real command (``python -m spades serve``) in its own process, or
with ``--store`` several of them sharing one Redis (``--processes 1,2`` runs one, then
two, in one go, and prints the ratio of their actions a second); each table's clients
are on one of the processes, in turn. The clients are real TableClients over the
desktop transport, all in this process. Each
plain table seats four clients that play random legal actions, each table acting
about ``--rate`` times a second; ``--hard-tables`` of them seat one client and three
hard computer players (the server's, in its worker processes, at their own pace of
one action a second). Printed: actions a second, the latency from a client sending
its action to each of the table's clients receiving the update (p50, p95, max; plain
and hard tables apart; per process with several), the servers' memory (and Redis's),
errors, and the machine's load.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from .check import seated
from .local import ServerProcess
from .shared.redis_local import RedisProcess


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """Processor time (user + system) of ``pid`` and every live process under it (a
    server's worker pool), from /proc."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        child = int(stat.parent.name)
        parents[child] = int(fields[1])
        times[child] = (int(fields[11]) + int(fields[12])) / tick
    total = 0.0
    for child, used in times.items():
        up = child
        while up not in (pid, 0, 1) and up in parents:
            up = parents[up]
        total += used if up == pid else 0.0
    return total


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Bench:
    def __init__(self, rate: float, seed: int) -> None:
        self.rate = rate
        self.rng = random.Random(seed)
        self.sent: dict[tuple[str, int], float] = {}  # (code, actions after) -> sent at
        self.latency: dict[str, list[float]] = {"plain": [], "hard": []}
        self.by_process: dict[int, list[float]] = {}
        self.actions = 0
        self.errors: list[str] = []
        self.running = True

    async def seat_loop(self, c: Any, kind: str, process: int = 0) -> None:
        """One client: take in updates as they arrive (timing each), act at its turns."""
        acted_at = -1
        next_act = 0.0
        while self.running:
            transport = c.transport
            if transport is None:
                if c.status == "closed":
                    self.errors.append(f"seat {c.seat} closed: {c.reason}")
                    return
                await asyncio.sleep(0.05)
                c.poll()
                continue
            # Sleep until something arrives, or until this seat's action is due.
            wait = max(0.0, next_act - time.perf_counter()) if next_act else 1.0
            try:
                await asyncio.wait_for(transport.arrived.wait(), wait)
            except TimeoutError:
                pass
            now = time.perf_counter()
            c.poll()
            while c.updates:
                update = c.updates.popleft()
                sent = self.sent.get((c.code, update.actions))
                if sent is not None:
                    self.latency[kind].append(now - sent)
                    self.by_process.setdefault(process, []).append(now - sent)
                if c.creator:  # one client a table counts the table's actions
                    self.actions += 1
            while c.notices:
                notice = c.notices.popleft()
                if notice.get("type") in ("refused", "error", "bye"):
                    self.errors.append(f"{notice}")
            view = c.view
            if view is None or not view.my_turn or c.actions == acted_at:
                next_act = 0.0
                continue
            if not next_act:
                next_act = time.perf_counter() + self.rng.uniform(0.6, 1.4) / self.rate
            if time.perf_counter() >= next_act:
                action = self.rng.choice(view.legal_actions())
                self.sent[(c.code, c.actions + 1)] = time.perf_counter()
                c.act(action)
                acted_at = c.actions
                next_act = 0.0


async def bench(args: argparse.Namespace, processes: int = 1) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as data:
        redis = None
        servers: list[ServerProcess] = []
        try:
            store = args.store
            if store == "temp":  # a redis-server of the bench's own, in the folder
                redis = RedisProcess(Path(data) / "redis").start()
                store = redis.url
            for n in range(processes):
                # Every client of the bench comes from loopback, one address: lift its cap.
                extra = ("--per-address", str(4 * args.tables + 8))
                servers.append(ServerProcess(
                    Path(data) / f"server{n}", workers=2,
                    extra=extra + (("--store", store) if store else ())).start())
            return await _bench(args, servers, redis)
        finally:
            for server in servers:
                server.stop()
            if redis is not None:
                redis.stop()


def memory_kb(servers: list[ServerProcess]) -> int:
    return sum(rss_kb(s.process.pid) for s in servers)


async def _bench(args: argparse.Namespace, servers: list[ServerProcess],
                 redis: RedisProcess | None) -> dict[str, Any]:
    await asyncio.sleep(1.0)
    base_kb = memory_kb(servers)
    run = Bench(args.rate, args.seed)
    hard = min(args.hard_tables, args.tables)
    tables: list[tuple[str, list[Any]]] = []
    began = time.perf_counter()
    for start in range(0, args.tables, 10):
        batch = range(start, min(args.tables, start + 10))
        made = await asyncio.gather(*(
            seated(servers[n % len(servers)].url, ["A"] if n < hard else ["A", "B", "C", "D"],
                   strength="hard", pace=1.0 / args.rate)
            for n in batch
        ))
        for n, clients in zip(batch, made, strict=True):
            tables.append(("hard" if n < hard else "plain", clients))
    seated_s = time.perf_counter() - began
    await asyncio.sleep(1.0)
    seated_kb = memory_kb(servers)
    for _, clients in tables:
        clients[0].start()
    loops = [asyncio.ensure_future(run.seat_loop(c, kind, n % len(servers)))
             for n, (kind, clients) in enumerate(tables) for c in clients]
    await asyncio.sleep(3.0)  # every table dealt and under way
    for kind in run.latency:
        run.latency[kind].clear()
    run.by_process.clear()
    run.actions = 0
    load_before = os.getloadavg()
    owners = [s.process.pid for s in servers] + ([redis.process.pid] if redis else [])
    cpu_before = [cpu_seconds(pid) for pid in owners] + [time.process_time()]
    measured = time.perf_counter()
    await asyncio.sleep(args.seconds)
    elapsed = time.perf_counter() - measured
    cpu_after = [cpu_seconds(pid) for pid in owners] + [time.process_time()]
    # The share of one core each used while measured: the servers, Redis, the clients.
    cpu = [(b - a) / elapsed for a, b in zip(cpu_before, cpu_after, strict=True)]
    actions = run.actions
    playing_kb = memory_kb(servers)
    each_kb = [rss_kb(s.process.pid) for s in servers]
    redis_kb = rss_kb(redis.process.pid) if redis is not None else None
    load_after = os.getloadavg()
    run.running = False
    await asyncio.gather(*loops, return_exceptions=True)
    for _, clients in tables:
        for c in clients:
            c.close()
    await asyncio.sleep(0.5)
    tracebacks = sum(s.output().count("Traceback") for s in servers)
    return {
        "processes": len(servers), "process_kb": each_kb, "redis_kb": redis_kb,
        "by_process": {n: {"count": len(v), "p50": 1000 * percentile(v, 0.5),
                           "p95": 1000 * percentile(v, 0.95), "max": 1000 * max(v, default=0.0)}
                       for n, v in sorted(run.by_process.items())},
        "tables": args.tables, "hard_tables": hard, "clients": sum(len(c) for _, c in tables),
        "seated_seconds": seated_s, "seconds": elapsed,
        "actions_per_second": actions / elapsed,
        "latency_ms": {
            kind: {"count": len(v), "p50": 1000 * percentile(v, 0.5),
                   "p95": 1000 * percentile(v, 0.95), "max": 1000 * max(v, default=0.0)}
            for kind, v in run.latency.items()
        },
        "memory_kb": {"base": base_kb, "seated": seated_kb, "playing": playing_kb,
                      "per_table_seated": (seated_kb - base_kb) / max(1, args.tables),
                      "per_table_playing": (playing_kb - base_kb) / max(1, args.tables)},
        "errors": len(run.errors) + tracebacks, "error_samples": run.errors[:5],
        "load": {"before": load_before, "after": load_after, "cores": os.cpu_count()},
        "cpu": {"servers": cpu[:len(servers)], "redis": cpu[len(servers)] if redis else None,
                "clients": cpu[-1]},
    }


def main(args: argparse.Namespace) -> int:
    counts = [int(n) for n in str(args.processes).split(",")]
    if (len(counts) > 1 or counts[0] > 1) and not args.store:
        print("serve-bench: several processes share tables only through --store"
              " (redis://HOST:PORT/DB, or temp for a redis-server of the bench's own)")
        return 2
    results = []
    for count in counts:
        if len(counts) > 1:
            print(f"--- {count} process{'es' if count > 1 else ''} ---")
        results.append(asyncio.run(bench(args, count)))
        show(results[-1])
    if len(results) > 1:
        first = results[0]["actions_per_second"]
        print("actions a second: " + ", ".join(
            f"{r['processes']} process{'es' if r['processes'] > 1 else ''}"
            f" {r['actions_per_second']:.1f} ({r['actions_per_second'] / first:.2f}x)"
            for r in results))
    return 0 if all(r["errors"] == 0 for r in results) else 1


def show(result: dict[str, Any]) -> None:
    lat = result["latency_ms"]
    mem = result["memory_kb"]
    print(f"tables {result['tables']} ({result['hard_tables']} with three hard computer"
          f" players), clients {result['clients']}, seated in {result['seated_seconds']:.1f} s")
    print(f"measured {result['seconds']:.0f} s: {result['actions_per_second']:.1f} actions/s"
          " (all tables, computers' included)")
    for kind, figures in lat.items():
        if figures["count"]:
            print(f"action-to-update latency, {kind} tables ({figures['count']} updates):"
                  f" p50 {figures['p50']:.1f} ms, p95 {figures['p95']:.1f} ms,"
                  f" max {figures['max']:.1f} ms")
    if result["processes"] > 1:
        for n, figures in result["by_process"].items():
            print(f"  process {n} ({figures['count']} updates): p50 {figures['p50']:.1f} ms,"
                  f" p95 {figures['p95']:.1f} ms, max {figures['max']:.1f} ms,"
                  f" {result['process_kb'][n] / 1024:.1f} MB")
    if result["redis_kb"] is not None:
        print(f"redis-server memory: {result['redis_kb'] / 1024:.1f} MB")
    print(f"server memory: {mem['base'] / 1024:.1f} MB before any table,"
          f" {mem['per_table_seated']:.0f} KB a table seated and idle (4 connections),"
          f" {mem['per_table_playing']:.0f} KB a table playing")
    print(f"errors: {result['errors']}" + (f" e.g. {result['error_samples']}"
                                             if result["errors"] else ""))
    cpu = result["cpu"]
    print("processor time while measured, in cores: server" + (
        "s " if len(cpu["servers"]) > 1 else " ") + " + ".join(
        f"{c:.2f}" for c in cpu["servers"]) + (
        f", redis-server {cpu['redis']:.2f}" if cpu["redis"] is not None else "")
        + f", the bench's clients {cpu['clients']:.2f}")
    load = result["load"]
    print(f"machine load (1-minute average) {load['before'][0]:.2f} before,"
          f" {load['after'][0]:.2f} after, on {load['cores']} cores")
