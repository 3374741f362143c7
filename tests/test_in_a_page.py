"""What the game does differently inside a web page, driven through the real App
headless: the help names the key that hands the keyboard back to the page (the one
the page's template releases it with), and the table follows the page's size as the
page or its frame changes (a phone turned). The page itself is proven in a browser
by tests/test_browser.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ui_driver import Driver

from spades import platform
from spades.ui import app as app_module
from spades.ui.table.help import PAGE_KEYS, help_sections

TEMPLATE = Path(__file__).resolve().parent.parent / "build" / "template.tmpl"


def test_the_help_names_the_pages_key_to_leave_the_game(monkeypatch):
    release = re.search(r'var RELEASE_KEY = "(\w+)";', TEMPLATE.read_text(encoding="utf-8"))
    assert release and [key for key, _ in PAGE_KEYS] == [release.group(1)]
    d = Driver("--size", "1280x720", "--speed", "instant")
    d.wait_for_player()
    d.press("f1")
    rows = [key for key, _, heading in d.scene.help_rows()[0] if not heading]
    assert "F6" not in rows  # a desktop window has no page to go back to
    monkeypatch.setattr(platform, "in_browser", lambda: True)
    rows = {key: lines for key, lines, heading in d.scene.help_rows()[0] if not heading}
    assert "F6" in rows and "hands the keyboard back" in " ".join(rows["F6"])
    # By finger with no key pressed the help shows no keys at all, F6 neither.
    assert all(k != "F6" for _, section in help_sections(False, keys=False, page=True)
               for k, _ in section)


@pytest.mark.parametrize("size", ["1280x720", "800x600"])
def test_the_table_follows_the_pages_size(monkeypatch, size):
    """The page turns upright, then back on its side: the canvas takes each size and
    the table lays itself out for it within a quarter of a second."""
    d = Driver("--size", size, "--speed", "instant")
    d.wait_for_player()
    page = {"size": None}
    monkeypatch.setattr(app_module, "page_size", lambda: page["size"])
    for w, h in ((390, 844), (844, 390), (1024, 768)):
        page["size"] = (w, h)
        d.frame(6)  # 0.3 s of frames
        assert d.app.screen.get_size() == (w, h)
        lay = d.scene.layout
        assert (lay.width, lay.height) == (w, h)
        assert lay.portrait == (h > w * 1.15)
    d.wait_for_player()  # and play goes on


def test_the_window_follows_the_pages_density(monkeypatch):
    """A 3x phone: the window has twice the page's CSS pixels (the cap) and the table
    is the page's layout at twice the size; the browser zooms to 1.5x (a new CSS size
    and density): a new window, laid out again; a 1x screen: the page's own pixels."""
    d = Driver("--size", "390x844", "--speed", "instant")
    d.wait_for_player()
    page = {"size": (390, 844), "ratio": 3.0}
    monkeypatch.setattr(app_module, "page_size", lambda: page["size"])
    monkeypatch.setattr(app_module, "page_density", lambda: max(1.0, min(
        app_module.MAX_DENSITY, page["ratio"])))
    css = d.scene.layout
    for size, ratio, window in (((390, 844), 3.0, (780, 1688)), ((520, 1125), 1.5, (780, 1688)),
                                ((390, 844), 1.0, (390, 844))):
        page.update(size=size, ratio=ratio)
        d.frame(6)
        assert d.app.screen.get_size() == window
        lay = d.scene.layout
        assert (lay.width, lay.height, lay.density) == (*window, min(ratio, 2.0))
        if size == (390, 844):
            assert lay.font == round(css.font * lay.density)
    d.wait_for_player()
