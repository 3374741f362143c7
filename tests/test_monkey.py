"""Crash-proof table: the random-input tester, and one regression test per finding of
issue 14 (small windows, undo in the demonstration, an older table saving over a
newer save, things laid outside the window, damaged data told at start)."""

from __future__ import annotations

import json
import os

import pygame
import pytest
from ui_driver import Driver, act, play_until

from spades import storage
from spades.engine import Bid, Play, parse_card
from spades.tools import monkey
from spades.ui.art import theme
from spades.ui.art.cardart import CardArt
from spades.ui.demo.tutorial import DemoScene
from spades.ui.layout.window import compute_layout, too_small
from spades.ui.pages.menu import MenuScreen, RulesScreen, StatsScreen
from spades.ui.table.scene import TableScene


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SPADES_DOWNLOADS_DIR", str(tmp_path / "downloads"))
    return tmp_path / "data"


# --- the random-input tester ------------------------------------------------------------


def test_a_short_seeded_monkey_run_finds_nothing():
    """Six starting sizes (tiny, short, upright, desktop), clicks, taps, keys, resizes."""
    total = monkey.run(list(range(12)), 350)
    assert total.frames == 12 * 350
    assert total.events > 4 * total.frames // 2  # input really went in
    assert [f.line() for f in total.findings] == []


def test_the_monkey_reports_a_crash(monkeypatch):
    from spades.ui.app import App

    calls = {"n": 0}
    real = App.frame

    def breaks(self, dt):
        calls["n"] += 1
        if calls["n"] > 30:
            raise RuntimeError("broken on purpose")
        real(self, dt)

    monkeypatch.setattr(App, "frame", breaks)
    found = monkey.Monkey(3, (800, 600), 400).run().findings
    assert [f.kind for f in found] == ["crash"]
    assert "broken on purpose" in found[0].detail and found[0].steps


def test_the_monkey_reports_text_outside_the_window(monkeypatch):
    real = theme.Text.blit

    def off(self, surface, text, size, colour, pos, anchor="topleft", bold=False, width=None):
        rect = real(self, surface, text, size, colour, pos, anchor, bold, width)
        if text == "Spades" and theme.Text.recording is not None:
            theme.Text.recording.append((text, size, rect.move(0, -2 * rect.bottom)))
        return rect

    monkeypatch.setattr(theme.Text, "blit", off)
    found = monkey.Monkey(1, (1280, 720), 5).run().findings
    assert found and found[0].kind == "outside" and "'Spades'" in found[0].detail


def test_the_monkeys_engine_and_save_checks_can_fail():
    from spades.engine import STANDARD, Match

    match = Match(STANDARD, 5)
    store = storage.MemoryStore()
    assert monkey.save_problem(store, match) == "the table is showing but nothing is saved"
    storage.save_match(store, match)
    assert monkey.save_problem(store, match) is None
    match.apply(match.legal_actions()[0])
    assert monkey.save_problem(store, match) == "the save holds 0 actions, the table 1"
    assert monkey.engine_problem(match) is None
    match.hands[1] |= match.hands[0] & -match.hands[0]  # a card in two hands
    assert monkey.engine_problem(match) == "a card is in two hands"


def test_the_monkey_command_prints_its_figures(capsys):
    assert monkey.main(["--seeds", "0-1", "--frames", "40", "--sizes", "640x360"]) == 0
    out = capsys.readouterr().out
    assert "seeds 2, frames 80, events" in out and "findings 0" in out


# --- 1. small windows crashed ------------------------------------------------------------


def test_art_never_asks_for_an_empty_surface():
    art = CardArt()
    for width in (-6, -3, 0, 1):
        assert art.face(parse_card("AS"), width).get_width() > 0
        assert art.back(width).get_width() > 0


@pytest.mark.parametrize("size", [(480, 320), (500, 320), (640, 360), (320, 480), (400, 330),
                                  (320, 320), (1000, 300), (333, 777), (2560, 1440)])
def test_every_layout_has_cards_to_draw(size):
    lay = compute_layout(*size)
    assert lay.trick_w >= 20 and lay.card_w >= 43 and lay.back_w > 0 and lay.packet_w > 0
    assert too_small(*size) == (size in [(400, 330), (320, 320), (1000, 300)])


@pytest.mark.parametrize("size", ["320x320", "400x330", "480x320"])
def test_a_new_match_deals_at_a_small_size(size, data_dir):
    d = Driver("--size", size, "--speed", "fast")
    d.frame(40)  # too small a window waits behind its card; no Surface error either way
    if too_small(*d.app.screen.get_size()):
        assert not d.scene.shown.hand
        pygame.display.set_mode((480, 320), pygame.RESIZABLE)
    d.wait_for_player()  # the deal runs to the end at the smallest layout
    assert d.scene.shown.hand


def test_the_demonstration_at_the_smallest_upright_window(data_dir):
    d = Driver("--size", "320x480", start=False)
    d.app.start_demo()
    d.press("enter")
    d.frame(100)
    demo = d.scene
    assert isinstance(demo, DemoScene) and demo.step() == "bid" and demo.can_act()
    bids = [c for c in demo.build_controls() if c.group == "bids" or c.key[0] == "bid"]
    assert len(bids) == 14  # and none hides under the explanation
    assert all(not c.rect.colliderect(demo.tutor_rect()) for c in bids)
    window = pygame.Rect((0, 0), d.app.screen.get_size())
    assert all(window.contains(c.rect) for c in demo.build_controls())


def test_a_resize_to_a_tiny_window_with_a_card_on_the_table(data_dir):
    d = Driver("--size", "800x600", "--speed", "slow")
    play_until(d, "play")
    act(d, "play")
    pygame.display.set_mode((300, 200), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200))
    theme.Text.recording = []
    try:
        d.frame(20)
        drawn = [text for text, _, _ in theme.Text.recording]
    finally:
        theme.Text.recording = None
    assert "Make the window larger" in drawn
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    d.frame(5)
    play_until(d, "play")  # and the match goes on


# --- 2. undo in the demonstration -------------------------------------------------------


def demo_at(d: Driver, step: str) -> DemoScene:
    d.app.start_demo()
    demo = d.scene
    d.press("enter")  # past the welcome
    assert d.until(lambda: demo.can_act())
    if step != "bid":
        d.click(("bid", 3))
        d.click(("btn", "confirm"))
        assert d.until(lambda: demo.step() == step and demo.can_act())
    return demo


def test_undo_is_not_offered_in_the_demonstration_and_cannot_crash_it(data_dir):
    d = Driver(start=False)
    demo = demo_at(d, "bid")
    d.click(("bid", 3))
    d.click(("btn", "confirm"))
    d.frame(2)  # West pauses with its scripted card
    d.press("u")
    assert "not offered" in demo.message[0]
    assert d.until(lambda: demo.step() == "trump" and demo.can_act())
    assert len(demo.match.actions) >= 4


def test_undo_at_the_trump_step_cannot_trap_the_player(data_dir):
    d = Driver(start=False)
    demo = demo_at(d, "trump")
    d.press("u")
    assert "not offered" in demo.message[0]
    d.click(("card", parse_card("2S")))
    assert d.until(lambda: demo.step() == "broken")


def test_the_table_applies_only_legal_actions(data_dir):
    d = Driver()
    d.wait_for_player()
    scene = d.scene
    before = len(scene.match.actions)
    illegal = Play(next(c for c in range(52) if not scene.match.hands[0] >> c & 1))
    assert scene._apply(illegal) is False and scene._apply(Bid(99)) is False
    assert len(scene.match.actions) == before and scene.message


# --- 3. an older table saved over a newer save ----------------------------------------


def saved_actions(store) -> int:
    return len(json.loads(store.read_text("match"))["match"]["actions"])


def test_a_replayed_deal_then_continue_never_brings_back_the_old_table(data_dir):
    d = Driver("--speed", "instant")
    play_until(d, "breakdown")  # hand 1 finished
    d.press("r")  # replay the deal; the match waits
    d.frame()
    assert d.scene.replay
    d.press("escape")
    d.click(("btn", "quit"))  # Main menu
    d.frame()
    assert isinstance(d.scene, MenuScreen)
    d.app.continue_match()
    play_until(d, "breakdown")  # finish hand 2
    newer = saved_actions(d.app.store)
    assert len(d.scene.match.history) == 2
    d.press("escape")
    d.click(("btn", "quit"))
    d.frame()
    d.app.show(RulesScreen(d.app))
    d.frame()
    d.press("escape")  # Back
    d.frame()
    assert isinstance(d.scene, MenuScreen)  # not the old hand-1 table
    assert saved_actions(d.app.store) == newer


def test_returning_to_a_table_shows_the_latest_save(data_dir):
    d = Driver("--speed", "instant")
    play_until(d, "play")
    table = d.scene
    d.press("escape")
    d.click(("btn", "howto"))
    d.frame()
    # Meanwhile the save moves on (another window of the game, say).
    moved = storage.load_match(d.app.store)
    moved.match.apply(moved.match.legal_actions()[0])
    storage.save_match(d.app.store, moved.match, False, moved.names, moved.strengths)
    d.press("escape")
    d.frame()
    assert isinstance(d.scene, TableScene) and d.scene is not table
    assert d.scene.match.actions[:len(moved.match.actions)] == moved.match.actions
    table.on_change()  # the old table, should it ever act again, saves nothing
    assert saved_actions(d.app.store) == len(d.scene.match.actions)


def test_an_older_revision_is_refused():
    from spades.engine import STANDARD, Match

    store = storage.MemoryStore()
    match = Match(STANDARD, 9)
    first, _ = storage.write_match(store, match)
    newer = Match(STANDARD, 9)
    newer.apply(newer.legal_actions()[0])
    second, _ = storage.write_match(store, newer, over=first)
    assert second == first + 1
    text = store.read_text("match")
    with pytest.raises(storage.StaleSave):
        storage.write_match(store, match, over=first)
    assert store.read_text("match") == text
    assert storage.load_match(store).revision == second


# --- 4. things laid out outside the window ------------------------------------------------


def drawn_texts(d: Driver) -> list:
    theme.Text.recording = []
    try:
        d.frame()
        return list(theme.Text.recording)
    finally:
        theme.Text.recording = None


def assert_inside(d: Driver, where: str, panel: pygame.Rect | None = None) -> None:
    window = pygame.Rect((0, 0), d.app.screen.get_size())
    for text, _, rect in drawn_texts(d):
        assert window.contains(rect), f"{where}: {text!r} at {rect}"
    for control in d.scene.build_controls():
        assert window.contains(control.rect), f"{where}: {control.key} at {control.rect}"
        assert control.rect.height >= 44 or control.group == "hand", (where, control.key)


@pytest.mark.parametrize("size", ["640x360", "500x320", "480x320", "320x480", "333x777",
                                  "390x844"])
def test_bid_panel_help_and_pause_lie_inside_short_windows(size, data_dir):
    d = Driver("--size", size, "--speed", "instant")
    assert d.wait_for_player() == "bid"
    lay = d.scene.layout
    assert lay.bid_panel.top >= lay.top_bar.bottom
    assert not lay.bid_panel.colliderect(lay.hand_area.inflate(0, -2 * lay.lift)), size
    assert_inside(d, "bid panel")
    for panel in ("help", "pause"):
        d.scene._open(panel)
        assert_inside(d, panel)
        d.scene._close(panel)
    act(d, "bid")
    play_until(d, "play")
    assert_inside(d, "play")


def test_the_keys_panel_keeps_its_text_inside_it(data_dir):
    d = Driver("--size", "320x480")
    d.wait_for_player()
    d.press("f1")
    box = d.scene.overlay_rect("help")
    for text, _, rect in drawn_texts(d):
        if rect.top > box.top and rect.bottom < box.bottom:
            assert box.contains(rect), (text, rect, box)


@pytest.mark.parametrize("size", ["390x844", "500x320", "480x320"])
def test_pages_keep_their_text_inside_the_window(size, data_dir):
    from spades.ui.pages.journey import JourneyScreen
    from spades.ui.pages.menu import SavesScreen

    d = Driver("--size", size, start=False)
    for page in (JourneyScreen(d.app), SavesScreen(d.app)):
        d.app.show(page)
        if isinstance(page, SavesScreen):
            page.export()  # says "Saved as <the whole path>"
        window = pygame.Rect((0, 0), d.app.screen.get_size())
        for text, _, rect in drawn_texts(d):
            assert window.contains(rect), (type(page).__name__, text, rect)


def test_below_the_smallest_layout_every_scene_shows_the_card(data_dir):
    d = Driver("--size", "1000x300", start=False)
    for scene in (MenuScreen(d.app), StatsScreen(d.app)):
        d.app.show(scene)
        drawn = [text for text, _, _ in drawn_texts(d)]
        assert drawn[0] == "Make the window larger"
        assert any("480 x 320" in t for t in drawn) and "This window: 1000 x 300" in drawn


# --- 5. damaged data, told at start -------------------------------------------------------


def test_damaged_statistics_are_told_at_start(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "statistics.json").write_text("{damaged")
    d = Driver(start=False)
    told = " ".join(d.app.notices)
    assert "Your statistics could not be read" in told and "statistics.damaged-" in told
    assert not (data_dir / "statistics.json").exists()
    assert any(p.name.startswith("statistics.damaged-") for p in data_dir.iterdir())


def test_a_settings_file_that_is_a_folder_is_named_and_the_match_still_saves(data_dir):
    (data_dir / "settings.json").mkdir(parents=True)
    d = Driver("--speed", "instant")
    assert any("your settings" in n and "settings.json" in n for n in d.app.notices)
    d.app.settings = storage.Settings(sound=False)
    d.app.save_settings()
    told = d.app.store.take_notices()
    assert [n.split(":")[0] for n in told] == ["Saving stopped for your settings"]
    play_until(d, "play")
    assert d.app.store.take_notices() == [] and d.app.notices == []
    assert saved_actions(d.app.store) == len(d.scene.match.actions) > 0


def test_autoplay_resumes_a_saved_match(data_dir, capsys):
    d = Driver("--speed", "instant")
    play_until(d, "play")
    actions = list(d.scene.match.actions)
    from spades.ui.app import App, parse_args

    auto = App(parse_args(["--autoplay", "--frames", "5"]))  # no --seed: resume
    assert "autoplay resumes the saved match: hand 1" in capsys.readouterr().out
    assert auto.scene.match.actions == actions and auto.scene.match.seed == 11


def test_autoplay_with_a_seed_keeps_the_saved_match_aside(data_dir, capsys):
    d = Driver("--speed", "instant")
    play_until(d, "play")
    saved = d.app.store.read_text("match")
    Driver("--autoplay", "--seed", "3", "--frames", "5")
    out = capsys.readouterr().out
    assert "autoplay starts a new match (seed 3)" in out and "kept aside as" in out
    kept = [p for p in data_dir.iterdir() if p.name.startswith("match.kept-")]
    assert len(kept) == 1 and kept[0].read_text() == saved


def test_every_start_path_sets_damage_aside_before_writing(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "match.json").write_text('{"format": "spades-save/1", "nonsense": 1}')
    d = Driver("--seed", "4")  # a new match over a damaged save
    assert any("Your saved match could not be read" in n for n in d.app.notices)
    copies = [p for p in data_dir.iterdir() if p.name.startswith("match.damaged-")]
    assert [p.read_text() for p in copies] == ['{"format": "spades-save/1", "nonsense": 1}']
    assert os.path.exists(data_dir / "match.json")


def test_a_monkey_worker_ends_on_sigterm_after_opening_a_window():
    """Pool.terminate ends workers with SIGTERM; SDL turns it into a quit event unless
    told not to, so a worker that had run the App never ended and a run with --workers
    hung after its last seed (found by a soak of 60 seeds)."""
    import subprocess
    import sys

    code = ("import os, signal, time\n"
            "from spades.tools import monkey\n"
            "monkey._worker_start()\n"
            "import pygame\n"
            "pygame.init()\n"
            "pygame.display.set_mode((64, 64))\n"
            "os.kill(os.getpid(), signal.SIGTERM)\n"
            "time.sleep(3)\n"
            "print('outlived SIGTERM')\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                                          "SDL_AUDIODRIVER": "dummy"})
    assert "outlived" not in run.stdout and run.returncode == -15, (run.returncode, run.stdout)
