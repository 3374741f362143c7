"""Nobody where they don't belong: a real table server against leaks, hostile
messages, floods and guessed codes (a few of what ``python -m spades serve-check``
runs by the thousand)."""

from __future__ import annotations

import asyncio
import json

import pytest
from server_support import ServerProcess

from spades.server.probes.check import hostile_run, leak_run
from spades.server.protocol import ProtocolError, read_message


def test_random_matches_name_no_hidden_card_to_any_seat(server):
    result = asyncio.run(leak_run(server.url, matches=6, seed=5, at_once=3))
    assert result["leaks"] == 0
    assert result["matches"] == 6 and result["messages"] > 500
    # Among them nil card passing of one and of two cards, and the jokers deck.
    assert {"nil_pass=1", "nil_pass=2", "jokers"} <= set(result["rules"])


def test_hostile_messages_are_refused_or_closed_and_the_table_is_untouched(tmp_path):
    server = ServerProcess(tmp_path / "data").start()  # the real limit: 20 a second
    try:
        result = asyncio.run(hostile_run(server.url, count=160, seed=3))
    finally:
        server.stop()
    assert "Traceback" not in server.output()
    assert result["failures"] == 0
    assert result["refused"] > 10 and result["closed"] > 50
    assert result["flood_closed"] and result["table_intact"] and result["table_played_on"]


def test_a_connection_over_the_rate_is_closed_with_the_reason(tmp_path):
    server = ServerProcess(tmp_path / "data").start()  # the real limit: 20 a second

    async def flood():
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        async with connect(server.url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": "spades-table/1"}))
            replies = 0
            with pytest.raises(ConnectionClosed):
                for _ in range(100):
                    await ws.send(json.dumps({"type": "ping"}))
                while True:
                    reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    replies += 1
                    last = reply
            assert ws.close_code == 1008 and "too many messages" in ws.close_reason
            assert last == {"type": "error", "reason": ws.close_reason}
            assert 30 < replies < 60  # the welcome, the burst of pongs, the error

    try:
        asyncio.run(flood())
    finally:
        server.stop()


@pytest.mark.parametrize(
    "text, reason",
    [
        ('{"type": "act"}', "missing field 'action'"),
        ('{"type": "act", "action": "AS", "seat": 2}', "unknown field"),
        ('{"type": "join", "code": 5, "name": "Eve"}', "code must be ASCII text"),
        ('{"type": "create", "name": "Eve", "rules": {"target": 0}}', "target"),
        ('{"type": "create", "name": "Eve", "strength": "godlike"}', "strength"),
        ('{"type": "seat", "seat": true}', "seat must be a whole number"),
        ('{"type": "resume", "token": "' + "t" * 100 + '"}', "at most 64"),
        ("[1, 2]", "JSON object"),
        ('"\u00e9"', "ASCII"),
    ],
)
def test_each_message_is_checked_field_by_field(text, reason):
    with pytest.raises(ProtocolError, match=reason):
        read_message(text)


def test_a_good_message_reads_into_engine_values():
    message = read_message('{"type": "act", "action": ["2C", "3C"], "ref": 3}')
    assert message == {"type": "act", "action": ["2C", "3C"], "ref": 3}
    assert read_message('{"type": "create", "name": "Ann", "rules": {"target": 300}}')[
        "rules"].target == 300


def table_inboxes(rules, seed=9):
    """One hand of a match played out here, told to each seat as the server tells it:
    each action's update (table.update_message) through the seat filter, then the
    hand's record. South bids nil when it can, so nil card passing comes up."""
    import random

    from spades.engine.match import Match
    from spades.server.seat_filter import for_seat
    from spades.server.table import update_message

    match = Match(rules, seed)
    rng = random.Random(seed)
    inbox = {s: [for_seat({"type": "view", "actions": 0}, s, match)] for s in range(4)}
    while not match.history:
        seat = match.to_act
        choices = match.view(seat).legal_actions()
        nil = [a for a in choices if getattr(a, "value", None) == 0 and seat == 0]
        action = nil[0] if nil else rng.choice(choices)
        events = match.apply(action)
        message = update_message(seat, action, events, len(match.actions))
        for s in range(4):
            inbox[s].append(for_seat(message, s, match))
    record = {"type": "record", "hand_number": 0, "record": match.history[0].to_record()}
    for s in range(4):
        inbox[s].append(for_seat(record, s, match))
    return inbox, {0: record["record"]}


def test_the_leak_check_sees_a_hidden_card_in_the_action_the_events_or_the_view():
    """The check serve-check runs on every message can fail, whichever field the card
    is in. North, the partner of South's nil, is told of: South's passed cards in the
    update of South's pass, before North passes its own (the action as the server sent
    it before the seat filter); a card West holds, in an event or in the view; a
    record before its hand is over. Each is caught; the messages as the seat filter
    makes them pass."""
    import copy

    from spades.engine.rules import Rules
    from spades.server.probes.check import check_inbox

    inbox, records = table_inboxes(Rules(nil_pass=2))
    for seat in range(4):  # all but the last update, which deals hand 1 (no record)
        assert check_inbox(inbox[seat], seat, records) == len(inbox[seat]) - 1
    north = inbox[2]
    south_pass = next(i for i, m in enumerate(north) if m["type"] == "update"
                      and m["seat"] == 0 and m["events"][0]["type"] == "cards_passed")
    assert north[south_pass]["action"] == "pass"  # face down, as the filter sends it
    assert north[south_pass]["view"]["received"] == []  # North has not passed yet
    south_cards = dict(records[0]["passes"])[0]
    west_card = next(c for c in records[0]["hands"][1].split()
                     if c not in records[0]["plays"][:4])

    def planted(change, index=south_pass):
        messages = copy.deepcopy(north)
        change(messages[index])
        return messages

    plants = {
        "action": planted(lambda m: m.update(action=south_cards)),
        "events": planted(lambda m: m["events"].append(
            {"type": "card_played", "seat": 1, "card": west_card, "trick_number": 0,
             "position": 1})),
        "view": planted(lambda m: m["view"]["hand"].append(west_card)),
        "record": [*north[:south_pass], north[-1], *north[south_pass:-1]],
    }
    for messages in plants.values():
        with pytest.raises(AssertionError, match="cannot know|record"):
            check_inbox(messages, 2, records)
