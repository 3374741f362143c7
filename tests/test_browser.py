"""Proof in a real browser: the game's engine, players and storage in WebAssembly.

pygbag's runtime comes from its CDN and cannot be had here, so headless Chromium runs
Pyodide (WebAssembly CPython 3.12, from the npm package in tests/browser) with the
game's pure-Python packages copied in; pygame is not in Pyodide, so spades/ui stays
out. ``tests/browser/drive.mjs`` serves everything from 127.0.0.1, refuses any other
host, and runs ``tests/browser/scenario.py`` in the page; this test runs the same
scenario natively and compares. What it proves, in the browser:

- a whole computer-only match (hard, normal and easy players) plays to the end and
  ends exactly as it does natively;
- ``open_store()`` picks the page's real localStorage (platform detection), the match
  is saved there part-way, and after a page reload a fresh interpreter resumes it at
  the same state and plays it to the same end;
- the export is offered as a real download (Chromium's download event) and the file
  imports back to the same match;
- in a frame whose storage the browser refuses, the store falls back to memory and
  says saving is off, and play goes on;
- our page template (around a stand-in for pygbag's runtime, which is out of reach):
  a loading message, the canvas scaled to the page and to an iframe at the game's
  aspect, the game's keys kept from the host page, keyboard focus inside the iframe,
  the start click only while the browser holds sound back and the sound is on, and no
  leave-page prompt;
- hard decisions at the default budget, timed in WebAssembly against the same
  decisions natively: the same cards, the ratio and the p95 (target: 600 ms).

Needs node, Chromium and ``npm ci`` in tests/browser (``.ci/run`` installs them);
without them the test is skipped and says why, unless SPADES_REQUIRE_BROWSER=1
(as in CI), where a missing piece fails it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from spades.storage import EXPORT_FORMAT, MemoryStore, import_all, load_match
from spades.storage.store import BROWSER_REFUSED

HERE = Path(__file__).resolve().parent / "browser"
sys.path.insert(0, str(HERE))
import scenario  # noqa: E402

DECISIONS = 60
P95_TARGET_MS = 600.0
CHROMIUM = os.environ.get("SPADES_CHROMIUM", "/usr/bin/chromium")


def missing_piece() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed (apt-get install nodejs)"
    if not Path(CHROMIUM).exists():
        return f"Chromium is not at {CHROMIUM} (apt-get install chromium)"
    for package in ("pyodide", "playwright-core"):
        if not (HERE / "node_modules" / package / "package.json").exists():
            return f"the npm package {package} is missing (cd tests/browser && npm ci)"
    return None


def fill_template(target: Path) -> Path:
    """Our page template filled the way pygbag fills it (plain text replacement), with
    the runtime address pointing at the driver's stand-in for pygbag's runtime."""
    values = {"cdn": "/runtime/", "archive": "spades", "title": "Spades", "PYBUILD": "3.12",
              "width": "1280", "height": "720", "version": "0.9.3"}
    text = (HERE.parent.parent / "build" / "template.tmpl").read_text(encoding="utf-8")
    text = re.sub(r"\{\{cookiecutter\.(\w+)\}\}", lambda m: values[m.group(1)], text)
    target.write_text(text, encoding="utf-8")
    return target


@pytest.fixture(scope="module")
def browser_run(tmp_path_factory) -> dict:
    why = missing_piece()
    if why:
        if os.environ.get("SPADES_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the browser test must run here, but {why}")
        pytest.skip(f"browser test skipped: {why}")
    env = dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1")
    done = subprocess.run(
        ["node", str(HERE / "drive.mjs"), "--decisions", str(DECISIONS), "--chromium", CHROMIUM,
         "--page", str(fill_template(tmp_path_factory.mktemp("page") / "index.html"))],
        capture_output=True, text=True, timeout=600, env=env, cwd=HERE,
    )
    assert done.returncode == 0, f"drive.mjs failed:\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def native(tmp_path_factory) -> dict:
    """The same scenario in this CPython, saving into a throwaway folder."""
    old = os.environ.get("SPADES_DATA_DIR")
    os.environ["SPADES_DATA_DIR"] = str(tmp_path_factory.mktemp("native-saves"))
    try:
        return {"match": scenario.play_match(11, 150), "resume": scenario.resume_match()}
    finally:
        if old is None:
            os.environ.pop("SPADES_DATA_DIR", None)
        else:
            os.environ["SPADES_DATA_DIR"] = old


def test_runs_in_webassembly_without_the_network(browser_run):
    runtime = browser_run["runtime"]
    assert runtime["platform"] == "emscripten"
    assert runtime["python"].startswith("3.12")
    assert browser_run["outside_requests"] == []


def test_whole_match_saved_in_local_storage_and_resumed_after_reload(browser_run, native):
    match, resume = browser_run["match"], browser_run["resume"]
    assert match["store"] == "LocalStorageStore" and match["problem"] is None
    assert match["saved"]["ok"] and match["saved"]["actions"] == 150
    assert "spades/match" in browser_run["stored_keys"]
    # The same match as natively, move for move.
    assert match["final"] == native["match"]["final"]
    assert match["saved"]["digest"] == native["match"]["saved"]["digest"]
    assert match["hands"] >= 2  # a whole match: play went on until it was over
    # After the reload: the state it was saved in, then the same ending.
    assert resume["store"] == "LocalStorageStore" and resume["loaded"]
    assert resume["at_load"] == {"digest": match["saved"]["digest"], "actions": 150}
    assert resume["final"] == match["final"] and resume["actions"] == match["actions"]
    assert resume["strengths"] == list(scenario.STRENGTHS)
    assert resume["final"] == native["resume"]["final"]


def test_export_is_a_real_download_that_imports_back(browser_run):
    export = browser_run["export"]
    assert export["offered"]["done"], export["offered"]["message"]
    assert export["suggested"] == "spades-export.json"
    doc = json.loads(export["text"])
    assert doc["format"] == EXPORT_FORMAT and "match" in doc["documents"]
    assert export["checked"]["ok"], export["checked"]["message"]
    assert export["checked"]["digest"] == browser_run["match"]["saved"]["digest"]
    # And natively: the downloaded file is one this build imports.
    store = MemoryStore()
    ok, message = import_all(store, export["text"])
    assert ok, message
    assert scenario.digest(load_match(store).match) == browser_run["match"]["saved"]["digest"]


def test_refused_storage_falls_back_to_memory_and_says_so(browser_run):
    assert browser_run["refused_direct"] == "SecurityError"  # the browser really refused
    refused = browser_run["refused"]
    assert refused["store"] == "MemoryStore"
    assert refused["problem"] == BROWSER_REFUSED
    assert refused["notices"] == [BROWSER_REFUSED]
    assert refused["saved"] and refused["same"]


def test_hard_decisions_in_webassembly_against_native(browser_run, capsys):
    wasm = browser_run["timings"]
    here = scenario.time_hard_decisions(DECISIONS)
    assert len(wasm) == len(here) == DECISIONS
    assert [d["card"] for d in wasm] == [d["card"] for d in here], "different decisions"
    searched = [(w["ms"], n["ms"]) for w, n in zip(wasm, here, strict=True) if n["searched"]]
    assert len(searched) >= DECISIONS // 2
    wasm_ms = [w for w, _ in searched]
    native_ms = [n for _, n in searched]
    ratio = sum(wasm_ms) / sum(native_ms)
    p50, p95 = scenario.percentile(wasm_ms, 0.5), scenario.percentile(wasm_ms, 0.95)
    n50, n95 = scenario.percentile(native_ms, 0.5), scenario.percentile(native_ms, 0.95)
    with capsys.disabled():
        print(f"\nhard decisions, default budget, {len(searched)} searched of {DECISIONS}: "
              f"WebAssembly p50 {p50:.0f} ms p95 {p95:.0f} ms max {max(wasm_ms):.0f} ms; "
              f"native p50 {n50:.0f} ms p95 {n95:.0f} ms; "
              f"WebAssembly/native ratio {ratio:.2f} "
              f"(Pyodide {browser_run['runtime']['pyodide']}, Chromium {browser_run['browser']}); "
              f"browser run {browser_run['total_ms'] / 1000:.1f} s")
    assert p95 <= P95_TARGET_MS, f"hard decisions p95 {p95:.0f} ms in WebAssembly"


def test_page_template_in_a_real_browser(browser_run):
    page = browser_run["page"]
    assert page["title"] == "Spades"
    assert page["loading"]["visible"] and "Loading" in page["loading"]["text"]
    assert page["config"]["archive"] == "spades" and page["config"]["can_close"] == 1
    assert page["python_head"].startswith("# Spades page loader")
    # The canvas fills the page or the frame at the game's aspect, centred.
    for box in (page["fit_wide"], page["fit_tall"], page["fit_resized"], page["fit_iframe"]):
        vw, vh = box["view"]
        cw, ch = box["attr"]
        assert box["w"] <= vw and box["h"] <= vh
        assert box["w"] == vw or box["h"] == vh  # as large as it can be
        assert abs(box["w"] / box["h"] - cw / ch) < 0.01
        assert abs((vw - box["w"]) - 2 * box["x"]) <= 1 and abs((vh - box["h"]) - 2 * box["y"]) <= 1
    assert page["fit_resized"]["attr"] == [800, 600]  # follows the game's own size
    assert page["fit_iframe"]["view"] == [640, 480]
    # Keys the game uses stay in the game; letters still type.
    assert dict(page["keys"]) == {"Tab": True, "Space": True, "ArrowDown": True, "F1": True,
                                  "KeyS": False}
    # Start click only where sound needs it.
    assert page["needs_click"] is True and page["needs_click_sound_off"] is False
    assert page["start_shown"] and page["started"] == [True, True, True, "canvas"]
    # Embedded: it knows, takes the keyboard focus on a click, and closes quietly.
    assert page["embedded"] is True and page["iframe_focus"] == [True, "canvas"]
    assert page["dialogs_top"] == [] and page["dialogs_embedded"] == []


# --- the browser adapters without a browser ------------------------------------------


class FakeWindow:
    """A page's window as the bridges show it: attributes, and eval for scripts."""

    def __init__(self, storage=None, refuse: bool = False) -> None:
        self._storage, self._refuse, self.scripts = storage, refuse, []

    @property
    def localStorage(self):  # noqa: N802 - the browser's name
        if self._refuse:
            raise PermissionError("SecurityError: access is denied for this document")
        return self._storage

    def eval(self, script: str):
        self.scripts.append(script)
        return True


def test_open_store_in_a_browser_picks_local_storage_or_memory(monkeypatch):
    from spades import platform
    from spades.storage import open_store
    from spades.storage.store import DictStorage, LocalStorageStore

    monkeypatch.setattr(sys, "platform", "emscripten")
    storage = DictStorage()
    monkeypatch.setattr(platform, "browser_window", lambda: FakeWindow(storage))
    store = open_store()
    assert isinstance(store, LocalStorageStore) and store.problem is None
    store.write_text("settings", "{}")
    assert storage.items == {"spades/settings": "{}"}
    monkeypatch.setattr(platform, "browser_window", lambda: FakeWindow(refuse=True))
    store = open_store()
    assert isinstance(store, MemoryStore) and store.problem == BROWSER_REFUSED
    monkeypatch.setattr(platform, "browser_window", lambda: None)
    assert open_store().problem == BROWSER_REFUSED


def test_desktop_finds_no_browser():
    from spades import platform

    assert platform.IN_BROWSER is platform.in_browser() is (sys.platform == "emscripten")
    assert platform.browser_window() is None and platform.local_storage() is None


def test_offer_file_on_desktop_writes_beside_without_replacing(tmp_path):
    from spades import platform

    done, message = platform.offer_file("spades-export.json", "one", folder=tmp_path)
    assert done and str(tmp_path / "spades-export.json") in message
    done, message = platform.offer_file("../spades-export.json", "two", folder=tmp_path)
    assert done and message.endswith("spades-export-2.json.")
    assert (tmp_path / "spades-export.json").read_text() == "one"
    assert (tmp_path / "spades-export-2.json").read_text() == "two"
    blocked = tmp_path / "file"
    blocked.write_text("")
    done, message = platform.offer_file("x.json", "three", folder=blocked / "sub")
    assert not done and "could not be written" in message


def test_offer_file_in_a_browser_sends_a_download_script(monkeypatch):
    from spades import platform

    window = FakeWindow()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "browser_window", lambda: window)
    text = 'a "quoted" </script> line\u2028and more'
    done, message = platform.offer_file("my save?.json", text)
    assert done and "my-save-.json" in message
    (script,) = window.scripts
    assert json.dumps(text) in script and "</script>" not in script.replace(json.dumps(text), "")
    assert '"my-save-.json"' in script and "link.download = name" in script
