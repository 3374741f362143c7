"""The demonstration deals of cutthroat and two-handed (spades/ui/demo/alone_deals.py)
tell the story their texts tell, played by the engine: cutthroat's 51 cards dealt 17
each, the two of spades taking West's ace of hearts, the king of clubs lost to the ace,
East's spade on West's diamond; two-handed's draw with North's shown heart, the ace of
spades kept and the four of diamonds shown."""

from __future__ import annotations

import pytest

from spades.engine import (
    DISCARD,
    KEEP,
    SEAT_PRESETS,
    Bid,
    Match,
    Play,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
)
from spades.ui.demo.alone_deals import (
    CUTTHROAT_HANDS,
    CUTTHROAT_TEXTS,
    TWO_HANDED_TEXTS,
    cutthroat_script,
    two_handed_script,
    two_handed_stock,
)

CUTTHROAT = SEAT_PRESETS["cutthroat"]
TWO_HANDED = SEAT_PRESETS["two-handed"]


def test_the_cutthroat_deal_plays_as_its_texts_say():
    hands = tuple(mask_of(parse_cards(text, CUTTHROAT.cards)) for text in CUTTHROAT_HANDS)
    assert [bin(h).count("1") for h in hands] == [17, 17, 17]
    assert hands[0] | hands[1] | hands[2] == CUTTHROAT.cards  # every card but the 2C
    match = Match(CUTTHROAT, "demo", start={"dealer": 0, "hands": hands})
    script = cutthroat_script(CUTTHROAT)
    asked = [Bid(4), Play(parse_card("2S")), Play(parse_card("KC")), Play(parse_card("8D"))]
    order = []
    while script[1] or script[2] or asked:
        seat = match.to_act
        order.append(seat)
        match.apply(asked.pop(0) if seat == 0 else script[seat].pop(0), seat)
    assert order[:3] == [1, 2, 0]  # West bids first, then East, then the player
    # South trumps the ace of hearts, West's ace takes the king of clubs, East's spade
    # the diamond.
    assert match.trick_winners == [0, 1, 2]
    assert match.spades_broken
    texts = " ".join(CUTTHROAT_TEXTS.values())
    assert "17 cards" in texts and "no partners" in texts


def test_the_two_handed_draw_shows_and_keeps_as_its_texts_say():
    stock = two_handed_stock(TWO_HANDED)
    assert sorted(stock) == list(range(52)) and stock == two_handed_stock(TWO_HANDED)
    match = Match(TWO_HANDED, "demo", start={"dealer": 0, "stock": stock})
    north = list(two_handed_script()[1])
    for seat, action in ((1, north[0]), (0, KEEP), (1, north[1]), (0, DISCARD)):
        assert match.to_act == seat
        if seat == 0:
            shown = match.view(0).drawn
            assert shown == parse_card("AS" if action == KEEP else "4D")
        match.apply(action, seat)
    assert match.hands[0] == mask_of(parse_cards("AS KS"))
    assert match.draw.shown == parse_cards("3H 4D")  # out of play, seen by both
    assert "ace of spades" in TWO_HANDED_TEXTS["keep"]
    assert "four of diamonds" in TWO_HANDED_TEXTS["show"]


# --- on the real table: from How to play, by mouse, finger and keys -------------------

def run_alone_demo(name: str, size: str, how: str):
    """The demonstration of ``name`` started from How to play, every step done as it
    asks (a wrong draw tried first), by ``how``: "mouse", "touch" or "keys"."""
    from ui_driver import Driver

    from spades.ui.demo.tutorial import DemoScene
    from spades.ui.pages.menu import RulesScreen

    d = Driver("--speed", "fast", "--size", size, start=False)
    d.app.settings = d.app.settings.with_preset(name)
    d.app.show(RulesScreen(d.app))
    d.frame()
    press = d.tap if how == "touch" else d.click
    press(("row", "demo"))
    demo = d.scene
    assert isinstance(demo, DemoScene) and demo.match.rules == SEAT_PRESETS[name]
    wrong_tried = False
    for _ in range(200):
        d.until(lambda: demo.waiting and (demo.step() in (*demo.read_only, "free") or
                                          demo.can_act()), 900)
        step = demo.step()
        if step == "free":
            break
        if step in demo.read_only:
            d.press("enter") if how == "keys" else press(("btn", "tutor_next"))
        elif step == "bid":
            press(("bid", demo.suggested_bid_value()))
            press(("btn", "confirm"))
        elif step in ("keep", "show", "draw"):
            asked = demo.deal.draws.get(step, KEEP)
            if step == "keep" and not wrong_tried:
                wrong_tried = True
                d.press("d")  # the other choice: answered, and nothing drawn
                assert "In this demonstration, keep the ace of spades" in demo.message[0]
                assert not demo.match.draws or demo.match.draws[-1][0] != 0
                continue
            key = "keep" if asked == KEEP else "discard"
            d.press(key[0]) if how == "keys" else press(("btn", key))
        else:
            asked = demo.asked.get(step)
            press(("card", asked if asked is not None else
                   cards_of(demo.view.legal_card_mask())[0]))
    assert demo.step() == "free"
    assert demo.reached == list(demo.steps), demo.reached
    # The table below the explanations is laid out for the game's seats.
    assert len(demo.layout.trick_slots) == demo.match.rules.seats
    return d, demo


@pytest.mark.parametrize("how, size", [("mouse", "1280x720"), ("touch", "390x844"),
                                       ("keys", "800x600")])
def test_the_cutthroat_demonstration_is_played_from_how_to_play(how, size):
    d, demo = run_alone_demo("cutthroat", size, how)
    assert demo.match.trick_winners[:3] == [0, 1, 2]  # the lessons happened
    assert len(demo.players) == 2


@pytest.mark.parametrize("how, size", [("mouse", "1280x720"), ("touch", "390x844"),
                                       ("keys", "800x600")])
def test_the_two_handed_demonstration_shows_the_draw(how, size):
    d, demo = run_alone_demo("two-handed", size, how)
    match = demo.match
    assert match.draw.shown[:2] == parse_cards("3H 4D")
    assert parse_card("AS") in cards_of(match.dealt[0])  # kept, then the hand held it
