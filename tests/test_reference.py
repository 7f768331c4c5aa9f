"""The rules reference (games/<id>/reference.toml, tabletop/engine/reference.py):
every game has one; every rule name its events and refusals can show opens
an entry; every keyword its cards use has a glossary entry; a bad file gets
one clear message naming the file, and exit code 2 on the command line."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine.errors import RulesReferenceError, TabletopError
from tabletop.engine.reference import load_reference, parse_reference, reference_for
from tabletop.engine.registry import get_game
from tabletop.engine.rulenames import load_names
from tabletop.saves import Match

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"]


def static_rule_names(gid: str) -> set[str]:
    """Every rule name the game can show, read from its files: the names of
    rule_names.toml, and every rule reference its code writes (``rule="..."``
    on a procedure, a check or an event, and the rulebook constants ``R_...``),
    each named as the table names it."""
    game = get_game(gid)
    names = set(load_names(game).values())
    for path in (ROOT / "games" / gid).rglob("*.py"):
        src = path.read_text(encoding="utf-8")
        refs = re.findall(r'\brule\s*(?::\s*str\s*)?=\s*"([^"]+)"', src) + re.findall(r'^R_[A-Z_]+\s*=\s*"([^"]+)"', src, re.M)
        # a reference handed to an event (whole ones: not the pieces of a sentence put together)
        refs += [s for s in _code_strings(src) if REF_START.match(s) and s.count("(") == s.count(")")]
        names.update(game.rule_name(r) for r in refs)
    return names


REF_START = re.compile(r"^(seed|digest|README rule choice|card effect)\b")


def _code_strings(src: str) -> list[str]:
    """The string constants of a module that are not docstrings."""
    tree = ast.parse(src)
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def played_rule_names(gid: str, seeds=(1, 2), moves: int = 250) -> set[str]:
    """The rule names of the events of a few games played at random."""
    game = get_game(gid)
    names: set[str] = set()
    for seed in seeds:
        rng = random.Random(seed)
        m = Match.new(game, seed=seed)
        for _ in range(moves):
            d = m.state.decision
            if d is None:
                break
            p = d.players[0]
            chs = [c for c in d.choices_for(p) if c.role != "resign" and "surrender" not in c.kind and "concede" not in c.kind]
            if not chs:
                break
            for ev in m.apply(rng.choice(chs)):
                if ev.rule:
                    names.add(game.rule_name(ev.rule))
    return names


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_has_a_reference_with_rules_and_keywords(gid):
    ref = reference_for(get_game(gid))
    assert ref is not None and ref.title
    assert len(ref.sections) >= 12 and len(ref.keywords) >= 10
    for e in ref.entries():
        assert len(e.text.split()) >= 8, f"{e.title}: too short to explain anything"
        # players' words only: no source notes, zone keys or machine paths
        assert not re.search(r"\b(seed|digest)\b|p[01]\.[a-z]|/work/", e.text, re.I), e.title


@pytest.mark.parametrize("gid", GAMES)
def test_every_rule_name_the_game_shows_opens_an_entry(gid):
    ref = reference_for(get_game(gid))
    names = static_rule_names(gid)
    assert len(names) >= 20
    missing = sorted(n for n in names if ref.lookup(n) is None)
    assert not missing, f"rule names with no entry in games/{gid}/reference.toml: {missing}"


@pytest.mark.parametrize("gid", GAMES)
def test_rule_names_met_in_play_open_an_entry(gid):
    ref = reference_for(get_game(gid))
    shown = played_rule_names(gid)
    assert len(shown) >= 5
    assert not sorted(n for n in shown if ref.lookup(n) is None)


def _card_keywords(gid: str) -> set[str]:
    text = (ROOT / "games" / gid / "cards.toml").read_text(encoding="utf-8")
    if gid == "riftbound":
        out = set()
        for m in re.finditer(r"^keywords = \[(.*)\]", text, re.M):
            out.update(k.strip().strip('"').split(":")[0] for k in m.group(1).split(",") if k.strip())
        return out
    if gid == "aquarian_age":
        out = set()
        for m in re.finditer(r"^skills = \[(.*)\]", text, re.M):
            out.update(k.strip().strip('"') for k in m.group(1).split(",") if k.strip())
        return out
    if gid == "rush_duel":
        return {k for m in re.finditer(r"^keywords = \[(.*)\]", text, re.M) for k in re.findall(r'"([^"]+)"', m.group(1))}
    # Lumen Condenser: its keywords are fields of the techniques (seed 3.4) and the judgments they name
    out = set()
    for field, kw in (("fixed", "Fixed"), ("grab", "Grab"), ("evade", "Evade"), ("offset", "Offset"),
                      ("ultimate", "Ultimate")):
        if re.search(rf"^{field} = ", text, re.M):
            out.add(kw)
    for when in set(re.findall(r'when = "([a-z_]+)"', text)):
        out.add({"hit": "On hit", "counter": "On counter", "guard": "On guard", "evade": "On evade",
                 "offset": "On offset", "combo": "On combo"}.get(when, ""))
    if re.search(r'do = "nullify"', text):
        out.add("Nullify")
    if re.search(r'= "combo"', text):
        out.add("Combo")
    return out - {""}


@pytest.mark.parametrize("gid", GAMES)
def test_every_keyword_of_the_cards_has_a_glossary_entry(gid):
    ref = reference_for(get_game(gid))
    kws = _card_keywords(gid)
    assert kws, "the cards name keywords"
    missing = sorted(k for k in kws if ref.keyword(k) is None)
    assert not missing, f"keywords with no glossary entry: {missing}"


@pytest.mark.parametrize("gid,words", [
    ("rush_duel", ["Piercing", "LP", "Tribute", "Legend", "Maximum"]),
    ("riftbound", ["Tank", "Backline", "Assault", "Deathknell", "Hidden", "Deflect", "Ambush"]),
    ("lumen_condenser", ["FP", "Catch", "Grab", "Break", "Fixed", "Nullify"]),
    ("aquarian_age", ["▼", "Aggressive", "Initiative", "Intercept", "Breakthrough", "Charge1", "Draw+1"]),
])
def test_the_glossary_explains_the_issue_keywords(gid, words):
    ref = reference_for(get_game(gid))
    for w in words:
        assert ref.keyword(w) is not None, w


def test_lookup_takes_the_rule_names_as_the_table_shows_them():
    ref = reference_for(get_game("rush_duel"))
    assert ref.lookup("Advance Summon (3.2.1.1)").id == "advance-summon"
    # the detail after the colon falls back to the general rule
    assert ref.lookup("Attacking a monster in Defense Position: piercing damage (3.3.2.2)").id == "attack-vs-defense"
    assert ref.lookup("Piercing damage (3.3.2.2)").id == "kw-piercing"
    assert ref.lookup("piercing").id == "kw-piercing"
    assert ref.lookup("Nothing like a rule") is None
    lumen = reference_for(get_game("lumen_condenser"))
    assert lumen.lookup("Keywords: nullify (3.4)").id == "kw-nullify"


def test_a_refusal_names_its_rule():
    ref = reference_for(get_game("rush_duel"))
    name, e = ref.find_in_text("You have already changed its position this turn (Changing battle position, 3.2.2).")
    assert name == "Changing battle position" and e.id == "position-change"
    assert ref.find_in_text("No legal move there.") is None


def test_search_ranks_title_hits_first():
    ref = reference_for(get_game("riftbound"))
    hits = ref.search("tank")
    assert hits[0].title == "Tank"
    assert any(e.id == "assignment" for e in hits)  # the combat damage rule speaks of Tank
    assert ref.search("zzzz") == []
    assert len(ref.search("")) == len(ref.entries())


BAD = [
    ("not toml [", "not valid TOML"),
    ('[[section]]\nid = "a"\ntitle = "A"\ntext = "t"\n', "needs a title"),
    ('title = "T"\n', "has no [[section]]"),
    ('title = "T"\n[[section]]\nid = "Bad Id"\ntitle = "A"\ntext = "t"\n', "id must be lower-case"),
    ('title = "T"\n[[section]]\nid = "a"\ntitle = "A"\n', "needs a text"),
    ('title = "T"\n[[section]]\nid = "a"\ntitle = "A"\ntext = "t"\nnames = "A"\n', "names must be a list"),
    ('title = "T"\n[[section]]\nid = "a"\ntitle = "A"\ntext = "t"\n[[section]]\nid = "a"\ntitle = "B"\ntext = "t"\n', "twice"),
    ('title = "T"\n[[section]]\nid = "a"\ntitle = "A"\ntext = "t"\ncolour = 1\n', "unknown key 'colour'"),
    ('title = "T"\n[[section]]\nid = "a"\ntitle = "A"\ntext = "t"\n[[keyword]]\nname = "K"\n', "needs a text"),
]


@pytest.mark.parametrize("text,message", BAD)
def test_a_bad_reference_file_is_one_clear_message(tmp_path, text, message):
    path = tmp_path / "reference.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesReferenceError) as err:
        load_reference(path)
    assert message in str(err.value) and str(path) in str(err.value)
    assert isinstance(err.value, TabletopError)


def test_bad_reference_exits_2_naming_the_file(tmp_path, capsys):
    path = tmp_path / "reference.toml"
    path.write_text('title = "T"\n[[section]]\nid = "a"\n', encoding="utf-8")
    assert main(["rules", "rush_duel", "--file", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_rules_command_prints_an_entry(capsys):
    assert main(["rules", "riftbound", "Combat damage: assignment"]) == 0
    out = capsys.readouterr().out
    assert out.strip().startswith("Combat damage: assignment") and "Tank" in out
    assert main(["rules", "riftbound", "no such rule at all"]) == 2


def test_parse_reference_keeps_list_items_apart():
    ref = parse_reference({"title": "T", "section": [{"id": "a", "title": "A", "text": "One line\ngoes on.\n\n- first\n- second\n\nEnd."}]})
    assert ref.sections[0].paragraphs() == ["One line goes on.", "- first", "- second", "End."]


def test_related_entries_point_both_ways():
    ref = reference_for(get_game("lumen_condenser"))
    fp = ref.keyword("FP")
    assert ref.related(fp)[0].id == "fp"  # the page named after it comes first
    assert "kw-fp" in [e.id for e in ref.related(ref.get("fp"))]  # and the page links back to the keyword
    rd = reference_for(get_game("rush_duel"))
    assert [e.id for e in rd.related(rd.keyword("Piercing"))] == ["attack-vs-defense"]
    assert "kw-piercing" not in [e.id for e in rd.related(rd.get("draw-phase"))]
