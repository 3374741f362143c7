"""Is "With all cards seen" ready when the hand ends? The real App, headless.

For each table seed, the App plays its first hand by itself (``main.py --autoplay``'s
players and clicks, at normal speed, on a fixed clock of 60 frames a second without
waiting: each frame does the work it would do at the table, the review's slices
included), opens All cards seen at once after the last trick, and counts the frames
until the review is complete. It prints, per seed: whether the headline and the
whole review were ready on opening, the frames from opening to complete, the
positions ever set aside past their node limit and those still unfinished, the
review's processor time and its slices, and the frames' processor time during
the hand (p95, max: this thread's, so other work on the machine does not count). With
``--compare`` each seed is played again with the review worked out only when opened
(as before, and at a shared table), and the two hands' frame times are printed side
by side.

Natively the review also takes what each frame leaves of its 16.7 ms once drawn
(``App.work_idle``): on the fixed clock, what the frame's processor time leaves.
``--no-idle`` leaves that out, as the browser does, where the review has only the
think budget's spare.

``python -m spades.tools.review_ready --seeds 1-30 [--size 1280x720] [--compare]
[--no-idle]``
"""

from __future__ import annotations

import argparse
import gc
import os
import tempfile
import time

FPS = 60
HAND_FRAMES = 20_000  # a first hand at normal speed takes some 4,000


def seeds_of(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def percentile(times: list[float], p: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0


def play_first_hand(seed: int, size: str, ahead: bool, idle: bool = True) -> dict:
    """The first hand of ``seed`` played to its breakdown, All cards seen opened there
    and worked to the end; what was measured."""
    from ..solver.review import HandReview
    from ..ui.app import App, parse_args
    from ..ui.table.scene import TableScene

    TableScene.review_ahead = ahead
    # The seeds before this one left their App behind (an App holds itself in cycles):
    # collected now, untimed, so that no frame of this hand pays for walking and
    # freeing another hand's tables, as the first hand of a real session never does.
    gc.collect()
    slices: list[float] = []
    step = HandReview.step

    def timed(review: HandReview, seconds: float = 0.004) -> bool:
        start = time.thread_time()
        try:
            return step(review, seconds)
        finally:
            slices.append((time.thread_time() - start) * 1000)

    HandReview.step = timed  # type: ignore[method-assign]
    app = App(parse_args(["--autoplay", "--seed", str(seed), "--size", size]))
    frame_ms: list[float] = []
    busy_ms: list[float] = []  # each frame with the review's work in its idle time

    def frame() -> tuple[float, float]:
        start = time.thread_time()
        app.frame(1 / FPS)
        spent = (time.thread_time() - start) * 1000
        if idle:
            app.work_idle(spent)
        return spent, (time.thread_time() - start) * 1000

    for _ in range(HAND_FRAMES):
        spent, busy = frame()
        frame_ms.append(spent)
        busy_ms.append(busy)
        scene = app.scene
        if isinstance(scene, TableScene) and scene.breakdown is not None:
            break
    else:
        raise SystemExit(f"seed {seed}: the first hand did not end in {HAND_FRAMES} frames")
    app.autopilot = None  # the player stays on the review
    review = scene.review if ahead else None
    ready = review is not None and review.status == "done"
    headline = review is not None and review.opening() is not None
    scene.open_seen()
    review = scene.review
    frames = 0
    while review.status == "running" and frames < 60 * FPS:
        frame()
        frames += 1
    HandReview.step = step  # type: ignore[method-assign]
    return {"ready": ready, "headline": headline, "frames": frames,
            "done": review.status == "done", "aside": len(review.tries),
            "unfinished": len(review.unfinished), "cpu": sum(slices) / 1000,
            "hand_frames": len(frame_ms), "p95": percentile(frame_ms, 0.95),
            "max": max(frame_ms), "busy_p95": percentile(busy_ms, 0.95),
            "busy_max": max(busy_ms), "slice_p95": percentile(slices, 0.95),
            "slice_max": max(slices, default=0.0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spades.tools.review_ready",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-30", help="table seeds, e.g. 1-30 or 3,7")
    parser.add_argument("--size", default="1280x720", help="the window, WxH")
    parser.add_argument("--compare", action="store_true",
                        help="also play each hand with the review worked out only when "
                             "opened, and print both hands' frame times")
    parser.add_argument("--no-idle", action="store_true",
                        help="no review in the frames' idle time (as in the browser)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["SPADES_DATA_DIR"] = tempfile.mkdtemp(prefix="spades-review-ready-")
    complete = within = unfinished = 0
    seeds = seeds_of(args.seeds)
    p95s: list[tuple[float, float]] = []
    maxes: list[tuple[float, float]] = []
    for seed in seeds:
        got = play_first_hand(seed, args.size, True, not args.no_idle)
        complete += got["done"]
        within += got["done"] and got["frames"] <= FPS
        unfinished += got["unfinished"]
        line = (f"seed {seed:3}: headline {'ready' if got['headline'] else 'not ready'}, "
                f"review {'ready' if got['ready'] else 'not ready'} on opening, complete "
                f"{got['frames']} frames after, {got['aside']} set aside, "
                f"{got['unfinished']} unfinished, review cpu {got['cpu']:.1f} s, slices "
                f"p95 {got['slice_p95']:.1f} ms max {got['slice_max']:.1f} ms; hand "
                f"{got['hand_frames']} frames, cpu p95 {got['p95']:.1f} ms, max "
                f"{got['max']:.1f} ms, with the idle time's review p95 "
                f"{got['busy_p95']:.1f} ms, max {got['busy_max']:.1f} ms")
        if args.compare:
            before = play_first_hand(seed, args.size, False, not args.no_idle)
            line += (f"; when opened only: p95 {before['p95']:.1f} ms, max "
                     f"{before['max']:.1f} ms")
            p95s.append((got["p95"], before["p95"]))
            maxes.append((got["max"], before["max"]))
        print(line, flush=True)
    print(f"complete within {FPS} frames of opening: {within} of {len(seeds)}; "
          f"complete at all: {complete}; unfinished positions: {unfinished}")
    if p95s:
        def mean(xs: list[float]) -> float:
            return sum(xs) / len(xs)
        print(f"hand frames, worked out during the hand / only when opened: p95 mean "
              f"{mean([a for a, _ in p95s]):.1f} / {mean([b for _, b in p95s]):.1f} ms, "
              f"max of max {max(a for a, _ in maxes):.1f} / "
              f"{max(b for _, b in maxes):.1f} ms")
    return 0 if within == len(seeds) and not unfinished else 1


if __name__ == "__main__":
    raise SystemExit(main())
