"""Narration: the table's words for a listener (a screen reader in the browser, the
caption strip on desktop).

``TableScene`` mixes this in. The sentences come from the announcer
(announce.py); this module decides when the table says them: each engine event
as its motion starts (the choreography calls :meth:`narrate_event`), the player's turn
once the table is still, a refusal in the engine's words, the card or control the
keyboard's focus lands on, and the answers to the keys that ask (1 to 5). With
announcements on, the computer players wait until the last sentence has had time to
be heard at a normal speaking rate, or until the player presses Enter or Space (or
clicks) to go on. Everything said is kept in ``transcript``, in order.
"""

from __future__ import annotations

from ... import platform
from ...engine import Event, HandDealt
from ..layout.base import too_small
from ..layout.window import Layout, compute_layout, compute_layout_below
from . import captions
from .announce import Announcement, Announcer, Transcript, bid_words, card_words, cards_words
from .seen_words import HINDSIGHT
from .words import told_bid_hint

# The keys that ask, as the help overlay lists them.
ASK_KEYS = {
    "1": ("hand", "read your hand"),
    "2": ("trick", "read the trick on the table"),
    "3": ("scores", "read the scores, bids and tricks"),
    "4": ("last", "read the last trick"),
    "5": ("repeat", "repeat the last announcement"),
    "t": ("turn", "say whose turn it is"),
}
GO_ON_KEYS = ("enter", "space")
TURNED_ON = ("Announcements on. Keys 1 to 5 read your hand, the trick, the scores, the "
             "last trick, and repeat; T says whose turn it is; A or F2 turns announcements "
             "off; F1 lists every key.")
TURNED_OFF = "Announcements off. A or F2 turns them on again."
HELP_WORDS = ("Keys: Tab and the arrows move among your cards and the buttons; Enter plays "
              "or chooses. In your hand, Home and End go to the first and last card, Shift "
              "with Left or Right to the previous or next suit. 1 reads your hand, 2 the "
              "trick on the table, 3 the scores, bids and tricks, 4 the last trick, 5 "
              "repeats, T says whose turn it is. While the table waits for the words, Enter "
              "goes on. H hint, S score sheet, L last trick, U undo, C coach, M sound, A "
              "announcements (F2 too, also in a text field), Escape the menu or closes a "
              "panel, F1 this help.")


class Narration:
    """What the table says, and the wait for it to be heard (mixed into TableScene)."""

    def _init_narration(self, resumed: bool) -> None:
        self.announcer = Announcer(self.names, seat=0)
        self.transcript = Transcript(getattr(self.options, "speech_rate", 150))
        self.layout_key = (self.layout.width, self.layout.height, False)
        self.caption_band = (0, 0)  # the strip's height and type size, when shown
        self.turn_to_say: int | None = None  # "Your turn" waits for the words before it
        self.focus_said: tuple | None = None
        if resumed:  # taken up part-way (Continue, Back to table): where the table is
            self.announcer.sync(self.match.view(0))
            self.announce(self.announcer.table_now(self.match.view(0)))

    # --- the caption strip (desktop) ---------------------------------------------------

    def captions_shown(self) -> bool:
        """Desktop with announcements on shows them in a strip above the table (the
        demonstration has its own band of explanations there, and says no more)."""
        return self.narrating and not platform.in_browser() and not self.demo

    def laid_out(self, width: int, height: int) -> Layout:
        """The table's layout, below the caption strip when it is shown."""
        self.layout_key = (width, height, self.captions_shown())
        seats = self.match.rules.seats  # type: ignore[attr-defined]
        lay = compute_layout(width, height, seats)
        band = captions.band_height(lay)
        # In a window too small for the table and the strip, the table keeps the room.
        shown = self.captions_shown() and not too_small(width, height - band)
        self.caption_band = (band, captions.text_size(lay)) if shown else (0, 0)
        if not shown:
            return lay
        return compute_layout_below(width, height, self.caption_band[0], seats)

    # --- what is said ------------------------------------------------------------------

    @property
    def narrating(self) -> bool:
        return bool(getattr(self.options, "announcements", False))

    def announce(self, said: Announcement | None) -> None:
        if said is not None and self.narrating:
            self.transcript.add(self.now, said)

    def narrate_event(self, event: Event) -> None:
        """One engine event, as its motion starts. The announcer hears every event, said
        or not, so its counts are right when announcements are turned on mid-hand."""
        if isinstance(event, HandDealt) and self.replay:
            # A replay is not a new match: say so before its deal.
            self.announce(Announcement(f"A replay of {self.replay.lower()}: the same "
                                       "cards again. Your match waits and goes on when "
                                       "this deal ends."))
        for said in self.announcer.events([event], self.match.view(0)):
            self.announce(said)

    def narrate_turn(self) -> None:
        """The player's turn: said once the words before it have been heard, since an
        urgent sentence would cut off the card just played."""
        self.turn_to_say = len(self.match.actions)
        self.say_turn_when_heard()

    def say_turn_when_heard(self) -> None:
        """Each still frame: the pending "Your turn", when the listener is ready."""
        key = self.turn_to_say
        if key is None or (self.narrating and self.transcript.speaking(self.now)):
            return
        self.turn_to_say = None
        if key == len(self.match.actions):
            view = self.match.view(0)
            self.announce(self.announcer.your_turn(view, self.suggested_bid_value()))
            if getattr(self.options, "coach", False):
                self.announce(self.coach_words())

    def coach_words(self) -> Announcement | None:
        """The coach's line for the player's decision, said as it is shown."""
        advice = self.coach()
        if advice is None:
            return None
        value, reason = advice
        phase = self.match.view(0).phase
        what = (bid_words(value) if phase == "bidding" else
                f"pass {cards_words(value)}" if phase == "passing" else
                f"{value} it" if phase == "drawing" else card_words(value))
        return Announcement(f"Coach: {what}. {reason.rstrip('.')}.")

    def turn_words(self) -> Announcement:
        """Whose turn it is (the T key) as the table shows it, the table's panels first:
        a hand's score waits for Enter, and the match may be over."""
        top = self.overlays[-1] if self.overlays else None
        if top == "breakdown" and self.match.phase != "over":
            return self.announcer.say(f"Hand {len(self.match.history)} is scored: Enter "
                                      "deals the next hand.")
        if self.told_bid is not None:  # the table waits on the bid Mirror made
            return self.announcer.say(f"Hand {self.shown.hand_number + 1}, bidding: "
                                      + told_bid_hint(self.told_bid))
        shown = self.shown
        if len(shown.trick) == len(shown.sizes):  # a whole trick not yet gathered
            return self.announcer.trick_on_table(shown.hand_number, sum(shown.tricks_won) + 1,
                                                 shown.trick, shown.winner_card)
        # The table as shown: the engine may be a card or a bid ahead while it flies.
        return self.announcer.whose_turn(shown.view)

    def narrate_message(self, text: str, card: int | None = None) -> None:
        """What the table tells the player on its message line; a refusal of ``card``
        (the engine's words) names the card."""
        if card is not None:
            self.announce(self.announcer.refused(text, card))
        else:
            self.announce(self.announcer.say(text, urgent=True))

    def narrate_resync(self) -> None:
        """The hand was taken up part-way (an undo): count again from the view."""
        self.announcer.sync(self.match.view(0))

    def narrate_focus(self, moved_only: bool = False) -> None:
        """The control under the focus, a switch or a stepper with its state; with
        ``moved_only``, only if the focus moved or its state changed since it was last
        said (an arrow at the end of a row says nothing again)."""
        control = self.focused()
        value = getattr(control, "value", "")  # a switch's or a stepper's state
        if control is None or (moved_only and (control.key, value) == self.focus_said):
            return
        self.focus_said = (control.key, value)
        self.announce(self.focus_words(control))

    def focus_words(self, control) -> Announcement:
        """What the focus says of ``control``: a card with whether it may be played, a
        bid (the suggested one named so), a button with its state."""
        value = getattr(control, "value", "")
        if control.group == "hand":
            card = control.key[1]
            passing = self.pass_open()
            playable = passing or self.can_act() and self.view.phase == "playing" and bool(
                self.view.legal_card_mask() >> card & 1)
            return self.announcer.focus_card(card, playable,
                                             passing and card in self.pass_choice)
        if control.key[0] == "bid" and control.label[:1].isdigit():
            suggested = (", suggested" if control.key[1] == self.suggested_bid_value()
                         else "")
            return self.announcer.focus_control(f"Bid {control.label}{suggested}",
                                                control.enabled)
        if not value and control.key == ("tool", "coach"):
            value = "on" if getattr(self.options, "coach", False) else "off"
        label = f"{control.label}, {value}" if value else control.label
        return self.announcer.focus_control(label, control.enabled)

    def ask(self, key: str) -> bool:
        """A key that asks (1 to 5): answered at once, urgent. True if it was one."""
        if key not in ASK_KEYS:
            return False
        view = self.shown.view  # as the table shows it, not the engine's next card
        what = ASK_KEYS[key][0]
        a = self.announcer
        said = {"hand": a.read_hand, "trick": a.read_trick, "scores": a.read_scores,
                "last": a.read_last_trick}.get(what)
        answer = (said(view) if said is not None else self.turn_words() if what == "turn"
                  else a.repeat())
        if not self.narrating:
            # Asked with announcements off: the answer is shown on the message line.
            self.message = (answer.text, self.now + max(4.0, answer.seconds + 1.0))
            return True
        self.announce(Announcement(answer.text, urgent=True))
        return True

    def narrate_overlay(self, name: str) -> None:
        """A panel that opens says what it is and what it holds; the breakdown says what
        comes next, and that the match is over when it is (before Final result)."""
        if not self.narrating:
            return
        view, a = self.match.view(0), self.announcer
        urgent = True
        if name == "scores":
            text = f"Score sheet. {a.read_scores(view).text} Escape closes it."
        elif name == "last":
            text = f"{a.read_last_trick(view).text} Escape closes it."
        elif name == "pause":
            text = ("Paused. The menu: Resume, the animation speed, sound, deck and coach, "
                    "then help, how to play, a new match and the main menu. Tab moves; "
                    "Escape resumes.")
        elif name == "breakdown":
            urgent = False  # after the hand's score, in turn
            if self.replay:
                text = "The replayed deal is over. Enter goes back to the match."
            elif self.match.phase == "over":
                winner = self.match.winner or 0
                scores = self.match.scores
                rest = " and ".join(str(v) for side, v in sorted(
                    enumerate(scores), key=lambda sv: -sv[1]) if side != winner)
                verb = "wins" if a.alone and winner != a.my_team() else "win"
                text = (f"The match is over: {a.team_words(winner)} {verb} "
                        f"{scores[winner]} to {rest}. Enter shows the final result.")
            else:
                keys = ["S the score sheet"]
                if self.compare_offered:  # type: ignore[attr-defined]
                    keys.append("W the computer's way with these cards")
                keys.append("V the hand with all cards seen")  # at every table
                text = (f"Enter deals the next hand. {', '.join(keys)}, R replays the deal, "
                        "E exports it.")
        elif name == "compare":
            text = ("Computer's way: the hard player plays your seat with the same cards. "
                    "Its result follows in a moment.")
        elif name == "seen":
            text = (f"With all cards seen. {HINDSIGHT} P marks your partner's cards too, "
                    "R replays from the turning point, Escape closes it.")
        else:
            return
        self.announce(Announcement(text, urgent=urgent))

    def narrate_seen(self, words: str, urgent: bool = True) -> None:
        """With all cards seen: the whole review in words once it is worked out (the
        headline before, after the panel's own words, when the rest takes longer)."""
        self.announce(Announcement(words, urgent=urgent))

    def narrate_comparison(self, verdict: str) -> None:
        """Computer's way has played the deal: its result in one sentence."""
        self.announce(Announcement(verdict, urgent=True))

    def narrate_help(self) -> None:
        """F1 opened the keys: a listener hears them."""
        if self.overlays and self.overlays[-1] == "help":
            self.announce(Announcement(HELP_WORDS, urgent=True))

    def toggle_announcements(self) -> None:
        """The A key (or F2): announcements on or off (kept with the settings by the
        App). Turned on, the table then says where the player is: whose turn it is,
        and the card or button under the focus."""
        if self.narrating:
            self.say(TURNED_OFF)  # said while still on, so a listener hears it
            self.options.announcements = False
        else:
            self.announcements_on()

    def announcements_on(self) -> None:
        """Announcements on (the A key, F2 or the offer taken), then where the player
        is, in one sentence after it: whose turn, and what the focus is on."""
        self.options.announcements = True
        self.say(TURNED_ON)
        where = self.turn_words().text
        control = self.focused()
        if control is not None:
            where += f" In focus: {self.focus_words(control).text}"
            self.focus_said = (control.key, getattr(control, "value", ""))
        self.announce(self.announcer.say(where))

    def held_by_words(self) -> bool:
        """The computer players wait for the last sentence to be heard."""
        return self.narrating and not self.hurry and self.transcript.speaking(self.now)

    def go_on(self) -> bool:
        """Enter, Space or a click while the table waits only for words: go on now."""
        if not self.held_by_words() or not self.idle or self.view.my_turn:
            return False
        self.hurry = True
        self.transcript.skip(self.now)  # everything queued, not only this one wait
        return True
