"""The shipped catalogs: up to date with the code, translated, and drawable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tabletop import i18n
from tabletop.engine import registry
from tabletop.i18n.check import GOAL, check_all, templates
from tabletop.i18n.extract import APP_CATALOGS, app_template, game_templates, kit_template

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ko", "ja")


def _ids(cat):
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in cat if m.id}


def _pot(path):
    with open(path, "rb") as fh:
        return read_po(fh)


@pytest.mark.parametrize("gid", sorted(registry.all_games()))
def test_each_games_templates_hold_the_words_its_code_and_files_have_now(gid):
    game = registry.get_game(gid)
    loc = Path(registry.game_dir(game)) / "locale"
    for name, cat in game_templates(game).items():
        assert _ids(cat) == _ids(_pot(loc / f"{name}.pot")), f"run tools/i18n_catalogs.py {gid}"


def test_the_kits_template_holds_the_words_of_its_code():
    assert _ids(kit_template()) == _ids(_pot(ROOT / "tabletop" / "locale" / "kit.pot"))


@pytest.mark.parametrize("name", sorted(APP_CATALOGS))
def test_the_apps_templates_hold_the_words_its_code_marks(name):
    assert _ids(app_template(name, ROOT)) == _ids(_pot(ROOT / "tabletop" / "locale" / f"{name}.pot")), \
        "run tools/i18n_catalogs.py app"


def test_every_catalog_is_translated_and_keeps_the_slots_of_its_words():
    statuses = check_all(list(LANGS))
    assert {s.name for s in statuses} == {name for name, _ in templates()}
    low = [(s.name, s.lang, round(s.percent, 1)) for s in statuses if s.percent < GOAL]
    broken = [(s.name, s.lang, s.broken[:3]) for s in statuses if s.broken]
    assert not low, low
    assert not broken, broken


@pytest.mark.parametrize("lang", LANGS)
def test_the_shipped_face_draws_every_character_of_the_catalogs(lang):
    import pygame

    from tabletop.ui import gfx

    pygame.font.init()
    path = gfx.cjk_font_file(lang)
    assert path is not None and Path(path).is_file()
    face = pygame.font.Font(path, 20)
    chars = set()
    files = list((ROOT / "tabletop" / "locale" / lang).rglob("*.po"))
    files += list(ROOT.glob(f"games/*/locale/{lang}/LC_MESSAGES/*.po"))
    assert len(files) >= 5
    for f in files:
        for m in _pot(f):
            for s in (m.string if isinstance(m.string, (list, tuple)) else [m.string]):
                chars |= set(s or "")
    chars = {c for c in chars if c.isprintable() and not c.isspace()}
    assert len(chars) > 500
    missing = sorted(c for c in chars if gfx._missing(face, c))
    assert not missing, f"{lang}: no glyph for {''.join(missing)!r}: run tools/subset_fonts.py"


@pytest.mark.parametrize("gid", sorted(registry.all_games()))
def test_a_played_game_reads_in_korean_and_japanese(gid):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from i18n_coverage import shown_strings
    finally:
        sys.path.pop(0)
    game = registry.get_game(gid)
    seen = shown_strings(game, games=1, seed=3, max_decisions=600)
    assert len(seen) > 100
    for lang in LANGS:
        cat = i18n.game_catalog(gid, lang)
        left = sorted(s for s in seen if cat.missing(s))
        assert len(left) <= len(seen) // 50, f"{lang}: {len(left)} of {len(seen)} left English, e.g. {left[:5]}"
        # and none read only in part (a slot no entry or template reads, left English in the sentence)
        partly = [(s, cat.text(s)) for s in sorted(seen) if cat.english_left(s)]
        assert not partly, f"{lang}: {len(partly)} read only in part, e.g. {partly[:3]}"
