"""How well hard's sampled deals know where the unseen cards are:
``python -m spades.measure.inference``.

Inference is measured before strength: at card decisions of the tournament's deals
(the same cards, dealer and match situation as ``python -m spades tournament`` with
that seed), played at one table by today's hard in all four seats, the deciding
seat's sampler deals ``--samples`` deals four ways: evenly (voids and hand sizes
only), as hard deals them today (leaned by the bids), as ``hard-inference`` deals them
with the plays read too (inference.py), and as ``hard-likelihood`` keeps them: twice as
many drawn the third way, resampled by the likelihood of the whole play
(likelihood.py). For every card the seat cannot see, the share of the
deals that give it to the seat that truly holds it (smoothed: half a deal to each
seat that may hold it) is its probability; the figure is the mean log of it, a card,
in nats (0 is certainty; evenly over three seats is about -1.1). Higher is better.
The decisions measured are the ``--every``-th card of each deal's play from the
``--first``-th on, both sides alike.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from functools import partial
from typing import Any

from ..ai.hard import HardPlayer
from ..ai.inference import play_weights
from ..ai.likelihood import Resampler
from ..ai.position import Position
from ..ai.search import _Search, sample_deal
from ..console import HelpFormatter, Progress, positive, run_quietly, whole_number
from ..engine.cards import CARD_IDS, SUIT_OF
from ..engine.rules import RulesError, four_seat_preset, preset
from .tournament import _ignore_interrupt, situation, table_match

WAYS = ("even", "bids", "plays", "likelihood")


def _log_probability(deals: list[list[int]], holders: dict[int, int], open_to: dict) -> float:
    """The mean over the unseen cards of log P(the true holder), P the share of the
    deals giving it there, smoothed by half a deal for each seat that may hold it."""
    total = 0.0
    for c, q in holders.items():
        k = sum(1 for d in deals if d[q] >> c & 1)
        m = open_to[c]
        total += math.log((k + 0.5) / (len(deals) + 0.5 * m))
    return total / len(holders)


def measure_position(view, hands: list[int], samples: int, seed: str) -> dict[str, Any]:
    """The three ways' mean log-probability of the true hidden cards at one decision."""
    seat = view.seat
    t = Position.from_view(view)
    unseen = view.rules.cards & ~view.played & ~view.hand & ~view.passed
    seats = view.rules.seats
    holders = {c: q for q in range(seats) if q != seat for c in range(CARD_IDS)
               if unseen >> c & 1 and hands[q] >> c & 1}
    open_to = {c: sum(1 for q in range(seats) if q != seat and not t.voids[q] >> SUIT_OF[c] & 1)
               for c in holders}
    out: dict[str, Any] = {"tricks_left": 13 - len(view.trick_winners), "cards": len(holders)}
    if not holders:
        return out
    evidence = play_weights(view)
    for way in WAYS:
        rng = random.Random(f"inference/{seed}/{way}")
        search = _Search(t, seat, [0], samples, random.Random(0),
                         evidence=evidence if way in ("plays", "likelihood") else None)
        deals = []
        if way == "likelihood":
            deals = [d for d in Resampler(search, view, evidence).block(rng, samples) if d]
        for _ in range(samples if way != "likelihood" else 0):
            weights = search.uniform if way == "even" else search.deal_weights(rng)
            deal = sample_deal(t, seat, rng, weights)
            if deal is not None:
                deals.append(deal)
        out[way] = _log_probability(deals, holders, open_to)
    return out


def measure_deal(args: dict[str, Any], d: int) -> list[dict[str, Any]]:
    rules = preset(args["rules"])
    sit = situation(args["seed"], d, False, rules)
    match = table_match(rules, sit, ["A", "B", "A", "B"])
    players = [HardPlayer(f"{args['seed']}/{d}/{s}") for s in range(rules.seats)]
    rows = []
    k = 0
    while not match.history:
        seat = match.to_act
        view = match.view(seat)
        if match.phase == "playing":
            if k >= args["first"] and (k - args["first"]) % args["every"] == 0:
                row = measure_position(view, match.hands, args["samples"],
                                       f"{args['seed']}/{d}/{k}")
                if row["cards"]:
                    rows.append({"deal": d, "card": k, **row})
            k += 1
        match.apply(players[seat].choose(view))
    return rows


def measure(seed: int, deals: int, samples: int = 200, first: int = 4, every: int = 12,
            rules: str = "standard", workers: int = 1, on_deal=None) -> dict[str, Any]:
    args = {"seed": seed, "samples": samples, "first": first, "every": every, "rules": rules}
    four_seat_preset(rules)
    rows: list[dict] = []
    if workers <= 1:
        for d in range(deals):
            rows.extend(measure_deal(args, d))
            if on_deal:
                on_deal()
    else:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        with context.Pool(workers, initializer=_ignore_interrupt) as pool:
            for part in pool.imap_unordered(partial(measure_deal, args), range(deals)):
                rows.extend(part)
                if on_deal:
                    on_deal()
    return summarise(args, deals, rows)


def _interval(values: list[float]) -> dict[str, Any]:
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return {"mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def summarise(args: dict[str, Any], deals: int, rows: list[dict]) -> dict[str, Any]:
    out: dict[str, Any] = {**args, "deals": deals, "positions": len(rows)}
    for label, part in (("all", rows), ("early", [r for r in rows if r["tricks_left"] > 5]),
                        ("late", [r for r in rows if r["tricks_left"] <= 5])):
        entry: dict[str, Any] = {"positions": len(part)}
        for way in WAYS:
            entry[way] = _interval([r[way] for r in part])
        for a, b in (("bids", "even"), ("plays", "bids"), ("likelihood", "plays")):
            entry[f"{a}-{b}"] = _interval([r[a] - r[b] for r in part])
        out[label] = entry
    return out


def format_report(out: dict[str, Any]) -> str:
    lines = [
        f"Inference: the true hidden cards' mean log-probability under hard's samples "
        f"(nats a card, higher is better), seed {out['seed']}, {out['deals']} deals, "
        f"{out['positions']} positions, {out['samples']} samples each"
    ]
    for label in ("all", "early", "late"):
        e = out[label]
        parts = [f"{way} {e[way]['mean']:+.3f}" for way in WAYS]
        gains = [f"{k} {e[k]['mean']:+.4f} [{e[k]['ci95'][0]:+.4f}, {e[k]['ci95'][1]:+.4f}]"
                 for k in ("bids-even", "plays-bids", "likelihood-plays")]
        lines.append(f"  {label} ({e['positions']}): " + ", ".join(parts) + "; " + "; ".join(gains))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m spades.measure.inference", formatter_class=HelpFormatter,
        description="How well hard's sampled deals place the cards it cannot see:\n"
                    "evenly, leaned by the bids, with the plays read too, and\n"
                    "resampled by the likelihood of the whole play.")
    parser.add_argument("--deals", type=positive(), default=100)
    parser.add_argument("--seed", type=int, default=5302)
    parser.add_argument("--samples", type=positive(), default=200)
    parser.add_argument("--first", type=whole_number, default=4,
                        help="the first card decision measured (0: the opening lead)")
    parser.add_argument("--every", type=positive(), default=12,
                        help="then every this many cards")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--workers", type=positive(), default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    progress = Progress(args.deals)
    done = [0]

    def on_deal() -> None:
        done[0] += 1
        progress.show(f"{done[0]}/{args.deals} deals{progress.left(done[0])}")

    try:
        out = measure(args.seed, args.deals, args.samples, args.first, args.every,
                      args.rules, args.workers, on_deal)
    except RulesError as exc:
        print(exc, file=sys.stderr)
        return 2
    finally:
        progress.clear()
    print(json.dumps(out, indent=2) if args.json else format_report(out))
    return 0


if __name__ == "__main__":
    sys.exit(run_quietly(main))
