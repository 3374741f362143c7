"""How long a computer player takes to decide: ``python -m spades bench --players``.

Plays deals with the measured strength in seats 0 and 2 and normal in the others
(at three: normal at 1; at two, the measured strength at 0 and normal at 1),
from the tournament's sampled match situations, and times every decision the
measured player makes (the whole search, as ``player.choose`` runs it). It prints
the median, 95th and 99th percentiles and the worst time for cards and for bids, how
many decisions were searched at all, how many of those the search settled before
its budget, and the machine's load average and speed (a reference rollout, read
before, through and after the run), since the wall times mean something only on a
quiet, steady core; the process's CPU time is given beside them.
"""

from __future__ import annotations

import os
import time
from typing import Any

from ..engine.rules import preset
from . import SEARCHERS, make_player
from .tournament import _percentile, situation, table_match


def _load() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:  # not every platform has it
        return None


# The speed of the machine in the unit hard spends: microseconds a card played out in
# a rollout, from a fixed position (the first deal of seed 0, bid 3 all round, every
# seat by the normal rules). Decision times are worth comparing between machines only
# beside it: docs/measuring.md gives it with each bench it reports.
REFERENCE_PLAY_OUTS = 300


def rollout_speed(repeats: int = 9) -> float:
    """Microseconds a card played out, the best of ``repeats`` runs of the same work."""
    from ..ai.position import Position
    from ..ai.styles import play_out
    from ..engine.match import deal_hands

    start = Position(preset("standard"))
    start.hands = list(deal_hands(0, 0, 3))
    start.bids = [3, 3, 3, 3]
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(REFERENCE_PLAY_OUTS):
            play_out(start.copy(), ["normal"] * start.rules.seats)
        best = min(best, time.perf_counter() - t0)
    return round(best / (REFERENCE_PLAY_OUTS * 52) * 1e6, 2)


def time_decisions(
    strength: str = "hard", deals: int = 40, seed: int = 1, rules: str = "standard",
    iterations: int | None = None, on_deal: Any = None,
) -> dict[str, Any]:
    """Time ``strength``'s decisions over ``deals`` deals (seats 0 and 2 against normal;
    at two seat 0). Two-handed's draw is not timed (every strength decides it at once)."""
    from ..ai.search import _Search

    ruleset = preset(rules)
    options = {"rollouts": iterations} if iterations is not None and strength in SEARCHERS else {}
    times: dict[str, list[float]] = {"card": [], "bid": []}
    cpu: dict[str, list[float]] = {"card": [], "bid": []}
    searched = {"card": 0, "bid": 0}
    settled = {"card": 0, "bid": 0}
    rollouts = {"card": 0, "bid": 0}
    load_before = _load()
    speed_before = rollout_speed()
    speeds = [speed_before]
    for d in range(deals):
        sit = situation(seed, d, False, ruleset)
        match = table_match(ruleset, sit, ["A", "B", "A", "B"])
        players = [make_player(strength if s % 2 == 0 else "normal", seed=f"{seed}/{d}/{s}",
                               **(options if s % 2 == 0 else {}))
                   for s in range(ruleset.seats)]
        while not match.history:
            seat = match.to_act
            view = match.view(seat)
            kind = {"bidding": "bid", "drawing": "draw"}.get(match.phase, "card")
            t0, c0 = time.perf_counter(), time.process_time()
            thinker = players[seat].think(view)
            action = thinker.finish()
            elapsed = time.perf_counter() - t0
            if seat % 2 == 0 and kind != "draw":  # the draw: normal's estimate, at once
                times[kind].append(elapsed)
                cpu[kind].append(time.process_time() - c0)
                if isinstance(thinker, _Search):
                    searched[kind] += 1
                    settled[kind] += thinker.stopped_early
                    rollouts[kind] += thinker.iterations
            match.apply(action)
        if on_deal is not None:
            on_deal(d + 1)
        if (d + 1) % SPEED_EVERY == 0 and d + 1 < deals:
            speeds.append(rollout_speed())
    out: dict[str, Any] = {"strength": strength, "deals": deals, "seed": seed, "rules": rules,
                           "iterations": iterations, "load_before": load_before,
                           "load_after": _load(), "rollout_us_before": speed_before}
    out["rollout_us_per_card"] = rollout_speed()
    speeds.append(out["rollout_us_per_card"])
    out["rollout_us_range"] = [min(speeds), max(speeds)]
    for kind in ("card", "bid"):
        v = times[kind]
        out[kind] = {
            "count": len(v),
            "searched": searched[kind],
            "settled_early": settled[kind],
            "mean_rollouts": round(rollouts[kind] / searched[kind], 1) if searched[kind] else 0,
            "p50": round(1000 * _percentile(v, 0.5), 2),
            "p95": round(1000 * _percentile(v, 0.95), 2),
            "p99": round(1000 * _percentile(v, 0.99), 2),
            "max": round(1000 * max(v, default=0.0), 2),
            "mean": round(1000 * sum(v) / len(v), 2) if v else 0.0,
            # The process's own CPU time: what the decision costs on a core of its own
            # (wall time grows with whatever else the machine is running).
            "cpu_p50": round(1000 * _percentile(cpu[kind], 0.5), 2),
            "cpu_p95": round(1000 * _percentile(cpu[kind], 0.95), 2),
            "cpu_max": round(1000 * max(cpu[kind], default=0.0), 2),
        }
    return out


# A shared machine's speed wanders (the same code has read 2.1 and 3.2 microseconds a
# card within minutes), so the reference is read before the run, every SPEED_EVERY
# deals and after it; a run whose readings spread wider than this did not time a
# steady core.
SPEED_DRIFT = 0.15
SPEED_EVERY = 10


def drifted(out: dict[str, Any]) -> bool:
    low, high = out["rollout_us_range"]
    return high - low > SPEED_DRIFT * low


def _seats(rules: str) -> str:
    return {4: "seats 0 and 2, normal at 1 and 3", 3: "seats 0 and 2, normal at 1",
            2: "seat 0, normal at 1"}[preset(rules).seats]


def format_timing(out: dict[str, Any]) -> str:
    lines = [
        f"Decision times of {out['strength']} ({_seats(out['rules'])}): "
        f"{out['deals']} deals, seed {out['seed']}, rules {out['rules']}, "
        + (f"{out['iterations']} rollouts" if out["iterations"] is not None
           else "its default budget")
        + f"; load average {out['load_before']} before, {out['load_after']} after",
        f"  this machine: {out['rollout_us_before']:.2f} microseconds a card played out in a "
        f"reference rollout before the run, {out['rollout_us_per_card']:.2f} after, "
        f"{out['rollout_us_range'][0]:.2f} to {out['rollout_us_range'][1]:.2f} through it "
        "(decision times scale with it)",
    ]
    if drifted(out):
        lines.append(
            "  the machine's speed changed during the run by more than "
            f"{round(100 * SPEED_DRIFT)}%: these times are not a quiet core's; run it again"
        )
    for kind in ("card", "bid"):
        t = out[kind]
        lines.append(
            f"  {kind}s: {t['count']} decisions, {t['searched']} searched "
            f"({t['settled_early']} settled before the budget, {t['mean_rollouts']} rollouts "
            f"on average): p50 {t['p50']:.1f} ms, p95 {t['p95']:.1f} ms, "
            f"p99 {t['p99']:.1f} ms, max {t['max']:.1f} ms (mean {t['mean']:.1f}); "
            f"CPU time p50 {t['cpu_p50']:.1f}, p95 {t['cpu_p95']:.1f}, max {t['cpu_max']:.1f} ms"
        )
    return "\n".join(lines)


__all__ = ["drifted", "format_timing", "time_decisions"]
