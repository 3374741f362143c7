"""``make serve`` on a fresh clone: what someone who just cloned the repository gets.

The repository's committed state (HEAD) is cloned with git into a folder of its own:
no .venv, no .venv-web, no build/. ``make serve`` runs there as from a new shell (PATH
without any virtual environment, so ``python3`` is the system's, which has none of the
project's packages): it builds the project's environment (.venv, from pyproject.toml,
through pip as `make play` does), pygbag's (.venv-web) and the page, then starts the
table server. Nothing is reused from this checkout. The one stand-in is pygbag's CDN: a
real HTTP server on 127.0.0.1 given as WEB_CDN (the machine has no internet), which
serves the one /cdn/ file the test asks for. The test then fetches the page at the
address the server prints (localhost), a /cdn/ file through the server (WEB_CDN passed
on to it), and opens a table with a real client.
"""

from __future__ import annotations

import asyncio
import http.server
import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

from server_support import client, drive

ROOT = Path(__file__).resolve().parent.parent
INDEX = b'{"stand-in": "index of the CDN"}'


class StandInCdn(http.server.BaseHTTPRequestHandler):
    """pygbag's CDN for the one file asked here: /cdn/index-0.9.3-cp312.json."""

    def do_GET(self):  # noqa: N802 (the standard library's name)
        found = self.path == "/cdn/index-0.9.3-cp312.json"
        body = INDEX if found else b"not here"
        self.send_response(200 if found else 404)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def a_new_shell() -> dict[str, str]:
    """This environment as a new shell has it: no virtual environment on PATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep)
        if p and not (Path(p).parent / "pyvenv.cfg").exists())
    return env


def test_make_serve_on_a_fresh_clone_serves_the_page_and_a_table(tmp_path):
    clone = tmp_path / "spades"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True).stdout
    assert subprocess.run(["git", "rev-parse", "HEAD"], cwd=clone, capture_output=True,
                          text=True).stdout == head
    assert not any((clone / name).exists() for name in (".venv", ".venv-web", "build/web"))
    cdn = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StandInCdn)
    threading.Thread(target=cdn.serve_forever, daemon=True).start()
    web_cdn = f"http://127.0.0.1:{cdn.server_address[1]}/cdn/0.9.3/"
    port = free_port()
    log = tmp_path / "make-serve.log"
    with open(log, "w") as out:
        make = subprocess.Popen(
            ["make", "--no-print-directory", "serve", f"PORT={port}", f"WEB_CDN={web_cdn}"],
            cwd=clone, env=a_new_shell(), stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True)
    try:
        deadline = time.monotonic() + 900  # two environments built by pip, then the page
        address = f"http://localhost:{port}/"
        while address not in log.read_text():
            assert make.poll() is None, log.read_text()[-3000:]
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.5)
        banner = next(line for line in log.read_text().splitlines() if address in line)
        assert re.match(rf"Serving the game's page and tables on {address}", banner), banner
        with urllib.request.urlopen(address, timeout=30) as answer:
            page = answer.read().decode()
        assert answer.status == 200 and "<title>Spades</title>" in page
        assert f'src="{web_cdn}pythons.js"' in page  # the page built with WEB_CDN
        with urllib.request.urlopen(address + "cdn/index-0.9.3-cp312.json",
                                    timeout=30) as answer:
            assert answer.read() == INDEX  # the server's /cdn/ from WEB_CDN's CDN

        async def open_a_table():
            ann = client(f"ws://localhost:{port}/table")
            ann.create("Ann")
            await drive([ann], lambda: ann.status == "ready" and ann.table is not None)
            assert ann.table["state"] == "waiting" and ann.seat == 0 and ann.code
            ann.close()

        asyncio.run(open_a_table())
        assert "Traceback" not in log.read_text()
    finally:
        try:
            os.killpg(make.pid, signal.SIGTERM)  # make and the server it runs
        except ProcessLookupError:  # make ended by itself (a failed build)
            pass
        make.wait(30)
        cdn.shutdown()
        cdn.server_close()
