"""Everything the game keeps, as one JSON file to take elsewhere, and back.

An import is checked whole before anything is written: a refused file changes nothing.
It goes through the same reader as the game's own storage (size cap before parsing,
bounded numbers and nesting, known fields only, each document's validation, the
match replayed through the engine's rules), and nothing in it is ever executed.

``spades-export/1``::

    {"format": "spades-export/1", "exported_at": "2025-01-01T12:00:00+00:00",
     "documents": {"settings": {...}, "match": {...}, "statistics": {...},
                   "journey": {...}}}
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import journey, saves, settings, statistics  # noqa: F401 - each registers its kind
from .documents import (
    KINDS,
    DocumentError,
    dump_json,
    expect_fields,
    load,
    parse_json,
    read_document,
    read_regular_file,
)
from .store import Store

EXPORT_FORMAT = "spades-export/1"
ORDER = ("settings", "match", "statistics", "journey")


def export_all(store: Store) -> str:
    """One JSON text with every document, each in its current format."""
    documents: dict[str, Any] = {}
    for key in ORDER:
        kind = KINDS[key]
        value = load(store, kind)
        if value is not None:
            documents[key] = kind.dump(value)
    doc = {
        "format": EXPORT_FORMAT,
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "documents": documents,
    }
    return dump_json(doc)


def _read_export(text: str | bytes) -> dict[str, Any]:
    doc = parse_json(text)
    if not isinstance(doc, dict):
        raise DocumentError("it is not a Spades export")
    if doc.get("format") != EXPORT_FORMAT:
        raise DocumentError(
            f"it is not a Spades export this version reads (format {doc.get('format')!r}, "
            f"expected {EXPORT_FORMAT})"
        )
    expect_fields(doc, {"format", "exported_at", "documents"})
    exported_at = doc["exported_at"]
    try:
        if not isinstance(exported_at, str):
            raise ValueError
        datetime.fromisoformat(exported_at)
    except ValueError:
        raise DocumentError("its export date is not a date") from None
    documents = doc["documents"]
    if not isinstance(documents, dict):
        raise DocumentError("its documents must be an object")
    values = {}
    for key, value in documents.items():
        kind = KINDS.get(key)
        if kind is None:
            raise DocumentError(f"it holds an unknown document {key!r}")
        try:
            values[key] = read_document(kind, value)
        except DocumentError as exc:
            what = kind.title.replace("your ", "the ", 1)
            raise DocumentError(f"{what} in it cannot be used: {exc}") from None
    return values


def import_all(store: Store, text: str | bytes) -> tuple[bool, str]:
    """Replace the documents the file holds; (False, why) changes nothing.

    Documents the file does not hold are kept: importing settings alone does not
    throw away the match in progress.
    """
    try:
        values = _read_export(text)
    except DocumentError as exc:
        return False, f"This file was not imported: {exc}. Nothing was changed."
    if not values:
        return False, "This file holds nothing to import. Nothing was changed."
    texts = {key: dump_json(KINDS[key].dump(values[key])) for key in ORDER if key in values}
    refused = [key for key, body in texts.items() if not store.write_text(key, body)]
    titles = _join([KINDS[key].title for key in texts])
    if refused:
        return True, (
            f"Imported {titles} for this session, but the storage refused to keep "
            f"{_join([KINDS[key].title for key in refused])}."
        )
    return True, f"Imported {titles}."


def import_file(store: Store, path: str | os.PathLike) -> tuple[bool, str]:
    """:func:`import_all` of a file on this device: a regular file only, read bounded
    (a device, a FIFO or a folder is refused before anything waits or fills memory)."""
    name = Path(path).name or str(path)
    try:
        data = read_regular_file(path)
    except OSError as exc:
        return False, f"Could not read {name}: {exc.strerror or exc}. Nothing was changed."
    return import_all(store, data)


def clear_all(store: Store) -> None:
    """Remove every piece of the game's data on this device (ask the player first)."""
    store.clear()


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
