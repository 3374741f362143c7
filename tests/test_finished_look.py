"""A finished look (issue 16, items 4 and 5): what the table says about a result in the
player's own names, the score sheet's marks, rounded percentages, the phone's hand
split at a change of suit, the message line beside the turn prompt, the thinking cue,
the demonstration, and one tap from the menu to a dealt table."""

from __future__ import annotations

import dataclasses
from itertools import combinations
from types import SimpleNamespace

import pytest
from ui_driver import Driver, act, play_until

from spades.engine import STANDARD, Rules
from spades.engine.scoring import ScoreLine, score_team
from spades.ui.pages.menu import stat_text
from spades.ui.speech.words import (
    line_text,
    match_over_title,
    match_record_line,
    percent,
    sheet_bids,
)

NAMES = ("You", "Wren", "Noor", "Eli")
SHORT = Rules(target=150)


def recording(d: Driver) -> list[str]:
    """Every string the drawer writes from now on."""
    seen: list[str] = []
    text = d.app.drawer.text
    blit = text.blit

    def record(surface, string, *args, **kwargs):
        seen.append(string)
        return blit(surface, string, *args, **kwargs)

    text.blit = record
    return seen


# --- wording by example -------------------------------------------------------------


def test_match_over_speaks_to_the_player_with_the_final_score():
    assert match_over_title(0, (512, 347), NAMES) == "You and Noor win 512 to 347"
    assert match_over_title(1, (347, 512), NAMES) == "Wren and Eli win 512 to 347"
    # A player who gave a name is still spoken to as You.
    assert match_over_title(0, (510, 90), ("Sam", "Wren", "Noor", "Eli")) == \
        "You and Noor win 510 to 90"


def test_breakdown_lines_name_players_as_the_header_does():
    made = ScoreLine("nil_made", 100, 0, 0, 2)
    failed = ScoreLine("blind_nil_failed", -200, 0, 1, 0)
    assert line_text(made, NAMES) == "Noor's nil made"
    assert line_text(failed, NAMES) == "Your blind nil failed"
    assert line_text(ScoreLine("nil_failed", -100, 0, 2, 1), NAMES) == "Wren's nil failed"
    assert line_text(ScoreLine("contract_made", 70, 0, 7), NAMES) == "Contract of 7 made"
    assert "North" not in line_text(made, NAMES)


def _result(team_bids, team_tricks):
    teams = tuple(score_team(STANDARD, t, team_bids[t], team_tricks[t], 0, 0) for t in (0, 1))
    return SimpleNamespace(teams=teams)


def test_score_sheet_marks_made_and_failed_nils_and_sets():
    # Us: 7 and nil, took 9 with the nil taking none: contract made, nil made.
    # Them: 5 and nil, took 4 with the nil taking one: set, nil failed.
    r = _result(((7, 0), (5, 0)), ((9, 0), (3, 1)))
    assert sheet_bids(r, 0) == [("7", True), ("nil", True)]
    assert sheet_bids(r, 1) == [("5", False), ("nil", False)]
    both_nil = _result(((0, 0), (4, 4)), ((0, 0), (6, 7)))
    assert sheet_bids(both_nil, 0) == [("nil", True), ("nil", True)]
    assert sheet_bids(_result(((3, 3), (4, 3)), ((6, 0), (7, 0))), 0) == [("6", True)]


def test_the_match_over_record_counts_contracts_nils_and_bags_by_example():
    # Hand 1: 7 and nil, took 9 (nil made): made, 2 bags. Hand 2: 4 and 4, took 6: set.
    # Hand 3: both nil, both made: no contract. Hand 4: 3 and 3, took 6: made exactly.
    history = [_result(((7, 0), (5, 0)), ((9, 0), (3, 1))),
               _result(((4, 4), (2, 2)), ((3, 3), (4, 3))),
               _result(((0, 0), (4, 4)), ((0, 0), (6, 7))),
               _result(((3, 3), (4, 3)), ((3, 3), (7, 0)))]
    assert match_record_line(history) == ("In 4 hands your team made 2 of 3 contracts, "
                                          "3 of 3 nils and took 2 bags.")
    assert match_record_line(history[1:2]) == \
        "In 1 hand your team made 0 of 1 contract and took no bags."


def test_percentages_round_to_the_nearest():
    assert percent(163, 200) == 82  # 81.5%
    assert percent(37, 200) == 19  # 18.5%
    assert percent(1, 3) == 33 and percent(2, 3) == 67
    assert stat_text(163, 200) == "163 of 200 (82%)"
    assert stat_text(0, 0) == "0 of 0"


# --- drawn on the real table ------------------------------------------------------


def test_the_drawn_breakdown_names_the_nil_bidder_and_match_over_speaks():
    d = Driver("--speed", "instant", rules=SHORT)
    play_until(d, "breakdown")
    e = d.scene.breakdown
    ours = e.teams[0]
    ours = ours._replace(lines=ours.lines + (ScoreLine("nil_made", 100, 0, 0, 2),))
    d.scene.breakdown = dataclasses.replace(e, teams=(ours, e.teams[1]))
    seen = recording(d)
    d.frame()
    assert "Noor's nil made" in seen
    assert not any("North's" in s for s in seen)
    play_until(d, "over")
    seen.clear()
    d.frame()
    result = d.scene.result
    high, low = max(result.scores), min(result.scores)
    winners = "You and Noor" if result.winner == 0 else "Wren and Eli"
    assert f"{winners} win {high} to {low}" in seen


@pytest.mark.parametrize("size,touch", [("1280x720", False), ("390x844", True),
                                        ("360x640", True), ("844x390", False),
                                        ("320x480", True)])
def test_match_over_says_the_teams_record_and_sets_names_on_the_scores_baseline(size, touch):
    """The match-over panel says the player's team's match in a sentence (contracts,
    nils, bags: "6 hands played" said less than the score sheet), every word of it
    inside the panel and clear of its buttons, and each team's name sits on the
    baseline of its score (it was centred on the score's taller line, 5 px higher
    than the number's foot)."""
    d, record = drawn_when("over", size, touch)
    drawn = [r for r in record if r.rect is not None]
    panel = d.scene.overlay_rect("match_over")
    said = match_record_line(d.scene.match.history)
    told = [r for r in drawn if r.text and r.text in said and " " in r.text]
    assert " ".join(r.text for r in told) == said
    assert all(panel.contains(r.rect) for r in told)
    buttons = [c.rect for c in d.scene.controls if c.key[0] == "btn"]
    assert buttons and not any(r.rect.collidelist(buttons) >= 0 for r in told)  # the
    # panel is as tall as its words: at 320x480 they ran on under its buttons
    scores = d.scene.result.scores
    text = d.app.text
    for team, name in ((0, "You & Noor"), (1, "Wren & Eli")):
        who = next(r for r in drawn if r.text.endswith(name))
        score = next(r for r in drawn if r.text == str(scores[team]) and r.bold
                     and abs(r.rect.centery - who.rect.centery) < 30)
        foot = [r.rect.top + text.font(r.size, True).get_ascent() for r in (who, score)]
        assert abs(foot[0] - foot[1]) <= 1, (name, foot)


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844"])
def test_a_tall_breakdown_leaves_the_hand_caption_in_view(size):
    d = Driver("--speed", "instant", "--size", size, rules=SHORT)
    play_until(d, "breakdown")
    e = d.scene.breakdown
    extra = (ScoreLine("nil_made", 100, 0, 0, 2), ScoreLine("bag_penalty", -100, 0, 10))
    teams = tuple(t._replace(lines=t.lines + extra) for t in e.teams)
    d.scene.breakdown = dataclasses.replace(e, teams=teams)
    panel = d.scene.overlay_rect("breakdown")
    assert panel.top > d.scene.caption_bottom()
    assert panel.bottom <= d.scene.layout.height


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844", "844x390", "320x480"])
@pytest.mark.parametrize("touch", [False, True])
def test_the_breakdowns_totals_rule_stands_clear_of_the_line_above(size, touch):
    """The rule over "Hand total" in the hand's breakdown (reached by finger or by
    mouse) never touches the line above it, however many lines a side has: it read
    as an underline of "North's nil made +100", or a strike-through."""
    from ui_driver import act

    d = Driver("--speed", "instant", "--size", size, rules=SHORT)
    while (situation := d.wait_for_player()) != "breakdown":
        act(d, situation, touch=touch)
    e = d.scene.breakdown
    extra = (ScoreLine("nil_made", 100, 0, 0, 2),)
    d.scene.breakdown = dataclasses.replace(e, teams=(e.teams[0]._replace(
        lines=e.teams[0].lines + extra), e.teams[1]))
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    screen = d.app.screen
    totals = [r for r in record if r.text == "Hand total" and r.rect is not None]
    assert len(totals) == 2
    for total in totals:
        above = max((r for r in record if r.rect is not None and r.rect.x == total.rect.x
                     and r.rect.y < total.rect.y and r.text), key=lambda r: r.rect.y)
        ink = [y for y in range(above.rect.top, total.rect.top) for x in range(
            above.rect.left, above.rect.right) if sum(screen.get_at((x, y))[:3]) < 300]
        rule = [y for y in range(above.rect.top, total.rect.top)
                if screen.get_at((total.rect.x + 2, y))[:3] == (180, 180, 170)]
        assert rule and ink, (size, above.text)
        # 2 px before: it read as touching
        assert min(rule) - max(ink) >= 4, (size, above.text, max(ink), rule)
        glyphs = [y for y in range(total.rect.top, total.rect.bottom) for x in range(
            total.rect.left, total.rect.right) if sum(screen.get_at((x, y))[:3]) < 300]
        assert min(glyphs) - max(rule) >= 2, (size, min(glyphs), rule)


def drawn_breakdown(size: str, touch: bool) -> tuple[Driver, list]:
    """A short match played by finger (or mouse) to its first hand's breakdown, and
    the strings the next frame draws."""
    return drawn_when("breakdown", size, touch)


def drawn_when(wanted: str, size: str, touch: bool) -> tuple[Driver, list]:
    """A short match played by finger (or mouse) until the table waits for
    ``wanted`` ('breakdown', 'over'), and the strings the next frame draws."""
    d = Driver("--speed", "instant", "--size", size, rules=SHORT)
    while (situation := d.wait_for_player()) != wanted:
        act(d, situation, touch=touch)
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    return d, record


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844", "844x390", "320x480"])
@pytest.mark.parametrize("touch", [False, True])
def test_the_breakdowns_two_sides_stand_apart_with_a_rule_between(size, touch):
    """Us's column ends well short of Them's, with a rule down the gutter between: Us's
    "+100" stood 7 to 10 px from "Them: Wren & Eli" and read as the start of Them's
    column (second fresh-eye review). Reached by finger or by mouse."""
    d, record = drawn_breakdown(size, touch)
    box = d.scene.overlay_rect("breakdown")
    heads = {r.text.split(":")[0]: r.rect for r in record if r.rect is not None
             and r.text.startswith(("Us:", "Them:"))}
    them = heads["Them"]
    last = max(r.rect.bottom for r in record if r.rect is not None
               and r.text in ("Running total", "Bags carried"))
    start = next(i for i, r in enumerate(record) if r.text.startswith("Us:"))
    words = [r.rect for r in record[start:] if r.rect is not None  # the panel's, not the
             and box.contains(r.rect) and r.rect.bottom <= last]  # table's under it
    ours = [r for r in words if r.centerx < them.left]
    theirs = [r for r in words if r.left >= them.left]
    gap = min(r.left for r in theirs) - max(r.right for r in ours)
    lay = d.scene.layout
    assert gap >= max(16, 3 * lay.pad) - 1, (size, gap)
    screen, x = d.app.screen, max(r.right for r in ours) + gap // 2
    line = [y for y in range(them.top, them.bottom + 3 * them.height)
            if screen.get_at((x, y))[:3] == (200, 200, 190)]
    assert len(line) >= 2 * them.height, (size, x, len(line))


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844", "844x390", "640x360",
                                  "568x320", "480x320"])
@pytest.mark.parametrize("more", [False, True])
def test_every_line_of_the_breakdown_stands_above_its_buttons_bags_included(size, more):
    """On a short window the last line of each side, "Bags carried", was drawn half under
    the buttons (480x320, fresh-eye review): where the lines do not fit, the bags go
    beside the running total; every side still says its bags (``more``: with two lines
    more, a nil and a bag penalty)."""
    d, record = drawn_breakdown(size, False)
    if more:
        e = d.scene.breakdown
        extra = (ScoreLine("nil_made", 100, 0, 0, 2), ScoreLine("bag_penalty", -100, 0, 10))
        d.scene.breakdown = dataclasses.replace(e, teams=(e.teams[0]._replace(
            lines=e.teams[0].lines + extra), e.teams[1]))
        record = []
        d.app.text.record = record
        d.frame()
        d.app.text.record = None
    box = d.scene.overlay_rect("breakdown")
    buttons = [c.box for c in d.scene.build_controls() if c.box is not None and
               box.contains(c.box)]
    top = min(b.top for b in buttons)
    start = next(i for i, r in enumerate(record) if r.text.startswith("Us:"))
    words = [r for r in record[start:] if r.rect is not None and r.text and
             box.contains(r.rect) and not any(b.contains(r.rect) for b in buttons)]
    assert words and all(r.rect.bottom <= top for r in words), \
        (size, [(r.text, r.rect.bottom) for r in words if r.rect.bottom > top], top)
    bags = [r.text for r in words if r.text.startswith(("Bags carried",
                                                         "Running total, bags"))]
    assert len(bags) == 2, (size, bags)


# --- the phone's hand ---------------------------------------------------------------


TWO_ROW_SIZES = [(390, 844), (412, 915), (360, 740), (500, 320), (600, 1000)]


@pytest.mark.parametrize("size", TWO_ROW_SIZES)
def test_the_two_row_hand_never_cuts_a_suit_when_a_change_is_within_reach(size):
    import random

    from spades.ui.layout.window import MIN_STEP, compute_layout
    from spades.ui.table.choreography import hand_order

    lay = compute_layout(*size)
    assert lay.hand_rows == 2
    rng = random.Random(size[0])
    for _ in range(400):
        count = rng.choice((13, 12, 11, 10, 9, 8))
        hand = hand_order(rng.sample(range(52), count))
        suits = [c // 13 for c in hand]
        split = lay.hand_split(suits)
        within = [i for i in range(1, count) if suits[i] != suits[i - 1]
                  and max(i, count - i) <= lay.row_capacity]
        if within:
            assert split is not None and suits[split] != suits[split - 1], (suits, split)
            # The nearest such change to the middle.
            assert abs(2 * split - count) == min(abs(2 * i - count) for i in within)
        rects = lay.hand_rects(count, split)
        rows = sorted({r.y for r in rects})
        assert len(rows) <= 2
        for y in rows:
            row = [r for r in rects if r.y == y]
            for a, b in zip(row, row[1:], strict=False):
                # Every card keeps a strip a finger can pick.
                assert b.x - a.x >= min(MIN_STEP, lay.hand_step), (size, suits, split)
            for r in row:
                assert lay.hand_area.contains(r.move(0, -lay.lift)), (size, r)


def test_a_phone_hand_splits_where_a_suit_ends_not_at_the_sixth_card():
    from spades.ui.layout.window import compute_layout

    lay = compute_layout(390, 844)
    # Three hearts, five clubs, then diamonds and spades: before, the split could only
    # fall at card 6 or 7, cutting the clubs or the diamonds.
    suits = [1] * 3 + [0] * 5 + [2] * 2 + [3] * 3
    assert lay.hand_split(suits) == 8
    rects = lay.hand_rects(13, 8)
    assert len({r.y for r in rects[:8]}) == 1 and rects[0].y < rects[8].y
    assert rects[1].x - rects[0].x >= 44 and rects[9].x - rects[8].x >= 44


# --- one tap to play ----------------------------------------------------------------


def tap(d: Driver, key: tuple, touch: bool, part: str | None = None) -> None:
    """A tap on the widget or control ``key`` (a stepper's ``part``: "back", "next"):
    a finger, or the mouse."""
    import pygame

    scene = d.scene
    if hasattr(scene, "group"):
        scene.build_controls()
        target = scene.group.find(key)
    else:
        target = d.control(key)
    assert target is not None, f"no {key} on {type(scene).__name__}"
    if getattr(target, "area", None) is not None and not target.area.view.contains(
            target.rect):
        target.area.reveal(target.box)  # scrolled into view (drags are 15's tests)
    rect = dict(target.parts(scene.look()))[part] if part else target.rect
    x, y = rect.center
    if touch:
        w, h = d.app.screen.get_size()
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(kind, x=x / w, y=y / h, dx=0.0, dy=0.0,
                                                 touch_id=7, finger_id=0, pressure=1.0))
    else:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=(x, y), button=1))
    d.frame()


@pytest.mark.parametrize("touch,size", [(False, "1280x720"), (True, "390x844")])
def test_one_tap_from_the_menu_deals_with_the_last_used_rules(touch, size):
    from spades import storage
    from spades.engine.rules import PRESETS
    from spades.ui.app import App, parse_args
    from spades.ui.pages.menu import MenuScreen
    from spades.ui.table.scene import TableScene

    d = Driver("--speed", "instant", "--size", size, start=False)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.show_menu()
    d.frame()
    assert isinstance(d.scene, MenuScreen)
    first = d.scene.build_controls()[0]
    assert first.key == ("row", "play") and first.primary
    tap(d, ("row", "play"), touch)  # the first time: standard rules, normal players
    assert isinstance(d.scene, TableScene)
    assert d.scene.match.rules == PRESETS["standard"]
    assert d.scene.options.strengths == ("normal", "normal", "normal")
    d.until(lambda: d.scene.shown.face_up and d.scene.view.my_turn)
    assert len(d.scene.shown.hand) == 13  # dealt, and the player's cards shown

    # House rules: the game and its presets first, the detailed options folded under
    # them.
    d.app.show_menu()
    d.frame()
    tap(d, ("row", "new"), touch)
    keys = [w.key[1] for w in d.scene.build_controls()]
    assert keys.index("preset") < keys.index("details") and keys[:2] == ["game", "preset"]
    assert "target" not in keys  # folded
    tap(d, ("row", "preset"), touch, "next")  # standard -> classic
    tap(d, ("row", "opponents_strength"), touch, "next")
    chosen = d.app.settings.opponents_strength
    assert chosen != "normal"
    tap(d, ("row", "details"), touch)
    assert "target" in [w.key[1] for w in d.scene.build_controls()]
    tap(d, ("foot", "start"), touch)  # Start match keeps the choice (Back cancels it)
    assert isinstance(d.scene, TableScene)
    d.app.show_menu()
    d.frame()
    assert isinstance(d.scene, MenuScreen)

    # A saved match: Continue stays first; Play asks once before replacing it.
    keys = [w.key[1] for w in d.scene.build_controls()]
    assert keys[:2] == ["continue", "play"]
    tap(d, ("row", "play"), touch)
    assert isinstance(d.scene, MenuScreen) and d.scene.message
    tap(d, ("row", "play"), touch)
    assert isinstance(d.scene, TableScene)
    assert d.scene.match.rules == PRESETS["classic"]
    assert d.scene.options.strengths == (chosen, "normal", chosen)

    # The next visit (a new start of the game) deals with the same last-used rules.
    again = App(parse_args(["--speed", "instant", "--size", size]))
    d.app = again
    d.app.show_menu()
    d.frame()
    tap(d, ("row", "play"), touch)
    tap(d, ("row", "play"), touch)
    assert isinstance(d.scene, TableScene) and d.scene.match.rules == PRESETS["classic"]


# --- the demonstration --------------------------------------------------------------


@pytest.mark.parametrize("touch,size", [(False, "1280x720"), (True, "390x844")])
def test_the_demonstration_explains_a_trick_on_the_table_and_points_at_the_card(touch, size):
    from spades.engine import parse_card
    from spades.ui.demo.tutorial import DemoScene

    d = Driver("--speed", "fast", "--size", size, start=False)
    d.app.start_demo()
    demo = d.scene
    assert isinstance(demo, DemoScene)
    d.until(lambda: demo.waiting and demo.step() == "welcome", 400)
    tap(d, ("btn", "tutor_next"), touch)
    d.until(lambda: demo.can_act(), 2000)
    tap(d, ("bid", 3), touch)
    tap(d, ("btn", "confirm"), touch)
    two = parse_card("2S")
    d.until(lambda: demo.can_act() and demo.step() == "trump", 2000)
    d.frame()
    arrow = d.app.drawer.pointer
    card = d.control(("card", two)).rect
    assert arrow is not None and arrow.bottom <= card.top
    assert card.x <= arrow.centerx <= card.x + d.scene.layout.hand_step
    tap(d, ("card", two), touch)
    d.until(lambda: demo.holding, 2000)
    for _ in range(200):  # however long the player reads, the trick stays
        assert demo.step() == "broken"
        assert len(demo.shown.trick) == 4 and demo.shown.winner_card == two
        d.frame()
    assert d.app.drawer.pointer is None  # nothing is asked for while it explains
    tap(d, ("btn", "tutor_next"), touch)
    d.until(lambda: demo.can_act(), 2000)
    assert demo.step() == "lead" and not demo.shown.trick
    d.frame()
    king = d.control(("card", parse_card("KC"))).rect
    assert d.app.drawer.pointer is not None and d.app.drawer.pointer.bottom <= king.top


# --- the message line, the turn prompt, the thinking cue -----------------------------


LAYOUT_SIZES = [(1280, 720), (800, 600), (390, 844), (1920, 1080), (1024, 768), (360, 740),
                (412, 915), (700, 420), (640, 480)]


@pytest.mark.parametrize("size", LAYOUT_SIZES)
def test_the_message_line_and_the_turn_prompt_sit_apart_over_the_hand(size):
    from pygame import Rect

    from spades.ui.layout.window import compute_layout

    lay = compute_layout(*size)
    screen = Rect(0, 0, *size)
    msg, prompt = lay.message, lay.prompt
    assert screen.contains(msg) and screen.contains(prompt)
    assert not msg.colliderect(prompt) and msg.bottom <= prompt.top
    assert prompt.height >= 2 * 15  # two lines of the smallest text for a coach's reason
    for rect in [lay.hand_area, *lay.badges, *lay.packets]:
        assert not prompt.colliderect(rect) and not msg.colliderect(rect), (rect, size)
    # By the hand: right above it and centred on it.
    assert 0 <= lay.hand_area.top - prompt.bottom <= 2 * lay.pad + lay.badges[0].height
    assert abs(prompt.centerx - lay.hand_area.centerx) <= lay.pad


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844"])
def test_a_flash_never_hides_the_turn_prompt_or_the_coachs_reason(size):
    d = Driver("--speed", "fast", "--size", size, rules=SHORT)
    seen = recording(d)
    d.scene.options.coach = False  # (a setting kept from an earlier test)
    play_until(d, "play")
    # What the table flashes as the play begins, while it is the player's turn.
    flash = "Contracts: us 7, them 6"
    d.scene.flash = (flash, d.scene.now + 2.0)
    d.frame()
    assert any(s in flash for s in seen)  # the flash is drawn...
    assert any(s.startswith("Your turn") for s in seen)  # ...and so is the prompt
    drawn = d.app.drawer.drawn_message
    assert drawn is not None and not drawn.colliderect(d.scene.layout.prompt)
    # The coach's reason stays in view under a long message (a rules hint).
    d.press("c")
    d.press("h")
    seen.clear()
    d.frame()
    reason = d.scene.coach()[1]
    drawn_text = " ".join(seen)
    assert all(word in drawn_text for word in reason.split()[:3]), reason
    assert not d.app.drawer.drawn_message.colliderect(d.scene.layout.prompt)


def test_a_thinking_computer_seat_shows_an_animated_cue_of_at_least_12_px():
    import pygame

    d = Driver("--speed", "slow", "--size", "390x844", rules=SHORT)
    drawer = d.app.drawer

    def computer_thinking() -> bool:
        s = d.scene
        return s.idle and s.shown.to_act in (1, 2, 3) and not s.overlays
    assert d.until(computer_thinking, 4000)
    d.frame()
    seat = d.scene.shown.to_act
    cue = drawer.thinking_drawn.get(seat)
    assert cue is not None and cue.width >= 12 and cue.height >= 12
    assert d.scene.layout.badges[seat].contains(cue)
    before = pygame.Surface(cue.size)
    before.blit(d.app.screen, (0, 0), cue)
    d.frame(3)
    if d.scene.shown.to_act == seat:
        after = pygame.Surface(cue.size)
        after.blit(d.app.screen, (0, 0), cue)
        assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")
    assert 1 not in drawer.thinking_drawn or d.scene.shown.to_act == 1


@pytest.mark.parametrize("size", ["844x390", "568x320", "1280x720", "800x600"])
def test_the_thinking_ring_stays_inside_its_badge_and_clear_of_the_name(size):
    """The ring of dots round a thinking player's face lies a pixel inside the badge's
    4-px gold turn edge, clear of the team's bar and of the name. In a phone held
    sideways (44-px badges) it had run over the edge top and bottom and touched the
    "W" of "West"."""
    d = Driver("--speed", "slow", "--size", size, rules=SHORT)
    drawer = d.app.drawer
    seen: set[int] = set()
    for _ in range(4000):
        s = d.scene
        if s.idle and s.shown.to_act in (1, 2, 3) and not s.overlays:
            seat = s.shown.to_act
            record: list = []
            d.app.text.record = record
            d.frame()
            d.app.text.record = None
            cue = drawer.thinking_drawn.get(seat)
            if cue is not None and d.scene.shown.to_act == seat:
                badge = d.scene.layout.badges[seat]
                assert badge.inflate(-10, -10).contains(cue), (size, seat, cue, badge)
                assert cue.left >= badge.x + 8, (size, seat)  # clear of the team's bar
                name = [r.rect for r in record if r.text == d.scene.names[seat]
                        and r.rect is not None and badge.contains(r.rect)]
                assert name and not name[0].colliderect(cue), (size, seat, name, cue)
                seen.add(seat)
            if seen == {1, 2, 3}:
                break
            continue
        if d.situation() is not None:
            act(d, d.situation(), last=False)
        else:
            d.frame()
    assert seen == {1, 2, 3}, seen


def test_a_small_thinking_cue_is_a_row_of_dots_not_a_ring():
    """In a narrow badge's corner a ring of eight dots read as a settings cog: the
    small cue is three dots in a row, lit in turn."""
    import pygame

    from spades.ui.art import theme

    d = Driver("--size", "390x844", rules=SHORT)
    surface = pygame.Surface((40, 40))
    for now in (0.0, 0.4, 0.7):
        surface.fill((10, 36, 24))
        d.app.drawer.thinking(surface, (20, 20), 10, now)
        lit = [(x, y) for x in range(40) for y in range(40)
               if surface.get_at((x, y))[:3] != (10, 36, 24)]
        rows = {y for _, y in lit}
        columns = sorted({x for x, _ in lit})
        assert max(rows) - min(rows) <= 6  # one row, not a ring of ten pixels' radius
        blobs = 1 + sum(1 for a, b in zip(columns, columns[1:], strict=False) if b > a + 1)
        assert blobs == 3
        brightest = max(lit, key=lambda p: sum(surface.get_at(p)[:3]))
        assert surface.get_at(brightest)[:3] == theme.GOLD[:3]


# --- statistics ---------------------------------------------------------------------


def test_the_chart_scale_has_round_values_with_zero():
    from spades.ui.pages.menu import axis_ticks

    assert axis_ticks(-80, 130) == [-100, 0, 100, 200]
    assert axis_ticks(3, 91) == [0, 25, 50, 75, 100]
    assert axis_ticks(0, 0) == [0, 10]
    for low, high in ((-230, 412), (-5, 7), (0, 1), (-600, -10), (17, 17)):
        ticks = axis_ticks(low, high)
        assert 0 in ticks and ticks[0] <= min(low, 0) and ticks[-1] >= max(high, 0)
        assert len({b - a for a, b in zip(ticks, ticks[1:], strict=False)}) == 1


@pytest.mark.parametrize("touch,size", [(False, "1280x720"), (True, "390x844")])
def test_statistics_offer_reset_only_with_something_to_reset_and_label_the_chart(touch,
                                                                                 size):
    import random

    from spades import storage
    from spades.engine import STANDARD, Match
    from spades.storage import Statistics
    from spades.ui.pages.menu import StatsScreen, axis_ticks

    d = Driver("--speed", "instant", "--size", size, start=False)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.show(StatsScreen(d.app))
    d.frame()
    assert ("row", "reset") not in [w.key for w in d.scene.build_controls()]
    stats = Statistics()
    rng = random.Random(5)
    match = Match(STANDARD.with_options(target=150), 5)
    while not match.is_over:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    stats = stats.record_match(match.history, match.winner, False, "standard")
    storage.save_statistics(d.app.store, stats)
    d.app.show(StatsScreen(d.app))
    seen = recording(d)
    d.frame()
    points = [p for m in stats.recent for p in m.points]
    for value in axis_ticks(min(points), max(points)):
        assert (f"{value:+d}" if value else "0") in seen, value
    assert ("row", "reset") in [w.key for w in d.scene.build_controls()]
    tap(d, ("row", "reset"), touch)
    tap(d, ("row", "reset"), touch)
    assert storage.load_statistics(d.app.store).is_empty
    assert ("row", "reset") not in [w.key for w in d.scene.build_controls()]
    assert d.scene.message and "reset" in d.scene.message[0]


@pytest.mark.parametrize("size", LAYOUT_SIZES + [(600, 1000), (375, 667), (320, 480), (500, 584)])
def test_no_card_peeks_from_under_the_bid_panel(size):
    from spades.ui.layout.window import compute_layout

    lay = compute_layout(*size)
    panel = lay.bid_panel
    for seat in (1, 2, 3):
        for rect in lay.fan_rects(seat, 13):
            assert panel.contains(rect) or not panel.colliderect(rect), (size, seat, rect)
    # The panel's own parts stay inside it.
    for rect in lay.bid_buttons + [lay.bid_confirm, lay.bid_title]:
        assert panel.contains(rect)


@pytest.mark.parametrize("size", ["390x844", "800x600"])
def test_no_card_stub_peeks_from_under_an_open_panel(size):
    import pygame
    from pygame import Rect

    class Recorder(pygame.Surface):
        def __init__(self, size):
            super().__init__(size)
            self.log: list[Rect] = []

        def blit(self, source, dest, *args, **kwargs):
            self.log.append(Rect(dest[0], dest[1], *source.get_size()))
            return super().blit(source, dest, *args, **kwargs)

    d = Driver("--speed", "instant", "--size", size, rules=SHORT)
    scene = d.scene
    lay = scene.layout
    card_sizes = {(lay.back_w, lay.back_h), (lay.trick_w, lay.trick_h),
                  (lay.packet_w, lay.packet_h)}
    checked = 0
    for _ in range(40):
        play_until(d, "play")
        if scene.shown.trick and scene.shown.last_trick:
            break
        from ui_driver import act

        act(d, "play")
    for name in ("last", "scores", "help"):
        scene._open(name)
        scene.build_controls()
        surface = Recorder(d.app.screen.get_size())
        d.app.drawer.draw(surface, scene)
        panel = scene.overlay_rect(name)
        for rect in surface.log:
            if rect.size in card_sizes and panel.colliderect(rect):
                checked += 1
                assert panel.contains(rect), (name, rect, panel)
        scene._close(name)
    assert scene.shown.trick  # a trick was on the table under the panels


def test_on_a_phone_the_breakdown_sits_between_the_caption_and_the_players_badge():
    d = Driver("--speed", "instant", "--size", "390x844", rules=SHORT)
    play_until(d, "breakdown")
    panel = d.scene.overlay_rect("breakdown")
    assert panel.top > d.scene.caption_bottom()
    assert panel.bottom <= d.scene.layout.badges[0].top  # the badge is not cut in two


@pytest.mark.parametrize("size", ["800x600", "1024x768", "1280x720", "390x844", "844x390",
                                  "915x412"])
@pytest.mark.parametrize("touch", [True, False])
def test_the_hands_and_the_matchs_result_leave_the_players_badge_whole(size, touch):
    """The hand's breakdown and the match's result stand clear of "You" wherever the
    window has room: between the caption and the badge, or, on a phone held sideways,
    beside it (the breakdown, taller, only there). Before, the result covered the
    badge's top at 800x600 and cut it in two at 844x390, and the breakdown cut it at
    844x390. (Played by finger or by mouse.)"""
    d = Driver("--speed", "instant", "--size", size, rules=SHORT)
    seen = set()
    while (situation := d.wait_for_player()) != "over":
        if situation == "breakdown" and "breakdown" not in seen:
            seen.add("breakdown")
            if d.scene.layout.compact:  # elsewhere the breakdown may need the height
                assert not d.scene.overlay_rect("breakdown").colliderect(
                    d.scene.layout.badges[0]), size
        act(d, situation, touch=touch)
    panel, badge = d.scene.overlay_rect("match_over"), d.scene.layout.badges[0]
    assert not panel.colliderect(badge), (size, panel, badge)
    assert panel.top > d.scene.caption_bottom()
    assert d.app.screen.get_rect().contains(panel), (size, panel)
    assert seen


# --- the deal -------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844", "360x740", "320x480"])
def test_no_card_of_the_deal_ever_covers_the_dealer_line(size):
    """"You deal" (or "Noor deals") reads whole through the deal: its pixels are the
    same in every frame while the cards fly. Before, each card dealt to the player's
    hand crossed it (the words over a card's white edge, unreadable)."""
    import pygame

    d = Driver("--speed", "normal", "--size", size, rules=SHORT, dt=0.02)
    scene = d.scene
    record: list = []
    d.app.text.record = record
    crops, crossed = set(), 0
    for _ in range(400):
        record.clear()
        d.frame()
        if not scene.shown.dealing:
            if crops:
                break
            continue
        line = [x for x in record if x.text == "You deal" or x.text.endswith(" deals")]
        assert len(line) == 1 and line[0].rect is not None, [x.text for x in record]
        box = line[0].rect
        crossed += any(f.rect_at(scene.now).colliderect(box) for f in scene.flights)
        crops.add(pygame.image.tobytes(d.app.screen.subsurface(box), "RGB"))
    assert crossed >= 3, "the deal's cards fly across the dealer line's place"
    assert len(crops) == 1, (size, len(crops))


# --- the bid grid -------------------------------------------------------------------


def _bidding_with_bids_out(size: str) -> Driver:
    """The player to bid after the partner's 2 (seed 7): 12 and 13 are out."""
    d = Driver("--speed", "instant", "--size", size, "--seed", "7", "--strength", "normal")
    while d.wait_for_player() != "bid":
        d.click(("btn", "look"))
    d.frame()
    return d


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844", "360x740", "320x480"])
def test_bids_the_rules_rule_out_are_flat_and_say_why_where_there_is_room(size):
    """12 and 13 (the partner bid 2, the side may bid 13) are a flat tile with no outline,
    fainter than a live bid; "12 and 13: partners may bid at most 13 together" stands
    under the grid where the panel has room for it (two lines of notes), clear of the
    buttons; the suggestion's note shows at every size, on the smallest phone beside
    Confirm, never over the score bar. Before, they wore an outline much like the
    suggestion's, nothing said why, and the smallest phone dropped the note."""
    from spades.ui.art import theme
    from spades.ui.widgets.style import colours, contrast

    d = _bidding_with_bids_out(size)
    scene, lay = d.scene, d.scene.layout
    controls = {c.key: c for c in scene.build_controls()}
    out = [b for b in range(14) if not controls[("bid", b)].enabled]
    assert out == [12, 13], out
    flat = colours(controls[("bid", 12)].style, False, False, "panel")
    live = colours(controls[("bid", 5)].style, True, False, "panel")
    assert flat.edge is None and flat.fill is not None
    assert contrast(flat.fill, theme.PANEL) < contrast(live.edge, theme.PANEL)
    assert contrast(flat.ink, flat.fill) >= 3.0  # faded, still readable
    record: list = []
    d.app.text.record = record
    d.frame()
    screen = d.app.screen
    for bid in out:
        r = controls[("bid", bid)].rect
        edge = {tuple(screen.get_at((x, r.top + 1)))[:3] for x in range(r.left + 12, r.right - 12)}
        assert edge == {flat.fill}, (size, bid, edge)  # no outline: the tile's own colour
    grid = [controls[("bid", b)].rect for b in range(14)] + [controls[("btn", "confirm")].rect]
    said = {x.text: x.rect for x in record if x.rect is not None}
    why = [t for t in said if t.startswith("12 and 13: partners may bid at most 13")]
    notes = [t for t in said if t.startswith("Outlined")]
    assert notes, (size, sorted(said))
    shown = [said[t] for t in notes + why]
    for rect in shown:
        assert lay.bid_panel.contains(rect) and rect.collidelist(grid) < 0, (size, rect)
        assert not rect.colliderect(lay.top_bar)
    under_grid = lay.bid_note.centerx == lay.bid_confirm.centerx
    if under_grid and lay.bid_note.height >= 2 * round(lay.font_small * 1.3) - 2:
        assert why, (size, sorted(said))
    assert size not in ("1280x720", "390x844") or why, size  # these have the room
    if not under_grid:  # the smallest phone: the note beside Confirm, on its row
        confirm = controls[("btn", "confirm")].rect
        assert all(r.top >= confirm.top - 2 and r.right <= confirm.left for r in shown)


def test_greyed_bids_are_named_with_the_engines_reason():
    from spades.ui.speech.words import greyed_bids_words

    cap = "Partners may bid at most 13 together; your partner bid 2"
    assert greyed_bids_words({12: cap, 13: cap}) == \
        "12 and 13: partners may bid at most 13 together"
    assert greyed_bids_words({11: cap, 12: cap, 13: cap}).startswith("11 to 13: partners")
    assert greyed_bids_words({0: "Only one player of a team may bid nil"}) == \
        "Nil: only one player of a team may bid nil"
    low = "Partners must bid at least 4 together"
    assert greyed_bids_words({1: low, 13: cap}) == (
        "1: partners must bid at least 4 together; 13: partners may bid at most 13 together")


def test_a_scrolled_panel_fades_its_rows_at_an_edge_with_more_beyond():
    """The help cut a line in half at its bottom edge, which read as a mistake: rows
    fade into the panel at an edge with more beyond it, and only there."""
    import pygame

    from spades.ui.art import theme
    from spades.ui.widgets import ScrollArea

    d = Driver("--size", "800x600", rules=SHORT)
    d.frame(5)
    d.press("f1")
    d.frame(5)
    area = d.scene.help_area
    assert area.more  # the help is taller than its window here
    screen = d.app.screen
    view = area.view
    assert {tuple(screen.get_at((x, view.bottom - 1)))[:3]
            for x in range(view.x, view.right)} == {theme.PANEL}  # cut rows fade out

    ink = (20, 20, 20)
    surface = pygame.Surface((300, 300))
    probe = ScrollArea()
    probe.set_view(pygame.Rect(10, 10, 200, 200), 600)

    def edges(offset: float) -> tuple[bool, bool]:
        """Whether the top and the bottom row of the view are faded to the panel."""
        surface.fill(ink)
        probe.offset = offset
        d.app.drawer.scroll_bar(surface, probe)
        top = {tuple(surface.get_at((x, 10)))[:3] for x in range(10, 210)}
        bottom = {tuple(surface.get_at((x, 209)))[:3] for x in range(10, 210)}
        middle = tuple(surface.get_at((100, 110)))[:3]
        assert middle == ink  # the rows in between are untouched
        return top == {theme.PANEL}, bottom == {theme.PANEL}
    assert edges(0) == (False, True)
    assert edges(200) == (True, True)
    assert edges(400) == (True, False)


def test_two_nils_of_a_kind_are_told_once_with_a_mark_each_in_the_short_form():
    from spades.ui.speech.words import short_bids

    assert short_bids([("blind nil", False), ("blind nil", True)]) == [
        ("blind nils", False), ("", True)]
    assert short_bids([("nil", True), ("nil", True)]) == [("nils", True), ("", True)]
    # Nothing shorter to say: a contract and a nil, or two nils of different kinds.
    assert short_bids([("3", True), ("blind nil", False)]) == [("3", True),
                                                               ("blind nil", False)]
    assert short_bids([("blind nil", False), ("nil", True)]) == [("blind nil", False),
                                                                ("nil", True)]


def blind_nils_match():
    """Three hands: in the first You and Noor both bid blind nil (Us trail by 150)."""
    import random

    from spades.engine import BLIND_NIL, LOOK, Bid, Match
    from spades.engine.match import deal_hands

    match = Match(Rules(target=1000, mercy=None), 3, start={
        "dealer": 3, "hands": deal_hands(3, 0, 3), "scores": [0, 150], "bags": [0, 0]})
    for bid in (BLIND_NIL, 4, BLIND_NIL, 4):
        if bid != BLIND_NIL and LOOK in match.legal_actions():
            match.apply(LOOK)
        match.apply(Bid(bid))
    rng = random.Random(3)
    while len(match.history) < 3:
        actions = match.legal_actions()
        threes = [a for a in actions if isinstance(a, Bid) and a.value == 3]
        match.apply(threes[0] if threes else actions[int(rng.random() * len(actions))])
    return match


def drawn_score_sheet(size: str, match, touch: bool) -> tuple[Driver, list]:
    """``match`` at a table of ``size``, its score sheet opened by finger or by mouse
    and drawn once: the driver and every string the sheet drew."""
    d = Driver("--size", size, "--speed", "instant", start=False)
    d.app.start(match)
    d.frame(2)
    (d.tap if touch else d.click)(("tool", "scores"))
    assert d.scene.overlays[-1] == "scores"
    d.frame()
    record: list = []
    d.app.text.record = record
    d.app.drawer.overlay_scores(d.app.screen, d.scene, d.scene.overlay_rect("scores"))
    d.app.text.record = None
    return d, record


def bag_penalty_match():
    """Three hands of bids of one: Us start with 8 bags and pay the penalty in the first
    and third hands, Them in the first."""
    import random

    from spades.engine import LOOK, Bid, Match
    from spades.engine.match import deal_hands

    match = Match(Rules(target=1000, mercy=None), 5, start={
        "dealer": 3, "hands": deal_hands(5, 0, 3), "scores": [120, 150], "bags": [8, 7]})
    rng = random.Random(5)
    while len(match.history) < 3:
        actions = match.legal_actions()
        if LOOK in actions:
            match.apply(LOOK)
            continue
        ones = [a for a in actions if isinstance(a, Bid) and a.value == 1]
        match.apply(ones[0] if ones else actions[int(rng.random() * len(actions))])
    return match


@pytest.mark.parametrize("size", ["1280x720", "800x600", "844x390", "390x844", "320x480"])
@pytest.mark.parametrize("touch", [False, True])
def test_the_score_sheet_tells_a_bag_penalty_apart_from_the_hands_points(size, touch):
    """A made contract whose ten bags cost 100 reads "+23 -100" in the score sheet,
    the penalty in red beside the hand's own points and the bags it took in red, so
    that "2 made, won 5, -77" never stands unexplained; every figure keeps clear of the
    next column. Before, the sheet showed "-77" beside a made contract."""
    match = bag_penalty_match()
    d, record = drawn_score_sheet(size, match, touch)
    view = d.scene.score_sheet().view
    shown = [r for r in record if r.rect is not None and view.contains(r.rect)]
    penalties = [r for r in shown if r.text == "-100"]
    penalised = sum(1 for result in match.history for ts in result.teams
                    if any(line.kind == "bag_penalty" for line in ts.lines))
    assert penalised == 3 and len(penalties) == penalised, [r.text for r in shown]
    for penalty in penalties:
        row = sorted((r for r in shown if r.rect.centery == penalty.rect.centery),
                     key=lambda r: r.rect.x)
        i = row.index(penalty)
        own = row[i - 1]  # the hand's own points, just left of the penalty
        assert own.text.startswith("+") and int(own.text) + -100 in {
            ts.points for result in match.history for ts in result.teams}
        assert penalty.rect.left - own.rect.right >= 2, (size, own.rect, penalty.rect)
        won = row[i - 2]  # the tricks won, a column's gap clear of the points
        assert won.text.isdigit() and own.rect.left - won.rect.right >= 6, (size, row)
        total = row[i + 1]
        assert total.rect.left - penalty.rect.right >= 6, (size, row)
        pixels = [d.app.screen.get_at((x, y))[:3] for x in range(penalty.rect.left,
                  penalty.rect.right) for y in range(penalty.rect.top, penalty.rect.bottom)]
        assert any(abs(p[0] - 190) < 30 and p[1] < 90 and p[2] < 90 for p in pixels)
    assert not [r.text for r in shown if r.text.endswith("...")]


@pytest.mark.parametrize("size", ["800x600", "1280x720", "844x390", "740x360", "640x360",
                                  "390x844", "360x740", "320x480"])
@pytest.mark.parametrize("touch", [False, True])
def test_a_long_bid_on_the_score_sheet_keeps_clear_of_the_hands_number(size, touch):
    """"blind nil x blind nil x" (both partners blind nil) and "3 v blind nil x" in the
    score sheet, opened by mouse or finger: every bid stands at least a column's gap
    clear of its hand's number, in full words where the column holds them, else as
    "blind nils" with a mark each, and a rare bid never shrinks the sheet's type on a
    desktop. Before, at 800x600 "blind nil" touched the "1" of its hand (the columns,
    too wide for the sheet, all gave way), and the whole sheet was set at 13 px."""
    d, record = drawn_score_sheet(size, blind_nils_match(), touch)
    scene = d.scene
    view = scene.score_sheet().view
    numbers = [r for r in record if r.rect is not None and view.contains(r.rect)
               and r.text in ("1", "2", "3") and r.rect.x < view.x + 4 * r.size]
    assert len(numbers) >= 3, [r.text for r in record]
    bids = []
    for number in numbers:
        row = [r for r in record if r.rect is not None and r is not number
               and r.rect.centery == number.rect.centery and r.rect.x >= number.rect.x]
        first = min(row, key=lambda r: r.rect.x)
        assert first.rect.x - number.rect.right >= 6, (size, number.text, first.text,
                                                       number.rect, first.rect)
        bids.append(first.text)
    assert "blind nils" in bids or "blind nil" in bids
    assert not [r.text for r in record if r.text.endswith("...")]
    if size in ("800x600", "1280x720"):
        assert min(r.size for r in numbers) == scene.layout.font_small


def emblem_ink(shape: str, size: int = 64) -> set[tuple[int, int]]:
    """The white emblem's pixels inside an avatar's coloured disc."""
    import pygame

    from spades.ui.art.avatar import render

    surf = render(shape, "coral", size)
    c = size / 2
    return {(x, y) for x in range(size) for y in range(size)
            if (x - c) ** 2 + (y - c) ** 2 < (0.85 * c) ** 2
            and min(pygame.Color(surf.get_at((x, y)))[:3]) > 200}


def test_each_avatar_emblem_reads_as_its_own_shape():
    """The eight emblems differ from each other, none too thin to see small (the bolt
    was), and the leaf leans, pointed at both ends: an upright oval with a line down
    it (the old leaf) read as an "0" beside a player's name."""
    from spades.storage.settings import AVATAR_SHAPES

    inks = {shape: emblem_ink(shape) for shape in AVATAR_SHAPES}
    for a, b in combinations(AVATAR_SHAPES, 2):
        apart = len(inks[a] ^ inks[b]) / max(len(inks[a] | inks[b]), 1)
        assert apart > 0.3, (a, b, apart)
    for shape, ink in inks.items():  # bold enough to see on a 16 px badge
        assert len(ink) > 0.4 * len(inks["heart"]), (shape, len(ink))  # old bolt: 0.33
    leaf = inks["leaf"]
    rising = sum(1 for x, y in leaf if (x - 32) * (y - 32) < 0)  # up-right and down-left
    falling = sum(1 for x, y in leaf if (x - 32) * (y - 32) > 0)
    assert rising > 1.5 * falling, (rising, falling)  # the old oval: 271 and 272


def test_no_two_seats_at_a_table_wear_the_same_emblem():
    """Two opponents who differ only by the colour of one emblem read as one (West and
    East were both hearts at the default table): each emblem shows once at a table,
    the player's own choice kept, every computer's face still fixed by its name."""
    import random

    from spades.storage.settings import AVATAR_COLOURS, AVATAR_SHAPES
    from spades.ui.art.avatar import face_for, table_faces

    for extra in (["--autoplay"], []):  # in autoplay every face follows from its name
        d = Driver("--size", "1280x720", "--speed", "instant", "--seed", "11", *extra)
        faces = [d.scene.avatar(seat) for seat in range(4)]
        assert len({shape for shape, _ in faces}) == 4, (d.scene.options.names, faces)
    assert faces[0] == tuple(d.scene.options.avatar)
    rng = random.Random(4)
    letters = "abcdefghijklmnopqrstuvwxyz"
    for _ in range(300):
        names = ["You"] + ["".join(rng.choice(letters) for _ in range(5)) for _ in range(3)]
        own = (rng.choice(AVATAR_SHAPES), rng.choice(AVATAR_COLOURS))
        faces = table_faces(names, own)
        assert faces[0] == own and len({shape for shape, _ in faces}) == 4, (names, faces)
        assert table_faces(names, own) == faces  # the same table, the same faces
        for name, (_, colour) in zip(names[1:], faces[1:], strict=True):
            assert colour == face_for(name)[1]
    clash = next(names for names in (["You", a, b, c] for a in ("Wren", "Eli", "Noor", "Ada")
                                     for b in ("Bo", "Cy", "Di") for c in ("Eve", "Fay"))
                 if face_for(names[1])[0] == face_for(names[3])[0])
    assert table_faces(clash, None)[3][0] != face_for(clash[3])[0]


@pytest.mark.parametrize("size", ["1280x720", "800x600", "844x390", "740x360", "915x412",
                                  "390x844"])
@pytest.mark.parametrize("touch", [False, True])
def test_the_opponent_tag_shows_on_both_opponents_or_on_neither(size, touch):
    """The "opponent" tag beside a name is on West's badge and East's alike, whoever
    deals (the dealer's chip takes room) and however the bidding goes (by finger or
    by mouse): it showed on East and not on West at 1280x720 and 740x360."""
    from ui_driver import act

    for seed in ("11", "23", "5", "8"):
        d = Driver("--size", size, "--speed", "instant", "--seed", seed)
        for _ in range(3):
            record: list = []
            d.app.text.record = record
            d.frame()
            d.app.text.record = None
            tags = [r for r in record if r.text == "opponent" and r.rect is not None]
            assert len(tags) in (0, 2), (size, seed, [r.rect for r in tags])
            situation = d.wait_for_player()
            act(d, situation, touch=touch)


@pytest.mark.parametrize("size", ["1280x720", "844x390", "390x844", "320x480"])
@pytest.mark.parametrize("touch", [False, True])
def test_the_breakdown_tells_each_players_bid_and_tricks(size, touch):
    """The hand's breakdown (the hand bid and played by finger or by mouse) names each
    partner's bid and tricks, "You: bid 7, took 7" and "Noor: nil, took 0", as the
    commercial tables do: a side's "Bid 7, took 7" did not say who took what. Every
    line is drawn whole inside its column."""
    from ui_driver import act

    d = Driver("--speed", "instant", "--size", size, "--seed", "11")
    while (situation := d.wait_for_player()) != "breakdown":
        act(d, situation, touch=touch)
    result = d.scene.match.history[-1]
    bids = dict(result.bids)
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    panel = d.scene.overlay_rect("breakdown")
    drawn = {r.text: r for r in record if r.rect is not None}
    names = d.scene.names
    for seat in range(4):
        took = result.trick_winners.count(seat)
        said = "nil" if bids[seat] == 0 else f"bid {bids[seat]}"
        line = f"{names[seat]}: {said}, took {took}"
        assert line in drawn and panel.contains(drawn[line].rect), (size, line, list(drawn))
    assert not [t for t in drawn if t.endswith("...")]


@pytest.mark.parametrize("size", ["1280x720", "800x600", "1024x768"])
@pytest.mark.parametrize("touch", [False, True])
def test_the_breakdowns_buttons_read_alike(size, touch):
    """Each button under the hand's breakdown says its label on one line, with its key
    beside it (by mouse; no keys after a touch), as its neighbours do: "Computer's
    way" put its "W" under the label while "Replay deal  R" had it beside."""
    d, record = drawn_breakdown(size, touch)
    buttons = [c for c in d.scene.controls if c.key[0] == "btn"]
    assert len(buttons) == 6
    for c in buttons:
        inside = [r for r in record if r.rect is not None and c.rect.contains(r.rect)]
        label = [r for r in inside if r.text == c.label]
        assert label, (c.label, [r.text for r in inside])
        hint = [r for r in inside if r.text == c.hint]
        if touch:
            assert not hint
        else:
            assert hint and abs(hint[0].rect.centery - label[0].rect.centery) <= 3, \
                (c.label, hint, label)
