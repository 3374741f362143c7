"""Choosing cutthroat (three players) or two-handed (two) from the menu, and what the
pages around the table say of them (issue 56, item 4's pages): House rules offers the
game first, by mouse, finger and keys; the choice is kept with the settings across a
restart; what a game of three or two cannot play is shown unavailable with the
engine's reason; How to play has a section for each game, within the window at a
phone's size and a desktop's. Driven through the real App."""

from __future__ import annotations

import pytest
from ui_driver import Driver, drawn_words, focus_row, menu_driver

from spades import storage
from spades.engine.rules import PRESETS, SEAT_PRESETS, Rules, RulesError
from spades.ui.pages.house_rules import HouseRulesScreen
from spades.ui.pages.menu import RulesScreen

GAMES = {3: ("cutthroat", "Three: Cutthroat"), 2: ("two-handed", "Two: Two-handed")}


@pytest.fixture(autouse=True)
def clean_store():
    """Each test starts and ends with no saved settings: a game of three or two left
    in the tests' store would reach the next test's App."""
    yield
    d = Driver("--speed", "instant", start=False)
    storage.clear_all(d.app.store)


def house_rules(size: str = "1280x720"):
    d = menu_driver("--speed", "instant", "--size", size)
    d.click(("row", "new"))
    assert isinstance(d.scene, HouseRulesScreen)
    return d


def click_row(d, key: str, part: int | None = None) -> None:
    """Scroll row ``key`` into view (as the wheel would) and click it, or its stepper's
    ``<`` (0) or ``>`` (1)."""
    row = d.scene.row_of(("row", key))
    d.scene.area.offset = min(row.box.y, d.scene.area.content_h - d.scene.area.view.height)
    d.frame()
    row = d.scene.row_of(("row", key))
    d.click(row if part is None else row.halves(d.scene.look())[part].center)


def step_game(d, players: int, how: str) -> None:
    """Step the game row on to ``players`` by mouse, finger or keys."""
    for _ in range(4):
        if d.app.settings.rules.players == players:
            return
        row = d.scene.row_of(("row", "game"))
        forward = row.halves(d.scene.look())[1].center
        if how == "mouse":
            d.click(forward)
        elif how == "touch":
            d.tap(forward)
        else:
            focus_row(d, "game")
            d.press("right")
    pytest.fail(f"the game row never reached {players} players")


@pytest.mark.parametrize("how", ["mouse", "touch", "keys"])
@pytest.mark.parametrize("players", [3, 2])
def test_each_game_is_chosen_from_the_menu_and_kept_across_a_restart(players, how):
    name, value = GAMES[players]
    d = house_rules("390x844" if how == "touch" else "1280x720")
    step_game(d, players, how)
    settings = d.app.settings
    assert settings.preset == name and settings.rules == SEAT_PRESETS[name]
    assert d.scene.row_of(("row", "game")).value == value
    # Kept at once, in the settings document.
    assert storage.load_settings(d.app.store).rules == SEAT_PRESETS[name]
    # A restart: a new App on the same store reads the game back.
    again = Driver("--speed", "instant", start=False)
    assert again.app.settings.preset == name
    assert again.app.settings.rules.players == players
    again.app.show_house_rules()
    again.frame()
    assert again.scene.row_of(("row", "game")).value == value
    assert value in drawn_words(again)
    # Back to four: the standard rule set again.
    step_game(again, 4, how)
    assert again.app.settings.preset == "standard"
    assert again.app.settings.rules == PRESETS["standard"]


def test_a_custom_game_of_three_is_kept_and_counted_as_its_own():
    d = house_rules()
    step_game(d, 3, "mouse")
    click_row(d, "details")
    click_row(d, "target", 1)
    rules = d.app.settings.rules
    assert d.app.settings.preset == "custom"
    assert rules == SEAT_PRESETS["cutthroat"].with_options(target=300)
    again = Driver("--speed", "instant", start=False)
    assert again.app.settings.rules == rules
    assert again.app.settings.preset == "custom"


@pytest.mark.parametrize("players", [3, 2])
def test_what_a_game_of_three_or_two_cannot_play_says_why_in_the_engines_words(players):
    name, _ = GAMES[players]
    d = house_rules()
    step_game(d, players, "mouse")
    click_row(d, "details")
    rules = d.app.settings.rules
    # Every option the engine refuses to change here is unavailable, with the reason.
    refused = {"team_cap_13": True, "min_team_bid": 4, "max_nils_per_team": 1,
               "nil_pass": 1, "ten_for_200": True, "boston": True}
    if players == 2:
        refused["blind_nil"] = True
    for option, value in refused.items():
        with pytest.raises(RulesError):
            rules.with_options(**{option: value})
        row = d.scene.row_of(("row", option))
        assert not row.enabled, option
        assert row.note.startswith(f"Not in {name}: "), row.note
        assert "_" not in row.note, row.note  # an option's label, never its name
        # A tap on it says why, and changes nothing.
        click_row(d, option)
        assert d.app.settings.rules == rules
        assert d.scene.message and d.scene.message[0] == row.note
    # The engine's sentence, its option names said as the page's labels.
    note = d.scene.row_of(("row", "nil_pass")).note
    assert note == f"Not in {name}: Nil card passing goes between partners; {name} has no " \
        "partners.", note
    note = d.scene.row_of(("row", "team_cap_13")).note
    assert note.startswith(f"Not in {name}: 'Partners bid at most 13' limits"), note
    # Options that follow a refused one go with it; the others stay open.
    assert not d.scene.row_of(("row", "boston_value")).enabled
    assert not d.scene.row_of(("row", "ten_for_200_set")).enabled
    for option in ("nil", "target", "bag_limit", "spades_lead_anytime"):
        assert d.scene.row_of(("row", option)).enabled, option
    # No partner, and only the computer players that play the game.
    partner = d.scene.row_of(("row", "partner_strength"))
    assert not partner.enabled and "No partner" in partner.note
    strengths = d.scene.row_of(("row", "opponents_strength")).choices
    assert "easy" in strengths and "normal" in strengths


def test_hard_opponents_become_ones_that_play_the_game_saying_why():
    from spades.ai import alone_refusal

    d = house_rules()
    d.app.settings = d.app.settings.__class__(opponents_strength="hard")
    d.frame()
    step_game(d, 3, "mouse")
    if alone_refusal("hard", SEAT_PRESETS["cutthroat"]) is None:
        assert d.app.settings.opponents_strength == "hard"  # hard plays three now
        return
    assert d.app.settings.opponents_strength == "normal"
    assert "normal" in d.scene.message[0] and "Hard" in d.scene.message[0]


def test_back_cancels_the_choice_of_game():
    d = house_rules()
    step_game(d, 2, "mouse")
    d.press("escape")
    assert d.app.settings.preset == "standard"
    assert storage.load_settings(d.app.store).rules == PRESETS["standard"]


def test_settings_read_a_game_of_three_or_two_and_refuse_a_damaged_one():
    for name, rules in SEAT_PRESETS.items():
        s = storage.Settings().with_preset(name)
        assert storage.Settings.from_json(s.to_json()) == s
        custom = s.with_rules(rules.with_options(target=250))
        assert custom.preset == "custom"
        assert storage.Settings.from_json(custom.to_json()) == custom
    doc = storage.Settings().with_preset("cutthroat").to_json()
    doc["rules"]["preset"] = "custom"
    doc["rules"]["options"]["nil_pass"] = 1  # the engine refuses it at three
    with pytest.raises(storage.DocumentError):
        storage.Settings.from_json(doc)
    assert Rules.from_dict(PRESETS["standard"].to_dict()) == PRESETS["standard"]


# --- How to play ------------------------------------------------------------------------

SECTIONS = {"cutthroat": ("Cutthroat", "17 to each player"),
            "two-handed": ("Two-handed", "keep it")}


@pytest.mark.parametrize("size", ["390x844", "1280x720"])
@pytest.mark.parametrize("how", ["keys", "touch", "wheel"])
def test_how_to_play_has_a_section_for_each_game_within_the_window(size, how):
    d = menu_driver("--speed", "instant", "--size", size)
    (d.tap if how == "touch" else d.click)(("row", "howto"))
    assert isinstance(d.scene, RulesScreen)
    width, height = d.app.screen.get_size()
    for game, (title, words) in SECTIONS.items():
        key = ("row", f"h_{game}")
        view = d.scene.area.view
        for _ in range(80):
            if view.contains(d.scene.row_of(key).rect):
                break
            if how == "touch":  # a finger drags the page up a fifth of its view
                x, y = view.centerx, view.bottom - view.height // 5
                d.drag((x, y), (x, y - view.height // 5))
                d.until(lambda: d.scene.area.velocity == 0, 200)
            elif how == "keys":
                d.press("pagedown")
            else:
                d.wheel(-1, view.center)
        heading = d.scene.row_of(key)
        text = d.scene.row_of(("row", f"t_{game}"))
        assert d.scene.area.view.contains(heading.rect), (game, heading.rect)
        assert title in heading.label and words in text.label
        assert 0 <= text.rect.left and text.rect.right <= width
        seen = " ".join(drawn_words(d))
        assert title in seen


@pytest.mark.parametrize("name", ["cutthroat", "two-handed"])
def test_how_to_play_tells_the_chosen_game_and_is_heard_by_ear(name):
    from spades.ui.speech.delivery import page_words

    d = menu_driver("--speed", "instant")
    d.app.settings = d.app.settings.with_preset(name)
    d.click(("row", "howto"))
    labels = [w.label for w in d.scene.placed]
    assert "Bidding alone" in labels and "Scoring per player" in labels
    assert ("The draw" in labels) == (name == "two-handed")
    own = labels[:labels.index("Another game: Spades, for four")]
    text = " ".join(own)
    assert ("17 to each player" in text) == (name == "cutthroat")
    # Its team words are gone: each plays alone.
    assert "your team" not in text.lower() and "your partner" not in text.lower()
    other = "two-handed" if name == "cutthroat" else "cutthroat"
    assert d.scene.row_of(("row", f"h_{other}")) is not None
    assert d.scene.row_of(("row", "h_partnership")) is not None
    # The table's own controls for the draw, as the table names them.
    assert ("K keeps the card you look at and D discards it" in text) == (
        name == "two-handed")
    # By ear: the page reader reads every section, the other games' too, in order.
    heard = " ".join(page_words(d.scene))
    for words in ("Bidding alone.", "Scoring per player.", "Another game: Spades, for four.",
                  "Each player is scored alone."):
        assert words in heard, words
    assert heard.index("Bidding alone") < heard.index("Another game")


@pytest.mark.parametrize("how", ["mouse", "touch", "keys"])
@pytest.mark.parametrize("players", [3, 2])
def test_start_match_and_play_seat_the_game_chosen(players, how):
    from spades.ui.table.scene import TableScene

    name, _ = GAMES[players]
    d = house_rules("390x844" if how == "touch" else "1280x720")
    step_game(d, players, how)
    if how == "keys":
        focus_row(d, "start")  # Tab on to Start match
        d.press("enter")
    else:
        (d.tap if how == "touch" else d.click)(("foot", "start"))
    assert isinstance(d.scene, TableScene)
    assert d.scene.match.rules == SEAT_PRESETS[name]
    assert len(d.scene.players) == players - 1
    # Kept: the menu's Play after a restart deals the same game.
    again = Driver("--speed", "instant", start=False)
    storage.clear_match(again.app.store)
    again.app.show_menu()
    again.frame()
    assert name.capitalize().split("-")[0] in again.scene.row_of(("row", "play")).note
    again.click(("row", "play"))
    assert isinstance(again.scene, TableScene)
    assert again.scene.match.rules.players == players
