"""Storage at its edges: a newer version's saves, a read-only folder, a full disk that
frees up, notices told once, and files that are not files (devices, FIFOs, folders).

The full-disk and read-only cases stand in for the operating system at the one call
that fails: ``os.write`` raising ENOSPC ("No space left on device") as a full disk
does mid-write, and the probe's write raising EACCES as a folder without write
permission does for an ordinary user (these tests may run as root, whom no
permission stops).
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from storage_support import NAMES, STRENGTHS, FileBackend, LocalBackend, played

from spades.storage import (
    JourneyProgress,
    MemoryStore,
    Settings,
    check_documents,
    clear_match,
    export_all,
    import_all,
    import_file,
    keep_match_aside,
    load_journey,
    load_match,
    load_settings,
    load_statistics,
    match_summary,
    open_file_store,
    open_local_storage,
    save_journey,
    save_match,
    save_settings,
    write_match,
)
from spades.storage.documents import MAX_TEXT
from spades.storage.store import DictStorage

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(params=["files", "local"])
def backend(request, tmp_path):
    return {"files": FileBackend, "local": LocalBackend}[request.param](tmp_path)


# A later version's documents: a format this version does not read, of its own kinds.
NEWER = {
    "match": {"format": "spades-save/2", "match": {"whatever": "the new version keeps"}},
    "settings": {"format": "spades-settings/9", "sound": "loud"},
    "statistics": {"format": "spades-stats/3", "presets": {}},
    "journey": {"format": "spades-journey/2", "levels": []},
}
LOADERS = {"settings": load_settings, "match": load_match, "statistics": load_statistics,
           "journey": load_journey}


@pytest.mark.parametrize("key", list(NEWER))
def test_a_newer_versions_save_is_named_so_and_left_where_that_version_finds_it(backend, key):
    text = json.dumps(NEWER[key])
    backend.put_raw(key, text)
    store = backend.open()
    check_documents(store)  # start-up reads every document once
    notices = store.take_notices()
    assert len(notices) == 1, notices
    assert "newer version of the game" in notices[0] and NEWER[key]["format"] in notices[0]
    assert "finds it again" in notices[0] and "damaged" not in notices[0]
    assert store.damaged_copies() == {}
    assert LOADERS[key](store) in (None, Settings(), JourneyProgress()) or key == "statistics"
    assert store.take_notices() == []  # told once, not at every look

    # This version plays on: its own changes live for the session, never over the file.
    match = played(3, 12)
    save_match(store, match, False, NAMES, STRENGTHS)
    save_settings(store, Settings(sound=False))
    save_journey(store, JourneyProgress().start("j1"))
    assert load_match(store).match.state() == match.state()
    assert load_settings(store).sound is False
    keep_match_aside(store)
    clear_match(store)
    write_match(store, match, False, NAMES, STRENGTHS)
    assert backend.raw(key) == text
    assert store.take_notices() == []

    again = backend.open()  # the upgrade: the same bytes, where they always were
    assert backend.raw(key) == text
    assert again.read_text(key) == text


def test_a_newer_match_shows_no_continue_and_is_not_exported(backend):
    backend.put_raw("match", json.dumps(NEWER["match"]))
    store = backend.open()
    assert match_summary(store) is None
    assert "match" not in json.loads(export_all(store))["documents"]
    assert backend.raw("match") == json.dumps(NEWER["match"])


def test_importing_a_newer_versions_export_says_so():
    store = MemoryStore()
    text = json.dumps({"format": "spades-export/1", "exported_at": "2026-01-01T00:00:00+00:00",
                       "documents": {"settings": NEWER["settings"]}})
    ok, message = import_all(store, text)
    assert not ok and "made by a newer version of the game (spades-settings/9" in message


def test_a_document_of_another_program_is_still_set_aside_as_damage():
    store = MemoryStore()
    store.write_text("settings", json.dumps({"format": "chess-settings/7"}))
    assert load_settings(store) == Settings()
    assert "could not be read" in store.take_notices()[0]
    assert len(store.damaged_copies()) == 1


# --- a full disk, and space coming back -------------------------------------------------


def test_a_full_disk_says_saving_stopped_and_then_that_it_works_again(tmp_path, monkeypatch):
    store = FileBackend(tmp_path).open()
    match = played(5, 10)
    assert save_match(store, match, False, NAMES, STRENGTHS)
    real_write = os.write

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    match.apply(match.legal_actions()[0])
    assert not save_match(store, match, False, NAMES, STRENGTHS)
    match.apply(match.legal_actions()[0])
    assert not save_match(store, match, False, NAMES, STRENGTHS)
    (stopped,) = store.take_notices()
    assert stopped.startswith("Saving stopped for your saved match")
    assert "no space left on device" in stopped and "says when saving works again" in stopped
    assert store.problem == stopped

    monkeypatch.setattr(os, "write", real_write)  # space comes back
    match.apply(match.legal_actions()[0])
    assert save_match(store, match, False, NAMES, STRENGTHS)
    (resumed,) = store.take_notices()
    assert resumed.startswith("Saving works again for your saved match")
    assert store.problem is None
    assert load_match(open_file_store(tmp_path / "data")).match.state() == match.state()
    assert save_match(store, match, False, NAMES, STRENGTHS)
    assert store.take_notices() == []  # once, not at every later write


def test_browser_storage_full_then_freed_says_saving_works_again():
    medium = DictStorage()
    store = open_local_storage(medium)
    medium.limit = 10
    assert not save_settings(store, Settings(sound=False))
    assert store.take_notices()[0].startswith("Saving stopped for your settings")
    medium.limit = None
    assert save_settings(store, Settings(sound=False))
    assert store.take_notices() == [
        "Saving works again for your settings: it is up to date (spades/settings)."]


# --- a folder the game cannot write ---------------------------------------------------


def test_a_read_only_folder_says_the_saves_there_were_not_loaded(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    store = open_file_store(folder)
    save_match(store, played(4, 8), False, NAMES, STRENGTHS)
    save_settings(store, Settings(sound=False))
    before = {p.name: p.read_bytes() for p in folder.iterdir()}

    def refused(self, data):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "write_bytes", refused)
    store = open_file_store(folder)
    assert isinstance(store, MemoryStore)
    (notice,) = store.take_notices()
    assert notice.startswith(f"Saving is off: the game cannot write to {folder} "
                             "(permission denied).")
    assert "Your saved match and your settings there were not loaded" in notice
    assert "untouched" in notice
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_a_read_only_empty_folder_does_not_speak_of_saves(tmp_path, monkeypatch):
    monkeypatch.setattr(Path, "write_bytes", lambda self, data: (_ for _ in ()).throw(
        PermissionError(errno.EACCES, "Permission denied")))
    (notice,) = open_file_store(tmp_path / "empty").take_notices()
    assert "not loaded" not in notice and notice.startswith("Saving is off")


def test_a_folder_in_a_documents_place_is_told_once(tmp_path):
    folder = tmp_path / "data"
    (folder / "settings.json").mkdir(parents=True)
    store = open_file_store(folder)
    told = []
    check_documents(store)  # what the App does at start, taking notices in between
    told += store.take_notices()
    settings = load_settings(store)
    told += store.take_notices()
    save_settings(store, settings)
    told += store.take_notices()
    load_settings(store)
    save_settings(store, Settings(sound=False))
    told += store.take_notices()
    assert len(told) == len(set(told)) == 2, told
    assert told[0].startswith("The game could not read your settings")
    assert told[1].startswith("Saving stopped for your settings")


# --- files that are not files ---------------------------------------------------------


class Hung(Exception):
    pass


@pytest.fixture
def deadline():
    """Fails a test that waits for ever (a FIFO's open) instead of hanging the suite."""
    def ring(signum, frame):
        raise Hung("the read waited for ever")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _exported() -> str:
    store = MemoryStore()
    save_settings(store, Settings(sound=False))
    return export_all(store)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev are Unix's")
@pytest.mark.parametrize("what", ["/dev/zero", "/dev/urandom", "fifo", "folder", "too large"])
def test_import_reads_only_a_regular_file_of_bounded_size(what, tmp_path, deadline):
    store = MemoryStore()
    if what == "fifo":
        path = tmp_path / "export.json"
        os.mkfifo(path)
    elif what == "folder":
        path = tmp_path
    elif what == "too large":
        path = tmp_path / "big.json"
        path.write_bytes(b" " * (MAX_TEXT + 1))
    else:
        path = Path(what)
    ok, message = import_file(store, path)
    assert not ok and message.endswith("Nothing was changed.")
    expected = "larger than 2 MB" if what == "too large" else "not a regular file"
    assert expected in message, message
    assert store.keys() == []


def test_import_of_a_regular_file_still_works(tmp_path):
    path = tmp_path / "export.json"
    path.write_text(_exported())
    store = MemoryStore()
    assert import_file(store, path) == (True, "Imported your settings.")
    assert load_settings(store).sound is False
    assert import_file(store, tmp_path / "missing.json")[1] == (
        "Could not read missing.json: No such file or directory. Nothing was changed.")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev are Unix's")
@pytest.mark.parametrize("what", ["fifo", "/dev/zero"])
def test_replay_of_a_fifo_or_a_device_says_so_and_exits_2(what, tmp_path):
    path = tmp_path / "hand.json"
    if what == "fifo":
        os.mkfifo(path)
    else:
        path = Path(what)
    done = subprocess.run([sys.executable, "-m", "spades", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert json.loads(done.stderr) == {
        "error": f"cannot read {path}: it is not a regular file (a folder, device or pipe)"}


# --- which Journey level a saved match is played for ---------------------------------


def test_a_saved_match_says_which_journey_level_it_is_for(backend):
    store = backend.open()
    match = played(2, 6)
    write_match(store, match, False, NAMES, STRENGTHS, level="j8")
    assert load_match(store).level == "j8"
    assert json.loads(export_all(store))["documents"]["match"]["level"] == "j8"
    write_match(store, match, False, NAMES, STRENGTHS)  # a plain match in its place
    assert load_match(store).level is None
    assert "level" not in json.loads(backend.raw("match"))


@pytest.mark.parametrize("level", [7, "", "x" * 41, None, "j 8"])
def test_a_bad_level_field_is_damage(level):
    store = MemoryStore()
    write_match(store, played(2, 6), False, NAMES, STRENGTHS)
    doc = json.loads(store.read_text("match"))
    doc["level"] = level
    store.write_text("match", json.dumps(doc))
    assert load_match(store) is None
    assert "a level id must be 1 to 40 letters" in store.take_notices()[0]
