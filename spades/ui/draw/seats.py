"""Drawing the seats: each player's badge (the face, the name and its Partner or
opponent tag, the dealer's chip, the bid and tricks won, a friend away, the thinking
cue of a computer player's turn), the other seats' face-down hands and everyone's won
tricks, and a seat's speech bubble (its bid, "looks at the cards") by its badge, clear
of the badges, the face-down hands and the table's caption. ``TableDrawer`` mixes this
in.
"""

from __future__ import annotations

import math

import pygame
from pygame import Rect

from ...engine import BLIND_NIL, NIL, OVER
from ..art import theme
from ..art.density import px
from ..art.marks import role_tag, tag_size
from ..art.theme import MIN_SIZE
from ..layout.window import EAST, NORTH, SOUTH, WEST
from ..table.scene import HUMAN, TableScene
from .badge_lines import WIDEST_LINE, badge_rows


def bubble_rect(lay, seat: int, box: Rect, caption: list[Rect] | None = None) -> Rect:
    """Where a seat's speech bubble (its bid, "looks at the cards") of ``box``'s size sits
    by its badge, in the window under the top bar: the first of its ``bubble_places``
    clear of every badge, every face-down hand and the table's ``caption`` (its lines as
    drawn), else the first clear of the badges."""
    window = Rect(0, lay.top_bar.bottom, lay.width, lay.height - lay.top_bar.bottom)
    hands = [card for other in lay.other_seats for card in lay.fan_rects(other, lay.hand_cards)]
    hands += caption or []
    places = [place.clamp(window) for place in bubble_places(lay, seat, Rect(box))]
    clear = [place for place in places if place.collidelist(lay.badges) < 0]
    return next((place for place in clear if place.collidelist(hands) < 0),
                clear[0] if clear else places[0])


def bubble_places(lay, seat: int, box: Rect) -> list[Rect]:
    """A seat's bubble's places, the best first: above South's badge, else beside it;
    upright, under West's and East's badge (beside them would cover the trick) and
    beside North's, or under its fan (under the badge is over the fan); lying, beside
    North's badge and outside West's and East's; in a short landscape window (the seats
    in one row, the fans under West's and East's badges) under each badge, beside the
    fan under it; failing those, under the badge, under the fan."""
    badge = lay.badges[seat]
    place = lay.place(seat)

    def at(anchor: str, point: tuple[int, int]) -> Rect:
        place = box.copy()
        setattr(place, anchor, point)
        return place

    if place == SOUTH:
        return [at("midbottom", (badge.centerx, badge.top - 4)),
                at("midleft", (badge.right + 6, badge.centery)),
                at("bottomleft", (badge.left, badge.top - 4))]
    cards = lay.fan_rects(seat, lay.hand_cards)
    hand = cards[0].unionall(cards) if cards else lay.fans[seat]
    under = at("midtop", (badge.centerx, badge.bottom + 4))
    under_fan = at("midtop", (badge.centerx, max(badge.bottom, hand.bottom) + 4))
    if place == NORTH:
        left = at("midright", (badge.left - 6, badge.centery))
        right = at("midleft", (badge.right + 6, badge.centery))
        clear = at("topleft", (max(badge.left, lay.badge_at(WEST).right + 6), badge.bottom + 4))
        # The widest ("looks at the cards") on the smallest phone: under the side seats
        # too, over the empty trick (the bidding is on).
        low = at("midtop", (badge.centerx, max(hand.bottom, lay.badge_at(WEST).bottom,
                                               lay.badge_at(EAST).bottom) + 4))
        if lay.portrait:
            return [left, right, under, under_fan, low]
        if lay.compact:
            return [clear, under, under_fan, left, right]
        return [left, under, clear, right, under_fan, low]
    # Beside the fan under the badge, on a side of the fan the badge reaches over.
    beside_fan = [place for place in (at("topleft", (hand.right + 6, badge.bottom + 4)),
                                      at("topright", (hand.left - 6, badge.bottom + 4)))
                  if place.left < badge.right and badge.left < place.right]
    outside = (at("topleft", (badge.right + 6, badge.top)) if place == WEST else
               at("topright", (badge.left - 6, badge.top)))
    if lay.portrait:
        return [under, under_fan, *beside_fan, outside]
    if lay.compact:
        return [*beside_fan, under, under_fan, outside]
    return [outside, under, *beside_fan, under_fan]


class SeatDrawer:
    """The seats and their speech bubbles, mixed into ``TableDrawer`` (which gives the
    text, art and avatars, ``peeks``, and the frame's ``roles`` and ``caption_boxes``)."""

    def seat(self, surface: pygame.Surface, scene: TableScene, seat: int) -> None:
        lay = scene.layout
        s = scene.shown
        t = self.text
        badge = lay.badges[seat]
        turn = s.to_act == seat and not scene.overlays_block_play()
        pygame.draw.rect(surface, (10, 36, 24), badge, border_radius=10)
        pygame.draw.rect(surface, theme.GOLD if turn else (60, 110, 84), badge,
                         4 if turn else 2, border_radius=10)
        name = scene.names[seat]
        ours = scene.on_my_side(seat)
        team_colour = theme.US if ours else theme.THEM
        role = "" if ours else "opponent"
        size = lay.font
        line_h = round(size * 1.2)
        x = badge.x + lay.pad
        y = badge.y + lay.pad // 2 + line_h // 2 + 2
        if badge.height < 50:  # a short badge (a phone on its side): the two lines closer,
            line_h = round(size * 1.05)  # centred, clear of a turn's 4 px gold edge
            y = badge.centery - line_h // 2
        pygame.draw.rect(surface, team_colour, (badge.x + 3, badge.y + 8, 4, badge.height - 16),
                         border_radius=2)
        face = min(badge.height - lay.pad, round(size * 1.9))
        # The thinking ring reaches ``ring`` px beyond the face: the face leaves it room
        # a pixel inside a turn's 4-px gold edge, clear of the team's bar on the left,
        # and the name starts clear of it.
        face = min(face, 2 * (badge.height // 2 - 5 - max(3, face // 10) - 1))
        ring = max(3, face // 10) + 1
        gap = max(lay.pad // 2, ring + 2)  # face to name
        face_centre = None
        # North wears a "Partner" tag by the name; a narrow badge gives up the face for it,
        # and one too narrow even then (a phone on its side) the tag.
        partner = scene.match.rules.partner_of(HUMAN)
        tag = tag_size(t, "Partner", lay.font_small) if seat == partner else None
        room = tag[0] + 6 + (round(size * 1.1) + 4 if s.dealer == seat else 0) if tag else 0
        named = t.font(size, True).size(name)[0] + room
        least = t.font(lay.font_small, True).size(name)[0] + room  # the name at its smallest
        if tag and least > badge.width - 2 * lay.pad - 4:
            tag, room = None, 0
        left = max(x + 4, badge.x + 8 + ring)
        if badge.width >= size * 6 and (
                tag is None or badge.right - max(x, badge.x + 4 + ring) - face - gap - lay.pad - 4
                >= named) and self.tricks_fit_by_face(
                    scene, badge, badge.right - (left - 4 + face + gap) - lay.pad - 4, line_h):
            shape, colour = scene.avatar(seat)
            picture = self.avatars.get(shape, colour, face)
            surface.blit(picture, (left, badge.centery - face // 2))
            face_centre = (left + face // 2, badge.centery)
            x = left - 4 + face + gap
        name_size = t.fit(name, size, badge.right - x - lay.pad - max(size, room), bold=True)
        r = t.blit(surface, name, name_size, theme.TEXT, (x + 4, y), "midleft", bold=True)
        if tag is not None:
            role_tag(surface, t, "Partner", lay.font_small, (r.right + 6, y))
        elif role and badge.right - r.right > t.font(lay.font_small).size(role)[0] + 12 + \
                round(size * 1.1):  # room for it and a dealer's chip, whoever deals
            self.roles.append((r.right + 6, y))
        if s.dealer == seat:
            chip = Rect(0, 0, round(size * 1.1), round(size * 1.1))
            chip.topright = (badge.right - 4, badge.y + 4)
            pygame.draw.ellipse(surface, theme.GOLD, chip)
            t.blit(surface, "D", lay.font_small, (20, 20, 20), chip.center, "center", True)
        bid = s.bids[seat]
        if bid is None:
            what = ("to draw" if turn else "drawing") if s.drawing else \
                "to bid" if turn else "no bid yet"
        elif bid == BLIND_NIL:
            what = "blind nil"
        elif bid == NIL:
            what = "nil"
        else:
            what = f"bid {bid}"
        # Before the bidding is done nobody has won a trick: the bid alone.
        lines = [what, f"won {s.tricks_won[seat]}"] if bid is not None else [what]
        note = scene.seat_note(seat)  # a friend away, or a computer playing for them
        room = badge.right - x - lay.pad - 4
        rows = (badge.height - lay.pad) // line_h - 1
        corner = max(9, round(size * 0.55))  # the thinking dots' radius, with no face
        if face_centre is None and rows < 2:  # one row, ending clear of the dots
            room -= 2 * corner + 4
        for i, (line, line_size) in enumerate(badge_rows(t, lines, note, lay.font_small,
                                                         room, rows)):
            t.blit(surface, line, line_size, theme.TEXT, (x + 4, y + line_h * (i + 1)),
                   "midleft", width=room)
        if turn and seat != HUMAN and scene.match.phase != OVER:
            if face_centre is not None:
                # Round the player's face, like a turn timer: no text is covered.
                centre, radius = face_centre, face // 2 + ring
            else:  # a narrow badge (a phone's side seats): its free bottom-right corner
                radius = corner
                centre = (badge.right - lay.pad - radius - 2, badge.bottom - lay.pad - radius)
            self.thinking(surface, centre, radius, scene.now, ring=face_centre is not None)
            self.thinking_drawn[seat] = Rect(centre[0] - radius, centre[1] - radius,
                                             2 * radius, 2 * radius)
        else:
            self.thinking_drawn.pop(seat, None)
        if seat != SOUTH:
            for rect in lay.fan_rects(seat, s.sizes[seat]):
                if not self.peeks(rect):
                    surface.blit(self.art.back(rect.width), rect)
        for rect in lay.packet_rects(seat, s.tricks_won[seat]):
            if not self.peeks(rect):
                surface.blit(self.art.back(rect.width), rect)

    def tricks_fit_by_face(self, scene: TableScene, badge: Rect, room: int, line_h: int
                           ) -> bool:
        """Whether a badge with the player's face leaves the bid and the tricks won room
        on one row, at their widest and the least type size, where the badge has one
        row under the name (a phone on its side): else the face gives way, as on a
        phone's narrow side badges, and the tricks are said in the badge (small backs
        by it cannot be counted at a glance)."""
        if (badge.height - scene.layout.pad) // line_h - 1 >= 2:
            return True
        font = self.text.font(px(MIN_SIZE))
        return all(font.size(words)[0] <= room for words in WIDEST_LINE)

    def thinking(self, surface: pygame.Surface, centre: tuple[int, int], radius: int,
                 now: float, ring: bool = False) -> None:
        """A computer player thinking: round a face, eight gold dots on a ring, the
        bright one going round (once a second), the rest fading behind it (``ring``); in
        a narrow badge's corner, where a ring of dots read as a cog, three dots in a row
        lit in turn."""
        if not ring:
            dot = max(2, radius // 4)
            step = (radius - dot) // 2 * 2 or 1
            lead = now * 3
            for i in range(3):
                fade = 1.0 if int(lead) % 3 == i else 0.45
                colour = tuple(round(c * fade + f * (1 - fade))
                               for c, f in zip(theme.GOLD, (10, 36, 24), strict=True))
                pygame.draw.circle(surface, colour, (centre[0] + (i - 1) * step, centre[1]),
                                   dot)
            return
        lead = now * 8
        dot = max(3, round(radius * 0.16)) if radius > 16 else max(2, radius // 3)
        for i in range(8):
            angle = i / 8 * math.tau - math.pi / 2
            x = centre[0] + math.cos(angle) * (radius - dot)
            y = centre[1] + math.sin(angle) * (radius - dot)
            age = (lead - i) % 8  # 0: the bright dot
            fade = max(0.35, 1 - age / 8)
            colour = tuple(round(c * fade + f * (1 - fade))
                           for c, f in zip(theme.GOLD, (10, 36, 24), strict=True))
            pygame.draw.circle(surface, colour, (round(x), round(y)),
                               dot + (1 if age < 1 else 0))

    def bubbles(self, surface: pygame.Surface, scene: TableScene) -> None:
        lay = scene.layout
        for seat, (text, until) in list(scene.bubbles.items()):
            if scene.now > until:
                del scene.bubbles[seat]
                continue
            surf = self.text.render(text, lay.font, theme.PANEL_TEXT, True)
            box = bubble_rect(lay, seat, surf.get_rect().inflate(lay.pad * 2, lay.pad),
                              self.caption_boxes)
            if self.peeks(box):
                continue  # its edge would show from under the open panel
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
            pygame.draw.rect(surface, theme.GOLD, box, 2, border_radius=8)
            surface.blit(surf, surf.get_rect(center=box.center))
