"""Rough edges of the pages around the table, through the real App (issue 42): storage
notices shown once on the page that is open, the device's settings apart from the
rules, House rules rows that stay under the finger, the demonstration's words."""

from __future__ import annotations

import errno

import pytest
from ui_driver import Driver, drawn_records, drawn_words

from spades import storage
from spades.ui.pages.menu import SettingsScreen


def refuse_writes(store, monkeypatch) -> None:
    """The one call a full disk or a read-only folder fails: the store's write."""
    def full(key, text):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(store, "_set", full)


# --- 4. storage notices, on the page that is open, once ---------------------------------


def test_a_notice_shown_on_the_menu_is_not_said_again_at_the_table(monkeypatch):
    d = Driver("--speed", "instant", start=False)
    storage.clear_all(d.app.store)  # no saved match: Play deals at once
    d.app.reload_documents()
    d.app.notices.append("Saving is off: the game cannot write to /x (permission denied).")
    d.app.show_menu()
    assert any(t.startswith("Saving is off") for t in drawn_words(d))
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
    words = " ".join(drawn_words(d))
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


# --- 10. the demonstration: its words clear of its buttons, its Next, its way back -------


def walk_demo(d: Driver, each) -> set[str]:
    """Through the demonstration by mouse, calling ``each(step)`` once a step stands
    still; the steps seen."""
    from ui_driver import act

    seen: set[str] = set()
    for _ in range(4000):
        scene = d.scene
        step = scene.step()
        if scene.waiting and step not in seen:
            seen.add(step)
            each(step)
            if step == "free":
                break
        if scene.waiting and d.control(("btn", "tutor_next")):
            d.click(("btn", "tutor_next"))
        elif (situation := d.situation()) in ("bid", "blind", "play"):
            asked = scene.pointed_card()
            d.click(("card", asked)) if asked is not None else act(d, situation)
        else:
            d.frame()
    return seen


@pytest.mark.parametrize("size", ["390x844", "320x480", "800x600", "1280x720", "844x390"])
def test_the_demonstrations_words_stay_clear_of_its_buttons(size):
    from spades.ui.pages.menu import RulesScreen

    d = Driver("--speed", "instant", "--size", size, start=False)
    d.app.show(RulesScreen(d.app))
    d.frame()
    d.click(("row", "demo"))
    assert d.control(("btn", "tutor_next")) is not None  # step 1 says Next: it is there

    def check(step: str) -> None:
        from spades.ui.demo.tutorial import TEXTS

        record = drawn_records(d)
        box = d.scene.tutor_rect()
        buttons = [c.rect for c in d.scene.controls if c.key[1] in ("tutor_next",
                                                                    "tutor_leave")]
        words = [r for r in record if r.rect is not None and box.contains(r.rect)
                 and r.text in TEXTS[step] and len(r.text.split()) > 2]  # its lines
        assert words, step
        for r in words:
            ink = r.rect.inflate(0, -r.rect.height // 4)
            assert not any(ink.colliderect(b) for b in buttons), (step, r.text)
        assert "(Enter)" not in TEXTS[step] and "have bid" not in TEXTS[step]

    assert walk_demo(d, check) >= {"welcome", "bid", "trump", "broken", "ruffed", "free"}


@pytest.mark.parametrize("from_table", [False, True])
def test_leaving_the_demonstration_goes_back_to_how_to_play(from_table):
    from spades.ui.pages.menu import RulesScreen

    d = Driver("--speed", "instant", start=from_table)
    table = d.scene if from_table else None
    if from_table:
        d.press("escape")
        d.click(("btn", "howto"))
        d.frame()
    else:
        d.app.show(RulesScreen(d.app))
        d.frame()
    rules = d.scene
    assert isinstance(rules, RulesScreen)
    d.click(("row", "demo"))
    assert getattr(d.scene, "demo", False)
    d.click(("btn", "tutor_leave"))
    d.frame()
    assert d.scene is rules, type(d.scene).__name__
    d.click(("foot", "back"))
    d.frame()
    if from_table:
        assert d.scene is table  # How to play from the pause menu still leads back there
    else:
        assert type(d.scene).__name__ == "MenuScreen"


# --- 11. Settings holds the device's settings; the rules are House rules' ---------------


@pytest.mark.parametrize("size", ["390x844", "800x600", "1280x720"])
def test_settings_holds_the_devices_settings_and_leads_to_house_rules(size):
    from spades.ui.pages.menu import RULE_OPTIONS

    d = Driver("--speed", "instant", "--size", size, start=False)
    d.app.show(SettingsScreen(d.app))
    d.frame()
    keys = {w.key[1] for w in d.scene.placed if isinstance(w.key, tuple)}
    rules = {name for name, *_ in RULE_OPTIONS} | {"preset", "opponents_strength",
                                                   "partner_strength"}
    assert not keys & rules, keys & rules
    area = d.scene.area
    assert area.content_h <= 2.5 * area.view.height, (area.content_h, area.view.height)
    for key in ("animation_speed", "sound"):  # in view as the page opens
        assert area.view.contains(area.to_screen(d.scene.row_of(("row", key)).rect)), key
    d.drag_into_view(("row", "house"))
    d.tap(("row", "house"))
    assert type(d.scene).__name__ == "HouseRulesScreen"


# --- 13. House rules: nothing moves under the finger when a value changes ---------------


@pytest.mark.parametrize("size", ["390x844", "800x600", "1280x720"])
@pytest.mark.parametrize("unfolded", [False, True])
def test_house_rules_rows_stay_put_while_the_rule_set_and_strengths_step(size, unfolded):
    from spades.engine.rules import PRESETS
    from spades.ui.pages.house_rules import HouseRulesScreen
    from spades.ui.widgets import Stepper

    d = Driver("--speed", "instant", "--size", size, start=False)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    page = HouseRulesScreen(d.app)
    page.unfolded = unfolded
    d.app.show(page)
    d.frame()

    def places() -> dict:
        d.scene.build_controls()
        look = d.scene.look()
        return {w.key: (w.rect.copy(), *(h.copy() for h in w.halves(look)))
                if isinstance(w, Stepper) else w.rect.copy() for w in d.scene.placed}

    before = places()
    for key, steps in ((("row", "preset"), len(PRESETS)), (("row", "opponents_strength"), 3)):
        _, forward = d.scene.row_of(key).halves(d.scene.look())
        for _ in range(steps):
            d.tap(forward.center)
            assert places() == before, (key, d.app.settings.preset)
