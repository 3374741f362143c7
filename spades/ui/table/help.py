"""The table's help: how to play by touch or mouse, and the keys for a keyboard player.

Every row names a control the table really has (the toolbar's Scores, Last, Hint,
Undo, Coach and Menu; the bid panel's Confirm; the pause menu's Main menu); a tap and
a click do the same everywhere, and a drag only ever scrolls.
"""

from __future__ import annotations

PLAY = [
    ("Your cards", "on your turn the cards you may play stand raised: tap (or click) "
                   "one to play it"),
    ("A dimmed card", "tap it to see why it cannot be played now"),
    ("Bidding", "tap a bid, then Confirm; Nil promises to take no trick"),
    ("Blind nil", "when your side trails by enough, you are offered it before you see "
                  "your cards: tap Blind nil to bid it, or Look at cards to bid as usual"),
    ("The draw", "two-handed: tap Keep to keep the top card (the next goes face down), "
                 "or Discard to show it and take the next"),
    ("Last trick", "the last trick, card by card (Last on a phone)"),
    ("Scores", "the score sheet, hand by hand"),
    ("Hint", "what you may do now, and why"),
    ("Undo", "take back your last move (the match then counts as practice)"),
    ("Coach", "outlines the computer's choice, with its reason"),
    ("Menu", "pause: speed, sound, deck, the rules; Main menu leaves the match, "
             "kept for Continue"),
    ("Drag", "scrolls a page or a long panel, as this one; a drag never plays"),
    ("Tap anywhere", "finishes any animation"),
    ("D", "marks the dealer; blue: your team, orange: theirs"),
]

KEYS = [
    ("Tab / Shift+Tab", "move between cards and buttons"),
    ("Arrows", "move among cards and bids"),
    ("Home / End", "your first / last card"),
    ("Shift+Left / Right", "the previous / next suit in your hand"),
    ("Enter / Space", "choose the card or button in focus"),
    ("K / D", "two-handed's draw: keep the top card / discard it"),
    ("S", "score sheet"), ("L", "last trick"),
    ("H", "hint: what you may do now, and why"),
    ("U", "undo your last move (the match then counts as practice)"),
    ("C", "coach: outlines the computer's choice, with its reason"),
    ("M", "sound on or off"),
    ("1 / 2 / 3", "read your hand / the trick / scores and bids"),
    ("4 / 5", "read the last trick / repeat what was said"),
    ("T", "say whose turn it is"),
    ("A or F2", "announcements on or off (F2 in a text field too); Enter skips their wait"),
    ("F1 or ?", "this help"),
    ("Esc", "menu; closes a panel"),
    ("Any key", "finishes any animation, as a tap does"),
]

# In a web page only: the page lets F6 hand the keyboard back (build/template.tmpl's
# RELEASE_KEY), so a keyboard player can leave the game's frame.
PAGE_KEYS = [
    ("F6", "in a web page: hands the keyboard back to the page (Tab then moves on); "
           "click or tap the table to play on"),
]

TITLE = "Help"
BY_POINTER = "By touch or mouse"


def help_sections(keys_first: bool, keys: bool = True, page: bool = False
                  ) -> list[tuple[str, list[tuple[str, str]]]]:
    """The help's sections, each a heading and its rows: how to play by touch or mouse,
    then the keys; the keys first for a player who last pressed one (F1 opened it), and
    none for one who plays by finger and has pressed no key (``keys`` False): half a
    phone's help was keys its player has no keyboard for. ``page``: the game runs in a
    web page, whose key to leave the game is among the keys."""
    if not keys:
        return [("Playing at this table", PLAY)]
    # Beside the keys, the rows that say "tap" are named for touch and mouse: a player
    # who opened the help with F1 read "tap (or click)" as meant for them.
    sections = [(BY_POINTER, PLAY), ("Keys", KEYS + (PAGE_KEYS if page else []))]
    return sections[::-1] if keys_first else sections


def help_label(touch: bool) -> str:
    """The pause menu's button to the help."""
    return "Table help" if touch else "Keys and help"
