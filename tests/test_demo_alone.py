"""The demonstration deals of cutthroat and two-handed (spades/ui/demo/alone_deals.py)
tell the story their texts tell, played by the engine: cutthroat's 51 cards dealt 17
each, the two of spades taking West's ace of hearts, the king of clubs lost to the ace,
East's spade on West's diamond; two-handed's draw with North's shown heart, the ace of
spades kept and the four of diamonds shown."""

from __future__ import annotations

from spades.engine import (
    DISCARD,
    KEEP,
    SEAT_PRESETS,
    Bid,
    Match,
    Play,
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
