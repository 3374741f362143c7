"""The speaking rate, through the real App: the table waits for its words at the rate the
player set (150, 225 or 300 words a minute, as a screen reader reads), and Enter skips
everything still queued, not one wait."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ui_driver import Driver

from spades import storage
from spades.engine import Rules
from spades.ui.pages.menu import SettingsScreen


@pytest.fixture(autouse=True)
def own_saves(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))


def listening(rate: int) -> Driver:
    d = Driver("--speed", "instant", start=False)
    d.app.settings = replace(d.app.settings, announcements=True, speech_rate=rate)
    d.app.options = d.app.table_options()
    d.app.options.rules = Rules(target=150)
    d.app.start()
    return d


def time_to_first_turn(rate: int) -> float:
    d = listening(rate)
    d.wait_for_player()
    return d.scene.now


def test_the_table_waits_for_its_words_at_the_players_rate():
    slow, fast = time_to_first_turn(150), time_to_first_turn(300)
    assert fast < 0.6 * slow, (slow, fast)


def test_enter_skips_everything_queued():
    d = listening(150)
    scene = d.scene
    assert d.until(lambda: scene.held_by_words() and scene.idle and not scene.view.my_turn
                   and scene.transcript.heard_at - scene.now > 1.0, 2000)
    queued_until, before = scene.transcript.heard_at, len(scene.match.actions)
    d.press("enter")
    assert len(scene.match.actions) > before  # the next player goes on at once
    # and what the table now waits for is that player's own words, not the old queue
    assert scene.transcript.heard_at < queued_until
    assert scene.transcript.heard_at - scene.now <= scene.transcript.lines[-1][1].seconds + 0.1


def test_the_settings_page_sets_the_rate_and_keeps_it():
    d = Driver("--speed", "instant")
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.settings = replace(d.app.settings, announcements=True)  # the rate is theirs
    d.app.show(SettingsScreen(d.app))
    d.frame()
    for _ in range(80):
        if d.scene.focus is not None and d.scene.focus[1] == "speech_rate":
            break
        d.press("tab")
    d.press("right")
    assert d.app.settings.speech_rate == 225
    assert storage.load_settings(d.app.store).speech_rate == 225
    d.app.new_match_from_settings()
    assert d.scene.transcript.rate == 225


def test_the_speaking_rate_shows_only_with_announcements_on():
    """With announcements off no words are said, so Settings leaves out their rate
    (it showed "Speaking rate" to a player who hears nothing); turned on by a click,
    the rate is there."""
    d = Driver("--speed", "instant")
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.show(SettingsScreen(d.app))
    d.frame()
    rows = [getattr(r, "key", None) for r in d.scene.rows() for r in
            (r if isinstance(r, tuple) else (r,))]
    assert "speech_rate" not in rows and "announcements" in rows, rows
    d.app.settings = replace(d.app.settings, announcements=True)
    rows = [getattr(r, "key", None) for r in d.scene.rows() for r in
            (r if isinstance(r, tuple) else (r,))]
    assert "speech_rate" in rows
