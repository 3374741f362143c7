"""Rough edges at the table a first-time player meets, through the real App (issue
42): what Export hand did shows beside its panel, Hint explains the suggested bid, the
team bar's words, the suggested bid apart from keyboard focus, Computer's way, Match
over, and the phone's side cards left in view."""

from __future__ import annotations

import pytest
from ui_driver import Driver, act, drawn_records, play_until

SIZES = ["1280x720", "800x600", "390x844", "844x390"]


@pytest.mark.parametrize("size", SIZES)
def test_export_hands_saved_as_line_shows_beside_the_breakdown(size, tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DOWNLOADS_DIR", str(tmp_path))
    d = Driver("--speed", "instant", "--size", size)
    play_until(d, "breakdown")
    d.click(("btn", "export"))
    panel = d.scene.overlay_rect("breakdown")
    said = [x for x in drawn_records(d) if x.text.startswith("Saved as")]
    assert said and all(x.rect is not None for x in said), said
    w, h = d.app.screen.get_size()
    for x in said:
        assert not x.rect.colliderect(panel), (x.rect, panel)
        assert 0 <= x.rect.left and x.rect.right <= w and 0 <= x.rect.top and x.rect.bottom <= h
    assert len(list(tmp_path.iterdir())) == 1


@pytest.mark.parametrize("how", ["key", "mouse"])
def test_hint_explains_the_suggested_bid_by_suit(how):
    """Hint (H, or the toolbar's Hint) names the outlined bid and why: what the hand is
    worth, suit by suit, as the help's "what you may do now, and why" promises."""
    import re

    from spades.ai import suggested_bid_worth

    d = Driver("--speed", "instant")
    while (situation := d.wait_for_player()) != "bid":
        act(d, situation)
    d.press("h") if how == "key" else d.click(("tool", "hint"))
    text = d.scene.hint_text
    bid = d.scene.suggested_bid_value()
    assert text.startswith(f"Bid {bid} is suggested. "), text
    # The suggestion is a quick count, not the computer's own (searched) bid: said.
    assert text.endswith("This is a quick count: the computer's own search may bid "
                         "otherwise."), text
    figures = dict(re.findall(r"(spades|hearts|diamonds|clubs) (\d+(?:\.\d)?)", text))
    assert list(figures) == ["spades", "hearts", "diamonds", "clubs"], text
    worth = suggested_bid_worth(d.scene.view)
    for suit, name in enumerate(("clubs", "diamonds", "hearts", "spades")):
        assert abs(float(figures[name]) - worth[suit]) <= 0.05, (name, figures, worth)
    total = re.search(r"worth about (\d+\.\d) tricks", text)
    assert total and abs(float(total.group(1)) - sum(worth)) <= 0.05, text
    from spades.engine import Bid

    legal = {a.value for a in d.scene.view.legal_actions() if isinstance(a, Bid)}
    # The bids out of reach are said with why; with all open, the panel shows them.
    assert ("You may bid" in text) == any(b not in legal for b in range(14)), text


def test_the_estimate_by_suit_adds_up_to_the_estimate():
    import random

    from spades.ai.bidding import estimate_tricks, tricks_by_suit
    from spades.engine.rules import preset

    rng = random.Random(5)
    for name in ("standard", "jokers", "deuces"):
        deck = preset(name).cards
        cards = [c for c in range(64) if deck >> c & 1]
        for _ in range(2000):
            hand = sum(1 << c for c in rng.sample(cards, 13))
            assert abs(sum(tricks_by_suit(hand, deck)) - estimate_tricks(hand, deck)) < 1e-9


@pytest.mark.parametrize("size", ["390x844", "360x640", "320x480", "844x390", "1280x720"])
def test_the_team_bar_says_bid_and_won_in_words_at_every_size(size):
    """Words everywhere: "bid 7 · won 2", else "won 2 of 7", never the phone's bare
    "2/7"."""
    import re

    d = Driver("--speed", "instant", "--size", size)
    play_until(d, "play")
    for _ in range(3):  # a few tricks in, the scores and the tricks count
        act(d, "play")
        play_until(d, "play")
    bar = d.scene.layout.top_bar
    words = " ".join(x.text for x in drawn_records(d)
                     if x.rect is not None and bar.contains(x.rect))
    assert not re.search(r"\d/\d", words), words
    shown = d.scene.shown
    for team in (0, 1):
        contract = sum(max(b or 0, 0) for b in (shown.bids[team], shown.bids[team + 2]))
        won = shown.tricks_won[team] + shown.tricks_won[team + 2]
        # "bid 7 · won 2", or short of room "won 2 of 7" (on a phone "2 of 7")
        assert (f"bid {contract}" in words and f"won {won}" in words) or \
            f"{won} of {contract}" in words, (team, words)


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844"])
def test_the_suggested_bids_outline_is_not_the_focus_ring(size):
    """The suggestion is dashed, inside the button, in blue; keyboard focus is a solid
    yellow ring outside its control: with focus on another bid, the suggested one shows
    no yellow and a broken outline (before: a solid ring that read as focus)."""
    from spades.ui.art import theme
    from spades.ui.widgets.style import SUGGESTED

    d = Driver("--speed", "instant", "--size", size)
    while (situation := d.wait_for_player()) != "bid":
        act(d, situation)
    d.press("tab")  # the first Tab lands on the bids
    suggested = d.scene.suggested_bid_value()
    while d.scene.focus in (None, ("bid", suggested)):
        d.press("right")
    assert d.scene.focus[0] == "bid"
    d.frame()
    rect = d.control(("bid", suggested)).rect
    screen = d.app.screen
    row = [tuple(screen.get_at((x, rect.top + 3)))[:3] for x in range(rect.left + 10,
                                                                       rect.right - 10)]
    blue = sum(1 for c in row if c == SUGGESTED)
    assert 0 < blue < len(row) * 0.85, (blue, len(row))  # dashes, with gaps between
    ring = rect.inflate(10, 10)
    around = [tuple(screen.get_at((x, ring.top + 2)))[:3] for x in range(ring.left + 12,
                                                                          ring.right - 12)]
    assert theme.FOCUS not in around  # no focus ring round the suggestion
    focused = d.control(d.scene.focus).rect.inflate(10, 10)
    assert tuple(screen.get_at((focused.centerx, focused.top + 2)))[:3] == theme.FOCUS


@pytest.mark.parametrize("size", ["390x844", "800x600", "1280x720"])
def test_computers_way_keeps_its_label_whole_and_shows_its_progress(size):
    """The button's label stands on one line (on a phone it broke in a cramped third
    of the row), and while the computer plays the deal the panel shows a bar filling
    card by card and what will follow (it stood nearly empty for seconds)."""
    d = Driver("--speed", "instant", "--size", size)
    play_until(d, "breakdown")
    labels = [x.text for x in drawn_records(d)]
    assert "Computer's way" in labels, labels
    d.click(("btn", "compare"))
    comparison = d.scene.comparison
    fills = []
    while comparison.result is None:
        said = " ".join(x.text for x in drawn_records(d))
        if comparison.result is None:
            assert "Then your result and the computer's" in said, said
            fills.append(comparison.cards_played)
    assert len(fills) >= 2 and fills == sorted(fills) and fills[-1] > fills[0]
    # The verdict says it is the side's lead that grew more or less ("scored 112 points
    # more" read as the side's own score).
    from spades.ui.table.scene import comparison_words

    verdict = comparison_words(comparison)
    assert verdict.startswith("Your side's lead grew"), verdict
    d.frame()
    said = " ".join(x.text for x in drawn_records(d))
    assert verdict in said, said


@pytest.mark.parametrize("size", ["1280x720", "390x844"])
def test_match_over_is_a_moment_and_no_longer_says_spades_broken(size):
    """A won match's result opens with its heading on a gold band sweeping out and a
    ring of spades flying from the panel; the table's "Spades broken" no longer shows
    under it (it did)."""
    from spades.engine import Rules
    from spades.ui.art import theme

    d = Driver("--speed", "fast", "--size", size, rules=Rules(target=100))
    blits = []
    art = d.app.drawer.art
    suit = art.suit

    def counted(suit_index, size_, colour):
        blits.append(suit_index)
        return suit(suit_index, size_, colour)

    while (situation := d.wait_for_player(20000)) != "over":
        act(d, situation)
    signs = []
    drawer = d.app.drawer
    art.suit = counted
    drawer.spades_sign = lambda *args: signs.append(args)
    try:
        d.frame()
    finally:
        art.suit = suit
        del drawer.spades_sign
    assert d.scene.shown.spades_broken and not signs  # broken, but no longer said
    box = d.scene.overlay_rect("match_over")
    won = d.scene.match.winner == 0
    band = tuple(d.app.screen.get_at((box.centerx, box.top + 3)))[:3]
    assert (band == theme.GOLD) == won, band
    if won:
        assert blits.count(3) >= 8  # the ring of spades round the panel


@pytest.mark.parametrize("size", ["390x844", "360x640", "412x915"])
def test_a_hint_with_the_coach_on_leaves_the_side_players_cards_in_view(size):
    """On an upright phone a long message (a hint) stands on a backing between West's
    and East's face-down cards, above the coach's line, never over them."""
    d = Driver("--speed", "instant", "--size", size)
    play_until(d, "play")
    act(d, "play")
    play_until(d, "play")
    d.click(("tool", "coach"))
    d.click(("tool", "hint"))
    d.frame()
    drawer, lay, shown = d.app.drawer, d.scene.layout, d.scene.shown
    backing = drawer.drawn_message
    assert backing is not None and backing.height > lay.message.height  # a long one
    for seat in (1, 3):
        for back in lay.fan_rects(seat, shown.sizes[seat]):
            assert not backing.colliderect(back), (seat, backing, back)


def test_a_dimmed_court_card_is_grey_not_muddy():
    """A card that may not be played is drawn in greys (a black veil over a court
    card's colours turned them brown)."""
    from spades.engine import cards_of

    d = Driver("--speed", "instant", "--size", "1280x720")
    for _ in range(40):
        play_until(d, "play")
        view = d.scene.view
        dimmed = [c for c in cards_of(view.hand & ~view.legal_card_mask()) if c % 13 >= 9]
        if dimmed:
            break
        act(d, "play")
    else:
        pytest.skip("no court card was ever dimmed")
    d.frame()
    rect = d.control(("card", dimmed[0])).rect
    shown = [c for c in d.scene.controls if c.key[0] == "card"]
    later = [c.rect for c in shown if c.key[1] != dimmed[0] and
             shown.index(c) > [x.key for x in shown].index(("card", dimmed[0]))]
    screen = d.app.screen
    colours = set()
    for x in range(rect.left + 3, rect.right - 3, 2):
        for y in range(rect.top + 3, rect.bottom - 3, 2):
            if not any(r.collidepoint(x, y) for r in later):  # its own visible part
                colours.add(tuple(screen.get_at((x, y)))[:3])
    tinted = [c for c in colours if max(c) - min(c) > 6]
    assert not tinted, tinted[:5]


def test_by_ear_the_hand_reads_in_the_arrows_order_and_its_ends_are_said():
    """Key 1 reads the hand in the order the arrows move through it, and an arrow
    pressed past either end says so (it said nothing)."""
    from spades.engine.cards import card_name

    d = Driver("--speed", "instant")
    d.app.settings = d.app.settings.__class__(announcements=True)
    d.app.options.announcements = True
    d.app.start()
    play_until(d, "play")
    d.press("1")
    spoken = next(t for t in reversed(d.scene.transcript.texts()) if "Your hand" in t)
    d.press("tab")
    while d.scene.focus is None or d.scene.focus[0] != "card":
        d.press("tab")
    for _ in range(15):
        d.press("left")
    assert d.scene.transcript.texts()[-1].startswith("That is the first card"), \
        d.scene.transcript.texts()[-3:]
    order = [d.scene.focus[1]]
    for _ in range(15):
        d.press("right")
        if d.scene.focus[1] != order[-1]:
            order.append(d.scene.focus[1])
    assert d.scene.transcript.texts()[-1].startswith("That is the last card")
    from spades.engine.cards import SUIT_NAMES, suit_of
    from spades.ui.speech.announce import rank_word

    said = []
    for group in spoken.split(": ", 1)[1].rstrip(".").split("; "):
        suit, ranks = group.split(" ", 1)
        said += [(suit, rank) for rank in ranks.split(", ")]
    assert said == [(SUIT_NAMES[suit_of(c)], rank_word(c)) for c in order], (
        spoken, [card_name(c) for c in order])
