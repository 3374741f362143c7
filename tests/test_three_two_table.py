"""The App's table for three (cutthroat) and for two (two-handed), driven through the
real interface: whole matches by mouse, touch and keys, two-handed's draw by each
input and by ear, the saves, the strengths offered, and the layouts at every size.
"""

from __future__ import annotations

import random

import pytest
from pygame import Rect
from test_phone_table import drawn, finger_square, owners
from ui_driver import Driver, act, decide_by_keyboard, drawn_records, play_until

from spades import ai
from spades.engine import DISCARD, KEEP, Bid, Match, preset
from spades.ui.art.cardart import index_depth
from spades.ui.layout.base import NORTH, PLACES, SOUTH, hand_size
from spades.ui.layout.window import compute_layout
from spades.ui.seating.strengths import offered_strengths, seat_strengths
from spades.ui.speech.announce import Announcer

CUTTHROAT = preset("cutthroat,target=150")  # a whole match in a few hands
TWO_HANDED = preset("two-handed,target=150")


def play_match(d: Driver, how: str, limit: int = 400_000) -> None:
    """The player's every decision by ``how`` (mouse, touch or keys) to the match's end."""
    for _ in range(limit // 50):
        situation = d.wait_for_player(limit=50_000)
        if situation == "over":
            return
        if how == "keys":
            decide_by_keyboard(d, situation)
        else:
            act(d, situation, touch=how == "touch")
    pytest.fail("the match never ended")


@pytest.mark.parametrize("rules,how,size", [
    (CUTTHROAT, "mouse", "1280x720"), (CUTTHROAT, "keys", "800x600"),
    (CUTTHROAT, "touch", "390x844"), (TWO_HANDED, "keys", "1280x720"),
    (TWO_HANDED, "touch", "390x844"), (TWO_HANDED, "mouse", "800x600"),
])
def test_a_whole_match_of_three_or_two_plays_to_its_end_per_player(rules, how, size):
    d = Driver("--size", size, "--speed", "fast", rules=rules)
    scene = d.scene
    assert scene.match.rules.seats == rules.seats
    assert len(scene.layout.badges) == rules.seats == len(scene.names)
    play_match(d, how)
    match = d.scene.match
    assert match.is_over and len(match.scores) == rules.seats
    # Each player's own score, by name: the top bar and the result say every one.
    words = d.record_text()
    d.frame()
    said = " ".join(text for text, _ in words)
    for seat, name in enumerate(d.scene.names):
        assert str(match.scores[seat]) in said, (name, said)
    assert len(d.scene.result.scores) == rules.seats
    assert "Us" not in [text for text, _ in words] and "Them" not in [t for t, _ in words]


def draw_turn(d: Driver) -> int:
    assert d.wait_for_player() == "draw"
    return d.scene.offered_card()


@pytest.mark.parametrize("how", ["click", "tap", "key", "enter"])
@pytest.mark.parametrize("choice", [KEEP, DISCARD])
def test_the_draw_is_chosen_by_mouse_touch_and_keys_from_the_engines_actions(how, choice):
    d = Driver("--size", "390x844" if how == "tap" else "1280x720", rules=TWO_HANDED)
    card = draw_turn(d)
    view = d.scene.view
    assert card == view.drawn and set(view.legal_actions()) == {KEEP, DISCARD}
    assert d.scene.screen_kind() == "draw_choice"
    before = len(d.scene.match.actions)
    key = ("btn", "keep" if choice == KEEP else "discard")
    if how == "click":
        d.click(key)
    elif how == "tap":
        d.tap(key)
    elif how == "key":
        d.press("k" if choice == KEEP else "d")
    else:  # Tab to the button, Enter presses it
        for _ in range(40):
            if d.scene.focus == key:
                break
            d.press("tab")
        d.press("enter")
    assert d.scene.match.actions[before] == choice
    # The card flies to the hand (kept) or to the pile face up (discarded).
    d.until(lambda: d.scene.idle, 400)
    shown = d.scene.shown
    if choice == KEEP:
        assert card in shown.hand
    else:
        assert card in shown.discards and card not in shown.hand
    assert shown.deck_left == d.scene.match.view(0).stock_left


def test_the_other_players_draws_show_only_what_the_player_may_see():
    """A face-up discard shows by face, the other's kept card and face-down discard as
    backs; the stock counts down two a turn; after the draw, thirteen cards each."""
    d = Driver("--size", "1280x720", rules=TWO_HANDED)
    seen_flights: set[int] = set()
    backs = []
    fly = d.scene._fly

    def watched(card, *args, **kwargs):
        seen_flights.add(card) if card is not None else backs.append(card)
        return fly(card, *args, **kwargs)

    d.scene._fly = watched
    stocks = []
    for _ in range(26):
        situation = d.wait_for_player()
        stocks.append(d.scene.shown.deck_left)
        if situation != "draw":
            break
        act(d, situation)
    d.until(lambda: d.scene.view.phase != "drawing" and d.scene.idle, 2000)
    assert stocks[:3] == [52, 48, 44] or stocks[:3] == [50, 46, 42]
    view = d.scene.view
    assert view.phase == "bidding" and view.hand_sizes == (13, 13)
    # Every card the player saw fly is theirs, shown face up, or buried by them.
    match = d.scene.match
    allowed = match.hands[0] | match.draw.shown_mask | match.draw.buried[0]
    assert seen_flights and all(allowed >> c & 1 for c in seen_flights)
    assert len(backs) >= 13  # the other player's 13 kept cards at least, as backs
    assert not d.scene.shown.drawing and d.scene.shown.sizes == [13, 13]


def test_the_draw_is_said_by_ear_as_each_player_may_know_it():
    match = Match(TWO_HANDED, 3)
    ear = Announcer(("You", "Noor"))
    said = [ear.event_text(e, match.view(0)) for e in match.opening_events]
    assert "The draw" in said[0]
    texts = []
    while match.phase == "drawing":
        seat = match.to_act
        view0 = match.view(0)
        if seat == 0:
            turn = ear.your_turn(view0).text
            assert "top card is" in turn and "K keeps" in turn
        action = KEEP if len(match.actions) % 3 else DISCARD
        events = match.apply(action)
        texts += [ear.event_text(e, match.view(0)) for e in events]
    mine = [t for t in texts if t and t.startswith("You ")]
    theirs = [t for t in texts if t and t.startswith("Noor ")]
    assert len(mine) == len(theirs) == 13  # 26 turns, taken in turn
    assert all(" of " in t for t in mine)  # the player's own cards by name
    assert any(t.startswith("Noor keeps a card.") for t in theirs)  # never named
    assert any("discards the" in t and "face up" in t for t in theirs)
    assert "The draw is over" in texts[-1] or "The draw is over" in texts[-2]


def test_the_table_of_three_is_said_per_player():
    match = Match(CUTTHROAT, 5)
    ear = Announcer(("You", "Wren", "Eli"))
    for e in match.opening_events:
        ear.event_text(e, match.view(0))
    while match.phase == "bidding":
        seat = match.to_act
        view = match.view(seat)
        events = match.apply(view.legal_actions()[3])
        for e in events:
            text = ear.event_text(e, match.view(0))
    assert text.startswith("Contracts: you ") and "Wren" in text and "Eli" in text
    assert "team" not in text
    scores = ear.read_scores(match.view(0)).text
    assert "you 0" in scores and "Wren 0" in scores and "Eli 0" in scores
    assert "trick 1 of 17" in ear.whose_turn(match.view(0)).text


@pytest.mark.parametrize("rules", [CUTTHROAT, TWO_HANDED])
def test_a_saved_match_of_three_or_two_resumes_with_continue(rules):
    d = Driver("--size", "1280x720", rules=rules)
    for _ in range(6):
        situation = d.wait_for_player()
        act(d, situation)
    actions = list(d.scene.match.actions)
    app = d.app
    app.continue_match()
    scene = app.scene
    assert scene.match.rules == rules and list(scene.match.actions) == actions
    assert len(scene.layout.badges) == rules.seats
    d.frame(5)


def test_the_strengths_offered_are_those_the_players_play_at_that_seat_count(monkeypatch):
    four = preset("standard")
    assert offered_strengths(four) == ("easy", "normal", "hard")
    for rules in (CUTTHROAT, TWO_HANDED):
        assert offered_strengths(rules) == tuple(
            s for s in ("easy", "normal", "hard") if ai.alone_refusal(s, rules) is None)
        chosen = seat_strengths(("hard", "easy", "hard"), rules)
        assert len(chosen) == rules.seats - 1
        assert all(ai.alone_refusal(s, rules) is None for s in chosen)
    # When hard plays alone, the App offers it without a change of its own.
    monkeypatch.setattr(ai, "ALONE_STRENGTHS", (*ai.ALONE_STRENGTHS, "hard"))
    assert "hard" in offered_strengths(CUTTHROAT)
    assert seat_strengths(("hard", "easy", "hard"), CUTTHROAT) == ("hard", "hard")


SIZES = [(320, 480), (390, 844), (360, 640), (480, 320), (844, 390), (800, 600),
         (1024, 768), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]


@pytest.mark.parametrize("seats", [3, 2])
@pytest.mark.parametrize("size", SIZES)
def test_the_layouts_of_three_and_two_keep_everything_in_the_window_and_apart(seats, size):
    lay = compute_layout(*size, seats)
    window = Rect(0, 0, *size)
    cards = hand_size(seats)
    assert lay.places == PLACES[seats] and len(lay.badges) == seats
    assert len(lay.bid_buttons) == cards + 1
    hand = lay.hand_rects(cards, lay.hand_split([0] * 5 + [1] * 4 + [2] * 4 + [3] * (
        cards - 13)))
    rects = [*lay.badges, *lay.trick_slots, *hand, *lay.bid_buttons, lay.bid_confirm,
             *lay.toolbar.values(), lay.top_bar, lay.status]
    for seat in range(1, seats):
        rects += lay.fan_rects(seat, cards) + lay.packet_rects(seat, cards)
    for r in rects:
        assert window.contains(r), (r, size)
    # The seats' badges apart from each other, from the trick and from the hand.
    area = hand[0].unionall(hand)
    for i, a in enumerate(lay.badges):
        assert not a.colliderect(area), (i, size)
        for b in lay.badges[i + 1:]:
            assert not a.colliderect(b)
        for slot in lay.trick_slots:
            assert not a.colliderect(slot)
    for a in lay.trick_slots:
        assert not a.colliderect(area)
    for seat in range(1, seats):
        for back in lay.fan_rects(seat, cards):
            assert not back.colliderect(area)
    assert lay.place(0) == SOUTH and (seats != 2 or lay.place(1) == NORTH)



@pytest.mark.parametrize("seats", [3, 2])
@pytest.mark.parametrize("size", [*SIZES, (568, 320), (640, 360), (360, 740), (375, 667)])
def test_every_bid_is_a_whole_tap_clear_of_the_hands_cards(seats, size):
    """Each bid button and Confirm is at least the window's tap target each way (48 px
    on a phone), inside the window, apart from each other, and the bid panel leaves
    the unraised hand's cards in view: cutthroat's 18 bids were 47 px high at 320x480
    and 41 px wide at 480x320 (two rows of ten in a phone on its side)."""
    lay = compute_layout(*size, seats)
    window = Rect(0, 0, *size)
    cards = hand_size(seats)
    buttons = [*lay.bid_buttons, lay.bid_confirm]
    for i, r in enumerate(buttons):
        assert r.width >= lay.target and r.height >= lay.target, (size, i, r, lay.target)
        assert window.contains(r) and lay.bid_panel.contains(r), (size, i, r)
        for other in buttons[i + 1:]:
            assert not r.colliderect(other), (size, r, other)
    for card in lay.hand_rects(cards):
        assert not lay.bid_panel.colliderect(card), (size, card, lay.bid_panel)

@pytest.mark.parametrize("size", [(390, 844), (320, 480), (360, 740), (375, 667)])
def test_seventeen_cards_upright_show_each_index_and_a_fingers_square(size):
    """Cutthroat's 17 cards on a phone: three rows, each card's whole corner index in
    view and a 44 x 44 px square no other card covers, whatever is raised."""
    lay = compute_layout(*size, 3)
    assert lay.hand_rows == 3
    rng = random.Random(size[0])
    depth = index_depth(lay.card_w)
    corner_w = round(lay.card_w * 0.32)
    box = lay.hand_area.inflate(0, 2 * lay.lift).clip(Rect(0, 0, *size))
    for count in (17, 16, 12, 9, 5):
        for raised in (set(), set(range(count)), {i for i in range(count) if rng.random() < .5}):
            rects = drawn(lay, count, None, raised)
            grid = owners(rects, box)
            for i, r in enumerate(rects):
                assert box.contains(r)
                shown = all(grid[y - box.top][x - box.left] == i
                            for y in range(r.top, r.top + depth)
                            for x in range(r.left, r.left + corner_w))
                assert shown, (size, count, sorted(raised), i, "index covered")
                if i in raised or not raised:
                    assert finger_square(grid, box, i) is not None, (size, count, i)


def test_the_arguments_start_cutthroat_and_two_handed():
    for name in ("cutthroat", "two-handed"):
        d = Driver("--rules", name, "--size", "800x600")
        assert d.scene.match.rules.game == name
        d.frame(3)


@pytest.mark.parametrize("name", ["cutthroat", "two-handed", "standard"])
def test_a_page_starts_a_local_match_of_any_game_through_start_game(name):
    """``App.start_game(rules)``: the entry point the menu and How to play use."""
    d = Driver("--size", "800x600", start=False)
    d.app.start_game(preset(name))
    scene = d.scene
    assert scene.match.rules == preset(name) and len(scene.layout.badges) == \
        preset(name).seats
    assert set(scene.players) == set(range(1, preset(name).seats))
    d.frame(3)


@pytest.mark.parametrize("name,size", [("cutthroat", "390x844"), ("two-handed", "1280x720")])
def test_the_app_sits_at_a_friends_table_of_three_or_two_and_plays_it_through(server, name,
                                                                              size):
    """A real server on 127.0.0.1: Ann creates a table of the game and sits with the
    App's player, who plays every decision by touch or mouse (the draw included) until
    the match ends; a computer takes the open seat."""
    import asyncio

    from server_support import client
    from ui_driver import until

    from spades.engine.rules import SEAT_PRESETS
    from spades.ui.pages.friends import WaitingRoomScreen, make_client
    from spades.ui.table.scene import TableScene

    d = Driver("--speed", "fast", "--size", size, start=False)
    rules = {**SEAT_PRESETS[name].to_dict(), "target": 60}  # a match of a hand or two

    async def play():
        ann = client(server.url)
        ann.create("Ann", rules, strength="easy", pace=0)
        await until(d, lambda: ann.status == "ready" and ann.table, friends=[ann])
        d.app.settings = d.app.settings.__class__(player_name="Lee")
        mine = make_client(server.url)
        mine.join(ann.code, "Lee")
        d.app.show(WaitingRoomScreen(d.app, mine))
        await until(d, lambda: mine.status == "ready" and mine.table, friends=[ann])
        assert len(mine.table["seats"]) == SEAT_PRESETS[name].seats
        d.frame()
        ann.start()
        await until(d, lambda: isinstance(d.scene, TableScene), friends=[ann])
        table = d.scene
        assert table.shared and len(table.layout.badges) == SEAT_PRESETS[name].seats
        assert "Ann" in table.names and "Lee" in table.names[0] + "You"
        touch = size == "390x844"
        for _ in range(3000):
            await until(d, lambda: d.situation() is not None, friends=[ann], frames=6000,
                        play=True)
            situation = d.situation()
            if situation == "over":
                break
            if situation == "bid":  # no suggestion at a shared table: a legal bid
                press = d.tap if touch else d.click
                bids = sorted(a.value for a in table.view.legal_actions()
                              if isinstance(a, Bid) and a.value > 0)
                press(("bid", bids[min(2, len(bids) - 1)]))
                press(("btn", "confirm"))
            else:
                act(d, situation, touch=touch)
        assert table.match.is_over
        assert len(table.result.scores) == SEAT_PRESETS[name].seats
        ann.close()
        mine.close()

    asyncio.run(asyncio.wait_for(play(), 280))


def test_the_menus_continue_names_each_players_score_of_a_saved_match_of_three():
    """The random-input tester's first find: the menu's Continue unpacked a saved
    match's scores as two ("us, them") and a saved cutthroat match crashed the menu."""
    from ui_driver import drawn_words

    d = Driver("--size", "1280x720", rules=CUTTHROAT)
    act(d, d.wait_for_player())
    names = d.scene.names
    d.app.show_menu()
    words = " ".join(drawn_words(d))
    assert f"you 0, {names[1]} 0, {names[2]} 0" in words, words


@pytest.mark.parametrize("rules", [CUTTHROAT, TWO_HANDED])
def test_replay_deal_and_computers_way_at_three_and_two(rules):
    """Replay deal plays the same cards again (two-handed: from the same stock, the draw
    again); Computer's way replays the hand with hard in the player's seat and each
    other seat's own strength."""
    d = Driver("--size", "1280x720", "--speed", "fast", rules=rules)
    while (situation := d.wait_for_player(limit=50_000)) != "breakdown":
        act(d, situation)
    table = d.scene
    result = table.finished_hand()
    d.press("w")
    assert table.overlays[-1] == "compare" and table.comparison is not None
    assert len(table.comparison.players) == rules.seats
    d.press("escape")
    d.press("r")
    d.frame(5)
    replay = d.scene
    assert replay is not table and replay.replay
    if rules.draws:
        assert replay.match.draw.stock == result.stock
    else:
        assert tuple(replay.match.hands) == tuple(result.hands)
    while (situation := d.wait_for_player(limit=50_000)) != "breakdown":
        act(d, situation)
    assert d.scene is replay and replay.match.history[-1].hand_number == result.hand_number


@pytest.mark.parametrize("name", ["cutthroat", "two-handed"])
def test_computers_way_replays_a_hand_of_three_or_two_to_its_end(name):
    from spades.ai import make_player
    from spades.ai.compare import Comparison, difference_words, seat_summary

    rules = preset(name)
    match = Match(rules, 5)
    players = [make_player("normal", seed=s) for s in range(rules.seats)]
    while not match.history:
        match.apply(players[match.to_act].choose(match.view(match.to_act)))
    result = match.history[0]
    comparison = Comparison(result, ("hard",) + ("normal",) * (rules.seats - 1), 5,
                            rollouts=8)
    again = comparison.finish()
    assert again.rules == rules and len(again.teams) == rules.seats
    assert difference_words(comparison)
    mine = seat_summary(result, 0)
    assert mine["margin"] == result.teams[0].points - max(
        t.points for t in result.teams[1:])


def test_the_bar_says_a_nil_of_a_player_alone_as_nil_not_won_0_of_0():
    d = Driver("--size", "1280x720", rules=CUTTHROAT)
    scene = d.scene
    scene.shown.bids = [5, 6, 0]
    scene.shown.tricks_won = [1, 2, 0]
    words = d.app.drawer.phone_bar_words(scene, 2)
    assert words[0].startswith("· nil · won 0") and "of 0" not in " ".join(words)
    assert d.app.drawer.phone_bar_words(scene, 0)[0].startswith("· bid 5 · won 1")


@pytest.mark.parametrize("size", ["320x480", "390x844", "480x320", "844x390", "800x600",
                                  "1280x720", "2560x1440"])
def test_the_draws_stock_pile_card_and_buttons_stand_apart_in_the_window(size):
    d = Driver("--size", size, rules=TWO_HANDED)
    draw_turn(d)
    scene = d.scene
    lay = scene.layout
    spots = scene.draw_spots()
    window = Rect(0, 0, lay.width, lay.height)
    for i, a in enumerate(spots):
        assert window.contains(a), (size, a)
        assert min(a.size) > 0
        for b in spots[i + 1:]:
            assert not a.colliderect(b), (size, a, b)
        for badge in lay.badges:
            assert not a.colliderect(badge), (size, a, badge)
        assert not a.colliderect(lay.top_bar)
    for key in (("btn", "keep"), ("btn", "discard")):
        rect = d.control(key).rect
        assert rect.width >= lay.target and rect.height >= lay.target


@pytest.mark.parametrize("size", ["320x480", "390x640", "390x844", "480x320", "800x600",
                                  "1280x720"])
def test_the_draws_words_over_its_cards_stand_apart(size):
    """The stock's, the pile's and the offered card's words never run into each other:
    on a narrow phone the three cards sit closer than "Your card" and "Discards 3" are
    wide (they read "Your cardDiscards 3" at 390x640), so the counts go on plates at
    the cards' feet there."""
    d = Driver("--size", size, rules=TWO_HANDED)
    draw_turn(d)
    d.app.drawer.text._cache.clear()
    labels = [r for r in drawn_records(d) if r.rect is not None and (
        r.text.startswith(("Stock", "Discards")) or r.text == "Your card"
        or r.text.isdigit())]
    stock = d.scene.draw_spots()[0]
    assert any(r.rect.colliderect(stock.inflate(0, 40)) for r in labels), size
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            assert not a.rect.inflate(4, 0).colliderect(b.rect), (size, a, b)


def draw_to_a_face_on_the_pile(d: Driver) -> None:
    """The player discards until the pile's top card is face up (one discarded by
    hand is shown, whoever drew it)."""
    draw_turn(d)
    while not d.scene.shown.discards or d.scene.shown.discards[-1] is None:
        d.click(("btn", "discard"))
        draw_turn(d)


@pytest.mark.parametrize("size", ["480x320", "568x320", "390x844", "800x600", "1280x720",
                                  "320x480", "390x640"])
def test_the_draws_labels_fit_their_buttons_and_its_counts_hide_no_index(size):
    """Keep's and Discard's labels lie inside their buttons, and the stock's and the
    pile's counts cover no corner index of the cards: at 480x320 "Discard" was wider
    than its button and ran over the pile's card, and the count plates at the cards'
    feet hid their bottom indices (fresh-eye review)."""
    d = Driver("--size", size, rules=TWO_HANDED)
    draw_to_a_face_on_the_pile(d)
    scene = d.scene
    stock, pile, offer, _, _ = scene.draw_spots()
    record = drawn_records(d)
    for key in (("btn", "keep"), ("btn", "discard")):
        control = d.control(key)
        label = [r for r in record if r.rect is not None and r.text == control.label]
        assert label and control.rect.contains(label[0].rect), (size, control.label)
    # What shows of each face at its corners is the card's own art, pixel for pixel
    # (2 px in from the edge, where the offered card's gold frame rounds its corner).
    screen, art = d.app.screen, d.app.drawer.art
    for card, rect in ((scene.shown.discards[-1], pile), (scene.offered_card(), offer)):
        face = art.face(card, rect.width)
        depth, corner_w = index_depth(rect.width), round(rect.width * 0.32)
        for x0, y0 in ((2, 2), (rect.width - corner_w - 2, rect.height - depth - 2)):
            hidden = [(x, y) for x in range(x0, x0 + corner_w) for y in range(y0, y0 + depth)
                      if face.get_at((x, y)).a == 255
                      and screen.get_at((rect.x + x, rect.y + y)) != face.get_at((x, y))]
            assert not hidden, (size, card, (x0, y0), hidden[:3])


@pytest.mark.parametrize("rules", [TWO_HANDED, CUTTHROAT])
def test_by_ear_the_app_says_the_draw_and_each_players_score(rules, tmp_path, monkeypatch):
    """With announcements on, the App says two-handed's draw as the player may know
    it (their card by name at their turn, what they kept), and each player's contract
    and score by name at three and two (never a team)."""
    from dataclasses import replace

    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))
    d = Driver("--speed", "instant", "--size", "1280x720", start=False)
    d.app.settings = replace(d.app.settings, announcements=True)
    d.app.options = d.app.table_options()
    d.app.options.rules = rules
    d.app.start()
    for _ in range(50_000):  # as a listener plays: hear the turn, then act
        situation = d.situation()
        if situation == "breakdown":
            break
        if situation in ("draw", "bid", "blind", "play") and d.scene.turn_to_say is not None:
            d.frame()
        elif situation is not None:
            decide_by_keyboard(d, situation)
        elif d.scene.held_by_words() and d.scene.idle:
            d.press("enter")  # heard enough: the computer goes on
        else:
            d.frame()
    said = " ".join(d.scene.transcript.texts())
    assert "V the hand with all cards seen" in said  # the solver answers three and two
    names = d.scene.names
    if rules.draws:
        assert "Your turn to draw: the top card is the" in said
        assert "You keep the" in said or "You discard the" in said
    assert "Contracts: you " in said and all(name in said for name in names[1:])
    assert "team" not in said.lower()
    assert "Hand 1 scored: you " in said



@pytest.mark.parametrize("seats", [3, 2])
def test_a_table_of_three_or_two_under_the_caption_band_moves_each_seat_once(seats):
    """The random-input tester's find: with the captions' band on (announcements),
    the player's badge of a table of two was drawn under the window's foot, moved
    twice (its Rect was in two of the layout's lists)."""
    from spades.ui.layout.window import compute_layout_below

    for size in ((800, 600), (390, 844), (333, 777)):
        plain = compute_layout(*size, seats)
        below = compute_layout_below(size[0], size[1], 60, seats)
        window = Rect(0, 0, *size)
        for seat in range(seats):
            assert window.contains(below.badges[seat]), (size, seat)
        raised = compute_layout(size[0], size[1] - 60, seats)
        for seat in range(seats):  # each moved by the band once
            assert below.badges[seat].top == raised.badges[seat].top + 60, (size, seat)
        assert plain.places == below.places


@pytest.mark.parametrize("rules", [CUTTHROAT, TWO_HANDED, preset("standard")])
@pytest.mark.parametrize("size", ["480x320", "568x320", "640x360", "844x390", "320x480",
                                  "390x844", "800x600"])
def test_the_top_bars_names_scores_and_words_never_run_into_each_other(rules, size):
    """Every side's name, score and words in the top bar stand apart and clear of the
    toolbar, with scores as wide as a match makes them: three players beside a phone's
    toolbar on its side read "You 0 Wren 0 Eli 0" drawn over one another at 480x320
    (40 px a player), so there each side takes a row of its own."""
    d = Driver("--size", size, rules=rules)
    play_until(d, "play")  # no bid panel over the bar (the smallest phones' takes it)
    scene = d.scene
    scene.shown.scores = (-150, 1020, 480)[:rules.sides]
    scene.shown.bags = (9, 4, 7)[:rules.sides]
    scene.shown.sync = lambda *args: None  # the scores as set, not the match's 0s
    lay = scene.layout
    bar = lay.top_bar
    tools = [r for r in lay.toolbar.values() if r.colliderect(bar)]
    texts = [r for r in drawn_records(d) if r.rect is not None and r.rect.width and
             bar.colliderect(r.rect) and not any(t.contains(r.rect) for t in tools)]
    names = {scene.names[s] for s in range(rules.seats)} | {"Us", "Them"}
    assert sum(r.text in names for r in texts) == rules.sides, [r.text for r in texts]
    def ink(r):  # the line's middle: its surface has room for accents and descenders
        return r.rect.inflate(0, -r.rect.height // 3)

    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            assert not ink(a).colliderect(ink(b)), (size, a.text, b.text)
        for t in tools:
            assert a.rect.right <= t.left or a.rect.left >= t.right, (size, a.text, t)
