"""Rush Duel, rules version 2: the player chooses the zone (one choice per zone,
matched by the table's drop), rules-version-1 choice ids still replay, the
agents weigh one choice per outcome, and the log says each action once."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from games.rush_duel import GAME
from tabletop.ai.agents import make_agent
from tabletop.saves import Match
from tabletop.selfplay import selfplay_setup

sys.path.insert(0, str(Path(__file__).parent / "ui"))


def _pos(**kw):
    pos = {"turn": 3, "active": 0, "phase": "main",
           "p0": {"deck": ["M01", "M02", "M03"]}, "p1": {"deck": ["M01", "M02", "M03"]}}
    for k, v in kw.items():
        if k in ("p0", "p1"):
            pos[k].update(v)
        else:
            pos[k] = v
    return pos


def _iid(s, zone, card):
    return next(c["iid"] for c in s.view(None)["zones"][zone] if c["card"] == card)


def _slots(s, zone):
    return {c["slot"]: c["card"] for c in s.view(None)["zones"][zone]}


def test_one_summon_and_one_set_per_free_zone_named_in_words():
    s = GAME.from_position(_pos(p0={"hand": ["M04", "T01"], "monster": [{"card": "M06", "slot": 1}]}))
    wolf, snare = _iid(s, "p0.hand", "M04"), _iid(s, "p0.hand", "T01")
    ids = {c.id for c in s.legal_choices(0)}
    for k in (0, 2):
        assert f"summon(card={wolf},slot={k},to=p0.monster)" in ids
        assert f"set(card={wolf},slot={k},to=p0.monster)" in ids
    assert f"summon(card={wolf},slot=1,to=p0.monster)" not in ids
    assert {f"set(card={snare},slot={k},to=p0.spell)" for k in range(3)} <= ids
    labels = {c.id: c.label for c in s.legal_choices(0)}
    assert labels[f"summon(card={wolf},slot=2,to=p0.monster)"] == "Summon Ridgeback Wolf in the right Monster Zone"
    assert labels[f"set(card={snare},slot=1,to=p0.spell)"] == "Set Thunder Snare face down in the centre Spell & Trap Zone"


def test_rules_version_1_ids_mean_the_first_free_zone():
    s = GAME.from_position(_pos(p0={"hand": ["M04", "T01", "M11"], "monster": [{"card": "M06", "slot": 0}],
                                    "spell": [{"card": "T02", "slot": 0}]}))
    wolf, snare, warden = (_iid(s, "p0.hand", c) for c in ("M04", "T01", "M11"))
    # the old ids are not listed, yet found, as a save replays
    assert f"summon(card={wolf},to=p0.monster)" not in {c.id for c in s.legal_choices()}
    s.apply_id(f"summon(card={wolf},to=p0.monster)", 0)
    s.apply_id(f"set(card={snare},to=p0.spell)", 0)
    assert _slots(s, "p0.monster") == {0: "M06", 1: "M04"}
    assert _slots(s, "p0.spell") == {0: "T02", 1: "T01"}
    # an old advance summon picks its tribute afterwards, and takes the first free zone
    s.apply_id(f"summon(card={warden},to=p0.monster)", 0)
    assert s.decision.kind == "choose_tributes"
    s.apply_id(f"tribute(card={_iid(s, 'p0.monster', 'M04')})", 0)
    assert _slots(s, "p0.monster") == {0: "M06", 1: "M11"}
    b = GAME.from_position(_pos(turn=2, phase="battle", p0={"monster": ["M04"]}))
    att = _iid(b, "p0.monster", "M04")
    assert [c.id for c in b.legal_choices(0) if c.kind == "direct_attack"] == [f"direct_attack(card={att},to=p1.monster)"]
    b.apply_id(f"direct_attack(card={att})", 0)
    assert b.view(None)["players"][1]["counters"]["lp"] == 8000 - 1600


def test_agents_weigh_one_choice_per_outcome():
    # all three zones full: a level 5 monster may go onto each of the three monsters
    s = GAME.from_position(_pos(p0={"hand": ["M11", "M04"], "monster": ["M06", "M03", {"card": "M05", "face": "down"}]}))
    warden = _iid(s, "p0.hand", "M11")
    d = s.decision
    mine = [c for c in d.agent_choices(0) if c.args.get("card") == warden]
    assert sorted((c.kind, c.args["slot"]) for c in mine) == [(k, n) for k in ("set", "summon") for n in range(3)]
    # one free zone: the free zone only (its tributes are picked afterwards)
    s = GAME.from_position(_pos(p0={"hand": ["M11", "T01"], "monster": ["M06", "M03"]}))
    warden, snare = _iid(s, "p0.hand", "M11"), _iid(s, "p0.hand", "T01")
    d = s.decision
    assert len([c for c in d.choices if c.args.get("card") == warden]) == 6
    assert [(c.kind, c.args["slot"]) for c in d.agent_choices(0) if c.args.get("card") == warden] == [("summon", 2), ("set", 2)]
    assert [c.args["slot"] for c in d.agent_choices(0) if c.args.get("card") == snare] == [0]
    assert set(d.agent_choices(0)) <= set(d.choices)


def test_each_left_out_choice_does_what_a_kept_one_does():
    """In self-play positions: whatever a summon or set the agents leave out can
    end in (the tributes it still asks for picked), a kept one can end in too:
    the same cards in the same zones, slots aside."""
    def where(st):
        return tuple(sorted((z, c["card"], c["face"], c["orient"]) for z, cs in st.view(None)["zones"].items()
                            for c in cs if not z.endswith((".deck", ".hand"))))

    def ends(st, c):
        st = st.clone()
        st.apply(c)
        if st.decision is None or st.decision.kind != "choose_tributes":
            return {where(st)}
        out = set()
        for t in st.decision.choices:
            if t.kind == "tribute":
                out |= ends(st, t)
        return out

    checked = 0
    for seed in range(6):
        s = GAME.new_state(selfplay_setup(GAME, seed), seed)
        agent = make_agent("random", seed)
        for _ in range(150):
            d = s.decision
            if d is None:
                break
            if d.kind == "main_action":
                kept = d.agent_choices(d.players[0])
                for c in d.choices:
                    if c in kept or c.kind not in ("summon", "set"):
                        continue
                    reach = set()
                    for k in kept:
                        if k.kind == c.kind and k.args.get("card") == c.args["card"]:
                            reach |= ends(s, k)
                    assert ends(s, c) <= reach, c
                    checked += 1
            s.apply(agent.choose(s, d.players[0]))
    assert checked > 20


ZONE_KEY = re.compile(r"\bp[01]\.[a-z]+")


def test_the_log_says_each_action_once_and_names_no_zone_key():
    for seed in range(12):
        s = GAME.new_state(selfplay_setup(GAME, seed), seed)
        agent = make_agent("random", seed)
        last = None
        for _ in range(600):
            d = s.decision
            if d is None:
                break
            for c in d.choices:
                assert not ZONE_KEY.search(c.label), c.label
            for e in s.apply(agent.choose(s, d.players[0])):
                assert not ZONE_KEY.search(e.caption), e.caption
                if e.caption:
                    # the same words twice in a row only for two cards (two copies tributed)
                    line = (e.caption, e.data.get("card"))
                    assert line != last, line
                    last = line


def test_a_set_an_activation_and_a_summon_are_one_line_each():
    s = GAME.from_position(_pos(p0={"hand": ["T01", "M04", "S05"]}, p1={"monster": ["M03"]}))
    snare, wolf = _iid(s, "p0.hand", "T01"), _iid(s, "p0.hand", "M04")
    ev = s.apply(next(c for c in s.legal_choices(0) if c.kind == "set" and c.args["card"] == snare and c.args["slot"] == 2))
    assert [e.caption for e in ev if e.caption] == ["Player 1 sets a card face down in the right Spell & Trap Zone"]
    ev = s.apply(next(c for c in s.legal_choices(0) if c.kind == "summon" and c.args["card"] == wolf and c.args["slot"] == 1))
    lines = [e.caption for e in ev if e.caption]
    assert lines[0] == "Player 1 normal summons Ridgeback Wolf in attack position in the centre Monster Zone"
    assert not any("summons" in x for x in lines[1:])
    act = next(c for c in s.legal_choices(0) if c.kind == "activate")
    ev = s.apply(act)
    name = GAME.cards[s.table.card[act.args["card"]]]["name"]
    assert sum(1 for e in ev if e.caption and "activates" in e.caption) == 1, [e.caption for e in ev]
    assert any(e.caption == f"Player 1 activates {name}" for e in ev)


def test_the_table_drops_onto_the_chosen_zone_and_attacks_directly_onto_the_rival_field():
    from uihelp import DT, click, drag, make_app

    app = make_app()
    m = Match(GAME, {"position": _pos(p0={"hand": ["M04"], "monster": [{"card": "M06", "slot": 0}]})}, 0)
    table = app.start_match(m, ("human", "human"))
    app.run_frames(2, DT)
    if table.handoff_for is not None:
        click(app, (800, 450))
    wolf = _iid(m.state, "p0.hand", "M04")
    summon = next(c for c in m.state.legal_choices(0) if c.kind == "summon" and c.args["slot"] == 2)
    plan = table.plan(summon)
    assert plan[0] == "drag"
    drag(app, plan[1], plan[2])
    # the right zone: a summon or a set there, nothing about the other zones
    assert table.popup is not None
    assert sorted((c.kind, c.args["slot"]) for c in table.popup.choices) == [("set", 2), ("summon", 2)]
    i = [c.id for c in table.popup.choices].index(summon.id)
    click(app, table.popup.item_rect(i).center)
    app.run_frames(3, DT)
    assert _slots(m.state, "p0.monster") == {0: "M06", 2: "M04"}
    assert wolf in {c["iid"] for c in m.state.view(0)["zones"]["p0.monster"]}
    # a direct attack: dragged onto the rival's empty Monster Zones
    app2 = make_app()
    m2 = Match(GAME, {"position": _pos(turn=2, phase="battle", p0={"monster": ["M04"]})}, 0)
    table2 = app2.start_match(m2, ("human", "human"))
    app2.run_frames(2, DT)
    if table2.handoff_for is not None:
        click(app2, (800, 450))
    direct = next(c for c in m2.state.legal_choices(0) if c.kind == "direct_attack")
    plan = table2.plan(direct)
    assert plan[0] == "drag"
    drag(app2, plan[1], plan[2])
    app2.run_frames(3, DT)
    assert m2.log[-1][1] == direct.id or any(cid == direct.id for _, cid in m2.log)
    assert m2.state.view(None)["players"][1]["counters"]["lp"] == 8000 - 1600
