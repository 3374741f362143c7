"""What the table tells a first-time player in words, driven through the real App by
finger, mouse and keys: the bid Mirror makes for the player said at their turn and
kept until they go on, the rule set named in the header, the greyed bids explained in
words, the team bar's bid named, nil passing's Hint."""

from __future__ import annotations

import pytest
from ui_driver import Driver, drawn_words

from spades.engine import preset
from spades.engine.legal import spades_held


@pytest.mark.parametrize("size,how", [("390x844", "finger"), ("1280x720", "key"),
                                      ("800x600", "mouse")])
def test_mirror_says_the_bid_it_made_for_you_and_waits(size, how):
    """Under Mirror the game bids for the player: at their turn the bid panel's place
    says so ("Mirror: you hold 5 spades, so you bid 5") and stays until they go on;
    before, "Your turn to bid" showed for half a second and the bid went by unsaid."""
    d = Driver("--size", size, rules=preset("mirror"))
    d.dt = 1 / 60
    assert d.until(lambda: getattr(d.scene, "told_bid", None) is not None, 3000)
    held = min(spades_held(d.scene.match.hands[0]), 13)
    said = (f"Mirror: you hold {held} spade{'s' if held != 1 else ''}, so you bid {held}"
            if held else "Mirror: you hold no spades, so you bid nil")
    for _ in range(600):  # ten seconds of the game's clock: still there, nothing moves
        words = drawn_words(d)
        assert said in words and "Go on" in words and "Your bid" in words
    assert d.scene.shown.bids[1] is None  # West's bid waits for the player
    if how == "finger":
        d.tap(("btn", "told_ok"))
    elif how == "key":
        d.press("enter")
    else:
        d.click(("btn", "told_ok"))
    assert d.scene.told_bid is None
    assert d.until(lambda: d.scene.shown.bids[1] is not None, 600)  # the bidding goes on
    assert said not in drawn_words(d)


def test_the_header_names_a_rule_set_other_than_standard():
    d = Driver("--size", "1280x720", rules=preset("whiz"))
    assert "Hand 1  ·  Whiz  ·  playing to 500" in drawn_words(d)
    d = Driver("--size", "390x844", rules=preset("mirror"))
    assert "Hand 1 · Mirror" in drawn_words(d)  # two lines on a phone
    d = Driver("--size", "1280x720", rules=preset("standard"))
    assert "Hand 1  ·  playing to 500" in drawn_words(d)


@pytest.mark.parametrize("rules,seed,said", [
    ("standard", "3", "9 to 13 are greyed: partners may bid at most 13 together."),
    ("whiz", "11", "Under Whiz you bid nil or the spades you hold: the 5 button is your "
                   "spade count."),
])
def test_the_bid_hint_says_the_greyed_bids_in_words_whole_on_a_phone(rules, seed, said):
    """Hint at a bid on a phone, by finger: the bids out of reach in words ("9 to 13
    are greyed: partners may bid at most 13 together"), Whiz's number button named as
    the spade count, in one block of whole lines; before, "(13: Under Whiz you bid nil
    or the spades you hold: 5)" where no 13 is on screen, cut after "or the..."."""
    d = Driver("--size", "390x844", "--speed", "instant", "--seed", seed, rules=preset(rules))
    assert d.wait_for_player() == "bid"
    d.tap(("tool", "hint"))
    hint = d.scene.rules_hint()
    assert said in hint and "13:" not in hint and "..." not in hint
    words = " ".join(drawn_words(d))
    assert hint in " ".join(words.split()), words  # every word of it drawn, in order
    assert not any(w.endswith("...") for w in drawn_words(d))


@pytest.mark.parametrize("size,how", [("1280x720", "key"), ("390x844", "finger")])
def test_the_first_take_back_asks_before_it_makes_the_match_practice(size, how):
    """Undo in a match that counts first asks ("Taking a move back makes this match
    practice: it won't count in your statistics. Take back?"); Keep playing changes
    nothing; Take back takes the move back; once practice, Undo no longer asks. Before,
    the first Undo made the match practice with no warning."""
    from ui_driver import act, play_until

    d = Driver("--size", size, "--speed", "instant")
    play_until(d, "play")
    act(d, "play")
    play_until(d, "play")
    before = len(d.scene.match.actions)
    undo = (lambda: d.press("u")) if how == "key" else (lambda: d.tap(("tool", "undo")))
    undo()
    words = " ".join(drawn_words(d))
    assert "Take back?" in words and "makes this match" in words and \
        "won't count in your statistics." in words
    assert d.scene.overlays[-1] == "undo_ask" and not d.scene.practice
    d.press("escape") if how == "key" else d.tap(("btn", "close"))
    assert not d.scene.overlays and not d.scene.practice
    assert len(d.scene.match.actions) == before
    undo()
    d.press("enter") if how == "key" else d.tap(("btn", "take_back"))
    assert d.scene.practice and len(d.scene.match.actions) < before
    play_until(d, "play")
    act(d, "play")
    play_until(d, "play")
    undo()  # practice now: taken back at once
    assert "undo_ask" not in d.scene.overlays and d.scene.message[0].startswith("Taken back")


def test_a_table_notice_is_not_drawn_over_a_panel_opened_after_it():
    """At 800x600 by keys: a hint (H), then the help (F1): the help's rows stand clear,
    the hint no longer drawn over its "Bidding" and "Blind nil" rows; H with the help
    open goes back to the table and says the hint there."""
    from ui_driver import play_until

    d = Driver("--size", "800x600", "--speed", "instant")
    play_until(d, "play")
    d.press("h")
    hint = d.scene.message[0]
    d.press("f1")
    assert d.scene.overlays[-1] == "help"
    words = drawn_words(d)
    assert "By touch or mouse" in words  # the help's rows, none under a notice
    assert not any(w in hint for w in words if " " in w) and d.app.drawer.drawn_message is None
    d.press("h")
    assert not d.scene.overlays and d.scene.message[0] == hint


def test_taken_back_is_not_drawn_over_the_pause_menu_on_a_phone():
    """On a phone by finger: Undo, Take back, then Menu: the pause panel shows whole,
    "Taken back" no longer on a plate over its buttons."""
    from ui_driver import act, play_until

    d = Driver("--size", "390x844", "--speed", "instant")
    play_until(d, "play")
    act(d, "play", touch=True)
    play_until(d, "play")
    d.tap(("tool", "undo"))
    d.tap(("btn", "take_back"))
    assert d.scene.message[0].startswith("Taken back")
    d.tap(("tool", "menu"))
    assert d.scene.overlays[-1] == "pause"
    words = drawn_words(d)
    assert "Main menu" in words and not any("Taken back" in w or "practice" in w
                                            for w in words)
    assert d.app.drawer.drawn_message is None


@pytest.mark.parametrize("n", [1, 2])
def test_nil_passings_hint_suggests_cards_with_their_reason(n):
    """Hint at a nil pass, by finger on a phone: the coach's cards with their reason
    first, as for a bid ("Suggested: pass the 2 of clubs. ..."), then the rule; with
    one card to pass back, "You see it", not "them". Before, the rule alone."""
    from ui_driver import act

    from spades.engine import Rules

    for seed in range(1, 60):
        d = Driver("--size", "390x844", "--speed", "instant", "--seed", str(seed),
                   rules=Rules(nil_pass=n))
        while (situation := d.wait_for_player(3000)) not in ("pass", "play", "over"):
            act(d, situation, touch=True)
        if situation == "pass":
            break
    assert situation == "pass"
    d.tap(("tool", "hint"))
    hint = d.scene.hint_text
    cards, reason = d.scene.pass_advice()
    from spades.ui.speech.announce import cards_words

    assert hint.startswith(f"Suggested: pass {cards_words(cards)}. "), hint
    if n == 1:
        assert "You see them" not in " ".join(drawn_words(d))


def test_the_match_over_panel_is_not_repeated_by_the_table_line():
    """At the match's end the panel's banner says who won; the table line under it no
    longer adds "The match is over"."""
    from ui_driver import play_until

    from spades.engine import Rules

    d = Driver("--size", "1280x720", "--speed", "instant", rules=Rules(target=150))
    play_until(d, "over")
    words = drawn_words(d)
    assert "Rematch" in words and "The match is over" not in words


@pytest.mark.parametrize("size", ["390x844", "320x480", "360x640"])
def test_the_phone_team_bar_says_which_number_is_the_bid(size):
    """On an upright phone each side's words name the tricks won and the bid apart,
    whole, through the play by finger: "won 2 of 7" (or "bid 7 · won 2"), in two
    lines over the bags where one is too narrow. Before, "· 7 of 7 · bags 0" left a
    first-time player to guess which 7 was the bid; never a bare "7/7" either."""
    import re

    from ui_driver import act, drawn_records

    d = Driver("--size", size, "--speed", "instant")
    seen = 0
    while seen < 4:
        situation = d.wait_for_player()
        if situation == "play":
            shown, bar = d.scene.shown, d.scene.layout.top_bar
            words = " ".join(r.text for r in drawn_records(d)
                             if r.rect is not None and bar.contains(r.rect))
            assert "..." not in words and not re.search(r"\d/\d", words), words
            for team in (0, 1):
                contract = sum(max(b or 0, 0) for b in (shown.bids[team], shown.bids[team + 2]))
                won = shown.tricks_won[team] + shown.tricks_won[team + 2]
                assert f"won {won} of {contract}" in words or (
                    f"bid {contract}" in words and f"won {won}" in words), (size, words)
                assert f"bags {shown.bags[team]}" in words, (size, words)
            seen += 1
        act(d, situation, touch=True)


@pytest.mark.parametrize("size,how", [("1280x720", "key"), ("390x844", "finger")])
def test_hint_and_whose_turn_at_mirrors_told_bid_speak_of_it(size, how, tmp_path,
                                                             monkeypatch):
    """While the table shows the bid Mirror made for the player ("Your bid: Mirror: you
    hold 5 spades, so you bid 5", Go on), the Hint and T speak of that bid and of Go
    on, as the screen does. Before, both read the engine, already past the bidding:
    "Wait: Noor is to act" under "Your turn to bid" (Noor had bid; West had not) and
    "trick 1 of 13: Noor's turn to lead"."""
    from dataclasses import replace

    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))  # announcements on stay here
    d = Driver("--size", size, "--speed", "instant", start=False)
    d.app.settings = replace(d.app.settings, announcements=True)
    d.app.options = d.app.table_options()
    d.app.options.rules = preset("mirror")
    d.app.start()
    assert d.wait_for_player() == "told"
    told = d.scene.told_bid
    d.press("h") if how == "key" else d.tap(("tool", "hint"))
    hint = d.scene.hint_text
    assert hint.startswith(told) and "Go on" in hint and "Wait" not in hint, hint
    assert d.scene.overlays[-1] == "hint"  # a panel of its own, over Go on, not under it
    words = " ".join(drawn_words(d))
    assert hint in " ".join(words.split()), words  # drawn whole
    d.press("escape") if how == "key" else d.tap(("btn", "close"))
    assert not d.scene.overlays and d.control(("btn", "told_ok")) is not None
    d.press("t")
    said = d.scene.transcript.texts()[-1]
    assert said.startswith(f"Hand 1, bidding: {told}") and "Go on" in said, said
    assert d.situation() == "told"  # neither key went on past the bid


@pytest.mark.parametrize("size", ["1280x720", "800x600"])
def test_hint_at_a_hands_breakdown_speaks_of_the_breakdown(size):
    """The Hint with the hand's breakdown open says the hand is scored and Next hand
    goes on, as T does (by key: the breakdown covers the toolbar). Before, it read the
    engine, already in the next hand, and said "Wait: Eli is to act." under the
    breakdown that waited for the player."""
    from ui_driver import act

    d = Driver("--size", size, "--speed", "instant")
    while (situation := d.wait_for_player()) != "breakdown":
        act(d, situation)
    d.press("h")
    hint = d.scene.message[0]
    assert hint.startswith("Hand 1 is scored") and "Next hand" in hint, hint
    assert "Wait" not in hint
    assert hint in drawn_words(d)
    assert d.situation() == "breakdown"
