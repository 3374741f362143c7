"""Strangers: opponents written from how people describe their own play, for measuring.

The zoo (``zoo.py``) bends one habit of the normal player at a time, so it still
shares normal's card play, and hard's rollouts were shaped beside it. These players
share nothing with the project's own play: their bidding and card play follow the
advice beginners' guides and club players give, written here from those descriptions
with the engine's legal cards and nothing of ``play.py`` or ``bidding.py``. They do
not keep to ``sound_cards`` either, since people do not. Nothing inside hard uses
them: the gauntlet is where hard meets them.

- ``counter``: the most common published way to bid, "count your sure tricks (aces,
  guarded kings, twice-guarded queens) and add one for each spade over three"; nil
  with no spade above the nine, no side ace or king and at most three spades. It
  plays the plain rules of thumb: lead an ace, then the top of a sequence, else the
  fourth best of the longest side suit; second hand low, third hand high; win as
  cheaply as possible in fourth seat; trump an opponent's trick when void, discard
  low when partner has it; never lead spades until they are broken unless it must.
- ``cautious``: bids only the tricks it is sure of (aces, king-queens, the top spades
  and spades beyond the fourth), never nil, and never takes an overtrick on purpose:
  it wins cheaply while its side still needs tricks, and once the contract is in,
  plays the highest card that loses, leads low, and throws its high cards.
"""

from __future__ import annotations

from typing import Any

from ..ai.passing import choose_pass
from ..ai.players import Decided, Thinker
from ..engine.actions import LOOK, Action, Bid, Play
from ..engine.cards import CARD_IDS, RANK_OF, SUIT_MASKS, SUIT_OF
from ..engine.legal import NIL
from ..engine.view import PlayerView

STRANGERS = ("counter", "cautious")

ACE, KING, QUEEN, JACK = 12, 11, 10, 9
SPADES = 3


def _suit_cards(mask: int, suit: int) -> list[int]:
    """The cards of a suit in a mask, lowest first (a joker or raised two is a spade)."""
    return _cards(mask & SUIT_MASKS[suit])


def _cards(mask: int) -> list[int]:
    return [c for c in range(CARD_IDS) if mask >> c & 1]


def _beats(card: int, best: int, led: int) -> bool:
    """Would ``card`` beat ``best`` (the winning card of a trick led in ``led``)?"""
    if SUIT_OF[card] == SUIT_OF[best]:
        return card > best
    return SUIT_OF[card] == SPADES


def _snap(view: PlayerView, want: int) -> Action:
    options = view.bid_options()
    ordinary = [b for b in options if b > 0]
    if not ordinary:
        return Bid(options[0])
    return Bid(min(ordinary, key=lambda b: (abs(b - want), b)))


class _Stranger:
    strength = "stranger"

    def __init__(self, seed: Any = 0) -> None:
        self.seed = seed

    def think(self, view: PlayerView) -> Thinker:
        if view.phase == "bidding":
            if not view.looked:
                return Decided(LOOK, "Look at the cards")  # people look before bidding
            action, reason = self.bid(view)
            return Decided(action, reason)
        if view.phase == "passing":
            return Decided(*choose_pass(view))
        return Decided(Play(self.card(view)), "By the rules of thumb")

    def choose(self, view: PlayerView) -> Action:
        return self.think(view).finish()

    # --- shared table sense ----------------------------------------------------------

    def trick_state(self, view: PlayerView) -> tuple[int, int, int]:
        """(seat winning the trick so far, its card, the led suit); (-1, -1, -1) on lead."""
        if not view.trick:
            return -1, -1, -1
        led = SUIT_OF[view.trick[0][1]]
        win_seat, best = view.trick[0]
        for seat, card in view.trick[1:]:
            if _beats(card, best, led):
                win_seat, best = seat, card
        return win_seat, best, led

    def side_needs(self, view: PlayerView, seat: int) -> int:
        """Tricks the seat's side still needs for its contract (nil bids apart)."""
        team = view.rules.side_seats(view.rules.side_of(seat))
        contract = sum(max(0, view.bids[s] or 0) for s in team)
        taken = sum(view.tricks_won[s] for s in team if (view.bids[s] or 0) > 0)
        return contract - taken

    def nil_live(self, view: PlayerView, seat: int) -> bool:
        bid = view.bids[seat]
        return bid is not None and bid <= 0 and view.tricks_won[seat] == 0

    def own_nil_card(self, view: PlayerView, legal: list[int]) -> int:
        """Keep a nil: the highest card that loses, else the highest (lose it later)."""
        win_seat, best, led = self.trick_state(view)
        if best < 0:
            return min(legal, key=lambda c: RANK_OF[c])
        losers = [c for c in legal if not _beats(c, best, led)]
        if losers:
            return max(losers, key=lambda c: (SUIT_OF[c] != SPADES, RANK_OF[c]))
        return max(legal, key=lambda c: RANK_OF[c])

    def bid(self, view: PlayerView) -> tuple[Action, str]:
        raise NotImplementedError

    def card(self, view: PlayerView) -> int:
        raise NotImplementedError


class Counter(_Stranger):
    """Counts sure tricks and long trumps to bid; plays the rules of thumb."""

    strength = "counter"

    def bid(self, view: PlayerView) -> tuple[Action, str]:
        hand = view.hand
        options = view.bid_options()
        spades = _suit_cards(hand, SPADES)
        tricks = 0.0
        for suit in range(3):
            ranks = [RANK_OF[c] for c in _suit_cards(hand, suit)]
            n = len(ranks)
            if ACE in ranks:
                tricks += 1
            if KING in ranks and n >= 2:
                tricks += 1
            if QUEEN in ranks and n >= 3:
                tricks += 0.5
        ranks = [RANK_OF[c] for c in spades]
        for top, length in ((ACE, 1), (KING, 2), (QUEEN, 3)):
            if top in ranks and len(ranks) >= length:
                tricks += 1
        tricks += max(0, len(ranks) - 3)
        partner = view.bids[view.partner]
        high_side = any(RANK_OF[c] >= KING for s in range(3) for c in _suit_cards(hand, s))
        if (NIL in options and not high_side and len(spades) <= 3
                and all(r <= 7 for r in ranks) and (partner is None or partner >= 3)):
            return Bid(NIL), "Nothing above the nine in spades, no high cards: nil"
        return _snap(view, int(tricks + 0.5)), f"{tricks:g} sure tricks and long trumps"

    def card(self, view: PlayerView) -> int:
        legal = _cards(view.legal_card_mask())
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        partner = view.partner
        if self.nil_live(view, seat):
            return self.own_nil_card(view, legal)
        win_seat, best, led = self.trick_state(view)
        if best < 0:
            return self.lead(view, legal)
        winners = [c for c in legal if _beats(c, best, led)]
        following = SUIT_OF[legal[0]] == led
        position = len(view.trick)
        if self.nil_live(view, partner):
            # Cover the nil: play high, and overtake the nil partner if it is winning.
            if winners:
                return max(winners, key=lambda c: RANK_OF[c]) if following else min(winners)
            return min(legal, key=lambda c: RANK_OF[c])
        if win_seat == partner:
            low = [c for c in legal if not _beats(c, best, led)] or legal
            return self.discard(low) if not following else min(low)
        if not winners:
            return min(legal) if following else self.discard(legal)
        if not following:
            return min(winners)  # trump it, with the lowest spade that wins
        if position == 1:
            return min(legal)  # second hand low
        if position == 2:
            return max(legal)  # third hand high
        return min(winners)  # last: as cheaply as possible

    def lead(self, view: PlayerView, legal: list[int]) -> int:
        side = [c for c in legal if SUIT_OF[c] != SPADES]
        if self.nil_live(view, view.partner):
            return max(legal, key=lambda c: RANK_OF[c])
        for c in side:
            if RANK_OF[c] == ACE:
                return c
        for suit in range(3):
            cards = [c for c in side if SUIT_OF[c] == suit]
            if len(cards) >= 2 and RANK_OF[cards[-1]] >= JACK and cards[-2] == cards[-1] - 1:
                return cards[-1]  # top of a sequence
        if side:
            longest = max(range(3), key=lambda s: (sum(SUIT_OF[c] == s for c in side), s))
            cards = [c for c in side if SUIT_OF[c] == longest]
            return cards[-4] if len(cards) >= 4 else cards[0]  # fourth best, or low
        return max(legal) if RANK_OF[legal[-1]] >= KING else min(legal)

    def discard(self, cards: list[int]) -> int:
        """The lowest card of the shortest side suit (working toward a void)."""
        side = [c for c in cards if SUIT_OF[c] != SPADES] or cards
        return min(side, key=lambda c: (sum(SUIT_OF[x] == SUIT_OF[c] for x in side), RANK_OF[c]))


class Cautious(_Stranger):
    """Bids what is sure and never takes an overtrick on purpose."""

    strength = "cautious"

    def bid(self, view: PlayerView) -> tuple[Action, str]:
        hand = view.hand
        tricks = 0
        for suit in range(3):
            ranks = [RANK_OF[c] for c in _suit_cards(hand, suit)]
            if ACE in ranks:
                tricks += 1
                if KING in ranks:
                    tricks += 1
            elif KING in ranks and QUEEN in ranks:
                tricks += 1
        ranks = [RANK_OF[c] for c in _suit_cards(hand, SPADES)]
        for top in (ACE, KING, QUEEN):
            if top in ranks and len(ranks) >= 1 + ACE - top:
                tricks += 1
        tricks += max(0, len(ranks) - 4)
        return _snap(view, max(1, tricks)), f"{tricks} sure tricks"

    def card(self, view: PlayerView) -> int:
        legal = _cards(view.legal_card_mask())
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        if self.nil_live(view, seat):
            return self.own_nil_card(view, legal)
        need = self.side_needs(view, seat)
        win_seat, best, led = self.trick_state(view)
        if best < 0:
            side = [c for c in legal if SUIT_OF[c] != SPADES] or legal
            if self.nil_live(view, view.partner):
                return max(side, key=lambda c: RANK_OF[c])  # lead high for the nil partner
            aces = [c for c in side if RANK_OF[c] == ACE]
            if need > 0 and aces:
                return aces[0]
            return min(side, key=lambda c: RANK_OF[c])
        winners = [c for c in legal if _beats(c, best, led)]
        losers = [c for c in legal if not _beats(c, best, led)]
        partner_nil = self.nil_live(view, view.partner)
        if partner_nil and win_seat == view.partner and winners:
            return min(winners)
        if win_seat == view.partner:
            return max(losers, key=lambda c: (SUIT_OF[c] != SPADES, RANK_OF[c])) if losers \
                else min(legal)
        if need > 0 or partner_nil:
            if winners:
                return min(winners, key=lambda c: (SUIT_OF[c] == SPADES, RANK_OF[c]))
            return min(legal, key=lambda c: (SUIT_OF[c] == SPADES, RANK_OF[c]))
        # The contract is in: stay under, throwing the highest card that loses.
        if losers:
            return max(losers, key=lambda c: (SUIT_OF[c] != SPADES, RANK_OF[c]))
        return min(legal, key=lambda c: RANK_OF[c])


_CLASSES = {c.strength: c for c in (Counter, Cautious)}


def make_stranger(name: str, seed: Any = 0) -> _Stranger:
    return _CLASSES[name](seed)


__all__ = ["STRANGERS", "Cautious", "Counter", "make_stranger"]
