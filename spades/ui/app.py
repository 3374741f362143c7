"""The game's one loop: events, update, draw, then yield to the browser.

pygbag runs this loop in the browser's single thread, so nothing here blocks: no
threads, no ``time.sleep``, no ``input()``. The computer players think in slices
inside each frame. ``--autoplay`` seats a computer player in the human's chair; it
acts through the same clicks and keys a person would use, which is how the tests
and the frame-time figures exercise the real interface.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from ..ai import STRENGTHS
from ..engine import BLIND_NIL, LOOK, Play, preset
from ..engine.rules import PRESETS
from . import anim
from .draw import TableDrawer
from .sound import Sounds
from .table import HUMAN, TableOptions, TableScene

BROWSER = sys.platform == "emscripten"
KEY_NAMES = {
    pygame.K_TAB: "tab", pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up",
    pygame.K_DOWN: "down", pygame.K_RETURN: "enter", pygame.K_KP_ENTER: "enter",
    pygame.K_SPACE: "space", pygame.K_ESCAPE: "escape", pygame.K_F1: "help",
}
LETTERS = {"s", "l", "h", "u", "c", "m"}
THINK_MS = 6.0  # of each 16.7 ms frame, what the computer players may think


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="main.py", description="Spades against three computer "
                                "players.")
    p.add_argument("--seed", type=int, default=None, help="the match's seed (default: random)")
    p.add_argument("--rules", choices=sorted(PRESETS), default="standard",
                   help="rule preset (default: standard)")
    p.add_argument("--opponents", choices=STRENGTHS[1:], default="normal",
                   help="strength of West and East (default: normal)")
    p.add_argument("--partner", choices=STRENGTHS[1:], default="normal",
                   help="strength of North, your partner (default: normal)")
    p.add_argument("--speed", choices=anim.SPEED_NAMES, default="normal",
                   help="animation speed (default: normal)")
    p.add_argument("--size", default="1280x720", help="window size WxH (default: 1280x720)")
    p.add_argument("--autoplay", action="store_true",
                   help="a computer player takes your seat and plays the match through the "
                        "interface")
    p.add_argument("--strength", choices=STRENGTHS[1:], default="hard",
                   help="with --autoplay: the strength of all four seats (default: hard)")
    p.add_argument("--frames", type=int, default=None,
                   help="with --autoplay: stop after this many frames")
    p.add_argument("--screenshots", default=None,
                   help="with --autoplay: save a PNG of each kind of screen in this folder")
    args = p.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        p.error("--size takes WIDTHxHEIGHT, for example 800x600")
    args.size = (max(320, w), max(320, h))
    return args


class Autopilot:
    """Plays the human seat in autoplay by posting real input events, and opens each
    panel once so a screenshot of every kind of screen is taken."""

    def __init__(self) -> None:
        self.visited: set[str] = set()
        self.next_at = 0.0
        self.closing: str | None = None

    def post_click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def post_key(self, key: int, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=0))

    def step(self, scene: TableScene) -> None:
        if scene.now < self.next_at:
            return
        pause = 0.9 * max(scene.speed, 0.3)
        kind = scene.screen_kind()
        top = scene.overlays[-1] if scene.overlays else None
        if top in ("scores", "last", "help", "pause"):
            self.post_key(pygame.K_ESCAPE)
            self.next_at = scene.now + pause / 2
            return
        if top == "breakdown":
            if "score_sheet" not in self.visited:
                self.visited.add("score_sheet")
                self.post_key(pygame.K_s, "s")
            else:
                self.post_key(pygame.K_RETURN)
            self.next_at = scene.now + pause
            return
        if top == "match_over":
            return
        if kind == "trick_in_progress" and scene.shown.last_trick and "last" not in self.visited:
            self.visited.add("last")
            self.post_key(pygame.K_l, "l")
            self.next_at = scene.now + pause
            return
        if kind == "trick_in_progress" and scene.shown.hand_number == 0 and len(
                scene.shown.trick) == 2 and "help" not in self.visited:
            self.visited.add("help")
            self.post_key(pygame.K_F1)
            self.next_at = scene.now + pause
            return
        if kind == "bid_panel" and "pause" not in self.visited and scene.shown.hand_number:
            self.visited.add("pause")
            self.post_key(pygame.K_ESCAPE)
            self.next_at = scene.now + pause
            return
        self.act(scene)

    def act(self, scene: TableScene) -> None:
        """Carry out the computer's decision for the human seat with clicks."""
        decision = scene.autoplay_decision
        if decision is None or not scene.can_act():
            return
        controls = scene.build_controls()
        if isinstance(decision, Play):
            target = ("card", decision.card)
        elif decision == LOOK:
            target = ("btn", "look")
        elif scene.bid_choice == decision.value:
            target = ("btn", "confirm")
        else:
            target = ("bid", decision.value if decision.value != BLIND_NIL else BLIND_NIL)
        for control in controls:
            if control.key == target:
                self.post_click(visible_point(scene, control))
                self.next_at = scene.now + 0.25 * scene.speed
                return


def visible_point(scene: TableScene, control: Any) -> tuple[int, int]:
    """A point of a control that no later-drawn card covers (cards overlap in the hand)."""
    rect = control.rect
    if control.group != "hand":
        return rect.center
    lay = scene.layout
    x = rect.x + min(rect.width, lay.hand_step) // 2
    y = rect.y + min(rect.height, lay.row_step or rect.height) // 2
    return (x, y)


def window_size(asked: tuple[int, int]) -> tuple[int, int]:
    """On desktop the size asked for; in the browser the page's own size (the canvas
    cannot be resized there, so the table is laid out for the page it opens in)."""
    if not BROWSER:
        return asked
    try:
        from platform import window  # pygbag's bridge to the page

        return (max(320, int(window.innerWidth)), max(320, int(window.innerHeight)))
    except Exception:
        return asked


class App:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        self.options = TableOptions(
            rules=preset(args.rules), seed=seed,
            strengths=(args.opponents, args.partner, args.opponents),
            speed=args.speed,
        )
        if args.autoplay:
            self.options.autoplay = args.strength
            self.options.strengths = (args.strength,) * 3
            self.options.names = ("South", "West", "North", "East")
        pygame.init()
        pygame.display.set_caption("Spades")
        flags = 0 if BROWSER else pygame.RESIZABLE
        self.screen = pygame.display.set_mode(window_size(args.size), flags)
        self.sounds = Sounds(enabled=self.options.sound and not args.autoplay)
        self.drawer = TableDrawer()
        self.start()
        self.drawer.art.warm(self.scene.layout.card_w)
        self.drawer.art.warm(self.scene.layout.trick_w)
        self.autopilot = Autopilot() if args.autoplay else None
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_ms: list[float] = []
        self.shots: set[str] = set()
        self.shot_dir = Path(args.screenshots) if args.screenshots else None
        if self.shot_dir:
            self.shot_dir.mkdir(parents=True, exist_ok=True)

    # --- one frame ---------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        scene = self.scene
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            scene.set_layout(*self.screen.get_size())
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            scene.mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            scene.mouse_up(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            scene.mouse_move(event.pos)
        elif event.type == pygame.KEYDOWN:
            name = KEY_NAMES.get(event.key)
            text = getattr(event, "unicode", "") or ""
            if name is None and text == "?":
                name = "help"
            if name is None and text.lower() in LETTERS:
                name = text.lower()
            if name is not None:
                scene.key(name, shift=bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT))

    def frame(self, dt: float) -> None:
        """Everything one frame does; the loop only adds the wait for the next one."""
        for event in pygame.event.get():
            self.handle(event)
        scene = self.scene
        if scene.want_quit:
            self.running = False
        if scene.want_rematch:
            self.new_match()
            scene = self.scene
        size = self.screen.get_size()
        scene.set_layout(*size)
        scene.update(dt, THINK_MS)
        if self.autopilot is not None:
            self.autopilot.step(scene)
        scene.build_controls(can_quit=not BROWSER)
        self.drawer.draw(self.screen, scene)
        pygame.display.flip()
        self.screenshot()

    def new_match(self) -> None:
        seed = self.options.seed
        self.options.seed = seed + 1 if isinstance(seed, int) else f"{seed}+"
        self.start()

    def start(self) -> None:
        """Sit down at a new table with the current options."""
        self.scene = TableScene(self.options, sounds=self.sounds)
        self.scene.set_layout(*self.screen.get_size())

    def screenshot(self) -> None:
        if self.shot_dir is None:
            return
        kind = self.scene.screen_kind()
        if kind == "deal" and self.scene.shown.deck_left > 26:
            return  # half dealt shows the deal best
        if kind not in self.shots:
            self.shots.add(kind)
            w, h = self.screen.get_size()
            pygame.image.save(self.screen, str(self.shot_dir / f"{kind}-{w}x{h}.png"))

    async def run(self) -> None:
        last = time.perf_counter()
        frames = 0
        limit = self.args.frames
        while self.running:
            start = time.perf_counter()
            dt = min(0.1, start - last)
            last = start
            self.frame(dt)
            self.frame_ms.append((time.perf_counter() - start) * 1000)
            frames += 1
            if limit is not None and frames >= limit:
                break
            if self.autopilot is not None and self.scene.screen_kind() == "match_over" \
                    and limit is None:
                break
            self.clock.tick(60)
            await asyncio.sleep(0)
        if self.args.autoplay:
            self.report()
        pygame.quit()

    def report(self) -> None:
        times = sorted(self.frame_ms)
        if not times:
            return

        def pct(p: float) -> float:
            return times[min(len(times) - 1, int(p * len(times)))]

        print(f"frame p50 {pct(0.50):.1f} ms")
        print(f"frame p95 {pct(0.95):.1f} ms")
        print(f"frame max {times[-1]:.1f} ms")
        print(f"frames over 33 ms: {sum(1 for t in times if t > 33)} of {len(times)}")
        scene = self.scene
        print(f"hands played {len(scene.match.history)}, match "
              f"{'over' if scene.match.is_over else 'in progress'}, "
              f"scores {scene.match.scores[0]} to {scene.match.scores[1]}")


async def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.autoplay and not BROWSER and "SDL_VIDEODRIVER" not in os.environ and \
            not os.environ.get("DISPLAY") and sys.platform.startswith("linux"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    app = App(args)
    await app.run()
    return 0


__all__ = ["App", "HUMAN", "main", "parse_args"]
