"""Play with friends: where the table server is, and the seat this player holds.

``spades-friends/1``::

    {"format": "spades-friends/1", "server": "192.168.1.20:8000",
     "table": {"server": "ws://192.168.1.20:8000/table", "code": "K7M2-QX9P",
               "token": "m0H5...Yq"}}

``server`` is the address the player typed for the desktop game (the browser's game
uses its page's own address); ``table`` the shared table this player sits at, or null:
its server's WebSocket address, its code, and the secret token that owns the seat,
so a closed window or a reloaded page comes back to the same seat. The token is this
device's alone: an export of the saves leaves this document out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .documents import DocumentError, DocumentKind, expect_fields, load, register, save
from .store import Store

FRIENDS_FORMAT = "spades-friends/1"
DEFAULT_SERVER = "localhost:8000"  # python -m spades serve on this computer
ADDRESS = re.compile(r"[A-Za-z0-9.:/\[\]_?=&%-]{1,200}\Z")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,100}\Z")
_CODE = re.compile(r"[A-Za-z0-9-]{1,20}\Z")


def _check(value: Any, pattern: re.Pattern, what: str) -> str:
    if not isinstance(value, str) or not pattern.match(value):
        raise DocumentError(f"{what} is not one the game writes")
    return value


@dataclass(frozen=True)
class SharedSeat:
    server: str  # the table server's WebSocket address
    code: str
    token: str

    def __post_init__(self) -> None:
        _check(self.server, ADDRESS, "the table's server")
        _check(self.code, _CODE, "the table's code")
        _check(self.token, _TOKEN, "the seat's token")


@dataclass(frozen=True)
class Friends:
    server: str = DEFAULT_SERVER
    table: SharedSeat | None = None

    def __post_init__(self) -> None:
        _check(self.server, ADDRESS, "the table server's address")

    def to_json(self) -> dict[str, Any]:
        t = self.table
        return {"format": FRIENDS_FORMAT, "server": self.server,
                "table": None if t is None else {"server": t.server, "code": t.code,
                                                 "token": t.token}}


def _read(doc: dict[str, Any]) -> Friends:
    expect_fields(doc, {"format", "server", "table"})
    table = doc["table"]
    if table is not None:
        expect_fields(table, {"server", "code", "token"})
        table = SharedSeat(table["server"], table["code"], table["token"])
    return Friends(doc["server"], table)


FRIENDS = register(DocumentKind(key="friends", title="your table with friends",
                                current=FRIENDS_FORMAT, read=_read,
                                dump=lambda friends: friends.to_json()))


def load_friends(store: Store) -> Friends:
    value = load(store, FRIENDS)
    return value if value is not None else Friends()


def save_friends(store: Store, friends: Friends) -> bool:
    return save(store, FRIENDS, friends)
