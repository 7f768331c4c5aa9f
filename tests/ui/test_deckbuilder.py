"""The Deck builder driven through the real app: reached from the main menu,
cards added and taken out by click, right-click, drag and the row buttons,
the live rule checks, search and filters, Save / Delete, Import / Export
through the file dialog, and New game offering the saved deck."""

import os
from pathlib import Path

import pygame
import pygame_gui
import pytest
from uihelp import DT, click, drag, make_app, move

from tabletop.engine.decks import format_deck, parse_deck, preconstructed
from tabletop.engine.registry import get_game
from tabletop.ui.deckbuilder import DeckBuilderScene
from tabletop.ui.deckbuilder_view import DECK, LIST, POOL
from tabletop.ui.scenes import MenuScene, NewGameScene


def typed(app, element, text):
    click(app, element.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(dt=DT)
    app.run_frames(2, DT)


def press(app, scene, action_name):
    """Press the scene's button whose action is ``action_name`` (the press arrives a frame later)."""
    b = next(b for b, a in scene.actions.items() if getattr(a, "__name__", "") == action_name)
    click(app, b.rect.center)
    app.run_frames(2, DT)


def builder(app, gid):
    app.reset_to(MenuScene(app))
    app.run_frames(2, DT)
    click(app, app.top.buttons["Deck builder"].rect.center)
    app.run_frames(3, DT)
    sc = app.top
    assert isinstance(sc, DeckBuilderScene)
    if sc.gid != gid:
        sc.set_game(gid)
        app._rebuild()
        app.run_frames(2, DT)
    return sc


def pool_rect(sc, cid):
    return next(r for c, r in sc.pool_cards() if c == cid)


def deck_row(sc, cid):
    return next(r for _k, c, _n, r in sc.deck_rows() if c == cid)


def test_build_a_deck_by_click_right_click_drag_and_row_buttons():
    app = make_app()
    sc = builder(app, "aquarian_age")
    m = sc.model
    assert m.deck.count() == 0
    first, second = [c for c, _ in sc.pool_cards()][:2]
    click(app, pool_rect(sc, first).center)
    click(app, pool_rect(sc, first).center)
    assert m.copies(first) == 2
    click(app, pool_rect(sc, first).center, button=3)          # right-click takes one out
    assert m.copies(first) == 1
    drag(app, pool_rect(sc, second).center, (DECK.centerx, LIST.y + 120))
    assert m.copies(second) == 1
    minus, plus = sc.row_buttons(deck_row(sc, second))
    click(app, plus.center)
    click(app, plus.center)
    assert m.copies(second) == 3
    click(app, minus.center)
    assert m.copies(second) == 2
    drag(app, deck_row(sc, second).center, POOL.center)        # dragged back to the pool: one out
    assert m.copies(second) == 1
    assert [p.rule for p in m.problems()] == ["Deck of 40 cards"]


def test_live_checks_name_the_rule_and_clear_when_the_deck_is_legal():
    app = make_app()
    sc = builder(app, "aquarian_age")
    game = sc.model.game
    target = preconstructed(game)
    for cid in target.ids()[:39]:
        sc.add_card(cid)
    app.run_frames(1, DT)
    assert [p.rule for p in sc.model.problems()] == ["Deck of 40 cards"]
    last = target.ids()[39]
    while last not in [c for c, _ in sc.pool_cards()]:
        sc.pool_scroll += 1
    click(app, pool_rect(sc, last).center)
    assert sc.model.problems() == []
    for _ in range(4):
        click(app, pool_rect(sc, last).center)
    assert sorted(p.rule for p in sc.model.problems()) == ["Deck of 40 cards", "Four copies of a name"]


def test_search_and_a_filter_narrow_the_pool():
    app = make_app()
    sc = builder(app, "rush_duel")
    m = sc.model
    everything = len(m.shown())
    menu, facet = next(iter(sc.filter_menus.items()))
    value = m.filter_values(facet)[1]
    app.ui.process_events(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=f"{facet}: {value}",
                                             ui_element=menu))
    sc.on_ui(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=f"{facet}: {value}", ui_element=menu))
    some = m.shown()
    assert 0 < len(some) < everything and all(str(m.facets[c][facet]) == value for c in some)
    name = m.names[some[0]]
    typed(app, sc.search, name)
    assert some[0] in m.shown() and len(m.shown()) < len(some)
    assert all(name.casefold() in m._text[c] for c in m.shown())


def test_hovering_a_card_zooms_it_over_the_pool_away_from_the_pointer():
    from tabletop.ui.deckbuilder_view import ZOOM_W

    app = make_app()
    sc = builder(app, "riftbound")
    sc.open_item("Preconstructed: " + next(iter(sc.model.game.decks)))
    app.run_frames(1, DT)
    cid, r = sc.pool_cards()[0]                      # the first card: the left half of the pool
    move(app, r.center)
    app.run_frames(1, DT)
    assert sc.hover == (cid, "pool")
    zoom = sc.art.zoom(cid)
    x, y = POOL.right - ZOOM_W - 20, POOL.y + 8      # drawn on the right half, the deck panel left clear
    for p in ((165, 60), (165, 300), (40, 440)):
        assert app.canvas.get_at((x + p[0], y + p[1]))[:3] == zoom.get_at(p)[:3]
    row_cid = next(c for _k, c, _n, _r in sc.deck_rows() if c is not None)
    move(app, deck_row(sc, row_cid).center)           # a card of the deck list: zoomed too
    app.run_frames(1, DT)
    assert sc.hover == (row_cid, "deck")
    zoom = sc.art.zoom(row_cid)
    assert app.canvas.get_at((x + 165, y + 300))[:3] == zoom.get_at((165, 300))[:3]


def test_save_offers_the_deck_in_new_game_and_plays_it(tmp_path):
    app = make_app()
    sc = builder(app, "riftbound")
    game = sc.model.game
    sc.open_item("Preconstructed: " + list(game.decks)[1])
    app.run_frames(1, DT)
    typed(app, sc.name_entry, " mine")
    press(app, sc, "save")
    folder = Path(os.environ["TABLETOP_DECKS"]) / "riftbound"
    files = list(folder.glob("*.txt"))
    assert len(files) == 1
    saved = parse_deck(game, files[0].read_text())
    assert saved.name == list(game.decks)[1] + " mine" and game.check_deck(saved) == []
    app.reset_to(MenuScene(app))
    app.settings.last_game = "riftbound"
    ng = NewGameScene(app, "riftbound")
    app.push(ng)
    app.run_frames(2, DT)
    item = f"{saved.name} (your deck)"
    assert item in ng.deck_menus[0].options_list or item in [o[0] if isinstance(o, tuple) else o for o in ng.deck_menus[0].options_list]
    ng.decks[0] = item
    ng.start()
    app.run_frames(2, DT)
    table = app.top
    match = table.ctl.match
    assert match.setup["players"][0]["cards"] == saved.ids([k for k, _ in game.deck_sections])


def test_new_game_refuses_a_deck_that_breaks_a_rule_naming_it():
    from tabletop import userdecks

    app = make_app()
    game = get_game("rush_duel")
    deck = preconstructed(game)
    deck.name = "Short"
    deck.sections["main"] = deck.sections["main"][:30]
    userdecks.save_deck(game, deck)
    ng = NewGameScene(app, "rush_duel")
    app.push(ng)
    app.run_frames(2, DT)
    ng.decks[0] = "Short (your deck)"
    ng.start()
    assert isinstance(app.top, NewGameScene)
    assert "Main Deck (40 to 60 cards)" in app.toast_text and "Short" in app.toast_text


def test_delete_asks_then_removes_the_file():
    from tabletop import userdecks

    app = make_app()
    game = get_game("lumen_condenser")
    deck = preconstructed(game)
    deck.name = "Gone soon"
    path = userdecks.save_deck(game, deck)
    sc = builder(app, "lumen_condenser")
    item = next(i for i in sc.open_items if "Gone soon" in i)
    sc.open_item(item)
    app.run_frames(1, DT)
    press(app, sc, "delete")
    kind, win = sc.dialog
    assert kind == "delete" and path.exists()
    click(app, win.yes_button.rect.center)
    app.run_frames(2, DT)
    assert not path.exists() and sc.model.deck.count() == 0


def _pick_in_file_dialog(app, sc, path):
    kind, win = sc.dialog
    win.file_path_text_line.set_text(str(path))
    app.run_frames(1, DT)
    win.current_file_path = Path(path)
    win.ok_button.enable()
    click(app, win.ok_button.rect.center)
    app.run_frames(2, DT)


def test_export_then_import_through_the_file_dialog(tmp_path):
    app = make_app()
    sc = builder(app, "rush_duel")
    game = sc.model.game
    sc.open_item("Preconstructed: " + list(game.decks)[2])
    app.run_frames(1, DT)
    press(app, sc, "export_list")
    out = tmp_path / "fusion.txt"
    _pick_in_file_dialog(app, sc, out)
    assert sc.dialog is None and out.exists()
    assert sorted(parse_deck(game, out.read_text()).ids()) == sorted(game.decks[list(game.decks)[2]])
    # import a Riftbound list: the builder switches to that game
    rb = get_game("riftbound")
    other = tmp_path / "rb.txt"
    other.write_text(format_deck(rb, preconstructed(rb)))
    press(app, sc, "import_list")
    _pick_in_file_dialog(app, sc, other)
    sc = app.top
    assert sc.gid == "riftbound" and sorted(sc.model.deck.ids()) == sorted(preconstructed(rb).ids())


def test_importing_a_bad_file_says_why_and_keeps_the_deck(tmp_path):
    app = make_app()
    sc = builder(app, "aquarian_age")
    sc.add_card(sc.model.pool[0])
    bad = tmp_path / "bad.txt"
    bad.write_text("Game: aquarian_age\n4 Nobody Special\n")
    assert not sc.do_import(bad)
    assert "bad.txt" in app.toast_text and "Nobody Special" in app.toast_text
    assert sc.model.deck.ids() == [sc.model.pool[0]]


@pytest.mark.parametrize("gid", ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"])
def test_no_text_smaller_than_11_px_at_1280x720(gid):
    """One frame of the builder with a deck open, a broken rule and a zoomed
    card: the smallest text drawn is at least 11 px on screen."""
    from tabletop.ui import gfx

    app = make_app(size=(1280, 720))
    try:
        sc = DeckBuilderScene(app, gid)
        app.push(sc)
        sc.open_item("Preconstructed: " + next(iter(sc.model.game.decks)))
        sc.add_card(sc.model.deck.ids()[0])
        move(app, sc.pool_cards()[0][1].center)
        gfx.reset_caches()
        sc.art._cache.clear()
        sc.art._by_card.clear()
        gfx.record_sizes(True)
        app.run_frames(1, DT)
        sizes = gfx.record_sizes(False)
    finally:
        pygame.quit()
        gfx.reset_caches()
        gfx.set_display_scale(1.0)
    assert len(sizes) > 50
    smallest = min(sizes)
    assert smallest[0] >= 11.0 - 1e-6, f"{smallest[1]!r} drawn {smallest[0]:.1f} px"


def test_leaving_with_an_unsaved_deck_asks_first():
    app = make_app()
    sc = builder(app, "rush_duel")
    press(app, sc, "leave")                       # nothing built: leaves at once
    assert isinstance(app.top, MenuScene)
    sc = builder(app, "rush_duel")
    click(app, pool_rect(sc, sc.pool_cards()[0][0]).center)
    press(app, sc, "leave")
    kind, win = sc.dialog
    assert kind == "leave" and app.top is sc
    click(app, win.no_button.rect.center)
    app.run_frames(2, DT)
    assert sc.dialog is None and app.top is sc and sc.model.deck.count() == 1
    press(app, sc, "leave")
    click(app, sc.dialog[1].yes_button.rect.center)
    app.run_frames(2, DT)
    assert isinstance(app.top, MenuScene)


def test_replacing_an_unsaved_deck_asks_first(tmp_path):
    """Import and the Open menu replace the deck being built: with unsaved
    changes they ask first; No keeps the deck, Replace goes on."""
    app = make_app()
    sc = builder(app, "rush_duel")
    game = sc.model.game
    first = sc.pool_cards()[0][0]
    click(app, pool_rect(sc, first).center)
    assert sc.model.deck.ids() == [first] and sc.model.dirty
    press(app, sc, "import_list")
    kind, win = sc.dialog
    assert kind == "replace"
    click(app, win.no_button.rect.center)
    app.run_frames(2, DT)
    assert sc.dialog is None and sc.model.deck.ids() == [first]
    # the Open menu asks too
    item = "Preconstructed: " + list(game.decks)[0]
    sc.on_ui(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=sc.open_menu,
                                selected_option_id=item, text=sc.open_label(item)))
    kind, win = sc.dialog
    assert kind == "replace" and sc.model.deck.ids() == [first]
    click(app, win.yes_button.rect.center)
    app.run_frames(2, DT)
    assert sc.dialog is None and sorted(sc.model.deck.ids()) == sorted(game.decks[list(game.decks)[0]])
    # changed again, it asks again; after Replace the file dialog opens
    click(app, pool_rect(sc, first).center)
    listed = tmp_path / "list.txt"
    listed.write_text(format_deck(game, preconstructed(game)))
    press(app, sc, "import_list")
    click(app, sc.dialog[1].yes_button.rect.center)
    app.run_frames(2, DT)
    assert sc.dialog[0] == "import"
    _pick_in_file_dialog(app, sc, listed)
    assert sorted(sc.model.deck.ids()) == sorted(preconstructed(game).ids())
