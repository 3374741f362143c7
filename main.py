"""Entry point for the desktop and the browser build (pygbag runs this file).

``python main.py`` opens the table; ``python main.py --autoplay`` lets a computer
player take the human seat (see ``--help``). The terminal view of a match is
``python -m spades watch``.

In the browser the rest of the game compiles from source before it can draw, which
takes seconds on a phone: so this file first draws the table's felt and "Shuffling...",
tells the page the game is on screen, and only then imports the game. The browser
passes no command line (pygbag turns a URL's fragment into ``sys.argv``): there the
game ignores it.
"""

import asyncio
import sys
from pathlib import Path

import pygame

# The table's felt and text (spades/ui/art/theme.py's FELT, FELT_DARK and TEXT: a test
# keeps them equal), here so the first frame needs no module of the game.
FELT = (24, 92, 58)
FELT_DARK = (16, 66, 42)
TEXT = (246, 244, 236)
FIRST_WORDS = "Shuffling..."
MAX_DENSITY = 2.0  # window pixels per CSS pixel at most (spades/ui/art/density.py's)
HERE = Path(__file__).resolve().parent


def in_browser() -> bool:
    return sys.platform == "emscripten"


def page_size(default: tuple[int, int] = (1280, 720)) -> tuple[int, int]:
    """The game's window in the browser, as the game's own takes it: the page's size
    times the screen's devicePixelRatio, capped (a sharp "Shuffling..." on a phone);
    else default."""
    try:
        from platform import window  # pygbag's bridge to the page

        w, h = max(320, int(window.innerWidth)), max(320, int(window.innerHeight))
    except Exception:
        return default
    try:
        ratio = max(1.0, min(MAX_DENSITY, float(window.devicePixelRatio)))
    except Exception:
        ratio = 1.0
    return round(w * ratio), round(h * ratio)


def first_font(size: int) -> pygame.font.Font:
    """The game's shipped font when there is one, else pygame's bundled default."""
    for path in sorted((HERE / "assets" / "fonts").glob("*.ttf")):
        try:
            return pygame.font.Font(str(path), size)
        except (OSError, pygame.error):
            continue
    return pygame.font.Font(None, size)


def first_frame(size: tuple[int, int] | None = None) -> pygame.Surface:
    """The felt, darker towards the edges, and "Shuffling..." in its middle."""
    pygame.init()
    pygame.display.set_caption("Spades")
    screen = pygame.display.set_mode(size or page_size())
    w, h = screen.get_size()
    screen.fill(FELT_DARK)
    steps = 40
    for i in range(steps):  # a few nested rounded rectangles: the table's lit middle
        t = i / (steps - 1)
        colour = tuple(round(d + (f - d) * t) for d, f in zip(FELT_DARK, FELT, strict=True))
        inset_x, inset_y = round(w * 0.2 * t), round(h * 0.2 * t)
        rect = pygame.Rect(inset_x, inset_y, w - 2 * inset_x, h - 2 * inset_y)
        pygame.draw.rect(screen, colour, rect, border_radius=round(min(w, h) * 0.1 * t))
    words = first_font(max(26, min(w, h) // 14)).render(FIRST_WORDS, True, TEXT)
    screen.blit(words, words.get_rect(center=(w // 2, h // 2)))
    pygame.display.flip()
    return screen


def tell_page_ready() -> None:
    """The page keeps its loading status until the game is on screen: say it is."""
    try:
        from platform import window

        window.spadesPage.ready()
    except Exception:
        pass  # another page around the game, or none


def game_argv(argv: list[str] | None = None) -> list[str]:
    if in_browser():
        return []
    return sys.argv[1:] if argv is None else argv


async def run(argv: list[str] | None = None) -> int:
    if in_browser():
        first_frame()
        await asyncio.sleep(0)  # the browser shows the frame before the imports below
        tell_page_ready()
        await asyncio.sleep(0)
    from spades.ui.app import main as play

    return await play(game_argv(argv))


if __name__ == "__main__":
    try:
        asyncio.run(run())
    except KeyboardInterrupt:  # Ctrl-C in the terminal: leave quietly, as the CLI does
        raise SystemExit(130) from None
