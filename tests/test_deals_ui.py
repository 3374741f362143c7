"""Deals you can trust: the hand named as a player counts it, replaying a deal,
exporting its record, and the same deal played by the computer in the player's seat."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from ui_driver import Driver, drawn_words, play_until

from spades.ui.draw.trick_area import caption_lines
from spades.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parents[1]


def to_breakdown(d: Driver) -> None:
    play_until(d, "breakdown")


def test_a_finished_hand_replays_with_the_very_same_cards():
    d = Driver("--speed", "instant")
    to_breakdown(d)
    table = d.scene
    result = table.finished_hand()
    assert result is not None
    assert table.deal_name() == "Hand 1"
    d.press("r")
    d.frame()
    replay = d.scene
    assert isinstance(replay, TableScene) and replay is not table and replay.replay
    assert replay.match.dealt == result.hands
    assert replay.match.scores == list(result.scores_before)
    to_breakdown(d)
    assert d.control(("btn", "next")).label == "Back to the match"
    d.click(("btn", "next"))
    d.frame()
    assert d.scene is table and table.overlays[-1] == "breakdown"
    saved_hands = len(table.match.history)
    assert saved_hands == 1  # the replay did not touch the match


def test_an_exported_hand_record_passes_replay(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DOWNLOADS_DIR", str(tmp_path))
    d = Driver("--speed", "instant")
    to_breakdown(d)
    d.press("e")
    files = list(tmp_path.glob("spades-hand-1-*.json"))
    assert len(files) == 1
    record = json.loads(files[0].read_text())
    assert record["format"] == "spades-hand/1"
    run = subprocess.run([sys.executable, "-m", "spades", "replay", str(files[0])], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["legal"] is True


def test_the_computer_plays_the_same_deal_in_your_seat():
    d = Driver("--speed", "instant")
    to_breakdown(d)
    result = d.scene.finished_hand()
    d.press("w")
    scene = d.scene
    assert scene.overlays[-1] == "compare" and scene.comparison is not None
    assert scene.comparison.match.dealt == result.hands
    assert d.until(lambda: scene.comparison.result is not None, 3000)
    other = scene.comparison.result
    assert other.hands == result.hands and other.dealer == result.dealer
    assert len(other.plays) == 52 and sum(t.tricks for t in other.teams) == 13
    assert scene.screen_kind() == "computer_comparison"
    d.press("escape")
    assert scene.overlays[-1] == "breakdown"
    assert scene.comparison.players[0].strength == "hard"
    assert [p.strength for p in scene.comparison.players[1:]] == list(scene.options.strengths)


@pytest.mark.parametrize("size", ["1280x720", "390x844"])
@pytest.mark.parametrize("touch", [True, False])
def test_the_computers_way_reads_row_by_row_under_its_buttons_name(size, touch):
    """The panel opened by "Computer's way" is titled so, its last row says what the
    figure is (your team's lead, not "Difference"), and each row's figures stand near
    its label: on a 720-px panel the label sat at x 289 and the computer's figure at
    x 982, too far for the eye to follow. (Opened by finger or by mouse.)"""
    d = Driver("--speed", "instant", "--size", size)
    to_breakdown(d)
    (d.tap if touch else d.click)(("btn", "compare"))
    scene = d.scene
    assert scene.overlays[-1] == "compare"
    assert d.until(lambda: scene.comparison.result is not None, 3000)
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    texts = [r.text for r in record]
    assert "Computer's way" in texts and "Your team's lead" in texts, texts
    assert "Difference" not in texts
    label = next(r for r in record if r.text == "Your bid")
    figure = next(r for r in record if r.text == "Computer")
    assert figure.rect.right - label.rect.left <= 27 * scene.layout.font_small, (label, figure)
    assert scene.overlay_rect("compare").contains(figure.rect)


@pytest.mark.parametrize("size", ["1280x720", "390x844"])
@pytest.mark.parametrize("touch", [True, False])
def test_the_hand_is_named_as_players_count_it_in_replays_and_exports(
        size, touch, tmp_path, monkeypatch):
    """"Hand 1" in the caption over the trick area, in the breakdown's heading and in
    a replay's caption (the first match was "Match 40216, hand 1", and a replay read
    "Hand 1 · replay · deal 11-1": a seed is no deal's name); an export is named by the
    hand and the day ("spades-hand-1-2026-12-07.json"). Exported and replayed by finger
    or by mouse."""
    from datetime import date

    monkeypatch.setenv("SPADES_DOWNLOADS_DIR", str(tmp_path))
    d = Driver("--speed", "instant", "--size", size)
    press = d.tap if touch else d.click
    words = drawn_words(d)
    assert "Hand 1  ·  playing to 500" in words or "Hand 1" in words, words
    assert not [w for w in words if "Match 11" in w or "11-1" in w]
    to_breakdown(d)
    words = drawn_words(d)
    assert "Hand 1" in words
    assert not [w for w in words if "Match 11" in w or "11-1" in w]
    press(("btn", "export"))
    today = date.today()
    assert [p.name for p in tmp_path.iterdir()] == [f"spades-hand-1-{today.isoformat()}.json"]
    said = d.scene.message
    said = said[0] if isinstance(said, tuple) else said
    assert said.startswith("Saved as ") and \
        said.endswith(f"spades-hand-1-{today.isoformat()}.json."), said
    press(("btn", "replay"))
    d.frame()
    assert d.scene.replay
    words = drawn_words(d)
    assert "Hand 1  ·  replay" in words or ("Hand 1" in words and "Replay" in words), words
    assert not [w for w in words if "11-1" in w or "deal" in w.lower()], words


def test_a_long_caption_breaks_into_short_lines_where_a_player_would():
    def fits(room):
        return lambda line: len(line) <= room

    first, rest = "Match 483920, hand 12", ["playing to 500", "practice"]
    assert caption_lines(fits(60), first, rest) == [
        "Match 483920, hand 12  ·  playing to 500  ·  practice"]
    assert caption_lines(fits(30), first, rest) == [
        "Match 483920, hand 12", "Playing to 500 · practice"]
    assert caption_lines(fits(20), first, rest) == [
        "Match 483920", "Hand 12", "Playing to 500", "Practice"]
    assert caption_lines(fits(24), "Match 48392012345, hand 12", rest[:1]) == [
        "Match 48392012345", "Hand 12 · playing to 500"]
    assert caption_lines(fits(20), "Match 483920, hand 1", ["replay"]) == [
        "Match 483920, hand 1", "Replay"]
