"""The table's input: the pointer stream (mouse or finger) and the keys, routed to
the table's controls, its panels and its shortcuts. A mixin of ``TableScene``: it
holds no state of its own and reads the scene's controls, focus and overlays."""

from __future__ import annotations

from ...engine import DISCARD, KEEP
from ...engine.cards import suit_of
from ..speech.announce import card_words
from ..speech.narration import GO_ON_KEYS
from ..widgets import Pointer
from .control import CLOSABLE, Control
from .seen import PARTNER_SWITCH


class TableInput:

    def focused(self) -> Control | None:
        for control in self.controls:
            if control.key == self.focus:
                return control
        return None

    def activate(self, control: Control) -> None:
        """A tap or Enter on ``control``; a faded one says why it is not available (a
        dimmed card or bid: in the engine's words)."""
        control.activate()

    def pointer(self, p: Pointer) -> None:
        """One press, move, release or wheel of the pointer stream (mouse or finger).
        A press first completes any motion; a tap plays the card or presses the button it
        began on; a drag (past ``SLOP`` px) scrolls the score sheet and never plays or
        presses anything."""
        if p.kind == "press":
            self.keyboard = False
            self.go_on()  # the computer players need not wait for the words
            if self.busy:
                self.finish_motion()
            self.build_controls()
        self.group.pointer(p)
        if p.kind == "release":
            self.build_controls()
        hover = self.group.hover
        self.hover = hover[0] if hover and not p.touch else None

    def key(self, key: str, shift: bool = False) -> None:
        """A key press by name: 'tab', 'left', 'enter', 'escape', 's', ..."""
        if self.ask(key) or (key in GO_ON_KEYS and self.go_on()):
            return
        if self.busy and key not in ("tab",):
            self.finish_motion()
        self.build_controls()
        scrolling = self.overlays and self.overlays[-1] in ("scores", "help", "seen")
        if key == "tab":
            self.keyboard = True
            self._move_focus(-1 if shift else 1)
            self.narrate_focus()
        elif scrolling and key in ("up", "down", "pageup", "pagedown", "home", "end"):
            self.scroll_scores(key)
        elif (key in ("home", "end") or shift and key in ("left", "right")) and \
                self._hand_jump(key):
            self.keyboard = True
            self.narrate_focus(moved_only=True)
        elif key in ("left", "right") and self.focused() is not None and \
                self.focused().step(-1 if key == "left" else 1):
            self.keyboard = True  # a stepper or switch in focus (the pause menu)
            self.build_controls()
            self.narrate_focus(moved_only=True)  # its new state
        elif key in ("left", "right", "up", "down"):
            self.keyboard = True
            self._arrow(key)
            self.narrate_focus(moved_only=True)
        elif key in ("enter", "space"):
            control = self.focused()
            if control is None:
                control = self._default_control()
            if control is not None:
                self.activate(control)
                if getattr(control, "value", ""):  # a switch or stepper: its new state
                    self.build_controls()
                    self.narrate_focus(moved_only=True)
        elif key == "escape":
            self.escape()
        elif key == "s":
            self.toggle("scores")
        elif key == "l":
            if self.shown.last_trick is None:
                self.say("No trick has been played yet this hand")
            else:
                self.toggle("last")
        elif key in ("h", "u"):
            if self.overlays and self.overlays[-1] in CLOSABLE:
                self._close(self.overlays[-1])  # back to the table the answer is about
            self.hint() if key == "h" else self.undo()
        elif key in ("k", "d") and self.match.phase == "drawing":  # two-handed's draw
            self.draw_choice(KEEP if key == "k" else DISCARD)
        elif key == "c":
            self.toggle_coach()
        elif key == "m":
            self.toggle_sound()
        elif key in ("a", "announcements"):  # F2 as well: the same key on every screen
            self.toggle_announcements()
        elif key == "help":
            self.toggle("help")
            self.narrate_help()
        elif key in ("w", "r", "v") and self.shared and not (
                key == "r" and self.overlays and self.overlays[-1] == "seen"):
            self.alone_only({"w": "Computer's way", "r": "replay of a deal",
                             "v": "review with all cards seen"}[key])
        elif key in ("w", "r", "e", "v") and self.overlays and self.overlays[-1] == "breakdown":
            {"w": self.compare_hand, "r": self.replay_deal, "e": self.export_hand,
             "v": self.open_seen}[key]()
        elif key in ("p", "r") and self.overlays and self.overlays[-1] == "seen":
            self.toggle_seen_partner() if key == "p" else self.replay_from_turning_point()
            if key == "p" and self.review is not None and self.review.status == "running":
                # Once worked out, the whole review is said again, marks and all.
                self.narrate_message(f"{PARTNER_SWITCH}, {'on' if self.seen_partner else 'off'}.")
        self.build_controls()

    def scroll_scores(self, key: str) -> None:
        """Arrows, PageUp/PageDown, Home/End in the score sheet or the help."""
        help_open = self.overlays[-1] == "help"
        area = {"help": self.help_area, "seen": self.seen_area}.get(self.overlays[-1],
                                                                     self.score_area)
        if key in ("up", "down"):
            step = self.help_rows()[1] if help_open else self.score_sheet().step
            area.scroll_by((1 if key == "down" else -1) * step)
        elif key in ("pageup", "pagedown"):
            area.page(1 if key == "pagedown" else -1)
        else:
            area.scroll_by((1 if key == "end" else -1) * area.content_h)

    def _default_control(self) -> Control | None:
        """Enter with nothing focused: the one obvious thing (Next hand, Confirm, Rematch)."""
        for key in (("btn", "next"), ("btn", "next_level"), ("btn", "rematch"),
                    ("btn", "confirm"), ("btn", "told_ok"), ("btn", "take_back"),
                    ("btn", "close"), ("btn", "resume"), ("btn", "quit")):
            for control in self.controls:
                if control.key == key and control.enabled:
                    return control
        return None

    def _move_focus(self, step: int) -> None:
        if not self.controls:
            return
        keys = [c.key for c in self.controls]
        if self.focus in keys:
            i = (keys.index(self.focus) + step) % len(keys)
        else:
            bids = [c for c in self.controls if c.group == "bids"]
            if step > 0 and bids and self.bid_panel_open():
                # The first Tab of a bid goes to the bids, where the decision is.
                self.focus = self._group_start(bids).key
                return
            i = 0 if step > 0 else len(keys) - 1
        self.focus = keys[i]
        control = self.controls[i]
        if control.area is not None:  # in a scrolling panel: scrolled into view
            control.area.reveal(control.box)

    def _arrow(self, key: str) -> None:
        focused = self.focused()
        group = focused.group if focused else ("bids" if self.bid_panel_open() else "hand")
        if self.pass_open() and focused is not None and focused.key == ("btn", "confirm"):
            group = "hand"  # from Pass, the arrows go back to the cards to choose
        members = [c for c in self.controls if c.group == group]
        if not members:
            return
        if focused is None or focused.group != group:
            start = self._group_start(members)
            self.focus = start.key
            return
        i = members.index(focused)
        cols = len(members)
        if group == "bids" and self.view.looked:
            cols = self.bid_grid()[3]
        elif group == "hand" and key in ("up", "down"):
            # Two rows split at a change of suit: up and down go to the nearest card of
            # the other row.
            other = [c for c in members if (c.rect.y < focused.rect.y) == (key == "up")
                     and abs(c.rect.y - focused.rect.y) >= self.layout.row_step // 2 > 0]
            if other:
                x = focused.rect.centerx
                self.focus = min(other, key=lambda c: abs(c.rect.centerx - x)).key
            return
        step = {"left": -1, "right": 1, "up": -cols, "down": cols}[key]
        if key in ("up", "down") and cols >= len(members):
            return
        if not 0 <= i + step < len(members):
            # Past either end: said, not silence (the focus stays where it is).
            what = {"hand": "card", "bids": "bid"}.get(group, "button")
            self.narrate_message(f"That is the {'first' if i + step < 0 else 'last'} {what}; "
                                 f"{focused.label or what}.")
            return
        self.focus = members[i + step].key

    def _hand_jump(self, key: str) -> bool:
        """Home and End: the hand's first and last card; Shift+Left and Shift+Right:
        the first card of the suit before or after the focused card's. True when the
        keys meant the hand (a card in focus, or nothing in focus)."""
        focused = self.focused()
        if focused is not None and focused.group != "hand":
            return False
        members = [c for c in self.controls if c.group == "hand"]
        if not members:
            return False
        if key in ("home", "end"):
            self.focus = (members[0] if key == "home" else members[-1]).key
            return True
        if focused is None:
            self.focus = self._group_start(members).key
            return True
        suits = [suit_of(c.key[1]) for c in members]
        i = members.index(focused)
        if key == "right":
            later = [j for j in range(i + 1, len(members)) if suits[j] != suits[i]]
            target = later[0] if later else None
        else:
            earlier = [j for j in range(i) if suits[j] != suits[i]]
            target = suits.index(suits[earlier[-1]]) if earlier else None
        if target is None:  # said, not silence, as at either end of the arrows
            self.narrate_message(f"That is the {'last' if key == 'right' else 'first'} "
                                 f"suit; {card_words(focused.key[1])}.")
            return True
        self.focus = members[target].key
        return True

    def _group_start(self, members: list[Control]) -> Control:
        if members[0].group == "hand" and self.pass_open():
            for c in members:  # the card chosen last, else the first
                if self.pass_choice and c.key == ("card", self.pass_choice[-1]):
                    return c
        if members[0].group == "hand" and self.can_act() and self.view.phase == "playing":
            legal = self.view.legal_card_mask()
            for c in members:
                if legal >> c.key[1] & 1:
                    return c
        if members[0].group == "bids":
            suggestion = self.suggested_bid_value()
            for c in members:
                if c.key == ("bid", suggestion):
                    return c
        return members[0]
