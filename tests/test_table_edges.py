"""Rough edges at the table a first-time player meets, through the real App (issue
42): what Export hand did shows beside its panel, Hint explains the suggested bid, the
team bar's words, the suggested bid apart from keyboard focus, Computer's way, Match
over, and the phone's side cards left in view."""

from __future__ import annotations

import pytest
from ui_driver import Driver, act, play_until

SIZES = ["1280x720", "800x600", "390x844", "844x390"]


def drawn(d: Driver) -> list:
    """Every string drawn in the next frame, with where."""
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    return record


@pytest.mark.parametrize("size", SIZES)
def test_export_hands_saved_as_line_shows_beside_the_breakdown(size, tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DOWNLOADS_DIR", str(tmp_path))
    d = Driver("--speed", "instant", "--size", size)
    play_until(d, "breakdown")
    d.click(("btn", "export"))
    panel = d.scene.overlay_rect("breakdown")
    said = [x for x in drawn(d) if x.text.startswith("Saved as")]
    assert said and all(x.rect is not None for x in said), said
    w, h = d.app.screen.get_size()
    for x in said:
        assert not x.rect.colliderect(panel), (x.rect, panel)
        assert 0 <= x.rect.left and x.rect.right <= w and 0 <= x.rect.top and x.rect.bottom <= h
    assert len(list(tmp_path.iterdir())) == 1
