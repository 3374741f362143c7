"""Play with friends through the real interface: a real table server on 127.0.0.1,
the real App driven by mouse, FINGER and key events, and a friend at the same table
(a real TableClient over the same desktop transport): create a table from the menu,
the code to share, the friend joins, Start, a bid and a trick played at the game's
own table scene fed by the server, the connection dropped and back by itself."""

from __future__ import annotations

import asyncio
import random

from server_support import client
from ui_driver import Driver, until

from spades.engine import Bid, cards_of
from spades.storage.friends import load_friends, save_friends
from spades.ui.pages.friends import FriendsScreen, WaitingRoomScreen
from spades.ui.pages.menu import MenuScreen
from spades.ui.table.scene import TableScene


def type_into(d: Driver, key: tuple, text: str, clear: int = 0) -> None:
    d.click(key)
    for _ in range(clear):
        d.press("backspace")
    for ch in text:
        d.press(ch)


def test_create_share_join_start_bid_play_and_come_back_after_a_drop(server):
    d = Driver("--speed", "fast", start=False)
    store = d.app.store
    save_friends(store, load_friends(store).__class__(server=f"127.0.0.1:{server.port}"))

    async def play():
        assert isinstance(d.scene, MenuScreen)
        d.tap(("row", "friends"))  # by finger
        assert isinstance(d.scene, FriendsScreen)
        d.click(("row", "create"))  # the name is still "You": asked for first
        assert isinstance(d.scene, FriendsScreen) and "name" in d.scene.message[0]
        type_into(d, ("row", "name"), "ann", clear=3)
        assert d.app.settings.player_name == "ann"
        d.click(("row", "create"))
        assert type(d.scene).__name__ == "CreateTableScreen"
        d.press("enter")  # Create table, the page's primary button, by key
        room = d.scene
        assert isinstance(room, WaitingRoomScreen)
        await until(d, lambda: room.client.table is not None)
        code = room.client.table["code"]
        rows = {w.key[1]: w for w in room.build_controls() if w.key[0] == "row"}
        words = " ".join(getattr(w, "label", "") + " " + getattr(w, "note", "")
                         for w in rows.values())
        texts = [w.label for w in room.placed]
        assert room.title == f"Table {code}"  # the code to share, in large type
        assert any(f"?table={code.replace('-', '')}" in t for t in texts), texts
        assert "ann (you)" in words and "open" in words
        # The seat's token is kept for coming back after a closed window.
        assert load_friends(store).table.code == code
        # A friend joins with the code as typed (lower case, no dash).
        bob = client(server.url)
        bob.join(code.replace("-", "").lower(), "Bob")
        await until(d, lambda: bob.status == "ready" and room.client.table["seats"][2][
            "name"] == "Bob", friends=[bob])  # the first friend: Ann's partner
        d.frame()
        assert any("Bob" in w.label for w in room.build_controls())
        # Ann moves to East by a tap on the open seat, then starts by a click.
        d.tap(("row", "seat3"))
        await until(d, lambda: room.client.seat == 3, friends=[bob])
        d.click(("foot", "start"))
        await until(d, lambda: isinstance(d.scene, TableScene), friends=[bob])
        table = d.scene
        assert table.shared and table.match.turned.mine == 3
        # Ann sits South on her screen; Bob (North of the server) is drawn on her right.
        assert table.names[0] == "ann" and table.names[3] == "Bob"
        # Bid by mouse when it is Ann's turn; Bob and the computers play meanwhile.
        await until(d, lambda: table.can_act() and table.view.phase == "bidding",
                    friends=[bob], play=True)
        if not table.view.looked:
            d.click(("btn", "look"))
            await until(d, lambda: table.can_act() and table.view.looked, friends=[bob],
                        play=True)
        bid = next(a.value for a in table.view.legal_actions() if isinstance(a, Bid))
        d.click(("bid", bid))
        d.press("enter")  # Confirm, by key
        await until(d, lambda: table.shown.bids[0] == bid, friends=[bob], play=True)
        assert room.client.view.bids[3] == bid  # the server took it for Ann's seat
        # Undo and the coach are for playing alone: they say so and change nothing.
        d.press("u")
        assert "playing alone" in table.message[0]
        # Play until Ann has played a card to a trick and a trick is won.
        await until(d, lambda: table.can_act() and table.view.phase == "playing",
                    friends=[bob], play=True)
        card = cards_of(table.view.legal_card_mask())[0]
        d.tap(("card", card))
        await until(d, lambda: table.match.current.played >> card & 1, friends=[bob],
                    play=True)
        await until(d, lambda: sum(table.shown.tricks_won) >= 1, friends=[bob],
                    play=True, frames=6000)
        # The connection drops: the table says so, and comes back by itself.
        seen = table.match.client.actions
        table.match.client.transport.close()
        await until(d, lambda: "Connection lost" in (table.message or ("",))[0],
                    friends=[bob], play=True)
        await until(d, lambda: table.match.client.status == "ready", friends=[bob],
                    play=True)
        assert table.match.client.actions >= seen
        await until(d, lambda: table.message and "Back at the table" in table.message[0],
                    friends=[bob], play=True)
        # Bob sees Ann's seat away and back again: his own notices, which reach him
        # over his own connection, after Ann's table is back or before.
        await until(d, lambda: {"away", "back"} <= {n.get("type") for n in bob.notices},
                    friends=[bob], play=True)
        kinds = [n.get("type") for n in bob.notices]
        assert kinds.index("away") < len(kinds) - 1 - kinds[::-1].index("back")
        bob.close()
        table.match.client.close()

    asyncio.run(asyncio.wait_for(play(), 240))


def test_where_the_tables_are_from_what_a_player_types():
    from spades.ui.pages.friends import page_address, server_url, table_name, typed_code

    assert server_url("192.168.1.20:8000") == "ws://192.168.1.20:8000/table"
    assert server_url("http://example.org:8000/?table=K7M2QX9P") == \
        "ws://example.org:8000/table"
    assert server_url("https://spades.example.org/") == "wss://spades.example.org/table"
    assert page_address("wss://spades.example.org/table") == "https://spades.example.org"
    assert typed_code("http://h:8000/?table=K7M2QX9P") == "K7M2QX9P"
    assert typed_code(" k7m2-qx9p ") == "k7m2-qx9p"
    assert table_name("Zoë <3") == "Zo 3"  # what the server takes in a name


def test_the_seat_kept_for_coming_back_is_checked_like_every_document():
    from spades.storage import MemoryStore
    from spades.storage.friends import Friends, SharedSeat

    store = MemoryStore()
    seat = SharedSeat("ws://127.0.0.1:8000/table", "K7M2-QX9P", "m0H5aT0Wq3Yq")
    save_friends(store, Friends("127.0.0.1:8000", seat))
    assert load_friends(store) == Friends("127.0.0.1:8000", seat)
    store.write_text("friends", '{"format": "spades-friends/1", "server": "x", '
                     '"table": {"server": "ws://h/table", "code": "K", "token": "<script>"}}')
    assert load_friends(store) == Friends()  # refused, set aside, and told
    assert any("table with friends" in n for n in store.take_notices())


class PageNet:
    """A stand-in for the page's ``window.spadesNet`` (build/template.tmpl), modelled on
    it: ``open`` gives a socket id, ``poll`` hands over what arrived as one JSON text of
    ``[kind, data]`` pairs, ``send`` and ``close`` by id; ``tableUrl`` is the page's own
    address's /table and ``tableCode`` the ``?table=`` of its link. Under it runs the
    desktop transport, so the sockets reach the real server."""

    def __init__(self, url: str, code: str) -> None:
        from spades.client.transports import DesktopTransport

        self.url, self.code, self.make = url, code, DesktopTransport
        self.sockets: dict = {}

    def tableUrl(self):  # noqa: N802 - the page's name
        return self.url

    def tableCode(self):  # noqa: N802
        return self.code

    def open(self, url):
        socket = self.make()
        socket.open(url)
        self.sockets[len(self.sockets) + 1] = socket
        return len(self.sockets)

    def send(self, id_, text):
        self.sockets[id_].send(text)

    def poll(self, id_):
        import json

        got = self.sockets[id_].poll() if id_ in self.sockets else []
        return json.dumps(got) if got else ""

    def close(self, id_):
        if id_ in self.sockets:
            self.sockets.pop(id_).close()


def test_a_page_opened_with_a_tables_link_goes_straight_to_that_table(server, monkeypatch):
    """In the browser the table server is the page's own address, and a page opened
    with ?table=CODE joins that table at once with the player's name (and, when this
    browser holds a seat there, goes back to it)."""
    from types import SimpleNamespace

    from spades import platform, storage

    async def play():
        ann = client(server.url)
        ann.create("Ann")
        d0 = Driver("--speed", "fast", start=False)
        await until(d0, lambda: ann.status == "ready", friends=[ann])
        page_store = storage.MemoryStore()  # this browser's local storage
        storage.save_settings(page_store, storage.Settings(player_name="Bob"))
        monkeypatch.setattr(storage, "open_store", lambda: page_store)
        net = PageNet(server.url, ann.code.replace("-", ""))
        window = SimpleNamespace(spadesNet=net, location=SimpleNamespace(
            origin=f"http://127.0.0.1:{server.port}"))
        monkeypatch.setattr(platform, "in_browser", lambda: True)
        monkeypatch.setattr(platform, "browser_window", lambda: window)
        monkeypatch.setattr(platform, "share_link", lambda url, title: "copied")
        d = Driver("--speed", "fast", start=False)  # the page opens with the link
        room = d.scene
        assert isinstance(room, WaitingRoomScreen)
        await until(d, lambda: room.client.status == "ready" and room.client.table,
                    friends=[ann])
        assert room.client.seat == 2 and room.client.table["seats"][0]["name"] == "Ann"
        d.frame()
        labels = [w.label for w in room.placed]
        link = f"http://127.0.0.1:{server.port}/?table={ann.code.replace('-', '')}"
        assert f"Link: {link}" in labels
        assert "Server" not in " ".join(labels)
        d.click(("row", "share"))
        assert room.message[0] == "The link is copied"
        # A second visit by the same link goes back to the same seat.
        room.client.close()
        d2 = Driver("--speed", "fast", start=False)
        again = d2.scene
        await until(d2, lambda: again.client.status == "ready", friends=[ann])
        assert again.client.seat == 2 and again.client.token == room.client.token
        ann.start()
        await until(d2, lambda: isinstance(d2.scene, TableScene), friends=[ann])
        assert d2.scene.names[2] == "Ann"  # Ann (South) sits opposite Bob, his partner
        d2.scene.match.client.close()
        ann.close()

    asyncio.run(asyncio.wait_for(play(), 240))


def test_join_by_typed_code_play_a_whole_hand_by_finger_and_leave_for_good(server):
    """A friend's table joined by typing its code; the whole first hand played by
    finger with announcements on; the breakdown, the score sheet by its key, Computer's
    way refused as for playing alone, Next hand; then Leave the table from the pause
    menu gives the seat to a computer for good."""
    from spades.ui.pages.friends import WaitingRoomScreen as Room

    d = Driver("--speed", "instant", start=False, ahead=True)
    save_friends(d.app.store, load_friends(d.app.store).__class__(
        server=f"127.0.0.1:{server.port}"))

    async def play():
        bob = client(server.url)
        bob.create("Bob", strength="easy", pace=0, rules={"mercy": None})
        await until(d, lambda: bob.status == "ready", friends=[bob])
        d.app.show_friends()
        d.frame()
        type_into(d, ("row", "name"), "cy", clear=8)
        type_into(d, ("row", "code"), bob.code.lower())
        d.tap(("row", "join"))
        room = d.scene
        assert isinstance(room, Room)
        await until(d, lambda: room.client.status == "ready" and room.client.table,
                    friends=[bob])
        assert room.client.seat == 2
        bob.start()
        await until(d, lambda: isinstance(d.scene, TableScene), friends=[bob])
        table = d.scene
        d.press("a")  # announcements on
        assert table.narrating
        rng = random.Random(2)
        while not table.overlays or table.overlays[-1] != "breakdown":
            await until(d, lambda: table.can_act() or (
                table.overlays and table.overlays[-1] == "breakdown"), friends=[bob],
                play=True, frames=6000)
            if table.overlays and table.overlays[-1] == "breakdown":
                break
            view = table.view
            if view.phase == "bidding" and not view.looked:
                d.tap(("btn", "look"))
            elif view.phase == "bidding":
                bids = [a.value for a in view.legal_actions() if isinstance(a, Bid)]
                d.tap(("bid", rng.choice(bids)))
                d.tap(("btn", "confirm"))
            else:
                d.tap(("card", rng.choice(cards_of(view.legal_card_mask()))))
        said = " ".join(table.transcript.texts())
        assert "Bob" in said and "trick" in said.lower()
        # Only the player's cards are known here: nothing was worked out ahead.
        assert table.ahead is None and table.review is None
        d.press("w")
        assert "playing alone" in table.message[0]
        d.press("s")  # the score sheet over the breakdown: the hand's row
        assert table.overlays[-1] == "scores" and table.shown.hands_scored == 1
        assert len(table.match.history) == 1 and table.match.history[0].hand_number == 0
        d.press("escape")
        d.tap(("btn", "next"))
        await until(d, lambda: table.shown.hand_number == 1, friends=[bob], play=True)
        # Leave for good: the seat becomes a computer's, and the kept seat is forgotten.
        d.press("escape")
        d.tap(("btn", "leave"))
        assert isinstance(d.scene, MenuScreen)
        await until(d, lambda: bob.table["seats"][2]["player"] == "computer", friends=[bob])
        assert load_friends(d.app.store).table is None
        bob.close()

    asyncio.run(asyncio.wait_for(play(), 240))
