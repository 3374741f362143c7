"""The player's settings, kept between matches.

Format history (each older one is migrated on load):
- ``spades-settings/1``: a rule preset by name and one ``strength`` shared by all
  three computer players; no coach.
- ``spades-settings/2``: the rules as a preset name or "custom" with every option, the
  opponents' and the partner's strength apart, and the coach.
- ``spades-settings/3``: adds the player's face (a shape and a colour) and the
  computer players' names.
- ``spades-settings/4``: adds ``announcements`` (the table's words for a screen reader,
  and a caption strip on desktop) and ``announcements_offered`` (they were offered once;
  the offer comes again each visit while they are off).
- ``spades-settings/5``: adds ``speech_rate``, the words a minute the table waits for
  its announcements to be read (150, 225 or 300).
- ``spades-settings/6`` (current): adds ``demo_done``, the demonstration deal played or
  its suggestion on a first visit's menu dismissed (settings of an earlier version
  are a returning player's: done). Its rules may be a game of three or two players
  (the presets ``cutthroat`` and ``two-handed``, or options with ``players`` 3 or 2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from spades.engine.rules import PRESETS, SEAT_PRESETS, STANDARD, Rules

from .documents import (
    DocumentError,
    DocumentKind,
    expect_bool,
    expect_choice,
    expect_fields,
    load,
    register,
    save,
)
from .store import Store

SETTINGS_FORMAT = "spades-settings/6"
SETTINGS_V5 = "spades-settings/5"
SETTINGS_V4 = "spades-settings/4"
SETTINGS_V3 = "spades-settings/3"
SETTINGS_V2 = "spades-settings/2"
SETTINGS_V1 = "spades-settings/1"
CUSTOM = "custom"
STRENGTHS = ("easy", "normal", "hard")
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
# How fast the announcements are read, in words a minute: the table waits that long for
# them (a listener's screen reader reads at the rate its user chose).
SPEECH_RATES = (150, 225, 300)
# The player's face at the table: an emblem on a coloured disc, drawn by the interface.
AVATAR_SHAPES = ("spade", "star", "moon", "crown", "heart", "bolt", "leaf", "diamond")
AVATAR_COLOURS = ("gold", "teal", "violet", "coral", "green", "blue", "rose", "slate")
MAX_NAME = 20
# Every rule set the player may choose by name: the four-player ones, then cutthroat
# (three) and two-handed (two).
ALL_PRESETS: dict[str, Rules] = {**PRESETS, **SEAT_PRESETS}


def check_name(value: Any, what: str = "the player's name") -> str:
    """A name the table can draw: short, printable, not blank."""
    if not isinstance(value, str) or not value.strip():
        raise DocumentError(f"{what} must be a non-empty text")
    if len(value) > MAX_NAME or not value.isprintable():
        raise DocumentError(f"{what} must be at most {MAX_NAME} printable characters")
    return value


def preset_name(rules: Rules) -> str:
    """The preset these rules are, or "custom"."""
    for name, value in ALL_PRESETS.items():
        if value == rules:
            return name
    return CUSTOM


@dataclass(frozen=True)
class Settings:
    """What the player chose; a rule change applies from the next match on.

    ``preset`` is a name of ``ALL_PRESETS`` or "custom"; ``rules`` is always the full
    rule set, so a named preset and its rules never disagree. The rules say the game
    (``rules.players``: four, three or two); at three and two the computer players
    all play ``opponents_strength``.
    """

    preset: str = "standard"
    rules: Rules = STANDARD
    opponents_strength: str = "normal"
    partner_strength: str = "normal"
    player_name: str = "You"
    animation_speed: str = "normal"
    four_colour: bool = False
    sound: bool = True
    coach: bool = False
    avatar_shape: str = "spade"
    avatar_colour: str = "gold"
    computer_names: tuple[str, str, str] = ("Wren", "Noor", "Eli")  # West, North, East
    announcements: bool = False
    announcements_offered: bool = False
    speech_rate: int = 150
    demo_done: bool = False  # the menu no longer suggests the demonstration

    def __post_init__(self) -> None:
        if self.preset != CUSTOM:
            if self.preset not in ALL_PRESETS:
                raise DocumentError(
                    f"the rule preset must be one of {', '.join(ALL_PRESETS)} or {CUSTOM}"
                )
        if not isinstance(self.rules, Rules):
            raise DocumentError("the rules must be a rule set")
        if self.preset != CUSTOM and ALL_PRESETS[self.preset] != self.rules:
            raise DocumentError(f"the rules differ from the preset {self.preset!r}")
        expect_choice(self.opponents_strength, STRENGTHS, "the opponents' strength")
        expect_choice(self.partner_strength, STRENGTHS, "the partner's strength")
        check_name(self.player_name)
        expect_choice(self.animation_speed, ANIMATION_SPEEDS, "the animation speed")
        expect_bool(self.four_colour, "four_colour")
        expect_bool(self.sound, "sound")
        expect_bool(self.coach, "coach")
        expect_choice(self.avatar_shape, AVATAR_SHAPES, "the face's shape")
        expect_choice(self.avatar_colour, AVATAR_COLOURS, "the face's colour")
        if not isinstance(self.computer_names, tuple) or len(self.computer_names) != 3:
            raise DocumentError("computer_names must name West, North and East")
        for seat, name in zip(("West", "North", "East"), self.computer_names, strict=True):
            check_name(name, f"{seat}'s name")
        expect_bool(self.announcements, "announcements")
        expect_bool(self.announcements_offered, "announcements_offered")
        if type(self.speech_rate) is not int or self.speech_rate not in SPEECH_RATES:
            raise DocumentError("speech_rate must be one of "
                                f"{', '.join(map(str, SPEECH_RATES))} words a minute")
        expect_bool(self.demo_done, "demo_done")

    def with_preset(self, name: str) -> Settings:
        if name not in ALL_PRESETS:
            raise DocumentError(f"unknown rule preset {name!r}")
        return replace(self, preset=name, rules=ALL_PRESETS[name])

    def with_rules(self, rules: Rules) -> Settings:
        """Any rule set; it is named after its preset when it equals one."""
        return replace(self, preset=preset_name(rules), rules=rules)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SETTINGS_FORMAT,
            "rules": {"preset": self.preset, "options": self.rules.to_dict()},
            "opponents_strength": self.opponents_strength,
            "partner_strength": self.partner_strength,
            "player_name": self.player_name,
            "animation_speed": self.animation_speed,
            "four_colour": self.four_colour,
            "sound": self.sound,
            "coach": self.coach,
            "avatar": {"shape": self.avatar_shape, "colour": self.avatar_colour},
            "computer_names": list(self.computer_names),
            "announcements": self.announcements,
            "announcements_offered": self.announcements_offered,
            "speech_rate": self.speech_rate,
            "demo_done": self.demo_done,
        }

    @classmethod
    def from_json(cls, doc: Any) -> Settings:
        """Read any known settings format; raises DocumentError for anything else."""
        from .documents import read_document

        return read_document(SETTINGS, doc)


def _read(doc: dict[str, Any]) -> Settings:
    expect_fields(
        doc,
        {
            "format", "rules", "opponents_strength", "partner_strength", "player_name",
            "animation_speed", "four_colour", "sound", "coach", "avatar", "computer_names",
            "announcements", "announcements_offered", "speech_rate", "demo_done",
        },
    )
    avatar = expect_fields(doc["avatar"], {"shape", "colour"})
    names = doc["computer_names"]
    if not isinstance(names, list):
        raise DocumentError("computer_names must be a list of three names")
    rules_doc = expect_fields(doc["rules"], {"preset", "options"})
    preset = rules_doc["preset"]
    if not isinstance(preset, str):
        raise DocumentError("the rule preset must be a name")
    # Validates every option; a game of three or two is the player's to choose.
    rules = Rules.from_dict(rules_doc["options"], any_seats=True)
    if preset in ALL_PRESETS:
        # A preset is the player's choice of a named game: follow its current definition.
        rules = ALL_PRESETS[preset]
    return Settings(
        preset=preset,
        rules=rules,
        opponents_strength=doc["opponents_strength"],
        partner_strength=doc["partner_strength"],
        player_name=doc["player_name"],
        animation_speed=doc["animation_speed"],
        four_colour=doc["four_colour"],
        sound=doc["sound"],
        coach=doc["coach"],
        avatar_shape=avatar["shape"],
        avatar_colour=avatar["colour"],
        computer_names=tuple(names),
        announcements=doc["announcements"],
        announcements_offered=doc["announcements_offered"],
        speech_rate=doc["speech_rate"],
        demo_done=doc["demo_done"],
    )


def _from_v5(doc: dict[str, Any]) -> dict[str, Any]:
    """v5 had no demo_done: its player has been here before, so the first visit's
    suggestion of the demonstration is not made."""
    expect_fields(
        doc,
        {
            "format", "rules", "opponents_strength", "partner_strength", "player_name",
            "animation_speed", "four_colour", "sound", "coach", "avatar", "computer_names",
            "announcements", "announcements_offered", "speech_rate",
        },
    )
    return {**doc, "format": SETTINGS_FORMAT, "demo_done": True}


def _from_v4(doc: dict[str, Any]) -> dict[str, Any]:
    """v4 had no speech rate: the announcements are read at 150 words a minute."""
    expect_fields(
        doc,
        {
            "format", "rules", "opponents_strength", "partner_strength", "player_name",
            "animation_speed", "four_colour", "sound", "coach", "avatar", "computer_names",
            "announcements", "announcements_offered",
        },
    )
    return {**doc, "format": SETTINGS_V5, "speech_rate": 150}


def _from_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """v3 had no announcements: they start off, and the browser has not offered them."""
    expect_fields(
        doc,
        {
            "format", "rules", "opponents_strength", "partner_strength", "player_name",
            "animation_speed", "four_colour", "sound", "coach", "avatar", "computer_names",
        },
    )
    return {**doc, "format": SETTINGS_V4, "announcements": False,
            "announcements_offered": False}


def _from_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """v2 had no face: the player gets the default one."""
    expect_fields(
        doc,
        {
            "format", "rules", "opponents_strength", "partner_strength", "player_name",
            "animation_speed", "four_colour", "sound", "coach",
        },
    )
    default = Settings()
    return {**doc, "format": SETTINGS_V3,
            "avatar": {"shape": default.avatar_shape, "colour": default.avatar_colour},
            "computer_names": list(default.computer_names)}


def _from_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """v1 had one strength for all three computer players and presets only."""
    expect_fields(
        doc,
        {"format", "preset", "strength", "player_name", "animation_speed", "four_colour",
         "sound"},
    )
    preset = doc["preset"]
    if not isinstance(preset, str) or preset not in PRESETS:
        raise DocumentError(f"the rule preset must be one of {', '.join(PRESETS)}")
    return {
        "format": SETTINGS_V2,
        "rules": {"preset": preset, "options": PRESETS[preset].to_dict()},
        "opponents_strength": doc["strength"],
        "partner_strength": doc["strength"],
        "player_name": doc["player_name"],
        "animation_speed": doc["animation_speed"],
        "four_colour": doc["four_colour"],
        "sound": doc["sound"],
        "coach": False,
    }


SETTINGS = register(
    DocumentKind(
        key="settings",
        title="your settings",
        current=SETTINGS_FORMAT,
        read=_read,
        dump=lambda settings: settings.to_json(),
        migrations={SETTINGS_V1: _from_v1, SETTINGS_V2: _from_v2, SETTINGS_V3: _from_v3,
                    SETTINGS_V4: _from_v4, SETTINGS_V5: _from_v5},
    )
)


def load_settings(store: Store) -> Settings:
    """The saved settings, or the defaults when none are saved or they were damaged."""
    value = load(store, SETTINGS)
    return value if value is not None else Settings()


def save_settings(store: Store, settings: Settings) -> bool:
    return save(store, SETTINGS, settings)
