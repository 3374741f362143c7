"""Choreography: the engine's events turned into motion on the table.

Each event is animated by a small script (a generator that yields how long to wait),
and the drawn state (``Shown``) changes only as those scripts reach their landings, so
the table never runs ahead of its own motion. ``TableScene`` mixes this in: the scripts
read the scene's layout and speed and write only what is drawn (``shown``, flights,
bubbles, the message flash, the breakdown and result panels).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pygame import Rect

from ...engine import (
    BLIND_NIL,
    NIL,
    OVER,
    PlayerView,
    actions,  # the events: actions.BidMade, ...
    cards_of,
)
from ...engine.cards import RANK_OF, SUIT_OF
from ..layout.base import Layout
from ..layout.hand_rows import SUIT_ORDER, arrange
from ..layout.window import SOUTH
from ..speech.words import contracts_words, forced_bid_words
from . import anim

HUMAN = SOUTH
BLOCK = "block"  # a script step that waits for the player (Next hand, Rematch)


def hand_order(cards: list[int]) -> list[int]:
    # A joker or raised two sorts with the spades, above the ace (cards.SUIT_OF, RANK_OF).
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(SUIT_OF[c]), RANK_OF[c]))


@dataclass
class Shown:
    """The table as it is drawn right now, which may trail the match while it animates."""

    hand_number: int = 0
    dealer: int = 0
    hand: list[int] = field(default_factory=list)  # the player's cards, display order
    face_up: bool = False
    # By seat, as many as the table seats (``Shown.seated``).
    sizes: list[int] = field(default_factory=list)
    bids: list[int | None] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    trick: list[tuple[int, int]] = field(default_factory=list)
    last_trick: tuple[int, tuple[int, ...], int] | None = None  # leader, cards, winner
    scores: tuple[int, ...] = (0, 0)  # by side
    bags: tuple[int, ...] = (0, 0)
    spades_broken: bool = False
    hands_scored: int = 0
    to_act: int | None = None
    dealing: bool = False
    deck_left: int = 0
    winner_card: int | None = None  # the card that took the trick being shown
    # Two-handed's draw (stock_draw.py): under way as drawn, and the discard pile,
    # bottom first (a card shown face up, None face down); ``deck_left`` is the stock.
    drawing: bool = False
    discards: list[int | None] = field(default_factory=list)
    top_suits: frozenset[int] | None = None  # a two-row hand's upper row, for the hand
    # The player's view as of the last action the table has shown (its card landed,
    # its bid said): what T and Hint read, so they never name what is still in flight.
    view: PlayerView | None = None

    @classmethod
    def seated(cls, seats: int, sides: int) -> Shown:
        """An empty table of ``seats`` players scoring as ``sides``."""
        return cls(sizes=[0] * seats, bids=[None] * seats, tricks_won=[0] * seats,
                   scores=(0,) * sides, bags=(0,) * sides)

    def rows(self, lay: Layout) -> int | None:
        """Settle the hand's rows for ``lay`` (see :mod:`hand_rows`): ``hand`` is put in
        their order, in place; returns the upper row's size (None: halves, or one row)."""
        ordered, self.top_suits, split = arrange(lay, self.hand, self.top_suits)
        if ordered != self.hand:
            self.hand[:] = ordered
        return split

    def sync(self, view: PlayerView, hands_scored: int) -> None:
        if view.hand_number != self.hand_number or not view.looked:
            self.top_suits = None  # a new hand: its rows are settled afresh
        self.view = view
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
        self.drawing = view.phase == "drawing"
        self.discards = []
        if self.drawing:  # the order of the pile is not in the view: face down first
            self.deck_left = view.stock_left
            face_up = cards_of(view.shown)
            down = view.rules.cards.bit_count() - view.stock_left - sum(view.hand_sizes)
            self.discards = [None] * (down - len(face_up)) + face_up


class Choreography:
    """The event scripts and card flights of a ``TableScene`` (mixed into it)."""

    # --- the event scripts ---------------------------------------------------------

    def enqueue(self, events: list[actions.Event], view: PlayerView) -> None:
        """Queue one action's ``events`` to animate; ``view`` (the player's view after
        that action) becomes ``shown.view`` once the first of them is shown: its script
        begun and its flights landed (the card on the table, the bid's bubble up)."""
        if self.match.rules.draws:  # type: ignore[attr-defined]
            self.note_draws(events, self.__dict__.get("_queued_view"), view)  # type: ignore[attr-defined]
        self._queued_view = view
        self.view_marks.append((self.events_queued + min(1, len(events)), view))
        self.events_queued += len(events)
        self.queue.extend(events)
        self._take_marks()

    def _take_marks(self) -> None:
        while (self.view_marks and self.view_marks[0][0] <= self.events_begun
               and not self.flights):
            self.shown.view = self.view_marks.popleft()[1]

    def forget_marks(self) -> None:
        """The queue was dropped (a take-back, a fresh view): no view waits any more."""
        self.view_marks.clear()
        self.events_queued = self.events_begun = 0
        self._queued_view = self.view  # type: ignore[attr-defined]
        if self.match.rules.draws:  # type: ignore[attr-defined]
            self.draw_notes.clear()  # type: ignore[attr-defined]

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
                    self._take_marks()
                    continue
                self._take_marks()
                if wait == BLOCK:
                    self.blocked = True
                    return
                self.wait_until = self.now + wait * self.speed
                continue
            if not self.queue:
                return
            event = self.queue.popleft()
            self.events_begun += 1
            self.narrate_event(event)  # the words start with the motion
            self.script = self._script(event)
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
        self._take_marks()

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

    def _script(self, event: actions.Event) -> Iterator[Any]:
        if isinstance(event, actions.HandDealt):
            return self._deal(event)
        if isinstance(event, actions.CardDrawn):
            return self._card_drawn(event)  # type: ignore[attr-defined]  # stock_draw.py
        if isinstance(event, actions.CardsSeen):
            return self._cards_seen(event)
        if isinstance(event, actions.BidMade):
            return self._bid_made(event)
        if isinstance(event, actions.BiddingDone):
            return self._bidding_done(event)
        if isinstance(event, actions.CardsPassed):
            return self._cards_passed(event)  # passing.py's, as the next one
        if isinstance(event, actions.CardsExchanged):
            return self._cards_exchanged(event)
        if isinstance(event, actions.CardPlayed):
            return self._card_played(event)
        if isinstance(event, actions.SpadesBroken):
            return self._spades_broken(event)
        if isinstance(event, actions.TrickWon):
            return self._trick_won(event)
        if isinstance(event, actions.HandScored):
            return self._hand_scored(event)
        return self._match_over(event)

    def _deal(self, e: actions.HandDealt) -> Iterator[Any]:
        s = self.shown
        s.hand_number, s.dealer = e.hand_number, e.dealer
        s.hand, s.face_up = [], False
        rules = self.match.rules
        seats, dealt = rules.seats, rules.tricks
        s.sizes = [0] * seats
        s.bids = [None] * seats
        s.tricks_won = [0] * seats
        s.trick, s.last_trick = [], None
        s.spades_broken = False
        s.to_act = None
        if rules.draws:  # two-handed: no deal, the draw from the stock (stock_draw.py)
            self.begin_draw()  # type: ignore[attr-defined]
            s.to_act = (e.dealer + 1) % seats
            yield anim.BID_BEAT
            return
        s.dealing = True
        s.deck_left = dealt * seats
        lay = self.layout
        for i in range(dealt * seats):
            seat = (e.dealer + 1 + i) % seats
            k = i // seats
            if seat == HUMAN:
                end = lay.hand_rects(dealt)[k]
            else:
                end = lay.fan_rects(seat, dealt)[k]
            s.deck_left -= 1
            self._fly(None, self._deck_rect(), end, anim.DEAL_FLIGHT, self._lander(seat))
            if i % seats == 0 and self.sounds:
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
        self.shown.top_suits = None
        self.shown.face_up = True

    def _cards_seen(self, e: actions.CardsSeen) -> Iterator[Any]:
        if e.seat == HUMAN:
            yield anim.REVEAL
            self._reveal()
        else:
            self.bubbles[e.seat] = ("looks at the cards", self.now + 1.2 * max(self.speed, 0.5))
            yield anim.BID_BEAT

    def _bid_made(self, e: actions.BidMade) -> Iterator[Any]:
        self.shown.bids[e.seat] = e.bid
        text = "Blind nil!" if e.bid == BLIND_NIL else ("Nil" if e.bid == NIL else f"Bid {e.bid}")
        if e.forced and e.seat == HUMAN and not self.demo:
            # Mirror bid for the player: the table says so at their turn and waits
            # until they go on (the demonstration has its own words for it).
            self.told_bid = forced_bid_words(e.bid)
            yield BLOCK
            self.told_bid = None
        seats = self.match.rules.seats
        self.shown.to_act = (e.seat + 1) % seats if None in self.shown.bids else None
        self.bubbles[e.seat] = (text, self.now + 1.4 * max(self.speed, 0.5))
        if self.sounds:
            self.sounds.play("play")
        yield anim.BID_BEAT

    def _bidding_done(self, e: actions.BiddingDone) -> Iterator[Any]:
        self.bubbles.clear()
        self.flash = (contracts_words(e.contracts, self.names),
                      self.now + 2.0 * max(self.speed, 0.5))
        yield anim.BID_BEAT

    def _card_played(self, e: actions.CardPlayed) -> Iterator[Any]:
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
            seats = self.match.rules.seats
            s.to_act = (e.seat + 1) % seats if len(s.trick) < seats else None

        yield self._fly(e.card, start, lay.trick_slots[e.seat], anim.PLAY_FLIGHT, land)

    def _spades_broken(self, e: actions.SpadesBroken) -> Iterator[Any]:
        self.shown.spades_broken = True
        self.flash = ("Spades are broken", self.now + 1.8 * max(self.speed, 0.5))
        yield 0.0

    def _trick_won(self, e: actions.TrickWon) -> Iterator[Any]:
        s = self.shown
        seats = self.match.rules.seats
        s.winner_card = e.cards[[(e.leader + i) % seats for i in range(seats)].index(e.seat)]
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
        s.to_act = e.seat if e.trick_number < self.match.rules.tricks - 1 else None

    def _hand_scored(self, e: actions.HandScored) -> Iterator[Any]:
        self.shown.scores, self.shown.bags = e.scores, e.bags
        self.shown.hands_scored += 1
        self.breakdown = e
        self._open("breakdown")
        yield BLOCK
        self._close("breakdown")
        self.breakdown = None

    def _match_over(self, e: actions.MatchOver) -> Iterator[Any]:
        self.result = e
        self.match_over_at = self.now  # the winner's moment plays from here
        self._open("match_over")
        yield BLOCK

    def _resume_overlays(self) -> None:
        """A match resumed after its end shows its result again."""
        if self.match.phase == OVER and self.match.history:
            last = self.match.history[-1]
            self.result = actions.MatchOver(self.match.winner or 0, last.scores_after)
            self.script = self._match_over(self.result)
            self.wait_until = self.now
