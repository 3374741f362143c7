"""The browser adapters of spades/platform.py without a browser: the page's window as
the bridges show it, storage picked or refused, the download and the file chooser's
scripts, and main.py's part in the browser (its first frame before the game's
imports, no command line). tests/test_browser.py runs the same in headless Chromium.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from spades.storage import MemoryStore
from spades.storage.store import BROWSER_REFUSED

ROOT = Path(__file__).resolve().parent.parent


class FakeWindow:
    """A page's window as the bridges show it: attributes, and eval for scripts."""

    def __init__(self, storage=None, refuse: bool = False) -> None:
        self._storage, self._refuse, self.scripts = storage, refuse, []

    @property
    def localStorage(self):  # noqa: N802 - the browser's name
        if self._refuse:
            raise PermissionError("SecurityError: access is denied for this document")
        return self._storage

    def eval(self, script: str):
        self.scripts.append(script)
        return True


def test_open_store_in_a_browser_picks_local_storage_or_memory(monkeypatch):
    from spades import platform
    from spades.storage import open_store
    from spades.storage.store import DictStorage, LocalStorageStore

    monkeypatch.setattr(sys, "platform", "emscripten")
    storage = DictStorage()
    monkeypatch.setattr(platform, "browser_window", lambda: FakeWindow(storage))
    store = open_store()
    assert isinstance(store, LocalStorageStore) and store.problem is None
    store.write_text("settings", "{}")
    assert storage.items == {"spades/settings": "{}"}
    monkeypatch.setattr(platform, "browser_window", lambda: FakeWindow(refuse=True))
    store = open_store()
    assert isinstance(store, MemoryStore) and store.problem == BROWSER_REFUSED
    monkeypatch.setattr(platform, "browser_window", lambda: None)
    assert open_store().problem == BROWSER_REFUSED


def test_desktop_finds_no_browser():
    from spades import platform

    assert platform.IN_BROWSER is platform.in_browser() is (sys.platform == "emscripten")
    assert platform.browser_window() is None and platform.local_storage() is None


def test_offer_file_on_desktop_writes_beside_without_replacing(tmp_path):
    from spades import platform

    done, message = platform.offer_file("spades-export.json", "one", folder=tmp_path)
    assert done and str(tmp_path / "spades-export.json") in message
    done, message = platform.offer_file("../spades-export.json", "two", folder=tmp_path)
    assert done and message.endswith("spades-export-2.json.")
    assert (tmp_path / "spades-export.json").read_text() == "one"
    assert (tmp_path / "spades-export-2.json").read_text() == "two"
    blocked = tmp_path / "file"
    blocked.write_text("")
    done, message = platform.offer_file("x.json", "three", folder=blocked / "sub")
    assert not done and "could not be written" in message


def test_offer_file_in_a_browser_sends_a_download_script(monkeypatch):
    from spades import platform

    window = FakeWindow()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "browser_window", lambda: window)
    text = 'a "quoted" </script> line\u2028and more'
    done, message = platform.offer_file("my save?.json", text)
    assert done and "my-save-.json" in message
    (script,) = window.scripts
    assert json.dumps(text) in script and "</script>" not in script.replace(json.dumps(text), "")
    assert '"my-save-.json"' in script and "link.download = name" in script
    assert script.isascii(), "the download script crosses pygbag's byte-wise bridge"


def test_upload_script_answers_a_cancelled_chooser():
    """The chooser's cancel event (and, where a browser lacks it, the page's focus
    coming back with no file) answers "" at once: the game says "No file was chosen"."""
    from spades import platform

    script = platform._UPLOAD_JS
    assert script.isascii()
    assert 'addEventListener("cancel"' in script and 'answer("")' in script
    assert '"oncancel" in input' in script and "500" in script


class UploadWindow(FakeWindow):
    """A page whose chooser answers with ``answer`` (None: still open)."""

    def __init__(self, answer) -> None:
        super().__init__()
        self.answer = answer

    def eval(self, script: str):
        self.scripts.append(script)
        if script == "window.__spadesUpload":
            return self.answer
        return True


def test_take_upload_reads_the_answer_once(monkeypatch):
    from spades import platform

    monkeypatch.setattr(sys, "platform", "emscripten")
    window = UploadWindow(None)
    monkeypatch.setattr(platform, "browser_window", lambda: window)
    assert platform.ask_for_upload() is True
    assert platform.take_upload() is None  # still choosing
    window.answer = "undefined"  # pygbag's bridge shows a JS undefined as this text
    assert platform.take_upload() is None
    window.answer = ""  # cancelled
    assert platform.take_upload() == ""
    assert window.scripts[-1] == "window.__spadesUpload = undefined"
    window.answer = '{"format": 1}'
    assert platform.take_upload() == '{"format": 1}'


# --- main.py in the browser -------------------------------------------------------------


def load_main():
    import importlib.util

    spec = importlib.util.spec_from_file_location("spades_main_script", ROOT / "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_main_ignores_the_command_line_in_the_browser(monkeypatch):
    """pygbag turns a URL fragment (index.html#a%20--x) into sys.argv: argparse would
    stop the game on it. In the browser the game takes no arguments."""
    main = load_main()
    monkeypatch.setattr(sys, "argv", ["main.py", "a", "--x"])
    assert main.game_argv() == ["a", "--x"]  # desktop: the command line
    assert main.game_argv(["--seed", "3"]) == ["--seed", "3"]
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert main.game_argv() == [] and main.game_argv(["--x"]) == []
    from spades.ui.app import parse_args

    assert parse_args(main.game_argv()).seed is None  # the defaults, no SystemExit


def test_main_keeps_the_tables_colours():
    from spades.ui.art import theme

    main = load_main()
    assert (main.FELT, main.FELT_DARK, main.TEXT) == (theme.FELT, theme.FELT_DARK, theme.TEXT)
    from spades.ui.art.density import MAX_DENSITY

    assert main.MAX_DENSITY == MAX_DENSITY  # the first frame's window is the game's
    assert main.FIRST_WORDS.isascii()


FIRST_FRAME_PROBE = r"""
import asyncio, sys
import pygame  # as it is in pygbag, before main.py runs (it checks the platform itself)
sys.platform = "emscripten"  # as in pygbag: main.py takes the browser's path
sys.path.insert(0, sys.argv[1])
import importlib.util
spec = importlib.util.spec_from_file_location("game_main", sys.argv[1] + "/main.py")
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)
events = []
draw = main.first_frame

def first_frame(size=None):
    screen = draw((390, 844))
    w, h = screen.get_size()
    text = [screen.get_at((x, h // 2))[:3] for x in range(w)]
    events.append(["frame", sorted(m for m in sys.modules if m.startswith("spades")),
                   list(screen.get_at((2, 2))[:3]), list(screen.get_at((w // 2, h // 5))[:3]),
                   sum(1 for c in text if c[0] > 200)])
    return screen

main.first_frame = first_frame
main.tell_page_ready = lambda: events.append(["ready"])

class Watch:
    def find_spec(self, name, path=None, target=None):
        if name == "spades.ui.app":
            events.append(["import", name])
            raise ImportError("stop here")
        return None

sys.meta_path.insert(0, Watch())
try:
    asyncio.run(main.run())
except ImportError:
    pass
print(__import__("json").dumps(events))
"""


def test_main_draws_its_first_frame_before_importing_the_game(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME_PROBE, str(ROOT)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    events = json.loads(done.stdout.strip().splitlines()[-1])
    (frame, modules, corner, middle, lit), ready, imported = events
    assert frame == "frame" and ready == ["ready"] and imported == ["import", "spades.ui.app"]
    assert modules == [], f"the first frame imported {modules}"
    main = load_main()
    assert corner == list(main.FELT_DARK)  # the felt, darker at its edge
    assert middle != corner and all(abs(a - b) < 30 for a, b in zip(middle, main.FELT, strict=True))
    assert lit > 20  # "Shuffling..." across the middle row


def test_a_cancelled_chooser_says_no_file_was_chosen_within_a_second(monkeypatch):
    """The Saves screen's import in the browser: the page answers "" (the chooser's
    cancel event) and the next frame says so; the browser test proves the page answers
    within a second of the cancel."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT / "tests"))
    from ui_driver import Driver

    from spades import platform
    from spades.ui.pages.menu import SavesScreen

    d = Driver("--speed", "instant")
    window = UploadWindow(None)
    monkeypatch.setattr(platform, "in_browser", lambda: True)
    monkeypatch.setattr(platform, "browser_window", lambda: window)
    screen = SavesScreen(d.app)
    d.app.show(screen)
    screen.import_browser()
    assert screen.waiting_upload
    d.frame(2)
    assert screen.waiting_upload  # still choosing
    window.answer = ""  # the chooser closed without a file
    d.frame()  # one frame: 50 ms here
    assert not screen.waiting_upload
    assert screen.message[0].startswith("No file was chosen")


def test_the_first_frames_window_is_the_pages_size_times_its_density(monkeypatch):
    """As the game's own window (spades/ui/app.py window_size): a 3x phone's first frame
    is drawn at twice its CSS size (the cap), a 1x screen's at its own."""
    import platform as stdlib_platform  # pygbag puts the page's window on this module

    main = load_main()

    class Window:
        innerWidth, innerHeight, devicePixelRatio = 390, 844, 3.0

    monkeypatch.setattr(stdlib_platform, "window", Window, raising=False)
    assert main.page_size() == (780, 1688)
    Window.devicePixelRatio = 1.0
    assert main.page_size() == (390, 844)
    Window.devicePixelRatio = 1.5
    assert main.page_size() == (585, 1266)


def test_the_pages_pixel_ratio_is_read_and_never_below_one(monkeypatch):
    from spades import platform

    class Window:
        devicePixelRatio = 3.0

    monkeypatch.setattr(platform, "browser_window", lambda: Window)
    assert platform.pixel_ratio() == 3.0
    Window.devicePixelRatio = 0.75  # a page zoomed out
    assert platform.pixel_ratio() == 1.0
    Window.devicePixelRatio = "not a number"
    assert platform.pixel_ratio() == 1.0
    monkeypatch.setattr(platform, "browser_window", lambda: None)
    assert platform.pixel_ratio() == 1.0
