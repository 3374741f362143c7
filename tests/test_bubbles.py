"""The seats' speech bubbles (a bid, "looks at the cards", "passes 3 cards") at every
size the random-input tests start at, and a phone held sideways: each beside its own
badge, never over any seat's badge, face-down hand or the table's caption. Before,
lying short (844x390, the seats in one row) North's bubble stood over West's badge and
West's over North's."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect
from ui_driver import Driver

from spades.tools.monkey import SIZES
from spades.ui.art.theme import Text
from spades.ui.draw import seats
from spades.ui.draw.seats import bubble_rect
from spades.ui.layout.window import compute_layout

WORDS = ["Nil", "Bid 13", "Blind nil!", "looks at the cards", "passes 3 cards"]
PHONE_LYING = (844, 390)


def covered(lay) -> list[Rect]:
    """What a bubble must leave in view: the badges and the face-down hands, full."""
    return lay.badges + [card for seat in (1, 2, 3) for card in lay.fan_rects(seat, 13)]


@pytest.mark.parametrize("size", [*SIZES, PHONE_LYING])
def test_no_bubble_covers_a_badge_or_a_face_down_hand(size):
    pygame.font.init()
    lay = compute_layout(*size)
    window = Rect(0, lay.top_bar.bottom, lay.width, lay.height - lay.top_bar.bottom)
    text = Text()
    for words in WORDS:
        chip = text.render(words, lay.font, (0, 0, 0), True).get_rect().inflate(
            lay.pad * 2, lay.pad)
        for seat in range(4):
            box = bubble_rect(lay, seat, chip)
            assert window.contains(box), (size, words, seat, box)
            assert box.collidelist(covered(lay)) == -1, (size, words, seat, box)
            # By its own badge: in its row or its column.
            badge = lay.badges[seat]
            beside = box.top < badge.bottom and badge.top < box.bottom
            under = box.left < badge.right and badge.left < box.right
            assert beside or under, (size, words, seat, box, badge)


@pytest.mark.parametrize("touch", [False, True])
def test_bids_lying_short_show_by_each_badge_clear_of_the_others_and_the_caption(
        monkeypatch, touch):
    """The real App at 844x390 through the bidding (the player's bid by mouse or by
    finger): every bubble as drawn is clear of every badge and of the table's caption
    ("Hand 1 · playing to 500") as drawn."""
    drawn: list[tuple[int, Rect, list[Rect]]] = []
    real = seats.bubble_rect

    def spy(lay, seat, box, caption=None):
        placed = real(lay, seat, box, caption)
        drawn.append((seat, placed, list(caption or [])))
        return placed

    monkeypatch.setattr(seats, "bubble_rect", spy)
    d = Driver("--size", "844x390", "--seed", "3")
    press = d.tap if touch else d.click
    while d.scene.view.phase == "bidding" or not drawn:
        d.frame()
        if d.scene.can_act() and d.scene.view.phase == "bidding":
            if not d.scene.view.looked:
                press(("btn", "look"))
            else:
                press(("bid", d.scene.suggested_bid_value()))
                press(("btn", "confirm"))
    lay = d.scene.layout
    assert {seat for seat, _, _ in drawn} == {0, 1, 2, 3}
    for seat, box, caption in drawn:
        assert caption, "the caption's lines were drawn before the bubbles"
        assert box.collidelist(lay.badges) == -1, (seat, box)
        assert box.collidelist(caption) == -1, (seat, box, caption)
