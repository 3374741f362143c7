"""The widget layer through the real App, synthetic events only: tap or drag, the
steppers' two halves, FINGER and its mouse twin handled once, scrolling by drag,
wheel, PageDown and focus, touch mode and its key hints, the hierarchy's contrast,
and every widget of every page on screen at every size."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from ui_driver import Driver, every_rule

from spades import storage
from spades.engine import STANDARD, Match
from spades.engine.rules import PRESETS
from spades.storage import Statistics
from spades.ui.art import theme
from spades.ui.pages.journey import JourneyScreen
from spades.ui.pages.menu import MenuScreen, RulesScreen, SavesScreen, SettingsScreen, StatsScreen
from spades.ui.widgets import SLOP, Button, Stepper, min_target, style
from spades.ui.widgets.style import contrast

SIZES = [(1280, 720), (800, 600), (390, 844)]
ROOT = Path(__file__).resolve().parents[1]


def page_driver(size=(1280, 720), page=None, match: bool = False) -> Driver:
    d = Driver("--size", f"{size[0]}x{size[1]}", "--speed", "instant", start=False)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    if match:
        d.app.new_match_from_settings()
        d.frame()
    d.app.show(page(d.app) if page else MenuScreen(d.app))
    d.frame()
    return d


def finished_match(seed: int = 3) -> Match:
    match = Match(STANDARD.with_options(target=150), seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match


def with_statistics(d: Driver) -> None:
    stats = Statistics()
    for seed in (3, 4):
        m = finished_match(seed)
        stats = stats.record_match(m.history, m.winner, False, "standard")
    storage.save_statistics(d.app.store, stats)


def halves(d: Driver, key: str):
    w = d.scene.row_of(("row", key))
    assert isinstance(w, Stepper)
    return w.halves(d.scene.look())


# --- tap or drag -------------------------------------------------------------------

@pytest.mark.parametrize("touch", [True, False])
def test_a_drag_that_starts_on_a_button_scrolls_and_does_not_press_it(touch):
    d = page_driver(page=RulesScreen)
    demo = d.control(("row", "demo"))
    start = demo.rect.center
    d.drag(start, (start[0], start[1] - 100), touch=touch)
    assert isinstance(d.scene, RulesScreen), "the drag pressed the button it began on"
    assert d.scene.scroll >= 95
    # A drag that wanders off and comes back to where it began is still a drag.
    d.scene.area.offset = 0
    d.frame()
    d.drag(start, (start[0], start[1] + 3 * SLOP), steps=3, touch=touch)
    d.drag(start, start, steps=1, touch=touch)  # and a press that never moved: a tap
    assert type(d.scene).__name__ == "DemoScene"


@pytest.mark.parametrize("touch", [True, False])
def test_a_drag_on_a_steppers_half_scrolls_and_a_tap_steps(touch):
    d = page_driver(page=lambda app: every_rule(app))
    names = list(PRESETS)
    before = d.app.settings.preset
    _, forward = halves(d, "preset")
    d.drag(forward.center, (forward.centerx, forward.centery - 120), touch=touch)
    assert d.app.settings.preset == before and d.scene.scroll > 100
    d.scene.area.offset = 0
    d.scene.area.stop()
    d.frame()
    back, forward = halves(d, "preset")
    if touch:
        d.tap(back.center)
    else:
        d.click(back.center)
    i = names.index(before)
    assert d.app.settings.preset == names[(i - 1) % len(names)], "< must step back"
    d.tap(forward.center) if touch else d.click(forward.center)
    assert d.app.settings.preset == before
    # The row's label only takes the focus: no step in either direction.
    d.tap(d.control(("row", "preset")).rect.midleft) if touch else d.click(
        d.control(("row", "preset")).rect.midleft)
    assert d.app.settings.preset == before and d.scene.focus == ("row", "preset")


def test_finger_and_its_synthetic_mouse_twin_are_handled_once():
    d = page_driver(page=lambda app: every_rule(app))
    names = list(PRESETS)
    before = names.index(d.app.settings.preset)
    for n in range(1, 4):
        _, forward = halves(d, "preset")
        d.tap(forward.center, twin=True)
        assert names.index(d.app.settings.preset) == (before + n) % len(names)
    # A platform that sends only the synthetic mouse events: each still counts once.
    d = page_driver(page=lambda app: every_rule(app))
    _, forward = halves(d, "preset")
    import pygame

    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=forward.center, button=1, touch=True,
                                             which=0xFFFFFFFF))
    d.frame()
    assert names.index(d.app.settings.preset) == (before + 1) % len(names)
    assert d.app.input.touch
    # A browser's own mouse echo of a touch (no touch mark), at once and at the same
    # place, is the same tap again: dropped.
    d.finger("down", forward.center)
    d.finger("up", forward.center)
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=forward.center, button=1))
    d.frame()
    assert names.index(d.app.settings.preset) == (before + 2) % len(names)


def test_a_finger_drag_follows_one_to_one_glides_a_little_and_stops_at_the_ends():
    d = page_driver((390, 844), RulesScreen)
    area = d.scene.area
    x = d.app.screen.get_width() // 2
    d.finger("down", (x, 600))
    d.frame()
    for y in range(590, 489, -10):
        d.finger("move", (x, y))
        d.frame()
        # Within the tap distance nothing moves; past it the content under the finger
        # stays under it, the first 10 px included.
        assert area.offset == (600 - y if 600 - y > SLOP else 0)
    d.finger("up", (x, 480))  # lifted while moving: it glides on a little, then stops
    d.frame()
    assert area.offset > 120
    d.frame(40)
    assert 120 < area.offset <= 120 + 200 and area.velocity == 0
    # A tap while it glides stops it and presses nothing.
    d.drag((x, 600), (x, 450), steps=3)
    assert abs(area.velocity) > 200
    d.tap((x, 400))
    assert area.velocity == 0 and isinstance(d.scene, RulesScreen)
    for _ in range(12):  # flicks past the end
        d.drag((x, 740), (x, 100), steps=2)
    d.frame(40)
    assert area.offset == area.max_offset
    for _ in range(12):  # and back past the top, from the top of the view
        d.drag((x, area.view.top + 5), (x, 740), steps=2)
    d.frame(40)
    assert area.offset == 0


# --- How to play to its last line, every way ---------------------------------------

def at_the_end(d: Driver) -> bool:
    area = d.scene.area
    last = d.scene.placed[-1]
    return area.offset == area.max_offset and area.view.top <= last.rect.top and \
        last.rect.bottom <= area.view.bottom


def test_how_to_play_reaches_its_last_line_by_finger_drags_on_a_phone():
    d = page_driver((390, 844))
    d.tap(("row", "howto"))
    assert isinstance(d.scene, RulesScreen)
    assert d.scene.area.max_offset > 400
    x = d.app.screen.get_width() // 2
    for _ in range(20):
        if at_the_end(d):
            break
        d.drag((x, 650), (x, 250))
    assert at_the_end(d)
    d.tap(("foot", "back"))
    assert isinstance(d.scene, MenuScreen)


@pytest.mark.parametrize("how", ["wheel", "pagedown", "down", "end"])
def test_how_to_play_reaches_its_last_line_by_wheel_and_keys(how):
    d = page_driver((1280, 720))
    d.click(("row", "howto"))
    assert isinstance(d.scene, RulesScreen) and d.scene.area.max_offset > 200
    for _ in range(80):
        if at_the_end(d):
            break
        if how == "wheel":
            d.wheel(-1, pos=d.scene.area.view.center)
        else:
            d.press(how)
    assert at_the_end(d)


def test_the_focused_control_scrolls_into_view():
    d = page_driver((800, 600), lambda app: every_rule(app))
    view = d.scene.area.view
    for _ in range(60):
        d.press("tab")
        focused = d.scene.group.focused()
        assert focused is not None
        if focused.area is not None:
            assert view.contains(focused.rect), focused.key
        if focused.key == ("row", "boston"):
            break
    assert d.scene.scroll > 0
    d.press("tab", shift=True)
    assert d.scene.focus == ("row", "ten_for_200_set")


def test_statistics_reset_confirmed_by_touch_alone_on_a_phone():
    d = page_driver((390, 844))
    with_statistics(d)
    d.tap(("row", "stats"))
    assert isinstance(d.scene, StatsScreen)
    d.drag_into_view(("row", "reset"))
    d.tap(("row", "reset"))
    assert d.scene.confirming and not storage.load_statistics(d.app.store).is_empty
    d.tap(("row", "reset"))
    assert storage.load_statistics(d.app.store).is_empty
    d.frame()
    assert d.control(("row", "reset")) is None  # nothing left to reset
    d.tap(("foot", "back"))
    assert isinstance(d.scene, MenuScreen)


# --- touch mode --------------------------------------------------------------------

def record_text(d: Driver) -> list[str]:
    """Every string the app draws from now on, in a list the caller clears."""
    drawn: list[str] = []
    blit = d.app.text.blit

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return blit(surface, text, *args, **kwargs)

    d.app.text.blit = spy
    return drawn


def test_touch_mode_hides_key_hints_and_a_key_brings_them_back():
    d = page_driver((1280, 720), lambda app: every_rule(app))
    drawn = record_text(d)
    d.frame()
    assert "Esc" in drawn and "Enter" in drawn and d.app.input.hints
    d.tap((5, 5))  # a touch on nothing
    drawn.clear()
    d.frame()
    assert d.app.input.touch and "Esc" not in drawn and "Enter" not in drawn
    d.press("tab")
    drawn.clear()
    d.frame()
    assert not d.app.input.touch and "Esc" in drawn
    # How to play speaks of taps after a touch, of keys after a key.
    d.app.show(RulesScreen(d.app))
    d.frame()
    labels = " ".join(w.label for w in d.scene.rows())
    assert "F1 lists every key" in labels
    d.tap((5, 5))
    labels = " ".join(w.label for w in d.scene.rows())
    assert "Tap a card" in labels and "F1" not in labels


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (740, 360), (320, 480)])
@pytest.mark.parametrize("touch", [False, True])
def test_a_phone_shows_no_key_hints_before_any_input(size, touch):
    """A phone-sized window, held upright or sideways, draws no key hint on a page or
    at the table before any input (a phone has no keyboard to press them on); a tap
    keeps them hidden, a real mouse click or a key press brings them back. Before,
    a sideways phone's table showed "Esc", "S" and "L" on its toolbar."""
    d = page_driver(size, lambda app: every_rule(app))
    assert not d.scene.look().hints
    d.app.new_match_from_settings()
    d.frame(3)
    assert not shown_hints(d), size  # the table, before any input
    if touch:
        d.tap((3, 3))
        assert not shown_hints(d), size
        hinted_mouse_click(d, (3, 40))  # away from the tap: not a browser's echo of it
    else:
        d.press("tab")
    assert shown_hints(d), size


def test_a_desktop_window_shows_key_hints_before_any_input():
    for size in ((800, 600), (1280, 720), (1024, 500)):
        d = page_driver(size, lambda app: every_rule(app))
        assert d.scene.look().hints, size


# --- every page, every size --------------------------------------------------------

def pages(d: Driver):
    yield MenuScreen(d.app)
    yield every_rule(d.app)
    yield SettingsScreen(d.app)
    yield SavesScreen(d.app)
    yield StatsScreen(d.app)
    yield RulesScreen(d.app)
    yield JourneyScreen(d.app)


@pytest.mark.parametrize("size", SIZES)
def test_every_widget_of_every_page_on_screen_without_overlap_and_big_enough(size):
    d = page_driver(size, match=True)
    with_statistics(d)
    longest = max(PRESETS, key=len)  # the widest value a stepper shows
    d.app.settings = d.app.settings.with_preset(longest)
    width, height = size
    screen = d.app.screen.get_rect()
    target = min_target(size)
    assert target == (48 if size == (390, 844) else 44)
    for page in pages(d):
        d.app.show(page)
        d.frame()
        scene = d.scene
        scene.build_controls()
        look, area = scene.look(), scene.area
        name = type(scene).__name__
        assert screen.contains(area.view) and area.view.height > 3 * target, name
        bar = area.bar_rect(width)
        assert bar is None or screen.contains(bar)
        boxes = [w.box for w in scene.placed]
        for a, b in zip(boxes, boxes[1:], strict=False):  # 8 px between neighbours
            if a.top == b.top:  # side by side in one row
                assert a.right + 8 <= b.left and a.height == b.height, (name, a, b)
            else:
                assert a.bottom + 8 <= b.top, (name, a, b)
        for w in scene.placed:
            assert 0 <= w.box.left and w.box.right <= width, (name, w.key)
            area.reveal(w.box)
            if w.box.height <= area.view.height:
                assert area.view.contains(w.rect), (name, w.key)
            if w.focusable:
                check_targets(w, look, target, name)
        area.offset = 0
        feet = [w.rect for w in scene.foot_placed]
        for w in scene.foot_placed:  # under the rows, or (a phone on its side) over them
            assert screen.contains(w.rect), (name, w.key)
            assert w.rect.top >= area.view.bottom or (
                scene.head_buttons() and w.rect.bottom <= area.view.top), (name, w.key)
            check_targets(w, look, target, name)
        for a, b in zip(feet, feet[1:], strict=False):
            assert a.right + 8 <= b.left, name
        # Tab's order is reading order: down the column, then the footer left to right.
        order = [w.rect for w in scene.group.focusable()]
        body = [w.box for w in scene.placed if w.focusable]
        assert order == [w.rect for w in scene.placed if w.focusable] + feet
        assert body == sorted(body, key=lambda r: (r.y, r.x))
        back = [w for w in scene.foot_placed if w.label in ("Back", "Quit")]
        assert back or name == "MenuScreen", f"{name} cannot be left by pointer"


@pytest.mark.parametrize("size", [(844, 390), (568, 320), (667, 375)])
@pytest.mark.parametrize("touch", [True, False])
def test_a_sideways_phone_puts_a_pages_buttons_beside_its_title(size, touch):
    """On a phone held sideways a page's Back stands left of its title and Start match
    right of it, so the rows take the height the footer took (Settings had shown two
    rows and a half); the menu keeps Quit below. Back and Start match work where they
    stand, by finger or by mouse."""
    d = page_driver(size, lambda app: every_rule(app))
    press = d.tap if touch else d.click
    scene = d.scene
    _, _, pad, button_h = scene.metrics()
    back, start = d.control(("foot", "back")), d.control(("foot", "start"))
    assert back.rect.topleft == (pad, pad) and start.rect.right == size[0] - pad
    assert start.rect.top == pad and scene.area.view.top >= back.rect.bottom
    assert scene.area.view.bottom >= size[1] - pad - 1  # no footer under the rows
    assert scene.area.view.height > size[1] - 2 * button_h - 4 * pad - 2 * scene.metrics()[1]
    press(("foot", "back"))
    assert isinstance(d.scene, MenuScreen)
    quit_ = [w for w in d.scene.foot_placed if w.label == "Quit"]
    assert not quit_ or quit_[0].rect.bottom == size[1] - pad  # the menu's Quit stays below
    d.app.show(every_rule(d.app))
    d.frame()
    press(("foot", "start"))
    assert not isinstance(d.scene, MenuScreen | SettingsScreen)  # the table


def check_targets(w, look, target: int, name: str) -> None:
    parts = [r for part, r in w.parts(look)]
    for r in parts:
        assert r.width >= target and r.height >= target, (name, w.key, r)
    if isinstance(w, Stepper):
        back, forward = w.halves(look)
        assert back.right + 8 <= forward.left, (name, w.key)
        assert w.rect.contains(back) and w.rect.contains(forward), (name, w.key)
        text_w = look.text.font(look.small, True).size(w.value)[0]
        assert text_w <= forward.left - back.right - 8, (name, w.key, w.value)


# --- hierarchy ---------------------------------------------------------------------

def test_the_button_hierarchy_keeps_its_contrast():
    felt = (theme.FELT, theme.FELT_DARK)
    grounds = {"felt": felt, "panel": (theme.PANEL,), "bar": (theme.BAR,)}
    for ground, behind in grounds.items():
        primary = style.colours("primary", ground=ground)
        plain = style.colours("secondary", ground=ground)
        danger = style.colours("danger", ground=ground)
        off = style.colours("secondary", enabled=False, ground=ground)
        assert contrast(primary.ink, primary.fill) >= 4.5
        assert contrast(plain.ink, plain.fill) >= 4.5
        assert contrast(plain.muted, plain.fill) >= 4.5
        assert contrast(danger.ink, danger.fill) >= 4.5
        # Disabled: a flat tile with no outline, barely off the ground, its text at
        # 3:1 against the tile and what is behind, and weaker than a live label.
        assert off.edge is None and off.fill is not None
        def weight(c, ground_colour=behind[0]):  # how far it stands off: fill or outline
            return max(contrast(c.fill, ground_colour), contrast(c.edge or c.fill, ground_colour))

        assert weight(off) < 1.2 < 2 * weight(off) < weight(plain), ground
        assert 3.0 <= contrast(off.ink, off.fill) < contrast(plain.ink, plain.fill)
        for colour in behind:
            assert contrast(off.ink, colour) >= 3.0, (ground, colour)
        # The suggestion's outline, inside the button's edge: 3:1 against its fill,
        # whatever the button's state.
        for s in ("primary", "secondary", "chosen", "danger"):
            for hover in (False, True):
                c = style.colours(s, hover=hover, ground=ground)
                assert contrast(style.suggestion_colour(c), c.fill) >= 3.0, (s, c.fill)
        assert contrast(style.suggestion_colour(off), off.fill) >= 3.0
    # The primary action stands out from the plain ones on the felt.
    assert contrast(style.ACCENT, theme.FELT) >= 3.0
    assert contrast(theme.FOCUS, theme.FELT) >= 3.0


def test_each_page_has_at_most_one_primary_action():
    d = page_driver(match=True)
    for page in pages(d):
        d.app.show(page)
        d.frame()
        primaries = [w.key for w in d.scene.group.widgets if isinstance(w, Button) and
                     w.primary and w.enabled]
        assert len(primaries) <= 1, (type(page).__name__, primaries)


# --- structure ---------------------------------------------------------------------

def test_no_import_circle_inside_spades_ui():
    """Every import, those inside functions too (a late import hides a circle)."""
    ui = ROOT / "spades" / "ui"
    graph: dict[str, set[str]] = {}
    for path in ui.rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        name = ".".join(parts)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(max(0, node.level - 1)):
                    base = base.rsplit(".", 1)[0]
                mod = f"{base}.{node.module}" if node.level and node.module else (
                    base if node.level else node.module or "")
                deps.add(mod)
                deps.update(f"{mod}.{a.name}" for a in node.names)
            elif isinstance(node, ast.Import):
                deps.update(a.name for a in node.names)
        graph[name] = deps
    graph = {k: {d for d in v if d in graph and d != k} for k, v in graph.items()}

    def visit(node: str, trail: list[str]) -> None:
        if node in trail:
            pytest.fail("import circle: " + " -> ".join(trail[trail.index(node):] + [node]))
        for nxt in graph[node]:
            if not (nxt == "spades.ui" or node.startswith(nxt + ".")):
                visit(nxt, trail + [node])

    for module in graph:
        visit(module, [])


def test_after_a_touch_the_tables_help_begins_with_playing_at_this_table():
    """Its first section is not called How to play, the name of the rules page the
    pause menu also opens, as it was; and its button says it is the table's help, not
    a bare "Help" beside "How to play"."""
    d = Driver("--size", "390x844", "--speed", "instant")
    d.wait_for_player()
    drawn = record_text(d)
    d.tap(("tool", "menu"))
    assert d.scene.overlays[-1] == "pause"
    assert d.control(("btn", "help")).label == "Table help"
    d.tap(("btn", "help"))
    drawn.clear()
    d.frame()
    assert d.scene.overlays[-1] == "help" and "Playing at this table" in drawn
    assert "Your cards" in drawn and "How to play" not in drawn  # the rules page's name
    assert "Esc" not in drawn  # no key hint on the Close button either
    assert "Keys" not in drawn and "Tab / Shift+Tab" not in drawn  # no keyboard seen
    d.press("f1")  # a key: the help begins with the keys
    d.press("f1")
    drawn.clear()
    d.frame()
    assert d.scene.overlays[-1] == "help" and "Keys" in drawn and "Tab / Shift+Tab" in drawn


def test_a_toggle_reads_on_or_off_at_3_to_1():
    from spades.ui.widgets.style import OFF_ON_PANEL, PLAIN

    for track in (theme.GOOD, OFF_ON_PANEL):
        assert contrast(track, PLAIN) >= 3.0  # the switch against its row
        assert contrast((255, 255, 255), track) >= 4.5  # "on" / "off" on the switch


def test_a_locked_level_says_why_when_tapped_and_starts_nothing():
    d = page_driver((390, 844), JourneyScreen)
    d.tap(("row", "j2"))
    assert isinstance(d.scene, JourneyScreen)
    assert d.scene.message and d.scene.message[0] == "Level 2 is locked: win level 1 to open it"


def test_menu_and_pages_by_finger_alone_on_a_phone():
    """The touch twin of test_menu_and_pages_by_mouse: every page opened and left with
    taps, a rule stepped back with <, the match started from the New match page."""
    d = page_driver((390, 844))
    for key, page in (("howto", RulesScreen), ("settings", SettingsScreen),
                      ("saves", SavesScreen), ("stats", StatsScreen),
                      ("journey", JourneyScreen)):
        d.tap(("row", key))
        assert isinstance(d.scene, page)
        d.tap(("foot", "back"))
        assert isinstance(d.scene, MenuScreen)
    d.tap(("row", "new"))
    assert type(d.scene).__name__ == "HouseRulesScreen"
    d.tap(("row", "details"))  # House rules: every rule option is folded under the presets
    # "Play to" is below the first screen: drag up to it, then step it back with <.
    d.drag_into_view(("row", "target"))
    back, _ = halves(d, "target")
    d.tap(back.center)
    assert d.app.settings.rules.target == 1000  # 500 back one step wraps to the last
    d.tap(("foot", "start"))
    assert type(d.scene).__name__ == "TableScene"
    assert d.scene.match.rules.target == 1000


def test_percentages_are_rounded_to_the_nearest():
    from spades.ui.pages.menu import stat_text

    assert stat_text(2, 3) == "2 of 3 (67%)" and stat_text(1, 3) == "1 of 3 (33%)"
    assert stat_text(1, 8) == "1 of 8 (13%)" and stat_text(13, 16) == "13 of 16 (81%)"
    assert stat_text(3, 16) == "3 of 16 (19%)"  # 81% and 19% add up
    assert stat_text(0, 0) == "0 of 0" and stat_text(5, None) == "5"


def test_a_second_finger_is_ignored_until_the_first_lifts():
    import pygame

    d = page_driver((390, 844), RulesScreen)
    area = d.scene.area
    w, h = d.app.screen.get_size()

    def finger(etype, fid, y):
        pygame.event.post(pygame.event.Event(etype, x=0.5, y=y / h, dx=0.0, dy=0.0,
                                             finger_id=fid, touch_id=1, pressure=1.0))

    finger(pygame.FINGERDOWN, 0, 500)
    finger(pygame.FINGERDOWN, 1, 600)
    d.frame()
    for y in (560, 500, 400):  # only the second finger moves: nothing scrolls
        finger(pygame.FINGERMOTION, 1, y)
        d.frame()
    finger(pygame.FINGERUP, 1, 400)
    d.frame()
    assert area.offset == 0
    for y in (480, 440, 400):  # the first finger drags
        finger(pygame.FINGERMOTION, 0, y)
        d.frame()
    assert area.offset == 100
    finger(pygame.FINGERUP, 0, 400)
    d.frame()


# --- the first input decides the key hints -----------------------------------------

class TouchPage:
    """A page's window whose media queries say a finger is its only pointer."""

    def __init__(self, coarse: bool = True, fine: bool = False) -> None:
        self.answers = {"(any-pointer: coarse)": coarse, "(any-pointer: fine)": fine}

    def matchMedia(self, query):  # noqa: N802 - the browser's name
        return type("MediaQueryList", (), {"matches": self.answers[query]})()

    def eval(self, script):
        return True


def shown_hints(d: Driver) -> set[str]:
    """The key hints of the scene's buttons that were drawn in the next frame."""
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    widgets = d.scene.group.widgets
    hints = {w.hint for w in widgets if getattr(w, "hint", "")}
    assert hints, type(d.scene).__name__
    return hints & {x.text for x in record}


def hinted_mouse_click(d: Driver, pos: tuple[int, int]) -> None:
    d.app.input.touched_at -= d.app.input.GRACE  # a real mouse, well after the last touch
    d.click(pos)


@pytest.mark.parametrize("twin", [False, True])
@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844", "360x740", "320x480"])
def test_a_game_started_by_finger_never_draws_a_key_hint(size, twin):
    """The frame that handles the first FINGER events draws no key hint, nor does any
    frame after, on the menu or at the table, until a real mouse click or a key press
    brings them back (and a touch hides them again)."""
    d = Driver("--size", size, "--speed", "instant", start=False)
    d.finger("down", (3, 3), twin)
    d.finger("up", (3, 3), twin)
    assert not shown_hints(d), size  # the very first frame
    d.tap(("row", "play"), twin)
    d.app.new_match_from_settings()
    for _ in range(30):
        assert not shown_hints(d), size
    hinted_mouse_click(d, (3, 3))
    assert shown_hints(d), size
    d.tap((3, 3), twin)
    assert not shown_hints(d)
    d.press("tab")
    assert shown_hints(d)


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844", "360x740", "320x480"])
def test_a_browser_page_that_is_touch_only_starts_without_key_hints(size, monkeypatch):
    """A phone or tablet's page says, before any input, that a finger is its only
    pointer: the first frame already has no key hints (at 1280x720 and 800x600 too, a
    tablet's). A mouse click brings them back."""
    from spades import platform

    monkeypatch.setattr(platform, "browser_window", lambda: TouchPage())
    d = Driver("--size", size, "--speed", "instant", start=False)
    assert d.app.input.touch and not shown_hints(d), size
    hinted_mouse_click(d, (3, 3))
    assert shown_hints(d), size
    monkeypatch.setattr(platform, "browser_window", lambda: TouchPage(fine=True))
    d = Driver("--size", size, "--speed", "instant", start=False)
    assert not d.app.input.touch  # a mouse or trackpad too: the first input decides


def test_touch_only_is_false_off_a_browser_or_when_the_page_cannot_say(monkeypatch):
    from spades import platform

    assert platform.touch_only() is False  # desktop: no page
    monkeypatch.setattr(platform, "browser_window", lambda: TouchPage(coarse=False, fine=True))
    assert platform.touch_only() is False
    monkeypatch.setattr(platform, "browser_window", lambda: object())  # no matchMedia
    assert platform.touch_only() is False
    monkeypatch.setattr(platform, "browser_window", lambda: TouchPage())
    assert platform.touch_only() is True


@pytest.mark.parametrize("size", ["844x390", "390x844", "1280x720"])
@pytest.mark.parametrize("touch", [True, False])
def test_a_rows_words_stand_clear_of_its_rounded_edge(size, touch):
    """A switch's or a stepper's label starts at least 8 px inside its row, where a
    phone's 5-px pad had set "Sound" and "Animation" against the row's rounded corner.
    (The pause menu opened by finger or by mouse.)"""
    d = Driver("--size", size, "--speed", "instant")
    d.wait_for_player()
    (d.tap if touch else d.click)(("tool", "menu"))
    assert d.scene.overlays[-1] == "pause"
    rows = [c for c in d.scene.build_controls() if c.label in ("Sound", "Coach", "Animation")]
    assert len(rows) == 3, [c.label for c in d.scene.build_controls()]
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    for row in rows:
        words = [r for r in record if r.text == row.label and r.rect is not None
                 and row.rect.contains(r.rect)]
        assert words, (row.label, row.rect)
        assert words[0].rect.left - row.rect.left >= 8, (size, row.label, words[0].rect,
                                                         row.rect)
