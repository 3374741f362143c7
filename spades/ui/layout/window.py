"""Where everything on the table goes, computed from the window size alone.

One function turns a window size into named rectangles; every drawing and every hit
test reads them, and the tests check them (on screen, no overlap) at a desktop size,
a small iframe and an upright phone. Nothing here is placed pixel by pixel: sizes
follow the window's short side, so a resize simply lays the table out again.
"""

from __future__ import annotations

from pygame import Rect

from ..art.cardart import CARD_RATIO, card_height, index_depth
from ..art.density import in_css_pixels
from ..widgets.pointer import min_target
from .base import (
    EAST,
    MIN_STEP,
    NORTH,
    SMALLEST_LANDSCAPE,
    SMALLEST_PORTRAIT,
    SOUTH,
    TOOLBAR,
    WEST,
    Layout,
    _clamp,
    _trick_slots,
    hand_size,
    tight_bid_grid,
    too_small,
)
from .compact import compact_layout

__all__ = [
    "EAST", "MIN_STEP", "NORTH", "SMALLEST_LANDSCAPE", "SMALLEST_PORTRAIT", "SOUTH",
    "TOOLBAR", "WEST", "Layout", "compact_layout", "compute_layout", "compute_layout_below",
    "too_small",
]


def compute_layout_below(width: int, height: int, top: int, seats: int = 4) -> Layout:
    """The table laid out under a band of ``top`` pixels kept free (the demonstration's
    explanations), so the band hides no seat."""
    lay = compute_layout(width, height - top, seats)
    for value in vars(lay).values():
        if isinstance(value, Rect):
            value.move_ip(0, top)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, Rect):
                    item.move_ip(0, top)
        elif isinstance(value, dict):
            for item in value.values():
                item.move_ip(0, top)
    lay.height = height
    return lay


def side_badge_h(line: int, pad: int) -> int:
    """An upright window's West or East badge: name, bid and tricks on three lines."""
    return round(line * 3 + pad * 1.5)


def compute_layout(width: int, height: int, seats: int = 4) -> Layout:
    """Lay the table out for a window of ``width`` x ``height`` pixels and ``seats``
    players (4, 3 for cutthroat, 2 for two-handed: ``Layout.seated``): in CSS pixels
    (the page's size), then scaled to the window's pixels (widgets/density.py)."""
    with in_css_pixels() as density:
        if density == 1:
            return css_layout(width, height, seats)
        lay = css_layout(round(width / density), round(height / density), seats)
    return lay.scaled(density, width, height)


def css_layout(width: int, height: int, seats: int = 4) -> Layout:
    """Lay the table out for a page of ``width`` x ``height`` CSS pixels (a window below
    the smallest is laid out as the smallest: its card covers the table anyway)."""
    portrait = height > width * 1.15
    low_w, low_h = SMALLEST_PORTRAIT if portrait else SMALLEST_LANDSCAPE
    width = max(width, low_w)
    height = max(height, low_h)
    cards = hand_size(seats)
    if not portrait and height < 540:
        return compact_layout(width, height, cards).seated(seats)
    short = min(width, height)
    pad = round(_clamp(short * 0.012, 5, 14))
    font = round(_clamp(short / 40, 17, 21))
    font_small = max(15, round(font * 0.86))
    font_big = round(font * 1.5)
    font_score = round(_clamp(short / 21, 22, 32))
    line = round(font * 1.3)
    target = min_target((width, height))

    # The player's hand: one row on a landscape window, two on a narrow one.
    # On two rows a card is narrow enough that a row can hold eight at the narrowest
    # tap spacing, so the rows can split at a change of suit from card 5 to card 8.
    # (A card is made at most a tenth narrower for it; a smaller phone keeps seven.)
    # Cutthroat's 17 cards take a third row upright (six, six and five).
    def two_row_card(w: int, per_row: int) -> int:
        fitted = width - 2 * pad - per_row * MIN_STEP
        return fitted if w * 0.9 <= fitted < w else w

    if portrait:
        hand_rows = 3 if cards > 13 else 2
        per_row = -(-cards // hand_rows)
        card_w = round(_clamp(width * 0.19, 40, 150))
        # Never narrower than a finger: the last card of a row is its whole target.
        card_w = max(MIN_STEP, two_row_card(min(card_w, round(height * 0.09)), per_row))
        # A short phone's row of seven still shows a finger's width of each card.
        card_w = min(card_w, width - 2 * pad - (per_row - 1) * MIN_STEP)
        hand_step = min(max(round(card_w * 0.7), MIN_STEP),
                        (width - 2 * pad - card_w) // (per_row - 1))
    else:
        card_w = round(_clamp(short * 0.14, 44, 170))
        hand_rows, per_row = 1, cards
        hand_step = min(round(card_w * 0.62), (width - 2 * pad - card_w) // (cards - 1))
        if hand_step < 44 and card_w > 44:
            # Too narrow for the whole hand in a row: two rows, like a phone.
            hand_rows, per_row = 2, -(-cards // 2)
            card_w = two_row_card(card_w, per_row)
            hand_step = min(round(card_w * 0.7), (width - 2 * pad - card_w) // (per_row - 1))
    card_h = card_height(card_w)
    lift = round(card_h * 0.14)
    # Two rows: the upper row shows each card's whole index and a finger's height, even
    # under a raised (playable) card of the lower row.
    row_step = max(MIN_STEP, index_depth(card_w) + lift) if hand_rows > 1 else 0
    hand_w = card_w + (per_row - 1) * hand_step
    if hand_rows > 1:
        # Room for a long row of one more at the narrowest spacing, where the window has it.
        hand_w = max(hand_w, min(width - 2 * pad, card_w + per_row * MIN_STEP))

    back_w = round(card_w * (0.42 if portrait else 0.5))
    back_h = card_height(back_w)
    packet_w = round(card_w * 0.3)
    packet_h = card_height(packet_w)

    # Top bar: both teams' scores, and in landscape the toolbar on its right.
    # Landscape: a row a team, each with its score in big type, and the toolbar.
    # Upright: both teams on one row; where the window is tall enough to spare it,
    # tall enough for two lines of small type beside each score (a narrow phone's
    # "won 2 of 7" over "bags 0"; a short one stacks them in smaller type).
    bar_h = round(max(font * 1.7, font_score * 1.45) if portrait else font_score * 2.1)
    if portrait and height >= 780:
        bar_h = max(bar_h, round(font_small * 2.55))
    if not portrait:
        bar_h = max(bar_h, target + 2 * pad)  # the toolbar's buttons in it
    top_bar = Rect(0, 0, width, bar_h)
    toolbar: dict[str, Rect] = {}
    if portrait:
        tool_h = max(target, round(font * 2.2))
        tool_w = (width - pad * (len(TOOLBAR) + 1)) // len(TOOLBAR)
        y = height - pad - tool_h
        for i, name in enumerate(TOOLBAR):
            toolbar[name] = Rect(pad + i * (tool_w + pad), y, tool_w, tool_h)
        bottom = y - pad
    else:
        tool_h = target
        tool_w = round(_clamp(width * 0.075, 64, 110))
        # Wide enough to say "Last trick", that button is a third wider, so its key
        # letter stays beside the words as on every other button.
        widths = {name: round(tool_w * 1.3) if name == "last" and tool_w >= 90 else tool_w
                  for name in TOOLBAR}
        x = width - sum(w + pad for w in widths.values())
        for name in TOOLBAR:
            toolbar[name] = Rect(x, (bar_h - tool_h) // 2, widths[name], tool_h)
            x += widths[name] + pad
        bottom = height - pad

    hand_h = card_h + lift + row_step * (hand_rows - 1)
    hand_area = Rect(width // 2 - hand_w // 2, bottom - hand_h, hand_w, hand_h)

    # South's strip: badge on the left, won tricks, then the message line.
    badge_w = round(_clamp(font * 9.5, 140, 240))
    badge_h = round(line * 2 + pad * 1.5)
    strip_y = hand_area.top - pad - badge_h
    badges = [Rect(0, 0, 0, 0)] * 4
    packets = [Rect(0, 0, 0, 0)] * 4
    fans = [Rect(0, 0, 0, 0)] * 4
    packets_w = packet_w + round((cards - 1) * packet_w * 0.62)
    badges[SOUTH] = Rect(pad, strip_y, badge_w, badge_h)
    packets[SOUTH] = Rect(badges[SOUTH].right + pad, strip_y, packets_w, badge_h)
    # The message line and turn prompt sit over the middle of the hand: beside the
    # badge and the won tricks when there is room, else with the won tricks moved to
    # the far right, else (a phone) in a row of their own above.
    half = width // 2 - packets[SOUTH].right - pad
    if half < font * 6.5:
        # The won tricks closer together (down to a quarter of a packet apart), still
        # beside the badge, leaving the prompt a line of its own if they can.
        room = width // 2 - pad - packets[SOUTH].left
        least = round(packet_w * 4)
        if room - font * 6.5 >= least:
            packets[SOUTH].width = min(packets_w, max(least, int(room - font * 7.5)))
            half = width // 2 - packets[SOUTH].right - pad
    if half < font * 6.5:
        packets[SOUTH] = Rect(width - pad - packets_w, strip_y, packets_w, badge_h)
        half = min(width // 2 - badges[SOUTH].right - pad, packets[SOUTH].left - pad -
                   width // 2)
    # Tall enough for a line of message over two lines of prompt (15 px at the least).
    status_h = max(badge_h, min(round(font_small * 1.25), badge_h // 2) + 32)
    status = Rect(width // 2 - half, strip_y + badge_h - status_h, 2 * half, status_h)
    if half < font * 5:
        packets[SOUTH] = Rect(badges[SOUTH].right + pad, strip_y, packets_w, badge_h)
        status = Rect(pad, strip_y - pad - line * 3, width - 2 * pad, line * 3)
    middle_bottom = min(status.top, strip_y) - pad

    # North: its fan in the middle of a row, badge to the left, won tricks to the right.
    north_h = max(badge_h, back_h)
    north_y = top_bar.bottom + pad
    fan_w = back_w + round(12 * back_w * 0.35)
    fans[NORTH] = Rect(width // 2 - fan_w // 2, north_y, fan_w, north_h)
    north_w = badge_w + round(font * 2.5)  # room for "Partner" by the name
    badges[NORTH] = Rect(fans[NORTH].left - pad - north_w, north_y + (north_h - badge_h) // 2,
                         north_w, badge_h)
    packets[NORTH] = Rect(fans[NORTH].right + pad, north_y, packets_w, north_h)
    # Upright (a phone), West and East stand in narrow columns either side of the trick,
    # so the trick's cards can be nearly the hand's size.
    side_w = badge_w if not portrait else round(_clamp(width * 0.21, 82, 110))
    trick_room = width - 2 * side_w - 4 * pad  # between the side columns
    if portrait:
        # Upright (a phone): the badge on top, the fan right under it, the won tricks
        # beside the fan in the room to its right (pressed closer when it is short). A
        # short phone holds the fan and the won tricks either side of the badge instead,
        # for the trick's room below.
        north_w = min(north_w, width - 2 * pad)
        badges[NORTH] = Rect(width // 2 - north_w // 2, north_y, north_w, badge_h)
        least = packet_w * 4
        fan_w = min(fan_w, width - 2 * (2 * pad + least))
        fans[NORTH] = Rect(0, badges[NORTH].bottom + pad // 2, fan_w, back_h)
        fans[NORTH].centerx = badges[NORTH].centerx
        packets[NORTH] = Rect(fans[NORTH].right + pad, fans[NORTH].top,
                              min(packets_w, width - 2 * pad - fans[NORTH].right), back_h)
        north_bottom = fans[NORTH].bottom
        trick_top = north_bottom + pad + side_badge_h(line, pad)
        wide = card_height(round(min(card_w, trick_room / 3.16)))
        if middle_bottom - trick_top < 2.12 * wide + 2 * pad:
            north_w = min(north_w, width - 4 * pad - 2 * (packet_w + 12 * 5))
            badges[NORTH] = Rect(width // 2 - north_w // 2, north_y, north_w, badge_h)
            flank = badges[NORTH].left - 2 * pad
            fans[NORTH] = Rect(2 * pad, north_y + (badge_h - back_h) // 2, flank - pad, back_h)
            packets[NORTH] = Rect(badges[NORTH].right + pad, fans[NORTH].y, flank, back_h)
            north_bottom = badges[NORTH].bottom
    elif badges[NORTH].left < pad or packets[NORTH].right > width - pad:
        # Narrow: the badge above the fan, the packets beside the fan.
        fan_w = min(fan_w, width - 2 * pad - packets_w - pad)
        badges[NORTH] = Rect(width // 2 - north_w // 2, north_y, north_w, badge_h)
        fans[NORTH] = Rect(pad, badges[NORTH].bottom + pad // 2, fan_w, back_h)
        fans[NORTH].centerx = (width - packets_w - pad) // 2
        packets[NORTH] = Rect(fans[NORTH].right + pad, fans[NORTH].top, packets_w, back_h)
        north_bottom = fans[NORTH].bottom
    else:
        north_bottom = north_y + north_h

    # West and East: a column each, badge above a vertical fan, packets below.
    side_top = north_bottom + pad
    side_h = middle_bottom - side_top
    side_badge = badge_h if not portrait else side_badge_h(line, pad)
    short = portrait and side_h < side_badge + packet_h + back_h + 3 * pad
    if short:
        # A short phone: the message line and prompt share one line across the table,
        # centred right above South's strip (the table's words: beside South's badge
        # they read as South's own), South's won tricks beside its badge; the side
        # columns packed down to that line, their fans lying flat.
        status = Rect(pad, strip_y - pad - round(font * 1.4), width - 2 * pad,
                      round(font * 1.4))
        side_h = status.top - pad - side_top
        packets[SOUTH] = Rect(badges[SOUTH].right + pad, strip_y,
                              min(packets_w, width - 2 * pad - badges[SOUTH].right), badge_h)
        middle_bottom = status.top - pad
    gap = pad // 2 if short else pad
    for seat, x in ((WEST, pad), (EAST, width - pad - side_w)):
        badges[seat] = Rect(x, side_top, side_w, side_badge)
        # Won tricks right under the badge, so they read as that player's.
        pk_h = packet_h + gap
        packets[seat] = Rect(x, badges[seat].bottom + pad // 2, min(side_w, packets_w), pk_h)
        if seat == EAST:
            packets[seat].right = badges[seat].right
        fan_h = max(back_h, side_h - side_badge - pk_h - pad // 2 - gap)
        fans[seat] = Rect(x, packets[seat].bottom + gap, side_w, fan_h)

    trick_area = Rect(badges[WEST].right + pad, side_top,
                      badges[EAST].left - badges[WEST].right - 2 * pad, middle_bottom - side_top)
    if portrait:  # the cross of four cards (3.16 cards wide, 2.12 high) filling its room
        trick_w = round(min(card_w, (trick_area.width - 2) / 3.16,
                            (trick_area.height - 2) / 2.12 / CARD_RATIO))
    else:
        trick_w = round(min(card_w, trick_area.width / 3.3, trick_area.height / 2.5 / 1.4))
    trick_h = card_height(trick_w)
    trick_slots = _trick_slots(trick_area.center, trick_w, trick_h, 0.56)

    # The bid panel: a title, nil and 1..13 in a grid, the suggestion note, Confirm. On a
    # phone it takes the whole width below the side badges (over the face-down fans).
    if portrait:
        room = Rect(pad, badges[WEST].bottom + pad, width - 2 * pad,
                    middle_bottom - badges[WEST].bottom - pad)
    else:
        room = trick_area.inflate(-pad, 0)
    panel_w = min(room.width, round(font * 24))
    cols = next((n for n in (7, 5, 4) if (panel_w - (n + 1) * pad) // n >= target), 4)
    rows = -(-(cards + 1) // cols)
    title_h = round(font * 2.6)
    confirm_h = max(target, round(font * 2))
    button_w = (panel_w - (cols + 1) * pad) // cols
    # The notes under the grid: "Outlined: the suggested bid (3)", then why the greyed
    # bids are out ("12 and 13: partners may bid at most 13 together"), where the panel
    # keeps to its room with two lines, else the first. The smallest phone has room for
    # neither: Confirm takes the right half of its row and a short note the left.
    step = round(font_small * 1.3)  # a line of notes, descenders and all
    most = (hand_area.top + lift - top_bar.bottom - 2 * pad) if portrait else room.height
    base = title_h + confirm_h + (rows + 4) * pad + rows * target
    note = 2 * step if base + 2 * step <= room.height else \
        step if base + step <= most or not portrait else 0
    fixed = title_h + confirm_h + note + (rows + 4) * pad
    button_h = max(target, min(round(font * 2.2), (room.height - fixed) // rows))
    bid_panel = Rect(0, 0, panel_w, fixed + rows * button_h)
    bid_panel.center = room.center
    if portrait and room.height < bid_panel.height:
        # Taller than its room (a small phone): over the other seats' badges, whole, and
        # above the status (the smallest phones: all but the hand's cards and toolbar).
        bottom, least = middle_bottom, top_bar.bottom + pad
        if bid_panel.height > bottom - least or fans[WEST].bottom > bottom:
            bottom = hand_area.top + lift - pad
        top = bottom - bid_panel.height
        if top < badges[NORTH].bottom + pad:  # no stub of a badge or a fan peeks out
            top = least
        elif top < badges[WEST].bottom + pad:
            top = fans[NORTH].top if top < side_top else side_top - pad
        content = Rect(bid_panel)
        bid_panel = Rect(room.x, top, room.width, bottom - top)
        content.center = bid_panel.center
    else:
        bid_panel.bottom = min(bid_panel.bottom, hand_area.top + lift - pad)
        bid_panel.top = max(bid_panel.top, top_bar.bottom + pad)
        content = Rect(bid_panel)
        if portrait:  # all the room over the face-down fans, so no card peeks from under
            bid_panel = Rect(room)
            content.center = room.center
    bid_title = Rect(content.x + pad, content.y + pad, panel_w - 2 * pad, title_h)
    bid_buttons = []
    for i in range(cards + 1):
        r, c = divmod(i, cols)
        bid_buttons.append(Rect(content.x + pad + c * (button_w + pad),
                                bid_title.bottom + pad + r * (button_h + pad),
                                button_w, button_h))
    bid_confirm = Rect(0, 0, min(panel_w - 2 * pad, round(font * 11)), confirm_h)
    bid_confirm.midtop = (content.centerx, bid_buttons[-1].bottom + pad + note)
    grid_bottom = bid_buttons[-1].bottom
    bid_note = Rect(content.x + pad, grid_bottom + pad // 2, panel_w - 2 * pad,
                    bid_confirm.top - pad // 2 - grid_bottom - pad // 2)
    if not note:
        bid_confirm.width = (panel_w - 3 * pad) // 2
        bid_confirm.topright = (content.right - pad, grid_bottom + pad)
        bid_note = Rect(content.x + pad, bid_confirm.y, bid_confirm.left - content.x - 2 * pad,
                        bid_confirm.height)

    if portrait and cards > 13 and (bid_title.top < top_bar.bottom or
                                    bid_note.bottom > hand_area.top):
        # Cutthroat's 18 bids on the smallest phones, over its three rows of cards:
        # the panel takes the window's top too (the bids so far are in its heading),
        # Confirm the grid's last two places, no notes.
        bid_panel, bid_title, bid_buttons, bid_confirm, bid_note = tight_bid_grid(
            Rect(pad, pad, width - 2 * pad, hand_area.top + lift - pad // 2 - pad), cols, cards,
            pad, target, round(font * 1.2 + font_small * 1.15))

    overlay = Rect(0, 0, min(width - 2 * pad, round(font * 40)),
                   min(height - 2 * pad, round(font * 30)))
    overlay.center = (width // 2, height // 2)

    return Layout(
        width=width, height=height, portrait=portrait, font=font, font_small=font_small,
        font_big=font_big, pad=pad, card_w=card_w, card_h=card_h, trick_w=trick_w,
        trick_h=trick_h, back_w=back_w, back_h=back_h, packet_w=packet_w, packet_h=packet_h,
        lift=lift, top_bar=top_bar, toolbar=toolbar, badges=badges, fans=fans,
        packets=packets, trick_area=trick_area, trick_slots=trick_slots, status=status,
        hand_area=hand_area, hand_rows=hand_rows, hand_step=hand_step, row_step=row_step,
        bid_panel=bid_panel, bid_title=bid_title, bid_buttons=bid_buttons,
        bid_confirm=bid_confirm, bid_cols=cols, bid_note=bid_note, overlay=overlay,
        target=target, font_score=font_score,
        vertical_fans=(False, not short, False, not short), hand_cards=cards,
    ).seated(seats)
