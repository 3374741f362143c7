"""Around the table: the menu, settings, saves and statistics, driven by real events."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

import pytest
from pygame import Rect
from ui_driver import Driver, act, every_rule, focus_row, menu_driver

from spades import storage
from spades.engine import Rules
from spades.engine.rules import PRESETS
from spades.ui.arguments import parse_args
from spades.ui.pages.menu import (
    PRESET_NOTES,
    RULE_OPTIONS,
    MenuScreen,
    SavesScreen,
    SettingsScreen,
    StatsScreen,
)
from spades.ui.table.scene import TableScene
from spades.ui.widgets import Stepper

ROOT = Path(__file__).resolve().parents[1]


def play_human(d: Driver, limit: int = 300) -> None:
    """Play the player's turns by mouse until the match is over."""
    for _ in range(limit):
        situation = d.wait_for_player()
        if situation == "over":
            return
        act(d, situation)


def test_menu_new_match_pause_and_continue_by_keyboard():
    d = menu_driver("--speed", "instant")
    assert isinstance(d.scene, MenuScreen)
    assert "continue" not in {c.key[1] for c in d.scene.build_controls()}
    focus_row(d, "new")
    d.press("enter")
    assert type(d.scene).__name__ == "HouseRulesScreen"
    d.press("enter")  # nothing focused: Enter starts the match
    assert isinstance(d.scene, TableScene)
    d.wait_for_player()
    state = d.scene.match.state()
    d.press("escape")
    assert d.scene.overlays[-1] == "pause"
    while d.scene.focus != ("btn", "quit"):
        d.press("tab")
    d.press("enter")
    d.frame()
    assert isinstance(d.scene, MenuScreen)
    focus_row(d, "continue")
    d.press("enter")
    d.frame()
    assert isinstance(d.scene, TableScene)
    assert d.scene.match.state() == state


def test_menu_and_pages_by_mouse():
    d = menu_driver("--speed", "instant")
    for key, page in (("howto", "RulesScreen"), ("settings", "SettingsScreen"),
                      ("saves", "SavesScreen"), ("stats", "StatsScreen")):
        d.click(("row", key))
        assert type(d.scene).__name__ == page
        d.click(("foot", "back"))
        assert isinstance(d.scene, MenuScreen)
    d.click(("row", "new"))
    d.click(("foot", "start"))
    assert isinstance(d.scene, TableScene)
    d.wait_for_player()
    d.click(("tool", "menu"))
    d.click(("btn", "new"))
    d.frame()
    assert type(d.scene).__name__ == "HouseRulesScreen"


def saved_match_menu(size: str) -> Driver:
    d = menu_driver("--speed", "instant", "--size", size)
    d.app.new_match_from_settings()
    d.frame(3)
    d.app.show_menu()
    d.frame()
    return d


@pytest.mark.parametrize("size", ["800x600", "1280x720", "390x844", "480x320"])
def test_the_menu_with_a_saved_match_fits_without_scrolling(size):
    """Continue, New match, House rules, Journey, the four pages and Quit: all in view at
    once, apart, each a 44 px target, under a title drawn large (the compact 480x320
    may scroll, as nothing that tall fits there, but every button is still reachable and
    tappable)."""
    d = saved_match_menu(size)
    menu = d.scene
    assert isinstance(menu, MenuScreen)
    buttons = menu.build_controls()
    keys = [w.key[1] for w in buttons]
    # Reading order: on a short, wide window the rows of two stand in a column beside.
    assert sorted(keys) == sorted(["continue", "play", "new", "friends", "journey", "howto",
                                   "settings", "saves", "stats", "quit"])
    w, h = map(int, size.split("x"))
    shown = {b.key: b.rect.clip(b.area.view) if b.area else b.rect for b in buttons}
    for a, b in combinations(shown, 2):  # what shows of each (a scrolled row is clipped)
        assert not shown[a].colliderect(shown[b]), (a, shown[a], b, shown[b])
    for b in buttons:
        assert b.rect.width >= 44 and b.rect.height >= 44, (b.key, b.rect)
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    title = [r for r in record if r.text == "Spades"]
    assert title and title[0].size >= 2 * menu.metrics()[1], title
    if size == "480x320":
        d.drag_into_view(("row", "stats"))
    else:
        assert menu.area.max_offset == 0, (size, menu.area.content_h, menu.area.view)
        for b in buttons:
            assert b.area is None or b.area.view.contains(b.rect), (b.key, b.rect)
            assert Rect(0, 0, w, h).contains(b.rect)
    d.tap(("row", "stats"))  # the last page, by touch, with no scrolling first
    assert type(d.scene).__name__ == "StatsScreen"


def test_house_rules_round_trip_every_preset_and_rule_option():
    d = menu_driver()
    d.app.show(every_rule(d.app))
    d.frame()
    focus_row(d, "preset")
    seen = set()
    for _ in range(len(PRESETS)):
        d.press("right")
        name = d.app.settings.preset
        seen.add(name)
        assert d.app.settings.rules == PRESETS[name]
        assert storage.load_settings(d.app.store) == d.app.settings
    assert seen == set(PRESETS)
    for name, _, _, values in RULE_OPTIONS:
        focus_row(d, name)
        offered = set()
        for _ in range(len(values) + 1):
            d.press("right")
            value = getattr(d.app.settings.rules, name)
            offered.add(value)
            saved = storage.load_settings(d.app.store)
            assert saved == d.app.settings, name
        # Every value is reached unless the rules refuse the combination (and say why).
        assert offered == set(values) or d.scene.message, (name, offered)
    for field in ("opponents_strength", "partner_strength", "avatar_shape", "avatar_colour",
                  "animation_speed", "four_colour", "sound", "coach"):
        if field == "avatar_shape":  # the device's own settings are on Settings
            d.app.show(SettingsScreen(d.app))
            d.frame()
        focus_row(d, field)
        before = getattr(d.app.settings, field)
        d.press("right")
        assert getattr(d.app.settings, field) != before
        assert getattr(storage.load_settings(d.app.store), field) == getattr(
            d.app.settings, field)
    focus_row(d, "name")  # the name is selected: End, then two characters back
    d.press("end")
    for _ in range(2):
        d.app.handle(_key_event("backspace"))
    for ch in "ann":
        d.app.handle(_key_event("", ch))
    d.frame()
    assert d.app.settings.player_name == "Yann"
    assert storage.load_settings(d.app.store).player_name == "Yann"
    focus_row(d, "name_n")
    d.press("end")
    d.app.handle(_key_event("", "a"))
    d.frame()
    assert storage.load_settings(d.app.store).computer_names[1] == "Noora"
    d.app.new_match_from_settings()
    assert d.scene.options.names == ("Yann", "Wren", "Noora", "Eli")


def _key_event(name: str, text: str = ""):
    import pygame

    key = pygame.K_BACKSPACE if name == "backspace" else pygame.K_a
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0)


def test_a_rule_change_waits_for_the_next_match():
    d = menu_driver("--speed", "instant")
    d.app.new_match_from_settings()
    d.wait_for_player()
    assert d.scene.match.rules.target == 500
    d.app.show(every_rule(d.app))
    d.frame()
    assert any("replaces the match" in row.label for row in d.scene.rows()
               if row.kind == "text")
    focus_row(d, "target")
    d.press("right")
    assert d.app.settings.rules.target != 500
    d.app.continue_match()
    assert d.scene.match.rules.target == 500  # the match in progress keeps its rules
    d.app.new_match_from_settings()
    assert d.scene.match.rules.target == d.app.settings.rules.target


def test_every_action_is_saved_and_resumes_exactly():
    d = menu_driver("--speed", "fast")
    d.app.new_match_from_settings()
    for _ in range(6):
        act(d, d.wait_for_player())
        d.frame(7)  # mid-animation: the save already holds the action
        saved = storage.load_match(d.app.store)
        assert saved is not None
        assert saved.match.state() == d.scene.match.state()
    d.press("u")
    d.press("enter")  # Take back: the first one asks
    saved = storage.load_match(d.app.store)
    assert saved.practice and saved.match.state() == d.scene.match.state()


def test_statistics_count_a_finished_match_but_not_practice():
    d = menu_driver("--speed", "instant")
    d.app.options.rules = Rules(target=150)
    d.app.start()
    play_human(d)
    stats = storage.load_statistics(d.app.store)
    assert stats.total.matches_played == 1
    assert stats.total.hands_played == len(d.scene.match.history)
    assert stats.total.matches_won == (1 if d.scene.match.winner == 0 else 0)
    # A practice match (undo used) is not counted.
    d.app.rematch()
    while 0 not in d.scene.match.actors:
        act(d, d.wait_for_player())
    d.press("u")
    d.press("enter")  # Take back: the first one asks
    assert d.scene.practice
    play_human(d)
    stats = storage.load_statistics(d.app.store)
    assert stats.total.matches_played == 1 and stats.practice_total.matches_played == 1
    assert len(stats.recent) == 2 and stats.recent[-1].practice
    d.app.show(StatsScreen(d.app))
    d.frame()
    headings = [r.label for r in d.scene.rows() if r.kind == "heading"]
    assert "Your own rules" in headings and "Your own rules, practice (Undo used)" in headings
    assert any(r.key == "chart" for r in d.scene.rows())
    # Reset (scrolled into view by Tab) asks once more, then empties them.
    focus_row(d, "reset")
    d.press("enter")
    assert d.scene.confirming and not storage.load_statistics(d.app.store).is_empty
    d.press("enter")
    assert storage.load_statistics(d.app.store).is_empty


def test_saves_page_exports_removes_and_imports(tmp_path):
    d = menu_driver("--speed", "instant")
    d.app.new_match_from_settings()
    d.wait_for_player()
    state = d.scene.match.state()
    page = SavesScreen(d.app)
    page.path = str(tmp_path / "mine.json")
    d.app.show(page)
    d.frame()
    d.click(("row", "export"))
    exported = tmp_path / "mine.json"
    assert json.loads(exported.read_text())["format"] == storage.EXPORT_FORMAT
    d.click(("row", "clear"))
    assert storage.load_match(d.app.store) is not None  # asks first
    d.click(("row", "clear"))
    assert storage.load_match(d.app.store) is None
    # A refused file changes nothing and says why.
    bad = tmp_path / "bad.json"
    bad.write_text("[" * 5000)
    page.path = str(bad)
    d.click(("row", "import"))
    assert page.message and "Nothing was changed" in page.message[0]
    assert storage.load_match(d.app.store) is None
    page.path = str(exported)
    d.click(("row", "import"))
    saved = storage.load_match(d.app.store)
    assert saved is not None and saved.match.state() == state


def test_autoplay_killed_mid_match_leaves_a_save_that_resumes(tmp_path, monkeypatch):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SPADES_DATA_DIR=str(tmp_path))
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--autoplay", "--seed", "4", "--speed", "fast",
         "--strength", "normal"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    store = storage.open_file_store(tmp_path)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            summary = storage.match_summary(store)
            saved = storage.load_match(store) if summary else None
            if saved is not None and len(saved.match.actions) >= 12:
                break
            time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    saved = storage.load_match(store)
    assert saved is not None and len(saved.match.actions) >= 12
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))
    d = Driver("--speed", "instant", start=False)
    assert isinstance(d.scene, MenuScreen)
    assert "continue" in {c.key[1] for c in d.scene.build_controls()}
    d.click(("row", "continue"))
    assert isinstance(d.scene, TableScene)
    assert d.scene.match.state() == saved.match.state()


def test_journey_levels_open_in_turn_and_survive_a_restart():
    from spades.ui.pages.journey import JourneyScreen
    from spades.ui.seating.levels import LEVELS

    d = menu_driver("--speed", "instant")
    d.click(("row", "journey"))
    assert isinstance(d.scene, JourneyScreen)
    controls = {c.key[1]: c for c in d.scene.build_controls()}
    assert controls["j1"].enabled and not controls["j2"].enabled
    d.click(("row", "j1"))
    scene = d.scene
    assert isinstance(scene, TableScene) and scene.level == 0
    assert scene.match.rules == LEVELS[0].rules  # the level's house rules are played
    assert scene.options.names[1:] == (LEVELS[0].west, LEVELS[0].partner, LEVELS[0].east)
    # Next hand inside a level never starts another level.
    while (situation := d.wait_for_player()) != "breakdown":
        act(d, situation)
    if not scene.match.is_over:
        d.click(("btn", "next"))
        assert d.scene is scene and scene.level == 0
    play_human(d)
    won = scene.match.winner == 0
    progress = storage.load_journey(d.app.store)
    assert progress.unlocked == (2 if won else 1)
    assert ("j1" in progress.won) == won
    # A restart (a new app on the same store) keeps the progress.
    again = Driver("--speed", "instant", start=False)
    assert storage.load_journey(again.app.store) == progress
    again.app.show(JourneyScreen(again.app))
    again.frame()
    controls = {c.key[1]: c for c in again.scene.build_controls()}
    assert controls["j2"].enabled == won
    # Losing keeps a level open; winning opens the next one.
    lost = progress.lose()
    assert lost.unlocked == progress.unlocked
    opened = progress.win(0, "j1", len(LEVELS))
    assert opened.unlocked == 2


def test_the_demonstration_reaches_every_step_by_keyboard_only():
    from spades.ui.demo.tutorial import ASKED, STEPS, DemoScene
    from spades.ui.pages.menu import RulesScreen

    d = menu_driver("--speed", "fast")
    focus_row(d, "howto")
    d.press("enter")
    assert isinstance(d.scene, RulesScreen)
    focus_row(d, "demo")
    d.press("enter")
    demo = d.scene
    assert isinstance(demo, DemoScene)
    for _ in range(400):
        d.until(lambda: demo.waiting and (demo.step() in ("welcome", "broken", "ruffed",
                                                          "free") or demo.can_act()), 400)
        step = demo.step()
        if step == "free":
            break
        if step in ("welcome", "broken", "ruffed"):
            d.press("enter")
        elif step == "bid":
            d.press("right")
            d.press("enter")
            d.press("enter")
        else:
            d.press("left")  # the first playable card
            if step in ASKED:
                while demo.focus != ("card", ASKED[step]):
                    d.press("right")
            d.press("enter")
    assert demo.reached == list(STEPS), demo.reached
    # The rules the demonstration shows really happened: the two of spades took the
    # ace of hearts, and East trumped the diamonds.
    first, _, third = demo.match.trick_winners[:3]
    assert first == 0 and third == 3
    # Leaving at any step returns to How to play, where it was started.
    d.press("tab")
    while demo.focus != ("btn", "tutor_leave"):
        d.press("tab")
    d.press("enter")
    d.frame()
    assert isinstance(d.scene, RulesScreen)


def test_the_pause_menu_opens_how_to_play_and_returns_to_the_table():
    from spades.ui.pages.menu import RulesScreen

    d = menu_driver("--speed", "instant")
    d.app.new_match_from_settings()
    table = d.scene
    d.wait_for_player()
    d.press("escape")
    d.click(("btn", "howto"))
    d.frame()
    assert isinstance(d.scene, RulesScreen)
    d.press("escape")
    d.frame()
    assert d.scene is table


class FakePage:
    """The page's window as pygbag shows it: eval runs our scripts, here by hand."""

    def __init__(self, chosen: str) -> None:
        self.chosen = chosen
        self.upload = None
        self.asked = False

    def eval(self, script: str):
        if "input.click()" in script:
            self.asked = True
            return True
        if script.strip() == "window.__spadesUpload":
            return self.upload
        if "__spadesUpload = undefined" in script:
            self.upload = None
            return None
        raise AssertionError(script)


def test_import_in_the_browser_goes_through_the_pages_file_chooser(monkeypatch):
    from spades import platform

    d = menu_driver("--speed", "instant")
    d.app.new_match_from_settings()
    d.wait_for_player()
    exported = storage.export_all(d.app.store)
    state = d.scene.match.state()
    storage.clear_all(d.app.store)
    page = FakePage(exported)
    monkeypatch.setattr(platform, "in_browser", lambda: True)
    monkeypatch.setattr(platform, "browser_window", lambda: page)
    screen = SavesScreen(d.app)
    d.app.show(screen)
    d.frame()
    d.click(("row", "import"))
    assert page.asked and screen.waiting_upload
    d.frame(3)
    assert storage.load_match(d.app.store) is None  # nothing yet: the player is choosing
    page.upload = page.chosen  # the page has read the file
    d.frame()
    assert not screen.waiting_upload
    assert storage.load_match(d.app.store).match.state() == state


def test_the_players_face_and_name_sit_at_their_seat():
    d = menu_driver("--speed", "instant")
    d.app.show(SettingsScreen(d.app))
    d.frame()
    focus_row(d, "avatar_shape")
    d.press("right")
    focus_row(d, "avatar_colour")
    d.press("right")
    chosen = (d.app.settings.avatar_shape, d.app.settings.avatar_colour)
    assert chosen != ("spade", "gold")
    d.app.new_match_from_settings()
    scene = d.scene
    assert scene.avatar(0) == chosen
    assert scene.options.names[0] == d.app.settings.player_name
    # Computer players have names and faces of their own, the same every time.
    assert len(set(scene.options.names)) == 4
    from spades.ui.art.avatar import face_for

    assert [scene.avatar(s) for s in (1, 2, 3)] == [face_for(n) for n in scene.options.names[1:]]


def test_how_to_play_follows_the_chosen_rules():
    from spades.ui.pages.menu import rules_text

    def headings(name: str) -> dict[str, str]:
        return dict(rules_text(PRESETS[name]))

    standard = headings("standard")
    assert {"Nil", "Blind nil", "Bags", "Mercy"} <= set(standard)
    assert "500" in standard["The aim"] and "-200" in standard["Mercy"]
    plain = headings("classic-no-bags")
    assert not {"Nil", "Blind nil", "Bags", "Mercy"} & set(plain)
    assert "or nil" not in plain["Bidding"]
    assert "150" in headings("classic-150")["The aim"]
    assert "bags" in headings("guide")["Nil"]  # a failed nil's tricks are bags there
    anytime = dict(rules_text(PRESETS["standard"].with_options(spades_lead_anytime=True)))
    assert "any time" in anytime["Leading spades"]
    # Each variant says how it differs, and only its own difference.
    for name, heading, words in (("suicide", "Suicide", "exactly one partner bids nil"),
                                 ("mirror", "Mirror", "number of spades"),
                                 ("whiz", "Whiz", "either nil or the number of spades"),
                                 ("jokers", "Jokers", "Big Joker beats the Little Joker"),
                                 ("deuces", "Deuces high", "two of diamonds and the two of")):
        text = headings(name)
        assert words in text[heading], name
        assert not {"Suicide", "Mirror", "Whiz", "Jokers", "Deuces high"} - {heading} & set(
            text), name
    assert "Partners may bid at most 13" not in headings("whiz")["Bidding"]
    extras = dict(rules_text(PRESETS["jokers"].with_options(
        nil_pass=2, ten_for_200=True, boston=True, boston_value="win")))
    assert "swap 2 cards" in extras["Passing"] and "200" in extras["10 for 200"]
    assert "wins the match" in extras["Boston"]
    assert {name for name in PRESETS} <= set(PRESET_NOTES)


@pytest.mark.parametrize("args", [["--frames", "-3"], ["--frames", "x"], ["--rules", "bogus"],
                                  ["--strength", "expert"], ["--size", "big"]])
def test_main_refuses_bad_arguments_without_a_traceback(args):
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT,
                         capture_output=True, text=True,
                         env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and "usage:" in run.stderr


@pytest.mark.parametrize("frames", ["0", str(10**30), "1000001"])
def test_main_refuses_frames_out_of_bounds_in_a_sentence(frames):
    """``--frames 10**30`` once finished the match and idled at 60 fps for good."""
    with pytest.raises(SystemExit) as stop:
        parse_args(["--autoplay", "--frames", frames])
    assert stop.value.code == 2
    assert parse_args(["--autoplay", "--frames", "1000000"]).frames == 1_000_000


def test_main_says_why_it_refuses_too_many_frames():
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--autoplay", "--frames",
                          str(10**30)], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "--frames: must be at most 1000000" in run.stderr, run.stderr
    # the sentence names the number refused (it once printed a literal "not {value}")
    said = run.stderr.strip().splitlines()[-1]
    assert said.endswith(f"not {10**30}") and "{" not in said, said


@pytest.mark.parametrize("size", ["320x480", "390x844", "1280x720"])
def test_the_tagline_says_in_one_line_who_sits_at_the_table(size, monkeypatch):
    """The menu's tagline: computer players or friends fill the other seats, said in
    one line of the menu's own type, whole even on the narrowest phone."""
    from spades.ui.art.theme import Text

    drawn: list[tuple[str, Rect]] = []
    blit = Text.blit

    def recording(self, surface, text, *args, **kwargs):
        rect = blit(self, surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    d = menu_driver("--speed", "instant", "--size", size)
    monkeypatch.setattr(Text, "blit", recording)
    d.frame()
    width = int(size.split("x")[0])
    tagline = d.scene.tagline
    lines = [(text, rect) for text, rect in drawn if text == tagline]
    assert len(lines) == 1, [text for text, _ in drawn][:12]  # drawn whole, on one line
    assert 0 <= lines[0][1].left and lines[0][1].right <= width
    words = tagline.lower()
    assert "computer" in words and "friend" in words
    assert "against two computer" not in words


@pytest.mark.parametrize("size", ["844x390", "740x360", "915x412", "667x375"])
@pytest.mark.parametrize("how", ["finger", "mouse"])
@pytest.mark.parametrize("browser", [True, False])
def test_a_sideways_phones_menu_shows_every_choice_without_scrolling(size, how, browser):
    """On a phone turned sideways the menu's small buttons stand in a column beside
    Play and House rules, so every choice shows at once and opens with one tap or
    click. Before, the single column ran under Quit at 844x390: How to play and
    Settings were cut in half, Your saves and Statistics out of sight below."""
    from spades.ui.pages.menu import JourneyScreen, RulesScreen

    d = menu_driver("--size", size)
    d.app.can_quit = not browser  # the browser's page has no Quit
    d.frame()
    menu = d.scene
    assert isinstance(menu, MenuScreen)
    buttons = menu.build_controls()
    assert sorted(w.key[1] for w in buttons) == sorted(
        ["play", "journey", "new", "friends", "howto", "settings", "saves", "stats",
         "demo", "demo_dismiss"]  # a first visit: the demonstration suggested
        + ([] if browser else ["quit"]))
    assert menu.area.max_offset == 0, (menu.area.content_h, menu.area.view)
    w, h = map(int, size.split("x"))
    for b in buttons:
        assert b.area is None or b.area.view.contains(b.rect), (b.key, b.rect)
        assert Rect(0, 0, w, h).contains(b.rect) and b.rect.height >= 44, (b.key, b.rect)
    for a, b in combinations(buttons, 2):
        assert not a.rect.colliderect(b.rect), (a.key, b.key)
    press = d.tap if how == "finger" else d.click
    for key, page in (("howto", RulesScreen), ("settings", SettingsScreen),
                      ("saves", SavesScreen), ("stats", StatsScreen),
                      ("journey", JourneyScreen)):
        press(("row", key))
        assert isinstance(d.scene, page), key
        press(("foot", "back"))
        assert isinstance(d.scene, MenuScreen)
    press(("row", "play"))
    assert isinstance(d.scene, TableScene)


@pytest.mark.parametrize("size", ["390x844", "1280x720"])
@pytest.mark.parametrize("touch", [True, False])
def test_statistics_before_any_match_show_the_record_at_nought(size, touch):
    """With nothing recorded yet, Statistics shows the lines it will keep, each at
    nought ("Matches won 0 of 0", "Bags taken 0"), under a sentence that says how they
    fill in. Before, one sentence stood alone on the felt, a page that looked unmade.
    (Reached from the menu by finger or by mouse.)"""
    d = menu_driver("--size", size)
    (d.tap if touch else d.click)(("row", "stats"))
    assert isinstance(d.scene, StatsScreen)
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    texts = [r.text for r in record]
    assert any(t.startswith("No match finished yet") for t in texts), texts
    for label, zero in (("Matches won", "0 of 0"), ("Your nils made", "0 of 0"),
                        ("Bags taken", "0"), ("Points scored", "0")):
        row = next(r for r in record if r.text == label)
        value = [r for r in record if r.text == zero and abs(r.rect.y - row.rect.y) <= 2]
        assert value, (label, texts)
    assert not [r for r in record if r.text.startswith("Reset")]  # nothing to reset


@pytest.mark.parametrize("size", ["1280x720", "844x390", "390x844", "800x600"])
def test_the_menus_tagline_stands_apart_from_play(size):
    """The tagline stands at least 8 px above the Play button, so it reads as the
    page's line, not the button's caption: it sat 5 px above it."""
    d = menu_driver("--size", size)
    menu = d.scene
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    tagline = next(r for r in record if r.text == menu.tagline)
    play = next(w for w in menu.build_controls() if w.key == ("row", "play"))
    assert play.rect.top - tagline.rect.bottom >= 8, (size, tagline.rect, play.rect)


@pytest.mark.parametrize("touch", [True, False])
@pytest.mark.parametrize("size", ["390x844", "360x640", "1280x720"])
def test_a_pages_steppers_stand_in_line_and_stay_in_line_as_values_change(size, touch):
    """On House rules and Settings every stepper's "<" stands at one x and its ">" at
    another, whatever its value: "standard" beside "normal" or "100" no longer pushes
    its arrows out of line with the rows under it. Stepping the opponents to "hard" by
    finger or mouse keeps them in line."""
    d = menu_driver("--speed", "instant", "--size", size)
    press = d.tap if touch else d.click

    def arrows() -> set[tuple[int, int]]:
        look = d.scene.look()
        steppers = [w for w in d.scene.placed if isinstance(w, Stepper)]
        assert len(steppers) >= 3
        return {(back.x, forward.right) for back, forward in
                (s.halves(look) for s in steppers)}

    press(("row", "new"))
    assert len(arrows()) == 1, arrows()
    look = d.scene.look()
    stepper = next(w for w in d.scene.placed if w.key == ("row", "opponents_strength"))
    press(stepper.halves(look)[1].center)
    assert d.scene.row_of(("row", "opponents_strength")).value != stepper.value
    assert len(arrows()) == 1, arrows()
    d.app.show_menu()
    d.frame()
    press(("row", "settings"))
    assert len(arrows()) == 1, arrows()
