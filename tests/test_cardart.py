"""Card art and sounds, headless: these run wherever pygame-ce imports, display or not."""

from __future__ import annotations

import os
from itertools import combinations

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from spades.ui import sound as sound_module  # noqa: E402
from spades.ui.art.cardart import (  # noqa: E402
    CARD_RATIO,
    FOUR_COLOURS,
    TWO_COLOURS,
    CardArt,
    card_height,
    contrast_ratio,
    index_depth,
)
from spades.ui.sound import SOUND_NAMES, Sounds  # noqa: E402

pygame.init()

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3


def ink_totals(surf: pygame.Surface) -> tuple[int, int, int]:
    """Summed RGB of the clearly coloured pixels, ignoring paper, border and greys."""
    r = g = b = 0
    w, h = surf.get_size()
    for y in range(h):
        for x in range(w):
            cr, cg, cb, ca = surf.get_at((x, y))
            if ca < 200 or max(cr, cg, cb) - min(cr, cg, cb) < 60:
                continue
            r, g, b = r + cr, g + cg, b + cb
    return r, g, b


def test_card_height_matches_poker_ratio():
    assert card_height(100) == 140
    assert card_height(52) == round(52 * CARD_RATIO)


@pytest.mark.parametrize("width", [40, 52, 100, 137])
def test_face_and_back_sizes(width):
    art = CardArt()
    size = (width, card_height(width))
    for card in (0, 8, 25, 38, 51):
        face = art.face(card, width)
        assert face.get_size() == size
        assert face.get_flags() & pygame.SRCALPHA
    assert art.back(width).get_size() == size


def test_suit_symbol_size_and_ink():
    art = CardArt()
    for suit in range(4):
        sym = art.suit(suit, 24)
        assert sym.get_size() == (24, 24)
        assert sym.get_at((0, 0)).a == 0
        assert sym.get_at((12, 12)).a > 200  # every suit is solid at its centre
    custom = art.suit(HEARTS, 20, (255, 255, 255))
    assert custom.get_at((10, 10))[:3] == (255, 255, 255)


def test_face_cache_is_a_lookup_and_follows_four_colour():
    art = CardArt()
    first = art.face(14, 80)
    assert art.face(14, 80) is first
    assert art.face(14, 81) is not first
    art.four_colour = True
    four = art.face(14, 80)
    assert four is not first
    assert pygame.image.tobytes(four, "RGBA") != pygame.image.tobytes(first, "RGBA")
    art.four_colour = False
    assert art.face(14, 80) is first
    assert art.back(80) is art.back(80)


@pytest.mark.parametrize("width", [52, 100])
@pytest.mark.parametrize("four", [False, True])
def test_all_faces_differ(width, four):
    art = CardArt(four)
    images = {pygame.image.tobytes(art.face(card, width), "RGBA") for card in range(52)}
    images.add(pygame.image.tobytes(art.back(width), "RGBA"))
    assert len(images) == 53


def test_warm_fills_the_cache():
    art = CardArt()
    art.warm(60)
    assert all((card, 60, False) in art._faces for card in range(52))
    assert 60 in art._backs


def dominant(rgb: tuple[int, int, int]) -> int:
    return max(range(3), key=lambda i: rgb[i])


@pytest.mark.parametrize("width", [52, 100])
def test_deck_colours(width):
    two, four = CardArt(False), CardArt(True)
    for rank in (0, 7, 10, 12):
        assert dominant(ink_totals(two.face(DIAMONDS * 13 + rank, width))) == 0
        assert dominant(ink_totals(two.face(HEARTS * 13 + rank, width))) == 0
        assert dominant(ink_totals(four.face(DIAMONDS * 13 + rank, width))) == 2
        assert dominant(ink_totals(four.face(CLUBS * 13 + rank, width))) == 1
        assert dominant(ink_totals(four.face(HEARTS * 13 + rank, width))) == 0
    # Black suits have no strongly coloured pixels at all in either deck.
    assert ink_totals(two.face(SPADES * 13 + 5, width)) == (0, 0, 0)
    assert ink_totals(two.face(CLUBS * 13 + 5, width)) == (0, 0, 0)


def test_inks_are_readable_on_white():
    for ink in {*TWO_COLOURS, *FOUR_COLOURS}:
        assert contrast_ratio(ink, (255, 255, 255)) >= 4.5
    art = CardArt(True)
    assert art.suit_colour(DIAMONDS) != art.suit_colour(HEARTS)
    assert CardArt(False).suit_colour(DIAMONDS) == CardArt(False).suit_colour(HEARTS)


@pytest.mark.parametrize("width", [52, 100])
def test_corners_are_rounded(width):
    art = CardArt()
    face = art.face(30, width)
    w, h = face.get_size()
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert face.get_at((x, y)).a == 0
    assert face.get_at((w // 2, 0)).a == 255  # the edge itself is solid
    assert face.get_at((w // 2, h // 2)).a == 255
    back = art.back(width)
    assert back.get_at((0, 0)).a == 0


@pytest.mark.parametrize("width", [52, 100])
def test_corner_index_is_rotated_copy(width):
    """Bottom-right index mirrors the top-left, so a card reads from either end."""
    art = CardArt()
    face = art.face(SPADES * 13 + 12, width)
    w, h = face.get_size()
    box = (w // 3, h // 3)
    top = face.subsurface((3, 3, *box)).copy()
    bottom = pygame.transform.flip(face.subsurface((w - 3 - box[0], h - 3 - box[1], *box)),
                                   True, True)
    diff = sum(
        abs(top.get_at((x, y)).r - bottom.get_at((x, y)).r)
        for y in range(box[1]) for x in range(box[0] // 2)
    )
    assert diff / (box[0] * box[1] / 2) < 12


def test_sounds_muted_never_touch_the_mixer(monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: calls.append(1))
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    sounds = Sounds(enabled=False)
    for name in SOUND_NAMES:
        sounds.play(name)
    assert calls == []


def test_sounds_survive_a_broken_mixer(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    sounds = Sounds()
    assert sounds.available is False
    for name in SOUND_NAMES:
        sounds.play(name)
    sounds.enabled = False
    sounds.play("deal")


def test_sounds_survive_missing_files(monkeypatch, tmp_path):
    monkeypatch.setattr(sound_module, "SOUND_DIR", tmp_path)
    sounds = Sounds()
    for name in SOUND_NAMES:
        sounds.play(name)


def test_unknown_sound_name_is_a_bug():
    with pytest.raises(ValueError):
        Sounds(enabled=False).play("applause")


def test_sound_files_are_small_oggs():
    total = 0
    for name in SOUND_NAMES:
        path = sound_module.SOUND_DIR / f"{name}.ogg"
        data = path.read_bytes()
        assert data[:4] == b"OggS"
        assert b"vorbis" in data[:64]
        assert len(data) < 20_000
        total += len(data)
    assert total < 100_000


def test_sounds_load_and_play_when_mixer_works():
    sounds = Sounds()
    if not sounds.available:
        pytest.skip("no working audio mixer here")
    for name in SOUND_NAMES:
        clip = pygame.mixer.Sound(str(sound_module.SOUND_DIR / f"{name}.ogg"))
        assert 0.03 < clip.get_length() < 0.5
        sounds.play(name)
    assert set(sounds._sounds) == set(SOUND_NAMES)


# --- court cards, the ace of spades and the back --------------------------------------

JACK, QUEEN, KING, ACE = 9, 10, 11, 12


def _pixels(surf: pygame.Surface, box: tuple[int, int, int, int] | None = None) -> list:
    sub = surf.subsurface(box) if box else surf
    w, h = sub.get_size()
    return [tuple(sub.get_at((x, y))) for y in range(h) for x in range(w)]


def _difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute RGB difference per pixel, 0..255."""
    pa, pb = _pixels(a), _pixels(b)
    return sum(abs(x[i] - y[i]) for x, y in zip(pa, pb, strict=True) for i in range(3)) \
        / (3 * len(pa))


def _middle(surf: pygame.Surface) -> pygame.Surface:
    """The middle third across and half down, placed the same either way up."""
    w, h = surf.get_size()
    return surf.subsurface((w // 3, h // 4, w - 2 * (w // 3), h - 2 * (h // 4))).copy()


def _gold_pixels(surf: pygame.Surface) -> int:
    return sum(1 for r, g, b, a in _pixels(surf) if a > 200 and r > 180 and 130 < g < 200
               and b < 110)


@pytest.mark.parametrize("width", [44, 53, 74, 101, 151])
def test_court_cards_are_figures_not_letters(width):
    """Each court differs from its fellows (in the middle, not just the index), carries
    gold (a crown, a coronet, a brim) that no pip card has, in every suit."""
    art = CardArt(True)
    for suit in range(4):
        middles = [_middle(art.face(suit * 13 + rank, width)) for rank in (JACK, QUEEN, KING)]
        for a, b in combinations(middles, 2):
            assert _difference(a, b) > 4
        for rank in (JACK, QUEEN, KING):
            assert _gold_pixels(art.face(suit * 13 + rank, width)) > 2
        for rank in (0, 5, 8):
            assert _gold_pixels(art.face(suit * 13 + rank, width)) == 0
            assert _difference(_middle(art.face(suit * 13 + rank, width)),
                               _middle(art.face(suit * 13 + KING, width))) > 8


@pytest.mark.parametrize("width", [53, 101])
def test_court_cards_read_the_same_either_way_up(width):
    """Two-way like a real card: turned half round, a court face is itself again."""
    art = CardArt()
    for card in (JACK, 13 + QUEEN, 26 + KING, 39 + JACK):
        face = art.face(card, width)
        turned = pygame.transform.rotate(face, 180)
        assert _difference(_middle(face), _middle(turned)) < 4
        assert _difference(face, turned) < 3  # the corner indexes too
        # ...and it is no blank: the figure's top half is far from its own mirror image
        # top-to-bottom (a head up, a head down).
        flipped = pygame.transform.flip(face, False, True)
        assert _difference(_middle(face), _middle(flipped)) > 4


def test_ace_of_spades_and_back_are_ornate():
    art = CardArt()
    width = 101
    plain = art.face(HEARTS * 13 + ACE, width)
    spade = art.face(SPADES * 13 + ACE, width)
    assert _gold_pixels(spade) > 20 and _gold_pixels(plain) == 0
    ink = sum(1 for p in _pixels(_middle(spade)) if p[3] > 200 and max(p[:3]) < 90)
    assert ink > len(_pixels(_middle(spade))) * 0.25  # a big spade, not a pip
    back = art.back(width)
    assert _difference(back, pygame.transform.rotate(back, 180)) < 6
    assert _difference(back, art.back(width)) == 0


def _layout_widths() -> set[int]:
    from spades.ui.layout.window import compute_layout

    widths = set()
    for size in ((1280, 720), (800, 600), (390, 844), (1920, 1080), (412, 915), (360, 640),
                 (1024, 768), (640, 480)):
        lay = compute_layout(*size)
        widths |= {lay.card_w, lay.trick_w, lay.back_w, lay.packet_w}
    return {w for w in widths if w > 0}


def test_every_size_a_layout_uses_renders_and_the_index_stays_legible():
    art = CardArt(True)
    for width in sorted(_layout_widths()):
        size = (width, card_height(width))
        assert art.back(width).get_size() == size
        if width < 40:
            continue  # backs and won-trick packets only: no face is shown this small
        for card in range(52):
            assert art.face(card, width).get_size() == size
        # The corner index: rank over suit, the rank at least 9 px tall on the smallest.
        face = art.face(SPADES * 13 + QUEEN, width)
        corner = face.subsurface((1, 1, width // 3, card_height(width) // 3)).copy()
        rows = [y for y in range(corner.get_height())
                if any(max(corner.get_at((x, y))[:3]) < 90 and corner.get_at((x, y)).a > 200
                       for x in range(corner.get_width()))]
        assert rows and rows[-1] - rows[0] >= 9 + width // 10, width


def _ink_boxes(face: pygame.Surface) -> list[pygame.Rect]:
    """The bounding boxes of a face's separate marks of ink (dark or red pixels)."""
    w, h = face.get_size()
    mask = pygame.mask.Mask((w, h))
    for y in range(3, h - 3):
        for x in range(3, w - 3):
            r, g, _, a = face.get_at((x, y))
            if a > 200 and (r < 150 or g < 150):
                mask.set_at((x, y))
    return mask.get_bounding_rects()


@pytest.mark.parametrize("width", [84, 90, 101, 120, 140])
def test_a_pip_cards_pips_keep_clear_of_its_corner_indices(width):
    """Every pip of the 2 to the 10, in every suit, stands at least 3 px clear of the
    corner indices (rank and suit, top left and, upside down, bottom right), at the
    sizes of a desktop's hand and trick. Before, a ten's pip touched its "10" (0 px at
    90 px wide) and the other cards' stood 1 to 3 px from theirs, so the corner read
    as one crowded mark (a fresh-eye review)."""
    art = CardArt()
    depth = index_depth(width)
    for card in (suit * 13 + rank for suit in range(4) for rank in range(9)):
        face = art.face(card, width)
        w, h = face.get_size()
        boxes = _ink_boxes(face)
        index = [r for r in boxes if r.centerx < 0.3 * w and r.centery < depth
                 or r.centerx > 0.7 * w and r.centery > h - depth]
        pips = [r for r in boxes if r not in index]
        assert len(index) >= 4 and len(pips) >= card % 13 + 2, (card, index, pips)
        gap = min(max(i.left - p.right, p.left - i.right, i.top - p.bottom, p.top - i.bottom)
                  for p in pips for i in index)
        assert gap >= 3, (width, card, gap)


@pytest.mark.parametrize("width", [40, 72, 110])
@pytest.mark.parametrize("four", [False, True])
def test_the_jokers_are_told_apart_at_a_glance(width, four):
    """Big Joker red with a solid star, Little Joker black with an open one, in either
    deck; both unlike every ordinary face; the raised twos of deuces high wear the
    ordinary twos' faces."""
    art = CardArt(four)
    big, little = art.face(55, width), art.face(54, width)
    ordinary = {pygame.image.tobytes(art.face(card, width), "RGBA") for card in range(52)}
    assert pygame.image.tobytes(big, "RGBA") not in ordinary
    assert pygame.image.tobytes(little, "RGBA") not in ordinary
    assert dominant(ink_totals(big)) == 0  # red
    assert ink_totals(little) == (0, 0, 0)  # black: no strongly coloured pixel
    # The Big Joker's star is solid, the Little Joker's open: ink or paper at the middle.
    w, h = big.get_size()
    assert sum(big.get_at((w // 2, h // 2))[:3]) < 400
    assert sum(little.get_at((w // 2, h // 2))[:3]) > 700
    assert pygame.image.tobytes(art.face(52, width), "RGBA") == pygame.image.tobytes(
        art.face(SPADES * 13, width), "RGBA")
    assert pygame.image.tobytes(art.face(53, width), "RGBA") == pygame.image.tobytes(
        art.face(DIAMONDS * 13, width), "RGBA")
