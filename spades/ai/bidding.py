"""Bidding: how many tricks a hand is worth, when to go nil, and the bid itself.

The estimate counts side-suit aces, kings and queens by suit length, spade honours
and length, and ruffs from short suits. The bid then bends to the other bids, the
rules (nil, team cap, minimum team bid, nils per team, the bidding variants) and the
match score. A spade's worth is its place from the top of the deck's spades, so a
Big Joker counts as the ace does in the ordinary deck and the ace below two jokers
as a queen.
"""

from __future__ import annotations

from ..engine.actions import LOOK, Action, Bid
from ..engine.cards import FULL_DECK, SPADE_MASK, SUIT_MASKS
from ..engine.legal import BLIND_NIL, NIL, legal_bids, spades_held
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .position import PARTNER

_A, _K, _Q, _J = 12, 11, 10, 9


def _ranks(hand: int, suit: int) -> list[int]:
    m = (hand & SUIT_MASKS[suit]) >> (13 * suit)
    return [r for r in range(13) if m >> r & 1]


def trump_ranks(hand: int, deck: int = FULL_DECK) -> list[int]:
    """The hand's spades as the ranks they would be in the ordinary deck, lowest first:
    12 for the top spade of ``deck``, 11 for the next, and so on (below 0 for the
    lowest spades of a deck with more than 13 of them)."""
    trumps = deck & SPADE_MASK
    out = []
    m = hand & SPADE_MASK
    while m:
        low = m & -m
        card = low.bit_length() - 1
        m ^= low
        out.append(12 - (trumps >> (card + 1)).bit_count())
    return out


def top_trump(deck: int = FULL_DECK) -> int:
    """The highest spade of the deck: the ace, or the Big Joker."""
    return (deck & SPADE_MASK).bit_length() - 1


def estimate_tricks(hand: int, deck: int = FULL_DECK) -> float:
    """Expected tricks for a 13-card hand of ``deck``, before the other bids are known."""
    return _estimate(hand, deck)[0]


def tricks_by_suit(hand: int, deck: int = FULL_DECK) -> tuple[float, float, float, float]:
    """``estimate_tricks`` suit by suit (clubs, diamonds, hearts, spades): what each
    suit's honours are worth, with the ruffs a short side suit gives counted as spade
    tricks (a spade takes them). The four add up to the estimate."""
    return _estimate(hand, deck)[1]


def _estimate(hand: int, deck: int) -> tuple[float, tuple[float, float, float, float]]:
    """The estimate and its share by suit; the total is summed in one order always (the
    players' bids, and the figures of record, depend on its last bit)."""
    spades = trump_ranks(hand, deck)
    n = len(spades)
    # A deck with jokers or raised twos has 2 or 3 spades more: long spades are longer
    # for everyone, and the side suits, a card shorter, are ruffed sooner.
    extra = (deck & SPADE_MASK).bit_count() - 13
    tricks = 0.0
    honours = 0
    if _A in spades:
        tricks += 1.0
        honours += 1
    if _K in spades:
        tricks += 1.0 if n >= 2 else 0.4
        honours += 1
    if _Q in spades:
        tricks += 0.9 if n >= 3 else (0.4 if n == 2 else 0.1)
        honours += 1
    if _J in spades and n >= 4:
        tricks += 0.5
        honours += 1
    tricks += max(0, n - max(3 + extra // 2, honours)) * 0.9

    trump_tricks = tricks
    side = [0.0, 0.0, 0.0]
    ruff_value = 0.0
    for suit in range(3):
        ranks = _ranks(hand, suit)
        length = len(ranks)
        has_a, has_k, has_q = _A in ranks, _K in ranks, _Q in ranks
        before = tricks
        if has_a:
            tricks += 1.0 if length <= 5 else 0.7
        if has_k:
            if length == 1:
                tricks += 0.15
            elif has_a:
                tricks += 0.9 if length <= 5 else 0.5
            else:
                tricks += 0.65 if length <= 5 else 0.35
        if has_q and 3 <= length <= 5:
            tricks += 0.45 if (has_a or has_k) else 0.2
        side[suit] = tricks - before
        if length == 0:
            ruff_value += 1.5
        elif length == 1:
            ruff_value += 0.75 if not has_a else 0.4
        elif length == 2:
            ruff_value += 0.25
    if extra:
        tricks = trump_tricks + (tricks - trump_tricks) * (1.0 - SIDE_SHRINK * extra)
        side = [v * (1.0 - SIDE_SHRINK * extra) for v in side]
    spare = max(0, min(n, 3) - sum(1 for r in spades if r >= _Q))
    ruffs = min(float(spare), ruff_value)
    tricks += ruffs
    return tricks, (side[0], side[1], side[2], trump_tricks + ruffs)


SIDE_SHRINK = 0.04  # a side honour's worth lost per extra spade of the deck


def sure_tricks(hand: int, deck: int = FULL_DECK) -> int:
    """Tricks a hand takes against any defence: top spades in sequence, side aces."""
    spades = trump_ranks(hand, deck)
    sure = 0
    for r in range(_A, -1, -1):
        if r in spades:
            sure += 1
        else:
            break
    for suit in range(3):
        ranks = _ranks(hand, suit)
        if _A in ranks and len(ranks) <= 6:
            sure += 1
    return sure


def nil_danger(hand: int, deck: int = FULL_DECK) -> float:
    """How hard a hand is to lose every trick with: 0 is easy; above 1 is reckless."""
    danger = 0.0
    for suit in range(3):
        for i, r in enumerate(_ranks(hand, suit)):
            danger += max(0, r - (3 * i + 4)) / 8
    spades = trump_ranks(hand, deck)
    for i, r in enumerate(spades):
        danger += max(0, r - (2 * i + 3)) / 5
    danger += max(0, len(spades) - 3) * 0.5
    return danger


def nil_is_sound(
    hand: int, danger_limit: float | None = None, deck: int = FULL_DECK
) -> bool:
    """The hand can duck every trick: no top spade, few high spades, low cards."""
    if hand >> top_trump(deck) & 1:
        return False
    if sure_tricks(hand, deck) >= 1 or estimate_tricks(hand, deck) > 2.2:
        return False
    limit = NIL_DANGER_LIMIT if danger_limit is None else danger_limit
    return nil_danger(hand, deck) <= limit


NIL_DANGER_LIMIT = 0.8
BID_SCALE = 0.9


BLIND_NIL_NEAR_END = 100  # the leaders this close to the target: the match may end now
BLIND_NIL_FROM = 150  # behind by less, an ordinary hand can still catch up
BLIND_NIL_REACH = 150  # besides the blind nil's own points, what its side may gain


def wants_blind_nil(view: PlayerView) -> bool:
    """Decided from the score and the bids alone, before looking at the cards.

    A blind nil fails about three times in four, so it is bid only where a made one can
    turn the match: the leaders are near the target, the side trails by more than an
    ordinary hand makes up, and not by more than the blind nil and a good hand of the
    partner's can. Further behind, a failed blind nil only deepens the loss (and bid
    hand after hand, it did: four running, all failed), so the side looks and plays.
    """
    team = view.seat & 1
    us, them = view.scores[team], view.scores[1 - team]
    partner_bid = view.bids[view.partner]
    if partner_bid is not None and partner_bid < 3:
        return False  # beside a nil, or a partner too weak to cover for the blind nil
    deficit = them - us
    return (them >= view.rules.target - BLIND_NIL_NEAR_END
            and BLIND_NIL_FROM <= deficit <= view.rules.blind_nil_value + BLIND_NIL_REACH)


def gambles_far_behind(view: PlayerView) -> bool:
    """The blind nil rule the normal players had before: 500 behind, or 300 with the
    leaders within 60 of the target, beside no nil and no partner's bid under three.
    Hard's blind nil search still starts from it (see hard.py), because hard's strength
    figures of record were measured so; the search looks nearly everywhere it gambles."""
    team = view.seat & 1
    us, them = view.scores[team], view.scores[1 - team]
    partner_bid = view.bids[view.partner]
    if partner_bid is not None and partner_bid < 3:
        return False
    deficit = them - us
    return deficit >= 500 or (deficit >= 300 and them >= view.rules.target - 60)


def choose_bid(
    view: PlayerView, caution: float = 0.0, nil_limit: float | None = None
) -> tuple[Action, str]:
    """The normal player's bid (or the blind nil decision) and a reason.

    ``caution`` shades the estimate down (up when negative); ``nil_limit`` replaces
    the nil danger limit (the easy player is bolder).
    """
    if not view.looked:
        if wants_blind_nil(view):
            return Bid(BLIND_NIL), "Far behind: blind nil is worth the risk"
        return LOOK, "Look at the cards"
    return bid_for(view.rules, view.hand, view.seat, view.bids, view.scores, view.bags,
                   caution, nil_limit)


def bid_for(
    rules: Rules, hand: int, seat: int, bids, scores: tuple[int, int],
    bags: tuple[int, int], caution: float = 0.0, nil_limit: float | None = None,
    worth: tuple[float, bool] | None = None,
) -> tuple[Action, str]:
    """``choose_bid`` for a seat that has looked, from the facts it reads: the seat's
    hand, the bids so far (None for a seat still to bid), the match score and bags.
    ``worth`` is the hand's ``estimate_tricks`` and ``nil_is_sound`` (at
    ``nil_limit``), when the caller has them already (the hard player's bid search
    asks for the same sampled hand's bid once per candidate)."""
    partner_bid = bids[PARTNER[seat]]
    deck = rules.cards
    held = spades_held(hand)
    options = legal_bids(rules, partner_bid, False, True, held)
    if worth is None:
        worth = (estimate_tricks(hand, deck), nil_is_sound(hand, nil_limit, deck))
    # Counting honours is optimistic: scaled, four such bids total about 11.
    estimate = worth[0] * BID_SCALE - caution
    team = seat & 1
    if rules.bidding != "free" and len(options) == 1:
        return Bid(options[0]), forced_reason(rules, options[0], held)
    if rules.bidding == "whiz":
        return whiz_bid(hand, held, estimate, worth[1], deck, partner_bid)
    if rules.bidding == "suicide" and partner_bid is None:
        if suicide_goes_nil(hand, estimate, worth[1], deck):
            return Bid(NIL), "Suicide: one of you goes nil, and this hand ducks best"

    if NIL in options and worth[1]:
        partner_ok = partner_bid is None or partner_bid >= 2
        if partner_ok:
            return Bid(NIL), "A hand of low cards: nil"

    # Round half up, but lean higher when the tenth bag is near or the opponents are
    # about to win, and lower when making this contract would win the match.
    bag_room = rules.bag_limit - bags[team] if rules.bag_penalty else 99
    shade = 0.65 if bag_room <= 3 else 0.5
    us, them = scores[team], scores[1 - team]
    if us + 10 * int(estimate + shade) >= rules.target and us >= them:
        shade -= 0.2
    elif them >= rules.target - 60 and them > us:
        shade += 0.2
    target = int(estimate + shade)
    if partner_bid is not None and partner_bid <= 0:
        target = max(target, int(estimate + 0.6))  # the nil's partner carries the team
    taken = sum(b for b in bids if b is not None and b > 0)
    if bids.count(None) == 1 and taken + target >= 14:
        target = max(1, 13 - taken)  # the table cannot take more than 13
    ordinary = [b for b in options if b > 0]
    if not ordinary:
        return Bid(options[0]), "The only legal bid"
    choice = min(ordinary, key=lambda b: (abs(b - target), b))
    return Bid(choice), f"Your hand is worth about {estimate:.1f} tricks"


def forced_reason(rules: Rules, bid: int, held: int) -> str:
    """Why a seat with one legal bid bids it."""
    if rules.bidding == "suicide":
        if bid == NIL:
            return "Suicide: your partner bid, so you go nil"
        return "Suicide: your partner went nil, so you bid at least 4"
    if rules.bidding in ("mirror", "whiz") and bid == NIL:
        return "No spades: nil"
    if rules.bidding == "mirror":
        return f"Mirror: you bid the {held} spades you hold"
    if rules.bidding == "whiz":
        return (f"Whiz: one nil a team and your partner went nil, so you bid your {held} "
                f"spade{'s' if held != 1 else ''}")
    return "The only legal bid"


def whiz_bid(
    hand: int, held: int, estimate: float, sound_nil: bool, deck: int,
    partner_bid: int | None = None,
) -> tuple[Action, str]:
    """Whiz: nil, or the number of spades held. Nil with a sound nil hand; else nil
    when the hand is worth at least half a trick less than its spades, holds no top
    spade, its partner has not gone nil, and its nil danger is low: at most 1.2, or
    1.6 in a deck of more spades than tricks (jokers, deuces high), where the four
    counts add up to more than the 13 tricks, so a count is set more often and a nil
    is worth more."""
    if sound_nil:
        return Bid(NIL), "Whiz: a hand of low cards goes nil"
    more_spades = (deck & SPADE_MASK).bit_count() > 13
    limit = WHIZ_NIL_DANGER_MORE_SPADES if more_spades else WHIZ_NIL_DANGER
    if (held - estimate >= WHIZ_SHORT and not hand >> top_trump(deck) & 1
            and partner_bid not in (NIL, BLIND_NIL) and nil_danger(hand, deck) <= limit):
        return Bid(NIL), f"Whiz: {held} spades would be hard to make; nil is safer"
    return Bid(held), f"Whiz: bid the {held} spades you hold (worth about {estimate:.1f})"


def suicide_goes_nil(hand: int, estimate: float, sound_nil: bool, deck: int) -> bool:
    """Suicide, the first partner to bid: go nil with the weaker kind of hand, since
    the partner must otherwise go nil whatever it holds."""
    if sound_nil:
        return True
    if hand >> top_trump(deck) & 1:
        return False
    return estimate <= SUICIDE_NIL_ESTIMATE and nil_danger(hand, deck) <= SUICIDE_NIL_DANGER


WHIZ_NIL_DANGER = 1.2
WHIZ_NIL_DANGER_MORE_SPADES = 1.6  # a deck of jokers or deuces high: 15 or 16 spades
WHIZ_SHORT = 0.5  # the count this much above the hand's worth: nil, if it ducks well
SUICIDE_NIL_ESTIMATE = 3.0
SUICIDE_NIL_DANGER = 1.6
