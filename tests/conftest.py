"""Make the repository importable however pytest is started (``pytest`` or ``python -m``),
give every test its own data folder, and put the screen density back to 1 after each
test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True)
def own_data_folder(monkeypatch, tmp_path_factory):
    """Each test's saves in a folder of its own: a test that changes the settings (House
    rules turning nil off, say) must not hand them to the next test's App, nor read the
    saves of the machine's player. A test that sets SPADES_DATA_DIR itself still can."""
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def density_back_to_one():
    """A test that made a window at a screen density leaves the next one at 1
    (spades/ui/art/density.py holds it for the whole interface)."""
    yield
    density = sys.modules.get("spades.ui.art.density")
    if density is not None:
        density.set_density(1.0)
