"""The WebSocket under a TableClient: ``open(url)``, ``send(text)``, ``poll()``, ``close()``.

``poll`` returns what happened since the last call, in order, as pairs:
``("open", "")``, ``("message", text)``, ``("closed", reason)``. Nothing blocks.

- :class:`DesktopTransport` runs the ``websockets`` library as a task on the game's
  own asyncio loop (main.py's), imported only when a connection opens.
- :class:`BrowserTransport` uses the page's WebSocket through ``window.spadesNet``, a
  small shim in build/template.tmpl that queues what arrives for Python to poll each
  frame; every string crosses the bridge as ASCII.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from typing import Any


class DesktopTransport:
    def __init__(self) -> None:
        self.inbox: deque[tuple[str, str]] = deque()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.arrived = asyncio.Event()  # set when something is in the inbox (for awaiting)
        self.task: asyncio.Task | None = None
        self.closing = False

    def open(self, url: str) -> None:
        self.task = asyncio.ensure_future(self._run(url))

    async def _run(self, url: str) -> None:
        reason = "The connection closed"
        try:
            from websockets.asyncio.client import connect

            async with connect(url, compression=None, open_timeout=5, max_size=2**20,
                               ping_interval=20, ping_timeout=20) as ws:
                self._push("open", "")
                writer = asyncio.ensure_future(self._write(ws))
                try:
                    async for text in ws:
                        self._push("message", text if isinstance(text, str) else "")
                finally:
                    writer.cancel()
                reason = ws.close_reason or reason
        except asyncio.CancelledError:
            reason = "closed"
        except Exception as exc:
            reason = str(exc) or type(exc).__name__
        self._push("closed", reason)

    async def _write(self, ws: Any) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                await ws.close()
                return
            await ws.send(text)

    def _push(self, kind: str, text: str) -> None:
        self.inbox.append((kind, text))
        self.arrived.set()

    def send(self, text: str) -> None:
        self.outbox.put_nowait(text)

    def poll(self) -> list[tuple[str, str]]:
        out = list(self.inbox)
        self.inbox.clear()
        self.arrived.clear()
        return out

    def close(self) -> None:
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait(None)


class BrowserTransport:
    """The page's WebSocket, through ``window.spadesNet`` (build/template.tmpl)."""

    def __init__(self, window: Any) -> None:
        """``window``: the page's window object (spades.platform.browser_window())."""
        self.net = getattr(window, "spadesNet", None) if window is not None else None
        self.id = 0
        self.failed = ""

    def open(self, url: str) -> None:
        if self.net is None:
            self.failed = "This page cannot open connections"
            return
        self.id = int(self.net.open(url))

    def send(self, text: str) -> None:
        if self.net is not None and self.id:
            self.net.send(self.id, text)

    def poll(self) -> list[tuple[str, str]]:
        if self.failed:
            failed, self.failed = self.failed, ""
            return [("closed", failed)]
        if self.net is None or not self.id:
            return []
        text = str(self.net.poll(self.id) or "")
        if not text:
            return []
        return [(str(kind), str(data)) for kind, data in json.loads(text)]

    def close(self) -> None:
        if self.net is not None and self.id:
            self.net.close(self.id)
            self.id = 0


def page_table_url(window: Any) -> str | None:
    """The table server's address for the page this game runs in, or None."""
    net = getattr(window, "spadesNet", None) if window is not None else None
    return str(net.tableUrl()) if net is not None else None


def page_table_code(window: Any) -> str:
    """The table code of the link this page was opened with (``?table=CODE``), or ""."""
    net = getattr(window, "spadesNet", None) if window is not None else None
    return str(net.tableCode() or "") if net is not None else ""


def page_origin(window: Any) -> str:
    """The page's own address without its path (``https://host``), or ""."""
    try:
        return str(window.location.origin) if window is not None else ""
    except Exception:
        return ""
