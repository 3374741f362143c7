"""A seat someone sits in, drawn as a name card: the person's initial and name on a
card edged in their side's colour, the seat and how they are under it; dark as the
table's seat badges, which it becomes once the match begins.

Not a button: there is nothing to do at a taken seat, and a disabled button says
"unavailable" where the page means "Bob sits here". It still takes the focus, so a
keyboard or a listener reaches it, and a tap or Enter says who sits there.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from ..art import theme
from .controls import Action, Look, State, Widget

EDGE = 8  # px: the band of the side's colour at the card's left
GROUND = (10, 36, 24)  # the table's seat badges' own
RIM = (60, 110, 84)


class NameCard(Widget):
    kind = "card"

    def __init__(self, key: Any, name: str, seat: str, note: str, colour: tuple, *,
                 mine: bool = False, said: Action | None = None) -> None:
        """``seat``: "South"; ``note``: how they are ("At the table", "Away for now");
        ``colour``: their side's; ``mine``: the player's own seat, outlined."""
        super().__init__(key, f"{seat}: {name}" + (" (you)" if mine else ""), note=note)
        self.name = name
        self.seat = seat
        self.colour = colour
        self.mine = mine
        self.said = said or (lambda: None)

    def activate(self, part: Any = None) -> None:
        self.said()

    def lines(self, width: int, look: Look) -> list[str]:
        room = width - self.text_x(look) - look.pad
        return look.text.wrapped(f"{self.seat} · {self.note}", look.note_size, room)[:2]

    def text_x(self, look: Look) -> int:
        return EDGE + look.pad + round(look.font * 1.6) + look.pad

    def measure(self, width: int, look: Look) -> int:
        lines = len(self.lines(width, look))
        return max(look.target, round(look.font * 1.3) + lines * round(look.note_size * 1.25) +
                   look.pad)

    def draw(self, surface: pygame.Surface, look: Look, state: State) -> None:
        rect = self.rect
        t = look.text
        pygame.draw.rect(surface, GROUND, rect, border_radius=10)
        band = Rect(rect.x, rect.y, EDGE + 10, rect.height)
        clip = surface.get_clip()
        surface.set_clip(Rect(rect.x, rect.y, EDGE, rect.height).clip(clip))
        pygame.draw.rect(surface, self.colour, band, border_radius=10)
        surface.set_clip(clip)
        # Where the player sits: outlined in the game's gold.
        pygame.draw.rect(surface, theme.GOLD if self.mine else RIM, rect,
                         3 if self.mine else 2, border_radius=10)
        r = round(look.font * 0.8)
        centre = (rect.x + EDGE + look.pad + r, rect.centery)
        pygame.draw.circle(surface, self.colour, centre, r)
        initial = (self.name[:1] or "?").upper()
        t.blit(surface, initial, look.font, theme.PANEL_TEXT, centre, "center", True)
        x = rect.x + self.text_x(look)
        room = rect.right - x - look.pad
        lines = self.lines(rect.width, look)
        step = round(look.note_size * 1.25)
        top = rect.centery - (round(look.font * 1.3) + len(lines) * step) // 2
        name = self.name + (" (you)" if self.mine else "")
        size = t.fit(name, look.font, room, True)
        t.blit(surface, name, size, theme.TEXT, (x, top), "topleft", True)
        y = top + round(look.font * 1.3)
        for line in lines:
            t.blit(surface, line, look.note_size, theme.TEXT_MUTED, (x, y))
            y += step
