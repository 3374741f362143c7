"""Drawing two-handed's draw: the stock, the discard pile and, at the player's turn,
the top card offered with Keep and Discard (table/stock_draw.py has their places and
motion). ``TableDrawer`` mixes this in.
"""

from __future__ import annotations

import pygame

from ..art import theme
from ..table.scene import Control, TableScene


class StockDrawer:
    """The draw's part of ``TableDrawer``: uses its ``art``, ``text`` and ``button``."""

    def stock(self, surface: pygame.Surface, scene: TableScene,
              controls: list[Control]) -> None:
        s = scene.shown
        if not s.drawing:
            return
        lay = scene.layout
        t = self.text
        stock, pile, offer, _, _ = scene.draw_spots()
        size = lay.font_small
        worded = scene.draw_words_shown()
        back = self.art.back(stock.width)
        for i in range(min(6, (s.deck_left + 8) // 9)):
            surface.blit(back, stock.move(-i, -i))
        if not s.deck_left:
            pygame.draw.rect(surface, (60, 110, 84), stock, 2, border_radius=6)
        self.pile_label(surface, scene, stock, f"Stock {s.deck_left}", str(s.deck_left),
                        worded)
        if s.discards:
            for i in range(min(4, (len(s.discards) + 7) // 8) - 1):
                surface.blit(back, pile.move(-i - 1, -i - 1))
            top = s.discards[-1]
            surface.blit(back if top is None else self.art.face(top, pile.width), pile)
        else:
            pygame.draw.rect(surface, (60, 110, 84), pile, 2, border_radius=6)
        self.pile_label(surface, scene, pile, f"Discards {len(s.discards)}",
                        str(len(s.discards)), worded)
        card = scene.offered_card()
        if card >= 0:
            surface.blit(self.art.face(card, offer.width), offer)
            pygame.draw.rect(surface, theme.GOLD, offer.inflate(6, 6), 3, border_radius=8)
            if worded:  # else (a short or narrow window) the gold edge says it
                t.blit(surface, "Your card", size, theme.GOLD,
                       (offer.centerx, offer.top - 4), "midbottom", True)
            for control in controls:
                if control.key in (("btn", "keep"), ("btn", "discard")):
                    self.button(surface, scene, control)  # type: ignore[attr-defined]

    def pile_label(self, surface: pygame.Surface, scene: TableScene, card: pygame.Rect,
                   words: str, count: str, worded: bool) -> None:
        """The stock's or the pile's count: its words over it, or where the words do not
        stand apart (``TableScene.words_stand_apart``) the number on a plate under it,
        where the cards leave it room: on the card it hid a corner index."""
        lay, t = scene.layout, self.text
        if worded:
            t.blit(surface, words, lay.font_small, theme.TEXT, (card.centerx, card.top - 4),
                   "midbottom", True)
            return
        size = lay.font_small
        plate = pygame.Rect(0, 0, t.font(size, True).size(count)[0] + 10,
                            scene.count_plate_h())
        plate.midtop = (card.centerx, card.bottom + 2)
        pygame.draw.rect(surface, (10, 36, 24), plate, border_radius=plate.height // 2)
        t.blit(surface, count, size, theme.TEXT, plate.center, "center", True)
