"""Shared helpers of the storage tests: each backend the game saves to, opened the way
the game opens it, with the raw text of a document beside it, and a match in progress.

``FakeLocalStorage`` models the browser's localStorage as the game reaches it (the
Storage interface: length, key, getItem, setItem, removeItem), throwing as a browser
does for a third-party iframe (SecurityError) or a full quota (QuotaExceededError).
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from spades.engine.match import Match
from spades.engine.rules import STANDARD
from spades.storage import open_file_store, open_local_storage
from spades.storage.store import DictStorage, FileStore, LocalStorageStore, MemoryStore

NAMES = ("Ann", "West", "Bo", "East")
STRENGTHS = ("human", "easy", "hard", "normal")


class FakeLocalStorage:
    """The browser's localStorage as far as the game can tell; ``refuse`` throws on every
    access (a third-party iframe), ``quota`` refuses writes past a size (a full disk)."""

    def __init__(self, refuse: bool = False) -> None:
        self.items: dict[str, str] = {"other-game/high-score": "42"}
        self.refuse = refuse
        self.quota: int | None = None

    def _check(self) -> None:
        if self.refuse:
            raise RuntimeError("SecurityError: The operation is insecure.")

    @property
    def length(self) -> int:
        self._check()
        return len(self.items)

    def key(self, i: int) -> str | None:
        self._check()
        return list(self.items)[i] if i < len(self.items) else None

    def getItem(self, name: str) -> str | None:
        self._check()
        return self.items.get(name)

    def setItem(self, name: str, value: str) -> None:
        self._check()
        if self.quota is not None and len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.items[name] = value

    def removeItem(self, name: str) -> None:
        self._check()
        self.items.pop(name, None)


class ItemsBackend:
    """A backend whose documents are the items "spades/<key>" of its ``medium``."""

    medium: DictStorage | FakeLocalStorage

    def put_raw(self, key: str, text: str) -> None:
        self.medium.items["spades/" + key] = text

    def raw(self, key: str) -> str | None:
        return self.medium.items.get("spades/" + key)


class MemoryBackend(ItemsBackend):
    name = "memory"

    def __init__(self, tmp_path: Path) -> None:
        self.medium = DictStorage()

    def open(self):
        return MemoryStore(self.medium)

    def break_storage(self) -> None:
        self.medium.limit = 10


class FileBackend:
    name = "files"

    def __init__(self, tmp_path: Path) -> None:
        self.folder = tmp_path / "data"

    def open(self):
        store = open_file_store(self.folder)
        assert isinstance(store, FileStore), store.problem
        return store

    def put_raw(self, key: str, text: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / f"{key}.json").write_bytes(text.encode())

    def raw(self, key: str) -> str | None:
        path = self.folder / f"{key}.json"
        return path.read_text() if path.exists() else None

    def break_storage(self) -> None:
        shutil.rmtree(self.folder)
        self.folder.write_text("a file where the folder was")

    def open_refused(self):
        blocker = self.folder.parent / "blocker"
        blocker.write_text("not a folder")
        return open_file_store(blocker / "spades")


class LocalBackend(ItemsBackend):
    name = "local"

    def __init__(self, tmp_path: Path) -> None:
        self.medium = FakeLocalStorage()

    def open(self):
        store = open_local_storage(self.medium)
        assert isinstance(store, LocalStorageStore), store.problem
        return store

    def break_storage(self) -> None:
        self.medium.quota = 10

    def open_refused(self):
        return open_local_storage(FakeLocalStorage(refuse=True))


LONG = STANDARD.with_options(target=2000, mercy=None)  # random play must not end it early


def played(seed: int, actions: int, rules=LONG) -> Match:
    match = Match(rules, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    assert not match.is_over
    return match
