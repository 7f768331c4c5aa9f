"""Layouts hold in every language: the words of each screen's buttons and
labels fit the widget that shows them (nothing is cut), in English, Korean and
Japanese."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from tabletop import i18n
from tabletop.engine.reference import reference_for
from tabletop.engine.registry import all_games, get_game
from tabletop.ui.deckbuilder import DeckBuilderScene
from tabletop.ui.rules_reference import RulesScene
from tabletop.ui.savescenes import LoadScene
from tabletop.ui.scenes import MenuScene, NewGameScene, SettingsScene
from tabletop.ui.tutorial_menu import TutorialScene
from uihelp import DT, make_app

GAMES = [g for g in sorted(all_games()) if g != "mini"]


@pytest.fixture(params=["en", "ko", "ja"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def _cut(app) -> list[str]:
    """The words of buttons and one-line labels wider than their widget."""
    out = []
    for el in app.ui.get_sprite_group().sprites():
        if not isinstance(el, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)):
            continue
        text = getattr(el, "text", "") or ""
        if not text or not el.visible:
            continue
        font = el.font if hasattr(el, "font") else None
        if font is None:
            continue
        w = font.size(text)[0]
        room = el.rect.width - 4
        if w > room:
            out.append(f"{type(el).__name__} {text!r}: {w} px in {room}")
    return out


def _scenes(app):
    yield "menu", MenuScene(app)
    yield "new game", NewGameScene(app)
    yield "settings", SettingsScene(app)
    yield "load", LoadScene(app)
    for gid in GAMES:
        yield f"tutorial {gid}", TutorialScene(app, gid)
        yield f"rules {gid}", RulesScene(app, reference_for(get_game(gid)))
        yield f"deck builder {gid}", DeckBuilderScene(app, gid)


def test_every_screens_words_fit_their_widgets(lang):
    app = make_app()
    cut = []
    for name, scene in _scenes(app):
        app.reset_to(scene)
        app.run_frames(2, DT)
        cut += [f"{lang} {name}: {c}" for c in _cut(app)]
    assert not cut, "\n".join(cut)
