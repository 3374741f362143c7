"""Two-handed's draw from the stock, at the table: its places, its choice and its motion.

Before the bidding of a two-handed hand the players draw in turn (docs/rules.md,
Two-handed). The table shows the stock and the discard pile where the trick will be
played; at the player's turn the top card stands face up between them with Keep (K)
and Discard (D) under it, the engine's two legal actions. Each draw is animated from
the ``CardDrawn`` event as the player may see it: their own two cards by face (the one
kept flies to the hand, the other to the pile, face up if shown, else face down), the
other player's kept card as a back and its discard by face when shown. ``TableScene``
mixes this in; ``draw/stock.py`` draws it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from pygame import Rect

from ...engine import DISCARD, KEEP, PlayerView, actions, cards_of
from ..art.theme import MIN_SIZE, px
from . import anim
from .choreography import HUMAN, hand_order
from .control import Control

DRAW_FLIGHT = 0.3  # a drawn card to the hand or the pile (TABLE.md: 200-350 ms)
# The words over the stock, the pile and the offered card, as wide as they grow.
WIDEST_WORDS = ("Stock 00", "Your card", "Discards 00")
SHORT_DISCARD = "Toss"  # Discard's label on a button too narrow for the word


class StockDraw:
    """The draw's state and controls, mixed into ``TableScene``."""

    def drawing_shown(self) -> bool:
        """The stock and the pile are on the table: the draw is under way as drawn."""
        return self.shown.drawing  # type: ignore[attr-defined]

    def draw_spots(self) -> tuple[Rect, Rect, Rect, Rect, Rect]:
        """The stock, the discard pile, the card offered to the player, and its Keep
        and Discard buttons: a row of three cards in the trick's room, the buttons
        under the middle one."""
        lay = self.layout  # type: ignore[attr-defined]
        area = lay.trick_area
        w, h = lay.trick_w, lay.trick_h
        gap = max(lay.pad, w // 4)
        if lay.compact:
            return self.draw_row()
        button_h = lay.target
        # Where the words over the cards do not stand apart, the counts go under the
        # stock and the pile, and the buttons under them.
        under = 0 if self.words_stand_apart(w, gap) else self.count_plate_h() + 2
        top = area.centery - (h + under + lay.pad + button_h) // 2
        offer = Rect(area.centerx - w // 2, max(area.top, top), w, h)
        stock = offer.move(-(w + gap), 0)
        pile = offer.move(w + gap, 0)
        button_w = max(lay.target, min(round(lay.font * 6), (3 * w + 2 * gap - lay.pad) // 2))
        y = offer.bottom + under + lay.pad
        keep = Rect(area.centerx - lay.pad // 2 - button_w, y, button_w, button_h)
        discard = Rect(area.centerx + (lay.pad + 1) // 2, y, button_w, button_h)
        return stock, pile, offer, keep, discard

    def draw_row(self) -> tuple[Rect, Rect, Rect, Rect, Rect]:
        """A short landscape window's draw: Keep, the stock, the card offered, the pile
        and Discard in one row under the table's caption, the cards as big as the row
        leaves them (at most the trick's)."""
        lay = self.layout  # type: ignore[attr-defined]
        area = lay.trick_area
        gap = max(4, lay.pad)
        button_w = max(lay.target, min(round(lay.font_small * 4.6),
                                       (area.width - 3 * lay.trick_w - 4 * gap) // 2))

        under = self.count_plate_h() + 2  # the counts' plates, under the stock and pile

        def card_w(room: Rect) -> int:
            return min(lay.trick_w, (room.width - 2 * button_w - 4 * gap) // 3,
                       round((room.height - under) / 1.4))

        # Under the table's caption where the cards keep the trick's size there; else
        # the whole room, and the caption steps aside (draw/trick_area.py, table_corners).
        caption = round(lay.font_small * 1.4)
        room = Rect(area.x, area.y + caption, area.width, area.height - caption)
        if card_w(room) < card_w(area):
            room = Rect(area)
        w = card_w(room)
        h = min(round(w * 1.4), room.height - under)
        total = 2 * button_w + 3 * w + 4 * gap
        x = room.centerx - total // 2
        y = room.centery - (h + under) // 2
        keep = Rect(x, room.centery - lay.target // 2, button_w, lay.target)
        stock = Rect(keep.right + gap, y, w, h)
        offer = stock.move(w + gap, 0)
        pile = offer.move(w + gap, 0)
        discard = Rect(pile.right + gap, keep.y, button_w, lay.target)
        return stock, pile, offer, keep, discard

    def count_plate_h(self) -> int:
        """The height of the plate a count stands on under the stock or the pile."""
        return round(self.layout.font_small * 1.2)  # type: ignore[attr-defined]

    def words_stand_apart(self, card_w: int, gap: int) -> bool:
        """Whether the words over the stock, the offered card and the pile, as wide as
        they grow, stand apart over three cards ``card_w`` wide ``gap`` apart: not on a
        short window (the cards in one row under the caption), nor on a narrow phone
        (they read "Your cardDiscards 3" at 390x640). Else the stock's and the pile's
        counts stand on plates under them, clear of the cards' corner indices."""
        lay = self.layout  # type: ignore[attr-defined]
        if lay.compact:
            return False
        font = self.measure.font(lay.font_small, True)  # type: ignore[attr-defined]
        widths = [font.size(words)[0] for words in WIDEST_WORDS]
        pairs = zip(widths, widths[1:], strict=False)
        return all((a + b) / 2 + 6 <= card_w + gap for a, b in pairs)

    def draw_words_shown(self) -> bool:
        """The words stand over the draw's cards (``words_stand_apart``) as laid out."""
        stock, _, offer, _, _ = self.draw_spots()
        return self.words_stand_apart(offer.width, offer.left - stock.right)

    def offered_card(self) -> int:
        """The top card the player is looking at, at their turn to draw (else -1)."""
        view = self.view  # type: ignore[attr-defined]
        if view.phase != "drawing" or not self.can_act():  # type: ignore[attr-defined]
            return -1
        return view.drawn

    def draw_controls(self) -> list[Control]:
        """Keep and Discard, at the player's turn to draw: the engine's legal actions."""
        if self.offered_card() < 0:
            return []
        _, _, _, keep, discard = self.draw_spots()
        legal = self.view.legal_actions()  # type: ignore[attr-defined]
        # The word at the least type size, within the button's margins (widgets/style.py).
        least = self.measure.font(px(MIN_SIZE), True)  # type: ignore[attr-defined]
        word = "Discard" if least.size("Discard")[0] <= discard.width - px(12) else SHORT_DISCARD
        controls = []
        for action, key, rect, label, hint in ((KEEP, "keep", keep, "Keep", "K"),
                                               (DISCARD, "discard", discard, word, "D")):
            if action in legal:
                controls.append(Control(("btn", key), rect, self._draw_action(action),
                                        label, hint=hint,
                                        style="primary" if key == "keep" else "secondary"))
        return controls

    def _draw_action(self, action: Any) -> Callable[[], None]:
        return lambda: self.draw_choice(action)

    def draw_choice(self, action: Any) -> None:
        """The player keeps the card offered, or discards it (K, D, or its button)."""
        if self.offered_card() < 0:
            if self.match.phase == "drawing":  # type: ignore[attr-defined]
                self.say("Wait for your turn to draw")  # type: ignore[attr-defined]
            return
        self.focus = None  # type: ignore[attr-defined]
        self._apply(action)  # type: ignore[attr-defined]

    # --- what the player drew: noted when the action is queued --------------------

    @property
    def draw_notes(self) -> deque[tuple[int | None, int | None]]:
        """The player's own draws waiting to be animated, in order: the card kept and
        the card buried face down (None when shown), taken from the player's view
        right after each draw (``note_draws``)."""
        notes = self.__dict__.get("_draw_notes")
        if notes is None:
            notes = self.__dict__["_draw_notes"] = deque()
        return notes

    def note_draws(self, events: list[Any], before: PlayerView | None, view: PlayerView
                   ) -> None:
        """For each of the player's draws among ``events``: what it took into the
        hand and what it buried, from its views before and after."""
        if before is None:
            return
        for event in events:
            if isinstance(event, actions.CardDrawn) and event.seat == HUMAN:
                kept = cards_of(view.hand & ~before.hand)
                buried = cards_of(view.buried & ~before.buried)
                self.draw_notes.append((kept[0] if kept else None,
                                        buried[0] if buried else None))

    # --- the motion ----------------------------------------------------------------

    def begin_draw(self) -> None:
        """A two-handed hand opens: the stock on the table, nothing in any hand."""
        s = self.shown  # type: ignore[attr-defined]
        s.drawing = True
        s.face_up = True
        s.deck_left = self.match.rules.cards.bit_count()  # type: ignore[attr-defined]
        s.discards = []

    def _card_drawn(self, e: actions.CardDrawn) -> Iterator[Any]:
        s = self.shown  # type: ignore[attr-defined]
        lay = self.layout  # type: ignore[attr-defined]
        stock, pile, offer, _, _ = self.draw_spots()
        fly = self._fly  # type: ignore[attr-defined]
        to_pile = self._to_pile
        if e.seat == HUMAN:
            kept, buried = self.draw_notes.popleft() if self.draw_notes else (None, None)
            hand = lay.seat_origin(HUMAN).move(0, -lay.lift)
            if e.shown is None:  # kept the first; the next, seen, goes face down
                fly(kept, offer, hand, DRAW_FLIGHT, self._to_hand(kept))
                fly(buried, stock, pile, DRAW_FLIGHT, to_pile(None))
            else:  # shown face up; the next card is the player's
                fly(e.shown, offer, pile, DRAW_FLIGHT, to_pile(e.shown))
                fly(kept, stock, hand, DRAW_FLIGHT, self._to_hand(kept))
        else:
            fan = lay.fan_rects(e.seat, s.sizes[e.seat] + 1)
            end = fan[-1] if fan else lay.seat_origin(e.seat)
            lander = self._lander(e.seat)  # type: ignore[attr-defined]
            fly(e.shown, stock, pile, DRAW_FLIGHT, to_pile(e.shown))
            fly(None, stock, end, DRAW_FLIGHT, lander)
        s.deck_left = max(0, s.deck_left - 2)
        seats = self.match.rules.seats  # type: ignore[attr-defined]
        s.to_act = (e.seat + 1) % seats if s.deck_left else (s.dealer + 1) % seats
        if self.sounds:  # type: ignore[attr-defined]
            self.sounds.play("deal")  # type: ignore[attr-defined]
        yield DRAW_FLIGHT
        if not s.deck_left:
            s.drawing = False
            s.discards = []
            yield anim.REVEAL

    def _to_hand(self, card: int | None) -> Callable[[], None]:
        def land() -> None:
            s = self.shown  # type: ignore[attr-defined]
            if card is not None and card not in s.hand:
                s.hand = hand_order([*s.hand, card])
                s.top_suits = None
            s.sizes[HUMAN] += 1
        return land

    def _to_pile(self, card: int | None) -> Callable[[], None]:
        def land() -> None:
            self.shown.discards.append(card)  # type: ignore[attr-defined]
        return land
