"""Where the server keeps its tables: one small interface, SQLite by default.

A table is its ``doc`` (code, seed, rules, settings, seats with their tokens, state)
and its action log; replaying the log from the seed rebuilds the match exactly, so
nothing else needs keeping. The server writes an action here before it tells anyone
the action happened, so a server killed at any moment loses no acknowledged action.
The records of finished hands (``spades-hand/1``) stay for the players' statistics, and
a finished table comes back after a restart like any other, so its players who return
find the match's result.

Another store (several servers on a shared Redis, say) implements the same five
methods.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

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


class TableStore:
    """The interface: what the server needs of any store."""

    def save_table(self, code: str, doc: dict[str, Any]) -> None:
        """Create or replace a table's doc (its seats, settings and state)."""
        raise NotImplementedError

    def add_action(self, code: str, index: int, seat: int, action: Any) -> None:
        """Append action ``index`` of the table's log (JSON form), durably."""
        raise NotImplementedError

    def add_record(self, code: str, hand_number: int, record: dict[str, Any]) -> None:
        raise NotImplementedError

    def open_tables(self) -> list[tuple[dict[str, Any], list[Any]]]:
        """Every table, finished ones too (their players come back to the result),
        with its action log in order."""
        raise NotImplementedError

    def records(self, code: str) -> list[dict[str, Any]]:
        raise NotImplementedError


class SQLiteStore(TableStore):
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None)
        # WAL: a commit is one append to the log; it survives the process being killed.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def save_table(self, code: str, doc: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO tables (code, doc, state) VALUES (?, ?, ?)",
            (code, json.dumps(doc), doc["state"]),
        )

    def add_action(self, code: str, index: int, seat: int, action: Any) -> None:
        self.db.execute(
            "INSERT INTO actions (code, idx, seat, action) VALUES (?, ?, ?, ?)",
            (code, index, seat, json.dumps(action)),
        )

    def add_record(self, code: str, hand_number: int, record: dict[str, Any]) -> None:
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

    def close(self) -> None:
        self.db.close()
