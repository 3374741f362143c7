"""The suite's own habits, checked: every piece of process state the package keeps is
put back before each test (tests/process_state.py), so a verdict never depends on what
ran before; the checker is shown to see each kind of state on a made-up package."""

from __future__ import annotations

import textwrap

import pygame
from process_state import BUILT_AT_IMPORT, RESETS, ROOT, module_state, reset_process_state


def test_every_piece_of_module_state_is_reset_before_each_test():
    found = module_state(ROOT / "spades")
    missing = {name: why for name, why in found.items()
               if name not in RESETS and name not in BUILT_AT_IMPORT}
    assert not missing, (
        "module-level state that outlives a test: reset it in tests/process_state.py's "
        f"RESETS (or keep it on the App if it belongs to one): {missing}")
    stale = (set(RESETS) | set(BUILT_AT_IMPORT)) - set(found)
    assert not stale, f"RESETS names state the package no longer keeps: {stale}"


def test_the_scan_sees_each_kind_of_state(tmp_path):
    package = tmp_path / "made_up"
    package.mkdir()
    (package / "__init__.py").write_text('"""A made-up package."""\n')
    (package / "things.py").write_text(textwrap.dedent('''
        import functools

        TABLE = {"a": 1}          # a constant: not state
        SEEN = []                 # empty, to be filled: state
        NAMES = {"x": 1}
        level = 0


        class Mode:
            hints = None


        def rise():
            global level
            level += 1


        def note(name):
            NAMES[name] = 2       # a constant changed at run time: state
            Mode.hints = []       # a class attribute set from outside: state


        @functools.lru_cache
        def costly(n):
            return n
    '''))
    found = module_state(package)
    assert set(found) == {"made_up.things.SEEN", "made_up.things.NAMES",
                          "made_up.things.level", "made_up.things.Mode.hints",
                          "made_up.things.costly"}, found


def test_the_reset_puts_back_density_caches_and_the_event_queue():
    from spades.ui.art import density, theme
    from spades.ui.speech import captions

    pygame.init()
    density.set_density(2.0)
    theme.Text.recording = []
    captions._VEIL[(1, 1)] = object()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="",
                                         mod=0))
    reset_process_state()
    assert density.density() == 1.0 and theme.Text.recording is None
    assert not captions._VEIL and not pygame.event.peek()
