""""With all cards seen" worked out during a hand, replayed in WebAssembly: the same
answers as natively.

``python -m spades.tools.review_trace`` records a first hand from the real App (its
frames, the bids and cards each frame had, the spare of each frame's think budget)
and replays its review in Pyodide in headless Chromium, frame by frame, to measure
whether it is ready when the hand ends in the browser; its figures are printed by
that command, never asserted here. What is checked: the trace is the hand's frames
and the think budget's spare only (a slice given after the frame, as the desktop
may give one, is not in it); and the review replayed, natively and in WebAssembly,
as recorded and with nothing worked out during the hand (all of it after opening),
gives the answers of the hand reviewed at once natively: each side's tricks from the
opening lead and the turning point.

The WebAssembly test needs node, Chromium and ``npm ci`` in tests/browser (as
tests/test_browser.py); skipped and saying why without them, unless
SPADES_REQUIRE_BROWSER=1.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile

import pytest
from test_browser import CHROMIUM, HERE, missing_piece

from spades.tools.review_replay import native_answers, replay
from spades.tools.review_trace import record_first_hand

SEED = 1  # a hand of about half a million nodes: seconds in WebAssembly


@pytest.fixture(scope="module")
def recorded() -> tuple[dict, int]:
    """Seed 1's first hand recorded, with the desktop's kind of extra slice given after
    each frame (which the trace must leave out); and the table's frames counted."""
    from spades.ui.app import App
    from spades.ui.table.scene import TableScene

    frame = App.frame
    table_frames = [0]

    def framed(app: App, dt: float) -> None:
        frame(app, dt)
        if isinstance(app.scene, TableScene):
            table_frames[0] += 1
            app.scene.step_seen(6.0, 5.0)  # after the frame is drawn: not recorded

    saved = os.environ.get("SPADES_DATA_DIR")
    os.environ["SPADES_DATA_DIR"] = tempfile.mkdtemp(prefix="spades-review-trace-test-")
    App.frame = framed  # type: ignore[method-assign]
    try:
        trace = record_first_hand(SEED)
    finally:
        App.frame = frame  # type: ignore[method-assign]
        if saved is None:
            os.environ.pop("SPADES_DATA_DIR", None)
        else:
            os.environ["SPADES_DATA_DIR"] = saved
    return trace, table_frames[0]


def nothing_spare(trace: dict) -> dict:
    """The same hand with no frame leaving the review anything: all of it after
    opening."""
    return dict(trace, spare=[0.0] * len(trace["spare"]))


def test_the_trace_is_the_hands_frames_and_their_think_budget_spare(recorded):
    trace, table_frames = recorded
    n = len(trace["spare"])
    assert n == table_frames == len(trace["bids"]) == len(trace["plays"])
    assert trace["bids"] == sorted(trace["bids"]) and trace["bids"][-1] == 4
    assert trace["plays"] == sorted(trace["plays"]) and trace["plays"][-1] == 52
    assert trace["plays"][0] == 0 and len(trace["record"]["plays"]) == 52
    assert all(s <= 6.0 for s in trace["spare"])  # never the 5 ms given after the frame
    assert sum(s >= 5.0 for s in trace["spare"]) > n / 2  # most frames think little


def test_replayed_natively_the_review_has_the_answers_of_the_hand_reviewed_at_once(recorded):
    trace, _ = recorded
    native = native_answers(trace)
    assert native["tricks"] is not None and native["turning"] is not None
    for got in (replay(trace), replay(nothing_spare(trace))):
        assert got["done"] and not got["unfinished"]
        assert (got["tricks"], got["turning"]) == (native["tricks"], native["turning"])
    late = replay(nothing_spare(trace))
    assert not late["ready"] and late["frames"] > 0


@pytest.fixture(autouse=True)
def counted_by_ci(request, record_property):
    """Marks each test that ran in Chromium in the JUnit report, as test_browser does."""
    if "browser_ready" in request.fixturenames:
        record_property("chromium", "1")


@pytest.fixture
def browser_ready() -> None:
    why = missing_piece()
    if why:
        if os.environ.get("SPADES_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the browser test must run here, but {why}")
        pytest.skip(f"browser test skipped: {why}")


def test_replayed_in_webassembly_the_review_has_the_native_answers(recorded, browser_ready,
                                                                   tmp_path, capsys):
    trace, _ = recorded
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps([trace, nothing_spare(trace)]), encoding="utf-8")
    done = subprocess.run(
        ["node", str(HERE / "drive.mjs"), "--replay", str(traces), "--chromium", CHROMIUM],
        capture_output=True, text=True, timeout=600, cwd=HERE,
        env=dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1"))
    assert done.returncode == 0, f"drive.mjs --replay failed:\n{done.stderr[-4000:]}"
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["outside_requests"] == []
    assert result["runtime"]["platform"] == "emscripten"
    native = native_answers(trace)
    as_played, late = result["replays"]
    for got in (as_played, late):
        assert got["seed"] == SEED and got["done"] and not got["unfinished"]
        assert (got["tricks"], got["turning"]) == (native["tricks"], native["turning"])
    assert not late["ready"] and late["frames"] > 0
    with capsys.disabled():
        print(f"\nseed {SEED}'s review in WebAssembly: {late['frames']} frames of 6 ms "
              f"when all of it is left to after the hand; as played, ready at the hand's "
              f"end: {as_played['ready']}, slices p95 {as_played['slice_p95']:.1f} ms",
              end="")
