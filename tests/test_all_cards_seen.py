"""With all cards seen, after a hand: worked out while the hand is played at the
player's own table (nothing of it shown before the hand ends, begun again after a
card taken back); opened from the breakdown by mouse, finger and keys; where it is
worked out only when opened (as at a shared table), the headline first and then the
tricks from the last back while the table keeps drawing, closed at any time and
opened again where it stopped; the partner's cards marked on request, each cost with
the card that would have kept the value, Replay from here starting the same deal at
the turning point's trick, and the whole of it in words for a listener, the headline
while the rest is worked out. The real App."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pygame
import pytest
from ui_driver import Driver, act, drawn_records, play_until, played_frames

from spades.engine.cards import card_name
from spades.solver.review import HandReview
from spades.ui import app as ui_app
from spades.ui.art.theme import Drawn
from spades.ui.speech.seen_words import (
    HINDSIGHT,
    TRICKS_KEY,
    marks_words,
    opening_lines,
    progress_words,
    took_words,
)

# A deal whose review is quick (about half a second natively) and whose turning point
# is in its second trick: "Replay from trick 2" has a trick before it to keep.
SEED = "3"


@pytest.fixture(autouse=True)
def own_saves(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))


def at_breakdown(*args: str, announcements: bool = False, ahead: bool = False) -> Driver:
    """The first hand of SEED played to its breakdown; its review worked out only when
    opened (as at a shared table) unless ``ahead``."""
    d = Driver("--speed", "instant", *args, start=False, ahead=ahead)
    d.app.settings = replace(d.app.settings, announcements=announcements)
    d.app.options = d.app.table_options()
    d.app.options.seed = SEED
    d.app.start()
    play_until(d, "breakdown")
    return d


def test_by_mouse_it_fills_in_from_the_last_trick_closes_mid_way_and_replays_from_there():
    d = at_breakdown()
    table = d.scene
    result = table.finished_hand()
    d.click(("btn", "seen"))
    assert table.overlays[-1] == "seen" and table.screen_kind() == "all_cards_seen"
    review = table.review
    assert review.status == "running"
    # The headline first, then the tricks from the last one back.
    assert d.until(lambda: review.opening() is not None, 600)
    assert not review.trick_done(0)
    assert d.until(lambda: review.trick_done(12), 600)
    assert not review.trick_done(0)
    # Closed mid-analysis: back to the breakdown, the work waits where it was.
    d.click(("btn", "close"))
    assert table.overlays[-1] == "breakdown" and review.status == "running"
    done = list(review.done)
    d.frame(5)
    assert review.done == done
    d.click(("btn", "seen"))
    assert table.review is review  # carried on, not begun again
    assert d.until(lambda: review.status == "done", 3000)
    assert review.turning_point() == 6 and review.opening() is not None
    # The marks: the player's cards only, then the partner's too.
    assert not table.seen_partner
    d.scene.seen_area.scroll_by(0)
    d.click(("btn", "seen_partner"))
    assert table.seen_partner
    replay_button = d.control(("btn", "replay_from"))
    assert replay_button.enabled and replay_button.label == "Replay from trick 2"
    d.click(("btn", "replay_from"))
    replay = d.scene
    assert replay is not table and replay.replay == "Hand 1 from trick 2"
    # The same cards up to the turning point's trick; the player takes it from there.
    assert replay.match.plays[:4] == list(result.plays[:4])
    assert replay.match.dealt == result.hands
    play_until(d, "breakdown")
    d.click(("btn", "next"))  # Back to the match
    assert d.until(lambda: d.scene is table)


def test_worked_out_while_the_hand_is_played_shown_only_after_it_and_ready_on_opening():
    """At the player's own table the review begins at the deal and goes on in the
    frames the computers' thinking leaves; nothing of it is drawn or said before the
    hand ends; opened from the breakdown it is the same review, done or nearly."""
    d = Driver("--speed", "instant", start=False, ahead=True)
    d.app.settings = replace(d.app.settings, announcements=True)
    d.app.options = d.app.table_options()
    d.app.options.seed = SEED
    d.app.start()
    table = d.scene
    assert table.review_ahead
    began_at = None
    for frame, drawn in enumerate(played_frames(d, 5000)):
        if table.overlays and table.overlays[-1] == "breakdown":
            break
        if began_at is None and table.ahead is not None and table.ahead.seconds:
            began_at = (frame, len(table.match.plays))
        words = " ".join(r.text for r in drawn)
        assert "could have" not in words and "kept the best" not in words
        assert "seen" not in table.overlays and table.review is None
    said = " ".join(table.transcript.texts())
    assert "could have" not in said and "cost" not in said
    assert began_at is not None and began_at[1] == 0  # at work before the first card
    review = table.review
    result = table.finished_hand()
    assert table.review_hand == result.hand_number and review.plays == result.plays
    d.click(("btn", "seen"))
    assert table.review is review
    assert d.until(lambda: review.status == "done", 60)
    check = HandReview.of_result(result).run()
    assert review.values == check.values and review.opening() == check.opening()


def test_what_a_frame_leaves_once_drawn_goes_to_the_hands_review_natively(monkeypatch):
    """Natively the frame's idle time after drawing (its 16.7 ms less the frame and a
    margin) works on the hand's review too; none when the frame left too little, in
    the browser, or where the review is worked out only when opened."""
    d = Driver("--speed", "instant", start=False, ahead=True)
    d.app.options = d.app.table_options()
    d.app.options.seed = SEED
    d.app.start()
    table, app = d.scene, d.app
    assert d.until(lambda: table.ahead is not None and table.ahead.status == "running", 200)
    review = table.ahead

    def worked(elapsed_ms: float) -> bool:
        before, slices = review.seconds, len(app.idle_ms)
        app.work_idle(elapsed_ms)
        assert len(app.idle_ms) - slices == (review.seconds > before)
        return review.seconds > before

    assert worked(4.0)
    assert app.busy_ms[-1] >= 4.0 and app.idle_ms[-1] <= ui_app.IDLE_MAX_MS + 2.0
    assert not worked(ui_app.FRAME_MS - ui_app.IDLE_MARGIN_MS - 0.5)  # under 1 ms left
    monkeypatch.setattr(ui_app, "IDLE_WORK", False)
    assert not worked(4.0)  # as in the browser
    monkeypatch.setattr(ui_app, "IDLE_WORK", True)
    table.review_ahead = False
    assert not worked(4.0)  # as at a shared table, the panel closed
    table.review_ahead = True
    assert worked(4.0)


def test_the_loop_gives_the_review_its_idle_time_and_says_so(capsys):
    """``main.py --autoplay``'s own loop: each frame's idle time goes to the review,
    and its report says what that work cost beside the frame-time lines."""
    d = Driver("--autoplay", "--frames", "40", "--speed", "instant", ahead=True)
    asyncio.run(d.app.run())
    out = capsys.readouterr().out
    assert d.app.idle_ms and len(d.app.busy_ms) == len(d.app.idle_ms)
    assert "frame p95" in out and "review in the frames' idle time" in out


@pytest.mark.parametrize("size", ["1280x720", "390x844", "480x320"])
def test_the_progress_bar_stands_clear_of_its_words(size):
    """The bar under "Working it out: ..." covered the words' descenders ("Workinq",
    fresh-eye review)."""
    d = at_breakdown("--size", size)
    d.click(("btn", "seen"))
    assert d.scene.review.status == "running"
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    words = next(r for r in record if r.text.startswith("Working it out") and r.rect)
    screen = d.app.screen
    xs = range(words.rect.left, words.rect.right)
    ink = [y for y in range(words.rect.top, words.rect.bottom + 12) for x in xs
           if sum(screen.get_at((x, y))[:3]) < 300]
    bar = [y for y in range(words.rect.top, words.rect.bottom + 16)
           if screen.get_at((words.rect.left + 6, y))[:3] == (214, 212, 202)]
    assert ink and bar, (size, ink, bar)
    assert min(bar) - max(ink) >= 2, (size, max(ink), min(bar))


def test_once_every_trick_is_worked_out_the_progress_says_what_is_left():
    """"13 of 13 tricks done" while the panel still worked (seed 18, opened only after
    the hand): the keepers were left, and the words now say so. A review as the panel
    reads it: its status, its tricks and which of them are done."""
    from types import SimpleNamespace

    def review(done: int, unfinished: set) -> SimpleNamespace:
        return SimpleNamespace(status="running", unfinished=unfinished,
                               positions=[SimpleNamespace(tricks_left=13)],
                               trick_done=lambda t: t >= 13 - done)

    assert progress_words(review(4, set())) == "Working it out: 4 of 13 tricks done."
    assert progress_words(review(12, {3})) == "Working it out: the hardest position last."
    assert progress_words(review(13, set())) == \
        "Working it out: the cards that would have kept the best result."


def test_a_card_taken_back_begins_the_review_again_and_it_says_the_hand_as_played():
    """Practice Undo in the middle of a hand: the review worked out so far was of cards
    no longer played; it begins again at a deal, and opened after the hand it says
    that hand, the card taken back not in it."""
    d = Driver("--speed", "instant", start=False, ahead=True)
    d.app.options = d.app.table_options()
    d.app.options.seed = SEED
    d.app.start()
    table = d.scene
    while len(table.match.plays) < 9:
        act(d, d.wait_for_player())
    before = table.ahead
    assert before is not None and before.plays == tuple(table.match.plays)
    d.press("u")
    assert before.status == "running"  # Undo asks first: nothing is taken back yet
    d.press("enter")  # Take back
    assert before.status == "cancelled" and table.ahead is not None
    assert table.ahead.plays == tuple(table.match.plays)  # begun again, as played now
    act(d, d.wait_for_player(), last=False)  # another card this time
    play_until(d, "breakdown")
    result = table.finished_hand()
    assert table.review.plays == result.plays
    d.click(("btn", "seen"))
    assert d.until(lambda: table.review.status == "done", 3000)
    check = HandReview.of_result(result).run()
    assert table.review.values == check.values and table.review.kept == check.kept


def test_by_finger_on_a_phone_it_scrolls_marks_the_partner_and_closes():
    d = at_breakdown("--size", "390x844")
    table = d.scene
    d.tap(("btn", "seen"))
    assert table.overlays[-1] == "seen"
    assert d.until(lambda: table.review.status == "done", 3000)
    area = table.seen_area
    assert area.more  # thirteen tricks: more than a phone shows
    x = area.view.centerx
    d.drag((x, area.view.bottom - 40), (x, area.view.top + 40))
    assert area.offset > 0
    # Every row of words stays inside the panel's width.
    text = d.app.text
    for row in table.seen_rows():
        lines = [(line, row.kind == "turning") for line in row.lines]
        lines += [(line, kind == "bad") for line, kind in row.notes]
        for line, bold in lines:
            assert text.font(table.layout.font_small, bold).size(line)[0] <= area.view.width
    assert any(kind == "bad" for row in table.seen_rows() for _, kind in row.notes)
    area.scroll_by(-area.content_h)
    d.frame()
    d.tap(("btn", "seen_partner"))
    assert table.seen_partner
    d.tap(("btn", "close"))
    assert table.overlays[-1] == "breakdown"


def test_by_keys_v_opens_p_marks_escape_closes_and_a_new_hand_starts_a_new_review():
    d = at_breakdown()
    table = d.scene
    d.press("v")
    assert table.overlays[-1] == "seen"
    first = table.review
    d.press("p")
    assert table.seen_partner
    d.press("r")  # the turning point is not known yet: said, nothing replayed
    assert d.scene is table and table.want_replay is None
    d.press("escape")
    assert table.overlays[-1] == "breakdown"
    d.press("enter")  # the next hand
    situation = d.wait_for_player()
    while situation != "breakdown":
        act(d, situation)
        situation = d.wait_for_player()
    d.press("v")
    assert table.review is not first and table.review_hand == 1
    assert first.status == "cancelled"


def test_by_ear_it_says_it_is_hindsight_then_the_whole_review():
    d = at_breakdown(announcements=True)
    table = d.scene
    d.press("v")
    words = table.transcript.texts()
    assert any(HINDSIGHT in w and w.startswith("With all cards seen") for w in words)
    assert d.until(lambda: table.review.status == "done", 3000)
    d.frame()
    said = table.transcript.texts()[-1]
    check = HandReview.of_result(table.finished_hand()).run()
    tricks = check.opening().tricks
    assert said.startswith(HINDSIGHT)
    assert "could have taken" in said and "The turning point, trick 2" in said
    assert f"Us (You & {table.names[2]}) could have taken" in said
    # Seed 3: Them bid 2 and could take one trick at most: said as what was possible.
    assert ("Their contract of 2 could not have been made: your side could always set it."
            in said)
    assert str(tricks[0]) in said or "trick" in said
    # The turning point (the player's card) is said once, not again in the list of
    # the player's costly cards; each other costly card of the player's is said.
    point = check.turning_point()
    assert check.seat_of(point) == 0
    assert said.count(f"{card_name(check.plays[point])} cost") == 1
    for i in range(0, len(check.plays)):
        cost = check.cost(i)
        if check.seat_of(i) == 0 and i != point and cost.costly:
            assert f"Trick {i // 4 + 1}: Your {card_name(check.plays[i])} cost" in said
    assert said.endswith("Every other card of yours kept the best result.")


def test_by_ear_the_headline_is_said_while_the_rest_is_worked_out():
    """Opened before it is done: a listener hears the headline as soon as it is known
    (before, nothing until the whole review), then the whole review."""
    d = at_breakdown(announcements=True)
    table = d.scene
    d.press("v")
    review = table.review
    assert d.until(lambda: review.opening() is not None, 600)
    d.frame()
    assert review.status == "running"
    said = table.transcript.texts()[-1]
    assert said.startswith(f"Us (You & {table.names[2]}) could have taken")
    assert said.endswith("The rest is still being worked out.")
    assert d.until(lambda: review.status == "done", 3000)
    d.frame()
    assert table.transcript.texts()[-1].startswith(HINDSIGHT)


@pytest.mark.parametrize("size", ["1280x720", "844x390"])
def test_with_the_caption_strip_the_tall_panels_start_under_it(size):
    """Desktop with announcements on: the strip of words across the top of the window
    stays over everything, so the review's heading and hindsight line, the help's and
    the pause menu's, start under it (before, the strip hid "With all cards seen")."""
    d = at_breakdown("--size", size, announcements=True)
    table = d.scene
    band, _ = table.caption_band
    assert band > 0
    drawn = d.record_text()
    d.press("v")
    d.frame()
    assert table.seen_panel().top > band
    heading = [pos for text, pos in drawn if text == "With all cards seen"]
    assert heading and all(pos[1] > band for pos in heading)
    d.press("escape")
    d.press("f1")
    assert table.overlays[-1] == "help" and table.overlay_rect("help").top > band
    d.press("escape")
    d.press("enter")  # the next hand
    d.wait_for_player()
    d.press("escape")
    assert table.overlays[-1] == "pause" and table.overlay_rect("pause").top > band


def test_tab_brings_the_partner_switch_into_view_from_the_foot_of_the_review():
    """Keys only: scrolled down to the last trick (End), Tab goes round Replay, Close
    and the partner switch, and the switch scrolls back into view with its ring
    (before, the focus went to it out of sight, and Space switched it unseen)."""
    d = at_breakdown()
    table = d.scene
    d.press("v")
    assert d.until(lambda: table.review.status == "done", 3000)
    d.press("end")
    area = table.seen_area
    assert area.offset > 0
    order = []
    for _ in range(4):
        d.press("tab")
        focused = table.focused()
        order.append(focused.key[1])
        assert area.view.contains(focused.rect) or focused.area is None, focused.key
    assert order == ["seen_partner", "replay_from", "close", "seen_partner"]
    d.press("space")
    assert table.seen_partner


@pytest.mark.parametrize("size", ["1280x720", "390x844", "844x390"])
def test_replay_refused_mid_analysis_says_why_below_the_heading_clear_of_the_buttons(size):
    """R while the turning point is being worked out: the refusal shows on the panel,
    which is as tall as the window, over the foot of its rows; at the window's top it
    covered "With all cards seen" and the hindsight line."""
    d = at_breakdown("--size", size)
    table = d.scene
    d.press("v")
    d.press("r")
    d.frame()
    assert table.message and "still being worked out" in table.message[0]
    plate = d.app.drawer.drawn_message
    panel, view = table.seen_panel(), table.seen_area.view
    assert plate is not None and panel.contains(plate)
    assert plate.top >= view.top  # under the heading and the hindsight line
    assert plate.collidelist([c.rect for c in table.build_controls()
                              if c.key in (("btn", "replay_from"), ("btn", "close"))]) == -1


def test_by_ear_p_says_the_switch_while_the_review_is_worked_out():
    """P flips the partner switch on the screen; a listener hears it flip too (before,
    nothing was said until the review was done)."""
    d = at_breakdown(announcements=True)
    table = d.scene
    d.press("v")
    d.press("p")
    assert table.seen_partner and table.review.status == "running"
    assert table.transcript.texts()[-1] == "Mark your partner's cards too, on."
    d.press("p")
    assert table.transcript.texts()[-1] == "Mark your partner's cards too, off."


def test_the_focus_ring_of_the_partner_switch_stays_inside_the_rows(monkeypatch):
    """Keys: the switch in focus, the rows scrolled down line by line until it is half
    under the hindsight line: its ring is drawn only within the rows' view (before, it
    was drawn whole, over the hindsight line), and not at all once the switch is out of
    sight."""
    from spades.ui.art import theme
    from spades.ui.draw import frame

    d = at_breakdown()
    table = d.scene
    d.press("v")
    assert d.until(lambda: table.review.status == "done", 3000)
    d.press("tab")
    assert table.focused().key == ("btn", "seen_partner")
    rings: list[tuple[pygame.Rect, pygame.Rect]] = []
    real = theme.focus_ring
    monkeypatch.setattr(frame.theme, "focus_ring", lambda surface, rect, *a: (
        rings.append((rect, surface.get_clip())), real(surface, rect, *a)))
    view = table.seen_area.view
    while table.focused().rect.top >= view.top - 10:
        d.press("down")
    toggle = table.focused().rect
    assert toggle.top < view.top < toggle.bottom  # half under the hindsight line
    rect, clip = rings[-1]
    assert rect == toggle and view.top <= clip.top and clip.bottom <= view.bottom
    d.press("end")
    rings.clear()
    d.frame()
    assert rings == []


def test_the_tricks_say_what_the_bold_name_means_and_it_is_the_winners():
    """A phone: over the first trick a key line says that the name in bold won the
    trick, and the names drawn in bold are exactly the winners' (before, the bold was
    drawn with nothing saying what it meant)."""
    d = at_breakdown("--size", "390x844")
    table = d.scene
    d.tap(("btn", "seen"))
    assert d.until(lambda: table.review.status == "done", 3000)
    rows = table.seen_rows()
    key = next(i for i, row in enumerate(rows) if row.kind == "key")
    assert " ".join(rows[key].lines) == TRICKS_KEY
    assert rows[key + 1].kind == "trick"
    # Between the partner switch and the key: what the switch marks.
    assert rows[key - 2].kind == "toggle" and rows[key - 1].kind == "marks"
    assert " ".join(rows[key - 1].lines) == marks_words(table.names[2])
    area = table.seen_area
    area.scroll_by(rows[key].y - area.offset)  # the key at the top of the rows
    record: list[Drawn] = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    drawn = [r.text for r in record]
    assert all(line in drawn for line in rows[key].lines)  # in view at the top
    review = table.review
    row = rows[key + 1]
    first_trick = row.trick
    area = table.seen_area
    at = pygame.Rect(area.view.x, row.y + area.shift, area.view.width, row.h)
    names = {table.names[review.seat_of(i)] + (" led" if i % 4 == 0 else ""):
             review.seat_of(i) for i in range(4 * first_trick, 4 * first_trick + 4)}
    winner = review.winners[4 * first_trick + 3]
    shown = {r.text: r.bold for r in record if r.text in names and at.contains(r.rect)}
    assert shown == {name: seat == winner for name, seat in names.items()}


NAMES = ("You", "Wren", "Noor", "Eli")


@pytest.mark.parametrize("kept, won, words", [
    ({0: True, 2: False, 1: True, 3: False}, [0, 1, 0, 2], [
        "Your nil could have been kept, whatever they played, and it was.",
        "They could have set Noor's blind nil, whatever your side played, but it was kept.",
        "Wren's nil could have been kept, whatever your side played, but your side set it.",
        "Your side could have set Eli's blind nil, whatever they played, and did."]),
    ({0: False, 2: True, 1: False, 3: True}, [1, 0, 2, 0], [
        "They could have set your nil, whatever your side played, and did.",
        "Noor's blind nil could have been kept, whatever they played, but it was set.",
        "Your side could have set Wren's nil, whatever they played, but it was kept.",
        "Eli's blind nil could have been kept, whatever your side played, and it was."]),
])
def test_the_opening_says_plainly_what_each_nil_and_contract_could_have_done(kept, won,
                                                                             words):
    """Each line of the opening says what was possible with every hand seen, who could
    make it so, and what happened (before: "could not have been kept" beside a nil that
    was kept read as wrong; a nil the player's side could have set is said as that).
    The review here stands in for ``HandReview`` by what the words read: each seat's
    bid (-1 blind nil, 0 nil), that it is done, the tricks each seat won, and each
    side's tricks taken and what the cards cost and gave."""
    from types import SimpleNamespace

    from spades.solver.review import Opening

    review = SimpleNamespace(seats=4, bids={0: 0, 1: 0, 2: -1, 3: -1}, status="done",
                             seat_won=[won], took=lambda team: (6, 7)[team],
                             given=lambda team: ((2, 1), (1, 2))[team])
    for made in (True, False):
        opening = Opening((7, 6), (5, 4), (made, not made),
                          tuple((s, kept[s]) for s in (0, 1, 2, 3)))
        lines = opening_lines(opening, NAMES, review)
        us = ("Your side's contract of 5 could have been made, whatever they played."
              if made else
              "Your side's contract of 5 could not have been made: they could always set it.")
        them = ("Their contract of 4 could not have been made: your side could always set it."
                if made else
                "Their contract of 4 could have been made, whatever your side played.")
        assert lines[:4] == [
            "Us (You & Noor) could have taken seven tricks, and took six: your side's "
            "cards cost two, the other side's gave back one.", us,
            "Them (Wren & Eli) could have taken six tricks, and took seven: their cards "
            "cost one, the other side's gave two.", them]
        assert sorted(lines[4:]) == sorted(words)
        assert all(line.isascii() for line in lines)  # they reach the browser's JS
    review.status = "running"
    unknown = Opening((7, 6), (0, 0), (None, None), ((0, None),))
    assert opening_lines(unknown, NAMES, review) == [
        "Us (You & Noor) could have taken seven tricks.",
        "Them (Wren & Eli) could have taken six tricks.",
        "Your nil: still being worked out."]


@pytest.mark.parametrize("lost, gained, words", [
    (0, 0, ", and took eight."),
    (2, 0, ", and took six: your side's cards cost two."),
    (0, 1, ", and took nine: the other side's cards gave one."),
    (2, 2, ", and took eight: the other side's cards gave back what yours cost."),
])
def test_what_a_side_took_is_said_beside_what_it_could_have_taken(lost, gained, words):
    from types import SimpleNamespace

    review = SimpleNamespace(seats=4, status="done", given=lambda team: (lost, gained),
                             took=lambda team: 8 - lost + gained)
    assert took_words(review, 0) == words


def whole_tricks_in_view(table) -> int:
    """The trick rows the review's view shows whole, as draw/seen.py places them."""
    area = table.seen_area
    view = area.view
    return sum(view.contains(pygame.Rect(view.x + row.x, row.y + area.shift,
                                         row.w or view.width, row.h))
               for row in table.seen_rows() if row.kind == "trick")


@pytest.mark.parametrize("size", ["844x390", "640x360"])
def test_a_short_wide_window_shows_whole_tricks_once_the_summary_scrolls_away(size):
    """A phone held sideways, the caption strip on: the panel takes the window's
    width, the hindsight line scrolls away with the summary (only the heading and the
    buttons stay), and the tricks go two to a row, so once the first trick reaches the
    top of the rows at least two whole tricks show side by side (before, one and a
    half in one column under a fixed hindsight line)."""
    d = at_breakdown("--size", size, announcements=True)
    table = d.scene
    d.tap(("btn", "seen"))
    assert d.until(lambda: table.review.status == "done", 3000)
    assert table.seen_rows()[0].kind == "hindsight"
    area = table.seen_area
    first = next(row for row in table.seen_rows() if row.kind == "trick")
    while first.y + area.shift > area.view.top:
        d.press("down")
    assert whole_tricks_in_view(table) >= 2
    tricks = [row for row in table.seen_rows() if row.kind == "trick"]
    assert tricks[0].y == tricks[1].y and tricks[0].x + tricks[0].w <= tricks[1].x
    assert tricks[1].x + tricks[1].w <= area.view.width
    drawn = d.record_text()
    d.frame()
    panel = table.seen_panel()
    on_panel = [text for text, pos in drawn if panel.collidepoint(pos[0], pos[1])]
    assert "With all cards seen" in on_panel
    assert not any(text.startswith("Hindsight") for text in on_panel)  # scrolled away
    assert sum(text.endswith(" led") for text in on_panel) >= 2


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844"])
def test_elsewhere_the_review_keeps_one_trick_a_row_under_a_fixed_hindsight_line(size):
    """Taller windows keep the layout they had: the overlay's width, the hindsight
    line fixed over the rows, one trick a row across the rows' width."""
    d = at_breakdown("--size", size)
    table = d.scene
    d.press("v")
    assert table.seen_panel().width == table.layout.overlay.width
    rows = table.seen_rows()
    assert rows[0].kind == "progress"
    tricks = [row for row in rows if row.kind == "trick"]
    assert all(row.x == 0 and row.w == table.seen_area.view.width for row in tricks)
    assert all(a.y + a.h == b.y for a, b in zip(tricks, tricks[1:], strict=False))


@pytest.mark.parametrize("size", ["1280x720", "390x844", "844x390"])
def test_the_tricks_show_each_cost_with_the_card_that_kept_it_and_marks_on_the_cards(size):
    """Once worked out: no line of how long it took; a costly card's note names the
    card that would have kept the value, in two lines at most, with the hand it came
    from where there is room; each mark sits on its card, above the name under it
    (before, "Noor led" over "best" read as one phrase); at 1280x720 more than two and
    a half tricks show at once."""
    d = at_breakdown("--size", size)
    table = d.scene
    d.click(("btn", "seen"))
    assert d.until(lambda: table.review.status == "done", 3000)
    review = table.review
    rows = table.seen_rows()
    assert not any(row.kind == "progress" for row in rows)
    tricks = [row for row in rows if row.kind == "trick"]
    costly = [row for row in tricks if any(kind == "bad" for _, kind in row.notes)]
    assert costly
    point = review.turning_point()
    for row in costly:
        for i in range(4 * row.trick, 4 * row.trick + 4):
            if review.cost(i).costly and (i == point or review.seat_of(i) == 0):
                line = table.cost_line(i, i == point)
                assert " kept " in line
                assert len(d.app.text.wrapped(line, table.layout.font_small,
                                   table.seen_trick_w() - 8, True)) <= 2
        held = [line for line, kind in row.notes if line.startswith("Held: ")]
        assert bool(held) == (size == "1280x720")
    area = table.seen_area
    first = tricks[point // 4]  # the turning point's, whose mark is a cost
    area.scroll_by(first.y - area.offset)
    record = drawn_records(d)
    words = [r.text for r in record]
    assert not any(w.startswith("Worked out in") for w in words)
    card_w, card_h = table.seen_card_size()
    for k in range(4):
        seat = review.seat_of(4 * first.trick + k)
        if seat not in table.seen_marked():
            continue
        name = table.names[seat] + (" led" if k == 0 else "")
        tag = next(r for r in record if r.text in ("best", "the nil", "nil") or
                   r.text.startswith("-"))
        under = next(r for r in record if r.text == name and r.rect.top > tag.rect.top)
        assert tag.rect.bottom <= under.rect.top
        assert tag.rect.width <= card_w  # on the card, not spilling past it
    if size == "1280x720":
        view = area.view
        shown = sum(max(0, min(view.bottom, r.y + area.shift + r.h) -
                        max(view.top, r.y + area.shift)) / r.h for r in tricks)
        assert shown > 2.5
