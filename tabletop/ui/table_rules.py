"""The table's doors into the Rules screen (rules_reference.py): the menu's
Rules and F1, a refusal's "Rule: ..." link, and the rule names of the log and
of the step banner, each opening its entry when clicked."""

from __future__ import annotations

import re

from tabletop.engine.rulenames import _PAREN_REF
from tabletop.i18n import DEFAULT, _, game_text, language

from .rules_reference import open_rules_reference, opens_entry, rule_link


def game_words(game, text: str) -> str:
    """A sentence a game wrote (a caption, a prompt, a why_not, a hint's
    reason) as players read it: its parenthesised rule references named as
    the rulebook names them, in the language in use (game_text)."""
    if not text:
        return text
    try:
        english = game.rule_text(text)
    except Exception:  # a broken rule_names.toml must not stop the table
        english = text
    if language() == DEFAULT:
        return english
    gid = getattr(game, "id", None)
    out = game_text(english, gid)  # the catalog's template, rule names in brackets included
    if out != english:
        return out

    def named(m):
        name = rule_words(game, m.group(1).strip())
        return "(" + re.sub(r"\s*\(([^()]*)\)$", r", \1", name) + ")"

    try:
        said = game_text(text, gid)  # the sentence as the rules write it, references and all
        if said != text:
            return _PAREN_REF.sub(named, said)
        refs = [m.group(0) for m in _PAREN_REF.finditer(text)]
        if refs:  # the sentence without its references, which follow it, named
            bare = re.sub(r"\s+([.,;:!?])", r"\1", _PAREN_REF.sub("", text))
            bare = re.sub(r"\s{2,}", " ", bare).strip()
            said = game_text(bare, gid)
            if said != bare:
                end = said[-1] if said[-1] in ".!?\u3002\uff01\uff1f" else ""
                said = (said[:-1] if end else said).rstrip() + " " + " ".join(refs) + end
                return _PAREN_REF.sub(named, said)
        return _PAREN_REF.sub(named, text)
    except Exception:
        return english


def rule_words(game, ref: str) -> str:
    """A rule reference as the player's rulebook names it, in the language in use."""
    try:
        name = game.rule_name(ref)
    except Exception:
        name = ref
    return game_text(name, getattr(game, "id", None))


def rule_line(game, ref: str) -> str:
    """The "rule: ..." line under a step's caption ("" for no rule)."""
    return _("rule: {name}").format(name=rule_words(game, ref)) if ref else ""



class RulesMixin:
    log_links: list = []      # (rect on the canvas, rule name) of the log's rule lines, as last drawn
    banner_link = None        # (rect on the canvas, rule name) of the step banner's rule line

    def open_rules(self, entry=None) -> None:
        """The Rules screen of this table's game, at ``entry`` (a rule name or
        an entry id; None: the rule of the step on show, else the first page)."""
        if entry is None and self.banner is not None and self.banner[0].rule:
            entry = self.rule_name(self.banner[0].rule)
        if self.held is not None:
            self._send_back()
        self.popup = None
        self.menu_open = False
        open_rules_reference(self.app, self.game.id, entry)

    def refuse(self, text: str) -> None:
        """A refused move's sentence as a toast, with a "Rule: ..." link to
        the rule it names (when the game's reference has it)."""
        english = self.__dict__.get("_shown_en", {}).get(text, text)  # a translated refusal finds its rule by its English
        link = rule_link(self.app, self.game.id, english)

        self.app.toast(text, 6.0 if link else 4.0, link=link)

    def rule_is_link(self, name: str) -> bool:
        cache = self.__dict__.setdefault("_rule_links", {})
        if name not in cache:
            cache[name] = opens_entry(self.game.id, name)
        return cache[name]

    def rule_click(self, pos) -> bool:
        """A click on a rule name of the banner or the log opens its entry."""
        if self.banner is not None and self.banner_link is not None and self.banner_link[0].collidepoint(pos):
            self.open_rules(self.banner_link[1])
            return True
        for r, name in self.log_links:
            if r.collidepoint(pos):
                self.open_rules(name)
                return True
        return False
