"""The Riftbound, Lumen Condenser and Aquarian Age tables: group drags, the
timed countdown, power-card and break drags, and their layouts."""

import pygame
import pytest

from tabletop.engine.registry import get_game
from tabletop.saves import Match
from uihelp import DT, click, drag, make_app, move, post


def _open(match, seats=("human", "human"), **kw):
    app = make_app(**kw)
    table = app.start_match(match, seats)
    app.run_frames(2, DT)
    if table.handoff_for is not None:
        click(app, (800, 450))
    return app, table


def _iid(state, zone, card_id):
    for c in state.view(None)["zones"][zone]:
        if c.get("card") == card_id:
            return c["iid"]
    raise AssertionError(f"{card_id} not in {zone}")


def _kinds(match, start=0):
    return [cid.split("(")[0] for _, cid in match.log[start:]]


# -- Riftbound: select several ready units, drag them as a group -------------------------------------------
RB_POS = {
    "turn": 3, "active": 0, "first": 0, "phase": "main",
    "battlefields": ["BF-CROSS", "BF-ORCHARD"], "control": [-1, -1],
    "players": [
        {"name": "Ann", "legend": "LG-KESTRA", "champion": "CH-KESTRA", "hand": ["B-S01"],
         "deck": ["B-U06", "F-U02", "B-S02", "F-U05", "B-U03", "F-S01"],
         "runes": ["RN-FURY", "RN-BODY"], "runedeck": ["RN-BODY", "RN-FURY", "RN-BODY", "RN-FURY"],
         "base": ["B-U01", "B-U02", "B-U03"]},
        {"name": "Bo", "legend": "LG-ORRIN", "champion": "CH-ORRIN", "hand": ["C-U05"],
         "deck": ["M-U02", "C-U03", "C-U07", "M-U03", "C-U05", "M-U05"],
         "runes": ["RN-CALM", "RN-MIND"], "runedeck": ["RN-MIND", "RN-CALM", "RN-MIND", "RN-CALM"],
         "base": []},
    ],
}


def _rb_match():
    return Match(get_game("riftbound"), {"position": RB_POS, "players": [{"name": "Ann"}, {"name": "Bo"}]}, 3)


def test_riftbound_group_drag_becomes_move_then_add_then_done():
    m = _rb_match()
    app, table = _open(m)
    st = m.state
    a, b, c = (_iid(st, "p0.base", x) for x in ("B-U01", "B-U02", "B-U03"))
    assert table.selectable(a) and table.selectable(b)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        click(app, (table.sprites[a].x, table.sprites[a].y))
    finally:
        pygame.key.set_mods(0)
    # once a group is being picked a plain click toggles too
    click(app, (table.sprites[b].x, table.sprites[b].y))
    assert table.selected == [a, b]
    app.run_frames(2, DT)
    bf0 = next(z for z in table.layout.zones if z.key == "self.bf0")
    n = len(m.log)
    drag(app, (table.sprites[b].x, table.sprites[b].y), bf0.rect.center)
    app.run_frames(20, DT)
    log = m.log[n:]
    assert [cid.split("(")[0] for _, cid in log[:3]] == ["move", "move_add", "move_done"], log
    assert f"card={b}" in log[0][1] and "to=p0.bf0" in log[0][1]
    assert f"card={a}" in log[1][1]
    v = m.state.view(0)["zones"]
    at_bf = {x["iid"] for x in v["p0.bf0"]}
    assert {a, b} <= at_bf and c not in at_bf
    assert c in {x["iid"] for x in v["p0.base"]}
    assert table.selected == [] and not table.group_active


def test_riftbound_single_drag_without_a_group_leaves_the_follow_up_to_the_player():
    m = _rb_match()
    app, table = _open(m)
    a = _iid(m.state, "p0.base", "B-U01")
    bf1 = next(z for z in table.layout.zones if z.key == "self.bf1")
    drag(app, (table.sprites[a].x, table.sprites[a].y), bf1.rect.center)
    app.run_frames(5, DT)
    assert _kinds(m) == ["move"]
    assert m.state.decision.kind == "move_with"  # the add/done buttons are now the player's
    assert {b.payload.kind for b in table.bar_buttons if b.payload is not None} >= {"move_add", "move_done"}


def test_riftbound_layout_shows_every_zone_and_the_state_labels():
    m = _rb_match()
    app, table = _open(m)
    keys = {table.zone_key(z) for z in table.layout.zones}
    for p in (0, 1):
        for z in ("base", "bf0", "bf1", "legend", "champion", "runes", "deck", "runedeck", "trash", "hand"):
            assert f"p{p}.{z}" in keys
    assert {"shared.bf0", "shared.bf1", "shared.chain"} <= keys
    paths = {lb.path for lb in table.layout.labels}
    assert {"extra.state_text", "extra.priority", "extra.focus"} <= paths
    assert any(c.key == "points" and c.max == 8 for c in table.layout.counters)
    # zones never overlap each other
    zs = table.layout.zones
    for i, z in enumerate(zs):
        for w in zs[i + 1:]:
            assert not z.rect.colliderect(w.rect), (z.key, w.key)


# -- Lumen Condenser: the timed countdown ----------------------------------------------------------------
def _lumen_ready_match(timed=True):
    from tabletop.ai.agents import GreedyAgent
    game = get_game("lumen_condenser")
    setup = game.default_setup()
    setup["timed"] = timed
    m = Match(game, setup, 5)
    ag = GreedyAgent(1)
    for _ in range(200):
        d = m.state.decision
        if d.kind == "ready" and len(d.players) == 2:
            return m
        m.apply(ag.choose(m.state, d.players[0]))
    raise AssertionError("no ready phase")


def test_lumen_timed_countdown_runs_out_and_applies_the_timeout():
    m = _lumen_ready_match()
    app, table = _open(m, speed="instant")
    assert table.viewer == 0
    pick = next(c for c in m.state.decision.choices_for(0) if c.kind == "ready")
    table.apply_choice(pick, confirm=False)
    app.run_frames(3, DT)
    assert table.handoff_for == 1  # at one screen the hand-off hides player 1's pick
    click(app, (800, 450))
    app.run_frames(2, DT)
    assert table.viewer == 1 and table.countdown is not None
    assert not [b for b in table.bar_buttons if b.payload is not None and b.payload.kind == "timeout"]
    n = len(m.log)
    for _ in range(18):           # 9 seconds: not yet
        app.step(dt=0.5)
    assert len(m.log) == n and 0 < table.countdown[1] <= 1.05
    for _ in range(4):
        app.step(dt=0.5)
    assert m.log[n][0] == 1 and m.log[n][1].startswith("timeout"), m.log[n:]
    assert m.state.view(None)["players"][1]["counters"]["no_response"] == 1


def test_lumen_untimed_play_has_no_countdown_and_new_game_offers_timed_play():
    m = _lumen_ready_match(timed=False)
    app, table = _open(m)
    app.run_frames(3, DT)
    assert table.countdown is None
    from tabletop.ui.scenes import NewGameScene
    app.reset_to(NewGameScene(app, "lumen_condenser"))
    app.run_frames(2, DT)
    scene = app.top
    b = scene.option_buttons["timed"]
    assert "off" in b.text
    click(app, b.rect.center)
    app.run_frames(2, DT)
    assert app.top.options["timed"] is True
    app.top.start()
    app.run_frames(2, DT)
    assert app.top.ctl.match.setup["timed"] is True


def test_lumen_ready_pick_is_tagged_for_its_owner_and_hidden_from_the_other():
    m = _lumen_ready_match(timed=False)
    app, table = _open(m)
    pick = next(c for c in m.state.decision.choices_for(0) if c.kind == "ready")
    table.apply_choice(pick, confirm=False)
    app.run_frames(3, DT)
    click(app, (800, 450))
    app.run_frames(2, DT)
    assert table.viewer == 1
    v = table.view
    assert v["extra"]["ready"]["mine"] is None and v["extra"]["ready"]["declared"][0]
    assert pick.args["card"] not in {c.get("iid") for cs in v["zones"].values() for c in cs}
    marks = [mk for mk in table.layout.marks if mk.zone]
    assert marks and table._path_raw(marks[0].path)  # the face-down placeholder shows in the opponent's battle zone


# -- Aquarian Age: power cards and breaks are drags onto a character -----------------------------------------
AQ_POWER = {
    "turn": 4, "active": 0, "first": 0, "phase": "power",
    "players": [
        {"name": "Ann", "deck": ["EGO-05", "ARA-01", "EGO-J1", "WIZ-J2", "EGO-06"],
         "hand": ["EGO-J1", "ARA-01"], "dominion": [{"card": "EGO-08", "power": ["ARA-J2"]}, "EGO-04"],
         "faction": {"ego": ["EGO-01"]}},
        {"name": "Bo", "deck": ["EGO-05", "ARA-01", "EGO-J1", "WIZ-J2", "EGO-06"], "hand": ["ARA-03"],
         "dominion": [], "faction": {"ego": ["EGO-07"]}},
    ],
}


def test_aquarian_power_card_is_a_drag_from_hand_onto_a_character():
    m = Match(get_game("aquarian_age"), {"position": AQ_POWER}, 2)
    app, table = _open(m)
    d = m.state.decision
    assert d.kind == "power"
    host = _iid(m.state, "p0.dominion", "EGO-04")
    c = next(c for c in d.choices_for(0) if c.kind == "power" and c.args["target"] == host)
    plan = table.plan(c)
    assert plan[0] == "drag"
    drag(app, plan[1], plan[2])
    app.run_frames(10, DT)
    assert m.log[-1][1] == c.id
    host_card = next(x for x in m.state.view(0)["zones"]["p0.dominion"] if x["iid"] == host)
    assert len(host_card["attached"]) == 1 and host_card["counters"]["power"] == 1


BREAK_POS = {
    "turn": 5, "active": 0, "first": 0, "phase": "main",
    "players": [
        {"name": "Ann", "deck": ["EGO-05", "ARA-01", "EGO-J1", "WIZ-J2", "EGO-06", "ARA-F1"],
         "hand": ["ARA-B1", "EGO-B2", "EGO-B1", "EGO-B3", "EGO-05"],
         "dominion": [{"card": "EGO-08", "power": ["ARA-J2", "WIZ-J1"]}, {"card": "EGO-04", "power": ["DKL-J2"]}],
         "faction": {"ego": ["EGO-01"]}},
        {"name": "Bo", "deck": ["EGO-05", "ARA-01", "EGO-J1", "WIZ-J2", "EGO-06"], "hand": ["ARA-03", "EGO-J2"],
         "dominion": [{"card": "EGO-03", "power": ["ARA-J2"]}], "faction": {"ego": ["EGO-07"]}},
    ],
}


def test_aquarian_break_is_a_drag_onto_its_target_with_the_legal_targets_lit():
    from tabletop.ui import gfx
    m = Match(get_game("aquarian_age"), {"position": BREAK_POS}, 0)
    app, table = _open(m)
    card = _iid(m.state, "p0.hand", "EGO-B2")
    want = {c.args["target"] for c in m.state.decision.choices_for(0) if c.kind == "break" and c.args["card"] == card}
    assert want
    sp = table.sprites[card]
    a = (sp.x, sp.y)
    move(app, a)
    post(app, pygame.MOUSEBUTTONDOWN, a, button=1)
    app.step(dt=DT)
    for i in range(1, 5):
        post(app, pygame.MOUSEMOTION, (a[0], a[1] - 30 * i), rel=(0, -1), buttons=(1, 0, 0))
        app.step(dt=DT)
    assert table.held is not None
    assert table.lit_for(card)[1] == want
    app.step(dt=DT)
    for t in want:  # each legal target has the target outline on screen
        r = table.sprites[t].rect().inflate(10, 10)
        assert tuple(app.window.get_at((r.x + 1, r.centery)))[:3] == gfx.TARGET
    target = _iid(m.state, "p0.dominion", "EGO-04")
    tsp = table.sprites[target]
    for i in range(1, 6):
        post(app, pygame.MOUSEMOTION, (tsp.x, tsp.y), rel=(1, 1), buttons=(1, 0, 0))
        app.step(dt=DT)
    post(app, pygame.MOUSEBUTTONUP, (tsp.x, tsp.y), button=1)
    app.step(dt=DT)
    app.run_frames(10, DT)
    assert m.log[-1][1].startswith("break(") and f"target={target}" in m.log[-1][1] and f"card={card}" in m.log[-1][1]


def test_the_count_of_attached_cards_is_drawn_over_its_card(monkeypatch):
    """EGO-04 holds one power card: its "1 under" label sits partly on the
    card's bottom edge, and the card is drawn before it, never over it."""
    from tabletop.ui import card_draw

    m = Match(get_game("aquarian_age"), {"position": BREAK_POS}, 0)
    labels = {}
    real = card_draw.draw_attached_count

    def spy(surf, r, attached):
        br = real(surf, r, attached)
        if br is not None:
            labels[tuple(r)] = (br, len(attached))
        return br

    monkeypatch.setattr(card_draw, "draw_attached_count", spy)
    app, table = _open(m)
    app.run_frames(2, DT)
    host = table.sprites[_iid(m.state, "p0.dominion", "EGO-04")]
    r = host.rect()
    br, n = labels[tuple(r)]
    assert n == 1
    assert br.top < r.bottom < br.bottom and br.top >= r.bottom - 4  # on the edge, clear of the stats
    for y in range(br.top + 3, br.bottom - 3):  # the label's own colour, down its left side
        assert tuple(app.window.get_at((br.x + 2, y)))[:3] == (30, 40, 70), y


def test_aquarian_layout_has_a_stack_per_faction_and_the_damage_track():
    m = Match(get_game("aquarian_age"), {"position": BREAK_POS}, 0)
    app, table = _open(m)
    keys = {table.zone_key(z): z for z in table.layout.zones}
    for p in (0, 1):
        for f in ("ego", "arayashiki", "wizdom", "darklore", "eraser"):
            assert keys[f"p{p}.faction.{f}"].kind == "stack" and keys[f"p{p}.faction.{f}"].show_count
        for z in ("dominion", "damage", "deck", "discard", "hand"):
            assert f"p{p}.{z}" in keys
    dmg = [c for c in table.layout.counters if c.key == "damage"]
    assert len(dmg) == 2 and all(c.max == 10 for c in dmg)


# -- the table in general ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["riftbound", "lumen_condenser", "aquarian_age", "rush_duel"])
def test_layouts_fit_the_play_area(game_id):
    from tabletop.ui.layout import PLAY_RECT, load_layout
    lay = load_layout(get_game(game_id))
    for item in list(lay.zones) + list(lay.counters) + list(lay.labels):
        assert PLAY_RECT.contains(item.rect), (game_id, getattr(item, "key", getattr(item, "path", "")))


def test_card_counters_leave_the_printed_stats_line_clear():
    """Rush Duel: the ATK/DEF pills of a monster sit on its picture, not on the
    stats line at the card's bottom."""
    from tabletop.ui.table import TableScene
    m = Match.new(get_game("rush_duel"), seed=3)
    app, table = _open(m)
    surf = pygame.Surface((400, 400))
    r = pygame.Rect(100, 100, 84, 118)
    surf.fill((0, 0, 0))
    TableScene._draw_card_counters(table, surf, r, {"atk": 1500, "def": 1200}, None)
    bottom = pygame.Rect(r.x, r.bottom - int(r.h * 0.15), r.w, int(r.h * 0.15))
    assert all(surf.get_at((x, y))[:3] == (0, 0, 0) for x in range(bottom.x, bottom.right, 3) for y in range(bottom.y, bottom.bottom, 3))
    painted = [(x, y) for x in range(r.x, r.right + 6) for y in range(r.y, r.bottom) if surf.get_at((x, y))[:3] != (0, 0, 0)]
    assert painted  # the pills are drawn, higher up


def test_rows_give_sideways_cards_their_width():
    from tabletop.ui.layout import ZoneDef, place
    zd = ZoneDef("self.runes", "row", pygame.Rect(0, 0, 600, 90), scale=0.7)
    cards = [{"orient": "sideways"}, {"orient": "upright"}, {"orient": "sideways"}]
    spots = place(zd, cards, (70, 98))
    w, h = spots[0][2], spots[0][3]
    xs = [s[0] for s in spots]
    assert xs[1] - xs[0] >= h / 2 + w / 2 and xs[2] - xs[1] >= h / 2 + w / 2
