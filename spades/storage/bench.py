"""How long saving after an action takes, through the desktop file backend.

    python -m spades.storage.bench [--hands 20] [--seed 1] [--no-fsync] [--dir DIR]
    python -m spades.storage.bench --forever     # save until killed (crash tests)

The match is played with random legal actions from a seeded generator: storage may
not import the computer players, and the cost of a save depends only on the length
of the action log, not on how well the cards are played. The rules have no target
in reach and no mercy rule, so the match lasts exactly the hands asked for.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from spades.engine.match import Match
from spades.engine.rules import STANDARD

from .saves import load_match, save_match
from .store import FileStore, open_file_store, open_store

LONG_RULES = STANDARD.with_options(target=1_000_000, mercy=None)


def percentile(sorted_values: list[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(fraction * (len(sorted_values) - 1))))
    return sorted_values[index]


def play_and_save(store, hands: int, seed: int) -> tuple[list[float], Match]:
    rng = random.Random(seed)
    match = Match(LONG_RULES, seed)
    times = []
    while len(match.history) < hands and not match.is_over:
        actions = match.legal_actions()
        match.apply(actions[rng.randrange(len(actions))])
        start = time.perf_counter()
        save_match(store, match, practice=False)
        times.append((time.perf_counter() - start) * 1000)
    return times, match


def forever(seed: int) -> None:
    """Save after every action, match after match, until the process is killed."""
    store = open_store()
    if store.problem:
        sys.exit(store.problem)
    print(f"saving in {store.where}", flush=True)
    while True:
        play_and_save(store, 20, seed)
        seed += 1


def bench(hands: int, seed: int, durable: bool, folder: Path) -> None:
    store = open_file_store(folder, durable=durable)
    if not isinstance(store, FileStore):
        sys.exit(store.problem)
    times, match = play_and_save(store, hands, seed)
    times.sort()
    start = time.perf_counter()
    saved = load_match(store)
    load_ms = (time.perf_counter() - start) * 1000
    assert saved is not None and saved.match.state() == match.state()
    size = store.path("match").stat().st_size
    print(
        f"{len(times)} saves over {len(match.history)} hands "
        f"({'fsync' if durable else 'no fsync'}, {folder}): "
        f"p50 {percentile(times, 0.5):.3f} ms, p95 {percentile(times, 0.95):.3f} ms, "
        f"max {times[-1]:.3f} ms; last save {size} bytes, loading it {load_ms:.1f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m spades.storage.bench")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-fsync", action="store_true", help="rename without fsync")
    parser.add_argument("--dir", type=Path, help="folder to save in (default: a temp dir)")
    parser.add_argument(
        "--forever", action="store_true",
        help="save in the data folder (SPADES_DATA_DIR) after every action until killed",
    )
    args = parser.parse_args(argv)
    if args.forever:
        forever(args.seed)
    elif args.dir is not None:
        bench(args.hands, args.seed, not args.no_fsync, args.dir)
    else:
        with tempfile.TemporaryDirectory(prefix="spades-bench-") as folder:
            bench(args.hands, args.seed, not args.no_fsync, Path(folder))


if __name__ == "__main__":
    main()
