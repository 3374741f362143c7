"""The table laid out for a short landscape window (under 540 px high): a phone on its
side, a letterbox iframe. ``layout.compute_layout`` hands such windows to
``compact_layout``; the rectangles it names are the same ``Layout`` every drawing and
hit test reads.
"""

from __future__ import annotations

from pygame import Rect

from ..art.cardart import card_height
from ..widgets.pointer import min_target
from .base import (
    EAST,
    FLAT_TRICK_HEIGHTS,
    FLAT_TRICK_WIDTHS,
    NORTH,
    SOUTH,
    TOOLBAR,
    WEST,
    Layout,
    _clamp,
    _flat_trick_slots,
    _trick_slots,
)


def compact_layout(width: int, height: int, cards: int = 13) -> Layout:
    """A short landscape window (a phone on its side, a letterbox iframe): the three
    other seats share one row under the top bar, the trick sits in the middle with the
    player's badge and the message line either side of it, the hand along the bottom."""
    pad = 5 if height < 400 else 7
    font = round(_clamp(height / 24, 17, 22))
    font_small = max(15, round(font * 0.85))
    line = round(font * 1.05)
    target = min_target((width, height))
    bar_h = target + 2 * 3
    top_bar = Rect(0, 0, width, bar_h)

    # The hand: one row when each card keeps about 44 px to tap, else two.
    card_w = round(_clamp(height * 0.15, 44, 80))
    step = (width - 2 * pad - card_w) // (cards - 1)
    hand_rows = 1 if step >= 42 else 2
    per_row = cards if hand_rows == 1 else -(-cards // 2)
    hand_step = min(round(card_w * 0.9), step) if hand_rows == 1 else \
        min(card_w, (width - 2 * pad - card_w) // (per_row - 1))
    card_h = card_height(card_w)
    lift = round(card_h * 0.12)
    row_step = round(card_h * 0.5) if hand_rows == 2 else 0
    hand_w = card_w + (per_row - 1) * hand_step
    hand_h = card_h + lift + row_step
    hand_area = Rect(width // 2 - hand_w // 2, height - pad - hand_h, hand_w, hand_h)

    # The toolbar on the right of the top bar, the scores on its left. Its buttons are
    # no wider than their short labels need ("Scores", "Last"), so that the room beside
    # the scores holds each side's tricks and bags (at 110 px a button, 844x390 had 21
    # px for them: "0/7", and no bags).
    score_w = round(font * 7)
    tool_w = round(_clamp((width - score_w - (len(TOOLBAR) + 1) * pad) / len(TOOLBAR), target,
                          font * 4))
    x = width - len(TOOLBAR) * (tool_w + pad)
    toolbar = {name: Rect(x + i * (tool_w + pad), 3, tool_w, target) for i, name in
               enumerate(TOOLBAR)}

    # One row of seats: West, North (with its fan), East; below it the trick, between
    # the player's badge (left) and the message line (right).
    badge_h = round(line * 2 + pad * 1.5)
    col_w = round(_clamp(width * 0.24, 120, 230))
    back_w = round(card_w * 0.34)
    back_h = card_height(back_w)
    packet_w = max(10, round(card_w * 0.26))
    packet_h = card_height(packet_w)
    row_y = bar_h + pad
    badges = [Rect(0, 0, 0, 0)] * 4
    fans = [Rect(0, 0, 0, 0)] * 4
    packets = [Rect(0, 0, 0, 0)] * 4
    badges[WEST] = Rect(pad, row_y, col_w, badge_h)
    badges[EAST] = Rect(width - pad - col_w, row_y, col_w, badge_h)
    middle = Rect(badges[WEST].right + pad, row_y, badges[EAST].left - badges[WEST].right -
                  2 * pad, badge_h)
    # North's badge a little wider, for "Partner" by the name, while its fan still fits.
    north_w = min(col_w + round(font * 2.5), middle.width - pad - back_w * 3)
    if north_w < col_w:
        north_w = min(col_w, middle.width)
    badges[NORTH] = Rect(middle.x, row_y, north_w, badge_h)
    beside = Rect(badges[NORTH].right + pad, row_y, middle.right - badges[NORTH].right - pad,
                  badge_h)
    if beside.width < back_w * 3:
        badges[NORTH].centerx = middle.centerx
        beside = Rect(middle.x, row_y, 0, 0)
    # Each seat's face-down hand and won tricks in a strip under its badge.
    strip_h = max(back_h, packet_h)
    strip_y = row_y + badge_h + pad // 2
    for seat in (WEST, EAST):
        b = badges[seat]
        fans[seat] = Rect(b.x, strip_y, b.width // 2, strip_h)
        packets[seat] = Rect(b.x + b.width // 2 + pad // 2, strip_y, b.width // 2 - pad // 2,
                             strip_h)
    if beside.width:
        fans[NORTH] = Rect(beside.x, row_y, beside.width * 3 // 5, badge_h)
        packets[NORTH] = Rect(fans[NORTH].right + pad // 2, row_y,
                              beside.right - fans[NORTH].right - pad // 2, badge_h)
        seats_bottom = row_y + badge_h
    else:
        b = badges[NORTH]
        fans[NORTH] = Rect(b.x, strip_y, b.width // 2, strip_h)
        packets[NORTH] = Rect(b.x + b.width // 2 + pad // 2, strip_y,
                              b.width // 2 - pad // 2, strip_h)
        seats_bottom = strip_y + strip_h
    side_bottom = strip_y + strip_h

    south_y = hand_area.top - pad - badge_h
    badges[SOUTH] = Rect(pad, max(side_bottom + pad, south_y), col_w, badge_h)
    packets[SOUTH] = Rect(pad, badges[SOUTH].y - pad // 2 - packet_h, col_w, packet_h)
    if packets[SOUTH].top < side_bottom + pad // 2:
        packets[SOUTH] = Rect(badges[SOUTH].right - col_w // 2, badges[SOUTH].y, col_w // 2,
                              0)
    # The message line and turn prompt right above the middle of the hand, between the
    # player's badge and the right edge, when the trick keeps room for two rows of
    # readable cards above them; else (the shortest windows) beside the trick.
    status_h = round(font_small * 1.25) + 32
    half = width // 2 - badges[SOUTH].right - pad
    trick_bottom = hand_area.top - 2 * pad - status_h
    if half >= font * 5 and trick_bottom - seats_bottom - pad >= card_height(36) * 2.2:
        status = Rect(width // 2 - half, hand_area.top - pad - status_h, 2 * half, status_h)
    else:
        status = Rect(width - pad - col_w, side_bottom + pad, col_w,
                      hand_area.top - pad - side_bottom - pad)
        trick_bottom = hand_area.top - pad
    trick_area = Rect(middle.x, seats_bottom + pad, middle.width,
                      trick_bottom - seats_bottom - pad)
    room_h = trick_area.height - font_small
    trick_w = max(20, round(min(card_w, trick_area.width / 3.3, room_h / 2.2 / 1.4)))
    # A room too short for a readable cross takes the flat trick, when that gives
    # bigger cards: at 844x390 they are 50 px wide instead of 36.
    flat_w = round(min(card_w, trick_area.width / FLAT_TRICK_WIDTHS,
                       room_h / FLAT_TRICK_HEIGHTS / 1.4))
    flat = flat_w > trick_w * 1.15
    if flat:
        trick_w = flat_w
    trick_h = card_height(trick_w)
    centre = (trick_area.centerx, trick_area.centery + font_small // 2)
    trick_slots = (_flat_trick_slots(centre, trick_w, trick_h, trick_area.width) if flat
                   else _trick_slots(centre, trick_w, trick_h, 0.5))

    # The bid panel over the seats' row and the trick (never over the hand): two rows
    # of seven bids, then the panel's words beside Confirm.
    room = Rect(pad, bar_h + pad, width - 2 * pad, hand_area.top - bar_h - 2 * pad)
    cols = 7 if cards <= 13 else 9  # nil and the bids in two rows
    panel_w = min(room.width, round(font * 30))
    button_w = (panel_w - (cols + 1) * pad) // cols
    button_h = max(target, min(round(font * 2.4), (room.height - 4 * pad) // 3))
    # Too short for three rows of buttons: two rows of eight, Confirm in the last two
    # places, the panel's words in a line above.
    two_rows = room.height < 3 * target + 4 * pad
    if two_rows:
        cols = 8 if cards <= 13 else 10
        button_w = (panel_w - (cols + 1) * pad) // cols
        button_h = target
    rows_h = (2 if two_rows else 3) * button_h + (3 if two_rows else 4) * pad
    words_h = max(0, min(font_small * 2 + pad, room.height - rows_h)) if two_rows else 0
    content = Rect(0, 0, panel_w, rows_h + words_h)
    content.midtop = (room.centerx, room.y + max(0, (room.height - content.height) // 2))
    # The panel takes the whole room over the seats' row, so no face-down card peeks
    # from under its edge; its buttons sit in the middle.
    bid_panel = Rect(0, room.y, width, room.height).union(content)
    bid_buttons = []
    for i in range(cards + 1):
        r, c = divmod(i, cols)
        bid_buttons.append(Rect(content.x + pad + c * (button_w + pad),
                                content.y + words_h + pad + r * (button_h + pad), button_w,
                                button_h))
    if two_rows:
        last = bid_buttons[cards]
        bid_confirm = Rect(last.right + pad, last.y, content.right - pad - last.right - pad,
                           button_h)
        bid_title = Rect(content.x + 2 * pad, content.y + pad // 2, panel_w - 4 * pad,
                         max(1, words_h - pad // 2))
    else:
        bid_confirm = Rect(0, 0, min(panel_w // 2, round(font * 11)), button_h)
        bid_confirm.bottomright = (content.right - pad, content.bottom - pad)
        # The words beside Confirm may run on below it, to the panel's foot: the bids
        # made so far are told there whole, since the panel covers the seats' badges.
        bid_title = Rect(content.x + 2 * pad, bid_confirm.y,
                         bid_confirm.left - content.x - 4 * pad,
                         max(button_h, bid_panel.bottom - pad - bid_confirm.y))
    if button_w < target:
        # Cutthroat's 18 bids where two rows of ten are narrower than a tap (41 px at
        # 480x320) and three rows of them do not fit over the hand: two rows of nine a
        # tap wide, Confirm and the panel's words on a line above them, the rows closer
        # together and the panel down to the hand's cards (never over the top bar).
        top, bottom = bar_h + pad // 2, hand_area.top + lift - pad // 2
        cols = -(-(cards + 1) // 2)
        gap = max(1, min(pad, (width - cols * target) // (cols + 1)))
        row_gap = max(1, min(pad, (bottom - top - 3 * target) // 4))
        button_w = (width - (cols + 1) * gap) // cols
        bid_panel = Rect(0, top, width, 3 * target + 4 * row_gap)
        bid_confirm = Rect(0, top + row_gap, 2 * button_w + gap, target)
        bid_confirm.right = width - gap
        bid_title = Rect(2 * gap, bid_confirm.y, bid_confirm.left - 4 * gap, target)
        bid_buttons = [Rect(gap + c * (button_w + gap),
                            bid_confirm.bottom + row_gap + r * (target + row_gap),
                            button_w, target)
                       for r, c in (divmod(i, cols) for i in range(cards + 1))]

    overlay = Rect(0, 0, min(width - 2 * pad, round(font * 34)), height - 2 * pad)
    overlay.center = (width // 2, height // 2)
    return Layout(
        width=width, height=height, portrait=False, font=font, font_small=font_small,
        font_big=round(font * 1.35), pad=pad, card_w=card_w, card_h=card_h, trick_w=trick_w,
        trick_h=trick_h, back_w=back_w, back_h=back_h, packet_w=packet_w, packet_h=packet_h,
        lift=lift, top_bar=top_bar, toolbar=toolbar, badges=badges, fans=fans,
        packets=packets, trick_area=trick_area, trick_slots=trick_slots, status=status,
        hand_area=hand_area, hand_rows=hand_rows, hand_step=hand_step, row_step=row_step,
        bid_panel=bid_panel, bid_title=bid_title, bid_buttons=bid_buttons,
        bid_confirm=bid_confirm, bid_cols=cols, overlay=overlay,
        vertical_fans=(False, False, False, False), compact=True, font_score=font + 3,
        target=target, flat_trick=flat, hand_cards=cards,
    )
