"""The one per-seat filter: every message the server sends passes through
:func:`for_seat` on its way out (``Connection.send``), as boardgame.io's ``playerView``
filters a game's state for each player.

The server builds each message once for the whole table and holds nothing back; the
filter makes from it what one seat may know, field by field:

- ``view``: made here, from the match the message speaks of, as that seat sees it
  (the engine's per-seat view: its own cards and what is public);
- ``action``: two-handed's draw (``keep``, ``discard``) names no card; the drawn
  card is in the drawer's view alone, the shown one in everyone's;
  another seat's nil card pass goes face down (:data:`FACE_DOWN`): only
  the seat that passed hears its cards; the receiver takes them up in its
  ``view.received`` at the exchange, like the cards on a real table;
- ``events``: each event keeps only the fields docs/protocol.md lists for its type;
- ``record``: a hand's record (every hand as dealt) only once that hand is finished;
- the messages about seats and connections (``table``, ``joined``, ``refused``, ...)
  carry names, codes and reasons, never a card, and go as they are.

A message of a type the filter does not know is never sent (LookupError): a new
message is sorted here first.
"""

from __future__ import annotations

from typing import Any

from ..engine.match import Match
from ..engine.wire import FACE_DOWN, view_to_json

# Messages that never carry a card: about the connection, the seats and the table.
NO_CARDS = frozenset({
    "welcome", "joined", "table", "refused", "error", "bye", "back", "away", "timed_out",
    "pong",
})

# What each event may tell a seat (docs/protocol.md, Events).
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "hand_dealt": ("hand_number", "dealer", "blind_nil_seats"),
    "card_drawn": ("seat", "shown"),  # two-handed: the card shown, or None if kept
    "cards_seen": ("seat",),
    "bid_made": ("seat", "bid", "forced"),
    "cards_passed": ("seat", "to_seat", "count"),
    "cards_exchanged": ("seats",),
    "bidding_done": ("contracts",),
    "card_played": ("seat", "card", "trick_number", "position"),
    "spades_broken": ("seat",),
    "trick_won": ("seat", "cards", "leader", "trick_number"),
    "hand_scored": ("hand_number", "teams", "scores", "bags"),
    "match_over": ("winner", "scores"),
}


def for_seat(message: dict[str, Any], seat: int | None, match: Match | None = None
             ) -> dict[str, Any]:
    """What ``seat`` may be told of ``message``; ``match`` is the match as the message
    speaks of it (after its action). Raises LookupError for a message it cannot
    make safe: an unknown type, or a view or record without a seat and its match."""
    kind = message["type"]
    if kind in NO_CARDS:
        return message
    if seat is None or match is None:
        raise LookupError(f"a {kind!r} message needs the seat it goes to and its match")
    if kind == "record":
        if not any(hand.hand_number == message["hand_number"] for hand in match.history):
            raise LookupError(f"hand {message['hand_number']} is not finished: no record yet")
        return {"type": kind, "hand_number": message["hand_number"],
                "record": message["record"]}
    out: dict[str, Any] = {"type": kind}
    if kind == "update":
        actor = message["seat"]
        out["seat"] = actor
        out["action"] = action_for(message["action"], actor, seat)
        out["events"] = [event_for(e) for e in message["events"]]
    elif kind != "view":
        raise LookupError(f"the seat filter does not know {kind!r} messages")
    out["view"] = view_to_json(match.view(seat))
    out["actions"] = message["actions"]
    return out


def action_for(action: Any, actor: int, seat: int) -> Any:
    """An action as ``seat`` sees it: a nil card pass (a list of cards) face down to
    every seat but the one that passed; a bid, a card or a look as it is."""
    if isinstance(action, list) and seat != actor:
        return FACE_DOWN
    return action


def event_for(event: dict[str, Any]) -> dict[str, Any]:
    fields = EVENT_FIELDS.get(event["type"])
    if fields is None:
        raise LookupError(f"the seat filter does not know {event['type']!r} events")
    return {"type": event["type"], **{k: event[k] for k in fields}}
