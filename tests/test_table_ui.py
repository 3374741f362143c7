"""The table, driven headless by synthetic mouse and key events (SDL dummy drivers)."""

from __future__ import annotations

import os
from itertools import combinations
from pathlib import Path

import pytest
from pygame import Rect
from ui_driver import Driver, act, drawn_records, play_until

from spades.ai import suggested_bid
from spades.engine import BLIND_NIL, Bid, Match, Play, Rules, cards_of
from spades.engine.match import deal_hands
from spades.ui.layout.window import TOOLBAR, compute_layout
from spades.ui.speech.words import bid_words
from spades.ui.table.scene import TableScene

SIZES = [(1280, 720), (800, 600), (390, 844)]
SHORT = Rules(target=150)  # a whole match in a few hands keeps the suite quick


# --- layout --------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES + [(1920, 1080), (1366, 768), (1024, 768), (412, 915),
                                  (375, 667), (360, 740), (320, 480)])
def test_layout_puts_everything_on_screen_without_overlap(size):
    lay = compute_layout(*size)
    screen = (0, 0, *size)
    from pygame import Rect

    screen = Rect(screen)
    named = {"top_bar": lay.top_bar, "trick_area": lay.trick_area, "status": lay.status,
             "hand_area": lay.hand_area}
    for seat in range(4):
        named[f"badge{seat}"] = lay.badges[seat]
        named[f"packets{seat}"] = lay.packets[seat]
        if seat:
            named[f"fan{seat}"] = lay.fans[seat]
    for name, rect in lay.toolbar.items():
        named[f"tool_{name}"] = rect
    for name, rect in named.items():
        assert screen.contains(rect), f"{name} {rect} is off a {size} screen"
        assert rect.width > 0 and rect.height > 0, name
    toolbar_in_bar = not lay.portrait
    for (a, ra), (b, rb) in combinations(named.items(), 2):
        if toolbar_in_bar and {a, b} & {"top_bar"} and (a + b).count("tool_") == 1:
            assert lay.top_bar.contains(ra if a.startswith("tool_") else rb)
            continue
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}"
    # Cards: the hand, each raised card, the trick and the other hands stay on screen.
    tops = [None] + ([6, 7] if lay.hand_rows == 2 else [])
    for top in tops:
        for rect in lay.hand_rects(13, top):
            assert lay.hand_area.contains(rect.move(0, -lay.lift)), (top, rect)
            assert rect.width >= 40
    assert lay.hand_step >= 44 or lay.hand_rows == 2 and lay.hand_step >= 44
    for seat in (1, 2, 3):
        for rect in lay.fan_rects(seat, 13):
            assert screen.contains(rect), (seat, rect)
    for rect in lay.packet_rects(0, 13) + lay.packet_rects(1, 13) + lay.packet_rects(3, 13):
        assert screen.contains(rect)
    for slot in lay.trick_slots:
        assert lay.trick_area.contains(slot), slot
    # The bid panel covers neither a badge nor the hand; its buttons are apart and tappable.
    # Taller than the room under the side badges (a small phone), it may cover the other
    # seats but ends over the status; taller than all the room above the status (the
    # smallest phone), it covers everything but the hand's cards and the toolbar.
    assert screen.contains(lay.bid_panel)
    free = ("fan", "trick", "packets1", "packets3")
    if lay.portrait and lay.bid_panel.height > lay.status.top - lay.badges[1].bottom - 2 * lay.pad:
        free += ("badge1", "badge2", "badge3", "packets2")
        if lay.bid_panel.height > lay.status.top - lay.top_bar.bottom - 2 * lay.pad:
            free += ("status", "badge0", "packets0", "hand_area")
            assert lay.bid_panel.bottom <= lay.hand_area.top + lay.lift
    for name, rect in named.items():
        if not name.startswith(free):
            assert not rect.colliderect(lay.bid_panel), (name, rect, lay.bid_panel)
        if name.startswith("badge") and rect.colliderect(lay.bid_panel):
            assert lay.bid_panel.contains(rect), (name, "cut by the bid panel")
    parts = lay.bid_buttons + [lay.bid_confirm, lay.bid_title]
    for rect in parts:
        assert lay.bid_panel.contains(rect)
    for ra, rb in combinations(parts, 2):
        assert not ra.colliderect(rb)
    for rect in lay.bid_buttons + [lay.bid_confirm] + list(lay.toolbar.values()):
        assert rect.height >= 36 and rect.width >= 44, rect
    assert screen.contains(lay.overlay)
    assert set(lay.toolbar) == set(TOOLBAR)


@pytest.mark.parametrize("size", [(390, 844), (360, 740), (320, 480), (412, 915), (375, 667)])
def test_on_an_upright_window_north_holds_its_cards_under_its_name(size):
    """North's face-down fan sits right under its badge, centred on it (the way East's
    and West's hang under theirs), clear of the top bar and the trick; its won tricks
    beside the fan stay on screen and countable. A short phone holds the fan and the won
    tricks either side of the badge, so the trick below has the room."""
    lay = compute_layout(*size)
    badge, north = lay.badges[2], lay.fan_rects(2, 13)
    fan = north[0].unionall(north[1:])
    assert lay.portrait
    if fan.top < badge.bottom:  # beside: the fan on the left, the won tricks on the right
        assert size[1] < 700, "only a short phone"
        assert fan.right < badge.left and badge.right < lay.packets[2].left, (fan, badge)
        assert abs(fan.centery - badge.centery) <= 1, (fan, badge)
    else:
        assert abs(fan.centerx - badge.centerx) <= 1, (fan, badge)
        assert badge.left - lay.pad <= fan.left and fan.right <= badge.right + lay.pad, \
            (fan, badge)
        assert badge.bottom <= fan.top <= badge.bottom + lay.pad, (fan, badge)
    assert fan.top >= lay.top_bar.bottom and fan.bottom <= lay.trick_area.top
    assert not fan.colliderect(lay.trick_area) and not fan.colliderect(lay.top_bar)
    won = lay.packet_rects(2, 13)
    assert all(lay.packets[2].contains(r) and r.left >= fan.right for r in won)
    assert lay.packets[2].right <= size[0] - lay.pad
    assert won[1].x - won[0].x >= 5  # thirteen packets still tell apart


@pytest.mark.parametrize("size", [(800, 600), (900, 600), (1000, 700), (1024, 768),
                                  (1280, 720), (1366, 768), (1920, 1080)])
def test_your_won_tricks_lie_beside_your_badge_on_a_desktop_window(size):
    """Your won tricks lie right beside your badge, closer together where room is
    short, with the message line and prompt beside them over the hand. Before, at
    800x600 and 1024x768 they went to the far right of the strip, by East's side of the
    table, and read as East's."""
    lay = compute_layout(*size)
    badge, won, status = lay.badges[0], lay.packets[0], lay.status
    assert won.left - badge.right <= 2 * lay.pad and abs(won.centery - badge.centery) <= 1
    assert won.right < status.left and status.centerx in range(size[0] // 2 - 1,
                                                               size[0] // 2 + 2)
    assert status.width >= 13 * lay.font  # a prompt's line of words
    packets = lay.packet_rects(0, 13)
    assert all(won.contains(r) for r in packets)
    assert packets[1].x - packets[0].x >= 6  # thirteen packets still tell apart


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1024, 768), (640, 560)])
def test_on_a_landscape_window_north_holds_its_cards_beside_its_name(size):
    lay = compute_layout(*size)
    badge, fan, won = lay.badges[2], lay.fans[2], lay.packets[2]
    assert not lay.portrait and badge.right < fan.left < fan.right < won.left
    assert abs(badge.centery - fan.centery) <= 1 and fan.centerx == size[0] // 2


@pytest.mark.parametrize("size", [(390, 844), (360, 740), (320, 480), (412, 915), (375, 667),
                                  (1280, 720), (800, 600)])
def test_a_seats_bid_chip_sits_by_its_badge_the_way_the_others_do(size):
    """Upright, West's and East's chip ("Bid 3") hangs centred under its badge (on the
    smallest phone, where that is over its face-down hand, under the hand or beside the
    badge), and
    North's stands beside its badge (under it is over North's fan), on the side its fan
    leaves free; lying, North's is beside its badge, on the left. South's is above its
    badge, or beside it where West's face-down hand comes down to it."""
    from pygame import Rect

    from spades.ui.draw.seats import bubble_rect

    lay = compute_layout(*size)
    chip = Rect(0, 0, 60, 30)
    for seat in (1, 2, 3):
        badge, box = lay.badges[seat], bubble_rect(lay, seat, chip)
        assert Rect(0, 0, *size).contains(box)
        if lay.portrait and seat != 2:
            assert box.collidelist(lay.fan_rects(seat, 13)) == -1, (seat, box)
            if size == (320, 480):  # under its fan, or beside the badge
                assert not box.colliderect(badge) and (
                    box.top == badge.top or abs(box.centerx - badge.centerx) <= 1), box
                continue
            assert abs(box.centerx - badge.centerx) <= 1, (seat, box, badge)
            assert badge.bottom < box.top <= badge.bottom + 6, (seat, box, badge)
        elif lay.portrait:
            assert box.centery == badge.centery and not box.colliderect(badge), (box, badge)
            assert box.collidelist(lay.fan_rects(2, 13)) == -1, (box, lay.fans[2])
    if not lay.portrait:
        box = bubble_rect(lay, 2, chip)
        assert box.right < lay.badges[2].left and box.centery == lay.badges[2].centery
    south, badge = bubble_rect(lay, 0, chip), lay.badges[0]
    assert south.bottom < badge.top or (south.left > badge.right and
                                        south.centery == badge.centery), south
    assert south.collidelist(lay.fan_rects(1, 13)) == -1, south


# --- whole matches -------------------------------------------------------------------


def test_a_whole_match_by_mouse_only():
    d = Driver("--speed", "fast", rules=SHORT)
    human_cards = 0
    for _ in range(400):
        situation = d.wait_for_player()
        if situation == "over":
            break
        if situation == "breakdown":
            d.click(("btn", "next"))
        elif situation == "blind":
            d.click(("btn", "look"))
        elif situation == "bid":
            suggestion = d.scene.suggested_bid_value()
            d.click(("bid", suggestion))
            assert d.scene.bid_choice == suggestion
            d.click(("btn", "confirm"))
        else:
            legal = d.scene.view.legal_card_mask()
            card = cards_of(legal)[-1]
            before = len(d.scene.match.actions)
            d.click(("card", card))
            assert d.scene.match.actions[before] == Play(card), "the click did not play it"
            human_cards += 1
    assert d.scene.match.is_over
    assert d.scene.screen_kind() == "match_over"
    assert human_cards >= 13
    # Rematch starts a new match at the same table.
    old = d.scene
    d.click(("btn", "rematch"))
    assert d.scene is not old and not d.scene.match.is_over


def test_a_whole_match_by_keyboard_only():
    d = Driver("--speed", "instant", rules=SHORT)
    for _ in range(600):
        situation = d.wait_for_player()
        if situation == "over":
            break
        if situation == "breakdown":
            d.press("enter")
        elif situation == "blind":
            d.press("tab")
            while d.scene.focus != ("btn", "look"):
                d.press("tab")
            d.press("enter")
        elif situation == "bid":
            d.press("right")  # focus lands on the suggested bid
            assert d.scene.focus == ("bid", d.scene.suggested_bid_value())
            d.press("enter")
            assert d.scene.focus == ("btn", "confirm")
            d.press("enter")
        else:
            d.press("left")  # focus lands on the first playable card
            focus = d.scene.focus
            assert focus[0] == "card" and d.scene.view.legal_card_mask() >> focus[1] & 1
            before = len(d.scene.match.actions)
            d.press("space")
            assert d.scene.match.actions[before] == Play(focus[1])
    assert d.scene.match.is_over and d.scene.screen_kind() == "match_over"


# --- the player's decisions --------------------------------------------------------


def _to_first_play(d: Driver) -> None:
    play_until(d, "play")


def _play_with_illegal_card(d: Driver) -> None:
    """Play until the player holds a card the rules refuse right now."""
    for _ in range(60):
        _to_first_play(d)
        view = d.scene.view
        if view.hand & ~view.legal_card_mask():
            return
        d.click(("card", cards_of(view.legal_card_mask())[0]))
    pytest.fail("the player never held a refused card")


def test_a_dimmed_card_says_why_and_changes_nothing():
    d = Driver("--speed", "instant")
    _play_with_illegal_card(d)
    scene = d.scene
    view = scene.view
    illegal = cards_of(view.hand & ~view.legal_card_mask())[0]
    before = scene.match.state()
    d.click(("card", illegal))
    assert scene.match.state() == before
    assert scene.message is not None
    assert scene.message[0] == view.refusal(Play(illegal))
    assert scene.shown.hand == sorted(scene.shown.hand, key=lambda c: scene.shown.hand.index(c))
    assert illegal in scene.shown.hand


def test_legal_cards_are_raised_and_others_are_not():
    d = Driver("--speed", "instant")
    _play_with_illegal_card(d)
    scene = d.scene
    legal = scene.view.legal_card_mask()
    flat = scene.hand_layout()
    for card, drawn, resting in zip(scene.shown.hand, scene.card_rects(), flat, strict=True):
        raised = drawn.y < resting.y
        assert raised == bool(legal >> card & 1), card


def test_undo_restores_the_exact_earlier_state_and_marks_practice():
    d = Driver("--speed", "fast")
    _to_first_play(d)
    scene = d.scene
    before = scene.match.state()
    card = cards_of(scene.view.legal_card_mask())[0]
    d.click(("card", card))
    d.frame(40)  # the computer players answer
    assert scene.match.state() != before
    assert not scene.practice
    d.press("u")
    d.press("enter")  # Take back: the first one asks
    assert scene.match.state() == before
    assert scene.practice
    assert card in scene.shown.hand and scene.can_act()
    assert "practice" in str(scene.screen_kind()) or scene.practice


def test_bid_panel_enables_only_the_engines_bids_and_outlines_the_suggestion():
    d = Driver("--speed", "instant")
    while d.wait_for_player() != "bid":
        d.click(("btn", "look"))
    scene = d.scene
    legal = {a.value for a in scene.view.legal_actions()}
    enabled = {c.key[1] for c in scene.build_controls() if c.group == "bids" and c.enabled}
    assert enabled == legal
    assert scene.suggested_bid_value() == suggested_bid(scene.view)[0].value
    assert not d.control(("btn", "confirm")).enabled
    refused = [b for b in range(14) if b not in legal]
    if refused:
        before = scene.match.state()
        d.click(("bid", refused[0]))
        assert scene.message[0] == scene.view.refusal(Bid(refused[0]))
        assert scene.match.state() == before and scene.bid_choice is None


@pytest.mark.parametrize("touch", [False, True])
def test_the_hint_at_a_bid_says_the_legal_bids_as_a_range(touch):
    """Hint at your bid says which bids the rules allow the way a player says them,
    "nil or 1 to 13", not fourteen numbers in a row that wrap over two lines of a
    phone; a bid the rules refuse is named with the reason."""
    d = Driver("--speed", "instant", "--size", "390x844" if touch else "1280x720",
               rules=Rules())
    while (situation := d.wait_for_player()) != "bid":
        act(d, situation, touch=touch)
    legal = sorted(a.value for a in d.scene.view.legal_actions())
    (d.tap if touch else d.click)(("tool", "hint"))
    message = d.scene.hint_text
    assert "1, 2, 3" not in message
    if legal[-1] < 13:  # the suggested bid first, then the range and why it ends there
        greyed = f"{legal[-1] + 1} is" if legal[-1] == 12 else f"{legal[-1] + 1} to 13 are"
        assert f"You may bid nil or 1 to {legal[-1]}. {greyed} greyed: " in message, message
    else:  # every bid open: the hint names the suggestion; the rules' words are the range
        from spades.ui.speech.words import rules_hint

        assert message.startswith("Bid ") and "You may bid" not in message, message
        assert rules_hint(d.scene.view, d.scene.names) == "You may bid nil or 1 to 13."


def spoken_bids(words: str) -> set[int]:
    """The bids a phrase of bid_ranges names, read back."""
    said: set[int] = set()
    for part in words.replace(" or ", ", ").split(", "):
        if part == "nil":
            said.add(0)
        elif " to " in part:
            low, high = part.split(" to ")
            said.update(range(int(low), int(high) + 1))
        else:
            said.add(int(part))
    return said


def test_bid_ranges_name_every_bid_once_and_no_other():
    import random

    from spades.ui.speech.words import bid_ranges

    rng = random.Random(5)
    for _ in range(500):
        bids = sorted(rng.sample(range(14), rng.randint(1, 14)))
        words = bid_ranges(bids)
        assert spoken_bids(words) == set(bids), (bids, words)
        assert words.count(" or ") <= 1 and ", , " not in words, words
    assert bid_ranges(list(range(14))) == "nil or 1 to 13"
    assert bid_ranges([0, 1, 2]) == "nil, 1 or 2"
    assert bid_ranges([4, 5, 6, 7, 8, 9]) == "4 to 9"


def test_blind_nil_is_offered_before_the_cards_are_shown():
    rules = Rules()
    hands = deal_hands(5, 0, 3)
    match = Match(rules, 5, start={"dealer": 3, "hands": hands, "scores": [0, 150],
                                   "bags": [0, 0], "hand_number": 0})
    d = Driver("--speed", "instant")
    d.app.scene = TableScene(d.app.options, match=match, input_mode=d.app.input)
    d.app.scene.set_layout(1280, 720)
    assert d.wait_for_player() == "blind"
    scene = d.scene
    assert not scene.shown.face_up and scene.shown.sizes[0] == 13
    assert scene.screen_kind() == "blind_nil_choice"
    assert d.control(("bid", BLIND_NIL)) is not None
    d.click(("btn", "look"))
    d.frame(5)
    assert scene.shown.face_up and len(scene.shown.hand) == 13
    assert d.wait_for_player() == "bid"


# --- animation and pace --------------------------------------------------------------


def test_a_card_is_not_in_the_trick_before_it_arrives():
    d = Driver("--speed", "normal")
    _to_first_play(d)
    scene = d.scene
    card = cards_of(scene.view.legal_card_mask())[0]
    pos = d.control(("card", card))
    d.click(pos)
    assert scene.match.plays[-1] == card or card in scene.match.plays
    assert card not in [c for _, c in scene.shown.trick], "shown before it arrived"
    assert any(f.card == card for f in scene.flights)
    d.until(lambda: not any(f.card == card for f in scene.flights), 100)
    d.frame()
    assert card in [c for _, c in scene.shown.trick] or scene.shown.last_trick is not None


def test_a_key_skips_the_deal_and_the_breakdown_waits_for_the_player():
    d = Driver("--speed", "slow")
    d.frame(5)
    assert d.scene.shown.dealing
    d.press("right")
    assert not d.scene.shown.dealing and d.scene.shown.sizes == [13, 13, 13, 13]
    # Play the hand out quickly, then the breakdown stays until Next hand.
    d.scene.options.speed = "instant"
    play_until(d, "breakdown", last=False)
    scene = d.scene
    hand = scene.shown.hand_number
    d.frame(400)  # no timer: twenty seconds later it still waits
    assert scene.overlays[-1] == "breakdown" and scene.shown.hand_number == hand
    assert scene.breakdown is not None
    team = scene.breakdown.teams[0]
    assert sum(line.points for line in team.lines) == team.points
    d.press("s")
    assert scene.overlays[-1] == "scores"
    d.press("escape")
    d.click(("btn", "next"))
    d.frame(3)
    assert scene.shown.hand_number == hand + 1


def test_hard_thinks_in_slices_while_the_table_keeps_drawing():
    d = Driver("--speed", "fast", "--opponents", "hard")
    scene = d.scene
    sliced = False
    for _ in range(3000):
        d.frame()
        if scene.thinker is not None and not scene.thinker.done and scene.thinker.iterations:
            sliced = True
            break
        if d.situation() == "play":
            d.click(("card", cards_of(scene.view.legal_card_mask())[0]))
        elif d.situation() == "bid":
            d.click(("bid", scene.suggested_bid_value()))
            d.click(("btn", "confirm"))
        elif d.situation() == "blind":
            d.click(("btn", "look"))
    assert sliced, "hard never spread its thinking over frames"


def test_shortcuts_open_and_close_every_panel():
    d = Driver("--speed", "instant")
    _to_first_play(d)
    for key, name in (("s", "scores"), ("f1", "help"), ("?", "help"), ("escape", "pause")):
        d.press(key)
        assert d.scene.overlays and d.scene.overlays[-1] == name, key
        d.press("escape")
        assert not d.scene.overlays
    d.press("h")
    assert d.scene.message and d.scene.message[0]
    d.press("c")
    assert d.scene.options.coach and d.scene.coach() is not None
    d.press("tab")
    assert d.scene.keyboard and d.scene.focus is not None


def test_the_window_can_be_resized_mid_animation():
    import pygame

    d = Driver("--speed", "normal")
    d.frame(10)
    d.app.screen = pygame.display.set_mode((390, 844))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(390, 844), w=390, h=844))
    d.frame()
    assert d.scene.layout.portrait and not d.scene.flights


# --- screenshots for the eye -----------------------------------------------------------


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844"])
def test_screenshots_of_each_screen(size, tmp_path):
    out = Path(os.environ.get("SPADES_ARTIFACTS", tmp_path)) / "screens"
    d = Driver("--speed", "fast", "--autoplay", "--strength", "normal", "--size", size,
               "--screenshots", str(out), rules=SHORT)
    d.until(lambda: d.scene.screen_kind() == "match_over", 20000)
    w, h = size.split("x")
    for kind in ("bid_panel", "trick_in_progress", "last_trick", "hand_breakdown",
                 "score_sheet", "match_over", "deal"):
        shot = out / f"{kind}-{w}x{h}.png"
        assert shot.exists() and shot.stat().st_size > 5000, shot


@pytest.mark.parametrize("size", ["390x844", "844x390", "1280x720"])
def test_autoplay_on_a_phone_plays_by_finger_alone(size, tmp_path):
    """Autoplay's player in a phone-sized window reaches every screen by tapping (FINGER
    events and SDL's mouse twins, never a key or a bare mouse click), so its screenshots
    show what a finger sees: no key hint drawn at the table or on any overlay (the
    help still lists the keys, for a phone with a keyboard). In a
    desktop window it clicks and presses keys as before, and the hints show."""
    import pygame

    from spades.ui import autopilot as ap

    sent: list[int] = []
    real_post = pygame.event.post

    def post(event):
        sent.append(event.type if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                    or not getattr(event, "touch", False) else -1)
        return real_post(event)

    out = tmp_path / "screens"
    d = Driver("--speed", "fast", "--autoplay", "--strength", "normal", "--size", size,
               "--screenshots", str(out), rules=SHORT)
    ap.pygame.event.post = post
    try:
        drawn: list = []
        for _ in range(20000):
            frame: list = []
            d.app.text.record = frame
            d.frame()
            d.app.text.record = None
            if "help" not in d.scene.overlays:  # the help lists the keys, for a keyboard
                drawn += frame
            if d.scene.screen_kind() == "match_over":
                break
    finally:
        ap.pygame.event.post = real_post
    visited = d.app.autopilot.visited
    assert {"help", "last", "score_sheet"} <= visited, visited
    w, h = size.split("x")
    for kind in ("help", "last_trick", "score_sheet", "hand_breakdown"):
        assert (out / f"{kind}-{w}x{h}.png").exists(), kind
    keys = sent.count(pygame.KEYDOWN)
    clicks = sent.count(pygame.MOUSEBUTTONDOWN)
    hints = {x.text for x in drawn if x.rect is not None} & {"Esc", "Enter", "S", "L", "H", "F1"}
    if size == "1280x720":
        assert keys and clicks and not sent.count(pygame.FINGERDOWN)
        assert hints
    else:
        assert not keys and not clicks, (keys, clicks)
        assert sent.count(pygame.FINGERDOWN) > 13 and d.app.input.touch
        assert (out / f"pause-{w}x{h}.png").exists()  # help is reached through the menu
        assert not hints, hints


def test_a_two_row_hand_breaks_where_the_suit_changes():
    lay = compute_layout(390, 844)
    assert lay.hand_rows == 2 and lay.row_capacity == 8
    assert lay.hand_split([0] * 6 + [1] * 7) == 6  # six diamonds above, seven clubs below
    assert lay.hand_split([0] * 7 + [1] * 6) == 7
    assert lay.hand_split([0] * 3 + [1] * 10) is None  # no change near the middle
    assert lay.hand_split([0, 1, 2, 3] * 3 + [3]) in (6, 7)
    assert compute_layout(1280, 720).hand_split([0] * 6 + [1] * 7) is None  # one row
    rects = lay.hand_rects(13, 6)
    assert len({r.y for r in rects[:6]}) == 1 and len({r.y for r in rects[6:]}) == 1
    assert rects[0].y < rects[6].y


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844"])
def test_screenshots_of_each_page(size, tmp_path):
    """The pages a player judges beside the table: the menu (with a saved match and
    without), settings, house rules, your saves, statistics, how to play."""
    import pygame

    from spades import storage
    from spades.ui.pages.house_rules import HouseRulesScreen
    from spades.ui.pages.menu import (
        MenuScreen,
        RulesScreen,
        SavesScreen,
        SettingsScreen,
        StatsScreen,
    )

    out = Path(os.environ.get("SPADES_ARTIFACTS", tmp_path)) / "screens"
    out.mkdir(parents=True, exist_ok=True)
    d = Driver("--speed", "instant", "--size", size, start=False)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    w, h = size.split("x")
    match = Match(SHORT, 5)
    import random

    rng = random.Random(5)
    while not match.is_over:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    stats = storage.load_statistics(d.app.store).record_match(match.history, match.winner,
                                                                False, "standard")
    storage.save_statistics(d.app.store, stats)
    pages = [("menu", MenuScreen), ("settings", SettingsScreen),
             ("house_rules", HouseRulesScreen), ("saves", SavesScreen),
             ("statistics", StatsScreen), ("how_to_play", RulesScreen)]
    for name, page in pages:
        d.app.show(page(d.app))
        d.frame(2)
        shot = out / f"page_{name}-{w}x{h}.png"
        pygame.image.save(d.app.screen, str(shot))
        assert shot.stat().st_size > 5000, shot
    d.app.new_match_from_settings()
    d.frame(5)
    d.app.show_menu()
    d.frame(2)
    pygame.image.save(d.app.screen, str(out / f"page_menu_saved-{w}x{h}.png"))


@pytest.mark.parametrize("size", ["360x740", "1280x720"])
def test_the_bid_panel_names_every_bid_made_before_yours(size):
    """On a phone the bid panel covers the opponents' badges while you bid, so the panel
    itself says what the partner and the opponents have bid."""
    for seed in ("11", "12", "13", "14"):
        d = Driver("--speed", "instant", "--size", size, "--seed", seed)
        while d.wait_for_player() != "bid":
            d.click(("btn", "look"))
        view = d.scene.view
        before = [q for q in range(1, 4) if view.bids[q] is not None]
        if len(before) >= 2:
            break
    assert len(before) >= 2, "no seed had two bids before the player's"
    drawn = d.record_text()
    drawer = d.app.drawer
    panel_words: list[str] = []
    draw_panel = drawer.bid_panel

    def spy(surface, scene, controls):
        # Only what the panel itself says (the badges under it are covered on a phone).
        start = len(drawn)
        draw_panel(surface, scene, controls)
        panel_words.extend(text for text, _ in drawn[start:])

    drawer.bid_panel = spy
    d.frame()
    assert panel_words, "the bid panel was not drawn"
    words = " ".join(panel_words)
    names = d.scene.options.names
    for q in before:
        bid = view.bids[q]
        said = f"Your partner bid {bid_words(bid)}" if q == 2 else (
            f"{names[q]} bid {bid}" if bid > 0 else f"{names[q]} {bid_words(bid)}")
        assert said in words, (said, words)


def _caption_drawn(d: Driver) -> list[str]:
    """The words the table's caption ("Hand 1 · playing to 500") drew on the next frame."""
    drawer, text = d.app.drawer, d.app.text
    said: list[str] = []
    corners, render = drawer.table_corners, text.render

    def spy(surface, scene):
        def heard(words, *args, **kwargs):
            said.append(words)
            return render(words, *args, **kwargs)
        text.render = heard
        try:
            corners(surface, scene)
        finally:
            text.render = render

    drawer.table_corners = spy
    d.frame()
    drawer.table_corners = corners
    return [w for w in said if "hand" in w.lower() or "playing" in w.lower()]


def test_the_caption_steps_aside_for_the_bid_panel_and_the_trick():
    """The caption never shows as a stub from under the bid panel (800x600), nor under
    the trick's cards (320x480); where there is room it shows (1280x720)."""
    d = Driver("--speed", "instant", "--size", "800x600", "--seed", "21")
    while d.wait_for_player() != "bid":
        d.click(("btn", "look"))
    assert d.scene.bid_panel_open()
    caption = Rect(d.scene.layout.trick_area.x, d.scene.layout.trick_area.y,
                   d.scene.layout.trick_area.width, d.scene.layout.font_small + 4)
    cut = d.scene.layout.bid_panel.colliderect(caption) and not \
        d.scene.layout.bid_panel.contains(caption)
    assert cut and _caption_drawn(d) == []
    wide = Driver("--speed", "instant", "--size", "1280x720", "--seed", "21")
    while wide.wait_for_player() != "bid":
        wide.click(("btn", "look"))
    assert any(w.startswith("Hand 1") for w in _caption_drawn(wide))
    small = Driver("--speed", "instant", "--size", "320x480", "--seed", "21")
    play_until(small, "play")
    lay, s = small.scene.layout, small.scene.shown
    assert s.trick, "the computer players lead before you at this seed"
    lines = _caption_drawn(small)
    top = Rect(lay.trick_area.x, lay.trick_area.y, lay.trick_area.width,
               2 * (lay.font_small + 4))
    assert top.collidelist([lay.trick_slots[q] for q, _ in s.trick]) >= 0
    assert lines == []


def phone_bar_sides(d: Driver, record: list) -> list[list]:
    """The words each side's half of the phone's top bar drew after its name and
    score (one string, or two stacked), left side first."""
    bar = d.scene.layout.top_bar
    shown = [x for x in record if x.rect is not None and bar.contains(x.rect)
             and x.text not in ("Us", "Them") and not x.text.lstrip("-").isdigit()]
    half = bar.width // 2
    return [sorted((x for x in shown if (x.rect.left >= half) == bool(team)),
                   key=lambda x: x.rect.top) for team in (0, 1)]


@pytest.mark.parametrize("size", ["320x480", "360x740", "390x844"])
def test_the_phone_top_bar_words_both_sides_alike(size):
    """Each side's words in the phone's top bar are cut to the same length: one side
    never shows its bags while the other's are dropped."""
    d = Driver("--speed", "instant", "--size", size, "--seed", "21")
    for situation in ("bid", "play"):
        while d.wait_for_player() != situation:
            act(d, d.situation())
        sides = phone_bar_sides(d, drawn_records(d))
        words = [" ".join(x.text for x in side) for side in sides]
        assert all(words), words
        assert len(sides[0]) == len(sides[1]), (size, words)
        assert ("bags" in words[0]) == ("bags" in words[1]), (size, words)
        assert ("bidding" in words[0]) == ("bidding" in words[1]), (size, words)
        assert ("won" in words[0]) == ("won" in words[1]), (size, words)


@pytest.mark.parametrize("size", ["320x480", "360x740", "390x844", "412x915"])
def test_the_phone_top_bar_says_tricks_won_of_the_bid_apart_from_the_score(size):
    """"Us 0 · won 0 of 5 · bags 0", both sides alike, each inside its half of the bar:
    before, "Us 0  0 of 5" ran the score into the tricks and did not say which was
    won of what, and short of room "· 7 of 7 · bags 0" still did not say which was the
    bid. Now the word "won" stays at every size; short of room the words stand in two
    lines ("won 0 of 5" over "bags 0"), never losing the bags, which decide matches."""
    import re

    d = Driver("--speed", "instant", "--size", size, "--seed", "21")
    while d.wait_for_player() != "play":
        act(d, d.situation())
    record = drawn_records(d)
    bar = d.scene.layout.top_bar
    shown = [x for x in record if x.rect is not None and bar.contains(x.rect)]
    sides = phone_bar_sides(d, record)
    for team, side in enumerate(sides):
        said = " | ".join(x.text for x in side)
        assert re.fullmatch(r"· bid \d+ · won \d+ · bags \d+|· won \d+ of \d+ · bags \d+|"
                            r"won \d+ of \d+ \| bags \d+", said), (size, said)
        half = bar.width // 2
        for x in side:
            assert team * half <= x.rect.left, (size, x)
            assert x.rect.right <= (team + 1) * half - d.scene.layout.pad // 2, (size, x)
            score = next(y for y in shown if y.text.lstrip("-").isdigit()
                         and y.rect.right <= x.rect.left and team * half <= y.rect.left)
            assert x.rect.left >= score.rect.right + 2


@pytest.mark.parametrize("size", ["1280x720", "800x600", "844x390"])
@pytest.mark.parametrize("touch", [False, True])
def test_the_top_bar_names_a_sides_nil_beside_its_contract(size, touch):
    """Where the top bar has room for "bid 7", a side with a nil bidder reads "bid 7 +
    nil", as the commercial tables show it: the 7 alone hid that North must take no
    trick. (Seed 11: North bids nil; the bids made by finger or by mouse.)"""
    d = Driver("--speed", "instant", "--size", size, "--seed", "11")
    while d.wait_for_player() != "play":
        act(d, d.situation(), touch=touch)
    bids = d.scene.shown.bids
    assert bids[2] == 0 and bids[0] > 0
    drawn = d.record_text()
    d.frame()
    bar = d.scene.layout.top_bar
    words = [text for text, pos in drawn if bar.collidepoint(pos)]
    assert f"bid {bids[0]} + nil" in " ".join(words), (size, words)


@pytest.mark.parametrize("size", ["800x600", "1024x768"])
@pytest.mark.parametrize("touch", [False, True])
def test_the_prompt_keeps_one_line_while_bidding_and_clears_your_won_tricks(size, touch):
    """Your won tricks lie beside your badge, so the prompt over the hand has less room.
    While nothing is won (the bidding) it takes their room: "Your turn: choose a bid,
    then confirm it" stays one line, as it was before they moved there (it wrapped in
    two at 800x600). Once tricks are won, the prompt keeps clear of them. Played by
    finger or by mouse."""
    d = Driver("--size", size, "--speed", "instant")
    assert d.wait_for_player() == "bid"
    prompt = d.app.drawer.prompt_text(d.scene)[0]
    record = d.record_text()
    d.frame()
    assert prompt in [text for text, _ in record], record
    scene = d.scene
    while not (scene.shown.tricks_won[0] and d.situation() == "play"):
        act(d, d.wait_for_player(), touch=touch)
    drawn: list = []
    d.app.text.record = drawn
    d.frame()
    d.app.text.record = None
    words = [r.rect for r in drawn if r.rect is not None and r.text
             and d.app.drawer.prompt_text(scene)[0].startswith(r.text)]
    packets = scene.layout.packet_rects(0, scene.shown.tricks_won[0])
    assert words and all(w.collidelist(packets) == -1 for w in words), (words, packets)


@pytest.mark.parametrize("seed", ["4", "11"])
@pytest.mark.parametrize("touch", [False, True])
def test_the_prompt_never_blinks_out_between_turns(seed, touch):
    """From the deal's end through the first three tricks, every frame says whose turn
    it is (or asks for your bid or card), but while a won trick's words stand: before,
    the prompt went blank for about half a second after every bid and every card
    while it settled, and while the dealt cards turned up. You act by finger or by
    mouse."""
    d = Driver("--size", "1280x720", "--seed", seed)
    scene, drawer = d.scene, d.app.drawer
    said: set[str] = set()
    for _ in range(6000):
        d.frame()
        s = scene.shown
        if sum(s.tricks_won) >= 3:
            break
        if not (s.dealing or scene.overlays or s.winner_card is not None):
            words = drawer.prompt_text(scene)[0]
            assert words, (s.bids, s.trick, s.to_act)
            said.add(words)
        if d.situation() in ("bid", "play"):
            act(d, d.situation(), touch=touch)
    else:
        pytest.fail("three tricks were never played")
    assert any(w.endswith("to bid") for w in said) and any(w.endswith("to play")
                                                           for w in said), said
    assert {"Your turn: choose a bid, then confirm it", "Your turn: play a raised card"} \
        <= said, said


@pytest.mark.parametrize("touch", [False, True])
def test_whiz_offers_two_buttons_and_a_forced_bid_one(touch):
    """Whiz: the bid panel holds just nil and the spades held, as two buttons, and says
    the rule; with nothing else left (no spades under Whiz, or Suicide's forced nil)
    the one bid is marked forced. A tap bids it with Confirm, as any bid."""
    from spades.engine.legal import spades_held
    from spades.engine.rules import preset

    d = Driver("--speed", "instant", rules=preset("whiz"))
    assert d.wait_for_player() == "bid"
    scene = d.scene
    held = spades_held(scene.view.hand)
    bids = [c for c in scene.build_controls() if c.group == "bids"]
    if held:
        assert [(c.key[1], c.label) for c in bids] == [(0, "Nil"), (held, f"{held}: your spades")]
        assert bids[0].rect.width > 2 * scene.layout.bid_buttons[0].width
    else:
        assert [c.label for c in bids] == ["Nil (forced)"]
    assert scene.greyed_bids_note().startswith("Under Whiz you bid nil or the spades you hold")
    press = d.tap if touch else d.click
    press(("bid", bids[-1].key[1]))
    press(("btn", "confirm"))
    assert scene.match.bids[0] == bids[-1].key[1]
    # Suicide: a partner who did not bid nil leaves you nil alone, marked forced.
    d = Driver("--speed", "instant", rules=preset("suicide"))
    assert d.wait_for_player() == "bid"
    view = d.scene.view
    labels = [c.label for c in d.scene.build_controls() if c.group == "bids"]
    if view.bids[view.partner] is not None and view.bids[view.partner] > 0:
        assert labels == ["Nil (forced)"]
    else:
        assert len(labels) == 14  # a choice: the grid, the refused bids greyed


@pytest.mark.parametrize("rules", ["suicide", "mirror", "whiz", "jokers", "deuces"])
def test_every_variant_plays_through_at_the_table(rules):
    """The real App plays two whole hands of each variant by itself (autoplay), the
    bids, cards and breakdowns of the engine shown as they come."""
    from spades.engine.rules import preset

    d = Driver("--autoplay", "--speed", "instant", rules=preset(rules))
    assert d.until(lambda: len(d.scene.match.history) >= 2, limit=20000)
    assert d.scene.match.rules == preset(rules)
