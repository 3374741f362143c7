"""With all cards seen: the review of a finished hand, opened from its breakdown.

What each side could have taken from the opening lead with every hand visible, and
what it took; the hand's cards trick by trick with each of the player's cards (and
the partner's, on request) marked as keeping the best result or costing something,
with the card that would have kept it; and the turning point with "Replay from
here". The solver's ``HandReview`` does the work in slices of a few milliseconds
(the browser has one thread). At the player's own table every hand is known from the
deal, so the review of the hand being played (``ahead``) begins then and goes on in
what each frame's thinking leaves, and is ready, or nearly, when the hand ends;
nothing shows it before the player opens it. At a shared table, which knows only
the player's cards, it is worked out only while the panel is open. ``TableScene``
mixes this in before ``TablePanels``; draw/seen.py draws exactly these rows and
controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from ...engine import BIDDING, PLAYING
from ...engine.cards import card_name, left_of
from ...solver.position import Position
from ...solver.review import HandReview
from ..speech.seen_words import (
    HINDSIGHT,
    TRICKS_KEY,
    cost_words,
    hand_words,
    keeper_words,
    marks_words,
    opening_lines,
    owner,
    progress_words,
    review_words,
    turning_words,
)
from ..widgets import ScrollArea, Toggle, Widget
from .control import Control

HUMAN, PARTNER = 0, 2
SHORT = 480  # a window this short, and wider than tall, is short (seen_short)
ROOMY = 520  # a trick row this wide has room for the hand a costly card came from
TITLE = "With all cards seen"
PARTNER_SWITCH = "Mark your partner's cards too"


@dataclass
class SeenRow:
    """One row of the review's scrolling content, at ``y`` (content px) ``h`` tall:
    "hindsight", "progress", "text", "marks" or "key" (``lines``), "toggle" (a widget's
    place)
    or "trick" (side by side in two columns on a wide, short window)."""

    kind: str
    y: int
    h: int
    lines: list[str] = field(default_factory=list)
    trick: int = -1
    notes: list[tuple[str, str]] = field(default_factory=list)  # (line, "bad"|"note")
    x: int = 0  # from the view's left: a trick in the right-hand column
    w: int = 0  # 0: the view's width


class SeenPanel:
    """The review's state, rows and controls, mixed into ``TableScene``."""

    review: HandReview | None = None  # the finished hand's, the one the panel shows
    review_hand: int | None = None
    ahead: HandReview | None = None  # the hand in play's, worked out as it is played
    ahead_hand: int | None = None
    review_ahead = True  # False: worked out only when opened, as at a shared table
    _ahead_actions = 0
    seen_partner = False
    want_replay_trick = 0  # with want_replay: the trick a replay starts from
    _seen_area: ScrollArea | None = None
    _seen_said: tuple | None = None
    _seen_headline: int | None = None  # the review whose headline was said

    @property
    def seen_area(self) -> ScrollArea:
        if self._seen_area is None:
            self._seen_area = ScrollArea()
        return self._seen_area

    # --- opening, working, closing -----------------------------------------------------

    def open_seen(self) -> None:
        """From the breakdown: the review of its hand (begun, or carried on)."""
        result = self.finished_hand()
        if result is None:
            return
        if self.review is None or self.review_hand != result.hand_number or \
                self.review.status == "cancelled":
            if self.review is not None:
                self.review.cancel()
            self.review = HandReview.of_result(result)
            self.review_hand = result.hand_number
            self.seen_area.offset = 0.0
            self._seen_said = None
        self._open("seen")

    def step_seen(self, think_ms: float, spare_ms: float = 0.0) -> None:
        """A frame's slice of the work: ``think_ms`` while the panel is open (the whole
        review in words once it is over), else what the frame left (``spare_ms``) to
        the review of the hand being played or just finished."""
        review = self.review
        if review is None or not self.overlays or self.overlays[-1] != "seen":
            if self.shared or not self.review_ahead:
                return  # worked out only while the panel is open
            self.follow_hand()
            work = self.seen_work()
            if work is not None and spare_ms >= 0.5:
                work.step(spare_ms / 1000.0)
            return
        if review.status == "running":
            review.step(think_ms / 1000.0)
            if self._seen_headline != id(review) and review.status == "running" and \
                    review.opening() is not None:
                # No silence while the rest is worked out: the headline at once.
                self._seen_headline = id(review)
                self.narrate_seen(" ".join(opening_lines(review.opening(), self.names,
                                                         review)) +
                                  " The rest is still being worked out.", urgent=False)
        if review.status != "running" and self._seen_said != (id(review), self.seen_partner):
            self._seen_said = (id(review), self.seen_partner)
            self.narrate_seen(review_words(review, self.names, self.seen_partner))

    def step_idle(self, idle_ms: float) -> bool:
        """The frame's idle time once it is drawn (natively, ``App.work_idle``): more of
        the work ``step_seen`` does, on the review the panel shows, else on the hand's.
        At a shared table only while the panel is open. True when it worked."""
        work = self.seen_work()
        if work is None:
            return False
        work.step(idle_ms / 1000.0)
        return True

    def seen_work(self) -> HandReview | None:
        """The review a frame's spare time goes to, while it is running: the one the
        panel shows when it is open; else, at the player's own table, the finished
        hand's, or the hand's being played (at a shared table none)."""
        review = self.review
        if review is not None and self.overlays and self.overlays[-1] == "seen":
            work = review
        elif self.shared or not self.review_ahead:
            return None
        else:
            work = review if review is not None and review.status == "running" else \
                self.ahead
        return work if work is not None and work.status == "running" else None

    def follow_hand(self) -> None:
        """Every hand is known to the machine from the deal (the player's own match,
        not a shared table, where only the player's cards are): its review begins at
        the deal (after the passing, when cards are passed) and takes each bid and
        card as the match has them; when the hand ends it becomes the finished hand's
        review, which nothing shows before the player opens it from the breakdown."""
        match = self.match
        actions = len(match.actions)
        if actions < self._ahead_actions and self.ahead is not None:
            # Taken back (practice undo): begun again from the same opening lead when
            # the hand is still this one and its cards are as they were dealt or
            # passed, else at the next deal.
            taken = self.ahead
            taken.cancel()
            self.ahead = None
            if self.ahead_hand == match.hand_number and (
                    match.phase == PLAYING or
                    (match.phase == BIDDING and not match.rules.nil_pass)):
                self.ahead = HandReview(taken.positions[0],
                                        failed_nil_tricks=taken.failed_nil_tricks)
        self._ahead_actions = actions
        ahead = self.ahead
        if ahead is not None:
            done = next((r for r in match.history if r.hand_number == self.ahead_hand), None)
            if done is not None or self.ahead_hand == match.hand_number:
                plays = done.plays if done is not None else match.plays
                bids = done.bids if done is not None else match.bid_order
                if len(bids) == match.rules.seats:
                    ahead.bid(dict(bids))
                for card in plays[len(ahead.plays):]:
                    ahead.play(card)
                if done is not None:
                    if self.review is not None:
                        self.review.cancel()
                    self.review, self.review_hand = ahead, self.ahead_hand
                    self.seen_area.offset = 0.0
                    self._seen_said = None
                    self.ahead = ahead = None
        if ahead is None and match.hand_number != self.review_hand and not match.plays \
                and (match.phase == PLAYING or
                     (match.phase == BIDDING and not match.rules.nil_pass)):
            start = Position.deal(match.hands, left_of(match.dealer, match.rules.seats),
                                  match.rules)
            self.ahead = HandReview(start, failed_nil_tricks=match.rules.failed_nil_tricks)
            self.ahead_hand = match.hand_number
        if self.review is not None and match.plays and "seen" not in self.overlays and \
                self.review_hand != match.hand_number:
            # A new hand is under way: the last one is left, its search table freed.
            self.review.cancel()
            self.review = self.review_hand = None

    def toggle_seen_partner(self) -> None:
        self.seen_partner = not self.seen_partner

    def replay_from_turning_point(self) -> None:
        """Replay the deal from the start of the trick of the turning point, the cards
        of the tricks before it played as they were."""
        review = self.review
        point = review.turning_point() if review is not None else None
        if point is None or point < 0:
            self.say(self.replay_refusal())
            return
        result = self.finished_hand()
        if result is not None:
            self.want_replay = result
            self.want_replay_trick = point // self.seen_seats()

    def replay_refusal(self) -> str:
        review = self.review
        point = review.turning_point() if review is not None else None
        if point is not None and point < 0:
            return "No card changed the result: there is no turning point to replay from"
        return "The turning point is still being worked out"

    # --- where things go ---------------------------------------------------------------

    def seen_short(self) -> bool:
        """A wide, short window (a phone held sideways, a small desktop window): the
        panel takes the window's width, the hindsight line scrolls away with the rows
        and the tricks go two to a row, so the rows between the heading and the
        buttons show whole tricks rather than one and a half."""
        lay = self.layout
        return lay.height < SHORT and lay.width > lay.height

    def seen_panel(self) -> Rect:
        """The panel: the overlay's width (the window's on a short one) and the
        window's height (under the caption strip), as the help's."""
        lay = self.layout
        if self.seen_short():
            return lay.full_height(lay.pad, lay.width - 2 * lay.pad)
        return lay.full_height(lay.overlay.x, lay.overlay.width)

    def seen_hindsight(self) -> list[str]:
        """The line under the heading that says what this is: hindsight (the first of
        the rows on a short window)."""
        lay = self.layout
        return self.measure.wrapped(HINDSIGHT, lay.font_small,
                       self.seen_panel().width - 2 * lay.pad)

    def seen_view(self) -> Rect:
        """Where the scrolling rows show: under the heading and the hindsight line
        (the heading alone on a short window), above the buttons."""
        lay = self.layout
        box = self.seen_panel()
        heading = self.measure.font(lay.font_big, True).get_height()
        top = box.y + heading + 2 * lay.pad
        if not self.seen_short():
            top += len(self.seen_hindsight()) * round(lay.font_small * 1.2) + lay.pad // 2
        bottom = box.bottom - self.button_height() - 2 * lay.pad
        return Rect(box.x + lay.pad, top, box.width - 2 * lay.pad - 10, bottom - top)

    def seen_card_size(self) -> tuple[int, int]:
        """A trick row's card: the trick's cards (four, three or two) and its number fit
        the row's width."""
        lay = self.layout
        n = self.seen_seats()
        room = self.seen_trick_w() - self.seen_number_w() - n * lay.pad
        w = max(24, min(round(lay.card_w * 0.62), room // n))
        return w, round(w * 1.4)

    def seen_trick_w(self) -> int:
        """A trick row's width: the view's, or half of it in two columns."""
        width = self.seen_view().width
        return (width - self.layout.pad) // 2 if self.seen_short() else width

    def seen_caption_h(self) -> int:
        """The names under a trick's cards: a line of the small font, and a gap."""
        return self.measure.font(self.layout.font_small, True).get_height() + 4

    def seen_number_w(self) -> int:
        return self.measure.font(self.layout.font, True).size("13")[0] + self.layout.pad

    def seen_seats(self) -> int:
        """The cards of a trick: the review's seats (four, three or two)."""
        return self.review.seats if self.review is not None else 4

    def seen_partnered(self) -> bool:
        """A partner's cards to mark: at four only."""
        return self.seen_seats() == 4

    def seen_marked(self) -> tuple[int, ...]:
        return (HUMAN, PARTNER) if self.seen_partner and self.seen_partnered() else (HUMAN,)

    def seen_rows(self) -> list[SeenRow]:
        """The rows of the content, top to bottom: (on a short window the hindsight
        line,) the progress, what could have been done from the opening lead, the
        turning point, the partner switch, the key to the tricks, then the thirteen
        tricks with their notes, two side by side on a short window."""
        review = self.review
        lay = self.layout
        view = self.seen_view()
        size = lay.font_small
        step = round(size * 1.25)
        text = self.measure
        rows: list[SeenRow] = []
        y = 0

        def para(words: str, kind: str = "text", bold: bool = False) -> None:
            nonlocal y
            lines = text.wrapped(words, size, view.width - 4, bold)
            h = len(lines) * step + lay.pad // 2
            rows.append(SeenRow(kind, y, h, lines))
            y += h

        if review is None:
            return rows
        short = self.seen_short()
        if short:
            para(HINDSIGHT, "hindsight")
        progress = progress_words(review)
        if progress:  # while it is worked out
            para(progress, "progress")
            rows[-1].h += 14  # the progress bar under the words, clear of them
            y += 14
        for line in opening_lines(review.opening(), self.names, review):
            para(line)
        para(turning_words(review, self.names), "turning", True)
        if self.seen_partnered():
            toggle_h = max(lay.target, round(lay.font * 2.1))
            rows.append(SeenRow("toggle", y + lay.pad // 2, toggle_h))
            y += toggle_h + lay.pad
            para(marks_words(self.names[PARTNER]), "marks")  # what the switch marks
        para(TRICKS_KEY, "key")  # what the tricks' bold names mean
        _, card_h = self.seen_card_size()
        width = self.seen_trick_w()
        point = review.turning_point()
        tricks = len(review.plays) // review.seats
        for trick in range(tricks):
            notes = self.trick_notes(trick, point)
            lines = [(line, kind) for words, kind in notes
                     for line in text.wrapped(words, size, width - 8, kind == "bad")]
            h = card_h + self.seen_caption_h() + len(lines) * step + lay.pad
            right = short and trick % 2 == 1
            rows.append(SeenRow("trick", y, h, x=view.width - width if right else 0,
                                w=width, trick=trick, notes=lines))
            if right:  # a pair of tricks: one height, the taller one's
                rows[-1].h = rows[-2].h = max(h, rows[-2].h)
            if not short or right or trick == tricks - 1:
                y += rows[-1].h
        return rows

    def trick_notes(self, trick: int, point: int | None) -> list[tuple[str, str]]:
        """A trick's notes: the turning point, the marked cards that cost something
        with the card that would have kept the value (and, where there is room, the
        hand it was played from), or that it is still being worked out."""
        review = self.review
        assert review is not None
        notes: list[tuple[str, str]] = []
        first = review.seats * trick
        if not review.trick_done(trick):
            return [("Being worked out...", "note")]
        roomy = self.seen_trick_w() >= ROOMY
        for i in range(first, first + review.seats):
            seat = review.seat_of(i)
            cost = review.cost(i)
            if cost is None or not cost.costly or (i != point and
                                                   seat not in self.seen_marked()):
                continue
            what = [(self.cost_line(i, i == point), "bad")]
            if roomy:
                what.append((hand_words(review, i), "note"))
            notes[0:0] = what if i == point else []
            notes += [] if i == point else what
        return notes

    def cost_line(self, i: int, turning: bool) -> str:
        """A costly card's note, in two lines at most: the whole of it where it fits,
        else shorter, step by step (the band and the summary already say it is the
        turning point; the suit of a card that would have kept it goes without
        saying when it is the played card's; the first thing it cost, the one its tag
        shows)."""
        review = self.review
        assert review is not None
        cost = review.cost(i)
        assert cost is not None
        card = review.plays[i]
        width = self.seen_trick_w() - 8
        size = self.layout.font_small
        prefix = "Turning point: " if turning else ""
        parts = cost_words(cost, self.names, seats=review.seats)
        keeper = keeper_words(review, i)
        line = ""
        for step in range(4):
            if step == 1:
                prefix = ""
            elif step == 2:
                keeper = keeper_words(review, i, short=True)
            elif step == 3:
                parts = cost_words(cost, self.names, first=True, seats=review.seats)
            line = f"{prefix}{owner(self.names, review.seat_of(i))} {card_name(card)} " \
                f"cost {parts}{keeper}."
            if len(self.measure.wrapped(line, size, width, True)) <= 2:
                break
        return line

    def seen_controls(self) -> list[Widget]:
        """The partner switch in the rows; Replay from here and Close under them."""
        view = self.seen_view()
        rows = self.seen_rows()
        content = rows[-1].y + rows[-1].h if rows else 0
        self.seen_area.set_view(view, content)
        controls: list[Widget] = []
        for row in rows:
            if row.kind == "toggle":
                toggle = Toggle(("btn", "seen_partner"), PARTNER_SWITCH,
                                self.seen_partner, self.toggle_seen_partner)
                toggle.hint = "P"
                toggle.place(Rect(0, row.y, view.width, row.h).move(view.x, 0),
                             self.seen_area)
                controls.append(toggle)
        review = self.review
        point = review.turning_point() if review is not None else None
        ready = point is not None and point >= 0
        label = f"Replay from trick {point // self.seen_seats() + 1}" if ready else \
            "Replay from here"
        items = [("replay_from", label), ("close", "Close")]
        rects = self.overlay_buttons(items, panel=self.seen_panel())
        controls.append(Control(("btn", "replay_from"), rects[0],
                                self.replay_from_turning_point, label, hint="R",
                                enabled=ready, style="primary" if ready else "secondary",
                                refused=lambda: self.say(self.replay_refusal())))
        controls.append(Control(("btn", "close"), rects[1], lambda: self._close("seen"),
                                "Close", hint="Esc"))
        return controls

    # --- the panel system's hooks (TablePanels' own, for the other overlays) ----------

    def overlay_rect(self, name: str) -> Rect:
        if name == "seen":
            return self.seen_panel()
        return super().overlay_rect(name)  # type: ignore[misc]

    def _overlay_controls(self, top: str, can_quit: bool) -> list[Widget]:
        if top == "seen":
            return self.seen_controls()
        return super()._overlay_controls(top, can_quit)  # type: ignore[misc]
