"""One stream of pointer input, and the input mode the whole interface reads.

Mouse, FINGER and the mouse events SDL synthesises from a touch all arrive here and
leave as :class:`Pointer` records (press, move, release, wheel), each touch handled
once. An :class:`InputMode` (the App's ``app.input``) remembers whether the player
last used touch, the mouse or keys.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pygame

from ..art.density import logical, px

# SDL marks the mouse events it makes from a touch with this ``which`` (a uint32 -1),
# and the touch events it makes from a mouse with this ``touch_id``.
TOUCH_MOUSEID = 0xFFFFFFFF
MOUSE_TOUCHID = -1
SLOP = 10  # CSS px: a press that moves less is a tap, more is a drag
ECHO_TIME = 0.8  # s: a browser may send mouse events of its own after a touch ends
ECHO_DISTANCE = 30  # CSS px: ... where the finger was


@dataclass
class Pointer:
    kind: str  # "press", "move", "release", "wheel"
    pos: tuple[int, int]
    touch: bool = False  # from a finger rather than a mouse
    held: bool = False  # a move with the button or finger down
    wheel: float = 0.0  # "wheel": notches, positive away from the player (scroll up)


def synthetic(event: pygame.event.Event) -> bool:
    """A mouse event SDL made from a touch: its FINGER twin is the one handled."""
    which = getattr(event, "which", 0)
    return bool(getattr(event, "touch", False)) or which in (TOUCH_MOUSEID, -1)


class PointerStream:
    """Turns pygame events into :class:`Pointer` records; None for everything else.

    Only the first finger down is followed (a second finger is ignored until the first
    lifts); a synthetic mouse event is dropped whenever FINGER events are arriving, and
    used as the touch itself on a platform that sends only the synthetic ones.
    """

    def __init__(self) -> None:
        self.finger: tuple[int, int] | None = None  # (touch_id, finger_id) followed
        self.fingers_seen = False
        self.last_pos = (0, 0)
        self.lifted: tuple[float, tuple[int, int]] | None = None  # last finger up
        self.echoing = False  # dropping a browser's mouse echo of a touch

    def translate(self, event: pygame.event.Event, size: tuple[int, int]) -> Pointer | None:
        t = event.type
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            if getattr(event, "touch_id", 0) == MOUSE_TOUCHID:
                return None  # a touch SDL made from the mouse: the mouse event counts
            self.fingers_seen = True
            ident = (getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
            pos = (min(size[0] - 1, max(0, round(event.x * size[0]))),
                   min(size[1] - 1, max(0, round(event.y * size[1]))))
            if t == pygame.FINGERDOWN:
                if self.finger is not None:
                    return None
                self.finger = ident
                return self._out(Pointer("press", pos, touch=True, held=True))
            if ident != self.finger:
                return None
            if t == pygame.FINGERUP:
                self.finger = None
                self.lifted = (time.monotonic(), pos)
                return self._out(Pointer("release", pos, touch=True))
            return self._out(Pointer("move", pos, touch=True, held=True))
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            touch = synthetic(event)
            if touch and self.fingers_seen:
                return None
            pos = tuple(event.pos)
            if t == pygame.MOUSEMOTION:
                buttons = getattr(event, "buttons", (0, 0, 0))
                return self._out(Pointer("move", pos, touch=touch, held=bool(buttons[0])))
            if getattr(event, "button", 1) != 1:
                return None
            kind = "press" if t == pygame.MOUSEBUTTONDOWN else "release"
            if not touch and self.echo(kind, pos):
                return None
            return self._out(Pointer(kind, pos, touch=touch, held=kind == "press"))
        if t == pygame.MOUSEWHEEL:
            if synthetic(event) and self.fingers_seen:
                return None
            dy = getattr(event, "precise_y", None)
            dy = event.y if dy is None else dy
            return Pointer("wheel", self.last_pos, wheel=float(dy))
        return None

    def echo(self, kind: str, pos: tuple[int, int]) -> bool:
        """A mouse press (and its release) a browser sends just after a touch ended, at
        the same place: the touch was handled already."""
        if kind == "release":
            echoing, self.echoing = self.echoing, False
            return echoing
        lifted = self.lifted
        self.echoing = lifted is not None and time.monotonic() - lifted[0] < ECHO_TIME and \
            abs(pos[0] - lifted[1][0]) <= px(ECHO_DISTANCE) and \
            abs(pos[1] - lifted[1][1]) <= px(ECHO_DISTANCE)
        return self.echoing

    def _out(self, pointer: Pointer) -> Pointer:
        self.last_pos = pointer.pos
        return pointer


class InputMode:
    """How the player last reached the game: "touch", "mouse" or "keys".

    The first input event decides: after a touch the key hints hide and targets grow,
    and stay so; a key press brings the hints back; a real mouse press does too (but
    not the mouse events a browser may send just after a touch). Before any input, a
    page that says it has only a finger starts in touch, and so does a phone-sized
    window's look, upright or sideways.
    """

    GRACE = 0.8  # s after a touch in which mouse events count as the same touch

    def __init__(self, touch_only: bool = False) -> None:
        self.reset(touch_only)

    def reset(self, touch_only: bool = False) -> None:
        """A new start; ``touch_only``: the page said a finger is its only pointer."""
        self.mode = "touch" if touch_only else "mouse"
        self.touched_at = -1e9
        # No input yet: a phone-sized window, upright or sideways, hides hints (a
        # touch-only page has decided already).
        self.fresh = not touch_only
        self.keys_seen = False  # a key pressed since the start: a keyboard is at hand

    def hints_in(self, size: tuple[int, int]) -> bool:
        """Key hints in a window of ``size``: not after a touch, nor on a phone (held
        either way) before any input has said what the player uses."""
        if self.fresh:
            return not phone_sized(size)
        return self.hints

    @property
    def touch(self) -> bool:
        return self.mode == "touch"

    @property
    def hints(self) -> bool:
        """Whether to show key hints on buttons."""
        return self.mode != "touch"

    def saw_pointer(self, pointer: Pointer) -> None:
        now = time.monotonic()
        if pointer.kind == "move" and not pointer.held and not pointer.touch:
            return  # a mouse passing over says little: it may be a browser's echo
        self.fresh = False
        if pointer.touch:
            self.mode, self.touched_at = "touch", now
        elif pointer.kind in ("press", "wheel") and now - self.touched_at > self.GRACE:
            self.mode = "mouse"

    def saw_key(self) -> None:
        self.mode, self.keys_seen = "keys", True
        self.fresh = False


def phone_sized(size: tuple[int, int]) -> bool:
    return min(logical(size)) < 500


def min_target(size: tuple[int, int]) -> int:
    """The least height and width of anything tappable in a window of ``size`` (48 or
    44 CSS pixels)."""
    return px(48 if phone_sized(size) else 44)


GAP = 8  # px at least between neighbouring targets
