"""Who played which card of the flat trick (a phone turned sideways): the seat's name in
a small tab hung on a corner of its card. In the flat trick South and North overlap a
quarter card apart, so their places alone did not tell them apart at a glance.

Each tab hangs on the corner its card has free: not an index corner (top-left,
bottom-right), not under another card of the trick whichever was played last, and out
from the card into room no card takes. South's and West's hang on the bottom-left
corner, South's into the strip under West's card; North's and East's on the top-right,
North's into the strip over East's.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from ..art import theme
from ..art.density import px
from ..layout.base import EAST, NORTH, SOUTH, WEST

TAG_FILL = (10, 36, 24)  # the seats' badges' dark green: the tab reads as the seat's
ON_CARD = 7  # how far a tab reaches onto its card's corner, so it hangs from it


def tag_font(lay) -> int:
    """The tabs' type: the secondary size, smaller (to the least) where the strip
    under West's card, where South's tab hangs, is too low for it."""
    west = slot_at(lay, WEST) or slot_at(lay, SOUTH)  # two-handed has no West
    strip = lay.trick_area.bottom - west.bottom - 1
    size = lay.font_small
    while size > px(theme.MIN_SIZE) and tag_height(size) > strip:
        size -= 1
    return size


def slot_at(lay, place: int) -> Rect | None:
    """The trick's card at ``place`` (None: no seat there, at three or two)."""
    return next((slot for seat, slot in enumerate(lay.trick_slots)
                 if lay.place(seat) == place), None)


def tag_height(size: int) -> int:
    return round(size * 1.1)


def tag_rects(lay, text: theme.Text, names) -> list[Rect]:
    """Where each seat's tab goes (an empty rect: none, the trick being a cross)."""
    if not lay.flat_trick:
        return [Rect(0, 0, 0, 0)] * len(lay.trick_slots)
    size = tag_font(lay)
    slots, area = lay.trick_slots, lay.trick_area
    west, east = slot_at(lay, WEST), slot_at(lay, EAST)
    rects = []
    for seat, slot in enumerate(slots):
        width = text.font(size, True).size(names[seat])[0] + 2 * max(3, size // 3)
        tag = Rect(0, 0, min(width, 2 * lay.trick_w), tag_height(size))
        room = Rect(area)  # a long name is cut short with "..." to the room it has
        place = lay.place(seat)
        if place in (SOUTH, WEST):
            tag.bottomright = (slot.left + ON_CARD, slot.bottom - 1)
        else:
            tag.topleft = (slot.right - ON_CARD, slot.top + 1)
        if place == SOUTH and west is not None:  # under West's card, clear of it
            tag.bottom = min(max(tag.bottom, west.bottom + 1 + tag.height),
                             area.bottom)
            room.width -= west.left - room.left
            room.left = west.left
        elif place == NORTH and east is not None:  # over East's card, clear of it
            tag.top = max(min(tag.top, east.top - 1 - tag.height), area.top)
            room.width = east.right - room.left
        rects.append(tag.clip(room))
    return rects


def draw_seat_tags(surface: pygame.Surface, lay, text: theme.Text, trick, names,
                   hidden) -> list[Rect]:
    """A tab on each card of a flat trick (``hidden(rect)``: left out, as a card cut by
    an open panel is); returns the tabs drawn."""
    if not lay.flat_trick or not trick:
        return []
    size = tag_font(lay)
    rects = tag_rects(lay, text, names)
    # The type's capitals centred in the tab, whatever the font's ascent.
    caps = text.render("H", size, theme.TEXT, True)
    lift = caps.get_bounding_rect().centery - caps.get_height() // 2
    drawn = []
    for seat, _ in trick:
        tag = rects[seat]
        if hidden(tag) or hidden(lay.trick_slots[seat]):
            continue
        radius = tag.height // 2
        pygame.draw.rect(surface, TAG_FILL, tag, border_radius=radius)
        ours = seat == 0 or (len(lay.places) == 4 and seat == 2)  # the player's side
        edge = theme.US if ours else theme.THEM
        pygame.draw.rect(surface, edge, tag, 1, border_radius=radius)
        text.blit(surface, names[seat], size, theme.TEXT,
                  (tag.centerx, tag.centery - lift), "center", True, width=tag.width - 4)
        drawn.append(tag)
    return drawn
