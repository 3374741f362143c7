"""Where the game keeps its documents: one interface, three backends.

The interface is text under short keys; the document layer above it decides what the
text means. A backend that cannot be used at start-up is replaced by memory, and a
write that fails later is kept in memory for the rest of the session: either way the
player is told once, in plain words, and play goes on. Nothing here raises to the game
for a storage failure, because losing a save must never stop a match.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

GAME_NAME = "spades"
PREFIX = GAME_NAME + "/"
DAMAGED_PREFIX = PREFIX + "damaged/"

_KEY = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
_DOC_FILE = re.compile(r"^([a-z][a-z0-9-]{0,39})\.json$")
_DAMAGED_FILE = re.compile(r"^[a-z][a-z0-9-]{0,39}\.damaged-[0-9TZ-]+\.json$")
_KEPT_FILE = re.compile(r"^[a-z][a-z0-9-]{0,39}\.kept-[0-9TZ-]+\.json$")
_TEMP_FILE = re.compile(r"^\.[a-z][a-z0-9-]{0,39}\.[0-9]+\.tmp$")
_STALE_TEMP_SECONDS = 60.0
KEPT_PREFIX = PREFIX + "kept/"
# Plain words for each document, filled in as the document kinds are registered, so a
# notice names what could not be read or written ("your settings", not "saved data").
TITLES: dict[str, str] = {}


def title_of(key: str) -> str:
    return TITLES.get(key, "saved data")


def check_key(key: str) -> str:
    """Keys become file names and storage keys, so only a plain shape is allowed."""
    if not isinstance(key, str) or not _KEY.match(key):
        raise ValueError(f"not a storage key: {key!r}")
    return key


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc) or type(exc).__name__


class StorageFull(OSError):
    """The memory backend's own limit, standing in for a browser quota."""


class WriteNotKept(OSError):
    """A write the storage did not keep, though it raised nothing: read back, it was
    missing or different (a bridge to the browser that swallows its exception)."""


class Store:
    """Text documents under short keys; subclasses supply the five primitives.

    ``problem`` says, once set, why nothing is kept after the session (the saves
    screen can show it). ``notices`` are sentences the interface shows once each;
    ``take_notices`` hands them over and forgets them.
    """

    kind = "memory"
    where = "in memory only, until the game is closed"
    lost = "are lost when you close the game"

    def __init__(self) -> None:
        self.problem: str | None = None
        self.notices: list[str] = []
        self._unsaved: dict[str, str] = {}
        self._write_failed: set[str] = set()
        self._read_failed: set[str] = set()
        # Documents another (newer) version of the game wrote: left where they are for
        # that version, so this session keeps its own changes to them in memory only.
        self._held: set[str] = set()

    # --- what the game calls ----------------------------------------------------------

    def notify(self, text: str) -> None:
        if text not in self.notices:
            self.notices.append(text)

    def take_notices(self) -> list[str]:
        notices, self.notices = self.notices, []
        return notices

    def read_text(self, key: str, quiet: bool = False) -> str | None:
        """The document's text, or None; ``quiet`` leaves a failure untold (a check
        before a write, whose own failure is told)."""
        check_key(key)
        if key in self._unsaved:
            return self._unsaved[key]
        try:
            return self._get(key)
        except Exception as exc:  # a browser can throw anything through its bridge
            if not quiet and key not in self._read_failed:
                # Told once a session: every later look at the same document would
                # otherwise repeat the same sentence.
                self._read_failed.add(key)
                self.notify(f"The game could not read {title_of(key)} ({self.place(key)}: "
                            f"{_reason(exc)}).")
            return None

    def hold(self, key: str) -> bool:
        """Leave the stored document untouched from now on (a newer version of the game
        wrote it): this session's writes and removals of it stay in memory. True the
        first time, so the caller tells the player once."""
        check_key(key)
        if key in self._held:
            return False
        self._held.add(key)
        return True

    def write_text(self, key: str, text: str) -> bool:
        """Store ``text``; False when the backend refused it (then reported once)."""
        check_key(key)
        if key in self._held:
            self._unsaved[key] = text
            return False
        try:
            self._set(key, text)
        except Exception as exc:
            self._unsaved[key] = text
            if key not in self._write_failed:
                # Each document is named on its own: one that cannot be written (a
                # settings file that is a folder) must not read as "all saving stopped".
                self._write_failed.add(key)
                title = title_of(key)
                notice = (f"Saving stopped for {title}: the game could not write "
                          f"{self.place(key)} ({_reason(exc)}). Play goes on; the game "
                          f"tries again at every change and says when saving works again. "
                          f"Until then, changes to {title} {self.lost}.")
                self.problem = self.problem or notice
                self.notify(notice)
            return False
        self._unsaved.pop(key, None)
        if key in self._write_failed:
            # Space came back (or the folder did): say so, or the player goes on
            # believing the changes are lost.
            self._write_failed.discard(key)
            self.notify(f"Saving works again for {title_of(key)}: it is up to date "
                        f"({self.place(key)}).")
            if not self._write_failed and (self.problem or "").startswith("Saving stopped"):
                self.problem = None
        return True

    def remove(self, key: str) -> None:
        check_key(key)
        self._unsaved.pop(key, None)
        if key in self._held:
            return
        try:
            self._delete(key)
        except Exception as exc:
            self.notify(f"The game could not remove saved data ({_reason(exc)}).")

    def keys(self) -> list[str]:
        """The documents held, without damaged copies."""
        try:
            found = set(self._keys())
        except Exception:
            found = set()
        return sorted(found | set(self._unsaved))

    def place(self, key: str) -> str:
        """Where a document lives, in words short enough for a notice."""
        return key

    def set_aside(self, key: str, why: str = "damaged") -> str | None:
        """Move a document out of the way, keeping its bytes; returns its name.
        ``why`` is "damaged", or "kept" for a sound one that a new one replaces."""
        check_key(key)
        self._unsaved.pop(key, None)
        if key in self._held:
            return None  # the newer version's document stays where that version looks
        try:
            return self._aside(key, why)
        except Exception as exc:
            self.notify(f"The game could not set damaged data aside ({_reason(exc)}).")
            try:
                self._delete(key)
            except Exception:
                pass
            return None

    def damaged_copies(self) -> dict[str, str]:
        """Every copy set aside so far, by name: the player (or a test) can look."""
        try:
            return self._aside_copies()
        except Exception:
            return {}

    def clear(self) -> None:
        """Remove every piece of data of the game, damaged copies included."""
        self._unsaved.clear()
        try:
            self._clear()
        except Exception as exc:
            self.notify(f"The game could not remove all of its data ({_reason(exc)}).")

    # --- backend primitives: these may raise --------------------------------------------

    def _get(self, key: str) -> str | None:
        raise NotImplementedError

    def _set(self, key: str, text: str) -> None:
        raise NotImplementedError

    def _delete(self, key: str) -> None:
        raise NotImplementedError

    def _keys(self) -> Iterable[str]:
        raise NotImplementedError

    def _aside(self, key: str, why: str) -> str | None:
        raise NotImplementedError

    def _aside_copies(self) -> dict[str, str]:
        raise NotImplementedError

    def _clear(self) -> None:
        raise NotImplementedError


class KeyValueStore(Store):
    """Over any object shaped like the browser's Web Storage (getItem, setItem, ...).

    Keys carry the game's name, so other games on the same site keep their own data,
    and a damaged document is copied under ``spades/damaged/<key>/<time>``.

    Every write is read back and compared. A browser refuses a write that does not fit
    (QuotaExceededError); pygbag's bridge (browsermodule.c) raises a Python exception
    for a JavaScript one, but a bridge that swallows it returns nothing at all, and a
    save would be lost without a word. Read back, a refused write is noticed whatever
    the bridge does, and told as any failed write is.
    """

    def __init__(self, storage: Any) -> None:
        super().__init__()
        self.storage = storage

    def _raw_keys(self) -> list[str]:
        storage = self.storage
        names = [storage.key(i) for i in range(int(storage.length))]
        return [n for n in names if isinstance(n, str) and n.startswith(PREFIX)]

    def _get(self, key: str) -> str | None:
        value = self.storage.getItem(PREFIX + key)
        return value if isinstance(value, str) else None

    def _set(self, key: str, text: str) -> None:
        self.storage.setItem(PREFIX + key, text)
        self._check_kept(PREFIX + key, text)

    def _check_kept(self, name: str, text: str) -> None:
        back = self.storage.getItem(name)
        if not isinstance(back, str) or back != text:
            raise WriteNotKept("the browser did not keep it")

    def _delete(self, key: str) -> None:
        self.storage.removeItem(PREFIX + key)

    def _keys(self) -> Iterable[str]:
        for name in self._raw_keys():
            key = name[len(PREFIX):]
            if _KEY.match(key):
                yield key

    def place(self, key: str) -> str:
        return PREFIX + key

    def _aside(self, key: str, why: str) -> str | None:
        text = self._get(key)
        if text is None:
            return None
        taken = set(self._raw_keys())
        base = f"{DAMAGED_PREFIX if why == 'damaged' else KEPT_PREFIX}{key}/{_stamp()}"
        name, n = base, 1
        while name in taken:
            n += 1
            name = f"{base}-{n}"
        self.storage.setItem(name, text)
        self._check_kept(name, text)  # the copy is there before the original goes
        self._delete(key)
        return name

    def _aside_copies(self) -> dict[str, str]:
        copies = {}
        for name in self._raw_keys():
            if name.startswith(DAMAGED_PREFIX):
                value = self.storage.getItem(name)
                if isinstance(value, str):
                    copies[name] = value
        return copies

    def _clear(self) -> None:
        for name in self._raw_keys():
            self.storage.removeItem(name)


class DictStorage:
    """A Web-Storage-shaped dict; ``limit`` (characters) plays the part of a quota."""

    def __init__(self, limit: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.limit = limit

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, name: str) -> str | None:
        return self.items.get(name)

    def setItem(self, name: str, value: str) -> None:
        if self.limit is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != name)
            if used + len(name) + len(value) > self.limit:
                raise StorageFull("the storage is full")
        self.items[name] = str(value)

    def removeItem(self, name: str) -> None:
        self.items.pop(name, None)


class MemoryStore(KeyValueStore):
    """Nothing outlives the process: tests, and the fallback when storage is refused."""

    def __init__(self, storage: DictStorage | None = None, *, problem: str | None = None):
        super().__init__(storage if storage is not None else DictStorage())
        self.problem = problem
        if problem:
            self.notify(problem)


class LocalStorageStore(KeyValueStore):
    kind = "browser"
    lost = "are lost when you close the tab"
    where = (
        "in this browser's storage for this site; clearing the browser's site data "
        "removes them"
    )


class FileStore(Store):
    """One JSON file a document in a folder of the player's own.

    A write goes to a temporary file in the same folder and is renamed over the old
    one (atomic on every desktop system), so a crash at any moment leaves either the
    old document or the new one, never half of one. ``durable`` adds an fsync before
    the rename, which also survives a power cut, at a cost the bench measures.
    """

    kind = "files"

    def __init__(self, folder: Path | str, *, durable: bool = True) -> None:
        super().__init__()
        self.folder = Path(folder)
        self.durable = durable
        self.where = f"in the folder {self.folder}"
        self.lost = "are lost when you quit"

    def path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def _get(self, key: str) -> str | None:
        try:
            data = self.path(key).read_bytes()
        except FileNotFoundError:
            return None
        # Undecodable bytes survive as surrogates, so the reader can call them damage.
        return data.decode("utf-8", errors="surrogateescape")

    def _set(self, key: str, text: str) -> None:
        data = text.encode("utf-8", errors="surrogateescape")
        temp = self.folder / f".{key}.{os.getpid()}.tmp"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                if self.durable:
                    os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temp, self.path(key))
        except BaseException:
            try:
                os.unlink(temp)
            except OSError:
                pass
            raise

    def _delete(self, key: str) -> None:
        try:
            os.unlink(self.path(key))
        except FileNotFoundError:
            pass

    def _keys(self) -> Iterable[str]:
        for name in os.listdir(self.folder):
            found = _DOC_FILE.match(name)
            if found:
                yield found.group(1)

    def place(self, key: str) -> str:
        return f"{key}.json in {self.folder}"

    def _aside(self, key: str, why: str) -> str | None:
        source = self.path(key)
        if not source.exists():
            return None
        base = f"{key}.{'damaged' if why == 'damaged' else 'kept'}-{_stamp()}"
        name, n = f"{base}.json", 1
        while (self.folder / name).exists():
            n += 1
            name = f"{base}-{n}.json"
        os.replace(source, self.folder / name)
        return name

    def _aside_copies(self) -> dict[str, str]:
        return {
            name: (self.folder / name).read_bytes().decode("utf-8", errors="surrogateescape")
            for name in sorted(os.listdir(self.folder))
            if _DAMAGED_FILE.match(name)
        }

    def _clear(self) -> None:
        # Only names this game writes: the folder may be one the player chose.
        for name in os.listdir(self.folder):
            if _DOC_FILE.match(name) or _DAMAGED_FILE.match(name) or _TEMP_FILE.match(name) \
                    or _KEPT_FILE.match(name):
                os.unlink(self.folder / name)

    def remove_stale_temp_files(self) -> None:
        """Temp files a crash left behind; young ones may belong to a running game."""
        now = time.time()
        for name in os.listdir(self.folder):
            if _TEMP_FILE.match(name):
                path = self.folder / name
                try:
                    if now - path.stat().st_mtime > _STALE_TEMP_SECONDS:
                        path.unlink()
                except OSError:
                    pass


# --- choosing a backend at start-up -------------------------------------------------------


def data_dir() -> Path:
    """The player's data folder: SPADES_DATA_DIR, else platformdirs' choice.

    platformdirs is imported here and only here, so the browser build never needs it.
    """
    override = os.environ.get("SPADES_DATA_DIR", "").strip()
    if override:
        return Path(override).expanduser()
    try:
        from platformdirs import user_data_dir
    except ImportError:
        return Path.home() / ".local" / "share" / GAME_NAME
    return Path(user_data_dir(GAME_NAME, appauthor=False))


def open_file_store(folder: Path | str | None = None, *, durable: bool = True) -> Store:
    """Files in ``folder`` (default :func:`data_dir`), or memory if it cannot be written."""
    try:
        folder = Path(folder) if folder is not None else data_dir()
    except Exception as exc:  # no home folder at all
        return MemoryStore(problem=_files_refused("the data folder", exc))
    store = FileStore(folder, durable=durable)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".probe.{os.getpid()}.tmp"
        probe.write_bytes(b"{}")
        probe.unlink()
        os.listdir(folder)
    except OSError as exc:
        return MemoryStore(problem=_files_refused(str(folder), exc, _documents_in(folder)))
    store.remove_stale_temp_files()
    return store


def _documents_in(folder: Path) -> list[str]:
    """The game's documents a folder holds (none when it cannot even be listed)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(found.group(1) for found in map(_DOC_FILE.match, names) if found)


def _files_refused(where: str, exc: BaseException, found: list[str] = ()) -> str:
    # Saves already in a folder the game cannot write are not loaded (a session that
    # cannot save them would part them from the files): say so, or the missing
    # Continue reads as a lost match.
    kept = ""
    if found:
        titles = [title_of(key) for key in found]
        listed = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
        kept = (f" {listed[0].upper()}{listed[1:]} there {'was' if len(found) == 1 else 'were'} "
                "not loaded; the files are untouched and load again once the game can "
                "write there.")
    return (
        f"Saving is off: the game cannot write to {where} ({_reason(exc)}).{kept} "
        "Your match lasts until you quit."
    )


BROWSER_REFUSED = (
    "Saving is off: this browser refuses storage. Your match lasts until you close the tab."
)


def open_local_storage(storage: Any) -> Store:
    """The browser's local storage, or memory when the browser refuses it.

    A third-party iframe or a private window may throw on any access, or quietly
    give a storage that refuses writes, so this writes, reads back and removes a probe
    first.
    """
    if storage is None:
        return MemoryStore(problem=BROWSER_REFUSED)
    store = LocalStorageStore(storage)
    try:
        probe = PREFIX + ".probe"
        storage.setItem(probe, "1")
        store._check_kept(probe, "1")
        storage.removeItem(probe)
        store._raw_keys()
    except Exception:
        return MemoryStore(problem=BROWSER_REFUSED)
    return store


def open_store() -> Store:
    """The backend for where the game runs: the page's local storage in a browser
    (pygbag's runtime, or Pyodide in the browser test), else files."""
    from .. import platform

    if platform.in_browser():
        return open_local_storage(platform.local_storage())
    return open_file_store()
