"""The solver's two commands: ``solve`` a hand record, and ``bench --solver``.

``solve`` prints, for a ``spades-hand/1`` record's deal, what each side could take
with every hand visible from each opening leader, with the nodes and time of each
search, and whether each side's contract and each nil could be made or set.
``bench --solver`` times the solver on random deals (the last 8 tricks, and whole
13-trick deals) and holds its trick counts against DDS, the bridge solver of the
``endplay`` package (a test-only dependency, imported only here and only when
present): with spades led at any time, Spades' play is bridge with spades trumps.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from ..engine.cards import SEAT_NAMES_AT, SEATS, SUIT_MASKS, card_text, cards_of
from ..engine.legal import BLIND_NIL, NIL, bid_text, parse_bid
from ..engine.playout import random_deal
from ..engine.record import match_at, start_match
from ..engine.rules import Rules
from .position import Position, most_tricks, nil_kept, nil_solver, team_solver

TEAM_NAMES = ("South/North", "West/East")


def _timed(run: Callable[[], Any]) -> tuple[Any, float]:
    t0 = time.perf_counter()
    out = run()
    return out, time.perf_counter() - t0


def _both_timed(run: Callable[[], Any]) -> tuple[Any, float, float]:
    """The answer, the seconds on the clock and the seconds of processor time: on a
    shared machine the clock counts the others' work too, the processor time only
    this process's (the figure a machine to oneself would show)."""
    t0, c0 = time.perf_counter(), time.process_time()
    out = run()
    return out, time.perf_counter() - t0, time.process_time() - c0


def solve_record(record: Any) -> dict[str, Any]:
    """Every answer for a hand record's deal, as plain data (raises SaveError).

    At four seats and two, one search from each leader answers both sides (the other
    takes the rest); at three (cutthroat), each player's tricks against the two others
    playing together, one search each. Two-handed starts after the draw."""
    match = start_match(record)
    rules = match.rules
    seats = rules.seats
    hands = tuple(match.dealt) if seats == SEATS else tuple(match_at(record, 0, 0).hands)
    dealer = match.dealer
    bids: dict[int, int] = {}
    for entry in record.get("bids", []) if isinstance(record.get("bids"), list) else []:
        try:
            bids[entry[0]] = parse_bid(entry[1], rules.tricks)
        except (ValueError, TypeError, IndexError, KeyError):
            continue
    contracts = [
        sum(max(bids.get(s, 0), 0) for s in rules.side_seats(side)) if len(bids) == seats
        else None
        for side in range(rules.sides)
    ]
    counted = range(rules.sides) if seats == 3 else (0,)  # the sides searched
    solvers = {side: team_solver(Position.deal(hands, 0, rules), side)  # a table each
               for side in counted}
    leaders: list[dict[str, Any]] = []
    for leader in range(seats):
        position = Position.deal(hands, leader, rules)
        row: dict[str, Any] = {"leader": leader,
                               "opening": leader == (dealer + 1) % seats}
        tricks = {}
        row["nodes"] = 0
        row["seconds"] = 0.0
        for side, solver in solvers.items():
            before = solver.nodes
            guess = leaders[-1]["teams"][side]["tricks"] if leaders else None
            tricks[side], seconds = _timed(
                lambda p=position, g=guess, v=solver, t=side: most_tricks(p, t, v, g))
            row["nodes"] += solver.nodes - before
            row["seconds"] = round(row["seconds"] + seconds, 4)
        teams = []
        for side in range(rules.sides):
            # At four and two one side takes what the other does not.
            entry: dict[str, Any] = {
                "team": side, "tricks": tricks[side] if side in tricks
                else rules.tricks - tricks[0]}
            if contracts[side]:
                entry["contract"] = contracts[side]
                entry["contract_makeable"] = entry["tricks"] >= contracts[side]
            teams.append(entry)
        row["teams"] = teams
        nils = []
        for seat, bid in sorted(bids.items()):
            if bid in (NIL, BLIND_NIL):
                nil = nil_solver(position, seat)
                kept, seconds = _timed(lambda p=position, s=seat, v=nil: nil_kept(p, s, v))
                nils.append({
                    "seat": seat, "bid": bid_text(bid), "kept": kept, "set": not kept,
                    "nodes": nil.nodes, "seconds": round(seconds, 4),
                })
        row["nils"] = nils
        leaders.append(row)
    return {
        "rules": rules.to_dict(),
        "seats": seats,
        "against": "the two others together" if seats == 3 else "the other side",
        "dealer": dealer,
        "hands": [" ".join(card_text(c) for c in sorted(cards_of(h), reverse=True))
                  for h in hands],
        "bids": {str(s): bid_text(b) for s, b in sorted(bids.items())},
        "contracts": contracts,
        "leaders": leaders,
    }


def format_solve(out: dict[str, Any]) -> str:
    seats = out.get("seats", SEATS)
    names = SEAT_NAMES_AT[seats]
    sides = TEAM_NAMES if seats == SEATS else names
    if seats == 3:
        head = ("With all cards seen (double dummy): the most tricks each player can take"
                " against the two others playing together")
    elif seats == 2:
        head = "With all cards seen (double dummy), after the draw: the most tricks each can take"
    else:
        head = "With all cards seen (double dummy): the most tricks each side can take"
    lines = [head]
    for seat in range(seats):
        lines.append(f"  {names[seat]:>5}: {out['hands'][seat]}")
    if out["bids"]:
        bids = ", ".join(f"{names[int(s)]} {b}" for s, b in out["bids"].items())
        lines.append(f"  bids: {bids}")
    for row in out["leaders"]:
        mark = " (the opening lead of this hand)" if row["opening"] else ""
        lines.append(f"{names[row['leader']]} leads{mark}: "
                     f"{row['nodes']:,} nodes, {row['seconds']:.3f} s")
        for t in row["teams"]:
            text = f"  {sides[t['team']]:<11} {t['tricks']:>2} tricks"
            if "contract" in t:
                verdict = "makeable" if t["contract_makeable"] else "can be set"
                text += f"; contract {t['contract']}: {verdict}"
            lines.append(text)
        for n in row["nils"]:
            verdict = "can be kept" if n["kept"] else "can be set"
            lines.append(f"  {names[n['seat']]}'s {n['bid'].replace('_', ' ')}: "
                         f"{verdict}  ({n['nodes']:,} nodes, {n['seconds']:.3f} s)")
    return "\n".join(lines)


# --- the bench ---------------------------------------------------------------------


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def _stats(times: list[float], nodes: list[int], cpu: list[float]) -> dict[str, Any]:
    return {
        "count": len(times),
        "p50_s": round(_percentile(times, 0.5), 4),
        "p95_s": round(_percentile(times, 0.95), 4),
        "max_s": round(max(times, default=0.0), 4),
        "cpu_p50_s": round(_percentile(cpu, 0.5), 4),
        "cpu_p95_s": round(_percentile(cpu, 0.95), 4),
        "cpu_max_s": round(max(cpu, default=0.0), 4),
        "nodes_p50": int(_percentile(nodes, 0.5)),  # type: ignore[arg-type]
        "nodes_p95": int(_percentile(nodes, 0.95)),  # type: ignore[arg-type]
        "nodes_max": max(nodes, default=0),
    }


def _dds() -> Any:
    """endplay's DDS, or None when the package is not installed."""
    try:
        from endplay import dds, types  # type: ignore[import-not-found]
    except ImportError:
        return None
    return dds, types


# Bridge compass order from North, as seats of ours (0 South, 1 West, 2 North, 3 East).
_COMPASS = (2, 3, 0, 1)


def pbn(hands: tuple[int, ...] | list[int]) -> str:
    """The deal in PBN (``N:`` spades.hearts.diamonds.clubs per hand, clockwise)."""
    out = []
    for seat in _COMPASS:
        suits = []
        for suit in (3, 2, 1, 0):
            cards = sorted(cards_of(hands[seat] & SUIT_MASKS[suit]), reverse=True)
            suits.append("".join(card_text(c)[0] for c in cards))
        out.append(".".join(suits))
    return "N:" + " ".join(out)


def dds_tricks(dds: Any, hands: tuple[int, ...] | list[int]) -> tuple[list[int], float]:
    """South/North's tricks for each of our leaders (0..3), spades trumps, by DDS."""
    dds_mod, types = dds
    deal = types.Deal.from_pbn(pbn(hands))
    t0 = time.perf_counter()
    table = dds_mod.calc_all_tables(
        [deal], exclude=[types.Denom.clubs, types.Denom.diamonds, types.Denom.hearts,
                         types.Denom.nt],
    )[0]
    seconds = time.perf_counter() - t0
    declarer = {  # the declarer whose left-hand opponent is our leader
        0: types.Player.east, 1: types.Player.south, 2: types.Player.west,
        3: types.Player.north,
    }
    out = []
    for leader in range(SEATS):  # bridge: four seats
        tricks = table[types.Denom.spades, declarer[leader]]
        out.append(tricks if leader & 1 else 13 - tricks)
    return out, seconds


def dds_card_values(dds: Any, position: Position) -> dict[int, int]:
    """For each card of the seat to lead (at a trick boundary), the tricks its side
    takes after it, by DDS's SolveBoard (spades trumps)."""
    dds_mod, types = dds
    deal = types.Deal.from_pbn(pbn(position.hands))
    deal.trump = types.Denom.spades
    deal.first = (types.Player.south, types.Player.west, types.Player.north,
                  types.Player.east)[position.leader]
    out = {}
    for card, tricks in dds_mod.solve_board(deal):
        suit = 3 - int(card.suit)  # DDS: spades 0 .. clubs 3
        out[suit * 13 + int(card.rank).bit_length() - 3] = tricks
    return out


def _play_random(position: Position, rng: random.Random, tricks: int) -> Position:
    while position.tricks_left > 13 - tricks or position.trick:
        cards = cards_of(position.legal())
        position, _ = position.play(cards[rng.randrange(len(cards))])
    return position


def bench_solver(
    deals: int, seed: int, rules: Rules, dds_check: bool = True,
    on_deal: Callable[[int, int], None] | None = None, first_deal: int = 1,
    each_deal: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Times for the last 8 tricks and for whole deals, and DDS disagreements.

    Each deal is solved for its four opening leaders, one table of positions per deal
    shared by the four (as a review of a hand would); the time and nodes of each
    leader's search are counted apart. The last-8 position comes from 5 random
    tricks of the same deal. Deals before ``first_deal`` (counting from 1) are dealt,
    drawing the same random numbers, but not solved: a long check carries on where
    an earlier run of the same seed stopped. ``each_deal`` gets one line per deal.
    """
    rng = random.Random(f"solver-bench/{seed}")
    dds = _dds() if dds_check else None
    full_t: list[float] = []
    full_c: list[float] = []
    full_n: list[int] = []
    end_t: list[float] = []
    end_c: list[float] = []
    end_n: list[int] = []
    ours_s = ours_cpu = dds_s = dds_cpu = 0.0
    compared = disagreements = 0
    examples: list[str] = []
    for i in range(deals):
        hands = random_deal(rng, i % SEATS)  # the bench deals four hands (DDS's game)
        late = _play_random(Position.deal(hands, rng.randrange(SEATS), rules), rng, 5)
        if i + 1 < first_deal:
            continue
        solver = team_solver(late, 0)
        _, seconds, cpu = _both_timed(lambda: most_tricks(late, 0, solver))  # noqa: B023
        end_t.append(seconds)
        end_c.append(cpu)
        end_n.append(solver.nodes)
        ours = []
        solver = team_solver(Position.deal(hands, 0, rules), 0)
        for leader in range(SEATS):
            position = Position.deal(hands, leader, rules)
            before = solver.nodes
            guess = ours[-1] if ours else None
            tricks, seconds, cpu = _both_timed(
                lambda: most_tricks(position, 0, solver, guess)  # noqa: B023
            )
            full_t.append(seconds)
            full_c.append(cpu)
            full_n.append(solver.nodes - before)
            ours.append(tricks)
        ours_s += sum(full_t[-4:])
        ours_cpu += sum(full_c[-4:])
        if dds is not None and rules.spades_lead_anytime:
            (theirs, seconds), _, cpu = _both_timed(lambda: dds_tricks(dds, hands))  # noqa: B023
            dds_s += seconds
            dds_cpu += cpu
            compared += 1
            if theirs != ours:
                disagreements += 1
                if len(examples) < 5:
                    examples.append(f"{pbn(hands)}: ours {ours}, DDS {theirs}")
        if each_deal:
            verdict = ""
            if compared and dds is not None and rules.spades_lead_anytime:
                verdict = "; DDS agrees" if theirs == ours else f"; DDS DISAGREES: {theirs}"
            each_deal(f"deal {i + 1} {pbn(hands)}: South/North take {ours} (leaders S W N "
                      f"E), {sum(full_t[-4:]):.2f} s ({sum(full_c[-4:]):.2f} s of processor), "
                      f"{sum(full_n[-4:]):,} nodes{verdict}")
        if on_deal:
            on_deal(i + 1, disagreements)
    out: dict[str, Any] = {
        "deals": deals,
        "first_deal": first_deal,
        "seed": seed,
        "rules": {"spades_lead_anytime": rules.spades_lead_anytime,
                  "forced_spade_lead_breaks": rules.forced_spade_lead_breaks},
        "last_8_tricks": _stats(end_t, end_n, end_c),
        "full_13_tricks": _stats(full_t, full_n, full_c),
        "dds": None,
    }
    if compared:
        out["dds"] = {
            "deals_compared": compared,
            "leaders_compared": compared * 4,
            "disagreements": disagreements,
            "examples": examples,
            "dds_seconds_per_deal": round(dds_s / compared, 4),
            "ours_seconds_per_deal": round(ours_s / compared, 4),
            "ratio": round(ours_s / dds_s, 1) if dds_s else None,
            "ours_cpu_seconds_per_deal": round(ours_cpu / compared, 4),
            "dds_cpu_seconds_per_deal": round(dds_cpu / compared, 4),
            "cpu_ratio": round(ours_cpu / dds_cpu, 1) if dds_cpu else None,
        }
    elif dds_check:
        out["dds"] = ("not compared: " + ("the endplay package is not installed"
                      if dds is None else "spades_lead_anytime is off"))
    return out


def format_bench(out: dict[str, Any], load: str) -> str:
    lines = [
        f"Solver bench: {out['deals']} random deals, seed {out['seed']}"
        + (f" (deals {out['first_deal']}..{out['deals']} solved)" if out["first_deal"] > 1
           else "") + ", "
        f"spades_lead_anytime {out['rules']['spades_lead_anytime']}; {load}",
        "  one search = the most tricks South/North can take, one leader",
    ]
    for name, label in (("last_8_tricks", "last 8 tricks"), ("full_13_tricks", "13 tricks")):
        s = out[name]
        lines.append(
            f"  {label:<14} {s['count']:>5} searches: p50 {s['p50_s']:.3f} s, "
            f"p95 {s['p95_s']:.3f} s, max {s['max_s']:.3f} s; nodes p50 {s['nodes_p50']:,},"
            f" p95 {s['nodes_p95']:,}, max {s['nodes_max']:,}"
        )
        lines.append(
            f"  {'':<14} processor time: p50 {s['cpu_p50_s']:.3f} s, p95 "
            f"{s['cpu_p95_s']:.3f} s, max {s['cpu_max_s']:.3f} s"
        )
    d = out["dds"]
    if isinstance(d, dict):
        lines.append(
            f"  DDS (endplay): {d['deals_compared']} deals x 4 leaders, disagreements = "
            f"{d['disagreements']}; per deal (4 leaders) ours {d['ours_seconds_per_deal']:.3f}"
            f" s, DDS {d['dds_seconds_per_deal']:.4f} s, ratio {d['ratio']}x; processor time "
            f"ours {d['ours_cpu_seconds_per_deal']:.3f} s, DDS "
            f"{d['dds_cpu_seconds_per_deal']:.4f} s, ratio {d['cpu_ratio']}x"
        )
        lines.extend(f"    {e}" for e in d["examples"])
    elif d:
        lines.append(f"  DDS: {d}")
    return "\n".join(lines)


# --- the command lines (spades/commands/play.py registers them) -------------------

SOLVE_SUMMARY = (
    "with every hand seen: the most tricks each side can take from each opening leader "
    "of a hand record's deal, and whether each contract and nil could be made"
)


def solver_options(p: Any) -> None:
    """The options ``bench`` takes for the solver (an argparse parser)."""
    p.add_argument("--solver", action="store_true",
                   help="time the exact solver instead (last 8 tricks, whole deals; --deals "
                   "deals, four leaders each) and hold it against DDS when the endplay "
                   "package is installed")
    p.add_argument("--standard-lead", action="store_true",
                   help="with --solver: spades may not be led until broken (no DDS check); "
                   "by default they may be led at any time, as in bridge")
    p.add_argument("--no-dds", action="store_true", help="with --solver: skip the DDS check")
    p.add_argument("--first-deal", type=int, default=1, metavar="K",
                   help="with --solver: deal the same deals but solve only deal K onwards "
                   "(to carry on a long check where an earlier run of the seed stopped)")
    p.add_argument("--each-deal", action="store_true",
                   help="with --solver: print a line per deal as it is solved, so a long "
                   "run shows how far it got")


def solve_command(
    args: Any, read: Callable[[str], Any], refuse: Callable[[str], int],
    bad_record: type[Exception], unreadable: type[Exception],
) -> int:
    """``python -m spades solve FILE``: ``read`` reads the JSON; a ``bad_record`` (not
    a hand record) or ``unreadable`` (not JSON) error goes to ``refuse``, which says
    why and gives the exit status."""
    try:
        out = solve_record(read(args.file))
    except bad_record as exc:
        return refuse(f"{'standard input' if args.file == '-' else args.file}: {exc}")
    except unreadable as exc:
        return refuse(str(exc))
    print(json.dumps(out, indent=2) if args.json else format_solve(out))
    return 0


def bench_command(args: Any, rules: Rules, progress: Any) -> int:
    """``python -m spades bench --solver``: ``progress`` shows the deals done."""
    load = machine_load()
    rules = rules.with_options(spades_lead_anytime=not args.standard_lead)
    try:
        out = bench_solver(
            args.deals, args.seed, rules, not args.no_dds,
            lambda n, bad: progress.show(
                f"{n}/{args.deals} deals, {bad} disagreements{progress.left(n)}"),
            first_deal=args.first_deal,
            each_deal=(lambda line: print(line, flush=True)) if args.each_deal else None,
        )
    finally:
        progress.clear()
    out["load_before"] = load
    out["load_after"] = machine_load()
    text = format_bench(out, f"{load} before, {out['load_after']} after")
    print(json.dumps(out, indent=2) if args.json else text)
    return 0


def machine_load() -> str:
    try:
        with open("/proc/loadavg", encoding="ascii") as f:
            one, five = f.read().split()[:2]
        return f"load average {one} (1 min), {five} (5 min)"
    except OSError:
        return "load average unknown"
