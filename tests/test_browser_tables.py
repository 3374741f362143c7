"""The browser transport in headless Chromium against a real table server.

The page holds the shim the game's page holds (``window.spadesNet``, cut from
build/template.tmpl as it is) and Pyodide (WebAssembly CPython, from the npm package
in tests/browser) with the engine and spades/client copied in: what the browser
archive carries for a shared table. pygame is not in Pyodide, so the table scene
stays out; the client is driven as the scene drives it, one ``poll()`` a frame. The
real server (``python -m spades serve``) serves the page and the tables on one
address. In the page, two seats (two sockets) create and join a table, start it with
two computer players, and play random legal actions through the first hand; a third
socket asks for a code that does not exist. The server's own view of it all is
checked from its store afterwards.

Needs node, Chromium and ``npm ci`` in tests/browser (as tests/test_browser.py);
skipped and saying why without them, unless SPADES_REQUIRE_BROWSER=1.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from test_browser import CHROMIUM, missing_piece

from spades import platform
from spades.server.probes.local import ServerProcess

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tests" / "browser"

SCENARIO = r'''
import asyncio, json, random
import js
from spades.client.session import TableClient
from spades.client.transports import BrowserTransport, page_origin, page_table_code

async def play():
    url = str(js.spadesNet.tableUrl())
    make = lambda: BrowserTransport(js)
    ann, bob = TableClient(url, make), TableClient(url, make)
    ann.create("Ann", strength="easy", pace=0, rules={"mercy": None})
    rng = random.Random(4)
    async def until(test, clients, players=(), limit=3000):
        acted = {}
        for _ in range(limit):
            for c in clients:
                c.poll()
                if c in players and c.status == "ready" and c.my_turn \
                        and acted.get(id(c)) != c.actions:
                    c.act(rng.choice(c.view.legal_actions()))
                    acted[id(c)] = c.actions
            if test():
                return True
            await asyncio.sleep(0.01)
        return False
    await until(lambda: ann.status == "ready" and ann.table, [ann])
    bob.join(ann.code.lower().replace("-", ""), "Bob", seat=2)
    await until(lambda: bob.status == "ready" and bob.table, [ann, bob])
    stranger = TableClient(url, make)
    stranger.join("ZZZZ-ZZZZ", "Eve")
    await until(lambda: stranger.status == "closed", [stranger])
    ann.start()
    await until(lambda: ann.view and bob.view, [ann, bob])
    done = await until(lambda: ann.view.hand_number >= 1 and bob.view.hand_number >= 1
                       and len(ann.records) == 1, [ann, bob], players=(ann, bob))
    return json.dumps({
        "done": done, "code": ann.code, "seats": [ann.seat, bob.seat],
        "players": [s["player"] for s in ann.table["seats"]],
        "actions": [ann.actions, bob.actions], "updates": len(ann.updates),
        "records": len(ann.records), "record_format": ann.records[0]["format"],
        "hand_of_bob_seen_by_ann": ann.view.hand & bob.view.hand,
        "stranger": stranger.reason, "status": [ann.status, bob.status],
        "link_code": page_table_code(js), "origin": page_origin(js), "link": ann.link,
    })
'''

PAGE = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Shared table in Pyodide</title>
<script src="/pyodide/pyodide.js"></script>
<script>{shim}</script>
<script>
window.harness = (async function () {{
  var pyodide = await loadPyodide({{indexURL: new URL("/pyodide/", location.href).href}});
  var files = await (await fetch("/app/manifest.json")).json();
  for (var i = 0; i < files.length; i++) {{
    var text = await (await fetch("/app/" + files[i])).text();
    var parts = ("/app/" + files[i]).split("/");
    for (var j = 2; j < parts.length; j++) {{
      var dir = parts.slice(0, j).join("/");
      if (!pyodide.FS.analyzePath(dir).exists) pyodide.FS.mkdir(dir);
    }}
    pyodide.FS.writeFile("/app/" + files[i], text);
  }}
  pyodide.runPython("import sys\\nsys.path.insert(0, '/app')");
  await pyodide.runPythonAsync({scenario});
  window.play = async function () {{
    return JSON.parse(await pyodide.runPythonAsync("await play()"));
  }};
  // The game's Share the link (spades/platform.py, share_link), as the page runs it.
  window.share = async function (url) {{
    var done = eval({share});
    await new Promise(function (done) {{ setTimeout(done, 300); }});
    var copied = done === "copied" ? await navigator.clipboard.readText() : "";
    return {{done: done, copied: copied}};
  }};
  return true;
}})();
</script><body><p>Shared table test</p></body></html>
"""


def shim() -> str:
    """window.spadesNet exactly as build/template.tmpl has it."""
    text = (ROOT / "build" / "template.tmpl").read_text()
    found = re.search(r"<script>\s*(// Shared tables.*?window\.spadesNet = .*?)</script>",
                      text, re.S)
    assert found, "build/template.tmpl lost window.spadesNet"
    return found.group(1)


def build_page(web: Path) -> None:
    shutil.copytree(HERE / "node_modules" / "pyodide", web / "pyodide")
    files = ["spades/__init__.py"]
    for package in ("engine", "client"):
        files += [f"spades/{package}/{p.name}" for p in (ROOT / "spades" / package).glob("*.py")]
    for name in files:
        (web / "app" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, web / "app" / name)
    (web / "app" / "manifest.json").write_text(json.dumps(files))
    share = platform._SHARE_JS.replace("%s, %s", "url, 'A table of Spades'")
    (web / "index.html").write_text(
        PAGE.format(shim=shim(), scenario=json.dumps(SCENARIO), share=json.dumps(share)),
        encoding="ascii")


def test_the_browser_client_plays_at_a_real_server_through_the_page_websocket(
    tmp_path, record_property
):
    why = missing_piece()
    if why:
        if os.environ.get("SPADES_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the browser test must run here, but {why}")
        pytest.skip(f"browser test skipped: {why}")
    record_property("chromium", "1")  # .ci/run counts the tests that ran in Chromium
    web = tmp_path / "web"
    build_page(web)
    server = ServerProcess(tmp_path / "data", web=web, rate=1000).start()
    try:
        run = subprocess.run(
            ["node", "tables.mjs", f"http://127.0.0.1:{server.port}/?table=K7M2QX9P",
             "--chromium", CHROMIUM],
            cwd=HERE, capture_output=True, text=True, timeout=300,
            env=dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1"),
        )
    finally:
        server.stop()
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["done"], result
    assert result["seats"] == [0, 2]
    assert result["players"] == ["human", "computer", "human", "computer"]
    assert result["actions"][0] == result["actions"][1] >= 56
    assert result["updates"] >= 56 and result["records"] == 1
    assert result["record_format"] == "spades-hand/1"
    assert result["hand_of_bob_seen_by_ann"] == 0
    assert result["stranger"].startswith("No table has the code")
    assert result["status"] == ["ready", "ready"]
    # A page opened by a table's link knows the code; the link to share is the page's
    # own address with it, and Share the link hands it to the share sheet or clipboard.
    assert result["link_code"] == "K7M2QX9P"
    assert result["origin"] == f"http://127.0.0.1:{server.port}"
    assert result["link"] == "/?table=" + result["code"].replace("-", "")
    share = result["share"]
    assert share["done"] in ("shared", "copied"), share
    if share["done"] == "copied":
        assert share["copied"] == result["origin"] + result["link"]
    # The server stored what the page played: the table and its log.
    db = sqlite3.connect(tmp_path / "data" / "tables.sqlite3")
    (count,) = db.execute("SELECT COUNT(*) FROM actions").fetchone()
    assert count >= result["actions"][0]  # the computers may have played on since
    assert "Traceback" not in server.output()
