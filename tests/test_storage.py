"""Storage: one suite over every backend, exact resumes, crashes, and hostile imports."""

from __future__ import annotations

import json
import os
import platform
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from storage_support import (
    NAMES,
    STRENGTHS,
    FakeLocalStorage,
    FileBackend,
    LocalBackend,
    MemoryBackend,
    played,
)

from spades.engine.actions import LOOK, Bid
from spades.engine.match import BIDDING, OVER, PLAYING, Match, deal_hands, seal
from spades.engine.rules import PRESETS, STANDARD
from spades.storage import (
    CUSTOM,
    DocumentError,
    FileStore,
    JourneyProgress,
    LocalStorageStore,
    MemoryStore,
    Settings,
    Statistics,
    clear_all,
    clear_match,
    data_dir,
    export_all,
    import_all,
    load_journey,
    load_match,
    load_settings,
    load_statistics,
    match_summary,
    open_file_store,
    open_local_storage,
    open_store,
    save_journey,
    save_match,
    save_settings,
    save_statistics,
)
from spades.storage.documents import MAX_TEXT

ROOT = Path(__file__).resolve().parent.parent


# --- backends -------------------------------------------------------------------------


class SwallowingBridge:
    """localStorage seen through a bridge that swallows JavaScript's exceptions: a call
    that throws returns None (JavaScript's undefined), as if it worked. pygbag's bridge
    (browsermodule.c in pygame-web/pygbag) raises a Python exception for a JavaScript
    one and returns a str for a string; this is the other behaviour the adapter must
    survive."""

    def __init__(self, storage: FakeLocalStorage) -> None:
        self.storage = storage

    def __getattr__(self, name: str):
        def swallowed(*args):
            try:
                value = getattr(self.storage, name)
                return value(*args) if callable(value) else value
            except Exception:
                return None
        return swallowed if callable(getattr(type(self.storage), name, None)) else swallowed()


class SwallowedLocalBackend(LocalBackend):
    name = "local-swallowed"

    def open(self):
        store = open_local_storage(SwallowingBridge(self.medium))
        assert isinstance(store, LocalStorageStore), store.problem
        return store

    def open_refused(self):
        return open_local_storage(SwallowingBridge(FakeLocalStorage(refuse=True)))


BACKENDS = {"memory": MemoryBackend, "files": FileBackend, "local": LocalBackend,
            "local-swallowed": SwallowedLocalBackend}


@pytest.fixture(params=list(BACKENDS))
def backend(request, tmp_path):
    return BACKENDS[request.param](tmp_path)


def finished(seed: int, rules=None) -> Match:
    """A match played to its end with random legal actions."""
    match = Match(rules or STANDARD.with_options(target=60, mercy=-60), seed)
    rng = random.Random(seed)
    while not match.is_over:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match


def stats_of(*games: tuple[int, bool, str]) -> Statistics:
    """Statistics after finished matches given as (seed, practice, preset)."""
    stats = Statistics()
    for seed, practice, preset in games:
        match = finished(seed)
        stats = stats.record_match(match.history, match.winner, practice, preset)
    return stats


JOURNEY = JourneyProgress().start("j1").win(0, "j1", 8).win(1, "j2", 8).start("j3")


def snapshot(store) -> tuple:
    return (
        {key: store.read_text(key) for key in store.keys()},
        store.damaged_copies(),
    )


# --- the shared suite -------------------------------------------------------------------


def test_round_trip(backend):
    store = backend.open()
    settings = Settings(
        opponents_strength="hard", partner_strength="easy", player_name="Zoë",
        animation_speed="fast", four_colour=True, sound=False, coach=True,
    ).with_rules(STANDARD.with_options(target=300, bag_limit=5))
    stats = stats_of((1, False, "classic"), (2, True, "custom"), (3, False, "custom"))
    match = played(3, 70)
    assert save_settings(store, settings)
    assert save_statistics(store, stats)
    assert save_match(store, match, True, NAMES, STRENGTHS)
    assert save_journey(store, JOURNEY)
    assert store.keys() == ["journey", "match", "settings", "statistics"]

    again = backend.open()
    assert load_settings(again) == settings
    assert load_settings(again).preset == CUSTOM
    assert load_statistics(again) == stats
    assert load_journey(again) == JOURNEY
    saved = load_match(again)
    assert saved is not None
    assert saved.match.state() == match.state()
    assert saved.match.to_json() == match.to_json()
    assert (saved.practice, saved.names, saved.strengths) == (True, NAMES, STRENGTHS)
    assert again.take_notices() == [] and again.problem is None
    clear_match(again)
    assert load_match(backend.open()) is None


def test_nothing_saved_gives_defaults(backend):
    store = backend.open()
    assert load_settings(store) == Settings()
    assert load_statistics(store) == Statistics()
    assert load_journey(store) == JourneyProgress(unlocked=1, won=(), current=None)
    assert load_match(store) is None and match_summary(store) is None
    assert store.take_notices() == []


V1_SETTINGS = {
    "format": "spades-settings/1", "preset": "classic", "strength": "hard",
    "player_name": "Old", "animation_speed": "slow", "four_colour": True, "sound": False,
}


def test_older_settings_are_migrated_and_rewritten(backend):
    backend.put_raw("settings", json.dumps(V1_SETTINGS))
    store = backend.open()
    settings = load_settings(store)
    assert settings == Settings(
        preset="classic", rules=PRESETS["classic"], opponents_strength="hard",
        partner_strength="hard", player_name="Old", animation_speed="slow",
        four_colour=True, sound=False, coach=False, demo_done=True,
    )
    assert json.loads(backend.raw("settings"))["format"] == "spades-settings/6"
    assert store.take_notices() == [] and store.damaged_copies() == {}
    assert load_settings(backend.open()) == settings


def test_settings_without_a_face_get_the_default_one(backend):
    v2 = {k: v for k, v in Settings(player_name="Two", coach=True).to_json().items()
          if k not in ("avatar", "computer_names", "announcements",
                       "announcements_offered", "speech_rate", "demo_done")}
    backend.put_raw("settings", json.dumps({**v2, "format": "spades-settings/2"}))
    settings = load_settings(backend.open())
    assert settings == Settings(player_name="Two", coach=True, demo_done=True)
    assert (settings.avatar_shape, settings.avatar_colour) == ("spade", "gold")
    assert json.loads(backend.raw("settings"))["avatar"] == {"shape": "spade",
                                                              "colour": "gold"}
    assert settings.computer_names == ("Wren", "Noor", "Eli")


def test_settings_without_announcements_start_with_them_off_and_not_yet_offered(backend):
    v3 = {k: v for k, v in Settings(player_name="Three", avatar_shape="moon").to_json().items()
          if not k.startswith("announcements") and k not in ("speech_rate", "demo_done")}
    backend.put_raw("settings", json.dumps({**v3, "format": "spades-settings/3"}))
    settings = load_settings(backend.open())
    assert settings == Settings(player_name="Three", avatar_shape="moon", demo_done=True)
    assert (settings.announcements, settings.announcements_offered) == (False, False)
    saved = json.loads(backend.raw("settings"))
    assert saved["format"] == "spades-settings/6" and saved["announcements"] is False
    # A v3 document that already has the new field is not a v3 document: refused.
    backend.put_raw("settings", json.dumps({**v3, "format": "spades-settings/3",
                                            "announcements": True}))
    assert load_settings(backend.open()) == Settings()


def test_settings_without_a_speech_rate_read_at_150_words_a_minute(backend):
    v4 = {k: v for k, v in Settings(announcements=True).to_json().items()
          if k not in ("speech_rate", "demo_done")}
    backend.put_raw("settings", json.dumps({**v4, "format": "spades-settings/4"}))
    settings = load_settings(backend.open())
    assert settings == Settings(announcements=True, demo_done=True)
    assert settings.speech_rate == 150
    assert json.loads(backend.raw("settings"))["speech_rate"] == 150
    store = backend.open()
    save_settings(store, Settings(speech_rate=300))
    assert load_settings(backend.open()).speech_rate == 300
    for bad in (200, "300", 300.0, True):
        with pytest.raises(DocumentError):
            Settings(speech_rate=bad)


def test_settings_before_demo_done_are_a_returning_players(backend):
    """v5 settings were saved by a player who has been here: the first visit's
    suggestion of the demonstration is not made to them; a new player's defaults make
    it, and once done it stays done."""
    v5 = {k: v for k, v in Settings(speech_rate=300).to_json().items() if k != "demo_done"}
    backend.put_raw("settings", json.dumps({**v5, "format": "spades-settings/5"}))
    settings = load_settings(backend.open())
    assert settings == Settings(speech_rate=300, demo_done=True)
    assert json.loads(backend.raw("settings"))["demo_done"] is True
    assert Settings().demo_done is False
    store = backend.open()
    save_settings(store, Settings(demo_done=False))
    assert load_settings(backend.open()).demo_done is False
    with pytest.raises(DocumentError):
        Settings(demo_done="yes")


def test_announcements_round_trip_and_must_be_true_or_false(backend):
    store = backend.open()
    save_settings(store, Settings(announcements=True, announcements_offered=True))
    loaded = load_settings(backend.open())
    assert loaded.announcements and loaded.announcements_offered
    bad = {**Settings().to_json(), "announcements": "yes"}
    backend.put_raw("settings", json.dumps(bad))
    assert load_settings(backend.open()) == Settings()


def test_the_players_face_round_trips_and_a_bad_one_is_refused(backend):
    store = backend.open()
    save_settings(store, Settings(avatar_shape="moon", avatar_colour="teal"))
    assert load_settings(backend.open()).avatar_shape == "moon"
    bad = {**Settings().to_json(), "avatar": {"shape": "dragon", "colour": "teal"}}
    backend.put_raw("settings", json.dumps(bad))
    assert load_settings(backend.open()) == Settings()
    for names in (["A", "B"], ["A", "", "C"], ["A", "B", "x" * 50], "ABC"):
        bad = {**Settings().to_json(), "computer_names": names}
        backend.put_raw("settings", json.dumps(bad))
        assert load_settings(backend.open()) == Settings(), names


V1_STATS = {
    "format": "spades-stats/1",
    "presets": {
        "standard": {"matches_played": 7, "matches_won": 4, "hands_played": 93},
        "custom": {"matches_played": 2, "matches_won": 0, "hands_played": 11},
    },
}


def test_older_statistics_are_migrated_keeping_the_numbers(backend):
    backend.put_raw("statistics", json.dumps(V1_STATS))
    store = backend.open()
    stats = load_statistics(store)
    assert store.take_notices() == [] and store.damaged_copies() == {}
    for name, counts in V1_STATS["presets"].items():
        record = stats.presets[name]
        assert (record.matches_played, record.matches_won, record.hands_played) == (
            counts["matches_played"], counts["matches_won"], counts["hands_played"])
        assert record.contracts_made == record.nils_tried == record.points_scored == 0
    assert stats.practice == {} and stats.recent == ()
    assert (stats.total.matches_played, stats.total.hands_played) == (9, 104)
    doc = json.loads(backend.raw("statistics"))
    assert doc["format"] == "spades-stats/2"
    assert doc["presets"]["standard"]["matches_won"] == 4
    again = load_statistics(backend.open())
    assert again == stats
    # and the next match adds to the old numbers
    match = finished(4)
    more = again.record_match(match.history, match.winner, False, "standard")
    assert more.presets["standard"].matches_played == 8
    assert more.presets["standard"].hands_played == 93 + len(match.history)


def _illegal_log_save() -> str:
    match = played(4, 30)
    text = json.loads(json.dumps(_save_doc(match)))
    plays = [i for i, a in enumerate(text["match"]["actions"]) if isinstance(a, str) and
             len(a) == 2]
    first = plays[0]
    text["match"]["actions"][first + 1] = text["match"]["actions"][first]  # played twice
    seal(text["match"])  # a matching checksum, so the replay itself must refuse it
    return json.dumps(text)


def _save_doc(match: Match) -> dict:
    store = MemoryStore()
    save_match(store, match, False, NAMES, STRENGTHS)
    return json.loads(store.read_text("match"))


DAMAGED = {
    "not json": ("settings", '{"format": "spades-settings/2", '),
    "wrong types": (
        "settings", json.dumps({**Settings().to_json(), "sound": "yes"}),
    ),
    "unknown format": ("settings", json.dumps({"format": "spades-settings/beta"})),
    "illegal action log": ("match", _illegal_log_save()),
    "older unknown save format": ("match", json.dumps({"format": "spades-save/0", "match": {}})),
    "bad statistics": (
        "statistics",
        json.dumps({"format": "spades-stats/1", "presets": {"standard": {
            "matches_played": 1, "matches_won": 2, "hands_played": 3}}}),
    ),
    "bad statistics v2": (
        "statistics",
        json.dumps({**stats_of((5, False, "standard")).to_json(), "practice": {"guide": {
            **stats_of((5, False, "standard")).presets["standard"].to_json(),
            "nils_made": 99}}}),
    ),
    "bad journey": (
        "journey", json.dumps({**JOURNEY.to_json(), "won": ["j1", "j1"]}),
    ),
}
LOADERS = {"settings": load_settings, "match": load_match, "statistics": load_statistics,
           "journey": load_journey}


@pytest.mark.parametrize("case", list(DAMAGED))
def test_damaged_document_is_set_aside_and_kept(backend, case):
    key, text = DAMAGED[case]
    backend.put_raw(key, text)
    store = backend.open()
    value = LOADERS[key](store)
    assert value in (None, Settings(), Statistics(), JourneyProgress())
    notices = store.take_notices()
    assert len(notices) == 1 and "could not be read" in notices[0]
    assert "starts clean" in notices[0]
    copies = store.damaged_copies()
    assert list(copies.values()) == [text]
    assert list(copies)[0] in notices[0]
    assert key not in store.keys() and backend.raw(key) is None

    again = backend.open()  # the copy survives; the next start is clean and quiet
    assert list(again.damaged_copies().values()) == [text]
    LOADERS[key](again)
    assert again.take_notices() == []


def test_storage_full_is_reported_once_and_play_goes_on(backend):
    store = backend.open()
    match = played(5, 20)
    assert save_match(store, match, False, NAMES, STRENGTHS)
    backend.break_storage()
    match.apply(match.legal_actions()[0])
    assert save_match(store, match, False, NAMES, STRENGTHS) is False
    notices = store.take_notices()
    assert len(notices) == 1 and notices[0].startswith("Saving stopped")
    for _ in range(5):
        match.apply(match.legal_actions()[0])
        assert save_match(store, match, False, NAMES, STRENGTHS) is False
    assert not save_settings(store, Settings(sound=False))
    # Each document is named once: the settings are told apart from the match.
    assert [n.split(":")[0] for n in store.take_notices()] == ["Saving stopped for your settings"]
    assert notices[0].startswith("Saving stopped for your saved match")
    assert store.problem == notices[0]
    saved = load_match(store)  # the session keeps the newest match all the same
    assert saved is not None and saved.match.state() == match.state()
    assert load_settings(store).sound is False
    assert store.take_notices() == []


@pytest.mark.parametrize("name", ["files", "local", "local-swallowed"])
def test_storage_unavailable_at_start_falls_back_to_memory(name, tmp_path):
    store = BACKENDS[name](tmp_path).open_refused()
    assert isinstance(store, MemoryStore)
    assert store.problem and store.problem.startswith("Saving is off")
    assert store.take_notices() == [store.problem]
    match = played(6, 10)
    assert save_match(store, match, False, NAMES, STRENGTHS)
    assert load_match(store).match.state() == match.state()
    assert store.take_notices() == []


def test_local_storage_refused_says_so_in_plain_words():
    store = open_local_storage(FakeLocalStorage(refuse=True))
    assert store.problem == (
        "Saving is off: this browser refuses storage. Your match lasts until you close "
        "the tab."
    )
    assert open_local_storage(None).problem == store.problem


def test_clear_all_removes_only_the_games_data(backend, tmp_path):
    backend.put_raw("settings", "{damaged")
    store = backend.open()
    load_settings(store)
    save_match(store, played(7, 5), False, NAMES, STRENGTHS)
    save_statistics(store, stats_of((6, False, "standard")))
    save_journey(store, JOURNEY)
    assert set(store.keys()) == {"match", "statistics", "journey"}
    assert store.damaged_copies()
    if isinstance(backend, FileBackend):
        (backend.folder / "notes.txt").write_text("the player's own file")
    clear_all(store)
    assert store.keys() == [] and store.damaged_copies() == {}
    again = backend.open()
    assert again.keys() == [] and again.damaged_copies() == {}
    assert load_statistics(again) == Statistics() and load_journey(again) == JourneyProgress()
    if isinstance(backend, FileBackend):
        assert (backend.folder / "notes.txt").exists()
    if isinstance(backend, LocalBackend):
        assert backend.medium.items == {"other-game/high-score": "42"}


def test_export_then_import_elsewhere(backend, tmp_path):
    backend.put_raw("settings", json.dumps(V1_SETTINGS))
    store = backend.open()
    match = played(8, 40)
    save_match(store, match, True, NAMES, STRENGTHS)
    save_statistics(store, stats_of((7, False, "classic"), (8, True, "standard")))
    save_journey(store, JOURNEY)
    text = export_all(store)
    doc = json.loads(text)
    assert doc["format"] == "spades-export/1"
    assert doc["documents"]["settings"]["format"] == "spades-settings/6"

    other = MemoryStore()
    save_settings(other, Settings(player_name="Before"))
    ok, message = import_all(other, text)
    assert ok, message
    assert message == ("Imported your settings, your saved match, your statistics and your "
                       "Journey progress.")
    assert load_settings(other) == load_settings(store)
    assert load_match(other).match.state() == match.state()
    assert load_statistics(other) == load_statistics(store)
    assert load_statistics(other).practice_total.matches_played == 1
    assert load_journey(other) == JOURNEY


# --- files only ---------------------------------------------------------------------------


def test_undecodable_file_is_kept_byte_for_byte(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    original = b'{"format": "spades-settings/2", "player_name": "\xff\xfe"}'
    (folder / "settings.json").write_bytes(original)
    store = open_file_store(folder)
    assert load_settings(store) == Settings()
    [aside] = [p for p in folder.iterdir() if ".damaged-" in p.name]
    assert aside.name.startswith("settings.damaged-") and aside.suffix == ".json"
    assert aside.read_bytes() == original
    assert not (folder / "settings.json").exists()


def test_file_writes_leave_no_temporary_files(tmp_path):
    store = open_file_store(tmp_path)
    match = played(9, 0)
    for _ in range(30):
        match.apply(match.legal_actions()[0])
        save_match(store, match)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.json"]


def test_a_crash_during_a_write_leaves_the_previous_save_whole(tmp_path, monkeypatch):
    store = open_file_store(tmp_path)
    match = played(10, 30)
    save_match(store, match, False, NAMES, STRENGTHS)
    before = (tmp_path / "match.json").read_bytes()
    match.apply(match.legal_actions()[0])
    real_write = os.write

    def half_then_die(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise KeyboardInterrupt  # stands in for the process dying mid-write

    monkeypatch.setattr(os, "write", half_then_die)
    with pytest.raises(KeyboardInterrupt):
        store.write_text("match", "x" * 100_000)
    monkeypatch.undo()
    assert (tmp_path / "match.json").read_bytes() == before
    assert load_match(open_file_store(tmp_path)) is not None


def test_desktop_folder_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path / "chosen"))
    assert data_dir() == tmp_path / "chosen"
    store = open_store()
    assert isinstance(store, FileStore) and store.folder == tmp_path / "chosen"
    monkeypatch.delenv("SPADES_DATA_DIR")
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # not installed
    assert data_dir() == Path.home() / ".local" / "share" / "spades"


def test_browser_start_up_uses_local_storage_or_memory(monkeypatch):
    class Window:
        localStorage = FakeLocalStorage()

    class Refusing:
        @property
        def localStorage(self):  # a sandboxed iframe throws on the property itself
            raise RuntimeError("SecurityError")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", Window(), raising=False)
    store = open_store()
    assert isinstance(store, LocalStorageStore) and store.problem is None
    save_settings(store, Settings(coach=True))
    assert "spades/settings" in Window.localStorage.items
    monkeypatch.setattr(platform, "window", Refusing())
    refused = open_store()
    assert isinstance(refused, MemoryStore) and refused.problem.startswith("Saving is off")


# --- resume at every phase ------------------------------------------------------------------


def _blind_nil_open() -> Match:
    # Team 0 trails by 150 and South (seat 0) bids first: South may bid blind nil.
    start = {"dealer": 3, "hands": deal_hands(11, 0, 3), "scores": [0, 150], "bags": [0, 0]}
    return Match(STANDARD, 11, start=start)


def _until(match: Match, done, seed: int = 1) -> Match:
    rng = random.Random(seed)
    while not done(match):
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match


def _phase(name: str) -> Match:
    if name == "before looking at cards":
        match = _blind_nil_open()
        assert match.legal_actions() == [Bid(-1), LOOK] and not match.looked[0]
        return match
    if name == "bidding":
        match = _blind_nil_open()
        match.apply(LOOK)
        match.apply(Bid(3))
        match.apply(Bid(4))
        return match
    if name == "mid-trick":
        return _until(_blind_nil_open(), lambda m: m.phase == PLAYING and len(m.trick) == 2)
    if name == "between tricks":
        return _until(_blind_nil_open(), lambda m: m.trick_number == 3 and not m.trick)
    if name == "hand over":
        match = _until(_blind_nil_open(), lambda m: len(m.history) == 1)
        assert match.phase == BIDDING and match.hand_number == 1
        return match
    if name == "match over":
        rules = STANDARD.with_options(target=60, mercy=-60)
        return _until(Match(rules, 12), lambda m: m.phase == OVER)
    raise AssertionError(name)


PHASES = ["before looking at cards", "bidding", "mid-trick", "between tricks", "hand over",
          "match over"]


@pytest.mark.parametrize("phase", PHASES)
def test_resume_at_every_phase_is_exact(backend, phase):
    match = _phase(phase)
    store = backend.open()
    assert save_match(store, match, phase == "bidding", NAMES, STRENGTHS)
    saved = load_match(backend.open())
    assert saved is not None
    resumed = saved.match
    assert resumed.state() == match.state()
    assert resumed.to_json() == match.to_json()
    assert resumed.legal_actions() == match.legal_actions()
    assert saved.practice == (phase == "bidding")
    summary = match_summary(backend.open())
    assert summary == saved.summary
    assert (summary.hand_number, summary.scores, summary.phase) == (
        match.hand_number, tuple(match.scores), match.phase,
    )
    # The same cards are still to come, and the undo history is the same.
    rng_a, rng_b = random.Random(2), random.Random(2)
    for _ in range(8):
        if match.is_over:
            break
        a, b = match.legal_actions(), resumed.legal_actions()
        match.apply(a[rng_a.randrange(len(a))])
        resumed.apply(b[rng_b.randrange(len(b))])
    assert resumed.state() == match.state()
    if match.actions:
        assert resumed.undo_to_decision(match.actors[-1])
        assert match.undo_to_decision(match.actors[-1])
        assert resumed.state() == match.state()


def test_summary_does_not_replay_the_match(monkeypatch):
    store = MemoryStore()
    match = played(13, 130)
    save_match(store, match, False, NAMES, STRENGTHS)

    def refuse(doc):
        raise AssertionError("replayed")

    monkeypatch.setattr(Match, "from_json", refuse)
    summary = match_summary(store)
    assert summary.scores == tuple(match.scores) and summary.hand_number == match.hand_number
    assert summary.saved_time.tzinfo is not None


def test_a_bad_player_name_is_refused_at_save_not_lost_at_load():
    with pytest.raises(DocumentError):
        save_match(MemoryStore(), played(1, 1), False, ("x" * 50, "a", "b", "c"), STRENGTHS)
    with pytest.raises(DocumentError):
        save_match(MemoryStore(), played(1, 1), False, NAMES, ("human", "expert", "a", "b"))


# --- a crash while saving ---------------------------------------------------------------------


def test_killed_mid_match_leaves_a_save_that_loads(tmp_path):
    env = {**os.environ, "SPADES_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    for delay in (0.05, 0.2, 0.37):
        proc = subprocess.Popen(
            [sys.executable, "-m", "spades.storage.bench", "--forever", "--seed", "3"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        try:
            assert proc.stdout.readline().startswith(b"saving in")
            deadline = time.monotonic() + 10
            while not (tmp_path / "match.json").exists():
                assert time.monotonic() < deadline, proc.stderr.read()
                time.sleep(0.01)
            time.sleep(delay)
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        assert proc.returncode == -signal.SIGKILL
        store = open_file_store(tmp_path)
        saved = load_match(store)
        assert saved is not None, store.take_notices()
        assert store.take_notices() == [] and store.damaged_copies() == {}
        assert saved.match.actions and saved.match.legal_actions()


# --- settings and statistics ----------------------------------------------------------------


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_round_trips(name):
    settings = Settings().with_preset(name)
    assert settings.preset == name and settings.rules == PRESETS[name]
    assert Settings.from_json(json.loads(json.dumps(settings.to_json()))) == settings
    assert Settings().with_rules(PRESETS[name]).preset == name


BAD_SETTINGS = {
    "strength": {"opponents_strength": "expert"},
    "speed": {"animation_speed": 3},
    "bool as int": {"coach": 1},
    "empty name": {"player_name": "  "},
    "long name": {"player_name": "n" * 21},
    "unknown field": {"theme": "dark"},
    "unknown preset": {"rules": {"preset": "chicago", "options": {}}},
    "bad option": {"rules": {"preset": "custom", "options": {"target": -5}}},
    "unknown option": {"rules": {"preset": "custom", "options": {"jokers": True}}},
}


@pytest.mark.parametrize("case", list(BAD_SETTINGS))
def test_settings_validation(case):
    doc = {**Settings().to_json(), **BAD_SETTINGS[case]}
    with pytest.raises(DocumentError):
        Settings.from_json(doc)


def test_statistics_count_per_preset():
    games = [finished(seed) for seed in (10, 11, 12)]
    stats = Statistics()
    for match, preset in zip(games, ("standard", "standard", "not-a-preset"), strict=True):
        stats = stats.record_match(match.history, match.winner, False, preset)
    wins = [m.winner == 0 for m in games]
    assert stats.presets["standard"].matches_played == 2
    assert stats.presets["standard"].matches_won == sum(wins[:2])
    assert stats.presets["custom"].hands_played == len(games[2].history)
    assert stats.total.hands_played == sum(len(m.history) for m in games)
    assert stats.total.matches_won == sum(wins)
    assert [name for name, _ in stats.rows()] == ["standard", "custom"]


# --- hostile imports ---------------------------------------------------------------------------


def _export(**documents) -> dict:
    return {"format": "spades-export/1", "exported_at": "2025-05-01T10:00:00+00:00",
            "documents": documents}


def _good_documents() -> dict:
    return {
        "settings": Settings(player_name="Imported").to_json(),
        "match": _save_doc(played(14, 25)),
        "statistics": stats_of((16, False, "standard"), (17, True, "classic")).to_json(),
        "journey": JOURNEY.to_json(),
    }


def _with(path: list, value) -> str:
    doc = _export(**_good_documents())
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return json.dumps(doc)


def _illegal_log_export() -> str:
    doc = _export(**_good_documents())
    doc["documents"]["match"] = json.loads(_illegal_log_save())
    return json.dumps(doc)


def _deep(levels: int) -> str:
    return json.dumps(_export()).replace('"documents": {}',
                                         '"documents": ' + "[" * levels + "]" * levels)


HOSTILE = {
    "not json": ('{"format": "spades-export/1",', "not valid JSON"),
    "not an object": ("[1, 2, 3]", "not a Spades export"),
    "another format": (json.dumps({**_export(), "format": "spades-export/7"}), "format"),
    "a save file, not an export": (json.dumps(_good_documents()["match"]), "format"),
    "wrong type": (_with(["documents", "settings", "sound"], "loud"), "sound"),
    "wrong type of documents": (json.dumps({**_export(), "documents": []}), "object"),
    "null document": (_with(["documents", "settings"], None), "settings"),
    "huge number": (
        _with(["documents", "statistics"], "X").replace('"X"', "9" * 5000), "too large"),
    "large number": (
        _with(["documents", "settings", "rules", "options", "target"], 10**15), "too large"),
    "float": (_with(["documents", "settings", "sound"], 1.5), "never writes"),
    "nan": (_with(["documents", "settings", "sound"], "X").replace('"X"', "NaN"),
            "never writes"),
    "unknown top-level key": (json.dumps({**_export(), "run": "rm -rf /"}), "unknown field"),
    "unknown document": (_with(["documents", "macros"], {"format": "x"}), "unknown document"),
    "unknown settings field": (_with(["documents", "settings", "exec"], "x"), "unknown field"),
    "unknown rule option": (
        _with(["documents", "settings", "rules", "options", "jokers"], True), "jokers"),
    "duplicate key": ('{"format": "spades-export/1", "format": "spades-export/1"}', "twice"),
    "very deep nesting": (_deep(200_000), "nested"),
    "deep nesting": (_deep(40), "nested"),
    "50 MB": (" " * 50_000_000 + json.dumps(_export()), "larger than 2 MB"),
    "50 MB of bytes": (b" " * 50_000_000, "larger than 2 MB"),
    "not UTF-8": (b'{"format": "\xff"}', "UTF-8"),
    "illegal action log": (_illegal_log_export(), "is refused"),
    "action log cut short": (
        _with(["documents", "match", "match", "actions"], ["look"]), "saved match"),
    "summary that lies": (_with(["documents", "match", "summary", "scores"], [500, 0]),
                          "summary"),
    "too many players": (
        _with(["documents", "match", "players", "names"], ["a", "b", "c", "d", "e"]), "four"),
    "bad date": (json.dumps({**_export(), "exported_at": "yesterday"}), "date"),
    "statistics: negative count": (
        _with(["documents", "statistics", "presets", "standard", "hands_won"], -1),
        "not negative"),
    "statistics: more won than played": (
        _with(["documents", "statistics", "presets", "standard", "matches_won"], 5),
        "more matches won than played"),
    "statistics: unknown preset": (
        _with(["documents", "statistics", "practice", "chicago"],
              {"matches_played": 1}), "chicago"),
    "statistics: unknown count": (
        _with(["documents", "statistics", "presets", "standard", "jokers"], 1), "jokers"),
    "statistics: count as text": (
        _with(["documents", "statistics", "presets", "standard", "bags_taken"], "9"),
        "bags_taken"),
    "statistics: too many recent matches": (
        _with(["documents", "statistics", "recent"],
              [{"preset": "standard", "won": False, "practice": False, "points": [],
                "opponents": []}] * 11), "at most 10"),
    "statistics: chart of unequal hands": (
        _with(["documents", "statistics", "recent", 0, "opponents"], []), "same hands"),
    "statistics: chart of a match not counted": (
        _with(["documents", "statistics", "recent", 0, "preset"], "guide"), "disagree"),
    "statistics: points as floats": (
        _with(["documents", "statistics", "recent", 0, "points"], [1.5]), "never writes"),
    "statistics: older format, damaged": (
        _with(["documents", "statistics"], {"format": "spades-stats/1", "presets": {
            "standard": {"matches_played": 1, "matches_won": 1}}}), "hands_played"),
    "statistics: newer format": (
        _with(["documents", "statistics", "format"], "spades-stats/3"), "spades-stats/3"),
    "journey: nothing open": (_with(["documents", "journey", "unlocked"], 0), "unlocked"),
    "journey: true as a number": (
        _with(["documents", "journey", "unlocked"], True), "unlocked"),
    "journey: level won twice": (
        _with(["documents", "journey", "won"], ["j1", "j1"]), "twice"),
    "journey: strange level id": (
        _with(["documents", "journey", "current"], "../../etc"), "level id"),
    "journey: level id not text": (_with(["documents", "journey", "won"], [1]), "level id"),
    "journey: unknown field": (_with(["documents", "journey", "lives"], 3), "unknown field"),
    "journey: missing field": (
        json.dumps(_export(journey={"format": "spades-journey/1", "unlocked": 2,
                                    "won": []})), "current"),
    "journey: newer format": (
        _with(["documents", "journey", "format"], "spades-journey/2"), "spades-journey/2"),
    "empty": (json.dumps(_export()), "nothing to import"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_import_refuses_hostile_files_and_changes_nothing(case, tmp_path):
    text, fragment = HOSTILE[case]
    store = open_file_store(tmp_path)
    save_settings(store, Settings(player_name="Mine", coach=True))
    save_match(store, played(15, 33), False, NAMES, STRENGTHS)
    before = snapshot(store)
    started = time.perf_counter()
    ok, message = import_all(store, text)
    assert time.perf_counter() - started < 1.0
    assert not ok
    assert fragment in message, message
    assert message.endswith("Nothing was changed.")
    assert snapshot(store) == before
    assert snapshot(open_file_store(tmp_path)) == before
    assert store.take_notices() == []


def test_the_good_file_behind_the_hostile_cases_imports():
    ok, message = import_all(MemoryStore(), json.dumps(_export(**_good_documents())))
    assert ok, message
    assert len(json.dumps(_export(**_good_documents()))) < MAX_TEXT / 100
