"""Nil card passing at the table, driven through the real App: the player chooses the
cards to pass by mouse, finger and keys (and by ear), sees them go and what came back,
and the match goes on; House rules offers the option."""

from __future__ import annotations

from ui_driver import Driver, act

from spades.engine import LOOK, Bid, PassCards, cards_of, parse_cards, preset
from spades.engine.cards import mask_of
from spades.engine.legal import NIL
from spades.engine.match import Match
from spades.storage.saves import load_match, save_match
from spades.ui.table.scene import TableScene

# South holds the low cards of every suit, North the high ones but the aces (East's).
HANDS = ("2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S",
         "6C 7C 8C 9C 6D 7D 8D 9D 6H 7H 8H 9H 3S",
         "TC JC QC KC TD JD QD KD TH JH QH KH 4S",
         "AC AD AH 5S 6S 7S 8S 9S TS JS QS KS AS")


def passing_match(bids: tuple[int, int, int, int], nil_pass: int = 2) -> Match:
    """A match whose first hand was bid (South first: East deals) and now passes."""
    rules = preset(f"standard,nil_pass={nil_pass}")
    hands = [mask_of(parse_cards(text)) for text in HANDS]
    match = Match(rules, 7, start={"dealer": 3, "hands": hands, "scores": [0, 0],
                                   "bags": [0, 0]})
    for bid in bids:
        if LOOK in match.legal_actions():
            match.apply(LOOK)
        match.apply(Bid(bid))
    assert match.phase == "passing"
    return match


def table(match: Match, size: tuple[int, int] = (1280, 720),
          announcements: bool = False) -> Driver:
    """The App at a table playing ``match``, the seats named West, North and East."""
    d = Driver("--speed", "fast")
    d.app.options.names = ("You", "West", "North", "East")
    d.app.options.announcements = announcements
    d.app.scene = TableScene(d.app.options, match=match, input_mode=d.app.input)
    d.app.scene.set_layout(*size)
    d.frame()  # the table settles: the decision in front of the player is a new one
    return d


def card(text: str) -> int:
    return parse_cards(text)[0]


def test_the_nil_bidder_chooses_two_cards_by_mouse_and_sees_the_exchange():
    d = table(passing_match((NIL, 4, 4, 4)))
    assert d.wait_for_player() == "pass"
    scene = d.scene
    assert scene.screen_kind() == "nil_pass"
    heading, rule, chosen = scene.pass_words()
    assert heading == "Pass 2 cards to North" and "You bid nil" in rule
    confirm = d.control(("btn", "confirm"))
    assert not confirm.enabled and confirm.label == "Choose 2 more"
    resting = {c.key[1]: c.rect.y for c in scene.build_controls() if c.group == "hand"}
    d.click(("card", card("5H")))
    d.click(("card", card("2S")))
    assert scene.pass_choice == [card("5H"), card("2S")]
    raised = {c.key[1]: c.rect.y for c in scene.build_controls() if c.group == "hand"}
    assert raised[card("5H")] < resting[card("5H")] and raised[card("2C")] == resting[card("2C")]
    # A third card is refused while two are chosen; a chosen one goes back with a click.
    d.click(("card", card("4D")))
    assert scene.pass_choice == [card("5H"), card("2S")] and "put it back" in scene.message[0]
    d.click(("card", card("5H")))
    assert scene.pass_choice == [card("2S")]
    assert not d.control(("btn", "confirm")).enabled
    d.click(("btn", "confirm"))  # faded: says why, passes nothing
    assert scene.match.phase == "passing" and "Choose 2 cards" in scene.message[0]
    d.click(("card", card("5D")))
    assert d.control(("btn", "confirm")).label == "Pass to North"
    d.click(("btn", "confirm"))
    assert scene.match.passes[0] == (0, (card("5D"), card("2S")))
    # North passes back (the engine's order); the table shows what went and came.
    assert d.wait_for_player() == "play"
    view = scene.match.view(0)
    assert view.passed == mask_of([card("5D"), card("2S")]) and view.received
    assert sorted(scene.shown.hand) == sorted(cards_of(view.hand))
    assert not set(scene.shown.hand) & {card("5D"), card("2S")}
    said = scene.message[0]
    assert said.startswith("You passed the 2 of spades and the 5 of diamonds to North;")
    assert "North passed you" in said
    assert scene.received_marks() == view.received
    # Play goes on: South leads.
    act(d, "play")
    assert scene.match.plays


def test_the_partner_of_a_nil_bidder_passes_by_finger_on_a_phone():
    d = table(passing_match((4, 4, NIL, 4)), (390, 844))
    assert d.wait_for_player() == "pass"
    scene = d.scene
    # North, the nil bidder, has passed first, face down: the player does not see them.
    assert scene.match.passes[0][0] == 2 and not scene.view.received
    assert "North bid nil and has passed you 2 cards" in scene.pass_words()[1]
    panel, _, button = scene.pass_panel()
    assert panel.contains(button) and scene.layout.trick_area.contains(panel)
    for text in ("2C", "3C"):
        d.tap(("card", card(text)))
    d.tap(("btn", "confirm"))
    assert scene.match.passes[1] == (0, (card("2C"), card("3C")))
    assert d.wait_for_player() == "play"
    assert scene.view.received and scene.view.received & scene.view.hand == scene.view.received


def test_keys_and_ears_choose_and_confirm_a_pass():
    d = table(passing_match((NIL, 4, 4, 4), nil_pass=1), (800, 600), announcements=True)
    scene = d.scene
    assert d.wait_for_player() == "pass"
    # A table taken up part-way says where it is first; the turn comes once heard.
    turn = "Your turn to pass 1 card face down to North: you bid nil."
    assert d.until(lambda: turn in " ".join(scene.transcript.texts()), 1000)
    d.press("right")  # the focus goes to the hand, its first card
    first = scene.focus[1]
    d.press("enter")
    assert scene.pass_choice == [first]
    assert scene.focus == ("btn", "confirm")  # the pass is whole: Enter passes it
    said = scene.transcript.texts()[-1]
    assert "chosen, 1 of 1" in said and "Enter passes them to North" in said
    d.press("left")  # from Pass back to the cards: to the chosen one
    assert scene.focus == ("card", first)
    d.press("right")  # one card to pass: another replaces it
    other = scene.focus[1]
    assert scene.focus[0] == "card" and other != first
    d.press("enter")
    assert scene.pass_choice == [other] and scene.focus == ("btn", "confirm")
    d.press("enter")
    assert scene.match.passes[0] == (0, (other,))
    assert d.wait_for_player() == "play"
    said = " ".join(scene.transcript.texts())
    assert "You pass 1 card face down to North." in said
    assert "North passes 1 card face down to you." in said
    assert "You passed the" in said and "North passed you the" in said


def test_one_card_to_pass_a_second_tap_replaces_the_first():
    d = table(passing_match((NIL, 4, 4, 4), nil_pass=1))
    assert d.wait_for_player() == "pass"
    d.click(("card", card("2C")))
    d.click(("card", card("5H")))
    assert d.scene.pass_choice == [card("5H")]


def test_the_coach_outlines_a_pass_and_autoplay_passes_by_clicks():
    d = table(passing_match((NIL, 4, 4, 4)))
    scene = d.scene
    scene.options.coach = True
    assert d.wait_for_player() == "pass"
    cards, reason = scene.coach()
    assert len(cards) == 2 and "dangerous" in reason
    assert PassCards(tuple(sorted(cards))) in scene.view.legal_actions()
    act(d, "pass")  # the driver passes the coach's cards, by clicks
    assert scene.match.passes[0] == (0, tuple(sorted(cards)))


def test_computers_pass_between_themselves_and_the_table_says_so():
    d = table(passing_match((4, NIL, 4, 4)), announcements=True)
    scene = d.scene
    assert d.wait_for_player() == "play"
    assert [seat for seat, _ in scene.match.passes] == [1, 3]
    said = " ".join(scene.transcript.texts())
    assert "West passes 2 cards face down to East." in said
    assert "West and East take up the passed cards." in said


def test_a_match_saved_while_passing_resumes_there():
    from spades.storage.store import MemoryStore

    store = MemoryStore()
    save_match(store, passing_match((4, 4, NIL, 4)))
    saved = load_match(store)
    assert saved is not None and saved.match.phase == "passing"
    d = table(saved.match)
    assert d.wait_for_player() == "pass"
    act(d, "pass")
    assert d.wait_for_player() == "play"


def test_house_rules_offers_nil_card_passing_with_its_line():
    import pygame

    from spades.ui.pages.house_rules import HouseRulesScreen

    d = Driver("--speed", "instant", start=False)
    d.app.show(HouseRulesScreen(d.app))
    d.frame()
    screen = d.scene
    screen.fold()  # every rule option, unfolded
    screen.build_controls()
    row = screen.group.find(("row", "nil_pass"))
    assert row is not None and "face down" in row.note
    assert d.app.settings.rules.nil_pass == 0
    if not row.area.view.contains(row.rect):
        row.area.reveal(row.box)
    x, y = dict(row.parts(screen.look()))["next"].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    d.frame()
    assert d.app.settings.rules.nil_pass == 1
    # Nil turned off takes nil card passing with it, and the page says so.
    screen.option_step("nil", (True, False), 1)
    assert not d.app.settings.rules.nil and d.app.settings.rules.nil_pass == 0


def test_autoplay_passes_by_clicks_as_a_player_would():
    from spades.ui.autopilot import Autopilot

    d = table(passing_match((NIL, 4, 4, 4)))
    scene = d.scene
    assert d.wait_for_player() == "pass"
    pilot = Autopilot()
    decision = PassCards((card("5H"), card("2S")))
    for _ in range(3):  # a card, the other card, then Pass
        scene.autoplay_decision = decision
        pilot.act(scene)
        d.frame()
    assert scene.match.passes[0] == (0, decision.cards)


def test_a_blind_nil_passes_too_and_the_panel_says_blind_nil():
    from spades.engine.legal import BLIND_NIL

    rules = preset("standard,nil_pass=1")
    hands = [mask_of(parse_cards(text)) for text in HANDS]
    match = Match(rules, 7, start={"dealer": 3, "hands": hands, "scores": [0, 200],
                                   "bags": [0, 0]})
    match.apply(Bid(BLIND_NIL))  # South, before looking
    for bid in (4, 4, 4):
        if LOOK in match.legal_actions():
            match.apply(LOOK)
        match.apply(Bid(bid))
    d = table(match)
    assert d.wait_for_player() == "pass"
    assert d.scene.pass_words()[1].startswith("You bid blind nil, so you and North swap 1 card")
