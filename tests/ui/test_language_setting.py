"""The Language setting: chosen on the Settings screen, applied at once (the
screen is rebuilt in the new words), kept in settings.toml and used at the
next start."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from i18nhelp import catalog_word
from uihelp import DT, click, make_app, open_settings

from tabletop import i18n
from tabletop.ui.scenes import MenuScene, SettingsScene, language_options
from tabletop.ui.settings import load_settings



@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _texts(scene) -> set:
    return {getattr(e, "text", None) for e in scene.app.ui.get_sprite_group().sprites() if getattr(e, "text", None)}


def _choose(app, menu, label: str) -> None:
    """Open a drop-down with a click and click its item ``label``."""
    click(app, menu.rect.center)
    app.run_frames(2, DT)
    items = menu.current_state.options_selection_list.item_list_container.elements
    item = next(e for e in items if e.text == label)
    click(app, item.rect.center)
    app.run_frames(4, DT)  # the list's selection, then the menu's change, each a frame later


def test_choosing_korean_rebuilds_settings_in_korean_and_keeps_it():
    app, scene = open_settings()
    assert "Language" in _texts(scene) and "Settings" in _texts(scene)
    assert [name for name, _code in language_options()][1:] == ["English", "한국어", "日本語"]
    _choose(app, scene.language, "한국어")
    assert i18n.language() == "ko"
    top = app.top
    assert isinstance(top, SettingsScene)
    shown = _texts(top)
    # the screen's own labels now read as the catalog says, with no restart
    assert catalog_word("ko", "Language") in shown and "Language" not in shown
    assert catalog_word("ko", "Settings") in shown
    assert catalog_word("ko", "Back") in shown
    assert top.language.selected_option[0] == "한국어"
    # kept in settings.toml
    assert load_settings().language == "ko"
    text = (Path(os.environ["TABLETOP_CONFIG"]) / "settings.toml").read_text(encoding="utf-8")
    assert 'language = "ko"' in text
    # Back: the menu below is rebuilt in Korean too
    click(app, next(b for b in top.actions if b.text == catalog_word("ko", "Back")).rect.center)
    app.run_frames(2, DT)
    assert isinstance(app.top, MenuScene)
    assert app.top.buttons["New game"].text == catalog_word("ko", "New game")


def test_system_default_names_the_system_language_and_goes_back_to_it(monkeypatch):
    monkeypatch.setenv("TABLETOP_LANG", "ja")
    app = make_app(language="ko")
    assert i18n.language() == "ko"           # the setting wins over the system
    app.persist_settings = True
    app.reset_to(SettingsScene(app))
    app.run_frames(2, DT)
    system = language_options()[0][0]
    assert "日本語" in system
    _choose(app, app.top.language, system)
    assert i18n.language() == "ja" and app.settings.language == ""
    assert catalog_word("ja", "Language") in _texts(app.top)
    assert load_settings().language == ""


def test_the_language_kept_is_used_at_the_next_start():
    app = make_app(language="ja")
    app.reset_to(MenuScene(app))
    app.run_frames(2, DT)
    assert i18n.language() == "ja"
    assert app.top.buttons["Settings"].text == catalog_word("ja", "Settings")
    assert app.top.buttons["Load game"].text == catalog_word("ja", "Load game")


def test_a_language_the_app_does_not_have_reads_as_the_system_default(tmp_path):
    p = tmp_path / "s.toml"
    p.write_text('language = "xx"\nspeed = "fast"\n', encoding="utf-8")
    s = load_settings(p)
    assert s.language == "" and s.speed == "fast"


def test_the_rules_screen_shows_a_page_in_the_language_in_use():
    from tabletop.ui.rules_reference import open_rules_reference

    game = "lumen_condenser"
    po_path = Path(i18n.__file__).resolve().parent.parent.parent / "games" / game / "locale" / "ko" / "LC_MESSAGES" / "learn.po"
    with open(po_path, "rb") as fh:
        po = {m.context: m.string for m in read_po(fh, locale="ko") if m.context}
    app = make_app(language="ko")
    app.reset_to(MenuScene(app))
    scene = open_rules_reference(app, game)
    app.run_frames(2, DT)
    entry = scene.entry
    assert scene.t(entry) == po["reference:section.0.title"]
    paras = scene.paras(entry)
    assert paras[0] == po["reference:section.0.text"].split("\n\n")[0].replace("\n", " ").strip()
    assert len(paras) == len(entry.paragraphs())
    # the search finds the page by its Korean words too
    scene.search.set_text(paras[0].split()[0])
    app.run_frames(2, DT)
    assert entry.title in scene.entry_titles()
