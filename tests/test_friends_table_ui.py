"""The friends' table on a phone and by ear, through the real App (issue 51 items 7 and
8): a real table server on 127.0.0.1, friends as real TableClients, the App driven by
FINGER, mouse and key events. The waiting room draws taken seats as name cards and
says how to sit by the player's input; a seat's status stays inside its badge at
390x844; a player who comes back hears where the table is and that it is their turn,
the turn timer's last seconds and the reconnect countdown."""

from __future__ import annotations

import asyncio

from server_support import client
from ui_driver import Driver, drawn_records, until

from spades.engine import Bid
from spades.ui.pages.friends import CreateTableScreen, WaitingRoomScreen, make_client
from spades.ui.table.scene import TableScene
from spades.ui.widgets import Button, NameCard


def room_of(d: Driver, url: str, **settings) -> WaitingRoomScreen:
    """Lee creates a table from the App's Create a table page, by a tap."""
    d.app.settings = d.app.settings.__class__(player_name="Lee")
    d.app.show(CreateTableScreen(d.app, url))
    d.frame()
    for name, value in settings.items():
        setattr(d.scene, name, value)
    d.tap(("foot", "start"))
    assert isinstance(d.scene, WaitingRoomScreen)
    return d.scene


def seat_rows(room: WaitingRoomScreen) -> dict[int, object]:
    return {int(w.key[1][4:]): w for w in room.build_controls()
            if w.key[0] == "row" and str(w.key[1]).startswith("seat")}


def test_the_waiting_room_draws_taken_seats_as_name_cards_and_says_how_to_sit(server):
    d = Driver("--speed", "fast", "--size", "390x844", start=False)

    async def play():
        room = room_of(d, server.url)
        await until(d, lambda: room.client.table is not None)
        bob = client(server.url)
        bob.join(room.client.code, "Bob")
        await until(d, lambda: bob.status == "ready" and room.client.table["seats"][2][
            "name"] == "Bob", friends=[bob])
        d.frame()
        rows = seat_rows(room)
        # Lee's own seat and Bob's are name cards, never disabled buttons.
        assert isinstance(rows[0], NameCard) and rows[0].mine and rows[0].name == "Lee"
        assert isinstance(rows[2], NameCard) and rows[2].name == "Bob"
        assert not any(isinstance(w, Button) and not w.enabled for w in rows.values())
        # A tap on Bob's card says who sits there; the open seats say Tap after a touch.
        d.drag_into_view(("row", "seat2"))
        d.tap(("row", "seat2"))
        assert room.message[0] == "Bob sits there"
        assert "Tap to sit here" in seat_rows(room)[1].note
        await asyncio.sleep(1.0)  # a moment later, by mouse (a browser's echo of a touch
        d.click(("row", "seat2"))  # comes at once), then by keys
        assert "Click to sit here" in seat_rows(room)[1].note
        d.press("tab")
        assert "Press Enter to sit here" in seat_rows(room)[1].note
        # By finger Lee moves to the open seat West; the card follows her there.
        d.drag_into_view(("row", "seat1"))
        d.tap(("row", "seat1"))
        await until(d, lambda: room.client.seat == 1, friends=[bob])
        d.frame()
        rows = seat_rows(room)
        assert isinstance(rows[1], NameCard) and rows[1].mine
        assert isinstance(rows[0], Button) and rows[0].enabled
        bob.close()
        room.client.close()

    asyncio.run(asyncio.wait_for(play(), 240))


def test_a_seats_status_stays_inside_its_badge_on_a_phone(server):
    """At 390x844 the side badges are narrow and North's short: "bid 6 · won 0 ·
    computer plays" of a friend a computer plays for stays inside the badge."""
    d = Driver("--speed", "fast", "--size", "390x844", start=False)

    async def play():
        ann = client(server.url)
        ann.create("Ann", strength="easy", pace=0, grace=0.5)
        await until(d, lambda: ann.status == "ready" and ann.table, friends=[ann])
        cy = client(server.url)
        cy.join(ann.code, "Cyrielle-Anne", seat=1)
        await until(d, lambda: cy.status == "ready", friends=[ann, cy])
        d.app.settings = d.app.settings.__class__(player_name="Lee")
        mine = make_client(server.url)
        mine.join(ann.code, "Lee")
        d.app.show(WaitingRoomScreen(d.app, mine))
        await until(d, lambda: mine.status == "ready" and mine.table, friends=[ann, cy])
        assert mine.seat == 2  # Ann's partner
        ann.start()
        await until(d, lambda: isinstance(d.scene, TableScene), friends=[ann, cy])
        table = d.scene
        ann.close()
        cy.close()  # both away: after the grace a computer plays for each
        await until(d, lambda: all(table.match.seat_note(s) == "computer plays"
                                   for s in (2, 3)), frames=4000)
        await until(d, lambda: table.can_act() and table.view.phase == "bidding",
                    frames=4000)
        if not table.view.looked:
            d.tap(("btn", "look"))
            await until(d, lambda: table.can_act() and table.view.looked, frames=4000)
        bid = next(a.value for a in table.view.legal_actions() if isinstance(a, Bid))
        d.tap(("bid", bid))
        d.tap(("btn", "confirm"))
        await until(d, lambda: table.idle and all(b is not None for b in table.shown.bids),
                    frames=4000)
        records = drawn_records(d)
        lay = table.layout
        for seat in (2, 3):  # North (Ann), East (Cyrielle-Anne): both covered
            badge = lay.badges[seat]
            inside = [r for r in records if r.rect is not None and
                      r.rect.colliderect(badge)]
            # Whole words: "computer plays", or "computer" in a badge too narrow.
            assert any("computer" in r.text and not r.text.endswith("...")
                       for r in inside), (seat, inside)
            for r in inside:  # the status lines (a long name may shrink past its end)
                if r.text != table.names[seat] and not r.text.startswith(
                        table.names[seat][:4]):
                    assert badge.contains(r.rect), (seat, r.text, r.rect, badge)
        mine.close()

    asyncio.run(asyncio.wait_for(play(), 240))


def test_by_ear_the_timer_the_countdown_and_a_return_are_said(server):
    """Announcements on at a table with a 12 s turn timer: the timer's last seconds are
    said at 10 and at 5; the connection dropped on the player's turn says its countdown,
    and once back, where the table is and the player's turn again, never "Lee is back"."""
    d = Driver("--speed", "fast", "--size", "800x600", start=False)

    async def play():
        ann = client(server.url)
        ann.create("Ann", strength="easy", pace=0, timer=12)
        await until(d, lambda: ann.status == "ready" and ann.table, friends=[ann])
        d.app.settings = d.app.settings.__class__(player_name="Lee", announcements=True)
        mine = make_client(server.url)
        mine.join(ann.code, "Lee")
        d.app.show(WaitingRoomScreen(d.app, mine))
        await until(d, lambda: mine.status == "ready" and mine.table, friends=[ann])
        ann.start()
        await until(d, lambda: isinstance(d.scene, TableScene), friends=[ann])
        table = d.scene
        assert table.narrating
        said = table.transcript.texts

        def my_turn() -> bool:
            return table.idle and table.view.my_turn and mine.status == "ready"

        # Lee lets the timer run out: 10 seconds, then 5, then the computer's move.
        await until(d, my_turn, friends=[ann], play=True, frames=6000)
        await until(d, lambda: any("Time is up" in t for t in said()), friends=[ann],
                    play=True, frames=20000)
        left = [int(t.split()[0]) for t in said() if "seconds left: then the computer" in t]
        assert len(left) == 2 and 5 < left[0] <= 10 and left[1] <= 5, left
        # The next turn, the connection drops: the countdown is said, and once back,
        # where the table is, then the turn again.
        await until(d, lambda: my_turn() and table.decision_key == len(table.match.actions),
                    friends=[ann], play=True, frames=6000)
        before = len(said())
        mine.transport.close()
        await until(d, lambda: any(t.startswith("Your turn") for t in said()[before:][
            next((i for i, t in enumerate(said()[before:]) if "Back at the table" in t),
                 10**6):]), friends=[ann], play=True, frames=20000)
        after = said()[before:]
        assert any(t.startswith("Connection lost. Trying again in") for t in after), after
        back = next(i for i, t in enumerate(after) if "Back at the table" in t)
        where = after[back + 1]
        assert where.startswith("Hand 1, trick ") and "your turn to " in where, where
        assert "You hold " in where and "Bids and tricks: you " in where, where
        assert where.endswith(" seconds left on your turn."), where
        assert not any("Lee is" in t for t in after), after
        ann.close()
        mine.close()

    asyncio.run(asyncio.wait_for(play(), 240))


def test_continue_says_where_the_table_is_before_your_turn():
    """A match taken up part-way (Continue; Back to table is the same scene fed by the
    server) says where the table is before the player's turn, not "Your turn" alone."""
    from ui_driver import act, menu_driver

    d = menu_driver("--speed", "instant")
    d.app.settings = d.app.settings.__class__(announcements=True)
    d.app.new_match_from_settings()
    while (situation := d.wait_for_player()) != "play":
        act(d, situation)
    act(d, "play")
    d.wait_for_player()
    d.app.show_menu()
    d.frame()
    d.click(("row", "continue"))
    table = d.scene
    assert isinstance(table, TableScene) and table is not None
    d.until(lambda: any(t.startswith("Your turn") for t in table.transcript.texts()), 2000)
    said = table.transcript.texts()
    assert said[0].startswith("Hand 1, trick 2 of 13: your turn to "), said[0]
    assert "You hold " in said[0] and "Bids and tricks: you " in said[0], said[0]
    assert said[1].startswith("Your turn"), said
