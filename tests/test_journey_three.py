"""The Journey's last level is a table of three (cutthroat): opened by winning the
eighth, listed with its two opponents and no partner, and played at a table of three
with the level's names and strength; a win there wins the Journey (issue 56, item 4:
the Journey may gain a level). Driven through the real App."""

from __future__ import annotations

import pytest
from ui_driver import Driver

from spades import storage
from spades.storage import JourneyProgress, save_journey
from spades.ui.pages.journey import JourneyScreen, journey_summary
from spades.ui.seating.levels import LEVELS
from spades.ui.table.scene import TableScene


@pytest.mark.parametrize("how", ["mouse", "touch"])
def test_the_ninth_level_seats_three_once_the_eighth_is_won(how):
    d = Driver("--speed", "instant", "--size", "390x844" if how == "touch" else "1280x720",
               start=False)
    storage.clear_all(d.app.store)
    level = LEVELS[-1]
    assert len(LEVELS) == 9 and level.rules.players == 3 and level.rules.target == 300
    progress = JourneyProgress()
    for index, earlier in enumerate(LEVELS[:-2]):
        progress = progress.start(earlier.id).win(index, earlier.id, len(LEVELS))
    d.app.journey = progress
    save_journey(d.app.store, progress)
    d.app.show(JourneyScreen(d.app))
    d.frame()
    row = d.scene.row_of(("row", level.id))
    assert not row.enabled and "Win level 8" in row.note
    assert "partner " not in row.note.split(". ", 2)[-1]  # no partner among its players
    assert "Juno and Pax (hard), cutthroat, each for themselves, to 300." in row.note
    # The eighth won: the ninth opens.
    d.app.journey = progress = progress.start("j8").win(7, "j8", len(LEVELS))
    assert journey_summary(progress) == "Level 9: Three at the table"
    d.app.show(JourneyScreen(d.app))
    d.frame()
    press = d.tap if how == "touch" else d.click
    row = d.scene.row_of(("row", level.id))
    d.scene.area.reveal(row.box)
    d.frame()
    press(("row", level.id))
    assert isinstance(d.scene, TableScene)
    assert d.scene.match.rules == level.rules and d.scene.level == 8
    assert d.scene.names[1:] == ("Juno", "Pax")
    assert len(d.scene.players) == 2
    assert all(p.strength == "hard" for p in d.scene.players.values())
