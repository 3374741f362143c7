"""The guided demonstration: one deal with fixed cards, played on the real table.

The deal is built so that, in order: the player, out of hearts, wins the ace of hearts
with the two of spades (and so breaks spades); leads and loses a club to the ace; and
must follow suit when diamonds are led, while East, out of diamonds, trumps. A short
text explains each step, with the trick it speaks of still on the table, and the card
it asks for is pointed at; the player may leave at any step. Under a variant the deal
shows the variant's moment too (demo_deal.py): a forced or two-button bid, a nil pass,
the Big Joker's ruff. Cutthroat and two-handed have deals of their own
(alone_deals.py): cutthroat tells the same story with three, two-handed shows the
draw, a card kept and a card shown, before a hand played freely.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygame import Rect

from ...ai import make_player
from ...ai.players import Decided
from ...engine import DRAWING, STANDARD, Match, Play, Rules, mask_of, parse_cards
from ...engine.cards import card_name
from ..art.theme import Text
from ..layout.window import compute_layout, compute_layout_below, too_small
from ..speech.words import rules_hint
from ..table.choreography import BLOCK
from ..table.scene import HUMAN, Control, TableOptions, TableScene
from ..widgets import InputMode
from .alone_deals import DRAW_ASKS, alone_deal
from .demo_deal import DemoDeal, demo_deal

_ORDINARY = demo_deal(STANDARD)
# The ordinary deal's script, asked cards and steps (the chosen rules may add to them).
SCRIPT = _ORDINARY.script
ASKED = _ORDINARY.asked
STEPS = _ORDINARY.steps
TEXTS = _ORDINARY.texts
# The tricks (by number) a step explains: they stay on the table until it is read.
EXPLAINED = {0: "broken", 2: "ruffed"}
READ_ONLY = ("welcome", "broken", "ruffed")  # steps that wait for Next


class ScriptedPlayer:
    """Plays its seat's script, then as the normal player does."""

    strength = "normal"

    def __init__(self, seat: int, script: dict | None = None) -> None:
        self.script = list((script or SCRIPT).get(seat, []))
        self.normal = make_player("normal", seed=f"demo/{seat}")

    def think(self, view: Any):
        # The script is followed only while it fits the deal; should the deal ever
        # leave it, the seat plays on as the normal player rather than stall.
        if self.script and self.script[0] in view.legal_actions():
            return Decided(self.script.pop(0), "The demonstration's card")
        self.script.clear()
        return self.normal.think(view)


def deal_for(rules: Rules) -> DemoDeal:
    """The demonstration's deal under the player's rules: of four, or played alone."""
    return demo_deal(rules) if rules.partnerships else alone_deal(rules)


def demo_match(deal: DemoDeal = _ORDINARY) -> Match:
    """The deal's match, the player dealing (so West, or North at two, starts)."""
    if deal.stock:
        return Match(deal.rules, "demo", start={"dealer": HUMAN, "stock": deal.stock,
                                                "hand_number": 0})
    deck = deal.rules.cards
    hands = tuple(mask_of(parse_cards(text, deck)) for text in deal.hands)
    return Match(deal.rules, "demo", start={"dealer": HUMAN, "hands": hands,
                                            "hand_number": 0})


class DemoScene(TableScene):
    """The demonstration under ``rules`` (the player's rule set): its variant's moment
    shown in the deal and said in the steps (demo_deal.py)."""

    def __init__(self, options: TableOptions, sounds: Any = None,
                 rules: Rules = STANDARD, input_mode: InputMode | None = None) -> None:
        options.names = (options.names[0], "West", "North", "East")
        self.deal = deal_for(rules)
        self.steps = self.deal.steps
        self.asked = self.deal.asked
        # A Mirror bid is made by the game: its step is read, not acted.
        self.read_only = READ_ONLY + (("bid",) if self.deal.rules.bidding == "mirror" else ())
        super().__init__(options, match=demo_match(self.deal), practice=True, sounds=sounds,
                         input_mode=input_mode)
        self.players = {seat: ScriptedPlayer(seat, self.deal.script)
                        for seat in range(1, self.match.rules.seats)}
        self.demo = True
        self.acknowledged: set[str] = set()
        self.band = 0
        self._wrap = Text()  # measures the explanations for the band's height
        self.reached: list[str] = []
        self.held: str | None = None  # the step whose trick is held on the table

    @property
    def holding(self) -> bool:
        """A finished trick waits on the table while its step is read."""
        return self.held is not None and self.blocked

    @property
    def waiting(self) -> bool:
        """Still, and waiting for the player: nothing moves until they act or read."""
        return self.idle or self.holding

    def _trick_won(self, e) -> Any:
        """A trick a step explains stays on the table, its winner marked, until Next."""
        gather = super()._trick_won(e)
        yield next(gather)  # the winner is marked and the trick held a moment
        step = EXPLAINED.get(e.trick_number)
        if step is not None and step not in self.acknowledged:
            self.held = step
            yield BLOCK
            self.held = None
        yield from gather

    # --- which step the table is at ---------------------------------------------------

    def step(self) -> str:
        m = self.match
        if "welcome" not in self.acknowledged:
            return "welcome"
        if self.deal.stock:
            return self.draw_step()
        if m.bids[HUMAN] is None or ("bid" in self.read_only and
                                     "bid" not in self.acknowledged):
            return "bid"
        if m.phase == "passing":
            return "pass"
        if self.holding:
            return self.held
        tricks = m.trick_number if not self.shown.trick else self.shown_trick_number()
        if tricks == 0:
            return "trump"
        if "broken" not in self.acknowledged:
            return "broken"
        if tricks == 1:
            return "lead"
        if tricks == 2:
            return "follow"
        if "ruffed" not in self.acknowledged:
            return "ruffed"
        return "free"

    def draw_step(self) -> str:
        """Two-handed's steps: the player's first draw kept, the second shown, the
        rest drawn freely; then the bid and the hand played freely."""
        m = self.match
        if m.phase == DRAWING:
            mine = sum(1 for seat, _ in m.draws if seat == HUMAN)
            return ("keep", "show")[mine] if mine < 2 else "draw"
        return "bid" if m.bids[HUMAN] is None else "free"

    def draw_choice(self, action: Any) -> None:
        """The draw's steps ask for their choice (a keep, then a discard)."""
        step = self.step()
        wanted = self.deal.draws.get(step)
        if wanted is not None and action != wanted and self.can_act():
            self.say(f"In this demonstration, {DRAW_ASKS[step]}")
            return
        super().draw_choice(action)  # type: ignore[misc]

    def shown_trick_number(self) -> int:
        """The trick being shown: the tricks the table has gathered so far. The match
        may already be past it (the last card in flight, the trick won) while it
        animates, and a step's text waits for what it describes to be on the table."""
        return sum(self.shown.tricks_won)

    def update(self, dt: float, think_ms: float = 6.0) -> None:
        super().update(dt, think_ms)
        step = self.step()
        if self.waiting and (not self.reached or self.reached[-1] != step):
            self.reached.append(step)
            self.narrate_message(self.deal.texts[step])  # a listener hears each step

    def overlays_block_play(self) -> bool:
        # A step that explains something holds the table still until it is read.
        return super().overlays_block_play() or (self.idle and self.step() in self.read_only)

    def acknowledge(self) -> None:
        self.acknowledged.add(self.step())
        if self.holding:
            self.release()  # the trick it explained is gathered now

    def pointed_card(self) -> int | None:
        """The card the step asks for, while the player may play it."""
        asked = self.asked.get(self.step())
        if isinstance(asked, tuple):  # the pass: the next card still to choose
            asked = next((c for c in asked if c not in self.pass_choice), None)
        if asked is None or not self.can_act() or asked not in self.shown.hand:
            return None
        return asked

    back_to: Any = None  # the page it was started from (How to play), to go back to

    def leave(self) -> None:
        self.want_back = True

    def next_hand(self) -> None:
        if "breakdown" in self.overlays:
            self.want_back = True

    def undo(self) -> None:
        """Not offered here: the scripted deal does not rewind, so taking a move back
        would leave the explanations asking for cards that can no longer be played."""
        self.say("Take-back is not offered in the demonstration deal")

    def pick_pass(self, card: int) -> None:
        """The pass asks for its cards (the deal's next tricks need the others)."""
        asked = self.asked.get("pass", ())
        if card not in asked and card not in self.pass_choice:
            self.say("In this demonstration, pass the "
                     + " and the ".join(card_name(c) for c in asked))  # type: ignore[union-attr]
            return
        super().pick_pass(card)

    def rules_hint(self) -> str:
        """The step's own ask first: a step to read waits for Next, and a step that
        asks for a card takes no other (the rule alone said "any card may be played"
        where only the 2 of spades was taken, and "Wait: West is to act" at the
        welcome)."""
        step = self.step()
        if step in self.read_only and step not in self.acknowledged:
            return "This step is to read: Next goes on."
        if step in self.deal.draws and self.can_act():
            return f"In this demonstration, {DRAW_ASKS[step]}."
        asked = self.asked.get(step)
        if asked is None or not self.can_act():
            return super().rules_hint()
        if isinstance(asked, tuple):  # the pass: its cards, then the rule (no coach's)
            return ("In this demonstration, pass the "
                    + " and the ".join(card_name(c) for c in asked) + ". "
                    + rules_hint(self.match.view(HUMAN), self.names))
        return f"In this demonstration, play the {card_name(asked)}. {super().rules_hint()}"

    def human_card(self, card: int) -> None:
        asked = self.asked.get(self.step())
        # The asked card is insisted on only while it can be played, so no state of
        # the deal can leave the player with nothing allowed.
        if asked is not None and card != asked and self.can_act() and \
                self.view.refusal(Play(asked)) is None:
            if self.view.refusal(Play(card)) is None:
                self.say(f"In this demonstration, play the {card_name(asked)}")
                return
        super().human_card(card)

    # --- the explanation panel ---------------------------------------------------------

    def set_layout(self, width: int, height: int) -> None:
        """The table sits below a band as tall as the longest explanation needs."""
        if self.band and (width, height) == (self.layout.width, self.layout.height):
            return
        seats = self.match.rules.seats
        self.layout = compute_layout(width, height, seats)
        self.band = max(self.band_for(step) for step in self.steps)
        if not too_small(width, height - self.band):
            for _ in range(3):  # the table below may draw its words at another size
                self.layout = compute_layout_below(width, height, self.band, seats)
                band = max(self.band_for(step) for step in self.steps)
                if band <= self.band:
                    break
                self.band = band
        else:
            # A short window: the table takes it all and the explanation lies over its
            # top (scores, seats); the bid panel moves below it, over the hand if it
            # must, so no bid button is hidden under the explanation.
            lay = self.layout
            shift = min(self.band + lay.pad - lay.bid_panel.top,
                        height - lay.pad - lay.bid_panel.bottom)
            if shift > 0:
                for rect in (lay.bid_panel, lay.bid_title, lay.bid_confirm, *lay.bid_buttons):
                    rect.move_ip(0, shift)
        if self.flights:
            self.finish_motion()

    def band_for(self, step: str) -> int:
        """The band that holds ``step``'s explanation as the frame draws it: the title
        line, the text, and the buttons beside it or in a row of their own below."""
        lay = self.layout
        h = self.tutor_button_height()
        lines = len(self.text_lines(self.tutor_text_width(), self.deal.texts[step]))
        text_h = lay.pad // 2 + round(lay.font_small * 1.3) + lines * round(lay.font * 1.25)
        if lay.width >= lay.font * 30:  # the buttons beside the text, centred on it
            box_h = max(text_h + lay.pad // 2, h + 2 * lay.pad)
        else:
            box_h = text_h + lay.pad + h + lay.pad
        return box_h + lay.pad

    def tutor_button_height(self) -> int:
        lay = self.layout
        return max(lay.target, round(lay.font * 2))

    def tutor_rect(self) -> Rect:
        lay = self.layout
        return Rect(lay.pad, lay.pad // 2, lay.width - 2 * lay.pad, self.band - lay.pad)

    def tutor_text_width(self) -> int:
        lay = self.layout
        width = lay.width - 4 * lay.pad
        if lay.width >= lay.font * 30:
            width -= 2 * (self.button_width() + lay.pad)  # the buttons sit to the right
        return width

    def button_width(self) -> int:
        lay = self.layout
        return min(round(lay.font * 8), (lay.width - 5 * lay.pad) // 2)

    def text_lines(self, width: int, text: str | None = None) -> list[str]:
        return self._wrap.wrap(text or self.tutor_text(), self.layout.font, width)

    def tutor_buttons(self) -> list[tuple[str, str, Callable[[], None], str]]:
        items = []
        step = self.step()
        if step == "welcome" or (self.waiting and step in self.read_only):  # as its text says
            items.append(("tutor_next", "Next", self.acknowledge, "Enter"))
        items.append(("tutor_leave", "Leave demo", self.leave, ""))
        return items

    def build_controls(self, can_quit: bool = True) -> list[Control]:
        controls = super().build_controls(can_quit)
        if self.overlays:
            return controls
        box = self.tutor_rect()
        lay = self.layout
        h = self.tutor_button_height()
        w = self.button_width()
        items = self.tutor_buttons()
        x = box.right - lay.pad - len(items) * (w + lay.pad) + lay.pad
        y = box.centery - h // 2 if lay.width >= lay.font * 30 else box.bottom - lay.pad - h
        extra = [Control(("btn", key), Rect(x + i * (w + lay.pad), y, w, h), action, label,
                         hint=hint, style="primary" if key == "tutor_next" else "secondary")
                 for i, (key, label, action, hint) in enumerate(items)]
        return self._set_controls([c for c in controls if c.key[0] != "tool"] + extra, [])

    def _default_control(self) -> Control | None:
        for control in self.controls:
            if control.key == ("btn", "tutor_next"):
                return control
        return super()._default_control()

    def screen_kind(self) -> str:
        kind = super().screen_kind()
        return f"demo_{self.step()}" if kind in ("table", "trick_in_progress", "bid_panel",
                                                 "trick_won") else kind

    def tutor_text(self) -> str:
        return self.deal.texts[self.step()]
