"""The saved match through the real App: a Journey level asks before it replaces the
saved match and keeps a copy; a plain match is never taken for a level; a file that
is not a file cannot freeze the saves page; main.py's bad arguments get a sentence."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from ui_driver import Driver, act, menu_driver

from spades import storage
from spades.storage import JourneyProgress
from spades.ui.app import parse_args
from spades.ui.pages.journey import JourneyScreen
from spades.ui.pages.menu import MenuScreen, SavesScreen
from spades.ui.seating.levels import LEVELS
from spades.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parents[1]


def press(d: Driver, how: str, key: tuple) -> None:
    d.tap(key) if how == "finger" else d.click(key)


def play_a_little(d: Driver, how: str) -> None:
    """Two of the player's own actions, so the match is saved past its start."""
    for _ in range(2):
        act(d, d.wait_for_player(), touch=how == "finger")


def leave_for_the_menu(d: Driver, how: str) -> None:
    d.press("escape")
    assert d.scene.overlays[-1] == "pause"
    press(d, how, ("btn", "quit"))
    d.frame()
    assert isinstance(d.scene, MenuScreen)


def kept_copies(d: Driver) -> list[Path]:
    folder = d.app.store.folder
    return sorted(folder / n for n in os.listdir(folder) if n.startswith("match.kept-"))


@pytest.mark.parametrize("how", ["mouse", "finger"])
def test_a_journey_level_asks_before_it_replaces_the_saved_match_and_keeps_a_copy(how):
    d = menu_driver("--speed", "instant")
    press(d, how, ("row", "play"))
    assert isinstance(d.scene, TableScene) and d.scene.level is None
    play_a_little(d, how)
    saved = storage.load_match(d.app.store).match
    leave_for_the_menu(d, how)
    press(d, how, ("row", "journey"))
    assert isinstance(d.scene, JourneyScreen)

    press(d, how, ("row", "j1"))  # the first press only asks
    assert isinstance(d.scene, JourneyScreen)
    assert "in place of your saved match" in d.scene.message[0]
    row = {c.key[1]: c for c in d.scene.build_controls()}["j1"]
    assert row.label == "Yes, start level 1"
    assert storage.load_match(d.app.store).match.actions == saved.actions
    assert kept_copies(d) == []

    press(d, how, ("row", "j1"))
    assert isinstance(d.scene, TableScene) and d.scene.level == 0
    (kept,) = kept_copies(d)
    assert json.loads(kept.read_text())["match"]["actions"] == saved.to_json()["actions"]
    assert "kept aside as " + kept.name in d.scene.message[0]
    now = storage.load_match(d.app.store)
    assert now.level == "j1" and now.match.actions != saved.actions


def test_a_plain_match_after_an_abandoned_level_is_not_taken_for_the_level():
    d = menu_driver("--speed", "instant")
    d.app.journey = JourneyProgress(unlocked=8)
    storage.save_journey(d.app.store, d.app.journey)
    d.click(("row", "journey"))
    d.drag_into_view(("row", "j8"))  # the last level lies below the fold
    d.click(("row", "j8"))
    assert isinstance(d.scene, TableScene) and d.scene.level == 7
    play_a_little(d, "mouse")
    leave_for_the_menu(d, "mouse")
    d.click(("row", "play"))
    d.click(("row", "play"))  # asked first: a match is in progress
    table = d.scene
    assert isinstance(table, TableScene) and table.level is None
    assert table.match.rules == LEVELS[7].rules  # the same standard rules as level 8
    play_a_little(d, "mouse")
    assert storage.load_match(d.app.store).level is None
    assert storage.load_journey(d.app.store).current is None

    again = Driver("--speed", "instant", start=False)  # quit, start again, Continue
    again.app.show_menu()
    again.frame()
    again.click(("row", "continue"))
    assert isinstance(again.scene, TableScene)
    assert again.scene.match.actions == table.match.actions
    assert again.scene.level is None  # a plain match: its result counts for no level


def test_a_level_in_progress_continues_as_that_level():
    d = menu_driver("--speed", "instant")
    d.click(("row", "journey"))
    d.click(("row", "j1"))
    play_a_little(d, "mouse")
    again = Driver("--speed", "instant", start=False)
    again.app.show_menu()
    again.frame()
    again.click(("row", "continue"))
    assert again.scene.level == 0


@pytest.fixture
def deadline():
    """Fails a test that would freeze the game (a FIFO's open waits for ever)."""
    def ring(signum, frame):
        raise TimeoutError("the saves page froze")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev are Unix's")
@pytest.mark.parametrize("what", ["/dev/zero", "/dev/urandom", "fifo"])
def test_importing_a_device_or_a_fifo_says_so_at_once(what, tmp_path, deadline):
    d = menu_driver("--speed", "instant")
    d.app.new_match_from_settings()
    d.wait_for_player()
    state = d.scene.match.state()
    page = SavesScreen(d.app)
    if what == "fifo":
        os.mkfifo(tmp_path / "export.json")
        page.path = str(tmp_path / "export.json")
    else:
        page.path = what
    d.app.show(page)
    d.frame()
    d.click(("row", "import"))
    assert "is not a regular file" in page.message[0]
    assert page.message[0].endswith("Nothing was changed.")
    assert storage.load_match(d.app.store).match.state() == state


@pytest.mark.parametrize(("argv", "says"), [
    (["--size", "3000000000x600"], "--size takes each side from 1 to 16384 pixels"),
    (["--size", "1e20x600"], "--size takes WIDTHxHEIGHT"),
    (["--size", "0x600"], "--size takes each side from 1 to 16384 pixels"),
    (["--size=-5x600"], "--size takes each side from 1 to 16384 pixels"),
    (["--screenshots", "{file}"], "is a file, not a folder"),
    (["--screenshots", "{file}/shots"], "cannot make the folder"),
])
def test_every_bad_argument_of_main_gets_a_sentence_and_exit_2(argv, says, tmp_path, capsys):
    afile = tmp_path / "a-file"
    afile.write_text("not a folder")
    argv = [a.replace("{file}", str(afile)) for a in argv]
    with pytest.raises(SystemExit) as exc:
        parse_args(["--autoplay", "--frames", "2", *argv])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_main_py_refuses_a_huge_size_without_a_traceback(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SPADES_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "main.py", "--size", "3000000000x600"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "main.py: error: --size takes each side from 1 to 16384 pixels, not 3000000000x600")
