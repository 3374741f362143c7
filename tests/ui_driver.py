"""Drive the real interface headless with synthetic mouse and key events.

The app runs under SDL's dummy drivers; frames advance on a fixed clock (no waiting),
so a whole match takes seconds. Everything the tests do goes through pygame's event
queue, the way a person's clicks and key presses arrive.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
# Saves from the tests go to a folder of their own, never the player's.
os.environ["SPADES_DATA_DIR"] = tempfile.mkdtemp(prefix="spades-ui-tests-")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from spades import storage  # noqa: E402
from spades.engine import Play, Rules, cards_of  # noqa: E402
from spades.server.probes.local import random_legal  # noqa: E402
from spades.ui.app import App, parse_args  # noqa: E402
from spades.ui.autopilot import visible_point  # noqa: E402
from spades.ui.table.scene import Control, TableScene  # noqa: E402

KEYS = {
    "tab": pygame.K_TAB, "enter": pygame.K_RETURN, "space": pygame.K_SPACE,
    "escape": pygame.K_ESCAPE, "left": pygame.K_LEFT, "right": pygame.K_RIGHT,
    "up": pygame.K_UP, "down": pygame.K_DOWN, "f1": pygame.K_F1,
    "pageup": pygame.K_PAGEUP, "pagedown": pygame.K_PAGEDOWN, "home": pygame.K_HOME,
    "end": pygame.K_END,
}


class Driver:
    def __init__(self, *args: str, rules: Rules | None = None, dt: float = 0.05,
                 start: bool = True, ahead: bool = False) -> None:
        # The review of each hand worked out while it is played (table/seen.py) costs
        # a hand's review in processor time, seconds on a heavy deal: only the tests
        # of it (``ahead``) have it; the others' tables work it out only when opened.
        TableScene.review_ahead = ahead
        self.app = App(parse_args(["--seed", "11", *args]))
        # Events an earlier test posted and never ran (pygame's queue outlives an App)
        # must not reach this one: a stray Enter once went on past a step unread.
        pygame.event.clear()
        if start and not self.app.args.autoplay:
            self.app.new_match_from_settings()
        if rules is not None:
            self.app.options.rules = rules
            self.app.start()
        self.dt = dt

    @property
    def scene(self) -> TableScene:
        return self.app.scene

    def frame(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(self.dt)
            self.app.screenshot()

    def until(self, predicate, limit: int = 5000) -> bool:
        for _ in range(limit):
            if predicate():
                return True
            self.frame()
        return predicate()

    def control(self, key: tuple) -> Control | None:
        for control in self.scene.build_controls():
            if control.key == key:
                return control
        return None

    def click(self, target: tuple | Control | tuple[int, int]) -> None:
        """A mouse click on a control (by key, or the control or widget itself) or a
        point."""
        pos = self.point(target)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frame()

    # --- touch: FINGER events in 0..1 coordinates, as SDL delivers them -----------

    def finger(self, kind: str, pos: tuple[int, int], twin: bool = False) -> None:
        """Post one FINGER event at window pixel ``pos`` (``twin``: and the mouse event
        SDL synthesises from it, marked ``touch``); no frame is run."""
        w, h = self.app.screen.get_size()
        etype = {"down": pygame.FINGERDOWN, "move": pygame.FINGERMOTION,
                 "up": pygame.FINGERUP}[kind]
        pygame.event.post(pygame.event.Event(etype, x=pos[0] / w, y=pos[1] / h, dx=0.0,
                                             dy=0.0, finger_id=0, touch_id=1, pressure=1.0))
        if twin:
            mtype = {"down": pygame.MOUSEBUTTONDOWN, "move": pygame.MOUSEMOTION,
                     "up": pygame.MOUSEBUTTONUP}[kind]
            extra = {"buttons": (1, 0, 0), "rel": (0, 0)} if kind == "move" else {"button": 1}
            pygame.event.post(pygame.event.Event(mtype, pos=pos, touch=True,
                                                 which=0xFFFFFFFF, **extra))

    def tap(self, target, twin: bool = True) -> None:
        """A finger tap on a control (by key) or a point, with SDL's mouse twin."""
        pos = self.point(target)
        self.finger("down", pos, twin)
        self.finger("up", pos, twin)
        self.frame()

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 8,
             touch: bool = True, twin: bool = True) -> None:
        """A drag by finger (or mouse, button held) from ``start`` to ``end``, a frame
        between moves."""
        if touch:
            self.finger("down", start, twin)
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frame()
        for i in range(1, steps + 1):
            pos = (round(start[0] + (end[0] - start[0]) * i / steps),
                   round(start[1] + (end[1] - start[1]) * i / steps))
            if touch:
                self.finger("move", pos, twin)
            else:
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                     buttons=(1, 0, 0)))
            self.frame()
        if touch:
            self.finger("up", end, twin)
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frame()

    def drag_into_view(self, key: tuple, limit: int = 30) -> None:
        """Drag the page by finger (up, then down if need be) until control ``key`` is
        wholly in its scroll area's view; then let the glide settle."""
        x = self.app.screen.get_width() // 2
        area = self.scene.area
        lo, hi = area.view.top + area.view.height // 5, area.view.bottom - area.view.height // 5
        for _ in range(limit):
            rect = self.control(key).rect
            if area.view.contains(rect):
                break
            up = rect.bottom > area.view.bottom
            self.drag((x, hi), (x, lo)) if up else self.drag((x, lo), (x, hi))
        self.until(lambda: area.velocity == 0, 200)
        assert area.view.contains(self.control(key).rect), f"{key} never came into view"

    def record_text(self) -> list[tuple[str, tuple]]:
        """From now on, every string drawn and where: a list of (text, pos) that the
        caller may clear between frames."""
        drawn: list[tuple[str, tuple]] = []
        blit = self.app.text.blit

        def spy(surface, text, size, colour, pos, *args, **kwargs):
            drawn.append((text, pos))
            return blit(surface, text, size, colour, pos, *args, **kwargs)

        self.app.text.blit = spy
        return drawn

    def wheel(self, notches: int, pos: tuple[int, int] | None = None) -> None:
        if pos is not None:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches,
                                             precise_x=0.0, precise_y=float(notches)))
        self.frame()

    def point(self, target) -> tuple[int, int]:
        if isinstance(target, tuple) and len(target) == 2 and all(
                isinstance(v, int) for v in target):
            return target
        control = target if hasattr(target, "rect") else self.control(target)
        assert control is not None, f"no control {target}"
        return visible_point(self.scene, control)

    def press(self, name: str, shift: bool = False) -> None:
        key = KEYS.get(name) or pygame.key.key_code(name)
        unicode = name if len(name) == 1 else ""
        mod = pygame.KMOD_SHIFT if shift else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod))
        self.frame()

    def wait_for_player(self, limit: int = 5000) -> str:
        """Run until the player must do something: 'bid', 'blind', 'told' (the bid
        Mirror made, to read), 'pass' (nil card passing), 'play', 'breakdown' or
        'over'."""
        def ready() -> bool:
            return self.situation() is not None
        assert self.until(ready, limit), "the table never waited for the player"
        return self.situation()

    def situation(self) -> str | None:
        scene = self.scene
        top = scene.overlays[-1] if scene.overlays else None
        if top == "match_over":
            return "over"
        if top == "breakdown":
            return "breakdown"
        if top is None and scene.told_bid is not None:
            return "told"
        if scene.can_act():
            if scene.view.phase == "drawing":  # two-handed's draw: keep or discard
                return "draw"
            if scene.view.phase == "bidding":
                return "bid" if scene.view.looked else "blind"
            return "pass" if scene.view.phase == "passing" else "play"
        return None


def drawn_records(d: Driver) -> list:
    """The next frame, and every string it drew with where (``d.app.text``'s records)."""
    record: list = []
    d.app.text.record = record
    d.frame()
    d.app.text.record = None
    return record


def drawn_words(d: Driver) -> list[str]:
    """The next frame, and every string it drew, whichever way it is drawn."""
    return [r.text for r in drawn_records(d)]


def menu_driver(*args: str) -> Driver:
    """The real App (with ``args`` as on the command line) on the main menu, its data
    cleared: a first visit's menu."""
    d = Driver(*args)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    d.app.show_menu()
    d.frame()
    return d


def focus_row(d: Driver, key: str) -> None:
    """Tab until the keyboard focus is on the row ``key`` (fails after 80 presses)."""
    for _ in range(80):
        if d.scene.focus is not None and d.scene.focus[1] == key:
            return
        d.press("tab")
    pytest.fail(f"Tab never reached {key}")


def every_rule(app):
    """House rules with every rule option unfolded: the longest page, of every kind of
    row (steppers, switches, a heading, Start match)."""
    from spades.ui.pages.house_rules import HouseRulesScreen

    page = HouseRulesScreen(app)
    page.unfolded = True
    return page


def act(d: Driver, situation: str, last: bool = True, touch: bool = False) -> None:
    """One decision of the player's, by mouse (or ``touch``, by finger): Look, the
    suggested bid, the coach's pass (its cards, then Pass), a legal card (the last one,
    or the first), Next hand."""
    press = d.tap if touch else d.click
    if situation == "breakdown":
        press(("btn", "next"))
    elif situation == "told":
        press(("btn", "told_ok"))
    elif situation == "blind":
        press(("btn", "look"))
    elif situation == "draw":  # keep a spade or an honour, else discard (either way, tried)
        card = d.scene.offered_card()
        press(("btn", "keep" if card % 13 >= 9 or card >= 39 else "discard"))
    elif situation == "bid":
        press(("bid", d.scene.suggested_bid_value()))
        press(("btn", "confirm"))
    elif situation == "pass":
        for card in d.scene.pass_advice()[0]:
            press(("card", card))
        press(("btn", "confirm"))
    elif situation == "play":
        cards = cards_of(d.scene.view.legal_card_mask())
        press(("card", cards[-1] if last else cards[0]))


def played_frames(d: Driver, frames: int, last: bool = True, touch: bool = False):
    """Up to ``frames`` frames of the match, each yielded as the text it drew (the
    records of ``d.app.text``); after each, if the table waits for the player, one
    decision of theirs by ``act``. Break out of the loop to stop there."""
    record: list = []
    d.app.text.record = record
    for _ in range(frames):
        record.clear()
        d.frame()
        yield record
        if d.situation() is not None:
            act(d, d.situation(), last, touch=touch)


def play_until(d: Driver, wanted: str, last: bool = True) -> None:
    """Act by mouse until the table waits for ``wanted`` ('play', 'breakdown', 'over')."""
    while (situation := d.wait_for_player()) != wanted:
        act(d, situation, last)


async def until(d: Driver, predicate, friends=(), frames: int = 3000, play=False) -> None:
    """Frames of the App and polls of the friends' clients (who act on their turns
    when ``play``) until ``predicate`` holds; the loop breathes between frames, so the
    transports' tasks run."""
    rng = random.Random(4)
    for _ in range(frames):
        if predicate():
            return
        d.frame()
        for friend in friends:
            friend.poll()
            if play and friend.status == "ready" and friend.my_turn and \
                    getattr(friend, "acted_at", -1) != friend.actions:
                friend.acted_at = friend.actions
                friend.act(random_legal(friend.view, rng))
        await asyncio.sleep(0.005)
    raise AssertionError(f"never happened; scene {type(d.scene).__name__}, "
                         f"message {getattr(d.scene, 'message', None)}")


def decide_by_keyboard(d: Driver, situation: str) -> None:
    """The player's turn by keys alone: the suggested bid confirmed, Look at the blind
    nil offer, Enter past the breakdown, the first playable card (checked played)."""
    if situation == "breakdown":
        d.press("enter")
    elif situation == "draw":  # K keeps, D discards
        card = d.scene.offered_card()
        d.press("k" if card % 13 >= 9 or card >= 39 else "d")
    elif situation == "blind":
        while d.scene.focus != ("btn", "look"):
            d.press("tab")
        d.press("enter")
    elif situation == "bid":
        d.press("right")  # the suggested bid
        d.press("enter")
        d.press("enter")  # Confirm
    else:
        d.press("left")  # the first playable card
        card = d.scene.focus[1]
        before = len(d.scene.match.actions)
        d.press("space")
        assert d.scene.match.actions[before] == Play(card)
