"""A shared table turned so its player sits South (spades/client/seen.py), checked by
property: a match seen from seat ``s`` and turned is, view for view and event for
event, the same match dealt with every hand moved ``s`` seats round and seen from
South. Finished hands' records read back into the engine's own results."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from spades.client.seen import Turned, hand_result
from spades.engine import Match, Rules, preset
from spades.engine.actions import HandScored
from spades.engine.match import HandResult, deal_hands


def same(event):
    """Two nil lines of one team are listed in the server's seat order: compare the
    lines as a set."""
    if isinstance(event, HandScored | HandResult):
        teams = tuple(t._replace(lines=tuple(sorted(t.lines, key=repr))) for t in event.teams)
        return replace(event, teams=teams)
    return event


def turned_pair(seed: int, mine: int, rules: Rules):
    """The same deal twice: as the server has it, and moved so ``mine`` sits South."""
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    hands = deal_hands(seed, 0, dealer, rules.cards)
    top = min(300, rules.target)
    scores = (rng.randrange(-150, top, 10), rng.randrange(-150, top, 10))
    start = {"dealer": dealer, "hands": hands, "scores": scores, "bags": (3, 7)}
    server = Match(rules, seed, start=start)
    t = Turned(mine)
    moved = {"dealer": t.seat(dealer), "hands": t.by_seat(hands),
             "scores": t.by_team(scores), "bags": t.by_team((3, 7))}
    return server, Match(rules, seed, start=moved), t


@pytest.mark.parametrize("rules", [Rules(), Rules(target=200, boston=True),
                                   preset("mirror"), preset("jokers"), Rules(nil_pass=2)])
def test_a_match_seen_from_any_seat_turns_into_the_same_match_seen_from_south(rules):
    checked = 0
    for seed in range(12):
        mine = seed % 4
        server, south, t = turned_pair(seed, mine, rules)
        rng = random.Random(seed)
        assert t.view(server.view(mine)) == south.view(0)
        while not server.history:
            action = rng.choice(server.legal_actions())
            events = server.apply(action)
            assert [same(t.event(e)) for e in events] == [same(e) for e in south.apply(action)]
            assert t.view(server.view(mine)) == south.view(0)
            checked += 1
        assert same(t.result(server.history[0])) == same(south.history[0])
        # The record the server sends reads back into the same result.
        record = server.history[0].to_record()
        assert hand_result(record, server.history[0].hand_number) == server.history[0]
    assert checked > 12 * 50


def test_turning_by_the_player_seat_and_back_changes_nothing():
    t = Turned(3)
    assert [t.seat(s) for s in range(4)] == [1, 2, 3, 0]
    assert [t.server_seat(t.seat(s)) for s in range(4)] == [0, 1, 2, 3]
    assert t.by_team((10, 20)) == (20, 10) and Turned(2).by_team((10, 20)) == (10, 20)


def test_a_record_of_an_unfinished_hand_is_refused():
    match = Match(Rules(), 3)
    while not match.history:
        match.apply(match.legal_actions()[0])
    record = match.history[0].to_record()
    record["plays"] = record["plays"][:40]
    with pytest.raises(ValueError):
        hand_result(record, 0)


def test_cutthroat_seen_from_any_seat_turns_into_the_same_match_seen_from_south():
    """Three seats, each player a side: seats and sides turn by the seat count."""
    rules = preset("cutthroat")
    for seed in range(6):
        mine = seed % 3
        rng = random.Random(seed)
        dealer = rng.randrange(3)
        hands = deal_hands(seed, 0, dealer, rules.cards, 3)
        scores, bags = (40, -20, 110), (1, 2, 3)
        server = Match(rules, seed, start={"dealer": dealer, "hands": hands,
                                           "scores": scores, "bags": bags})
        t = Turned(mine, 3)
        south = Match(rules, seed, start={"dealer": t.seat(dealer), "hands": t.by_seat(hands),
                                          "scores": t.by_team(scores), "bags": t.by_team(bags)})
        while not server.history:
            action = rng.choice(server.legal_actions())
            events = server.apply(action)
            moved = replace(action, seat=t.seat(action.seat)) if hasattr(action, "seat") \
                else action
            assert [same(t.event(e)) for e in events] == [same(e) for e in south.apply(moved)]
            assert t.view(server.view(mine)) == south.view(0)
        assert same(t.result(server.history[0])) == same(south.history[0])


def test_two_and_three_seats_turn_round_their_own_table():
    t = Turned(1, 2)
    assert [t.seat(s) for s in range(2)] == [1, 0] and t.by_team((10, 20)) == (20, 10)
    t = Turned(2, 3)
    assert [t.seat(s) for s in range(3)] == [1, 2, 0]
    assert t.by_team((10, 20, 30)) == (30, 10, 20) == t.by_seat((10, 20, 30))
    assert [t.server_seat(t.seat(s)) for s in range(3)] == [0, 1, 2]
