"""Nil card passing at the table: the player chooses the cards to pass, and the table
shows the cards going across and what came back.

Under the ``nil_pass`` option the engine asks a nil bidder, then its partner, for one
or two cards (its ``passing`` phase; the action is ``PassCards``). When the player is
asked, a small panel over the empty trick says how many cards go to whom; a tap, a
click, or Enter on a focused card chooses a card (it rises) or puts it back, and the
panel's button passes them. Which cards may go, and who passes, is the engine's: the
panel reads the view's rules, bids and refusals. ``TableScene`` mixes this in; the
drawing is ``draw/passing.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pygame import Rect

from ...ai.passing import choose_pass
from ...engine import BLIND_NIL, NIL, CardsExchanged, CardsPassed, PassCards, cards_of
from ..speech.announce import capital, card_words, cards_words
from . import anim
from .choreography import HUMAN, hand_order
from .control import Control

PASS_FLIGHT = 0.34  # a passed card crossing the table, face down
PASS_STAGGER = 0.08  # between the cards of one pass


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


class NilPassing:
    """The player's nil pass and the motion of every pass (mixed into TableScene)."""

    pass_choice: list[int]

    # --- the player's pass ------------------------------------------------------------

    def pass_open(self) -> bool:
        """The table waits for the player to pass cards to the partner."""
        return self.can_act() and self.view.phase == "passing"

    def pass_count(self) -> int:
        return self.view.rules.nil_pass

    def pick_pass(self, card: int) -> None:
        """A card of the hand tapped, clicked or entered while passing: chosen (it
        rises), or put back when it was chosen."""
        n = self.pass_count()
        if card in self.pass_choice:
            self.pass_choice.remove(card)
            self.narrate_message(f"{capital(card_words(card)[4:])} put back; "
                                 f"{len(self.pass_choice)} of {n} chosen.")
            return
        if len(self.pass_choice) >= n:
            if n != 1:
                self.say(f"You have chosen {n} cards: tap a chosen card to put it back")
                return
            self.pass_choice.clear()  # one card to pass: the new one replaces it
        self.pass_choice.append(card)
        self.message = None
        done = len(self.pass_choice) == n
        if done:
            self.focus = ("btn", "confirm")
        self.narrate_message(
            f"{capital(card_words(card)[4:])} chosen, {len(self.pass_choice)} of {n}."
            + (f" Enter passes them to {self.names[self.view.partner]}." if done else ""))

    def confirm_pass(self) -> None:
        action = PassCards(tuple(sorted(self.pass_choice)))
        reason = self.view.refusal(action)
        if reason is not None or not self.can_act():
            self.say(reason or "Wait for the table")
            return
        self.pass_choice = []
        self.focus = None
        self._apply(action)

    def pass_words(self) -> tuple[str, str, str]:
        """The panel's heading, what passing means here, and the cards chosen so far."""
        view = self.view
        n = self.pass_count()
        partner = self.names[view.partner]
        heading = f"Pass {plural(n, 'card')} to {partner}"
        if view.bids[view.seat] in (NIL, BLIND_NIL):
            nil = "blind nil" if view.bids[view.seat] == BLIND_NIL else "nil"
            rule = (f"You bid {nil}, so you and {partner} swap {plural(n, 'card')} face "
                    f"down. You pass first; then {partner} passes {n} back.")
        else:
            nil = "blind nil" if view.bids[view.partner] == BLIND_NIL else "nil"
            rule = (f"{partner} bid {nil} and has passed you {plural(n, 'card')} face down. "
                    f"You see {'it' if n == 1 else 'them'} once you pass {n} back.")
        if self.pass_choice:
            chosen = "Chosen: " + cards_words(self.pass_choice) + "."
        else:
            chosen = f"Choose {plural(n, 'card')} from your hand."
        return heading, rule, chosen

    def pass_panel(self) -> tuple[Rect, list[tuple[str, int, str]], Rect]:
        """The panel over the empty trick: its rectangle, its lines (text, size, and
        "heading", "rule" or "chosen") and the Pass button's rectangle."""
        lay = self.layout
        area = lay.trick_area
        width = min(area.width, round(lay.font * 24))
        inner = width - 2 * lay.pad
        heading, rule, chosen = self.pass_words()
        words = self.measure
        lines = [(line, lay.font, "heading")
                 for line in words.wrap(heading, lay.font, inner, True)]
        for text, kind in ((rule, "rule"), (chosen, "chosen")):
            lines += [(line, lay.font_small, kind)
                      for line in words.wrap_phrases(text, lay.font_small, inner)]
        text_h = sum(round(size * 1.25) for _, size, _ in lines)
        button_h = max(lay.target, round(lay.font * 2))
        height = lay.pad + text_h + lay.pad + button_h + lay.pad
        panel = Rect(0, 0, width, height)
        panel.center = area.center
        panel.clamp_ip(Rect(0, lay.top_bar.bottom, lay.width,
                            lay.hand_area.top - lay.top_bar.bottom))
        button = Rect(0, 0, min(inner, round(lay.font * 13)), button_h)
        button.midbottom = (panel.centerx, panel.bottom - lay.pad)
        return panel, lines, button

    def pass_controls(self) -> list[Control]:
        n = self.pass_count()
        left = n - len(self.pass_choice)
        partner = self.names[self.view.partner]
        label = f"Pass to {partner}" if left == 0 else f"Choose {left} more"
        return [Control(("btn", "confirm"), self.pass_panel()[2], self.confirm_pass, label,
                        enabled=left == 0, hint="Enter", style="primary",
                        refused=lambda: self.say(
                            f"Choose {plural(n, 'card')} to pass first"))]

    def pass_advice(self) -> tuple[tuple[int, ...], str]:
        """The coach's pass: the normal player's, from the player's own view."""
        action, reason = choose_pass(self.match.view(HUMAN))
        return action.cards, reason

    def received_marks(self) -> int:
        """The cards the partner passed to the player, marked in the hand until the
        first trick is taken (the view says which; 0 when nothing was passed)."""
        view = self.view
        if view.phase != "playing" or view.tricks:
            return 0
        return view.received & view.hand

    # --- every pass, animated -----------------------------------------------------

    def _cards_passed(self, e: CardsPassed) -> Iterator[Any]:
        """Cards cross face down from ``e.seat`` to its partner; the player's own leave
        its hand (it knows them: the view's ``passed``)."""
        s, lay = self.shown, self.layout
        if e.seat == HUMAN:
            rects = self.hand_layout()
            cards = cards_of(self.match.view(HUMAN).passed)
            starts = [rects[s.hand.index(c)].move(0, -lay.lift) if c in s.hand
                      else lay.seat_origin(HUMAN) for c in cards]
            s.hand = [c for c in s.hand if c not in cards]
        else:
            fan = lay.fan_rects(e.seat, s.sizes[e.seat])
            starts = [fan[-1] if fan else lay.seat_origin(e.seat)] * e.count
            s.sizes[e.seat] = max(0, s.sizes[e.seat] - e.count)
        s.to_act = None
        self.bubbles[e.seat] = (f"passes {plural(e.count, 'card')}",
                                self.now + 1.4 * max(self.speed, 0.5))

        def land() -> None:
            if e.to_seat != HUMAN:
                s.sizes[e.to_seat] += 1

        for i, start in enumerate(starts):
            end = Rect(lay.seat_origin(e.to_seat))
            if e.to_seat == HUMAN:
                end = Rect(start.topleft, (lay.card_w, lay.card_h))
                end.midbottom = lay.hand_area.midtop
            self._fly(None, start, end, PASS_FLIGHT + i * PASS_STAGGER, land)
        if self.sounds:
            self.sounds.play("play")
        yield PASS_FLIGHT + (len(starts) - 1) * PASS_STAGGER

    def _cards_exchanged(self, e: CardsExchanged) -> Iterator[Any]:
        """The pair took up what was passed: the player's hand shows the cards it was
        given (marked), and the message line says what went and what came."""
        if HUMAN in e.seats:
            view = self.match.view(HUMAN)
            partner = self.names[view.partner]
            yield anim.REVEAL
            self.shown.hand = hand_order(cards_of(view.hand))
            self.shown.top_suits = None
            self.message = (f"You passed {cards_words(cards_of(view.passed))} to {partner}; "
                            f"{partner} passed you {cards_words(cards_of(view.received))}.",
                            self.now + 8.0 * max(self.speed, 0.6))
        else:
            a, b = e.seats
            self.flash = (f"{self.names[a]} and {self.names[b]} swapped their cards",
                          self.now + 2.0 * max(self.speed, 0.5))
        yield anim.BID_BEAT
