"""The table: a whole match played by mouse, touch or keyboard.

The scene holds the engine's ``Match`` and never re-derives a rule. What it draws
comes from the player's ``PlayerView`` and from the events ``apply`` returns. This
module is the scene: its state, the computer players' turns and the player's
decisions. The routing of pointer and keys is in table_input.py; the motion of each
event is in choreography.py (the drawn state, ``Shown``, changes only as its scripts
land, so the table never runs ahead of its own motion); the panels' controls are in
table_panels.py. When nothing is left to animate, the drawn state is checked back
against the player's view.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from pygame import Rect

from ...ai import (
    make_player,
    suggested_bid,
    suggested_bid_worth,
    suggested_card,
)
from ...ai.alone import think_alone
from ...ai.compare import Comparison, seat_summary
from ...ai.reading import read_table
from ...engine import (
    LOOK,
    OVER,
    STANDARD,
    Bid,
    Event,
    HandScored,
    Match,
    MatchOver,
    Play,
    PlayerView,
    Rules,
)
from ...engine.match import HandResult
from ..art.avatar import table_faces
from ..layout.window import Layout, compute_layout
from ..seating.strengths import seat_strengths
from ..speech.announce import cards_words
from ..speech.narration import Narration
from ..speech.words import UNDO_ASK, bid_words, comparison_verdict, rules_hint, told_bid_hint
from ..widgets import Group, InputMode, ScrollArea
from . import anim
from .choreography import HUMAN, Choreography, Shown, hand_order
from .control import CLOSABLE, Control
from .panels import TablePanels
from .passing import NilPassing
from .routing import TableInput
from .seen import SeenPanel
from .shared import SharedMatch, SharedPlay
from .stock_draw import StockDraw

__all__ = ["HUMAN", "Control", "Shown", "TableOptions", "TableScene", "bid_words",
           "hand_order"]



@dataclass
class TableOptions:
    rules: Rules = STANDARD
    seed: int | str = 0
    names: tuple[str, str, str, str] = ("You", "West", "North", "East")
    # Seat 0 is the player unless ``autoplay`` names a strength for it.
    strengths: tuple[str, str, str] = ("normal", "normal", "normal")  # West, North, East
    autoplay: str | None = None
    speed: str = "normal"
    four_colour: bool = False
    sound: bool = True
    coach: bool = False
    avatar: tuple[str, str] = ("spade", "gold")  # the player's face: shape and colour
    announcements: bool = False  # words for a listener: see narration.py
    speech_rate: int = 150  # the words a minute the table waits for them to be read


class TableScene(SharedPlay, TableInput, NilPassing, StockDraw, Choreography, SeenPanel,
                 TablePanels, Narration):
    def __init__(self, options: TableOptions, match: Match | SharedMatch | None = None,
                 practice: bool = False, sounds: Any = None, reading: Any = None,
                 input_mode: InputMode | None = None) -> None:
        self.options = options
        self.sounds = sounds
        # The App's input mode (touch, mouse or keys), which the key hints follow.
        self.input = input_mode if input_mode is not None else InputMode()
        self.match = match if match is not None else Match(options.rules, options.seed)
        self.practice = practice
        # A shared table: the server plays its computers and is the only authority.
        self.shared = isinstance(self.match, SharedMatch)
        # The hard players' reading of this match's seats (saved with it, new per match).
        # (Hard alone, at three and two, reads none: ai/alone/hard.py.)
        self.reading = read_table(reading, self.match.history if not self.shared and
                                  self.match.rules.partnerships else [])
        self.players: dict[int, Any] = {}
        others = seat_strengths(options.strengths, self.match.rules)
        seats = [] if self.shared else list(enumerate(others, start=1))
        if options.autoplay and not self.shared:
            seats.append((HUMAN, seat_strengths((options.autoplay,) * 3, self.match.rules)[0]))
        for seat, strength in seats:
            extra = {"reading": self.reading} if strength == "hard" else {}
            self.players[seat] = make_player(strength, seed=f"{self.match.seed}/{seat}",
                                             **extra)
        self.now = 0.0
        self.layout: Layout = compute_layout(1280, 720, self.match.rules.seats)
        self.shown = Shown.seated(self.match.rules.seats, self.match.rules.sides)
        self.view = self.match.view(HUMAN)
        self.queue: deque[Event] = deque()
        self.view_marks: deque[tuple[int, PlayerView]] = deque()  # see enqueue
        self.events_queued = self.events_begun = 0
        self.script: Iterator[Any] | None = None
        self.wait_until = 0.0
        self.blocked = False
        self.skipping = False
        self.flights: list[anim.Flight] = []
        self.overlays: list[str] = []
        self.breakdown: HandScored | None = None
        self.result: MatchOver | None = None
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.flash: tuple[str, float] | None = None
        self.message: tuple[str, float] | None = None
        self.thinker: Any = None
        self.autoplay_decision: Any = None
        self.thinking_key: tuple | None = None
        self.think_started = 0.0
        self.hurry = False
        self.bid_choice: int | None = None
        self.pass_choice: list[int] = []  # the cards chosen to pass (nil card passing)
        self.decision_key: int | None = None
        self.coach_advice: tuple[int, Any, str] | None = None
        self._suggested: tuple[int, int, str] | None = None  # the bid panel's, per decision
        self.focus: tuple | None = None
        self.keyboard = False
        self.hover: tuple | None = None
        self.group = Group(arrows_move_focus=False)  # tap or drag, for every control
        self.score_area = ScrollArea()  # the score sheet's hands
        self.help_area = ScrollArea()  # the help's rows, on a short window
        self.controls: list[Control] = []
        self.want_quit = False
        self.want_rematch = False
        self.want_new = False
        self.want_back = False
        self.want_level: int | None = None  # a Journey level to play next (-1: the list)
        self.level: int | None = None  # the Journey level this match is, if any
        self.demo = False  # the guided demonstration deal
        self.told_bid: str | None = None  # why the game bid for the player (Mirror)
        self.hint_text = ""  # the Hint's panel's words (at a bid or a pass)
        self.want_howto = False
        self.want_replay: HandResult | None = None
        self.replay: str | None = None  # "Hand 4" when it replays that deal
        self.comparison: Comparison | None = None
        self.on_change: Callable[[], None] = lambda: None  # after every action: save
        self.on_match_over: Callable[[], None] = lambda: None
        self.announced: int | None = None
        resumed = bool(self.match.actions or self.match.history)
        self._init_narration(resumed)
        if resumed:
            self.shown.sync(self.view, len(self.match.history))
            self._resume_overlays()
        else:
            self.shown.view = self.view
            self.enqueue(self.match.opening_events, self.view)

    # --- time and speed ----------------------------------------------------------------

    @property
    def speed(self) -> float:
        return anim.SPEEDS[self.options.speed]

    def set_layout(self, width: int, height: int) -> None:
        if (width, height, self.captions_shown()) != self.layout_key:
            self.layout = self.laid_out(width, height)  # below the captions, if shown
            if self.flights:
                # Flights were aimed at the old layout: land them all at once.
                self.finish_motion()

    @property
    def busy(self) -> bool:
        """Animating: input first completes the motion instead of being lost."""
        return bool(self.flights) or (self.script is not None and not self.blocked) or (
            bool(self.queue) and not self.blocked
        )

    @property
    def idle(self) -> bool:
        return self.script is None and not self.queue and not self.flights

    def update(self, dt: float, think_ms: float = 6.0) -> None:
        started = time.perf_counter()
        self.now += dt
        self.group.update(dt)
        if self.comparison is not None and self.comparison.result is None and \
                "compare" in self.overlays:
            self.comparison.step(think_ms)
            if self.comparison.result is not None:
                self.narrate_comparison(comparison_words(self.comparison))
        if self.shared:
            self.take_shared()
        self._pump()
        if self.idle:
            self._settle()
            self._drive(think_ms)
            if self.idle and self.decision_key != len(self.match.actions):
                # A computer player's move was shown at once (instant speed): the next
                # decision starts now, not after the player's first tap on it.
                self._settle()
        # With all cards seen: its panel's slice, or what the frame's thinking left.
        self.step_seen(think_ms, think_ms - (time.perf_counter() - started) * 1000)

    # --- settling and the computer players -----------------------------------------

    def _settle(self) -> None:
        """Nothing is moving: the drawn table must now agree with the player's view."""
        self.view = self.match.view(HUMAN)
        self.shown.sync(self.view, len(self.match.history))
        key = len(self.match.actions)
        if self.decision_key != key:
            self.decision_key = key
            self.bid_choice = None
            self.pass_choice = []
            self.coach_advice = None
            if self.view.my_turn and self.announced != key and HUMAN not in self.players:
                self.announced = key
                if self.sounds:
                    self.sounds.play("turn")
                self.narrate_turn()
        self.say_turn_when_heard()

    def _drive(self, think_ms: float) -> None:
        if self.match.phase == OVER or self.overlays_block_play():
            return
        seat = self.match.to_act
        player = self.players.get(seat)
        if player is None:
            return
        key = (seat, len(self.match.actions))
        if self.thinking_key != key:
            if self.match.rules.partnerships:  # hard alone reads no table (ai/alone)
                self.reading.sync(self.match.history)
            self.thinker = player.think(self.match.view(seat))
            self.thinking_key = key
            self.think_started = self.now
            self.hurry = False
        if not self.thinker.done:
            self.thinker.step(think_ms)
            return
        pace = anim.AI_PACE[self.options.speed]
        if (not self.hurry and self.now - self.think_started < pace) or self.held_by_words():
            return
        if seat == HUMAN:
            # Autoplay: the decision is carried out by clicks (see autopilot.Autopilot).
            self.autoplay_decision = self.thinker.decision
        else:
            self._apply(self.thinker.decision)

    def overlays_block_play(self) -> bool:
        return any(o in ("breakdown", "match_over", "pause", "undo_ask") for o in self.overlays)

    def _apply(self, action: Any) -> bool:
        """Apply ``action`` only if it is among the engine's legal actions right now;
        otherwise nothing changes, the table says why, and False is returned (so an
        IllegalAction never leaves the scene, whoever proposed the action)."""
        if action not in self.match.legal_actions():
            self.say(self.match.refusal(action) or "That cannot be done now")
            self.thinker = self.thinking_key = None
            self.autoplay_decision = None
            return False
        events = self.match.apply(action)
        self.view = self.match.view(HUMAN)
        self.enqueue(events, self.view)
        self.on_change()
        if self.match.is_over:
            self.on_match_over()
        self.thinker = None
        self.thinking_key = None
        self.autoplay_decision = None
        self.hurry = False
        self._pump()
        return True

    # --- the player's decisions ----------------------------------------------------

    def can_act(self) -> bool:
        return self.idle and self.view.my_turn and not self.overlays_block_play() and \
            not (self.shared and self.match.waiting)

    def say(self, text: str, seconds: float = 4.0, card: int | None = None) -> None:
        """The message line, said too (a refusal of ``card`` names it)."""
        self.message = (text, self.now + seconds)
        self.narrate_message(text, card)

    def human_card(self, card: int) -> None:
        if not self.idle:
            self.finish_motion()
        view = self.match.view(HUMAN)
        reason = view.refusal(Play(card))
        if reason is not None or not self.can_act():
            self.say(reason or "Wait for the table", 4.0, card=card)
            return
        self.message = None
        self._apply(Play(card))

    def choose_bid(self, bid: int) -> None:
        view = self.match.view(HUMAN)
        reason = view.refusal(Bid(bid))
        if reason is not None:
            self.say(reason)
            return
        self.bid_choice = bid
        self.message = None
        self.focus = ("btn", "confirm")
        self.narrate_message(f"Bid {bid_words(bid)} chosen; Enter confirms it.")

    def confirm_bid(self) -> None:
        if self.bid_choice is None or not self.can_act():
            self.say("Choose a bid first")
            return
        bid, self.bid_choice = self.bid_choice, None
        self.focus = None
        self._apply(Bid(bid))

    def look(self) -> None:
        if self.can_act() and not self.view.looked:
            self.bid_choice = None
            self.focus = None
            self._apply(LOOK)

    def undo(self) -> None:
        if self.options.autoplay or self.alone_only("undo"):
            return
        if not self.practice and HUMAN in self.match.actors:
            # The first take-back of a match that counts asks first: it makes the
            # match practice, out of the statistics.
            self._open("undo_ask")
            self.narrate_message(f"{UNDO_ASK} Take back, or keep playing.")
            return
        self.take_back()

    def take_back(self) -> None:
        self._close("undo_ask")
        if not self.match.undo_to_decision(HUMAN):
            self.say("There is nothing of yours to take back yet")
            return
        self.practice = True
        self.queue.clear()
        self.forget_marks()
        self.script = None
        self.blocked = False
        self.flights = []
        self.overlays = [o for o in self.overlays if o in ("scores", "help")]
        self.breakdown = self.result = None
        self.thinker = self.thinking_key = None
        self.bubbles.clear()
        self.flash = self.told_bid = None
        self.view = self.match.view(HUMAN)
        self.shown.sync(self.view, len(self.match.history))
        self.narrate_resync()
        self.decision_key = None
        self.on_change()
        self.say("Taken back: this match now counts as practice")

    def hint(self) -> None:
        """What the player may do now and why. At a bid or a pass it is a panel of its
        own over the one that asks (said whole, wrapped, never cut: in the bid panel's
        rooms on a phone it ran over two parts and ended in "..."), as at the bid Mirror
        made for the player (on the message line it covered Go on); in play, the
        message line."""
        text = self.rules_hint()
        if self.told_bid is not None or (self.can_act() and
                                         self.view.phase in ("bidding", "passing")):
            self.hint_text = text
            self._open("hint")
            self.narrate_message(text)
        else:
            self.say(text, 8.0)

    def rules_hint(self) -> str:
        if self.told_bid is not None:
            # The table still shows the bid Mirror made (the engine is past the bidding).
            return told_bid_hint(self.told_bid)
        if self.breakdown is not None and self.match.phase != OVER:
            # The breakdown waits for Next hand (the engine has dealt the next hand).
            return (f"Hand {self.breakdown.hand_number + 1} is scored. Next hand deals "
                    "the next one.")
        # The table as shown (the engine may be a card or a bid ahead while it flies);
        # a suggestion only once it has caught up.
        view = self.shown.view
        mine = view.my_turn and self.idle
        suggestion = None
        bid = self.suggested_bid_value() if mine else None
        if bid is not None and self._suggested is not None:
            suggestion = (bid, self._suggested[2], suggested_bid_worth(view))
        if view.phase == "passing" and mine and not self.shared:
            # As for a bid: the suggestion and its reason, then the rule.
            cards, reason = self.pass_advice()
            return (f"Suggested: pass {cards_words(cards)}. {reason.rstrip('.')}. "
                    + rules_hint(view, self.names))
        return rules_hint(view, self.names, suggestion)

    def avatar(self, seat: int) -> tuple[str, str]:
        """The face drawn at a seat: the player's choice, the others' from their names."""
        own = None if self.options.autoplay else self.options.avatar
        return table_faces(self.options.names, own)[seat]

    def toggle_coach(self) -> None:
        if self.alone_only("coach"):
            return
        self.options.coach = not self.options.coach
        self.coach_advice = None
        advice = self.coach_words() if self.options.coach else None
        if advice is not None:
            self.message = None  # the message line shows the coach's advice and reason
            self.announce(self.announcer.say(f"Coach on. {advice.text}", urgent=True))
        else:
            self.say("Coach on: on your turn it outlines its choice and says why"
                     if self.options.coach else "Coach off")

    def coach(self) -> tuple[Any, str] | None:
        """The suggestion for the player's current decision, computed once per decision."""
        if not self.can_act() or HUMAN in self.players or self.shared:
            return None
        key = len(self.match.actions)
        if self.coach_advice is None or self.coach_advice[0] != key:
            view = self.match.view(HUMAN)
            if view.phase == "bidding":
                if not view.looked:
                    return None
                action, reason = suggested_bid(view)
                self.coach_advice = (key, action.value, reason)
            elif view.phase == "passing":
                self.coach_advice = (key, *self.pass_advice())
            elif view.phase == "drawing":  # two-handed: keep or discard, as normal would
                action, reason = think_alone(view)
                self.coach_advice = (key, action, reason)
            else:
                card, reason = suggested_card(view)
                self.coach_advice = (key, card, reason)
        return self.coach_advice[1], self.coach_advice[2]

    def next_hand(self) -> None:
        if "breakdown" not in self.overlays:
            return
        if self.replay:
            self.want_back = True  # a replayed deal ends with its one hand
        else:
            self.release()


    # --- overlays ----------------------------------------------------------------------

    def _open(self, name: str) -> None:
        if name in self.overlays:
            self.overlays.remove(name)
        if name == "scores":
            # Side by side the latest hand shows first; stacked, the top of "Us".
            self.score_area.offset = 1e9 if self.score_sheet().wide else 0.0
        if name == "help":
            self.help_area.offset = 0.0
        # A notice of the table (a hint, "Taken back") was said for the table: drawn
        # on over the panel opened after it, it hid the panel's rows.
        self.message = self.flash = None
        self.overlays.append(name)
        self.focus = None
        self.narrate_overlay(name)

    def _close(self, name: str) -> None:
        if name in self.overlays:
            self.overlays.remove(name)
        self.focus = None

    def toggle(self, name: str) -> None:
        if self.overlays and self.overlays[-1] == name:
            self._close(name)
        else:
            self._open(name)

    def escape(self) -> None:
        if self.overlays and self.overlays[-1] in CLOSABLE:
            self._close(self.overlays[-1])
        else:
            self._open("pause")


    # --- what the player can reach -----------------------------------------------------

    def screen_kind(self) -> str:
        """The kind of screen showing, for screenshots and tests."""
        if self.overlays:
            return {"breakdown": "hand_breakdown", "scores": "score_sheet",
                    "last": "last_trick", "match_over": "match_over",
                    "compare": "computer_comparison", "seen": "all_cards_seen",
                    "hint": "hint_panel", "undo_ask": "take_back_question"}.get(
                        self.overlays[-1], self.overlays[-1])
        if self.shown.dealing:
            return "deal"
        if self.shown.drawing:  # two-handed: "draw_choice" at the player's turn
            return "draw_choice" if self.offered_card() >= 0 else "draw"
        if self.shown.winner_card is not None:
            return "trick_won"
        if self.bid_panel_open():
            return "blind_nil_choice" if not self.view.looked else "bid_panel"
        if self.pass_open():
            return "nil_pass"
        if self.shown.trick:
            return "trick_in_progress"
        return "table"

    def bid_panel_open(self) -> bool:
        return self.can_act() and self.view.phase == "bidding"


    def card_rects(self) -> list[Rect]:
        """The player's cards as drawn: playable ones raised on the player's turn."""
        lay = self.layout
        rects = self.hand_layout()
        if self.can_act() and self.view.phase == "playing":
            legal = self.view.legal_card_mask()
            rects = [r.move(0, -lay.lift) if legal >> c & 1 else r
                     for c, r in zip(self.shown.hand, rects, strict=True)]
        elif self.pass_open():  # the cards chosen to pass stand raised
            rects = [r.move(0, -lay.lift) if c in self.pass_choice else r
                     for c, r in zip(self.shown.hand, rects, strict=True)]
        return rects

    def hand_layout(self) -> list[Rect]:
        """The hand's resting places; on two rows, split between suits (hand_rows)."""
        split = self.shown.rows(self.layout)
        return self.layout.hand_rects(len(self.shown.hand), split)

    def _card_action(self, card: int) -> Callable[[], None]:
        return lambda: self.pick_pass(card) if self.pass_open() else self.human_card(card)

    def suggested_bid_value(self) -> int | None:
        if not self.bid_panel_open() or not self.view.looked or self.shared:
            return None
        key = len(self.match.actions)
        cached = self._suggested
        if cached is None or cached[0] != key:
            action, reason = suggested_bid(self.match.view(HUMAN))
            self._suggested = (key, action.value, reason)
        return self._suggested[1]


def comparison_words(comparison: Comparison) -> str:
    """Computer's way's verdict, from the player's lead over the other side in each."""
    return comparison_verdict(seat_summary(comparison.original, HUMAN)["margin"],
                              seat_summary(comparison.result, HUMAN)["margin"])
