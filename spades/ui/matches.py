"""Starting, resuming and saving the App's matches: which options a match is played
with, every way to sit down at a table (a new match, Continue, a rematch, the
demonstration, a Journey level, a replayed deal) and what is kept after each action.

The App (app.py) takes these as a mixin: its loop and pages stay apart from the
bookkeeping of the one saved match (``saving``, ``revision``, ``suspended``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from .. import storage
from ..engine import preset
from ..storage.journey import load_journey, save_journey
from ..storage.statistics import stats_name
from .seating.levels import LEVELS, level_of
from .table.scene import TableOptions, TableScene


def new_seed() -> int:
    return random.SystemRandom().randrange(10**6)


class MatchKeeping:
    """The App's matches: what it starts, resumes and saves. Uses the App's ``args``,
    ``settings``, ``store``, ``journey``, ``notices``, ``options``, ``sounds`` and
    ``scene``, and its ``show``, ``show_menu`` and ``retire``."""

    args: Any
    settings: Any
    store: Any
    journey: Any
    notices: list[str]
    options: TableOptions
    sounds: Any
    scene: Any
    saving: TableScene | None
    revision: int | None
    suspended: TableScene | None
    recorded: bool

    # --- what a match is played with ----------------------------------------------------

    def table_options(self) -> TableOptions:
        s = self.settings
        a = self.args
        rules = preset(a.rules) if a.rules else s.rules
        return TableOptions(
            rules=rules, seed=a.seed if a.seed is not None else new_seed(),
            names=(s.player_name, *s.computer_names),
            avatar=(s.avatar_shape, s.avatar_colour),
            strengths=(a.opponents or s.opponents_strength, a.partner or s.partner_strength,
                       a.opponents or s.opponents_strength),
            speed=a.speed or s.animation_speed, four_colour=s.four_colour, sound=s.sound,
            coach=s.coach, announcements=s.announcements, speech_rate=s.speech_rate,
        )

    def autoplay_options(self) -> TableOptions:
        a = self.args
        return TableOptions(
            rules=preset(a.rules or "standard"),
            seed=a.seed if a.seed is not None else new_seed(),
            names=("South", "West", "North", "East"), strengths=(a.strength,) * 3,
            autoplay=a.strength, speed=a.speed or "normal", sound=False,
        )

    # --- starting and resuming matches --------------------------------------------
    def start(self, match: Any = None, practice: bool = False,
              revision: int | None = None, reading: Any = None,
              level: int | None = None) -> None:
        """Sit down at the table: a new match with the current options (saved over
        whatever was saved), or a saved one at its ``revision`` (with the hard players'
        saved reading of it, if any). ``level`` is the Journey level the match is played
        for (None: a plain one)."""
        self.recorded = False
        if match is None:
            if level is None and self.journey.current is not None:
                # A plain match now holds the save: no level is in progress any more.
                self.journey = replace(self.journey, current=None)
                save_journey(self.store, self.journey)
        table = TableScene(self.options, match=match, practice=practice, sounds=self.sounds,
                           reading=reading, input_mode=self.input)
        table.level = level
        self.show(table)
        self.saving, self.revision = table, revision
        table.on_change = lambda: self.save_table(table)
        table.on_match_over = self.record_match
        self.save_table(table)

    def start_autoplay(self) -> None:
        """Autoplay resumes a saved match in progress; given a --seed it starts that
        match instead, keeping the saved one aside (and says so either way)."""
        saved = storage.load_match(self.store)
        self.notices += self.store.take_notices()
        if saved is not None and not saved.match.is_over:
            if self.args.seed is None:
                print(f"autoplay resumes the saved match: hand {saved.match.hand_number + 1}, "
                      f"scores {' to '.join(str(v) for v in saved.match.scores)}")
                self.options.rules = saved.match.rules
                self.options.seed = saved.match.seed
                self.options.names = saved.names
                self.start(saved.match, saved.practice, revision=saved.revision,
                           reading=saved.reading)
                return
            kept = storage.keep_match_aside(self.store)
            print(f"autoplay starts a new match (seed {self.options.seed}); the saved match "
                  f"was kept aside as {kept}")
        self.start()

    def keep_unfinished_match(self) -> None:
        """A Journey level is about to be saved in the match's place: an unfinished
        saved match that has begun is kept aside (and the player told where)."""
        saved = storage.load_match(self.store) if self.has_match_in_progress() else None
        if saved is not None and saved.match.actions:
            kept = storage.keep_match_aside(self.store)
            if kept:
                self.notices.append(f"Your saved match was kept aside as {kept}.")
        self.notices += self.store.take_notices()

    def new_match_from_settings(self) -> None:
        self.options = self.table_options()
        self.options.seed = new_seed() if self.args.seed is None else self.options.seed
        self.start()

    def start_game(self, rules: Any) -> None:
        """Sit down at a new local match of ``rules`` (a ``Rules``: the partnership
        game, cutthroat or two-handed, any options), everything else as the settings
        say: the one way in for a page that offers a game. A strength the computer
        players do not play at that many seats gives way to the strongest that does
        (``seating.strengths.offered_strengths``, which a page can offer from)."""
        self.options = self.table_options()
        self.options.rules = rules
        self.options.seed = new_seed() if self.args.seed is None else self.options.seed
        self.start()

    def rematch(self) -> None:
        seed = self.options.seed
        self.options.seed = seed + 1 if isinstance(seed, int) else new_seed()
        self.start()

    def continue_match(self) -> None:
        saved = storage.load_match(self.store)
        self.notices = self.store.take_notices()
        if saved is None:
            self.saving = self.revision = None
            self.show_menu()
            return
        self.options = self.autoplay_options() if self.args.autoplay else self.table_options()
        self.options.names = saved.names
        self.options.strengths = tuple(saved.strengths[1:])  # type: ignore[assignment]
        self.options.rules = saved.match.rules
        self.options.seed = saved.match.seed
        found = level_of(saved.level)  # the save says which level, if any: a plain
        # match with a level's rules is still a plain match
        self.start(saved.match, saved.practice, revision=saved.revision,
                   reading=saved.reading, level=found[0] if found is not None else None)

    def start_demo(self, back: Any = None) -> None:
        """The guided demonstration deal, on the real table; leaving it goes back to
        ``back`` (the How to play it was started from, with the table that page holds),
        else to the menu."""
        from .demo.tutorial import DemoScene

        if not self.settings.demo_done:  # played: the menu no longer suggests it
            self.settings = replace(self.settings, demo_done=True)
            self.save_settings()
        options = self.table_options()
        options.speed = "normal" if options.speed == "instant" else options.speed
        demo = DemoScene(options, sounds=self.sounds, rules=options.rules,
                         input_mode=self.input)
        demo.back_to = back
        self.show(demo, keep_table=back is not None)

    def start_level(self, index: int) -> None:
        """Play a level of the Journey: its own table and house rules."""
        level = LEVELS[index]
        self.options = self.table_options()
        self.options.rules = level.rules
        self.options.names = (self.settings.player_name, level.west, level.partner, level.east)
        self.options.strengths = (level.opponents, level.partner_strength, level.opponents)
        self.options.seed = new_seed() if self.args.seed is None else self.options.seed
        self.keep_unfinished_match()
        self.journey = self.journey.start(level.id)
        save_journey(self.store, self.journey)
        self.start(level=index)

    def replay_deal(self, result: Any, trick: int = 0) -> None:
        """Play a finished hand again with the very same cards (from ``trick``, the
        cards of the tricks before it played as they were); the match waits."""
        from ..ai.compare import start_of
        from ..engine import Match
        from ..engine.record import play_record

        table = self.scene
        match = Match(result.rules, table.match.seed, start=start_of(result))
        if trick:
            play_record(match, result.to_record(), len(result.bids),
                        result.rules.seats * trick)
        replay = TableScene(replace(table.options), match=match, practice=True,
                            sounds=self.sounds, input_mode=self.input)
        replay.replay = table.deal_name(result.hand_number) + (
            f" from trick {trick + 1}" if trick else "")
        self.show(replay, keep_table=True)
        if table is self.saving:
            self.suspended = table

    def has_match_in_progress(self) -> bool:
        summary = storage.match_summary(self.store)
        return summary is not None and not summary.is_over

    # --- saving --------------------------------------------------------------------

    def save_table(self, table: TableScene) -> None:
        """After every action: a closed tab or a crash loses nothing. Only the match's
        one table saves, and only over the revision it last read or wrote."""
        if table is not self.saving or table.replay or table.demo:
            return
        strengths = ("human", *table.options.strengths)
        try:
            self.revision, _ = storage.write_match(
                self.store, table.match, table.practice, table.options.names, strengths,
                over=self.revision, reading=table.reading.to_json(),
                level=LEVELS[table.level].id if table.level is not None else None)
        except storage.StaleSave:
            # Another copy of this match saved since: this table must not write over it.
            self.retire(table)
            table.say("Your saved match has moved on since this table: it is no longer "
                      "saved from here. Continue from the menu plays the saved one.", 10.0)
        self.notices += self.store.take_notices()

    def record_match(self) -> None:
        scene = self.scene
        if self.recorded or scene.options.autoplay or scene.replay or scene.demo:
            return
        self.recorded = True
        if scene.level is not None:
            level = LEVELS[scene.level]
            if scene.match.winner == 0:
                self.journey = self.journey.win(scene.level, level.id, len(LEVELS))
            else:
                self.journey = self.journey.lose()
            save_journey(self.store, self.journey)
        stats = storage.load_statistics(self.store)
        stats = stats.record_match(scene.match.history, scene.match.winner, scene.practice,
                                   stats_name(scene.match.rules))
        storage.save_statistics(self.store, stats)

    def save_settings(self) -> None:
        storage.save_settings(self.store, self.settings)
        self.sounds.enabled = self.settings.sound and not self.args.autoplay

    def sync_settings(self) -> None:
        """What the player changed at the table (speed, sound, deck, coach) is kept."""
        o = self.scene.options
        if o.autoplay:
            return
        changed = replace(self.settings, animation_speed=o.speed, sound=o.sound,
                          four_colour=o.four_colour, coach=o.coach,
                          announcements=o.announcements)
        if changed != self.settings:
            self.settings = changed
            self.save_settings()

    def reload_documents(self) -> None:
        """After an import or a removal, read everything again."""
        self.settings = storage.load_settings(self.store)
        self.journey = load_journey(self.store)
        self.notices = self.store.take_notices()
        self.sounds.enabled = self.settings.sound and not self.args.autoplay
