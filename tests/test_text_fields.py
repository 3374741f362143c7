"""Every text field edits as text fields do everywhere, through the real App's events:
select all on focus, Backspace to empty, Delete, the arrows, Home and End, Shift to
select, Ctrl+A, Ctrl+V from the clipboard, SDL's TEXTINPUT (and each key typed once
though SDL sends its text twice), a tap that puts the cursor; a long value shows its
start. The desktop's Table server field is one of them (issue 51 item 6): emptied and
retyped, it takes the address, and a table server that is not there is said in a
player's words."""

from __future__ import annotations

import asyncio

import pygame
import pytest
from ui_driver import Driver, drawn_records

from spades.storage.friends import Friends, load_friends, save_friends
from spades.ui.pages.friends import CreateTableScreen, FriendsScreen, WaitingRoomScreen


def friends_page(size: str = "1280x720", server: str = "localhost:8000") -> Driver:
    d = Driver("--speed", "instant", "--size", size, start=False)
    save_friends(d.app.store, Friends(server=server))
    d.app.show(FriendsScreen(d.app))
    d.frame()
    return d


def field(d: Driver, key: str):
    return d.scene.group.find(("row", key))


def key(d: Driver, k: int, text: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=text, mod=mod))
    d.frame()


def type_text(d: Driver, text: str) -> None:
    for ch in text:
        d.press(ch)


def shown_in(d: Driver, name: str) -> list[str]:
    """The strings the next frame draws inside the field ``name``'s white box."""
    box = field(d, name).value_box(d.scene.look())
    return [r.text for r in drawn_records(d) if r.rect is not None and box.colliderect(r.rect)]


def test_the_table_server_field_empties_retypes_and_shows_its_start_on_a_phone():
    d = friends_page("390x844")
    d.drag_into_view(("row", "server"))
    d.tap(("row", "server"))  # by finger: the whole address is selected
    for _ in range(20):
        d.press("backspace")
    assert d.scene.server == ""
    assert shown_in(d, "server") in ([], [""])  # nothing left, not a stray letter
    type_text(d, "192.168.1.20:8000")
    assert d.scene.server == "192.168.1.20:8000"
    assert load_friends(d.app.store).server == "192.168.1.20:8000"
    d.press("tab")  # away from it: the value shows its start (a narrow box shows "...")
    shown = shown_in(d, "server")
    assert shown and shown[0].startswith("192.168"), shown


def test_an_empty_server_is_asked_for_and_a_missing_one_is_said_in_a_players_words():
    d = friends_page("800x600", server="127.0.0.1:1")  # nothing listens on port 1
    d.click(("row", "name"))
    type_text(d, "Lee")
    d.click(("row", "server"))
    d.press("backspace")
    d.click(("row", "create"))
    assert isinstance(d.scene, FriendsScreen)
    assert "Type the table server's address" in d.scene.message[0]
    assert d.scene.focus == ("row", "server")
    type_text(d, "127.0.0.1:1")
    d.click(("row", "create"))
    assert isinstance(d.scene, CreateTableScreen)

    async def create() -> WaitingRoomScreen:
        d.press("enter")  # Create table: the transport's task runs in this loop
        room = d.scene
        assert isinstance(room, WaitingRoomScreen)
        for _ in range(400):
            d.frame()
            if room.client.status == "retrying":
                break
            await asyncio.sleep(0.01)
        return room

    room = asyncio.run(create())
    d.frame()
    words = " ".join(w.label for w in room.placed)
    assert "No table server found at 127.0.0.1:1. Check the address, or ask the friend " \
        "who runs it." in words, words
    assert "Errno" not in words and "python -m" not in words and "(" not in words
    room.client.close()


def test_every_editing_key_of_a_text_field():
    d = friends_page()
    d.click(("row", "code"))
    type_text(d, "k7m2qx9p")
    assert d.scene.code == "k7m2qx9p"
    d.press("home")
    d.press("delete")
    assert d.scene.code == "7m2qx9p"
    d.press("right")
    d.press("right")
    d.press("-")
    assert d.scene.code == "7m-2qx9p"
    d.press("end")
    d.press("left")
    d.press("backspace")
    assert d.scene.code == "7m-2qxp"
    d.press("left", shift=True)  # Shift selects; what is typed replaces the selection
    d.press("left", shift=True)
    type_text(d, "Z")
    assert d.scene.code == "7m-2Zp"
    key(d, pygame.K_a, "\x01", pygame.KMOD_CTRL)  # Ctrl+A, then Ctrl+V a whole link
    pygame.scrap.put_text("http://192.168.1.20:8000/?table=K7M2QX9P")
    key(d, pygame.K_v, "\x16", pygame.KMOD_CTRL)
    assert d.scene.code == "K7M2QX9P"  # a pasted link keeps its code
    # SDL sends a key's text in its KEYDOWN and again in a TEXTINPUT: typed once.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, unicode="x", mod=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    d.frame()
    assert d.scene.code == "K7M2QX9Px"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="yz"))  # an input method
    d.frame()
    assert d.scene.code == "K7M2QX9Pxyz"
    # A click on the field being edited puts the cursor where it is.
    box = field(d, "code").value_box(d.scene.look())
    d.click((box.x + 9, box.centery))
    d.press("0")
    assert d.scene.code == "0K7M2QX9Pxyz"


def test_a_long_value_shows_its_start_and_scrolls_with_the_cursor():
    from spades.ui.pages.menu import SavesScreen

    d = friends_page()
    saves = SavesScreen(d.app)
    d.app.show(saves)
    d.frame()
    saves.path = "/home/someone/a/folder/nested/deep/enough/to/be/long/spades-saves.json"
    assert shown_in(d, "path")[0].startswith("/home/someone")
    d.click(("row", "path"))  # selected, the cursor at its end: the end shows
    assert d.scene.group.editing.scroll > 0
    assert "spades-saves.json" in "".join(shown_in(d, "path"))
    d.press("home")
    assert d.scene.group.editing.scroll == 0
    assert shown_in(d, "path")[0].startswith("/home/someone")


@pytest.mark.parametrize("size", ["390x844", "800x600", "1280x720"])
def test_a_name_emptied_and_retyped_in_house_settings(size):
    """The menu's names: emptied for a moment (the last name is kept meanwhile)."""
    from spades.ui.pages.menu import SettingsScreen

    d = Driver("--speed", "instant", "--size", size, start=False)
    d.app.show(SettingsScreen(d.app))
    d.frame()
    d.drag_into_view(("row", "name"))
    d.tap(("row", "name"))
    d.press("backspace")
    assert d.scene.group.editing.text == ""
    assert d.app.settings.player_name == "You"  # kept until a name is typed
    type_text(d, "Lee")
    assert d.app.settings.player_name == "Lee"


def test_a_file_name_typed_alone_is_exported_to_the_downloads_folder(tmp_path, monkeypatch):
    """The saves' File field emptied and a name typed: the export goes to the downloads
    folder, not to wherever the game was started from."""
    from spades.ui.pages.menu import SavesScreen

    monkeypatch.setenv("SPADES_DOWNLOADS_DIR", str(tmp_path))
    d = friends_page()
    d.app.show(SavesScreen(d.app))
    d.frame()
    d.click(("row", "path"))
    d.press("backspace")
    type_text(d, "mine.json")
    d.click(("row", "export"))
    assert (tmp_path / "mine.json").is_file()
