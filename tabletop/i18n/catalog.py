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

import hashlib
import io
import os
import re
import struct
import threading
from pathlib import Path

_SLOT = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*|\d+)\}")
_TAIL = re.compile(r"^(.*\S) \(([^()]+)\)$", re.S)
_NUMBER = re.compile(r"[+\-−]?\d[\d,.]*%?")
#: a slot's value shown as it is, in every language: a number, cost symbols ("[1] [A]"), a
#: section of a rulebook ("A.6.19")
_AS_IS = re.compile(_NUMBER.pattern + r"|\[[^\[\]\s]{1,3}\](?: \[[^\[\]\s]{1,3}\])*|[A-Z]\.\d+(?:\.\d+)*")
# a slot named n, n2, ... holds a number ("give {who} {n} Might this turn")
_COUNT = re.compile(r"n\d*")
_MAX_DEPTH = 4
# the kit numbers repeated steps "(1 of 2)" after the caption a game wrote
_OF = re.compile(r"^(.*\S) \((\d+) of (\d+)\)$", re.S)


class Template:
    __slots__ = ("msgid", "translation", "_patterns", "_regexes", "slots", "anchor", "weight", "lead", "quoted")

    def __init__(self, msgid: str, translation: str):
        self.msgid = msgid
        self.translation = translation
        parts = _SLOT.split(msgid)
        literals = parts[0::2]
        self.slots = parts[1::2]
        # the shortest first slots, then (with two or more word slots) the longest:
        # "give {0} {1} this turn" reads "give a friendly unit Tank this turn" either way,
        # and the reading whose slots translate wins
        self._patterns = []
        self._regexes = None  # compiled when first matched: most templates never are
        for wild in (".*?", ".*"):
            pattern = []
            for i, lit in enumerate(literals):
                pattern.append(re.escape(lit))
                if i < len(self.slots):
                    pattern.append(f"(?P<s{i}>{_NUMBER.pattern})" if _COUNT.fullmatch(self.slots[i]) else f"(?P<s{i}>{wild})")
            self._patterns.append("^" + "".join(pattern) + "$")
            if sum(1 for x in self.slots if not _COUNT.fullmatch(x)) < 2:
                break
        self.anchor = max(literals, key=len)
        self.weight = sum(len(x) for x in literals)
        # how many words of its own the sentence begins with before a name is put
        # into it: a refusal ("its timing does not match ... {0}") has two or more
        self.lead = len(literals[0].split())
        # a slot between quotation marks quotes text as it is ('("{req}")'): kept as written
        self.quoted = {i for i in range(len(self.slots))
                       if literals[i].endswith('"') and literals[i + 1].startswith('"')}

    @property
    def regexes(self) -> list:
        if self._regexes is None:
            self._regexes = [re.compile(p, re.S) for p in self._patterns]
        return self._regexes

    @property
    def regex(self):
        return self.regexes[0]


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
        #: texts translated with a slot left English -> how many characters stayed English
        self._partial: dict[str, int] = {}
        #: words whose translation is written as in English ("LP", "WIZ-DOM"): no entry, but known
        self.same: set[str] = set()
        self.plural_rule = lambda n: 0  # ko and ja have one form

    # -- building ------------------------------------------------------------------------------
    def add(self, msgid: str, msgstr: str, context: str | None = None) -> None:
        if not msgstr:
            return
        slots = _SLOT.search(msgid) is not None
        if msgstr == msgid and not context:
            if not slots:
                # kept as written ("LP", a faction's name): English says it already; known
                # all the same, so a sentence that names it is read whole
                self.same.add(msgid)
                return
            # a template written the same ("{0} FP {1} -> {2} ({3})") still has its slots translated
        else:
            if context:
                self.keyed_map[(context, msgid)] = msgstr
            self.exact.setdefault(msgid, msgstr)
            # a rule's name "Battle Phase (3.3)" reads "Battle Phase, 3.3" inside a
            # sentence's brackets (tabletop.engine.rulenames.rule_text)
            a, b = _TAIL.match(msgid), _TAIL.match(msgstr)
            if a is not None and b is not None and "{" not in msgid:
                self.exact.setdefault(f"{a.group(1)}, {a.group(2)}", f"{b.group(1)}, {b.group(2)}")
        if slots and not context:
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
        return self._find(text, depth, root)[0]

    def _find(self, text: str, depth: int, root: "Catalog | None" = None) -> tuple:
        """(translation or None, how many characters of ``text`` stayed English
        in its slots: 0 when none did). A fallback is asked when this catalog
        has no translation, or only one with a slot left English, and its
        translation is kept when less stays English: a game's "Turn {0}" leaves
        "1: Mina's turn" of "Turn 1: Mina's turn" English, the table's "Turn
        {turn}: {name}'s turn" only "Mina"."""
        # ``root``: the catalog first asked; a fallback's template translates its
        # slots (a card's name, a player) with it, and keeps no cache for it
        root = root or self
        if root is self and text in self._cache:
            return self._cache[text], self._partial.get(text, 0)
        s = self.exact.get(text)
        partial = 0
        capital = text[:1].isupper() and (text[1:2].islower() or text[1:2] == " ")
        if s is None and capital:
            # the table writes a refusal with a capital letter ("A monster ..."): its
            # own sentence first, before a template that begins with a name
            # ("{0} activates {1}"); a name at the start is matched as it is written
            got, partial = self._lead_lookup(text[0].lower() + text[1:], depth, root)
            s = got[:1].upper() + got[1:] if got else None
        if (s is None or partial) and depth < _MAX_DEPTH:
            got, part = self._match(text, depth, root)
            if got is not None and (s is None or not part):
                s, partial = got, part
        if (s is None or partial) and capital:
            # then a template that begins with one word ("draw {n}" for "Draw 1")
            got, part = self._lead_lookup(text[0].lower() + text[1:], depth, root, 1)
            if got is not None and (s is None or not part):
                s, partial = got[:1].upper() + got[1:], part
        if (s is None or partial) and text.endswith(".") and not text.endswith("..") and len(text) > 2:
            # a phrase written as a sentence ("Draw 1." from "draw {0}"), with the
            # language's full stop
            inner = self._lookup(text[:-1], depth, root)
            if inner is not None and (s is None or text[:-1] not in root._partial):
                s = inner if inner.endswith((".", "。")) else inner + ("。" if root.lang == "ja" else ".")
                partial = root._partial.get(text[:-1], 0)
        if (s is None or partial) and self.fallback is not None:
            got, part = self.fallback._find(text, depth, root)
            if got is not None and (s is None or part < partial):
                s, partial = got, part
        if root is self:
            if len(self._cache) > 20000:
                self._cache.clear()
                self._partial.clear()
            self._cache[text] = s
            if partial:
                self._partial[text] = partial
        return s, partial

    def _lead_lookup(self, text: str, depth: int, root: "Catalog", words: int = 2):
        """``text`` by an exact entry or a template that begins with words (this
        catalog's or a fallback's), never by one that begins with a name."""
        cat = self
        while cat is not None:
            s, partial = cat.exact.get(text), 0
            if s is None and depth < _MAX_DEPTH:
                s, partial = cat._match(text, depth, root, lead=words)
            if s is not None:
                return s, partial
            cat = cat.fallback
        return None, 0

    def _match(self, text: str, depth: int, root: "Catalog", lead: int = 0):
        """(translation, how many characters stayed English in its slots: 0
        when none did) or (None, 0)."""
        look = (lambda x: self._lead_lookup(x, depth, root, lead)[0]) if lead else (lambda x: self._lookup(x, depth, root))
        core = text.strip()
        if core != text and core:
            inner = look(core)
            if inner is not None:
                return text[: len(text) - len(text.lstrip())] + inner + text[len(text.rstrip()):], root._partial.get(core, 0)
        m = _OF.match(text)
        if m is not None:
            inner = look(m.group(1))
            if inner is not None:
                of = self.gettext("({0} of {1})")
                return inner + " " + of.replace("{0}", m.group(2)).replace("{1}", m.group(3)), root._partial.get(m.group(1), 0)
        got = self._pick(text, depth, root, lead)
        if got is None:
            return None, 0
        t, found, whole = got
        values = {}
        for i, (slot, v) in enumerate(zip(t.slots, found)):
            if i in t.quoted:
                values[slot] = root._quoted(v)
            elif not v or _AS_IS.fullmatch(v):
                values[slot] = v
            else:
                values[slot] = root.text(v, depth + 1)
        left = 0
        if not whole:  # the slots that stayed English, counted in characters
            for i, v in enumerate(found):
                if v and i not in t.quoted and not _AS_IS.fullmatch(v) and not root._whole(v, depth):
                    left += len(v)
            left = left or 1
        return _SLOT.sub(lambda mm: values.get(mm.group(1), mm.group(0)), t.translation), left

    def _pick(self, text: str, depth: int, root: "Catalog", lead: int):
        """(template, slot values) ``text`` was written from, or None: the first
        template that matches (longest words of its own first), unless a later
        one matches with every slot holding a number or a known name or
        phrase: "Use {0}: {1}" rather than "{0} makes a damage judgment of {1}"
        for "Use Judgment Wing: The opponent makes a damage judgment of 1.". A
        phrase is known when it has an entry or a template translates it whole
        ("X, then Y" is not "give {who} {n} Might this turn" with X in {who}).
        A sentence's full stop is not put into a template's last slot, unless
        the slot reads whole as a sentence of its own ("Use {0}: {1}" for "Use
        Iron Grip: Recover 400 HP.", where "Recover {0} HP." reads the rest)."""
        first = None
        stop = text.endswith(".")
        for anchor in self._anchors:
            if anchor not in text:
                continue
            for t in self._by_anchor[anchor]:
                if t.lead < lead:
                    continue
                for rx in t.regexes:
                    m = rx.match(text)
                    if m is None:
                        continue
                    values = [m.group(f"s{i}") for i in range(len(t.slots))]
                    if stop and t.msgid.endswith("}") and not root._sentence(values[-1], depth):
                        continue  # the full stop is the sentence's, unless the slot reads as a sentence
                    if all(not v or _AS_IS.fullmatch(v) or i in t.quoted or root._whole(v, depth)
                           for i, v in enumerate(values)):
                        return t, values, True
                    if first is None:
                        first = (t, values, False)
        return first

    def _sentence(self, text: str, depth: int) -> bool:
        """``text`` (ending with a full stop) reads whole as a sentence of its
        own: an entry, or a template that ends with the full stop too (not a
        phrase with a full stop added: "Player 2." is no sentence)."""
        if self._known(text):
            return True
        if depth + 1 >= _MAX_DEPTH:
            return False
        cat = self
        while cat is not None:
            got = cat._pick(text, depth + 1, self, 0)
            if got is not None and got[2] and got[0].msgid.endswith("."):
                return True
            cat = cat.fallback
        return False

    def _whole(self, text: str, depth: int) -> bool:
        """``text`` has an entry, or a template translates it with no slot left
        English; one or two letters (an English plural ending) count too."""
        if len(text) <= 2 or self._known(text):
            return True
        if depth + 1 >= _MAX_DEPTH:
            return False
        return self._lookup(text, depth + 1) is not None and text not in self._partial

    def _known(self, text: str) -> bool:
        """``text`` has an entry of its own here or in a fallback, or is written the same."""
        cat = self
        while cat is not None:
            if text in cat.exact or text in cat.same:
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

    def english_left(self, text: str) -> int:
        """How many characters of ``text`` stay English in a translation of it
        (a slot no entry or template translates); 0 when none do, or when it
        has no translation at all (:meth:`missing`)."""
        got, left = self._find(text, 0)
        return int(left) if got is not None else 0


def load_catalog(files, lang: str, fallback: Catalog | None = None) -> Catalog:
    """A catalog from ``.po`` files; an empty one for English. Each ``.po`` is
    compiled once to a ``.mo`` in the cache folder (Babel writes it, keyed by
    the file's contents) and read from there with the standard gettext module:
    parsing a large ``.po`` at every start would make the window wait."""
    cat = Catalog(lang, fallback)
    for path in files or ():
        entries = _compiled(Path(path))
        if entries is None:
            _read_po_into(cat, Path(path))
            continue
        for key, value in entries.items():
            if isinstance(key, tuple):  # (msgid, n): a plural form
                cat.plurals.setdefault(key[0], [])
                forms = cat.plurals[key[0]]
                while len(forms) <= key[1]:
                    forms.append("")
                forms[key[1]] = value
                continue
            if not key:
                continue
            context, sep, msgid = key.partition("\x04")
            if sep:
                cat.add(msgid, value, context)
            else:
                cat.add(key, value)
    return cat.finish()


def cache_dir() -> Path:
    env = os.environ.get("TABLETOP_CACHE")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("tabletop", appauthor=False))


def _compiled(path: Path):
    """The translations of ``path`` as gettext reads them from its compiled
    ``.mo`` (compiled now when the cache lacks it); None when no cache can be
    written."""
    import gettext

    try:
        data = path.read_bytes()
    except OSError:
        return None
    mo = cache_dir() / "locale" / f"{path.stem}-{hashlib.sha1(data).hexdigest()[:16]}.mo"
    if not mo.is_file():
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        try:
            po = read_po(io.BytesIO(data), locale=None, abort_invalid=False)
            mo.parent.mkdir(parents=True, exist_ok=True)
            # its own file per process and thread: two threads (the table's and a hint's search
            # asking for words in a new language) may compile the same catalog at once
            tmp = mo.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
            with open(tmp, "wb") as fh:
                write_mo(fh, po, use_fuzzy=False)
            os.replace(tmp, mo)
        except OSError:
            return None
    try:
        with open(mo, "rb") as fh:
            return gettext.GNUTranslations(fh)._catalog
    except (OSError, ValueError, struct.error):  # unreadable or cut short: the .po itself is read
        return None


def _read_po_into(cat: Catalog, path: Path) -> None:
    from babel.messages.pofile import read_po

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
