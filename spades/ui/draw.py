"""Drawing the table scene: everything comes from the layout, the drawn state and the
control list, so what is drawn is exactly what can be clicked.
"""

from __future__ import annotations

import math

import pygame
from pygame import Rect

from ..engine import BLIND_NIL, NIL, OVER
from . import theme
from .avatar import Avatars
from .cardart import CardArt
from .help import help_page
from .layout import NORTH, SOUTH
from .table import HUMAN, Control, TableScene, bid_words
from .widgets import INPUT

TEAM_NAMES = ("Us", "Them")


class TableDrawer:
    def __init__(self) -> None:
        self.art = CardArt()
        self.avatars = Avatars()
        self.text = theme.Text()
        self._felt: dict[tuple[int, int], pygame.Surface] = {}
        self._veil: dict = {}
        self._dim: dict[tuple[int, int], pygame.Surface] = {}

    # --- the whole frame ---------------------------------------------------------------

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        self.art.four_colour = scene.options.four_colour
        controls = scene.controls
        surface.blit(self.felt(surface.get_size()), (0, 0))
        self.top_bar(surface, scene)
        self.table_corners(surface, scene)
        for seat in range(4):
            self.seat(surface, scene, seat)
        self.deck(surface, scene)
        self.trick(surface, scene)
        self.hand(surface, scene, controls)
        for flight in scene.flights:
            self.flight(surface, flight, scene.now)
        self.bubbles(surface, scene)
        self.status(surface, scene)
        if scene.bid_panel_open() and not scene.overlays:
            self.bid_panel(surface, scene, controls)
        if scene.demo and not scene.overlays:
            self.tutor(surface, scene, controls)
        if not scene.overlays:
            for control in controls:
                if control.key[0] == "tool":
                    on = control.key[1] == "coach" and scene.options.coach
                    self.button(surface, scene, control, selected=on)
        if scene.overlays:
            # Only the top panel shows: a panel opened over another replaces it.
            theme.shade(surface, self._veil)
            self.overlay(surface, scene, scene.overlays[-1], controls)
        focused = scene.focused()
        if scene.keyboard and focused is not None:
            theme.focus_ring(surface, focused.rect)

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
        from .tutorial import STEPS

        lay = scene.layout
        box = scene.tutor_rect()
        theme.panel(surface, box)
        t = self.text
        step = scene.step()
        size = lay.font_small
        title = f"Demonstration  ·  step {STEPS.index(step) + 1} of {len(STEPS)}"
        t.blit(surface, title, size, (20, 110, 150), (box.x + lay.pad, box.y + lay.pad // 2),
               "topleft", True)
        y = box.y + lay.pad // 2 + round(size * 1.3)
        buttons = [c for c in controls if c.key[1] in ("tutor_next", "tutor_leave")]
        for line in scene.text_lines(scene.tutor_text_width()):  # body text
            t.blit(surface, line, lay.font, theme.PANEL_TEXT, (box.x + lay.pad, y))
            y += round(lay.font * 1.25)
        for control in buttons:
            self.button(surface, scene, control, on_panel=True,
                        selected=control.key[1] == "tutor_next")

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

    # --- the top bar: both teams always in view -------------------------------------

    def top_bar(self, surface: pygame.Surface, scene: TableScene) -> None:
        lay = scene.layout
        bar = lay.top_bar
        pygame.draw.rect(surface, theme.BAR, bar)
        s = scene.shown
        t = self.text
        left = lay.toolbar["scores"].left - lay.pad if not lay.portrait else bar.right
        for team in (0, 1):
            contract = sum(max(b or 0, 0) for b in (s.bids[team], s.bids[team + 2]))
            bidding = any(b is None for b in s.bids)
            won = s.tricks_won[team] + s.tricks_won[team + 2]
            colour = theme.US if team == 0 else theme.THEM
            bags = f"bags {s.bags[team]}" if scene.match.rules.bag_penalty else ""
            if lay.portrait:
                size = lay.font_small
                x = bar.x + lay.pad + team * (bar.width // 2)
                y = bar.centery
                r = t.blit(surface, TEAM_NAMES[team], size, colour, (x, y), "midleft", True)
                r = t.blit(surface, str(s.scores[team]), lay.font_score, theme.TEXT,
                           (r.right + 6, y), "midleft", True)
                tricks = f"{won}/{'-' if bidding else contract}"
                room = x + bar.width // 2 - lay.pad - (r.right + 6)
                # The fullest wording that fits the half bar (a big score leaves less room).
                options = [f"won {tricks}" + (f" · {bags}" if bags else ""),
                           tricks + (f" · {bags}" if bags else ""), tricks]
                detail = next((o for o in options if t.font(size).size(o)[0] <= room),
                              options[-1])
                t.blit(surface, detail, size, theme.TEXT_MUTED, (r.right + 6, y), "midleft",
                       width=room)
            else:
                size = lay.font
                y = bar.y + bar.height * (0.28 if team == 0 else 0.74)
                x = bar.x + lay.pad * 2
                r = t.blit(surface, TEAM_NAMES[team], size, colour, (x, y), "midleft", True)
                score_x = x + t.font(size, True).size("Them")[0] + lay.pad * 2
                big = lay.font_score
                r = t.blit(surface, str(s.scores[team]), big, theme.TEXT,
                           (score_x + t.font(big, True).size("-000")[0], y), "midright", True)
                detail_x = score_x + t.font(big, True).size("-0000")[0] + lay.pad
                bid = "bidding" if bidding else f"bid {contract}"
                parts = [bid, f"won {won}"] + ([bags] if bags else [])
                text = "  ·  ".join(parts)
                width = left - detail_x - lay.pad
                fsize = t.fit(text, lay.font_small, width)
                t.blit(surface, text, fsize, theme.TEXT_MUTED, (detail_x, y), "midleft",
                       width=width)

    def table_corners(self, surface: pygame.Surface, scene: TableScene) -> None:
        """Hand number, target, practice mark and the spades-broken sign, in one line at
        the top of the trick area."""
        lay = scene.layout
        area = lay.trick_area
        s = scene.shown
        t = self.text
        size = lay.font_small
        if scene.replay:
            label = f"Replay of deal {scene.replay}"
        else:
            label = f"Hand {s.hand_number + 1}  ·  deal no. {scene.deal_number()}  ·  to " \
                f"{scene.match.rules.target}"
            if scene.practice:
                label += "  ·  practice"
        lines = [label]
        if t.font(size).size(label)[0] > area.width - 4 and not scene.replay:
            # Narrow (a phone): two short lines instead of one long one.
            lines = [f"Hand {s.hand_number + 1} · to {scene.match.rules.target}"
                     + (" · practice" if scene.practice else ""),
                     f"deal no. {scene.deal_number()}"]
        words = t.render("Spades broken", size, theme.PANEL_TEXT)
        icon = self.art.suit(3, size, (20, 20, 20))
        sign_w = icon.get_width() + words.get_width() + 14
        y = area.y
        for i, line in enumerate(lines):
            text = t.render(line, size, theme.TEXT_MUTED)
            last = i == len(lines) - 1
            together = last and s.spades_broken and \
                text.get_width() + 12 + sign_w <= area.width
            width = text.get_width() + (12 + sign_w if together else 0)
            x = area.centerx - width // 2
            surface.blit(text, (x, y))
            if together:
                self.spades_sign(surface, Rect(x + text.get_width() + 12, y - 3, sign_w,
                                               size + 4), icon, words)
            y += size + 4
        if s.spades_broken and not together:
            self.spades_sign(surface, Rect(area.centerx - sign_w // 2, y, sign_w, size + 4),
                             icon, words)

    def spades_sign(self, surface: pygame.Surface, box: Rect, icon: pygame.Surface,
                    words: pygame.Surface) -> None:
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
        name = scene.options.names[seat]
        team_colour = theme.US if seat % 2 == 0 else theme.THEM
        role = {SOUTH: "", NORTH: "partner"}.get(seat, "opponent")
        size = lay.font
        line_h = round(size * 1.2)
        x = badge.x + lay.pad
        y = badge.y + lay.pad // 2 + line_h // 2 + 2
        pygame.draw.rect(surface, team_colour, (badge.x + 3, badge.y + 8, 4, badge.height - 16),
                         border_radius=2)
        face = min(badge.height - lay.pad, round(size * 1.9))
        if badge.width >= size * 6:
            shape, colour = scene.avatar(seat)
            picture = self.avatars.get(shape, colour, face)
            surface.blit(picture, (x + 4, badge.centery - face // 2))
            x += face + lay.pad // 2
        name_size = t.fit(name, size, badge.right - x - lay.pad - size, bold=True)
        r = t.blit(surface, name, name_size, theme.TEXT, (x + 4, y), "midleft", bold=True)
        if role and badge.width - (r.right - badge.x) > t.font(lay.font_small).size(role)[0] + 30:
            t.blit(surface, role, lay.font_small, theme.TEXT_MUTED, (r.right + 6, y), "midleft")
        if s.dealer == seat:
            chip = Rect(0, 0, round(size * 1.1), round(size * 1.1))
            chip.topright = (badge.right - 4, badge.y + 4)
            pygame.draw.ellipse(surface, theme.GOLD, chip)
            t.blit(surface, "D", lay.font_small, (20, 20, 20), chip.center, "center", True)
        bid = s.bids[seat]
        if bid is None:
            what = "to bid" if turn else "no bid yet"
        elif bid == BLIND_NIL:
            what = "blind nil"
        elif bid == NIL:
            what = "nil"
        else:
            what = f"bid {bid}"
        # Before the bidding is done nobody has won a trick: the bid alone.
        lines = [what, f"won {s.tricks_won[seat]}"] if bid is not None else [what]
        small = lay.font_small
        if badge.height >= line_h * 3 + lay.pad:
            for i, line in enumerate(lines):
                t.blit(surface, line, small, theme.TEXT, (x + 4, y + line_h * (i + 1)),
                       "midleft")
        else:
            text = "  ·  ".join(lines)
            text_size = t.fit(text, small, badge.right - x - lay.pad - 4)
            t.blit(surface, text, text_size, theme.TEXT, (x + 4, y + line_h), "midleft")
        if turn and seat != HUMAN and scene.match.phase != OVER:
            dots = "." * (1 + int(scene.now * 3) % 3)
            t.blit(surface, dots, size, theme.GOLD, (badge.right - lay.pad, badge.bottom - 4),
                   "bottomright", True)
        if seat != SOUTH:
            for rect in lay.fan_rects(seat, s.sizes[seat]):
                surface.blit(self.art.back(rect.width), rect)
        for rect in lay.packet_rects(seat, s.tricks_won[seat]):
            surface.blit(self.art.back(rect.width), rect)

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
        for seat, card in s.trick:
            rect = lay.trick_slots[seat]
            surface.blit(self.art.face(card, rect.width), rect)
            if card == s.winner_card:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(8, 8), 4, border_radius=10)
        if s.winner_card is not None:
            seat = next((q for q, c in s.trick if c == s.winner_card), None)
            if seat is not None:
                name = scene.options.names[seat]
                text = "You take the trick" if seat == HUMAN else f"{name} takes the trick"
                self.text.blit(surface, text, lay.font_small, theme.GOLD,
                               (lay.trick_area.centerx, lay.trick_area.bottom - 2), "midbottom",
                               True)

    def dim(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._dim.get(size)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 105), surf.get_rect(),
                             border_radius=max(3, size[0] // 12))
            self._dim[size] = surf
        return surf

    def hand(self, surface: pygame.Surface, scene: TableScene, controls: list[Control]) -> None:
        lay = scene.layout
        s = scene.shown
        if not s.face_up or s.dealing:
            count = s.sizes[HUMAN]
            rects = lay.hand_rects(13)[:count] if s.dealing else lay.hand_rects(count)
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
            surface.blit(self.art.face(card, rect.width), rect)
            if playing and not legal >> card & 1:
                surface.blit(self.dim(rect.size), rect)
            if advice is not None and playing and advice[0] == card:
                pygame.draw.rect(surface, theme.SUGGEST, rect.inflate(6, 6), 4, border_radius=10)

    def bubbles(self, surface: pygame.Surface, scene: TableScene) -> None:
        lay = scene.layout
        for seat, (text, until) in list(scene.bubbles.items()):
            if scene.now > until:
                del scene.bubbles[seat]
                continue
            badge = lay.badges[seat]
            surf = self.text.render(text, lay.font, theme.PANEL_TEXT, True)
            box = surf.get_rect().inflate(lay.pad * 2, lay.pad)
            if seat == SOUTH:
                box.midbottom = (badge.centerx, badge.top - 4)
            elif seat == NORTH:
                box.midright = (badge.left - 6, badge.centery)
                if box.left < 0:
                    box.midtop = (badge.centerx, badge.bottom + 4)
            elif lay.portrait:  # beside it would cover the hand number in the middle
                box.midtop = (badge.centerx, badge.bottom + 4)
            elif seat == 1:
                box.topleft = (badge.right + 6, badge.top)
            else:
                box.topright = (badge.left - 6, badge.top)
            box.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
            pygame.draw.rect(surface, theme.GOLD, box, 2, border_radius=8)
            surface.blit(surf, surf.get_rect(center=box.center))

    def status(self, surface: pygame.Surface, scene: TableScene) -> None:
        """The message line: a refusal, a hint, the coach, or whose turn it is."""
        lay = scene.layout
        box = lay.status
        t = self.text
        colour = theme.TEXT
        text = ""
        if scene.message and scene.now < scene.message[1]:
            text = scene.message[0]
            colour = theme.GOLD
        elif scene.flash and scene.now < scene.flash[1]:
            text = scene.flash[0]
        elif scene.match.phase == OVER:
            text = "The match is over"
        elif scene.shown.dealing:
            dealer = scene.shown.dealer
            text = "You deal" if dealer == HUMAN else f"{scene.options.names[dealer]} deals"
        elif scene.can_act():
            advice = scene.coach() if scene.options.coach else None
            if scene.view.phase == "bidding":
                text = ("Your turn: blind nil, or look at your cards" if not scene.view.looked
                        else "Your turn: choose a bid, then confirm it")
            else:
                text = "Your turn: play a raised card"
            if advice is not None:
                if scene.view.phase == "playing":
                    from ..engine.cards import card_name

                    text = f"Coach: the {card_name(advice[0])}. {advice[1]}"
                else:
                    text = f"Coach: bid {bid_words(advice[0])}. {advice[1]}"
                colour = theme.SUGGEST
        elif scene.idle and scene.shown.to_act is not None:
            who = scene.options.names[scene.shown.to_act]
            doing = "bid" if scene.view.phase == "bidding" else "play"
            text = f"{who} to {doing}"
        if not text:
            return
        size = lay.font
        lines = t.wrap(text, size, box.width - 8)
        while len(lines) * size * 1.05 > box.height + 2 and size > 15:
            size -= 1
            lines = t.wrap(text, size, box.width - 8)
        step = round(size * 1.05)
        y = box.centery - step * len(lines) // 2
        for line in lines:
            t.blit(surface, line, size, colour, (box.centerx, y), "midtop")
            y += step

    # --- controls --------------------------------------------------------------------

    def button(self, surface: pygame.Surface, scene: TableScene, control: Control,
               selected: bool = False, suggested: bool = False, on_panel: bool = False) -> None:
        rect = control.rect
        hover = scene.hover == control.key
        outline_only = False
        if selected:
            fill, ink = theme.SELECTED, theme.BUTTON_TEXT
        elif not control.enabled:
            fill, ink = theme.BUTTON_OFF, theme.BUTTON_OFF_TEXT
            outline_only = not on_panel
        else:
            fill = theme.BUTTON_HOVER if hover else theme.BUTTON
            ink = theme.BUTTON_TEXT
        if outline_only:
            # Not available now: an outline, so it never looks pressed.
            pygame.draw.rect(surface, (120, 160, 138), rect, 2, border_radius=8)
        else:
            pygame.draw.rect(surface, fill, rect, border_radius=8)
            edge = (150, 150, 140) if on_panel or not control.enabled else (20, 50, 36)
            pygame.draw.rect(surface, edge, rect, 1, border_radius=8)
        if suggested:
            pygame.draw.rect(surface, theme.SUGGEST, rect.inflate(6, 6), 3, border_radius=10)
        t = self.text
        label = control.label
        size = (scene.layout.width, scene.layout.height)
        hint = control.hint if INPUT.hints_in(size) else ""  # no key hints after a touch
        # Buttons on a panel (bids, Confirm, Next hand) speak in body text; the toolbar's
        # are chrome, in the secondary size.
        small = scene.layout.font if on_panel else scene.layout.font_small
        hint_size = theme.SECONDARY
        muted = theme.PANEL_MUTED if control.enabled and not outline_only else ink
        inline = f"{label}  {hint}" if hint else label
        if hint and t.font(small, True).size(inline)[0] <= rect.width - 12:
            # The shortcut beside the label where it fits, else under it, else left out.
            lw = t.font(small, True).size(label + "  ")[0]
            hw = t.font(hint_size).size(hint)[0]
            x = rect.centerx - (lw + hw) // 2
            t.blit(surface, label, small, ink, (x, rect.centery), "midleft", True)
            t.blit(surface, hint, hint_size, muted, (x + lw, rect.centery + 1), "midleft")
            return
        size = t.fit(label, small, rect.width - 8, bold=True)
        least = scene.layout.font_small
        if size < least and rect.height >= least * 2.4:
            # Too long for one line even at the secondary size: two lines of it.
            lines = t.wrap(label, least, rect.width - 8, bold=True)[:2]
            step = round(least * 1.15)
            for i, line in enumerate(lines):
                t.blit(surface, line, least, ink,
                       (rect.centerx, rect.centery + round((i - (len(lines) - 1) / 2) * step)),
                       "center", True)
            return
        show_hint = hint and rect.height >= size + hint_size + 6 and rect.width >= 56
        cy = rect.centery - (hint_size // 2 if show_hint else 0)
        t.blit(surface, label, size, ink, (rect.centerx, cy), "center", True)
        if show_hint:
            t.blit(surface, hint, hint_size, muted, (rect.centerx, rect.bottom - 3), "midbottom")

    def bid_panel(self, surface: pygame.Surface, scene: TableScene,
                  controls: list[Control]) -> None:
        lay = scene.layout
        theme.panel(surface, lay.bid_panel)
        title, _, confirm, _ = scene.bid_grid()
        t = self.text
        view = scene.view
        if not view.looked:
            heading = "Blind nil?"
            rules = scene.match.rules
            sub = (f"Your team trails by {rules.blind_nil_deficit} or more. Bid blind nil "
                   f"before seeing your cards: +{rules.blind_nil_value} if you take no "
                   f"trick, -{rules.blind_nil_value} if you take any.")
        else:
            heading = "Your bid"
            partner = view.bids[view.partner]
            sub = ("How many tricks will you take?" if partner is None else
                   f"Your partner bid {bid_words(partner)}.")
        if lay.compact:
            self.compact_bid_words(surface, scene, heading, sub, controls)
            return
        t.blit(surface, heading, lay.font, theme.PANEL_TEXT, (title.centerx, title.y),
               "midtop", True)
        sub_size = lay.font_small
        lines = t.wrap(sub, sub_size, title.width)
        y = title.y + round(lay.font * 1.2)
        for line in lines[:3]:
            t.blit(surface, line, sub_size, theme.PANEL_MUTED, (title.centerx, y), "midtop")
            y += round(sub_size * 1.0)
        suggestion = scene.suggested_bid_value()
        for control in controls:
            if control.group == "bids" or control.key == ("btn", "confirm"):
                selected = control.key == ("bid", scene.bid_choice)
                suggested = control.key == ("bid", suggestion)
                self.button(surface, scene, control, selected, suggested, on_panel=True)
        if suggestion is not None:
            note = f"Outlined: the suggested bid ({bid_words(suggestion)})"
            size = t.fit(note, lay.font_small, lay.bid_panel.width - 2 * lay.pad)
            t.blit(surface, note, size, (20, 110, 150), (confirm.centerx, confirm.top - 2),
                   "midbottom")

    def compact_bid_words(self, surface: pygame.Surface, scene: TableScene, heading: str,
                          sub: str, controls: list[Control]) -> None:
        """A short window's bid panel: the words beside Confirm (before looking, the
        blind nil terms above its two buttons), the bid buttons above."""
        lay = scene.layout
        t = self.text
        title, rects, _, _ = scene.bid_grid()
        for control in controls:
            if control.group == "bids" or control.key == ("btn", "confirm"):
                self.button(surface, scene, control, control.key == ("bid", scene.bid_choice),
                            control.key == ("bid", scene.suggested_bid_value()), on_panel=True)
        size = lay.font_small
        step = round(size * 1.15)
        if not scene.view.looked:
            lines = [heading] + t.wrap(sub, size, rects[0].width * 7)
            y = rects[0].top
            for line in lines[:max(1, (rects[7].top - y) // step)]:
                t.blit(surface, line, size, theme.PANEL_TEXT, (title.x, y), width=title.width)
                y += step
            return
        suggestion = scene.suggested_bid_value()
        lines = [f"{heading}: {sub}"]
        if suggestion is not None:
            lines.append(f"Outlined: the suggested bid ({bid_words(suggestion)})")
        y = title.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            t.blit(surface, line, size, theme.PANEL_TEXT if i == 0 else (20, 110, 150),
                   (title.x, y), bold=i == 0, width=title.width)
            y += step

    # --- overlays --------------------------------------------------------------------

    def overlay(self, surface: pygame.Surface, scene: TableScene, name: str,
                controls: list[Control]) -> None:
        box = scene.overlay_rect(name)
        theme.panel(surface, box)
        getattr(self, f"overlay_{name}")(surface, scene, box)
        for control in controls:
            self.button(surface, scene, control, on_panel=True)

    def heading(self, surface: pygame.Surface, scene: TableScene, box: Rect, text: str) -> int:
        lay = scene.layout
        size = self.text.fit(text, lay.font_big, box.width - 2 * lay.pad, bold=True)
        r = self.text.blit(surface, text, size, theme.PANEL_TEXT,
                           (box.centerx, box.y + lay.pad), "midtop", True)
        return r.bottom + lay.pad

    def overlay_breakdown(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        e = scene.breakdown
        if e is None:
            return
        lay = scene.layout
        t = self.text
        y = self.heading(surface, scene, box,
                         f"Hand {e.hand_number + 1}  (deal {scene.deal_number(e.hand_number)})")
        bottom = box.bottom - lay.pad * 3 - 2 * max(44, round(lay.font * 2))
        col_w = (box.width - 3 * lay.pad) // 2
        size = lay.font_small
        most = max(len(ts.lines) for ts in e.teams)
        for team_score in e.teams:
            team = team_score.team
            x = box.x + lay.pad + team * (col_w + lay.pad)
            row = y
            names = scene.options.names
            who = f"{names[team]} & {names[team + 2]}"
            colour = (30, 90, 170) if team == 0 else (180, 80, 30)
            t.blit(surface, f"{TEAM_NAMES[team]}: {who}", t.fit(f"{TEAM_NAMES[team]}: {who}",
                   lay.font, col_w, True), colour, (x, row), "topleft", True)
            row += round(lay.font * 1.2)
            rows = [(f"Bid {team_score.contract}, took {team_score.tricks}", None)]
            rows += [(line.text, line.points) for line in team_score.lines]
            rows += [("", None)] * (most - len(team_score.lines))  # totals line up
            rows += [("Hand total", team_score.points), ("Running total",
                                                         team_score.score_after)]
            if scene.match.rules.bag_penalty:
                rows.append(("Bags carried", team_score.bags_after))
            step = max(round(size * 1.1), min(round(size * 1.3),
                                              (bottom - row) // max(1, len(rows))))
            for i, (label, value) in enumerate(rows):
                bold = label in ("Hand total", "Running total")
                if label == "Hand total":
                    pygame.draw.line(surface, (180, 180, 170), (x, row - 2), (x + col_w, row - 2))
                lsize = t.fit(label, size, col_w - t.font(size).size("-0000")[0] - 8, bold)
                t.blit(surface, label, lsize, theme.PANEL_TEXT, (x, row), "topleft", bold)
                if value is not None:
                    text = f"{value:+d}" if label not in ("Running total", "Bags carried") \
                        and i > 0 else str(value)
                    ink = theme.PANEL_TEXT
                    if label not in ("Running total", "Bags carried"):
                        ink = theme.GOOD if value > 0 else (theme.BAD if value < 0 else ink)
                    t.blit(surface, text, size, ink, (x + col_w, row), "topright", True)
                row += step

    def overlay_scores(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        """Each team's hands as a table: side by side when wide, one above the other on a
        phone."""
        lay = scene.layout
        y = self.heading(surface, scene, box, "Score sheet")
        history = scene.match.history[: scene.shown.hands_scored]
        bottom = box.bottom - lay.pad * 2 - max(44, round(lay.font * 2))
        wide = box.width >= lay.font * 26
        inner = box.width - 2 * lay.pad
        if wide:
            blocks = [Rect(box.x + lay.pad + team * (inner + lay.pad) // 2, y,
                           (inner - lay.pad) // 2, bottom - y) for team in (0, 1)]
        else:
            half = (bottom - y) // 2
            blocks = [Rect(box.x + lay.pad, y + team * half, inner, half) for team in (0, 1)]
        for team, block in enumerate(blocks):
            self.score_block(surface, scene, block, team, history)

    def score_block(self, surface: pygame.Surface, scene: TableScene, block: Rect, team: int,
                    history: list) -> None:
        lay = scene.layout
        t = self.text
        names = scene.options.names
        bags_on = scene.match.rules.bag_penalty
        cols = ["Hand", "Bid", "Won", "Points", "Total"] + (["Bags"] if bags_on else [])
        size = t.fit("Hand Bid Won Points Total Bags", lay.font_small, block.width - 40, True)
        colour = (30, 90, 170) if team == 0 else (180, 80, 30)
        title = f"{TEAM_NAMES[team]}: {names[team]} & {names[team + 2]}"
        t.blit(surface, title, t.fit(title, lay.font_small, block.width, True), colour,
               block.topleft, "topleft", True)
        step = round(size * 1.35)
        y = block.y + step + 2
        col_w = block.width / len(cols)

        def right(i: int) -> int:
            return round(block.x + (i + 1) * col_w - 4)

        for i, name in enumerate(cols):
            t.blit(surface, name, size, theme.PANEL_MUTED, (right(i), y), "topright", True)
        y += step
        pygame.draw.line(surface, (180, 180, 170), (block.x, y - 2), (block.right, y - 2))
        fit = max(1, (block.bottom - y) // step)
        rows = history[-fit:]
        if not history:
            t.blit(surface, "No hand has been scored yet.", size, theme.PANEL_MUTED,
                   (block.x, y + 2))
        for result in rows:
            ts = result.teams[team]
            nils = sum(1 for seat, bid in result.bids if seat % 2 == team and bid <= 0)
            bid = f"{ts.contract}" + ("+nil" * nils)
            values = [result.hand_number + 1, bid, ts.tricks, f"{ts.points:+d}",
                      ts.score_after] + ([ts.bags_after] if bags_on else [])
            for i, value in enumerate(values):
                t.blit(surface, str(value), size, theme.PANEL_TEXT, (right(i), y), "topright",
                       i == 4)
            y += step

    def overlay_last(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        lay = scene.layout
        y = self.heading(surface, scene, box, "Last trick")
        last = scene.shown.last_trick
        if last is None:
            self.text.blit(surface, "No trick has been played yet this hand.", lay.font,
                           theme.PANEL_MUTED, (box.centerx, y + lay.pad), "midtop")
            return
        leader, cards, winner = last
        names = scene.options.names
        bottom = box.bottom - lay.pad * 2 - max(44, round(lay.font * 2))
        n = 4
        label_h = round(lay.font_small * 2.4)
        w = min(round((box.width - (n + 1) * lay.pad) / n), lay.card_w,
                round((bottom - y - label_h) / 1.4))
        h = round(w * 1.4)
        total = n * w + (n - 1) * lay.pad
        x = box.centerx - total // 2
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            rect = Rect(x + i * (w + lay.pad), y, w, h)
            surface.blit(self.art.face(card, w), rect)
            if seat == winner:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(8, 8), 4, border_radius=10)
            label = names[seat] + (" led" if i == 0 else "")
            size = self.text.fit(label, lay.font_small, w + lay.pad)
            self.text.blit(surface, label, size, theme.PANEL_TEXT,
                           (rect.centerx, rect.bottom + 6), "midtop", True)
            if seat == winner:
                self.text.blit(surface, "won it", lay.font_small, (150, 110, 0),
                               (rect.centerx, rect.bottom + 6 + lay.font_small), "midtop", True)

    def overlay_help(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        lay = scene.layout
        title, rows = help_page(INPUT.touch)
        y = self.heading(surface, scene, box, title)
        bottom = box.bottom - lay.pad * 2 - max(44, round(lay.font * 2))
        size = lay.font_small
        key_w = max(self.text.font(size, True).size(key)[0] for key, _ in rows)
        key_w = min(key_w, round((box.width - 2 * lay.pad) * 0.36))
        wrapped = [(key, self.text.wrap(what, size, box.width - 3 * lay.pad - key_w))
                   for key, what in rows]
        lines = sum(len(w) for _, w in wrapped)
        # Lines a little closer when the panel is short, never a smaller size.
        line = max(round(size * 1.05), min(round(size * 1.3), (bottom - y) // lines))
        for key, what in wrapped:
            self.text.blit(surface, key, size, theme.PANEL_TEXT, (box.x + lay.pad, y),
                           "topleft", True, width=key_w)
            for part in what:
                self.text.blit(surface, part, size, theme.PANEL_MUTED,
                               (box.x + lay.pad * 2 + key_w, y),
                               width=box.width - 3 * lay.pad - key_w)
                y += line

    def overlay_compare(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        """The same deal with the computer in the player's seat, side by side."""
        from ..ai.compare import seat_summary

        lay = scene.layout
        t = self.text
        y = self.heading(surface, scene, box, "The computer in your seat")
        comparison = scene.comparison
        if comparison is None:
            return
        if comparison.result is None:
            text = f"The computer is playing your cards: {comparison.cards_played} of 52 " \
                "cards played..."
            t.blit(surface, text, t.fit(text, lay.font, box.width - 2 * lay.pad),
                   theme.PANEL_MUTED, (box.centerx, y + lay.pad), "midtop")
            return
        mine = seat_summary(comparison.original, HUMAN)
        theirs = seat_summary(comparison.result, HUMAN)
        rows = [
            ("", "You", "Computer"),
            ("Your bid", bid_words(mine["bid"]), bid_words(theirs["bid"])),
            ("Tricks you took", mine["tricks"], theirs["tricks"]),
            ("Your team's tricks", mine["team_tricks"], theirs["team_tricks"]),
            ("Your team's points", f"{mine['team_points']:+d}", f"{theirs['team_points']:+d}"),
            ("Their points", f"{mine['other_points']:+d}", f"{theirs['other_points']:+d}"),
            ("Difference", f"{mine['margin']:+d}", f"{theirs['margin']:+d}"),
        ]
        size = lay.font_small
        step = round(size * 1.3)
        col = (box.width - 2 * lay.pad) // 3
        for i, (label, a, b) in enumerate(rows):
            bold = i == 0 or label == "Difference"
            x = box.x + lay.pad
            lsize = t.fit(label, size, col + col // 2)
            t.blit(surface, label, lsize, theme.PANEL_TEXT, (x, y), "topleft", bold)
            t.blit(surface, str(a), size, theme.PANEL_TEXT, (x + col * 2 - lay.pad, y),
                   "topright", bold)
            t.blit(surface, str(b), size, theme.PANEL_TEXT, (x + col * 3 - lay.pad, y),
                   "topright", bold)
            y += step
        diff = theirs["margin"] - mine["margin"]
        verdict = ("You did as well as the computer." if diff == 0 else
                   f"You did {abs(diff)} points {'better' if diff < 0 else 'worse'} than "
                   "the computer on these cards.")
        y += lay.pad // 2
        for line in t.wrap(verdict, size, box.width - 2 * lay.pad, True):
            t.blit(surface, line, size, theme.PANEL_TEXT, (box.centerx, y), "midtop", True)
            y += step

    def overlay_pause(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        self.heading(surface, scene, box, "Paused")

    def overlay_match_over(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        lay = scene.layout
        e = scene.result
        if e is None:
            return
        names = scene.options.names
        won = e.winner == 0
        us, them = e.scores
        # Spoken to the player, the winners first, with the final score.
        title = (f"You and {names[2]} win {us} to {them}" if won else
                 f"{names[1]} and {names[3]} win {them} to {us}")
        y = self.heading(surface, scene, box, title)
        t = self.text
        for team in (0, 1):
            text = f"{TEAM_NAMES[team]}: {e.scores[team]}"
            t.blit(surface, text, lay.font_big, theme.PANEL_TEXT,
                   (box.centerx, y + team * round(lay.font_big * 1.2)), "midtop", True)
        y += round(lay.font_big * 2.6)
        hands = len(scene.match.history)
        lines = [f"{hands} hand{'s' if hands != 1 else ''} played."]
        if scene.level is not None:
            from .journey import LEVELS

            level = LEVELS[scene.level]
            if won:
                lines.insert(0, f"Level {scene.level + 1}, {level.title}: won!" + (
                    f" Level {scene.level + 2} is open." if scene.level + 1 < len(LEVELS)
                    else " The whole Journey is yours."))
            else:
                lines.insert(0, f"Level {scene.level + 1}, {level.title}: lost. It stays "
                             "open: try again.")
        if scene.practice:
            lines.append("Practice match: undo was used.")
        for line in lines:
            t.blit(surface, line, lay.font, theme.PANEL_MUTED, (box.centerx, y), "midtop")
            y += round(lay.font * 1.3)
