"""serve-bench's clients, in processes of their own: each client process has its own
asyncio loop and its share of the tables (every client of a table in the same one),
so the clients' processor time is spread over processes and is measured apart from
the servers'.

Each seat is a real TableClient over the desktop transport: it reads every message
the server sends it (each update's view and events parsed as the game parses them),
plays a random legal action from its own view at its turns, and counts as an error
any ``refused``, ``error`` or ``bye`` it receives and a connection that closes.

The bench (bench.py) drives each client process through a pipe, in steps: the
process seats its tables and says so (``seated``); at ``play`` its tables start; at
``measure`` it forgets the latencies so far and starts its clock and processor
time; at ``stop`` it sends what it measured and closes its clients.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import time
from typing import Any

from .check import seated


class Seats:
    """The seats of one client process: what they measured."""

    def __init__(self, rate: float, seed: int) -> None:
        self.rate = rate
        self.rng = random.Random(seed)
        self.sent: dict[tuple[str, int], float] = {}  # (code, actions after) -> sent at
        self.latency: dict[str, list[float]] = {"plain": [], "hard": []}
        self.by_process: dict[int, list[float]] = {}
        self.actions = 0
        self.errors: list[str] = []
        self.running = True

    def reset(self) -> None:
        for kind in self.latency:
            self.latency[kind].clear()
        self.by_process.clear()
        self.actions = 0

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


def client_process(conn: Any, plan: dict[str, Any]) -> None:
    """The body of one client process (multiprocessing's target)."""
    asyncio.run(_client_process(conn, plan))


async def _client_process(conn: Any, plan: dict[str, Any]) -> None:
    loop = asyncio.get_running_loop()

    async def told(step: str) -> None:
        said = await loop.run_in_executor(None, conn.recv)
        if said != step:
            raise RuntimeError(f"bench client process: told {said!r}, expected {step!r}")

    urls, rate = plan["urls"], plan["rate"]
    run = Seats(rate, plan["seed"])
    tables: list[tuple[str, int, list[Any]]] = []
    began = time.perf_counter()
    mine = plan["tables"]  # (kind, server index) for each table of this process
    for start in range(0, len(mine), 10):
        batch = mine[start:start + 10]
        made = await asyncio.gather(*(
            seated(urls[server], ["A"] if kind == "hard" else ["A", "B", "C", "D"],
                   strength="hard", pace=1.0 / rate)
            for kind, server in batch
        ))
        tables.extend((kind, server, clients)
                      for (kind, server), clients in zip(batch, made, strict=True))
    conn.send(("seated", time.perf_counter() - began))
    await told("play")
    for _, _, clients in tables:
        clients[0].start()
    loops = [asyncio.ensure_future(run.seat_loop(c, kind, server))
             for kind, server, clients in tables for c in clients]
    await told("measure")
    run.reset()
    cpu, measured = time.process_time(), time.perf_counter()
    await told("stop")
    result = {"seconds": time.perf_counter() - measured, "cpu": time.process_time() - cpu,
              "actions": run.actions, "latency": run.latency, "by_process": run.by_process}
    run.running = False
    await asyncio.gather(*loops, return_exceptions=True)
    for _, _, clients in tables:
        for c in clients:
            c.close()
    await asyncio.sleep(0.5)
    conn.send(("done", {**result, "errors": run.errors}))


class ClientProcesses:
    """The bench's side of its client processes: started with their share of the
    tables (table n on server n mod servers, in client process n mod processes), told
    each step, their figures gathered."""

    def __init__(self, urls: list[str], tables: int, hard: int, rate: float, seed: int,
                 processes: int) -> None:
        context = multiprocessing.get_context("spawn")  # a fresh interpreter, no loop
        self.pipes: list[Any] = []
        self.processes: list[Any] = []
        for k in range(processes):
            share = [("hard" if n < hard else "plain", n % len(urls))
                     for n in range(k, tables, processes)]
            ours, theirs = context.Pipe()
            plan = {"urls": urls, "rate": rate, "seed": seed * 1000 + k, "tables": share}
            process = context.Process(target=client_process, args=(theirs, plan), daemon=True)
            process.start()
            self.pipes.append(ours)
            self.processes.append(process)

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes]

    async def gather(self, step: str, timeout: float = 600.0) -> list[Any]:
        """Each process's answer to ``step``, in order."""
        loop = asyncio.get_running_loop()
        answers = []
        for pipe, process in zip(self.pipes, self.processes, strict=True):
            def receive(pipe=pipe, process=process) -> Any:
                while not pipe.poll(0.5):
                    if not process.is_alive():
                        raise RuntimeError(f"a bench client process ended ({process.exitcode})")
                return pipe.recv()
            said, answer = await asyncio.wait_for(loop.run_in_executor(None, receive), timeout)
            if said != step:
                raise RuntimeError(f"bench client process said {said!r}, expected {step!r}")
            answers.append(answer)
        return answers

    def tell(self, step: str) -> None:
        for pipe in self.pipes:
            pipe.send(step)

    def close(self) -> None:
        for process in self.processes:
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join(5)
