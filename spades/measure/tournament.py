"""Duplicate tournaments between two strengths.

Every deal is played twice with the partnerships swapped: the same cards, the same
dealer, the same match situation, so the luck of the cards cancels. A deal's figure is
the mean over its two tables of side A's hand points minus side B's. At three and two
(cutthroat, two-handed) each plays alone: a deal is played at three or two tables, A
in each seat in turn and B in the others, and a table's figure is A's hand points
minus the mean of B's.

Each deal starts from a match situation drawn from the seed (both teams' scores and
carried bags), so bags cost what they cost in a real match and blind nil comes up;
``--situations fresh`` plays every deal from 0 to 0 instead.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from ..console import Progress, mean_and_ci
from ..engine.hand import shuffled
from ..engine.match import Match, deal_hands
from ..engine.rules import STANDARD, Rules, RulesError, preset
from . import SEARCHERS, make_player, refusal


def situation(seed: Any, deal: int, fresh: bool, rules: Rules = STANDARD) -> dict[str, Any]:
    """The deal's match situation: scores in tens between the mercy line and the target,
    bags below the limit (none without a bag penalty), so the match is still on. At four
    the scores are by side (A, B); alone, by seat. Two-handed deals a stock to draw."""
    rng = random.Random(f"tournament/{seed}/{deal}")
    dealer = rng.randrange(rules.seats)
    sides = rules.sides
    if fresh:
        scores, bags = [0] * sides, [0] * sides
    else:
        low = -10 if rules.mercy is None else max(-10, rules.mercy // 10 + 1)
        high = min(45, -(-rules.target // 10))
        scores = [rng.randrange(low, high) * 10 if low < high else 0 for _ in range(sides)]
        bags = [rng.randrange(rules.bag_limit) for _ in range(sides)]
        if not rules.bag_penalty:
            bags = [0] * sides
    if rules.draws:
        cards = {"stock": tuple(shuffled(f"{seed}/{deal}", 0, rules.cards))}
    else:
        cards = {"hands": deal_hands(f"{seed}/{deal}", 0, dealer, rules.cards, rules.seats)}
    return {"dealer": dealer, **cards, "scores": scores, "bags": bags}


def table_match(rules, sit: dict[str, Any], names: list[str]) -> Match:
    """The hand of the deal's situation at one table, before the first bid: at four
    the situation's scores and bags are by side (A, B), the match's by team; alone
    both are by seat."""
    if not rules.partnerships:
        return Match(rules, 0, start=dict(sit))
    side_of_team0 = 0 if names[0] == "A" else 1
    order = (0, 1) if side_of_team0 == 0 else (1, 0)
    start = {
        "dealer": sit["dealer"],
        "hands": sit["hands"],
        "scores": [sit["scores"][order[0]], sit["scores"][order[1]]],
        "bags": [sit["bags"][order[0]], sit["bags"][order[1]]],
    }
    return Match(rules, 0, start=start)


def play_table(
    rules, sit: dict[str, Any], names: list[str], players: list[Any], timings: dict
) -> Any:
    """One hand at one table; ``names[s]`` is the strength at seat s."""
    match = table_match(rules, sit, names)
    while not match.history:
        seat = match.to_act
        view = match.view(seat)
        kind = "bid" if match.phase == "bidding" else "card"
        see_hands = getattr(players[seat], "see_hands", None)
        if see_hands is not None:  # a clairvoyant measuring player (clairvoyant.py)
            see_hands(match.hands)
        t0 = time.perf_counter()
        action = players[seat].choose(view)
        timings[(names[seat], kind)].append(time.perf_counter() - t0)
        match.apply(action)
    return match.history[0]


def run_deals(
    args: dict[str, Any], deals: range, on_row: Callable[[dict], None] | None = None
) -> dict[str, Any]:
    rules = preset(args["rules"])
    strengths = {"A": args["a"], "B": args["b"]}
    options = {"rollouts": args["iterations"]} if args.get("iterations") is not None else {}
    timings: dict = {(side, kind): [] for side in "AB" for kind in ("bid", "card")}
    rows = []
    for d in deals:
        sit = situation(args["seed"], d, args["fresh"], rules)
        tables = []
        for names in table_names(rules):
            players = table_players(strengths, names, f"{args['seed']}/{d}", options)
            result = play_table(rules, sit, names, players, timings)
            tables.append(_table_row(result, names))
        diff = sum(_a_minus_b(t) for t in tables) / len(tables)
        rows.append({"deal": d, "diff": diff, "tables": tables})
        if on_row is not None:
            on_row(rows[-1])
    return {
        "rows": rows,
        "timings": {f"{side}/{kind}": v for (side, kind), v in timings.items()},
    }


def table_names(rules: Rules) -> list[list[str]]:
    """Who sits where at each of a deal's tables: the partnerships swapped at four;
    alone, A in each seat in turn and B in the others."""
    if rules.partnerships:
        return [["A", "B", "A", "B"], ["B", "A", "B", "A"]]
    return [["A" if s == a else "B" for s in range(rules.seats)] for a in range(rules.seats)]


def _a_minus_b(table: dict) -> float:
    """A table's figure: A's hand points minus B's (alone: minus the mean of B's)."""
    a, b = side_entries(table, "A"), side_entries(table, "B")
    return (sum(e["points"] for e in a) / len(a) - sum(e["points"] for e in b) / len(b))


def side_entries(table: dict, side: str) -> list[dict]:
    """A table row's figures for ``side``: one team at four, each seat of it alone."""
    entry = table[side]
    return entry if isinstance(entry, list) else [entry]


def table_players(
    strengths: dict[str, str], names: list[str], seed: str, options: dict[str, Any]
) -> list[Any]:
    """The players of a table: seat ``s`` plays ``strengths[names[s]]`` seeded
    ``{seed}/{s}``, a searcher with ``options`` (its rollouts)."""
    return [
        make_player(strengths[names[s]], seed=f"{seed}/{s}",
                    **(options if strengths[names[s]] in SEARCHERS else {}))
        for s in range(len(names))
    ]


def _table_row(result, names: list[str]) -> dict[str, Any]:
    """A table's figures by side: at four each team's; alone a list, each seat's."""
    row: dict[str, Any] = {"table_bid": sum(max(b, 0) for _, b in result.bids)}
    alone = not result.rules.partnerships
    for team, t in enumerate(result.teams):
        side = names[team]
        nil = [line.kind for line in t.lines if "nil_" in line.kind and line.kind != "nil_tricks"]
        entry = {
            "points": t.points,
            "contract": t.contract,
            "counted": t.counted,
            "nil": [k for k in nil if not k.startswith("blind")],
            "blind_nil": [k for k in nil if k.startswith("blind")],
        }
        if alone:
            row.setdefault(side, []).append(entry)
        else:
            row[side] = entry
    return row


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


def decision_ms(seconds: list[float]) -> dict[str, Any]:
    """A player's decision times (in seconds) as the reports give them: milliseconds
    at the median, the 95th percentile and the most, and how many decisions."""
    return {
        "p50": round(1000 * _percentile(seconds, 0.5), 2),
        "p95": round(1000 * _percentile(seconds, 0.95), 2),
        "max": round(1000 * max(seconds, default=0.0), 2),
        "count": len(seconds),
    }


def nil_at_table(row: dict) -> bool:
    """Whether a nil or blind nil was bid at either of the deal's tables."""
    return any(e["nil"] or e["blind_nil"] for t in row["tables"] for side in "AB"
               for e in side_entries(t, side))


def _mean_ci(diffs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    n = len(diffs)
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("inf")
    return mean, half


def summarise(args: dict[str, Any], rows: list[dict], timings: dict[str, list]) -> dict:
    diffs = [r["diff"] for r in rows]
    n = len(diffs)
    mean, half = _mean_ci(diffs)
    by_kind = {}
    for kind, nil in (("nil", True), ("no_nil", False)):
        part = [r["diff"] for r in rows if nil_at_table(r) == nil]
        m, h = _mean_ci(part)
        by_kind[kind] = {"deals": len(part), "points_per_deal": round(m, 2),
                         "ci95": [round(m - h, 2), round(m + h, 2)]}
    sides: dict[str, Any] = {}
    for side in "AB":
        exact = bags = sets = contracts = 0
        nil_bid = nil_made = blind_bid = blind_made = 0
        for r in rows:
            for s in [e for t in r["tables"] for e in side_entries(t, side)]:
                if s["contract"]:
                    contracts += 1
                    exact += s["counted"] == s["contract"]
                    bags += s["counted"] > s["contract"]
                    sets += s["counted"] < s["contract"]
                nil_bid += len(s["nil"])
                nil_made += s["nil"].count("nil_made")
                blind_bid += len(s["blind_nil"])
                blind_made += s["blind_nil"].count("blind_nil_made")
        sides[side] = {
            "strength": args["a"] if side == "A" else args["b"],
            "contracts": contracts,
            "made_exactly": exact,
            "made_with_bags": bags,
            "set": sets,
            "set_rate": round(sets / contracts, 3) if contracts else 0.0,
            "nil": {"bid": nil_bid, "made": nil_made,
                    "rate": round(nil_made / nil_bid, 3) if nil_bid else None},
            "blind_nil": {"bid": blind_bid, "made": blind_made},
            "decision_ms": {
                kind: decision_ms(timings[f"{side}/{kind}"]) for kind in ("card", "bid")
            },
        }
    table_bids = [t["table_bid"] for r in rows for t in r["tables"]]
    return {
        "a": args["a"],
        "b": args["b"],
        "rules": args["rules"],
        "deals": n,
        "seed": args["seed"],
        "situations": "fresh" if args["fresh"] else "sampled",
        "iterations": args.get("iterations"),
        "points_per_deal": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "by_kind": by_kind,  # deals with a nil bid at either table, and without
        "deals_won": round(sum(d > 0 for d in diffs) / n, 3) if n else 0.0,
        "deals_tied": round(sum(d == 0 for d in diffs) / n, 3) if n else 0.0,
        "mean_table_bid": round(statistics.fmean(table_bids), 2) if table_bids else 0.0,
        "sides": sides,
    }


def _ignore_interrupt() -> None:
    """In a worker: leave Ctrl-C to the parent, which stops the pool quietly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_deals(
    run: Callable[..., dict[str, Any]], args: dict[str, Any], deals: int, workers: int,
    on_row: Callable[[dict], None] | None,
) -> tuple[list[dict], dict[str, list]]:
    """``run(args, range(deals), on_row)`` here, or one deal a task in ``workers``
    processes (so progress is told as deals finish); the rows in deal order and the
    timings of every part merged."""
    if workers <= 1:
        parts = [run(args, range(deals), on_row)]
    else:
        import multiprocessing

        tasks = [range(d, d + 1) for d in range(deals)]
        context = multiprocessing.get_context("spawn")
        with context.Pool(workers, initializer=_ignore_interrupt) as pool:
            parts = []
            for part in pool.imap_unordered(partial(run, args), tasks):
                parts.append(part)
                if on_row is not None:
                    for row in part["rows"]:
                        on_row(row)
    rows = sorted((r for p in parts for r in p["rows"]), key=lambda r: r["deal"])
    timings: dict[str, list] = {}
    for p in parts:
        for k, v in p["timings"].items():
            timings.setdefault(k, []).extend(v)
    return rows, timings


def diff_progress(total: int, unit: str = "deals", per: str = " a deal"):
    """A progress line for ``main`` and the ``on_row`` that updates it: how many of
    ``total`` are done and A - B so far with its 95% interval."""
    progress = Progress(total)
    sums = [0, 0.0, 0.0]  # rows, sum of diffs, sum of squares

    def on_row(row: dict) -> None:
        sums[0] += 1
        sums[1] += row["diff"]
        sums[2] += row["diff"] ** 2
        mean, half = mean_and_ci(sums[1], sums[2], sums[0])
        ci = f"[{mean - half:+.1f}, {mean + half:+.1f}]" if half < math.inf else "[-, -]"
        progress.show(f"{sums[0]}/{total} {unit}; A - B {mean:+.1f}{per}, 95% CI {ci}"
                      f"{progress.left(sums[0])}")

    return progress, on_row


def tournament(
    a: str, b: str, deals: int, seed: int, rules: str = "standard",
    iterations: int | None = None, fresh: bool = False, workers: int = 1,
    on_row: Callable[[dict], None] | None = None,
) -> dict[str, Any]:
    """Play the deals; ``on_row`` hears of each finished deal (in finishing order)."""
    args = {"a": a, "b": b, "deals": deals, "seed": seed, "rules": rules,
            "iterations": iterations, "fresh": fresh}
    for strength in (a, b):  # fail early on an unknown preset, or a four-seat player at 3/2
        reason = refusal(strength, preset(rules))
        if reason is not None:
            raise RulesError(reason)
    make_player(a)
    make_player(b)
    rows, timings = play_deals(run_deals, args, deals, workers, on_row)
    return summarise(args, rows, timings)


def format_report(out: dict[str, Any]) -> str:
    lines = [
        f"Duplicate tournament: {out['a']} (A) vs {out['b']} (B), rules {out['rules']}, "
        f"{out['deals']} deals x {len(table_names(preset(out['rules'])))} tables,"
        f" seed {out['seed']}, "
        f"{out['situations']} situations"
        + (f", {out['iterations']} rollouts" if out["iterations"] is not None else ""),
        f"  A - B: {out['points_per_deal']:+.1f} points per deal, "
        f"95% CI [{out['ci95'][0]:+.1f}, {out['ci95'][1]:+.1f}]",
        "  " + "; ".join(
            f"{label} ({k['deals']} deals): {k['points_per_deal']:+.1f} "
            f"[{k['ci95'][0]:+.1f}, {k['ci95'][1]:+.1f}]"
            for label, k in (("a nil at the table", out["by_kind"]["nil"]),
                             ("no nil", out["by_kind"]["no_nil"]))),
        f"  deals won by A: {100 * out['deals_won']:.1f}% "
        f"(tied {100 * out['deals_tied']:.1f}%); mean table bid {out['mean_table_bid']:.2f}",
    ]
    for side in "AB":
        s = out["sides"][side]
        nil = s["nil"]
        rate = f"{100 * nil['rate']:.0f}%" if nil["rate"] is not None else "-"
        lines.append(
            f"  {side} {s['strength']:>6}: contracts {s['contracts']}: exactly "
            f"{s['made_exactly']}, with bags {s['made_with_bags']}, set {s['set']} "
            f"({100 * s['set_rate']:.1f}%); nil {nil['made']}/{nil['bid']} ({rate}); "
            f"blind nil {s['blind_nil']['made']}/{s['blind_nil']['bid']}"
        )
        for kind in ("card", "bid"):
            t = s["decision_ms"][kind]
            lines.append(
                f"           {kind} decisions: p50 {t['p50']:.2f} ms, p95 {t['p95']:.2f} ms, "
                f"max {t['max']:.2f} ms ({t['count']})"
            )
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    progress, on_row = diff_progress(args.deals)
    try:
        out = tournament(
            args.a, args.b, args.deals, args.seed, args.rules, args.iterations,
            fresh=args.situations == "fresh", workers=args.workers, on_row=on_row,
        )
    except (RulesError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    finally:
        progress.clear()
    print(json.dumps(out, indent=2) if args.json else format_report(out))
    return 0
