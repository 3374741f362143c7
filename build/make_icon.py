"""Draws the page's icons: a white spade on the table's green. build/icon.png (64 px)
is the favicon; icon-192.png and icon-512.png are the web app manifest's (what a phone
shows for the installed game and on its splash screen).

Run once with the project's venv (``.venv/bin/python build/make_icon.py``); the PNGs are
committed so that ``make web`` needs neither pygame nor the network.
"""

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

SIZE = 64
SCALE = 4  # drawn large, then smoothed down


def draw(size: int) -> pygame.Surface:
    big = size * SCALE
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(s, (22, 92, 56), (0, 0, big, big), border_radius=big // 5)
    ink = (250, 250, 245)
    c = big / 2
    r = big * 0.19
    # two lobes and a point make the spade's body
    pygame.draw.circle(s, ink, (round(c - r * 0.95), round(big * 0.55)), round(r))
    pygame.draw.circle(s, ink, (round(c + r * 0.95), round(big * 0.55)), round(r))
    pygame.draw.polygon(s, ink, [(c, big * 0.12), (c - r * 1.93, big * 0.52),
                                 (c + r * 1.93, big * 0.52)])
    pygame.draw.polygon(s, ink, [(c, big * 0.55), (c - r * 0.9, big * 0.88),
                                 (c + r * 0.9, big * 0.88)])
    return pygame.transform.smoothscale(s, (size, size))


if __name__ == "__main__":
    pygame.init()
    for name, size in (("icon.png", SIZE), ("icon-192.png", 192), ("icon-512.png", 512)):
        out = Path(__file__).with_name(name)
        pygame.image.save(draw(size), str(out))
        print(out)
