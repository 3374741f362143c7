"""One widget layer for every page, panel and overlay: pointer, touch, focus, scrolling.

How a scene uses it (in the spirit of pygame_gui's process_event / update / draw):

1. App.handle() turns every pygame event into at most one :class:`Pointer` (mouse,
   FINGER and SDL's synthetic mouse twins of a touch are one stream, each touch once)
   and calls ``scene.pointer(p)`` if the scene has it; it records the input mode in
   its :class:`InputMode` ``app.input`` (``.touch``, ``.hints``) and calls ``scene.key(name, ...)``
   for keys (names: "tab", "enter", "space", "left", ..., "pageup", "pagedown").
2. Each frame the scene builds its widgets (``Button``, ``Stepper``, ``Toggle``,
   ``TextField``; passive ``Paragraph``, ``Heading``, ``Custom``), places each with
   ``widget.place(box, area)`` (``box`` in content coordinates of a
   :class:`ScrollArea` ``area``, or on screen with no area), sets the area's view and
   content height (``area.set_view(rect, content_h)``), and hands the list, in
   reading order, to its :class:`Group` with a :class:`Look` (text, sizes,
   ``min_target(size)``, ``app.input.hints``): ``group.set(widgets, [area], look)``.
3. ``scene.pointer(p)`` -> ``group.pointer(p)``: tap or drag (``SLOP`` px), a tap
   activates on release inside the control it began on, a drag scrolls the area it
   began in and never activates; the wheel scrolls the area under the mouse.
   ``scene.key(name)`` -> ``group.key(name, shift, text)`` (False: not handled here;
   the scene does Escape and its shortcuts); a focused ``TextField`` takes typing and
   the editing keys first (:mod:`.editing`).
4. ``group.update(dt)`` (the glide after a drag), ``group.draw(surface)`` (widgets
   clipped to their area, the scroll bar, the focus ring).

Hierarchy lives in :mod:`.style`: ``Button(style="primary")`` once per panel (accent
fill), "secondary" plain, disabled a flat faded tile, ``suggested=True`` a dark blue
outline; ``draw_button`` paints one anywhere (the table's panels too).
"""

from .controls import (
    Button,
    Custom,
    Heading,
    Look,
    Paragraph,
    State,
    Stepper,
    TextField,
    Toggle,
    Widget,
)
from .group import Group, Press
from .name_card import NameCard
from .pointer import GAP, SLOP, InputMode, Pointer, PointerStream, min_target, phone_sized
from .scroll import ScrollArea
from .style import colours, contrast, draw_button, paint_button

__all__ = [
    "GAP", "SLOP", "Button", "Custom", "Group", "Heading", "InputMode", "Look",
    "Paragraph", "Pointer", "PointerStream", "Press", "ScrollArea", "State", "Stepper",
    "NameCard", "TextField", "Toggle", "Widget", "colours", "contrast", "draw_button",
    "min_target", "paint_button", "phone_sized",
]
