"""Play with friends: the pages from the menu to a shared table.

- :class:`FriendsScreen`: your name, the table server (typed on the desktop; in the
  browser the page's own address), Create a table, Join with a code or a link, and
  Back to your table when you hold a seat at one.
- :class:`CreateTableScreen`: the rule set and every option as House rules has them,
  and how well the computer players in the empty seats play.
- :class:`WaitingRoomScreen`: the table's code and link to share (the browser's share
  sheet or clipboard where it has one), the four seats by team (names, who is here,
  who is away), a seat to move to, and Start for the table's creator.

When the server deals, the table is the game's own scene, fed by the server
(table/shared.py). The seat's token is kept (storage/friends.py), so a closed window
or a reloaded page comes back to the same seat. A page opened with ``?table=CODE``
goes straight to that table (:func:`open_link`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ... import platform
from ...client.session import TableClient
from ...client.transports import (
    BrowserTransport,
    DesktopTransport,
    page_origin,
    page_table_code,
    page_table_url,
)
from ...engine.rules import GAMES
from ...storage import CUSTOM
from ...storage.friends import ADDRESS, SharedSeat, load_friends, save_friends
from ..art import theme
from ..layout.base import PLACES
from ..seating.strengths import offered_strengths
from ..table.scene import TableScene
from ..table.shared import SharedMatch
from ..widgets import (
    Button,
    Heading,
    NameCard,
    Paragraph,
    Stepper,
    TextField,
    Toggle,
    Widget,
)
from ..widgets.editing import copy_to_clipboard
from .house_rules import HouseRulesScreen
from .menu import cycle
from .screens import MAX_TEXT, Screen

COMPASS = ("South", "West", "North", "East")
TIMERS = (0, 30, 60, 120)  # a turn timer's choices, in seconds (0: none)
NAME_CHARS = re.compile(r"[^A-Za-z0-9 .\-_']")  # what the server takes in a name
CODE_IN_LINK = re.compile(r"[?&]table=([A-Za-z0-9-]{1,20})")


def server_url(address: str) -> str:
    """The table server's WebSocket address from what the player typed: a host and
    port, or the page's address (http, https), or a ws/wss address."""
    a = address.strip()
    a = CODE_IN_LINK.sub("", a).rstrip("?&/")
    scheme = "ws://"
    for prefix, ws in (("https://", "wss://"), ("http://", "ws://"), ("wss://", "wss://"),
                       ("ws://", "ws://")):
        if a.lower().startswith(prefix):
            a, scheme = a[len(prefix):], ws
    host = a.split("/", 1)[0]
    return f"{scheme}{host}/table"


def page_address(url: str) -> str:
    """The page's address of a table server's WebSocket address (http for ws)."""
    return url.replace("wss://", "https://", 1).replace("ws://", "http://", 1) \
        .removesuffix("/table")


def typed_code(text: str) -> str:
    """A code typed with or without its dash, or pasted as a whole link."""
    found = CODE_IN_LINK.search(text)
    return (found.group(1) if found else text).strip()


def table_name(name: str) -> str:
    """The player's name as the server takes it (letters, digits, space, . - _ ')."""
    return NAME_CHARS.sub("", name).strip()[:20]


def make_client(url: str) -> TableClient:
    """A client over the browser's WebSocket in a page, the websockets library on the
    desktop."""
    if platform.in_browser():
        window = platform.browser_window()
        return TableClient(url, lambda: BrowserTransport(window))
    return TableClient(url, DesktopTransport)


def shown_address(url: str) -> str:
    """A table server's address as a player types it: host and port (an https page's
    address whole)."""
    return url.removeprefix("ws://").removesuffix("/table") if url.startswith("ws://") \
        else page_address(url)


def no_server_words(client: TableClient) -> str:
    """A client that never reached a table server, in a player's words (the cause, an
    errno, is the log's)."""
    wait = max(0, round(client.retry_at - client.clock()))
    return (f"No table server found at {shown_address(client.url)}. Check the address, or "
            f"ask the friend who runs it. Trying again in {wait} s.")


class FriendsScreen(Screen):
    """Create a table or join one; back to the one you sit at."""

    title = "Play with friends"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.friends = load_friends(app.store)
        self.code = ""
        self.name = app.settings.player_name
        self.server = self.friends.server  # as typed; kept once it is an address

    def update(self, dt: float, think_ms: float = 0.0) -> None:
        super().update(dt)
        poll_leaving(self.app)

    # --- where the tables are ---------------------------------------------------------

    def url(self) -> str | None:
        """The table server's address: the page's own in the browser."""
        if platform.in_browser():
            return page_table_url(platform.browser_window())
        return server_url(self.server)

    def rows(self) -> list[Widget]:
        rows: list[Widget] = [Paragraph("about", "One of you creates a table and shares its "
                                        "code or link; the others join with it. Computer "
                                        "players take the seats nobody takes.")]
        seat = self.friends.table
        if seat is not None:
            rows.append(Button("return", f"Back to table {seat.code}", self.back_to_table,
                               style="primary", note="Your seat there is kept for you."))
        rows.append(TextField("name", "Your name", self.name, self.type_name,
                              note="Your friends see it at your seat."))
        if not platform.in_browser():
            rows.append(TextField("server", "Table server", self.server,
                                  self.type_server, note="The address of the computer "
                                  "running the table server (python -m spades serve), "
                                  "for example 192.168.1.20:8000."))
        url = self.url()
        if url is None:
            rows.append(Paragraph("none", "This page cannot reach a table server: Play with "
                                  "friends needs the game served by one. Everything else "
                                  "plays as before."))
            return rows
        rows.append(Button("create", "Create a table", self.create,
                           style="secondary" if seat else "primary",
                           note="Choose the rules and the computer players' strength."))
        rows.append(TextField("code", "Table code", self.code, self.type_code,
                              note="The code or link a friend shared: 8 letters and digits."))
        rows.append(Button("join", "Join the table", self.join, enabled=bool(self.code),
                           note="You sit as the creator's partner if that seat is open; you can "
                           "move before the start.",
                           refused=lambda: self.say("Type the table's code first")))
        if seat is not None:
            rows.append(Button("forget", f"Leave table {seat.code}", self.forget,
                               style="danger", note="A computer plays your seat there "
                               "from now on."))
        return rows

    def footer(self) -> list[Widget]:
        return [Button("back", "Back", self.back, hint="Esc")]

    # --- typing ---------------------------------------------------------------------

    def type_name(self, text: str) -> None:
        """The name as typed (empty for a moment while it is retyped); kept once it is
        one."""
        self.name = text[:MAX_TEXT]
        if self.name.strip():
            self.app.settings = replace(self.app.settings, player_name=self.name)
            self.app.save_settings()

    def type_server(self, text: str) -> None:
        """The address as typed; kept once it is one."""
        self.server = text.strip()[:200]
        if ADDRESS.match(self.server):
            self.friends = replace(self.friends, server=self.server)
            save_friends(self.app.store, self.friends)

    def type_code(self, text: str) -> None:
        self.code = text[:200]
        if "table=" in self.code:
            self.code = typed_code(self.code)

    # --- going to a table -------------------------------------------------------------

    def player_name(self) -> str | None:
        name = table_name(self.name)
        if not name or name == "You":
            self.say("Type your name first: your friends see it at your seat")
            self.focus = ("row", "name")
            return None
        return name

    def server_typed(self) -> bool:
        """On the desktop: is the table server's address typed? (if not, says so)"""
        if platform.in_browser() or ADDRESS.match(self.server):
            return True
        self.say("Type the table server's address first, for example 192.168.1.20:8000"
                 if not self.server else f"{self.server} is not an address: type one like "
                 "192.168.1.20:8000")
        self.focus = ("row", "server")
        return False

    def create(self) -> None:
        if self.player_name() is not None and self.server_typed():
            self.app.show(CreateTableScreen(self.app, self.url() or ""))

    def join(self) -> None:
        name = self.player_name()
        code = typed_code(self.code)
        if name is None or not self.server_typed():
            return
        if not code:
            self.say("Type the table's code first")
            return
        client = make_client(self.url() or "")
        client.join(code, name)
        self.app.show(WaitingRoomScreen(self.app, client))

    def back_to_table(self) -> None:
        seat = self.friends.table
        if seat is not None:
            client = make_client(seat.server)
            client.code = seat.code
            client.resume(seat.token)
            self.app.show(WaitingRoomScreen(self.app, client))

    def forget(self) -> None:
        seat = self.friends.table
        if seat is not None:
            client = make_client(seat.server)
            client.resume(seat.token)
            self.app.leaving.append(client)  # says leave once it is back at the table
        forget_seat(self.app)
        self.friends = load_friends(self.app.store)
        self.say("You left the table")


def poll_leaving(app) -> None:
    """A seat given up from the friends page (``app.leaving``): leave once back at the
    table."""
    for client in list(app.leaving):
        client.poll()
        if client.status == "ready":
            client.leave()
        if client.status == "closed" or client.tries > 2:
            client.close()
            app.leaving.remove(client)


def forget_seat(app) -> None:
    friends = load_friends(app.store)
    save_friends(app.store, replace(friends, table=None))


class CreateTableScreen(HouseRulesScreen):
    """A new shared table: House rules' choices and the computer players' strength."""

    def __init__(self, app, url: str) -> None:
        super().__init__(app)
        self.title = "Create a table"
        self.url = url
        offered = offered_strengths(app.settings.rules)
        self.strength = app.settings.opponents_strength
        if self.strength not in offered:  # hard, where it does not play these seats
            self.strength = offered[-1]
        self.timer = 0  # seconds a player has for a decision; 0: no turn timer
        self.unfolded = app.settings.preset == CUSTOM

    def back(self) -> None:
        self.app.show(FriendsScreen(self.app))

    def fold(self) -> None:
        self.unfolded = not self.unfolded

    def step_strength(self, step: int) -> None:
        """The strengths the computer players play at the table's seat count."""
        offered = offered_strengths(self.app.settings.rules)
        if self.strength not in offered:
            self.strength = offered[-1]
        self.strength = cycle(offered, self.strength, step)

    def step_timer(self, step: int) -> None:
        self.timer = cycle(TIMERS, self.timer, step)

    def rows(self) -> list[Widget]:
        rows: list[Widget] = [Heading("h_presets", "Rules"), self.preset_row(),
                              Toggle("details", "Every rule option", self.unfolded, self.fold,
                                     note="Set the rules one by one: nil, bags, target "
                                     "and more.")]
        if self.unfolded:
            rows += self.rule_rows()
        timer = f"{self.timer} s" if self.timer else "off"
        return rows + [
            Heading("h_players", "Computer players"),
            Stepper("strength", "They play", self.strength, lambda: self.step_strength(-1),
                    lambda: self.step_strength(1), note="In the seats nobody takes, and "
                    "for a friend who is away: easy, normal or hard."),
            Heading("h_time", "Time"),
            Stepper("timer", "Turn timer", timer, lambda: self.step_timer(-1),
                    lambda: self.step_timer(1), note="Off: nobody is hurried. With a "
                    "timer, a computer makes the move of a player who takes longer."),
        ]

    def footer(self) -> list[Widget]:
        return [Button("back", "Back", self.back, hint="Esc"),
                Button("start", "Create table", self.create, style="primary", hint="Enter")]

    def create(self) -> None:
        name = table_name(self.app.settings.player_name)
        client = make_client(self.url)
        client.create(name, self.app.settings.rules.to_dict(), self.strength,
                      timer=self.timer)
        self.app.show(WaitingRoomScreen(self.app, client))


class WaitingRoomScreen(Screen):
    """The table before its start: the code to share, the seats, Start."""

    @property
    def title(self) -> str:  # the code, the one thing to share, in large type
        table = self.client.table
        return f"Table {table['code']}" if table else "Play with friends"

    def __init__(self, app, client: TableClient) -> None:
        super().__init__(app)
        self.client = client
        self.kept = False

    def update(self, dt: float, think_ms: float = 0.0) -> None:
        super().update(dt)
        c = self.client
        c.poll()
        poll_leaving(self.app)
        while c.notices:
            note = c.notices.popleft()
            if note.get("type") == "refused" and c.status == "ready":
                self.say(note["reason"])
        if c.status == "ready" and not self.kept:
            self.kept = True  # the seat is this player's: keep its token
            friends = load_friends(self.app.store)
            save_friends(self.app.store, replace(friends, table=SharedSeat(
                c.url, c.code, c.token)))
        if c.status == "closed" and c.token is None and self.kept:
            forget_seat(self.app)
            self.kept = False
        if c.view is not None and c.status == "ready":
            open_table(self.app, c)

    # --- what the page says ------------------------------------------------------------

    def link(self) -> str:
        c = self.client
        if platform.in_browser():
            origin = page_origin(platform.browser_window())
            return origin + c.link if origin else c.link
        return page_address(c.url) + c.link

    def rows(self) -> list[Widget]:
        c = self.client
        if c.status == "closed":
            return [Paragraph("closed", c.reason or "The connection closed")]
        if c.table is None and c.status == "retrying":
            return [Paragraph("none", no_server_words(c))]
        if c.table is None:
            return [Paragraph("wait", f"Connecting to {shown_address(c.url)}...")]
        rows: list[Widget] = [
            Paragraph("link", f"Link: {self.link()}"),
            Button("share", "Share the link" if platform.in_browser() else "Copy the link",
                   self.share, note="Send your friends the code or the link: the link "
                   "opens the game at this table."),
        ]
        seats = c.table["seats"]
        if len(seats) == 4:
            for team, pair in ((0, (0, 2)), (1, (1, 3))):
                rows.append(Heading(f"team{team}", f"{COMPASS[pair[0]]} and "
                                    f"{COMPASS[pair[1]]}, partners"))
                for seat in pair:
                    rows.append(self.seat_row(seat, seats[seat]))
        else:  # cutthroat or two-handed: each for themselves
            game = GAMES.get(len(seats), "").capitalize()
            rows.append(Heading("alone", f"{game}: {len(seats)} players, each alone"))
            rows += [self.seat_row(seat, seats[seat]) for seat in range(len(seats))]
        if c.status != "ready":
            rows.insert(0, Paragraph("trouble", "The connection dropped: coming back by "
                                     "itself..."))
        elif not c.creator:
            creator = seats[c.table["creator"]]["name"]
            rows.insert(0, Paragraph("starts", f"{creator} starts the match when everyone "
                                     "is here; open seats get computer players."))
        return rows

    def seat_row(self, seat: int, s: dict[str, Any]) -> Widget:
        """An open seat is a button to sit there; a taken one, the player's own too, a
        card with the name on it."""
        c = self.client
        name = s["name"]
        place = COMPASS[PLACES[len(c.table["seats"]) if c.table else 4][seat]]
        if s["player"] == "open" and seat != c.seat:
            return Button(f"seat{seat}", f"{place}: open", self.sit(seat),
                          note=f"{self.sit_words()}. At the start a computer takes an "
                          "open seat.")
        mine = seat == c.seat
        state = "Your seat" if mine else "Away for now" if s.get("away") else "At the table"
        if c.table and c.table["creator"] == seat:
            state += ", created the table"
        alone = c.table is not None and len(c.table["seats"]) != 4
        ours = c.seat is None or (seat == c.seat if alone else seat % 2 == c.seat % 2)
        colour = theme.US if ours else theme.THEM
        return NameCard(f"seat{seat}", name, place, state, colour, mine=mine,
                        said=lambda: self.say("You sit there" if mine else
                                              f"{name} sits there"))

    def sit_words(self) -> str:
        """How to sit at an open seat, in the words of the player's input."""
        if not self.look().hints:
            return "Tap to sit here"
        return "Press Enter to sit here" if self.app.input.mode == "keys" else \
            "Click to sit here"

    def sit(self, seat: int):
        return lambda: self.client.choose_seat(seat)

    def footer(self) -> list[Widget]:
        c = self.client
        out: list[Widget] = [Button("back", "Leave" if c.status == "ready" else "Back",
                                    self.back, hint="Esc")]
        if c.status == "ready" and c.creator:
            out.append(Button("start", "Start", self.client.start, style="primary",
                              hint="Enter"))
        elif c.status == "ready":
            out.append(Button("start", "Start", None, enabled=False,
                              refused=lambda: self.say("The table's creator starts it")))
        return out

    def share(self) -> None:
        link = self.link()
        done = platform.share_link(link, "A table of Spades") if platform.in_browser() \
            else copy_text(link)
        self.say({"shared": "Shared", "copied": "The link is copied"}.get(
            done, "Copy the link shown, or tell your friends the code"))

    def back(self) -> None:
        """Leave the table before its start: the seat opens for someone else."""
        if self.client.status == "ready":
            self.client.leave()
        self.client.close()
        forget_seat(self.app)
        self.app.show(FriendsScreen(self.app))


def copy_text(text: str) -> str:
    """The desktop's clipboard, where SDL has one: "copied", else ""."""
    return "copied" if copy_to_clipboard(text) else ""


def open_table(app, client: TableClient) -> None:
    """The table has begun: the game's own table scene, fed by the server."""
    options = app.table_options()
    options.rules = client.view.rules
    match = SharedMatch(client, app.settings.computer_names)
    options.names = match.names()
    scene = TableScene(options, match=match, sounds=app.sounds, input_mode=app.input)
    scene.on_leave = lambda: forget_seat(app)
    app.show(scene)


def open_link(app) -> None:
    """A page opened with a table's link goes straight to that table: back to the seat
    this player holds there, else joining it (after the name, if none is set)."""
    code = page_table_code(platform.browser_window())
    if not code:
        return
    friends = load_friends(app.store)
    seat = friends.table
    screen = FriendsScreen(app)
    screen.code = code
    app.show(screen)
    if seat is not None and seat.code.replace("-", "").upper() == code.replace("-", "").upper():
        screen.back_to_table()
    elif table_name(app.settings.player_name) not in ("", "You"):
        screen.join()
    else:
        screen.say("Type your name, then Join the table")
