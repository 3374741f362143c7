"""Drawing nil card passing: the panel over the empty trick that asks the player for
the cards to pass (its words and its Pass button, exactly the scene's control), and
the marks on the hand: the cards chosen to pass, the coach's choice, and the cards the
partner passed. ``TableDrawer`` mixes this in.
"""

from __future__ import annotations

import pygame

from ..art import theme
from ..table.scene import Control, TableScene


class PassDrawer:
    """The passing's part of ``TableDrawer``: uses its ``text`` and ``button``."""

    def pass_panel(self, surface: pygame.Surface, scene: TableScene,
                   controls: list[Control]) -> None:
        lay = scene.layout
        panel, lines, _ = scene.pass_panel()
        theme.panel(surface, panel)
        y = panel.y + lay.pad
        for line, size, kind in lines:
            ink = theme.PANEL_MUTED if kind == "rule" else theme.PANEL_TEXT
            self.text.blit(surface, line, size, ink, (panel.centerx, y), "midtop",
                           kind == "heading")
            y += round(size * 1.25)
        for control in controls:
            if control.key == ("btn", "confirm"):
                self.button(surface, scene, control, on_panel=True)

    def pass_marks(self, surface: pygame.Surface, scene: TableScene, card: int,
                   rect: pygame.Rect, advice) -> None:
        """A card of the hand while passing or just after: gold edge when chosen to
        pass, the coach's outline when it would pass it; a thinner gold edge when the
        partner passed it to the player (until the first trick is taken)."""
        if scene.pass_open():
            if card in scene.pass_choice:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(6, 6), 4, border_radius=10)
            elif advice is not None and card in advice[0]:
                pygame.draw.rect(surface, theme.SUGGEST, rect.inflate(6, 6), 4,
                                 border_radius=10)
        elif scene.received_marks() >> card & 1:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(4, 4), 3, border_radius=9)
