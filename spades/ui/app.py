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
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from .. import platform, storage
from ..storage.journey import load_journey
from .arguments import parse_args  # noqa: F401 - the loop's command line, used from here
from .art import theme
from .art.density import MAX_DENSITY, density, set_density, window_pixels
from .autopilot import Autopilot, PaceMeter
from .draw.frame import TableDrawer
from .layout.window import SMALLEST_LANDSCAPE, SMALLEST_PORTRAIT, compute_layout, too_small
from .matches import MatchKeeping
from .pages.friends import FriendsScreen, open_link
from .pages.house_rules import HouseRulesScreen
from .pages.journey import JourneyScreen
from .pages.menu import MenuScreen, RulesScreen
from .sound import Sounds
from .speech.delivery import Speech
from .table.scene import HUMAN, TableScene
from .widgets import InputMode, Pointer, PointerStream

BROWSER = sys.platform == "emscripten"
KEY_NAMES = {
    pygame.K_TAB: "tab", pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up",
    pygame.K_DOWN: "down", pygame.K_RETURN: "enter", pygame.K_KP_ENTER: "enter",
    pygame.K_SPACE: "space", pygame.K_ESCAPE: "escape", pygame.K_F1: "help",
    pygame.K_PAGEUP: "pageup", pygame.K_PAGEDOWN: "pagedown", pygame.K_HOME: "home",
    pygame.K_END: "end", pygame.K_F2: "announcements",  # F2: on every screen, in a text field too
}
# Keys that edit a page's text field (widgets/editing.py), and with Ctrl or Cmd held,
# its clipboard and selection.
EDIT_NAMES = {pygame.K_BACKSPACE: "backspace", pygame.K_DELETE: "delete"}
COMMAND_NAMES = {pygame.K_a: "select_all", pygame.K_c: "copy", pygame.K_x: "cut",
                 pygame.K_v: "paste"}
COMMAND = pygame.KMOD_CTRL | pygame.KMOD_META
LETTERS = {"s", "l", "h", "u", "c", "m", "w", "r", "e", "a", "v", "p", "t", "k", "d", "1", "2",
           "3", "4", "5"}
THINK_MS = 6.0  # of each 16.7 ms frame, what the computer players may think
FRAME_MS = 1000 / 60
# Natively, what a frame leaves of its 16.7 ms once it is drawn goes to the work of
# "All cards seen" too (less a margin, so the next frame starts on time; at most
# IDLE_MAX_MS). Not in the browser: there the page draws after the frame returns,
# and what that costs is not measured here, so the review keeps the think budget's
# spare alone.
IDLE_WORK = not BROWSER
IDLE_MARGIN_MS = 3.0
IDLE_MAX_MS = 10.0
PAGE_CHECK_S = 0.25  # how often the browser's game asks the page for its size


def page_size() -> tuple[int, int] | None:
    """The page's (or its frame's) size in the browser, in CSS pixels; None elsewhere,
    or when the page is out of reach."""
    window = platform.browser_window()
    if window is None:
        return None
    try:
        return (max(100, int(window.innerWidth)), max(100, int(window.innerHeight)))
    except Exception:
        return None


def page_density() -> float:
    """The screen's density in the browser: its devicePixelRatio, at most MAX_DENSITY."""
    return min(MAX_DENSITY, platform.pixel_ratio())


def window_size(asked: tuple[int, int]) -> tuple[int, int]:
    """The window's pixels: on desktop the size asked for, in the browser the page's own
    size (the table is laid out for the page it opens in, and again whenever the page
    changes size), each times the density (art/density.py)."""
    return window_pixels(page_size() or asked)


class App(MatchKeeping):
    """Owns the window, the store and whichever page is showing (menu, table, ...)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.platform = platform
        self.can_quit = not BROWSER
        self.store = storage.open_store()
        # Every document is read once now: damage is set aside and told before any
        # start path (menu, Continue, --seed, --autoplay, Journey) writes anything.
        storage.check_documents(self.store)
        self.notices: list[str] = self.store.take_notices()
        self.settings = storage.load_settings(self.store)
        self.journey = load_journey(self.store)
        self.notices += self.store.take_notices()
        pygame.init()
        pygame.display.set_caption("Spades")
        flags = 0 if BROWSER else pygame.RESIZABLE
        # The screen's density (or --density): window pixels for each CSS pixel.
        set_density(page_density() if BROWSER else getattr(args, "density", 1.0))
        self.screen = pygame.display.set_mode(window_size(args.size), flags)
        self.sounds = Sounds(enabled=self.settings.sound and not args.autoplay)
        self.drawer = TableDrawer()
        self.text = self.drawer.text
        self.autopilot = Autopilot() if args.autoplay else None
        self.pace = PaceMeter()
        self.speech = Speech(self)  # the table's words: page, caption strip, the offer
        self.clock = pygame.time.Clock()
        self.pointers = PointerStream()
        # Shared-table clients on their way to leave a table for good (pages/friends.py).
        self.leaving: list[Any] = []
        # How the player last reached this App (touch, mouse, keys): the page may know
        # it is touch.
        self.input = InputMode(touch_only=platform.touch_only())
        self.running = True
        self.typed = ""  # what the last key typed: its TEXTINPUT twin types nothing more
        self.page_wait = PAGE_CHECK_S
        self.frame_ms: list[float] = []
        self.frame_cpu_ms: list[float] = []  # the same frames in this thread's CPU time
        self.idle_ms: list[float] = []  # the review's work after each frame (work_idle)
        self.busy_ms: list[float] = []  # each frame and its idle-time work together
        self.shots: set[str] = set()
        self.shot_dir = Path(args.screenshots) if args.screenshots else None
        if self.shot_dir:  # parse_args made it, or refused a folder it could not make
            self.shot_dir.mkdir(parents=True, exist_ok=True)
        self.scene: Any = None
        # The one table of the saved match: only it saves, over the revision it last
        # read or wrote. ``suspended`` holds it while a deal replays or How to play
        # is read from its pause menu; any other scene change gives it up.
        self.saving: TableScene | None = None
        self.revision: int | None = None
        self.suspended: TableScene | None = None
        self.recorded = False
        if args.autoplay:
            self.options = self.autoplay_options()
            self.start_autoplay()
        else:
            self.options = self.table_options()
            self.show_menu()
            open_link(self)  # a page opened with a table's link goes to that table
        lay = compute_layout(*self.screen.get_size())
        self.drawer.art.warm(lay.card_w)
        self.drawer.art.warm(lay.trick_w)

    # --- pages -------------------------------------------------------------------------

    def show(self, scene: Any, keep_table: bool = False) -> None:
        """Show ``scene``. A table that goes away gives up its match, unless
        ``keep_table`` holds it as ``suspended`` to come back to; a table coming back
        that the save has moved past is replaced by the saved match."""
        if scene is self.saving and self.table_is_behind():
            self.continue_match()
            return
        old = self.scene
        if not keep_table:
            held, self.suspended = self.suspended, None
            for table in (old, held):
                if isinstance(table, TableScene) and table is not scene:
                    self.retire(table)
        self.scene = scene
        scene.set_layout(*self.screen.get_size())

    def retire(self, table: TableScene) -> None:
        """A table that has gone away never saves or records again."""
        table.on_change = table.on_match_over = lambda: None
        table.close_connection()  # a shared table's seat waits, away, for its player
        if table is self.saving:
            self.saving = self.revision = None

    def table_is_behind(self) -> bool:
        return self.revision is not None and \
            storage.saved_revision(self.store) != self.revision

    def show_menu(self) -> None:
        self.show(MenuScreen(self))

    def show_house_rules(self) -> None:
        self.show(HouseRulesScreen(self))

    def show_friends(self) -> None:
        self.show(FriendsScreen(self))

    def quit(self) -> None:
        self.running = False

    # --- one frame ---------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: the pointer stream (mouse, FINGER, synthetic twins: each
        touch once) to ``scene.pointer``, keys to ``scene.key``."""
        scene = self.scene
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            scene.set_layout(*self.screen.get_size())
        elif event.type == pygame.TEXTINPUT:
            # SDL sends a key's text twice, in its KEYDOWN and in a TEXTINPUT after it;
            # text with no key of its own (an input method, a phone's keyboard) only so.
            typed, self.typed = self.typed, ""
            if event.text != typed and hasattr(scene, "text_input"):
                scene.text_input(event.text)
        elif event.type == pygame.KEYDOWN:
            self.typed = getattr(event, "unicode", "") or ""  # whatever this key is for
            if self.speech.key(event):
                return  # the offer of announcements, made or answered
            self.input.saw_key()
            name = KEY_NAMES.get(event.key)
            text = getattr(event, "unicode", "") or ""
            mod = getattr(event, "mod", 0)
            shift = bool(mod & pygame.KMOD_SHIFT)
            if not isinstance(scene, TableScene):
                name = EDIT_NAMES.get(event.key, name)
                if mod & COMMAND:
                    name, text = COMMAND_NAMES.get(event.key, name), ""
                scene.key(name or "", shift, text)
                return
            if name is None and text == "?":
                name = "help"
            if name is None and text.lower() in LETTERS:
                name = text.lower()
            if name is not None:
                scene.key(name, shift=shift)
        else:
            pointer = self.pointers.translate(event, self.screen.get_size())
            if pointer is not None:
                self.input.saw_pointer(pointer)
                if pointer.kind == "press":
                    self.speech.pointer()
                self.route_pointer(scene, pointer)

    def route_pointer(self, scene: Any, p: Pointer) -> None:
        if hasattr(scene, "pointer"):
            scene.pointer(p)
        elif p.kind == "press":
            scene.mouse_down(p.pos)
        elif p.kind == "release":
            scene.mouse_up(p.pos)
        elif p.kind == "move":
            scene.mouse_move(p.pos)

    def follow_page(self, dt: float) -> None:
        """In the browser the page or its frame may change size (the host's layout, a
        phone turned): a few times a second the game asks, and on a change the canvas
        takes the page's new size and the table lays itself out again (this frame's
        set_layout). On desktop the window's own resize events do the same."""
        self.page_wait -= dt
        if self.page_wait > 0:
            return
        self.page_wait = PAGE_CHECK_S
        size = page_size()
        if size is None:
            return
        was = density()
        if set_density(page_density()) != was or window_pixels(size) != self.screen.get_size():
            # A new size or density (a zoom, another screen): new pixels, a new layout.
            self.screen = pygame.display.set_mode(window_pixels(size))
            if isinstance(self.scene, TableScene):
                self.scene.layout_key = None

    def frame(self, dt: float) -> None:
        """Everything one frame does; the loop only adds the wait for the next one."""
        self.follow_page(dt)
        if too_small(*self.screen.get_size()):
            # Below the smallest layout: the card, and the scene waits untouched.
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    self.handle(event)
            (lw, lh), (pw, ph) = SMALLEST_LANDSCAPE, SMALLEST_PORTRAIT
            theme.window_too_small(self.screen, self.text,
                                   f"{lw} x {lh}, or {pw} x {ph} upright")
            pygame.display.flip()
            return
        for event in pygame.event.get():
            self.handle(event)
        scene = self.scene
        if isinstance(scene, TableScene):
            self.sync_settings()
            if scene.want_quit:
                scene.want_quit = False
                self.show_menu() if not scene.options.autoplay else self.quit()
            elif scene.want_rematch:
                if scene.level is not None:
                    self.start_level(scene.level)
                else:
                    self.rematch()
            elif scene.want_level is not None:
                index, scene.want_level = scene.want_level, None
                if index < 0:
                    self.show(JourneyScreen(self))
                else:
                    self.start_level(index)
            elif scene.want_new:
                scene.want_new = False
                self.show(HouseRulesScreen(self))
            elif scene.want_replay is not None:
                self.replay_deal(scene.want_replay, scene.want_replay_trick)
                scene.want_replay, scene.want_replay_trick = None, 0
            elif scene.want_howto:
                scene.want_howto = False
                self.show(RulesScreen(self), keep_table=True)
                self.suspended = scene
            elif scene.want_back and getattr(scene, "back_to", None) is not None:
                self.show(scene.back_to, keep_table=True)  # How to play, as it was left
            elif scene.want_back:
                back, self.suspended = self.suspended, None
                self.show(back) if back is not None else self.show_menu()
        scene = self.scene
        self.notices += self.store.take_notices()  # a page shows them, else the table
        if isinstance(scene, TableScene) and self.notices:
            # Storage trouble is told once, and play goes on.
            scene.say(" ".join(self.notices), 10.0)
            self.notices = []
        scene.set_layout(*self.screen.get_size())
        scene.update(dt, THINK_MS)
        self.speech.deliver(scene)
        if self.autopilot is not None and isinstance(scene, TableScene):
            self.pace.observe(scene)
            self.autopilot.step(scene)
        scene.build_controls(can_quit=self.can_quit)
        if isinstance(scene, TableScene):
            self.drawer.draw(self.screen, scene)
        else:
            scene.draw(self.screen, self.drawer)
        self.speech.draw(self.screen, scene)
        pygame.display.flip()

    def work_idle(self, elapsed_ms: float) -> None:
        """What the frame left of its 16.7 ms, ``elapsed_ms`` spent, to the review of
        the hand (natively; see IDLE_WORK). The computer players keep their think
        budget inside the frame: this is time they were never given."""
        spare = min(FRAME_MS - elapsed_ms - IDLE_MARGIN_MS, IDLE_MAX_MS)
        scene = self.scene
        if not IDLE_WORK or spare < 1.0 or not isinstance(scene, TableScene):
            return
        start = time.perf_counter()
        if scene.step_idle(spare):
            taken = (time.perf_counter() - start) * 1000
            self.idle_ms.append(taken)
            self.busy_ms.append(elapsed_ms + taken)

    def screenshot(self) -> None:
        if self.shot_dir is None:
            return
        scene = self.scene
        kind = scene.screen_kind() if isinstance(scene, TableScene) else type(
            scene).__name__.replace("Screen", "").lower()
        if kind == "deal" and scene.shown.deck_left > 26:
            return  # half dealt shows the deal best
        if kind not in self.shots:
            self.shots.add(kind)
            w, h = self.screen.get_size()
            pygame.image.save(self.screen, str(self.shot_dir / f"{kind}-{w}x{h}.png"))

    async def run(self) -> None:
        last = time.perf_counter()
        # CPU time only for autoplay's report (the browser's clocks may lack it).
        work = time.thread_time if self.args.autoplay else time.perf_counter
        frames = 0
        limit = self.args.frames
        while self.running:
            start, cpu = time.perf_counter(), work()
            dt = min(0.1, start - last)
            last = start
            self.frame(dt)
            self.frame_ms.append((time.perf_counter() - start) * 1000)
            self.frame_cpu_ms.append((work() - cpu) * 1000)
            self.screenshot()  # not timed: writing a PNG is no part of playing
            self.work_idle((time.perf_counter() - start) * 1000)
            frames += 1
            if limit is not None and frames >= limit:
                break
            if self.autopilot is not None and limit is None and isinstance(
                    self.scene, TableScene) and self.scene.screen_kind() == "match_over":
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
        cpu = sorted(self.frame_cpu_ms)
        print(f"frame cpu p95 {cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]:.1f} ms, "
              f"max {cpu[-1]:.1f} ms")
        if self.idle_ms:
            idle, busy = sorted(self.idle_ms), sorted(self.busy_ms)
            print(f"review in the frames' idle time: {len(idle)} slices, p95 "
                  f"{idle[int(0.95 * len(idle))]:.1f} ms, max {idle[-1]:.1f} ms; those "
                  f"frames with it p95 {busy[int(0.95 * len(busy))]:.1f} ms, max "
                  f"{busy[-1]:.1f} ms")
        scene = self.scene
        if isinstance(scene, TableScene):
            print(f"hands played {len(scene.match.history)}, match "
                  f"{'over' if scene.match.is_over else 'in progress'}, "
                  f"scores {' to '.join(str(v) for v in scene.match.scores)}")
            for line in self.pace.lines(scene.options.speed):
                print(line)


async def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.autoplay and not BROWSER and "SDL_VIDEODRIVER" not in os.environ and \
            not os.environ.get("DISPLAY") and sys.platform.startswith("linux"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    app = App(args)
    await app.run()
    return 0


__all__ = ["App", "HUMAN", "main", "parse_args"]
