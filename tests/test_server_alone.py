"""Friends' tables of three and two (cutthroat, two-handed) on a real table server on
127.0.0.1: a whole cutthroat match for one friend and two computers, a whole
two-handed match for two friends with the draw, each message to each seat checked
for cards it could not know (serve-check's check_inbox), and that check catching a
drawn card planted where the other seat would hear it. docs/protocol.md, Tables of
three and two."""

from __future__ import annotations

import asyncio
import copy
import random

import pytest

from spades.ai import make_player
from spades.engine.rules import SEAT_PRESETS
from spades.server.probes.check import check_inbox, kept_inboxes, leak_run, seated
from spades.server.probes.local import client, drive, modest, random_legal


def run(coro):
    return asyncio.run(coro)


def close_all(clients):
    for c in clients:
        c.close()


def test_a_cutthroat_table_seats_three_and_plays_a_whole_match_with_two_computers(server):
    async def play():
        rules = {**SEAT_PRESETS["cutthroat"].to_dict(), "target": 150}
        (ann,) = await seated(server.url, ["Ann"], rules=rules, strength="hard")
        inbox = kept_inboxes([ann])
        seats = ann.table["seats"]
        assert [s["seat"] for s in seats] == [0, 1, 2]
        assert ann.table["settings"]["rules"]["players"] == 3
        # Hard plays alone too: the table's computers are hard at three.
        assert ann.table["settings"]["strength"] == "hard"
        ann.start()
        await drive([ann], lambda: ann.table["state"] == "over" and ann.view is not None
                    and ann.view.phase == "over", players={id(ann): modest}, timeout=400)
        assert ann.records and all(len(r["hands"]) == 3 for r in ann.records)
        # 17 cards each, the two of clubs left out.
        assert all(len(r["plays"]) == 51 for r in ann.records)
        # The computers played their seats: every card of seats 1 and 2 was theirs.
        assert {u.seat for u in ann.updates} == {0, 1, 2}
        winner = next(m for m in inbox[id(ann)] if m["type"] == "update"
                      and any(e["type"] == "match_over" for e in m["events"]))
        over = next(e for e in winner["events"] if e["type"] == "match_over")
        assert len(over["scores"]) == 3 and max(over["scores"]) >= 150
        assert check_inbox(inbox[id(ann)], 0, ann.hand_records) > 100
        close_all([ann])

    run(play())


def test_a_two_handed_table_plays_the_draw_and_a_whole_match_for_two_friends(server):
    async def play():
        # Random bids in two-handed leave bags every hand, and their penalty keeps a
        # match from its target: the friends play as the normal computer player.
        rules = {**SEAT_PRESETS["two-handed"].to_dict(), "target": 100, "mercy": -300}
        clients = await seated(server.url, ["Ann", "Bob"], rules=rules)
        ann, bob = clients
        inbox = kept_inboxes(clients)
        assert len(ann.table["seats"]) == 2 and bob.seat == 1
        ann.start()
        thinkers = [make_player("normal", seat) for seat in range(2)]
        players = {id(c): lambda view, rng: thinkers[view.seat].choose(view) for c in clients}
        await drive(clients, lambda: ann.table["state"] == "over" and ann.view is not None
                    and ann.view.phase == "over" and bob.view.phase == "over",
                    players=players, timeout=400, rng=random.Random(3))
        await drive(clients, lambda: len(bob.records) == len(ann.records), timeout=30)
        records = ann.hand_records
        assert records and all("stock" in r and len(r["draws"]) == 26 for r in records.values())
        draws = [(seat, m) for seat, c in enumerate(clients) for m in inbox[id(c)]
                 if m["type"] == "update" and m["action"] in ("keep", "discard")]
        assert len(draws) >= 2 * 26
        for seat, m in draws:
            (event,) = [e for e in m["events"] if e["type"] == "card_drawn"]
            assert set(event) == {"type", "seat", "shown"}
            assert (event["shown"] is None) == (m["action"] == "keep")
            # The card the next drawer looks at is in its own view alone.
            view = m["view"]
            if view["phase"] == "drawing":
                assert (view["drawn"] is not None) == (view["to_act"] == seat)
        for c in clients:
            assert check_inbox(inbox[id(c)], c.seat, records) > 100
        close_all(clients)

    run(play())


def test_the_leak_check_catches_a_drawn_card_told_to_the_other_seat(server):
    """A two-handed hand drawn and played by one friend and the computer; then the
    friend's inbox with the computer's drawn card planted in it (in its view, in an
    event, in any field) is refused by check_inbox, as the real inbox is not."""

    async def play():
        (ann,) = await seated(server.url, ["Ann"], rules=SEAT_PRESETS["two-handed"].to_dict())
        inbox = kept_inboxes([ann])
        ann.start()
        await drive([ann], lambda: len(ann.records) >= 1, players={id(ann): random_legal},
                    timeout=200)
        messages = inbox[id(ann)]
        number = min(ann.hand_records)
        records = {number: ann.hand_records[number]}
        assert check_inbox(messages, 0, records) > 20
        stock = records[number]["stock"].split()
        # The first message that gives the computer (seat 1) its turn to draw: it looks
        # at the top of the stock then, which Ann has not seen.
        first = next(i for i, m in enumerate(messages) if "view" in m
                     and m["view"]["phase"] == "drawing" and m["view"]["to_act"] == 1)
        turn = (len(stock) - messages[first]["view"]["stock_left"]) // 2
        assert records[number]["draws"][turn][0] == 1
        theirs = stock[2 * turn]
        for plant in ("view", "event", "field"):
            planted = copy.deepcopy(messages)
            if plant == "view":
                planted[first]["view"]["drawn"] = theirs
            elif plant == "event":
                planted[first].setdefault("events", []).append({"type": "card_drawn", "seat": 1,
                                                 "shown": theirs})
            else:
                planted[first]["note"] = theirs
            with pytest.raises(AssertionError, match=f"seat 0 was told of {theirs}"):
                check_inbox(planted, 0, records)
        close_all([ann])

    run(play())


def test_random_matches_of_three_and_two_name_no_hidden_card_to_any_seat(server):
    result = run(leak_run(server.url, matches=0, seed=7, at_once=3, alone=4))
    assert result["leaks"] == 0 and result["errors"] == 0
    assert result["matches"] == 4 and result["messages"] > 300
    assert {"cutthroat", "two-handed"} <= set(result["rules"])


def test_a_seat_a_table_of_three_does_not_have_is_refused(server):
    async def play():
        (ann,) = await seated(server.url, ["Ann"], rules=SEAT_PRESETS["cutthroat"].to_dict())
        bob = client(server.url)
        bob.join(ann.code, "Bob", seat=3)
        await drive([ann, bob], lambda: bob.status == "closed")
        assert bob.reason == "This table has 3 seats, 0 to 2"
        ann.choose_seat(3)
        await drive([ann], lambda: any(n.get("type") == "refused" for n in ann.notices))
        assert ann.notices[-1]["reason"] == "This table has 3 seats, 0 to 2"
        cy = client(server.url)
        cy.join(ann.code, "Cy")
        await drive([ann, cy], lambda: cy.status == "ready")
        assert cy.seat == 1  # no partner at three: the first open seat
        close_all([ann, cy])

    run(play())


def test_a_cutthroat_bid_above_thirteen_is_taken_at_the_table(server):
    """Cutthroat deals 17 tricks, so a bid of 14 to 17 is a bid there: the server read
    every action as at four (bids 1 to 13) and refused it as not an action, and the
    game's client closed the table as unreadable when an update carried one."""
    from spades.engine import LOOK, Bid

    def bold(view, rng):
        legal = view.legal_actions()
        if LOOK in legal:
            return LOOK
        return Bid(14) if Bid(14) in legal else None

    async def play():
        rules = {**SEAT_PRESETS["cutthroat"].to_dict(), "target": 150}
        clients = await seated(server.url, ["Ann", "Ben", "Cy"], rules=rules)
        clients[0].start()
        await drive(clients, lambda: all(c.view is not None and 14 in c.view.bids
                                         for c in clients),
                    players={id(c): bold for c in clients}, timeout=60)
        assert not any(n.get("type") == "refused" for c in clients for n in c.notices)
        assert all(c.status == "ready" for c in clients)  # each read the bid of 14
        close_all(clients)

    run(play())


def test_the_games_own_client_takes_a_seat_at_a_table_of_three_and_reads_it(server):
    """The App's table seats three and two: its client joins a cutthroat table by its
    code, keeps its seat and reads the table's view (before, it gave the seat back
    saying the game's table seated four; tests/test_three_two_table.py plays one
    through)."""
    from spades.client.session import TableClient
    from spades.client.transports import DesktopTransport

    async def play():
        rules = {**SEAT_PRESETS["cutthroat"].to_dict(), "target": 150}
        (ann,) = await seated(server.url, ["Ann"], rules=rules)
        app = TableClient(server.url, DesktopTransport)
        app.join(ann.code, "Ben")
        await drive([ann, app], lambda: app.status == "ready" and app.table is not None
                    and any(s["name"] == "Ben" for s in app.table["seats"]))
        ann.start()
        await drive([ann, app], lambda: app.view is not None)
        assert app.view.rules.seats == 3 and app.status == "ready" and not app.reason
        close_all([ann, app])

    run(play())
