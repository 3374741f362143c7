"""Shared helpers of the test suite: hand-built deals, scripted bidding and play.

The helpers judge cards by their text (rank letter, suit letter), not by the engine's
int encoding, so a test that uses them checks the engine rather than repeating it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from spades.engine.actions import LOOK, Action, Bid, Event, Play
from spades.engine.cards import FULL_DECK, card_text, cards_of, mask_of, parse_card, parse_cards
from spades.engine.legal import BLIND_NIL
from spades.engine.match import BIDDING, OVER, PLAYING, Match
from spades.engine.rules import Rules

RANKS = "23456789TJQKA"
ALL_RANKS = "AKQJT98765432"


def hand(spades: str = "", hearts: str = "", diamonds: str = "", clubs: str = "") -> str:
    """A hand as card text from rank letters by suit: ``hand(hearts="AKQ")``."""
    parts: list[str] = []
    for ranks, suit in ((spades, "S"), (hearts, "H"), (diamonds, "D"), (clubs, "C")):
        parts += [rank + suit for rank in ranks]
    return " ".join(parts)


def deal(*texts: str) -> tuple[int, int, int, int]:
    """Four 13-card hands as masks; fails unless they make exactly one deck."""
    assert len(texts) == 4
    masks = []
    for text in texts:
        cards = parse_cards(text)
        assert len(cards) == 13 and len(set(cards)) == 13, text
        masks.append(mask_of(cards))
    assert sum(m.bit_count() for m in masks) == 52
    assert masks[0] | masks[1] | masks[2] | masks[3] == FULL_DECK
    return tuple(masks)  # type: ignore[return-value]


def one_suit_each(suits: str) -> tuple[int, int, int, int]:
    """Seat i holds the whole suit ``suits[i]``: the spade holder must take all 13 tricks."""
    assert sorted(suits) == sorted("SHDC")
    return deal(*(" ".join(r + s for r in ALL_RANKS) for s in suits))


def start(
    dealer: int,
    hands: Sequence[int],
    scores: Sequence[int] = (0, 0),
    bags: Sequence[int] = (0, 0),
) -> dict:
    return {"dealer": dealer, "hands": tuple(hands), "scores": list(scores), "bags": list(bags)}


def match_with(
    rules: Rules,
    hands: Sequence[int],
    dealer: int = 3,
    scores: Sequence[int] = (0, 0),
    bags: Sequence[int] = (0, 0),
    seed: int = 0,
) -> Match:
    return Match(rules, seed, start=start(dealer, hands, scores, bags))


def bid_round(match: Match, bids: Iterable[int]) -> list[Event]:
    """Bid in turn order, looking at the cards first whenever the seat has not yet."""
    events: list[Event] = []
    for bid in bids:
        assert match.phase == BIDDING
        if bid != BLIND_NIL and LOOK in match.legal_actions():
            events += match.apply(LOOK)
        events += match.apply(Bid(bid))
    return events


def play_cards(match: Match, texts: Iterable[str] | str) -> list[Event]:
    if isinstance(texts, str):
        texts = texts.split()
    events: list[Event] = []
    for text in texts:
        events += match.apply(Play(parse_card(text)))
    return events


def lowest_nonspade(match: Match) -> Action:
    """Scripted play: the lowest legal non-spade, else the lowest legal spade."""
    legal = [c for c in cards_of(match.legal_card_mask())]
    plain = [c for c in legal if card_text(c)[1] != "S"]
    pool = plain or legal
    return Play(min(pool, key=lambda c: RANKS.index(card_text(c)[0])))


def finish_hand(match: Match, policy: Callable[[Match], Action]) -> list[Event]:
    """Play the current hand to its end with ``policy`` choosing every card."""
    assert match.phase == PLAYING
    hands_done = len(match.history)
    events: list[Event] = []
    while len(match.history) == hands_done:
        events += match.apply(policy(match))
    return events


def random_policy(rng: random.Random) -> Callable[[Match], Action]:
    def choose(match: Match) -> Action:
        actions = match.legal_actions()
        return actions[int(rng.random() * len(actions))]

    return choose


def play_random_hands(match: Match, rng: random.Random, hands: int) -> list[Event]:
    """Random legal actions until ``hands`` more hands are finished or the match is over."""
    choose = random_policy(rng)
    goal = len(match.history) + hands
    events: list[Event] = []
    while match.phase != OVER and len(match.history) < goal:
        events += match.apply(choose(match))
    return events


# The trumps above the ace of spades under each deck option, highest first (docs/rules.md).
TOP_TRUMPS = {"standard": (), "jokers": ("BJ", "LJ"), "deuces": ("BJ", "LJ", "2D", "2S")}


def text_suit(text: str, deck: str = "standard") -> str:
    """The suit letter a card follows, from its text: a top trump is a spade."""
    return "S" if text in TOP_TRUMPS[deck] else text[1]


def text_power(text: str, deck: str = "standard") -> int:
    """How high a card stands within its suit, from its text (top trumps above the ace)."""
    top = TOP_TRUMPS[deck]
    if text in top:
        return 13 + len(top) - top.index(text)
    return RANKS.index(text[0])


def winner_offset(cards: Sequence[int], deck: str = "standard") -> int:
    """Index in play order of the card that takes the trick, judged from card text only."""
    texts = [card_text(c) for c in cards]
    spades = [i for i, t in enumerate(texts) if text_suit(t, deck) == "S"]
    suit = "S" if spades else texts[0][1]
    contenders = [i for i, t in enumerate(texts) if text_suit(t, deck) == suit]
    return max(contenders, key=lambda i: text_power(texts[i], deck))


def fill_deal(*texts: str) -> tuple[int, int, int, int]:
    """Four hands from partial texts: the cards nobody was given fill the short hands
    in deck order, so a test only writes the hands it cares about."""
    assert len(texts) == 4
    given = [parse_cards(t) for t in texts]
    used = {c for cards in given for c in cards}
    assert len(used) == sum(len(cards) for cards in given)
    rest = iter(sorted(set(range(52)) - used))
    for cards in given:
        while len(cards) < 13:
            cards.append(next(rest))
    return deal(*(" ".join(card_text(c) for c in cards) for cards in given))


# South (to lead when East deals) holds nine hearts and four low spades: after nine heart
# tricks South has nothing but spades and must lead one; West takes it and leads next.
FORCED_LEAD_DEAL = deal(
    hand(hearts="AKQJT9876", spades="2345"),
    hand(hearts="54", spades="AK", diamonds="AKQJT98", clubs="AK"),
    hand(hearts="3", spades="6789", diamonds="765432", clubs="QJ"),
    hand(hearts="2", spades="TJQ", clubs="T98765432"),
)
