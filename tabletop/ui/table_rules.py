"""The table's doors into the Rules screen (rules_reference.py): the menu's
Rules and F1, a refusal's "Rule: ..." link, and the rule names of the log and
of the step banner, each opening its entry when clicked."""

from __future__ import annotations

from .rules_reference import open_rules_reference, opens_entry, rule_link


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
        link = rule_link(self.app, self.game.id, text)
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
