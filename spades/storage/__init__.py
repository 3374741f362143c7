"""Saves, settings, statistics and Journey progress on the player's device.

Imports only the engine and the standard library (and, on desktop only, platformdirs,
lazily), so the browser build and the tests never need pygame here. The interface
calls :func:`open_store` once at start-up and passes the store to the functions
below; it shows ``store.take_notices()`` to the player once each.
"""

from .documents import DocumentError
from .journey import JOURNEY_FORMAT, JourneyProgress, load_journey, save_journey
from .saves import (
    SAVE_FORMAT,
    MatchSummary,
    SavedMatch,
    StaleSave,
    check_documents,
    clear_match,
    keep_match_aside,
    load_match,
    match_summary,
    save_match,
    saved_revision,
    write_match,
)
from .settings import (
    ANIMATION_SPEEDS,
    CUSTOM,
    SETTINGS_FORMAT,
    SPEECH_RATES,
    STRENGTHS,
    Settings,
    load_settings,
    preset_name,
    save_settings,
)
from .statistics import (
    STATS_FORMAT,
    RecentMatch,
    Record,
    Statistics,
    load_statistics,
    save_statistics,
)
from .store import (
    FileStore,
    LocalStorageStore,
    MemoryStore,
    Store,
    data_dir,
    open_file_store,
    open_local_storage,
    open_store,
)
from .transfer import EXPORT_FORMAT, clear_all, export_all, import_all, import_file

__all__ = [
    "ANIMATION_SPEEDS", "CUSTOM", "EXPORT_FORMAT", "JOURNEY_FORMAT", "SAVE_FORMAT",
    "SETTINGS_FORMAT", "SPEECH_RATES", "STATS_FORMAT", "STRENGTHS", "DocumentError",
    "FileStore",
    "JourneyProgress", "LocalStorageStore", "MatchSummary", "MemoryStore", "RecentMatch",
    "Record", "SavedMatch", "Settings", "StaleSave", "check_documents", "keep_match_aside",
    "saved_revision", "write_match", "Statistics", "Store", "clear_all", "clear_match",
    "data_dir", "export_all", "import_all", "import_file", "load_journey", "load_match",
    "load_settings", "load_statistics", "match_summary", "open_file_store", "open_local_storage",
    "open_store", "preset_name", "save_journey", "save_match", "save_settings",
    "save_statistics",
]
