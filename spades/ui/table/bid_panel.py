"""The bid panel's controls: a button for each bid, from nil up (those the rules refuse
faded, saying why when tapped), or, where a bidding variant leaves one or two, their
own big buttons (Whiz: nil or the spades held; a forced bid), Blind nil and Look at
cards before the cards are seen, and Confirm; where the panel and its parts sit, and
why the greyed bids are out, in the engine's words. ``TablePanels`` mixes this in;
drawing it is draw/bidding.py's.
"""

from __future__ import annotations

from collections.abc import Callable

from pygame import Rect

from ...engine import BLIND_NIL, NIL, Bid
from ..speech.words import bid_words, few_bid_label, greyed_bids_words
from .control import Control


class BidPanel:
    """The bid panel's controls and places, mixed into ``TablePanels``."""

    def bid_grid(self) -> tuple[Rect, list[Rect], Rect, int]:
        """The bid panel's parts: title area, the 14 bid buttons (nil, 1..13), confirm."""
        lay = self.layout
        return lay.bid_title, lay.bid_buttons, lay.bid_confirm, lay.bid_cols

    def _bid_controls(self) -> list[Control]:
        view = self.view
        title, rects, confirm, _ = self.bid_grid()
        controls = []
        few = self.few_bids()
        if not view.looked or few:
            top = rects[self.layout.bid_cols].top if self.layout.compact else \
                rects[0].top + round(self.layout.font * 1.6)
            right = title.right
            if confirm.top == top:  # a short window: Confirm shares their row
                right = confirm.left - self.layout.pad
            half = (right - title.x - self.layout.pad) // 2
            blind = Rect(title.x, top, half, max(self.layout.target, rects[0].height))
            look = Rect(blind.right + self.layout.pad, top, half, blind.height)
        if view.looked and few:
            # Whiz (nil or the spades held) and a forced bid: their own big buttons.
            suggestion = self.suggested_bid_value()
            boxes = [blind, look] if len(few) == 2 else [blind.union(look)]
            for bid, rect in zip(few, boxes, strict=True):
                controls.append(Control(("bid", bid), rect, self._bid_action(bid),
                                        few_bid_label(view, bid, len(few) == 1),
                                        group="bids", style=self._chosen(bid),
                                        suggested=bid == suggestion != self.bid_choice))
        elif not view.looked:
            controls.append(Control(("bid", BLIND_NIL), blind,
                                    lambda: self.choose_bid(BLIND_NIL), "Blind nil",
                                    group="bids", style=self._chosen(BLIND_NIL)))
            controls.append(Control(("btn", "look"), look, self.look, "Look at cards",
                                    group="bids"))
        else:
            legal = {a.value for a in view.legal_actions() if isinstance(a, Bid)}
            suggestion = self.suggested_bid_value()
            for bid, rect in zip(range(len(rects)), rects, strict=True):
                action = self._bid_action(bid)
                # A bid the rules refuse is faded; a tap on it says why.
                controls.append(Control(("bid", bid), rect, action,
                                        "Nil" if bid == NIL else str(bid),
                                        enabled=bid in legal, group="bids", refused=action,
                                        style=self._chosen(bid) if bid in legal else "flat",
                                        suggested=bid == suggestion != self.bid_choice))
        choice = self.bid_choice
        if choice is None and not view.looked:
            # Before the cards are seen the two buttons are the way on: no greyed
            # Confirm beside them until Blind nil is chosen (it read as a dead button).
            return controls
        if not view.looked and not self.layout.compact:
            confirm = self.blind_confirm_rect()
        label = f"Confirm {bid_words(choice)}" if choice is not None else "Pick a bid first"
        controls.append(Control(("btn", "confirm"), confirm, self.confirm_bid, label,
                                enabled=choice is not None, hint="Enter", style="primary",
                                refused=lambda: self.say("Choose a bid first")))
        return controls

    def blind_confirm_rect(self) -> Rect:
        """Before looking, Confirm blind nil stands under the prompt's two buttons (the
        grid's Confirm, below where 14 bid buttons would be, left an empty half panel)."""
        lay = self.layout
        title, rects, confirm, _ = self.bid_grid()
        top = rects[0].top + round(lay.font * 1.6) + max(lay.target, rects[0].height)
        rect = Rect(confirm)
        rect.midtop = (title.centerx, top + lay.pad)
        return rect

    def bid_panel_rect(self) -> Rect:
        """The bid panel as drawn: before looking, only as tall as the blind nil prompt
        and its Confirm (a short window keeps its own arrangement)."""
        lay = self.layout
        if self.view.looked or lay.compact:
            return lay.bid_panel
        bottom = min(lay.bid_panel.bottom, self.blind_confirm_rect().bottom + lay.pad)
        return Rect(lay.bid_panel.x, lay.bid_panel.y, lay.bid_panel.width,
                    bottom - lay.bid_panel.y)

    def few_bids(self) -> list[int]:
        """The legal bids when a bidding variant leaves one or two (Whiz: nil or the
        spades held; Suicide's forced bid), else none: the grid of 14 then."""
        view = self.view
        if view.rules.bidding == "free" or not view.looked:
            return []
        legal = [a.value for a in view.legal_actions() if isinstance(a, Bid)]
        return legal if len(legal) <= 2 else []

    def greyed_bids_note(self) -> str | None:
        """Why the greyed bids are out, in the engine's words (None: every bid is open).
        Under a bidding variant, the variant's own sentence."""
        view = self.view
        if view.rules.bidding != "free" and view.looked:
            refused = [b for b in range(view.rules.tricks + 1) if view.refusal(Bid(b))]
            return view.refusal(Bid(refused[-1])) if refused else None
        legal = {a.value for a in view.legal_actions() if isinstance(a, Bid)}
        refusals = {bid: view.refusal(Bid(bid)) for bid in range(view.rules.tricks + 1)
                    if bid not in legal}
        refusals = {bid: why for bid, why in refusals.items() if why}
        return greyed_bids_words(refusals) if refusals else None

    def _chosen(self, bid: int) -> str:
        return "chosen" if bid == self.bid_choice else "secondary"

    def _bid_action(self, bid: int) -> Callable[[], None]:
        return lambda: self.choose_bid(bid)
