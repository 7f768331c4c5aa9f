"""A game's rules reference: a plain-language rules page and a keyword glossary.

Read from ``games/<id>/reference.toml`` (next to layout.toml)::

    title = "Rush Duel rules"
    [[section]]
    id = "advance-summon"
    title = "Advance Summon"
    number = "3.2.1"                 # the rulebook number shown beside the title (optional)
    names = ["Advance Summon"]       # rule names (as Game.rule_name gives them) that open it
    text = \"\"\"Plain-language rule...\"\"\"
    [[keyword]]
    name = "Piercing"
    text = "..."

``text`` is paragraphs separated by blank lines; a line starting with "- " is
a list item. Rule names as the table shows them ("Advance Summon (3.2.1.1)",
"Attacking a monster in Defense Position: piercing damage (3.3.2.2)",
"Keywords: nullify (3.4)") find their entry through :meth:`Reference.lookup`,
which also tries the name without its number and without its last
": detail" (the general rule), then the detail as a keyword.

Headless: no pygame here; the table's Rules screen (tabletop/ui/rules_reference.py)
draws what this module reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from . import tomlio
from .errors import RulesReferenceError

FILE = "reference.toml"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_NUMBER_TAIL = re.compile(r"\s*\(([^()]*)\)\s*$")
_TOP_KEYS = {"title", "section", "keyword"}
_SECTION_KEYS = {"id", "title", "number", "names", "text"}
_KEYWORD_KEYS = {"name", "text", "names"}


def norm(s: str) -> str:
    """A name as lookups compare it: lower case, one space, no end punctuation."""
    return re.sub(r"\s+", " ", str(s)).strip(" .,;:").lower()


def slug(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", norm(s)).strip("-") or "x"


@dataclass
class Entry:
    """One page of the reference: a rules section or a keyword."""

    id: str
    title: str
    text: str
    number: str = ""
    names: list = field(default_factory=list)
    keyword: bool = False

    def paragraphs(self) -> list[str]:
        """The text as paragraphs; list items ("- ...") are paragraphs of their own."""
        out: list[str] = []
        for block in re.split(r"\n\s*\n", self.text.strip()):
            cur: list[str] = []
            for line in block.splitlines():
                line = line.strip()
                if line.startswith("- "):
                    if cur:
                        out.append(" ".join(cur))
                    cur = [line]
                elif line:
                    cur.append(line)
            if cur:
                out.append(" ".join(cur))
        return out

    def heading(self) -> str:
        return f"{self.title} ({self.number})" if self.number else self.title


@dataclass
class Reference:
    title: str
    sections: list
    keywords: list
    path: str = ""

    def __post_init__(self):
        self._by_id = {e.id: e for e in self.entries()}
        self._names: dict = {}
        for e in self.sections:
            for n in [e.title, *e.names]:
                self._names.setdefault(norm(n), e)
        self._kw: dict = {}
        for k in self.keywords:
            for n in [k.title, *k.names]:
                self._kw.setdefault(norm(n), k)

    def entries(self) -> list:
        return list(self.sections) + list(self.keywords)

    def get(self, entry_id: str) -> Entry | None:
        return self._by_id.get(entry_id)

    def keyword(self, name: str) -> Entry | None:
        """The glossary entry of a keyword ("Tank", "tank", "Shield 2")."""
        n = norm(name)
        if n in self._kw:
            return self._kw[n]
        n2 = re.sub(r"\s*[+-]?\d+$", "", n)  # "assault 2", "charge1", "draw+1"
        return self._kw.get(n2) or self._kw.get(re.sub(r"[\s+-]*\d+$", "", n))

    def lookup(self, name: str) -> Entry | None:
        """The entry a rule name opens: the name itself; without its number
        ("Advance Summon (3.2.1.1)"); without its last ": detail", step by
        step (the general rule); then the details as keywords; then the name
        as a keyword. None when nothing fits."""
        if not name or not str(name).strip():
            return None
        full = str(name).strip()
        bare = _NUMBER_TAIL.sub("", full)
        cands = [full, bare]
        parts = bare.split(":")
        if len(parts) > 1 and norm(parts[0]) in ("keyword", "keywords"):  # "Keywords: nullify": the keyword's own entry
            e = self.keyword(":".join(parts[1:]))
            if e is not None:
                return e
        for i in range(len(parts) - 1, 0, -1):
            cands.append(":".join(parts[:i]))
        for c in cands:
            e = self._names.get(norm(c))
            if e is not None:
                return e
        for c in [full, bare, *[p for p in reversed(parts)]]:
            e = self.keyword(c)
            if e is not None:
                return e
        return None

    def find_in_text(self, text: str) -> tuple[str, Entry] | None:
        """The rule a sentence names (a refusal: "... (Normal Summon, 3.2.1)."),
        as (the rule's name, its entry): the last bracketed name that opens an
        entry. None when the sentence names no rule the reference has."""
        if not text:
            return None
        for m in reversed(list(re.finditer(r"\(([^()]+)\)", text))):
            inner = m.group(1).strip()
            name = re.sub(r",\s*[0-9][0-9.\s]*[^\s,]*$", "", inner).strip()
            for cand in (name, inner):
                e = self.lookup(cand)
                if e is not None:
                    return name, e
        return None

    def related(self, entry: Entry, limit: int = 6) -> list[Entry]:
        """Other entries to read next: for a keyword, the rules pages that
        speak of it; for a rules page, the keywords its text names (whole
        words, in the glossary's order)."""
        out = []
        if entry.keyword:
            pat = re.compile(rf"(?<!\w){re.escape(entry.title)}(?!\w)", re.I)
            hits = [(0 if pat.search(e.title) else 1, -len(pat.findall(e.text)), i, e) for i, e in enumerate(self.sections)]
            out = [e for t, n, _, e in sorted(hits, key=lambda h: h[:3]) if t == 0 or n < 0]  # the page named after it, then the most mentions
        else:
            for k in self.keywords:
                if len(k.title) > 1 and re.search(rf"(?<!\w){re.escape(k.title)}(?!\w)", entry.text):
                    out.append(k)
        return [e for e in out if e is not entry][:limit]

    def search(self, query: str) -> list[Entry]:
        """Entries holding every word of ``query``: title hits first, then
        name hits, then text hits; the contents order within each."""
        words = [w for w in norm(query).split() if w]
        if not words:
            return self.entries()
        ranked = []
        for i, e in enumerate(self.entries()):
            title = norm(e.title)
            names = " ".join(norm(n) for n in e.names)
            body = norm(e.text)
            hay = " ".join((title, names, body, norm(e.number)))
            if not all(w in hay for w in words):
                continue
            rank = 0 if all(w in title for w in words) else (1 if all(w in title + " " + names for w in words) else 2)
            ranked.append((rank, i, e))
        return [e for _, _, e in sorted(ranked, key=lambda t: (t[0], t[1]))]


def _text(v, where: str, path) -> str:
    if not isinstance(v, str) or not v.strip():
        raise RulesReferenceError(f"{where} needs a text (a non-empty string)", path)
    return v


def parse_reference(data: dict, path: str = "<reference>") -> Reference:
    """A Reference from the parsed TOML of a reference file; any problem is
    one RulesReferenceError naming the file and the place in it."""
    if not isinstance(data, dict):
        raise RulesReferenceError("is not a table", path)
    extra = sorted(set(data) - _TOP_KEYS)
    if extra:
        raise RulesReferenceError(f"unknown key {extra[0]!r} (allowed: title, [[section]], [[keyword]])", path)
    title = _text(data.get("title"), "the file", path) if "title" in data else ""
    if not title:
        raise RulesReferenceError("needs a title", path)
    raw_s = data.get("section", [])
    raw_k = data.get("keyword", [])
    if not isinstance(raw_s, list) or not all(isinstance(s, dict) for s in raw_s):
        raise RulesReferenceError("section must be a list of [[section]] tables", path)
    if not isinstance(raw_k, list) or not all(isinstance(k, dict) for k in raw_k):
        raise RulesReferenceError("keyword must be a list of [[keyword]] tables", path)
    if not raw_s:
        raise RulesReferenceError("has no [[section]]", path)
    sections, seen = [], set()
    for i, s in enumerate(raw_s, 1):
        where = f"section {i}"
        extra = sorted(set(s) - _SECTION_KEYS)
        if extra:
            raise RulesReferenceError(f"{where}: unknown key {extra[0]!r}", path)
        sid = s.get("id")
        if not isinstance(sid, str) or not _ID.match(sid):
            raise RulesReferenceError(f"{where}: id must be lower-case letters, digits and dashes (got {sid!r})", path)
        where = f"section {sid!r}"
        if sid in seen:
            raise RulesReferenceError(f"{where} is there twice", path)
        seen.add(sid)
        t = _text(s.get("title"), where + " title", path)
        number = s.get("number", "")
        if not isinstance(number, str):
            raise RulesReferenceError(f"{where}: number must be text, like \"3.2.1\"", path)
        names = s.get("names", [])
        if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
            raise RulesReferenceError(f"{where}: names must be a list of rule names (text)", path)
        sections.append(Entry(sid, t.strip(), _text(s.get("text"), where, path), number.strip(), list(names)))
    keywords = []
    for i, k in enumerate(raw_k, 1):
        extra = sorted(set(k) - _KEYWORD_KEYS)
        if extra:
            raise RulesReferenceError(f"keyword {i}: unknown key {extra[0]!r}", path)
        name = _text(k.get("name"), f"keyword {i} name", path).strip()
        names = k.get("names", [])
        if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
            raise RulesReferenceError(f"keyword {name!r}: names must be a list of other spellings (text)", path)
        kid = "kw-" + slug(name)
        if kid in seen:
            raise RulesReferenceError(f"keyword {name!r} is there twice", path)
        seen.add(kid)
        keywords.append(Entry(kid, name, _text(k.get("text"), f"keyword {name!r}", path), "", list(names), True))
    return Reference(title.strip(), sections, keywords, str(path))


def load_reference(path) -> Reference:
    """Read and check one reference file."""
    return parse_reference(tomlio.load(path, error=RulesReferenceError), str(path))


def reference_path(game) -> Path | None:
    from .registry import game_dir

    try:
        d = game_dir(game)
    except Exception:  # a game defined in a script has no folder
        return None
    return None if d is None else Path(d) / FILE


_cache: dict = {}


def reference_for(game) -> Reference | None:
    """The game's reference (None when it has none); read once per file change."""
    path = reference_path(game)
    if path is None or not path.exists():
        return None
    key = str(path)
    stamp = path.stat().st_mtime_ns
    hit = _cache.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    ref = load_reference(path)
    _cache[key] = (stamp, ref)
    return ref
