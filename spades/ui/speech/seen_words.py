"""The words of "With all cards seen": what each side could have done from the opening
lead, what a card cost, the turning point, and the whole review for a listener.

The screen and the ear read the same sentences from here. A seat is named as the
table names it (``names``, the player "You"); the review is the solver's
``HandReview``. At four a side is a team ("Us", "Them"); at three and two each player
is a side, and at three what a player could take is said against the two others
playing together, as the solver works it out (docs/solver.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import SUIT_OF, card_name, card_text, cards_of
from ...engine.legal import BLIND_NIL
from ...solver.review import Cost, HandReview, Opening

HUMAN = 0
PARTNER = 2
TEAMS = ("Us", "Them")
HINDSIGHT = ("Hindsight, with every hand visible and every card played as well as it "
             "could be: no player at the table could see this.")
TRICKS_KEY = "Each trick's cards in the order played; the name in bold won the trick."
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
           "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
           "seventeen")


def tricks_words(n: int) -> str:
    return f"{NUMBERS[n] if 0 <= n < len(NUMBERS) else n} trick{'' if n == 1 else 's'}"


def marks_words(partner: str) -> str:
    """Under the partner switch: what it marks."""
    return (f"It frames {partner}'s cards as it frames yours: green kept the best "
            "result, red cost something.")


def owner(names: Sequence[str], seat: int) -> str:
    """"Your", "Noor's"."""
    return "Your" if seat == HUMAN else f"{names[seat]}'s"


def team_names(names: Sequence[str], team: int) -> str:
    return f"{TEAMS[team]} ({names[team]} & {names[team + 2]})"


def alone(review: HandReview) -> bool:
    """Each player a side: cutthroat or two-handed."""
    return review.seats != 4


def side_name(review: HandReview, names: Sequence[str], side: int) -> str:
    """A side as the opening names it: "Us (You & Noor)", or a player alone."""
    if alone(review):
        return names[side]
    return team_names(names, side)


def others_words(seats: int, side: int, names: Sequence[str]) -> str:
    """Who played against ``side``: at three "the two others together", at two the
    other player ("you", "North"), at four the other team."""
    if seats == 3:
        return "the two others together"
    if seats == 2:
        return "you" if 1 - side == HUMAN else names[1 - side]
    return side_words(side, other=True)


def cost_words(cost: Cost, names: Sequence[str], first: bool = False, seats: int = 4) -> str:
    """What a costly card cost, as a phrase: "one trick", "the nil", "one trick and
    the contract", "the chance to set Wren's nil" (``first``: only the first of them).
    The other side's contract is "their contract" at four (the other team's); at
    ``seats`` three or two it is a player's, named: "the chance to set Eli's contract"
    ("your contract": the player's)."""
    parts = []
    if cost.tricks:
        parts.append(tricks_words(cost.tricks))
    parts += [("the nil" if len(cost.nils) == 1 and cost.tricks == 0 else
               f"{owner(names, n).replace('Your', 'your')} nil") for n in cost.nils]
    if cost.contract:
        parts.append("the contract")
    parts += [f"the chance to set {owner(names, n).replace('Your', 'your')} nil"
              for n in cost.sets]
    if seats == 4:
        parts += ["the chance to set their contract"] if cost.set_contract else []
    else:
        parts += [f"the chance to set {owner(names, side).replace('Your', 'your')} contract"
                  for side in cost.set_contract]
    if len(parts) > 1 and not first:
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
    return (f"{what} cost {cost_words(cost, names, seats=review.seats)}"
            f"{keeper_words(review, index)}.")


def side_words(seat_or_team: int, *, other: bool) -> str:
    """Who stands for a side in the opening's lines: "they" (the opponents) or "your
    side" (you and your partner); ``other`` names the side facing ``seat_or_team``."""
    ours = seat_or_team % 2 == 0
    return "they" if ours == other else "your side"


def contract_words(team: int, contract: int, made: bool,
                   review: HandReview | None = None, names: Sequence[str] = ()) -> str:
    """Whether a side's contract could have been made with every hand seen: "Your
    side's contract of 5 could not have been made: they could always set it."; a
    player alone (``review`` of three or two): "Wren's contract of 4 could have been
    made, whatever the two others together played."."""
    if review is not None and alone(review):
        whose = owner(names, team)
        others = others_words(review.seats, team, names)
        if made:
            return (f"{whose} contract of {contract} could have been made, whatever "
                    f"{others} played.")
        return (f"{whose} contract of {contract} could not have been made: {others} "
                "could always set it.")
    whose = "Your side's" if team == 0 else "Their"
    if made:
        return (f"{whose} contract of {contract} could have been made, whatever "
                f"{side_words(team, other=True)} played.")
    return (f"{whose} contract of {contract} could not have been made: "
            f"{side_words(team, other=True)} could always set it.")


def nil_words(names: Sequence[str], seat: int, blind: bool, kept: bool | None,
              was_kept: bool | None = None, seats: int = 4) -> str:
    """Whether a nil could have been kept with every hand seen, said from the side
    that could make it so, and (``was_kept``, once the hand is over) what happened:
    "Your side could have set Eli's nil, whatever they played, but it was kept."."""
    kind = "blind nil" if blind else "nil"
    nil = f"{owner(names, seat)} {kind}"
    if kept is None:
        return f"{nil}: still being worked out."
    if seats != 4:
        return _nil_alone(names, seat, kind, kept, was_kept, seats)
    ours = seat % 2 == 0
    if kept:
        said = f"{nil} could have been kept, whatever {side_words(seat, other=True)} played"
        if was_kept is None:
            return said + "."
        if was_kept:
            return said + ", and it was."
        return said + (", but it was set." if ours else ", but your side set it.")
    setter = "They" if ours else "Your side"
    whose = f"{owner(names, seat).replace('Your', 'your')} {kind}"
    said = f"{setter} could have set {whose}, whatever {side_words(seat, other=False)} played"
    if was_kept is None:
        return said + "."
    return said + (", but it was kept." if was_kept else ", and did.")


def _nil_alone(names: Sequence[str], seat: int, kind: str, kept: bool,
               was_kept: bool | None, seats: int) -> str:
    """A nil at three or two: kept by its player alone, set by the others (at three
    the two others together)."""
    nil = f"{owner(names, seat)} {kind}"
    setters = others_words(seats, seat, names)
    if kept:
        said = f"{nil} could have been kept, whatever {setters} played"
    else:
        said = (f"{setters[0].upper()}{setters[1:]} could have set "
                f"{owner(names, seat).replace('Your', 'your')} {kind}")
    if was_kept is None:
        return said + "."
    if kept:
        return said + (", and it was." if was_kept else ", but it was set.")
    return said + (", but it was kept." if was_kept else ", and it was set.")


def took_words(review: HandReview, team: int, names: Sequence[str] = ()) -> str:
    """Beside what a side could have taken, what it took and why the two differ: what
    its own cards cost, what the other side's gave it ("and took eight: the other
    side's cards gave back what yours cost"), so a card's cost never reads as wrong."""
    given = review.given(team) if review.status == "done" else None
    if given is None:
        return "."
    lost, gained = given
    took = review.took(team)
    said = f", and took {NUMBERS[took] if took < len(NUMBERS) else took}"
    if alone(review):
        mine, yours = ("your cards", "yours") if team == HUMAN else ("their cards", "theirs")
        if review.seats == 3:
            others_short = "the others'"
        else:
            others_short = owner(names, 1 - team).replace("Your", "yours")
        others = others_short.replace("yours", "your") + " cards"
    else:
        mine, yours = ("your side's cards", "yours") if team == 0 else ("their cards", "theirs")
        others_short = "the other side's"
        others = "the other side's cards"
    if not lost and not gained:
        return said + "."
    if not gained:
        return f"{said}: {mine} cost {NUMBERS[lost]}."
    if not lost:
        return f"{said}: {others} gave {NUMBERS[gained]}."
    if lost == gained:
        return f"{said}: {others} gave back what {yours} cost."
    return (f"{said}: {mine} cost {NUMBERS[lost]}, {others_short} gave "
            f"{'back ' if gained < lost else ''}{NUMBERS[gained]}.")


def opening_lines(opening: Opening | None, names: Sequence[str], review: HandReview
                  ) -> list[str]:
    """From the opening lead, each side's most tricks (and, once all is worked out,
    what it took), its contract and each nil, each said as what was possible with
    every hand seen (could have been, could not have been) and who could have
    stopped it."""
    if opening is None:
        return ["From the opening lead: still being worked out."]
    over = review.status == "done"
    lines = []
    if review.seats == 3:
        lines.append("Each player against the two others playing together:")
    for team in range(len(opening.tricks)):
        lines.append(f"{side_name(review, names, team)} could have taken "
                     f"{tricks_words(opening.tricks[team])}"
                     f"{took_words(review, team, names)}")
        contract = opening.contracts[team]
        made = opening.makeable[team]
        if contract and made is not None:
            lines.append(contract_words(team, contract, made, review, names))
    for seat, kept in opening.nils:
        was_kept = review.seat_won[-1][seat] == 0 if over else None
        lines.append(nil_words(names, seat, review.bids.get(seat) == BLIND_NIL, kept,
                               was_kept, review.seats))
    return lines


def turning_words(review: HandReview, names: Sequence[str]) -> str:
    """The turning point in a sentence (or why there is none yet)."""
    point = review.turning_point()
    if point is None:
        return "The turning point: still being worked out."
    if point < 0:
        return "No card changed the result: every card kept the best result."
    trick = point // review.seats + 1
    cost = review.cost(point)
    assert cost is not None
    return (f"The turning point, trick {trick}: {owner(names, review.seat_of(point))} "
            f"{card_name(review.plays[point])} cost "
            f"{cost_words(cost, names, seats=review.seats)}"
            f"{keeper_words(review, point)}.")


def progress_words(review: HandReview) -> str:
    """While the review is worked out, how far it got ("" once it is done)."""
    if review.status != "running":
        return ""
    tricks = review.positions[0].tricks_left
    done = sum(review.trick_done(t) for t in range(tricks))
    if done == tricks - 1 and review.unfinished:
        return "Working it out: the hardest position last."
    if done == tricks:
        return "Working it out: the cards that would have kept the best result."
    return f"Working it out: {done} of {tricks} tricks done."


def keeper_words(review: HandReview, index: int, short: bool = False) -> str:
    """After a costly card's cost, the card that would have kept the value: ": the
    three of diamonds kept twelve in all within reach" ("" when none is
    known; ``short``: "the three" when it is of the played card's suit).

    The count is the most tricks the side could still end the hand with when the card
    was played: those it had taken by then and the most it could take from there on.
    The others' cards before it may have made that more than the headline's count from
    the opening lead (or the side's own, less), so it is said as a total within reach
    then, never as "all nine" beside "could have taken eight"."""
    card = review.keeper.get(index)
    cost = review.cost(index)
    if card is None or cost is None:
        return ""
    if cost.tricks:
        team = review.side_of(review.seat_of(index))
        best = sum(review.seat_won[index][s] for s in review.side_seats(team)) + \
            (review.team_value(team, index) or 0)
        count = NUMBERS[best] if best < len(NUMBERS) else str(best)
        name = card_name(card)
        if short and SUIT_OF[card] == SUIT_OF[review.plays[index]] and card < 52:
            name = name.split(" of ")[0]
        return f": the {name} kept {count} in all within reach"
    elif cost.nils:
        kept = "the nil"
    elif cost.contract:
        kept = "the contract"
    else:
        kept = "the chance"
    name = card_name(card)
    if short and SUIT_OF[card] == SUIT_OF[review.plays[index]] and card < 52:
        name = name.split(" of ")[0]
    return f": the {name} kept {kept}"


def rank_text(card: int) -> str:
    """"A", "10", "2"; a top trump by its name ("Big Joker")."""
    if card >= 52:
        return card_name(card)
    return card_text(card)[:-1].replace("T", "10")


def hand_words(review: HandReview, index: int) -> str:
    """The cards the seat held when it played the ``index``-th card: "Held: spades
    A K 7, hearts Q 3." (ranks high to low, suit by suit)."""
    hand = review.positions[index].hands[review.seat_of(index)]
    suits = []
    for suit, name in ((3, "spades"), (2, "hearts"), (0, "clubs"), (1, "diamonds")):
        ranks = [rank_text(c) for c in reversed(cards_of(hand)) if SUIT_OF[c] == suit]
        if ranks:
            suits.append(f"{name} {' '.join(ranks)}")
    return f"Held: {', '.join(suits)}."


def review_words(review: HandReview, names: Sequence[str], partner: bool) -> str:
    """The whole review for a listener: hindsight, the opening, the turning point, and
    each of the player's (and partner's) cards that cost something."""
    words = [HINDSIGHT, *opening_lines(review.opening(), names, review),
             turning_words(review, names)]
    seats = (HUMAN, PARTNER) if partner and not alone(review) else (HUMAN,)
    point = review.turning_point()
    costly = []
    for i in range(len(review.plays)):
        if review.seat_of(i) in seats and i != point:  # the turning point: said above
            cost = review.cost(i)
            if cost is not None and cost.costly:
                costly.append(f"Trick {i // review.seats + 1}: "
                              f"{card_words(review, i, names)}")
    whose = "yours and your partner's" if len(seats) > 1 else "yours"
    if costly or (point is not None and point >= 0 and review.seat_of(point) in seats):
        words += costly
        words.append(f"Every other card of {whose} kept the best result.")
    elif review.status == "done" and not review.unfinished:
        words.append(f"Every card of {whose} kept the best result.")
    return " ".join(words)
