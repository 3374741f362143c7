"""One hand's cards and its result: the shuffle, the deal, and the hand record.

A finished hand is a :class:`HandResult`, which writes itself as a ``spades-hand/1``
record (docs/records.md). Records of four seats are written exactly as they always
were; cutthroat's and two-handed's say their game in ``rules.players``, and
two-handed's carry the stock and the draw (docs/rules.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .cards import FULL_DECK, SEATS, cards_of, cards_text
from .legal import bid_text
from .rules import Rules
from .scoring import TeamScore

HAND_FORMAT = "spades-hand/1"


@dataclass(frozen=True)
class HandResult:
    """Everything about one finished hand: what a hand record holds."""

    rules: Rules
    hand_number: int
    dealer: int
    hands: tuple[int, ...]  # as dealt (two-handed: as drawn), masks by seat
    bids: tuple[tuple[int, int], ...]  # (seat, bid) in bidding order
    plays: tuple[int, ...]
    trick_winners: tuple[int, ...]
    teams: tuple[TeamScore, ...]  # by side: two teams, or each player alone
    scores_before: tuple[int, ...]
    bags_before: tuple[int, ...]
    passes: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (seat, cards) in order
    stock: tuple[int, ...] = ()  # two-handed: the stock drawn from, top first
    draws: tuple[tuple[int, bool], ...] = ()  # two-handed: (seat, kept the first card)

    @property
    def scores_after(self) -> tuple[int, ...]:
        return tuple(t.score_after for t in self.teams)

    @property
    def bags_after(self) -> tuple[int, ...]:
        return tuple(t.bags_after for t in self.teams)

    def to_record(self) -> dict[str, Any]:
        record = {
            "format": HAND_FORMAT,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "scores_before": list(self.scores_before),
            "bags_before": list(self.bags_before),
            **({"stock": cards_text(self.stock), "draws": [
                [seat, "keep" if kept else "discard"] for seat, kept in self.draws
            ]} if self.stock else {}),
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


def shuffled(seed: Any, hand_number: int, deck: int = FULL_DECK) -> list[int]:
    """The cards of ``deck`` (``rules.cards``) in the order the seed shuffles them."""
    cards = list(range(52)) if deck == FULL_DECK else cards_of(deck)
    random.Random(f"spades/{seed}/{hand_number}").shuffle(cards)
    return cards


def deal_hands(
    seed: Any, hand_number: int, dealer: int, deck: int = FULL_DECK, seats: int = SEATS
) -> tuple[int, ...]:
    """Shuffle ``deck`` and deal one card at a time clockwise from the dealer's left,
    to ``seats`` players (``rules.seats``). The ordinary deck deals as it always has."""
    hands = [0] * seats
    for i, card in enumerate(shuffled(seed, hand_number, deck)):
        hands[(dealer + 1 + i) % seats] |= 1 << card
    return tuple(hands)


def first_dealer(seed: Any, seats: int = SEATS) -> int:
    return random.Random(f"spades/{seed}/dealer").randrange(seats)
