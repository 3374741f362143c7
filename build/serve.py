"""`make serve`: the browser build on http://localhost:PORT/, and /cdn/ from pygbag's CDN.

    python build/serve.py [--directory build/web] [--port 8000] [--bind 127.0.0.1]
                          [--cdn https://pygame-web.github.io] [--cache build/web-cache]

Files of the build are served as they are, each with its Content-Length and its type
(``.wasm`` as application/wasm, ``.apk`` as application/octet-stream), never
compressed. A request under ``/cdn/`` that the build does not hold is fetched from the
CDN's origin at the same path and kept in the cache folder, as pygbag's own test
server does: pygbag's runtime, on a page at ``http://localhost:8...``, looks for its
package index and the pygame-ce wheel under that page's ``/cdn/`` (the page names its
own port; see packageIndex in build/template.tmpl). The cache and the file types are
the table server's (spades/server/page.py, standard library only), so the page is
served alike with or without tables. One thread a request. It prints the address to
open. ``make serve`` runs the table server itself (``python -m spades serve``): the
page, /cdn/ and the tables on one address; this script serves the page alone (the
browser tests use it).
"""

from __future__ import annotations

import argparse
import http.server
import posixpath
import sys
import urllib.error
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from spades.server.page import CDN, TYPES, cdn_file  # noqa: E402 - after the path


class Handler(http.server.SimpleHTTPRequestHandler):
    """The build's folder, and /cdn/ through the cache from the CDN."""

    cdn = CDN
    cache = Path("build/web-cache")
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        # Never kept by the browser's HTTP cache: a rebuilt page is seen at once (the
        # service worker keeps what it keeps).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def clean_path(self) -> str:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        return posixpath.normpath("/" + "/".join(p for p in path.split("/") if p)) + \
            ("/" if path.endswith("/") else "")

    def send_head(self):  # noqa: ANN201 - the base class's shape
        path = self.clean_path()
        if path.startswith("/cdn/") and not Path(self.translate_path(path)).is_file():
            return self.from_cdn(path)
        return super().send_head()

    def from_cdn(self, path: str):  # noqa: ANN201
        """The CDN's file at ``path``, kept and asked for again as cdn_file says."""
        url = self.cdn.rstrip("/") + path
        try:
            kept = cdn_file(self.cdn, self.cache, path)
        except urllib.error.HTTPError as exc:
            self.send_error(exc.code, f"{url}: {exc.reason}")
            return None
        except OSError as exc:
            self.send_error(502, f"{url}: {exc}")
            return None
        f = open(kept, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(kept.stat().st_size))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        return f

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base's name
        sys.stderr.write(f"serve: {self.address_string()} {format % args}\n")


def make_server(directory: str, port: int, bind: str, cdn: str, cache: str):
    handler = partial(type("BuildHandler", (Handler,), {"cdn": cdn, "cache": Path(cache)}),
                      directory=directory)
    return http.server.ThreadingHTTPServer((bind, port), handler)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--directory", default="build/web")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--bind", default="127.0.0.1")
    p.add_argument("--cdn", default=CDN, help=f"where /cdn/ comes from (default {CDN})")
    p.add_argument("--cache", default="build/web-cache")
    args = p.parse_args(argv)
    if not (Path(args.directory) / "index.html").is_file():
        p.error(f"{args.directory} holds no index.html: run `make web` first")
    server = make_server(args.directory, args.port, args.bind, args.cdn, args.cache)
    port = server.server_address[1]
    print(f"Serving {args.directory}: open http://localhost:{port}/ (Ctrl+C stops); "
          f"/cdn/ comes from {args.cdn}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
