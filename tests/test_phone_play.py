"""A phone player's match, by finger: what a player must read and tell apart at a
glance on an upright or a sideways phone."""

from __future__ import annotations

import pytest
from ui_driver import Driver

from spades.ui import theme
from spades.ui.widgets.style import contrast

SIDEWAYS = ["844x390", "915x412", "740x360", "667x375", "640x360", "568x320"]


@pytest.mark.parametrize("size", SIDEWAYS)
@pytest.mark.parametrize("seed", ["9", "4"])
def test_a_sideways_bid_panel_tells_every_bid_made_so_far_whole(size, seed):
    """On a phone turned sideways the bid panel covers the seats' badges, so its words
    are the only place the bids made so far show: they are told whole (wrapped beside
    and under Confirm), never cut with "...". Before, one line beside Confirm read
    "Your bid: How many tricks will you ta..." at 844x390 and East's bid was lost
    (seed 9: East bids first; seed 4: all three others bid before you)."""
    d = Driver("--size", size, "--speed", "instant", "--seed", seed)
    assert d.wait_for_player() == "bid"
    scene = d.scene
    view = scene.view
    others = [q for q in range(1, 4) if view.bids[q] is not None]
    assert others, "nobody bid before you: the case is not tested"
    d.frame()
    record: list = []
    d.app.text.record = record  # the panel alone, as the frame just drew it
    d.app.drawer.bid_panel(d.app.screen, scene, scene.controls)
    d.app.text.record = None
    words = [r for r in record if r.rect is not None and r.text not in
             {c.label for c in scene.controls} | {"Enter"}]
    assert words and all(scene.layout.bid_panel.contains(r.rect) for r in words), words
    assert not [r.text for r in words if r.text.endswith("...")], [r.text for r in words]
    told = " ".join(r.text for r in words)
    assert d.app.drawer.bids_so_far(scene) in told, told
    for q in others:  # each bid by its seat's name (the partner as "Your partner")
        name = "Your partner" if q == 2 else scene.names[q]
        assert name in told, (name, told)
    # The words stay clear of every button of the panel.
    buttons = [c.rect for c in scene.controls if c.group == "bids" or c.key[0] == "btn"]
    for r in words:
        assert r.rect.collidelist(buttons) == -1, (r.text, r.rect)


@pytest.mark.parametrize("size", ["390x844", "360x740", "844x390"])
@pytest.mark.parametrize("how", ["finger", "mouse"])
def test_the_coach_switched_on_in_the_toolbar_reads_as_on_not_as_disabled(size, how):
    """Coach, tapped on, lights up in the toolbar: its tile stands well apart from a
    disabled tool's (Last and Undo before the first trick) and from the bar, as a
    switch's lit track does. Before, the on state was a dark tile barely off the
    disabled ones (contrast 1.1), so a phone player, who sees only "Coach" there,
    read the coach as switched off."""
    d = Driver("--size", size, "--speed", "instant")
    assert d.wait_for_player() == "bid"
    if d.scene.options.coach:  # the setting is kept between matches: start it off
        d.scene.toggle_coach()
        d.frame()
    coach, last = d.control(("tool", "coach")), d.control(("tool", "last"))
    assert not last.enabled and not d.scene.options.coach
    off_before = fill(d, coach.rect)
    (d.tap if how == "finger" else d.click)(("tool", "coach"))
    d.frame()
    assert d.scene.options.coach
    on, disabled, plain = fill(d, coach.rect), fill(d, last.rect), fill(
        d, d.control(("tool", "hint")).rect)
    assert contrast(on, disabled) >= 2.0, (on, disabled)
    assert contrast(on, theme.BAR) >= 2.0 and contrast(on, plain) >= 2.0, (on, plain)
    assert contrast(on, off_before) >= 2.0  # the tap changes how it looks, plainly
    (d.tap if how == "finger" else d.click)(("tool", "coach"))
    d.frame()
    assert not d.scene.options.coach and contrast(fill(d, coach.rect), on) >= 2.0


def fill(d: Driver, rect) -> tuple:
    """A button's fill as drawn: the pixel just inside its left edge, mid-height (no
    label reaches there, no rounded corner)."""
    return tuple(d.app.screen.get_at((rect.x + 3, rect.centery)))[:3]
