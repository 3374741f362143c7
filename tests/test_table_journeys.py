"""The table through the widget layer, driven like a player would: whole journeys from
the start menu by finger alone on a phone, by mouse alone and by keyboard alone on a
desktop; the score sheet scrolled to every hand; a drag that never plays a card or
presses a button; every control of every table panel on screen, apart and big enough.
Synthetic events only, real App, SDL dummy drivers."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from pygame import Rect
from ui_driver import Driver, play_until

from spades import storage
from spades.engine import Bid, Match, Play, Rules, cards_of
from spades.ui.pages.menu import MenuScreen, RulesScreen, StatsScreen
from spades.ui.table.scene import TableScene
from spades.ui.widgets import Stepper
from spades.ui.widgets.style import SUGGESTED, colours, contrast

SHORT = Rules(target=150)


class Player:
    """One way of reaching the game: "finger" (FINGER events only, no mouse twin),
    "mouse" or "keys"."""

    def __init__(self, d: Driver, how: str) -> None:
        self.d = d
        self.how = how

    def press(self, key: tuple) -> None:
        """Tap, click or Tab to and Enter the control ``key`` of the page or table."""
        d = self.d
        if self.how == "keys":
            self.tab_to(key)
            d.press("enter")
        elif self.how == "finger":
            self.into_view(key)
            d.tap(key, twin=False)
        else:
            self.into_view(key)
            d.click(key)

    def tab_to(self, key: tuple) -> None:
        d = self.d
        for _ in range(120):
            if d.scene.focus == key:
                return
            d.press("tab")
        pytest.fail(f"Tab never reached {key}")

    def into_view(self, key: tuple) -> None:
        """On a scrolled page: drag (finger) or wheel (mouse) until ``key`` shows."""
        d = self.d
        area = getattr(d.scene, "area", None)
        if area is None or isinstance(d.scene, TableScene):
            return
        x = d.app.screen.get_width() // 2
        for _ in range(30):
            control = d.control(key)
            assert control is not None, key
            if area.view.contains(control.rect):
                break
            down = control.rect.top > area.view.top
            if self.how == "finger":
                y0, y1 = area.view.bottom - 40, area.view.top + 40
                d.drag((x, y0), (x, y1) if down else (x, y0 + 2 * (y0 - y1)), twin=False)
            else:
                d.wheel(-1 if down else 1, pos=area.view.center)
        area.stop()
        d.frame()

    def step_back(self, row: str) -> None:
        """A stepper's ``<``: its left half tapped or clicked, or the left arrow."""
        d = self.d
        if self.how == "keys":
            self.tab_to(("row", row))
            d.press("left")
            return
        self.into_view(("row", row))
        stepper = d.scene.row_of(("row", row))
        assert isinstance(stepper, Stepper)
        back, _ = stepper.halves(d.scene.look())
        if self.how == "finger":
            d.tap(back.center, twin=False)
        else:
            d.click(back.center)

    def to_the_end(self) -> None:
        """Scroll the page to its end: finger drags, the wheel, or PageDown."""
        d = self.d
        area = d.scene.area
        x = d.app.screen.get_width() // 2
        for _ in range(60):
            if area.offset >= area.max_offset:
                break
            if self.how == "finger":
                d.drag((x, area.view.bottom - 30), (x, area.view.top + 30), twin=False)
            elif self.how == "mouse":
                d.wheel(-3, pos=area.view.center)
            else:
                d.press("pagedown")
        d.frame(40)  # any glide settles

    def play_match(self) -> int:
        """The player's every decision until match over; returns the cards played."""
        d = self.d
        cards = 0
        for _ in range(800):
            situation = d.wait_for_player()
            if situation == "over":
                return cards
            if situation == "breakdown":
                self.press(("btn", "next"))
            elif situation == "blind":
                self.press(("btn", "look"))
            elif situation == "bid":
                suggestion = d.scene.suggested_bid_value()
                if self.how == "keys":
                    d.press("right")  # focus lands on the suggested bid
                    assert d.scene.focus == ("bid", suggestion)
                    d.press("enter")
                else:
                    self.press(("bid", suggestion))
                assert d.scene.bid_choice == suggestion
                self.press(("btn", "confirm"))
            else:
                before = len(d.scene.match.actions)
                if self.how == "keys":
                    d.press("left")  # focus lands on the first playable card
                    card = d.scene.focus[1]
                    d.press("space")
                else:
                    card = cards_of(d.scene.view.legal_card_mask())[-1]
                    self.press(("card", card))
                assert d.scene.match.actions[before] == Play(card), self.how
                cards += 1
        pytest.fail("the match never ended")


def at_the_end(d: Driver) -> bool:
    area = d.scene.area
    last = d.scene.placed[-1]
    return area.offset == area.max_offset and area.view.top <= last.rect.top and \
        last.rect.bottom <= area.view.bottom


@pytest.mark.parametrize("how,size", [("finger", (390, 844)), ("mouse", (1280, 720)),
                                      ("keys", (1280, 720))])
def test_the_whole_journey_from_the_start_menu_and_back(how, size):
    """Start menu -> New match with the rule set stepped back with < -> a whole match to
    match over -> Menu -> How to play to its last line -> Statistics -> Reset, confirmed
    -> back to the menu; by one kind of input only."""
    d = Driver("--size", f"{size[0]}x{size[1]}", "--speed", "instant", start=False)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.show_menu()
    d.frame()
    p = Player(d, how)
    p.press(("row", "new"))
    assert type(d.scene).__name__ == "HouseRulesScreen"
    assert d.app.settings.preset == "standard"
    p.step_back("preset")
    assert d.app.settings.preset == "deuces"  # back from the first wraps to the last
    while d.app.settings.preset != "classic-150":  # back past the variants: a short match
        p.step_back("preset")
    p.press(("foot", "start"))
    assert isinstance(d.scene, TableScene) and d.scene.match.rules.target == 150
    assert p.play_match() >= 13
    assert d.scene.screen_kind() == "match_over"
    p.press(("btn", "quit"))  # Menu, beside Rematch and Score sheet
    assert isinstance(d.scene, MenuScreen)
    p.press(("row", "howto"))
    assert isinstance(d.scene, RulesScreen)
    p.to_the_end()
    assert at_the_end(d)
    p.press(("foot", "back"))
    assert isinstance(d.scene, MenuScreen)
    assert not storage.load_statistics(d.app.store).is_empty  # the match counted
    p.press(("row", "stats"))
    assert isinstance(d.scene, StatsScreen)
    p.press(("row", "reset"))
    assert d.scene.confirming and not storage.load_statistics(d.app.store).is_empty
    p.press(("row", "reset"))
    assert storage.load_statistics(d.app.store).is_empty
    p.press(("foot", "back"))
    assert isinstance(d.scene, MenuScreen)


# --- the score sheet -----------------------------------------------------------------


def long_match(hands: int = 16, seed: int = 5) -> Match:
    match = Match(Rules(target=5000, mercy=None), seed)
    rng = random.Random(seed)
    while len(match.history) < hands:
        actions = match.legal_actions()
        bids = [a for a in actions if isinstance(a, Bid) and a.value == 3]
        match.apply(bids[0] if bids else rng.choice(actions))
    return match


def row_shows(d: Driver, team: int, index: int) -> bool:
    scene = d.scene
    row = scene.score_area.to_screen(scene.score_row(team, index))
    return scene.score_area.view.contains(row)


@pytest.mark.parametrize("how,size,hands", [
    ("finger", (390, 844), 16), ("mouse", (800, 600), 16), ("keys", (390, 844), 16),
    ("mouse", (800, 600), 24), ("keys", (800, 600), 24), ("finger", (1280, 720), 24)])
def test_the_score_sheet_reaches_the_first_and_last_hand_by_scrolling(how, size, hands):
    """16 hands on a phone do not fit: drag, PageUp/Down reach both ends; at 800x600
    they fit, and 24 need the wheel, the keys or a drag."""
    d = Driver("--size", f"{size[0]}x{size[1]}", "--speed", "instant", start=False)
    d.app.start(long_match(hands))
    d.frame(2)
    p = Player(d, how)
    p.press(("tool", "scores"))
    scene = d.scene
    assert scene.overlays[-1] == "scores"
    area = scene.score_area
    drawn = d.record_text()
    view = area.view
    x = view.centerx
    assert area.more == (size[1] > size[0] or hands > 16)
    for team in (0, 1):
        for index in (0, hands - 1):
            for _ in range(60):
                if row_shows(d, team, index):
                    break
                up = scene.score_area.to_screen(scene.score_row(team, index)).top < view.top
                if how == "finger":
                    a, b = view.top + 20, view.bottom - 20
                    d.drag((x, a), (x, b)) if up else d.drag((x, b), (x, a))
                elif how == "mouse":
                    d.wheel(1 if up else -1, pos=view.center)
                else:
                    d.press("pageup" if up else "pagedown")
                d.frame(30)
            assert row_shows(d, team, index), (team, index, area.offset)
            drawn.clear()
            d.frame()
            row = area.to_screen(scene.score_row(team, index))
            assert any(text == str(index + 1) and pos[1] == row.y for text, pos in drawn), \
                f"hand {index + 1} of team {team} was not drawn in its row"
    if area.more:
        assert area.bar_rect(size[0]) is not None
    # Close is visible and closes it; nothing on the sheet was pressed by the drags.
    p.press(("btn", "close"))
    assert not scene.overlays


def test_the_score_sheet_scrolls_on_a_phone_and_shows_a_bar():
    d = Driver("--size", "390x844", "--speed", "instant", start=False)
    d.app.start(long_match())
    d.frame(2)
    d.tap(("tool", "scores"))
    area = d.scene.score_area
    assert area.more and area.offset == 0
    painted: list[Rect] = []
    import pygame

    real = pygame.draw.rect

    def spy(surface, colour, rect, *args, **kwargs):
        painted.append(Rect(rect))
        return real(surface, colour, rect, *args, **kwargs)

    pygame.draw.rect = spy
    try:
        d.frame()
    finally:
        pygame.draw.rect = real
    track = [r for r in painted if r.x > area.view.right and r.height == area.view.height]
    assert track, "no scroll bar beside the score sheet"


# --- tap or drag at the table --------------------------------------------------------


def wander(d: Driver, start: tuple[int, int], via: tuple[int, int], touch: bool) -> None:
    """A press at ``start`` that moves to ``via`` and back, and is let go at ``start``."""
    import pygame

    def move(kind: str, pos: tuple[int, int]) -> None:
        if touch:
            d.finger(kind, pos)
        else:
            etype = {"down": pygame.MOUSEBUTTONDOWN, "move": pygame.MOUSEMOTION,
                     "up": pygame.MOUSEBUTTONUP}[kind]
            extra = {"buttons": (1, 0, 0), "rel": (0, 0)} if kind == "move" else {"button": 1}
            pygame.event.post(pygame.event.Event(etype, pos=pos, **extra))
        d.frame()

    move("down", start)
    move("move", via)
    move("move", start)
    move("up", start)


@pytest.mark.parametrize("touch", [True, False])
def test_a_drag_that_starts_on_a_card_or_a_button_plays_and_presses_nothing(touch):
    d = Driver("--speed", "instant", "--size", "390x844" if touch else "1280x720",
               rules=SHORT)
    play_until(d, "play")
    scene = d.scene
    before = len(scene.match.actions)
    card = cards_of(scene.view.legal_card_mask())[-1]
    start = d.point(("card", card))
    # Out and back: it is let go on the card it began on, but it was a drag.
    wander(d, start, (start[0], start[1] - 40), touch)
    wander(d, start, (start[0] + 30, start[1]), touch)
    d.drag(start, (start[0], start[1] - 80), touch=touch)
    assert len(scene.match.actions) == before and scene.can_act()
    tool = d.point(("tool", "scores"))
    wander(d, tool, (tool[0], tool[1] - 30), touch)
    assert not scene.overlays
    # A small wobble is still a tap.
    d.drag(start, (start[0] + 4, start[1] - 3), steps=2, touch=touch)
    assert scene.match.actions[before] == Play(card)


def test_a_drag_on_a_bid_picks_nothing_and_a_tap_picks_it():
    d = Driver("--speed", "instant", "--size", "390x844", rules=SHORT)
    while (situation := d.wait_for_player()) != "bid":
        d.tap(("btn", "look") if situation == "blind" else ("btn", "next"))
    suggestion = d.scene.suggested_bid_value()
    pos = d.point(("bid", suggestion))
    d.drag(pos, (pos[0], pos[1] + 70))
    assert d.scene.bid_choice is None
    d.tap(("bid", suggestion))
    assert d.scene.bid_choice == suggestion


# --- every control of the table's panels -----------------------------------------------


def panels(d: Driver):
    """Drive the table through each panel, yielding its name as it shows."""
    scene = d.scene
    play_until(d, "bid")
    yield "bid_panel"
    d.click(("bid", scene.suggested_bid_value()))
    yield "bid_chosen"
    d.click(("btn", "confirm"))
    play_until(d, "play")
    yield "table"
    for _ in range(2):
        d.click(("card", cards_of(d.scene.view.legal_card_mask())[-1]))
        play_until(d, "play")
    for key, name in (("s", "scores"), ("l", "last"), ("f1", "help"), ("escape", "pause")):
        d.press(key)
        assert d.scene.overlays[-1] == name
        yield name
        d.press("escape")
    play_until(d, "breakdown")
    yield "breakdown"
    d.press("w")
    assert d.scene.overlays[-1] == "compare"
    yield "compare"
    d.press("escape")
    play_until(d, "over")
    yield "match_over"
    d.press("s")
    yield "scores_over"
    d.app.start(trailing())
    assert d.wait_for_player() == "blind"
    yield "blind_nil"


def trailing() -> Match:
    """A match whose second hand offers the player blind nil (the team trails by 100+)."""
    from spades.engine import STANDARD

    match = Match(STANDARD, 9)
    rng = random.Random(1)
    while not match.history:
        actions = match.legal_actions()
        want = 6 if match.to_act % 2 == 0 else 3
        bids = [a for a in actions if isinstance(a, Bid) and a.value == want]
        match.apply(bids[0] if bids else rng.choice(actions))
    return match


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (390, 844), (412, 915),
                                  (1024, 768), (800, 480)])
def test_every_control_of_every_table_panel_on_screen_apart_and_big_enough(size):
    d = Driver("--speed", "instant", "--size", f"{size[0]}x{size[1]}", rules=SHORT)
    lay = d.scene.layout
    target = 48 if min(size) < 500 else 44
    assert lay.target == target
    screen = Rect(0, 0, *size)
    seen = set()
    for name in panels(d):
        scene = d.scene
        seen.add(name)
        controls = scene.build_controls()
        top = scene.overlays[-1] if scene.overlays else None
        box = scene.overlay_rect(top) if top else None
        for c in controls:
            assert screen.contains(c.rect), (name, c.key, c.rect)
            if c.group == "hand":
                continue
            assert c.rect.width >= target and c.rect.height >= target, (name, c.key, c.rect)
            if box is not None and c.key[1] not in ("compare", "replay", "export"):
                assert box.contains(c.rect), (name, c.key, c.rect, box)
            if c.group == "bids" or c.key == ("btn", "confirm"):
                assert lay.bid_panel.contains(c.rect), (name, c.key)
        apart = [c for c in controls if c.group != "hand"]
        for a, b in combinations(apart, 2):
            assert not a.rect.colliderect(b.rect), (name, a.key, a.rect, b.key, b.rect)
        if name == "scores":
            assert box.contains(scene.score_area.view)
        # One primary action per panel at most, and it is the expected one.
        primary = [c.key for c in controls if getattr(c, "style", "") == "primary"]
        assert len(primary) <= 1, (name, primary)
        want = {"bid_panel": ("btn", "confirm"), "bid_chosen": ("btn", "confirm"),
                "breakdown": ("btn", "next"), "pause": ("btn", "resume"),
                "match_over": ("btn", "rematch")}.get(name)
        if want:
            assert primary == [want], (name, primary)
        if name == "blind_nil":  # two equal choices: no Confirm until Blind nil is chosen
            assert primary == [], primary
        # Every overlay can be left by pointer alone.
        if top in ("scores", "last", "help", "compare"):
            assert any(c.key == ("btn", "close") for c in controls), name
        if top == "match_over":
            keys = {c.key for c in controls}
            assert {("btn", "rematch"), ("btn", "scores"), ("btn", "quit")} <= keys
        if top is None:
            assert any(c.key == ("tool", "menu") for c in controls), name
    assert len(seen) == 12


def test_the_bid_panels_hierarchy_reads_at_3_to_1():
    d = Driver("--speed", "instant", rules=SHORT)
    while d.wait_for_player() not in ("bid",):
        d.click(("btn", "look"))
    controls = {c.key: c for c in d.scene.build_controls()}
    confirm = controls[("btn", "confirm")]
    assert not confirm.enabled and confirm.style == "primary"
    suggestion = d.scene.suggested_bid_value()
    suggested = controls[("bid", suggestion)]
    assert suggested.suggested and suggested.style == "secondary"
    body = colours("secondary", True, False, "panel").fill
    assert contrast(SUGGESTED, body) >= 3.0
    off = colours("secondary", False, False, "panel")
    assert off.edge is None  # disabled: a flat tile, no outline
    from spades.ui.art import theme

    assert contrast(off.ink, theme.PANEL) >= 3.0
    d.click(("bid", suggestion))
    controls = {c.key: c for c in d.scene.build_controls()}
    assert controls[("btn", "confirm")].enabled
    assert controls[("bid", suggestion)].style == "chosen"
    # Next hand is the accent, Export hand is plain.
    play_until(d, "breakdown")
    controls = {c.key: c for c in d.scene.build_controls()}
    assert controls[("btn", "next")].style == "primary"
    assert controls[("btn", "export")].style == "secondary"


def test_after_a_touch_the_tables_buttons_show_no_key_letters():
    d = Driver("--speed", "instant", "--size", "1280x720", rules=SHORT)
    play_until(d, "bid")
    drawn = d.record_text()

    def texts() -> set[str]:
        drawn.clear()
        d.frame()
        return {text for text, _ in drawn}

    d.press("tab")
    assert {"Esc", "Enter", "S"} <= texts()
    d.tap((5, d.app.screen.get_height() - 5))  # a touch on nothing
    assert not {"Esc", "Enter", "S", "L", "H", "U", "C"} & texts()
    d.press("tab")
    assert "Esc" in texts()


@pytest.mark.parametrize("how", ["finger", "keys"])
def test_the_pause_menus_stepper_steps_back_with_lt_and_its_switches_flip(how):
    from spades.ui.table import anim
    from spades.ui.widgets import Toggle

    d = Driver("--speed", "normal", "--size", "390x844" if how == "finger" else "1280x720",
               rules=SHORT)
    play_until(d, "bid")
    p = Player(d, how)
    p.press(("tool", "menu"))
    assert d.scene.overlays[-1] == "pause"
    names = anim.SPEED_NAMES
    before = d.scene.options.speed
    stepper = next(c for c in d.scene.build_controls() if c.key == ("btn", "speed"))
    assert isinstance(stepper, Stepper)
    if how == "finger":
        back, forward = stepper.halves(d.scene.hit_look())
        d.tap(back.center, twin=False)
    else:
        p.tab_to(("btn", "speed"))
        d.press("left")
    assert d.scene.options.speed == names[(names.index(before) - 1) % len(names)]
    if how == "finger":
        d.tap(forward.center, twin=False)
    else:
        d.press("right")
    assert d.scene.options.speed == before
    sound = d.scene.options.sound
    switch = next(c for c in d.scene.build_controls() if c.key == ("btn", "sound"))
    assert isinstance(switch, Toggle)
    p.press(("btn", "sound"))
    assert d.scene.options.sound is not sound
    p.press(("btn", "resume"))
    assert not d.scene.overlays


@pytest.mark.parametrize("how", ["finger", "keys"])
def test_the_help_scrolls_on_a_short_window_to_its_last_row(how):
    """At 500x320 the keys (or taps) do not fit: the rows scroll between the heading and
    Close, and no row is ever drawn outside its view."""
    d = Driver("--size", "500x320", "--speed", "instant")
    d.frame(5)
    if how == "finger":
        d.tap((20, 20))  # touch mode: the help for taps and drags
    else:
        d.press("tab")
    d.frame(2)
    d.press("f1") if how == "keys" else d.scene.toggle("help")
    d.frame(2)
    scene = d.scene
    assert scene.overlays[-1] == "help"
    area = scene.help_area
    assert area.more, "the help fits at 500x320: this test proves nothing"
    last_key = scene.help_rows()[0][-1][1][-1]  # the last line of the last row
    drawn = d.record_text()
    d.frame()
    assert last_key not in [text for text, _ in drawn]
    for _ in range(20):
        drawn.clear()
        if how == "finger":
            x = area.view.centerx
            d.drag((x, area.view.bottom - 5), (x, area.view.top + 5))
        else:
            d.press("end")
        d.frame(20)
        # The last row drawn, and the rows at their end (a drag may stop with the last
        # line in view a few pixels short of it: drag on).
        if last_key in [text for text, _ in drawn] and area.offset == area.max_offset:
            break
    assert last_key in [text for text, _ in drawn]
    assert area.offset == area.max_offset
    for text, pos in drawn:
        assert 0 <= pos[1] < 320, (text, pos)


@pytest.mark.parametrize("how", ["mouse", "finger"])
@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844", "360x740", "320x480"])
def test_disabled_confirm_last_and_undo_are_flat_and_weigh_less_than_live_ones(size, how):
    """Before the first bid, Confirm, Last trick and Undo cannot be used: each is a flat
    tile with no outline (its top and side edges the tile's own colour), standing off the
    felt or panel less than a live button, its words fainter than a live label but 3:1
    on the tile. Before, they were an outline of the faded colour, as loud as a live
    button's edge."""
    from spades.ui.art import theme

    d = Driver("--speed", "instant", "--size", size, rules=SHORT)
    while d.wait_for_player() == "blind":
        d.tap(("btn", "look"), twin=False) if how == "finger" else d.click(("btn", "look"))
    assert d.wait_for_player() == "bid"
    d.frame()
    controls = {c.key: c for c in d.scene.build_controls()}
    off = [controls[k] for k in (("btn", "confirm"), ("tool", "last"), ("tool", "undo"))]
    assert not any(c.enabled for c in off)
    screen = d.app.screen
    for c in off:
        # The toolbar's buttons sit on its dark bar, and are drawn for it (a felt tile
        # there stood out like a lit switch); whatever lies behind one, it stays quiet.
        ground = "panel" if c.key[0] == "btn" else "bar"
        r = c.rect
        behind = theme.PANEL if ground == "panel" else \
            tuple(screen.get_at((r.left - 3, r.centery)))[:3]
        tile = colours(c.style, False, False, ground)
        top = {tuple(screen.get_at((x, r.top + 1)))[:3] for x in range(r.left + 12, r.right - 12)}
        side = {tuple(screen.get_at((r.left + 1, y)))[:3] for y in range(r.top + 12, r.bottom - 12)}
        assert top == {tile.fill} and side == {tile.fill}, (size, c.key, top | side)
        live = colours("secondary", True, False, ground)
        stands = max(contrast(live.fill, behind), contrast(live.edge or live.fill, behind))
        assert contrast(tile.fill, behind) < stands / 2, (size, c.key)
        if behind == theme.BAR:  # the landscape toolbar: barely off the bar
            assert contrast(tile.fill, behind) < 1.2, (size, c.key)
        assert 3.0 <= contrast(tile.ink, tile.fill) < contrast(live.ink, live.fill)


@pytest.mark.parametrize("how", ["finger", "mouse"])
@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844", "360x740", "320x480"])
def test_the_help_teaches_touch_and_mouse_play_and_scrolls_to_its_end(size, how):
    """Menu, then Help, by finger (or mouse): the help begins with Playing at this
    table, whose rows name the table's own buttons (every toolbar button has its row).
    By mouse the keys follow under a heading of their own; by finger, with no key
    pressed, they are left out (half a phone's help was keys). A finger drag (the
    mouse wheel) brings the last row into view, and nothing is drawn outside the
    rows' view."""
    from spades.ui.table.help import BY_POINTER, KEYS, PLAY

    d = Driver("--size", size, "--speed", "instant")
    d.wait_for_player()
    press = (lambda k: d.tap(k, twin=False)) if how == "finger" else d.click
    tools = [c.label for c in d.scene.build_controls() if c.key[0] == "tool"]
    rows = [key for key, _ in PLAY]
    for label in tools:  # "Last" on a phone, "Last trick" wider
        assert any(row.startswith(label) for row in rows), (label, rows)
    press(("tool", "menu"))
    press(("btn", "help"))
    scene = d.scene
    assert scene.overlays[-1] == "help"
    drawn = d.record_text()
    d.frame()
    said = [text for text, _ in drawn]
    first = "Playing at this table" if how == "finger" else BY_POINTER
    assert first in said and "Your cards" in said, said
    area = scene.help_area
    last = scene.help_rows()[0][-1]
    headings = [key for key, _, heading in scene.help_rows()[0] if heading]
    if how == "finger":
        assert last[0] == PLAY[-1][0] and headings == ["Playing at this table"], headings
    else:
        assert last[0] == KEYS[-1][0] and headings == [BY_POINTER, "Keys"]
    for _ in range(30):
        if last[1][-1] in said and area.offset == area.max_offset and area.velocity == 0:
            break
        drawn.clear()
        if how == "finger":
            x = area.view.centerx
            d.drag((x, area.view.bottom - 10), (x, area.view.top + 10), twin=False)
        else:
            d.wheel(-3, area.view.center)
        d.frame(10)
        said = [text for text, _ in drawn]
    assert last[1][-1] in said and "Keys" not in said[:1], size
    assert area.offset == area.max_offset, size  # at its end
    assert how == "finger" or area.max_offset > 0, size  # the keys needed a scroll
    ours = {t for key, lines, _ in scene.help_rows()[0] for t in (key, *lines)}
    ours.discard("Esc")  # Close's key hint too
    for text, pos in [(text, pos) for text, pos in drawn if text in ours]:
        # partly in view at most (the rest clipped to the view)
        assert area.view.top - 2 * scene.layout.font < pos[1] < area.view.bottom, (size, text)


@pytest.mark.parametrize("size", ["1920x1080", "1280x720", "1024x768", "800x600"])
def test_the_toolbar_puts_its_key_hints_all_beside_or_all_under_their_labels(size):
    """At 1024x768 and 800x600 "Scores" had its S under it while "Last" had its L
    beside it; at 1280 "Last trick" alone had its key under: a row of buttons reads
    alike, every hint beside its label or every one under it."""
    d = Driver("--size", size, "--speed", "instant")
    d.press("tab")  # key hints are shown to a keyboard player
    d.frame(3)
    drawn = d.record_text()
    d.frame()
    tools = [c for c in d.scene.build_controls() if c.key[0] == "tool"]
    assert tools and all(c.hint for c in tools)
    places = set()
    for c in tools:
        at = [pos for text, pos in drawn if text == c.hint and c.rect.collidepoint(pos)]
        assert len(at) == 1, (size, c.key, at)
        places.add("under" if at[0][1] > c.rect.centery + 3 else "beside")
    assert len(places) == 1, (size, places)
