"""The smaller things a first-time player tripped over (issue 54, item 9), driven
through the real App by finger, mouse and keys: the blind nil prompt without a dead
button, the demonstration's words by touch, the first visit's menu pointing at the
demonstration, the deal named as a player names it, the saves listed to pick from."""

from __future__ import annotations

import pytest
from ui_driver import Driver, drawn_words

from spades.engine import BLIND_NIL, Match, Rules
from spades.engine.match import deal_hands


def blind_nil_table(size: str) -> Driver:
    """A first hand where the player's team trails by 150: blind nil is offered."""
    d = Driver("--speed", "instant", "--size", size, start=False)
    d.app.start(Match(Rules(), 5, start={"dealer": 3, "hands": deal_hands(5, 0, 3),
                                         "scores": [0, 150], "bags": [0, 0]}))
    assert d.wait_for_player() == "blind"
    return d


@pytest.mark.parametrize("size,how", [("390x844", "finger"), ("1280x720", "mouse"),
                                      ("800x600", "key")])
def test_the_blind_nil_prompt_has_no_dead_button(size, how):
    """Before the cards are seen the prompt offers Blind nil and Look at cards, both
    live: no greyed "Choose blind nil, or look" under them (it looked like the way on
    and did nothing). Choosing Blind nil brings its Confirm, which bids it."""
    d = blind_nil_table(size)
    controls = d.scene.build_controls()
    panel = [c for c in controls if c.group == "bids" or c.key == ("btn", "confirm")]
    assert {c.key for c in panel} == {("bid", BLIND_NIL), ("btn", "look")}
    assert all(c.enabled for c in panel)
    assert "Choose blind nil, or look" not in drawn_words(d)
    if how == "key":
        d.press("tab")
        assert d.scene.focus == ("bid", BLIND_NIL)
        d.press("enter")
    else:
        (d.tap if how == "finger" else d.click)(("bid", BLIND_NIL))
    confirm = d.control(("btn", "confirm"))
    assert confirm is not None and confirm.enabled and confirm.label == "Confirm blind nil"
    if how == "key":
        d.press("enter")
    else:
        (d.tap if how == "finger" else d.click)(("btn", "confirm"))
    assert d.scene.match.bids[0] == BLIND_NIL


@pytest.mark.parametrize("size", ["390x844", "1280x720", "800x600", "568x320", "480x320"])
def test_the_blind_nil_prompt_is_whole_and_no_taller_than_its_controls(size):
    """Every word of the blind nil terms is drawn (on a short window they were cut after
    "+200 if you", the buttons over their last line), and the panel ends under its
    controls: it kept the bid grid's height, half of it empty, with Confirm blind nil
    at its foot far from the two buttons. A short window keeps its own panel."""
    d = blind_nil_table(size)
    said = " ".join(drawn_words(d))
    for words in ("Blind nil?", "trails by 100", "-200 if you take any."):
        assert words in said, (words, said)
    d.tap(("bid", BLIND_NIL))
    confirm = d.control(("btn", "confirm")).rect
    buttons = d.control(("bid", BLIND_NIL)).rect.union(d.control(("btn", "look")).rect)
    panel = d.app.drawer.panel
    assert panel.contains(confirm) and panel.contains(buttons)
    assert not confirm.colliderect(buttons)
    if not d.scene.layout.compact:
        assert confirm.top - buttons.bottom <= 2 * d.scene.layout.pad
        assert panel.bottom - confirm.bottom <= 2 * d.scene.layout.pad


def suggested(d: Driver) -> bool:
    return d.scene.row_of(("row", "demo")) is not None


@pytest.mark.parametrize("size,how", [("390x844", "finger"), ("1280x720", "mouse"),
                                      ("800x600", "key")])
def test_a_first_visits_menu_suggests_the_demonstration_until_dismissed(size, how):
    """A first visit's menu points at the guided deal, beside No thanks; No thanks
    takes it away for good (kept in the settings, so the next visit's menu has it not
    either), and How to play still has the demonstration."""
    from ui_driver import focus_row, menu_driver

    from spades import storage

    d = menu_driver("--size", size)
    assert suggested(d)
    words = " ".join(drawn_words(d))
    assert "Try a guided deal" in words and "One hand, step by step." in words
    assert "No thanks" in words
    if how == "key":
        focus_row(d, "demo_dismiss")
        d.press("enter")
    else:
        (d.tap if how == "finger" else d.click)(("row", "demo_dismiss"))
    assert not suggested(d)
    assert storage.load_settings(d.app.store).demo_done
    d.app.reload_documents()  # the next visit
    d.app.show_menu()
    d.frame()
    assert not suggested(d) and "No thanks" not in drawn_words(d)


@pytest.mark.parametrize("size", ["390x844", "1280x720"])
def test_the_demonstration_once_played_is_no_longer_suggested(size):
    """Tapping the suggestion plays the demonstration; back on the menu it is not
    suggested again. A menu with a saved match (not a first visit) never suggests it."""
    from ui_driver import menu_driver

    from spades import storage
    from spades.ui.demo.tutorial import DemoScene

    d = menu_driver("--size", size)
    d.tap(("row", "demo"))
    assert isinstance(d.scene, DemoScene)
    assert storage.load_settings(d.app.store).demo_done
    d.app.show_menu()
    d.frame()
    assert not suggested(d)
    d = menu_driver("--size", size)
    d.app.new_match_from_settings()
    d.frame(3)
    d.app.show_menu()
    d.frame()
    assert not suggested(d)


@pytest.mark.parametrize("size", ["390x844", "360x640", "1280x720", "800x600"])
def test_spades_broken_leaves_the_hand_lines_descenders_whole(size):
    """Once spades are broken the sign stands under (or beside) the hand's line
    ("Hand 1 · playing to 500") without touching its ink: on a phone the sign's top
    covered the feet of "p", "y" and "g". Played by finger."""
    from ui_driver import act

    from spades.ui.art import theme

    d = Driver("--speed", "instant", "--size", size)
    while not (d.wait_for_player() == "play" and d.scene.shown.spades_broken):
        act(d, d.situation(), touch=True)
    theme.Text.recording = []
    try:
        d.frame()
        inked = [rect for text, _, rect in theme.Text.recording if text.startswith("Hand ")]
    finally:
        theme.Text.recording = None
    sign = d.app.drawer.sign_box
    assert inked, "the hand's line was not drawn"
    for rect in inked:
        assert not rect.colliderect(sign), (size, rect, sign)


@pytest.mark.parametrize("density", ["2", "1"])
def test_computers_way_keeps_one_line_on_a_phone_at_any_density(density):
    """The hand's breakdown on a phone: "Computer's way" beside "Replay deal" and
    "Export hand" stays one line at density 2 as at 1 (at 2 the row was shared out as
    if its type were half its size, and the label broke into "Computer's" over
    "way"). Played to the breakdown by finger."""
    from ui_driver import act

    d = Driver("--speed", "instant", "--size", "390x844", "--density", density)
    while (situation := d.wait_for_player()) != "breakdown":
        act(d, situation, touch=True)
    words = drawn_words(d)
    for label in ("Computer's way", "Replay deal", "Export hand"):
        assert label in words, (density, [w for w in words if w in label])


def test_the_phone_demonstration_speaks_of_taps_not_presses():
    """The guided deal at 390x844, every step taken by finger: no word on screen asks
    to press or click anything (it once said "Press Next"; its steps now say "Next
    goes on"), and no key's hint stands beside Next once the player has touched."""
    from spades.engine import cards_of
    from spades.ui.demo.tutorial import DemoScene

    d = Driver("--speed", "fast", "--size", "390x844", start=False)
    d.app.start_demo()
    demo = d.scene
    assert isinstance(demo, DemoScene)
    shown: set[str] = set()

    def watch() -> bool:
        shown.update(drawn_words(d))
        return demo.waiting and (demo.step() in (*demo.read_only, "free") or demo.can_act())

    for _ in range(60):
        assert d.until(watch, 600)
        step = demo.step()
        if step == "free":
            break
        if step in demo.read_only:
            d.tap(("btn", "tutor_next"))
        elif step == "bid":
            d.tap(("bid", demo.suggested_bid_value()))
            d.tap(("btn", "confirm"))
        else:
            asked = demo.asked.get(step)
            d.tap(("card", asked if asked is not None else
                   cards_of(demo.view.legal_card_mask())[0]))
    assert demo.reached == list(demo.steps)
    said = " ".join(shown)
    assert "Next goes on" in said
    for word in ("Press", "press ", "Click", "click "):
        assert word not in said, [w for w in shown if word in w]
    assert "Enter" not in shown  # Next's key hint, hidden after a touch
