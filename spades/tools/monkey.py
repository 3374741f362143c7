"""The random-input tester: the real App, headless, fed random public input events.

Each seed opens the App at one of the starting sizes with a data folder of its own,
then for ``frames`` frames posts random pygame events (clicks on drawn labels and on
random points, bursts of clicks, mouse motion, wheel, FINGER events in 0..1
coordinates, keys with their text, window resizes to tiny, short and huge sizes) and
runs one ``App.frame`` the way main's loop does. After every frame it checks:

- no exception left the App;
- every string drawn lies inside the window, and every table control too;
- the engine's own invariants (every card dealt accounted for, tricks counted, trick
  size), at four, three and two seats;
- the save equals the table: a table that saves shows exactly the saved action log.

Quitting from the menu, and now and then a closed window, restart the App on the same
data folder, so Continue and saving across starts are driven too.

``python -m spades.tools.monkey --seeds 0-199 --frames 3000 [--sizes 1280x720,...]
[--workers N] [--rules cutthroat]`` (``--rules``: new matches of that preset, as
main.py's) prints frames, events, restarts and findings; exit status 1 when
anything was found. Only public events go in, so the tester does not depend on how
the interface is built inside.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field

SIZES = ((1280, 720), (800, 600), (390, 844), (640, 360), (500, 320), (320, 240))
RESIZES = ((200, 150), (300, 200), (320, 240), (319, 500), (1000, 300), (2560, 1440),
           (333, 777), (400, 330), (320, 320), (1920, 1080), (480, 270))
KEYS = ("tab", "tab", "enter", "enter", "space", "left", "right", "up", "down", "escape",
        "f1", "backspace")
LETTERS = "slhucmwre?abn0123456789"
MAX_BACKSPACES = 60
DT = 0.05  # seconds a frame: a fixed clock, so a seed replays exactly


@dataclass
class Finding:
    seed: int
    frame: int
    kind: str  # crash, outside, invariant, save
    detail: str
    steps: list[str] = field(default_factory=list)

    folder: str = ""

    def line(self) -> str:
        return f"seed {self.seed} frame {self.frame}: {self.kind}: {self.detail}"


@dataclass
class Tally:
    frames: int = 0
    events: int = 0
    restarts: int = 0
    findings: list[Finding] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.frames += other.frames
        self.events += other.events
        self.restarts += other.restarts
        self.findings += other.findings


def _env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


class Monkey:
    """One seed's run."""

    def __init__(self, seed: int, size: tuple[int, int], frames: int,
                 rules: str | None = None) -> None:
        _env()
        import pygame

        self.pg = pygame
        self.seed = seed
        self.rng = random.Random(seed)
        self.size = size
        self.frames = frames
        self.rules = rules  # a preset for new matches (cutthroat, two-handed), as --rules
        self.tally = Tally()
        self.steps: list[str] = []  # the recent input, to reproduce a finding
        self.seen: set[tuple[str, str]] = set()
        self.folder = tempfile.mkdtemp(prefix=f"spades-monkey-{seed}-")
        self.app = None
        self.texts: list = []
        self.backspaces = 0

    # --- the App, as main starts it --------------------------------------------------

    def open(self) -> None:
        from ..ui.app import App, parse_args

        os.environ["SPADES_DATA_DIR"] = self.folder
        # Exports go to the seed's own folder, nested deep enough that the backspaces
        # a seed may send (at most MAX_BACKSPACES) never edit the path out of it; a path
        # emptied and retyped is a file name in that same folder (SavesScreen.file).
        os.environ["SPADES_DOWNLOADS_DIR"] = os.path.join(self.folder, "downloads" * 10)
        w, h = self.size
        rules = ["--rules", self.rules] if self.rules else []
        self.app = App(parse_args(["--size", f"{w}x{h}", *rules]))
        self.steps.append(f"start at {w}x{h}")

    def restart(self) -> None:
        self.tally.restarts += 1
        self.size = self.window()
        self.open()

    def window(self) -> tuple[int, int]:
        return self.pg.display.get_surface().get_size()

    # --- input -----------------------------------------------------------------------

    def post(self, kind: int, note: str, **attrs) -> None:
        self.pg.event.post(self.pg.event.Event(kind, **attrs))
        self.tally.events += 1
        self.steps.append(note)
        del self.steps[:-40]

    def targets(self) -> list[tuple[int, int]]:
        """Points worth clicking: the middle of each label drawn last frame, and of each
        control the scene offers (if it offers any)."""
        points = [r.center for _, _, r in self.texts]
        for control in getattr(self.app.scene, "controls", None) or []:
            rect = getattr(control, "rect", None)
            if rect is not None:
                points.append(rect.center)
        return points

    def point(self) -> tuple[int, int]:
        w, h = self.window()
        targets = self.targets()
        if targets and self.rng.random() < 0.7:
            return self.rng.choice(targets)
        return (self.rng.randrange(-5, w + 5), self.rng.randrange(-5, h + 5))

    def click(self, pos: tuple[int, int]) -> None:
        pg = self.pg
        self.post(pg.MOUSEBUTTONDOWN, f"click {pos}", pos=pos, button=1)
        self.post(pg.MOUSEBUTTONUP, "", pos=pos, button=1)

    def tap(self, pos: tuple[int, int]) -> None:
        pg = self.pg
        w, h = self.window()
        x, y = pos[0] / max(1, w), pos[1] / max(1, h)
        self.post(pg.FINGERDOWN, f"tap {pos}", x=x, y=y, dx=0.0, dy=0.0, finger_id=0,
                  touch_id=0, pressure=1.0)
        if self.rng.random() < 0.3:
            x2 = min(1.0, max(0.0, x + self.rng.uniform(-0.2, 0.2)))
            y2 = min(1.0, max(0.0, y + self.rng.uniform(-0.2, 0.2)))
            self.post(pg.FINGERMOTION, "drag", x=x2, y=y2, dx=x2 - x, dy=y2 - y, finger_id=0,
                      touch_id=0, pressure=1.0)
            x, y = x2, y2
        self.post(pg.FINGERUP, "", x=x, y=y, dx=0.0, dy=0.0, finger_id=0, touch_id=0,
                  pressure=0.0)

    def key(self, name: str, shift: bool = False) -> None:
        pg = self.pg
        codes = {"tab": pg.K_TAB, "enter": pg.K_RETURN, "space": pg.K_SPACE,
                 "left": pg.K_LEFT, "right": pg.K_RIGHT, "up": pg.K_UP, "down": pg.K_DOWN,
                 "escape": pg.K_ESCAPE, "f1": pg.K_F1, "backspace": pg.K_BACKSPACE}
        if name == "backspace":
            self.backspaces += 1
            if self.backspaces > MAX_BACKSPACES:
                return
        if name in codes:
            code, text = codes[name], " " if name == "space" else ""
        else:
            code = pg.K_SLASH if name == "?" else pg.key.key_code(name)
            text = name
        self.post(pg.KEYDOWN, f"key {'shift+' if shift else ''}{name}", key=code,
                  unicode=text, mod=pg.KMOD_SHIFT if shift else 0, scancode=0)

    def resize(self, size: tuple[int, int]) -> None:
        pg = self.pg
        pg.display.set_mode(size, pg.RESIZABLE)
        self.post(pg.VIDEORESIZE, f"resize {size[0]}x{size[1]}", size=size, w=size[0],
                  h=size[1])

    def act(self) -> None:
        """This frame's input: often none, so the table has time to move."""
        r = self.rng.random()
        if r < 0.45:
            return
        if r < 0.70:
            self.click(self.point())
        elif r < 0.78:
            self.tap(self.point())
        elif r < 0.90:
            if self.rng.random() < 0.5:
                self.key(self.rng.choice(KEYS), shift=self.rng.random() < 0.15)
            else:
                self.key(self.rng.choice(LETTERS))
        elif r < 0.94:
            pos = self.point()
            self.post(self.pg.MOUSEMOTION, f"move {pos}", pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        elif r < 0.97:
            self.post(self.pg.MOUSEWHEEL, "wheel", x=0, y=self.rng.choice((-3, -1, 1, 3)),
                      flipped=False, precise_x=0.0, precise_y=0.0)
        elif r < 0.985:
            for _ in range(self.rng.randrange(20, 121)):
                self.click(self.point())
        elif r < 0.997:
            self.resize(self.rng.choice(RESIZES + SIZES))
        else:
            self.steps.append("window closed")
            self.restart()

    # --- checks ----------------------------------------------------------------------

    def find(self, kind: str, detail: str, frame: int) -> None:
        what = detail.split(" at ")[0]
        if what.startswith("control ("):
            what = what.split(",")[0]  # one finding per kind of control, not per card
        key = (kind, what[:80])
        if key in self.seen:
            return
        self.seen.add(key)
        self.tally.findings.append(Finding(self.seed, frame, kind, detail, list(self.steps),
                                           self.folder))

    def check(self, frame: int) -> None:
        from ..ui.layout.window import too_small

        pg = self.pg
        window = pg.Rect((0, 0), self.window())
        for text, size, rect in self.texts:
            if not window.contains(rect):
                self.find("outside", f"text {text[:40]!r} ({size} px) at {tuple(rect)} in "
                          f"{window.w}x{window.h}", frame)
        scene = self.app.scene
        match = getattr(scene, "match", None)
        if match is None or too_small(window.w, window.h):
            return  # the "Make the window larger" card shows: no scene is drawn
        for control in getattr(scene, "controls", None) or []:
            rect = getattr(control, "rect", None)
            if rect is not None and rect.width > 0 and not window.contains(rect):
                self.find("outside", f"control {getattr(control, 'key', '?')} at "
                          f"{tuple(rect)} in {window.w}x{window.h}", frame)
        problem = engine_problem(match)
        if problem:
            self.find("invariant", problem, frame)
        if scene is getattr(self.app, "saving", None):
            problem = save_problem(self.app.store, match)
            if problem:
                self.find("save", problem, frame)

    # --- the run ---------------------------------------------------------------------

    def run(self) -> Tally:
        from ..ui.art import theme

        theme.Text.recording = []
        saved_env = {k: os.environ.get(k) for k in ("SPADES_DATA_DIR", "SPADES_DOWNLOADS_DIR")}
        try:
            self.open()
            for frame in range(self.frames):
                self.act()
                theme.Text.recording = []
                self.app.frame(DT)
                self.texts = theme.Text.recording
                self.tally.frames += 1
                self.check(frame)
                if not self.app.running:
                    self.steps.append("quit")
                    self.restart()
        except Exception as exc:
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.find("crash", f"{type(exc).__name__}: {exc} at {where.filename}:"
                      f"{where.lineno}", self.tally.frames)
        finally:
            theme.Text.recording = None
            for name, value in saved_env.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
            if not self.tally.findings:  # a finding's folder stays, to be looked at
                shutil.rmtree(self.folder, ignore_errors=True)
        return self.tally


def engine_problem(match) -> str | None:
    """The engine's own invariants, checked from outside the engine."""
    if match.phase == "over":
        return None
    rules = match.rules
    hands = match.hands
    union = 0
    for h in hands:
        if union & h:
            return "a card is in two hands"
        union |= h
    played = 0
    for card in match.plays:
        played |= 1 << card
    # Every card dealt is held or played; two-handed's hands hold one card a turn drawn.
    dealt = rules.cards.bit_count() if not rules.draws else match.draw.at // 2
    if union & played or (union | played) & ~rules.cards or \
            (union | played).bit_count() != dealt:
        return f"the {dealt} cards dealt are not all accounted for"
    if sum(match.tricks_won) != len(match.trick_winners) or \
            len(match.trick_winners) > rules.tricks:
        return "the tricks won do not add up"
    if len(match.trick) != len(match.plays) % rules.seats:
        return "the trick on the table does not match the cards played"
    return None


def save_problem(store, match) -> str | None:
    """The table that saves must show exactly the saved action log."""
    text = store.read_text("match", quiet=True)
    if text is None:
        return "the table is showing but nothing is saved"
    try:
        saved = json.loads(text)["match"]["actions"]
    except (ValueError, KeyError, TypeError):
        return "the save cannot be read"
    live = match.to_json()["actions"]
    if saved != live:
        return f"the save holds {len(saved)} actions, the table {len(live)}"
    return None


def _worker_start() -> None:
    """In a pool's worker, before SDL starts: leave SIGTERM to the system. SDL turns it
    into a quit event by default, so a worker that had opened a window outlived
    ``Pool.terminate`` (the with-block's exit) and the run hung after its last seed."""
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"


def run_seed(args: tuple) -> Tally:
    seed, size, frames, rules = args
    return Monkey(seed, size, frames, rules).run()


def run(seeds: list[int], frames: int, sizes: tuple = SIZES, workers: int = 1,
        out=sys.stdout, rules: str | None = None) -> Tally:
    jobs = [(seed, sizes[i % len(sizes)], frames, rules) for i, seed in enumerate(seeds)]
    total = Tally()
    if workers > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers, _worker_start) as pool:
            results = pool.imap(run_seed, jobs)
            for tally in results:
                _report_seed(tally, total, out)
    else:
        for job in jobs:
            _report_seed(run_seed(job), total, out)
    return total


def _report_seed(tally: Tally, total: Tally, out) -> None:
    total.add(tally)
    for finding in tally.findings:
        print(finding.line(), file=out)
        print("  steps: " + "; ".join(s for s in finding.steps[-12:] if s), file=out)
        print(f"  data: {finding.folder}", file=out)
    out.flush()


def parse_seeds(text: str) -> list[int]:
    seeds: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        seeds += list(range(int(low), int(high or low) + 1))
    return seeds


def parse_sizes(text: str) -> tuple:
    return tuple(tuple(int(v) for v in s.lower().split("x")) for s in text.split(","))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m spades.tools.monkey",
                                description="Random input against the real App.")
    p.add_argument("--seeds", default="0-29", help="seeds, e.g. 0-199 or 3,7,9-12")
    p.add_argument("--frames", type=int, default=3000, help="frames per seed")
    p.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES),
                   help="starting window sizes, one per seed in turn")
    p.add_argument("--workers", type=int, default=1, help="processes (CPU is shared)")
    p.add_argument("--rules", default=None, help="the rule preset of new matches, as "
                   "main.py's --rules (cutthroat, two-handed); default: the settings'")
    args = p.parse_args(argv)
    started = time.perf_counter()
    seeds = parse_seeds(args.seeds)
    total = run(seeds, args.frames, parse_sizes(args.sizes), args.workers, rules=args.rules)
    took = time.perf_counter() - started
    print(f"seeds {len(seeds)}, frames {total.frames}, events {total.events}, restarts "
          f"{total.restarts}, findings {len(total.findings)}, {took:.0f} s")
    return 1 if total.findings else 0


if __name__ == "__main__":
    sys.exit(main())
