"""The table: a whole match played by mouse, touch or keyboard.

The scene holds the engine's ``Match`` and never re-derives a rule. What it draws
comes from the player's ``PlayerView`` and from the events ``apply`` returns; each
event is animated by a small script (a generator that yields how long to wait), and
the drawn state (``Shown``) changes only as those scripts reach their landings, so
the table never runs ahead of its own motion. When nothing is left to animate, the
drawn state is checked back against the player's view.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pygame import Rect

from .. import platform
from ..ai import make_player, suggested_bid, suggested_card
from ..ai.compare import Comparison
from ..engine import (
    BLIND_NIL,
    LOOK,
    NIL,
    OVER,
    STANDARD,
    Bid,
    BiddingDone,
    BidMade,
    CardPlayed,
    CardsSeen,
    Event,
    HandDealt,
    HandScored,
    Match,
    MatchOver,
    Play,
    PlayerView,
    Rules,
    SpadesBroken,
    TrickWon,
    cards_of,
)
from ..engine.cards import SUIT_NAMES, card_name
from ..engine.match import HandResult
from . import anim
from .avatar import face_for
from .help import help_label
from .layout import SOUTH, Layout, compute_layout
from .widgets import INPUT

HUMAN = SOUTH
BLOCK = "block"  # a script step that waits for the player (Next hand, Rematch)
CLOSABLE = ("scores", "last", "help", "pause", "compare")
# Left to right in the hand: colours alternate and spades, the trumps, come last.
SUIT_ORDER = (1, 0, 2, 3)


def hand_order(cards: list[int]) -> list[int]:
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c // 13), c % 13))


def bid_words(bid: int | None) -> str:
    if bid is None:
        return "-"
    if bid == BLIND_NIL:
        return "blind nil"
    if bid == NIL:
        return "nil"
    return str(bid)


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


@dataclass
class Shown:
    """The table as it is drawn right now, which may trail the match while it animates."""

    hand_number: int = 0
    dealer: int = 0
    hand: list[int] = field(default_factory=list)  # the player's cards, display order
    face_up: bool = False
    sizes: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    bids: list[int | None] = field(default_factory=lambda: [None] * 4)
    tricks_won: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    trick: list[tuple[int, int]] = field(default_factory=list)
    last_trick: tuple[int, tuple[int, ...], int] | None = None  # leader, cards, winner
    scores: tuple[int, int] = (0, 0)
    bags: tuple[int, int] = (0, 0)
    spades_broken: bool = False
    hands_scored: int = 0
    to_act: int | None = None
    dealing: bool = False
    deck_left: int = 0
    winner_card: int | None = None  # the card that took the trick being shown

    def sync(self, view: PlayerView, hands_scored: int) -> None:
        self.hand_number = view.hand_number
        self.dealer = view.dealer
        self.face_up = view.looked
        self.hand = hand_order(cards_of(view.hand))
        self.sizes = list(view.hand_sizes)
        self.bids = list(view.bids)
        self.tricks_won = list(view.tricks_won)
        self.trick = list(view.trick)
        if view.tricks:
            leader, cards = view.tricks[-1]
            self.last_trick = (leader, cards, view.trick_winners[-1])
        else:
            self.last_trick = None
        self.scores = view.scores
        self.bags = view.bags
        self.spades_broken = view.spades_broken
        self.hands_scored = hands_scored
        self.to_act = view.to_act if view.phase != OVER else None
        self.dealing = False
        self.deck_left = 0
        self.winner_card = None


@dataclass
class Control:
    """Something the player can click, tap or reach with Tab."""

    key: tuple
    rect: Rect
    action: Callable[[], None]
    label: str = ""
    enabled: bool = True
    group: str = ""  # arrow keys move within a group: "hand", "bids"
    hint: str = ""  # a shortcut key shown on the control


class TableScene:
    def __init__(self, options: TableOptions, match: Match | None = None,
                 practice: bool = False, sounds: Any = None) -> None:
        self.options = options
        self.sounds = sounds
        self.match = match if match is not None else Match(options.rules, options.seed)
        self.practice = practice
        self.players: dict[int, Any] = {}
        for seat, strength in zip((1, 2, 3), options.strengths, strict=True):
            self.players[seat] = make_player(strength, seed=f"{self.match.seed}/{seat}")
        if options.autoplay:
            self.players[HUMAN] = make_player(options.autoplay, seed=f"{self.match.seed}/0")
        self.now = 0.0
        self.layout: Layout = compute_layout(1280, 720)
        self.shown = Shown()
        self.view = self.match.view(HUMAN)
        self.queue: deque[Event] = deque()
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
        self.decision_key: int | None = None
        self.coach_advice: tuple[int, Any, str] | None = None
        self._suggested: tuple[int, int, str] | None = None  # the bid panel's, per decision
        self.focus: tuple | None = None
        self.keyboard = False
        self.hover: tuple | None = None
        self.pressed: tuple | None = None
        self.controls: list[Control] = []
        self.want_quit = False
        self.want_rematch = False
        self.want_new = False
        self.want_back = False
        self.want_level: int | None = None  # a Journey level to play next (-1: the list)
        self.level: int | None = None  # the Journey level this match is, if any
        self.demo = False  # the guided demonstration deal
        self.want_howto = False
        self.want_replay: HandResult | None = None
        self.replay: str | None = None  # "deal 123-4" when this table replays a deal
        self.comparison: Comparison | None = None
        self.on_change: Callable[[], None] = lambda: None  # after every action: save
        self.on_match_over: Callable[[], None] = lambda: None
        self.announced: int | None = None
        if self.match.actions or self.match.history:
            self.shown.sync(self.view, len(self.match.history))
            self._resume_overlays()
        else:
            self.queue.extend(self.match.opening_events)

    # --- time and speed ----------------------------------------------------------------

    @property
    def speed(self) -> float:
        return anim.SPEEDS[self.options.speed]

    def set_layout(self, width: int, height: int) -> None:
        if (width, height) != (self.layout.width, self.layout.height):
            self.layout = compute_layout(width, height)
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
        self.now += dt
        if self.comparison is not None and self.comparison.result is None and \
                "compare" in self.overlays:
            self.comparison.step(think_ms)
        self._pump()
        if self.idle:
            self._settle()
            self._drive(think_ms)

    # --- the event scripts ---------------------------------------------------------

    def _pump(self) -> None:
        while True:
            self._land_flights()
            if self.script is not None:
                if self.blocked or (self.now < self.wait_until and not self.skipping):
                    return
                try:
                    wait = next(self.script)
                except StopIteration:
                    self.script = None
                    continue
                if wait == BLOCK:
                    self.blocked = True
                    return
                self.wait_until = self.now + wait * self.speed
                continue
            if not self.queue:
                return
            self.script = self._script(self.queue.popleft())
            self.wait_until = self.now

    def _land_flights(self) -> None:
        if not self.flights:
            return
        keep = []
        for f in self.flights:
            if self.skipping or f.lands_at <= self.now + 1e-9:
                if f.on_land:
                    f.on_land()
            else:
                keep.append(f)
        self.flights = keep

    def _fly(self, card: int | None, start: Rect, end: Rect, duration: float,
             on_land: Callable[[], None] | None = None) -> float:
        """Launch a flight; returns the scaled duration to wait for it."""
        scaled = 0.0 if self.skipping else duration * self.speed
        self.flights.append(anim.Flight(card, Rect(start), Rect(end), self.now, scaled, on_land))
        return duration

    def finish_motion(self) -> None:
        """Complete every animation at once, up to the next thing that waits for the player."""
        if not self.busy:
            self.hurry = True
            return
        self.skipping = True
        try:
            self._pump()
            self._land_flights()
        finally:
            self.skipping = False
        self.hurry = True

    def release(self) -> None:
        """The player has read what the table waited on (breakdown, result)."""
        if self.blocked:
            self.blocked = False
            self.wait_until = self.now
            self._pump()

    def _script(self, event: Event) -> Iterator[Any]:
        if isinstance(event, HandDealt):
            return self._deal(event)
        if isinstance(event, CardsSeen):
            return self._cards_seen(event)
        if isinstance(event, BidMade):
            return self._bid_made(event)
        if isinstance(event, BiddingDone):
            return self._bidding_done(event)
        if isinstance(event, CardPlayed):
            return self._card_played(event)
        if isinstance(event, SpadesBroken):
            return self._spades_broken(event)
        if isinstance(event, TrickWon):
            return self._trick_won(event)
        if isinstance(event, HandScored):
            return self._hand_scored(event)
        return self._match_over(event)

    def _deal(self, e: HandDealt) -> Iterator[Any]:
        s = self.shown
        s.hand_number, s.dealer = e.hand_number, e.dealer
        s.hand, s.face_up = [], False
        s.sizes = [0, 0, 0, 0]
        s.bids = [None] * 4
        s.tricks_won = [0, 0, 0, 0]
        s.trick, s.last_trick = [], None
        s.spades_broken = False
        s.to_act = None
        s.dealing = True
        s.deck_left = 52
        lay = self.layout
        for i in range(52):
            seat = (e.dealer + 1 + i) % 4
            k = i // 4
            if seat == HUMAN:
                end = lay.hand_rects(13)[k]
            else:
                end = lay.fan_rects(seat, 13)[k]
            s.deck_left -= 1
            self._fly(None, self._deck_rect(), end, anim.DEAL_FLIGHT, self._lander(seat))
            if i % 4 == 0 and self.sounds:
                self.sounds.play("deal")
            yield anim.DEAL_INTERVAL
        yield anim.DEAL_FLIGHT
        s.dealing = False
        if HUMAN not in e.blind_nil_seats:
            yield anim.REVEAL
            self._reveal()

    def _lander(self, seat: int) -> Callable[[], None]:
        def land() -> None:
            self.shown.sizes[seat] += 1
        return land

    def _deck_rect(self) -> Rect:
        r = Rect(0, 0, self.layout.trick_w, self.layout.trick_h)
        r.center = self.layout.trick_area.center
        return r

    def _reveal(self) -> None:
        view = self.match.view(HUMAN)
        self.shown.hand = hand_order(cards_of(view.hand))
        self.shown.face_up = True

    def _cards_seen(self, e: CardsSeen) -> Iterator[Any]:
        if e.seat == HUMAN:
            yield anim.REVEAL
            self._reveal()
        else:
            self.bubbles[e.seat] = ("looks at the cards", self.now + 1.2 * max(self.speed, 0.5))
            yield anim.BID_BEAT

    def _bid_made(self, e: BidMade) -> Iterator[Any]:
        self.shown.bids[e.seat] = e.bid
        self.shown.to_act = (e.seat + 1) % 4 if None in self.shown.bids else None
        text = "Blind nil!" if e.bid == BLIND_NIL else ("Nil" if e.bid == NIL else f"Bid {e.bid}")
        self.bubbles[e.seat] = (text, self.now + 1.4 * max(self.speed, 0.5))
        if self.sounds:
            self.sounds.play("play")
        yield anim.BID_BEAT

    def _bidding_done(self, e: BiddingDone) -> Iterator[Any]:
        us, them = e.contracts
        self.bubbles.clear()
        self.flash = (f"Contracts: us {us}, them {them}", self.now + 2.0 * max(self.speed, 0.5))
        yield anim.BID_BEAT

    def _card_played(self, e: CardPlayed) -> Iterator[Any]:
        s = self.shown
        s.to_act = None
        lay = self.layout
        if e.seat == HUMAN:
            rects = self.hand_layout()
            start = rects[s.hand.index(e.card)] if e.card in s.hand else lay.seat_origin(HUMAN)
            start = start.move(0, -lay.lift)
            if e.card in s.hand:
                s.hand.remove(e.card)
        else:
            fan = lay.fan_rects(e.seat, s.sizes[e.seat])
            start = fan[-1] if fan else lay.seat_origin(e.seat)
        s.sizes[e.seat] = max(0, s.sizes[e.seat] - 1)
        if self.sounds:
            self.sounds.play("play")

        def land() -> None:
            s.trick.append((e.seat, e.card))
            s.to_act = (e.seat + 1) % 4 if len(s.trick) < 4 else None

        yield self._fly(e.card, start, lay.trick_slots[e.seat], anim.PLAY_FLIGHT, land)

    def _spades_broken(self, e: SpadesBroken) -> Iterator[Any]:
        self.shown.spades_broken = True
        self.flash = ("Spades are broken", self.now + 1.8 * max(self.speed, 0.5))
        yield 0.0

    def _trick_won(self, e: TrickWon) -> Iterator[Any]:
        s = self.shown
        s.winner_card = e.cards[[(e.leader + i) % 4 for i in range(4)].index(e.seat)]
        yield anim.TRICK_HOLD
        lay = self.layout
        end = lay.packet_rects(e.seat, s.tricks_won[e.seat] + 1)[-1]
        slots = dict(s.trick)
        s.trick = []
        s.winner_card = None
        for seat, card in slots.items():
            self._fly(card, lay.trick_slots[seat], end, anim.GATHER_FLIGHT)
        if self.sounds:
            self.sounds.play("trick")
        yield anim.GATHER_FLIGHT
        s.tricks_won[e.seat] += 1
        s.last_trick = (e.leader, e.cards, e.seat)
        s.to_act = e.seat if e.trick_number < 12 else None

    def _hand_scored(self, e: HandScored) -> Iterator[Any]:
        self.shown.scores, self.shown.bags = e.scores, e.bags
        self.shown.hands_scored += 1
        self.breakdown = e
        self._open("breakdown")
        yield BLOCK
        self._close("breakdown")
        self.breakdown = None

    def _match_over(self, e: MatchOver) -> Iterator[Any]:
        self.result = e
        self._open("match_over")
        yield BLOCK

    def _resume_overlays(self) -> None:
        """A match resumed after its end shows its result again."""
        if self.match.phase == OVER and self.match.history:
            last = self.match.history[-1]
            self.result = MatchOver(self.match.winner or 0, last.scores_after)
            self.script = self._match_over(self.result)
            self.wait_until = self.now

    # --- settling and the computer players -----------------------------------------

    def _settle(self) -> None:
        """Nothing is moving: the drawn table must now agree with the player's view."""
        self.view = self.match.view(HUMAN)
        self.shown.sync(self.view, len(self.match.history))
        key = len(self.match.actions)
        if self.decision_key != key:
            self.decision_key = key
            self.bid_choice = None
            self.coach_advice = None
            if self.view.my_turn and self.announced != key and HUMAN not in self.players:
                self.announced = key
                if self.sounds:
                    self.sounds.play("turn")

    def _drive(self, think_ms: float) -> None:
        if self.match.phase == OVER or self.overlays_block_play():
            return
        seat = self.match.to_act
        player = self.players.get(seat)
        if player is None:
            return
        key = (seat, len(self.match.actions))
        if self.thinking_key != key:
            self.thinker = player.think(self.match.view(seat))
            self.thinking_key = key
            self.think_started = self.now
            self.hurry = False
        if not self.thinker.done:
            self.thinker.step(think_ms)
            return
        pace = anim.AI_PACE[self.options.speed]
        if not self.hurry and self.now - self.think_started < pace:
            return
        if seat == HUMAN:
            # Autoplay: the decision is carried out by clicks (see app.Autopilot).
            self.autoplay_decision = self.thinker.decision
        else:
            self._apply(self.thinker.decision)

    def overlays_block_play(self) -> bool:
        return any(o in ("breakdown", "match_over", "pause") for o in self.overlays)

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
        self.queue.extend(events)
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
        return self.idle and self.view.my_turn and not self.overlays_block_play()

    def say(self, text: str, seconds: float = 4.0) -> None:
        self.message = (text, self.now + seconds)

    def human_card(self, card: int) -> None:
        if not self.idle:
            self.finish_motion()
        view = self.match.view(HUMAN)
        reason = view.refusal(Play(card))
        if reason is not None or not self.can_act():
            self.say(reason or "Wait for the table", 4.0)
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
        if self.options.autoplay:
            return
        if not self.match.undo_to_decision(HUMAN):
            self.say("There is nothing of yours to take back yet")
            return
        self.practice = True
        self.queue.clear()
        self.script = None
        self.blocked = False
        self.flights = []
        self.overlays = [o for o in self.overlays if o in ("scores", "help")]
        self.breakdown = self.result = None
        self.thinker = self.thinking_key = None
        self.bubbles.clear()
        self.flash = None
        self.view = self.match.view(HUMAN)
        self.shown.sync(self.view, len(self.match.history))
        self.decision_key = None
        self.on_change()
        self.say("Taken back: this match now counts as practice")

    def hint(self) -> None:
        self.say(self.rules_hint(), 8.0)

    def rules_hint(self) -> str:
        """What the player may do now and why, in the engine's words; never a card's
        whereabouts or a winning line."""
        view = self.match.view(HUMAN)
        if view.phase == OVER:
            return "The match is over."
        if not view.my_turn:
            return f"Wait: {self.options.names[view.to_act]} is to act."
        if view.phase == "bidding":
            if not view.looked:
                return ("Your team trails by enough to bid blind nil: promise to take no "
                        "trick before you see your cards, for double the nil score, or look.")
            legal = [b.value for b in view.legal_actions() if isinstance(b, Bid)]
            words = ", ".join(bid_words(b) for b in legal)
            refused = [b for b in range(0, 14) if b not in legal]
            why = ""
            if refused:
                why = f" ({bid_words(refused[-1])}: {view.refusal(Bid(refused[-1]))})"
            return f"You may bid {words}.{why}"
        legal = view.legal_card_mask()
        illegal = view.hand & ~legal
        lead = "You lead this trick" if view.led_suit < 0 else (
            f"{SUIT_NAMES[view.led_suit].capitalize()} were led")
        if not illegal:
            if view.led_suit >= 0 and not view.hand >> (13 * view.led_suit) & 0x1FFF:
                return f"{lead} and you have none: any card may be played."
            return f"{lead}: any card in your hand may be played."
        reason = view.refusal(Play(cards_of(illegal)[0]))
        return f"{lead}. {reason}, so the raised cards are the ones you may play."

    def avatar(self, seat: int) -> tuple[str, str]:
        """The face drawn at a seat: the player's choice, the others' from their names."""
        if seat == HUMAN and not self.options.autoplay:
            return self.options.avatar
        return face_for(self.options.names[seat])

    def toggle_coach(self) -> None:
        self.options.coach = not self.options.coach
        self.coach_advice = None
        if self.options.coach and self.can_act():
            self.message = None  # the message line shows the coach's advice and reason
        else:
            self.say("Coach on: on your turn it outlines its choice and says why"
                     if self.options.coach else "Coach off")

    def coach(self) -> tuple[Any, str] | None:
        """The suggestion for the player's current decision, computed once per decision."""
        if not self.can_act() or HUMAN in self.players:
            return None
        key = len(self.match.actions)
        if self.coach_advice is None or self.coach_advice[0] != key:
            view = self.match.view(HUMAN)
            if view.phase == "bidding":
                if not view.looked:
                    return None
                action, reason = suggested_bid(view)
                self.coach_advice = (key, action.value, reason)
            else:
                card, reason = suggested_card(view)
                self.coach_advice = (key, card, reason)
        return self.coach_advice[1], self.coach_advice[2]

    def toggle_sound(self) -> None:
        self.options.sound = not self.options.sound
        if self.sounds:
            self.sounds.enabled = self.options.sound
        self.say("Sound on" if self.options.sound else "Sound off")

    def cycle_speed(self) -> None:
        names = anim.SPEED_NAMES
        self.options.speed = names[(names.index(self.options.speed) + 1) % len(names)]

    def next_hand(self) -> None:
        if "breakdown" not in self.overlays:
            return
        if self.replay:
            self.want_back = True  # a replayed deal ends with its one hand
        else:
            self.release()

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

    # --- overlays ----------------------------------------------------------------------

    def _open(self, name: str) -> None:
        if name in self.overlays:
            self.overlays.remove(name)
        self.overlays.append(name)
        self.focus = None

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

    # --- what the player can reach -----------------------------------------------------

    def screen_kind(self) -> str:
        """The kind of screen showing, for screenshots and tests."""
        if self.overlays:
            return {"breakdown": "hand_breakdown", "scores": "score_sheet",
                    "last": "last_trick", "match_over": "match_over",
                    "compare": "computer_comparison"}.get(
                        self.overlays[-1], self.overlays[-1])
        if self.shown.dealing:
            return "deal"
        if self.shown.winner_card is not None:
            return "trick_won"
        if self.bid_panel_open():
            return "blind_nil_choice" if not self.view.looked else "bid_panel"
        if self.shown.trick:
            return "trick_in_progress"
        return "table"

    def bid_panel_open(self) -> bool:
        return self.can_act() and self.view.phase == "bidding"

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

    def card_rects(self) -> list[Rect]:
        """The player's cards as drawn: playable ones raised on the player's turn."""
        lay = self.layout
        rects = self.hand_layout()
        if self.can_act() and self.view.phase == "playing":
            legal = self.view.legal_card_mask()
            rects = [r.move(0, -lay.lift) if legal >> c & 1 else r
                     for c, r in zip(self.shown.hand, rects, strict=True)]
        return rects

    def hand_layout(self) -> list[Rect]:
        """The hand's resting places; on two rows, split where the suit changes."""
        hand = self.shown.hand
        split = self.layout.hand_split([c // 13 for c in hand])
        return self.layout.hand_rects(len(hand), split)

    def _card_action(self, card: int) -> Callable[[], None]:
        return lambda: self.human_card(card)

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
            top = rects[7].top if self.layout.compact else \
                rects[0].top + round(self.layout.font * 1.6)
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
            body = 15 * row + lay.pad  # 13 keys, some explained over two lines
        elif name == "pause":
            body = 9 * (max(44, round(lay.font * 2)) + lay.pad)
            buttons = lay.pad
        elif name == "breakdown":
            lines = max((len(t.lines) for t in self.breakdown.teams), default=2) \
                if self.breakdown else 3
            body = round(lay.font * 1.3) + (lines + 4) * round(lay.font_small * 1.3) + lay.pad
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
            # A column; on a short window two or more, so each button keeps 44 px.
            top = panel.y + round(lay.font * 3.2)
            per_col = max(1, (panel.bottom - pad - top + pad) // (h + pad))
            cols = -(-len(names) // per_col)
            per_col = -(-len(names) // cols)
            w = min(panel.width - 4 * pad, round(lay.font * 16)) if cols == 1 else \
                (panel.width - (cols + 1) * pad) // cols
            left = panel.centerx - (cols * w + (cols - 1) * pad) // 2
            return [Rect(left + (i // per_col) * (w + pad), top + (i % per_col) * (h + pad),
                         w, h) for i in range(len(names))]
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

    # --- input ---------------------------------------------------------------------

    def control_at(self, pos: tuple[int, int]) -> Control | None:
        for control in reversed(self.controls):
            if control.rect.collidepoint(pos):
                return control
        return None

    def focused(self) -> Control | None:
        for control in self.controls:
            if control.key == self.focus:
                return control
        return None

    def activate(self, control: Control) -> None:
        if control.enabled or control.group in ("hand", "bids"):
            # A dimmed card or bid still answers: the engine says why it is refused.
            control.action()
        elif control.key[0] == "tool" and control.key[1] == "last":
            self.say("No trick has been played yet this hand")
        elif control.key[0] == "tool" and control.key[1] == "undo":
            self.say("There is nothing of yours to take back yet")
        elif control.key == ("btn", "confirm"):
            self.say("Choose a bid first")

    def mouse_down(self, pos: tuple[int, int]) -> None:
        self.keyboard = False
        if self.busy:
            self.finish_motion()
            self.build_controls()
        control = self.control_at(pos)
        self.pressed = control.key if control else None

    def mouse_up(self, pos: tuple[int, int]) -> None:
        control = self.control_at(pos)
        if control is not None and control.key == self.pressed:
            self.activate(control)
            self.build_controls()
        self.pressed = None

    def mouse_move(self, pos: tuple[int, int]) -> None:
        control = self.control_at(pos)
        self.hover = control.key if control else None

    def key(self, key: str, shift: bool = False) -> None:
        """A key press by name: 'tab', 'left', 'enter', 'escape', 's', ..."""
        if self.busy and key not in ("tab",):
            self.finish_motion()
        self.build_controls()
        if key == "tab":
            self.keyboard = True
            self._move_focus(-1 if shift else 1)
        elif key in ("left", "right", "up", "down"):
            self.keyboard = True
            self._arrow(key)
        elif key in ("enter", "space"):
            control = self.focused()
            if control is None:
                control = self._default_control()
            if control is not None:
                self.activate(control)
        elif key == "escape":
            self.escape()
        elif key == "s":
            self.toggle("scores")
        elif key == "l":
            if self.shown.last_trick is None:
                self.say("No trick has been played yet this hand")
            else:
                self.toggle("last")
        elif key == "h":
            self.hint()
        elif key == "u":
            self.undo()
        elif key == "c":
            self.toggle_coach()
        elif key == "m":
            self.toggle_sound()
        elif key == "help":
            self.toggle("help")
        elif key in ("w", "r", "e") and self.overlays and self.overlays[-1] == "breakdown":
            {"w": self.compare_hand, "r": self.replay_deal, "e": self.export_hand}[key]()
        self.build_controls()

    def _default_control(self) -> Control | None:
        """Enter with nothing focused: the one obvious thing (Next hand, Confirm, Rematch)."""
        for key in (("btn", "next"), ("btn", "next_level"), ("btn", "rematch"),
                    ("btn", "confirm"), ("btn", "close"), ("btn", "resume")):
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
            i = 0 if step > 0 else len(keys) - 1
        self.focus = keys[i]

    def _arrow(self, key: str) -> None:
        focused = self.focused()
        group = focused.group if focused else ("bids" if self.bid_panel_open() else "hand")
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
        elif group == "hand" and self.layout.hand_rows == 2 and len(members) > 7:
            cols = -(-len(members) // 2)
        step = {"left": -1, "right": 1, "up": -cols, "down": cols}[key]
        if key in ("up", "down") and cols >= len(members):
            return
        self.focus = members[max(0, min(len(members) - 1, i + step))].key

    def _group_start(self, members: list[Control]) -> Control:
        if members[0].group == "hand" and self.can_act():
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

    def suggested_bid_value(self) -> int | None:
        if not self.bid_panel_open() or not self.view.looked:
            return None
        key = len(self.match.actions)
        cached = self._suggested
        if cached is None or cached[0] != key:
            action, reason = suggested_bid(self.match.view(HUMAN))
            self._suggested = (key, action.value, reason)
        return self._suggested[1]
