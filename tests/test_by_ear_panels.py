"""By ear between the plays: every panel the table opens says what it is and holds (the
last trick, the score sheet, the pause menu, Computer's way), the breakdown says what
comes next and that the match is over before Final result is pressed, a replay says it
is one, and the coach's advice is said as it is shown. The real App, keys only."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ui_driver import Driver, act, play_until

from spades.engine import Rules

SHORT = Rules(target=150)


@pytest.fixture(autouse=True)
def own_saves(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))


def listening(coach: bool = False, rules: Rules = SHORT) -> Driver:
    d = Driver("--speed", "instant", start=False)
    d.app.settings = replace(d.app.settings, announcements=True, coach=coach)
    d.app.options = d.app.table_options()
    d.app.options.rules = rules
    d.app.start()
    return d


def said(d: Driver) -> list[str]:
    return d.scene.transcript.texts()


def test_the_breakdown_says_what_comes_next_and_the_end_of_the_match_before_final_result():
    d = listening(rules=Rules(target=300))
    nexts = 0
    while True:
        situation = d.wait_for_player()
        if situation != "breakdown":
            act(d, situation)
            continue
        words = said(d)
        n = d.scene.breakdown.hand_number + 1
        scored = max(i for i, t in enumerate(words) if t.startswith(f"Hand {n} scored"))
        after = words[scored + 1]
        if not d.scene.match.is_over:
            assert after.startswith("Enter deals the next hand."), after
            nexts += 1
            act(d, "breakdown")
            continue
        # The last hand's breakdown, Final result not yet pressed: the end is told.
        winner = d.scene.match.winner
        assert after.startswith("The match is over: ")
        assert ("you and" if winner == 0 else "west and") in after.lower()
        assert after.endswith("Enter shows the final result.")
        break
    assert nexts >= 1


def test_the_panels_say_what_they_hold():
    d = listening()
    play_until(d, "play")
    while not d.scene.view.tricks:  # a trick taken, for the last trick to show
        act(d, d.wait_for_player())
    d.wait_for_player()
    d.press("l")
    assert said(d)[-1].startswith("Last trick: ") and said(d)[-1].endswith("Escape closes it.")
    d.press("escape")
    d.press("s")
    assert said(d)[-1].startswith("Score sheet. Scores: ")
    d.press("escape")
    d.press("escape")
    assert d.scene.overlays[-1] == "pause"
    assert said(d)[-1].startswith("Paused. The menu: Resume")


def test_computers_way_and_a_replay_say_what_they_are():
    d = listening()
    play_until(d, "breakdown")
    d.press("w")
    assert d.scene.overlays[-1] == "compare"
    assert said(d)[-1].startswith("Computer's way: the hard player plays your seat")
    d.until(lambda: d.scene.comparison.result is not None, 3000)
    d.frame()
    verdict = said(d)[-1]
    assert verdict.endswith("on these cards.")
    assert "worse than the computer" not in verdict  # the kinder words
    d.press("escape")
    d.press("r")
    d.until(lambda: d.scene.replay is not None and d.scene.transcript.texts(), 200)
    d.wait_for_player()
    replay = [t for t in said(d) if t.startswith("A replay of ")]
    assert replay and "Your match waits" in replay[0]


def test_the_coachs_advice_is_said_as_it_is_shown():
    d = listening(coach=True)
    situation = d.wait_for_player()
    while situation == "blind":
        act(d, situation)
        situation = d.wait_for_player()
    d.until(lambda: any(t.startswith("Coach: ") for t in said(d)), 2000)
    advice = [t for t in said(d) if t.startswith("Coach: ")]
    assert advice, said(d)[-5:]
    value, reason = d.scene.coach()
    assert advice[-1].endswith(reason.rstrip(".") + ".")
