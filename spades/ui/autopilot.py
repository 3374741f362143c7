"""Autoplay's player: a computer in the human's chair that acts only through posted
input events, so autoplay exercises the real interface, and that opens each panel once
so a screenshot of every kind of screen is taken. In a desktop-sized window it clicks
and presses keys; in a phone-sized one it only taps (FINGER events with the mouse twins
SDL sends), as a phone's player does, so its screenshots show the table a finger
sees."""

from __future__ import annotations

from typing import Any

import pygame

from ..engine import BLIND_NIL, KEEP, LOOK, Discard, Keep, PassCards, Play
from .table.scene import TableScene
from .widgets import phone_sized


class Autopilot:
    """Plays the human seat in autoplay by posting real input events, and opens each
    panel once so a screenshot of every kind of screen is taken."""

    def __init__(self) -> None:
        self.visited: set[str] = set()
        self.next_at = 0.0
        self.closing: str | None = None

    def post_click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def post_key(self, key: int, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=0))

    def post_tap(self, scene: TableScene, pos: tuple[int, int]) -> None:
        """A finger's tap at window pixel ``pos``, with the mouse twins SDL sends."""
        w, h = scene.layout.width, scene.layout.height
        for finger, mouse in ((pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN),
                              (pygame.FINGERUP, pygame.MOUSEBUTTONUP)):
            pygame.event.post(pygame.event.Event(finger, x=pos[0] / w, y=pos[1] / h, dx=0.0,
                                                 dy=0.0, finger_id=0, touch_id=1,
                                                 pressure=1.0))
            pygame.event.post(pygame.event.Event(mouse, pos=pos, button=1, touch=True,
                                                 which=0xFFFFFFFF))

    def by_finger(self, scene: TableScene) -> bool:
        return phone_sized((scene.layout.width, scene.layout.height))

    def press(self, scene: TableScene, control_key: tuple, key: int, unicode: str = "") -> None:
        """Reach a control: on a phone by tapping it, else by its key."""
        if not self.by_finger(scene):
            self.post_key(key, unicode)
            return
        for control in scene.build_controls():
            if control.key == control_key:
                self.post_tap(scene, visible_point(scene, control))
                return

    def step(self, scene: TableScene) -> None:
        if scene.now < self.next_at:
            return
        pause = 0.9 * max(scene.speed, 0.3)
        kind = scene.screen_kind()
        top = scene.overlays[-1] if scene.overlays else None
        finger = self.by_finger(scene)
        if top == "pause" and finger and "help" not in self.visited:
            self.visited.add("help")  # no F1 on a phone: help is in the menu
            self.press(scene, ("btn", "help"), pygame.K_F1)
            self.next_at = scene.now + pause
            return
        if top in ("scores", "last", "help", "pause", "hint"):
            self.press(scene, ("btn", "resume" if top == "pause" else "close"), pygame.K_ESCAPE)
            self.next_at = scene.now + pause / 2
            return
        if top == "breakdown":
            if "score_sheet" not in self.visited:
                self.visited.add("score_sheet")
                self.press(scene, ("btn", "scores"), pygame.K_s, "s")
            else:
                self.press(scene, ("btn", "next"), pygame.K_RETURN)
            self.next_at = scene.now + pause
            return
        if top == "match_over":
            return
        if scene.told_bid is not None and not top:  # the bid Mirror made, read
            self.press(scene, ("btn", "told_ok"), pygame.K_RETURN)
            self.next_at = scene.now + pause
            return
        if kind == "trick_in_progress" and scene.shown.last_trick and "last" not in self.visited:
            self.visited.add("last")
            self.press(scene, ("tool", "last"), pygame.K_l, "l")
            self.next_at = scene.now + pause
            return
        if kind == "trick_in_progress" and scene.shown.hand_number == 0 and len(
                scene.shown.trick) == 2 and "help" not in self.visited:
            if finger:  # help is in the menu
                self.press(scene, ("tool", "menu"), pygame.K_ESCAPE)
            else:
                self.visited.add("help")
                self.post_key(pygame.K_F1)
            self.next_at = scene.now + pause
            return
        if kind == "bid_panel" and "pause" not in self.visited and scene.shown.hand_number:
            self.visited.add("pause")
            self.press(scene, ("tool", "menu"), pygame.K_ESCAPE)
            self.next_at = scene.now + pause
            return
        self.act(scene)

    def act(self, scene: TableScene) -> None:
        """Carry out the computer's decision for the human seat with clicks."""
        decision = scene.autoplay_decision
        if decision is None or not scene.can_act():
            return
        controls = scene.build_controls()
        if isinstance(decision, Play):
            target = ("card", decision.card)
        elif isinstance(decision, PassCards):  # each card chosen, then Pass
            left = [c for c in decision.cards if c not in scene.pass_choice]
            target = ("card", left[0]) if left else ("btn", "confirm")
        elif decision == LOOK:
            target = ("btn", "look")
        elif isinstance(decision, Keep | Discard):  # two-handed's draw
            target = ("btn", "keep" if decision == KEEP else "discard")
        elif scene.bid_choice == decision.value:
            target = ("btn", "confirm")
        else:
            target = ("bid", decision.value if decision.value != BLIND_NIL else BLIND_NIL)
        for control in controls:
            if control.key == target:
                point = visible_point(scene, control)
                if self.by_finger(scene):
                    self.post_tap(scene, point)
                else:
                    self.post_click(point)
                self.next_at = scene.now + 0.25 * scene.speed
                return


def visible_point(scene: TableScene, control: Any) -> tuple[int, int]:
    """A point of a control that no later-drawn card covers (cards overlap in the hand)."""
    rect = control.rect
    if control.group != "hand":
        return rect.center
    lay = scene.layout
    x = rect.x + min(rect.width, lay.hand_step) // 2
    y = rect.y + min(rect.height, lay.row_step or rect.height) // 2
    return (x, y)


class PaceMeter:
    """The table's pace on the scene clock, for autoplay's report: how long after the
    card before it each computer player's card is played within a trick, and how long a
    hand takes from the end of one to the end of the next."""

    def __init__(self) -> None:
        self.table: Any = None
        self.seen = 0
        self.plays = 0  # cards played so far: every hand plays all its cards, so plays
        # % seats is the card's place in its trick
        self.last_card: float | None = None
        self.card_gaps: list[float] = []
        self.hand_ends: list[float] = []
        self.hand_count = 0

    def observe(self, scene: Any) -> None:
        match = scene.match
        if scene is not self.table:  # a new table: start counting from here
            self.table, self.seen, self.last_card = scene, len(match.actions), None
            self.plays = sum(isinstance(a, Play) for a in match.actions)
            self.hand_count = len(match.history)
        for action, seat in zip(match.actions[self.seen:], match.actors[self.seen:],
                                strict=True):
            if isinstance(action, Play):
                if self.plays % match.rules.seats and seat != 0 and self.last_card is not None:
                    self.card_gaps.append(scene.now - self.last_card)
                self.plays += 1
                self.last_card = scene.now
        self.seen = len(match.actions)
        if len(match.history) > self.hand_count:
            self.hand_count = len(match.history)
            self.hand_ends.append(scene.now)

    def lines(self, speed: str) -> list[str]:
        out = []
        if self.card_gaps:
            mean = sum(self.card_gaps) / len(self.card_gaps)
            out.append(f"pace ({speed}): a computer player's card {mean:.2f} s after the "
                       f"card before it in the trick (mean of {len(self.card_gaps)})")
        if len(self.hand_ends) >= 2:
            spans = [b - a for a, b in zip(self.hand_ends, self.hand_ends[1:], strict=False)]
            out.append(f"pace ({speed}): a hand {sum(spans) / len(spans):.1f} s from the end "
                       f"of one to the end of the next (mean of {len(spans)})")
        return out
