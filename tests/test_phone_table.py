"""The table on an upright phone, as a player holds it: a trick read at a glance, a
two-row hand whose every card shows its index and takes a finger, the partner named."""

from __future__ import annotations

import random

import pytest
from pygame import Rect
from ui_driver import Driver, act, play_until, played_frames

from spades.engine import Rules
from spades.ui.art.cardart import index_depth
from spades.ui.layout.hand_rows import arrange
from spades.ui.layout.window import MIN_STEP, compute_layout
from spades.ui.table.choreography import hand_order

PHONES = [(390, 844), (360, 740), (320, 480), (412, 915), (375, 667)]
SHORT = Rules(target=150)


def owners(rects: list[Rect], box: Rect) -> list[list[int]]:
    """Which card is on top at each pixel of ``box`` (-1: none); later rects are drawn
    over earlier ones, as the hand is."""
    grid = [[-1] * box.width for _ in range(box.height)]
    for i, r in enumerate(rects):
        r = r.clip(box)
        for y in range(r.top - box.top, r.bottom - box.top):
            row = grid[y]
            for x in range(r.left - box.left, r.right - box.left):
                row[x] = i
    return grid


def finger_square(grid: list[list[int]], box: Rect, i: int, side: int = MIN_STEP
                  ) -> Rect | None:
    """A ``side`` x ``side`` square that card ``i`` alone shows (None: there is none),
    the one nearest its top-left corner."""
    h, w = len(grid), len(grid[0])
    acc = [[0] * (w + 1) for _ in range(h + 1)]
    for y in range(h):
        row, up, here = grid[y], acc[y], acc[y + 1]
        for x in range(w):
            here[x + 1] = here[x] + up[x + 1] - up[x] + (row[x] == i)
    for y in range(h - side + 1):
        for x in range(w - side + 1):
            if acc[y + side][x + side] - acc[y][x + side] - acc[y + side][x] + acc[y][x] \
                    == side * side:
                return Rect(box.left + x, box.top + y, side, side)
    return None


def drawn(lay, count: int, split: int | None, raised: set[int]) -> list[Rect]:
    return [r.move(0, -lay.lift) if i in raised else r
            for i, r in enumerate(lay.hand_rects(count, split))]


@pytest.mark.parametrize("size", PHONES)
def test_every_card_of_a_two_row_hand_shows_its_index_and_a_fingers_square(size):
    """Whatever is raised (the playable cards), each card of the hand keeps its whole
    corner index in view, and a 44 x 44 px square no other card covers when it is
    playable (raised) or nothing is. Before, the lower row hid all of the upper row but
    a 30 px strip at 320x480, and a raised card of the lower row half the upper row's
    index at 390x844."""
    lay = compute_layout(*size)
    assert lay.hand_rows == 2
    rng = random.Random(size[0])
    depth = index_depth(lay.card_w)
    corner_w = round(lay.card_w * 0.32)
    box = lay.hand_area
    for _ in range(12):
        count = rng.choice((13, 13, 12, 10, 8))
        hand = hand_order(rng.sample(range(52), count))
        split = lay.hand_split([c // 13 for c in hand])
        for raised in (set(), set(range(count)), {i for i in range(count) if rng.random() < .5}):
            rects = drawn(lay, count, split, raised)
            grid = owners(rects, box)
            for i, r in enumerate(rects):
                index = Rect(r.x, r.y, corner_w, depth)
                shown = all(grid[y - box.top][x - box.left] == i
                            for y in range(index.top, index.bottom)
                            for x in range(index.left, index.right))
                assert shown, (size, count, split, sorted(raised), i, "index covered")
                if i in raised or not raised:
                    assert finger_square(grid, box, i) is not None, (size, count, i, "no target")


@pytest.mark.parametrize("size", ["390x844", "360x740", "320x480"])
def test_a_finger_tap_on_each_card_of_the_hand_picks_that_card(size):
    """FINGER taps (with SDL's mouse twin) at each card's own square, upper row and
    lower: every tap picks the card under it, and a tap on an upper-row card plays it."""
    d = Driver("--speed", "instant", "--size", size, rules=SHORT)
    scene = d.scene
    play_until(d, "play")  # the player's first card of the first hand: 13 in hand
    hand = list(scene.shown.hand)
    assert len(hand) == 13 and scene.layout.hand_rows == 2
    rects = scene.card_rects()
    assert len({r.y for r in scene.hand_layout()}) == 2  # two rows
    box = rects[0].unionall(rects)
    grid = owners(rects, box)
    picked: list[int] = []
    play = scene.human_card
    scene.human_card = picked.append  # record the pick, keep the hand for the next tap
    squares = []
    for i, card in enumerate(hand):
        square = finger_square(grid, box, i)
        assert square is not None, (size, card)
        squares.append(square)
        d.tap(square.center)
    del scene.human_card
    assert picked == hand, (size, picked, hand)
    assert scene.human_card == play
    # A real tap on a playable card of the upper row plays that very card.
    upper = min(r.y for r in scene.hand_layout())
    legal = scene.view.legal_card_mask()
    choices = [i for i, (c, r) in enumerate(zip(hand, scene.hand_layout(), strict=True))
               if r.y == upper and legal >> c & 1]
    if choices:
        before = len(scene.match.actions)
        d.tap(squares[choices[0]].center)
        assert scene.match.actions[before].card == hand[choices[0]]


@pytest.mark.parametrize("size", PHONES)
def test_an_upright_phones_trick_is_read_at_a_glance(size):
    """The four cards of the trick are nearly the hand's size (before: 0.47 of its
    height at 320x480, about 0.72 from 360x740 to 412x915, the side seats' towers taking
    the room), and they sit clear of every seat, fan, won trick, the status and the hand."""
    lay = compute_layout(*size)
    assert lay.portrait
    assert lay.trick_h >= 0.8 * lay.card_h, (size, lay.trick_h, lay.card_h)
    assert lay.trick_w >= 0.8 * lay.card_w, (size, lay.trick_w, lay.card_w)
    others = [lay.status, lay.hand_area, lay.top_bar, *lay.badges, *lay.packets]
    for seat in (1, 2, 3):
        others += lay.fan_rects(seat, 13) + lay.packet_rects(seat, 13)
    others += lay.packet_rects(0, 13)
    for i, slot in enumerate(lay.trick_slots):
        assert lay.trick_area.contains(slot)
        assert slot.collidelist([r for r in others if r.width]) < 0, (size, i, slot)
        assert slot.collidelist(lay.trick_slots[:i]) < 0


@pytest.mark.parametrize("size", ["320x480", "390x844"])
def test_the_winners_words_never_cover_a_card_of_the_trick(size):
    """"North takes the trick" stands under the trick, or on the message line where the
    trick fills its room (a small phone), never over one of its cards."""
    d = Driver("--speed", "fast", "--size", size, rules=SHORT)
    scene = d.scene
    for _ in played_frames(d, 4000):
        if scene.shown.winner_card is not None and len(scene.shown.trick) == 4:
            break
    else:
        pytest.fail("no trick was won")
    record = d.app.text.record  # what the frame of the won trick drew
    words = [x for x in record if x.text.endswith(("takes the trick", "take the trick"))]
    assert words and words[0].rect is not None
    cards = [scene.layout.trick_slots[q] for q, _ in scene.shown.trick]
    assert words[0].rect.collidelist(cards) < 0, (words[0].rect, cards)


@pytest.mark.parametrize("size", ["390x844", "360x740", "320x480", "1280x720", "800x600",
                                  "480x320"])
@pytest.mark.parametrize("north_deals", [False, True])
def test_north_is_marked_as_your_partner_by_its_name(size, north_deals):
    """North's badge says "Partner" in full, at the secondary size or more, inside the
    badge beside the name and clear of the dealer's chip; no other seat says it."""
    from spades.ui.layout.window import NORTH

    d = Driver("--seed", "9" if north_deals else "11", "--speed", "instant", "--size", size,
               rules=SHORT)
    scene = d.scene
    play_until(d, "play")
    assert (scene.shown.dealer == NORTH) == north_deals
    record: list = []
    d.app.text.record = record
    d.frame()
    lay = scene.layout
    said = [x for x in record if x.text == "Partner"]
    assert len(said) == 1 and said[0].rect is not None, [x.text for x in record][:20]
    tag, badge = said[0].rect, lay.badges[NORTH]
    assert badge.contains(tag), (tag, badge)
    assert said[0].size >= 15 and said[0].bold
    name = next(x for x in record if x.text == scene.options.names[NORTH] and x.rect
                and badge.contains(x.rect))
    assert name.size >= 15 and name.rect.right < tag.left and abs(
        name.rect.centery - tag.centery) <= 2
    if north_deals:
        chip = next(x for x in record if x.text == "D" and x.rect is not None)
        assert badge.contains(chip.rect) and not chip.rect.colliderect(tag.inflate(8, 0))
    for seat in (0, 1, 3):
        assert not any(lay.badges[seat].colliderect(x.rect) for x in said)


# The hand of the review at 360x740: 7 10 J of diamonds, 3 5 of clubs, 3 7 9 A of
# hearts, 5 6 J A of spades. Before, its rows were the plain halves: hearts 3 7 at the
# top right, 9 A at the bottom left.
REVIEWED = [18, 21, 22, 1, 3, 27, 31, 33, 38, 42, 43, 48, 51]


def _rows(scene) -> list[set[int]]:
    rects = scene.hand_layout()
    return [{c for c, r in zip(scene.shown.hand, rects, strict=True) if r.y == y}
            for y in sorted({r.y for r in rects})]


@pytest.mark.parametrize("size", ["360x740", "320x480", "390x844"])
def test_a_suit_reads_in_one_row_and_every_card_keeps_its_row_through_the_hand(size):
    """The table's own hand layout, trick after trick: no suit lies in both rows (the
    suits regroup, diamonds and spades above, clubs and hearts below, where the usual
    order cannot split between suits), and a card never changes rows as cards go."""
    d = Driver("--speed", "instant", "--size", size, rules=SHORT)
    scene = d.scene
    rng = random.Random(size)
    scene.shown.hand, scene.shown.top_suits = hand_order(REVIEWED), None
    first = _rows(scene)
    assert len(first) == 2
    row_of = {c: i for i, row in enumerate(first) for c in row}
    while len(scene.shown.hand) > 7:
        rows = _rows(scene)
        if len(rows) < 2:
            break
        for row, other in ((rows[0], rows[1]), (rows[1], rows[0])):
            assert not {c // 13 for c in row} & {c // 13 for c in other}, (size, rows)
        assert all(row_of[c] == i for i, row in enumerate(rows) for c in row), size
        scene.shown.hand.remove(rng.choice(scene.shown.hand))


@pytest.mark.parametrize("size", PHONES)
def test_two_rows_split_between_suits_wherever_a_grouping_fits(size):
    """Random hands at each phone: when some grouping of the suits fits both rows (a
    finger's spacing), no suit is cut; every card still shows its whole index and a
    44 px square alone, raised or not."""
    from itertools import combinations

    from spades.ui.layout.hand_rows import arrange

    lay = compute_layout(*size)
    rng = random.Random(size[1])
    depth, corner_w, box = index_depth(lay.card_w), round(lay.card_w * 0.32), lay.hand_area
    for n in range(60):
        count = rng.choice((13, 13, 12, 11, 10, 9, 8))
        hand = hand_order(rng.sample(range(52), count))
        order, top, split = arrange(lay, hand, None)
        assert sorted(order) == sorted(hand)
        suits = {c // 13 for c in hand}
        possible = any(max(k, count - k) <= lay.row_capacity
                       for r in range(1, len(suits)) for group in combinations(suits, r)
                       for k in [sum(c // 13 in group for c in hand)])
        if count > min(7, lay.row_capacity) and possible:
            assert split is not None and top is not None
            above = {c // 13 for c in order[:split]}
            assert not above & {c // 13 for c in order[split:]}, (size, order, split)
        if n % 6:
            continue  # the pixel check below is slow: every sixth hand
        raised = {i for i in range(count) if rng.random() < .5}
        for lifted in (set(), raised):
            rects = drawn(lay, count, split, lifted)
            grid = owners(rects, box)
            for i, r in enumerate(rects):
                assert all(grid[y - box.top][x - box.left] == i
                           for y in range(r.y, r.y + depth)
                           for x in range(r.x, r.x + corner_w)), (size, i, "index covered")
                if i in lifted or not lifted:
                    assert finger_square(grid, box, i) is not None, (size, i, "no target")


UPRIGHT = [(w, h) for w in range(320, 413, 23) for h in range(480, 916, 29)
           if h > w * 1.15] + PHONES


@pytest.mark.parametrize("size", UPRIGHT)
def test_the_status_lines_are_the_tables_centred_and_apart_from_every_seat(size):
    """The message line (the contracts, a refusal) and the turn prompt are centred on
    the table in a row of their own, never in the row of South's badge (beside it they
    read as South's own status, as they did at 320x480), and clear of every seat, fan,
    won trick, trick card, the hand and the toolbar, at every upright size."""
    lay = compute_layout(*size)
    south = lay.badges[0]
    for box in (lay.status, lay.message, lay.prompt):
        assert abs(box.centerx - size[0] / 2) <= 1, (size, box)
        assert box.bottom <= south.top or box.top >= south.bottom, (size, box, south)
    others = [lay.hand_area, lay.top_bar, *lay.badges, *lay.packets, *lay.trick_slots,
              *lay.toolbar.values(), *lay.packet_rects(0, 13)]
    for seat in (1, 2, 3):
        others += [lay.fans[seat], *lay.fan_rects(seat, 13), *lay.packet_rects(seat, 13)]
    hit = [r for r in others if r.width and r.colliderect(lay.status)]
    assert not hit, (size, lay.status, hit)
    assert lay.trick_area.bottom <= lay.status.top


@pytest.mark.parametrize("how", ["mouse", "finger"])
def test_at_320x480_the_contracts_and_the_turn_read_as_the_tables(how):
    """After the bids, "Contracts: us N, them M" and then whose turn it is are drawn
    centred across the table, above South's badge (before: beside it, in its row), and
    on the smallest phone one stands in for the other rather than overlap."""
    d = Driver("--speed", "instant", "--size", "320x480", rules=SHORT)
    press = (lambda k: d.tap(k, twin=False)) if how == "finger" else d.click
    record: list = []
    d.app.text.record = record
    while (situation := d.wait_for_player()) in ("blind", "bid"):
        if situation == "blind":
            press(("btn", "look"))
        else:
            press(("bid", d.scene.suggested_bid_value()))
            press(("btn", "confirm"))
    lay = d.scene.layout
    south = lay.badges[0]
    seen = set()
    # Until the player's own turn to play (its "Your turn" line), however many frames
    # the computer players' thinking takes on a loaded machine: the loop ends on the
    # table's state, never on a count of frames.
    turn_frames = 0  # frames drawn since the player's turn came and the contracts went
    for _ in range(20000):  # against a hang only: the first trick reaches the player
        if turn_frames >= 3:
            break
        record.clear()
        d.frame()
        lines = [x for x in record if x.rect is not None and (
            x.text.startswith("Contracts: us") or x.text.endswith(" to play") or
            x.text.startswith("Your turn"))]
        assert len(lines) <= 1, [x.text for x in lines]  # one line: never on each other
        for x in lines:
            assert abs(x.rect.centerx - 160) <= 2 and x.rect.bottom <= south.top, (x.text,
                                                                                     x.rect)
            seen.add(x.text.split(":")[0] if ":" in x.text else "turn")
        if {"Contracts", "turn"} <= seen or "Your turn" in seen:
            break
        scene = d.scene
        flashing = scene.flash is not None and scene.now < scene.flash[1]
        turn_frames += scene.can_act() and scene.view.phase == "playing" and not flashing
    assert "Contracts" in seen and ("turn" in seen or "Your turn" in seen), seen


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("text", ["Nil", "Bid 13", "Blind nil!", "looks at the cards"])
def test_norths_bid_bubble_on_an_upright_phone_leaves_its_fan_in_view(size, text):
    """North's speech bubble sits beside North's badge, or under its fan where the
    side is too narrow, never over the fan nor any seat's badge."""
    import pygame

    from spades.ui.art.theme import Text
    from spades.ui.draw.seats import bubble_rect

    pygame.font.init()
    lay = compute_layout(*size)
    words = Text().render(text, lay.font, (0, 0, 0), True)
    box = bubble_rect(lay, 2, words.get_rect().inflate(lay.pad * 2, lay.pad))
    assert Rect(0, 0, *size).contains(box)
    assert box.collidelist(lay.fan_rects(2, 13)) == -1, (size, text, box)
    assert box.collidelist(lay.badges) == -1, (size, text, box)


@pytest.mark.parametrize("size", ["390x844", "360x740"])
@pytest.mark.parametrize("touch", [True, False])
def test_norths_bid_shows_beside_its_face_down_hand_not_over_it(size, touch):
    """As the bidding goes (the player's bids by finger or by mouse), North's bid
    bubble leaves every card of North's face-down hand in view: none of the bubble's
    light fill lands on them. Before, upright the bubble stood under North's badge,
    over the middle of North's fan."""
    from spades.ui.art import theme

    d = Driver("--size", size, "--speed", "normal", "--seed", "4")
    scene = d.scene
    assert d.until(lambda: 2 in scene.bubbles or d.situation() is not None)
    while 2 not in scene.bubbles:
        if d.situation() is not None:
            act(d, d.situation(), touch=touch)
        d.frame()
    d.frame()
    assert 2 in scene.bubbles and not scene.bid_panel_open()
    lay = scene.layout
    backs = lay.fan_rects(2, scene.shown.sizes[2])
    assert backs
    screen = d.app.screen
    light = [(x, y) for r in backs for x in range(r.left, r.right)
             for y in range(r.top, r.bottom) if tuple(screen.get_at((x, y)))[:3] == theme.PANEL]
    assert not light, (size, len(light), light[:3])


@pytest.mark.parametrize("seed", ["23", "5", "11"])
@pytest.mark.parametrize("touch", [True, False])
def test_in_real_play_every_card_keeps_its_row_from_the_bid_to_the_last_trick(seed, touch):
    """Bid and played by finger or by mouse at 320x480, the hand's two rows, once split
    between suits, stay as they were: the table settling between actions no longer
    lays them out afresh. Before, with seed 23 the clubs and hearts stood above while
    bidding and the diamonds and clubs after the first lead, so seven cards changed
    rows. (A hand that no grouping of suits could split lies in halves until one can,
    and then takes it once: seed 11.)"""
    from ui_driver import act

    d = Driver("--speed", "instant", "--size", "320x480", "--seed", seed)
    scene = d.scene
    row_of: dict[int, int] = {}
    checked = 0
    for _ in range(3000):
        s = scene.shown
        if s.face_up and not s.dealing and len(s.hand) > 7 and s.top_suits is not None:
            rows = _rows(scene)
            if len(rows) == 2:
                for i, row in enumerate(rows):
                    for c in row:
                        assert row_of.setdefault(c, i) == i, (seed, c, rows)
                checked += 1
        if len(s.hand) <= 7 and row_of:
            break
        situation = d.situation()
        if situation is not None:
            act(d, situation, last=False, touch=touch)
        else:
            d.frame()
    assert checked > 5 and len(row_of) >= 12


def test_jokers_and_raised_twos_sit_with_the_spades_above_the_ace():
    """A jokers or deuces-high hand: the top trumps are spades by the rules, so the hand
    shows them at the spades' end, above the ace, and a two-row phone hand keeps them in
    the spades' row."""
    from spades.engine.cards import SUIT_OF, card_text, mask_of, parse_cards
    from spades.engine.rules import preset

    deck = preset("deuces").cards
    cards = parse_cards("BJ 2D 3H AS 2S LJ KD 4C 5C QS 9H 8D 7C", deck)
    texts = [card_text(c) for c in hand_order(cards)]
    assert texts[-6:] == ["QS", "AS", "2S", "2D", "LJ", "BJ"]
    lay = compute_layout(390, 844)
    shown, top, upper = arrange(lay, hand_order(cards), None)
    rows = (shown[:upper], shown[upper:])
    spades_row = [row for row in rows if mask_of(row) >> 55 & 1][0]
    assert {c for c in cards if SUIT_OF[c] == 3} <= set(spades_row)
