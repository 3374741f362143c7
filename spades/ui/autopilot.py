"""Autoplay's player: a computer in the human's chair that acts only through posted
input events (clicks and keys), so autoplay exercises the real interface, and that
opens each panel once so a screenshot of every kind of screen is taken."""

from __future__ import annotations

from typing import Any

import pygame

from ..engine import BLIND_NIL, LOOK, Play
from .table import TableScene


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

    def step(self, scene: TableScene) -> None:
        if scene.now < self.next_at:
            return
        pause = 0.9 * max(scene.speed, 0.3)
        kind = scene.screen_kind()
        top = scene.overlays[-1] if scene.overlays else None
        if top in ("scores", "last", "help", "pause"):
            self.post_key(pygame.K_ESCAPE)
            self.next_at = scene.now + pause / 2
            return
        if top == "breakdown":
            if "score_sheet" not in self.visited:
                self.visited.add("score_sheet")
                self.post_key(pygame.K_s, "s")
            else:
                self.post_key(pygame.K_RETURN)
            self.next_at = scene.now + pause
            return
        if top == "match_over":
            return
        if kind == "trick_in_progress" and scene.shown.last_trick and "last" not in self.visited:
            self.visited.add("last")
            self.post_key(pygame.K_l, "l")
            self.next_at = scene.now + pause
            return
        if kind == "trick_in_progress" and scene.shown.hand_number == 0 and len(
                scene.shown.trick) == 2 and "help" not in self.visited:
            self.visited.add("help")
            self.post_key(pygame.K_F1)
            self.next_at = scene.now + pause
            return
        if kind == "bid_panel" and "pause" not in self.visited and scene.shown.hand_number:
            self.visited.add("pause")
            self.post_key(pygame.K_ESCAPE)
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
        elif decision == LOOK:
            target = ("btn", "look")
        elif scene.bid_choice == decision.value:
            target = ("btn", "confirm")
        else:
            target = ("bid", decision.value if decision.value != BLIND_NIL else BLIND_NIL)
        for control in controls:
            if control.key == target:
                self.post_click(visible_point(scene, control))
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
