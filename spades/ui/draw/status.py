"""Drawing the table's status: the message line (a refusal, a hint, the contracts' flash)
and the turn prompt (whose turn it is, the coach's choice), centred over the table above
the hand. ``TableDrawer`` mixes this in; on the smallest phone the two share one line,
a message standing in for the prompt while it shows.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from ...engine import (
    OVER,
    actions,  # the events: actions.BidMade, ...
)
from ..art import theme
from ..layout.base import EAST
from ..speech.announce import cards_words
from ..speech.words import pass_turn_words, turn_words
from ..table.scene import HUMAN, TableScene, bid_words


def coming_turn(scene: TableScene) -> int | None:
    """Who acts next on the table as shown: the seat the shown state names, else the
    seat of the next bid or card still to be shown, else (nothing more to show of this
    hand) the seat the engine waits for; None between hands."""
    shown = scene.shown
    if shown.to_act is not None:
        return shown.to_act
    for event in scene.queue:
        if isinstance(event, actions.BidMade | actions.CardPlayed | actions.CardsPassed):
            return event.seat
        if not isinstance(event, actions.BiddingDone | actions.SpadesBroken | actions.TrickWon
                          | actions.CardsSeen | actions.CardsExchanged):
            return None  # the hand ends (or a new one is dealt) before anyone acts
    view = scene.view
    if view.hand_number != shown.hand_number or view.phase not in ("bidding", "passing",
                                                                   "playing"):
        return None
    return view.to_act


class StatusDrawer:
    """The status's part of ``TableDrawer``: uses its ``text``, ``peeks`` and ``plate``."""

    drawn_message: Rect | None = None  # where the message line was drawn
    winner_on_message = False  # the trick's winner's words stand on the message line

    def shown_message(self, scene: TableScene) -> tuple[str, tuple] | None:
        """The message line's words and colour now, if any."""
        if scene.message and scene.now < scene.message[1]:
            return scene.message[0], theme.GOLD
        if scene.flash and scene.now < scene.flash[1]:
            return scene.flash[0], theme.TEXT
        return None

    def status(self, surface: pygame.Surface, scene: TableScene) -> None:
        """Two lines over the hand that never cover each other: the message line (a
        refusal, a hint, a flash such as the contracts) above the turn prompt (whose
        turn it is, or the coach's choice and reason). On one line, the prompt gives way
        to a message and to the trick's winner (whose words may stand there)."""
        lay = scene.layout
        text, colour = self.prompt_text(scene)
        if lay.one_line_status and (self.shown_message(scene) is not None or
                                    scene.shown.winner_card is not None):
            return
        if lay.status_beside and len(self.message_lines(scene)) > 1:
            return  # a long message takes the whole column, the prompt's room too
        if text and not (self.panel and self.panel.colliderect(lay.prompt)):
            # Never half hidden under a panel (nor drawn wholly under it)
            box = lay.prompt
            won_at = lay.packets[HUMAN]
            if scene.shown.tricks_won[HUMAN] == 0 and won_at.right < box.left \
                    and won_at.top <= box.centery <= won_at.bottom:
                # No trick won yet (the bidding): the prompt may take the won tricks'
                # room beside the badge, and a bid's longer words keep one line.
                half = lay.width // 2 - won_at.left
                box = Rect(lay.width // 2 - half, box.y, 2 * half, box.height)
            size, lines = self.fit_lines(text, lay.font, box)
            step = round(size * 1.05)
            y = box.centery - step * len(lines) // 2
            if lay.status_beside:  # right under the message line, level with the trick
                y = min(y, box.top + 2)
            if scene.shown.dealing:  # the dealt cards pass under it, never over it
                self.plate(surface, scene, lines, size, (box.centerx, y), step)
            for line in lines:
                self.text.blit(surface, line, size, colour, (box.centerx, y), "midtop")
                y += step

    def message(self, surface: pygame.Surface, scene: TableScene) -> None:
        message = self.shown_message(scene)
        if message is not None and self.panel_tells_message(scene):
            return  # the bid panel has said it among its own words (bid_notes)
        self.drawn_message = None
        if message is not None and self.winner_on_message and message[1] != theme.GOLD:
            return  # a flash gives way to the trick's winner's words; a hint never does
        if message is not None and not self.peeks(scene.layout.message):
            self.message_line(surface, scene, *message)

    def overlay_message(self, surface: pygame.Surface, scene: TableScene) -> None:
        """A message while a panel is open (Export hand's "Saved as ...") stands next to
        the panel, on a plate over the veil: below it, or above it where the window has
        no room below, or inside the foot of a panel as tall as the window; drawn under
        the panel, it went unseen and the player tapped again."""
        message = self.shown_message(scene)
        self.drawn_message = None
        if message is None:
            return
        lay = scene.layout
        panel = scene.overlay_rect(scene.overlays[-1])
        size = self.message_size(scene)
        step = round(size * 1.25)
        width = min(lay.width - 2 * lay.pad, max(panel.width, lay.width * 2 // 3))
        lines = self.text.wrap_phrases(message[0], size, width - 2 * lay.pad - 8, True)
        height = step * len(lines) + lay.pad
        below, above = lay.height - panel.bottom - 4, panel.top
        if below >= height + lay.pad:
            top = panel.bottom + 6 + lay.pad // 2
        elif above >= height + lay.pad:
            top = panel.top - height - lay.pad
        else:
            # No room outside a panel as tall as the window (the help, the review): over
            # the foot of its content, above its row of buttons; at the window's top it
            # covered the panel's heading.
            top = panel.bottom - scene.button_height() - 2 * lay.pad - height
        widest = max(self.text.font(size, True).size(line)[0] for line in lines)
        plate = Rect(0, top, min(width, widest + 2 * lay.pad + 8), height)
        plate.centerx = panel.centerx
        plate.clamp_ip(Rect(0, 0, lay.width, lay.height))
        pygame.draw.rect(surface, (8, 32, 22), plate, border_radius=8)
        pygame.draw.rect(surface, message[1], plate, 1, border_radius=8)
        y = plate.top + lay.pad // 2
        for line in lines:
            self.text.blit(surface, line, size, message[1], (plate.centerx, y), "midtop", True)
            y += step
        self.drawn_message = plate

    def panel_tells_message(self, scene: TableScene) -> bool:
        """Where the bid panel covers the message line (a small phone, a phone on its
        side), the panel says the message in its own ink, in place of its notes; drawn
        over it, the gold words ran across its buttons and its notes."""
        if scene.overlays or not scene.bid_panel_open() or self.panel is None:
            return False
        box = scene.layout.message
        if self.panel.contains(box):
            return True
        if scene.layout.status_beside or self.panel.bottom > box.bottom:
            return False
        # A longer message grows upwards from its line: over the panel's foot, unless
        # the felt between them holds it.
        step = round(self.message_size(scene) * 1.25)
        lines = len(self.message_lines(scene))
        return lines > 1 and step * lines + 6 + scene.layout.pad // 2 > \
            box.bottom - self.panel.bottom

    def fit_lines(self, text: str, size: int, box: Rect) -> tuple[int, list[str]]:
        """The largest size (down to 15 px) at which ``text`` wraps into ``box``."""
        t = self.text
        lines = t.wrap_phrases(text, size, box.width - 8)
        while len(lines) * size * 1.05 > box.height + 2 and size > 15:
            size -= 1
            lines = t.wrap_phrases(text, size, box.width - 8)
        return size, lines

    def message_line(self, surface: pygame.Surface, scene: TableScene, text: str,
                     colour: tuple) -> None:
        """One line at the message rect; a longer message grows upwards over the felt on
        a dark backing, so the prompt below it stays in view (in a column beside the
        trick, down over the prompt, which gives way to it)."""
        lay = scene.layout
        t = self.text
        box = lay.message
        size, step = self.message_size(scene), round(self.message_size(scene) * 1.25)
        lines = self.message_lines(scene, text)
        if len(lines) > 1 and not lay.status_beside:
            # A backing as wide as the line would lie over the side players' cards (an
            # upright phone): it keeps between them, a line or two taller instead.
            narrow = self.between_side_fans(scene, box, step * (len(lines) + 2))
            if narrow.width < box.width:
                box = narrow
                lines = self.text.wrap_phrases(text, size, box.width - 2 * lay.pad - 8, True)
        # Upwards over the felt, never above the top bar; in a column beside the trick
        # downwards over the prompt (then up over East's face-down cards), never over
        # East's badge.
        top = lay.badge_at(EAST).bottom + lay.pad // 2 if lay.status_beside else \
            lay.top_bar.bottom + lay.pad
        room = (lay.status.bottom if lay.status_beside else box.bottom) - top
        most = max(1, (room - 6) // step)
        if len(lines) > most:  # the rest is cut short
            lines = lines[:most]
            lines[-1] = lines[-1].rstrip(" .,;:") + "..."
        height = max(box.height, step * len(lines) + 6)
        area = Rect(box.x, box.bottom - height, box.width, height)
        if lay.status_beside:
            area.top = max(top, min(box.top, lay.status.bottom - height))
        if len(lines) > 1:
            backing = Rect(area) if lay.status_beside else area.inflate(0, lay.pad // 2)
            if not lay.status_beside:
                backing.bottom = box.bottom
            pygame.draw.rect(surface, (8, 32, 22), backing, border_radius=8)
            pygame.draw.rect(surface, colour, backing, 1, border_radius=8)
        y = area.bottom - step * len(lines) - (area.height - step * len(lines)) // 2
        for line in lines:
            t.blit(surface, line, size, colour, (box.centerx, y), "midtop", True,
                   width=area.width - 8)
            y += step
        self.drawn_message = area

    def between_side_fans(self, scene: TableScene, box: Rect, height: int) -> Rect:
        """``box`` narrowed to keep clear of West's and East's face-down cards where a
        backing ``height`` tall grown up from it would cover them (unchanged when it
        would not, or when too little room is left between them)."""
        lay = scene.layout
        grown = Rect(box.x, box.bottom - height, box.width, height)
        left, right = box.left, box.right
        for seat in lay.side_seats:
            backs = lay.fan_rects(seat, lay.hand_cards)  # the cards as drawn, at their most
            if not backs:
                continue
            fan = backs[0].unionall(backs[1:])
            if grown.colliderect(fan):
                if fan.centerx < box.centerx:
                    left = max(left, fan.right + lay.pad // 2)
                else:
                    right = min(right, fan.left - lay.pad // 2)
        if right - left < box.width * 0.6:
            return box
        return Rect(left, box.y, right - left, box.height)

    def message_size(self, scene: TableScene) -> int:
        return max(15, min(scene.layout.font_small, scene.layout.message.height - 2))

    def message_lines(self, scene: TableScene, text: str | None = None) -> list[str]:
        """The message's lines (none when no message shows): one, or wrapped inside
        the margins of the backing a longer one stands on."""
        if text is None:
            shown = self.shown_message(scene)
            if shown is None:
                return []
            text = shown[0]
        lay, size = scene.layout, self.message_size(scene)
        lines = self.text.wrap(text, size, lay.message.width - 8, True)
        if len(lines) > 1:  # on a backing, broken after a phrase where it can be
            lines = self.text.wrap_phrases(text, size, lay.message.width - 2 * lay.pad - 8,
                                           True)
        return lines

    def prompt_text(self, scene: TableScene) -> tuple[str, tuple]:
        """Whose turn it is, in words; on the player's turn with the coach on, its choice
        and its reason."""
        if scene.match.phase == OVER:
            # Under the match-over panel its banner says it; the line repeated it.
            return ("" if "match_over" in scene.overlays else "The match is over"), theme.TEXT
        if scene.shown.dealing:
            dealer = scene.shown.dealer
            return ("You deal" if dealer == HUMAN else
                    f"{scene.names[dealer]} deals"), theme.TEXT
        if scene.can_act():
            advice = scene.coach() if scene.options.coach else None
            if advice is not None:
                if scene.view.phase == "playing":
                    from ...engine.cards import card_name

                    return f"Coach: the {card_name(advice[0])}. {advice[1]}", theme.SUGGEST
                if scene.view.phase == "passing":
                    return f"Coach: pass {cards_words(advice[0])}. {advice[1]}", theme.SUGGEST
                if scene.view.phase == "drawing":
                    return f"Coach: {advice[0]} it. {advice[1]}", theme.SUGGEST
                return f"Coach: bid {bid_words(advice[0])}. {advice[1]}", theme.SUGGEST
            if scene.view.phase == "drawing":
                return "Your turn: keep this card, or discard it and take the next", \
                    theme.TEXT
            if scene.view.phase == "bidding":
                return ("Your turn: blind nil, or look at your cards" if not scene.view.looked
                        else "Your turn: choose a bid, then confirm it"), theme.TEXT
            if scene.view.phase == "passing":
                n = scene.pass_count()
                return (f"Your turn: choose {n} card{'s' if n != 1 else ''} to pass, then "
                        "Pass"), theme.TEXT
            return "Your turn: play a raised card", theme.TEXT
        bidding = scene.view.phase == "bidding"
        shown = scene.shown
        if shown.drawing and shown.to_act is not None:
            seat = shown.to_act
            return ("Your turn to draw" if seat == HUMAN else
                    f"{scene.names[seat]} to draw"), theme.TEXT
        if not scene.idle and shown.winner_card is None:
            # Between turns (a bid's chip settling, a card landing, the cards turned up
            # after the deal) the next to act is said at once: the prompt no longer
            # blinks out for half a second after every bid and card. A won trick's
            # words stand alone until it is gathered.
            seat = coming_turn(scene)
            if seat is not None:
                return turn_words(scene.names, seat, None in shown.bids), theme.TEXT
        if scene.idle and scene.shown.to_act is not None:
            if scene.view.phase == "passing":
                return pass_turn_words(scene.names, scene.shown.to_act), theme.TEXT
            return turn_words(scene.names, scene.shown.to_act, bidding), theme.TEXT
        return "", theme.TEXT
