"""What the browser test runs, in WebAssembly (Pyodide in Chromium) and natively alike.

Pure Python over the game's own engine, computer players and storage: no pygame, no
pytest. The page imports it from Pyodide's file system, the test imports it from the
checkout, and both must give the same digests and the same decisions. Each function
returns plain JSON-able values, so the page can hand them to the test as text.
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

from spades import platform
from spades.ai import make_player
from spades.ai.players import Decided
from spades.engine import Match, preset
from spades.storage import (
    MemoryStore,
    export_all,
    import_all,
    load_match,
    open_store,
    save_match,
)

# South searches on a small budget (so a whole match stays quick in WebAssembly),
# the others play by rules: every player kind takes part.
STRENGTHS = ("hard", "normal", "easy", "normal")
NAMES = ("South", "West", "North", "East")
HARD_ROLLOUTS = 24
THINK_SLICE_MS = 6.0  # what the table gives the players each frame


def digest(match: Match) -> str:
    text = json.dumps(match.state(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def players_for(match: Match) -> dict[int, Any]:
    """Seeded the way the table seeds them, so a resumed match meets the same players."""
    players = {}
    for seat, strength in enumerate(STRENGTHS):
        options = {"rollouts": HARD_ROLLOUTS} if strength == "hard" else {}
        players[seat] = make_player(strength, seed=f"{match.seed}/{seat}", **options)
    return players


def act_once(match: Match, players: dict[int, Any]) -> None:
    """One decision, thought in frame-sized slices as the table does it."""
    seat = match.to_act
    thinker = players[seat].think(match.view(seat))
    while not thinker.step(THINK_SLICE_MS):
        pass
    match.apply(thinker.decision)


def play_match(seed: int, save_at: int) -> dict[str, Any]:
    """A whole computer-only match; after ``save_at`` actions it is saved through the
    store the game opens where it runs (the page's localStorage in a browser)."""
    store = open_store()
    match = Match(preset("standard"), seed)
    players = players_for(match)
    saved: dict[str, Any] = {}
    started = time.perf_counter()
    while not match.is_over:
        act_once(match, players)
        if len(match.actions) == save_at:
            ok = save_match(store, match, names=NAMES, strengths=STRENGTHS)
            saved = {"ok": ok, "digest": digest(match), "actions": len(match.actions)}
    return {
        "store": type(store).__name__,
        "problem": store.problem,
        "saved": saved,
        "final": digest(match),
        "actions": len(match.actions),
        "hands": len(match.history),
        "scores": list(match.scores),
        "seconds": round(time.perf_counter() - started, 3),
    }


def resume_match() -> dict[str, Any]:
    """Load the saved match from the store (after a page reload) and play it out."""
    store = open_store()
    saved = load_match(store)
    if saved is None:
        return {"store": type(store).__name__, "problem": store.problem, "loaded": False,
                "notices": store.take_notices()}
    match = saved.match
    loaded = {"digest": digest(match), "actions": len(match.actions)}
    players = players_for(match)
    while not match.is_over:
        act_once(match, players)
    return {
        "store": type(store).__name__,
        "loaded": True,
        "at_load": loaded,
        "names": list(saved.names),
        "strengths": list(saved.strengths),
        "final": digest(match),
        "actions": len(match.actions),
        "scores": list(match.scores),
    }


def export_download(name: str) -> dict[str, Any]:
    """Export everything the store holds and offer it as a file, as the game does."""
    store = open_store()
    text = export_all(store)
    done, message = platform.offer_file(name, text)
    return {"done": done, "message": message, "length": len(text),
            "sha": hashlib.sha256(text.encode()).hexdigest()[:16]}


def check_export(text: str) -> dict[str, Any]:
    """Import an exported file into a fresh memory store and read the match back."""
    store = MemoryStore()
    ok, message = import_all(store, text)
    saved = load_match(store) if ok else None
    return {"ok": ok, "message": message,
            "digest": digest(saved.match) if saved else None,
            "actions": len(saved.match.actions) if saved else None}


def refused_storage() -> dict[str, Any]:
    """With local storage refused, the store falls back to memory and says why."""
    store = open_store()
    match = Match(preset("standard"), 7)
    players = players_for(match)
    for _ in range(20):
        act_once(match, players)
    ok = save_match(store, match, names=NAMES, strengths=STRENGTHS)
    back = load_match(store)
    return {
        "store": type(store).__name__,
        "problem": store.problem,
        "notices": store.take_notices(),
        "saved": ok,
        "same": back is not None and digest(back.match) == digest(match),
    }


class SwallowingBridge:
    """The page's localStorage through a bridge that swallows JavaScript's exceptions
    (a call that throws gives None, as if it worked): the other behaviour a bridge may
    have (pygbag's raises, as Pyodide's does)."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    @property
    def length(self) -> int:
        return self.storage.length

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.storage, name)

        def swallowed(*args: Any) -> Any:
            try:
                return method(*args)
            except Exception:
                return None
        return swallowed


def full_storage() -> dict[str, Any]:
    """The page's localStorage filled to the browser's quota (by another game on the
    site): a save refused with a real QuotaExceededError is noticed and told, whether
    the bridge raises it (Pyodide's, pygbag's) or swallows it."""
    from spades.storage import open_local_storage

    storage = platform.local_storage()
    storage.removeItem("spades/match")  # an earlier, bigger save would leave room
    names: list[str] = []
    quota = None
    for size in (262144, 16384, 1024, 64):  # to within 64 characters of the quota
        while len(names) < 400:
            name = f"other-game/fill-{len(names)}"
            try:
                storage.setItem(name, "x" * size)
            except Exception as exc:
                quota = quota or type(exc).__name__ + ": " + str(exc)[:80]
                break
            names.append(name)
    storage.removeItem(names.pop())  # room for the store's probe, not for a match
    match = Match(preset("standard"), 5)
    players = players_for(match)
    for _ in range(40):
        act_once(match, players)
    out: dict[str, Any] = {"quota": quota}
    for kind, medium in (("raises", storage), ("swallows", SwallowingBridge(storage))):
        store = open_local_storage(medium)
        saved = save_match(store, match, names=NAMES, strengths=STRENGTHS)
        out[kind] = {"store": type(store).__name__, "saved": saved,
                     "notices": store.take_notices()}
    for name in names:
        storage.removeItem(name)
    return out


def decision_views(count: int, seed: int = 2024) -> list[tuple[int, int]]:
    """Card decisions worth a search: (match seed, actions before it), spread over
    whole hands so early (long rollouts) and late decisions both appear."""
    points = []
    game = 0
    while len(points) < count:
        match = Match(preset("standard"), f"{seed}/{game}")
        players = {s: make_player("normal", seed=f"{match.seed}/{s}") for s in range(4)}
        step = 0
        while not match.is_over and match.history == [] and len(points) < count:
            if match.phase == "playing":
                view = match.view(match.to_act)
                if len(view.legal_actions()) > 1 and step % 5 == 0:
                    points.append((game, len(match.actions)))
                step += 1
            act_once(match, players)
        game += 1
    return points


def time_hard(points: list[tuple[int, int]], match_seed: str, bench: str) -> list[dict]:
    """The hard player's default budget at each point: milliseconds and the choice."""
    out = []
    for game, at in points:
        match = Match(preset("standard"), match_seed.format(game))
        players = {s: make_player("normal", seed=f"{match.seed}/{s}") for s in range(4)}
        while len(match.actions) < at:
            act_once(match, players)
        view = match.view(match.to_act)
        hard = make_player("hard", seed=bench.format(game, at))
        started = time.perf_counter()
        thinker = hard.think(view)
        decision = thinker.finish()
        ms = (time.perf_counter() - started) * 1000.0
        out.append({"game": game, "at": at, "ms": round(ms, 2), "decision": decision,
                    "searched": not isinstance(thinker, Decided),
                    "cards_left": sum(view.hand_sizes)})
    return out


def time_hard_decisions(count: int, seed: int = 2024) -> list[dict[str, Any]]:
    """The hard player's default budget on card decisions."""
    timed = time_hard(decision_views(count, seed), f"{seed}/{{}}", "bench/{}/{}")
    for t in timed:
        t["card"] = t.pop("decision").card
    return timed


def bid_views(count: int, seed: int = 2024) -> list[tuple[int, int]]:
    """Bids worth a search: (match seed, actions before it), every seat's first bid of
    the match's first deals."""
    points = []
    game = 0
    while len(points) < count:
        match = Match(preset("standard"), f"{seed}/bids/{game}")
        players = {s: make_player("normal", seed=f"{match.seed}/{s}") for s in range(4)}
        while match.phase != "playing" and not match.is_over and len(points) < count:
            view = match.view(match.to_act)
            if len(view.legal_actions()) > 1:
                points.append((game, len(match.actions)))
            act_once(match, players)
        game += 1
    return points


def time_hard_bids(count: int, seed: int = 2024) -> list[dict[str, Any]]:
    """The hard player's default budget on bids."""
    timed = time_hard(bid_views(count, seed), f"{seed}/bids/{{}}", "bench/bid/{}/{}")
    for t in timed:
        t["bid"] = repr(t.pop("decision"))
    return timed


def review_hands(count: int, seed: int = 2024) -> list[Any]:
    """The first hand of ``count`` matches of normal players, finished."""
    hands = []
    for game in range(count):
        match = Match(preset("standard"), f"{seed}/review/{game}")
        players = {s: make_player("normal", seed=f"{match.seed}/{s}") for s in range(4)}
        while not match.history:
            act_once(match, players)
        hands.append(match.history[0])
    return hands


# The browser test's hand to review: about 0.3 million nodes, under a second natively,
# so the page's run stays short (docs/solver.md has the figures of harder hands).
REVIEW_SEED = 5


def time_reviews(count: int, seed: int = REVIEW_SEED) -> list[dict[str, Any]]:
    """"With all cards seen" (spades/solver/review.py) on finished hands, run as the
    table runs it: a slice of THINK_SLICE_MS a frame until it is over. Its answers,
    its time, its slices' times and its nodes."""
    from spades.solver.review import HandReview

    out = []
    for result in review_hands(count, seed):
        review = HandReview.of_result(result)
        slices = []
        started = time.perf_counter()
        while True:
            t0 = time.perf_counter()
            done = review.step(THINK_SLICE_MS / 1000.0)
            slices.append((time.perf_counter() - t0) * 1000.0)
            if done:
                break
        opening = review.opening()
        out.append({
            "seconds": round(time.perf_counter() - started, 3), "nodes": review.nodes,
            "slices": len(slices), "slice_p50_ms": round(percentile(slices, 0.5), 2),
            "slice_p95_ms": round(percentile(slices, 0.95), 2),
            "slice_max_ms": round(max(slices), 2), "unfinished": len(review.unfinished),
            "turning": review.turning_point(),
            "tricks": list(opening.tricks) if opening else None,
        })
    return out


def replay_review(trace: str) -> dict[str, Any]:
    """A first hand recorded from the native App (spades/tools/review_trace.py, JSON
    text), its review worked out again from the deal frame by frame in the slices the
    table gave it, then opened (spades/tools/review_replay.py says what it models)."""
    from spades.tools.review_replay import replay

    return replay(json.loads(trace))


def upload_open() -> bool:
    """The game's import in the browser: open the file chooser."""
    return platform.ask_for_upload()


def upload_take() -> str | None:
    """What the game's import reads each frame: None while the chooser is open."""
    return platform.take_upload()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def run(name: str, *args: Any) -> str:
    """The page's one entry point: a function's result as JSON text."""
    return json.dumps(globals()[name](*args))
