"""Zones from layout.toml: where cards sit, and that nothing runs off the table."""

import pygame
import pytest

from tabletop.engine.registry import get_game
from tabletop.ui.layout import PLAY_RECT, ZoneDef, auto_layout, load_layout, place, slot_rects


def _rects(spots):
    return [pygame.Rect(int(x - w / 2), int(y - h / 2), w, h) for x, y, w, h in spots]


@pytest.mark.parametrize("kind", ["row", "slots", "grid"])
def test_cards_that_fit_never_overlap(kind):
    zd = ZoneDef("self.x", kind, pygame.Rect(100, 100, 700, 300), "X", slots=5)
    cards = [{"slot": i} for i in range(5)]
    rects = _rects(place(zd, cards, (84, 118)))
    assert len(rects) == 5
    for i, a in enumerate(rects):
        assert zd.rect.contains(a), (kind, a)
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (kind, a, b)


@pytest.mark.parametrize("kind", ["fan", "row", "stack", "pile", "grid"])
def test_a_full_zone_stays_inside_its_rect(kind):
    zd = ZoneDef("self.x", kind, pygame.Rect(200, 500, 600, 200), "X")
    rects = _rects(place(zd, [{} for _ in range(40)], (84, 118)))
    assert len(rects) == 40
    for r in rects:
        assert zd.rect.inflate(4, 4).contains(r), (kind, r)


def test_slots_follow_the_card_slot_and_leave_room_for_the_label():
    zd = ZoneDef("self.m", "slots", pygame.Rect(330, 440, 580, 125), "Monsters", slots=3)
    spots = place(zd, [{"slot": 2}], (84, 118))
    assert abs(spots[0][0] - slot_rects(zd, (84, 118))[2].centerx) < 1
    assert spots[0][1] + spots[0][3] / 2 <= zd.rect.bottom - 14


def test_a_row_moves_right_of_its_name_and_a_stack_stops_above_it():
    """A zone's name is written at its bottom left: a row whose cards reach
    down to it moves clear of it (where it has the room), a stack stops above it."""
    row = ZoneDef("self.pool", "row", pygame.Rect(10, 528, 560, 88), "Rune pool", scale=0.72)
    cards = [{} for _ in range(5)]
    centred = _rects(place(row, cards, (70, 98)))
    assert centred[0].x < 10 + 6 + 190  # centred, the first card would cover a 190-pixel name
    moved = _rects(place(row, cards, (70, 98), label_w=190))
    assert moved[0].x >= 10 + 190 + 12 and all(row.rect.contains(r) for r in moved)
    assert [r.x - moved[0].x for r in moved] == [r.x - centred[0].x for r in centred]  # spaced as before
    assert _rects(place(row, cards, (70, 98), label_w=520)) == centred  # no room beside the name: as before
    stack = ZoneDef("self.trash", "stack", pygame.Rect(334, 622, 70, 108), "Trash", scale=0.7)
    for n in (1, 3, 12):
        assert all(r.bottom <= stack.rect.bottom - 14 for r in _rects(place(stack, [{}] * n, (70, 98))))


@pytest.mark.parametrize("game_id", ["rush_duel", "mini"])
def test_a_games_zones_sit_in_the_play_area_without_overlapping(game_id):
    game = get_game(game_id)
    lay = load_layout(game)
    assert not lay.auto and lay.zones
    for zd in lay.zones:
        assert PLAY_RECT.contains(zd.rect), (zd.key, zd.rect)
    for i, a in enumerate(lay.zones):
        for b in lay.zones[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.key, b.key)
    assert lay.absolute("self.hand", 1) == "p1.hand" and lay.absolute("opp.hand", 1) == "p0.hand"


def test_automatic_layout_for_a_game_without_layout_file():
    view = {"zones": {"p0.hand": [], "p0.deck": [], "p0.board": [], "p1.hand": [], "p1.deck": [], "p1.board": [], "shared.pool": []}}
    lay = auto_layout(view)
    keys = {z.key for z in lay.zones}
    assert keys == {"self.hand", "self.deck", "self.board", "opp.hand", "opp.deck", "opp.board", "shared.pool"}
    for zd in lay.zones:
        assert PLAY_RECT.contains(zd.rect), zd


class _FileGame:
    """Just enough of a game for load_layout: the folder of its layout.toml."""

    def __init__(self, folder):
        self.package_dir = str(folder)


VIEW = {"zones": {"p0.hand": [], "p0.library": [], "p0.yard": [], "p0.board": [],
                  "p1.hand": [], "p1.library": [], "p1.yard": [], "p1.board": []}}


def test_without_data_the_automatic_layout_uses_neutral_defaults():
    lay = auto_layout(VIEW)
    kinds = {z.key: z.kind for z in lay.zones}
    assert kinds["self.hand"] == "fan" and kinds["self.library"] == "row" and kinds["self.yard"] == "row"
    assert lay.card_colors == {} and lay.face_down_tag == "DOWN"


def test_a_layout_file_without_zones_names_the_automatic_piles_and_fans(tmp_path):
    (tmp_path / "layout.toml").write_text(
        '[table]\nface_down_tag = "HIDDEN"\n[auto]\npiles = ["library", "yard"]\nfans = ["board"]\n'
        '[card_colors]\ncreature = "#102030"\nbogus = "not a colour"\n', encoding="utf-8")
    lay = load_layout(_FileGame(tmp_path), VIEW)
    kinds = {z.key: z.kind for z in lay.zones}
    assert kinds["self.library"] == "pile" and kinds["opp.yard"] == "pile"
    assert kinds["self.board"] == "fan" and kinds["self.hand"] == "row"
    assert all(z.show_backs for z in lay.zones if z.kind == "pile")
    assert lay.face_down_tag == "HIDDEN"
    assert lay.card_colors == {"creature": (16, 32, 48)}


def test_zone_keys_and_card_colours_come_from_the_file(tmp_path):
    (tmp_path / "layout.toml").write_text(
        '[[zone]]\nkey = "self.library"\nkind = "pile"\nrect = [10, 60, 90, 130]\nshow_backs = true\n'
        '[[zone]]\nkey = "self.yard"\nkind = "pile"\nrect = [110, 60, 90, 130]\n'
        '[card_colors]\nCreature = [200, 10, 10]\n', encoding="utf-8")
    lay = load_layout(_FileGame(tmp_path), VIEW)
    assert not lay.auto
    backs = {z.key: z.show_backs for z in lay.zones}
    assert backs == {"self.library": True, "self.yard": False}
    assert lay.card_colors == {"creature": (200, 10, 10)}


def test_card_frames_take_the_card_colour_then_the_type_colour_then_neutral():
    from tabletop.ui.cards import NEUTRAL_FRAME, CardArt

    art = CardArt(None, {"creature": (200, 10, 10)})
    assert art.frame_color({"type": "Creature", "color": "#0a0b0c"}) == (10, 11, 12)
    assert art.frame_color({"type": "Creature"}) == (200, 10, 10)
    assert art.frame_color({"type": "sorcery"}) == NEUTRAL_FRAME
    assert CardArt(None).frame_color({"type": "creature"}) == NEUTRAL_FRAME


@pytest.mark.parametrize("game_id", ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"])
def test_step_banners_cover_no_zone_and_no_counter(game_id):
    # a banner over a zone hides the cards the step is about (issue: banners
    # over the opponent's hand); each game docks them clear of the table
    lay = load_layout(get_game(game_id))
    assert lay.banner is not None
    for zd in lay.zones:
        assert not lay.banner.colliderect(zd.rect), (zd.key, zd.rect, lay.banner)
    for cd in lay.counters:
        assert not lay.banner.colliderect(cd.rect), (cd.key, cd.rect, lay.banner)


def test_the_action_bar_shows_a_long_label_whole_when_the_row_has_room():
    from tabletop.ui import gfx
    from tabletop.ui.widgets import layout_buttons

    gfx.font(18, True)  # the fonts are loaded
    long = "Pay: exhaust the Fury rune and the Body rune, then recycle the Mind rune"
    natural = gfx.font(18, True).size(long)[0] + 28
    assert natural > 330
    labels = [long, "Pay: exhaust 2 Fury runes", "Pass"]
    rects, n = layout_buttons(labels, pygame.Rect(0, 0, 1400, 50))
    assert n == 3 and rects[0].w == natural  # whole, not cut at 330
    assert all(a.right + 8 == b.x for a, b in zip(rects, rects[1:]))
    # in a row too short for the long one whole, it takes what room is left
    others = sum(max(110, gfx.font(18, True).size(lab)[0] + 28) + 8 for lab in labels[1:])
    rects, n = layout_buttons(labels, pygame.Rect(0, 0, 330 + others + 5, 50))
    assert n == 3 and rects[0].w == 335 and rects[-1].right == 330 + others + 5
    # and when they do not all fit, nothing grows: as many as fit, each at most 330
    rects, n = layout_buttons([long] * 6, pygame.Rect(0, 0, 1000, 50))
    assert n == 2 and all(r.w == 330 for r in rects)
