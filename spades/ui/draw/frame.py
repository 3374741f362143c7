"""Drawing the table scene: everything comes from the layout, the drawn state and the
control list, so what is drawn is exactly what can be clicked. ``TableDrawer`` draws
the whole frame in its order (the felt, the top bar, the caption, the seats, the deck,
the draw's stock, the trick, the hand, the cards in flight, the bubbles, the status,
the panels and the toolbar, the focus ring) and mixes in each part's drawing: here
the felt, the player's hand, the cards in flight and the demonstration's explanation;
the seats and their bubbles in seats.py, the caption, deck and trick in trick_area.py,
the rest in the modules it names.
"""

from __future__ import annotations

import math

import pygame
from pygame import Rect

from ..art import theme
from ..art.avatar import Avatars
from ..art.cardart import CardArt
from ..table.scene import HUMAN, Control, TableScene
from .bar import TopBarDrawer
from .moments import told_bid_panel
from .panels import PanelDrawer
from .passing import PassDrawer
from .seats import SeatDrawer
from .seen import SeenDrawer
from .status import StatusDrawer
from .stock import StockDrawer
from .trick_area import TrickAreaDrawer


class TableDrawer(SeatDrawer, TrickAreaDrawer, SeenDrawer, PanelDrawer, PassDrawer,
                  StatusDrawer, TopBarDrawer, StockDrawer):
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

    def peeks(self, rect: Rect) -> bool:
        """A card the open panel would cut, so that only a stub of it shows at the
        panel's edge: left out (the panel says what matters now)."""
        panel = self.panel
        return panel is not None and panel.colliderect(rect) and not panel.contains(rect)

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


DIMMED = (172, 172, 172)  # a dimmed card's greys, multiplied: clearly apart from a raised one
