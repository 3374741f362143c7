"""What a first-time player meets, through the real App: rule sets by plain names on
every page that names them."""

from __future__ import annotations

import pytest
from ui_driver import Driver, drawn_words

from spades import storage
from spades.engine.rules import PRESETS
from spades.ui.pages.house_rules import HouseRulesScreen
from spades.ui.pages.menu import MenuScreen, RulesScreen, SettingsScreen
from spades.ui.speech.words import preset_title


@pytest.mark.parametrize("screen", [HouseRulesScreen, SettingsScreen, RulesScreen, MenuScreen])
def test_rule_sets_have_plain_names_on_every_page(screen):
    d = Driver("--speed", "instant")
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    for name in PRESETS:
        d.app.settings = d.app.settings.with_preset(name)
        d.app.show(screen(d.app))
        if screen is SettingsScreen:  # the rules are named in its last row, House rules
            d.frame()
            d.scene.area.offset = d.scene.area.max_offset
        words = " ".join(drawn_words(d))
        codes = [code for code in ("classic-150", "classic-no-bags", "classic-nil")
                 if code in words]
        assert not codes, (name, codes)
        if screen is not MenuScreen or name == "classic-150":
            assert preset_title(name) in words, (name, words[:300])
    assert preset_title("classic-150") == "Classic, to 150"
    assert preset_title("classic-no-bags") == "No bag penalty"
    assert preset_title("whiz") == "Whiz"  # a preset added later still reads as words


@pytest.mark.parametrize("size", ["390x844", "320x480", "844x390", "640x360", "1024x768"])
def test_how_to_play_by_touch_says_where_the_tables_buttons_are(size):
    from spades.ui.layout.window import compute_layout

    d = Driver("--speed", "instant", "--size", size)
    d.app.input.reset(touch_only=True)
    d.app.show(RulesScreen(d.app))
    words = " ".join(str(getattr(r, "label", "")) for r in d.scene.rows())
    w, h = (int(v) for v in size.split("x"))
    lay = compute_layout(w, h)
    below = min(r.top for r in lay.toolbar.values()) >= lay.hand_area.bottom
    said = "The buttons below your hand" if below else "The buttons along the top"
    assert said in words, (size, below)
    assert "above your hand" not in words


@pytest.mark.parametrize("how", ["mouse", "keys"])
def test_back_on_house_rules_cancels_and_start_match_keeps(how):
    d = Driver("--speed", "instant")
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.show_menu()
    d.frame()
    d.click(("row", "new"))
    assert isinstance(d.scene, HouseRulesScreen)
    for _ in range(80):
        if d.scene.focus is not None and d.scene.focus[1] == "opponents_strength":
            break
        d.press("tab")
    d.press("right")  # normal -> hard
    assert d.app.settings.opponents_strength == "hard"
    d.press("escape") if how == "keys" else d.click(("foot", "back"))
    assert isinstance(d.scene, MenuScreen)
    assert d.app.settings.opponents_strength == "normal"
    assert storage.load_settings(d.app.store).opponents_strength == "normal"
    d.click(("row", "play"))
    assert d.scene.options.strengths == ("normal", "normal", "normal")
    # Start match keeps what was chosen.
    d.app.show(HouseRulesScreen(d.app))
    d.frame()
    d.scene.change(opponents_strength="hard")
    d.press("enter")
    assert d.scene.options.strengths[0] == "hard"
    assert d.app.settings.opponents_strength == "hard"


def test_the_first_tab_of_a_bid_lands_on_the_bids():
    d = Driver("--speed", "instant")
    while (situation := d.wait_for_player()) == "blind":
        d.click(("btn", "look"))
    assert situation == "bid" and d.scene.focus is None
    d.press("tab")
    focused = d.scene.focused()
    assert focused is not None and focused.group == "bids", d.scene.focus
    assert focused.key == ("bid", d.scene.suggested_bid_value())
    d.press("enter")  # chooses that bid, as the focus said
    assert d.scene.bid_choice == d.scene.suggested_bid_value()


@pytest.mark.parametrize("size", ["1280x720", "800x600", "1920x1080"])
def test_the_toolbar_keeps_its_layout_when_coach_is_switched_on(size):
    d = Driver("--speed", "instant", "--size", size)
    d.wait_for_player()

    def toolbar_words() -> list[tuple[str, tuple]]:
        record: list = []
        d.app.text.record = record
        d.frame()
        d.app.text.record = None
        bar = d.scene.layout.toolbar
        return sorted((r.text, tuple(r.rect)) for r in record if r.rect is not None
                      and any(t.colliderect(r.rect) for t in bar.values()))

    if d.scene.options.coach:
        d.press("c")
    off = toolbar_words()
    d.press("c")
    assert d.scene.options.coach
    assert toolbar_words() == off
    coach = d.control(("tool", "coach"))
    assert coach.style == "chosen"  # on shows in the button's colour


@pytest.mark.parametrize("size", ["1280x720", "390x844"])
def test_a_locked_journey_levels_instructions_read_as_body_text(size):
    from spades.ui.pages.journey import JourneyScreen
    from spades.ui.widgets import style

    d = Driver("--speed", "instant", "--size", size)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.show(JourneyScreen(d.app))
    inks: dict[str, tuple] = {}
    render = d.app.text.render

    def spy(text, size, colour, bold=False):
        inks[text] = tuple(colour)
        return render(text, size, colour, bold)

    d.app.text.render = spy
    d.frame()
    locked = [t for t in inks if t.startswith("Win level 1 to open it")]
    assert locked, list(inks)[:20]
    tile = style.colours("secondary", enabled=False, ground="felt").fill
    assert style.contrast(inks[locked[0]], tile) >= 4.5  # it was 3.3:1
    label = next(t for t in inks if t.startswith("Level 2:"))
    assert style.contrast(inks[label], tile) >= 3.0  # the label stays faded, as locked


@pytest.mark.parametrize("size", ["500x320", "640x360", "1280x720", "390x844"])
def test_the_focus_ring_stays_whole_inside_the_window(size, monkeypatch):
    import pygame

    from spades.ui.art import theme

    d = Driver("--speed", "instant", "--size", size)
    d.wait_for_player()
    rings: list = []
    draw_rect = pygame.draw.rect

    def spy(surface, colour, rect, *args, **kwargs):
        if colour in (theme.FOCUS, theme.FOCUS_EDGE):
            rings.append(pygame.Rect(rect))
        return draw_rect(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(theme.pygame.draw, "rect", spy)
    window = d.app.screen.get_rect()
    seen = set()
    for _ in range(40):  # Tab through every control, the top tools included
        d.press("tab")
        seen.add(d.scene.focus)
        for ring in rings:
            assert window.contains(ring), (size, d.scene.focus, ring)
        rings.clear()
    assert ("tool", "scores") in seen


@pytest.mark.parametrize("size", ["390x844", "800x600", "1280x720"])
def test_the_statistics_say_what_a_won_hand_is_and_the_legend_breaks_between_phrases(size):
    import random

    from spades.engine import STANDARD, Match
    from spades.storage import Statistics
    from spades.ui.pages.menu import StatsScreen

    stats = Statistics()
    for seed in (3, 4):
        match, rng = Match(STANDARD.with_options(target=150), seed), random.Random(seed)
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
        stats = stats.record_match(match.history, match.winner, False, "standard")
    d = Driver("--speed", "instant", "--size", size)
    storage.save_statistics(d.app.store, stats)
    d.app.show(StatsScreen(d.app))
    words = drawn_words(d)
    assert "Hands won" not in words and "Hands won on points" in " ".join(words)
    whole = "One bar a hand, match after match: W won, L lost, * practice"
    legend = [w for w in words if w in whole and w and any(
        part in w for part in ("bar a hand", "W won", "practice", "match after"))]
    assert legend and " ".join(legend) == whole, legend
    assert legend in ([whole], ["One bar a hand, match after match:",
                                "W won, L lost, * practice"]), legend
