"""How fast is the exact search at three seats (cutthroat; ``--rules two-handed``
for two)? Figures, never a test.

Two measures, each printing nodes (cards tried: the same on any machine, whatever
its load) and this process's processor time:

- ``--deals N``: N cutthroat deals of ``--seed``, each played at random to
  ``--tricks-left`` tricks (17, the default: the whole deal from its opening lead; a
  two-handed deal has 13), then each
  player's most tricks against the two others together (one ``FewSolver`` a player,
  as the review keeps one): a line per deal and the totals.
- ``--reviews SEEDS``: the first hand of each seeded game (random players, as
  tests/test_review_few.py plays one), reviewed whole (``HandReview.of_result``,
  run to the end): the player's wait for "All cards seen" on a finished hand.

``python -m spades.tools.few_bench --deals 6 --seed 1 --tricks-left 12``
``python -m spades.tools.few_bench --reviews 1-3``
"""

from __future__ import annotations

import argparse
import random
import time

from ..engine.match import Match
from ..engine.playout import random_deal
from ..engine.rules import preset
from ..solver.position import Position, most_tricks, team_solver
from ..solver.review import HandReview
from .review_ready import seeds_of


def position_of(seed: int, deal: int, tricks_left: int, name: str = "cutthroat") -> Position:
    """Deal ``deal`` (from 1) of ``seed`` under preset ``name``, played at random to
    ``tricks_left``."""
    rules = preset(name)
    rng = random.Random(f"few-bench/{seed}/{deal}")
    hands = random_deal(rng, deal % rules.seats, rules.cards, rules.seats, rules.tricks)
    position = Position.deal(hands, rng.randrange(rules.seats), rules)
    while position.tricks_left > tricks_left or position.trick:
        cards = []
        legal = position.legal()
        while legal:
            low = legal & -legal
            cards.append(low.bit_length() - 1)
            legal ^= low
        position, _ = position.play(rng.choice(cards))
    return position


def bench_deals(deals: int, seed: int, tricks_left: int, name: str) -> None:
    total_nodes = 0
    total_cpu = 0.0
    for d in range(1, deals + 1):
        position = position_of(seed, d, tricks_left, name)
        counts, nodes, cpus = [], [], []
        for seat in range(len(position.hands)):
            solver = team_solver(position, seat)
            start = time.process_time()
            counts.append(most_tricks(position, seat, solver))
            cpus.append(time.process_time() - start)
            nodes.append(solver.nodes)
        total_nodes += sum(nodes)
        total_cpu += sum(cpus)
        print(f"deal {d}: tricks {counts}, nodes {sum(nodes):,} "
              f"({', '.join(f'{n:,}' for n in nodes)}), processor {sum(cpus):.2f} s",
              flush=True)
    print(f"all {deals} deals ({tricks_left} tricks left, seed {seed}): nodes "
          f"{total_nodes:,}, processor {total_cpu:.2f} s")


def first_hand(seed: int, name: str = "cutthroat"):  # noqa: ANN201 (a HandResult)
    rng = random.Random(seed)
    match = Match(preset(name), seed)
    while not match.history:
        match.apply(rng.choice(match.legal_actions()))
    return match.history[0]


def bench_reviews(seeds: list[int], name: str) -> None:
    for seed in seeds:
        review = HandReview.of_result(first_hand(seed, name))
        start = time.process_time()
        review.run()
        cpu = time.process_time() - start
        opening = review.opening()
        print(f"seed {seed}: review {review.status}, nodes {review.nodes:,}, processor "
              f"{cpu:.2f} s, opening tricks {opening.tricks if opening else None}, "
              f"turning point {review.turning_point()}", flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m spades.tools.few_bench",
                                description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tricks-left", type=int, default=17)
    p.add_argument("--reviews", default="", metavar="SEEDS", help="e.g. 1-3")
    p.add_argument("--rules", default="cutthroat", choices=("cutthroat", "two-handed"))
    args = p.parse_args(argv)
    if args.deals:
        bench_deals(args.deals, args.seed, args.tricks_left, args.rules)
    if args.reviews:
        bench_reviews(seeds_of(args.reviews), args.rules)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
