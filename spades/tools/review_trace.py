"""Is "With all cards seen" ready when the hand ends, in the browser? Recorded from the
real App natively, replayed in WebAssembly.

pygame-ce is not in Pyodide, so the App cannot run in the browser test; the engine,
solver and players can. This command plays each table seed's first hand in the real
App headless, as ``review_ready`` does (``--autoplay``, normal speed, a fixed clock of
60 frames a second), and records per frame how many bids and cards the match had and
what the frame's thinking left to the review (the ``spare_ms`` that
``TableScene.update`` hands ``step_seen``; a slice given after the frame is drawn is
not recorded). Then ``spades/tools/review_replay.py`` (whose docstring says what the
replay models and leaves out) works each hand's review out again from the deal, frame
by frame: natively, or with ``--wasm`` in Pyodide in headless Chromium through the
browser test's driver (``tests/browser/drive.mjs --replay FILE``), on the page's
clock. It prints per seed whether the headline and the whole review were ready at
the hand's end, the frames and seconds from opening to complete, unfinished
positions, nodes, slices p50/p95/max; whether the answers (each side's tricks from
the opening lead, the turning point) are those of the hand reviewed natively at
once; and "complete within 5 s of opening: X of N".

``python -m spades.tools.review_trace --seeds 1-30 [--wasm] [--out FILE | --traces FILE]``
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .review_ready import FPS, HAND_FRAMES, seeds_of
from .review_replay import line_of, native_answers, replay, summary_of

ROOT = Path(__file__).resolve().parents[2]
DRIVER = ROOT / "tests" / "browser" / "drive.mjs"


def record_first_hand(seed: int, size: str = "1280x720") -> dict[str, Any]:
    """The first hand of ``seed`` as the App plays it: its record and, per frame from
    the deal to its breakdown, the match's bids and cards and the frame's spare."""
    from ..ui.app import App, parse_args
    from ..ui.table.scene import TableScene

    frames: dict[str, list] = {"bids": [], "plays": [], "spare": []}
    inside = [False]
    update, step_seen = TableScene.update, TableScene.step_seen

    def updating(scene: TableScene, dt: float, think_ms: float = 6.0) -> None:
        inside[0] = True
        try:
            update(scene, dt, think_ms)
        finally:
            inside[0] = False

    def seen(scene: TableScene, think_ms: float, spare_ms: float = 0.0) -> None:
        if inside[0]:  # the think budget's spare, not a slice given outside update
            match = scene.match
            done = match.history[0] if match.history else None
            frames["bids"].append(len(done.bids if done else match.bid_order))
            frames["plays"].append(len(done.plays if done else match.plays))
            frames["spare"].append(round(spare_ms, 3))
        step_seen(scene, think_ms, spare_ms)

    # The review's own work is left out of the recording (its slice comes after the
    # spare is measured, so it changes no figure recorded); it saves the machine time.
    ahead = TableScene.review_ahead
    TableScene.review_ahead = False
    TableScene.update, TableScene.step_seen = updating, seen  # type: ignore[method-assign]
    gc.collect()
    try:
        app = App(parse_args(["--autoplay", "--seed", str(seed), "--size", size]))
        for _ in range(HAND_FRAMES):
            app.frame(1 / FPS)
            scene = app.scene
            if isinstance(scene, TableScene) and scene.breakdown is not None:
                break
        else:
            raise SystemExit(f"seed {seed}: the first hand did not end in {HAND_FRAMES} "
                             "frames")
        record = scene.match.history[0].to_record()
    finally:
        TableScene.update, TableScene.step_seen = update, step_seen  # type: ignore
        TableScene.review_ahead = ahead
    return {"seed": seed, "record": record, **frames}


def in_webassembly(traces_file: Path) -> list[dict[str, Any]]:
    """The traces replayed in Pyodide in headless Chromium (the browser test's
    driver); each seed's figures."""
    done = subprocess.run(
        ["node", str(DRIVER), "--replay", str(traces_file)], cwd=DRIVER.parent,
        stdout=subprocess.PIPE, text=True, check=False,
        env=dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1"))
    if done.returncode != 0:
        raise SystemExit(f"drive.mjs --replay failed ({done.returncode})")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"in WebAssembly: Pyodide {result['runtime']['pyodide']}, Python "
          f"{result['runtime']['python']}, {result['browser']}", flush=True)
    return result["replays"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spades.tools.review_trace",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-30", help="table seeds, e.g. 1-30 or 3,7")
    parser.add_argument("--size", default="1280x720", help="the window, WxH")
    parser.add_argument("--out", help="keep the traces replayed in this JSON file")
    parser.add_argument("--traces", help="replay the traces of this file (from --out), "
                                         "those of --seeds, rather than record them")
    parser.add_argument("--wasm", action="store_true",
                        help="replay in WebAssembly (Pyodide in headless Chromium)")
    args = parser.parse_args(argv)
    seeds = seeds_of(args.seeds)
    if args.traces:
        traces = [trace for trace in json.loads(Path(args.traces).read_text(
            encoding="utf-8")) if trace["seed"] in seeds]
    else:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ["SPADES_DATA_DIR"] = tempfile.mkdtemp(prefix="spades-review-trace-")
        traces = []
        for seed in seeds:
            traces.append(record_first_hand(seed, args.size))
            print(f"seed {seed:3}: recorded, {len(traces[-1]['spare'])} frames",
                  file=sys.stderr, flush=True)
    out = Path(args.out or tempfile.mkstemp(prefix="spades-traces-", suffix=".json")[1])
    out.write_text(json.dumps(traces), encoding="utf-8")
    results = in_webassembly(out) if args.wasm else [None] * len(traces)
    wrong = compared = 0
    for i, trace in enumerate(traces):
        got = results[i] = results[i] or replay(trace)
        line = line_of(got)
        if got["done"]:  # an unfinished review has no answers to compare
            native = native_answers(trace)
            same = (got["turning"], got["tricks"]) == (native["turning"], native["tricks"])
            compared += 1
            wrong += not same
            line += "" if same else f"; ANSWERS DIFFER from native {native}"
        print(line, flush=True)
    print(summary_of(results) + f"; answers as natively: {compared - wrong} of the "
          f"{compared} complete", flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
