"""The endings measure: hard's and hard-rollout's ending cards judged on the true deal
(``python -m spades.measure.endings``)."""

from __future__ import annotations

import pytest

from spades.ai.hard import EXACT_TRICKS
from spades.measure.endings import judge_deal, loss, main, summarise

ARGS = {"deals": 3, "seed": 45, "rules": "standard", "iterations": 20}


@pytest.fixture(scope="module")
def deals():
    return [judge_deal(ARGS, d) for d in range(ARGS["deals"])]


def test_the_losses_along_the_line_add_up_to_the_hands_result(deals):
    """The true value at the first ending decision, less side 0's losses plus side 1's,
    is the hand's result as the engine scored it: the values are exact and the losses
    are every point the ending cards moved."""
    for deal in deals:
        value = deal["start"]
        for e in deal["decisions"]:
            value += -loss(e, "rollout") if e["seat"] % 2 == 0 else loss(e, "rollout")
        assert value == pytest.approx(deal["end"]), deal


def test_every_ending_decision_is_judged_and_no_card_beats_the_best(deals):
    differ = 0
    for deal in deals:
        decisions = deal["decisions"]
        assert len(decisions) == 4 * EXACT_TRICKS  # every card of the last five tricks
        assert {e["left"] for e in decisions} == set(range(1, EXACT_TRICKS + 1))
        for e in decisions:
            if not e["choice"]:
                assert not e["differ"] and "best" not in e
                continue
            assert e["best"] >= e["rollout_value"] and e["best"] >= e["hard_value"]
            if e["differ"]:
                differ += 1
                assert e["hard"] != e["rollout"]
            else:
                assert e["hard_value"] == e["rollout_value"]
    out = summarise(ARGS, deals)
    assert differ >= 1 and out["differ"] == differ
    assert 0 <= out["differ_share"] <= out["differ_share_of_choice"] <= 1
    assert out["hard_better"] + out["equal"] + out["hard_worse"] == differ
    assert sum(b["differ"] for b in out["by_tricks_left"].values()) == differ
    assert out["ceiling"] >= 0 and out["choice"] > 0
    assert out["ceiling"] == pytest.approx(
        out["ceiling_where_same"] + out["ceiling_where_differ"], abs=0.02)


def test_the_figures_count_a_deal_in_the_tournaments_unit():
    """Two made-up deals: one differing decision where hard's card is 10 points
    better, one where it is 4 worse, and a loss both share."""

    def entry(seat, left, best, rolled, chosen):
        return {"seat": seat, "left": left, "choice": True, "exact": True, "mode": "peak",
                "rollout": "2C" if rolled != chosen else "3C", "hard": "3C",
                "differ": rolled != chosen, "best": best, "rollout_value": rolled,
                "hard_value": chosen}

    deals = [
        {"deal": 0, "nodes": 5, "decisions": [entry(0, 5, 20.0, 10.0, 20.0),
                                              entry(1, 3, 6.0, 6.0, 2.0)]},
        {"deal": 1, "nodes": 7, "decisions": [entry(2, 4, 8.0, 0.0, 0.0)]},
    ]
    out = summarise({"seed": 1, "rules": "standard"}, deals)
    assert (out["differ"], out["hard_better"], out["equal"], out["hard_worse"]) == (2, 1, 0, 1)
    assert out["mean_difference"] == 3.0
    assert out["difference_a_deal"] == 1.5  # (10 - 4) / 2 seats' halves / 2 deals
    assert out["ceiling"] == 4.5  # deal 0: 10 / 2, deal 1: 8 / 2
    assert (out["ceiling_where_same"], out["ceiling_where_differ"]) == (2.0, 2.5)
    assert out["hard_loss_where_differ"] == 1.0
    assert out["by_tricks_left"][3]["hard_loss"] == 1.0 and out["nodes"] == 12
    assert out["differ_by_mode"] == {"peak": {"differ": 2, "hard_better": 1, "equal": 0,
                                              "hard_worse": 1, "difference_a_deal": 1.5}}
    assert out["lost_by_mode"] == {"peak": {"decisions": 3, "differ": 2, "rollout_loss": 4.5,
                                            "hard_loss": 3.0}}


def test_the_command_prints_the_figures(capsys):
    assert main(["--deals", "1", "--seed", "45", "--iterations", "20"]) == 0
    text = capsys.readouterr().out
    assert "ending decisions (at most 5 tricks left): 20" in text
    assert "ceiling:" in text and "choose a different card" in text
