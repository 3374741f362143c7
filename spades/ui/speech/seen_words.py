"""The words of "With all cards seen": what each side could have done from the opening
lead, what a card cost, the turning point, and the whole review for a listener.

The screen and the ear read the same sentences from here. A seat is named as the
table names it (``names``, the player "You"); the review is the solver's
``HandReview``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import card_name
from ...engine.legal import BLIND_NIL
from ...solver.review import Cost, HandReview, Opening

HUMAN = 0
PARTNER = 2
TEAMS = ("Us", "Them")
HINDSIGHT = ("Hindsight, with every hand visible and every card played as well as it "
             "could be: no player at the table could see this.")
TRICKS_KEY = "Each trick's cards in the order played; the name in bold won the trick."
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
           "ten", "eleven", "twelve", "thirteen")


def tricks_words(n: int) -> str:
    return f"{NUMBERS[n] if 0 <= n < len(NUMBERS) else n} trick{'' if n == 1 else 's'}"


def owner(names: Sequence[str], seat: int) -> str:
    """"Your", "Noor's"."""
    return "Your" if seat == HUMAN else f"{names[seat]}'s"


def team_names(names: Sequence[str], team: int) -> str:
    return f"{TEAMS[team]} ({names[team]} & {names[team + 2]})"


def cost_words(cost: Cost, names: Sequence[str]) -> str:
    """What a costly card cost, as a phrase: "one trick", "the nil", "one trick and
    the contract", "the chance to set Wren's nil"."""
    parts = []
    if cost.tricks:
        parts.append(tricks_words(cost.tricks))
    parts += [("the nil" if len(cost.nils) == 1 and cost.tricks == 0 else
               f"{owner(names, n).replace('Your', 'your')} nil") for n in cost.nils]
    if cost.contract:
        parts.append("the contract")
    parts += [f"the chance to set {owner(names, n).replace('Your', 'your')} nil"
              for n in cost.sets]
    if cost.set_contract:
        parts.append("the chance to set their contract")
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else "nothing"


def card_words(review: HandReview, index: int, names: Sequence[str]) -> str:
    """"Your 5 of diamonds kept the best result." or "... cost one trick." (None: not
    worked out yet)."""
    seat = review.seat_of(index)
    cost = review.cost(index)
    what = f"{owner(names, seat)} {card_name(review.plays[index])}"
    if cost is None:
        return f"{what}: not worked out."
    if not cost.costly:
        return f"{what} kept the best result."
    return f"{what} cost {cost_words(cost, names)}."


def side_words(seat_or_team: int, *, other: bool) -> str:
    """Who stands for a side in the opening's lines: "they" (the opponents) or "your
    side" (you and your partner); ``other`` names the side facing ``seat_or_team``."""
    ours = seat_or_team % 2 == 0
    return "they" if ours == other else "your side"


def contract_words(team: int, contract: int, made: bool) -> str:
    """Whether a side's contract could have been made with every hand seen: "Your
    side's contract of 5 could not have been made: they could always set it."."""
    whose = "Your side's" if team == 0 else "Their"
    if made:
        return (f"{whose} contract of {contract} could have been made, whatever "
                f"{side_words(team, other=True)} played.")
    return (f"{whose} contract of {contract} could not have been made: "
            f"{side_words(team, other=True)} could always set it.")


def nil_words(names: Sequence[str], seat: int, blind: bool, kept: bool | None) -> str:
    """Whether a nil could have been kept with every hand seen: "Your nil could not
    have been kept: they could always set it."."""
    nil = f"{owner(names, seat)} {'blind nil' if blind else 'nil'}"
    if kept is None:
        return f"{nil}: not finished."
    if kept:
        return f"{nil} could have been kept, whatever {side_words(seat, other=True)} played."
    return (f"{nil} could not have been kept: {side_words(seat, other=True)} could "
            "always set it.")


def opening_lines(opening: Opening | None, names: Sequence[str], review: HandReview
                  ) -> list[str]:
    """From the opening lead, each side's most tricks, its contract and each nil, each
    said as what was possible with every hand seen (could have been, could not have
    been) and who could have stopped it."""
    if opening is None:
        if 0 in review.unfinished:
            return ["From the opening lead: not finished (it took too long to work out)."]
        return ["From the opening lead: still being worked out."]
    lines = []
    for team in (0, 1):
        lines.append(f"{team_names(names, team)} could have taken "
                     f"{tricks_words(opening.tricks[team])}.")
        contract = opening.contracts[team]
        made = opening.makeable[team]
        if contract and made is not None:
            lines.append(contract_words(team, contract, made))
    for seat, kept in opening.nils:
        lines.append(nil_words(names, seat, review.bids.get(seat) == BLIND_NIL, kept))
    return lines


def turning_words(review: HandReview, names: Sequence[str]) -> str:
    """The turning point in a sentence (or why there is none yet)."""
    point = review.turning_point()
    if point is None:
        if review.unfinished and review.status != "running":
            return "The turning point is not known: part of the hand took too long."
        return "The turning point: still being worked out."
    if point < 0:
        return "No card changed the result: every card kept the best result."
    trick = point // 4 + 1
    cost = review.cost(point)
    assert cost is not None
    return (f"The turning point, trick {trick}: {owner(names, review.seat_of(point))} "
            f"{card_name(review.plays[point])} cost {cost_words(cost, names)}.")


def progress_words(review: HandReview) -> str:
    done = sum(review.trick_done(t) for t in range(13))
    if review.status == "running":
        return f"Working back from the last trick: {done} of 13 tricks done."
    if review.unfinished:
        return "Done, but some positions took too long and were not finished."
    return f"Worked out in {review.seconds:.1f} seconds."


def review_words(review: HandReview, names: Sequence[str], partner: bool) -> str:
    """The whole review for a listener: hindsight, the opening, the turning point, and
    each of the player's (and partner's) cards that cost something."""
    words = [HINDSIGHT, *opening_lines(review.opening(), names, review),
             turning_words(review, names)]
    seats = (HUMAN, PARTNER) if partner else (HUMAN,)
    point = review.turning_point()
    costly = []
    for i in range(len(review.plays)):
        if review.seat_of(i) in seats and i != point:  # the turning point: said above
            cost = review.cost(i)
            if cost is not None and cost.costly:
                costly.append(f"Trick {i // 4 + 1}: {card_words(review, i, names)}")
    whose = "yours and your partner's" if partner else "yours"
    if costly or (point is not None and point >= 0 and review.seat_of(point) in seats):
        words += costly
        words.append(f"Every other card of {whose} kept the best result.")
    elif review.status == "done" and not review.unfinished:
        words.append(f"Every card of {whose} kept the best result.")
    return " ".join(words)
