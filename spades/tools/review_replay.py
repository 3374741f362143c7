"""A recorded first hand's "With all cards seen" worked out again, frame by frame, as
the table works it out: natively, or in WebAssembly (the browser test's Pyodide runs
this module, which imports nothing of pygame).

A trace (``spades.tools.review_trace`` records it from the real App, natively) holds
the hand's record and, for each frame of the table from the deal to the hand's
breakdown, how many bids and cards the match had and what the frame's thinking left
to the review (``spare_ms``: the computer players' 6-ms budget less what the frame's
update took). ``replay`` builds the review at the deal as ``follow_hand`` does, and
each frame gives it the bids (once all are in) and the cards the match had and a
step of ``spare_ms`` (when it is at least half a millisecond), timed on this
interpreter's clock (in the browser, the page's). The player opens the review at
once after the last trick: from then on a step of the table's 6 ms a frame until it
is over, a frame being 1/60 s of the player's time (5 s: 300 frames).

What it models and what it leaves out:

- The frames of the hand are the native App's: in WebAssembly the computers' thinking
  takes longer (about 1.5 times), which gives the hand more frames, each with the same
  per-frame budget (a decision thinks 6 ms a frame until it is made, so its frames
  leave nothing and the frame that ends it leaves what it did not use); the extra
  frames are left out, so the replay gives the review no more spare than the browser
  would and, by those frames, somewhat less time.
- The rest of a frame (drawing, sound, input) is not run: it takes the frame's time,
  not the review's budget, as it does at the table.
- Only the think-budget spare is replayed: an idle slice after the frame is drawn,
  which the desktop may give the review, is not in the trace.
- The opening position is the record's, after the bids (and any passing); at the
  table a hand with passing begins its review after the passing, as here.
"""

from __future__ import annotations

import time
from typing import Any

from ..engine.cards import parse_card
from ..engine.record import match_at
from ..solver.position import Position
from ..solver.review import HandReview

FPS = 60
THINK_MS = 6.0  # what the table gives the review each frame once it is open
OPEN_FRAMES = 300 * FPS  # the most frames the opened review is given here (5 min)
WITHIN_FRAMES = 5 * FPS  # the browser's target: complete within 5 s of opening


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0


def start_of(record: dict[str, Any]) -> tuple[Position, str, dict[int, int], list[int]]:
    """The hand's opening lead (after the bids and any passing), its rule for a failed
    nil's tricks, its bids by seat and its cards in the order played."""
    match = match_at(record, len(record["bids"]), 0)
    plays = [parse_card(text, match.rules.cards) for text in record["plays"]]
    return Position.of_match(match), match.rules.failed_nil_tricks, \
        dict(match.bid_order), plays


def tenths(slices: list[float]) -> dict[str, int]:
    """Slices counted by their time in tenths of a millisecond (JSON's keys are text):
    all seeds' slices pooled in little room."""
    counts: dict[str, int] = {}
    for ms in slices:
        key = str(round(ms * 10))
        counts[key] = counts.get(key, 0) + 1
    return counts


def pooled(results: list[dict[str, Any]], p: float) -> float:
    """The ``p`` percentile of every seed's slices together, in ms."""
    counts: dict[int, int] = {}
    for got in results:
        for key, n in got["slice_tenths"].items():
            counts[int(key)] = counts.get(int(key), 0) + n
    rank = int(p * sum(counts.values()))
    for tenth in sorted(counts):
        rank -= counts[tenth]
        if rank < 0:
            return tenth / 10
    return 0.0


def replay(trace: dict[str, Any], think_ms: float = THINK_MS) -> dict[str, Any]:
    """The trace's review worked out frame by frame; what it took (JSON-able)."""
    start, failed_nil_tricks, bids, plays = start_of(trace["record"])
    review = HandReview(start, failed_nil_tricks=failed_nil_tricks)
    hand_slices: list[float] = []
    waited = 0
    headline_s = 0.0  # the review's time when the opening lead's answers were known
    for n_bids, n_plays, spare in zip(trace["bids"], trace["plays"], trace["spare"],
                                      strict=True):
        if n_bids == len(bids):
            review.bid(bids)
        for card in plays[len(review.plays):n_plays]:
            review.play(card)
        if review.status == "running" and spare >= 0.5:
            t0 = time.perf_counter()
            review.step(spare / 1000.0)
            took = (time.perf_counter() - t0) * 1000.0
            if not headline_s and review.done[0]:
                headline_s = review.seconds
            if review.idle and took < 0.5:
                waited += 1  # nothing to do until the next card: not a slice
            else:
                hand_slices.append(took)
    review.bid(bids)
    for card in plays[len(review.plays):]:
        review.play(card)
    headline = review.opening() is not None
    ready = review.status == "done"
    hand_s = review.seconds
    open_slices: list[float] = []
    headline_frames = 0  # after opening, when the headline was not ready at the end
    while review.status == "running" and len(open_slices) < OPEN_FRAMES:
        t0 = time.perf_counter()
        review.step(think_ms / 1000.0)
        open_slices.append((time.perf_counter() - t0) * 1000.0)
        if not headline_frames and not headline and review.done[0]:
            headline_frames = len(open_slices)
            headline_s = review.seconds
    opening = review.opening()
    every = hand_slices + open_slices
    return {
        "seed": trace["seed"], "hand_frames": len(trace["spare"]),
        "spare_s": round(sum(s for s in trace["spare"] if s >= 0.5) / 1000.0, 1),
        "headline": headline, "headline_frames": headline_frames,
        "headline_s": round(headline_s, 2), "ready": ready,
        "done": review.status == "done",
        "frames": len(open_slices),
        "unfinished": sorted(review.unfinished), "aside": len(review.tries),
        "nodes": review.nodes, "review_s": round(review.seconds, 2),
        "hand_review_s": round(hand_s, 2),
        "slices": len(every), "waited": waited, "slice_p50": round(percentile(every, 0.5), 2),
        "slice_p95": round(percentile(every, 0.95), 2),
        "slice_max": round(max(every, default=0.0), 2),
        "slice_tenths": tenths(every),
        "turning": review.turning_point(),
        "tricks": list(opening.tricks) if opening is not None else None,
    }


def native_answers(trace: dict[str, Any]) -> dict[str, Any]:
    """The same hand reviewed natively to the end at once: the answers to compare."""
    start, failed_nil_tricks, bids, plays = start_of(trace["record"])
    review = HandReview(start, plays, bids, failed_nil_tricks).run()
    opening = review.opening()
    return {"turning": review.turning_point(),
            "tricks": list(opening.tricks) if opening is not None else None}


def line_of(got: dict[str, Any]) -> str:
    """One seed's figures, in words."""
    frames = got["frames"]
    headline = f"ready ({got['headline_s']:.1f} s)" if got["headline"] else \
        f"not ready ({got['headline_frames']} frames after opening, " \
        f"{got['headline_s']:.1f} s)"
    done = f"complete {frames} frames ({frames / FPS:.1f} s) after opening" \
        if got["done"] else f"NOT complete {frames} frames ({frames / FPS:.0f} s) after opening"
    unfinished = f" {got['unfinished']}" if got["unfinished"] else ""
    return (f"seed {got['seed']:3}: headline {headline}, review "
            f"{'ready' if got['ready'] else 'not ready'} at the hand's end; {done}, "
            f"{len(got['unfinished'])} unfinished{unfinished}, {got['aside']} set aside; "
            f"{got['nodes'] / 1e6:.2f} M nodes, review {got['review_s']:.1f} s "
            f"({got['hand_review_s']:.1f} in the hand); slices p50 {got['slice_p50']:.1f} "
            f"ms p95 {got['slice_p95']:.1f} ms max {got['slice_max']:.1f} ms; hand "
            f"{got['hand_frames']} frames, {got['spare_s']:.1f} s spare")


def summary_of(results: list[dict[str, Any]]) -> str:
    within = sum(r["done"] and r["frames"] <= WITHIN_FRAMES for r in results)
    ready = sum(r["ready"] for r in results)
    slices = [r["slice_p95"] for r in results]
    return (f"complete within 5 s of opening: {within} of {len(results)}; ready at the "
            f"hand's end: {ready}; unfinished positions: "
            f"{sum(len(r['unfinished']) for r in results)}; all slices p50 "
            f"{pooled(results, 0.5):.1f} ms, p95 {pooled(results, 0.95):.1f} ms (the "
            f"seeds' p95 {min(slices, default=0):.1f} to {max(slices, default=0):.1f} ms), "
            f"max {max((r['slice_max'] for r in results), default=0):.1f} ms")
