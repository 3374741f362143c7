"""The announcer's sentences: by example for the moments a listener must not miss,
and by property over random matches (every event is said; no hidden card is named)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spades_support import bid_round, deal, hand, match_with, one_suit_each

from spades.engine import LOOK, Bid, CardPlayed, HandScored, Match, Play, preset
from spades.engine.cards import SUIT_NAMES, make_card, parse_cards
from spades.engine.legal import NIL
from spades.engine.match import OVER
from spades.engine.rules import STANDARD
from spades.ui.speech.announce import Announcement, Announcer, card_words, hand_words

NAMES = ("Ada", "Wren", "Noor", "Eli")


def said(announcer: Announcer, match: Match, action, seat: int = 0) -> list[str]:
    events = match.apply(action)
    return [a.text for a in announcer.events(events, match.view(seat))]


def test_card_and_hand_words_group_by_suit_in_the_hands_own_order():
    """The hand is read as it shows and as the arrows move through it (they read
    spades first, highest first, while the arrows went diamonds first, lowest first)."""
    from spades.ui.table.choreography import hand_order

    assert card_words(parse_cards("QH")[0]) == "the queen of hearts"
    assert card_words(parse_cards("7S")[0]) == "the 7 of spades"
    cards = parse_cards("7S AS QS 5H KH TD 2C")
    mask = sum(1 << c for c in cards)
    assert hand_words(mask) == ("diamonds 10; clubs 2; hearts 5, king; spades 7, queen, ace")
    said = [c for c in hand_order(cards)]
    assert hand_words(mask).replace(";", ",").split(", ")[0].endswith(
        card_words(said[0]).split(" of ")[0].replace("the ", ""))


def test_the_variants_cards_in_words():
    """A joker is named in full, never just "joker"; the raised twos of deuces high
    are spades by the rules, and said among them by their own names."""
    deuces = STANDARD.with_options(deck="deuces")
    assert card_words(parse_cards("BJ")[0]) == "the Big Joker"
    assert card_words(parse_cards("LJ")[0]) == "the Little Joker"
    mask = sum(1 << c for c in parse_cards("BJ LJ 2D 2S AS 3H", deuces.cards))
    assert hand_words(mask) == (
        "hearts 3; spades ace, two of spades, two of diamonds, Little Joker, Big Joker")


def test_a_trick_told_card_by_card_then_who_took_it():
    # South holds the spades, so it takes every trick it can.
    match = match_with(STANDARD, one_suit_each("SHDC"), dealer=3)
    ann = Announcer(NAMES)
    texts = []
    for bid in (13, 0, 0, 0):  # South first (left of the dealer)
        if LOOK in match.legal_actions():
            texts += said(ann, match, LOOK)
        texts += said(ann, match, Bid(bid))
    assert "You bid 13." in texts
    assert "Wren bids nil." in texts
    assert "Noor bids nil." in texts
    assert texts[-1] == "Contracts: you and Noor 13, Wren and Eli 0."
    texts = said(ann, match, Play(parse_cards("AS")[0]))
    assert texts == ["You lead the ace of spades."]
    texts = said(ann, match, Play(parse_cards("AH")[0]))
    assert texts == ["Wren plays the ace of hearts."]
    said(ann, match, Play(parse_cards("AD")[0]))
    texts = said(ann, match, Play(parse_cards("AC")[0]))
    assert texts[0] == "Eli plays the ace of clubs."
    assert texts[1] == "You take the trick; you have 1 of 13."


def test_bids_say_the_team_contract_once_both_partners_bid():
    match = Match(STANDARD, 11)
    ann = Announcer(NAMES)
    texts = []
    while match.phase == "bidding":
        seat = match.to_act
        action = LOOK if LOOK in match.legal_actions() else Bid(2 + seat % 2)
        texts += said(ann, match, action)
    second = [t for t in texts if "team contract" in t]
    assert len(second) == 2  # the second bidder of each team
    assert all(t.endswith("team contract 4.") or t.endswith("team contract 6.") for t in second)


def test_a_set_contract_a_failed_nil_and_a_bag_penalty_in_the_breakdown():
    # North holds every spade and bid nil: it trumps the first trick and takes all 13.
    match = match_with(STANDARD, one_suit_each("HDSC"), dealer=3, bags=(9, 0))
    ann = Announcer(NAMES)
    ann.events(bid_round(match, [4, 3, NIL, 2]), match.view(0))
    texts = []
    while not match.history:
        texts += said(ann, match, match.legal_actions()[-1])
    assert texts[5] == "Noor takes the trick; Noor's nil fails; you have 1 of 4."
    assert texts[10] == "Noor takes the trick; you have 2 of 4."
    assert "Spades are broken." in texts[:5]
    score = next(t for t in texts if t.startswith("Hand 1 scored"))
    assert score == (
        "Hand 1 scored: you and Noor -151, now -151; Wren and Eli -50, now -50. "
        "Yours: contract of 4 made +40, 9 overtricks +9, Noor's nil failed -100, 10 bags, "
        "penalty -100, 8 bags now. Theirs: contract of 5 set -50.")
    # The totals first, then each side's lines: no sentence of 40 words any more.
    assert max(len(sentence.split()) for sentence in score.split(". ")) <= 20
    # Past the contract, the tricks over it: not "you have 13 of 4".
    counts = [tuple(map(int, m.groups())) for t in texts
              if (m := re.search(r"have (\d+) of (\d+)", t))]
    assert counts and all(won <= bid for won, bid in counts), counts
    assert "Noor takes the trick; you have 4 of 4, your contract made." in texts
    assert "Noor takes the trick; you have 5, 1 over your 4." in texts
    # Behind by 101 at the next deal: the player may bid blind nil, so hears no cards.
    assert texts[-1] == ("Hand 2. You deal. You may bid blind nil before you look at "
                         "your cards.")


def test_match_over_speaks_to_the_player():
    ann = Announcer(NAMES)
    from spades.engine import MatchOver

    view = Match(STANDARD, 1).view(0)
    assert ann.event_text(MatchOver(0, (512, 347)), view) == "You and Noor win 512 to 347."
    assert ann.event_text(MatchOver(1, (347, 512)), view) == "Wren and Eli win 512 to 347."


def test_your_turn_says_what_is_legal():
    match = match_with(STANDARD, one_suit_each("HSDC"), dealer=0)  # West leads
    ann = Announcer(NAMES)
    while match.phase == "bidding":
        if LOOK in match.legal_actions():
            match.apply(LOOK)
        else:
            match.apply(match.legal_actions()[-1])
    assert ann.your_turn(match.view(0)) is None
    match.apply(Play(parse_cards("2S")[0]))  # West holds the spades: forced to lead one
    assert ann.your_turn(match.view(0)) is None  # North is next
    match.apply(Play(parse_cards("2D")[0]))
    match.apply(Play(parse_cards("2C")[0]))
    turn = ann.your_turn(match.view(0))
    assert turn is not None and turn.urgent
    assert turn.text.startswith("Your turn: no spades; play any card.")


def test_your_turn_to_follow_lists_the_cards_of_the_led_suit():
    hands = deal(
        hand(hearts="Q5", clubs="AKQJT987654"),
        hand(hearts="AKJT9876432", diamonds="AK"),
        hand(spades="AKQJT98765432"),
        hand(diamonds="QJT98765432", clubs="32"),
    )
    match = match_with(STANDARD, hands, dealer=0)
    while match.phase == "bidding":
        match.apply(LOOK if LOOK in match.legal_actions() else Bid(1))
    match.apply(Play(parse_cards("AH")[0]))  # West leads
    match.apply(Play(parse_cards("2S")[0]))  # North holds nothing but spades
    match.apply(Play(parse_cards("2D")[0]))
    turn = Announcer(NAMES).your_turn(match.view(0))
    assert turn.text == "Your turn: follow hearts; you hold 5, queen."  # as shown


def test_questions_read_the_hand_the_trick_and_the_scores():
    match = Match(STANDARD, 5)
    ann = Announcer(NAMES)
    while match.phase == "bidding":
        match.apply(LOOK if LOOK in match.legal_actions() else match.legal_actions()[1])
    view = match.view(0)
    assert ann.read_hand(view).text.startswith("Your hand, 13 cards: ")
    assert ann.read_trick(view).text.startswith("No cards on the table; ")
    match.apply(match.legal_actions()[0])
    assert ann.read_trick(match.view(0)).text.startswith("On the table: ")
    scores = ann.read_scores(match.view(0)).text
    assert scores.startswith("Scores: you and Noor 0, 0 bags; Wren and Eli 0, 0 bags.")
    assert "Bids and tricks: you " in scores
    assert ann.repeat().text == scores
    assert ann.read_last_trick(match.view(0)).text == "No trick has been taken this hand."


def test_speaking_time_follows_the_words():
    short = Announcement("Spades are broken.")
    long = Announcement(" ".join(["word"] * 30))
    assert long.seconds == pytest.approx(12.0)
    assert short.seconds == pytest.approx(1.2)


# --- properties ------------------------------------------------------------------

CARD_WORDS = re.compile(
    r"the (2|3|4|5|6|7|8|9|10|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")


def named_cards(text: str) -> set[int]:
    return {make_card(RANKS.index(r), SUIT_NAMES.index(s)) for r, s in CARD_WORDS.findall(text)}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(["standard", "classic", "guide"]))
def test_every_event_is_said_and_no_hidden_card_is_named(seed, rules):
    rng = random.Random(seed)
    match = Match(preset(rules), seed, start={"dealer": 3, "scores": [0, 150],
                                               "bags": [0, 0],
                                               "hands": Match(preset(rules), seed).hands})
    ann = Announcer(NAMES)
    played: set[int] = set()
    hands = 0
    while match.phase != OVER and hands < 3:
        actions = match.legal_actions()
        action = actions[int(rng.random() * len(actions))]
        mine_before = match.view(0).hand
        events = match.apply(action)
        view = match.view(0)
        sentences = ann.events(events, view)
        assert len(sentences) == len(events)
        played |= {e.card for e in events if isinstance(e, CardPlayed)}
        mine = {c for c in range(52) if (mine_before | view.hand) >> c & 1}
        turn = ann.your_turn(view)
        asked = [ann.read_trick(view), ann.read_last_trick(view), ann.read_hand(view)]
        for a in sentences + ([turn] if turn else []) + asked:
            assert a.text.isascii()
            assert named_cards(a.text) <= played | mine, a.text
        if any(isinstance(e, HandScored) for e in events):
            hands += 1
            played.clear()


def test_the_hand_is_told_exactly_as_held():
    match = Match(STANDARD, 42)
    ann = Announcer(NAMES)
    while match.phase == "bidding" and match.to_act != 0:
        match.apply(match.legal_actions()[-1])
    text = ann.read_hand(match.view(0)).text
    listed = text.split(": ", 1)[1].rstrip(".")
    held = set()
    for group in listed.split("; "):
        suit, ranks = group.split(" ", 1)
        for r in ranks.split(", "):
            held.add(make_card(RANKS.index(r), SUIT_NAMES.index(suit)))
    assert held == {c for c in range(52) if match.view(0).hand >> c & 1}


# --- the player's moments, and what a resumed table says -----------------------------


def test_refusals_are_the_engines_words_and_name_the_players_own_card():
    match = match_with(STANDARD, one_suit_each("HSDC"), dealer=0)  # West leads
    while match.phase == "bidding":
        match.apply(LOOK if LOOK in match.legal_actions() else match.legal_actions()[-1])
    match.apply(Play(parse_cards("2S")[0]))
    match.apply(Play(parse_cards("2D")[0]))
    view = match.view(0)  # South holds the hearts, North is to play: not South's turn
    ann = Announcer(NAMES)
    card = parse_cards("AH")[0]
    reason = view.refusal(Play(card))
    said = ann.refused(reason, card)
    assert said.urgent and said.text == f"Not the ace of hearts. {reason.rstrip('.')}."
    assert ann.refused("Choose a bid first").text == "Choose a bid first."


def test_focus_says_the_card_or_the_control():
    ann = Announcer(NAMES)
    queen = parse_cards("QH")[0]
    assert ann.focus_card(queen, True).text == "Queen of hearts."
    assert ann.focus_card(queen, False).text == "Queen of hearts, not playable now."
    assert ann.focus_control("Last trick", False).text == "Last trick, unavailable."
    assert ann.focus_control("Confirm 4").urgent
    assert ann.repeat().text == "Confirm 4."


def test_heard_by_and_the_transcript_queue_polite_words_behind_each_other():
    from spades.ui.speech.announce import Transcript, heard_by

    card = Announcement("Wren plays the queen of hearts.")  # 6 words, 2.4 s
    assert heard_by(0.0, 5.0, card) == pytest.approx(7.4)
    t = Transcript()
    t.add(5.0, card)
    t.add(5.5, Announcement("Noor plays the 2 of hearts."))  # waits behind the first
    assert t.heard_at == pytest.approx(5.0 + 2.4 + 2.4)
    assert t.speaking(9.0) and not t.speaking(9.9)
    t.add(6.0, Announcement("Your turn.", urgent=True))  # cuts in
    assert t.heard_at == pytest.approx(6.0 + 0.8)
    assert [a.text for a in t.take_unsent()] == t.texts() and t.take_unsent() == []
    for i in range(Transcript.KEEP + 5):
        t.add(10.0 + i, Announcement(f"line {i}"))
    assert len(t.lines) == Transcript.KEEP and t.texts()[-1] == f"line {Transcript.KEEP + 4}"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(1, 120))
def test_an_announcer_that_takes_up_a_hand_part_way_says_what_one_from_the_start_says(
        seed, cut):
    """A resumed match (or an undo) syncs the counts from the view: every sentence after
    is the same as from an announcer that heard every event."""
    rng = random.Random(seed)
    match = Match(STANDARD, seed)
    whole = Announcer(NAMES)
    late: Announcer | None = None
    steps = 0
    while match.phase != OVER and steps < cut + 60:
        actions = match.legal_actions()
        events = match.apply(actions[int(rng.random() * len(actions))])
        steps += 1
        view = match.view(0)
        texts = [a.text for a in whole.events(events, view)]
        if late is not None:
            assert [a.text for a in late.events(events, view)] == texts
        elif steps == cut:
            late = Announcer(NAMES)
            late.sync(view)


def test_the_big_contracts_lines_are_said_in_the_engines_words():
    from spades.engine.scoring import ScoreLine

    ann = Announcer(NAMES)
    assert ann.line_text(ScoreLine("ten_for_200_made", 200, 0, 11)) == (
        "contract of 11 made: ten for 200 +200")
    assert ann.line_text(ScoreLine("ten_for_200_set", -200, 0, 10)) == (
        "contract of 10 set: ten for 200 -200")
    assert ann.line_text(ScoreLine("boston", 500, 0, 13)) == "Boston: all 13 tricks +500"
