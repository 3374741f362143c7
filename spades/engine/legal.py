"""What may be bid and played, and why anything else is refused: the one place.

The match, the computer players, the bench playouts and the interface all ask these
functions, so a rule is written once. They work on plain values (bid ints, hand
masks), which keeps them fast enough for search.
"""

from __future__ import annotations

import reprlib
from functools import lru_cache

from .cards import (
    CARD_IDS,
    NON_SPADE_MASK,
    SEAT_NAMES_AT,
    SEATS,
    SPADE_MASK,
    SPADES,
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_OF,
    card_name,
)
from .rules import Rules

NIL = 0
BLIND_NIL = -1


def bid_text(bid: int) -> str:
    if bid == NIL:
        return "nil"
    if bid == BLIND_NIL:
        return "blind_nil"
    return str(bid)


def parse_bid(value: object, most: int = 13) -> int:
    """Read a bid as a hand record writes it: 1..13, "nil" or "blind_nil" (0 is nil too);
    up to ``most`` (``rules.tricks``: 17 in cutthroat).

    Only a plain int or one of the two exact words: ``3.0``, ``false`` or ``"3"`` are
    not bids, so a record means one thing to every reader.
    """
    if value == "nil" or (type(value) is int and value == NIL):
        return NIL
    if value == "blind_nil":
        return BLIND_NIL
    if type(value) is int and 1 <= value <= most:
        return value
    raise ValueError(
        f'not a bid: {reprlib.repr(value)}; a bid is 1 to {most}, "nil" or "blind_nil"'
    )


def seat_refusal(seat: object, seats: int = SEATS) -> str | None:
    """Why ``seat`` names no seat (only the ints 0 to ``seats`` - 1 do), or None."""
    if type(seat) is int and 0 <= seat < seats:
        return None
    return f"There is no seat {reprlib.repr(seat)}"


def seat_name(seat: int, seats: int = SEATS) -> str:
    """The seat's name at a table of ``seats``: South, West, North, East (East is the
    third of three; North faces South at two)."""
    return SEAT_NAMES_AT[seats][seat]


def is_nil(bid: int) -> bool:
    return bid <= 0


def spades_held(hand: int) -> int:
    """The spades in a hand, jokers and raised twos included: what Mirror and Whiz bid."""
    return (hand & SPADE_MASK).bit_count()


def _team_refusal(rules: Rules, mine: int, partners: int) -> str | None:
    """Why two partners' bids together break a team rule, if they do."""
    if rules.bidding == "suicide":
        if is_nil(mine) and is_nil(partners):
            return "Under Suicide only one partner bids nil; your partner already did"
        if not is_nil(mine) and not is_nil(partners):
            return "Under Suicide one partner bids nil; your partner did not, so you must"
        if max(mine, partners) < 4:
            return "Under Suicide the partner of a nil bidder bids at least 4"
    if is_nil(mine) and is_nil(partners) and rules.max_nils_per_team < 2:
        return "Only one player of a team may bid nil"
    ordinary = max(mine, 0) + max(partners, 0)
    if rules.team_cap_13 and ordinary > 13:
        return f"Partners may bid at most 13 together; your partner bid {partners}"
    if rules.min_team_bid and ordinary < rules.min_team_bid:
        return f"Partners must bid at least {rules.min_team_bid} together"
    return None


def _partner_options(rules: Rules) -> range:
    return range(0 if rules.nil else 1, 14)


def _fixed_bid_refusal(rules: Rules, bid: int, spades: int | None) -> str | None:
    """Why a bid breaks Mirror (bid the spades held) or Whiz (nil or the spades held)."""
    if bid == BLIND_NIL or (rules.bidding == "whiz" and bid == NIL):
        return None
    if spades is None:
        raise ValueError(f"{rules.bidding} bids depend on the spades held: pass spades")
    held = min(spades, 13)
    if bid == held:
        return None
    if rules.bidding == "mirror":
        if held == 0:
            return "Under Mirror you bid the spades you hold: none, so nil"
        return f"Under Mirror you bid the spades you hold: {held}"
    if held == 0:
        return "Under Whiz you bid nil or the spades you hold: you hold none, so nil"
    return f"Under Whiz you bid nil or the spades you hold: {held}"


def _whiz_nil_refusal(
    rules: Rules, bid: int, partner_bid: int | None, spades: int | None
) -> str | None:
    """Why a second nil of a team breaks Whiz with ``max_nils_per_team`` at 1.

    A player who holds spades bids them instead; one who holds none has no other bid,
    so that nil stands (docs/rules.md, Whiz).
    """
    if (rules.bidding != "whiz" or rules.max_nils_per_team > 1 or partner_bid is None
            or not is_nil(partner_bid) or not is_nil(bid)):
        return None
    if bid == BLIND_NIL:
        return "Only one player of a team may bid nil; your partner already did"
    if spades is None:
        raise ValueError("whiz bids depend on the spades held: pass spades")
    if spades == 0:
        return None
    held = min(spades, 13)
    return (f"Only one player of a team may bid nil; your partner already did, "
            f"so bid your {held} spade{'s' if held != 1 else ''}")


def bid_refusal(
    rules: Rules,
    bid: int,
    partner_bid: int | None,
    blind_open: bool,
    looked: bool,
    spades: int | None = None,
) -> str | None:
    """Why this bid is refused for the seat to act, or None when it is legal.

    ``partner_bid`` is None while the partner has yet to bid. ``blind_open`` says the
    seat's team qualifies for blind nil this hand; ``looked`` whether the seat has
    seen its cards. ``spades``: the spades the seat holds (``spades_held``), which
    Mirror and Whiz bids need.
    """
    if bid == BLIND_NIL:
        if not rules.blind_nil:
            return "Blind nil is not played under these rules"
        if not blind_open:
            who = "a team behind" if rules.partnerships else "a player behind the leader"
            return f"Blind nil is only open to {who} by {rules.blind_nil_deficit} or more points"
        if looked:
            return "Blind nil must be bid before you look at your cards"
    elif bid == NIL:
        if not rules.nil:
            return "Nil is not allowed under these rules; bid 1 to 13"
    elif not 1 <= bid <= rules.tricks:
        return f"Bids go from 1 to {rules.tricks}"
    if bid != BLIND_NIL and not looked:
        return "First choose blind nil or look at your cards"
    if not rules.partnerships:
        return None  # each alone: no partner's bid limits this one
    if rules.fixed_bids:
        # The cards set the bid: no team cap or minimum can apply. Whiz alone leaves a
        # choice (nil or the spades), so it alone can keep to one nil a team.
        return _fixed_bid_refusal(rules, bid, spades) or _whiz_nil_refusal(
            rules, bid, partner_bid, spades)
    if rules.bidding == "suicide" and partner_bid is None and 0 < bid < 4:
        return "Under Suicide one partner bids nil and the other at least 4"
    if partner_bid is not None:
        return _team_refusal(rules, bid, partner_bid)
    if all(_team_refusal(rules, bid, other) for other in _partner_options(rules)):
        return "That bid would leave your partner no legal bid"
    return None


@lru_cache(maxsize=4096)
def legal_bids(
    rules: Rules,
    partner_bid: int | None,
    blind_open: bool,
    looked: bool,
    spades: int | None = None,
) -> tuple[int, ...]:
    """Every legal bid, blind nil first, then nil, then 1..13.

    ``spades`` (the spades the seat holds) is needed under Mirror and Whiz only.
    """
    return tuple(
        b
        for b in range(-1, rules.tricks + 1)
        if bid_refusal(rules, b, partner_bid, blind_open, looked, spades) is None
    )


def forced_bid(rules: Rules, hand: int) -> int | None:
    """The bid the match makes for a seat under Mirror (shown, not asked), else None."""
    if rules.bidding != "mirror":
        return None
    return min(spades_held(hand), 13)


def pass_refusal(rules: Rules, hand: int, cards: tuple[int, ...]) -> str | None:
    """Why these cards may not be passed to the partner after a nil bid, or None."""
    n = rules.nil_pass
    if len(cards) != n:
        return f"Pass {n} card{'s' if n != 1 else ''} to your partner"
    if len(set(cards)) != n:
        return "Pass different cards"
    for card in cards:
        if not hand >> card & 1:
            return f"You do not hold the {card_name(card)}"
    return None


def blind_nil_open(rules: Rules, scores: list[int] | tuple[int, ...], team: int) -> bool:
    """Whether a team (a player alone, in cutthroat) may bid blind nil this hand: it
    trails the best of the others by enough at its start."""
    if not rules.blind_nil:
        return False
    best = max(s for side, s in enumerate(scores) if side != team)
    return best - scores[team] >= rules.blind_nil_deficit


def passing_order(rules: Rules, bid_order) -> tuple[tuple[int, int], ...]:
    """Who passes cards after the bidding, as (nil bidder, partner) pairs in order.

    With ``nil_pass`` on, a team with exactly one nil bidder (blind or not) exchanges
    cards: the nil bidder passes first. Teams go in the order their nils were bid.
    """
    if not rules.nil_pass:
        return ()
    bids = dict(bid_order)
    pairs = []
    for seat, bid in bid_order:
        partner = (seat + 2) % SEATS
        if is_nil(bid) and not is_nil(bids[partner]):
            pairs.append((seat, partner))
    return tuple(pairs)


def blind_nil_choice(rules: Rules, partner_bid: int | None, blind_open: bool) -> bool:
    """Whether an unlooked seat really has a blind nil to choose at its turn."""
    return blind_open and bid_refusal(rules, BLIND_NIL, partner_bid, True, False) is None


# --- play ------------------------------------------------------------------------


def legal_cards(
    hand: int, led_suit: int, spades_broken: bool, spades_lead_anytime: bool
) -> int:
    """The mask of playable cards. ``led_suit`` is -1 when leading."""
    if led_suit >= 0:
        follow = hand & SUIT_MASKS[led_suit]
        return follow or hand
    if spades_broken or spades_lead_anytime:
        return hand
    return (hand & NON_SPADE_MASK) or hand


def card_refusal(
    hand: int,
    card: int,
    led_suit: int,
    spades_broken: bool,
    spades_lead_anytime: bool,
) -> str | None:
    """Why this card may not be played now, or None when it may."""
    if not 0 <= card < CARD_IDS or not hand >> card & 1:
        return (
            f"You do not hold the {card_name(card)}" if 0 <= card < CARD_IDS else "Not a card"
        )
    suit = SUIT_OF[card]
    if led_suit >= 0:
        if suit != led_suit and hand & SUIT_MASKS[led_suit]:
            return f"You must follow {SUIT_NAMES[led_suit]}"
        return None
    if (
        suit == SPADES
        and not spades_broken
        and not spades_lead_anytime
        and hand & NON_SPADE_MASK
    ):
        return "Spades are not broken yet"
    return None


def trick_winner_index(cards: list[int] | tuple[int, ...]) -> int:
    """Index (0 = the lead) of the card that wins: top spade, else top of the led suit.

    The top trumps of the deck variants (52..55) are spades above the ace, so the one
    test serves every deck (see cards.py).
    """
    best = cards[0]
    at = 0
    for i in range(1, len(cards)):
        c = cards[i]
        if c > best and (c >= 39 or c // 13 == best // 13):
            best = c
            at = i
    return at


def turn_refusal(seat: int, to_act: int, seats: int = SEATS) -> str:
    return f"It is {seat_name(to_act, seats)}'s turn, not {seat_name(seat, seats)}'s"
