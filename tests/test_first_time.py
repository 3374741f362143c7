"""What a first-time player meets, through the real App: rule sets by plain names on
every page that names them."""

from __future__ import annotations

import pytest
from ui_driver import Driver

from spades import storage
from spades.engine.rules import PRESETS
from spades.ui.pages.house_rules import HouseRulesScreen
from spades.ui.pages.menu import MenuScreen, RulesScreen, SettingsScreen
from spades.ui.speech.words import preset_title


def drawn(d: Driver) -> list[str]:
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    return [r.text for r in record]


@pytest.mark.parametrize("screen", [HouseRulesScreen, SettingsScreen, RulesScreen, MenuScreen])
def test_rule_sets_have_plain_names_on_every_page(screen):
    d = Driver("--speed", "instant")
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    for name in PRESETS:
        d.app.settings = d.app.settings.with_preset(name)
        d.app.show(screen(d.app))
        words = " ".join(drawn(d))
        codes = [code for code in ("classic-150", "classic-no-bags", "classic-nil")
                 if code in words]
        assert not codes, (name, codes)
        if screen is not MenuScreen or name == "classic-150":
            assert preset_title(name) in words, (name, words[:300])
    assert preset_title("classic-150") == "Classic, to 150"
    assert preset_title("classic-no-bags") == "No bag penalty"
    assert preset_title("whiz") == "Whiz"  # a preset added later still reads as words


@pytest.mark.parametrize("size", ["390x844", "320x480", "844x390", "640x360", "1024x768"])
def test_how_to_play_by_touch_says_where_the_tables_buttons_are(size):
    from spades.ui.layout.window import compute_layout
    from spades.ui.widgets import INPUT

    d = Driver("--speed", "instant", "--size", size)
    INPUT.reset(touch_only=True)
    try:
        d.app.show(RulesScreen(d.app))
        words = " ".join(str(getattr(r, "label", "")) for r in d.scene.rows())
    finally:
        INPUT.reset(touch_only=False)
    w, h = (int(v) for v in size.split("x"))
    lay = compute_layout(w, h)
    below = min(r.top for r in lay.toolbar.values()) >= lay.hand_area.bottom
    said = "The buttons below your hand" if below else "The buttons along the top"
    assert said in words, (size, below)
    assert "above your hand" not in words
