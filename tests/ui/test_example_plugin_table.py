"""The example plugin's table (examples/tidecall), installed through the
``tabletop.games`` entry point: it opens headless, a creature is dragged to
the field, a spell onto its target, a block is dragged, and a frame renders."""

import importlib
import sys

import pygame
import pytest

from tabletop.engine import registry
from tabletop.saves import Match
from test_example_plugin import install_plugin
from uihelp import DT, click, make_app, perform, settle


@pytest.fixture(scope="module")
def tidecall(tmp_path_factory):
    paths = install_plugin(tmp_path_factory.mktemp("site"))
    sys.path[:0] = paths
    importlib.invalidate_caches()
    registry.refresh()
    yield registry.get_game("tidecall")
    for p in paths:
        sys.path.remove(p)
    registry.refresh()


def _open(match, **kw):
    app = make_app(confirmations=False, **kw)
    table = app.start_match(match, ("human", "human"))
    app.run_frames(2, DT)
    if table.handoff_for is not None:
        click(app, (800, 450))
    return app, table


def _iid(state, zone, card_id):
    return next(c["iid"] for c in state.view(None)["zones"][zone] if c["card"] == card_id)


POSITION = {"turn": 3, "phase": "main", "players": [
    {"deck": ["reef_crab", "kelp_lurker"], "hand": ["brine_bolt", "tide_warden"], "field": ["kelp_lurker"]},
    {"deck": ["reef_crab", "reef_crab"], "hand": ["undertow"], "field": ["reef_crab", "tide_warden"]}]}


def test_a_creature_is_dragged_from_the_hand_to_the_field(tidecall, tmp_path):
    match = Match(tidecall, tidecall.default_setup(), 3)
    app, table = _open(match, autopass_stop="always")
    summon = next(c for c in match.state.legal_choices(0) if c.kind == "summon")
    assert table.plan(summon)[0] == "drag"
    perform(app, table, summon)
    app.run_frames(30, DT)
    assert [tuple(x) for x in match.log] == [(0, summon.id)]
    assert summon.args["card"] in [c["iid"] for c in match.state.view(0)["zones"]["p0.field"]]
    out = tmp_path / "tidecall.png"
    pygame.image.save(app.window, str(out))
    shot = pygame.image.load(str(out))
    assert shot.get_size() == app.window.get_size()
    field = next(z for z in table.layout.zones if z.key == "self.field")
    colours = {tuple(shot.get_at(app.to_window((x, field.rect.centery)))[:3]) for x in range(field.rect.left, field.rect.right, 8)}
    assert len(colours) > 3, "the field row drew nothing"


def test_a_spell_is_dragged_onto_its_target_and_a_block_onto_the_attacker(tidecall):
    match = Match(tidecall, {"position": POSITION, "players": [{"name": "Ann"}, {"name": "Bo"}]}, 5)
    app, table = _open(match, autopass_stop="always")
    state = match.state
    crab, warden = _iid(state, "p1.field", "reef_crab"), _iid(state, "p1.field", "tide_warden")
    bolt = next(c for c in state.legal_choices(0) if c.kind == "cast" and c.args["target"] == crab)
    plan = table.plan(bolt)
    assert plan[0] == "drag" and plan[2] == (table.sprites[crab].x, table.sprites[crab].y)
    perform(app, table, bolt)
    settle(app, table)
    assert tuple(match.log[-1]) == (0, bolt.id)
    assert [c["card"] for c in match.state.view(None)["zones"]["p1.discard"]] == ["reef_crab"]
    # to battle; the lurker attacks and the opponent blocks with the warden by dragging it
    perform(app, table, next(c for c in match.state.legal_choices(0) if c.role == "end"))
    settle(app, table)
    perform(app, table, next(c for c in match.state.legal_choices(0) if c.kind == "attack"))
    settle(app, table)
    block = next(c for c in match.state.legal_choices(1) if c.kind == "block" and c.args["card"] == warden)
    assert table.plan(block)[0] == "drag"
    perform(app, table, block)
    settle(app, table)
    assert (1, block.id) in [tuple(x) for x in match.log]
    zones = match.state.view(None)["zones"]
    assert [c["card"] for c in zones["p0.discard"]] == ["brine_bolt", "kelp_lurker"]
    assert [c["card"] for c in zones["p1.field"]] == ["tide_warden"]
    app.run_frames(5, DT)
