"""Cards as small ints and hands as bit masks, under a readable text API: the decks.

A card of the ordinary deck is ``suit * 13 + rank``: suits in ascending order clubs,
diamonds, hearts, spades (0..3) and ranks 2..A (0..12). Because spades are the highest
suit, a spade is numerically above every other card, which keeps trick comparison to
one test: a card beats the best so far when it is higher and either a spade (39 and
up) or of the same suit.

The deck variants keep that one test by giving the cards above the ace of spades ids
above 51, in the order they win: 52 is the two of spades and 53 the two of diamonds
when deuces are high, 54 the Little Joker and 55 the Big Joker. Each of them is a spade
for every rule (``SUIT_OF`` and ``SPADE_MASK`` say so), and its text is the card's own
("2S", "2D", "LJ", "BJ"). A deck (``deck_cards``) is the mask of the cards dealt: the
ordinary 52, or a variant's 52 with its two or four low cards left out. Under deuces
the twos of spades and diamonds are the ids 52 and 53, never 39 and 13, so reading
their texts needs the deck (``parse_card(text, deck)``).
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
SEATS = 4  # players at the partnership table; cutthroat seats 3, two-handed 2 (rules.seats)
SEAT_NAMES = ("South", "West", "North", "East")
# The seats' names at a table of each size, clockwise from South (the human).
SEAT_NAMES_AT = {4: SEAT_NAMES, 3: ("South", "West", "East"), 2: ("South", "North")}
TWO_OF_CLUBS = 0  # the card cutthroat leaves out, so that three hands hold 17

# The trumps above the ace of spades, in the order they win.
HIGH_TWO_OF_SPADES, HIGH_TWO_OF_DIAMONDS, LITTLE_JOKER, BIG_JOKER = 52, 53, 54, 55
CARD_IDS = 56  # every id a card can have, in any deck
TOP_TRUMPS = 0b1111 << 52

SUIT_MASKS = (
    0x1FFF, 0x1FFF << 13, 0x1FFF << 26, (0x1FFF << 39) | TOP_TRUMPS,
)
SPADE_MASK = SUIT_MASKS[SPADES]
NON_SPADE_MASK = SUIT_MASKS[CLUBS] | SUIT_MASKS[DIAMONDS] | SUIT_MASKS[HEARTS]
FULL_DECK = (1 << 52) - 1  # the ordinary deck
ACE = 12

SUIT_OF = tuple(min(c // 13, SPADES) for c in range(CARD_IDS))
# The rank within the suit, 0 (the two) to 12 (the ace), and above for the top trumps.
RANK_OF = tuple(c % 13 if c < 52 else 13 + c - 52 for c in range(CARD_IDS))
CARD_TEXTS = tuple(
    [RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13] for c in range(52)] + ["2S", "2D", "LJ", "BJ"]
)
CARD_NAMES = tuple(
    [f"{RANK_NAMES[c % 13]} of {SUIT_NAMES[c // 13]}" for c in range(52)]
    + ["two of spades", "two of diamonds", "Little Joker", "Big Joker"]
)

# What each deck option leaves out of the ordinary deck, and adds to it.
JOKERS_REMOVED = {"2C2D": (0, 13), "2C2H": (0, 26), "2D2H": (13, 26)}
_JOKERS = (1 << LITTLE_JOKER) | (1 << BIG_JOKER)


def deck_cards(deck: str = "standard", jokers_removed: str = "2C2D", players: int = 4) -> int:
    """The mask of the cards dealt under a deck option (rules.py checks the names).

    ``jokers``: the two jokers in, two low cards out (``jokers_removed``). ``deuces``:
    the jokers in and the twos of diamonds and spades raised above the ace of spades;
    the twos of clubs and hearts out. Three players (cutthroat) play the ordinary deck
    without the two of clubs: 51 cards, 17 each (rules.py allows only that deck there).
    """
    if deck == "standard":
        return FULL_DECK & ~(1 << TWO_OF_CLUBS) if players == 3 else FULL_DECK
    if deck == "jokers":
        out = JOKERS_REMOVED[jokers_removed]
        return FULL_DECK & ~((1 << out[0]) | (1 << out[1])) | _JOKERS
    # deuces: 2C, 2D, 2H and 2S leave as the ordinary cards; 2S and 2D come back high.
    return FULL_DECK & ~((1 << 0) | (1 << 13) | (1 << 26) | (1 << 39)) | TOP_TRUMPS


class CardError(ValueError):
    """Text that does not name a card."""


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def suit_of(card: int) -> int:
    """The suit a card follows and is followed by: a top trump is a spade."""
    return SUIT_OF[card]


def rank_of(card: int) -> int:
    return RANK_OF[card]


def is_joker(card: int) -> bool:
    return card >= LITTLE_JOKER


def parse_card(text: str, deck: int = FULL_DECK) -> int:
    """Read ``QS``, ``td``, ``10H``, ``AS`` or ``BJ`` into a card of ``deck``.

    The deck matters only for the twos of spades and diamonds under deuces high,
    which are the high trumps 52 and 53 there.
    """
    t = text.strip().upper()
    if t == "BJ":
        return BIG_JOKER
    if t == "LJ":
        return LITTLE_JOKER
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in SUIT_LETTERS:
        raise CardError(f"not a card: {text!r}")
    card = make_card(RANK_LETTERS.index(t[0]), SUIT_LETTERS.index(t[1]))
    if card == 39 and deck >> HIGH_TWO_OF_SPADES & 1:
        return HIGH_TWO_OF_SPADES
    if card == 13 and deck >> HIGH_TWO_OF_DIAMONDS & 1:
        return HIGH_TWO_OF_DIAMONDS
    return card


def card_text(card: int) -> str:
    return CARD_TEXTS[card]


def card_name(card: int) -> str:
    """The card in words, for hints: ``queen of hearts``, ``Big Joker``."""
    return CARD_NAMES[card]


def parse_cards(text: str, deck: int = FULL_DECK) -> list[int]:
    return [parse_card(part, deck) for part in text.split()]


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(CARD_TEXTS[c] for c in cards)


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
    """The partnership of a seat at a table of four (``Rules.side_of`` for any table)."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The partner at a table of four; cutthroat and two-handed have none."""
    return (seat + 2) % SEATS


def left_of(seat: int, seats: int = SEATS) -> int:
    """The next seat clockwise at a table of ``seats`` (``rules.seats``)."""
    return (seat + 1) % seats
