"""Play by ear: a whole match by keyboard with announcements on, its log holding every
trick's winner in order; the keys that ask; focus moves said; refusals in the engine's
words; the computer players waiting for the words (or for Enter); the caption strip;
the browser's offer and the page bridge. The real App, driven by synthetic events."""

from __future__ import annotations

import re
from dataclasses import replace

import pygame
import pytest
from ui_driver import Driver, decide_by_keyboard

from spades import platform
from spades.engine import Play, Rules, cards_of
from spades.ui.speech import captions
from spades.ui.speech import delivery as speech
from spades.ui.speech.announce import Announcement, heard_by
from spades.ui.speech.narration import HELP_WORDS, TURNED_OFF, TURNED_ON
from spades.ui.table.scene import bid_words

SHORT = Rules(target=150)
TAKES = re.compile(r"^(You|Wren|Noor|Eli) takes? the trick")
SEATS = {"You": 0, "Wren": 1, "Noor": 2, "Eli": 3}


@pytest.fixture(autouse=True)
def own_saves(tmp_path, monkeypatch):
    """Settings changed here (announcements on) must not reach the other UI tests."""
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))


def listening(*args: str, rules: Rules = SHORT, size: str = "1280x720") -> Driver:
    d = Driver("--speed", "instant", "--size", size, start=False)
    d.app.settings = replace(d.app.settings, announcements=True)
    d.app.options = d.app.table_options()
    d.app.options.rules = rules
    d.app.start()
    return d


def texts(d: Driver) -> list[str]:
    return d.scene.transcript.texts()




def test_a_whole_match_by_keyboard_with_announcements_names_every_trick_in_order():
    d = listening()
    go_ons = 0
    for _ in range(20000):
        situation = d.situation()
        if situation == "over":
            break
        if situation in ("bid", "blind", "play") and d.scene.turn_to_say is not None:
            d.frame()  # a listener waits to hear that it is their turn, and what is legal
        elif situation is not None:
            decide_by_keyboard(d, situation)
        elif d.scene.held_by_words() and d.scene.idle:
            go_ons += 1
            d.press("enter")  # the player has heard enough: the computer goes on
        else:
            d.frame()
    match = d.scene.match
    assert match.is_over and d.scene.screen_kind() == "match_over"
    said = texts(d)
    winners = [SEATS[m.group(1)] for t in said if (m := TAKES.match(t))]
    expected = [w for hand in match.history for w in hand.trick_winners]
    assert len(expected) == 13 * len(match.history) and winners == expected
    assert go_ons > 20  # the computer players waited for the words, and Enter went on
    assert sum(t.startswith("Your turn") for t in said) >= 13 * len(match.history)
    # "Your turn" (urgent) never cuts off the words before it: it waits until they are
    # heard, unless the player went on.
    lines = d.scene.transcript.lines
    for (t0, before), (t1, turn) in zip(lines, lines[1:], strict=False):
        if turn.text.startswith("Your turn") and not before.urgent:
            assert t1 >= t0 + before.seconds - 1e-6, (before.text, turn.text)
    assert sum(t.startswith("Hand ") and "scored" in t for t in said) == len(match.history)
    assert said[-1].endswith(f"win {max(match.scores)} to {min(match.scores)}.")
    assert all(t.isascii() for t in said)


def test_the_computer_players_wait_until_the_last_card_is_heard():
    d = listening()
    scene = d.scene
    for _ in range(30):  # until the player's card is followed by a computer player's
        situation = d.wait_for_player()
        decide_by_keyboard(d, situation)
        if situation == "play" and scene.match.to_act != 0:
            break
    last = scene.transcript.lines[-1][1]
    assert last.text.startswith(("You play", "You lead")) and not last.urgent
    before = len(scene.match.actions)
    heard = scene.transcript.heard_at
    assert heard >= scene.now + 0.5 * last.seconds
    while scene.now < heard - 0.1:
        d.frame()
        assert len(scene.match.actions) == before, "a computer player spoke over the words"
    d.frame(int(1.5 / d.dt) + 5)
    assert len(scene.match.actions) > before


def test_heard_by_queues_polite_words_and_lets_urgent_ones_cut_in():
    card = Announcement("Wren plays the queen of hearts.")  # 6 words: 2.4 s at 150 wpm
    assert heard_by(0.0, 10.0, card) == 10.0 + card.seconds
    assert heard_by(12.0, 10.0, card) == 12.0 + card.seconds  # behind what is being read
    turn = Announcement("Your turn.", urgent=True)
    assert heard_by(12.0, 10.0, turn) == 10.0 + turn.seconds


def test_keys_ask_and_focus_moves_are_said():
    d = listening()
    while d.wait_for_player() != "play":
        decide_by_keyboard(d, d.situation())
    d.frame(2)  # the turn is said
    view = d.scene.view
    d.press("1")
    from spades.engine.cards import SUIT_NAMES, suit_of

    first = SUIT_NAMES[suit_of(d.scene.shown.hand[0])]  # as the hand shows it, left first
    assert texts(d)[-1].startswith(f"Your hand, {view.hand.bit_count()} cards: {first}")
    assert d.scene.transcript.lines[-1][1].urgent
    d.press("2")
    assert texts(d)[-1].startswith(("On the table: ", "No cards on the table"))
    d.press("3")
    assert texts(d)[-1].startswith("Scores: you and Noor 0, 0 bags; Wren and Eli 0, 0 bags.")
    d.press("4")
    assert texts(d)[-1] in ("No trick has been taken this hand.",) or \
        texts(d)[-1].startswith("Last trick: ")
    asked = texts(d)[-1]
    d.press("5")
    assert texts(d)[-1] == asked
    d.press("left")
    focus = d.scene.focus
    assert focus[0] == "card"
    from spades.ui.speech.announce import card_words
    assert texts(d)[-1] == card_words(focus[1])[4:].capitalize() + "."
    # A card that may not be played: its focus says so, and choosing it is refused.
    illegal = [c for c in cards_of(view.hand) if not view.legal_card_mask() >> c & 1]
    if illegal:
        while d.scene.focus != ("card", illegal[0]):
            d.press("right")
        assert texts(d)[-1].endswith(", not playable now.")
        d.press("enter")
        reason = view.refusal(Play(illegal[0]))
        assert texts(d)[-1] == f"Not {card_words(illegal[0])}. {reason}."
        assert d.scene.transcript.lines[-1][1].urgent
    # Tab to the toolbar: the control is said by its label.
    while d.scene.focus is None or d.scene.focus[0] != "tool":
        d.press("tab")
    assert texts(d)[-1] == f"{d.scene.focused().label}."
    d.press("f1")
    assert texts(d)[-1] == HELP_WORDS


def test_choosing_a_bid_says_it_and_how_to_confirm():
    d = listening()
    while d.wait_for_player() != "bid":
        decide_by_keyboard(d, d.situation())
    d.press("right")
    bid = d.scene.focus[1]
    d.press("enter")
    assert texts(d)[-1] == f"Bid {bid_words(bid)} chosen; Enter confirms it."
    d.press("enter")
    assert d.scene.match.bids[0] == bid


def test_asking_with_announcements_off_shows_the_answer_on_the_message_line():
    d = Driver("--speed", "instant", rules=SHORT)
    while d.wait_for_player() != "play":
        decide_by_keyboard(d, d.situation())
    d.press("1")
    assert d.scene.message[0].startswith("Your hand, 13 cards: ")
    assert d.scene.transcript.texts() == []  # nothing is kept while they are off


def test_a_turns_announcements_on_and_off_and_the_settings_keep_it():
    d = Driver("--speed", "instant", rules=SHORT)
    d.wait_for_player()
    d.frame(2)
    d.press("a")
    assert d.scene.narrating and d.app.settings.announcements
    assert texts(d)[-2] == TURNED_ON
    assert texts(d)[-1].startswith("Hand 1, bidding: your turn to bid")  # where you are
    d.press("a")
    assert not d.scene.narrating and not d.app.settings.announcements
    assert texts(d)[-1] == TURNED_OFF


def test_the_caption_strip_shows_the_latest_words_above_the_table():
    d = listening()
    d.wait_for_player()
    scene = d.scene
    band, size = scene.caption_band
    assert band > 0 and scene.layout.top_bar.top == band  # the table starts below it
    d.press("1")
    d.frame()
    # The strip's newest line is drawn bright: find TEXT-coloured pixels in the band.
    shot = d.app.screen
    strip = shot.subsurface(pygame.Rect(0, 0, scene.layout.width, band)).copy()
    colours = {tuple(strip.get_at((x, y)))[:3] for x in range(0, strip.get_width(), 2)
               for y in range(0, band, 2)}
    assert captions.STRIP in colours and (246, 244, 236) in colours
    lay = scene.layout
    lines = captions.caption_lines(d.app.text, scene.transcript.recent(2), size,
                                   lay.width - 2 * lay.pad)
    assert lines and lines[-1][1] and lines[-1][0] in texts(d)[-1]
    # Turned off, the strip goes and the table takes the room back.
    d.press("a")
    d.frame()
    assert scene.layout.top_bar.top == 0


def test_the_browser_offers_announcements_at_the_first_key_press_of_each_visit(monkeypatch):
    sent: list[tuple[str, bool]] = []
    d = Driver("--speed", "instant", rules=SHORT)
    d.wait_for_player()
    with monkeypatch.context() as m:
        m.setattr(platform, "in_browser", lambda: True)
        m.setattr(platform, "announce", lambda text, urgent=False: sent.append(
            (text, urgent)) or True)
        d.press("tab")  # the first key press: the offer, and nothing else
        assert d.app.speech.offering and sent[-1][1] and "Press Enter" in sent[-1][0]
        assert d.scene.focus is None and d.app.settings.announcements_offered
        d.press("enter")
        assert d.app.settings.announcements and d.scene.narrating
        assert sent[-2] == (TURNED_ON, True)  # through the page bridge, in the browser
        assert sent[-1][0].startswith("Hand 1, bidding: your turn")  # then where you are
        assert not d.scene.captions_shown()  # the page speaks: no caption strip
        d.press("3")
        assert sent[-1][0].startswith("Scores: ") and sent[-1][1]
        d.press("a")  # and off again
        assert sent[-1] == (TURNED_OFF, True)
        d.press("tab")  # once a visit: the rest of this one goes on without asking
        assert not d.app.speech.offering
    # A later visit with announcements off (turned off, or the offer declined): the
    # offer comes again, once, so a player who declined by a stray key is not silenced
    # for good.
    d2 = Driver("--speed", "instant", rules=SHORT)
    assert d2.app.settings.announcements_offered and not d2.app.settings.announcements
    d2.wait_for_player()
    with monkeypatch.context() as m:
        m.setattr(platform, "in_browser", lambda: True)
        m.setattr(platform, "announce", lambda text, urgent=False: sent.append(
            (text, urgent)) or True)
        d2.press("tab")
        assert d2.app.speech.offering and "A or F2 turns them on at any time" in sent[-1][0]
        d2.press("space")  # declined
        assert not d2.app.speech.offering and not d2.app.settings.announcements
        d2.press("tab")
        assert not d2.app.speech.offering and d2.scene.focus is not None


def test_the_offer_declined_by_another_key_lets_it_through():
    d = Driver("--speed", "instant", rules=SHORT)
    d.app.settings = replace(d.app.settings, announcements_offered=False)
    d.app.speech.offering = True  # as made by the first key press
    d.wait_for_player()
    d.press("tab")
    assert not d.app.speech.offering and not d.app.settings.announcements
    assert d.scene.focus is not None


def test_the_page_bridge_sends_ascii_json_to_the_page(monkeypatch):
    scripts: list[str] = []

    class Window:
        def eval(self, script: str) -> bool:
            scripts.append(script)
            return True

    monkeypatch.setattr(platform, "browser_window", lambda: Window())
    assert platform.announce("Jos\u00e9 plays the 10 of hearts \u2660.", urgent=True)
    assert scripts[-1].isascii()
    assert '"Jos\\u00e9 plays the 10 of hearts \\u2660.", true)' in scripts[-1]
    assert "window.spadesAnnounce" in scripts[-1]
    monkeypatch.setattr(platform, "browser_window", lambda: None)
    assert platform.announce("Anything") is False  # desktop: nothing to send to


def test_in_the_browser_the_pages_say_their_title_focus_and_messages(monkeypatch):
    sent: list[tuple[str, bool]] = []
    d = Driver("--speed", "instant", start=False)
    d.app.settings = replace(d.app.settings, announcements=True, announcements_offered=True)
    monkeypatch.setattr(platform, "in_browser", lambda: True)
    monkeypatch.setattr(platform, "announce", lambda text, urgent=False: sent.append(
        (text, urgent)) or True)
    d.frame()
    assert sent and sent[0][0].endswith("Tab and the arrows move; Enter chooses.")
    d.press("tab")
    row = d.scene.row_of(d.scene.focus)
    assert sent[-1] == (speech.spoken(speech.describe(row)), True)
    assert sent[-1][0].startswith(row.label)
    count = len(sent)
    d.frame(3)
    assert len(sent) == count  # nothing new: nothing said
    d.scene.say("Statistics reset")
    d.frame()
    assert sent[-1] == ("Statistics reset", True)


def test_caption_lines_start_each_sentence_at_its_start():
    from spades.ui.art.theme import Text

    text = Text()
    long = Announcement(HELP_WORDS)
    short = Announcement("Spades are broken.")
    lines = captions.caption_lines(text, [short, long], 18, 400)
    assert len(lines) == 2 and all(newest for _, newest in lines)
    assert HELP_WORDS.startswith(lines[0][0]) and lines[-1][0].endswith(" ...")
    lines = captions.caption_lines(text, [long, short], 18, 400)
    assert lines[0] == (text.wrap(HELP_WORDS, 18, 400)[0].rsplit(" ", 1)[0] + " ...", False) \
        or (lines[0][0].endswith(" ...") and HELP_WORDS.startswith(lines[0][0][:-4]))
    assert lines[1] == ("Spades are broken.", True)


def test_a_window_too_small_for_the_strip_keeps_the_room_for_the_table():
    d = listening(size="800x360")
    d.wait_for_player()
    assert d.scene.captions_shown() and d.scene.caption_band == (0, 0)
    assert d.scene.layout.top_bar.top == 0


@pytest.mark.parametrize("size", ["320x480", "340x500", "480x320", "360x640"])
@pytest.mark.parametrize("touch", [False, True])
def test_announcements_turned_on_in_a_small_window_keep_the_table_in_it(size, touch):
    """The strip goes above the table only where the table still fits under it. At
    320x480 the table, laid out as the smallest under a strip, ran off the window's
    foot: the toolbar stood at y 483 to 531 of 480 (random input found it). Every
    control stays inside the window and the toolbar still answers a tap or a click."""
    d = Driver("--speed", "instant", "--size", size)
    d.wait_for_player()
    d.press("a")
    assert d.scene.narrating
    d.frame(3)
    screen = pygame.Rect((0, 0), d.app.screen.get_size())
    for control in d.scene.controls:
        assert screen.contains(control.rect), (control.key, control.rect)
    (d.tap if touch else d.click)(("tool", "scores"))
    assert d.scene.overlays and d.scene.overlays[-1] == "scores"


def test_the_settings_page_turns_announcements_on_and_the_next_table_narrates():
    from spades.ui.pages.menu import SettingsScreen

    d = Driver("--speed", "instant", start=False)
    d.app.show(SettingsScreen(d.app))
    d.frame()
    while d.scene.focus != ("row", "announcements"):
        d.press("tab")
    toggle = d.scene.row_of(("row", "announcements"))
    assert toggle.label == "Announcements" and toggle.value == "off"
    d.press("enter")
    assert d.app.settings.announcements
    assert d.scene.row_of(("row", "announcements")).value == "on"
    d.app.new_match_from_settings()
    d.wait_for_player()
    assert d.scene.narrating and d.scene.transcript.texts()[0].startswith("Hand 1. ")
