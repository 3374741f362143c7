"""A match of Spades as a state machine driven by actions.

``apply`` checks an action first: an illegal one raises :class:`IllegalAction` with
the reason and leaves the match exactly as it was. A legal one returns the events it
caused. The match is deterministic: the seed fixes the first dealer and every deal,
so the log of actions replayed from the seed rebuilds any earlier state (undo, saves).
"""

from __future__ import annotations

import reprlib
from typing import Any

from . import actions  # the events, named where they are defined: actions.BidMade, ...
from .actions import (
    LOOK,
    Action,
    Bid,
    Discard,
    Keep,
    Look,
    Play,
    action_from_json,
    action_to_json,
    malformed,
    pass_choices,
)
from .cards import (
    SEATS,
    SPADES,
    SUIT_OF,
    cards_of,
    cards_text,
    left_of,
)
from .draw import Draw, draw_refusal
from .hand import HandResult, deal_hands, first_dealer, shuffled
from .legal import (
    BLIND_NIL,
    bid_refusal,
    blind_nil_choice,
    blind_nil_open,
    card_refusal,
    forced_bid,
    legal_bids,
    legal_cards,
    pass_refusal,
    passing_order,
    seat_refusal,
    spades_held,
    trick_winner_index,
    turn_refusal,
)
from .rules import STANDARD, Rules, RulesError
from .scoring import match_end, position_refusal, score_hand
from .sealing import SaveError, check_seal, read_start, seal

MATCH_FORMAT = "spades-match/1"

DRAWING = "drawing"  # two-handed: the hands drawn from the stock, before the bidding
BIDDING = "bidding"
PASSING = "passing"  # nil card passing, after the bidding
PLAYING = "playing"
OVER = "over"


class IllegalAction(ValueError):
    """An action the rules refuse; ``reason`` is a sentence for the player."""

    def __init__(self, reason: str, action: Action | None = None, seat: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.action = action
        self.seat = seat


class Match:
    def __init__(
        self, rules: Rules = STANDARD, seed: Any = 0, *, start: dict[str, Any] | None = None
    ) -> None:
        """A new match. ``start`` sets the first hand instead of the seed (replays,
        tests): ``{"dealer", "hands" (a mask a seat), "scores", "bags" (one a side),
        "hand_number"}``; two-handed starts from ``"stock"`` (the cards, top first)
        instead of ``"hands"``.

        The start's scores and bags must be a position a match could reach under
        ``rules`` (else ValueError): a save or record cannot begin past the end.
        """
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules value")
        if not isinstance(seed, int | str):
            raise TypeError("seed must be an int or a str")
        if start is not None:
            reason = position_refusal(
                rules, start.get("scores", (0,) * rules.sides),
                start.get("bags", (0,) * rules.sides),
            )
            hands = start.get("hands")
            if hands is not None and (rules.draws or len(hands) != rules.seats or any(
                h.bit_count() != rules.tricks for h in hands
            ) or sum(hands) != rules.cards):
                reason = (
                    f"the hands must be the whole {rules.deck} deck,"
                    f" {rules.tricks} cards each"
                    + (" (two-handed starts from a stock)" if rules.draws else "")
                )
            stock = start.get("stock")
            if stock is not None and (not rules.draws or sorted(stock) != cards_of(rules.cards)):
                reason = "a stock is the whole ordinary deck, and only two-handed draws from one"
            if reason is not None:
                raise ValueError(reason)
        self.rules = rules
        self.seats = rules.seats  # the table, read at every card
        self.tricks_per_hand = rules.tricks
        self.seed = seed
        self.start = start
        self._reset()

    # --- state -------------------------------------------------------------------

    def _reset(self) -> None:
        start = self.start or {}
        self.actions: list[Action] = []
        self.actors: list[int] = []
        self.history: list[HandResult] = []
        sides = self.rules.sides
        self.scores = list(start.get("scores", (0,) * sides))
        self.bags = list(start.get("bags", (0,) * sides))
        self.winner: int | None = None
        self.hand_number = start.get("hand_number", 0)
        self.dealer = (
            start["dealer"] if "dealer" in start else first_dealer(self.seed, self.rules.seats)
        )
        self.opening_events = self._deal(start.get("hands") or start.get("stock"))

    def _deal(self, cards: tuple[int, ...] | list[int] | None = None) -> list[actions.Event]:
        """Deal the next hand: ``cards`` are the hands (a mask a seat), or two-handed's
        stock (the cards top first); None shuffles them from the seed."""
        rules = self.rules
        seats = rules.seats
        self.draw: Draw | None = None
        if rules.draws:
            stock = cards or shuffled(self.seed, self.hand_number, rules.cards)
            self.draw = Draw(tuple(stock))
            self.draws: list[tuple[int, bool]] = []
            cards = (0,) * seats
        elif cards is None:
            cards = deal_hands(self.seed, self.hand_number, self.dealer, rules.cards, seats)
        self.dealt = tuple(cards)
        self.hands = list(cards)
        self.phase = DRAWING if rules.draws else BIDDING
        self.to_act = left_of(self.dealer, seats)
        self.bids: list[int | None] = [None] * seats
        self.bid_order: list[tuple[int, int]] = []
        side_open = [blind_nil_open(rules, self.scores, t) for t in range(rules.sides)]
        self.blind_open = tuple(side_open[rules.side_of(s)] for s in range(seats))
        self.looked = [not self.blind_open[s] for s in range(seats)]
        self.trick: list[tuple[int, int]] = []
        self.led_suit = -1
        self.spades_broken = False
        self.tricks_won = [0] * seats
        self.plays: list[int] = []
        self.trick_winners: list[int] = []
        self.voids = [0] * seats  # suit bits shown by play
        self.played = 0
        self.passers: tuple[int, ...] = ()  # who passes after a nil bid, in order
        self.passes: list[tuple[int, tuple[int, ...]]] = []
        self.passed = [0] * seats  # the cards each seat passed
        self.received = [0] * seats  # the cards each seat took up from its partner
        events: list[actions.Event] = [
            actions.HandDealt(
                self.hand_number,
                self.dealer,
                tuple(s for s in range(seats) if self.blind_open[s]),
            )
        ]
        self._auto_actions(events)
        return events

    def _auto_actions(self, events: list[actions.Event]) -> None:
        """What the match does for the seat to bid: a seat that cannot bid blind nil at
        its turn simply picks up its cards; under Mirror the match bids for it."""
        s = self.to_act
        if self.phase != BIDDING:
            return
        if not self.looked[s]:
            if not blind_nil_choice(self.rules, self._partner_bid(s), self.blind_open[s]):
                self.looked[s] = True
                events.append(actions.CardsSeen(s))
        forced = forced_bid(self.rules, self.hands[s])
        if forced is not None:
            events.extend(self._bid(s, forced, True))

    def _partner_bid(self, seat: int) -> int | None:
        """The partner's bid (None before it bids, and always when each plays alone)."""
        partner = self.rules.partner_of(seat)
        return None if partner is None else self.bids[partner]

    @property
    def trick_number(self) -> int:
        return len(self.trick_winners)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # --- legality ------------------------------------------------------------------

    def refusal(self, action: Action, seat: int | None = None) -> str | None:
        """Why ``action`` is illegal now (for ``seat``, if given), or None."""
        reason = malformed(action)
        if reason is not None:
            return reason
        if seat is not None:
            seats = self.seats
            if seat_refusal(seat, seats):
                return seat_refusal(seat, seats)
            if self.phase != OVER and seat != self.to_act:
                return turn_refusal(seat, self.to_act, seats)
        if self.phase == OVER:
            return "The match is over"
        s = self.to_act
        if isinstance(action, Play):  # the common case first: searches apply cards
            if self.phase == PLAYING:
                return card_refusal(
                    self.hands[s], action.card, self.led_suit, self.spades_broken,
                    self.rules.spades_lead_anytime,
                )
            if self.phase == PASSING:
                n = self.rules.nil_pass
                return f"First pass {n} card{'s' if n != 1 else ''} to your partner"
            if self.phase == DRAWING:
                return draw_refusal(False, True)
            return "Cards are played after the bidding"
        if self.phase == DRAWING or isinstance(action, Keep | Discard):
            return draw_refusal(isinstance(action, Keep | Discard), self.phase == DRAWING)
        if isinstance(action, Look):
            if self.phase != BIDDING or self.looked[s]:
                return "You have already seen your cards"
            return None
        if isinstance(action, Bid):
            if self.phase != BIDDING:
                return "The bidding is over"
            return bid_refusal(
                self.rules, action.value, self._partner_bid(s), self.blind_open[s],
                self.looked[s], spades_held(self.hands[s]),
            )
        if self.phase != PASSING:
            return "Cards are passed only to a nil bidding partner, after the bidding"
        return pass_refusal(self.rules, self.hands[s], action.cards)

    def legal_actions(self) -> list[Action]:
        if self.phase == PLAYING:
            return [Play(c) for c in cards_of(self.legal_card_mask())]
        if self.phase == BIDDING:
            s = self.to_act
            if not self.looked[s]:
                return [Bid(BLIND_NIL), LOOK]
            return [
                Bid(b) for b in legal_bids(
                    self.rules, self._partner_bid(s), False, True,
                    spades_held(self.hands[s]),
                )
            ]
        if self.phase == PASSING:
            return pass_choices(self.rules.nil_pass, self.hands[self.to_act])
        if self.phase == DRAWING:
            return [actions.KEEP, actions.DISCARD]
        return []

    def legal_card_mask(self) -> int:
        return legal_cards(
            self.hands[self.to_act], self.led_suit, self.spades_broken,
            self.rules.spades_lead_anytime,
        )

    # --- moves ---------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> list[actions.Event]:
        reason = self.refusal(action, seat)
        if reason is not None:
            raise IllegalAction(reason, action, self.to_act if seat is None else seat)
        actor = self.to_act
        if isinstance(action, Play):
            events: list[actions.Event] = self._play(actor, action.card)
        elif isinstance(action, Look):
            self.looked[actor] = True
            events = [actions.CardsSeen(actor)]
        elif isinstance(action, Bid):
            events = self._bid(actor, action.value)
        elif isinstance(action, Keep | Discard):
            events = self._draw(actor, isinstance(action, Keep))
        else:
            events = self._pass(actor, action.cards)
        self.actions.append(action)
        self.actors.append(actor)
        return events

    def _draw(self, seat: int, keep: bool) -> list[actions.Event]:
        """Two-handed: the seat keeps the top card or shows it and keeps the next; the
        last of the 26 turns starts the bidding."""
        draw = self.draw
        assert draw is not None
        card, shown = draw.take(seat, keep)
        self.hands[seat] |= 1 << card
        self.draws.append((seat, keep))
        events: list[actions.Event] = [actions.CardDrawn(seat, shown)]
        self.to_act = left_of(seat, self.rules.seats)
        if draw.done:
            self.dealt = tuple(self.hands)
            self.phase = BIDDING
            self.to_act = left_of(self.dealer, self.rules.seats)
            self._auto_actions(events)
        return events

    def _bid(self, seat: int, bid: int, forced: bool = False) -> list[actions.Event]:
        rules = self.rules
        self.bids[seat] = bid
        self.bid_order.append((seat, bid))
        if bid == BLIND_NIL:
            self.looked[seat] = True
        events: list[actions.Event] = [actions.BidMade(seat, bid, forced)]
        if len(self.bid_order) == rules.seats:
            contracts = tuple(
                sum(max(self.bids[s] or 0, 0) for s in rules.side_seats(t))
                for t in range(rules.sides)
            )
            events.append(actions.BiddingDone(contracts))  # type: ignore[arg-type]
            self.passers = tuple(
                s for pair in passing_order(self.rules, self.bid_order) for s in pair
            )
            if self.passers:
                self.phase = PASSING
                self.to_act = self.passers[0]
            else:
                self.phase = PLAYING
                self.to_act = left_of(self.dealer, rules.seats)
        else:
            self.to_act = left_of(seat, rules.seats)
            self._auto_actions(events)
        return events

    def _pass(self, seat: int, cards: tuple[int, ...]) -> list[actions.Event]:
        """A nil bidder or its partner passes cards face down; the partner's pass
        completes the exchange, and each takes up what it was given."""
        partner = (seat + 2) % SEATS  # nil passing is played by four only
        mask = 0
        for card in cards:
            mask |= 1 << card
        self.passed[seat] = mask
        self.hands[seat] &= ~mask
        self.passes.append((seat, tuple(cards)))
        events: list[actions.Event] = [actions.CardsPassed(seat, partner, len(cards))]
        at = len(self.passes)
        if at % 2 == 0:  # the pair's second pass: exchange
            nil_seat = self.passers[at - 2]
            for s in (nil_seat, (nil_seat + 2) % SEATS):
                self.received[s] = self.passed[(s + 2) % SEATS]
                self.hands[s] |= self.received[s]
            events.append(actions.CardsExchanged((nil_seat, (nil_seat + 2) % SEATS)))
        if at < len(self.passers):
            self.to_act = self.passers[at]
        else:
            self.phase = PLAYING
            self.to_act = left_of(self.dealer)
        return events

    def _play(self, seat: int, card: int) -> list[actions.Event]:
        hand = self.hands[seat]
        suit = SUIT_OF[card]
        events: list[actions.Event] = [
            actions.CardPlayed(seat, card, self.trick_number, len(self.trick))
        ]
        if not self.trick:
            self.led_suit = suit
            if suit == SPADES and not self.spades_broken and not self.rules.spades_lead_anytime:
                # Only a hand of nothing but spades may lead them now: that shows voids.
                self.voids[seat] |= 0b0111
                if self.rules.forced_spade_lead_breaks:
                    self.spades_broken = True
                    events.append(actions.SpadesBroken(seat))
        elif suit != self.led_suit:
            self.voids[seat] |= 1 << self.led_suit
            if suit == SPADES and not self.spades_broken:
                self.spades_broken = True
                events.append(actions.SpadesBroken(seat))
        self.hands[seat] = hand & ~(1 << card)
        self.played |= 1 << card
        self.plays.append(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.seats:
            self.to_act = (seat + 1) % self.seats
            return events
        cards = tuple(c for _, c in self.trick)
        winner = self.trick[trick_winner_index(cards)][0]
        self.tricks_won[winner] += 1
        self.trick_winners.append(winner)
        events.append(actions.TrickWon(winner, cards, self.trick[0][0], self.trick_number - 1))
        self.trick = []
        self.led_suit = -1
        self.to_act = winner
        if len(self.trick_winners) == self.tricks_per_hand:
            events.extend(self._finish_hand())
        return events

    def _finish_hand(self) -> list[actions.Event]:
        teams = score_hand(self.rules, self.bids, self.tricks_won, self.scores, self.bags)
        result = HandResult(
            rules=self.rules,
            hand_number=self.hand_number,
            dealer=self.dealer,
            hands=self.dealt,  # type: ignore[arg-type]
            bids=tuple(self.bid_order),
            plays=tuple(self.plays),
            trick_winners=tuple(self.trick_winners),
            teams=teams,
            scores_before=tuple(self.scores),  # type: ignore[arg-type]
            bags_before=tuple(self.bags),  # type: ignore[arg-type]
            passes=tuple(self.passes),
            **({"stock": self.draw.stock, "draws": tuple(self.draws)} if self.draw else {}),
        )
        self.history.append(result)
        self.scores = [t.score_after for t in teams]
        self.bags = [t.bags_after for t in teams]
        events: list[actions.Event] = [
            actions.HandScored(self.hand_number, teams, tuple(self.scores), tuple(self.bags))  # type: ignore[arg-type]
        ]
        self.winner, _ = match_end(self.rules, teams, self.scores)
        if self.winner is not None:
            self.phase = OVER
            events.append(actions.MatchOver(self.winner, tuple(self.scores)))  # type: ignore[arg-type]
            return events
        self.hand_number += 1
        self.dealer = left_of(self.dealer, self.rules.seats)
        events.extend(self._deal())
        return events

    # --- undo ----------------------------------------------------------------------

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions by replaying the rest from the seed."""
        if not 0 <= count <= len(self.actions):
            raise ValueError(f"cannot undo {count} of {len(self.actions)} actions")
        keep = self.actions[: len(self.actions) - count]
        self._reset()
        for action in keep:
            self.apply(action)

    def undo_to_decision(self, seat: int) -> bool:
        """Go back to just before ``seat``'s last decision (Practice Undo).

        Returns False, changing nothing, when the seat has made no decision yet.
        """
        for i in range(len(self.actors) - 1, -1, -1):
            if self.actors[i] == seat:
                self.undo(len(self.actions) - i)
                return True
        return False

    # --- views and records -----------------------------------------------------------

    def view(self, seat: int):
        """What ``seat`` may know; a seat not at the table raises ValueError."""
        from .view import PlayerView

        reason = seat_refusal(seat, self.rules.seats)
        if reason is not None:
            raise ValueError(reason)

        return PlayerView.of(self, seat)

    def state(self) -> dict[str, Any]:
        """The whole state as plain values, to compare two matches."""
        return {
            "rules": self.rules.to_dict(),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "scores": list(self.scores),
            "bags": list(self.bags),
            "hands": list(self.hands),
            "dealt": list(self.dealt),
            "bids": list(self.bids),
            "looked": list(self.looked),
            "trick": list(self.trick),
            "spades_broken": self.spades_broken,
            "tricks_won": list(self.tricks_won),
            "plays": list(self.plays),
            "passed": list(self.passed),
            "received": list(self.received),
            "winner": self.winner,
            "history": [h.to_record() for h in self.history],
            **({"stock": list(self.draw.stock), "draws": list(self.draws)}
               if self.draw else {}),
        }

    def to_json(self) -> dict[str, Any]:
        """The save: rules, seed, start position and action log, sealed with a checksum."""
        doc: dict[str, Any] = {
            "format": MATCH_FORMAT,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "actions": [action_to_json(a) for a in self.actions],
        }
        if self.start is not None:
            cards = {"stock": cards_text(self.start["stock"])} if self.rules.draws else {
                "hands": [cards_text(cards_of(h)) for h in self.start["hands"]]}
            doc["start"] = {
                "dealer": self.start["dealer"],
                **cards,
                "scores": list(self.start.get("scores", (0, 0))),
                "bags": list(self.start.get("bags", (0, 0))),
                "hand_number": self.start.get("hand_number", 0),
            }
        return seal(doc)

    @classmethod
    def from_json(cls, doc: Any, *, any_seats: bool = False) -> Match:
        """Rebuild a saved match; any damage raises :class:`SaveError`. Saves of three
        or two players are read with ``any_seats`` only (``Rules.from_dict``)."""
        if not isinstance(doc, dict):
            raise SaveError("a saved match must be a JSON object")
        if doc.get("format") != MATCH_FORMAT:
            raise SaveError(
                f"unknown save format {reprlib.repr(doc.get('format'))};"
                f" this game reads {MATCH_FORMAT}"
            )
        check_seal(doc)
        try:
            rules = Rules.from_dict(doc["rules"], any_seats=any_seats)
            seed = doc["seed"]
            start = doc.get("start")
            if start is not None:
                start = read_start(start, rules)
            match = cls(rules, seed, start=start)
            log = doc["actions"]
            if not isinstance(log, list):
                raise SaveError("actions must be a list")
            for i, value in enumerate(log):
                try:
                    match.apply(action_from_json(value, rules.cards, rules.tricks))
                except (IllegalAction, ValueError) as exc:
                    raise SaveError(
                        f"action {i} ({reprlib.repr(value)}) is refused: {exc}"
                    ) from None
        except KeyError as exc:
            raise SaveError(f"the save lacks {exc.args[0]!r}") from None
        except (RulesError, TypeError) as exc:
            raise SaveError(str(exc)) from None
        return match
