"""Hard's exact endings beside hard-rollout's, judged on the true deal:
``python -m spades.measure.endings``.

The duplicate tournament says hard with exact endings scores no more than the same
hard rolling its sampled deals out (``hard-rollout``). This says why, in figures. It
plays the tournament's deals (the same cards, dealer and match situation as
``python -m spades tournament`` with that seed, the players seeded alike) at one
table with ``hard-rollout`` in all four seats, so every position is one the baseline
itself reaches. At every card decision with at most ``EXACT_TRICKS`` tricks left it
asks both hard and hard-rollout for their card on the same view with the same seed,
and plays hard-rollout's.

Each decision is then judged on the true deal with every hand seen, both sides
playing the rest perfectly for points (the plain search of every card in
``spades/ai/endings.py``, ``Ending`` in its MINIMAX mode, with the hand scored by
hard's own ``judge``): the best card's value, hard-rollout's card's, and where the two
differ hard's. Points are the deciding side's hand score minus the other side's, bags
at their long-run cost (as the gauntlet prices them) and without the 300 hard adds for
a hand that ends the match, which a tournament does not count. Touching cards (only
the seat's own or played cards between them) are one choice.

"A deal" is the tournament's unit: a deal's figures over all four seats, halved (in
a tournament side A sits in each seat once over the deal's two tables, and the deal's
figure is the mean of its tables). The ceiling is what hard-rollout's ending cards
gave away against the best card, a deal: along the line played, the true value at
the first ending decision, less one side's losses, plus the other side's, is the
hand's result exactly, so these losses are all the points the endings' choices moved.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ..ai.endings import MINIMAX, Ending
from ..ai.hard import EXACT_TRICKS, _same_run, candidate_cards, settled
from ..ai.position import Position
from ..ai.search import judge
from ..console import HelpFormatter, Progress, positive, run_quietly, whole_number
from ..engine.actions import Play
from ..engine.cards import card_text
from ..engine.rules import RulesError, four_seat_preset, preset
from . import make_player
from .gauntlet import _interval, _side
from .tournament import _ignore_interrupt, situation, table_match


def hand_points(rules, seat: int) -> Callable[[Position], float]:
    """The hand's points for ``seat``'s side minus the other side's (hard's ``judge``
    with bags priced and no match bonus), remembered: a hand ends in few results."""
    bag_cost = rules.bag_penalty_points / rules.bag_limit if rules.bag_penalty else 0.0
    seen: dict[tuple, float] = {}

    def points(t: Position) -> float:
        key = tuple(t.tricks_won)
        value = seen.get(key)
        if value is None:
            value = seen[key] = judge(t, seat, bag_cost, match_value=0)
        return value

    return points


def true_value(t: Position, seat: int, points: Callable[[Position], float],
               card: int | None = None) -> tuple[float, int]:
    """The value for ``seat``'s side of ``t`` (every hand filled in) with both sides
    playing perfectly for points, after ``card`` if given; and the nodes searched."""
    ending = Ending(seat, MINIMAX, points)
    if card is not None:
        t = t.copy()
        t.play(card)
    return ending.value(t, 0), ending.nodes


def judge_deal(args: dict[str, Any], d: int) -> dict[str, Any]:
    """Deal ``d`` played by hard-rollout in all four seats, with every ending
    decision judged: both players' cards and their values on the true deal."""
    rules = preset(args["rules"])
    options = {"rollouts": args["iterations"]} if args.get("iterations") is not None else {}
    match = table_match(rules, situation(args["seed"], d, False, rules), ["A", "B", "A", "B"])
    seeds = [f"{args['seed']}/{d}/{s}" for s in range(rules.seats)]
    rollout = [make_player("hard-rollout", seed=x, **options) for x in seeds]
    hard = [make_player("hard", seed=x, **options) for x in seeds]
    points = [hand_points(rules, side) for side in (0, 1)]
    decisions: list[dict[str, Any]] = []
    start = None  # the true value at the first ending decision, for side 0
    nodes = 0
    while not match.history:
        seat = match.to_act
        view = match.view(seat)
        left = 13 - len(view.trick_winners)
        if view.phase != "playing" or left > EXACT_TRICKS:
            match.apply(rollout[seat].choose(view))
            continue
        played = rollout[seat].choose(view).card
        thinker = hard[seat].think(view)
        chosen = thinker.finish().card
        t = Position.from_view(view)
        t.hands = list(match.hands)
        side = points[seat & 1]
        gone = settled(view)
        runs = candidate_cards(t.legal(), view.hand, gone)
        entry: dict[str, Any] = {
            "seat": seat, "left": left, "choice": len(runs) > 1,
            "exact": bool(getattr(thinker, "exact", False)),
            # how hard judged its sampled deals (endings.py), or "decided": no search
            "mode": thinker.ending.mode if hasattr(thinker, "ending") else "decided",
            "rollout": card_text(played), "hard": card_text(chosen),
            "differ": not _same_run(min(played, chosen), max(played, chosen), view.hand, gone),
        }
        if start is None or entry["choice"]:
            best, n = true_value(t, seat, side)
            nodes += n
            if start is None:
                start = best if seat & 1 == 0 else -best
        if entry["choice"]:
            entry["best"] = best
            entry["rollout_value"], n = true_value(t, seat, side, played)
            nodes += n
            entry["hard_value"] = entry["rollout_value"]
            if entry["differ"]:
                entry["hard_value"], n = true_value(t, seat, side, chosen)
                nodes += n
        decisions.append(entry)
        match.apply(Play(played))
    bag_cost = rules.bag_penalty_points / rules.bag_limit if rules.bag_penalty else 0.0
    result = match.history[0]
    end = _side(result, 0, bag_cost)["priced"] - _side(result, 1, bag_cost)["priced"]
    return {"deal": d, "decisions": decisions, "start": start, "end": end, "nodes": nodes}


def loss(entry: dict[str, Any], who: str) -> float:
    """What ``who``'s card ("rollout" or "hard") gave away against the best card."""
    return entry["best"] - entry[f"{who}_value"] if entry["choice"] else 0.0


def summarise(args: dict[str, Any], deals: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(deals)
    every = [e for d in deals for e in d["decisions"]]
    choice = [e for e in every if e["choice"]]
    differ = [e for e in every if e["differ"]]
    gains = [e["hard_value"] - e["rollout_value"] for e in differ]
    mean, ci = _interval(gains)

    def a_deal(entries: list[dict], value: Callable[[dict], float]) -> float:
        return round(sum(value(e) for e in entries) / 2 / n, 2) if n else 0.0

    ceilings = [sum(loss(e, "rollout") for e in d["decisions"]) / 2 for d in deals]
    ceiling, ceiling_ci = _interval(ceilings)
    by_left = {}
    for left in range(EXACT_TRICKS, 0, -1):
        here = [e for e in every if e["left"] == left]
        by_left[left] = {
            "decisions": len(here),
            "choice": sum(e["choice"] for e in here),
            "differ": sum(e["differ"] for e in here),
            "rollout_loss": a_deal(here, partial(loss, who="rollout")),
            "hard_loss": a_deal(here, partial(loss, who="hard")),
        }
    same = [e for e in choice if not e["differ"]]
    lost_by_mode = {
        mode: {"decisions": len(here), "differ": sum(e["differ"] for e in here),
               "rollout_loss": a_deal(here, partial(loss, who="rollout")),
               "hard_loss": a_deal(here, partial(loss, who="hard"))}
        for mode in sorted({e["mode"] for e in choice})
        if (here := [e for e in choice if e["mode"] == mode])
    }
    by_mode = {}
    for mode in sorted({e["mode"] for e in differ}):
        here = [e["hard_value"] - e["rollout_value"] for e in differ if e["mode"] == mode]
        by_mode[mode] = {"differ": len(here), "hard_better": sum(g > 0 for g in here),
                         "equal": sum(g == 0 for g in here),
                         "hard_worse": sum(g < 0 for g in here),
                         "difference_a_deal": round(sum(here) / 2 / n, 2)}
    return {
        "deals": n, "seed": args["seed"], "rules": args["rules"],
        "iterations": args.get("iterations"), "exact_tricks": EXACT_TRICKS,
        "decisions": len(every), "choice": len(choice),
        "exact": sum(e["exact"] for e in every),
        "differ": len(differ),
        "differ_share": round(len(differ) / len(every), 3) if every else 0.0,
        "differ_share_of_choice": round(len(differ) / len(choice), 3) if choice else 0.0,
        "hard_better": sum(g > 0 for g in gains),
        "equal": sum(g == 0 for g in gains),
        "hard_worse": sum(g < 0 for g in gains),
        "mean_difference": mean, "mean_difference_ci95": ci,
        "difference_a_deal": a_deal(differ, lambda e: e["hard_value"] - e["rollout_value"]),
        "ceiling": ceiling, "ceiling_ci95": ceiling_ci,
        "ceiling_where_same": a_deal(same, partial(loss, who="rollout")),
        "ceiling_where_differ": a_deal(differ, partial(loss, who="rollout")),
        "hard_loss_where_differ": a_deal(differ, partial(loss, who="hard")),
        "by_tricks_left": by_left,
        "differ_by_mode": by_mode,
        "lost_by_mode": lost_by_mode,
        "nodes": sum(d["nodes"] for d in deals),
    }


def endings(
    deals: int, seed: int, rules: str = "standard", iterations: int | None = None,
    workers: int = 1, on_deal: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Judge ``deals`` deals; ``on_deal`` hears how many are done after each. With
    ``raw`` in the result: every deal's decisions (for tests and --json)."""
    args = {"deals": deals, "seed": seed, "rules": rules, "iterations": iterations}
    four_seat_preset(rules)  # fail early on an unknown preset, or one of three or two seats
    out = []
    if workers <= 1:
        for done, d in enumerate(range(deals), 1):
            out.append(judge_deal(args, d))
            if on_deal is not None:
                on_deal(done)
    else:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        with context.Pool(workers, initializer=_ignore_interrupt) as pool:
            parts = pool.imap_unordered(partial(judge_deal, args), range(deals))
            for done, part in enumerate(parts, 1):
                out.append(part)
                if on_deal is not None:
                    on_deal(done)
    out.sort(key=lambda d: d["deal"])
    return {**summarise(args, out), "raw": out}


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}%" if n else "-"


def format_endings(out: dict[str, Any]) -> str:
    pct = _pct
    by = out["by_tricks_left"]
    lines = [
        f"Exact endings on the true deal: {out['deals']} deals of seed {out['seed']} "
        f"(the tournament's), rules {out['rules']}, hard-rollout in all four seats"
        + (f", {out['iterations']} rollouts" if out["iterations"] is not None else ""),
        "points: the deciding side's hand points minus the other side's, bags at their "
        "long-run cost; values with every hand seen, both sides then playing perfectly; "
        "a deal: four seats' figures halved, the tournament's unit",
        "",
        f"ending decisions (at most {out['exact_tricks']} tricks left): {out['decisions']}; "
        f"with a choice of card {out['choice']}; hard solved its sampled deals at "
        f"{out['exact']}",
        f"hard and hard-rollout choose a different card: {out['differ']} "
        f"({pct(out['differ'], out['decisions'])} of the decisions, "
        f"{pct(out['differ'], out['choice'])} of those with a choice); by tricks left: "
        + ", ".join(f"{k}: {by[k]['differ']}/{by[k]['choice']}" for k in sorted(by)
                    if by[k]["choice"]),
        f"where they differ, hard's card on the true deal: better {out['hard_better']}, "
        f"equal {out['equal']}, worse {out['hard_worse']}; mean difference "
        f"{out['mean_difference']:+.2f} [{out['mean_difference_ci95'][0]:+.2f}, "
        f"{out['mean_difference_ci95'][1]:+.2f}], {out['difference_a_deal']:+.2f} a deal",
        f"ceiling: hard-rollout's ending cards against the best card, "
        f"{out['ceiling']:.2f} a deal [{out['ceiling_ci95'][0]:.2f}, "
        f"{out['ceiling_ci95'][1]:.2f}]: {out['ceiling_where_same']:.2f} where hard "
        f"chooses the same card, {out['ceiling_where_differ']:.2f} where it differs "
        f"(hard's own card gives away {out['hard_loss_where_differ']:.2f} there)",
        "where they differ, by how hard judged its sampled deals: "
        + ("; ".join(f"{m} {f['differ']} (better {f['hard_better']}, equal {f['equal']}, "
                     f"worse {f['hard_worse']}, {f['difference_a_deal']:+.2f} a deal)"
                     for m, f in out["differ_by_mode"].items()) or "-"),
        "by tricks left, given away a deal: "
        + ", ".join(f"{k}: hard-rollout {by[k]['rollout_loss']:.2f}, "
                    f"hard {by[k]['hard_loss']:.2f}" for k in sorted(by) if by[k]["choice"]),
        "by how hard judged its sampled deals (decided: one sound card, no search; "
        "rollout: a live nil above three tricks), decisions with a choice and given away "
        "a deal: " + ("; ".join(f"{m} {f['decisions']}: hard-rollout {f['rollout_loss']:.2f}, "
                                f"hard {f['hard_loss']:.2f}"
                                for m, f in out["lost_by_mode"].items()) or "-"),
        f"search nodes judging the true deals: {out['nodes']}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m spades.measure.endings", formatter_class=HelpFormatter,
        description="Hard's exact endings and hard-rollout's on the same views, each\n"
        "card judged on the true deal with every hand seen; the ceiling of what the\n"
        "endings could gain a deal.",
    )
    parser.add_argument("--deals", type=positive(), default=20, metavar="N",
                        help="the tournament's deals to play, from deal 0")
    parser.add_argument("--seed", type=whole_number, default=0, metavar="S",
                        help="seed of the deals and the players (the tournament's)")
    parser.add_argument("--rules", default="standard", metavar="PRESET",
                        help="rule preset, or presets and options joined by commas")
    parser.add_argument("--iterations", type=positive(), default=None, metavar="N",
                        help="rollouts per card decision, three times as many per bid "
                        "(default: the players' own budget)")
    parser.add_argument("--workers", type=positive(256), default=1, metavar="N",
                        help="processes to split the deals over (1 = one core)")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as JSON, every decision included")
    args = parser.parse_args(argv)
    progress = Progress(args.deals)
    try:
        out = endings(args.deals, args.seed, args.rules, args.iterations, args.workers,
                      on_deal=lambda done: progress.show(
                          f"{done}/{args.deals} deals{progress.left(done)}"))
    except RulesError as exc:
        print(exc, file=sys.stderr)
        return 2
    finally:
        progress.clear()
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(format_endings(out))
    return 0


if __name__ == "__main__":
    sys.exit(run_quietly(main))

__all__ = ["endings", "format_endings", "hand_points", "judge_deal", "summarise", "true_value"]
