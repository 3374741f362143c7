"""The true deal's verdict on the hard player's choices: ``python -m spades verdict``.

The search judges a choice over sampled deals; whether leaving the normal choice was
right is a question about the real cards. This plays the gauntlet's tables (hard
against each zoo member, the partnerships both ways round, the same deals and seeds)
and, at every decision where hard left the normal choice, plays the hand on from a
copy with the normal choice instead, the same players to the end. The difference in
hard's margin (its side's priced points minus the other side's, as the gauntlet
counts them) is what leaving normal was worth on the real deal.

With ``near`` it also judges the near misses: decisions where hard kept the normal
choice although another had the better average (the best such one), played on with
that other choice. Their worth says what a lower bar would have gained.

Each choice is banded by how far the search's figure cleared its bar: the average
gain over the normal choice, less the candidate's margin, in standard errors of the
difference (the search leaves normal from one standard error up for a card, one and
a half for a bid). "A deal" adds the values up in the gauntlet's unit (a zoo member's
two tables make one deal, and the members are averaged), a rough share of the edge.
"""

from __future__ import annotations

import copy
import math
import statistics
from collections.abc import Callable
from functools import partial
from typing import Any

from ..ai.bid_search import BidThinker, BlindThinker
from ..ai.hard import SearchThinker
from ..engine.actions import Bid, Play
from ..engine.legal import NIL
from ..engine.rules import four_seat_preset, preset
from . import GAUNTLET, SEARCHERS, make_player
from .gauntlet import _interval, _side
from .tournament import _ignore_interrupt, situation, table_match

# Bands of "standard errors over the bar" for the choices that left normal, and for
# the near misses (which stayed under it).
LEFT_BANDS = ((1.0, 1.5), (1.5, 2.0), (2.0, 3.0), (3.0, math.inf))
NEAR_BANDS = ((-math.inf, 0.0), (0.0, 0.5), (0.5, 1.0), (1.0, 1.5))


def _margin(result, team: int, bag_cost: float) -> float:
    return _side(result, team, bag_cost)["priced"] - _side(result, 1 - team, bag_cost)["priced"]


def _finish(match, players) -> Any:
    while not match.history:
        seat = match.to_act
        match.apply(players[seat].choose(match.view(seat)))
    return match.history[0]


def _gain(values: list[float], normal: list[float]) -> tuple[float, float]:
    """Mean gain over the normal choice on the deals both were played on, and its
    standard error (a candidate dropped early has fewer values, all from the start)."""
    n = min(len(values), len(normal))
    if n < 2:
        return 0.0, math.inf
    diffs = [a - b for a, b in zip(values[:n], normal[:n], strict=True)]
    mean = math.fsum(diffs) / n
    spread = math.fsum([(d - mean) ** 2 for d in diffs]) / (n - 1)
    return mean, math.sqrt(spread / n)


def _clears(mean: float, se: float, margin: float) -> float:
    """How many standard errors the gain clears the margin by (no spread: all or none)."""
    if se > 0:
        return (mean - margin) / se
    return math.inf if mean > margin else -math.inf


WAYS = ("lower", "higher", "nil", "off nil")  # how a bid left (or would have left) normal


def _way(normal: int, bid: int) -> str:
    if bid <= NIL:
        return "nil"
    if normal <= NIL:
        return "off nil"
    return "higher" if bid > normal else "lower"


def _choices(thinker, chosen: int, near: bool) -> list[tuple[str, int, float, float]]:
    """The choices to judge at one searched decision: ("left", the normal choice)
    when the search left it (played on with normal instead), else ("near", the best
    other candidate by average) when one did better than normal on average. Each with
    the search's gain and its clearance of the bar in standard errors."""
    k = thinker.normal_index()
    normal = thinker.candidates[k]
    if chosen != normal:
        j = thinker.candidates.index(chosen)
        mean, se = _gain(thinker.values[j], thinker.values[k])
        return [("left", normal, mean, _clears(mean, se, thinker.margin(j)))]
    if not near:
        return []
    best = None
    for j in range(len(thinker.candidates)):
        if j == k:
            continue
        mean, se = _gain(thinker.values[j], thinker.values[k])
        if mean > 0 and se < math.inf and (best is None or mean > best[2]):
            best = (j, se, mean)
    if best is None:
        return []
    j, se, mean = best
    return [("near", thinker.candidates[j], mean, _clears(mean, se, thinker.margin(j)))]


def judge_table(rules, sit: dict, names: list[str], players: list, near: bool) -> list[dict]:
    """Every judged choice of side A's searcher at one table: at action ``step`` the
    seat played ``chosen``; the branch played ``other`` there instead."""
    bag_cost = rules.bag_penalty_points / rules.bag_limit if rules.bag_penalty else 0.0
    match = table_match(rules, sit, names)
    branches = []
    step = 0  # actions applied so far
    while not match.history:
        seat = match.to_act
        view = match.view(seat)
        thinker = players[seat].think(view)
        action = thinker.finish()
        # Blind nil or a look (``BlindThinker``) is not judged: it is decided unseen, and
        # its few choices fall outside the bands of a bid.
        if (names[seat] == "A" and isinstance(thinker, SearchThinker | BidThinker)
                and not isinstance(thinker, BlindThinker)):
            chosen = action.card if isinstance(action, Play) else action.value
            for kind, other, gain, clears in _choices(thinker, chosen, near):
                branch = copy.deepcopy(match)
                branch.apply(Play(other) if isinstance(action, Play) else Bid(other))
                entry = {
                    "kind": kind, "decision": "card" if isinstance(action, Play) else "bid",
                    "step": step, "seat": seat, "chosen": chosen, "other": other,
                    "trick": len(view.trick_winners), "expected": gain, "clears": clears,
                }
                if isinstance(action, Bid):
                    entry["way"] = _way(*((other, chosen) if kind == "left" else (chosen, other)))
                branches.append((entry, branch))
        match.apply(action)
        step += 1
    team = names.index("A") & 1
    real = _margin(match.history[0], team, bag_cost)
    out = []
    for entry, branch in branches:
        other = _margin(_finish(branch, players), team, bag_cost)
        # "left": what leaving normal gained; "near": what the other choice would have.
        entry["worth"] = real - other if entry["kind"] == "left" else other - real
        out.append(entry)
    return out


def run_deals(args: dict[str, Any], deals: range) -> list[dict]:
    rules = preset(args["rules"])
    options = {"rollouts": args["iterations"]} if args.get("iterations") is not None else {}
    entries = []
    for d in deals:
        sit = situation(args["seed"], d, False, rules)
        for z in args["zoo"]:
            for names in (["A", "B", "A", "B"], ["B", "A", "B", "A"]):
                players = [
                    make_player(args["strength"], seed=f"{args['seed']}/{d}/{s}", **options)
                    if names[s] == "A" else make_player(z, seed=f"{args['seed']}/{d}/{s}")
                    for s in range(rules.seats)
                ]
                for entry in judge_table(rules, sit, names, players, args["near"]):
                    entry.update(deal=d, zoo=z)
                    entries.append(entry)
    return entries


def _figures(entries: list[dict], tables: float) -> dict[str, Any]:
    worth = [e["worth"] for e in entries]
    n = len(worth)
    mean, ci = _interval(worth)
    return {
        "count": n,
        "expected": round(statistics.fmean(e["expected"] for e in entries), 2) if n else 0.0,
        "worth": mean,
        "ci95": ci,
        "a_deal": round(sum(worth) / tables, 2) if tables else 0.0,
    }


def summarise(args: dict[str, Any], entries: list[dict]) -> dict[str, Any]:
    tables = 2 * len(args["zoo"]) * args["deals"]  # the gauntlet's unit: a deal
    out: dict[str, Any] = {"strength": args["strength"], "deals": args["deals"],
                           "seed": args["seed"], "rules": args["rules"],
                           "zoo": list(args["zoo"]), "iterations": args.get("iterations"),
                           "near": args["near"], "groups": []}
    for kind, bands in (("left", LEFT_BANDS), ("near", NEAR_BANDS)):
        for decision in ("card", "bid"):
            group = [e for e in entries if e["kind"] == kind and e["decision"] == decision]
            if kind == "near" and not args["near"]:
                continue
            row = {"kind": kind, "decision": decision, **_figures(group, tables), "bands": []}
            for lo, hi in bands:
                band = [e for e in group
                        if lo <= e["clears"] and (e["clears"] < hi or hi == math.inf)]
                if band:
                    row["bands"].append({"from": lo, "to": hi, **_figures(band, tables)})
            if decision == "bid":
                row["ways"] = [{"way": way, **_figures(part, tables)} for way in WAYS
                               if (part := [e for e in group if e["way"] == way])]
            out["groups"].append(row)
    return out


def verdict(
    deals: int, seed: int, strength: str = "hard", rules: str = "standard",
    zoo: tuple[str, ...] | list[str] = GAUNTLET, near: bool = False,
    iterations: int | None = None, workers: int = 1,
    on_deal: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Judge ``deals`` deals; ``on_deal`` hears how many are done after each."""
    if strength not in SEARCHERS:
        raise ValueError(f"{strength!r} does not search; choose one of {', '.join(SEARCHERS)}")
    args = {"strength": strength, "deals": deals, "seed": seed, "rules": rules,
            "zoo": tuple(zoo), "near": near, "iterations": iterations}
    four_seat_preset(rules)
    tasks = [range(d, d + 1) for d in range(deals)]
    entries = []
    if workers <= 1:
        parts = map(partial(run_deals, args), tasks)
        for done, part in enumerate(parts, 1):
            entries += part
            if on_deal is not None:
                on_deal(done)
    else:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        with context.Pool(workers, initializer=_ignore_interrupt) as pool:
            for done, part in enumerate(pool.imap_unordered(partial(run_deals, args), tasks), 1):
                entries += part
                if on_deal is not None:
                    on_deal(done)
    return summarise(args, entries)


def _band(lo: float, hi: float) -> str:
    if lo == -math.inf:
        return f"under {hi:g}"
    return f"{lo:g} and up" if hi == math.inf else f"{lo:g} to {hi:g}"


def format_verdict(out: dict[str, Any]) -> str:
    lines = [
        f"Verdict of the true deal on {out['strength']}: {out['deals']} deals of seed "
        f"{out['seed']}, rules {out['rules']}, 2 tables each against "
        f"{', '.join(out['zoo'])}"
        + (f", {out['iterations']} rollouts" if out["iterations"] is not None else ""),
        "expected: the search's average gain over the normal choice; worth: what it was "
        "on the real cards, the hand played on by the same players; a deal: the values "
        "added up in the gauntlet's unit; bands by (gain - margin) / standard error "
        "(a card leaves normal from 1, a bid from 1.5)",
        "",
        f"{'':<38} {'count':>6} {'expected':>9} {'worth':>7} {'95% CI':>17} {'a deal':>7}",
    ]
    titles = {"left": "left the normal {}", "near": "near misses ({} kept)"}
    for group in out["groups"]:
        rows = [(titles[group["kind"]].format(group["decision"]), group)]
        rows += [(f"  (gain - margin) / SE {_band(b['from'], b['to'])}", b)
                 for b in group["bands"]]
        rows += [(f"  to a {w['way']} bid" if w["way"] in ("lower", "higher") else
                  f"  {'to' if w['way'] == 'nil' else 'from'} nil", w)
                 for w in group.get("ways", [])]
        for title, f in rows:
            ci = f"[{f['ci95'][0]:+.1f}, {f['ci95'][1]:+.1f}]" if f["count"] > 1 else "-"
            lines.append(f"{title:<38} {f['count']:>6} {f['expected']:>+9.1f} "
                         f"{f['worth']:>+7.1f} {ci:>17} {f['a_deal']:>+7.2f}")
    return "\n".join(lines)


__all__ = ["format_verdict", "judge_table", "verdict"]
