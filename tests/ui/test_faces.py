"""Card faces from data, card art, readable text sizes, and sound."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tabletop.engine.assets import art_path, assets_dir
from tabletop.engine.errors import CardFileError
from tabletop.engine.registry import get_game
from tabletop.ui import faces, gfx

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"]


@pytest.fixture
def display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    gfx.reset_caches()
    gfx.set_display_scale(1.0)
    yield
    gfx.set_display_scale(1.0)
    pygame.quit()
    gfx.reset_caches()
    faces._icons.clear()


@pytest.mark.parametrize("gid", GAMES)
def test_every_card_names_art_that_ships(gid):
    g = get_game(gid)
    for cid, rec in g.cards.items():
        art = rec.get("art")
        assert art, f"{gid} card {cid} names no art"
        assert art_path(art).is_file(), f"{gid} card {cid}: {art}"
    credits = (assets_dir() / "CREDITS.md").read_text(encoding="utf-8")
    assert "game-icons" in credits and "CC BY 3.0" in credits


def test_missing_art_file_is_one_clear_error(tmp_path):
    from games.rush_duel.carddb import load_card_file

    src = (ROOT / "games" / "rush_duel" / "cards.toml").read_text(encoding="utf-8")
    bad = tmp_path / "cards.toml"
    bad.write_text(src.replace('art = "visored-helm"', 'art = "no-such-picture"', 1), encoding="utf-8")
    with pytest.raises(CardFileError) as ei:
        load_card_file(bad)
    msg = str(ei.value)
    assert str(bad) in msg and "'M01'" in msg and "assets/art/no-such-picture.svg" in msg and "line" in msg
    bad.write_text(src.replace('art = "visored-helm"', 'art = "Visored Helm"', 1), encoding="utf-8")
    with pytest.raises(CardFileError, match="icon name"):
        load_card_file(bad)


@pytest.mark.parametrize("gid", GAMES)
def test_faces_spec_gives_every_mark_a_legend(gid):
    spec = faces.load_faces(ROOT / "games" / gid / "faces.toml")
    assert spec.kinds and spec.backgrounds
    g = get_game(gid)
    kinds_used = set()
    for cid in g.cards:
        view = faces.card_view(g, cid)
        k = spec.kind_for(view)
        assert k.matches(view), f"{gid} {cid}: no face kind fits"
        kinds_used.add(id(k))
        # every badge, mark and stat a card shows is explained in its legend
        legend = " ".join(t for _, t in spec.legend_lines(view))
        for it in [k.badge_left, k.badge_right, k.marks, *k.stats]:
            if it is not None and faces.lookup(view, it.field) not in (None, "", []) and it.label:
                first = it.label.split()[0].lower()
                assert first in legend.lower() or it.legend, f"{gid} {cid}: {it.label} unexplained"
    assert len(kinds_used) == len(spec.kinds), f"{gid}: a face kind matches no card"


def test_lower_speed_wins_is_printed_on_an_attack(display):
    spec = faces.load_faces(ROOT / "games" / "lumen_condenser" / "faces.toml")
    g = get_game("lumen_condenser")
    cid = next(c for c, r in g.cards.items() if r["type"] == "attack")
    view = faces.card_view(g, cid)
    assert "lower speed wins" in spec.kind_for(view).note.lower()
    assert any("lower is faster" in t for _, t in spec.legend_lines(view))


@pytest.mark.parametrize("gid", GAMES)
def test_faces_draw_art_and_stats(display, gid):
    g = get_game(gid)
    spec = faces.spec_for(g)
    for cid in list(g.cards)[::7]:
        view = faces.card_view(g, cid)
        for w, h in ((50, 70), (84, 118), (330, 462)):
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            faces.draw_face(s, s.get_rect(), view, spec)
            # the picture is drawn: many colours, not a flat fill
            colours = {s.get_at((x, y))[:3] for x in range(0, w, 3) for y in range(h // 4, h // 2, 3)}
            assert len(colours) > 3, (gid, cid, w, h)


def test_zoom_shows_printed_and_current_value(display, monkeypatch):
    g = get_game("rush_duel")
    spec = faces.spec_for(g)
    view = faces.card_view(g, "M04")  # printed ATK 1600
    drawn = []
    real = gfx.text
    monkeypatch.setattr(gfx, "text", lambda t, *a, **k: (drawn.append(t), real(t, *a, **k))[1])
    s = pygame.Surface((330, 462), pygame.SRCALPHA)
    faces.draw_face(s, s.get_rect(), view, spec, live={"counters": {"atk": 2100, "def": 800}})
    assert "ATK 1600 \u2192 2100" in drawn and "DEF 800" in drawn
    drawn.clear()
    s = pygame.Surface((84, 118), pygame.SRCALPHA)
    faces.draw_face(s, s.get_rect(), view, spec, live={"counters": {"atk": 2100, "def": 800}})
    assert "2100" in drawn and "1600" not in drawn   # a small card shows the value in play


def test_short_names(display):
    gfx.set_display_scale(1.0)
    assert faces.short_name("Cinder Pup", 16, 400) == "Cinder Pup"
    assert faces.short_name("Ridgeback Wolf", 16, 62) in ("R. Wolf", "Wolf")
    assert faces.short_name("Kestra, Ember Marshal", 16, 60) == "Kestra"
    assert faces.short_name("Ignis Colossus [L]", 16, 90).endswith("[L]")


def test_a_japanese_name_a_little_too_wide_is_drawn_narrower_not_cut(display):
    from tabletop import i18n

    i18n.set_language("ja")
    try:
        gfx.reset_caches()
        name = "石切り投げ"  # no space, no の or ・: no shorter form
        size = 14
        whole = gfx.font(size, True).size(name)[0]
        width = int(whole * 0.8)
        assert faces.short_name(name, size, width).endswith("...")  # cut, where a name is only shortened
        pic = faces.name_picture(name, size, width, (0, 0, 0))
        assert pic.get_width() == width  # the whole name, drawn at 80% of its width
        # far too wide to condense: cut with an ellipsis after all
        narrow = int(whole * 0.4)
        pic = faces.name_picture(name, size, narrow, (0, 0, 0))
        cut = faces.short_name(name, size, narrow)
        assert cut.endswith("...") and pic.get_width() == gfx.font(size, True).size(cut)[0]
    finally:
        i18n.set_language("en")
        gfx.reset_caches()


def test_an_english_name_a_little_too_wide_is_drawn_narrower_else_shortened(display):
    f = gfx.font(16, True)
    whole = f.size("Judgement")[0]
    # a tenth too wide: the whole name, a little narrower
    assert faces.name_picture("Judgement", 16, int(whole * 0.9), (0, 0, 0)).get_width() == int(whole * 0.9)
    # far too wide: the short form ("R. Wolf"), which fits as it is
    pic = faces.name_picture("Ridgeback Wolf", 16, 62, (0, 0, 0))
    assert pic.get_width() == f.size(faces.short_name("Ridgeback Wolf", 16, 62))[0]
    # a short form a little too wide is drawn narrower, down to three quarters of its width
    last = f.size("Colossus")[0]
    assert faces.name_picture("Colossus", 16, int(last * 0.8), (0, 0, 0)).get_width() == int(last * 0.8)
    assert faces.short_name("Colossus", 16, int(last * 0.8)).endswith("...")
    # and one far too wide is cut after all
    cut = faces.short_name("Colossus", 16, int(last * 0.5))
    assert faces.name_picture("Colossus", 16, int(last * 0.5), (0, 0, 0)).get_width() == f.size(cut)[0]


def test_text_floor_follows_window_scale():
    gfx.set_display_scale(0.8)     # 1280x720
    assert gfx.screen_px(gfx.min_size()) >= 11 and gfx.screen_px(gfx.min_size() - 1) < 11
    gfx.set_display_scale(0.64)    # 1024x640
    assert gfx.screen_px(gfx.min_size()) >= 9 and gfx.screen_px(gfx.min_size() - 1) < 9
    gfx.set_display_scale(1.0)


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("size,least", [((1280, 720), 11.0), ((1024, 640), 9.0)])
def test_no_text_smaller_than_readable_mid_game(gid, size, least):
    """One frame of each game's table mid-game (its example save): the smallest
    text drawn, in px on screen, is at least 11 at 1280x720 and 9 at 1024x640."""
    from tabletop.saves import examples_dir, load_match
    from tabletop.ui.app import App
    from tabletop.ui.settings import Settings

    match = load_match(examples_dir() / f"{gid}-midgame.toml", expect_game=gid)
    app = App(size=size, settings=Settings(speed="instant"), persist_settings=False)
    try:
        app.start_match(match, ("human", "human"), frozen=True)
        app.run_frames(2)
        gfx.reset_caches()          # draw every text afresh during the recorded frame
        table = app.scenes[-1]
        for attr in ("_right", "_top", "_bottom"):
            if hasattr(table, attr):
                setattr(table, attr, None)
        art = getattr(table, "art", None)
        if art is not None:
            art._cache.clear()
            art._by_card.clear()
        gfx.record_sizes(True)
        app.run_frames(1)
        sizes = gfx.record_sizes(False)
    finally:
        pygame.quit()
        gfx.reset_caches()
        gfx.set_display_scale(1.0)
    assert len(sizes) > 20, "the frame drew almost no text"
    smallest = min(sizes)
    assert smallest[0] >= least - 1e-6, f"{gid} at {size}: {smallest[1]!r} drawn {smallest[0]:.1f} px"


def test_sound_plays_under_dummy_driver_and_mutes():
    from tabletop.ui.sound import NAMES, Sounds

    pygame.init()
    try:
        s = Sounds(volume=50)
        assert all((assets_dir() / "sounds" / f"{n}.wav").is_file() for n in NAMES)
        played = [s.play(n, now=float(i)) for i, n in enumerate(NAMES)]
        if s.available:  # the dummy driver opens a silent device
            assert all(played)
        s.set_muted(True)
        assert s.play("draw", now=100.0) is False
        s.set_muted(False)
        s.set_volume(0)
        assert s.play("draw", now=200.0) is False
    finally:
        pygame.quit()


def test_no_sound_device_is_silent_not_an_error(tmp_path):
    code = ("import pygame; pygame.init()\n"
            "from tabletop.ui.sound import Sounds\n"
            "s = Sounds(volume=80)\n"
            "print(s.play('draw'), s.available)\n")
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", SDL_VIDEODRIVER="dummy")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[-2:] == ["False", "False"]


def test_volume_and_mute_are_kept_in_settings(tmp_path):
    from tabletop.ui.settings import Settings, load_settings, save_settings

    p = tmp_path / "settings.toml"
    save_settings(Settings(volume=35, muted=True), p)
    s = load_settings(p)
    assert (s.volume, s.muted) == (35, True)
    p.write_text("volume = 900\n", encoding="utf-8")
    assert load_settings(p).volume == 100


def test_event_sounds():
    from tabletop.engine.core import Event
    from tabletop.ui.sound import for_event

    assert for_event(Event("card.move", data={"from": "p0.deck", "to": "p0.hand"})) == "draw"
    assert for_event(Event("card.move", data={"from": "p0.hand", "to": "p0.monster"})) == "place"
    assert for_event(Event("card.flip")) == "flip"
    assert for_event(Event("phase.begin")) == "step"
    assert for_event(Event("attack.declare")) == "attack"
    assert for_event(Event("battle.damage")) == "damage"
    assert for_event(Event("game.over", data={"winner": 0}), viewer=0) == "win"
    assert for_event(Event("game.over", data={"winner": 1}), viewer=0) == "lose"
    assert for_event(Event("attack.end")) is None


@pytest.mark.parametrize("gid", GAMES)
def test_hand_cards_stay_inside_the_hand_frame(gid):
    from tabletop.ui.layout import load_layout, place

    lay = load_layout(get_game(gid))
    fans = [z for z in lay.zones if z.kind == "fan"]
    assert fans
    for zd in fans:
        for n in (3, 7, 10):
            for cx, cy, w, h in place(zd, [{}] * n, lay.card_size):
                assert zd.rect.y <= cy - h / 2 and cy + h / 2 <= zd.rect.bottom, (gid, zd.key, n)


def test_changed_stat_pops_over_its_card():
    """A card whose ATK changes where it stands gets a rising +N over it; a
    card moving to another zone does not."""
    from tabletop.saves import examples_dir, load_match
    from tabletop.ui.app import App
    from tabletop.ui.settings import Settings

    match = load_match(examples_dir() / "rush_duel-midgame.toml", expect_game="rush_duel")
    app = App(size=(1600, 900), settings=Settings(speed="normal"), persist_settings=False)
    try:
        table = app.start_match(match, ("human", "human"), frozen=True)
        app.run_frames(2)
        sp = next(s for s in table.order if s.order >= 0 and (s.card.get("counters") or {}).get("atk") is not None)
        sp.card = dict(sp.card, counters=dict(sp.card["counters"], atk=sp.card["counters"]["atk"] + 500))
        app.run_frames(1)
        assert not any(k[0] == "card" for k in table.pops)  # looked for only when an event or a new view comes
        table.view = dict(table.view)   # as a refresh does
        app.run_frames(1)
        pops = {k: v for k, v in table.pops.items() if k[0] == "card"}
        assert pops and list(pops.values())[0][1] == 500 and list(pops)[0][1] == sp.key
        app.run_frames(80)  # it fades out
        assert not any(k[0] == "card" for k in table.pops)
    finally:
        pygame.quit()
        gfx.reset_caches()


def test_settings_volume_slider_and_mute():
    import pygame_gui
    from uihelp import DT, click, open_settings

    from tabletop.ui.settings import load_settings

    app, scene = open_settings()
    mute = next(b for b in scene.actions if b.text.startswith("Sound:"))
    click(app, mute.rect.center)
    app.run_frames(2, DT)
    assert app.settings.muted is True and app.sounds.muted is True
    assert app.sounds.play("draw", now=50.0) is False
    # the slider (as pygame_gui reports a move)
    scene.volume.set_current_value(25)
    scene.on_ui(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {"ui_element": scene.volume, "value": 25}))
    assert app.settings.volume == 25 and app.sounds.volume == 25
    s = load_settings()
    assert (s.volume, s.muted) == (25, True)
