"""Cards as small ints and hands as 52-bit masks, under a readable text API.

A card is ``suit * 13 + rank``: suits in ascending order clubs, diamonds, hearts,
spades (0..3) and ranks 2..A (0..12). Because spades are the highest suit, a spade is
numerically above every other card, which keeps trick comparison to one test.
"""

from __future__ import annotations

from collections.abc import Iterable

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_LETTERS = "23456789TJQKA"
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)
SEAT_NAMES = ("South", "West", "North", "East")

SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))
SPADE_MASK = SUIT_MASKS[SPADES]
NON_SPADE_MASK = SUIT_MASKS[CLUBS] | SUIT_MASKS[DIAMONDS] | SUIT_MASKS[HEARTS]
FULL_DECK = (1 << 52) - 1
ACE = 12


class CardError(ValueError):
    """Text that does not name a card."""


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13


def parse_card(text: str) -> int:
    """Read ``QS``, ``td``, ``10H`` or ``AS`` into a card."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in SUIT_LETTERS:
        raise CardError(f"not a card: {text!r}")
    return make_card(RANK_LETTERS.index(t[0]), SUIT_LETTERS.index(t[1]))


def card_text(card: int) -> str:
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def card_name(card: int) -> str:
    """The card in words, for hints: ``queen of hearts``."""
    return f"{RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


def parse_cards(text: str) -> list[int]:
    return [parse_card(part) for part in text.split()]


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_text(c) for c in cards)


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: int) -> int:
    return mask.bit_count()


def suit_cards(mask: int, suit: int) -> int:
    return mask & SUIT_MASKS[suit]


def highest(mask: int) -> int:
    """The highest card of a non-empty mask (within one suit: its top card)."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def team_of(seat: int) -> int:
    return seat & 1


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


def left_of(seat: int) -> int:
    return (seat + 1) % 4
