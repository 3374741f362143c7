"""Rough edges of the pages around the table, through the real App (issue 42): storage
notices shown once on the page that is open, the device's settings apart from the
rules, House rules rows that stay under the finger, the demonstration's words."""

from __future__ import annotations

import errno

from ui_driver import Driver

from spades import storage
from spades.ui.pages.menu import SettingsScreen


def drawn(d: Driver) -> list[str]:
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    return [r.text for r in record]


def refuse_writes(store, monkeypatch) -> None:
    """The one call a full disk or a read-only folder fails: the store's write."""
    def full(key, text):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(store, "_set", full)


# --- 4. storage notices, on the page that is open, once ---------------------------------


def test_a_notice_shown_on_the_menu_is_not_said_again_at_the_table(monkeypatch):
    d = Driver("--speed", "instant", start=False)
    d.app.notices.append("Saving is off: the game cannot write to /x (permission denied).")
    d.app.show_menu()
    assert any(t.startswith("Saving is off") for t in drawn(d))
    d.click(("row", "play"))
    d.frame(3)
    assert type(d.scene).__name__ == "TableScene"
    assert d.scene.message is None or "Saving is off" not in d.scene.message[0]


def test_saving_that_stops_on_the_settings_page_is_told_there(monkeypatch):
    d = Driver("--speed", "instant", start=False)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    refuse_writes(d.app.store, monkeypatch)
    d.app.show(SettingsScreen(d.app))
    d.frame()
    d.drag_into_view(("row", "sound"))
    d.click(("row", "sound"))
    words = " ".join(drawn(d))
    assert "Saving stopped for your settings" in words
    d.frame(5)  # told once: the page keeps it while open, nothing is left to repeat
    assert d.app.notices == [] and d.app.store.take_notices() == []


def test_a_notice_on_a_page_is_said_by_ear(monkeypatch):
    sent: list[str] = []
    d = Driver("--speed", "instant", start=False)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    monkeypatch.setattr(d.app.speech, "out", lambda text, urgent=False: sent.append(text))
    d.app.settings = d.app.settings.__class__(announcements=True)
    d.app.notices.append("Saving is off: the game cannot write to /x (permission denied).")
    d.app.show_menu()
    d.frame(3)
    assert sum(t.startswith("Saving is off") for t in sent) == 1, sent
