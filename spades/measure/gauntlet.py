"""The gauntlet: two players measured against the same opponent zoo, on the same deals.

A head-to-head tournament only says how A does against B. A player tuned against
normal can beat normal and still do no better than normal against people who play
otherwise, so the gauntlet seats A, then B, against every member of the zoo (easy
and ``zoo.ZOO``) on the same cards: each deal is played at four tables per zoo member
(A against it with the partnerships both ways, then B likewise), from the same match
situation, with the zoo player seeded alike at A's tables and at B's.

A's margin at a deal is its score minus the zoo side's, the mean of its two tables;
the figure is A's margin minus B's. At three and two (cutthroat, two-handed) each plays
alone: A sits at a table for each seat with the zoo member in the other seats (then B
likewise), its margin the mean over those tables of its score minus the mean of the
others', against the zoo that plays alone (easy and ``zoo.ALONE_ZOO``); whole matches
(``--matches``) seat four only. Bags are priced at their long-run cost (the
penalty over the limit, 10 points a bag under standard rules) instead of the lumpy
penalty, the way the hard player judges them; the unpriced figure is given too.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from ..ai.reading import Reading
from ..engine.match import OVER, Match
from ..engine.rules import RulesError, four_seat_preset, preset
from . import SEARCHERS, gauntlet_zoo, make_player, refusal
from .tournament import (
    decision_ms,
    diff_progress,
    play_deals,
    play_table,
    situation,
    table_names,
    table_players,
)


def _side(result, team: int, bag_cost: float) -> dict[str, Any]:
    t = result.teams[team]
    penalty = sum(line.points for line in t.lines if line.kind == "bag_penalty")
    kinds = [line.kind for line in t.lines]
    return {
        "points": t.points,
        "priced": t.points - penalty - bag_cost * t.bags,
        "contract": t.contract,
        "set": bool(t.contract) and t.counted < t.contract,
        "bags": t.bags,
        "nil": [k == "nil_made" for k in kinds if k in ("nil_made", "nil_failed")],
        "blind_nil": [k == "blind_nil_made" for k in kinds
                      if k in ("blind_nil_made", "blind_nil_failed")],
    }


def run_deals(
    args: dict[str, Any], deals: range, on_row: Callable[[dict], None] | None = None
) -> dict[str, Any]:
    rules = preset(args["rules"])
    bag_cost = rules.bag_penalty_points / rules.bag_limit if rules.bag_penalty else 0.0
    options = {"rollouts": args["iterations"]} if args.get("iterations") is not None else {}
    timings: dict = {(side, kind): [] for side in "AB" for kind in ("bid", "card")}
    rows = []
    for d in deals:
        sit = situation(args["seed"], d, args["fresh"], rules)
        row: dict[str, Any] = {"deal": d, "zoo": {}}
        for z in args["zoo"]:
            entry: dict[str, Any] = {}
            for side in "AB":
                strengths = {"A": args[side.lower()], "B": z}
                stats = []
                clock: dict = {("A", "bid"): [], ("A", "card"): [],
                               ("B", "bid"): [], ("B", "card"): []}
                for names in table_names(rules):
                    players = table_players(strengths, names, f"{args['seed']}/{d}", options)
                    result = play_table(rules, sit, names, players, clock)
                    if rules.partnerships:
                        me = 0 if names[0] == "A" else 1
                        stats.append({"me": _side(result, me, bag_cost),
                                      "zoo": _side(result, 1 - me, bag_cost)})
                    else:  # alone: the zoo's figure is the mean of the other players'
                        me = names.index("A")
                        zoo = [_side(result, q, bag_cost) for q in range(rules.seats) if q != me]
                        stats.append({"me": _side(result, me, bag_cost), "zoo": {
                            k: statistics.fmean(x[k] for x in zoo) for k in ("priced", "points")}})
                for kind in ("bid", "card"):
                    timings[(side, kind)].extend(clock[("A", kind)])
                entry[side] = {
                    "margin": statistics.fmean(s["me"]["priced"] - s["zoo"]["priced"]
                                               for s in stats),
                    "raw": statistics.fmean(s["me"]["points"] - s["zoo"]["points"] for s in stats),
                    "tables": [s["me"] for s in stats],
                }
            entry["diff"] = entry["A"]["margin"] - entry["B"]["margin"]
            entry["raw_diff"] = entry["A"]["raw"] - entry["B"]["raw"]
            row["zoo"][z] = entry
        row["diff"] = statistics.fmean(e["diff"] for e in row["zoo"].values())
        rows.append(row)
        if on_row is not None:
            on_row(row)
    return {"rows": rows, "timings": {f"{s}/{k}": v for (s, k), v in timings.items()}}


def play_match(rules, seed: Any, names: list[str], players: list[Any], readings: list,
               max_hands: int, timings: dict) -> Any:
    """A whole match at one table from 0 to 0 (``names[s]`` is the side at seat s);
    ``readings`` are kept up to date with its finished hands before every decision."""
    match = Match(rules, seed)
    seen = 0
    while match.phase != OVER and len(match.history) < max_hands:
        if len(match.history) != seen:
            seen = len(match.history)
            for reading in readings:
                reading.sync(match.history)
        seat = match.to_act
        kind = "bid" if match.phase == "bidding" else "card"
        t0 = time.perf_counter()
        action = players[seat].choose(match.view(seat))
        timings[(names[seat], kind)].append(time.perf_counter() - t0)
        match.apply(action)
    return match


def run_matches(
    args: dict[str, Any], matches: range, on_row: Callable[[dict], None] | None = None
) -> dict[str, Any]:
    """The gauntlet in whole matches, so a player that reads its opponents can learn:
    every match is played at four tables a zoo member like a deal (the same cards
    hand by hand, since a match's deals follow its seed and the hand number). A side's
    figure for a match is its points a hand minus the zoo side's, the mean of its two
    tables; the hands after the first ``LATE_HAND`` are also counted apart."""
    rules = preset(args["rules"])
    bag_cost = rules.bag_penalty_points / rules.bag_limit if rules.bag_penalty else 0.0
    options = {"rollouts": args["iterations"]} if args.get("iterations") is not None else {}
    timings: dict = {(side, kind): [] for side in "AB" for kind in ("bid", "card")}
    rows = []
    for m in matches:
        row: dict[str, Any] = {"deal": m, "zoo": {}}
        for z in args["zoo"]:
            entry: dict[str, Any] = {}
            for side in "AB":
                strengths = {"A": args[side.lower()], "B": z}
                clock: dict = {(x, k): [] for x in "AB" for k in ("bid", "card")}
                tables, margins, raws, late, won = [], [], [], [], []
                for names in (["A", "B", "A", "B"], ["B", "A", "B", "A"]):
                    reading = Reading()
                    players = []
                    for s in range(rules.seats):
                        name = strengths[names[s]]
                        extra = dict(options) if name in SEARCHERS else {}
                        if name == "hard":
                            extra["reading"] = reading
                        players.append(make_player(name, seed=f"{args['seed']}/m{m}/{s}",
                                                   **extra))
                    match = play_match(rules, f"{args['seed']}/match/{m}", names, players,
                                       [reading], args["max_hands"], clock)
                    me = 0 if names[0] == "A" else 1
                    hands = []
                    for result in match.history:
                        mine = _side(result, me, bag_cost)
                        theirs = _side(result, 1 - me, bag_cost)
                        tables.append(mine)
                        hands.append((mine["priced"] - theirs["priced"],
                                      mine["points"] - theirs["points"]))
                    margins.append(statistics.fmean(h[0] for h in hands))
                    raws.append(statistics.fmean(h[1] for h in hands))
                    later = [h[0] for h in hands[LATE_HAND:]]
                    late.append(statistics.fmean(later) if later else 0.0)
                    won.append(1.0 if match.winner == me else (0.5 if match.winner is None
                                                               else 0.0))
                for kind in ("bid", "card"):
                    timings[(side, kind)].extend(clock[("A", kind)])
                entry[side] = {"margin": statistics.fmean(margins), "raw": statistics.fmean(raws),
                               "late": statistics.fmean(late), "won": statistics.fmean(won),
                               "tables": tables}
            entry["diff"] = entry["A"]["margin"] - entry["B"]["margin"]
            entry["raw_diff"] = entry["A"]["raw"] - entry["B"]["raw"]
            entry["late_diff"] = entry["A"]["late"] - entry["B"]["late"]
            row["zoo"][z] = entry
        row["diff"] = statistics.fmean(e["diff"] for e in row["zoo"].values())
        row["late_diff"] = statistics.fmean(e["late_diff"] for e in row["zoo"].values())
        rows.append(row)
        if on_row is not None:
            on_row(row)
    return {"rows": rows, "timings": {f"{s}/{k}": v for (s, k), v in timings.items()}}


LATE_HAND = 3  # in match mode, hands from the fourth on are also counted apart


def _interval(values: list[float]) -> tuple[float, list[float]]:
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return round(mean, 2), [round(mean - half, 2), round(mean + half, 2)]


def _side_figures(tables: list[dict]) -> dict[str, Any]:
    contracts = [t for t in tables if t["contract"]]
    sets = sum(t["set"] for t in contracts)
    nils = [made for t in tables for made in t["nil"]]
    blind = [made for t in tables for made in t["blind_nil"]]
    return {
        "hands": len(tables),
        "contracts": len(contracts),
        "set": sets,
        "set_rate": round(sets / len(contracts), 3) if contracts else 0.0,
        "nil": {"bid": len(nils), "made": sum(nils),
                "rate": round(sum(nils) / len(nils), 3) if nils else None},
        "blind_nil": {"bid": len(blind), "made": sum(blind)},
        "bags_per_hand": round(sum(t["bags"] for t in tables) / len(tables), 3)
        if tables else 0.0,
    }


def summarise(args: dict[str, Any], rows: list[dict], timings: dict[str, list]) -> dict:
    def block(entries: list[dict], diffs: list[float]) -> dict[str, Any]:
        mean, ci = _interval(diffs)
        raw = statistics.fmean(e["raw_diff"] for e in entries) if entries else 0.0
        out: dict[str, Any] = {"a_minus_b": mean, "ci95": ci, "unpriced": round(raw, 2)}
        if entries and "late_diff" in entries[0]:
            late, late_ci = _interval([e["late_diff"] for e in entries])
            out["late"] = {"a_minus_b": late, "ci95": late_ci}
        for side in "AB":
            figures = _side_figures([t for e in entries for t in e[side]["tables"]])
            figures["margin"] = round(statistics.fmean(e[side]["margin"] for e in entries), 2) \
                if entries else 0.0
            if entries and "won" in entries[0][side]:
                figures["matches_won"] = round(
                    statistics.fmean(e[side]["won"] for e in entries), 3)
            out[side] = figures
        return out

    per_zoo = {}
    for z in args["zoo"]:
        entries = [r["zoo"][z] for r in rows]
        per_zoo[z] = block(entries, [e["diff"] for e in entries])
    every = [e for r in rows for e in r["zoo"].values()]
    overall = block(every, [r["diff"] for r in rows])
    if rows and "late_diff" in rows[0]:
        late, late_ci = _interval([r["late_diff"] for r in rows])
        overall["late"] = {"a_minus_b": late, "ci95": late_ci}
    return {
        "a": args["a"],
        "b": args["b"],
        "zoo": list(args["zoo"]),
        "rules": args["rules"],
        "mode": "matches" if args.get("matches") else "deals",
        "deals": len(rows),
        "seed": args["seed"],
        "situations": "fresh" if args["fresh"] else "sampled",
        "iterations": args.get("iterations"),
        "overall": overall,
        "per_zoo": per_zoo,
        "decision_ms": {
            side: {
                kind: decision_ms(timings[f"{side}/{kind}"]) for kind in ("card", "bid")
            }
            for side in "AB"
        },
    }


MAX_HANDS = 40  # in match mode, a match still on after this many hands stops there


def gauntlet(
    a: str, b: str, deals: int, seed: int, rules: str = "standard",
    iterations: int | None = None, fresh: bool = False, workers: int = 1,
    zoo: tuple[str, ...] | list[str] | None = None, on_row: Callable[[dict], None] | None = None,
    matches: bool = False, max_hands: int = MAX_HANDS,
) -> dict[str, Any]:
    """Play the gauntlet; ``on_row`` hears of each finished deal (in finishing order).
    With ``matches``, ``deals`` counts whole matches from 0 to 0 instead (``run_matches``).
    ``zoo`` None: every opponent that plays these rules (``gauntlet_zoo``)."""
    ruleset = preset(rules)
    zoo = gauntlet_zoo(ruleset) if zoo is None else tuple(zoo)
    args = {"a": a, "b": b, "deals": deals, "seed": seed, "rules": rules,
            "iterations": iterations, "fresh": fresh or matches, "zoo": zoo,
            "matches": matches, "max_hands": max_hands}
    if matches:
        four_seat_preset(rules)  # whole matches read the table: four seats
    for name in (a, b, *zoo):
        reason = refusal(name, ruleset)
        if reason is not None:
            raise RulesError(reason)
        make_player(name)
    run = run_matches if matches else run_deals
    rows, timings = play_deals(run, args, deals, workers, on_row)
    return summarise(args, rows, timings)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _nil(n: dict) -> str:
    return f"{n['made']}/{n['bid']}" + (f" ({100 * n['rate']:.0f}%)" if n["rate"] is not None
                                        else "")


def format_report(out: dict[str, Any]) -> str:
    a, b = out["a"], out["b"]
    by_match = out.get("mode") == "matches"
    unit = "match" if by_match else "deal"
    lines = [
        f"Gauntlet: {a} (A) and {b} (B) against {', '.join(out['zoo'])}; rules "
        f"{out['rules']}, {out['deals']} {unit}{'es' if by_match else 's'} x "
        f"{2 * len(table_names(preset(out['rules'])))} tables a zoo "
        f"member, seed {out['seed']}, "
        + ("whole matches from 0 to 0" if by_match else f"{out['situations']} situations")
        + (f", {out['iterations']} rollouts" if out["iterations"] is not None else ""),
        "A - B is A's margin over the zoo side minus B's, points a "
        + ("hand (the mean over each match's hands)" if by_match else "deal") + ", bags priced",
        "",
        f"{'opponent':<12} {'A - B':>7} {'95% CI':>16} {'unpriced':>8} | "
        f"{'margin':>7} {'set':>6} {'nil made':>13} {'bags':>5} | "
        f"{'margin':>7} {'set':>6} {'nil made':>13} {'bags':>5}",
        f"{'':<12} {'':>7} {'':>16} {'':>8} | {a:^35} | {b:^35}",
    ]
    for name, f in [*out["per_zoo"].items(), ("overall", out["overall"])]:
        ci = f"[{f['ci95'][0]:+.1f}, {f['ci95'][1]:+.1f}]"
        cells = []
        for side in "AB":
            s = f[side]
            cells.append(f"{s['margin']:>+7.1f} {_pct(s['set_rate']):>6} {_nil(s['nil']):>13} "
                         f"{s['bags_per_hand']:>5.2f}")
        lines.append(f"{name:<12} {f['a_minus_b']:>+7.1f} {ci:>16} {f['unpriced']:>+8.1f} | "
                     + " | ".join(cells))
    if by_match:
        lines.append("")
        lines.append(f"From hand {LATE_HAND + 1} on (the reading has seen {LATE_HAND} hands), "
                     "matches won, and hands played (at the side's two tables):")
        for name, f in [*out["per_zoo"].items(), ("overall", out["overall"])]:
            late = f["late"]
            lines.append(
                f"{name:<12} {late['a_minus_b']:>+7.1f} "
                f"[{late['ci95'][0]:+.1f}, {late['ci95'][1]:+.1f}]; matches won: "
                f"{a} {100 * f['A']['matches_won']:.0f}%, {b} {100 * f['B']['matches_won']:.0f}%"
                f"; hands: {a} {f['A']['hands']}, {b} {f['B']['hands']}")
    for side, name in (("A", a), ("B", b)):
        t = out["decision_ms"][side]
        lines.append(
            f"{side} {name}: card p50 {t['card']['p50']:.1f} ms, p95 {t['card']['p95']:.1f} ms, "
            f"max {t['card']['max']:.1f} ms; bid p50 {t['bid']['p50']:.1f} ms, "
            f"p95 {t['bid']['p95']:.1f} ms, max {t['bid']['max']:.1f} ms"
        )
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    if args.matches is not None:
        args.deals = args.matches
    unit = "matches" if args.matches is not None else "deals"
    progress, on_row = diff_progress(args.deals, unit, per="")
    try:
        out = gauntlet(
            args.a, args.b, args.deals, args.seed, args.rules, args.iterations,
            fresh=args.situations == "fresh", workers=args.workers, zoo=args.zoo,
            on_row=on_row, matches=args.matches is not None,
        )
    except (RulesError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    finally:
        progress.clear()
    print(json.dumps(out, indent=2) if args.json else format_report(out))
    return 0
