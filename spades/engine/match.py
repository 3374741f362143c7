"""A match of Spades as a state machine driven by actions.

``apply`` checks an action first: an illegal one raises :class:`IllegalAction` with
the reason and leaves the match exactly as it was. A legal one returns the events it
caused. The match is deterministic: the seed fixes the first dealer and every deal,
so the log of actions replayed from the seed rebuilds any earlier state (undo, saves).
"""

from __future__ import annotations

import random
import reprlib
from dataclasses import dataclass
from typing import Any

from . import actions  # the events, named where they are defined: actions.BidMade, ...
from .actions import (
    LOOK,
    Action,
    Bid,
    Look,
    Play,
    action_from_json,
    action_to_json,
    malformed,
    pass_choices,
)
from .cards import (
    FULL_DECK,
    SEATS,
    SPADES,
    SUIT_OF,
    cards_of,
    cards_text,
    left_of,
    partner_of,
)
from .legal import (
    BLIND_NIL,
    bid_refusal,
    bid_text,
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
from .scoring import TeamScore, match_end, position_refusal, score_hand
from .sealing import SaveError, check_seal, read_start, seal

MATCH_FORMAT = "spades-match/1"
HAND_FORMAT = "spades-hand/1"

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


@dataclass(frozen=True)
class HandResult:
    """Everything about one finished hand: what a hand record holds."""

    rules: Rules
    hand_number: int
    dealer: int
    hands: tuple[int, int, int, int]  # as dealt, masks by seat
    bids: tuple[tuple[int, int], ...]  # (seat, bid) in bidding order
    plays: tuple[int, ...]
    trick_winners: tuple[int, ...]
    teams: tuple[TeamScore, TeamScore]
    scores_before: tuple[int, int]
    bags_before: tuple[int, int]
    passes: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (seat, cards) in order

    @property
    def scores_after(self) -> tuple[int, int]:
        return (self.teams[0].score_after, self.teams[1].score_after)

    @property
    def bags_after(self) -> tuple[int, int]:
        return (self.teams[0].bags_after, self.teams[1].bags_after)

    def to_record(self) -> dict[str, Any]:
        record = {
            "format": HAND_FORMAT,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "scores_before": list(self.scores_before),
            "bags_before": list(self.bags_before),
            "hands": [cards_text(sorted(cards_of(h), reverse=True)) for h in self.hands],
            "bids": [[seat, bid if bid > 0 else bid_text(bid)] for seat, bid in self.bids],
            **(
                {"passes": [[seat, cards_text(cards).split()] for seat, cards in self.passes]}
                if self.passes else {}
            ),
            "plays": [cards_text([c]) for c in self.plays],
            "result": {
                "trick_winners": list(self.trick_winners),
                "teams": [t.to_dict() for t in self.teams],
                "scores_after": list(self.scores_after),
                "bags_after": list(self.bags_after),
            },
        }
        return record


def deal_hands(
    seed: Any, hand_number: int, dealer: int, deck: int = FULL_DECK
) -> tuple[int, int, int, int]:
    """Shuffle ``deck`` (``rules.cards``) and deal one card at a time clockwise from
    the dealer's left. The ordinary deck deals as it always has."""
    cards = list(range(52)) if deck == FULL_DECK else cards_of(deck)
    random.Random(f"spades/{seed}/{hand_number}").shuffle(cards)
    hands = [0] * SEATS
    for i, card in enumerate(cards):
        hands[(dealer + 1 + i) % SEATS] |= 1 << card
    return tuple(hands)  # type: ignore[return-value]


def first_dealer(seed: Any) -> int:
    return random.Random(f"spades/{seed}/dealer").randrange(SEATS)


class Match:
    def __init__(
        self, rules: Rules = STANDARD, seed: Any = 0, *, start: dict[str, Any] | None = None
    ) -> None:
        """A new match. ``start`` sets the first hand instead of the seed (replays,
        tests): ``{"dealer", "hands" (4 masks), "scores", "bags", "hand_number"}``.

        The start's scores and bags must be a position a match could reach under
        ``rules`` (else ValueError): a save or record cannot begin past the end.
        """
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules value")
        if not isinstance(seed, int | str):
            raise TypeError("seed must be an int or a str")
        if start is not None:
            reason = position_refusal(
                rules, start.get("scores", (0, 0)), start.get("bags", (0, 0))
            )
            hands = start.get("hands")
            if hands is not None and (
                len(hands) != SEATS or any(h.bit_count() != 13 for h in hands)
                or hands[0] | hands[1] | hands[2] | hands[3] != rules.cards
            ):
                reason = f"the hands must be the whole {rules.deck} deck, 13 cards each"
            if reason is not None:
                raise ValueError(reason)
        self.rules = rules
        self.seed = seed
        self.start = start
        self._reset()

    # --- state -------------------------------------------------------------------

    def _reset(self) -> None:
        start = self.start or {}
        self.actions: list[Action] = []
        self.actors: list[int] = []
        self.history: list[HandResult] = []
        self.scores = list(start.get("scores", (0, 0)))
        self.bags = list(start.get("bags", (0, 0)))
        self.winner: int | None = None
        self.hand_number = start.get("hand_number", 0)
        self.dealer = start["dealer"] if "dealer" in start else first_dealer(self.seed)
        self.opening_events = self._deal(start.get("hands"))

    def _deal(self, hands: tuple[int, ...] | list[int] | None = None) -> list[actions.Event]:
        if hands is None:
            hands = deal_hands(self.seed, self.hand_number, self.dealer, self.rules.cards)
        self.dealt = tuple(hands)
        self.hands = list(hands)
        self.phase = BIDDING
        self.to_act = left_of(self.dealer)
        self.bids: list[int | None] = [None] * SEATS
        self.bid_order: list[tuple[int, int]] = []
        team_open = [blind_nil_open(self.rules, self.scores, t) for t in (0, 1)]
        self.blind_open = tuple(team_open[s & 1] for s in range(SEATS))
        self.looked = [not self.blind_open[s] for s in range(SEATS)]
        self.trick: list[tuple[int, int]] = []
        self.led_suit = -1
        self.spades_broken = False
        self.tricks_won = [0] * SEATS
        self.plays: list[int] = []
        self.trick_winners: list[int] = []
        self.voids = [0] * SEATS  # suit bits shown by play
        self.played = 0
        self.passers: tuple[int, ...] = ()  # who passes after a nil bid, in order
        self.passes: list[tuple[int, tuple[int, ...]]] = []
        self.passed = [0] * SEATS  # the cards each seat passed
        self.received = [0] * SEATS  # the cards each seat took up from its partner
        events: list[actions.Event] = [
            actions.HandDealt(
                self.hand_number,
                self.dealer,
                tuple(s for s in range(SEATS) if self.blind_open[s]),
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
            if not blind_nil_choice(self.rules, self.bids[partner_of(s)], self.blind_open[s]):
                self.looked[s] = True
                events.append(actions.CardsSeen(s))
        forced = forced_bid(self.rules, self.hands[s])
        if forced is not None:
            events.extend(self._bid(s, forced, True))

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
        if seat is not None and seat_refusal(seat):
            return seat_refusal(seat)
        if self.phase == OVER:
            return "The match is over"
        if seat is not None and seat != self.to_act:
            return turn_refusal(seat, self.to_act)
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
            return "Cards are played after the bidding"
        if isinstance(action, Look):
            if self.phase != BIDDING or self.looked[s]:
                return "You have already seen your cards"
            return None
        if isinstance(action, Bid):
            if self.phase != BIDDING:
                return "The bidding is over"
            return bid_refusal(
                self.rules, action.value, self.bids[partner_of(s)], self.blind_open[s],
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
                    self.rules, self.bids[partner_of(s)], False, True,
                    spades_held(self.hands[s]),
                )
            ]
        if self.phase == PASSING:
            return pass_choices(self.rules.nil_pass, self.hands[self.to_act])
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
        else:
            events = self._pass(actor, action.cards)
        self.actions.append(action)
        self.actors.append(actor)
        return events

    def _bid(self, seat: int, bid: int, forced: bool = False) -> list[actions.Event]:
        self.bids[seat] = bid
        self.bid_order.append((seat, bid))
        if bid == BLIND_NIL:
            self.looked[seat] = True
        events: list[actions.Event] = [actions.BidMade(seat, bid, forced)]
        if len(self.bid_order) == SEATS:
            contracts = tuple(
                sum(max(self.bids[s] or 0, 0) for s in (t, t + 2)) for t in (0, 1)
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
                self.to_act = left_of(self.dealer)
        else:
            self.to_act = left_of(seat)
            self._auto_actions(events)
        return events

    def _pass(self, seat: int, cards: tuple[int, ...]) -> list[actions.Event]:
        """A nil bidder or its partner passes cards face down; the partner's pass
        completes the exchange, and each takes up what it was given."""
        partner = partner_of(seat)
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
            for s in (nil_seat, partner_of(nil_seat)):
                self.received[s] = self.passed[partner_of(s)]
                self.hands[s] |= self.received[s]
            events.append(actions.CardsExchanged((nil_seat, partner_of(nil_seat))))
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
        if len(self.trick) < 4:
            self.to_act = left_of(seat)
            return events
        cards = tuple(c for _, c in self.trick)
        winner = self.trick[trick_winner_index(cards)][0]
        self.tricks_won[winner] += 1
        self.trick_winners.append(winner)
        events.append(actions.TrickWon(winner, cards, self.trick[0][0], self.trick_number - 1))
        self.trick = []
        self.led_suit = -1
        self.to_act = winner
        if len(self.trick_winners) == 13:
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
        self.dealer = left_of(self.dealer)
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
        """What ``seat`` may know; a seat other than 0..3 raises ValueError."""
        from .view import PlayerView

        reason = seat_refusal(seat)
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
            doc["start"] = {
                "dealer": self.start["dealer"],
                "hands": [cards_text(cards_of(h)) for h in self.start["hands"]],
                "scores": list(self.start.get("scores", (0, 0))),
                "bags": list(self.start.get("bags", (0, 0))),
                "hand_number": self.start.get("hand_number", 0),
            }
        return seal(doc)

    @classmethod
    def from_json(cls, doc: Any) -> Match:
        """Rebuild a saved match; any damage raises :class:`SaveError`."""
        if not isinstance(doc, dict):
            raise SaveError("a saved match must be a JSON object")
        if doc.get("format") != MATCH_FORMAT:
            raise SaveError(
                f"unknown save format {reprlib.repr(doc.get('format'))};"
                f" this game reads {MATCH_FORMAT}"
            )
        check_seal(doc)
        try:
            rules = Rules.from_dict(doc["rules"])
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
                    match.apply(action_from_json(value, rules.cards))
                except (IllegalAction, ValueError) as exc:
                    raise SaveError(
                        f"action {i} ({reprlib.repr(value)}) is refused: {exc}"
                    ) from None
        except KeyError as exc:
            raise SaveError(f"the save lacks {exc.args[0]!r}") from None
        except (RulesError, TypeError) as exc:
            raise SaveError(str(exc)) from None
        return match
