"""The commands that play and time: ``simulate`` (random-legal matches), ``bench``
(the engine's throughput, a player's decision times, the solver), ``solve`` (a hand
record solved with every card seen) and ``watch`` (a match of computer players in the
terminal)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from ..ai import STRENGTHS, alone_refusal
from ..console import Progress, positive
from ..engine import DRAWING, OVER, Match, SaveError, preset
from ..engine.actions import (
    BidMade,
    CardDrawn,
    CardsPassed,
    CardsSeen,
    HandDealt,
    HandScored,
    MatchOver,
    TrickWon,
)
from ..engine.cards import SEAT_NAMES_AT, card_text, cards_of
from ..engine.legal import bid_text
from ..engine.playout import random_hand, random_tricks
from ..engine.rules import Rules, four_seats_refusal
from ..measure import PLAYERS
from ..solver.measure import SOLVE_SUMMARY, bench_command, solve_command, solver_options
from . import options
from .records import UNREADABLE, Unreadable, _refuse, read_record


def play_random_match(match: Match, rng: random.Random, max_hands: int) -> None:
    """Random legal actions until the match ends or ``max_hands`` hands are played."""
    while match.phase != OVER and len(match.history) < max_hands:
        actions = match.legal_actions()
        match.apply(actions[int(rng.random() * len(actions))])


def simulate(
    rules_name: str, matches: int, seed: int, max_hands: int, progress: Progress | None = None
) -> dict[str, Any]:
    rules = preset(rules_name)
    rng = random.Random(f"simulate/{seed}")
    wins = [0] * rules.sides
    unfinished = 0
    hands = 0
    contracts = made = set_ = 0
    nils = nils_made = blind = blind_made = 0
    penalties = 0
    finals = []
    for i in range(matches):
        match = Match(rules, f"{seed}/{i}")
        play_random_match(match, rng, max_hands)
        if match.winner is None:
            unfinished += 1
        else:
            wins[match.winner] += 1
        finals.append(list(match.scores))
        hands += len(match.history)
        for result in match.history:
            for team in result.teams:
                if team.contract:
                    contracts += 1
                    made += team.counted >= team.contract
                    set_ += team.counted < team.contract
                for line in team.lines:
                    k = line.kind
                    nils += k in ("nil_made", "nil_failed")
                    nils_made += k == "nil_made"
                    blind += k in ("blind_nil_made", "blind_nil_failed")
                    blind_made += k == "blind_nil_made"
                    penalties += k == "bag_penalty"
        if progress is not None:
            progress.show(f"{i + 1}/{matches} matches; won {_wins_text(wins, rules)}"
                          f"{progress.left(i + 1)}")
    if progress is not None:
        progress.clear()
    return {
        "rules": rules_name,
        "matches": matches,
        "seed": seed,
        "wins": dict(zip(side_keys(rules), wins, strict=True)),
        "unfinished": unfinished,
        "hands": hands,
        "hands_per_match": round(hands / matches, 2) if matches else 0,
        "contracts": {"bid": contracts, "made": made, "set": set_},
        "nil": {"bid": nils, "made": nils_made},
        "blind_nil": {"bid": blind, "made": blind_made},
        "bag_penalties": penalties,
        "mean_final_scores": [
            round(sum(f[t] for f in finals) / matches, 1) if matches else 0
            for t in range(rules.sides)
        ],
    }


def side_keys(rules) -> tuple[str, ...]:
    """simulate's names for the sides in its JSON: the two teams at four (as always),
    else each player's seat."""
    if rules.partnerships:
        return ("south_north", "west_east")
    return tuple(name.lower() for name in SEAT_NAMES_AT[rules.seats])


def _wins_text(wins: list[int], rules) -> str:
    names = (("South/North", "West/East") if rules.partnerships
             else SEAT_NAMES_AT[rules.seats])
    return ", ".join(f"{name} {n}" for name, n in zip(names, wins, strict=True))


def cmd_simulate(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    out = simulate(args.rules, args.matches, args.seed, args.max_hands, Progress(args.matches))
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{out['matches']} random-legal matches, rules {out['rules']}, seed {out['seed']}")
    print(f"  wins: {_wins_text(list(out['wins'].values()), preset(args.rules))},"
          f" unfinished {out['unfinished']} (after {args.max_hands} hands)")
    print(f"  hands: {out['hands']} ({out['hands_per_match']} a match)")
    c = out["contracts"]
    print(f"  contracts: {c['bid']} bid, {c['made']} made, {c['set']} set")
    print(f"  nil: {out['nil']['made']} of {out['nil']['bid']} made; blind nil: "
          f"{out['blind_nil']['made']} of {out['blind_nil']['bid']}")
    print(f"  bag penalties: {out['bag_penalties']}")
    print(f"  mean final scores: {out['mean_final_scores']}")
    print(f"  {time.perf_counter() - started:.2f} s")
    return 0


def _best_rate(run, count: int, repeats: int) -> float:
    """Items per second of the fastest of ``repeats`` runs (the least disturbed one)."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        run(count)
        best = min(best, time.perf_counter() - t0)
    return count / best


def bench(hands: int, seed: int, repeats: int = 5,
          rules: Rules | None = None) -> dict[str, Any]:
    """The engine's speed on one core under ``rules`` (standard by default), at its
    seat count: whole random hands, the play phase from trick 6, checked hands."""
    rules = rules or preset("standard")
    rng = random.Random(seed)
    rand = rng.random
    random_hand(rules, rng, 0)  # warm the legal-bid cache

    def complete(n: int) -> None:
        for i in range(n):
            random_hand(rules, rng, i % rules.seats)

    # The play phase alone, from one mid-hand position: 5 tricks played (8 to go at
    # four and two, 12 at three).
    position = Match(rules, seed)
    while len(position.plays) < 5 * rules.seats:
        actions = position.legal_actions()
        position.apply(actions[int(rand() * len(actions))])
    mid, leader, broken = position.hands, position.to_act, position.spades_broken

    def play_phase(n: int) -> None:
        for _ in range(n):
            random_tricks(list(mid), leader, broken, rules, rand)

    def checked(n: int) -> None:
        match = Match(rules, seed)
        done = 0
        while done < n:
            if match.phase == OVER:
                match = Match(rules, seed + done)
            actions = match.legal_actions()
            before = len(match.history)
            match.apply(actions[int(rand() * len(actions))])
            done += len(match.history) > before

    chunk = max(1, hands // repeats)
    per_s = _best_rate(play_phase, chunk, repeats)
    return {
        "python": sys.version.split()[0],
        "complete_hands_per_s": round(_best_rate(complete, chunk, repeats)),
        "play_phase_from_trick_6_per_s": round(per_s),
        "cards_per_s_in_play_phase": round(per_s * (rules.tricks - 5) * rules.seats),
        "validated_match_hands_per_s": round(_best_rate(checked, max(1, chunk // 10), repeats)),
        "hands": hands,
        "repeats": repeats,
        "players": rules.seats,
    }


def cmd_solve(args: argparse.Namespace) -> int:
    return solve_command(args, read_record, _refuse, SaveError, Unreadable)


def cmd_bench(args: argparse.Namespace) -> int:
    rules = preset(args.rules)
    reason = (four_seats_refusal(rules) if args.solver
              else alone_refusal(args.strength, rules) if args.players else None)
    if reason is not None:
        print(f"bench: {reason}", file=sys.stderr)
        return UNREADABLE
    if args.solver:
        return bench_command(args, rules, Progress(args.deals))
    if args.players:
        from ..measure.timing import format_timing, time_decisions

        progress = Progress(args.deals)
        try:
            out = time_decisions(
                args.strength, args.deals, args.seed, args.rules, args.iterations,
                on_deal=lambda n: progress.show(f"{n}/{args.deals} deals{progress.left(n)}"),
            )
        finally:
            progress.clear()
        print(json.dumps(out, indent=2) if args.json else format_timing(out))
        return 0
    out = bench(args.hands, args.seed, rules=rules)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    seats, cards = rules.seats, rules.seats * rules.tricks
    print(f"Python {out['python']}, one core, rules {args.rules}; best of {out['repeats']}"
          f" runs of {out['hands'] // out['repeats']} hands each")
    print(f"  complete random hands (deal, {seats} bids, {cards} cards, score): "
          f"{out['complete_hands_per_s']:>8,} /s")
    phase = f"({(rules.tricks - 5) * seats} cards):"
    print(f"  play phase alone from trick 6 {phase:<25}"
          f"{out['play_phase_from_trick_6_per_s']:>8,} /s"
          f"  ({out['cards_per_s_in_play_phase']:,} cards/s)")
    print(f"  complete hands through Match.apply (checked, events):  "
          f"{out['validated_match_hands_per_s']:>8,} /s")
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    """Watch a match of computer players in the terminal."""
    from ..ai.reading import Reading
    from ..measure import make_player

    rules = preset(args.rules)
    reason = alone_refusal(args.strength, rules)
    if reason is not None:
        print(f"watch: {reason}", file=sys.stderr)
        return UNREADABLE
    match = Match(rules, args.seed)
    reading = Reading()  # hard players read the table over the match
    extra = {"reading": reading} if args.strength == "hard" else {}
    players = [make_player(args.strength, seed=f"{args.seed}/{s}", **extra)
               for s in range(rules.seats)]
    progress = Progress()
    events = list(match.opening_events)
    while True:
        progress.clear()
        for event in events:
            _print_event(match, event)
        if match.phase == OVER:
            return 0
        sys.stdout.flush()
        seat = match.to_act
        if rules.partnerships:  # hard's reading of four seats (hard alone reads none)
            reading.sync(match.history)
        trick = min(match.trick_number + 1, rules.tricks)
        where = f"hand {match.hand_number + 1}, trick {trick}"
        events = match.apply(think_aloud(players[seat], match.view(seat), where, progress))


THINK_SLICE_MS = 200


def think_aloud(player: Any, view: Any, where: str, progress: Progress) -> Any:
    """The player's decision, thought in slices like the table's frames; a search that
    outlasts a slice shows who is thinking on the progress line."""
    thinker = player.think(view)
    while not thinker.step(THINK_SLICE_MS):
        progress.show(
            f"{SEAT_NAMES_AT[view.rules.seats][view.seat]} is thinking ({where},"
            f" {thinker.iterations} rollouts)"
        )
    return thinker.finish()


def _print_hands(match: Match, names: tuple[str, ...]) -> None:
    for seat, name in enumerate(names):
        cards = sorted(cards_of(match.dealt[seat]), reverse=True)
        print(f"  {name:>5}: {' '.join(card_text(c) for c in cards)}")


def _print_event(match: Match, event: Any) -> None:
    rules = match.rules
    names = SEAT_NAMES_AT[rules.seats]
    if isinstance(event, HandDealt):
        print(f"\nHand {event.hand_number + 1}: {names[event.dealer]} "
              + ("deals" if not rules.draws else "deals the stock; the draw:"))
        if not rules.draws:
            _print_hands(match, names)
    elif isinstance(event, CardDrawn):
        if event.shown is None:
            print(f"  {names[event.seat]} keeps the card drawn")
        else:
            print(f"  {names[event.seat]} shows {card_text(event.shown)}, takes the next")
        if match.phase != DRAWING:
            print("  the hands drawn:")
            _print_hands(match, names)
    elif isinstance(event, CardsSeen):
        print(f"  {names[event.seat]} looks at the cards")
    elif isinstance(event, BidMade):
        forced = " (set by the cards)" if event.forced else ""
        print(f"  {names[event.seat]} bids {bid_text(event.bid).replace('_', ' ')}{forced}")
    elif isinstance(event, CardsPassed):
        # The watcher sees every hand, so the cards passed may be named.
        cards = " ".join(card_text(c) for c in sorted(cards_of(match.passed[event.seat])))
        print(f"  {names[event.seat]} passes {cards} to {names[event.to_seat]}")
    elif isinstance(event, TrickWon):
        played = " ".join(card_text(c) for c in event.cards)
        print(f"  trick {event.trick_number + 1:>2}: {names[event.leader]:>5} leads "
              f"{played}  -> {names[event.seat]}")
    elif isinstance(event, HandScored):
        for team in event.teams:
            if rules.partnerships:
                name = "South/North" if team.team == 0 else "West/East"
            else:
                name = names[team.team]
            lines = ", ".join(f"{line.text} {line.points:+d}" for line in team.lines)
            print(f"  {name}: {team.points:+d} ({lines}) -> {team.score_after}, "
                  f"{team.bags_after} bags")
    elif isinstance(event, MatchOver):
        if rules.partnerships:
            name = "South and North" if event.winner == 0 else "West and East"
            print(f"\n{name} win {max(event.scores)} to {min(event.scores)}")
        else:
            others = sorted(event.scores, reverse=True)[1:]
            print(f"\n{names[event.winner]} wins {max(event.scores)} to"
                  f" {' and '.join(str(s) for s in others)}")


def add_play_commands(command: Any) -> None:
    p = command("simulate", "play random-legal matches and summarise them")
    p.add_argument("--matches", type=positive(), default=100, metavar="N",
                   help="how many matches to play")
    options.seed(p, 0, "the matches")
    options.rules(p, any_seats=True)
    p.add_argument("--max-hands", type=positive(), default=200, metavar="N",
                   help="stop a match that has not ended after this many hands")
    options.as_json(p)
    p.set_defaults(run=cmd_simulate)

    p = command("bench", "random-playout throughput on one core, or (--players) how long "
                "a computer player takes to decide")
    p.add_argument("--hands", type=positive(), default=20000, metavar="N",
                   help="hands to play, split over five timed runs")
    options.seed(p, 1, "the playouts")
    p.add_argument("--players", action="store_true",
                   help="time a computer player's decisions instead (p50, p95, p99, max)")
    p.add_argument("--strength", choices=PLAYERS, default="hard",
                   help="with --players: the player timed, in seats 0 and 2 against normal"
                   " (at two: seat 0)")
    p.add_argument("--deals", type=positive(), default=40, metavar="N",
                   help="with --players: deals to play; with --solver: deals to solve")
    options.iterations(p, when="with --players: ")
    solver_options(p)
    options.rules(p, any_seats=True)
    options.as_json(p)
    p.set_defaults(run=cmd_bench)

    p = command("solve", SOLVE_SUMMARY)
    p.add_argument("file", help="the spades-hand/1 record, or - for standard input")
    options.as_json(p)
    p.set_defaults(run=cmd_solve)

    p = command("watch", "watch computer players play a match in the terminal")
    options.seed(p, None, "the match")
    options.rules(p, any_seats=True)
    p.add_argument("--strength", choices=STRENGTHS, default="normal",
                   help=f"the players, one of: {', '.join(STRENGTHS)}")
    p.set_defaults(run=cmd_watch)
