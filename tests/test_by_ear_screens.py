"""By ear on every screen, through the real App: A turns announcements on or off on
any page; a changed value is said on House rules, Settings and the pause menu, a switch
with its state; on a desktop the words reach the running screen reader while the
captions stay. The page's bridge is caught where it leaves the game
(``platform.announce``); the desktop's screen reader is the stand-in of
test_screen_reader.py (prismatoid's API as its source reads)."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest
from test_screen_reader import BackendId, fake_prism
from ui_driver import Driver, focus_row, menu_driver

from spades import platform, storage
from spades.ui.pages.house_rules import HouseRulesScreen
from spades.ui.pages.menu import MenuScreen, SavesScreen, SettingsScreen
from spades.ui.speech.narration import TURNED_OFF, TURNED_ON
from spades.ui.table.scene import TableScene


def type_a(d: Driver) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=0))
    d.frame()


def test_a_turns_announcements_on_and_off_on_every_page(page):
    d = menu_driver("--speed", "instant")
    d.app.speech.offered = True  # this visit's offer was declined
    for screen in (MenuScreen, SettingsScreen, HouseRulesScreen, SavesScreen):
        d.app.show(screen(d.app))
        d.frame()
        type_a(d)
        assert d.app.settings.announcements, screen
        assert page[-2] == (TURNED_ON, True)
        assert page[-1][0].startswith(f"{d.app.scene.title or 'Menu'}.")  # where you are
        assert storage.load_settings(d.app.store).announcements  # kept
        d.press("tab")  # and the page is told from here on
        assert page[-1][0].endswith(".") and page[-1] != (TURNED_ON, True)
        type_a(d)
        assert not d.app.settings.announcements and page[-1] == (TURNED_OFF, True)


def test_a_typed_into_a_text_field_is_a_letter():
    d = menu_driver("--speed", "instant")
    saves = SavesScreen(d.app)
    d.app.show(saves)
    d.frame()
    focus_row(d, "path")
    d.press("end")  # the path is selected on focus: typed after it
    before = saves.path
    type_a(d)
    assert saves.path == before + "a" and not d.app.settings.announcements


@pytest.mark.parametrize(("screen", "row", "says"), [
    (HouseRulesScreen, "opponents_strength", "Opponents: hard."),
    (SettingsScreen, "animation_speed", "Animation: fast."),
    (SettingsScreen, "sound", "Sound: off."),
])
def test_a_changed_value_is_said(page, screen, row, says):
    d = menu_driver("--speed", "instant")
    d.app.settings = replace(d.app.settings, announcements=True, animation_speed="normal",
                             opponents_strength="normal")
    d.app.show(screen(d.app))
    d.frame()
    focus_row(d, row)
    d.frame()
    told = len(page)
    d.press("right")
    d.frame()
    assert page[told:] == [(says, True)]


def test_the_pause_menus_switches_are_read_with_their_state(page):
    d = Driver("--speed", "instant")
    d.app.settings = replace(d.app.settings, announcements=True)
    d.scene.options.announcements = True
    d.app.speech.offered = True
    d.wait_for_player()
    d.press("escape")
    assert d.scene.overlays[-1] == "pause"
    while d.scene.focus != ("btn", "coach"):
        d.press("tab")
    d.frame()
    coach = d.scene.options.coach
    assert page[-1] == (f"Coach, {'on' if coach else 'off'}.", True)
    d.press("enter")
    d.frame()
    assert page[-1] == (f"Coach, {'off' if coach else 'on'}.", True)
    d.press("right")
    d.frame()
    assert page[-1] == (f"Coach, {'on' if coach else 'off'}.", True)
    while d.scene.focus != ("btn", "speed"):
        d.press("tab")
    d.press("right")
    d.frame()
    assert page[-1] == (f"Animation, {d.scene.options.speed}.", True)


def test_on_a_desktop_the_screen_reader_hears_the_table_and_the_captions_stay(monkeypatch):
    spoken: list = []
    monkeypatch.setitem(sys.modules, "prism",
                        fake_prism(list(BackendId), {BackendId.NVDA}, spoken))
    d = Driver("--speed", "instant")
    assert not platform.in_browser()
    d.press("tab")  # a screen reader runs: the offer is made to it
    assert d.app.speech.offering and "Press Enter" in spoken[-1][1] and spoken[-1][2]
    d.press("enter")
    assert d.app.settings.announcements and spoken[-2][1] == TURNED_ON
    assert spoken[-1][1].startswith("Hand 1, bidding: ")  # then where the player is
    d.wait_for_player()
    assert d.scene.captions_shown()  # the strip stays for whoever reads the screen
    said = [text for _, text, _ in spoken]
    table = [a.text for a in d.scene.transcript.recent(10)]
    assert table and all(t in said for t in table)
    d.press("3")
    assert spoken[-1][1].startswith("Scores: ") and spoken[-1][2]
    d.press("escape")
    d.press("tab")
    d.frame()
    assert spoken[-1][1].endswith(".")  # the pause menu's focus, to the reader too
    d.app.show_menu()
    d.frame()
    assert spoken[-1][1] == "Spades. Tab and the arrows move; Enter chooses." or \
        spoken[-1][1].endswith("Tab and the arrows move; Enter chooses.")
    assert isinstance(d.app.scene, MenuScreen) and not isinstance(d.app.scene, TableScene)


def test_without_a_screen_reader_the_desktop_offers_nothing(monkeypatch):
    monkeypatch.setitem(sys.modules, "prism", fake_prism(list(BackendId), set(), []))
    d = Driver("--speed", "instant")
    d.wait_for_player()
    d.press("tab")
    assert not d.app.speech.offering and d.scene.focus is not None


def test_the_rules_the_statistics_and_the_demonstration_are_read_out(page):
    import random

    from spades.engine import STANDARD, Match
    from spades.storage import Statistics
    from spades.ui.demo.tutorial import TEXTS
    from spades.ui.pages.menu import RulesScreen, StatsScreen

    d = menu_driver("--speed", "instant")
    d.app.settings = replace(d.app.settings, announcements=True)
    d.app.speech.offered = True
    d.app.show(RulesScreen(d.app))
    d.frame()
    told = [text for text, _ in page]
    assert told[0].startswith("How to play.")
    assert "Leading spades." in told
    assert any(t.startswith("Nobody may lead a spade until spades are broken") for t in told)

    stats = Statistics()
    match, rng = Match(STANDARD.with_options(target=150), 3), random.Random(3)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    stats = stats.record_match(match.history, match.winner, False, "standard")
    storage.save_statistics(d.app.store, stats)
    page.clear()
    d.app.show(StatsScreen(d.app))
    d.frame()
    told = " ".join(text for text, _ in page)
    assert "Matches won: " in told and "Hands won on points: " in told
    assert "Match 1, " in told  # the chart, match by match

    page.clear()
    d.app.start_demo()
    d.until(lambda: d.scene.reached, 3000)
    d.frame()
    assert TEXTS["welcome"] in d.scene.transcript.texts()
    assert (TEXTS["welcome"], True) in page
