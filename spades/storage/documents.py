"""Versioned JSON documents: safe parsing, migration, and setting damage aside.

Every document is a JSON object whose "format" names its kind and version. Reading
goes through one path whether the text comes from the player's own storage or from
an imported file, so a hostile file meets the same checks as a damaged save: a size
cap before parsing, no floats or huge numbers, bounded nesting, no duplicate keys,
then the kind's own validation. Nothing is ever evaluated, and nothing is pickled.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .store import TITLES, Store

MAX_TEXT = 2_000_000  # characters; a long match's save is about 10 kB
MAX_DEPTH = 12
MAX_INT_DIGITS = 10
MAX_INT = 10**9
MAX_STRING = 10_000
MAX_NODES = 100_000
MAX_MIGRATIONS = 20


class DocumentError(ValueError):
    """A document that cannot be used; the message is a plain-words reason."""


def _read_int(text: str) -> int:
    # Refuse by length before converting: converting thousands of digits is slow.
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise DocumentError("it holds a number far too large for the game")
    return int(text)


def _no_float(text: str) -> Any:
    raise DocumentError(f"it holds a number the game never writes ({text})")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise DocumentError("it names the same field twice")
    return result


def parse_json(text: str | bytes) -> Any:
    """Parse untrusted JSON text into plain values, refusing anything the game never writes."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_TEXT:
            raise DocumentError(_too_large())
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DocumentError("it is not UTF-8 text") from None
    if not isinstance(text, str):
        raise DocumentError("it is not text")
    if len(text) > MAX_TEXT:
        raise DocumentError(_too_large())
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise DocumentError("it is not UTF-8 text") from None
    try:
        value = json.loads(
            text,
            parse_int=_read_int,
            parse_float=_no_float,
            parse_constant=_no_float,
            object_pairs_hook=_object,
        )
    except DocumentError:
        raise
    except RecursionError:
        raise DocumentError("it is nested far too deeply") from None
    except ValueError as exc:
        raise DocumentError(f"it is not valid JSON ({exc})") from None
    check_plain(value)
    return value


def read_regular_file(path: str | os.PathLike, limit: int = MAX_TEXT) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or OSError in plain words.

    Only a regular file is read: a device (/dev/zero never ends), a FIFO (its open
    waits for a writer, for ever) or a folder is refused before a byte is read, and at
    most ``limit + 1`` bytes are read whatever the file's size claims (/proc files say
    0), so no input can freeze the game or fill its memory.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)  # non-blocking: a FIFO opens at once instead of waiting
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "it is not a regular file (a folder, device or pipe)")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise OSError(errno.EFBIG, f"it is larger than {_size_words(limit)}, far more "
                      "than the game ever writes")
    return b"".join(chunks)


def _size_words(limit: int) -> str:
    return f"{limit // 1_000_000} MB" if limit >= 1_000_000 else f"{limit // 1000} kB"


def _too_large() -> str:
    return f"it is larger than {MAX_TEXT // 1_000_000} MB, far more than the game ever writes"


def check_plain(value: Any) -> None:
    """Bounds on shape: plain JSON types, shallow, small numbers, short strings."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    nodes = 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise DocumentError("it holds far more data than the game ever writes")
        if depth > MAX_DEPTH:
            raise DocumentError("it is nested far too deeply")
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, int):
            if not -MAX_INT <= item <= MAX_INT:
                raise DocumentError("it holds a number far too large for the game")
        elif isinstance(item, str):
            if len(item) > MAX_STRING:
                raise DocumentError("it holds a text far longer than the game writes")
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, dict):
            for k, v in item.items():
                if not isinstance(k, str) or len(k) > 100:
                    raise DocumentError("it holds a field name the game never writes")
                stack.append((v, depth + 1))
        else:
            raise DocumentError(f"it holds a value the game never writes ({type(item).__name__})")


def dump_json(doc: Any) -> str:
    """Compact, ASCII-only text: smallest to write, and safe in any storage."""
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


# --- helpers for the kinds' validators ----------------------------------------------------


def expect_fields(doc: Any, required: set[str], optional: set[str] = frozenset()) -> dict:
    """An object with exactly the known fields: an unknown one means another program's
    document, or tampering, and guessing its meaning would be worse than refusing."""
    if not isinstance(doc, dict):
        raise DocumentError("it is not a JSON object")
    missing = sorted(required - set(doc))
    if missing:
        raise DocumentError(f"it lacks the field {missing[0]!r}")
    unknown = sorted(set(doc) - required - set(optional))
    if unknown:
        raise DocumentError(f"it has an unknown field {unknown[0]!r}")
    return doc


def expect_bool(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise DocumentError(f"{name} must be true or false")
    return value


def expect_count(value: Any, name: str) -> int:
    if type(value) is not int or value < 0:
        raise DocumentError(f"{name} must be a whole number, not negative")
    return value


def expect_choice(value: Any, choices: tuple[str, ...], name: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise DocumentError(f"{name} must be one of {', '.join(choices)}")
    return value


# --- kinds of document ------------------------------------------------------------------


@dataclass(frozen=True)
class DocumentKind:
    """How one kind of document is stored, checked, and brought up to date.

    ``migrations`` maps an older format to a function returning the document in the
    next format; loading applies them in turn until the current format is reached.
    """

    key: str  # the store key, also the key in an export
    title: str  # plain words for notices: "your saved match"
    current: str  # the format this version writes
    read: Callable[[dict[str, Any]], Any]  # current-format document -> value
    dump: Callable[[Any], dict[str, Any]]  # value -> current-format document
    migrations: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = field(
        default_factory=dict
    )


KINDS: dict[str, DocumentKind] = {}


def register(kind: DocumentKind) -> DocumentKind:
    KINDS[kind.key] = kind
    TITLES[kind.key] = kind.title
    return kind


def migrate(kind: DocumentKind, doc: Any) -> dict[str, Any]:
    """Bring a document of any known older format up to the current one."""
    if not isinstance(doc, dict):
        raise DocumentError("it is not a JSON object")
    for _ in range(MAX_MIGRATIONS):
        fmt = doc.get("format")
        if fmt == kind.current:
            return doc
        step = kind.migrations.get(fmt) if isinstance(fmt, str) else None
        if step is None:
            if is_newer(fmt, kind.current):
                raise DocumentError(
                    f"it was made by a newer version of the game ({fmt}; this version "
                    f"reads {kind.current})"
                )
            raise DocumentError(
                f"its format {fmt!r} is unknown to this version of the game "
                f"(it reads {kind.current})"
            )
        doc = step(doc)
        if not isinstance(doc, dict):
            raise DocumentError("it could not be brought up to date")
    raise DocumentError("it could not be brought up to date")


def read_document(kind: DocumentKind, doc: Any) -> Any:
    """Migrate and validate one parsed document; every failure is a DocumentError."""
    try:
        return kind.read(migrate(kind, doc))
    except DocumentError:
        raise
    except RecursionError:
        raise DocumentError("it is nested far too deeply") from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        # The engine's SaveError and RulesError are ValueErrors with readable text.
        raise DocumentError(str(exc) or type(exc).__name__) from None


_VERSIONED = re.compile(r"^([a-z][a-z-]*)/([0-9]{1,6})$")


def is_newer(fmt: Any, current: str) -> bool:
    """Whether ``fmt`` is a later version of the kind ``current`` names
    ("spades-save/2" against "spades-save/1")."""
    theirs = _VERSIONED.match(fmt) if isinstance(fmt, str) else None
    ours = _VERSIONED.match(current)
    return bool(theirs and ours and theirs.group(1) == ours.group(1)
                and int(theirs.group(2)) > int(ours.group(2)))


def load(store: Store, kind: DocumentKind) -> Any | None:
    """The stored value, or None when there is none, it was damaged, or a newer
    version of the game wrote it.

    A damaged or unknown document is set aside, never deleted, and the player is told
    where it went; the game then starts clean. A newer version's document is left
    where it is (the store holds it: this session's changes stay in memory) and the
    player is told that version finds it again. A migrated document is written back in
    the current format so the migration runs once.
    """
    text = store.read_text(kind.key)
    if text is None:
        return None
    try:
        doc = parse_json(text)
        old_format = doc.get("format") if isinstance(doc, dict) else None
        if is_newer(old_format, kind.current):
            # Not damage: a later version of the game wrote it. It stays where it is,
            # for that version to find again; this session keeps its own in memory.
            if store.hold(kind.key):
                title = f"{kind.title[0].upper()}{kind.title[1:]}"
                store.notify(
                    f"{title} was made by a newer version of the game ({old_format}); this "
                    f"version cannot read it and leaves it untouched in {store.place(kind.key)}, "
                    f"where that version finds it again. Changes to {kind.title} made in "
                    f"this version {store.lost}."
                )
            return None
        value = read_document(kind, doc)
    except DocumentError as exc:
        name = store.set_aside(kind.key)
        kept = f" A copy was kept as {name}." if name else ""
        store.notify(
            f"{kind.title[0].upper()}{kind.title[1:]} could not be read: {exc}.{kept} "
            "The game starts clean."
        )
        return None
    if old_format != kind.current:
        save(store, kind, value)
    return value


def save(store: Store, kind: DocumentKind, value: Any) -> bool:
    return store.write_text(kind.key, dump_json(kind.dump(value)))
