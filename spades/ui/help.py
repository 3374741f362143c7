"""The table's help: keys for a keyboard player, taps and drags after a touch."""

from __future__ import annotations

KEYS = [
    ("Tab / Shift+Tab", "move between cards and buttons"),
    ("Arrows", "move among cards and bids"),
    ("Enter / Space", "choose the card or button in focus"),
    ("S", "score sheet"), ("L", "last trick"),
    ("H", "hint: what you may do now, and why"),
    ("U", "undo your last move (the match then counts as practice)"),
    ("C", "coach: outlines the computer's choice, with its reason"),
    ("M", "sound on or off"),
    ("1 / 2 / 3", "read your hand / the trick / scores and bids"),
    ("4 / 5", "read the last trick / repeat what was said"),
    ("A", "announcements (screen reader, captions); Enter skips their wait"),
    ("F1 or ?", "this help"),
    ("Esc", "menu; closes a panel"),
    ("Click or key", "finishes any animation"),
    ("D", "marks the dealer; blue: your team, orange: theirs"),
]

TOUCH = [
    ("Tap a card", "play it: the raised cards are the ones you may play"),
    ("Tap a dimmed card", "says why it cannot be played now"),
    ("Tap a bid", "choose it, then tap Confirm"),
    ("Scores", "the score sheet, hand by hand"),
    ("Last", "the last trick, card by card"),
    ("Hint", "what you may do now, and why"),
    ("Undo", "take back your last move (the match then counts as practice)"),
    ("Coach", "outlines the computer's choice, with its reason"),
    ("Menu", "pause: speed, sound, deck, how to play, leave"),
    ("Drag", "scroll a page or a long panel; a drag never presses"),
    ("Tap anywhere", "finishes any animation"),
    ("D", "marks the dealer; blue: your team, orange: theirs"),
]


def help_page(touch: bool) -> tuple[str, list[tuple[str, str]]]:
    """The help overlay's title and rows: taps and drags after a touch, else keys."""
    return ("Taps and drags", TOUCH) if touch else ("Keys", KEYS)


def help_label(touch: bool) -> str:
    """The pause menu's button to the help."""
    return "Help" if touch else "Keys and help"
