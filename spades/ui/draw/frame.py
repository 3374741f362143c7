"""Drawing the table scene: everything comes from the layout, the drawn state and the
control list, so what is drawn is exactly what can be clicked.
"""

from __future__ import annotations

import math

import pygame
from pygame import Rect

from ...engine import BLIND_NIL, NIL, OVER
from ..art import theme
from ..art.avatar import Avatars
from ..art.cardart import CardArt
from ..art.marks import role_tag, tag_size
from ..layout.window import EAST, NORTH, SOUTH, WEST
from ..speech.words import table_rules_title
from ..table.scene import HUMAN, Control, TableScene
from .badge_lines import badge_rows
from .bar import TopBarDrawer
from .moments import told_bid_panel
from .panels import PanelDrawer
from .passing import PassDrawer
from .seen import SeenDrawer
from .status import StatusDrawer
from .stock import StockDrawer
from .trick_tags import draw_seat_tags


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


def caption_lines(fits, first: str, rest: list[str]) -> list[str]:
    """The table's caption in as few lines as fit (``fits`` says whether one does): all
    on one, else (a phone) the deal's name, cut at its comma when even that is too wide,
    with the rest packed after it; each line begins with a capital."""
    one = "  ·  ".join([first, *rest])
    if fits(one):
        return [one]
    phrases = [first, *rest] if fits(first) or ", " not in first else \
        [*first.split(", ", 1), *rest]
    lines: list[str] = []
    for phrase in phrases:
        if lines and fits(f"{lines[-1]} · {phrase}"):
            lines[-1] += f" · {phrase}"
        else:
            lines.append(phrase)
    return [line[0].upper() + line[1:] for line in lines]


class TableDrawer(SeenDrawer, PanelDrawer, PassDrawer, StatusDrawer, TopBarDrawer,
                  StockDrawer):
    def __init__(self) -> None:
        self.art = CardArt()
        self.avatars = Avatars()
        self.text = theme.Text()
        self._felt: dict[tuple[int, int], pygame.Surface] = {}
        self._veil: dict = {}
        self._dim: dict[tuple[int, int], pygame.Surface] = {}
        self.pointer: Rect | None = None  # the demonstration's arrow, where it was drawn
        self.drawn_message: Rect | None = None  # where the message line was drawn
        self.thinking_drawn: dict[int, Rect] = {}  # the thinking cue of each seat drawn
        self.panel: Rect | None = None  # the panel over the table: no card peeks from it
        self.caption_boxes: list[Rect] = []  # the table's caption as drawn: bubbles avoid it
        self.sign_box: Rect | None = None  # the spades-broken sign as drawn last

    # --- the whole frame ---------------------------------------------------------------

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        self.art.four_colour = scene.options.four_colour
        controls = scene.controls
        # The panel over the table this frame (an overlay, the bid panel), if any.
        self.panel = scene.overlay_rect(scene.overlays[-1]) if scene.overlays else (
            scene.bid_panel_rect() if scene.bid_panel_open() else
            scene.layout.bid_panel if scene.told_bid else
            scene.pass_panel()[0] if scene.pass_open() else None)
        surface.blit(self.felt(surface.get_size()), (0, 0))
        self.top_bar(surface, scene)
        self.table_corners(surface, scene)
        self.roles: list[tuple[int, int]] = []  # "opponent" tags, drawn for both or none
        rules = scene.match.rules
        for seat in range(rules.seats):
            self.seat(surface, scene, seat)
        if len(self.roles) == rules.seats - (2 if rules.partnerships else 1):
            for x, y in self.roles:
                self.text.blit(surface, "opponent", scene.layout.font_small, theme.TEXT_MUTED,
                               (x, y), "midleft")
        self.deck(surface, scene)
        self.stock(surface, scene, controls)
        self.trick(surface, scene)
        self.hand(surface, scene, controls)
        for flight in scene.flights:
            self.flight(surface, flight, scene.now)
        self.bubbles(surface, scene)
        self.status(surface, scene)
        if scene.bid_panel_open() and not scene.overlays:
            self.bid_panel(surface, scene, controls)
        if scene.pass_open() and not scene.overlays:
            self.pass_panel(surface, scene, controls)
        if scene.told_bid and not scene.overlays:
            told_bid_panel(surface, scene, self)
        if scene.demo and not scene.overlays:
            self.tutor(surface, scene, controls)
        if not scene.overlays:
            tools = [control for control in controls if control.key[0] == "tool"]
            under = self.hints_under(scene, tools)
            for control in tools:
                self.button(surface, scene, control, ground="bar", hints_under=under)
        if scene.overlays:
            # Only the top panel shows: a panel opened over another replaces it.
            theme.shade(surface, self._veil)
            self.overlay(surface, scene, scene.overlays[-1], controls)
            self.overlay_message(surface, scene)  # what a panel's button just did
        else:
            self.message(surface, scene)  # over the panels: it answers what was tapped
        focused = scene.focused()
        if scene.keyboard and focused is not None and focused.visible():
            clip = surface.get_clip()
            if focused.area is not None:  # in scrolling rows: never over what is above them
                surface.set_clip(focused.area.view.inflate(12, 0).clip(clip))
            theme.focus_ring(surface, focused.rect)
            surface.set_clip(clip)

    def flight(self, surface: pygame.Surface, flight, now: float) -> None:
        """A card in motion; a card that changes size on the way is scaled from its start
        picture, so no face is drawn (and cached) at every size in between."""
        rect = flight.rect_at(now)
        if rect.width < 1 or rect.height < 1:
            return
        width = flight.start.width
        picture = self.art.back(width) if flight.card is None else self.art.face(flight.card,
                                                                                 width)
        if rect.size != picture.get_size():
            picture = pygame.transform.smoothscale(picture, rect.size)
        surface.blit(picture, rect)

    def tutor(self, surface: pygame.Surface, scene, controls: list[Control]) -> None:
        """The demonstration's explanation of the step the table is at."""
        lay = scene.layout
        box = scene.tutor_rect()
        theme.panel(surface, box)
        t = self.text
        step = scene.step()
        size = lay.font_small
        steps = scene.steps
        title = f"Demonstration  ·  step {steps.index(step) + 1} of {len(steps)}"
        t.blit(surface, title, size, (20, 110, 150), (box.x + lay.pad, box.y + lay.pad // 2),
               "topleft", True)
        y = box.y + lay.pad // 2 + round(size * 1.3)
        buttons = [c for c in controls if c.key[1] in ("tutor_next", "tutor_leave")]
        for line in scene.text_lines(scene.tutor_text_width()):  # body text
            t.blit(surface, line, lay.font, theme.PANEL_TEXT, (box.x + lay.pad, y))
            y += round(lay.font * 1.25)
        for control in buttons:
            self.button(surface, scene, control, on_panel=True)
        self.pointer = None
        asked = scene.pointed_card()
        card = next((c for c in controls if c.key == ("card", asked)), None)
        if card is not None:
            self.point_at(surface, scene, card.rect)

    def point_at(self, surface: pygame.Surface, scene, card: Rect) -> None:
        """A gold arrow bobbing over the card the demonstration asks for, over the part
        of it that shows (cards overlap in the hand)."""
        lay = scene.layout
        size = max(20, round(lay.font * 1.1))
        x = card.x + min(card.width, lay.hand_step) // 2
        bob = round(size * 0.25 * abs(math.sin(scene.now * 4)))
        tip = card.top - 4 - bob
        arrow = [(x, tip), (x - size // 2, tip - size // 2), (x - size // 5, tip - size // 2),
                 (x - size // 5, tip - size), (x + size // 5, tip - size),
                 (x + size // 5, tip - size // 2), (x + size // 2, tip - size // 2)]
        pygame.draw.polygon(surface, theme.GOLD, arrow)
        pygame.draw.polygon(surface, (40, 30, 0), arrow, 2)
        self.pointer = Rect(x - size // 2, tip - size, size, size)

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The cloth: a soft light in the middle, darker towards the edges."""
        surf = self._felt.get(size)
        if surf is None:
            small = pygame.Surface((64, 40))
            for y in range(40):
                for x in range(64):
                    d = math.hypot((x - 31.5) / 32, (y - 19.5) / 20)
                    t = min(1.0, d / 1.25)
                    small.set_at((x, y), tuple(
                        round(a + (b - a) * t) for a, b in zip(theme.FELT, theme.FELT_DARK,
                                                               strict=True)))
            surf = pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))
            self._felt.clear()
            self._felt[size] = surf
        return surf

    def table_corners(self, surface: pygame.Surface, scene: TableScene) -> None:
        """The hand ("Hand 1"), target, practice mark (a replay: its deal number) and
        the spades-broken sign, in one line at the top of the trick area (two on a
        phone)."""
        lay = scene.layout
        area = lay.trick_area
        s = scene.shown
        t = self.text
        size = lay.font_small
        if scene.replay:
            first, rest = scene.replay, ["replay"]  # the deal number is the export's
        else:
            first = scene.deal_name()
            rules = table_rules_title(scene.match.rules)
            rest = ([rules] if rules else []) + [f"playing to {scene.match.rules.target}"] + (
                ["practice"] if scene.practice else [])
        full = caption_lines(lambda line: t.font(size).size(line)[0] <= area.width - 4,
                             first, rest)
        words = t.render("Spades broken", size, theme.PANEL_TEXT)
        icon = self.art.suit(3, size, (20, 20, 20))
        sign_w = icon.get_width() + words.get_width() + 14
        y = area.y
        self.caption_boxes = []
        # The caption steps aside rather than show as a stub under an open panel or
        # under the trick's cards (a small phone): the score sheet names the hand too.
        cards = [lay.trick_slots[seat] for seat, _ in s.trick] if s.trick else []
        if s.drawing:  # two-handed's stock, pile and card offered (stock_draw.py)
            cards += list(scene.draw_spots())
        if s.dealing:  # the deck in the middle, as big as a trick's card
            deck = Rect(0, 0, lay.trick_w + 12, lay.trick_h + 12)
            cards.append(deck.move(lay.trick_area.centerx - deck.width // 2,
                                   lay.trick_area.centery - deck.height // 2))
        # Short of room under an early trick card (a phone held sideways) the caption
        # keeps only the hand's name, then only the spades-broken sign, moved aside
        # to the trick area's left or right if need be: the sign tells the player
        # what may be led, and it must never sit under a card.
        # A line's whole height, descenders too: the sign under the hand's line once
        # covered the feet of its "p" and "y" on a phone.
        step = max(size + 4, t.font(size).get_height() + 1)
        # Spades broken tells what may be led: over once the match is (it stood under
        # the match's result).
        broken = s.spades_broken and scene.match.phase != OVER
        for lines in ([full, [first], []] if broken else [full]):
            widths = [t.font(size).size(line)[0] for line in lines]
            together = bool(lines) and broken and widths[-1] + 12 + sign_w <= area.width
            if together:
                widths[-1] += 12 + sign_w
            boxes = [Rect(area.centerx - w // 2, y + i * step, w, step)
                     for i, w in enumerate(widths)]
            sign_y = y + len(lines) * step
            sign_xs = [None] if not broken or together else [
                area.centerx - sign_w // 2, area.x + 2, area.right - sign_w - 2]
            # The sign alone needs no line's descenders: on a phone held sideways
            # (568x320) only the old height fits between the trick's cards.
            sign_h = step if lines else size + 4
            for sign_x in sign_xs:
                sign = [] if sign_x is None else [Rect(sign_x, sign_y, sign_w, sign_h)]
                if all(not self.peeks(b) and b.collidelist(cards) < 0 for b in boxes + sign):
                    break
            else:
                continue
            break
        else:
            return
        self.caption_boxes = boxes + sign
        for i, line in enumerate(lines):
            x = boxes[i].x
            drawn = t.blit(surface, line, size, theme.TEXT_MUTED, (x, y))
            if together and i == len(lines) - 1:
                self.spades_sign(surface, Rect(drawn.right + 12, y - 3, sign_w, step),
                                 icon, words)
            y += step
        if sign:
            self.spades_sign(surface, sign[0], icon, words)

    def spades_sign(self, surface: pygame.Surface, box: Rect, icon: pygame.Surface,
                    words: pygame.Surface) -> None:
        self.sign_box = box  # where it was drawn last
        pygame.draw.rect(surface, (235, 235, 228), box, border_radius=6)
        surface.blit(icon, (box.x + 5, box.centery - icon.get_height() // 2))
        surface.blit(words, (box.x + 9 + icon.get_width(), box.centery - words.get_height() // 2))

    # --- seats -------------------------------------------------------------------------

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
        if badge.width >= size * 6 and (
                tag is None or badge.right - max(x, badge.x + 4 + ring) - face - gap - lay.pad - 4
                >= named):
            shape, colour = scene.avatar(seat)
            picture = self.avatars.get(shape, colour, face)
            left = max(x + 4, badge.x + 8 + ring)
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
        for i, (line, line_size) in enumerate(badge_rows(t, lines, note, lay.font_small,
                                                         room, rows)):
            t.blit(surface, line, line_size, theme.TEXT, (x + 4, y + line_h * (i + 1)),
                   "midleft", width=room)
        if turn and seat != HUMAN and scene.match.phase != OVER:
            if face_centre is not None:
                # Round the player's face, like a turn timer: no text is covered.
                centre, radius = face_centre, face // 2 + ring
            else:  # a narrow badge (a phone's side seats): its free bottom-right corner
                radius = max(9, round(size * 0.55))
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

    def peeks(self, rect: Rect) -> bool:
        """A card the open panel would cut, so that only a stub of it shows at the
        panel's edge: left out (the panel says what matters now)."""
        panel = self.panel
        return panel is not None and panel.colliderect(rect) and not panel.contains(rect)

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

    def deck(self, surface: pygame.Surface, scene: TableScene) -> None:
        s = scene.shown
        if not s.dealing or s.deck_left <= 0:
            return
        lay = scene.layout
        back = self.art.back(lay.trick_w)
        rect = back.get_rect(center=lay.trick_area.center)
        for i in range(min(6, 1 + s.deck_left // 9)):
            surface.blit(back, rect.move(-i, -i))

    def trick(self, surface: pygame.Surface, scene: TableScene) -> None:
        lay = scene.layout
        s = scene.shown
        self.winner_on_message = False
        for seat, card in s.trick:
            rect = lay.trick_slots[seat]
            if self.peeks(rect):
                continue
            surface.blit(self.art.face(card, rect.width), rect)
            if card == s.winner_card:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(8, 8), 4, border_radius=10)
        tags = draw_seat_tags(surface, lay, self.text, s.trick, scene.names, self.peeks)
        if s.winner_card is not None:
            seat = next((q for q, c in s.trick if c == s.winner_card), None)
            if seat is not None:
                name = scene.names[seat]
                text = "You take the trick" if seat == HUMAN else f"{name} takes the trick"
                pos = (lay.trick_area.centerx, lay.trick_area.bottom - 2)
                words = Rect((0, 0), self.text.font(lay.font_small, True).size(text))
                if words.move(pos[0] - words.width // 2, pos[1] - words.height).collidelist(
                        [lay.trick_slots[q] for q, _ in s.trick] + tags) >= 0:
                    if scene.message and scene.now < scene.message[1]:
                        return  # a hint or refusal keeps it: the gold edge tells the winner
                    pos = lay.message.midbottom  # a trick filling its room: on the message line
                    self.winner_on_message = True  # a flash there gives way to the words
                    # A narrow column beside the trick: wrapped, upwards, never cut.
                    lines = self.text.wrap(text, lay.font_small, lay.message.width - 8, True)
                    if len(lines) == 2:  # two even lines ("West takes / the trick")
                        words, font = text.split(), self.text.font(lay.font_small, True)
                        lines = min(([" ".join(words[:k]), " ".join(words[k:])]
                                     for k in range(1, len(words))),
                                    key=lambda two: max(font.size(x)[0] for x in two))
                    step = round(lay.font_small * 1.2)
                    for k, line in enumerate(reversed(lines)):
                        self.text.blit(surface, line, lay.font_small, theme.GOLD,
                                       (pos[0], pos[1] - k * step), "midbottom", True)
                    return
                self.text.blit(surface, text, lay.font_small, theme.GOLD, pos, "midbottom", True)

    def dimmed_face(self, card: int, width: int) -> pygame.Surface:
        """A card that may not be played now: its face in greys, a little darker. A
        black veil over it turned the court cards' colours a muddy brown."""
        key = (card, width)
        surf = self._dim.get(key)
        if surf is None:
            surf = pygame.transform.grayscale(self.art.face(card, width))
            surf.fill(DIMMED, special_flags=pygame.BLEND_RGB_MULT)
            if len(self._dim) > 200:  # a resize leaves the old sizes behind
                self._dim.clear()
            self._dim[key] = surf
        return surf

    def hand(self, surface: pygame.Surface, scene: TableScene, controls: list[Control]) -> None:
        lay = scene.layout
        s = scene.shown
        if not s.face_up or s.dealing:
            count = s.sizes[HUMAN]
            rects = lay.hand_rects(lay.hand_cards)[:count] if s.dealing else \
                lay.hand_rects(count)
            for rect in rects:
                surface.blit(self.art.back(rect.width), rect)
            return
        rects = scene.card_rects()
        playing = scene.can_act() and scene.view.phase == "playing"
        legal = scene.view.legal_card_mask() if playing else 0
        advice = scene.coach() if scene.options.coach else None
        for card, rect in zip(s.hand, rects, strict=True):
            if scene.hover == ("card", card) and playing and legal >> card & 1:
                rect = rect.move(0, -4)
            if playing and not legal >> card & 1:
                surface.blit(self.dimmed_face(card, rect.width), rect)
            else:
                surface.blit(self.art.face(card, rect.width), rect)
            if advice is not None and playing and advice[0] == card:
                pygame.draw.rect(surface, theme.SUGGEST, rect.inflate(6, 6), 4, border_radius=10)
            self.pass_marks(surface, scene, card, rect, advice)

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


DIMMED = (172, 172, 172)  # a dimmed card's greys, multiplied: clearly apart from a raised one
