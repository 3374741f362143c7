"""Reading the table: a model of how each seat bids and plays, fitted over a match.

Hard plays its opponents in its rollouts as a mixture of styles (normal, eager,
careless, shy) and reads their bids as normal's would be meant. Over a match it can
do better: every finished hand shows how each seat bid and every card it played, so
each of its decisions can be set beside what each style would have chosen from that
seat's own view at that moment (the seat's cards at a trick are the ones it played
from it on: nothing hidden is used). The styles that keep choosing what the seat
chose gain weight; the others lose it.

What a ``SeatReading`` keeps, per seat:

- style evidence: for every card the seat chose among two or more sound ones, the
  log-likelihood of its choice under each style (``LIKELIHOOD_FLOOR`` for a choice no
  style explains, so a player of another school moves nothing);
- bids: how far its ordinary bids were from normal's bid on the same cards, and the
  tricks it took against them;
- nils: how many it bid, how many it made, and how many normal would not have bid;
- its partner's nils: how often it could overtake a winning nil partner, and did;
- leads: how many, how many were normal's lead, how many were aces.

How hard uses it (search.py, bid_search.py): the styles of a seat's rollouts are drawn
from the prior mixture times the likelihood (tempered by ``TEMPER``, each style kept above
``STYLE_FLOOR``); a seat's bid is read as its bid less its habitual excess
(``bid_bias``) when dealing the unseen cards, and the seats still to bid in a bid
search bid with that excess; a seat that bids nils normal would not is dealt more
high cards behind a nil (``nil_softness``).

The model is a pure function of the match's finished hands (``Reading.fit``); it is
saved with the match (``to_json``), checked against the hands on loading, and starts
empty for a new match.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import LOOK, Bid, Play
from ..engine.cards import RANK_OF, SEATS, SUIT_OF, cards_of
from ..engine.legal import BLIND_NIL, NIL
from .styles import CARELESS_RATE, EAGER_SHOWN_WEIGHTS, STYLE_WEIGHTS, STYLES

READING_FORMAT = "spades-reading/1"
LIKELIHOOD_FLOOR = 0.15  # the share of any choice left to "none of these styles"
TEMPER = 0.5  # evidence counts half: a seat's decisions are not independent
STYLE_FLOOR = 0.04  # no style is ever ruled out
BID_PRIOR = 2.0  # pseudo-hands of "bids like normal" the bid bias is shrunk toward
NIL_PRIOR = 2.0  # pseudo-nils of "nils like normal"


@dataclass
class SeatReading:
    hands: int = 0
    # Log-likelihood of its choices under each style, in thousandths (whole numbers, so
    # a saved reading is exactly the one fitted).
    loglik: list[int] = field(default_factory=lambda: [0] * len(STYLES))
    decisions: int = 0  # card choices that had two or more sound cards
    bids: int = 0  # ordinary bids set beside normal's ordinary bid
    bid_excess: int = 0  # sum of (its bid - normal's bid) over those
    bid_tricks: int = 0  # sum of (tricks it took - its bid) over its ordinary bids
    nil_bids: int = 0
    nil_made: int = 0
    nil_unlike_normal: int = 0  # nils (blind ones apart) normal would not have bid
    cover_chances: int = 0
    covers: int = 0
    leads: int = 0
    normal_leads: int = 0
    ace_leads: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands, "loglik": list(self.loglik),
            "decisions": self.decisions, "bids": self.bids,
            "bid_excess": self.bid_excess, "bid_tricks": self.bid_tricks,
            "nil_bids": self.nil_bids, "nil_made": self.nil_made,
            "nil_unlike_normal": self.nil_unlike_normal,
            "cover_chances": self.cover_chances, "covers": self.covers,
            "leads": self.leads, "normal_leads": self.normal_leads,
            "ace_leads": self.ace_leads,
        }

    @classmethod
    def from_json(cls, doc: Any) -> SeatReading:
        if not isinstance(doc, dict):
            raise ValueError("a seat's reading must be an object")
        out = cls()
        for name, value in doc.items():
            if name not in out.__dataclass_fields__:
                raise ValueError(f"unknown field {name!r} in a seat's reading")
            if name == "loglik":
                if not (isinstance(value, list) and len(value) == len(STYLES)
                        and all(type(v) is int and v <= 0 for v in value)):
                    raise ValueError("loglik must list one whole number of at most 0 a style")
                value = list(value)
            elif name in ("bid_excess", "bid_tricks"):
                if type(value) is not int:
                    raise ValueError(f"{name} must be a whole number")
            elif type(value) is not int or value < 0:
                raise ValueError(f"{name} must be a whole number")
            setattr(out, name, value)
        return out


def hand_key(result: Any) -> str:
    """A short fingerprint of a finished hand: its bids and cards in order."""
    text = f"{result.hand_number}/{result.dealer}/{list(result.bids)}/{list(result.plays)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:12]


class Reading:
    """The model of all four seats over one match (each player reads the other three)."""

    def __init__(self) -> None:
        self.seats = [SeatReading() for _ in range(SEATS)]  # the partnership table
        self.keys: list[str] = []

    # --- what hard asks ---------------------------------------------------------------

    def styles(self, seat: int, shown_eager: bool = False) -> tuple[tuple[str, float], ...]:
        """The mixture of styles to draw this seat's rollout styles from."""
        base = EAGER_SHOWN_WEIGHTS if shown_eager else STYLE_WEIGHTS
        r = self.seats[seat]
        if not r.decisions:
            return base
        top = max(r.loglik)
        raw = [w * math.exp(TEMPER * (ll - top) / 1000) for (_, w), ll in zip(base, r.loglik,
                                                                      strict=True)]
        total = sum(raw)
        shares = [max(STYLE_FLOOR, x / total) for x in raw]
        total = sum(shares)
        return tuple((name, x / total) for (name, _), x in zip(base, shares, strict=True))

    def bid_bias(self, seat: int) -> float:
        """How many tricks this seat's ordinary bids run above normal's (shrunk toward 0)."""
        r = self.seats[seat]
        return r.bid_excess / (r.bids + BID_PRIOR)

    def nil_softness(self, seat: int) -> float:
        """0 to 1: how far this seat's nils are from normal's (1: it bids nil on hands
        normal would not, every time), so how much less a nil says about its cards."""
        r = self.seats[seat]
        return r.nil_unlike_normal / (r.nil_bids + NIL_PRIOR)

    # --- fitting --------------------------------------------------------------------

    @classmethod
    def fit(cls, history: list[Any] | tuple[Any, ...]) -> Reading:
        reading = cls()
        for result in history:
            reading.observe(result)
        return reading

    def sync(self, history: list[Any] | tuple[Any, ...]) -> None:
        """Bring the reading up to the match's finished hands (refitting from the start
        when they are not the hands it read, as after an undo into an earlier hand)."""
        n = len(self.keys)
        if n > len(history) or any(
            hand_key(history[i]) != self.keys[i] for i in range(max(0, n - 1), n)
        ):
            fresh = Reading.fit(history)
            self.seats, self.keys = fresh.seats, fresh.keys
            return
        for result in history[n:]:
            self.observe(result)

    def observe(self, result: Any) -> None:
        """Read one finished hand: its bids, its cards in order, who won each trick."""
        from ..engine.match import Match
        from .bidding import choose_bid
        from .play import choose_card, nil_alive, sound_cards
        from .position import AROUND, PARTNER, Position
        from .styles import style_bids

        # Each seat's cards are the ones it played: all 52 are shown by the end.
        seats = result.rules.seats
        around = AROUND[seats]
        hands = [0] * seats
        leader = around[result.dealer + 1]
        for i, winner in enumerate(result.trick_winners):
            for j, card in enumerate(result.plays[seats * i: seats * i + seats]):
                hands[around[leader + j]] |= 1 << card
            leader = winner
        # The hands as played: after any nil card passing, and with bids set by the
        # cards (Mirror, Whiz) read as free bids, since the hands are the passed ones.
        rules = result.rules
        if rules.nil_pass or rules.fixed_bids:
            rules = rules.with_options(
                nil_pass=0, bidding="free" if rules.fixed_bids else rules.bidding,
                team_cap_13=rules.team_cap_13 and not rules.fixed_bids,
                min_team_bid=0 if rules.fixed_bids else rules.min_team_bid,
                max_nils_per_team=2 if rules.fixed_bids else rules.max_nils_per_team,
            )
        match = Match(rules, 0, start={
            "dealer": result.dealer, "hands": tuple(hands),
            "scores": list(result.scores_before), "bags": list(result.bags_before),
            "hand_number": result.hand_number,
        })
        normal_bids: dict[int, int] = {}
        for seat, bid in result.bids:
            view = match.view(seat)
            if not view.looked and bid != BLIND_NIL:
                match.apply(LOOK)
                view = match.view(seat)
            if view.looked:
                action, _ = choose_bid(view)
                if isinstance(action, Bid):
                    normal_bids[seat] = action.value
            match.apply(Bid(bid))
        bids = dict(result.bids)
        for card in result.plays:
            seat = match.to_act
            r = self.seats[seat]
            view = match.view(seat)
            t = Position.from_view(view)
            sound = sound_cards(t, seat, t.legal())
            if not t.trick:
                normal, _ = choose_card(t, seat)
                r.leads += 1
                r.normal_leads += _alike(card, normal, t.hands[seat], t.played)
                r.ace_leads += RANK_OF[card] == 12
            partner = PARTNER[seat]
            if t.trick and nil_alive(t, partner) and t.winning()[0] == partner and any(
                _beats(t, c) for c in cards_of(t.legal())
            ):
                r.cover_chances += 1
                r.covers += _beats(t, card)
            if sound & (sound - 1) and sound >> card & 1:
                choices = _style_choices(t, seat, style_bids, choose_card)
                n = sound.bit_count()
                hand, played = t.hands[seat], t.played
                for k, style in enumerate(STYLES):
                    if style == "careless":
                        p = (1 - CARELESS_RATE) * _alike(card, choices["normal"], hand, played) \
                            + CARELESS_RATE / n
                    else:
                        p = float(_alike(card, choices[style], hand, played))
                    p = (1 - LIKELIHOOD_FLOOR) * p + LIKELIHOOD_FLOOR / n
                    r.loglik[k] += round(1000 * math.log(p))
                r.decisions += 1
            match.apply(Play(card))
        for seat in range(seats):
            r = self.seats[seat]
            r.hands += 1
            bid = bids.get(seat)
            took = sum(1 for w in result.trick_winners if w == seat)
            if bid is None:
                continue
            if bid > 0:
                r.bid_tricks += took - bid
                normal = normal_bids.get(seat)
                if normal is not None and normal > 0:
                    r.bids += 1
                    r.bid_excess += bid - normal
            else:
                r.nil_bids += 1
                r.nil_made += took == 0
                if bid == NIL and normal_bids.get(seat) != NIL:
                    r.nil_unlike_normal += 1
        self.keys.append(hand_key(result))

    # --- saving ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"format": READING_FORMAT, "hands": list(self.keys),
                "seats": [r.to_json() for r in self.seats]}

    @classmethod
    def from_json(cls, doc: Any, history: list[Any] | tuple[Any, ...] | None = None) -> Reading:
        """A saved reading; with ``history``, one that does not match the match's hands
        raises ValueError (the caller refits)."""
        if not isinstance(doc, dict) or doc.get("format") != READING_FORMAT:
            raise ValueError(f"a reading must be a {READING_FORMAT} object")
        keys, seats = doc.get("hands"), doc.get("seats")
        if not isinstance(keys, list) or not all(isinstance(k, str) and len(k) == 12
                                                 for k in keys):
            raise ValueError("a reading's hands must be a list of fingerprints")
        if not isinstance(seats, list) or len(seats) != 4:
            raise ValueError("a reading must have four seats")
        out = cls()
        out.seats = [SeatReading.from_json(s) for s in seats]
        out.keys = list(keys)
        if history is not None and out.keys != [hand_key(h) for h in history]:
            raise ValueError("the reading is not of this match's hands")
        return out

    def describe(self, seat: int) -> str:
        """One line on what the reading has learnt of a seat (for docs and tests)."""
        r = self.seats[seat]
        mix = ", ".join(f"{name} {w:.0%}" for name, w in self.styles(seat))
        return (f"{r.hands} hands, {r.decisions} choices: {mix}; bids "
                f"{self.bid_bias(seat):+.2f} against normal's; nils {r.nil_made}/{r.nil_bids}")


def read_table(saved: Any, history: list[Any] | tuple[Any, ...]) -> Reading:
    """The reading for a table: the saved one when it is of these hands, else one fitted
    from them (an older save without a reading, or one that does not match)."""
    if saved is not None:
        try:
            return Reading.from_json(saved, history)
        except ValueError:
            pass
    return Reading.fit(history)


def _alike(card: int, other: int, hand: int, played: int) -> int:
    """1 when two cards play the same: equal, or touching (only own or played cards
    between them in the suit)."""
    if card == other:
        return 1
    if SUIT_OF[card] != SUIT_OF[other]:
        return 0
    low, high = min(card, other), max(card, other)
    gone = hand | played
    return int(all(gone >> c & 1 for c in range(low, high + 1)))


def _beats(t: Any, card: int) -> int:
    """Would ``card`` take the lead of the trick in progress?"""
    _, best = t.winning()
    if SUIT_OF[card] == SUIT_OF[best]:
        return int(card > best)
    return int(card >= 39)


def _style_choices(t: Any, seat: int, style_bids: Any, choose_card: Any) -> dict[str, int]:
    """The card each style would play here (careless is normal's, now and then not)."""
    out = {"normal": choose_card(t, seat)[0]}
    real = t.bids
    for style in ("eager", "shy"):
        styles = ["normal"] * t.seats
        styles[seat] = style
        seen = style_bids(list(real), styles)[seat]
        t.bids = seen
        out[style] = choose_card(t, seat)[0]
        t.bids = real
    return out


__all__ = ["READING_FORMAT", "Reading", "SeatReading", "hand_key", "read_table"]
