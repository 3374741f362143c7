"""Random-legal playouts on the bitmask core: the bench and the searchers' floor.

These loops skip the match object's events and checks, but ask the same functions of
``legal`` for what may be bid and played, so they cannot drift from the rules. A test
plays them against the match to be sure.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from .cards import CARD_IDS, FULL_DECK, NON_SPADE_MASK, SEATS, SUIT_MASKS, cards_of
from .legal import legal_bids, legal_cards, passing_order, spades_held
from .rules import Rules
from .scoring import TeamScore, score_hand

_BIT = [1 << c for c in range(CARD_IDS)]
_DECK = range(52)


def random_deal(
    rng: random.Random, dealer: int, deck: int = FULL_DECK, seats: int = SEATS,
    tricks: int = 13,
) -> list[int]:
    """A uniformly shuffled ``deck`` dealt clockwise from the dealer's left, ``tricks``
    cards to each of ``seats`` hands (two-handed's 13 each from the top 26, as random a
    split as a draw's), as masks.

    The shuffle sorts the cards by 32-bit random keys, which is several times faster
    in Python than a Fisher-Yates loop (a tie, about 1 in 3 million deals, keeps order).
    """
    if deck == FULL_DECK:
        keys = memoryview(rng.randbytes(208)).cast("I")
        order = sorted(_DECK, key=keys.__getitem__)
    else:  # a key for every card id, so the deck's own cards sort as fast
        keys = memoryview(rng.randbytes(4 * CARD_IDS)).cast("I")
        order = sorted(_deck_list(deck), key=keys.__getitem__)
    bit = _BIT.__getitem__
    hands = [0] * seats
    dealt = order if len(order) == seats * tricks else order[:seats * tricks]
    for k in range(seats):
        hands[(dealer + 1 + k) % seats] = sum(map(bit, dealt[k::seats]))
    return hands


@lru_cache(maxsize=8)
def _deck_list(deck: int) -> tuple[int, ...]:
    return tuple(cards_of(deck))


def pick(mask: int, rand: Callable[[], float]) -> int:
    """A uniformly random card of a non-empty mask."""
    k = int(rand() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_bids(
    rules: Rules, dealer: int, rand: Callable[[], float], hands: list[int] | None = None
) -> list[int]:
    """A random legal bid for each seat; Mirror and Whiz bids need the ``hands``."""
    seats = rules.seats
    bids: list[int] = [0] * seats
    done = [False] * seats
    fixed = rules.fixed_bids
    for i in range(1, seats + 1):
        seat = (dealer + i) % seats
        partner = rules.partner_of(seat)
        options = legal_bids(
            rules, bids[partner] if partner is not None and done[partner] else None, False,
            True,
            spades_held(hands[seat]) if fixed and hands is not None else None,
        )
        bids[seat] = options[int(rand() * len(options))]
        done[seat] = True
    return bids


def random_passes(
    rules: Rules, dealer: int, bids: list[int], hands: list[int], rand: Callable[[], float]
) -> None:
    """Nil card passing at random (``rules.nil_pass``): each pair swaps random cards."""
    order = [((dealer + i) % SEATS, bids[(dealer + i) % SEATS])  # passing: four only
             for i in range(1, SEATS + 1)]
    for nil_seat, partner in passing_order(rules, order):
        given = []
        for seat in (nil_seat, partner):
            mask = 0
            for _ in range(rules.nil_pass):
                card = pick(hands[seat] & ~mask, rand)
                mask |= 1 << card
            given.append(mask)
        hands[nil_seat] ^= given[0] | given[1]
        hands[partner] ^= given[0] | given[1]


def random_tricks(
    hands: list[int],
    leader: int,
    spades_broken: bool,
    rules: Rules,
    rand: Callable[[], float],
    tricks_won: list[int] | None = None,
    trace: list[tuple[int, int]] | None = None,
) -> list[int]:
    """Play out whole tricks at random from a trick boundary; returns tricks by seat.

    ``hands`` is consumed. This is the hot loop of the bench and of random rollouts,
    so the rules of ``legal`` are written inline here; ``trace`` collects (legal mask,
    card) for each card so a test can hold them against ``legal.legal_cards``.
    """
    seats = len(hands)
    won = tricks_won if tricks_won is not None else [0] * seats
    anytime = rules.spades_lead_anytime
    forced_breaks = rules.forced_spade_lead_breaks
    while hands[leader]:
        # The lead: no spade until broken, unless only spades are left.
        h = hands[leader]
        legal = h if spades_broken or anytime else (h & NON_SPADE_MASK) or h
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        low = legal & -legal
        best = low.bit_length() - 1
        if trace is not None:
            trace.append((legal_cards(h, -1, spades_broken, anytime), best))
        hands[leader] = h ^ low
        led = best // 13
        if led > 3:  # a top trump of the deck variants is a spade (cards.SUIT_OF)
            led = 3
        if led == 3 and forced_breaks and not spades_broken and not anytime:
            spades_broken = True
        suit_mask = SUIT_MASKS[led]
        winner = leader
        seat = leader
        for _ in range(seats - 1):
            seat = (seat + 1) % seats
            h = hands[seat]
            legal = (h & suit_mask) or h  # follow suit if you can
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            low = legal & -legal
            card = low.bit_length() - 1
            if trace is not None:
                trace.append((legal_cards(h, led, spades_broken, anytime), card))
            hands[seat] = h ^ low
            if card >= 39 and led != 3:
                spades_broken = True
            # Spades are the highest numbers, so one test finds the top spade or
            # the top card of the led suit.
            if card > best and (card >= 39 or card // 13 == led):
                best = card
                winner = seat
        won[winner] += 1
        leader = winner
    return won


def random_hand(
    rules: Rules,
    rng: random.Random,
    dealer: int,
    scores: tuple[int, ...] | list[int] | None = None,
    bags: tuple[int, ...] | list[int] | None = None,
) -> tuple[TeamScore, ...]:
    """Deal, random legal bids, a hand's random legal cards, and the score (each side
    from 0 points and 0 bags unless ``scores`` and ``bags`` say otherwise)."""
    if scores is None:
        scores = (0,) * rules.sides
    if bags is None:
        bags = (0,) * rules.sides
    rand = rng.random
    hands = random_deal(rng, dealer, rules.cards, rules.seats, rules.tricks)
    bids = random_bids(rules, dealer, rand, hands)
    if rules.nil_pass:
        random_passes(rules, dealer, bids, hands, rand)
    won = random_tricks(hands, (dealer + 1) % rules.seats, False, rules, rand)
    return score_hand(rules, bids, won, scores, bags)
