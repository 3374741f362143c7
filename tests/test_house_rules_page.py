"""House rules as a player reads it: cards named in words as How to play names them,
a rule that is not played says "off", and a stepper's note reads in a few lines on a
phone as on a desktop (issue 54, item 6). Driven through the real App."""

from __future__ import annotations

import pytest
from ui_driver import drawn_records, menu_driver

from spades.ui.pages.menu import RulesScreen
from spades.ui.widgets import Stepper

SIZES = ["1280x720", "800x600", "390x844"]
CODES = ("2C", "2D", "2H", "2S")


def house_rules(size: str, touch: bool):
    """The menu, then House rules by finger or mouse, every rule option unfolded."""
    d = menu_driver("--speed", "instant", "--size", size)
    press = d.tap if touch else d.click
    press(("row", "new"))
    assert type(d.scene).__name__ == "HouseRulesScreen"
    if touch:
        d.drag_into_view(("row", "details"))
    else:  # below the game, its rule set and the players: the wheel brings it up
        for _ in range(20):
            if d.scene.area.view.contains(d.scene.row_of(("row", "details")).rect):
                break
            d.wheel(-1, d.scene.area.view.center)
    press(("row", "details"))
    assert d.scene.unfolded
    return d, press


def step_preset_to(d, press, name: str) -> list:
    """Press the rule set's ">" until ``name`` is chosen; the words then drawn."""
    for _ in range(20):
        if d.app.settings.preset == name:
            return drawn_records(d)
        stepper = d.scene.row_of(("row", "preset"))
        press(stepper.halves(d.scene.look())[1].center)
    pytest.fail(f"the rule set never reached {name}")


@pytest.mark.parametrize("size", SIZES)
def test_the_variant_decks_name_their_cards_in_words(size):
    d, press = house_rules(size, touch=size == "390x844")
    d.drag_into_view(("row", "preset")) if size == "390x844" else None
    words = " ".join(r.text for r in step_preset_to(d, press, "jokers"))
    assert "two of clubs" in words and "two of diamonds" in words, words
    words = " ".join(r.text for r in step_preset_to(d, press, "deuces"))
    assert "two of diamonds" in words and "two of spades" in words, words
    for record in (*step_preset_to(d, press, "jokers"), *step_preset_to(d, press, "deuces")):
        assert not any(code in record.text.split() or f"{code}," in record.text
                       for code in CODES), record.text
    # How to play says it with the same words.
    d.app.settings = d.app.settings.with_preset("jokers")
    d.app.show(RulesScreen(d.app))
    d.frame()
    page = " ".join(" ".join(r.text for r in drawn_records(d)).split())
    for _ in range(40):
        d.press("pagedown")
        page += " " + " ".join(" ".join(r.text for r in drawn_records(d)).split())
    assert "two of clubs and two of diamonds leave" in page, page


@pytest.mark.parametrize("size", SIZES)
def test_nil_passing_says_off_and_its_note_reads_in_a_few_lines(size):
    touch = size == "390x844"
    d, press = house_rules(size, touch)
    if touch:
        d.drag_into_view(("row", "nil_pass"))
    else:
        for _ in range(60):
            if d.scene.area.view.contains(d.scene.row_of(("row", "nil_pass")).rect):
                break
            d.wheel(-1, d.scene.area.view.center)
    row = d.scene.row_of(("row", "nil_pass"))
    assert isinstance(row, Stepper)
    assert d.app.settings.rules.nil_pass == 0
    assert row.value == "off"
    records = drawn_records(d)
    inside = [r for r in records if r.rect is not None and row.rect.contains(r.rect)]
    assert "off" in [r.text for r in inside]
    assert "0" not in [r.text for r in inside]
    note_lines = [r for r in inside if r.size == d.scene.look().note_size]
    assert 1 <= len(note_lines) <= 3, [r.text for r in note_lines]
    # Stepping it on says how many cards; stepping back, off again.
    press(row.halves(d.scene.look())[1].center)
    assert d.app.settings.rules.nil_pass == 1
    assert d.scene.row_of(("row", "nil_pass")).value == "1"
    row = d.scene.row_of(("row", "nil_pass"))
    press(row.halves(d.scene.look())[0].center)
    assert d.scene.row_of(("row", "nil_pass")).value == "off"
