"""A phone player's match, by finger: what a player must read and tell apart at a
glance on an upright or a sideways phone."""

from __future__ import annotations

import pytest
from pygame import Rect
from ui_driver import Driver, act, drawn_records, played_frames

from spades.engine import Rules
from spades.ui.art import theme
from spades.ui.layout.window import compute_layout
from spades.ui.widgets.style import contrast

SIDEWAYS = ["844x390", "915x412", "740x360", "667x375", "640x360", "568x320"]


@pytest.mark.parametrize("size", SIDEWAYS)
@pytest.mark.parametrize("seed", ["9", "4", "11"])
def test_a_sideways_bid_panel_tells_every_bid_made_so_far_whole(size, seed):
    """On a phone turned sideways the bid panel covers the seats' badges, so its words
    are the only place the bids made so far show: they are told whole (wrapped beside
    and under Confirm), never cut with "...". Before, one line beside Confirm read
    "Your bid: How many tricks will you ta..." at 844x390 and East's bid was lost
    (seed 9: East bids first; seed 4: all three others bid before you)."""
    d = Driver("--size", size, "--speed", "instant", "--seed", seed)
    assert d.wait_for_player() == "bid"
    scene = d.scene
    view = scene.view
    others = [q for q in range(1, 4) if view.bids[q] is not None]
    assert others, "nobody bid before you: the case is not tested"
    d.frame()
    record: list = []
    d.app.text.record = record  # the panel alone, as the frame just drew it
    d.app.drawer.bid_panel(d.app.screen, scene, scene.controls)
    d.app.text.record = None
    words = [r for r in record if r.rect is not None and r.text not in
             {c.label for c in scene.controls} | {"Enter"}]
    assert words and all(scene.layout.bid_panel.contains(r.rect) for r in words), words
    assert not [r.text for r in words if r.text.endswith("...")], [r.text for r in words]
    told = " ".join(r.text for r in words)
    assert d.app.drawer.bids_so_far(scene) in told, told
    # The heading is a line of its own, never run into the bids ("Your bid: Your
    # partner bid nil." read as one sentence before).
    assert not [r.text for r in words if r.text.startswith("Your bid") and r.text != "Your bid"]
    # Wrapped at a phrase's end, never a bid's figure alone on a line ("3.").
    assert not [r.text for r in words if len(r.text) < 6], [r.text for r in words]
    for q in others:  # each bid by its seat's name (the partner as "Your partner")
        name = "Your partner" if q == 2 else scene.names[q]
        assert name in told, (name, told)
    # The words stay clear of every button of the panel.
    buttons = [c.rect for c in scene.controls if c.group == "bids" or c.key[0] == "btn"]
    for r in words:
        assert r.rect.collidelist(buttons) == -1, (r.text, r.rect)


@pytest.mark.parametrize("size", ["390x844", "360x740", "844x390"])
@pytest.mark.parametrize("how", ["finger", "mouse"])
def test_the_coach_switched_on_in_the_toolbar_reads_as_on_not_as_disabled(size, how):
    """Coach, tapped on, lights up in the toolbar: its tile stands well apart from a
    disabled tool's (Last and Undo before the first trick) and from the bar, as a
    switch's lit track does. Before, the on state was a dark tile barely off the
    disabled ones (contrast 1.1), so a phone player, who sees only "Coach" there,
    read the coach as switched off."""
    d = Driver("--size", size, "--speed", "instant")
    assert d.wait_for_player() == "bid"
    if d.scene.options.coach:  # the setting is kept between matches: start it off
        d.scene.toggle_coach()
        d.frame()
    coach, last = d.control(("tool", "coach")), d.control(("tool", "last"))
    assert not last.enabled and not d.scene.options.coach
    off_before = fill(d, coach.rect)
    (d.tap if how == "finger" else d.click)(("tool", "coach"))
    d.frame()
    assert d.scene.options.coach
    on, disabled, plain = fill(d, coach.rect), fill(d, last.rect), fill(
        d, d.control(("tool", "hint")).rect)
    assert contrast(on, disabled) >= 2.0, (on, disabled)
    assert contrast(on, theme.BAR) >= 2.0 and contrast(on, plain) >= 2.0, (on, plain)
    assert contrast(on, off_before) >= 2.0  # the tap changes how it looks, plainly
    (d.tap if how == "finger" else d.click)(("tool", "coach"))
    d.frame()
    assert not d.scene.options.coach and contrast(fill(d, coach.rect), on) >= 2.0


def fill(d: Driver, rect) -> tuple:
    """A button's fill as drawn: the pixel just inside its left edge, mid-height (no
    label reaches there, no rounded corner)."""
    return tuple(d.app.screen.get_at((rect.x + 3, rect.centery)))[:3]


def play_hands(d: Driver, hands: int) -> None:
    """Play by finger (the suggested bid, the first legal card) until ``hands`` hands
    are scored and their breakdown shows."""
    while (situation := d.wait_for_player()) != "breakdown" or \
            len(d.scene.match.history) < hands:
        assert situation != "over", f"the match ended before {hands} hands"
        act(d, situation, last=False, touch=True)


@pytest.mark.parametrize("size", SIDEWAYS + ["390x844", "360x740", "320x480"])
def test_the_score_sheets_columns_read_apart_on_a_phone(size):
    """The score sheet, opened by finger after two hands: every column name and every
    figure of a row stands apart from its neighbours and inside the sheet, clear of its
    edge. Before, at 844x390 the two teams' tables side by side had no room: 'Hand'
    stuck out of its column past the rule to the panel's edge, 'Won' ran into
    'Points', and a bid of '7 nil' marked reached the hand's number."""
    d = Driver("--size", size, "--speed", "instant", "--seed", "11")
    play_hands(d, 2)
    d.tap(("btn", "scores"))
    assert d.scene.overlays[-1] == "scores"
    d.frame()
    scene = d.scene
    box = scene.overlay_rect("scores")
    sheet = scene.score_sheet()
    record: list = []
    d.app.text.record = record  # the sheet alone, as the frame just drew it
    d.app.drawer.overlay_scores(d.app.screen, scene, box)
    d.app.text.record = None
    drawn = [r for r in record if r.rect is not None and r.rect.colliderect(sheet.panel)]
    heads = {"Hand", "Bid", "Won", "Points", "Total", "Bags"}
    assert sum(r.text in heads for r in drawn) >= 2 * 5, [r.text for r in drawn]
    inner = sheet.panel.inflate(-2 * 4, 0)
    lines: dict[int, list] = {}
    for r in drawn:
        assert inner.contains(r.rect), (r.text, r.rect, "at the sheet's edge", inner)
        if r.text in heads or r.text.lstrip("+-").isdigit() or r.text in ("nil", "B nil"):
            lines.setdefault(r.rect.centery, []).append(r)
            # Rows are clipped to the view: a figure past its side would be cut.
            assert sheet.view.left <= r.rect.left and r.rect.right <= sheet.view.right, (
                r.text, r.rect, sheet.view)
    assert len(lines) >= 3
    for items in lines.values():
        items.sort(key=lambda r: r.rect.x)
        for a, b in zip(items, items[1:], strict=False):
            assert b.rect.x - a.rect.right >= 4, (size, a.text, a.rect, b.text, b.rect)


@pytest.mark.parametrize("size", ["740x360", "640x360", "568x320", "480x320"])
def test_a_hint_beside_the_trick_leaves_easts_seat_in_view(size):
    """On a short phone sideways the status is a column beside the trick, under East's
    seat. A hint tapped there stands in that column, over the turn prompt (which gives
    way to it, its words being the hint's own), never over East's badge; at 740x360 and
    640x360 it is told whole. Before, it grew upwards over East's name, bid and
    tricks, cut with "..." after four lines, the prompt still showing under it."""
    d = Driver("--size", size, "--speed", "instant", "--seed", "11")
    while (situation := d.wait_for_player()) != "play" or not d.scene.shown.trick:
        act(d, situation, last=False, touch=True)  # to a trick led by another
    scene, lay = d.scene, d.scene.layout
    assert lay.status.left >= lay.trick_area.right  # the status: a column beside the trick
    d.tap(("tool", "hint"))
    hint = scene.rules_hint()
    assert scene.message and scene.message[0] == hint
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    area = d.app.drawer.drawn_message
    assert area is not None
    assert not area.colliderect(lay.badges[3]), (area, lay.badges[3])
    for slot in lay.trick_slots:
        assert not area.colliderect(slot)
    prompt = d.app.drawer.prompt_text(scene)[0]
    for r in record:  # the prompt's words never show under the hint's backing
        if r.rect is not None and r.text and r.text in prompt and r.text not in hint:
            assert not r.rect.colliderect(area), (r.text, r.rect, area)
    if lay.status.height >= 130:
        told = " ".join(r.text for r in record if r.rect is not None and
                        area.contains(r.rect))
        assert told == hint, told


@pytest.mark.parametrize("touch", [True, False])
@pytest.mark.parametrize("size", ["360x640", "844x390", "640x360", "568x320", "390x844",
                                  "320x480"])
def test_a_hint_at_the_bid_panel_never_runs_over_its_buttons_or_notes(size, touch):
    """The Hint at a bid is a panel of its own: every word of it, wrapped in one block
    inside it, never cut (in the bid panel's rooms it ran over two parts and ended in
    "..." on a phone); Close gives the bid panel back. Where the bid panel covers the
    message line (a small phone upright, a phone on its side), a message is said
    inside the panel in the panel's own ink, in the notes' room; where it does not, on
    the felt. Either way its words cross no bid button, no Confirm and no other
    words."""
    d = Driver("--size", size, "--speed", "instant", "--seed", "11", rules=Rules())
    while (situation := d.wait_for_player()) != "bid":
        act(d, situation, touch=touch)
    (d.tap if touch else d.click)(("tool", "hint"))
    hint = d.scene.rules_hint()
    assert d.scene.overlays[-1] == "hint" and d.scene.hint_text == hint
    box = d.scene.overlay_rect("hint")
    record = drawn_records(d)
    start = max(i for i, r in enumerate(record) if r.text == "Hint")  # the panel's heading
    drawn = [r for r in record[start:] if r.rect is not None and box.contains(r.rect)]
    assert " ".join(r.text for r in drawn if r.text not in ("Hint", "Close", "Esc")) == hint
    close = d.control(("btn", "close")).rect
    assert not any(r.rect.colliderect(close) for r in drawn if r.text in hint)
    (d.tap if touch else d.click)(("btn", "close"))
    assert not d.scene.overlays and d.scene.bid_panel_open()
    # A refusal's length (the engine's words when the partners' bids would pass 13).
    d.scene.say("Partners may bid at most 13 together: your partner bid 8, so you may "
                "bid nil or 1 to 5.")
    told_clear_of_the_panels_words(d, d.scene.message[0])


def told_clear_of_the_panels_words(d: Driver, message: str) -> None:
    scene, lay = d.scene, d.scene.layout
    record: list = []
    panel = lay.bid_panel
    marks: list[int] = []
    plain = theme.panel

    def marked(surface, rect, *args, **kwargs):
        if rect == panel:
            marks.append(len(record))  # the panel's words from here on
        return plain(surface, rect, *args, **kwargs)

    theme.panel, d.app.text.record = marked, record
    try:
        d.frame()
    finally:
        theme.panel, d.app.text.record = plain, None
    start = marks[-1]
    drawn = [r for i, r in enumerate(record) if r.rect is not None and r.text and
             (i >= start or not panel.colliderect(r.rect))]  # not what it covers
    told = [r for r in drawn if " " in r.text and r.text in message]  # not "13", "You"
    assert " ".join(r.text for r in told) == message, [r.text for r in told]
    for r in told:  # in the panel's words, or on the felt clear of it
        assert panel.contains(r.rect) or not panel.colliderect(r.rect), (r.text, r.rect)
        if panel.contains(lay.message):
            assert panel.contains(r.rect), (r.text, r.rect)
        for control in scene.controls:
            if control.group == "bids" or control.key == ("btn", "confirm"):
                assert not r.rect.colliderect(control.rect), (r.text, control.key)
        ink = r.rect.inflate(0, -r.rect.height // 3)  # the line's ink, not its leading
        for other in drawn:
            if other not in told:
                assert not ink.colliderect(other.rect.inflate(0, -other.rect.height // 3)), \
                    (r.text, other.text)


@pytest.mark.parametrize("size", ["844x390", "1280x720"])
def test_a_scrolled_side_by_side_score_sheet_keeps_its_team_names_and_columns(size):
    """A long match's score sheet, the teams side by side, opens at the latest hands
    and scrolls by finger; the teams' names and the column names stay over the rows
    wherever they are scrolled to. Before, they moved with the rows and were gone off
    the top of the sheet whenever it was scrolled (the sheet opens scrolled)."""
    from test_table_journeys import long_match

    d = Driver("--size", size, "--speed", "instant", start=False)
    d.app.start(long_match(24))
    d.frame(2)
    d.tap(("tool", "scores"))
    scene = d.scene
    sheet, area = scene.score_sheet(), scene.score_area
    assert sheet.wide and area.more
    view = area.view
    for drag in (None, (view.top + 20, view.bottom - 20)):  # as opened, then dragged
        if drag:
            d.drag((view.centerx, drag[0]), (view.centerx, drag[1]))
            d.frame(30)
        record: list = []
        d.app.text.record = record
        d.app.drawer.overlay_scores(d.app.screen, scene, scene.overlay_rect("scores"))
        d.app.text.record = None
        heads = [r for r in record if r.rect is not None and sheet.panel.contains(r.rect)
                 and r.rect.bottom <= view.top]
        texts = [r.text for r in heads]
        assert texts.count("Hand") == 2 and texts.count("Bags") == 2, (area.offset, texts)
        assert any(t.startswith("Us:") for t in texts) and any(
            t.startswith("Them:") for t in texts), texts


@pytest.mark.parametrize("size", [(844, 390), (667, 375), (932, 430), (568, 320), (1000, 300)])
def test_a_sideways_phone_shows_the_trick_in_cards_big_enough_to_read(size):
    """Sideways the room for the trick is short and wide: a cross of cards made them 32
    to 41 px wide there. The flat trick makes them half as big again, inside the trick's
    room, with every card's index corner clear of the other three whatever their order."""
    lay = compute_layout(*size)
    assert lay.trick_w >= 46, (size, lay.trick_w)
    for slot in lay.trick_slots:
        assert lay.trick_area.contains(slot), (size, slot)
    for i, slot in enumerate(lay.trick_slots):
        corner = Rect(slot.x, slot.y, round(slot.width * 0.3), round(slot.height * 0.3))
        for j, other in enumerate(lay.trick_slots):
            if i != j:
                assert not other.colliderect(corner), (size, i, j)


@pytest.mark.parametrize("size", [(844, 390), (740, 360), (915, 412), (667, 375),
                                  (932, 430), (1000, 300)])
def test_a_sideways_tricks_west_and_east_stand_apart_from_the_middle_pair(size):
    """Where the trick's room is wide, West's and East's cards stand out toward their
    seats, a third of a card or more clear of South's and North's, so the four read as
    played from four sides. Before, they stood 2 or 3 px from the middle pair, in a
    crowded diagonal, with the room's sides empty."""
    lay = compute_layout(*size)
    south, west, north, east = lay.trick_slots
    gap = round(lay.trick_w * 0.35)
    assert west.right + gap <= min(south.left, north.left), (size, west, south, north)
    assert east.left - gap >= max(south.right, north.right), (size, east, south, north)
    assert lay.trick_area.contains(west) and lay.trick_area.contains(east)


def corners(slot: Rect) -> list[Rect]:
    """A card's two index corners (rank over suit): top-left, and bottom-right upside
    down."""
    w, h = round(slot.width * 0.3), round(slot.height * 0.3)
    return [Rect(slot.x, slot.y, w, h), Rect(slot.right - w, slot.bottom - h, w, h)]


@pytest.mark.parametrize("size", [(844, 390), (740, 360), (915, 412), (667, 375),
                                  (640, 360), (568, 320), (932, 430), (1000, 300), (480, 320),
                                  (500, 320)])
def test_each_card_of_a_flat_trick_has_a_tab_with_its_seat_that_covers_no_index(size):
    """The flat trick's seat tabs: each hangs on its own card's corner, inside the
    trick's room, clear of every other card, of every index corner and of each other,
    so whichever card was played last every tab and index shows."""
    import pygame

    from spades.ui.art.theme import Text
    from spades.ui.draw.trick_tags import tag_font, tag_rects

    pygame.font.init()
    lay = compute_layout(*size)
    assert lay.flat_trick
    for names in (("You", "Wren", "Noor", "Eli"), ("You", "W" * 20, "M" * 20, "Q" * 20)):
        check_tags(lay, tag_rects(lay, Text(), names), size)
    assert tag_font(lay) >= 13


def check_tags(lay, tags, size) -> None:
    for seat, tag in enumerate(tags):
        slot = lay.trick_slots[seat]
        assert lay.trick_area.contains(tag), (size, seat, tag)
        assert tag.colliderect(slot) and not slot.contains(tag), (seat, tag)  # on a corner
        for other, rect in enumerate(lay.trick_slots):
            assert tag.collidelist(corners(rect)) == -1, (size, seat, other)
            if other != seat:
                assert not tag.colliderect(rect), (size, seat, other, tag, rect)
                assert not tag.colliderect(tags[other]), (size, seat, other)
        assert not tag.colliderect(lay.status)


@pytest.mark.parametrize("size", ["844x390", "740x360", "915x412"])
@pytest.mark.parametrize("touch", [True, False])
def test_a_sideways_trick_names_the_seat_of_every_card_on_it(size, touch):
    """Sideways the trick is flat and South's and North's cards differ only by a
    quarter card's shift: each card of the trick, played by finger (or mouse) as the
    match goes, shows its player's name on a tab on the card's corner, in view (no
    other card over it). Before, nothing on the table said whose card was whose."""
    d = Driver("--size", size, "--speed", "instant", "--seed", "11")
    scene = d.scene
    seen = 0
    for record in played_frames(d, 3000, last=False, touch=touch):
        trick = scene.shown.trick
        if len(trick) >= 2 and {0, 2} & {q for q, _ in trick} and not scene.overlays:
            lay = scene.layout
            slots = lay.trick_slots
            for seat, _ in trick:
                name = scene.names[seat]
                near = slots[seat].inflate(2 * lay.trick_w, 0)
                others = [slots[q] for q, _ in trick if q != seat]
                tags = [r.rect for r in record if r.text == name and r.rect is not None
                        and lay.trick_area.collidepoint(r.rect.center)
                        and near.collidepoint(r.rect.center)
                        and not any(o.collidepoint(r.rect.center) for o in others)]
                assert tags, (size, seat, name, [r.text for r in record])
            seen += 1
            if seen >= 6 and {0, 2} <= {q for q, _ in trick}:
                break
    assert seen >= 6


@pytest.mark.parametrize("size", SIDEWAYS + ["480x320"])
@pytest.mark.parametrize("touch", [True, False])
def test_the_contracts_line_breaks_between_phrases_on_a_sideways_phone(size, touch):
    """The contracts' flash after the bidding (bid by finger or by mouse) shows whole,
    inside the status, and where the column beside the trick is too narrow for one
    line it breaks after a phrase: "Contracts: us 7," over "them 6". Before, at
    740x360 it broke as "Contracts: us 7, them" over a lone "6"."""
    d = Driver("--size", size, "--speed", "normal", "--seed", "11")
    scene = d.scene
    for _ in played_frames(d, 3000, touch=touch):
        if scene.flash and scene.flash[0].startswith("Contracts") and \
                d.app.drawer.drawn_message is not None:
            break
    else:
        pytest.fail("the contracts never showed")
    record = d.app.text.record  # what the frame that showed them drew
    text = scene.flash[0]
    area = d.app.drawer.drawn_message
    lines = [r for r in record if r.rect is not None and area.contains(r.rect)]
    assert " ".join(r.text for r in lines) == text, ([r.text for r in lines], text)
    for r in lines[:-1]:
        assert r.text.endswith((",", ":")), [r.text for r in lines]
    assert area.colliderect(scene.layout.status) and area.right <= scene.layout.width


@pytest.mark.parametrize("size", ["844x390", "740x360", "320x480"])
@pytest.mark.parametrize("kind", ["flash", "hint"])
def test_the_winners_words_and_a_message_never_print_over_each_other(size, kind):
    """Where the trick fills its room (sideways, the smallest phone) "West takes the
    trick" stands on the message line: a flash there ("Spades are broken") waits for
    it, and a hint the player asked for keeps the line, the words giving way (the
    winner's card keeps its gold edge). Before, the two were drawn one over the other."""
    d = Driver("--size", size, "--speed", "slow", "--seed", "5")
    scene = d.scene
    for _ in range(6000):
        d.frame()
        if len(scene.shown.trick) == 4 and scene.shown.winner_card is not None:
            break
        if d.situation() is not None:
            act(d, d.situation(), last=False, touch=True)
    else:
        pytest.fail("no trick was won")
    text = "Spades are broken" if kind == "flash" else "Follow suit: play a club."
    if kind == "flash":
        scene.flash = (text, scene.now + 5)
    else:
        scene.message = (text, scene.now + 5)
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    words = [r.rect for r in record if r.rect is not None and r.text.endswith(
        ("takes the trick", "take the trick"))]
    area = d.app.drawer.drawn_message  # where the message was drawn, if it was
    assert words if kind == "flash" else area is not None, [r.text for r in record]
    assert area is None or area.collidelist(words) == -1, (area, words)


@pytest.mark.parametrize("size", ["844x390", "740x360", "915x412", "568x320"])
@pytest.mark.parametrize("touch", [True, False])
def test_the_spades_broken_sign_stays_in_view_beside_a_sideways_trick(size, touch):
    """Once spades are broken the sign says so at every frame of play, clear of the
    trick's cards, while the match is played by finger (or mouse). Sideways, North's
    card stands high in the short room: before, the sign was drawn under it (740x360)
    or left out with the caption whenever North had a card down (844x390)."""
    d = Driver("--size", size, "--speed", "instant", "--seed", "11")
    scene, drawer = d.scene, d.app.drawer
    boxes: list = []
    sign = drawer.spades_sign

    def spy(surface, box, icon, words):
        boxes.append(Rect(box))
        sign(surface, box, icon, words)

    drawer.spades_sign = spy
    checked = 0
    for _ in range(4000):
        boxes.clear()
        d.frame()
        s = scene.shown
        if s.spades_broken and s.trick and not scene.overlays and not s.dealing \
                and not scene.bid_panel_open():
            cards = [scene.layout.trick_slots[q] for q, _ in s.trick]
            assert len(boxes) == 1, (size, checked, s.trick)
            assert boxes[0].collidelist(cards) < 0, (size, boxes[0], cards)
            checked += 1
            if checked >= 12 and any(q == 2 for q, _ in s.trick):
                break
        if d.situation() is not None:
            act(d, d.situation(), last=False, touch=touch)
    assert checked >= 12


@pytest.mark.parametrize("size", ["915x412", "1024x600", "1280x720", "800x600"])
@pytest.mark.parametrize("touch", [True, False])
def test_the_score_bars_words_are_whole_at_every_width(size, touch):
    """The score bar beside the toolbar tells each side's bid, tricks and bags in
    the fullest words that fit ("bid 7 · won 2 · bags 0", else "won 2 of 7"), never a
    stub cut with "..." (at 915x412 it read "bid 7 · w...")."""
    d = Driver("--size", size, "--speed", "instant", "--seed", "11")
    scene = d.scene
    played = 0
    for record in played_frames(d, 1500, last=False, touch=touch):
        if not scene.layout.portrait and any(b is not None for b in scene.shown.bids):
            bar = scene.layout.top_bar
            words = [r for r in record if r.rect is not None and bar.contains(r.rect)]
            assert not [r.text for r in words if r.text.endswith("...")], (size, words)
            assert any(r.text.startswith(("bid ", "bidding", "bags", "won "))
                       for r in words), (size, [r.text for r in words])
            played += bool(scene.shown.trick)
    assert played >= 20


@pytest.mark.parametrize("size", ["740x360", "640x360"])
@pytest.mark.parametrize("touch", [True, False])
def test_the_status_column_beside_the_trick_stands_level_with_it(size, touch):
    """Where the message line and the turn prompt stand in a column beside the trick
    (a short phone held sideways), they stand level with the trick's middle, apart
    from East's seat above them: the contracts' flash and whose turn it is read as
    the table's news. Before, the flash sat right under East's face-down cards, at
    the column's top, and read as East's."""
    d = Driver("--size", size, "--speed", "instant", "--seed", "11")
    scene = d.scene
    lay = scene.layout
    assert lay.status_beside
    middle = lay.trick_area.centery
    reach = lay.trick_area.height // 5
    seen = set()
    for record in played_frames(d, 1500, last=False, touch=touch):
        column = [r for r in record if r.rect is not None and lay.status.contains(r.rect)]
        for r in column:
            if r.text.startswith("Contracts") or r.text.endswith("to play"):
                assert abs(r.rect.centery - middle) <= reach, (size, r.text, r.rect, middle)
                seen.add("contracts" if r.text.startswith("Contracts") else "prompt")
        if seen == {"contracts", "prompt"}:
            break
    assert seen == {"contracts", "prompt"}, seen


def wide_score_table(size: str, scores: list[int]) -> Driver:
    """A table at ``size`` whose first hand starts at ``scores`` with 3 and 9 bags."""
    from spades.engine import Match, Rules
    from spades.engine.match import deal_hands

    d = Driver("--size", size, "--speed", "instant", start=False)
    d.app.start(Match(Rules(), 7, start={"dealer": 3, "hands": deal_hands(7, 0, 3),
                                         "scores": scores, "bags": [3, 9]}))
    return d


def bar_words(scene, record: list) -> str:
    """Every string drawn inside the top bar in the recorded frame."""
    bar = scene.layout.top_bar
    return " ".join(r.text for r in record if r.rect is not None and bar.contains(r.rect))


@pytest.mark.parametrize("size", ["390x844", "360x740", "320x480", "844x390", "740x360",
                                  "800x600", "1280x720"])
def test_the_top_bar_keeps_each_sides_bags_while_the_bidding_goes(size):
    """Nine bags are the number that decides the next bid. While the bidding goes, the
    top bar gives way "bidding" before it gives way a side's bags, at every size, with
    wide scores (-150 and 420). Before, an upright phone kept "· bidding" and dropped
    "bags 9" once the scores grew wide."""
    d = wide_score_table(size, [-150, 420])
    scene = d.scene
    record: list = []
    d.app.text.record = record
    seen = 0
    for _ in range(200):
        record.clear()
        d.frame()
        if any(b is None for b in scene.shown.bids) and not scene.overlays:
            words = bar_words(scene, record)
            assert "bags 3" in words and "bags 9" in words, (size, words)
            assert "..." not in words, (size, words)
            seen += 1
    d.app.text.record = None
    assert seen > 20


@pytest.mark.parametrize("size", ["360x640", "360x740", "390x844", "844x390", "800x600"])
@pytest.mark.parametrize("touch", [True, False])
def test_the_top_bar_keeps_each_sides_bags_through_the_play_with_wide_scores(size, touch):
    """While the cards are played, wide scores (-190 and 480) cost the upright phone's
    bar a size of score type before they cost a side its bags: at 360x640 it read
    "Us -190 · won 0/7   Them 480 · won 0/6", the nine bags gone. (The bids made by
    finger or by mouse.)"""
    d = wide_score_table(size, [-190, 480])
    scene = d.scene
    seen = 0
    for record in played_frames(d, 600, last=False, touch=touch):
        if scene.shown.trick and all(b is not None for b in scene.shown.bids) \
                and not scene.overlays:
            words = bar_words(scene, record)
            assert "bags 3" in words and "bags 9" in words, (size, words)
            assert "..." not in words, (size, words)
            if scene.layout.portrait:  # the scores stand in the bar's own line
                assert "-190" in words and "480" in words, (size, words)
            seen += 1
            if seen > 12:
                break
    d.app.text.record = None
    assert seen > 12


@pytest.mark.parametrize("size", ["320x480", "360x740", "390x844", "480x320", "740x360",
                                  "1280x720"])
@pytest.mark.parametrize("touch", [True, False])
def test_the_pause_menus_switches_keep_their_labels_whole(size, touch):
    """Opened by finger or by mouse, the pause menu gives every switch and the speed
    stepper room for its label whole and clear of its control, every row inside the
    panel and apart from the others, and each works where it is drawn. At 320x480 two
    columns had cut "Four-colour deck" to "Four-co deck" and put "normal" under the
    stepper's arrows; there Resume and the settings now take a row each."""
    from spades.ui.widgets import Stepper, Toggle

    d = Driver("--size", size, "--speed", "instant", "--seed", "5")
    d.wait_for_player()
    (d.tap if touch else d.click)(("tool", "menu"))
    scene = d.scene
    assert scene.overlays[-1] == "pause"
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    panel = scene.overlay_rect("pause")
    controls = [c for c in scene.build_controls()]
    look = scene.hit_look()
    for a in controls:
        assert panel.contains(a.rect) and a.rect.height >= scene.layout.target, a.key
        for b in controls:
            assert a is b or not a.rect.colliderect(b.rect), (a.key, b.key)
        label = next(r for r in record if r.text == a.label and r.rect is not None)
        assert a.rect.contains(label.rect), (size, a.label)
        if isinstance(a, Toggle):
            assert label.rect.right < a.switch_rect(look).left, (size, a.label)
        if isinstance(a, Stepper):
            back, forward = a.halves(look)
            assert label.rect.right < back.left, (size, a.label)
            value = next(r for r in record if r.text == a.value and r.rect is not None)
            assert back.right <= value.rect.left and value.rect.right <= forward.left, size
    assert not [r.text for r in record if r.text.endswith("...")]
    deck = scene.options.four_colour
    (d.tap if touch else d.click)(("btn", "deck"))
    assert scene.options.four_colour is not deck


@pytest.mark.parametrize("size", ["844x390", "568x320", "667x375"])
@pytest.mark.parametrize("touch", [True, False])
def test_a_sideways_pause_menu_leaves_no_cell_of_its_grid_empty(size, touch):
    """On a phone held sideways the pause menu takes two columns: Resume has the top
    row to itself and every row below fills both columns, the settings facing the ways
    out. Before, Resume headed the settings' column and the last cell of the other
    stood empty. Opened by finger or by mouse; Resume still closes it."""
    d = Driver("--size", size, "--speed", "instant", "--seed", "5")
    d.wait_for_player()
    (d.tap if touch else d.click)(("tool", "menu"))
    scene = d.scene
    assert scene.overlays[-1] == "pause"
    controls = scene.build_controls()
    left = min(c.rect.left for c in controls)
    right = max(c.rect.right for c in controls)
    rows: dict[int, list] = {}
    for c in controls:
        rows.setdefault(c.rect.y, []).append(c)
    tops = sorted(rows)
    assert len(tops) == 5, (size, tops)
    assert [c.key for c in rows[tops[0]]] == [("btn", "resume")]
    for y in tops:
        row = sorted(rows[y], key=lambda c: c.rect.x)
        assert row[0].rect.left == left and row[-1].rect.right == right, (size, y)
        assert len(row) == (1 if y == tops[0] else 2), (size, [c.label for c in row])
    (d.tap if touch else d.click)(("btn", "resume"))
    assert "pause" not in scene.overlays


@pytest.mark.parametrize("size", ["568x320", "640x360", "667x375", "480x320"])
@pytest.mark.parametrize("touch", [True, False])
def test_the_trick_winners_words_beside_a_sideways_trick_are_never_cut(size, touch):
    """In the narrow column beside a sideways trick, "Wren takes the trick" wraps onto
    two even lines inside the column; before, it was cut to "West takes the tr...".
    Played by finger or by mouse."""
    d = Driver("--size", size, "--speed", "slow", "--seed", "11")
    scene = d.scene
    for _ in range(6000):
        d.frame()
        s = scene.shown
        if len(s.trick) == 4 and s.winner_card is not None:
            break
        if d.situation() is not None:
            act(d, d.situation(), last=False, touch=touch)
    else:
        pytest.fail("no trick was won")
    seat = next(q for q, c in s.trick if c == s.winner_card)
    said = "You take the trick" if seat == 0 else f"{scene.names[seat]} takes the trick"
    scene.message = None
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    golden = [r for r in record if r.rect is not None and r.text in said and len(r.text) > 4]
    assert " ".join(r.text for r in sorted(golden, key=lambda r: r.rect.y)) == said, \
        [r.text for r in record]
    column = scene.layout.status if scene.layout.status_beside else d.app.screen.get_rect()
    for r in golden:
        assert column.left <= r.rect.left and r.rect.right <= column.right, (r.rect, column)
    if len(golden) == 2:
        widths = sorted(r.rect.width for r in golden)
        assert widths[0] >= 0.5 * widths[1], widths  # even lines, not a word left alone


@pytest.mark.parametrize("size", ["844x390", "740x360", "915x412", "568x320"])
@pytest.mark.parametrize("touch", [True, False])
def test_a_sideways_seats_words_stand_clear_of_its_edge(size, touch):
    """Every word in a sideways seat's badge (the name, "bid 7 · won 3") stands inside
    the badge clear of its edge, the 4 px gold edge of the seat to play included.
    Before, the second line sat on the bottom edge, clipped by the gold of your turn.
    Reached by finger or by mouse."""
    d = Driver("--size", size, "--speed", "instant")
    while (situation := d.wait_for_player()) != "play":
        act(d, situation, touch=touch)
    scene, text = d.scene, d.app.text
    record: list = []
    text.record = record
    d.frame()
    text.record = None
    for seat, badge in enumerate(scene.layout.badges):
        inner = badge.inflate(-8, -8)
        inside = [r for r in record if r.rect is not None and badge.contains(r.rect)
                  or r.rect is not None and badge.collidepoint(r.rect.center)]
        assert inside, seat
        for r in inside:
            ink = text.render(r.text, r.size, (255, 255, 255), r.bold).get_bounding_rect()
            ink.move_ip(r.rect.topleft)
            assert inner.contains(ink), (size, seat, r.text, ink, inner)
