"""The demonstration's deal under the player's rule set: the fixed cards, what West,
North and East do before the hand goes free, the cards the player is asked for, and
each step's explanation, with the variant's own moment in it.

The ordinary deal shows trumps (the player's lowest spade takes the ace of hearts),
leading, following suit and a ruff (East, out of diamonds, trumps them). A variant
changes only what it changes: with jokers or deuces high East ruffs with the Big Joker
(the deck's removed twos are swapped for the cards the joker freed); Suicide, Whiz and
Mirror bid their way (a Mirror bid is made by the game and shown); with nil card
passing North bids nil, passes first, and the player is asked for two low clubs. The
match is played under the player's own rules, so the deal is what they will play.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import NIL, STANDARD, Action, Bid, PassCards, Play, Rules, parse_card
from ...engine.cards import SPADE_MASK, card_name

DEMO_HANDS = (
    "2S 7S QS KC 9C 4C 3C AD JD 8D 6D 5D 2D",  # South, the player: no hearts
    "AH KH 9H 5H 3S 8S AC 7C 2C KD 9D 4D 3D",  # West
    "QH JH 8H 4H 2H 4S 9S KS QC 6C QD TD 7D",  # North
    "TH 7H 6H 3H 5S 6S TS JS AS JC TC 8C 5C",  # East: no diamonds
)
# The first three tricks: West, North, East's cards (South's are asked for).
PLAYS = {1: ["AH", "AC", "KD"], 2: ["2H", "6C", "7D"], 3: ["3H", "5C", "5S"]}
BIDS = {1: 3, 2: 3, 3: 4}  # the ordinary bids
PASSED = {1: ("KS",), 2: ("KS", "QD")}  # North's pass to the player, by nil_pass
ASKED_PASS = {1: ("9C",), 2: ("9C", "4C")}  # the player's pass: low clubs it can spare
# Suicide's East, nil, and West pass too: East its top spades (it ruffs with a low one),
# West a heart and a club (East stays out of diamonds).
EAST_PASS = {1: ("AS",), 2: ("AS", "JS")}
WEST_PASS = {1: ("9H",), 2: ("9H", "7C")}

TEXTS = {
    "welcome": "A demonstration deal: the same cards every time. You sit South; your "
               "partner is North. Next goes on; Leave demo ends it at any step.",
    "bid": "First everyone bids how many tricks they expect to take, starting at the "
           "dealer's left: West, North and East bid before you. On your turn, choose a "
           "bid, then confirm it.",
    "trump": "West leads the ace of hearts and you have no hearts, so you may play any "
             "card. Play the {trump}: spades are trumps, so even the lowest spade "
             "beats the ace of hearts.",
    "broken": "Your {trump} took the trick. Spades are now broken: a spade was "
              "played on another suit, so spades may be led from now on.",
    "lead": "Whoever takes a trick leads the next one. Lead the king of clubs.",
    "follow": "West took the club and leads a diamond. You hold diamonds, so you must "
              "follow suit: only your diamonds are raised. Play one.",
    "ruffed": "East had no diamonds and played a spade, which takes the trick. You must "
              "follow suit when you can; when you cannot, any card goes, and a spade wins.",
    "free": "That is the heart of Spades. Play the rest of the hand as you like, or leave "
            "the demonstration.",
}
BID_TEXTS = {
    "suicide": "Suicide: in each team one partner bids nil and the other at least 4. West "
               "bid 4, so East's nil was forced; North bid nil, so you bid 4 or more. "
               "Choose a bid, then confirm it.",
    "whiz": "Whiz: everyone bids nil or the number of spades they hold, nothing else, "
            "so your bid panel has two buttons. Choose one, then confirm it.",
    "mirror": "Mirror: nobody chooses a bid. Each player bids the number of spades they "
              "hold, and the game has bid for everyone: {bids}. Next goes on.",
}


@dataclass
class DemoDeal:
    rules: Rules
    hands: tuple[str, ...]  # by seat: South, West, North, East (at three South, West, East)
    script: dict[int, list[Action]]
    asked: dict[str, int | tuple[int, ...]]  # step: the card (or cards) asked for
    texts: dict[str, str] = field(default_factory=dict)
    steps: tuple[str, ...] = ()
    stock: tuple[int, ...] = ()  # two-handed: the stock, top first (no hands dealt)
    draws: dict[str, Action] = field(default_factory=dict)  # step: the draw asked for


def demo_deal(chosen: Rules = STANDARD) -> DemoDeal:
    rules = chosen
    deck = rules.cards
    hands = [text.split() for text in DEMO_HANDS]
    plays = {seat: list(cards) for seat, cards in PLAYS.items()}
    trump = "2S"
    if rules.deck != "standard":
        # East ruffs with the Big Joker; its 5S and the Little Joker take the places
        # of the twos this deck leaves out.
        hands[3][hands[3].index("5S")] = "BJ"
        plays[3][2] = "BJ"
        spare = ["5S", "LJ"]
        for hand in hands:
            for i, text in enumerate(hand):
                if not deck >> parse_card(text, deck) & 1:
                    hand[i] = spare.pop(0)
        if "2H" not in hands[2]:
            plays[2][0] = "4H"
        if rules.deck == "deuces":  # the two of spades is a high trump: South gets a low one
            hands[0][hands[0].index("2S")], hands[1][hands[1].index("3S")] = "3S", "2S"
            trump = "3S"
    script: dict[int, list[Action]] = {
        seat: [Play(parse_card(text, deck)) for text in cards] for seat, cards in plays.items()}
    held = [sum(1 for text in hand if SPADE_MASK >> parse_card(text, deck) & 1)
            for hand in hands]
    # North goes nil under Suicide, and with nil card passing (but for Mirror's count).
    north_nil = rules.bidding != "mirror" and (rules.bidding == "suicide" or
                                               bool(rules.nil_pass))
    if rules.bidding != "mirror":
        for seat in (1, 2, 3):
            bid = BIDS[seat]
            if rules.bidding == "whiz":
                bid = held[seat]
            if rules.bidding == "suicide":
                bid = {1: 4, 2: NIL, 3: NIL}[seat]
            if seat == 2 and north_nil:
                bid = NIL
            script[seat].insert(0, Bid(bid))
    asked: dict[str, int | tuple[int, ...]] = {
        "trump": parse_card(trump, deck), "lead": parse_card("KC", deck)}
    steps = ["welcome", "bid"]
    if rules.nil_pass and north_nil:
        n = rules.nil_pass
        script[2].insert(1, PassCards(tuple(sorted(parse_card(t, deck) for t in PASSED[n]))))
        if rules.bidding == "suicide":  # East's nil: the opponents swap cards too
            script[3].insert(1, PassCards(tuple(sorted(parse_card(t, deck) for t in EAST_PASS[n]))))
            script[1].insert(1, PassCards(tuple(sorted(parse_card(t, deck) for t in WEST_PASS[n]))))
        asked["pass"] = tuple(parse_card(t, deck) for t in ASKED_PASS[n])
        steps.append("pass")
    steps += ["trump", "broken", "lead", "follow", "ruffed", "free"]
    deal = DemoDeal(rules, tuple(" ".join(hand) for hand in hands), script, asked,
                    steps=tuple(steps))
    deal.texts = texts_for(deal, trump, held)
    return deal


def texts_for(deal: DemoDeal, trump: str, held: list[int]) -> dict[str, str]:
    rules = deal.rules
    texts = dict(TEXTS)
    name = card_name(parse_card(trump, rules.cards))
    texts["trump"] = texts["trump"].format(trump=name)
    texts["broken"] = texts["broken"].format(trump=name)
    if rules.bidding in BID_TEXTS:
        bids = ", ".join(f"{who} {'nil' if n == 0 else n}" for who, n in
                         zip(("you", "West", "North", "East"), held, strict=True))
        texts["bid"] = BID_TEXTS[rules.bidding].format(bids=bids)
    elif rules.nil_pass:
        texts["bid"] = ("West, North and East bid before you, North nil. On your turn, "
                        "choose a bid, then confirm it.")
    if rules.nil_pass and "pass" in deal.asked:
        n = rules.nil_pass
        cards = " and the ".join(card_name(c) for c in deal.asked["pass"])  # type: ignore[union-attr]
        texts["pass"] = (f"Nil card passing: North bid nil, so you and North swap {n} "
                         f"card{'s' if n != 1 else ''} face down, and North has passed "
                         f"first. Pass the {cards}: low cards help a nil bidder duck.")
    if rules.deck != "standard":
        over = ("the Little Joker and the ace of spades" if rules.deck == "jokers" else
                "the Little Joker, the two of diamonds, the two of spades and the ace")
        texts["ruffed"] = ("East had no diamonds and played the Big Joker: the highest "
                           f"spade of this deck, above {over}, so it takes the trick. A "
                           "joker is a spade for every rule: it follows a spade lead and "
                           "breaks spades like one.")
    extra = []
    if rules.ten_for_200:
        extra.append("a team contract of 10 or more scores 200")
    if rules.boston:
        extra.append("a team that bid 13 and takes every trick scores a Boston")
    if extra:
        texts["free"] += f" Your rules score big contracts too: {'; '.join(extra)}."
    return texts
