"""A sharp picture on a high-density screen: the window has ``density`` pixels for each
CSS pixel of the page (the browser's devicePixelRatio, capped; ``--density`` here), the
interface is measured in CSS pixels and drawn in the window's (spades/ui/art/density.py).

What holds at density 2 and 3, against the same page at density 1: the table's layout
is the CSS layout scaled (every rectangle, type size and finger target times the
density, each card's height fitted to its art); the pages' type and targets scale the
same way; a card is drawn in the design its CSS width calls for; and the real App,
driven by FINGER taps (in 0..1 of the window, as SDL sends them) and mouse clicks (in
the window's pixels, as SDL's browser backend scales them: tests/browser/runtime/main.js
models that), plays the card under the finger and takes a small wobble as a tap.
The browser test proves the page's side: the canvas's backing store is its CSS box
times the capped ratio and still fills the page.
"""

from __future__ import annotations

import pytest
from pygame import Rect
from ui_driver import Driver, act, play_until

from spades.engine import Rules
from spades.ui.app import parse_args
from spades.ui.art.cardart import CardArt, card_height, index_depth
from spades.ui.art.density import MAX_DENSITY, density, set_density
from spades.ui.layout.window import compute_layout
from spades.ui.pages.screens import Screen
from spades.ui.widgets import min_target

PAGES = [(1280, 720), (800, 600), (390, 844), (360, 640), (844, 390), (640, 360)]
SHORT = Rules(target=150)


def scaled(rect: Rect, d: float) -> Rect:
    return Rect(round(rect.x * d), round(rect.y * d), round(rect.w * d), round(rect.h * d))


@pytest.mark.parametrize("d", [2, 3, 1.5])
@pytest.mark.parametrize("page", PAGES)
def test_the_table_at_a_density_is_the_css_layout_scaled(page, d):
    css = compute_layout(*page)
    set_density(d)
    window = (round(page[0] * d), round(page[1] * d))
    lay = compute_layout(*window)
    assert (lay.width, lay.height, lay.density) == (*window, d)
    assert (lay.portrait, lay.compact, lay.hand_rows) == (css.portrait, css.compact, css.hand_rows)
    for name in ("font", "font_small", "font_big", "font_score", "pad", "card_w", "trick_w",
                 "back_w", "lift", "hand_step", "row_step", "target"):
        assert getattr(lay, name) == round(getattr(css, name) * d), name
    assert lay.target >= 44 * d and lay.min_step == round(44 * d)
    for name in ("top_bar", "hand_area", "trick_area", "status", "bid_panel", "overlay"):
        assert getattr(lay, name) == scaled(getattr(css, name), d), name
    for mine, theirs in zip(lay.toolbar.values(), css.toolbar.values(), strict=True):
        assert mine == scaled(theirs, d)
    for mine, theirs in zip(lay.bid_buttons + lay.badges, css.bid_buttons + css.badges,
                            strict=True):
        assert mine == scaled(theirs, d)
    # Cards keep the art's proportions, so no face is scaled while it is drawn.
    for w, h in ((lay.card_w, lay.card_h), (lay.trick_w, lay.trick_h),
                 (lay.back_w, lay.back_h), (lay.packet_w, lay.packet_h)):
        assert h == card_height(w)
    for mine, theirs in zip(lay.trick_slots, css.trick_slots, strict=True):
        assert mine.size == (lay.trick_w, lay.trick_h)
        assert abs(mine.centerx - theirs.centerx * d) <= d
        assert abs(mine.centery - theirs.centery * d) <= d
    # The hand: the same rows, each card where the page has it, times the density (at
    # a fractional density each step's rounding adds up, half a pixel a card at most).
    for count in (13, 9):
        off = 2 if d == int(d) else 2 + count // 2
        for mine, theirs in zip(lay.hand_rects(count), css.hand_rects(count), strict=True):
            assert abs(mine.x - theirs.x * d) <= off and abs(mine.y - theirs.y * d) <= off
            assert mine.size == (lay.card_w, lay.card_h)
    # Everything on screen.
    screen = Rect(0, 0, *window)
    assert all(screen.contains(r) for r in [lay.hand_area, lay.top_bar, *lay.toolbar.values()])


@pytest.mark.parametrize("d", [2, 3])
def test_a_card_is_drawn_in_the_design_its_css_width_calls_for(d):
    """The phone's jumbo index and one big suit on a narrow card, the desktop's pips on
    a wide one, decided by the card's width on the page, not in the window's pixels."""
    narrow, wide = 60, 110
    one = {w: CardArt().face(5, w) for w in (narrow, wide)}  # the seven of clubs
    depth = {w: index_depth(w) for w in (narrow, wide)}
    set_density(d)
    for w in (narrow, wide):
        mine = CardArt().face(5, w * d)
        assert mine.get_size() == (w * d, card_height(w * d))
        # The same picture, finer: shrunk to the page's size it is nearly the same.
        import pygame

        small = pygame.transform.smoothscale(mine, one[w].get_size())
        differ = sum(abs(a - b) for x in range(0, w, 3) for y in range(0, one[w].get_height(), 3)
                     for a, b in zip(small.get_at((x, y))[:3], one[w].get_at((x, y))[:3],
                                     strict=True))
        samples = len(range(0, w, 3)) * len(range(0, one[w].get_height(), 3))
        assert differ / samples < 40, (w, differ / samples)
        assert abs(index_depth(w * d) - depth[w] * d) <= d


def test_the_pages_type_and_targets_are_the_css_ones_scaled():
    class App:  # what a page's metrics read of the App
        text = None

    page = Screen(App())  # a page with Back, which stands beside the title when short
    for size in ((1280, 720), (390, 844), (844, 390)):
        page.set_layout(*size)
        css = page.metrics(), page.message_lines(), page.head_buttons()
        target = min_target(size)
        for d in (2, 3):
            set_density(d)
            page.set_layout(size[0] * d, size[1] * d)
            font, small, pad, button = page.metrics()
            assert (font, small, pad) == tuple(round(v * d) for v in css[0][:3])
            assert button == max(min_target((size[0] * d, size[1] * d)), round(font * 2.1))
            assert min_target((size[0] * d, size[1] * d)) == target * d
            assert (page.message_lines(), page.head_buttons()) == css[1:]
            set_density(1)
            page.set_layout(*size)


def test_the_command_line_makes_the_window_at_a_density():
    args = parse_args(["--size", "390x844", "--density", "3"])
    assert args.size == (390, 844) and args.density == 3
    with pytest.raises(SystemExit):
        parse_args(["--density", "0.5"])
    with pytest.raises(SystemExit):
        parse_args(["--size", "8000x4000", "--density", "3"])
    assert MAX_DENSITY == 2  # the browser's cap (app.page_density)


@pytest.mark.parametrize("size, d", [("390x844", 2), ("390x844", 3), ("1280x720", 2)])
def test_a_tap_at_a_density_plays_the_card_under_the_finger(size, d):
    drv = Driver("--speed", "instant", "--size", size, "--density", str(d), rules=SHORT)
    w, h = (int(v) for v in size.split("x"))
    assert drv.app.screen.get_size() == (w * d, h * d) and density() == d
    scene = drv.scene
    assert scene.layout.density == d and scene.layout.target >= 44 * d
    play_until(drv, "play")
    legal = scene.view.legal_card_mask()
    hand = list(scene.shown.hand)
    rects = scene.card_rects()
    # The last card drawn is whole: the middle of its index corner, where a thumb goes.
    i = max(j for j, c in enumerate(hand) if legal >> c & 1)
    rect = rects[i]
    point = (rect.x + round(rect.w * 0.3), rect.y + round(rect.h * 0.2))
    assert all(not r.collidepoint(point) for r in rects[i + 1:]), "covered"
    before = len(scene.match.actions)
    # A finger that wobbles 12 window pixels (6 or 4 CSS px, under the tap's slop).
    drv.finger("down", point, twin=True)
    drv.finger("move", (point[0] + 12, point[1]), twin=True)
    drv.finger("up", (point[0] + 12, point[1]), twin=True)
    drv.frame()
    assert scene.match.actions[before].card == hand[i]



@pytest.mark.parametrize("size", ["390x844", "1280x720", "844x390", "320x480"])
def test_every_panel_says_the_same_words_at_twice_the_pixels(size):
    """The bid panel, the table in play and the score sheet draw the very same words
    at density 2 as at 1: nothing measured in window pixels where CSS pixels were meant
    cuts a line, drops a note or shortens a word (the bid panel's second
    note went missing at 2x before its line count took the density). Type at twice
    the size is not exactly twice as wide, so a line may break a word earlier or
    later, and a key hint that fits its button by a pixel at one density may not at
    the other: key hints are left out of the comparison, and the help, whose scrolled
    list may show a line more or less at its lower edge, is compared apart from it."""
    said = {d: words_said(size, d) for d in (1, 2)}
    for moment in ("bid panel", "in play", "score sheet"):
        assert said[2][moment] == said[1][moment], moment
    shown = [set(said[d]["help"]) for d in (1, 2)]
    assert len(shown[0] ^ shown[1]) <= 8, shown[0] ^ shown[1]  # a line at the edge


def words_said(size: str, d: int) -> dict[str, list[str]]:
    """The words drawn at four moments of a match at ``size`` and density ``d``, but
    the buttons' key hints."""
    # Seed 7: the partner bids before the player, so the panel has both its notes.
    drv = Driver("--speed", "instant", "--size", size, "--density", str(d), "--seed", "7",
                 rules=SHORT)
    drawn = drv.record_text()
    said: dict[str, list[str]] = {}
    hints = {"Esc", "Enter", "Tab"}

    def look(moment: str) -> None:
        drawn.clear()
        drv.frame()
        words = " ".join(text for text, _ in drawn).split()
        said[moment] = sorted(w for w in words if w not in hints and not (
            len(w) == 1 and w.isupper()))

    situation = drv.wait_for_player()
    look("bid panel")
    while situation != "play":
        act(drv, situation)
        situation = drv.wait_for_player()
    look("in play")
    drv.press("f1")
    look("help")
    drv.press("escape")
    drv.press("s")
    look("score sheet")
    return said
