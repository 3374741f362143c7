"""The computer players of the server's tables, thinking in worker processes.

A decision travels to a worker as the seat's view in its wire form and comes back as
an action in its JSON form, so the worker sees exactly what the seat may know and the
server's event loop never waits on a search: other tables keep playing meanwhile.
The hard player thinks here without a reading of the table (each decision stands
alone: a worker holds no match), which is the hard player of the ``hard-static`` line
in docs/ai.md.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any


def decide(strength: str, seed: str, view_doc: dict[str, Any]) -> Any:
    """In a worker: the computer player's action for this view, in JSON form."""
    from ..ai import make_player
    from ..engine.actions import action_to_json
    from ..engine.wire import view_from_json

    view = view_from_json(view_doc)
    return action_to_json(make_player(strength, seed).choose(view))


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
        return ProcessPoolExecutor(max_workers=self.count, mp_context=context)

    async def warm(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self.pool, _warm) for _ in range(self.count))
        )

    async def decide(self, strength: str, seed: str, view_doc: dict[str, Any]) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool, decide, strength, seed, view_doc)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = self._new_pool()
            raise

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
