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

Tables of three and two (cutthroat, two-handed) write the same fields with one entry
a seat, or a side, where four write four or two; a two-handed view adds its draw
(``drawn``, ``shown``, ``buried``, ``stock_left``) and the draw has its event
(``card_drawn``). A view of four writes exactly what it always has. The readers take
such views only with ``any_seats`` (``Rules.from_dict``): the table server's computer
players and the clients that play three and two pass it; the game's table seats four.
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

PHASES = ("drawing", "bidding", "passing", "playing", "over")
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


def _seat(value: Any, name: str = "seat", seats: int = 4) -> int:
    return _int(value, name, 0, seats - 1)


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


_READ: dict[tuple[str, int], int] = {}  # (card text, deck) -> card, as read before


def _card(value: Any, name: str = "card", deck: int = FULL_DECK) -> int:
    card = _READ.get((value, deck)) if isinstance(value, str) else None
    if card is not None:  # a client reads some fifty cards in each update's view
        return card
    if not isinstance(value, str) or len(value) > 3:
        raise WireError(f"{name} must be a card text such as \"AS\"")
    try:
        card = parse_card(value, deck)
    except ValueError:
        raise WireError(f"{name}: not a card: {reprlib.repr(value)}") from None
    _READ[(value, deck)] = card
    return card


def _cards(value: Any, name: str, deck: int = FULL_DECK) -> int:
    cards = [_card(v, name, deck) for v in _list(value, name)]
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        raise WireError(f"{name} names a card twice")
    return mask


def _bid(value: Any, name: str = "bid", most: int = 13) -> int:
    try:
        return parse_bid(value, most)
    except ValueError as exc:
        raise WireError(f"{name}: {exc}") from None


def _pair(value: Any, name: str, sides: int = 2) -> tuple[int, ...]:
    """A score or a bag count for each side: two teams, or each player alone."""
    return tuple(_score(v, name) for v in _list(value, name, sides))


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
    return [letter for s, letter in enumerate(SUIT_LETTERS) if bits >> s & 1]


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
        **(_draw_json(view) if view.rules.draws else {}),
    }


def _draw_json(view: PlayerView) -> dict[str, Any]:
    """Two-handed's draw as this seat knows it: the card it looks at on its turn, the
    cards shown to both, the ones it buried itself, and what is left in the stock."""
    return {
        "drawn": card_text(view.drawn) if view.drawn >= 0 else None,
        "shown": cards_json(view.shown),
        "buried": cards_json(view.buried),
        "stock_left": view.stock_left,
    }


def view_from_json(data: Any, *, any_seats: bool = False) -> PlayerView:
    """Read a view as ``view_to_json`` writes it; anything else raises WireError.
    Views of three or two seats only with ``any_seats`` (see the module's docstring)."""
    try:
        rules = Rules.from_dict(_need(data, "rules"), any_seats=any_seats)
    except (RulesError, TypeError) as exc:
        raise WireError(f"rules: {exc}") from None
    phase = _need(data, "phase")
    if phase not in PHASES or (phase == "drawing" and not rules.draws):
        raise WireError(f"phase must be one of {', '.join(PHASES)}")
    deck = rules.cards
    n = rules.seats
    most = rules.tricks
    tricks = []
    for item in _list(_need(data, "tricks"), "tricks", most=most):
        leader, cards = _list(item, "tricks", 2)
        played = tuple(_card(c, "tricks", deck) for c in _list(cards, "tricks", n))
        tricks.append((_seat(leader, "tricks", n), played))
    trick = []
    for item in _list(_need(data, "trick"), "trick", most=n - 1):
        seat, card = _list(item, "trick", 2)
        trick.append((_seat(seat, "trick", n), _card(card, "trick", deck)))
    bid_order = []
    for item in _list(_need(data, "bid_order"), "bid_order", most=n):
        seat, bid = _list(item, "bid_order", 2)
        bid_order.append((_seat(seat, "bid_order", n), _bid(bid, "bid_order", most)))
    winner = _need(data, "winner")
    draw = {}
    if rules.draws:
        drawn = _need(data, "drawn")
        draw = {
            "drawn": -1 if drawn is None else _card(drawn, "drawn", deck),
            "shown": _cards(_need(data, "shown"), "shown", deck),
            "buried": _cards(_need(data, "buried"), "buried", deck),
            "stock_left": _int(_need(data, "stock_left"), "stock_left", 0, 52),
        }
    return PlayerView(
        seat=_seat(_need(data, "seat"), "seat", n),
        rules=rules,
        phase=phase,
        hand_number=_int(_need(data, "hand_number"), "hand_number", 0, 10**6),
        dealer=_seat(_need(data, "dealer"), "dealer", n),
        to_act=_seat(_need(data, "to_act"), "to_act", n),
        hand=_cards(_need(data, "hand"), "hand", deck),
        looked=_bool(_need(data, "looked"), "looked"),
        blind_open=_bool(_need(data, "blind_open"), "blind_open"),
        bids=tuple(
            None if b is None else _bid(b, "bids", most)
            for b in _list(_need(data, "bids"), "bids", n)
        ),
        bid_order=tuple(bid_order),
        tricks=tuple(tricks),
        trick_winners=tuple(
            _seat(s, "trick_winners", n)
            for s in _list(_need(data, "trick_winners"), "trick_winners", most=most)
        ),
        trick=tuple(trick),
        led_suit=_suit(_need(data, "led_suit"), "led_suit"),
        spades_broken=_bool(_need(data, "spades_broken"), "spades_broken"),
        tricks_won=tuple(
            _int(k, "tricks_won", 0, most)
            for k in _list(_need(data, "tricks_won"), "tricks_won", n)
        ),
        played=_cards(_need(data, "played"), "played", deck),
        voids=tuple(
            _suits(v, "voids") for v in _list(_need(data, "voids"), "voids", n)
        ),
        hand_sizes=tuple(
            _int(k, "hand_sizes", 0, most)
            for k in _list(_need(data, "hand_sizes"), "hand_sizes", n)
        ),
        scores=_pair(_need(data, "scores"), "scores", rules.sides),
        bags=_pair(_need(data, "bags"), "bags", rules.sides),
        winner=None if winner is None else _int(winner, "winner", 0, rules.sides - 1),
        # Nil card passing; a view from before the variants has neither.
        passed=_cards(data.get("passed", []), "passed", deck),
        received=_cards(data.get("received", []), "received", deck),
        **draw,
    )


# --- events -----------------------------------------------------------------------


def _line_to_json(line: ScoreLine) -> dict[str, Any]:
    return {**line.to_dict(), "count": line.count}


def _line_from_json(data: Any, seats: int = 4) -> ScoreLine:
    kind = _need(data, "kind")
    if not isinstance(kind, str) or not kind.isascii() or len(kind) > 40:
        raise WireError("a breakdown line's kind must be a short word")
    seat = data.get("seat")
    return ScoreLine(
        kind=kind,
        points=_score(_need(data, "points"), "points"),
        bags=_score(_need(data, "bags"), "bags"),
        count=_int(data.get("count", 0), "count", 0, 1000),
        seat=None if seat is None else _seat(seat, "seat", seats),
        seats=seats,
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


def _team_from_json(data: Any, table: _Table) -> TeamScore:
    return TeamScore(
        team=_int(_need(data, "team"), "team", 0, table.sides - 1),
        contract=_int(_need(data, "contract"), "contract", 0, 26),
        tricks=_int(_need(data, "tricks"), "tricks", 0, table.tricks),
        counted=_int(_need(data, "counted"), "counted", 0, table.tricks),
        points=_score(_need(data, "points"), "points"),
        bags=_score(_need(data, "bags"), "bags"),
        lines=tuple(
            _line_from_json(line, table.seats)
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
    if isinstance(event, actions.CardDrawn):
        shown = None if event.shown is None else card_text(event.shown)
        return {"type": "card_drawn", "seat": event.seat, "shown": shown}
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


class _Table:
    """What the event readers need of the rules: the seats, the sides, the tricks."""

    def __init__(self, rules: Rules | None) -> None:
        self.seats = 4 if rules is None else rules.seats
        self.sides = 2 if rules is None else rules.sides
        self.tricks = 13 if rules is None else rules.tricks


def event_from_json(
    data: Any, deck: int = FULL_DECK, *, rules: Rules | None = None
) -> actions.Event:
    """Read an event as ``event_to_json`` writes it; anything else raises WireError.
    ``deck`` is the rules' deck (``rules.cards``), which reads the raised twos;
    ``rules`` (the view's) reads the events of three or two seats."""
    table = _Table(rules)
    if rules is not None:
        deck = rules.cards
    n = table.seats

    def seat_of(value: Any, name: str = "seat") -> int:
        return _seat(value, name, n)

    kind = _need(data, "type")
    if kind == "hand_dealt":
        return actions.HandDealt(
            _int(_need(data, "hand_number"), "hand_number", 0, 10**6),
            seat_of(_need(data, "dealer"), "dealer"),
            tuple(
                seat_of(s, "blind_nil_seats")
                for s in _list(_need(data, "blind_nil_seats"), "blind_nil_seats", most=n)
            ),
        )
    if kind == "card_drawn" and rules is not None and rules.draws:
        shown = _need(data, "shown")
        return actions.CardDrawn(
            seat_of(_need(data, "seat")), None if shown is None else _card(shown, "shown", deck))
    if kind == "cards_seen":
        return actions.CardsSeen(seat_of(_need(data, "seat")))
    if kind == "bid_made":
        return actions.BidMade(
            seat_of(_need(data, "seat")), _bid(_need(data, "bid"), "bid", table.tricks),
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
        return actions.BiddingDone(tuple(
            _int(c, "contracts", 0, 26)
            for c in _list(_need(data, "contracts"), "contracts", table.sides)))
    if kind == "card_played":
        return actions.CardPlayed(
            seat_of(_need(data, "seat")),
            _card(_need(data, "card"), "card", deck),
            _int(_need(data, "trick_number"), "trick_number", 0, table.tricks - 1),
            _int(_need(data, "position"), "position", 0, n - 1),
        )
    if kind == "spades_broken":
        return actions.SpadesBroken(seat_of(_need(data, "seat")))
    if kind == "trick_won":
        return actions.TrickWon(
            seat_of(_need(data, "seat")),
            tuple(_card(c, "cards", deck) for c in _list(_need(data, "cards"), "cards", n)),
            seat_of(_need(data, "leader"), "leader"),
            _int(_need(data, "trick_number"), "trick_number", 0, table.tricks - 1),
        )
    if kind == "hand_scored":
        return actions.HandScored(
            _int(_need(data, "hand_number"), "hand_number", 0, 10**6),
            tuple(_team_from_json(t, table)
                  for t in _list(_need(data, "teams"), "teams", table.sides)),
            _pair(_need(data, "scores"), "scores", table.sides),
            _pair(_need(data, "bags"), "bags", table.sides),
        )
    if kind == "match_over":
        return actions.MatchOver(
            _int(_need(data, "winner"), "winner", 0, table.sides - 1),
            _pair(_need(data, "scores"), "scores", table.sides),
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
