"""By ear, the keys (issue 54, item 10), through the real App and its key events: F2
turns announcements on or off on every screen, in a text field too (where A types a
letter); turned on, they say where the player is; C at the player's turn says the
coach's advice; the Hint speaks in words, not "the raised cards"; no middle dot is read
aloud; the suggested bid is said; Home, End and Shift with the arrows move through the
hand; T says whose turn it is. What the page hears is caught where it leaves the game
(``platform.announce``); the table's words are its transcript."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from ui_driver import Driver, act, decide_by_keyboard, focus_row, menu_driver

from spades.engine import Rules
from spades.engine.cards import SUIT_NAMES, suit_of
from spades.ui.pages.journey import JourneyScreen
from spades.ui.pages.menu import SettingsScreen
from spades.ui.speech.announce import card_words
from spades.ui.speech.narration import TURNED_OFF, TURNED_ON
from spades.ui.speech.words import rules_hint

SHORT = Rules(target=150)


@pytest.fixture(autouse=True)
def own_saves(tmp_path, monkeypatch):
    """Settings changed here (announcements on) must not reach the other UI tests."""
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))


def key(d: Driver, code: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text, mod=0))
    d.frame()


def texts(d: Driver) -> list[str]:
    return d.scene.transcript.texts()


def listening(rules: Rules = SHORT, speed: str = "instant") -> Driver:
    d = Driver("--speed", speed, start=False)
    d.app.settings = replace(d.app.settings, announcements=True)
    d.app.options = d.app.table_options()
    d.app.options.rules = rules
    d.app.start()
    return d


def test_f2_turns_announcements_on_in_a_text_field_where_a_types(page):
    d = menu_driver("--speed", "instant")
    d.app.speech.offered = True  # this visit's offer was declined
    settings = SettingsScreen(d.app)
    d.app.show(settings)
    d.frame()
    focus_row(d, "name")
    assert d.app.settings.player_name == "You"
    key(d, pygame.K_a, "a")  # the field took the focus with its name selected: "a" replaces it
    assert d.app.settings.player_name == "a" and not d.app.settings.announcements
    key(d, pygame.K_F2)
    assert d.app.settings.announcements and d.app.settings.player_name == "a"
    # Turned on, it says where the player is: the page, and the field in focus.
    assert page[-2] == (TURNED_ON, True)
    assert page[-1][0].startswith(f"{settings.title}. In focus: Your name"), page[-1]
    key(d, pygame.K_F2)
    assert not d.app.settings.announcements and page[-1] == (TURNED_OFF, True)


def test_turned_on_at_the_table_they_say_whose_turn_and_the_focus():
    d = Driver("--speed", "instant", rules=SHORT)
    d.wait_for_player()
    d.press("tab")  # the focus on a bid
    focus = d.scene.focused()
    key(d, pygame.K_F2)
    assert d.scene.narrating
    said = texts(d)
    assert said[-2] == TURNED_ON
    assert said[-1].startswith("Hand 1, bidding: your turn to bid")
    assert f"In focus: Bid {focus.label}" in said[-1]


def test_t_says_whose_turn_it_is():
    d = listening()
    d.wait_for_player()
    d.press("t")
    assert texts(d)[-1].startswith("Hand 1, bidding: your turn to bid;")
    # While a computer player is to act: its name, and the cards on the table.
    d.press("right")
    d.press("enter")
    d.press("enter")  # the suggested bid, confirmed
    d.until(lambda: d.scene.match.view(0).phase == "playing"
            and not d.scene.match.view(0).my_turn and d.scene.match.view(0).trick)
    view = d.scene.match.view(0)
    d.press("t")
    name = d.scene.names[view.to_act]
    assert texts(d)[-1].startswith(f"Hand 1, trick {len(view.tricks) + 1} of 13: "
                                   f"{name}'s turn to play; "), texts(d)[-1]


def in_flight(d: Driver) -> tuple[int, int] | None:
    """A computer player's card the engine has played that is still flying to the
    table: (seat, card), or None."""
    scene = d.scene
    flying = {f.card for f in scene.flights}
    return next(((seat, card) for seat, card in scene.match.view(0).trick
                 if seat != 0 and card in flying and (seat, card) not in scene.shown.trick),
                None)


def test_t_and_hint_name_a_card_only_once_it_is_on_the_table():
    # At normal speed a card flies for a quarter second after the engine has played
    # it: T (which does not hurry the table) must not name it until it lands, and
    # Hint (which lands the motion first) speaks of the table it then shows.
    d = listening(speed="normal")
    checked_t = checked_hint = False
    for _ in range(6000):
        if checked_t and checked_hint:
            break
        if d.situation() is not None:
            act(d, d.situation())
            continue
        d.frame()
        flying = in_flight(d)
        if flying is None:
            continue
        seat, card = flying
        named = f"{d.scene.names[seat]} {card_words(card)}"
        if not checked_t:
            d.press("t")
            said = texts(d)[-1]
            assert in_flight(d) == flying, "the card landed before T was asked"
            assert said.startswith("Hand ") and named not in said, said
            d.until(lambda: (seat, card) in d.scene.shown.trick)  # noqa: B023
            if len(d.scene.shown.trick) < 4:  # (a trick's last card ends it: not said)
                d.press("t")
                assert named in texts(d)[-1], texts(d)[-1]
                checked_t = True
        else:
            d.press("h")
            said = texts(d)[-1]
            assert (seat, card) in d.scene.shown.trick, "Hint left the card in the air"
            assert said == rules_hint(d.scene.shown.view, d.scene.names), said
            checked_hint = True
    assert checked_t and checked_hint


def test_t_names_a_whole_trick_still_on_the_table_and_who_takes_it():
    # The engine's view after a trick's fourth card already has the next lead; while
    # the table still shows the four cards (held, then gathered), T said "trick 5 of
    # 13: Noor to lead" over them. It names that trick and its taker instead, and the
    # next lead once the cards are gathered.
    d = listening(speed="normal")
    for _ in range(6000):
        if d.situation() is not None:
            act(d, d.situation())
            continue
        d.frame()
        shown = d.scene.shown
        if len(shown.trick) == 4 and shown.winner_card is not None:
            break
    else:
        raise AssertionError("no whole trick held on the table")
    number = sum(shown.tricks_won) + 1
    taker = next(seat for seat, card in shown.trick if card == shown.winner_card)
    d.press("t")
    said = texts(d)[-1]
    who = "you take it" if taker == 0 else f"{d.scene.names[taker]} takes it"
    assert said.startswith(f"Hand {shown.hand_number + 1}, trick {number} of 13: "), said
    assert said.endswith(f"; {who}."), said
    assert all(f"{d.scene.names[s] if s else 'you'} {card_words(c)}" in said
               for s, c in shown.trick), said
    d.until(lambda: not d.scene.shown.trick)
    d.press("t")
    assert "to lead" in texts(d)[-1] or "bidding" in texts(d)[-1], texts(d)[-1]


def test_the_suggested_bid_is_said():
    d = listening()
    d.wait_for_player()
    d.frame(40)  # "Your turn" waits for the words before it
    suggested = d.scene.suggested_bid_value()
    assert suggested is not None
    turn = [t for t in texts(d) if t.startswith("Your turn to bid")][-1]
    assert turn.endswith(f"Suggested: {suggested if suggested else 'nil'}."), turn
    d.press("tab")  # the first Tab goes to the suggested bid
    assert texts(d)[-1] == f"Bid {suggested}, suggested."


def test_c_at_the_players_turn_says_the_coachs_advice():
    d = listening()
    d.wait_for_player()
    d.frame(40)
    d.press("c")
    assert d.scene.options.coach
    assert texts(d)[-1].startswith("Coach on. Coach: "), texts(d)[-1]


def play_turn_with_a_suit_to_follow(d: Driver) -> None:
    """Bid the suggestion, then play the first legal card until the player must follow
    a suit it holds among others."""
    for _ in range(60):
        situation = d.wait_for_player()
        view = d.scene.match.view(0)
        if situation == "play" and view.trick and view.legal_card_mask() != view.hand:
            return
        decide_by_keyboard(d, situation)
    pytest.fail("never had a suit to follow")


def test_the_hint_says_in_words_which_cards_may_be_played():
    d = listening()
    play_turn_with_a_suit_to_follow(d)
    view = d.scene.match.view(0)
    d.press("h")
    said = texts(d)[-1]
    assert "raised" not in said
    suit = SUIT_NAMES[view.led_suit]
    assert said.endswith(f"so only your {suit} may be played."), said


def test_home_end_and_shift_arrows_move_through_the_hand():
    d = listening()
    play_turn_with_a_suit_to_follow(d)
    hand = [c for c in d.scene.controls if c.group == "hand"]
    suits = [suit_of(c.key[1]) for c in hand]
    d.press("end")
    assert d.scene.focus == hand[-1].key
    d.press("home")
    assert d.scene.focus == hand[0].key
    said = texts(d)[-1]
    assert said.lower().startswith(d.scene.announcer.focus_card(hand[0].key[1], True).text
                                   .lower().split(",")[0].rstrip("."))
    d.press("right", shift=True)  # the next suit's first card
    nxt = next(i for i, s in enumerate(suits) if s != suits[0])
    assert d.scene.focus == hand[nxt].key
    d.press("left", shift=True)  # back to the first suit's first card
    assert d.scene.focus == hand[0].key
    d.press("left", shift=True)  # before the first suit: said, the focus stays
    assert d.scene.focus == hand[0].key and texts(d)[-1].startswith("That is the first suit")


def test_no_middle_dot_is_read_aloud(page):
    d = menu_driver("--speed", "instant")
    d.app.settings = replace(d.app.settings, announcements=True, announcements_offered=True)
    d.app.show(JourneyScreen(d.app))
    d.frame()
    d.press("tab")
    said = " ".join(text for text, _ in page)
    assert "Level 1: " in said and "\u00b7" not in said, said


def test_settings_say_what_announcements_give_without_a_screen_reader(page):
    d = menu_driver("--speed", "instant")
    d.app.settings = replace(d.app.settings, announcements=True, announcements_offered=True)
    d.app.show(SettingsScreen(d.app))
    d.frame()
    focus_row(d, "announcements")
    d.frame()
    said = page[-1][0]
    assert said.startswith("Announcements: on.") and "as captions" not in said
    assert "With no screen reader running nothing is spoken" in said
    assert "F2" in said
