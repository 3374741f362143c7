"""Type sizes as drawn: every string on every screen, recorded through theme.Text.

The real App is driven through its screens (menu, settings, saves, statistics, journey,
how to play, the demonstration and the table in each of its states) at a desktop size,
a small window and an upright phone; every string rendered is recorded with its size
(the font's pixel size, as given to pygame.font.Font) and checked against the floors.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver, act, every_rule

from spades import storage
from spades.engine import Rules
from spades.ui.art import theme
from spades.ui.layout.window import compute_layout
from spades.ui.pages.journey import JourneyScreen
from spades.ui.pages.menu import RulesScreen, SavesScreen, SettingsScreen, StatsScreen
from spades.ui.table.scene import TableScene
from spades.ui.widgets import Custom, Heading, Paragraph

ROOT = Path(__file__).resolve().parents[1]
SIZES = ["1280x720", "800x600", "390x844"]
DESKTOP = {"1280x720", "800x600"}
SHORT = Rules(target=150)

FLOOR = 13  # nothing anywhere
SECONDARY = 15  # notes, details, captions
BODY = 17  # names, buttons, messages, rows


def kind_of(d: Driver) -> str:
    scene = d.scene
    if isinstance(scene, TableScene):
        return "table:" + scene.screen_kind()
    return type(scene).__name__


def tour(size: str) -> tuple[dict[str, list[theme.Drawn]], Driver]:
    """Visit every screen and table state once, recording what each one draws."""
    d = Driver("--speed", "instant", "--size", size, start=False)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.options = d.app.table_options()  # default settings, whatever ran before
    seen: dict[str, list[theme.Drawn]] = defaultdict(list)
    record: list[theme.Drawn] = []
    d.app.text.record = record

    def look(n: int = 1) -> None:
        for _ in range(n):
            record.clear()
            d.frame()
            seen[kind_of(d)].extend(record)

    def pages(screen) -> None:
        d.app.show(screen)
        look()
        # Scroll through long pages so what lies below the fold is drawn too.
        area = d.scene.area
        for _ in range(12):
            if area.offset >= area.max_offset:
                break
            area.offset = min(area.max_offset, area.offset + max(40, area.view.height // 2))
            look()

    d.app.options.rules = SHORT
    d.app.start()
    overlays_seen = False
    last_seen = False
    for _ in range(5000):
        look()
        situation = d.situation()
        if situation is None:
            continue
        if situation == "over":
            look(3)
            break
        if situation == "play" and not overlays_seen:
            overlays_seen = True
            for key in ("s", "f1", "escape"):
                d.press(key)
                look(2)
                d.press("escape")
            d.press("h")  # a hint on the message line
            look()
            continue
        if situation == "play" and not last_seen and d.scene.shown.last_trick:
            last_seen = True
            d.press("l")
            look(2)
            d.press("escape")
            continue
        if situation in ("bid", "blind"):
            look(2)
        act(d, situation)
        look()
    assert d.scene.screen_kind() == "match_over"
    d.final = (d.scene.result.winner, tuple(d.scene.result.scores), d.scene.options.names)

    d.app.show_menu()
    look()
    pages(every_rule(d.app))
    pages(SettingsScreen(d.app))
    pages(SavesScreen(d.app))
    pages(StatsScreen(d.app))
    pages(JourneyScreen(d.app))
    pages(RulesScreen(d.app))
    d.app.start_demo()
    look(60)
    d.app.text.record = None
    return seen, d


@pytest.fixture(scope="module", params=SIZES)
def toured(request):
    seen, d = tour(request.param)
    return request.param, seen, d


def test_every_screen_was_visited(toured):
    size, seen, _ = toured
    wanted = {"MenuScreen", "SettingsScreen", "SavesScreen", "StatsScreen", "JourneyScreen",
              "RulesScreen", "table:bid_panel", "table:trick_in_progress",
              "table:last_trick", "table:hand_breakdown", "table:score_sheet", "table:help",
              "table:pause", "table:match_over"}
    assert wanted <= set(seen), sorted(wanted - set(seen))
    assert all(seen[k] for k in wanted), [k for k in wanted if not seen[k]]


def test_nothing_is_drawn_under_the_secondary_size(toured):
    """With ordinary names nothing shrinks: every string is at least secondary size."""
    size, seen, _ = toured
    small = {(k, x.text, x.size) for k, drawn in seen.items() for x in drawn
             if x.size < SECONDARY and x.text.strip()}
    assert not small, sorted(small)[:20]


def test_body_text_is_at_least_17px(toured):
    """The body sizes of the table and of the pages, and the strings a player reads first
    on each: seat names, the turn prompt, bid buttons, panel headings, page rows."""
    size, seen, d = toured
    w, h = (int(v) for v in size.split("x"))
    lay = compute_layout(w, h)
    assert lay.font >= BODY and lay.font_small >= SECONDARY
    page = SettingsScreen(d.app)
    page.set_layout(w, h)
    assert page.metrics()[1] >= BODY and page.look().note_size >= SECONDARY

    def sizes(kind: str, wanted) -> set[int]:
        found = {x.size for x in seen[kind] if wanted(x)}
        assert found, (kind, "nothing of the kind drawn")
        return found

    names = set(d.app.options.names)
    assert min(sizes("table:trick_in_progress", lambda x: x.text in names)) >= BODY
    assert min(sizes("table:bid_panel", lambda x: x.text.startswith("Your turn"))) >= BODY
    bids = {"Nil", *map(str, range(1, 14))}
    assert min(sizes("table:bid_panel", lambda x: x.text in bids and x.rect is not None
                     and lay.bid_panel.contains(x.rect))) >= BODY
    demo = d.scene.text_lines(d.scene.tutor_text_width())
    assert min(sizes("table:demo_welcome", lambda x: x.text in demo)) >= BODY
    for kind, heading in (("table:score_sheet", "Score sheet"), ("table:help", "Keys"),
                          ("table:last_trick", "Last trick")):
        assert min(sizes(kind, lambda x, heading=heading: x.text == heading)) >= BODY
    for screen in (SettingsScreen(d.app), SavesScreen(d.app), JourneyScreen(d.app)):
        labels = {r.label for r in screen.rows()
                  if not isinstance(r, Paragraph | Heading | Custom) and r.label}
        kind = type(screen).__name__
        assert min(sizes(kind, lambda x, labels=labels: x.text in labels)) >= BODY, kind


def test_team_scores_are_big_at_desktop_sizes(toured):
    size, seen, d = toured
    w, h = (int(v) for v in size.split("x"))
    bar = compute_layout(w, h).top_bar
    scores = [x for x in seen["table:trick_in_progress"]
              if x.rect is not None and bar.collidepoint(x.rect.center)
              and x.text.lstrip("-").isdigit()]
    assert len({x.text for x in scores}) >= 1 and scores
    floor = 28 if size in DESKTOP else 20
    assert min(x.size for x in scores) >= floor, sorted({(x.text, x.size) for x in scores})
    assert all(x.bold for x in scores)


def test_long_names_shrink_no_further_than_13px():
    d = Driver("--speed", "instant", "--size", "390x844")
    d.app.options.names = ("Maximiliana Wolfesch", "Bartholomew Fitzgera",
                           "Anastasia Konstantin", "Christopherson Llewe")
    d.app.start()
    record: list[theme.Drawn] = []
    d.app.text.record = record
    d.frame(30)
    assert record and min(x.size for x in record) >= FLOOR
    assert any(x.text.startswith("Maximiliana") or x.text.startswith("Bartholomew")
               for x in record)


def test_text_uses_the_shipped_faces_and_a_real_bold():
    text = theme.Text()
    regular, bold = text.font(20), text.font(20, bold=True)
    # No faux bold: bold is its own face, and nothing asks pygame to embolden.
    assert (regular.style_name, bold.style_name) == ("Regular", "Bold")
    for path in ROOT.joinpath("spades").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "set_bold" not in source and ".bold =" not in source, path
        assert "Font(None" not in source and "SysFont" not in source, path
    assert theme.FONT_FILES[False].exists() and theme.FONT_FILES[True].exists()
    assert theme.FONT_FILES[False].stat().st_size + theme.FONT_FILES[True].stat().st_size \
        < 200_000
    a = text.render("Spades", 20)
    b = text.render("Spades", 20, bold=True)
    assert b.get_width() > a.get_width()
    assert text.render("Spades", 20) is a  # cached: one render per string and size
    # The typographic marks the interface writes are in the font (no empty boxes).
    font = text.font(20)

    def ink(ch: str) -> bytes:
        glyph = font.render(ch, True, (0, 0, 0))
        return pygame.image.tobytes(glyph.subsurface(glyph.get_bounding_rect()), "RGBA")

    missing = ink("\uffff")  # not in the font: its empty box
    for ch in "…·–—’“”×éñüßŁ":
        assert ink(ch) != missing, ch


# --- what the screens say ---------------------------------------------------------------


def test_match_over_speaks_to_the_player_with_the_final_score(toured):
    _, seen, d = toured
    winner, (us, them), names = d.final
    said = {x.text for x in seen["table:match_over"]}
    wanted = (f"You and {names[2]} win {us} to {them}" if winner == 0 else
              f"{names[1]} and {names[3]} win {them} to {us}")
    assert wanted in said, sorted(said)


def test_the_statistics_chart_has_axis_values(toured):
    _, seen, d = toured
    recent = storage.load_statistics(d.app.store).recent
    points = [p for m in recent for p in m.points]
    drawn = [x for x in seen["StatsScreen"] if x.rect is not None]
    texts = {x.text for x in drawn}
    # A round scale from the worst hand to the best, zero among its values.
    from spades.ui.pages.menu import axis_ticks

    labels = [f"{v:+d}" if v else "0" for v in axis_ticks(min(points), max(points))]
    assert all(label in texts for label in labels), (labels, sorted(texts))
    # The values go up the left, the highest above zero.
    best = next(x for x in drawn if x.text == labels[-1])
    zero = next(x for x in drawn if x.text == "0")
    assert best.rect.centery < zero.rect.centery and best.rect.right == zero.rect.right


def test_a_wrapped_paragraph_never_ends_on_a_lone_word_it_could_avoid():
    """Every line fits, the words keep their order, the lines are no more than a
    greedy wrap's, and the last word stands alone only when the word before it could
    not join it: "mercy at -200." over "mercy at" and a lone "-200." no more."""
    import random

    pygame.font.init()
    text = theme.Text()
    font = text.font(15)
    rng = random.Random(3)
    words = ("a", "at", "nil", "bid", "mercy", "-200.", "partners", "together", "13,",
             "opponents:", "easy,", "normal", "or", "hard.")
    for _ in range(400):
        paragraph = " ".join(rng.choice(words) for _ in range(rng.randint(1, 16)))
        width = rng.randint(60, 260)
        lines = text.wrap(paragraph, 15, width)
        assert " ".join(lines) == paragraph
        assert all(font.size(line)[0] <= width or " " not in line for line in lines)
        greedy = text.greedy_lines(paragraph, 15, width)
        assert len(lines) == len(greedy), (paragraph, width, lines)
        if len(lines) >= 2 and " " not in lines[-1]:
            before = lines[-2].split(" ")
            assert len(before) < 3 or \
                font.size(f"{before[-1]} {lines[-1]}")[0] > width, (paragraph, width, lines)
    lines = text.wrap("West and East, your opponents: easy, normal or hard.", 15,
                      font.size("opponents: easy, normal or")[0])
    assert lines[-1] == "or hard.", lines  # a greedy wrap left "hard." alone
