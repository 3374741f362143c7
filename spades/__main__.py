"""Command line: ``python -m spades replay|simulate|bench|tournament|watch``."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from .engine import OVER, Match, preset
from .engine.actions import BidMade, CardsSeen, HandDealt, HandScored, MatchOver, TrickWon
from .engine.cards import SEAT_NAMES, card_text, cards_of
from .engine.legal import bid_text
from .engine.playout import random_hand, random_tricks
from .engine.record import replay_record
from .engine.rules import RulesError


def _load_json(path: str) -> Any:
    if path == "-":
        return json.load(sys.stdin)
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        record = _load_json(args.file)
        out = replay_record(record)
    except (OSError, ValueError) as exc:  # JSONDecodeError and SaveError are ValueErrors
        print(json.dumps({"error": str(exc)}), file=sys.stderr)
        return 2
    print(json.dumps(out, indent=2))
    return 0 if out["legal"] else 1


def play_random_match(match: Match, rng: random.Random, max_hands: int) -> None:
    """Random legal actions until the match ends or ``max_hands`` hands are played."""
    while match.phase != OVER and len(match.history) < max_hands:
        actions = match.legal_actions()
        match.apply(actions[int(rng.random() * len(actions))])


def simulate(rules_name: str, matches: int, seed: int, max_hands: int) -> dict[str, Any]:
    rules = preset(rules_name)
    rng = random.Random(f"simulate/{seed}")
    wins = [0, 0]
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
    return {
        "rules": rules_name,
        "matches": matches,
        "seed": seed,
        "wins": {"south_north": wins[0], "west_east": wins[1]},
        "unfinished": unfinished,
        "hands": hands,
        "hands_per_match": round(hands / matches, 2) if matches else 0,
        "contracts": {"bid": contracts, "made": made, "set": set_},
        "nil": {"bid": nils, "made": nils_made},
        "blind_nil": {"bid": blind, "made": blind_made},
        "bag_penalties": penalties,
        "mean_final_scores": [
            round(sum(f[t] for f in finals) / matches, 1) if matches else 0 for t in (0, 1)
        ],
    }


def cmd_simulate(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    try:
        out = simulate(args.rules, args.matches, args.seed, args.max_hands)
    except RulesError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{out['matches']} random-legal matches, rules {out['rules']}, seed {out['seed']}")
    print(f"  wins: South/North {out['wins']['south_north']}, "
          f"West/East {out['wins']['west_east']}, unfinished {out['unfinished']}"
          f" (after {args.max_hands} hands)")
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


def bench(hands: int, seed: int, repeats: int = 5) -> dict[str, Any]:
    rules = preset("standard")
    rng = random.Random(seed)
    rand = rng.random
    random_hand(rules, rng, 0)  # warm the legal-bid cache

    def complete(n: int) -> None:
        for i in range(n):
            random_hand(rules, rng, i & 3)

    # The play phase alone, from one mid-hand position: 5 tricks played, 8 to go.
    position = Match(rules, seed)
    while len(position.plays) < 20:
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
        "cards_per_s_in_play_phase": round(per_s * 32),
        "validated_match_hands_per_s": round(_best_rate(checked, max(1, chunk // 10), repeats)),
        "hands": hands,
        "repeats": repeats,
    }


def cmd_bench(args: argparse.Namespace) -> int:
    out = bench(args.hands, args.seed)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"Python {out['python']}, one core, rules standard; best of {out['repeats']} runs"
          f" of {out['hands'] // out['repeats']} hands each")
    print(f"  complete random hands (deal, 4 bids, 52 cards, score): "
          f"{out['complete_hands_per_s']:>8,} /s")
    print(f"  play phase alone from trick 6 (32 cards):              "
          f"{out['play_phase_from_trick_6_per_s']:>8,} /s"
          f"  ({out['cards_per_s_in_play_phase']:,} cards/s)")
    print(f"  complete hands through Match.apply (checked, events):  "
          f"{out['validated_match_hands_per_s']:>8,} /s")
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    """Watch a match of computer players in the terminal."""
    from .ai import make_player

    rules = preset(args.rules)
    match = Match(rules, args.seed)
    players = [make_player(args.strength, seed=f"{args.seed}/{s}") for s in range(4)]
    events = list(match.opening_events)
    while True:
        for event in events:
            _print_event(match, event)
        if match.phase == OVER:
            return 0
        seat = match.to_act
        action = players[seat].choose(match.view(seat))
        events = match.apply(action)


def _print_event(match: Match, event: Any) -> None:
    if isinstance(event, HandDealt):
        print(f"\nHand {event.hand_number + 1}: {SEAT_NAMES[event.dealer]} deals")
        for seat in range(4):
            cards = sorted(cards_of(match.dealt[seat]), reverse=True)
            print(f"  {SEAT_NAMES[seat]:>5}: {' '.join(card_text(c) for c in cards)}")
    elif isinstance(event, CardsSeen):
        print(f"  {SEAT_NAMES[event.seat]} looks at the cards")
    elif isinstance(event, BidMade):
        print(f"  {SEAT_NAMES[event.seat]} bids {bid_text(event.bid).replace('_', ' ')}")
    elif isinstance(event, TrickWon):
        played = " ".join(card_text(c) for c in event.cards)
        print(f"  trick {event.trick_number + 1:>2}: {SEAT_NAMES[event.leader]:>5} leads "
              f"{played}  -> {SEAT_NAMES[event.seat]}")
    elif isinstance(event, HandScored):
        for team in event.teams:
            name = "South/North" if team.team == 0 else "West/East"
            lines = ", ".join(f"{line.text} {line.points:+d}" for line in team.lines)
            print(f"  {name}: {team.points:+d} ({lines}) -> {team.score_after}, "
                  f"{team.bags_after} bags")
    elif isinstance(event, MatchOver):
        name = "South and North" if event.winner == 0 else "West and East"
        print(f"\n{name} win {max(event.scores)} to {min(event.scores)}")


def cmd_tournament(args: argparse.Namespace) -> int:
    from .ai.tournament import main as tournament_main

    return tournament_main(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m spades", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="check a hand record and print its result")
    p.add_argument("file", help="a spades-hand/1 JSON file, or - for standard input")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("simulate", help="play random-legal matches and summarise them")
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", default="standard")
    p.add_argument("--max-hands", type=int, default=200,
                   help="stop a match that has not ended after this many hands")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("bench", help="random-playout throughput on one core")
    p.add_argument("--hands", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_bench)

    p = sub.add_parser("watch", help="watch four computer players in the terminal")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--rules", default="standard")
    p.add_argument("--strength", default="normal")
    p.set_defaults(run=cmd_watch)

    p = sub.add_parser("tournament", help="duplicate tournament between two strengths")
    p.add_argument("--a", default="hard")
    p.add_argument("--b", default="normal")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", default="standard")
    p.add_argument("--iterations", type=int, default=None,
                   help="rollouts per card decision for hard (default: its own budget)")
    p.add_argument("--situations", choices=("sampled", "fresh"), default="sampled",
                   help="start each deal from a sampled match score and bags, or from 0-0")
    p.add_argument("--workers", type=int, default=1,
                   help="processes to split the deals over (1 = one core)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_tournament)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "seed", 0) is None:
        args.seed = random.SystemRandom().randrange(1 << 30)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
