"""The catalog templates (``.pot``) of a game and of the rules kit.

A game's words come from three places, and each has its own template in
``games/<id>/locale/``:

- ``cards.pot``: each card's name and text and its other shown fields,
  keyed ``card:<id>:<field>``, and each deck's name and description;
- ``learn.pot``: lessons, puzzles, the guided first game (keyed by file and
  step) and the rules reference (keyed by page);
- ``play.pot``: what the rules write while a game is played, read from the
  game's code: each sentence as the template it is written from (an f-string
  ``f"{name} pays {n} LP"`` is ``{0} pays {1} LP``, with the expressions as
  translator comments), each word it shows (rule names from rule_names.toml,
  zone and counter names from layout.toml, the labels of faces.toml and
  every word ``describe_card`` gives a card).

The rules kit's own sentences (``tabletop/engine``) go to
``tabletop/locale/kit.pot``. ``tools/i18n_catalogs.py`` writes the templates
and brings each language's ``.po`` up to date with them.
"""

from __future__ import annotations

import ast
import re
from datetime import datetime
from pathlib import Path

from babel.messages.catalog import Catalog as PoCatalog

from tabletop.engine import tomlio

# a string that is an id, a key or a path, never shown ("effect.damage", "p0.bf0")
_ID = re.compile(r"^[a-z0-9_.:/#@\-\[\]*+<>=!%]*$")
_SOURCE_NOTE = re.compile(r"^\s*(seed|digest)\b", re.I)
_NOT_SHOWN_CALLS = {"fail", "warn", "warning", "debug", "info", "error", "exception", "getattr", "hasattr",
                    "get", "setdefault", "pop", "startswith", "endswith", "split", "join", "replace",
                    "format_exc", "isinstance", "open", "Path", "compile", "match", "search", "sub",
                    "fullmatch", "findall", "strftime", "encode", "decode"}
_NOT_SHOWN_KWARGS = {"rule", "kind", "key", "zone", "to", "field", "id", "event", "path", "when", "doc", "help"}
# a rule reference in brackets, "(seed 3.2.5)": shown as the rule's name, so a slot
_PAREN_REF = re.compile(r"\(([^()]*\b(?:seed|digest)\b[^()]*)\)", re.I)


def _shown_text(s: str) -> bool:
    s2 = s.strip()
    if not s2 or not any(ch.isalpha() for ch in s2):
        return False
    if _ID.match(s2) or _SOURCE_NOTE.match(s2):
        return False
    return True


class _Collector(ast.NodeVisitor):
    """Sentences and words a module may show, in source order."""

    def __init__(self, source: str):
        self.source = source
        self.found: list[tuple[str, str, int]] = []  # (msgid, comment, line)
        self._skip: set[int] = set()

    def _skip_tree(self, node):
        for n in ast.walk(node):
            self._skip.add(id(n))

    def visit_Module(self, node):
        self._docstring(node)
        self.generic_visit(node)

    def _docstring(self, node):
        body = getattr(node, "body", None)
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            self._skip.add(id(body[0].value))

    def visit_FunctionDef(self, node):
        self._docstring(node)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self._docstring(node)
        self.generic_visit(node)

    def visit_Assign(self, node):
        # a module's ``..._WORDS`` table holds players' words, one-word ones too
        # (COUNTER_WORDS = {"dmg": "damage"}), which would otherwise read as ids
        if (len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id.endswith("_WORDS")
                and isinstance(node.value, ast.Dict)):
            for v in node.value.values:
                if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value.strip() and not _shown_text(v.value):
                    self.found.append((v.value, "", v.lineno))
        self.generic_visit(node)

    def visit_Raise(self, node):
        self._skip_tree(node)

    def visit_Assert(self, node):
        self._skip_tree(node)

    def visit_Subscript(self, node):
        self._skip_tree(node.slice)
        self.generic_visit(node)

    def visit_Compare(self, node):
        # comparing with a string compares ids (c["kind"] == "monster")
        for n in [node.left, *node.comparators]:
            if isinstance(n, (ast.Constant, ast.Tuple, ast.List, ast.Set)):
                self._skip_tree(n)
        self.generic_visit(node)

    def visit_Call(self, node):
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name in _NOT_SHOWN_CALLS or name.endswith("Error"):
            self._skip_tree(node)
            return
        for kw in node.keywords:
            if kw.arg in _NOT_SHOWN_KWARGS:
                self._skip_tree(kw.value)
        self.generic_visit(node)

    def visit_Dict(self, node):
        for k in node.keys:
            if k is not None:
                self._skip_tree(k)
        self.generic_visit(node)

    def visit_JoinedStr(self, node):
        if id(node) in self._skip:
            return
        parts, notes = [], []
        ok = True
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value).replace("{", "{{").replace("}", "}}"))
            elif isinstance(v, ast.FormattedValue):
                if v.conversion in (ord("r"), ord("a")):
                    ok = False
                k = len(notes)
                parts.append("{%d}" % k)
                try:
                    expr = ast.unparse(v.value)
                except Exception:  # pragma: no cover - unparse handles every expression
                    expr = "?"
                notes.append("{%d}: %s" % (k, expr))
        msgid = _ref_slots("".join(parts), notes)
        literal = re.sub(r"\{\d+\}", "", msgid)
        if ok and _shown_text(literal) and len(re.sub(r"[^A-Za-z]", "", literal)) >= 2:
            self.found.append((msgid, "; ".join(notes), node.lineno))
        self.generic_visit(node)

    def visit_Constant(self, node):
        if id(node) in self._skip or not isinstance(node.value, str):
            return
        s = node.value
        if _shown_text(s) and len(s) < 2000:
            notes: list = []
            msgid = _ref_slots(s.replace("{", "{{").replace("}", "}}") if "{" in s else s, notes)
            self.found.append((msgid, "; ".join(notes), node.lineno))


def _ref_slots(msgid: str, notes: list) -> str:
    """Each bracketed rule reference becomes a slot: the table shows it as the
    rule's name, which the catalog translates on its own."""
    def one(m):
        k = len(notes)
        notes.append("{%d}: the rule's name" % k)
        return "({%d})" % k
    return _PAREN_REF.sub(one, msgid)


def code_strings(paths) -> list[tuple[str, str, str]]:
    """(msgid, comment, "file:line") for every sentence or word the modules may show."""
    out = []
    for path in paths:
        src = Path(path).read_text(encoding="utf-8")
        col = _Collector(src)
        col.visit(ast.parse(src))
        for msgid, note, line in col.found:
            out.append((_unescape_literal(msgid), note, f"{Path(path).name}:{line}"))
    return out


def _unescape_literal(msgid: str) -> str:
    # the catalog keeps single braces around a slot and doubled ones nowhere: a
    # sentence with a literal brace is rare in shown text
    return msgid.replace("{{", "{").replace("}}", "}")


# -- data files -----------------------------------------------------------------------------------

CARD_FIELDS = ("name", "text", "trait", "trait_text", "counter_name", "label", "description", "champion")
LEARN_FIELDS = ("title", "summary", "caption", "hint", "learn", "hints", "say", "text", "names", "name",
                "intro", "goal_text", "success", "failure", "note", "moment", "question")
FACE_FIELDS = ("legend_title", "text", "type_line", "legend", "label", "note", "guard", "evade", "offset",
               "none", "format", "face_down_tag")
LAYOUT_FIELDS = ("label", "format", "text", "face_down_tag", "empty")


def _strings(obj, fields, path=()):
    """(key path, string) for every string under a key in ``fields``."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, str):
                if k in fields and _shown_text(v):
                    yield path + (k,), v
            elif isinstance(v, list) and k in fields:
                for i, x in enumerate(v):
                    if isinstance(x, str) and _shown_text(x):
                        yield path + (k, str(i)), x
                    else:
                        yield from _strings(x, fields, path + (k, str(i)))
            else:
                yield from _strings(v, fields, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _strings(v, fields, path + (str(i),))


def _new_catalog(project: str) -> PoCatalog:
    # a fixed date: the template changes only when its words do
    return PoCatalog(project=project, version="1", copyright_holder="tabletop", msgid_bugs_address="",
                     charset="utf-8", fuzzy=False, header_comment="# The words of %s to translate.\n" % project,
                     creation_date=datetime(2026, 1, 1), revision_date=datetime(2026, 1, 1))


def _add(cat: PoCatalog, msgid: str, context: str | None = None, comment: str = "", where: str = "") -> None:
    msg = cat.get(msgid, context)
    if msg is None:
        cat.add(msgid, context=context, auto_comments=[comment] if comment else [],
                locations=[(where, None)] if where else [])
    elif comment and comment not in msg.auto_comments:
        msg.auto_comments.append(comment)


def game_templates(game) -> dict[str, PoCatalog]:
    """The three templates of ``game`` (cards, learn, play), built from its files."""
    from tabletop.engine.registry import game_dir
    from tabletop.engine.rulenames import load_names, strip_source_notes

    d = Path(game_dir(game))
    cards = _new_catalog(f"{game.id} cards")
    data = tomlio.load(d / "cards.toml")
    written = set()
    for c in data.get("card", []):
        cid = c.get("id", "")
        for path, s in _strings(c, CARD_FIELDS):
            _add(cards, s, f"card:{cid}:{'.'.join(path)}")
        if c.get("text"):
            written.add(cid)
    # a card text the game writes from the card's data (no text in cards.toml)
    for cid in sorted(game.cards):
        if cid in written:
            continue
        try:
            text = game.describe_card(cid).get("text")
        except Exception:
            continue
        if isinstance(text, str) and _shown_text(text):
            _add(cards, text, f"card:{cid}:text", "card text written from the card's data")
    decks = data.get("deck", [])
    if isinstance(decks, dict):  # [deck."Name"] tables
        decks = [{"name": k, **(v if isinstance(v, dict) else {})} for k, v in decks.items()]
    for dk in decks:
        name = dk.get("name", "")
        for path, s in _strings(dk, ("name", "description", "style")):
            _add(cards, s, f"deck:{name}:{'.'.join(path)}")

    learn = _new_catalog(f"{game.id} lessons and rules")
    for sub in ("lessons", "puzzles"):
        for f in sorted((d / sub).glob("*.toml")):
            for path, s in _strings(tomlio.load(f), LEARN_FIELDS):
                _add(learn, s, f"{sub[:-1]}:{f.stem}:{'.'.join(path)}")
    if (d / "guided.toml").exists():
        for path, s in _strings(tomlio.load(d / "guided.toml"), LEARN_FIELDS):
            _add(learn, s, f"guided:{'.'.join(path)}")
    if (d / "reference.toml").exists():
        ref = tomlio.load(d / "reference.toml")
        for path, s in _strings(ref, LEARN_FIELDS):
            _add(learn, s, f"reference:{'.'.join(path)}")

    play = _new_catalog(f"{game.id} play")
    names = load_names(game)
    for ref, name in sorted(names.items()):
        _add(play, name, None, "rule name")
    for f in ("layout.toml", "faces.toml"):
        if (d / f).exists():
            for path, s in _strings(tomlio.load(d / f), LAYOUT_FIELDS if f == "layout.toml" else FACE_FIELDS):
                _add(play, s.replace("{}", "{0}"), None, f"{f}: {'.'.join(path)}")
    for cid in sorted(game.cards):
        try:
            desc = game.describe_card(cid)
        except Exception:
            continue
        for s in _describe_words(desc):
            _add(play, s, None, "on a card's face")
    # parts of card texts the rules quote in a sentence ('its [REQUIREMENT] is not met ("...")')
    quoted = getattr(game, "quoted_words", None)
    for s in (quoted() if callable(quoted) else ()):
        if _shown_text(s):
            _add(play, s, None, "card text the rules quote")
    named = {m.id for m in cards if m.id}
    for word in _view_words(game):
        if word not in named:
            _add(play, word, None, "on the table (phase, step, counter or state)")
    files = sorted(p for p in d.rglob("*.py") if "locale" not in p.parts)
    for msgid, note, where in code_strings(files):
        if _SOURCE_NOTE.match(msgid):
            continue
        _add(play, msgid, None, note, where.split(":")[0])
    # rule references the code writes that rule_names.toml does not name are
    # shown without their source notes
    for msgid in _rule_refs(files):
        if msgid not in names:
            s = strip_source_notes(msgid)
            if _shown_text(s):
                _add(play, s, None, "rule name")
    return {"cards": cards, "learn": learn, "play": play}


def _view_words(game, games: int = 2, max_decisions: int = 400) -> list[str]:
    """The words a game's view puts on the table, as the table writes them:
    phase and step names, counter names, the short state words of its
    ``extra``, and the parts of its steps' kinds (a step banner's heading
    "JUDGMENT / EVADE"), gathered from a few random games."""
    from tabletop.ai.agents import make_agent
    from tabletop.engine.rng import PCG32

    words: dict[str, None] = {}

    def add(s):
        if isinstance(s, str) and s.strip() and any(ch.isalpha() for ch in s) and len(s) <= 40 \
                and len(s.split()) <= 3 and "." not in s and "_" not in s:
            words.setdefault(s, None)

    for g in range(games):
        rng = PCG32(17 + g)
        setup = game.default_setup()
        names = sorted(game.decks)
        for p in setup.get("players", []):
            if names:
                p["deck"] = rng.choice(names)
        try:
            state = game.new_state(setup, 17 + g)
        except Exception:
            return list(words)
        agents = [make_agent("random", 5 + g * 2 + i) for i in range(2)]
        for _n in range(max_decisions):
            v = state.view(None)
            for k in ("phase", "step"):
                x = v.get(k)
                if isinstance(x, str) and x:
                    add(x.replace("_", " ").title())
                    add(x.replace("_", " "))
            for pl in v.get("players") or []:
                for k in (pl.get("counters") or {}):
                    add(k.upper() if len(k) <= 3 else k.replace("_", " ").capitalize())
            for x in (v.get("extra") or {}).values():
                add(x)
            d = state.decision
            if d is None:
                break
            for e in state.apply(agents[d.players[0]].choose(state, d.players[0])):
                for part in str(e.kind).split("."):
                    add(part.replace("_", " "))
    return list(words)


def _describe_words(desc: dict):
    for k in ("type", "subtype", "tags", "keywords", "stats", "type_line"):
        v = desc.get(k)
        if isinstance(v, str) and _shown_text(v) and not _ID.match(v):
            yield v
        elif isinstance(v, (list, tuple)):
            for x in v:
                if isinstance(x, (list, tuple)) and x and isinstance(x[0], str) and _shown_text(x[0]):
                    yield x[0]
                elif isinstance(x, str) and _shown_text(x):
                    yield x


def _rule_refs(paths):
    """Constant rule references (``rule="seed 3.2"``) the modules write."""
    out = []
    for path in paths:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg == "rule" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                        out.append(kw.value.value)
                for a in node.args:
                    if isinstance(a, ast.Constant) and isinstance(a.value, str) and _SOURCE_NOTE.match(a.value):
                        out.append(a.value)
    return out


def kit_template() -> PoCatalog:
    """The rules kit's sentences (tabletop/engine): default captions, deck problems."""
    cat = _new_catalog("tabletop rules kit")
    engine = Path(__file__).resolve().parent.parent / "engine"
    # fields.py writes Python source (the generated clone), never words a player reads
    for msgid, note, where in code_strings(sorted(p for p in engine.glob("*.py") if p.name != "fields.py")):
        _add(cat, msgid, None, note, where.split(":")[0])
    _add(cat, "({0} of {1})", None, "a step repeated: (1 of 2)")
    return cat


# -- the application's own words ------------------------------------------------------------------

#: the app's catalogs and the modules whose marked words (``_``, ``N_``,
#: ``ngettext``, ``pgettext``) each holds; tools/i18n_catalogs.py extracts
#: them with Babel
APP_CATALOGS = {
    "screens": ["tabletop/cli.py", "tabletop/deckcli.py", "tabletop/saves.py", "tabletop/tutorial/cli.py",
                "tabletop/userdecks.py", "tabletop/i18n/cli.py", "tabletop/i18n/check.py",
                "tabletop/ui/app.py", "tabletop/ui/deckbuilder.py", "tabletop/ui/deckbuilder_model.py",
                "tabletop/ui/deckbuilder_view.py", "tabletop/ui/dialogs.py", "tabletop/ui/replay_bar.py",
                "tabletop/ui/replay_scene.py", "tabletop/ui/replay_takeover.py", "tabletop/ui/rules_reference.py",
                "tabletop/ui/savescenes.py", "tabletop/ui/scenes.py", "tabletop/ui/settings.py",
                "tabletop/ui/tutorial_menu.py"],
    "table": ["tabletop/ai/hint.py", "tabletop/replay.py", "tabletop/tutorial/lesson.py", "tabletop/tutorial/puzzle.py",
              "tabletop/ui/bench.py", "tabletop/ui/card_draw.py", "tabletop/ui/coach.py", "tabletop/ui/coach_base.py",
              "tabletop/ui/coach_playon.py", "tabletop/ui/controller.py", "tabletop/ui/face_spec.py",
              "tabletop/ui/guided_coach.py", "tabletop/ui/layout.py", "tabletop/ui/puzzle_coach.py", "tabletop/ui/table.py",
              "tabletop/ui/table_choices.py", "tabletop/ui/table_countdown.py", "tabletop/ui/table_draw.py",
              "tabletop/ui/table_hint.py", "tabletop/ui/table_input.py", "tabletop/ui/table_menus.py",
              "tabletop/ui/table_panels.py", "tabletop/ui/table_playback.py", "tabletop/ui/table_rules.py",
              "tabletop/ui/table_undo.py", "tabletop/ui/undo.py"],
}
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def app_template(name: str, root: Path) -> PoCatalog:
    """The template of the app's catalog ``name``, extracted from its modules."""
    from babel.messages.extract import extract_from_file

    cat = _new_catalog(f"tabletop {name}")
    for rel in APP_CATALOGS[name]:
        for lineno, message, comments, context in extract_from_file("python", str(root / rel), keywords=KEYWORDS,
                                                                    comment_tags=("TRANSLATORS:",)):
            msgid = message if isinstance(message, str) else tuple(message)
            if not msgid or (isinstance(msgid, tuple) and not msgid[0]):
                continue
            key = msgid if isinstance(msgid, str) else msgid[0]
            got = cat.get(key, context)
            if got is None:
                cat.add(msgid, context=context, locations=[(rel, None)], auto_comments=list(comments))
            elif (rel, None) not in got.locations:
                got.locations.append((rel, None))
    return cat
