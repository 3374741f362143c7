"""The desktop's screen reader, through Prism (the prismatoid package).

The stand-in models prismatoid 0.18's Python API as its source reads: ``prism.Context()``
holds a registry of the backends compiled for the system (``backends_count``,
``id_of(i)``); ``Context.create(id)`` builds a backend and initialises it, raising
when its screen reader is not running (``ValueError`` for a backend it cannot make, a
``PrismError`` from initialisation); ``Backend.output(text, interrupt)`` speaks (and
brailles), refusing empty text; ``Backend.name`` names it. ``BackendId`` lists readers
(NVDA, JAWS, VoiceOver, Orca, ...) and voices (SAPI, Speech Dispatcher, ...) alike.
"""

from __future__ import annotations

import enum
import importlib.util
import sys
import types

import pytest

from spades.ui.speech.screen_reader import LOOK_AGAIN_SECONDS, ScreenReader


class BackendId(enum.IntEnum):
    SAPI = 0x1D6DF72422CEEE66
    SPEECH_DISPATCHER = 0xE3D6F895D949EBFE
    NVDA = 0x89CC19C5C4AC1A56
    ORCA = 0x10AA1FC05A17F96C


class PrismError(Exception):
    pass


def fake_prism(registered, running, spoken):
    """A ``prism`` module whose registry holds ``registered`` and whose running
    services are the mutable set ``running``; every output lands in ``spoken``."""

    class Backend:
        def __init__(self, backend_id):
            if backend_id not in running:
                raise PrismError("PRISM_ERROR_BACKEND_NOT_AVAILABLE")
            self.id = backend_id

        @property
        def name(self):
            return self.id.name.title()

        def output(self, text, interrupt=False):
            if not text:
                raise PrismError("Text MUST NOT be empty")
            if self.id not in running:
                raise PrismError("the screen reader went away")
            spoken.append((self.id.name, text, interrupt))

    class Context:
        backends_count = len(registered)

        def id_of(self, i):
            return registered[i]

        def create(self, backend_id):
            if backend_id not in registered:
                raise ValueError("Invalid or unsupported backend")
            return Backend(backend_id)

    return types.SimpleNamespace(Context=Context, BackendId=BackendId, PrismError=PrismError)


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_the_running_screen_reader_gets_every_announcement(monkeypatch):
    spoken = []
    running = {BackendId.NVDA, BackendId.SAPI}
    monkeypatch.setitem(sys.modules, "prism", fake_prism(list(BackendId), running, spoken))
    reader = ScreenReader()
    assert reader.say("West bids 3.")
    assert reader.say("Your turn to play.", urgent=True)
    assert spoken == [("NVDA", "West bids 3.", False), ("NVDA", "Your turn to play.", True)]
    assert reader.name == "Nvda"
    assert not reader.say("   ") and len(spoken) == 2  # nothing empty reaches it


def test_a_bare_system_voice_is_never_used(monkeypatch):
    spoken = []
    running = {BackendId.SAPI, BackendId.SPEECH_DISPATCHER}  # voices, no reader
    monkeypatch.setitem(sys.modules, "prism", fake_prism(list(BackendId), running, spoken))
    reader = ScreenReader()
    assert not reader.say("West bids 3.")
    assert spoken == [] and reader.name is None


def test_a_reader_started_later_is_found_and_one_that_quits_is_let_go(monkeypatch):
    spoken, running, clock = [], set(), Clock()
    monkeypatch.setitem(sys.modules, "prism", fake_prism(list(BackendId), running, spoken))
    reader = ScreenReader(clock)
    assert not reader.say("one")
    running.add(BackendId.ORCA)
    clock.now += 1
    assert not reader.say("two")  # not looked for at every sentence
    clock.now += LOOK_AGAIN_SECONDS
    assert reader.say("three")
    running.clear()  # Orca quits
    assert not reader.say("four")
    running.add(BackendId.ORCA)
    clock.now += LOOK_AGAIN_SECONDS + 1
    assert reader.say("five")
    assert [text for _, text, _ in spoken] == ["three", "five"]


def test_without_the_library_the_game_stays_quiet_and_never_raises(monkeypatch):
    monkeypatch.setitem(sys.modules, "prism", None)  # import prism raises ImportError
    reader = ScreenReader()
    assert not reader.say("West bids 3.")
    assert not reader.available
    assert not reader.say("again")


def test_in_the_browser_the_page_speaks_instead(monkeypatch):
    spoken = []
    monkeypatch.setitem(sys.modules, "prism",
                        fake_prism(list(BackendId), {BackendId.NVDA}, spoken))
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert not ScreenReader().say("West bids 3.") and spoken == []


@pytest.mark.skipif(importlib.util.find_spec("prism") is None,
                    reason="prismatoid is not installed here")
def test_the_real_library_loads_and_finds_no_reader_on_a_quiet_machine():
    """The real prismatoid: its native library loads, lists its backends, and on a
    machine with no screen reader running the reader says False without raising."""
    import prism

    context = prism.Context()
    assert context.backends_count >= 1
    reader = ScreenReader()
    result = reader.say("West bids 3.")
    assert reader.available
    assert result is (reader.name is not None)
