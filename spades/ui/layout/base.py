"""What a table layout is: the named rectangles (``Layout``), the seats, the smallest
windows laid out, and the small helpers both layouts share. ``layout.compute_layout``
fills a ``Layout`` for an ordinary window, ``layout_compact.compact_layout`` for a short
landscape one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from pygame import Rect

from ..art.cardart import card_height
from ..art.density import logical

SOUTH, WEST, NORTH, EAST = range(4)
# Where each seat sits at the table drawn (the four places above), by the number of
# seats: cutthroat's other two either side of the player, two-handed's other across.
PLACES = {4: (SOUTH, WEST, NORTH, EAST), 3: (SOUTH, WEST, EAST), 2: (SOUTH, NORTH)}


def hand_size(seats: int) -> int:
    """The cards a player holds at the deal: 17 at cutthroat, else 13
    (docs/rules.md, Three and two players)."""
    return 17 if seats == 3 else 13
TOOLBAR = ("scores", "last", "hint", "undo", "coach", "menu")
MIN_STEP = 44  # CSS px: the narrowest strip of an overlapped card a finger can still pick

# The smallest windows the table is laid out for, lying and upright: below them every
# scene shows a "Make the window larger" card instead (see :func:`too_small`). Smaller
# than this, 44 px targets and readable cards no longer fit beside four seats.
SMALLEST_LANDSCAPE = (480, 320)
SMALLEST_PORTRAIT = (320, 480)


def too_small(width: int, height: int) -> bool:
    """No honest table fits: the window gets the "Make the window larger" card."""
    width, height = logical((width, height))
    low_w, low_h = SMALLEST_PORTRAIT if height > width * 1.15 else SMALLEST_LANDSCAPE
    return width < low_w or height < low_h


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@dataclass
class Layout:
    width: int
    height: int
    portrait: bool
    font: int  # body text size (the font's pixel size, as pygame.font.Font takes it)
    font_small: int
    font_big: int
    pad: int
    card_w: int  # the player's cards
    card_h: int
    trick_w: int  # cards in the middle of the table
    trick_h: int
    back_w: int  # the small backs of the other hands
    back_h: int
    packet_w: int  # a won trick in front of its player
    packet_h: int
    lift: int  # how far a playable card is raised
    top_bar: Rect
    toolbar: dict[str, Rect]
    badges: list[Rect]  # name, bid and tricks of each seat
    fans: list[Rect]  # the face-down hands of West, North, East (South's is the hand)
    packets: list[Rect]  # won tricks, one strip per seat
    trick_area: Rect
    trick_slots: list[Rect]
    status: Rect  # the message line above the hand
    hand_area: Rect
    hand_rows: int
    hand_step: int  # horizontal distance between neighbouring cards
    row_step: int  # vertical distance between two rows of cards
    bid_panel: Rect
    bid_title: Rect
    bid_buttons: list[Rect]  # nil, 1..13
    bid_confirm: Rect
    bid_cols: int
    overlay: Rect  # modal panels: breakdown, score sheet, pause, help, match over
    target: int = 44  # the least width and height of anything tapped (48 on a phone)
    vertical_fans: tuple[bool, bool, bool, bool] = field(default=(False, True, False, True))
    font_score: int = 28  # the teams' scores in the top bar
    compact: bool = False  # a short landscape window: seats in one row, no side columns
    flat_trick: bool = False  # the trick in a row (``_flat_trick_slots``), not a cross
    # Where the bid panel's notes go (the suggestion, why bids are greyed): under the
    # grid, or beside Confirm on the smallest phone; none on a short landscape window.
    bid_note: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))
    density: float = 1.0  # window pixels per CSS pixel (widgets/density.py)
    hand_cards: int = 13  # the cards of a whole hand (17 at cutthroat); bids 0 to it
    # The place (SOUTH, WEST, NORTH, EAST) of each seat: the seat lists above (badges,
    # fans, packets, trick_slots, vertical_fans) are by seat, made by ``seated``.
    places: tuple[int, ...] = (SOUTH, WEST, NORTH, EAST)
    place_badges: list[Rect] = field(default_factory=list)  # by place, when seated

    def badge_at(self, place: int) -> Rect:
        """The badge's rectangle at ``place``, whether or not a seat sits there (what
        the other seats' places are laid out around)."""
        return (self.place_badges or self.badges)[place]

    def seated(self, seats: int) -> Layout:
        """This table of four places for ``seats`` players: each seat's badge, fan, won
        tricks and trick card at its place (PLACES); four seats as they are."""
        places = PLACES[seats]
        if places == self.places:
            return self
        # The places' badges copied: a layout moved under a band (layout.window's
        # compute_layout_below) moves each Rect of its lists once.
        return replace(self, places=places, place_badges=[Rect(r) for r in self.badges],
                       badges=[self.badges[p] for p in places],
                       fans=[self.fans[p] for p in places],
                       packets=[self.packets[p] for p in places],
                       trick_slots=[self.trick_slots[p] for p in places],
                       vertical_fans=tuple(self.vertical_fans[p] for p in places))

    @property
    def side_seats(self) -> list[int]:
        """The seats at West and East, the table's side columns (or row's ends)."""
        return [seat for seat, place in enumerate(self.places) if place in (WEST, EAST)]

    @property
    def other_seats(self) -> list[int]:
        """Every seat but the player's (South)."""
        return list(range(1, len(self.places)))

    def place(self, seat: int) -> int:
        """Where ``seat`` sits: SOUTH, WEST, NORTH or EAST."""
        return self.places[seat]

    @property
    def min_step(self) -> int:
        """MIN_STEP in the window's pixels."""
        return round(MIN_STEP * self.density)

    def scaled(self, density: float, width: int, height: int) -> Layout:
        """This layout, made in CSS pixels, for a window of ``width`` x ``height`` pixels
        at ``density``: every measure times the density (counts and flags as they are),
        each card's height from its width again so the card art fits its rectangles."""
        def scale(value):
            if isinstance(value, Rect):
                return Rect(round(value.x * density), round(value.y * density),
                            round(value.width * density), round(value.height * density))
            if isinstance(value, list):
                return [scale(v) for v in value]
            if isinstance(value, dict):
                return {k: scale(v) for k, v in value.items()}
            if isinstance(value, int) and not isinstance(value, bool):
                return round(value * density)
            return value

        keep = {"portrait", "hand_rows", "bid_cols", "vertical_fans", "compact", "flat_trick",
                "hand_cards", "places"}
        values = {f.name: getattr(self, f.name) if f.name in keep else scale(getattr(self, f.name))
                  for f in fields(self)}
        values.update(width=width, height=height, density=density)
        for w, h in (("card_w", "card_h"), ("trick_w", "trick_h"), ("back_w", "back_h"),
                     ("packet_w", "packet_h")):
            values[h] = card_height(values[w])
        values["trick_slots"] = [Rect(r.centerx - values["trick_w"] // 2,
                                      r.centery - values["trick_h"] // 2,
                                      values["trick_w"], values["trick_h"])
                                 for r in values["trick_slots"]]
        return Layout(**values)

    @property
    def one_line_status(self) -> bool:
        """The smallest phone: the message and the prompt share the status's one line,
        a message standing in for the prompt while it shows."""
        return self.status.height < 2 * round(self.font_small * 1.25)

    @property
    def status_beside(self) -> bool:
        """A short window's status: a column beside the trick, under East's seat."""
        return self.compact and self.status.left >= self.trick_area.right

    @property
    def message(self) -> Rect:
        """The message line (a refusal, a hint, a flash such as the contracts): the top
        of the status box, so it never covers the turn prompt under it (on one line,
        the whole box). A message too long for one line grows upwards from here, over
        the felt."""
        box = self.status
        if self.one_line_status:
            return Rect(box)
        height = min(box.height // 2, round(self.font_small * 1.25))
        top = box.y
        if self.status_beside:
            # In the column beside the trick, the message and a two-line prompt stand
            # level with the trick's middle, not at the column's top, where they read
            # as part of East's seat above them.
            block = height + 2 * round(self.font * 1.05)
            top = box.y + max(0, min(self.trick_area.centery - block // 2 - box.y,
                                     box.height - block))
        return Rect(box.x, top, box.width, height)

    @property
    def prompt(self) -> Rect:
        """The turn prompt and the coach's reason: the rest of the status box, right
        above the hand (on one line, the whole box)."""
        box = self.status
        top = box.top if self.one_line_status else self.message.bottom
        return Rect(box.x, top, box.width, box.bottom - top)

    @property
    def row_capacity(self) -> int:
        """How many cards one row of the hand holds side by side: at the comfortable
        spacing on one row, on two rows as many as the narrowest tap target allows."""
        step = self.hand_step if self.hand_rows == 1 else min(self.hand_step, self.min_step)
        return max(1, (self.hand_area.width - self.card_w) // max(1, step) + 1)

    def row_step_for(self, in_row: int) -> int:
        """The spacing of a row of ``in_row`` cards: the comfortable one, closer when a
        long row (split at a change of suit) needs it, never under a tap's width."""
        if in_row <= 1 or self.hand_rows == 1:
            return self.hand_step
        room = (self.hand_area.width - self.card_w) // (in_row - 1)
        return max(min(self.min_step, self.hand_step), min(self.hand_step, room))

    def hand_rects(self, count: int, top: int | None = None) -> list[Rect]:
        """Where each of ``count`` cards of the player's hand lies (unraised), in order.

        ``top`` is how many go in the upper row of a two-row hand (default: the larger
        half). Later cards are drawn over earlier ones, so the hit test goes from the last.
        """
        if count <= 0:
            return []
        rows = self.row_sizes(count, top)
        rects = []
        area = self.hand_area
        bottom = area.bottom - self.card_h
        for row, in_row in enumerate(rows):
            step = self.row_step_for(in_row)
            width = self.card_w + (in_row - 1) * step
            y = bottom - (len(rows) - 1 - row) * self.row_step
            for col in range(in_row):
                x = area.centerx - width // 2 + col * step
                rects.append(Rect(x, y, self.card_w, self.card_h))
        return rects

    def row_sizes(self, count: int, top: int | None = None) -> list[int]:
        """How many of ``count`` cards go in each row of the hand, top row first: one
        row; two (the upper ``top``, default the larger half); or, for cutthroat's 17
        upright, as many rows of at most seven as it takes, the upper ones fuller."""
        if self.hand_rows == 3:
            most = min(7, self.row_capacity)
            n = max(1, -(-count // most))
            return [count // n + (1 if r < count % n else 0) for r in range(n)]
        if self.hand_rows == 2 and count > min(7, self.row_capacity):
            first = top if top is not None else -(-count // 2)
            return [first, count - first]
        return [count]

    def hand_split(self, suits: list[int]) -> int | None:
        """The upper row's size for a two-row hand: at the change of suit nearest the
        middle that both rows can hold (a long row closes up), so a suit is not cut in
        two; None for the plain halves when no change of suit is within reach."""
        count = len(suits)
        if self.hand_rows != 2 or count <= min(7, self.row_capacity):
            return None
        fits = [i for i in range(1, count) if max(i, count - i) <= self.row_capacity]
        changes = [i for i in fits if suits[i] != suits[i - 1]]
        if not changes:
            return None
        return min(changes, key=lambda i: (abs(2 * i - count), -i))

    def full_height(self, x: int, width: int) -> Rect:
        """Room for a panel as tall as the window, ``width`` wide from ``x``: a pad from
        the bottom and from the top, under the caption strip when one is shown (the
        table is laid out below it: ``top_bar.top``)."""
        top = self.top_bar.top + self.pad
        return Rect(x, top, width, self.height - self.pad - top)

    def fan_rects(self, seat: int, count: int) -> list[Rect]:
        """The small backs of another seat's hand, spread along its fan."""
        if count <= 0 or seat == SOUTH:
            return []
        area = self.fans[seat]
        rects = []
        if self.vertical_fans[seat] and area.height >= self.back_h:
            step = max(0.0, min(self.back_h * 0.35,
                                (area.height - self.back_h) / max(1, count - 1)))
            top = area.centery - (self.back_h + step * (count - 1)) / 2
            for i in range(count):
                rects.append(
                    Rect(area.centerx - self.back_w // 2, round(top + i * step), self.back_w,
                         self.back_h)
                )
        else:
            step = max(0.0, min(self.back_w * 0.35,
                                (area.width - self.back_w) / max(1, count - 1)))
            left = area.centerx - (self.back_w + step * (count - 1)) / 2
            for i in range(count):
                rects.append(
                    Rect(round(left + i * step), area.centery - self.back_h // 2, self.back_w,
                         self.back_h)
                )
        return rects

    def packet_rects(self, seat: int, count: int) -> list[Rect]:
        """Won tricks as separate packets, spaced so they can be counted."""
        area = self.packets[seat]
        step = max(0.0, min(self.packet_w * 0.62,
                            (area.width - self.packet_w) / (self.hand_cards - 1)))
        return [
            Rect(round(area.x + i * step), area.centery - self.packet_h // 2, self.packet_w,
                 self.packet_h)
            for i in range(count)
        ]

    def seat_origin(self, seat: int) -> Rect:
        """Where a card leaves from or returns to for a seat (its hand)."""
        if seat == SOUTH:
            return Rect(self.hand_area.centerx - self.card_w // 2,
                        self.hand_area.bottom - self.card_h, self.card_w, self.card_h)
        return Rect(self.fans[seat].centerx - self.back_w // 2,
                    self.fans[seat].centery - self.back_h // 2, self.back_w, self.back_h)


def tight_bid_grid(room: Rect, cols: int, cards: int, pad: int, target: int, title_h: int
                   ) -> tuple[Rect, Rect, list[Rect], Rect, Rect]:
    """The bid panel in ``room``, as small as it goes: a heading of ``title_h``, then
    nil and the bids in ``cols`` columns, Confirm in the last row's last two places
    (or a row of its own when the bids fill theirs); no notes."""
    places = cards + 1 + 2
    rows = -(-places // cols)
    button_w = (room.width - (cols + 1) * pad) // cols
    button_h = max(1, min(target, (room.height - title_h - (rows + 2) * pad) // rows))
    height = title_h + (rows + 2) * pad + rows * button_h
    panel = Rect(room.x, room.y + max(0, (room.height - height) // 2), room.width, height)
    title = Rect(panel.x + pad, panel.y + pad, panel.width - 2 * pad, title_h)
    buttons = []
    for i in range(cards + 1):
        r, c = divmod(i, cols)
        buttons.append(Rect(panel.x + pad + c * (button_w + pad),
                            title.bottom + pad + r * (button_h + pad), button_w, button_h))
    last = buttons[-1]
    if last.right + pad + 2 * button_w + pad <= panel.right - pad + 1:
        confirm = Rect(panel.right - pad - 2 * button_w - pad, last.y, 2 * button_w + pad,
                       button_h)
    else:
        confirm = Rect(panel.right - pad - 2 * button_w - pad, last.bottom + pad,
                       2 * button_w + pad, button_h)
    return panel, title, buttons, confirm, Rect(title.x, confirm.y, 0, 0)


def _flat_trick_slots(centre: tuple[int, int], w: int, h: int, width: int = 0
                      ) -> list[Rect]:
    """The four cards of a trick for a short, wide room (a phone turned sideways): West
    and East either side, South a quarter card lower and to the left, North a quarter
    higher and to the right. South and North overlap, each index corner left clear by
    the other whichever was played last, so the cards can be half as tall again as in
    a cross of the same height (``FLAT_TRICK_HEIGHTS`` card heights against 2.2).
    West and East stand further out, up to half a card apart from the middle pair,
    when the room is ``width`` wide enough for that and their seats' tabs beside."""
    cx, cy = centre
    room = width // 2 - w // 2 - round(w * 1.2)  # a tab's width kept outside the cards
    dx = max(round(w * 1.35), min(round(w * 1.85), room))
    sx, dy = round(w * 0.3), round(h * 0.25)
    return [Rect(cx - w // 2 + x, cy - h // 2 + y, w, h)
            for x, y in ((-sx, dy), (-dx, 0), (sx, -dy), (dx, 0))]


FLAT_TRICK_HEIGHTS = 1.55  # the flat trick's height over its cards' height, with a margin
FLAT_TRICK_WIDTHS = 3.8  # ... and its width over theirs


def _trick_slots(centre: tuple[int, int], w: int, h: int, rise: float) -> list[Rect]:
    """The four cards of a trick in a cross, South, West, North, East."""
    cx, cy = centre
    dx, dy = round(w * 1.08), round(h * rise)
    return [Rect(cx - w // 2 + x, cy - h // 2 + y, w, h)
            for x, y in ((0, dy), (-dx, 0), (0, -dy), (dx, 0))]


def button_row(panel: Rect, labels: list[str], measure, font: int, pad: int, h: int,
               least: int = 15) -> list[Rect]:
    """A row of buttons along the bottom of ``panel``, centred: each wide enough for
    the longest label with its key beside it ("Computer's way  W"), where there is
    room; too narrow for equal widths (a phone), each as wide as its label asks at the
    ``least`` size a label takes, in proportion, so "Computer's way" keeps one line
    beside "Export hand" rather than break in a cramped third of the row. ``measure``
    is a :class:`theme.Text`."""
    n = len(labels)
    gap = max(pad, 8)  # apart enough for a finger
    wide = max(measure.font(font, True).size(f"{label}  W")[0] + 24 for label in labels)
    room = panel.width - 2 * pad - (n - 1) * gap
    w = min(max(round(font * 10), wide), room // n)
    widths = [w] * n
    needs = [measure.font(least, True).size(label)[0] + 14 for label in labels]
    if max(needs) > w and sum(needs) <= room:
        widths = [room * need // sum(needs) for need in needs]
    x = panel.centerx - (sum(widths) + (n - 1) * gap) // 2
    rects = []
    for width in widths:
        rects.append(Rect(x, panel.bottom - pad - h, width, h))
        x += width + gap
    return rects
