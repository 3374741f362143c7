"""Card art and sounds, headless: these run wherever pygame-ce imports, display or not."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from spades.ui import sound as sound_module  # noqa: E402
from spades.ui.cardart import (  # noqa: E402
    CARD_RATIO,
    FOUR_COLOURS,
    TWO_COLOURS,
    CardArt,
    card_height,
    contrast_ratio,
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
