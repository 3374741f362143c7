"""The opponent zoo: computer players with other people's habits, for measuring.

Hard is tuned against normal; a player who only beats normal may lose to people who
bid and play otherwise. These players each bend one habit the way people do, so the
gauntlet (``python -m spades gauntlet``) can ask whether a change helps against
styles it was not tuned on. None of them is used inside hard's search.

- ``overbidder``: bids a trick or two more than the hand is worth, rarely nil.
- ``underbidder``: bids safe (about three quarters of the hand) and lives with bags.
- ``grabber``: bids as normal but wins every trick it can; bags do not scare it.
- ``nilhappy``: bids nil on hands with an honour or two, and blind nil sooner.
- ``conventions``: counts quick tricks to bid, leads aces and the top of sequences,
  covers an honour with an honour second hand, and finesses third hand.

Each keeps to ``sound_cards`` (never absurd with a partner's trick or nil) and reads
only its own view, like every strength.

At three and two (cutthroat, two-handed; ``ALONE_ZOO``) the first four play alone with
the same habit, on the normal rules alone (spades/ai/alone/): the overbidder bids its
hand alone and a trick more, the underbidder about three quarters of it, the grabber
plays as if it had bid every trick, the nilhappy bids nil on the hands above and blind
nil 200 behind the leader. Conventions is a partnership school and seats four only.
"""

from __future__ import annotations

import random
from typing import Any

from ..ai.alone import AlonePosition, alone_estimate, bid_alone, choose_card_alone, choose_draw
from ..ai.bidding import choose_bid, estimate_tricks, nil_danger, top_trump
from ..ai.passing import choose_pass
from ..ai.play import choose_card, nil_alive, sound_cards
from ..ai.players import Decided, NormalPlayer, Thinker, view_key
from ..ai.position import Position
from ..engine.actions import LOOK, Action, Bid, Play
from ..engine.cards import RANK_OF, SPADE_MASK, SUIT_MASKS
from ..engine.legal import BLIND_NIL, NIL
from ..engine.view import PlayerView

ZOO = ("overbidder", "underbidder", "grabber", "nilhappy", "conventions")
ALONE_ZOO = ("overbidder", "underbidder", "grabber", "nilhappy")  # those that play alone

_A, _K, _Q, _J = 12, 11, 10, 9


def _snap(view: PlayerView, target: float) -> Action:
    """The legal ordinary bid nearest ``target`` (the only legal bid if none is)."""
    options = view.bid_options()
    ordinary = [b for b in options if b > 0]
    if not ordinary:
        return Bid(options[0])
    t = int(target + 0.5)
    taken = sum(b for b in view.bids if b is not None and b > 0)
    if view.bids.count(None) == 1 and taken + t >= 14:
        t = max(1, 13 - taken)
    return Bid(min(ordinary, key=lambda b: (abs(b - t), b)))


class _ZooPlayer(NormalPlayer):
    """Normal play unless a member says otherwise; bids through ``bid``."""

    def think(self, view: PlayerView) -> Thinker:
        if not view.rules.partnerships:
            return Decided(*self._think_alone(view))
        if view.phase == "bidding":
            action, reason = self.bid(view)
            return Decided(action, reason)
        if view.phase == "passing":
            return Decided(*choose_pass(view))
        position = Position.from_view(view)
        card, reason = self.card(position, view.seat)
        return Decided(Play(card), reason)

    def bid(self, view: PlayerView) -> tuple[Action, str]:
        return choose_bid(view)

    def card(self, t: Position, seat: int) -> tuple[int, str]:
        return choose_card(t, seat)

    # --- alone (cutthroat, two-handed): the same habit on the rules alone ---------------

    def _think_alone(self, view: PlayerView) -> tuple[Action, str]:
        if view.phase == "drawing":
            return choose_draw(view)
        if view.phase == "bidding":
            return self.bid_alone(view)
        t = AlonePosition.from_view(view)
        t.played |= view.shown | view.buried  # out of play, as good as played
        card, reason = self.card_alone(t, view.seat)
        return Play(card), reason

    def bid_alone(self, view: PlayerView) -> tuple[Action, str]:
        return bid_alone(view)

    def card_alone(self, t: Position, seat: int) -> tuple[int, str]:
        return choose_card_alone(t, seat)


def _snap_alone(view: PlayerView, target: float) -> Action:
    """The legal ordinary bid nearest ``target`` at a table alone."""
    ordinary = [b for b in view.bid_options() if b > 0]
    return Bid(min(ordinary, key=lambda b: (abs(b - target), b)))


class Overbidder(_ZooPlayer):
    """Optimistic: every honour is a trick, and a long suit is more."""

    strength = "overbidder"

    def bid(self, view: PlayerView) -> tuple[Action, str]:
        if not view.looked:
            return choose_bid(view)
        rng = random.Random(f"overbidder/{self.seed}/{view_key(view)}")
        estimate = estimate_tricks(view.hand) * 0.9 + 0.4 + 0.6 * rng.random()
        return _snap(view, estimate), "Bid high: the hand will find tricks"

    def bid_alone(self, view: PlayerView) -> tuple[Action, str]:
        if not view.looked:
            return bid_alone(view)
        rng = random.Random(f"overbidder/{self.seed}/{view_key(view)}")
        estimate = alone_estimate(view.hand, view.rules) + 0.4 + 0.6 * rng.random()
        return _snap_alone(view, int(estimate + 0.5)), "Bid high: the hand will find tricks"


class Underbidder(_ZooPlayer):
    """Careful: bids what is sure and takes the bags."""

    strength = "underbidder"

    def bid(self, view: PlayerView) -> tuple[Action, str]:
        if not view.looked:
            return choose_bid(view)
        action, reason = choose_bid(view, nil_limit=0.5)
        if action.value == NIL:
            return action, reason
        return _snap(view, max(1.0, estimate_tricks(view.hand) * 0.72 - 0.3)), "Bid safe"

    def bid_alone(self, view: PlayerView) -> tuple[Action, str]:
        action, reason = bid_alone(view)
        if not isinstance(action, Bid) or action.value == NIL:
            return action, reason
        safe = max(1.0, alone_estimate(view.hand, view.rules) * 0.75 - 0.3)
        return _snap_alone(view, int(safe + 0.5)), "Bid safe"


class Grabber(_ZooPlayer):
    """Takes every trick it can: plays as if the team always needed one more."""

    strength = "grabber"

    def card(self, t: Position, seat: int) -> tuple[int, str]:
        partner = t.rules.partner_of(seat)
        if nil_alive(t, seat) or (partner is not None and nil_alive(t, partner)):
            return choose_card(t, seat)
        bids = list(t.bids)
        for s in (seat, partner):
            if bids[s] > 0:
                bids[s] = 13
        greedy = t.copy()
        greedy.bids = bids
        return choose_card(greedy, seat)

    def card_alone(self, t: Position, seat: int) -> tuple[int, str]:
        if nil_alive(t, seat):
            return choose_card_alone(t, seat)
        greedy = t.copy()
        greedy.bids = [t.rules.tricks if s == seat else b for s, b in enumerate(t.bids)]
        return choose_card_alone(greedy, seat)


class NilHappy(_ZooPlayer):
    """Bids nil whenever the hand might duck, and blind nil when merely behind."""

    strength = "nilhappy"

    def bid(self, view: PlayerView) -> tuple[Action, str]:
        if not view.looked:
            team = view.seat & 1
            deficit = view.scores[1 - team] - view.scores[team]
            partner_bid = view.bids[view.partner]
            if deficit >= 200 and (partner_bid is None or partner_bid >= 3):
                return Bid(BLIND_NIL), "Behind: blind nil"
            return LOOK, "Look at the cards"
        options = view.bid_options()
        hand = view.hand
        partner_bid = view.bids[view.partner]
        if (
            NIL in options
            and not hand >> 51 & 1
            and (partner_bid is None or partner_bid >= 2)
            and estimate_tricks(hand) <= 2.8
            and nil_danger(hand) <= 1.6
        ):
            return Bid(NIL), "Nil: the high cards can be thrown away"
        return choose_bid(view)

    def bid_alone(self, view: PlayerView) -> tuple[Action, str]:
        if not view.looked:
            us = view.scores[view.seat]
            leader = max(s for q, s in enumerate(view.scores) if q != view.seat)
            if leader - us >= 200 and Bid(BLIND_NIL) in view.legal_actions():
                return Bid(BLIND_NIL), "Behind: blind nil"
            return LOOK, "Look at the cards"
        hand = view.hand
        if (NIL in view.bid_options() and not hand >> top_trump(view.rules.cards) & 1
                and estimate_tricks(hand, view.rules.cards) <= 2.8
                and nil_danger(hand, view.rules.cards) <= 1.6):
            return Bid(NIL), "Nil: the high cards can be thrown away"
        return bid_alone(view)


class Conventions(_ZooPlayer):
    """Its own school: quick tricks for the bid, aces and sequences on lead, second
    hand covers an honour, third hand finesses."""

    strength = "conventions"

    def bid(self, view: PlayerView) -> tuple[Action, str]:
        if not view.looked:
            return choose_bid(view)
        action, reason = choose_bid(view)
        if action.value == NIL:
            return action, reason
        hand = view.hand
        quick = 0.0
        for suit in range(3):
            m = (hand & SUIT_MASKS[suit]) >> (13 * suit)
            a, k, q = m >> _A & 1, m >> _K & 1, m >> _Q & 1
            if a and k:
                quick += 2.0
            elif a and q:
                quick += 1.5
            elif a:
                quick += 1.0
            elif k and q:
                quick += 1.0
            elif k and m.bit_count() >= 2:
                quick += 0.5
        spades = (hand & SPADE_MASK) >> 39
        n = spades.bit_count()
        quick += sum(1 for r in (_A, _K, _Q) if spades >> r & 1 and n > _A - r)
        quick += max(0, n - 3)
        return _snap(view, quick), f"{quick:.1f} quick tricks"

    def card(self, t: Position, seat: int) -> tuple[int, str]:
        card, reason = choose_card(t, seat)
        partner = t.rules.partner_of(seat)
        if any(nil_alive(t, q) for q in range(t.rules.seats)):
            return card, reason
        legal = sound_cards(t, seat, t.legal())
        if not t.trick:
            for suit in range(3):
                m = legal & SUIT_MASKS[suit]
                if m and RANK_OF[(m.bit_length() - 1)] == _A:
                    return m.bit_length() - 1, "Lead an ace"
            for suit in range(3):
                m = legal & SUIT_MASKS[suit]
                top = m.bit_length() - 1
                if m and RANK_OF[top] >= _J and m >> (top - 1) & 1:
                    return top, "Lead the top of a sequence"
            return card, reason
        win_seat, best = t.winning()
        if win_seat == partner or t.led < 0 or best >= 39 and t.led != 3:
            return card, reason
        above = legal & SUIT_MASKS[t.led] & ~((2 << best) - 1)
        if not above:
            return card, reason
        position = len(t.trick)
        if position == 1:
            if RANK_OF[best] >= _J:
                low = above & -above
                return low.bit_length() - 1, "Cover an honour with an honour"
            if RANK_OF[(above.bit_length() - 1)] == _A:
                return above.bit_length() - 1, "Second hand: take the ace"
        elif position == 2:
            low = above & -above
            return low.bit_length() - 1, "Third hand: finesse"
        return card, reason


_CLASSES = {c.strength: c for c in (Overbidder, Underbidder, Grabber, NilHappy, Conventions)}


def make_zoo_player(name: str, seed: Any = 0) -> NormalPlayer:
    return _CLASSES[name](seed)


__all__ = ["ALONE_ZOO", "ZOO", "Conventions", "Grabber", "NilHappy", "Overbidder", "Underbidder",
           "make_zoo_player"]
