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


@pytest.mark.parametrize("how", ["mouse", "keys"])
def test_back_on_house_rules_cancels_and_start_match_keeps(how):
    d = Driver("--speed", "instant")
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.show_menu()
    d.frame()
    d.click(("row", "new"))
    assert isinstance(d.scene, HouseRulesScreen)
    for _ in range(80):
        if d.scene.focus is not None and d.scene.focus[1] == "opponents_strength":
            break
        d.press("tab")
    d.press("right")  # normal -> hard
    assert d.app.settings.opponents_strength == "hard"
    d.press("escape") if how == "keys" else d.click(("foot", "back"))
    assert isinstance(d.scene, MenuScreen)
    assert d.app.settings.opponents_strength == "normal"
    assert storage.load_settings(d.app.store).opponents_strength == "normal"
    d.click(("row", "play"))
    assert d.scene.options.strengths == ("normal", "normal", "normal")
    # Start match keeps what was chosen.
    d.app.show(HouseRulesScreen(d.app))
    d.frame()
    d.scene.change(opponents_strength="hard")
    d.press("enter")
    assert d.scene.options.strengths[0] == "hard"
    assert d.app.settings.opponents_strength == "hard"


def test_the_first_tab_of_a_bid_lands_on_the_bids():
    d = Driver("--speed", "instant")
    while (situation := d.wait_for_player()) == "blind":
        d.click(("btn", "look"))
    assert situation == "bid" and d.scene.focus is None
    d.press("tab")
    focused = d.scene.focused()
    assert focused is not None and focused.group == "bids", d.scene.focus
    assert focused.key == ("bid", d.scene.suggested_bid_value())
    d.press("enter")  # chooses that bid, as the focus said
    assert d.scene.bid_choice == d.scene.suggested_bid_value()


@pytest.mark.parametrize("size", ["1280x720", "800x600", "1920x1080"])
def test_the_toolbar_keeps_its_layout_when_coach_is_switched_on(size):
    d = Driver("--speed", "instant", "--size", size)
    d.wait_for_player()

    def toolbar_words() -> list[tuple[str, tuple]]:
        record: list = []
        d.app.text.record = record
        d.frame()
        d.app.text.record = None
        bar = d.scene.layout.toolbar
        return sorted((r.text, tuple(r.rect)) for r in record if r.rect is not None
                      and any(t.colliderect(r.rect) for t in bar.values()))

    if d.scene.options.coach:
        d.press("c")
    off = toolbar_words()
    d.press("c")
    assert d.scene.options.coach
    assert toolbar_words() == off
    coach = d.control(("tool", "coach"))
    assert coach.style == "chosen"  # on shows in the button's colour
