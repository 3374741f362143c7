"""The demonstration deal under each variant, driven through the real App by mouse:
every step is reached, the ordinary lessons still happen (the lowest spade takes the
ace of hearts, East ruffs the diamonds), and the variant's own moment is shown: a
Mirror bid made by the game, Whiz's two buttons, Suicide's forced nil, the Big Joker's
ruff, a nil pass."""

from __future__ import annotations

import pytest
from ui_driver import Driver, drawn_words

from spades.engine import Bid, cards_of, parse_card, preset
from spades.engine.legal import NIL
from spades.ui.demo.tutorial import DemoScene


def run_demo(rules_text: str, size: str = "1280x720") -> DemoScene:
    d = Driver("--speed", "fast", "--size", size, start=False)
    options = d.app.table_options()
    options.rules = preset(rules_text)
    demo = DemoScene(options, rules=options.rules)
    d.app.show(demo)
    seen: dict[str, object] = {}
    for _ in range(60):
        d.until(lambda: demo.waiting and (demo.step() in (*demo.read_only, "free") or
                                          demo.can_act()), 600)
        step = demo.step()
        seen.setdefault(step, [c.label for c in demo.build_controls() if c.group == "bids"])
        if step == "free":
            break
        if step in demo.read_only:
            d.click(("btn", "tutor_next"))
        elif step == "bid":
            d.click(("bid", demo.suggested_bid_value()))
            d.click(("btn", "confirm"))
        elif step == "pass":
            wrong = next(c for c in demo.shown.hand if c not in demo.asked["pass"])
            d.click(("card", wrong))  # the demonstration asks for its cards
            assert demo.pass_choice == [] and "In this demonstration, pass" in \
                demo.message[0]
            for card in demo.asked["pass"]:
                assert demo.pointed_card() == card
                d.click(("card", card))
            d.click(("btn", "confirm"))
        else:
            asked = demo.asked.get(step)
            d.click(("card", asked if asked is not None else
                     cards_of(demo.view.legal_card_mask())[0]))
    assert demo.reached == list(demo.steps), demo.reached
    assert demo.match.trick_winners[:3] == [0, 1, 3]  # the ordinary lessons happened
    demo.seen = seen  # type: ignore[attr-defined]
    return demo


def test_mirror_shows_the_bids_the_game_made():
    demo = run_demo("mirror")
    assert "bid" in demo.read_only
    assert "the game has bid for everyone: you 3, West 2, North 3, East 5" in \
        demo.deal.texts["bid"]
    assert [b for _, b in demo.match.bid_order] == [2, 3, 5, 3]  # the spades held


def test_whiz_offers_two_buttons_and_suicide_forces_a_nil():
    whiz = run_demo("whiz")
    assert whiz.seen["bid"] == ["Nil", "3: your spades"]
    suicide = run_demo("suicide")
    assert suicide.match.bids == [4, 4, NIL, NIL]  # North nil, so the player bid 4 or more
    assert "East's nil was forced" in suicide.deal.texts["bid"]


@pytest.mark.parametrize("deck", ["jokers", "deuces", "jokers,jokers_removed=2D2H"])
def test_the_big_joker_takes_the_ruff(deck):
    demo = run_demo(deck, "390x844")
    rules = demo.match.rules
    leader, cards = demo.view.tricks[2]
    assert parse_card("BJ") in cards and demo.match.trick_winners[2] == 3
    assert "played the Big Joker" in demo.deal.texts["ruffed"]
    assert rules.cards.bit_count() == 52


@pytest.mark.parametrize("rules", ["standard,nil_pass=2", "suicide,nil_pass=1",
                                   "deuces,nil_pass=2"])
def test_a_nil_pass_is_asked_for_and_shown(rules):
    demo = run_demo(rules, "800x600")
    assert "pass" in demo.steps
    assert (0, tuple(sorted(demo.asked["pass"]))) in demo.match.passes
    assert Bid(NIL) in demo.match.actions[:4]
    assert "Nil card passing: North bid nil" in demo.deal.texts["pass"]


@pytest.mark.parametrize("size,rules", [("390x844", "standard"), ("1280x720", "standard"),
                                        ("1280x720", "mirror"), ("390x844", "mirror")])
def test_a_steps_words_never_go_back(size, rules):
    """From How to play by mouse at the game's own pace, every frame's explanation is
    read off the screen: a step's words come once the table shows what they describe
    and never give way to an earlier step's (the last card in flight once brought the
    next step's words for a quarter second, then the previous step's again)."""
    from spades.ui.pages.menu import RulesScreen

    d = Driver("--size", size, "--rules", rules, start=False, dt=1 / 60)
    d.app.show(RulesScreen(d.app))
    d.frame()
    d.click(("row", "demo"))
    demo = d.scene
    assert isinstance(demo, DemoScene) and demo.deal.rules == preset(rules)
    shown: list[str] = []
    for _ in range(60 * 60):
        words = [w for w in drawn_words(d) if len(w.split()) > 3]
        step = next(s for s in demo.steps if any(w in demo.deal.texts[s] for w in words))
        if not shown or shown[-1] != step:
            shown.append(step)
        if step == "free":
            break
        if not demo.waiting:
            continue
        if step in demo.read_only:
            d.click(("btn", "tutor_next"))
        elif step == "bid" and demo.can_act():
            d.click(("bid", demo.suggested_bid_value()))
            d.click(("btn", "confirm"))
        elif demo.can_act():
            d.click(("card", demo.asked.get(step, cards_of(demo.view.legal_card_mask())[0])))
    assert shown == list(demo.steps), shown


@pytest.mark.parametrize("rules", ["standard", "mirror", "whiz", "suicide", "jokers,nil_pass=2"])
def test_the_demonstrations_words_name_no_key_or_tap(rules):
    """The steps say "Next goes on", never "Press Next" (on a phone it is a tap)."""
    from spades.ui.demo.demo_deal import demo_deal

    assert not any("Press" in text for text in demo_deal(preset(rules)).texts.values())


@pytest.mark.parametrize("size", ["1280x720", "800x600"])
def test_the_hint_in_the_demonstration_says_what_the_step_asks(size):
    """H at each step of the guided deal (it has no toolbar): a step to read says Next
    goes on, a step that asks for a card names it (the demonstration takes no other),
    the pass names the cards it asks for. Before, the rule alone: "any card may be
    played" where only the 2 of spades was taken, and "Wait: West is to act" at the
    welcome."""
    from spades.engine.cards import card_name

    d = Driver("--speed", "fast", "--size", size, start=False)
    options = d.app.table_options()
    options.rules = preset("standard,nil_pass=1")
    demo = DemoScene(options, rules=options.rules, input_mode=d.app.input)
    d.app.show(demo)
    press = d.click
    heard = {}
    for _ in range(60):
        d.until(lambda: demo.waiting and (demo.step() in (*demo.read_only, "free") or
                                          demo.can_act()), 600)
        step = demo.step()
        if step == "free":
            break
        d.press("h")
        hint = demo.hint_text if demo.overlays and demo.overlays[-1] == "hint" else \
            demo.message[0]
        heard[step] = hint
        assert hint in " ".join(drawn_words(d)) or demo.overlays[-1] == "hint", hint
        if demo.overlays and demo.overlays[-1] == "hint":
            d.press("escape")
        if step in demo.read_only:
            assert "Next goes on" in hint and "Wait" not in hint, (step, hint)
            press(("btn", "tutor_next"))
        elif step == "bid":
            press(("bid", demo.suggested_bid_value()))
            press(("btn", "confirm"))
        elif step == "pass":
            asked = demo.asked["pass"]
            assert hint.startswith("In this demonstration, pass the " +
                                   " and the ".join(card_name(c) for c in asked)), hint
            for card in asked:
                press(("card", card))
            press(("btn", "confirm"))
        else:
            asked = demo.asked.get(step)
            if asked is not None:
                assert hint.startswith(f"In this demonstration, play the {card_name(asked)}"), \
                    (step, hint)
            press(("card", asked if asked is not None else
                   cards_of(demo.view.legal_card_mask())[0]))
    assert demo.reached == list(demo.steps)
    assert {"welcome", "trump", "pass"} <= set(heard), heard
