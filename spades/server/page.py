"""The game's page over HTTP, on the tables' own address (what ``make serve`` runs).

The built page (build/web) is served as it is, each file with its type and length,
never cached by the browser; ``/table`` is where the tables answer (WebSocket). A
request under ``/cdn/`` that the build does not hold is fetched from pygbag's CDN (or
``--cdn``) and kept (in build/web-cache beside build/web, under its whole address, asked
for again conditionally once an hour old) by :func:`cdn_file`, as pygbag's own
test server does: the runtime on a page at ``http://localhost:8...`` looks for
pygame-ce under that page's own ``/cdn/``. Files are read and fetched in a thread, so
the tables never wait on them. :func:`cdn_file` and :data:`TYPES` are the standard
library alone: build/serve.py (the page without tables, for the browser tests) serves
its ``/cdn/`` through them too.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import mimetypes
import os
import posixpath
import shutil
import time
import urllib.error
import urllib.request
from http import HTTPStatus
from pathlib import Path
from typing import Any

CDN = "https://pygame-web.github.io"
TYPES = {
    ".wasm": "application/wasm",
    ".apk": "application/octet-stream",
    ".data": "application/octet-stream",
    ".whl": "application/zip",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".py": "text/plain; charset=utf-8",
}


# A kept CDN file older than this is asked for again, conditionally (its ETag and
# Last-Modified): an unchanged file costs the CDN a 304, a changed one is replaced.
REVALIDATE_S = 3600.0


def cdn_file(cdn: str, cache: Path, path: str) -> Path:
    """The CDN's file at ``path`` (under ``/cdn/``), fetched once and kept in ``cache``
    under its whole address (so servers of one build with another ``--cdn`` never
    answer with each other's files), asked for again once REVALIDATE_S old. Raises
    urllib.error.HTTPError for an answer that is not a file, OSError when the CDN
    cannot be reached and nothing is kept (a kept copy answers while it is away)."""
    url = cdn.rstrip("/") + path
    key = hashlib.sha256(url.encode()).hexdigest()[:32]
    kept = cache / (key + Path(path).suffix)
    validators = cache / (key + ".validators")  # its ETag and Last-Modified, as JSON
    if kept.is_file() and time.time() - kept.stat().st_mtime < REVALIDATE_S:
        return kept
    headers = {}
    if kept.is_file():
        try:
            known = json.loads(validators.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            known = {}
        if known.get("etag"):
            headers["If-None-Match"] = known["etag"]
        if known.get("last_modified"):
            headers["If-Modified-Since"] = known["last_modified"]
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers),
                                    timeout=30) as answer:
            cache.mkdir(parents=True, exist_ok=True)
            part = kept.with_suffix(".part")
            with open(part, "wb") as out:
                shutil.copyfileobj(answer, out)
            validators.write_text(json.dumps({
                "etag": answer.headers.get("ETag"),
                "last_modified": answer.headers.get("Last-Modified")}), encoding="utf-8")
            part.replace(kept)
    except urllib.error.HTTPError as exc:
        if not kept.is_file() or HTTPStatus.BAD_REQUEST <= exc.code < 500:
            raise  # a file the CDN does not have (any more)
        if exc.code == HTTPStatus.NOT_MODIFIED:
            os.utime(kept)  # still the CDN's file: good for another REVALIDATE_S
    except OSError:
        if not kept.is_file():
            raise
    return kept


def _type(name: str) -> str:
    suffix = Path(name).suffix
    return TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


class Page:
    def __init__(self, web_dir: Path | None, cache: Path | None = None, cdn: str = CDN) -> None:
        self.web_dir = web_dir
        self.cache = cache
        self.cdn = cdn

    @property
    def built(self) -> bool:
        return self.web_dir is not None and (self.web_dir / "index.html").is_file()

    async def respond(self, connection: Any, request: Any) -> Any:
        """The HTTP answer to ``request``, or None to go on to the WebSocket handshake."""
        path = request.path.split("?", 1)[0].split("#", 1)[0]
        if path == "/table":
            if request.headers.get("Upgrade", "").lower() == "websocket":
                return None
            return connection.respond(HTTPStatus.UPGRADE_REQUIRED, "The tables speak WebSocket\n")
        if not self.built:
            return connection.respond(
                HTTPStatus.NOT_FOUND,
                "This table server has no game page to serve (build it with make web);"
                " its tables answer at /table\n",
            )
        clean = posixpath.normpath("/" + "/".join(p for p in path.split("/") if p))
        root = self.web_dir.resolve()
        target = (root / clean.lstrip("/")).resolve()
        if target.is_dir():
            target = target / "index.html"
        if target.is_relative_to(root) and target.is_file():
            body = await asyncio.to_thread(target.read_bytes)
            return self._answer(body, _type(target.name))
        if clean.startswith("/cdn/") and self.cache is not None:
            return await self._from_cdn(connection, clean)
        return connection.respond(HTTPStatus.NOT_FOUND, "Not found\n")

    def _answer(self, body: bytes, kind: str, shared: bool = False) -> Any:
        from websockets.datastructures import Headers
        from websockets.http11 import Response

        headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))),
                           ("Cache-Control", "no-cache")])
        if shared:
            headers["Access-Control-Allow-Origin"] = "*"
        return Response(200, "OK", headers, body)

    async def _from_cdn(self, connection: Any, path: str) -> Any:
        def fetch() -> bytes:
            return cdn_file(self.cdn, self.cache, path).read_bytes()

        try:
            body = await asyncio.to_thread(fetch)
        except urllib.error.HTTPError as exc:
            return connection.respond(exc.code, f"{path}: {exc.reason}\n")
        except OSError as exc:
            return connection.respond(HTTPStatus.BAD_GATEWAY, f"{path}: {exc}\n")
        return self._answer(body, _type(path), shared=True)
