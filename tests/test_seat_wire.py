"""Views and events of three and two seats cross the wire (engine/wire.py) and read
back the same, and none names a card its seat may not know: another's hand, in
two-handed the card the other is looking at, the cards it buried, the stock. A reader
that seats four (the client, the server's computers: no ``any_seats``) refuses them,
saying why; a view of four writes no draw field."""

from __future__ import annotations

import json
import random

import pytest

from spades.engine import Match, Play
from spades.engine.rules import SEAT_PRESETS, STANDARD
from spades.engine.wire import (
    WireError,
    cards_named,
    event_from_json,
    event_to_json,
    view_from_json,
    view_to_json,
)


def _through(doc):
    text = json.dumps(doc, ensure_ascii=True)
    assert text.isascii()
    return json.loads(text)


def _hidden(match: Match, seat: int) -> int:
    """What ``seat`` may not be told of: the other hands; in two-handed also the
    stock (and the card the other looks at in it) and the other's buried cards."""
    hidden = 0
    for other in range(match.seats):
        if other != seat:
            hidden |= match.hands[other]
    draw = match.draw
    if draw is not None:
        for card in draw.stock[draw.at:]:
            hidden |= 1 << card
        if match.phase == "drawing" and match.to_act == seat:
            hidden &= ~(1 << draw.top)  # the card it draws: its own to see
        hidden |= draw.buried[1 - seat]
    return hidden


@pytest.mark.parametrize("name", list(SEAT_PRESETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_views_and_events_round_trip_and_name_no_hidden_card(name, seed):
    rules = SEAT_PRESETS[name].with_options(target=100)
    match = Match(rules, seed)
    chooser = random.Random(seed)
    events = list(match.opening_events)
    for _ in range(160):
        for event in events:
            assert event_from_json(_through(event_to_json(event)), rules=rules) == event
        for seat in range(rules.seats):
            view = match.view(seat)
            doc = _through(view_to_json(view))
            assert view_from_json(doc, any_seats=True) == view
            assert cards_named(doc, rules.cards) & _hidden(match, seat) == 0
            if match.looked[seat]:  # (a seat that may bid blind nil sees no cards yet)
                assert cards_named(doc["hand"], rules.cards) == match.hands[seat]
        if match.is_over:
            break
        action = chooser.choice(match.legal_actions())
        played = 1 << action.card if isinstance(action, Play) else 0
        hidden = [_hidden(match, seat) & ~played for seat in range(rules.seats)]
        if match.phase == "drawing" and not isinstance(action, Play):
            top = 1 << match.draw.top  # a discarded card is shown to both
            hidden = [h & ~top for h in hidden]
        events = match.apply(action)
        for event in events:
            for seat in range(rules.seats):
                assert cards_named(event_to_json(event), rules.cards) & hidden[seat] == 0


def test_a_reader_that_seats_four_refuses_three_or_two_and_a_four_seat_view_is_unchanged():
    view = Match(SEAT_PRESETS["cutthroat"], 1).view(0)
    with pytest.raises(WireError, match="cutthroat: seats four players only here"):
        view_from_json(_through(view_to_json(view)))
    two = Match(SEAT_PRESETS["two-handed"], 1)
    doc = view_to_json(two.view(two.to_act))
    assert doc["phase"] == "drawing" and doc["stock_left"] == 52 and doc["drawn"]
    event = event_to_json(two.apply(two.legal_actions()[1])[0])
    assert event == {"type": "card_drawn", "seat": 1 - two.to_act, "shown": event["shown"]}
    with pytest.raises(WireError, match="unknown event type 'card_drawn'"):
        event_from_json(event)  # a reader of four knows no draw
    four = view_to_json(Match(STANDARD, 1).view(0))
    assert not {"drawn", "shown", "buried", "stock_left"} & set(four)
    with pytest.raises(WireError, match="phase must be one of"):
        view_from_json({**four, "phase": "drawing"})
