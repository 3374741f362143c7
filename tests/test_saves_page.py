"""Your saves on desktop: the files exported before are listed to pick from, newest
first, so importing one needs no typed path (issue 54, item 9). Driven through the
real App by finger, mouse and keys."""

from __future__ import annotations

import os

import pytest
from ui_driver import focus_row, menu_driver

from spades import storage


@pytest.mark.parametrize("size,how", [("390x844", "finger"), ("1280x720", "mouse"),
                                      ("800x600", "key")])
def test_an_exported_file_is_picked_from_a_list_not_typed(size, how, tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DOWNLOADS_DIR", str(tmp_path))
    d = menu_driver("--speed", "instant", "--size", size)
    d.app.new_match_from_settings()
    d.wait_for_player()
    state = d.scene.match.state()
    d.app.show_menu()
    d.frame()
    press = d.tap if how == "finger" else d.click
    press(("row", "saves"))
    assert type(d.scene).__name__ == "SavesScreen"
    press(("row", "export"))  # written to the export folder, under today's name
    written = list(tmp_path.glob("spades-saves-*.json"))
    assert len(written) == 1
    older = tmp_path / "spades-saves-2020-01-01.json"
    older.write_text("{}")
    os.utime(older, (1_577_880_000, 1_577_880_000))
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.show_menu()
    d.frame()
    press(("row", "saves"))
    page = d.scene
    files = [w for w in page.placed if str(w.key[1]).startswith("file_")]
    assert [w.label for w in files] == [written[0].name, older.name]  # newest first
    assert all(w.note.startswith("Exported ") for w in files)
    if how == "key":
        focus_row(d, "file_0")
        d.press("enter")
    elif how == "finger":
        d.drag_into_view(files[0].key)
        d.tap(files[0].key)
    else:
        d.click(files[0].key)
    saved = storage.load_match(d.app.store)
    assert saved is not None and saved.match.state() == state
    # The older file is refused and says why; nothing changes.
    d.app.show_menu()
    d.frame()
    press(("row", "saves"))
    if how == "finger":
        d.drag_into_view(("row", "file_1"))
    if how == "key":
        focus_row(d, "file_1")
        d.press("enter")
    else:
        press(("row", "file_1"))
    assert d.scene.message and "Nothing was changed" in d.scene.message[0]
    assert storage.load_match(d.app.store).match.state() == state


def test_with_nothing_exported_the_page_says_where_export_writes(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DOWNLOADS_DIR", str(tmp_path))
    d = menu_driver("--speed", "instant")
    d.click(("row", "saves"))
    note = d.scene.row_of(("row", "no_files"))
    assert note is not None and str(tmp_path) in note.label
