"""The player's chair is named to the player as "You" everywhere the table names a seat
(badge, turn and trick lines, last trick, score sheet, the hand's review), even when the
match's names are the compass ones autoplay and records use ("South"); the records keep
their names. Real App, synthetic mouse and FINGER events."""

from __future__ import annotations

import re

import pytest
from ui_driver import Driver

from spades.engine import Rules, cards_of
from spades.ui.speech.words import COMPASS, shown_names

SHORT = Rules(target=150)
SIZES = ["1280x720", "800x600", "390x844", "360x740", "320x480"]


def press(d: Driver, how: str, key: tuple) -> None:
    d.tap(key, twin=False) if how == "finger" else d.click(key)


def act(d: Driver, how: str, situation: str) -> None:
    if situation == "blind":
        press(d, how, ("btn", "look"))
    elif situation == "bid":
        press(d, how, ("bid", d.scene.suggested_bid_value()))
        press(d, how, ("btn", "confirm"))
    elif situation == "play":
        press(d, how, ("card", cards_of(d.scene.view.legal_card_mask())[-1]))


@pytest.mark.parametrize("how", ["mouse", "finger"])
@pytest.mark.parametrize("size", SIZES)
def test_the_players_seat_is_you_wherever_the_table_names_it(size, how):
    d = Driver("--speed", "instant", "--size", size, rules=SHORT)
    d.app.options.names = COMPASS
    d.app.start()
    record: list = []
    d.app.text.record = record
    seen_badge = seen_last = seen_sheet = False
    while (situation := d.wait_for_player()) != "breakdown":
        lay = d.scene.layout
        d.frame()
        seen_badge |= any(x.text == "You" and x.rect is not None and
                          lay.badges[0].contains(x.rect) for x in record)
        if situation == "play" and d.scene.shown.last_trick is not None and not seen_last:
            record.clear()
            press(d, how, ("tool", "last"))
            assert d.scene.overlays[-1:] == ["last"]
            labels = [x.text for x in record]
            assert "You" in labels or "You led" in labels, labels
            seen_last = True
            press(d, how, ("btn", "close"))
            record.clear()
            press(d, how, ("tool", "scores"))
            assert any(x.text.startswith("Us: You & North") for x in record)
            seen_sheet = True
            press(d, how, ("btn", "close"))
            assert not d.scene.overlays
        act(d, how, situation)
    d.frame()
    said = [x.text for x in record]
    assert seen_badge and seen_last and seen_sheet, size
    assert any("You & North" in t for t in said), said  # the hand's review
    south = [t for t in said if re.search(r"\bSouth\b", t)]
    assert not south, south
    # The save and the hand records keep the match's own names.
    assert d.scene.options.names == COMPASS


def test_a_name_the_player_chose_is_shown_and_a_compass_chair_reads_you():
    assert shown_names(COMPASS) == ("You", "West", "North", "East")
    assert shown_names(("Yann", "Wren", "Noor", "Eli")) == ("Yann", "Wren", "Noor", "Eli")
