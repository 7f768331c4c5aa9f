"""The Rules screen, driven through the real app: opened from the table's
menu and F1, searched, scrolled, and opened at the rule a refusal, the log or
the step banner names."""

import pygame

from tabletop.engine.core import Event
from tabletop.ui import gfx
from tabletop.ui.rules_reference import LEFT, SEARCH, RulesScene, open_rules_reference
from tabletop.ui.table import TableScene
from uihelp import DT, click, drag, key, make_app, move, perform, start


def _button(app, scene, label):
    for b in scene.actions:
        if b.text == label:
            return b
    raise AssertionError(f"no button {label!r} in {[b.text for b in scene.actions]}")


def test_the_table_menu_opens_the_rules_and_back_returns_to_the_table():
    app, table = start("rush_duel", seed=3)
    key(app, pygame.K_ESCAPE)
    assert table.menu_open
    click(app, _button(app, table, "Rules").rect.center)
    app.run_frames(2, DT)  # the button's press reaches the scene on the next frame
    scene = app.top
    assert isinstance(scene, RulesScene)
    assert scene.ref.title == "Rush Duel rules"
    assert "Advance Summon (tributes)" in scene.entry_titles() and "Piercing" in scene.entry_titles()
    # a contents row opens its entry
    i = next(i for i, (k, e) in enumerate(scene.rows) if k == "entry" and e.id == "turn")
    click(app, scene.row_rect(i).center)
    assert scene.entry.id == "turn"
    key(app, pygame.K_ESCAPE)
    assert app.top is table and not table.menu_open


def test_f1_opens_the_rules_and_search_finds_a_keyword():
    app, table = start("riftbound", seed=3)
    key(app, pygame.K_F1)
    scene = app.top
    assert isinstance(scene, RulesScene) and scene.ref.title == "Riftbound rules"
    click(app, SEARCH.center)
    for ch in "tank":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(dt=DT)
    app.run_frames(2, DT)
    assert scene.query == "tank"
    assert scene.entry_titles()[0] == "Tank" and scene.entry.title == "Tank"
    assert "Combat damage: assignment" in scene.entry_titles()  # the rule that speaks of Tank
    assert "Burn Out" not in scene.entry_titles()
    # the keyword's page links to the rule that uses it
    assignment = scene.ref.get("assignment")
    r = scene.link_rect(assignment)
    assert r is not None
    click(app, r.center)
    assert scene.entry.id == "assignment"
    # and the contents row of a result opens it too
    i = next(i for i, (k, e) in enumerate(scene.rows) if k == "entry" and e.id == "kw-tank")
    click(app, scene.row_rect(i).center)
    assert scene.entry.id == "kw-tank"
    key(app, pygame.K_ESCAPE)  # Esc leaves even with the keys in the search box
    assert app.top is table


def test_a_refusal_links_to_its_rule():
    app, table = start("rush_duel", seed=3)
    hand = table.view["zones"]["p0.hand"]
    big = next(c for c in hand if not table.choices_of_card(c["iid"]))  # a level 8 monster, no tributes
    sp = table.sprites[big["iid"]]
    drag(app, sp.rect().center, (sp.rect().centerx, sp.rect().centery - 300))
    app.run_frames(2, DT)
    assert "Advance Summon" in app.toast_text
    label, _ = app.toast_link
    assert label == "Rule: Advance Summon (tributes)"
    r = app._toast_link_rect
    assert r is not None
    click(app, r.center)
    scene = app.top
    assert isinstance(scene, RulesScene) and scene.entry.id == "advance-summon"
    assert app.toast_t <= 0  # the refusal was read
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_a_rule_in_the_log_opens_its_entry():
    app, table = start("rush_duel", seed=3)
    d = table.ctl.state.decision
    summon = next(c for c in d.choices_for(0) if c.kind == "summon")
    perform(app, table, summon)
    app.run_frames(30, DT)
    assert table.log_links, "the log shows rule names that open an entry"
    rect, name = next((r, n) for r, n in table.log_links if "Normal Summon" in n)
    move(app, rect.center)
    click(app, rect.center)
    scene = app.top
    assert isinstance(scene, RulesScene) and scene.entry.id == "normal-summon"


def test_the_banner_rule_opens_its_entry():
    app, table = start("rush_duel", seed=3)
    ev = Event("battle.damage", "Ridgeback Wolf destroys Cinderling", "seed 3.3.2.1 (higher ATK)", {})
    table.banner = [ev, 0.0, 10.0]
    app.step(dt=DT)
    assert table.banner_link is not None
    rect, name = table.banner_link
    assert "Attacking a monster in Attack Position" in name
    click(app, rect.center)
    assert isinstance(app.top, RulesScene) and app.top.entry.id == "attack-vs-attack"


def test_scrolling_a_long_entry_and_the_contents():
    app = make_app()
    table_less = open_rules_reference(app, "lumen_condenser", "Battle Phase (5.3)")
    scene = app.top
    assert scene is table_less and scene.entry.id == "battle"
    app.run_frames(2, DT)
    assert scene.max_scroll() >= 0
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll()
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    move(app, LEFT.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    app.step(dt=DT)
    assert scene.list_scroll > 0


def test_every_game_opens_at_a_rule_name_and_an_unknown_game_says_so():
    app = make_app()
    for gid, name, eid in [("rush_duel", "Maximum Summon", "maximum"), ("riftbound", "Showdowns: focus", "focus"),
                           ("lumen_condenser", "Catch Time (5.3.10)", "catch"),
                           ("aquarian_age", "Guard declaration (A.7.23)", "guard")]:
        scene = open_rules_reference(app, gid, name)
        assert scene is not None and scene.entry.id == eid, gid
        app.run_frames(2, DT)
        app.pop()
    assert open_rules_reference(app, "mini") is None
    assert "no rules reference" in app.toast_text


def test_no_text_smaller_than_11px_at_1280x720():
    app = make_app(size=(1280, 720))
    open_rules_reference(app, "aquarian_age", "Breakthrough")
    gfx.record_sizes(True)
    app.run_frames(2, DT)
    sizes = gfx.record_sizes(False)
    assert sizes and min(px for px, _ in sizes) >= 11.0 - 1e-6


def test_the_table_still_has_its_menu_entries():
    app, table = start("rush_duel", seed=3)
    assert isinstance(table, TableScene)
    key(app, pygame.K_ESCAPE)
    labels = [b.text for b in table.actions]
    assert labels[:1] == ["Resume"] and "Rules" in labels and "Settings" in labels
