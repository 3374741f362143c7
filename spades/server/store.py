"""Where the server keeps its tables: one small interface, two stores.

A table is its ``doc`` (code, seed, rules, settings, seats with their tokens, state)
and its action log; replaying the log from the seed rebuilds the match exactly, so
nothing else needs keeping. The server writes an action here before it tells anyone
the action happened, so a server killed at any moment loses no acknowledged action.

- :class:`SQLiteStore` (the default, ``serve`` without ``--store``): one process holds
  every table in memory over a SQLite file; after a restart every table comes back
  (:meth:`TableStore.open_tables`). The records of finished hands (``spades-hand/1``)
  stay for the players' statistics, and a finished table comes back like any other,
  so its players who return find the match's result.
- ``RedisStore`` (``--store redis://...``, spades/server/shared/): several processes
  share every table through one log per table; a write can be refused there (another
  process wrote first, or this one no longer owns the table), so every write answers
  whether it is in the log. Its ``shared`` is true: the server then loads a table when
  a player asks for it and follows its log (shared/follow.py).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .table import Table

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    doc TEXT NOT NULL,
    state TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, idx)
);
CREATE TABLE IF NOT EXISTS records (
    code TEXT NOT NULL,
    hand_number INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (code, hand_number)
);
"""


class StoreAway(Exception):
    """The store cannot be reached now (a shared store's Redis restarting, say): the
    request was not done, and may be tried again."""


class TableStore:
    """The interface: what the server needs of any store. A write returns whether it
    is in the store: only then may the server tell anyone of it."""

    shared = False  # several processes share these tables (they follow each log)

    async def save_table(self, table: Table, tokens: dict[str, int | None] | None = None,
                         lease: str | None = None) -> bool:
        """Create or replace a table's doc (its seats, settings and state); ``tokens``:
        the seat tokens it gives (token -> seat) or takes back (token -> None);
        ``lease``: on a shared store, written only while that lease holds."""
        raise NotImplementedError

    async def add_action(self, table: Table, seat: int, action: Any,
                         fence: str | None = None) -> bool:
        """Append the table's next action (JSON form), durably; ``fence``: the lease
        of the process that owns the table, for the actions it takes itself."""
        raise NotImplementedError

    async def add_record(self, code: str, hand_number: int, record: dict[str, Any]) -> None:
        raise NotImplementedError

    def open_tables(self) -> list[tuple[dict[str, Any], list[Any]]]:
        """Every table to hold in memory from the start, finished ones too (their
        players come back to the result), with its action log in order."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError


class SQLiteStore(TableStore):
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None)
        # WAL: a commit is one append to the log; it survives the process being killed.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    async def save_table(self, table: Table, tokens: dict[str, int | None] | None = None,
                         lease: str | None = None) -> bool:
        self.write_doc(table.doc())
        return True

    def write_doc(self, doc: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO tables (code, doc, state) VALUES (?, ?, ?)",
            (doc["code"], json.dumps(doc), doc["state"]),
        )

    async def add_action(self, table: Table, seat: int, action: Any,
                         fence: str | None = None) -> bool:
        self.db.execute(
            "INSERT INTO actions (code, idx, seat, action) VALUES (?, ?, ?, ?)",
            (table.code, table.actions, seat, json.dumps(action)),
        )
        return True

    async def add_record(self, code: str, hand_number: int, record: dict[str, Any]) -> None:
        self.write_record(code, hand_number, record)

    def write_record(self, code: str, hand_number: int, record: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO records (code, hand_number, record) VALUES (?, ?, ?)",
            (code, hand_number, json.dumps(record)),
        )

    def open_tables(self) -> list[tuple[dict[str, Any], list[Any]]]:
        out = []
        rows = self.db.execute("SELECT code, doc FROM tables")
        for code, doc in rows.fetchall():
            actions = self.db.execute(
                "SELECT action FROM actions WHERE code = ? ORDER BY idx", (code,)
            ).fetchall()
            out.append((json.loads(doc), [json.loads(a) for (a,) in actions]))
        return out

    def records(self, code: str) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT record FROM records WHERE code = ? ORDER BY hand_number", (code,)
        )
        return [json.loads(r) for (r,) in rows.fetchall()]

    async def close(self) -> None:
        self.db.close()
