"""The computer players of the server's tables, thinking in worker processes.

A decision travels to a worker as the seat's view in its wire form and comes back as
an action in its JSON form, so the worker sees exactly what the seat may know and the
server's event loop never waits on a search: other tables keep playing meanwhile.
The hard player reads the table as at a table of one's own (spades/ai/reading.py):
a worker holds no match, so the reading travels with the decision in its JSON form,
and it is brought up to date in a worker too, from each finished hand's record
(:func:`read_hands`), so the event loop never fits it.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any


def decide(strength: str, seed: str, view_doc: dict[str, Any],
           reading_doc: dict[str, Any] | None = None) -> Any:
    """In a worker: the computer player's action for this view, in JSON form (hard
    with the table's reading, when there is one)."""
    from ..ai import make_player
    from ..ai.reading import Reading
    from ..engine.actions import action_to_json
    from ..engine.wire import view_from_json

    view = view_from_json(view_doc, any_seats=True)  # cutthroat, two-handed too
    options = {"reading": Reading.from_json(reading_doc)} if strength == "hard" and \
        reading_doc is not None else {}
    return action_to_json(make_player(strength, seed, **options).choose(view))


def read_hands(reading_doc: dict[str, Any] | None, records: list[tuple[int, Any]]) -> Any:
    """In a worker: the table's reading (JSON form) after these finished hands
    (``(hand_number, spades-hand/1 record)`` in order); None starts a new one."""
    from dataclasses import replace

    from ..ai.reading import Reading
    from ..engine.record import match_at

    reading = Reading.from_json(reading_doc) if reading_doc is not None else Reading()
    for number, record in records:
        hand = match_at(record, len(record["bids"]), len(record["plays"])).history[0]
        reading.observe(replace(hand, hand_number=number))
    return reading.to_json()


def _start_worker(server: int) -> None:
    """In a new worker: think at a lower priority than the server's event loop, so a
    hard search never delays another table's update (two cores, many searches); and
    end with the server (``server``: its process id) even when it is killed outright
    (SIGKILL), which leaves the worker no word: waiting for work that cannot come, it
    would keep the forkserver and the resource tracker alive with it."""
    try:
        os.nice(10)
    except (AttributeError, OSError):  # no nice() on this system: think as before
        pass

    def watch() -> None:
        while not _ended(server):
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()
    # Ctrl+C in a terminal reaches every process of the group: the server stops its
    # workers itself; a worker interrupted while waiting printed a KeyboardInterrupt
    # traceback into the server's log.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _ended(pid: int) -> bool:
    """Whether a process has ended (gone, or a zombie its parent has not reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, but not ours to signal
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:  # no /proc here: alive, as far as can be told
        return False
    return stat[stat.rindex(")") + 2] == "Z"


def _warm() -> int:
    from .. import ai  # noqa: F401  (import the players once, before the first decision)

    return os.getpid()


class Computers:
    """A pool of worker processes deciding for computer seats."""

    def __init__(self, workers: int | None = None) -> None:
        self.count = workers or max(1, min(4, os.cpu_count() or 1))
        self.pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        # forkserver: workers start clean, not as copies of a server holding sockets.
        context = multiprocessing.get_context("forkserver")
        return ProcessPoolExecutor(max_workers=self.count, mp_context=context,
                                   initializer=_start_worker, initargs=(os.getpid(),))

    async def warm(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self.pool, _warm) for _ in range(self.count))
        )

    async def decide(self, strength: str, seed: str, view_doc: dict[str, Any],
                     reading_doc: dict[str, Any] | None = None) -> Any:
        return await self.run(decide, strength, seed, view_doc, reading_doc)

    async def run(self, job: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool, job, *args)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = self._new_pool()
            raise

    def close(self) -> None:
        """Stop every process the pool started: its workers (a search under way is
        dropped), then the forkserver that multiprocessing keeps for them; its
        resource tracker ends with the server. A stopped server leaves no process."""
        workers = list((self.pool._processes or {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(5)
        # The forkserver lives as long as the server would; its _stop() is how the
        # standard library's tests end it. The resource tracker is left to end with the
        # server (its pipe closes then): stopped here, it unlinked the pool's semaphores
        # while the pool's threads still held them, and their finalizers then wrote
        # tracebacks (FileNotFoundError, the tracker's KeyError) into the server's log,
        # 4 stops of 25 mid-play.
        from multiprocessing import forkserver

        try:
            forkserver._forkserver._stop()
        except (AttributeError, OSError, ChildProcessError):
            pass
