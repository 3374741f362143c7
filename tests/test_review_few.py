"""The review of a hand of three (cutthroat) or two (two-handed) with every card seen
(spades/solver/review.py): each player's most tricks (at three, against the two
others together), each card's cost, the nils, the contracts and the turning point,
held against the plain minimax of tests/test_solver_few.py on random endings played
out at random, and a whole hand of each game reviewed card by card in slices as the
table runs it, to the answers of the finished hand's review."""

from __future__ import annotations

import random

import pytest
from test_solver_few import brute, nil_brute, random_ending

from spades.engine.cards import cards_of
from spades.engine.legal import NIL
from spades.engine.match import Match
from spades.engine.rules import preset
from spades.solver.review import HandReview


def played_out(rng: random.Random, seats: int, tricks: int) -> tuple:
    """A random ending at a trick boundary, and random legal cards to its end."""
    start = random_ending(rng, seats, tricks)
    while start.trick:
        start = random_ending(rng, seats, tricks)
    position, plays = start, []
    while position.tricks_left:
        card = rng.choice(cards_of(position.legal()))
        plays.append(card)
        position, _ = position.play(card)
    return start, plays


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("seed", range(12))
def test_each_cards_cost_is_what_minimax_says_it_cost(seats, seed):
    rng = random.Random(f"review-few/{seats}/{seed}")
    start, plays = played_out(rng, seats, rng.choice((2, 3)))
    nil_seat = rng.randrange(seats)
    bids = {s: rng.randrange(1, 3) for s in range(seats)}
    bids[nil_seat] = NIL
    review = HandReview(start, plays, bids).run()
    assert review.status == "done" and not review.unfinished
    positions = review.positions
    for i, position in enumerate(positions[:-1]):
        for seat in range(seats):
            assert review.team_value(seat, i) == brute(position, seat)
        assert review.kept[nil_seat][i] == (not review.seat_won[i][nil_seat] and
                                            nil_brute(position, nil_seat))
    first = None
    for i, card in enumerate(plays):
        seat = positions[i].to_act
        after, winner = positions[i].play(card)
        got = int(winner == seat) + (brute(after, seat) if after.tricks_left else 0)
        cost = review.cost(i)
        assert cost.tricks == brute(positions[i], seat) - got >= 0
        before, now = review.kept[nil_seat][i], review.kept[nil_seat][i + 1]
        assert cost.nils == ((nil_seat,) if seat == nil_seat and before and not now else ())
        assert cost.sets == ((nil_seat,) if seat != nil_seat and not before and now else ())
        for other in range(seats):
            if other == seat or not review.contracts[other]:
                continue
            taken = review.seat_won[i][other]
            was = taken + brute(positions[i], other) >= review.contracts[other]
            taken_after = review.seat_won[i + 1][other]
            now_made = taken_after + (brute(after, other) if after.tricks_left else 0) >= \
                review.contracts[other]
            if not was and now_made:
                assert cost.set_contract
        if cost.costly and first is None:
            first = i
    assert review.turning_point() == (first if first is not None else -1)


@pytest.mark.parametrize("seats", [2, 3])
def test_the_opening_says_each_players_tricks_contract_and_nil(seats):
    rng = random.Random(f"review-few-opening/{seats}")
    start, plays = played_out(rng, seats, 3)
    bids = {s: 1 for s in range(seats)}
    bids[seats - 1] = NIL
    review = HandReview(start, plays, bids).run()
    opening = review.opening()
    best = tuple(brute(start, s) for s in range(seats))
    assert opening.tricks == best
    assert opening.contracts == tuple(0 if s == seats - 1 else 1 for s in range(seats))
    assert opening.makeable == tuple(None if s == seats - 1 else best[s] >= 1
                                     for s in range(seats))
    assert opening.nils == ((seats - 1, nil_brute(start, seats - 1)),)
    if seats == 2:
        assert sum(opening.tricks) == start.tricks_left
    for side in range(seats):
        own, gifts = review.given(side)
        assert opening.tricks[side] - own + gifts == review.took(side)


def finished_hand(name: str, seed: int):
    """A whole hand of ``name`` played by random legal players."""
    rng = random.Random(seed)
    match = Match(preset(name), seed)
    while not match.history:
        match.apply(rng.choice(match.legal_actions()))
    return match.history[0]


@pytest.mark.parametrize("name", ["two-handed", "cutthroat"])
def test_a_hand_reviewed_card_by_card_in_slices_gives_the_finished_hands_answers(name):
    """As the table runs it: from the opening lead, the bids, then each card, a few
    milliseconds of work between them; the same answers as the finished hand's
    review. Cutthroat's opening searches are heavy, so its hand starts five tricks
    before the end (the last 15 cards)."""
    result = finished_hand(name, 11)
    whole = HandReview.of_result(result)
    seats = whole.seats
    assert seats == preset(name).seats
    cut = 0 if name == "two-handed" else len(result.plays) - 5 * seats
    if cut:
        start = whole.positions[cut]
        whole = HandReview(start, result.plays[cut:], dict(result.bids),
                           result.rules.failed_nil_tricks)
    whole.run()
    assert whole.status == "done" and whole.keepers_found
    live = HandReview(whole.positions[0])
    for step, card in enumerate(result.plays[cut:]):
        if step == 0:
            live.bid(dict(result.bids))
        live.step(0.002)
        live.play(card)
    while not live.step(0.01):
        pass
    assert live.side_values == whole.side_values and live.kept == whole.kept
    assert live.opening() == whole.opening()
    assert [live.cost(i) for i in range(len(live.plays))] == \
        [whole.cost(i) for i in range(len(whole.plays))]
    assert live.turning_point() == whole.turning_point()
    assert live.keeper == whole.keeper
    assert len(live.opening().tricks) == seats


@pytest.mark.parametrize("seats", [2, 3])
def test_the_words_name_each_player_and_say_who_played_against_them(seats):
    """The panel's and the ear's sentences (spades/ui/speech/seen_words.py): each
    player a side, at three against the two others together, tricks counted in
    tricks of three or two cards."""
    from spades.ui.speech.seen_words import nil_words, opening_lines, review_words

    names = ("You", "West", "East") if seats == 3 else ("You", "North")
    rng = random.Random(f"review-few-words/{seats}")
    start, plays = played_out(rng, seats, 3)
    bids = {s: 1 for s in range(seats)}
    bids[1] = NIL
    review = HandReview(start, plays, bids).run()
    opening = review.opening()
    lines = opening_lines(opening, names, review)
    if seats == 3:
        assert lines[0] == "Each player against the two others playing together:"
        lines = lines[1:]
    assert lines[0].startswith(f"You could have taken {tricks(opening.tricks[0])}, and took")
    said = " ".join(lines)
    for side in range(seats):
        assert f"{names[side]} could have taken {tricks(opening.tricks[side])}" in said
    others = "the two others together" if seats == 3 else "North"
    made = opening.makeable[0]
    assert (f"Your contract of 1 could have been made, whatever {others} played." in said) \
        == made
    kept = dict(opening.nils)[1]
    assert nil_words(names, 1, False, kept, review.seat_won[-1][1] == 0, seats) in said
    setters = "the two others together" if seats == 3 else "you"
    if kept:
        assert f"{names[1]}'s nil could have been kept, whatever {setters} played" in said
    else:
        assert f"{setters[0].upper()}{setters[1:]} could have set {names[1]}'s nil" in said
    words = review_words(review, names, partner=True)
    assert "partner" not in words and "Us (" not in words
    point = review.turning_point()
    if point is not None and point >= 0:
        assert f"The turning point, trick {point // seats + 1}:" in words


def tricks(n: int) -> str:
    from spades.ui.speech.seen_words import tricks_words

    return tricks_words(n)
