"""A language's catalog: gettext ``.po`` files read with Babel, plus the
template matching that translates the sentences a game's rules write.

A game's rules write English sentences with names and numbers in them
("Ember Fox deals 300 damage to Player 2"). The catalog holds each such
sentence once, as the template the rules code writes it from
(``{0} deals {1} damage to {2}``), with its translation
(``{0}이(가) {2}에게 {1} 데미지를 준다``). :meth:`Catalog.text` finds the template
a sentence was written from, translates each name or phrase put into it (a
card's name, a player, a zone, a nested phrase) the same way, and writes the
translation with them. Numbers stay as they are. What no template matches
stays English.
"""

from __future__ import annotations

import re
from pathlib import Path

_SLOT = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*|\d+)\}")
_TAIL = re.compile(r"^(.*\S) \(([^()]+)\)$", re.S)
_NUMBER = re.compile(r"[+\-−]?\d[\d,.]*%?")
_MAX_DEPTH = 4
# the kit numbers repeated steps "(1 of 2)" after the caption a game wrote
_OF = re.compile(r"^(.*\S) \((\d+) of (\d+)\)$", re.S)


class Template:
    __slots__ = ("msgid", "translation", "regex", "slots", "anchor", "weight", "lead", "quoted")

    def __init__(self, msgid: str, translation: str):
        self.msgid = msgid
        self.translation = translation
        parts = _SLOT.split(msgid)
        literals = parts[0::2]
        self.slots = parts[1::2]
        pattern = []
        for i, lit in enumerate(literals):
            pattern.append(re.escape(lit))
            if i < len(self.slots):
                pattern.append(f"(?P<s{i}>.*?)")
        self.regex = re.compile("^" + "".join(pattern) + "$", re.S)
        self.anchor = max(literals, key=len)
        self.weight = sum(len(x) for x in literals)
        # the sentence begins with words of its own (two or more), not with a name
        # put into it: a refusal ("its timing does not match ... {0}")
        self.lead = len(literals[0].split()) >= 2
        # a slot between quotation marks quotes text as it is ('("{req}")'): kept as written
        self.quoted = {i for i in range(len(self.slots))
                       if literals[i].endswith('"') and literals[i + 1].startswith('"')}


class Catalog:
    """One language's words: exact entries (with or without a context),
    plural entries, and templates. ``fallback``: asked for what this one lacks."""

    def __init__(self, lang: str, fallback: "Catalog | None" = None):
        self.lang = lang
        self.fallback = fallback
        self.exact: dict[str, str] = {}
        self.keyed_map: dict[tuple[str, str], str] = {}
        self.plurals: dict[str, list[str]] = {}
        self.templates: list[Template] = []
        self._by_anchor: dict[str, list[Template]] = {}
        self._cache: dict[str, str | None] = {}
        self.plural_rule = lambda n: 0  # ko and ja have one form

    # -- building ------------------------------------------------------------------------------
    def add(self, msgid: str, msgstr: str, context: str | None = None) -> None:
        if not msgstr:
            return
        if context:
            self.keyed_map[(context, msgid)] = msgstr
        self.exact.setdefault(msgid, msgstr)
        # a rule's name "Battle Phase (3.3)" reads "Battle Phase, 3.3" inside a
        # sentence's brackets (tabletop.engine.rulenames.rule_text)
        a, b = _TAIL.match(msgid), _TAIL.match(msgstr)
        if a is not None and b is not None and "{" not in msgid:
            self.exact.setdefault(f"{a.group(1)}, {a.group(2)}", f"{b.group(1)}, {b.group(2)}")
        if _SLOT.search(msgid) and not context:
            t = Template(msgid, msgstr)
            if len(t.anchor.strip()) >= 2:
                self.templates.append(t)

    def finish(self) -> "Catalog":
        self.templates.sort(key=lambda t: -t.weight)
        self._by_anchor = {}
        for t in self.templates:
            self._by_anchor.setdefault(t.anchor, []).append(t)
        self._anchors = sorted(self._by_anchor, key=len, reverse=True)
        return self

    # -- looking up ----------------------------------------------------------------------------
    def gettext(self, msgid: str) -> str:
        s = self.exact.get(msgid)
        if s is not None:
            return s
        return self.fallback.gettext(msgid) if self.fallback is not None else msgid

    def pgettext(self, context: str, msgid: str) -> str:
        s = self.keyed_map.get((context, msgid))
        return s if s is not None else self.gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.plurals.get(singular)
        if forms:
            i = min(self.plural_rule(n), len(forms) - 1)
            if forms[i]:
                return forms[i]
        if self.fallback is not None:
            return self.fallback.ngettext(singular, plural, n)
        return singular if n == 1 else plural

    def keyed(self, context: str, text: str) -> str:
        s = self.keyed_map.get((context, text))
        return s if s is not None else self.text(text)

    def text(self, text: str, depth: int = 0) -> str:
        """``text`` translated: an exact entry, else a template it was written
        from (its slots translated in turn), else the fallback's, else itself."""
        got = self._lookup(text, depth)
        return text if got is None else got

    def _lookup(self, text: str, depth: int, root: "Catalog | None" = None):
        # ``root``: the catalog first asked; a fallback's template translates its
        # slots (a card's name, a player) with it, and keeps no cache for it
        root = root or self
        if root is self and text in self._cache:
            return self._cache[text]
        s = self.exact.get(text)
        capital = text[:1].isupper() and (text[1:2].islower() or text[1:2] == " ")
        if s is None and capital:
            # the table writes a refusal with a capital letter ("A monster ..."): its
            # own sentence first, before a template that begins with a name
            # ("{0} activates {1}"); a name at the start is matched as it is written
            got = self._lead_lookup(text[0].lower() + text[1:], depth, root)
            s = got[:1].upper() + got[1:] if got else None
        if s is None and depth < _MAX_DEPTH:
            s = self._match(text, depth, root)
        if s is None and self.fallback is not None:
            s = self.fallback._lookup(text, depth, root)
        if root is self:
            if len(self._cache) > 20000:
                self._cache.clear()
            self._cache[text] = s
        return s

    def _lead_lookup(self, text: str, depth: int, root: "Catalog"):
        """``text`` by an exact entry or a template that begins with words (this
        catalog's or a fallback's), never by one that begins with a name."""
        cat = self
        while cat is not None:
            s = cat.exact.get(text)
            if s is None and depth < _MAX_DEPTH:
                s = cat._match(text, depth, root, lead=True)
            if s is not None:
                return s
            cat = cat.fallback
        return None

    def _match(self, text: str, depth: int, root: "Catalog", lead: bool = False):
        look = (lambda x: self._lead_lookup(x, depth, root)) if lead else (lambda x: self._lookup(x, depth, root))
        core = text.strip()
        if core != text and core:
            inner = look(core)
            if inner is not None:
                return text[: len(text) - len(text.lstrip())] + inner + text[len(text.rstrip()):]
        m = _OF.match(text)
        if m is not None:
            inner = look(m.group(1))
            if inner is not None:
                of = self.gettext("({0} of {1})")
                return inner + " " + of.replace("{0}", m.group(2)).replace("{1}", m.group(3))
        got = self._pick(text, root, lead)
        if got is None:
            return None
        t, found = got
        values = {}
        for i, (slot, v) in enumerate(zip(t.slots, found)):
            if i in t.quoted:
                values[slot] = root._quoted(v)
            elif not v or _NUMBER.fullmatch(v):
                values[slot] = v
            else:
                values[slot] = root.text(v, depth + 1)
        return _SLOT.sub(lambda mm: values.get(mm.group(1), mm.group(0)), t.translation)

    def _pick(self, text: str, root: "Catalog", lead: bool):
        """(template, slot values) ``text`` was written from, or None: the first
        template that matches (longest words of its own first), unless a later
        one matches with every slot holding a number or a known name or
        phrase: "Use {0}: {1}" rather than "{0} makes a damage judgment of {1}"
        for "Use Judgment Wing: The opponent makes a damage judgment of 1."."""
        first = None
        for anchor in self._anchors:
            if anchor not in text:
                continue
            for t in self._by_anchor[anchor]:
                if lead and not t.lead:
                    continue
                m = t.regex.match(text)
                if m is None:
                    continue
                values = [m.group(f"s{i}") for i in range(len(t.slots))]
                if all(not v or _NUMBER.fullmatch(v) or root._known(v) for v in values):
                    return t, values
                if first is None:
                    first = (t, values)
        return first

    def _known(self, text: str) -> bool:
        """``text`` has an entry of its own here or in a fallback."""
        cat = self
        while cat is not None:
            if text in cat.exact:
                return True
            cat = cat.fallback
        return False

    def _quoted(self, text: str) -> str:
        """Text quoted in a sentence: its own entry, else as it is (a template
        would take it apart)."""
        cat = self
        while cat is not None:
            s = cat.exact.get(text)
            if s is not None:
                return s
            cat = cat.fallback
        return text

    def missing(self, text: str) -> bool:
        """True when ``text`` would stay English."""
        return self._lookup(text, 0) is None


def load_catalog(files, lang: str, fallback: Catalog | None = None) -> Catalog:
    """A catalog from ``.po`` files (Babel reads them); an empty one for English."""
    cat = Catalog(lang, fallback)
    if files:
        from babel.messages.pofile import read_po

        for path in files:
            with open(path, "rb") as fh:
                po = read_po(fh, locale=None, abort_invalid=False)
            for m in po:
                if not m.id or m.fuzzy:
                    continue
                if m.pluralizable:
                    forms = [s for s in (m.string or ())]
                    if any(forms):
                        cat.plurals[m.id[0]] = list(forms)
                    continue
                cat.add(m.id, m.string, m.context)
    return cat.finish()


def po_files(folder: Path, lang: str) -> list[Path]:
    return sorted((Path(folder) / lang / "LC_MESSAGES").glob("*.po"))
