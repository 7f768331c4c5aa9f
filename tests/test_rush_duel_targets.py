"""Rush Duel targets: written in the kit's target format, checked when a card file
loads, resolved to the same cards, and put in words as the rules explanations say them."""

from __future__ import annotations

import pytest

from games.rush_duel import GAME
from games.rush_duel import carddb
from games.rush_duel.effects import check_card_target, target_text
from tabletop.engine.errors import CardFileError

SPELL = '''[[card]]
id = "A1"
name = "Alpha"
kind = "monster"
subtype = "normal"
level = 4
atk = 1000
def = 1000
attribute = "FIRE"
race = "Beast"
text = "x"

[[card]]
id = "S1"
name = "Sweep"
kind = "spell"
subtype = "normal"
target = {who = "opponent", zone = "monster", filter = {face = "up", max_level = 6}}
effect = [{op = "destroy", what = "target"}]
text = "y"
'''

TARGET = 'target = {who = "opponent", zone = "monster", filter = {face = "up", max_level = 6}}'


def test_a_well_formed_target_loads_as_written(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text(SPELL)
    cards, _ = carddb.load_card_file(path)
    assert cards["S1"]["target"] == {"who": "opponent", "zone": "monster", "filter": {"face": "up", "max_level": 6}}


@pytest.mark.parametrize("new,needle", [
    ('target = "opp_faceup_monster"', "'opp_faceup_monster' is not a target"),
    ('target = "opponent"', "names no card to choose"),
    ('target = {who = "rival", zone = "monster"}', "who must be"),
    ('target = {who = "opponent", zone = "graveyard"}', "zone must be one of monster, spell_trap"),
    ('target = {who = "opponent"}', "zone must be one of"),
    ('target = {who = "opponent", zone = "monster", side = "left"}', "no key 'side'"),
    ('target = {who = "opponent", zone = "monster", count = 2}', "one target"),
    ('target = {who = "opponent", zone = "monster", choose = false}', "chosen"),
    ('target = {who = "opponent", zone = "monster", filter = {colour = "red"}}', "filter key 'colour'"),
    ('target = {who = "opponent", zone = "monster", filter = {face = "sideways"}}', "face must be one of up, down"),
    ('target = {who = "opponent", zone = "monster", filter = {position = "def"}}', "position must be one of"),
    ('target = {who = "opponent", zone = "monster", filter = {max_level = "six"}}', "max_level must be an integer"),
    ('target = {who = "opponent", zone = "monster", filter = "face-up"}', "filter must be a table"),
    ('target = 3', "must be a table or text"),
])
def test_a_malformed_target_is_refused_naming_the_file_and_the_card(tmp_path, new, needle):
    path = tmp_path / "cards.toml"
    path.write_text(SPELL.replace(TARGET, new))
    with pytest.raises(CardFileError) as exc:
        carddb.load_card_file(path)
    msg = str(exc.value)
    assert str(path) in msg and "card 'S1'" in msg and "field 'target'" in msg and "line 18" in msg, msg
    assert needle in msg, msg


def test_a_malformed_mode_target_is_refused_naming_the_file_and_the_card(tmp_path):
    modes = ('modes = [{label = "Destroy", target = {who = "opponent", zone = "monster"}, effect = [{op = "destroy", what = "target"}]}, '
             '{label = "Break", target = "opp_spell_trap", effect = [{op = "destroy", what = "target"}]}]')
    text = SPELL.replace(TARGET + "\neffect = [{op = \"destroy\", what = \"target\"}]", modes)
    assert modes in text
    path = tmp_path / "cards.toml"
    path.write_text(text)
    with pytest.raises(CardFileError) as exc:
        carddb.load_card_file(path)
    msg = str(exc.value)
    assert str(path) in msg and "card 'S1'" in msg and "mode 2" in msg and "'opp_spell_trap' is not a target" in msg, msg


def test_extra_cards_in_a_position_are_checked_the_same_way():
    bad = {"id": "S99", "name": "Odd", "kind": "spell", "subtype": "normal", "text": "z",
           "target": {"who": "opponent", "zone": "hand"}, "effect": [{"op": "destroy", "what": "target"}]}
    with pytest.raises(CardFileError) as exc:
        carddb.index_extra([bad], GAME.cards)
    assert "'S99'" in str(exc.value) and "zone must be one of" in str(exc.value)


@pytest.mark.parametrize("target,words", [
    ({"who": "opponent", "zone": "monster"}, "a monster your opponent controls"),
    ({"who": "opponent", "zone": "monster", "filter": {"face": "up"}}, "a face-up monster your opponent controls"),
    ({"who": "opponent", "zone": "monster", "filter": {"face": "up", "position": "attack"}},
     "an attack-position monster your opponent controls"),
    ({"who": "self", "zone": "monster"}, "a monster you control"),
    ({"who": "self", "zone": "monster", "filter": {"face": "up", "race": "Machine"}}, "a face-up monster you control"),
    ({"who": "any", "zone": "monster", "filter": {"face": "up"}}, "a face-up monster on the field"),
    ({"who": "opponent", "zone": "spell_trap"}, "a spell or trap your opponent controls"),
])
def test_target_text_reads_as_the_rules_explanations_say_it(target, words):
    assert check_card_target(target) is None
    assert target_text(target) == words


def test_every_target_in_the_card_pool_is_well_formed():
    seen = 0
    for c in GAME.cards.values():
        for tg in [c.get("target")] + [m.get("target") for m in c["modes"]]:
            if tg is not None:
                assert check_card_target(tg) is None, c["id"]
                seen += 1
    assert seen >= 15


def _pos(**kw):
    pos = {"turn": 3, "active": 0, "phase": "main",
           "p0": {"deck": ["M01", "M02", "M03"]}, "p1": {"deck": ["M01", "M02", "M03"]}}
    for k, v in kw.items():
        pos[k].update(v) if k in ("p0", "p1") else pos.__setitem__(k, v)
    return pos


def _zone(s, zone):
    return [c["iid"] for c in s.view(None)["zones"][zone] if c is not None]


def test_face_and_filter_pick_the_same_monsters_in_zone_order():
    """Gust Repulse (S18): a face-up level 6 or lower monster your opponent controls;
    the face-down one and the level 7 one are not targets."""
    s = GAME.from_position(_pos(p0={"hand": ["S18"]},
                                p1={"monster": ["M04", {"card": "M10", "face": "down", "position": "def"}, "M13"]}))
    m04, _m10, _m13 = _zone(s, "p1.monster")
    acts = [c for c in s.decision.choices if c.kind == "activate" and c.player == 0]
    assert [c.args["target"] for c in acts] == [m04]
    tg = GAME.cards["S18"]["target"]
    assert s.targets(0, tg) == [m04]
    assert s.targets(0, {"who": "opponent", "zone": "monster"}) == _zone(s, "p1.monster")
    assert s.targets(0, {"who": "opponent", "zone": "monster", "filter": {"face": "down"}}) == [_m10]
    assert s.targets(0, {"who": "any", "zone": "monster"}) == _zone(s, "p1.monster")
    assert s.targets(1, {"who": "self", "zone": "monster", "filter": {"face": "up"}}) == [m04, _m13]


def test_why_not_names_the_missing_target_in_words():
    s = GAME.from_position(_pos(p0={"hand": ["S18"]}, p1={"monster": [{"card": "M10", "face": "down", "position": "def"}]}))
    why = s.why_not("activate", {"card": _zone(s, "p0.hand")[0]}, 0)
    assert "it needs a face-up monster your opponent controls as its target and there is none" in why, why
