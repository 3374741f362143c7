"""The demonstration's deals of the games played alone: cutthroat for three and
two-handed for two (docs/rules.md, Three and two players).

Cutthroat tells the four-player demonstration's story with three: the player, out of
hearts, trumps West's ace of hearts with the two of spades (East followed with a heart
before), leads the king of clubs to West's ace, and must follow when West leads a
diamond that East, out of diamonds, has trumped. Its steps are the ordinary deal's,
and each text says who is alone.

Two-handed shows the draw: North draws first and shows a heart; the player is asked to
keep the ace of spades, then to show the four of diamonds and take the card under it;
then draws on as they like, bids alone and plays the hand out.
"""

from __future__ import annotations

import random

from ...engine import DISCARD, KEEP, Action, Bid, Play, Rules, parse_card
from .demo_deal import DemoDeal

# Cutthroat: South, West, East (seats 0, 1, 2), 17 each; the two of clubs is out.
CUTTHROAT_HANDS = (
    "2S 4S 7S QS KC 9C 6C 5C 4C 3C AD JD 8D 6D 5D 3D 2D",  # South: no hearts
    "AH KH JH 9H 8H 5H 3S 8S KS AC 7C KD QD TD 9D 7D 4D",  # West
    "QH TH 7H 6H 4H 3H 2H 5S 6S 9S TS JS AS QC JC TC 8C",  # East: no diamonds
)
# West's and East's cards of the first three tricks (South's are asked for).
CUTTHROAT_PLAYS = {1: ["AH", "AC", "KD"], 2: ["3H", "8C", "5S"]}
CUTTHROAT_BIDS = {1: 4, 2: 5}

CUTTHROAT_TEXTS = {
    "welcome": "A demonstration of cutthroat: the same cards every time. You sit South "
               "against West and East, each for themselves: there are no partners. The "
               "two of clubs is out, so each of you holds 17 cards. Next goes on; Leave "
               "demo ends it at any step.",
    "bid": "Everyone bids for themselves, starting at the dealer's left: West and East "
           "bid before you. Your bid is your own contract: nobody's tricks help you. "
           "Choose a bid, then confirm it.",
    "trump": "West led the ace of hearts and East followed with a heart. You have no "
             "hearts, so you may play any card. Play the two of spades: spades are "
             "trumps, so even the lowest spade beats the ace of hearts.",
    "broken": "Your two of spades took the trick. Spades are now broken: a spade was "
              "played on another suit, so spades may be led from now on.",
    "lead": "Whoever takes a trick leads the next one. Lead the king of clubs.",
    "follow": "West took the club and led a diamond, and East, out of diamonds, trumped "
              "it with a spade. You hold diamonds, so you must follow suit: only your "
              "diamonds are raised. Play one.",
    "ruffed": "East's spade takes the trick. You must follow suit when you can; when you "
              "cannot, any card goes, and a spade wins.",
    "free": "That is cutthroat: the play is Spades, three cards to a trick, and the "
            "score is yours alone. Play the rest of the hand as you like, or leave the "
            "demonstration.",
}

# Two-handed: the stock's first eight cards, top first; the rest follow in a fixed order.
TWO_HANDED_TOP = "3H 9C AS 8D KH 7C 4D KS"
TWO_HANDED_TEXTS = {
    "welcome": "A demonstration of two-handed Spades: the same cards every time. You sit "
               "South; North, across the table, plays for itself. There is no deal: you "
               "each draw 13 cards from the stock. Next goes on; Leave demo ends it at "
               "any step.",
    "keep": "North drew first: it showed the three of hearts, now out of play, and took "
            "the card under it unseen. Your turn: the top card is the ace of spades, the "
            "highest trump. Keep it: the card under it is then discarded face down; you "
            "see it, North does not.",
    "show": "North has drawn again. Your top card is now the four of diamonds, a card "
            "you can spare. Discard it: it is shown to North too, and you take the card "
            "under it instead.",
    "draw": "Draw on until you each hold 13 cards: keep a card you want, or show one "
            "you don't and take the next. Every shown card is out of play.",
    "bid": "Now bid alone: the tricks of 13 you expect to take, or nil. North bids for "
           "itself, and your bid is your own contract. Choose a bid, then confirm it.",
    "free": "Two cards to a trick: follow suit when you can, and spades are trumps. Play "
            "the hand as you like, or leave the demonstration.",
}


def cutthroat_script(rules: Rules) -> dict[int, list[Action]]:
    """West's and East's bids and first cards."""
    deck = rules.cards
    return {seat: [Bid(CUTTHROAT_BIDS[seat]),
                   *(Play(parse_card(text, deck)) for text in cards)]
            for seat, cards in CUTTHROAT_PLAYS.items()}


def two_handed_stock(rules: Rules) -> tuple[int, ...]:
    """The stock, top first: the demonstration's eight cards, then the others in an
    order fixed once and for all."""
    top = [parse_card(text) for text in TWO_HANDED_TOP.split()]
    rest = [c for c in range(52) if rules.cards >> c & 1 and c not in top]
    random.Random("two-handed demonstration").shuffle(rest)
    return tuple(top + rest)


def two_handed_script() -> dict[int, list[Action]]:
    """North's first two draws: it shows the three of hearts, then keeps the king of
    hearts (after that it draws as the normal player does)."""
    return {1: [DISCARD, KEEP]}


# What the draw's steps ask for, in words (a wrong choice is answered with them).
DRAW_ASKS = {"keep": "keep the ace of spades", "show": "discard the four of diamonds"}


def alone_deal(rules: Rules) -> DemoDeal:
    """The demonstration under cutthroat or two-handed ``rules`` (the player's own)."""
    if rules.draws:
        return DemoDeal(rules, (), two_handed_script(), {}, dict(TWO_HANDED_TEXTS),
                        ("welcome", "keep", "show", "draw", "bid", "free"),
                        stock=two_handed_stock(rules),
                        draws={"keep": KEEP, "show": DISCARD})
    deck = rules.cards
    return DemoDeal(rules, CUTTHROAT_HANDS, cutthroat_script(rules),
                    {"trump": parse_card("2S", deck), "lead": parse_card("KC", deck)},
                    dict(CUTTHROAT_TEXTS),
                    ("welcome", "bid", "trump", "broken", "lead", "follow", "ruffed", "free"))
