"""Spoken words for the table: what a listener needs to follow a match by ear.

The announcer turns the engine's events and the player's own moments (your turn, a
refused card, a question such as "read my hand") into short sentences, ready for a
screen reader's live region in the browser or a caption strip on desktop. It sits
beside the interface and imports the engine only, so it can be tested without a
window. It names no card the player could not see: the player's own cards (once
looked at) and the cards played to the table, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import (
    BLIND_NIL,
    NIL,
    PlayerView,
    actions,  # the events: actions.BidMade, ...
)
from ...engine.cards import (
    RANK_OF,
    SPADES,
    SUIT_NAMES,
    card_name,
    cards_of,
    partner_of,
    rank_of,
    suit_of,
)
from ...engine.scoring import ScoreLine, TeamScore
from ..layout.hand_rows import SUIT_ORDER  # the hand's order on screen, suit by suit

WORDS_PER_MINUTE = 150  # a normal speaking rate
RANK_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")


@dataclass(frozen=True)
class Announcement:
    """One sentence. ``urgent`` ones (your turn, a refusal) interrupt a screen reader;
    the others wait their turn (the ARIA live region's assertive and polite)."""

    text: str
    urgent: bool = False

    @property
    def seconds(self) -> float:
        """How long the sentence takes to say at a normal speaking rate."""
        return self.seconds_at(WORDS_PER_MINUTE)

    def seconds_at(self, rate: int) -> float:
        """How long the sentence takes to say at ``rate`` words a minute."""
        words = len(self.text.split())
        return max(0.6 * WORDS_PER_MINUTE / rate, words * 60.0 / rate)


def heard_by(busy_until: float, now: float, said: Announcement,
             rate: int = WORDS_PER_MINUTE) -> float:
    """When a listener will have heard ``said``, said at ``now`` and read at ``rate``
    words a minute: a polite sentence waits behind whatever is still being read (until
    ``busy_until``); an urgent one cuts in."""
    start = now if said.urgent else max(busy_until, now)
    return start + said.seconds_at(rate)


class Transcript:
    """Everything announced at a table, in order, with the time each was said: the log a
    listener can review, what the page or the caption strip has yet to show, and when
    the last sentence will have been heard (the computer players wait for that)."""

    KEEP = 5000  # a hand says about 150 sentences, focus moves included

    def __init__(self, rate: int = WORDS_PER_MINUTE) -> None:
        self.lines: list[tuple[float, Announcement]] = []
        self.unsent: list[Announcement] = []
        self.heard_at = 0.0
        self.rate = rate  # words a minute: the player's speaking rate

    def add(self, now: float, said: Announcement) -> None:
        self.lines.append((now, said))
        if len(self.lines) > self.KEEP:
            del self.lines[: len(self.lines) - self.KEEP]
        self.unsent.append(said)
        self.heard_at = heard_by(self.heard_at, now, said, self.rate)

    def skip(self, now: float) -> None:
        """The listener has heard enough: nothing queued holds the table any longer."""
        self.heard_at = min(self.heard_at, now)

    def take_unsent(self) -> list[Announcement]:
        """The sentences not yet handed to the page (each is handed over once)."""
        out, self.unsent = self.unsent, []
        return out

    def recent(self, n: int) -> list[Announcement]:
        return [a for _, a in self.lines[-n:]]

    def texts(self) -> list[str]:
        return [a.text for _, a in self.lines]

    def speaking(self, now: float) -> bool:
        """A listener is still hearing what was said."""
        return now < self.heard_at


def card_words(card: int) -> str:
    """``the queen of hearts``, ``the 7 of spades``, ``the Big Joker``."""
    if card >= 52:  # a joker, or a two raised above the ace (deuces high)
        return f"the {card_name(card)}"
    return f"the {RANK_WORDS[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def cards_words(cards: list[int]) -> str:
    """``the king of spades and the 3 of hearts``: a pass's cards, highest first."""
    said = [card_words(c) for c in sorted(cards, reverse=True)]
    return " and ".join(said) if len(said) < 3 else ", ".join(said[:-1]) + " and " + said[-1]


def rank_word(card: int) -> str:
    """A card among its suit: ``queen``, ``7``; a joker or raised two by name."""
    if card >= 52:
        return card_name(card)
    return RANK_WORDS[rank_of(card)]


def ranks_words(cards: list[int]) -> str:
    """Ranks lowest first, as the hand shows them: ``7, queen, ace``; ``ace, Big
    Joker`` among spades."""
    return ", ".join(rank_word(c) for c in sorted(cards, key=lambda c: RANK_OF[c]))


def hand_words(mask: int) -> str:
    """A hand grouped by suit in the order the hand shows it (and the arrows move
    through it): suit by suit from the left, lowest first in each suit."""
    groups = []
    for suit in SUIT_ORDER:
        cards = [c for c in cards_of(mask) if suit_of(c) == suit]
        if cards:
            groups.append(f"{SUIT_NAMES[suit]} {ranks_words(cards)}")
    return "; ".join(groups) if groups else "no cards"


def capital(text: str) -> str:
    """The first letter upper case, for a name that starts a sentence."""
    return text[:1].upper() + text[1:]


def count_words(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def bid_words(bid: int) -> str:
    if bid == NIL:
        return "nil"
    if bid == BLIND_NIL:
        return "blind nil"
    return str(bid)


def ranges_words(values: list[int]) -> str:
    """``nil, 1 to 9`` for a list of legal bids."""
    parts: list[str] = []
    named = [bid_words(v) for v in values if v <= 0]
    numbers = sorted(v for v in values if v > 0)
    start = prev = None
    for v in numbers + [None]:  # type: ignore[list-item]
        if start is not None and (v is None or v != prev + 1):
            parts.append(str(start) if start == prev else f"{start} to {prev}")
            start = None
        if v is not None and start is None:
            start = v
        prev = v
    return ", ".join(named + parts)


class Announcer:
    """Sentences for the player in ``seat`` (0, South, at the table), with the names
    the table shows. Keeps what it has to count (bids and tricks of this hand) from
    the events themselves, so each sentence says how the hand stands at that moment."""

    def __init__(self, names: tuple[str, ...], seat: int = 0) -> None:
        self.names = tuple(names)
        self.seat = seat
        # A name a seat: four partners, or three (cutthroat) or two (two-handed) alone.
        self.seats = len(self.names)
        self.alone = self.seats != 4
        self.hand_tricks = 17 if self.seats == 3 else 13
        self.last: Announcement | None = None
        self._reset_hand()

    def _reset_hand(self) -> None:
        # ``held``: the player's cards as last told (two-handed's draw adds to them).
        self.bids: list[int | None] = [None] * self.seats
        self.tricks = [0] * self.seats
        self.held = 0

    def sync(self, view: PlayerView) -> None:
        """Take up a hand part-way (a resumed match, an undo): count from the view."""
        self.bids = list(view.bids)
        self.tricks = list(view.tricks_won)
        self.held = view.hand

    # --- names ---------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return "you" if seat == self.seat else self.names[seat]

    def says(self, seat: int, verb: str) -> str:
        """``You bid`` / ``Noor bids``."""
        if seat == self.seat:
            return f"You {verb}"
        ending = "es" if verb.endswith(("s", "sh", "ch", "x")) else "s"
        return f"{capital(self.name(seat))} {verb}{ending}"

    def team_words(self, team: int) -> str:
        """``you and Noor`` or ``Wren and Eli``, as the table's header says it; at three
        and two, where each plays alone, ``you`` or ``Wren``."""
        if self.alone:
            return self.name(team)
        a, b = team, team + 2
        if self.seat in (a, b):
            return f"you and {self.names[partner_of(self.seat)]}"
        return f"{self.names[a]} and {self.names[b]}"

    def my_team(self) -> int:
        return self.seat if self.alone else self.seat % 2

    def side_seats(self, team: int) -> tuple[int, ...]:
        return (team,) if self.alone else (team, team + 2)

    def side_of(self, seat: int) -> int:
        return seat if self.alone else seat % 2

    def sides_mine_first(self) -> list[int]:
        mine = self.my_team()
        return [mine] + [t for t in range(self.seats if self.alone else 2) if t != mine]

    def contract(self, team: int) -> int:
        return sum(b for b in (self.bids[q] for q in self.side_seats(team)) if b and b > 0)

    # --- events --------------------------------------------------------------------

    def events(self, events: list[actions.Event], view: PlayerView) -> list[Announcement]:
        """The sentences for what one engine step reported; ``view`` is the player's
        view after it (it shows the player's own cards once they are looked at)."""
        said: list[Announcement] = []
        for event in events:
            text = self.event_text(event, view)
            if text:
                said.append(Announcement(text))
        if said:
            self.last = said[-1]
        return said

    def event_text(self, event: actions.Event, view: PlayerView) -> str | None:
        if isinstance(event, actions.HandDealt):
            self._reset_hand()
            text = f"Hand {event.hand_number + 1}. {self.says(event.dealer, 'deal')}."
            if self.seat in event.blind_nil_seats:
                return text + " You may bid blind nil before you look at your cards."
            if view.rules.draws:
                return text + (" The draw: in turn each looks at the top card of the stock"
                               " and keeps it or discards it, until each holds 13.")
            return text + f" Your hand: {hand_words(view.hand)}."
        if isinstance(event, actions.CardsSeen):
            if event.seat == self.seat:
                return f"Your hand: {hand_words(view.hand)}."
            return f"{self.says(event.seat, 'look')} at the cards."
        if isinstance(event, actions.BidMade):
            self.bids[event.seat] = event.bid
            text = f"{self.says(event.seat, 'bid')} {bid_words(event.bid)}"
            if event.forced:  # Mirror: the game bids the spades held
                text += ", the spades held"
            partner = None if self.alone else self.bids[partner_of(event.seat)]
            if event.bid > 0 and partner is not None:
                text += f"; team contract {self.contract(event.seat % 2)}"
            return text + "."
        if isinstance(event, actions.CardDrawn):
            return self.draw_text(event, view)
        if isinstance(event, actions.CardsPassed):
            cards = count_words(event.count, "card")
            to = self.name(event.to_seat)
            return f"{self.says(event.seat, 'pass')} {cards} face down to {to}."
        if isinstance(event, actions.CardsExchanged):
            if self.seat not in event.seats:
                a, b = event.seats
                return f"{capital(self.name(a))} and {self.name(b)} take up the passed cards."
            partner = self.names[partner_of(self.seat)]
            return (f"You passed {cards_words(cards_of(view.passed))}; {partner} passed you "
                    f"{cards_words(cards_of(view.received))}. Your hand: {hand_words(view.hand)}.")
        if isinstance(event, actions.BiddingDone):
            return "Contracts: " + ", ".join(
                f"{self.team_words(t)} {event.contracts[t]}" for t in self.sides_mine_first()
            ) + "."
        if isinstance(event, actions.CardPlayed):
            verb = "lead" if event.position == 0 else "play"
            return f"{self.says(event.seat, verb)} {card_words(event.card)}."
        if isinstance(event, actions.SpadesBroken):
            return "Spades are broken."
        if isinstance(event, actions.TrickWon):
            return self.trick_text(event)
        if isinstance(event, actions.HandScored):
            return self.score_text(event)
        if isinstance(event, actions.MatchOver):
            a = event.scores[event.winner]
            rest = sorted((v for t, v in enumerate(event.scores) if t != event.winner),
                          reverse=True)
            verb = "wins" if self.alone and event.winner != self.my_team() else "win"
            return (f"{capital(self.team_words(event.winner))} {verb} {a} to "
                    f"{' and '.join(str(v) for v in rest)}.")
        return None

    def draw_text(self, event: actions.CardDrawn, view: PlayerView) -> str:
        """Two-handed's draw, as each player may know it: the player's own cards by
        name, the other's face-up discard by name and its kept cards unnamed."""
        left = f" {count_words(view.stock_left, 'card')} left in the stock." \
            if view.stock_left else " The draw is over."
        if event.seat != self.seat:
            if event.shown is None:
                return f"{self.says(event.seat, 'keep')} a card.{left}"
            return (f"{self.says(event.seat, 'discard')} {card_words(event.shown)} face up "
                    f"and {'takes' if event.seat != self.seat else 'take'} the next.{left}")
        new = cards_of(view.hand & ~self.held)
        self.held = view.hand
        kept = card_words(new[0]) if new else "a card"
        if event.shown is None:
            return f"You keep {kept}; the next card goes face down.{left}"
        return f"You discard {card_words(event.shown)} face up and take {kept}.{left}"

    def trick_text(self, event: actions.TrickWon) -> str:
        seat = event.seat
        self.tricks[seat] += 1
        text = f"{self.says(seat, 'take')} the trick"
        bid = self.bids[seat]
        if bid in (NIL, BLIND_NIL) and self.tricks[seat] == 1:
            owner = "your" if seat == self.seat else f"{self.names[seat]}'s"
            text += f"; {owner} {bid_words(bid)} fails"  # type: ignore[arg-type]
        team = self.side_of(seat)
        won = sum(self.tricks[q] for q in self.side_seats(team))
        ours = team == self.my_team()
        who = "you have" if ours else "they have" if not self.alone else \
            f"{self.names[seat]} has"
        whose = "your" if ours else "their" if not self.alone else f"{self.names[seat]}'s"
        contract = self.contract(team)
        if not contract:
            text += f"; {who} {won}"
        elif won < contract:
            text += f"; {who} {won} of {contract}"
        elif won == contract:
            text += f"; {who} {won} of {contract}, {whose} contract made"
        else:  # "you have 8 of 5" read oddly
            text += f"; {who} {won}, {won - contract} over {whose} {contract}"
        return text + "."

    def line_text(self, line: ScoreLine) -> str:
        kind, n = line.kind, line.count
        if kind == "contract_made":
            words = f"contract of {n} made"
        elif kind == "contract_set":
            words = f"contract of {n} set"
        elif kind == "overtricks":
            words = count_words(n, "overtrick")
        elif kind == "nil_tricks":
            words = f"{count_words(n, 'trick')} on a failed nil"
        elif kind == "bag_penalty":
            words = f"{n} bags, penalty"
        elif line.seat is None:  # ten for 200, Boston: the engine's own words
            words = line.text.replace("Contract", "contract", 1)
        else:
            seat = line.seat if line.seat is not None else self.seat
            owner = "your" if seat == self.seat else f"{self.names[seat]}'s"
            what = "blind nil" if kind.startswith("blind") else "nil"
            words = f"{owner} {what} {'made' if kind.endswith('made') else 'failed'}"
        return f"{words} {line.points:+d}"

    def team_score_text(self, score: TeamScore) -> str:
        """A side's lines, after the totals: "Yours: contract of 7 made +70, 3 bags."."""
        lines = ", ".join(self.line_text(line) for line in score.lines) or "nothing scored"
        bags = f", {count_words(score.bags_after, 'bag')} now" if score.bags_after else ""
        whose = "Yours" if score.team == self.my_team() else \
            f"{self.names[score.team]}'s" if self.alone else "Theirs"
        return f"{whose}: {lines}{bags}."

    def score_text(self, event: actions.HandScored) -> str:
        """The totals first, in one short sentence, then each side's lines in one each
        (a single sentence of 40 words before)."""
        order = [event.teams[t] for t in self.sides_mine_first()]
        totals = "; ".join(
            f"{self.team_words(t.team)} {t.points:+d}, now {t.score_after}" for t in order)
        return (f"Hand {event.hand_number + 1} scored: {totals}. "
                + " ".join(self.team_score_text(t) for t in order))

    # --- the player's moments ------------------------------------------------------

    def say(self, text: str, urgent: bool = False) -> Announcement:
        """Anything else the table tells the player (a refusal in the engine's words,
        a saved game, a storage problem)."""
        self.last = Announcement(text, urgent)
        return self.last

    def your_turn(self, view: PlayerView, suggested: int | None = None
                  ) -> Announcement | None:
        """What it is the player's turn to do, and what is legal; ``suggested``: the bid
        the bid panel outlines (and the first Tab or arrow goes to)."""
        if not view.my_turn:
            return None
        if view.phase == "drawing":
            return self.say(f"Your turn to draw: the top card is {card_words(view.drawn)}. "
                            "K keeps it, the next going face down; D discards it face up "
                            "and takes the next.", urgent=True)
        if view.phase == "bidding":
            if not view.looked:
                text = "Your turn: bid blind nil, or look at your cards."
            else:
                values = sorted({a.value for a in view.legal_actions()})  # type: ignore[union-attr]
                text = f"Your turn to bid: {ranges_words(values)}."
                partner = view.partner_bid
                if partner is not None:
                    text += f" {self.names[view.partner]} bid {bid_words(partner)}."
                if suggested is not None:
                    text += f" Suggested: {bid_words(suggested)}."
            return self.say(text, urgent=True)
        if view.phase == "passing":
            n = view.rules.nil_pass
            partner = self.names[view.partner]
            why = ("you bid nil" if view.bids[view.seat] in (NIL, BLIND_NIL)
                   else f"{partner} bid nil")
            return self.say(f"Your turn to pass {count_words(n, 'card')} face down to "
                            f"{partner}: {why}. Choose each with the arrows and Enter, then "
                            f"Pass. You hold {hand_words(view.hand)}.", urgent=True)
        legal = [a.card for a in view.legal_actions()]  # type: ignore[union-attr]
        if not view.trick:
            text = "Your turn to lead"
            if not view.spades_broken and any(suit_of(c) != SPADES for c in cards_of(view.hand)):
                text += "; spades are not broken"
            text += f". You hold {hand_words(view.hand)}."
        else:
            led = SUIT_NAMES[view.led_suit]
            if all(suit_of(c) == view.led_suit for c in legal):
                text = f"Your turn: follow {led}; you hold {ranks_words(legal)}."
            else:
                text = f"Your turn: no {led}; play any card. You hold {hand_words(view.hand)}."
        return self.say(text, urgent=True)

    def whose_turn(self, view: PlayerView) -> Announcement:
        """Whose turn it is and where the hand stands: the T key, and where a listener
        is told they are when announcements come on."""
        if view.phase == "over":
            return self.say("The match is over.")
        hand = f"Hand {view.hand_number + 1}"
        who = "your turn" if view.my_turn else f"{self.names[view.to_act]}'s turn"
        if view.phase == "bidding":
            made = sum(b is not None for b in view.bids)
            return self.say(f"{hand}, bidding: {who} to bid; "
                            f"{count_words(made, 'bid') if made else 'no bids'} so far.")
        if view.phase == "passing":
            return self.say(f"{hand}, nil card passing: {who} to pass.")
        if view.phase == "drawing":
            return self.say(f"{hand}, the draw: {who} to draw; "
                            f"{count_words(view.stock_left, 'card')} left in the stock, "
                            f"you hold {count_words(view.hand.bit_count(), 'card')}.")
        trick = len(view.tricks) + 1
        verb = "play" if view.trick else "lead"
        text = f"{hand}, trick {trick} of {self.hand_tricks}: {who} to {verb}"
        if view.trick:
            text += "; " + ", ".join(f"{self.name(s)} {card_words(c)}" for s, c in view.trick)
        return self.say(text + ".")

    def trick_on_table(self, hand_number: int, trick_number: int,
                       trick: list[tuple[int, int]], winner_card: int | None) -> Announcement:
        """T while a whole trick is still on the table: its cards and who takes it (the
        view already has the next lead, which the table shows once the trick is
        gathered)."""
        cards = ", ".join(f"{self.name(s)} {card_words(c)}" for s, c in trick)
        text = f"Hand {hand_number + 1}, trick {trick_number} of {self.hand_tricks}: {cards}"
        takers = [s for s, c in trick if c == winner_card]
        if takers:
            text += f"; {self.name(takers[0])} {'take' if takers[0] == self.seat else 'takes'} it"
        return self.say(text + ".")

    def table_now(self, view: PlayerView) -> Announcement:
        """Where the table is, for a player who comes to it part-way (Continue, Back to
        table, a connection that came back): whose turn and the trick so far (as T says
        it), the player's cards, and the bids with the tricks won."""
        turn = self.whose_turn(view)
        if view.phase == "over":
            return turn
        parts = [turn.text]
        if not view.looked:
            parts.append("You have not looked at your cards yet.")
        elif view.hand:
            parts.append(f"You hold {hand_words(view.hand)}.")
        bids = [(seat, bid) for seat, bid in enumerate(view.bids) if bid is not None]
        if bids and view.phase == "bidding":
            parts.append("Bids: " + ", ".join(f"{self.name(seat)} {bid_words(bid)}"
                                              for seat, bid in bids) + ".")
        elif bids:
            parts.append("Bids and tricks: " + "; ".join(
                f"{self.name(seat)} {bid_words(bid)}, "
                f"{count_words(view.tricks_won[seat], 'trick')}" for seat, bid in bids) + ".")
        return self.say(" ".join(parts))

    def read_hand(self, view: PlayerView) -> Announcement:
        if not view.looked:
            return self.say("You have not looked at your cards yet.")
        n = view.hand.bit_count()
        return self.say(f"Your hand, {count_words(n, 'card')}: {hand_words(view.hand)}.")

    def read_trick(self, view: PlayerView) -> Announcement:
        if not view.trick:
            if view.phase != "playing":
                return self.say("No cards on the table.")
            return self.say(f"No cards on the table; {self.says(view.to_act, 'lead')}.")
        plays = [f"{self.name(s)} {card_words(c)}" for s, c in view.trick]
        text = f"On the table: {', '.join(plays)}."
        if view.phase == "playing":
            text += f" {capital(self.name(view.to_act))} to play."
        return self.say(text)

    def read_last_trick(self, view: PlayerView) -> Announcement:
        if not view.tricks:
            return self.say("No trick has been taken this hand.")
        leader, cards = view.tricks[-1]
        plays = [f"{self.name((leader + i) % self.seats)} {card_words(c)}"
                 for i, c in enumerate(cards)]
        winner = view.trick_winners[-1]
        return self.say(f"Last trick: {', '.join(plays)}; {self.says(winner, 'take')} it.")

    def read_scores(self, view: PlayerView) -> Announcement:
        parts = []
        for team in self.sides_mine_first():
            parts.append(f"{self.team_words(team)} {view.scores[team]}, "
                         f"{count_words(view.bags[team], 'bag')}")
        text = "Scores: " + "; ".join(parts) + "."
        if view.phase != "over":
            bids = []
            for seat in range(self.seats):
                bid = view.bids[seat]
                said = "not yet" if bid is None else bid_words(bid)
                won = count_words(view.tricks_won[seat], "trick")
                bids.append(f"{self.name(seat)} {said}, {won}")
            text += " Bids and tricks: " + "; ".join(bids) + "."
        return self.say(text)

    def repeat(self) -> Announcement:
        return self.last or self.say("Nothing has been said yet.")

    def focus_card(self, card: int, playable: bool, chosen: bool = False) -> Announcement:
        """The card under the keyboard's focus: urgent, as a reader says focus at once;
        ``chosen``: one the player has chosen to pass."""
        text = capital(card_words(card)[4:]) + ("" if playable else ", not playable now") + (
            ", chosen to pass" if chosen else "")
        return self.say(text + ".", urgent=True)

    def focus_control(self, label: str, enabled: bool = True) -> Announcement:
        """A button, a bid or a toolbar control under the focus."""
        return self.say(f"{label}{'' if enabled else ', unavailable'}.", urgent=True)

    def refused(self, reason: str, card: int | None = None) -> Announcement:
        """A refusal in the engine's words, naming the player's own card if one was tried."""
        text = reason.rstrip(".") + "."
        if card is not None:
            text = f"Not {card_words(card)}. {text}"
        return self.say(text, urgent=True)


__all__ = ["Announcement", "Announcer", "Transcript", "card_words", "cards_words", "hand_words",
           "heard_by", "WORDS_PER_MINUTE"]
