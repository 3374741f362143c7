"""The table's panels: the controls a player can click, tap or reach with Tab (the
hand's cards, the bid panel, the toolbar, every overlay's buttons), where they sit, and
what the panels' buttons do. ``TableScene`` mixes this in; drawing is in draw.py and
draw_panels.py, which draw exactly these controls.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from pygame import Rect

from .. import platform
from ..ai.compare import Comparison
from ..engine import BLIND_NIL, NIL, OVER, Bid
from ..engine.cards import card_name
from ..engine.match import HandResult
from . import anim
from .choreography import HUMAN
from .control import Control
from .help import help_label
from .widgets import INPUT


def bid_words(bid: int | None) -> str:
    if bid is None:
        return "-"
    if bid == BLIND_NIL:
        return "blind nil"
    if bid == NIL:
        return "nil"
    return str(bid)


class TablePanels:
    """The control list of a ``TableScene`` and the panels' own actions (mixed into it)."""

    # --- controls: one list for drawing, clicking, tapping and Tab -------------------

    def build_controls(self, can_quit: bool = True) -> list[Control]:
        lay = self.layout
        controls: list[Control] = []
        top = self.overlays[-1] if self.overlays else None
        if top is not None:
            controls.extend(self._overlay_controls(top, can_quit))
            self.controls = controls
            return controls
        s = self.shown
        if s.hand and s.face_up and not s.dealing:
            for card, rect in zip(s.hand, self.card_rects(), strict=True):
                controls.append(Control(("card", card), rect, self._card_action(card),
                                        card_name(card), group="hand"))
        if self.bid_panel_open():
            controls.extend(self._bid_controls())
        for name, rect in lay.toolbar.items():
            label, key, enabled = self._tool_info(name)
            controls.append(Control(("tool", name), rect, self._tool_action(name), label,
                                    enabled=enabled, hint=key))
        self.controls = controls
        return controls


    def _tool_info(self, name: str) -> tuple[str, str, bool]:
        short = self.layout.portrait or self.layout.toolbar[name].width < 90
        if name == "scores":
            return ("Scores", "S", True)
        if name == "last":
            return ("Last" if short else "Last trick", "L", self.shown.last_trick is not None)
        if name == "hint":
            return ("Hint", "H", True)
        if name == "undo":
            return ("Undo", "U", HUMAN in self.match.actors and not self.options.autoplay)
        if name == "coach":
            return ("Coach" + (" on" if self.options.coach and not short else ""), "C", True)
        return ("Menu", "Esc", True)

    def _tool_action(self, name: str) -> Callable[[], None]:
        return {
            "scores": lambda: self.toggle("scores"),
            "last": lambda: self.toggle("last"),
            "hint": self.hint,
            "undo": self.undo,
            "coach": self.toggle_coach,
            "menu": lambda: self._open("pause"),
        }[name]

    def bid_grid(self) -> tuple[Rect, list[Rect], Rect, int]:
        """The bid panel's parts: title area, the 14 bid buttons (nil, 1..13), confirm."""
        lay = self.layout
        return lay.bid_title, lay.bid_buttons, lay.bid_confirm, lay.bid_cols

    def _bid_controls(self) -> list[Control]:
        view = self.view
        title, rects, confirm, _ = self.bid_grid()
        controls = []
        if not view.looked:
            half = (title.width - self.layout.pad) // 2
            top = rects[0].top + round(self.layout.font * 1.6)
            blind = Rect(title.x, top, half, max(44, rects[0].height))
            look = Rect(blind.right + self.layout.pad, top, half, blind.height)
            controls.append(Control(("bid", BLIND_NIL), blind,
                                    lambda: self.choose_bid(BLIND_NIL), "Blind nil",
                                    group="bids"))
            controls.append(Control(("btn", "look"), look, self.look, "Look at cards",
                                    group="bids"))
        else:
            legal = {a.value for a in view.legal_actions() if isinstance(a, Bid)}
            for bid, rect in zip(range(0, 14), rects, strict=True):
                controls.append(Control(("bid", bid), rect, self._bid_action(bid),
                                        "Nil" if bid == NIL else str(bid),
                                        enabled=bid in legal, group="bids"))
        choice = self.bid_choice
        if choice is not None:
            label = f"Confirm {bid_words(choice)}"
        else:
            label = "Pick a bid first" if view.looked else "Choose blind nil, or look"
        controls.append(Control(("btn", "confirm"), confirm, self.confirm_bid, label,
                                enabled=choice is not None, hint="Enter"))
        return controls

    def _bid_action(self, bid: int) -> Callable[[], None]:
        return lambda: self.choose_bid(bid)

    def overlay_rect(self, name: str) -> Rect:
        """The panel of a modal overlay, as tall as its content (at most the layout's)."""
        lay = self.layout
        most = lay.overlay
        heading = round(lay.font_big * 1.3) + 2 * lay.pad
        buttons = max(44, round(lay.font * 2)) + 2 * lay.pad
        row = round(lay.font_small * 1.25)
        if name == "last":
            body = lay.card_h + round(lay.font_small * 2.6) + lay.pad
        elif name == "help":
            body = 15 * row + lay.pad
        elif name == "pause":
            body = 9 * (max(44, round(lay.font * 2)) + lay.pad)
            buttons = lay.pad
        elif name == "breakdown":
            lines = max((len(t.lines) for t in self.breakdown.teams), default=2) \
                if self.breakdown else 3
            body = round(lay.font * 1.3) + (lines + 4) * round(lay.font_small * 1.2)
            buttons += max(44, round(lay.font * 2)) + lay.pad
        elif name == "compare":
            body = round(lay.font * 2.4) + 7 * round(lay.font_small * 1.3)
        elif name == "scores":
            rows = max(2, self.shown.hands_scored) + 2
            stacked = most.width < lay.font * 26
            body = (rows * (2 if stacked else 1) + (2 if stacked else 1)) * round(
                lay.font_small * 1.25)
        else:
            body = round(lay.font_big * 2.6) + round(lay.font * 2.8)
        rect = Rect(0, 0, most.width, min(most.height, heading + body + buttons))
        rect.center = most.center
        return rect

    def overlay_buttons(self, names: list[tuple[str, str]], columns: int = 0,
                        panel: Rect | None = None) -> list[Rect]:
        """Buttons along the bottom of the overlay panel (or stacked, for menus)."""
        lay = self.layout
        panel = panel or lay.overlay
        pad = lay.pad
        h = max(44, round(lay.font * 2))
        if columns == 1:
            w = min(panel.width - 4 * pad, round(lay.font * 16))
            top = panel.y + round(lay.font * 3.2)
            step = min(h + pad, (panel.bottom - pad - top) // max(1, len(names)))
            h = min(h, step - pad // 2)
            return [Rect(panel.centerx - w // 2, top + i * step, w, h)
                    for i in range(len(names))]
        n = len(names)
        w = min(round(lay.font * 10), (panel.width - (n + 1) * pad) // n)
        total = n * w + (n - 1) * pad
        x = panel.centerx - total // 2
        return [Rect(x + i * (w + pad), panel.bottom - pad - h, w, h) for i in range(n)]

    def _overlay_controls(self, top: str, can_quit: bool) -> list[Control]:
        if top == "breakdown":
            if self.replay:
                label = "Back to the match"
            else:
                label = "Final result" if self.match.phase == OVER else "Next hand"
            items = [("next", label, self.next_hand, "Enter"),
                     ("scores", "Score sheet", lambda: self._open("scores"), "S")]
            extras = [("compare", "Computer's way", self.compare_hand, "W"),
                      ("replay", "Replay deal", self.replay_deal, "R"),
                      ("export", "Export hand", self.export_hand, "E")]
            panel = self.overlay_rect(top)
            rects = self.overlay_buttons([(k, t) for k, t, _, _ in items], panel=panel)
            above = panel.move(0, -(rects[0].height + self.layout.pad))
            extra_rects = self.overlay_buttons([(k, t) for k, t, _, _ in extras], panel=above)
            return [Control(("btn", k), r, a, t, hint=h)
                    for (k, t, a, h), r in zip(items + extras, rects + extra_rects,
                                               strict=True)]
        elif top == "compare":
            items = [("close", "Close", lambda: self._close(top), "Esc")]
        elif top == "match_over" and self.level is not None:
            won = self.match.winner == 0
            items = []
            if won and self.level + 1 < self.level_count:
                items.append(("next_level", "Next level", self._level(self.level + 1), "Enter"))
            else:
                items.append(("rematch", "Play again" if not won else "Play it again",
                              self.rematch, "Enter"))
            items += [("journey", "Journey", self._level(-1), ""),
                      ("scores", "Score sheet", lambda: self._open("scores"), "S")]
        elif top == "match_over":
            items = [("rematch", "Rematch", self.rematch, "Enter"),
                     ("scores", "Score sheet", lambda: self._open("scores"), "S")]
        elif top == "pause":
            o = self.options
            items = [
                ("resume", "Resume", lambda: self._close("pause"), "Esc"),
                ("speed", f"Animation: {o.speed}", self.cycle_speed, ""),
                ("sound", f"Sound: {'on' if o.sound else 'off'}", self.toggle_sound, "M"),
                ("deck", f"Four-colour deck: {'on' if o.four_colour else 'off'}",
                 self.toggle_deck, ""),
                ("coach", f"Coach: {'on' if o.coach else 'off'}", self.toggle_coach, "C"),
                ("help", help_label(INPUT.touch), lambda: self._open("help"), "F1"),
                ("howto", "How to play", self.how_to_play, ""),
                ("new", "New match", self.new_match, ""),
            ]
            items.append(("quit", "Main menu", self.quit, ""))
            rects = self.overlay_buttons([(k, t) for k, t, _, _ in items], columns=1,
                                         panel=self.overlay_rect(top))
            return [Control(("btn", k), r, a, t, hint=h)
                    for (k, t, a, h), r in zip(items, rects, strict=True)]
        else:
            items = [("close", "Close", lambda: self._close(top), "Esc")]
        rects = self.overlay_buttons([(k, t) for k, t, _, _ in items],
                                     panel=self.overlay_rect(top))
        return [Control(("btn", k), r, a, t, hint=h)
                for (k, t, a, h), r in zip(items, rects, strict=True)]

    @property
    def level_count(self) -> int:
        from .journey import LEVELS  # the Journey's pages import this module

        return len(LEVELS)

    def _level(self, index: int) -> Callable[[], None]:
        def go() -> None:
            self.want_level = index
        return go

    def toggle_deck(self) -> None:
        self.options.four_colour = not self.options.four_colour

    def toggle_sound(self) -> None:
        self.options.sound = not self.options.sound
        if self.sounds:
            self.sounds.enabled = self.options.sound
        self.say("Sound on" if self.options.sound else "Sound off")

    def cycle_speed(self) -> None:
        names = anim.SPEED_NAMES
        self.options.speed = names[(names.index(self.options.speed) + 1) % len(names)]


    def rematch(self) -> None:
        self.want_rematch = True

    def quit(self) -> None:
        """Leave the table for the menu; the match stays saved where it is."""
        self.want_quit = True

    def new_match(self) -> None:
        self.want_new = True

    def how_to_play(self) -> None:
        self._close("pause")
        self.want_howto = True


    # --- deals you can trust ---------------------------------------------------------

    def deal_number(self, hand_number: int | None = None) -> str:
        """The seed and the hand: the same number always deals the same cards."""
        n = self.shown.hand_number if hand_number is None else hand_number
        return f"{self.match.seed}-{n + 1}"

    def finished_hand(self) -> HandResult | None:
        """The hand the breakdown shows."""
        if self.breakdown is None:
            return None
        for result in self.match.history:
            if result.hand_number == self.breakdown.hand_number:
                return result
        return None

    def export_hand(self) -> None:
        result = self.finished_hand()
        if result is None:
            return
        text = json.dumps(result.to_record(), indent=1)
        name = f"spades-deal-{self.deal_number(result.hand_number)}.json"
        _, sentence = platform.offer_file(name, text)
        self.say(sentence, 8)

    def replay_deal(self) -> None:
        result = self.finished_hand()
        if result is not None:
            self.want_replay = result

    def compare_hand(self) -> None:
        result = self.finished_hand()
        if result is None:
            return
        if self.comparison is None or self.comparison.original is not result:
            others = ("hard", *self.options.strengths)
            self.comparison = Comparison(result, others, self.match.seed)  # type: ignore[arg-type]
        self._open("compare")
