"""The page's words for a screen reader, in headless Chromium around the stand-in
runtime (pygbag's is out of reach): the live regions (polite for play, assertive for
the player's turn and refusals) and the visually hidden log exist with the right roles;
sentences sent through the game's page bridge (``platform.announce``, the very scripts
it hands the page's ``eval``) appear in them, non-ASCII letters intact after crossing
as ASCII; and Chromium's accessibility tree shows the canvas as an application with
its label. Skipped, saying why, without node, Chromium or tests/browser's npm
packages, unless SPADES_REQUIRE_BROWSER=1."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from test_browser import CHROMIUM, HERE, TEMPLATE, bytewise, fill_template, missing_piece

from spades import platform
from spades.ai import make_player
from spades.engine import OVER, STANDARD, Match
from spades.ui.speech.announce import Announcer

SAID = [
    ("Wren plays the queen of hearts.", False),
    ("Your turn: follow hearts; you hold queen, 5.", True),
    ("Ren\u00e9e takes the trick; they have 3 of 7.", False),
    ("Not the 7 of spades. You must follow hearts.", True),
]


@pytest.fixture(autouse=True)
def counted_by_ci(request, record_property):
    """Marks each test that ran in Chromium in the JUnit report, as test_browser does."""
    if "page_run" in request.fixturenames:
        record_property("chromium", "1")


class Page:
    """The page's window as pygbag's bridge shows it to the game: eval for scripts."""

    def __init__(self) -> None:
        self.scripts: list[str] = []

    def eval(self, script: str) -> bool:
        self.scripts.append(script)
        return True


def run_page(said: list[tuple[str, bool]], folder) -> dict:
    """Hands ``said`` to the page through the game's bridge, in headless Chromium."""
    why = missing_piece()
    if why:
        if os.environ.get("SPADES_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the browser test must run here, but {why}")
        pytest.skip(f"browser test skipped: {why}")
    window = Page()
    mp = pytest.MonkeyPatch()
    mp.setattr(platform, "browser_window", lambda: window)
    try:
        for text, urgent in said:
            assert platform.announce(text, urgent)
    finally:
        mp.undo()
    assert all(s.isascii() for s in window.scripts)
    # What the page receives once pygbag's bridge has turned each byte into a character.
    crossed = [bytewise(s) for s in window.scripts]
    scripts = folder / "scripts.json"
    scripts.write_text(json.dumps(crossed), encoding="ascii")
    page = folder / "index.html"
    page.write_text(fill_template(TEMPLATE.read_text(encoding="utf-8")), encoding="utf-8")
    env = dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1")
    done = subprocess.run(
        ["node", str(HERE / "speech.mjs"), "--chromium", CHROMIUM, "--scripts", str(scripts),
         "--page", str(page)],
        capture_output=True, text=True, timeout=300, env=env, cwd=HERE,
    )
    assert done.returncode == 0, f"speech.mjs failed:\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def page_run(tmp_path_factory) -> dict:
    return run_page(SAID, tmp_path_factory.mktemp("speech"))


def whole_match_said() -> list[tuple[str, bool]]:
    """Every sentence the announcer says over a whole match to 500 between normal
    players, the player's turns included (the page hears more: focus moves)."""
    match = Match(STANDARD, 5)
    players = [make_player("normal", s) for s in range(4)]
    ann = Announcer(("You", "West", "Partner", "East"))
    said = []
    while match.phase != OVER:
        view = match.view(0)
        turn = ann.your_turn(view) if match.to_act == 0 else None
        said += [(turn.text, True)] if turn else []
        events = match.apply(players[match.to_act].choose(match.view(match.to_act)))
        said += [(a.text, a.urgent) for a in ann.events(events, match.view(0))]
    return said


def test_the_pages_log_keeps_a_whole_match(tmp_path):
    said = whole_match_said()
    assert len(said) > 600  # a match to 500 says hundreds of sentences
    run = run_page(said, tmp_path)
    assert run["after"]["log"]["lines"] == [text for text, _ in said]


def test_live_regions_and_log_exist_with_their_roles_and_are_hidden_only_from_sight(page_run):
    before = page_run["before"]
    assert (before["polite"]["role"], before["polite"]["live"]) == ("status", "polite")
    assert (before["urgent"]["role"], before["urgent"]["live"]) == ("alert", "assertive")
    assert before["log"]["role"] == "log"
    for region in before.values():
        assert region["lines"] == []
        assert not region["hidden_from_readers"] and not region["seen"]
    assert page_run["outside_requests"] == []


def test_words_sent_through_the_bridge_appear_in_the_regions_and_the_log(page_run):
    assert page_run["returned"] == [True] * len(SAID)
    after = page_run["after"]
    assert after["polite"]["lines"] == [t for t, urgent in SAID if not urgent]
    assert after["urgent"]["lines"] == [t for t, urgent in SAID if urgent]
    assert after["log"]["lines"] == [t for t, _ in SAID]  # every one, in order
    assert "Ren\u00e9e takes the trick; they have 3 of 7." in after["log"]["lines"]


def test_the_accessibility_tree_shows_the_canvas_and_the_regions(page_run):
    canvas = page_run["canvas"]
    assert canvas["role"] == "application"
    assert canvas["name"] == "Spades: the card table"
    assert "keys 1 to 5 read your hand" in " ".join((canvas["description"] or "").split())
    roles = {(n["role"], n["live"]) for n in page_run["ax"]}
    assert ("status", "polite") in roles and ("alert", "assertive") in roles
    logs = [n for n in page_run["ax"] if n["role"] == "log"]
    assert logs and logs[0]["name"] == "What the table said"
    texts = {n["name"] for n in page_run["ax"] if n["role"] in ("StaticText", "paragraph")}
    assert SAID[0][0] in texts and SAID[2][0] in texts
