"""A seat's view and the match's events as plain JSON: how they cross a network.

The table server sends each seat ``view_to_json(match.view(seat))`` and the events
of each action; a client reads them back with ``view_from_json`` and
``event_from_json``. Cards travel as their texts ("AS", "TD"), card sets as lists of
texts, bids as a hand record writes them (1..13, "nil", "blind_nil"), suits as their
letters. Everything is ASCII. Under deuces high the texts "2S" and "2D" are the raised
twos, so a reader of events takes the deck (``rules.cards``) from the view. A view
holds the seat's own cards and what is public, never another seat's unplayed cards
(see view.py); after nil card passing, the cards it passed and received.

The readers check every field and raise :class:`WireError` naming the first bad
one, so a client never draws from a half-read message. Fields a reader does not
know are ignored: a newer server may add some.
"""

from __future__ import annotations

import reprlib
from typing import Any

from . import actions  # the events, named where they are defined: actions.BidMade, ...
from .cards import FULL_DECK, SUIT_LETTERS, card_text, cards_of, mask_of, parse_card
from .legal import bid_text, parse_bid
from .rules import Rules, RulesError
from .scoring import ScoreLine, TeamScore
from .view import PlayerView

PHASES = ("bidding", "passing", "playing", "over")
# Another seat's nil card pass, as a seat hears of it: which cards went is for the
# seat that passed them alone (its partner takes them up at the exchange).
FACE_DOWN = "pass"


class WireError(ValueError):
    """JSON that is not a view or an event as this module writes them."""


# --- small writers and readers ---------------------------------------------------


def cards_json(mask: int) -> list[str]:
    """A card set as texts, highest first (the order a hand record lists them)."""
    return [card_text(c) for c in reversed(cards_of(mask))]


def bid_json(bid: int | None) -> int | str | None:
    if bid is None:
        return None
    return bid if bid > 0 else bid_text(bid)


def _need(data: Any, key: str) -> Any:
    if not isinstance(data, dict):
        raise WireError(f"expected an object, got {reprlib.repr(data)}")
    if key not in data:
        raise WireError(f"missing field {key!r}")
    return data[key]


def _int(value: Any, name: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise WireError(f"{name} must be a whole number from {low} to {high}")
    return value


def _bool(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise WireError(f"{name} must be true or false")
    return value


def _seat(value: Any, name: str = "seat") -> int:
    return _int(value, name, 0, 3)


def _score(value: Any, name: str) -> int:
    return _int(value, name, -(10**9), 10**9)


def _list(value: Any, name: str, length: int | None = None, most: int = 52) -> list:
    if not isinstance(value, list):
        raise WireError(f"{name} must be a list")
    if length is not None and len(value) != length:
        raise WireError(f"{name} must hold {length} items")
    if len(value) > most:
        raise WireError(f"{name} holds too many items")
    return value


def _card(value: Any, name: str = "card", deck: int = FULL_DECK) -> int:
    if not isinstance(value, str) or len(value) > 3:
        raise WireError(f"{name} must be a card text such as \"AS\"")
    try:
        return parse_card(value, deck)
    except ValueError:
        raise WireError(f"{name}: not a card: {reprlib.repr(value)}") from None


def _cards(value: Any, name: str, deck: int = FULL_DECK) -> int:
    cards = [_card(v, name, deck) for v in _list(value, name)]
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        raise WireError(f"{name} names a card twice")
    return mask


def _bid(value: Any, name: str = "bid") -> int:
    try:
        return parse_bid(value)
    except ValueError as exc:
        raise WireError(f"{name}: {exc}") from None


def _pair(value: Any, name: str) -> tuple[int, int]:
    a, b = _list(value, name, 2)
    return (_score(a, name), _score(b, name))


def _suit(value: Any, name: str) -> int:
    if value is None:
        return -1
    if not isinstance(value, str) or len(value) != 1 or value not in SUIT_LETTERS:
        raise WireError(f"{name} must be a suit letter (C, D, H, S) or null")
    return SUIT_LETTERS.index(value)


def _suits(value: Any, name: str) -> int:
    bits = 0
    for letter in _list(value, name, most=4):
        if letter is None:
            raise WireError(f"{name} must list suit letters")
        bits |= 1 << _suit(letter, name)
    return bits


def _suits_json(bits: int) -> list[str]:
    return [SUIT_LETTERS[s] for s in range(4) if bits >> s & 1]


# --- the view ---------------------------------------------------------------------


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """Every field of ``view``; its ``hand`` is the seat's own cards only."""
    return {
        "seat": view.seat,
        "rules": view.rules.to_dict(),
        "phase": view.phase,
        "hand_number": view.hand_number,
        "dealer": view.dealer,
        "to_act": view.to_act,
        "hand": cards_json(view.hand),
        "looked": view.looked,
        "blind_open": view.blind_open,
        "bids": [bid_json(b) for b in view.bids],
        "bid_order": [[seat, bid_json(bid)] for seat, bid in view.bid_order],
        "tricks": [
            [leader, [card_text(c) for c in cards]] for leader, cards in view.tricks
        ],
        "trick_winners": list(view.trick_winners),
        "trick": [[seat, card_text(card)] for seat, card in view.trick],
        "led_suit": SUIT_LETTERS[view.led_suit] if view.led_suit >= 0 else None,
        "spades_broken": view.spades_broken,
        "tricks_won": list(view.tricks_won),
        "played": cards_json(view.played),
        "voids": [_suits_json(v) for v in view.voids],
        "hand_sizes": list(view.hand_sizes),
        "scores": list(view.scores),
        "bags": list(view.bags),
        "winner": view.winner,
        "passed": cards_json(view.passed),
        "received": cards_json(view.received),
    }


def view_from_json(data: Any) -> PlayerView:
    """Read a view as ``view_to_json`` writes it; anything else raises WireError."""
    try:
        rules = Rules.from_dict(_need(data, "rules"))
    except (RulesError, TypeError) as exc:
        raise WireError(f"rules: {exc}") from None
    phase = _need(data, "phase")
    if phase not in PHASES:
        raise WireError(f"phase must be one of {', '.join(PHASES)}")
    deck = rules.cards
    tricks = []
    for item in _list(_need(data, "tricks"), "tricks", most=13):
        leader, cards = _list(item, "tricks", 2)
        played = tuple(_card(c, "tricks", deck) for c in _list(cards, "tricks", 4))
        tricks.append((_seat(leader, "tricks"), played))
    trick = []
    for item in _list(_need(data, "trick"), "trick", most=3):
        seat, card = _list(item, "trick", 2)
        trick.append((_seat(seat, "trick"), _card(card, "trick", deck)))
    bid_order = []
    for item in _list(_need(data, "bid_order"), "bid_order", most=4):
        seat, bid = _list(item, "bid_order", 2)
        bid_order.append((_seat(seat, "bid_order"), _bid(bid, "bid_order")))
    winner = _need(data, "winner")
    return PlayerView(
        seat=_seat(_need(data, "seat")),
        rules=rules,
        phase=phase,
        hand_number=_int(_need(data, "hand_number"), "hand_number", 0, 10**6),
        dealer=_seat(_need(data, "dealer"), "dealer"),
        to_act=_seat(_need(data, "to_act"), "to_act"),
        hand=_cards(_need(data, "hand"), "hand", deck),
        looked=_bool(_need(data, "looked"), "looked"),
        blind_open=_bool(_need(data, "blind_open"), "blind_open"),
        bids=tuple(
            None if b is None else _bid(b, "bids")
            for b in _list(_need(data, "bids"), "bids", 4)
        ),
        bid_order=tuple(bid_order),
        tricks=tuple(tricks),
        trick_winners=tuple(
            _seat(s, "trick_winners")
            for s in _list(_need(data, "trick_winners"), "trick_winners", most=13)
        ),
        trick=tuple(trick),
        led_suit=_suit(_need(data, "led_suit"), "led_suit"),
        spades_broken=_bool(_need(data, "spades_broken"), "spades_broken"),
        tricks_won=tuple(
            _int(n, "tricks_won", 0, 13)
            for n in _list(_need(data, "tricks_won"), "tricks_won", 4)
        ),  # type: ignore[arg-type]
        played=_cards(_need(data, "played"), "played", deck),
        voids=tuple(
            _suits(v, "voids") for v in _list(_need(data, "voids"), "voids", 4)
        ),  # type: ignore[arg-type]
        hand_sizes=tuple(
            _int(n, "hand_sizes", 0, 13)
            for n in _list(_need(data, "hand_sizes"), "hand_sizes", 4)
        ),  # type: ignore[arg-type]
        scores=_pair(_need(data, "scores"), "scores"),
        bags=_pair(_need(data, "bags"), "bags"),
        winner=None if winner is None else _int(winner, "winner", 0, 1),
        # Nil card passing; a view from before the variants has neither.
        passed=_cards(data.get("passed", []), "passed", deck),
        received=_cards(data.get("received", []), "received", deck),
    )


# --- events -----------------------------------------------------------------------


def _line_to_json(line: ScoreLine) -> dict[str, Any]:
    return {**line.to_dict(), "count": line.count}


def _line_from_json(data: Any) -> ScoreLine:
    kind = _need(data, "kind")
    if not isinstance(kind, str) or not kind.isascii() or len(kind) > 40:
        raise WireError("a breakdown line's kind must be a short word")
    seat = data.get("seat")
    return ScoreLine(
        kind=kind,
        points=_score(_need(data, "points"), "points"),
        bags=_score(_need(data, "bags"), "bags"),
        count=_int(data.get("count", 0), "count", 0, 1000),
        seat=None if seat is None else _seat(seat),
    )


def _team_to_json(team: TeamScore) -> dict[str, Any]:
    return {
        "team": team.team,
        "contract": team.contract,
        "tricks": team.tricks,
        "counted": team.counted,
        "points": team.points,
        "bags": team.bags,
        "breakdown": [_line_to_json(line) for line in team.lines],
        "score_after": team.score_after,
        "bags_after": team.bags_after,
    }


def _team_from_json(data: Any) -> TeamScore:
    return TeamScore(
        team=_int(_need(data, "team"), "team", 0, 1),
        contract=_int(_need(data, "contract"), "contract", 0, 26),
        tricks=_int(_need(data, "tricks"), "tricks", 0, 13),
        counted=_int(_need(data, "counted"), "counted", 0, 13),
        points=_score(_need(data, "points"), "points"),
        bags=_score(_need(data, "bags"), "bags"),
        lines=tuple(
            _line_from_json(line)
            for line in _list(_need(data, "breakdown"), "breakdown", most=20)
        ),
        score_after=_score(_need(data, "score_after"), "score_after"),
        bags_after=_score(_need(data, "bags_after"), "bags_after"),
    )


def event_to_json(event: actions.Event) -> dict[str, Any]:
    """One event as an object whose ``type`` names it (snake_case of the class)."""
    if isinstance(event, actions.HandDealt):
        return {
            "type": "hand_dealt",
            "hand_number": event.hand_number,
            "dealer": event.dealer,
            "blind_nil_seats": list(event.blind_nil_seats),
        }
    if isinstance(event, actions.CardsSeen):
        return {"type": "cards_seen", "seat": event.seat}
    if isinstance(event, actions.BidMade):
        return {
            "type": "bid_made", "seat": event.seat, "bid": bid_json(event.bid),
            "forced": event.forced,
        }
    if isinstance(event, actions.CardsPassed):
        return {
            "type": "cards_passed", "seat": event.seat, "to_seat": event.to_seat,
            "count": event.count,
        }
    if isinstance(event, actions.CardsExchanged):
        return {"type": "cards_exchanged", "seats": list(event.seats)}
    if isinstance(event, actions.BiddingDone):
        return {"type": "bidding_done", "contracts": list(event.contracts)}
    if isinstance(event, actions.CardPlayed):
        return {
            "type": "card_played",
            "seat": event.seat,
            "card": card_text(event.card),
            "trick_number": event.trick_number,
            "position": event.position,
        }
    if isinstance(event, actions.SpadesBroken):
        return {"type": "spades_broken", "seat": event.seat}
    if isinstance(event, actions.TrickWon):
        return {
            "type": "trick_won",
            "seat": event.seat,
            "cards": [card_text(c) for c in event.cards],
            "leader": event.leader,
            "trick_number": event.trick_number,
        }
    if isinstance(event, actions.HandScored):
        return {
            "type": "hand_scored",
            "hand_number": event.hand_number,
            "teams": [_team_to_json(t) for t in event.teams],
            "scores": list(event.scores),
            "bags": list(event.bags),
        }
    if isinstance(event, actions.MatchOver):
        return {"type": "match_over", "winner": event.winner, "scores": list(event.scores)}
    raise TypeError(f"not an event: {reprlib.repr(event)}")


def event_from_json(data: Any, deck: int = FULL_DECK) -> actions.Event:
    """Read an event as ``event_to_json`` writes it; anything else raises WireError.
    ``deck`` is the rules' deck (``rules.cards``), which reads the raised twos."""
    kind = _need(data, "type")
    if kind == "hand_dealt":
        return actions.HandDealt(
            _int(_need(data, "hand_number"), "hand_number", 0, 10**6),
            _seat(_need(data, "dealer"), "dealer"),
            tuple(
                _seat(s, "blind_nil_seats")
                for s in _list(_need(data, "blind_nil_seats"), "blind_nil_seats", most=4)
            ),
        )
    if kind == "cards_seen":
        return actions.CardsSeen(_seat(_need(data, "seat")))
    if kind == "bid_made":
        return actions.BidMade(
            _seat(_need(data, "seat")), _bid(_need(data, "bid")),
            _bool(data.get("forced", False), "forced"),
        )
    if kind == "cards_passed":
        return actions.CardsPassed(
            _seat(_need(data, "seat")), _seat(_need(data, "to_seat"), "to_seat"),
            _int(_need(data, "count"), "count", 1, 2),
        )
    if kind == "cards_exchanged":
        a, b = _list(_need(data, "seats"), "seats", 2)
        return actions.CardsExchanged((_seat(a, "seats"), _seat(b, "seats")))
    if kind == "bidding_done":
        a, b = _list(_need(data, "contracts"), "contracts", 2)
        return actions.BiddingDone((_int(a, "contracts", 0, 26), _int(b, "contracts", 0, 26)))
    if kind == "card_played":
        return actions.CardPlayed(
            _seat(_need(data, "seat")),
            _card(_need(data, "card"), "card", deck),
            _int(_need(data, "trick_number"), "trick_number", 0, 12),
            _int(_need(data, "position"), "position", 0, 3),
        )
    if kind == "spades_broken":
        return actions.SpadesBroken(_seat(_need(data, "seat")))
    if kind == "trick_won":
        return actions.TrickWon(
            _seat(_need(data, "seat")),
            tuple(_card(c, "cards", deck) for c in _list(_need(data, "cards"), "cards", 4)),
            _seat(_need(data, "leader"), "leader"),
            _int(_need(data, "trick_number"), "trick_number", 0, 12),
        )
    if kind == "hand_scored":
        a, b = _list(_need(data, "teams"), "teams", 2)
        return actions.HandScored(
            _int(_need(data, "hand_number"), "hand_number", 0, 10**6),
            (_team_from_json(a), _team_from_json(b)),
            _pair(_need(data, "scores"), "scores"),
            _pair(_need(data, "bags"), "bags"),
        )
    if kind == "match_over":
        return actions.MatchOver(
            _int(_need(data, "winner"), "winner", 0, 1), _pair(_need(data, "scores"), "scores")
        )
    raise WireError(f"unknown event type {reprlib.repr(kind)}")


def cards_named(doc: Any, deck: int = FULL_DECK) -> int:
    """Every card of ``deck`` a JSON document names anywhere, as a mask: what a
    message reveals.

    The server's tests and its load command check each message to a seat with it: no
    card of another hand may appear before it is played.
    """
    found = 0
    todo = [doc]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.values())
            todo.extend(item.keys())
        elif isinstance(item, list | tuple):
            todo.extend(item)
        elif isinstance(item, str) and 2 <= len(item) <= 3:
            try:
                found |= 1 << parse_card(item, deck)
            except ValueError:
                pass
    return found
