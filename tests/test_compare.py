"""Computer's way, like for like: the replay is the real hand until the computer in
the player's seat chooses otherwise; after that the match's own players play on."""

from __future__ import annotations

from spades.ai.compare import Comparison, difference_words, seat_bids
from spades.ai.reading import Reading
from spades.engine import Match
from spades.engine.rules import preset
from spades.measure import make_player

ROLLOUTS = 8


def _play(match: Match, players: dict, reading: Reading, hands: int) -> None:
    while len(match.history) < hands:
        reading.sync(match.history)
        seat = match.to_act
        match.apply(players[seat].choose(match.view(seat)))


def _table(seed: str, strengths: tuple[str, str, str, str], reading: Reading) -> dict:
    players = {}
    for s, name in enumerate(strengths):
        extra = {"reading": reading, "rollouts": ROLLOUTS} if name == "hard" else {}
        players[s] = make_player(name, seed=f"{seed}/{s}", **extra)
    return players


def test_a_computer_that_chooses_as_you_did_gets_your_result():
    # Seat 0 is played by the same hard player the comparison asks, and the other seats
    # by the match's own players: every choice agrees, so the results are equal. The
    # second hand checks that hard opponents read the first one alike in both.
    for seed, others in (("same/1", ("hard", "normal", "easy", "hard")),
                         ("same/2", ("hard", "hard", "normal", "hard"))):
        match = Match(preset("standard"), seed)
        reading = Reading()
        _play(match, _table(seed, others, reading), reading, 2)
        for i, result in enumerate(match.history):
            comparison = Comparison(result, others, seed, history=match.history[:i],
                                    rollouts=ROLLOUTS)
            again = comparison.finish()
            assert comparison.difference is None
            assert again.bids == result.bids and again.plays == result.plays
            assert again.teams == result.teams
            assert difference_words(comparison).startswith("The computer chose as you did")


def test_a_seat_that_bids_before_yours_bids_the_same_in_both():
    # The player at seat 0 plays at random: the computer soon chooses otherwise.
    rules = preset("standard")
    checked = parted_at_bid = 0
    for game in range(12):
        seed = f"before/{game}"
        match = Match(rules, seed)
        reading = Reading()
        players = _table(seed, ("random", "normal", "hard", "normal"), reading)
        _play(match, players, reading, 1)
        result = match.history[0]
        comparison = Comparison(result, ("hard", "normal", "hard", "normal"), seed,
                                rollouts=ROLLOUTS)
        again = comparison.finish()
        order = [s for s, _ in result.bids]
        before = order[:order.index(0)]
        mine, theirs = seat_bids(result), seat_bids(again)
        for s in before:
            assert theirs[s] == mine[s]
        d = comparison.difference
        assert d is not None  # a random player and hard part somewhere
        if d.kind == "bid":
            parted_at_bid += 1
            assert "your bid" in difference_words(comparison)
        else:
            # Every bid and every card before the difference is the recorded one.
            assert again.bids == result.bids
            n = 4 * d.trick
            assert again.plays[:n] == result.plays[:n]
            assert f"trick {d.trick + 1}" in difference_words(comparison)
        assert again.hands == result.hands and again.dealer == result.dealer
        checked += 1
    assert checked == 12 and parted_at_bid >= 3


def test_after_the_difference_the_match_players_decide():
    seed = "after/3"
    match = Match(preset("standard"), seed)
    reading = Reading()
    _play(match, _table(seed, ("random", "easy", "normal", "easy"), reading), reading, 1)
    comparison = Comparison(match.history[0], ("hard", "easy", "normal", "easy"), seed,
                            rollouts=ROLLOUTS)
    comparison.finish()
    assert [p.strength for p in comparison.players] == ["hard", "easy", "normal", "easy"]
    assert [p.seed for p in comparison.players[1:]] == [f"{seed}/{s}" for s in (1, 2, 3)]
